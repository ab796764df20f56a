//! What a question's model flow is doing, in plain words, for the person waiting on it: the
//! pending callout under a question in a note and the spinner of `ask` show the latest
//! [`Stage`]. The flow reports a stage as it enters a state that calls a model; a reader
//! that is slower than the flow simply sees the newest one.

use chrono::{Datelike, NaiveDate};
use tokio::sync::watch;

use super::session::Session;
use super::state::State;

/// A step of the flow as a person would name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stage {
    /// Routing: what kind of input it is and which domains it touches.
    Understanding,
    Planning,
    /// Looking for the entries the plan asks for.
    Searching,
    /// The Analyzer reads what was found: how many notes, from which days.
    Reading {
        notes: usize,
        first: NaiveDate,
        last: NaiveDate,
    },
    /// The Analyzer works with nothing found.
    Analysing,
    Writing,
    Checking,
    /// Writing clarifying questions for the person.
    Asking,
    /// Deciding what to remember from the answer.
    Finishing,
}

impl Stage {
    /// The stage of a session about to run `state`'s work; none for states without a model
    /// call (they pass in an instant).
    pub fn of(state: State, s: &Session) -> Option<Stage> {
        Some(match state {
            State::Route => Stage::Understanding,
            State::Plan => Stage::Planning,
            State::Retrieve => Stage::Searching,
            State::Analyze => reading(s).unwrap_or(Stage::Analysing),
            State::Synthesize => Stage::Writing,
            State::Evaluate => Stage::Checking,
            State::Clarify => Stage::Asking,
            State::Observe => Stage::Finishing,
            State::BuildContext
            | State::WaitUser
            | State::ExpandDomain
            | State::Parse
            | State::Store
            | State::Complete => return None,
        })
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Stage::Understanding => f.write_str("understanding the question"),
            Stage::Planning => f.write_str("planning"),
            Stage::Searching => f.write_str("searching your notes"),
            Stage::Reading { notes, first, last } => {
                let what = if *notes == 1 { "note" } else { "notes" };
                let this_year = chrono::Local::now().year();
                write!(
                    f,
                    "reading {notes} {what} from {}",
                    span(*first, *last, this_year)
                )
            }
            Stage::Analysing => f.write_str("analysing"),
            Stage::Writing => f.write_str("writing the answer"),
            Stage::Checking => f.write_str("checking the answer"),
            Stage::Asking => f.write_str("writing questions for you"),
            Stage::Finishing => f.write_str("finishing"),
        }
    }
}

/// What the Analyzer is about to read: the distinct notes of the retrieved entries and
/// the days they span.
fn reading(s: &Session) -> Option<Stage> {
    let days: Vec<NaiveDate> = s
        .entries
        .iter()
        .filter_map(|e| NaiveDate::parse_from_str(e.when.get(..10)?, "%Y-%m-%d").ok())
        .collect();
    let (first, last) = (*days.iter().min()?, *days.iter().max()?);
    let mut notes: Vec<&str> = s.entries.iter().map(|e| e.note_link.as_str()).collect();
    notes.sort_unstable();
    notes.dedup();
    Some(Stage::Reading {
        notes: notes.len(),
        first,
        last,
    })
}

/// `Nov 9 – Nov 15`; one day alone; years shown when the span is not all in `this_year`.
fn span(first: NaiveDate, last: NaiveDate, this_year: i32) -> String {
    let with_year = first.year() != this_year || last.year() != this_year;
    let day = |d: NaiveDate| {
        if with_year {
            d.format("%b %-d, %Y").to_string()
        } else {
            d.format("%b %-d").to_string()
        }
    };
    if first == last {
        day(first)
    } else {
        format!("{} – {}", day(first), day(last))
    }
}

/// Where a flow reports its stages (the sending half of a watch channel: the reader sees
/// the latest stage, never a backlog).
#[derive(Debug, Clone)]
pub struct Stages(watch::Sender<Option<Stage>>);

impl Stages {
    /// A sink and the receiver that sees its latest stage (none until the first report).
    pub fn channel() -> (Stages, watch::Receiver<Option<Stage>>) {
        let (tx, rx) = watch::channel(None);
        (Stages(tx), rx)
    }

    /// Reports `stage`; the same stage twice in a row wakes no reader.
    pub fn report(&self, stage: Stage) {
        self.0.send_if_modified(|current| {
            let changed = current.as_ref() != Some(&stage);
            if changed {
                *current = Some(stage);
            }
            changed
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, d).unwrap()
    }

    #[test]
    fn spans_read_as_a_person_writes_them() {
        assert_eq!(span(day(11, 9), day(11, 15), 2026), "Nov 9 – Nov 15");
        assert_eq!(span(day(11, 9), day(11, 9), 2026), "Nov 9");
        assert_eq!(
            span(day(11, 9), day(11, 15), 2027),
            "Nov 9, 2026 – Nov 15, 2026"
        );
    }

    #[test]
    fn the_analyzer_stage_names_the_notes_and_days_it_reads() {
        let mut s = Session::new("how far did I run", day(11, 21), None);
        assert_eq!(Stage::of(State::Analyze, &s), Some(Stage::Analysing));
        for (note, when) in [
            ("2026-11-20", "2026-11-20 07:00"),
            ("2026-11-09", "2026-11-09 "),
        ] {
            for n in 0..2 {
                s.entries.push(super::super::session::RetrievedEntry {
                    id: format!("{note}#{n}"),
                    when: when.to_string(),
                    note_link: format!("[[{note}]]"),
                    view: crate::agents::types::EntryView {
                        link: format!("[[{note}]]"),
                        date: String::new(),
                        time: None,
                        text: "easy run".into(),
                        data: None,
                    },
                });
            }
        }
        assert_eq!(
            Stage::of(State::Analyze, &s),
            Some(Stage::Reading {
                notes: 2,
                first: day(11, 9),
                last: day(11, 20)
            })
        );
        assert_eq!(Stage::of(State::BuildContext, &s), None);
    }

    #[test]
    fn the_reader_sees_the_latest_stage_and_repeats_do_not_wake_it() {
        let (stages, mut rx) = Stages::channel();
        stages.report(Stage::Planning);
        stages.report(Stage::Checking);
        assert!(rx.has_changed().unwrap());
        assert_eq!(*rx.borrow_and_update(), Some(Stage::Checking));
        stages.report(Stage::Checking);
        assert!(!rx.has_changed().unwrap());
        assert_eq!(Stage::Checking.to_string(), "checking the answer");
        let reading = Stage::Reading {
            notes: 1,
            first: day(11, 9),
            last: day(11, 9),
        };
        assert!(reading.to_string().starts_with("reading 1 note from Nov 9"));
    }
}
