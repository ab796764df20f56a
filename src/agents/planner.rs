//! Planner: decomposes the question into sub-queries with dependencies and an execution
//! order, and turns them into concrete retrieval instructions for the Retriever.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::evaluator::Recommendation;
use super::types::{DependencyType, EvaluationFeedback, Gap, QueryType, RetrievalAttempt};
use super::{call, AgentError, Ctx};
use crate::domains::ActiveDomainContext;

#[derive(Debug, Clone, Serialize)]
pub struct PlannerInput {
    pub query: String,
    pub question_date: String,
    pub domain_context: ActiveDomainContext,
    pub retrieval_history: Vec<RetrievalAttempt>,
    pub gaps_from_analyzer: Vec<Gap>,
    pub evaluation_feedback: Vec<EvaluationFeedback>,
    /// What the Evaluator recommended after a failed check, when one failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation_recommendation: Option<Recommendation>,
    /// Answers to earlier parts of the question this part builds on (DEPENDENT parts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub earlier_answers: Vec<String>,
    pub global_context_summary: String,
}

/// How to fetch entries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    DateRange,
    Keyword,
    Topical,
    Glob,
}

/// One concrete retrieval for the Retriever.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RetrievalInstruction {
    pub strategy: Strategy,
    /// `YYYY-MM-DD`; required for date_range, optional otherwise.
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub end: Option<String>,
    /// Keywords (keyword) or the topic word (topical).
    #[serde(default)]
    pub keywords: Vec<String>,
    /// Vault-relative glob (glob strategy), e.g. `Workouts/*.md`.
    #[serde(default)]
    pub pattern: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct SubQuery {
    pub id: u32,
    pub question: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Dependency {
    pub from: u32,
    pub to: u32,
    #[serde(default)]
    pub reason: String,
}

/// What to do next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NextAction {
    Retrieve,
    ExpandDomain,
    Clarify,
    Synthesize,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlannerOutput {
    pub reasoning: String,
    pub query_type: QueryType,
    pub sub_queries: Vec<SubQuery>,
    #[serde(default)]
    pub dependencies: Vec<Dependency>,
    pub execution_strategy: DependencyType,
    pub execution_order: Vec<u32>,
    pub retrieval_instructions: Vec<RetrievalInstruction>,
    #[serde(default)]
    pub domain_expansion_request: Vec<String>,
    pub next_action: NextAction,
    #[serde(default)]
    pub clarify_questions: Vec<String>,
}

pub async fn plan(cx: Ctx<'_>, input: &PlannerInput) -> Result<PlannerOutput, AgentError> {
    let domain_context = serde_json::to_string_pretty(&input.domain_context).expect("serializes");
    let vars = [
        ("question_date", input.question_date.as_str()),
        ("domain_context", domain_context.as_str()),
    ];
    Ok(call(cx, "planner", &vars, input, |o: &PlannerOutput, _| {
        validate(o)
    })
    .await?
    .value)
}

/// Ids unique; dependencies and execution order consistent; dates parse; globs stay inside.
pub fn validate(o: &PlannerOutput) -> Result<(), String> {
    let ids: BTreeSet<u32> = o.sub_queries.iter().map(|s| s.id).collect();
    if ids.len() != o.sub_queries.len() {
        return Err("sub_queries ids are not unique".into());
    }
    if o.sub_queries.is_empty() {
        return Err("no sub_queries".into());
    }
    for d in &o.dependencies {
        if !ids.contains(&d.from) || !ids.contains(&d.to) {
            return Err(format!(
                "dependency {} -> {} names a sub-query that does not exist",
                d.from, d.to
            ));
        }
    }
    let order: BTreeSet<u32> = o.execution_order.iter().copied().collect();
    if order != ids || order.len() != o.execution_order.len() {
        return Err(format!(
            "execution_order {:?} is not a permutation of the sub-query ids {:?}",
            o.execution_order, ids
        ));
    }
    let position = |id: u32| o.execution_order.iter().position(|x| *x == id);
    for d in &o.dependencies {
        if position(d.from) > position(d.to) {
            return Err(format!(
                "execution_order runs {} before {}, which it depends on",
                d.to, d.from
            ));
        }
    }
    if o.next_action == NextAction::Retrieve && o.retrieval_instructions.is_empty() {
        return Err("next_action is retrieve but there are no retrieval_instructions".into());
    }
    validate_instructions(&o.retrieval_instructions)
}

/// Dates parse and are in order, each strategy has its arguments, globs stay inside the vault.
pub fn validate_instructions(instructions: &[RetrievalInstruction]) -> Result<(), String> {
    for (i, r) in instructions.iter().enumerate() {
        let date = |v: &Option<String>, field: &str| -> Result<Option<NaiveDate>, String> {
            match v {
                None => Ok(None),
                Some(s) => NaiveDate::parse_from_str(s, "%Y-%m-%d")
                    .map(Some)
                    .map_err(|_| {
                        format!(
                            "retrieval_instructions[{i}].{field} `{s}` is not a YYYY-MM-DD date"
                        )
                    }),
            }
        };
        let (start, end) = (date(&r.start, "start")?, date(&r.end, "end")?);
        if let (Some(s), Some(e)) = (start, end) {
            if s > e {
                return Err(format!(
                    "retrieval_instructions[{i}]: start {s} is after end {e}"
                ));
            }
        }
        match r.strategy {
            Strategy::DateRange if start.is_none() || end.is_none() => {
                return Err(format!(
                    "retrieval_instructions[{i}]: date_range needs start and end"
                ))
            }
            Strategy::Keyword | Strategy::Topical if r.keywords.is_empty() => {
                return Err(format!("retrieval_instructions[{i}]: keywords are empty"))
            }
            Strategy::Glob => {
                let p = r.pattern.as_deref().unwrap_or("");
                if p.is_empty()
                    || p.starts_with('/')
                    || p.split(['/', '\\']).any(|c| c == "..")
                    || p.contains(':')
                {
                    return Err(format!(
                        "retrieval_instructions[{i}]: glob `{p}` is not a vault-relative pattern"
                    ));
                }
            }
            _ => {}
        }
    }
    Ok(())
}
