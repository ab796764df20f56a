//! Synthesizer: the answer the person reads, with the entries' citation links.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::analyzer::AnalyzerOutput;
use super::evaluator::Recommendation;
use super::types::{EvaluationFeedback, Gap, Level};
use super::{call, AgentError, Ctx};

#[derive(Debug, Clone, Serialize)]
pub struct SynthesizerInput {
    pub query: String,
    pub question_date: String,
    /// The language the question is written in, which the answer is written in
    /// (`Korean`).
    #[serde(default)]
    pub language: String,
    pub analysis: AnalyzerOutput,
    /// Citation links that may be used.
    pub citations: Vec<String>,
    pub is_partial: bool,
    pub unanswered_gaps: Vec<Gap>,
    /// What the person replied to clarifying questions, when they did.
    pub person_added: Option<String>,
    /// 1 for the first draft; more after failed checks.
    pub attempt_number: u32,
    /// From a failed evaluation, to fix in this attempt.
    pub evaluation_feedback: Vec<EvaluationFeedback>,
    /// What the Evaluator recommended after a failed check, when one failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation_recommendation: Option<Recommendation>,
    /// Answers to earlier parts of the question this part builds on (DEPENDENT parts).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub earlier_answers: Vec<String>,
    /// Why the previous output was rejected, when this is the one re-ask.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rejected_because: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct SynthesizerOutput {
    /// Markdown answer with citation links.
    pub response: String,
    #[serde(default)]
    pub key_points: Vec<String>,
    /// The citation links used, exactly as given.
    #[serde(default)]
    pub evidence_cited: Vec<String>,
    #[serde(default)]
    pub gaps_disclosed: Vec<String>,
    pub confidence: Level,
}

/// The answer, and which model wrote it (`model (provider)`).
pub async fn synthesize(
    cx: Ctx<'_>,
    input: &SynthesizerInput,
) -> Result<(SynthesizerOutput, String), AgentError> {
    let vars = [
        ("question_date", input.question_date.as_str()),
        ("language", input.language.as_str()),
    ];
    let links = input.citations.clone();
    let partial = input.is_partial;
    let lang = crate::offline::say::detect(&input.query);
    let check = |o: &SynthesizerOutput, _: &str| validate(o, &links, partial, lang);
    let called = match call(cx, "synthesizer", &vars, input, check).await {
        Ok(called) => called,
        // A rejected output is asked for once more, with the reason it was rejected.
        Err(e) if e.reason.starts_with(REJECTED) && input.rejected_because.is_none() => {
            let again = SynthesizerInput {
                rejected_because: Some(e.reason[REJECTED.len()..].to_string()),
                ..input.clone()
            };
            call(cx, "synthesizer", &vars, &again, check).await?
        }
        Err(e) => return Err(e),
    };
    Ok((
        called.value,
        format!("{} ({})", called.model, called.provider),
    ))
}

/// How [`call`] says an output failed its validation.
const REJECTED: &str = "output rejected: ";

/// Non-empty; cites at least one entry when entries were given; every cited link is one of
/// those given (in the text too); partial answers disclose what is missing. Why an output
/// fails is said in language `lang` (the lexicon's `provenance:` words), as the model is
/// asked again with it.
pub fn validate(
    o: &SynthesizerOutput,
    links: &[String],
    partial: bool,
    lang: &str,
) -> Result<(), String> {
    let say = |key: &str, args: &[(&str, &str)]| {
        crate::offline::say::fill(&crate::offline::provenance::word(lang, key), args)
    };
    if o.response.trim().is_empty() {
        return Err(say("rejected_empty", &[]));
    }
    if !links.is_empty() && o.evidence_cited.is_empty() && !o.response.contains("[[") {
        return Err(say(
            "rejected_uncited",
            &[("n", &links.len().to_string()), ("link", &links[0])],
        ));
    }
    if let Some(bad) = o.evidence_cited.iter().find(|c| !links.contains(c)) {
        return Err(say("rejected_cites", &[("link", bad)]));
    }
    let mut rest = o.response.as_str();
    while let Some(start) = rest.find("[[") {
        let Some(end) = rest[start..].find("]]") else {
            break;
        };
        let link = &rest[start..start + end + 2];
        if !links
            .iter()
            .any(|l| l == link || l.starts_with(&format!("{}#", &link[..link.len() - 2])))
        {
            return Err(say("rejected_links", &[("link", link)]));
        }
        rest = &rest[start + end + 2..];
    }
    if partial && o.gaps_disclosed.is_empty() {
        return Err(say("rejected_gaps", &[]));
    }
    Ok(())
}
