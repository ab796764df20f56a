//! Places gone to (DESIGN §4.0): a sentence with a verb of going names where, after the
//! verb and a word of direction (`Flew to Copenhagen`, `Parti à Marseille`, `nach Wien
//! gefahren`), or before a particle of direction in Japanese and Korean (`飛行機で札幌へ`,
//! `부산에 갔다`). "Where did I travel in July" names the place of the period's trips, the
//! one its notes name on the most days first.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::plan;
use crate::domains::has_spaceless;
use crate::offline::answer::Frame;
use crate::offline::cues;
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// The places the period's trips went to, or `None` when the question does not ask where
/// it went, or no sentence of the period tells a trip.
pub fn answer(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    let asks_where = (lex.fields.get("location")).is_some_and(|words| cues::has(&q, words));
    if !asks_where || !lex.went.iter().any(|w| lookup::holds(w, &q)) {
        return None;
    }
    let range = frame.query.range.as_ref();
    let (start, end) = range.map_or((NaiveDate::MIN, NaiveDate::MAX), |r| (r.start, r.end));
    let entries: Vec<Entry> = store
        .entries_by_date_range(start, end)
        .into_iter()
        .filter(|e| e.log)
        .collect();
    let mut places: Vec<String> = Vec::new();
    for e in &entries {
        for sentence in super::companions::sentences(&e.text) {
            for place in destinations(sentence) {
                if !places.contains(&place) {
                    places.push(place);
                }
            }
        }
    }
    // Each place with the days its period's notes name it on.
    let mut days: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
    for place in &places {
        let named: Vec<&Entry> = entries
            .iter()
            .filter(|e| e.text.contains(place.as_str()))
            .collect();
        days.insert(place, named);
    }
    let mut ranked: Vec<(&str, Vec<&Entry>)> = days.into_iter().collect();
    ranked.sort_by_key(|(place, named)| {
        let mut dates: Vec<NaiveDate> = named.iter().map(|e| e.date).collect();
        dates.dedup();
        (
            std::cmp::Reverse(dates.len()),
            places.iter().position(|p| p == place),
        )
    });
    let (top, named) = ranked.first()?;
    let (first, last) = (named.first()?, named.last()?);
    let mut reply = Reply::default();
    let span = match first.date == last.date {
        true => say::day(first.date),
        false => format!("{} – {}", say::day(first.date), say::day(last.date)),
    };
    reply.head.push(t(
        "places_went",
        &[
            ("place", top),
            ("when", when),
            ("span", &span),
            ("link", &store.cite(first)),
        ],
    ));
    for (place, named) in &ranked {
        let Some(e) = named.first() else { continue };
        reply
            .items
            .push(format!("{place}: {} {}", say::day(e.date), store.cite(e)));
        reply.used(&e.source);
    }
    reply.items.truncate(crate::offline::kinds::LISTED);
    Some(reply)
}

/// The places a sentence says were gone to.
fn destinations(sentence: &str) -> Vec<String> {
    let lex = lexicon();
    let lower = sentence.to_lowercase();
    let going = || lex.went.iter().chain(&lex.travel_by);
    if !cues::has(&lower, &lex.went) && !cues::has(&lower, &lex.travel_by) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let words: Vec<&str> = sentence.split_whitespace().collect();
    for (i, word) in words.iter().enumerate() {
        let bare = word.to_lowercase();
        let bare = bare.trim_matches(|c: char| !c.is_alphanumeric() && c != '\'');
        if !going().any(|w| w == bare) {
            continue;
        }
        let mut j = i + 1;
        let toward = |w: &str| lex.toward.iter().any(|t| t == &w.to_lowercase());
        if !words.get(j).is_some_and(|w| toward(w)) {
            continue;
        }
        j += 1;
        let capital = |w: &str| w.chars().next().is_some_and(char::is_uppercase);
        let mut place: Vec<&str> = Vec::new();
        while let Some(w) = words.get(j) {
            let name = w.trim_end_matches([',', '.', '!', '?', ';', ':', ')']);
            if !capital(name) {
                break;
            }
            place.push(name);
            if name.len() != w.len() {
                break;
            }
            j += 1;
        }
        if !place.is_empty() {
            out.push(place.join(" "));
        }
    }
    // `飛行機で札幌へ`, `부산에 갔다`: the name before a particle of direction.
    names_before(sentence, &lex.toward, &mut out);
    out
}

/// Adds to `out` the names (two letters or more, not yet in it) that stand right before one
/// of `particles` of a spaceless script in `sentence` (`札幌へ`, `近江町市場で`, `성수동에서`).
pub(super) fn names_before(sentence: &str, particles: &[String], out: &mut Vec<String>) {
    for particle in particles.iter().filter(|p| has_spaceless(p)) {
        for (at, _) in sentence.match_indices(particle.as_str()) {
            let before = &sentence[..at];
            let start = (before.char_indices().rev())
                .take_while(|(_, c)| is_place_char(*c))
                .last()
                .map_or(before.len(), |(i, _)| i);
            let place = &before[start..];
            if place.chars().count() >= 2 && !out.iter().any(|p| p == place) {
                out.push(place.to_string());
            }
        }
    }
}

/// A letter of a place's name in Japanese, Korean or Chinese: ideographs, katakana, Hangul.
pub(super) fn is_place_char(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
        || ('\u{30A0}'..='\u{30FF}').contains(&c)
        || crate::offline::read::is_hangul(c)
}

#[cfg(test)]
mod tests {
    use super::destinations;

    #[test]
    fn places_gone_to_in_several_writings() {
        assert_eq!(
            destinations("Flew to Copenhagen after work"),
            ["Copenhagen"]
        );
        assert_eq!(destinations("flew to Lisbon (Gatwick, 07:05)"), ["Lisbon"]);
        assert_eq!(
            destinations("Parti à Marseille en train pour le week-end"),
            ["Marseille"]
        );
        assert_eq!(destinations("飛行機で札幌へ"), ["札幌"]);
        assert_eq!(destinations("flight to Lisbon"), ["Lisbon"]);
        assert!(destinations("Went to bed early").is_empty());
    }
}
