//! The extractive answer: find the entries a question is about (date phrase + keywords
//! expanded through the domain vocabulary) and quote them with wikilink citations.
//! It never interprets: it shows what the notes say and says that no model was used.

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::dates::{find_range, DateRange};
use crate::domains::Domains;
use crate::error::Result;
use crate::vault::store::KeywordSearch;
use crate::vault::{Entry, Store};

/// How many entries an answer quotes.
const MAX_QUOTES: usize = 8;

/// Words that carry no topic.
const STOPWORDS: &str = "a about after all am an and any are as at be been before best
    but by can could did do does doing done during each ever for from get got had has have how
    i i'm if in into is it its just last least many me more most much my myself of on once or
    our over past should since so than that the their them then there these they this those
    time times to total until up usually was we week weeks month months were what what's when
    where which while who why will with would year years you your average avg often day days
    yesterday today tonight morning show tell list give compare versus vs between much well
    feel felt like go went next please fix not no yes entry entries note notes there's
    focus-on should've need want know";

/// An extractive answer.
#[derive(Debug, Clone, PartialEq)]
pub struct ExtractiveAnswer {
    pub body: String,
    pub sources: Vec<String>,
    /// Entries quoted (for logs and tests).
    pub quoted: usize,
}

/// Topic words of a question, each expanded through the vocabulary.
pub fn keyword_groups(
    question: &str,
    range: Option<&DateRange>,
    domains: &Domains,
) -> Vec<Vec<String>> {
    let stop: BTreeSet<&str> = STOPWORDS.split_whitespace().collect();
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
        if seen.insert(group.clone()) {
            groups.push(group);
        }
    }
    groups
}

/// What a question is about and the entries that match it.
#[derive(Debug, Clone)]
pub struct Retrieved {
    pub range: Option<DateRange>,
    pub groups: Vec<Vec<String>>,
    /// Matching entries, newest first.
    pub entries: Vec<Entry>,
}

/// Finds the entries `question` (asked in a note dated `anchor`) is about: its date phrase
/// and its topic words expanded through the vocabulary.
pub fn retrieve(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<Retrieved> {
    let range = find_range(question, anchor);
    let groups = keyword_groups(question, range.as_ref(), domains);
    let mut entries: Vec<Entry> = if groups.is_empty() {
        match &range {
            Some(r) => store.entries_by_date_range(r.start, r.end),
            None => Vec::new(),
        }
    } else {
        store.search(&KeywordSearch {
            groups: groups.clone(),
            match_all: false,
            range: range.as_ref().map(|r| (r.start, r.end)),
        })?
    };
    entries.sort_by_key(|e| std::cmp::Reverse((e.date, e.time)));
    Ok(Retrieved {
        range,
        groups,
        entries,
    })
}

/// Answers `question` asked in a note dated `anchor`.
pub fn answer(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<ExtractiveAnswer> {
    let Retrieved {
        range,
        groups,
        entries: found,
    } = retrieve(store, domains, question, anchor)?;
    let topic = groups
        .iter()
        .map(|g| g.first().cloned().unwrap_or_default())
        .collect::<Vec<_>>();
    let when = range
        .as_ref()
        .map(|r| format!("{} ({})", r.phrase, r.label()))
        .unwrap_or_else(|| "in all your notes".to_string());
    let about = if topic.is_empty() {
        String::new()
    } else {
        format!(" about *{}*", topic.join(", "))
    };
    if found.is_empty() {
        let body = format!(
            "I found nothing{about} {when}.\n\nIf this is something you track, log it in a daily note \
             and ask again.\n\n_Answered from your notes without a model._"
        );
        return Ok(ExtractiveAnswer {
            body,
            sources: Vec::new(),
            quoted: 0,
        });
    }
    let days: BTreeSet<NaiveDate> = found.iter().map(|e| e.date).collect();
    let mut body = format!(
        "{} {}{about} {when}, on {} {}:\n\n",
        found.len(),
        if found.len() == 1 { "entry" } else { "entries" },
        days.len(),
        if days.len() == 1 { "day" } else { "days" },
    );
    let mut sources = Vec::new();
    for entry in found.iter().take(MAX_QUOTES) {
        let link = store.cite(entry);
        body.push_str(&format!(
            "- {} {}: {}\n",
            entry.date.format("%a %b %-d"),
            link,
            quote(entry, &groups)
        ));
        let note_link = store.cite_note(&entry.source);
        if !sources.contains(&note_link) {
            sources.push(note_link);
        }
    }
    if found.len() > MAX_QUOTES {
        let oldest = found.last().expect("not empty").date;
        body.push_str(&format!(
            "- … and {} more, back to {}\n",
            found.len() - MAX_QUOTES,
            oldest.format("%b %-d, %Y")
        ));
    }
    body.push_str("\n_Answered from your notes without a model: these are the matching entries, newest first, not an interpretation._");
    Ok(ExtractiveAnswer {
        body,
        sources,
        quoted: found.len().min(MAX_QUOTES),
    })
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
