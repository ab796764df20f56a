//! Computed facts over parsed data for the offline engine: counts, totals, best and worst,
//! averages, first-vs-last trends, per-weekday breakdowns, period comparisons, and for "why"
//! questions the factors that occurred alongside (never claimed as causes). Every fact
//! carries the records it came from, so the answer can cite them.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde_json::Value;

use super::query::{Metric, Query, QueryType};
use crate::vault::parsed::ParsedRecord;

/// One measured value and where it came from.
#[derive(Debug, Clone)]
pub struct Point {
    pub date: NaiveDate,
    pub value: f64,
    /// Text such as `195 lb × 2 reps × 2 sets` for lifts.
    pub detail: String,
    pub record: ParsedRecord,
}

impl Metric {
    /// A short human name.
    pub fn label(&self) -> String {
        match self {
            Metric::Runs => "runs".into(),
            Metric::Distance => "running distance".into(),
            Metric::RunDuration => "running time".into(),
            Metric::Pace => "running pace".into(),
            Metric::Workouts => "strength sessions".into(),
            Metric::Lift(name) => name.clone(),
            Metric::Sleep => "sleep".into(),
            Metric::Mood => "mood".into(),
            Metric::Energy => "energy".into(),
            Metric::Stress => "stress".into(),
            Metric::Steps => "steps".into(),
            Metric::Protein => "protein".into(),
            Metric::Calories => "calories".into(),
            Metric::Caffeine => "coffee".into(),
            Metric::Alcohol => "drinks".into(),
            Metric::DeepWork => "deep work".into(),
            Metric::Meetings => "meetings".into(),
        }
    }

    /// How a value is written.
    pub fn format(&self, v: f64) -> String {
        let n = trim(v);
        match self {
            Metric::Distance => format!("{n} km"),
            Metric::RunDuration => format!("{n} min"),
            Metric::Pace => format!(
                "{}:{:02} min/km",
                v.trunc() as i64,
                ((v.fract() * 60.0).round() as i64).min(59)
            ),
            Metric::Sleep => format!("{n} h"),
            Metric::Mood | Metric::Energy | Metric::Stress => format!("{n}/10"),
            Metric::Protein => format!("{n} g"),
            Metric::Calories => format!("{n} kcal"),
            Metric::DeepWork => format!("{n} h"),
            _ => n,
        }
    }

    /// What to log so this can be answered.
    pub fn how_to_log(&self) -> &'static str {
        match self {
            Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace => {
                "a line like `easy run 6 km in 33 min`"
            }
            Metric::Workouts | Metric::Lift(_) => {
                "a line like `bench 3x5 @ 185 lbs` or `squat 100kg 5x5`"
            }
            Metric::Sleep => "a line like `slept 7.5h`",
            Metric::Mood | Metric::Energy | Metric::Stress => {
                "a line like `mood 7/10, energy 6/10`"
            }
            Metric::Steps => "a line like `9,500 steps`",
            Metric::Protein | Metric::Calories => {
                "a line like `lunch: chicken and rice, 40 g protein, 650 kcal`"
            }
            Metric::Caffeine | Metric::Alcohol => "a line like `two coffees` or `2 beers`",
            Metric::DeepWork | Metric::Meetings => "a line like `3h deep work, 4 meetings`",
        }
    }

    /// Whether a higher value is "better" for best/worst wording (pace: lower is better).
    fn lower_is_better(&self) -> bool {
        matches!(self, Metric::Pace)
    }

    /// The values this record holds for the metric.
    pub fn points(&self, r: &ParsedRecord) -> Vec<Point> {
        let get = |domain: &str, field: &str| {
            r.domain_data
                .get(domain)
                .and_then(|d| d.get(field))
                .and_then(Value::as_f64)
        };
        let one = |v: Option<f64>| -> Vec<Point> {
            v.map(|value| Point {
                date: r.date,
                value,
                detail: self.format(value),
                record: r.clone(),
            })
            .into_iter()
            .collect()
        };
        match self {
            Metric::Runs => {
                if r.domain_data.contains_key("running") {
                    let d = get("running", "distance_km");
                    vec![Point {
                        date: r.date,
                        value: d.unwrap_or(0.0),
                        detail: d
                            .map(|d| format!("{} km", trim(d)))
                            .unwrap_or_else(|| "a run".into()),
                        record: r.clone(),
                    }]
                } else {
                    Vec::new()
                }
            }
            Metric::Distance => one(get("running", "distance_km")),
            Metric::RunDuration => one(get("running", "duration_min")),
            Metric::Pace => one(get("running", "pace_min_per_km")),
            Metric::Workouts => {
                if r.domain_data.contains_key("strength") {
                    vec![Point {
                        date: r.date,
                        value: 1.0,
                        detail: "a strength session".into(),
                        record: r.clone(),
                    }]
                } else {
                    Vec::new()
                }
            }
            Metric::Lift(name) => r
                .domain_data
                .get("strength")
                .and_then(|s| s.get("exercises"))
                .and_then(Value::as_array)
                .map(|items| {
                    items
                        .iter()
                        .filter(|e| e["name"].as_str() == Some(name.as_str()))
                        .filter_map(|e| {
                            let w = e["weight"].as_f64()?;
                            let unit = e["unit"]
                                .as_str()
                                .map(|u| format!(" {u}"))
                                .unwrap_or_default();
                            let reps = e["reps"].as_i64().unwrap_or(0);
                            let sets = e["sets"].as_i64().unwrap_or(1);
                            let detail = if sets > 1 {
                                format!("{}{unit} × {reps} reps × {sets} sets", trim(w))
                            } else {
                                format!("{}{unit} × {reps} reps", trim(w))
                            };
                            Some(Point {
                                date: r.date,
                                value: w,
                                detail,
                                record: r.clone(),
                            })
                        })
                        .collect()
                })
                .unwrap_or_default(),
            Metric::Sleep => one(get("general", "sleep_hours")),
            Metric::Mood => one(get("general", "mood")),
            Metric::Energy => one(get("general", "energy")),
            Metric::Stress => one(get("general", "stress")),
            Metric::Steps => one(get("general", "steps")),
            Metric::Protein => one(get("nutrition", "protein_g")),
            Metric::Calories => one(get("nutrition", "calories_kcal")),
            Metric::Caffeine => one(get("nutrition", "caffeine_cups")),
            Metric::Alcohol => one(get("nutrition", "alcohol_drinks")),
            Metric::DeepWork => one(get("work", "deep_work_hours")),
            Metric::Meetings => one(get("work", "meetings")),
        }
    }
}

/// The exercises logged in `records` (canonical names, sorted, unknown left out).
pub fn lift_names(records: &[ParsedRecord]) -> Vec<String> {
    let mut lifts: Vec<String> = records
        .iter()
        .filter_map(|r| {
            r.domain_data
                .get("strength")?
                .get("exercises")?
                .as_array()
                .cloned()
        })
        .flatten()
        .filter_map(|e| e["name"].as_str().map(str::to_string))
        .filter(|n| n != "unknown")
        .collect();
    lifts.sort();
    lifts.dedup();
    lifts
}

/// Per-day metrics (sleep, mood...) are logged once a day; others add up.
fn per_day(metric: &Metric) -> bool {
    matches!(
        metric,
        Metric::Sleep | Metric::Mood | Metric::Energy | Metric::Stress | Metric::Steps
    )
}

/// All points of `metric` in `records`, oldest first (one per day for per-day metrics).
pub fn series(metric: &Metric, records: &[ParsedRecord]) -> Vec<Point> {
    let mut points: Vec<Point> = records.iter().flat_map(|r| metric.points(r)).collect();
    points.sort_by(|a, b| (a.date, &a.record.timestamp).cmp(&(b.date, &b.record.timestamp)));
    if per_day(metric) {
        let mut seen = std::collections::BTreeSet::new();
        points.retain(|p| seen.insert(p.date));
    }
    points
}

/// Turns a record into its wikilink citation.
pub type Link<'a> = &'a dyn Fn(&ParsedRecord) -> String;

/// The computed part of an answer: sentences and the points they rest on.
#[derive(Debug, Clone, Default)]
pub struct Facts {
    pub lines: Vec<String>,
    /// The points cited, in the order mentioned.
    pub cited: Vec<Point>,
}

impl Facts {
    fn cite(&mut self, link: Link, p: &Point) -> String {
        if !self.cited.iter().any(|c| c.record.id == p.record.id) {
            self.cited.push(p.clone());
        }
        link(&p.record)
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
            for p in points.iter().rev().take(6) {
                let c = facts.cite(link, p);
                facts
                    .lines
                    .push(format!("- {}: {} {c}", day(p.date), p.detail));
            }
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
            facts.lines.push(String::new());
            for p in points.iter().rev().take(6) {
                let c = facts.cite(link, p);
                facts
                    .lines
                    .push(format!("- {}: {} {c}", day(p.date), p.detail));
            }
        }
        QueryType::Lookup | QueryType::Recommendation | QueryType::Correction => return None,
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
        }
        QueryType::Comparison => {
            let (other_when, other_records) = other?;
            let other_points = series(&metric, other_records);
            let summary = |pts: &[Point]| -> String {
                if pts.is_empty() {
                    return "nothing logged".to_string();
                }
                if per_day(&metric) || matches!(metric, Metric::Pace | Metric::Lift(_)) {
                    format!(
                        "{} on average over {} {}",
                        metric.format(round1(mean(pts.iter().map(|p| p.value)))),
                        pts.len(),
                        plural(pts.len(), "entry")
                    )
                } else if metric == Metric::Runs {
                    let km: f64 = pts.iter().map(|p| p.value).sum();
                    format!("{} runs, {} km", pts.len(), trim(round1(km)))
                } else {
                    format!(
                        "{} in {} {}",
                        metric.format(round1(pts.iter().map(|p| p.value).sum())),
                        pts.len(),
                        plural(pts.len(), "entry")
                    )
                }
            };
            facts.lines.push(format!(
                "{} {when}: **{}**; {other_when}: **{}**.",
                capitalize(&label),
                summary(&points),
                summary(&other_points)
            ));
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
            let mut lines = Vec::new();
            for p in points.iter().rev().take(4) {
                let c = facts.cite(link, p);
                lines.push(format!("- {}: {} {c}", day(p.date), p.detail));
            }
            facts.lines.push(format!("The {label} entries {when}:"));
            facts.lines.push(String::new());
            facts.lines.extend(lines);
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

fn pick(points: &[Point], max: bool) -> Option<Point> {
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
