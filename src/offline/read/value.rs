//! What a field's value is, read from how it is written: a date with its precision
//! (`2019`, `2019-05`, `2019-05-06`), a duration (`0:52:10`, `28:40`), a number with its
//! unit (`10.5 km`, `8,4 km`, `4,500원`, `12.450 Schritte`, `12 450 pas`, `5KM`), or text.
//! Separators are told apart by digit groups: a separator followed by exactly three digits
//! groups thousands; one followed by one, two or four and more digits is a decimal mark.

use chrono::NaiveDate;

/// A typed value.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A date: the first day of what was written, and how much of it was.
    Date(NaiveDate, Precision),
    /// A duration in seconds (`h:mm:ss`, `m:ss`).
    Duration(f64),
    /// A number and its unit, lowercase (empty when none).
    Number(f64, String),
    Text,
}

/// How much of a date was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Precision {
    Year,
    Month,
    Day,
}

impl Value {
    /// The number of a number or duration.
    pub fn number(&self) -> Option<f64> {
        match self {
            Value::Number(n, _) => Some(*n),
            Value::Duration(s) => Some(*s),
            _ => None,
        }
    }
}

/// Reads a value of the field `name`: a field of time spent (`hour`, `minute`) reads
/// `30m` as minutes, where any other reads metres.
pub fn read_as(name: &str, text: &str) -> Value {
    match read(text) {
        Value::Number(n, unit) if unit == "m" && matches!(name, "hour" | "minute") => {
            Value::Duration(n * 60.0)
        }
        value => value,
    }
}

/// Reads a value as written.
pub fn read(text: &str) -> Value {
    let t = text.trim();
    // A tick or cross first (`✅ 20'`, `❌ sick`) says done or not, with a note beside it.
    if t.starts_with(['✅', '✔', '☑', '❌', '✗', '✘', '☐']) {
        return Value::Text;
    }
    if let Some((d, p)) = date(t) {
        return Value::Date(d, p);
    }
    if let Some(s) = duration(t)
        .or_else(|| hours_minutes(t))
        .or_else(|| minutes(t))
    {
        return Value::Duration(s);
    }
    // `★★★★☆`, `⭐⭐⭐`, `★★★½`: the full stars, and a half.
    let star = |c: char| matches!(c, '★' | '⭐' | '🌟');
    let marks = t.trim_end_matches('\u{fe0f}');
    if !marks.is_empty()
        && marks.chars().any(star)
        && marks
            .chars()
            .all(|c| star(c) || matches!(c, '☆' | '½' | '\u{fe0f}'))
    {
        let full = marks.chars().filter(|&c| star(c)).count() as f64;
        let half = if marks.contains('½') { 0.5 } else { 0.0 };
        return Value::Number(full + half, "★".to_string());
    }
    // `7/10`, `4/5`: a mark out of a scale is the mark.
    if let Some((mark, scale)) = t.split_once('/') {
        let scale = scale.trim();
        if matches!(scale, "5" | "10" | "100") {
            if let Some((n, unit)) = number(mark.trim()).filter(|(_, u)| u.is_empty()) {
                return Value::Number(n, unit);
            }
        }
    }
    // `86 €, c'était la pompe`: the figure a sentence opens with.
    let lead = t.split([';', '(']).next().unwrap_or(t);
    let lead = lead.split(", ").next().unwrap_or(lead);
    match number(t)
        .or_else(|| number(lead.trim()))
        .or_else(|| measure_before_sentence(t))
    {
        Some((n, unit)) => Value::Number(n, unit),
        None => Value::Text,
    }
}

/// `83.5 kg Walked round the reservoir`: a figure and its unit, then a sentence (a word
/// opening with a capital) written on the same line.
fn measure_before_sentence(t: &str) -> Option<(f64, String)> {
    let mut words = t.split_whitespace();
    let first = words.next()?;
    let (lead, next) = match number(first) {
        Some((_, unit)) if !unit.is_empty() => (first.to_string(), words.next()?),
        _ => {
            let unit = words.next()?;
            (format!("{first} {unit}"), words.next()?)
        }
    };
    let (n, unit) = number(&lead)?;
    let sentence = next.chars().next().is_some_and(char::is_uppercase);
    (sentence && super::units::measure_unit(&unit.to_lowercase()).is_some()).then_some((n, unit))
}

/// Hours then minutes written with words: `7時間47分`, `7 h 47`, `1h05`, `6시간 30분`.
fn hours_minutes(t: &str) -> Option<f64> {
    // Every spelling of the hour in the language files (`ore`, `ora`, `heures`, `時間`),
    // longest first.
    static HOURS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    let hours_words = HOURS.get_or_init(|| {
        let lexicon = super::lexicon::lexicon();
        let mut words: Vec<&str> = lexicon
            .unit_spellings
            .get("hour")
            .into_iter()
            .flatten()
            .map(String::as_str)
            .collect();
        words.sort_by_key(|w| std::cmp::Reverse(w.len()));
        words
    });
    const MINUTES: [&str; 7] = ["minutes", "mins", "min", "分钟", "分", "분", "m"];
    let t = t.trim();
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let mut n = digits(t);
    if n == 0 {
        return None;
    }
    // `3,5 h`, `1.5 hours`: hours with a decimal part (and no minutes after them).
    let fraction = t[n..].strip_prefix(['.', ',']).map_or(0, &digits);
    if fraction > 0 {
        n += 1 + fraction;
    }
    let rest = t[n..].trim_start();
    let lower = rest.to_lowercase();
    let unit = hours_words.iter().find(|u| lower.starts_with(**u))?;
    let rest = rest[unit.len()..].trim_start();
    let hours: f64 = t[..n].replace(',', ".").parse().ok()?;
    let m = digits(rest);
    // `7時間半`, `7시간 반`: a half after the hour's word.
    let half = &super::lexicon::lexicon().counting.half_after;
    if m == 0 && fraction == 0 && half.iter().any(|h| rest == h.as_str()) {
        return Some(hours * 3600.0 + 1800.0);
    }
    if m == 0 || fraction > 0 {
        return rest.is_empty().then_some(hours * 3600.0);
    }
    let minutes: f64 = rest[..m].parse().ok()?;
    let tail = rest[m..].trim().to_lowercase();
    let known = tail.is_empty() || MINUTES.contains(&tail.as_str());
    (known && minutes < 60.0).then_some(hours * 3600.0 + minutes * 60.0)
}

/// Minutes alone, written with a word of the minute (`45 min`, `15min`, `30分`, `20분`,
/// `90 Minuten`), in seconds: a time like any other, so `1h 30m` and `45 min` add up.
fn minutes(t: &str) -> Option<f64> {
    let (n, unit) = number(t)?;
    let spellings = super::lexicon::lexicon().unit_spellings.get("minute")?;
    spellings.contains(&unit).then_some(n * 60.0)
}

/// Whether a cell is a date (see [`read`]).
pub fn is_date(text: &str) -> bool {
    date(text.trim()).is_some()
}

/// How a date with its year last orders its day and month (`18/05/2021`, `05/18/2021`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Only day first can be (`18/05/2021`), or dots (`18.05.2021`).
    DayFirst,
    /// Only month first can be (`05/18/2021`).
    MonthFirst,
    /// Either (`04/05/2021`): read day first unless the other dates of its column say not.
    Either,
}

/// The order of a date written with its year last, or `None` for any other text.
pub fn order(text: &str) -> Option<Order> {
    let t = text.trim();
    let parts: Vec<u32> = year_last(t)?;
    Some(match (parts[0] > 12, parts[1] > 12) {
        _ if t.contains('.') => Order::DayFirst,
        (true, false) => Order::DayFirst,
        (false, true) => Order::MonthFirst,
        _ => Order::Either,
    })
}

/// A date with its year last read month first (`04/05/2021` is April 5).
pub fn month_first(text: &str) -> Option<Value> {
    let parts = year_last(text.trim())?;
    let d = NaiveDate::from_ymd_opt(parts[2] as i32, parts[0], parts[1])?;
    Some(Value::Date(d, Precision::Day))
}

/// Day (or month), month (or day) and year of `dd/mm/yyyy`, `d.m.yyyy`, `dd-mm-yyyy`.
fn year_last(t: &str) -> Option<Vec<u32>> {
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    let short = |p: &&str| (1..=2).contains(&p.len());
    let digits = parts
        .iter()
        .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    // `29/12/25`: a year of two digits is of this century.
    let year = parts.get(2).map_or(0, |y| y.len());
    let ok = parts.len() == 3 && digits && short(&parts[0]) && short(&parts[1]);
    (ok && (year == 4 || year == 2)).then(|| {
        let mut p: Vec<u32> = parts.iter().filter_map(|p| p.parse().ok()).collect();
        if year == 2 {
            p[2] += 2000;
        }
        p
    })
}

/// A month's name with its year, its day before or after it or none: `15 décembre 2025`,
/// `20 apr 2026`, `2 de marzo de 2026`, `March 5, 2024`, `maggio 2026`, `2026年5月3日`,
/// `2026년 5월`.
fn named_date(t: &str) -> Option<(NaiveDate, Precision)> {
    static CJK: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let cjk = CJK.get_or_init(|| {
        regex::Regex::new(r"^(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월](?:\s*(\d{1,2})\s*[日일号])?$")
            .expect("date pattern compiles")
    });
    if let Some(c) = cjk.captures(t) {
        let num = |i: usize| c.get(i).and_then(|m| m.as_str().parse::<u32>().ok());
        let (y, m) = (num(1)? as i32, num(2)?);
        return match num(3) {
            Some(d) => Some((NaiveDate::from_ymd_opt(y, m, d)?, Precision::Day)),
            None => Some((NaiveDate::from_ymd_opt(y, m, 1)?, Precision::Month)),
        };
    }
    let words: Vec<&str> = t
        .split(|c: char| c.is_whitespace() || c == ',')
        .map(|w| w.trim_end_matches('.'))
        .filter(|w| !w.is_empty() && !matches!(*w, "de" | "del" | "di" | "of" | "the"))
        .collect();
    let year = |w: &str| {
        (w.len() == 4)
            .then(|| w.parse::<i32>().ok())
            .flatten()
            .filter(|y| (1900..=2100).contains(y))
    };
    let day = |w: &str| {
        let digits = w.trim_end_matches(|c: char| c.is_alphabetic() || c == 'º');
        (1..=2)
            .contains(&digits.len())
            .then(|| digits.parse::<u32>().ok())
            .flatten()
    };
    let month = crate::vault::dating::month;
    let (y, m, d) = match words.as_slice() {
        [d, m, y] => (
            year(y)?,
            month(m).or_else(|| month(d))?,
            day(d).or_else(|| day(m))?,
        ),
        [m, y] => (year(y)?, month(m)?, 0),
        _ => return None,
    };
    match d {
        0 => Some((NaiveDate::from_ymd_opt(y, m, 1)?, Precision::Month)),
        d => Some((NaiveDate::from_ymd_opt(y, m, d)?, Precision::Day)),
    }
}

/// `2019`, `2019-05`, `2019-05-06`, `2019/5/6`, `2019.05.06`; with the year last,
/// `18/05/2021`, `18.5.2021` (day first unless only month first can be: [`order`]).
fn date(t: &str) -> Option<(NaiveDate, Precision)> {
    if let Some(p) = year_last(t) {
        let (day, month) = match order(t)? {
            Order::MonthFirst => (p[1], p[0]),
            _ => (p[0], p[1]),
        };
        return Some((
            NaiveDate::from_ymd_opt(p[2] as i32, month, day)?,
            Precision::Day,
        ));
    }
    if t.contains(|c: char| c.is_alphabetic()) {
        return named_date(t);
    }
    let parts: Vec<&str> = t.split(['-', '/', '.']).collect();
    if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
        return None;
    }
    if !parts.iter().all(|p| p.bytes().all(|b| b.is_ascii_digit())) || parts[0].len() != 4 {
        return None;
    }
    let year: i32 = parts[0].parse().ok()?;
    if !(1900..=2100).contains(&year) {
        return None;
    }
    let month: u32 = parts.get(1).map_or(Some(1), |m| m.parse().ok())?;
    let day: u32 = parts.get(2).map_or(Some(1), |d| d.parse().ok())?;
    let precision = match parts.len() {
        1 => Precision::Year,
        2 => Precision::Month,
        _ => Precision::Day,
    };
    Some((NaiveDate::from_ymd_opt(year, month, day)?, precision))
}

/// `h:mm:ss` or `m:ss` (also `mm:ss` past an hour of minutes), in seconds.
fn duration(t: &str) -> Option<f64> {
    let parts: Vec<&str> = t.split(':').collect();
    if !(2..=3).contains(&parts.len()) {
        return None;
    }
    let nums: Vec<f64> = parts
        .iter()
        .map(|p| {
            (!p.is_empty() && p.len() <= 2 && p.bytes().all(|b| b.is_ascii_digit()))
                .then(|| p.parse::<f64>().ok())
                .flatten()
        })
        .collect::<Option<_>>()?;
    if nums[1..].iter().any(|&n| n >= 60.0) {
        return None;
    }
    Some(nums.iter().fold(0.0, |acc, n| acc * 60.0 + n))
}

/// A number and the unit written after it (or a currency sign before it).
fn number(t: &str) -> Option<(f64, String)> {
    let currency: &[char] = &['€', '$', '£', '¥', '₩', '￥'];
    // `R$ 44,90`, `US$ 12`, `HK$80`: a currency sign after a country's capitals.
    let letters = t.bytes().take_while(u8::is_ascii_uppercase).count();
    let (sign, rest) = match t[letters..].strip_prefix(currency) {
        Some(rest) if letters <= 2 => {
            let sign_len = t.len() - letters - rest.len();
            (
                Some(t[..letters + sign_len].to_lowercase()),
                rest.trim_start(),
            )
        }
        _ => (None, t),
    };
    let end = rest
        .char_indices()
        .find(|&(i, c)| {
            !(c.is_ascii_digit()
                || matches!(c, '.' | ',' | '\'')
                || (matches!(c, ' ' | '\u{a0}' | '\u{202f}')
                    && groups_after(&rest[i + c.len_utf8()..])))
        })
        .map_or(rest.len(), |(i, _)| i);
    let digits = rest[..end].trim_end_matches(['.', ',', ' ']);
    if !digits.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let unit = rest[digits.len()..].trim().to_lowercase();
    if unit.chars().count() > 16 || unit.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let unit = sign.unwrap_or(unit);
    Some((grouped(digits)?, unit))
}

/// Whether three digits (and no fourth) follow: a space grouping thousands.
fn groups_after(rest: &str) -> bool {
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    digits == 3
}

/// A number written with decimal marks and thousands groups.
pub fn grouped(digits: &str) -> Option<f64> {
    let digits: String = digits
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\''))
        .collect();
    let marks: Vec<(usize, char)> = digits
        .char_indices()
        .filter(|(_, c)| matches!(c, '.' | ','))
        .collect();
    let plain = match marks.as_slice() {
        [] => digits.clone(),
        [(at, _)] => {
            let after = digits.len() - at - 1;
            let lead = &digits[..*at];
            if after == 3 && !lead.is_empty() && !lead.starts_with('0') {
                digits.replace(['.', ','], "")
            } else {
                digits.replace(',', ".")
            }
        }
        many => {
            let (last_at, last) = *many.last()?;
            let same = many.iter().all(|(_, c)| *c == last);
            if same {
                digits.replace(last, "")
            } else {
                let whole: String = digits[..last_at].replace(['.', ','], "");
                format!("{whole}.{}", &digits[last_at + 1..])
            }
        }
    };
    plain.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_with_the_year_last_by_impossible_values() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(
            read("18/05/2021"),
            Value::Date(d(2021, 5, 18), Precision::Day)
        );
        assert_eq!(
            read("05/18/2021"),
            Value::Date(d(2021, 5, 18), Precision::Day)
        );
        assert_eq!(read("4.5.2021"), Value::Date(d(2021, 5, 4), Precision::Day));
        assert_eq!(order("04/05/2021"), Some(Order::Either));
        assert_eq!(
            month_first("04/05/2021"),
            Some(Value::Date(d(2021, 4, 5), Precision::Day))
        );
        assert_eq!(order("2021-05-04"), None);
        assert_eq!(
            read("29/12/25"),
            Value::Date(d(2025, 12, 29), Precision::Day)
        );
        assert_eq!(read("21/2/26"), Value::Date(d(2026, 2, 21), Precision::Day));
    }

    #[test]
    fn dates_with_a_month_named_in_any_shipped_language() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        let day = |y, m, dd| Value::Date(d(y, m, dd), Precision::Day);
        let month = |y, m| Value::Date(d(y, m, 1), Precision::Month);
        assert_eq!(read("15 décembre 2025"), day(2025, 12, 15));
        assert_eq!(read("20 apr 2026"), day(2026, 4, 20));
        assert_eq!(read("2 de marzo de 2026"), day(2026, 3, 2));
        assert_eq!(read("March 5, 2024"), day(2024, 3, 5));
        assert_eq!(read("maggio 2026"), month(2026, 5));
        assert_eq!(read("2026年5月3日"), day(2026, 5, 3));
        assert_eq!(read("2026년 5월"), month(2026, 5));
        assert_eq!(read("Paris 2026"), Value::Text);
        assert_eq!(read("abbandonato"), Value::Text);
    }

    #[test]
    fn a_half_after_the_hour() {
        assert_eq!(read("7時間半"), Value::Duration(7.5 * 3600.0));
        assert_eq!(read("6時間"), Value::Duration(6.0 * 3600.0));
    }

    #[test]
    fn dates_keep_their_precision() {
        let d = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(read("2019"), Value::Date(d(2019, 1, 1), Precision::Year));
        assert_eq!(
            read("2019-05"),
            Value::Date(d(2019, 5, 1), Precision::Month)
        );
        assert_eq!(read("2019/5/6"), Value::Date(d(2019, 5, 6), Precision::Day));
        assert_eq!(read("151"), Value::Number(151.0, String::new()));
    }

    #[test]
    fn numbers_by_digit_groups_and_units_as_written() {
        assert_eq!(read("10.5 km"), Value::Number(10.5, "km".into()));
        assert_eq!(read("8,4 km"), Value::Number(8.4, "km".into()));
        assert_eq!(read("4,500원"), Value::Number(4500.0, "원".into()));
        assert_eq!(
            read("12.450 Schritte"),
            Value::Number(12450.0, "schritte".into())
        );
        assert_eq!(read("12 450 pas"), Value::Number(12450.0, "pas".into()));
        assert_eq!(read("1,234.5"), Value::Number(1234.5, String::new()));
        assert_eq!(read("5KM"), Value::Number(5.0, "km".into()));
        assert_eq!(read("0,500 kg"), Value::Number(0.5, "kg".into()));
        assert_eq!(read("€12.50"), Value::Number(12.5, "€".into()));
        assert_eq!(read("R$ 1.234,56"), Value::Number(1234.56, "r$".into()));
        assert_eq!(read("US$12"), Value::Number(12.0, "us$".into()));
        assert_eq!(read("★★★★"), Value::Number(4.0, "★".into()));
        assert_eq!(read("river loop"), Value::Text);
    }

    #[test]
    fn clock_forms_are_durations() {
        assert_eq!(read("0:52:10"), Value::Duration(3130.0));
        assert_eq!(read("28:40"), Value::Duration(1720.0));
        assert_eq!(read("1:61"), Value::Text);
        assert_eq!(
            read("7時間47分"),
            Value::Duration(7.0 * 3600.0 + 47.0 * 60.0)
        );
        assert_eq!(read("1h05"), Value::Duration(3900.0));
        assert_eq!(read("3,5 h"), Value::Duration(12600.0));
        assert_eq!(read("1.5 hours"), Value::Duration(5400.0));
        assert_eq!(read("5 h"), Value::Duration(18000.0));
        assert_eq!(read("1 ora"), Value::Duration(3600.0));
        assert_eq!(read("2,5 ore"), Value::Duration(9000.0));
        assert_eq!(read("3 heures"), Value::Duration(10800.0));
        assert_eq!(read("6시간 30분"), Value::Duration(23400.0));
        assert_eq!(
            read("86 €, c'était la pompe"),
            Value::Number(86.0, "€".into())
        );
    }
}
