//! Parser: one log entry -> structured data in the selected domains' `log_schema`s. Values
//! must be supported by the raw text (no number that is not in the entry), domains must be
//! known, data must match each domain's schema, and dates must be valid.

use std::collections::BTreeMap;

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::{call, AgentError, Ctx};
use crate::domains::Domains;
use crate::vault::parsed::ParsedRecord;
use crate::vault::Entry;

#[derive(Debug, Clone, Serialize)]
pub struct ParserInput {
    pub raw_input: String,
    pub date: String,
    #[serde(default)]
    pub time: Option<String>,
    pub vocabulary: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize, JsonSchema)]
pub struct ParserOutput {
    /// `YYYY-MM-DD`, normally the entry's date.
    #[serde(default)]
    pub date: Option<String>,
    /// Domain name -> data in that domain's log schema.
    pub domain_data: BTreeMap<String, Value>,
    #[serde(default)]
    pub tags: Vec<String>,
    /// 0..1.
    #[serde(default = "half")]
    pub confidence: f32,
    #[serde(default)]
    pub extraction_notes: Vec<String>,
    /// `domain.field` names filled from ambiguous text.
    #[serde(default)]
    pub uncertain_fields: Vec<String>,
}

fn half() -> f32 {
    0.5
}

/// Parses one entry with the model.
pub async fn parse(
    cx: Ctx<'_>,
    domains: &Domains,
    entry: &Entry,
) -> Result<ParsedRecord, AgentError> {
    let selected: Vec<String> = domains
        .mentioned_in(&entry.text)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let mut active = domains.combine(&selected);
    active.narrow_vocabulary(&[&entry.text]);
    let domain_list = domains
        .all
        .iter()
        .filter(|d| active.domains_loaded.contains(&d.name))
        .map(|d| {
            format!(
                "- `{}`: {}\n  schema: {}",
                d.name,
                d.description.trim(),
                serde_json::to_string(&d.log_schema).unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join("\n");
    let date = entry.date.format("%Y-%m-%d (%A)").to_string();
    let input = ParserInput {
        raw_input: entry.text.clone(),
        date: entry.date.to_string(),
        time: entry.time.map(|t| t.format("%H:%M").to_string()),
        vocabulary: active.vocabulary.clone(),
    };
    let vars = [
        ("entry_date", date.as_str()),
        ("domains", domain_list.as_str()),
    ];
    let text = entry.text.clone();
    let called = call(cx, "parser", &vars, &input, |o: &ParserOutput, _| {
        validate(o, domains, &text)
    })
    .await?;
    let out = called.value;
    let mut tags: Vec<String> = entry.tags.clone();
    for t in out.tags {
        let t = t.trim().trim_start_matches('#').to_lowercase();
        if !t.is_empty() && !tags.contains(&t) {
            tags.push(t);
        }
    }
    Ok(ParsedRecord {
        domain_data: out.domain_data,
        tags,
        confidence: out.confidence.clamp(0.0, 1.0),
        uncertain_fields: out.uncertain_fields,
        extraction_notes: out.extraction_notes,
        ..ParsedRecord::for_entry(entry, format!("{} ({})", called.model, called.provider))
    })
}

/// Known domains, data matching their schemas, a valid date, and every number in the text.
pub fn validate(o: &ParserOutput, domains: &Domains, text: &str) -> Result<(), String> {
    if let Some(d) = &o.date {
        NaiveDate::parse_from_str(d, "%Y-%m-%d")
            .map_err(|_| format!("date `{d}` is not a valid YYYY-MM-DD date"))?;
    }
    if !(0.0..=1.0).contains(&o.confidence) {
        return Err(format!("confidence {} is outside 0..1", o.confidence));
    }
    for (name, data) in &o.domain_data {
        let Some(domain) = domains.all.iter().find(|d| &d.name == name) else {
            return Err(format!("the parser used an unknown domain `{name}`"));
        };
        let schema = serde_json::to_value(&domain.log_schema).unwrap_or_default();
        check_schema(data, &schema, name)?;
    }
    let present = numbers_in(text);
    let mut missing = None;
    for value in o.domain_data.values() {
        collect_numbers(value, &mut |n| {
            if missing.is_none() && !present.iter().any(|p| (p - n).abs() < 1e-6) {
                missing = Some(n);
            }
        });
    }
    if let Some(n) = missing {
        return Err(format!(
            "the parser returned {n}, a number that is not in the entry"
        ));
    }
    Ok(())
}

/// A small JSON Schema check: types, enums, minimum/maximum, nested objects and arrays.
fn check_schema(value: &Value, schema: &Value, path: &str) -> Result<(), String> {
    let ty = schema.get("type").and_then(Value::as_str).unwrap_or("");
    let ok = match ty {
        "object" => value.is_object(),
        "array" => value.is_array(),
        "string" => value.is_string(),
        "number" => value.is_number(),
        "integer" => value.as_f64().is_some_and(|x| x.fract() == 0.0),
        "boolean" => value.is_boolean(),
        _ => true,
    };
    if !ok && !value.is_null() {
        return Err(format!("`{path}` should be {ty}, got {value}"));
    }
    if let Some(options) = schema.get("enum").and_then(Value::as_array) {
        if !value.is_null() && !options.contains(value) {
            return Err(format!(
                "`{path}` is {value}, not one of {}",
                Value::Array(options.clone())
            ));
        }
    }
    if let Some(x) = value.as_f64() {
        if schema
            .get("minimum")
            .and_then(Value::as_f64)
            .is_some_and(|m| x < m)
            || schema
                .get("maximum")
                .and_then(Value::as_f64)
                .is_some_and(|m| x > m)
        {
            return Err(format!("`{path}` = {x} is out of the schema's range"));
        }
    }
    if let (Some(obj), Some(props)) = (
        value.as_object(),
        schema.get("properties").and_then(Value::as_object),
    ) {
        for (k, v) in obj {
            match props.get(k) {
                Some(s) => check_schema(v, s, &format!("{path}.{k}"))?,
                None => return Err(format!("`{path}.{k}` is not a field of the schema")),
            }
        }
    }
    if let (Some(items), Some(s)) = (value.as_array(), schema.get("items")) {
        for (i, v) in items.iter().enumerate() {
            check_schema(v, s, &format!("{path}[{i}]"))?;
        }
    }
    Ok(())
}

fn collect_numbers(value: &Value, f: &mut impl FnMut(f64)) {
    match value {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                f(x)
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_numbers(v, f)),
        Value::Object(map) => map.values().for_each(|v| collect_numbers(v, f)),
        _ => {}
    }
}

/// Numbers written in `text` (`1:32` also as 92 minutes and 1.53 hours; 0 and 1 always).
pub(crate) fn numbers_in(text: &str) -> Vec<f64> {
    static PATTERNS: std::sync::OnceLock<(regex::Regex, regex::Regex)> = std::sync::OnceLock::new();
    let (number, clock) = PATTERNS.get_or_init(|| {
        (
            regex::Regex::new(r"\d+(?:[.,]\d+)?").expect("valid regex"),
            regex::Regex::new(r"(\d+):(\d{2})").expect("valid regex"),
        )
    });
    let mut out: Vec<f64> = number
        .find_iter(text)
        .filter_map(|m| m.as_str().replace(',', ".").parse().ok())
        .collect();
    for c in clock.captures_iter(text) {
        let (h, m): (f64, f64) = (c[1].parse().unwrap_or(0.0), c[2].parse().unwrap_or(0.0));
        out.push(h * 60.0 + m);
        out.push(h + m / 60.0);
    }
    out.extend([0.0, 1.0]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(data: Value) -> ParserOutput {
        serde_json::from_value(serde_json::json!({"domain_data": data, "confidence": 0.8})).unwrap()
    }

    #[test]
    fn schema_numbers_and_domains_are_checked() {
        let d = Domains::shipped();
        let text = "bench 80kg 5x5, slept 7h";
        assert!(validate(
            &out(serde_json::json!({"general": {"sleep_hours": 7}})),
            &d,
            text
        )
        .is_ok());
        let invented = validate(
            &out(serde_json::json!({"general": {"sleep_hours": 8}})),
            &d,
            text,
        )
        .unwrap_err();
        assert!(invented.contains("not in the entry"), "{invented}");
        let wrong_type = validate(
            &out(serde_json::json!({"general": {"sleep_hours": "seven"}})),
            &d,
            text,
        )
        .unwrap_err();
        assert!(wrong_type.contains("general.sleep_hours"), "{wrong_type}");
        let bad_unit = validate(&out(serde_json::json!({"strength": {"exercises": [{"name": "bench press", "weight": 80, "unit": "stone"}]}})), &d, text).unwrap_err();
        assert!(bad_unit.contains("unit"), "{bad_unit}");
        let unknown = validate(&out(serde_json::json!({"cardio": {}})), &d, text).unwrap_err();
        assert!(unknown.contains("unknown domain `cardio`"), "{unknown}");
    }
}
