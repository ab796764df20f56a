//! Walking the vault: every note file, with symlinks followed only inside the vault and
//! loops detected. The folders are read in parallel and each file's metadata is read
//! relative to its open folder (no path lookup from the root), as ripgrep does.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use rayon::prelude::*;

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
    /// Reached through a symlink (of the file or of a folder above it).
    pub linked: bool,
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

/// Whether a vault-relative path is in (or is) a hidden folder or file: `.vault-agent/`,
/// `.obsidian/`, `.git/`, `.trash/`.
pub fn is_hidden(rel: &str) -> bool {
    rel.split('/').any(|part| part.starts_with('.'))
}

/// Whether `rel` has no empty, `.` or `..` part (then its components joined are itself).
fn is_clean(rel: &str) -> bool {
    !rel.is_empty() && rel.split('/').all(|part| !matches!(part, "" | "." | ".."))
}

/// Walks `root` (canonical) and returns its notes in path order.
pub fn scan(root: &Path, rules: &IgnoreRules) -> Scan {
    let walk = Walk {
        root,
        rules,
        now: SystemTime::now(),
    };
    let found = walk.folder(root, "", &[], false);
    let mut out = Scan::default();
    let mut refused = Vec::new();
    for item in found {
        match item {
            Found::Note(file) => out.notes.push(file),
            Found::Skipped(s) => out.skipped.push(s),
            Found::Refused(s) => refused.push(s),
            Found::Temp(path) => out.temp_files.push(path),
        }
    }
    // The same file reached twice: only through a symlink (a file or a folder).
    if out.notes.iter().any(|n| n.linked) {
        let mut seen: HashMap<&Path, &str> = HashMap::new();
        let mut twice = Vec::new();
        for (i, note) in out.notes.iter().enumerate() {
            match seen.get(note.abs.as_path()) {
                Some(first) => twice.push((i, first.to_string())),
                None => {
                    seen.insert(&note.abs, &note.rel);
                }
            }
        }
        for (i, first) in twice.into_iter().rev() {
            let note = out.notes.remove(i);
            out.skipped.push(Skipped {
                rel: note.rel,
                reason: SkipReason::Duplicate(first),
            });
        }
    }
    let copies = super::conflict::copies(root, out.notes.iter().map(|n| n.rel.as_str()));
    if !copies.is_empty() {
        let copied: HashMap<&str, &str> = copies
            .iter()
            .map(|(copy, original)| (copy.as_str(), original.as_str()))
            .collect();
        let mut kept = Vec::with_capacity(out.notes.len());
        for note in std::mem::take(&mut out.notes) {
            match copied.get(note.rel.as_str()) {
                Some(original) => out.skipped.push(Skipped {
                    rel: note.rel,
                    reason: SkipReason::ConflictCopy(original.to_string()),
                }),
                None => kept.push(note),
            }
        }
        out.notes = kept;
    }
    out.skipped.extend(refused);
    out
}

/// What one folder entry gives.
enum Found {
    Note(NoteFile),
    Skipped(Skipped),
    /// A symlink the walk does not follow (out of the vault, broken).
    Refused(Skipped),
    Temp(PathBuf),
}

struct Walk<'a> {
    root: &'a Path,
    rules: &'a IgnoreRules,
    now: SystemTime,
}

impl Walk<'_> {
    /// The notes under the folder whose real path is `real` and whose vault-relative path
    /// is `rel` (`""` for the root), in name order; `above` are the real paths of the
    /// folders it was reached through (a symlink to one of them is a loop); `linked` when
    /// one of them was a symlink.
    fn folder(&self, real: &Path, rel: &str, above: &[&Path], linked: bool) -> Vec<Found> {
        let mut entries: Vec<(std::ffi::OsString, std::fs::DirEntry)> =
            match std::fs::read_dir(real) {
                Ok(dir) => dir
                    .filter_map(|e| e.ok())
                    .map(|e| (e.file_name(), e))
                    .collect(),
                Err(e) => return vec![self.unreadable(rel, e.to_string())],
            };
        entries.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut above = above.to_vec();
        above.push(real);
        entries
            .par_iter()
            .with_min_len(32)
            .flat_map_iter(|(name, entry)| self.entry(name, entry, real, rel, &above, linked))
            .collect()
    }

    fn entry(
        &self,
        name: &std::ffi::OsStr,
        entry: &std::fs::DirEntry,
        real: &Path,
        rel: &str,
        above: &[&Path],
        linked: bool,
    ) -> Vec<Found> {
        let name_text = name.to_string_lossy();
        let rel = if rel.is_empty() {
            name_text.to_string()
        } else {
            format!("{rel}/{name_text}")
        };
        let Ok(kind) = entry.file_type() else {
            return Vec::new();
        };
        if kind.is_dir() {
            if self.rules.skips_dir(&rel) {
                return Vec::new();
            }
            return self.folder(&real.join(name), &rel, above, linked);
        }
        if kind.is_symlink() {
            return self.symlink(&entry.path(), rel, above);
        }
        if !kind.is_file() {
            return Vec::new();
        }
        if super::atomic::is_temp_file(&name_text) {
            return vec![Found::Temp(entry.path())];
        }
        if self.rules.skips_file(&rel) {
            return Vec::new();
        }
        match entry.metadata() {
            Ok(meta) => vec![self.note(rel, entry.path(), &meta, linked)],
            Err(e) => vec![self.unreadable(&rel, e.to_string())],
        }
    }

    /// A symlink is followed when it leads to a note or a folder inside the vault that is
    /// not one it was reached through.
    fn symlink(&self, path: &Path, rel: String, above: &[&Path]) -> Vec<Found> {
        let refused = |reason| {
            vec![Found::Refused(Skipped {
                rel: rel.clone(),
                reason,
            })]
        };
        let target = match path.canonicalize() {
            Ok(target) => target,
            Err(err) if super::ignore::is_markdown(&rel) => {
                return refused(SkipReason::Unreadable(format!(
                    "broken or looping symlink: {err}"
                )))
            }
            Err(_) => return Vec::new(),
        };
        let meta = match std::fs::metadata(&target) {
            Ok(meta) => meta,
            Err(e) => return vec![self.unreadable(&rel, e.to_string())],
        };
        if !target.starts_with(self.root) {
            return if meta.is_dir() || super::ignore::is_markdown(&rel) {
                refused(SkipReason::SymlinkOutside)
            } else {
                Vec::new()
            };
        }
        // `.vault-agent/config.yaml` holds API keys: a link there is never a note.
        if let Some(hidden) = relative(self.root, &target).filter(|t| is_hidden(t)) {
            return if meta.is_dir() || super::ignore::is_markdown(&rel) {
                refused(SkipReason::SymlinkHidden(hidden))
            } else {
                Vec::new()
            };
        }
        if meta.is_dir() {
            if self.rules.skips_dir(&rel) {
                return Vec::new();
            }
            if above.iter().any(|a| *a == target) {
                return vec![Found::Skipped(Skipped {
                    rel,
                    reason: SkipReason::SymlinkLoop,
                })];
            }
            return self.folder(&target, &rel, above, true);
        }
        let name = rel.rsplit('/').next().unwrap_or(&rel);
        if !meta.is_file() || super::atomic::is_temp_file(name) || self.rules.skips_file(&rel) {
            return Vec::new();
        }
        vec![self.note(rel, target, &meta, true)]
    }

    fn note(&self, rel: String, abs: PathBuf, meta: &std::fs::Metadata, linked: bool) -> Found {
        Found::Note(NoteFile {
            rel,
            abs,
            size: meta.len(),
            mtime: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            stamp: Stamp::of(meta, self.now),
            linked,
        })
    }

    fn unreadable(&self, rel: &str, why: String) -> Found {
        let rel = if rel.is_empty() { "?" } else { rel };
        Found::Skipped(Skipped {
            rel: rel.to_string(),
            reason: SkipReason::Unreadable(why),
        })
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn write(root: &Path, rel: &str) {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "ran 5 km\n").unwrap();
    }

    fn rules(root: &Path) -> IgnoreRules {
        IgnoreRules::load(&crate::config::Config::load(root, None).unwrap())
    }

    #[test]
    fn notes_come_in_path_order_without_hidden_or_other_files() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        for rel in [
            "b.md",
            "a/z.md",
            "a/b/c.md",
            "a.md",
            ".obsidian/x.md",
            "notes.txt",
            "A/1.MD",
        ] {
            write(&root, rel);
        }
        let found = scan(&root, &rules(&root));
        let rels: Vec<&str> = found.notes.iter().map(|n| n.rel.as_str()).collect();
        assert_eq!(rels, ["A/1.MD", "a/b/c.md", "a/z.md", "a.md", "b.md"]);
        assert!(found.skipped.is_empty(), "{:?}", found.skipped);
        let note = &found.notes[1];
        assert_eq!(note.abs, root.join("a/b/c.md"));
        assert_eq!(note.size, 9);
        assert!(!note.linked);
    }

    #[test]
    fn symlinks_are_followed_inside_the_vault_once_and_refused_out_of_it_or_in_a_loop() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        write(&root, "Daily/2026-11-01.md");
        write(&root, "Projects/plan.md");
        write(outside.path(), "secret.md");
        let link = std::os::unix::fs::symlink;
        link(root.join("Projects"), root.join("Daily/projects")).unwrap();
        link(root.join("Daily"), root.join("Daily/loop")).unwrap();
        link(outside.path().join("secret.md"), root.join("secret.md")).unwrap();
        link(outside.path().to_path_buf(), root.join("Elsewhere")).unwrap();
        link(root.join("Projects/plan.md"), root.join("plan-link.md")).unwrap();
        link(root.join("gone.md"), root.join("broken.md")).unwrap();
        let found = scan(&root, &rules(&root));
        let rels: Vec<&str> = found.notes.iter().map(|n| n.rel.as_str()).collect();
        assert_eq!(rels, ["Daily/2026-11-01.md", "Daily/projects/plan.md"]);
        assert!(found.notes[1].linked);
        let why: Vec<String> = found
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.rel, s.reason))
            .collect();
        let said = |rel: &str, words: &str| {
            why.iter()
                .any(|w| w.starts_with(&format!("{rel}: ")) && w.contains(words))
        };
        assert!(said("Daily/loop", "loop"), "{why:?}");
        assert!(
            said("Projects/plan.md", "Daily/projects/plan.md"),
            "{why:?}"
        );
        assert!(said("plan-link.md", "Daily/projects/plan.md"), "{why:?}");
        assert!(said("Elsewhere", "outside"), "{why:?}");
        assert!(said("secret.md", "outside"), "{why:?}");
        assert!(said("broken.md", "broken"), "{why:?}");
        assert_eq!(why.len(), 6, "{why:?}");
    }

    #[test]
    fn a_link_into_the_agents_folder_is_refused_naming_where_it_leads() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().canonicalize().unwrap();
        write(&root, ".obsidian/notes.md");
        std::fs::create_dir_all(root.join(".vault-agent")).unwrap();
        std::fs::write(root.join(".vault-agent/config.yaml"), "{}\n").unwrap();
        write(&root, "Daily/2026-11-20.md");
        let link = std::os::unix::fs::symlink;
        link(
            root.join(".vault-agent/config.yaml"),
            root.join("Daily/2026-11-21.md"),
        )
        .unwrap();
        link(root.join(".vault-agent"), root.join("Agent")).unwrap();
        link(root.join(".obsidian/notes.md"), root.join("notes.md")).unwrap();
        let found = scan(&root, &rules(&root));
        let rels: Vec<&str> = found.notes.iter().map(|n| n.rel.as_str()).collect();
        assert_eq!(rels, ["Daily/2026-11-20.md"]);
        let why: Vec<String> = found
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.rel, s.reason))
            .collect();
        for (rel, target) in [
            ("Daily/2026-11-21.md", ".vault-agent/config.yaml"),
            ("Agent", ".vault-agent"),
            ("notes.md", ".obsidian/notes.md"),
        ] {
            assert!(
                why.iter()
                    .any(|w| w.starts_with(&format!("{rel}: ")) && w.contains(target)),
                "{rel}: {why:?}"
            );
        }
    }
}
