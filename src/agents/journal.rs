//! Model replies already paid for. A flow that resumes (after a crash, a restart or the
//! person's `!` reply) replays a journaled reply instead of calling the model again for the
//! same agent and the same input.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::vault::ContentHash;

/// One completed model reply: the JSON text that was accepted, and who wrote it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JournaledReply {
    pub agent: String,
    pub provider: String,
    pub model: String,
    /// The JSON the agent's output was read from.
    pub raw: String,
}

/// Replies keyed by agent and a hash of the input the agent was given. Shared by the calls
/// of one flow, which may run concurrently.
#[derive(Debug, Default)]
pub struct Journal {
    replies: Mutex<BTreeMap<String, JournaledReply>>,
    /// Model replies received (replays not counted).
    paid: Mutex<u32>,
    /// Tokens those replies cost (prompt plus completion, as the wire reported them).
    tokens: Mutex<u64>,
}

impl Journal {
    /// A journal holding earlier replies (from a saved session).
    pub fn with(replies: BTreeMap<String, JournaledReply>) -> Journal {
        Journal {
            replies: Mutex::new(replies),
            paid: Mutex::new(0),
            tokens: Mutex::new(0),
        }
    }

    /// The key of `agent` given `input` (the serialized input data).
    pub fn key(agent: &str, input: &str) -> String {
        format!("{agent}:{}", ContentHash::of(input.as_bytes()).hex())
    }

    /// The reply recorded under `key`, if any.
    pub fn get(&self, key: &str) -> Option<JournaledReply> {
        self.replies.lock().expect("journal lock").get(key).cloned()
    }

    /// Records a reply that passed the agent's checks.
    pub fn record(&self, key: String, reply: JournaledReply) {
        self.replies
            .lock()
            .expect("journal lock")
            .insert(key, reply);
    }

    /// Counts one model reply received, whether or not the agent's checks accept it, and
    /// the tokens it cost.
    pub fn count_paid(&self, tokens: u64) {
        *self.paid.lock().expect("journal lock") += 1;
        *self.tokens.lock().expect("journal lock") += tokens;
    }

    /// Every reply so far.
    pub fn snapshot(&self) -> BTreeMap<String, JournaledReply> {
        self.replies.lock().expect("journal lock").clone()
    }

    /// How many tokens the calls paid for through this journal cost.
    pub fn tokens(&self) -> u64 {
        *self.tokens.lock().expect("journal lock")
    }

    /// How many model calls were paid for through this journal.
    pub fn paid(&self) -> u32 {
        *self.paid.lock().expect("journal lock")
    }
}
