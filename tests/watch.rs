//! `vault-agent watch` end to end: a real watcher on a temp vault.

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use support::*;

/// A running `watch` that is killed when the test ends, even when it fails.
struct Watcher(std::process::Child);

impl Watcher {
    /// Sends Ctrl-C (SIGINT) and asserts a clean exit (code 0) within `limit`.
    fn interrupt(&mut self, limit: Duration, why: &str) {
        let status = Command::new("kill")
            .args(["-INT", &self.0.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        let exited = wait_for(|| matches!(self.0.try_wait(), Ok(Some(_))), limit);
        assert!(exited, "{why}");
        assert_eq!(self.0.wait().unwrap().code(), Some(0));
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[cfg(unix)]
#[test]
fn watch_answers_an_appended_question_and_keeps_edits_made_meanwhile() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 400\n",
    );
    write(
        v,
        "Daily/2026-11-20.md",
        "## 07:00 Run\neasy run 6 km in 33 min\n",
    );
    let note = "Daily/2026-11-21.md";
    write(v, note, "## 08:00\nslept 7h\n");

    let logs = tempfile::tempdir().unwrap();
    let log_path = logs.path().join("watch.log");
    let mut child = Watcher(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["-vv", "watch", v.to_str().unwrap()])
            .env("VAULT_AGENT_PROVIDER", "offline")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log_path).unwrap())
            .spawn()
            .unwrap(),
    );
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let started = rx
        .recv_timeout(Duration::from_secs(20))
        .expect("watch prints its start line");
    assert!(started.starts_with("watching"), "{started}");

    // The person types a question, then keeps editing (an editor-style rename save).
    let mut text = read(v, note);
    text.push_str("? how far did I run yesterday\n");
    write(v, note, &text);
    std::thread::sleep(Duration::from_millis(150));
    let edited = format!("# Saturday\n{text}- stretched 10 min\n");
    write(v, "Daily/.2026-11-21.md.tmp", &edited);
    std::fs::rename(v.join("Daily/.2026-11-21.md.tmp"), v.join(note)).unwrap();

    let answered = wait_for(
        || callout_count(&read(v, note)) == 1,
        Duration::from_secs(20),
    );
    let after = read(v, note);
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    assert!(
        answered,
        "no answer within 20 s:\n{after}\nwatch log:\n{log}"
    );
    assert_eq!(assert_only_callouts_added(&edited, &after), 1);
    assert!(after.contains("[[2026-11-20#07:00 Run]]"), "{after}");

    // A later edit is kept and does not produce a second answer.
    let later = format!("{after}more notes\n");
    write(v, note, &later);
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(read(v, note), later);

    // Ctrl-C stops cleanly with exit code 0.
    child.interrupt(Duration::from_secs(10), "watch did not stop on SIGINT");
}

#[cfg(unix)]
#[test]
fn watch_catches_up_on_start_with_questions_written_while_it_was_off() {
    let vault = temp_sample();
    write(
        vault.path(),
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 200\n",
    );
    let _child = Watcher(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", vault.path().to_str().unwrap()])
            .env("VAULT_AGENT_PROVIDER", "offline")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let note = "Daily/2026-11-21.md";
    let done = wait_for(
        || callout_count(&read(vault.path(), note)) == 6,
        Duration::from_secs(30),
    );
    assert!(done, "{}", read(vault.path(), note));
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_a_slow_model_call_stops_at_once_and_writes_nothing() {
    let server = support::llm_server::ScriptedLlm::start();
    server.script("router", [support::llm_server::Reply::Hang]);
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let config = format!(
        "watch:\n  debounce_ms: 200\nllm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  timeout_s: 120\n",
        server.base()
    );
    write(v, ".vault-agent/config.yaml", config);
    let note = "Daily/2026-11-21.md";
    let text = "## 08:00\nslept 7h\n\n? how did I sleep\n";
    write(v, note, text);
    let mut child = Watcher(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", v.to_str().unwrap()])
            .env_remove("VAULT_AGENT_PROVIDER")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    assert!(
        wait_for(
            || !server.calls("router").is_empty(),
            Duration::from_secs(20)
        ),
        "the question reached the model"
    );
    child.interrupt(
        Duration::from_secs(5),
        "watch waited for the model instead of stopping",
    );
    // The pending callout under the question stays (the next start resumes the work);
    // nothing else was written.
    let after = read(v, note);
    let pending: String = after
        .get(text.len()..)
        .unwrap_or_default()
        .split_inclusive('\n')
        .take_while(|l| l.starts_with('>'))
        .collect();
    assert!(
        pending.is_empty() || pending.starts_with("> [!answer]- vault-agent · working…"),
        "{after}"
    );
    let expected = if pending.is_empty() {
        text.to_string()
    } else {
        format!("{text}{pending}\n")
    };
    assert_eq!(after, expected, "nothing half-written");
}

#[cfg(unix)]
#[test]
fn watch_starts_when_a_folder_cannot_be_read_and_names_it() {
    use std::os::unix::fs::PermissionsExt;
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 200\n",
    );
    write(v, "Private/diary.md", "## 08:00\nnot for you\n");
    let note = "Daily/2026-11-21.md";
    write(v, note, "## 08:00\nslept 7h\n");
    let logs = tempfile::tempdir().unwrap();
    let log_path = logs.path().join("watch.log");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(["watch", v.to_str().unwrap()])
        .env("VAULT_AGENT_PROVIDER", "offline")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log_path).unwrap());
    if !unprivileged(&mut cmd, v) {
        return;
    }
    let private = v.join("Private");
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o000)).unwrap();
    let mut child = Watcher(cmd.spawn().unwrap());
    let stdout = child.0.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let started = rx.recv_timeout(Duration::from_secs(20));
    std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o755)).unwrap();
    let log = std::fs::read_to_string(&log_path).unwrap_or_default();
    let started = started.unwrap_or_else(|_| panic!("watch did not start:\n{log}"));
    assert!(started.starts_with("watching"), "{started}");
    assert!(
        log.contains("Private") && log.contains("permissions"),
        "the folder is named with what to do: {log}"
    );

    // The other folders are watched: a question saved there is answered.
    write(v, note, "## 08:00\nslept 7h\n\n? how long did I sleep\n");
    let answered = wait_for(
        || callout_count(&read(v, note)) == 1,
        Duration::from_secs(20),
    );
    assert!(answered, "{}", read(v, note));
    // A folder created while watching is watched too (its second question as well).
    let new = "Projects/plan.md";
    std::fs::create_dir(v.join("Projects")).unwrap();
    hand_over(&v.join("Projects"));
    std::thread::sleep(Duration::from_millis(300));
    write(v, new, "# Plan\n? how long did I sleep\n");
    hand_over(&v.join(new));
    let first = wait_for(
        || callout_count(&read(v, new)) == 1,
        Duration::from_secs(20),
    );
    assert!(first, "{}", read(v, new));
    let text = format!("{}? how long did I sleep on 2026-11-21\n", read(v, new));
    write(v, new, &text);
    let second = wait_for(
        || callout_count(&read(v, new)) == 2,
        Duration::from_secs(20),
    );
    assert!(second, "{}", read(v, new));
    child.interrupt(Duration::from_secs(10), "watch did not stop on SIGINT");
}
