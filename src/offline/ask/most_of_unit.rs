//! Which thing gave the most of a unit (DESIGN §4.0): "which crop gave me the most kilos",
//! `¿qué cultivo me dio más kilos?` rank what the period's measures in that unit are of
//! (`Coseché 1,1 kg de tomates`, `850 g de calabacines`), each summed in the asked unit.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::plan;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::t;
use crate::vault::Store;

/// The thing whose measures in the question's unit add up to the most (or least); `None`
/// when the question asks no `which`, names no unit of mass or volume, or names the thing.
pub fn answer(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let most = cues::asks(&q, Cue::Best);
    let least = cues::asks(&q, Cue::Least) || cues::asks(&q, Cue::Worst);
    if !(most || least) || !cues::has(&q, &lexicon().questions.what) {
        return None;
    }
    let unit = q
        .split(|c: char| !c.is_alphanumeric())
        .filter_map(crate::offline::read::units::measure_unit)
        .chain(cues::units(&q))
        .find(|u| matches!(*u, "kg" | "g" | "lb" | "l" | "ml"))?;
    let (start, end) = frame
        .query
        .range
        .as_ref()
        .map_or((first_day(), last_day()), |r| (r.start, r.end));
    let records = store.records_measured(start, end);
    let mut totals: BTreeMap<String, (f64, usize)> = BTreeMap::new();
    let mut sources: Vec<&str> = Vec::new();
    for r in &records {
        for m in &r.measures {
            let Some(value) = in_unit(m.value, &m.unit, unit) else {
                continue;
            };
            let what = m.what.to_lowercase();
            if what.is_empty() || crate::offline::cues::asks(&what, Cue::BodyWeight) {
                continue;
            }
            let total = totals.entry(what).or_default();
            total.0 += value;
            total.1 += 1;
            sources.push(&r.source_file);
        }
    }
    // A question that names one of them asks about that one, not which.
    if totals.len() < 2
        || totals
            .keys()
            .any(|w| crate::offline::read::find_word(&q, w).is_some())
    {
        return None;
    }
    let mut ranked: Vec<(&String, f64)> = totals.iter().map(|(w, (v, _))| (w, *v)).collect();
    ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
    if least {
        ranked.reverse();
    }
    let shown = |v: f64| {
        format!(
            "{} {unit}",
            crate::offline::analyze::trim((v * 100.0).round() / 100.0)
        )
    };
    let (top, value) = ranked[0];
    let rest: Vec<String> = ranked[1..]
        .iter()
        .map(|(w, v)| format!("{w} {}", shown(*v)))
        .collect();
    let mut reply = Reply::default();
    reply.head.push(t(
        "events_most",
        &[
            ("what", top),
            ("n", &shown(value)),
            ("when", when),
            ("all", &rest.join(", ")),
        ],
    ));
    sources.sort();
    sources.dedup();
    for s in sources {
        reply.used(s);
    }
    Some(reply)
}

/// `value` in `from` units as `to` units, for mass and volume.
fn in_unit(value: f64, from: &str, to: &str) -> Option<f64> {
    let scale = |u: &str| match u {
        "kg" => Some(("mass", 1000.0)),
        "g" => Some(("mass", 1.0)),
        "lb" => Some(("mass", 453.592)),
        "l" => Some(("volume", 1000.0)),
        "ml" => Some(("volume", 1.0)),
        _ => None,
    };
    match (scale(from)?, scale(to)?) {
        ((a, x), (b, y)) if a == b => Some(value * x / y),
        _ => None,
    }
}

/// The first and last days an index date can be (stored as `YYYY-MM-DD` text).
fn first_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(1, 1, 1).expect("a date")
}

fn last_day() -> NaiveDate {
    NaiveDate::from_ymd_opt(9999, 12, 31).expect("a date")
}
