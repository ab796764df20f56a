//! Events told over days in a row (DESIGN §4.0): a trip is one event. "When did I go to
//! Lisbon", `京都に行ったのはいつ`, `부산에 간 게 언제야` ask for the first day of the latest
//! run of days whose own log names the place (`Flew to Lisbon` ... `Flew back from
//! Lisbon`), not the day it was last named; a booking weeks before is a run of its own.

use chrono::NaiveDate;

use super::plan;
use crate::domains::Domains;
use crate::offline::answer::{keyword_groups, Frame};
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::mentions;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::t;
use crate::vault::Store;

/// The first and last day of the latest run of two days or more naming where the
/// question went, or `None` when it asks no such thing or the place was named on one day.
pub fn answer(store: &Store, domains: &Domains, frame: &Frame) -> Option<Reply> {
    let q = plan::words_of(frame);
    let went = &lexicon().went;
    let ranks = [Cue::Count, Cue::Best, Cue::Least, Cue::Worst, Cue::Average];
    if !cues::asks(&q, Cue::When)
        || ranks.iter().any(|c| cues::asks(&q, *c))
        || cues::has(&q, &lexicon().questions.first)
        || !went.iter().any(|w| lookup::holds(w, &q))
    {
        return None;
    }
    let mut rest = q.clone();
    for w in went.iter().chain(cues::words(Cue::When)) {
        rest = lookup::replace_word(&rest, w);
    }
    // What is glued to a spaceless word is no place (`京都に` is 京都; `のは` nothing).
    let lex = lexicon();
    let groups: Vec<Vec<String>> = keyword_groups(&rest, None, domains)
        .into_iter()
        .map(|g| g.iter().map(|w| lex.particle_stem(w).to_string()).collect())
        .filter(|g: &Vec<String>| !g[0].chars().all(|c| ('\u{3040}'..='\u{309F}').contains(&c)))
        .collect();
    let named = mentions::days_naming(store, &groups, frame.query.range.as_ref()).ok()??;
    let mut days: Vec<NaiveDate> = named.days.iter().map(|(d, _)| *d).collect();
    days.sort_unstable();
    let end = *days.last()?;
    let mut start = end;
    while let Some(before) = start.pred_opt().filter(|d| days.contains(d)) {
        start = before;
    }
    if start == end {
        return None;
    }
    let (_, first) = named.days.iter().find(|(d, _)| *d == start)?;
    let mut reply = Reply::default();
    reply.head.push(t(
        "rows_date",
        &[
            ("date", &super::day(start)),
            ("detail", &format!(" – {}", super::day(end))),
            ("link", &store.cite(first)),
        ],
    ));
    for (d, e) in named.days.iter().filter(|(d, _)| (start..=end).contains(d)) {
        let line = e.text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        reply.items.push(format!(
            "{}: “{}” {}",
            crate::offline::say::day(*d),
            line.trim(),
            store.cite(e)
        ));
        reply.used(&e.source);
    }
    reply.items.truncate(crate::offline::kinds::LISTED);
    Some(reply)
}
