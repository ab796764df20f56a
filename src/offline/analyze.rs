//! Computed facts over parsed data for the offline engine: counts, totals, best and worst,
//! averages, first-vs-last trends, per-weekday breakdowns, period comparisons, and for "why"
//! questions the factors that occurred alongside (never claimed as causes). Every fact
//! carries the records it came from, so the answer can cite them.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::chart::{Combine, Plot};
use super::metric::{exercises, lift_in_reps, per_day, series, session_count, total_reps, Point};
use super::provenance::{Input, Operation, Provenance};
use super::query::{Metric, Query, QueryType};
use super::say::{self, capitalize, count, t};
use crate::vault::parsed::ParsedRecord;

/// Turns a record into its wikilink citation.
pub type Link<'a> = &'a dyn Fn(&ParsedRecord) -> String;

/// The computed part of an answer: sentences and the points they rest on.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub lines: Vec<String>,
    /// The records of the points cited, in the order mentioned.
    pub cited: Vec<ParsedRecord>,
    /// How each computed figure of the lines was computed.
    pub provenance: Vec<Provenance>,
    /// What was computed, point by point, when it is worth a chart.
    pub series: Option<Plot>,
}

impl Facts {
    /// The newest `n` points as cited list items.
    fn list_newest(&mut self, link: Link, points: &[Point], n: usize) {
        for p in points.iter().rev().take(n) {
            let c = self.cite(link, p);
            self.lines
                .push(format!("- {}: {} {c}", say::day(p.date), p.detail));
        }
    }

    fn cite(&mut self, link: Link, p: &Point) -> String {
        if !self.cited.iter().any(|c| c.id == p.record.id) {
            self.cited.push(p.record.clone());
        }
        link(p.record)
    }
}

/// Numbers for the query's main metric over `records` (the query's period), and for
/// comparisons over `other` (the second period). `baseline` is a wider window used to say
/// what is usual (for "why" questions). Sentences are the lexicon's (`answers.say`), in the
/// language spoken (see [`super::say::speak`]).
pub fn compute(
    query: &Query,
    when: &str,
    records: &[ParsedRecord],
    other: Option<(&str, &[ParsedRecord])>,
    baseline: &[ParsedRecord],
    link: Link,
) -> Option<Facts> {
    let metric = query.metrics.first()?.clone();
    let points = series(&metric, records);
    let mut facts = Facts::default();
    let label = say::label(&metric.label());
    if points.is_empty() && query.kind != QueryType::Comparison {
        return None;
    }
    let all: Vec<&Point> = points.iter().collect();
    let detail = |p: &Point| p.detail.clone();
    let value = |p: &Point| metric.format(p.value);
    match query.kind {
        QueryType::Count => {
            let days: std::collections::BTreeSet<NaiveDate> =
                points.iter().map(|p| p.date).collect();
            let counted = counted(&metric, points.len());
            let mut line = t(
                "count_days",
                &[
                    ("counted", &counted),
                    ("when", when),
                    ("days", &count(days.len(), "day")),
                ],
            );
            if metric == Metric::Runs {
                let km: f64 = points.iter().map(|p| p.value).sum();
                if km > 0.0 {
                    line.push_str(&t("count_km", &[("km", &trim(round1(km)))]));
                }
            }
            line.push_str(&t("stop", &[]));
            facts.lines.push(line);
            facts.lines.push(String::new());
            facts.list_newest(link, &points, 6);
            facts.provenance.push(Provenance::of(
                Operation::Count,
                counted,
                &all,
                &detail,
                when,
                link,
            ));
        }
        QueryType::Total => {
            let sum: f64 = points.iter().map(|p| p.value).sum();
            let shown = if metric == Metric::Runs {
                Metric::Distance
            } else {
                metric.clone()
            };
            facts.lines.push(t(
                "total_from",
                &[
                    ("total", &shown.format(round1(sum))),
                    ("of", &t("of_label", &[("label", &label)])),
                    ("when", when),
                    ("entries", &count(points.len(), "entry")),
                ],
            ));
            let value = |p: &Point| shown.format(p.value);
            facts.provenance.push(Provenance::of(
                Operation::Sum,
                shown.format(round1(sum)),
                &all,
                &value,
                when,
                link,
            ));
            facts.lines.push(String::new());
            facts.list_newest(link, &points, 6);
        }
        QueryType::Lookup
        | QueryType::Recommendation
        | QueryType::Correction
        | QueryType::Last
        | QueryType::List
        | QueryType::Summary
        | QueryType::Tasks => return None,
        QueryType::Max | QueryType::Min => {
            let want_max = (query.kind != QueryType::Min) != metric.lower_is_better();
            let best = pick(&points, want_max)?;
            let word = if query.kind == QueryType::Min {
                t("lowest", &[])
            } else {
                t("best_word", &[])
            };
            let c = facts.cite(link, &best);
            facts.lines.push(t(
                "best",
                &[
                    ("word", &word),
                    ("what", &label),
                    ("when", when),
                    ("detail", &best.detail),
                    ("date", &say::day(best.date)),
                    ("link", &c),
                ],
            ));
            let op = if want_max {
                Operation::Max
            } else {
                Operation::Min
            };
            facts.provenance.push(Provenance::of(
                op,
                best.detail.clone(),
                &all,
                &detail,
                when,
                link,
            ));
            if points.len() > 1 {
                let first = &points[0];
                facts.lines.push(t(
                    "out_of_first",
                    &[
                        ("entries", &count(points.len(), "entry")),
                        ("detail", &first.detail),
                        ("date", &say::day(first.date)),
                    ],
                ));
            }
            if query.preceding_days {
                preceding_sleep(&mut facts, link, std::slice::from_ref(&best), baseline);
            }
        }
        QueryType::Average => {
            let avg = mean(points.iter().map(|p| p.value));
            let lo = pick(&points, false)?;
            let hi = pick(&points, true)?;
            let (lo_c, hi_c) = (facts.cite(link, &lo), facts.cite(link, &hi));
            let unit = if per_day(&metric) { "day" } else { "entry" };
            facts.lines.push(t(
                "average_range",
                &[
                    ("what", &label),
                    ("when", when),
                    ("avg", &metric.format(round1(avg))),
                    ("count", &count(points.len(), unit)),
                    ("lo", &lo.detail),
                    ("lo_day", &say::day(lo.date)),
                    ("lo_link", &lo_c),
                    ("hi", &hi.detail),
                    ("hi_day", &say::day(hi.date)),
                    ("hi_link", &hi_c),
                ],
            ));
            facts.provenance.push(Provenance::of(
                Operation::Mean,
                metric.format(round1(avg)),
                &all,
                &value,
                when,
                link,
            ));
            if points.len() <= 10 {
                let list = points
                    .iter()
                    .map(|p| format!("{} {}", short_day(p.date), p.detail))
                    .collect::<Vec<_>>()
                    .join(", ");
                facts.lines.push(t("day_by_day", &[("list", &list)]));
            }
        }
        QueryType::Trend => {
            let first = points.first()?;
            let last = points.last()?;
            let change = last.value - first.value;
            let (fc, lc) = (facts.cite(link, first), facts.cite(link, last));
            let direction = say::change(change, |by| metric.format(round1(by)));
            facts.lines.push(t(
                "trend",
                &[
                    ("what", &capitalize(&label)),
                    ("when", when),
                    ("a", &first.detail),
                    ("a_day", &say::day(first.date)),
                    ("a_link", &fc),
                    ("b", &last.detail),
                    ("b_day", &say::day(last.date)),
                    ("b_link", &lc),
                    ("direction", &direction),
                    ("n", &count(points.len(), "entry")),
                ],
            ));
            facts.provenance.push(Provenance::of(
                Operation::Change,
                direction.clone(),
                &all,
                &value,
                when,
                link,
            ));
            if points.len() >= 4 {
                let half = points.len() / 2;
                let a = mean(points[..half].iter().map(|p| p.value));
                let b = mean(points[half..].iter().map(|p| p.value));
                facts.lines.push(t(
                    "halves",
                    &[
                        ("a", &metric.format(round1(a))),
                        ("b", &metric.format(round1(b))),
                    ],
                ));
            }
            let values = points.iter().map(|p| (p.date, p.value)).collect();
            facts.series = Some(Plot::line(
                &metric.label(),
                &unit_of(&metric),
                Combine::Mean,
                values,
            ));
        }
        QueryType::Weekday => weekdays(&mut facts, query, &metric, &points, when, link),
        QueryType::Comparison => {
            let (other_when, other_records) = other?;
            let other_points = series(&metric, other_records);
            let now = Side::of(&metric, &points, records, when, link);
            let then = Side::of(&metric, &other_points, other_records, other_when, link);
            facts.lines.push(t(
                "cmp_line",
                &[
                    ("what", &capitalize(&label)),
                    ("when", when),
                    ("a", &now.text),
                    ("other", other_when),
                    ("b", &then.text),
                ],
            ));
            // How the two differ, except for a pace, where less is more.
            let unit = if now.unit == Unit::Metric {
                then.unit
            } else {
                now.unit
            };
            let diff = round1(now.value - then.value);
            if metric != Metric::Pace && (now.value > 0.0 || then.value > 0.0) {
                let key = if diff == 0.0 {
                    "cmp_same"
                } else if diff > 0.0 {
                    "cmp_more"
                } else if unit == Unit::Reps
                    || matches!(metric, Metric::Training | Metric::Workouts)
                {
                    "cmp_fewer"
                } else {
                    "cmp_less"
                };
                let amount = unit.show(&metric, diff.abs());
                facts.lines.push(t(
                    key,
                    &[("amount", &amount), ("when", when), ("other", other_when)],
                ));
            }
            for p in points
                .iter()
                .rev()
                .take(3)
                .chain(other_points.iter().rev().take(3))
            {
                facts.cite(link, p);
            }
            facts.provenance.extend(now.trail);
            facts.provenance.extend(then.trail);
        }
        QueryType::Why => {
            facts
                .lines
                .push(t("why_entries", &[("what", &label), ("when", when)]));
            facts.lines.push(String::new());
            facts.list_newest(link, &points, 4);
            let shown: Vec<Point> = points.iter().rev().take(4).cloned().collect();
            preceding_sleep(&mut facts, link, &shown, baseline);
        }
    }
    Some(facts)
}

/// What the number of a side of a comparison counts, for saying how far apart they are.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Unit {
    /// In the metric's own format.
    Metric,
    Reps,
    Km,
    Sessions,
}

impl Unit {
    fn show(self, metric: &Metric, v: f64) -> String {
        match self {
            Unit::Metric => metric.format(v),
            Unit::Reps => t("n_reps", &[("n", &trim(v))]),
            Unit::Km => format!("{} km", trim(v)),
            Unit::Sessions => count(v as usize, "session"),
        }
    }
}

/// One side of a comparison: its words, the number it is compared by, and how that
/// number was computed.
struct Side {
    text: String,
    value: f64,
    unit: Unit,
    trail: Option<Provenance>,
}

impl Side {
    fn of(
        metric: &Metric,
        pts: &[Point],
        records: &[ParsedRecord],
        when: &str,
        link: Link,
    ) -> Side {
        if pts.is_empty() {
            return Side {
                text: t("cmp_nothing", &[]),
                value: 0.0,
                unit: Unit::Metric,
                trail: None,
            };
        }
        let all: Vec<&Point> = pts.iter().collect();
        // `푸쉬업 지난달보다 많이 했어?`: reps are compared in all.
        if let Metric::Lift(name) = metric {
            if lift_in_reps(name, records) {
                let (reps, entries) = total_reps(name, records);
                let inputs = reps_of(name, records, link);
                let shown = Unit::Reps.show(metric, reps as f64);
                return Side {
                    text: t(
                        "cmp_reps",
                        &[("reps", &shown), ("entries", &count(entries, "entry"))],
                    ),
                    value: reps as f64,
                    unit: Unit::Reps,
                    trail: Some(Provenance::with(Operation::Sum, shown, inputs, when)),
                };
            }
        }
        let value = |p: &Point| metric.format(p.value);
        if per_day(metric) || matches!(metric, Metric::Pace | Metric::Lift(_)) {
            let average = round1(mean(pts.iter().map(|p| p.value)));
            let shown = metric.format(average);
            Side {
                text: t(
                    "cmp_average",
                    &[("value", &shown), ("entries", &count(pts.len(), "entry"))],
                ),
                value: average,
                unit: Unit::Metric,
                trail: Some(Provenance::of(
                    Operation::Mean,
                    shown,
                    &all,
                    &value,
                    when,
                    link,
                )),
            }
        } else if matches!(
            metric,
            Metric::Workouts | Metric::Training | Metric::BodyPart(_)
        ) {
            // Sessions, not entries: `Upper B` and `Accessories:` are one workout.
            let n = session_count(pts);
            let mut firsts: Vec<&Point> = Vec::new();
            for p in pts {
                if !firsts.iter().any(|f| f.session() == p.session()) {
                    firsts.push(p);
                }
            }
            let detail = |p: &Point| p.detail.clone();
            let shown = count(n, "session");
            Side {
                text: shown.clone(),
                value: n as f64,
                unit: Unit::Sessions,
                trail: Some(Provenance::of(
                    Operation::Count,
                    shown,
                    &firsts,
                    &detail,
                    when,
                    link,
                )),
            }
        } else if *metric == Metric::Runs {
            let km = round1(pts.iter().map(|p| p.value).sum());
            let shown = Unit::Km.show(metric, km);
            let each = |p: &Point| Unit::Km.show(metric, p.value);
            Side {
                text: t(
                    "cmp_runs",
                    &[("runs", &count(pts.len(), "run")), ("km", &trim(km))],
                ),
                value: km,
                unit: Unit::Km,
                trail: Some(Provenance::of(
                    Operation::Sum,
                    shown,
                    &all,
                    &each,
                    when,
                    link,
                )),
            }
        } else {
            let sum = round1(pts.iter().map(|p| p.value).sum());
            let shown = metric.format(sum);
            Side {
                text: t(
                    "cmp_sum",
                    &[("value", &shown), ("entries", &count(pts.len(), "entry"))],
                ),
                value: sum,
                unit: Unit::Metric,
                trail: Some(Provenance::of(
                    Operation::Sum,
                    shown,
                    &all,
                    &value,
                    when,
                    link,
                )),
            }
        }
    }
}

/// The reps of `name` in each record that holds some, as inputs of their sum.
fn reps_of(name: &str, records: &[ParsedRecord], link: Link) -> Vec<Input> {
    let mut out: Vec<Input> = records
        .iter()
        .filter_map(|r| {
            let reps: i64 = exercises(r)
                .filter(|e| e["name"].as_str() == Some(name))
                .filter_map(|e| Some(e["reps"].as_i64()? * e["sets"].as_i64().unwrap_or(1).max(1)))
                .reduce(|a, b| a + b)?;
            Some(Input {
                value: t("n_reps", &[("n", &reps.to_string())]),
                number: reps as f64,
                date: r.date,
                link: link(r),
            })
        })
        .collect();
    out.sort_by_key(|i| i.date);
    out
}

/// The breakdown of `points` by weekday: a mean for levels and bests, else how many; each
/// weekday shown with how it was computed.
fn weekdays(
    facts: &mut Facts,
    query: &Query,
    metric: &Metric,
    points: &[Point],
    when: &str,
    link: Link,
) {
    let label = say::label(&metric.label());
    // Levels and bests by their mean, anything else by how often it happened.
    let averaged =
        per_day(metric) || matches!(metric, Metric::Lift(_) | Metric::Distance | Metric::Pace);
    let mut by_day: BTreeMap<u32, Vec<&Point>> = BTreeMap::new();
    for p in points {
        by_day
            .entry(p.date.weekday().num_days_from_monday())
            .or_default()
            .push(p);
    }
    let value = |p: &Point| metric.format(p.value);
    let detail = |p: &Point| p.detail.clone();
    let mut shown = Vec::new();
    for (d, pts) in &by_day {
        if query
            .weekday
            .is_some_and(|w| w.num_days_from_monday() != *d)
        {
            continue;
        }
        let name = weekday_name(*d);
        let period = format!("{when} · {name}");
        if averaged {
            let avg = metric.format(round1(mean(pts.iter().map(|p| p.value))));
            shown.push(t(
                "weekday_mean",
                &[
                    ("day", &name),
                    ("value", &avg),
                    ("entries", &count(pts.len(), "entry")),
                ],
            ));
            facts.provenance.push(Provenance::of(
                Operation::Mean,
                avg,
                pts,
                &value,
                &period,
                link,
            ));
        } else {
            let n = pts.len().to_string();
            shown.push(t("weekday_count", &[("day", &name), ("n", &n)]));
            facts.provenance.push(Provenance::of(
                Operation::Count,
                n,
                pts,
                &detail,
                &period,
                link,
            ));
        }
    }
    facts.lines.push(t(
        "by_weekday",
        &[
            ("what", &capitalize(&label)),
            ("when", when),
            ("list", &shown.join("; ")),
        ],
    ));
    let busiest = by_day.iter().max_by_key(|(_, v)| v.len());
    // Only meaningful when comparing days, not for one named weekday, and only for things
    // that happen on some days (sleep is logged every day).
    if let Some(busiest) = busiest.filter(|_| query.weekday.is_none() && !per_day(metric)) {
        facts
            .lines
            .push(t("most_on", &[("day", &weekday_name(*busiest.0))]));
    }
    for p in points.iter().rev().take(4) {
        facts.cite(link, p);
    }
    let (unit, combine) = if averaged {
        (unit_of(metric), Combine::Mean)
    } else {
        (String::new(), Combine::Sum)
    };
    let values = points
        .iter()
        .filter(|p| query.weekday.is_none_or(|w| w == p.date.weekday()))
        .map(|p| (p.date, if averaged { p.value } else { 1.0 }))
        .collect();
    facts.series = Some(Plot {
        kind: super::chart::Kind::Bar,
        by_weekday: true,
        ..Plot::line(&metric.label(), &unit, combine, values)
    });
}

/// For each point, the sleep (and stress/mood) logged that day and the day before, against
/// the usual sleep in `baseline`; the usual and the short nights with how they were found.
fn preceding_sleep(facts: &mut Facts, link: Link, points: &[Point], baseline: &[ParsedRecord]) {
    let sleep = series(&Metric::Sleep, baseline);
    if sleep.is_empty() {
        return;
    }
    let usual = mean(sleep.iter().map(|p| p.value));
    let mut found = Vec::new();
    let mut short: Vec<&Point> = Vec::new();
    for p in points {
        // Sleep is logged the morning after the night: the entry dated the session's day
        // holds the night before it.
        let night = sleep
            .iter()
            .find(|s| s.date == p.date)
            .or_else(|| sleep.iter().find(|s| Some(s.date) == p.date.pred_opt()));
        if let Some(n) = night {
            if n.value < usual - 0.75 && !short.iter().any(|s| s.record.id == n.record.id) {
                short.push(n);
            }
            let c = facts.cite(link, n);
            found.push(t(
                "night_before",
                &[
                    ("detail", &n.detail),
                    ("day", &short_day(p.date)),
                    ("link", &c),
                ],
            ));
        }
    }
    facts.lines.push(String::new());
    if found.is_empty() {
        facts.lines.push(t("no_sleep_before", &[]));
        return;
    }
    let usual_shown = Metric::Sleep.format(round1(usual));
    facts.lines.push(t(
        "sleep_before",
        &[
            ("list", &found.join("; ")),
            ("usual", &usual_shown),
            ("nights", &count(sleep.len(), "night")),
        ],
    ));
    let value = |p: &Point| Metric::Sleep.format(p.value);
    let all: Vec<&Point> = sleep.iter().collect();
    let usual_period = match (sleep.first(), sleep.last()) {
        (Some(a), Some(b)) => say::span(a.date, b.date),
        _ => String::new(),
    };
    facts.provenance.push(Provenance::of(
        Operation::Mean,
        usual_shown,
        &all,
        &value,
        &usual_period,
        link,
    ));
    if !short.is_empty() {
        facts.lines.push(t(
            "short_nights",
            &[
                ("short", &short.len().to_string()),
                ("n", &points.len().to_string()),
            ],
        ));
        let limit = Metric::Sleep.format(round1(usual - 0.75));
        let why = t("short_night", &[("limit", &limit)]);
        facts.provenance.push(Provenance::of(
            Operation::Count,
            count(short.len(), "night"),
            &short,
            &value,
            &why,
            link,
        ));
    }
}

fn pick<'r>(points: &[Point<'r>], max: bool) -> Option<Point<'r>> {
    let mut best: Option<&Point> = None;
    for p in points {
        let better = match best {
            None => true,
            Some(b) if max => p.value > b.value || (p.value == b.value && p.date > b.date),
            Some(b) => p.value < b.value || (p.value == b.value && p.date > b.date),
        };
        if better {
            best = Some(p);
        }
    }
    best.cloned()
}

/// `3 runs`, `3 strength sessions`, `3 entries of squat`.
fn counted(metric: &Metric, n: usize) -> String {
    match metric {
        Metric::Runs => count(n, "run"),
        Metric::Workouts => count(n, "strength session"),
        other => t(
            "entries_of",
            &[
                ("entries", &count(n, "entry")),
                ("what", &say::label(&other.label())),
            ],
        ),
    }
}

/// The unit `metric` is written in (`km`, `h`, `/10`), empty when it has none.
fn unit_of(metric: &Metric) -> String {
    match metric {
        Metric::Pace => "min/km".into(),
        m => m.format(7.0).trim_start_matches('7').trim().to_string(),
    }
}

fn mean(values: impl Iterator<Item = f64>) -> f64 {
    let (sum, n) = values.fold((0.0, 0usize), |(s, n), v| (s + v, n + 1));
    if n == 0 {
        0.0
    } else {
        sum / n as f64
    }
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// `7.0` -> `7`, `7.25` -> `7.25`.
pub fn trim(x: f64) -> String {
    // Hundredths written with integers when there are no more of them (weights, reps,
    // distances): formatting a float to two places costs more than the rest of a point.
    let hundredths = x * 100.0;
    if hundredths.fract() == 0.0 && hundredths.abs() < 1e15 {
        let all = hundredths.abs() as u64;
        let sign = if hundredths < 0.0 { "-" } else { "" };
        return match all % 100 {
            0 => format!("{sign}{}", all / 100),
            n if n % 10 == 0 => format!("{sign}{}.{}", all / 100, n / 10),
            n => format!("{sign}{}.{n:02}", all / 100),
        };
    }
    let s = format!("{:.2}", x);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `Nov 20`, in the language spoken.
fn short_day(d: NaiveDate) -> String {
    say::date(d, "short")
}

/// `Mon`, in the language spoken.
fn weekday_name(from_monday: u32) -> String {
    let monday = NaiveDate::from_ymd_opt(2024, 1, 1).expect("a Monday");
    say::date(
        monday + chrono::Duration::days(i64::from(from_monday % 7)),
        "weekday",
    )
}

#[cfg(test)]
mod tests {
    use super::trim;

    #[test]
    fn numbers_are_written_to_two_places_without_trailing_zeros() {
        let written = |x: f64| {
            let s = format!("{x:.2}");
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        };
        for x in [
            0.0,
            7.0,
            7.25,
            7.5,
            -0.25,
            -3.0,
            0.1,
            72.5,
            1e6,
            12.345,
            0.005,
            1.0 / 3.0,
            100.1,
            2.675,
            5.05,
            42.195,
            -0.5,
            1e16,
            0.07,
        ] {
            assert_eq!(trim(x), written(x), "{x}");
        }
        assert_eq!(trim(7.0), "7");
        assert_eq!(trim(7.25), "7.25");
        assert_eq!(trim(72.5), "72.5");
    }
}
