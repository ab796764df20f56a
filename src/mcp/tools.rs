//! What each tool does, without the protocol: the same operations as `ask`, `input`,
//! `export` and `context` on the command line, returning typed values whose schemas the
//! tools publish.

use std::collections::HashMap;

use chrono::{NaiveDate, NaiveDateTime};
use schemars::JsonSchema;
use serde::Serialize;

use super::args::{ArgError, Records, Search};
use crate::config::Config;
use crate::domains::Domains;
use crate::error::Result;
use crate::flow::{Outcome, QuestionInput};
use crate::input::Routed;
use crate::process::Processor;
use crate::vault::parsed::ParsedRecord;
use crate::vault::rows::RecordRow;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// The answer to a question, as a `?` line gets it.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct AskOut {
    /// The question as answered (without a leading `?`).
    pub question: String,
    /// The answer in markdown, as written under a `?` line: the first line answers, then
    /// the entries it rests on with wikilinks, and how it was computed.
    pub answer: String,
    /// Which engine answered: `offline` (computed by rules) or a model's name.
    pub engine: String,
    /// The computed figures the answer's first paragraph states (`79.8 km`).
    pub figures: Vec<String>,
    /// Wikilinks to the notes used.
    pub sources: Vec<String>,
    /// The period the question is about; absent for all time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<PeriodOut>,
    /// Questions the models need the person to answer first (then `answer` repeats them);
    /// ask again with the answer in the question.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub needs_input: Option<String>,
}

/// A period, both ends included.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct PeriodOut {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// As a person reads it: `Nov 1 – Nov 30, 2026`.
    pub label: String,
}

/// Answers `question` asked on `anchor` with the vault's flow (models when configured,
/// else the offline engine), exactly as a `?` line or `vault-agent ask` is answered. A
/// failed flow is `Err` with its reason and what to do.
pub async fn ask(
    processor: &Processor,
    question: &str,
    anchor: NaiveDate,
) -> std::result::Result<AskOut, String> {
    let input = QuestionInput {
        anchor,
        ..QuestionInput::asked_today(question)
    };
    let store = processor.store();
    let flow = processor.flow();
    let period = crate::offline::query::read(
        &input.text,
        anchor,
        store.config().week_start,
        flow.domains(),
    )
    .range
    .map(|r| PeriodOut {
        start: r.start,
        end: r.end,
        label: r.label(),
    });
    match flow.answer(store, &input).await {
        Outcome::Answered(a) => Ok(AskOut {
            question: input.text,
            figures: figures(&a.body),
            answer: a.body,
            engine: a.engine,
            sources: a.sources,
            period,
            needs_input: None,
        }),
        Outcome::NeedsInput { questions, .. } => Ok(AskOut {
            question: input.text,
            answer: questions.clone(),
            engine: "model".to_string(),
            figures: Vec::new(),
            sources: Vec::new(),
            period,
            needs_input: Some(questions),
        }),
        Outcome::Failed { reason, hint } => Err(format!("{reason}; {hint}")),
    }
}

/// The bold figures of an answer's first paragraph, where every engine states its result
/// (`**79.8 km** of running distance ...`).
pub fn figures(body: &str) -> Vec<String> {
    let lead = body.split("\n\n").next().unwrap_or("");
    lead.split("**")
        .skip(1)
        .step_by(2)
        .map(str::trim)
        .filter(|s| !s.is_empty() && s.chars().any(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect()
}

/// One entry found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct EntryOut {
    pub date: NaiveDate,
    /// `HH:MM` of its section, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The note's vault-relative path.
    pub note: String,
    /// A wikilink to the entry.
    pub link: String,
    /// The entry's text as written (questions and agent callouts left out).
    pub text: String,
    /// False for a reference note (a plan, a recipe): searchable, never counted as a log.
    pub log: bool,
    /// The parsed data: domain name -> fields in that domain's schema, and `measures` for
    /// numbers no domain claims. Empty when nothing was read.
    pub data: serde_json::Map<String, serde_json::Value>,
}

/// What `search_entries` found.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct SearchOut {
    /// Best matches first (newest first without `query`).
    pub entries: Vec<EntryOut>,
    /// Whether more entries matched than `limit`.
    pub more: bool,
}

/// The first and last days a period open at one end reaches.
const EARLIEST: (i32, u32, u32) = (1, 1, 1);
const LATEST: (i32, u32, u32) = (9999, 12, 31);

fn day((y, m, d): (i32, u32, u32)) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

/// Longest entry text returned; longer ones are cut with `…`.
const MAX_TEXT: usize = 4000;

/// Entries by words (expanded through the domains' vocabulary), period and domain.
pub fn search(store: &Store, domains: &Domains, s: &Search) -> Result<SearchOut> {
    let start = s.period.from.unwrap_or(day(EARLIEST));
    let end = s.period.to.unwrap_or(day(LATEST));
    let candidates: Vec<Entry> = match &s.query {
        Some(q) => {
            let mut groups = crate::offline::answer::keyword_groups(q, None, domains);
            if groups.is_empty() {
                // Only common words: looked for as they are.
                groups = q
                    .split_whitespace()
                    .map(|w| vec![w.to_lowercase()])
                    .collect();
            }
            let bounded = s.period.from.is_some() || s.period.to.is_some();
            store.search(&KeywordSearch {
                groups,
                match_all: false,
                range: bounded.then_some((start, end)),
            })?
        }
        None => {
            let mut by_date = store.entries_by_date_range(start, end);
            by_date.sort_by_key(|e| std::cmp::Reverse((e.date, e.time)));
            by_date
        }
    };
    let mut records: HashMap<String, HashMap<String, ParsedRecord>> = HashMap::new();
    let mut entries = Vec::new();
    let mut more = false;
    for e in candidates {
        if !records.contains_key(&e.source) {
            let of_note = store
                .records_of(&e.source)?
                .into_iter()
                .map(|r| (r.id.clone(), r))
                .collect();
            records.insert(e.source.clone(), of_note);
        }
        let record = records.get(&e.source).and_then(|m| m.get(&e.id.0));
        let data = data_of(record);
        if let Some(d) = &s.domain {
            if !data.contains_key(d) {
                continue;
            }
        }
        if entries.len() == s.limit {
            more = true;
            break;
        }
        entries.push(EntryOut {
            date: e.date,
            time: e.time.map(|t| t.format("%H:%M").to_string()),
            link: store.cite(&e),
            note: e.source,
            text: cut(&e.text, MAX_TEXT),
            log: e.log,
            data,
        });
    }
    Ok(SearchOut { entries, more })
}

/// A record's data by domain, with its generic measures under `measures`.
fn data_of(record: Option<&ParsedRecord>) -> serde_json::Map<String, serde_json::Value> {
    let mut data = serde_json::Map::new();
    let Some(r) = record else { return data };
    for (domain, value) in &r.domain_data {
        data.insert(domain.clone(), value.clone());
    }
    if !r.measures.is_empty() {
        data.insert(
            "measures".to_string(),
            serde_json::to_value(&r.measures).unwrap_or_default(),
        );
    }
    data
}

fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

/// The rows `records` returns.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct RecordsOut {
    /// Rows that matched.
    #[schemars(schema_with = "count")]
    pub total: usize,
    /// Whether only the newest `limit` of them are here.
    pub truncated: bool,
    /// One per lift, run, night or other measured thing, oldest first. `unit` is the unit
    /// of `weight` for a lift and of `value` otherwise.
    pub rows: Vec<RecordRow>,
}

/// A count's schema, without the `uint` format that validators such as ajv do not know.
fn count(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({"type": "integer", "minimum": 0})
}

/// Whether a row of `domain` and `activity` is one `asked` names: the domain, the
/// activity, or one word of it (`bench` names `bench press`).
fn names_activity(domain: &str, activity: &str, asked: &str) -> bool {
    let activity = activity.to_lowercase();
    domain == asked || activity == asked || activity.split_whitespace().any(|w| w == asked)
}

/// Measure names a row answers to beside its fields and units (see [`RecordRow::holds`]).
const MEASURE_NAMES: [&str; 13] = [
    "weight",
    "reps",
    "rep",
    "sets",
    "set",
    "distance",
    "distance_km",
    "km",
    "duration",
    "duration_min",
    "time",
    "pace",
    "pace_min_per_km",
];

/// The records as rows, filtered; an activity or measure that no record of any day holds
/// is refused naming the argument and the names there are.
pub fn records(
    store: &Store,
    domains: &Domains,
    r: &Records,
) -> Result<std::result::Result<RecordsOut, ArgError>> {
    // A domain named: only its records are read.
    let domain = r
        .activity
        .as_deref()
        .filter(|a| domains.all.iter().any(|d| d.name == *a));
    let mut rows: Vec<RecordRow> = store
        .record_rows(domain, r.period.from, r.period.to)?
        .into_iter()
        .filter(|row| {
            r.activity
                .as_deref()
                .is_none_or(|a| names_activity(&row.domain, &row.activity, a))
        })
        .filter(|row| r.measure.as_deref().is_none_or(|m| row.holds(m)))
        .collect();
    if rows.is_empty() {
        if let Some(refused) = unknown_name(store, r)? {
            return Ok(Err(refused));
        }
    }
    let total = rows.len();
    let truncated = total > r.limit;
    if truncated {
        rows.drain(..total - r.limit);
    }
    Ok(Ok(RecordsOut {
        total,
        truncated,
        rows,
    }))
}

/// The refusal of an activity or measure no record holds, listing those that are.
fn unknown_name(store: &Store, r: &Records) -> Result<Option<ArgError>> {
    let kinds = store.record_db().fact_kinds()?;
    if let Some(a) = &r.activity {
        if !kinds
            .iter()
            .any(|k| names_activity(&k.domain, &k.activity, a))
        {
            let mut known: Vec<&str> = kinds.iter().map(|k| k.activity.as_str()).collect();
            known.sort_unstable();
            known.dedup();
            return Ok(Some(ArgError {
                arg: "activity".into(),
                message: format!(
                    "no records of `{a}` on any day; activities logged: {}",
                    listing(&known)
                ),
            }));
        }
    }
    if let Some(m) = &r.measure {
        let known = |name: &str| {
            MEASURE_NAMES.contains(&name)
                || kinds
                    .iter()
                    .any(|k| k.measure == name || k.unit.as_deref() == Some(name))
        };
        if !known(m) {
            let mut names: Vec<&str> = MEASURE_NAMES.to_vec();
            names.extend(kinds.iter().map(|k| k.measure.as_str()));
            names.sort_unstable();
            names.dedup();
            return Ok(Some(ArgError {
                arg: "measure".into(),
                message: format!(
                    "no records hold `{m}` on any day; measures: {}",
                    listing(&names)
                ),
            }));
        }
    }
    Ok(None)
}

/// Names for a message: the first 40, then how many more.
fn listing(names: &[&str]) -> String {
    const SHOWN: usize = 40;
    let mut out = names
        .iter()
        .take(SHOWN)
        .copied()
        .collect::<Vec<_>>()
        .join(", ");
    if names.len() > SHOWN {
        out.push_str(&format!(" and {} more", names.len() - SHOWN));
    }
    if out.is_empty() {
        out.push_str("none yet");
    }
    out
}

/// What `log` did.
#[derive(Debug, Clone, Serialize, JsonSchema)]
pub struct LogOut {
    /// How the text was read: `log`, `query`, `both` or `correction`.
    pub kind: String,
    /// The note written (vault-relative); absent when nothing was written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub logged_to: Option<String>,
    /// The heading of the section appended there, without `## ` (`10:32`,
    /// `10:32 [correction]`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// A wikilink to that section.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub link: Option<String>,
    /// The section exactly as it now stands in the note, heading included.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub written: Option<String>,
    /// What a correction changed, or which entry it asks about (nothing written then).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
    /// The answer to the question part, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<AskOut>,
}

/// Routes `text` like `vault-agent input` at `now` (a log appended to that day's daily
/// note, a correction under the entry it corrects) and brings the parsed data up to date.
/// The question part, if any, is left to [`ask`].
pub async fn log(
    processor: &mut Processor,
    config: &Config,
    text: &str,
    now: NaiveDateTime,
) -> Result<(Routed, LogOut)> {
    let routed = crate::input::route_and_log_at(
        config,
        processor.flow(),
        Some(processor.store().record_db()),
        text,
        now,
    )
    .await?;
    processor.read_logged(&routed).await?;
    let store = processor.store();
    let written = match (&routed.logged_to, &routed.section) {
        (Some(note), Some(heading)) => {
            let path = crate::vault::contain::inside(&config.vault, note)?;
            let text = std::fs::read_to_string(&path).map_err(|e| crate::Error::io(&path, e))?;
            section(&text, heading)
        }
        _ => None,
    };
    let link = match (&routed.logged_to, &routed.section) {
        (Some(note), Some(heading)) => {
            let target = store.index().link_target(note);
            Some(crate::vault::link::link(&target, note, Some(heading)))
        }
        _ => None,
    };
    let out = LogOut {
        kind: format!("{:?}", routed.kind).to_lowercase(),
        logged_to: routed.logged_to.clone(),
        section: routed.section.clone(),
        link,
        written,
        said: routed.said.clone(),
        answer: None,
    };
    Ok((routed, out))
}

/// The last `## heading` section of a note's text, heading included, up to the next `## `
/// heading or the end.
fn section(text: &str, heading: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let start = lines.iter().rposition(|l| {
        l.strip_prefix("## ")
            .is_some_and(|h| h.trim_end() == heading)
    })?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| l.starts_with("## "))
        .map_or(lines.len(), |i| start + 1 + i);
    Some(lines[start..end].join("\n").trim_end().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_are_the_bold_numbers_of_the_first_paragraph() {
        let body = "**79.8 km** of running in November (**10** runs).\n\n- Sat: **5 km**";
        assert_eq!(figures(body), ["79.8 km", "10"]);
        assert!(figures("No runs logged **this week**.").is_empty());
    }

    #[test]
    fn a_section_runs_to_the_next_heading() {
        let text = "# Day\n## 09:00\nslept 7h\n\n## 10:32\nran 5k\n\n## 11:00\nx\n";
        assert_eq!(section(text, "10:32").as_deref(), Some("## 10:32\nran 5k"));
        assert_eq!(section(text, "11:00").as_deref(), Some("## 11:00\nx"));
        assert_eq!(section(text, "12:00"), None);
    }

    #[test]
    fn a_word_of_a_lift_names_it() {
        assert!(names_activity("strength", "Bench Press", "bench"));
        assert!(names_activity("strength", "squat", "strength"));
        assert!(!names_activity("strength", "squat", "squa"));
    }
}
