//! The person's own domains: for every number field of a domain's `log_schema`, `<field
//! or one of its words> ... <number>` or `<number> <field or word>` fills that field,
//! within the schema's minimum and maximum (outside them it is flagged, not stored).

use std::sync::{Arc, Mutex};

use regex::Regex;
use serde_json::json;

use super::clause::Clause;
use super::found::Found;
use super::units::NUM;
use crate::domains::Domain;

/// The domains with a reader of their own; the rest are read here.
pub const BUILT_IN: [&str; 5] = ["general", "strength", "running", "nutrition", "work"];

/// One number field of a user domain and how to find it.
pub struct Field {
    domain: String,
    name: String,
    integer: bool,
    min: Option<f64>,
    max: Option<f64>,
    re: Regex,
}

/// The readable fields of the user's domains, built once per set of domains: a reindex
/// parses thousands of entries with the same domains, and the patterns cost a compile.
pub fn fields(domains: &[Domain]) -> Arc<Vec<Field>> {
    static CACHE: Mutex<Option<(String, Arc<Vec<Field>>)>> = Mutex::new(None);
    let key: String = domains
        .iter()
        .filter(|d| !BUILT_IN.contains(&d.name.as_str()))
        .map(|d| format!("{}{:?}{:?}", d.name, d.vocabulary, d.log_schema))
        .collect();
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((k, fields)) = cache.as_ref() {
        if *k == key {
            return Arc::clone(fields);
        }
    }
    let fields = Arc::new(build(domains));
    *cache = Some((key, Arc::clone(&fields)));
    fields
}

fn build(domains: &[Domain]) -> Vec<Field> {
    let mut out = Vec::new();
    for d in domains
        .iter()
        .filter(|d| !BUILT_IN.contains(&d.name.as_str()))
    {
        let Some(props) = d.log_schema.get("properties").and_then(|p| p.as_mapping()) else {
            continue;
        };
        for (name, schema) in props {
            let (Some(name), Some(ty)) =
                (name.as_str(), schema.get("type").and_then(|t| t.as_str()))
            else {
                continue;
            };
            if ty != "number" && ty != "integer" {
                continue;
            }
            let mut words: Vec<String> =
                vec![name.to_lowercase(), name.replace('_', " ").to_lowercase()];
            words.extend(
                d.vocabulary
                    .iter()
                    .filter(|(_, c)| c.eq_ignore_ascii_case(name))
                    .map(|(w, _)| w.to_lowercase()),
            );
            // Singular and plural both: `pages` finds `1 page`, `glass` finds `2 glasses`.
            let mut forms: Vec<String> = words
                .iter()
                .flat_map(|w| {
                    let one = w.strip_suffix('s').unwrap_or(w);
                    [
                        w.clone(),
                        format!("{w}s"),
                        format!("{w}es"),
                        one.to_string(),
                    ]
                })
                .filter(|w| !w.is_empty())
                .map(|w| regex::escape(&w))
                .collect();
            forms.sort();
            forms.dedup();
            forms.sort_by_key(|w| std::cmp::Reverse(w.len()));
            let alt = forms.join("|");
            let re = Regex::new(&format!(
                r"(?:{alt})\s*(?:[:=]|is|was|of)?\s*~?({NUM})|~?({NUM})\s*(?:{alt})"
            ));
            let Ok(re) = re else { continue };
            let bound = |k: &str| schema.get(k).and_then(|v| v.as_f64());
            out.push(Field {
                domain: d.name.clone(),
                name: name.to_string(),
                integer: ty == "integer",
                min: bound("minimum"),
                max: bound("maximum"),
                re,
            });
        }
    }
    out
}

/// Fills user-domain fields from the clause's free text.
pub fn read(clause: &mut Clause, fields: &[Field], found: &mut Found) {
    for f in fields {
        for hit in clause.hits(&f.re) {
            let Some(value) = hit.num(1).or(hit.num(2)) else {
                continue;
            };
            clause.claim(hit.range.clone());
            let path = format!("{}.{}", f.domain, f.name);
            let in_range = f.min.is_none_or(|m| value >= m) && f.max.is_none_or(|m| value <= m);
            if !in_range || (f.integer && value.fract() != 0.0) {
                found.flag(&path);
                continue;
            }
            let value = if f.integer {
                json!(value as i64)
            } else {
                json!(value)
            };
            found.set(&f.domain, &f.name, value);
        }
    }
}
