//! Totals stated in sentences: a sentence that names a period (a year, a month by its
//! name) and a distance, with a word that tells a result or a volume (`insgesamt`,
//! `in total`, `合計`, `Volumen`: lexicon `questions.result` and `cues.volume`), states
//! that period's own figure (`Insgesamt bin ich in 2019 987km gelaufen`, `150 km im
//! März, 98,5 km im April`). A review's prose may hold the only complete figure of a
//! period whose days were never logged one by one.

use chrono::{Datelike, NaiveDate};

use super::lexicon::{lexicon, Cue};
use super::words::find_all;

/// A period's distance as one sentence states it.
#[derive(Debug, Clone, PartialEq)]
pub struct Stated {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// As written, in `unit`.
    pub value: f64,
    /// `km` or `mi`.
    pub unit: &'static str,
}

/// The period totals `sentence` states, read in a note written on `written` (a month
/// named without its year is the latest one begun by then).
pub fn stated(sentence: &str, written: NaiveDate) -> Vec<Stated> {
    let lower = sentence.to_lowercase();
    let lex = lexicon();
    let cues: Vec<usize> = lex
        .questions
        .result
        .iter()
        .chain(lex.cue(Cue::Volume))
        .flat_map(|c| find_all(&lower, c).map(move |i| i + c.len()))
        .collect();
    if cues.is_empty() {
        return Vec::new();
    }
    let years = years(&lower);
    // One year named in the sentence dates every month it names.
    let year_of_sentence = match years.as_slice() {
        [(_, y)] => Some(*y),
        _ => None,
    };
    let mut out = Vec::new();
    for (from, to) in clauses(&lower) {
        let clause = &lower[from..to];
        let distances: Vec<(usize, f64, &'static str)> = distances(clause)
            .into_iter()
            .map(|(at, v, u)| (at + from, v, u))
            .collect();
        let chosen = match distances.as_slice() {
            [] => continue,
            [one] => *one,
            // Several: the one right after the last result word (`die 1000 km … und am
            // Ende waren es 1044 km`).
            many => {
                let Some(after) = cues.iter().filter(|&&c| c <= to).max() else {
                    continue;
                };
                match many.iter().find(|d| d.0 >= *after) {
                    Some(d) => *d,
                    None => continue,
                }
            }
        };
        let months = months(clause);
        let in_clause: Vec<i32> = years
            .iter()
            .filter(|(at, _)| (from..to).contains(at))
            .map(|(_, y)| *y)
            .collect();
        let period = match (months.as_slice(), in_clause.as_slice()) {
            ([m], [y]) => month_of(*y, *m),
            ([m], []) => {
                let year = year_of_sentence.unwrap_or_else(|| {
                    if *m <= written.month() {
                        written.year()
                    } else {
                        written.year() - 1
                    }
                });
                month_of(year, *m)
            }
            ([], [y]) => year_of(*y),
            _ => None,
        };
        if let Some((start, end)) = period {
            out.push(Stated {
                start,
                end,
                value: chosen.1,
                unit: chosen.2,
            });
        }
    }
    out
}

/// `text` without the sentences that state a period's total: what is left may hold the
/// sessions of one day; the totals are not sessions (`Insgesamt bin ich in 2019 987km
/// gelaufen` is no run of 987 km).
pub fn without_totals(text: &str) -> std::borrow::Cow<'_, str> {
    // Cheap test first: most lines of a journal hold no number.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return std::borrow::Cow::Borrowed(text);
    }
    let any_day = NaiveDate::from_ymd_opt(2000, 1, 1).expect("valid day");
    let totals: Vec<&str> = sentences(text)
        .filter(|s| !stated(s, any_day).is_empty())
        .collect();
    if totals.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut kept = text.to_string();
    for s in totals {
        kept = kept.replacen(s, " ", 1);
    }
    std::borrow::Cow::Owned(kept)
}

/// The sentences of a text: split at line ends and at `.`, `!`, `?` before a space (not a
/// decimal point), and at CJK full stops.
pub fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.lines().flat_map(|line| {
        let mut out = Vec::new();
        let mut start = 0;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let next_space = chars.get(k + 1).is_none_or(|(_, n)| n.is_whitespace());
            if matches!(c, '。' | '！' | '？') || matches!(c, '.' | '!' | '?') && next_space {
                out.push(&line[start..i + c.len_utf8()]);
                start = i + c.len_utf8();
            }
        }
        out.push(&line[start..]);
        out
    })
}

fn month_of(year: i32, month: u32) -> Option<(NaiveDate, NaiveDate)> {
    let start = NaiveDate::from_ymd_opt(year, month, 1)?;
    let next = if month == 12 {
        NaiveDate::from_ymd_opt(year + 1, 1, 1)?
    } else {
        NaiveDate::from_ymd_opt(year, month + 1, 1)?
    };
    Some((start, next.pred_opt()?))
}

fn year_of(year: i32) -> Option<(NaiveDate, NaiveDate)> {
    Some((
        NaiveDate::from_ymd_opt(year, 1, 1)?,
        NaiveDate::from_ymd_opt(year, 12, 31)?,
    ))
}

/// The byte ranges of a sentence's clauses: split at commas, semicolons and colons, but not
/// inside a number (`98,5 km`).
fn clauses(s: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    let chars: Vec<(usize, char)> = s.char_indices().collect();
    for (k, &(i, c)) in chars.iter().enumerate() {
        let digit_before = k > 0 && chars[k - 1].1.is_ascii_digit();
        let digit_after = chars.get(k + 1).is_some_and(|(_, n)| n.is_ascii_digit());
        let splits = matches!(c, ';' | ':' | '，' | '、' | '；' | '：')
            || (c == ',' && !(digit_before && digit_after));
        if splits {
            out.push((start, i));
            start = i + c.len_utf8();
        }
    }
    out.push((start, s.len()));
    out
}

/// Four-digit years standing alone (not in a date, a time or a longer number), with
/// their byte offsets.
fn years(s: &str) -> Vec<(usize, i32)> {
    numbers(s)
        .into_iter()
        .filter(|(at, text)| {
            let before = s[..*at].chars().next_back();
            let after = s[at + text.len()..].chars().next();
            // A date's separators; after the year, only when a digit follows (`2023,` ends
            // a clause, `2023.05` is a date).
            let joined = |c: Option<char>| matches!(c, Some('-' | '/' | '.' | ':' | ','));
            let digit_after = s[at + text.len()..]
                .chars()
                .nth(1)
                .is_some_and(|c| c.is_ascii_digit());
            let in_date = joined(before) || (joined(after) && digit_after);
            text.len() == 4 && !in_date && !unit_follows(s, at + 4)
        })
        .filter_map(|(at, text)| Some((at, text.parse::<i32>().ok()?)))
        .filter(|(_, y)| (1900..2200).contains(y))
        .collect()
}

/// Runs of digits (with a decimal point or comma inside), with their byte offsets.
fn numbers(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let bytes = s.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit() || (i > 0 && bytes[i - 1].is_ascii_digit()) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len()
            && (bytes[j].is_ascii_digit()
                || (matches!(bytes[j], b'.' | b',')
                    && bytes.get(j + 1).is_some_and(u8::is_ascii_digit)
                    && bytes[j - 1].is_ascii_digit()))
        {
            j += 1;
        }
        out.push((i, &s[i..j]));
        i = j;
    }
    out
}

/// The distance unit written right after byte `at`, if any: `km` or `mi`.
fn unit_after(s: &str, at: usize) -> Option<(&'static str, usize)> {
    let rest = &s[at..];
    let trimmed = rest.trim_start();
    let skipped = rest.len() - trimmed.len();
    // Letters of one script: `1350km走った` has the unit `km`.
    let ascii = trimmed.chars().next()?.is_ascii();
    let word: String = trimmed
        .chars()
        .take_while(|c| c.is_alphabetic() && c.is_ascii() == ascii)
        .collect();
    if word.is_empty() {
        return None;
    }
    let units = &lexicon().questions.units;
    let is = |unit: &str, short: &[&str]| {
        short.contains(&word.as_str())
            || units
                .0
                .iter()
                .any(|(u, words)| u == unit && words.contains(&word))
    };
    if is("km", &["km", "kms"]) {
        Some(("km", skipped + word.len()))
    } else if is("mile", &["mi", "miles", "mile"]) {
        Some(("mi", skipped + word.len()))
    } else {
        None
    }
}

fn unit_follows(s: &str, at: usize) -> bool {
    unit_after(s, at).is_some()
}

/// The distances of a clause: a number and a distance unit (`987km`, `98,5 km`).
fn distances(clause: &str) -> Vec<(usize, f64, &'static str)> {
    numbers(clause)
        .into_iter()
        .filter_map(|(at, text)| {
            let (unit, _) = unit_after(clause, at + text.len())?;
            let value: f64 = text.replace(',', ".").parse().ok()?;
            Some((at, value, unit))
        })
        .collect()
}

/// The months a clause names by their full names (lexicon `months`; English's are
/// `vault::dating::MONTHS`), each once.
fn months(clause: &str) -> Vec<u32> {
    let english = crate::vault::dating::MONTHS
        .iter()
        .zip(1..)
        .map(|(name, month)| (*name, month));
    let lexicon = lexicon().months.iter().map(|(n, m)| (n.as_str(), *m));
    let mut out: Vec<u32> = Vec::new();
    for (name, month) in english.chain(lexicon) {
        if find_all(clause, name).next().is_some() && !out.contains(&month) {
            out.push(month);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    /// (sentence, written on, [(first day, last day, value)])
    type Case = (&'static str, NaiveDate, Vec<(NaiveDate, NaiveDate, f64)>);

    fn cases() -> Vec<Case> {
        vec![
            (
                "All in all I ran 1410 km in 2023, in total.",
                day(2024, 1, 3),
                vec![(day(2023, 1, 1), day(2023, 12, 31), 1410.0)],
            ),
            (
                "Insgesamt bin ich in 2019 987km gelaufen, weit weg vom Ziel 1500km.",
                day(2020, 1, 2),
                vec![(day(2019, 1, 1), day(2019, 12, 31), 987.0)],
            ),
            (
                "Das Volumen passte: 150 km im März, 98,5 km im April.",
                day(2022, 5, 2),
                vec![
                    (day(2022, 3, 1), day(2022, 3, 31), 150.0),
                    (day(2022, 4, 1), day(2022, 4, 30), 98.5),
                ],
            ),
            (
                // A month named in a note of the next year is last year's.
                "In total I ran 120 km in November.",
                day(2021, 1, 5),
                vec![(day(2020, 11, 1), day(2020, 11, 30), 120.0)],
            ),
            (
                "En total corrí 210 km en julio de 2024.",
                day(2024, 8, 1),
                vec![(day(2024, 7, 1), day(2024, 7, 31), 210.0)],
            ),
            (
                "2022年は合計1350km走った。",
                day(2023, 1, 1),
                vec![(day(2022, 1, 1), day(2022, 12, 31), 1350.0)],
            ),
            (
                "Die 1000 km für 2018 waren geschafft und am Ende waren es 1044 km.",
                day(2019, 1, 1),
                vec![(day(2018, 1, 1), day(2018, 12, 31), 1044.0)],
            ),
            // No result word: a run on a day of the month, not the month's figure.
            (
                "On a rainy day in May I ran 12 km.",
                day(2022, 6, 1),
                vec![],
            ),
            // No period: a running total with no month or year.
            (
                "Insgesamt war ich schon 2400km mit den Kindern unterwegs.",
                day(2024, 12, 30),
                vec![],
            ),
            // A date is not a year.
            ("In total 8 km on 2021-03-04.", day(2021, 3, 4), vec![]),
        ]
    }

    #[test]
    fn a_sentence_with_a_period_a_distance_and_a_result_word_states_its_total() {
        for (sentence, written, want) in cases() {
            let got: Vec<(NaiveDate, NaiveDate, f64)> = stated(sentence, written)
                .into_iter()
                .map(|s| (s.start, s.end, s.value))
                .collect();
            assert_eq!(got, want, "{sentence}");
        }
    }

    #[test]
    fn a_stated_total_is_no_session() {
        let text = "Easy 8 km today. In total I ran 140 km in June.";
        assert_eq!(without_totals(text).trim(), "Easy 8 km today.");
        let plain = "Easy 8 km today, 42 km this week.";
        assert_eq!(without_totals(plain), plain);
    }

    #[test]
    fn miles_keep_their_unit() {
        let got = stated("I logged 84 miles in total in March.", day(2023, 4, 2));
        assert_eq!(got.len(), 1);
        assert_eq!((got[0].value, got[0].unit), (84.0, "mi"));
    }
}
