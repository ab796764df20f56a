//! The flow: what happens to a question and to a new log entry. This is the minimal path
//! (offline extractive answer, rule-based parse); the state machine and the LLM agents
//! replace the bodies of [`Flow::answer`] and [`Flow::parse`] without changing callers.

use chrono::NaiveDate;

use crate::domains::Domains;
use crate::offline;
use crate::vault::parsed::ParsedRecord;
use crate::vault::{Entry, Store};

/// A question to answer, with the date of the note it was asked in.
#[derive(Debug, Clone)]
pub struct QuestionInput {
    pub text: String,
    /// Relative dates ("last week") resolve against this day.
    pub anchor: NaiveDate,
    /// Where it was asked (vault-relative), when it came from a note.
    pub source: Option<String>,
}

/// An answer ready to be written.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Markdown body.
    pub body: String,
    /// Wikilinks to the notes used.
    pub sources: Vec<String>,
    /// Which engine answered (`offline` or a model name).
    pub engine: String,
}

/// How a question ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Answered(Answer),
    /// One-sentence reason and what the person can do.
    Failed {
        reason: String,
        hint: String,
    },
}

/// Runs questions and log entries through the agents.
#[derive(Debug, Clone)]
pub struct Flow {
    domains: Domains,
}

impl Flow {
    /// A flow over the given domains.
    pub fn new(domains: Domains) -> Flow {
        Flow { domains }
    }

    /// The loaded domains.
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// Answers a question from the store.
    pub async fn answer(&self, store: &Store, question: &QuestionInput) -> Outcome {
        match offline::answer::answer(store, &self.domains, &question.text, question.anchor) {
            Ok(a) => Outcome::Answered(Answer {
                body: a.body,
                sources: a.sources,
                engine: "offline".to_string(),
            }),
            Err(e) => Outcome::Failed {
                reason: format!("the notes could not be searched ({e})"),
                hint: "check the file named above, then delete this callout to ask again"
                    .to_string(),
            },
        }
    }

    /// Turns a log entry into structured data.
    pub async fn parse(&self, entry: &Entry) -> ParsedRecord {
        offline::extract::parse_entry(entry, &self.domains)
    }
}
