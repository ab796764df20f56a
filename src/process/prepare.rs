//! Reading notes before a pass works on them: read, hash, parse, date the entries and take
//! the rules' reading of each, in parallel over notes (rayon). Passes go through the vault
//! in chunks of [`CHUNK`] notes, so memory stays bounded however large the vault is.

use rayon::prelude::*;

use crate::flow::Flow;
use crate::vault::entry::entries_dated;
use crate::vault::index::NoteMeta;
use crate::vault::parsed::ParsedRecord;
use crate::vault::read::read_note;
use crate::vault::{ContentHash, Entry, Note, Store};

/// How many notes are read in parallel before the pass stores what was read.
pub(super) const CHUNK: usize = 256;

/// One note as the pass found it.
pub(super) enum Read {
    /// No longer in the index (deleted or ignored since the scan).
    Gone,
    /// Could not be read: why (too large, not UTF-8, unreadable).
    Skipped(String),
    /// Already processed at exactly this content.
    Settled,
    /// New or changed content.
    Changed(Box<Parsed>),
}

/// A changed note, parsed.
pub(super) struct Parsed {
    pub hash: ContentHash,
    pub note: Note,
    /// Its entries, dated: logs and reference text (searchable, never a log).
    pub entries: Vec<Entry>,
    /// The rules' reading of each log entry, in the same order (`None` for reference text).
    pub rules: Vec<Option<ParsedRecord>>,
}

/// Reads `rels` in parallel; `settled` says which contents are already processed.
pub(super) fn read_all(
    store: &Store,
    flow: &Flow,
    rels: &[String],
    settled: &(dyn Fn(&str, ContentHash) -> bool + Sync),
) -> Vec<Read> {
    rels.par_iter()
        .map(|rel| read_one(store, flow, rel, settled))
        .collect()
}

fn read_one(
    store: &Store,
    flow: &Flow,
    rel: &str,
    settled: &(dyn Fn(&str, ContentHash) -> bool + Sync),
) -> Read {
    let Some(meta) = store.index().get(rel) else {
        return Read::Gone;
    };
    let text = match read_note(&meta.abs, store.config().max_note_bytes) {
        Ok(text) => text,
        Err(reason) => return Read::Skipped(reason.to_string()),
    };
    let hash = ContentHash::of(text.as_bytes());
    if settled(rel, hash) {
        return Read::Settled;
    }
    let note = Note::parse(text);
    let entries = dated_entries(store, meta, &note);
    let rules = entries
        .iter()
        .map(|e| e.log.then(|| flow.rules(e)))
        .collect();
    Read::Changed(Box::new(Parsed {
        hash,
        note,
        entries,
        rules,
    }))
}

/// A note's entries, dated; reference text (plans, recipes, pages without a date) is
/// searchable but never a log.
pub(super) fn dated_entries(store: &Store, meta: &NoteMeta, note: &Note) -> Vec<Entry> {
    entries_dated(note, &meta.rel, &store.dating(meta, note), meta.date)
}
