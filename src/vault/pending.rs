//! The pending callout: what stands under a question while a model works on it, replaced
//! in place by the answer.
//!
//! ```text
//! > [!answer]- vault-agent · working… · planning
//! > Started 10:32. The answer replaces this callout; delete the question or this callout to cancel.
//! > <!-- vault-agent pending 5e1f0c2a9b7d4e63 -->
//! ```
//!
//! The last line marks the callout as ours (with a hash of the lines above it). Lines the
//! person types into it are theirs: the answer replaces our three lines and keeps theirs
//! below it (see [`is_ours`]).

use chrono::NaiveDateTime;

use super::callout::{agent_callout_kind, CalloutKind, SIGNATURE};
use super::ContentHash;

/// The word in the header that marks a callout as pending.
pub const WORKING: &str = "working…";

/// The stage a question shows while it waits for another one of its note to be answered.
pub const WAITING: &str = "waiting for the question before it";

const MARK: &str = "<!-- vault-agent pending ";

/// Renders a pending callout showing `stage` (plain words), newline-terminated.
pub fn render(stage: &str, started: NaiveDateTime) -> String {
    let stage = stage.split_whitespace().collect::<Vec<_>>().join(" ");
    let lines = [
        format!("> [!answer]- {SIGNATURE} · {WORKING} · {stage}"),
        format!(
            "> Started {}. The answer replaces this callout; delete the question or this callout to cancel.",
            started.format("%H:%M")
        ),
    ];
    let hash = hash_of(lines.iter().map(String::as_str));
    format!("{}\n> {MARK}{} -->\n", lines.join("\n"), hash.hex())
}

/// Whether `line` is the header of a pending callout (edited or not).
pub fn is_pending_header(line: &str) -> bool {
    if agent_callout_kind(line) != Some(CalloutKind::Answer) {
        return false;
    }
    line.split_once(SIGNATURE)
        .map(|(_, rest)| rest.trim_start())
        .and_then(|rest| rest.strip_prefix('·'))
        .is_some_and(|rest| rest.trim_start().starts_with(WORKING))
}

/// Whether `line` is the header of a pending callout of a question that waited its turn
/// (no work was started on it).
pub fn is_waiting(line: &str) -> bool {
    is_pending_header(line) && line.trim_end().ends_with(WAITING)
}

/// Whether `line` of a pending callout is one we wrote (its header, its `Started` line, its
/// marker): any other line in it was typed by the person, and is kept when the answer
/// replaces the callout.
pub fn is_ours(line: &str) -> bool {
    let line = line.trim_end();
    if is_pending_header(line) {
        return true;
    }
    let Some(rest) = line.trim_start().strip_prefix('>').map(str::trim_start) else {
        return false;
    };
    let started = rest.strip_prefix("Started ").is_some_and(|r| {
        r.len() > 5
            && r.as_bytes()[..5].iter().enumerate().all(|(i, b)| match i {
                2 => *b == b':',
                _ => b.is_ascii_digit(),
            })
            && r[5..] == *". The answer replaces this callout; delete the question or this callout to cancel."
    });
    started || (rest.starts_with(MARK) && rest.ends_with("-->"))
}

fn hash_of<'a>(lines: impl Iterator<Item = &'a str>) -> ContentHash {
    let text: Vec<&str> = lines.map(str::trim_end).collect();
    ContentHash::of(text.join("\n").as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp() -> NaiveDateTime {
        chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(10, 32, 0)
            .unwrap()
    }

    fn lines(text: &str) -> Vec<&str> {
        text.lines().collect()
    }

    #[test]
    fn a_rendered_callout_is_ours_line_by_line_and_typed_lines_are_not() {
        let text = render("reading 14 notes from Nov 9 – Nov 15", stamp());
        assert!(text.starts_with(
            "> [!answer]- vault-agent · working… · reading 14 notes from Nov 9 – Nov 15\n"
        ));
        assert!(lines(&text).iter().all(|l| is_ours(l)), "{text}");
        let crlf = text.replace('\n', "\r\n");
        assert!(
            crlf.split_inclusive('\n').all(is_ours),
            "line endings do not matter"
        );
        let typed = text.replace("Started", "Started (I wonder)");
        assert_eq!(lines(&typed).iter().filter(|l| !is_ours(l)).count(), 1);
        assert!(!is_ours("> my own line"));
        assert!(!is_ours("my own line"));
    }

    #[test]
    fn final_answers_are_not_pending() {
        assert!(!is_pending_header(
            "> [!answer] vault-agent · 2026-11-21 10:32"
        ));
        assert!(!is_pending_header("> [!note]- vault-agent · working…"));
        assert!(is_pending_header(
            "> [!answer]- vault-agent · working… · planning"
        ));
    }
}
