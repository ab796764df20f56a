//! Walking the vault: every note file, with symlinks followed only inside the vault and
//! loops detected.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use walkdir::WalkDir;

use super::ignore::IgnoreRules;
use super::read::SkipReason;
use super::stamp::Stamp;

/// A note file found in the vault.
#[derive(Debug, Clone)]
pub struct NoteFile {
    /// Vault-relative, `/`-separated path.
    pub rel: String,
    /// The real file (symlinks resolved).
    pub abs: PathBuf,
    pub size: u64,
    pub mtime: SystemTime,
    /// See [`Stamp`]: `None` when changed too recently to be trusted.
    pub stamp: Option<Stamp>,
}

/// A file that was not read, and why.
#[derive(Debug, Clone)]
pub struct Skipped {
    pub rel: String,
    pub reason: SkipReason,
}

/// What a walk found.
#[derive(Debug, Default)]
pub struct Scan {
    pub notes: Vec<NoteFile>,
    pub skipped: Vec<Skipped>,
    /// Temp files of our own atomic writes (see [`super::atomic::is_temp_file`]): left
    /// behind by a program killed mid-write, unless one is writing right now.
    pub temp_files: Vec<PathBuf>,
}

/// `path` relative to `root`, with `/` separators; `None` when outside.
pub fn relative(root: &Path, path: &Path) -> Option<String> {
    // A walk's paths are the root's bytes, `/` and the rest: no need to compare them part
    // by part (a tenth of opening a vault of 10,000 notes did).
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        let rest = path
            .as_os_str()
            .as_bytes()
            .strip_prefix(root.as_os_str().as_bytes())
            .and_then(|rest| rest.strip_prefix(b"/"));
        if let Some(s) = rest.and_then(|r| std::str::from_utf8(r).ok()) {
            if is_clean(s) {
                return Some(s.to_string());
            }
        }
    }
    let rel = path.strip_prefix(root).ok()?;
    // A walk's paths are already clean: `/`-separated, no `.` parts, no doubled `/`.
    if let Some(s) = rel.to_str().filter(|s| cfg!(unix) && is_clean(s)) {
        return Some(s.to_string());
    }
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    (!parts.is_empty()).then(|| parts.join("/"))
}

/// Whether `rel` has no empty, `.` or `..` part (then its components joined are itself).
fn is_clean(rel: &str) -> bool {
    !rel.is_empty() && rel.split('/').all(|part| !matches!(part, "" | "." | ".."))
}

/// Walks `root` (canonical) and returns its notes in path order.
pub fn scan(root: &Path, rules: &IgnoreRules) -> Scan {
    let mut out = Scan::default();
    let now = SystemTime::now();
    // By the path's bytes (the walk's paths are clean): hashing a `Path` part by part was
    // a fifth of the walk.
    let mut seen: HashMap<std::ffi::OsString, String> = HashMap::new();
    let mut refused: Vec<Skipped> = Vec::new();
    let walker = WalkDir::new(root)
        .follow_links(true)
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| {
            // Only folders and symlinks are judged here: files are, below.
            if !e.file_type().is_dir() && !e.path_is_symlink() {
                return true;
            }
            let Some(rel) = relative(root, e.path()) else {
                return true; // the root itself
            };
            if e.file_type().is_dir() && rules.skips_dir(&rel) {
                return false;
            }
            if e.path_is_symlink() {
                let reason = match e.path().canonicalize() {
                    Ok(real) if real.starts_with(root) => return true,
                    Ok(_) => SkipReason::SymlinkOutside,
                    Err(err) => SkipReason::Unreadable(format!("broken or looping symlink: {err}")),
                };
                if e.file_type().is_dir() || super::ignore::is_markdown(&rel) {
                    refused.push(Skipped { rel, reason });
                }
                return false;
            }
            true
        });
    for item in walker {
        let entry = match item {
            Ok(entry) => entry,
            Err(err) => {
                let rel = err
                    .path()
                    .and_then(|p| relative(root, p))
                    .unwrap_or_else(|| "?".to_string());
                let reason = if err.loop_ancestor().is_some() {
                    SkipReason::SymlinkLoop
                } else {
                    SkipReason::Unreadable(err.to_string())
                };
                out.skipped.push(Skipped { rel, reason });
                continue;
            }
        };
        if !entry.file_type().is_file() {
            continue;
        }
        let Some(rel) = relative(root, entry.path()) else {
            continue;
        };
        if super::atomic::is_temp_file(&entry.file_name().to_string_lossy()) {
            if !entry.path_is_symlink() {
                out.temp_files.push(entry.path().to_path_buf());
            }
            continue;
        }
        if rules.skips_file(&rel) {
            continue;
        }
        let abs = if entry.path_is_symlink() {
            match entry.path().canonicalize() {
                Ok(real) => real,
                Err(e) => {
                    out.skipped.push(Skipped {
                        rel,
                        reason: SkipReason::Unreadable(e.to_string()),
                    });
                    continue;
                }
            }
        } else {
            entry.path().to_path_buf()
        };
        if let Some(first) = seen.get(abs.as_os_str()) {
            out.skipped.push(Skipped {
                rel,
                reason: SkipReason::Duplicate(first.clone()),
            });
            continue;
        }
        let meta = match entry.metadata() {
            Ok(meta) => meta,
            Err(e) => {
                out.skipped.push(Skipped {
                    rel,
                    reason: SkipReason::Unreadable(e.to_string()),
                });
                continue;
            }
        };
        seen.insert(abs.clone().into_os_string(), rel.clone());
        out.notes.push(NoteFile {
            rel,
            abs,
            size: meta.len(),
            mtime: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            stamp: Stamp::of(&meta, now),
        });
    }
    out.skipped.extend(refused);
    out
}
