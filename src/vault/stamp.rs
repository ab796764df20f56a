//! What a file's metadata says about its content: its size, modification and change times
//! and (on Unix) its inode. A note whose stamp is the one it had when it was last read is
//! taken as unchanged without reading it again, as git and rsync do. A stamp taken moments
//! after the file changed is not trusted: a second write in the same clock tick could leave
//! every field as it was ("racily clean" in git's words).

use std::fs::Metadata;
use std::time::{Duration, SystemTime};

use serde::{Deserialize, Serialize};

/// How long after its last change a file's stamp starts to be trusted: longer than the
/// coarsest time stamps of common file systems (FAT's 2 s).
pub const SETTLE: Duration = Duration::from_secs(3);

/// The same where the file system keeps fractions of a second (its modification time has
/// one): longer than any clock tick those file systems stamp with (a few ms).
pub const SETTLE_FINE: Duration = Duration::from_millis(100);

/// Size, modification time, change time and inode of a file (times in nanoseconds since
/// 1970; the change time and inode are 0 where the system has none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stamp(pub u64, pub u64, pub u64, pub u64);

impl Stamp {
    /// The stamp of a file whose metadata was read at `now`; `None` when its times are
    /// unknown, before 1970, or within [`SETTLE`] of `now` (or after it).
    pub fn of(meta: &Metadata, now: SystemTime) -> Option<Stamp> {
        let modified = meta.modified().ok()?;
        let settle = if has_fractions(modified) {
            SETTLE_FINE
        } else {
            SETTLE
        };
        let nanos = |t: SystemTime| -> Option<u64> {
            let since = t.duration_since(SystemTime::UNIX_EPOCH).ok()?;
            now.duration_since(t).ok().filter(|age| *age >= settle)?;
            u64::try_from(since.as_nanos()).ok()
        };
        let mtime = nanos(modified)?;
        let (ctime, ino) = changed(meta, nanos)?;
        Some(Stamp(meta.len(), mtime, ctime, ino))
    }
}

/// Whether a time has a fraction of a second: the file system that gave it keeps them.
pub fn has_fractions(time: SystemTime) -> bool {
    time.duration_since(SystemTime::UNIX_EPOCH)
        .is_ok_and(|since| since.subsec_nanos() != 0)
}

#[cfg(unix)]
fn changed(meta: &Metadata, nanos: impl Fn(SystemTime) -> Option<u64>) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    let secs = u64::try_from(meta.ctime()).ok()?;
    let ctime = SystemTime::UNIX_EPOCH
        + Duration::from_secs(secs)
        + Duration::from_nanos(u64::try_from(meta.ctime_nsec()).ok()?);
    Some((nanos(ctime)?, meta.ino()))
}

#[cfg(not(unix))]
fn changed(_: &Metadata, _: impl Fn(SystemTime) -> Option<u64>) -> Option<(u64, u64)> {
    Some((0, 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_just_written_has_no_stamp_and_an_older_one_has() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a.md");
        std::fs::write(&path, "ran 5 km\n").unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(Stamp::of(&meta, SystemTime::now()), None);
        let later = SystemTime::now() + SETTLE + Duration::from_secs(1);
        let stamp = Stamp::of(&meta, later).expect("a settled file has a stamp");
        assert_eq!(stamp.0, 9);
        std::fs::write(&path, "ran 16 km\n").unwrap();
        let again = std::fs::metadata(&path).unwrap();
        assert_ne!(Stamp::of(&again, later), Some(stamp));
    }

    #[test]
    fn whole_second_times_wait_longer_than_fine_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("b.md");
        std::fs::write(&path, "slept 7 h\n").unwrap();
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        let now = SystemTime::now();
        let since = now.duration_since(SystemTime::UNIX_EPOCH).unwrap();
        let whole = SystemTime::UNIX_EPOCH + Duration::from_secs(since.as_secs() - 1);
        // Asked once the change time has settled too (it is the write's, moments ago).
        let asked = now + SETTLE_FINE + Duration::from_millis(50);
        // A whole second may be a coarse file system's: not trusted within 3 s.
        file.set_modified(whole).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert_eq!(Stamp::of(&meta, asked), None);
        // A time with a fraction is a fine one's: trusted once it is 100 ms old.
        file.set_modified(whole + Duration::from_millis(7)).unwrap();
        let meta = std::fs::metadata(&path).unwrap();
        assert!(Stamp::of(&meta, asked).is_some());
    }
}
