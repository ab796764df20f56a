//! A `process` killed with kill -9 in the middle of a pass: the rerun finishes the work and
//! repeats at most the model calls that were in flight, with no duplicate answer.

mod support;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use support::llm_server::ScriptedLlm;
use support::*;

/// Days of runs and sleep, a question on each of the last days: entries to parse and
/// questions to answer, each costing model calls.
fn busy_vault(base: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        format!("llm:\n  providers:\n    ollama: {{ api_base: \"{base}\" }}\n  retry: {{ backoff_ms: 10 }}\n  timeout_s: 10\n  max_concurrency: 2\n"),
    );
    for day in 10..22 {
        let mut text = format!(
            "## 07:00 Run\neasy run {} km\n\n## 22:00\nslept 7h\n",
            day % 5 + 3
        );
        if day >= 16 {
            text.push_str("\n? how far did I run this week\n");
        }
        write(v, &format!("Daily/2026-11-{day}.md"), text);
    }
    dir
}

fn model_calls(server: &ScriptedLlm) -> usize {
    server
        .requests()
        .iter()
        .filter(|r| r.method == "POST")
        .count()
}

fn process_cmd(v: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(["process", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_VAULT")
        .env_remove("VAULT_AGENT_PROVIDER")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    cmd
}

#[cfg(unix)]
#[test]
fn a_killed_process_is_resumed_repeating_only_the_calls_in_flight() {
    // Every call done in full once, for the count.
    let reference = ScriptedLlm::start();
    let whole = busy_vault(&reference.base());
    assert!(process_cmd(whole.path()).status().unwrap().success());
    let total = model_calls(&reference);

    let server = ScriptedLlm::start();
    server.delay_all(100);
    let dir = busy_vault(&server.base());
    let v = dir.path();
    let mut child = process_cmd(v).spawn().unwrap();
    let started = Instant::now();
    while model_calls(&server) < total / 2 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let before_kill = model_calls(&server);
    assert!(
        v.join(".vault-agent/state.json").exists(),
        "progress is saved as the pass goes"
    );
    assert!(before_kill < total, "the pass ended before the kill");

    let rerun = ScriptedLlm::start();
    std::fs::write(
        v.join(".vault-agent/config.yaml"),
        std::fs::read_to_string(v.join(".vault-agent/config.yaml"))
            .unwrap()
            .replace(&server.base(), &rerun.base()),
    )
    .unwrap();
    assert!(process_cmd(v).status().unwrap().success());
    let repeated = (before_kill + model_calls(&rerun)).saturating_sub(total);
    let in_flight = 2; // max_concurrency
    assert!(
        repeated <= in_flight,
        "{repeated} of the {before_kill} calls made before the kill were made again (total {total})"
    );
    for day in 16..22 {
        let note = read(v, &format!("Daily/2026-11-{day}.md"));
        assert_eq!(callout_count(&note), 1, "{note}");
    }
    let temps: Vec<String> = files(v, &[])
        .into_iter()
        .filter(|f| f.contains(".vault-agent-") && f.ends_with(".tmp"))
        .collect();
    assert!(temps.is_empty(), "{temps:?}");
}

/// What a write killed between creating its temp file and renaming it leaves behind.
#[test]
fn temp_files_left_by_a_killed_write_are_removed_at_the_next_start() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, "Daily/2026-11-20.md", "## 07:00\nran 5 km\n");
    write(
        v,
        "Daily/.vault-agent-a1B2c3.tmp",
        "## 07:00\nran 5 km\n\n> [!answer]",
    );
    write(v, ".vault-agent/.vault-agent-Zz9yX8.tmp", "{\"version\": 1");
    write(v, ".vault-agent/sessions/.vault-agent-q1w2e3.tmp", "{");
    write(
        v,
        ".vault-agent/.vault-agent-n3w4nd.tmp",
        "a write under way",
    );
    // The person's own files that merely look alike stay.
    write(v, "Daily/.vault-agent-notes.tmp", "mine");
    write(v, "Daily/vault-agent-a1B2c3.tmp", "mine");
    let long_ago = std::time::SystemTime::now() - Duration::from_secs(3600);
    for rel in [
        ".vault-agent/.vault-agent-Zz9yX8.tmp",
        ".vault-agent/sessions/.vault-agent-q1w2e3.tmp",
    ] {
        let file = std::fs::File::options()
            .write(true)
            .open(v.join(rel))
            .unwrap();
        file.set_modified(long_ago).unwrap();
    }
    process(v);
    let left: Vec<String> = files(v, &[])
        .into_iter()
        .filter(|f| f.contains(".tmp"))
        .collect();
    assert_eq!(
        left,
        [
            ".vault-agent/.vault-agent-n3w4nd.tmp",
            "Daily/.vault-agent-notes.tmp",
            "Daily/vault-agent-a1B2c3.tmp"
        ],
        "only leftovers of ours are removed (a young one in the agent folder may be a write under way)"
    );
}
