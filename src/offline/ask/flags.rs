//! Fields of yes and no (a habit table's `✓` / `✗` / `-` columns, `meditated: true`):
//! which of them was done, or missed, most in a period; and the longest run of days a
//! plan's rows hold (`7 days in a row with Méditation`).

use chrono::NaiveDate;

use super::plan::{self, Plan};
use super::table::{Rec, Table};
use super::{matching, said_yes};
use crate::domains::Domains;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::provenance::{Operation, Provenance};
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::{self, t};

/// Whether the question may ask [`which`] of the vault's fields of yes and no: it asks
/// which one most or least, and some row holds a no.
pub fn may_ask(frame: &Frame, vocabulary: &crate::vault::db::RowVocabulary) -> bool {
    let q = plan::words_of(frame);
    let questions = &lexicon().questions;
    cues::has(&q, &questions.what)
        && !cues::has(&q, &questions.which_month)
        && !cues::has(&q, &questions.day)
        && (cues::asks(&q, Cue::Best) || cues::asks(&q, Cue::Least))
        && lexicon().no.iter().any(|no| vocabulary.values.contains(no))
}

/// `which habit did I skip most in May`, `quelle habitude ai-je le plus souvent ratée`
/// (a question [`may_ask`] lets through): among two or more fields of yes and no that the
/// period's rows hold and the question does not name, the one done (or, asked with a word
/// of not done, missed) on most days.
pub fn which(frame: &Frame, table: &Table, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let least = cues::asks(&q, Cue::Least) || cues::asks(&q, Cue::Worst);
    let period = frame.query.range.as_ref().map(|r| (r.start, r.end));
    let flags: Vec<&String> = table
        .columns
        .iter()
        .filter(|(k, c)| c.is_flag() && crate::offline::read::find_word(&q, k).is_none())
        .map(|(k, _)| k)
        .collect();
    let missed = crate::offline::read::says_not_done(&q);
    let mut tallies: Vec<(String, Vec<&Rec>)> = Vec::new();
    for k in flags {
        let rows: Vec<&Rec> = table
            .recs
            .iter()
            .filter(|r| r.holds_in(table, &[], period, None))
            .filter(|r| r.field(k).is_some())
            .collect();
        let Some(name) = rows.iter().find_map(|r| r.field(k)).map(|f| f.name.clone()) else {
            continue;
        };
        let picked: Vec<&Rec> = rows
            .iter()
            .copied()
            .filter(|r| r.field(k).is_some_and(|f| said_yes(f) != missed))
            .collect();
        tallies.push((name, picked));
    }
    if tallies.len() < 2 {
        return None;
    }
    // Equal counts: the field first by its name.
    tallies.sort_by(|a, b| match least {
        true => a.1.len().cmp(&b.1.len()),
        false => b.1.len().cmp(&a.1.len()),
    });
    let (name, rows) = &tallies[0];
    let then: Vec<String> = tallies
        .iter()
        .skip(1)
        .take(3)
        .map(|(name, rows)| format!("{name} {}", rows.len()))
        .collect();
    let days = say::count(rows.len(), "day");
    let mut reply = Reply::default();
    reply.head.push(t(
        if missed {
            "flag_most_missed"
        } else {
            "flag_most_done"
        },
        &[
            ("name", name),
            ("n", &days),
            ("when", when),
            ("then", &then.join(", ")),
        ],
    ));
    reply.provenance.push(Provenance::with(
        Operation::Count,
        days,
        super::inputs(rows, None),
        when,
    ));
    for r in rows.iter().rev().take(crate::offline::kinds::LISTED) {
        reply.items.push(super::item(r, None));
    }
    reply.unlisted = rows.len().saturating_sub(crate::offline::kinds::LISTED);
    for r in rows {
        reply.used(&r.source);
    }
    Some(reply)
}

/// The longest run of days in a row that `plan`'s rows hold (a field of yes and no said
/// yes, a value named), or `None` when no row matches.
pub fn streak(plan: &Plan, table: &Table, domains: &Domains, what: &str) -> Option<Reply> {
    let rows = matching(plan, table, domains);
    let mut days: Vec<(NaiveDate, &Rec)> = rows
        .iter()
        .map(|r| {
            (
                r.date_on(plan.date_field.as_deref())
                    .map_or(r.date, |(d, _)| d),
                *r,
            )
        })
        .collect();
    days.sort_by_key(|(d, _)| *d);
    days.dedup_by_key(|(d, _)| *d);
    let mut best: (usize, usize) = (0, 0);
    let mut start = 0;
    for i in 0..days.len() {
        if i > 0 && days[i].0.pred_opt() != Some(days[i - 1].0) {
            start = i;
        }
        if i + 1 - start > best.1 - best.0 {
            best = (start, i + 1);
        }
    }
    let run = &days[best.0..best.1];
    let (first, last) = (run.first()?.0, run.last()?.0);
    let n = say::count(run.len(), "day");
    let mut reply = Reply::default();
    reply.head.push(t(
        "day_streak",
        &[
            ("days", &n),
            ("what", what),
            ("from", &say::full_day(first)),
            ("to", &say::full_day(last)),
        ],
    ));
    let used: Vec<&Rec> = run.iter().map(|(_, r)| *r).collect();
    reply.provenance.push(Provenance::with(
        Operation::Count,
        n,
        super::inputs(&used, None),
        "",
    ));
    for r in used.iter().rev().take(crate::offline::kinds::LISTED) {
        reply.items.push(super::item(r, plan.date_field.as_deref()));
    }
    for r in &used {
        reply.used(&r.source);
    }
    Some(reply)
}
