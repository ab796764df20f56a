//! Applying a correction to a parsed record (the Store's upsert of seed §5.5): the number
//! changes in the record's domain data, and the change is kept in the record's correction
//! history with the correction entry it came from, so applying the same correction twice
//! changes nothing.

use serde_json::{json, Value};

use super::parsed::{CorrectionRecord, ParsedRecord};
use crate::offline::correct::Change;

/// Where a correction was written: its entry's id and content hash, and when.
#[derive(Debug, Clone, PartialEq)]
pub struct CorrectionSource {
    pub entry: String,
    pub hash: String,
    /// `YYYY-MM-DD HH:MM` or `YYYY-MM-DD`.
    pub at: String,
    pub text: String,
}

/// Whether `record` already holds the correction written in `source`.
pub fn already_applied(record: &ParsedRecord, source: &CorrectionSource) -> bool {
    record
        .corrections
        .iter()
        .any(|c| c.delta["hash"].as_str() == Some(source.hash.as_str()))
}

/// Changes the number `change` names in `record` and records the change. Returns false
/// (and leaves the record as it was) when the record holds no such number any more.
pub fn apply(record: &mut ParsedRecord, change: &Change, source: &CorrectionSource) -> bool {
    if already_applied(record, source) {
        return true;
    }
    if !set_value(record, change) {
        return false;
    }
    record.corrections.push(CorrectionRecord {
        at: source.at.clone(),
        delta: json!({
            "entry": source.entry,
            "hash": source.hash,
            "domain": change.domain,
            "activity": change.activity,
            "measure": change.measure,
            "from": change.from,
            "to": change.to,
            "unit": change.unit,
        }),
        note: Some(source.text.clone()),
    });
    // What the person confirmed is no longer in doubt.
    let field = format!("{}.{}", change.domain, change.measure);
    record.uncertain_fields.retain(|u| *u != field);
    true
}

/// Sets the value; mirrors how [`super::facts::facts`] reads a record.
fn set_value(record: &mut ParsedRecord, change: &Change) -> bool {
    let same = |v: &Value| v.as_f64().is_some_and(|x| (x - change.from).abs() < 1e-9);
    let to = json!(change.to);
    let mut done = false;
    if change.domain == super::facts::MEASURES {
        for m in &mut record.measures {
            if m.what == change.activity && m.unit == change.measure && !done {
                m.value = change.to;
                done = true;
            }
        }
        return done;
    }
    let Some(data) = record.domain_data.get_mut(&change.domain) else {
        return false;
    };
    match change.domain.as_str() {
        "strength" => {
            for e in data["exercises"].as_array_mut().into_iter().flatten() {
                if e["name"].as_str() == Some(change.activity.as_str()) && same(&e[&change.measure])
                {
                    e[&change.measure] = to.clone();
                    done = true;
                }
            }
        }
        "running" => {
            if let Some(runs) = data["runs"].as_array_mut().filter(|r| !r.is_empty()) {
                if let Some(run) = runs.iter_mut().find(|r| same(&r[&change.measure])) {
                    run[&change.measure] = to;
                    done = true;
                }
            } else if same(&data[&change.measure]) {
                data[&change.measure] = to;
                done = true;
            }
        }
        _ => {
            if let Some(v) = data.get_mut(&change.measure).filter(|v| same(v)) {
                *v = to;
                done = true;
            }
        }
    }
    done
}
