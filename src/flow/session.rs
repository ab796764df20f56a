//! One question's flow as data: everything the state machine decides on and everything a
//! resume needs, checkpointed to `.vault-agent/sessions/<id>.json` after every transition.
//! Model replies are journaled in it, so a resumed session replays what it already paid for.

use std::collections::BTreeMap;
use std::time::Duration;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::state::State;
use crate::agents::analyzer::AnalyzerOutput;
use crate::agents::evaluator::{EvaluatorOutput, Recommendation};
use crate::agents::journal::JournaledReply;
use crate::agents::planner::PlannerOutput;
use crate::agents::synthesizer::SynthesizerOutput;
use crate::agents::types::RetrievalAttempt;
use crate::agents::types::{EntryView, EvaluationFeedback, Gap, GapType, InputType, Verdict};

/// How long finished sessions are kept unless configured otherwise.
pub const DEFAULT_KEEP: Duration = Duration::from_secs(7 * 24 * 3600);

/// Where a gap stands, as the flow saw it (not as a model claims it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum GapStatus {
    /// Could be in the notes; no retrieval has looked for it yet.
    NotSearched,
    /// A retrieval looked for it and found this many entries.
    Searched { entries_found: usize },
    /// Only the person knows (how they feel now, what they meant).
    PersonOnly,
}

/// A gap with its status.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrackedGap {
    pub gap: Gap,
    pub status: GapStatus,
}

impl TrackedGap {
    /// A gap as the Analyzer reported it for the first time.
    pub fn new(gap: Gap) -> TrackedGap {
        let status = if gap.gap_type.retrievable() {
            GapStatus::NotSearched
        } else {
            GapStatus::PersonOnly
        };
        TrackedGap { gap, status }
    }

    /// Search before asking: the person is asked only about what a retrieval looked for and
    /// did not find, or what only they can know.
    pub fn may_ask_person(&self) -> bool {
        matches!(
            self.status,
            GapStatus::PersonOnly | GapStatus::Searched { entries_found: 0 }
        )
    }

    /// A retrieval should look for it.
    pub fn needs_search(&self) -> bool {
        self.status == GapStatus::NotSearched
    }

    /// Whether the answer cannot honestly be given without it.
    pub fn critical(&self) -> bool {
        self.gap.severity == crate::agents::types::Severity::Critical
    }

    /// The same missing piece (the Analyzer words it again each round).
    pub fn same_as(&self, gap: &Gap) -> bool {
        self.gap
            .description
            .trim()
            .eq_ignore_ascii_case(gap.description.trim())
    }
}

/// An entry the flow retrieved, as the agents and the answer need it (so a resumed session
/// does not depend on the notes staying the same).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RetrievedEntry {
    /// The entry id (`path#n`).
    pub id: String,
    /// `YYYY-MM-DD HH:MM`, newest first when sorted descending.
    pub when: String,
    /// The wikilink to the note the entry is in.
    pub note_link: String,
    pub view: EntryView,
}

/// A part of a multi-part question, answered by a child session of its own.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SubAnswer {
    pub id: u32,
    pub question: String,
    /// The child session that answers it.
    pub session: String,
    /// The part's answer (the child's draft), once it completed.
    #[serde(default)]
    pub answer: Option<String>,
    /// Model replies the child paid for.
    #[serde(default)]
    pub calls: u32,
    /// Tokens those replies cost.
    #[serde(default)]
    pub tokens: u64,
}

/// The clarifying questions put to the person.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Clarification {
    /// Markdown: the explanation and numbered questions.
    pub questions: String,
    /// The questions' texts (never asked twice).
    pub asked: Vec<String>,
}

/// A draft answer and which model wrote it.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Draft {
    pub output: SynthesizerOutput,
    pub engine: String,
}

/// The offline engine's answer to the question: numbers for the Analyzer to check against,
/// and the answer given if the models fail (computed once per session).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OfflineReading {
    pub body: String,
    pub sources: Vec<String>,
    /// How each computed figure was computed.
    #[serde(default)]
    pub provenance: Vec<crate::offline::provenance::Provenance>,
}

/// The final answer of a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FinalAnswer {
    pub body: String,
    pub sources: Vec<String>,
    pub engine: String,
    /// The check of the answer's figures against the notes.
    #[serde(default)]
    pub check: Option<crate::flow::check::Report>,
}

/// The full state of one flow.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Session {
    pub id: String,
    /// Unix seconds.
    pub created: i64,
    /// Unix seconds when it reached COMPLETE.
    #[serde(default)]
    pub finished: Option<i64>,
    /// The input as written (without a leading `?`).
    pub input: String,
    /// Relative dates resolve against this day.
    pub question_date: NaiveDate,
    /// The note it was asked in, when it came from one.
    #[serde(default)]
    pub source: Option<String>,
    /// The session of the multi-part question this one answers a part of.
    #[serde(default)]
    pub parent: Option<String>,
    /// The state whose work runs next.
    pub state: State,
    /// Every state entered so far, in order.
    pub path: Vec<State>,
    pub input_type: Option<InputType>,
    #[serde(default)]
    pub log_portion: Option<String>,
    /// The note the log part was written to (BOTH input from `input` or the API).
    #[serde(default)]
    pub log_note: Option<String>,
    /// States run beside the main path: PARSE and STORE of the log part.
    #[serde(default)]
    pub branch: Vec<State>,
    #[serde(default)]
    pub query_portion: Option<String>,
    /// Domains selected by routing.
    pub selected_domains: Vec<String>,
    /// Domains added mid-flow, once each.
    pub expanded_domains: Vec<String>,
    /// Domains asked for (by the Planner or the Analyzer) and not yet added.
    pub pending_domains: Vec<String>,
    pub plan: Option<PlannerOutput>,
    pub retrieval_history: Vec<RetrievalAttempt>,
    pub entries: Vec<RetrievedEntry>,
    pub gaps: Vec<TrackedGap>,
    pub analysis: Option<AnalyzerOutput>,
    /// The offline engine's answer, once computed.
    #[serde(default)]
    pub offline: Option<OfflineReading>,
    /// Findings of earlier parts of a DEPENDENT question, handed to later parts.
    #[serde(default)]
    pub earlier_answers: Vec<SubAnswer>,
    /// Parts of a multi-part question, in the Planner's order.
    #[serde(default)]
    pub sub_answers: Vec<SubAnswer>,
    pub draft: Option<Draft>,
    pub evaluation: Option<EvaluatorOutput>,
    /// The evaluation could not run (the draft stands, with a caution).
    #[serde(default)]
    pub evaluation_error: Option<String>,
    /// The check of the draft's figures against the notes (see [`crate::flow::check`]).
    #[serde(default)]
    pub check: Option<crate::flow::check::Report>,
    /// Evaluator feedback for the next plan and draft.
    pub feedback: Vec<EvaluationFeedback>,
    /// Evaluate -> plan cycles taken.
    pub retry_count: u32,
    /// Analyze -> plan cycles taken.
    pub loop_count: u32,
    pub clarification: Option<Clarification>,
    /// The person's `!` reply (`skip` declines).
    pub reply: Option<String>,
    pub answer: Option<FinalAnswer>,
    /// Model replies received for this session (replays are not counted).
    pub calls: u32,
    /// Tokens those replies cost (prompt plus completion, as the providers reported them).
    #[serde(default)]
    pub tokens: u64,
    /// Completed model replies by agent and input.
    pub journal: BTreeMap<String, JournaledReply>,
}

impl Session {
    /// A new session for `input`, waiting to be routed.
    pub fn new(input: &str, question_date: NaiveDate, source: Option<String>) -> Session {
        Session {
            id: new_id(),
            created: chrono::Utc::now().timestamp(),
            finished: None,
            input: input.to_string(),
            question_date,
            source,
            parent: None,
            state: State::Route,
            path: vec![State::Route],
            input_type: None,
            log_portion: None,
            log_note: None,
            branch: Vec::new(),
            query_portion: None,
            selected_domains: Vec::new(),
            expanded_domains: Vec::new(),
            pending_domains: Vec::new(),
            plan: None,
            retrieval_history: Vec::new(),
            entries: Vec::new(),
            gaps: Vec::new(),
            analysis: None,
            offline: None,
            earlier_answers: Vec::new(),
            sub_answers: Vec::new(),
            draft: None,
            evaluation: None,
            evaluation_error: None,
            check: None,
            feedback: Vec::new(),
            retry_count: 0,
            loop_count: 0,
            clarification: None,
            reply: None,
            answer: None,
            calls: 0,
            tokens: 0,
            journal: BTreeMap::new(),
        }
    }

    /// The question the query part asks.
    pub fn query(&self) -> &str {
        self.query_portion.as_deref().unwrap_or(&self.input)
    }

    /// The person declined to add anything (`! skip`).
    pub fn declined(&self) -> bool {
        self.reply
            .as_deref()
            .is_some_and(|r| r.trim().eq_ignore_ascii_case("skip"))
    }

    /// What the person added in their reply, unless they declined.
    pub fn person_added(&self) -> Option<String> {
        self.reply.clone().filter(|_| !self.declined())
    }

    /// The Analyzer's last verdict.
    pub fn analysis_verdict(&self) -> Option<Verdict> {
        self.analysis.as_ref().map(|a| a.verdict)
    }

    /// What the Evaluator recommended, when its last check failed.
    pub fn failed_recommendation(&self) -> Option<Recommendation> {
        self.evaluation
            .as_ref()
            .filter(|e| e.overall_verdict == Verdict::Fail)
            .map(|e| e.recommendation)
    }

    /// The Evaluator's last verdict.
    pub fn evaluation_verdict(&self) -> Option<Verdict> {
        self.evaluation.as_ref().map(|e| e.overall_verdict)
    }

    /// The Evaluator's last recommendation.
    pub fn recommendation(&self) -> Option<Recommendation> {
        self.evaluation.as_ref().map(|e| e.recommendation)
    }

    /// Folds the Analyzer's gaps into the tracked ones: a gap seen before keeps its status.
    pub fn track_gaps(&mut self, gaps: &[Gap]) {
        let mut tracked = Vec::with_capacity(gaps.len());
        for g in gaps {
            let mut t = match self.gaps.iter().find(|t| t.same_as(g)) {
                Some(old) => TrackedGap {
                    gap: g.clone(),
                    status: old.status,
                },
                None => TrackedGap::new(g.clone()),
            };
            if g.gap_type == GapType::Subjective || g.gap_type == GapType::Clarification {
                t.status = GapStatus::PersonOnly;
            }
            tracked.push(t);
        }
        self.gaps = tracked;
    }

    /// Gaps only the person can fill (or that a retrieval looked for in vain).
    pub fn askable_gaps(&self) -> impl Iterator<Item = &TrackedGap> {
        self.gaps.iter().filter(|g| g.may_ask_person())
    }

    /// A log part still to be parsed and stored beside the query part.
    pub fn log_pending(&self) -> bool {
        self.log_note.is_some() && self.log_portion.is_some() && self.branch.is_empty()
    }

    /// Every part of a multi-part question has its answer.
    pub fn parts_answered(&self) -> bool {
        !self.sub_answers.is_empty() && self.sub_answers.iter().all(|p| p.answer.is_some())
    }

    /// Whether this session is done (completed, or handed to the offline engine).
    pub fn is_finished(&self) -> bool {
        self.finished.is_some() || self.state == State::Complete
    }

    /// Moves to `next`, recording it in the path.
    pub fn enter(&mut self, next: State) {
        self.state = next;
        self.path.push(next);
    }
}

/// A random 16-hex-digit id.
fn new_id() -> String {
    format!("{:016x}", fastrand::u64(..))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::types::Severity;

    fn gap(description: &str, gap_type: GapType) -> Gap {
        Gap {
            description: description.into(),
            gap_type,
            severity: Severity::Critical,
            searched: false,
            found: false,
            outside_current_expertise: false,
            suspected_domain: None,
        }
    }

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 21).unwrap()
    }

    #[test]
    fn a_gap_keeps_its_status_when_the_analyzer_names_it_again() {
        let mut s = Session::new("q", day(), None);
        s.track_gaps(&[gap("Sleep data", GapType::Temporal)]);
        s.gaps[0].status = GapStatus::Searched { entries_found: 0 };
        s.track_gaps(&[
            gap("sleep data", GapType::Temporal),
            gap("mood", GapType::Subjective),
        ]);
        assert_eq!(s.gaps[0].status, GapStatus::Searched { entries_found: 0 });
        assert_eq!(s.gaps[1].status, GapStatus::PersonOnly);
        assert_eq!(s.askable_gaps().count(), 2);
    }
}
