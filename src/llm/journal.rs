//! `.vault-agent/calls.jsonl`: the model calls completed in the pass under way, so a run
//! killed in the middle (kill -9, power loss) is resumed by replaying them instead of paying
//! for them again. Only the calls in flight at the kill are made twice.
//!
//! A line is appended (one `write`) as soon as a call succeeds; a call is keyed by what it
//! asked (agent, prompts, schema), so a note edited since asks anew. The file is emptied when
//! a pass ends, once its answers and records are on disk. A torn last line is ignored.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One completed call.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Line {
    key: String,
    provider: String,
    model: String,
    /// The JSON text the value was read from.
    raw: String,
}

/// A completed call found in the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed {
    pub provider: String,
    pub model: String,
    pub raw: String,
}

/// The journal of completed calls (shared by the client's concurrent calls).
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    done: Mutex<HashMap<String, Replayed>>,
}

impl Journal {
    /// Opens the journal at `path`, reading the calls a killed run left there.
    pub fn open(path: PathBuf) -> Journal {
        let done = std::fs::read_to_string(&path)
            .unwrap_or_default()
            .lines()
            .filter_map(|l| serde_json::from_str::<Line>(l).ok())
            .map(|l| {
                let replayed = Replayed {
                    provider: l.provider,
                    model: l.model,
                    raw: l.raw,
                };
                (l.key, replayed)
            })
            .collect();
        Journal {
            path,
            done: Mutex::new(done),
        }
    }

    /// The key of a call: what it asks, whichever provider answers it.
    pub fn key(agent: &str, system: &str, user: &str, schema: &Value) -> String {
        let mut h = xxhash_rust::xxh3::Xxh3::new();
        for part in [agent, system, user, &schema.to_string()] {
            h.update(&(part.len() as u64).to_le_bytes());
            h.update(part.as_bytes());
        }
        format!("{:032x}", h.digest128())
    }

    /// The completed call with this key, if the journal holds one.
    pub fn get(&self, key: &str) -> Option<Replayed> {
        self.done.lock().expect("lock").get(key).cloned()
    }

    /// Records a completed call. A journal that cannot be written only costs the call again
    /// after a crash, so the error is logged, not returned. Only a later run replays it: in
    /// this run, the flow's own sessions know what they paid for.
    pub fn record(&self, key: String, provider: &str, model: &str, raw: &str) {
        let line = Line {
            key,
            provider: provider.to_string(),
            model: model.to_string(),
            raw: raw.to_string(),
        };
        let mut text = serde_json::to_string(&line).expect("journal line serializes");
        text.push('\n');
        let _one_writer = self.done.lock().expect("lock");
        if let Err(e) = append(&self.path, text.as_bytes()) {
            tracing::debug!("{}: {e}", self.path.display());
        }
    }

    /// Forgets every call: the pass they belong to is complete.
    pub fn clear(&self) {
        self.done.lock().expect("lock").clear();
        if let Err(e) = std::fs::remove_file(&self.path) {
            if e.kind() != std::io::ErrorKind::NotFound {
                tracing::debug!("{}: {e}", self.path.display());
            }
        }
    }
}

/// Appends with one `write` (O_APPEND), so a kill leaves whole lines and at most one torn.
fn append(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)?;
    }
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)?;
    file.write_all(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completed_calls_survive_a_restart_until_the_pass_is_cleared() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("calls.jsonl");
        let key = Journal::key("router", "sys", "user", &serde_json::json!({}));
        let journal = Journal::open(path.clone());
        assert_eq!(journal.get(&key), None);
        journal.record(key.clone(), "ollama", "m", "{\"a\":1}");
        // A torn line from a kill is ignored.
        append(&path, b"{\"key\":\"x\",\"provi").unwrap();
        let reopened = Journal::open(path.clone());
        assert_eq!(reopened.get(&key).unwrap().raw, "{\"a\":1}");
        let other = Journal::key("router", "sys", "user 2", &serde_json::json!({}));
        assert_eq!(reopened.get(&other), None, "another prompt is another call");
        reopened.clear();
        assert!(!path.exists());
        assert_eq!(Journal::open(path).get(&key), None);
    }
}
