//! Who an event was with (DESIGN §4.0): `Dinner with Marta and Leo at Lisboa`, `Almoço com
//! o João`, `和阿梅吃晚饭`, `친구와 점심`. The people a companion word names are a group of
//! the events: "who did I have dinner with most often in May" counts, per person, the
//! sentences of the period that tell the question's act.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::plan;
use crate::domains::has_spaceless;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::read::lexicon::{lexicon, Lexicon};
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// The person the question's act was done with most often, or `None` when the question
/// asks for no person or no sentence of the period names one.
pub fn answer(store: &Store, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    if !cues::has(&q, &lex.questions.who) || !cues::asks(&q, Cue::Best) {
        return None;
    }
    let mut rest = q.clone();
    for w in &lex.questions.who {
        rest = lookup::replace_word(&rest, w);
    }
    let terms = lookup::terms(&rest);
    let (start, end) = match frame.query.range.as_ref() {
        Some(r) => (r.start, r.end),
        None => (NaiveDate::MIN, NaiveDate::MAX),
    };
    let told: Vec<Told> = store
        .entries_by_date_range(start, end)
        .into_iter()
        .filter(|e| e.log)
        .flat_map(|e| told_in(&e))
        .collect();
    tracing::debug!(
        "companions: terms {terms:?}, {} sentences name someone",
        told.len()
    );
    // The question's words that some sentence with a companion holds: its act (`dinner`,
    // `almocei` for `Almoço`); words no such sentence holds (`often`) are its frame.
    let act: Vec<&String> = terms
        .iter()
        .filter(|term| told.iter().any(|s| lookup::holds(term, &s.lower)))
        .collect();
    if act.is_empty() && !terms.is_empty() {
        return None;
    }
    let with_act: Vec<&Told> = told
        .iter()
        .filter(|s| act.iter().all(|term| lookup::holds(term, &s.lower)))
        .collect();
    let mut tally: BTreeMap<&str, usize> = BTreeMap::new();
    for s in &with_act {
        for who in &s.people {
            *tally.entry(who.as_str()).or_default() += 1;
        }
    }
    let mut ranked: Vec<(&str, usize)> = tally.into_iter().collect();
    ranked.sort_by_key(|(who, n)| (std::cmp::Reverse(*n), *who));
    let (top, n) = *ranked.first()?;
    let all: Vec<String> = ranked.iter().map(|(who, n)| format!("{who} {n}")).collect();
    let mut reply = Reply::default();
    reply.head.push(t(
        "companions_most",
        &[
            ("who", top),
            ("n", &say::count(n, "time")),
            ("when", when),
            ("all", &all.join(", ")),
        ],
    ));
    for s in with_act
        .iter()
        .rev()
        .filter(|s| s.people.iter().any(|p| p == top))
    {
        reply.items.push(format!(
            "{}: “{}” {}",
            say::day(s.date),
            s.sentence,
            store.cite(&s.entry)
        ));
        reply.used(&s.entry.source);
    }
    reply.items.truncate(crate::offline::kinds::LISTED);
    Some(reply)
}

/// A sentence of the person's log that names who they were with.
struct Told {
    date: NaiveDate,
    sentence: String,
    lower: String,
    people: Vec<String>,
    entry: Entry,
}

/// The sentences of an entry that name a companion.
fn told_in(entry: &Entry) -> Vec<Told> {
    sentences(&entry.text)
        .filter_map(|sentence| {
            let people = companions(sentence);
            (!people.is_empty()).then(|| Told {
                date: entry.date,
                sentence: sentence.to_string(),
                lower: sentence.to_lowercase(),
                people,
                entry: entry.clone(),
            })
        })
        .collect()
}

/// The sentences of a text: parted by line ends and sentence marks.
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split(['\n', '.', '!', '?', '。', '！', '？', ';', '；'])
        .map(|s| s.trim().trim_start_matches(['-', '*', ' ']).trim())
        .filter(|s| !s.is_empty())
}

/// The people a sentence names after (or, in Korean and Japanese, before) a companion word.
pub fn companions(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lex = lexicon();
    for marker in &lex.with {
        let found = if !has_spaceless(marker) {
            after_word(sentence, marker, lex)
        } else if marker.chars().all(is_hangul) {
            before_particle(sentence, marker)
        } else if marker == "と" {
            before_to(sentence)
        } else {
            after_ideograph(sentence, marker)
        };
        for who in found {
            if !out.contains(&who) {
                out.push(who);
            }
        }
    }
    out
}

/// `with Marta and Leo at Lisboa`, `com o João`: the capitalised names after the word,
/// articles and possessives skipped, joined by commas or the language files' `joiners`
/// (`and`, `und`, `e`).
fn after_word(sentence: &str, marker: &str, lex: &Lexicon) -> Vec<String> {
    let skip = &lex.possessives;
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let mut out = Vec::new();
    for (i, w) in words.iter().enumerate() {
        if w.to_lowercase() != *marker {
            continue;
        }
        let mut j = i + 1;
        while words
            .get(j)
            .is_some_and(|w| skip.contains(&w.to_lowercase()))
        {
            j += 1;
        }
        while let Some(word) = words.get(j) {
            let name = word.trim_end_matches([',', ':', ';', '.', '!', '?', ')', '"', '»']);
            if !name.chars().next().is_some_and(char::is_uppercase) {
                break;
            }
            out.push(name.to_string());
            if name.len() != word.len() && !word.ends_with(',') {
                break;
            }
            // `Marta and Leo`, `Ana, Rui e Inês`: one more name after a joining word.
            j += 1;
            // `&` joins names in every language; `-` of the number joiners does not.
            let joins = |w: &&str| {
                *w == "&"
                    || w.chars().all(char::is_alphabetic) && lex.joiners.iter().any(|a| a == w)
            };
            if words.get(j).is_some_and(joins) {
                j += 1;
            }
        }
    }
    out
}

/// `친구와 점심`, `민수랑 영화`: the word a companion particle ends, two letters or more.
fn before_particle(sentence: &str, particle: &str) -> Vec<String> {
    sentence
        .split_whitespace()
        .filter_map(|w| w.strip_suffix(particle))
        .filter(|name| name.chars().count() >= 2 && name.chars().all(is_hangul))
        .map(str::to_string)
        .collect()
}

/// `田中さんとランチ`, `ユキと映画`: the name before `と` (an honorific taken off).
fn before_to(sentence: &str) -> Vec<String> {
    let chars: Vec<char> = sentence.chars().collect();
    let mut out = Vec::new();
    for (i, c) in chars.iter().enumerate() {
        if *c != 'と' || i == 0 {
            continue;
        }
        let mut start = i;
        while start > 0 && i - start < 6 && is_name_char(chars[start - 1]) {
            start -= 1;
        }
        let name: String = chars[start..i].iter().collect();
        let name = ["さん", "ちゃん", "くん", "君"]
            .iter()
            .find_map(|h| name.strip_suffix(h))
            .unwrap_or(&name)
            .to_string();
        if name.chars().count() >= 2 {
            out.push(name);
        }
    }
    out
}

/// `和阿梅吃晚饭`, `和小陈、小李一起去`: two or three ideographs after the word, before a
/// verb or a mark; names parted by `、`.
fn after_ideograph(sentence: &str, marker: &str) -> Vec<String> {
    const STOPS: [&str; 24] = [
        "一起", "一块", "去", "吃", "看", "喝", "见", "逛", "聊", "在", "打", "玩", "散", "爬",
        "约", "出", "到", "回", "做", "跑", "游", "骑", "上", "的",
    ];
    let mut out = Vec::new();
    for (at, _) in sentence.match_indices(marker) {
        let mut rest = &sentence[at + marker.len()..];
        loop {
            let mut name = String::new();
            while let Some(c) = rest.chars().next() {
                if !is_ideograph(c)
                    || STOPS.iter().any(|s| rest.starts_with(s))
                    || name.chars().count() == 3
                {
                    break;
                }
                name.push(c);
                rest = &rest[c.len_utf8()..];
            }
            if (2..=3).contains(&name.chars().count()) {
                out.push(name);
            }
            match rest.strip_prefix('、') {
                Some(more) => rest = more,
                None => break,
            }
        }
    }
    out
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c)
}

fn is_ideograph(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// A kanji, katakana or honorific kana of a Japanese name.
fn is_name_char(c: char) -> bool {
    is_ideograph(c) || ('\u{30A0}'..='\u{30FF}').contains(&c) || "さんちゃくん".contains(c)
}

#[cfg(test)]
mod tests {
    use super::companions;

    #[test]
    fn companions_in_several_writings() {
        assert_eq!(
            companions("Dinner with Marta and Leo at Pho Saigon"),
            ["Marta", "Leo"]
        );
        assert_eq!(companions("Almoço com o João no Tasco do Rio"), ["João"]);
        assert_eq!(
            companions("Went climbing with Sam at the Edge gym"),
            ["Sam"]
        );
        assert_eq!(companions("下班后和阿梅吃晚饭"), ["阿梅"]);
        assert_eq!(companions("和小陈、小李一起去爬山"), ["小陈", "小李"]);
        assert_eq!(companions("민수랑 영화 봤다"), ["민수"]);
        assert_eq!(companions("田中さんとランチ"), ["田中"]);
        assert!(companions("Dinner at home, early night").is_empty());
    }
}
