//! `vault-agent input TEXT`: any input, routed. Logs (and corrections) are appended to
//! today's daily note as a new `## HH:MM` section, written atomically; questions are answered
//! on stdout; input that does both is split.

use chrono::{Local, NaiveDateTime};

use crate::config::Config;
use crate::error::Result;
use crate::offline::route::{classify, InputType};
use crate::vault::append::append_blocks;

/// What `input` did with the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Routed {
    pub kind: InputType,
    /// Vault-relative path of the daily note written, when something was logged.
    pub logged_to: Option<String>,
    /// The text that was logged there.
    pub logged_text: Option<String>,
    /// The question part, when there is one.
    pub question: Option<String>,
}

impl Routed {
    /// The log part of input that is both a log and a question, once written to a note.
    pub fn both_logged(&self) -> Option<crate::flow::LoggedPart> {
        if self.kind != InputType::Both {
            return None;
        }
        Some(crate::flow::LoggedPart {
            note: self.logged_to.clone()?,
            text: self.logged_text.clone()?,
        })
    }
}

pub use crate::offline::route::split;

/// Appends `text` to the daily note of `now` as `## HH:MM` (with `title` when given).
/// Creates the note (and its folders) when it does not exist; never rewrites existing text.
pub fn append_to_daily(
    config: &Config,
    now: NaiveDateTime,
    title: Option<&str>,
    text: &str,
) -> Result<String> {
    let rel = config.obsidian.daily.note_for(now.date());
    let heading = match title {
        Some(t) => format!("## {} {t}", now.format("%H:%M")),
        None => format!("## {}", now.format("%H:%M")),
    };
    // Other vault-agent programs writing this vault wait their turn.
    let _turn = crate::vault::lock::WriteLock::acquire(&config.agent_dir())?;
    append_blocks(
        &config.vault.join(&rel),
        &format!("{heading}\n{}", text.trim()),
    )?;
    Ok(rel)
}

/// Routes `text`: logs and corrections are appended to today's daily note; the question
/// part (if any) is returned for the caller to answer.
pub fn route_and_log(
    config: &Config,
    domains: &crate::domains::Domains,
    text: &str,
) -> Result<Routed> {
    let kind = classify(text, domains).input;
    let now = Local::now().naive_local();
    let (log, ask) = split(text);
    let (log, ask) = (log.trim().to_string(), ask);
    let logged_text = match kind {
        InputType::Query => None,
        InputType::Both => (!log.is_empty()).then(|| log.clone()),
        InputType::Log | InputType::Correction => Some(text.trim().to_string()),
    };
    let (logged_to, question) = match kind {
        InputType::Query => (
            None,
            Some(if ask.is_empty() {
                text.trim().to_string()
            } else {
                ask
            }),
        ),
        InputType::Log => (Some(append_to_daily(config, now, None, text)?), None),
        InputType::Both => {
            let logged = if log.is_empty() {
                None
            } else {
                Some(append_to_daily(config, now, None, &log)?)
            };
            (logged, (!ask.is_empty()).then_some(ask))
        }
        InputType::Correction => (
            Some(append_to_daily(config, now, Some("correction"), text)?),
            None,
        ),
    };
    Ok(Routed {
        kind,
        logged_text: logged_to.as_ref().and(logged_text),
        logged_to,
        question,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_a_section_and_keeps_everything_else() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".obsidian")).unwrap();
        std::fs::write(
            dir.path().join(".obsidian/daily-notes.json"),
            r#"{"folder": "Daily"}"#,
        )
        .unwrap();
        let config = Config::load(dir.path(), None).unwrap();
        let now = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(9, 5, 0)
            .unwrap();
        let rel = append_to_daily(&config, now, None, "ran 5 km").unwrap();
        assert_eq!(rel, "Daily/2026-11-21.md");
        std::fs::write(dir.path().join(&rel), "# Sat\nno newline at end").unwrap();
        append_to_daily(&config, now, Some("correction"), "the run was 8 km").unwrap();
        let text = std::fs::read_to_string(dir.path().join(&rel)).unwrap();
        assert_eq!(
            text,
            "# Sat\nno newline at end\n\n## 09:05 correction\nthe run was 8 km\n"
        );
    }
}
