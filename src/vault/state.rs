//! `.vault-agent/state.json`: what has been processed, so unchanged files and entries are
//! skipped. Derived data: a damaged file is reported and rebuilt, never fatal.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::atomic::write_atomic_from;
use crate::error::Result;

/// The key of [`State::observer`] holding the day the context file was last brought up
/// to date.
pub const REFRESHED: &str = "@refreshed";

/// What a one-shot question needs to know of the state without reading it (10,000 notes
/// are 4 MB of JSON, a fifth of an `ask`): that every note was processed at the stamp it
/// has now. Written beside the state (`state.sum`) each time the state is saved, and only
/// when every note has a stamp.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Settled {
    /// How many notes the state holds.
    pub files: usize,
    /// Each note's path and stamp, hashed and summed (see [`settled_sum`]).
    pub sum: u64,
    /// The day the context file was last brought up to date ([`REFRESHED`]).
    pub refreshed: Option<String>,
}

/// The sum of `(path, stamp)` hashed, in any order.
pub fn settled_sum<'a>(notes: impl IntoIterator<Item = (&'a str, &'a super::stamp::Stamp)>) -> u64 {
    notes.into_iter().fold(0u64, |sum, (rel, stamp)| {
        let mut bytes = Vec::with_capacity(rel.len() + 33);
        bytes.extend_from_slice(rel.as_bytes());
        bytes.push(0);
        for n in [stamp.0, stamp.1, stamp.2, stamp.3] {
            bytes.extend_from_slice(&n.to_le_bytes());
        }
        sum.wrapping_add(xxhash_rust::xxh3::xxh3_64(&bytes))
    })
}

/// What was processed for one note.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileState {
    /// Hash of the whole file as last seen (after our own writes).
    pub hash: String,
    /// Entry id -> content hash.
    pub entries: BTreeMap<String, String>,
    /// Days whose parsed files hold this note's entries.
    pub dates: Vec<NaiveDate>,
    /// The file's stamp when it was read at `hash`: while it keeps this stamp, it is not
    /// read again (see [`super::stamp`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<super::stamp::Stamp>,
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

    /// Path of the summary written beside the state (see [`Settled`]).
    fn settled_path(agent_dir: &Path) -> PathBuf {
        agent_dir.join("state.sum")
    }

    /// The summary of the state last saved, when there is one.
    pub fn settled(agent_dir: &Path) -> Option<Settled> {
        let text = std::fs::read_to_string(Self::settled_path(agent_dir)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// The summary of this state; `None` when a note has no stamp (it is read again).
    fn summary(&self) -> Option<Settled> {
        let mut stamped = Vec::with_capacity(self.files.len());
        for (rel, fs) in &self.files {
            stamped.push((rel.as_str(), fs.seen.as_ref()?));
        }
        Some(Settled {
            files: self.files.len(),
            sum: settled_sum(stamped),
            refreshed: self.observer.get(REFRESHED).cloned(),
        })
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
        // The summary goes first and comes back last: it never stands beside a state it
        // does not describe.
        let summary = Self::settled_path(agent_dir);
        match std::fs::remove_file(&summary) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                return Err(crate::error::Error::io(&summary, e))
            }
            _ => {}
        }
        // Written as it is serialized: the state of 100,000 notes is 33 MB of JSON.
        write_atomic_from(&Self::path(agent_dir), |out| {
            serde_json::to_writer_pretty(out, &saved).map_err(std::io::Error::from)
        })?;
        self.save_summary(agent_dir)
    }

    /// Writes the summary of this state, as saved, beside it (a state saved by an earlier
    /// version has none); nothing when a note has no stamp.
    pub fn save_summary(&self, agent_dir: &Path) -> Result<()> {
        match self.summary() {
            Some(settled) => write_atomic_from(&Self::settled_path(agent_dir), |out| {
                serde_json::to_writer(out, &settled).map_err(std::io::Error::from)
            }),
            None => Ok(()),
        }
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
    fn the_summary_beside_the_state_holds_its_stamps_and_only_when_each_note_has_one() {
        let dir = tempfile::tempdir().unwrap();
        let stamped = |seen| FileState {
            hash: "ab".into(),
            seen,
            ..FileState::default()
        };
        let mut state = State::default();
        state.files.insert(
            "a.md".into(),
            stamped(Some(super::super::stamp::Stamp(2, 3, 4, 5))),
        );
        state.files.insert(
            "b.md".into(),
            stamped(Some(super::super::stamp::Stamp(6, 7, 8, 9))),
        );
        state.observer.insert(REFRESHED.into(), "2026-11-01".into());
        state.save(dir.path()).unwrap();
        let settled = State::settled(dir.path()).expect("every note has a stamp");
        assert_eq!(settled.files, 2);
        assert_eq!(settled.refreshed.as_deref(), Some("2026-11-01"));
        let stamps = [
            ("b.md", super::super::stamp::Stamp(6, 7, 8, 9)),
            ("a.md", super::super::stamp::Stamp(2, 3, 4, 5)),
        ];
        assert_eq!(
            settled.sum,
            settled_sum(stamps.iter().map(|(r, s)| (*r, s)))
        );
        let moved = [("a.md", super::super::stamp::Stamp(2, 3, 4, 6)), stamps[0]];
        assert_ne!(settled.sum, settled_sum(moved.iter().map(|(r, s)| (*r, s))));
        // A note read too soon after it changed has no stamp: no summary, it is read again.
        state.files.insert("c.md".into(), stamped(None));
        state.save(dir.path()).unwrap();
        assert_eq!(State::settled(dir.path()), None);
    }

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
                seen: Some(super::super::stamp::Stamp(2, 3, 4, 5)),
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
