//! The model-backed steps of the minimal flow: one parser call per new entry and one
//! synthesizer call per question, with typed outputs validated at the boundary. Any failure
//! returns `Err(reason)` and the caller uses the offline engine instead.

use std::collections::BTreeMap;

use chrono::{Local, NaiveDate};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::Value;

use crate::domains::Domains;
use crate::llm::LlmClient;
use crate::offline::answer::Retrieved;
use crate::prompts::Prompts;
use crate::vault::parsed::ParsedRecord;
use crate::vault::{Entry, Store};

/// How many entries one answer call may carry.
const MAX_CONTEXT_ENTRIES: usize = 40;

/// What the Parser returns for one entry.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ParserOutput {
    /// Domain name -> data in that domain's log schema.
    pub domain_data: BTreeMap<String, Value>,
    #[serde(default)]
    pub tags: Vec<String>,
    /// 0..1: how sure the parse matches the text.
    #[serde(default = "half")]
    pub confidence: f32,
    /// `domain.field` names filled from ambiguous text.
    #[serde(default)]
    pub uncertain_fields: Vec<String>,
}

fn half() -> f32 {
    0.5
}

/// What the Synthesizer returns for a question.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct SynthesizerOutput {
    /// Markdown answer with citation links.
    pub answer: String,
    /// The citation links used, exactly as given.
    #[serde(default)]
    pub sources: Vec<String>,
}

fn today() -> String {
    Local::now()
        .date_naive()
        .format("%Y-%m-%d (%A)")
        .to_string()
}

fn day(date: NaiveDate) -> String {
    date.format("%Y-%m-%d (%A)").to_string()
}

/// Parses one entry with the model; `Err` says why the result was not used.
pub async fn parse(
    llm: &LlmClient,
    prompts: &Prompts,
    domains: &Domains,
    entry: &Entry,
) -> Result<ParsedRecord, String> {
    let domain_list = domains
        .all
        .iter()
        .map(|d| {
            let schema = serde_json::to_string(&d.log_schema).unwrap_or_default();
            format!(
                "- `{}`: {}\n  schema: {schema}",
                d.name,
                d.description.trim()
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    let date = day(entry.date);
    let today = today();
    let system = prompts
        .render(
            "parser.md",
            &[
                ("today", &today),
                ("entry_date", &date),
                ("domains", &domain_list),
            ],
        )
        .map_err(|e| e.to_string())?;
    let user = prompts
        .render("parser.user.md", &[("entry", &entry.text)])
        .map_err(|e| e.to_string())?;
    let called = llm
        .call::<ParserOutput>("parser", &system, &user)
        .await
        .map_err(|f| f.message)?;
    let out = called.value;
    validate_parse(&out, domains, &entry.text)?;
    Ok(ParsedRecord {
        id: entry.id.0.clone(),
        source_file: entry.source.clone(),
        date: entry.date,
        timestamp: entry.time.map(|t| t.format("%H:%M").to_string()),
        heading: entry.heading.clone(),
        content_hash: entry.hash.hex(),
        domain_data: out.domain_data,
        tags: merge_tags(&entry.tags, out.tags),
        confidence: out.confidence.clamp(0.0, 1.0),
        uncertain_fields: out.uncertain_fields,
        extraction_notes: Vec::new(),
        corrections: Vec::new(),
        parser: format!("{} ({})", called.model, called.provider),
    })
}

fn merge_tags(from_text: &[String], from_model: Vec<String>) -> Vec<String> {
    let mut tags: Vec<String> = from_text.to_vec();
    for t in from_model {
        let t = t.trim().trim_start_matches('#').to_lowercase();
        if !t.is_empty() && !tags.contains(&t) {
            tags.push(t);
        }
    }
    tags
}

/// Domains must be known, and every number must be in the entry's text.
fn validate_parse(out: &ParserOutput, domains: &Domains, text: &str) -> Result<(), String> {
    for name in out.domain_data.keys() {
        if !domains.all.iter().any(|d| &d.name == name) {
            return Err(format!("the parser used an unknown domain `{name}`"));
        }
    }
    let present = numbers_in(text);
    let mut missing = Vec::new();
    for value in out.domain_data.values() {
        collect_numbers(value, &mut |n| {
            if !present.iter().any(|p| (p - n).abs() < 1e-6) {
                missing.push(n);
            }
        });
    }
    if let Some(n) = missing.first() {
        return Err(format!(
            "the parser returned {n}, a number that is not in the entry"
        ));
    }
    Ok(())
}

fn collect_numbers(value: &Value, f: &mut impl FnMut(f64)) {
    match value {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                f(x)
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_numbers(v, f)),
        Value::Object(map) => map.values().for_each(|v| collect_numbers(v, f)),
        _ => {}
    }
}

/// Numbers written in `text` (including `1:32` as 1, 32 and 92 minutes, and 0.5 for "half").
fn numbers_in(text: &str) -> Vec<f64> {
    let re = regex::Regex::new(r"\d+(?:[.,]\d+)?").expect("valid regex");
    let mut out: Vec<f64> = re
        .find_iter(text)
        .filter_map(|m| m.as_str().replace(',', ".").parse().ok())
        .collect();
    let clock = regex::Regex::new(r"(\d+):(\d{2})").expect("valid regex");
    for c in clock.captures_iter(text) {
        let (h, m): (f64, f64) = (c[1].parse().unwrap_or(0.0), c[2].parse().unwrap_or(0.0));
        out.push(h * 60.0 + m);
        out.push(h + m / 60.0);
    }
    out.push(0.0);
    out.push(1.0);
    out
}

/// Answers a question from the retrieved entries with the model.
pub async fn answer(
    llm: &LlmClient,
    prompts: &Prompts,
    store: &Store,
    question: &str,
    anchor: NaiveDate,
    retrieved: &Retrieved,
) -> Result<(String, Vec<String>, String), String> {
    let period = match &retrieved.range {
        Some(r) => format!("The question is about {} ({}).", r.phrase, r.label()),
        None => "The question names no period; all notes were searched.".to_string(),
    };
    let mut links = Vec::new();
    let mut entries = String::new();
    for entry in retrieved.entries.iter().take(MAX_CONTEXT_ENTRIES) {
        let link = store.cite(entry);
        entries.push_str(&format!(
            "{} {} {}\n{}\n\n",
            link,
            day(entry.date),
            entry
                .time
                .map(|t| t.format("%H:%M").to_string())
                .unwrap_or_default(),
            entry.text.trim()
        ));
        links.push(link);
    }
    if retrieved.entries.len() > MAX_CONTEXT_ENTRIES {
        entries.push_str(&format!(
            "(and {} older matching entries not shown)\n",
            retrieved.entries.len() - MAX_CONTEXT_ENTRIES
        ));
    }
    let today = today();
    let date = day(anchor);
    let system = prompts
        .render(
            "synthesizer.md",
            &[
                ("today", &today),
                ("question_date", &date),
                ("period", &period),
            ],
        )
        .map_err(|e| e.to_string())?;
    let user = prompts
        .render(
            "synthesizer.user.md",
            &[("question", question), ("entries", &entries)],
        )
        .map_err(|e| e.to_string())?;
    let called = llm
        .call::<SynthesizerOutput>("synthesizer", &system, &user)
        .await
        .map_err(|f| f.message)?;
    let out = called.value;
    let body = out.answer.trim().to_string();
    if body.is_empty() {
        return Err("the model returned an empty answer".to_string());
    }
    for s in &out.sources {
        if !links.contains(s) {
            return Err(format!(
                "the model cited {s}, which is not one of the entries it was given"
            ));
        }
    }
    // Sources: the notes behind the cited entries (or all given, when none were named).
    let cited: Vec<&String> = if out.sources.is_empty() {
        links.iter().filter(|l| body.contains(l.as_str())).collect()
    } else {
        out.sources.iter().collect()
    };
    let mut sources: Vec<String> = Vec::new();
    for link in cited {
        let note = match link.find('#') {
            Some(i) => format!("{}]]", &link[..i]),
            None => link.clone(),
        };
        if !sources.contains(&note) {
            sources.push(note);
        }
    }
    Ok((
        body,
        sources,
        format!("{} ({})", called.model, called.provider),
    ))
}
