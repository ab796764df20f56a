//! RETRIEVE: the plan's instructions run against the store, directly or through the
//! Retriever model. When the Analyzer left several gaps that the notes might fill, each gap
//! gets a model retrieval of its own, concurrently (at most `max_concurrency` at a time),
//! and each gap's status records what its own retrieval found, so the person is asked only
//! about the gaps whose search came back empty (search before asking).

use super::agentic::Machine;
use super::engine::Engine;
use super::offline_plan::offline_plan;
use super::session::{GapStatus, Session};
use super::steps::retrieved;
use crate::agents::planner::RetrievalInstruction;
use crate::agents::retriever::{self, Request, Retrieved};

impl Machine<'_> {
    pub(super) async fn retrieve(&self, s: &mut Session) {
        let instructions = match &s.plan {
            Some(p) if !p.retrieval_instructions.is_empty() => p.retrieval_instructions.clone(),
            _ => {
                offline_plan(self.store, self.domains, s.query(), s.question_date)
                    .retrieval_instructions
            }
        };
        let first = s.retrieval_history.len() as u32 + 1;
        let searching: Vec<usize> = (0..s.gaps.len())
            .filter(|&i| s.gaps[i].needs_search())
            .collect();
        let by_model = self.cx.llm.config().retriever_mode == "llm";
        let rounds: Vec<(Option<usize>, Retrieved)> = if by_model && searching.len() > 1 {
            let gaps: Vec<(usize, String)> = searching
                .iter()
                .map(|&i| (i, s.gaps[i].gap.description.clone()))
                .collect();
            self.per_gap(s, &instructions, &gaps).await
        } else if by_model {
            let vocabulary = self.active(s).vocabulary;
            let request = Request {
                instructions: &instructions,
                vocabulary: &vocabulary,
                gap: None,
            };
            vec![(None, self.by_model(s, request).await)]
        } else {
            // The rules run the instructions as written: no vocabulary needed.
            let request = Request {
                instructions: &instructions,
                vocabulary: &Default::default(),
                gap: None,
            };
            let found = self.rules(s).retrieve(request).await.unwrap_or_default();
            vec![(None, found)]
        };
        let mut attempt = first;
        for (gap, mut found) in rounds {
            for w in &found.warnings {
                tracing::info!("retrieval: {w}");
            }
            let found_now: usize = found.attempts.iter().map(|a| a.entries_found).sum();
            // The gaps this round looked for now say what it found.
            let status = GapStatus::Searched {
                entries_found: found_now,
            };
            match gap {
                Some(i) => s.gaps[i].status = status,
                None => {
                    for g in s.gaps.iter_mut().filter(|g| g.needs_search()) {
                        g.status = status;
                    }
                }
            }
            for a in &mut found.attempts {
                a.attempt_number = attempt;
                attempt += 1;
            }
            s.retrieval_history.extend(found.attempts);
            for view in retrieved(self.store, &found.entries) {
                if !s.entries.iter().any(|x| x.id == view.id) {
                    s.entries.push(view);
                }
            }
        }
        s.entries.sort_by(|a, b| b.when.cmp(&a.when));
        s.entries.truncate(retriever::MAX_ENTRIES);
    }

    /// One model retrieval per gap (index into the session's gaps, description), run
    /// concurrently in batches of `max_concurrency`; results in the gaps' order.
    async fn per_gap(
        &self,
        s: &Session,
        instructions: &[RetrievalInstruction],
        gaps: &[(usize, String)],
    ) -> Vec<(Option<usize>, Retrieved)> {
        let vocabulary = self.active(s).vocabulary;
        let limit = self.cx.llm.config().max_concurrency.max(1);
        let mut out = Vec::with_capacity(gaps.len());
        for batch in gaps.chunks(limit) {
            let runs = batch
                .iter()
                .map(|(_, description)| {
                    self.by_model(
                        s,
                        Request {
                            instructions,
                            vocabulary: &vocabulary,
                            gap: Some(description),
                        },
                    )
                })
                .collect();
            let found = super::join::join_all(runs).await;
            out.extend(batch.iter().map(|(i, _)| Some(*i)).zip(found));
        }
        out
    }

    /// The Retriever model's tool calls, run; the instructions run directly when the model
    /// fails (numbered from 1: the caller numbers the attempts).
    async fn by_model(&self, s: &Session, request: Request<'_>) -> Retrieved {
        // The rules do not fail to retrieve.
        self.engine(s).retrieve(request).await.unwrap_or_default()
    }
}
