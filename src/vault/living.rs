//! Living callouts: the answer of a `??` question, kept current as the notes change.
//!
//! ```text
//! ?? how far have I run this month
//! > [!answer] vault-agent · as of 2026-11-21 10:32
//! > **79.8 km** of running distance this month …
//! >
//! > _+8.2 km since Tue_
//! > …
//! > _Kept current as your notes change. Edit anything in this box and it stops updating._
//! >
//! > Sources: [[2026-11-21]] · …
//! > <!-- vault-agent living 5e1f0c2a9b7d4e63 0c2a9b7d4e635e1f offline -->
//! ```
//!
//! The last line holds a hash of the answer (its body and sources, so a new version is
//! written only when the answer changed), a hash of the lines above it (a callout whose
//! lines no longer match was edited by the person and is theirs from then on, never
//! rewritten) and the engine that wrote it, `offline` or `model` (a model's answer is
//! asked again at most once per `answers.model_refresh_hours`, the offline engine's on
//! every pass). A recurring question (`?? every Sunday: …`) gets a plain dated callout each
//! period, marked with the period's day.

use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use chrono::{NaiveDate, NaiveDateTime};

use super::callout::{agent_callout_kind, Callout, CalloutKind, SIGNATURE};
use super::edit::{edit_note, Change, Edited};
use super::note::Note;
use super::writeback::splice_after_line;
use super::ContentHash;
use crate::error::Result;

const MARK: &str = "<!-- vault-agent living ";
const EVERY: &str = "<!-- vault-agent every ";

/// The words a living callout is written with (from the lexicon of its language).
#[derive(Debug, Clone, Copy)]
pub struct Words<'a> {
    /// `as of {stamp}`.
    pub as_of: &'a str,
    /// The line saying the callout is kept current and how to stop that.
    pub kept: &'a str,
}

/// Which engine wrote a living answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    /// The offline engine (with no model configured, or with the model unreachable).
    Offline,
    /// A model.
    Model,
}

/// The hash of an answer: what decides whether a new version differs from the last.
pub fn answer_hash(callout: &Callout) -> ContentHash {
    let text = format!(
        "{}\n{}",
        callout.body.trim_end(),
        callout.sources.join("\n")
    );
    ContentHash::of(text.as_bytes())
}

/// Renders `callout` as a living callout (newline-terminated) written by `engine`: stamped
/// "as of", with `change` (one line saying what changed since the last version) under its
/// first line.
pub fn render(callout: &Callout, change: Option<&str>, words: Words, engine: Engine) -> String {
    let mut body: Vec<String> = callout.body.trim_end().lines().map(String::from).collect();
    if let Some(change) = change {
        let at = body.len().min(1);
        body.splice(at..at, [String::new(), format!("_{change}_")]);
    }
    body.push(String::new());
    body.push(words.kept.to_string());
    let shown = Callout {
        body: body.join("\n"),
        ..callout.clone()
    };
    let rendered = shown.render();
    let stamp = callout.stamp.format("%Y-%m-%d %H:%M").to_string();
    let header = format!(
        "> [!answer] {SIGNATURE} · {}",
        words.as_of.replace("{stamp}", &stamp)
    );
    let mut lines: Vec<&str> = rendered.lines().collect();
    lines[0] = &header;
    let intact = hash_of(lines.iter().copied());
    let by = match engine {
        Engine::Offline => "offline",
        Engine::Model => "model",
    };
    format!(
        "{}\n> {MARK}{} {} {by} -->\n",
        lines.join("\n"),
        answer_hash(callout).hex(),
        intact.hex()
    )
}

/// Renders the dated answer of a recurring question for the period ending `period`.
pub fn render_dated(callout: &Callout, period: NaiveDate) -> String {
    format!("{}> {EVERY}{period} -->\n", callout.render())
}

/// One of our callouts under a living question, as found in a note.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// Its lines (header first).
    pub lines: Range<usize>,
    /// A living callout exactly as we wrote it (else the person took it over, or it is not
    /// a living callout).
    pub intact: bool,
    /// The hash of the answer it holds (a living callout's).
    pub answer: Option<String>,
    /// When it was written.
    pub stamp: Option<NaiveDateTime>,
    /// Its first bold figure (`79.8 km`).
    pub lead: Option<String>,
    /// The period a recurring question's dated callout answers.
    pub period: Option<NaiveDate>,
    /// The engine that wrote it, as its mark says (callouts of older versions do not say).
    pub engine: Option<Engine>,
}

/// Our callout right under line `line` (blank lines between allowed), if there is one.
pub fn after(note: &Note, line: usize) -> Option<Found> {
    let header = (line + 1..note.line_count()).find(|&j| !note.line(j).trim().is_empty())?;
    if agent_callout_kind(note.line(header)) != Some(CalloutKind::Answer) {
        return None;
    }
    let mut end = header + 1;
    while end < note.line_count() && note.line(end).trim_start().starts_with('>') {
        end += 1;
    }
    let lines: Vec<&str> = (header..end).map(|j| note.line(j)).collect();
    let (last, above) = lines.split_last()?;
    let mark = last
        .trim()
        .strip_prefix('>')
        .map(str::trim_start)
        .and_then(|l| l.strip_prefix(MARK))
        .and_then(|l| l.strip_suffix("-->"))
        .map(|l| l.split_whitespace().collect::<Vec<_>>());
    let intact = mark
        .as_ref()
        .is_some_and(|m| matches!(m.len(), 2 | 3) && m[1] == hash_of(above.iter().copied()).hex());
    let engine = mark.as_ref().and_then(|m| match m.get(2) {
        Some(&"offline") => Some(Engine::Offline),
        Some(&"model") => Some(Engine::Model),
        _ => None,
    });
    let period = lines.iter().find_map(|l| {
        let rest = l
            .trim()
            .strip_prefix('>')?
            .trim_start()
            .strip_prefix(EVERY)?;
        rest.strip_suffix("-->")?.trim().parse().ok()
    });
    Some(Found {
        lines: header..end,
        intact,
        answer: mark.and_then(|m| m.first().map(|s| s.to_string())),
        stamp: stamp_in(lines[0]),
        lead: lines.iter().skip(1).find_map(|l| bold(l)),
        period,
        engine,
    })
}

/// The first `YYYY-MM-DD HH:MM` in a header.
fn stamp_in(header: &str) -> Option<NaiveDateTime> {
    header.char_indices().find_map(|(i, _)| {
        let s = header.get(i..i + 16)?;
        // chrono skips spaces before a number: ` 2026-11-21 10:3` would be 10:03.
        if !s.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").ok()
    })
}

/// The text of the first `**bold**` in a line.
fn bold(line: &str) -> Option<String> {
    let start = line.find("**")? + 2;
    let len = line[start..].find("**")?;
    Some(line[start..start + len].to_string())
}

fn hash_of<'a>(lines: impl Iterator<Item = &'a str>) -> ContentHash {
    let text: Vec<&str> = lines.map(str::trim_end).collect();
    ContentHash::of(text.join("\n").as_bytes())
}

/// How a living write-back ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Written {
    /// Written; the hash of the note as we left it.
    Done(ContentHash),
    /// The question, or the callout as it was when the answer was worked out, is gone
    /// (edited, deleted, or updated by another run): nothing was written.
    Gone,
    /// The note was edited a moment ago or cannot be written now: try again later.
    Busy,
}

/// What a living write-back does under its question.
#[derive(Debug, Clone, Copy)]
pub enum Edit<'a> {
    /// Replaces the intact living callout holding the answer with hash `answer`.
    Replace { answer: &'a str },
    /// Puts a recurring question's new dated callout right under it (over older ones),
    /// unless one for `period` is there already.
    Add { period: NaiveDate },
}

/// Writes `callout` (rendered) under the living question `question` (nearest `line_hint`)
/// as `edit` says, atomically, leaving every other byte as it was.
pub fn write(
    path: &Path,
    question: &str,
    line_hint: usize,
    edit: Edit,
    callout: &str,
    quiet: Duration,
    max_bytes: u64,
) -> Result<Written> {
    let edited = edit_note(path, quiet, max_bytes, |note, _repairing| {
        let Some(q) = note
            .questions
            .iter()
            .filter(|q| q.living && q.ready && q.text == question)
            .min_by_key(|q| q.line.abs_diff(line_hint))
        else {
            return Change::Keep(());
        };
        let found = after(note, q.line);
        match edit {
            Edit::Replace { answer } => match found {
                Some(f) if f.intact && f.answer.as_deref() == Some(answer) => {
                    Change::Text(replace_lines(note, f.lines, callout), ())
                }
                _ => Change::Keep(()),
            },
            Edit::Add { period } => match found {
                Some(f) if f.period.is_some_and(|p| p >= period) => Change::Keep(()),
                _ => Change::Text(splice_after_line(note, q.line, callout), ()),
            },
        }
    })?;
    Ok(match edited {
        Edited::Written(hash, ()) => Written::Done(hash),
        Edited::Kept(()) => Written::Gone,
        Edited::Busy | Edited::ReadOnly => Written::Busy,
    })
}

/// The note's text with `lines` replaced by `callout`, in the note's line ending.
fn replace_lines(note: &Note, lines: Range<usize>, callout: &str) -> String {
    let start = note.line_bytes(lines.start).start;
    let end = note.line_bytes(lines.end - 1).end;
    let text = &note.text;
    let newline = if text[start..end].contains("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let mut out = String::with_capacity(text.len() + callout.len());
    out.push_str(&text[..start]);
    for l in callout.lines() {
        out.push_str(l);
        out.push_str(newline);
    }
    // The last line of the note may have had no newline.
    if !text[..end].ends_with('\n') {
        out.truncate(out.len() - newline.len());
    }
    out.push_str(&text[end..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn callout(body: &str) -> Callout {
        Callout {
            kind: CalloutKind::Answer,
            stamp: NaiveDate::from_ymd_opt(2026, 11, 21)
                .unwrap()
                .and_hms_opt(10, 32, 0)
                .unwrap(),
            title: None,
            body: body.into(),
            sources: vec!["[[2026-11-21]]".into()],
        }
    }

    const WORDS: Words = Words {
        as_of: "as of {stamp}",
        kept: "_Kept current._",
    };

    #[test]
    fn a_rendered_living_callout_is_found_intact_with_its_figure_and_stamp() {
        let c = callout("**79.8 km** this month.\n\n- Nov 21: 5 km");
        let text = format!(
            "?? how far this month\n{}",
            render(&c, Some("+5 km since Tue"), WORDS, Engine::Offline)
        );
        assert!(text.contains("> [!answer] vault-agent · as of 2026-11-21 10:32\n"));
        assert!(text.contains("> **79.8 km** this month.\n>\n> _+5 km since Tue_\n>\n> - Nov 21"));
        let note = Note::parse(text.clone());
        let q = &note.questions[0];
        assert!(q.living && q.handled.is_some());
        let f = after(&note, 0).unwrap();
        assert!(f.intact);
        assert_eq!(f.answer.as_deref(), Some(answer_hash(&c).hex().as_str()));
        assert_eq!(f.lead.as_deref(), Some("79.8 km"));
        assert_eq!(f.stamp, Some(c.stamp));
        assert_eq!(f.engine, Some(Engine::Offline));
        // CRLF notes keep it intact.
        let crlf = Note::parse(text.replace('\n', "\r\n"));
        assert!(after(&crlf, 0).unwrap().intact);
    }

    #[test]
    fn any_edit_inside_makes_it_the_persons() {
        let c = callout("**79.8 km** this month.");
        let text = format!("?? q\n{}", render(&c, None, WORDS, Engine::Model));
        assert_eq!(
            after(&Note::parse(text.clone()), 0).unwrap().engine,
            Some(Engine::Model)
        );
        let edited = Note::parse(text.replace("79.8 km", "80 km"));
        assert!(!after(&edited, 0).unwrap().intact);
        let added = Note::parse(text.replacen("> **", "> my own line\n> **", 1));
        assert!(!after(&added, 0).unwrap().intact);
    }

    #[test]
    fn a_callout_of_an_older_version_names_no_engine_and_stays_intact() {
        let c = callout("**79.8 km** this month.");
        let text = format!("?? q\n{}", render(&c, None, WORDS, Engine::Model));
        let older = Note::parse(text.replace(" model -->", " -->"));
        let f = after(&older, 0).unwrap();
        assert!(f.intact);
        assert_eq!(f.engine, None);
    }

    #[test]
    fn the_answer_hash_ignores_the_stamp_and_the_change_line() {
        let a = callout("**5 km**");
        let mut b = a.clone();
        b.stamp += chrono::Duration::hours(3);
        assert_eq!(answer_hash(&a), answer_hash(&b));
        assert_ne!(answer_hash(&a), answer_hash(&callout("**6 km**")));
    }

    #[test]
    fn a_dated_callout_carries_its_period() {
        let period = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let text = format!(
            "?? every Sunday: my week\n{}",
            render_dated(&callout("x"), period)
        );
        let note = Note::parse(text);
        assert_eq!(after(&note, 0).unwrap().period, Some(period));
    }
}
