//! A lift's weighed sets read back from the facts table, without decoding any record's
//! JSON: what a best, a last time or a count of one lift over all the notes is computed
//! from (an all-time question over 10,000 notes reads thousands of them).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::params;
use serde_json::{Map, Value};

use super::RecordDb;
use crate::error::Result;
use crate::vault::parsed::ParsedRecord;

impl RecordDb {
    /// The records dated within `start..=end` with a weighed set of the lift `name`, oldest
    /// first (by date, time, note, id), each holding only those sets: the exercise's name,
    /// weight, unit, sets and reps, its note, heading, date and time. Nothing else of the
    /// record is filled in, so they serve that lift's numbers and citations only.
    pub fn lift_sets(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        name: &str,
    ) -> Result<Vec<ParsedRecord>> {
        let conn = self.conn.lock().expect("db lock");
        // One row per weighed set, its sets and reps beside it; each record found through
        // the index that holds its place, not the table of JSON (SQLite would pick the id's
        // own index). A file still being rebuilt has no such index yet, and reads the table.
        let sql = |records: &str| {
            let beside = |alias: &str, measure: &str| {
                format!(
                    "LEFT JOIN facts {alias} ON {alias}.domain = 'strength'
                       AND {alias}.activity = w.activity AND {alias}.measure = '{measure}'
                       AND {alias}.date = w.date AND {alias}.record_id = w.record_id
                       AND {alias}.item = w.item"
                )
            };
            format!(
                "SELECT r.id, r.source, r.heading, r.date, r.timestamp, r.parser,
                        w.value, w.unit, s.value, s.whole, p.value, p.whole
                 FROM facts w JOIN records r {records} ON r.id = w.record_id
                 {} {}
                 WHERE w.domain = 'strength' AND w.activity = ?3 AND w.measure = 'weight'
                   AND w.date BETWEEN ?1 AND ?2
                 ORDER BY r.date, r.timestamp, r.source, r.id, w.item",
                beside("s", "sets"),
                beside("p", "reps")
            )
        };
        let rebuilding = self
            .late_indexes_due
            .load(std::sync::atomic::Ordering::SeqCst);
        let mut stmt = conn
            .prepare_cached(&sql(if rebuilding {
                ""
            } else {
                "INDEXED BY records_placed"
            }))
            .map_err(|e| self.error(e))?;
        let mut rows = stmt
            .query(params![start.to_string(), end.to_string(), name])
            .map_err(|e| self.error(e))?;
        let mut out: Vec<ParsedRecord> = Vec::new();
        // The weighed sets of the record being read, in their order in it.
        let mut sets: Vec<Value> = Vec::new();
        let count = |value: Option<f64>, whole: Option<bool>| match value {
            Some(v) if whole == Some(true) && v.fract() == 0.0 => Some(Value::from(v as i64)),
            Some(v) => Some(Value::from(v)),
            None => None,
        };
        while let Some(row) = rows.next().map_err(|e| self.error(e))? {
            let get = |e| self.error(e);
            let id: String = row.get(0).map_err(get)?;
            if out.last().is_none_or(|r| r.id != id) {
                finish(out.last_mut(), std::mem::take(&mut sets));
                let date: String = row.get(3).map_err(get)?;
                out.push(ParsedRecord {
                    id,
                    source_file: row.get(1).map_err(get)?,
                    heading: row.get(2).map_err(get)?,
                    date: date.parse().unwrap_or_default(),
                    timestamp: row.get(4).map_err(get)?,
                    parser: row.get(5).map_err(get)?,
                    content_hash: String::new(),
                    domain_data: BTreeMap::new(),
                    tags: Vec::new(),
                    confidence: 0.0,
                    uncertain_fields: Vec::new(),
                    extraction_notes: Vec::new(),
                    corrections: Vec::new(),
                    measures: Vec::new(),
                    unreadable: Vec::new(),
                });
            }
            let mut set = Map::new();
            set.insert("name".into(), Value::from(name));
            set.insert(
                "weight".into(),
                Value::from(row.get::<_, f64>(6).map_err(get)?),
            );
            let unit: Option<String> = row.get(7).map_err(get)?;
            set.insert("unit".into(), unit.map_or(Value::Null, Value::String));
            for (field, at) in [("sets", 8), ("reps", 10)] {
                let value: Option<f64> = row.get(at).map_err(get)?;
                let whole: Option<bool> = row.get(at + 1).map_err(get)?;
                if let Some(n) = count(value, whole) {
                    set.insert(field.into(), n);
                }
            }
            sets.push(Value::Object(set));
        }
        finish(out.last_mut(), sets);
        Ok(out)
    }
}

/// Puts a record's weighed sets (in their order) into its strength data.
fn finish(record: Option<&mut ParsedRecord>, sets: Vec<Value>) {
    if let Some(record) = record {
        let mut strength = Map::new();
        strength.insert("exercises".into(), Value::Array(sets));
        record
            .domain_data
            .insert("strength".into(), Value::Object(strength));
    }
}
