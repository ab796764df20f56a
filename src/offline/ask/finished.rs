//! Titles finished (DESIGN §4.0): a title set apart in a sentence that says it was finished
//! (`Done with *Stoner*`, `Terminé *Vernon Subutex* !`, `『キッチン』読了`) is an event of
//! that day, with no number. "Which book did I finish in April" names them; "when did I
//! finish The Overstory" dates the one the question names.

use std::sync::OnceLock;

use chrono::NaiveDate;
use regex::Regex;

use super::plan;
use crate::offline::answer::Frame;
use crate::offline::cues;
use crate::offline::kinds::Reply;
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::words::find_word;
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// The titles finished in the question's period, or the day the title it names was; `None`
/// when the question asks neither or no sentence tells one.
pub fn answer(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    if !says_finished(&q) {
        return None;
    }
    let (start, end) = match frame.query.range.as_ref() {
        Some(r) => (r.start, r.end),
        None => (NaiveDate::MIN, NaiveDate::MAX),
    };
    let done = finished_between(store, start, end);
    let mut reply = Reply::default();
    let names = |d: &&Done| {
        let title = d.title.to_lowercase();
        title.chars().count() >= 3 && find_word(&q, &title).is_some()
    };
    if let Some(named) = done.iter().rev().find(names) {
        reply.head.push(t(
            "rows_date",
            &[
                ("date", &super::day(named.date)),
                ("detail", &format!(": “{}”", named.sentence)),
                ("link", &store.cite(&named.entry)),
            ],
        ));
        reply.used(&named.entry.source);
        return Some(reply);
    }
    if done.is_empty() || !cues::has(&q, &lex.works) {
        return None;
    }
    let mut titles: Vec<&str> = Vec::new();
    for d in &done {
        if !titles.contains(&d.title.as_str()) {
            titles.push(&d.title);
        }
        reply
            .items
            .push(super::told_item(store, d.date, &d.sentence, &d.entry));
        reply.used(&d.entry.source);
    }
    // One title is told with its day; more with theirs below.
    let (day, link) = match (&titles[..], &done[..]) {
        ([_], [d, ..]) => (say::day(d.date), store.cite(&d.entry)),
        (_, [first, .., last]) => (
            format!("{} – {}", say::day(first.date), say::day(last.date)),
            String::new(),
        ),
        _ => (String::new(), String::new()),
    };
    let head = t(
        "titles_finished",
        &[
            ("titles", &titles.join("**, **")),
            ("when", when),
            ("day", &day),
            ("link", &link),
        ],
    );
    reply.head.push(head.trim_end().to_string());
    reply.items.truncate(crate::offline::kinds::LISTED);
    Some(reply)
}

/// Whether `text` (lowercase) says something was finished.
fn says_finished(text: &str) -> bool {
    cues::has(text, &lexicon().finished_work)
}

/// A title finished on a day: the sentence that says so, and its entry.
struct Done {
    date: NaiveDate,
    title: String,
    sentence: String,
    entry: Entry,
}

/// The titles the period's log entries say were finished, oldest first.
fn finished_between(store: &Store, start: NaiveDate, end: NaiveDate) -> Vec<Done> {
    let mut out = Vec::new();
    for entry in store.entries_by_date_range(start, end) {
        if !entry.log {
            continue;
        }
        for sentence in super::companions::sentences(&entry.text) {
            if !says_finished(&sentence.to_lowercase()) {
                continue;
            }
            let mut set_apart = titles(sentence);
            if set_apart.is_empty() {
                set_apart.extend(capitalised_after_finish(sentence));
            }
            for title in set_apart {
                out.push(Done {
                    date: entry.date,
                    title,
                    sentence: sentence.to_string(),
                    entry: entry.clone(),
                });
            }
        }
    }
    out
}

/// The titles a sentence sets apart: in italics or bold, quotes, or Japanese brackets.
pub(super) fn titles(sentence: &str) -> Vec<String> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r#"\*{1,2}([^*]+?)\*{1,2}|\b_([^_]+?)_\b|『([^』]+)』|《([^》]+)》|「([^」]+)」|«\s*([^»]+?)\s*»|“([^”]+)”|"([^"]+)""#)
            .expect("title pattern compiles")
    });
    re.captures_iter(sentence)
        .filter_map(|c| c.iter().skip(1).flatten().next())
        .map(|m| m.as_str().trim().to_string())
        .filter(|t| t.chars().any(char::is_alphanumeric))
        .collect()
}

/// `finished The Overstory`: the capitalised words after a word of finishing, small words
/// between them kept (`The Name of the Wind`).
fn capitalised_after_finish(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let lower: Vec<String> = words.iter().map(|w| w.to_lowercase()).collect();
    let finish = lexicon().finished_work.iter().find_map(|f| {
        let parts: Vec<&str> = f.split_whitespace().collect();
        (0..lower.len())
            .find(|&i| (parts.iter().zip(&lower[i..])).all(|(p, w)| w.trim_matches(':') == *p))
            .filter(|&i| i + parts.len() <= lower.len())
            .map(|i| i + parts.len())
    })?;
    let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
    let mut title: Vec<&str> = Vec::new();
    for word in &words[finish..] {
        let bare = word.trim_end_matches([',', '.', '!', '?', ';', ':', ')']);
        let small = bare.chars().count() <= 3 && !title.is_empty();
        if !capital(bare) && !small {
            break;
        }
        title.push(bare);
        if bare.len() != word.len() {
            break;
        }
    }
    while title.last().is_some_and(|w| !capital(w)) {
        title.pop();
    }
    (!title.is_empty()).then(|| title.join(" "))
}

#[cfg(test)]
mod tests {
    use super::titles;

    #[test]
    fn titles_set_apart_in_several_writings() {
        assert_eq!(titles("Done with *Stoner*, mixed feelings"), ["Stoner"]);
        assert_eq!(titles("Terminé **Vernon Subutex** !"), ["Vernon Subutex"]);
        assert_eq!(titles("『キッチン』読了"), ["キッチン"]);
        assert_eq!(titles("fini « Les Choses » ce soir"), ["Les Choses"]);
        assert!(titles("finished the run").is_empty());
        let after = super::capitalised_after_finish;
        assert_eq!(
            after("finished The Name of the Wind, at last").as_deref(),
            Some("The Name of the Wind")
        );
        assert_eq!(after("finished the run"), None);
    }
}
