//! Inserting a callout under a question without losing a byte the person wrote.
//!
//! The note is read again, the question line is found again (it may have moved or been
//! edited around), the callout is spliced in after that line, and the file is replaced
//! atomically only if it did not change in between; otherwise the splice is redone on the
//! new text. A save that lands between that last check and the rename comes back from
//! [`write_atomic`] as the text it replaced: the splice is redone on that newer text (or,
//! when the question is gone from it, the text is put back as it was).

use std::path::Path;
use std::time::{Duration, SystemTime};

use super::atomic::{is_read_only, restore, write_atomic, WriteResult};
use super::note::Note;
use super::read::{decode, read_note};
use super::ContentHash;
use crate::error::{Error, Result};

/// How a write-back ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WriteBack {
    /// Written; the hash of the note as we left it.
    Written(ContentHash),
    /// The question is no longer in the note (or no longer ready).
    QuestionGone,
    /// Someone (another run) answered it meanwhile.
    AlreadyHandled,
    /// The file was edited less than the quiet time ago; try again later.
    Busy,
    /// The note is read-only (no write permission bit): the person protected it, so it is
    /// left as it is.
    ReadOnly,
}

/// Where a callout goes, as found in the current text.
enum Located {
    Line(usize),
    Gone,
    Handled,
}

/// Inserts `callout` (rendered, newline-terminated) under the unhandled question whose text
/// is `question`, choosing the occurrence nearest `line_hint`.
pub fn insert_under_question(
    path: &Path,
    question: &str,
    line_hint: usize,
    callout: &str,
    quiet: Duration,
    max_bytes: u64,
) -> Result<WriteBack> {
    insert_after(path, callout, quiet, max_bytes, |note| {
        let candidates: Vec<_> = note
            .questions
            .iter()
            .filter(|q| q.text == question && q.ready)
            .collect();
        match candidates
            .iter()
            .filter(|q| q.handled.is_none())
            .min_by_key(|q| q.line.abs_diff(line_hint))
        {
            Some(q) => Located::Line(q.line),
            None if candidates.is_empty() => Located::Gone,
            None => Located::Handled,
        }
    })
}

/// Inserts `callout` under the person's `!` reply (text `reply`) to our clarifying questions
/// about `question`.
pub fn insert_under_reply(
    path: &Path,
    question: &str,
    reply: &str,
    line_hint: usize,
    callout: &str,
    quiet: Duration,
    max_bytes: u64,
) -> Result<WriteBack> {
    insert_after(path, callout, quiet, max_bytes, |note| {
        let candidates: Vec<_> = note
            .questions
            .iter()
            .filter(|q| q.text == question)
            .filter_map(|q| q.reply.as_ref())
            .filter(|r| r.text == reply && r.ready)
            .collect();
        match candidates
            .iter()
            .filter(|r| !r.answered)
            .min_by_key(|r| r.line.abs_diff(line_hint))
        {
            Some(r) => Located::Line(r.line),
            None if candidates.is_empty() => Located::Gone,
            None => Located::Handled,
        }
    })
}

/// Re-reads the note, finds the line again, splices, and replaces the file atomically only
/// if it is unchanged since it was read (else tries again on the new text).
fn insert_after(
    path: &Path,
    callout: &str,
    quiet: Duration,
    max_bytes: u64,
    locate: impl Fn(&Note) -> Located,
) -> Result<WriteBack> {
    let edited = edit_note(path, quiet, max_bytes, |note, ours| {
        if ours.is_some_and(|ours| callouts_in(&note.text, callout) >= callouts_in(ours, callout)) {
            // Saved over our write with our callout in it: it landed.
            return Change::Text(note.text.clone(), ());
        }
        match locate(note) {
            Located::Line(line) => Change::Text(splice_after_line(note, line, callout), ()),
            Located::Gone => Change::Keep(WriteBack::QuestionGone),
            Located::Handled => Change::Keep(WriteBack::AlreadyHandled),
        }
    })?;
    Ok(match edited {
        Edited::Written(hash, ()) => WriteBack::Written(hash),
        Edited::Kept(result) => result,
        Edited::Busy => WriteBack::Busy,
        Edited::ReadOnly => WriteBack::ReadOnly,
    })
}

/// How many times `text` holds `callout` (rendered with `\n`), with either line ending.
fn callouts_in(text: &str, callout: &str) -> usize {
    text.matches(callout).count() + text.matches(&callout.replace('\n', "\r\n")).count()
}

/// What an edit decided about the note's current text.
enum Change<W, K> {
    /// Replace the note with this text.
    Text(String, W),
    /// Leave the note as it is.
    Keep(K),
}

/// How [`edit_note`] ended.
enum Edited<W, K> {
    Written(ContentHash, W),
    Kept(K),
    Busy,
    ReadOnly,
}

/// Applies `edit` to the note's current text and writes the result atomically. When the
/// note changes before the check, the edit is redone on a fresh read; when a save lands
/// between the check and the rename, on the text that save wrote (those repairs are not
/// counted as attempts: the person's text is only in memory until one lands). When
/// repairing, `edit` is also given the text we wrote (the person's editor may have loaded
/// it, so the newer text may hold what we added already).
fn edit_note<W, K>(
    path: &Path,
    quiet: Duration,
    max_bytes: u64,
    edit: impl Fn(&Note, Option<&str>) -> Change<W, K>,
) -> Result<Edited<W, K>> {
    // The newer text a save wrote just before our rename, and what we wrote.
    let mut overtaken: Option<(Vec<u8>, String)> = None;
    let mut attempts = 0;
    while attempts < 5 {
        let ours = overtaken.as_ref().map(|(_, ours)| ours.clone());
        let repairing = ours.is_some();
        let (text, expected) = match overtaken.take() {
            Some((newer, ours)) => match decode(newer.clone()) {
                Ok(text) => (text, ContentHash::of(ours.as_bytes())),
                Err(_) => {
                    // Not text we can splice into any more: put it back as it was.
                    restore(path, newer, ContentHash::of(ours.as_bytes()))?;
                    return Ok(Edited::Busy);
                }
            },
            None => {
                if is_fresh(path, quiet)? {
                    return Ok(Edited::Busy);
                }
                let text = read_note(path, max_bytes)
                    .map_err(|reason| Error::io(path, std::io::Error::other(reason.to_string())))?;
                let hash = ContentHash::of(text.as_bytes());
                (text, hash)
            }
        };
        let note = Note::parse(text);
        let (new_text, written) = match edit(&note, ours.as_deref()) {
            Change::Text(text, w) => (text, Ok(w)),
            // Our earlier write replaced the person's newer text: it goes back unchanged.
            Change::Keep(k) if repairing => (note.text.clone(), Err(k)),
            Change::Keep(k) => return Ok(Edited::Kept(k)),
        };
        if !repairing && is_read_only(path) {
            return Ok(Edited::ReadOnly);
        }
        match write_atomic(path, new_text.as_bytes(), Some(expected))? {
            WriteResult::Written => {
                return Ok(match written {
                    Ok(w) => Edited::Written(ContentHash::of(new_text.as_bytes()), w),
                    Err(k) => Edited::Kept(k),
                })
            }
            WriteResult::Changed => attempts += 1,
            WriteResult::Overtaken(newer) => {
                overtaken = Some((newer, new_text));
            }
        }
    }
    Ok(Edited::Busy)
}

/// Whether the note was edited less than `quiet` ago (the person may still be typing).
fn is_fresh(path: &Path, quiet: Duration) -> Result<bool> {
    if quiet.is_zero() {
        return Ok(false);
    }
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map_err(|e| Error::io(path, e))?;
    let age = SystemTime::now()
        .duration_since(modified)
        .unwrap_or_default();
    Ok(age < quiet)
}

/// The note's text with `insert` placed after line `line`. A blank line is added after the
/// insert when the next line has text, so that text does not become part of the callout,
/// and at the end of the note, so that a question typed next starts a new paragraph.
/// The insert uses the line ending of the question line (CRLF notes stay CRLF).
pub fn splice_after_line(note: &Note, line: usize, insert: &str) -> String {
    let range = note.line_bytes(line);
    let text = &note.text;
    let newline = if text[range.clone()].ends_with("\r\n") {
        "\r\n"
    } else {
        "\n"
    };
    let at = range.end;
    let mut out = String::with_capacity(text.len() + insert.len() + 2);
    out.push_str(&text[..at]);
    if !out.ends_with('\n') {
        out.push_str(newline);
    }
    for l in insert.lines() {
        out.push_str(l);
        out.push_str(newline);
    }
    let rest = &text[at..];
    let next_line = rest.lines().next().unwrap_or("");
    if rest.is_empty() || !next_line.trim().is_empty() {
        out.push_str(newline);
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const CALLOUT: &str = "> [!answer] vault-agent · 2026-11-21 10:00\n> five\n";

    #[test]
    fn splice_keeps_every_other_byte_and_separates_following_text() {
        let note = Note::parse("a\n? q\nnext line\n".into());
        let out = splice_after_line(&note, 1, CALLOUT);
        assert_eq!(out, format!("a\n? q\n{CALLOUT}\nnext line\n"));
    }

    #[test]
    fn crlf_notes_get_crlf_callouts() {
        let note = Note::parse("? q\r\nnext\r\n".into());
        let out = splice_after_line(&note, 0, CALLOUT);
        assert_eq!(
            out,
            "? q\r\n> [!answer] vault-agent · 2026-11-21 10:00\r\n> five\r\n\r\nnext\r\n"
        );
    }

    #[test]
    fn finds_the_question_after_it_moved_and_refuses_when_gone() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "new text on top\n\nmore\n? q\n").unwrap();
        let r = insert_under_question(&p, "q", 0, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
        assert!(matches!(r, WriteBack::Written(_)));
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            format!("new text on top\n\nmore\n? q\n{CALLOUT}\n")
        );
        let again = insert_under_question(&p, "q", 3, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
        assert_eq!(again, WriteBack::AlreadyHandled);
        let gone = insert_under_question(&p, "other", 3, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
        assert_eq!(gone, WriteBack::QuestionGone);
    }

    #[cfg(unix)]
    #[test]
    fn a_read_only_note_is_left_as_it_is() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "? q\n").unwrap();
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).unwrap();
        let r = insert_under_question(&p, "q", 0, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
        assert_eq!(r, WriteBack::ReadOnly);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "? q\n");
        let mode = std::fs::metadata(&p).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o444);
    }

    #[test]
    fn a_freshly_edited_file_is_busy() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "? q\n").unwrap();
        let r =
            insert_under_question(&p, "q", 0, CALLOUT, Duration::from_secs(60), 1 << 20).unwrap();
        assert_eq!(r, WriteBack::Busy);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "? q\n");
    }
}
