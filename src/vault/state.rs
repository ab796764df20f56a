//! `.vault-agent/state.json`: what has been processed, so unchanged files and entries are
//! skipped. Derived data: a damaged file is reported and rebuilt, never fatal.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::atomic::write_atomic_from;
use crate::error::Result;

/// What was processed for one note.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileState {
    /// Hash of the whole file as last seen (after our own writes).
    pub hash: String,
    /// Entry id -> content hash.
    pub entries: BTreeMap<String, String>,
    /// Days whose parsed files hold this note's entries.
    pub dates: Vec<NaiveDate>,
}

/// The whole state file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct State {
    pub version: u32,
    pub files: BTreeMap<String, FileState>,
    /// Lines the Observer last wrote to the context file (key -> line).
    #[serde(default)]
    pub observer: BTreeMap<String, String>,
    /// Keys of imported blocks as earlier versions kept them; the import ledger is now
    /// `.vault-agent/imported` (see [`crate::import::Ledger`]), which reads these too.
    #[serde(default)]
    pub imported: std::collections::BTreeSet<String>,
    /// Per note, questions the person withdrew while they were worked on (by deleting the
    /// pending callout): not answered while they stay in the note without a callout.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub withdrawn: BTreeMap<String, std::collections::BTreeSet<String>>,
    /// The notes holding living questions (`?? …`), answered again as the log changes.
    #[serde(default, skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub living: std::collections::BTreeSet<String>,
}

impl State {
    /// Path of the state file under an agent folder.
    pub fn path(agent_dir: &Path) -> PathBuf {
        agent_dir.join("state.json")
    }

    /// Loads the state; a missing file is an empty state, a damaged one is reported in
    /// `warning` and treated as empty (everything is re-checked, nothing is lost).
    pub fn load(agent_dir: &Path) -> (State, Option<String>) {
        let path = Self::path(agent_dir);
        match std::fs::read_to_string(&path) {
            Ok(text) => match serde_json::from_str(&text) {
                Ok(state) => (state, None),
                Err(e) => (
                    State::default(),
                    Some(format!(
                        "{}: unreadable ({e}); every note will be checked again",
                        path.display()
                    )),
                ),
            },
            Err(_) => (State::default(), None),
        }
    }

    /// Writes the state atomically.
    pub fn save(&self, agent_dir: &Path) -> Result<()> {
        // Written through borrows: a pass saves the state every second, and copying the
        // state of every note each time was most of saving it.
        let saved = Saved {
            version: 1,
            files: &self.files,
            observer: &self.observer,
            imported: &self.imported,
            withdrawn: &self.withdrawn,
            living: &self.living,
        };
        // Written as it is serialized: the state of 100,000 notes is 33 MB of JSON.
        write_atomic_from(&Self::path(agent_dir), |out| {
            serde_json::to_writer_pretty(out, &saved).map_err(std::io::Error::from)
        })
    }
}

/// [`State`] as written: the same fields, borrowed.
#[derive(Serialize)]
struct Saved<'a> {
    version: u32,
    files: &'a BTreeMap<String, FileState>,
    observer: &'a BTreeMap<String, String>,
    imported: &'a std::collections::BTreeSet<String>,
    #[serde(skip_serializing_if = "nothing_withdrawn")]
    withdrawn: &'a BTreeMap<String, std::collections::BTreeSet<String>>,
    #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    living: &'a std::collections::BTreeSet<String>,
}

fn nothing_withdrawn(w: &&BTreeMap<String, std::collections::BTreeSet<String>>) -> bool {
    w.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_saved_state_reads_back_as_it_was_and_is_written_as_before() {
        let dir = tempfile::tempdir().unwrap();
        let mut state = State::default();
        state.files.insert(
            "a.md".into(),
            FileState {
                hash: "ab".into(),
                entries: [("a.md#1".to_string(), "cd".to_string())].into(),
                dates: vec![NaiveDate::from_ymd_opt(2026, 11, 1).unwrap()],
            },
        );
        state.observer.insert("best squat".into(), "100 kg".into());
        state.imported.insert("h1".into());
        state.save(dir.path()).unwrap();
        let written = std::fs::read_to_string(State::path(dir.path())).unwrap();
        let mut expected = state.clone();
        expected.version = 1;
        assert_eq!(written, serde_json::to_string_pretty(&expected).unwrap());
        assert_eq!(State::load(dir.path()).0, expected);
        state
            .withdrawn
            .insert("a.md".into(), ["q".to_string()].into());
        state.save(dir.path()).unwrap();
        assert_eq!(State::load(dir.path()).0.withdrawn, state.withdrawn);
    }
}
