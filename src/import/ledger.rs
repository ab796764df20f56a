//! The import ledger, `.vault-agent/imported`: one key per line for each block an import
//! brought into the vault (a hash of the source file's name, the block's date and text),
//! so that importing again adds nothing even after the person edited what was imported.
//!
//! It is read and extended only under the vault's write lock, after the notes holding the
//! blocks are on disk: two imports take turns, and a key never names text a crash could
//! still lose. Keys are appended and flushed; a line cut short by a kill is not a key (the
//! block it was for is found in its note instead, see [`super::count_in`]).

use std::collections::{BTreeSet, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::error::{Error, Result};

/// The keys of every block imported so far.
#[derive(Debug)]
pub struct Ledger {
    path: PathBuf,
    keys: HashSet<String>,
}

impl Ledger {
    /// The ledger file under an agent folder.
    pub fn path(agent_dir: &Path) -> PathBuf {
        agent_dir.join("imported")
    }

    /// Reads the ledger (none yet: empty), with the keys earlier versions kept in
    /// `state.json` (`legacy`).
    pub fn load(agent_dir: &Path, legacy: &BTreeSet<String>) -> Result<Ledger> {
        let path = Self::path(agent_dir);
        let text = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::io(&path, e)),
        };
        let mut keys: HashSet<String> = text
            .lines()
            .map(str::trim)
            .filter(|k| is_key(k))
            .map(str::to_string)
            .collect();
        keys.extend(legacy.iter().cloned());
        Ok(Ledger { path, keys })
    }

    /// Whether the block with this key was imported before.
    pub fn contains(&self, key: &str) -> bool {
        self.keys.contains(key)
    }

    /// Adds `keys` and makes them durable (the file is flushed before returning).
    pub fn append(&mut self, keys: &[String]) -> Result<()> {
        let new: Vec<&String> = keys.iter().filter(|k| !self.keys.contains(*k)).collect();
        if new.is_empty() {
            return Ok(());
        }
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)
            .map_err(|e| Error::io(&self.path, e))?;
        // A line cut short by a kill is ended first, so the next key starts a line.
        let mut text = String::from("\n");
        for key in &new {
            text.push_str(key);
            text.push('\n');
        }
        file.write_all(text.as_bytes())
            .and_then(|()| file.sync_all())
            .map_err(|e| Error::io(&self.path, e))?;
        self.keys.extend(new.into_iter().cloned());
        Ok(())
    }
}

/// A whole key: 16 hex digits (see [`crate::vault::ContentHash::hex`]).
fn is_key(line: &str) -> bool {
    line.len() == 16 && line.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_survive_a_reload_and_a_torn_line_is_not_a_key() {
        let dir = tempfile::tempdir().unwrap();
        let legacy: BTreeSet<String> = ["00000000000000aa".to_string()].into();
        let mut ledger = Ledger::load(dir.path(), &legacy).unwrap();
        assert!(ledger.contains("00000000000000aa"));
        ledger
            .append(&["0123456789abcdef".into(), "0123456789abcdef".into()])
            .unwrap();
        // A kill in the middle of the next append.
        let path = Ledger::path(dir.path());
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        file.write_all(b"fedcba98").unwrap();
        let mut again = Ledger::load(dir.path(), &BTreeSet::new()).unwrap();
        assert!(again.contains("0123456789abcdef"));
        assert!(!again.contains("fedcba98"));
        again.append(&["1111111111111111".into()]).unwrap();
        let reread = Ledger::load(dir.path(), &BTreeSet::new()).unwrap();
        assert!(reread.contains("1111111111111111"));
        assert_eq!(reread.keys.len(), 2);
    }
}
