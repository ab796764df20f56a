//! Days, not amounts: how many weeks in a row have training, and which days were rest —
//! the days a log marks as rest (`### 07.12 Fri Rest day`, a `Rest` cell of a day table),
//! or, when it marks none, the days with nothing trained.

use std::collections::BTreeMap;

use chrono::{Duration, NaiveDate, Weekday};

use super::numbers::items;
use super::{count, day, full_day, Reply};
use crate::offline::analyze::Link;
use crate::offline::metric::Point;
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::query::Metric;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::t;
use crate::vault::parsed::ParsedRecord;

/// A day a log marks as rest, with the link to where it says so.
pub struct Marked {
    pub date: NaiveDate,
    pub link: String,
    /// The note it is in (vault-relative).
    pub source: String,
    /// What marks it (`Rest`, `休息日`).
    pub said: String,
}

/// Whether `text` marks its day as rest: a line, a heading's words or a table cell that
/// says only a rest word of some language (`Rest`, `Rest day`, `休息日`, `Ruhetag`), apart
/// from list marks, punctuation and the person's own `today`. Returns that part.
pub fn marks_rest(text: &str) -> Option<String> {
    let lex = lexicon();
    let is_rest = |part: &str| {
        let words: Vec<String> = part
            .split(|c: char| c.is_whitespace() || matches!(c, ',' | '.' | ':' | '!' | '-' | '*'))
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| !w.is_empty() && w != "x" && !lex.own.contains(w))
            .collect();
        !words.is_empty() && lex.rest.contains(&words.join(" "))
    };
    text.lines().find_map(|line| {
        let line = line.trim();
        let mut parts = if line.starts_with('|') {
            line.split('|').collect()
        } else {
            vec![line]
        };
        parts.retain(|p| is_rest(p));
        parts.first().map(|p| p.trim().to_string())
    })
}

/// Days in a row with `metric` logged: the longest run of them (`longest streak of days
/// with a run`, `連続で走った日数の最長`), or the run going on now, up to today or yesterday
/// (`how many days in a row have I run`).
pub fn day_streak(
    metric: &Metric,
    records: &[ParsedRecord],
    anchor: NaiveDate,
    longest: bool,
    link: Link,
) -> Option<Reply> {
    let points = crate::offline::metric::series(metric, records);
    let mut days: BTreeMap<NaiveDate, &Point> = BTreeMap::new();
    for p in &points {
        days.entry(p.date).or_insert(p);
    }
    // Every run of days in a row, as (first, last).
    let mut runs: Vec<(NaiveDate, NaiveDate)> = Vec::new();
    for &d in days.keys() {
        match runs.last_mut() {
            Some((_, last)) if *last + Duration::days(1) == d => *last = d,
            _ => runs.push((d, d)),
        }
    }
    let length = |(a, b): &(NaiveDate, NaiveDate)| (*b - *a).num_days() + 1;
    let run = if longest {
        // The latest of the longest (`max_by_key` keeps the last).
        runs.iter().max_by_key(|r| length(r)).copied()?
    } else {
        runs.last()
            .copied()
            .filter(|(_, last)| *last >= anchor - Duration::days(1))?
    };
    let streak: Vec<&Point> = days.range(run.0..=run.1).map(|(_, p)| *p).collect();
    let n = streak.len();
    // A day with a run is a day of runs, whichever of its measures was asked.
    let what = match metric {
        Metric::Distance | Metric::RunDuration | Metric::Pace => &Metric::Runs,
        other => other,
    };
    let mut r = Reply::default();
    r.head.push(t(
        "day_streak",
        &[
            ("days", &count(n, "day")),
            ("what", &crate::offline::say::label(&what.label())),
            ("from", &full_day(run.0)),
            ("to", &full_day(run.1)),
        ],
    ));
    items(&mut r, &streak, link);
    let detail = |p: &Point| p.detail.clone();
    r.provenance.push(Provenance::of(
        Operation::Count,
        count(n, "day"),
        &streak,
        &detail,
        "",
        link,
    ));
    Some(r)
}

/// How many weeks in a row, up to this one, have a logged workout or run (`몇 주 연속`);
/// this week counts only once something is logged in it.
pub fn week_streak(
    anchor: NaiveDate,
    week_start: Weekday,
    records: &[ParsedRecord],
    link: Link,
) -> Option<Reply> {
    let start_of = |d: NaiveDate| crate::offline::dates::week_start(d, week_start);
    let mut weeks: BTreeMap<NaiveDate, Point> = BTreeMap::new();
    for r in records {
        if let Some(p) = Metric::Training.points(r).into_iter().next() {
            weeks.entry(start_of(r.date)).or_insert(p);
        }
    }
    let this_week = start_of(anchor);
    let mut week = if weeks.contains_key(&this_week) {
        this_week
    } else {
        this_week - Duration::days(7)
    };
    let mut streak: Vec<&Point> = Vec::new();
    while let Some(p) = weeks.get(&week) {
        streak.push(p);
        week -= Duration::days(7);
    }
    let mut r = Reply::default();
    match streak.last() {
        Some(first) => r.head.push(t(
            "streak",
            &[
                ("weeks", &count(streak.len(), "week")),
                ("day", &full_day(start_of(first.date))),
            ],
        )),
        None => r.head.push(t("streak_none", &[])),
    }
    streak.reverse();
    items(&mut r, &streak, link);
    if !streak.is_empty() {
        let detail = |p: &Point| p.detail.clone();
        let result = count(streak.len(), "week");
        r.provenance.push(Provenance::of(
            Operation::Count,
            result,
            &streak,
            &detail,
            "",
            link,
        ));
    }
    Some(r)
}

/// The rest days of `span` (`rest days this month`, `这个月有几个休息日`): the days the log
/// marks as rest (`marked`), each cited; when it marks none, the days without a logged
/// workout or run, or without a run when `only_runs` (`안 뛴 날`), with the days trained
/// cited.
pub fn rest_days(
    span: (NaiveDate, NaiveDate),
    only_runs: bool,
    when: &str,
    marked: &[Marked],
    records: &[ParsedRecord],
    link: Link,
) -> Option<Reply> {
    let (start, end) = span;
    if end < start {
        return None;
    }
    let mut r = Reply::default();
    let mut days: BTreeMap<NaiveDate, &Marked> = BTreeMap::new();
    for m in marked.iter().filter(|m| (start..=end).contains(&m.date)) {
        days.entry(m.date).or_insert(m);
    }
    if !days.is_empty() {
        let rest = count(days.len(), "rest day");
        r.head
            .push(t("rest_marked", &[("rest", &rest), ("when", when)]));
        for m in days.values().rev() {
            r.items
                .push(format!("{}: {} {}", day(m.date), m.said, m.link));
            r.used(&m.source);
        }
        let inputs = days
            .values()
            .map(|m| Input {
                value: m.said.clone(),
                number: 1.0,
                date: m.date,
                link: m.link.clone(),
            })
            .collect();
        r.provenance
            .push(Provenance::with(Operation::Count, rest, inputs, when));
        return Some(r);
    }
    let metric = if only_runs {
        Metric::Runs
    } else {
        Metric::Training
    };
    let mut trained: BTreeMap<NaiveDate, Point> = BTreeMap::new();
    for rec in records.iter().filter(|r| (start..=end).contains(&r.date)) {
        if let Some(p) = metric.points(rec).into_iter().next() {
            trained.entry(rec.date).or_insert(p);
        }
    }
    // Nothing logged at all is no rest: the answer says nothing was logged then.
    if trained.is_empty() && !records.iter().any(|r| (start..=end).contains(&r.date)) {
        return None;
    }
    let all = (end - start).num_days() + 1;
    let free = all - trained.len() as i64;
    let what = t(
        if only_runs {
            "rest_what_run"
        } else {
            "rest_what_any"
        },
        &[],
    );
    r.head.push(t(
        "rest_unmarked",
        &[
            ("rest", &count(free as usize, "rest day")),
            ("when", when),
            ("free", &free.to_string()),
            ("all", &all.to_string()),
            ("what", &what),
            ("trained", &count(trained.len(), "day")),
        ],
    ));
    let points: Vec<&Point> = trained.values().collect();
    items(&mut r, &points, link);
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_marked_rest_in_any_language_and_only_such_a_day() {
        for text in [
            "Rest",
            "- Rest day",
            "休息日",
            "Ruhetag.",
            "día de descanso",
            "| Date | Miles | Type |\n| --- | --- | --- |\n| Mon 17th June | - | Rest |",
            "휴식",
            "Today: rest",
        ] {
            assert!(marks_rest(text).is_some(), "{text}");
        }
        for text in [
            "rest of the day at the beach",
            "5k easy, then rest",
            "Resting HR 52",
            "| Date | Miles | Type |\n| --- | --- | --- |\n| Tue 18th June | 4 | Easy |",
            "臀腿日",
        ] {
            assert_eq!(marks_rest(text), None, "{text}");
        }
    }
}
