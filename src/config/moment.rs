//! Obsidian (moment.js) date formats such as `YYYY-MM-DD` or `YYYY/MM/[Week] ww/dddd, MMMM Do`.
//!
//! A format is compiled once into tokens. Matching is strict: the text must match the
//! token pattern, and formatting the parsed date again must give back the same text, so
//! `2026-1-5` does not match `YYYY-MM-DD` and `2026-02-30` matches nothing.

use chrono::{Datelike, NaiveDate};
use regex::Regex;

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Token {
    Year4,
    Year2,
    MonthName,
    MonthShort,
    Month2,
    Month1,
    DayOrdinal,
    Day2,
    Day1,
    DayOfYear3,
    WeekdayName,
    WeekdayShort,
    WeekdayMin,
    IsoWeek2,
}

/// Tokens longest first, so `MMMM` wins over `MM`.
const TOKENS: [(&str, Token); 15] = [
    ("YYYY", Token::Year4),
    ("MMMM", Token::MonthName),
    ("dddd", Token::WeekdayName),
    ("DDDD", Token::DayOfYear3),
    ("MMM", Token::MonthShort),
    ("ddd", Token::WeekdayShort),
    ("YY", Token::Year2),
    ("MM", Token::Month2),
    ("Do", Token::DayOrdinal),
    ("DD", Token::Day2),
    ("dd", Token::WeekdayMin),
    ("WW", Token::IsoWeek2),
    ("ww", Token::IsoWeek2),
    ("M", Token::Month1),
    ("D", Token::Day1),
];

#[derive(Debug, Clone, PartialEq, Eq)]
enum Piece {
    Token(Token),
    Literal(String),
}

/// A compiled moment.js date format.
#[derive(Debug, Clone)]
pub struct DateFormat {
    source: String,
    pieces: Vec<Piece>,
    /// The pieces as a pattern, compiled on first use (see [`DateFormat::pattern`]).
    pattern: std::sync::OnceLock<Regex>,
    /// Only digits of fixed width, each field once (`YYYY-MM-DD`, `YYYY/YYYYMMDD`): read
    /// digit by digit (a vault of daily notes is dated by parsing every name).
    digits_only: bool,
}

/// How many digits a token of fixed width takes, for those that have one.
fn fixed_width(token: Token) -> Option<usize> {
    match token {
        Token::Year4 => Some(4),
        Token::Year2 | Token::Month2 | Token::Day2 => Some(2),
        Token::DayOfYear3 => Some(3),
        _ => None,
    }
}

impl DateFormat {
    /// Compiles a moment format. Unknown letters are kept as literal text, like moment does.
    pub fn new(format: &str) -> Self {
        let pieces = tokenize(format);
        let tokens: Vec<Token> = pieces
            .iter()
            .filter_map(|p| match p {
                Piece::Token(t) => Some(*t),
                Piece::Literal(_) => None,
            })
            .collect();
        let has = |t: Token| tokens.contains(&t);
        // One kind of year, and a day of the year or a month and a day, not both (whether
        // those agree is left to the strict check).
        let digits_only = tokens.iter().all(|t| fixed_width(*t).is_some())
            && has(Token::Year4) != has(Token::Year2)
            && match has(Token::DayOfYear3) {
                true => !has(Token::Month2) && !has(Token::Day2),
                false => has(Token::Month2) && has(Token::Day2),
            };
        DateFormat {
            source: format.to_string(),
            pieces,
            pattern: std::sync::OnceLock::new(),
            digits_only,
        }
    }

    /// The pattern of the text a date is written as, one group per token.
    fn pattern(&self) -> &Regex {
        self.pattern.get_or_init(|| {
            let mut pattern = String::from("^");
            for piece in &self.pieces {
                match piece {
                    Piece::Literal(text) => pattern.push_str(&regex::escape(text)),
                    Piece::Token(token) => {
                        pattern.push('(');
                        pattern.push_str(token_pattern(*token));
                        pattern.push(')');
                    }
                }
            }
            pattern.push('$');
            Regex::new(&pattern).expect("token patterns are valid regexes")
        })
    }

    /// The format as written in the settings.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// Formats a date the way Obsidian names the daily note.
    pub fn format(&self, date: NaiveDate) -> String {
        let mut out = String::new();
        for piece in &self.pieces {
            match piece {
                Piece::Literal(text) => out.push_str(text),
                Piece::Token(token) => out.push_str(&format_token(*token, date)),
            }
        }
        out
    }

    /// Parses `text` strictly; `None` when it is not exactly a date in this format.
    pub fn parse(&self, text: &str) -> Option<NaiveDate> {
        if self.digits_only {
            return self.parse_digits(text);
        }
        let caps = self.pattern().captures(text)?;
        let (mut year, mut month, mut day, mut ordinal) = (None, None, None, None);
        let mut group = 1;
        for piece in &self.pieces {
            let Piece::Token(token) = piece else { continue };
            let value = caps.get(group)?.as_str();
            group += 1;
            match token {
                Token::Year4 => year = value.parse::<i32>().ok(),
                Token::Year2 => year = value.parse::<i32>().ok().map(|y| 2000 + y),
                Token::MonthName | Token::MonthShort => {
                    month = MONTHS
                        .iter()
                        .position(|m| m.to_lowercase().starts_with(&value.to_lowercase()))
                        .map(|i| i as u32 + 1)
                }
                Token::Month2 | Token::Month1 => month = value.parse().ok(),
                Token::Day2 | Token::Day1 => day = value.parse().ok(),
                Token::DayOrdinal => day = value.trim_end_matches(char::is_alphabetic).parse().ok(),
                Token::DayOfYear3 => ordinal = value.parse().ok(),
                _ => {}
            }
        }
        let date = match (year, month, day, ordinal) {
            (Some(y), Some(m), Some(d), _) => NaiveDate::from_ymd_opt(y, m, d)?,
            (Some(y), _, _, Some(o)) => NaiveDate::from_yo_opt(y, o)?,
            _ => return None,
        };
        // Strictness: weekday names, week numbers and padding must all agree with the date.
        (self.format(date) == text).then_some(date)
    }

    /// [`DateFormat::parse`] for a format of fixed-width digits: a valid date read from
    /// them, each field the same wherever it is written, is written back as the same text.
    fn parse_digits(&self, text: &str) -> Option<NaiveDate> {
        let (mut rest, mut year, mut month, mut day, mut ordinal) = (text, None, None, None, None);
        // A field written again (`YYYY/YYYY-MM-DD`) must say what it said first.
        let set = |field: &mut Option<u32>, value: u32| match *field {
            Some(first) => first == value,
            None => {
                *field = Some(value);
                true
            }
        };
        for piece in &self.pieces {
            match piece {
                Piece::Literal(literal) => rest = rest.strip_prefix(literal.as_str())?,
                Piece::Token(token) => {
                    let width = fixed_width(*token)?;
                    let digits = rest.get(..width)?;
                    if !digits.bytes().all(|b| b.is_ascii_digit()) {
                        return None;
                    }
                    let value: u32 = digits.parse().ok()?;
                    rest = &rest[width..];
                    let same = match token {
                        Token::Year4 => set(&mut year, value),
                        Token::Year2 => set(&mut year, 2000 + value),
                        Token::Month2 => set(&mut month, value),
                        Token::Day2 => set(&mut day, value),
                        _ => set(&mut ordinal, value),
                    };
                    if !same {
                        return None;
                    }
                }
            }
        }
        if !rest.is_empty() {
            return None;
        }
        let year = i32::try_from(year?).ok()?;
        match ordinal {
            Some(ordinal) => NaiveDate::from_yo_opt(year, ordinal),
            None => NaiveDate::from_ymd_opt(year, month?, day?),
        }
    }

    /// True when the format has enough tokens to name a single day.
    pub fn names_a_day(&self) -> bool {
        let has = |t: &[Token]| {
            self.pieces
                .iter()
                .any(|p| matches!(p, Piece::Token(x) if t.contains(x)))
        };
        has(&[Token::Year4, Token::Year2])
            && (has(&[Token::DayOfYear3])
                || (has(&[
                    Token::MonthName,
                    Token::MonthShort,
                    Token::Month2,
                    Token::Month1,
                ]) && has(&[Token::Day2, Token::Day1, Token::DayOrdinal])))
    }
}

fn tokenize(format: &str) -> Vec<Piece> {
    let mut pieces = Vec::new();
    let mut literal = String::new();
    let mut rest = format;
    'outer: while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('[') {
            if let Some(end) = inner.find(']') {
                literal.push_str(&inner[..end]);
                rest = &inner[end + 1..];
                continue;
            }
        }
        for (text, token) in TOKENS {
            if let Some(after) = rest.strip_prefix(text) {
                if !literal.is_empty() {
                    pieces.push(Piece::Literal(std::mem::take(&mut literal)));
                }
                pieces.push(Piece::Token(token));
                rest = after;
                continue 'outer;
            }
        }
        let ch = rest.chars().next().expect("rest is not empty");
        literal.push(ch);
        rest = &rest[ch.len_utf8()..];
    }
    if !literal.is_empty() {
        pieces.push(Piece::Literal(literal));
    }
    pieces
}

fn token_pattern(token: Token) -> &'static str {
    match token {
        Token::Year4 => r"\d{4}",
        Token::Year2 | Token::Month2 | Token::Day2 | Token::IsoWeek2 => r"\d{2}",
        Token::Month1 | Token::Day1 => r"\d{1,2}",
        Token::DayOfYear3 => r"\d{3}",
        Token::DayOrdinal => r"\d{1,2}(?:st|nd|rd|th)",
        Token::MonthName | Token::MonthShort | Token::WeekdayName | Token::WeekdayShort => {
            r"[A-Za-z]{3,9}"
        }
        Token::WeekdayMin => r"[A-Za-z]{2}",
    }
}

fn format_token(token: Token, date: NaiveDate) -> String {
    let weekday = WEEKDAYS[date.weekday().num_days_from_monday() as usize];
    let month = MONTHS[date.month0() as usize];
    match token {
        Token::Year4 => format!("{:04}", date.year()),
        Token::Year2 => format!("{:02}", date.year().rem_euclid(100)),
        Token::MonthName => month.to_string(),
        Token::MonthShort => month[..3].to_string(),
        Token::Month2 => format!("{:02}", date.month()),
        Token::Month1 => date.month().to_string(),
        Token::DayOrdinal => ordinal(date.day()),
        Token::Day2 => format!("{:02}", date.day()),
        Token::Day1 => date.day().to_string(),
        Token::DayOfYear3 => format!("{:03}", date.ordinal()),
        Token::WeekdayName => weekday.to_string(),
        Token::WeekdayShort => weekday[..3].to_string(),
        Token::WeekdayMin => weekday[..2].to_string(),
        Token::IsoWeek2 => format!("{:02}", date.iso_week().week()),
    }
}

fn ordinal(day: u32) -> String {
    let suffix = match (day % 10, day % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{day}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn iso_format_round_trips_and_is_strict() {
        let f = DateFormat::new("YYYY-MM-DD");
        assert_eq!(f.parse("2026-11-21"), Some(d(2026, 11, 21)));
        assert_eq!(f.format(d(2026, 1, 5)), "2026-01-05");
        assert_eq!(f.parse("2026-1-5"), None);
        assert_eq!(f.parse("2026-02-30"), None);
        assert_eq!(f.parse("2026-11-21 copy"), None);
    }

    #[test]
    fn literal_brackets_names_and_ordinals() {
        let f = DateFormat::new("dddd, MMMM Do [of] YYYY");
        assert_eq!(f.format(d(2026, 11, 21)), "Saturday, November 21st of 2026");
        assert_eq!(
            f.parse("Saturday, November 21st of 2026"),
            Some(d(2026, 11, 21))
        );
        // A wrong weekday is not the same date.
        assert_eq!(f.parse("Friday, November 21st of 2026"), None);
    }

    #[test]
    fn subfolder_formats_and_short_tokens() {
        let f = DateFormat::new("YYYY/MM/YYYY-MM-DD");
        assert_eq!(f.parse("2026/11/2026-11-21"), Some(d(2026, 11, 21)));
        assert_eq!(f.parse("2026/10/2026-11-21"), None);
        let g = DateFormat::new("D.M.YY");
        assert_eq!(g.parse("5.1.26"), Some(d(2026, 1, 5)));
        assert!(g.names_a_day());
        assert!(!DateFormat::new("YYYY-[W]ww").names_a_day());
    }

    #[test]
    fn formats_of_digits_read_digit_by_digit_agree_with_the_strict_reading() {
        let texts = [
            "2026-11-21",
            "2026-02-30",
            "2026-1-5",
            "2026-11-21x",
            "26-11-21",
            "2026/2026-11-21",
            "2026/2025-11-21",
            "2026/11/2026-11-21",
            "2026/10/2026-11-21",
            "2026-325",
            "2026-366",
            "20261121",
            "2026-11-2١",
            "２026-11-21",
            "",
            "2026-11-",
        ];
        for format in [
            "YYYY-MM-DD",
            "YYYY/YYYY-MM-DD",
            "YYYY/MM/YYYY-MM-DD",
            "YY-MM-DD",
            "YYYY-DDDD",
            "YYYYMMDD",
        ] {
            let fast = DateFormat::new(format);
            assert!(fast.digits_only, "{format}");
            let strict = DateFormat {
                digits_only: false,
                ..fast.clone()
            };
            for text in texts {
                assert_eq!(fast.parse(text), strict.parse(text), "{format} {text:?}");
            }
        }
        assert!(!DateFormat::new("YYYY-MM-DD-dddd").digits_only);
        assert!(!DateFormat::new("D.M.YY").digits_only);
    }
}
