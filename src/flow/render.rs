//! The answer the person reads, from what a finished session holds: the draft, what is
//! missing when the answer is partial, follow-up questions, and a line saying how it was made.

use super::session::Session;
use crate::agents::types::Verdict;

/// The callout body and its sources (wikilinks to the notes cited, in the order cited).
pub fn body_and_sources(s: &Session, follow_up: &str) -> (String, Vec<String>) {
    let Some(draft) = &s.draft else {
        return (String::new(), Vec::new());
    };
    let out = &draft.output;
    let mut body = out.response.trim().to_string();
    let missing = missing(s);
    let check_failed = s.evaluation_verdict() == Some(Verdict::Fail);
    if check_failed {
        // Out of retries: say plainly that this is partial and what would complete it.
        body = format!("**What your notes can answer:** {body}");
        if !missing.is_empty() {
            body.push_str(&format!("\n\n**Still missing:** {}", missing.join("; ")));
        }
    } else if s.analysis_verdict() == Some(Verdict::Insufficient) && !out.gaps_disclosed.is_empty()
    {
        body.push_str(&format!(
            "\n\n_Not in your notes:_ {}",
            out.gaps_disclosed.join("; ")
        ));
    }
    body.push_str(follow_up);
    let n = s.entries.len();
    let entries = if n == 1 { "entry" } else { "entries" };
    let engine = &draft.engine;
    // What the check of the figures found, after the Evaluator's part of the line.
    let figures = s
        .check
        .as_ref()
        .map(|c| format!(" {}.", capitalized(&c.sentence("en"))))
        .unwrap_or_default();
    if check_failed {
        body.push_str(&format!(
            "\n\n_Answered by {engine} from {n} {entries}; partial: the check still failed after {} {}.{figures}_",
            s.retry_count,
            if s.retry_count == 1 { "retry" } else { "retries" }
        ));
    } else if let Some(e) = &s.evaluation_error {
        body.push_str(&format!(
            "\n\n_Answered by {engine} from {n} {entries}. Caution: {e}.{figures}_"
        ));
    } else {
        body.push_str(&format!(
            "\n\n_Answered by {engine} from {n} {entries}; checked.{figures}_"
        ));
    }
    (body, sources(s))
}

/// What the answer lacks: the Evaluator's issues, then the Analyzer's gaps.
fn missing(s: &Session) -> Vec<String> {
    let mut out: Vec<String> = s
        .evaluation
        .iter()
        .flat_map(|e| e.feedback.iter().map(|f| f.issue.trim().to_string()))
        .collect();
    let gaps = s.analysis.iter().flat_map(|a| a.gaps_identified.iter());
    for g in gaps {
        let d = g.description.trim().to_string();
        if !out.contains(&d) {
            out.push(d);
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// `Every figure...` from `every figure...`.
fn capitalized(text: &str) -> String {
    let mut c = text.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The notes of the cited entries, in the order cited (or of the entries linked in the text
/// when none are listed), then those of the Analyzer's evidence; only notes of entries the
/// answer was given, so every source resolves in the vault.
fn sources(s: &Session) -> Vec<String> {
    let Some(draft) = &s.draft else {
        return Vec::new();
    };
    let cited: Vec<&str> = if draft.output.evidence_cited.is_empty() {
        s.entries
            .iter()
            .map(|e| e.view.link.as_str())
            .filter(|l| draft.output.response.contains(l))
            .collect()
    } else {
        draft
            .output
            .evidence_cited
            .iter()
            .map(String::as_str)
            .collect()
    };
    let evidence = s
        .analysis
        .iter()
        .flat_map(|a| a.findings.iter())
        .flat_map(|f| f.evidence.iter().map(String::as_str));
    let mut out = Vec::new();
    for link in cited.into_iter().chain(evidence) {
        if let Some(e) = s.entries.iter().find(|e| e.view.link == link) {
            if !out.contains(&e.note_link) {
                out.push(e.note_link.clone());
            }
        }
    }
    out
}
