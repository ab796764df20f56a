//! The offline engine's retrieval as a plan, for when the Planner cannot plan: the date
//! phrase of the question and its vocabulary-expanded keywords.

use chrono::NaiveDate;

use crate::agents::planner::{NextAction, PlannerOutput, RetrievalInstruction, Strategy, SubQuery};
use crate::agents::types::{DependencyType, QueryType};
use crate::domains::Domains;
use crate::offline;
use crate::vault::Store;

/// The offline engine's retrieval as a plan (date phrase + keywords), for when the Planner
/// cannot plan.
pub(super) fn offline_plan(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> PlannerOutput {
    PlannerOutput {
        reasoning: "planned by the offline engine".into(),
        query_type: QueryType::Simple,
        sub_queries: vec![SubQuery {
            id: 1,
            question: question.to_string(),
        }],
        dependencies: Vec::new(),
        execution_strategy: DependencyType::Coupled,
        execution_order: vec![1],
        retrieval_instructions: offline_instructions(store, domains, question, anchor),
        domain_expansion_request: Vec::new(),
        next_action: NextAction::Retrieve,
        clarify_questions: Vec::new(),
    }
}

/// The offline engine's retrieval as Planner instructions (date phrase + keywords).
fn offline_instructions(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Vec<RetrievalInstruction> {
    let range = offline::dates::find_range(question, anchor, store.config().week_start);
    let groups = offline::answer::keyword_groups(question, range.as_ref(), domains);
    let (start, end) = match (&range, store.index().span()) {
        (Some(r), _) => (Some(r.start.to_string()), Some(r.end.to_string())),
        (None, Some((s, e))) => (Some(s.to_string()), Some(e.to_string())),
        _ => (None, None),
    };
    if groups.is_empty() {
        return vec![RetrievalInstruction {
            strategy: Strategy::DateRange,
            start,
            end,
            keywords: Vec::new(),
            pattern: None,
        }];
    }
    vec![RetrievalInstruction {
        strategy: Strategy::Keyword,
        start,
        end,
        keywords: groups
            .into_iter()
            .filter_map(|g| g.into_iter().next())
            .collect(),
        pattern: None,
    }]
}
