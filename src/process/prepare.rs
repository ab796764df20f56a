//! Reading notes before a pass works on them: read, hash, parse, date the entries and take
//! the rules' reading of each, in parallel over notes (rayon). Passes go through the vault
//! in chunks of [`CHUNK`] notes, so memory stays bounded however large the vault is; in
//! offline mode the next chunk is read while the current one is stored ([`Reads`]).

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{sync_channel, Receiver};
use std::sync::Arc;

use rayon::prelude::*;

use crate::config::Config;
use crate::flow::Flow;
use crate::vault::entry::entries_dated;
use crate::vault::index::NoteMeta;
use crate::vault::parsed::ParsedRecord;
use crate::vault::read::read_note;
use crate::vault::state::FileState;
use crate::vault::store::note_dating;
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

/// Reads the chunks of a pass. In offline mode the next chunk is read on the rayon pool
/// while the pass stores the current one (the store writes on one thread, so the other
/// cores would otherwise wait); with a model each chunk is read when its turn comes, so a
/// note edited while earlier notes wait for the model is read as it is then.
#[derive(Default)]
pub(super) struct Reads {
    /// The chunk being read ahead: its number and where its reading arrives.
    ahead: Option<(usize, Receiver<std::thread::Result<Vec<Read>>>)>,
}

impl Reads {
    /// The reading of chunk `i` of `rels` (chunks of [`CHUNK`]); `files` says which
    /// contents are already processed. Chunk `i + 1` is started too: storing chunk `i`
    /// changes the state of chunk `i`'s notes only (and no model is called while notes
    /// are read), so what is settled in chunk `i + 1` is known now.
    pub fn chunk(
        &mut self,
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        i: usize,
        files: &BTreeMap<String, FileState>,
    ) -> Vec<Read> {
        let read = match self.ahead.take() {
            Some((j, arrives)) if j == i => match arrives.recv() {
                Ok(Ok(read)) => Some(read),
                Ok(Err(panic)) => std::panic::resume_unwind(panic),
                Err(_) => None,
            },
            _ => None,
        };
        let read = read.unwrap_or_else(|| Job::new(store, flow, rels, i, files).read());
        if (i + 1) * CHUNK < rels.len() {
            let job = Job::new(store, flow, rels, i + 1, files);
            let (send, arrives) = sync_channel(1);
            rayon::spawn(move || {
                let read = std::panic::catch_unwind(AssertUnwindSafe(|| job.read()));
                let _ = send.send(read);
            });
            self.ahead = Some((i + 1, arrives));
        }
        read
    }
}

/// One chunk to read, with everything reading it needs (owned: it may run on the pool
/// while the pass stores the chunk before).
struct Job {
    config: Arc<Config>,
    flow: Arc<Flow>,
    /// Each note: its path, its index entry (none: gone) and the hash it was processed at.
    notes: Vec<(String, Option<NoteMeta>, Option<String>)>,
}

impl Job {
    fn new(
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        i: usize,
        files: &BTreeMap<String, FileState>,
    ) -> Job {
        let chunk = rels.chunks(CHUNK).nth(i).unwrap_or_default();
        Job {
            config: store.shared_config(),
            flow: Arc::clone(flow),
            notes: chunk
                .iter()
                .map(|rel| {
                    let meta = store.index().get(rel).cloned();
                    let settled = files.get(rel).map(|fs| fs.hash.clone());
                    (rel.clone(), meta, settled)
                })
                .collect(),
        }
    }

    /// Reads the chunk's notes in parallel, in order.
    fn read(&self) -> Vec<Read> {
        self.notes
            .par_iter()
            .map(|(_, meta, settled)| match meta {
                None => Read::Gone,
                Some(meta) => read_one(&self.config, &self.flow, meta, settled.as_deref()),
            })
            .collect()
    }
}

fn read_one(config: &Config, flow: &Flow, meta: &NoteMeta, settled: Option<&str>) -> Read {
    let text = match read_note(&meta.abs, config.max_note_bytes) {
        Ok(text) => text,
        Err(reason) => return Read::Skipped(reason.to_string()),
    };
    let hash = ContentHash::of(text.as_bytes());
    if settled == Some(hash.hex().as_str()) {
        return Read::Settled;
    }
    let note = Note::parse(text);
    let entries = entries_dated(
        &note,
        &meta.rel,
        &note_dating(config, meta, &note),
        meta.date,
    );
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
