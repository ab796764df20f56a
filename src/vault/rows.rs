//! The per-record shape of the parsed data: one row per lift (a name with its weight, sets
//! and reps), per run, per other measured field (a night's sleep, a mood) and per generic
//! measure, with every field of it as a column. `export --shape records` and the MCP
//! `records` tool write these; `export`'s default shape is one fact per row (see
//! [`super::facts`]). Rows are built from the same facts, so both shapes hold the same
//! numbers.

use chrono::NaiveDate;
use serde::Serialize;

use super::facts::{facts, Fact};
use super::parsed::ParsedRecord;

/// The columns of a row, in the order CSV writes them.
pub const COLUMNS: [&str; 17] = [
    "date",
    "time",
    "domain",
    "activity",
    "weight",
    "unit",
    "reps",
    "sets",
    "distance_km",
    "duration_min",
    "pace_min_per_km",
    "value",
    "note",
    "link",
    "entry",
    "doubtful",
    "source",
];

/// One lift, run, night or other measured thing of an entry. `unit` is the unit of
/// `weight` for a lift and of `value` for anything else; a run's columns say their unit.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct RecordRow {
    pub date: NaiveDate,
    /// `HH:MM` of the entry's section, when it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// `strength`, `running`, `general`, ..., or `measures` for a number no domain claims.
    pub domain: String,
    /// The lift's name, `run`, the field (`sleep_hours`, `mood`), or what was measured
    /// (`read`, `water`).
    pub activity: String,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub weight: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub reps: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub sets: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub distance_km: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub duration_min: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub pace_min_per_km: Option<f64>,
    /// The number of anything that is neither a lift nor a run (hours slept, pages read).
    #[serde(skip_serializing_if = "Option::is_none", serialize_with = "number")]
    pub value: Option<f64>,
    /// The note's vault-relative path.
    pub note: String,
    /// A wikilink to the entry (`[[2026-11-20#17:30 Gym]]`).
    pub link: String,
    /// The entry's id (`Daily/2026-11-20.md#2`).
    pub entry: String,
    /// Whether the parser was unsure of one of the row's numbers.
    pub doubtful: bool,
    /// Which parser read it (`offline-rules` or a model).
    pub source: String,
}

impl RecordRow {
    /// The measures the row holds: its numeric columns, and for a row with a `value` its
    /// field or unit (`sleep_hours`, `page`), so a filter on a measure keeps rows that have it.
    pub fn holds(&self, measure: &str) -> bool {
        let m = measure.trim().to_lowercase();
        let column = |v: &Option<f64>, names: &[&str]| v.is_some() && names.contains(&m.as_str());
        column(&self.weight, &["weight"])
            || column(&self.reps, &["reps", "rep"])
            || column(&self.sets, &["sets", "set"])
            || column(&self.distance_km, &["distance", "distance_km", "km"])
            || column(&self.duration_min, &["duration", "duration_min", "time"])
            || column(&self.pace_min_per_km, &["pace", "pace_min_per_km"])
            || self.value.is_some()
                && (self.activity.to_lowercase() == m
                    || self.unit.as_deref().is_some_and(|u| u.to_lowercase() == m))
    }

    /// The row's fields as CSV text, in [`COLUMNS`] order.
    pub fn csv_fields(&self) -> Vec<String> {
        let n = |v: Option<f64>| v.map(crate::offline::analyze::trim).unwrap_or_default();
        vec![
            self.date.to_string(),
            self.time.clone().unwrap_or_default(),
            self.domain.clone(),
            self.activity.clone(),
            n(self.weight),
            self.unit.clone().unwrap_or_default(),
            n(self.reps),
            n(self.sets),
            n(self.distance_km),
            n(self.duration_min),
            n(self.pace_min_per_km),
            n(self.value),
            self.note.clone(),
            self.link.clone(),
            self.entry.clone(),
            self.doubtful.to_string(),
            self.source.clone(),
        ]
    }
}

/// A whole number as an integer (`5`, not `5.0`), so counts read as counts.
fn number<S: serde::Serializer>(v: &Option<f64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => s.serialize_i64(*x as i64),
        Some(x) => s.serialize_f64(*x),
        None => s.serialize_none(),
    }
}

/// The rows of one record, in the order its facts come; `link` is the wikilink to its entry.
pub fn rows(r: &ParsedRecord, link: &str) -> Vec<RecordRow> {
    let mut out: Vec<RecordRow> = Vec::new();
    // Facts of one lift or run share their domain, activity and item.
    let mut groups: Vec<Vec<Fact>> = Vec::new();
    for f in facts(r) {
        let same = |g: &Vec<Fact>| {
            let first = &g[0];
            matches!(f.domain.as_str(), "strength" | "running")
                && (first.domain.as_str(), first.activity.as_str(), first.item)
                    == (f.domain.as_str(), f.activity.as_str(), f.item)
        };
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(f),
            None => groups.push(vec![f]),
        }
    }
    for group in groups {
        let first = &group[0];
        let mut row = RecordRow {
            date: r.date,
            time: r.timestamp.clone(),
            domain: first.domain.clone(),
            activity: first.activity.clone(),
            weight: None,
            unit: None,
            reps: None,
            sets: None,
            distance_km: None,
            duration_min: None,
            pace_min_per_km: None,
            value: None,
            note: r.source_file.clone(),
            link: link.to_string(),
            entry: r.id.clone(),
            doubtful: group.iter().any(|f| f.doubtful),
            source: r.parser.clone(),
        };
        for f in &group {
            let v = Some(f.value);
            match (f.domain.as_str(), f.measure.as_str()) {
                ("strength", "weight") => {
                    row.weight = v;
                    row.unit = f.unit.clone();
                }
                ("strength", "reps") => row.reps = v,
                ("strength", "sets") => row.sets = v,
                ("running", "distance_km") => row.distance_km = v,
                ("running", "duration_min") => row.duration_min = v,
                ("running", "pace_min_per_km") => row.pace_min_per_km = v,
                _ => {
                    row.value = v;
                    row.unit = f.unit.clone();
                }
            }
        }
        out.push(row);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_lift_a_run_a_night_and_a_measure_are_one_row_each() {
        let note = crate::vault::Note::parse("x\n".to_string());
        let day = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        let entry = &crate::vault::entry::entries(&note, "Daily/2026-11-20.md", day)[0];
        let mut r = ParsedRecord::for_entry(entry, "offline-rules".into());
        r.domain_data = serde_json::from_value(json!({
            "strength": {"exercises": [
                {"name": "squat", "weight": 100, "unit": "kg", "sets": 5, "reps": 5},
                {"name": "bench press", "weight": 80, "unit": "kg", "sets": 3, "reps": 8}
            ]},
            "running": {"runs": [{"distance_km": 5.0, "duration_min": 26.5}]},
            "general": {"sleep_hours": 7.5, "mood": 7}
        }))
        .unwrap();
        r.measures.push(crate::vault::parsed::Measure {
            what: "read".into(),
            value: 40.0,
            unit: "page".into(),
        });
        r.uncertain_fields.push("strength.reps".into());
        let rows = rows(&r, "[[2026-11-20]]");
        let shape: Vec<(&str, &str)> = rows
            .iter()
            .map(|r| (r.domain.as_str(), r.activity.as_str()))
            .collect();
        assert_eq!(
            shape,
            [
                ("general", "sleep_hours"),
                ("general", "mood"),
                ("running", "run"),
                ("strength", "squat"),
                ("strength", "bench press"),
                ("measures", "read"),
            ]
        );
        let squat = &rows[3];
        assert_eq!(
            (squat.weight, squat.unit.as_deref(), squat.sets, squat.reps),
            (Some(100.0), Some("kg"), Some(5.0), Some(5.0))
        );
        assert!(squat.doubtful, "its reps were uncertain");
        assert!(squat.holds("weight") && !squat.holds("distance"));
        let run = &rows[2];
        assert_eq!((run.distance_km, run.duration_min), (Some(5.0), Some(26.5)));
        assert!(run.holds("distance") && !run.doubtful);
        assert!(rows[0].holds("sleep_hours") && rows[0].holds("h"));
        assert!(rows[5].holds("page"));
        let line = serde_json::to_value(squat).unwrap();
        assert_eq!(line["reps"], json!(5), "counts are written as integers");
        assert!(
            line.get("distance_km").is_none(),
            "empty columns are left out"
        );
        assert_eq!(squat.csv_fields().len(), COLUMNS.len());
    }
}
