//! The offline parser: numbers with their meaning read straight from an entry's text, shaped
//! like each domain's `log_schema`: lifts in the usual spellings, runs (distance, duration,
//! pace), sleep, mood/energy/stress, steps, food and focus. Only values present in the text
//! are produced; unit conversions are noted, ambiguous readings flagged as uncertain.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::{Captures, Regex};
use serde_json::{json, Map, Value};

use crate::domains::Domains;
use crate::vault::parsed::ParsedRecord;
use crate::vault::Entry;

struct Patterns {
    /// `3x5 @ 185 lbs`, `5x5 at 100kg`: sets x reps at weight.
    sets_reps_at: Regex,
    /// `3 sets of 5 at 185 lbs`, `3 sets of 5 reps @ 80 kg`.
    sets_of: Regex,
    /// `80kg 5x3`, `185 lbs 3x5`: weight then sets x reps.
    weight_then_sets: Regex,
    /// `185x5x3`, `100kg x 5`: weight x reps [x sets].
    weight_reps: Regex,
    distance: Regex,
    /// `1:32` or `1:32:10` after "in", as h:mm[:ss]; `33 min`, `1h 20min`, `45 minutes`.
    clock_duration: Regex,
    hours_minutes: Regex,
    minutes: Regex,
    pace: Regex,
    sleep_before: Regex,
    sleep_after: Regex,
    score: Regex,
    steps: Regex,
    protein: Regex,
    kcal: Regex,
    coffee: Regex,
    drinks: Regex,
    deep_work: Regex,
    meetings: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("extractor pattern compiles");
        const W: &str = r"(\d+(?:\.\d+)?)\s*(kg|kgs|kilos?|lbs?|pounds?)?";
        Patterns {
            sets_reps_at: re(&format!(r"(?i)\b(\d+)\s*[x×]\s*(\d+)\s*(?:reps?\s*)?(?:@|at|with)\s*{W}")),
            sets_of: re(&format!(r"(?i)\b(\d+)\s+sets?\s+of\s+(\d+)(?:\s+reps?)?\s*(?:@|at|with)\s*{W}")),
            weight_then_sets: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(kg|kgs|kilos?|lbs?|pounds?)\s+(\d+)\s*[x×]\s*(\d+)\b"),
            weight_reps: re(&format!(r"(?i)\b{W}\s*[x×]\s*(\d+)(?:\s*[x×]\s*(\d+))?\b")),
            distance: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(km|k|kilometers?|kilometres?|mi|miles?|m|meters?|metres?)\b"),
            clock_duration: re(r"(?i)\b(?:in|took|time)\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\b"),
            hours_minutes: re(r"(?i)\b(\d+)\s*h(?:ours?|rs?)?\s*(\d+)\s*m(?:in(?:utes?)?)?\b"),
            minutes: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:min|mins|minutes)\b"),
            pace: re(r"(?i)\b(\d{1,2}):(\d{2})\s*(?:/\s*km|min/km|per\s+km|pace)"),
            sleep_before: re(r"(?i)\b(?:slept|sleep|sleeping)\D{0,20}?(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b(?:\s*(\d+)\s*m(?:in)?\b)?"),
            sleep_after: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?sleep"),
            score: re(r"(?i)\b(mood|energy|stress)\D{0,12}?(\d+(?:\.\d+)?)\s*/\s*10\b"),
            steps: re(r"(?i)\b(\d{1,3}(?:[,.]\d{3})+|\d+)\s*(k)?\s*steps\b|\bsteps\D{0,6}(\d{1,3}(?:[,.]\d{3})+|\d+)"),
            protein: re(r"(?i)\b(\d+)\s*g\s+(?:of\s+)?protein\b|\bprotein\D{0,8}?(\d+)\s*g\b"),
            kcal: re(r"(?i)\b(\d+)\s*(?:kcal|calories|cals?)\b"),
            coffee: re(r"(?i)\b(\d+|one|two|three|four)\s+(?:cups?\s+of\s+)?coffees?\b"),
            drinks: re(r"(?i)\b(\d+|one|two|three|four|five)\s+(?:beers?|glasses\s+of\s+wine|wines?|drinks?)\b"),
            deep_work: re(r"(?i)\b(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\s+(?:of\s+)?(?:deep\s*work|focus(?:ed)?(?:\s+work)?)"),
            meetings: re(r"(?i)\b(\d+)\s+meetings?\b"),
        }
    })
}

/// What one entry yielded.
#[derive(Default)]
struct Found {
    data: BTreeMap<String, Value>,
    notes: Vec<String>,
    uncertain: Vec<String>,
}

impl Found {
    fn object(&mut self, domain: &str) -> &mut Map<String, Value> {
        let slot = self
            .data
            .entry(domain.to_string())
            .or_insert_with(|| Value::Object(Map::new()));
        slot.as_object_mut().expect("domain data is an object")
    }

    fn set(&mut self, domain: &str, field: &str, value: Value) {
        self.object(domain)
            .entry(field.to_string())
            .or_insert(value);
    }

    fn flag(&mut self, field: String) {
        if !self.uncertain.contains(&field) {
            self.uncertain.push(field);
        }
    }
}

/// Parses an entry into a record with whatever the rules can read.
pub fn parse_entry(entry: &Entry, domains: &Domains) -> ParsedRecord {
    let mut found = Found::default();
    let mentions: Vec<&str> = domains
        .mentioned_in(&entry.text)
        .iter()
        .map(|d| d.name.as_str())
        .collect();
    for line in entry
        .text
        .lines()
        .filter(|l| l.bytes().any(|b| b.is_ascii_digit()))
    {
        extract_line(line, domains, &mentions, &mut found);
    }
    found
        .data
        .retain(|_, v| v.as_object().is_some_and(|o| !o.is_empty()));
    let confidence = match (found.data.is_empty(), found.uncertain.is_empty()) {
        (true, _) => 0.3,
        (false, true) => 0.7,
        (false, false) => 0.5,
    };
    ParsedRecord {
        domain_data: found.data,
        confidence,
        uncertain_fields: found.uncertain,
        extraction_notes: found.notes,
        ..ParsedRecord::for_entry(entry, "offline-rules".to_string())
    }
}

fn extract_line(line: &str, domains: &Domains, mentions: &[&str], found: &mut Found) {
    let p = patterns();
    // Domain words may sit on another line of the entry ("## 17:30 Gym" then "- 185x5").
    let line_mentions = |name: &str| {
        domains
            .all
            .iter()
            .find(|d| d.name == name)
            .is_some_and(|d| d.is_mentioned(line))
    };
    if is_plan(line) {
        // "Week 6: long run 14 km", "build by 1 km a week": intentions, not logs.
        return;
    }
    if mentions.contains(&"strength") {
        strength(line, domains, found);
    }
    if mentions.contains(&"running") && (line_mentions("running") || !line_mentions("strength")) {
        running(line, found);
    }
    general(line, found);
    food(line, found);
    let w = p.deep_work.captures(line);
    if let Some(c) = w {
        found.set("work", "deep_work_hours", json!(num(&c[1])));
    }
    if let Some(c) = p.meetings.captures(line) {
        found.set("work", "meetings", json!(int(&c[1])));
    }
}

/// Lines that state a plan or a goal rather than what happened.
fn is_plan(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\b(?:plan(?:ned)?|goal|target|will|going to|aim(?:ing)?|next week|(?:a|per)\s+(?:week|day|month))\b|\bweek\s*\d+\s*:")
            .expect("valid regex")
    })
    .is_match(line)
}

fn strength(line: &str, domains: &Domains, found: &mut Found) {
    let p = patterns();
    let exercise = exercise_name(line, domains);
    let mut sets: Vec<Value> = Vec::new();
    let mut taken: Vec<std::ops::Range<usize>> = Vec::new();
    let mut push =
        |c: &Captures, sets_i: usize, reps_i: usize, w_i: usize, u_i: usize, found: &mut Found| {
            let span = c.get(0).expect("group 0").range();
            if taken
                .iter()
                .any(|t| t.start < span.end && span.start < t.end)
            {
                return;
            }
            taken.push(span);
            let unit = unit(c.get(u_i).map(|m| m.as_str()));
            if unit.is_null() {
                found.flag("strength.exercises.unit".to_string());
            }
            sets.push(json!({
                "name": exercise,
                "sets": c.get(sets_i).map_or(1, |m| int(m.as_str())),
                "reps": int(&c[reps_i]),
                "weight": num(&c[w_i]),
                "unit": unit,
            }));
        };
    for c in p.sets_of.captures_iter(line) {
        push(&c, 1, 2, 3, 4, found);
    }
    for c in p.sets_reps_at.captures_iter(line) {
        push(&c, 1, 2, 3, 4, found);
    }
    for c in p.weight_then_sets.captures_iter(line) {
        push(&c, 3, 4, 1, 2, found);
    }
    for c in p.weight_reps.captures_iter(line) {
        push(&c, 4, 3, 1, 2, found);
    }
    if sets.is_empty() {
        return;
    }
    if exercise == "unknown" {
        found.flag("strength.exercises.name".to_string());
    }
    let o = found.object("strength");
    if let Value::Array(items) = o.entry("exercises").or_insert_with(|| json!([])) {
        items.extend(sets);
    }
    let lower = line.to_lowercase();
    for feel in [
        "heavy", "light", "easy", "hard", "smooth", "strong", "weak", "grindy",
    ] {
        if lower.contains(feel) {
            o.entry("felt").or_insert(json!(feel));
        }
    }
}

fn running(line: &str, found: &mut Found) {
    let p = patterns();
    let lower = line.to_lowercase();
    if let Some(c) = p.distance.captures(line) {
        let value = num(&c[1]);
        let unit = c[2].to_lowercase();
        let km = match unit.as_str() {
            u if u.starts_with("mi") => {
                found
                    .notes
                    .push(format!("converted {} {} to km", &c[1], &c[2]));
                round2(value * 1.609_344)
            }
            "m" | "meter" | "meters" | "metre" | "metres" => {
                found.notes.push(format!("converted {} m to km", &c[1]));
                round2(value / 1000.0)
            }
            _ => value,
        };
        found.set("running", "distance_km", json!(km));
    }
    let duration = if let Some(c) = p.clock_duration.captures(line) {
        let (a, b) = (num(&c[1]), num(&c[2]));
        Some(match c.get(3) {
            Some(sec) => a * 60.0 + b + num(sec.as_str()) / 60.0,
            // "in 1:32" on a run is hours:minutes; "in 25:30" is minutes:seconds.
            None if a < 10.0 => a * 60.0 + b,
            None => a + b / 60.0,
        })
    } else if let Some(c) = p.hours_minutes.captures(line) {
        Some(num(&c[1]) * 60.0 + num(&c[2]))
    } else {
        p.minutes.captures(line).map(|c| num(&c[1]))
    };
    if let Some(min) = duration {
        found.set("running", "duration_min", json!(round2(min)));
    }
    if let Some(c) = p.pace.captures(line) {
        found.set(
            "running",
            "pace_min_per_km",
            json!(round2(num(&c[1]) + num(&c[2]) / 60.0)),
        );
    }
    let run = found.object("running");
    if let (Some(d), Some(t)) = (
        run.get("distance_km").and_then(Value::as_f64),
        run.get("duration_min").and_then(Value::as_f64),
    ) {
        if d > 0.0 && !run.contains_key("pace_min_per_km") {
            run.insert("pace_min_per_km".into(), json!(round2(t / d)));
        }
    }
    if !run.is_empty() {
        // The first kind word on the line ("tempo run ..., nice and easy" is a tempo run).
        let kind = [
            "easy", "tempo", "long", "trail", "interval", "recovery", "race",
        ]
        .into_iter()
        .filter_map(|k| lower.find(k).map(|i| (i, k)))
        .min();
        if let Some((_, kind)) = kind {
            run.entry("kind").or_insert(json!(kind));
        }
    }
}

fn general(line: &str, found: &mut Found) {
    let p = patterns();
    if let Some(c) = p.sleep_before.captures(line) {
        let minutes = c.get(2).map_or(0.0, |m| num(m.as_str()));
        found.set(
            "general",
            "sleep_hours",
            json!(round2(num(&c[1]) + minutes / 60.0)),
        );
    } else if let Some(c) = p.sleep_after.captures(line) {
        found.set("general", "sleep_hours", json!(num(&c[1])));
    }
    for c in p.score.captures_iter(line) {
        found.set("general", &c[1].to_lowercase(), json!(num(&c[2])));
    }
    if let Some(c) = p.steps.captures(line) {
        let (digits, thousands) = match c.get(1) {
            Some(m) => (m.as_str(), c.get(2).is_some()),
            None => (c.get(3).map_or("", |m| m.as_str()), false),
        };
        let mut n = num(&digits.replace([',', '.'], ""));
        if thousands {
            n *= 1000.0;
        }
        found.set("general", "steps", json!(n as i64));
    }
}

fn food(line: &str, found: &mut Found) {
    let p = patterns();
    if let Some(c) = p.protein.captures(line) {
        let g = c.get(1).or(c.get(2)).map_or(0.0, |m| num(m.as_str()));
        found.set("nutrition", "protein_g", json!(g));
    }
    if let Some(c) = p.kcal.captures(line) {
        found.set("nutrition", "calories_kcal", json!(num(&c[1])));
    }
    if let Some(c) = p.coffee.captures(line) {
        found.set("nutrition", "caffeine_cups", json!(word_number(&c[1])));
    }
    if let Some(c) = p.drinks.captures(line) {
        found.set("nutrition", "alcohol_drinks", json!(word_number(&c[1])));
    }
}

/// The first strength term on the line, normalised through the vocabulary.
fn exercise_name(line: &str, domains: &Domains) -> String {
    let lower = line.to_lowercase();
    let strength = domains.all.iter().find(|d| d.name == "strength");
    let mut best: Option<(usize, usize, String)> = None;
    if let Some(domain) = strength {
        for (word, canonical) in &domain.vocabulary {
            if matches!(canonical.as_str(), "lift" | "personal record" | "gym") {
                continue;
            }
            for candidate in [word, canonical] {
                if let Some(pos) = find_word(&lower, candidate) {
                    let better = best.as_ref().is_none_or(|(p, len, _)| {
                        pos < *p || (pos == *p && candidate.len() > *len)
                    });
                    if better {
                        best = Some((pos, candidate.len(), canonical.clone()));
                    }
                }
            }
        }
    }
    best.map(|(_, _, name)| name)
        .unwrap_or_else(|| "unknown".to_string())
}

/// Where `word` first stands as a word in `haystack`: no letter or digit before it, no
/// letter after it (a number may follow, as in `bench185x5`).
pub(crate) fn find_word(haystack: &str, word: &str) -> Option<usize> {
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

fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

fn word_number(s: &str) -> f64 {
    match s.to_lowercase().as_str() {
        "one" => 1.0,
        "two" => 2.0,
        "three" => 3.0,
        "four" => 4.0,
        "five" => 5.0,
        other => num(other),
    }
}

fn unit(u: Option<&str>) -> Value {
    match u.map(str::to_lowercase).as_deref() {
        Some(k) if k.starts_with('k') => json!("kg"),
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

    fn lift(text: &str) -> (String, i64, i64, f64, Value) {
        let r = parse(text);
        let ex = &r.domain_data["strength"]["exercises"][0];
        (
            ex["name"].as_str().unwrap().to_string(),
            ex["sets"].as_i64().unwrap(),
            ex["reps"].as_i64().unwrap(),
            ex["weight"].as_f64().unwrap(),
            ex["unit"].clone(),
        )
    }

    #[test]
    fn the_usual_lift_spellings() {
        let bench =
            |sets, reps, w: f64, unit: Value| ("bench press".to_string(), sets, reps, w, unit);
        assert_eq!(
            lift("Bench 185x5x3, felt heavy\n"),
            bench(3, 5, 185.0, Value::Null)
        );
        assert_eq!(
            lift("bench 3x5 @ 185 lbs\n"),
            bench(3, 5, 185.0, json!("lb"))
        );
        assert_eq!(
            lift("bench 3 sets of 5 at 185 lbs\n"),
            bench(3, 5, 185.0, json!("lb"))
        );
        assert_eq!(lift("bench 80kg 5x3\n"), bench(5, 3, 80.0, json!("kg")));
        assert_eq!(lift("benched 100kg x 5\n"), bench(1, 5, 100.0, json!("kg")));
        let (name, ..) = lift("Squats 5x5 @ 100kg\n");
        assert_eq!(name, "squat");
    }

    #[test]
    fn missing_units_are_flagged_not_guessed() {
        let r = parse("Bench 185x5x3\n");
        assert!(r
            .uncertain_fields
            .contains(&"strength.exercises.unit".to_string()));
        assert!(r.domain_data["strength"]["exercises"][0]["unit"].is_null());
    }

    #[test]
    fn runs_sleep_mood_steps_food() {
        let r = parse("Long run 16 km in 1:32, slept 7h 30m, mood 6/10, 12,400 steps\n");
        assert_eq!(r.domain_data["running"]["distance_km"], 16.0);
        assert_eq!(r.domain_data["running"]["duration_min"], 92.0);
        assert_eq!(r.domain_data["running"]["pace_min_per_km"], 5.75);
        assert_eq!(r.domain_data["running"]["kind"], "long");
        assert_eq!(r.domain_data["general"]["sleep_hours"], 7.5);
        assert_eq!(r.domain_data["general"]["mood"], 6.0);
        assert_eq!(r.domain_data["general"]["steps"], 12400);
        let mi = parse("ran 3 miles in 27 min\n");
        assert_eq!(mi.domain_data["running"]["distance_km"], 4.83);
        assert!(mi.extraction_notes[0].contains("converted 3 miles"));
        let food = parse("lunch: chicken, 45g protein, 700 kcal, two coffees\n");
        assert_eq!(food.domain_data["nutrition"]["protein_g"], 45.0);
        assert_eq!(food.domain_data["nutrition"]["calories_kcal"], 700.0);
        assert_eq!(food.domain_data["nutrition"]["caffeine_cups"], 2.0);
    }

    #[test]
    fn section_heading_gives_the_domain_to_lines_below() {
        let r = parse("## 17:30 Gym\n- bench 185x5\n- squat 225x3\n");
        let ex = r.domain_data["strength"]["exercises"].as_array().unwrap();
        assert_eq!(ex.len(), 2);
        assert_eq!(ex[1]["name"], "squat");
    }

    #[test]
    fn plans_and_goals_are_not_logs() {
        let r = parse("Build the long run by about 1 km a week\n\n- Week 1: long run 10 km\n- Week 6: long run 14 km\n");
        assert!(r.domain_data.is_empty(), "{:?}", r.domain_data);
    }

    #[test]
    fn nothing_invented_for_plain_text() {
        let r = parse("Called mum, long walk by the river.\n");
        assert!(r.domain_data.is_empty());
    }
}
