//! `vault-agent mcp` through the protocol: an MCP client (rmcp's) starts the binary on a
//! temp copy of the sample vault, lists the tools and calls each with good and bad
//! arguments, checking the answers against the command line and the notes against what
//! `log` says it wrote.

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use rmcp::model::{CallToolRequestParams, CallToolResult, ReadResourceRequestParams};
use rmcp::service::RunningService;
use rmcp::transport::{ConfigureCommandExt, TokioChildProcess};
use rmcp::{RoleClient, ServiceExt};
use serde_json::{json, Value};

type Client = RunningService<RoleClient, ()>;

/// Starts `vault-agent mcp VAULT` as a client would (offline: no model server is reached).
async fn start(vault: &Path) -> Client {
    let command = tokio::process::Command::new(env!("CARGO_BIN_EXE_vault-agent")).configure(|c| {
        c.arg("mcp")
            .arg(vault)
            .env_remove("VAULT_AGENT_VAULT")
            .env("VAULT_AGENT_PROVIDER", "offline")
            .env("VAULT_AGENT_LOG", "vault_agent=error");
    });
    let transport = TokioChildProcess::new(command).expect("the server starts");
    ().serve(transport).await.expect("the session starts")
}

async fn call(client: &Client, tool: &str, args: Value) -> CallToolResult {
    let Value::Object(args) = args else {
        panic!("arguments are an object")
    };
    client
        .call_tool(CallToolRequestParams::new(tool.to_string()).with_arguments(args.clone()))
        .await
        .unwrap_or_else(|e| panic!("{tool} {args:?}: a protocol error instead of a result: {e}"))
}

/// The structured content of a successful call.
fn ok(result: &CallToolResult) -> &Value {
    assert_ne!(result.is_error, Some(true), "{result:?}");
    result
        .structured_content
        .as_ref()
        .unwrap_or_else(|| panic!("no structured content: {result:?}"))
}

/// The text of a call's first content block.
fn text(result: &CallToolResult) -> String {
    result
        .content
        .first()
        .and_then(|c| c.as_text())
        .map(|t| t.text.clone())
        .unwrap_or_default()
}

/// Every note of the vault and its text, but the agent's own memory (`global-context.md`,
/// which the Observer keeps up to date as the command line does too).
fn notes(vault: &Path) -> BTreeMap<String, String> {
    support::files(vault, &[".obsidian", ".vault-agent"])
        .into_iter()
        .filter(|rel| rel.ends_with(".md") && !rel.starts_with("global-context"))
        .map(|rel| {
            let text = support::read(vault, &rel);
            (rel, text)
        })
        .collect()
}

#[tokio::test]
async fn lists_the_five_tools_with_their_argument_schemas() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let tools = client.list_all_tools().await.unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        ["ask", "context", "log", "records", "search_entries"]
    );
    let schema = |name: &str| {
        let tool = tools.iter().find(|t| t.name == name).unwrap();
        Value::Object(tool.input_schema.as_ref().clone())
    };
    assert_eq!(schema("ask")["required"], json!(["question"]));
    assert_eq!(schema("log")["required"], json!(["text"]));
    for (tool, args) in [
        ("ask", vec!["question", "date"]),
        (
            "search_entries",
            vec!["query", "from", "to", "domain", "limit"],
        ),
        (
            "records",
            vec!["activity", "measure", "from", "to", "limit"],
        ),
        ("log", vec!["text", "date"]),
    ] {
        let s = schema(tool);
        for arg in args {
            assert!(
                s["properties"][arg]["description"].is_string(),
                "{tool}.{arg} is documented: {s}"
            );
        }
        assert_eq!(s["additionalProperties"], json!(false), "{tool}");
    }
    let ask = tools.iter().find(|t| t.name == "ask").unwrap();
    let out = Value::Object(ask.output_schema.as_ref().unwrap().as_ref().clone());
    for field in ["answer", "figures", "sources", "period", "engine"] {
        assert!(out["properties"][field].is_object(), "ask returns {field}");
    }
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn ask_answers_as_the_command_line_does_with_figures_and_period() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let question = "how far did I run in November 2026?";
    let result = call(&client, "ask", json!({"question": question})).await;
    let v = ok(&result).clone();
    client.cancel().await.unwrap();
    let cli = support::run(&[
        "ask",
        "--json",
        "--vault",
        vault.path().to_str().unwrap(),
        question,
    ]);
    assert!(cli.status.success());
    let cli: Value = serde_json::from_slice(&cli.stdout).unwrap();
    assert_eq!(
        v["answer"], cli["answer"],
        "the same answer as `vault-agent ask`"
    );
    assert_eq!(v["sources"], cli["sources"]);
    assert_eq!(v["engine"], "offline");
    assert_eq!(v["figures"], json!(["79.8 km"]));
    assert_eq!(v["period"]["start"], "2026-11-01");
    assert_eq!(v["period"]["end"], "2026-11-30");
    let shown = text(&result);
    assert!(shown.starts_with("**79.8 km**"), "{shown}");
    assert!(shown.contains("Sources: [[2026-11-21]]"), "{shown}");
}

#[tokio::test]
async fn ask_reads_relative_dates_from_the_given_day() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let result = call(
        &client,
        "ask",
        json!({"question": "how far did I run yesterday?", "date": "2026-11-22"}),
    )
    .await;
    let v = ok(&result);
    assert_eq!(v["period"]["start"], "2026-11-21", "{v}");
    assert_eq!(v["period"]["end"], "2026-11-21");
    assert_eq!(v["figures"], json!(["5 km"]), "{v}");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn records_are_one_row_per_lift_and_run_and_add_up_like_ask() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let squats = call(
        &client,
        "records",
        json!({"activity": "squat", "from": "2026-11-16", "to": "2026-11-20"}),
    )
    .await;
    let v = ok(&squats);
    let rows = v["rows"].as_array().unwrap();
    let shape: Vec<(&str, i64, i64, i64)> = rows
        .iter()
        .map(|r| {
            (
                r["date"].as_str().unwrap(),
                r["weight"].as_i64().unwrap(),
                r["reps"].as_i64().unwrap(),
                r["sets"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        shape,
        [("2026-11-16", 255, 5, 3), ("2026-11-20", 245, 5, 3)],
        "{v}"
    );
    assert_eq!(rows[1]["link"], "[[2026-11-20#17:30 Gym]]");
    assert_eq!(rows[1]["note"], "Daily/2026-11-20.md");

    let runs = call(
        &client,
        "records",
        json!({"activity": "run", "measure": "distance", "from": "2026-11-01", "to": "2026-11-30"}),
    )
    .await;
    let v = ok(&runs);
    let total: f64 = v["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["distance_km"].as_f64().unwrap())
        .sum();
    assert!(
        (total - 79.8).abs() < 1e-9,
        "the runs add up to ask's 79.8 km: {total}"
    );
    assert_eq!(v["total"], 10);
    assert_eq!(v["truncated"], false);

    let newest = call(
        &client,
        "records",
        json!({"activity": "running", "limit": 2}),
    )
    .await;
    let v = ok(&newest);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["rows"].as_array().unwrap().len(), 2);
    assert_eq!(
        v["rows"][1]["date"], "2026-11-21",
        "the newest rows are kept"
    );
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn search_entries_finds_dated_entries_with_their_data() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let found = call(
        &client,
        "search_entries",
        json!({"query": "squat", "from": "2026-11-16", "to": "2026-11-20"}),
    )
    .await;
    let v = ok(&found);
    let entries = v["entries"].as_array().unwrap();
    assert!(!entries.is_empty(), "{v}");
    for e in entries {
        let date = e["date"].as_str().unwrap();
        assert!(("2026-11-16"..="2026-11-20").contains(&date), "{e}");
        assert!(
            e["text"].as_str().unwrap().to_lowercase().contains("squat"),
            "{e}"
        );
        assert!(e["link"].as_str().unwrap().starts_with("[["), "{e}");
        assert!(e["data"]["strength"]["exercises"].is_array(), "{e}");
    }

    let runs = call(
        &client,
        "search_entries",
        json!({"domain": "running", "limit": 3}),
    )
    .await;
    let v = ok(&runs);
    let entries = v["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(v["more"], true);
    assert_eq!(
        entries[0]["date"], "2026-11-21",
        "newest first without a query"
    );
    assert!(entries.iter().all(|e| e["data"]["running"].is_object()));
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn bad_arguments_are_tool_errors_naming_the_argument_and_change_nothing() {
    let vault = support::temp_sample();
    let before = notes(vault.path());
    let client = start(vault.path()).await;
    let cases = [
        ("ask", json!({}), "question"),
        ("ask", json!({"question": 42}), "question"),
        ("ask", json!({"question": "   "}), "question"),
        (
            "ask",
            json!({"question": "how far?", "date": "last tuesday"}),
            "date",
        ),
        (
            "ask",
            json!({"question": "how far?", "when": "today"}),
            "when",
        ),
        ("search_entries", json!({"limit": 0}), "limit"),
        ("search_entries", json!({"limit": "ten"}), "limit"),
        ("search_entries", json!({"domain": "knitting"}), "domain"),
        (
            "search_entries",
            json!({"from": "2026-11-20", "to": "2026-11-01"}),
            "from",
        ),
        ("records", json!({"activity": "curling"}), "activity"),
        ("records", json!({"measure": "furlongs"}), "measure"),
        ("records", json!({"to": "2026-13-01"}), "to"),
        ("log", json!({}), "text"),
        ("log", json!({"text": ""}), "text"),
        ("log", json!({"text": "ran 5k\u{0}"}), "text"),
        (
            "log",
            json!({"text": "ran 5k", "date": "2999-01-01"}),
            "date",
        ),
    ];
    for (tool, args, arg) in cases {
        let result = call(&client, tool, args.clone()).await;
        assert_eq!(result.is_error, Some(true), "{tool} {args}: {result:?}");
        let message = text(&result);
        assert!(
            message.contains(&format!("`{arg}`")),
            "{tool} {args}: the error names `{arg}`: {message}"
        );
    }
    client.cancel().await.unwrap();
    assert_eq!(notes(vault.path()), before, "no note changed");
}

#[tokio::test]
async fn log_writes_only_what_it_says_where_it_says() {
    let vault = support::temp_sample();
    let before = notes(vault.path());
    let client = start(vault.path()).await;
    let result = call(
        &client,
        "log",
        json!({"text": "ran 3 km in 16:30", "date": "2026-11-21"}),
    )
    .await;
    let v = ok(&result).clone();
    assert_eq!(v["kind"], "log");
    assert_eq!(v["logged_to"], "Daily/2026-11-21.md");
    let section = v["section"].as_str().unwrap();
    let written = v["written"].as_str().unwrap();
    assert_eq!(written, format!("## {section}\nran 3 km in 16:30"));
    assert_eq!(v["link"], format!("[[2026-11-21#{section}]]"));
    assert!(text(&result).contains(written));

    let after = notes(vault.path());
    for (rel, old) in &before {
        if rel != "Daily/2026-11-21.md" {
            assert_eq!(&after[rel], old, "{rel} is unchanged");
        }
    }
    assert_eq!(after.len(), before.len(), "no note was created");
    let old = &before["Daily/2026-11-21.md"];
    let new = &after["Daily/2026-11-21.md"];
    assert!(new.starts_with(old.as_str()), "the note's text is kept");
    assert_eq!(
        new[old.len()..].trim(),
        written,
        "only the section was added"
    );

    // The new run is in the records at once.
    let runs = call(
        &client,
        "records",
        json!({"activity": "run", "from": "2026-11-21", "to": "2026-11-21"}),
    )
    .await;
    let mut distances: Vec<f64> = ok(&runs)["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["distance_km"].as_f64().unwrap())
        .collect();
    // The new section is stamped with the time of day it was logged: before or after the
    // morning run depending on when the test runs.
    distances.sort_by(f64::total_cmp);
    assert_eq!(distances, [3.0, 5.0]);

    // A question is answered and writes nothing.
    let asked = call(
        &client,
        "log",
        json!({"text": "how far did I run on 2026-11-21?"}),
    )
    .await;
    let v = ok(&asked);
    assert_eq!(v["kind"], "query", "{v}");
    assert!(v.get("logged_to").is_none());
    assert_eq!(v["answer"]["figures"], json!(["8 km"]), "{v}");
    assert_eq!(notes(vault.path()), after, "a question writes nothing");
    client.cancel().await.unwrap();
}

#[tokio::test]
async fn a_log_without_a_date_goes_to_today_and_shows_in_the_today_resource() {
    let vault = support::temp_sample();
    let client = start(vault.path()).await;
    let resources = client.list_all_resources().await.unwrap();
    let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(uris, ["vault://daily/today", "vault://global-context"]);

    let result = call(&client, "log", json!({"text": "drank 2 glasses of water"})).await;
    let v = ok(&result);
    let today = chrono::Local::now().date_naive();
    assert_eq!(v["logged_to"], format!("Daily/{today}.md"));

    let read = client
        .read_resource(ReadResourceRequestParams::new("vault://daily/today"))
        .await
        .unwrap();
    let body = serde_json::to_value(&read.contents[0]).unwrap();
    assert!(
        body["text"]
            .as_str()
            .unwrap()
            .contains("drank 2 glasses of water"),
        "{body}"
    );
    assert_eq!(
        body["text"].as_str().unwrap(),
        support::read(vault.path(), &format!("Daily/{today}.md"))
    );

    let context = call(&client, "context", json!({})).await;
    assert_ne!(context.is_error, Some(true));
    assert!(!text(&context).is_empty());
    let missing = client
        .read_resource(ReadResourceRequestParams::new("vault://../etc/passwd"))
        .await;
    assert!(missing.is_err(), "an unknown resource is refused");
    client.cancel().await.unwrap();
}

#[cfg(unix)]
#[tokio::test]
async fn notes_that_lead_out_of_the_vault_are_not_read() {
    let vault = support::temp_sample();
    let secret = tempfile::tempdir().unwrap();
    support::write(secret.path(), "secret.md", "top secret");
    let client = start(vault.path()).await;
    // Made into symlinks that lead out once the server runs (the config check at startup
    // cannot see them).
    let today = chrono::Local::now().date_naive();
    let today_note = vault.path().join(format!("Daily/{today}.md"));
    let _ = std::fs::remove_file(&today_note);
    std::os::unix::fs::symlink(secret.path().join("secret.md"), &today_note).unwrap();
    let context_note = vault.path().join("global-context.md");
    let _ = std::fs::remove_file(&context_note);
    std::os::unix::fs::symlink(secret.path().join("secret.md"), &context_note).unwrap();

    let context = call(&client, "context", json!({})).await;
    assert_eq!(context.is_error, Some(true), "{context:?}");
    assert!(text(&context).contains("outside the vault"), "{context:?}");
    for uri in ["vault://global-context", "vault://daily/today"] {
        let read = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await;
        assert!(read.is_err(), "{uri}: {read:?}");
        assert!(!format!("{read:?}").contains("top secret"));
    }
    let logged = call(&client, "log", json!({"text": "ran 2 km"})).await;
    assert_eq!(logged.is_error, Some(true), "{logged:?}");
    client.cancel().await.unwrap();
    assert_eq!(support::read(secret.path(), "secret.md"), "top secret");
}

#[cfg(unix)]
#[tokio::test]
async fn notes_that_lead_into_the_agents_folder_are_refused_naming_them() {
    let vault = support::temp_sample();
    let config = "# api_key: sk-secret\n";
    support::write(vault.path(), ".vault-agent/config.yaml", config);
    let client = start(vault.path()).await;
    let today = chrono::Local::now().date_naive();
    let today_rel = format!("Daily/{today}.md");
    let today_note = vault.path().join(&today_rel);
    let _ = std::fs::remove_file(&today_note);
    std::os::unix::fs::symlink(vault.path().join(".vault-agent/config.yaml"), &today_note).unwrap();
    let context_note = vault.path().join("global-context.md");
    let _ = std::fs::remove_file(&context_note);
    std::os::unix::fs::symlink(vault.path().join(".vault-agent/config.yaml"), &context_note)
        .unwrap();

    let context = call(&client, "context", json!({})).await;
    assert_eq!(context.is_error, Some(true), "{context:?}");
    assert!(text(&context).contains("global-context.md"), "{context:?}");
    assert!(text(&context).contains(".vault-agent"), "{context:?}");
    for uri in ["vault://global-context", "vault://daily/today"] {
        let read = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await;
        assert!(read.is_err(), "{uri}: {read:?}");
        assert!(
            !format!("{read:?}").contains("sk-secret"),
            "{uri}: {read:?}"
        );
    }
    let logged = call(&client, "log", json!({"text": "ran 2 km"})).await;
    assert_eq!(logged.is_error, Some(true), "{logged:?}");
    assert!(text(&logged).contains(&today_rel), "{logged:?}");
    client.cancel().await.unwrap();
    assert_eq!(
        support::read(vault.path(), ".vault-agent/config.yaml"),
        config
    );
    // The next run still loads its config, and says which note leads there.
    let out = support::run(&["process", vault.path().to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("global-context.md"), "{stderr}");
}

/// Starts `vault-agent mcp` on a vault whose model hangs, sends `ask`, and returns the
/// child once the call is in flight.
fn mcp_with_a_call_in_flight(vault: &Path) -> std::process::Child {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .arg("mcp")
        .arg(vault)
        .env_remove("VAULT_AGENT_VAULT")
        .env_remove("VAULT_AGENT_PROVIDER")
        .env("VAULT_AGENT_LOG", "vault_agent=error")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let stdin = child.stdin.as_mut().unwrap();
    for message in [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "ask", "arguments": {"question": "how far did I run yesterday"}}}),
    ] {
        writeln!(stdin, "{message}").unwrap();
    }
    stdin.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_secs(2));
    child
}

#[test]
fn the_server_exits_when_its_client_closes_stdin_or_stdout_mid_call() {
    let server = support::llm_server::ScriptedLlm::start();
    server.hang_all();
    let config = format!(
        "llm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  timeout_s: 120\n",
        server.base()
    );
    for closed in ["stdin", "stdout"] {
        let vault = support::question_vault(&config);
        let mut child = mcp_with_a_call_in_flight(vault.path());
        match closed {
            "stdin" => drop(child.stdin.take()),
            _ => drop(child.stdout.take()),
        }
        let exited = support::wait_for(
            || child.try_wait().unwrap().is_some(),
            std::time::Duration::from_secs(10),
        );
        if !exited {
            let _ = child.kill();
            let _ = child.wait();
        }
        assert!(
            exited,
            "still running 10 s after the client closed {closed}"
        );
    }
}

/// Starts `vault-agent mcp` on `vault` (offline), writes `messages` to it, one a line, and
/// returns the replies it writes (one JSON-RPC message a line) until `replies` came or
/// 60 s passed.
fn raw_session(vault: &Path, messages: Vec<String>, replies: usize) -> Vec<Value> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    let mut child = support::KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .arg("mcp")
            .arg(vault)
            .env_remove("VAULT_AGENT_VAULT")
            .env("VAULT_AGENT_PROVIDER", "offline")
            .env("VAULT_AGENT_LOG", "vault_agent=error")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut stdin = child.0.stdin.take().unwrap();
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    // Written on a thread of its own: a server that stops reading must not hang the test.
    let writer = std::thread::spawn(move || {
        for message in messages {
            if stdin.write_all(message.as_bytes()).is_err() || stdin.write_all(b"\n").is_err() {
                return;
            }
        }
        let _ = stdin.flush();
        // Kept open until the replies are read: closing it would end the session.
        std::thread::sleep(std::time::Duration::from_secs(60));
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let mut got = Vec::new();
    while got.len() < replies {
        let left = deadline.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => got.push(serde_json::from_str(&line).expect("a reply is JSON")),
            Err(_) => break,
        }
    }
    drop(writer);
    got
}

#[test]
fn a_request_too_large_to_read_gets_an_error_naming_the_limit_and_the_next_is_answered() {
    let vault = support::temp_sample();
    let before = notes(vault.path());
    let huge = "ran 5 km ".repeat(17 * 1024 * 1024 / 9 + 1);
    let messages = [
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {
            "name": "log", "arguments": {"text": huge}}}),
        json!({"jsonrpc": "2.0", "id": "three", "method": "tools/list"}),
    ]
    .iter()
    .map(Value::to_string)
    .collect();
    let replies = raw_session(vault.path(), messages, 3);
    // Every request is answered once; JSON-RPC lets the replies come in any order.
    let reply = |id: Value| {
        let of: Vec<&Value> = replies.iter().filter(|r| r["id"] == id).collect();
        assert_eq!(of.len(), 1, "one reply to {id}: {replies:?}");
        of[0].clone()
    };
    assert!(reply(json!(1))["result"].is_object(), "{replies:?}");
    let refused = &reply(json!(2))["error"];
    let message = refused["message"].as_str().unwrap_or_default();
    assert!(message.contains("64 KiB"), "the limit is named: {refused}");
    let listed = reply(json!("three"));
    assert!(
        listed["result"]["tools"]
            .as_array()
            .is_some_and(|t| t.len() == 5),
        "the server goes on: {listed:?}"
    );
    assert_eq!(notes(vault.path()), before, "nothing is written");
}
