//! Events with no number (DESIGN §4.0): `Went climbing with Sam`, `Heute Yoga gemacht.`,
//! `和小李去爬山` are records of an activity on a day. A question naming an activity is
//! answered by the days whose entries name it (how often, when last); a question asking
//! which activity was done most compares the activities the period's entries name.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::plan;
use crate::domains::Domains;
use crate::offline::activities;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::{kind_words, own_log_text, words::names_domain};
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// The answer to an event question, or `None` when the question is none (it names no
/// activity, or asks for an amount: `how far did I cycle` is the readers').
pub fn answer(store: &Store, domains: &Domains, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    if !cues::units(&q).is_empty() || cues::has(&q, &lexicon().questions.distance) {
        return None;
    }
    let named = activities::family(&q);
    let asks_when = cues::asks(&q, Cue::When) || cues::has(&q, &lexicon().questions.day);
    let op = match named {
        Some(_) if cues::asks(&q, Cue::Count) || cues::has(&q, &lexicon().questions.count_days) => {
            Op::Count
        }
        Some(_) if cues::asks(&q, Cue::Last) && asks_when => Op::Latest,
        None if cues::asks(&q, Cue::Best) && cues::has(&q, &lexicon().exercise_nouns) => {
            return most_lift(store, frame, when);
        }
        None if cues::asks(&q, Cue::Best) && cues::has(&q, kind_words()) => Op::Most,
        _ => return None,
    };
    let (start, end) = span(frame)?;
    let entries: Vec<Entry> = store.entries_by_date_range(start, end);
    // Each day, the activities its entries name (a plan or someone else's is not theirs).
    let mut days: BTreeMap<NaiveDate, Vec<(String, Entry)>> = BTreeMap::new();
    for e in entries.into_iter().filter(|e| e.log) {
        // The note's folders and name tell too (`Schwimmen/Log.md` holds swims).
        let text = format!("{}\n{}", own_log_text(&e.text), e.source.replace('/', " "));
        for activity in named_in(&text, domains) {
            let day = days.entry(e.date).or_default();
            if !day.iter().any(|(a, _)| *a == activity) {
                day.push((activity, e.clone()));
            }
        }
    }
    let mut reply = Reply::default();
    match op {
        Op::Count | Op::Latest => {
            let activity = named?;
            let on: Vec<(NaiveDate, &Entry)> = days
                .iter()
                .filter_map(|(d, acts)| {
                    acts.iter()
                        .find(|(a, _)| a == activity)
                        .map(|(_, e)| (*d, e))
                })
                .collect();
            let (last_day, last) = on.last()?;
            let label = say::label(activity);
            if op == Op::Count {
                let n = say::count(on.len(), "day");
                reply.head.push(t(
                    "events_count",
                    &[("n", &n), ("what", &label), ("when", when)],
                ));
            } else {
                reply.head.push(t(
                    "rows_date",
                    &[
                        ("date", &super::day(*last_day)),
                        ("detail", &format!(": “{}”", first_line(&last.text))),
                        ("link", &store.cite(last)),
                    ],
                ));
            }
            for (d, e) in on.iter().rev().take(crate::offline::kinds::LISTED) {
                reply.items.push(format!(
                    "{}: “{}” {}",
                    say::day(*d),
                    first_line(&e.text),
                    store.cite(e)
                ));
                reply.used(&e.source);
            }
        }
        Op::Most => {
            let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
            for acts in days.values() {
                for (a, _) in acts {
                    *tally.entry(a.as_str()).or_default() += 1;
                }
            }
            let mut ranked: Vec<(&str, usize)> = tally.into_iter().collect();
            ranked.sort_by_key(|(a, n)| (std::cmp::Reverse(*n), *a));
            let (top, n) = *ranked.first()?;
            if ranked.get(1).is_some_and(|(_, m)| *m == n) {
                return None;
            }
            let others: Vec<String> = ranked
                .iter()
                .map(|(a, n)| format!("{} {}", say::label(a), n))
                .collect();
            reply.head.push(t(
                "events_most",
                &[
                    ("what", &say::label(top)),
                    ("n", &say::count(n, "day")),
                    ("when", when),
                    ("all", &others.join(", ")),
                ],
            ));
            for acts in days.values() {
                for (_, e) in acts {
                    reply.used(&e.source);
                }
            }
        }
    }
    Some(reply)
}

/// `which exercise did I do most often`, `welche Übung am häufigsten`: the lift named on
/// the most days of the period.
fn most_lift(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let (start, end) = span(frame)?;
    let records = store.records_in(start, end, &["strength"]);
    let mut days: BTreeMap<String, std::collections::BTreeSet<NaiveDate>> = BTreeMap::new();
    for r in &records {
        let lifts = r
            .domain_data
            .get("strength")
            .and_then(|s| s.get("exercises"));
        for e in lifts.and_then(|l| l.as_array()).into_iter().flatten() {
            if let Some(name) = e["name"].as_str().filter(|n| *n != "unknown") {
                days.entry(name.to_string()).or_default().insert(r.date);
            }
        }
    }
    let mut ranked: Vec<(String, usize)> = days.into_iter().map(|(n, d)| (n, d.len())).collect();
    ranked.sort_by_key(|(a, n)| (std::cmp::Reverse(*n), a.clone()));
    let (top, n) = ranked.first()?.clone();
    let others: Vec<String> = ranked
        .iter()
        .take(6)
        .map(|(a, n)| format!("{} {}", say::label(a), n))
        .collect();
    let mut reply = Reply::default();
    reply.head.push(t(
        "events_most",
        &[
            ("what", &say::label(&top)),
            ("n", &say::count(n, "day")),
            ("when", when),
            ("all", &others.join(", ")),
        ],
    ));
    for r in &records {
        reply.used(&r.source_file);
    }
    Some(reply)
}

/// The question's period, or all time.
fn span(frame: &Frame) -> Option<(NaiveDate, NaiveDate)> {
    match frame.query.range.as_ref() {
        Some(r) => Some((r.start, r.end)),
        None => Some((
            NaiveDate::from_ymd_opt(1, 1, 1)?,
            NaiveDate::from_ymd_opt(9999, 12, 31)?,
        )),
    }
}

/// What an event question asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// On how many days.
    Count,
    /// The last day.
    Latest,
    /// Which activity on the most days.
    Most,
}

/// The activities a text names: the families of the lexicon, runs and lifts by their
/// domains' terms.
fn named_in(text: &str, domains: &Domains) -> Vec<String> {
    let mut out: Vec<String> = activities::families(text)
        .into_iter()
        .map(str::to_string)
        .collect();
    for name in ["running", "strength"] {
        let domain = domains.all.iter().find(|d| d.name == name);
        if names_domain(text, domain) {
            out.push(name.to_string());
        }
    }
    out
}

/// The first line of an entry, as quoted.
fn first_line(text: &str) -> &str {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .trim()
}
