//! What lifters ask beyond a best or a last time: the volume lifted (weight × reps × sets),
//! how many reps, an estimated one-rep max, and the big-three total (best squat + bench +
//! deadlift, the Korean "3대").

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::{count, day, full_day, Reply};
use crate::offline::analyze::{trim, Link};
use crate::offline::metric::{exercises, lift_names};
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::query::{LiftAsk, Metric, Query};
use crate::offline::say::{label, t};
use crate::vault::parsed::ParsedRecord;

/// One logged set group of an exercise.
#[derive(Debug, Clone)]
struct Set<'r> {
    date: NaiveDate,
    weight: Option<f64>,
    unit: Option<String>,
    sets: i64,
    reps: Option<i64>,
    record: &'r ParsedRecord,
}

impl Set<'_> {
    fn shown(&self) -> String {
        let w = match (self.weight, &self.unit) {
            (Some(w), Some(u)) => format!("{} {u}", trim(w)),
            (Some(w), None) => trim(w),
            (None, _) => t("bodyweight", &[]),
        };
        match (self.reps, self.sets) {
            (Some(r), s) if s > 1 => format!(
                "{w} × {} × {}",
                count(r as usize, "rep"),
                count(s as usize, "set")
            ),
            (Some(r), _) => format!("{w} × {}", count(r as usize, "rep")),
            (None, _) => w,
        }
    }

    /// Weight × reps × sets, in kg when the unit is pounds or jin (斤, half a kilogram).
    fn volume_kg(&self) -> Option<f64> {
        let per_unit = match self.unit.as_deref() {
            Some("lb") => KG_PER_LB,
            Some("jin") => 0.5,
            _ => 1.0,
        };
        let kg = self.weight? * per_unit;
        Some(kg * self.reps? as f64 * self.sets as f64)
    }

    fn is_lb(&self) -> bool {
        self.unit.as_deref() == Some("lb")
    }

    /// The Epley estimate of a one-rep max (the weight itself for a single); sets of more
    /// than twelve reps say little about a max and give none.
    fn one_rep_max(&self) -> Option<f64> {
        let (w, r) = (self.weight?, self.reps?);
        match r {
            1 => Some(w),
            2..=12 => Some(w * (1.0 + r as f64 / 30.0)),
            _ => None,
        }
    }
}

const KG_PER_LB: f64 = 0.453_592;

/// A set as an input of a computed figure: `value` as shown, `number` as computed with.
fn input(s: &Set, value: String, number: f64, link: Link) -> Input {
    Input {
        value,
        number,
        date: s.date,
        link: link(s.record),
    }
}

/// The logged sets of the exercises named `names`, oldest first.
fn sets<'r>(names: &[&str], records: &'r [ParsedRecord]) -> Vec<Set<'r>> {
    let mut out: Vec<Set<'r>> = records
        .iter()
        .flat_map(|r| {
            exercises(r)
                .filter(|e| e["name"].as_str().is_some_and(|n| names.contains(&n)))
                .map(move |e| Set {
                    date: r.date,
                    weight: e["weight"].as_f64(),
                    unit: e["unit"].as_str().map(str::to_string),
                    sets: e["sets"].as_i64().unwrap_or(1).max(1),
                    reps: e["reps"].as_i64(),
                    record: r,
                })
        })
        .collect();
    out.sort_by_key(|s| s.date);
    out
}

/// The answer to a lifting question, or `None` when nothing fits it.
pub fn reply(
    ask: LiftAsk,
    query: &Query,
    when: &str,
    records: &[ParsedRecord],
    link: Link,
) -> Option<Reply> {
    if ask == LiftAsk::BigThree {
        return big_three(when, records, link);
    }
    let (names, name) = match query.metrics.first() {
        Some(Metric::Lift(name)) => (vec![name.clone()], name.as_str()),
        // `total volume this week`: every lift's.
        _ if ask == LiftAsk::Volume => (lift_names(records), "all lifting"),
        _ => return None,
    };
    let shown_name = label(name);
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    let sets = sets(&names, records);
    if sets.is_empty() {
        return None;
    }
    let name = shown_name.as_str();
    match ask {
        LiftAsk::Volume => volume(name, when, &sets, link),
        LiftAsk::Reps => reps(name, when, &sets, link),
        LiftAsk::Sets => set_count(name, when, &sets, link),
        LiftAsk::OneRepMax => one_rep_max(name, when, &sets, link),
        LiftAsk::BigThree => None,
    }
}

/// Sets grouped by day, newest first.
fn by_day<'a, 'r>(sets: &'a [Set<'r>]) -> Vec<(NaiveDate, Vec<&'a Set<'r>>)> {
    let mut days: BTreeMap<NaiveDate, Vec<&Set>> = BTreeMap::new();
    for s in sets {
        days.entry(s.date).or_default().push(s);
    }
    days.into_iter().rev().collect()
}

fn cite_day(r: &mut Reply, date: NaiveDate, sets: &[&Set], value: String, link: Link) {
    let shown: Vec<String> = sets.iter().map(|s| s.shown()).collect();
    let mut links: Vec<String> = sets.iter().map(|s| link(s.record)).collect();
    links.dedup();
    r.items.push(format!(
        "{}: {value} ({}) {}",
        day(date),
        shown.join(", "),
        links.join(" ")
    ));
    for s in sets {
        r.used(&s.record.source_file);
    }
}

fn volume(name: &str, when: &str, sets: &[Set], link: Link) -> Option<Reply> {
    let weighed: Vec<Set> = sets
        .iter()
        .filter(|s| s.volume_kg().is_some())
        .cloned()
        .collect();
    if weighed.is_empty() {
        return None;
    }
    let pounds = weighed.iter().all(Set::is_lb);
    let shown = |kg: f64| {
        if pounds {
            format!("{} lb", trim((kg / KG_PER_LB).round()))
        } else {
            format!("{} kg", trim(kg.round()))
        }
    };
    let days = by_day(&weighed);
    let total: f64 = weighed.iter().filter_map(Set::volume_kg).sum();
    let mut r = Reply::default();
    r.head.push(t(
        "volume",
        &[
            ("total", &shown(total)),
            ("name", name),
            ("when", when),
            ("sessions", &count(days.len(), "session")),
        ],
    ));
    let skipped = sets.len() - weighed.len();
    if skipped > 0 {
        r.head.push(t(
            "volume_skipped",
            &[("entries", &count(skipped, "entry"))],
        ));
    }
    for (date, day_sets) in &days {
        let v: f64 = day_sets.iter().filter_map(|s| s.volume_kg()).sum();
        cite_day(&mut r, *date, day_sets, shown(v), link);
    }
    let inputs = weighed
        .iter()
        .filter_map(|s| {
            let kg = s.volume_kg()?;
            let number = if pounds { kg / KG_PER_LB } else { kg };
            Some(input(
                s,
                format!("{} = {}", s.shown(), shown(kg)),
                number,
                link,
            ))
        })
        .collect();
    r.provenance
        .push(Provenance::with(Operation::Sum, shown(total), inputs, when));
    Some(r)
}

fn reps(name: &str, when: &str, sets: &[Set], link: Link) -> Option<Reply> {
    let counted: Vec<Set> = sets.iter().filter(|s| s.reps.is_some()).cloned().collect();
    if counted.is_empty() {
        return None;
    }
    let reps_of = |s: &Set| s.reps.unwrap_or(0) * s.sets;
    let days = by_day(&counted);
    let total: i64 = counted.iter().map(reps_of).sum();
    let mut r = Reply::default();
    r.head.push(t(
        "reps_total",
        &[
            ("total", &total.to_string()),
            ("reps", &count(total as usize, "rep")),
            ("name", name),
            ("when", when),
            ("sessions", &count(days.len(), "session")),
        ],
    ));
    for (date, day_sets) in &days {
        let n: i64 = day_sets.iter().map(|s| reps_of(s)).sum();
        cite_day(&mut r, *date, day_sets, count(n as usize, "rep"), link);
    }
    let inputs = counted
        .iter()
        .map(|s| input(s, s.shown(), reps_of(s) as f64, link))
        .collect();
    r.provenance.push(Provenance::with(
        Operation::Sum,
        count(total as usize, "rep"),
        inputs,
        when,
    ));
    Some(r)
}

fn set_count(name: &str, when: &str, sets: &[Set], link: Link) -> Option<Reply> {
    let days = by_day(sets);
    let total: i64 = sets.iter().map(|s| s.sets).sum();
    let mut r = Reply::default();
    r.head.push(t(
        "sets_total",
        &[
            ("total", &total.to_string()),
            ("sets", &count(total as usize, "set")),
            ("name", name),
            ("when", when),
            ("sessions", &count(days.len(), "session")),
        ],
    ));
    for (date, day_sets) in &days {
        let n: i64 = day_sets.iter().map(|s| s.sets).sum();
        cite_day(&mut r, *date, day_sets, count(n as usize, "set"), link);
    }
    let inputs = sets
        .iter()
        .map(|s| input(s, s.shown(), s.sets as f64, link))
        .collect();
    r.provenance.push(Provenance::with(
        Operation::Sum,
        count(total as usize, "set"),
        inputs,
        when,
    ));
    Some(r)
}

fn one_rep_max(name: &str, when: &str, sets: &[Set], link: Link) -> Option<Reply> {
    let estimated = sets
        .iter()
        .filter_map(|s| Some((s, s.one_rep_max()?)))
        .max_by(|a, b| a.1.total_cmp(&b.1))?;
    // A max the person tested (a single) is their one-rep max; an estimate from other sets
    // is only said beside it, when it is higher.
    let tested = sets
        .iter()
        .filter(|s| s.reps == Some(1))
        .filter_map(|s| Some((s, s.weight?)))
        .max_by(|a, b| a.1.total_cmp(&b.1));
    let (set, max) = tested.unwrap_or(estimated);
    let unit = set
        .unit
        .as_deref()
        .map(|u| format!(" {u}"))
        .unwrap_or_default();
    let mut r = Reply::default();
    let key = if set.reps == Some(1) {
        "one_rep_max_tested"
    } else {
        "one_rep_max_estimated"
    };
    r.head.push(t(
        key,
        &[
            ("name", name),
            ("when", when),
            ("max", &format!("{}{unit}", trim((max * 2.0).round() / 2.0))),
            ("set", &set.shown()),
            ("date", &full_day(set.date)),
            ("link", &link(set.record)),
        ],
    ));
    if tested.is_some() && estimated.0.reps != Some(1) && estimated.1 > max + 2.5 {
        let more = trim((estimated.1 * 2.0).round() / 2.0);
        r.head.push(t(
            "one_rep_max_more",
            &[
                ("max", &format!("{more}{unit}")),
                ("set", &estimated.0.shown()),
                ("date", &full_day(estimated.0.date)),
            ],
        ));
    }
    r.used(&set.record.source_file);
    for (date, day_sets) in by_day(sets) {
        let day_max = day_sets
            .iter()
            .filter_map(|s| s.one_rep_max())
            .fold(f64::NAN, f64::max);
        if day_max.is_finite() {
            let v = format!("≈ {}{unit}", trim((day_max * 2.0).round() / 2.0));
            cite_day(&mut r, date, &day_sets, v, link);
        }
    }
    let inputs = sets
        .iter()
        .filter_map(|s| {
            let m = s.one_rep_max()?;
            let v = format!("{} ≈ {}{unit}", s.shown(), trim((m * 2.0).round() / 2.0));
            Some(input(s, v, m, link))
        })
        .collect();
    let best = format!("{}{unit}", trim((max * 2.0).round() / 2.0));
    r.provenance
        .push(Provenance::with(Operation::Max, best, inputs, when));
    Some(r)
}

/// The lifts of the big-three total.
const BIG_THREE: [&str; 3] = ["squat", "bench press", "deadlift"];

fn big_three(when: &str, records: &[ParsedRecord], link: Link) -> Option<Reply> {
    let mut r = Reply::default();
    let mut heaviest_sum = 0.0;
    let mut estimate_sum = 0.0;
    let mut missing = Vec::new();
    let mut units: Vec<String> = Vec::new();
    let mut heaviest = Vec::new();
    for lift in BIG_THREE {
        let sets = sets(&[lift], records);
        let Some(top) = sets
            .iter()
            .filter(|s| s.weight.is_some())
            .max_by(|a, b| a.weight.unwrap_or(0.0).total_cmp(&b.weight.unwrap_or(0.0)))
        else {
            missing.push(lift);
            continue;
        };
        let weight = top.weight.unwrap_or(0.0);
        heaviest_sum += weight;
        let lift_name = label(lift);
        heaviest.push(input(
            top,
            format!("{lift_name}: {}", top.shown()),
            weight,
            link,
        ));
        let estimate = sets
            .iter()
            .filter_map(Set::one_rep_max)
            .fold(weight, f64::max);
        estimate_sum += estimate;
        units.extend(top.unit.clone());
        r.items.push(t(
            "big_three_item",
            &[
                ("lift", &lift_name),
                ("set", &top.shown()),
                ("date", &day(top.date)),
                ("max", &trim((estimate * 2.0).round() / 2.0)),
                ("link", &link(top.record)),
            ],
        ));
        r.used(&top.record.source_file);
    }
    if missing.len() == BIG_THREE.len() {
        return None;
    }
    units.dedup();
    let unit = match units.as_slice() {
        [u] => format!(" {u}"),
        _ => String::new(),
    };
    let total = format!("{}{unit}", trim(heaviest_sum));
    r.provenance
        .push(Provenance::with(Operation::Sum, total, heaviest, when));
    let lifts: Vec<String> = BIG_THREE.iter().map(|l| label(l)).collect();
    if missing.is_empty() {
        r.head.push(t(
            "big_three",
            &[
                ("lifts", &lifts.join(" + ")),
                ("when", when),
                ("total", &format!("{}{unit}", trim(heaviest_sum))),
                (
                    "estimate",
                    &format!("{}{unit}", trim((estimate_sum * 2.0).round() / 2.0)),
                ),
            ],
        ));
    } else {
        let missing: Vec<String> = missing.iter().map(|l| label(l)).collect();
        r.head.push(t(
            "big_three_missing",
            &[
                ("missing", &missing.join(&t("or", &[]))),
                ("lifts", &lifts.join(" + ")),
                ("when", when),
                ("total", &format!("{}{unit}", trim(heaviest_sum))),
            ],
        ));
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn volume_is_in_kilograms_whatever_unit_was_written() {
        let record = ParsedRecord::for_entry(
            &crate::vault::entry::entries(
                &crate::vault::Note::parse("x".into()),
                "n.md",
                NaiveDate::MIN,
            )[0],
            "test".into(),
        );
        let set = |weight: f64, unit: &str| Set {
            date: NaiveDate::MIN,
            weight: Some(weight),
            unit: Some(unit.to_string()),
            sets: 3,
            reps: Some(10),
            record: &record,
        };
        assert_eq!(set(50.0, "jin").volume_kg(), Some(750.0));
        assert_eq!(set(25.0, "kg").volume_kg(), Some(750.0));
        let lb = set(100.0, "lb").volume_kg().unwrap();
        assert!((lb - 1360.776).abs() < 0.01, "{lb}");
    }
}
