//! The flow: what happens to a question and to a new log entry. With a model, a question is
//! a [`session::Session`] driven through the seed's states by the pure transition function
//! [`state::next`]; [`agentic`] does each state's work with the agents and checkpoints the
//! session after every transition, so a `!` reply or a restart resumes it without paying
//! for a completed call again. Entries go through the Parser agent. Without a model, or
//! when a model step fails, the offline engine answers and says why.

pub mod agentic;
pub mod check;
mod chunks;
pub mod correction;
mod engine;
pub mod floor;
mod join;
mod offline_plan;
mod parts;
mod render;
mod retrieve;
pub mod session;
pub mod sessions;
pub mod stage;
pub mod state;
mod steps;

use std::sync::Arc;

use chrono::NaiveDate;

use crate::agents::journal::Journal;
use crate::agents::Ctx;
use crate::domains::Domains;
use crate::llm::LlmClient;
use crate::offline;
use crate::prompts::Prompts;
use crate::vault::parsed::ParsedRecord;
use crate::vault::{Entry, Store};
use session::Session;
use sessions::Sessions;
use state::{Limits, State};

/// A question to answer, with the date of the note it was asked in.
#[derive(Debug, Clone)]
pub struct QuestionInput {
    pub text: String,
    /// Relative dates ("last week") resolve against this day.
    pub anchor: NaiveDate,
    /// Where it was asked (vault-relative), when it came from a note.
    pub source: Option<String>,
    /// The person's `!` reply to clarifying questions (`skip` to answer without).
    pub clarification: Option<String>,
    /// The paused session the reply belongs to (named in the `[!question]` callout).
    pub session: Option<String>,
    /// The log part of input that was both a log and a question, already written to a
    /// note and read by the rules: the flow parses it with a model while it plans.
    pub logged: Option<LoggedPart>,
}

/// A log part written to a note (BOTH input).
#[derive(Debug, Clone, PartialEq)]
pub struct LoggedPart {
    /// Vault-relative path of the note it was appended to.
    pub note: String,
    /// The text that was logged.
    pub text: String,
}

impl QuestionInput {
    /// A question asked outside a note (`ask`, `input`, `serve`): relative dates resolve
    /// against today; a leading `?` is dropped.
    pub fn asked_today(question: &str) -> QuestionInput {
        QuestionInput {
            text: question.trim().trim_start_matches('?').trim().to_string(),
            anchor: chrono::Local::now().date_naive(),
            source: None,
            clarification: None,
            session: None,
            logged: None,
        }
    }
}

/// [`Answer::engine`] of an answer the offline engine wrote.
pub const OFFLINE_ENGINE: &str = "offline";

/// An answer ready to be written.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// Markdown body.
    pub body: String,
    /// Wikilinks to the notes used.
    pub sources: Vec<String>,
    /// Which engine answered (`offline` or a model name).
    pub engine: String,
    /// What the Observer wants remembered in the context file.
    pub observations: Vec<crate::offline::observer::Observation>,
    /// How the model flow got there, when it answered.
    pub run: Option<RunInfo>,
    /// How each figure the offline engine computed was computed.
    pub provenance: Vec<offline::provenance::Provenance>,
    /// The check of a model answer's figures against the notes (boxed: most answers are
    /// offline and carry none).
    pub check: Option<Box<check::Report>>,
}

/// How a session went: for `--json` reports.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct RunInfo {
    pub session: String,
    /// Every state entered, in order.
    pub path: Vec<state::State>,
    /// States run beside the main path (PARSE, STORE of a BOTH input's log part).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub branch: Vec<state::State>,
    /// Model replies paid for by this session and its parts (replays not counted).
    pub calls: u32,
    /// Tokens those replies cost: prompt plus completion, as the providers reported them.
    pub tokens: u64,
    /// Wall time of this run of the flow, in milliseconds (a resumed session counts only
    /// the time since it resumed).
    pub ms: u64,
    /// The Analyzer's last verdict (`sufficient` / `insufficient`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub analysis: Option<crate::agents::types::Verdict>,
    /// The Evaluator's last verdict (`pass` / `fail`); none when it did not run.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub evaluation: Option<crate::agents::types::Verdict>,
    /// The parts of a multi-part question: each part's session and calls.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub parts: Vec<session::SubAnswer>,
}

impl RunInfo {
    fn of(s: &session::Session) -> RunInfo {
        RunInfo {
            session: s.id.clone(),
            path: s.path.clone(),
            branch: s.branch.clone(),
            analysis: s.analysis_verdict(),
            evaluation: s.evaluation_verdict(),
            calls: s.calls + s.sub_answers.iter().map(|p| p.calls).sum::<u32>(),
            tokens: s.tokens + s.sub_answers.iter().map(|p| p.tokens).sum::<u64>(),
            ms: 0,
            parts: s.sub_answers.clone(),
        }
    }
}

/// How a question ended.
#[derive(Debug, Clone, PartialEq)]
pub enum Outcome {
    Answered(Answer),
    /// The models need something only the person knows: clarifying questions (markdown).
    NeedsInput {
        questions: String,
        /// The paused session, resumed by the person's `!` reply.
        session: Option<String>,
    },
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
    prompts: Prompts,
    llm: Option<Arc<LlmClient>>,
}

impl Flow {
    /// A flow over the given domains; `llm` is `None` for offline only.
    pub fn new(domains: Domains, prompts: Prompts, llm: Option<Arc<LlmClient>>) -> Flow {
        Flow {
            domains,
            prompts,
            llm,
        }
    }

    /// The model client, when models are configured.
    pub fn llm(&self) -> Option<&LlmClient> {
        self.llm.as_deref()
    }

    fn llm_for(&self, agent: &str) -> Option<&LlmClient> {
        self.llm.as_deref().filter(|l| l.enabled_for(agent))
    }

    /// The loaded domains.
    pub fn domains(&self) -> &Domains {
        &self.domains
    }

    /// Answers a question from the store. With models, the question runs as a session
    /// checkpointed in `.vault-agent/sessions/`: a reply to clarifying questions, or a run
    /// after an interruption, resumes it instead of starting over.
    pub async fn answer(&self, store: &Store, question: &QuestionInput) -> Outcome {
        self.answer_reporting(store, question, None).await
    }

    /// Like [`Flow::answer`], reporting each model stage to `stages` as the session
    /// enters it (nothing is reported when no model call is made: offline, or an answer
    /// already worked out).
    pub async fn answer_reporting(
        &self,
        store: &Store,
        question: &QuestionInput,
        stages: Option<&stage::Stages>,
    ) -> Outcome {
        let started = std::time::Instant::now();
        let mut outcome = self.answer_timed(store, question, stages).await;
        if let Outcome::Answered(Answer { run: Some(run), .. }) = &mut outcome {
            run.ms = started.elapsed().as_millis() as u64;
        }
        outcome
    }

    async fn answer_timed(
        &self,
        store: &Store,
        question: &QuestionInput,
        stages: Option<&stage::Stages>,
    ) -> Outcome {
        let mut degraded: Option<String> = None;
        // The offline answer a failed model flow already computed (it is not computed twice).
        let mut computed: Option<session::OfflineReading> = None;
        if let Some(llm) = self.llm_for("synthesizer") {
            let today = today_label();
            let sessions = Sessions::new(&store.config().agent_dir());
            let mut session = resumable(&sessions, question).unwrap_or_else(|| {
                Session::new(&question.text, question.anchor, question.source.clone())
            });
            // Answered before its answer could be written (deferred, or interrupted): the
            // same answer, with no call paid again.
            if let (true, Some(a)) = (session.is_finished(), &session.answer) {
                return Outcome::Answered(Answer {
                    body: a.body.clone(),
                    sources: a.sources.clone(),
                    engine: a.engine.clone(),
                    observations: Vec::new(),
                    run: Some(RunInfo::of(&session)),
                    provenance: Vec::new(),
                    check: a.check.clone().map(Box::new),
                });
            }
            // The person's reply resumes the paused session; a reply whose session is gone
            // (pruned, or a callout written by an older version) is used from the start.
            if matches!(session.state, State::WaitUser | State::Route) && session.reply.is_none() {
                session.reply = question.clarification.clone();
            }
            if let (Some(log), State::Route) = (&question.logged, session.state) {
                session.log_note = Some(log.note.clone());
                session.log_portion = Some(log.text.clone());
            }
            let journal = Journal::with(session.journal.clone());
            let cx = Ctx {
                llm,
                prompts: &self.prompts,
                today: &today,
                journal: Some(&journal),
            };
            let machine = agentic::Machine {
                cx,
                domains: &self.domains,
                store,
                sessions: Some(&sessions),
                limits: Limits {
                    max_retries: llm.config().retry.max_retries,
                    loop_max: llm.config().retry.loop_max,
                },
                journal: &journal,
                stages,
            };
            if session.path.len() <= 1 && question.source.is_some() {
                // Saved before the first call: a run stopped during it is resumed, not
                // mistaken for a question nobody was working on.
                machine.checkpoint(&mut session);
            }
            let result = machine.run(&mut session).await;
            tracing::debug!(
                "session {}: {}",
                session.id,
                session
                    .path
                    .iter()
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(" -> ")
            );
            match result {
                Ok(Some(agentic::Reply::NeedsInput(questions))) => {
                    return Outcome::NeedsInput {
                        questions,
                        session: Some(session.id.clone()),
                    };
                }
                Ok(Some(agentic::Reply::Answer(a))) => {
                    // The model's words, with the chart of the figures computed for it.
                    let computed = session.offline.as_ref().map(|o| o.body.as_str());
                    return Outcome::Answered(Answer {
                        body: offline::chart::carried(&a.body, computed),
                        sources: a.sources,
                        engine: a.engine,
                        observations: a.observations,
                        run: Some(RunInfo::of(&session)),
                        provenance: Vec::new(),
                        check: a.check.map(Box::new),
                    });
                }
                Ok(None) => {}
                Err(e) => {
                    tracing::info!("answering “{}” with the offline engine: {e}", question.text);
                    degraded = Some(llm.down_reason(e.agent).unwrap_or_else(|| e.to_string()));
                    // The offline engine answers instead; this session is over.
                    session.finished = Some(chrono::Utc::now().timestamp());
                    machine.checkpoint(&mut session);
                    machine.trace(&session);
                    computed = session.offline.take().filter(|o| !o.body.is_empty());
                }
            }
        }
        let offline = match computed {
            Some(o) => Ok(offline::answer::ExtractiveAnswer {
                body: o.body,
                sources: o.sources,
                provenance: o.provenance,
            }),
            None => offline::answer::answer(store, &self.domains, &question.text, question.anchor),
        };
        match offline {
            Ok(a) => {
                let body = match degraded {
                    Some(reason) => {
                        let _speaking = offline::say::speak(offline::say::detect(&question.text));
                        with_degraded_footer(&a.body, &one_line(&reason))
                    }
                    None => a.body,
                };
                Outcome::Answered(Answer {
                    body,
                    sources: a.sources,
                    engine: OFFLINE_ENGINE.to_string(),
                    observations: Vec::new(),
                    run: None,
                    provenance: a.provenance,
                    check: None,
                })
            }
            Err(e) => Outcome::Failed {
                reason: format!("the notes could not be searched ({e})"),
                hint: "check the file named above, then delete this callout to ask again"
                    .to_string(),
            },
        }
    }

    /// Whether questions are answered by the model flow (else the offline engine answers
    /// them at once).
    pub fn answers_with_models(&self) -> bool {
        self.llm_for("synthesizer").is_some()
    }

    /// Whether a saved session of `question` can carry on (an interrupted run's work).
    pub fn can_resume(&self, store: &Store, question: &QuestionInput) -> bool {
        let sessions = Sessions::new(&store.config().agent_dir());
        resumable(&sessions, question).is_some()
    }

    /// Gives up the open session of a question the person withdrew (deleted it or its
    /// pending callout): it is marked finished, so it is pruned in time and never resumed.
    pub fn cancel(&self, store: &Store, source: &str, question: &str) {
        let sessions = Sessions::new(&store.config().agent_dir());
        if let Some(mut s) = sessions.open_for(source, question) {
            if s.finished.is_none() {
                s.finished = Some(chrono::Utc::now().timestamp());
                if let Err(e) = sessions.save(&s) {
                    tracing::warn!("{source}: the cancelled session {} stays open ({e})", s.id);
                }
            }
        }
        self.settle(store, source, question);
    }

    /// Forgets the open session of a question from a note once its outcome is written (or
    /// the question is gone), so asking it again starts a new one.
    pub fn settle(&self, store: &Store, source: &str, question: &str) {
        let sessions = Sessions::new(&store.config().agent_dir());
        if let Err(e) = sessions.close(source, question) {
            tracing::warn!("{source}: the session of “{question}” stays open ({e})");
        }
    }

    /// Turns a log entry into structured data: the rules' reading, refined by a model's
    /// validated parse when one is configured (never erased by it, see [`floor`]).
    pub async fn parse(&self, entry: &Entry) -> ParsedRecord {
        self.parse_on(entry, self.rules(entry)).await
    }

    /// The rules' reading of an entry (no model; cheap enough to run on every entry).
    pub fn rules(&self, entry: &Entry) -> ParsedRecord {
        offline::read::parse_entry(entry, &self.domains)
    }

    /// Parses an entry with the model when one is configured, on the floor of `rules`
    /// (the rules' reading of the same entry).
    pub async fn parse_on(&self, entry: &Entry, rules: ParsedRecord) -> ParsedRecord {
        match self.model_parse(entry).await {
            Some(record) => floor::on_floor(rules, record),
            None => rules,
        }
    }

    /// Whether log entries are parsed with a model (else the rules' reading is final).
    pub fn parses_with_model(&self) -> bool {
        self.llm_for("parser").is_some()
    }

    /// The model Parser's validated reading of an entry alone (not yet on the rules'
    /// floor); `None` without a model or when its parse failed (logged).
    pub async fn model_parse(&self, entry: &Entry) -> Option<ParsedRecord> {
        let llm = self.llm_for("parser")?;
        let today = today_label();
        let cx = Ctx {
            llm,
            prompts: &self.prompts,
            today: &today,
            journal: None,
        };
        match crate::agents::parser::parse(cx, &self.domains, entry).await {
            Ok(record) => Some(record),
            Err(e) => {
                tracing::info!("{}: parsed offline ({e})", entry.id);
                None
            }
        }
    }
}

/// The session this question continues: the one its `[!question]` callout names, else the
/// one still open for the same question in the same note (interrupted, or answered but not
/// yet written). A session that ended without an answer (degraded) is not continued.
fn resumable(sessions: &Sessions, question: &QuestionInput) -> Option<Session> {
    let found = match &question.session {
        Some(id) => sessions.load(id),
        None => sessions.open_for(question.source.as_ref()?, &question.text),
    };
    found.filter(|s| !s.is_finished() || s.answer.is_some())
}

/// Today as the prompts show it: `2026-11-21 (Saturday)`.
fn today_label() -> String {
    chrono::Local::now()
        .date_naive()
        .format("%Y-%m-%d (%A)")
        .to_string()
}

/// The offline answer's closing line (its italic footer, in the language spoken) replaced
/// by one that says why no model answered.
fn with_degraded_footer(body: &str, reason: &str) -> String {
    let line = offline::say::t("footer_no_model", &[("reason", reason)]);
    let mut lines: Vec<&str> = body.lines().collect();
    let footer = |l: &&str| l.len() > 2 && l.starts_with('_') && l.ends_with('_');
    match lines.iter().rposition(footer) {
        Some(i) => {
            lines[i] = &line;
            lines.join("\n")
        }
        None => format!("{body}\n\n{line}"),
    }
}

/// The first line of a message, without a trailing period, for use inside a sentence.
fn one_line(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    // No wikilinks from error text: they would become dangling links in the note.
    let line = line.replace("[[", "“").replace("]]", "”");
    let short: String = line.chars().take(200).collect();
    short.trim_end_matches('.').to_string()
}
