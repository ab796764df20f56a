//! A scripted LLM server on 127.0.0.1 for end-to-end tests. It speaks the Ollama
//! (`/api/chat`, `/api/tags`), OpenAI-compatible (`/v1/chat/completions`, `/v1/models`) and
//! Anthropic (`/v1/messages`) wire formats, answers from a script keyed by agent (read from
//! the system prompt's "You are the X of vault-agent"), records every request, and injects
//! faults: delays, HTTP errors with Retry-After, prose, fenced or truncated JSON, hangs,
//! dropped connections, and llama.cpp's HTTP 500 for `json_schema` response formats.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// One scripted reply.
#[derive(Debug, Clone)]
pub enum Reply {
    /// A valid answer: this JSON as the model's output.
    Json(Value),
    /// An HTTP error status with an optional Retry-After (seconds) and body.
    Status(u16, Option<u64>, String),
    /// Prose instead of JSON.
    Prose(String),
    /// The JSON inside a ```json fence with chatter around it.
    Fenced(Value),
    /// The JSON cut in half, reported as stopped at the token cap.
    Truncated(Value),
    /// Wait this long, then give the inner reply.
    Delay(u64, Box<Reply>),
    /// Never answer (the client's timeout must fire).
    Hang,
    /// Close the connection without a response.
    Drop,
    /// A 200 reply whose model output is this many bytes of text, streamed (never held
    /// whole by the server), with its length announced unless `false`.
    Huge(usize, bool),
}

/// A request the server received.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub method: String,
    pub path: String,
    pub headers: HashMap<String, String>,
    pub body: Value,
    /// The agent named in the system prompt (empty for listings).
    pub agent: String,
    /// When the request arrived.
    pub at: std::time::Instant,
}

impl Recorded {
    /// The system prompt, whatever the wire format.
    pub fn system(&self) -> String {
        if let Some(s) = self.body["system"].as_str() {
            return s.to_string();
        }
        // A system message, else the first message (for models that take it there).
        let messages = self.body["messages"].as_array();
        messages
            .and_then(|m| m.iter().find(|m| m["role"] == "system").or(m.first()))
            .and_then(|m| m["content"].as_str())
            .unwrap_or("")
            .to_string()
    }

    /// The user and assistant messages' text, joined.
    pub fn conversation(&self) -> String {
        self.body["messages"]
            .as_array()
            .map(|m| {
                m.iter()
                    .filter(|m| m["role"] != "system")
                    .filter_map(|m| m["content"].as_str())
                    .collect::<Vec<_>>()
                    .join("\n---\n")
            })
            .unwrap_or_default()
    }

    /// The output schema the request carries, whatever the wire format.
    pub fn schema(&self) -> Option<Value> {
        let b = &self.body;
        [
            &b["format"],
            &b["response_format"]["json_schema"]["schema"],
            &b["response_format"]["schema"],
            &b["tools"][0]["input_schema"],
        ]
        .into_iter()
        .find(|v| v.is_object())
        .cloned()
    }
}

#[derive(Default)]
struct State {
    scripts: HashMap<String, VecDeque<Reply>>,
    /// Replies for an agent's requests whose messages contain a text, used before `scripts`.
    matching: Vec<(String, String, VecDeque<Reply>)>,
    requests: Vec<Recorded>,
    reject_json_schema: bool,
    /// Every request (listings included) hangs: a server that accepts and never answers.
    hang_all: bool,
    /// Milliseconds every model call waits before its reply.
    delay_all: u64,
    /// The reply every model call gets, whatever the script says (a failing server).
    fail_all: Option<Reply>,
    models: Vec<String>,
    in_flight: usize,
    max_in_flight: usize,
    /// Per agent: calls being answered now, and the most at once.
    agent_in_flight: HashMap<String, (usize, usize)>,
}

/// The running server; it stops when dropped with the test.
pub struct ScriptedLlm {
    pub addr: SocketAddr,
    state: Arc<Mutex<State>>,
    _runtime: tokio::runtime::Runtime,
}

impl ScriptedLlm {
    /// Starts a server on a free port.
    pub fn start() -> ScriptedLlm {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let state = Arc::new(Mutex::new(State::default()));
        let listener = runtime.block_on(TcpListener::bind("127.0.0.1:0")).unwrap();
        let addr = listener.local_addr().unwrap();
        let shared = state.clone();
        runtime.spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    continue;
                };
                let state = shared.clone();
                tokio::spawn(async move {
                    let _ = serve(stream, state).await;
                });
            }
        });
        ScriptedLlm {
            addr,
            state,
            _runtime: runtime,
        }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn base(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Queues replies for an agent (used in order; then the default reply).
    pub fn script(&self, agent: &str, replies: impl IntoIterator<Item = Reply>) {
        let mut s = self.state.lock().unwrap();
        s.scripts
            .entry(agent.to_string())
            .or_default()
            .extend(replies);
    }

    /// Queues replies for the requests of an agent whose prompt or messages contain `needle` (used
    /// in order, before the agent's plain script): for calls made concurrently, where the
    /// order of arrival says nothing.
    pub fn script_matching(
        &self,
        agent: &str,
        needle: &str,
        replies: impl IntoIterator<Item = Reply>,
    ) {
        self.state.lock().unwrap().matching.push((
            agent.to_string(),
            needle.to_string(),
            replies.into_iter().collect(),
        ));
    }

    /// Answer `json_schema` response formats with HTTP 500, as llama-cpp-python does.
    pub fn reject_json_schema(&self) {
        self.state.lock().unwrap().reject_json_schema = true;
    }

    /// From now on every request hangs, listings included (a hung server).
    pub fn hang_all(&self) {
        self.state.lock().unwrap().hang_all = true;
    }

    /// From now on every model call gets `reply` (an error status, a dropped connection):
    /// a server that fails fast, every time. Listings still answer.
    pub fn fail_all(&self, reply: Reply) {
        self.state.lock().unwrap().fail_all = Some(reply);
    }

    /// From now on every model call takes at least `ms` milliseconds.
    pub fn delay_all(&self, ms: u64) {
        self.state.lock().unwrap().delay_all = ms;
    }

    /// Model names the listings report (default: every model is reported as present).
    pub fn set_models(&self, models: &[&str]) {
        self.state.lock().unwrap().models = models.iter().map(|m| m.to_string()).collect();
    }

    /// The most model calls that were being answered at the same time.
    pub fn max_in_flight(&self) -> usize {
        self.state.lock().unwrap().max_in_flight
    }

    /// The most calls of one agent that were being answered at the same time.
    pub fn max_in_flight_of(&self, agent: &str) -> usize {
        let s = self.state.lock().unwrap();
        s.agent_in_flight.get(agent).map_or(0, |(_, max)| *max)
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Recorded> {
        self.state.lock().unwrap().requests.clone()
    }

    /// The model-call requests for an agent.
    pub fn calls(&self, agent: &str) -> Vec<Recorded> {
        self.requests()
            .into_iter()
            .filter(|r| r.agent == agent)
            .collect()
    }
}

/// The first `[[...]]` citation link in the request's messages.
pub fn first_link(request: &Recorded) -> Option<String> {
    let convo = request.conversation();
    let s = convo.find("[[")?;
    let e = convo[s..].find("]]")?;
    Some(convo[s..s + e + 2].to_string())
}

/// The reply when the script for an agent is empty: a valid, plain output for each agent.
pub fn default_output(agent: &str, request: &Recorded) -> Value {
    let link = first_link(request);
    let cited: Vec<String> = link.clone().into_iter().collect();
    match agent {
        "router" => {
            json!({"reasoning": "scripted", "input_type": "query", "confidence": 0.9, "selected_domains": []})
        }
        "planner" => json!({
            "reasoning": "scripted", "query_type": "simple",
            "sub_queries": [{"id": 1, "question": "everything"}], "dependencies": [],
            "execution_strategy": "independent", "execution_order": [1],
            "retrieval_instructions": [{"strategy": "date_range", "start": "2000-01-01", "end": "2100-12-31"}],
            "next_action": "retrieve"
        }),
        "retriever" => {
            json!({"tool_calls": [{"name": "get_entries_by_date_range", "parameters": {"start": "2000-01-01", "end": "2100-12-31"}}]})
        }
        "analyzer" => json!({
            "query_intent": "scripted",
            "findings": [{"claim": "scripted finding", "evidence": cited, "confidence": "high"}],
            "patterns_identified": [], "gaps_identified": [],
            "verdict_reasoning": "the entries answer it", "verdict": "sufficient"
        }),
        "synthesizer" => match link {
            Some(l) => {
                json!({"response": format!("Scripted answer citing {l}."), "key_points": [], "evidence_cited": [l], "confidence": "high"})
            }
            None => {
                json!({"response": "Scripted answer without sources.", "evidence_cited": [], "confidence": "low"})
            }
        },
        "evaluator" => {
            let dims: Vec<Value> = ["accuracy", "relevance", "safety", "completeness"]
                .iter()
                .map(|d| json!({"dimension": d, "reasoning": "fine", "issues": [], "verdict": "pass"}))
                .collect();
            json!({"dimensions": dims, "feedback": [], "recommendation": "accept", "overall_verdict": "pass"})
        }
        "clarifier" => {
            json!({"questions": [{"question": "How did you feel that week?", "gap_addressed": "feeling", "options": ["good", "tired"]}], "context_explanation": "Your notes do not say.", "fallback_action": "answer without it"})
        }
        "parser" => {
            json!({"domain_data": {}, "tags": ["scripted"], "confidence": 0.5, "uncertain_fields": []})
        }
        "observer" => {
            json!({"should_update": true, "updates": [{"category": "fact", "key": "scripted fact", "value": "remembered from the scripted server", "confidence": "tentative", "source": "post_query"}]})
        }
        "doctor" => json!({"ok": true}),
        _ => json!({}),
    }
}

fn agent_of(system: &str) -> String {
    system
        .split("You are the ")
        .nth(1)
        .and_then(|rest| rest.split(" of vault-agent").next())
        .unwrap_or("")
        .to_lowercase()
}

async fn serve(mut stream: TcpStream, state: Arc<Mutex<State>>) -> std::io::Result<()> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            return Ok(());
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_string();
    let mut lines = head.lines();
    let first: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    let (method, path) = (
        first.first().copied().unwrap_or("").to_string(),
        first.get(1).copied().unwrap_or("").to_string(),
    );
    let headers: HashMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let body: Value = serde_json::from_slice(&buf[head_end..]).unwrap_or(Value::Null);
    let mut recorded = Recorded {
        method: method.clone(),
        path: path.clone(),
        headers,
        body,
        agent: String::new(),
        at: std::time::Instant::now(),
    };
    recorded.agent = agent_of(&recorded.system());

    let route = path.split('?').next().unwrap_or("").to_string();
    if state.lock().unwrap().hang_all {
        state.lock().unwrap().requests.push(recorded);
        tokio::time::sleep(Duration::from_secs(3600)).await;
        return Ok(());
    }
    if method == "GET" {
        let models = state.lock().unwrap().models.clone();
        state.lock().unwrap().requests.push(recorded);
        let listing = if route.ends_with("/api/tags") {
            json!({"models": models.iter().map(|m| json!({"name": m})).collect::<Vec<_>>()})
        } else {
            json!({"object": "list", "data": models.iter().map(|m| json!({"id": m})).collect::<Vec<_>>()})
        };
        return respond(&mut stream, 200, None, &listing.to_string()).await;
    }
    let wants_json_schema = recorded.body["response_format"]["type"] == "json_schema";
    let (reply, reject) = {
        let mut s = state.lock().unwrap();
        s.requests.push(recorded.clone());
        let reject = s.reject_json_schema && wants_json_schema;
        let convo = format!("{}\n{}", recorded.system(), recorded.conversation());
        let matched = s
            .matching
            .iter_mut()
            .filter(|(agent, needle, _)| {
                *agent == recorded.agent && convo.contains(needle.as_str())
            })
            .find_map(|(_, _, q)| q.pop_front());
        let reply = if reject {
            None
        } else if let Some(failure) = s.fail_all.clone() {
            Some(failure)
        } else {
            matched.or_else(|| {
                s.scripts
                    .get_mut(&recorded.agent)
                    .and_then(|q| q.pop_front())
            })
        };
        (reply, reject)
    };
    if reject {
        let body = json!({"detail": [{"loc": ["body", "response_format", "type"], "msg": "Input should be 'text' or 'json_object'", "input": "json_schema"}]});
        return respond(&mut stream, 500, None, &body.to_string()).await;
    }
    let reply = reply.unwrap_or_else(|| Reply::Json(default_output(&recorded.agent, &recorded)));
    let delay = state.lock().unwrap().delay_all;
    let reply = if delay > 0 {
        Reply::Delay(delay, Box::new(reply))
    } else {
        reply
    };
    {
        let mut st = state.lock().unwrap();
        st.in_flight += 1;
        st.max_in_flight = st.max_in_flight.max(st.in_flight);
        let agent = st
            .agent_in_flight
            .entry(recorded.agent.clone())
            .or_default();
        agent.0 += 1;
        agent.1 = agent.1.max(agent.0);
    }
    let result = play(&mut stream, &route, &recorded, reply).await;
    let mut st = state.lock().unwrap();
    st.in_flight -= 1;
    if let Some(agent) = st.agent_in_flight.get_mut(&recorded.agent) {
        agent.0 -= 1;
    }
    result
}

/// Plays one scripted reply.
async fn play(
    stream: &mut TcpStream,
    route: &str,
    recorded: &Recorded,
    mut reply: Reply,
) -> std::io::Result<()> {
    loop {
        match reply {
            Reply::Delay(ms, inner) => {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                reply = *inner;
            }
            Reply::Hang => {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                return Ok(());
            }
            Reply::Drop => return Ok(()),
            Reply::Huge(bytes, announced) => return huge(stream, bytes, announced).await,
            Reply::Status(code, retry_after, body) => {
                return respond(stream, code, retry_after, &body).await
            }
            Reply::Json(v) => return answer(stream, route, recorded, v.to_string(), false).await,
            Reply::Prose(text) => return answer(stream, route, recorded, text, false).await,
            Reply::Fenced(v) => {
                let text = format!("Here is the result:\n```json\n{v}\n```\nLet me know!");
                return answer(stream, route, recorded, text, false).await;
            }
            Reply::Truncated(v) => {
                let full = v.to_string();
                let cut = full[..full.len() / 2].to_string();
                return answer(stream, route, recorded, cut, true).await;
            }
        }
    }
}

/// Wraps the model's text in the wire format of the route.
async fn answer(
    stream: &mut TcpStream,
    route: &str,
    req: &Recorded,
    text: String,
    truncated: bool,
) -> std::io::Result<()> {
    let model = req.body["model"]
        .as_str()
        .unwrap_or("deployment")
        .to_string();
    let body = if route.ends_with("/api/chat") {
        json!({"model": model, "created_at": "2026-11-21T10:00:00Z", "message": {"role": "assistant", "content": text},
               "done": true, "done_reason": if truncated { "length" } else { "stop" }, "prompt_eval_count": 120, "eval_count": 30})
    } else if route.ends_with("/v1/messages") {
        let block = match serde_json::from_str::<Value>(&text) {
            Ok(input) if input.is_object() => {
                json!({"type": "tool_use", "id": "toolu_1", "name": format!("{}_output", req.agent), "input": input})
            }
            _ => json!({"type": "text", "text": text}),
        };
        json!({"id": "msg_1", "type": "message", "role": "assistant", "model": model, "content": [block],
               "stop_reason": if truncated { "max_tokens" } else { "tool_use" }, "usage": {"input_tokens": 120, "output_tokens": 30}})
    } else {
        json!({"id": "chatcmpl-1", "object": "chat.completion", "model": model,
               "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": if truncated { "length" } else { "stop" }}],
               "usage": {"prompt_tokens": 120, "completion_tokens": 30, "total_tokens": 150}})
    };
    respond(stream, 200, None, &body.to_string()).await
}

/// Streams an Ollama-shaped reply holding `bytes` of model output. Without `announced`,
/// no content-length: the client learns the size only by reading.
async fn huge(stream: &mut TcpStream, bytes: usize, announced: bool) -> std::io::Result<()> {
    let open = r#"{"model":"m","message":{"role":"assistant","content":""#;
    let close = r#""},"done":true}"#;
    let mut head =
        "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n".to_string();
    if announced {
        head.push_str(&format!(
            "content-length: {}\r\n",
            open.len() + bytes + close.len()
        ));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(open.as_bytes()).await?;
    let chunk = vec![b'x'; 64 * 1024];
    let mut left = bytes;
    while left > 0 {
        let n = left.min(chunk.len());
        // The client stops reading at its limit: the write then fails, and that is fine.
        stream.write_all(&chunk[..n]).await?;
        left -= n;
    }
    stream.write_all(close.as_bytes()).await?;
    stream.shutdown().await
}

async fn respond(
    stream: &mut TcpStream,
    status: u16,
    retry_after: Option<u64>,
    body: &str,
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        body.len()
    );
    if let Some(s) = retry_after {
        head.push_str(&format!("retry-after: {s}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    stream.shutdown().await
}
