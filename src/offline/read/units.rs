//! Unit words as regex pieces and their normal names, read from the language files
//! (`unit_spellings` in `lexicon/<lang>.yaml`).

use std::collections::HashMap;
use std::sync::OnceLock;

use regex::Regex;

use super::clause::{Clause, Hit};
use super::lexicon::lexicon;

/// A number: `77.5`, `77,5`, `12,400`.
pub const NUM: &str = r"\d+(?:[.,]\d+)?";
/// Kilograms, and the jin (斤, half a kilo) Chinese logs weigh in: read apart by
/// `lifts::unit_name`.
pub const KG: Spellings = Spellings("kg");
pub const LB: Spellings = Spellings("lb");
pub const HOURS: Spellings = Spellings("hour");
pub const MINUTES: Spellings = Spellings("minute");
pub const SECONDS: Spellings = Spellings("second");
pub const KM: Spellings = Spellings("km");
pub const MILES: Spellings = Spellings("mile");
pub const METERS: Spellings = Spellings("m");
/// Reps and sets: `5 reps`, `5회`, `5回`, `5次`, `5 Wdh`, `3 sets`, `3세트`, `3组`...
pub const REPS: Spellings = Spellings("rep");
pub const SETS: Spellings = Spellings("set");

/// Every spelling of a unit in the language files (`unit_spellings` and, since the reader
/// using it knows the activity, `unit_spellings_in_context`), as one regex alternation,
/// longest first: `format!("({NUM})\\s*({KM})")`.
#[derive(Debug, Clone, Copy)]
pub struct Spellings(&'static str);

/// A unit's spellings: every word, and the words as one regex alternation.
struct Unit {
    words: Vec<&'static str>,
    alternation: String,
}

/// Every unit's spellings, read in context or not, merged once over the language files.
fn units() -> &'static HashMap<&'static str, Unit> {
    static UNITS: OnceLock<HashMap<&'static str, Unit>> = OnceLock::new();
    UNITS.get_or_init(|| {
        let lex = lexicon();
        let mut all: HashMap<&'static str, Vec<&'static str>> = HashMap::new();
        for spellings in [&lex.unit_spellings, &lex.unit_spellings_in_context] {
            for (unit, words) in spellings {
                all.entry(unit.as_str())
                    .or_default()
                    .extend(words.iter().map(String::as_str));
            }
        }
        all.into_iter()
            .map(|(unit, words)| {
                let alternation = alternation(words.clone());
                (unit, Unit { words, alternation })
            })
            .collect()
    })
}

impl Spellings {
    fn unit(&self) -> &'static Unit {
        // Every unit named here has spellings in en.yaml: a missing one is a bug the tests
        // catch, not a text to read around.
        units()
            .get(self.0)
            .unwrap_or_else(|| panic!("no unit_spellings for `{}`", self.0))
    }

    /// Whether `word` (any case) is one of the unit's spellings.
    pub fn has(&self, word: &str) -> bool {
        self.unit().words.contains(&word.to_lowercase().as_str())
    }
}

impl std::fmt::Display for Spellings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.unit().alternation)
    }
}

/// The spellings of `unit` read only in context (`k`, `킬로`, `キロ` for km), as one regex
/// alternation; empty when it has none.
pub fn in_context(unit: &str) -> String {
    let words = lexicon()
        .unit_spellings_in_context
        .get(unit)
        .map(|w| w.iter().map(String::as_str).collect())
        .unwrap_or_default();
    alternation(words)
}

/// `words` escaped as one regex alternation, longest first (the regex takes the first
/// alternative that fits: `glasses` before `g`).
fn alternation(mut words: Vec<&str>) -> String {
    words.sort_by_key(|w| (std::cmp::Reverse(w.chars().count()), *w));
    words.dedup();
    let escaped: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
    escaped.join("|")
}

/// A unit word -> its normal singular name, for generic measures (a spelling of
/// `unit_spellings`, not one read only in context).
pub fn measure_unit(word: &str) -> Option<&'static str> {
    static UNITS: OnceLock<HashMap<&'static str, &'static str>> = OnceLock::new();
    UNITS
        .get_or_init(|| {
            let mut units = HashMap::new();
            for (unit, words) in &lexicon().unit_spellings {
                for word in words {
                    units.insert(word.as_str(), unit.as_str());
                }
            }
            units
        })
        .get(word)
        .copied()
}

/// `<number> <unit>` for any unit [`measure_unit`] knows (group 1 number, 2 unit).
pub fn measure_pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let words = lexicon()
            .unit_spellings
            .values()
            .flatten()
            .map(String::as_str)
            .collect();
        Regex::new(&format!(r"~?({NUM})\s*({})", alternation(words)))
            .expect("measure pattern compiles")
    })
}

/// Durations written with units: `1h 20m`, `1h20`, `7시간 30분`, `6시간 반`, `45 min`, `28분 34초`,
/// `90 Minuten`, `48m 3s`, `6 and a half hours`, `5 ore e 10 minuti`, `5 horas e meia` (hours
/// or minutes, as told by [`minutes_of`]; the words for "and" and "a half" are each
/// language's `joiners` and `counting.half`).
pub fn duration_pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let lex = lexicon();
        let and = alternation(
            lex.joiners
                .iter()
                .filter(|w| w.chars().all(char::is_alphabetic))
                .map(String::as_str)
                .collect(),
        );
        let half = alternation(lex.counting.half.iter().map(String::as_str).collect());
        Regex::new(&format!(
            r"(?:({NUM})\s*(?:{HOURS})\.?\s*(?:(\d{{1,2}})\s*(?:{MINUTES}|m)?|(반|半|½|{half})|(?:{and})\s+(\d{{1,2}})\s*(?:{MINUTES}))?|({NUM})\s*(?:{MINUTES})(?:\s*(?:{and})?\s*(\d{{1,2}})\s*(?:{SECONDS}|s)\b)?|(\d{{1,3}})\s*m\s*(\d{{1,2}})\s*s\b|(\d{{1,2}})\s+(?:{half}|and 1/2)\s*(?:{HOURS}))"
        ))
        .expect("duration pattern compiles")
    })
}

/// The minutes a [`duration_pattern`] hit stands for.
pub fn minutes_of(hit: &Hit) -> Option<f64> {
    let half = if hit.get(3).is_some() { 30.0 } else { 0.0 };
    match hit.num(1) {
        Some(h) => Some(h * 60.0 + hit.num(2).or(hit.num(4)).unwrap_or(half)),
        None => hit
            .num(5)
            .map(|m| m + hit.num(6).unwrap_or(0.0) / 60.0)
            .or_else(|| Some(hit.num(7)? + hit.num(8)? / 60.0))
            // `6 and a half hours`.
            .or_else(|| Some(hit.num(9)? * 60.0 + 30.0)),
    }
}

/// Every duration with units in the free text of `clause`, in minutes.
pub fn durations(clause: &Clause) -> Vec<(Hit, f64)> {
    clause
        .hits(duration_pattern())
        .into_iter()
        .filter_map(|h| minutes_of(&h).map(|m| (h, m)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_spelling_names_one_unit_and_every_piece_has_spellings() {
        let mut seen: HashMap<&str, &str> = HashMap::new();
        for (unit, words) in &lexicon().unit_spellings {
            for word in words {
                if let Some(other) = seen.insert(word, unit) {
                    panic!("`{word}` is spelled for both `{other}` and `{unit}`");
                }
            }
        }
        for piece in [KG, LB, HOURS, MINUTES, KM, MILES, METERS, REPS, SETS] {
            let alternation = piece.to_string();
            assert!(!alternation.is_empty(), "{piece:?}");
            Regex::new(&alternation).expect("an alternation compiles");
        }
    }

    #[test]
    fn units_are_read_in_the_forms_each_language_writes() {
        for (word, unit) in [
            ("kilometern", "km"),
            ("chilometri", "km"),
            ("quilômetros", "km"),
            ("kilómetros", "km"),
            ("킬로미터", "km"),
            ("公里", "km"),
            ("minuti", "minute"),
            ("sekunden", "second"),
            ("pagine", "page"),
            ("libras", "lb"),
        ] {
            assert_eq!(measure_unit(word), Some(unit), "{word}");
        }
        // Read as a unit only where the activity says which: `5k` of a run.
        assert_eq!(measure_unit("k"), None);
        assert!(KM.has("k") && KM.has("Kilometern"));
        assert!(KG.has("킬로") && KM.has("킬로") && !LB.has("kg"));
        let hit = measure_pattern().captures("lette 30 pagine").unwrap();
        assert_eq!((&hit[1], &hit[2]), ("30", "pagine"));
    }
}
