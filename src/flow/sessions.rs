//! The sessions folder of a vault, `.vault-agent/sessions/`: one JSON file per session,
//! replaced atomically at every checkpoint; finished sessions are pruned after a while.
//! While a question from a note has an unfinished session, a small `open-<hash>.id` file
//! names it, so handling the question again finds it without reading every session.

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::session::Session;
use crate::error::{Error, Result};
use crate::vault::atomic::{write_atomic, write_atomic_derived};
use crate::vault::ContentHash;

/// Whether `id` has the shape of a session id (so it can name a file safely).
pub fn valid_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The sessions folder of a vault: `.vault-agent/sessions/`.
#[derive(Debug, Clone)]
pub struct Sessions {
    dir: PathBuf,
}

impl Sessions {
    /// Sessions under `agent_dir` (the vault's `.vault-agent/`).
    pub fn new(agent_dir: &Path) -> Sessions {
        Sessions {
            dir: agent_dir.join("sessions"),
        }
    }

    fn path(&self, id: &str) -> PathBuf {
        self.dir.join(format!("{id}.json"))
    }

    /// The pointer file naming the unfinished session of a question asked in a note.
    fn pointer(&self, source: &str, question: &str) -> PathBuf {
        let key = ContentHash::of(format!("{source}\n{question}").as_bytes()).hex();
        self.dir.join(format!("open-{key}.id"))
    }

    /// Writes the session atomically; a question from a note gets a pointer to it.
    pub fn save(&self, session: &Session) -> Result<()> {
        let text = serde_json::to_vec_pretty(session).expect("a session serializes");
        if session.is_finished() || session.state == super::state::State::WaitUser {
            write_atomic(&self.path(&session.id), &text, None)?;
        } else {
            // A checkpoint between two steps is in place before the next call (a killed
            // run finds it) but not flushed to disk: the flushes cost about 10 ms on the
            // critical path of every model step, and a power cut only costs the steps
            // since the last flushed state (the call journal replays their replies).
            write_atomic_derived(&self.path(&session.id), &text)?;
        }
        let Some(source) = session
            .source
            .as_deref()
            .filter(|_| session.parent.is_none())
        else {
            return Ok(());
        };
        let pointer = self.pointer(source, &session.input);
        if std::fs::read_to_string(&pointer).ok().as_deref() != Some(session.id.as_str()) {
            // Derived data: losing it only means a question starts over.
            write_atomic_derived(&pointer, session.id.as_bytes())?;
        }
        Ok(())
    }

    /// The session open for `question` asked in the note `source`, if there is one (it may
    /// have finished: its answer may not be written yet).
    pub fn open_for(&self, source: &str, question: &str) -> Option<Session> {
        let id = std::fs::read_to_string(self.pointer(source, question)).ok()?;
        self.load(id.trim())
    }

    /// Closes the question's pointer: its outcome is in the note (or the question is gone).
    pub fn close(&self, source: &str, question: &str) -> Result<()> {
        let pointer = self.pointer(source, question);
        match std::fs::remove_file(&pointer) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(Error::io(pointer, e)),
            _ => Ok(()),
        }
    }

    /// The saved session `id`, if there is one that can be read.
    pub fn load(&self, id: &str) -> Option<Session> {
        if !valid_id(id) {
            return None;
        }
        let path = self.path(id);
        let text = std::fs::read(&path).ok()?;
        match serde_json::from_slice(&text) {
            Ok(s) => Some(s),
            Err(e) => {
                tracing::warn!(
                    "{}: not a session this version can resume ({e})",
                    path.display()
                );
                None
            }
        }
    }

    fn all(&self) -> Vec<Session> {
        let Ok(dir) = std::fs::read_dir(&self.dir) else {
            return Vec::new();
        };
        let mut out: Vec<Session> = dir
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().to_string_lossy().to_string();
                self.load(name.strip_suffix(".json")?)
            })
            .collect();
        out.sort_by_key(|s| s.created);
        out
    }

    /// Top-level sessions of questions asked in notes that a crash, a kill or a restart
    /// stopped before their outcome was written: unfinished and not waiting for the
    /// person's reply, or answered with the answer not yet in the note (the question still
    /// names the session). Resumed at start by `process`, `watch` and `serve`.
    pub fn interrupted(&self) -> Vec<Session> {
        self.all()
            .into_iter()
            .filter(|s| s.parent.is_none())
            .filter(|s| {
                let Some(source) = s.source.as_deref() else {
                    return false;
                };
                if s.is_finished() {
                    let unwritten = s.answer.is_some();
                    unwritten
                        && self
                            .open_for(source, &s.input)
                            .is_some_and(|o| o.id == s.id)
                } else {
                    !(s.state == super::state::State::WaitUser && s.reply.is_none())
                }
            })
            .collect()
    }

    /// Removes sessions that finished more than `keep` ago. Returns how many went.
    pub fn prune(&self, keep: Duration) -> Result<usize> {
        let now = chrono::Utc::now().timestamp();
        let mut removed = 0;
        for s in self.all() {
            let Some(done) = s.finished else { continue };
            if now - done >= keep.as_secs() as i64 {
                let path = self.path(&s.id);
                std::fs::remove_file(&path).map_err(|e| Error::io(path, e))?;
                removed += 1;
            }
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::types::{Gap, GapType, Severity};
    use crate::flow::session::DEFAULT_KEEP;
    use crate::flow::state::State;
    use chrono::NaiveDate;

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    #[test]
    fn a_saved_session_loads_back_and_its_question_finds_it_until_closed() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = Sessions::new(dir.path());
        let mut s = Session::new("why was bench heavy", day(), Some("Daily/x.md".into()));
        s.track_gaps(&[Gap {
            description: "sleep".into(),
            gap_type: GapType::Temporal,
            severity: Severity::Critical,
            searched: false,
            found: false,
            outside_current_expertise: false,
            suspected_domain: None,
        }]);
        s.enter(State::BuildContext);
        sessions.save(&s).unwrap();
        let back = sessions.load(&s.id).unwrap();
        assert_eq!(back.path, [State::Route, State::BuildContext]);
        assert_eq!(back.gaps, s.gaps);
        assert!(sessions
            .open_for("Daily/x.md", "why was bench heavy")
            .is_some());
        sessions.close("Daily/x.md", "why was bench heavy").unwrap();
        assert!(sessions
            .open_for("Daily/x.md", "why was bench heavy")
            .is_none());
        // Closing twice is harmless.
        sessions.close("Daily/x.md", "why was bench heavy").unwrap();
    }

    #[test]
    fn interrupted_sessions_are_those_whose_outcome_a_restart_must_still_write() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = Sessions::new(dir.path());
        let note = || Some("Daily/x.md".to_string());
        let mut mid = Session::new("mid-flow", day(), note());
        mid.enter(State::Synthesize);
        let mut waiting = Session::new("waiting for the person", day(), note());
        waiting.enter(State::WaitUser);
        let mut replied = Session::new("replied to", day(), note());
        replied.enter(State::WaitUser);
        replied.reply = Some("tired".into());
        let mut unwritten = Session::new("answered, not written", day(), note());
        unwritten.enter(State::Complete);
        unwritten.finished = Some(1);
        unwritten.answer = Some(crate::flow::session::FinalAnswer {
            body: "6 km".into(),
            sources: Vec::new(),
            engine: "m".into(),
            check: None,
        });
        let mut written = unwritten.clone();
        written.id = "00000000000000aa".into();
        written.input = "answered and written".into();
        let asked_elsewhere = Session::new("asked with `ask`", day(), None);
        let mut part = Session::new("a part", day(), note());
        part.parent = Some(mid.id.clone());
        for s in [
            &mid,
            &waiting,
            &replied,
            &unwritten,
            &written,
            &asked_elsewhere,
            &part,
        ] {
            sessions.save(s).unwrap();
        }
        sessions.close("Daily/x.md", &written.input).unwrap();
        let mut found: Vec<String> = sessions
            .interrupted()
            .into_iter()
            .map(|s| s.input)
            .collect();
        found.sort();
        assert_eq!(found, ["answered, not written", "mid-flow", "replied to"]);
    }

    #[test]
    fn only_sessions_finished_long_enough_ago_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        let sessions = Sessions::new(dir.path());
        let now = chrono::Utc::now().timestamp();
        let mut old = Session::new("old", day(), None);
        old.finished = Some(now - 8 * 24 * 3600);
        let mut recent = Session::new("recent", day(), None);
        recent.finished = Some(now - 3600);
        let waiting = Session::new("waiting", day(), None);
        for s in [&old, &recent, &waiting] {
            sessions.save(s).unwrap();
        }
        assert_eq!(sessions.prune(DEFAULT_KEEP).unwrap(), 1);
        assert!(sessions.load(&old.id).is_none());
        assert!(sessions.load(&recent.id).is_some());
        assert!(sessions.load(&waiting.id).is_some());
    }
}
