//! Which folders the watcher watches. The whole vault at once when it can (one recursive
//! watch); when a folder in it cannot be watched (no read permission), folder by folder,
//! skipping the ones that fail with a warning naming them, as `process` skips them, and
//! adding folders created later as they appear.

use std::path::Path;

use notify::{Event, EventKind, RecursiveMode, Watcher};
use walkdir::WalkDir;

use crate::error::Result;
use crate::vault::ignore::IgnoreRules;
use crate::vault::scan::relative;

/// How the vault is being watched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Watched {
    /// One recursive watch on the vault (new folders are followed by the watcher itself).
    Whole,
    /// One watch per readable folder; new folders are added by [`Watched::follow`].
    Folders,
}

impl Watched {
    /// Starts watching `vault`. Returns how, and a warning for each folder left out. Only a
    /// system-wide problem (the limit on watches, the vault itself) is an error.
    pub fn start(
        watcher: &mut impl Watcher,
        vault: &Path,
        rules: &IgnoreRules,
    ) -> Result<(Watched, Vec<String>)> {
        match watcher.watch(vault, RecursiveMode::Recursive) {
            Ok(()) => return Ok((Watched::Whole, Vec::new())),
            Err(err) if matches!(err.kind, notify::ErrorKind::MaxFilesWatch) => {
                return Err(super::watch_error(err))
            }
            Err(err) => {
                tracing::debug!("watching the vault at once failed ({err}); folder by folder")
            }
        }
        // Watches added before the failure are dropped so each folder is watched once.
        let _ = watcher.unwatch(vault);
        watcher
            .watch(vault, RecursiveMode::NonRecursive)
            .map_err(super::watch_error)?;
        let warnings = add_folders(watcher, vault, vault, rules);
        Ok((Watched::Folders, warnings))
    }

    /// Follows folders created (or moved in) while watching folder by folder; returns a
    /// warning for each that cannot be watched.
    pub fn follow(
        self,
        watcher: &mut impl Watcher,
        vault: &Path,
        event: &Event,
        rules: &IgnoreRules,
    ) -> Vec<String> {
        if self == Watched::Whole
            || !matches!(
                event.kind,
                EventKind::Create(_) | EventKind::Modify(notify::event::ModifyKind::Name(_))
            )
        {
            return Vec::new();
        }
        let mut warnings = Vec::new();
        for path in event.paths.iter().filter(|p| p.is_dir()) {
            if relative(vault, path).is_some_and(|rel| !rules.skips_dir(&rel)) {
                match watcher.watch(path, RecursiveMode::NonRecursive) {
                    Ok(()) => warnings.extend(add_folders(watcher, vault, path, rules)),
                    Err(err) => warnings.push(left_out(vault, path, &err.to_string())),
                }
            }
        }
        warnings
    }
}

/// Watches every folder under `top` (not `top` itself), one at a time; a folder that cannot
/// be listed or watched is left out, with its subfolders, and named in a warning.
fn add_folders(
    watcher: &mut impl Watcher,
    vault: &Path,
    top: &Path,
    rules: &IgnoreRules,
) -> Vec<String> {
    let mut warnings = Vec::new();
    let mut walk = WalkDir::new(top).min_depth(1).into_iter();
    while let Some(item) = walk.next() {
        let entry = match item {
            Ok(entry) => entry,
            Err(err) => {
                let path = err.path().unwrap_or(top).to_path_buf();
                warnings.push(left_out(vault, &path, &err.to_string()));
                continue;
            }
        };
        if !entry.file_type().is_dir() {
            continue;
        }
        let Some(rel) = relative(vault, entry.path()) else {
            continue;
        };
        if rules.skips_dir(&rel) {
            walk.skip_current_dir();
            continue;
        }
        if let Err(err) = watcher.watch(entry.path(), RecursiveMode::NonRecursive) {
            warnings.push(left_out(vault, entry.path(), &err.to_string()));
            walk.skip_current_dir();
        }
    }
    warnings
}

fn left_out(vault: &Path, path: &Path, why: &str) -> String {
    let rel = relative(vault, path).unwrap_or_else(|| path.display().to_string());
    format!(
        "{rel}/: this folder cannot be watched ({why}); its notes are skipped until it can be read (check its permissions, or add it to the ignore rules)"
    )
}
