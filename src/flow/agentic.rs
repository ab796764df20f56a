//! The query flow with models: Router -> Planner -> Retriever -> Analyzer (looping back to
//! the Planner while fetchable gaps remain, up to `loop_max`) -> Clarifier (for what only the
//! person knows) -> Synthesizer -> Evaluator (one rewrite with its feedback) -> Observer.
//! A step whose model fails or whose output is rejected falls back to the offline engine for
//! that step where one exists (routing, planning, retrieval); otherwise the error goes up
//! and the whole answer comes from the offline engine, saying why.

use chrono::NaiveDate;

use crate::agents::analyzer::{self, AnalyzerInput, AnalyzerOutput};
use crate::agents::clarifier::{self, ClarifierInput};
use crate::agents::evaluator::{self, EvaluatorInput};
use crate::agents::observer::{self, ObserverInput};
use crate::agents::planner::{self, PlannerInput, RetrievalInstruction, Strategy};
use crate::agents::retriever;
use crate::agents::router;
use crate::agents::synthesizer::{self, SynthesizerInput};
use crate::agents::types::{EntryView, EvaluationFeedback, InputType, RetrievalAttempt, Verdict};
use crate::agents::{AgentError, Ctx};
use crate::domains::Domains;
use crate::flow::QuestionInput;
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

/// Runs the flow. `Ok(None)`: the input is not a question for the models (a correction),
/// the offline engine handles it. The input's `clarification` is the person's reply to
/// earlier questions.
pub async fn answer(
    cx: Ctx<'_>,
    domains: &Domains,
    store: &Store,
    input: &QuestionInput,
) -> Result<Option<Reply>, AgentError> {
    let (question, anchor) = (input.text.as_str(), input.anchor);
    let clarification = input.clarification.as_deref();
    let loop_max = cx.llm.config().retry.loop_max;
    let retriever_llm = cx.llm.config().retriever_mode == "llm";
    let skipped = clarification.is_some_and(|c| c.trim().eq_ignore_ascii_case("skip"));
    let person_added = clarification.filter(|_| !skipped).map(str::to_string);
    let question_date = anchor.format("%Y-%m-%d (%A)").to_string();
    // Router (offline routing if the model step fails).
    let (input_type, selected) = match router::route(cx, domains, question).await {
        Ok(r) => (r.input_type, r.selected_domains),
        Err(e) => {
            tracing::info!("routing offline: {e}");
            let r = offline::route::classify(question, domains);
            let t = match r.input {
                offline::route::InputType::Correction => InputType::Correction,
                _ => InputType::Query,
            };
            (t, r.domains)
        }
    };
    if input_type == InputType::Correction {
        return Ok(None);
    }
    let active = domains.combine(&selected);
    let global_context = store.global_context().unwrap_or_default();
    let computed = offline::answer::answer(store, domains, question, anchor)
        .map(|a| a.body)
        .unwrap_or_default();
    let mut history: Vec<RetrievalAttempt> = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    let mut gaps = Vec::new();
    let mut analysis: Option<AnalyzerOutput> = None;
    for round in 0..=loop_max {
        let plan_input = PlannerInput {
            query: question.to_string(),
            question_date: question_date.clone(),
            domain_context: active.clone(),
            retrieval_history: history.clone(),
            gaps_from_analyzer: gaps.clone(),
            evaluation_feedback: Vec::new(),
            global_context_summary: global_context.chars().take(2000).collect(),
        };
        let instructions = match planner::plan(cx, &plan_input).await {
            Ok(p) => p.retrieval_instructions,
            Err(e) => {
                tracing::info!("planning offline: {e}");
                offline_instructions(store, domains, question, anchor)
            }
        };
        let first = history.len() as u32 + 1;
        let found = if retriever_llm {
            match retriever::via_model(cx, store, domains, &instructions, &active.vocabulary, first)
                .await
            {
                Ok(r) => r,
                Err(e) => {
                    tracing::info!("retrieving directly: {e}");
                    retriever::execute(store, domains, &instructions, first)
                }
            }
        } else {
            retriever::execute(store, domains, &instructions, first)
        };
        for w in &found.warnings {
            tracing::info!("retrieval: {w}");
        }
        history.extend(found.attempts);
        for e in found.entries {
            if !entries.iter().any(|x| x.id == e.id) {
                entries.push(e);
            }
        }
        entries.sort_by_key(|e| std::cmp::Reverse((e.date, e.time)));
        entries.truncate(retriever::MAX_ENTRIES);
        let a = analyze_in_chunks(
            cx,
            AnalyzerInput {
                query: question.to_string(),
                question_date: question_date.clone(),
                entries: views(store, &entries),
                computed_facts: computed.clone(),
                person_added: person_added.clone(),
                domain_context: active.clone(),
                global_context: global_context.clone(),
                retrieval_history: history.clone(),
            },
        )
        .await?;
        let fetchable: Vec<_> = a
            .gaps_identified
            .iter()
            .filter(|g| g.gap_type.retrievable() && !g.searched)
            .cloned()
            .collect();
        let done = a.verdict == Verdict::Sufficient || fetchable.is_empty() || round == loop_max;
        gaps = fetchable;
        analysis = Some(a);
        if done {
            break;
        }
    }
    let analysis = analysis.expect("at least one round");
    let partial = analysis.verdict == Verdict::Insufficient;
    // What only the person knows: ask, below the answer (answered with a `!` line later).
    let personal: Vec<_> = analysis
        .gaps_identified
        .iter()
        .filter(|g| !g.gap_type.retrievable())
        .cloned()
        .collect();
    let critical = personal
        .iter()
        .any(|g| g.severity == crate::agents::types::Severity::Critical);
    let mut questions = String::new();
    if !personal.is_empty() && clarification.is_none() {
        let input = ClarifierInput {
            original_query: question.to_string(),
            gaps: personal,
            retrieval_history: history.clone(),
            previous_clarifications: Vec::new(),
        };
        match clarifier::clarify(cx, &input).await {
            Ok(c) => {
                questions.push_str(&format!(
                    "\n\n**To answer better:** {}\n",
                    c.context_explanation.trim()
                ));
                for (i, q) in c.questions.iter().enumerate() {
                    let options = if q.options.is_empty() {
                        String::new()
                    } else {
                        format!(" ({})", q.options.join(" / "))
                    };
                    questions.push_str(&format!("\n{}. {}{options}", i + 1, q.question.trim()));
                }
            }
            Err(e) => tracing::info!("no clarifying questions: {e}"),
        }
        // Without what only the person knows there is no honest answer: ask first.
        if critical && !questions.is_empty() {
            return Ok(Some(Reply::NeedsInput(questions.trim().to_string())));
        }
    }
    let citations: Vec<String> = entries.iter().map(|e| store.cite(e)).collect();
    let mut feedback: Vec<EvaluationFeedback> = Vec::new();
    let mut draft = None;
    let mut verdict_note = String::new();
    for attempt in 1..=2u32 {
        let (s, by) = synthesizer::synthesize(
            cx,
            &SynthesizerInput {
                query: question.to_string(),
                question_date: question_date.clone(),
                analysis: analysis.clone(),
                citations: citations.clone(),
                is_partial: partial,
                unanswered_gaps: if partial {
                    analysis.gaps_identified.clone()
                } else {
                    Vec::new()
                },
                evaluation_feedback: feedback.clone(),
                person_added: person_added.clone(),
            },
        )
        .await?;
        let summary = entries
            .iter()
            .take(40)
            .map(|e| format!("{} {}", store.cite(e), e.text.lines().next().unwrap_or("")))
            .collect::<Vec<_>>()
            .join("\n");
        let check = evaluator::evaluate(
            cx,
            &EvaluatorInput {
                query: question.to_string(),
                response: s.response.clone(),
                analysis: analysis.clone(),
                entries_summary: summary,
                evaluation_rules: active.evaluation_rules.clone(),
                attempt_number: attempt,
                previous_feedback: feedback.clone(),
            },
        )
        .await;
        draft = Some((s, by));
        match check {
            Ok(ev) if ev.overall_verdict == Verdict::Pass => {
                verdict_note.clear();
                break;
            }
            Ok(ev) => {
                verdict_note = ev
                    .feedback
                    .iter()
                    .map(|f| f.issue.trim().to_string())
                    .collect::<Vec<_>>()
                    .join("; ");
                feedback = ev.feedback;
            }
            Err(e) => {
                tracing::info!("answer not checked: {e}");
                verdict_note = "the check of this answer could not run".to_string();
                break;
            }
        }
    }
    let (s, engine) = draft.expect("one draft");
    let mut body = s.response.trim().to_string();
    if partial && !s.gaps_disclosed.is_empty() {
        body.push_str(&format!(
            "\n\n_Not in your notes:_ {}",
            s.gaps_disclosed.join("; ")
        ));
    }
    body.push_str(&questions);
    if verdict_note.is_empty() {
        body.push_str(&format!(
            "\n\n_Answered by {engine} from {} {}; checked._",
            entries.len(),
            if entries.len() == 1 {
                "entry"
            } else {
                "entries"
            }
        ));
    } else {
        body.push_str(&format!(
            "\n\n_Answered by {engine} from {} entries. Caution: {verdict_note}._",
            entries.len()
        ));
    }
    // Sources: the notes of the cited entries, in the order cited (or of the entries linked
    // in the text when none are listed).
    let cited: Vec<&String> = if s.evidence_cited.is_empty() {
        citations
            .iter()
            .filter(|c| body.contains(c.as_str()))
            .collect()
    } else {
        s.evidence_cited.iter().collect()
    };
    let mut sources = Vec::new();
    for link in cited {
        let Some(i) = citations.iter().position(|c| c == link) else {
            continue;
        };
        let note = store.cite_note(&entries[i].source);
        if !sources.contains(&note) {
            sources.push(note);
        }
    }
    let observations = observer::observe(
        cx,
        &ObserverInput {
            trigger: "post_query".into(),
            query: Some(question.to_string()),
            response: Some(s.response.clone()),
            current_global_context: global_context,
            context_management_guidance: active.context_guidance.clone(),
        },
    )
    .await
    .unwrap_or_else(|e| {
        tracing::info!("nothing remembered: {e}");
        Vec::new()
    });
    Ok(Some(Reply::Answer(ModelAnswer {
        body,
        sources,
        engine,
        observations,
    })))
}

/// Runs the Analyzer over all entries, or, when they do not fit the model's context window,
/// over chunks that do (map), then merges the findings, patterns and gaps (reduce).
async fn analyze_in_chunks(
    cx: Ctx<'_>,
    input: AnalyzerInput,
) -> Result<AnalyzerOutput, AgentError> {
    let config = cx.llm.config();
    let window = config
        .chain("analyzer")
        .first()
        .and_then(|p| config.resolve("analyzer", p).ok())
        .and_then(|r| crate::llm::budget::context_window(&r).map(|w| (w, r.max_tokens as usize)));
    let tokens = |text: &str| crate::llm::budget::estimate_tokens(text);
    let size = |v: &AnalyzerInput| tokens(&serde_json::to_string_pretty(v).unwrap_or_default());
    // Room for the system prompt (which repeats the domain context), the schema and the
    // answer, with a tenth kept spare because token counts are estimates.
    let context = tokens(&serde_json::to_string_pretty(&input.domain_context).unwrap_or_default());
    let budget = window
        .map(|(w, out)| (w - w / 10).saturating_sub(out + 2000 + context))
        .unwrap_or(usize::MAX);
    if size(&input) <= budget || input.entries.len() <= 1 {
        return analyzer::analyze(cx, &input).await;
    }
    let fixed = size(&AnalyzerInput {
        entries: Vec::new(),
        ..input.clone()
    });
    let room = budget.saturating_sub(fixed).max(200);
    let mut chunks: Vec<Vec<EntryView>> = vec![Vec::new()];
    let mut used = 0;
    for e in &input.entries {
        let t = tokens(&serde_json::to_string_pretty(e).unwrap_or_default());
        if used + t > room && !chunks.last().expect("one chunk").is_empty() {
            chunks.push(Vec::new());
            used = 0;
        }
        used += t;
        chunks.last_mut().expect("one chunk").push(e.clone());
    }
    tracing::info!(
        "{} entries do not fit one analyzer call; analyzing {} parts",
        input.entries.len(),
        chunks.len()
    );
    let mut merged: Option<AnalyzerOutput> = None;
    for part in chunks {
        let out = analyzer::analyze(
            cx,
            &AnalyzerInput {
                entries: part,
                ..input.clone()
            },
        )
        .await?;
        merged = Some(match merged {
            None => out,
            Some(mut m) => {
                m.findings.extend(out.findings);
                m.patterns_identified.extend(out.patterns_identified);
                for g in out.gaps_identified {
                    if !m
                        .gaps_identified
                        .iter()
                        .any(|x| x.description == g.description)
                    {
                        m.gaps_identified.push(g);
                    }
                }
                m.verdict_reasoning = format!("{} {}", m.verdict_reasoning, out.verdict_reasoning);
                // Enough when any part answered something and no part is missing a critical piece.
                if out.verdict == Verdict::Sufficient {
                    m.verdict = Verdict::Sufficient;
                }
                m
            }
        });
    }
    let mut m = merged.expect("at least one part");
    if m.gaps_identified
        .iter()
        .any(|g| g.severity == crate::agents::types::Severity::Critical)
    {
        m.verdict = Verdict::Insufficient;
    }
    Ok(m)
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

/// Entries as the agents see them, with their parsed data.
fn views(store: &Store, entries: &[Entry]) -> Vec<EntryView> {
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
            EntryView {
                link: store.cite(e),
                date: e.date.format("%Y-%m-%d (%a)").to_string(),
                time: e.time.map(|t| t.format("%H:%M").to_string()),
                text: e.text.trim().to_string(),
                data,
            }
        })
        .collect()
}
