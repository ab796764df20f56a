//! Resuming at start: the notes whose questions a crash, a kill or a restart left with an
//! unfinished model session (see [`Sessions::interrupted`]) are handled first by the next
//! `process`, `watch` or `serve`, whatever the state file says about them, so their answers
//! land without waiting for the note to change and without paying for a completed call again.

use crate::flow::sessions::Sessions;
use crate::vault::Store;

/// The notes holding interrupted sessions' questions, oldest session first, each once.
/// A session whose note or question is gone is closed (marked finished, so it is pruned in
/// time): nobody is waiting for its answer any more.
pub fn interrupted_notes(store: &Store) -> Vec<String> {
    let sessions = Sessions::new(&store.config().agent_dir());
    let mut notes: Vec<String> = Vec::new();
    for mut s in sessions.interrupted() {
        let Some(rel) = s.source.clone() else {
            continue;
        };
        let asked = store
            .index()
            .get(&rel)
            .and_then(|meta| std::fs::read_to_string(&meta.abs).ok())
            .is_some_and(|text| text.contains(s.input.as_str()));
        if !asked {
            tracing::info!("{rel}: “{}” is gone; its session is closed", s.input);
            s.finished.get_or_insert(chrono::Utc::now().timestamp());
            let closed = sessions
                .save(&s)
                .and_then(|_| sessions.close(&rel, &s.input));
            if let Err(e) = closed {
                tracing::warn!("{rel}: the session {} stays open ({e})", s.id);
            }
            continue;
        }
        tracing::info!("{rel}: resuming the interrupted work on “{}”", s.input);
        if !notes.contains(&rel) {
            notes.push(rel);
        }
    }
    notes
}
