//! `.vault-agent/trace.jsonl`: one line per model call, and run totals for the summary.

use std::fs::{File, OpenOptions};
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::sync::{mpsc, Mutex};

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

/// Appends trace lines through one writer thread; keeps totals.
///
/// A model call only serializes its line and hands it over a bounded channel: the file is
/// opened, rotated and written by the writer alone, never under a lock on the caller's
/// (often a runtime) thread. A full channel makes the caller wait for the writer rather
/// than drop lines. [`Trace::flush`] and dropping the trace wait until every line handed
/// over is on disk.
#[derive(Debug)]
pub struct Trace {
    pub with_prompts: bool,
    totals: Mutex<CallTotals>,
    writer: Option<Writer>,
}

impl Trace {
    /// A trace writing to `path` (none: totals only).
    pub fn new(path: Option<PathBuf>, with_prompts: bool) -> Trace {
        Trace {
            with_prompts,
            totals: Mutex::new(CallTotals::default()),
            writer: path.map(Writer::start),
        }
    }

    /// Records where a flow session went (not counted in the call totals).
    pub fn record_session(&self, line: SessionLine) {
        self.append(serde_json::to_string(&line).expect("trace line serializes"));
    }

    /// Records one line (errors writing the trace are logged, never fatal).
    pub fn record(&self, line: TraceLine) {
        {
            let mut totals = self.totals.lock().expect("trace lock");
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
        }
        self.append(serde_json::to_string(&line).expect("trace line serializes"));
    }

    fn append(&self, line: String) {
        if let Some(writer) = &self.writer {
            writer.send(Message::Line(line));
        }
    }

    /// Waits until every line recorded so far is written.
    pub fn flush(&self) {
        if let Some(writer) = &self.writer {
            writer.flush();
        }
    }

    /// Totals so far.
    pub fn totals(&self) -> CallTotals {
        self.totals.lock().expect("trace lock").clone()
    }
}

/// Lines waiting for the writer; past this, callers wait.
const QUEUE: usize = 1024;

enum Message {
    Line(String),
    /// Write what is queued, then answer.
    Flush(mpsc::Sender<()>),
}

/// The writer thread and the sending end of its queue.
#[derive(Debug)]
struct Writer {
    queue: Option<mpsc::SyncSender<Message>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Writer {
    fn start(path: PathBuf) -> Writer {
        let (queue, lines) = mpsc::sync_channel(QUEUE);
        let thread = std::thread::Builder::new()
            .name("vault-agent-trace".into())
            .spawn(move || TraceFile::new(path).run(lines));
        match thread {
            Ok(thread) => Writer {
                queue: Some(queue),
                thread: Some(thread),
            },
            Err(e) => {
                tracing::warn!("no trace: cannot start its writer: {e}");
                Writer {
                    queue: None,
                    thread: None,
                }
            }
        }
    }

    fn send(&self, message: Message) {
        if let Some(queue) = &self.queue {
            // Fails only when the writer is gone; it said why when it stopped.
            let _ = queue.send(message);
        }
    }

    fn flush(&self) {
        let (done, written) = mpsc::channel();
        self.send(Message::Flush(done));
        let _ = written.recv();
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Closing the queue ends the writer once it has written what is queued.
        self.queue.take();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The open trace file, owned by the writer thread.
struct TraceFile {
    path: PathBuf,
    file: Option<BufWriter<File>>,
    /// Bytes in the file, so rotation needs no `stat` per line.
    size: u64,
}

impl TraceFile {
    fn new(path: PathBuf) -> TraceFile {
        TraceFile {
            path,
            file: None,
            size: 0,
        }
    }

    fn run(mut self, lines: mpsc::Receiver<Message>) {
        while let Ok(first) = lines.recv() {
            // Write everything already queued, then flush once.
            let mut next = Some(first);
            while let Some(message) = next.take() {
                match message {
                    Message::Line(line) => self.write(&line),
                    Message::Flush(done) => {
                        self.flush();
                        let _ = done.send(());
                    }
                }
                next = lines.try_recv().ok();
            }
            self.flush();
        }
    }

    fn write(&mut self, line: &str) {
        let written = (|| {
            if self.file.is_none() || self.size > MAX_TRACE_BYTES {
                self.reopen()?;
            }
            let file = self.file.as_mut().expect("opened above");
            writeln!(file, "{line}")?;
            self.size += line.len() as u64 + 1;
            std::io::Result::Ok(())
        })();
        if let Err(e) = written {
            self.file = None;
            tracing::warn!("cannot write the trace {}: {e}", self.path.display());
        }
    }

    /// Opens the file to append, first moving one past the size limit to `trace.jsonl.1`.
    fn reopen(&mut self) -> std::io::Result<()> {
        self.flush();
        self.file = None;
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        if std::fs::metadata(&self.path).is_ok_and(|m| m.len() > MAX_TRACE_BYTES) {
            std::fs::rename(&self.path, self.path.with_extension("jsonl.1"))?;
        }
        let file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.path)?;
        self.size = file.metadata()?.len();
        self.file = Some(BufWriter::new(file));
        Ok(())
    }

    fn flush(&mut self) {
        if let Some(file) = &mut self.file {
            if let Err(e) = file.flush() {
                tracing::warn!("cannot write the trace {}: {e}", self.path.display());
                self.file = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(n: u64) -> TraceLine {
        TraceLine {
            time: String::new(),
            run: "r".into(),
            agent: "planner".into(),
            provider: "p".into(),
            model: "m".into(),
            attempt: 1,
            latency_ms: n,
            prompt_tokens: Some(n),
            completion_tokens: None,
            outcome: CallOutcome::Ok,
            error: None,
            request: None,
            response: None,
        }
    }

    #[test]
    fn lines_from_many_threads_are_all_written_whole_by_flush() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/trace.jsonl");
        let trace = std::sync::Arc::new(Trace::new(Some(path.clone()), false));
        let threads: Vec<_> = (0..4)
            .map(|t| {
                let trace = trace.clone();
                std::thread::spawn(move || (0..500).for_each(|i| trace.record(line(t * 1000 + i))))
            })
            .collect();
        threads.into_iter().for_each(|t| t.join().unwrap());
        trace.flush();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut seen: Vec<u64> = text
            .lines()
            .map(|l| {
                serde_json::from_str::<Value>(l).unwrap()["latency_ms"]
                    .as_u64()
                    .unwrap()
            })
            .collect();
        seen.sort_unstable();
        let expected: Vec<u64> = (0..4)
            .flat_map(|t| (0..500).map(move |i| t * 1000 + i))
            .collect();
        assert_eq!(seen, expected);
        assert_eq!(trace.totals().calls, 2000);
    }

    #[test]
    fn dropping_the_trace_writes_what_is_queued() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        let trace = Trace::new(Some(path.clone()), false);
        (0..100).for_each(|i| trace.record(line(i)));
        drop(trace);
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 100);
    }

    #[test]
    fn a_trace_past_the_limit_is_rotated_once() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("trace.jsonl");
        let big = "x".repeat(MAX_TRACE_BYTES as usize + 1);
        std::fs::write(&path, &big).unwrap();
        let trace = Trace::new(Some(path.clone()), false);
        trace.record(line(7));
        trace.flush();
        assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 1);
        assert_eq!(
            std::fs::metadata(path.with_extension("jsonl.1"))
                .unwrap()
                .len(),
            big.len() as u64
        );
    }
}
