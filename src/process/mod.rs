//! One pass over pending work: new or changed notes get their entries parsed, and ready,
//! unanswered questions get exactly one callout. Used by `process` (whole vault, once) and
//! by `watch` (the files that changed). Unchanged files are recognised by content hash,
//! which is also how our own writes are kept from triggering work again.

mod progress;
mod report;

use progress::Progress;
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
use crate::prompts::Prompts;
use crate::vault::callout::CalloutKind;
use crate::vault::entry::entries_dated;
use crate::vault::parsed::ParsedRecord;
use crate::vault::read::read_note;
use crate::vault::state::{FileState, State};
use crate::vault::writeback::{insert_under_question, insert_under_reply, WriteBack};
use crate::vault::{ContentHash, Note, Store};

/// How often new log entries alone refresh the context file.
const OBSERVE_EVERY: Duration = Duration::from_secs(300);

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
    /// When the context file was last brought up to date.
    last_observed: Option<std::time::Instant>,
    /// What the Observer agent asked to remember, merged at the end of the pass.
    remembered: Vec<crate::offline::observer::Observation>,
    /// New entries get the rules' reading only (a flow refines them with a model itself).
    rules_only: bool,
}

impl Processor {
    /// Opens a vault: loads domains and state and indexes the notes.
    pub fn open(config: Arc<Config>) -> Result<Processor> {
        Self::open_with(config, false)
    }

    /// Like [`Processor::open`]; `trace_prompts` also stores full requests in the trace.
    pub fn open_with(config: Arc<Config>, trace_prompts: bool) -> Result<Processor> {
        let domains = Domains::load(&config.agent_dir())?;
        let prompts = Prompts::load(&config.agent_dir())?;
        let llm = config.llm.uses_models().then(|| {
            let trace = Trace::new(Some(config.agent_dir().join("trace.jsonl")), trace_prompts);
            Arc::new(LlmClient::new(config.llm.clone(), trace))
        });
        let (state, state_warning) = State::load(&config.agent_dir());
        let (store, _) = Store::open(config.clone())?;
        let mut state = state;
        if store.records_are_new() && !state.files.is_empty() {
            // The records database was rebuilt (older version, damaged, deleted): every
            // note is parsed again.
            state.files.clear();
        }
        // Sessions that finished long ago are of no more use; unfinished ones resume when
        // their question is handled again.
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
            last_observed: None,
            show_progress: true,
            rules_only: false,
        })
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
        let mut report = PassReport::default();
        for warning in std::mem::take(&mut self.initial_warnings) {
            tracing::warn!("{warning}");
            report.warnings.push(warning);
        }
        let rels = self.rescan(&mut report);
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
        // Parse everything first, so questions are answered over up-to-date data.
        let mut pending = Vec::new();
        let mut progress = Progress::new("reading notes", rels.len(), !self.show_progress);
        for rel in &rels {
            if self.parse_file(rel, &mut report).await? {
                pending.push(rel);
            }
            progress.tick();
        }
        progress.finish();
        for rel in pending {
            self.process_file(rel, quiet, &mut report).await?;
        }
        self.observe(&report)?;
        self.save_state()?;
        Ok(report)
    }

    /// Imports old logs from `path` (see [`crate::import`]), then parses them.
    pub async fn import(
        &mut self,
        path: &std::path::Path,
        dry_run: bool,
    ) -> Result<(crate::import::ImportReport, PassReport)> {
        let mut ledger = std::mem::take(&mut self.state.imported);
        let result = crate::import::import(&self.config, path, &mut ledger, dry_run);
        self.state.imported = ledger;
        let report = result?;
        if dry_run {
            return Ok((report, PassReport::default()));
        }
        self.state_dirty = true;
        let pass = self.parse_pass().await?;
        Ok((report, pass))
    }

    /// Brings parsed data up to date without answering or writing any note (for `ask`).
    pub async fn parse_pass(&mut self) -> Result<PassReport> {
        let mut report = PassReport::default();
        let rels = self.rescan(&mut report);
        let mut progress = Progress::new("reading notes", rels.len(), !self.show_progress);
        for rel in &rels {
            self.parse_file(rel, &mut report).await?;
            progress.tick();
        }
        progress.finish();
        self.observe(&report)?;
        self.save_state()?;
        Ok(report)
    }

    /// Like [`Processor::parse_pass`], with the rules' reading only: for input whose log part
    /// a flow parses with a model while it plans the query part (BOTH).
    pub async fn parse_pass_rules_only(&mut self) -> Result<PassReport> {
        self.rules_only = true;
        let report = self.parse_pass().await;
        self.rules_only = false;
        report
    }

    /// Processes the given vault-relative paths (changed, created or removed).
    pub async fn process_paths(&mut self, rels: &[String], quiet: Duration) -> Result<PassReport> {
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
        }
        self.observe(&report)?;
        self.save_state()?;
        Ok(report)
    }

    /// Deletes all parsed data and parses every note again (questions are left alone).
    pub async fn reindex(&mut self) -> Result<PassReport> {
        // Per-day JSON files of earlier versions are replaced by index.db.
        let parsed = self.config.agent_dir().join("parsed");
        if parsed.exists() {
            std::fs::remove_dir_all(&parsed).map_err(|e| crate::Error::io(&parsed, e))?;
        }
        self.store.clear_records()?;
        // Only the per-file hashes are derived from the parsed data; what the Observer last
        // wrote (so its lines keep being updated) and the import ledger stay.
        self.state.files.clear();
        self.state_dirty = true;
        let mut report = PassReport::default();
        let rels = self.rescan(&mut report);
        let mut progress = Progress::new("rebuilding", rels.len(), !self.show_progress);
        for rel in &rels {
            progress.tick();
            let Some(text) = self.read(rel, &mut report) else {
                continue;
            };
            let hash = ContentHash::of(text.as_bytes());
            let note = Note::parse(text);
            self.parse_entries(rel, &note, &mut report).await?;
            self.settle(rel, hash);
        }
        progress.finish();
        self.observe(&report)?;
        self.save_state()?;
        Ok(report)
    }

    /// Rescans the vault; returns every note's path and reports the skipped files.
    fn rescan(&mut self, report: &mut PassReport) -> Vec<String> {
        for s in self.store.rescan() {
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
        self.state
            .files
            .get(rel)
            .is_some_and(|fs| fs.hash == hash.hex())
    }

    /// Records that `rel` is fully processed at this content (our own writes included).
    fn settle(&mut self, rel: &str, hash: ContentHash) {
        if let Some(fs) = self.state.files.get_mut(rel) {
            fs.hash = hash.hex();
            self.state_dirty = true;
        }
    }

    fn read(&mut self, rel: &str, report: &mut PassReport) -> Option<String> {
        let meta = self.store.index().get(rel)?;
        match read_note(&meta.abs, self.config.max_note_bytes) {
            Ok(text) => Some(text),
            Err(reason) => {
                self.report_skip(report, rel.to_string(), reason.to_string());
                None
            }
        }
    }

    /// Updates `global-context.md` from the parsed data when this pass changed anything.
    fn observe(&mut self, report: &PassReport) -> Result<()> {
        let context_missing = !self.config.vault.join(&self.config.global_context).exists();
        let changed = report.entries_parsed > 0 || report.questions_answered > 0;
        let first_time = context_missing && !self.state.files.is_empty();
        if !changed && !first_time {
            return Ok(());
        }
        // While watching, a note saved every few seconds should not re-read every parsed day
        // each time: new log entries are summarised at most every few minutes (answers and
        // the Observer agent's updates always go through).
        let recently = self
            .last_observed
            .is_some_and(|t| t.elapsed() < OBSERVE_EVERY);
        if recently && !first_time && report.questions_answered == 0 && self.remembered.is_empty() {
            return Ok(());
        }
        self.last_observed = Some(std::time::Instant::now());
        let Some((start, end)) = self.store.index().span() else {
            return Ok(());
        };
        let records = self.store.records_between(start, end);
        let today = chrono::Local::now().date_naive();
        let mut observations = crate::offline::observer::observe(&records, today);
        observations.append(&mut self.remembered);
        if observations.is_empty() {
            return Ok(());
        }
        let existing = self.store.global_context()?;
        let existing = (!existing.is_empty()).then_some(existing);
        let (text, written) = crate::offline::observer::merge(
            existing.as_deref(),
            &observations,
            &self.state.observer,
            today,
        );
        if existing.as_deref() != Some(text.as_str()) {
            self.store.update_global_context(&text)?;
        }
        if written != self.state.observer {
            self.state.observer = written;
            self.state_dirty = true;
        }
        Ok(())
    }

    /// Parses a changed note's entries (questions are left for [`Self::process_file`]).
    async fn parse_file(&mut self, rel: &str, report: &mut PassReport) -> Result<bool> {
        let Some(text) = self.read(rel, report) else {
            return Ok(false);
        };
        let hash = ContentHash::of(text.as_bytes());
        if self.is_settled(rel, hash) {
            return Ok(false);
        }
        report.notes_changed += 1;
        let note = Note::parse(text);
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
        self.parse_entries(rel, &note, report).await?;
        let pending = note.questions.iter().any(|q| {
            q.handled.is_none()
                || (q.handled == Some(CalloutKind::Question)
                    && q.reply.as_ref().is_some_and(|r| !r.answered))
        });
        if !pending {
            self.settle(rel, hash);
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
        let Ok(text) = read_note(&meta.abs, self.config.max_note_bytes) else {
            return Ok(()); // reported when it was parsed
        };
        let hash = ContentHash::of(text.as_bytes());
        if self.is_settled(rel, hash) {
            return Ok(());
        }
        let note = Note::parse(text);
        // Edited between the two phases: bring its entries up to date too.
        self.parse_entries(rel, &note, report).await?;
        let (final_hash, settled) = self
            .answer_questions(rel, &note, hash, quiet, report)
            .await?;
        if settled {
            self.settle(rel, final_hash);
        }
        Ok(())
    }

    /// Parses new or changed entries and stores the note's records.
    async fn parse_entries(
        &mut self,
        rel: &str,
        note: &Note,
        report: &mut PassReport,
    ) -> Result<()> {
        let Some(meta) = self.store.index().get(rel) else {
            return Ok(());
        };
        let dating = self.store.dating(meta, note);
        // Reference text (plans, recipes, pages without a date) is searchable, never a log.
        let found: Vec<_> = entries_dated(note, rel, &dating, meta.date)
            .into_iter()
            .filter(|e| e.log)
            .collect();
        let old = self.state.files.get(rel).cloned().unwrap_or_default();
        let ids: BTreeMap<String, String> = found
            .iter()
            .map(|e| (e.id.0.clone(), e.hash.hex()))
            .collect();
        let same_dates = found.iter().all(|e| old.dates.contains(&e.date));
        if ids == old.entries && same_dates && self.state.files.contains_key(rel) {
            return Ok(());
        }
        // Reuse earlier records for unchanged text (keeps corrections, saves model calls).
        let mut previous: BTreeMap<String, ParsedRecord> = self
            .store
            .records_of(rel)
            .unwrap_or_default()
            .into_iter()
            .map(|r| (r.content_hash.clone(), r))
            .collect();
        // Unchanged text keeps its record; new text is parsed, concurrently when a model
        // does it (the LLM layer's semaphore bounds how many calls run at once).
        let mut records: Vec<Option<ParsedRecord>> = Vec::with_capacity(found.len());
        let mut tasks = tokio::task::JoinSet::new();
        for (i, entry) in found.iter().enumerate() {
            match previous.remove(&entry.hash.hex()) {
                Some(r) => records.push(Some(r.placed_at(entry))),
                None => {
                    report.entries_parsed += 1;
                    records.push(None);
                    if self.rules_only {
                        records[i] = Some(self.flow.read_rules(entry));
                    } else if self.flow.llm().is_some() {
                        let (flow, entry) = (self.flow.clone(), entry.clone());
                        tasks.spawn(async move { (i, flow.parse(&entry).await) });
                    } else {
                        records[i] = Some(self.flow.parse(entry).await);
                    }
                }
            }
        }
        while let Some(done) = tasks.join_next().await {
            let (i, record) =
                done.map_err(|e| crate::Error::Watch(format!("a parse task failed: {e}")))?;
            records[i] = Some(record);
        }
        let records: Vec<ParsedRecord> = records.into_iter().flatten().collect();
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
        let dates = self.store.save_parsed(rel, records)?;
        self.state.files.insert(
            rel.to_string(),
            FileState {
                hash: old.hash,
                entries: ids,
                dates,
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
        mut hash: ContentHash,
        quiet: Duration,
        report: &mut PassReport,
    ) -> Result<(ContentHash, bool)> {
        let Some(meta) = self.store.index().get(rel).cloned() else {
            return Ok((hash, true));
        };
        let mut settled = true;
        let mut shift = 0usize;
        // "last week" is read from the date a question sits under; in a note without
        // dates, from today.
        let dating = self.store.dating(&meta, note);
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
            let anchor = dating
                .date_at(q.line)
                .unwrap_or_else(|| chrono::Local::now().date_naive());
            let input = QuestionInput {
                text: q.text.clone(),
                anchor,
                source: Some(rel.to_string()),
                clarification: reply.as_ref().map(|r| r.text.clone()),
                session: reply.as_ref().and_then(|r| r.session.clone()),
                logged: None,
            };
            let mut outcome = self.flow.answer(&self.store, &input).await;
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
            let callout = callout_for(&outcome);
            let rendered = callout.render();
            let result = match &reply {
                None => insert_under_question(
                    &meta.abs,
                    &q.text,
                    q.line + shift,
                    &rendered,
                    quiet,
                    self.config.max_note_bytes,
                )?,
                Some(r) => insert_under_reply(
                    &meta.abs,
                    &q.text,
                    &r.text,
                    r.line + shift,
                    &rendered,
                    quiet,
                    self.config.max_note_bytes,
                )?,
            };
            match result {
                WriteBack::Written(new_hash) => {
                    hash = new_hash;
                    shift += rendered.lines().count() + 1;
                    report
                        .questions
                        .push(report::QuestionRun::of(rel, &q.text, &outcome));
                    if !matches!(outcome, Outcome::NeedsInput { .. }) {
                        self.flow.settle(&self.store, rel, &q.text);
                    }
                    match outcome {
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
                    settled = false;
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
                        rendered
                    );
                }
                WriteBack::AlreadyHandled => self.flow.settle(&self.store, rel, &q.text),
            }
        }
        Ok((hash, settled))
    }

    fn forget(&mut self, rel: &str) -> Result<()> {
        if self.state.files.remove(rel).is_some() {
            self.store.save_parsed(rel, Vec::new())?;
            self.state_dirty = true;
        }
        Ok(())
    }

    fn report_skip(&mut self, report: &mut PassReport, path: String, reason: String) {
        if self.reported.insert((path.clone(), reason.clone())) {
            tracing::warn!("{path}: {reason}");
        }
        report.skipped.push(SkippedFile { path, reason });
    }

    fn save_state(&mut self) -> Result<()> {
        if self.state_dirty {
            self.state.save(&self.config.agent_dir())?;
            self.state_dirty = false;
        }
        Ok(())
    }
}
