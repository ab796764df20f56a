//! The client: resolves an agent's provider and model, sends schema-constrained requests,
//! and runs the cascade: retry with backoff (Retry-After honoured) -> fallback provider ->
//! degrade (the caller runs the offline engine). Malformed output gets one re-ask quoting
//! the parse error, then lenient extraction, then the step fails.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde_json::Value;
use tokio::sync::Semaphore;

use super::config::{LlmConfig, ProviderKind, Resolution};
use super::journal::Journal;
use super::lenient;
use super::schema::schema_for;
use super::trace::{CallOutcome, Trace, TraceLine};
use super::wire::{self, ChatRequest, Message, Role, StructuredMode};

/// Why a step could not get a valid answer from any model.
#[derive(Debug, Clone, PartialEq)]
pub struct LlmFailure {
    pub kind: FailureKind,
    /// What happened, in one sentence.
    pub message: String,
}

/// Kinds of failure; decides retry and what the person is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FailureKind {
    /// Connection refused, timeout, 5xx, 429 after all retries.
    Unreachable,
    /// The server accepted connections but did not answer in time, twice in a row.
    Hung,
    /// 401/403: the key is wrong or missing.
    Auth,
    /// The model is not installed or not known to the provider.
    ModelMissing,
    /// The server rejected the request (400 and similar).
    Rejected,
    /// The output never matched the schema.
    Malformed,
    /// The prompt does not fit the model's context window.
    TooLarge,
    /// A provider's settings cannot be used (missing env var).
    Config,
    /// Only the offline engine is configured.
    Offline,
}

/// A typed result and where it came from.
#[derive(Debug, Clone)]
pub struct Called<T> {
    pub value: T,
    /// The JSON text it was read from (for checks of field order and the like).
    pub raw: String,
    pub provider: String,
    pub model: String,
    /// Prompt plus completion tokens as the provider reported them, over every attempt of
    /// this call (0 for a reply replayed from the journal, or when the wire gave none).
    pub tokens: u64,
    /// Replayed from the journal of calls completed before a restart: nothing was paid.
    pub replayed: bool,
}

/// One attempt's error, classified.
#[derive(Debug)]
enum AttemptError {
    Retryable {
        message: String,
        retry_after: Option<Duration>,
        unreachable: bool,
        /// No answer within the timeout.
        timed_out: bool,
    },
    SchemaUnsupported(String),
    Fatal(FailureKind, String),
}

/// Calls models for the agents. Cheap to share (`Arc`).
#[derive(Debug)]
pub struct LlmClient {
    config: LlmConfig,
    http: reqwest::Client,
    permits: Arc<Semaphore>,
    /// Structured-output mode that works, per OpenAI-compatible provider.
    modes: Mutex<HashMap<String, StructuredMode>>,
    /// Providers found unreachable or unusable: until when, and why.
    down: Mutex<HashMap<String, Down>>,
    /// Timeouts in a row per provider (reset by any answer): two mark it down.
    timeouts: Mutex<HashMap<String, u32>>,
    /// Failed attempts in a row per provider in this pass, of any kind (5xx, 429, a
    /// refused or dropped connection, a timeout; reset by a reply): [`FAILED_AFTER`] mark
    /// it down, as a hung one is.
    failures: Mutex<HashMap<String, u32>>,
    /// Providers whose first failure was said on stderr (once per run).
    said: Mutex<std::collections::HashSet<String>>,
    /// The current pass (see [`LlmClient::begin_pass`]).
    pass: std::sync::atomic::AtomicU64,
    /// Providers whose models listing has been checked this run.
    probed: tokio::sync::Mutex<HashMap<String, Instant>>,
    trace: Trace,
    run_id: String,
    /// Calls completed in the pass under way (replayed after a crash), when kept on disk.
    journal: Option<Journal>,
}

/// How long a provider found down is skipped before it is tried again (at least the rest
/// of the pass it was found down in).
const DOWN_FOR: Duration = Duration::from_secs(60);
/// Timeouts in a row after which a provider is taken as hung and skipped like a down one.
const HUNG_AFTER: u32 = 2;
/// Failed attempts in a row (any kind) after which a provider is skipped for the rest of
/// the pass: a server that answers every call with an error at once would otherwise cost
/// each step all its retries and backoff. One call's retries (3 by default) stay below it.
const FAILED_AFTER: u32 = 5;

/// A provider found down: until when (and in which pass), and why.
#[derive(Debug, Clone)]
struct Down {
    until: Instant,
    pass: u64,
    kind: FailureKind,
    message: String,
}
/// The reachability check at first use.
const PROBE_TIMEOUT: Duration = Duration::from_secs(3);

impl LlmClient {
    /// A client for `config`, tracing to `trace`.
    pub fn new(config: LlmConfig, trace: Trace) -> LlmClient {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(5))
            .build()
            .expect("HTTP client builds");
        let run_id = format!("{:x}", fastrand::u64(..));
        LlmClient {
            permits: Arc::new(Semaphore::new(config.max_concurrency)),
            config,
            http,
            modes: Mutex::new(HashMap::new()),
            down: Mutex::new(HashMap::new()),
            timeouts: Mutex::new(HashMap::new()),
            failures: Mutex::new(HashMap::new()),
            said: Mutex::new(std::collections::HashSet::new()),
            pass: std::sync::atomic::AtomicU64::new(0),
            probed: tokio::sync::Mutex::new(HashMap::new()),
            trace,
            run_id,
            journal: None,
        }
    }

    /// Keeps completed calls in the journal file at `path` until the pass ends, so a run
    /// killed mid-pass replays them instead of calling again (see [`super::journal`]).
    pub fn with_journal(mut self, path: std::path::PathBuf) -> LlmClient {
        self.journal = Some(Journal::open(path));
        self
    }

    /// Ends a pass whose results are all on disk: the trace is written out and the pass's
    /// journaled calls are not needed again.
    pub fn end_pass(&self) {
        self.trace.flush();
        if let Some(journal) = &self.journal {
            journal.clear();
        }
    }

    /// Starts a pass: a provider found down stays skipped for the rest of the pass it was
    /// found down in (and at least a minute), so a hung server costs one timeout per pass,
    /// not one per step; the next pass tries it again once the minute is over.
    pub fn begin_pass(&self) {
        self.pass.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.failures.lock().expect("lock").clear();
    }

    fn current_pass(&self) -> u64 {
        self.pass.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// The failure for `provider` while it is marked down.
    fn down_now(&self, provider: &str) -> Option<LlmFailure> {
        let pass = self.current_pass();
        let down = self.down.lock().expect("lock");
        down.get(provider)
            .filter(|d| Instant::now() < d.until || d.pass == pass)
            .map(|d| LlmFailure {
                kind: d.kind,
                message: d.message.clone(),
            })
    }

    /// Counts a timeout of `provider`; true when it is now taken as hung (marked down).
    fn timed_out(&self, provider: &str, message: &str) -> bool {
        let in_a_row = {
            let mut timeouts = self.timeouts.lock().expect("lock");
            let n = timeouts.entry(provider.to_string()).or_insert(0);
            *n += 1;
            *n
        };
        if in_a_row < HUNG_AFTER {
            return false;
        }
        if self.down_now(provider).is_none() {
            self.mark_down(
                provider,
                FailureKind::Hung,
                format!("{provider}: {message}, {in_a_row} times in a row; the server accepts connections but does not answer"),
            );
        }
        true
    }

    /// Any answer from `provider` (even an error status) shows it is not hung.
    fn answered(&self, provider: &str) {
        self.timeouts.lock().expect("lock").remove(provider);
    }

    /// A reply from `provider`: the failures in a row end.
    fn replied(&self, provider: &str) {
        self.failures.lock().expect("lock").remove(provider);
    }

    /// Counts a failed attempt on `provider` (the first is said once on stderr); true when
    /// it is now marked down for the rest of the pass.
    fn failed(&self, provider: &str, message: &str) -> bool {
        if self.said.lock().expect("lock").insert(provider.to_string()) {
            tracing::warn!(
                "model provider `{provider}` failed: {message}; retrying (after {FAILED_AFTER} failures in a row it is skipped until the next pass)"
            );
        }
        let in_a_row = {
            let mut failures = self.failures.lock().expect("lock");
            let n = failures.entry(provider.to_string()).or_insert(0);
            *n += 1;
            *n
        };
        if in_a_row < FAILED_AFTER {
            return false;
        }
        if self.down_now(provider).is_none() {
            self.mark_down(
                provider,
                FailureKind::Unreachable,
                format!("{provider}: failed {in_a_row} times in a row (last: {message}); skipped until the next pass"),
            );
        }
        true
    }

    /// The config in use.
    pub fn config(&self) -> &LlmConfig {
        &self.config
    }

    /// The trace (for totals).
    pub fn trace(&self) -> &Trace {
        &self.trace
    }

    /// Whether `agent` may call a model at all (false when only `offline` is configured).
    pub fn enabled_for(&self, agent: &str) -> bool {
        self.config.chain(agent).iter().any(|p| {
            self.config
                .providers
                .get(p)
                .is_some_and(|p| p.kind != ProviderKind::Offline)
        })
    }

    /// Whether every model provider `agent` may use is marked down for now (work that can
    /// wait, like refining records, stops until a later pass instead of failing on).
    pub fn down_for(&self, agent: &str) -> bool {
        self.config
            .chain(agent)
            .iter()
            .filter(|p| {
                self.config
                    .providers
                    .get(*p)
                    .is_some_and(|p| p.kind != ProviderKind::Offline)
            })
            .all(|p| self.down_now(p).is_some())
    }

    /// Asks `agent`'s model for a `T`, following the cascade. `system` is the agent's
    /// prompt (the model's own addition is appended here); `user` the interpolated input.
    pub async fn call<T: DeserializeOwned + JsonSchema>(
        &self,
        agent: &str,
        system: &str,
        user: &str,
    ) -> Result<Called<T>, LlmFailure> {
        let schema = schema_for::<T>();
        let key = Journal::key(agent, system, user, &schema);
        if let Some(done) = self.journal.as_ref().and_then(|j| j.get(&key)) {
            if let Ok(value) = serde_json::from_str::<T>(&done.raw) {
                tracing::debug!("{agent}: replayed a call completed before a restart");
                return Ok(Called {
                    value,
                    raw: done.raw,
                    provider: done.provider,
                    model: done.model,
                    tokens: 0,
                    replayed: true,
                });
            }
        }
        let mut last = LlmFailure {
            kind: FailureKind::Offline,
            message: "only the offline engine is configured".into(),
        };
        for provider in self.config.chain(agent) {
            let resolution = match self.config.resolve(agent, &provider) {
                Ok(r) => r,
                Err((key, message)) => {
                    last = LlmFailure {
                        kind: FailureKind::Config,
                        message: format!("{key}: {message}"),
                    };
                    continue;
                }
            };
            if resolution.provider.kind == ProviderKind::Offline {
                continue;
            }
            if let Some(failure) = self.check_available(&provider).await {
                last = failure;
                continue;
            }
            match self
                .call_provider::<T>(agent, &resolution, system, user, &schema)
                .await
            {
                Ok((value, raw, tokens)) => {
                    if let Some(journal) = &self.journal {
                        journal.record(key, &provider, &resolution.model, &raw);
                    }
                    return Ok(Called {
                        value,
                        raw,
                        provider,
                        model: resolution.model,
                        tokens,
                        replayed: false,
                    });
                }
                Err(failure) => {
                    self.record(
                        agent,
                        &resolution,
                        0,
                        Duration::ZERO,
                        None,
                        CallOutcome::Fallback,
                        Some(failure.message.clone()),
                        None,
                        None,
                    );
                    last = failure;
                }
            }
        }
        self.record_step(
            agent,
            "offline",
            "offline",
            CallOutcome::Degraded,
            &last.message,
        );
        Err(last)
    }

    /// Traces where a flow session went: its states in order and the calls it paid for.
    pub fn record_session(&self, session: &str, question: &str, states: Vec<String>, calls: u32) {
        let ended_in = states.last().cloned().unwrap_or_default();
        self.trace.record_session(super::trace::SessionLine {
            time: now(),
            run: self.run_id.clone(),
            session: session.to_string(),
            question: question.to_string(),
            states,
            calls,
            ended_in,
        });
    }

    /// Traces that an agent refused a model's output, with the reason.
    pub fn record_rejection(&self, agent: &str, provider: &str, model: &str, reason: &str) {
        tracing::info!("{agent}: output from {model} rejected: {reason}");
        self.record_step(agent, provider, model, CallOutcome::Rejected, reason);
    }

    /// A trace line for a step decision rather than a request (degraded, rejected).
    fn record_step(
        &self,
        agent: &str,
        provider: &str,
        model: &str,
        outcome: CallOutcome,
        error: &str,
    ) {
        self.trace.record(TraceLine {
            time: now(),
            run: self.run_id.clone(),
            agent: agent.to_string(),
            provider: provider.to_string(),
            model: model.to_string(),
            attempt: 0,
            latency_ms: 0,
            prompt_tokens: None,
            completion_tokens: None,
            outcome,
            error: Some(error.to_string()),
            request: None,
            response: None,
        });
    }

    /// Skips providers known to be down; probes a provider once at first use.
    async fn check_available(&self, provider: &str) -> Option<LlmFailure> {
        if let Some(failure) = self.down_now(provider) {
            return Some(failure);
        }
        let mut probed = self.probed.lock().await;
        if probed
            .get(provider)
            .is_some_and(|at| at.elapsed() < DOWN_FOR)
        {
            // Another call may have probed it while this one waited for the lock.
            return self.down_now(provider);
        }
        probed.insert(provider.to_string(), Instant::now());
        let p = self.config.providers.get(provider)?.clone();
        let base = match p.api_base() {
            Ok(b) => b,
            Err(message) => return Some(self.mark_down(provider, FailureKind::Config, message)),
        };
        if let Err(message) = p.api_key() {
            return Some(self.mark_down(provider, FailureKind::Config, message));
        }
        let url = wire::models_url(&p, &base);
        let mut request = self
            .http
            .get(&url)
            .timeout(PROBE_TIMEOUT.min(self.config.timeout));
        for (k, v) in self.auth_for(&p) {
            request = request.header(k, v);
        }
        match request.send().await {
            // Only a refused connection means "down": a busy server may be slow to list.
            Err(e) if e.is_connect() => {
                let message = format!(
                    "no model server answers at {base} (provider `{provider}`): {}",
                    root_cause(&e)
                );
                Some(self.mark_down(provider, FailureKind::Unreachable, message))
            }
            // A listing that does not come in time counts as one timeout: one more on the
            // first model call and the server is taken as hung.
            Err(e) if e.is_timeout() => {
                let message = format!(
                    "the model listing at {base} did not answer within {} s",
                    PROBE_TIMEOUT.min(self.config.timeout).as_secs()
                );
                self.timed_out(provider, &message);
                self.down_now(provider)
            }
            Ok(r) if r.status().as_u16() == 401 || r.status().as_u16() == 403 => {
                let message = format!(
                    "provider `{provider}` refused the API key (HTTP {}); check llm.providers.{provider}.api_key",
                    r.status().as_u16()
                );
                Some(self.mark_down(provider, FailureKind::Auth, message))
            }
            _ => None,
        }
    }

    /// Why `agent` could not use its models when a provider is down, in a few plain words
    /// for a callout (`Ollama is not running at localhost:11434`); the full error is logged.
    pub fn down_reason(&self, agent: &str) -> Option<String> {
        let down = self.down.lock().expect("lock");
        for name in self.config.chain(agent) {
            let Some(Down { kind, .. }) = down.get(&name) else {
                continue;
            };
            let Some(p) = self.config.providers.get(&name) else {
                continue;
            };
            let host = p
                .api_base()
                .ok()
                .map(|b| {
                    let b = b
                        .trim_start_matches("http://")
                        .trim_start_matches("https://");
                    b.split('/').next().unwrap_or(b).to_string()
                })
                .unwrap_or_default();
            return Some(match (kind, p.kind) {
                (FailureKind::Unreachable, ProviderKind::Ollama) => {
                    format!("Ollama is not running at {host}")
                }
                (FailureKind::Unreachable, _) => format!("no model server answers at {host}"),
                (FailureKind::Hung, _) => format!(
                    "no answer within {} s from the model server at {host}",
                    self.config.timeout.as_secs()
                ),
                (FailureKind::Auth, _) => format!("`{name}` refused the API key"),
                (FailureKind::ModelMissing, _) => {
                    format!("a model is not installed on `{name}` (see `vault-agent doctor`)")
                }
                (FailureKind::Config, _) => format!("`{name}` is not fully configured"),
                _ => format!("`{name}` could not be used"),
            });
        }
        None
    }

    fn mark_down(&self, provider: &str, kind: FailureKind, message: String) -> LlmFailure {
        tracing::warn!(
            "{message}; using {} for now",
            if self
                .config
                .fallback_provider
                .as_deref()
                .is_some_and(|f| f != provider)
            {
                "the fallback provider"
            } else {
                "the offline engine"
            }
        );
        self.down.lock().expect("lock").insert(
            provider.to_string(),
            Down {
                until: Instant::now() + DOWN_FOR,
                pass: self.current_pass(),
                kind,
                message: message.clone(),
            },
        );
        LlmFailure { kind, message }
    }

    fn auth_for(&self, p: &super::config::Provider) -> Vec<(String, String)> {
        let key = p.api_key().ok().flatten();
        match (p.kind, key) {
            (ProviderKind::Anthropic, Some(k)) => vec![
                ("x-api-key".into(), k),
                ("anthropic-version".into(), "2023-06-01".into()),
            ],
            (ProviderKind::Azure, Some(k)) => vec![("api-key".into(), k)],
            (_, Some(k)) => vec![("authorization".into(), format!("Bearer {k}"))],
            _ => Vec::new(),
        }
    }

    /// One structured call on a given provider and model, with retries but no fallback
    /// (for `doctor`).
    pub async fn call_on<T: DeserializeOwned + JsonSchema>(
        &self,
        agent: &str,
        resolution: &Resolution,
        system: &str,
        user: &str,
    ) -> Result<T, LlmFailure> {
        let schema = schema_for::<T>();
        self.call_provider::<T>(agent, resolution, system, user, &schema)
            .await
            .map(|(value, _, _)| value)
    }

    /// Model names the provider lists, or why they could not be listed.
    pub async fn list_models(
        &self,
        provider: &super::config::Provider,
    ) -> Result<Vec<String>, String> {
        let base = provider.api_base()?;
        let url = wire::models_url(provider, &base);
        let mut request = self.http.get(&url).timeout(Duration::from_secs(10));
        for (k, v) in self.auth_for(provider) {
            request = request.header(k, v);
        }
        let response = request
            .send()
            .await
            .map_err(|e| format!("not reachable at {base}: {}", root_cause(&e)))?;
        let status = response.status().as_u16();
        if status == 401 || status == 403 {
            return Err(format!(
                "the API key was refused (HTTP {status}); check llm.providers.{}.api_key",
                provider.name
            ));
        }
        if !(200..300).contains(&status) {
            return Err(format!("listing models at {url} gave HTTP {status}"));
        }
        let text = read_capped(response, self.config.max_reply_bytes)
            .await
            .map_err(|e| match e {
                Capped::TooLong => format!(
                    "the model listing is longer than llm.max_reply_bytes ({} bytes)",
                    self.config.max_reply_bytes
                ),
                Capped::Failed(e) => {
                    format!("reading the model listing failed: {}", root_cause(&e))
                }
            })?;
        let body: Value = serde_json::from_str(&text)
            .map_err(|e| format!("the model listing is not JSON: {e}"))?;
        Ok(wire::model_names(provider.kind, &body))
    }

    /// Retries and malformed-output handling on one provider.
    async fn call_provider<T: DeserializeOwned>(
        &self,
        agent: &str,
        r: &Resolution,
        system: &str,
        user: &str,
        schema: &Value,
    ) -> Result<(T, String, u64), LlmFailure> {
        let provider = &r.provider.name;
        let base = r.provider.api_base().map_err(|m| LlmFailure {
            kind: FailureKind::Config,
            message: m,
        })?;
        let key = r.provider.api_key().map_err(|m| LlmFailure {
            kind: FailureKind::Config,
            message: m,
        })?;
        let system = match &r.settings.prompt {
            Some(extra) => format!("{system}\n\n{extra}"),
            None => system.to_string(),
        };
        super::budget::check(r, &system, user, schema)?;
        let (system, first) = if r.settings.system_in_user {
            (String::new(), format!("{system}\n\n{user}"))
        } else {
            (system, user.to_string())
        };
        let mut messages = vec![Message {
            role: Role::User,
            content: first,
        }];
        let mut transport_retries = 0;
        let mut reasks = 0;
        let mut attempt = 0;
        let mut outputs: Vec<String> = Vec::new();
        let mut tokens = 0u64;
        loop {
            attempt += 1;
            let mode = *self
                .modes
                .lock()
                .expect("lock")
                .get(provider)
                .unwrap_or(&StructuredMode::JsonSchema);
            let req = ChatRequest {
                agent,
                model: &r.model,
                system: &system,
                messages: &messages,
                schema,
                temperature: r.settings.temperature.unwrap_or(0.1),
                max_tokens: r.max_tokens,
                context_window: super::budget::context_window(r),
            };
            let call = wire::build(&r.provider, &base, key.as_deref(), &req, mode);
            let started = Instant::now();
            let result = {
                let _permit = self.permits.acquire().await.expect("semaphore open");
                // Found down (hung) by the calls this one waited behind: do not send.
                if let Some(failure) = self.down_now(provider) {
                    return Err(failure);
                }
                self.send(r.provider.kind, &call).await
            };
            let elapsed = started.elapsed();
            if !matches!(
                result,
                Err(AttemptError::Retryable {
                    timed_out: true,
                    ..
                })
            ) {
                self.answered(provider);
            }
            let request_copy = self.trace.with_prompts.then(|| call.body.clone());
            if result.is_ok() {
                self.replied(provider);
            }
            match result {
                Ok(done) => {
                    tokens += done.prompt_tokens.unwrap_or(0) + done.completion_tokens.unwrap_or(0);
                    match serde_json::from_str::<T>(&done.text) {
                        Ok(value) => {
                            self.record(
                                agent,
                                r,
                                attempt,
                                elapsed,
                                Some(&done),
                                CallOutcome::Ok,
                                None,
                                request_copy,
                                Some(done.text.clone()),
                            );
                            return Ok((value, done.text.clone(), tokens));
                        }
                        Err(e) => {
                            let why = if done.truncated {
                                format!(
                                    "the output was cut off at the {}-token cap ({e})",
                                    r.max_tokens
                                )
                            } else {
                                format!("the output does not match the schema: {e}")
                            };
                            self.record(
                                agent,
                                r,
                                attempt,
                                elapsed,
                                Some(&done),
                                CallOutcome::Malformed,
                                Some(why.clone()),
                                request_copy,
                                Some(done.text.clone()),
                            );
                            outputs.push(done.text.clone());
                            if reasks < self.config.retry.parse_retry.min(1) {
                                reasks += 1;
                                messages.push(Message {
                                    role: Role::Assistant,
                                    content: clip(&done.text, 2000),
                                });
                                messages.push(Message {
                                    role: Role::User,
                                    content: format!(
                                        "That reply could not be used: {why}. Reply again with only one JSON object that matches the schema, no prose and no code fences, kept short."
                                    ),
                                });
                                continue;
                            }
                            for text in outputs.iter().rev() {
                                for candidate in lenient::candidates(text) {
                                    if let Ok(value) = serde_json::from_str::<T>(&candidate) {
                                        return Ok((value, candidate, tokens));
                                    }
                                }
                            }
                            return Err(LlmFailure {
                                kind: FailureKind::Malformed,
                                message: format!("{provider} ({}) did not return valid JSON for the {agent} step: {why}", r.model),
                            });
                        }
                    }
                }
                Err(AttemptError::SchemaUnsupported(body))
                    if mode == StructuredMode::JsonSchema =>
                {
                    tracing::info!("{provider} does not take json_schema response formats; using json_object with the schema from now on");
                    self.record(
                        agent,
                        r,
                        attempt,
                        elapsed,
                        None,
                        CallOutcome::Retried,
                        Some(format!("json_schema rejected: {}", clip(&body, 300))),
                        request_copy,
                        None,
                    );
                    self.modes
                        .lock()
                        .expect("lock")
                        .insert(provider.clone(), StructuredMode::JsonObject);
                }
                Err(AttemptError::SchemaUnsupported(body)) => {
                    let message = format!("{provider} rejected the request: {}", clip(&body, 300));
                    self.record(
                        agent,
                        r,
                        attempt,
                        elapsed,
                        None,
                        CallOutcome::Failed,
                        Some(message.clone()),
                        request_copy,
                        None,
                    );
                    return Err(LlmFailure {
                        kind: FailureKind::Rejected,
                        message,
                    });
                }
                Err(AttemptError::Retryable {
                    message,
                    retry_after,
                    unreachable,
                    timed_out,
                }) => {
                    // Two timeouts in a row (from any step) mark the provider down: the
                    // steps still waiting give up on it instead of each waiting again.
                    let hung = timed_out && self.timed_out(provider, &message);
                    let broken = self.failed(provider, &message);
                    let give_up = hung
                        || broken
                        || transport_retries >= self.config.retry.llm_retry
                        || self.down_now(provider).is_some();
                    let outcome = if give_up {
                        CallOutcome::Failed
                    } else {
                        CallOutcome::Retried
                    };
                    self.record(
                        agent,
                        r,
                        attempt,
                        elapsed,
                        None,
                        outcome,
                        Some(message.clone()),
                        request_copy,
                        None,
                    );
                    if give_up {
                        let failure = LlmFailure {
                            kind: FailureKind::Unreachable,
                            message: format!("{provider}: {message}"),
                        };
                        if unreachable {
                            self.mark_down(provider, failure.kind, failure.message.clone());
                        }
                        return Err(failure);
                    }
                    let delay = backoff(self.config.retry.backoff, transport_retries, retry_after);
                    transport_retries += 1;
                    tokio::time::sleep(delay).await;
                }
                Err(AttemptError::Fatal(kind, message)) => {
                    self.record(
                        agent,
                        r,
                        attempt,
                        elapsed,
                        None,
                        CallOutcome::Failed,
                        Some(message.clone()),
                        request_copy,
                        None,
                    );
                    if matches!(kind, FailureKind::Auth) {
                        self.mark_down(provider, kind, message.clone());
                    }
                    return Err(LlmFailure { kind, message });
                }
            }
        }
    }

    async fn send(
        &self,
        kind: ProviderKind,
        call: &wire::HttpCall,
    ) -> Result<wire::Completion, AttemptError> {
        let mut request = self
            .http
            .post(&call.url)
            .timeout(self.config.timeout)
            .json(&call.body);
        for (k, v) in &call.headers {
            request = request.header(k, v);
        }
        let response = request.send().await.map_err(|e| AttemptError::Retryable {
            message: if e.is_timeout() {
                format!("no answer within {} s", self.config.timeout.as_secs())
            } else {
                format!("request failed: {}", root_cause(&e))
            },
            retry_after: None,
            unreachable: e.is_connect(),
            timed_out: e.is_timeout(),
        })?;
        let status = response.status().as_u16();
        let retry_after = response
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
            .map(|s| Duration::from_secs_f64(s.clamp(0.0, 120.0)));
        let text = match read_capped(response, self.config.max_reply_bytes).await {
            Ok(text) => text,
            Err(Capped::TooLong) => {
                return Err(AttemptError::Fatal(
                    FailureKind::Malformed,
                    format!(
                        "the reply is longer than llm.max_reply_bytes ({} bytes) and was not read further; no structured answer is that long (raise the limit if your server pads its replies)",
                        self.config.max_reply_bytes
                    ),
                ))
            }
            Err(Capped::Failed(e)) => {
                return Err(AttemptError::Retryable {
                    message: if e.is_timeout() {
                        "the answer did not finish in time".to_string()
                    } else {
                        format!("reading the answer failed: {}", root_cause(&e))
                    },
                    retry_after: None,
                    unreachable: false,
                    timed_out: e.is_timeout(),
                })
            }
        };
        if (200..300).contains(&status) {
            let body: Value = serde_json::from_str(&text).map_err(|e| AttemptError::Retryable {
                message: format!("the server's reply is not JSON ({e})"),
                retry_after: None,
                unreachable: false,
                timed_out: false,
            })?;
            return wire::parse(kind, &body).map_err(|m| AttemptError::Retryable {
                message: m,
                retry_after: None,
                unreachable: false,
                timed_out: false,
            });
        }
        let openai_like = matches!(kind, ProviderKind::Openai | ProviderKind::Azure);
        if openai_like && wire::openai::rejects_json_schema(status, &text) {
            return Err(AttemptError::SchemaUnsupported(text));
        }
        // llama.cpp, vLLM and OpenAI refuse a prompt longer than the model holds with a 400:
        // said in a few words, not as the server's JSON.
        if matches!(status, 400 | 413) && context_overflow(&text) {
            return Err(AttemptError::Fatal(
                FailureKind::TooLarge,
                format!("the prompt is longer than the model's context window (HTTP {status}); set llm.models.MODEL.context_window to what it holds"),
            ));
        }
        let snippet = clip(&text, 300);
        Err(match status {
            429 => AttemptError::Retryable { message: "rate limited (HTTP 429)".into(), retry_after, unreachable: false, timed_out: false },
            500..=599 => AttemptError::Retryable { message: format!("server error (HTTP {status}): {snippet}"), retry_after, unreachable: false, timed_out: false },
            401 | 403 => AttemptError::Fatal(FailureKind::Auth, format!("the API key was refused (HTTP {status}); check the provider's api_key and its environment variable")),
            404 if kind == ProviderKind::Ollama || text.contains("model") => AttemptError::Fatal(
                FailureKind::ModelMissing,
                format!("the model is not available (HTTP 404: {snippet}); install it (for Ollama: `ollama pull MODEL`) or set another model under llm.tiers"),
            ),
            404 => AttemptError::Fatal(FailureKind::Rejected, format!("the URL was not found (HTTP 404); check the provider's api_base: {}", call.url)),
            _ => AttemptError::Fatal(FailureKind::Rejected, format!("the request was rejected (HTTP {status}): {snippet}")),
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn record(
        &self,
        agent: &str,
        r: &Resolution,
        attempt: u32,
        elapsed: Duration,
        done: Option<&wire::Completion>,
        outcome: CallOutcome,
        error: Option<String>,
        request: Option<Value>,
        response: Option<String>,
    ) {
        self.trace.record(TraceLine {
            time: now(),
            run: self.run_id.clone(),
            agent: agent.to_string(),
            provider: r.provider.name.clone(),
            model: r.model.clone(),
            attempt,
            latency_ms: elapsed.as_millis() as u64,
            prompt_tokens: done.and_then(|d| d.prompt_tokens),
            completion_tokens: done.and_then(|d| d.completion_tokens),
            outcome,
            error,
            request,
            response: if self.trace.with_prompts {
                response
            } else {
                None
            },
        });
    }
}

/// Why a reply was not read whole.
enum Capped {
    /// Longer than the limit: read no further.
    TooLong,
    Failed(reqwest::Error),
}

/// The reply's body as text, read chunk by chunk and given up as soon as it passes `max`
/// bytes (or says it will): a server sending hundreds of megabytes never has them held.
async fn read_capped(mut response: reqwest::Response, max: usize) -> Result<String, Capped> {
    if response.content_length().is_some_and(|n| n > max as u64) {
        return Err(Capped::TooLong);
    }
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(Capped::Failed)? {
        if body.len() + chunk.len() > max {
            return Err(Capped::TooLong);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(String::from_utf8_lossy(&body).into_owned())
}

/// Exponential backoff with jitter; a server's Retry-After wins when longer.
fn backoff(base: Duration, retry: u32, retry_after: Option<Duration>) -> Duration {
    let exp = base.saturating_mul(1 << retry.min(6));
    let jitter = exp.mul_f64(fastrand::f64() * 0.3);
    let delay = exp + jitter;
    match retry_after {
        Some(server) if server > delay => server,
        _ => delay,
    }
}

/// Whether an error body says the prompt did not fit the model's context.
fn context_overflow(body: &str) -> bool {
    let lower = body.to_lowercase();
    [
        "context length",
        "context_length",
        "context window",
        "too many tokens",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

fn clip(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &text[..end])
}

fn root_cause(e: &reqwest::Error) -> String {
    let mut source: &dyn std::error::Error = e;
    while let Some(next) = source.source() {
        source = next;
    }
    source.to_string()
}

fn now() -> String {
    chrono::Local::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_grows_and_honours_retry_after() {
        let base = Duration::from_millis(100);
        let first = backoff(base, 0, None);
        let third = backoff(base, 2, None);
        assert!(first >= base && first < base * 2);
        assert!(third >= base * 4);
        assert_eq!(
            backoff(base, 0, Some(Duration::from_secs(7))),
            Duration::from_secs(7)
        );
    }
}
