//! The deterministic check of a model's answer: every number and date in its text must be
//! found in what the answer rests on (the offline engine's computed facts, the entries the
//! model was given, their parsed records, the question), allowing rounding and unit
//! conversion. Arithmetic is never left to a model: a figure found nowhere is sent back to
//! the Synthesizer once, and marked in the answer if it stays.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use regex::Regex;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::offline::provenance::word;
use crate::offline::read::KM_PER_MILE;

/// How the check of an answer's figures ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Every figure was found (or there were none).
    Passed,
    /// Some figure was found nowhere.
    Failed,
    /// There was nothing to check against.
    NotRun,
}

/// The result of checking one answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub outcome: Outcome,
    /// How many figures the answer holds.
    pub checked: usize,
    /// The figures found nowhere, as written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unsupported: Vec<String>,
    /// Why the check could not run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl Report {
    /// A few words for the answer's closing line, in language `lang`.
    pub fn sentence(&self, lang: &str) -> String {
        match self.outcome {
            Outcome::Passed if self.checked == 0 => word(lang, "check_none"),
            Outcome::Passed => word(lang, "check_passed"),
            Outcome::Failed => {
                word(lang, "check_failed").replace("{figures}", &self.unsupported.join(", "))
            }
            Outcome::NotRun => word(lang, "check_not_run")
                .replace("{why}", self.why.as_deref().unwrap_or_default()),
        }
    }
}

/// What a figure is.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Kind {
    /// A number, with the unit written after it.
    Number(Unit),
    /// A calendar day (the year when written).
    Date(Option<i32>, u32, u32),
    /// `27:05`, `1:02:10`: a time of day or a duration.
    Clock,
}

/// Units a figure may be converted between.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Unit {
    None,
    Km,
    Mile,
    Kg,
    Lb,
    Hour,
    Minute,
    Percent,
    /// Days, weeks or months: a span of the period, in days each.
    Span(u32),
}

/// One figure of an answer: where it is, as written, and what it says.
#[derive(Debug, Clone, PartialEq)]
struct Figure {
    start: usize,
    end: usize,
    value: f64,
    /// Decimals as written: `6.50` has two.
    decimals: i32,
    kind: Kind,
}

/// What an answer may draw its figures from.
#[derive(Debug, Clone, Default)]
pub struct Known {
    numbers: Vec<f64>,
    /// Differences of two values of one field (`5 kg more`) and quotients of two values of
    /// one record (a pace: a time over a distance), sorted.
    derived: Vec<f64>,
    /// Percent changes between two values of one field, sorted.
    percents: Vec<f64>,
    /// Every source's text, lowercased (times of day are looked up in it).
    text: String,
    /// Calendar days, with their years.
    dates: BTreeSet<(i32, u32, u32)>,
    /// Whether there was anything at all to check against.
    any: bool,
}

impl Known {
    /// The figures of `texts` (computed facts, entries, the question), the numbers of
    /// `data` (parsed records: each value, and the sum and count of each field over them),
    /// and `days` (the entries' and the question's dates).
    pub fn from(texts: &[&str], data: &[&Value], days: &[NaiveDate]) -> Known {
        let mut k = Known {
            any: texts.iter().any(|t| !t.trim().is_empty()) || !data.is_empty(),
            ..Known::default()
        };
        for d in days {
            k.dates.insert((d.year(), d.month(), d.day()));
        }
        for t in texts {
            k.text.push_str(&t.to_lowercase());
            k.text.push('\n');
            for f in figures(t) {
                match f.kind {
                    Kind::Date(Some(y), m, d) => {
                        k.dates.insert((y, m, d));
                    }
                    // A day written without its year (`Nov 3`) holds for any year.
                    Kind::Date(None, m, d) => {
                        k.dates.insert((0, m, d));
                    }
                    Kind::Clock => k.numbers.push(f.value),
                    Kind::Number(_) => k.numbers.push(f.value),
                }
            }
        }
        let mut fields: BTreeMap<String, Vec<f64>> = BTreeMap::new();
        for v in data {
            numbers_of(v, "", &mut k.numbers, &mut fields, &mut k.derived);
        }
        for values in fields.values() {
            k.numbers.push(values.iter().sum());
            k.numbers.push(values.len() as f64);
            let values = &values[..values.len().min(MAX_PAIRS)];
            for a in values {
                for b in values.iter().filter(|b| *b > a) {
                    k.derived.push(b - a);
                    if *a > 0.0 {
                        k.percents.push((b / a - 1.0) * 100.0);
                        k.percents.push((1.0 - a / b) * 100.0);
                    }
                }
            }
        }
        k.derived.sort_by(f64::total_cmp);
        k.percents.sort_by(f64::total_cmp);
        k.numbers.push(days.len() as f64);
        let distinct: BTreeSet<&NaiveDate> = days.iter().collect();
        k.numbers.push(distinct.len() as f64);
        k.numbers.sort_by(f64::total_cmp);
        k.numbers.dedup();
        k
    }

    fn supports(&self, f: &Figure) -> bool {
        match f.kind {
            Kind::Date(year, m, d) => self.dates.iter().any(|&(y, mm, dd)| {
                (mm, dd) == (m, d) && (y == 0 || year.is_none_or(|year| year == y))
            }),
            Kind::Clock => self.near(f.value, 0.02) || self.quotient(f.value, 0.02),
            Kind::Number(Unit::Percent) => self.ratio(f.value, f.decimals),
            Kind::Number(unit) => {
                // A year on its own: one of the dates'.
                if unit == Unit::None && f.decimals == 0 && (1900.0..=2100.0).contains(&f.value) {
                    let y = f.value as i32;
                    if self.dates.iter().any(|d| d.0 == y) {
                        return true;
                    }
                }
                let tolerance = 0.5 * 10f64.powi(-f.decimals) + 1e-9;
                if self.near(f.value, tolerance) || self.difference(f.value, tolerance) {
                    return true;
                }
                // `the last 14 days`: a span no longer than the one the dates cover.
                if let Unit::Span(days) = unit {
                    return f.value * days as f64 <= self.span_days() + days as f64;
                }
                converted(f.value, unit)
                    .iter()
                    .any(|&c| self.near(c, tolerance.max(0.01 * c.abs())))
            }
        }
    }

    /// Days from the earliest known date to the latest, both counted.
    fn span_days(&self) -> f64 {
        let day = |&(y, m, d): &(i32, u32, u32)| NaiveDate::from_ymd_opt(y, m, d);
        let dated: Vec<NaiveDate> = self
            .dates
            .iter()
            .filter(|d| d.0 != 0)
            .filter_map(day)
            .collect();
        match (dated.iter().min(), dated.iter().max()) {
            (Some(a), Some(b)) => (*b - *a).num_days() as f64 + 1.0,
            _ => 0.0,
        }
    }

    fn near(&self, x: f64, tolerance: f64) -> bool {
        near(&self.numbers, x, tolerance)
    }

    /// `5 kg more than last time`: a difference of two values of one field.
    fn difference(&self, x: f64, tolerance: f64) -> bool {
        near(&self.derived, x, tolerance)
    }

    /// `5:30 min/km`: one value of a record over another (a time over a distance).
    fn quotient(&self, x: f64, tolerance: f64) -> bool {
        near(&self.derived, x, tolerance)
    }

    /// `up 12%`: a change between two values of one field, in percent.
    fn ratio(&self, pct: f64, decimals: i32) -> bool {
        let tolerance = (0.5 * 10f64.powi(-decimals)).max(0.5);
        self.near(pct, tolerance) || near(&self.percents, pct, tolerance)
    }
}

/// Whether sorted `numbers` hold one within `tolerance` of `x`.
fn near(numbers: &[f64], x: f64, tolerance: f64) -> bool {
    let i = numbers.partition_point(|n| *n < x - tolerance);
    numbers.get(i).is_some_and(|n| (n - x).abs() <= tolerance)
}

/// Pairs of one field's values are tried only over this many values.
const MAX_PAIRS: usize = 400;

/// Every number of a parsed record into `out`, each field's values into `fields`, and the
/// quotients of the numbers of each object (a run's minutes over its km) into `derived`.
fn numbers_of(
    v: &Value,
    field: &str,
    out: &mut Vec<f64>,
    fields: &mut BTreeMap<String, Vec<f64>>,
    derived: &mut Vec<f64>,
) {
    match v {
        Value::Number(n) => {
            if let Some(x) = n.as_f64() {
                out.push(x);
                fields.entry(field.to_string()).or_default().push(x);
            }
        }
        Value::Array(items) => items
            .iter()
            .for_each(|i| numbers_of(i, field, out, fields, derived)),
        Value::Object(map) => {
            let own: Vec<f64> = map.values().filter_map(Value::as_f64).collect();
            for a in &own {
                for b in own.iter().filter(|b| **b > 0.0) {
                    derived.push(a / b);
                }
            }
            for (k, v) in map {
                numbers_of(v, k, out, fields, derived);
            }
        }
        Value::String(s) => out.extend(figures(s).iter().map(|f| f.value)),
        _ => {}
    }
}

const KG_PER_LB: f64 = 0.453_592_37;

/// The figure in the other units it may have been read in.
fn converted(x: f64, unit: Unit) -> Vec<f64> {
    match unit {
        Unit::Km => vec![x / KM_PER_MILE],
        Unit::Mile => vec![x * KM_PER_MILE],
        Unit::Kg => vec![x / KG_PER_LB],
        Unit::Lb => vec![x * KG_PER_LB],
        Unit::Hour => vec![x * 60.0],
        Unit::Minute => vec![x / 60.0],
        Unit::None | Unit::Percent | Unit::Span(_) => Vec::new(),
    }
}

/// The unit a word names: the language files' `unit_spellings`, and for spans of days
/// their `unit_day`, `unit_week` and `unit_month` words.
fn unit_of(word: &str) -> Unit {
    use crate::offline::read::units::{HOURS, KG, KM, LB, MILES, MINUTES};
    static SPANS: OnceLock<Vec<(String, Unit)>> = OnceLock::new();
    if word == "%" {
        return Unit::Percent;
    }
    let measured = [
        (KM, Unit::Km),
        (MILES, Unit::Mile),
        (KG, Unit::Kg),
        (LB, Unit::Lb),
        (HOURS, Unit::Hour),
        (MINUTES, Unit::Minute),
    ];
    if let Some((_, unit)) = measured.iter().find(|(spellings, _)| spellings.has(word)) {
        return *unit;
    }
    let spans = SPANS.get_or_init(|| {
        [
            ("unit_day", Unit::Span(1)),
            ("unit_week", Unit::Span(7)),
            ("unit_month", Unit::Span(30)),
        ]
        .into_iter()
        .flat_map(|(key, unit)| {
            crate::offline::provenance::words_everywhere(key)
                .into_iter()
                .map(move |w| (w, unit))
        })
        .collect()
    });
    let w = word.to_lowercase();
    spans
        .iter()
        .find(|(name, _)| *name == w)
        .map_or(Unit::None, |(_, u)| *u)
}

/// The figures of `text`, in order, skipping wikilinks (their dates and times are the
/// link's) and the numbers of a numbered list.
fn figures(text: &str) -> Vec<Figure> {
    static LINK: OnceLock<Regex> = OnceLock::new();
    static ISO: OnceLock<Regex> = OnceLock::new();
    static CLOCK: OnceLock<Regex> = OnceLock::new();
    static NAMED: OnceLock<Regex> = OnceLock::new();
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    static LIST: OnceLock<Regex> = OnceLock::new();
    let link = LINK.get_or_init(|| Regex::new(r"\[\[[^\]]*\]\]").expect("link pattern"));
    let iso =
        ISO.get_or_init(|| Regex::new(r"\b(\d{4})-(\d{1,2})-(\d{1,2})\b").expect("date pattern"));
    let clock = CLOCK
        .get_or_init(|| Regex::new(r"\b(\d{1,2}):(\d{2})(?::(\d{2}))?\b").expect("clock pattern"));
    let named = NAMED.get_or_init(|| {
        Regex::new(r"(?i)\b(\p{L}{3,})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4})\b)?|\b(\d{1,2})(?:st|nd|rd|th)?\.?\s+(?:of\s+)?(\p{L}{3,})\b(?:\s+(\d{4})\b)?")
            .expect("named date pattern")
    });
    let number = NUMBER
        .get_or_init(|| Regex::new(r"(\d+(?:[.,]\d+)?)\s?(%|[\p{L}]+)?").expect("number pattern"));
    let list = LIST.get_or_init(|| Regex::new(r"(?m)^\s*\d+[.)]\s").expect("list pattern"));
    let mut taken: Vec<(usize, usize)> = link
        .find_iter(text)
        .chain(list.find_iter(text))
        .map(|m| (m.start(), m.end()))
        .collect();
    let free =
        |taken: &[(usize, usize)], s: usize, e: usize| taken.iter().all(|&(a, b)| e <= a || s >= b);
    let mut out = Vec::new();
    for c in iso.captures_iter(text) {
        let m = c.get(0).expect("match");
        let (y, mo, d) = (num(&c[1]) as i32, num(&c[2]) as u32, num(&c[3]) as u32);
        if free(&taken, m.start(), m.end()) && NaiveDate::from_ymd_opt(y, mo, d).is_some() {
            taken.push((m.start(), m.end()));
            out.push(figure(
                m.start(),
                m.end(),
                0.0,
                0,
                Kind::Date(Some(y), mo, d),
            ));
        }
    }
    for c in named.captures_iter(text) {
        let m = c.get(0).expect("match");
        let (name, day, year) = match (c.get(1), c.get(4)) {
            (Some(name), _) => (name.as_str(), &c[2], c.get(3)),
            (None, Some(day)) => (&c[5], day.as_str(), c.get(6)),
            _ => continue,
        };
        let Some(month) = month_number(name) else {
            continue;
        };
        let day = num(day) as u32;
        if free(&taken, m.start(), m.end()) && (1..=31).contains(&day) {
            taken.push((m.start(), m.end()));
            let year = year.map(|y| num(y.as_str()) as i32);
            out.push(figure(
                m.start(),
                m.end(),
                0.0,
                0,
                Kind::Date(year, month, day),
            ));
        }
    }
    for c in clock.captures_iter(text) {
        let m = c.get(0).expect("match");
        if !free(&taken, m.start(), m.end()) {
            continue;
        }
        taken.push((m.start(), m.end()));
        let (a, b) = (num(&c[1]), num(&c[2]));
        // As minutes: `27:05` is 27.08 min, `1:02:10` is 62.17; `07:00` is also 420.
        let minutes = match c.get(3) {
            Some(s) => a * 60.0 + b + num(s.as_str()) / 60.0,
            None => a + b / 60.0,
        };
        out.push(figure(m.start(), m.end(), minutes, 2, Kind::Clock));
    }
    for c in number.captures_iter(text) {
        let m = c.get(0).expect("match");
        let digits = c.get(1).expect("digits");
        if !free(&taken, digits.start(), digits.end()) {
            continue;
        }
        // Part of a word or a longer token (`B12`, `x3`): not a figure of the answer.
        let before = text[..digits.start()].chars().next_back();
        if before.is_some_and(|ch| ch.is_alphanumeric() || ch == '#') {
            continue;
        }
        let raw = digits.as_str().replace(',', ".");
        let decimals = raw.split_once('.').map_or(0, |(_, d)| d.len() as i32);
        let unit = c.get(2).map_or(Unit::None, |u| unit_of(u.as_str()));
        let end = if unit == Unit::None {
            digits.end()
        } else {
            m.end()
        };
        taken.push((digits.start(), end));
        out.push(figure(
            digits.start(),
            end,
            num(&raw),
            decimals,
            Kind::Number(unit),
        ));
    }
    out.sort_by_key(|f| f.start);
    out
}

fn figure(start: usize, end: usize, value: f64, decimals: i32, kind: Kind) -> Figure {
    Figure {
        start,
        end,
        value,
        decimals,
        kind,
    }
}

fn num(s: &str) -> f64 {
    s.replace(',', ".").parse().unwrap_or(0.0)
}

/// The month a word names, in any shipped language (`märz`), or in English in full or by
/// its first three letters (`Nov`, `november`; the `months` of the `provenance:` section).
fn month_number(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    let english = crate::offline::provenance::word("en", "months");
    let by_english = english
        .split_whitespace()
        .position(|m| {
            m == w
                || (w.chars().count() == 3 && m.starts_with(&w))
                || (w == "sept" && m.starts_with("sept"))
        })
        .map(|i| i as u32 + 1);
    by_english.or_else(|| {
        crate::offline::read::lexicon::lexicon()
            .months
            .iter()
            .find(|(name, _)| *name == w)
            .map(|(_, n)| *n)
    })
}

/// Checks the figures of `answer` against `known`.
pub fn check(answer: &str, known: &Known) -> Report {
    let found = figures(answer);
    if !known.any {
        return Report {
            outcome: Outcome::NotRun,
            checked: found.len(),
            unsupported: Vec::new(),
            why: Some(word("en", "no_entries")),
        };
    }
    let mut unsupported: Vec<String> = Vec::new();
    for f in found.iter().filter(|f| !known.supports(f)) {
        let said = answer[f.start..f.end].to_string();
        if !unsupported.contains(&said) {
            unsupported.push(said);
        }
    }
    Report {
        outcome: if unsupported.is_empty() {
            Outcome::Passed
        } else {
            Outcome::Failed
        },
        checked: found.len(),
        unsupported,
        why: None,
    }
}

/// What the Synthesizer is told when its draft holds figures found nowhere, in language
/// `lang` (the lexicon's `provenance:` words).
pub fn feedback(report: &Report, lang: &str) -> crate::agents::types::EvaluationFeedback {
    crate::agents::types::EvaluationFeedback {
        issue: word(lang, "feedback_issue").replace("{figures}", &report.unsupported.join(", ")),
        suggestion: word(lang, "feedback_suggestion"),
        affected_claim: None,
    }
}

/// `answer` with each figure found nowhere struck through and followed by `(not in your
/// notes)`, in language `lang`.
pub fn mark(answer: &str, known: &Known, lang: &str) -> String {
    let note = word(lang, "not_in_notes");
    let mut out = answer.to_string();
    for f in figures(answer).iter().rev().filter(|f| !known.supports(f)) {
        let said = &answer[f.start..f.end];
        out.replace_range(f.start..f.end, &format!("~~{said}~~ ({note})"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn known() -> Known {
        let data = json!({"running": {"runs": [{"distance_km": 6.0, "duration_min": 33.0}]}});
        Known::from(
            &["easy run 6 km in 33 min", "how far did I run yesterday"],
            &[&data],
            &[day("2026-11-20"), day("2026-11-21")],
        )
    }

    #[test]
    fn figures_from_the_notes_pass_with_rounding_and_conversion() {
        let k = known();
        for said in [
            "You ran 6 km in 33 min on Nov 20 [[2026-11-20#07:00 Run]].",
            "About 3.7 miles on Friday, 2026-11-20.",
            "0.55 hours, on 20 November.",
            "6.0 km, 5:30 min/km.",
        ] {
            let r = check(said, &k);
            assert_eq!(r.outcome, Outcome::Passed, "{said}: {r:?}");
        }
    }

    #[test]
    fn an_invented_figure_fails_and_is_struck_through() {
        let k = known();
        let said = "You ran 61 km on Nov 20 and 6 km on Nov 25.";
        let r = check(said, &k);
        assert_eq!(r.outcome, Outcome::Failed);
        assert_eq!(r.unsupported, ["61 km", "Nov 25"]);
        assert_eq!(
            mark(said, &k, "en"),
            "You ran ~~61 km~~ (not in your notes) on Nov 20 and 6 km on ~~Nov 25~~ (not in your notes)."
        );
    }

    #[test]
    fn a_difference_passes_only_between_values_of_one_field() {
        let data = json!({"running": {"runs": [
            {"distance_km": 6.0, "duration_min": 33.0},
            {"distance_km": 10.0, "duration_min": 50.0}
        ]}});
        let k = Known::from(&["two runs"], &[&data], &[day("2026-11-20")]);
        assert_eq!(check("4 km more than before.", &k).outcome, Outcome::Passed);
        assert_eq!(check("A pace of 5:00 min/km.", &k).outcome, Outcome::Passed);
        // 33 − 6 mixes a time and a distance: no figure of the notes.
        let r = check("27 km more than before.", &k);
        assert_eq!(r.unsupported, ["27 km"], "{r:?}");
    }

    #[test]
    fn a_span_of_days_passes_only_within_the_dates_known() {
        let k = known();
        assert_eq!(check("Over the last 2 days.", &k).outcome, Outcome::Passed);
        let r = check("Over the last 30 days.", &k);
        assert_eq!(r.unsupported, ["30 days"], "{r:?}");
    }

    #[test]
    fn nothing_to_check_against_is_said_so() {
        let r = check("You ran 6 km.", &Known::from(&[], &[], &[]));
        assert_eq!(r.outcome, Outcome::NotRun);
        assert!(r.sentence("en").contains("could not be checked"), "{r:?}");
    }
}
