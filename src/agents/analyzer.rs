//! Analyzer: findings, patterns and gaps over the retrieved entries, then a sufficiency
//! verdict. The verdict is the last field in the schema and must be the last in the output,
//! so the model commits to it only after writing its analysis.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::types::{EntryView, Finding, Gap, RetrievalAttempt, Verdict};
use super::{call, last_key, AgentError, Ctx};
use crate::domains::ActiveDomainContext;

#[derive(Debug, Clone, Serialize)]
pub struct AnalyzerInput {
    pub query: String,
    pub question_date: String,
    pub entries: Vec<EntryView>,
    /// Numbers the offline engine computed from the parsed data, for checking.
    pub computed_facts: String,
    /// What the person replied to clarifying questions, when they did.
    pub person_added: Option<String>,
    pub domain_context: ActiveDomainContext,
    pub global_context: String,
    pub retrieval_history: Vec<RetrievalAttempt>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct AnalyzerOutput {
    pub query_intent: String,
    pub findings: Vec<Finding>,
    #[serde(default)]
    pub patterns_identified: Vec<String>,
    #[serde(default)]
    pub gaps_identified: Vec<Gap>,
    pub verdict_reasoning: String,
    /// `sufficient` or `insufficient`; written last.
    pub verdict: Verdict,
}

pub async fn analyze(cx: Ctx<'_>, input: &AnalyzerInput) -> Result<AnalyzerOutput, AgentError> {
    let links: Vec<String> = input.entries.iter().map(|e| e.link.clone()).collect();
    let domain_context = serde_json::to_string_pretty(&input.domain_context).expect("serializes");
    let vars = [
        ("question_date", input.question_date.as_str()),
        ("domain_context", domain_context.as_str()),
    ];
    Ok(
        call(cx, "analyzer", &vars, input, |o: &AnalyzerOutput, raw| {
            validate(o, raw, &links)
        })
        .await?
        .value,
    )
}

/// Verdict last and of the right kind; evidence must be among the entries given.
pub fn validate(o: &AnalyzerOutput, raw: &str, links: &[String]) -> Result<(), String> {
    match last_key(raw).as_deref() {
        Some("verdict") => {}
        other => {
            return Err(format!(
                "`verdict` must be the last field of the output, found `{}` last",
                other.unwrap_or("nothing")
            ))
        }
    }
    if !matches!(o.verdict, Verdict::Sufficient | Verdict::Insufficient) {
        return Err("the analyzer's verdict must be sufficient or insufficient".into());
    }
    for f in &o.findings {
        if let Some(bad) = f.evidence.iter().find(|e| !links.contains(e)) {
            return Err(format!(
                "finding “{}” cites {bad}, which is not one of the retrieved entries",
                f.claim
            ));
        }
    }
    if o.verdict == Verdict::Insufficient && o.gaps_identified.is_empty() {
        return Err("verdict insufficient without any gap saying what is missing".into());
    }
    Ok(())
}
