//! A record flattened into facts (one number each: domain, activity, measure, value, unit)
//! for SQL aggregates and `export`. Lifts are one fact per measure of each exercise, runs
//! per run, other domains per numeric field, generic measures as themselves.

use serde_json::Value;

use super::parsed::ParsedRecord;

/// The domain of the facts of generic measures (`hrv 62 ms`): no domain reads them.
pub const MEASURES: &str = "measures";

/// One number read from an entry.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Fact {
    pub domain: String,
    pub activity: String,
    pub measure: String,
    pub value: f64,
    pub unit: Option<String>,
    pub doubtful: bool,
    /// Which exercise (or run) of the record's domain data it belongs to, so a lift's
    /// weight, sets and reps can be put back together from the facts alone.
    #[serde(skip)]
    pub item: usize,
    /// Whether the number was written as a whole number (`5`, not `5.0`): the reps and
    /// sets of a lift are only read as counts when they are.
    #[serde(skip)]
    pub whole: bool,
}

/// The facts of a record. A fact is doubtful when its field is among the record's
/// uncertain fields (by domain, or domain.field).
pub fn facts(r: &ParsedRecord) -> Vec<Fact> {
    let doubtful = |domain: &str, field: &str| {
        r.uncertain_fields
            .iter()
            .any(|u| u == domain || u.starts_with(&format!("{domain}.{field}")))
    };
    let mut out = Vec::new();
    let mut push = |domain: &str,
                    (activity, item): (&str, usize),
                    measure: &str,
                    value: &Value,
                    unit: Option<&str>| {
        if let Some(v) = value.as_f64() {
            out.push(Fact {
                domain: domain.to_string(),
                activity: activity.to_string(),
                measure: measure.to_string(),
                value: v,
                unit: unit.map(str::to_string),
                doubtful: doubtful(domain, measure),
                item,
                whole: value.is_i64() || value.is_u64(),
            });
        }
    };
    for (domain, data) in &r.domain_data {
        match domain.as_str() {
            "strength" => {
                for (i, e) in data["exercises"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .enumerate()
                {
                    let name = e["name"].as_str().unwrap_or("unknown");
                    push(
                        domain,
                        (name, i),
                        "weight",
                        &e["weight"],
                        e["unit"].as_str(),
                    );
                    for (field, unit) in [("sets", "set"), ("reps", "rep")] {
                        push(domain, (name, i), field, &e[field], Some(unit));
                    }
                }
            }
            "running" => {
                let runs: Vec<&Value> = match data["runs"].as_array() {
                    Some(runs) if !runs.is_empty() => runs.iter().collect(),
                    _ => vec![data],
                };
                for (i, run) in runs.into_iter().enumerate() {
                    for (field, unit) in [
                        ("distance_km", "km"),
                        ("duration_min", "min"),
                        ("pace_min_per_km", "min/km"),
                    ] {
                        push(domain, ("run", i), field, &run[field], Some(unit));
                    }
                }
            }
            _ => {
                for (field, value) in data.as_object().into_iter().flatten() {
                    push(domain, (field, 0), field, value, unit_of(field));
                }
            }
        }
    }
    for (i, m) in r.measures.iter().enumerate() {
        let value = Value::from(m.value);
        push(MEASURES, (&m.what, i), &m.unit, &value, Some(&m.unit));
    }
    out
}

/// The unit a field name states (`sleep_hours` -> h, `protein_g` -> g).
fn unit_of(field: &str) -> Option<&'static str> {
    [
        ("_hours", "h"),
        ("_min", "min"),
        ("_km", "km"),
        ("_g", "g"),
        ("_kcal", "kcal"),
        ("_cups", "cup"),
        ("_drinks", "drink"),
    ]
    .iter()
    .find(|(suffix, _)| field.ends_with(suffix))
    .map(|(_, u)| *u)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lifts_runs_fields_and_measures_become_facts() {
        let note = crate::vault::Note::parse("x\n".to_string());
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        let entry = &crate::vault::entry::entries(&note, "n.md", day)[0];
        let mut r = ParsedRecord::for_entry(entry, "offline-rules".into());
        r.domain_data = serde_json::from_value(json!({
            "strength": {"exercises": [{"name": "squat", "weight": 100, "unit": "kg", "sets": 5, "reps": 5}]},
            "running": {"runs": [{"distance_km": 5.0}, {"distance_km": 3.0, "duration_min": 18.0}]},
            "general": {"sleep_hours": 7.5}
        }))
        .unwrap();
        r.measures.push(super::super::parsed::Measure {
            what: "read".into(),
            value: 40.0,
            unit: "page".into(),
        });
        r.uncertain_fields.push("general.sleep_hours".into());
        let f = facts(&r);
        let find = |measure: &str| f.iter().filter(|x| x.measure == measure).count();
        assert_eq!(find("weight"), 1);
        assert_eq!(find("distance_km"), 2, "each run is a fact");
        let sleep = f.iter().find(|x| x.measure == "sleep_hours").unwrap();
        assert_eq!(
            (sleep.value, sleep.unit.as_deref(), sleep.doubtful),
            (7.5, Some("h"), true)
        );
        assert!(f.iter().any(|x| x.activity == "read" && x.value == 40.0));
    }
}
