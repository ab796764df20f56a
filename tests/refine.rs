//! Questions first, model parsing afterwards: a pass answers from the rules' reading, then
//! the model Parser refines the new entries, resumably, with the count of what still waits
//! in `process` output and `doctor`. End to end over the scripted model server.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::*;

const QUESTION_NOTE: &str = "Daily/2026-11-21.md";

fn config(base: &str, concurrency: usize) -> String {
    format!(
        "llm:\n  providers:\n    ollama: {{ api_base: \"{base}\" }}\n  retry: {{ backoff_ms: 5 }}\n  timeout_s: 5\n  max_concurrency: {concurrency}\n"
    )
}

/// The question vault plus `days` daily notes of four entries each (the days before).
fn busy_vault(config: &str, days: u32) -> (tempfile::TempDir, usize) {
    let dir = question_vault(config);
    for d in 1..=days {
        let mut note = String::new();
        for h in [7, 12, 18, 21] {
            note.push_str(&format!("## {h:02}:00\nwalked {} minutes\n\n", d * 3 + h));
        }
        write(dir.path(), &format!("Daily/2026-10-{d:02}.md"), note);
    }
    // The question vault's own two entries.
    let entries = days as usize * 4 + 2;
    (dir, entries)
}

/// Lets the notes just written grow older than the watch's 200 ms debounce: a note saved
/// less than that ago is one the person may still be typing, and the catch-up leaves it to
/// the watch loop.
fn settle_past_debounce() {
    std::thread::sleep(Duration::from_millis(400));
}

fn process_cmd(v: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(["process", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_VAULT")
        .env_remove("VAULT_AGENT_PROVIDER");
    cmd
}

fn ok_process(v: &Path) -> String {
    let out = process_cmd(v).output().unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    text
}

/// `doctor --json` of the vault (its exit code says whether the provider works, not asked).
fn doctor(v: &Path, envs: &[(&str, &str)]) -> Value {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(["--json", "doctor", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_VAULT")
        .env_remove("VAULT_AGENT_PROVIDER");
    for (k, val) in envs {
        cmd.env(k, val);
    }
    let out = cmd.output().unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stdout)))
}

fn slow_parse(ms: u64) -> Reply {
    Reply::Delay(
        ms,
        Box::new(Reply::Json(
            json!({"domain_data": {}, "tags": ["refined"], "confidence": 0.9, "uncertain_fields": []}),
        )),
    )
}

/// How many records the model refined (their parser names the model).
fn refined_records(v: &Path) -> usize {
    let db = vault_agent::vault::db::RecordDb::open(&v.join(".vault-agent/index.db")).unwrap();
    let (start, end) = ("2000-01-01".parse().unwrap(), "2100-01-01".parse().unwrap());
    db.between(start, end)
        .unwrap()
        .iter()
        .filter(|r| r.parser.contains("(ollama)"))
        .count()
}

#[test]
fn the_question_is_answered_before_the_entries_are_parsed_by_the_model() {
    let server = ScriptedLlm::start();
    let (dir, entries) = busy_vault(&config(&server.base(), 2), 10);
    let v = dir.path();
    server.script("parser", (0..entries).map(|_| slow_parse(150)));
    let child = process_cmd(v)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Watch the note as a person would: the answer appears while parsing is under way.
    let started = Instant::now();
    let parses_when_answered = loop {
        if read(v, QUESTION_NOTE).contains("> [!answer] vault-agent") {
            break server.calls("parser").len();
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no answer written"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        parses_when_answered < entries / 2,
        "the answer was written after {parses_when_answered} of {entries} parses"
    );
    // The question's calls all came before the first Parser call.
    let requests = server.requests();
    let first_parse = requests.iter().position(|r| r.agent == "parser").unwrap();
    let last_question_call = requests
        .iter()
        .rposition(|r| ["router", "planner", "analyzer", "synthesizer"].contains(&r.agent.as_str()))
        .unwrap();
    assert!(
        last_question_call < first_parse,
        "{last_question_call} vs {first_parse}"
    );
    // `process` still refines every entry before it exits, and says so.
    assert_eq!(server.calls("parser").len(), entries);
    assert_eq!(refined_records(v), entries);
    assert!(
        stdout.contains(&format!(
            "refined {entries} of {entries} entries with the model"
        )),
        "{stdout}"
    );
    assert!(!stdout.contains("reading when it is reachable"), "{stdout}");
}

#[test]
fn a_killed_refinement_resumes_with_only_the_entries_not_yet_refined() {
    let server = ScriptedLlm::start();
    let (dir, entries) = busy_vault(&config(&server.base(), 2), 10);
    let v = dir.path();
    server.script("parser", (0..entries * 2).map(|_| slow_parse(100)));
    let mut child = process_cmd(v)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while server.calls("parser").len() < 10 {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "no parse calls"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let sent_before = server.calls("parser").len();
    assert!(sent_before < entries, "killed too late: {sent_before}");
    assert!(read(v, QUESTION_NOTE).contains("> [!answer] vault-agent"));

    let waiting = doctor(v, &[])["awaiting_model"].as_u64().unwrap() as usize;
    let refined = refined_records(v);
    assert!(refined > 0, "the first run kept what it refined");
    assert_eq!(
        waiting + refined,
        entries,
        "every entry is refined or waiting"
    );

    let out = ok_process(v);
    let sent_again = server.calls("parser").len() - sent_before;
    // Calls cut off by the kill are sent again; nothing refined is.
    assert!(
        sent_again <= waiting,
        "{sent_again} parse calls for {waiting} waiting entries"
    );
    assert!(sent_again + 2 >= waiting, "{sent_again} of {waiting}");
    assert!(
        out.contains(&format!("of {waiting} entries with the model")),
        "{out}"
    );
    assert_eq!(refined_records(v), entries);
    assert_eq!(doctor(v, &[])["awaiting_model"], 0);
    assert_eq!(
        callout_count(&read(v, QUESTION_NOTE)),
        1,
        "the question is not answered again"
    );
}

#[test]
fn with_the_model_down_entries_keep_waiting_without_a_warning_each() {
    // A port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let (dir, entries) = busy_vault(&config(&base, 2), 5);
    let v = dir.path();
    let out = ok_process(v);
    assert!(read(v, QUESTION_NOTE).contains("> [!answer] vault-agent"));
    assert!(
        out.contains(&format!(
            "{entries} entries get the model's reading when it is reachable"
        )),
        "{out}"
    );
    let warnings = out.lines().filter(|l| l.contains("WARN")).count();
    assert!(warnings <= 3, "{warnings} warnings:\n{out}");
    assert_eq!(doctor(v, &[])["awaiting_model"], entries);

    // Once a model answers, the next run refines them.
    let server = ScriptedLlm::start();
    write(v, ".vault-agent/config.yaml", config(&server.base(), 2));
    let out = ok_process(v);
    assert_eq!(server.calls("parser").len(), entries, "{out}");
    assert_eq!(doctor(v, &[])["awaiting_model"], 0);
}

#[test]
fn offline_nothing_waits_for_a_model() {
    let dir = temp_sample();
    let v = dir.path();
    let (stdout, _) = process(v);
    assert!(!stdout.contains("with the model"), "{stdout}");
    assert!(!stdout.contains("awaiting"), "{stdout}");
    let report = doctor(v, &[("VAULT_AGENT_PROVIDER", "offline")]);
    assert_eq!(report["awaiting_model"], 0, "{report}");
}

#[cfg(unix)]
#[test]
fn watch_answers_a_new_question_while_parser_calls_hang() {
    use std::io::{BufRead, BufReader};
    let server = ScriptedLlm::start();
    let config = format!(
        "watch:\n  debounce_ms: 200\n{}",
        config(&server.base(), 2).replace("timeout_s: 5", "timeout_s: 120")
    );
    let (dir, _) = busy_vault(&config, 5);
    let v = dir.path();
    // Refinement never finishes a batch while the test runs.
    server.script("parser", (0..40).map(|_| Reply::Hang));
    settle_past_debounce();
    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", v.to_str().unwrap()])
            .env_remove("VAULT_AGENT_PROVIDER")
            .env_remove("VAULT_AGENT_VAULT")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let started = lines.next().unwrap().unwrap();
    assert!(started.starts_with("watching"), "{started}");
    assert!(
        read(v, QUESTION_NOTE).contains("> [!answer] vault-agent"),
        "the catch-up answered the question before refining"
    );
    assert!(
        wait_for(
            || server.calls("parser").len() >= 2,
            Duration::from_secs(20)
        ),
        "refinement started"
    );

    let note = "Daily/2026-11-22.md";
    write(v, note, "## 09:00\nslept 6h\n\n? how did I sleep\n");
    let answered = wait_for(
        || read(v, note).contains("> [!answer] vault-agent"),
        Duration::from_secs(20),
    );
    assert!(answered, "{}", read(v, note));
    assert_eq!(callout_count(&read(v, note)), 1);
}

#[test]
fn a_refined_record_keeps_the_correction_written_in_the_notes() {
    let server = ScriptedLlm::start();
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", config(&server.base(), 2));
    let day = chrono::Local::now().date_naive() - chrono::Duration::days(1);
    write(
        v,
        &format!("Daily/{}.md", day.format("%Y-%m-%d")),
        "## 10:30\nbench 3x5 @ 85kg\n\n## 11:00 [correction]\nactually it was 82.5kg\n",
    );
    ok_process(v);
    let records = day_records(v, &day.to_string());
    let bench = records
        .iter()
        .find(|r| r["heading"] == "10:30")
        .unwrap_or_else(|| panic!("{records:?}"));
    assert!(
        bench["parser"].as_str().unwrap().contains("(ollama)"),
        "refined by the model: {bench}"
    );
    assert_eq!(bench["tags"], json!(["scripted"]), "{bench}");
    let text = bench["domain_data"].to_string();
    assert!(
        text.contains("82.5") && !text.contains("85.0") && !text.contains(":85"),
        "{bench}"
    );
    assert_eq!(bench["corrections"].as_array().unwrap().len(), 1, "{bench}");
}

#[test]
fn the_same_text_twice_in_a_note_is_parsed_once_and_both_records_are_refined() {
    let server = ScriptedLlm::start();
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", config(&server.base(), 2));
    write(
        v,
        "Daily/2026-11-19.md",
        "## 08:00\nwalked 20 minutes\n\n## 17:00\nwalked 20 minutes\n",
    );
    ok_process(v);
    assert_eq!(server.calls("parser").len(), 1);
    let records = day_records(v, "2026-11-19");
    assert_eq!(records.len(), 2, "{records:?}");
    for r in &records {
        assert!(r["parser"].as_str().unwrap().contains("(ollama)"), "{r}");
    }
    assert_eq!(records[0]["timestamp"], "08:00");
    assert_eq!(records[1]["timestamp"], "17:00");
}

#[cfg(unix)]
#[test]
fn watch_refines_every_waiting_entry_in_the_background() {
    let server = ScriptedLlm::start();
    let config = format!("watch:\n  debounce_ms: 200\n{}", config(&server.base(), 2));
    let (dir, entries) = busy_vault(&config, 5);
    let v = dir.path();
    server.script("parser", (0..entries).map(|_| slow_parse(50)));
    settle_past_debounce();
    let _child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", v.to_str().unwrap()])
            .env_remove("VAULT_AGENT_PROVIDER")
            .env_remove("VAULT_AGENT_VAULT")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let done = wait_for(|| refined_records(v) == entries, Duration::from_secs(30));
    assert!(done, "{} of {entries} refined", refined_records(v));
    assert_eq!(
        server.calls("parser").len(),
        entries,
        "each entry parsed once"
    );
    assert_eq!(doctor(v, &[])["awaiting_model"], 0);
}
