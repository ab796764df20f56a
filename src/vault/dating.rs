//! Dates written in headings (`## 2024-03-05`, `### March 5, 2024`, `## Tue 5 Mar`,
//! `## 05.03.2024`): a note that is not a daily note can be a log of many days, each under
//! its own dated heading (DESIGN §1.2).

use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use regex::Regex;

use super::heading_path::Period;

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

/// The English weekday names, Monday first.
pub const WEEKDAYS: [&str; 7] = [
    "monday",
    "tuesday",
    "wednesday",
    "thursday",
    "friday",
    "saturday",
    "sunday",
];

/// Month names and their usual short forms in French, German, Spanish, Italian and
/// Portuguese, January first (English ones are matched by prefix instead).
const FOREIGN_MONTHS: [&[&str]; 12] = [
    &[
        "janvier", "janv", "januar", "jänner", "enero", "ene", "gennaio", "gen", "janeiro",
    ],
    &[
        "février",
        "fevrier",
        "févr",
        "fevr",
        "februar",
        "febrero",
        "febbraio",
        "fevereiro",
        "fev",
        "fév",
    ],
    &["mars", "märz", "maerz", "mär", "marzo", "março", "marco"],
    &["avril", "avr", "abril", "abr", "aprile"],
    &["mai", "mayo", "maggio", "mag", "maio"],
    &["juin", "juni", "junio", "giugno", "giu", "junho"],
    &["juillet", "juil", "juli", "julio", "luglio", "lug", "julho"],
    &["août", "aout", "agosto", "ago"],
    &[
        "septembre",
        "septiembre",
        "setiembre",
        "settembre",
        "setembro",
    ],
    &[
        "octobre", "oktober", "okt", "octubre", "ottobre", "ott", "outubro",
    ],
    &["novembre", "noviembre", "novembro"],
    &[
        "décembre",
        "decembre",
        "déc",
        "dezember",
        "dez",
        "diciembre",
        "dic",
        "dicembre",
        "dezembro",
    ],
];

/// A month name or its abbreviation, in English (`Mar`, `Sept`, `March`; not `marathon`)
/// or in French, German, Spanish, Italian or Portuguese (`novembre`, `März`, `dic`), 1-based.
pub fn month(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    if w.chars().count() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| m.starts_with(&w))
        .or_else(|| {
            FOREIGN_MONTHS
                .iter()
                .position(|names| names.contains(&w.as_str()))
        })
        .map(|i| i as u32 + 1)
}

/// How the numbers of a written date are ordered.
#[derive(Clone, Copy)]
enum Order {
    /// `2024-03-05`, `2024.03.05`, `2024년 3월 5일`, `2024年3月5日`, `20240305`.
    YearMonthDay,
    /// `05.03.2024`, `05-03-2024`; with slashes `03/05/2024` unless the first number is a day.
    DayMonthYear,
    /// `240305` (file names only: a common Korean and Japanese naming).
    ShortYear,
    /// `24.03.05` (Korean, Japanese) or `05.03.24` (German): whichever reading is the more
    /// recent day not after today.
    TwoDigitYear,
    /// `3월 5일`, `3月5日`, `3/5`, `19/3` (a year from context).
    MonthDay,
    /// `5.3.` (a year from context).
    DayMonth,
    /// `March 5, 2024`, `Mar 5` (month by name).
    NamedMonthDay,
    /// `5 March 2024`, `5th Mar`.
    DayNamedMonth,
}

struct Shape {
    order: Order,
    re: Regex,
}

/// Where a date may sit: at the start of a heading (after a weekday name), or anywhere in a
/// file name.
#[derive(Clone, Copy, PartialEq)]
enum Place {
    Heading,
    FileName,
}

/// The shapes of written dates, most specific first: `(order, pattern, where it counts)`.
/// Patterns capture the numbers (or the month name) in the order's sequence.
const SHAPES: &[(Order, &str, &[Place])] = &[
    (
        Order::YearMonthDay,
        r"(\d{4})\s*[-/._년年]\s*(\d{1,2})\s*[-/._월月]\s*(\d{1,2})(?:\s*[일日号])?",
        &[Place::Heading, Place::FileName],
    ),
    (
        Order::DayMonthYear,
        r"(\d{1,2})([./-])(\d{1,2})[./-](\d{4})",
        &[Place::Heading, Place::FileName],
    ),
    (
        Order::YearMonthDay,
        r"((?:19|20)\d{2})(\d{2})(\d{2})",
        &[Place::Heading, Place::FileName],
    ),
    (
        Order::ShortYear,
        r"(\d{2})(\d{2})(\d{2})",
        &[Place::FileName],
    ),
    (
        Order::TwoDigitYear,
        r"(\d{2})[./_-](\d{2})[./_-](\d{2})",
        &[Place::Heading, Place::FileName],
    ),
    (
        Order::MonthDay,
        r"(\d{1,2})\s*[월月]\s*(\d{1,2})\s*[일日号]",
        &[Place::Heading, Place::FileName],
    ),
    // Not `5/3/1` (a program's name).
    (
        Order::MonthDay,
        r"(\d{1,2})/(\d{1,2})(?:[^/0-9]|$)",
        &[Place::Heading],
    ),
    (
        Order::DayMonth,
        r"(\d{1,2})\.(\d{1,2})\.",
        &[Place::Heading],
    ),
    (
        Order::NamedMonthDay,
        r"(\p{L}{3,10})\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?",
        &[Place::Heading, Place::FileName],
    ),
    (
        Order::DayNamedMonth,
        r"(\d{1,2})(?:st|nd|rd|th|er|º)?\.?\s+(?:de\s+)?(\p{L}{3,10})\.?\b(?:,?\s+(?:de\s+)?(\d{4}))?",
        &[Place::Heading, Place::FileName],
    ),
];

/// The compiled shapes for one place.
fn shapes(place: Place) -> &'static [Shape] {
    static HEADING: OnceLock<Vec<Shape>> = OnceLock::new();
    static NAME: OnceLock<Vec<Shape>> = OnceLock::new();
    let cell = match place {
        Place::Heading => &HEADING,
        Place::FileName => &NAME,
    };
    cell.get_or_init(|| {
        // A heading may start with a weekday (`Tue 2024-03-05`, `Tuesday, March 5`,
        // `quinta-feira, 2 de novembro`); a file name may hold the date anywhere, but never
        // inside a longer number.
        let (before, after) = match place {
            Place::Heading => (
                r"^[^0-9\p{L}]*(?:\p{L}{3,10}(?:[-\s]\p{L}{3,6})?\.?,?\s+)?",
                r"(?:[^0-9]|$)",
            ),
            Place::FileName => (r"(?:^|[^0-9A-Za-z])", r"(?:[^0-9]|$)"),
        };
        SHAPES
            .iter()
            .filter(|(_, _, places)| places.contains(&place))
            .map(|(order, pattern, _)| Shape {
                order: *order,
                re: Regex::new(&format!("{before}{pattern}{after}"))
                    .expect("date pattern compiles"),
            })
            .collect()
    })
}

/// The date a heading's text starts with. A date without a year takes `year`, or when that
/// is unknown the latest such date not after `today`.
pub fn heading_date(text: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    find(text.trim(), Place::Heading, year, today, false)
}

/// What a dated heading says besides its date, a weekday before it and a time of day:
/// `Rest day` of `### 07.12 Fri Rest day`, `Run 5k` of `## 2024-05-01 20:00 Run 5k`.
pub fn heading_label(title: &str) -> String {
    let title = title.trim();
    let cut = shapes(Place::Heading).iter().find_map(|shape| {
        let c = shape.re.captures(title)?;
        // The pattern's last group ends the date; what follows it is kept.
        let end = (1..c.len())
            .filter_map(|i| c.get(i))
            .map(|m| m.end())
            .max()?;
        let end = title[end..]
            .find(|ch: char| !matches!(ch, '.' | ',' | ')' | '日' | '일' | '号'))
            .map_or(title.len(), |n| end + n);
        Some(end)
    });
    let rest = cut.map_or(title, |end| &title[end..]);
    // A day the headings above give a month for writes only its numbers (`06.18`).
    let words: Vec<&str> = rest
        .split_whitespace()
        .skip_while(|w| {
            // `22号`, `15th`: the day itself, said as one.
            let digits = w.chars().take_while(char::is_ascii_digit).count();
            let said = (1..=2).contains(&digits)
                && matches!(&w[digits..], "st" | "nd" | "rd" | "th" | "日" | "号" | "일");
            said || !w.chars().any(char::is_alphabetic)
        })
        .filter(|w| {
            let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
            let aside = w.starts_with('(') && w.ends_with(')');
            !(starts_with_clock(w) || weekday(bare) || aside)
        })
        .collect();
    words.join(" ")
}

/// Which number of a slashed date (`03/11/2026`, `3/11`) is the day.
///
/// Slashes put the month first (US, Korea, Japan) unless that cannot be; a note whose
/// headings or date-led lines show a first number over 12 (`## 24/09/2026`) writes the day
/// first in all of them (`## 01/09/2026` is then the 1st of September).
fn slash_day_first<'a>(titles: impl Iterator<Item = &'a str>) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(?:^|[^0-9/])(\d{1,2})/(\d{1,2})(?:/\d{2,4})?(?:[^0-9/]|$)")
            .expect("slash pattern compiles")
    });
    let (mut day_first, mut month_first) = (false, false);
    for title in titles {
        for c in re.captures_iter(title) {
            let (a, b): (u32, u32) = match (c[1].parse(), c[2].parse()) {
                (Ok(a), Ok(b)) => (a, b),
                _ => continue,
            };
            day_first |= (13..=31).contains(&a) && b <= 12;
            month_first |= (13..=31).contains(&b) && a <= 12;
        }
    }
    day_first && !month_first
}

/// A date written anywhere in a file name (`2024.03.05`, `Run 2024-03-05`, `20240305`,
/// `240305 하체`, `3월 5일`), read like a heading's date.
pub fn name_date(name: &str, today: NaiveDate) -> Option<NaiveDate> {
    find(name, Place::FileName, None, today, false)
}

/// A date anywhere in a title, as a file name writes it (`Semaine du 5 octobre`), its year
/// `year` when it writes none.
pub fn date_within(title: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    find(title, Place::FileName, year, today, false)
}

/// `day_first`: a slashed date writes the day first (see [`slash_day_first`]).
///
/// A month word that is also a weekday's short form (`mar.` is Tuesday in French, Spanish
/// and Italian) is read as the month only when nothing else dates the text: `mar. 11 août
/// 2026` is Tuesday the 11th of August.
fn find(
    text: &str,
    place: Place,
    year: Option<i32>,
    today: NaiveDate,
    day_first: bool,
) -> Option<NaiveDate> {
    let passed_over = std::cell::Cell::new(false);
    let pass = |weekdays_too: bool| {
        shapes(place).iter().find_map(|shape| {
            shape.re.captures_iter(text).find_map(|c| {
                let month_word = match shape.order {
                    Order::NamedMonthDay => c.get(1),
                    Order::DayNamedMonth => c.get(2),
                    _ => None,
                };
                if !weekdays_too && month_word.is_some_and(|w| weekday(w.as_str())) {
                    passed_over.set(true);
                    return None;
                }
                read(shape.order, &c, year, today, day_first)
            })
        })
    };
    pass(false).or_else(|| passed_over.get().then(|| pass(true)).flatten())
}

/// The date of one match, when its numbers make a real date.
fn read(
    order: Order,
    c: &regex::Captures,
    year: Option<i32>,
    today: NaiveDate,
    day_first: bool,
) -> Option<NaiveDate> {
    let num = |i: usize| -> Option<u32> { c.get(i)?.as_str().parse().ok() };
    let full = |y: u32, m: u32, d: u32| NaiveDate::from_ymd_opt(y as i32, m, d);
    let stated = |i: usize| num(i).map(|y| y as i32).or(year);
    match order {
        Order::YearMonthDay => full(num(1)?, num(2)?, num(3)?),
        Order::DayMonthYear => {
            let (a, b, y) = (num(1)?, num(3)?, num(4)?);
            // Slashes put the month first (US, Korea, Japan) unless that cannot be.
            if &c[2] == "/" && a <= 12 && !(day_first && b <= 12) {
                full(y, a, b)
            } else {
                full(y, b, a)
            }
        }
        Order::ShortYear => {
            let date = full(2000 + num(1)?, num(2)?, num(3)?)?;
            // Six digits are a date only when that day has already come.
            (date <= today).then_some(date)
        }
        Order::TwoDigitYear => {
            let (a, b, c) = (num(1)?, num(2)?, num(3)?);
            let year_first = full(2000 + a, b, c);
            let year_last = full(2000 + c, b, a);
            [year_first, year_last]
                .into_iter()
                .flatten()
                .filter(|date| *date <= today)
                .max()
        }
        Order::MonthDay => {
            // `19/11` can only be day first.
            let (a, b) = (num(1)?, num(2)?);
            let slashed = c[0].contains('/');
            let (m, d) = if a > 12 || (slashed && day_first && b <= 12) {
                (b, a)
            } else {
                (a, b)
            };
            without_year(m, d, year, today)
        }
        Order::DayMonth => without_year(num(2)?, num(1)?, year, today),
        Order::NamedMonthDay => without_year(month(&c[1])?, num(2)?, stated(3), today),
        Order::DayNamedMonth => without_year(month(&c[2])?, num(1)?, stated(3), today),
    }
}

/// A month and day with the year given, else the latest such date not after `today`.
fn without_year(m: u32, d: u32, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    match year {
        Some(y) => NaiveDate::from_ymd_opt(y, m, d),
        None => [today.year(), today.year() - 1]
            .into_iter()
            .filter_map(|y| NaiveDate::from_ymd_opt(y, m, d))
            .find(|date| *date <= today),
    }
}

/// A line that holds nothing but a date and maybe its weekday: `11월 23일`, `11/23 (월)`,
/// `2026.11.23 월요일`, `Mon Nov 23`.
fn bare_date_line(line: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    let line = line.trim();
    if line.chars().count() > 24 {
        return None;
    }
    let date = heading_date(line, year, today)?;
    line.split(|c: char| !c.is_alphabetic())
        .filter(|w| !w.is_empty() && !matches!(*w, "월" | "일" | "년" | "月" | "日" | "年"))
        .all(|w| weekday(w) || month(w).is_some())
        .then_some(date)
}

/// A weekday's name or short form: `Mon`, `Tuesday`, `mar.`, `Di`, `martes`, `월`, `화요일`,
/// `水曜日`, `星期三`, `周三` (the language files' `answers.weekdays` and
/// `living.weekdays` give the written ones).
pub(crate) fn weekday(word: &str) -> bool {
    let w = word.to_lowercase();
    let days = |c: char| "월화수목금토일月火水木金土日一二三四五六天".contains(c);
    let mut chars = w.chars();
    let first = chars.next();
    let rest: String = chars.collect();
    (w.len() >= 3 && WEEKDAYS.iter().any(|d| d.starts_with(&w)))
        || written_weekdays().contains_key(w.trim_end_matches('.'))
        || first.is_some_and(days) && matches!(rest.as_str(), "" | "요일" | "曜日" | "曜")
        || ["星期", "周", "週"].iter().any(|p| {
            w.strip_prefix(p)
                .is_some_and(|r| r.chars().count() == 1 && r.chars().all(days))
        })
}

/// Every shipped language's weekday names and short forms, lowercase, without a dot, each
/// with its day (Monday 0 … Sunday 6).
fn written_weekdays() -> &'static std::collections::HashMap<String, u32> {
    static WORDS: OnceLock<std::collections::HashMap<String, u32>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let lexicon = crate::offline::read::lexicon::lexicon();
        let mut words = std::collections::HashMap::new();
        for (lang, answers) in &lexicon.answers {
            let living = crate::offline::chart::words::living(lang);
            let short = answers.weekdays.iter().map(std::slice::from_ref);
            for (i, spellings) in short
                .enumerate()
                .chain(living.weekdays.iter().map(Vec::as_slice).enumerate())
            {
                for w in spellings {
                    let w = w.to_lowercase().trim_end_matches('.').to_string();
                    if !w.is_empty() {
                        words.insert(w, i as u32);
                    }
                }
            }
        }
        words
    })
}

/// Keys that give a note's date, in frontmatter or in the property lines a Notion export
/// writes under the title (`날짜: 2026년 11월 20일`, `Date: November 20, 2026`).
pub const DATE_KEYS: [&str; 10] = [
    "date", "날짜", "일자", "日付", "日期", "fecha", "datum", "data", "day", "jour",
];

/// A date written as a value (`2026-11-05`, `2026년 11월 5일`, `November 5, 2026`,
/// `05.11.2026 21:13`), read like a heading's date.
pub fn value_date(value: &str, today: NaiveDate) -> Option<NaiveDate> {
    let value = value.trim().trim_matches(['"', '\'', '[', ']']);
    heading_date(value, None, today)
}

/// The date of a `date: …` line among the property lines at the head of a note's body
/// (after its title, before any other text): how Notion and some apps export a page.
pub fn property_date(body: &str, today: NaiveDate) -> Option<NaiveDate> {
    for line in body.lines().take(12) {
        let t = line.trim();
        if t.is_empty() || t.starts_with("# ") || t == "---" {
            continue;
        }
        // A note that opens with its date alone (`2025-06-01`, `Stand: 31.05.2025`): a
        // date with its year.
        let with_year = |v: &str| {
            let digits: Vec<&str> = v.split(|c: char| !c.is_ascii_digit()).collect();
            digits
                .iter()
                .any(|d| d.len() == 4)
                .then(|| value_date(v, today))?
        };
        let first = !body
            .lines()
            .take_while(|l| l.trim() != t)
            .any(|l| !(l.trim().is_empty() || l.trim().starts_with("# ") || l.trim() == "---"));
        if first && !t.starts_with('#') {
            if let Some(date) = bare_date_line(t, None, today).and_then(|_| with_year(t)) {
                return Some(date);
            }
        }
        let (key, value) = t.split_once([':', '：'])?;
        let key = key.trim().trim_matches('*').trim().to_lowercase();
        if key.chars().count() > 20 {
            return None;
        }
        if DATE_KEYS.contains(&key.as_str()) {
            return value_date(value, today);
        }
        if first
            && !t.starts_with('#')
            && key.split_whitespace().count() <= 2
            && bare_date_line(value, None, today).is_some()
        {
            if let Some(date) = with_year(value) {
                return Some(date);
            }
        }
    }
    None
}

/// (0-based line, date) of each dated heading; `None` where a heading closes the day.
pub type DatedLines = Vec<(usize, Option<NaiveDate>)>;

/// The dated headings of a note's text, (0-based line, date) in order, and the period each
/// heading's path has named (line, year and month) for rows that write only a day. A
/// heading dates its day with the year and month of the headings above it (`# 2024` >
/// `## 六月` > `### 06.18`). An undated heading at the same or a higher level than the open
/// dated one closes its day, as `(line, None)`: `## 주간 정리` after `### 11월 22일 (일)` is a
/// week's summary, not Sunday's log. A time heading (`## 07:30 Run`) closes nothing.
pub fn heading_dates(
    text: &str,
    year: Option<i32>,
    today: NaiveDate,
) -> (DatedLines, Vec<(usize, Period)>) {
    let key = super::coded_headings::key(text);
    let base = Period::of(year, None);
    heading_dates_keyed(text, base, today, key.as_ref())
}

/// [`heading_dates`] with the key of the text's coded headings read already (see
/// [`super::coded_headings::key`]), and the period the note's name gives (`2026年11月`
/// dates `### 26号（周四）`).
pub(crate) fn heading_dates_keyed(
    text: &str,
    base: Period,
    today: NaiveDate,
    key: Option<&super::coded_headings::Key>,
) -> (DatedLines, Vec<(usize, Period)>) {
    // Headings and lines led by a date (`- 25/12/2019 — 86,0 kg`) settle the order.
    let day_first = slash_day_first(text.lines().filter_map(|line| {
        let t = line.trim_start();
        let rest = t.trim_start_matches(['#', '-', '*', '+', ' ', '\t']);
        let rest = without_box(rest);
        (t.starts_with('#') || rest.starts_with(|c: char| c.is_ascii_digit())).then_some(rest)
    }));
    let mut in_code = false;
    let mut out = Vec::new();
    // Above any heading, the period the note's path gives (`2025-03 Marzo.md`).
    let mut periods: Vec<(usize, Period)> = (base.year.is_some() || base.month.is_some())
        .then_some((0, base))
        .into_iter()
        .collect();
    let mut bare = Vec::new();
    let mut led = Vec::new();
    // Cards' own dates (`日付: …`), whether the last date was one, and where cards' days
    // end; and how many table rows start with a day (a note kept as a day table holds its
    // cards as write-ups beside the log).
    let mut cards = Vec::new();
    let mut card_open = false;
    let mut card_ends = Vec::new();
    let mut day_rows = 0;
    // Lines led by a day and month in numbers alone (`01/08 café 1,50€`, `3.10. Rad`).
    let mut numbered = Vec::new();
    // The level (number of `#`) of the dated heading whose day is open.
    let mut open: Option<usize> = None;
    // The periods named by the headings above: (level, period).
    let mut path: Vec<(usize, Period)> = Vec::new();
    let known = |path: &[(usize, Period)]| Period {
        year: path.iter().rev().find_map(|(_, p)| p.year).or(base.year),
        month: path.iter().rev().find_map(|(_, p)| p.month).or(base.month),
        // A week is the nearest one named; a month named below it replaces it.
        week: match path
            .iter()
            .rev()
            .find(|(_, p)| p.week.is_some() || p.month.is_some())
        {
            Some((_, p)) => p.week,
            None => base.week,
        },
    };
    // Front matter is the note's own properties, never a card of its log.
    let front_matter = match text.lines().next().map(str::trim_end) {
        Some("---") => text
            .lines()
            .skip(1)
            .position(|l| l.trim_end() == "---")
            .map_or(0, |n| n + 2),
        _ => 0,
    };
    for (i, line) in text.lines().enumerate().skip(front_matter) {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            // A plain fence holds log text (read); one naming a language holds code.
            in_code = !in_code && !super::note::holds_log_text(&t[3..]);
            continue;
        }
        if in_code {
            continue;
        }
        if !t.starts_with('#') {
            let here = known(&path);
            if let Some(cell) = t.strip_prefix('|').and_then(|r| r.split('|').next()) {
                // Two are enough to tell a day table.
                if day_rows < 2 {
                    day_rows += usize::from(heading_date(cell.trim(), here.year, today).is_some());
                }
                continue;
            }
            // `11월 23일`, `2026.11.23 (월)`: a line that is only a date opens a day in a
            // memo export, as a heading would; so does a card's own date (`日付: 2026/10/01`).
            if let Some(date) = bare_date_line(t, here.year, today) {
                bare.push((i, Some(date)));
                card_open = false;
            } else if let Some(date) = date_key_line(t, here.year, today) {
                cards.push((i, Some(date)));
                card_open = true;
            } else if card_open && is_break(t) {
                // A card's day ends with it (`---`), or at the next heading.
                card_ends.push((i, None));
                card_open = false;
            } else if let Some(date) = here.week.and_then(|first| weekday_led_line(t, first)) {
                // `- lunes: regué los tomates` in a week's note: that week's Monday.
                led.push((i, Some(date)));
            } else if let Some(date) = date_led_line(t, here.year, today, day_first) {
                led.push((i, Some(date)));
            } else if let Some(date) = numbers_led_line(t, here.year, today, day_first) {
                numbered.push((i, Some(date)));
            }
            continue;
        }
        let level = t.chars().take_while(|c| *c == '#').count();
        let title = &t[level..];
        if !title.starts_with([' ', '\t']) {
            continue;
        }
        if card_open {
            card_ends.push((i, None));
            card_open = false;
        }
        let title = title.trim();
        path.retain(|(l, _)| *l < level);
        let above = known(&path);
        // `## 07_16_200` under `# 2024`, with a key line: July 2024, a month of its own.
        if let Some(months) = key.and_then(|k| k.months(title)) {
            let named = Period::of(above.year, Some(*months.start()));
            path.push((level, named));
            periods.push((i, known(&path)));
            let first = above
                .year
                .and_then(|y| NaiveDate::from_ymd_opt(y, *months.start(), 1));
            out.push((i, first));
            open = first.map(|_| level);
            continue;
        }
        // `# Semaine 42 — 12 au 18 octobre`, `## KW 41`: a week, whose headings below
        // write only their day (`### Lundi 12`).
        if let Some(first) = super::heading_path::week(title, above.year, today) {
            path.push((level, Period::week_from(first)));
            periods.push((i, known(&path)));
            if open.is_some_and(|l| level <= l) {
                out.push((i, None));
                open = None;
            }
            continue;
        }
        // Under a week its days come first (`### Mar. 10` is Tuesday the 10th).
        let in_week = above.week.and_then(|first| {
            super::heading_path::day_in_week(title, first)
                .or_else(|| weekday_led_line(title, first).filter(|_| named_weekday(title)))
        });
        let date = in_week
            .or_else(|| find(title, Place::Heading, above.year, today, day_first))
            .or_else(|| {
                let (y, m) = (above.year?, above.month?);
                // A week's bare days are its own seven.
                above
                    .week
                    .is_none()
                    .then(|| super::heading_path::day_in(title, y, m))?
            });
        if let Some(date) = date {
            out.push((i, Some(date)));
            open = Some(level);
            continue;
        }
        if let Some(named) = super::heading_path::period(title) {
            // `## 2023-08` after `### 31`: a new month closes the day, as any heading does.
            path.push((level, named));
            periods.push((i, known(&path)));
        }
        if open.is_some_and(|l| level <= l) && !starts_with_clock(title) {
            out.push((i, None));
            open = None;
        }
    }
    // One date line alone may be a remark; two or more are how the note is kept. Lines
    // that start with their day (`2021/1/5: squat …`, `- 2024.3.2（周六）…`) count too.
    // Numbers alone date lines only where the note is kept so: three or more, one after
    // another in time (`1/2 cup`, `3/4 cup`, `1/4 tsp` go back and forth).
    if numbered.len() >= 3 && in_order(&numbered) {
        led.extend(numbered);
    }
    if day_rows < 2 {
        bare.extend(cards);
    }
    if out.is_empty() && bare.len() + led.len() >= 2 {
        out = bare;
        out.extend(led);
        if day_rows < 2 {
            out.extend(card_ends);
        }
        out.sort_by_key(|(line, _)| *line);
    }
    (out, periods)
}

/// A thematic break (`---`, `***`, `___`), which ends a card.
fn is_break(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3
        && [b'-', b'*', b'_']
            .iter()
            .any(|c| t.bytes().all(|b| b == *c))
}

/// A card's own date: a line `日付: 2026/10/01`, `- **Date:** 3 Nov 2024`, `fecha:: 2024-05-02`
/// whose key is one of [`DATE_KEYS`] and whose value is a date (a day without its year takes
/// the year of the note's path or headings).
fn date_key_line(line: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    let (key, value) = past_marker(line).split_once([':', '：'])?;
    let key = key.trim().trim_matches('*').trim().to_lowercase();
    if !DATE_KEYS.contains(&key.as_str()) {
        return None;
    }
    let value = value.trim_start_matches(':').trim_start_matches('*').trim();
    heading_date(value.trim_matches(['"', '\'', '[', ']']), year, today)
}

/// The day of the week starting `first` that a line opens with by its weekday's name:
/// `- lunes: regué los tomates`, `Tue - 5 km easy`, `月曜：ジム`, `* Mittwoch, Yoga`.
fn weekday_led_line(line: &str, first: NaiveDate) -> Option<NaiveDate> {
    let rest = without_box(past_marker(line.trim())).trim_start_matches('*');
    let end = rest
        .find(|c: char| c.is_whitespace() || ":：,，.(（-–*".contains(c))
        .unwrap_or(rest.len());
    let index = weekday_index(&rest[..end])?;
    first.checked_add_days(chrono::Days::new(u64::from(index)))
}

/// Whether a title is a weekday's name alone, maybe with its punctuation (`Lunes`, `月曜日`).
fn named_weekday(title: &str) -> bool {
    let t = title.trim().trim_matches(|c: char| !c.is_alphanumeric());
    weekday_index(t).is_some()
}

/// Monday 0 … Sunday 6 for a weekday's whole name or short form in any shipped language
/// (`lunes`, `Tue`, `Mittwoch`, `木曜日`, `금요일`, `周六`); one-letter forms are not read (`月`
/// is a month, `Do` stays a word of two letters).
pub fn weekday_index(word: &str) -> Option<u32> {
    let w = word.to_lowercase();
    let w = w.trim_end_matches('.');
    if w.chars().count() < 2 {
        return None;
    }
    if let Some(i) = written_weekdays().get(w) {
        return Some(*i);
    }
    // `木曜日`, `금요일`, `周六`, `礼拜天`: a day's character with its word for weekday.
    let at = |days: &str, c: &str| {
        days.chars()
            .position(|d| c == d.to_string())
            .map(|i| i as u32)
    };
    let mut chars = w.chars();
    let first = chars.next()?.to_string();
    let rest = chars.as_str();
    match rest {
        "曜日" | "曜" => return at("月火水木金土日", &first),
        "요일" => return at("월화수목금토일", &first),
        _ => {}
    }
    let (prefix, day) = ["星期", "周", "週", "礼拜"]
        .iter()
        .find_map(|p| Some((*p, w.strip_prefix(p)?)))?;
    match day {
        "天" if prefix != "週" => Some(6),
        _ => at("一二三四五六日", day),
    }
}

/// Whether the dates go one way only, forward or back.
fn in_order(dated: &[(usize, Option<NaiveDate>)]) -> bool {
    let dates: Vec<NaiveDate> = dated.iter().filter_map(|(_, d)| *d).collect();
    let pairs = || dates.windows(2);
    pairs().all(|w| w[0] <= w[1]) || pairs().all(|w| w[0] >= w[1])
}

/// A line led by a day and a month in numbers alone, then what happened: `01/08 café con
/// leche 1,50€`, `- 3.10. Rad 42 km`. Only with the year known from the path or the
/// headings above.
fn numbers_led_line(
    line: &str,
    year: Option<i32>,
    today: NaiveDate,
    day_first: bool,
) -> Option<NaiveDate> {
    year?;
    let rest = without_box(past_marker(line));
    let (first, after) = rest.split_once(char::is_whitespace)?;
    let first = first.trim_end_matches([':', ',']);
    let parts: Vec<&str> = first.trim_end_matches('.').split(['/', '.']).collect();
    let numbers = parts.len() == 2
        && parts
            .iter()
            .all(|p| (1..=2).contains(&p.len()) && p.chars().all(|c| c.is_ascii_digit()));
    if !numbers || after.trim().is_empty() {
        return None;
    }
    find(first, Place::Heading, year, today, day_first)
}

/// A line of a log kept one day a line, or one dated item a day: it starts (after a list
/// marker) with a full date followed by what happened: `2021/1/5: squat 3x5@90kg`,
/// `* 2017/03/07:`, `2023-09-02 vélo 52 km`, `- 2024.3.2（周六）和小李去爬山`. A date
/// without a year takes the year of the headings above.
fn date_led_line(
    line: &str,
    year: Option<i32>,
    today: NaiveDate,
    day_first: bool,
) -> Option<NaiveDate> {
    let rest = without_box(past_marker(line));
    // The date leads: numbers joined by separators (`2021/1/5`, `2024.3.2`, `3月5日`), a
    // day and a month's name (`5 May`), or a month's name (`Nov 5`).
    let mut words = rest.split_whitespace();
    let first = words.next()?;
    // Numbers alone are a date only with their year or the month's own mark: `1/2 cup`
    // is an amount.
    let four_digits = first
        .split(|c: char| !c.is_ascii_digit())
        .any(|n| n.len() == 4);
    let joined = first.starts_with(|c: char| c.is_ascii_digit())
        && (four_digits && first.contains(['/', '-', '.']) || first.contains(['月', '월']));
    let named = month(first.trim_end_matches([',', '.', ':'])).is_some()
        || first.starts_with(|c: char| c.is_ascii_digit())
            && words
                .next()
                .is_some_and(|w| month(w.trim_end_matches([',', '.', ':'])).is_some());
    if !(joined || named) {
        return None;
    }
    find(rest, Place::Heading, year, today, day_first)
}

/// A line past its list marker (`- `, `* `, `+ `).
fn past_marker(line: &str) -> &str {
    line.strip_prefix(['*', '-', '+'])
        .map(str::trim_start)
        .unwrap_or(line)
}

/// `- [x] 2024-02-05 Projekt Aurora 3,5 h`: a line past a to-do's box.
fn without_box(line: &str) -> &str {
    ["[x] ", "[X] ", "[ ] "]
        .iter()
        .find_map(|b| line.strip_prefix(b))
        .unwrap_or(line)
}

/// `07:30`, `7:05 Run`: a heading that is a time of day.
fn starts_with_clock(title: &str) -> bool {
    let digits = title.chars().take_while(char::is_ascii_digit).count();
    (1..=2).contains(&digits)
        && title[digits..].starts_with(':')
        && title[digits + 1..]
            .chars()
            .take(2)
            .filter(char::is_ascii_digit)
            .count()
            == 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    fn dated_headings(text: &str, year: Option<i32>, today: NaiveDate) -> DatedLines {
        heading_dates(text, year, today).0
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
            ("2024년 3월 5일 화요일", Some(d(2024, 3, 5))),
            ("3월 5일 (화) 하체", Some(d(2026, 3, 5))),
            ("2024年3月5日", Some(d(2024, 3, 5))),
            ("3月5日 ジム", Some(d(2026, 3, 5))),
            ("11/19 등/이두", Some(d(2026, 11, 19))),
            ("19/11 gym", Some(d(2026, 11, 19))),
            ("5.3. Lauf", Some(d(2026, 3, 5))),
            ("📅 2024.03.05", Some(d(2024, 3, 5))),
            ("20240305", Some(d(2024, 3, 5))),
            ("24.03.05 (화)", Some(d(2024, 3, 5))),
            ("Training notes", None),
            ("1.2.3 release", None),
            ("5.3 km easy", None),
            ("07:30 Run", None),
            ("Week 6", None),
            ("5 sets of squats", None),
            ("3 marathons", None),
            ("mercredi 5 novembre", Some(d(2026, 11, 5))),
            ("Dienstag, 3. Nov. 2026", Some(d(2026, 11, 3))),
            ("quinta-feira, 2 de novembro de 2023", Some(d(2023, 11, 2))),
            ("terça feira, 7 de novembro de 2023", Some(d(2023, 11, 7))),
            ("5 sets of mais", None),
            ("5/3/1 프로그램", None),
            ("5/3/1 BBB template", None),
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
    fn dates_anywhere_in_file_names() {
        let today = d(2026, 11, 22);
        let cases = [
            ("2026.11.16", Some(d(2026, 11, 16))),
            ("2026_11_16 legs", Some(d(2026, 11, 16))),
            ("운동일지 2026-11-16", Some(d(2026, 11, 16))),
            ("운동일지2026.11.16", Some(d(2026, 11, 16))),
            ("20261116", Some(d(2026, 11, 16))),
            ("261116 하체", Some(d(2026, 11, 16))),
            ("26.11.05", Some(d(2026, 11, 5))),
            ("헬스 24.03.05", Some(d(2024, 3, 5))),
            ("05.03.24 Training", Some(d(2024, 3, 5))),
            ("26-11-05", Some(d(2026, 11, 5))),
            ("16.11.2026", Some(d(2026, 11, 16))),
            ("11월 16일", Some(d(2026, 11, 16))),
            ("2026년 11월 16일 운동", Some(d(2026, 11, 16))),
            ("Run Nov 16, 2026", Some(d(2026, 11, 16))),
            ("16 novembre 2026", Some(d(2026, 11, 16))),
            ("1er décembre 2025", Some(d(2025, 12, 1))),
            ("Mittwoch, 4. März 2026", Some(d(2026, 3, 4))),
            ("5 de noviembre de 2026", Some(d(2026, 11, 5))),
            ("12 agosto 2026", Some(d(2026, 8, 12))),
            // `mar.` opening a French, Spanish or Italian name is Tuesday, not March, when
            // another month is written; alone it is still March.
            ("mar. 11 août 2026", Some(d(2026, 8, 11))),
            ("mar 10 novembre 2026", Some(d(2026, 11, 10))),
            ("Mar 5, 2026", Some(d(2026, 3, 5))),
            ("Tue Mar 3 2026", Some(d(2026, 3, 3))),
            // Not dates: a future six-digit code, a plan, a number of weeks.
            ("991231 invoice", None),
            ("12 week plan", None),
            ("Marathon plan", None),
            ("Jan 5k plan", None),
        ];
        for (name, want) in cases {
            assert_eq!(name_date(name, today), want, "{name}");
        }
    }

    #[test]
    fn a_date_property_line_under_the_title_dates_a_notion_page() {
        let today = d(2026, 11, 22);
        let page = "# 상체 A\n\n날짜: 2026년 11월 20일\n운동시간: 70분\n\n| 벤치프레스 | 75 |\n";
        assert_eq!(property_date(page, today), Some(d(2026, 11, 20)));
        let english = "# Push day\nTags: gym\nDate: November 5, 2026\n";
        assert_eq!(property_date(english, today), Some(d(2026, 11, 5)));
        // A date further down, after the first paragraph, is not the page's.
        let prose = "Went to the gym.\nDate: 2026-11-05\n";
        assert_eq!(property_date(prose, today), None);
        assert_eq!(property_date("# Plan\n날짜: 미정\n", today), None);
        // A note that opens with a date with its year, alone or after a label.
        assert_eq!(
            property_date("2025-06-01\n\n? runs\n", today),
            Some(d(2025, 6, 1))
        );
        let german = "Stand: 31.05.2025\n\n# Fragen\n";
        assert_eq!(property_date(german, today), Some(d(2025, 5, 31)));
        assert_eq!(property_date("Nov 5\nran 5k\n", today), None);
        assert_eq!(property_date("Started: 2025\n", today), None);
    }

    #[test]
    fn lines_that_are_only_dates_open_days_when_there_are_several() {
        let today = d(2026, 11, 22);
        let memo =
            "11월 17일\n벤치프레스 50kg 10회 x 5\n\n11월 16일 (월)\n스쿼트 67.5kg 15회 x 3\n";
        assert_eq!(
            dated_headings(memo, None, today),
            [(0, Some(d(2026, 11, 17))), (3, Some(d(2026, 11, 16)))]
        );
        let recipe = "1/2 cup oats\n1/4 cup milk\n";
        assert_eq!(dated_headings(recipe, None, today), []);
        let one = "Nov 5\nran 5k\n";
        assert_eq!(dated_headings(one, None, today), []);
    }

    #[test]
    fn lines_that_start_with_their_day_open_days_when_there_are_several() {
        let today = d(2026, 11, 22);
        let cases: &[(&str, &[(usize, NaiveDate)])] = &[
            (
                "Pasted:\n```\n2021/1/5: squat 3x5@90kg\n2021/1/7: squat 3x5@92.5kg\n```\n",
                &[(2, d(2021, 1, 5)), (3, d(2021, 1, 7))],
            ),
            (
                "```text\n* 2022-05-03\n  - 1200 m Kraul\n* 2022-05-06\n  - 1500 m Kraul\n```\n",
                &[(1, d(2022, 5, 3)), (3, d(2022, 5, 6))],
            ),
            (
                "- 2024.3.2（周六）和小李去爬山\n- 2024.3.9（周六）游泳\n",
                &[(0, d(2024, 3, 2)), (1, d(2024, 3, 9))],
            ),
            (
                "# 2019\n- 5 May: ran 5 km\n- May 9, ran 7 km\n",
                &[(1, d(2019, 5, 5)), (2, d(2019, 5, 9))],
            ),
            (
                "## März\n- [x] 2024-03-01 Projekt Aurora 4 h\n- [ ] 2024-03-04 Birke 6 h\n",
                &[(1, d(2024, 3, 1)), (2, d(2024, 3, 4))],
            ),
        ];
        for (text, want) in cases {
            let got: Vec<(usize, NaiveDate)> = dated_headings(text, None, today)
                .into_iter()
                .filter_map(|(l, date)| Some((l, date?)))
                .collect();
            assert_eq!(&got, want, "{text}");
        }
        // Amounts and code are no dates.
        let code = "```python\n2021/1/5: squat\n2021/1/7: squat\n```\n";
        assert_eq!(dated_headings(code, None, today), []);
        let amounts = "- 1/2 cup oats\n- 3/4 cup milk\n- 12.5 km\n";
        assert_eq!(dated_headings(amounts, None, today), []);
    }

    #[test]
    fn a_day_and_month_in_numbers_lead_lines_under_a_known_year() {
        let today = d(2026, 11, 22);
        let ledger = "## Octubre\n```\n01/10 café 1,60€\n3/10 09:15 súper 52,30 €\n\
                      17/10 taller 210€\n30/10 cortado 1.50 EUR\n```\n";
        let got: Vec<NaiveDate> = dated_headings(ledger, Some(2025), today)
            .into_iter()
            .filter_map(|(_, date)| date)
            .collect();
        assert_eq!(
            got,
            [
                d(2025, 10, 1),
                d(2025, 10, 3),
                d(2025, 10, 17),
                d(2025, 10, 30)
            ]
        );
        let rad = "- 3.10. Rad 42 km\n- 5.10. Rad 30 km\n- 9.10. Lauf 8 km\n";
        assert_eq!(dated_headings(rad, Some(2025), today).len(), 3);
        // Without the year, or going back and forth (a recipe's fractions), no dates.
        assert_eq!(dated_headings(ledger, None, today), []);
        let recipe = "- 1/2 cup oats\n- 3/4 cup milk\n- 1/4 tsp salt\n";
        assert_eq!(dated_headings(recipe, Some(2025), today), []);
    }

    #[test]
    fn a_note_that_writes_the_day_first_does_so_in_every_heading() {
        let today = d(2026, 11, 26);
        let text = "## Objetivos\n## mar 01/09/2026\nx\n## jue 24/09/2026\ny\n## 3/11\nz\n";
        let dates: Vec<_> = dated_headings(text, Some(2026), today)
            .into_iter()
            .filter_map(|(_, date)| date)
            .collect();
        assert_eq!(dates, vec![d(2026, 9, 1), d(2026, 9, 24), d(2026, 11, 3)]);
        // Without a day over 12, slashes keep the month first.
        let text = "## 01/09/2026\nx\n## 11/30/2026\ny\n";
        let dates: Vec<_> = dated_headings(text, None, today)
            .into_iter()
            .filter_map(|(_, date)| date)
            .collect();
        assert_eq!(dates, vec![d(2026, 1, 9), d(2026, 11, 30)]);
    }

    #[test]
    fn headings_are_found_outside_code() {
        let text = "# Log\n## 2024-03-05\nran 5k\n```sh\n## 2024-03-06\n```\n### March 7, 2024\nbench\n#tag line\n";
        let today = d(2026, 11, 22);
        assert_eq!(
            dated_headings(text, None, today),
            [(1, Some(d(2024, 3, 5))), (6, Some(d(2024, 3, 7)))]
        );
    }

    #[test]
    fn a_summary_heading_closes_the_day_above_it() {
        let today = d(2026, 11, 22);
        let week = "# 2026-W47\n### 11월 21일 (토)\n- 러닝 5km\n#### 메모\n좋았음\n### 11월 22일 (일)\n- 휴식\n## 주간 정리\n이번 주 총 22km\n## 11월 20일\n### 09:30 Run\n5k\n## 07:30\nbench\n";
        assert_eq!(
            dated_headings(week, None, today),
            [
                (1, Some(d(2026, 11, 21))),
                (5, Some(d(2026, 11, 22))),
                (7, None),
                (9, Some(d(2026, 11, 20))),
            ]
        );
    }

    #[test]
    fn cards_dated_by_their_own_key_and_weekdays_in_a_weeks_note() {
        let today = d(2026, 11, 22);
        let cards = "# 2026年10月\n\n日付: 2026/10/01\n距離: 12.2km\n\n---\n\n日付: 2026/10/03\n距離: 5km\n\n- **Date:** 5 Oct 2026\n- Distance: 8 km\n";
        assert_eq!(
            heading_dates(cards, Some(2026), today).0,
            [
                (2, Some(d(2026, 10, 1))),
                (5, None),
                (7, Some(d(2026, 10, 3))),
                (10, Some(d(2026, 10, 5)))
            ]
        );
        // A card's day ends at the next heading: the log under it is not the card's.
        let races = "## Races\n- **Date:** 6th July 2019\n- **Distance:** 5 km\n### Race 2\n- **Date:** 29th April 2019\n### Log\n| Date | Miles |\n";
        assert_eq!(
            heading_dates(races, None, today).0,
            [
                (1, Some(d(2019, 7, 6))),
                (3, None),
                (4, Some(d(2019, 4, 29))),
                (5, None)
            ]
        );
        // Beside a day table, cards are write-ups, not the log.
        let logged = format!("{races}|---|---|\n| Sun 14th July | 10 |\n| Sat 13th July | 4 |\n");
        assert!(heading_dates(&logged, None, today).0.is_empty());
        // A week from the note's name (`2026-W14.md`): its days by name, as lines or headings.
        let week = Period::week_from(d(2026, 3, 30));
        let lines = "# Semana 14\n\n- lunes: regué los tomates\n- Mittwoch, Yoga\n- 金曜日：ジム\n- mar 5 km\n";
        let dated = heading_dates_keyed(lines, week, today, None).0;
        assert_eq!(
            dated,
            [
                (2, Some(d(2026, 3, 30))),
                (3, Some(d(2026, 4, 1))),
                (4, Some(d(2026, 4, 3))),
                (5, Some(d(2026, 3, 31)))
            ]
        );
        let headings = "## Sunday\nlong run 18 km\n## Tuesday\nrest\n";
        let dated = heading_dates_keyed(headings, week, today, None).0;
        assert_eq!(dated, [(0, Some(d(2026, 4, 5))), (2, Some(d(2026, 3, 31)))]);
        // Without a week known, a weekday leads nothing (a plan's `Tue: 5 km` stays a line).
        assert!(
            heading_dates("- lunes: riego\n- martes: poda\n", Some(2026), today)
                .0
                .is_empty()
        );
    }
}
