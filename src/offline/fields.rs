//! Fields: what a note states as `key: value`. Dataview's `mood:: 7`, a meal line `D:
//! green curry` (or several on one line, `B: toast / L: salad / D: pizza`), `Location:
//! Lisbon`. A question that names a key, or a word the lexicon gives for it (`dinner` for
//! `D`, `where` for `location`, `저녁`, `cena`), is answered by its values, newest first.

use chrono::NaiveDate;

use super::kinds::{day, Reply};
use super::read::lexicon::lexicon;
use super::read::words::find_word;
use super::say::t;
use crate::domains::has_spaceless;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// One value of a key, where it was written.
#[derive(Debug, Clone)]
pub struct Stated {
    pub key: String,
    pub value: String,
    pub date: NaiveDate,
    pub entry: Entry,
}

/// The `key: value` pairs of a text, keys lowercase: one per line, or several on a line
/// split by ` / `, ` · ` or ` | `.
pub fn pairs(text: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim().trim_start_matches(['-', '*', '+']).trim_start();
        let parts = line
            .split(" / ")
            .flat_map(|p| p.split(" · "))
            .flat_map(|p| p.split(" | "));
        for part in parts {
            if let Some(pair) = pair(part) {
                out.push(pair);
            }
        }
    }
    out
}

/// `Dinner: curry`, `mood:: 7`: a key of at most three words starting with a letter, a
/// colon, a value. Not a link (`https:`) nor a clock (`07:30`).
fn pair(part: &str) -> Option<(String, String)> {
    let (key, value) = part.split_once(':')?;
    let clock = key.ends_with(|c: char| c.is_ascii_digit())
        && value.starts_with(|c: char| c.is_ascii_digit());
    if clock {
        return None;
    }
    let value = value.trim_start_matches(':').trim();
    let key = key.trim().trim_matches('*').trim();
    if value.is_empty()
        || value.starts_with("//")
        || !key.chars().next()?.is_alphabetic()
        || key.split_whitespace().count() > 3
        || key.chars().count() > 24
    {
        return None;
    }
    Some((
        key.to_lowercase(),
        value.trim_matches('*').trim().to_string(),
    ))
}

/// The keys a question names: each field whose question words it holds (with its one-
/// letter note keys), and any other word of it as a key of its own. The second list holds
/// the words it named by themselves.
fn keys_asked(question: &str) -> (Vec<(String, String)>, Vec<String>) {
    let lower = question.to_lowercase();
    let mentions = |w: &str| {
        if has_spaceless(w) {
            lower.contains(w)
        } else {
            w.chars().count() > 1 && find_word(&lower, w).is_some()
        }
    };
    let mut keys = Vec::new();
    for words in lexicon().fields.values() {
        // A one-letter key (`D:`) is shown by the word the question named it with.
        if let Some(named) = words.iter().find(|w| mentions(w)) {
            keys.extend(words.iter().map(|w| (w.clone(), named.clone())));
        }
    }
    let q = &lexicon().questions;
    let own: Vec<String> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3 && !q.function.iter().any(|f| f == w))
        .map(str::to_string)
        .collect();
    (keys, own)
}

/// The values of the keys `question` names in the entries of `span`, newest first. Only
/// a key the lexicon knows reads every entry of the span; a key named by itself is looked
/// up in the full-text index first.
pub fn find(store: &Store, question: &str, span: (NaiveDate, NaiveDate)) -> Vec<Stated> {
    let (mut keys, own) = keys_asked(question);
    let entries = if keys.is_empty() {
        if own.is_empty() {
            return Vec::new();
        }
        let search = KeywordSearch {
            groups: vec![own.clone()],
            match_all: false,
            range: Some(span),
        };
        store.search(&search).unwrap_or_default()
    } else {
        store.entries_by_date_range(span.0, span.1)
    };
    keys.extend(own.into_iter().map(|w| (w.clone(), w)));
    let mut out = Vec::new();
    for entry in entries.into_iter().filter(|e| e.log) {
        for (key, value) in pairs(&entry.text) {
            if let Some((_, named)) = keys.iter().find(|(k, _)| *k == key) {
                let key = if key.chars().count() > 1 {
                    key
                } else {
                    named.clone()
                };
                out.push(Stated {
                    key,
                    value,
                    date: entry.date,
                    entry: entry.clone(),
                });
            }
        }
    }
    out.sort_by_key(|s| std::cmp::Reverse((s.date, s.entry.time)));
    out
}

/// The answer: the newest value first, each value cited.
pub fn reply(store: &Store, found: &[Stated]) -> Option<Reply> {
    let newest = found.first()?;
    let mut r = Reply::default();
    r.head.push(t(
        "field_value",
        &[
            ("value", &newest.value),
            ("key", &newest.key),
            ("date", &super::say::full_day(newest.date)),
            ("link", &store.cite(&newest.entry)),
        ],
    ));
    if found.len() > 1 {
        for s in found {
            r.items.push(format!(
                "{}: {} ({}) {}",
                day(s.date),
                s.value,
                s.key,
                store.cite(&s.entry)
            ));
        }
    }
    for s in found {
        r.used(&s.entry.source);
    }
    Some(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_and_values_of_meal_lines_and_inline_fields() {
        let got = pairs("- B: oats with banana\nB: toast / L: salad / D: pizza\nmood:: 7\n**Location:** Lisbon\nat 07:30 ran\nsee https://x.org");
        let want: Vec<(String, String)> = [
            ("b", "oats with banana"),
            ("b", "toast"),
            ("l", "salad"),
            ("d", "pizza"),
            ("mood", "7"),
            ("location", "Lisbon"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn a_question_names_a_key_by_a_word_of_any_language() {
        for (q, key) in [
            ("what did I have for dinner on Tuesday", "d"),
            ("¿qué cené el martes?", "cena"),
            ("화요일 저녁 뭐 먹었지?", "저녁"),
            ("where was I on Tuesday", "location"),
            ("what was my mood on Tuesday", "mood"),
        ] {
            let (named, own) = keys_asked(q);
            let keys: Vec<String> = named.into_iter().map(|(k, _)| k).chain(own).collect();
            assert!(keys.contains(&key.to_string()), "{q}: {keys:?}");
        }
        assert!(!keys_asked("what did I do").0.iter().any(|(k, _)| k == "d"));
    }
}
