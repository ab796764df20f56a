//! A lift's weighed sets read back from the facts table, without decoding any record's
//! JSON: what a best, a last time or a count of one lift over all the notes is computed
//! from (an all-time question over 10,000 notes reads thousands of them).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::params;
use serde_json::{json, Map, Value};

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
        // Each fact's record is found through the index that holds its place, not the
        // table of JSON (SQLite would pick the id's own index); a file still being rebuilt
        // has no such index yet, and reads the table.
        let sql = |records: &str| {
            format!(
                "SELECT r.id, r.source, r.heading, r.date, r.timestamp, r.parser,
                        f.item, f.measure, f.value, f.unit, f.whole
                 FROM facts f JOIN records r {records} ON r.id = f.record_id
                 WHERE f.domain = 'strength' AND f.activity = ?3
                   AND f.measure IN ('weight', 'sets', 'reps') AND f.date BETWEEN ?1 AND ?2
                 ORDER BY r.date, r.timestamp, r.source, r.id, f.item"
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
        // The exercises of the record being read, by their place in it.
        let mut sets: BTreeMap<i64, Map<String, Value>> = BTreeMap::new();
        while let Some(row) = rows.next().map_err(|e| self.error(e))? {
            let id: String = row.get(0).map_err(|e| self.error(e))?;
            if out.last().is_none_or(|r| r.id != id) {
                finish(out.last_mut(), std::mem::take(&mut sets));
                let date: String = row.get(3).map_err(|e| self.error(e))?;
                out.push(ParsedRecord {
                    id,
                    source_file: row.get(1).map_err(|e| self.error(e))?,
                    heading: row.get(2).map_err(|e| self.error(e))?,
                    date: date.parse().unwrap_or_default(),
                    timestamp: row.get(4).map_err(|e| self.error(e))?,
                    parser: row.get(5).map_err(|e| self.error(e))?,
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
            let item: i64 = row.get(6).map_err(|e| self.error(e))?;
            let measure: String = row.get(7).map_err(|e| self.error(e))?;
            let value: f64 = row.get(8).map_err(|e| self.error(e))?;
            let unit: Option<String> = row.get(9).map_err(|e| self.error(e))?;
            let whole: bool = row.get(10).map_err(|e| self.error(e))?;
            let set = sets.entry(item).or_insert_with(|| {
                let mut set = Map::new();
                set.insert("name".into(), json!(name));
                set
            });
            let number = if whole && value.fract() == 0.0 {
                json!(value as i64)
            } else {
                json!(value)
            };
            if measure == "weight" {
                set.insert("unit".into(), unit.map_or(Value::Null, Value::String));
            }
            set.insert(measure, number);
        }
        finish(out.last_mut(), sets);
        // Records whose sets of the lift all lack a weight hold none of its points.
        out.retain(|r| !r.domain_data.is_empty());
        Ok(out)
    }
}

/// Puts a record's weighed sets (in their order) into its strength data.
fn finish(record: Option<&mut ParsedRecord>, sets: BTreeMap<i64, Map<String, Value>>) {
    let Some(record) = record else { return };
    let weighed: Vec<Value> = sets
        .into_values()
        .filter(|s| s.contains_key("weight"))
        .map(Value::Object)
        .collect();
    if !weighed.is_empty() {
        record
            .domain_data
            .insert("strength".into(), json!({ "exercises": weighed }));
    }
}
