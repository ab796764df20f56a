//! Period phrases beyond the English calendar words of [`super::dates`]: Korean, Japanese,
//! Chinese, Spanish, German and French ("지난주", "先週", "上周", "la semana pasada",
//! "letzte Woche", "la semaine dernière", "10월", "최근 14일"...), and the English ones
//! that name a part of a month or year ("first week of March 2019", "September 2019",
//! "Q1 2019", "the weekend").

use std::sync::OnceLock;

use chrono::{Datelike, Days, Months, NaiveDate, Weekday};
use regex::Regex;

use super::pattern::Pattern;
use super::read::lexicon::{alternation_of, lexicon, PeriodWord};

use super::dates::week_start;

/// What a matched phrase stands for.
#[derive(Debug, Clone, Copy)]
enum Kind {
    Today,
    Yesterday,
    DayBefore,
    ThisWeek,
    LastWeek,
    ThisMonth,
    LastMonth,
    ThisYear,
    LastYear,
    /// Group 1: a number of days ending today.
    PastDays,
    /// Group 1: month number, group 2: day.
    MonthDay,
    /// Group 1: an optional year, group 2: month number (digits or 一…十二).
    MonthNumber,
    /// Group 1: an optional year, groups 2 and 3: the first and last month (`1到7月`).
    MonthSpan,
    /// Group 1: a year written with its counter (`2024年`, `2024년`), or alone (`2024`).
    YearNumber,
    /// Group 1 or 2: a year; from its start to today (`seit 2021`, `since 2019`, `2021年以来`).
    SinceYear,
    /// Group 1 or 2: a year; from the next year's first day to today (`after 2020`).
    AfterYear,

    /// Group 1: a month name in es/de/fr, group 2: an optional year.
    MonthName,
    /// Group 1: a day, group 2: a month name in es/de/fr, group 3: an optional year.
    DayMonthName,
    /// Group 1: ordinal word, group 2: English month, group 3: optional year.
    WeekOfMonth,
    /// Group 1: English month, group 2: year.
    MonthYear,
    /// Group 1: quarter number or word, group 2: optional year.
    Quarter,
    /// A quarter (3) or half (6) of a year by its ordinal in any language (`primeiro
    /// trimestre`, `上半年`, `2분기`): one group holds the ordinal, another maybe a year.
    PartOfYear(u32),
    /// A calendar week by its ISO number: any group of 1-4 holds it, group 5 or 6 a year.
    WeekNumber,
    /// Group 1: "last" or nothing.
    Weekend,
    /// The calendar week before last week.
    WeekBeforeLast,
    /// Last night: for sleep, the night logged in today's note (DESIGN §1.2); else yesterday.
    LastNight,
    /// A fixed number of days ending today (`최근 일주일`, `fortnight`, `요즘`).
    FixedDays(u64),
    /// Group 1: a number of weeks ending today, in digits or Korean words (`최근 2주`).
    PastWeeks,
    /// Group 1: month number, group 2: day; from that day to today (`11월 10일부터`).
    SinceMonthDay,
    /// Group 1: day, group 2: a month name in es/de/fr; from that day to today.
    SinceDayMonthName,
    /// Group 1: a Korean weekday letter; that day of last calendar week (`지난주 월요일`).
    DayOfLastWeek,
    /// Group 1 or 2: a German or Spanish weekday; its last day before today
    /// (`letzten Montag`, `el lunes pasado`).
    LastWeekday,
    /// Group 1: day, group 2: month number (`am 10.11.`).
    DayDotMonth,
    /// Group 1: month number, group 2: day, in a question written in a script without
    /// spaces (`11/2〜11/8の週`); elsewhere `3/4` is not read (day or month first).
    SlashMonthDay,
}

/// A period's phrases in every language file (see [`PeriodWord`]), as one alternation.
fn said(period: PeriodWord) -> String {
    alternation_of(lexicon().periods.get(&period).map_or(&[], Vec::as_slice))
}

/// The month names of the lexicon (English's are `vault::dating::MONTHS`), as a regex
/// alternation.
fn foreign_months() -> String {
    super::read::lexicon::lexicon()
        .months
        .iter()
        .map(|(name, _)| regex::escape(name))
        .collect::<Vec<_>>()
        .join("|")
}

/// Whether a period phrase found in a question says "lately" (`lately`, `요즘`): the last
/// 14 days, or for a lift what one lifts now.
pub fn is_lately(phrase: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    // The whole phrase: `요즘 한 달` is a month.
    RE.get_or_init(|| {
        Regex::new(&format!("^(?:{})$", said(PeriodWord::Lately))).expect("lately pattern compiles")
    })
    .is_match(phrase.trim())
}

fn patterns() -> &'static [(Pattern, Kind)] {
    static P: OnceLock<Vec<(Pattern, Kind)>> = OnceLock::new();
    P.get_or_init(|| {
        let re = Pattern::new;
        let fm = foreign_months();
        let en = crate::vault::dating::MONTHS.join("|");
        use Kind::*;
        vec![
            (re(r"(?:지난|저번)\s*주\s*([월화수목금토일])요일"), DayOfLastWeek),
            (re(r"\b(?:letzten|vergangenen)\s+(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)\b|\bel\s+(lunes|martes|miércoles|jueves|viernes|sábado|domingo)\s+pasado\b"), LastWeekday),
            (re(r"\bam\s+(\d{1,2})\.\s?(\d{1,2})\.(?:\s|$|\?)"), DayDotMonth),
            (re(&said(PeriodWord::WeekBeforeLast)), WeekBeforeLast),
            (re(r"(?:최근|지난|요)\s*(?:일주일|1\s*주일|한\s*주)|過去\s*1\s*週間|ここ\s*1\s*週間|最近一周|近一周|\búltimos\s+siete\s+días\b"), FixedDays(7)),
            (re(r"\bfortnight\b|\b[úu]ltimas\s+(?:dos|2)\s+semanas\b|\bletzten\s+(?:zwei|2)\s+wochen\b|\bdeux\s+dernières\s+semaines\b|最近两周|近两周|ここ\s*2\s*週間|\búltimos\s+catorce\s+días\b"), FixedDays(14)),
            (re(r"(?:최근|지난|요)\s*(\d+|한|두|세|네)\s*주(?:일|간)?|\b(?:las\s+)?[úu]ltimas\s+(\d+)\s+semanas\b|\bletzten\s+(\d+)\s+wochen\b|(?:最近|ここ|過去)\s*(\d+)\s*週間"), PastWeeks),
            (re(r"(?:최근|지난|요|요즘)\s*한\s*달|(?:ここ|最近)\s*1\s*[かヶケ]月|最近一个月|近一个月|\búltimos\s+treinta\s+días\b"), FixedDays(30)),
            (re(&said(PeriodWord::Lately)), FixedDays(14)),
            (re(r"(\d{1,2})\s*(?:월|月)\s*(\d{1,2})\s*(?:일|日|号|號)?\s*(?:부터|이후|以降|から|以来|起)"), SinceMonthDay),
            (re(&format!(r"\b(?:desde|depuis)\s+(?:el\s+|o\s+dia\s+|o\s+|le\s+)?(\d{{1,2}})\.?\s+(?:de\s+)?({fm})\b")), SinceDayMonthName),
            (re(r"\bthis\s+wk\b"), ThisWeek),
            (re(r"\blast\s+wk\b"), LastWeek),
            (re(&format!(r"\b(first|second|third|fourth|last|1st|2nd|3rd|4th)\s+week\s+of\s+({en})(?:\s+(\d{{4}}))?")), WeekOfMonth),
            (re(r"\b(?:week|wk|kw|woche|semana|semaine|settimana)\s*(?:nr\.?\s*|no\.?\s*|#)?(\d{1,2})\b(?:\s+(?:im\s+jahr\s+|in\s+|of\s+|de\s+|del\s+)?(\d{4}))?|第\s*(\d{1,2})\s*(?:周|週)|(\d{1,2})\s*주차|(?:(\d{4})\s*年\s*)?第?(\d{1,2})\s*週目"), WeekNumber),
            (re(r"\b(?:q([1-4])|(first|second|third|fourth|last)\s+quarter)(?:\s+(?:of\s+)?(\d{4}))?\b"), Quarter),
            (re(r"\b(primeiro|segundo|terceiro|quarto|primer|tercer|cuarto|premier|deuxi[èe]me|second|troisi[èe]me|quatri[èe]me|primo|secondo|terzo|erste[nrs]?|zweite[nrs]?|dritte[nrs]?|vierte[nrs]?)\s+(?:trimestre|quartal)(?:\s+(?:(?:de|del|do|des|von|di)\s+)?(\d{4}))?"), PartOfYear(3)),
            (re(r"(?:(\d{4})\s*(?:年|년)\s*の?\s*)?第?\s*([1-4一二三四])\s*(?:季度|四半期|분기)"), PartOfYear(3)),
            (re(r"\b(first|second|1st|2nd)\s+half\s+of\s+(?:the\s+year\b|(\d{4}))|\b(first|second|1st|2nd)\s+half\s*(?:$|[?.!,])|\b(primeiro|segundo|primer|premier|second|primo|secondo)\s+semestre(?:\s+(?:de|del|do|di)\s+(\d{4}))?|\b(erste[nrs]?|zweite[nrs]?)\s+(?:halbjahr|jahresh[äa]lfte)(?:\s+(\d{4}))?"), PartOfYear(6)),
            (re(r"(?:(\d{4})\s*(?:年|년)\s*)?(上|下|상|하)\s*(?:半年|半期|반기)"), PartOfYear(6)),
            (re(&format!(r"\b({en})\s+(?:of\s+)?(\d{{4}})\b")), MonthYear),
            (re(r"\b(?:(last)\s+|this\s+|the\s+)?weekends?\b|주말|週末|周末|\bfin(?:es)?\s+de\s+semana\b"), Weekend),
            (re(r"(?:최근|지난|過去|最近|过去|この|ここ)\s*(\d+)\s*(?:일간|일|日間|日|天)|\b(?:en\s+los\s+)?[úu]ltimos\s+(\d+)\s+d[íi]as|\bletzten\s+(\d+)\s+tagen|\b(?:ces|les)\s+(\d+)\s+derniers\s+jours"), PastDays),
            (re(r"(?:(\d{4})\s*(?:년|年)\s*)?(\d{1,2})\s*(?:월|月)?\s*(?:到|至|~|-|–|부터)\s*(\d{1,2})\s*(?:월|月)"), MonthSpan),
            (re(r"(?:(\d{4})\s*(?:년|年)\s*)?(\d{1,2})\s*(?:월|月)\s*(\d{1,2})\s*(?:일|日|号|號)"), MonthDay),
            (re(r"(?:^|[^\d/.])(\d{1,2})/(\d{1,2})(?:$|[^\d/])"), SlashMonthDay),
            (re(&format!(r"\b(?:el\s+|le\s+|am\s+)?(\d{{1,2}})\.?\s+(?:de\s+)?({fm})\b(?:\s+(?:de\s+)?(\d{{4}}))?")), DayMonthName),
            (re(&format!(r"(?:{in_month})\s+({fm})\b(?:\s+(?:de\s+)?(\d{{4}}))?", in_month = said(PeriodWord::InMonth))), MonthName),
            (re(r"(?:(\d{4}|去年|昨年|今年|작년|올해)\s*(?:년|年|の)?\s*)?(\d{1,2}|[一二三四五六七八九十]{1,3})\s*(?:월|月)"), MonthNumber),
            (re(r"\b(?:seit|since|desde|depuis|dal|dalla|dès)\s+(?:el\s+|o\s+|l'|il\s+)?((?:19|20)\d\d)(?:$|[^\d.:/-])|((?:19|20)\d\d)\s*年?以来"), SinceYear),
            (re(r"\b(?:after|nach|après|apres|después\s+de|despues\s+de|depois\s+de|dopo\s+il|dopo)\s+((?:19|20)\d\d)(?:$|[^\d.:/-])|((?:19|20)\d\d)\s*년\s*이후"), AfterYear),
            (re(r"((?:19|20)\d\d)\s*(?:年|년)"), YearNumber),
            (re(&said(PeriodWord::LastNight)), LastNight),
            (re(&said(PeriodWord::Today)), Today),
            (re(&said(PeriodWord::DayBefore)), DayBefore),
            (re(&said(PeriodWord::Yesterday)), Yesterday),
            (re(&said(PeriodWord::ThisWeek)), ThisWeek),
            (re(&said(PeriodWord::LastWeek)), LastWeek),
            (re(&said(PeriodWord::ThisMonth)), ThisMonth),
            (re(&said(PeriodWord::LastMonth)), LastMonth),
            (re(&said(PeriodWord::ThisYear)), ThisYear),
            (re(&said(PeriodWord::LastYear)), LastYear),
            (re(r"(?:^|[^\d.:/-])((?:19|20)\d\d)(?:$|[^\d.:/-])"), YearNumber),
        ]
    })
}

/// A period named in `lower` (a lowercase question), resolved against `anchor`: its start,
/// end and the phrase that named it; `slashed`: `3/4` is read as a month and a day.
pub fn find(
    lower: &str,
    anchor: NaiveDate,
    week: Weekday,
    slashed: bool,
) -> Option<(NaiveDate, NaiveDate, String)> {
    static WHOLE: OnceLock<Pattern> = OnceLock::new();
    let whole = WHOLE.get_or_init(|| Pattern::new(&said(PeriodWord::UpToToday)));
    let cleared;
    let lower = if whole.is_match(lower) {
        cleared = whole.replace_all(lower, " ");
        cleared.as_ref()
    } else {
        lower
    };
    if let Some(span) = day_span(lower, anchor) {
        return Some(span);
    }
    for (re, kind) in patterns() {
        let Some(caps) = re.captures(lower) else {
            continue;
        };
        // "3 November 2026" is a day, read by the English patterns.
        let before = lower[..caps.get(0).expect("group 0").start()].trim_end();
        if matches!(kind, Kind::MonthYear) && before.ends_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        // "October 8, 2023": the year of a day, read by the English patterns.
        let bare_year = matches!(kind, Kind::YearNumber) && !caps[0].contains(['年', '년']);
        // `since 1 March 2019`: likewise, the year of a day named by an English month.
        let ends_with_month = || {
            before
                .trim_end_matches([',', ' ', '.'])
                .rsplit(|c: char| !c.is_alphabetic())
                .next()
                .is_some_and(|w| {
                    w.len() >= 3
                        && crate::vault::dating::MONTHS
                            .iter()
                            .any(|m| m.starts_with(w))
                })
        };
        if bare_year
            && (before
                .trim_end_matches([',', ' '])
                .ends_with(|c: char| c.is_ascii_digit())
                || ends_with_month())
        {
            continue;
        }
        // `1900 kcal`, `2000 m`: an amount, not a year.
        if matches!(kind, Kind::YearNumber) {
            let after = &lower[caps.get(1).expect("year").end()..];
            let unit: String = after
                .trim_start()
                .chars()
                .take_while(|c| c.is_alphabetic())
                .collect();
            if super::read::lexicon::lexicon()
                .counting
                .counters
                .iter()
                .chain(
                    ["kcal", "cal", "m", "g", "steps", "schritte", "kalorien"]
                        .map(String::from)
                        .iter(),
                )
                .any(|u| *u == unit)
            {
                continue;
            }
        }
        if matches!(kind, Kind::SlashMonthDay) && !slashed {
            continue;
        }
        // What the person wrote, not the space or `?` around it (`in 2019?`).
        let phrase = match kind {
            // The pattern takes a letter beside the day: the phrase is the day alone.
            Kind::SlashMonthDay => lower[caps.get(1)?.start()..caps.get(2)?.end()].to_string(),
            _ => caps
                .get(0)
                .expect("group 0")
                .as_str()
                .trim_matches(|c: char| !c.is_alphanumeric())
                .to_string(),
        };
        let g = |i: usize| caps.get(i).map(|m| m.as_str()).unwrap_or("");
        const SLEEP: [&str; 10] = [
            "sleep", "slept", "잠", "잤", "수면", "sueño", "dorm", "schlaf", "睡", "寝",
        ];
        let kind = match kind {
            Kind::LastNight if SLEEP.iter().any(|w| lower.contains(w)) => &Kind::Today,
            Kind::LastNight => &Kind::Yesterday,
            k => k,
        };
        let Some((start, end)) = resolve(*kind, &caps, &g, anchor, week) else {
            continue;
        };
        return Some((start, end, phrase));
    }
    None
}

fn resolve<'a>(
    kind: Kind,
    caps: &regex::Captures,
    g: &dyn Fn(usize) -> &'a str,
    anchor: NaiveDate,
    week: Weekday,
) -> Option<(NaiveDate, NaiveDate)> {
    use Kind::*;
    let day_before = |n: u64| anchor.checked_sub_days(Days::new(n));
    Some(match kind {
        Today | LastNight => (anchor, anchor),
        Yesterday => (day_before(1)?, day_before(1)?),
        DayBefore => (day_before(2)?, day_before(2)?),
        ThisWeek => (week_start(anchor, week), anchor),
        LastWeek => {
            let end = week_start(anchor, week).pred_opt()?;
            (week_start(end, week), end)
        }
        WeekBeforeLast => {
            let end = week_start(anchor, week).checked_sub_days(Days::new(8))?;
            (week_start(end, week), end)
        }
        FixedDays(n) => (day_before(n - 1)?, anchor),
        PastWeeks => {
            let number = [g(1), g(2), g(3), g(4)]
                .into_iter()
                .find(|n| !n.is_empty())?;
            let n: u64 = match number {
                "한" => 1,
                "두" => 2,
                "세" => 3,
                "네" => 4,
                n => n.parse().ok().filter(|n| (1..=104).contains(n))?,
            };
            (day_before(n * 7 - 1)?, anchor)
        }
        SinceMonthDay => {
            let (m, d) = (g(1).parse().ok()?, g(2).parse().ok()?);
            (last_before(anchor, m, d)?, anchor)
        }
        SinceDayMonthName => (
            last_before(anchor, month_of(g(2))?, g(1).parse().ok()?)?,
            anchor,
        ),
        ThisMonth => (anchor.with_day(1)?, anchor),
        LastMonth => {
            let end = anchor.with_day(1)?.pred_opt()?;
            (end.with_day(1)?, end)
        }
        ThisYear => (NaiveDate::from_ymd_opt(anchor.year(), 1, 1)?, anchor),
        LastYear => (
            NaiveDate::from_ymd_opt(anchor.year() - 1, 1, 1)?,
            NaiveDate::from_ymd_opt(anchor.year() - 1, 12, 31)?,
        ),
        PastDays => {
            let n: u64 = (1..=4)
                .find_map(|i| caps.get(i))
                .and_then(|m| m.as_str().parse().ok())
                .filter(|n| (1..=1000).contains(n))?;
            (day_before(n - 1)?, anchor)
        }
        // `2024年8月24日` on that year; `8月24日` the last one up to the anchor.
        MonthDay => {
            let (m, d) = (g(2).parse().ok()?, g(3).parse().ok()?);
            let day = match g(1).parse() {
                Ok(year) => NaiveDate::from_ymd_opt(year, m, d)?,
                Err(_) => last_before(anchor, m, d)?,
            };
            (day, day)
        }
        SlashMonthDay => {
            let (m, d) = (g(1).parse().ok()?, g(2).parse().ok()?);
            let day = last_before(anchor, m, d)?;
            (day, day)
        }
        DayDotMonth => {
            let (d, m) = (g(1).parse().ok()?, g(2).parse().ok()?);
            let day = last_before(anchor, m, d)?;
            (day, day)
        }
        DayOfLastWeek => {
            let monday_first = "월화수목금토일".chars().position(|c| g(1).starts_with(c))?;
            let wanted = Weekday::try_from(monday_first as u8).ok()?;
            let start = week_start(anchor, week).checked_sub_days(Days::new(7))?;
            let day = start.iter_days().take(7).find(|d| d.weekday() == wanted)?;
            (day, day)
        }
        LastWeekday => {
            const NAMES: [&str; 14] = [
                "montag",
                "dienstag",
                "mittwoch",
                "donnerstag",
                "freitag",
                "samstag",
                "sonntag",
                "lunes",
                "martes",
                "miércoles",
                "jueves",
                "viernes",
                "sábado",
                "domingo",
            ];
            let name = if g(1).is_empty() { g(2) } else { g(1) };
            let i = NAMES.iter().position(|n| *n == name)? % 7;
            let wanted = Weekday::try_from(i as u8).ok()?;
            let day = (1..=7)
                .filter_map(|n| anchor.checked_sub_days(Days::new(n)))
                .find(|d| d.weekday() == wanted)?;
            (day, day)
        }
        // `2024年3月`, `去年4月`, `작년 4월`: the month of the year named.
        MonthNumber => {
            let year = match g(1) {
                "去年" | "昨年" | "작년" => Some(anchor.year() - 1),
                "今年" | "올해" => Some(anchor.year()),
                y => y.parse().ok(),
            };
            month(anchor, crate::vault::heading_path::number(g(2))?, year)?
        }
        MonthSpan => {
            let (first, last) = (g(2).parse().ok()?, g(3).parse().ok()?);
            if !(1..=12).contains(&last) || first >= last {
                return None;
            }
            let (start, _) = month(anchor, first, g(1).parse().ok())?;
            let (_, end) = month(anchor, last, Some(start.year()))?;
            (start, end)
        }
        SinceYear | AfterYear => {
            let y: i32 = [g(1), g(2)]
                .into_iter()
                .find(|y| !y.is_empty())?
                .parse()
                .ok()?;
            let first = if matches!(kind, AfterYear) { y + 1 } else { y };
            (NaiveDate::from_ymd_opt(first, 1, 1)?, anchor)
        }
        YearNumber => {
            let y = g(1).parse().ok()?;
            (
                NaiveDate::from_ymd_opt(y, 1, 1)?,
                NaiveDate::from_ymd_opt(y, 12, 31)?,
            )
        }
        MonthName => month(anchor, month_of(g(1))?, g(2).parse().ok())?,
        DayMonthName => {
            let (m, d) = (month_of(g(2))?, g(1).parse().ok()?);
            let day = match g(3).parse() {
                Ok(y) => NaiveDate::from_ymd_opt(y, m, d)?,
                Err(_) => last_before(anchor, m, d)?,
            };
            (day, day)
        }
        WeekOfMonth => {
            let m = crate::vault::dating::month(g(2))?;
            let (first, last) = month(anchor, m, g(3).parse().ok())?;
            let start = match g(1) {
                "first" | "1st" => first,
                "second" | "2nd" => first + chrono::Duration::days(7),
                "third" | "3rd" => first + chrono::Duration::days(14),
                "fourth" | "4th" => first + chrono::Duration::days(21),
                _ => last - chrono::Duration::days(6),
            };
            (start, (start + chrono::Duration::days(6)).min(last))
        }
        WeekNumber => {
            let week: u32 = [g(1), g(3), g(4), g(6)]
                .into_iter()
                .find(|n| !n.is_empty())?
                .parse()
                .ok()?;
            let stated = [g(2), g(5)].into_iter().find_map(|y| y.parse::<i32>().ok());
            let monday = |y| NaiveDate::from_isoywd_opt(y, week, Weekday::Mon);
            let start = match stated {
                Some(y) => monday(y)?,
                // Without a year, the latest such week that has begun.
                None => monday(anchor.year())
                    .filter(|d| *d <= anchor)
                    .or_else(|| monday(anchor.year() - 1))?,
            };
            (start, start + chrono::Duration::days(6))
        }
        MonthYear => month(
            anchor,
            crate::vault::dating::month(g(1))?,
            g(2).parse().ok(),
        )?,
        Quarter => {
            let q: u32 = match (g(1), g(2)) {
                ("", "first") => 1,
                ("", "second") => 2,
                ("", "third") => 3,
                ("", "fourth") | ("", "last") => 4,
                (n, _) => n.parse().ok()?,
            };
            let year = match g(3).parse().ok() {
                Some(y) => y,
                None if (q - 1) * 3 + 1 > anchor.month() => anchor.year() - 1,
                None => anchor.year(),
            };
            let start = NaiveDate::from_ymd_opt(year, (q - 1) * 3 + 1, 1)?;
            (start, start.checked_add_months(Months::new(3))?.pred_opt()?)
        }
        PartOfYear(months) => {
            let groups: Vec<&str> = (1..caps.len()).map(g).filter(|t| !t.is_empty()).collect();
            let year = groups
                .iter()
                .find(|t| t.len() == 4 && t.bytes().all(|b| b.is_ascii_digit()));
            let n = groups.iter().find_map(|t| ordinal(t))?;
            let first_month = (n - 1) * months + 1;
            if first_month > 12 {
                return None;
            }
            let year = match year.and_then(|y| y.parse().ok()) {
                Some(y) => y,
                None if first_month > anchor.month() => anchor.year() - 1,
                None => anchor.year(),
            };
            let start = NaiveDate::from_ymd_opt(year, first_month, 1)?;
            (
                start,
                start.checked_add_months(Months::new(months))?.pred_opt()?,
            )
        }
        Weekend => {
            // The weekend that has begun (asked on Sat/Sun), else the last one.
            let mut sat = anchor;
            while sat.weekday() != Weekday::Sat {
                sat = sat.pred_opt()?;
            }
            if g(1) == "last" && matches!(anchor.weekday(), Weekday::Sat | Weekday::Sun) {
                sat = sat.checked_sub_days(Days::new(7))?;
            }
            (sat, sat.succ_opt()?.min(anchor))
        }
    })
}

/// The number an ordinal of a quarter or half says, in any shipped language (`primeiro`,
/// `dritte`, `三`, `上` the first half, `하` the second).
fn ordinal(word: &str) -> Option<u32> {
    const ORDINALS: [(u32, &[&str]); 4] = [
        (
            1,
            &[
                "1", "1st", "一", "上", "상", "first", "primeiro", "primer", "premier", "primo",
                "erste",
            ],
        ),
        (
            2,
            &[
                "2", "2nd", "二", "下", "하", "second", "segundo", "deuxi", "secondo", "zweite",
            ],
        ),
        (
            3,
            &[
                "3", "三", "third", "terceiro", "tercer", "troisi", "terzo", "dritte",
            ],
        ),
        (
            4,
            &["4", "四", "fourth", "quarto", "cuarto", "quatri", "vierte"],
        ),
    ];
    ORDINALS
        .iter()
        .find(|(_, words)| {
            words
                .iter()
                .any(|w| word == *w || w.len() > 4 && word.starts_with(w))
        })
        .map(|(n, _)| *n)
}

/// Month `m` of `year`, or the last such month not after the anchor.
pub(super) fn month(
    anchor: NaiveDate,
    m: u32,
    year: Option<i32>,
) -> Option<(NaiveDate, NaiveDate)> {
    let year = year.unwrap_or(if m > anchor.month() {
        anchor.year() - 1
    } else {
        anchor.year()
    });
    let start = NaiveDate::from_ymd_opt(year, m, 1)?;
    Some((start, start.checked_add_months(Months::new(1))?.pred_opt()?))
}

/// Day `d` of month `m`, the last such date not after the anchor.
fn last_before(anchor: NaiveDate, m: u32, d: u32) -> Option<NaiveDate> {
    let this = NaiveDate::from_ymd_opt(anchor.year(), m, d)?;
    if this > anchor {
        NaiveDate::from_ymd_opt(anchor.year() - 1, m, d)
    } else {
        Some(this)
    }
}

/// The weekdays' names in the Latin-script languages, and their first three letters
/// (`monday`, `mon`, `lunes`, `lun`), as a regex alternation, longest first.
fn weekday_names() -> String {
    let mut names: Vec<String> = super::chart::words::every_living()
        .flat_map(|l| l.weekdays.iter().flatten())
        .map(|w| w.to_lowercase())
        .filter(|w| w.chars().all(|c| c.is_alphabetic() && (c as u32) < 0x250))
        .flat_map(|w| {
            let short: String = w.chars().take(3).collect();
            [w, short]
        })
        .collect();
    names.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    names.dedup();
    names
        .iter()
        .map(|n| regex::escape(n))
        .collect::<Vec<_>>()
        .join("|")
}

/// Two days and a word between them: `from March 4 to March 10, 2024`, `vom 8. bis 14.
/// Januar 2024`, `du 6 au 12 mai 2024`, `del 3 al 9 de junio`. A first day that writes no
/// month or year takes the second's; with no year at all, the latest such span not after
/// `anchor`.
fn day_span(lower: &str, anchor: NaiveDate) -> Option<(NaiveDate, NaiveDate, String)> {
    static RES: OnceLock<[Pattern; 2]> = OnceLock::new();
    let [day_first, month_first] = RES.get_or_init(|| {
        let months = format!(
            "{}|{}",
            crate::vault::dating::MONTHS.join("|"),
            foreign_months()
        );
        // The joining words of spans (`to`, `bis`, `au`, and after `between`: `and`).
        let spans = &lexicon().questions.spans;
        let joins: Vec<String> = spans.to.iter().chain(&spans.and).cloned().collect();
        let to = format!(r"(?P<to>{}|zum)", alternation_of(&joins));
        let ord = r"(?:\.|st|nd|rd|th|er|º)?";
        // `from Mon 7 September to Sun 4 October`: a day's weekday before it.
        let wd = format!(r"(?:(?:{})\.?,?\s+)?", weekday_names());
        let compile = |p: String| Pattern::new(&p);
        [
            compile(format!(
                r"\b{wd}(?P<d1>\d{{1,2}}){ord}\s*(?:de\s+)?(?:(?P<m1>{months})\.?)?(?:,?\s*(?P<y1>\d{{4}}))?\s*{to}\s+(?:the\s+|le\s+|el\s+|o\s+|dem\s+)?{wd}(?P<d2>\d{{1,2}}){ord}\s*(?:de\s+)?(?P<m2>{months})\b\.?(?:,?\s*(?:de\s+)?(?P<y2>\d{{4}}))?"
            )),
            compile(format!(
                r"\b{wd}(?P<m1>{months})\.?\s+(?P<d1>\d{{1,2}}){ord}(?:,?\s+(?P<y1>\d{{4}}))?\s*{to}\s+{wd}(?:(?P<m2>{months})\.?\s+)?(?P<d2>\d{{1,2}}){ord}\b(?:,?\s+(?P<y2>\d{{4}}))?"
            )),
        ]
    });
    // Both shapes name the same groups; a day without its month takes the other day's.
    let c = day_first
        .captures(lower)
        .or_else(|| month_first.captures(lower))?;
    let month = |group: &str| {
        let name = c.name(group)?.as_str();
        crate::vault::dating::month(name).or_else(|| month_of(name))
    };
    let num = |group: &str| c.name(group).and_then(|m| m.as_str().parse::<u32>().ok());
    let (m1, m2) = match (month("m1"), month("m2")) {
        (Some(a), Some(b)) => (a, b),
        (Some(a), None) | (None, Some(a)) => (a, a),
        (None, None) => return None,
    };
    let (d1, d2, y1, y2) = (num("d1")?, num("d2")?, num("y1"), num("y2"));
    // `7 and 18 April` is a span only after `between` (`entre`, `zwischen`).
    let spans = &lexicon().questions.spans;
    let start = c.get(0).map_or(0, |m| m.start());
    if spans
        .and
        .iter()
        .any(|w| c.name("to").is_some_and(|t| t.as_str() == w))
        && !spans
            .between
            .iter()
            .any(|w| lower[..start].trim_end().ends_with(w.as_str()))
    {
        return None;
    }
    let phrase = c[0].to_string();
    let build = |end_year: i32| {
        let start_year = y1.map_or(end_year - i32::from(m1 > m2), |y| y as i32);
        Some((
            NaiveDate::from_ymd_opt(start_year, m1, d1)?,
            NaiveDate::from_ymd_opt(end_year, m2, d2)?,
        ))
    };
    let (start, end) = match y2.or(y1) {
        Some(y) => build(y as i32)?,
        None => build(anchor.year())
            .filter(|(_, end)| *end <= anchor)
            .or_else(|| build(anchor.year() - 1))?,
    };
    (start <= end).then(|| (start, end, phrase.trim().to_string()))
}

pub(super) fn month_of(name: &str) -> Option<u32> {
    super::read::lexicon::lexicon()
        .months
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, month)| *month)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn spans_of_days_and_years_from_to_after() {
        let anchor = d(2026, 11, 21);
        let cases = [
            (
                "how many steps did i take from march 4 to march 10, 2024?",
                (d(2024, 3, 4), d(2024, 3, 10)),
            ),
            (
                "wie viele schritte bin ich vom 8. bis 14. januar 2024 gegangen?",
                (d(2024, 1, 8), d(2024, 1, 14)),
            ),
            (
                "combien de pas ai-je faits du 6 au 12 mai 2024 ?",
                (d(2024, 5, 6), d(2024, 5, 12)),
            ),
            (
                "¿cuántos km corrí del 3 al 9 de junio?",
                (d(2026, 6, 3), d(2026, 6, 9)),
            ),
            (
                "km from december 28 to january 3",
                (d(2025, 12, 28), d(2026, 1, 3)),
            ),
            // Years and months.
            ("how many km did i run after 2020?", (d(2021, 1, 1), anchor)),
            ("wie viele läufe nach 2020", (d(2021, 1, 1), anchor)),
            ("2020년 이후 몇 km", (d(2021, 1, 1), anchor)),
            (
                "how many km in february of 2019",
                (d(2019, 2, 1), d(2019, 2, 28)),
            ),
        ];
        for (q, want) in cases {
            let (start, end, _) =
                find(q, anchor, Weekday::Mon, false).unwrap_or_else(|| panic!("{q}"));
            assert_eq!((start, end), want, "{q}");
        }
        // The phrase echoed is what was written, without the question mark.
        assert_eq!(
            find("how far in 2019?", anchor, Weekday::Mon, false)
                .unwrap()
                .2,
            "2019"
        );
    }

    fn range(q: &str) -> (NaiveDate, NaiveDate) {
        let (s, e, _) = find(&q.to_lowercase(), d(2026, 11, 21), Weekday::Mon, true).unwrap();
        (s, e)
    }

    #[test]
    fn a_day_of_last_week_a_dotted_day_and_unaccented_spanish() {
        // 2026-11-21 is a Saturday.
        let day = |q: &str| {
            let (s, e) = range(q);
            assert_eq!(s, e, "{q}");
            s
        };
        assert_eq!(day("지난주 월요일 몸무게"), d(2026, 11, 9));
        assert_eq!(day("저번 주 금요일에 뭐 했지"), d(2026, 11, 13));
        assert_eq!(
            day("wie viel habe ich letzten montag gewogen"),
            d(2026, 11, 16)
        );
        assert_eq!(day("el lunes pasado"), d(2026, 11, 16));
        assert_eq!(day("wie viel habe ich am 10.11. gewogen?"), d(2026, 11, 10));
        assert_eq!(
            range("carrera más larga del mes pasado"),
            (d(2026, 10, 1), d(2026, 10, 31))
        );
        assert_eq!(
            range("entrenos en las ultimas 2 semanas"),
            (d(2026, 11, 8), d(2026, 11, 21))
        );
        assert_eq!(
            range("las últimas 3 semanas"),
            (d(2026, 11, 1), d(2026, 11, 21))
        );
    }

    #[test]
    fn portuguese_periods_and_phrases_that_name_no_period() {
        // 2026-11-21 is a Saturday.
        assert_eq!(
            range("quantos km eu corri em setembro?"),
            (d(2026, 9, 1), d(2026, 9, 30))
        );
        assert_eq!(
            range("distância de corrida nessa semana?"),
            (d(2026, 11, 16), d(2026, 11, 21))
        );
        assert_eq!(
            range("quantos treinos desde o dia 2 de novembro?"),
            (d(2026, 11, 2), d(2026, 11, 21))
        );
        let whole = |q: &str| find(q, d(2026, 11, 21), Weekday::Mon, true);
        assert_eq!(whole("quantos km corri até hoje?"), None);
        assert_eq!(whole("how much did i squat most recently"), None);
    }

    #[test]
    fn windows_of_days_the_week_before_last_and_since_a_day() {
        // 2026-11-21 is a Saturday.
        assert_eq!(range("지지난주 몇 km"), (d(2026, 11, 2), d(2026, 11, 8)));
        assert_eq!(
            range("the week before last"),
            (d(2026, 11, 2), d(2026, 11, 8))
        );
        assert_eq!(
            range("최근 일주일 러닝 거리"),
            (d(2026, 11, 15), d(2026, 11, 21))
        );
        assert_eq!(
            range("distance the past fortnight"),
            (d(2026, 11, 8), d(2026, 11, 21))
        );
        assert_eq!(range("최근 2주 평균"), (d(2026, 11, 8), d(2026, 11, 21)));
        assert_eq!(range("요즘 잠 잘 자?"), (d(2026, 11, 8), d(2026, 11, 21)));
        assert_eq!(
            range("11월 10일부터 달린 거리"),
            (d(2026, 11, 10), d(2026, 11, 21))
        );
        assert_eq!(
            range("km desde el 10 de noviembre"),
            (d(2026, 11, 10), d(2026, 11, 21))
        );
        assert_eq!(range("km last wk"), (d(2026, 11, 9), d(2026, 11, 15)));
        // Last night's sleep is logged in today's note; last night's dinner yesterday.
        assert_eq!(
            range("how much did I sleep last night"),
            (d(2026, 11, 21), d(2026, 11, 21))
        );
        assert_eq!(
            range("어젯밤 수면 시간"),
            (d(2026, 11, 21), d(2026, 11, 21))
        );
        assert_eq!(
            range("what did I eat last night"),
            (d(2026, 11, 20), d(2026, 11, 20))
        );
    }

    #[test]
    fn periods_in_other_languages() {
        // 2026-11-21 is a Saturday.
        assert_eq!(
            range("지난주에 몇 번 달렸어?"),
            (d(2026, 11, 9), d(2026, 11, 15))
        );
        assert_eq!(
            range("이번 달 스쿼트 최고 중량은?"),
            (d(2026, 11, 1), d(2026, 11, 21))
        );
        assert_eq!(range("최근 14일 몇 km"), (d(2026, 11, 8), d(2026, 11, 21)));
        assert_eq!(range("10월 9일 뭐 했어?"), (d(2026, 10, 9), d(2026, 10, 9)));
        assert_eq!(range("10월 몇 번"), (d(2026, 10, 1), d(2026, 10, 31)));
        assert_eq!(
            range("先週ジムに何回行った？"),
            (d(2026, 11, 9), d(2026, 11, 15))
        );
        assert_eq!(range("上个月硬拉"), (d(2026, 10, 1), d(2026, 10, 31)));
        assert_eq!(
            range("¿cuántos km corrí este mes?"),
            (d(2026, 11, 1), d(2026, 11, 21))
        );
        assert_eq!(
            range("Wie oft bin ich im Oktober gelaufen?"),
            (d(2026, 10, 1), d(2026, 10, 31))
        );
        assert_eq!(
            range("la semaine dernière"),
            (d(2026, 11, 9), d(2026, 11, 15))
        );
        assert_eq!(
            range("en los últimos 14 días"),
            (d(2026, 11, 8), d(2026, 11, 21))
        );
    }

    #[test]
    fn spans_of_months_and_years_with_their_counters() {
        assert_eq!(
            range("2023年1到7月一共跑了多少公里"),
            (d(2023, 1, 1), d(2023, 7, 31))
        );
        assert_eq!(
            range("2023년 3월부터 5월까지"),
            (d(2023, 3, 1), d(2023, 5, 31))
        );
        assert_eq!(
            range("2024年一共跑了多少次"),
            (d(2024, 1, 1), d(2024, 12, 31))
        );
        assert_eq!(range("2024년 총 몇 번"), (d(2024, 1, 1), d(2024, 12, 31)));
        assert_eq!(
            range("welche zeit beim lauf der owc 2018"),
            (d(2018, 1, 1), d(2018, 12, 31))
        );
        assert_eq!(
            range("wie hat sich mein umfang seit 2021 entwickelt"),
            (d(2021, 1, 1), d(2026, 11, 21))
        );
        assert_eq!(range("2021年以来"), (d(2021, 1, 1), d(2026, 11, 21)));
        // A day with its year is that year's, not the year's whole.
        assert_eq!(
            range("2024年8月24日の睡眠"),
            (d(2024, 8, 24), d(2024, 8, 24))
        );
        assert_eq!(range("2023년 5월 2일 운동"), (d(2023, 5, 2), d(2023, 5, 2)));
        // A month of last year named by its word.
        assert_eq!(range("去年4月最后一次"), (d(2025, 4, 1), d(2025, 4, 30)));
        assert_eq!(range("작년 4월에"), (d(2025, 4, 1), d(2025, 4, 30)));
        // A span that runs backwards is no span: the month alone is read.
        assert_eq!(range("7到1月"), (d(2026, 1, 1), d(2026, 1, 31)));
    }

    #[test]
    fn quarters_and_halves_in_other_languages() {
        assert_eq!(
            range("primeiro trimestre de 2025"),
            (d(2025, 1, 1), d(2025, 3, 31))
        );
        assert_eq!(
            range("el segundo semestre"),
            (d(2026, 7, 1), d(2026, 12, 31))
        );
        assert_eq!(range("2025年第三季度"), (d(2025, 7, 1), d(2025, 9, 30)));
        assert_eq!(range("상반기"), (d(2026, 1, 1), d(2026, 6, 30)));
        assert_eq!(
            range("im zweiten quartal 2023"),
            (d(2023, 4, 1), d(2023, 6, 30))
        );
        assert_eq!(
            range("the first half of 2025"),
            (d(2025, 1, 1), d(2025, 6, 30))
        );
        let race = find(
            "my first half marathon",
            d(2026, 11, 21),
            Weekday::Mon,
            true,
        );
        assert!(race.is_none(), "a race, not a half of the year");
    }

    #[test]
    fn parts_of_months_and_years() {
        assert_eq!(
            range("first week of March 2019"),
            (d(2019, 3, 1), d(2019, 3, 7))
        );
        assert_eq!(
            range("runs in September 2019"),
            (d(2019, 9, 1), d(2019, 9, 30))
        );
        assert_eq!(range("Q1 2019"), (d(2019, 1, 1), d(2019, 3, 31)));
        assert_eq!(
            range("the first quarter of 2019"),
            (d(2019, 1, 1), d(2019, 3, 31))
        );
        assert_eq!(
            range("what did I do on the weekend"),
            (d(2026, 11, 21), d(2026, 11, 21))
        );
    }
}
