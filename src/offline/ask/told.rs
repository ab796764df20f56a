//! Times a value was told (DESIGN §4.0): "how many times did I have sushi in March" counts
//! the sentences of the period's own log that name it: the rows holding it (`Lunch:
//! sushi`, `Lunch: sushi w/ Marco`) and the prose (`Had sushi for lunch.`); never a longer
//! value holding it (`Dune Messiah` is no `Dune`), nor a clause saying it did not happen.

use chrono::NaiveDate;

use super::plan::{Op, Plan};
use super::table::Table;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::{find_word, own_log_text};
use crate::offline::say::{self, t};
use crate::vault::Store;

/// Whether `q` (the question's words) asks how many times the plan's values were told: a
/// count of rows holding values, no field, asked as times.
pub fn asks(plan: &Plan, q: &str) -> bool {
    plan.op == Op::Count
        && plan.target.is_none()
        && !plan.filters.is_empty()
        && cues::asks(q, Cue::Count)
}

/// The count of the sentences naming the plan's values (a plan [`asks`] accepts), when
/// those are more than the rows holding them (`rows`); else `None`.
pub fn times(
    store: &Store,
    (plan, q): (&Plan, &str),
    table: &Table,
    (rows, filter, when): (usize, &str, &str),
) -> Option<Reply> {
    let mut values: Vec<&str> = plan.filters.iter().map(|(_, v)| v.as_str()).collect();
    values.sort_unstable();
    values.dedup();
    // The values that hold one asked but name something else (`dune messiah`).
    let longer: Vec<String> = table
        .columns
        .values()
        .flat_map(|c| c.values.keys())
        .map(|v| core_of(v))
        .filter(|l| values.iter().any(|v| l != v && names(v, l)))
        .collect();
    let (start, end) = plan.period.unwrap_or((NaiveDate::MIN, NaiveDate::MAX));
    let entries = lookup::entries_holding(store, &values, (start, end))
        .unwrap_or_else(|| store.entries_by_date_range(start, end));
    // `how many times did I water the tomatoes`: the sentences that tell the act, when
    // some do (`cosecha de tomates` is no watering).
    let act = super::most_told::act_words(q, table);
    let mut told = Vec::new();
    for e in entries {
        if !e.log {
            continue;
        }
        let own = own_log_text(&e.text);
        for sentence in own.split(['\n', '.', '!', '?', '。', '！', '？']) {
            let lower = sentence.to_lowercase();
            if values.iter().all(|v| names(v, &lower)) && !longer.iter().any(|l| names(l, &lower)) {
                told.push((sentence.trim().to_string(), e.clone()));
            }
        }
    }
    let acted: Vec<(String, crate::vault::Entry)> = (told.iter())
        .filter(|(sentence, _)| {
            let lower = sentence.to_lowercase();
            act.iter().any(|a| lookup::holds(a, &lower))
        })
        .cloned()
        .collect();
    if !acted.is_empty() {
        told = acted;
    }
    if told.len() <= rows && acted_none(&act, &told) {
        return None;
    }
    let n = told.len().to_string();
    let mut reply = Reply::default();
    reply.head.push(t(
        "rows_count",
        &[("n", &n), ("noun", ""), ("when", when), ("filter", filter)],
    ));
    let inputs = told
        .iter()
        .map(|(sentence, e)| Input {
            value: sentence.clone(),
            number: 1.0,
            date: e.date,
            link: store.cite(e),
        })
        .collect();
    reply
        .provenance
        .push(Provenance::with(Operation::Count, n, inputs, when));
    for (sentence, e) in told.iter().rev() {
        if reply.items.len() < crate::offline::kinds::LISTED {
            reply.items.push(format!(
                "{}: “{sentence}” {}",
                say::day(e.date),
                store.cite(e)
            ));
        }
        reply.used(&e.source);
    }
    Some(reply)
}

/// Whether no act narrowed the sentences: then fewer sentences than rows are no answer.
fn acted_none(act: &[String], told: &[(String, crate::vault::Entry)]) -> bool {
    !told.iter().any(|(sentence, _)| {
        let lower = sentence.to_lowercase();
        act.iter().any(|a| lookup::holds(a, &lower))
    })
}

/// Whether `text` (lowercase) names `value`: a phrase as whole words, a word as
/// [`lookup::holds`] finds it.
fn names(value: &str, text: &str) -> bool {
    if value.contains(' ') {
        find_word(text, value).is_some()
    } else {
        lookup::holds(value, text)
    }
}

/// A value without who it was with (`sushi w/ marco`, `salad (priya)`: `sushi`, `salad`).
fn core_of(value: &str) -> String {
    let mut words: Vec<&str> = Vec::new();
    for word in value.split_whitespace() {
        if word.starts_with('(') || lexicon().with.iter().any(|w| w == word) {
            break;
        }
        words.push(word);
    }
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::core_of;

    #[test]
    fn a_value_without_its_companions() {
        assert_eq!(core_of("sushi w/ marco"), "sushi");
        assert_eq!(core_of("salad (priya)"), "salad");
        assert_eq!(core_of("bacalhau com o joão"), "bacalhau");
        assert_eq!(core_of("dune messiah"), "dune messiah");
    }
}
