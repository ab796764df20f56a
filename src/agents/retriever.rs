//! Retriever: runs the Planner's instructions against the Store. By default directly (no
//! model); with `llm.retriever.mode: llm` the model chooses tool calls over the Store's tools
//! in the `{"tool_calls": [{"name": ..., "parameters": {...}}]}` format, validated before anything runs.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::planner::{RetrievalInstruction, Strategy};
use super::types::RetrievalAttempt;
use super::{call, AgentError, Ctx};
use crate::domains::Domains;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// The most entries one retrieval returns.
pub const MAX_ENTRIES: usize = 200;

/// What the retrieval found.
#[derive(Debug, Clone, Default)]
pub struct Retrieved {
    pub entries: Vec<Entry>,
    pub attempts: Vec<RetrievalAttempt>,
    pub warnings: Vec<String>,
}

/// Runs instructions directly against the store.
pub fn execute(
    store: &Store,
    domains: &Domains,
    instructions: &[RetrievalInstruction],
    first_attempt: u32,
) -> Retrieved {
    let mut out = Retrieved::default();
    for (i, ins) in instructions.iter().enumerate() {
        let date = |s: &Option<String>| {
            s.as_deref()
                .and_then(|d| NaiveDate::parse_from_str(d, "%Y-%m-%d").ok())
        };
        let range = date(&ins.start).zip(date(&ins.end));
        let found: Result<Vec<Entry>, String> = match ins.strategy {
            Strategy::DateRange => match range {
                Some((s, e)) => Ok(store.entries_by_date_range(s, e)),
                None => Err("date_range without dates".into()),
            },
            Strategy::Keyword | Strategy::Topical => {
                let groups: Vec<Vec<String>> =
                    ins.keywords.iter().map(|k| domains.expand(k)).collect();
                store
                    .search(&KeywordSearch {
                        groups,
                        match_all: false,
                        range,
                    })
                    .map_err(|e| e.to_string())
            }
            Strategy::Glob => store
                .entries_by_glob(ins.pattern.as_deref().unwrap_or(""))
                .map(|v| match range {
                    Some((s, e)) => v
                        .into_iter()
                        .filter(|x| x.date >= s && x.date <= e)
                        .collect(),
                    None => v,
                })
                .map_err(|e| e.to_string()),
        };
        let (n, summary) = match found {
            Ok(entries) => {
                let n = entries.len();
                for e in entries {
                    if !out.entries.iter().any(|x| x.id == e.id) {
                        out.entries.push(e);
                    }
                }
                (n, format!("{n} entries"))
            }
            Err(e) => {
                out.warnings.push(e.clone());
                (0, format!("failed: {e}"))
            }
        };
        out.attempts.push(RetrievalAttempt {
            attempt_number: first_attempt + i as u32,
            strategy: serde_json::to_value(ins.strategy)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            params: serde_json::to_value(ins).unwrap_or_default(),
            entries_found: n,
            summary,
        });
    }
    out.entries
        .sort_by_key(|e| std::cmp::Reverse((e.date, e.time)));
    if out.entries.len() > MAX_ENTRIES {
        out.entries.truncate(MAX_ENTRIES);
        out.warnings.push(format!(
            "more than {MAX_ENTRIES} entries matched; the newest {MAX_ENTRIES} are used"
        ));
    }
    out
}

/// A tool call chosen by the model (the `{"name", "parameters"}` shape of seed 000 §2).
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ToolCall {
    /// One of get_entries_by_date_range, get_entries_by_keyword, get_entries_by_topic,
    /// get_entries_by_glob.
    pub name: String,
    pub parameters: ToolArguments,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, JsonSchema)]
pub struct ToolArguments {
    #[serde(default)]
    pub start: Option<String>,
    #[serde(default)]
    pub end: Option<String>,
    #[serde(default)]
    pub keywords: Vec<String>,
    #[serde(default)]
    pub topic: Option<String>,
    #[serde(default)]
    pub pattern: Option<String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct RetrieverOutput {
    pub tool_calls: Vec<ToolCall>,
}

#[derive(Serialize)]
struct RetrieverInput<'a> {
    instructions: &'a [RetrievalInstruction],
    vocabulary: &'a std::collections::BTreeMap<String, String>,
    /// The one gap this retrieval looks for, when several are searched at once.
    #[serde(skip_serializing_if = "Option::is_none")]
    gap: Option<&'a str>,
}

/// Turns validated tool calls into instructions.
fn to_instruction(c: &ToolCall) -> Result<RetrievalInstruction, String> {
    let a = &c.parameters;
    let strategy = match c.name.as_str() {
        "get_entries_by_date_range" => Strategy::DateRange,
        "get_entries_by_keyword" => Strategy::Keyword,
        "get_entries_by_topic" => Strategy::Topical,
        "get_entries_by_glob" => Strategy::Glob,
        other => return Err(format!("unknown tool `{other}`")),
    };
    let mut keywords = a.keywords.clone();
    keywords.extend(a.topic.clone());
    Ok(RetrievalInstruction {
        strategy,
        start: a.start.clone(),
        end: a.end.clone(),
        keywords,
        pattern: a.pattern.clone(),
    })
}

/// What a model-chosen retrieval works from.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    pub instructions: &'a [RetrievalInstruction],
    pub vocabulary: &'a std::collections::BTreeMap<String, String>,
    /// The gap (its description) to look for, when each gap gets a retrieval of its own.
    pub gap: Option<&'a str>,
}

/// Asks the model for tool calls, validates them like Planner instructions, then runs them.
pub async fn via_model(
    cx: Ctx<'_>,
    store: &Store,
    domains: &Domains,
    request: Request<'_>,
    first_attempt: u32,
) -> Result<Retrieved, AgentError> {
    let input = RetrieverInput {
        instructions: request.instructions,
        vocabulary: request.vocabulary,
        gap: request.gap,
    };
    let out = call(cx, "retriever", &[], &input, |o: &RetrieverOutput, _| {
        validate(o)
    })
    .await?
    .value;
    let ins: Vec<RetrievalInstruction> = out
        .tool_calls
        .iter()
        .map(|c| to_instruction(c).expect("validated"))
        .collect();
    Ok(execute(store, domains, &ins, first_attempt))
}

/// Tools known; arguments well-formed; globs inside the vault.
pub fn validate(o: &RetrieverOutput) -> Result<(), String> {
    if o.tool_calls.is_empty() {
        return Err("no tool calls".into());
    }
    let instructions = o
        .tool_calls
        .iter()
        .map(to_instruction)
        .collect::<Result<Vec<_>, _>>()?;
    super::planner::validate_instructions(&instructions)
}
