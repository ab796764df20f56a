//! Computed facts over parsed data for the offline engine: counts, totals, best and worst,
//! averages, first-vs-last trends, per-weekday breakdowns, period comparisons, and for "why"
//! questions the factors that occurred alongside (never claimed as causes). Every fact
//! carries the records it came from, so the answer can cite them.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::chart::{Combine, Plot};
use super::kinds::count;
use super::metric::{lift_in_reps, per_day, series, session_count, total_reps, Point};
use super::provenance::{Operation, Provenance};
use super::query::{Metric, Query, QueryType};
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
                .push(format!("- {}: {} {c}", day(p.date), p.detail));
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
/// what is usual (for "why" questions).
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
    let label = metric.label();
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
            let mut line = format!(
                "**{} {}** {when}, on {} {}",
                points.len(),
                count_noun(&metric, points.len()),
                days.len(),
                plural(days.len(), "day")
            );
            if metric == Metric::Runs {
                let km: f64 = points.iter().map(|p| p.value).sum();
                if km > 0.0 {
                    line.push_str(&format!(", {} km in all", trim(round1(km))));
                }
            }
            line.push('.');
            facts.lines.push(line);
            facts.lines.push(String::new());
            facts.list_newest(link, &points, 6);
            let counted = format!("{} {}", points.len(), count_noun(&metric, points.len()));
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
            facts.lines.push(format!(
                "**{}** of {label} {when}, from {} {}.",
                shown.format(round1(sum)),
                points.len(),
                plural(points.len(), "entry")
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
                "lowest"
            } else {
                "best"
            };
            let c = facts.cite(link, &best);
            facts.lines.push(format!(
                "Your {word} {label} {when}: **{}** on {} {c}.",
                best.detail,
                day(best.date)
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
                facts.lines.push(format!(
                    "That is from {} {} in the period (the first was {} on {}).",
                    points.len(),
                    plural(points.len(), "entry"),
                    first.detail,
                    day(first.date)
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
            facts.lines.push(format!(
                "Average {label} {when}: **{}** over {} logged {} (lowest {} on {} {lo_c}, highest {} on {} {hi_c}).",
                metric.format(round1(avg)),
                points.len(),
                plural(points.len(), if per_day(&metric) { "day" } else { "entry" }),
                lo.detail,
                day(lo.date),
                hi.detail,
                day(hi.date)
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
                facts.lines.push(format!("Day by day: {list}."));
            }
        }
        QueryType::Trend => {
            let first = points.first()?;
            let last = points.last()?;
            let change = last.value - first.value;
            let (fc, lc) = (facts.cite(link, first), facts.cite(link, last));
            let direction = if change.abs() < 1e-9 {
                "unchanged".to_string()
            } else if change > 0.0 {
                format!("up {}", metric.format(round1(change)))
            } else {
                format!("down {}", metric.format(round1(-change)))
            };
            facts.lines.push(format!(
                "{} {when}: from **{}** on {} {fc} to **{}** on {} {lc}, {direction} over {} {}.",
                capitalize(&label),
                first.detail,
                day(first.date),
                last.detail,
                day(last.date),
                points.len(),
                plural(points.len(), "entry")
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
                facts.lines.push(format!(
                    "Average of the first half: {}; of the second half: {}.",
                    metric.format(round1(a)),
                    metric.format(round1(b))
                ));
            }
            let values = points.iter().map(|p| (p.date, p.value)).collect();
            facts.series = Some(Plot::line(&label, &unit_of(&metric), Combine::Mean, values));
        }
        QueryType::Weekday => {
            let mut by_day: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
            for p in &points {
                by_day
                    .entry(p.date.weekday().num_days_from_monday())
                    .or_default()
                    .push(p.value);
            }
            let shown: Vec<String> = by_day
                .iter()
                .filter(|(d, _)| {
                    query
                        .weekday
                        .is_none_or(|w| w.num_days_from_monday() == **d)
                })
                .map(|(d, values)| {
                    let name = weekday_name(*d);
                    if per_day(&metric)
                        || matches!(metric, Metric::Lift(_) | Metric::Distance | Metric::Pace)
                    {
                        format!(
                            "{name}: {} on average ({} {})",
                            metric.format(round1(mean(values.iter().copied()))),
                            values.len(),
                            plural(values.len(), "entry")
                        )
                    } else {
                        format!("{name}: {}", values.len())
                    }
                })
                .collect();
            facts.lines.push(format!(
                "{} by weekday {when}: {}.",
                capitalize(&label),
                shown.join("; ")
            ));
            let busiest = by_day.iter().max_by_key(|(_, v)| v.len());
            // Only meaningful when comparing days, not for one named weekday, and only for
            // things that happen on some days (sleep is logged every day).
            if let Some(busiest) = busiest.filter(|_| query.weekday.is_none() && !per_day(&metric))
            {
                facts.lines.push(format!(
                    "Most entries fall on {}.",
                    weekday_name(*busiest.0)
                ));
            }
            for p in points.iter().rev().take(4) {
                facts.cite(link, p);
            }
            // Levels and bests by their mean, anything else by how often it happened.
            let averaged = per_day(&metric)
                || matches!(metric, Metric::Lift(_) | Metric::Distance | Metric::Pace);
            let (unit, combine) = if averaged {
                (unit_of(&metric), Combine::Mean)
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
                ..Plot::line(&label, &unit, combine, values)
            });
        }
        QueryType::Comparison => {
            let (other_when, other_records) = other?;
            let other_points = series(&metric, other_records);
            // Each side's words and the number they are compared by, with its format.
            let summary = |pts: &[Point], records: &[ParsedRecord]| -> (String, f64, String) {
                if pts.is_empty() {
                    return ("nothing logged (0)".into(), 0.0, String::new());
                }
                // `푸쉬업 지난달보다 많이 했어?`: reps are compared in all.
                if let Metric::Lift(name) = &metric {
                    if lift_in_reps(name, records) {
                        let (reps, entries) = total_reps(name, records);
                        let text = format!("{reps} reps in {}", count(entries, "entry"));
                        return (text, reps as f64, " reps".into());
                    }
                }
                if per_day(&metric) || matches!(metric, Metric::Pace | Metric::Lift(_)) {
                    let average = round1(mean(pts.iter().map(|p| p.value)));
                    let text = format!(
                        "{} on average over {} {}",
                        metric.format(average),
                        pts.len(),
                        plural(pts.len(), "entry")
                    );
                    (text, average, String::new())
                } else if matches!(
                    metric,
                    Metric::Workouts | Metric::Training | Metric::BodyPart(_)
                ) {
                    // Sessions, not entries: `Upper B` and `Accessories:` are one workout.
                    let n = session_count(pts);
                    (count(n, "session"), n as f64, String::new())
                } else if metric == Metric::Runs {
                    let km = round1(pts.iter().map(|p| p.value).sum());
                    (
                        format!("{}, {} km", count(pts.len(), "run"), trim(km)),
                        km,
                        " km".into(),
                    )
                } else {
                    let sum = round1(pts.iter().map(|p| p.value).sum());
                    let text = format!(
                        "{} in {} {}",
                        metric.format(sum),
                        pts.len(),
                        plural(pts.len(), "entry")
                    );
                    (text, sum, String::new())
                }
            };
            let (now, now_value, unit) = summary(&points, records);
            let (then, then_value, then_unit) = summary(&other_points, other_records);
            facts.lines.push(format!(
                "{} {when}: **{now}**; {other_when}: **{then}**.",
                capitalize(&label),
            ));
            // How the two differ, except for a pace, where less is more.
            let unit = if unit.is_empty() { then_unit } else { unit };
            let diff = round1(now_value - then_value);
            if metric != Metric::Pace && (now_value > 0.0 || then_value > 0.0) {
                let shown = |v: f64| {
                    if unit.is_empty() {
                        metric.format(v)
                    } else {
                        format!("{}{unit}", trim(v))
                    }
                };
                facts.lines.push(if diff == 0.0 {
                    format!("The same {when} as {other_when}.")
                } else {
                    let (amount, word) = if diff > 0.0 {
                        (diff, "more")
                    } else {
                        let counted = unit == " reps"
                            || matches!(metric, Metric::Training | Metric::Workouts);
                        (-diff, if counted { "fewer" } else { "less" })
                    };
                    format!(
                        "That is **{} {word}** {when} than {other_when}.",
                        shown(amount)
                    )
                });
            }
            for p in points
                .iter()
                .rev()
                .take(3)
                .chain(other_points.iter().rev().take(3))
            {
                facts.cite(link, p);
            }
        }
        QueryType::Why => {
            facts.lines.push(format!("The {label} entries {when}:"));
            facts.lines.push(String::new());
            facts.list_newest(link, &points, 4);
            let shown: Vec<Point> = points.iter().rev().take(4).cloned().collect();
            preceding_sleep(&mut facts, link, &shown, baseline);
        }
    }
    Some(facts)
}

/// For each point, the sleep (and stress/mood) logged that day and the day before, against
/// the usual sleep in `baseline`.
fn preceding_sleep(facts: &mut Facts, link: Link, points: &[Point], baseline: &[ParsedRecord]) {
    let sleep = series(&Metric::Sleep, baseline);
    if sleep.is_empty() {
        return;
    }
    let usual = mean(sleep.iter().map(|p| p.value));
    let mut found = Vec::new();
    let mut short = 0;
    for p in points {
        // Sleep is logged the morning after the night: the entry dated the session's day
        // holds the night before it.
        let night = sleep
            .iter()
            .find(|s| s.date == p.date)
            .or_else(|| sleep.iter().find(|s| Some(s.date) == p.date.pred_opt()));
        if let Some(n) = night {
            if n.value < usual - 0.75 {
                short += 1;
            }
            let c = facts.cite(link, n);
            found.push(format!("{} before {} {c}", n.detail, short_day(p.date)));
        }
    }
    facts.lines.push(String::new());
    if found.is_empty() {
        facts
            .lines
            .push("No sleep is logged for the nights before these sessions.".to_string());
        return;
    }
    facts.lines.push(format!(
        "Sleep logged for the night before: {} (your usual: {} h over {} logged nights).",
        found.join("; "),
        trim(round1(usual)),
        sleep.len()
    ));
    if short > 0 {
        facts.lines.push(format!(
            "{short} of {} came after a night well under your usual sleep. That is what your notes show together, not proof that one caused the other.",
            points.len()
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

fn count_noun(metric: &Metric, n: usize) -> String {
    match metric {
        Metric::Runs => plural(n, "run"),
        Metric::Workouts => {
            if n == 1 {
                "strength session".into()
            } else {
                "strength sessions".into()
            }
        }
        Metric::Lift(name) => format!("{name} {}", if n == 1 { "entry" } else { "entries" }),
        other => format!(
            "{} {}",
            other.label(),
            if n == 1 { "entry" } else { "entries" }
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
    let s = format!("{:.2}", x);
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn plural(n: usize, word: &str) -> String {
    match (n, word) {
        (1, w) => w.to_string(),
        (_, "entry") => "entries".to_string(),
        (_, w) => format!("{w}s"),
    }
}

fn day(d: NaiveDate) -> String {
    d.format("%a %b %-d").to_string()
}

fn short_day(d: NaiveDate) -> String {
    d.format("%b %-d").to_string()
}

fn weekday_name(from_monday: u32) -> &'static str {
    [
        "Mondays",
        "Tuesdays",
        "Wednesdays",
        "Thursdays",
        "Fridays",
        "Saturdays",
        "Sundays",
    ][from_monday as usize % 7]
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}
