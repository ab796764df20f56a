//! "How many PT sessions this month", "how often did I go climbing": a count of something
//! logged without a number (`PT 21회차 - 상체`, `CrossFit class, brutal WOD`) is the number
//! of days whose log entries name it.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::cues::{self, Cue};
use super::dates::DateRange;
use super::kinds::count;
use super::lookup;
use super::read::lexicon::lexicon;
use super::read::{find_word, own_log_text, wod};
use crate::domains::has_spaceless;
use crate::error::Result;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// Words of a count question that name no thing counted: what it is counted by
/// (`sessions`, `fois`) and the little words of the languages asked in (the question's
/// English ones are gone already, see [`super::answer::keyword_groups`]).
const NOT_THINGS: &[&str] = &[
    "session",
    "sessions",
    "class",
    "classes",
    "times",
    "time",
    "days",
    "day",
    "visits",
    "workouts",
    "de",
    "du",
    "des",
    "la",
    "le",
    "les",
    "j'ai",
    "ai",
    "je",
    "fois",
    "mon",
    "ma",
    "mes",
    "ce",
    "cette",
    "au",
    "en",
    "et",
    "est",
    "que",
    "séances",
    "del",
    "el",
    "los",
    "las",
    "veces",
    "mi",
    "mis",
    "fui",
    "hice",
    "der",
    "die",
    "das",
    "den",
    "dem",
    "ich",
    "oft",
    "mal",
    "im",
    "bei",
    "beim",
    "am",
    "zum",
    "zur",
    "war",
    "habe",
    "hab",
    "bin",
    "einheiten",
    "번",
    "회",
    "했지",
    "했어",
    "했나",
    "했니",
    "했는지",
    "했더라",
    "했음",
    "갔지",
    "갔어",
    "받았지",
    "받았어",
    "次",
    "回",
];

/// What a count of something unmeasured found: the words counted, and each day naming
/// them (newest first) with its first such entry.
pub struct Named {
    pub words: Vec<String>,
    pub days: Vec<(NaiveDate, Entry)>,
    /// How many times: each list item naming them, and each day of prose that does.
    pub times: usize,
}

/// The days in `range` with a log entry naming every one of the question's `groups` that
/// names a thing (see [`things`]) in its text or its heading (`## CrossFit`), newest first,
/// each with its first such entry; `None` when the question names nothing logged, or no
/// day in `range` names it.
pub fn days_naming(
    store: &Store,
    groups: &[Vec<String>],
    range: Option<&DateRange>,
) -> Result<Option<Named>> {
    let candidates = match range {
        // A period of reference notes only (their files all dated by when they were saved)
        // names nothing logged: its notes are not read.
        Some(r) if !store.holds_logs_between(r.start, r.end) => Vec::new(),
        Some(r) => store.entries_by_date_range(r.start, r.end),
        // Log entries of any day: the reference notes that name it are not read.
        None => store.search(&KeywordSearch {
            groups: groups.to_vec(),
            match_all: false,
            range: NaiveDate::from_ymd_opt(1, 1, 1).zip(NaiveDate::from_ymd_opt(9999, 12, 31)),
        })?,
    };
    let logs: Vec<(String, Entry)> = candidates
        .into_iter()
        .filter(|e| e.log)
        .map(|e| (searchable(&e), e))
        .collect();
    if logs.is_empty() {
        return Ok(None);
    }
    let things = things(store, groups, &logs)?;
    if things.is_empty() {
        return Ok(None);
    }
    let mut days: BTreeMap<NaiveDate, Entry> = BTreeMap::new();
    // Per day, the items of a list that name it (`- 地铁 4元` twice is twice).
    let mut items: BTreeMap<NaiveDate, usize> = BTreeMap::new();
    for (text, e) in logs {
        if things.iter().all(|g| names(&text, g)) {
            *items.entry(e.date).or_default() += listed(&e.text, &things);
            days.entry(e.date).or_insert(e);
        }
    }
    // None that day: said the usual way (nothing logged then, and when it last was).
    if days.is_empty() {
        return Ok(None);
    }
    let times = items.values().map(|n| (*n).max(1)).sum();
    Ok(Some(Named {
        words: things.iter().map(|g| g[0].clone()).collect(),
        days: days.into_iter().rev().collect(),
        times,
    }))
}

/// How many items of the text's lists name every group of `things`.
fn listed(text: &str, things: &[Vec<String>]) -> usize {
    text.lines()
        .map(str::trim_start)
        .filter(|l| {
            l.starts_with(['-', '*', '+'])
                || l.starts_with(|c: char| c.is_ascii_digit()) && l.contains(". ")
        })
        .map(str::to_lowercase)
        .filter(|l| things.iter().all(|g| names(l, g)))
        .count()
}

/// An entry's heading and what its text tells of the person's own log (see
/// [`own_log_text`]: `내일 PT 예약` is no PT that day), lowercase.
fn searchable(e: &Entry) -> String {
    let mut text = String::new();
    for part in [&e.heading, &e.under].into_iter().flatten() {
        text.push_str(&part.to_lowercase());
        text.push('\n');
    }
    text.push_str(&own_log_text(&e.text));
    text
}

/// Whether `text` names one of `group`'s words; a workout of the day is also named by its
/// opener or heading (`For time: 5 RFT`, `AMRAP 12:`, `## CrossFit`) without the word WOD.
fn names(text: &str, group: &[String]) -> bool {
    group.iter().any(|w| {
        find_word(text, w).is_some()
            || w.chars().all(crate::offline::read::words::is_hangul) && lookup::holds(w, text)
    }) || group.iter().any(|w| w == "wod")
        && text
            .lines()
            .any(|line| wod::opens(line) || wod::heading(line.trim_start_matches('#').trim()))
}

/// The groups that name a thing: not a word a count is asked with (`몇`, `sessions`) and
/// longer than one letter. None when one of them is written in no note: what is asked
/// for was never logged (`combien de fois j'ai nagé`).
fn things(
    store: &Store,
    groups: &[Vec<String>],
    logs: &[(String, Entry)],
) -> Result<Vec<Vec<String>>> {
    let mut out = Vec::new();
    // `我看了几次电影`: a spaceless run is its parts between function and count words.
    let parted: Vec<Vec<String>> = groups
        .iter()
        .flat_map(|g| match g.as_slice() {
            [word] if has_spaceless(word) => spaceless_parts(word),
            _ => vec![g.clone()],
        })
        .collect();
    // A Korean question ends in its verb (`몇 번 봤어?`), which a note writes in another
    // form (`봤다`): set aside when no note holds it as asked.
    let predicate = parted
        .iter()
        .rposition(|g| g[0].chars().all(crate::offline::read::words::is_hangul));
    for (at, group) in parted.iter().enumerate() {
        let word = group[0].as_str();
        // A word of a count's phrase (`vezes` of `quantas vezes`) or a function word
        // (`fui`, `ao`) names nothing.
        let asking = [Cue::Count, Cue::HowMany, Cue::Training]
            .into_iter()
            .any(|cue| {
                cues::words(cue)
                    .iter()
                    .any(|w| w == word || w.split_whitespace().any(|part| part == word))
            })
            || lexicon().questions.function.iter().any(|w| w == word)
            || NOT_THINGS.contains(&word);
        if asking || word.chars().count() < 2 {
            continue;
        }
        // `wods` finds `WOD`.
        let mut group = group.clone();
        if let Some(one) = word
            .strip_suffix('s')
            .filter(|w| w.is_ascii() && w.len() >= 2)
        {
            group.push(one.to_string());
        }
        let anywhere = KeywordSearch {
            groups: vec![group.clone()],
            match_all: true,
            range: None,
        };
        if !logs.iter().any(|(text, _)| names(text, &group))
            && store.search_newest(&anywhere, 1)?.is_empty()
        {
            if Some(at) == predicate {
                continue;
            }
            return Ok(Vec::new());
        }
        out.push(group);
    }
    Ok(out)
}

/// The parts of a spaceless question word, two letters or more, between the lexicon's
/// function words and the words a count is asked with (`我看了几次电影`: `电影`).
fn spaceless_parts(word: &str) -> Vec<Vec<String>> {
    let mut closed: Vec<&String> = [Cue::Count, Cue::HowMany, Cue::Last]
        .into_iter()
        .flat_map(cues::words)
        .chain(&lexicon().questions.function)
        .filter(|w| has_spaceless(w))
        .collect();
    closed.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
    let mut rest = word.to_string();
    for w in closed {
        rest = rest.replace(w.as_str(), " ");
    }
    rest.split_whitespace()
        .filter(|p| p.chars().count() >= 2)
        .map(|p| vec![p.to_string()])
        .collect()
}

/// Words that ask for the number of the latest session (`지금 PT 몇 회차야?`, `PT何回目?`,
/// `第几次私教`, `what PT session number am I on`), and the little words around them.
const ORDINAL_ASKS: &[&str] = &["회차", "回目", "第几", "session number", "which session"];
const ORDINAL_WORDS: &[&str] = &[
    "지금",
    "이번",
    "마지막",
    "몇",
    "何",
    "now",
    "what",
    "which",
    "number",
    "am",
    "i",
    "on",
    "at",
    "is",
    "my",
    "current",
    "현재",
    "last",
    "latest",
];

/// The latest numbered session of what the question names: its number and its entry.
pub struct Numbered {
    pub words: Vec<String>,
    pub number: u32,
    pub entry: Entry,
}

/// For a question asking which session it is now (see [`ORDINAL_ASKS`]): the newest log
/// entry naming the question's thing with a session number (`# PT 22회차`, `PT 5回目`,
/// `第12次`, `session #12`), within `range` if the question has one.
pub fn latest_numbered(
    store: &Store,
    question: &str,
    groups: &[Vec<String>],
    range: Option<&DateRange>,
) -> Result<Option<Numbered>> {
    let lower = question.to_lowercase();
    if !ORDINAL_ASKS.iter().any(|w| lower.contains(w)) {
        return Ok(None);
    }
    let things: Vec<Vec<String>> = groups
        .iter()
        .filter(|g| {
            let w = g[0].as_str();
            !ORDINAL_WORDS.contains(&w) && !ORDINAL_ASKS.iter().any(|a| w.contains(a))
        })
        .map(|g| {
            // `PT는`: a Korean particle glued to a word in Latin letters.
            g.iter()
                .map(|w| match w.find(|c: char| !c.is_ascii()) {
                    Some(i) if i > 0 && w[i..].chars().all(super::read::is_hangul) => {
                        w[..i].to_string()
                    }
                    _ => w.clone(),
                })
                .collect()
        })
        .collect();
    // The latest is looked for in the last month first, then further back: an entry may
    // name it only in its heading (`# PT 22회차`), which the word index does not hold.
    let windows: Vec<Option<DateRange>> = match (range, store.index().span()) {
        (Some(r), _) => vec![Some(r.clone())],
        (None, Some((first, last))) => [31, 92, 366]
            .iter()
            .map(|days| {
                let start = (last - chrono::Duration::days(*days)).max(first);
                Some(DateRange {
                    start,
                    end: last,
                    phrase: String::new(),
                })
            })
            .chain(std::iter::once(None))
            .collect(),
        (None, None) => return Ok(None),
    };
    let mut found = None;
    for window in &windows {
        found = days_naming(store, &things, window.as_ref())?;
        if found.is_some() {
            break;
        }
    }
    let Some(named) = found else {
        return Ok(None);
    };
    static NUMBER: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let number = NUMBER.get_or_init(|| {
        regex::Regex::new(r"(\d{1,4})\s*(?:회차|回目)|第\s*(\d{1,4})\s*次|(?:session|class)\s*(?:#|no\.?\s*)?(\d{1,4})\b")
            .expect("session number pattern compiles")
    });
    for (_, first) in &named.days {
        // Every entry of that day, the one quoted first.
        let day = store.entries_by_date_range(first.date, first.date);
        for e in std::iter::once(first).chain(day.iter().filter(|e| e.log)) {
            let text = searchable(e);
            let found = number.captures(&text).and_then(|c| {
                (1..=3)
                    .find_map(|i| c.get(i))
                    .and_then(|m| m.as_str().parse().ok())
            });
            if let Some(n) = found {
                return Ok(Some(Numbered {
                    words: named.words.clone(),
                    number: n,
                    entry: e.clone(),
                }));
            }
        }
    }
    Ok(None)
}

impl Named {
    /// The answer's lead: `**3 days** with *pt* in a log entry this month (…)`; asked how
    /// many times, and told more often than on as many days, `**131** this month (73 days)`.
    pub fn lead(&self, when: &str, times_asked: bool) -> String {
        if times_asked && self.times > self.days.len() {
            let filter = format!(" ({})", count(self.days.len(), "day"));
            return crate::offline::say::t(
                "rows_count",
                &[
                    ("n", &count(self.times, "time")),
                    ("noun", ""),
                    ("when", when),
                    ("filter", &filter),
                ],
            );
        }
        crate::offline::say::t(
            "named_days",
            &[
                ("days", &count(self.days.len(), "day")),
                ("what", &self.words.join(", ")),
                ("when", when),
            ],
        )
    }
}
