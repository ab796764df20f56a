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
    let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args([
            "--vault",
            vault.to_str().unwrap(),
            "serve",
            "--addr",
            "127.0.0.1:0",
        ])
        .args(extra)
        .env("VAULT_AGENT_PROVIDER", "offline")
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
