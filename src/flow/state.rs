//! The flow's states and its transition function (seed 004 §5.4). `next` is pure: it reads
//! the session (what the current state's work recorded) and the limits, and names the state
//! to run next. The runner does the work; this file only decides.

use serde::{Deserialize, Serialize};

use super::session::Session;
use crate::agents::planner::NextAction;
use crate::agents::types::{InputType, Verdict};

/// A step of the flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum State {
    /// Classify the input, select domains.
    Route,
    /// Combine the selected (and expanded) domains into the active context.
    BuildContext,
    /// Decompose the question and write retrieval instructions.
    Plan,
    /// Fetch entries from the store.
    Retrieve,
    /// Findings, gaps and a sufficiency verdict.
    Analyze,
    /// Write the answer.
    Synthesize,
    /// Check the answer (advisory: it never rewrites).
    Evaluate,
    /// Write questions for the person.
    Clarify,
    /// Wait for the person's `!` reply.
    WaitUser,
    /// Add a domain that was asked for.
    ExpandDomain,
    /// Read structured data from a log.
    Parse,
    /// Save it.
    Store,
    /// Decide what to remember.
    Observe,
    /// Done.
    Complete,
}

impl State {
    /// The name as the seed writes it (`BUILD_CONTEXT`).
    pub fn name(self) -> &'static str {
        match self {
            State::Route => "ROUTE",
            State::BuildContext => "BUILD_CONTEXT",
            State::Plan => "PLAN",
            State::Retrieve => "RETRIEVE",
            State::Analyze => "ANALYZE",
            State::Synthesize => "SYNTHESIZE",
            State::Evaluate => "EVALUATE",
            State::Clarify => "CLARIFY",
            State::WaitUser => "WAIT_USER",
            State::ExpandDomain => "EXPAND_DOMAIN",
            State::Parse => "PARSE",
            State::Store => "STORE",
            State::Observe => "OBSERVE",
            State::Complete => "COMPLETE",
        }
    }
}

impl std::fmt::Display for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The bounds on the flow's loops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Evaluate -> plan cycles after a failed check (`llm.retry.max_retries`, default 2).
    pub max_retries: u32,
    /// Analyze -> plan cycles for gaps (`llm.retry.loop_max`, default 2).
    pub loop_max: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_retries: 2,
            loop_max: 2,
        }
    }
}

/// The state after the current one's work, given what it recorded in `session`.
/// `WAIT_USER` without a reply stays `WAIT_USER` (the runner stops there); `COMPLETE` stays.
pub fn next(session: &Session, limits: &Limits) -> State {
    let s = session;
    match s.state {
        State::Route => State::BuildContext,
        State::BuildContext => match s.input_type {
            // BOTH: the query part is planned here; the log part forks (see `fork`).
            Some(InputType::Query | InputType::Both) | None => State::Plan,
            Some(InputType::Log | InputType::Correction) => State::Parse,
        },
        State::Plan => after_plan(s),
        State::Retrieve => State::Analyze,
        State::Analyze => after_analyze(s, limits),
        State::ExpandDomain => State::BuildContext,
        State::Clarify => State::WaitUser,
        State::WaitUser => match &s.reply {
            None => State::WaitUser,
            Some(_) if s.declined() => State::Synthesize,
            Some(_) => State::Analyze,
        },
        State::Synthesize => State::Evaluate,
        State::Evaluate => match s.evaluation_verdict() {
            Some(Verdict::Fail) if s.retry_count < limits.max_retries => State::Plan,
            // PASS, FAIL at the limit (a partial answer), or no evaluation at all.
            _ => State::Observe,
        },
        State::Parse => State::Store,
        State::Store => State::Observe,
        State::Observe | State::Complete => State::Complete,
    }
}

/// The branch that runs beside the current state: BOTH parses (then stores) its log part
/// while the query part is planned.
pub fn fork(session: &Session) -> Option<State> {
    (session.state == State::Plan
        && session.input_type == Some(InputType::Both)
        && session.log_pending())
    .then_some(State::Parse)
}

fn after_plan(s: &Session) -> State {
    // A multi-part question whose parts were answered by their own sessions: put together.
    if s.parts_answered() {
        return State::Synthesize;
    }
    // A domain the question needs is added before anything is retrieved with it.
    if !s.pending_domains.is_empty() {
        return State::ExpandDomain;
    }
    // Search before asking: only gaps a retrieval looked for in vain, or that only the
    // person can know, are put to them; once.
    // A part of a multi-part question never asks: it answers with what there is.
    let must_ask = s.askable_gaps().any(|g| g.critical()) && s.parent.is_none();
    if must_ask && s.clarification.is_none() && s.reply.is_none() {
        return State::Clarify;
    }
    let plan_says_enough = s
        .plan
        .as_ref()
        .is_some_and(|p| p.next_action == NextAction::Synthesize);
    if plan_says_enough && s.analysis.is_some() {
        return State::Synthesize;
    }
    State::Retrieve
}

fn after_analyze(s: &Session, limits: &Limits) -> State {
    if !s.pending_domains.is_empty() {
        return State::ExpandDomain;
    }
    match s.analysis_verdict() {
        Some(Verdict::Sufficient) => State::Synthesize,
        _ if s.loop_count < limits.loop_max => State::Plan,
        // Out of re-plans: answer with what there is, saying what is missing.
        _ => State::Synthesize,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::analyzer::AnalyzerOutput;
    use crate::agents::evaluator::{EvaluatorOutput, Recommendation};
    use crate::agents::planner::PlannerOutput;
    use crate::agents::types::{DependencyType, Gap, GapType, QueryType, Severity};
    use crate::flow::session::{Clarification, GapStatus, TrackedGap};

    fn session(state: State) -> Session {
        let mut s = Session::new(
            "why was bench heavy",
            chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
            None,
        );
        s.state = state;
        s.input_type = Some(InputType::Query);
        s
    }

    fn analysis(verdict: Verdict) -> AnalyzerOutput {
        AnalyzerOutput {
            query_intent: "x".into(),
            findings: Vec::new(),
            patterns_identified: Vec::new(),
            gaps_identified: Vec::new(),
            verdict_reasoning: "x".into(),
            verdict,
        }
    }

    fn plan(next_action: NextAction) -> PlannerOutput {
        PlannerOutput {
            reasoning: "x".into(),
            query_type: QueryType::Insight,
            sub_queries: Vec::new(),
            dependencies: Vec::new(),
            execution_strategy: DependencyType::Coupled,
            execution_order: Vec::new(),
            retrieval_instructions: Vec::new(),
            domain_expansion_request: Vec::new(),
            next_action,
            clarify_questions: Vec::new(),
        }
    }

    fn evaluation(verdict: Verdict) -> EvaluatorOutput {
        EvaluatorOutput {
            dimensions: Vec::new(),
            feedback: Vec::new(),
            recommendation: Recommendation::RetryWithFeedback,
            overall_verdict: verdict,
        }
    }

    fn gap(gap_type: GapType, status: GapStatus) -> TrackedGap {
        TrackedGap {
            gap: Gap {
                description: "sleep before the session".into(),
                gap_type,
                severity: Severity::Critical,
                searched: false,
                found: false,
                outside_current_expertise: false,
                suspected_domain: None,
            },
            status,
        }
    }

    /// One row of the table: a name, the session as the current state left it, the next state.
    type Row = (&'static str, Session, State);

    fn rows() -> Vec<Row> {
        let with = |state: State, f: &dyn Fn(&mut Session)| {
            let mut s = session(state);
            f(&mut s);
            s
        };
        vec![
            (
                "ROUTE -> BUILD_CONTEXT always",
                session(State::Route),
                State::BuildContext,
            ),
            (
                "BUILD_CONTEXT -> PLAN for a query",
                session(State::BuildContext),
                State::Plan,
            ),
            (
                "BUILD_CONTEXT -> PARSE for a log",
                with(State::BuildContext, &|s| {
                    s.input_type = Some(InputType::Log)
                }),
                State::Parse,
            ),
            (
                "BUILD_CONTEXT -> PARSE for a correction (a log variant)",
                with(State::BuildContext, &|s| {
                    s.input_type = Some(InputType::Correction)
                }),
                State::Parse,
            ),
            (
                "BUILD_CONTEXT -> PLAN (+ PARSE forked) for both",
                with(State::BuildContext, &|s| {
                    s.input_type = Some(InputType::Both);
                    s.log_portion = Some("ran 5 km".into());
                }),
                State::Plan,
            ),
            (
                "PLAN -> RETRIEVE normally",
                with(State::Plan, &|s| s.plan = Some(plan(NextAction::Retrieve))),
                State::Retrieve,
            ),
            (
                "PLAN -> EXPAND_DOMAIN when the question needs an unloaded domain",
                with(State::Plan, &|s| {
                    s.pending_domains = vec!["nutrition".into()]
                }),
                State::ExpandDomain,
            ),
            (
                "PLAN -> CLARIFY for a gap only the person knows",
                with(State::Plan, &|s| {
                    s.gaps = vec![gap(GapType::Subjective, GapStatus::PersonOnly)]
                }),
                State::Clarify,
            ),
            (
                "PLAN -> CLARIFY for a gap a retrieval looked for and did not find",
                with(State::Plan, &|s| {
                    s.gaps = vec![gap(
                        GapType::Temporal,
                        GapStatus::Searched { entries_found: 0 },
                    )]
                }),
                State::Clarify,
            ),
            (
                "PLAN -> RETRIEVE, not CLARIFY, for a gap nobody searched for yet",
                with(State::Plan, &|s| {
                    s.plan = Some(plan(NextAction::Clarify));
                    s.gaps = vec![gap(GapType::Temporal, GapStatus::NotSearched)];
                }),
                State::Retrieve,
            ),
            (
                "PLAN -> RETRIEVE, not CLARIFY, for a gap a retrieval found entries for",
                with(State::Plan, &|s| {
                    s.gaps = vec![gap(
                        GapType::Topical,
                        GapStatus::Searched { entries_found: 3 },
                    )]
                }),
                State::Retrieve,
            ),
            (
                "PLAN -> RETRIEVE for a part of a multi-part question (its parent asks)",
                with(State::Plan, &|s| {
                    s.parent = Some("0123456789abcdef".into());
                    s.gaps = vec![gap(GapType::Subjective, GapStatus::PersonOnly)];
                }),
                State::Retrieve,
            ),
            (
                "PLAN -> RETRIEVE once the person was asked already",
                with(State::Plan, &|s| {
                    s.gaps = vec![gap(GapType::Subjective, GapStatus::PersonOnly)];
                    s.clarification = Some(Clarification {
                        questions: "1. How did you sleep?".into(),
                        asked: vec!["How did you sleep?".into()],
                    });
                }),
                State::Retrieve,
            ),
            (
                "PLAN -> SYNTHESIZE when earlier attempts are sufficient",
                with(State::Plan, &|s| {
                    s.plan = Some(plan(NextAction::Synthesize));
                    s.analysis = Some(analysis(Verdict::Sufficient));
                }),
                State::Synthesize,
            ),
            (
                "PLAN -> SYNTHESIZE when every part of a multi-part question is answered",
                with(State::Plan, &|s| {
                    s.sub_answers = vec![crate::flow::session::SubAnswer {
                        id: 1,
                        question: "how far did I run".into(),
                        session: "0123456789abcdef".into(),
                        answer: Some("6 km".into()),
                        calls: 4,
                        tokens: 600,
                    }]
                }),
                State::Synthesize,
            ),
            (
                "PLAN -> RETRIEVE when the plan says enough but nothing was analyzed",
                with(State::Plan, &|s| {
                    s.plan = Some(plan(NextAction::Synthesize))
                }),
                State::Retrieve,
            ),
            (
                "RETRIEVE -> ANALYZE always",
                session(State::Retrieve),
                State::Analyze,
            ),
            (
                "ANALYZE -> SYNTHESIZE when sufficient",
                with(State::Analyze, &|s| {
                    s.analysis = Some(analysis(Verdict::Sufficient))
                }),
                State::Synthesize,
            ),
            (
                "ANALYZE -> PLAN when insufficient and loop_count < loop_max",
                with(State::Analyze, &|s| {
                    s.analysis = Some(analysis(Verdict::Insufficient));
                    s.loop_count = 1;
                }),
                State::Plan,
            ),
            (
                "ANALYZE -> SYNTHESIZE (partial) when insufficient at loop_max",
                with(State::Analyze, &|s| {
                    s.analysis = Some(analysis(Verdict::Insufficient));
                    s.loop_count = 2;
                }),
                State::Synthesize,
            ),
            (
                "ANALYZE -> EXPAND_DOMAIN for a gap outside the loaded expertise",
                with(State::Analyze, &|s| {
                    s.analysis = Some(analysis(Verdict::Sufficient));
                    s.pending_domains = vec!["sleep".into()];
                }),
                State::ExpandDomain,
            ),
            (
                "EXPAND_DOMAIN -> BUILD_CONTEXT always",
                session(State::ExpandDomain),
                State::BuildContext,
            ),
            (
                "BUILD_CONTEXT -> PLAN after an expansion (re-retrieval with the new domain)",
                with(State::BuildContext, &|s| {
                    s.expanded_domains = vec!["sleep".into()]
                }),
                State::Plan,
            ),
            (
                "CLARIFY -> WAIT_USER always",
                session(State::Clarify),
                State::WaitUser,
            ),
            (
                "WAIT_USER -> ANALYZE when the person replied",
                with(State::WaitUser, &|s| s.reply = Some("about 5 hours".into())),
                State::Analyze,
            ),
            (
                "WAIT_USER -> SYNTHESIZE when the person declined",
                with(State::WaitUser, &|s| s.reply = Some(" Skip ".into())),
                State::Synthesize,
            ),
            (
                "WAIT_USER stays without a reply",
                session(State::WaitUser),
                State::WaitUser,
            ),
            (
                "SYNTHESIZE -> EVALUATE always",
                session(State::Synthesize),
                State::Evaluate,
            ),
            (
                "EVALUATE -> OBSERVE on pass",
                with(State::Evaluate, &|s| {
                    s.evaluation = Some(evaluation(Verdict::Pass))
                }),
                State::Observe,
            ),
            (
                "EVALUATE -> PLAN on fail while retry_count < max_retries",
                with(State::Evaluate, &|s| {
                    s.evaluation = Some(evaluation(Verdict::Fail));
                    s.retry_count = 1;
                }),
                State::Plan,
            ),
            (
                "EVALUATE -> OBSERVE (partial) on fail at max_retries",
                with(State::Evaluate, &|s| {
                    s.evaluation = Some(evaluation(Verdict::Fail));
                    s.retry_count = 2;
                }),
                State::Observe,
            ),
            (
                "EVALUATE -> OBSERVE when the check could not run",
                session(State::Evaluate),
                State::Observe,
            ),
            ("PARSE -> STORE always", session(State::Parse), State::Store),
            (
                "STORE -> OBSERVE always",
                session(State::Store),
                State::Observe,
            ),
            (
                "OBSERVE -> COMPLETE always",
                session(State::Observe),
                State::Complete,
            ),
        ]
    }

    #[test]
    fn every_transition_of_the_seed_table_with_its_guards() {
        let limits = Limits::default();
        let mut wrong = Vec::new();
        for (name, s, expected) in rows() {
            let got = next(&s, &limits);
            if got != expected {
                wrong.push(format!("{name}: got {got}"));
            }
        }
        assert!(wrong.is_empty(), "{wrong:#?}");
    }

    #[test]
    fn every_state_is_reached_by_some_row() {
        let reached: std::collections::HashSet<State> =
            rows().into_iter().map(|(_, _, to)| to).collect();
        for s in [
            State::BuildContext,
            State::Plan,
            State::Retrieve,
            State::Analyze,
            State::Synthesize,
            State::Evaluate,
            State::Clarify,
            State::WaitUser,
            State::ExpandDomain,
            State::Parse,
            State::Store,
            State::Observe,
            State::Complete,
        ] {
            assert!(reached.contains(&s), "{s} is never entered");
        }
    }

    #[test]
    fn both_forks_the_log_part_beside_the_plan() {
        let mut s = session(State::Plan);
        assert_eq!(fork(&s), None);
        s.input_type = Some(InputType::Both);
        s.log_portion = Some("ran 5 km".into());
        s.log_note = Some("Daily/2026-11-21.md".into());
        assert_eq!(fork(&s), Some(State::Parse));
        s.branch = vec![State::Parse, State::Store];
        assert_eq!(fork(&s), None, "the log part is stored once");
    }

    #[test]
    fn a_zero_limit_gives_a_partial_answer_at_once() {
        let limits = Limits {
            max_retries: 0,
            loop_max: 0,
        };
        let mut s = session(State::Evaluate);
        s.evaluation = Some(evaluation(Verdict::Fail));
        assert_eq!(next(&s, &limits), State::Observe);
        let mut s = session(State::Analyze);
        s.analysis = Some(analysis(Verdict::Insufficient));
        assert_eq!(next(&s, &limits), State::Synthesize);
    }
}
