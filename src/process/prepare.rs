//! Reading notes before a pass works on them: read, hash, parse, date the entries and take
//! the rules' reading of each, in parallel over notes (rayon). Passes go through the vault
//! in chunks of [`CHUNK`] notes, so memory stays bounded however large the vault is; in
//! offline mode the next chunk is read while the current one is stored ([`Reads`]).

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;

use rayon::prelude::*;

use crate::config::Config;
use crate::flow::Flow;
use crate::vault::db::Encoded;
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
    pub rules: Vec<Option<Ruled>>,
}

/// The rules' reading of an entry and its stored form, encoded by the reading thread (the
/// pass stores on one thread: what it need not do there is done here).
pub(super) type Ruled = (ParsedRecord, Encoded);

/// Reads the chunks of a pass on the rayon pool. In offline mode the next chunk is read
/// while the pass stores the current one (the store writes on one thread, so the other
/// cores would otherwise wait); with a model each chunk is read when its turn comes, so a
/// note edited while earlier notes wait for the model is read as it is then. The pass
/// awaits a chunk's reading instead of blocking on it, so `watch` sees Ctrl-C meanwhile.
#[derive(Default)]
pub(super) struct Reads {
    /// The chunk being read ahead: its number and where its reading arrives.
    ahead: Option<(usize, Arrives)>,
}

/// Where a chunk's reading arrives (a panic while reading is passed on).
type Arrives = tokio::sync::oneshot::Receiver<std::thread::Result<Vec<Read>>>;

impl Reads {
    /// The reading of chunk `i` of `rels` (chunks of [`CHUNK`]); `files` says which
    /// contents are already processed. Chunk `i + 1` is started too: storing chunk `i`
    /// changes the state of chunk `i`'s notes only (and no model is called while notes
    /// are read), so what is settled in chunk `i + 1` is known now.
    pub async fn chunk(
        &mut self,
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        i: usize,
        files: &BTreeMap<String, FileState>,
    ) -> Vec<Read> {
        let arrives = match self.ahead.take() {
            Some((j, arrives)) if j == i => arrives,
            _ => Job::new(store, flow, rels, i, files).start(),
        };
        if (i + 1) * CHUNK < rels.len() {
            let next = Job::new(store, flow, rels, i + 1, files).start();
            self.ahead = Some((i + 1, next));
        }
        match arrives.await {
            Ok(Ok(read)) => read,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // The pool dropped the job without an answer: read here instead.
            Err(_) => crate::blocking::blocking(|| Job::new(store, flow, rels, i, files).read()),
        }
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

    /// Reads the chunk on the rayon pool.
    fn start(self) -> Arrives {
        let (send, arrives) = tokio::sync::oneshot::channel();
        rayon::spawn(move || {
            let read = std::panic::catch_unwind(AssertUnwindSafe(|| self.read()));
            let _ = send.send(read);
        });
        arrives
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
        .map(|e| {
            e.log.then(|| {
                let record = flow.rules(e);
                let encoded = Encoded::of(&record);
                (record, encoded)
            })
        })
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
