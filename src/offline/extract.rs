//! A small rule-based extractor: numbers with their meaning (lifts, distances, sleep, mood,
//! protein, focus hours) read straight from an entry's text. Only values present in the
//! text are produced. The full schema-driven parser replaces this later.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::Regex;
use serde_json::{json, Map, Value};

use crate::domains::Domains;
use crate::vault::parsed::ParsedRecord;
use crate::vault::Entry;

struct Patterns {
    weight_reps: Regex,
    sets_reps_at: Regex,
    distance: Regex,
    minutes: Regex,
    sleep_before: Regex,
    sleep_after: Regex,
    score: Regex,
    protein: Regex,
    kcal: Regex,
    deep_work: Regex,
    meetings: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("extractor pattern compiles");
        Patterns {
            weight_reps: re(
                r"(?i)\b(\d+(?:\.\d+)?)\s*(kg|lbs?)?\s*[x×]\s*(\d+)(?:\s*[x×]\s*(\d+))?\b",
            ),
            sets_reps_at: re(
                r"(?i)\b(\d+)\s*[x×]\s*(\d+)\s*(?:@|at)\s*(\d+(?:\.\d+)?)\s*(kg|lbs?)?",
            ),
            distance: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(km|k|mi|miles?)\b"),
            minutes: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:min|mins|minutes)\b"),
            sleep_before: re(
                r"(?i)\b(?:slept|sleep)\D{0,20}?(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b",
            ),
            sleep_after: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?sleep"),
            score: re(r"(?i)\b(mood|energy|stress)\D{0,12}?(\d+(?:\.\d+)?)\s*/\s*10\b"),
            protein: re(r"(?i)\b(\d+)\s*g\s+(?:of\s+)?protein\b"),
            kcal: re(r"(?i)\b(\d+)\s*(?:kcal|calories)\b"),
            deep_work: re(
                r"(?i)\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:deep\s*work|focus)",
            ),
            meetings: re(r"(?i)\b(\d+)\s+meetings?\b"),
        }
    })
}

/// Parses an entry into a record with whatever the rules can read.
pub fn parse_entry(entry: &Entry, domains: &Domains) -> ParsedRecord {
    let mut data: BTreeMap<String, Value> = BTreeMap::new();
    let mut notes = Vec::new();
    for line in entry.text.lines() {
        extract_line(line, domains, &mut data, &mut notes);
    }
    let found = !data.is_empty();
    ParsedRecord {
        id: entry.id.0.clone(),
        source_file: entry.source.clone(),
        date: entry.date,
        timestamp: entry.time.map(|t| t.format("%H:%M").to_string()),
        heading: entry.heading.clone(),
        content_hash: entry.hash.hex(),
        domain_data: data,
        tags: entry.tags.clone(),
        confidence: if found { 0.6 } else { 0.3 },
        uncertain_fields: Vec::new(),
        extraction_notes: notes,
        corrections: Vec::new(),
        parser: "offline-rules".to_string(),
    }
}

fn extract_line(
    line: &str,
    domains: &Domains,
    data: &mut BTreeMap<String, Value>,
    notes: &mut Vec<String>,
) {
    let p = patterns();
    let mentioned: Vec<String> = domains
        .mentioned_in(line)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let has = |name: &str| mentioned.iter().any(|m| m == name);
    let obj = |data: &mut BTreeMap<String, Value>, name: &str| -> Map<String, Value> {
        data.remove(name)
            .and_then(|v| v.as_object().cloned())
            .unwrap_or_default()
    };

    if has("strength") {
        let exercise = exercise_name(line, domains);
        let mut sets = Vec::new();
        if let Some(c) = p.sets_reps_at.captures(line) {
            sets.push(json!({
                "name": exercise, "sets": int(&c[1]), "reps": int(&c[2]),
                "weight": num(&c[3]), "unit": unit(c.get(4).map(|m| m.as_str())),
            }));
        } else {
            for c in p.weight_reps.captures_iter(line) {
                sets.push(json!({
                    "name": exercise, "weight": num(&c[1]), "reps": int(&c[3]),
                    "sets": c.get(4).map_or(1, |m| int(m.as_str())),
                    "unit": unit(c.get(2).map(|m| m.as_str())),
                }));
            }
        }
        if !sets.is_empty() {
            let mut o = obj(data, "strength");
            let list = o
                .entry("exercises")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(items) = list {
                items.extend(sets);
            }
            data.insert("strength".into(), Value::Object(o));
        }
    }
    if has("running") {
        let mut o = obj(data, "running");
        if let Some(c) = p.distance.captures(line) {
            let value = num(&c[1]);
            let km = if c[2].to_lowercase().starts_with('m') {
                notes.push(format!("converted {} {} to km", &c[1], &c[2]));
                (value * 1.609_344 * 100.0).round() / 100.0
            } else {
                value
            };
            o.insert("distance_km".into(), json!(km));
        }
        if let Some(c) = p.minutes.captures(line) {
            o.insert("duration_min".into(), json!(num(&c[1])));
        }
        if !o.is_empty() {
            data.insert("running".into(), Value::Object(o));
        }
    }
    let mut general = obj(data, "general");
    if let Some(c) = p
        .sleep_before
        .captures(line)
        .or_else(|| p.sleep_after.captures(line))
    {
        general.insert("sleep_hours".into(), json!(num(&c[1])));
    }
    for c in p.score.captures_iter(line) {
        general.insert(c[1].to_lowercase(), json!(num(&c[2])));
    }
    if !general.is_empty() {
        data.insert("general".into(), Value::Object(general));
    }
    let mut food = obj(data, "nutrition");
    if let Some(c) = p.protein.captures(line) {
        food.insert("protein_g".into(), json!(num(&c[1])));
    }
    if let Some(c) = p.kcal.captures(line) {
        food.insert("calories_kcal".into(), json!(num(&c[1])));
    }
    if !food.is_empty() {
        data.insert("nutrition".into(), Value::Object(food));
    }
    let mut work = obj(data, "work");
    if let Some(c) = p.deep_work.captures(line) {
        work.insert("deep_work_hours".into(), json!(num(&c[1])));
    }
    if let Some(c) = p.meetings.captures(line) {
        work.insert("meetings".into(), json!(int(&c[1])));
    }
    if !work.is_empty() {
        data.insert("work".into(), Value::Object(work));
    }
}

/// The first strength term on the line, normalised through the vocabulary.
fn exercise_name(line: &str, domains: &Domains) -> String {
    let lower = line.to_lowercase();
    let strength = domains.all.iter().find(|d| d.name == "strength");
    let mut best: Option<(usize, String)> = None;
    if let Some(domain) = strength {
        for (word, canonical) in &domain.vocabulary {
            if matches!(canonical.as_str(), "lift" | "personal record") {
                continue;
            }
            for candidate in [word, canonical] {
                if let Some(pos) = find_word(&lower, candidate) {
                    if best.as_ref().is_none_or(|(p, _)| pos < *p) {
                        best = Some((pos, canonical.clone()));
                    }
                }
            }
        }
    }
    best.map(|(_, name)| name)
        .unwrap_or_else(|| "unknown".to_string())
}

fn find_word(haystack: &str, word: &str) -> Option<usize> {
    haystack.match_indices(word).map(|(i, _)| i).find(|&i| {
        let before = haystack[..i].chars().next_back();
        let after = haystack[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphabetic)
    })
}

fn num(s: &str) -> f64 {
    s.parse().unwrap_or(0.0)
}

fn int(s: &str) -> i64 {
    s.parse().unwrap_or(0)
}

fn unit(u: Option<&str>) -> Value {
    match u.map(str::to_lowercase).as_deref() {
        Some("kg") => json!("kg"),
        Some(_) => json!("lb"),
        None => Value::Null,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::{entry, Note};

    fn parse(text: &str) -> ParsedRecord {
        let note = Note::parse(text.to_string());
        let e = entry::entries(
            &note,
            "n.md",
            chrono::NaiveDate::from_ymd_opt(2026, 11, 12).unwrap(),
        );
        parse_entry(&e[0], &Domains::shipped())
    }

    #[test]
    fn lifts_runs_sleep_and_mood_from_text() {
        let r = parse("Bench 185x5x3, felt heavy. Slept 5.5h. Mood 6/10\n");
        let ex = &r.domain_data["strength"]["exercises"][0];
        assert_eq!(ex["name"], "bench press");
        assert_eq!(ex["weight"], 185.0);
        assert_eq!(ex["reps"], 5);
        assert_eq!(ex["sets"], 3);
        assert_eq!(r.domain_data["general"]["sleep_hours"], 5.5);
        assert_eq!(r.domain_data["general"]["mood"], 6.0);
        let run = parse("Easy run 6.2 km in 34 min\n");
        assert_eq!(run.domain_data["running"]["distance_km"], 6.2);
        assert_eq!(run.domain_data["running"]["duration_min"], 34.0);
    }

    #[test]
    fn nothing_invented_for_plain_text() {
        let r = parse("Called mum, long walk by the river.\n");
        assert!(r.domain_data.is_empty());
    }
}
