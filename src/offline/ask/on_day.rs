//! What, where or who of one day (`what did I do for Becker on 12.03.`, `where was I on
//! June 17`, `who did I have dinner with on 22 April`): the lines of that day's notes the
//! question's words point to, quoted whole. A line is pointed to by a topic word in it or
//! in the heading above it (`## Travel` over `Day 3 in Vancouver`); a question of where
//! also by a place the line is at (`in Vancouver`, `en Lisboa`, `在成都`, `부산에서`).

use super::plan;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::t;
use crate::vault::Store;

/// How many days back a title read is looked for when the day names none.
const LOOK_BACK: u64 = 30;

/// A line longer than this many letters is quoted a sentence at a time.
const LONG: usize = 80;

/// At most this many lines are quoted.
const QUOTED: usize = 3;

/// The day's lines the question points to, or `None` when it asks no what, where or who of
/// one day, asks a number, or no line of the day is pointed to.
pub fn answer(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let range = frame.query.range.as_ref()?;
    if range.start != range.end {
        return None;
    }
    // A measure the readers know (`my pace on June 4`) is theirs to answer, but where it
    // was done (`where did I run on May 18`) is the day's line.
    let typed = frame
        .query
        .metrics
        .first()
        .is_some_and(|m| !matches!(m, crate::offline::query::Metric::Measure { .. }));
    let q = plan::words_of(frame);
    let lex = lexicon();
    let place_words = lex.fields.get("location");
    let asks_where = place_words.is_some_and(|w| cues::has(&q, w));
    let asks_what = cues::has(&q, &lex.questions.what) || cues::has(&q, &lex.questions.who);
    // A number asked (`how many`, `何回`), the word `what` aside (`何` alone is `what`).
    let mut unasked = q
        .trim_end_matches(|c: char| !c.is_alphanumeric())
        .to_string();
    for w in &lex.questions.what {
        if unasked.ends_with(w.as_str()) {
            unasked.truncate(unasked.len() - w.len());
        }
    }
    let asks_number = [
        Cue::Count,
        Cue::HowMany,
        Cue::Average,
        Cue::Best,
        Cue::Least,
    ]
    .iter()
    .any(|c| cues::asks(&unasked, *c));
    tracing::debug!("one day: where {asks_where}, what {asks_what}, number {asks_number}");
    if !(asks_where || asks_what) || asks_number || typed && !asks_where {
        return None;
    }
    let asked: Vec<&String> = lex
        .questions
        .what
        .iter()
        .chain(&lex.questions.who)
        .collect();
    let topic: Vec<&Vec<String>> = frame
        .groups
        .iter()
        .filter(|g| {
            g.first()
                .is_some_and(|w| !asked.contains(&w) && !place_words.is_some_and(|p| p.contains(w)))
        })
        .collect();
    // `which book was I reading`: a title set apart in a line (`«La sombra del viento»`,
    // `《置身事内》`) answers it, that day's or, where the day names none, the last before.
    let works = cues::has(&q, &lex.works);
    let titled = |line: &str| works && !super::finished::titles(line).is_empty();
    let day = range.start;
    let back = day - chrono::Days::new(LOOK_BACK);
    let last_titled = || {
        store
            .entries_by_date_range(back, day)
            .into_iter()
            .filter(|e| e.log && e.text.lines().any(titled))
            .max_by_key(|e| e.date)
    };
    let mut entries = store.entries_by_date_range(day, day);
    let mut scored = pointed(store, &entries, &topic, asks_where, &titled);
    if works && scored.is_empty() {
        entries.extend(last_titled());
        scored = pointed(store, &entries, &topic, asks_where, &titled);
    }
    let best = scored.iter().map(|(s, _, _)| *s).max()?;
    let lines: Vec<&(usize, String, String)> = scored
        .iter()
        .filter(|(s, _, _)| *s == best)
        .take(QUOTED)
        .collect();
    let mut reply = Reply::default();
    let quoted: Vec<String> = lines
        .iter()
        .map(|(_, line, link)| format!("**{line}** {link}"))
        .collect();
    reply.head.push(t(
        "on_day",
        &[("when", when), ("lines", &quoted.join(" · "))],
    ));
    for e in &entries {
        if lines.iter().any(|(_, _, link)| *link == store.cite(e)) {
            reply.used(&e.source);
        }
    }
    Some(reply)
}

/// The lines of `entries` the question points to: (how strongly, the line, its link).
fn pointed(
    store: &Store,
    entries: &[crate::vault::Entry],
    topic: &[&Vec<String>],
    asks_where: bool,
    titled: &dyn Fn(&str) -> bool,
) -> Vec<(usize, String, String)> {
    let mut scored: Vec<(usize, String, String)> = Vec::new();
    for e in entries {
        if !e.log {
            continue;
        }
        let mut heading = e
            .heading
            .as_deref()
            .or(e.under.as_deref())
            .unwrap_or("")
            .to_lowercase();
        for line in e.text.lines() {
            let t = line.trim();
            if let Some(title) = t.strip_prefix('#') {
                heading = title.trim_start_matches('#').trim().to_lowercase();
                continue;
            }
            let quoted = t.trim_start_matches(['-', '*', '+', ' ']);
            let quoted = quoted
                .strip_prefix("[x]")
                .or_else(|| quoted.strip_prefix("[X]"))
                .unwrap_or(quoted)
                .trim();
            if quoted.is_empty() || crate::offline::read::plans::is_open_task(line) {
                continue;
            }
            // A paragraph of prose is quoted a sentence at a time.
            let parts: Vec<&str> = match quoted.chars().count() > LONG {
                true => super::companions::sentences(quoted).collect(),
                false => vec![quoted],
            };
            for quoted in parts {
                let lower = quoted.to_lowercase();
                let topical = topic
                    .iter()
                    .filter(|g| {
                        g.iter()
                            .any(|w| lookup::holds(w, &lower) || lookup::holds(w, &heading))
                    })
                    .count();
                let score = 2 * topical
                    + 2 * usize::from(titled(quoted))
                    + usize::from(asks_where && placed(quoted));
                if score > 0 {
                    scored.push((score, quoted.to_string(), store.cite(e)));
                }
            }
        }
    }
    scored
}

/// Whether a line tells a place one is at: a word of place (`in`, `en`, `chez`) before a
/// name (`Day 3 in Vancouver`), or one after a place in a script without capitals
/// (`在成都`, `부산에서`, `金沢で`).
fn placed(line: &str) -> bool {
    let at = &lexicon().at_place;
    let words: Vec<&str> = line.split_whitespace().collect();
    let named_after = words.windows(2).any(|pair| {
        at.iter().any(|a| *a == pair[0].to_lowercase())
            && pair[1].chars().next().is_some_and(char::is_uppercase)
    });
    let spaceless = at
        .iter()
        .any(|a| a.chars().all(|c| c >= '\u{3000}') && line.contains(a.as_str()));
    named_after || spaceless
}
