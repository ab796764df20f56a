//! Evaluator: PASS/FAIL per dimension (accuracy, relevance, safety, completeness) against the
//! active domains' rules, with feedback on FAIL. Advisory: it never rewrites the answer.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::analyzer::AnalyzerOutput;
use super::types::{EvaluationFeedback, Verdict};
use super::{call, AgentError, Ctx};

#[derive(Debug, Clone, Serialize)]
pub struct EvaluatorInput {
    pub query: String,
    pub response: String,
    pub analysis: AnalyzerOutput,
    pub entries_summary: String,
    pub evaluation_rules: Vec<String>,
    pub attempt_number: u32,
    pub previous_feedback: Vec<EvaluationFeedback>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct EvaluationDimension {
    /// accuracy, relevance, safety or completeness.
    pub dimension: String,
    pub reasoning: String,
    #[serde(default)]
    pub issues: Vec<String>,
    /// `pass` or `fail`.
    pub verdict: Verdict,
}

/// What the flow should do.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Recommendation {
    Accept,
    RetryWithFeedback,
    RetryWithMoreContext,
    GivePartial,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct EvaluatorOutput {
    pub dimensions: Vec<EvaluationDimension>,
    #[serde(default)]
    pub feedback: Vec<EvaluationFeedback>,
    pub recommendation: Recommendation,
    /// `pass` only when every dimension passes.
    pub overall_verdict: Verdict,
}

const DIMENSIONS: [&str; 4] = ["accuracy", "relevance", "safety", "completeness"];

pub async fn evaluate(cx: Ctx<'_>, input: &EvaluatorInput) -> Result<EvaluatorOutput, AgentError> {
    let rules = input
        .evaluation_rules
        .iter()
        .map(|r| format!("- {r}"))
        .collect::<Vec<_>>()
        .join("\n");
    Ok(call(
        cx,
        "evaluator",
        &[("rules", rules.as_str())],
        input,
        |o: &EvaluatorOutput, _| validate(o),
    )
    .await?
    .value)
}

/// All four dimensions, pass/fail only, FAIL overall when any dimension fails, feedback on FAIL.
pub fn validate(o: &EvaluatorOutput) -> Result<(), String> {
    for d in DIMENSIONS {
        if !o
            .dimensions
            .iter()
            .any(|x| x.dimension.eq_ignore_ascii_case(d))
        {
            return Err(format!("the `{d}` dimension is missing"));
        }
    }
    let pf = |v: Verdict| matches!(v, Verdict::Pass | Verdict::Fail);
    if !pf(o.overall_verdict) || o.dimensions.iter().any(|d| !pf(d.verdict)) {
        return Err("evaluation verdicts must be pass or fail".into());
    }
    let any_fail = o.dimensions.iter().any(|d| d.verdict == Verdict::Fail);
    if any_fail && o.overall_verdict == Verdict::Pass {
        let failed: Vec<&str> = o
            .dimensions
            .iter()
            .filter(|d| d.verdict == Verdict::Fail)
            .map(|d| d.dimension.as_str())
            .collect();
        return Err(format!(
            "overall verdict is pass although {} failed",
            failed.join(", ")
        ));
    }
    if o.overall_verdict == Verdict::Fail && o.feedback.is_empty() {
        return Err("a fail needs feedback saying what to fix".into());
    }
    Ok(())
}
