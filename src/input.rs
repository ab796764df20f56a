//! `vault-agent input TEXT`: any input, routed. Logs are appended to today's daily note as a
//! new `## HH:MM` section, written atomically; questions are answered on stdout; input that
//! does both is split. A correction is appended as `## HH:MM [correction]` to the note of
//! the entry it corrects, with a `Correction:` line naming the change; the next pass applies
//! it to the parsed data (see [`crate::offline::correct`]).

use chrono::{Local, NaiveDateTime};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::offline::correct::Resolution;
use crate::offline::route::{classify, InputType};
use crate::vault::append::append_section;
use crate::vault::db::RecordDb;

/// What `input` did with the text.
#[derive(Debug, Clone, PartialEq)]
pub struct Routed {
    pub kind: InputType,
    /// Vault-relative path of the daily note written, when something was logged.
    pub logged_to: Option<String>,
    /// The heading of the section written there (`09:05`, `09:05 [correction]`), without
    /// `## `.
    pub section: Option<String>,
    /// The text that was logged there.
    pub logged_text: Option<String>,
    /// The question part, when there is one.
    pub question: Option<String>,
    /// What a correction changed, or the question asked back when it is unclear which
    /// entry it is about; for the person.
    pub said: Option<String>,
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

/// The first control character in `text` other than tab, newline and carriage return, with
/// its line (1-based): such a character is not text a note can hold (a NUL makes other
/// tools take the whole note for a binary file).
pub fn control_character(text: &str) -> Option<(usize, char)> {
    text.lines().enumerate().find_map(|(i, line)| {
        line.chars()
            .find(|c| c.is_control() && !matches!(c, '\t' | '\r'))
            .map(|c| (i + 1, c))
    })
}

/// The longest text `input`, `log` and `serve` take (bytes): a day's log, not a file. A
/// longer one would make the daily note too large to read (`max_note_bytes`).
pub const MAX_TEXT: usize = 64 * 1024;

/// Refuses input that cannot become a note's text: empty, longer than [`MAX_TEXT`], or
/// holding control characters.
pub fn check_text(text: &str) -> Result<()> {
    if text.trim().is_empty() {
        return Err(Error::Input(
            "the text is empty: nothing to log or answer".into(),
        ));
    }
    if text.len() > MAX_TEXT {
        return Err(Error::Input(format!(
            "the text is {} KiB, over the limit of {} KiB for one log or question; split it, or bring a long text in as a note of its own with `vault-agent import`",
            text.len().div_ceil(1024),
            MAX_TEXT / 1024
        )));
    }
    if let Some((line, c)) = control_character(text) {
        let at = if text.lines().nth(1).is_some() {
            format!(" on line {line}")
        } else {
            String::new()
        };
        return Err(Error::Input(format!(
            "the text holds a control character (U+{:04X}){at}; only tabs and line breaks are kept in notes, so remove it and try again",
            c as u32
        )));
    }
    Ok(())
}

/// Where a text was written: a note (vault-relative) and the heading of the section it
/// got there (without `## `).
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub note: String,
    pub heading: String,
}

/// Appends `text` to the daily note of `now` as `## HH:MM` (with `title` when given).
/// Creates the note (and its folders) when it does not exist; never rewrites existing text.
pub fn append_to_daily(
    config: &Config,
    now: NaiveDateTime,
    title: Option<&str>,
    text: &str,
) -> Result<Written> {
    let note = config.obsidian.daily.note_for(now.date());
    let heading = append_to_note(config, &note, now, title, text)?;
    Ok(Written { note, heading })
}

/// Appends `text` to the note `rel` as a `## HH:MM` section of its own (see
/// [`append_section`]), holding the vault's write lock.
fn append_to_note(
    config: &Config,
    rel: &str,
    now: NaiveDateTime,
    title: Option<&str>,
    text: &str,
) -> Result<String> {
    // Other vault-agent programs writing this vault wait their turn.
    let path = crate::vault::contain::inside(&config.vault, rel)?;
    let _turn = crate::vault::lock::WriteLock::acquire(&config.agent_dir())?;
    append_section(&path, &now.format("%H:%M").to_string(), title, text)
}

/// How many days back a correction looks for the entry it is about.
pub const CORRECTION_DAYS: i64 = 60;

/// The records the correction `text` written on `today` may be about, oldest first.
fn recent_records(
    config: &Config,
    records: Option<&RecordDb>,
    today: chrono::NaiveDate,
    text: &str,
) -> Result<Vec<crate::vault::parsed::ParsedRecord>> {
    // A day named further back than that is looked at too.
    let (from, today) = match crate::offline::correct::read(text) {
        Some(c) => c.days(today, CORRECTION_DAYS),
        None => (today - chrono::Duration::days(CORRECTION_DAYS), today),
    };
    match records {
        Some(db) => db.between(from, today),
        None => RecordDb::open(&config.agent_dir().join("index.db"))?.between(from, today),
    }
}

/// A correction from the CLI or the API, read by the rules (see [`write_correction`]).
fn log_correction(
    config: &Config,
    records: Option<&RecordDb>,
    now: NaiveDateTime,
    text: &str,
) -> Result<(Option<Written>, String)> {
    let recent = recent_records(config, records, now.date(), text)?;
    let resolution = crate::flow::correction::by_rules(text, None, &recent);
    write_correction(config, now, text, resolution)
}

/// Writes a read correction: appended under the entry it corrects, or, when that entry
/// cannot be found, to today's note (nothing typed is lost). When several numbers could be
/// meant, nothing is written and the person is asked which. Returns where it was written
/// and what to tell the person.
fn write_correction(
    config: &Config,
    now: NaiveDateTime,
    text: &str,
    resolution: Resolution,
) -> Result<(Option<Written>, String)> {
    const TITLE: Option<&str> = Some("[correction]");
    match resolution {
        Resolution::Found(change) => {
            let body = format!("{}\n\n{}", text.trim(), change.line());
            let heading = append_to_note(config, &change.source, now, TITLE, &body)?;
            Ok((
                Some(Written {
                    note: change.source.clone(),
                    heading,
                }),
                format!(
                    "corrected {} (noted in {})",
                    change.describe(),
                    change.source
                ),
            ))
        }
        Resolution::Ambiguous(options) => {
            let list: Vec<String> = options
                .iter()
                .enumerate()
                .map(|(i, c)| format!("{}. {}", i + 1, c.describe()))
                .collect();
            Ok((
                None,
                format!(
                    "Which entry do you mean? Nothing was changed yet.\n{}\nSay it again naming it (e.g. “actually the {} was …”).",
                    list.join("\n"),
                    options[0].activity,
                ),
            ))
        }
        Resolution::NotFound => {
            let written = append_to_daily(config, now, TITLE, text)?;
            let said = format!(
                "no recent entry holds a number this corrects; logged to {} as written",
                written.note
            );
            Ok((Some(written), said))
        }
    }
}

/// Like [`route_and_log_with`], with the models of `flow` reading a correction (the Router
/// confirms it and says what it is about, the Parser finds the entry and the number; each
/// step falls back to the rules, see [`crate::flow::correction`]).
pub async fn route_and_log_by(
    config: &Config,
    flow: &crate::flow::Flow,
    records: Option<&RecordDb>,
    text: &str,
) -> Result<Routed> {
    route_and_log_at(config, flow, records, text, Local::now().naive_local()).await
}

/// Like [`route_and_log_by`] as if the text were given at `now`: a log goes to the daily
/// note of `now`'s day, a correction looks back from it, a question's referent is read
/// against it (the MCP `log` tool's `date`).
pub async fn route_and_log_at(
    config: &Config,
    flow: &crate::flow::Flow,
    records: Option<&RecordDb>,
    text: &str,
    now: NaiveDateTime,
) -> Result<Routed> {
    check_text(text)?;
    let domains = flow.domains();
    let corrects = classify(text, domains).input == InputType::Correction;
    if !corrects || flow.llm().is_none() || question_lines(text).is_some() {
        return route_and_log_with_at(config, domains, records, text, now);
    }
    let recent = recent_records(config, records, now.date(), text)?;
    let read = flow.read_correction(text, &recent).await;
    let crate::flow::correction::CorrectionRead::Resolved(resolution) = read else {
        let written = append_to_daily(config, now, None, text)?;
        return Ok(Routed {
            kind: InputType::Log,
            logged_to: Some(written.note),
            section: Some(written.heading),
            logged_text: Some(text.trim().to_string()),
            question: None,
            said: None,
        });
    };
    let (written, said) = write_correction(config, now, text, resolution)?;
    let (logged_to, section) = written.map(|w| (w.note, w.heading)).unzip();
    Ok(Routed {
        kind: InputType::Correction,
        logged_text: logged_to.as_ref().map(|_| text.trim().to_string()),
        logged_to,
        section,
        question: None,
        said: Some(said),
    })
}

/// Routes `text`: logs and corrections are appended to today's daily note; the question
/// part (if any) is returned for the caller to answer.
pub fn route_and_log(
    config: &Config,
    domains: &crate::domains::Domains,
    text: &str,
) -> Result<Routed> {
    route_and_log_with(config, domains, None, text)
}

/// Like [`route_and_log`], reading earlier records (for a correction's target) from
/// `records` when given, else from the vault's index.db.
pub fn route_and_log_with(
    config: &Config,
    domains: &crate::domains::Domains,
    records: Option<&RecordDb>,
    text: &str,
) -> Result<Routed> {
    route_and_log_with_at(config, domains, records, text, Local::now().naive_local())
}

/// Like [`route_and_log_with`], as if the text were given at `now`.
fn route_and_log_with_at(
    config: &Config,
    domains: &crate::domains::Domains,
    records: Option<&RecordDb>,
    text: &str,
    now: NaiveDateTime,
) -> Result<Routed> {
    check_text(text)?;
    if let Some((log, ask)) = question_lines(text) {
        return log_around_questions(config, now, &log, &ask);
    }
    let kind = classify(text, domains).input;
    let (log, ask) = split(text);
    let (log, ask) = (log.trim().to_string(), ask);
    let logged_text = match kind {
        InputType::Query => None,
        InputType::Both => (!log.is_empty()).then(|| log.clone()),
        InputType::Log | InputType::Correction => Some(text.trim().to_string()),
    };
    let mut said = None;
    let (written, question) = match kind {
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
            (
                logged,
                (!ask.is_empty()).then(|| with_referent(&ask, &log, now.date(), config.week_start)),
            )
        }
        InputType::Correction => {
            let (written, message) = log_correction(config, records, now, text)?;
            said = Some(message);
            (written, None)
        }
    };
    let (logged_to, section) = written.map(|w| (w.note, w.heading)).unzip();
    Ok(Routed {
        kind,
        logged_text: logged_to.as_ref().and(logged_text),
        logged_to,
        section,
        question,
        said,
    })
}

/// Text holding `?` lines, as a note would: the other lines as written (the log, line by
/// line) and the questions' text. `None` when no line is a `?` question.
fn question_lines(text: &str) -> Option<(String, String)> {
    let mut log = Vec::new();
    let mut ask = Vec::new();
    for line in text.lines() {
        match crate::vault::note::question_text(line) {
            Some(q) => ask.push(q.trim_start_matches('?').trim()),
            None => log.push(line),
        }
    }
    if ask.is_empty() {
        return None;
    }
    Some((log.join("\n").trim().to_string(), ask.join(" ")))
}

/// Logs the lines around `?` questions as they were written (when there are any) and
/// returns the question to answer: a `?` line is asked, never logged.
fn log_around_questions(
    config: &Config,
    now: NaiveDateTime,
    log: &str,
    ask: &str,
) -> Result<Routed> {
    let written = (!log.is_empty())
        .then(|| append_to_daily(config, now, None, log))
        .transpose()?;
    let question = match written {
        Some(_) => with_referent(ask, log, now.date(), config.week_start),
        None => ask.to_string(),
    };
    Ok(Routed {
        kind: if written.is_some() {
            InputType::Both
        } else {
            InputType::Query
        },
        logged_text: written.as_ref().map(|_| log.to_string()),
        logged_to: written.as_ref().map(|w| w.note.clone()),
        section: written.map(|w| w.heading),
        question: Some(question),
        said: None,
    })
}

/// A question that points back at what was just logged ("ran 5k in 26:10, was that my
/// fastest?") carries that log's words, so it is about the same activity and distance; the
/// log's own period (`today`, `오늘`, `yesterday`...) is left out, so the question keeps its
/// own.
fn with_referent(ask: &str, log: &str, today: chrono::NaiveDate, week: chrono::Weekday) -> String {
    const BACK: [&str; 9] = [
        "that", "this", "it", "이게", "그게", "이거", "これ", "这", "那",
    ];
    // `this` in the question's own period ("this week") points at no log.
    let mut lower = ask.to_lowercase();
    if let Some(period) = crate::offline::dates::find_range(&lower, today, week) {
        lower = lower.replacen(&period.phrase, " ", 1);
    }
    let points_back = BACK
        .iter()
        .any(|w| crate::offline::read::find_word(&lower, w).is_some());
    if !points_back || log.trim().is_empty() {
        return ask.to_string();
    }
    let mut context = log.to_lowercase();
    if let Some(period) = crate::offline::dates::find_range(&context, today, week) {
        context = context.replacen(&period.phrase, " ", 1);
    }
    format!(
        "{ask} ({})",
        context.split_whitespace().collect::<Vec<_>>().join(" ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_pointing_back_takes_the_log_without_its_period() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let monday = chrono::Weekday::Mon;
        assert_eq!(
            with_referent("was that my fastest?", "Ran 5k today in 22:30", day, monday),
            "was that my fastest? (ran 5k in 22:30)"
        );
        assert_eq!(
            with_referent("how far did I run?", "ran 5k", day, monday),
            "how far did I run?"
        );
        assert_eq!(
            with_referent("how far did I run this week?", "ran 5k", day, monday),
            "how far did I run this week?"
        );
    }

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
        let written = append_to_daily(&config, now, None, "ran 5 km").unwrap();
        assert_eq!(written.note, "Daily/2026-11-21.md");
        assert_eq!(written.heading, "09:05");
        let rel = written.note;
        std::fs::write(dir.path().join(&rel), "# Sat\nno newline at end").unwrap();
        append_to_daily(&config, now, Some("[correction]"), "the run was 8 km").unwrap();
        let text = std::fs::read_to_string(dir.path().join(&rel)).unwrap();
        assert_eq!(
            text,
            "# Sat\nno newline at end\n\n## 09:05 [correction]\nthe run was 8 km\n"
        );
    }
}
