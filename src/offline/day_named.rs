//! The days a short text names, and where: `2026-11-20`, `11/20/2026`, `20/11`,
//! `20.11.2026`, `Nov 20`, `November 20th, 2026`, `20 November`, `am 20. November 2026`, in
//! every language of the lexicon (month names come from its files). A correction names the
//! entry it is about this way (`actually the squat on 2026-11-20 was 250, not 245`): the
//! day's numbers are the day, never the value.

use std::ops::Range;
use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use regex::Regex;

use super::read::lexicon::lexicon;

/// A day as a text names it: the year may be left out (`Nov 20`), and in `05/11` which
/// number is the month is not known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DayNamed {
    pub year: Option<i32>,
    pub month: u32,
    pub day: u32,
    /// Written with slashes and both numbers could be the month: either order is meant.
    pub either_order: bool,
}

impl DayNamed {
    /// Whether `date` is the day named.
    pub fn is(&self, date: NaiveDate) -> bool {
        let year = self.year.is_none_or(|y| y == date.year());
        let order = (date.month(), date.day()) == (self.month, self.day)
            || (self.either_order && (date.month(), date.day()) == (self.day, self.month));
        year && order
    }

    /// The date, when the year is named and the order is known.
    pub fn date(&self) -> Option<NaiveDate> {
        if self.either_order && self.day <= 12 && self.day != self.month {
            return None;
        }
        NaiveDate::from_ymd_opt(self.year?, self.month, self.day)
    }
}

/// The days `text` names, each with the byte range that names it, in order.
pub fn days_named(text: &str) -> Vec<(Range<usize>, DayNamed)> {
    let mut found: Vec<(Range<usize>, DayNamed)> = Vec::new();
    for c in patterns().captures_iter(text) {
        let whole = c.get(0).expect("a match");
        let num = |name: &str| c.name(name).and_then(|m| m.as_str().parse::<u32>().ok());
        let year = ["y", "y2", "y3", "y4", "y5"]
            .iter()
            .find_map(|name| c.name(name))
            .and_then(|m| m.as_str().parse::<i32>().ok())
            .map(|y| if y < 100 { 2000 + y } else { y });
        let named = if let (Some(m), Some(d)) = (num("im"), num("id")) {
            Some((m, d, false))
        } else if let (Some(a), Some(b)) = (num("sa"), num("sb")) {
            // 11/20: month first; 20/11: day first; 05/11: either.
            match (a <= 12, b <= 12) {
                (true, true) => Some((a, b, a != b)),
                (true, false) => Some((a, b, false)),
                (false, true) => Some((b, a, false)),
                (false, false) => None,
            }
        } else if let (Some(d), Some(m)) = (num("dd"), num("dm")) {
            Some((m, d, false))
        } else {
            let month = c
                .name("mon")
                .or_else(|| c.name("mon2"))
                .and_then(|m| month_of(m.as_str()));
            let day = num("wd").or_else(|| num("wd2"));
            month.zip(day).map(|(m, d)| (m, d, false))
        };
        let Some((month, day, either_order)) = named else {
            continue;
        };
        let valid = (1..=12).contains(&month)
            && (1..=31).contains(&day)
            && NaiveDate::from_ymd_opt(year.unwrap_or(2000), month, day).is_some();
        if valid {
            let day = DayNamed {
                year,
                month,
                day,
                either_order,
            };
            found.push((whole.start()..whole.end(), day));
        }
    }
    found
}

/// Every way of naming a day, one alternation (the named groups tell which matched).
fn patterns() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let months = month_names()
            .iter()
            .map(|(name, _)| regex::escape(name))
            .collect::<Vec<_>>()
            .join("|");
        let ordinal = r"(?:st|nd|rd|th|\.)?";
        Regex::new(&format!(
            r"(?xi)
            \b(?P<y>\d{{4}})-(?P<im>\d{{1,2}})-(?P<id>\d{{1,2}})\b
            | \b(?P<sa>\d{{1,2}})/(?P<sb>\d{{1,2}})(?:/(?P<y2>\d{{4}}|\d{{2}}))?\b
            | \b(?P<dd>\d{{1,2}})\.(?P<dm>\d{{1,2}})\.(?:(?P<y3>\d{{4}})\b|\s)
            | \b(?P<wd>\d{{1,2}}){ordinal}\s+(?:of\s+)?(?P<mon>{months})\.?(?:\s+(?P<y4>\d{{4}}))?\b
            | \b(?P<mon2>{months})\.?\s+(?P<wd2>\d{{1,2}}){ordinal}(?:,?\s+(?P<y5>\d{{4}}))?\b
            "
        ))
        .expect("the day patterns compile")
    })
}

/// Month names of every language, lowercase, longest first (`november` before `nov`).
fn month_names() -> &'static [(String, u32)] {
    static NAMES: OnceLock<Vec<(String, u32)>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let lex = lexicon();
        let mut names: Vec<(String, u32)> = lex.months.clone();
        for (_, answers) in &lex.answers {
            for list in [&answers.months, &answers.months_long] {
                for (i, name) in list.iter().enumerate() {
                    let name = name.trim_end_matches('.').to_lowercase();
                    // Names written with digits (`11月`) are read as numbers elsewhere.
                    if name.chars().all(char::is_alphabetic) && name.chars().count() >= 3 {
                        names.push((name, i as u32 + 1));
                    }
                }
            }
        }
        names.sort_by(|(a, _), (b, _)| b.len().cmp(&a.len()).then(a.cmp(b)));
        names.dedup();
        names
    })
}

fn month_of(name: &str) -> Option<u32> {
    let name = name.trim_end_matches('.').to_lowercase();
    month_names()
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, m)| *m)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> (String, DayNamed) {
        let found = days_named(text);
        assert_eq!(found.len(), 1, "{text}: {found:?}");
        let (range, day) = found[0].clone();
        (text[range].to_string(), day)
    }

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn iso_slashed_dotted_and_written_days_are_found_with_their_place() {
        let nov20 = d(2026, 11, 20);
        for (text, named) in [
            ("the squat on 2026-11-20 was 250", "2026-11-20"),
            ("the squat on 11/20/2026 was 250", "11/20/2026"),
            ("the squat on 20/11/2026 was 250", "20/11/2026"),
            ("die Kniebeuge am 20.11.2026 war 250", "20.11.2026"),
            ("the squat on Nov 20 was 250", "Nov 20"),
            (
                "the squat on November 20th, 2026 was 250",
                "November 20th, 2026",
            ),
            ("the squat on 20 November 2026 was 250", "20 November 2026"),
            (
                "die Kniebeuge am 20. November 2026 war 250",
                "20. November 2026",
            ),
            ("die Kniebeuge vom 20. Nov. war 250", "20. Nov"),
        ] {
            let (at, found) = day(text);
            assert_eq!(at, named, "{text}");
            assert!(found.is(nov20), "{text}: {found:?}");
            assert!(!found.is(d(2026, 11, 21)), "{text}");
        }
    }

    #[test]
    fn a_slashed_day_of_two_small_numbers_may_be_either() {
        let (_, found) = day("on 05/11 it was 100");
        assert!(found.is(d(2026, 5, 11)) && found.is(d(2026, 11, 5)));
        assert_eq!(found.date(), None);
        assert_eq!(
            day("on 2026-11-20 it was 100").1.date(),
            Some(d(2026, 11, 20))
        );
    }

    #[test]
    fn numbers_that_are_no_day_are_left_alone() {
        for text in [
            "bench 82.5 kg",
            "ran 12.5 km in 62:30",
            "squat 3x5 @ 100kg",
            "it was 250, not 245",
            "was 45/32",
        ] {
            assert!(
                days_named(text).is_empty(),
                "{text}: {:?}",
                days_named(text)
            );
        }
    }
}
