//! The rules' reading of an entry is the floor under a model's parse: a model record adds
//! fields and replaces values it read differently (it passed validation, so its numbers are
//! in the text), but it never erases what the rules found. Disagreements are kept as doubtful.

use serde_json::{Map, Value};

use crate::vault::parsed::ParsedRecord;

/// Combines the rules' record and a validated model record for the same entry.
pub fn on_floor(rules: ParsedRecord, model: ParsedRecord) -> ParsedRecord {
    let mut out = model;
    // The person's own fields are read from what they wrote; a model adds none.
    if out.rows.is_empty() {
        out.rows = rules.rows;
    }
    let mut doubtful = Vec::new();
    for (domain, floor) in rules.domain_data {
        match out.domain_data.get_mut(&domain) {
            None => {
                out.domain_data.insert(domain, floor);
            }
            Some(Value::Object(fields)) => {
                if let Value::Object(floor) = floor {
                    merge_fields(&domain, fields, floor, &mut doubtful);
                }
            }
            Some(slot) => *slot = floor,
        }
    }
    for field in rules.uncertain_fields.into_iter().chain(doubtful) {
        if !out.uncertain_fields.contains(&field) {
            out.uncertain_fields.push(field);
        }
    }
    for note in rules.extraction_notes {
        if !out.extraction_notes.contains(&note) {
            out.extraction_notes.push(note);
        }
    }
    out
}

/// Fields the model left out come from the floor; a list the model read shorter than the
/// rules did (a lift or run missing) keeps the rules' list; other differences are doubtful.
fn merge_fields(
    domain: &str,
    model: &mut Map<String, Value>,
    floor: Map<String, Value>,
    doubtful: &mut Vec<String>,
) {
    for (field, value) in floor {
        match model.get(&field) {
            None | Some(Value::Null) => {
                model.insert(field, value);
            }
            Some(Value::Array(mine)) => {
                let (mine, theirs) = (mine.len(), value.as_array().map_or(0, Vec::len));
                if mine != theirs {
                    doubtful.push(format!("{domain}.{field}"));
                }
                if mine < theirs {
                    model.insert(field, value);
                }
            }
            Some(mine) if !same(mine, &value) => doubtful.push(format!("{domain}.{field}")),
            Some(_) => {}
        }
    }
}

/// Equal values, numbers compared as numbers (`5` and `5.0`).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => (x - y).abs() < 1e-9,
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn record(data: Value) -> ParsedRecord {
        let note = crate::vault::Note::parse("ran 5 km\n".to_string());
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        let entry = &crate::vault::entry::entries(&note, "n.md", day)[0];
        let mut r = ParsedRecord::for_entry(entry, "x".into());
        r.domain_data = serde_json::from_value(data).unwrap();
        r
    }

    #[test]
    fn an_empty_model_parse_keeps_the_rules_reading() {
        let rules = record(json!({"running": {"distance_km": 5.0}}));
        let merged = on_floor(rules, record(json!({})));
        assert_eq!(merged.domain_data["running"]["distance_km"], 5.0);
        assert_eq!(merged.parser, "x");
    }

    #[test]
    fn the_model_adds_fields_and_disagreements_are_doubtful() {
        let rules = record(json!({"running": {"distance_km": 5.0, "duration_min": 27.0}}));
        let model =
            record(json!({"running": {"distance_km": 5.0, "duration_min": 28.0, "kind": "easy"}}));
        let merged = on_floor(rules, model);
        assert_eq!(merged.domain_data["running"]["kind"], "easy");
        assert_eq!(merged.domain_data["running"]["duration_min"], 28.0);
        assert_eq!(merged.uncertain_fields, ["running.duration_min"]);
    }

    #[test]
    fn a_shorter_list_from_the_model_does_not_drop_lifts() {
        let lifts =
            json!([{"name": "squat", "weight": 100}, {"name": "bench press", "weight": 70}]);
        let rules = record(json!({"strength": {"exercises": lifts}}));
        let model = record(json!({"strength": {"exercises": [{"name": "squat", "weight": 100}]}}));
        let merged = on_floor(rules, model);
        assert_eq!(
            merged.domain_data["strength"]["exercises"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
        assert_eq!(merged.uncertain_fields, ["strength.exercises"]);
    }
}
