//! A lift's weighed sets, stored apart as records are written (`lift_sets`, in the order
//! answers list them) and read back without decoding any record's JSON: what a best, a last
//! time or a count of one lift over all the notes is computed from (an all-time question
//! over 10,000 notes reads thousands of them, in one index range).

use std::collections::BTreeMap;

use chrono::NaiveDate;
use rusqlite::{params, Connection};
use serde_json::{Map, Value};

use super::RecordDb;
use crate::error::Result;
use crate::vault::facts::Fact;
use crate::vault::parsed::ParsedRecord;

impl RecordDb {
    /// Whether a record dated within `start..=end` holds a weighed set of the lift `name`.
    pub fn any_lift_set(&self, start: NaiveDate, end: NaiveDate, name: &str) -> Result<bool> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT EXISTS(SELECT 1 FROM lift_sets INDEXED BY lift_sets_in_order
                 WHERE activity = ?3 AND date BETWEEN ?1 AND ?2)",
            )
            .map_err(|e| self.error(e))?;
        stmt.query_row(params![start.to_string(), end.to_string(), name], |row| {
            row.get(0)
        })
        .map_err(|e| self.error(e))
    }

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
        let conn = self.conn();
        // One index range, already in answer order (see `lift_sets` in the schema).
        let mut stmt = conn
            .prepare_cached(
                "SELECT record_id, source, heading, date, timestamp, parser,
                        weight, unit, sets, sets_whole, reps, reps_whole
                 FROM lift_sets INDEXED BY lift_sets_in_order
                 WHERE activity = ?3 AND date BETWEEN ?1 AND ?2
                 ORDER BY date, timestamp, source, record_id, item",
            )
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
                    date: super::stored_day(&date).unwrap_or_default(),
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
                    rows: Vec::new(),
                });
            }
            let mut set = Map::with_capacity(5);
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

/// Stores the weighed sets of `r` (from its `facts`) in `lift_sets`: each weight of a lift
/// with the sets and reps of the same exercise beside it (every pairing, none when absent).
pub(super) fn insert_sets(
    tx: &Connection,
    r: &ParsedRecord,
    source: &str,
    date: &str,
    facts: &[Fact],
) -> rusqlite::Result<()> {
    let strength = |measure: &'static str| {
        facts
            .iter()
            .filter(move |f| f.domain == "strength" && f.measure == measure)
    };
    if strength("weight").next().is_none() {
        return Ok(());
    }
    let mut insert = tx.prepare_cached(
        "INSERT INTO lift_sets (record_id, activity, date, timestamp, source, heading, parser,
             item, weight, unit, sets, sets_whole, reps, reps_whole)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
    )?;
    // The same exercise: a left join on the facts, one row per pairing.
    let beside = |w: &Fact, measure: &'static str| -> Vec<Option<&Fact>> {
        let found: Vec<Option<&Fact>> = strength(measure)
            .filter(|f| f.activity == w.activity && f.item == w.item)
            .map(Some)
            .collect();
        if found.is_empty() {
            vec![None]
        } else {
            found
        }
    };
    for w in strength("weight") {
        for s in beside(w, "sets") {
            for p in beside(w, "reps") {
                insert.execute(params![
                    r.id,
                    w.activity,
                    date,
                    r.timestamp,
                    source,
                    r.heading,
                    r.parser,
                    w.item as i64,
                    w.value,
                    w.unit,
                    s.map(|f| f.value),
                    s.map(|f| f.whole),
                    p.map(|f| f.value),
                    p.map(|f| f.whole),
                ])?;
            }
        }
    }
    Ok(())
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
