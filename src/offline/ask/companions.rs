//! Who an event was with (DESIGN §4.0): `Dinner with Marta and Leo at Lisboa`, `Almoço com
//! o João`, `和阿梅吃晚饭`, `친구와 점심`. The people a companion word names are a group of
//! the events: "who did I have dinner with most often in May" counts, per person, the
//! sentences of the period that tell the question's act.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::plan;
use crate::domains::{has_spaceless, Domains};
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::read::is_hangul;
use crate::offline::read::lexicon::{lexicon, Lexicon};
use crate::offline::say::{self, t};
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// The person the question's act was done with most often; or, when the question names a
/// person who is someone's companion in the period, how often or when last the act was done
/// with them (`how many times did I meet Sam`, `지민이를 몇 번 만났어`). `None` when the
/// question is neither, or no sentence of the period names one.
pub fn answer(store: &Store, domains: &Domains, frame: &Frame, when: &str) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    let asks_who = cues::has(&q, &lex.questions.who) && cues::asks(&q, Cue::Best);
    let op = if asks_who {
        Op::Most
    } else if frame.query.which_month {
        Op::Month
    } else if cues::asks(&q, Cue::Count) {
        Op::Count
    } else if cues::asks(&q, Cue::Last) && cues::asks(&q, Cue::When) {
        Op::Latest
    } else if cues::asks(&q, Cue::Eat) || cues::asks(&q, Cue::List) {
        Op::What
    } else {
        return None;
    };
    let mut rest = q.clone();
    // Being with someone is the act itself when the question only says so (`met`, `만났어`).
    // `with` itself asks nothing (`avec`, `with`); in scripts without spaces it is part of
    // the name's word (`さくらと`) and stays.
    let spaced_with = lex.with.iter().filter(|w| !has_spaceless(w));
    for w in lex.questions.who.iter().chain(&lex.meet).chain(spaced_with) {
        rest = lookup::replace_word(&rest, w);
    }
    let (start, end) = match frame.query.range.as_ref() {
        Some(r) => (r.start, r.end),
        None => (NaiveDate::MIN, NaiveDate::MAX),
    };
    let terms = lookup::terms(&rest);
    // A question naming one of the period's companions asks about them.
    let person = match op {
        Op::Most => None,
        _ => {
            // A word the readers know for something else (`bench`, `km`) names no one.
            let names: Vec<String> = (terms.iter())
                .filter(|t| !lookup::taken_up(t, domains))
                .cloned()
                .collect();
            Some(named_person(store, &names, &rest, (start, end))?)
        }
    };
    let told = told_between(store, start, end);
    tracing::debug!(
        "companions: terms {terms:?}, person {person:?}, {} sentences name someone",
        told.len()
    );
    // The question's words that some sentence with a companion holds: its act (`dinner`,
    // `almocei` for `Almoço`); words no such sentence holds (`often`) are its frame.
    // A word of reaching someone (`call`, `appelé`, `電話`) is held by every sentence of
    // one, in whichever of its words (`phoned Dad`, `Mum rang`).
    // A word the lexicon gives other words for is held by those too (`déjeuné`: `midi`).
    // Words of a script without spaces are the lexicon's words the question holds (`ランチ`,
    // `電話`), not the pairs of letters a lookup tries.
    let lexicon_words: Vec<String> = match has_spaceless(&rest) {
        true => words_in(&rest),
        false => Vec::new(),
    };
    let aliases: BTreeMap<&str, Vec<String>> = (terms.iter().chain(&lexicon_words))
        .map(|t| (t.as_str(), plan::aliases_of(t)))
        .collect();
    let calls: Vec<&str> = (terms.iter().chain(&lexicon_words))
        .filter(|t| names_contact(t))
        .map(String::as_str)
        .collect();
    // `how many times did I call Mom`: a sentence that only messaged (`Texted with Mom`)
    // is no call; `how often did I text Mom` counts the messages only.
    let asks_message = calls
        .iter()
        .any(|c| lex.messaged.iter().any(|m| m == c || lookup::holds(m, c)));
    let holds = |term: &str, s: &Told| match calls.contains(&term) {
        true if asks_message => cues::has(&s.lower, &lex.messaged),
        true => tells_contact(&s.lower) && !only_messaged(&s.lower),
        false => {
            let alias = |a: &&String| a.chars().count() >= 3 || has_spaceless(a);
            lookup::holds(term, &s.lower)
                || (aliases.get(term).into_iter().flatten())
                    .filter(alias)
                    .any(|a| lookup::holds(a, &s.lower))
        }
    };
    let asked = match lexicon_words.is_empty() {
        true => &terms,
        false => &lexicon_words,
    };
    let mut act: Vec<&String> = asked
        .iter()
        .filter(|term| {
            !person
                .as_ref()
                .is_some_and(|p| names(term, p) || p.contains(*term))
        })
        .filter(|term| told.iter().any(|s| holds(term, s)))
        .collect();
    // A question about calls asks about calls, whatever else its words hold.
    if let Some(call) = act.iter().find(|t| calls.contains(&t.as_str())).copied() {
        act = vec![call];
    }
    if act.is_empty() && !terms.is_empty() && person.is_none() {
        return None;
    }
    let with_act: Vec<&Told> = told
        .iter()
        .filter(|s| act.iter().all(|term| holds(term, s)))
        // Being with someone (`met`, `만났어`) is not being reached by them (`문자 왔다`).
        .filter(|s| !act.is_empty() || !tells_contact(&s.lower))
        .filter(|s| person.as_ref().is_none_or(|p| s.people.contains(p)))
        .collect();
    let mut reply = Reply::default();
    let top = match (op, person.as_deref()) {
        (Op::Most, _) => {
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
            reply.head.push(t(
                "companions_most",
                &[
                    ("who", top),
                    ("n", &say::count(n, "time")),
                    ("when", when),
                    ("all", &all.join(", ")),
                ],
            ));
            top.to_string()
        }
        (Op::Count, Some(who)) => {
            reply.head.push(t(
                "events_count",
                &[
                    ("n", &say::count(with_act.len(), "time")),
                    ("what", who),
                    ("when", when),
                ],
            ));
            who.to_string()
        }
        (Op::Month, Some(who)) => {
            let mut months: BTreeMap<NaiveDate, usize> = BTreeMap::new();
            for s in &with_act {
                *months
                    .entry(s.date.with_day(1).unwrap_or(s.date))
                    .or_default() += 1;
            }
            let least = cues::asks(&q, Cue::Least) || cues::asks(&q, Cue::Worst);
            // Equal counts: the earlier month.
            let (month, n) = match least {
                true => months.iter().min_by_key(|(m, n)| (**n, **m))?,
                false => months
                    .iter()
                    .max_by_key(|(m, n)| (**n, std::cmp::Reverse(**m)))?,
            };
            reply.head.push(t(
                if least {
                    "which_month_least"
                } else {
                    "which_month_most"
                },
                &[
                    ("month", &say::month(*month)),
                    ("total", &say::count(*n, "time")),
                    ("of", ""),
                    ("months", &say::count(months.len(), "month")),
                    ("what", who),
                    ("when", when),
                ],
            ));
            who.to_string()
        }
        (Op::What, Some(who)) => {
            // What was eaten asks for the meal with them, not another sentence naming them.
            let meal = |s: &&&Told| {
                let words = cues::words(Cue::Meals).iter().chain(cues::words(Cue::Eat));
                words.clone().any(|w| lookup::holds(w, &s.lower))
            };
            let eating = cues::asks(&q, Cue::Eat);
            let told = (with_act.iter().find(|s| eating && meal(s))).or(with_act.first())?;
            reply.head.push(t(
                "rows_date",
                &[
                    ("date", &told.sentence),
                    ("detail", &format!(" ({})", say::day(told.date))),
                    ("link", &store.cite(&told.entry)),
                ],
            ));
            who.to_string()
        }
        (_, Some(who)) => {
            let last = with_act.last()?;
            reply.head.push(t(
                "rows_date",
                &[
                    ("date", &super::day(last.date)),
                    ("detail", &format!(": “{}”", last.sentence)),
                    ("link", &store.cite(&last.entry)),
                ],
            ));
            who.to_string()
        }
        (_, None) => return None,
    };
    for s in with_act.iter().rev().filter(|s| s.people.contains(&top)) {
        reply
            .items
            .push(super::told_item(store, s.date, &s.sentence, &s.entry));
        reply.used(&s.entry.source);
    }
    reply.items.truncate(crate::offline::kinds::LISTED);
    Some(reply)
}

/// What a companion question asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// Who, most often.
    Most,
    /// How many times with the person named.
    Count,
    /// The month with the most (or fewest) times with the person named.
    Month,
    /// When last with the person named.
    Latest,
    /// What was done (or eaten) with the person named.
    What,
}

/// Whether the question's word `term` names the person `who` (`Sam`, `지민이를` for 지민).
fn names(term: &str, who: &str) -> bool {
    let who = who.to_lowercase();
    term == who || person(lexicon().particle_stem(term)) == who
}

/// The companion of the period whom one of `terms` names (`how often did I see Ana`); in a
/// script without spaces, one whose name the question's `rest` holds (`さくらとランチ`).
/// Someone is a companion by a sentence naming them after a companion word: for a term,
/// only the entries holding it can hold that sentence, and only those are read.
fn named_person(
    store: &Store,
    terms: &[String],
    rest: &str,
    (start, end): (NaiveDate, NaiveDate),
) -> Option<String> {
    let lex = lexicon();
    let spellings: Vec<String> = (terms.iter())
        .flat_map(|t| [t.clone(), person(lex.particle_stem(t))])
        .collect();
    let bounded = (start, end) != (NaiveDate::MIN, NaiveDate::MAX);
    let holding = match spellings.is_empty() {
        true => Vec::new(),
        false => store
            .search(&KeywordSearch {
                groups: vec![spellings],
                match_all: false,
                range: bounded.then_some((start, end)),
            })
            .unwrap_or_default(),
    };
    let in_period = |e: &&Entry| e.log && (start..=end).contains(&e.date);
    let marked: Vec<Told> = (holding.iter().filter(in_period))
        .flat_map(|e| told_in(e, None))
        .collect();
    let people = marked.iter().flat_map(|s| &s.people);
    if let Some(p) = terms
        .iter()
        .find_map(|t| people.clone().find(|p| names(t, p)))
    {
        return Some(p.clone());
    }
    if !has_spaceless(rest) {
        return None;
    }
    let (_, marked) = marked_between(store, start, end);
    let found = marked
        .iter()
        .flat_map(|s| &s.people)
        .find(|p| has_spaceless(p) && rest.contains(p.as_str()));
    found.cloned()
}

/// The sentences of the period's log entries that name a companion, oldest first: after a
/// companion word, or anywhere when the period names them so elsewhere (`lunch: burrito
/// (Marco)`, `dinner: Marco, Pho 88` beside `ramen with Marco`).
fn told_between(store: &Store, start: NaiveDate, end: NaiveDate) -> Vec<Told> {
    let (entries, marked) = marked_between(store, start, end);
    let mut seen = std::collections::HashSet::new();
    let known: Vec<String> = (marked.iter().flat_map(|s| &s.people))
        .filter(|p| seen.insert(p.as_str()))
        .cloned()
        .collect();
    if known.is_empty() {
        return marked;
    }
    entries
        .iter()
        .flat_map(|e| told_in(e, Some(&known)))
        .collect()
}

/// The period's log entries, and their sentences that name someone after a companion word,
/// oldest first.
fn marked_between(store: &Store, start: NaiveDate, end: NaiveDate) -> (Vec<Entry>, Vec<Told>) {
    let entries: Vec<Entry> = store
        .entries_by_date_range(start, end)
        .into_iter()
        .filter(|e| e.log)
        .collect();
    let marked = entries.iter().flat_map(|e| told_in(e, None)).collect();
    (entries, marked)
}

/// A sentence of the person's log that names who they were with.
struct Told {
    date: NaiveDate,
    sentence: String,
    lower: String,
    people: Vec<String>,
    entry: Entry,
}

/// The sentences of an entry that name a companion (with `known`: also one of those
/// named without a companion word).
fn told_in(entry: &Entry, known: Option<&[String]>) -> Vec<Told> {
    sentences(&entry.text)
        .filter_map(|sentence| {
            let mut people = companions(sentence);
            let lower = sentence.to_lowercase();
            // `지민이한테 문자 왔다`: a message from someone is no time spent with them.
            let known = known.filter(|_| !tells_contact(&lower));
            for who in known.map(|k| named_known(sentence, k)).unwrap_or_default() {
                if !people.contains(&who) {
                    people.push(who);
                }
            }
            (!people.is_empty()).then(|| Told {
                date: entry.date,
                sentence: sentence.to_string(),
                lower,
                people,
                entry: entry.clone(),
            })
        })
        .collect()
}

/// The sentences of a text: parted by line ends and sentence marks.
pub(super) fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split(['\n', '.', '!', '?', '。', '！', '？', ';', '；'])
        .map(|s| s.trim().trim_start_matches(['-', '*', ' ']).trim())
        .filter(|s| !s.is_empty())
}

/// A known companion named in a sentence without a companion word, as a word of its own:
/// alone in brackets (`burrito (Marco)`), first in a meal's field (`dinner: Lena, Franco
/// Manca`), after a verb (`cooked pasta for Lena`).
fn named_known(sentence: &str, known: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for who in known {
        if !out.contains(who) && crate::offline::read::words::find_word(sentence, who).is_some() {
            out.push(who.clone());
        }
    }
    out
}

/// A Korean name without the ending `이` said after names ending in a consonant (`지민이`
/// is 지민); others as written.
fn person(name: &str) -> String {
    let stem = name
        .strip_suffix('이')
        .filter(|s| s.chars().count() >= 2 && s.chars().all(is_hangul));
    stem.unwrap_or(name).to_string()
}

/// The people a sentence names after (or, in Korean and Japanese, before) a companion word,
/// a verb of meeting or one of reaching someone (`Met Priya for lunch`, `called Mum`,
/// `母に電話`), or before a word of being reached (`Dad rang about the boiler`).
pub fn companions(sentence: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lex = lexicon();
    let mut add = |found: Vec<String>| {
        for who in found.iter().map(|w| person(w)) {
            if !out.contains(&who) {
                out.push(who);
            }
        }
    };
    // Only the words the sentence holds are looked for around (most hold none).
    let lower = sentence.to_lowercase();
    let held = |marker: &&String| lower.contains(marker.as_str());
    for marker in lex.with.iter().chain(&lex.meet).filter(held) {
        add(if !has_spaceless(marker) {
            after_word(sentence, marker, lex)
        } else if marker.chars().all(is_hangul) {
            before_particle(sentence, marker)
        } else if marker == "と" {
            before_to(sentence)
        } else if lex.meet.contains(marker) {
            Vec::new()
        } else {
            after_ideograph(sentence, marker)
        });
    }
    // A word inside a longer one the sentence holds is that one's (`电话` of `打电话`).
    let covered = |marker: &&String| {
        (lex.contact.iter()).any(|w| {
            w.len() > marker.len()
                && w.contains(marker.as_str())
                && crate::offline::read::words::find_word(&lower, w).is_some()
        })
    };
    for marker in lex.contact.iter().filter(held).filter(|m| !covered(m)) {
        add(if !has_spaceless(marker) {
            after_word(sentence, marker, lex)
        } else {
            reached_before(sentence, marker, lex)
        });
    }
    for marker in lex.contacted_by.iter().filter(held) {
        add(before_word(sentence, marker, lex));
    }
    out
}

/// Whether a sentence tells of reaching someone, or being reached (`call w/ Lena`,
/// `Maman m'a appelé`, `母から電話`).
fn tells_contact(lower: &str) -> bool {
    let lex = lexicon();
    cues::has(lower, &lex.contact) || cues::has(lower, &lex.contacted_by)
}

/// Whether a sentence reaches someone only by a written message (`Texted with Mom`, `문자
/// 보냄`), with no word of a call.
fn only_messaged(lower: &str) -> bool {
    let lex = lexicon();
    let calls: Vec<&String> = (lex.contact.iter().chain(&lex.contacted_by))
        .filter(|w| !lex.messaged.contains(w))
        .collect();
    cues::has(lower, &lex.messaged) && !cues::has(lower, &calls)
}

/// The lexicon's words in scripts without spaces that `text` holds: field names and their
/// other words (`ランチ`), words of reaching someone (`電話`).
fn words_in(text: &str) -> Vec<String> {
    let lex = lexicon();
    let fields = lex.fields.values().flatten();
    (fields.chain(&lex.contact))
        .filter(|w| has_spaceless(w) && text.contains(w.as_str()))
        .cloned()
        .collect()
}

/// Whether a question's word is a word of reaching someone (`call`, `appelé`, `電話した`).
fn names_contact(term: &str) -> bool {
    let lex = lexicon();
    (lex.contact.iter().chain(&lex.contacted_by)).any(|c| {
        c == term || lookup::holds(term, c) || has_spaceless(c) && term.contains(c.as_str())
    })
}

/// The words of `sentence` split at spaces, each without the marks around it.
fn bare_words(sentence: &str) -> Vec<&str> {
    sentence
        .split_whitespace()
        .map(|w| w.trim_matches([',', ':', ';', '.', '!', '?', '(', ')', '"', '«', '»']))
        .collect()
}

/// Where the words of `marker` (a word or a phrase) start in `words`.
fn phrase_at<'a>(words: &'a [&'a str], marker: &'a str) -> impl Iterator<Item = usize> + 'a {
    let parts: Vec<&str> = marker.split_whitespace().collect();
    (0..words.len()).filter(move |&i| {
        parts.len() <= words.len() - i
            && (parts.iter().zip(&words[i..])).all(|(p, w)| w.to_lowercase() == *p)
    })
}

/// A word that is a person: a capitalised name of two letters or more, or a family word in
/// any case (`mum`), then capitalised.
fn person_word(word: &str, lex: &Lexicon) -> Option<String> {
    if lex.kin.contains(&word.to_lowercase()) {
        let mut chars = word.chars();
        let first = chars.next()?;
        return Some(first.to_uppercase().chain(chars).collect());
    }
    (word.chars().next().is_some_and(char::is_uppercase) && word.chars().count() >= 2)
        .then(|| word.to_string())
}

/// `Dad rang about the boiler`, `Maman m'a appelé`: the person just before the words.
fn before_word(sentence: &str, marker: &str, lex: &Lexicon) -> Vec<String> {
    let words = bare_words(sentence);
    phrase_at(&words, marker)
        .filter_map(|i| person_word(words.get(i.checked_sub(1)?)?, lex))
        .collect()
}

/// `母に電話`, `母から電話があった`, `엄마한테 전화`, `给妈妈打电话`: the person before the
/// particle before a word of reaching someone (in Chinese, between the particle and the
/// word): a family word, or a name of two letters or more.
fn reached_before(sentence: &str, marker: &str, lex: &Lexicon) -> Vec<String> {
    const AFTER_NAME: [&str; 7] = ["から", "に", "と", "へ", "한테", "에게", "께"];
    const BEFORE_NAME: [&str; 3] = ["给", "跟", "和"];
    let mut out = Vec::new();
    for (at, _) in sentence.match_indices(marker) {
        let before = sentence[..at].trim_end();
        let between = BEFORE_NAME.iter().find_map(|p| {
            let (_, name) = before.rsplit_once(p)?;
            (1..=3).contains(&name.chars().count()).then_some(name)
        });
        let name = match between {
            Some(name) => name,
            None => {
                let Some(rest) = AFTER_NAME.iter().find_map(|p| before.strip_suffix(p)) else {
                    continue;
                };
                match lex.kin.iter().find(|k| rest.ends_with(k.as_str())) {
                    Some(kin) => kin.as_str(),
                    None => {
                        let start = (rest.char_indices().rev())
                            .take_while(|(_, c)| is_name_char(*c) || is_hangul(*c))
                            .take(6)
                            .last()
                            .map_or(rest.len(), |(i, _)| i);
                        &rest[start..]
                    }
                }
            }
        };
        let name = ["さん", "ちゃん", "くん", "君"]
            .iter()
            .find_map(|h| name.strip_suffix(h))
            .unwrap_or(name);
        if lex.kin.iter().any(|k| k == name) || name.chars().count() >= 2 {
            out.push(name.to_string());
        }
    }
    out
}

/// `with Marta and Leo at Lisboa`, `com o João`, `called my mum`: the names (or family
/// words) after the word or phrase, articles and possessives skipped, joined by commas or
/// the language files' `joiners` (`and`, `und`, `e`).
fn after_word(sentence: &str, marker: &str, lex: &Lexicon) -> Vec<String> {
    let skip = &lex.possessives;
    let words: Vec<&str> = sentence.split_whitespace().collect();
    let bare = bare_words(sentence);
    let length = marker.split_whitespace().count();
    let mut out = Vec::new();
    for i in phrase_at(&bare, marker) {
        let mut j = i + length;
        while words
            .get(j)
            .is_some_and(|w| skip.contains(&w.to_lowercase()))
        {
            j += 1;
        }
        while let Some(word) = words.get(j) {
            let name = word.trim_end_matches([',', ':', ';', '.', '!', '?', ')', '"', '»']);
            let Some(who) = person_word(name, lex) else {
                break;
            };
            out.push(who);
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

fn is_ideograph(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// A kanji, katakana or kana of a Japanese name (`さくら`): any kana but a particle's.
fn is_name_char(c: char) -> bool {
    let kana =
        ('\u{3041}'..='\u{3096}').contains(&c) && !"でにはをがのもへやかとよねだ".contains(c);
    is_ideograph(c) || ('\u{30A0}'..='\u{30FF}').contains(&c) || kana
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
        assert_eq!(companions("昼はさくらとランチ"), ["さくら"]);
        assert!(companions("Dinner at home, early night").is_empty());
    }

    #[test]
    fn people_met_or_reached_are_companions() {
        assert_eq!(companions("Met Priya for lunch at Sushi Zen"), ["Priya"]);
        assert_eq!(companions("called mum about the move"), ["Mum"]);
        assert_eq!(companions("phone: Mum"), ["Mum"]);
        assert_eq!(companions("Dad rang about the boiler"), ["Dad"]);
        assert_eq!(companions("Appelé Maman"), ["Maman"]);
        assert_eq!(companions("Coup de fil à Papa, rien de neuf"), ["Papa"]);
        assert_eq!(
            companions("Maman m'a appelé pour parler du mariage"),
            ["Maman"]
        );
        assert_eq!(companions("Liguei para a Ana"), ["Ana"]);
        assert_eq!(companions("母に電話"), ["母"]);
        assert_eq!(companions("母から電話があった（引っ越しの話）"), ["母"]);
        assert_eq!(companions("엄마한테 전화했다"), ["엄마"]);
        assert_eq!(companions("晚上给妈妈打电话"), ["妈妈"]);
        assert!(companions("I called it a day").is_empty());
        assert!(companions("Phone died at noon").is_empty());
    }
}
