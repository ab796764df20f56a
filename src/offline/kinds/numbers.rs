//! Numbers over parsed records, shaped by what the question asks: a count of sessions, a
//! total, a mean over the days that have the measure, the latest entry, the best (fastest
//! at a race distance), and first-vs-latest trends.

use crate::offline::say::capitalize;
use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde_json::Value;

use super::{count, day, full_day, Reply};
use crate::offline::analyze::{trim, Link};
use crate::offline::ask::plan::Per;
use crate::offline::chart::{Combine, Plot, Step};
use crate::offline::metric::{per_day, runs, series, Point};
use crate::offline::provenance::{self, Input, LeftOut, Operation, Provenance};
use crate::offline::query::{Metric, Query, QueryType};
use crate::offline::read::KM_PER_MILE;
use crate::offline::say;
use crate::offline::tallies::Tally;
use crate::vault::parsed::ParsedRecord;

/// One session: the points of a day, or of one `## HH:MM` section of it.
struct Session<'p, 'r> {
    date: NaiveDate,
    points: Vec<&'p Point<'r>>,
}

impl<'p, 'r> Session<'p, 'r> {
    /// The heaviest (highest) point of the session.
    fn top(&self) -> &'p Point<'r> {
        self.points
            .iter()
            .copied()
            .max_by(|a, b| a.value.total_cmp(&b.value))
            .expect("a session has points")
    }
}

/// Points grouped by [`Point::session`], oldest first (by reference: an all-time question
/// groups thousands).
fn sessions<'p, 'r>(points: &'p [Point<'r>]) -> Vec<Session<'p, 'r>> {
    let mut out: Vec<Session> = Vec::new();
    let mut at: std::collections::HashMap<(NaiveDate, Option<&str>), usize> =
        std::collections::HashMap::new();
    for p in points {
        let key = p.session();
        match at.get(&key) {
            Some(&i) => out[i].points.push(p),
            None => {
                at.insert(key, out.len());
                out.push(Session {
                    date: p.date,
                    points: vec![p],
                });
            }
        }
    }
    out
}

/// `**0 days with sleep under 3 hours**`: a bound no value passed.
fn none_past(bound: &crate::offline::threshold::Threshold, label: &str, when: &str) -> Reply {
    let label = bound.label(label);
    let counted = say::t(
        "days_with",
        &[("days", &count(0, "day")), ("label", &label)],
    );
    let mut line = say::t(
        "count_days",
        &[
            ("counted", &counted),
            ("when", when),
            ("days", &count(0, "day")),
        ],
    );
    line.push_str(&say::t("stop", &[]));
    Reply {
        head: vec![line],
        ..Reply::default()
    }
}

fn name(metric: &Metric, points: &[Point]) -> String {
    let whats: std::collections::BTreeSet<&str> = points
        .iter()
        .filter_map(|p| p.measure.as_ref().map(|(_, what)| what.as_str()))
        .collect();
    // `zwift`, `rode` and `따릉이 자전거` together are cycling.
    let families: std::collections::BTreeSet<Option<&str>> = whats
        .iter()
        .map(|w| crate::offline::activities::family(w))
        .collect();
    match (whats.len(), families.iter().next()) {
        (2.., Some(Some(family))) if families.len() == 1 => family.to_string(),
        _ => match points.first().and_then(|p| p.measure.as_ref()) {
            Some((_, what)) => what.clone(),
            None => metric.label(),
        },
    }
}

/// `of running distance`, or `(swim)` for a measure named by the person's own word.
fn of_label(points: &[Point], label: &str) -> String {
    let key = match points.first().and_then(|p| p.measure.as_ref()) {
        Some(_) => "paren_label",
        None => "of_label",
    };
    say::t(key, &[("label", label)])
}

/// A value of `points` as [`Shown`] writes it.
fn shown(metric: &Metric, points: &[Point], v: f64) -> String {
    Shown::of(metric, points).value(v)
}

/// How a value of these points is written: in the measure's unit (generic measures carry
/// their own), to the precision and in the form the person wrote them. Read from the points
/// once: a listing writes one value per point.
struct Shown<'a> {
    metric: &'a Metric,
    unit: Option<String>,
    decimals: i32,
    miles: bool,
    sleep_written: Option<String>,
}

impl<'a> Shown<'a> {
    fn of(metric: &'a Metric, points: &[Point]) -> Shown<'a> {
        let distance = matches!(metric, Metric::Runs | Metric::Distance);
        Shown {
            metric,
            unit: points
                .first()
                .and_then(|p| Some(p.measure.as_ref()?.0.clone())),
            decimals: decimals(points),
            miles: distance && in_miles(points),
            sleep_written: (*metric == Metric::Sleep)
                .then(|| crate::offline::metric::written_sleep(points))
                .flatten(),
        }
    }

    fn value(&self, v: f64) -> String {
        let metric = self.metric;
        match &self.unit {
            // A sum keeps the precision its values were written with (`62,06 km`, `59.71 km`).
            Some(unit) => Metric::Measure {
                units: vec![unit.clone()],
                words: Vec::new(),
            }
            .format(round_to(v, self.decimals)),
            None if self.miles => miles_and_km(v),
            None if matches!(metric, Metric::Runs | Metric::Distance) => {
                format!("{} km", trim(round_to(v, self.decimals)))
            }
            // A pace is written to the second (`5:57 min/km`), not to a tenth of a minute.
            None if *metric == Metric::Pace => metric.format(v),
            // Sleep written as hours and minutes (`7時間47分`) is answered so.
            None => match &self.sleep_written {
                Some(w) => crate::offline::metric::in_hours_minutes(v, w),
                None => metric.format(round1(v)),
            },
        }
    }
}

/// Whether most of these runs were written in miles (the reader notes each conversion):
/// a person who logs miles is answered in miles, with the km beside.
fn in_miles(points: &[Point]) -> bool {
    let miles = points
        .iter()
        .filter(|p| {
            p.record.extraction_notes.iter().any(|n| {
                n.strip_prefix("converted ")
                    .and_then(|n| n.split_whitespace().nth(1))
                    .is_some_and(crate::offline::read::is_miles)
            })
        })
        .count();
    miles * 2 > points.len()
}

/// Without the distances that add up the runs of another entry of the same note and day: a
/// week's summary (`62,06 km`) written above the list of the week's runs is their total,
/// not one more run; nor the runs a month's summary row of the same note holds.
pub(super) fn without_totals(points: Vec<Point>) -> Vec<Point> {
    let mut lists: BTreeMap<(&str, NaiveDate, &str), (usize, f64)> = BTreeMap::new();
    for p in &points {
        let key = (p.record.source_file.as_str(), p.date, p.record.id.as_str());
        let e = lists.entry(key).or_default();
        e.0 += 1;
        e.1 += p.value;
    }
    let total_of_a_list = |p: &Point| {
        lists.iter().any(|((source, date, id), (n, sum))| {
            *n >= 2
                && *source == p.record.source_file
                && *date == p.date
                && *id != p.record.id
                && (p.value - sum).abs() <= 0.05 + 0.002 * sum
        })
    };
    // A month's summary row (`## 07_16_200`: 16 runs) holds the runs of its month that the
    // same note tells one by one (`### 0728 first 10 km` under it).
    let months: Vec<(&str, i32, u32)> = points
        .iter()
        .filter(|p| p.times > 1)
        .map(|p| (p.record.source_file.as_str(), p.date.year(), p.date.month()))
        .collect();
    let in_a_summary = |p: &Point| {
        p.times == 1
            && months.contains(&(p.record.source_file.as_str(), p.date.year(), p.date.month()))
    };
    let keep: Vec<bool> = points
        .iter()
        .map(|p| !total_of_a_list(p) && !in_a_summary(p))
        .collect();
    points
        .into_iter()
        .zip(keep)
        .filter_map(|(p, k)| k.then_some(p))
        .collect()
}

/// `4 miles (6.4 km)` for a distance `km`.
fn miles_and_km(km: f64) -> String {
    say::t(
        "miles_km",
        &[
            ("mi", &trim(round1(km / KM_PER_MILE))),
            ("km", &trim(round1(km))),
        ],
    )
}

/// A cited line for a point: `Sat Nov 21: 8 km [[2026-11-21]]`.
fn item(p: &Point, link: Link) -> String {
    format!("{}: {} {}", day(p.date), p.detail, link(p.record))
}

/// Cited lines for `points`, newest first (the first [`super::LISTED`] written, the rest
/// counted), and their notes.
pub(super) fn items(reply: &mut Reply, points: &[&Point], link: Link) {
    for p in points.iter().rev() {
        if reply.items.len() < super::LISTED {
            reply.items.push(item(p, link));
        } else {
            reply.unlisted += 1;
        }
        reply.used(&p.record.source_file);
    }
}

/// The numbers a question asks for, over `records` (its period), or `None` when the
/// question's measure has no values there. `stated` are the period figures the notes state
/// themselves (see [`crate::offline::tallies`]): a month they state counts with that figure.
pub fn reply(
    query: &Query,
    when: &str,
    records: &[ParsedRecord],
    stated: &[Tally],
    link: Link,
) -> Option<Reply> {
    if let Some(ask) = query.lift_ask {
        if let Some(reply) = super::lifting::reply(ask, query, when, records, link) {
            return Some(reply);
        }
    }
    let metric = query.metrics.first()?;
    if matches!(query.kind, QueryType::Max | QueryType::Min) {
        if let Some(km) = query.target_km.filter(|_| metric.is_running()) {
            return fastest(km, query.kind == QueryType::Max, when, records, link);
        }
    }
    if let Some(km) = query
        .runs
        .about_km
        .filter(|_| query.kind == QueryType::Trend)
    {
        return race_trend(km, when, records, link);
    }
    let mut points = series(metric, records);
    if let Some(bound) = &query.threshold {
        let label = say::label(&name(metric, &points));
        points.retain(|p| bound.passes(p.value, metric.unit()));
        // `nights under 3 hours`: none is an answer, not a measure never logged.
        if points.is_empty() && !records.is_empty() && query.kind == QueryType::Count {
            return Some(none_past(bound, &label, when));
        }
    }
    let mut left_out: Vec<LeftOut> = Vec::new();
    if matches!(metric, Metric::Runs | Metric::Distance) {
        let all = points.clone();
        points = without_totals(points);
        left_out = provenance::dropped(&all, &points, link);
    }
    if points.is_empty() {
        return None;
    }
    if matches!(metric, Metric::Runs | Metric::Distance) && in_miles(&points) {
        for p in points.iter_mut().filter(|p| p.value > 0.0) {
            p.detail = miles_and_km(p.value);
        }
    }
    if query.which_month {
        return which_month(query, metric, &points, stated, when, link);
    }
    let all: Vec<&Point> = points.iter().collect();
    let mut r = Reply::default();
    let label = say::label(&name(metric, &points));
    // `sleep under 7 hours`: the bound in the question's words.
    let label = match &query.threshold {
        Some(bound) => bound.label(&label),
        None => label,
    };
    let days: std::collections::BTreeSet<NaiveDate> = points.iter().map(|p| p.date).collect();
    let on_days = count(days.len(), "day");
    match query.kind {
        QueryType::Count => {
            let (n, noun) = match metric {
                Metric::Runs => (
                    points.iter().map(|p| p.times as usize).sum(),
                    "run".to_string(),
                ),
                Metric::Workouts => (sessions(&points).len(), "strength session".into()),
                Metric::Training => (sessions(&points).len(), "training session".into()),
                Metric::Lift(l) => (sessions(&points).len(), format!("{l} session")),
                Metric::BodyPart(p) => (sessions(&points).len(), format!("{p} session")),
                _ => (days.len(), String::new()),
            };
            // `3 days with 요가`: a measure is counted in the days that hold it.
            let counted = match metric {
                _ if noun.is_empty() => say::t(
                    "days_with",
                    &[("days", &count(n, "day")), ("label", &label)],
                ),
                // `6 bench press sessions`, `벤치프레스 6회`: a lift's name is no noun a
                // language lists.
                Metric::Lift(l) => say::t(
                    "lift_sessions",
                    &[
                        ("english", &count(n, &noun)),
                        ("lift", &say::label(l)),
                        ("sessions", &count(n, "session")),
                    ],
                ),
                _ => count(n, &noun),
            };
            let counted_said = counted.clone();
            // Summary rows (`16 runs` a month) are counted, not their days.
            let mut line = if points.iter().any(|p| p.times > 1) {
                let rows = count(points.len(), "summary row");
                say::t(
                    "count_rows",
                    &[("counted", &counted), ("when", when), ("rows", &rows)],
                )
            } else {
                say::t(
                    "count_days",
                    &[("counted", &counted), ("when", when), ("days", &on_days)],
                )
            };
            if *metric == Metric::Runs {
                let km: f64 = points.iter().map(|p| p.value).sum();
                if km > 0.0 {
                    line.push_str(&say::t("count_km", &[("km", &trim(round1(km)))]));
                }
            }
            if *metric == Metric::Training {
                let gym = sessions(&series(&Metric::Workouts, records)).len();
                line.push_str(&say::t(
                    "training_split",
                    &[
                        ("gym", &gym.to_string()),
                        ("runs", &n.saturating_sub(gym).to_string()),
                    ],
                ));
            }
            line.push_str(&say::t("stop", &[]));
            r.head.push(line);
            // How many a week (or a day, a month) over the period: sessions, runs or days.
            let counted: Vec<(NaiveDate, f64)> = match metric {
                Metric::Runs => points.iter().map(|p| (p.date, p.times as f64)).collect(),
                Metric::Workouts | Metric::Training | Metric::Lift(_) | Metric::BodyPart(_) => {
                    sessions(&points).iter().map(|s| (s.date, 1.0)).collect()
                }
                _ => days.iter().map(|d| (*d, 1.0)).collect(),
            };
            r.series = span_of(query, &points)
                .map(|span| Plot::totals(&label, "", span, Step::Day, counted));
            items(&mut r, &all, link);
            let detail = |p: &Point| p.detail.clone();
            r.provenance.push(
                Provenance::of(Operation::Count, counted_said, &all, &detail, when, link)
                    .leaving_out(left_out),
            );
        }
        QueryType::Total | QueryType::Lookup => {
            let sum: f64 = points.iter().map(|p| p.value).sum();
            let total = if query.miles && metric.is_running() {
                miles_and_km(sum)
            } else {
                shown(metric, &points, sum)
            };
            let of = of_label(&points, &label);
            r.head.push(say::t(
                "total",
                &[
                    ("total", &total),
                    ("of", &of),
                    ("when", when),
                    ("entries", &count(points.len(), "entry")),
                    ("days", &on_days),
                ],
            ));
            r.series = span_of(query, &points).map(|span| {
                let values = points.iter().map(|p| (p.date, p.value)).collect();
                // A total of runs is their distance.
                let what = match metric {
                    Metric::Runs => say::label(&Metric::Distance.label()),
                    _ => label.clone(),
                };
                Plot::totals(&what, &unit_of(metric, &points), span, Step::Day, values)
            });
            items(&mut r, &all, link);
            let form = Shown::of(metric, &points);
            let value = |p: &Point| form.value(p.value);
            r.provenance.push(
                Provenance::of(Operation::Sum, total, &all, &value, when, link)
                    .leaving_out(left_out),
            );
        }
        QueryType::Average => {
            let rate = points[0]
                .measure
                .as_ref()
                .is_some_and(|(unit, _)| crate::offline::read::is_rate_unit(unit));
            let values: Vec<(NaiveDate, f64)> =
                if metric.is_amount() && !metric.is_running() && !rate {
                    let mut by_day: BTreeMap<NaiveDate, f64> = BTreeMap::new();
                    for p in &points {
                        *by_day.entry(p.date).or_default() += p.value;
                    }
                    by_day.into_iter().collect()
                } else {
                    points.iter().map(|p| (p.date, p.value)).collect()
                };
            // Each averaged value with the entry it was read from (a day's first, for a sum
            // over the day).
            let form = Shown::of(metric, &points);
            let mut on_day: BTreeMap<NaiveDate, Vec<&Point>> = BTreeMap::new();
            for p in &points {
                on_day.entry(p.date).or_default().push(p);
            }
            let inputs: Vec<Input> = values
                .iter()
                .filter_map(|(d, v)| {
                    let p = on_day
                        .get(d)?
                        .iter()
                        .find(|p| p.value == *v || values.len() < points.len())?;
                    Some(Input {
                        value: form.value(*v),
                        number: *v,
                        date: *d,
                        link: link(p.record),
                    })
                })
                .collect();
            if query.per_month || query.per_week {
                // `2024年平均每月跑多少公里`, `주 평균 몇 km`: the period's total over its
                // months or weeks.
                let per = if query.per_month {
                    Per::Month
                } else {
                    Per::Week
                };
                let (first, last) = match &query.range {
                    Some(r) => (r.start, r.end),
                    None => per.whole(values.first()?.0, values.last()?.0),
                };
                let (buckets, key, noun) = per.stretches(first, last);
                let over = say::count_text(&trim(round1(buckets)), buckets == 1.0, noun);
                // `how many times a week did I run`: the runs counted, not their km.
                let (avg, total) = if *metric == Metric::Runs {
                    let runs = points.iter().map(|p| f64::from(p.times)).sum::<f64>();
                    let avg = trim(round1(runs / buckets));
                    (
                        say::count_text(&avg, avg == "1", "run"),
                        say::count(runs as usize, "run"),
                    )
                } else {
                    let total: f64 = values.iter().map(|v| v.1).sum();
                    (form.value(total / buckets), form.value(total))
                };
                let of = if *metric == Metric::Runs {
                    String::new()
                } else {
                    of_label(&points, &label)
                };
                // A runs figure names its noun itself: no label between (`**2.8 runs** a week`).
                r.head.push(
                    say::t(
                        key,
                        &[
                            ("avg", &avg),
                            ("of", &of),
                            ("when", when),
                            ("total", &total),
                            ("over", &over),
                        ],
                    )
                    .replace("  ", " "),
                );
                let step = if query.per_month {
                    Step::Month
                } else {
                    Step::Week
                };
                let unit = unit_of(metric, &points);
                r.series = Some(Plot::totals(
                    &label,
                    &unit,
                    (first, last),
                    step,
                    values.clone(),
                ));
                items(&mut r, &all, link);
                let operation = if *metric == Metric::Runs {
                    Operation::Count
                } else {
                    Operation::Sum
                };
                r.provenance
                    .push(Provenance::with(operation, total, inputs, when).leaving_out(left_out));
                return Some(r);
            }
            let avg = values.iter().map(|v| v.1).sum::<f64>() / values.len() as f64;
            let per = if *metric == Metric::Sleep {
                "per_night"
            } else if per_day(metric) || metric.is_amount() && !metric.is_running() && !rate {
                "per_day"
            } else {
                "per_entry"
            };
            let lo = values.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
            let hi = values.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
            r.head.push(say::t(
                "average",
                &[
                    ("avg", &form.value(avg)),
                    ("of", &of_label(&points, &label)),
                    ("per", &say::t(per, &[])),
                    ("when", when),
                    (
                        "n",
                        &count(
                            values.len(),
                            if per == "per_entry" { "entry" } else { "day" },
                        ),
                    ),
                ],
            ));
            r.head.push(say::t(
                "low_high",
                &[
                    ("lo", &form.value(lo.1)),
                    ("lo_day", &day(lo.0)),
                    ("hi", &form.value(hi.1)),
                    ("hi_day", &day(hi.0)),
                ],
            ));
            let unit = unit_of(metric, &points);
            r.series = Some(Plot::line(&label, &unit, Combine::Mean, values.clone()));
            items(&mut r, &all, link);
            r.provenance.push(
                Provenance::with(Operation::Mean, form.value(avg), inputs, when)
                    .leaving_out(left_out),
            );
        }
        // `my first weight in August`: the period's earliest reading.
        QueryType::Last if query.first && !matches!(metric, Metric::Lift(_)) => {
            let first = points.first()?;
            r.head.push(say::t(
                "first_value",
                &[
                    ("what", &label),
                    ("when", when),
                    ("detail", &first.detail),
                    ("date", &full_day(first.date)),
                    ("link", &link(first.record)),
                ],
            ));
            items(
                &mut r,
                &points
                    .iter()
                    .take(crate::offline::kinds::LISTED)
                    .collect::<Vec<_>>(),
                link,
            );
        }
        QueryType::Last => {
            let s = sessions(&points);
            let last = s.last()?;
            let p = if matches!(metric, Metric::Lift(_)) {
                last.top()
            } else {
                last.points.last().copied()?
            };
            let c = link(p.record);
            let date = full_day(p.date);
            r.head.push(match metric {
                Metric::BodyPart(part) => say::t(
                    "last_session",
                    &[
                        ("what", &say::label(&format!("{part} session"))),
                        ("date", &date),
                        ("detail", &p.detail),
                        ("link", &c),
                    ],
                ),
                Metric::Runs | Metric::Distance | Metric::Workouts | Metric::Training => say::t(
                    "last_session",
                    &[
                        ("what", &say::label(&singular(&name(metric, &points)))),
                        ("date", &date),
                        ("detail", &p.detail),
                        ("link", &c),
                    ],
                ),
                _ => say::t(
                    "last_value",
                    &[
                        ("what", &label),
                        ("detail", &p.detail),
                        ("date", &date),
                        ("link", &c),
                    ],
                ),
            });
            if s.len() > 1 {
                let before = &s[s.len() - 2];
                r.head.push(say::t(
                    "time_before",
                    &[
                        ("detail", &before.top().detail),
                        ("date", &day(before.date)),
                    ],
                ));
            }
            let tops: Vec<&Point> = s.iter().map(Session::top).collect();
            items(&mut r, &tops, link);
        }
        QueryType::Max | QueryType::Min => {
            let want_max = (query.kind == QueryType::Max) != metric.lower_is_better();
            let best = pick(&points, want_max)?;
            let word = match (metric, query.kind) {
                (Metric::Distance | Metric::Runs, QueryType::Max) => "longest",
                (_, QueryType::Max) => "best_word",
                _ => "lowest",
            };
            let what = if matches!(metric, Metric::Distance | Metric::Runs) {
                say::label("run")
            } else {
                label.clone()
            };
            r.head.push(say::t(
                "best",
                &[
                    ("word", &say::t(word, &[])),
                    ("what", &what),
                    ("when", when),
                    ("detail", &best.detail),
                    ("date", &full_day(best.date)),
                    ("link", &link(best.record)),
                ],
            ));
            r.head.push(say::t(
                "out_of",
                &[
                    ("entries", &count(points.len(), "entry")),
                    ("days", &on_days),
                ],
            ));
            r.used(&best.record.source_file);
            let s = sessions(&points);
            let tops: Vec<&Point> = s.iter().map(Session::top).collect();
            items(&mut r, &tops, link);
            let op = if want_max {
                Operation::Max
            } else {
                Operation::Min
            };
            let detail = |p: &Point| p.detail.clone();
            r.provenance.push(
                Provenance::of(op, best.detail.clone(), &all, &detail, when, link)
                    .leaving_out(left_out),
            );
        }
        // `how has my weekly mileage changed`: the weeks' totals, first against last.
        QueryType::Trend if query.per_week => {
            let mut weeks: BTreeMap<NaiveDate, (f64, &Point)> = BTreeMap::new();
            for p in &points {
                let monday = crate::offline::dates::week_start(p.date, chrono::Weekday::Mon);
                let week = weeks.entry(monday).or_insert((0.0, p));
                week.0 += p.value;
            }
            let form = Shown::of(metric, &points);
            let weeks: Vec<super::weekly::Week> = weeks
                .into_iter()
                .map(|(start, (value, p))| super::weekly::Week {
                    start,
                    value,
                    shown: form.value(value),
                    link: link(p.record),
                    source: p.record.source_file.clone(),
                })
                .collect();
            let unit = unit_of(metric, &points);
            let show = |d: f64| form.value(d);
            return super::weekly::change(&label, &unit, when, &weeks, &show);
        }
        QueryType::Trend => {
            let s = sessions(&points);
            let tops: Vec<&Point> = s.iter().map(Session::top).collect();
            let (first, last) = (tops.first()?, tops.last()?);
            // One point is no trend: said as it is.
            if tops.len() == 1 {
                r.head.push(say::t(
                    "trend_one",
                    &[
                        ("what", &capitalize(&label)),
                        ("when", when),
                        ("unit", &say::label(trend_unit(metric))),
                        ("detail", &first.detail),
                        ("date", &day(first.date)),
                        ("link", &link(first.record)),
                    ],
                ));
                items(&mut r, &tops, link);
                return Some(r);
            }
            let change = last.value - first.value;
            let form = Shown::of(metric, &points);
            let direction = say::change(change, |by| form.value(by));
            r.head.push(say::t(
                "trend",
                &[
                    ("what", &capitalize(&label)),
                    ("when", when),
                    ("a", &first.detail),
                    ("a_day", &day(first.date)),
                    ("a_link", &link(first.record)),
                    ("b", &last.detail),
                    ("b_day", &day(last.date)),
                    ("b_link", &link(last.record)),
                    ("direction", &direction),
                    ("n", &count(s.len(), trend_unit(metric))),
                ],
            ));
            if let Some(line) = per_month(metric, &points, &tops) {
                r.head.push(line);
            }
            let values = tops.iter().map(|p| (p.date, p.value)).collect();
            let unit = unit_of(metric, &points);
            r.series = Some(Plot::line(&label, &unit, combine_of(metric), values));
            items(&mut r, &tops, link);
            let value = |p: &Point| form.value(p.value);
            r.provenance.push(
                Provenance::of(Operation::Change, direction, &tops, &value, when, link)
                    .leaving_out(left_out),
            );
        }
        _ => return None,
    }
    Some(r)
}

/// `which month did I run the most`: the points' totals by calendar month, the highest
/// (or, asked for the least, the lowest) named with its total.
fn which_month(
    query: &Query,
    metric: &Metric,
    points: &[Point],
    stated: &[Tally],
    when: &str,
    link: Link,
) -> Option<Reply> {
    let mut months: BTreeMap<(i32, u32), (f64, Vec<&Point>)> = BTreeMap::new();
    for p in points {
        let m = months.entry((p.date.year(), p.date.month())).or_default();
        m.0 += p.value;
        m.1.push(p);
    }
    // A month the notes state a figure for counts with it, not with the runs logged in it.
    let mut told: BTreeMap<(i32, u32), &Tally> = BTreeMap::new();
    for t in stated.iter().filter(|t| month_long(t)) {
        let m = months.entry((t.start.year(), t.start.month())).or_default();
        m.0 = t.km;
        told.insert((t.start.year(), t.start.month()), t);
    }
    let least = query.kind == QueryType::Min;
    let pick = months.iter().filter(|(_, (v, _))| *v > 0.0);
    let ((y, m), (total, held)) = if least {
        pick.min_by(|a, b| a.1 .0.total_cmp(&b.1 .0))?
    } else {
        pick.max_by(|a, b| a.1 .0.total_cmp(&b.1 .0))?
    };
    let month = say::month(NaiveDate::from_ymd_opt(*y, *m, 1)?);
    let label = say::label(&name(metric, points));
    let stated_here = told.get(&(*y, *m));
    let (total, of) = match stated_here {
        Some(t) => (t.shown.clone(), say::t("stated_in", &[("link", &t.link)])),
        None => (shown(metric, points, *total), of_label(points, &label)),
    };
    let mut r = Reply::default();
    r.head.push(say::t(
        if least {
            "which_month_least"
        } else {
            "which_month_most"
        },
        &[
            ("month", &month),
            ("total", &total),
            ("of", &of),
            ("months", &count(months.len(), "month")),
            ("what", &label),
            ("when", when),
        ],
    ));
    r.series = span_of(query, points).map(|span| {
        let values = points.iter().map(|p| (p.date, p.value)).collect();
        Plot::totals(&label, &unit_of(metric, points), span, Step::Month, values)
    });
    match stated_here {
        Some(t) => {
            r.items
                .push(format!("{}: {} {}", say::month(t.start), t.shown, t.link));
            r.used(&t.source);
        }
        None => items(&mut r, held, link),
    }
    Some(r)
}

/// Whether a tally covers one calendar month.
fn month_long(t: &Tally) -> bool {
    t.start.day() == 1
        && t.start.month() == t.end.month()
        && t.end.succ_opt().is_some_and(|d| d.day() == 1)
}

/// What one point of a trend of `metric` is called (`over 12 weigh-ins`).
fn trend_unit(metric: &Metric) -> &'static str {
    match metric {
        Metric::BodyWeight => "weigh-in",
        Metric::Sleep => "night",
        Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace => "run",
        Metric::Lift(_) | Metric::BodyPart(_) | Metric::Workouts | Metric::Training => "session",
        _ => "entry",
    }
}

/// A trend's month by month line, when it spans several months: the average of each month
/// for a level (body weight, sleep, mood, amounts), where a best means nothing; the
/// quickest pace; else the best of each month (a lift, a distance).
fn per_month(metric: &Metric, points: &[Point], tops: &[&Point]) -> Option<String> {
    let mut months: BTreeMap<(i32, u32), Vec<f64>> = BTreeMap::new();
    for p in tops {
        months
            .entry((p.date.year(), p.date.month()))
            .or_default()
            .push(p.value);
    }
    if months.len() < 2 {
        return None;
    }
    let (title, of_month): (&str, fn(&[f64]) -> f64) = match metric {
        Metric::Pace => ("quickest_per_month", |v| {
            v.iter().copied().fold(f64::MAX, f64::min)
        }),
        _ if metric.is_averaged() => ("average_per_month", |v| {
            v.iter().sum::<f64>() / v.len() as f64
        }),
        _ => ("best_per_month", |v| {
            v.iter().copied().fold(f64::MIN, f64::max)
        }),
    };
    let list: Vec<String> = months
        .iter()
        .map(|((y, m), values)| {
            let d = NaiveDate::from_ymd_opt(*y, *m, 1).expect("valid month");
            format!(
                "{} {}",
                say::date(d, "month_name"),
                shown(metric, points, of_month(values))
            )
        })
        .collect();
    Some(say::t(title, &[("list", &list.join(", "))]))
}

/// The unit a chart of `metric` shows its values in (`km`, `h`, `lb`; runs in km).
fn unit_of(metric: &Metric, points: &[Point]) -> String {
    match metric {
        Metric::Runs | Metric::Distance => return "km".into(),
        Metric::Pace => return "min/km".into(),
        Metric::Workouts | Metric::Training | Metric::BodyPart(_) => return String::new(),
        _ => {}
    }
    let shown = shown(metric, points, 7.0);
    let unit = shown.trim_start_matches('7').trim();
    if !unit.is_empty() {
        return unit.to_string();
    }
    // A lift or a weigh-in tells its unit in its detail: `195 lb × 2 reps`.
    points
        .first()
        .and_then(|p| p.detail.split_whitespace().nth(1))
        .filter(|u| u.len() <= 4 && u.chars().all(char::is_alphabetic))
        .unwrap_or("")
        .to_string()
}

/// How a chart of `metric` combines the values of one point: a level by its mean, a pace
/// by its quickest, anything else by its best.
fn combine_of(metric: &Metric) -> Combine {
    match metric {
        Metric::Pace => Combine::Min,
        m if m.is_averaged() => Combine::Mean,
        _ => Combine::Max,
    }
}

/// The period a total is over: the question's, else from the first value to the last.
fn span_of(query: &Query, points: &[Point]) -> Option<(NaiveDate, NaiveDate)> {
    match &query.range {
        Some(r) => Some((r.start, r.end)),
        None => Some((
            points.iter().map(|p| p.date).min()?,
            points.iter().map(|p| p.date).max()?,
        )),
    }
}

/// The runs of about `km` with a time logged, oldest first: (date, km, minutes, record).
fn race_runs(km: f64, records: &[ParsedRecord]) -> Vec<RaceRun<'_>> {
    let mut found = Vec::new();
    for r in records {
        for run in runs(r) {
            let d = run.get("distance_km").and_then(Value::as_f64);
            let t = run.get("duration_min").and_then(Value::as_f64);
            if let (Some(d), Some(t)) = (d, t) {
                if crate::offline::run_filter::about(d, km) {
                    found.push((r.date, d, t, r));
                }
            }
        }
    }
    found.sort_by_key(|a| a.0);
    found
}

/// A run of [`race_runs`]: its date, km, minutes and record.
type RaceRun<'r> = (NaiveDate, f64, f64, &'r ParsedRecord);

/// The quickest of `found`, the latest of equal times.
fn quickest<'a, 'r>(found: &'a [RaceRun<'r>]) -> Option<&'a RaceRun<'r>> {
    found
        .iter()
        .min_by(|a, b| a.2.total_cmp(&b.2).then(b.0.cmp(&a.0)))
}

/// The runs behind a race answer, newest first, cited.
fn list_race_runs(reply: &mut Reply, found: &[RaceRun], link: Link) {
    for (date, d, t, r) in found.iter().rev() {
        reply.items.push(format!(
            "{}: {} {}",
            day(*date),
            race_value(*d, *t),
            link(r)
        ));
        reply.used(&r.source_file);
    }
}

/// `5 km in 24:00`.
fn race_value(km: f64, minutes: f64) -> String {
    say::t(
        "race_value",
        &[("km", &trim(km)), ("time", &clock(minutes))],
    )
}

/// `is my 10k getting faster?`: the times of the runs of about `km`, first to last.
fn race_trend(km: f64, when: &str, records: &[ParsedRecord], link: Link) -> Option<Reply> {
    let mut found = race_runs(km, records);
    // Races and time trials, when there are some, are the efforts to compare.
    let raced = |r: &ParsedRecord| {
        runs(r)
            .iter()
            .any(|run| run.get("kind").and_then(Value::as_str) == Some("race"))
    };
    let mut what = "race_runs";
    if found.iter().filter(|f| raced(f.3)).count() >= 2 {
        found.retain(|f| raced(f.3));
        what = "race_races";
    }
    let what = say::t(what, &[("km", &trim(km))]);
    let (first, last) = (found.first()?, found.last()?);
    let best = quickest(&found)?;
    let change = last.2 - first.2;
    let direction = if change.abs() < 1.0 / 120.0 {
        say::t("race_same", &[])
    } else if change < 0.0 {
        say::t("race_faster", &[("by", &clock(-change))])
    } else {
        say::t("race_slower", &[("by", &clock(change))])
    };
    let mut reply = Reply::default();
    reply.head.push(say::t(
        "race_trend",
        &[
            ("what", &what),
            ("when", when),
            ("a", &clock(first.2)),
            ("a_day", &day(first.0)),
            ("a_link", &link(first.3)),
            ("b", &clock(last.2)),
            ("b_day", &day(last.0)),
            ("b_link", &link(last.3)),
            ("direction", &direction),
            ("n", &count(found.len(), "run")),
        ],
    ));
    reply.head.push(say::t(
        "race_fastest_of",
        &[
            ("time", &clock(best.2)),
            ("date", &full_day(best.0)),
            ("link", &link(best.3)),
        ],
    ));
    list_race_runs(&mut reply, &found, link);
    let times = found.iter().map(|f| (f.0, f.2)).collect();
    reply.series = Some(Plot::line(&what, "min", Combine::Min, times));
    Some(reply)
}

/// The fastest (or slowest) run of about `km` (±3%: a 9.5 km tempo run is no 10k) with a
/// time logged.
fn fastest(km: f64, fast: bool, when: &str, records: &[ParsedRecord], link: Link) -> Option<Reply> {
    let found = race_runs(km, records);
    let best = if fast {
        quickest(&found)?
    } else {
        found.iter().max_by(|a, b| a.2.total_cmp(&b.2))?
    };
    let mut reply = Reply::default();
    reply.head.push(say::t(
        if fast { "race_fastest" } else { "race_slowest" },
        &[
            ("km", &trim(km)),
            ("when", when),
            ("time", &clock(best.2)),
            ("distance", &trim(best.1)),
            ("date", &full_day(best.0)),
            ("link", &link(best.3)),
        ],
    ));
    reply.head.push(say::t(
        "race_out_of",
        &[("runs", &count(found.len(), "run")), ("km", &trim(km))],
    ));
    list_race_runs(&mut reply, &found, link);
    let inputs = found
        .iter()
        .map(|(date, d, t, r)| Input {
            value: race_value(*d, *t),
            number: *t,
            date: *date,
            link: link(r),
        })
        .collect();
    let op = if fast { Operation::Min } else { Operation::Max };
    reply
        .provenance
        .push(Provenance::with(op, clock(best.2), inputs, when));
    Some(reply)
}

/// Minutes as `27:05` or `1:02:10`.
pub fn clock(minutes: f64) -> String {
    let secs = (minutes * 60.0).round() as i64;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

fn pick<'p, 'r>(points: &'p [Point<'r>], max: bool) -> Option<&'p Point<'r>> {
    points.iter().reduce(|best, p| {
        let better = if max {
            p.value > best.value
        } else {
            p.value < best.value
        };
        if better || (p.value == best.value && p.date > best.date) {
            p
        } else {
            best
        }
    })
}

fn singular(label: &str) -> String {
    match label {
        "runs" => "run".into(),
        "running distance" => "run".into(),
        "strength sessions" => "strength session".into(),
        "training sessions" => "training session".into(),
        other => other.to_string(),
    }
}

/// The most decimals (up to two) among the points' values: `18,42` has two.
fn decimals(points: &[Point]) -> i32 {
    points
        .iter()
        .map(|p| {
            if (p.value * 10.0 - (p.value * 10.0).round()).abs() > 1e-6 {
                2
            } else if (p.value - p.value.round()).abs() > 1e-6 {
                1
            } else {
                0
            }
        })
        .max()
        .unwrap_or(1)
        .max(1)
}

fn round_to(x: f64, decimals: i32) -> f64 {
    let f = 10f64.powi(decimals);
    (x * f).round() / f
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_distance_that_adds_up_the_others_of_its_day_is_their_total() {
        let day = NaiveDate::from_ymd_opt(2026, 4, 19).unwrap();
        let note = crate::vault::Note::parse(
            "Diese Woche bin ich 30,5 km gelaufen.\n\n- Montag: Lauf 10 km\n- Mittwoch: Lauf 8,5 km\n- Samstag: Lauf 12 km\n\nran 12 km\n"
                .to_string(),
        );
        let records: Vec<ParsedRecord> = crate::vault::entry::entries(&note, "w.md", day)
            .iter()
            .map(|e| crate::offline::read::parse_entry(e, &crate::domains::Domains::shipped()))
            .collect();
        let all = series(&Metric::Distance, &records);
        assert!(all.iter().any(|p| p.value == 30.5), "the summary is read");
        let kept: Vec<f64> = without_totals(all).iter().map(|p| p.value).collect();
        assert_eq!(kept, [10.0, 8.5, 12.0, 12.0]);
    }

    #[test]
    fn clock_times() {
        assert_eq!(clock(27.0), "27:00");
        assert_eq!(clock(23.1), "23:06");
        assert_eq!(clock(62.5), "1:02:30");
    }
}
