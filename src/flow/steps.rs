//! The work of each state with the model agents: what the runner in [`super::agentic`]
//! calls, and what each records in the session.

use chrono::NaiveDate;

use super::agentic::Machine;
use super::check;
use super::engine::{Engine, Fallback, Models, Rules};
use super::session::{Clarification, Draft, FinalAnswer, OfflineReading, RetrievedEntry, Session};
use super::state::{next, State};
use crate::agents::analyzer::AnalyzerInput;
use crate::agents::clarifier::{self, ClarifierInput};
use crate::agents::evaluator::{self, EvaluatorInput};
use crate::agents::observer::{self, ObserverInput};
use crate::agents::planner::PlannerInput;
use crate::agents::synthesizer::{self, SynthesizerInput};
use crate::agents::types::{EntryView, InputType, Verdict};
use crate::agents::AgentError;
use crate::domains::ActiveDomainContext;
use crate::offline;
use crate::offline::observer::Observation;
use crate::vault::{Entry, Store};

/// The reply written when the Clarifier could not ask: the flow answers without it.
const COULD_NOT_ASK: &str = "skip";

impl Machine<'_> {
    /// PARSE and STORE of a BOTH input's log part: the entries of `note` holding `text` get
    /// the Parser's reading (on the rules' floor) and replace their records in the store.
    pub(super) async fn parse_and_store(&self, note: &str, text: &str) {
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
    pub(super) fn offline_reading(&self, s: &mut Session) -> OfflineReading {
        if let Some(done) = &s.offline {
            return done.clone();
        }
        let reading = offline::answer::answer(self.store, self.domains, s.query(), s.question_date)
            .map(|a| OfflineReading {
                body: a.body,
                sources: a.sources,
                provenance: a.provenance,
            })
            .unwrap_or_else(|e| {
                tracing::info!("no offline reading for “{}”: {e}", s.query());
                OfflineReading {
                    body: String::new(),
                    sources: Vec::new(),
                    provenance: Vec::new(),
                }
            });
        s.offline = Some(reading.clone());
        reading
    }

    /// The active domain context: the selected domains plus those added mid-flow.
    pub(super) fn active(&self, s: &Session) -> ActiveDomainContext {
        let mut names = s.selected_domains.clone();
        names.extend(s.expanded_domains.iter().cloned());
        let mut context = self.domains.combine(&names);
        let texts: Vec<&str> = std::iter::once(s.query())
            .chain(s.entries.iter().map(|e| e.view.text.as_str()))
            .collect();
        context.narrow_vocabulary(&texts);
        context
    }

    pub(super) fn question_date(s: &Session) -> String {
        s.question_date.format("%Y-%m-%d (%A)").to_string()
    }

    /// The models for each step, the offline rules for a step they fail.
    pub(super) fn engine(&self, s: &Session) -> Fallback<Models<'_>, Rules<'_>> {
        Fallback {
            first: Models {
                cx: self.cx,
                domains: self.domains,
                store: self.store,
            },
            then: self.rules(s),
        }
    }

    /// The offline rules for the session's question.
    pub(super) fn rules(&self, s: &Session) -> Rules<'_> {
        Rules {
            domains: self.domains,
            store: self.store,
            question_date: s.question_date,
        }
    }

    pub(super) async fn route(&self, s: &mut Session) -> bool {
        let question = s.input.clone();
        match self.engine(s).route(&question).await {
            Ok(r) => {
                s.input_type = Some(r.input_type);
                s.selected_domains = r.selected_domains;
                // A log part already written by `input` stays the one to parse.
                if s.log_note.is_none() {
                    s.log_portion = r.log_portion;
                }
                s.query_portion = r.query_portion;
            }
            // The rules do not fail to route: a question with no domains of its own.
            Err(e) => tracing::warn!("“{question}” not routed: {e}"),
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

    pub(super) async fn plan(&self, s: &mut Session) {
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
            evaluation_recommendation: s.failed_recommendation(),
            earlier_answers: earlier(s),
            global_context_summary: global.chars().take(2000).collect(),
        };
        let plan = match self.engine(s).plan(&input).await {
            Ok(p) => p,
            // The rules do not fail to plan; without a plan, retrieval uses theirs.
            Err(e) => {
                tracing::warn!("“{}” not planned: {e}", s.query());
                return;
            }
        };
        for d in &plan.domain_expansion_request {
            self.request_domain(s, d);
        }
        s.plan = Some(plan);
    }

    /// Asks for `domain` to be added, once, when it exists and is not active yet.
    pub(super) fn request_domain(&self, s: &mut Session, domain: &str) {
        let known = self.domains.all.iter().any(|d| d.name == domain);
        let active = s.selected_domains.iter().any(|d| d == domain)
            || s.expanded_domains.iter().any(|d| d == domain)
            || s.pending_domains.iter().any(|d| d == domain);
        if known && !active {
            s.pending_domains.push(domain.to_string());
        }
    }

    pub(super) async fn analyze(&self, s: &mut Session) -> Result<(), AgentError> {
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

    pub(super) async fn clarify(&self, s: &mut Session) {
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
            planner_suggestions: s
                .plan
                .as_ref()
                .map(|p| p.clarify_questions.clone())
                .unwrap_or_default(),
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

    pub(super) async fn synthesize(&self, s: &mut Session) -> Result<(), AgentError> {
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
            language: offline::say::language_name(offline::say::detect(s.query())),
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
            evaluation_recommendation: s.failed_recommendation(),
            earlier_answers: earlier(s),
            person_added: s.person_added(),
            rejected_because: None,
        };
        let (mut output, mut engine) = synthesizer::synthesize(self.cx, &input).await?;
        // Every figure is checked against the notes, never left to a model: one found
        // nowhere goes back to the Synthesizer once (a retry), then is marked if it stays.
        let known = self.known(s);
        let lang = offline::say::detect(s.query());
        let mut report = check::check(&output.response, &known);
        if report.outcome == check::Outcome::Failed && s.retry_count < self.limits.max_retries {
            s.retry_count += 1;
            let mut again = input.clone();
            again.attempt_number = s.retry_count + 1;
            again
                .evaluation_feedback
                .push(check::feedback(&report, lang));
            match synthesizer::synthesize(self.cx, &again).await {
                Ok((o, e)) => {
                    report = check::check(&o.response, &known);
                    (output, engine) = (o, e);
                }
                Err(e) => tracing::info!("the redraft without invented figures failed: {e}"),
            }
        }
        if report.outcome == check::Outcome::Failed {
            output.response = check::mark(&output.response, &known, lang);
        }
        s.check = Some(report);
        s.draft = Some(Draft { output, engine });
        Ok(())
    }

    /// What a draft's figures may come from: the offline engine's computed facts, the
    /// entries given (their text and parsed data), the question and its date.
    fn known(&self, s: &mut Session) -> check::Known {
        let computed = self.offline_reading(s).body;
        let mut texts: Vec<&str> = vec![computed.as_str(), s.query()];
        texts.extend(s.entries.iter().map(|e| e.view.text.as_str()));
        let person = s.person_added();
        texts.extend(person.as_deref());
        let data: Vec<&serde_json::Value> = s
            .entries
            .iter()
            .filter_map(|e| e.view.data.as_ref())
            .collect();
        let mut days: Vec<NaiveDate> = s
            .entries
            .iter()
            .filter_map(|e| NaiveDate::parse_from_str(e.view.date.get(..10)?, "%Y-%m-%d").ok())
            .collect();
        days.push(s.question_date);
        check::Known::from(&texts, &data, &days)
    }

    pub(super) async fn evaluate(&self, s: &mut Session) {
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
    pub(super) async fn observe(&self, s: &mut Session) -> Vec<Observation> {
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
            check: s.check.clone(),
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

/// Entries as the agents see them, with their parsed data and where to cite them.
pub(super) fn retrieved(store: &Store, entries: &[Entry]) -> Vec<RetrievedEntry> {
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
