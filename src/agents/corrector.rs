//! The Parser reading a correction (seed 004 §5.5): given what the person wrote, the
//! Router's hint about what it corrects and the recent records that hold numbers, the model
//! names the record and the number it changes, and the new value. Checked at the boundary:
//! the record is one of those given, the number is one it holds, and the new value is
//! written in the correction (no invented number). The result is the same
//! [`Change`] the rules produce, so writing and applying it do not depend on who read it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{call_with, AgentError, Ctx};
use crate::offline::correct::{Change, CORRECTION_PARSER};
use crate::vault::facts::{facts, Fact};
use crate::vault::parsed::ParsedRecord;

/// How many recent records with numbers the model is shown.
const MAX_CANDIDATES: usize = 30;

#[derive(Debug, Serialize)]
struct CorrectionInput<'a> {
    correction: &'a str,
    target_hint: Option<&'a str>,
    candidates: Vec<Candidate>,
}

#[derive(Debug, Serialize)]
struct Candidate {
    id: String,
    date: String,
    time: Option<String>,
    heading: Option<String>,
    numbers: Vec<Number>,
}

#[derive(Debug, Serialize)]
struct Number {
    activity: String,
    measure: String,
    value: f64,
    unit: Option<String>,
}

/// What the model read.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct CorrectionOutput {
    pub reasoning: String,
    /// The id of the record corrected; null when several fit and nothing singles one out.
    pub target_id: Option<String>,
    #[serde(default)]
    pub activity: String,
    #[serde(default)]
    pub measure: String,
    pub new_value: Option<f64>,
}

/// The change `text` makes, read by the Parser model from the records in `recent` (oldest
/// first). An error when the model fails, its output is rejected, or it cannot single out
/// one number (the rules then read the correction, and may ask the person which).
pub async fn read(
    cx: Ctx<'_>,
    text: &str,
    hint: Option<&str>,
    recent: &[ParsedRecord],
) -> Result<Change, AgentError> {
    let usable: Vec<(&ParsedRecord, Vec<Fact>)> = recent
        .iter()
        .rev()
        .filter(|r| r.parser != CORRECTION_PARSER)
        .map(|r| (r, facts(r)))
        .filter(|(_, fs)| !fs.is_empty())
        .take(MAX_CANDIDATES)
        .collect();
    let input = CorrectionInput {
        correction: text,
        target_hint: hint.filter(|h| !h.trim().is_empty()),
        candidates: usable
            .iter()
            .map(|(r, fs)| Candidate {
                id: r.id.clone(),
                date: r.date.format("%Y-%m-%d (%a)").to_string(),
                time: r.timestamp.clone(),
                heading: r.heading.clone(),
                numbers: fs
                    .iter()
                    .map(|f| Number {
                        activity: f.activity.clone(),
                        measure: f.measure.clone(),
                        value: f.value,
                        unit: f.unit.clone(),
                    })
                    .collect(),
            })
            .collect(),
    };
    let out = call_with(
        cx,
        "parser",
        "correction.md",
        &[],
        &input,
        |o: &CorrectionOutput, _| change(o, &usable, text).map(|_| ()),
    )
    .await?
    .value;
    change(&out, &usable, text).map_err(|reason| AgentError {
        agent: "parser",
        reason,
    })
}

/// The change the output names, or why it cannot be used.
fn change(
    o: &CorrectionOutput,
    usable: &[(&ParsedRecord, Vec<Fact>)],
    text: &str,
) -> Result<Change, String> {
    let Some(id) = &o.target_id else {
        return Err("the correction could be about several entries".into());
    };
    let Some((record, fs)) = usable.iter().find(|(r, _)| &r.id == id) else {
        return Err(format!("`{id}` is not one of the entries given"));
    };
    let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
    let Some(fact) = fs
        .iter()
        .find(|f| same(&f.activity, &o.activity) && same(&f.measure, &o.measure))
    else {
        return Err(format!(
            "`{id}` holds no {} {} number",
            o.activity, o.measure
        ));
    };
    let Some(to) = o.new_value else {
        return Err("no new value".into());
    };
    if !super::parser::numbers_in(text)
        .iter()
        .any(|n| (n - to).abs() < 1e-6)
    {
        return Err(format!("{to} is not a number the correction contains"));
    }
    if (fact.value - to).abs() < 1e-9 {
        return Err(format!("{to} is already the recorded value"));
    }
    Ok(Change {
        record: record.id.clone(),
        source: record.source_file.clone(),
        date: record.date,
        time: record.timestamp.clone(),
        domain: fact.domain.clone(),
        activity: fact.activity.clone(),
        measure: fact.measure.clone(),
        from: fact.value,
        to,
        unit: fact.unit.clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn bench() -> ParsedRecord {
        let mut r: ParsedRecord = serde_json::from_value(serde_json::json!({
            "id": "Daily/2026-11-20.md#0", "source_file": "Daily/2026-11-20.md",
            "date": "2026-11-20", "timestamp": "10:30", "heading": "10:30",
            "content_hash": "x", "domain_data": {}, "tags": [], "confidence": 1.0,
            "uncertain_fields": [], "extraction_notes": [], "parser": "offline-rules"
        }))
        .unwrap();
        r.domain_data.insert(
            "strength".into(),
            serde_json::json!({"exercises": [{"name": "bench press", "sets": 3, "reps": 5, "weight": 85, "unit": "kg"}]}),
        );
        r
    }

    fn output(id: &str, measure: &str, value: f64) -> CorrectionOutput {
        CorrectionOutput {
            reasoning: "r".into(),
            target_id: Some(id.into()),
            activity: "bench press".into(),
            measure: measure.into(),
            new_value: Some(value),
        }
    }

    #[test]
    fn a_reading_must_name_a_given_entry_a_number_it_holds_and_a_value_written() {
        let r = bench();
        let fs = facts(&r);
        let weight = fs
            .iter()
            .find(|f| f.value == 85.0)
            .expect("the weight is a fact")
            .measure
            .clone();
        let usable = vec![(&r, fs)];
        let text = "actually it was 82.5kg";
        let ok = change(&output(&r.id, &weight, 82.5), &usable, text).unwrap();
        assert_eq!((ok.from, ok.to), (85.0, 82.5));
        assert_eq!(ok.date, NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
        assert!(change(&output("Daily/x.md#3", &weight, 82.5), &usable, text).is_err());
        assert!(change(&output(&r.id, "distance", 82.5), &usable, text).is_err());
        assert!(
            change(&output(&r.id, &weight, 80.0), &usable, text).is_err(),
            "80 is not in the correction"
        );
        let mut unsure = output(&r.id, &weight, 82.5);
        unsure.target_id = None;
        assert!(change(&unsure, &usable, text).is_err());
    }
}
