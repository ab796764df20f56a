//! `.vault-agent/trace.jsonl`: one line per model call, and run totals for the summary.

use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

use serde::Serialize;
use serde_json::Value;

/// A trace file larger than this is rotated to `trace.jsonl.1`.
const MAX_TRACE_BYTES: u64 = 20 * 1024 * 1024;

/// How one call attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CallOutcome {
    Ok,
    /// Failed in a way that is retried (transport, timeout, 5xx, 429).
    Retried,
    /// This provider gave up; the fallback provider is next.
    Fallback,
    /// Every provider gave up; the offline engine answers this step.
    Degraded,
    /// Output was not valid for the schema.
    Malformed,
    /// Failed without retry (auth, missing model, bad request, too large).
    Failed,
    /// Valid JSON, but the agent's checks refused it (the reason is the error).
    Rejected,
}

/// One line of the trace.
#[derive(Debug, Clone, Serialize)]
pub struct TraceLine {
    pub time: String,
    pub run: String,
    pub agent: String,
    pub provider: String,
    pub model: String,
    pub attempt: u32,
    pub latency_ms: u64,
    pub prompt_tokens: Option<u64>,
    pub completion_tokens: Option<u64>,
    pub outcome: CallOutcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request: Option<Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub response: Option<String>,
}

/// The line written when a flow session stops (completed, or paused for the person): its
/// states in order and the calls it paid for. Told apart from call lines by `session`.
#[derive(Debug, Clone, Serialize)]
pub struct SessionLine {
    pub time: String,
    pub run: String,
    pub session: String,
    pub question: String,
    /// State names in the order they were entered.
    pub states: Vec<String>,
    pub calls: u32,
    /// Where it stopped (`COMPLETE`, `WAIT_USER`, or the state it degraded in).
    pub ended_in: String,
}

/// Totals for one run, printed by `process`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct CallTotals {
    pub calls: u64,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    pub model_ms: u64,
    pub degraded_steps: u64,
}

/// Appends trace lines; keeps totals.
#[derive(Debug)]
pub struct Trace {
    path: Option<PathBuf>,
    pub with_prompts: bool,
    inner: Mutex<CallTotals>,
}

impl Trace {
    /// A trace writing to `path` (none: totals only).
    pub fn new(path: Option<PathBuf>, with_prompts: bool) -> Trace {
        Trace {
            path,
            with_prompts,
            inner: Mutex::new(CallTotals::default()),
        }
    }

    /// Records where a flow session went (not counted in the call totals).
    pub fn record_session(&self, line: SessionLine) {
        self.append(&serde_json::to_string(&line).expect("trace line serializes"));
    }

    /// Records one line (errors writing the trace are logged, never fatal).
    pub fn record(&self, line: TraceLine) {
        let mut totals = self.inner.lock().expect("trace lock");
        match line.outcome {
            CallOutcome::Degraded => totals.degraded_steps += 1,
            // A provider giving up is a summary line, not a request.
            CallOutcome::Fallback | CallOutcome::Rejected => {}
            _ => {
                totals.calls += 1;
                totals.prompt_tokens += line.prompt_tokens.unwrap_or(0);
                totals.completion_tokens += line.completion_tokens.unwrap_or(0);
                totals.model_ms += line.latency_ms;
            }
        }
        drop(totals);
        self.append(&serde_json::to_string(&line).expect("trace line serializes"));
    }

    fn append(&self, text: &str) {
        let Some(path) = &self.path else { return };
        // One writer at a time, so lines never interleave.
        let _writing = self.inner.lock().expect("trace lock");
        let written = (|| {
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)?;
            }
            // Keep the trace bounded: the previous one is kept as trace.jsonl.1.
            if std::fs::metadata(path).is_ok_and(|m| m.len() > MAX_TRACE_BYTES) {
                std::fs::rename(path, path.with_extension("jsonl.1"))?;
            }
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)?;
            writeln!(f, "{text}")
        })();
        if let Err(e) = written {
            tracing::warn!("cannot write the trace {}: {e}", path.display());
        }
    }

    /// Totals so far.
    pub fn totals(&self) -> CallTotals {
        self.inner.lock().expect("trace lock").clone()
    }
}
