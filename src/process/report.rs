//! What a pass reports (one line for people, JSON for scripts) and the callout written for
//! each outcome.

use std::fmt;

use chrono::Local;
use serde::Serialize;

use crate::flow::Outcome;
use crate::vault::callout::{Callout, CalloutKind};

/// What one pass did.
#[derive(Debug, Clone, Default, Serialize)]
pub struct PassReport {
    pub notes: usize,
    pub notes_changed: usize,
    pub entries_parsed: usize,
    pub questions_answered: usize,
    pub questions_failed: usize,
    /// Half-typed questions (no newline yet).
    pub questions_waiting: usize,
    /// Ready questions in files edited too recently; answered on a later pass.
    pub questions_deferred: usize,
    /// The files holding deferred questions (the watcher looks at them again).
    pub deferred_files: Vec<String>,
    /// Questions removed before their answer could be written (answer kept in the log).
    pub questions_gone: usize,
    /// Questions answered with clarifying questions (waiting for a `!` reply).
    pub questions_asked_back: usize,
    /// `?` lines not read as questions (in code, quotes or frontmatter), with the reason.
    pub questions_ignored: Vec<IgnoredQuestion>,
    /// Files not read, with the reason.
    pub skipped: Vec<SkippedFile>,
    /// Notes whose questions stay open because the note cannot be written (read-only, a
    /// folder without write permission, a full disk), with the reason.
    pub unwritable: Vec<SkippedFile>,
    /// Other problems worth a look (broken frontmatter, bad ignore rules).
    pub warnings: Vec<String>,
    /// Clauses with numbers the rules could not read, per note (kept as text, no record).
    pub unreadable: Vec<UnreadableClauses>,
    /// Each question handled in this pass: how it ended and, with models, its flow.
    pub questions: Vec<QuestionRun>,
    /// Entries waiting for the model when its refinement began (see `process::refine`).
    pub entries_to_refine: usize,
    /// Entries whose rules' reading the model refined in this pass.
    pub entries_refined: usize,
    /// Entries still waiting for the model after the pass (the model was down or failing,
    /// or `watch` refines them in the background).
    pub entries_awaiting_model: usize,
    /// Living answers (`?? …`) rewritten or added because the log changed.
    pub living_updated: usize,
    /// Entries the rules read again in this pass because the reader changed (see
    /// `process::reread`).
    pub entries_reread: usize,
    /// Corrections applied to earlier records (`bench press on Nov 21: 85 -> 82.5 kg`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub corrected: Vec<String>,
}

/// One question handled in a pass.
#[derive(Debug, Clone, Serialize)]
pub struct QuestionRun {
    pub path: String,
    pub question: String,
    /// `answered`, `asked` (waiting for a `!` reply) or `failed`.
    pub outcome: &'static str,
    /// Which engine answered (`offline` or a model).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<String>,
    /// The model flow's session: its states in order and the calls it paid for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<crate::flow::state::State>,
    pub calls: u32,
    /// Prompt plus completion tokens those calls cost.
    pub tokens: u64,
    /// Wall time the model flow took in this pass, in milliseconds.
    pub ms: u64,
    /// The Analyzer's and the Evaluator's last verdicts, when they ran.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub verdicts: Vec<crate::agents::types::Verdict>,
}

impl QuestionRun {
    /// The record of `outcome` for the question `question` in note `path`.
    pub fn of(path: &str, question: &str, outcome: &Outcome) -> QuestionRun {
        let mut run = QuestionRun {
            path: path.to_string(),
            question: question.to_string(),
            outcome: "failed",
            engine: None,
            session: None,
            states: Vec::new(),
            calls: 0,
            tokens: 0,
            ms: 0,
            verdicts: Vec::new(),
        };
        match outcome {
            Outcome::Answered(a) => {
                run.outcome = "answered";
                run.engine = Some(a.engine.clone());
                if let Some(r) = &a.run {
                    run.session = Some(r.session.clone());
                    run.states = r.path.clone();
                    run.calls = r.calls;
                    run.tokens = r.tokens;
                    run.ms = r.ms;
                    run.verdicts = r.analysis.into_iter().chain(r.evaluation).collect();
                }
            }
            Outcome::NeedsInput { session, .. } => {
                run.outcome = "asked";
                run.session = session.clone();
            }
            Outcome::Failed { .. } => {}
        }
        run
    }
}

/// A note's clauses whose numbers could not be read.
#[derive(Debug, Clone, Serialize)]
pub struct UnreadableClauses {
    pub path: String,
    pub clauses: Vec<String>,
}

/// A `?` line that is not a question, and why.
#[derive(Debug, Clone, Serialize)]
pub struct IgnoredQuestion {
    pub path: String,
    /// 1-based line number.
    pub line: usize,
    pub reason: String,
}

/// A file that was skipped.
#[derive(Debug, Clone, Serialize)]
pub struct SkippedFile {
    pub path: String,
    pub reason: String,
}

impl fmt::Display for PassReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} answered, {} failed, {} waiting for a newline; {} entries parsed from {} changed of {} notes; {} files skipped",
            plural(self.questions_answered, "question"),
            self.questions_failed,
            self.questions_waiting,
            self.entries_parsed,
            self.notes_changed,
            self.notes,
            self.skipped.len()
        )?;
        // Nothing refined at all: the model was not reachable (said once above), so only
        // what waits for it is worth a word.
        if self.entries_to_refine > 0 && self.entries_refined > 0 {
            write!(
                f,
                "; refined {} of {} entries with the model",
                self.entries_refined, self.entries_to_refine
            )?;
        }
        if self.entries_awaiting_model > 0 {
            write!(
                f,
                "; {} {} the model's reading when it is reachable",
                self.entries_awaiting_model,
                if self.entries_awaiting_model == 1 {
                    "entry gets"
                } else {
                    "entries get"
                }
            )?;
        }
        if self.questions_deferred > 0 {
            write!(
                f,
                "; {} deferred (file still being edited)",
                self.questions_deferred
            )?;
        }
        if !self.unwritable.is_empty() {
            write!(
                f,
                "; {} not written to (questions left open, see the warnings)",
                plural(self.unwritable.len(), "note")
            )?;
        }
        if self.entries_reread > 0 {
            let entries = match self.entries_reread {
                1 => "entry",
                _ => "entries",
            };
            write!(
                f,
                "; {} {entries} re-read with the new reader",
                self.entries_reread
            )?;
        }
        if self.living_updated > 0 {
            write!(
                f,
                "; {} brought up to date",
                plural(self.living_updated, "living answer")
            )?;
        }
        if self.questions_gone > 0 {
            write!(f, "; {} removed before answering", self.questions_gone)?;
        }
        if self.questions_asked_back > 0 {
            write!(
                f,
                "; {} waiting for your `!` reply",
                self.questions_asked_back
            )?;
        }
        Ok(())
    }
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The callout for an outcome, stamped now.
pub fn callout_for(outcome: &Outcome) -> Callout {
    let stamp = Local::now().naive_local();
    match outcome {
        Outcome::Answered(answer) => Callout {
            kind: CalloutKind::Answer,
            stamp,
            title: None,
            body: answer.body.clone(),
            sources: answer.sources.clone(),
        },
        Outcome::NeedsInput { questions, session } => Callout {
            kind: CalloutKind::Question,
            stamp,
            title: Some("needs more information".to_string()),
            body: format!(
                "{questions}\n\nReply on a new line under this box, starting with `!` (for example `! about 5 hours`), or write `! skip` for the best answer without it.{}",
                session
                    .as_deref()
                    .map(|id| format!("\n{}", crate::vault::callout::session_marker(id)))
                    .unwrap_or_default()
            ),
            sources: Vec::new(),
        },
        Outcome::Failed { reason, hint } => Callout {
            kind: CalloutKind::Failure,
            stamp,
            title: Some("could not answer".to_string()),
            body: format!("{reason}. {hint}."),
            sources: Vec::new(),
        },
    }
}
