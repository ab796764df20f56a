//! Structured data: the parsed record of one entry (stored in `.vault-agent/index.db`,
//! see [`super::db`]). Derived from the notes.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

/// A change made to a record by a correction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CorrectionRecord {
    pub at: String,
    pub delta: serde_json::Value,
    pub note: Option<String>,
}

/// [`ParsedRecord::parser`] of a record the rules read (see [`crate::offline::read`]).
pub const RULES_PARSER: &str = "offline-rules";

/// Parsed data for one entry.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParsedRecord {
    pub id: String,
    pub source_file: String,
    pub date: NaiveDate,
    /// `HH:MM` from the section heading, when there is one.
    pub timestamp: Option<String>,
    pub heading: Option<String>,
    /// Hash of the entry's raw text.
    pub content_hash: String,
    /// Domain name -> data in that domain's log schema.
    pub domain_data: BTreeMap<String, serde_json::Value>,
    pub tags: Vec<String>,
    pub confidence: f32,
    pub uncertain_fields: Vec<String>,
    pub extraction_notes: Vec<String>,
    #[serde(default)]
    pub corrections: Vec<CorrectionRecord>,
    /// Which parser produced it (e.g. `offline`, or a model name).
    pub parser: String,
    /// Numbers with a unit that no domain claims (`read 40 pages`, `meditated 15 min`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub measures: Vec<Measure>,
    /// Clauses that held numbers the parser could not read; their text stays searchable.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unreadable: Vec<String>,
    /// What the person wrote as fields (cards of `key: value` lines, table rows, a note's
    /// properties), one row per card or table row, under the person's own names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rows: Vec<Row>,
}

/// A field's name or value as compared: lowercase, `_` and `-` as spaces, spaces
/// collapsed, no emoji or punctuation at its ends (`Avg_HR` = `avg hr`).
pub fn compared(text: &str) -> String {
    text.to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_string()
}

/// One record the person wrote as fields: a card, a table row, a note's properties.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// The fields in the order written: name and value, both as the person wrote them
    /// (markup such as `**`, backticks and `[[ ]]` taken off).
    pub fields: Vec<(String, String)>,
    /// Under a heading that says it is not done yet (`To read`, `Currently reading`,
    /// `À voir`): kept, but never counted as done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub pending: bool,
    /// Under a heading of money coming in (`## Income`, `## Entradas`): no spending.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub income: bool,
}

/// A generic measure: a number with its unit and what it was about, kept even though no
/// domain's schema has a field for it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Measure {
    /// The activity or thing measured, lowercase, as written (`read`, `water`, `guitar`).
    pub what: String,
    pub value: f64,
    /// The unit, normalised and singular (`page`, `glass`, `minute`, `hour`, `km`).
    pub unit: String,
}

impl ParsedRecord {
    /// Whether the rules read it and nobody corrected it since: a new reader reads it again.
    pub fn read_by_rules(&self) -> bool {
        self.parser == RULES_PARSER && self.corrections.is_empty()
    }

    /// An empty record for `entry` (its id, place and hash), filled in by a parser.
    pub fn for_entry(entry: &super::Entry, parser: String) -> ParsedRecord {
        ParsedRecord {
            id: String::new(),
            source_file: entry.source.clone(),
            date: entry.date,
            timestamp: None,
            heading: None,
            content_hash: entry.hash.hex(),
            domain_data: BTreeMap::new(),
            tags: entry.tags.clone(),
            confidence: 0.0,
            uncertain_fields: Vec::new(),
            extraction_notes: Vec::new(),
            corrections: Vec::new(),
            parser,
            measures: Vec::new(),
            unreadable: Vec::new(),
            rows: Vec::new(),
        }
        .placed_at(entry)
    }

    /// The record moved to where `entry` now is (same text, maybe another id or section).
    pub fn placed_at(mut self, entry: &super::Entry) -> ParsedRecord {
        self.id = entry.id.0.clone();
        self.date = entry.date;
        self.timestamp = entry.time.map(|t| t.format("%H:%M").to_string());
        self.heading = entry.heading.clone();
        self
    }
}

/// One day's file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DayFile {
    pub date: Option<NaiveDate>,
    pub entries: Vec<ParsedRecord>,
}
