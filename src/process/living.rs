//! Living questions (`?? …`): their answers follow the log. After a pass that read new or
//! changed entries (and once a day), each living question of the vault is answered again;
//! its callout is rewritten only when the answer changed, with what changed in one line,
//! and never once the person edited it. A recurring question (`?? every Sunday: …`) gets a
//! new dated answer under it each period instead. A model's answers are asked again at
//! most once per `answers.model_refresh_hours`; an answer the offline engine wrote (no model
//! configured, or the model unreachable when it was written) is asked again on every pass
//! like any offline answer, and so gets the model's answer as soon as the model is back.

use chrono::{Datelike, Local, NaiveDate, NaiveDateTime, Weekday};

use super::report::callout_for;
use super::{PassReport, Processor};
use crate::error::Result;
use crate::flow::{Outcome, QuestionInput};
use crate::offline::chart::words;
use crate::vault::callout::Callout;
use crate::vault::living::{self, Edit, Written};
use crate::vault::lock::WriteLock;
use crate::vault::note::Question;
use crate::vault::read::read_note;
use crate::vault::{ContentHash, Note};

/// A recurring question's weekday and its question (`every Sunday: my week` -> Sunday,
/// `my week`), in any language of the lexicon.
pub fn recurring(text: &str) -> Option<(Weekday, String)> {
    let (head, rest) = text.split_once([':', '：'])?;
    let head = head.trim().to_lowercase();
    let rest = rest.trim();
    if rest.is_empty() {
        return None;
    }
    words::every_living().find_map(|w| {
        let after = w.every.iter().find_map(|e| head.strip_prefix(e.as_str()))?;
        let day = w.weekdays.iter().position(|names| {
            names
                .iter()
                .any(|n| after.trim() == n.as_str() || after.contains(n.as_str()))
        })?;
        // Asked about no period of its own, it is about the week that ends that day.
        // (Any day tells whether a period is named.)
        let some_day = NaiveDate::from_ymd_opt(2000, 6, 15)?;
        let text = if crate::offline::dates::find_range(rest, some_day, Weekday::Mon).is_some() {
            rest.to_string()
        } else {
            format!("{rest} {}", w.this_week)
        };
        Some((Weekday::try_from(day as u8).ok()?, text))
    })
}

/// The last `weekday` up to `today`: the day the current period of a recurring question
/// ends on.
pub fn period_end(weekday: Weekday, today: NaiveDate) -> NaiveDate {
    let back = (7 + today.weekday().num_days_from_monday() - weekday.num_days_from_monday()) % 7;
    today - chrono::Duration::days(back as i64)
}

/// What a living question asks now: its text, the day it is asked from and, for a
/// recurring one, the period its answer is for.
pub fn asked(
    q: &Question,
    anchor: NaiveDate,
    today: NaiveDate,
) -> (String, NaiveDate, Option<NaiveDate>) {
    match recurring(&q.text).filter(|_| q.living) {
        Some((weekday, text)) => {
            let end = period_end(weekday, today);
            (text, end, Some(end))
        }
        None => (q.text.clone(), anchor, None),
    }
}

/// The first callout of a question: a living one for a `??` question's answer (a dated one
/// for a recurring question), else the usual one.
pub fn first_callout(q: &Question, outcome: &Outcome, period: Option<NaiveDate>) -> String {
    let _speaking = crate::offline::say::speak(crate::offline::say::detect(&q.text));
    let callout = callout_for(outcome);
    match (q.living, outcome, period) {
        (true, Outcome::Answered(_), Some(period)) => living::render_dated(&callout, period),
        (true, Outcome::Answered(a), None) => {
            living::render(&callout, None, living_words(&q.text), engine_of(a))
        }
        _ => callout.render(),
    }
}

/// The engine that wrote an answer, as a living callout records it.
fn engine_of(answer: &crate::flow::Answer) -> living::Engine {
    if answer.engine == crate::flow::OFFLINE_ENGINE {
        living::Engine::Offline
    } else {
        living::Engine::Model
    }
}

/// Whether the living callout `found` holds a model's answer: as its mark says, or, in a
/// callout of a version that did not mark it, unless its footer says no model answered.
fn by_model(note: &Note, found: &living::Found) -> bool {
    match found.engine {
        Some(engine) => engine == living::Engine::Model,
        None => !found.lines.clone().any(|j| {
            let line = note.line(j).trim_start();
            crate::offline::say::is_offline_footer(line.strip_prefix('>').unwrap_or(line))
        }),
    }
}

/// The words of a living callout, in the language of its question.
fn living_words(question: &str) -> living::Words<'static> {
    let w = words::living(crate::offline::say::detect(question));
    living::Words {
        as_of: &w.as_of,
        kept: &w.kept,
    }
}

/// The line saying how the answer's figure changed since the last version (`+8.2 km since
/// Tue`), when both versions lead with one.
pub fn change_line(
    old: Option<&str>,
    new: Option<&str>,
    since: Option<NaiveDateTime>,
    now: NaiveDateTime,
    lang: &str,
) -> Option<String> {
    let (old, new, since) = (old?, new?, since?);
    let w = words::living(lang);
    let chart = words::chart(lang);
    let day = if now.date() == since.date() {
        since.format("%H:%M").to_string()
    } else if (now.date() - since.date()).num_days() < 7 {
        chart.weekdays[since.weekday().num_days_from_monday() as usize].clone()
    } else {
        words::fill(
            &chart.day,
            &[
                ("month", &chart.months[since.month0() as usize]),
                ("day", &since.day().to_string()),
            ],
        )
    };
    let change = match (figure(old), figure(new)) {
        _ if old == new => return Some(words::fill(&w.unchanged, &[("day", &day)])),
        (Some((a, unit)), Some((b, same))) if unit == same => {
            let d = b - a;
            let sign = if d >= 0.0 { "+" } else { "−" };
            let unit = if unit.is_empty() {
                String::new()
            } else {
                format!(" {unit}")
            };
            format!("{sign}{}{unit}", crate::offline::analyze::trim(d.abs()))
        }
        _ => format!("{old} → {new}"),
    };
    Some(words::fill(&w.since, &[("change", &change), ("day", &day)]))
}

/// A figure's number and what follows it: `79.8 km` -> (79.8, `km`).
fn figure(text: &str) -> Option<(f64, &str)> {
    let end = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.' || c == ','))
        .unwrap_or(text.len());
    let n: f64 = text[..end].replace(',', "").parse().ok()?;
    Some((n, text[end..].trim()))
}

/// The first bold figure of an answer's body.
fn lead(callout: &Callout) -> Option<String> {
    let start = callout.body.find("**")? + 2;
    let len = callout.body[start..].find("**")?;
    Some(callout.body[start..start + len].to_string())
}

impl Processor {
    /// Answers every living question of the vault again, writing what changed (see the
    /// module's documentation). Living callouts the person edited are left alone.
    pub(super) async fn refresh_living(
        &mut self,
        quiet: std::time::Duration,
        report: &mut PassReport,
    ) -> Result<()> {
        let today = Local::now().date_naive();
        let read = report.entries_parsed + report.entries_reread;
        let due = read > 0 || self.living_day != Some(today);
        if !due || self.state.living.is_empty() {
            return Ok(());
        }
        self.living_day = Some(today);
        let rels: Vec<String> = self.state.living.iter().cloned().collect();
        for rel in rels {
            self.refresh_note(&rel, today, quiet, report).await?;
        }
        Ok(())
    }

    async fn refresh_note(
        &mut self,
        rel: &str,
        today: NaiveDate,
        quiet: std::time::Duration,
        report: &mut PassReport,
    ) -> Result<()> {
        let Some(meta) = self.store.index().get(rel).cloned() else {
            return Ok(());
        };
        let Ok(text) = read_note(&meta.abs, self.config.max_note_bytes) else {
            return Ok(());
        };
        let mut hash = ContentHash::of(text.as_bytes());
        let note = Note::parse(text);
        let dating = self.store.dating(&meta, &note);
        let now = Local::now().naive_local();
        let models = self.flow.answers_with_models();
        for q in note.questions.iter().filter(|q| q.living && q.ready) {
            // Not answered yet: the question is answered like any other first.
            let Some(found) = living::after(&note, q.line) else {
                continue;
            };
            let anchor = dating.date_at(q.line).unwrap_or(today);
            let (text, anchor, period) = asked(q, anchor, today);
            let edit = match (period, &found.answer) {
                (Some(p), _) if found.period.is_some_and(|f| f >= p) => continue,
                (Some(p), _) => Edit::Add { period: p },
                (None, Some(answer)) if found.intact => Edit::Replace { answer },
                (None, _) => {
                    tracing::debug!("{rel}: “{}” is not updated: its callout was edited", q.text);
                    continue;
                }
            };
            let recent = found.stamp.is_some_and(|s| {
                (now - s).to_std().unwrap_or_default() < self.config.model_refresh
            });
            if models && period.is_none() && recent && by_model(&note, &found) {
                continue;
            }
            let input = QuestionInput {
                text,
                anchor,
                source: Some(rel.to_string()),
                clarification: None,
                session: None,
                logged: None,
            };
            let outcome = self.flow.answer(&self.store, &input).await;
            self.flow.settle(&self.store, rel, &input.text);
            // A failure keeps the last answer where it is.
            let Outcome::Answered(answer) = &outcome else {
                continue;
            };
            let callout = callout_for(&outcome);
            let _speaking = crate::offline::say::speak(crate::offline::say::detect(&q.text));
            let rendered = match period {
                Some(p) => living::render_dated(&callout, p),
                None if found.answer.as_deref() == Some(&living::answer_hash(&callout).hex()) => {
                    continue;
                }
                None => {
                    let new = lead(&callout);
                    let change = change_line(
                        found.lead.as_deref(),
                        new.as_deref(),
                        found.stamp,
                        now,
                        crate::offline::say::detect(&q.text),
                    );
                    living::render(
                        &callout,
                        change.as_deref(),
                        living_words(&q.text),
                        engine_of(answer),
                    )
                }
            };
            let written = {
                let _turn = WriteLock::acquire(&self.config.agent_dir())?;
                living::write(
                    &meta.abs,
                    &q.text,
                    q.line,
                    edit,
                    &rendered,
                    quiet,
                    self.config.max_note_bytes,
                )?
            };
            match written {
                Written::Done(new_hash) => {
                    report.living_updated += 1;
                    tracing::info!("{rel}: “{}” brought up to date", q.text);
                    // Our own write is no change to read again.
                    if self.is_settled(rel, hash) {
                        self.settle(rel, new_hash, None);
                    }
                    hash = new_hash;
                }
                Written::Gone => {}
                Written::Busy => {
                    // Tried again on the next pass (`watch` looks at the note again soon).
                    self.living_day = None;
                    if !report.deferred_files.iter().any(|f| f == rel) {
                        report.deferred_files.push(rel.to_string());
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
    }

    #[test]
    fn recurring_questions_are_read_in_any_language() {
        assert_eq!(
            recurring("every Sunday: my week in training"),
            Some((Weekday::Sun, "my week in training this week".into()))
        );
        assert_eq!(
            recurring("jeden Montag: meine Woche"),
            Some((Weekday::Mon, "meine Woche diese Woche".into()))
        );
        assert_eq!(
            recurring("every Friday: km last month"),
            Some((Weekday::Fri, "km last month".into()))
        );
        assert_eq!(recurring("how far: this month"), None);
        assert_eq!(recurring("every Sunday:"), None);
    }

    #[test]
    fn the_period_ends_on_the_last_named_weekday() {
        // Thu Nov 26, 2026.
        assert_eq!(period_end(Weekday::Sun, d(26)), d(22));
        assert_eq!(period_end(Weekday::Thu, d(26)), d(26));
    }

    #[test]
    fn the_change_line_says_how_the_figure_moved_and_since_when() {
        let at = |day: u32, h: u32| d(day).and_hms_opt(h, 0, 0).unwrap();
        let line = |old: &str, new: &str, since| {
            change_line(Some(old), Some(new), Some(since), at(26, 9), "en").unwrap()
        };
        assert_eq!(line("71.6 km", "79.8 km", at(24, 8)), "+8.2 km since Tue");
        assert_eq!(line("7.1 h", "6.9 h", at(10, 8)), "−0.2 h since Nov 10");
        assert_eq!(line("5 runs", "5 runs", at(24, 8)), "unchanged since Tue");
        assert_eq!(line("5 runs", "6 runs", at(26, 7)), "+1 runs since 07:00");
        assert_eq!(
            line("October 2026", "November 2026", at(24, 8)),
            "October 2026 → November 2026 since Tue"
        );
    }
}
