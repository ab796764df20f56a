//! Inserting callouts under questions without losing a byte the person wrote.
//!
//! The note is read again, each question line is found again (it may have moved or been
//! edited around), the callouts are spliced in after those lines, and the file is replaced
//! atomically only if it did not change in between (see [`super::edit`]: a change is met by
//! redoing the splice on the newer text). All of a note's ready answers go in one
//! write-back, so the note is read and parsed once for them, not once per question.

use std::collections::HashSet;
use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use super::edit::{edit_note, Change, Edited};
use super::note::Note;
use super::ContentHash;
use crate::error::Result;

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
    /// Only a pending callout was to be replaced, and the question has none any more (the
    /// person deleted it): nothing was written.
    PendingGone,
}

/// One callout to place in a note.
#[derive(Debug, Clone, Copy)]
pub struct Insert<'a> {
    /// The text of the question it answers.
    pub question: &'a str,
    /// The person's `!` reply to our clarifying questions, when the callout goes under it.
    pub reply: Option<&'a str>,
    /// Where the line was when the note was read (the nearest occurrence is chosen).
    pub line_hint: usize,
    /// The rendered callout, newline-terminated. It replaces the question's pending
    /// callout (see [`super::pending`]) when it has one, else it is inserted.
    pub callout: &'a str,
    /// Only replace a pending callout: a question without one (the person deleted it) is
    /// left as it is ([`WriteBack::PendingGone`]).
    pub over_pending_only: bool,
}

/// Where a callout goes, as found in the current text: under a line, replacing the lines
/// of a pending callout when there is one.
enum Located {
    Line(usize, Option<Range<usize>>),
    Gone,
    Handled,
    PendingGone,
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
    let insert = Insert {
        question,
        reply: None,
        line_hint,
        callout,
        over_pending_only: false,
    };
    Ok(one(insert_all(path, &[insert], quiet, max_bytes)?))
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
    let insert = Insert {
        question,
        reply: Some(reply),
        line_hint,
        callout,
        over_pending_only: false,
    };
    Ok(one(insert_all(path, &[insert], quiet, max_bytes)?))
}

fn one(mut results: Vec<WriteBack>) -> WriteBack {
    results.pop().unwrap_or(WriteBack::QuestionGone)
}

/// Inserts every callout of `inserts` in one write-back: the note is read, parsed and
/// replaced once. Returns how each ended, in order (all `Busy` or all `ReadOnly` when the
/// note could not be written at all).
pub fn insert_all(
    path: &Path,
    inserts: &[Insert],
    quiet: Duration,
    max_bytes: u64,
) -> Result<Vec<WriteBack>> {
    // For each insert, how many copies of its callout the last text we wrote with it held.
    // It outlives a repair that puts the person's text back without it: their editor may
    // have loaded that write of ours, so a later save can still carry the callout.
    let placed = std::cell::RefCell::new(vec![None::<usize>; inserts.len()]);
    let edited = edit_note(path, quiet, max_bytes, |note, repairing| {
        let mut taken = HashSet::new();
        let mut splices = Vec::new();
        let mut landed = false;
        let mut placed = placed.borrow_mut();
        let mut placing = Vec::new();
        let places: Vec<Located> = inserts
            .iter()
            .zip(placed.iter())
            .enumerate()
            .map(|(i, (insert, placed))| {
                let already = repairing
                    && placed.is_some_and(|held| callouts_in(&note.text, insert.callout) >= held);
                if already {
                    // Saved over our write with this callout in it: it landed.
                    landed = true;
                    return Located::Line(usize::MAX, None);
                }
                let place = locate(note, insert, &taken);
                if let Located::Line(line, replace) = &place {
                    taken.insert(*line);
                    splices.push(Splice {
                        after: *line,
                        replace: replace.clone(),
                        text: insert.callout,
                    });
                    placing.push(i);
                }
                place
            })
            .collect();
        if splices.is_empty() && !landed {
            return Change::Keep(places);
        }
        let text = splice_all(note, &mut splices);
        for i in placing {
            placed[i] = Some(callouts_in(&text, inserts[i].callout));
        }
        Change::Text(text, places)
    })?;
    let n = inserts.len();
    Ok(match edited {
        Edited::Written(hash, places) => places
            .into_iter()
            .map(|p| match p {
                Located::Line(..) => WriteBack::Written(hash),
                Located::Gone => WriteBack::QuestionGone,
                Located::Handled => WriteBack::AlreadyHandled,
                Located::PendingGone => WriteBack::PendingGone,
            })
            .collect(),
        // Nothing of ours to place (or the person's newer text was put back as it was).
        Edited::Kept(places) => places
            .into_iter()
            .map(|p| match p {
                Located::Handled => WriteBack::AlreadyHandled,
                Located::PendingGone => WriteBack::PendingGone,
                _ => WriteBack::QuestionGone,
            })
            .collect(),
        Edited::Busy => vec![WriteBack::Busy; n],
        Edited::ReadOnly => vec![WriteBack::ReadOnly; n],
    })
}

/// Finds the line `insert` goes under in `note`, the occurrence nearest its hint among
/// those not `taken` by another callout of the same write-back.
fn locate(note: &Note, insert: &Insert, taken: &HashSet<usize>) -> Located {
    // (line, whether it still waits for an answer, its pending callout) of each candidate.
    let candidates: Vec<(usize, bool, Option<Range<usize>>)> = match insert.reply {
        None => note
            .questions
            .iter()
            .filter(|q| q.text == insert.question && q.ready)
            .map(|q| (q.line, q.handled.is_none(), q.pending.clone()))
            .collect(),
        Some(reply) => note
            .questions
            .iter()
            .filter(|q| q.text == insert.question)
            .filter_map(|q| q.reply.as_ref())
            .filter(|r| r.text == reply && r.ready)
            .map(|r| (r.line, !r.answered, r.pending.clone()))
            .collect(),
    };
    let open = candidates
        .iter()
        .filter(|(line, open, _)| *open && !taken.contains(line));
    let nearest = |c: &&(usize, bool, Option<Range<usize>>)| c.0.abs_diff(insert.line_hint);
    let chosen = if insert.over_pending_only {
        let with_pending = open.clone().filter(|c| c.2.is_some()).min_by_key(nearest);
        if with_pending.is_none() && open.clone().next().is_some() {
            return Located::PendingGone;
        }
        with_pending
    } else {
        open.min_by_key(nearest)
    };
    match chosen {
        Some((line, _, pending)) => Located::Line(*line, pending.clone()),
        None if candidates.is_empty() => Located::Gone,
        None => Located::Handled,
    }
}

/// How many times `text` holds `callout` (rendered with `\n`), with either line ending.
fn callouts_in(text: &str, callout: &str) -> usize {
    text.matches(callout).count() + text.matches(&callout.replace('\n', "\r\n")).count()
}

/// The note's text with `insert` placed after line `line` (see [`splice_all`]).
pub fn splice_after_line(note: &Note, line: usize, insert: &str) -> String {
    splice_all(
        note,
        &mut [Splice {
            after: line,
            replace: None,
            text: insert,
        }],
    )
}

/// A callout to place under line `after`, replacing the lines `replace` (a pending
/// callout) when given.
struct Splice<'a> {
    after: usize,
    replace: Option<Range<usize>>,
    text: &'a str,
}

/// The note's text with each splice made (lines of `note`, distinct), in one copy of the
/// text. A blank line is added after an insert when the next line has text, so that text
/// does not become part of the callout, and at the end of the note, so that a question
/// typed next starts a new paragraph. An insert uses the line ending of its line (CRLF
/// notes stay CRLF).
fn splice_all(note: &Note, splices: &mut [Splice]) -> String {
    splices.sort_by_key(|s| s.after);
    let text = &note.text;
    let extra: usize = splices.iter().map(|s| s.text.len() * 2 + 4).sum();
    let mut out = String::with_capacity(text.len() + extra);
    let mut from = 0;
    for splice in splices.iter() {
        let range = note.line_bytes(splice.after);
        let newline = if text[range.clone()].ends_with("\r\n") {
            "\r\n"
        } else {
            "\n"
        };
        // Blank lines between the question and a pending callout stay.
        let (at, resume) = match &splice.replace {
            Some(lines) if !lines.is_empty() => (
                note.line_bytes(lines.start).start,
                note.line_bytes(lines.end - 1).end,
            ),
            _ => (range.end, range.end),
        };
        out.push_str(&text[from..at]);
        if !out.ends_with('\n') {
            out.push_str(newline);
        }
        for l in splice.text.lines() {
            out.push_str(l);
            out.push_str(newline);
        }
        // Lines the person typed into the pending callout stay, below the answer.
        let typed: Vec<usize> = splice
            .replace
            .clone()
            .unwrap_or_default()
            .filter(|&i| !super::pending::is_ours(note.line(i)))
            .collect();
        if !typed.is_empty() {
            out.push_str(newline);
            for i in typed {
                out.push_str(&text[note.line_bytes(i)]);
            }
            if !out.ends_with('\n') {
                out.push_str(newline);
            }
        }
        let rest = &text[resume..];
        let next_line = rest.lines().next().unwrap_or("");
        if rest.is_empty() || !next_line.trim().is_empty() {
            out.push_str(newline);
        }
        from = resume;
    }
    out.push_str(&text[from..]);
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

#[cfg(test)]
mod batch_tests {
    use super::*;

    fn callout(n: usize) -> String {
        format!("> [!answer] vault-agent · 2026-11-21 10:00\n> answer {n}\n")
    }

    #[test]
    fn one_write_back_places_every_answer_under_its_own_question() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "? a\n? same\ntext\n? same\n").unwrap();
        let (c0, c1, c2, c3) = (callout(0), callout(1), callout(2), callout(3));
        let insert = |question, line_hint, callout| Insert {
            question,
            reply: None,
            line_hint,
            callout,
            over_pending_only: false,
        };
        let inserts = [
            insert("a", 0, c0.as_str()),
            // Both hints point at the first "same": each still gets a line of its own.
            insert("same", 1, c1.as_str()),
            insert("same", 1, c2.as_str()),
            insert("gone", 4, c3.as_str()),
        ];
        let results = insert_all(&p, &inserts, Duration::ZERO, 1 << 20).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert_eq!(
            text,
            format!("? a\n{c0}\n? same\n{c1}\ntext\n? same\n{c2}\n")
        );
        let hash = ContentHash::of(text.as_bytes());
        assert_eq!(
            results,
            vec![
                WriteBack::Written(hash),
                WriteBack::Written(hash),
                WriteBack::Written(hash),
                WriteBack::QuestionGone
            ]
        );
    }
}

#[cfg(test)]
mod pending_tests {
    use super::*;

    /// A working callout at a fixed time, for the tests here and in `pending_edge_tests`.
    pub(super) fn pending(stage: &str) -> String {
        let stamp = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap();
        crate::vault::pending::render(stage, stamp)
    }

    fn put(p: &Path, callout: &str, over_pending_only: bool) -> WriteBack {
        let insert = Insert {
            question: "q",
            reply: None,
            line_hint: 1,
            callout,
            over_pending_only,
        };
        one(insert_all(p, &[insert], Duration::ZERO, 1 << 20).unwrap())
    }

    #[test]
    fn a_pending_callout_is_updated_then_replaced_in_place() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "top\n? q\nbelow\n").unwrap();
        let (first, second) = (pending("planning"), pending("checking the answer"));
        assert!(matches!(put(&p, &first, false), WriteBack::Written(_)));
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            format!("top\n? q\n{first}\nbelow\n")
        );
        assert!(matches!(put(&p, &second, true), WriteBack::Written(_)));
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            format!("top\n? q\n{second}\nbelow\n")
        );
        let answer = "> [!answer] vault-agent · 2026-11-21 10:01\n> five\n";
        assert!(matches!(put(&p, answer, true), WriteBack::Written(_)));
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            format!("top\n? q\n{answer}\nbelow\n")
        );
    }

    #[test]
    fn a_deleted_pending_callout_is_not_written_over() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "? q\n").unwrap();
        assert_eq!(put(&p, &pending("planning"), true), WriteBack::PendingGone);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "? q\n");
    }

    #[test]
    fn lines_typed_into_a_pending_callout_stay_below_the_answer_that_replaces_it() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        let typed = pending("planning").replacen('\n', "\n> was it the long one?\n", 1);
        let edited = format!("? q\n{}", typed.replace("Started", "Mine"));
        std::fs::write(&p, &edited).unwrap();
        let answer = "> [!answer] vault-agent · 2026-11-21 10:01\n> five\n";
        assert!(matches!(put(&p, answer, true), WriteBack::Written(_)));
        let mine = edited.lines().find(|l| l.contains("Mine")).unwrap();
        assert_eq!(
            std::fs::read_to_string(&p).unwrap(),
            format!("? q\n{answer}\n> was it the long one?\n{mine}\n\n")
        );
        assert_eq!(put(&p, answer, false), WriteBack::AlreadyHandled);
    }

    #[test]
    fn text_typed_between_a_question_and_its_callout_stays_and_the_callout_is_not_doubled() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        let first = pending("planning");
        std::fs::write(
            &p,
            format!("? q\nmy own line\n<!-- a comment -->\n\n{first}"),
        )
        .unwrap();
        let answer = "> [!answer] vault-agent · 2026-11-21 10:01\n> five\n";
        assert!(matches!(put(&p, answer, true), WriteBack::Written(_)));
        let written = format!("? q\nmy own line\n<!-- a comment -->\n\n{answer}\n");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), written);
        assert_eq!(put(&p, answer, false), WriteBack::AlreadyHandled);
        assert_eq!(std::fs::read_to_string(&p).unwrap(), written);
    }
}

#[cfg(test)]
mod pending_edge_tests {
    use super::pending_tests::pending;
    use super::*;

    fn replace_in(text: &str, callout: &str) -> String {
        let note = Note::parse(text.to_string());
        let q = &note.questions[0];
        let replace = q.pending.clone();
        assert!(replace.is_some(), "a pending callout in {text:?}");
        splice_all(
            &note,
            &mut [Splice {
                after: q.line,
                replace,
                text: callout,
            }],
        )
    }

    #[test]
    fn crlf_notes_and_a_callout_without_a_final_newline_are_replaced_cleanly() {
        let answer = "> [!answer] vault-agent · 2026-11-21 10:01\n> five\n";
        let crlf = format!(
            "? q\r\n{}\r\nnext\r\n",
            pending("planning").replace('\n', "\r\n")
        );
        assert_eq!(
            replace_in(&crlf, answer),
            "? q\r\n> [!answer] vault-agent · 2026-11-21 10:01\r\n> five\r\n\r\nnext\r\n"
        );
        let unterminated = format!("? q\n{}", pending("planning").trim_end());
        assert_eq!(
            replace_in(&unterminated, answer),
            format!("? q\n{answer}\n")
        );
        let spaced = format!("? q\n\n{}\nmine\n", pending("planning"));
        assert_eq!(
            replace_in(&spaced, answer),
            format!("? q\n\n{answer}\nmine\n"),
            "the person's blank line stays"
        );
    }
}

#[cfg(test)]
mod quiet_tests {
    use super::*;

    const CALLOUT: &str = "> [!answer] vault-agent · 2026-11-21 10:00\n> five\n";

    /// A note we wrote a moment ago (a pending callout) is not one the person is typing
    /// in; once they save it, it is.
    #[test]
    fn only_the_persons_recent_saves_defer_a_write_back() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("n.md");
        std::fs::write(&p, "? a\n\n? b\n").unwrap();
        let quiet = Duration::from_secs(60);
        let first = insert_under_question(&p, "a", 0, CALLOUT, quiet, 1 << 20).unwrap();
        assert_eq!(first, WriteBack::Busy, "the person saved it just now");
        let first = insert_under_question(&p, "a", 0, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
        assert!(matches!(first, WriteBack::Written(_)));
        let second = insert_under_question(&p, "b", 2, CALLOUT, quiet, 1 << 20).unwrap();
        assert!(matches!(second, WriteBack::Written(_)), "{second:?}");
        let mut text = std::fs::read_to_string(&p).unwrap();
        text.push_str("typing\n");
        std::fs::write(&p, text).unwrap();
        let third = insert_under_question(&p, "b", 2, CALLOUT, quiet, 1 << 20).unwrap();
        assert_eq!(third, WriteBack::Busy);
    }
}
