//! Corrections without a model (seed §5.5, the Parser's correction mode): what a correction
//! says (the new value, the old one when given, the words naming what it is about) and which
//! earlier record it is about, found among recent records.
//!
//! The rule for the target: the most recent record holding a number of the kind the
//! correction names (same unit; the activity or measure it mentions; the old value when it
//! gives one; the day it names), else the most recent record with a number of that unit.
//! A day named in the correction (`on 2026-11-20`, `11/20`, `am 20. November`) is read as a
//! day (see [`crate::offline::day_named`]): its numbers are never the value. When that record
//! holds several such numbers and nothing singles one out, the person is asked which.

use std::sync::OnceLock;

use chrono::NaiveDate;
use regex::Regex;

use super::day_named::{days_named, DayNamed};
use crate::vault::facts::{facts, Fact};
use crate::vault::parsed::ParsedRecord;

/// The parser name of a correction entry's own record (it holds no data of its own: its
/// numbers change the record it corrects).
pub const CORRECTION_PARSER: &str = "correction";

/// What a correction says.
#[derive(Debug, Clone, PartialEq)]
pub struct CorrectionText {
    /// The corrected value.
    pub value: f64,
    /// Its unit, normalised (`kg`, `lb`, `km`, `min`, `h`, ...), when written.
    pub unit: Option<String>,
    /// The value being replaced, when the correction says it (`8 km, not 5`).
    pub old: Option<f64>,
    /// Lowercase text the target is named in (activity, measure, the Router's hint).
    pub words: String,
    /// Set when the correction was written by vault-agent under a target's note: the
    /// target's `activity measure`, and its `HH:MM` when it has one.
    pub pinned: Option<Pinned>,
    /// The day of the entry it corrects, when it names one.
    pub on: Option<DayNamed>,
}

impl CorrectionText {
    /// The days whose records it may be about, for a correction written on `day`: the
    /// `back` days before it, and the day it names when that is earlier still.
    pub fn days(&self, day: NaiveDate, back: i64) -> (NaiveDate, NaiveDate) {
        let from = day - chrono::Duration::days(back);
        match self.on.and_then(|on| on.date()) {
            Some(named) if named < from => (named, day),
            _ => (from, day),
        }
    }
}

/// The target named exactly by a `Correction: ...` line vault-agent wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Pinned {
    pub what: String,
    pub time: Option<String>,
}

/// One change a correction makes to a record.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Change {
    /// The corrected record's entry id and note.
    pub record: String,
    pub source: String,
    pub date: NaiveDate,
    pub time: Option<String>,
    pub domain: String,
    pub activity: String,
    pub measure: String,
    pub from: f64,
    pub to: f64,
    pub unit: Option<String>,
}

impl Change {
    /// What changed, for a person: `bench press on Nov 21: 85 -> 82.5 kg`.
    pub fn describe(&self) -> String {
        format!(
            "{} on {}: {} -> {}{}",
            self.label(),
            self.date.format("%b %-d"),
            num(self.from),
            num(self.to),
            self.unit
                .as_deref()
                .map(|u| format!(" {u}"))
                .unwrap_or_default()
        )
    }

    /// The line written under a `## HH:MM [correction]` heading in the target's note; read
    /// back by [`read`] so the correction is applied again whenever the notes are re-read.
    pub fn line(&self) -> String {
        let at = self
            .time
            .as_deref()
            .map(|t| format!(" ({t})"))
            .unwrap_or_default();
        format!(
            "Correction: {} {}{at}: {} -> {}{}",
            self.activity,
            self.measure,
            num(self.from),
            num(self.to),
            self.unit
                .as_deref()
                .map(|u| format!(" {u}"))
                .unwrap_or_default()
        )
    }

    fn label(&self) -> String {
        let plain = self.measure == "weight"
            || self.activity == self.measure
            || self.unit.as_deref() == Some(self.measure.as_str());
        if plain {
            self.activity.clone()
        } else {
            let measure = self.measure.replace('_', " ");
            let unit = self
                .unit
                .as_deref()
                .map(|u| format!(" {u}"))
                .unwrap_or_default();
            let measure = measure.strip_suffix(&unit).unwrap_or(&measure);
            format!("{} {measure}", self.activity)
        }
    }
}

/// Which record a correction is about.
#[derive(Debug, Clone, PartialEq)]
pub enum Resolution {
    Found(Change),
    /// Several numbers fit and nothing singles one out: each possible change.
    Ambiguous(Vec<Change>),
    /// No recent record holds a number of that kind.
    NotFound,
}

/// Whether an entry is a correction: a section headed `[correction]` (or `correction`), or
/// text that opens with a correction phrase (`actually ...`, `correction: ...`). Only the
/// opening counts, so a log that says "actually felt great" halfway is still a log.
pub fn is_correction_entry(heading: Option<&str>, text: &str) -> bool {
    static OPENING: OnceLock<Regex> = OnceLock::new();
    let titled = heading.is_some_and(|h| {
        let title = h.trim().to_lowercase();
        title.ends_with("[correction]") || title.ends_with(" correction")
    });
    let opening = OPENING.get_or_init(|| {
        Regex::new(r"(?i)^\s*(?:[-*]\s+)?(?:correction\s*:|actually,?\s+(?:it|that|the|my|i)\b|oops,?\s|i meant\b|fix\s*:|korrektur\s*:|ich meinte\b|eigentlich,?\s+(?:war|waren)\b.*\bnicht\s+\d)")
            .expect("regex")
    });
    titled || opening.is_match(text)
}

/// Reads a correction; `None` when it holds no number to correct with.
pub fn read(text: &str) -> Option<CorrectionText> {
    static PINNED: OnceLock<Regex> = OnceLock::new();
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    static OLD: OnceLock<Regex> = OnceLock::new();
    static ARROW: OnceLock<Regex> = OnceLock::new();
    let pinned = PINNED.get_or_init(|| {
        Regex::new(r"(?im)^correction:\s*(?P<what>[^:(\n]+?)\s*(?:\((?P<time>\d{1,2}:\d{2})\))?\s*:\s*(?P<old>\d+(?:\.\d+)?)\s*->\s*(?P<new>\d+(?:\.\d+)?)(?:[ \t]*(?P<unit>[^\s\d]\S*))?")
            .expect("regex")
    });
    let words = text.to_lowercase();
    if let Some(c) = pinned.captures(text) {
        let value = c["new"].parse().ok()?;
        return Some(CorrectionText {
            value,
            unit: c.name("unit").map(|u| normal_unit(u.as_str())),
            old: c["old"].parse().ok(),
            words,
            pinned: Some(Pinned {
                what: c["what"].trim().to_lowercase(),
                time: c.name("time").map(|t| t.as_str().to_string()),
            }),
            on: None,
        });
    }
    let number = NUMBER.get_or_init(|| {
        Regex::new(r"(?i)(\d+(?:[.,]\d+)?)\s*(kgs?|kilos?|lbs?|pounds?|km|k|mi|miles?|mins?|minutes?|hrs?|hours?|h|g|kcal|reps?|sets?|pages?)?\b")
            .expect("regex")
    });
    let old_marker = OLD.get_or_init(|| {
        Regex::new(r"(?i)(?:\bnot|\binstead of|\bnicht|\bstatt|\banstatt)\s+$").expect("regex")
    });
    let days = days_named(text);
    let arrow = ARROW.get_or_init(|| Regex::new(r"(?:->|→)\s*$").expect("regex"));
    let mut old = None;
    let mut found: Vec<(f64, Option<String>)> = Vec::new();
    for c in number.captures_iter(text) {
        let m = c.get(0).expect("match");
        let inside_a_day = |at: usize| days.iter().any(|(r, _)| r.contains(&at));
        if inside_a_day(c.get(1).expect("a number").start()) {
            continue;
        }
        let Ok(v) = c[1].replace(',', ".").parse::<f64>() else {
            continue;
        };
        let unit = c.get(2).map(|u| normal_unit(u.as_str()));
        let before = &text[..m.start()];
        if old_marker.is_match(before) {
            old = Some(v);
        } else if arrow.is_match(before) {
            // `85 -> 82.5`: the number before the arrow is the old one.
            if let Some((prev, prev_unit)) = found.pop() {
                old = Some(prev);
                found.push((v, unit.or(prev_unit)));
            } else {
                found.push((v, unit));
            }
        } else {
            found.push((v, unit));
        }
    }
    let (value, unit) = found
        .iter()
        .rev()
        .find(|(_, u)| u.is_some())
        .or_else(|| found.first())
        .cloned()?;
    Some(CorrectionText {
        value,
        unit,
        old,
        words,
        pinned: None,
        on: days.first().map(|(_, day)| *day),
    })
}

/// Finds the record `c` corrects among `records` (oldest first, the correction's own
/// record and later ones already left out).
pub fn resolve(c: &CorrectionText, records: &[ParsedRecord]) -> Resolution {
    let fits = |f: &Fact| -> bool {
        let unit_fits = match (&c.unit, &f.unit) {
            (Some(u), Some(fu)) => *u == normal_unit(fu),
            (Some(_), None) => false,
            // Sets and reps are only corrected when the correction says so.
            (None, fu) => !matches!(fu.as_deref(), Some("set" | "rep")),
        };
        let old_fits = c.old.is_none_or(|o| (o - f.value).abs() < 1e-9);
        unit_fits && old_fits && (f.value - c.value).abs() > 1e-9
    };
    let named = |f: &Fact| -> bool {
        match &c.pinned {
            Some(p) => {
                p.what == format!("{} {}", f.activity, f.measure).to_lowercase()
                    || p.what == f.activity.to_lowercase()
            }
            None => mentions(&c.words, &f.activity) || mentions(&c.words, &f.domain),
        }
    };
    let candidates: Vec<(&ParsedRecord, Vec<Fact>)> = records
        .iter()
        .filter(|r| r.parser != CORRECTION_PARSER)
        .filter(|r| {
            c.pinned
                .as_ref()
                .and_then(|p| p.time.as_ref())
                .is_none_or(|t| r.timestamp.as_ref() == Some(t))
        })
        .filter(|r| c.on.is_none_or(|on| on.is(r.date)))
        .map(|r| (r, facts(r).into_iter().filter(fits).collect::<Vec<_>>()))
        .filter(|(_, fs)| !fs.is_empty())
        .collect();
    let any_named = candidates.iter().any(|(_, fs)| fs.iter().any(named));
    if c.pinned.is_some() && !any_named {
        return Resolution::NotFound;
    }
    let Some((record, facts)) = candidates
        .iter()
        .rev()
        .find(|(_, fs)| !any_named || fs.iter().any(named))
    else {
        return Resolution::NotFound;
    };
    let mut changes: Vec<Change> = Vec::new();
    for f in facts.iter().filter(|f| !any_named || named(f)) {
        let change = Change {
            record: record.id.clone(),
            source: record.source_file.clone(),
            date: record.date,
            time: record.timestamp.clone(),
            domain: f.domain.clone(),
            activity: f.activity.clone(),
            measure: f.measure.clone(),
            from: f.value,
            to: c.value,
            unit: f.unit.clone().or_else(|| c.unit.clone()),
        };
        let same = |o: &Change| o.activity == change.activity && o.measure == change.measure;
        if !changes.iter().any(same) {
            changes.push(change);
        }
    }
    match changes.len() {
        0 => Resolution::NotFound,
        1 => Resolution::Found(changes.remove(0)),
        _ => Resolution::Ambiguous(changes),
    }
}

/// Whether `text` names `name` (any of its words of 3 letters or more, as a word).
fn mentions(text: &str, name: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    name.to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.len() >= 3)
        .any(|n| {
            words
                .iter()
                .any(|w| *w == n || w.strip_suffix('s') == Some(n))
        })
}

/// One spelling per unit, so `kgs`, `kilo` and `kg` compare equal.
fn normal_unit(u: &str) -> String {
    let u = u.trim().to_lowercase();
    match u.as_str() {
        "kgs" | "kilo" | "kilos" => "kg",
        "lbs" | "pound" | "pounds" => "lb",
        "k" | "kms" => "km",
        "mins" | "minute" | "minutes" => "min",
        "hr" | "hrs" | "hour" | "hours" => "h",
        "mile" | "miles" => "mi",
        "reps" => "rep",
        "sets" => "set",
        "pages" => "page",
        other => other,
    }
    .to_string()
}

/// A number as a person writes it (`85`, `82.5`).
fn num(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        let s = format!("{v:.2}");
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_new_value_the_old_one_and_the_unit() {
        let c = read("actually it was 82.5kg").unwrap();
        assert_eq!(
            (c.value, c.unit.as_deref(), c.old),
            (82.5, Some("kg"), None)
        );
        let c = read("the run on Tuesday was 8 km, not 5").unwrap();
        assert_eq!(
            (c.value, c.unit.as_deref(), c.old),
            (8.0, Some("km"), Some(5.0))
        );
        let c = read("bench 85 -> 82.5 kg").unwrap();
        assert_eq!((c.value, c.old), (82.5, Some(85.0)));
        let c = read("Correction: bench press weight (10:30): 85 -> 82.5 kg").unwrap();
        assert_eq!(c.value, 82.5);
        assert_eq!(
            c.pinned,
            Some(Pinned {
                what: "bench press weight".into(),
                time: Some("10:30".into())
            })
        );
        assert!(read("actually it was fine").is_none());
    }

    #[test]
    fn a_day_named_in_a_correction_is_its_target_not_its_value() {
        let nov20 = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        // Text -> the new value, its unit, the old value.
        let cases: &[(&str, f64, Option<&str>, Option<f64>)] = &[
            (
                "actually the squat on 2026-11-20 was 250, not 245",
                250.0,
                None,
                Some(245.0),
            ),
            (
                "actually the squat on 11/20/2026 was 250 lb",
                250.0,
                Some("lb"),
                None,
            ),
            (
                "actually the squat on 20/11 was 112.5kg",
                112.5,
                Some("kg"),
                None,
            ),
            (
                "actually the run on Nov 20 was 8 km, not 5",
                8.0,
                Some("km"),
                Some(5.0),
            ),
            (
                "correction: squat on November 20th, 2026: 250",
                250.0,
                None,
                None,
            ),
            (
                "Korrektur: die Kniebeuge am 20.11.2026 war 112,5 kg",
                112.5,
                Some("kg"),
                None,
            ),
            (
                "Korrektur: Kniebeuge am 2026-11-20 war 250, nicht 245",
                250.0,
                None,
                Some(245.0),
            ),
            (
                "Korrektur: Kniebeuge am 20/11/2026 war 250 statt 245",
                250.0,
                None,
                Some(245.0),
            ),
            (
                "eigentlich war die Kniebeuge am 20. November 250, nicht 245",
                250.0,
                None,
                Some(245.0),
            ),
        ];
        for (text, value, unit, old) in cases {
            let c = read(text).unwrap_or_else(|| panic!("{text}: not read"));
            assert_eq!(
                (c.value, c.unit.as_deref(), c.old),
                (*value, *unit, *old),
                "{text}"
            );
            assert!(c.on.is_some_and(|on| on.is(nov20)), "{text}: {:?}", c.on);
        }
        assert_eq!(read("actually it was 82.5kg").unwrap().on, None);
    }

    #[test]
    fn the_day_a_correction_names_picks_its_entry() {
        let record = |day: u32, kg: f64| {
            let date = NaiveDate::from_ymd_opt(2026, 11, day).unwrap();
            let note = crate::vault::Note::parse(format!("## 07:00\nsquat 3x5 @ {kg}kg\n"));
            let source = format!("Daily/2026-11-{day}.md");
            let entries = crate::vault::entry::entries(&note, &source, date);
            crate::offline::read::parse_entry(&entries[0], &crate::domains::Domains::shipped())
        };
        let records = [record(18, 100.0), record(20, 105.0), record(22, 110.0)];
        let c = read("actually the squat on 11/20 was 107.5kg").unwrap();
        match resolve(&c, &records) {
            Resolution::Found(change) => {
                assert_eq!(change.date, NaiveDate::from_ymd_opt(2026, 11, 20).unwrap());
                assert_eq!((change.from, change.to), (105.0, 107.5));
            }
            other => panic!("{other:?}"),
        }
        // A day with no entry of that kind: nothing is changed.
        let c = read("actually the squat on 2026-11-19 was 107.5kg").unwrap();
        assert_eq!(resolve(&c, &records), Resolution::NotFound);
    }

    #[test]
    fn only_an_opening_phrase_or_a_correction_heading_makes_a_correction() {
        assert!(is_correction_entry(None, "actually it was 82.5kg"));
        assert!(is_correction_entry(None, "Correction: squat was 100kg"));
        assert!(is_correction_entry(Some("06:44 [correction]"), "82.5"));
        assert!(is_correction_entry(Some("06:44 (2) [correction]"), "x"));
        assert!(!is_correction_entry(
            None,
            "bench 3x5 @ 85kg, actually I felt great"
        ));
        assert!(!is_correction_entry(
            Some("10:30 Bench"),
            "bench 3x5 @ 85kg"
        ));
        assert!(is_correction_entry(None, "Korrektur: Kniebeuge 250"));
        assert!(is_correction_entry(
            None,
            "eigentlich war die Kniebeuge am 20. November 250, nicht 245"
        ));
        assert!(!is_correction_entry(
            None,
            "eigentlich war der Lauf gut, 10 km"
        ));
    }
}
