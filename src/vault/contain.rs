//! Keeping writes inside the vault. Every path the program writes is vault-relative text
//! from somewhere (Obsidian's settings, our config, a note's place in the index, a model's
//! output): it is resolved here, symlinks included, before anything is written, and a
//! path that leads outside the vault, or into `.vault-agent/` (where the config and its
//! API keys live), is refused.

use std::path::{Component, Path, PathBuf};

use crate::config::AGENT_DIR;
use crate::error::{Error, Result};

/// The absolute path of `rel` in `vault` (canonical), when it stays inside: no absolute
/// path, no `..`, and no symlink on the way that leads out (the nearest part of the path
/// that exists is resolved). Else [`Error::OutsideVault`].
pub fn inside(vault: &Path, rel: &str) -> Result<PathBuf> {
    match why_outside(vault, rel) {
        None => Ok(vault.join(rel)),
        Some(INTO_AGENT_FOLDER) => Err(Error::AgentFolder(rel.to_string())),
        Some(_) => Err(Error::OutsideVault(rel.to_string())),
    }
}

const INTO_AGENT_FOLDER: &str = "leads into .vault-agent/, vault-agent's own folder";

/// Why `rel` would be written outside `vault` (canonical), in a few words; `None` when it
/// stays inside.
pub fn why_outside(vault: &Path, rel: &str) -> Option<&'static str> {
    let path = Path::new(rel);
    if path.is_absolute() || path.has_root() {
        return Some("is an absolute path");
    }
    if path
        .components()
        .any(|c| !matches!(c, Component::Normal(_) | Component::CurDir))
    {
        return Some("goes up out of the vault with `..`");
    }
    let first = path.components().find(|c| *c != Component::CurDir);
    if first.is_some_and(|c| c.as_os_str() == AGENT_DIR) {
        return Some(INTO_AGENT_FOLDER);
    }
    let mut existing = vault.join(path);
    loop {
        if std::fs::symlink_metadata(&existing).is_ok() {
            return match existing.canonicalize() {
                Ok(real) if real.starts_with(vault.join(AGENT_DIR)) => Some(INTO_AGENT_FOLDER),
                Ok(real) if real.starts_with(vault) => None,
                Ok(_) => Some("leads out of the vault through a symlink"),
                Err(_) => Some("goes through a broken symlink"),
            };
        }
        if !existing.pop() || !existing.starts_with(vault) {
            // Nothing of it exists yet, not even the vault: nothing leads out.
            return None;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_that_stay_inside_are_allowed() {
        let dir = tempfile::tempdir().unwrap();
        let vault = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(vault.join("Daily")).unwrap();
        assert_eq!(
            inside(&vault, "Daily/2026-11-21.md").unwrap(),
            vault.join("Daily/2026-11-21.md")
        );
        assert!(why_outside(&vault, "New/Sub/n.md").is_none());
        assert!(why_outside(&vault, "./Daily/n.md").is_none());
        for rel in ["../escape/n.md", "Daily/../../n.md", "/etc/n.md"] {
            assert!(why_outside(&vault, rel).is_some(), "{rel}");
            assert!(matches!(inside(&vault, rel), Err(Error::OutsideVault(_))));
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_that_leads_out_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let vault = dir.path().canonicalize().unwrap();
        std::os::unix::fs::symlink(outside.path(), vault.join("Out")).unwrap();
        std::os::unix::fs::symlink(vault.join("nowhere"), vault.join("Broken")).unwrap();
        std::fs::create_dir_all(vault.join("Real")).unwrap();
        std::os::unix::fs::symlink(vault.join("Real"), vault.join("In")).unwrap();
        assert_eq!(
            why_outside(&vault, "Out/n.md"),
            Some("leads out of the vault through a symlink")
        );
        assert!(why_outside(&vault, "Broken/n.md").is_some());
        assert!(why_outside(&vault, "In/n.md").is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_note_that_leads_into_the_agents_folder_is_refused_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        let vault = dir.path().canonicalize().unwrap();
        std::fs::create_dir_all(vault.join(".vault-agent")).unwrap();
        std::fs::write(vault.join(".vault-agent/config.yaml"), "{}\n").unwrap();
        std::fs::create_dir_all(vault.join("Daily")).unwrap();
        let link = std::os::unix::fs::symlink;
        link(
            vault.join(".vault-agent/config.yaml"),
            vault.join("Daily/2026-11-21.md"),
        )
        .unwrap();
        link(vault.join(".vault-agent"), vault.join("Notes")).unwrap();
        for rel in [
            "Daily/2026-11-21.md",
            "Notes/new.md",
            ".vault-agent/x.md",
            "./.vault-agent/x.md",
        ] {
            let err = inside(&vault, rel).unwrap_err();
            assert!(matches!(err, Error::AgentFolder(_)), "{rel}: {err}");
            assert!(err.to_string().contains(rel), "{err}");
        }
    }
}
