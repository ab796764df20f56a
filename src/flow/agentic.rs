//! The query flow with models, driven by the state machine: run the current state's work,
//! record it in the session, ask [`next`] where to go, checkpoint, repeat. A paused session
//! (WAIT_USER) or an interrupted one resumes from its checkpoint, and its journal replays
//! every model reply already paid for.
//!
//! A step whose model fails or whose output is rejected falls back to the offline engine for
//! that step where one exists (routing, planning, retrieval, clarifying); otherwise the error
//! goes up and the whole answer comes from the offline engine, saying why.

use chrono::NaiveDate;

use super::session::{
    Clarification, Draft, FinalAnswer, OfflineReading, RetrievedEntry, Session, Sessions,
};
use super::state::{next, Limits, State};
use crate::agents::analyzer::AnalyzerInput;
use crate::agents::clarifier::{self, ClarifierInput};
use crate::agents::evaluator::{self, EvaluatorInput};
use crate::agents::journal::Journal;
use crate::agents::observer::{self, ObserverInput};
use crate::agents::planner::{
    self, NextAction, PlannerInput, PlannerOutput, RetrievalInstruction, Strategy, SubQuery,
};
use crate::agents::retriever;
use crate::agents::router;
use crate::agents::synthesizer::{self, SynthesizerInput};
use crate::agents::types::{DependencyType, EntryView, InputType, QueryType, Verdict};
use crate::agents::{AgentError, Ctx};
use crate::domains::{ActiveDomainContext, Domains};
use crate::offline;
use crate::offline::observer::Observation;
use crate::vault::{Entry, Store};

/// What the model flow produced.
pub struct ModelAnswer {
    pub body: String,
    pub sources: Vec<String>,
    pub engine: String,
    pub observations: Vec<Observation>,
}

/// What the model flow ended with.
pub enum Reply {
    Answer(ModelAnswer),
    /// Clarifying questions to put to the person (markdown), before answering.
    NeedsInput(String),
}

/// The reply written when the Clarifier could not ask: the flow answers without it.
const COULD_NOT_ASK: &str = "skip";

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
}

impl Machine<'_> {
    /// Runs `s` from its current state until it completes or waits for the person.
    /// `Ok(None)`: the input is not a question for the models (a correction).
    pub async fn run(&self, s: &mut Session) -> Result<Option<Reply>, AgentError> {
        let calls_before = s.calls.saturating_sub(self.journal.paid());
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

    /// PARSE and STORE of a BOTH input's log part: the entries of `note` holding `text` get
    /// the Parser's reading (on the rules' floor) and replace their records in the store.
    async fn parse_and_store(&self, note: &str, text: &str) {
        let Some(meta) = self.store.index().get(note) else {
            return;
        };
        let wanted = squash(text);
        let entries: Vec<Entry> = self
            .store
            .entries_of(meta)
            .into_iter()
            .filter(|e| e.log && !wanted.is_empty() && squash(&e.text).contains(&wanted))
            .collect();
        let parses = entries.iter().map(|e| async move {
            let rules = offline::read::parse_entry(e, self.domains);
            match crate::agents::parser::parse(self.cx, self.domains, e).await {
                Ok(model) => super::floor::on_floor(rules, model),
                Err(err) => {
                    tracing::info!("{}: parsed offline ({err})", e.id);
                    rules
                }
            }
        });
        let parsed = super::join::join_all(parses.collect()).await;
        let mut records = self.store.records_of(note).unwrap_or_default();
        for record in parsed {
            match records.iter_mut().find(|r| r.id == record.id) {
                Some(slot) => *slot = record,
                None => records.push(record),
            }
        }
        if let Err(e) = self.store.save_parsed(note, records) {
            tracing::warn!("{note}: the parsed log part was not stored ({e})");
        }
    }

    /// The offline engine's answer to the session's question, computed once.
    fn offline_reading(&self, s: &mut Session) -> OfflineReading {
        if let Some(done) = &s.offline {
            return done.clone();
        }
        let reading = offline::answer::answer(self.store, self.domains, s.query(), s.question_date)
            .map(|a| OfflineReading {
                body: a.body,
                sources: a.sources,
            })
            .unwrap_or_else(|e| {
                tracing::info!("no offline reading for “{}”: {e}", s.query());
                OfflineReading {
                    body: String::new(),
                    sources: Vec::new(),
                }
            });
        s.offline = Some(reading.clone());
        reading
    }

    /// The active domain context: the selected domains plus those added mid-flow.
    fn active(&self, s: &Session) -> ActiveDomainContext {
        let mut names = s.selected_domains.clone();
        names.extend(s.expanded_domains.iter().cloned());
        self.domains.combine(&names)
    }

    fn question_date(s: &Session) -> String {
        s.question_date.format("%Y-%m-%d (%A)").to_string()
    }

    async fn route(&self, s: &mut Session) -> bool {
        let question = s.input.clone();
        match router::route(self.cx, self.domains, &question).await {
            Ok(r) => {
                s.input_type = Some(r.input_type);
                s.selected_domains = r.selected_domains;
                // A log part already written by `input` stays the one to parse.
                if s.log_note.is_none() {
                    s.log_portion = r.log_portion;
                }
                s.query_portion = r.query_portion;
            }
            Err(e) => {
                tracing::info!("routing offline: {e}");
                let r = offline::route::classify(&question, self.domains);
                s.input_type = Some(match r.input {
                    offline::route::InputType::Correction => InputType::Correction,
                    _ => InputType::Query,
                });
                s.selected_domains = r.domains;
            }
        }
        match s.input_type {
            Some(InputType::Correction) => false,
            // The log part was already written (by `input` or the API): both.
            _ if s.log_note.is_some() => {
                s.input_type = Some(InputType::Both);
                true
            }
            // A question line is a question, whatever else it mentions: a log portion is
            // already in the note it was written in.
            Some(InputType::Log) => {
                s.input_type = Some(InputType::Query);
                true
            }
            _ => true,
        }
    }

    async fn plan(&self, s: &mut Session) {
        // Expansion, asking the person and putting parts together are decided by the
        // session alone: no model call.
        if s.parts_answered() {
            return;
        }
        if matches!(next(s, &self.limits), State::ExpandDomain | State::Clarify) {
            return;
        }
        let global = self.store.global_context().unwrap_or_default();
        let input = PlannerInput {
            query: s.query().to_string(),
            question_date: Self::question_date(s),
            domain_context: self.active(s),
            retrieval_history: s.retrieval_history.clone(),
            gaps_from_analyzer: s
                .gaps
                .iter()
                .filter(|g| g.needs_search())
                .map(|g| g.gap.clone())
                .collect(),
            evaluation_feedback: s.feedback.clone(),
            evaluation_recommendation: s
                .evaluation
                .as_ref()
                .filter(|e| e.overall_verdict == Verdict::Fail)
                .map(|e| e.recommendation),
            earlier_answers: earlier(s),
            global_context_summary: global.chars().take(2000).collect(),
        };
        let plan = match planner::plan(self.cx, &input).await {
            Ok(p) => p,
            Err(e) => {
                tracing::info!("planning offline: {e}");
                offline_plan(self.store, self.domains, s.query(), s.question_date)
            }
        };
        for d in &plan.domain_expansion_request {
            self.request_domain(s, d);
        }
        s.plan = Some(plan);
    }

    /// Asks for `domain` to be added, once, when it exists and is not active yet.
    fn request_domain(&self, s: &mut Session, domain: &str) {
        let known = self.domains.all.iter().any(|d| d.name == domain);
        let active = s.selected_domains.iter().any(|d| d == domain)
            || s.expanded_domains.iter().any(|d| d == domain)
            || s.pending_domains.iter().any(|d| d == domain);
        if known && !active {
            s.pending_domains.push(domain.to_string());
        }
    }

    async fn retrieve(&self, s: &mut Session) {
        let instructions = match &s.plan {
            Some(p) if !p.retrieval_instructions.is_empty() => p.retrieval_instructions.clone(),
            _ => {
                offline_plan(self.store, self.domains, s.query(), s.question_date)
                    .retrieval_instructions
            }
        };
        let first = s.retrieval_history.len() as u32 + 1;
        let found = if self.cx.llm.config().retriever_mode == "llm" {
            let vocabulary = self.active(s).vocabulary;
            match retriever::via_model(
                self.cx,
                self.store,
                self.domains,
                &instructions,
                &vocabulary,
                first,
            )
            .await
            {
                Ok(r) => r,
                Err(e) => {
                    tracing::info!("retrieving directly: {e}");
                    retriever::execute(self.store, self.domains, &instructions, first)
                }
            }
        } else {
            retriever::execute(self.store, self.domains, &instructions, first)
        };
        for w in &found.warnings {
            tracing::info!("retrieval: {w}");
        }
        // The gaps this round looked for now say what it found.
        let found_now: usize = found.attempts.iter().map(|a| a.entries_found).sum();
        for g in s.gaps.iter_mut().filter(|g| g.needs_search()) {
            g.status = super::session::GapStatus::Searched {
                entries_found: found_now,
            };
        }
        s.retrieval_history.extend(found.attempts);
        for view in retrieved(self.store, &found.entries) {
            if !s.entries.iter().any(|x| x.id == view.id) {
                s.entries.push(view);
            }
        }
        s.entries.sort_by(|a, b| b.when.cmp(&a.when));
        s.entries.truncate(retriever::MAX_ENTRIES);
    }

    async fn analyze(&self, s: &mut Session) -> Result<(), AgentError> {
        let computed = self.offline_reading(s).body;
        let input = AnalyzerInput {
            query: s.query().to_string(),
            question_date: Self::question_date(s),
            entries: s.entries.iter().map(|e| e.view.clone()).collect(),
            computed_facts: computed,
            person_added: s.person_added(),
            domain_context: self.active(s),
            global_context: self.store.global_context().unwrap_or_default(),
            retrieval_history: s.retrieval_history.clone(),
        };
        let a = super::chunks::analyze_in_chunks(self.cx, input).await?;
        s.track_gaps(&a.gaps_identified);
        for g in &a.gaps_identified {
            if let Some(d) = g
                .suspected_domain
                .as_deref()
                .filter(|_| g.outside_current_expertise)
            {
                self.request_domain(s, d);
            }
        }
        s.analysis = Some(a);
        Ok(())
    }

    async fn clarify(&self, s: &mut Session) {
        let gaps: Vec<_> = s
            .askable_gaps()
            .filter(|g| g.critical())
            .map(|g| g.gap.clone())
            .collect();
        match self.ask(s, gaps).await {
            Some(c) => s.clarification = Some(c),
            None => s.reply = Some(COULD_NOT_ASK.to_string()),
        }
    }

    /// Questions for the person about `gaps`, when the Clarifier writes valid ones.
    async fn ask(
        &self,
        s: &Session,
        gaps: Vec<crate::agents::types::Gap>,
    ) -> Option<Clarification> {
        let input = ClarifierInput {
            original_query: s.query().to_string(),
            gaps,
            retrieval_history: s.retrieval_history.clone(),
            previous_clarifications: s
                .clarification
                .iter()
                .flat_map(|c| c.asked.iter().cloned())
                .collect(),
        };
        match clarifier::clarify(self.cx, &input).await {
            Ok(c) => {
                let mut text = format!("**To answer better:** {}\n", c.context_explanation.trim());
                for (i, q) in c.questions.iter().enumerate() {
                    let options = if q.options.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", q.options.join(" / "))
                    };
                    text.push_str(&format!("\n{}. {}{options}", i + 1, q.question.trim()));
                }
                Some(Clarification {
                    questions: text,
                    asked: c.questions.into_iter().map(|q| q.question).collect(),
                })
            }
            Err(e) => {
                tracing::info!("no clarifying questions: {e}");
                None
            }
        }
    }

    async fn synthesize(&self, s: &mut Session) -> Result<(), AgentError> {
        let Some(analysis) = s.analysis.clone() else {
            return Err(AgentError {
                agent: "synthesizer",
                reason: "nothing was analyzed".into(),
            });
        };
        let partial = analysis.verdict == Verdict::Insufficient;
        let input = SynthesizerInput {
            query: s.query().to_string(),
            question_date: Self::question_date(s),
            citations: s.entries.iter().map(|e| e.view.link.clone()).collect(),
            is_partial: partial,
            unanswered_gaps: if partial {
                analysis.gaps_identified.clone()
            } else {
                Vec::new()
            },
            analysis,
            attempt_number: s.retry_count + 1,
            evaluation_feedback: s.feedback.clone(),
            evaluation_recommendation: s
                .evaluation
                .as_ref()
                .filter(|e| e.overall_verdict == Verdict::Fail)
                .map(|e| e.recommendation),
            earlier_answers: earlier(s),
            person_added: s.person_added(),
        };
        let (output, engine) = synthesizer::synthesize(self.cx, &input).await?;
        s.draft = Some(Draft { output, engine });
        Ok(())
    }

    async fn evaluate(&self, s: &mut Session) {
        let (Some(draft), Some(analysis)) = (&s.draft, &s.analysis) else {
            return;
        };
        let summary = s
            .entries
            .iter()
            .take(40)
            .map(|e| {
                format!(
                    "{} {}",
                    e.view.link,
                    e.view.text.lines().next().unwrap_or("")
                )
            })
            .collect::<Vec<_>>()
            .join("\n");
        let input = EvaluatorInput {
            query: s.query().to_string(),
            response: draft.output.response.clone(),
            analysis: analysis.clone(),
            entries_summary: summary,
            evaluation_rules: self.active(s).evaluation_rules,
            attempt_number: s.retry_count + 1,
            previous_feedback: s.feedback.clone(),
        };
        match evaluator::evaluate(self.cx, &input).await {
            Ok(ev) => {
                s.evaluation = Some(ev);
                s.evaluation_error = None;
            }
            Err(e) => {
                tracing::info!("answer not checked: {e}");
                s.evaluation = None;
                s.evaluation_error = Some("the check of this answer could not run".into());
            }
        }
    }

    /// Writes the final answer into the session, then asks the Observer what to remember.
    async fn observe(&self, s: &mut Session) -> Vec<Observation> {
        // What only the person knows but the answer did not need: asked below the answer.
        let mut follow_up = String::new();
        let nice_to_know: Vec<_> = s
            .askable_gaps()
            .filter(|g| !g.critical() && !g.gap.gap_type.retrievable())
            .map(|g| g.gap.clone())
            .collect();
        let asks = s.parent.is_none() && s.reply.is_none() && s.clarification.is_none();
        if !nice_to_know.is_empty() && asks {
            if let Some(c) = self.ask(s, nice_to_know).await {
                follow_up = format!("\n\n{}", c.questions);
            }
        }
        let (body, sources) = super::render::body_and_sources(s, &follow_up);
        let engine = s
            .draft
            .as_ref()
            .map(|d| d.engine.clone())
            .unwrap_or_default();
        let response = s
            .draft
            .as_ref()
            .map(|d| d.output.response.clone())
            .unwrap_or_default();
        s.answer = Some(FinalAnswer {
            body,
            sources,
            engine,
        });
        // A part's parent observes the whole question.
        if s.parent.is_some() {
            return Vec::new();
        }
        let input = ObserverInput {
            trigger: "post_query".into(),
            query: Some(s.query().to_string()),
            response: Some(response),
            current_global_context: self.store.global_context().unwrap_or_default(),
            context_management_guidance: self.active(s).context_guidance,
        };
        observer::observe(self.cx, &input)
            .await
            .unwrap_or_else(|e| {
                tracing::info!("nothing remembered: {e}");
                Vec::new()
            })
    }
}

/// Text with its whitespace collapsed, for finding a logged part among entries.
fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Earlier parts' answers handed to a DEPENDENT part.
fn earlier(s: &Session) -> Vec<String> {
    s.earlier_answers
        .iter()
        .filter_map(|a| Some(format!("{}: {}", a.question, a.answer.as_deref()?)))
        .collect()
}

/// The offline engine's retrieval as a plan (date phrase + keywords), for when the Planner
/// cannot plan.
fn offline_plan(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> PlannerOutput {
    PlannerOutput {
        reasoning: "planned by the offline engine".into(),
        query_type: QueryType::Simple,
        sub_queries: vec![SubQuery {
            id: 1,
            question: question.to_string(),
        }],
        dependencies: Vec::new(),
        execution_strategy: DependencyType::Coupled,
        execution_order: vec![1],
        retrieval_instructions: offline_instructions(store, domains, question, anchor),
        domain_expansion_request: Vec::new(),
        next_action: NextAction::Retrieve,
        clarify_questions: Vec::new(),
    }
}

/// The offline engine's retrieval as Planner instructions (date phrase + keywords).
fn offline_instructions(
    store: &Store,
    domains: &Domains,
    question: &str,
    anchor: NaiveDate,
) -> Vec<RetrievalInstruction> {
    let range = offline::dates::find_range(question, anchor, store.config().week_start);
    let groups = offline::answer::keyword_groups(question, range.as_ref(), domains);
    let (start, end) = match (&range, store.index().span()) {
        (Some(r), _) => (Some(r.start.to_string()), Some(r.end.to_string())),
        (None, Some((s, e))) => (Some(s.to_string()), Some(e.to_string())),
        _ => (None, None),
    };
    if groups.is_empty() {
        return vec![RetrievalInstruction {
            strategy: Strategy::DateRange,
            start,
            end,
            keywords: Vec::new(),
            pattern: None,
        }];
    }
    vec![RetrievalInstruction {
        strategy: Strategy::Keyword,
        start,
        end,
        keywords: groups
            .into_iter()
            .filter_map(|g| g.into_iter().next())
            .collect(),
        pattern: None,
    }]
}

/// Entries as the agents see them, with their parsed data and where to cite them.
fn retrieved(store: &Store, entries: &[Entry]) -> Vec<RetrievedEntry> {
    let mut days: std::collections::BTreeMap<NaiveDate, Vec<crate::vault::parsed::ParsedRecord>> =
        Default::default();
    entries
        .iter()
        .map(|e| {
            let day = days.entry(e.date).or_insert_with(|| {
                store
                    .parsed_day(e.date)
                    .map(|d| d.entries)
                    .unwrap_or_default()
            });
            let data = day
                .iter()
                .find(|r| r.id == e.id.0)
                .map(|r| serde_json::to_value(&r.domain_data).unwrap_or_default());
            let time = e.time.map(|t| t.format("%H:%M").to_string());
            RetrievedEntry {
                id: e.id.0.clone(),
                when: format!("{} {}", e.date, time.as_deref().unwrap_or("")),
                note_link: store.cite_note(&e.source),
                view: EntryView {
                    link: store.cite(e),
                    date: e.date.format("%Y-%m-%d (%a)").to_string(),
                    time,
                    text: e.text.trim().to_string(),
                    data,
                },
            }
        })
        .collect()
}
