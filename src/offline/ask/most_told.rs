//! Which one most often (DESIGN §4.0, the argmax of a group of events): the members of a
//! group are counted in the sentences of the period's log that tell the question's act.
//! "Which plant did I water most" counts each value of the field the question names (a
//! table's `Planta`) in the sentences that tell watering (`- lunes: regué los tomates`);
//! "where did I eat out most often", "¿en qué restaurante comí más veces?" count the places
//! those sentences name after a word of place (`Lunch at Dosa Corner`, `Comí en El Rincón
//! de Jaén`, `近江町市場で海鮮丼`).

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::plan::{self, Op, Plan};
use super::table::{self, Table};
use crate::domains::has_spaceless;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::own_log_text;
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// A sentence of the log that tells the act and names a member of the group.
struct Told {
    member: String,
    sentence: String,
    entry: Entry,
}

/// `which plant did I water most`: the value of the plan's text field that the most
/// sentences of the period telling the question's act name. `None` when the question asks
/// for no most, its target is no text field, or no word of it outside the table's fields
/// and values is told beside a value.
pub fn of_field(
    store: &Store,
    frame: &Frame,
    plan: &Plan,
    table: &Table,
    when: &str,
) -> Option<Reply> {
    let q = plan::words_of(frame);
    if !matches!(plan.op, Op::Max | Op::Count | Op::Mode)
        || !cues::asks(&q, Cue::Best)
        || !plan.filters.is_empty()
    {
        return None;
    }
    let column = table.columns.get(plan.target.as_ref()?)?;
    // A field whose values come again (authors of books) has a most written of its own;
    // one that writes each once (a table of plants) is a list of what the log tells of.
    if !column.is_text() || column.values.len() < column.texts {
        return None;
    }
    let act = act_words(&q, table);
    if act.is_empty() {
        return None;
    }
    let period = plan.period.unwrap_or((NaiveDate::MIN, NaiveDate::MAX));
    let told = tell(store, &act, period, |_, lower| {
        (column.values.iter())
            .filter(|(k, _)| names(k, lower))
            .map(|(_, v)| v.clone())
            .collect()
    });
    reply(store, told, when)
}

/// `when was the first harvest of the zucchini`, `when did I last feed the roses`: the
/// first or last sentence of the log that names the plan's values and tells the act the
/// question names, when no row holding the values tells it (a table of plants dates
/// their planting, not their harvest). `None` when the plan asks for no such day.
pub fn first_or_last(store: &Store, frame: &Frame, plan: &Plan, table: &Table) -> Option<Reply> {
    if !matches!(plan.op, Op::First | Op::Latest) || plan.filters.is_empty() {
        return None;
    }
    let q = plan::words_of(frame);
    let act = act_words(&q, table);
    let values: Vec<&str> = plan.filters.iter().map(|(_, v)| v.as_str()).collect();
    let rows_tell = table.recs.iter().any(|r| {
        let text = r
            .fields
            .iter()
            .map(|f| f.text.to_lowercase())
            .collect::<Vec<_>>()
            .join(" ");
        values.iter().all(|v| names(v, &text)) && act.iter().any(|a| lookup::holds(a, &text))
    });
    if act.is_empty() || rows_tell {
        return None;
    }
    let period = plan.period.unwrap_or((NaiveDate::MIN, NaiveDate::MAX));
    let told = tell(store, &act, period, |sentence, lower| {
        match values.iter().all(|v| names(v, lower)) {
            true => vec![sentence.to_string()],
            false => Vec::new(),
        }
    });
    let pick = match plan.op {
        Op::First => told.first()?,
        _ => told.last()?,
    };
    let mut reply = Reply::default();
    reply.head.push(t(
        "rows_date",
        &[
            ("date", &super::day(pick.entry.date)),
            ("detail", &format!(": “{}”", pick.sentence)),
            ("link", &store.cite(&pick.entry)),
        ],
    ));
    for t in told.iter().rev().take(crate::offline::kinds::LISTED) {
        reply.items.push(format!(
            "{}: “{}” {}",
            say::day(t.entry.date),
            t.sentence,
            store.cite(&t.entry)
        ));
        reply.used(&t.entry.source);
    }
    Some(reply)
}

/// The words of the question `q` that name no field and no value of the table: what it
/// says was done (`regado`, `cosecha`).
pub(super) fn act_words(q: &str, table: &Table) -> Vec<String> {
    let names_field = |w: &str| {
        table.columns.contains_key(&table::field_key(w))
            || (table.columns.values()).any(|c| {
                c.values
                    .keys()
                    .any(|v| v.split_whitespace().any(|x| x == w))
            })
    };
    // A word glued to a value names it too (`sull'argine`).
    let names = |term: &str| {
        names_field(term)
            || (term.split(|c: char| !c.is_alphanumeric()))
                .any(|part| part != term && names_field(part))
    };
    lookup::terms(q).into_iter().filter(|w| !names(w)).collect()
}

/// `where did I eat out most often`, `¿en qué restaurante comí más veces?`: the place the
/// most sentences of the period telling the act name. A question about eating is told by
/// any sentence of a meal. `None` when the question asks for no place or no most.
pub fn places(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    let place_words: Vec<&String> = (lex.fields.get("location").into_iter().flatten())
        .chain(&lex.place_nouns)
        .collect();
    if !cues::has(&q, &place_words) || !cues::asks(&q, Cue::Best) {
        return None;
    }
    let act: Vec<String> = if cues::asks(&q, Cue::Eat) || cues::asks(&q, Cue::Meals) {
        (cues::words(Cue::Eat).iter())
            .chain(cues::words(Cue::Meals))
            .cloned()
            .collect()
    } else {
        let asked: Vec<String> = place_words.iter().map(|w| w.to_lowercase()).collect();
        lookup::terms(&q)
            .into_iter()
            .filter(|w| !asked.contains(w))
            .collect()
    };
    let (start, end) =
        (frame.query.range.as_ref()).map_or((NaiveDate::MIN, NaiveDate::MAX), |r| (r.start, r.end));
    let told = tell(store, &act, (start, end), |sentence, _| {
        named_places(sentence)
    });
    reply(store, told, when)
}

/// The sentences of the period's own log that tell one of `act` (every sentence when it
/// is empty), each with the members `members` finds in it (given the sentence as written
/// and lowercase).
fn tell(
    store: &Store,
    act: &[String],
    (start, end): (NaiveDate, NaiveDate),
    members: impl Fn(&str, &str) -> Vec<String>,
) -> Vec<Told> {
    let terms: Vec<&str> = act.iter().map(String::as_str).collect();
    let entries = match terms.is_empty() {
        true => None,
        false => lookup::entries_holding(store, &terms, (start, end)),
    }
    .unwrap_or_else(|| store.entries_by_date_range(start, end));
    let mut told = Vec::new();
    for entry in entries.into_iter().filter(|e| e.log) {
        let own = own_log_text(&entry.text);
        let raw_lower = entry.text.to_lowercase();
        for lower in super::companions::sentences(&own) {
            if !terms.is_empty() && !terms.iter().any(|t| lookup::holds(t, lower)) {
                continue;
            }
            let sentence = as_written(&entry.text, &raw_lower, lower);
            for member in members(sentence, lower) {
                told.push(Told {
                    member,
                    sentence: sentence.to_string(),
                    entry: entry.clone(),
                });
            }
        }
    }
    told
}

/// `lower` (a sentence of the lowercase own log of `text`) as `text` writes it, capitals
/// and all; `lower` itself when it cannot be found so.
fn as_written<'t>(text: &'t str, text_lower: &str, lower: &'t str) -> &'t str {
    let same_bytes = text_lower.len() == text.len();
    match text_lower.find(lower) {
        Some(at) if same_bytes => text.get(at..at + lower.len()).unwrap_or(lower),
        _ => lower,
    }
}

/// The member told most often, with how often and the others'; `None` when none is told
/// or two share the most.
fn reply(store: &Store, told: Vec<Told>, when: &str) -> Option<Reply> {
    let mut tally: BTreeMap<String, (usize, &str)> = BTreeMap::new();
    for t in &told {
        tally
            .entry(table::key(&t.member))
            .or_insert((0, &t.member))
            .0 += 1;
    }
    let mut ranked: Vec<(usize, &str)> = tally.into_values().collect();
    ranked.sort_by_key(|(n, member)| (std::cmp::Reverse(*n), *member));
    tracing::debug!("most told: {:?}", &ranked[..ranked.len().min(4)]);
    let &(n, top) = ranked.first()?;
    if ranked.get(1).is_some_and(|(m, _)| *m == n) {
        return None;
    }
    let others: Vec<String> = (ranked.iter().take(6))
        .map(|(n, member)| format!("{member} {n}"))
        .collect();
    let mut reply = Reply::default();
    let count = say::count(n, "time");
    reply.head.push(t(
        "events_most",
        &[
            ("what", top),
            ("n", &count),
            ("when", when),
            ("all", &others.join(", ")),
        ],
    ));
    let mine: Vec<&Told> = (told.iter())
        .filter(|t| table::key(&t.member) == table::key(top))
        .collect();
    let inputs = (mine.iter())
        .map(|t| Input {
            value: t.sentence.clone(),
            number: 1.0,
            date: t.entry.date,
            link: store.cite(&t.entry),
        })
        .collect();
    reply.provenance.push(Provenance::with(
        Operation::Count,
        n.to_string(),
        inputs,
        when,
    ));
    for t in mine.iter().rev().take(crate::offline::kinds::LISTED) {
        reply.items.push(format!(
            "{}: “{}” {}",
            say::day(t.entry.date),
            t.sentence,
            store.cite(&t.entry)
        ));
    }
    for t in &told {
        reply.used(&t.entry.source);
    }
    Some(reply)
}

/// Whether `text` (lowercase) names `value`: a phrase as whole words, a word as
/// [`lookup::holds`] finds it.
fn names(value: &str, text: &str) -> bool {
    match value.contains(' ') {
        true => crate::offline::read::find_word(text, value).is_some(),
        false => lookup::holds(value, text),
    }
}

/// The places a sentence names after a word of place: a run of capitalised words, which
/// small lowercase words may join (`at Dosa Corner`, `en El Rincón de Jaén`, `at the Green
/// Bowl`); in Japanese and Korean the name before the particle (`近江町市場で`,
/// `성수동에서`). Months and weekdays are no places (`in May`).
fn named_places(sentence: &str) -> Vec<String> {
    let lex = lexicon();
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let bare = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'')
            .to_string()
    };
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let mut out = Vec::new();
    for (i, word) in words.iter().enumerate() {
        if !lex.at_place.contains(&bare(word).to_lowercase()) || has_spaceless(word) {
            continue;
        }
        let mut j = i + 1;
        // One small word before the name (`the`, `el`): the name starts after it.
        if words
            .get(j)
            .is_some_and(|w| !capital(w) && w.chars().count() <= 3)
            && words.get(j + 1).is_some_and(|w| capital(w))
        {
            j += 1;
        }
        let mut name: Vec<String> = Vec::new();
        while let Some(w) = words.get(j) {
            let word = bare(w);
            let joins = !capital(&word)
                && word.chars().count() <= 3
                && !name.is_empty()
                && words.get(j + 1).is_some_and(|n| capital(n));
            // A number after the name is part of it (`Pho 88`).
            let numbered = !name.is_empty() && word.chars().all(|c| c.is_ascii_digit());
            if word.is_empty() || !(capital(&word) || joins || numbered) {
                break;
            }
            name.push(word);
            // A mark after the word ends the name (`Corner.`, `Jaén,`).
            if w.trim_end_matches(|c: char| c.is_alphanumeric() || c == '\'')
                .len()
                < w.len()
                && w.ends_with(|c: char| !c.is_alphanumeric())
            {
                break;
            }
            j += 1;
        }
        let calendar = |w: &String| {
            crate::vault::dating::month(w).is_some()
                || crate::vault::dating::weekday_index(&w.to_lowercase()).is_some()
        };
        if !(name.is_empty() || name.len() == 1 && calendar(&name[0])) {
            out.push(name.join(" "));
        }
    }
    // `近江町市場で`, `성수동에서`: the name before a particle of place.
    super::trips::names_before(sentence, &lex.at_place, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::named_places;

    #[test]
    fn places_named_in_several_writings() {
        assert_eq!(
            named_places("Lunch at Dosa Corner with Dev."),
            ["Dosa Corner"]
        );
        assert_eq!(named_places("Lunch at Pho 88 with Marcus"), ["Pho 88"]);
        assert_eq!(
            named_places("Comí sola en El Rincón de Jaén, muy bien."),
            ["El Rincón de Jaén"]
        );
        assert_eq!(named_places("Dinner at the Green Bowl"), ["Green Bowl"]);
        assert_eq!(named_places("Almocei no Café Central"), ["Café Central"]);
        assert_eq!(named_places("昼は近江町市場で海鮮丼"), ["近江町市場"]);
        assert!(named_places("Ran 5 km in May").is_empty());
        assert!(named_places("Lunch at home").is_empty());
    }
}
