//! Atomic file replacement: temp file in the same folder, original permissions, fsync,
//! optional "unchanged since I read it" check, rename, fsync of the folder.

use std::fs::File;
use std::io::Write;
use std::path::Path;

use super::ContentHash;
use crate::error::{Error, Result};

/// What happened to an atomic write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteResult {
    Written,
    /// The file no longer had the expected content; nothing was written.
    Changed,
}

/// Replaces `path` with `bytes` atomically. When `expected` is given, the file must still
/// hash to it just before the rename, else nothing is written. Symlinks are resolved so the
/// link stays a link. Parent folders are created for new files.
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    expected: Option<ContentHash>,
) -> Result<WriteResult> {
    replace(path, bytes, expected, true)
}

/// Like [`write_atomic`] without the fsyncs, for derived data that `reindex` can rebuild
/// (parsed day files): readers still never see a half-written file, and a first pass over a
/// large vault is not bound by thousands of disk flushes.
pub fn write_atomic_derived(path: &Path, bytes: &[u8]) -> Result<WriteResult> {
    // A new file needs no temp file: nobody can be reading it yet, and `create_new` never
    // clobbers one that appeared meanwhile (then the rename path below is taken).
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
    {
        Ok(mut file) => {
            if let Err(e) = file.write_all(bytes) {
                let _ = std::fs::remove_file(path);
                return Err(Error::io(path, e));
            }
            Ok(WriteResult::Written)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            replace(path, bytes, None, false)
        }
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Whether the file at `path` (symlinks followed) has no write permission bit: the person
/// protected it, and an atomic rename would replace it anyway, so callers leave it alone.
/// A missing file is not read-only.
pub fn is_read_only(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly())
}

fn replace(
    path: &Path,
    bytes: &[u8],
    expected: Option<ContentHash>,
    durable: bool,
) -> Result<WriteResult> {
    let target = match path.canonicalize() {
        Ok(real) => real,
        Err(_) => path.to_path_buf(),
    };
    let dir = target
        .parent()
        .ok_or_else(|| Error::io(&target, std::io::Error::other("no parent folder")))?;
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".vault-agent-")
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| Error::io(dir, e))?;
    if let Ok(meta) = std::fs::metadata(&target) {
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(|e| Error::io(tmp.path(), e))?;
    }
    tmp.write_all(bytes).map_err(|e| Error::io(tmp.path(), e))?;
    if durable {
        tmp.as_file()
            .sync_all()
            .map_err(|e| Error::io(tmp.path(), e))?;
    }
    if let Some(expected) = expected {
        let current = std::fs::read(&target).map_err(|e| Error::io(&target, e))?;
        if ContentHash::of(&current) != expected {
            return Ok(WriteResult::Changed);
        }
    }
    tmp.persist(&target)
        .map_err(|e| Error::io(&target, e.error))?;
    // The rename is durable only once the folder entry is on disk.
    if durable {
        if let Ok(folder) = File::open(dir) {
            let _ = folder.sync_all();
        }
    }
    Ok(WriteResult::Written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn keeps_permissions_and_refuses_when_changed() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "a").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).unwrap();
        let r = write_atomic(&p, b"b", Some(ContentHash::of(b"a"))).unwrap();
        assert_eq!(r, WriteResult::Written);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "b");
        assert_eq!(
            std::fs::metadata(&p).unwrap().permissions().mode() & 0o777,
            0o640
        );
        let r = write_atomic(&p, b"c", Some(ContentHash::of(b"a"))).unwrap();
        assert_eq!(r, WriteResult::Changed);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "b");
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "temp files must not be left behind");
    }

    #[cfg(unix)]
    #[test]
    fn writes_through_symlinks() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.md");
        let link = dir.path().join("link.md");
        std::fs::write(&real, "a").unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        write_atomic(&link, b"b", None).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "b");
    }
}
