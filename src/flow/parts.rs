//! Multi-part questions (seed 004 §7.4). When the Planner splits a question into parts that
//! are INDEPENDENT (run concurrently, at most `max_concurrency` at a time) or DEPENDENT (run
//! in its execution order, each part seeing the answers before it), every part runs as a
//! child session of its own; the parent then puts the parts' answers together under bold
//! lead-ins. COUPLED parts are one question and run as one pass.

use std::future::Future;
use std::pin::Pin;

use super::agentic::Machine;
use super::session::{Draft, Session, SubAnswer};
use super::state::State;
use crate::agents::journal::Journal;
use crate::agents::synthesizer::SynthesizerOutput;
use crate::agents::types::{DependencyType, InputType, Level};
use crate::agents::{AgentError, Ctx};

type PartRun<'a> = Pin<Box<dyn Future<Output = Result<Session, AgentError>> + Send + 'a>>;

impl Machine<'_> {
    /// Whether the plan splits this question into parts answered by sessions of their own.
    pub(super) fn splits(s: &Session) -> bool {
        s.parent.is_none()
            && s.plan.as_ref().is_some_and(|p| {
                p.sub_queries.len() > 1 && p.execution_strategy != DependencyType::Coupled
            })
    }

    /// Answers every part of `s` (creating, or resuming, one child session per part).
    pub(super) async fn answer_parts(&self, s: &mut Session) -> Result<(), AgentError> {
        let Some(plan) = s.plan.clone() else {
            return Ok(());
        };
        if s.sub_answers.is_empty() {
            for id in &plan.execution_order {
                let Some(q) = plan.sub_queries.iter().find(|q| q.id == *id) else {
                    continue;
                };
                let child = self.new_part(s, &q.question);
                s.sub_answers.push(SubAnswer {
                    id: q.id,
                    question: q.question.clone(),
                    session: child.id.clone(),
                    answer: None,
                    calls: 0,
                    tokens: 0,
                });
                self.save_part(&child);
            }
            self.checkpoint(s);
        }
        let limit = self.cx.llm.config().max_concurrency.max(1);
        match plan.execution_strategy {
            DependencyType::Dependent => {
                for i in 0..s.sub_answers.len() {
                    if s.sub_answers[i].answer.is_some() {
                        continue;
                    }
                    let mut child = self.load_part(s, i);
                    child.earlier_answers = s.sub_answers[..i].to_vec();
                    let done = self.run_part(child).await?;
                    record(s, i, &done);
                    self.checkpoint(s);
                }
            }
            _ => {
                let open: Vec<usize> = (0..s.sub_answers.len())
                    .filter(|&i| s.sub_answers[i].answer.is_none())
                    .collect();
                for batch in open.chunks(limit) {
                    let runs: Vec<PartRun> = batch
                        .iter()
                        .map(|&i| self.run_part(self.load_part(s, i)))
                        .collect();
                    for (&i, done) in batch.iter().zip(super::join::join_all(runs).await) {
                        record(s, i, &done?);
                    }
                    self.checkpoint(s);
                }
            }
        }
        Ok(())
    }

    /// The parts' answers under bold lead-ins, as the parent's draft (no model call: each
    /// part was written and checked in its own session).
    pub(super) fn compose_parts(&self, s: &mut Session) {
        let mut response = String::new();
        let mut cited = Vec::new();
        let mut gaps = Vec::new();
        let mut engine = String::new();
        for part in &s.sub_answers {
            let question = part.question.trim().trim_end_matches('?');
            let answer = part.answer.as_deref().unwrap_or("").trim();
            response.push_str(&format!("**{question}?** {answer}\n\n"));
            let Some(child) = self.load_saved(&part.session) else {
                continue;
            };
            if let Some(d) = &child.draft {
                cited.extend(d.output.evidence_cited.iter().cloned());
                gaps.extend(d.output.gaps_disclosed.iter().cloned());
                if engine.is_empty() {
                    engine = d.engine.clone();
                }
            }
            for e in child.entries {
                if !s.entries.iter().any(|x| x.id == e.id) {
                    s.entries.push(e);
                }
            }
        }
        let mut seen = std::collections::HashSet::new();
        cited.retain(|c| seen.insert(c.clone()));
        s.draft = Some(Draft {
            output: SynthesizerOutput {
                response: response.trim_end().to_string(),
                key_points: Vec::new(),
                evidence_cited: cited,
                gaps_disclosed: gaps,
                confidence: Level::Medium,
            },
            engine,
        });
    }

    /// A child session for one part: already routed, starting at BUILD_CONTEXT with the
    /// parent's domains.
    fn new_part(&self, parent: &Session, question: &str) -> Session {
        let mut child = Session::new(question, parent.question_date, parent.source.clone());
        child.parent = Some(parent.id.clone());
        child.input_type = Some(InputType::Query);
        child.selected_domains = parent.selected_domains.clone();
        child.expanded_domains = parent.expanded_domains.clone();
        child.state = State::BuildContext;
        child.path = vec![State::BuildContext];
        child
    }

    fn save_part(&self, child: &Session) {
        if let Some(sessions) = self.sessions {
            if let Err(e) = sessions.save(child) {
                tracing::warn!("session {} not saved: {e}", child.id);
            }
        }
    }

    fn load_saved(&self, id: &str) -> Option<Session> {
        self.sessions.and_then(|sessions| sessions.load(id))
    }

    /// Part `i`'s session as saved, or a new one when it cannot be read.
    fn load_part(&self, parent: &Session, i: usize) -> Session {
        let part = &parent.sub_answers[i];
        self.load_saved(&part.session).unwrap_or_else(|| {
            let mut child = self.new_part(parent, &part.question);
            child.id = part.session.clone();
            child
        })
    }

    /// Runs a part's session to its end with a journal of its own.
    fn run_part<'b>(&'b self, mut child: Session) -> PartRun<'b> {
        Box::pin(async move {
            let journal = Journal::with(child.journal.clone());
            let machine = Machine {
                cx: Ctx {
                    journal: Some(&journal),
                    ..self.cx
                },
                journal: &journal,
                ..*self
            };
            machine.run(&mut child).await?;
            Ok(child)
        })
    }
}

/// Records a finished part in its parent.
fn record(parent: &mut Session, i: usize, child: &Session) {
    let part = &mut parent.sub_answers[i];
    part.answer = Some(
        child
            .draft
            .as_ref()
            .map(|d| d.output.response.trim().to_string())
            .unwrap_or_default(),
    );
    part.calls = child.calls;
    part.tokens = child.tokens;
}
