//! A record as index.db stores it: its JSON, the domains it holds and its facts. Worked out
//! apart from the database so the threads that read notes can do it while one thread
//! writes (a pass's writing is serial; this is a fifth of it).

use rusqlite::{params, Connection};

use crate::vault::facts::{facts, Fact};
use crate::vault::parsed::{compared, ParsedRecord};

/// What `domains` holds for a record with rows of the person's fields (see
/// [`ParsedRecord::rows`]): the records a question over those fields reads.
pub const ROWS: &str = "rows";

/// The longest text value kept in a record's vocabulary (a title, a route, a name).
const VALUE_CHARS: usize = 60;

/// The names (`|f:avg hr|`) and short text values (`|v:river loop|`) of a record's rows,
/// compared forms: what a question is matched against before any record is decoded.
fn vocabulary(r: &ParsedRecord) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for (name, value) in r.rows.iter().flat_map(|row| &row.fields) {
        let name = format!("|f:{}|", compared(name).replace('|', " "));
        if !out.contains(&name) {
            out.push(name);
        }
        // Words, or marks alone (`✅`, `🙁`, kept as written): not numbers, dates, dashes.
        let marks = !value.is_ascii() && !value.chars().any(char::is_alphanumeric);
        let value = match marks {
            true => value.trim().to_string(),
            false => compared(value),
        };
        if value.chars().count() <= VALUE_CHARS && (value.chars().any(char::is_alphabetic) || marks)
        {
            let value = format!("|v:{}|", value.replace('|', " "));
            if !out.contains(&value) {
                out.push(value);
            }
        }
    }
    out
}

/// The stored form of one record.
#[derive(Debug, Clone)]
pub struct Encoded {
    json: String,
    /// `|strength||running|`: what `between_in` looks for.
    pub(super) domains: String,
    facts: Vec<Fact>,
}

impl Encoded {
    /// Encodes `r` (its JSON, domains and facts).
    pub fn of(r: &ParsedRecord) -> Encoded {
        Encoded {
            json: serde_json::to_string(r).expect("records serialize"),
            domains: r
                .domain_data
                .keys()
                .map(String::as_str)
                .chain((!r.rows.is_empty()).then_some(ROWS))
                .map(|k| format!("|{k}|"))
                .chain(vocabulary(r))
                .collect(),
            facts: facts(r),
        }
    }
}

/// Inserts `r` (encoded as `encoded`) and its facts; any older row with its id is replaced,
/// its facts are the caller's to delete.
pub(super) fn insert(
    tx: &Connection,
    r: &ParsedRecord,
    source: &str,
    encoded: &Encoded,
) -> rusqlite::Result<()> {
    let date = r.date.to_string();
    tx.prepare_cached(
        "INSERT OR REPLACE INTO records (id, source, date, timestamp, heading, parser, domains, json)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        r.id,
        source,
        date,
        r.timestamp,
        r.heading,
        r.parser,
        encoded.domains,
        encoded.json
    ])?;
    let mut fact = tx.prepare_cached(
        "INSERT INTO facts (record_id, date, domain, activity, measure, value, unit, doubtful, item, whole)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
    )?;
    for f in &encoded.facts {
        fact.execute(params![
            r.id,
            date,
            f.domain,
            f.activity,
            f.measure,
            f.value,
            f.unit,
            f.doubtful,
            f.item as i64,
            f.whole
        ])?;
    }
    super::lifts::insert_sets(tx, r, source, &date, &encoded.facts)
}
