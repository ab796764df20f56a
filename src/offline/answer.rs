//! The extractive answer: find the entries a question is about (date phrase + keywords
//! expanded through the domain vocabulary) and quote them with wikilink citations.
//! It never interprets: it shows what the notes say and says that no model was used.

use std::collections::BTreeSet;

use chrono::{NaiveDate, Weekday};

use chrono::Datelike;

use super::analyze::{self, Facts};
use super::dates::{find_range, DateRange};
use super::kinds;
use super::provenance::{self, Provenance};
use super::query::{self, Metric, Query, QueryType};
use crate::agents::retriever::Retrieved;
use crate::agents::types::RetrievalAttempt;
use crate::domains::Domains;
use crate::error::Result;
use crate::vault::parsed::ParsedRecord;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// How many entries an answer quotes.
const MAX_QUOTES: usize = 8;

/// An extractive answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtractiveAnswer {
    pub body: String,
    pub sources: Vec<String>,
    /// How each computed figure of the body was computed.
    pub provenance: Vec<Provenance>,
}

/// Topic words of a question, each expanded through the vocabulary.
pub fn keyword_groups(
    question: &str,
    range: Option<&DateRange>,
    domains: &Domains,
) -> Vec<Vec<String>> {
    // Words that carry no topic.
    let stop: BTreeSet<&str> = super::cues::words(super::cues::Cue::NoTopic)
        .iter()
        .map(String::as_str)
        .collect();
    let mut lower = question.to_lowercase();
    if let Some(r) = range {
        lower = lower.replace(&r.phrase, " ");
    }
    let mut seen = BTreeSet::new();
    let mut groups = Vec::new();
    for word in lower.split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\'')) {
        let word = word.trim_matches(['-', '\'']);
        let word = word.strip_suffix("'s").unwrap_or(word);
        if word.len() < 2 || stop.contains(word) || word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let mut group = domains.expand(word);
        group.retain(|t| t != word);
        group.insert(0, word.to_string());
        if let Some(stem) = english_stem(word) {
            if !group.contains(&stem) {
                group.push(stem);
            }
        }
        if seen.insert(group.clone()) {
            groups.push(group);
        }
    }
    groups
}

/// The stem of an English `-ing` or `-ed` word of a question (`reading` -> `read`,
/// `running` -> `run`, `lifted` -> `lift`), so the question finds `Read 30 pages`. Only the
/// question's words are stemmed: `book` still never finds `booked`.
fn english_stem(word: &str) -> Option<String> {
    if !word.is_ascii() || word.len() < 6 {
        return None;
    }
    let base = word
        .strip_suffix("ing")
        .or_else(|| word.strip_suffix("ed"))?;
    let b = base.as_bytes();
    // `running` -> `runn` -> `run`.
    let undoubled = match b {
        [.., x, y] if x == y && !matches!(x, b'l' | b's' | b'e' | b'o') => &base[..base.len() - 1],
        _ => base,
    };
    (undoubled.len() >= 3).then(|| undoubled.to_string())
}

/// What a question is about: its period and its topic words (each group one word and its
/// vocabulary expansions).
#[derive(Debug, Clone)]
pub struct Topic {
    pub range: Option<DateRange>,
    pub groups: Vec<Vec<String>>,
}

/// Finds the entries `question` (asked in a note dated `anchor`) is about: its date phrase
/// and its topic words expanded through the vocabulary. The entries come as the Retriever
/// agent's [`Retrieved`] (best matches first, newest first for a bare period), with the
/// search recorded as its one attempt.
pub fn retrieve(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<(Topic, Retrieved)> {
    let range = find_range(question, anchor, store.config().week_start);
    let groups = keyword_groups(question, range.as_ref(), domains);
    let entries: Vec<Entry> = if groups.is_empty() {
        let mut by_date = match &range {
            Some(r) => store.entries_by_date_range(r.start, r.end),
            None => Vec::new(),
        };
        by_date.sort_by_key(|e| std::cmp::Reverse((e.date, e.time)));
        by_date
    } else {
        store.search(&KeywordSearch {
            groups: groups.clone(),
            match_all: false,
            range: range.as_ref().map(|r| (r.start, r.end)),
        })?
    };
    let attempt = RetrievalAttempt {
        attempt_number: 1,
        strategy: if groups.is_empty() {
            "date_range"
        } else {
            "keyword"
        }
        .to_string(),
        params: serde_json::json!({
            "start": range.as_ref().map(|r| r.start.to_string()),
            "end": range.as_ref().map(|r| r.end.to_string()),
            "keywords": groups.iter().filter_map(|g| g.first()).collect::<Vec<_>>(),
        }),
        entries_found: entries.len(),
        summary: format!("{} entries", entries.len()),
    };
    let found = Retrieved {
        entries,
        attempts: vec![attempt],
        warnings: Vec::new(),
    };
    Ok((Topic { range, groups }, found))
}

/// Adds a cited note to an answer's sources, once.
fn add_source(sources: &mut Vec<String>, note: String) {
    if !sources.contains(&note) {
        sources.push(note);
    }
}

/// The most recent entries matching `groups` (enough to show a few beside an answer).
fn newest_matches(
    store: &Store,
    groups: &[Vec<String>],
    range: &Option<DateRange>,
) -> Result<Vec<Entry>> {
    if groups.is_empty() {
        return Ok(Vec::new());
    }
    store.search_newest(
        &KeywordSearch {
            groups: groups.to_vec(),
            match_all: false,
            range: range.as_ref().map(|r| (r.start, r.end)),
        },
        50,
    )
}

/// Answers `question` asked in a note dated `anchor`: computed facts over the parsed data
/// when the question names a measure, then the supporting entries quoted with citations,
/// and how each computed figure was computed (folded, before the closing line).
pub fn answer(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<ExtractiveAnswer> {
    let mut a = compose(store, domains, question, anchor)?;
    a.body = with_trail(&a.body, &a.provenance, "en");
    Ok(a)
}

/// `body` with the "How this was computed" blocks of `trails` (in language `lang`) before
/// its closing `_..._` line.
pub fn with_trail(body: &str, trails: &[Provenance], lang: &str) -> String {
    if trails.is_empty() {
        return body.to_string();
    }
    let block = provenance::blocks(trails, lang);
    match body.rfind("\n\n_") {
        Some(i) => format!("{}\n\n{block}{}", &body[..i], &body[i..]),
        None => format!("{body}\n\n{block}"),
    }
}

fn compose(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<ExtractiveAnswer> {
    let query = query::read(question, anchor, store.config().week_start, domains);
    // The question's reading may drop a period (`요즘 스쿼트 얼마나 들어?` asks what one lifts now).
    let range = query.range.clone();
    let groups = keyword_groups(question, range.as_ref(), domains);
    let topic = groups
        .iter()
        .map(|g| g.first().cloned().unwrap_or_default())
        .collect::<Vec<_>>();
    let when = range
        .as_ref()
        .map(|r| r.describe())
        .unwrap_or_else(|| "in all your notes".to_string());
    let when = if query.weekends {
        format!("on weekends {when}")
    } else {
        when
    };
    let about = if topic.is_empty() {
        String::new()
    } else {
        format!(" about *{}*", topic.join(", "))
    };
    let link = |r: &ParsedRecord| store.cite_record(r);
    if let Some(found) = looked_up(store, domains, &query, question, &range)? {
        return Ok(found);
    }
    // A computed answer shows only a few other entries beside it, so it needs only the
    // newest matches, not every entry that mentions the subject.
    let numbers = match query.kind {
        QueryType::Tasks => None,
        _ => by_kind(store, domains, &query, &range, &when, anchor, &groups, &[]),
    };
    let found = if numbers.is_some() {
        newest_matches(store, &groups, &range)?
    } else {
        retrieve(store, domains, question, anchor)?.1.entries
    };
    let reply = match query.kind {
        QueryType::Tasks => by_kind(
            store, domains, &query, &range, &when, anchor, &groups, &found,
        ),
        _ => numbers,
    };
    if let Some(reply) = reply {
        let mut body = reply.render();
        let mut sources: Vec<String> = reply.notes.iter().map(|n| store.cite_note(n)).collect();
        if !matches!(
            query.kind,
            QueryType::Tasks | QueryType::List | QueryType::Summary
        ) {
            let others: Vec<&Entry> = found
                .iter()
                .filter(|e| !reply.notes.contains(&e.source))
                .take(3)
                .collect();
            if !others.is_empty() {
                body.push_str("\n\nOther notes that mention it:\n");
                for e in others {
                    body.push_str(&format!("\n- {}: {}", store.cite(e), quote(e, &groups)));
                    add_source(&mut sources, store.cite_note(&e.source));
                }
            }
        }
        body.push_str("\n\n");
        body.push_str(&period_note(question, &range));
        body.push_str("_Answered from your notes without a model: the numbers are computed from what you logged._");
        return Ok(ExtractiveAnswer {
            body,
            sources,
            provenance: reply.provenance,
        });
    }
    let mut body = period_note(question, &range);
    let mut sources: Vec<String> = Vec::new();
    let mut cited_ids: BTreeSet<String> = BTreeSet::new();
    let facts = computed(store, &query, &when, anchor, &link);
    // `지금 PT 몇 회차야?`: the number of the latest session, as the notes number them.
    if facts.is_none() {
        if let Some(n) = super::mentions::latest_numbered(store, question, &groups, range.as_ref())?
        {
            body.push_str(&format!(
                "Your latest *{}* {when} is number **{}**, on {} {}.\n\n_Answered from your notes without a model: the number is read from what you logged._",
                n.words.join(", "),
                n.number,
                n.entry.date.format("%a %b %-d"),
                store.cite(&n.entry)
            ));
            sources.push(store.cite_note(&n.entry.source));
            return Ok(ExtractiveAnswer {
                body,
                sources,
                provenance: Vec::new(),
            });
        }
    }
    // `how many PT sessions this month`: something logged without a number is counted in
    // the days whose entries name it.
    let unmeasured = match (&facts, query.kind, query.metrics.first()) {
        (None, QueryType::Count | QueryType::Total, Some(Metric::Measure { units, .. }))
            if units.is_empty() =>
        {
            super::mentions::days_naming(store, &groups, range.as_ref())?
        }
        _ => None,
    };
    if let Some(named) = unmeasured {
        body.push_str(&named.lead(&when));
        body.push('\n');
        for (date, e) in named.days.iter().take(MAX_QUOTES) {
            body.push_str(&format!(
                "\n- {}: {} {}",
                date.format("%a %b %-d"),
                quote(e, &groups),
                store.cite(e)
            ));
            add_source(&mut sources, store.cite_note(&e.source));
        }
        body.push_str("\n\n_Answered from your notes without a model: the days are counted from what you logged._");
        return Ok(ExtractiveAnswer {
            body,
            sources,
            provenance: Vec::new(),
        });
    }
    match &facts {
        Some(f) => {
            body.push_str(&f.lines.join("\n"));
            body.push_str("\n\n");
            for r in &f.cited {
                cited_ids.insert(r.id.clone());
                add_source(&mut sources, store.cite_note(&r.source_file));
            }
        }
        None if query.kind == QueryType::Correction => {
            body.push_str(&correction(store, &found));
        }
        None => {
            if let Some(metric) = query.metrics.first().filter(|_| needs_numbers(query.kind)) {
                let what = match metric {
                    Metric::Measure { .. } if !topic.is_empty() => {
                        format!("*{}*", topic.join(", "))
                    }
                    m => m.label(),
                };
                match latest_outside(store, domains, &query, anchor) {
                    // Logged before, just not in this period: that is a zero, not a gap.
                    Some(latest) => {
                        if matches!(query.kind, QueryType::Count | QueryType::Total) {
                            body.push_str(&format!("**0**: no {what} logged {when}.\n\n"));
                        } else {
                            body.push_str(&format!("No {what} logged {when}.\n\n"));
                        }
                        body.push_str(&format!("{latest}\n\n"));
                    }
                    None => body.push_str(&format!(
                        "I found no {what} logged {when}, so I cannot compute that. To track it, write {} in a daily note.\n\n",
                        metric.how_to_log()
                    )),
                }
                if !found.is_empty() {
                    body.push_str(
                        "These entries mention it, but hold no number I could read for it:\n\n",
                    );
                }
            }
        }
    }
    if query.kind == QueryType::Recommendation {
        body.push_str("_No model was used, so this is a summary of your recent notes rather than advice._\n\n");
    }
    let supporting: Vec<&Entry> = found
        .iter()
        .filter(|e| !cited_ids.contains(&e.id.0))
        .collect();
    if found.is_empty() && facts.is_none() {
        if body.is_empty() {
            body.push_str(&format!(
                "I found nothing{about} {when}.\n\nIf this is something you track, log it in a daily note and ask again.\n\n"
            ));
        }
        body.push_str("_Answered from your notes without a model._");
        return Ok(ExtractiveAnswer {
            body,
            sources,
            provenance: Vec::new(),
        });
    }
    let limit = if facts.is_some() { 3 } else { MAX_QUOTES };
    if !supporting.is_empty() {
        let days: BTreeSet<NaiveDate> = found.iter().map(|e| e.date).collect();
        if facts.is_some() {
            body.push_str("Other matching entries:\n\n");
        } else {
            body.push_str(&format!(
                "{} {}{about} {when}, on {} {}:\n\n",
                found.len(),
                if found.len() == 1 { "entry" } else { "entries" },
                days.len(),
                if days.len() == 1 { "day" } else { "days" },
            ));
        }
        for entry in supporting.iter().take(limit) {
            let link = store.cite(entry);
            // Reference text (a plan, a recipe) has no date to show.
            let when = if entry.log {
                format!("{} ", entry.date.format("%a %b %-d"))
            } else {
                String::new()
            };
            body.push_str(&format!("- {when}{link}: {}\n", quote(entry, &groups)));
            add_source(&mut sources, store.cite_note(&entry.source));
        }
        if supporting.len() > limit {
            let lines = supporting.iter().map(|entry| {
                format!(
                    "{} {}: {}",
                    entry.date.format("%a %b %-d"),
                    store.cite(entry),
                    quote(entry, &groups)
                )
            });
            body.push('\n');
            body.push_str(&kinds::folded(lines, supporting.len()));
            for entry in &supporting {
                add_source(&mut sources, store.cite_note(&entry.source));
            }
        }
        body.push('\n');
    }
    if facts.is_some() {
        body.push_str("_Answered from your notes without a model: the numbers are computed from what you logged._");
    } else {
        body.push_str("_Answered from your notes without a model: these are the matching entries, best matches first, not an interpretation._");
    }
    Ok(ExtractiveAnswer {
        body,
        sources,
        provenance: facts.map(|f| f.provenance).unwrap_or_default(),
    })
}

/// The answer of a question about one thing the notes tell once (see [`super::lookup`]).
fn looked_up(
    store: &Store,
    domains: &Domains,
    query: &Query,
    question: &str,
    range: &Option<DateRange>,
) -> Result<Option<ExtractiveAnswer>> {
    if !matches!(
        query.kind,
        QueryType::Lookup
            | QueryType::Count
            | QueryType::Total
            | QueryType::Last
            | QueryType::Average
            | QueryType::Max
            | QueryType::Min
    ) {
        return Ok(None);
    }
    let lower = question.to_lowercase();
    let reviewed = match (&query.kind, query.metrics.first(), range) {
        (QueryType::Total, Some(Metric::Distance), Some(r))
            if !super::lookup::asks_other_than_amount(&lower) =>
        {
            super::lookup::reviewed_total(store, r.start, r.end)
        }
        _ => None,
    };
    let found = match reviewed {
        Some(found) => Some(found),
        None => super::lookup::find(
            store,
            domains,
            query.kind == QueryType::Lookup,
            &lower,
            range.as_ref().map(|r| (r.start, r.end)),
            range.as_ref().map(|r| r.phrase.as_str()),
        )?,
    };
    let Some(found) = found else {
        return Ok(None);
    };
    let e = &found.entry;
    let day = found.date.format("%a %b %-d, %Y").to_string();
    let lead = if found.value.is_empty() {
        format!("**{day}** {}", store.cite(e))
    } else {
        format!("**{}**, on {day} {}", found.value, store.cite(e))
    };
    let body = format!(
        "{lead}: \"{}\"\n\n_Answered from your notes without a model: read from the one place they tell it._",
        found.sentence.trim()
    );
    Ok(Some(ExtractiveAnswer {
        body,
        sources: vec![store.cite_note(&e.source)],
        provenance: Vec::new(),
    }))
}

/// The answer of the kinds computed in [`super::kinds`], when the question is one of them
/// and there is something to show.
#[allow(clippy::too_many_arguments)]
fn by_kind(
    store: &Store,
    domains: &Domains,
    query: &Query,
    range: &Option<DateRange>,
    when: &str,
    anchor: NaiveDate,
    groups: &[Vec<String>],
    found: &[Entry],
) -> Option<kinds::Reply> {
    let link = |r: &ParsedRecord| store.cite_record(r);
    let span = || match range {
        Some(r) => Some((r.start, r.end)),
        None => store.index().span(),
    };
    match query.kind {
        QueryType::Tasks => {
            let topic: Vec<Vec<String>> = groups
                .iter()
                .filter(|g| {
                    !super::cues::asks(&g[0], super::cues::Cue::Tasks)
                        && !TASK_FILLER.contains(&g[0].as_str())
                })
                .cloned()
                .collect();
            let subject: Vec<String> = topic.iter().map(|g| g[0].clone()).collect();
            let entries = if topic.is_empty() {
                store.entries_by_glob("**").unwrap_or_default()
            } else {
                let mut all = store
                    .search(&KeywordSearch {
                        groups: topic.clone(),
                        match_all: false,
                        range: None,
                    })
                    .unwrap_or_default();
                all.extend(found.iter().cloned());
                all
            };
            kinds::tasks::reply(store, &entries, &topic, &subject.join(" "))
        }
        QueryType::Summary => {
            let (start, end, when) = match range {
                Some(r) => (r.start, r.end, when.to_string()),
                None => {
                    let r = find_range("this week", anchor, store.config().week_start)?;
                    (r.start, r.end, format!("this week ({})", r.label()))
                }
            };
            kinds::digest::summary(&when, &store.records_between(start, end), &link)
        }
        QueryType::List => {
            let r = range.as_ref()?;
            kinds::digest::list(store, domains, query, when, (r.start, r.end))
        }
        QueryType::Count
        | QueryType::Total
        | QueryType::Average
        | QueryType::Last
        | QueryType::Max
        | QueryType::Min
        | QueryType::Trend
            if !query.preceding_days =>
        {
            let (start, end) = span()?;
            // Only the first measure is computed: read the records of its domain, and of a
            // lift only those with a weighed set of it (its points, unless the question asks
            // for volume, reps or a max, which read its bodyweight sets too, or it has none).
            let records = match query.metrics.first() {
                Some(Metric::Lift(name))
                    if query.lift_ask.is_none()
                        && !super::read::BODYWEIGHT.contains(&name.as_str()) =>
                {
                    // A lift never weighed there (planks, air squats) is read in reps.
                    let weighed = store.records_lifting(start, end, name);
                    if weighed.is_empty() {
                        store.records_in(start, end, &["strength"])
                    } else {
                        weighed
                    }
                }
                Some(metric) => match metric.domains() {
                    Some(domains) => store.records_in(start, end, domains),
                    None => store.records_between(start, end),
                },
                None => store.records_between(start, end),
            };
            let records: Vec<ParsedRecord> = match query.weekday {
                Some(w) => records
                    .into_iter()
                    .filter(|r| r.date.weekday() == w)
                    .collect(),
                None => records,
            };
            let records = query.runs.apply(on_asked_days(query, records));
            if query.streak {
                let all = store.records_in(start.min(anchor), anchor, &["strength", "running"]);
                return kinds::numbers::week_streak(anchor, store.config().week_start, &all, &link);
            }
            if query.rest_days {
                let only_runs = matches!(
                    query.metrics.first(),
                    Some(Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace)
                );
                return kinds::numbers::rest_days(
                    (start, end.min(anchor)),
                    only_runs,
                    when,
                    &records,
                    &link,
                );
            }
            kinds::numbers::reply(query, when, &records, &link)
        }
        _ => None,
    }
}

/// Words of a task question that are not its subject.
const TASK_FILLER: &[&str] = &[
    "left",
    "open",
    "still",
    "remaining",
    "남은",
    "할",
    "일은",
    "일",
    "pending",
];

/// When the question names a period that could not be read ("since my birthday"), says
/// so: the answer then covers all the notes.
fn period_note(question: &str, range: &Option<DateRange>) -> String {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?i)\b(?:since|after|before|during|around)\s+(?:my|the|our|last)\s+[\w ]{2,30}",
        )
        .expect("valid regex")
    });
    match (range, re.find(question)) {
        (None, Some(m)) => format!(
            "_I could not tell which dates “{}” means, so this covers all your notes._\n\n",
            m.as_str().trim()
        ),
        _ => String::new(),
    }
}

/// Whether the query type is about numbers (so "nothing logged" is worth saying).
fn needs_numbers(kind: QueryType) -> bool {
    !matches!(
        kind,
        QueryType::Lookup | QueryType::Recommendation | QueryType::Correction
    )
}

/// The computed facts for a query, over its period (or all notes).
/// For a question about a period with nothing in it: the latest of what it asks about at
/// any time (none when it was never logged, or the question names no period).
fn latest_outside(
    store: &Store,
    domains: &Domains,
    query: &Query,
    anchor: NaiveDate,
) -> Option<String> {
    query.range.as_ref()?;
    let last = Query {
        kind: QueryType::Last,
        range: None,
        other_range: None,
        weekday: None,
        weekends: false,
        rest_days: false,
        per_week: false,
        per_month: false,
        which_month: false,
        streak: false,
        ..query.clone()
    };
    let when = "in all your notes";
    if let Some(reply) = by_kind(store, domains, &last, &None, when, anchor, &[], &[]) {
        return Some(reply.head.join(" "));
    }
    let link = |r: &ParsedRecord| store.cite_record(r);
    let facts = computed(store, &last, when, anchor, &link)?;
    facts.lines.into_iter().find(|l| !l.trim().is_empty())
}

/// Only the weekend's records when the question asks about weekends.
fn on_asked_days(query: &Query, records: Vec<ParsedRecord>) -> Vec<ParsedRecord> {
    if !query.weekends {
        return records;
    }
    records
        .into_iter()
        .filter(|r| matches!(r.date.weekday(), Weekday::Sat | Weekday::Sun))
        .collect()
}

fn computed(
    store: &Store,
    query: &Query,
    when: &str,
    anchor: NaiveDate,
    link: analyze::Link,
) -> Option<Facts> {
    if query.kind == QueryType::Recommendation {
        return recent_summary(store, anchor, link);
    }
    let (start, end) = match &query.range {
        Some(r) => (r.start, r.end),
        None => store.index().span()?,
    };
    // The period and the two months before it (what is usual), read once.
    let baseline = store.records_between(start - chrono::Duration::days(60), end);
    let records = within(&baseline, start);
    let other = query
        .other_range
        .as_ref()
        .map(|r| (r.describe(), store.records_between(r.start, r.end)));
    let records: Vec<ParsedRecord> = match query.weekday {
        Some(w) if query.kind != QueryType::Weekday => records
            .into_iter()
            .filter(|r| r.date.weekday() == w)
            .collect(),
        _ => records,
    };
    let records = on_asked_days(query, records);
    analyze::compute(
        query,
        when,
        &records,
        other.as_ref().map(|(w, r)| (w.as_str(), r.as_slice())),
        &baseline,
        link,
    )
}

/// The records dated `start` or later (the rest of `records` is the wider baseline).
fn within(records: &[ParsedRecord], start: NaiveDate) -> Vec<ParsedRecord> {
    records
        .iter()
        .filter(|r| r.date >= start)
        .cloned()
        .collect()
}

/// The last two weeks in numbers: runs, strength, best lifts, sleep.
fn recent_summary(store: &Store, anchor: NaiveDate, link: analyze::Link) -> Option<Facts> {
    let start = anchor - chrono::Duration::days(13);
    let when = format!(
        "in the last two weeks ({} – {})",
        start.format("%b %-d"),
        anchor.format("%b %-d")
    );
    let baseline = store.records_between(anchor - chrono::Duration::days(60), anchor);
    let records = within(&baseline, start);
    let mut out = Facts::default();
    let mut ask = |kind: QueryType, metric: Metric| {
        let q = Query {
            kind,
            metrics: vec![metric],
            range: None,
            other_range: None,
            weekday: None,
            weekends: false,
            rest_days: false,
            per_week: false,
            per_month: false,
            which_month: false,
            streak: false,
            preceding_days: false,
            target_km: None,
            runs: Default::default(),
            miles: false,
            food: false,
            lift_ask: None,
        };
        if let Some(f) = analyze::compute(&q, &when, &records, None, &baseline, link) {
            out.lines.push(f.lines[0].clone());
            out.cited.extend(f.cited.into_iter().take(1));
            out.provenance.extend(f.provenance);
        }
    };
    ask(QueryType::Count, Metric::Runs);
    ask(QueryType::Count, Metric::Workouts);
    let lifts = super::metric::lift_names(&records);
    for lift in lifts {
        ask(QueryType::Max, Metric::Lift(lift));
    }
    ask(QueryType::Average, Metric::Sleep);
    ask(QueryType::Average, Metric::Stress);
    (!out.lines.is_empty()).then(|| {
        out.lines = out.lines.iter().map(|l| format!("- {l}")).collect();
        out.lines.insert(0, String::new());
        out.lines
            .insert(0, format!("Your training and recovery {when}:"));
        out
    })
}

/// An honest reply to a correction: the entry it is about, and how to fix it.
fn correction(store: &Store, found: &[Entry]) -> String {
    match found.first() {
        Some(entry) => format!(
            "This looks like a correction. The entry it is most likely about is {} (“{}”). \
             Edit that line in the note to fix it: the parsed data is rebuilt from the note on \
             the next pass, so the correction is kept where you can see it.\n\n",
            store.cite(entry),
            entry.text.lines().find(|l| !l.trim().is_empty()).unwrap_or("").trim().trim_start_matches("- ")
        ),
        None => "This looks like a correction, but I could not find the entry it is about. Edit the note that holds it: the parsed data follows the note.\n\n".to_string(),
    }
}

/// One line of the entry, preferring the first that mentions a keyword, shortened.
fn quote(entry: &Entry, groups: &[Vec<String>]) -> String {
    let lines: Vec<&str> = entry
        .text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let hits = |line: &str| {
        let lower = line.to_lowercase();
        groups.iter().flatten().any(|t| lower.contains(t.as_str()))
    };
    let line = lines
        .iter()
        .find(|l| hits(l))
        .or(lines.first())
        .copied()
        .unwrap_or("");
    let line = line.trim().trim_start_matches(['-', '*', '+']).trim();
    let mut short: String = line.chars().take(160).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    format!("“{}”", short.replace(['[', ']'], ""))
}
