//! `vault-agent serve`: the HTTP API on loopback, with token and body-size limits.

mod support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

use support::*;

struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(vault: &std::path::Path, extra: &[&str]) -> Server {
    spawn(vault, extra, true)
}

/// Starts `serve` on the vault; `offline`: with the offline engine, else with the models of
/// the vault's config.
fn spawn(vault: &std::path::Path, extra: &[&str], offline: bool) -> Server {
    let mut command = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    if offline {
        command.env("VAULT_AGENT_PROVIDER", "offline");
    } else {
        command.env_remove("VAULT_AGENT_PROVIDER");
    }
    let mut child = command
        .args([
            "--vault",
            vault.to_str().unwrap(),
            "serve",
            "--addr",
            "127.0.0.1:0",
        ])
        .args(extra)
        .env_remove("VAULT_AGENT_TOKEN")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .trim()
        .rsplit(':')
        .next()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    Server { child, port }
}

/// One HTTP/1.1 request; returns (status, body).
fn request(port: u16, method: &str, path: &str, body: &str, token: Option<&str>) -> (u16, String) {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    let auth = token
        .map(|t| format!("authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: {}\r\n{auth}connection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response.split(' ').nth(1).unwrap().parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn input_ask_and_context_over_http() {
    let vault = temp_sample();
    let server = start(vault.path(), &[]);
    assert_eq!(request(server.port, "GET", "/health", "", None).0, 200);
    let (status, body) = request(
        server.port,
        "POST",
        "/input",
        r#"{"text": "slept 6h, mood 5/10"}"#,
        None,
    );
    assert_eq!(status, 200, "{body}");
    assert!(
        body.contains(r#""type":"log""#) && body.contains("logged_to"),
        "{body}"
    );
    let (status, body) = request(
        server.port,
        "POST",
        "/ask",
        r#"{"question": "what is my best bench?"}"#,
        None,
    );
    assert_eq!(status, 200);
    assert!(body.contains("Your best bench press"), "{body}");
    let (status, body) = request(server.port, "GET", "/context", "", None);
    assert_eq!(status, 200);
    assert!(
        body.is_empty() || body.contains("# Global context"),
        "{body}"
    );
    let big = format!(r#"{{"text": "{}"}}"#, "x".repeat(100_000));
    assert_eq!(request(server.port, "POST", "/input", &big, None).0, 413);
}

#[test]
fn a_token_is_required_when_set_and_open_addresses_need_one() {
    let vault = temp_sample();
    let server = start(vault.path(), &["--token", "s3cret"]);
    assert_eq!(request(server.port, "GET", "/context", "", None).0, 401);
    assert_eq!(
        request(server.port, "GET", "/context", "", Some("wrong")).0,
        401
    );
    assert_eq!(
        request(server.port, "GET", "/context", "", Some("s3cret")).0,
        200
    );
    let out = run(&[
        "--vault",
        vault.path().to_str().unwrap(),
        "serve",
        "--addr",
        "0.0.0.0:0",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("without --token"));
}

/// Questions asked at the same time are answered at the same time: one client's slow
/// model call does not hold the others back.
#[test]
fn concurrent_questions_do_not_wait_for_each_others_model_calls() {
    use support::llm_server::ScriptedLlm;
    let llm = ScriptedLlm::start();
    let vault = question_vault(&format!(
        "llm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  retry: {{ backoff_ms: 5 }}\n",
        llm.base()
    ));
    // Everything parsed (and the note's question answered) before the server starts.
    let out = run(&["process", vault.path().to_str().unwrap()]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let server = spawn(vault.path(), &[], false);
    let ask = |port: u16| {
        request(
            port,
            "POST",
            "/ask",
            r#"{"question": "how far did I run yesterday?"}"#,
            None,
        )
    };
    // One question alone: how many calls it has in flight at once.
    llm.delay_all(400);
    let calls_before = llm.requests().len();
    let (status, body) = ask(server.port);
    assert_eq!(status, 200, "{body}");
    let alone = llm.max_in_flight();
    assert!(
        llm.requests().len() > calls_before,
        "the question did not reach the model"
    );
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let port = server.port;
            std::thread::spawn(move || ask(port))
        })
        .collect();
    for client in clients {
        let (status, body) = client.join().unwrap();
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("answer"), "{body}");
    }
    assert!(
        llm.max_in_flight() > alone,
        "three clients' model calls never overlapped (at most {} in flight, {} for one question alone)",
        llm.max_in_flight(),
        alone
    );
}

#[test]
fn a_correction_over_http_says_what_it_changed_as_the_cli_does() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let yesterday = chrono::Local::now().date_naive() - chrono::Duration::days(1);
    let note = format!("Daily/{}.md", yesterday.format("%Y-%m-%d"));
    write(v, &note, "## 10:30\nbench 3x5 @ 85kg\n");
    process(v);
    let server = start(v, &[]);
    let (status, body) = request(
        server.port,
        "POST",
        "/input",
        r#"{"text": "actually it was 82.5kg"}"#,
        None,
    );
    assert_eq!(status, 200, "{body}");
    let reply: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(reply["type"], "correction", "{body}");
    assert_eq!(
        reply["said"],
        format!(
            "corrected bench press on {}: 85 -> 82.5 kg (noted in {note})",
            yesterday.format("%b %-d")
        ),
        "{body}"
    );
    assert!(read(v, &note).contains("Correction: bench press weight (10:30): 85 -> 82.5 kg"));
}
