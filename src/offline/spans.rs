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
            let Some(((from, from_at), (to, to_end))) = ends(left, right, anchor, week, &single)
            else {
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
            if needs_between && !words.between.iter().any(|w| opens(before, w).is_some()) {
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
            let start_at = words
                .between
                .iter()
                .find_map(|w| opens(before, w))
                .unwrap_or(from_at);
            return Some(DateRange {
                start: from.start,
                end: to.end,
                phrase: lower[start_at..end].trim().to_string(),
            });
        }
    }
    None
}

/// A period run on to `anchor` by a word before it (`since 1 September`, `seit dem 1.
/// Oktober`, `desde el 10 de octubre`) or after it (`10월 1일 이후`, `9月以降`), if `lower`
/// writes one beside the period `range` names; the phrase then holds that word.
pub fn since(lower: &str, range: &DateRange, anchor: NaiveDate) -> Option<DateRange> {
    let words = &lexicon().questions.spans;
    let at = lower.find(range.phrase.as_str())?;
    let end_at = at + range.phrase.len();
    let (before, after) = (lower[..at].trim_end(), lower[end_at..].trim_start());
    let opened = words.since.iter().find_map(|w| opens(before, w));
    let closed = words
        .since_after
        .iter()
        .find(|w| after.starts_with(w.as_str()))
        .map(|w| lower.len() - after.len() + w.len());
    if (opened.is_none() && closed.is_none()) || range.start > anchor || range.end >= anchor {
        return None;
    }
    let (from, to) = (opened.unwrap_or(at), closed.unwrap_or(end_at));
    Some(DateRange {
        start: range.start,
        end: anchor,
        phrase: lower[from..to].trim().to_string(),
    })
}

/// The two ends of a span around a joining word: each a period the question may name
/// alone, or a bare day number (`entre el 1 y el 15 de noviembre`, `11월 9일부터 15일까지`)
/// that takes its month and year from the other end, a day.
fn ends(
    left: &str,
    right: &str,
    anchor: NaiveDate,
    week: Weekday,
    single: &impl Fn(&str, NaiveDate, Weekday) -> Option<DateRange>,
) -> Option<((DateRange, usize), (DateRange, usize))> {
    if let Some((to, to_end)) = first_end(right, anchor, week, single) {
        if let Some(from) = last_end(left, to.end, week, single) {
            return Some((from, (to, to_end)));
        }
        // Only beside a day: `1到7月` is a span of months.
        if to.start != to.end {
            return None;
        }
        let (day, at) = bare_day_at_end(left)?;
        let start = in_month_of(to.start, day, true)?;
        let from = DateRange {
            start,
            end: start,
            phrase: left[at..].trim().to_string(),
        };
        return Some(((from, at), (to, to_end)));
    }
    let (from, from_at) = last_end(left, anchor, week, single)?;
    if from.start != from.end {
        return None;
    }
    let (day, len) = bare_day_at_start(right)?;
    let end = in_month_of(from.end, day, false)?;
    let to = DateRange {
        start: end,
        end,
        phrase: right[..len].trim().to_string(),
    };
    Some(((from, from_at), (to, len)))
}

/// Day `day` in the month of `other`; when it falls on the wrong side of `other`, in the
/// month before (for a first end) or after (for a last end).
fn in_month_of(other: NaiveDate, day: u32, first: bool) -> Option<NaiveDate> {
    let same = other.with_day(day);
    match (same, first) {
        (Some(d), true) if d <= other => Some(d),
        (Some(d), false) if d >= other => Some(d),
        (_, true) => other
            .checked_sub_months(chrono::Months::new(1))?
            .with_day(day),
        (_, false) => other
            .checked_add_months(chrono::Months::new(1))?
            .with_day(day),
    }
}

/// What may follow a day's number written alone: a counter or an ordinal ending.
const DAY_MARK: &str = r"일|日|号|號|\.|st|nd|rd|th|er|º";

/// A day written alone at the start of `text` (`15`, `15일`, `15日`, `15.`, `the 15th`),
/// and where it ends.
fn bare_day_at_start(text: &str) -> Option<(u32, usize)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(&format!(
            r"^\s*(?:[\p{{L}}']{{1,3}}\s+)?(\d{{1,2}})(?:{DAY_MARK})?"
        ))
        .expect("day pattern compiles")
    });
    let c = re.captures(text)?;
    let end = c.get(0)?.end();
    if text[end..]
        .starts_with(|ch: char| ch.is_ascii_digit() || matches!(ch, '/' | ':' | ',' | '.'))
    {
        return None;
    }
    let day = c[1].parse().ok().filter(|d| (1..=31).contains(d))?;
    Some((day, end))
}

/// A day written alone at the end of `text` (`el 1`, `dem 15.`), and where it starts.
fn bare_day_at_end(text: &str) -> Option<(u32, usize)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(&format!(r"(?:^|[^\d./:])(\d{{1,2}})(?:{DAY_MARK})?\s*$"))
            .expect("day pattern compiles")
    });
    let c = re.captures(text)?;
    let day = c[1].parse().ok().filter(|d| (1..=31).contains(d))?;
    Some((day, c.get(1)?.start()))
}

/// Where the word opening a span (`between`, `entre`) starts when `before` ends with it,
/// maybe followed by an article (`entre el`, `zwischen dem`, `between the`).
fn opens(before: &str, word: &str) -> Option<usize> {
    if ends_with_word(before, word) {
        return Some(before.len() - word.len());
    }
    let (rest, last) = before.rsplit_once(char::is_whitespace)?;
    let article = last.chars().count() <= 3 && last.chars().all(char::is_alphabetic);
    let rest = rest.trim_end();
    (article && ends_with_word(rest, word)).then(|| rest.len() - word.len())
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
    join != "-"
        || !(before.is_some_and(|c| c.is_ascii_digit())
            && after.is_some_and(|c| c.is_ascii_digit()))
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
    fn an_end_writing_only_its_day_and_periods_run_on_since_a_day() {
        let anchor = d(2025, 7, 1);
        let cases = [
            (
                "¿cuánta agua bebí entre el 3 y el 12 de marzo?",
                (d(2025, 3, 3), d(2025, 3, 12)),
            ),
            (
                "wie viele kilometer zwischen dem 2. mai und dem 9. juni?",
                (d(2025, 5, 2), d(2025, 6, 9)),
            ),
            (
                "6월 3일부터 12일까지 몇 번 달렸어?",
                (d(2025, 6, 3), d(2025, 6, 12)),
            ),
            (
                "4/28〜5/3の間に何回走った？",
                (d(2025, 4, 28), d(2025, 5, 3)),
            ),
            ("how many swims since 2 june?", (d(2025, 6, 2), anchor)),
            ("how many swims since june 2nd?", (d(2025, 6, 2), anchor)),
            (
                "how many swims since 1 march 2024?",
                (d(2024, 3, 1), anchor),
            ),
            (
                "wie oft seit dem 15. mai geschwommen?",
                (d(2025, 5, 15), anchor),
            ),
            (
                "¿cuántas veces desde el 20 de junio?",
                (d(2025, 6, 20), anchor),
            ),
            ("3/15以降に何回泳いだ？", (d(2025, 3, 15), anchor)),
        ];
        for (q, want) in cases {
            let got = super::super::dates::find_range(q, anchor, Weekday::Mon)
                .unwrap_or_else(|| panic!("no period in {q}"));
            assert_eq!((got.start, got.end), want, "{q}: {}", got.phrase);
        }
        // The phrase echoed names the whole period.
        let since =
            super::super::dates::find_range("how many swims since 2 june?", anchor, Weekday::Mon);
        assert_eq!(since.unwrap().phrase, "since 2 june");
        // A slash between two numbers is no day in a question written with spaces.
        assert_eq!(
            super::super::dates::find_range("did i do 3/4 of the plan?", anchor, Weekday::Mon),
            None
        );
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
