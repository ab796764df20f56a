//! The agent's callouts: recognising them in a note and rendering new ones.
//!
//! ```text
//! > [!answer] vault-agent · 2026-11-21 10:32
//! > Body text ...
//! >
//! > Sources: [[2026-11-11]] · [[2026-11-12]]
//! ```

use chrono::NaiveDateTime;

/// Marker written in every callout header; how we know a callout is ours.
pub const SIGNATURE: &str = "vault-agent";

/// The kinds of callout vault-agent writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CalloutKind {
    Answer,
    Question,
    Failure,
}

impl CalloutKind {
    fn tag(self) -> &'static str {
        match self {
            CalloutKind::Answer => "answer",
            CalloutKind::Question => "question",
            CalloutKind::Failure => "failure",
        }
    }
}

const SESSION_MARK: &str = "<!-- vault-agent session ";

/// The line a `[!question]` callout carries so the person's `!` reply finds the paused
/// flow. Obsidian does not render HTML comments.
pub fn session_marker(id: &str) -> String {
    format!("{SESSION_MARK}{id} -->")
}

/// The session id in `text`, when it carries a [`session_marker`] with a well-formed id
/// (16 hex digits, so it can name a file safely).
pub fn session_in(text: &str) -> Option<String> {
    let start = text.find(SESSION_MARK)? + SESSION_MARK.len();
    let id = text[start..].split_whitespace().next()?;
    let well_formed = id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit());
    well_formed.then(|| id.to_string())
}

/// If `line` is the first line of one of our callouts, its kind.
pub fn agent_callout_kind(line: &str) -> Option<CalloutKind> {
    let rest = line.trim_start().strip_prefix('>')?.trim_start();
    let rest = rest.strip_prefix("[!")?;
    let end = rest.find(']')?;
    let kind = match rest[..end].to_ascii_lowercase().as_str() {
        "answer" => CalloutKind::Answer,
        "question" => CalloutKind::Question,
        "failure" => CalloutKind::Failure,
        _ => return None,
    };
    let after = rest[end + 1..].trim_start_matches(['+', '-']).trim_start();
    after.starts_with(SIGNATURE).then_some(kind)
}

/// A callout ready to be written under a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Callout {
    pub kind: CalloutKind,
    /// Local time shown in the header.
    pub stamp: NaiveDateTime,
    /// Header text after the stamp for `[!question]`/`[!failure]` (e.g. "needs more information").
    pub title: Option<String>,
    /// Markdown body; every line is quoted when rendered.
    pub body: String,
    /// Wikilinks (already formatted as `[[...]]`).
    pub sources: Vec<String>,
}

impl Callout {
    /// Renders the callout as quoted markdown lines, ending with a newline.
    pub fn render(&self) -> String {
        let mut out = format!(
            "> [!{}] {SIGNATURE} · {}",
            self.kind.tag(),
            self.stamp.format("%Y-%m-%d %H:%M")
        );
        if let Some(title) = &self.title {
            out.push_str(" · ");
            out.push_str(&single_line(title));
        }
        out.push('\n');
        for line in self.body.trim_end().lines() {
            push_quoted(&mut out, line);
        }
        if !self.sources.is_empty() {
            out.push_str(">\n");
            // In the language answers are spoken in on this thread (see `offline::say`).
            let links = self.sources.join(" · ");
            push_quoted(
                &mut out,
                &crate::offline::say::t("sources", &[("links", &links)]),
            );
        }
        out
    }
}

fn push_quoted(out: &mut String, line: &str) {
    let line = line.trim_end();
    if line.is_empty() {
        out.push_str(">\n");
    } else {
        out.push_str("> ");
        out.push_str(line);
        out.push('\n');
    }
}

fn single_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
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

    #[test]
    fn renders_every_line_quoted_with_sources() {
        let c = Callout {
            kind: CalloutKind::Answer,
            stamp: stamp(),
            title: None,
            body: "Two runs.\n\n- Nov 3: 5 km".into(),
            sources: vec!["[[2026-11-03]]".into()],
        };
        assert_eq!(
            c.render(),
            "> [!answer] vault-agent · 2026-11-21 10:32\n> Two runs.\n>\n> - Nov 3: 5 km\n>\n> Sources: [[2026-11-03]]\n"
        );
    }

    #[test]
    fn the_session_marker_round_trips_and_odd_ids_are_refused() {
        let id = "00ff00ff00ff00ff";
        let text = format!("> 1. How?\n> {}\n", session_marker(id));
        assert_eq!(session_in(&text).as_deref(), Some(id));
        assert_eq!(session_in("<!-- vault-agent session ../../etc/x -->"), None);
        assert_eq!(session_in("no marker"), None);
    }

    #[test]
    fn recognises_only_our_callouts() {
        assert_eq!(
            agent_callout_kind("> [!answer] vault-agent · 2026"),
            Some(CalloutKind::Answer)
        );
        assert_eq!(
            agent_callout_kind("> [!FAILURE]- vault-agent"),
            Some(CalloutKind::Failure)
        );
        assert_eq!(agent_callout_kind("> [!answer] my own note"), None);
        assert_eq!(agent_callout_kind("> [!note] vault-agent"), None);
        assert_eq!(agent_callout_kind("[!answer] vault-agent"), None);
    }
}
