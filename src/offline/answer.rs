//! The extractive answer: find the entries a question is about (date phrase + keywords
//! expanded through the domain vocabulary) and quote them with wikilink citations.
//! It never interprets: it shows what the notes say and says that no model was used.

use std::collections::BTreeSet;

use chrono::{NaiveDate, Weekday};

use chrono::Datelike;

use super::analyze::{self, Facts};
use super::chart;
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
    let lexicon = super::read::lexicon::lexicon();
    let words = lower
        .split(|c: char| !(c.is_alphanumeric() || c == '-' || c == '\''))
        .flat_map(|word| match japanese_runs(word) {
            Some(runs) => runs
                .into_iter()
                .filter(|r| !lexicon.only_small_words(r))
                .collect(),
            None => vec![word],
        });
    for word in words {
        let word = word.trim_matches(['-', '\'']);
        let word = word.strip_suffix("'s").unwrap_or(word);
        if word.len() < 2 || stop.contains(word) || word.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let mut group = domains.expand(word);
        group.retain(|t| t != word);
        group.insert(0, word.to_string());
        // `한강공원에` finds `한강공원 가서`: a Korean word without what is glued to it.
        let korean = super::read::lexicon::lexicon().particle_stem(word);
        let korean = (korean != word && word.chars().all(super::read::words::is_hangul))
            .then(|| korean.to_string());
        let conjugated = super::lookup::conjugations(word);
        for stem in english_stem(word)
            .into_iter()
            .chain(korean)
            .chain(conjugated)
        {
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

/// A Japanese run of text (`最後にジムに行ったのはいつ`) as its words: the runs of katakana
/// and of kanji two or more long (`最後`, `ジム`); the kana between them are particles and
/// endings. `None` for a word with no kana (Chinese, or any spaced language).
fn japanese_runs(word: &str) -> Option<Vec<&str>> {
    use super::read::words::{is_han, is_katakana};
    let hiragana = |c: char| matches!(c, '\u{3041}'..='\u{309F}');
    if !word.chars().any(|c| hiragana(c) || is_katakana(c)) {
        return None;
    }
    let script = |c: char| match c {
        _ if is_katakana(c) => 1,
        _ if is_han(c) => 2,
        _ if c.is_ascii_alphanumeric() => 3,
        _ => 0,
    };
    let mut runs = Vec::new();
    let mut start = None;
    let mut kind = 0;
    for (i, c) in word.char_indices().chain([(word.len(), ' ')]) {
        let k = if i == word.len() { 0 } else { script(c) };
        if k != kind {
            if let Some(s) = start.take() {
                let run = &word[s..i];
                if kind != 0 && run.chars().count() >= 2 {
                    runs.push(run);
                }
            }
            if k != 0 {
                start = Some(i);
            }
            kind = k;
        }
    }
    Some(runs)
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

/// What a question asks, read once: its reading ([`Query`]: kind, measures, periods,
/// filters, grouping), its topic words, and the language to answer in. Every answer of the
/// offline engine starts from it.
#[derive(Debug, Clone)]
pub struct Frame {
    pub question: String,
    pub query: Query,
    /// The question's topic words, each with its vocabulary expansions.
    pub groups: Vec<Vec<String>>,
    /// The language file the answer is written from (`en`, `ko`, ...).
    pub lang: &'static str,
    /// Asks when, or what last: the newest mention answers it, not the best match.
    pub asks_when: bool,
}

impl Frame {
    /// Reads `question` asked in a note dated `anchor`, weeks starting on `week_start`.
    pub fn read(
        question: &str,
        anchor: NaiveDate,
        week_start: Weekday,
        domains: &Domains,
    ) -> Frame {
        let query = query::read(question, anchor, week_start, domains);
        // The question's reading may drop a period (`요즘 스쿼트 얼마나 들어?` asks what one
        // lifts now): the topic words are those outside the period it kept.
        let groups = keyword_groups(question, query.range.as_ref(), domains);
        let asks_when = query.kind == QueryType::Last
            || super::cues::asks(&question.to_lowercase(), super::cues::Cue::When);
        Frame {
            question: question.to_string(),
            query,
            groups,
            lang: super::say::detect(question),
            asks_when,
        }
    }

    /// The frame as data: what a question fixture states of it.
    pub fn view(&self) -> FrameView {
        let q = &self.query;
        let mut grouping = Vec::new();
        for (on, name) in [
            (q.per_week, "per_week"),
            (q.per_month, "per_month"),
            (q.per_year, "per_year"),
            (q.which_month, "which_month"),
            (q.streak, "streak"),
            (q.rest_days, "rest_days"),
            (q.weekends, "weekends"),
        ] {
            if on {
                grouping.push(name.to_string());
            }
        }
        FrameView {
            kind: format!("{:?}", q.kind).to_lowercase(),
            measure: q.metrics.first().map(Metric::label),
            period: q.range.as_ref().map(|r| (r.start, r.end)),
            weekday: q.weekday.map(|w| w.to_string()),
            grouping,
            topic: self.topic(),
            lang: self.lang.to_string(),
        }
    }

    /// The question's period as the answer says it (in the language spoken).
    pub(crate) fn when(&self) -> String {
        let when = self
            .query
            .range
            .as_ref()
            .map(|r| {
                let said = r.describe();
                // `letzten Monat`: a period said back keeps the question's capitals.
                match as_written(&self.question, r.phrase.trim()) {
                    Some(written) if self.lang != "en" => {
                        said.replacen(r.phrase.trim(), &written, 1)
                    }
                    _ => said,
                }
            })
            .unwrap_or_else(|| super::say::t("all_notes", &[]));
        if self.query.weekends {
            super::say::t("on_weekends", &[("when", &when)])
        } else {
            when
        }
    }

    /// The first word of each topic group.
    fn topic(&self) -> Vec<String> {
        self.groups
            .iter()
            .map(|g| g.first().cloned().unwrap_or_default())
            .collect()
    }

    /// ` about *yoga*`, or nothing for a question without topic words.
    fn about(&self) -> String {
        let topic = self.topic();
        if topic.is_empty() {
            String::new()
        } else {
            super::say::t("about", &[("topic", &topic.join(", "))])
        }
    }

    /// Whether the question asks for a number (so "none logged" is worth saying).
    fn wants_number(&self) -> bool {
        matches!(
            self.query.kind,
            QueryType::Count
                | QueryType::Total
                | QueryType::Average
                | QueryType::Max
                | QueryType::Min
                | QueryType::Trend
        )
    }
}

/// A frame as data (see [`Frame::view`]).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct FrameView {
    /// `count`, `total`, `average`, `max`, `min`, `last`, `trend`, `lookup`, ...
    pub kind: String,
    /// The first measure asked about, by its English name (`runs`, `squat`).
    pub measure: Option<String>,
    /// The period asked about, first and last day.
    pub period: Option<(NaiveDate, NaiveDate)>,
    pub weekday: Option<String>,
    /// How the answer groups or filters: `per_week`, `per_month`, `which_month`, `streak`,
    /// `rest_days`, `weekends`.
    pub grouping: Vec<String>,
    /// The topic words.
    pub topic: Vec<String>,
    /// The language answered in.
    pub lang: String,
}

/// What the notes hold for a frame: one of these, rendered by [`render`].
enum Finding {
    /// The one sentence that tells it (a race time, a first time, a price).
    Told(super::lookup::Found),
    /// A computed answer of [`kinds`].
    Computed(kinds::Reply),
    /// The values of a key the notes state (`D: curry`, `mood:: 7`), newest first.
    Stated(kinds::Reply),
    /// The notes of a collection a question names (`Books/`), those going on first.
    Collection(Vec<super::collection::Item>),
    /// The number of the latest session, as the notes number it (`PT 22회차`).
    Numbered(super::mentions::Numbered),
    /// The days whose entries name something logged without a number.
    NamedDays(super::mentions::Named),
    /// Computed facts of [`analyze`].
    Facts(Facts),
    /// No number: the entries that mention it, newest first when the question asks when
    /// or what last. `missing` names the measure when a number was asked and none exists;
    /// `latest` is its latest value outside the period asked.
    Entries {
        found: Vec<Entry>,
        missing: Option<String>,
        latest: Option<String>,
        correction: bool,
    },
}

/// Answers `question` asked in a note dated `anchor`, in the question's language: the
/// frame is read, the notes are searched or computed over once, and the finding rendered.
pub fn answer(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Result<ExtractiveAnswer> {
    let frame = Frame::read(question, anchor, store.config().week_start, domains);
    if let Some(compared) = super::difference::answer(store, domains, &frame, anchor)? {
        return Ok(compared);
    }
    answer_frame(store, domains, frame, anchor)
}

/// Answers the question `frame` holds (its period settled first).
pub(crate) fn answer_frame(
    store: &Store,
    domains: &Domains,
    mut frame: Frame,
    anchor: NaiveDate,
) -> Result<ExtractiveAnswer> {
    settle_year(&mut frame, store);
    let _speaking = super::say::speak(frame.lang);
    let finding = find(store, domains, &frame, anchor)?;
    Ok(render(store, &frame, finding, anchor))
}

/// A month named without its year (`en noviembre`, `6月`, `in June`) is the latest such
/// month the notes hold entries in, when the one of the question's year holds none (a log
/// kept in 2024, asked about in 2026).
fn settle_year(frame: &mut Frame, store: &Store) {
    let Some(r) = frame.query.range.as_mut() else {
        return;
    };
    let has_year = r
        .phrase
        .split(|c: char| !c.is_ascii_digit())
        .any(|n| n.len() == 4);
    let names_month = r.phrase.split_whitespace().any(|w| {
        crate::vault::dating::month(w.trim_matches(|c: char| !c.is_alphanumeric())).is_some()
    }) || r.phrase.contains(['月', '월']);
    let index = store.index();
    if has_year || !names_month || index.holds_day_between(r.start, r.end) {
        return;
    }
    let back = |d: NaiveDate, years: i32| {
        d.with_year(d.year() - years)
            .or_else(|| d.pred_opt()?.with_year(d.year() - years))
    };
    for years in 1..=30 {
        let (Some(start), Some(end)) = (back(r.start, years), back(r.end, years)) else {
            return;
        };
        if index.holds_day_between(start, end) {
            (r.start, r.end) = (start, end);
            return;
        }
    }
}

/// What the notes hold for `frame`: the first that applies of a sentence that tells it, a
/// computed answer, a session number, days naming it, computed facts, or the entries
/// that mention it.
fn find(store: &Store, domains: &Domains, frame: &Frame, anchor: NaiveDate) -> Result<Finding> {
    // `plank 2 min`, `プランク 90秒`: an exercise the notes time, not count or weigh.
    let timed = measure_asked(store, domains, &frame.query, &frame.question);
    let query = timed.as_ref().unwrap_or(&frame.query);
    let range = &query.range;
    let groups = &frame.groups;
    let when = frame.when();
    tracing::debug!(
        "query of {:?}: {query:?}, groups {groups:?}",
        frame.question
    );
    // `who did I have dinner with most often`: the people the period's sentences name.
    if let Some(reply) = super::ask::companions::answer(store, domains, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `when did I go to Lisbon`: a trip told over days in a row is dated by its first.
    if let Some(reply) = super::ask::spans::answer(store, domains, frame) {
        return Ok(Finding::Computed(reply));
    }
    // `where did I travel in July`: the places the period's trips went to.
    if let Some(reply) = super::ask::trips::answer(store, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `where did I eat out most often`: the places the period's sentences of the act name.
    if let Some(reply) = super::ask::most_told::places(store, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `how much did I spend on coffee`: the amounts written beside the thing.
    use super::ask::spent::{self, Spent};
    if let Some(reply) = spent::answer(store, frame, &when, Spent::OnThing) {
        return Ok(Finding::Computed(reply));
    }
    // `first run of 20 km or more`: the earliest reading past the bound.
    if let Some(reply) = super::ask::first_past::answer(store, frame) {
        return Ok(Finding::Computed(reply));
    }
    // `which book did I finish in April`: titles a sentence says were finished.
    if let Some(reply) = super::ask::finished::answer(store, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // A question naming the person's own fields or values (`avg HR`, `Route: river loop`,
    // a book's title): an operation over their rows.
    if let Some(reply) = super::ask::answer(store, domains, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `where was I on June 17`: the lines of that day the question points to.
    if let Some(reply) = super::ask::on_day::answer(store, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `how much did I spend in October`: all the amounts of the period's lines.
    if let Some(reply) = spent::answer(store, frame, &when, Spent::All) {
        return Ok(Finding::Computed(reply));
    }
    // `which crop gave me the most kilos`: the things the measures of that unit are of.
    if let Some(reply) = super::ask::most_of_unit::answer(store, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // `how often did I do yoga`, `which activity did I do most`: events with no number.
    if let Some(reply) = super::ask::events::answer(store, domains, frame, &when) {
        return Ok(Finding::Computed(reply));
    }
    // A measure of the notes the question names is computed, not looked up in a sentence.
    let measured = timed.is_some()
        || matches!(query.metrics.first(), Some(Metric::Measure { units, .. }) if !units.is_empty())
            && range.as_ref().is_some_and(|r| {
                let measured = store.records_measured(r.start, r.end);
                measure_named(&measured, &frame.question.to_lowercase()).is_some()
            });
    if let Some(found) =
        looked_up(store, domains, query, &frame.question, range)?.filter(|_| !measured)
    {
        return Ok(Finding::Told(found));
    }
    // `what did I have for dinner on Tuesday`: a key the notes state (`D: curry`), when no
    // number of a known measure is asked.
    let no_measure = match query.metrics.first() {
        None => true,
        Some(Metric::Measure { units, .. }) => units.is_empty(),
        Some(_) => false,
    };
    // A measure the readers compute (`my last squat`) is answered from every entry that
    // logs it, not from the few that write it as a key (`squat : 5 séries de 5 à 95 kg`).
    let asks_value = no_measure
        && (matches!(
            query.kind,
            QueryType::List | QueryType::Lookup | QueryType::Last
        ) || query.kind == QueryType::Total
            && !super::cues::asks(&frame.question.to_lowercase(), super::cues::Cue::HowMany));
    if asks_value {
        let span = match range {
            Some(r) => (r.start, r.end),
            None => (anchor - chrono::Duration::days(365), anchor),
        };
        let stated = super::fields::find(store, &frame.question, span);
        if let Some(reply) = super::fields::reply(store, &stated) {
            return Ok(Finding::Stated(reply));
        }
    }
    if query.kind != QueryType::Tasks {
        if let Some(reply) = by_kind(store, domains, query, range, &when, anchor, groups, &[]) {
            return Ok(Finding::Computed(reply));
        }
    }
    let found = retrieve(store, domains, &frame.question, anchor)?.1.entries;
    if query.kind == QueryType::Tasks {
        if let Some(reply) = by_kind(store, domains, query, range, &when, anchor, groups, &found) {
            return Ok(Finding::Computed(reply));
        }
    }
    let link = |r: &ParsedRecord| store.cite_record(r);
    if let Some(facts) = computed(store, query, &when, anchor, &link) {
        return Ok(Finding::Facts(facts));
    }
    // `지금 PT 몇 회차야?`: the number of the latest session, as the notes number them.
    if let Some(n) =
        super::mentions::latest_numbered(store, &frame.question, groups, range.as_ref())?
    {
        return Ok(Finding::Numbered(n));
    }
    // `how many PT sessions this month`: something logged without a number is counted in
    // the days whose entries name it.
    // So is a count of sessions no typed reader found (`how many times did I go to the gym`
    // over `gym: 45 min` lines, `헬스장 며칠 갔어`).
    let uncounted = match (query.kind, query.metrics.first()) {
        (QueryType::Count | QueryType::Total, Some(Metric::Measure { units, .. })) => {
            units.is_empty()
        }
        (QueryType::Count, Some(_)) => true,
        _ => false,
    };
    {
        if uncounted {
            if let Some(named) = super::mentions::days_naming(store, groups, range.as_ref())? {
                return Ok(Finding::NamedDays(named));
            }
        }
    }
    // `which book am I on`: a folder of one note per book, and the one being read.
    if matches!(
        query.kind,
        QueryType::Lookup | QueryType::List | QueryType::Last
    ) {
        if let Some(items) = super::collection::find(store, &frame.topic()) {
            return Ok(Finding::Collection(items));
        }
    }
    let missing =
        query
            .metrics
            .first()
            .filter(|_| frame.wants_number())
            .map(|metric| match metric {
                // `先月何km泳いだ`: the activity asked, in the question's language.
                Metric::Measure { .. } if !groups.is_empty() => {
                    match super::activities::family(&frame.question) {
                        Some(activity) => super::say::label(activity),
                        None => format!("*{}*", frame.topic().join(", ")),
                    }
                }
                m => super::say::label(&m.label()),
            });
    let latest = match missing {
        Some(_) => latest_outside(store, domains, query, anchor),
        None => None,
    };
    // `when did I last feel stressed`: the newest mention answers it, not the best match.
    let mut found = found;
    if frame.asks_when {
        found.sort_by_key(|e| std::cmp::Reverse((e.log, e.date, e.time)));
    }
    Ok(Finding::Entries {
        found,
        missing,
        latest,
        correction: query.kind == QueryType::Correction,
    })
}

/// The answer's markdown and its sources, in the language spoken.
fn render(store: &Store, frame: &Frame, finding: Finding, anchor: NaiveDate) -> ExtractiveAnswer {
    use super::say::t;
    let groups = &frame.groups;
    let when = frame.when();
    let range = &frame.query.range;
    let mut body = period_note(&frame.question, range);
    let mut sources: Vec<String> = Vec::new();
    // How each computed figure was computed: folded before the closing line.
    let mut trails: Vec<Provenance> = Vec::new();
    let footer = match finding {
        Finding::Told(found) => {
            let e = &found.entry;
            let date = super::say::full_day(found.date);
            let lead = if found.value.is_empty() {
                t("lookup_day", &[("date", &date), ("link", &store.cite(e))])
            } else {
                t(
                    "lookup_value",
                    &[
                        ("value", &found.value),
                        ("date", &date),
                        ("link", &store.cite(e)),
                    ],
                )
            };
            body.push_str(&format!("{lead}: \"{}\"", found.sentence.trim()));
            sources.push(store.cite_note(&e.source));
            "footer_lookup"
        }
        // A computed answer stands on its cited records: no other mentions beside it.
        Finding::Computed(reply) => {
            body.push_str(&reply.render());
            body.push_str(&chart::under_answer(
                reply.series.as_ref(),
                store.config(),
                anchor,
                frame.lang,
            ));
            sources.extend(reply.notes.iter().map(|n| store.cite_note(n)));
            trails = reply.provenance;
            "footer_computed"
        }
        Finding::Stated(reply) => {
            body.push_str(&reply.render());
            sources.extend(reply.notes.iter().map(|n| store.cite_note(n)));
            "footer_lookup"
        }
        Finding::Collection(items) => {
            let link = |i: &super::collection::Item| {
                let mut s = format!("**{}** {}", i.title, store.cite_note(&i.rel));
                if let Some(c) = &i.current {
                    s.push_str(&format!(" ({c})"));
                }
                s
            };
            let going: Vec<String> = items
                .iter()
                .filter(|i| i.current.is_some())
                .map(link)
                .collect();
            if going.is_empty() {
                let newest: Vec<String> = items.iter().take(3).map(link).collect();
                body.push_str(&t(
                    "collection_newest",
                    &[
                        ("n", &items.len().to_string()),
                        ("items", &newest.join(", ")),
                    ],
                ));
            } else {
                body.push_str(&t("going_on", &[("items", &going.join(", "))]));
            }
            for i in items.iter().take(MAX_QUOTES) {
                add_source(&mut sources, store.cite_note(&i.rel));
            }
            "footer"
        }
        Finding::Numbered(n) => {
            body.push_str(&t(
                "numbered",
                &[
                    ("what", &n.words.join(", ")),
                    ("when", &when),
                    ("n", &n.number.to_string()),
                    ("date", &kinds::day(n.entry.date)),
                    ("link", &store.cite(&n.entry)),
                ],
            ));
            sources.push(store.cite_note(&n.entry.source));
            "footer_numbered"
        }
        Finding::NamedDays(named) => {
            let lower = frame.question.to_lowercase();
            let lex = super::read::lexicon::lexicon();
            let times = super::cues::has(&lower, &lex.questions.count_times)
                && !super::cues::has(&lower, &lex.questions.count_days);
            body.push_str(&named.lead(&when, times));
            body.push('\n');
            for (date, e) in named.days.iter().take(MAX_QUOTES) {
                body.push_str(&format!(
                    "\n- {}: {} {}",
                    kinds::day(*date),
                    quote(e, groups),
                    store.cite(e)
                ));
                add_source(&mut sources, store.cite_note(&e.source));
            }
            "footer_days"
        }
        Finding::Facts(facts) => {
            body.push_str(&facts.lines.join("\n"));
            body.push_str(&chart::under_answer(
                facts.series.as_ref(),
                store.config(),
                anchor,
                frame.lang,
            ));
            for r in &facts.cited {
                add_source(&mut sources, store.cite_note(&r.source_file));
            }
            if frame.query.kind == QueryType::Recommendation {
                body.push_str("\n\n_No model was used, so this is a summary of your recent notes rather than advice._");
            }
            trails = facts.provenance;
            "footer_computed"
        }
        Finding::Entries {
            found,
            missing,
            latest,
            correction: true,
        } => {
            let _ = (missing, latest);
            body.push_str(&self::correction(store, &found));
            list_found(store, frame, &mut body, &mut sources, &found, &when);
            "footer_entries"
        }
        Finding::Entries {
            found,
            missing,
            latest,
            correction: false,
        } => {
            match (&missing, &latest) {
                (Some(what), Some(latest)) => {
                    let key = if matches!(frame.query.kind, QueryType::Count | QueryType::Total) {
                        "zero_logged"
                    } else {
                        "none_logged"
                    };
                    body.push_str(&t(key, &[("what", what), ("when", &when)]));
                    body.push_str(&format!("\n\n{latest}\n\n"));
                }
                (Some(what), None) => {
                    body.push_str(&t("cannot_compute", &[("what", what), ("when", &when)]));
                    body.push_str("\n\n");
                }
                _ => {}
            }
            if found.is_empty() {
                if missing.is_none() {
                    body.push_str(&t(
                        "nothing_found",
                        &[("about", &frame.about()), ("when", &when)],
                    ));
                }
                body = body.trim_end().to_string();
                body.push_str("\n\n");
                body.push_str(&t("footer", &[]));
                return ExtractiveAnswer {
                    body: super::say::decimals(&body),
                    sources,
                    provenance: Vec::new(),
                };
            }
            if missing.is_some() {
                body.push_str(&t("no_number", &[]));
                body.push_str("\n\n");
            } else if frame.query.kind == QueryType::Recommendation {
                body.push_str("_No model was used, so this is a summary of your recent notes rather than advice._\n\n");
            }
            list_found(store, frame, &mut body, &mut sources, &found, &when);
            "footer_entries"
        }
    };
    body = capitalized(body.trim_end());
    // What the reader left out of the period (plans, someone else's numbers).
    if let Some(metric) = frame.query.metrics.first() {
        let days = |r: &DateRange| Some((r.start, r.end));
        let mut periods = vec![(when.clone(), range.as_ref().and_then(days))];
        if let Some(other) = &frame.query.other_range {
            periods.push((other.describe(), days(other)));
        }
        provenance::add_left_out(&mut trails, store, metric, &periods);
    }
    if !trails.is_empty() {
        body.push_str("\n\n");
        body.push_str(&provenance::blocks(&trails, frame.lang));
    }
    body.push_str("\n\n");
    body.push_str(&t(footer, &[]));
    ExtractiveAnswer {
        body: super::say::decimals(&body),
        sources,
        provenance: trails,
    }
}

/// `phrase` (lowercase) as `question` writes it, when the question holds it in other
/// capitals; a capital that only opens the question is not kept.
fn as_written(question: &str, phrase: &str) -> Option<String> {
    let lower = question.to_lowercase();
    let at = lower.find(phrase).filter(|_| !phrase.is_empty())?;
    // Lowercasing kept every letter's length: the same bytes hold the phrase.
    let written = (lower.len() == question.len()).then(|| &question[at..at + phrase.len()])?;
    let opens = question[..at]
        .trim_start_matches(['¿', '¡', ' '])
        .is_empty();
    let kept = match written.chars().next() {
        Some(first) if opens => format!("{}{}", first.to_lowercase(), &written[first.len_utf8()..]),
        _ => written.to_string(),
    };
    (kept != phrase).then_some(kept)
}

/// `text` with its first letter upper case when a template opens with a name the notes
/// write in lower case (`course, dernière fois…`). A value in bold is the person's own
/// words (`**green curry** (dinner)`) and stays as written.
fn capitalized(text: &str) -> String {
    match text.chars().next() {
        Some(c) if c.is_lowercase() => format!("{}{}", c.to_uppercase(), &text[c.len_utf8()..]),
        _ => text.to_string(),
    }
}

/// Whether the words of `groups` that `e` holds are still there in what it tells of the
/// person's own log (`planned to go to the park, but cancelled` names no outing).
fn names_as_done(e: &Entry, groups: &[Vec<String>]) -> bool {
    let text = e.text.to_lowercase();
    let own = super::read::own_log_text(&e.text).to_lowercase();
    let holds = |t: &str, w: &String| super::lookup::holds(w, t);
    groups
        .iter()
        .filter(|g| g.iter().any(|w| holds(&text, w)))
        .all(|g| g.iter().any(|w| holds(&own, w)))
}

/// The entries found, newest first for a question about when: the latest one's date and
/// line first, then the list.
fn list_found(
    store: &Store,
    frame: &Frame,
    body: &mut String,
    sources: &mut Vec<String>,
    found: &[Entry],
    when: &str,
) {
    use super::say::t;
    if found.is_empty() {
        return;
    }
    let days: BTreeSet<NaiveDate> = found.iter().map(|e| e.date).collect();
    if frame.asks_when {
        // The newest naming every word asked (`call` and `mom`, not `texted mom`) first.
        let named_all = |e: &Entry| {
            let text = e.text.to_lowercase();
            frame
                .groups
                .iter()
                .all(|g| g.iter().any(|w| super::lookup::holds(w, &text)))
        };
        let done = |e: &&Entry| e.log && names_as_done(e, &frame.groups);
        if let Some(latest) = found
            .iter()
            .filter(done)
            .find(|e| named_all(e))
            .or_else(|| found.iter().find(done))
        {
            body.push_str(&t(
                "latest_mention",
                &[
                    ("date", &kinds::full_day(latest.date)),
                    ("link", &store.cite(latest)),
                    ("quote", &quote(latest, &frame.groups)),
                ],
            ));
            body.push_str("\n\n");
        }
    }
    body.push_str(&t(
        "entries_found",
        &[
            ("entries", &kinds::count(found.len(), "entry")),
            ("about", &frame.about()),
            ("when", when),
            ("days", &kinds::count(days.len(), "day")),
        ],
    ));
    body.push_str("\n\n");
    let all: Vec<&Entry> = found.iter().collect();
    list_entries(store, body, sources, &all, MAX_QUOTES, &frame.groups);
}

/// Up to `limit` entries as dated, cited lines (reference text shows no date), the rest
/// folded away.
fn list_entries(
    store: &Store,
    body: &mut String,
    sources: &mut Vec<String>,
    entries: &[&Entry],
    limit: usize,
    groups: &[Vec<String>],
) {
    let line = |entry: &Entry| {
        // Reference text (a plan, a recipe) has no date to show.
        let when = if entry.log {
            format!("{} ", kinds::day(entry.date))
        } else {
            String::new()
        };
        format!("{when}{}: {}", store.cite(entry), quote(entry, groups))
    };
    for entry in entries.iter().take(limit) {
        body.push_str(&format!("- {}\n", line(entry)));
        add_source(sources, store.cite_note(&entry.source));
    }
    if entries.len() > limit {
        body.push('\n');
        body.push_str(&kinds::folded(
            entries.iter().map(|e| line(e)),
            entries.len(),
        ));
        // The sources are the notes shown, not every note of a fold cut short.
        for entry in entries.iter().take(kinds::MAX_FOLDED) {
            add_source(sources, store.cite_note(&entry.source));
        }
    }
}

/// The answer of a question about one thing the notes tell once (see [`super::lookup`]).
fn looked_up(
    store: &Store,
    domains: &Domains,
    query: &Query,
    question: &str,
    range: &Option<DateRange>,
) -> Result<Option<super::lookup::Found>> {
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
            (
                query.kind == QueryType::Lookup,
                // A day asked of what no reader measures (`when did I break my toe`).
                matches!(query.metrics.first(), None | Some(Metric::Measure { .. })),
            ),
            &lower,
            range.as_ref().map(|r| (r.start, r.end)),
            range.as_ref().map(|r| r.phrase.as_str()),
        )?,
    };
    Ok(found)
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
                        && !super::read::lexicon::lexicon()
                            .questions
                            .pending
                            .contains(&g[0])
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
                    None if reads_measures_only(query) => store.records_measured(start, end),
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
            let records = on_asked_days(query, records);
            // `longest streak of days with a run`: days in a row of the measure asked (every
            // run: `longest` ranks the streaks, it picks no long runs); weeks in a row of any
            // training when the question counts weeks or names no measure.
            if query.streak && !query.streak_in_weeks {
                if let Some(metric) = query.metrics.first().filter(|m| m.domains().is_some()) {
                    let longest = query.kind == QueryType::Max;
                    return kinds::days::day_streak(metric, &records, anchor, longest, &link);
                }
            }
            let records = query.runs.apply(records);
            if query.streak {
                let all = store.records_in(start.min(anchor), anchor, &["strength", "running"]);
                return kinds::days::week_streak(anchor, store.config().week_start, &all, &link);
            }
            if query.rest_days {
                let only_runs = matches!(
                    query.metrics.first(),
                    Some(Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace)
                );
                let span = (start, end.min(anchor));
                let marked: Vec<kinds::days::Marked> = store
                    .entries_by_date_range(span.0, span.1)
                    .iter()
                    .filter(|e| e.log)
                    .filter_map(|e| {
                        Some(kinds::days::Marked {
                            said: kinds::days::marks_rest(&e.text)?,
                            date: e.date,
                            link: store.cite(e),
                            source: e.source.clone(),
                        })
                    })
                    .collect();
                return kinds::days::rest_days(span, only_runs, when, &marked, &records, &link);
            }
            let distance = matches!(query.metrics.first(), Some(Metric::Distance | Metric::Runs));
            // The period figures the notes state, for the questions that compare periods.
            let stated = if distance && (query.which_month || query.per_year) {
                let mut all = super::tallies::distance_tallies(store);
                all.extend(super::tallies::stated_totals(store, start, anchor));
                all
            } else {
                Vec::new()
            };
            let reply = kinds::numbers::reply(query, when, &records, &stated, &link);
            match (query.kind, query.metrics.first(), range) {
                (QueryType::Total, Some(Metric::Distance), Some(r)) => {
                    with_tally(store, (r.start, end.min(anchor)), when, reply)
                }
                (QueryType::Trend, Some(Metric::Distance | Metric::Runs), _) if query.per_year => {
                    let what = super::say::label(&Metric::Distance.label());
                    let span = (start, end.min(anchor));
                    kinds::yearly::change(&what, when, span, &records, &stated, &link).or(reply)
                }
                (QueryType::Trend, Some(Metric::Distance), _) if query.per_week => {
                    weekly_tallies(store, (start, end), when).or(reply)
                }
                _ => reply,
            }
        }
        _ => None,
    }
}

/// A total the log states itself for the period asked (see [`super::tallies`]) leads the
/// answer, before the total of the entries logged.
fn with_tally(
    store: &Store,
    span: (NaiveDate, NaiveDate),
    when: &str,
    computed: Option<kinds::Reply>,
) -> Option<kinds::Reply> {
    let tallies = super::tallies::distance_tallies(store);
    let Some(tally) = super::tallies::covering(&tallies, span.0, span.1) else {
        return computed;
    };
    let told = super::say::t(
        "tally_total",
        &[
            ("value", &tally.shown),
            ("when", when),
            ("link", &tally.link),
        ],
    );
    let mut reply = computed.unwrap_or_default();
    let mut head = vec![told];
    if !reply.head.is_empty() {
        head.push(super::say::t("tally_then", &[]));
    }
    head.append(&mut reply.head);
    reply.head = head;
    reply.used(&tally.source);
    Some(reply)
}

/// `how has my weekly mileage changed`, in a log that states each week's total: those
/// figures, first week against last.
fn weekly_tallies(store: &Store, span: (NaiveDate, NaiveDate), when: &str) -> Option<kinds::Reply> {
    let tallies = super::tallies::distance_tallies(store);
    let weeks = super::tallies::weeks_within(&tallies, span.0, span.1);
    let unit = weeks.first()?.unit.clone();
    let weeks: Vec<kinds::weekly::Week> = weeks
        .into_iter()
        .filter(|t| t.unit == unit)
        .map(|t| kinds::weekly::Week {
            start: t.start,
            value: t.value,
            shown: t.shown.clone(),
            link: t.link.clone(),
            source: t.source.clone(),
        })
        .collect();
    let what = super::say::label(&Metric::Distance.label());
    let show = |d: f64| format!("{} {unit}", super::analyze::trim(d));
    kinds::weekly::change(&what, &unit, when, &weeks, &show)
}

/// When the question names a period that could not be read ("since my birthday"), says
/// so: the answer then covers all the notes.
fn period_note(question: &str, range: &Option<DateRange>) -> String {
    static RE: std::sync::OnceLock<super::pattern::Pattern> = std::sync::OnceLock::new();
    // The event's words unbounded, then cut to 30 letters: a bounded repeat of a Unicode
    // class (`[\w ]{2,30}`) compiles into thousands of states, a fifth of a one-shot `ask`.
    let re = RE.get_or_init(|| {
        super::pattern::Pattern::new(
            r"\b(?:since|after|before|during|around)\s+(?:my|the|our|last)\s+([\w ]{2,})",
        )
    });
    let question = &question.to_lowercase();
    let Some(caps) = re.captures(question) else {
        return String::new();
    };
    let (whole, event) = (caps.get(0).expect("group 0"), caps.get(1).expect("group 1"));
    let cut = event
        .as_str()
        .char_indices()
        .nth(30)
        .map_or(event.end(), |(i, _)| event.start() + i);
    match range {
        None => format!(
            "_I could not tell which dates “{}” means, so this covers all your notes._\n\n",
            question[whole.start()..cut].trim()
        ),
        _ => String::new(),
    }
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
        per_year: false,
        which_month: false,
        streak: false,
        streak_in_weeks: false,
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
    let read = |start, end| match reads_measures_only(query) {
        true => store.records_measured(start, end),
        false => store.records_between(start, end),
    };
    // The period and the two months before it (what is usual), read once.
    let baseline = read(start - chrono::Duration::days(60), end);
    let records = within(&baseline, start);
    let other = query
        .other_range
        .as_ref()
        .map(|r| (r.describe(), read(r.start, r.end)));
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

/// `query` about a move the notes log only with a time (`plank 2 min`), or about a thing
/// the notes measure that the question names where the cues alone read a run (`longest
/// wall sit`), asked of those values: a measure named by the notes' word, in the time unit
/// asked (or the notes' own).
fn measure_asked(store: &Store, domains: &Domains, query: &Query, question: &str) -> Option<Query> {
    let q = question.to_lowercase();
    let (start, end) = match &query.range {
        Some(r) => (r.start, r.end),
        None => store.index().span()?,
    };
    let words = match query.metrics.first()? {
        Metric::Lift(name) => {
            let named = |what: &str| {
                what.eq_ignore_ascii_case(name) || domains.canonical(what) == Some(name.as_str())
            };
            let timed = |m: &crate::vault::parsed::Measure| {
                named(&m.what) && TIME_UNITS.contains(&m.unit.as_str())
            };
            if store.lifts_within(start, end, name) {
                return None;
            }
            let measured = store.records_measured(start, end);
            if measured.iter().flat_map(|r| &r.measures).any(timed) {
                domains.expand(name)
            } else {
                // A lift never logged, guessed from a near word (`längster`): the measure
                // the question names instead.
                vec![measure_named(&measured, &q)?]
            }
        }
        m if m.is_running()
            && !super::cues::asks(&q, super::cues::Cue::Run)
            && super::activities::family(&q) != Some("running") =>
        {
            vec![measure_named(&store.records_measured(start, end), &q)?]
        }
        _ => return None,
    };
    let units = super::cues::units(&q)
        .into_iter()
        .filter(|u| TIME_UNITS.contains(u))
        .map(str::to_string)
        .collect();
    let mut timed = query.clone();
    timed.metrics = vec![Metric::Measure { units, words }];
    // A time adds up (`合計時間`) unless the times it was done are asked (`何回`).
    if timed.kind == QueryType::Count && !super::cues::asks(&q, super::cues::Cue::Count) {
        timed.kind = QueryType::Total;
    }
    Some(timed)
}

/// The longest name of a thing measured in `records` (not an activity's) that the
/// lowercase question `q` writes whole (`wall sit`).
fn measure_named(records: &[ParsedRecord], q: &str) -> Option<String> {
    // `nach` of `Lauf nach Saal, 31 km` is no name of a measure, nor `day` of `which day`.
    let questions = &super::read::lexicon::lexicon().questions;
    let asks_a_day = |w: &str| {
        questions
            .day
            .iter()
            .any(|phrase| phrase.split_whitespace().any(|p| p == w))
    };
    records
        .iter()
        .flat_map(|r| &r.measures)
        .map(|m| m.what.to_lowercase())
        .filter(|w| w.chars().count() >= 3 && super::activities::family(w).is_none())
        .filter(|w| !questions.function.iter().any(|f| f == w) && !asks_a_day(w))
        .filter(|w| super::read::find_word(q, w).is_some())
        .max_by_key(|w| w.len())
}

/// The units a duration is stored in.
const TIME_UNITS: [&str; 3] = ["hour", "minute", "second"];

/// Whether `query` reads nothing but generic measures, which only the records holding one
/// have: not a lift's own ask (the big three reads its sets), nor days counted with or
/// without training (rest days, streaks).
fn reads_measures_only(query: &Query) -> bool {
    matches!(query.metrics.first(), Some(Metric::Measure { .. }))
        && query.lift_ask.is_none()
        && !query.rest_days
        && !query.streak
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
    let when = super::say::t(
        "period",
        &[
            ("phrase", &super::say::t("last_two_weeks", &[])),
            ("span", &super::say::span(start, anchor)),
        ],
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
            per_year: false,
            which_month: false,
            streak: false,
            streak_in_weeks: false,
            preceding_days: false,
            first: false,
            target_km: None,
            runs: Default::default(),
            miles: false,
            food: false,
            lift_ask: None,
            threshold: None,
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
            .insert(0, super::say::t("advice_heading", &[("when", &when)]));
        out
    })
}

/// An honest reply to a correction: the entry it is about, and how to fix it.
fn correction(store: &Store, found: &[Entry]) -> String {
    let said = match found.first() {
        Some(entry) => {
            let line = entry.text.lines().find(|l| !l.trim().is_empty());
            let quote = line.unwrap_or("").trim().trim_start_matches("- ");
            super::say::t(
                "correction_found",
                &[("link", &store.cite(entry)), ("quote", quote)],
            )
        }
        None => super::say::t("correction_missing", &[]),
    };
    format!("{said}\n\n")
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

#[cfg(test)]
mod tests {
    use super::{as_written, capitalized, period_note};

    #[test]
    fn a_period_said_back_keeps_the_questions_capitals() {
        let written = |q: &str, p: &str| as_written(q, p);
        assert_eq!(
            written("Längster Lauf letzten Monat?", "letzten monat").as_deref(),
            Some("letzten Monat")
        );
        assert_eq!(
            written("Letzten Monat gelaufen?", "letzten monat").as_deref(),
            Some("letzten Monat")
        );
        assert_eq!(written("Le mois dernier ?", "le mois dernier"), None);
        assert_eq!(
            written("Letzte Woche im Mai?", "letzte woche im mai").as_deref(),
            Some("letzte Woche im Mai")
        );
        assert_eq!(written("how far last month", "last month"), None);
    }

    #[test]
    fn an_answer_opens_with_a_capital_past_its_marks() {
        assert_eq!(
            capitalized("course, dernière fois le **dim. 22 nov.**"),
            "Course, dernière fois le **dim. 22 nov.**"
        );
        assert_eq!(
            capitalized("**green curry** (dinner)"),
            "**green curry** (dinner)"
        );
        assert_eq!(
            capitalized("**7 courses** ce mois-ci"),
            "**7 courses** ce mois-ci"
        );
        assert_eq!(capitalized("마지막 스쿼트"), "마지막 스쿼트");
    }

    #[test]
    fn a_period_it_cannot_read_is_named_in_at_most_thirty_letters() {
        let said = period_note("how far did I run since my knee surgery?", &None);
        assert!(said.contains("“since my knee surgery”"), "{said}");
        let long = "what did I lift after my very long holiday in the mountains of northern italy";
        let said = period_note(long, &None);
        assert!(
            said.contains("“after my very long holiday in the mount”"),
            "{said}"
        );
        assert_eq!(period_note("how far did I run this week", &None), "");
    }
}
