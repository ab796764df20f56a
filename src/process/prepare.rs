//! Reading notes before a pass works on them: read, hash, parse, date the entries and take
//! the rules' reading of each, in parallel over notes (rayon). Passes go through the vault
//! in chunks of [`CHUNK`] notes, so memory stays bounded however large the vault is; the
//! next chunks are read while the current one is stored ([`Reads`]).

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
use crate::vault::read::{read_persons_note, SkipReason};
use crate::vault::stamp::Stamp;
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
    /// A template or a plugin's file: why (never read as a log nor answered).
    NotTheirs(String),
    /// Already processed at exactly this content: known from its stamp (`None`), or read
    /// and found at the processed hash, with the stamp to remember.
    Settled(Option<(ContentHash, Stamp)>),
    /// New or changed content.
    Changed(Box<Parsed>),
}

/// A changed note, parsed.
pub(super) struct Parsed {
    pub hash: ContentHash,
    /// The file's stamp, taken before it was read.
    pub stamp: Option<Stamp>,
    pub note: Note,
    /// Its entries, dated: logs and reference text (searchable, never a log).
    pub entries: Vec<Entry>,
    /// The rules' reading of each log entry, in the same order (`None` for reference text).
    pub rules: Vec<Option<Ruled>>,
}

/// The rules' reading of an entry and its stored form, encoded by the reading thread (the
/// pass stores on one thread: what it need not do there is done here).
pub(super) type Ruled = (ParsedRecord, Encoded);

/// Reads the chunks of a pass on the rayon pool, [`AHEAD`] chunks ahead of the one the
/// pass stores (the store writes on one thread, so the other cores would otherwise wait;
/// reading two chunks ahead instead of one took a tenth of a second off 10,000 notes). No model
/// is called while a pass stores (it refines the entries after the questions). The pass
/// awaits a chunk's reading instead of blocking on it, so `watch` sees Ctrl-C meanwhile.
#[derive(Default)]
pub(super) struct Reads {
    /// The chunks being read ahead: their numbers and where their readings arrive.
    ahead: std::collections::VecDeque<(usize, Arrives)>,
}

/// How many chunks are read ahead of the one being stored.
const AHEAD: usize = 2;

/// Where a chunk's reading arrives (a panic while reading is passed on).
type Arrives = tokio::sync::oneshot::Receiver<std::thread::Result<Vec<Read>>>;

impl Reads {
    /// Starts reading the first chunks of `rels` now (see [`Reads::chunk`]).
    pub fn start(
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        files: &BTreeMap<String, FileState>,
    ) -> Reads {
        let mut reads = Reads::default();
        reads.read_ahead(store, flow, rels, 0, files);
        reads
    }

    /// The reading of chunk `i` of `rels` (chunks of [`CHUNK`]); `files` says which
    /// contents are already processed. The next [`AHEAD`] chunks are started too: storing
    /// chunk `i` changes the state of chunk `i`'s notes only (and no model is called while
    /// notes are read), so what is settled in the chunks after it is known now.
    pub async fn chunk(
        &mut self,
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        i: usize,
        files: &BTreeMap<String, FileState>,
    ) -> Vec<Read> {
        let arrives = match self.ahead.pop_front() {
            Some((j, arrives)) if j == i => arrives,
            _ => {
                self.ahead.clear();
                Job::new(store, flow, rels, i, files).start()
            }
        };
        self.read_ahead(store, flow, rels, i + 1, files);
        match arrives.await {
            Ok(Ok(read)) => read,
            Ok(Err(panic)) => std::panic::resume_unwind(panic),
            // The pool dropped the job without an answer: read here instead.
            Err(_) => crate::blocking::blocking(|| Job::new(store, flow, rels, i, files).read()),
        }
    }

    /// Starts reading the chunks from `first` on that are not read yet, up to [`AHEAD`].
    fn read_ahead(
        &mut self,
        store: &Store,
        flow: &Arc<Flow>,
        rels: &[String],
        first: usize,
        files: &BTreeMap<String, FileState>,
    ) {
        let mut next = self.ahead.back().map_or(first, |(j, _)| j + 1);
        while next < first + AHEAD && next * CHUNK < rels.len() {
            let job = Job::new(store, flow, rels, next, files).start();
            self.ahead.push_back((next, job));
            next += 1;
        }
    }
}

/// One chunk to read, with everything reading it needs (owned: it may run on the pool
/// while the pass stores the chunk before).
struct Job {
    config: Arc<Config>,
    flow: Arc<Flow>,
    /// Each note: its path, its index entry (none: gone) and what it was processed at.
    notes: Vec<(String, Option<NoteMeta>, Option<Settled>)>,
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
                    let settled = files.get(rel).map(|fs| Settled {
                        hash: fs.hash.clone(),
                        seen: fs.seen,
                    });
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
                Some(meta) => read_one(&self.config, &self.flow, meta, settled.as_ref()),
            })
            .collect()
    }
}

/// The content a note was processed at: its hash and the file's stamp then.
struct Settled {
    hash: String,
    seen: Option<Stamp>,
}

fn read_one(config: &Config, flow: &Flow, meta: &NoteMeta, settled: Option<&Settled>) -> Read {
    // Stamped as when it was processed: unchanged (a lowered size limit still reports it).
    let unchanged = settled.is_some_and(|s| s.seen.is_some() && s.seen == meta.stamp);
    if unchanged && meta.size <= config.max_note_bytes {
        return Read::Settled(None);
    }
    let text = match read_persons_note(&meta.abs, config.max_note_bytes) {
        Ok(text) => text,
        Err(reason @ SkipReason::NotTheirs(_)) => return Read::NotTheirs(reason.to_string()),
        Err(reason) => return Read::Skipped(reason.to_string()),
    };
    let hash = ContentHash::of(text.as_bytes());
    if settled.is_some_and(|s| s.hash == hash.hex()) {
        return Read::Settled(meta.stamp.map(|stamp| (hash, stamp)));
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
            crate::offline::read::rows::gives_records(e).then(|| {
                let record = flow.rules(e);
                let encoded = Encoded::of(&record);
                (record, encoded)
            })
        })
        .collect();
    Read::Changed(Box::new(Parsed {
        hash,
        stamp: meta.stamp,
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
