//! Generic measures: any `<number> <unit>` left after the domain readers (`read 40 pages`,
//! `8 glasses of water`, `meditated 15 min`), kept with what it was about.

use crate::domains::has_spaceless;
use crate::vault::parsed::Measure;

use super::clause::Clause;
use super::found::{round2, Found};
use super::units::{measure_pattern, measure_unit};

/// Words that never say what was measured.
const FILLER: &[&str] = &[
    "a",
    "an",
    "the",
    "about",
    "around",
    "approx",
    "approximately",
    "ca",
    "roughly",
    "some",
    "for",
    "of",
    "in",
    "at",
    "on",
    "to",
    "with",
    "and",
    "then",
    "also",
    "just",
    "only",
    "over",
    "under",
    "another",
    "more",
    "total",
    "today",
    "tonight",
    "this",
    "morning",
    "evening",
    "did",
    "do",
    "done",
    "had",
    "have",
    "got",
    "get",
    "took",
    "take",
    "made",
    "went",
    "spent",
    "drank",
    "drink",
    "ate",
    "eat",
    "my",
    "i",
    "me",
    "we",
    "was",
    "were",
    "is",
    "it",
    "so",
    "like",
    "maybe",
    "almost",
    "nearly",
    "least",
    "most",
    "than",
    "x",
    "etwa",
    "ungefähr",
    "environ",
    "unos",
    "unas",
    "de",
    "la",
    "le",
    "el",
    "die",
    "der",
    "das",
];

/// Reads the generic measures of the clause's free text.
pub fn read(clause: &mut Clause, found: &mut Found) {
    // The pattern starts with a number: prose without digits is not searched.
    if !clause.text.chars().any(char::is_numeric) {
        return;
    }
    // `3대 500까지 74 kg 남음`, `5 kg to go`: what is left to a goal was not measured.
    const LEFT: [&str; 7] = [
        "남음",
        "남았",
        "남은",
        "to go",
        "left to",
        "remaining",
        "übrig",
    ];
    if LEFT.iter().any(|w| clause.text.contains(w)) {
        return;
    }
    body_weight(clause, found);
    for hit in clause.hits(measure_pattern()) {
        let (Some(value), Some(unit)) = (hit.num(1), hit.get(2).and_then(measure_unit)) else {
            continue;
        };
        // Sets and reps belong to a lift; alone they measure nothing. A percentage beside
        // an effort (`RPE 7.5 (80%)`, `@ 85%`) is the lift's intensity.
        if matches!(unit, "set" | "rep")
            || unit == "percent"
                && ["rpe", "@", "1rm", "tm", "amrap"]
                    .iter()
                    .any(|w| clause.text.contains(w))
        {
            continue;
        }
        let Some(what) = what(&clause.text, hit.range.start, hit.range.end) else {
            continue;
        };
        // `喝水 7杯`, `물 3컵`: water comes in glasses, whatever the cup word.
        let water = ["water", "물", "水", "agua", "wasser", "eau"]
            .iter()
            .any(|w| what.contains(w));
        let unit = if water && unit == "cup" {
            "glass"
        } else {
            unit
        };
        found.measures.push(Measure {
            what,
            value: round2(value),
            unit: unit.to_string(),
        });
        clause.claim(hit.range);
    }
}

/// A weigh-in whose unit is left out or written as `키로` (kilos here, kilometres after a
/// run): `인바디: 체중 77.6 골격근량 34`, `몸무게 68.8키로`, `体重 63.4`. Only after a word for
/// one's weight in Korean, Japanese or Chinese, where weights are always in kilograms, and
/// only a number a person can weigh.
fn body_weight(clause: &mut Clause, found: &mut Found) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    if !["체중", "몸무게", "体重"]
        .iter()
        .any(|w| clause.text.contains(w))
    {
        return;
    }
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?:체중|몸무게|体重)(?:은|는|이|は)?\s*[:=]?\s*(?:약|대략|대충|約)?\s*(\d{2,3}(?:[.,]\d{1,2})?)\s*(키로|킬로|キロ)?",
        )
        .expect("body weight pattern compiles")
    });
    for hit in clause.hits(re) {
        let after = clause.text[hit.range.end..].trim_start();
        // `체중 68.8kg` is read as any measure with its unit; `체중 -0.4` is a change.
        if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '%')
            || clause.text[..hit.range.start].ends_with(['+', '-'])
        {
            continue;
        }
        let Some(value) = hit.num(1).filter(|v| (25.0..=250.0).contains(v)) else {
            continue;
        };
        let number_at = hit.range.start
            + hit
                .get(0)
                .map_or(0, |m| m.find(|c: char| c.is_ascii_digit()).unwrap_or(0));
        let what = what(&clause.text, number_at, hit.range.end).unwrap_or_else(|| "체중".into());
        found.measures.push(Measure {
            what,
            value: round2(value),
            unit: "kg".to_string(),
        });
        clause.claim(hit.range);
    }
}

/// What a measure at `start..end` is about: `<unit> of <thing>` when nothing else is said
/// before the number, else the last telling word before it, else the first one after.
fn what(text: &str, start: usize, end: usize) -> Option<String> {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_alphabetic() || c == '-' || c == '\''))
            .map(|w| w.trim_matches(['-', '\'']).to_string())
            .filter(|w| !w.is_empty() && !FILLER.contains(&w.as_str()) && measure_unit(w).is_none())
            .collect()
    };
    let before = words(&text[..start]);
    let after_text = &text[end..];
    let of_thing = after_text
        .trim_start()
        .strip_prefix("of ")
        .or_else(|| after_text.trim_start().strip_prefix("de "))
        .and_then(|rest| words(rest).into_iter().next());
    match before.as_slice() {
        [] => of_thing.or_else(|| words(after_text).into_iter().next()),
        // `수영 자유형 800m`: in Korean, Japanese or Chinese the word before often only
        // narrows the one before it (a stroke of a swim), so both are kept.
        [.., first, last] if has_spaceless(first) && has_spaceless(last) => {
            Some(format!("{first} {last}"))
        }
        [.., last] => Some(last.clone()),
    }
}
