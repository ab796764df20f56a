//! Types shared by the agents' contracts (seed 004 §11, in Rust names).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// What a piece of input is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum InputType {
    Log,
    Query,
    Both,
    Correction,
}

/// What a query wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum QueryType {
    Simple,
    Insight,
    Recommendation,
    Comparison,
    Correction,
}

/// How sub-queries relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum DependencyType {
    Independent,
    Dependent,
    Coupled,
}

/// What kind of information is missing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum GapType {
    Temporal,
    Topical,
    Contextual,
    /// Only the person knows.
    Subjective,
    /// The question itself is ambiguous.
    Clarification,
}

impl GapType {
    /// Gaps a retrieval could fill.
    pub fn retrievable(self) -> bool {
        matches!(
            self,
            GapType::Temporal | GapType::Topical | GapType::Contextual
        )
    }
}

/// Sufficiency (analyzer) and evaluation (evaluator) verdicts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Sufficient,
    Insufficient,
    Pass,
    Fail,
}

/// How much a gap matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    Critical,
    NiceToHave,
}

/// High / medium / low.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    High,
    Medium,
    Low,
}

/// How sure a remembered observation is (the Observer model's and the rules' alike).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Certainty {
    Certain,
    Likely,
    Tentative,
}

impl Certainty {
    /// The word written in the context file.
    pub fn as_str(self) -> &'static str {
        match self {
            Certainty::Certain => "certain",
            Certainty::Likely => "likely",
            Certainty::Tentative => "tentative",
        }
    }
}

/// A domain offered for selection.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DomainInfo {
    pub name: String,
    pub description: String,
}

/// A retrieval that was run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RetrievalAttempt {
    pub attempt_number: u32,
    pub strategy: String,
    pub params: serde_json::Value,
    pub entries_found: usize,
    pub summary: String,
}

/// Missing information found by the Analyzer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Gap {
    pub description: String,
    pub gap_type: GapType,
    pub severity: Severity,
    #[serde(default)]
    pub searched: bool,
    #[serde(default)]
    pub found: bool,
    /// The data needs knowledge of a domain that is not loaded.
    #[serde(default)]
    pub outside_current_expertise: bool,
    #[serde(default)]
    pub suspected_domain: Option<String>,
}

/// What the Evaluator wants changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EvaluationFeedback {
    pub issue: String,
    pub suggestion: String,
    #[serde(default)]
    pub affected_claim: Option<String>,
}

/// One finding of the Analyzer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Finding {
    pub claim: String,
    /// Citation links of the entries that support the claim.
    pub evidence: Vec<String>,
    pub confidence: Level,
}

/// An entry as the agents see it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct EntryView {
    /// The citation link, e.g. `[[2026-11-20#07:00 Run]]`.
    pub link: String,
    pub date: String,
    #[serde(default)]
    pub time: Option<String>,
    pub text: String,
    /// Parsed data, when there is some.
    #[serde(default)]
    pub data: Option<serde_json::Value>,
}
