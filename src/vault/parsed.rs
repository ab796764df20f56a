//! Structured data: `.vault-agent/parsed/YYYY/MM/YYYY-MM-DD.json`, one file per day,
//! holding the parsed records of that day's entries. Derived from the notes.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use super::atomic::write_atomic_derived;
use crate::error::{Error, Result};

/// A change made to a record by a correction.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CorrectionRecord {
    pub at: String,
    pub delta: serde_json::Value,
    pub note: Option<String>,
}

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

/// Path of a day's parsed file under the agent folder.
pub fn day_path(agent_dir: &Path, date: NaiveDate) -> PathBuf {
    agent_dir
        .join("parsed")
        .join(format!("{:04}", date.year()))
        .join(format!("{:02}", date.month()))
        .join(format!("{date}.json"))
}

/// Reads a day's records (empty when the file does not exist).
pub fn load_day(agent_dir: &Path, date: NaiveDate) -> Result<DayFile> {
    let path = day_path(agent_dir, date);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| Error::Data {
            path,
            message: format!("{e}; delete it and run `vault-agent reindex`"),
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(DayFile::default()),
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Replaces every record of `source` on the days in `old_dates` and on the new records'
/// days with `records`. Returns the days now holding `source`'s records.
pub fn replace_source(
    agent_dir: &Path,
    source: &str,
    old_dates: &[NaiveDate],
    records: Vec<ParsedRecord>,
) -> Result<Vec<NaiveDate>> {
    let mut by_day: BTreeMap<NaiveDate, Vec<ParsedRecord>> = BTreeMap::new();
    for date in old_dates {
        by_day.entry(*date).or_default();
    }
    for record in records {
        by_day.entry(record.date).or_default().push(record);
    }
    let mut holding = Vec::new();
    for (date, new_records) in by_day {
        let mut day = load_day(agent_dir, date).unwrap_or_default();
        let before = day.entries.clone();
        day.date = Some(date);
        day.entries.retain(|r| r.source_file != source);
        if !new_records.is_empty() {
            holding.push(date);
        }
        day.entries.extend(new_records);
        day.entries.sort_by(|a, b| {
            (&a.timestamp, &a.source_file, &a.id).cmp(&(&b.timestamp, &b.source_file, &b.id))
        });
        if day.entries == before {
            continue;
        }
        let path = day_path(agent_dir, date);
        if day.entries.is_empty() {
            if path.exists() {
                std::fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
            }
        } else {
            let json = serde_json::to_string_pretty(&day).expect("records serialize");
            write_atomic_derived(&path, json.as_bytes())?;
        }
    }
    Ok(holding)
}
