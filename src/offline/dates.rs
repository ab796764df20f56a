//! Date phrases in questions ("last week", "in October", "past 3 days") resolved to calendar
//! ranges relative to an anchor: the date of the note the question is in, not the clock.

use std::sync::OnceLock;

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};

use super::pattern::Pattern;

use crate::vault::dating::WEEKDAYS;

/// An inclusive range of days with the words that named it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DateRange {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// The phrase as found in the question (lowercase).
    pub phrase: String,
}

impl DateRange {
    /// A human label such as "Nov 9 – Nov 15, 2026".
    pub fn label(&self) -> String {
        if self.start == self.end {
            self.start.format("%a %b %-d, %Y").to_string()
        } else if self.start.year() == self.end.year() {
            format!(
                "{} – {}",
                self.start.format("%b %-d"),
                self.end.format("%b %-d, %Y")
            )
        } else {
            format!(
                "{} – {}",
                self.start.format("%b %-d, %Y"),
                self.end.format("%b %-d, %Y")
            )
        }
    }
}

/// Period words that lead an English phrase and say how it reads ("in October", "last week").
const SAYS_ITSELF: [&str; 16] = [
    "in",
    "on",
    "during",
    "since",
    "this",
    "last",
    "past",
    "the",
    "yesterday",
    "today",
    "tonight",
    "over",
    "between",
    "from",
    "within",
    "recent",
];

/// Whether a period phrase is English (`last week`, `in march`, `past 3 days`), so it can
/// stand in an English sentence; `ce mois-ci`, `este mes`, `이번 주` cannot.
fn is_english(phrase: &str) -> bool {
    const MORE: &[&str] = &[
        "recently",
        "to",
        "and",
        "of",
        "a",
        "an",
        "few",
        "couple",
        "next",
        "previous",
        "ago",
        "so",
        "far",
        "year",
        "years",
        "month",
        "months",
        "week",
        "weeks",
        "day",
        "days",
        "weekend",
        "weekends",
        "morning",
        "evening",
        "night",
        "all",
        "time",
        "ever",
        "before",
        "after",
        "until",
        "till",
        "through",
        "first",
        "second",
        "half",
        "quarter",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "twelve",
        "fortnight",
        "st",
        "nd",
        "rd",
        "th",
        "-",
    ];
    let named = |w: &str| {
        let w = w.trim_end_matches(['.', ',', 's']);
        w.len() >= 3
            && crate::vault::dating::MONTHS
                .iter()
                .chain(WEEKDAYS.iter())
                .any(|n| n.starts_with(w))
    };
    !phrase.trim().is_empty()
        && phrase.split_whitespace().all(|w| {
            let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
            SAYS_ITSELF.contains(&bare)
                || MORE.contains(&bare)
                || bare.chars().all(|c| c.is_ascii_digit())
                || bare
                    .trim_end_matches(['s', 't', 'n', 'd', 'r', 'h'])
                    .chars()
                    .all(|c| c.is_ascii_digit())
                || named(bare)
        })
}

impl DateRange {
    /// The period as an English sentence says it, dates beside: `last week (Nov 9 – Nov
    /// 15, 2026)`, `in November 2026 (Nov 1 – Nov 30, 2026)`. A phrase in another language
    /// is not pasted into the English sentence: the dates alone say the period.
    pub fn describe(&self) -> String {
        let label = self.label();
        // An answer in the question's own language says the period as it was asked.
        if crate::offline::say::lang() != "en" {
            let span = crate::offline::say::span(self.start, self.end);
            return if self.phrase.trim().is_empty() {
                span
            } else {
                crate::offline::say::t("period", &[("phrase", self.phrase.trim()), ("span", &span)])
            };
        }
        if !is_english(&self.phrase) {
            return if self.start == self.end {
                format!("on {label}")
            } else {
                let start = if self.start.year() == self.end.year() {
                    self.start.format("%b %-d")
                } else {
                    self.start.format("%b %-d, %Y")
                };
                format!("from {start} to {}", self.end.format("%b %-d, %Y"))
            };
        }
        let names = || crate::vault::dating::MONTHS.iter().chain(WEEKDAYS.iter());
        let phrase: Vec<String> = self
            .phrase
            .split_whitespace()
            .map(|w| {
                if names().any(|n| *n == w) || (w.len() == 3 && names().any(|n| n.starts_with(w))) {
                    let mut c = w.chars();
                    c.next()
                        .map_or_else(String::new, |f| f.to_uppercase().chain(c).collect())
                } else {
                    w.to_string()
                }
            })
            .collect();
        let first = self.phrase.split_whitespace().next().unwrap_or("");
        let lead = if SAYS_ITSELF.contains(&first) {
            ""
        } else if matches!(first, "first" | "second" | "third" | "fourth") {
            "in the "
        } else if self.start == self.end {
            "on "
        } else {
            "in "
        };
        format!("{lead}{} ({label})", phrase.join(" "))
    }
}

const MONTHS: &str = "january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec";

fn patterns() -> &'static [(Pattern, Kind)] {
    static P: OnceLock<Vec<(Pattern, Kind)>> = OnceLock::new();
    P.get_or_init(|| {
        let re = Pattern::new;
        let day = format!(r"(?:(?:the\s+)?(?:end|beginning|start|middle)\s+of\s+(?:{MONTHS})(?:\s+\d{{4}})?|\d{{4}}-\d{{2}}-\d{{2}}|(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})(?:\s+\d{{4}})?|(?:{MONTHS})(?:\s+\d{{4}})?|monday|tuesday|wednesday|thursday|friday|saturday|sunday|yesterday)");
        vec![
            (re(&format!(r"\b(?:between|from)\s+({day})\s+(?:and|to|until|-)\s+({day})\b")), Kind::Between),
            (re(&format!(r"\bsince\s+({day})\b")), Kind::Since),
            (re(&format!(r"\b(?:the\s+)?week\s+(?:starting|beginning|commencing|from|of)\s+(?:on\s+)?(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+)?(?:the\s+)?({day})")), Kind::WeekFrom),
            (re(r"\b(\d{4}-\d{2}-\d{2})\b"), Kind::Iso),
            (re(&format!(r"\b(?:on\s+)?((?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})(?:\s+\d{{4}})?)\b")), Kind::Written),
            (re(r"\b(?:past|last|previous)\s+(\d+|two|three|four|five|six|seven|ten|twelve)\s+(day|week|month|year)s?\b"), Kind::PastN),
            (re(r"\b(?:past|last|previous)\s+(day|week|month|year)\b(?:\s+or\s+so)?"), Kind::PastOne),
            (re(r"\bthis\s+(week|month|year)\b"), Kind::This),
            (re(r"\blast\s+year\b"), Kind::LastYear),
            (re(r"\btoday\b|\btonight\b|\bthis\s+morning\b"), Kind::Today),
            (re(r"\byesterday\b|\blast\s+night\b"), Kind::Yesterday),
            (re(&format!(r"\b(?:in|during|for|of)\s+({MONTHS})\b(?:\s+(\d{{4}}))?")), Kind::Month),
            (re(r"\b(?:on\s+|last\s+)?(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b"), Kind::Weekday),
        ]
    })
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Between,
    /// Seven days from the day named.
    WeekFrom,
    Since,
    Written,
    LastYear,
    Iso,
    PastN,
    PastOne,
    This,
    Today,
    Yesterday,
    Month,
    Weekday,
}

/// Finds the first date phrase in `question` and resolves it against `anchor` (phrases in
/// other languages and parts of months first, see [`super::periods`]).
/// "last week" is the previous calendar week (Monday start); "past 7 days" ends on the anchor.
pub fn find_range(question: &str, anchor: NaiveDate, week: Weekday) -> Option<DateRange> {
    let lower = question.to_lowercase();
    // `11/2` is a month and a day in a question written in Japanese, Chinese or Korean.
    let slashed = crate::domains::has_spaceless(&lower);
    let single = |text: &str, anchor, week| single(text, anchor, week, slashed);
    if let Some(span) = super::spans::joined(&lower, anchor, week, single) {
        return Some(span);
    }
    let range = single(&lower, anchor, week)?;
    Some(super::spans::since(&lower, &range, anchor).unwrap_or(range))
}

/// The first period `lower` names by itself.
fn single(lower: &str, anchor: NaiveDate, week: Weekday, slashed: bool) -> Option<DateRange> {
    // `the week of 14 April` is the week, not the day the other languages' patterns see.
    let spans = |kind: &Kind| matches!(kind, Kind::Between | Kind::WeekFrom);
    if let Some(range) = english(lower, anchor, week, spans) {
        return Some(range);
    }
    if let Some((start, end, phrase)) = super::periods::find(lower, anchor, week, slashed) {
        return Some(DateRange { start, end, phrase });
    }
    english(lower, anchor, week, |kind| !spans(kind)).or_else(|| named_weekday(lower, anchor))
}

/// The first English period phrase of a kind `wanted` takes.
fn english(
    lower: &str,
    anchor: NaiveDate,
    week: Weekday,
    wanted: impl Fn(&Kind) -> bool,
) -> Option<DateRange> {
    for (re, kind) in patterns().iter().filter(|(_, k)| wanted(k)) {
        let Some(caps) = re.captures(lower) else {
            continue;
        };
        let phrase = caps.get(0).expect("group 0").as_str().trim().to_string();
        let g = |i: usize| caps.get(i).map(|m| m.as_str()).unwrap_or("");
        let range = match kind {
            Kind::Between => {
                let (a, b) = (day_expr(g(1), anchor)?, day_expr(g(2), anchor)?);
                let end = month_end_if_month(g(2), b);
                (a.min(b), end.max(a))
            }
            Kind::Since => (day_expr(g(1), anchor)?, anchor),
            Kind::WeekFrom => {
                let day = day_expr(g(1), anchor)?;
                (day, day.checked_add_days(Days::new(6))?)
            }
            Kind::Written => {
                let day = day_expr(g(1), anchor)?;
                (day, day)
            }
            Kind::LastYear => last_calendar(anchor, "year", week)?,
            Kind::Iso => {
                let day = NaiveDate::parse_from_str(g(1), "%Y-%m-%d").ok()?;
                (day, day)
            }
            Kind::PastN => {
                let n = number(g(1))?;
                past(anchor, n, g(2))?
            }
            Kind::PastOne => {
                let calendar = !phrase.starts_with("past") && g(1) != "day";
                if calendar {
                    last_calendar(anchor, g(1), week)?
                } else {
                    past(anchor, 1, g(1))?
                }
            }
            Kind::This => match g(1) {
                "week" => (week_start(anchor, week), anchor),
                "month" => (anchor.with_day(1)?, anchor),
                _ => (NaiveDate::from_ymd_opt(anchor.year(), 1, 1)?, anchor),
            },
            Kind::Today => (anchor, anchor),
            Kind::Yesterday => {
                let d = anchor.checked_sub_days(Days::new(1))?;
                (d, d)
            }
            Kind::Month => {
                let month = month_number(g(1))?;
                let year = match g(2) {
                    "" if month > anchor.month() => anchor.year() - 1,
                    "" => anchor.year(),
                    y => y.parse().ok()?,
                };
                let start = NaiveDate::from_ymd_opt(year, month, 1)?;
                let end = start.checked_add_months(Months::new(1))?.pred_opt()?;
                (start, end)
            }
            Kind::Weekday => {
                let d = last_weekday_before(anchor, g(1).parse().ok()?)?;
                (d, d)
            }
        };
        return Some(DateRange {
            start: range.0,
            end: range.1,
            phrase,
        });
    }
    None
}

/// `el martes`, `화요일 저녁`, `火曜日に`, `am Dienstag`: a weekday named in any language
/// (the first spelling of the language files' `living.weekdays`) is its last day before
/// the anchor. A recurring spelling (`sábados`, `화요일마다`) or a lead word of one
/// (`cada`, `every`) names no day.
fn named_weekday(lower: &str, anchor: NaiveDate) -> Option<DateRange> {
    use crate::domains::has_spaceless;
    for living in super::chart::words::every_living() {
        for (i, spellings) in living.weekdays.iter().enumerate() {
            let at = |w: &str| {
                let w = w.to_lowercase();
                if has_spaceless(&w) {
                    lower.find(&w).map(|at| (at, w.len()))
                } else {
                    super::read::words::find_word(lower, &w).map(|at| (at, w.len()))
                }
            };
            let Some((start, len)) = spellings.first().and_then(|w| at(w)) else {
                continue;
            };
            let recurring = spellings[1..]
                .iter()
                .filter_map(|w| at(w))
                .any(|(s, l)| s <= start && s + l >= start + len && l > len);
            let before = lower[..start].trim_end();
            let every = living
                .every
                .iter()
                .any(|e| before.ends_with(e.to_lowercase().as_str()));
            if recurring || every {
                return None;
            }
            let wd = Weekday::try_from(i as u8).ok()?;
            let day = last_weekday_before(anchor, wd)?;
            return Some(DateRange {
                start: day,
                end: day,
                phrase: lower[start..start + len].to_string(),
            });
        }
    }
    None
}

/// A single day named by an expression like `2026-11-03`, `Nov 3`, `3 November 2026`,
/// `October` (its first day), a weekday (the last one before the anchor) or `yesterday`.
/// Dates without a year are the last such date not after the anchor.
fn day_expr(text: &str, anchor: NaiveDate) -> Option<NaiveDate> {
    let t = text.trim().trim_end_matches('.');
    if let Ok(d) = NaiveDate::parse_from_str(t, "%Y-%m-%d") {
        return Some(d);
    }
    if t == "yesterday" {
        return anchor.pred_opt();
    }
    if let Ok(wd) = t.parse::<Weekday>() {
        return last_weekday_before(anchor, wd);
    }
    // `the end of May`: its last week; `the middle of May`: the 15th.
    let bare = t.strip_prefix("the ").unwrap_or(t);
    for (part, day) in [
        ("end of ", 0),
        ("middle of ", 15),
        ("beginning of ", 1),
        ("start of ", 1),
    ] {
        if let Some(month) = bare.strip_prefix(part) {
            let first = day_expr(month, anchor)?;
            return match day {
                0 => month_end_if_month(month, first).checked_sub_days(chrono::Days::new(6)),
                d => first.with_day(d),
            };
        }
    }
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',' || c == '.')
        .filter(|w| !w.is_empty() && *w != "of")
        .collect();
    let mut month = None;
    let mut day = None;
    let mut year = None;
    for w in words {
        let digits = w.trim_end_matches(|c: char| c.is_alphabetic());
        if let Some(m) = month_number(w).filter(|_| w.chars().all(char::is_alphabetic)) {
            month = Some(m);
        } else if digits.len() == 4 {
            year = digits.parse().ok();
        } else if !digits.is_empty() {
            day = digits.parse().ok();
        }
    }
    let month = month?;
    let day = day.unwrap_or(1);
    match year {
        Some(y) => NaiveDate::from_ymd_opt(y, month, day),
        None => {
            let this_year = NaiveDate::from_ymd_opt(anchor.year(), month, day)?;
            if this_year > anchor {
                NaiveDate::from_ymd_opt(anchor.year() - 1, month, day)
            } else {
                Some(this_year)
            }
        }
    }
}

/// The last `wd` strictly before `anchor` ("on Tuesday" asked on a Tuesday is a week ago).
fn last_weekday_before(anchor: NaiveDate, wd: Weekday) -> Option<NaiveDate> {
    let mut d = anchor.pred_opt()?;
    while d.weekday() != wd {
        d = d.pred_opt()?;
    }
    Some(d)
}

/// "until October" ends at the end of October.
fn month_end_if_month(text: &str, day: NaiveDate) -> NaiveDate {
    let is_month_only = text.split_whitespace().all(|w| {
        month_number(w).is_some() && w.chars().all(char::is_alphabetic)
            || w.len() == 4 && w.chars().all(|c| c.is_ascii_digit())
    });
    if is_month_only {
        day.checked_add_months(Months::new(1))
            .and_then(|d| d.with_day(1))
            .and_then(|d| d.pred_opt())
            .unwrap_or(day)
    } else {
        day
    }
}

/// A recurring weekday ("on Mondays", "every Friday"), for per-weekday questions.
pub fn recurring_weekday(question: &str) -> Option<Weekday> {
    static RE: OnceLock<Pattern> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Pattern::new(r"\b(?:on\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s|every\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b")
    });
    let lower = question.to_lowercase();
    let c = re.captures(&lower)?;
    c.get(1).or(c.get(2))?.as_str().parse().ok()
}

/// The first day of `d`'s week, weeks starting on `week`.
pub fn week_start(d: NaiveDate, week: Weekday) -> NaiveDate {
    let back = (7 + d.weekday().num_days_from_monday() - week.num_days_from_monday()) % 7;
    d - chrono::Duration::days(back as i64)
}

fn last_calendar(anchor: NaiveDate, unit: &str, week: Weekday) -> Option<(NaiveDate, NaiveDate)> {
    Some(match unit {
        "week" => {
            let end = week_start(anchor, week).pred_opt()?;
            (week_start(end, week), end)
        }
        "month" => {
            let end = anchor.with_day(1)?.pred_opt()?;
            (end.with_day(1)?, end)
        }
        _ => (
            NaiveDate::from_ymd_opt(anchor.year() - 1, 1, 1)?,
            NaiveDate::from_ymd_opt(anchor.year() - 1, 12, 31)?,
        ),
    })
}

fn past(anchor: NaiveDate, n: u32, unit: &str) -> Option<(NaiveDate, NaiveDate)> {
    let start = match unit {
        "day" => anchor.checked_sub_days(Days::new(n as u64))?.succ_opt()?,
        "week" => anchor
            .checked_sub_days(Days::new(7 * n as u64))?
            .succ_opt()?,
        "month" => anchor.checked_sub_months(Months::new(n))?.succ_opt()?,
        _ => anchor.checked_sub_months(Months::new(12 * n))?.succ_opt()?,
    };
    Some((start, anchor))
}

fn number(word: &str) -> Option<u32> {
    Some(match word {
        "two" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "ten" => 10,
        "twelve" => 12,
        n => n.parse().ok().filter(|n| (1..=1000).contains(n))?,
    })
}

fn month_number(name: &str) -> Option<u32> {
    let names = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    names
        .iter()
        .position(|m| name.starts_with(m))
        .map(|i| i as u32 + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, day).unwrap()
    }

    fn range(q: &str) -> (NaiveDate, NaiveDate) {
        let r = find_range(q, d(11, 21), Weekday::Mon).unwrap();
        (r.start, r.end)
    }

    #[test]
    fn only_english_phrases_are_said_in_the_sentence() {
        let said = |q: &str| find_range(q, d(11, 21), Weekday::Mon).unwrap().describe();
        assert!(said("how far last week?").starts_with("last week ("));
        assert!(said("runs in the past 3 days").contains("past 3 days"));
        for q in ["combien ce mois-ci ?", "cuánto este mes", "이번 주 몇 번"] {
            assert!(said(q).starts_with("from "), "{q}: {}", said(q));
        }
    }

    #[test]
    fn calendar_phrases_relative_to_a_saturday() {
        // 2026-11-21 is a Saturday.
        assert_eq!(range("how did I sleep last week?"), (d(11, 9), d(11, 15)));
        assert_eq!(range("runs this week"), (d(11, 16), d(11, 21)));
        assert_eq!(range("how many runs last month"), (d(10, 1), d(10, 31)));
        assert_eq!(range("what did I eat yesterday"), (d(11, 20), d(11, 20)));
        assert_eq!(range("in the past 3 days"), (d(11, 19), d(11, 21)));
        assert_eq!(range("over the past two weeks"), (d(11, 8), d(11, 21)));
        assert_eq!(range("this month"), (d(11, 1), d(11, 21)));
    }

    #[test]
    fn weeks_can_start_on_sunday() {
        let r = find_range("how did I sleep last week?", d(11, 21), Weekday::Sun).unwrap();
        assert_eq!((r.start, r.end), (d(11, 8), d(11, 14)));
        let r = find_range("runs this week", d(11, 21), Weekday::Sun).unwrap();
        assert_eq!((r.start, r.end), (d(11, 15), d(11, 21)));
    }

    #[test]
    fn months_weekdays_and_iso_dates() {
        assert_eq!(range("how far did I run in October"), (d(10, 1), d(10, 31)));
        let dec = find_range("in December", d(11, 21), Weekday::Mon).unwrap();
        assert_eq!(dec.start, NaiveDate::from_ymd_opt(2025, 12, 1).unwrap());
        assert_eq!(range("what did I lift on Tuesday"), (d(11, 17), d(11, 17)));
        assert_eq!(range("on 2026-11-03?"), (d(11, 3), d(11, 3)));
        assert_eq!(
            find_range("what is my best bench", d(11, 21), Weekday::Mon),
            None
        );
    }

    #[test]
    fn since_between_written_dates_and_recurring_weekdays() {
        assert_eq!(range("how many runs since Nov 3"), (d(11, 3), d(11, 21)));
        assert_eq!(range("since 2026-10-15"), (d(10, 15), d(11, 21)));
        assert_eq!(range("since monday"), (d(11, 16), d(11, 21)));
        assert_eq!(range("since the end of May"), (d(5, 25), d(11, 21)));
        // 2026-11-21 is a Saturday: the Tuesday before it is the 17th.
        for q in [
            "¿qué cené el martes?",
            "화요일 저녁 뭐 먹었어?",
            "火曜日の夕食は?",
            "Was habe ich am Dienstag gegessen",
        ] {
            assert_eq!(range(q), (d(11, 17), d(11, 17)), "{q}");
        }
        for q in ["¿qué ceno los sábados?", "화요일마다 뭐 먹어?"] {
            let anchor = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
            assert!(find_range(q, anchor, Weekday::Mon).is_none(), "{q}");
        }
        assert_eq!(
            range("since the beginning of October"),
            (d(10, 1), d(11, 21))
        );
        assert_eq!(range("between Oct 5 and Oct 11"), (d(10, 5), d(10, 11)));
        assert_eq!(range("from 1 October to 15 October"), (d(10, 1), d(10, 15)));
        assert_eq!(range("between September and October"), (d(9, 1), d(10, 31)));
        assert_eq!(range("what did I do on November 3rd"), (d(11, 3), d(11, 3)));
        assert_eq!(range("on 3 November 2026"), (d(11, 3), d(11, 3)));
        // A date later in the year than the anchor means last year.
        let dec = find_range("on Dec 24", d(11, 21), Weekday::Mon).unwrap();
        assert_eq!(dec.start, NaiveDate::from_ymd_opt(2025, 12, 24).unwrap());
        assert_eq!(
            range("how many runs last year"),
            (
                NaiveDate::from_ymd_opt(2025, 1, 1).unwrap(),
                NaiveDate::from_ymd_opt(2025, 12, 31).unwrap()
            )
        );
        assert_eq!(
            recurring_weekday("how do I sleep on Mondays"),
            Some(Weekday::Mon)
        );
        assert_eq!(recurring_weekday("what did I do on Monday"), None);
    }
}
