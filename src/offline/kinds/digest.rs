//! The entries of a period ("what did I eat yesterday", grouped by day) and a digest of a
//! period by domain ("summarize my week"), each line cited.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::{count, day, Reply};
use crate::domains::Domains;
use crate::offline::analyze::{trim, Link};
use crate::offline::metric::{lift_names, series};
use crate::offline::query::{Metric, Query};
use crate::offline::say::{label, t};
use crate::vault::parsed::ParsedRecord;
use crate::vault::{Entry, Store};

/// The lines of a period's log entries, grouped by day (food lines only when the question
/// is about eating and some line is).
pub fn list(
    store: &Store,
    domains: &Domains,
    query: &Query,
    when: &str,
    (start, end): (NaiveDate, NaiveDate),
) -> Option<Reply> {
    let entries = store.entries_by_date_range(start, end);
    let nutrition = domains.all.iter().find(|d| d.name == "nutrition");
    let mut by_day: BTreeMap<NaiveDate, Vec<(&Entry, Vec<String>)>> = BTreeMap::new();
    for e in &entries {
        let lines: Vec<String> = e
            .text
            .lines()
            .map(|l| {
                l.trim()
                    .trim_start_matches(['-', '*', '+'])
                    .trim()
                    .to_string()
            })
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if !lines.is_empty() {
            by_day.entry(e.date).or_default().push((e, lines));
        }
    }
    if by_day.is_empty() {
        return None;
    }
    let food = |l: &str| {
        let lower = l.to_lowercase();
        nutrition.is_some_and(|d| d.is_mentioned(&lower))
            || crate::offline::cues::asks(&lower, crate::offline::cues::Cue::Eat)
            || crate::offline::cues::asks(&lower, crate::offline::cues::Cue::Meals)
    };
    let only_food = query.food
        && by_day
            .values()
            .flatten()
            .any(|(_, lines)| lines.iter().any(|l| food(l)));
    let mut reply = Reply {
        show_all: by_day.len() <= 7,
        ..Reply::default()
    };
    for (date, parts) in by_day.iter().rev() {
        for (entry, lines) in parts {
            let kept: Vec<&String> = lines.iter().filter(|l| !only_food || food(l)).collect();
            if kept.is_empty() {
                continue;
            }
            let text: Vec<&str> = kept.iter().map(|s| s.as_str()).collect();
            reply.items.push(format!(
                "**{}** {}: {}",
                day(*date),
                store.cite(entry),
                text.join(" · ")
            ));
            reply.used(&entry.source);
        }
    }
    if query.food && !only_food {
        // Asked about food, and no line says what was eaten: say so before the rest.
        reply.head.push(t(
            "list_no_food",
            &[
                ("when", when),
                ("entries", &count(reply.items.len(), "entry")),
            ],
        ));
        return Some(reply);
    }
    let key = if only_food { "list_food" } else { "list_all" };
    let mut head = t(
        key,
        &[
            ("when", when),
            ("entries", &count(reply.items.len(), "entry")),
        ],
    );
    // One entry is the answer itself: told on the first line.
    if reply.items.len() == 1 {
        head = format!("{head} {}", reply.items.remove(0));
    }
    reply.head.push(head);
    Some(reply)
}

/// A digest of a period: training, running, sleep and the other measures, one cited line
/// each.
pub fn summary(when: &str, records: &[ParsedRecord], link: Link) -> Option<Reply> {
    let mut reply = Reply {
        show_all: true,
        ..Reply::default()
    };
    let cite = |reply: &mut Reply, r: &ParsedRecord| {
        reply.used(&r.source_file);
        link(r)
    };
    let gym = series(&Metric::Workouts, records);
    if !gym.is_empty() {
        let days: std::collections::BTreeSet<NaiveDate> = gym.iter().map(|p| p.date).collect();
        let mut bests = Vec::new();
        for lift in lift_names(records) {
            let points = series(&Metric::Lift(lift.clone()), records);
            if let Some(top) = points.iter().max_by(|a, b| a.value.total_cmp(&b.value)) {
                bests.push(format!(
                    "{} {} ({} {})",
                    label(&lift),
                    top.detail,
                    day(top.date),
                    cite(&mut reply, top.record)
                ));
            }
        }
        reply.items.push(t(
            "digest_strength",
            &[
                ("sessions", &count(days.len(), "session")),
                ("bests", &bests.join(", ")),
            ],
        ));
    }
    let runs = series(&Metric::Runs, records);
    if !runs.is_empty() {
        let km: f64 = runs.iter().map(|p| p.value).sum();
        let longest = runs
            .iter()
            .max_by(|a, b| a.value.total_cmp(&b.value))
            .expect("not empty");
        let c = cite(&mut reply, longest.record);
        reply.items.push(t(
            "digest_running",
            &[
                ("runs", &count(runs.len(), "run")),
                ("km", &trim((km * 10.0).round() / 10.0)),
                ("longest", &longest.detail),
                ("date", &day(longest.date)),
                ("link", &c),
            ],
        ));
    }
    for (metric, name, per) in [
        (Metric::Sleep, "sleep", "per_night"),
        (Metric::Steps, "steps", "per_day"),
        (Metric::Protein, "protein", "per_day"),
        (Metric::Calories, "calories", "per_day"),
        (Metric::Caffeine, "coffee", "per_day"),
    ] {
        let points = series(&metric, records);
        if points.is_empty() {
            continue;
        }
        let mut by_day: BTreeMap<NaiveDate, f64> = BTreeMap::new();
        for p in &points {
            *by_day.entry(p.date).or_default() += p.value;
        }
        let avg = by_day.values().sum::<f64>() / by_day.len() as f64;
        let c = cite(&mut reply, points.last().expect("not empty").record);
        reply.items.push(t(
            "digest_average",
            &[
                ("what", &crate::offline::say::capitalize(&label(name))),
                ("avg", &metric.format((avg * 10.0).round() / 10.0)),
                ("per", &t(per, &[])),
                ("days", &count(by_day.len(), "day")),
                ("link", &c),
            ],
        ));
    }
    let mut measures: BTreeMap<(String, String), (f64, usize, Option<&ParsedRecord>)> =
        BTreeMap::new();
    for r in records {
        for m in &r.measures {
            let e = measures
                .entry((m.what.clone(), m.unit.clone()))
                .or_insert((0.0, 0, None));
            e.0 += m.value;
            e.1 += 1;
            e.2 = Some(r);
        }
    }
    for ((what, unit), (sum, n, last)) in measures.into_iter().filter(|(_, v)| v.1 > 1) {
        let c = last.map(|r| cite(&mut reply, r)).unwrap_or_default();
        reply.items.push(t(
            "digest_measure",
            &[
                ("what", &what),
                ("sum", &trim(sum)),
                ("unit", &unit),
                ("entries", &count(n, "entry")),
                ("link", &c),
            ],
        ));
    }
    if reply.items.is_empty() {
        return None;
    }
    reply.head.push(t("digest", &[("when", when)]));
    Some(reply)
}
