//! Dates written in headings (`## 2024-03-05`, `### March 5, 2024`, `## Tue 5 Mar`,
//! `## 05.03.2024`): a note that is not a daily note can be a log of many days, each under
//! its own dated heading (DESIGN §1.2).

use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use regex::Regex;

/// The English month names, January first.
pub const MONTHS: [&str; 12] = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
];

/// A month name or its abbreviation (`Mar`, `Sept`, `March`; not `marathon`), 1-based.
pub fn month(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(&w))
        .map(|i| i as u32 + 1)
}

struct Shapes {
    iso: Regex,
    dotted: Regex,
    month_day: Regex,
    day_month: Regex,
}

fn shapes() -> &'static Shapes {
    static S: OnceLock<Shapes> = OnceLock::new();
    S.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("heading date pattern compiles");
        // A weekday may come first: `Tue 2024-03-05`, `Tuesday, March 5`.
        const WD: &str = r"^(?:[A-Za-z]{3,9}\.?,?\s+)?";
        Shapes {
            iso: re(&format!(r"{WD}(\d{{4}})[-/.](\d{{1,2}})[-/.](\d{{1,2}})\b")),
            dotted: re(&format!(r"{WD}(\d{{1,2}})\.(\d{{1,2}})\.(\d{{4}})\b")),
            month_day: re(&format!(
                r"{WD}([A-Za-z]{{3,9}})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?:,?\s+(\d{{4}}))?"
            )),
            day_month: re(&format!(
                r"{WD}(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+([A-Za-z]{{3,9}})\.?\b(?:,?\s+(\d{{4}}))?"
            )),
        }
    })
}

/// The date a heading's text starts with. A date without a year takes `year`, or when that
/// is unknown the latest such date not after `today`.
pub fn heading_date(text: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    let s = shapes();
    let text = text.trim();
    fn num<T: std::str::FromStr>(c: &regex::Captures, i: usize) -> Option<T> {
        c.get(i).and_then(|m| m.as_str().parse().ok())
    }
    if let Some(c) = s.iso.captures(text) {
        return NaiveDate::from_ymd_opt(num(&c, 1)?, num(&c, 2)?, num(&c, 3)?);
    }
    if let Some(c) = s.dotted.captures(text) {
        return NaiveDate::from_ymd_opt(num(&c, 3)?, num(&c, 2)?, num(&c, 1)?);
    }
    let month_day = s
        .month_day
        .captures(text)
        .and_then(|c| Some((month(&c[1])?, num(&c, 2)?, num(&c, 3))));
    let (m, d, y) = month_day.or_else(|| {
        let c = s.day_month.captures(text)?;
        Some((month(&c[2])?, num(&c, 1)?, num(&c, 3)))
    })?;
    match y.or(year) {
        Some(y) => NaiveDate::from_ymd_opt(y, m, d),
        None => [today.year(), today.year() - 1]
            .into_iter()
            .filter_map(|y| NaiveDate::from_ymd_opt(y, m, d))
            .find(|date| *date <= today),
    }
}

/// The dated headings of a note's text: (0-based line, date), in order.
pub fn dated_headings(text: &str, year: Option<i32>, today: NaiveDate) -> Vec<(usize, NaiveDate)> {
    let mut in_code = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_code = !in_code;
        }
        if in_code || !t.starts_with('#') {
            continue;
        }
        let title = t.trim_start_matches('#');
        if title.len() == t.len() - t.chars().take_while(|c| *c == '#').count()
            && title.starts_with([' ', '\t'])
        {
            if let Some(date) = heading_date(title, year, today) {
                out.push((i, date));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn the_usual_heading_dates() {
        let today = d(2026, 11, 22);
        let cases = [
            ("2024-03-05", Some(d(2024, 3, 5))),
            ("Tue 2024-03-05 easy day", Some(d(2024, 3, 5))),
            ("March 5, 2024", Some(d(2024, 3, 5))),
            ("5 March 2024", Some(d(2024, 3, 5))),
            ("05.03.2024", Some(d(2024, 3, 5))),
            ("Tue 5 Mar", Some(d(2026, 3, 5))),
            ("Dec 24", Some(d(2025, 12, 24))),
            ("Tuesday, March 5th", Some(d(2026, 3, 5))),
            ("Training notes", None),
            ("07:30 Run", None),
            ("Week 6", None),
            ("5 sets of squats", None),
            ("3 marathons", None),
        ];
        for (text, want) in cases {
            assert_eq!(heading_date(text, None, today), want, "{text}");
        }
        assert_eq!(
            heading_date("Tue 5 Mar", Some(2024), today),
            Some(d(2024, 3, 5))
        );
    }

    #[test]
    fn headings_are_found_outside_code() {
        let text = "# Log\n## 2024-03-05\nran 5k\n```\n## 2024-03-06\n```\n### March 7, 2024\nbench\n#tag line\n";
        let today = d(2026, 11, 22);
        assert_eq!(
            dated_headings(text, None, today),
            [(1, d(2024, 3, 5)), (6, d(2024, 3, 7))]
        );
    }
}
