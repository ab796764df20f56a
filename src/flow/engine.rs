//! One interface for the steps both engines can take: routing, planning and retrieval. The
//! model agents and the offline rules each implement [`Engine`], taking and returning the
//! agents' types, so the flow never knows which one worked except through the value (the
//! offline reading says so in its reasoning, a retrieval in its attempts). [`Fallback`]
//! puts them together per step: the models first, the rules for a step the models fail.

use chrono::NaiveDate;

use super::offline_plan::offline_plan;
use crate::agents::planner::{self, PlannerInput, PlannerOutput};
use crate::agents::retriever::{self, Request, Retrieved};
use crate::agents::router::{self, RouterOutput};
use crate::agents::types::InputType;
use crate::agents::{AgentError, Ctx};
use crate::domains::Domains;
use crate::offline;
use crate::vault::Store;

/// Routing, planning and retrieval, by one engine.
pub(crate) trait Engine {
    /// What the input is and which domains it touches.
    async fn route(&self, text: &str) -> Result<RouterOutput, AgentError>;
    /// The question's parts and retrieval instructions.
    async fn plan(&self, input: &PlannerInput) -> Result<PlannerOutput, AgentError>;
    /// The entries the instructions find.
    async fn retrieve(&self, request: Request<'_>) -> Result<Retrieved, AgentError>;
}

/// The model agents.
pub(crate) struct Models<'a> {
    pub cx: Ctx<'a>,
    pub domains: &'a Domains,
    pub store: &'a Store,
}

impl Engine for Models<'_> {
    async fn route(&self, text: &str) -> Result<RouterOutput, AgentError> {
        router::route(self.cx, self.domains, text).await
    }

    async fn plan(&self, input: &PlannerInput) -> Result<PlannerOutput, AgentError> {
        planner::plan(self.cx, input).await
    }

    async fn retrieve(&self, request: Request<'_>) -> Result<Retrieved, AgentError> {
        retriever::via_model(self.cx, self.store, self.domains, request, 1).await
    }
}

/// The offline engine's rules. They do not fail at these steps.
pub(crate) struct Rules<'a> {
    pub domains: &'a Domains,
    pub store: &'a Store,
    /// The day relative dates in the question resolve against.
    pub question_date: NaiveDate,
}

impl Engine for Rules<'_> {
    async fn route(&self, text: &str) -> Result<RouterOutput, AgentError> {
        let r = offline::route::classify(text, self.domains);
        Ok(RouterOutput {
            reasoning: "read by the offline rules".into(),
            // A question line is a question, whatever log words it holds: only a
            // correction is told apart.
            input_type: match r.input {
                InputType::Correction => InputType::Correction,
                _ => InputType::Query,
            },
            confidence: 1.0,
            selected_domains: r.domains,
            domain_selection_reasoning: String::new(),
            log_portion: None,
            query_portion: None,
            correction_target: None,
        })
    }

    async fn plan(&self, input: &PlannerInput) -> Result<PlannerOutput, AgentError> {
        Ok(offline_plan(
            self.store,
            self.domains,
            &input.query,
            self.question_date,
        ))
    }

    async fn retrieve(&self, request: Request<'_>) -> Result<Retrieved, AgentError> {
        Ok(retriever::execute(
            self.store,
            self.domains,
            request.instructions,
            1,
        ))
    }
}

/// `first` for every step, `then` for a step `first` fails (logged).
pub(crate) struct Fallback<A, B> {
    pub first: A,
    pub then: B,
}

impl<A: Engine, B: Engine> Engine for Fallback<A, B> {
    async fn route(&self, text: &str) -> Result<RouterOutput, AgentError> {
        match self.first.route(text).await {
            Ok(r) => Ok(r),
            Err(e) => {
                tracing::info!("routing offline: {e}");
                self.then.route(text).await
            }
        }
    }

    async fn plan(&self, input: &PlannerInput) -> Result<PlannerOutput, AgentError> {
        match self.first.plan(input).await {
            Ok(p) => Ok(p),
            Err(e) => {
                tracing::info!("planning offline: {e}");
                self.then.plan(input).await
            }
        }
    }

    async fn retrieve(&self, request: Request<'_>) -> Result<Retrieved, AgentError> {
        match self.first.retrieve(request).await {
            Ok(r) => Ok(r),
            Err(e) => {
                tracing::info!("retrieving directly: {e}");
                self.then.retrieve(request).await
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An engine that answers every step with values naming it, or fails at `fails`.
    struct Fake {
        name: &'static str,
        fails: &'static [&'static str],
    }

    impl Fake {
        fn check(&self, step: &'static str) -> Result<(), AgentError> {
            match self.fails.contains(&step) {
                true => Err(AgentError {
                    agent: step,
                    reason: "down".into(),
                }),
                false => Ok(()),
            }
        }
    }

    impl Engine for Fake {
        async fn route(&self, _: &str) -> Result<RouterOutput, AgentError> {
            self.check("router")?;
            Ok(RouterOutput {
                reasoning: self.name.into(),
                input_type: InputType::Query,
                confidence: 1.0,
                selected_domains: Vec::new(),
                domain_selection_reasoning: String::new(),
                log_portion: None,
                query_portion: None,
                correction_target: None,
            })
        }

        async fn plan(&self, _: &PlannerInput) -> Result<PlannerOutput, AgentError> {
            unimplemented!("planning is not exercised by these tests")
        }

        async fn retrieve(&self, _: Request<'_>) -> Result<Retrieved, AgentError> {
            self.check("retriever")?;
            Ok(Retrieved {
                warnings: vec![self.name.into()],
                ..Retrieved::default()
            })
        }
    }

    #[test]
    fn the_second_engine_takes_only_the_steps_the_first_fails() {
        let both = Fallback {
            first: Fake {
                name: "models",
                fails: &["retriever"],
            },
            then: Fake {
                name: "rules",
                fails: &[],
            },
        };
        let request = Request {
            instructions: &[],
            vocabulary: &Default::default(),
            gap: None,
        };
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let routed = runtime.block_on(both.route("q")).unwrap();
        assert_eq!(routed.reasoning, "models");
        let found = runtime.block_on(both.retrieve(request)).unwrap();
        assert_eq!(found.warnings, ["rules"]);
    }
}
