//! Helpers for tests that run the binary against the scripted model server: the config
//! pointing at it, `process` with models, the sessions a run saved, the request data the
//! agents were sent, and the `--json` reports.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::llm_server::{Recorded, ScriptedLlm};

/// The agents a question calls (the Parser belongs to log entries).
pub const QUESTION_AGENTS: [&str; 8] = [
    "router",
    "planner",
    "retriever",
    "analyzer",
    "clarifier",
    "synthesizer",
    "evaluator",
    "observer",
];

/// A config.yaml with every agent on the scripted server's Ollama endpoint, fast backoff,
/// and `extra` YAML lines under `llm:` (each indented by two spaces by the caller).
pub fn model_config_with(server: &ScriptedLlm, extra: &str) -> String {
    format!(
        "llm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  retry: {{ backoff_ms: 5 }}\n{extra}",
        server.base()
    )
}

/// [`model_config_with`] with the Retriever model picking the tool calls.
pub fn model_config(server: &ScriptedLlm) -> String {
    model_config_with(server, "  retriever: { mode: llm }\n")
}

/// A `vault-agent` command that uses the models of the vault's config.
pub fn with_models(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(args)
        .env_remove("VAULT_AGENT_PROVIDER")
        .env_remove("VAULT_AGENT_VAULT");
    cmd
}

/// Runs `cmd`, asserts it exits 0, and returns stdout and stderr joined.
pub fn ok(cmd: &mut Command) -> String {
    let out = cmd.output().expect("binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    text
}

/// `vault-agent process VAULT EXTRA...` with models; asserts exit 0; stdout + stderr.
pub fn process_with_models(v: &Path, extra: &[&str]) -> String {
    ok(with_models(&["process", v.to_str().unwrap()]).args(extra))
}

/// `vault-agent --json --vault VAULT ARGS...` with models: the one JSON document printed.
pub fn json_with_models(v: &Path, args: &[&str]) -> Value {
    let out = with_models(&["--json", "--vault", v.to_str().unwrap()])
        .args(args)
        .output()
        .expect("binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Model calls per question agent.
pub fn question_calls(server: &ScriptedLlm) -> Vec<(String, usize)> {
    QUESTION_AGENTS
        .iter()
        .map(|a| (a.to_string(), server.calls(a).len()))
        .collect()
}

/// How many calls `agent` got in a [`question_calls`] list.
pub fn count(calls: &[(String, usize)], agent: &str) -> usize {
    calls
        .iter()
        .find(|(a, _)| a == agent)
        .map_or(0, |(_, n)| *n)
}

/// Every saved session of the vault, oldest first.
pub fn sessions(v: &Path) -> Vec<Value> {
    let dir = v.join(".vault-agent/sessions");
    let mut out: Vec<Value> = std::fs::read_dir(&dir)
        .map(|d| {
            d.flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
                .map(|e| serde_json::from_slice(&std::fs::read(e.path()).unwrap()).unwrap())
                .collect()
        })
        .unwrap_or_default();
    out.sort_by_key(|s: &Value| s["created"].as_i64());
    out
}

/// The session of the question itself (not one of its parts).
pub fn main_session(v: &Path) -> Value {
    sessions(v)
        .into_iter()
        .find(|s| s["parent"].is_null())
        .expect("a session for the question")
}

/// The states a saved session went through.
pub fn path_of(session: &Value) -> Vec<String> {
    session["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// The JSON report `process --json` prints (the first JSON document of its output).
pub fn report_of(out: &str) -> Value {
    let start = out.find('{').unwrap();
    serde_json::Deserializer::from_str(&out[start..])
        .into_iter::<Value>()
        .next()
        .unwrap()
        .unwrap()
}

/// The input data a request carries (between the prompt's markers).
pub fn input_of(call: &Recorded) -> Value {
    let convo = call.conversation();
    let start = convo.find("<<<INPUT\n").unwrap() + "<<<INPUT\n".len();
    let end = convo.find("\nINPUT>>>").unwrap();
    serde_json::from_str(&convo[start..end]).unwrap()
}

/// The text of the first answer callout in a note (its header and `>` lines).
pub fn answer_callout(note: &str) -> Option<String> {
    let start = note.find("> [!answer] vault-agent")?;
    Some(
        note[start..]
            .lines()
            .take_while(|l| l.starts_with('>'))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}
