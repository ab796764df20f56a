//! The Analyzer over more entries than its model's context window holds: the entries are
//! split into parts that fit (map), the parts are analyzed concurrently (the LLM layer bounds
//! how many calls run at once), and the findings, patterns and gaps are merged (reduce).

use crate::agents::analyzer::{self, AnalyzerInput, AnalyzerOutput};
use crate::agents::types::{EntryView, Severity, Verdict};
use crate::agents::{AgentError, Ctx};

/// Runs the Analyzer over all entries, or, when they do not fit the model's context window,
/// over chunks that do (map), then merges the findings, patterns and gaps (reduce).
pub async fn analyze_in_chunks(
    cx: Ctx<'_>,
    input: AnalyzerInput,
) -> Result<AnalyzerOutput, AgentError> {
    let config = cx.llm.config();
    let window = config
        .chain("analyzer")
        .first()
        .and_then(|p| config.resolve("analyzer", p).ok())
        .and_then(|r| crate::llm::budget::context_window(&r).map(|w| (w, r.max_tokens as usize)));
    let tokens = |text: &str| crate::llm::budget::estimate_tokens(text);
    let size = |v: &AnalyzerInput| tokens(&serde_json::to_string_pretty(v).unwrap_or_default());
    // Room for the system prompt (which repeats the domain context), the schema and the
    // answer, with a tenth kept spare because token counts are estimates.
    let context = tokens(&serde_json::to_string_pretty(&input.domain_context).unwrap_or_default());
    let budget = window
        .map(|(w, out)| (w - w / 10).saturating_sub(out + 2000 + context))
        .unwrap_or(usize::MAX);
    if size(&input) <= budget || input.entries.len() <= 1 {
        return analyzer::analyze(cx, &input).await;
    }
    let fixed = size(&AnalyzerInput {
        entries: Vec::new(),
        ..input.clone()
    });
    let room = budget.saturating_sub(fixed).max(200);
    let mut chunks: Vec<Vec<EntryView>> = vec![Vec::new()];
    let mut used = 0;
    for e in &input.entries {
        let t = tokens(&serde_json::to_string_pretty(e).unwrap_or_default());
        if used + t > room && !chunks.last().expect("one chunk").is_empty() {
            chunks.push(Vec::new());
            used = 0;
        }
        used += t;
        chunks.last_mut().expect("one chunk").push(e.clone());
    }
    tracing::info!(
        "{} entries do not fit one analyzer call; analyzing {} parts",
        input.entries.len(),
        chunks.len()
    );
    let calls: Vec<_> = chunks
        .into_iter()
        .map(|part| {
            let input = AnalyzerInput {
                entries: part,
                ..input.clone()
            };
            async move { analyzer::analyze(cx, &input).await }
        })
        .collect();
    let mut merged: Option<AnalyzerOutput> = None;
    for out in super::join::join_all(calls).await {
        let out = out?;
        merged = Some(match merged {
            None => out,
            Some(mut m) => {
                m.findings.extend(out.findings);
                m.patterns_identified.extend(out.patterns_identified);
                for g in out.gaps_identified {
                    if !m
                        .gaps_identified
                        .iter()
                        .any(|x| x.description == g.description)
                    {
                        m.gaps_identified.push(g);
                    }
                }
                m.verdict_reasoning = format!("{} {}", m.verdict_reasoning, out.verdict_reasoning);
                // Enough when any part answered something and no part is missing a critical piece.
                if out.verdict == Verdict::Sufficient {
                    m.verdict = Verdict::Sufficient;
                }
                m
            }
        });
    }
    let mut m = merged.expect("at least one part");
    if m.gaps_identified
        .iter()
        .any(|g| g.severity == Severity::Critical)
    {
        m.verdict = Verdict::Insufficient;
    }
    Ok(m)
}
