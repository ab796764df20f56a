//! Observer: after an answer, decides what is worth remembering in `global-context.md` as
//! preferences, patterns, facts or insights with a confidence. Updates go through the same
//! merge as the offline Observer, so the person's edits are never overwritten.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::types::Certainty;
use super::{call, AgentError, Ctx};
use crate::offline::observer::Observation;

#[derive(Debug, Clone, Serialize)]
pub struct ObserverInput {
    /// post_query, user_correction or significant_log.
    pub trigger: String,
    pub query: Option<String>,
    pub response: Option<String>,
    pub current_global_context: String,
    pub context_management_guidance: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    Preference,
    Pattern,
    Fact,
    Insight,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ContextUpdate {
    pub category: Category,
    /// Short snake_case or plain key, e.g. `unit_preference`.
    pub key: String,
    pub value: String,
    pub confidence: Certainty,
    pub source: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ObserverOutput {
    pub should_update: bool,
    #[serde(default)]
    pub updates: Vec<ContextUpdate>,
    #[serde(default)]
    pub insights_captured: Vec<String>,
}

pub async fn observe(cx: Ctx<'_>, input: &ObserverInput) -> Result<Vec<Observation>, AgentError> {
    let guidance = input.context_management_guidance.clone();
    let out = call(
        cx,
        "observer",
        &[("guidance", guidance.as_str())],
        input,
        |o: &ObserverOutput, _| validate(o),
    )
    .await?
    .value;
    if !out.should_update {
        return Ok(Vec::new());
    }
    Ok(out
        .updates
        .into_iter()
        .map(|u| Observation {
            section: match u.category {
                Category::Preference => "Preferences",
                Category::Pattern => "Patterns",
                Category::Fact => "Facts",
                Category::Insight => "Insights",
            },
            key: u.key.trim().to_string(),
            value: u.value.trim().replace('\n', " "),
            confidence: u.confidence,
        })
        .collect())
}

/// Keys short and single-line; values single-line; updates only when should_update.
pub fn validate(o: &ObserverOutput) -> Result<(), String> {
    if !o.should_update && !o.updates.is_empty() {
        return Err("should_update is false but updates are given".into());
    }
    for u in &o.updates {
        if u.key.trim().is_empty()
            || u.key.len() > 60
            || u.key.contains(':')
            || u.key.contains('\n')
        {
            return Err(format!(
                "key `{}` must be a short single-line name without `:`",
                u.key
            ));
        }
        if u.value.trim().is_empty() || u.value.len() > 300 {
            return Err(format!("value for `{}` must be one short line", u.key));
        }
    }
    Ok(())
}
