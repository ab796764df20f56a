//! Two periods joined into one span: `from May 3 to May 20`, `5月3日から5月20日まで`,
//! `6월 10일부터 6월 20일까지`, `4月10日到4月25日`, `entre março e junho de 2024`. Each end is
//! any period the question may name alone; the words between come from the language
//! files (`questions.spans`).

use chrono::{Datelike, NaiveDate, Weekday};

use super::dates::DateRange;
use super::read::lexicon::lexicon;

/// The span `lower` (a lowercase question) names with two periods and a word joining
/// them, if any; `single` reads one period (the end's text, its anchor).
pub fn joined(
    lower: &str,
    anchor: NaiveDate,
    week: Weekday,
    single: impl Fn(&str, NaiveDate, Weekday) -> Option<DateRange>,
) -> Option<DateRange> {
    let words = &lexicon().questions.spans;
    // `May compared to June` is a comparison, not a span.
    if super::cues::words(super::cues::Cue::Compare)
        .iter()
        .any(|w| stands_alone(lower, w))
    {
        return None;
    }
    let joins = words
        .to
        .iter()
        .map(|w| (w, false))
        .chain(words.and.iter().map(|w| (w, true)));
    for (join, needs_between) in joins {
        for (at, _) in lower.match_indices(join.as_str()) {
            let (left, right) = (&lower[..at], &lower[at + join.len()..]);
            if !joins_here(left, right, join) {
                continue;
            }
            let Some((to, to_end)) = first_end(right, anchor, week, &single) else {
                continue;
            };
            let Some((from, from_at)) = last_end(left, to.end, week, &single) else {
                continue;
            };
            // `2025年5月3日から5月20日まで`: an end with no year of its own takes the year
            // the other end writes.
            let (to, to_end) = match !has_year(&to.phrase) && has_year(&from.phrase) {
                true => {
                    let year_end =
                        NaiveDate::from_ymd_opt(from.start.year(), 12, 31).unwrap_or(anchor);
                    first_end(right, year_end, week, &single).unwrap_or((to, to_end))
                }
                false => (to, to_end),
            };
            let before = left[..from_at].trim_end();
            if needs_between && !words.between.iter().any(|w| ends_with_word(before, w)) {
                continue;
            }
            if from.start > to.end {
                continue;
            }
            let after = &right[to_end..];
            let until = words
                .until
                .iter()
                .find(|w| after.trim_start().starts_with(w.as_str()))
                .map_or(0, |w| after.len() - after.trim_start().len() + w.len());
            let end = at + join.len() + to_end + until;
            // The phrase takes the word that opens the span (`from`, `between`, `entre`).
            let opens = words.between.iter().find(|w| ends_with_word(before, w));
            let start_at = opens.map_or(from_at, |w| before.len() - w.len());
            return Some(DateRange {
                start: from.start,
                end: to.end,
                phrase: lower[start_at..end].trim().to_string(),
            });
        }
    }
    None
}

/// Whether a joining word found between `left` and `right` stands as a word: letters
/// need no letter beside them, and a dash between two digits is a date's own (`2024-05`).
fn joins_here(left: &str, right: &str, join: &str) -> bool {
    let (before, after) = (left.chars().next_back(), right.chars().next());
    let spaced = join
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() && !crate::domains::is_spaceless(c));
    if spaced {
        return !before.is_some_and(char::is_alphanumeric)
            && !after.is_some_and(char::is_alphanumeric);
    }
    !(before.is_some_and(|c| c.is_ascii_digit()) && after.is_some_and(|c| c.is_ascii_digit()))
}

/// Whether a period phrase writes a year (four digits in a row).
fn has_year(phrase: &str) -> bool {
    phrase
        .split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() == 4)
}

fn stands_alone(text: &str, word: &str) -> bool {
    text.match_indices(word)
        .any(|(i, _)| joins_here(&text[..i], &text[i + word.len()..], word))
}

fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word)
        .is_some_and(|left| joins_here(left, "", word))
}

/// The period `right` starts with (past a few letters such as `the`, `le`), and where it ends.
fn first_end(
    right: &str,
    anchor: NaiveDate,
    week: Weekday,
    single: &impl Fn(&str, NaiveDate, Weekday) -> Option<DateRange>,
) -> Option<(DateRange, usize)> {
    if let Some(range) = single(right, anchor, week) {
        let at = right.find(range.phrase.as_str())?;
        let lead = right[..at].trim();
        if lead.chars().count() <= 3 && !lead.contains(|c: char| c.is_ascii_digit()) {
            return Some((range.clone(), at + range.phrase.len()));
        }
    }
    let (month, year, len) = month_at(right, true)?;
    let (start, end) = super::periods::month(anchor, month, year)?;
    Some((
        DateRange {
            start,
            end,
            phrase: right[..len].trim().to_string(),
        },
        len,
    ))
}

/// The period `left` ends with, and where it starts; a period not after `anchor`.
fn last_end(
    left: &str,
    anchor: NaiveDate,
    week: Weekday,
    single: &impl Fn(&str, NaiveDate, Weekday) -> Option<DateRange>,
) -> Option<(DateRange, usize)> {
    let text = left.trim_end();
    let mut from = 0;
    while let Some(range) = single(&text[from..], anchor, week) {
        let at = from + text[from..].find(range.phrase.as_str())?;
        let end = at + range.phrase.len();
        if text[end..].trim().is_empty() {
            return Some((range, at));
        }
        from = end;
    }
    let (month, year, at) = month_at(text, false)?;
    let (start, end) = super::periods::month(anchor, month, year)?;
    Some((
        DateRange {
            start,
            end,
            phrase: text[at..].to_string(),
        },
        at,
    ))
}

/// A month named by itself at the start of `text` (its number, a year written after it,
/// and where the words end) or at its end (where they start).
fn month_at(text: &str, at_start: bool) -> Option<(u32, Option<i32>, usize)> {
    let number_of = |w: &str| {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric());
        crate::vault::dating::month(w).or_else(|| super::periods::month_of(w))
    };
    if !at_start {
        let word = text.split_whitespace().next_back()?;
        return Some((number_of(word)?, None, text.len() - word.len()));
    }
    let mut words = text.split_whitespace();
    let first = words.next()?;
    let month = number_of(first)?;
    let start = text.find(first)?;
    let mut end = start + first.len();
    // `junho de 2024`, `june of 2024`, `june 2024`.
    let rest: Vec<&str> = words.take(2).collect();
    let year_word = match rest.as_slice() {
        [y, ..] if y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) => Some(*y),
        [_, y] if y.trim_end_matches('?').len() == 4 => Some(*y),
        _ => None,
    };
    let year = year_word.and_then(|y| {
        let digits = y.trim_end_matches(|c: char| !c.is_ascii_digit());
        let year = digits.parse().ok()?;
        end = text.find(y)? + digits.len();
        Some(year)
    });
    Some((month, year, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn two_periods_joined_in_five_languages() {
        let anchor = d(2025, 7, 1);
        let cases = [
            (
                "5月3日から5月20日までに何km走った？",
                (d(2025, 5, 3), d(2025, 5, 20)),
            ),
            (
                "4月10日到4月25日跑了多少公里？",
                (d(2025, 4, 10), d(2025, 4, 25)),
            ),
            (
                "6월 10일부터 6월 20일까지 총 걸음수는?",
                (d(2025, 6, 10), d(2025, 6, 20)),
            ),
            (
                "quantos livros terminei entre março e junho de 2024?",
                (d(2024, 3, 1), d(2024, 6, 30)),
            ),
            (
                "how far did i run from march to may?",
                (d(2025, 3, 1), d(2025, 5, 31)),
            ),
            (
                "wie viel bin ich zwischen märz und mai gelaufen?",
                (d(2025, 3, 1), d(2025, 5, 31)),
            ),
        ];
        for (q, want) in cases {
            let got = super::super::dates::find_range(q, anchor, Weekday::Mon)
                .unwrap_or_else(|| panic!("no period in {q}"));
            assert_eq!((got.start, got.end), want, "{q}: {}", got.phrase);
        }
    }

    #[test]
    fn a_comparison_and_a_date_are_not_spans() {
        let anchor = d(2025, 7, 1);
        let read = |q: &str| {
            super::super::dates::find_range(q, anchor, Weekday::Mon).map(|r| (r.start, r.end))
        };
        // Two periods compared stay two periods.
        assert_ne!(
            read("did i run more in may compared to june?"),
            Some((d(2025, 5, 1), d(2025, 6, 30)))
        );
        // A dash inside a date joins nothing.
        assert_eq!(
            read("what did i weigh on 2025-05-03?"),
            Some((d(2025, 5, 3), d(2025, 5, 3)))
        );
    }
}
