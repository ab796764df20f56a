//! Heading paths: a log kept as one long file dates its days by the headings above them.
//! A heading may name only a period (`# 2024`, `## 六月`, `## 2023-07`, `### July 2024`);
//! a heading or a table row under it then needs to write only the day (`### 3`,
//! `#### 15th`, `### 06.18 20:30`, `| 10 | …`), and a date without a year takes the year
//! of the path (`## 2019` > `| Sat 6th July | …`).

use std::sync::OnceLock;

use chrono::NaiveDate;
use regex::Regex;

use super::dating::{month, weekday};

/// The year and month a heading path has named so far, and the week (its first day) when
/// a note or heading names one (`2026-S42.md`, `# Semaine du 5 octobre`, `## KW 41`).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Period {
    pub year: Option<i32>,
    pub month: Option<u32>,
    pub week: Option<NaiveDate>,
}

impl Period {
    /// A period of a year and maybe a month.
    pub fn of(year: Option<i32>, month: Option<u32>) -> Period {
        Period {
            year,
            month,
            week: None,
        }
    }

    /// The period of the week starting `first`.
    pub fn week_from(first: NaiveDate) -> Period {
        use chrono::Datelike;
        Period {
            year: Some(first.year()),
            month: Some(first.month()),
            week: Some(first),
        }
    }
}

/// The first day of the week a title names: an ISO week number with its year or the
/// year given (`2026-W42`, `2026-S42`, `KW 41`, `Week 42`, `第42周`, `42주차`: its Monday),
/// or a week word beside a day (`Semaine du 5 octobre`, `Week of Oct 5`, `Semaine 42 — 12
/// au 18 octobre`: that day). The words are the lexicon's names of a week.
pub fn week(title: &str, year: Option<i32>, today: NaiveDate) -> Option<NaiveDate> {
    static ISO: OnceLock<Regex> = OnceLock::new();
    let iso = ISO.get_or_init(|| {
        Regex::new(
            r"(?i)^(?:((?:19|20)\d\d)\s*[-_ ]?\s*)?(?:w|s|kw|cw|wk)\s*\.?\s*(\d{1,2})$|第\s*(\d{1,2})\s*[周週]|(\d{1,2})\s*주\s*차",
        )
        .expect("week pattern compiles")
    });
    // Every week this reads writes a digit (its number or its first day): most headings
    // are passed over before any work.
    if !title.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let lower = title.trim().to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    // Words of scripts without spaces name a week inside other words (`周日` is Sunday):
    // those are read by their patterns (`第42周`, `42주차`) only.
    let named = week_words().iter().any(|w| words.contains(&w.as_str()));
    let number = |n: &str, y: Option<i32>| {
        let n: u32 = n.parse().ok()?;
        NaiveDate::from_isoywd_opt(y?, n, chrono::Weekday::Mon)
    };
    let numbered = match iso.captures(&lower) {
        Some(c) => {
            let y = c.get(1).and_then(|y| y.as_str().parse().ok()).or(year);
            c.get(2)
                .or(c.get(3))
                .or(c.get(4))
                .and_then(|n| number(n.as_str(), y))
        }
        // `Week 42`, `Semaine 42`, `Woche 42`: a week word and its number.
        None if named => {
            let y = words
                .iter()
                .find_map(|w| w.parse::<i32>().ok().filter(|y| (1900..2100).contains(y)))
                .or(year);
            words
                .iter()
                .find(|w| w.len() <= 2 && w.chars().all(|c| c.is_ascii_digit()))
                .and_then(|n| number(n, y))
        }
        None => None,
    };
    // A day beside a week word starts the week, unless it is a day of the numbered week
    // (`Semaine 42 — 12 au 18 octobre`).
    let dated = named
        .then(|| super::dating::date_within(title, year, today))
        .flatten();
    match (numbered, dated) {
        (Some(monday), Some(day)) if (monday..monday + chrono::Days::new(7)).contains(&day) => {
            Some(monday)
        }
        (_, Some(day)) => Some(day),
        (monday, None) => monday,
    }
}

/// The lexicon's names of a week, every language's (`week`, `semaine`, `Woche`, `週`).
fn week_words() -> &'static Vec<String> {
    static WORDS: OnceLock<Vec<String>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut words: Vec<String> = crate::offline::read::lexicon::lexicon()
            .answers
            .iter()
            .flat_map(|(_, a)| a.nouns.get("week").into_iter().flatten())
            .map(|w| w.to_lowercase())
            .filter(|w| w.chars().count() >= 4 && w.chars().all(char::is_alphabetic))
            .collect();
        words.sort();
        words.dedup();
        words
    })
}

/// The day a title writes within the week starting `first` (`Lundi 5`, `Jeu. 1` under
/// `Semaine du 28 septembre`: October 1).
pub fn day_in_week(title: &str, first: NaiveDate) -> Option<NaiveDate> {
    use chrono::Datelike;
    first
        .iter_days()
        .take(7)
        .find(|d| day_in(title, d.year(), d.month()) == Some(*d))
}

/// The period a heading names on its own, or `None` when it names anything else:
/// `2019`, `2024 健身日志`, `2023-07`, `2024年7月`, `2024년 7월`, `July 2024`, `Juli`,
/// `七月`, `7月`, `7월`.
pub fn period(title: &str) -> Option<Period> {
    static NUMERIC: OnceLock<Regex> = OnceLock::new();
    let numeric = NUMERIC.get_or_init(|| {
        Regex::new(
            r"^(?:((?:19|20)\d\d)\s*(?:[-/._]|年|년)?\s*)?(\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:月|월)$|^((?:19|20)\d\d)[-/._](\d{1,2})$",
        )
        .expect("period pattern compiles")
    });
    let title = title.trim().trim_matches(|c: char| !c.is_alphanumeric());
    if let Some(c) = numeric.captures(title) {
        let (year, month) = match c.get(2) {
            Some(m) => (c.get(1), m.as_str()),
            None => (c.get(3), c.get(4)?.as_str()),
        };
        let month = number(month).filter(|m| (1..=12).contains(m))?;
        return Some(Period::of(
            year.and_then(|y| y.as_str().parse().ok()),
            Some(month),
        ));
    }
    // `2025-03 Marzo`, `2024-07 log`: a year and a month, then words without numbers
    // (a month's name there is the same month).
    static LED: OnceLock<Regex> = OnceLock::new();
    let led = LED.get_or_init(|| {
        Regex::new(r"^((?:19|20)\d\d)[-/._](\d{1,2})\s+(\D+)$").expect("led period compiles")
    });
    if let Some(c) = led.captures(title) {
        let m: u32 = c[2].parse().ok().filter(|m| (1..=12).contains(m))?;
        let agrees = c[3]
            .split(|c: char| !c.is_alphanumeric())
            .filter_map(month)
            .all(|named| named == m);
        return agrees.then(|| Period::of(c[1].parse().ok(), Some(m)));
    }
    // Words: a month's name and a year, in either order (`July 2024`, `März`).
    let words: Vec<&str> = title
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let year_of = |w: &str| {
        w.parse::<i32>()
            .ok()
            .filter(|y| w.len() == 4 && (1900..2100).contains(y))
    };
    let years: Vec<i32> = words.iter().filter_map(|w| year_of(w)).collect();
    let months: Vec<u32> = words.iter().filter_map(|w| month(w)).collect();
    let rest = words.len() - years.len() - months.len();
    match (years.as_slice(), months.as_slice()) {
        ([], [m]) | ([_], [m]) if rest == 0 => Some(Period::of(years.first().copied(), Some(*m))),
        // A year first, then words without numbers: `2024 健身日志`, `2019`.
        ([y], []) if year_of(words[0]) == Some(*y) && !title[4..].contains(char::is_numeric) => {
            Some(Period::of(Some(*y), None))
        }
        _ => None,
    }
}

/// A day written under a known month: `3`, `15th`, `18日`, `3 (Mon)`, `06.18 20:30` (the
/// month written again, before or after the day). The rest of the title must not read as
/// something counted (`5 sets`, `3 km easy`).
pub fn day_in(title: &str, year: i32, month: u32) -> Option<NaiveDate> {
    static PAIR: OnceLock<Regex> = OnceLock::new();
    static DAY: OnceLock<Regex> = OnceLock::new();
    let pair = PAIR.get_or_init(|| {
        Regex::new(r"^(\d{1,2})\s*[./-]\s*(\d{1,2})(\D.*)?$").expect("pair pattern compiles")
    });
    let day = DAY.get_or_init(|| {
        Regex::new(r"^(\d{1,2})(st|nd|rd|th|\.|日|号|일)?(\D.*)?$").expect("day pattern compiles")
    });
    let title = title
        .trim()
        .trim_start_matches(|c: char| !c.is_alphanumeric());
    // `Wed 26`, `mar. 26`, `Mi, 26.`: a weekday before the day.
    let title = match title.split_once(|c: char| c.is_whitespace() || c == ',') {
        Some((first, rest)) if super::dating::weekday(first.trim_end_matches(['.', ','])) => {
            rest.trim_start_matches(|c: char| c.is_whitespace() || c == ',')
        }
        _ => title,
    };
    // `0917 first half marathon` under September: the month and day run together, and
    // the month's agreeing is enough to take the rest of the title as its name.
    let digits = title.chars().take_while(char::is_ascii_digit).count();
    if digits == 4 && title[..2].parse() == Ok(month) {
        let rest = &title[4..];
        if rest.is_empty() || rest.starts_with(char::is_whitespace) {
            return NaiveDate::from_ymd_opt(year, month, title[2..4].parse().ok()?);
        }
    }
    let (d, rest) = if let Some(c) = pair.captures(title) {
        let (a, b): (u32, u32) = (c[1].parse().ok()?, c[2].parse().ok()?);
        let d = if a == month {
            b
        } else if b == month {
            a
        } else {
            return None;
        };
        (d, c.get(3).map_or("", |m| m.as_str()))
    } else {
        let c = day.captures(title)?;
        // `22号 轻松跑 8.1公里`, `15th long run 20 km`: a day said as one is followed by
        // what was done that day.
        let said = c.get(2).is_some_and(|m| m.as_str() != ".");
        let rest = c.get(3).map_or("", |m| m.as_str());
        (c[1].parse().ok()?, if said { "" } else { rest })
    };
    only_day_follows(rest)
        .then(|| NaiveDate::from_ymd_opt(year, month, d))
        .flatten()
}

/// What may follow a day in a heading or first cell: nothing, a mark, a weekday or a time.
fn only_day_follows(rest: &str) -> bool {
    let rest = rest.trim();
    let Some(first) = rest.chars().next() else {
        return true;
    };
    if !first.is_alphanumeric() {
        return true;
    }
    let word: &str = rest
        .split(|c: char| c.is_whitespace() || c == ',')
        .next()
        .unwrap_or(rest);
    weekday(word) || is_clock(word)
}

fn is_clock(word: &str) -> bool {
    word.split_once(':').is_some_and(|(h, m)| {
        (1..=2).contains(&h.len())
            && m.len() >= 2
            && h.chars()
                .chain(m.chars().take(2))
                .all(|c| c.is_ascii_digit())
    })
}

/// `7`, `07`, `七`, `十二`.
pub fn number(text: &str) -> Option<u32> {
    if let Ok(n) = text.parse() {
        return Some(n);
    }
    let digit = |c: char| "一二三四五六七八九".find(c).map(|i| i as u32 / 3 + 1);
    let chars: Vec<char> = text.chars().collect();
    match chars.as_slice() {
        ['十'] => Some(10),
        ['十', d] => Some(10 + digit(*d)?),
        [d] => digit(*d),
        [t, '十'] => Some(10 * digit(*t)?),
        [t, '十', d] => Some(10 * digit(*t)? + digit(*d)?),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(year: Option<i32>, month: Option<u32>) -> Option<Period> {
        Some(Period::of(year, month))
    }

    #[test]
    fn headings_that_name_a_period() {
        let cases = [
            ("2019", p(Some(2019), None)),
            ("2024 健身日志", p(Some(2024), None)),
            ("2023-07", p(Some(2023), Some(7))),
            ("2024年7月", p(Some(2024), Some(7))),
            ("2024년 7월", p(Some(2024), Some(7))),
            ("July 2024", p(Some(2024), Some(7))),
            ("Juli", p(None, Some(7))),
            ("六月", p(None, Some(6))),
            ("十二月", p(None, Some(12))),
            ("7月", p(None, Some(7))),
            ("📅 11월", p(None, Some(11))),
            ("2025-03 Marzo", p(Some(2025), Some(3))),
            ("2024-07 log", p(Some(2024), Some(7))),
            ("2025-03 Abril", None),
            ("Week 27", None),
            ("Log", None),
            ("Races", None),
            ("2024 goals: 1000 km", None),
            ("11_09_105", None),
            ("May the force", None),
        ];
        for (title, want) in cases {
            assert_eq!(period(title), want, "{title}");
        }
    }

    #[test]
    fn titles_that_name_a_week() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day);
        let today = NaiveDate::from_ymd_opt(2026, 11, 30).unwrap();
        let cases = [
            ("2026-S42", d(2026, 10, 12)),
            ("2026-W47", d(2026, 11, 16)),
            ("KW 41", d(2026, 10, 5)),
            ("Semaine du 5 octobre", d(2026, 10, 5)),
            ("Week of Oct 5", d(2026, 10, 5)),
            ("Semaine 42 — 12 au 18 octobre", d(2026, 10, 12)),
            ("第42周", d(2026, 10, 12)),
            ("42주차", d(2026, 10, 12)),
            ("9月20日 周日", None),
            ("Weekly review", None),
        ];
        for (title, want) in cases {
            assert_eq!(week(title, Some(2026), today), want, "{title}");
        }
        let monday = NaiveDate::from_ymd_opt(2026, 9, 28).unwrap();
        assert_eq!(day_in_week("Jeudi 1", monday), d(2026, 10, 1));
        assert_eq!(day_in_week("Mar. 29", monday), d(2026, 9, 29));
    }

    #[test]
    fn days_under_a_month() {
        let d = |m, day| NaiveDate::from_ymd_opt(2024, m, day);
        let cases = [
            ("3", 7, d(7, 3)),
            ("15th", 7, d(7, 15)),
            ("06.18 20:30", 6, d(6, 18)),
            ("18.06.", 6, d(6, 18)),
            ("06.22 周六 20:00", 6, d(6, 22)),
            ("3 (Mon)", 3, d(3, 3)),
            ("12日", 3, d(3, 12)),
            ("22号 轻松跑 8.1公里", 9, d(9, 22)),
            ("15th long run 20 km", 9, d(9, 15)),
            ("5 sets", 3, None),
            ("5.3 km easy", 3, None),
            ("07.18", 6, None),
            (
                "0917 first half marathon",
                9,
                NaiveDate::from_ymd_opt(2024, 9, 17),
            ),
            ("0917", 8, None),
            ("0917km", 9, None),
            ("31", 6, None),
            // A weekday before the day, in any shipped language.
            ("Wed 26", 6, d(6, 26)),
            ("mar. 11", 6, d(6, 11)),
            ("Mi, 5.", 6, d(6, 5)),
            ("Sat 5 sets", 6, None),
        ];
        for (title, month, want) in cases {
            assert_eq!(day_in(title, 2024, month), want, "{title}");
        }
    }
}
