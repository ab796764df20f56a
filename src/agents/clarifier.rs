//! Clarifier: questions for the person about what only they know. It must never ask about
//! something a retrieval could answer (checked against the retrieval history).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::types::{Gap, RetrievalAttempt};
use super::{call, AgentError, Ctx};

#[derive(Debug, Clone, Serialize)]
pub struct ClarifierInput {
    pub original_query: String,
    /// Gaps that no retrieval can fill.
    pub gaps: Vec<Gap>,
    pub retrieval_history: Vec<RetrievalAttempt>,
    pub previous_clarifications: Vec<String>,
    /// Questions the Planner thought only the person can answer (suggestions).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub planner_suggestions: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ClarificationQuestion {
    pub question: String,
    pub gap_addressed: String,
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default = "yes")]
    pub required: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ClarifierOutput {
    pub questions: Vec<ClarificationQuestion>,
    pub context_explanation: String,
    pub fallback_action: String,
}

pub async fn clarify(cx: Ctx<'_>, input: &ClarifierInput) -> Result<ClarifierOutput, AgentError> {
    let history = input.retrieval_history.clone();
    let previous = input.previous_clarifications.clone();
    Ok(call(cx, "clarifier", &[], input, |o: &ClarifierOutput, _| {
        validate(o, &history, &previous)
    })
    .await?
    .value)
}

/// At most three questions, none asked before, none about what a retrieval found.
pub fn validate(
    o: &ClarifierOutput,
    history: &[RetrievalAttempt],
    previous: &[String],
) -> Result<(), String> {
    if o.questions.is_empty() || o.questions.len() > 3 {
        return Err(format!(
            "{} questions; ask between one and three",
            o.questions.len()
        ));
    }
    for q in &o.questions {
        let lower = q.question.to_lowercase();
        if previous.iter().any(|p| p.eq_ignore_ascii_case(&q.question)) {
            return Err(format!("“{}” was already asked", q.question));
        }
        for attempt in history.iter().filter(|a| a.entries_found > 0) {
            let words = attempt
                .params
                .get("keywords")
                .and_then(|k| k.as_array())
                .cloned()
                .unwrap_or_default();
            if let Some(w) = words
                .iter()
                .filter_map(|w| w.as_str())
                .find(|w| w.len() > 2 && lower.contains(&w.to_lowercase()))
            {
                return Err(format!(
                    "“{}” asks about `{w}`, which retrieval attempt {} already found in {} entries",
                    q.question, attempt.attempt_number, attempt.entries_found
                ));
            }
        }
    }
    Ok(())
}
