//! Lookups: a question about one thing the notes tell once (`what was my London Marathon
//! time`, `第一次跑半马是哪天`, `健身卡花了多少钱`, `wie weit war mein Lauf von A nach B`) is
//! answered by the sentence that tells it. The question's topic words are weighed by how
//! few entries hold them; the sentence (read with the headings above it and its note's
//! title) that holds the rare ones, and the value the question asks for, is the answer.

use std::collections::HashMap;
use std::sync::OnceLock;

use chrono::NaiveDate;
use regex::Regex;

use super::read::lexicon::lexicon;
use crate::domains::{has_spaceless, is_spaceless};
use crate::error::Result;
use crate::vault::{Entry, Store};

/// A word held by at most this many notes is rare: it names one thing.
const RARE: usize = 3;

/// What a question asks to be read from the sentence.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Asked {
    Day,
    Time,
    Distance,
    Cost,
    /// A number counted in the question's unit (`wie viele Läufe`, `how many km`).
    Amount,
}

/// The sentence that answers a lookup, and what was read from it.
#[derive(Debug, Clone)]
pub struct Found {
    pub entry: Entry,
    pub sentence: String,
    /// The value asked for, as written (`2:59:50`, `746`); empty when the day is asked.
    pub value: String,
    pub date: NaiveDate,
}

/// The topic words of a lowercase question, without its period phrase and the words that
/// only make it a question; a run of ideographs or Hangul becomes its pairs of letters.
pub(crate) fn terms(lower: &str) -> Vec<String> {
    let q = &lexicon().questions;
    let mut cleared = lower.to_string();
    // Longest first (the lists are sorted so): `是哪天` before `是`.
    let mut cues: Vec<&String> = q
        .day
        .iter()
        .chain(&q.time)
        .chain(&q.distance)
        .chain(&q.cost)
        .chain(&q.first)
        .chain(&q.per_month)
        .chain(&q.which_month)
        // `am niedrigsten`, `più`: words that rank, and `how many times`: words that
        // count, never what is looked for.
        .chain(
            [
                super::cues::Cue::Best,
                super::cues::Cue::Worst,
                super::cues::Cue::Least,
                super::cues::Cue::Count,
                super::cues::Cue::HowMany,
                // `上次买书`, `last time`: which one is asked, not what.
                super::cues::Cue::Last,
            ]
            .into_iter()
            .flat_map(super::cues::words),
        )
        .collect();
    cues.sort_by_key(|c| std::cmp::Reverse(c.len()));
    for cue in cues {
        cleared = replace_word(&cleared, cue);
    }
    let mut out: Vec<String> = Vec::new();
    for word in split_words(&cleared, true) {
        if has_spaceless(word) {
            let mut rest = word.to_string();
            for f in &q.function {
                if has_spaceless(f) {
                    rest = rest.replace(f.as_str(), " ");
                }
            }
            for part in rest.split(' ').filter(|p| !p.is_empty()) {
                // Korean parts words with spaces: a word is its stem (`한강공원에`: 한강공원).
                if part.chars().all(super::read::words::is_hangul) {
                    let stem = lexicon().particle_stem(part);
                    if stem.chars().count() >= 2 {
                        out.push(stem.to_string());
                    }
                    continue;
                }
                let chars: Vec<char> = part.chars().collect();
                out.extend(chars.windows(2).map(|w| w.iter().collect::<String>()));
            }
            continue;
        }
        let digits = word.chars().all(|c| c.is_ascii_digit());
        if q.function.iter().any(|f| f == word)
            || word.chars().count() < 2
            || digits && word.len() < 2
        {
            continue;
        }
        out.push(word.to_string());
    }
    out.sort();
    out.dedup();
    out
}

/// `text` with `cue` taken out where it stands as whole words (inside a run of
/// ideographs, anywhere).
pub(crate) fn replace_word(text: &str, cue: &str) -> String {
    if has_spaceless(cue) {
        return text.replace(cue, " ");
    }
    match super::read::words::find_word(text, cue) {
        Some(at) => format!("{} {}", &text[..at], &text[at + cue.len()..]),
        None => text.to_string(),
    }
}

/// Whether `term` is a word of `text` (lowercase) or, for ideographs, in it: a word may go
/// on after the term (`läufe` finds `läufen`, `thule` `thule-fahrt`). The same as looking
/// `term` up in [`words_of`]`(text)`, without cutting the text into words: a lookup
/// weighs every entry holding a question's word (thousands of 5 KB notes), and cutting
/// each into words was most of its time.
///
/// A verb is found in the forms the lexicon lists (`break`: `broke`), and an inflected
/// word by its shorter form (`neuen`: `neue Laufschuhe`).
pub(crate) fn holds(term: &str, text: &str) -> bool {
    holds_form(term, text)
        || other_forms(term).any(|f| holds_form(&f, text))
        || verb_stem(term).is_some_and(|stem| holds_conjugated(stem, text))
}

/// The endings of regular verbs, longest first (see `verb_endings` in the lexicon).
fn verb_endings() -> &'static [String] {
    static ENDINGS: OnceLock<Vec<String>> = OnceLock::new();
    ENDINGS.get_or_init(|| {
        let mut all = lexicon().verb_endings.clone();
        all.sort_by_key(|e| std::cmp::Reverse(e.chars().count()));
        all.dedup();
        all
    })
}

/// The stem of a regular verb's form (`regado`, `regué`: `reg`), when `term` ends in a
/// verb ending and three letters or more stay.
fn verb_stem(term: &str) -> Option<&str> {
    if has_spaceless(term) || !term.chars().all(char::is_alphabetic) {
        return None;
    }
    verb_endings()
        .iter()
        .filter_map(|end| term.strip_suffix(end.as_str()))
        .find(|stem| stem.chars().count() >= 3)
}

/// The other forms of a regular verb's form (`regado`: `regué`, `regar`, `regó`...);
/// none for a word with no verb ending.
pub(crate) fn conjugations(term: &str) -> Vec<String> {
    let Some(stem) = verb_stem(term) else {
        return Vec::new();
    };
    (verb_endings().iter())
        .map(|e| format!("{stem}{e}"))
        .filter(|f| f != term)
        .collect()
}

/// Whether a word of `text` is `stem` and a verb ending (`regué` for `reg`).
fn holds_conjugated(stem: &str, text: &str) -> bool {
    text.match_indices(stem).any(|(at, _)| {
        let starts = !text[..at]
            .chars()
            .next_back()
            .is_some_and(char::is_alphanumeric);
        let rest = &text[at + stem.len()..];
        let end = rest
            .find(|c: char| !c.is_alphabetic())
            .unwrap_or(rest.len());
        starts && !rest[..end].is_empty() && verb_endings().iter().any(|e| *e == rest[..end])
    })
}

/// The forms besides `term` itself that [`holds`] finds it by: its verb's other forms, its
/// uninflected base, and a plural in `-ies` as `-y` (`groceries` in `Grocery run`).
fn other_forms(term: &str) -> impl Iterator<Item = std::borrow::Cow<'_, str>> {
    use std::borrow::Cow;
    let verbs = (verb_family(term).into_iter().flatten())
        .filter(move |f| f.as_str() != term)
        .map(|f| Cow::Borrowed(f.as_str()));
    let base = uninflected(term).map(Cow::Borrowed);
    let singular = (term.strip_suffix("ies"))
        .filter(|base| base.chars().count() >= 3)
        .map(|base| Cow::Owned(format!("{base}y")));
    verbs.chain(base).chain(singular)
}

/// The log entries of `start..=end` that may hold one of `terms` as [`holds`] finds it,
/// oldest first: those the full-text index finds for any of its forms (a superset: the
/// caller tests each). `None` before the index holds any entry.
pub(crate) fn entries_holding(
    store: &Store,
    terms: &[&str],
    (start, end): (NaiveDate, NaiveDate),
) -> Option<Vec<Entry>> {
    let db = store.record_db();
    if !db.has_entries().ok()? {
        return None;
    }
    let mut forms: Vec<String> = Vec::new();
    for &term in terms {
        forms.push(term.to_string());
        forms.extend(other_forms(term).map(|f| f.into_owned()));
        forms.extend(conjugations(term));
    }
    // Entries written without spaces are searched for every form inside their words (a
    // word may be glued to ideographs: `昼はramen`), Korean by its stem as
    // [`holds_korean`] finds it; the others by the index's words.
    let words: Vec<String> = forms
        .iter()
        .filter(|f| !has_spaceless(f))
        .cloned()
        .collect();
    let inside: Vec<String> = (forms.iter())
        .map(|f| lexicon().particle_stem(f).to_string())
        .collect();
    let bounded = (start, end) != (NaiveDate::MIN, NaiveDate::MAX);
    let found = db
        .entries_matching(&words, &inside, bounded.then_some((start, end)), None)
        .ok()?;
    let mut found: Vec<Entry> = found
        .into_iter()
        .filter(|e| e.log && (start..=end).contains(&e.date))
        .collect();
    found.sort_by(|a, b| {
        (a.date, &a.source, a.lines.start).cmp(&(b.date, &b.source, b.lines.start))
    });
    Some(found)
}

/// The verb `word` is a form of, with all its forms (`almocei`: `almoçar`, `almoço`, ...).
pub(crate) fn verb_family(word: &str) -> Option<&'static Vec<String>> {
    static FAMILIES: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    FAMILIES
        .get_or_init(|| {
            let mut map: HashMap<String, Vec<String>> = HashMap::new();
            for (verb, forms) in &lexicon().verb_forms {
                let family: Vec<String> = std::iter::once(verb).chain(forms).cloned().collect();
                for w in &family {
                    map.entry(w.clone())
                        .or_default()
                        .extend(family.iter().cloned());
                }
            }
            map
        })
        .get(word)
}

/// `term` without an inflection ending (`neuen` -> `neue`, `schuhen` -> `schuhe`), when
/// four letters or more stay.
fn uninflected(term: &str) -> Option<&str> {
    if has_spaceless(term) || !term.chars().all(char::is_alphabetic) {
        return None;
    }
    ["en", "em", "er", "es", "n", "s"]
        .iter()
        .filter_map(|end| term.strip_suffix(end))
        .find(|base| base.chars().count() >= 4)
}

/// [`holds`] for one written form.
fn holds_form(term: &str, text: &str) -> bool {
    if !term.is_empty() && term.chars().all(crate::offline::read::words::is_hangul) {
        return holds_korean(term, text);
    }
    if has_spaceless(term) {
        return text.contains(term);
    }
    // A word is a run of one script: a term of two scripts (or none) is never one.
    let mut chars = term.chars();
    let Some(first) = chars.next().and_then(script) else {
        return false;
    };
    if chars.any(|c| script(c) != Some(first)) {
        return false;
    }
    let short = term.chars().count() < 4;
    let finder = memchr::memmem::Finder::new(term);
    let mut from = 0;
    while let Some(found) = finder.find(&text.as_bytes()[from..]) {
        let at = from + found;
        let end = at + term.len();
        let starts = text[..at].chars().next_back().and_then(script) != Some(first);
        let ends = text[end..].chars().next().and_then(script) != Some(first);
        if starts && (ends || !short) {
            return true;
        }
        from = at + text[at..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

/// A Korean word in `text`: its stem (`한강공원에` is 한강공원) ending a word there or
/// followed by what is glued to a word (`한강공원에서`, `등산했다`), never by more of a noun
/// (`등산화`, hiking boots, is no 등산).
fn holds_korean(term: &str, text: &str) -> bool {
    let lex = lexicon();
    let stem = lex.particle_stem(term);
    text.match_indices(stem).any(|(at, _)| {
        let rest = &text[at + stem.len()..];
        !rest
            .chars()
            .next()
            .is_some_and(crate::offline::read::words::is_hangul)
            || lex.glued_after(rest)
    })
}

/// The length in letters of the longest run of letters `a` and `b` share.
fn common_run(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let mut best = 0;
    let mut previous = vec![0usize; a.len() + 1];
    for cb in b.chars() {
        let mut row = vec![0usize; a.len() + 1];
        for (i, ca) in a.iter().enumerate() {
            if *ca == cb {
                row[i + 1] = previous[i] + 1;
                best = best.max(row[i + 1]);
            }
        }
        previous = row;
    }
    best
}

/// The script of a letter of a word: a run of one of them is a word (see [`words_of`]).
#[derive(PartialEq, Clone, Copy)]
enum Script {
    Digit,
    Spaceless,
    Letter,
}

fn script(c: char) -> Option<Script> {
    if c.is_ascii_digit() {
        Some(Script::Digit)
    } else if is_spaceless(c) {
        Some(Script::Spaceless)
    } else if c.is_alphanumeric() {
        Some(Script::Letter)
    } else {
        None
    }
}

/// The words of a text, cut where the script changes as well (`10km` is `10` and `km`,
/// `跑10公里` is `跑`, `10` and `公里`).
fn words_of(text: &str) -> Vec<&str> {
    split_words(text, false)
}

/// [`words_of`], with a hyphen between letters joining one word when `hyphens` is set: a
/// question's `push-ups` or `e-bike` is one name, its halves name nothing.
fn split_words(text: &str, hyphens: bool) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start: Option<(usize, Script)> = None;
    for (i, c) in text.char_indices() {
        let joins = hyphens
            && c == '-'
            && matches!(start, Some((_, Script::Letter)))
            && text[i + 1..].starts_with(char::is_alphabetic);
        let s = if joins {
            Some(Script::Letter)
        } else {
            script(c)
        };
        match (start, s) {
            (Some((_, a)), Some(b)) if a == b => {}
            (Some((from, _)), _) => {
                out.push(&text[from..i]);
                start = s.map(|s| (i, s));
            }
            (None, Some(s)) => start = Some((i, s)),
            (None, None) => {}
        }
    }
    if let Some((from, _)) = start {
        out.push(&text[from..]);
    }
    out
}

/// What the question asks for, by its cue words.
fn asked(lower: &str) -> Option<Asked> {
    let q = &lexicon().questions;
    let has = |list: &[String]| {
        list.iter()
            .any(|w| super::read::words::find_word(lower, w).is_some())
    };
    if has(&q.day) {
        Some(Asked::Day)
    } else if has(&q.cost) {
        Some(Asked::Cost)
    } else if has(&q.distance) {
        Some(Asked::Distance)
    } else if has(&q.time) || super::cues::has(lower, &PACE) {
        Some(Asked::Time)
    } else {
        None
    }
}

/// The value of `kind` in `sentence`: the first time (`2:59:50`), distance or sum, or a
/// number in the question's unit.
fn value(
    kind: Asked,
    sentence: &str,
    question_words: &[&str],
    near: impl Fn(usize) -> usize,
) -> Option<String> {
    static CLOCK: OnceLock<Regex> = OnceLock::new();
    static NUMBER: OnceLock<Regex> = OnceLock::new();
    let clock = CLOCK.get_or_init(|| {
        Regex::new(r"(?:^|[^\d:])(\d{1,2}:\d{2}(?::\d{2})?)(?:$|[^\d:])").expect("clock")
    });
    let number = NUMBER.get_or_init(|| {
        Regex::new(r"(\d+(?:[.,]\d+)?)\s*([\p{L}]*)").expect("number with its unit")
    });
    let lower = sentence.to_lowercase();
    match kind {
        Asked::Day => None,
        // A time, not a pace (`4:10/km`, `5:41 min/mile`) unless a pace is asked.
        // After the word that asks for it (`eine Zeit von 44:39`), else nearest the
        // question's words.
        Asked::Time => {
            let cue = question_words
                .iter()
                .filter(|w| PACE.contains(w) || lexicon().questions.time.iter().any(|t| t == *w))
                .filter_map(|w| super::read::words::find_word(&lower, w))
                .min();
            clock
                .captures_iter(&lower)
                .filter(|c| {
                    let after = lower[c.get(1).expect("group").end()..].trim_start();
                    let pace = after.starts_with('/') || after.starts_with("min/");
                    pace == asks_pace(question_words)
                })
                .map(|c| {
                    let at = c.get(1).expect("group").start();
                    let key = match cue {
                        Some(q) if at > q => at - q,
                        _ => 10_000 + near(at),
                    };
                    (key, c[1].to_string())
                })
                .min_by_key(|(k, _)| *k)
                .map(|(_, v)| v)
        }
        Asked::Distance => number
            .captures_iter(&lower)
            .find(|c| unit_of(&c[2]) == Some("km") || unit_of(&c[2]) == Some("mi"))
            .map(|c| format!("{} {}", &c[1], &c[2])),
        // `680卡费+66预订费=746`: a sum after `=`, else the largest number.
        Asked::Cost => {
            if let Some((_, after)) = lower.rsplit_once('=') {
                if let Some(c) = number.captures(after) {
                    return Some(c[1].to_string());
                }
            }
            number
                .captures_iter(&lower)
                .filter_map(|c| {
                    let v: f64 = c[1].replace(',', ".").parse().ok()?;
                    Some((v, c[1].to_string()))
                })
                .max_by(|a, b| a.0.total_cmp(&b.0))
                .map(|(_, s)| s)
        }
        Asked::Amount => number
            .captures_iter(&lower)
            .filter_map(|c| {
                let unit = &c[2];
                let same = |w: &&str| {
                    let (a, b) = (unit_of(w), unit_of(unit));
                    a.is_some() && a == b
                        || unit.chars().count() >= 4
                            && (unit.starts_with(*w) || w.starts_with(unit))
                };
                let at = c.get(0).expect("group 0").start();
                (!unit.is_empty() && question_words.iter().any(same))
                    .then(|| (near(at), format!("{} {unit}", &c[1])))
            })
            .min_by_key(|(distance, _)| *distance)
            .map(|(_, v)| v),
    }
}

/// A file name without the date it starts with (`2024-01-01-Jahresrueckblick` is about
/// the year before: the date is when it was written, not what it is about).
fn undated(stem: &str) -> &str {
    let b = stem.as_bytes();
    let dated = b.len() > 10
        && b[..10].iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                !c.is_ascii_alphanumeric()
            } else {
                c.is_ascii_digit()
            }
        });
    if dated {
        stem[10..].trim_start_matches(['-', '_', ' '])
    } else {
        stem
    }
}

/// Whether a computed answer reads `term`: an activity of the vocabulary, a unit or a
/// counted thing, a word for running or training.
/// Cues of the kind of answer asked (`best`, `average`, `last`, `total`): words the
/// question is read by, never a name the notes could tell of.
const ANSWER_KINDS: [super::cues::Cue; 11] = {
    use super::cues::Cue::*;
    [
        Last, Average, Best, Worst, Least, Count, HowMany, Trend, Summary, PerWeek, When,
    ]
};

/// Whether `term` is a word the readers know for something else (a domain's term, an
/// activity, a unit, a counter, a cue of a kind): never a name.
pub(crate) fn taken_up(term: &str, domains: &crate::domains::Domains) -> bool {
    use super::cues::{self, Cue};
    domains.canonical(term).is_some()
        || super::activities::family(term).is_some()
        || unit_of(term).is_some()
        || !cues::units(term).is_empty()
        || lexicon().counting.counters.iter().any(|c| c == term)
        || [
            Cue::Run,
            Cue::Distance,
            Cue::Training,
            Cue::Strength,
            Cue::Sessions,
            Cue::BodyWeight,
        ]
        .into_iter()
        .chain(ANSWER_KINDS)
        .any(|cue| cues::words(cue).iter().any(|w| w == term))
        || term.chars().all(|c| c.is_ascii_digit())
}

/// Whether the question asks for a time, a day or a price (not an amount a review may
/// total).
pub fn asks_other_than_amount(lower: &str) -> bool {
    asked(lower).is_some_and(|k| k != Asked::Distance)
}

/// Whether the question asks for a pace.
fn asks_pace(question_words: &[&str]) -> bool {
    question_words.iter().any(|w| PACE.contains(w))
}

const PACE: [&str; 5] = ["pace", "tempo", "配速", "페이스", "ペース"];

/// The distance unit a word names, if any (see `unit_spellings` in the language files).
fn unit_of(word: &str) -> Option<&'static str> {
    use super::read::units::{KM, MILES};
    if KM.has(word) {
        Some("km")
    } else if MILES.has(word) {
        Some("mi")
    } else {
        None
    }
}

/// The sentences of an entry's text (to-dos not done left out): its lines, cut after `.`, `!`, `?` or `。` that end a
/// sentence; the heading above the entry is one of them too.
fn sentences(entry: &Entry) -> Vec<String> {
    let mut out: Vec<String> = entry.under.iter().cloned().collect();
    // A to-do not ticked off tells of nothing done (`- [ ] send the invoice`).
    let not_done = |l: &str| super::read::tasks::task(l).is_some_and(|(done, _)| !done);
    for line in entry.text.lines().filter(|l| !not_done(l)) {
        let mut start = 0;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let next_space = chars.get(k + 1).is_none_or(|(_, n)| n.is_whitespace());
            let prev_digit = k > 0 && chars[k - 1].1.is_ascii_digit();
            let ends = matches!(c, '。' | '！' | '？' | '；')
                || matches!(c, '.' | '!' | '?') && next_space && !prev_digit;
            if ends {
                out.push(line[start..i + c.len_utf8()].trim().to_string());
                start = i + c.len_utf8();
            }
        }
        out.push(line[start..].trim().to_string());
    }
    out.retain(|s| s.chars().any(char::is_alphanumeric));
    out
}

/// The sentence of the notes that answers `question` (lowercase) as a lookup, when its
/// rare words (or words no computed answer reads, or a `first time`, or a value a lookup
/// question asks for: `asks_lookup`) find one that holds them and the value asked for.
pub fn find(
    store: &Store,
    domains: &crate::domains::Domains,
    (asks_lookup, day_told): (bool, bool),
    lower: &str,
    range: Option<(NaiveDate, NaiveDate)>,
    range_phrase: Option<&str>,
) -> Result<Option<Found>> {
    let question = match range_phrase {
        Some(p) if !p.is_empty() => lower.replacen(p, " ", 1),
        _ => lower.to_string(),
    };
    let terms = terms(&question);
    if terms.is_empty() {
        return Ok(None);
    }
    let asked_kind = asked(lower);
    let first = lexicon()
        .questions
        .first
        .iter()
        .any(|w| super::read::words::find_word(lower, w).is_some());
    // Without a first time or a value asked, only a name can find the sentence: when no
    // word of the question could be one, the entries need not be read at all.
    // `自転車を買ったのはいつ`: a day asked (`day_told`: of what no reader measures) is told
    // in a sentence as a cost is; not the day of a latest, a best or a count (`when did I
    // last squat`), which are computed.
    use super::cues::{asks, Cue};
    let ranked = [
        Cue::Last,
        Cue::Best,
        Cue::Worst,
        Cue::Least,
        Cue::Count,
        Cue::HowMany,
    ]
    .into_iter()
    .any(|c| asks(lower, c));
    let told = asks_lookup && asked_kind.is_some_and(|k| k != Asked::Amount)
        || asked_kind == Some(Asked::Cost)
        || asked_kind == Some(Asked::Day) && day_told && !ranked;
    let could_name = |t: &String| {
        !t.chars().any(is_spaceless) && t.chars().count() >= 3 && !taken_up(t, domains)
    };
    if !first && !told && !terms.iter().any(could_name) {
        return Ok(None);
    }
    let (inside, words): (Vec<String>, Vec<String>) = terms
        .iter()
        .cloned()
        .partition(|t| t.chars().any(is_spaceless));
    let candidates = if store.record_db().has_entries()? {
        store
            .record_db()
            .entries_matching(&words, &inside, None, None)?
    } else {
        return Ok(None);
    };
    // How rare a word is, is counted in the whole vault (a period holds few of any);
    // the answer is looked for in the period.
    let in_range = |e: &Entry| range.is_none_or(|(a, b)| e.log && (a..=b).contains(&e.date));
    // How many entries hold each term, counted with their headings and note titles.
    let texts: Vec<(String, String)> = candidates
        .iter()
        .map(|e| {
            let context = format!(
                "{} {}",
                e.under.as_deref().unwrap_or(""),
                undated(crate::vault::index::stem(&e.source)).replace(['-', '_'], " ")
            )
            .to_lowercase();
            (e.text.to_lowercase(), context)
        })
        .collect();
    // In how many notes: a post's paragraphs all carry its title.
    let mut holders: HashMap<&str, std::collections::HashSet<&str>> = HashMap::new();
    // Words a note's title or a heading names: what the note is about (`Herzogstadtlauf`).
    let mut titled: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for ((text, context), e) in texts.iter().zip(&candidates) {
        for t in &terms {
            if holds(t, text) || holds(t, context) {
                holders
                    .entry(t.as_str())
                    .or_default()
                    .insert(e.source.as_str());
            }
            if holds(t, context) {
                titled.insert(t.as_str());
            }
        }
    }
    let df: HashMap<&str, usize> = holders.into_iter().map(|(t, s)| (t, s.len())).collect();
    let rare: Vec<&str> = terms
        .iter()
        .map(String::as_str)
        .filter(|t| df.get(t).is_some_and(|n| (1..=RARE).contains(n)) && !taken_up(t, domains))
        .collect();
    tracing::debug!(
        "lookup terms {terms:?} df {df:?} rare {rare:?} of {}",
        candidates.len()
    );
    // Names: words no measure or activity takes up (a computed answer would leave them
    // out), rare in the vault or named by a note's title or a heading (`Pendle`, `Saal`,
    // `Herzogstadtlauf`).
    let own: Vec<&str> = terms
        .iter()
        .filter(|t| {
            df.contains_key(t.as_str())
                && could_name(t)
                && (rare.contains(&t.as_str()) || titled.contains(t.as_str()))
        })
        .map(String::as_str)
        .collect();
    // A name asks for the one thing the notes tell of it, a first time is told once, and
    // a lookup question asks for a value (and a price is never computed: always one).
    if own.is_empty() && !first && !told {
        return Ok(None);
    }
    let kind = asked_kind.unwrap_or(Asked::Amount);
    let question_words = words_of(&question);
    let weight = |t: &str| df.get(t).map_or(0.0, |n| 1.0 / *n as f64);
    let firsts = &lexicon().questions.first;
    let mut best: Vec<Candidate> = Vec::new();
    for (entry, (text, context)) in candidates.iter().zip(&texts) {
        if !in_range(entry) {
            continue;
        }
        // The rest of the entry and its headings and title are read around each sentence.
        let around = |t: &str| holds(t, text) || holds(t, context);
        for sentence in sentences(entry) {
            let heading = entry.under.as_deref() == Some(sentence.as_str());
            let lower_s = sentence.to_lowercase();
            // `planned to go, but cancelled`: no answer to when it was done, unless asked.
            if super::read::is_plan_line(&lower_s)
                || super::read::says_not_done(&lower_s) && !super::read::says_not_done(&question)
            {
                continue;
            }
            let sw = words_of(&lower_s);
            let mut score = 0.0;
            for t in &terms {
                if holds(t, &lower_s) {
                    score += weight(t);
                } else if around(t) {
                    score += weight(t) / 2.0;
                }
            }
            let covered = rare
                .iter()
                .chain(&own)
                .all(|t| holds(t, &lower_s) || around(t));
            if score <= 0.0 || !covered {
                continue;
            }
            // Of two sentences with the same words, the one that says them as the question
            // does (`自転車を買った`, not `自転車の鍵を買った`).
            if question.chars().any(is_spaceless) {
                score += 0.01 * common_run(&question, &lower_s) as f64;
            }
            // The value nearest the question's words in the sentence.
            // The value in the clause with most of the question's words, then nearest them
            // (`582km mit … Kindern im Thule, insgesamt 2426km mit den Kindern`).
            let at: Vec<usize> = terms
                .iter()
                .flat_map(|t| lower_s.match_indices(t.as_str()).map(|(i, _)| i))
                .collect();
            let clause_of = |i: usize| {
                let start = lower_s[..i].rfind([',', ';']).map_or(0, |c| c + 1);
                let end = lower_s[i..]
                    .find([',', ';'])
                    .map_or(lower_s.len(), |c| i + c);
                start..end
            };
            let near = |i: usize| {
                let clause = clause_of(i);
                let held = terms
                    .iter()
                    .filter(|t| lower_s[clause.clone()].contains(t.as_str()))
                    .count();
                let distance = at.iter().map(|a| a.abs_diff(i)).min().unwrap_or(0);
                (100 - held.min(100)) * 100_000 + distance
            };
            let value = match kind {
                Asked::Day if entry.log => Some(String::new()),
                Asked::Day => None,
                k => value(k, &sentence, &question_words, near),
            };
            let Some(value) = value else { continue };
            let says_first = firsts
                .iter()
                .any(|f| holds(f, &lower_s) || holds(f, context));
            let names_asked = sw.iter().any(|w| {
                question_words.contains(w)
                    && (PACE.contains(w) || lexicon().questions.time.iter().any(|t| t == w))
            });
            best.push(Candidate {
                about_period: range_phrase
                    .is_some_and(|p| !p.trim().is_empty() && context.contains(p.trim())),
                score,
                says_first,
                names_asked,
                heading,
                date: entry.date,
                sentence,
                value,
                entry,
            });
        }
    }
    let top = best.iter().map(|b| b.score).fold(0.0, f64::max);
    if top <= 0.0 {
        return Ok(None);
    }
    for b in &best {
        tracing::debug!(
            "lookup candidate {:.2} first={} named={} {} {:?} -> {}",
            b.score,
            b.says_first,
            b.names_asked,
            b.date,
            b.sentence,
            b.value
        );
    }
    // Near the best: for a `first time` question the first that says so (else the
    // first), otherwise the sentence that names what is asked (`time`, `pace`), then the
    // best.
    let near: Vec<&Candidate> = best.iter().filter(|b| b.score >= top * 0.5).collect();
    let last = asks(lower, Cue::Last);
    let chosen = if last && !first {
        // `¿Cuándo regué por última vez?`: the latest of the sentences that tell it best.
        near.into_iter()
            .filter(|b| b.score >= top * 0.999)
            .max_by(|a, b| a.date.cmp(&b.date).then(a.score.total_cmp(&b.score)))
    } else if first {
        let saying: Vec<&&Candidate> = near.iter().filter(|b| b.says_first).collect();
        if saying.is_empty() {
            near.iter().min_by_key(|b| b.date).copied()
        } else {
            saying.into_iter().min_by_key(|b| b.date).copied()
        }
    } else {
        // A distance of the text over the heading's, and the longest of the text's.
        // A measured distance is written as precisely as it was measured (`31,94 km`),
        // a plan or a label in round numbers.
        let precise = |c: &Candidate| {
            kind == Asked::Distance
                && c.value
                    .split_whitespace()
                    .next()
                    .is_some_and(|n| n.contains([',', '.']))
        };
        let key = |c: &Candidate| {
            (
                c.about_period,
                c.names_asked,
                !c.heading || kind != Asked::Distance,
                precise(c),
            )
        };
        near.into_iter()
            .max_by(|a, b| key(a).cmp(&key(b)).then(a.score.total_cmp(&b.score)))
    };
    // The names that found it in four notes or more of the period: a series a computed
    // answer sums or compares, not one thing told once.
    if let Some(c) = chosen.filter(|_| !asks_lookup && !first) {
        // The names that found it, in the sentence or around it.
        let l = c.sentence.to_lowercase();
        // The note's title counts: a post about one event names it there
        // (`review-of-the-city-marathon`), its sentences need not.
        let title = undated(crate::vault::index::stem(&c.entry.source))
            .replace(['-', '_'], " ")
            .to_lowercase();
        let found_by: Vec<&&str> = own
            .iter()
            .chain(&rare)
            .filter(|t| {
                holds(t, &l)
                    || holds(t, &title)
                    || c.entry
                        .under
                        .as_deref()
                        .is_some_and(|u| u.to_lowercase().contains(**t))
            })
            .collect();
        let notes: std::collections::HashSet<&str> = candidates
            .iter()
            .zip(&texts)
            .filter(|(e, (text, context))| {
                in_range(e) && found_by.iter().all(|t| holds(t, text) || holds(t, context))
            })
            .map(|(e, _)| e.source.as_str())
            .collect();
        if !found_by.is_empty() && notes.len() >= 4 {
            return Ok(None);
        }
    }
    Ok(chosen.map(|c| Found {
        entry: c.entry.clone(),
        sentence: c.sentence.clone(),
        value: c.value.clone(),
        date: c.date,
    }))
}

/// The total a review of the asked period states (`April 2011 - 154,1km`, `so kam ich am
/// Ende auf 170km`, `lag schließlich bei 1502 km`): a note whose title names the month or
/// the year asked about, and in it the distance of its title or the one after the last
/// word that tells a result (lexicon `questions.result`). The note is found by its file
/// name (`2011-05-01-April-2011`, `2025-review`).
pub fn reviewed_total(store: &Store, start: NaiveDate, end: NaiveDate) -> Option<Found> {
    use chrono::Datelike;
    let whole_year =
        start.ordinal() == 1 && end.month() == 12 && end.day() == 31 && start.year() == end.year();
    let whole_month = start.day() == 1
        && start.year() == end.year()
        && start.month() == end.month()
        && end.succ_opt().is_some_and(|d| d.day() == 1);
    if !whole_year && !whole_month {
        return None;
    }
    let year = start.year().to_string();
    let names_period = |title: &str| {
        let words = words_of(title);
        let months: Vec<u32> = words
            .iter()
            .filter_map(|w| crate::vault::dating::month(w))
            .collect();
        words.contains(&year.as_str())
            && if whole_month {
                months == [start.month()]
            } else {
                months.is_empty()
            }
    };
    let results = &lexicon().questions.result;
    let mut found: Option<Found> = None;
    for meta in store.index().all() {
        // By its file name: reading every note's title would read every note.
        let stem = undated(crate::vault::index::stem(&meta.rel)).to_lowercase();
        if !names_period(&stem) {
            continue;
        }
        let entries = store.entries_of(meta);
        let title = entries
            .iter()
            .find_map(|e| e.under.clone())
            .unwrap_or_default();
        for entry in &entries {
            for sentence in sentences(entry) {
                let lower = sentence.to_lowercase();
                let is_title = !title.is_empty() && sentence == title;
                let after = if is_title {
                    Some(0)
                } else {
                    results
                        .iter()
                        .filter_map(|r| {
                            super::read::words::find_word(&lower, r).map(|i| i + r.len())
                        })
                        .max()
                };
                let Some(after) = after else { continue };
                // A total of another period (last year's, in the plan for this one) is not
                // this one's.
                let totals = super::read::stated::stated(&sentence, entry.date);
                if !totals.is_empty() && totals.iter().all(|t| t.end < start || t.start > end) {
                    continue;
                }
                let Some(value) = value(Asked::Distance, &lower[after..], &[], |_| 0) else {
                    continue;
                };
                let better = found
                    .as_ref()
                    .is_none_or(|f| is_title && f.sentence != title);
                if better {
                    found = Some(Found {
                        entry: entry.clone(),
                        sentence: sentence.clone(),
                        value,
                        date: entry.date,
                    });
                }
            }
        }
        if found.is_some() {
            return found;
        }
    }
    found
}

/// A sentence that may answer a lookup.
struct Candidate<'e> {
    score: f64,
    says_first: bool,
    names_asked: bool,
    /// The note's title or heading names the period asked about (`Jahresrückblick 2024`).
    about_period: bool,
    /// The sentence is the heading above the entry: a label, where the text under it
    /// tells the measured value (`32km - A to B` over `31,94 km in 3:02 h`).
    heading: bool,
    date: NaiveDate,
    sentence: String,
    value: String,
    entry: &'e Entry,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn topic_words_without_the_question_and_pairs_of_ideographs() {
        assert_eq!(
            terms("what was my london marathon finish time"),
            ["london", "marathon"]
        );
        assert_eq!(terms("健身卡花了多少钱"), ["健身", "身卡"]);
        assert_eq!(
            terms("welche zeit hatte ich beim herzogstadtlauf"),
            ["herzogstadtlauf"]
        );
        // A hyphenated name is one term: `ups` alone would name a sentence to look up.
        for (q, name) in [
            ("how many push-ups did I do in november", "push-ups"),
            ("combien de sit-ups en mars", "sit-ups"),
            ("wie oft bin ich e-bike gefahren", "e-bike"),
        ] {
            let got = terms(q);
            assert!(got.contains(&name.to_string()), "{q}: {got:?}");
            assert!(
                !got.iter().any(|t| t == "ups" || t == "bike"),
                "{q}: {got:?}"
            );
        }
    }

    #[test]
    fn a_term_is_found_as_a_word_or_the_start_of_a_longer_one() {
        // (term, text, found): terms under four letters only as whole words; a word ends
        // where its script changes (`10km`); ideographs anywhere.
        let cases = [
            ("km", "ran 10km today", true),
            ("10", "ran 10km today", true),
            ("run", "running late", false),
            ("run", "a short run.", true),
            ("läufe", "bei 38 läufen", true),
            ("thule", "die thule-fahrt", true),
            ("hule", "die thule-fahrt", false),
            ("best", "5best ever", true),
            ("best", "the bestest", true),
            ("est", "the bestest", false),
            ("aa", "baa aab", false),
            ("aa", "baa aa.", true),
            ("10k", "a 10k race", false),
            ("健身", "办了健身卡", true),
            ("marathon", "半marathon", true),
            ("", "anything", false),
        ];
        for (term, text, found) in cases {
            assert_eq!(holds(term, text), found, "{term:?} in {text:?}");
            // The same as looking it up among the text's words.
            let as_words = has_spaceless(term)
                || words_of(text)
                    .iter()
                    .any(|w| *w == term || term.chars().count() >= 4 && w.starts_with(term));
            assert_eq!(holds(term, text), as_words, "{term:?} in {text:?}");
        }
    }

    #[test]
    fn the_value_asked_for_is_read_from_the_sentence() {
        let q = ["läufe"];
        assert_eq!(
            value(
                Asked::Amount,
                "Im Block waren es 410 km bei 38 Läufen.",
                &q,
                |_| 0
            )
            .as_deref(),
            Some("38 läufen")
        );
        assert_eq!(
            value(
                Asked::Time,
                "Ich lief 4:10/km. Mit den 44:39 auf 10km",
                &q,
                |_| 0
            )
            .as_deref(),
            Some("44:39")
        );
        assert_eq!(
            value(Asked::Cost, "办了健身卡（680卡费+66预订费=746）", &q, |_| 0).as_deref(),
            Some("746")
        );
        assert_eq!(
            value(
                Asked::Distance,
                "Am Ende kam ich auf 31,94 km in 3:02 h.",
                &q,
                |_| 0
            )
            .as_deref(),
            Some("31,94 km")
        );
    }
}
