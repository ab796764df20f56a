//! The query flow with models, driven by the state machine: run the current state's work,
//! record it in the session, ask [`next`] where to go, checkpoint, repeat. A paused session
//! (WAIT_USER) or an interrupted one resumes from its checkpoint, and its journal replays
//! every model reply already paid for.
//!
//! A step whose model fails or whose output is rejected falls back to the offline engine for
//! that step where one exists (routing, planning, retrieval, clarifying); otherwise the error
//! goes up and the whole answer comes from the offline engine, saying why.

use super::session::Session;
use super::sessions::Sessions;
use super::stage::{Stage, Stages};
use super::state::{next, Limits, State};
use crate::agents::journal::Journal;
use crate::agents::{AgentError, Ctx};
use crate::domains::Domains;
use crate::offline::observer::Observation;
use crate::vault::Store;

/// What the model flow produced.
pub struct ModelAnswer {
    pub body: String,
    pub sources: Vec<String>,
    pub engine: String,
    pub observations: Vec<Observation>,
    /// The check of the answer's figures against the notes.
    pub check: Option<super::check::Report>,
}

/// What the model flow ended with.
pub enum Reply {
    Answer(ModelAnswer),
    /// Clarifying questions to put to the person (markdown), before answering.
    NeedsInput(String),
}

/// Runs sessions through the states with the model agents.
#[derive(Clone, Copy)]
pub struct Machine<'a> {
    pub cx: Ctx<'a>,
    pub domains: &'a Domains,
    pub store: &'a Store,
    /// Where checkpoints go (none: the session lives in memory only).
    pub sessions: Option<&'a Sessions>,
    pub limits: Limits,
    /// The journal `cx` records into (its count of paid calls goes into the session).
    pub journal: &'a Journal,
    /// Where the stage of the work is reported (for the person waiting), when anyone looks.
    pub stages: Option<&'a Stages>,
}

impl Machine<'_> {
    /// Runs `s` from its current state until it completes or waits for the person.
    /// `Ok(None)`: the input is not a question for the models (a correction).
    pub async fn run(&self, s: &mut Session) -> Result<Option<Reply>, AgentError> {
        let calls_before = s.calls.saturating_sub(self.journal.paid());
        let tokens_before = s.tokens.saturating_sub(self.journal.tokens());
        let mut observations = Vec::new();
        loop {
            match s.state {
                State::Complete => {
                    self.trace(s);
                    break;
                }
                State::WaitUser if s.reply.is_none() => {
                    self.trace(s);
                    let questions = s
                        .clarification
                        .as_ref()
                        .map(|c| c.questions.clone())
                        .unwrap_or_default();
                    return Ok(Some(Reply::NeedsInput(questions)));
                }
                _ => {}
            }
            let state = s.state;
            if let (Some(stages), Some(stage)) = (self.stages, Stage::of(state, s)) {
                stages.report(stage);
            }
            let carry_on = if super::state::fork(s).is_some() {
                // BOTH: the log part is parsed and stored while the query part is planned.
                let (note, text) = (s.log_note.clone(), s.log_portion.clone());
                let (main, _) = tokio::join!(
                    self.work(state, s, &mut observations),
                    self.parse_and_store(
                        note.as_deref().unwrap_or(""),
                        text.as_deref().unwrap_or("")
                    )
                );
                s.branch = vec![State::Parse, State::Store];
                main?
            } else {
                self.work(state, s, &mut observations).await?
            };
            if !carry_on {
                s.finished = Some(chrono::Utc::now().timestamp());
                self.checkpoint(s);
                self.trace(s);
                return Ok(None);
            }
            let to = next(s, &self.limits);
            match (state, to) {
                (State::Analyze, State::Plan) => s.loop_count += 1,
                (State::Evaluate, State::Plan) => {
                    s.retry_count += 1;
                    s.feedback = s
                        .evaluation
                        .as_ref()
                        .map(|e| e.feedback.clone())
                        .unwrap_or_default();
                }
                _ => {}
            }
            if to == State::Complete {
                s.finished = Some(chrono::Utc::now().timestamp());
            }
            s.enter(to);
            s.calls = calls_before + self.journal.paid();
            s.tokens = tokens_before + self.journal.tokens();
            self.checkpoint(s);
        }
        let Some(a) = &s.answer else {
            return Err(AgentError {
                agent: "synthesizer",
                reason: "the flow completed without an answer".into(),
            });
        };
        Ok(Some(Reply::Answer(ModelAnswer {
            body: a.body.clone(),
            sources: a.sources.clone(),
            engine: a.engine.clone(),
            observations,
            check: a.check.clone(),
        })))
    }

    /// One trace line with the session's states so far.
    pub fn trace(&self, s: &Session) {
        let states = s.path.iter().map(|st| st.name().to_string()).collect();
        self.cx
            .llm
            .record_session(&s.id, s.query(), states, s.calls);
    }

    /// Saves the session with its journal (a failed save is logged: the answer matters more).
    pub fn checkpoint(&self, s: &mut Session) {
        s.journal = self.journal.snapshot();
        if let Some(sessions) = self.sessions {
            if let Err(e) = sessions.save(s) {
                tracing::warn!("session {} not saved: {e}", s.id);
            }
        }
    }

    /// The work of one state. `false`: stop, the input is not for this flow.
    async fn work(
        &self,
        state: State,
        s: &mut Session,
        observations: &mut Vec<Observation>,
    ) -> Result<bool, AgentError> {
        match state {
            State::Route => return Ok(self.route(s).await),
            State::BuildContext | State::WaitUser | State::Complete => {}
            State::ExpandDomain => {
                let pending = std::mem::take(&mut s.pending_domains);
                for d in pending {
                    tracing::info!("adding the `{d}` domain to answer “{}”", s.query());
                    if !s.expanded_domains.contains(&d) {
                        s.expanded_domains.push(d);
                    }
                }
            }
            State::Plan => {
                self.plan(s).await;
                if Self::splits(s) {
                    self.answer_parts(s).await?;
                }
            }
            State::Retrieve => self.retrieve(s).await,
            State::Analyze => self.analyze(s).await?,
            State::Clarify => self.clarify(s).await,
            State::Synthesize if s.parts_answered() => self.compose_parts(s),
            State::Synthesize => self.synthesize(s).await?,
            // Each part was checked in its own session.
            State::Evaluate if s.parts_answered() => {}
            State::Evaluate => self.evaluate(s).await,
            State::Observe => *observations = self.observe(s).await,
            // Logs are parsed and stored by the processor, which owns the note and index.
            State::Parse | State::Store => {}
        }
        Ok(true)
    }
}
