//! One pass over pending work: new or changed notes get their entries parsed, and ready,
//! unanswered questions get exactly one callout. Used by `process` (whole vault, once) and
//! by `watch` (the files that changed). Unchanged files are recognised by content hash,
//! which is also how our own writes are kept from triggering work again. New entries get
//! the rules' reading at once; with a model, its Parser refines them after the questions
//! (see [`refine`]).

mod corrections;
mod living;
mod pending;
mod prepare;
mod progress;
mod refine;
mod report;
mod reread;
mod restamp;
mod resume;

use prepare::{Parsed, Read, CHUNK};

use progress::Progress;
pub use refine::Refined;
pub use report::{callout_for, IgnoredQuestion, PassReport, SkippedFile, UnreadableClauses};

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::sync::Arc;
use std::time::Duration;

use crate::config::Config;
use crate::domains::Domains;
use crate::error::Result;
use crate::flow::{Flow, Outcome, QuestionInput};
use crate::llm::trace::Trace;
use crate::llm::LlmClient;
use crate::offline::observer;
use crate::prompts::Prompts;
use crate::vault::atomic::is_read_only;
use crate::vault::callout::CalloutKind;
use crate::vault::db::Encoded;
use crate::vault::lock::WriteLock;
use crate::vault::parsed::ParsedRecord;
use crate::vault::read::read_persons_note;
use crate::vault::stamp::Stamp;
use crate::vault::state::{FileState, State};
use crate::vault::writeback::{insert_all, Insert, WriteBack};
use crate::vault::{ContentHash, Note, Store};

/// How often the state is saved during a pass (and once at its end).
const SAVE_EVERY: Duration = Duration::from_secs(1);

/// Answers waiting longer than this for the rest of their note's answers are written.
const WRITE_EVERY: Duration = Duration::from_secs(2);

/// How often new log entries alone refresh the context file.
const OBSERVE_EVERY: Duration = Duration::from_secs(300);

// In the Observer's part of the state: the day the context was last refreshed (the periodic
// pass refreshes it once a day even when nothing changed, so "recent" summaries stay true).
use crate::vault::state::REFRESHED;

/// Holds the store, the flow and the processing state across passes.
pub struct Processor {
    config: Arc<Config>,
    store: Store,
    flow: Arc<Flow>,
    state: State,
    state_dirty: bool,
    /// Skip reasons already reported (so `watch` does not repeat them every rescan).
    reported: HashSet<(String, String)>,
    initial_warnings: Vec<String>,
    /// Show progress for long passes (off with `-q`).
    show_progress: bool,
    /// When the state was last saved.
    last_saved: std::time::Instant,
    /// When the context file was last brought up to date.
    last_observed: Option<std::time::Instant>,
    /// What the Observer agent asked to remember, merged at the end of the pass.
    remembered: Vec<crate::offline::observer::Observation>,
    /// The marks (bests, domains) the context file was last brought up to date with.
    marks: Option<crate::offline::observer::Marks>,
    /// Records of new entries since then, while watching (a new best updates it at once).
    fresh: Vec<ParsedRecord>,
    /// New entries are not queued for the model (a flow refines them with a model itself).
    rules_only: bool,
    /// Correction entries read in this pass, applied once every note of the pass is stored
    /// (the entry they correct may be in a note read later).
    corrections_due: Vec<crate::vault::Entry>,
    /// `watch`: entries are refined by the model between passes, not at the end of each.
    background_refinement: bool,
    /// The model was down or failing: no refinement until the next pass.
    refine_paused: bool,
    /// The first pass starts as soon as the processor is open (a one-shot command): it
    /// takes the scan made on opening as its own (see [`Processor::starts_now`]).
    starts_now: bool,
    /// Whether the work interrupted before this program started was looked for (once, by
    /// the first full pass or by [`Processor::resume_interrupted`]).
    resumed: bool,
    /// The day living questions were last answered again (see [`living`]).
    living_day: Option<chrono::NaiveDate>,
    /// The state was not read at opening (every note was processed at the stamp it has):
    /// it is read before anything uses it, and never saved unread.
    state_unread: bool,
    /// The first pass has nothing to read (see [`Processor::open_for_question`]).
    settled_at_open: bool,
    /// The records were read by another reader: the next full pass reads them again (see
    /// [`reread`]).
    reread_due: bool,
    /// This pass reads every record the rules read again.
    rereading: bool,
    /// Notes settled this pass with no stamp to trust yet (see [`restamp`]).
    unstamped: Vec<String>,
}

/// Whether every note of the opened vault was processed at the stamp it has now, as the
/// summary of the state last saved tells, and the first pass would find nothing to do (the
/// context file is there and was brought up to date today).
fn all_settled(store: &Store, config: &Config) -> bool {
    let Some(settled) = State::settled(&config.agent_dir()) else {
        return false;
    };
    let today = chrono::Local::now().date_naive().to_string();
    // The context file is written on the first pass that has logs to observe.
    let context_due =
        !config.vault.join(&config.global_context).exists() && store.index().span().is_some();
    if store.records_are_new()
        || settled.refreshed.as_deref() != Some(today.as_str())
        || context_due
    {
        return false;
    }
    let notes = store.index().all();
    let mut stamped = Vec::with_capacity(notes.len());
    for meta in &notes {
        match &meta.stamp {
            Some(stamp) if meta.size <= config.max_note_bytes => {
                stamped.push((meta.rel.as_str(), stamp))
            }
            _ => return false,
        }
    }
    notes.len() == settled.files && crate::vault::state::settled_sum(stamped) == settled.sum
}

impl Processor {
    /// Opens a vault: loads domains and state and indexes the notes.
    pub fn open(config: Arc<Config>) -> Result<Processor> {
        Self::open_with(config, false)
    }

    /// Like [`Processor::open`]; `trace_prompts` also stores full requests in the trace.
    pub fn open_with(config: Arc<Config>, trace_prompts: bool) -> Result<Processor> {
        Self::open_as(config, trace_prompts, false)
    }

    /// Opens the vault to answer one question and end (`ask`): when every note was
    /// processed at the stamp it has now (the summary beside the state says so, see
    /// [`crate::vault::state::Settled`]), the state is not read and the first pass reads
    /// nothing; else as [`Processor::open_with`].
    pub fn open_for_question(config: Arc<Config>, trace_prompts: bool) -> Result<Processor> {
        Self::open_as(config, trace_prompts, true)
    }

    fn open_as(config: Arc<Config>, trace_prompts: bool, question: bool) -> Result<Processor> {
        // The domains' patterns, the prompts and the state file are made and read while the
        // vault is walked: none depends on the others, and a one-shot `ask` waits on all.
        let agent_dir = config.agent_dir();
        let (domains, prompts, loaded, store) = std::thread::scope(|scope| {
            let words = scope.spawn(|| (Domains::load(&agent_dir), Prompts::load(&agent_dir)));
            let state = (!question).then(|| scope.spawn(|| State::load(&agent_dir)));
            // Two programs opening a new vault at once must not both create the index.
            let store =
                WriteLock::acquire(&agent_dir).and_then(|_turn| Store::open(config.clone()));
            fn rethrow<T>(panic: Box<dyn std::any::Any + Send>) -> T {
                std::panic::resume_unwind(panic)
            }
            let (domains, prompts) = words.join().unwrap_or_else(rethrow);
            let loaded = state.map(|s| s.join().unwrap_or_else(rethrow));
            (domains, prompts, loaded, store)
        });
        let (domains, prompts, store) = (domains?, prompts?, store?);
        let reread_due = reread::due(&store, &config.reader)?;
        let settled_at_open = loaded.is_none() && all_settled(&store, &config);
        let (state, state_warning) = match loaded {
            Some(loaded) => loaded,
            None if settled_at_open => (State::default(), None),
            None => State::load(&agent_dir),
        };
        let llm = config.llm.uses_models().then(|| {
            let trace = Trace::new(Some(config.agent_dir().join("trace.jsonl")), trace_prompts);
            Arc::new(
                LlmClient::new(config.llm.clone(), trace)
                    .with_journal(config.agent_dir().join("calls.jsonl")),
            )
        });
        let mut state = state;
        if store.records_are_new() && !state.files.is_empty() {
            // The records database was rebuilt (older version, damaged, deleted): every
            // note is parsed again.
            state.files.clear();
        }
        // Sessions that finished long ago are of no more use; unfinished ones are resumed
        // at start (see `resume`).
        let sessions = crate::flow::sessions::Sessions::new(&config.agent_dir());
        match sessions.prune(config.session_keep) {
            Ok(0) => {}
            Ok(n) => tracing::info!("removed {n} finished session(s)"),
            Err(e) => tracing::warn!("finished sessions not removed: {e}"),
        }
        let mut initial_warnings: Vec<String> = config.obsidian.warnings.clone();
        initial_warnings.extend(store.rules().warnings.iter().cloned());
        initial_warnings.extend(state_warning);
        Ok(Processor {
            config,
            store,
            flow: Arc::new(Flow::new(domains, prompts, llm)),
            state,
            state_dirty: false,
            reported: HashSet::new(),
            initial_warnings,
            remembered: Vec::new(),
            marks: None,
            fresh: Vec::new(),
            last_observed: None,
            last_saved: std::time::Instant::now(),
            show_progress: true,
            rules_only: false,
            corrections_due: Vec::new(),
            background_refinement: false,
            refine_paused: false,
            starts_now: false,
            resumed: false,
            living_day: None,
            state_unread: settled_at_open,
            settled_at_open,
            reread_due,
            rereading: false,
            unstamped: Vec::new(),
        })
    }

    /// Reads the state when it was left unread at opening (see
    /// [`Processor::open_for_question`]).
    fn read_state(&mut self) {
        if !std::mem::take(&mut self.state_unread) {
            return;
        }
        let (state, warning) = State::load(&self.config.agent_dir());
        self.state = state;
        if self.store.records_are_new() {
            self.state.files.clear();
        }
        self.initial_warnings.extend(warning);
    }

    /// Says that the first pass follows the opening at once (`reindex`, `process`, `ask`
    /// from the command line): the vault is not walked a second time for it.
    pub fn starts_now(&mut self) {
        self.starts_now = true;
    }

    /// Turns progress display for long passes on or off.
    pub fn set_progress(&mut self, show: bool) {
        self.show_progress = show;
    }

    /// The store (for `ask` and tests).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The flow.
    pub fn flow(&self) -> &Flow {
        &self.flow
    }

    /// Rescans the whole vault and processes every note whose content changed.
    /// `quiet`: files edited more recently than this are not written to (deferred).
    pub async fn full_pass(&mut self, quiet: Duration) -> Result<PassReport> {
        self.begin_pass();
        let mut report = PassReport::default();
        for warning in std::mem::take(&mut self.initial_warnings) {
            tracing::warn!("{warning}");
            report.warnings.push(warning);
        }
        let rels = self.rescan(&mut report);
        let first = self.take_interrupted();
        self.forget_vanished(&rels)?;
        let label = match self.start_reread()? {
            true => "re-reading",
            false => "reading notes",
        };
        // Parse everything first, so questions are answered over up-to-date data.
        let mut pending = self.parse_files(&rels, label, false, &mut report).await?;
        if self.rereading {
            self.finish_reread()?;
        }
        // Interrupted work first: it was asked before anything else that waits.
        pending.sort_by_key(|rel| !first.contains(rel));
        for rel in &pending {
            self.process_file(rel, quiet, &mut report).await?;
            self.save_progress()?;
            tokio::task::yield_now().await;
        }
        self.refresh_living(quiet, &mut report).await?;
        // Questions were answered from the rules' reading; the model refines it now.
        self.refine_queue(&mut report).await?;
        self.observe(&report)?;
        self.restamp_written();
        self.finish_pass()?;
        Ok(report)
    }

    /// Imports old logs from `path` (see [`crate::import`]), then parses them.
    pub async fn import(
        &mut self,
        path: &std::path::Path,
        dry_run: bool,
    ) -> Result<(crate::import::ImportReport, PassReport)> {
        let imported = crate::import::import(&self.config, path, &self.state.imported, dry_run)?;
        if dry_run {
            return Ok((imported.report, PassReport::default()));
        }
        // The notes are read while they are flushed to disk; the ledger gains their chunks
        // once they are on it.
        let pass = if imported.failed() {
            Ok(PassReport::default())
        } else {
            self.parse_pass().await
        };
        let report = imported.finish();
        let (report, mut pass) = match (report, pass) {
            (Ok(report), Ok(pass)) => (report, pass),
            (Err(err), _) | (_, Err(err)) => {
                self.save_state()?;
                return Err(err);
            }
        };
        self.refine_all(&mut pass).await?;
        Ok((report, pass))
    }

    /// Refines every entry awaiting the model (after [`Processor::parse_pass`], for
    /// `import` and `export`).
    pub async fn refine_all(&mut self, report: &mut PassReport) -> Result<()> {
        self.begin_pass();
        let before = report.entries_refined;
        self.refine_queue(report).await?;
        if report.entries_refined > before {
            self.observe(report)?;
        }
        self.finish_pass()
    }

    /// Brings parsed data up to date without answering or writing any note (for `ask`):
    /// new entries get the rules' reading and wait for the model (see [`refine`]).
    pub async fn parse_pass(&mut self) -> Result<PassReport> {
        if std::mem::take(&mut self.settled_at_open) {
            return Ok(PassReport {
                notes: self.store.index().len(),
                ..PassReport::default()
            });
        }
        self.read_state();
        let mut report = PassReport::default();
        let rels = self.rescan(&mut report);
        self.forget_vanished(&rels)?;
        self.parse_files(&rels, "reading notes", false, &mut report)
            .await?;
        self.observe(&report)?;
        self.finish_pass()?;
        Ok(report)
    }

    /// Reads what an input logged (`input`, the MCP `log` tool): when the text is both a log
    /// and a question and a model answers, the rules read the log part now and the flow's
    /// Parser refines it while it plans (the returned part is what the question builds on);
    /// else a whole parse pass, when anything was logged.
    pub async fn read_logged(
        &mut self,
        routed: &crate::input::Routed,
    ) -> Result<Option<crate::flow::LoggedPart>> {
        let both = routed.both_logged().filter(|_| self.flow().llm().is_some());
        if both.is_some() {
            self.parse_pass_rules_only().await?;
        } else if routed.logged_to.is_some() {
            self.parse_pass().await?;
        }
        Ok(both)
    }

    /// Like [`Processor::parse_pass`], without queueing the new entries for the model: for
    /// input whose log part a flow parses with a model while it plans the query part (BOTH).
    pub async fn parse_pass_rules_only(&mut self) -> Result<PassReport> {
        self.rules_only = true;
        let report = self.parse_pass().await;
        self.rules_only = false;
        report
    }

    /// Handles the notes whose questions were left with interrupted model sessions (for
    /// `serve`, which runs no pass of its own over the notes): each resumed session's
    /// answer lands in its note. A no-op when there are none, or after the first pass.
    /// Only programs that answer notes look for them (`ask` and `input` do not).
    pub async fn resume_interrupted(&mut self) -> Result<PassReport> {
        let rels = self.take_interrupted();
        let mut report = PassReport::default();
        if rels.is_empty() {
            return Ok(report);
        }
        self.begin_pass();
        for rel in &rels {
            if self.store.refresh(rel) && self.parse_file(rel, &mut report).await? {
                self.process_file(rel, Duration::ZERO, &mut report).await?;
                self.save_progress()?;
            }
        }
        self.finish_pass()?;
        Ok(report)
    }

    /// The notes whose questions were left with interrupted model sessions (the first time
    /// only; none without models). Their notes count as changed from now on, so they are
    /// handled even when the state file says otherwise (settled before the work began).
    fn take_interrupted(&mut self) -> Vec<String> {
        if std::mem::replace(&mut self.resumed, true) || self.flow.llm().is_none() {
            return Vec::new();
        }
        let rels = resume::interrupted_notes(&self.store);
        for rel in &rels {
            if let Some(fs) = self.state.files.get_mut(rel) {
                fs.hash.clear();
                fs.seen = None;
                self.state_dirty = true;
            }
        }
        rels
    }

    /// Processes the given vault-relative paths (changed, created or removed).
    pub async fn process_paths(&mut self, rels: &[String], quiet: Duration) -> Result<PassReport> {
        self.begin_pass();
        let mut report = PassReport::default();
        let mut present = Vec::new();
        for rel in rels {
            if self.store.refresh(rel) {
                report.notes += 1;
                if self.parse_file(rel, &mut report).await? {
                    present.push(rel);
                }
            } else if self.state.files.contains_key(rel) {
                self.forget(rel)?;
            }
        }
        for rel in present {
            self.process_file(rel, quiet, &mut report).await?;
            self.save_progress()?;
        }
        self.refresh_living(quiet, &mut report).await?;
        self.refine_queue(&mut report).await?;
        self.observe(&report)?;
        self.finish_pass()?;
        Ok(report)
    }

    /// Deletes all parsed data and parses every note again (questions are left alone).
    pub async fn reindex(&mut self) -> Result<PassReport> {
        // Per-day JSON files of earlier versions are replaced by index.db.
        let parsed = self.config.agent_dir().join("parsed");
        if parsed.exists() {
            std::fs::remove_dir_all(&parsed).map_err(|e| crate::Error::io(&parsed, e))?;
        }
        // Only the per-file hashes are derived from the parsed data; what the Observer last
        // wrote (so its lines keep being updated) and the import ledger stay.
        self.state.files.clear();
        self.state_dirty = true;
        let mut report = PassReport::default();
        let rels = self.rescan(&mut report);
        // The first notes are read while the tables are emptied.
        let reads = prepare::Reads::start(&self.store, &self.flow, &rels, &self.state.files);
        self.store.clear_records()?;
        // Questions are left alone: every note is settled at the content it has now.
        self.parse_files_with(&rels, reads, "rebuilding", true, &mut report)
            .await?;
        self.finish_reread()?;
        self.refine_queue(&mut report).await?;
        self.observe(&report)?;
        self.finish_pass()?;
        Ok(report)
    }

    /// A model server found down stays skipped until the end of the pass (see
    /// [`LlmClient::begin_pass`]).
    fn begin_pass(&mut self) {
        self.refine_paused = false;
        self.unstamped.clear();
        if let Some(llm) = self.flow.llm() {
            llm.begin_pass();
        }
    }

    /// Rescans the vault; returns every note's path and reports the skipped files.
    fn rescan(&mut self, report: &mut PassReport) -> Vec<String> {
        let opening_scan = if self.starts_now {
            self.starts_now = false;
            self.store.take_opening_scan()
        } else {
            None
        };
        let skipped = opening_scan.unwrap_or_else(|| self.store.rescan());
        for s in skipped {
            self.report_skip(report, s.rel, s.reason.to_string());
        }
        let rels: Vec<String> = self
            .store
            .index()
            .all()
            .iter()
            .map(|m| m.rel.clone())
            .collect();
        report.notes = rels.len();
        rels
    }

    /// Whether `rel` was fully processed at exactly this content.
    fn is_settled(&self, rel: &str, hash: ContentHash) -> bool {
        settled_in(&self.state.files, rel, hash)
    }

    /// Records that `rel` is fully processed at this content (our own writes included);
    /// `seen`: the file's stamp when this content was read, if known.
    fn settle(&mut self, rel: &str, hash: ContentHash, seen: Option<Stamp>) {
        if let Some(fs) = self.state.files.get_mut(rel) {
            fs.hash = hash.hex();
            fs.seen = seen;
            self.state_dirty = true;
            if seen.is_none() {
                self.unstamped.push(rel.to_string());
            }
        }
    }

    /// Records the stamp of a note found settled at `hash` by reading it, so the next pass
    /// need not read it.
    fn saw(&mut self, rel: &str, hash: ContentHash, stamp: Stamp) {
        if let Some(fs) = self.state.files.get_mut(rel) {
            if fs.hash == hash.hex() && fs.seen != Some(stamp) {
                fs.seen = Some(stamp);
                self.state_dirty = true;
            }
        }
    }

    /// Updates `global-context.md` from the parsed data when this pass changed anything.
    fn observe(&mut self, report: &PassReport) -> Result<()> {
        let context_missing = !self.config.vault.join(&self.config.global_context).exists();
        let changed = report.entries_parsed > 0
            || report.entries_reread > 0
            || report.entries_refined > 0
            || report.questions_answered > 0
            || !report.corrected.is_empty();
        let first_time = context_missing && !self.state.files.is_empty();
        let today = chrono::Local::now().date_naive();
        let periodic = !self.state.files.is_empty()
            && self.state.observer.get(REFRESHED) != Some(&today.to_string());
        let fresh = std::mem::take(&mut self.fresh);
        // A new best or a first log in a domain is written down at once.
        let significant =
            !fresh.is_empty() && self.marks.as_ref().is_none_or(|m| m.beaten_by(&fresh));
        if !changed && !first_time && !periodic {
            return Ok(());
        }
        // While watching, a note saved every few seconds should not re-read every parsed day
        // each time: new log entries are summarised at most every few minutes (answers and
        // the Observer agent's updates always go through).
        let recently = self
            .last_observed
            .is_some_and(|t| t.elapsed() < OBSERVE_EVERY);
        // A correction is the person telling us a number was wrong: always learned from.
        if recently
            && !first_time
            && report.questions_answered == 0
            && report.corrected.is_empty()
            && self.remembered.is_empty()
            && !significant
            && !periodic
        {
            return Ok(());
        }
        self.last_observed = Some(std::time::Instant::now());
        // The day's refresh is done here, also in a vault with no log to observe (an `ask`
        // need not read the state again until a log comes, see [`all_settled`]).
        if periodic {
            self.state
                .observer
                .insert(REFRESHED.to_string(), today.to_string());
            self.state_dirty = true;
        }
        let Some((start, end)) = self.store.index().span() else {
            return Ok(());
        };
        // Every record counts for the bests, read a batch at a time (a large vault's records
        // do not fit in memory at once, decoded); the patterns need only the recent ones.
        let mut history = observer::History::default();
        if let Err(e) = self
            .store
            .records_in_batches(start, end, |batch| history.add(batch))
        {
            tracing::warn!("{e}");
            history = observer::History::default();
        }
        let since = observer::patterns_since(today).max(start);
        let records = self.store.records_between(since, end.min(today));
        self.marks = Some(history.marks());
        let mut observations = observer::observe_over(&history, &records, today);
        observations.append(&mut self.remembered);
        if observations.is_empty() {
            return Ok(());
        }
        let existing = self.store.global_context()?;
        let existing = (!existing.is_empty()).then_some(existing);
        let update = crate::offline::observer::update(
            existing.as_deref(),
            &observations,
            &self.state.observer,
            today,
            self.config.max_global_context_tokens,
        );
        if existing.as_deref() != Some(update.text.as_str()) {
            let _turn = WriteLock::acquire(&self.config.agent_dir())?;
            // Archived lines are appended before they leave the context: never lost.
            self.archive(&update.archived, today)?;
            self.store.update_global_context(&update.text)?;
        }
        let mut written = update.written;
        written.insert(REFRESHED.to_string(), today.to_string());
        if written != self.state.observer {
            self.state.observer = written;
            self.state_dirty = true;
        }
        Ok(())
    }

    /// Appends lines moved out of the context file to its archive (atomically).
    fn archive(&self, lines: &[String], today: chrono::NaiveDate) -> Result<()> {
        if lines.is_empty() {
            return Ok(());
        }
        let path =
            crate::vault::contain::inside(&self.config.vault, &self.config.global_context_archive)?;
        let existing = crate::vault::context::read_context(&path)?;
        let text = crate::offline::observer::archive_text(existing.as_deref(), lines, today);
        crate::vault::context::write_context(&path, &text)
    }

    /// Parses the changed notes among `rels`, a chunk at a time (read in parallel, then
    /// stored in order). Returns the notes with questions waiting. `settle_all` (reindex)
    /// marks every note processed, questions or not.
    async fn parse_files(
        &mut self,
        rels: &[String],
        label: &str,
        settle_all: bool,
        report: &mut PassReport,
    ) -> Result<Vec<String>> {
        let reads = prepare::Reads::default();
        self.parse_files_with(rels, reads, label, settle_all, report)
            .await
    }

    /// [`Processor::parse_files`] with the reading of the first chunks started already.
    async fn parse_files_with(
        &mut self,
        rels: &[String],
        mut reads: prepare::Reads,
        label: &str,
        settle_all: bool,
        report: &mut PassReport,
    ) -> Result<Vec<String>> {
        let mut pending = Vec::new();
        let mut progress = Progress::new(label, rels.len(), !self.show_progress);
        // Which side bounds a pass: time spent waiting for the readers, and storing.
        let (mut waited, mut stored) = (Duration::ZERO, Duration::ZERO);
        for (i, chunk) in rels.chunks(CHUNK).enumerate() {
            let files = &self.state.files;
            let started = std::time::Instant::now();
            let read = reads.chunk(&self.store, &self.flow, rels, i, files).await;
            waited += started.elapsed();
            let started = std::time::Instant::now();
            // One transaction per chunk, an interrupted pass keeps what it stored (no model
            // is called here: it refines the entries after the questions, see [`refine`]).
            self.store.begin_writes()?;
            for (rel, read) in chunk.iter().zip(read) {
                match self.parse_read(rel, read, settle_all, report).await {
                    Ok(true) => pending.push(rel.clone()),
                    Ok(false) => {}
                    Err(err @ crate::Error::Data { .. }) => {
                        self.not_stored(chunk, rel, err, report)?
                    }
                    Err(err) => return Err(err),
                }
                progress.tick();
                // Offline nothing here waits: without this, storing a chunk is one long
                // poll and `watch` could not see Ctrl-C (or stop for it) until it ended.
                tokio::task::yield_now().await;
            }
            if let Err(err) = crate::blocking::blocking(|| self.store.commit_writes()) {
                let last = chunk.last().map(String::as_str).unwrap_or_default();
                self.not_stored(chunk, last, err, report)?;
            }
            self.save_progress()?;
            stored += started.elapsed();
        }
        progress.finish();
        // A rebuild's question-only indexes are made now, in one go, before any question.
        crate::blocking::blocking(|| self.store.finish_rebuild())?;
        if rels.len() > 1 {
            tracing::debug!(
                "{label}: {} notes, {} ms waiting for them to be read, {} ms storing them",
                rels.len(),
                waited.as_millis(),
                stored.as_millis()
            );
        }
        self.apply_corrections(report)?;
        Ok(pending)
    }

    /// Parses one changed note's entries (questions are left for [`Self::process_file`]).
    async fn parse_file(&mut self, rel: &str, report: &mut PassReport) -> Result<bool> {
        Ok(!self
            .parse_files(&[rel.to_string()], "", false, report)
            .await?
            .is_empty())
    }

    /// Stores what was read of one note. Returns whether questions wait in it.
    async fn parse_read(
        &mut self,
        rel: &str,
        read: Read,
        settle_all: bool,
        report: &mut PassReport,
    ) -> Result<bool> {
        let Parsed {
            hash,
            stamp,
            note,
            entries,
            rules,
        } = match read {
            Read::Gone | Read::Settled(None) => return Ok(false),
            Read::Settled(Some((hash, stamp))) => {
                self.saw(rel, hash, stamp);
                return Ok(false);
            }
            Read::Skipped(reason) => {
                self.report_skip(report, rel.to_string(), reason);
                return Ok(false);
            }
            Read::NotTheirs(reason) => {
                // What an earlier version read of it goes: no run counted from a template.
                self.forget(rel)?;
                tracing::info!("{rel}: {reason}");
                report.skipped.push(SkippedFile {
                    path: rel.to_string(),
                    reason,
                });
                return Ok(false);
            }
            Read::Changed(parsed) => *parsed,
        };
        report.notes_changed += 1;
        let nuls = crate::vault::read::stray_nuls(&note.text);
        if nuls > 0 {
            let message = format!(
                "{rel}: holds {nuls} NUL character(s), which are not text; the note is still read, but other tools may refuse it: remove them"
            );
            if self.reported.insert((rel.to_string(), message.clone())) {
                tracing::warn!("{message}");
                report.warnings.push(message);
            }
        }
        if let Some(err) = note.frontmatter_error() {
            let message = format!(
                "{rel}: frontmatter is not valid YAML ({}); the note is still read, but its keys (like date:) are ignored until the YAML is fixed",
                err.lines().next().unwrap_or(err)
            );
            if self.reported.insert((rel.to_string(), message.clone())) {
                tracing::warn!("{message}");
                report.warnings.push(message);
            }
        }
        for (line, why) in &note.ignored_questions {
            tracing::info!(
                "{rel}:{}: a `?` line {why} is not read as a question",
                line + 1
            );
            report.questions_ignored.push(IgnoredQuestion {
                path: rel.to_string(),
                line: line + 1,
                reason: format!("{why}: not read as a question"),
            });
        }
        self.parse_entries(rel, &entries, Some(rules), report)
            .await?;
        self.state_dirty |= pending::prune_withdrawn(&mut self.state, rel, &note);
        self.state_dirty |= match note.questions.iter().any(|q| q.living) {
            true => self.state.living.insert(rel.to_string()),
            false => self.state.living.remove(rel),
        };
        let pending = !settle_all
            && note.questions.iter().any(|q| {
                q.handled.is_none()
                    || (q.handled == Some(CalloutKind::Question)
                        && q.reply.as_ref().is_some_and(|r| !r.answered))
            });
        if !pending {
            self.settle(rel, hash, stamp);
        }
        Ok(pending)
    }

    /// Phase 2: answers the note's ready questions (its entries are parsed already).
    async fn process_file(
        &mut self,
        rel: &str,
        quiet: Duration,
        report: &mut PassReport,
    ) -> Result<()> {
        let Some(meta) = self.store.index().get(rel) else {
            return Ok(());
        };
        let Ok(text) = read_persons_note(&meta.abs, self.config.max_note_bytes) else {
            return Ok(()); // reported when it was parsed
        };
        let hash = ContentHash::of(text.as_bytes());
        if self.is_settled(rel, hash) {
            return Ok(());
        }
        let note = Note::parse(text);
        // Edited between the two phases: bring its entries up to date too.
        let entries = prepare::dated_entries(&self.store, meta, &note);
        match self.parse_entries(rel, &entries, None, report).await {
            Err(err @ crate::Error::Data { .. }) => {
                // A full disk: answered on a later run.
                self.report_unwritable(report, rel, err.to_string());
                return Ok(());
            }
            other => other?,
        }
        self.apply_corrections(report)?;
        let (final_hash, settled) = self
            .answer_questions(rel, &note, hash, quiet, report)
            .await?;
        if settled {
            // Our writes changed the file since it was stamped: read once more next time.
            self.settle(rel, final_hash, None);
        }
        Ok(())
    }

    /// Stores a note's entries for search and parses its new or changed log entries into
    /// records. `rules`: the rules' reading of each entry when it was taken already (see
    /// [`prepare`]).
    async fn parse_entries(
        &mut self,
        rel: &str,
        entries: &[crate::vault::Entry],
        rules: Option<Vec<Option<prepare::Ruled>>>,
        report: &mut PassReport,
    ) -> Result<()> {
        let old = self.state.files.get(rel).cloned().unwrap_or_default();
        let ids: BTreeMap<String, String> = entries
            .iter()
            .map(|e| (e.id.0.clone(), e.hash.hex()))
            .collect();
        let same_dates = entries
            .iter()
            .filter(|e| e.log)
            .all(|e| old.dates.contains(&e.date));
        let unchanged = ids == old.entries && same_dates && self.state.files.contains_key(rel);
        if unchanged && !self.rereading {
            return Ok(());
        }
        self.store.save_entries(rel, entries)?;
        // Reference text is searchable, never a log; a table of dated rows in it gives its
        // rows.
        let (found, mut rules): (Vec<_>, Vec<_>) = entries
            .iter()
            .zip(
                rules
                    .unwrap_or_default()
                    .into_iter()
                    .chain(std::iter::repeat(None)),
            )
            .filter(|(e, _)| crate::offline::read::rows::gives_records(e))
            .unzip();
        // Reuse earlier records for unchanged text (keeps corrections, saves model calls).
        let mut previous: BTreeMap<String, ParsedRecord> = self
            .store
            .records_of(rel)
            .unwrap_or_default()
            .into_iter()
            .map(|r| (r.content_hash.clone(), r))
            .collect();
        let known: HashSet<String> = previous.keys().cloned().collect();
        // Unchanged text keeps its record; new text gets the rules' reading now and, with a
        // model, waits for its parse (after the questions, see [`refine`]).
        let mut records: Vec<ParsedRecord> = Vec::with_capacity(found.len());
        // The stored form of the records taken as the readers encoded them.
        let mut encoded: Vec<Option<Encoded>> = Vec::with_capacity(found.len());
        let mut for_model: Vec<(String, String)> = Vec::new();
        for (i, entry) in found.iter().enumerate() {
            let (record, done) = match previous.remove(&entry.hash.hex()) {
                Some(r) if !(self.rereading && r.read_by_rules()) => (r.placed_at(entry), None),
                // A new reader reads it again; it waits for the model no more than before.
                Some(_) => {
                    report.entries_reread += 1;
                    match rules[i].take() {
                        Some((record, done)) => (record, Some(done)),
                        None => (self.flow.rules(entry), None),
                    }
                }
                None if corrections::is_correction(entry) => {
                    // Its numbers change the entry it corrects, not the person's totals.
                    report.entries_parsed += 1;
                    self.corrections_due.push((*entry).clone());
                    let parser = crate::offline::correct::CORRECTION_PARSER.to_string();
                    (ParsedRecord::for_entry(entry, parser), None)
                }
                None => {
                    report.entries_parsed += 1;
                    // A flow given the entry parses it with the model itself.
                    if !self.rules_only && entry.log {
                        for_model.push((entry.hash.hex(), entry.date.to_string()));
                    }
                    match rules[i].take() {
                        Some((record, done)) => (record, Some(done)),
                        None => (self.flow.rules(entry), None),
                    }
                }
            };
            records.push(record);
            encoded.push(done);
        }
        let unreadable: Vec<String> = records
            .iter()
            .flat_map(|r| r.unreadable.iter().cloned())
            .collect();
        if !unreadable.is_empty() {
            tracing::info!(
                "{rel}: {} clause(s) with numbers not read: {unreadable:?}",
                unreadable.len()
            );
            report.unreadable.push(UnreadableClauses {
                path: rel.to_string(),
                clauses: unreadable,
            });
        }
        if self.last_observed.is_some() {
            self.fresh.extend(
                records
                    .iter()
                    .filter(|r| {
                        !known.contains(&r.content_hash)
                            && r.parser != crate::offline::correct::CORRECTION_PARSER
                    })
                    .cloned(),
            );
        }
        self.queue_for_model(rel, &records, &for_model)?;
        let dates = self.store.save_parsed_encoded(rel, records, encoded)?;
        self.state.files.insert(
            rel.to_string(),
            FileState {
                hash: old.hash,
                entries: ids,
                dates,
                seen: old.seen,
            },
        );
        self.state_dirty = true;
        Ok(())
    }

    /// Answers ready, unhandled questions. Returns the note's hash after our writes and
    /// whether every ready question was settled (false when some were deferred).
    async fn answer_questions(
        &mut self,
        rel: &str,
        note: &Note,
        hash: ContentHash,
        quiet: Duration,
        report: &mut PassReport,
    ) -> Result<(ContentHash, bool)> {
        let Some(meta) = self.store.index().get(rel).cloned() else {
            return Ok((hash, true));
        };
        let mut written = Written {
            hash,
            settled: true,
        };
        let mut batch: Vec<Ready> = Vec::new();
        let mut batch_started: Option<std::time::Instant> = None;
        let open_questions = note.questions.iter().any(|q| {
            q.ready
                && (q.handled.is_none()
                    || (q.handled == Some(CalloutKind::Question)
                        && q.reply.as_ref().is_some_and(|r| !r.answered && r.ready)))
        });
        if open_questions && is_read_only(&meta.abs) {
            // Checked before any model call: the answer could not be written anyway.
            self.report_read_only(report, rel);
            return Ok((hash, false));
        }
        // "last week" is read from the date a question sits under; in a note without
        // dates, from today.
        let dating = self.store.dating(&meta, note);
        let mut pending = pending::PendingNote {
            abs: meta.abs.clone(),
            agent_dir: self.config.agent_dir(),
            quiet,
            max_bytes: self.config.max_note_bytes,
            last_write: None,
            note,
            withdrawn: self.state.withdrawn.get(rel).cloned().unwrap_or_default(),
        };
        for q in &note.questions {
            // A question waits for the person's `!` reply once we asked them something.
            let reply = match (&q.handled, &q.reply) {
                (None, _) => None,
                (Some(_), Some(r)) if q.handled == Some(CalloutKind::Question) && !r.answered => {
                    if !r.ready {
                        report.questions_waiting += 1;
                        continue;
                    }
                    Some(r.clone())
                }
                _ => continue,
            };
            if !q.ready {
                report.questions_waiting += 1;
                continue;
            }
            let key = pending::withdrawn_key(&q.text, reply.as_ref().map(|r| r.text.as_str()));
            if pending::is_withdrawn(&self.state, rel, &key) {
                tracing::debug!("{rel}: “{}” was withdrawn while it was worked on", q.text);
                continue;
            }
            let anchor = dating
                .date_at(q.line)
                .unwrap_or_else(|| chrono::Local::now().date_naive());
            // A recurring question (`?? every Sunday: …`) is asked for its latest period.
            let (text, anchor, period) =
                living::asked(q, anchor, chrono::Local::now().date_naive());
            let input = QuestionInput {
                text,
                anchor,
                source: Some(rel.to_string()),
                clarification: reply.as_ref().map(|r| r.text.clone()),
                session: reply.as_ref().and_then(|r| r.session.clone()),
                logged: None,
            };
            // While a model works, a pending callout under the question (or the reply)
            // shows how far it got.
            let (mut outcome, shown, over_pending) = match pending
                .answer(&self.flow, &self.store, &input, q, reply.as_ref())
                .await
            {
                Some(done) => (done.outcome, done.shown, done.over_pending),
                None => {
                    self.withdrawn(rel, &key, None, report);
                    continue;
                }
            };
            if reply.is_some() {
                if let Outcome::NeedsInput { .. } = outcome {
                    // Asked once already: answer with what there is.
                    let skip = QuestionInput {
                        clarification: Some("skip".into()),
                        ..input.clone()
                    };
                    outcome = self.flow.answer(&self.store, &skip).await;
                }
            }
            let rendered = living::first_callout(q, &outcome, period);
            batch.push(Ready {
                question: q.clone(),
                reply,
                outcome,
                rendered,
                over_pending,
            });
            // One write-back for all of a note's answers (the note is read and parsed once);
            // answers that took a while (model calls, a pending callout) are written as they
            // come.
            if batch_started
                .get_or_insert_with(std::time::Instant::now)
                .elapsed()
                >= WRITE_EVERY
                || shown
            {
                batch_started = None;
                let ready = std::mem::take(&mut batch);
                if !self.write_answers(rel, &mut pending.abs, ready, quiet, &mut written, report) {
                    return Ok((written.hash, false));
                }
            }
        }
        if !self.write_answers(rel, &mut pending.abs, batch, quiet, &mut written, report) {
            return Ok((written.hash, false));
        }
        Ok((written.hash, written.settled))
    }

    /// Writes a batch of answers into the note at `abs` in one write-back and reports each;
    /// a note renamed or moved meanwhile is found again and `abs` becomes its new path.
    /// Returns false when the note cannot be written (its remaining questions wait for a
    /// later run).
    fn write_answers(
        &mut self,
        rel: &str,
        abs: &mut std::path::PathBuf,
        batch: Vec<Ready>,
        quiet: Duration,
        written: &mut Written,
        report: &mut PassReport,
    ) -> bool {
        if batch.is_empty() {
            return true;
        }
        let inserts: Vec<Insert> = batch
            .iter()
            .map(|r| match &r.reply {
                None => Insert {
                    question: &r.question.text,
                    reply: None,
                    line_hint: r.question.line,
                    callout: &r.rendered,
                    over_pending_only: r.over_pending,
                },
                Some(reply) => Insert {
                    question: &r.question.text,
                    reply: Some(&reply.text),
                    line_hint: reply.line,
                    callout: &r.rendered,
                    over_pending_only: r.over_pending,
                },
            })
            .collect();
        // Held for the write-back only (never across a model call): other vault-agent
        // programs writing this vault wait their turn instead of racing the rename.
        let write = |abs: &std::path::Path| {
            WriteLock::acquire(&self.config.agent_dir())
                .and_then(|_turn| insert_all(abs, &inserts, quiet, self.config.max_note_bytes))
        };
        let mut results = write(abs);
        if results.is_err() && std::fs::symlink_metadata(&*abs).is_err() {
            let questions: Vec<&str> = inserts.iter().map(|i| i.question).collect();
            if let Some(moved) = self.moved_note(&questions) {
                tracing::info!(
                    "{rel}: renamed or moved to {} while its questions were answered; the answers go there",
                    moved.rel
                );
                *abs = moved.abs;
                results = write(abs);
            }
        }
        let results = match results {
            Ok(results) => results,
            Err(err) => {
                // A folder without write permission, a full disk: this note waits, the
                // rest of the vault goes on, and the question stays open for next time.
                let reason = format!(
                    "the answer could not be written ({err}); the question stays open and is answered on a later run once the note and its folder can be written (check permissions and free disk space)"
                );
                self.report_unwritable(report, rel, reason);
                return false;
            }
        };
        for (ready, result) in batch.into_iter().zip(results) {
            let q = &ready.question;
            match result {
                WriteBack::Written(new_hash) => {
                    written.hash = new_hash;
                    report
                        .questions
                        .push(report::QuestionRun::of(rel, &q.text, &ready.outcome));
                    if !matches!(ready.outcome, Outcome::NeedsInput { .. }) {
                        self.flow.settle(&self.store, rel, &q.text);
                    }
                    match ready.outcome {
                        Outcome::Answered(a) => {
                            report.questions_answered += 1;
                            self.remembered.extend(a.observations);
                            tracing::info!("{rel}: answered “{}”", q.text);
                        }
                        Outcome::NeedsInput { .. } => {
                            report.questions_asked_back += 1;
                            tracing::info!("{rel}: asked the person about “{}”", q.text);
                        }
                        Outcome::Failed { .. } => report.questions_failed += 1,
                    }
                }
                WriteBack::Busy => {
                    written.settled = false;
                    report.questions_deferred += 1;
                    if !report.deferred_files.iter().any(|f| f == rel) {
                        report.deferred_files.push(rel.to_string());
                    }
                }
                WriteBack::QuestionGone => {
                    self.flow.settle(&self.store, rel, &q.text);
                    report.questions_gone += 1;
                    tracing::info!(
                        "{rel}: question “{}” was removed before its answer could be written; the answer was:\n{}",
                        q.text,
                        ready.rendered
                    );
                }
                WriteBack::AlreadyHandled => {
                    self.flow.settle(&self.store, rel, &q.text);
                    tracing::info!(
                        "{rel}: “{}” has a callout already (yours, or a working callout you edited), so it is left as it is; the answer was:\n{}",
                        q.text,
                        ready.rendered
                    );
                }
                WriteBack::PendingGone => {
                    let reply = ready.reply.as_ref().map(|r| r.text.as_str());
                    let key = pending::withdrawn_key(&q.text, reply);
                    self.withdrawn(rel, &key, Some(&ready.rendered), report)
                }
                WriteBack::ReadOnly => {
                    // Made read-only while the answer was being worked out.
                    self.report_read_only(report, rel);
                    return false;
                }
            }
        }
        true
    }

    /// The note, at a path this pass did not know, holding one of `questions`: where a
    /// note being answered went when it was renamed or moved (see [`crate::vault::moved`]).
    fn moved_note(&self, questions: &[&str]) -> Option<crate::vault::scan::NoteFile> {
        let index = self.store.index();
        crate::blocking::blocking(|| {
            crate::vault::moved::find_moved(
                &self.config.vault,
                self.store.rules(),
                |rel| index.get(rel).is_some(),
                questions,
                self.config.max_note_bytes,
            )
        })
    }

    /// The person deleted a question (or its working callout) while it was worked on: its
    /// session is given up and nothing is written; an answer already worked out goes to
    /// the log. `key`: see [`pending::withdrawn_key`].
    fn withdrawn(&mut self, rel: &str, key: &str, answer: Option<&str>, report: &mut PassReport) {
        let question = key.split('\n').next().unwrap_or(key);
        self.flow.cancel(&self.store, rel, question);
        self.state
            .withdrawn
            .entry(rel.to_string())
            .or_default()
            .insert(key.to_string());
        self.state_dirty = true;
        report.questions_gone += 1;
        match answer {
            Some(answer) => tracing::info!(
                "{rel}: the working callout of “{question}” was removed, so the answer is not written; it was:\n{answer}"
            ),
            None => tracing::info!(
                "{rel}: “{question}” or its working callout was removed, so the work on it stopped"
            ),
        }
    }

    /// Forgets the notes processed before that are not among `rels` (deleted, ignored).
    fn forget_vanished(&mut self, rels: &[String]) -> Result<()> {
        let present: BTreeSet<&String> = rels.iter().collect();
        let vanished: Vec<String> = self
            .state
            .files
            .keys()
            .filter(|k| !present.contains(k))
            .cloned()
            .collect();
        for rel in vanished {
            self.forget(&rel)?;
        }
        Ok(())
    }

    fn forget(&mut self, rel: &str) -> Result<()> {
        self.state.withdrawn.remove(rel);
        self.state.living.remove(rel);
        if self.state.files.remove(rel).is_some() {
            self.queue_for_model(rel, &[], &[])?;
            self.store.save_parsed(rel, Vec::new())?;
            self.store.save_entries(rel, &[])?;
            self.state_dirty = true;
        }
        Ok(())
    }

    /// index.db could not store what was read (a full disk): the pass goes on without it.
    /// SQLite may have rolled back the chunk's transaction, so the chunk's notes are read
    /// again next time.
    fn not_stored(
        &mut self,
        chunk: &[String],
        rel: &str,
        err: crate::Error,
        report: &mut PassReport,
    ) -> Result<()> {
        self.store.rollback_writes()?;
        self.report_unwritable(report, rel, err.to_string());
        for r in chunk {
            self.state.files.remove(r);
        }
        self.state_dirty = true;
        Ok(())
    }

    /// A read-only note is the person's choice: its questions stay open, and the warning
    /// says how to let us answer there.
    fn report_read_only(&mut self, report: &mut PassReport, rel: &str) {
        let reason = "the note is read-only, so its questions are left unanswered; to let vault-agent answer there, make it writable (for example `chmod u+w` on the file)".to_string();
        self.report_unwritable(report, rel, reason);
    }

    /// A note whose answers could not be written: warned about once, counted every pass.
    fn report_unwritable(&mut self, report: &mut PassReport, rel: &str, reason: String) {
        if self.reported.insert((rel.to_string(), reason.clone())) {
            tracing::warn!("{rel}: {reason}");
        }
        report.unwritable.push(SkippedFile {
            path: rel.to_string(),
            reason,
        });
    }

    fn report_skip(&mut self, report: &mut PassReport, path: String, reason: String) {
        if self.reported.insert((path.clone(), reason.clone())) {
            tracing::warn!("{path}: {reason}");
        }
        report.skipped.push(SkippedFile { path, reason });
    }

    /// Everything the pass did is on disk: the state is saved and the journal of model
    /// calls (kept for a restart after a crash) is no longer needed.
    fn finish_pass(&mut self) -> Result<()> {
        self.save_state()?;
        if let Some(llm) = self.flow.llm() {
            llm.end_pass();
        }
        Ok(())
    }

    /// Saves the state as the pass goes, so a run that is killed resumes where it was:
    /// after every changed note when models are called (a call costs far more than the
    /// write), else at most every [`SAVE_EVERY`].
    fn save_progress(&mut self) -> Result<()> {
        let due = self.flow.llm().is_some() || self.last_saved.elapsed() >= SAVE_EVERY;
        if self.state_dirty && due {
            self.save_state()?;
        }
        Ok(())
    }

    fn save_state(&mut self) -> Result<()> {
        // The state file never claims more than index.db holds.
        self.store.commit_writes()?;
        if self.state_dirty && !self.state_unread {
            self.state.save(&self.config.agent_dir())?;
            self.state_dirty = false;
            self.last_saved = std::time::Instant::now();
        } else if !self.state_unread && State::settled(&self.config.agent_dir()).is_none() {
            // Saved as it is, without its summary (by an earlier version, or before its
            // notes had stamps).
            self.state.save_summary(&self.config.agent_dir())?;
        }
        Ok(())
    }
}

/// An answer worked out and waiting to be written into its note.
struct Ready {
    question: crate::vault::note::Question,
    reply: Option<crate::vault::note::Reply>,
    outcome: Outcome,
    rendered: String,
    /// It replaces a pending callout of ours (and is not written when that is gone).
    over_pending: bool,
}

/// A note's state as its answers are written: its hash after our last write, and whether
/// every ready question was settled (false when some were deferred).
struct Written {
    hash: ContentHash,
    settled: bool,
}

/// Whether `rel` was fully processed at exactly this content.
fn settled_in(files: &BTreeMap<String, FileState>, rel: &str, hash: ContentHash) -> bool {
    files.get(rel).is_some_and(|fs| fs.hash == hash.hex())
}
