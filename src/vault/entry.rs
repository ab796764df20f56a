//! Entries: the dated pieces of a note that logs are made of (DESIGN §1.2).
//!
//! A note with `## HH:MM` headings is split into those sections; blocks outside any such
//! section (and every block of a note without them) are entries of their own. Questions,
//! code, headings and agent callouts are never entry content.

use std::fmt;
use std::ops::Range;

use chrono::{NaiveDate, NaiveTime};
use serde::{Deserialize, Serialize};

use super::dating::DATE_KEYS;
use super::index::Dating;
use super::note::{BlockKind, Note};
use super::ContentHash;

/// `<vault-relative path>#<n>`, n counting entries from 1 in note order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EntryId(pub String);

impl EntryId {
    /// The id of the `ordinal`-th entry of `source`.
    pub fn new(source: &str, ordinal: usize) -> Self {
        EntryId(format!("{source}#{ordinal}"))
    }
}

impl fmt::Display for EntryId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One dated piece of a note.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub id: EntryId,
    /// Vault-relative path of the note, `/`-separated.
    pub source: String,
    pub date: NaiveDate,
    /// From the `## HH:MM` heading, when the entry is such a section.
    pub time: Option<NaiveTime>,
    /// The section heading text (e.g. `07:30 Bench`), used for `#heading` links.
    pub heading: Option<String>,
    /// The nearest other heading above the entry (`## Bench Press`, `### Plan`): it says
    /// what the lines under it are about. Not part of links, sessions or the stored index.
    pub under: Option<String>,
    /// The person's text (questions and agent callouts removed).
    pub text: String,
    /// Hash of `text`; unchanged text is never parsed twice.
    pub hash: ContentHash,
    /// 0-based line range in the note.
    pub lines: Range<usize>,
    /// `#tags` in the text.
    pub tags: Vec<String>,
    /// False for text of a reference note (or above a note's first dated heading): it is
    /// searchable and citable, but never counted as a log, and `date` is only a sort key.
    pub log: bool,
}

impl Entry {
    /// A log entry of `text` at `lines` of `source` on `date`, with no section, heading or
    /// tags of its own (a note's properties, a day's heading words); its id is set where the
    /// note's entries are numbered.
    pub fn logged(source: &str, date: NaiveDate, text: String, lines: Range<usize>) -> Entry {
        Entry {
            id: EntryId::new(source, 0),
            source: source.to_string(),
            date,
            time: None,
            heading: None,
            under: None,
            hash: ContentHash::of(text.as_bytes()),
            tags: Vec::new(),
            text,
            lines,
            log: true,
        }
    }
}

/// Parses `HH:MM` at the start of a heading; the rest is its title.
pub fn heading_time(heading: &str) -> Option<NaiveTime> {
    let clock = heading.split_whitespace().next()?;
    let (h, m) = clock.split_once(':')?;
    if h.is_empty() || h.len() > 2 || m.len() != 2 {
        return None;
    }
    NaiveTime::from_hms_opt(h.parse().ok()?, m.parse().ok()?, 0)
}

/// A byte range of the note and, for a `## HH:MM` section, its time and title.
type Span = (Range<usize>, Option<(NaiveTime, String)>, Option<String>);

/// `Plan for next week:`, `다음 주 계획`, `Deadlift`: a short line without digits that names
/// what the list under it is; or one that opens a workout of the day, digits and all
/// (`AMRAP 12:`, `For time: 5 RFT`), whose list holds its movements.
fn is_label(line: &str) -> bool {
    let line = line.trim();
    !line.is_empty()
        && !line.starts_with(['?', '>', '#'])
        && line.split_whitespace().nth(6).is_none()
        && (!line.bytes().any(|b| b.is_ascii_digit())
            || crate::offline::read::wod::opens(&line.to_lowercase()))
}

/// Splits a parsed note into entries, all dated `date`.
pub fn entries(note: &Note, source: &str, date: NaiveDate) -> Vec<Entry> {
    let mut spans: Vec<Span> = Vec::new();
    let mut section: Option<(usize, NaiveTime, String)> = None;
    // A note's title is the heading above what no heading of its own is under.
    let mut under: Option<String> = note.frontmatter.as_ref().and_then(|fm| fm.title());
    // Where the last block ended, when it was a one-line label (see `is_label`).
    let mut label_end: Option<usize> = None;
    let close = |spans: &mut Vec<_>, section: &mut Option<(usize, NaiveTime, String)>, end| {
        if let Some((start, time, title)) = section.take() {
            spans.push((start..end, Some((time, title)), None));
        }
    };
    for block in &note.blocks {
        // A label is one line without numbers, never a question (`? how far…`).
        let label = matches!(block.kind, BlockKind::Paragraph)
            && block.lines.len() == 1
            && is_label(note.line(block.lines.start));
        match &block.kind {
            BlockKind::Heading { level, text } if *level <= 2 => {
                close(&mut spans, &mut section, block.lines.start);
                let time = (*level == 2).then(|| heading_time(text)).flatten();
                match time {
                    Some(time) => section = Some((block.lines.end, time, text.clone())),
                    None => under = Some(text.clone()),
                }
            }
            BlockKind::Heading { text, .. } if section.is_none() => under = Some(text.clone()),
            // `Plan for next week:` or `Deadlift` right above a list (no blank line
            // between) is the list's label: one entry, read together.
            BlockKind::List if section.is_none() && label_end == Some(block.lines.start) => {
                if let Some(last) = spans.last_mut() {
                    last.0.end = block.lines.end;
                }
            }
            BlockKind::Paragraph | BlockKind::List | BlockKind::Quote | BlockKind::Table
                if section.is_none() =>
            {
                spans.push((block.lines.clone(), None, under.clone()));
            }
            _ => {}
        }
        label_end = label.then_some(block.lines.end);
    }
    close(&mut spans, &mut section, note.line_count());

    // Once per note, not per entry: a note of 20,000 sections has as many blocks.
    let callouts = callout_lines(note);
    let mut out = Vec::new();
    for (lines, heading, under) in spans {
        let text = content(note, &callouts, lines.clone());
        if text.is_empty() {
            continue;
        }
        let ordinal = out.len() + 1;
        let (time, heading) = match heading {
            Some((time, title)) => (Some(time), Some(title)),
            None => (None, None),
        };
        out.push(Entry {
            id: EntryId::new(source, ordinal),
            source: source.to_string(),
            date,
            time,
            heading,
            hash: ContentHash::of(text.as_bytes()),
            tags: tags(&text),
            text,
            lines,
            // `## Tomorrow` over `- swim?`: a plan, searchable, never counted.
            log: !under
                .as_deref()
                .is_some_and(crate::offline::read::plans::is_day_to_come),
            under,
        });
    }
    // Last, so the body's entries keep their ordinals when properties are added.
    if let Some((text, lines)) = property_lines(note, source) {
        let mut e = Entry::logged(source, date, text, lines);
        e.id = EntryId::new(source, out.len() + 1);
        out.push(e);
    }
    out
}

/// Frontmatter keys that describe the note itself, not something logged in it (its date
/// keys, [`DATE_KEYS`], too).
pub(crate) const NOTE_KEYS: [&str; 25] = [
    "tags",
    "tag",
    "aliases",
    "alias",
    "title",
    "cssclass",
    "cssclasses",
    "created",
    "updated",
    "modified",
    "last_updated",
    "lastmod",
    "version",
    "publish",
    "permalink",
    "layout",
    "draft",
    "author",
    "categories",
    "category",
    "status",
    "id",
    "uid",
    "slug",
    "week",
];

/// How the line naming what a note's properties are of opens (see [`property_lines`]).
pub const NAME_LINE: &str = "title: ";

/// Keys of [`NOTE_KEYS`] that are a logged thing's own field when the note logs something
/// else too (a book's `author` and `status` beside its `rating`).
const LOGGED_WITH_OTHERS: [&str; 4] = ["author", "status", "category", "categories"];

/// A note's properties as an entry of their own (`distance: 7.8` / `time: "41:26"`, as a
/// runner's note, a daily template or an app export keeps them): the frontmatter's
/// top-level `key: value` lines, without the keys about the note itself.
fn property_lines(note: &Note, source: &str) -> Option<(String, Range<usize>)> {
    let fm = note.frontmatter.as_ref().filter(|fm| fm.yaml.is_ok())?;
    let inner = 1..fm.line_count.saturating_sub(1);
    let mut lines: Vec<(&str, bool)> = Vec::new();
    for i in inner {
        let line = note.line(i).trim_end();
        if line.starts_with(char::is_whitespace) || line.starts_with('-') {
            continue;
        }
        let Some((key, value)) = line.split_once(':') else {
            continue;
        };
        let key = key.trim().to_lowercase();
        let about_note = NOTE_KEYS.contains(&key.as_str()) || DATE_KEYS.contains(&key.as_str());
        if value.trim().is_empty() || about_note && !LOGGED_WITH_OTHERS.contains(&key.as_str()) {
            continue;
        }
        lines.push((line, about_note));
    }
    // `author: Ana Ruiz` beside `rating: 4` is the book's; alone (a post's), the note's.
    if lines.iter().all(|(_, about_note)| *about_note) {
        return None;
    }
    let mut text: Vec<String> = lines.iter().map(|(line, _)| line.to_string()).collect();
    // `Books/Tidewater.md` of `finished: 2023-01-22`: the note names what its properties are
    // of (a book, a film, a trip), unless its name is a date.
    let stem = source
        .rsplit('/')
        .next()
        .unwrap_or(source)
        .trim_end_matches(".md");
    let today = chrono::Local::now().date_naive();
    let named = fm.title().or_else(|| {
        let dated = super::dating::name_date(stem, today).is_some()
            || stem.chars().filter(char::is_ascii_digit).count() >= 4;
        (!dated).then(|| stem.to_string())
    });
    if let Some(name) = named.filter(|_| !lines.iter().any(|(l, _)| l.starts_with("title:"))) {
        text.insert(0, format!("{NAME_LINE}{name}"));
    }
    Some((text.join("\n"), 0..fm.line_count))
}

/// Splits a note into entries dated by `dating` (DESIGN §1.2): the nearest dated heading
/// above each entry, else the note's own date; text with neither is reference text, dated
/// by the first date in the note or `fallback` only to sort it.
pub fn entries_dated(
    note: &Note,
    source: &str,
    dating: &Dating,
    fallback: NaiveDate,
) -> Vec<Entry> {
    let sort_key = dating.dates().first().copied().unwrap_or(fallback);
    let mut out = split_at_dated_lines(note, entries(note, source, sort_key), dating);
    for e in &mut out {
        match dating.date_at(e.lines.start) {
            Some(date) => e.date = date,
            None => {
                e.log = false;
                // A note of a year (`2025年.md`, `# Books 2025`) dates its undated parts in
                // it: a table's days without a year are of that year.
                let year = dating.period_at(e.lines.start).year;
                if let Some(first) = year.and_then(|y| NaiveDate::from_ymd_opt(y, 1, 1)) {
                    e.date = first;
                }
            }
        }
    }
    let labels = super::day_labels::entries(note, source, dating, &out);
    out.extend(labels);
    if let Some(key) = &dating.coded {
        out.extend(super::coded_headings::entries(
            &note.text,
            key,
            source,
            |line| dating.date_at(line),
        ));
    }
    out.sort_by_key(|e| e.lines.start);
    let today = chrono::Local::now().date_naive();
    super::day_rows::split(out, dating, today)
}

/// The lines of the note's agent callouts, in order (left out of entries' text).
fn callout_lines(note: &Note) -> Vec<Range<usize>> {
    note.blocks
        .iter()
        .filter(|b| matches!(b.kind, BlockKind::AgentCallout(_)))
        .map(|b| b.lines.clone())
        .collect()
}

/// Entries that hold several dated lines (a paragraph or list kept one day a line, see
/// [`super::dating`]) split at each: every day is an entry of its own, with the lines
/// under its date (a dated item's nested items).
fn split_at_dated_lines(note: &Note, entries: Vec<Entry>, dating: &Dating) -> Vec<Entry> {
    if dating.headings.is_empty() {
        return entries;
    }
    let callouts = callout_lines(note);
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        let cuts: Vec<usize> = dating
            .headings
            .iter()
            .map(|(line, _)| *line)
            .filter(|line| entry.lines.start < *line && *line < entry.lines.end)
            // A table's dated rows keep its header: the day tables split them (see
            // `day_rows`).
            .filter(|line| !note.line(*line).trim_start().starts_with('|'))
            .collect();
        if cuts.is_empty() || entry.heading.is_some() {
            out.push(entry);
            continue;
        }
        let bounds: Vec<usize> = std::iter::once(entry.lines.start)
            .chain(cuts)
            .chain(std::iter::once(entry.lines.end))
            .collect();
        for pair in bounds.windows(2) {
            let lines = pair[0]..pair[1];
            let text = content(note, &callouts, lines.clone());
            if text.is_empty() {
                continue;
            }
            out.push(Entry {
                hash: ContentHash::of(text.as_bytes()),
                tags: tags(&text),
                text,
                lines,
                ..entry.clone()
            });
        }
    }
    for (i, e) in out.iter_mut().enumerate() {
        e.id = EntryId::new(&e.source, i + 1);
    }
    out
}

/// The person's lines in `lines`: without questions, agent callouts (`callouts`, in line
/// order) and code fences' surroundings trimmed.
fn content(note: &Note, callouts: &[Range<usize>], lines: Range<usize>) -> String {
    // Only the callouts that overlap this entry's lines are looked at.
    let first = callouts.partition_point(|r| r.end <= lines.start);
    let overlapping: Vec<&Range<usize>> = callouts[first..]
        .iter()
        .take_while(|r| r.start < lines.end)
        .collect();
    let mut text = String::new();
    for i in lines {
        if note.is_question_line(i) || overlapping.iter().any(|r| r.contains(&i)) {
            continue;
        }
        text.push_str(note.line(i).trim_end());
        text.push('\n');
    }
    text.trim().to_string()
}

fn tags(text: &str) -> Vec<String> {
    // Every tag starts with `#`: most entries have none (one scan for the byte says so).
    if !text.contains('#') {
        return Vec::new();
    }
    let mut tags: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter_map(|w| w.strip_prefix('#'))
        .map(|t| t.trim_end_matches(|c: char| !c.is_alphanumeric() && c != '/' && c != '-'))
        .filter(|t| !t.is_empty() && t.chars().any(char::is_alphabetic))
        .map(str::to_lowercase)
        .collect();
    tags.sort();
    tags.dedup();
    tags
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day() -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, 12).unwrap()
    }

    #[test]
    fn time_sections_become_entries_with_headings() {
        let note = Note::parse(
            "# Thursday\nwoke up tired\n\n## 07:30 Bench\n185x5 felt heavy #gym\n\n## 21:00\nslept 5.5h\n? why heavy\n".into(),
        );
        let e = entries(&note, "Daily/2026-11-12.md", day());
        assert_eq!(e.len(), 3);
        assert_eq!(e[0].text, "woke up tired");
        assert_eq!(e[0].time, None);
        assert_eq!(e[1].heading.as_deref(), Some("07:30 Bench"));
        assert_eq!(e[1].time, NaiveTime::from_hms_opt(7, 30, 0));
        assert_eq!(e[1].tags, ["gym"]);
        assert_eq!(e[2].text, "slept 5.5h");
        assert_eq!(e[2].id.0, "Daily/2026-11-12.md#3");
    }

    #[test]
    fn blocks_are_entries_and_questions_callouts_code_are_not() {
        let note = Note::parse(
            "ran 5k\n\n- slept 7h\n- mood 6/10\n\n? how far\n> [!answer] vault-agent · x\n> 5k\n\n```python\nsquat = 200\n```\n".into(),
        );
        let e = entries(&note, "n.md", day());
        let texts: Vec<_> = e.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(texts, ["ran 5k", "- slept 7h\n- mood 6/10"]);
    }

    #[test]
    fn a_plain_fence_holds_log_text_and_no_questions() {
        for fence in ["```", "```text", "~~~log"] {
            let close = &fence[..3];
            let note = Note::parse(format!(
                "Pasted from my phone:\n\n{fence}\n2021/1/5: squat 3x5@90kg\n? heavier next time\n\n* 2022-05-03\n  - 1200 m Kraul\n{close}\n"
            ));
            assert!(note.questions.is_empty(), "{fence}: no question inside");
            let e = entries(&note, "n.md", day());
            let texts: Vec<_> = e.iter().map(|e| e.text.as_str()).collect();
            assert!(
                texts
                    .iter()
                    .any(|t| t.starts_with("2021/1/5: squat 3x5@90kg")),
                "{fence}: {texts:?}"
            );
            assert!(
                texts.iter().any(|t| t.contains("1200 m Kraul")),
                "{fence}: {texts:?}"
            );
        }
    }

    #[test]
    fn hash_ignores_an_added_answer() {
        let before = Note::parse("## 08:00\nran 5k\n? how far\n".into());
        let after = Note::parse(
            "## 08:00\nran 5k\n? how far\n> [!answer] vault-agent · 2026-11-21 10:00\n> 5k\n"
                .into(),
        );
        assert_eq!(
            entries(&before, "n.md", day())[0].hash,
            entries(&after, "n.md", day())[0].hash
        );
    }

    #[test]
    fn answers_in_any_of_many_sections_are_left_out_of_that_section_only() {
        let mut text = String::new();
        for i in 0..300 {
            text.push_str(&format!("## {:02}:{:02}\nwalked {i} min\n", i / 60, i % 60));
            if i % 7 == 3 {
                text.push_str(&format!(
                    "? how far {i}\n> [!answer] vault-agent · 2026-11-21 10:00\n> far {i}\n\n"
                ));
            }
        }
        let note = Note::parse(text);
        let e = entries(&note, "n.md", day());
        assert_eq!(e.len(), 300);
        for (i, entry) in e.iter().enumerate() {
            assert_eq!(entry.text, format!("walked {i} min"));
        }
    }

    #[test]
    fn a_label_line_right_above_a_list_is_read_with_it() {
        let note = Note::parse("Plan for next week:\n- squat 5x5\n\nDeadlift\n- 225x5\n- 285x5\n\nwarm day\n\n- ran 5k\n".into());
        let texts: Vec<String> = entries(&note, "n.md", day())
            .into_iter()
            .map(|e| e.text)
            .collect();
        assert_eq!(
            texts,
            [
                "Plan for next week:\n- squat 5x5",
                "Deadlift\n- 225x5\n- 285x5",
                "warm day",
                "- ran 5k"
            ]
        );
    }

    #[test]
    fn numeric_properties_are_an_entry_after_the_body() {
        let text = "---\ndate: 2026-10-12\ntags: [러닝]\ntype: 러닝\ndistance: 7.8\ntime: \"41:26\"\n---\n바람 많이 불었음\n";
        let note = Note::parse(text.to_string());
        let got = entries(&note, "러닝/2026-10-12 저녁런.md", day());
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].text, "바람 많이 불었음");
        assert_eq!(got[1].text, "type: 러닝\ndistance: 7.8\ntime: \"41:26\"");
        assert_eq!(got[1].lines, 0..7);
        // Properties that only describe the note make no entry.
        let plain = Note::parse("---\ndate: 2026-10-12\ntags: [a]\nstatus: done\n---\nhi\n".into());
        assert_eq!(entries(&plain, "n.md", day()).len(), 1);
    }

    #[test]
    fn heading_time_parsing() {
        assert_eq!(heading_time("7:05 run"), NaiveTime::from_hms_opt(7, 5, 0));
        assert_eq!(heading_time("Notes"), None);
        assert_eq!(heading_time("25:00"), None);
    }
}
