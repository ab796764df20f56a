//! The pending callout while a model works on a question: written under the question as
//! soon as the flow makes its first model call, updated in place with the flow's stage (at
//! most once every [`WRITE_EVERY`] per note), and left for the answer to replace. Every write
//! goes through the write-back, which re-reads the note: the person may be typing in it.
//!
//! Deleting the question or the pending callout cancels the work: the flow's future is
//! dropped (no further model calls) and nothing more is written. A pending callout the
//! person edited is theirs: it is not updated any more, and the answer goes to the log.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::flow::stage::{Stage, Stages};
use crate::flow::{Flow, Outcome, QuestionInput};
use crate::vault::lock::WriteLock;
use crate::vault::note::{Question, Reply};
use crate::vault::pending::{is_waiting, render, WAITING};
use crate::vault::read::read_note;
use crate::vault::state::State;
use crate::vault::writeback::{insert_all, Insert, WriteBack};
use crate::vault::{Note, Store};

/// At most one pending-callout write per note this often.
pub const WRITE_EVERY: Duration = Duration::from_secs(2);

/// A pending callout that disappears sooner than this after we wrote it was saved over,
/// not deleted by the person.
const OVERWRITE_WINDOW: Duration = Duration::from_secs(1);

/// How often the note is looked at for a deleted question or callout between writes.
const CHECK_EVERY: Duration = Duration::from_millis(500);

/// A question's work, done.
pub struct Done {
    pub outcome: Outcome,
    /// A pending callout of ours stands under the question: the answer is written at once.
    pub shown: bool,
    /// The answer only replaces that callout: it is not written if the person deleted it.
    pub over_pending: bool,
}

/// The note a question is answered in, and when its pending callout was last written.
pub struct PendingNote<'a> {
    /// Where the note is (its new path once it was found moved, see
    /// [`crate::vault::moved`]).
    pub abs: PathBuf,
    pub agent_dir: PathBuf,
    /// The person's edits younger than this are not written over (see the write-back).
    pub quiet: Duration,
    pub max_bytes: u64,
    /// The last pending-callout write in this note (the throttle is per note).
    pub last_write: Option<Instant>,
    /// The note as the pass read it.
    pub note: &'a Note,
    /// The keys of the note's withdrawn questions (see [`withdrawn_key`]): they get no
    /// callout while they wait.
    pub withdrawn: BTreeSet<String>,
}

/// What the person did to the question since we last looked.
#[derive(Debug, PartialEq)]
enum Seen {
    /// The question and our pending callout are there (or not written yet).
    Waiting,
    /// They edited our pending callout: it is theirs now.
    Theirs,
    /// They deleted the question.
    Withdrawn,
    /// They deleted our pending callout (the question is still there).
    CalloutGone,
}

impl PendingNote<'_> {
    /// Answers `input` (the question `q` of this note, or the person's `reply` to our
    /// clarifying questions about it), showing the flow's stages under it while a model
    /// works. `None`: the person deleted the question or its pending callout meanwhile, and
    /// nothing more is written.
    pub async fn answer(
        &mut self,
        flow: &Flow,
        store: &Store,
        input: &QuestionInput,
        q: &Question,
        reply: Option<&Reply>,
    ) -> Option<Done> {
        let pending = match reply {
            None => q.pending.clone(),
            Some(r) => r.pending.clone(),
        };
        let had_pending = pending.is_some();
        // A question that only waited its turn had no work started on it.
        let started = pending.is_some_and(|p| !is_waiting(self.note.line(p.start)));
        if !flow.answers_with_models() {
            // The offline engine answers in milliseconds: nothing to show meanwhile.
            let outcome = flow.answer(store, input).await;
            return Some(Done {
                outcome,
                shown: had_pending,
                over_pending: had_pending,
            });
        }
        if started && !flow.can_resume(store, input) {
            return Some(Done {
                outcome: interrupted(),
                shown: true,
                over_pending: true,
            });
        }
        let (stages, mut rx) = Stages::channel();
        let work = flow.answer_reporting(store, input, Some(&stages));
        tokio::pin!(work);
        let mut writer = Writer {
            note: self,
            question: &q.text,
            reply: reply.map(|r| r.text.as_str()),
            line_hint: reply.map_or(q.line, |r| r.line),
            shown: had_pending,
            theirs: false,
            started: chrono::Local::now().naive_local(),
            written: None,
            last_check: Instant::now(),
            retry_at: None,
            others: Vec::new(),
        };
        let mut wanted: Option<Stage> = None;
        loop {
            let wake = writer.next_wake(wanted.as_ref());
            tokio::select! {
                outcome = &mut work => {
                    // Written just now, the callout may yet be saved over by an editor
                    // that had not loaded it: the answer goes in even then.
                    let over_pending = writer.shown && !writer.just_written();
                    return Some(Done { outcome, shown: writer.shown, over_pending });
                }
                changed = rx.changed() => {
                    if changed.is_ok() {
                        wanted = rx.borrow_and_update().clone();
                    }
                }
                _ = tokio::time::sleep_until(wake.into()) => {}
            }
            if matches!(
                writer.step(wanted.as_ref()),
                Seen::Withdrawn | Seen::CalloutGone
            ) {
                // Dropping `work` stops the flow: no further model calls.
                return None;
            }
        }
    }
}

/// Writes one question's pending callout.
struct Writer<'n, 'a> {
    note: &'n mut PendingNote<'a>,
    question: &'n str,
    /// The person's `!` reply the callout goes under, when it answers one.
    reply: Option<&'n str>,
    line_hint: usize,
    /// A pending callout of ours is under the question.
    shown: bool,
    /// The person edited it: no more writes.
    theirs: bool,
    started: chrono::NaiveDateTime,
    /// The stage the callout shows.
    written: Option<Stage>,
    last_check: Instant,
    /// After the person was found typing: no write before this.
    retry_at: Option<Instant>,
    /// Other questions of the note, without a callout, waiting for this one (text, line):
    /// they get a pending callout saying so with the next write.
    others: Vec<(String, usize)>,
}

impl Writer<'_, '_> {
    /// Whether `wanted` is a stage the callout should show and does not yet.
    fn wants(&self, wanted: Option<&Stage>) -> bool {
        !self.theirs
            && wanted.is_some()
            && (wanted != self.written.as_ref() || !self.others.is_empty())
    }

    /// When the next write may happen (the per-note throttle, or a retry after the person
    /// was typing); `None`: now.
    fn write_at(&self) -> Option<Instant> {
        let throttle = self.note.last_write.map(|t| t + WRITE_EVERY);
        throttle.max(self.retry_at)
    }

    /// When to wake next: for a due write, or to look at the note again.
    fn next_wake(&self, wanted: Option<&Stage>) -> Instant {
        let check = self.last_check + CHECK_EVERY;
        if self.wants(wanted) {
            self.write_at()
                .map_or_else(Instant::now, |at| at.min(check))
        } else {
            check
        }
    }

    /// Writes the wanted stage when one is due, else looks whether the person withdrew the
    /// question.
    fn step(&mut self, wanted: Option<&Stage>) -> Seen {
        match wanted {
            Some(stage)
                if self.wants(wanted) && self.write_at().is_none_or(|at| Instant::now() >= at) =>
            {
                self.write(stage)
            }
            _ if self.shown && self.last_check.elapsed() >= CHECK_EVERY => {
                self.last_check = Instant::now();
                let Some(note) = self.read() else {
                    // Unreadable for a moment (being replaced): look again later.
                    return Seen::Waiting;
                };
                self.others = self.others_in(&note);
                let seen = self.seen(&note);
                if seen == Seen::Theirs {
                    self.theirs = true;
                }
                self.unless_overwritten(seen)
            }
            _ => Seen::Waiting,
        }
    }

    /// Whether our last pending write in the note is younger than [`OVERWRITE_WINDOW`].
    fn just_written(&self) -> bool {
        self.note
            .last_write
            .is_some_and(|t| t.elapsed() < OVERWRITE_WINDOW)
    }

    /// A pending callout gone right after we wrote it was most likely saved over by an
    /// editor that had not loaded it yet (a person deleting it has to see it first): it is
    /// written again instead of cancelling the work.
    fn unless_overwritten(&mut self, seen: Seen) -> Seen {
        if seen == Seen::CalloutGone && self.just_written() {
            tracing::debug!("the pending callout of “{}” was saved over", self.question);
            self.shown = false;
            self.written = None;
            return Seen::Waiting;
        }
        seen
    }

    fn write(&mut self, stage: &Stage) -> Seen {
        if let Some(note) = self.read() {
            self.others = self.others_in(&note);
        }
        let callout = render(&stage.to_string(), self.started);
        let waiting = render(WAITING, chrono::Local::now().naive_local());
        let mut inserts = vec![Insert {
            question: self.question,
            reply: self.reply,
            line_hint: self.line_hint,
            callout: &callout,
            over_pending_only: self.shown,
        }];
        inserts.extend(self.others.iter().map(|(question, line)| Insert {
            question,
            reply: None,
            line_hint: *line,
            callout: &waiting,
            over_pending_only: false,
        }));
        let note = &*self.note;
        let result = WriteLock::acquire(&note.agent_dir)
            .and_then(|_turn| insert_all(&note.abs, &inserts, note.quiet, note.max_bytes));
        self.last_check = Instant::now();
        // Those not placed now are found again by the next look.
        self.others.clear();
        match result.map(|mut r| r.drain(..).next()) {
            Ok(Some(WriteBack::Written(_))) => {
                self.shown = true;
                self.written = Some(stage.clone());
                self.note.last_write = Some(Instant::now());
                Seen::Waiting
            }
            Ok(Some(WriteBack::QuestionGone)) => Seen::Withdrawn,
            Ok(Some(WriteBack::PendingGone)) => self.unless_overwritten(Seen::CalloutGone),
            Ok(Some(WriteBack::AlreadyHandled)) => {
                self.theirs = true;
                Seen::Theirs
            }
            // The person is typing: tried again in a moment.
            Ok(Some(WriteBack::Busy)) => {
                self.retry_at = Some(Instant::now() + CHECK_EVERY);
                Seen::Waiting
            }
            Ok(Some(WriteBack::ReadOnly) | None) | Err(_) => {
                // The answer's own write reports what is wrong with the note.
                tracing::debug!("the pending callout of “{}” is not shown", self.question);
                self.theirs = true;
                Seen::Waiting
            }
        }
    }

    /// The note as it is now (none while it cannot be read).
    fn read(&self) -> Option<Note> {
        read_note(&self.note.abs, self.note.max_bytes)
            .ok()
            .map(Note::parse)
    }

    /// Is the question still there with our pending callout under it?
    fn seen(&self, note: &Note) -> Seen {
        // (has our pending callout, has another callout) of each place it could be.
        let places: Vec<(bool, bool)> = note
            .questions
            .iter()
            .filter(|q| q.text == self.question)
            .filter_map(|q| match self.reply {
                None => q
                    .ready
                    .then_some((q.pending.is_some(), q.handled.is_some())),
                Some(reply) => q
                    .reply
                    .as_ref()
                    .filter(|r| r.text == reply && r.ready)
                    .map(|r| (r.pending.is_some(), r.answered)),
            })
            .collect();
        if places.iter().any(|p| p.0) {
            Seen::Waiting
        } else if places.iter().any(|p| p.1) {
            Seen::Theirs
        } else if places.is_empty() {
            Seen::Withdrawn
        } else {
            Seen::CalloutGone
        }
    }

    /// The note's other ready questions without any callout (not withdrawn): they wait
    /// for this one.
    fn others_in(&self, note: &Note) -> Vec<(String, usize)> {
        note.questions
            .iter()
            .filter(|q| q.ready && q.handled.is_none() && q.pending.is_none())
            .filter(|q| q.text != self.question)
            .filter(|q| !self.note.withdrawn.contains(&withdrawn_key(&q.text, None)))
            .map(|q| (q.text.clone(), q.line))
            .collect()
    }
}

/// The key a withdrawn question (or the person's `reply` to our questions about it) is
/// remembered by.
pub fn withdrawn_key(question: &str, reply: Option<&str>) -> String {
    match reply {
        None => question.to_string(),
        Some(reply) => format!("{question}\n! {reply}"),
    }
}

/// Forgets the withdrawn questions of `rel` that are no longer open in `note` (deleted, or
/// answered by hand): written again later, they are asked again. Returns whether any went.
pub fn prune_withdrawn(state: &mut State, rel: &str, note: &Note) -> bool {
    let Some(keys) = state.withdrawn.get_mut(rel) else {
        return false;
    };
    let before = keys.len();
    let open: Vec<String> = note
        .questions
        .iter()
        .flat_map(|q| {
            let asked =
                (q.handled.is_none() && q.pending.is_none()).then(|| withdrawn_key(&q.text, None));
            let replied = q
                .reply
                .as_ref()
                .filter(|r| !r.answered && r.pending.is_none())
                .map(|r| withdrawn_key(&q.text, Some(&r.text)));
            asked.into_iter().chain(replied)
        })
        .collect();
    keys.retain(|k| open.contains(k));
    let changed = keys.len() != before;
    if keys.is_empty() {
        state.withdrawn.remove(rel);
    }
    changed
}

/// Whether the person withdrew the question (or reply) with this key in `rel` (see
/// [`State::withdrawn`] and [`withdrawn_key`]).
pub fn is_withdrawn(state: &State, rel: &str, key: &str) -> bool {
    state
        .withdrawn
        .get(rel)
        .is_some_and(|keys| keys.contains(key))
}

/// The outcome for a pending callout left by a run that stopped and cannot be resumed.
fn interrupted() -> Outcome {
    Outcome::Failed {
        reason: "the work on this question stopped before it was answered (vault-agent was stopped, or the question changed while it worked), and it could not be resumed".to_string(),
        hint: "delete this callout to ask again".to_string(),
    }
}
