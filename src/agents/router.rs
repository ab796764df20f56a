//! Router: classifies input (log / query / both / correction) and selects domains. A cheap
//! keyword pre-selection is given to the model, which may widen it but not invent domains.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::types::{DomainInfo, InputType};
use super::{call, AgentError, Ctx};
use crate::domains::Domains;

#[derive(Debug, Clone, Serialize)]
pub struct RouterInput {
    pub raw_input: String,
    pub available_domains: Vec<DomainInfo>,
    /// Domains whose vocabulary appears in the input.
    pub preselected_domains: Vec<String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RouterOutput {
    pub reasoning: String,
    pub input_type: InputType,
    /// 0..1.
    pub confidence: f32,
    pub selected_domains: Vec<String>,
    #[serde(default)]
    pub domain_selection_reasoning: String,
    #[serde(default)]
    pub log_portion: Option<String>,
    #[serde(default)]
    pub query_portion: Option<String>,
    #[serde(default)]
    pub correction_target: Option<String>,
}

/// Routes `text`; the selected domains always include the keyword pre-selection.
pub async fn route(cx: Ctx<'_>, domains: &Domains, text: &str) -> Result<RouterOutput, AgentError> {
    let pre: Vec<String> = domains
        .mentioned_in(text)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let input = RouterInput {
        raw_input: text.to_string(),
        available_domains: domains
            .all
            .iter()
            .map(|d| DomainInfo {
                name: d.name.clone(),
                description: d.description.trim().to_string(),
            })
            .collect(),
        preselected_domains: pre.clone(),
    };
    let names: Vec<String> = domains.all.iter().map(|d| d.name.clone()).collect();
    let list = names.join(", ");
    let mut out = call(
        cx,
        "router",
        &[("domains", &list)],
        &input,
        |o: &RouterOutput, _| validate(o, &names, text),
    )
    .await?
    .value;
    for p in pre {
        if !out.selected_domains.contains(&p) {
            out.selected_domains.push(p);
        }
    }
    Ok(out)
}

/// Domains must exist; confidence in 0..1; BOTH needs both portions, and each portion is
/// a piece of `text` (a small model may copy its prompt's example instead: that log must
/// never be stored, nor that question answered).
pub fn validate(o: &RouterOutput, names: &[String], text: &str) -> Result<(), String> {
    if !(0.0..=1.0).contains(&o.confidence) {
        return Err(format!("confidence {} is outside 0..1", o.confidence));
    }
    if let Some(bad) = o.selected_domains.iter().find(|d| !names.contains(d)) {
        return Err(format!(
            "selected domain `{bad}` does not exist (known: {})",
            names.join(", ")
        ));
    }
    if o.input_type == InputType::Both && (o.log_portion.is_none() || o.query_portion.is_none()) {
        return Err(
            "input_type is both, but log_portion and query_portion are not both given".into(),
        );
    }
    let whole = plain(text);
    for (name, portion) in [
        ("log_portion", &o.log_portion),
        ("query_portion", &o.query_portion),
    ] {
        if let Some(p) = portion.as_deref().filter(|p| !whole.contains(&plain(p))) {
            return Err(format!(
                "{name} “{p}” is not part of the input: copy it from raw_input"
            ));
        }
    }
    Ok(())
}

/// `text` lowercase, its words joined by one space, without the punctuation around them.
fn plain(text: &str) -> String {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn routed(log: Option<&str>, query: Option<&str>) -> RouterOutput {
        RouterOutput {
            reasoning: String::new(),
            input_type: InputType::Both,
            confidence: 0.9,
            selected_domains: Vec::new(),
            domain_selection_reasoning: String::new(),
            log_portion: log.map(str::to_string),
            query_portion: query.map(str::to_string),
            correction_target: None,
        }
    }

    #[test]
    fn portions_must_come_from_the_input() {
        let text = "Ran 5 km this morning. Was that faster than last week?";
        let ok = routed(
            Some("ran 5 km this morning"),
            Some("was that faster than last week"),
        );
        assert_eq!(validate(&ok, &[], text), Ok(()));
        // A tiny model copies its prompt's example for any input.
        let copied = routed(
            Some("ran 5 km this morning"),
            Some("was that faster than last week?"),
        );
        let err = validate(&copied, &[], "how far did I run yesterday").unwrap_err();
        assert!(err.contains("not part of the input"), "{err}");
    }
}
