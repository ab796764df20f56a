//! Questions first, model parsing afterwards (DESIGN §3). A pass stores the rules' reading
//! of every new log entry at once and, when a model parses entries, puts the entry in the
//! refinement queue (index.db, see [`Awaiting`]); questions are answered from the rules'
//! reading; then the model Parser refines the queued entries a batch at a time (as many
//! calls at once as `max_concurrency` lets through), each refined record replacing the
//! rules' one. `process` refines the whole queue before it exits; `watch` refines between
//! its passes and drops a batch as soon as a note needs answering; `ask` leaves the queue
//! alone. A model that is down or failing stops the refinement until the next pass; its
//! entries stay queued, so a later run (or a killed one, started again) goes on from there.

use std::collections::HashSet;

use super::progress::Progress;
use super::{PassReport, Processor};
use crate::error::Result;
use crate::flow::floor::on_floor;
use crate::offline::correct::Change;
use crate::vault::correction::{apply, CorrectionSource};
use crate::vault::parsed::ParsedRecord;
use crate::vault::read::read_note;
use crate::vault::ContentHash;

pub use crate::vault::db::Awaiting;

/// Batches that failed whole (a failing server, not a down one) this many times give up on
/// their entries: they keep the rules' reading.
const MAX_TRIES: u32 = 3;

/// What one batch of refinement did.
#[derive(Debug, Default)]
pub struct Refined {
    /// The records the model refined (stored already).
    pub records: Vec<ParsedRecord>,
    /// Entries sent to the model.
    pub tried: usize,
    /// The model is down or failing: no more refinement until the next pass.
    pub stopped: bool,
}

impl Processor {
    /// Whether new entries wait for the model Parser (false offline: the rules' reading is
    /// final).
    pub(super) fn refines(&self) -> bool {
        self.flow.parses_with_model()
    }

    /// Lets `watch` refine in its own time ([`Processor::refine_next`]) instead of at the
    /// end of every pass.
    pub fn refine_in_background(&mut self) {
        self.background_refinement = true;
    }

    /// Brings the queue in line with a note's records just stored: entries whose text is
    /// gone leave it, `new` ones (text hash, date) join it.
    pub(super) fn queue_for_model(
        &self,
        rel: &str,
        records: &[ParsedRecord],
        new: &[(String, String)],
    ) -> Result<()> {
        if !self.refines() {
            return Ok(());
        }
        let db = self.store.record_db();
        let kept: HashSet<String> = records.iter().map(|r| r.content_hash.clone()).collect();
        db.keep_awaiting(rel, &kept)?;
        db.await_model(rel, new)
    }

    /// The end of a pass: refines the whole queue (`process`, `import`, `reindex`), with
    /// its progress shown and counted in `report`; in the background mode of `watch`, only
    /// counts what waits.
    pub(super) async fn refine_queue(&mut self, report: &mut PassReport) -> Result<()> {
        if !self.refines() {
            return Ok(());
        }
        let db = self.store.record_db();
        if !self.background_refinement && !self.refine_paused {
            let queue = db.awaiting(usize::MAX)?;
            report.entries_to_refine += queue.len();
            let mut progress =
                Progress::of_entries("refining with the model", queue.len(), !self.show_progress);
            for batch in queue.chunks(self.refine_batch_size()) {
                let refined = self.refine_batch(batch).await?;
                progress.advance(refined.tried);
                self.take_refined(refined, report);
                self.save_progress()?;
                if self.refine_paused {
                    break;
                }
            }
            progress.finish();
        }
        report.entries_awaiting_model = self.store.record_db().awaiting_count()?;
        if report.entries_awaiting_model > 0 && self.refine_paused {
            tracing::info!(
                "{} entries keep the rules' reading until the model answers again",
                report.entries_awaiting_model
            );
        }
        Ok(())
    }

    /// Whether `watch` has refinement to do now.
    pub fn refinement_due(&self) -> bool {
        self.refines()
            && !self.refine_paused
            && self
                .store
                .record_db()
                .awaiting(1)
                .is_ok_and(|q| !q.is_empty())
    }

    /// Refines one batch from the head of the queue. It only reads the processor, so the
    /// watcher takes file events meanwhile; dropping the future stops the batch, keeping
    /// what it stored. Hand the result to [`Processor::refined`].
    pub async fn refine_next(&self) -> Result<Refined> {
        let batch = self.store.record_db().awaiting(self.refine_batch_size())?;
        self.refine_batch(&batch).await
    }

    /// Whether a changed file needs a pass (while refining, `watch` lets a batch go on for
    /// files that hold what was last processed, such as our own writes).
    pub fn needs_pass(&self, rel: &str) -> bool {
        let abs = self.config.vault.join(rel);
        match read_note(&abs, self.config.max_note_bytes) {
            Ok(text) => !self.is_settled(rel, ContentHash::of(text.as_bytes())),
            Err(_) => true,
        }
    }

    /// Takes a finished batch into account: the context file follows refined records.
    pub fn refined(&mut self, refined: Refined) -> Result<()> {
        let mut report = PassReport::default();
        self.take_refined(refined, &mut report);
        if report.entries_refined > 0 {
            let left = self.store.record_db().awaiting_count()?;
            tracing::info!(
                "refined {} entries with the model; {left} still awaiting it",
                report.entries_refined
            );
        }
        self.observe(&report)?;
        self.save_state()
    }

    /// Enough entries to keep every permitted model call busy twice over.
    fn refine_batch_size(&self) -> usize {
        self.flow
            .llm()
            .map_or(1, |l| l.config().max_concurrency.max(1) * 2)
    }

    fn take_refined(&mut self, refined: Refined, report: &mut PassReport) {
        report.entries_refined += refined.records.len();
        if refined.stopped {
            self.refine_paused = true;
        }
        if self.last_observed.is_some() {
            self.fresh.extend(refined.records);
        }
    }

    /// Sends the batch's entries to the model Parser, as many at once as `max_concurrency`
    /// allows and started in the queue's order, and stores each refined record as it comes.
    async fn refine_batch(&self, batch: &[Awaiting]) -> Result<Refined> {
        let db = self.store.record_db();
        let mut out = Refined::default();
        let mut todo = Vec::new();
        for a in batch {
            // The same text written twice in a note is parsed once for both.
            let found = db.awaiting_entries(a)?;
            match found.first() {
                // Its note was read again since: the text is no longer there.
                None => db.refined(a, &[])?,
                Some((entry, _)) => todo.push((a.clone(), entry.clone(), found)),
            }
        }
        let at_once = self
            .flow
            .llm()
            .map_or(1, |l| l.config().max_concurrency.max(1));
        let mut todo = todo.into_iter();
        let mut tasks = tokio::task::JoinSet::new();
        let mut start = |tasks: &mut tokio::task::JoinSet<_>| {
            if let Some((a, entry, found)) = todo.next() {
                let flow = self.flow.clone();
                tasks.spawn(async move {
                    let model = flow.model_parse(&entry).await;
                    (a, found, model)
                });
            }
        };
        for _ in 0..at_once {
            start(&mut tasks);
        }
        let mut failed = Vec::new();
        while let Some(done) = tasks.join_next().await {
            let (a, found, model) =
                done.map_err(|e| crate::Error::Watch(format!("a parse task failed: {e}")))?;
            start(&mut tasks);
            out.tried += 1;
            let Some(model) = model else {
                failed.push(a);
                continue;
            };
            let records: Vec<ParsedRecord> = found
                .iter()
                .map(|(entry, stored)| {
                    let placed = model.clone().placed_at(entry);
                    with_corrections(on_floor(self.flow.rules(entry), placed), stored)
                })
                .collect();
            db.refined(&a, &records)?;
            out.records.extend(records);
        }
        // A down model leaves the entries waiting as they were. A batch that failed whole
        // stops the refinement and counts a try. Where others of the batch were refined,
        // the model answered and what it said of these was unusable (rejected numbers,
        // broken JSON): they keep the rules' reading, as asking again would not change it.
        let down = self.flow.llm().is_some_and(|l| l.down_for("parser"));
        let failing = !failed.is_empty() && failed.len() == out.tried;
        if !down {
            let tries = if failing { MAX_TRIES } else { 1 };
            for a in &failed {
                db.refinement_failed(a, tries)?;
            }
        }
        out.stopped = down || failing;
        Ok(out)
    }
}

/// The refined record with the corrections the stored one carried, applied again; the
/// stored record itself when one no longer applies (the person's correction wins).
fn with_corrections(mut refined: ParsedRecord, stored: &ParsedRecord) -> ParsedRecord {
    for c in &stored.corrections {
        let d = &c.delta;
        let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
        let (Some(from), Some(to)) = (d["from"].as_f64(), d["to"].as_f64()) else {
            return stored.clone();
        };
        let change = Change {
            record: stored.id.clone(),
            source: stored.source_file.clone(),
            date: stored.date,
            time: stored.timestamp.clone(),
            domain: text("domain"),
            activity: text("activity"),
            measure: text("measure"),
            from,
            to,
            unit: d["unit"].as_str().map(str::to_string),
        };
        let source = CorrectionSource {
            entry: text("entry"),
            hash: text("hash"),
            at: c.at.clone(),
            text: c.note.clone().unwrap_or_default(),
        };
        if !apply(&mut refined, &change, &source) {
            return stored.clone();
        }
    }
    refined
}
