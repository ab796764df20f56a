//! Living questions (`?? …`) end to end: the answer follows the log as it grows, is not
//! rewritten when nothing changed, stops once the person edits it, and a recurring
//! question gets a dated answer for its period.

mod support;

use support::*;

/// Runs on Nov 2, 4 and 6, 2026 (`km` each) and the question in the Nov 21 daily note.
fn vault(question: &str, km: [f64; 3]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    for (day, km) in [2, 4, 6].iter().zip(km) {
        write(
            v,
            &format!("Daily/2026-11-{day:02}.md"),
            format!("## 07:00 Run\neasy run {km} km\n"),
        );
    }
    write(v, "Daily/2026-11-21.md", format!("## 10:00\n{question}\n"));
    dir
}

fn note(v: &tempfile::TempDir) -> String {
    read(v.path(), "Daily/2026-11-21.md")
}

fn log_run(v: &tempfile::TempDir, day: u32, km: f64) {
    write(
        v.path(),
        &format!("Daily/2026-11-{day:02}.md"),
        format!("## 07:00 Run\nlong run {km} km\n"),
    );
}

#[test]
fn a_living_answer_follows_the_log_and_says_what_changed() {
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    process(v.path());
    let first = note(&v);
    assert!(
        first.contains("> [!answer] vault-agent · as of "),
        "{first}"
    );
    assert!(first.contains("**19.5 km**"), "{first}");
    assert!(first.contains("Kept current"), "{first}");
    // A new run this month: the same callout, now with the new total and the change.
    log_run(&v, 9, 8.2);
    let (stdout, _) = process(v.path());
    assert!(
        stdout.contains("1 living answer brought up to date"),
        "{stdout}"
    );
    let second = note(&v);
    assert!(second.contains("**27.7 km**"), "{second}");
    assert!(second.contains("> _+8.2 km since "), "{second}");
    assert!(!second.contains("**19.5 km**"), "{second}");
    assert_eq!(callout_count(&second), 1);
    assert_eq!(strip_callouts(&second), strip_callouts(&first));
    // Nothing changed: not rewritten, byte for byte.
    process(v.path());
    assert_eq!(note(&v), second);
    // A run outside its period (October) changes nothing either.
    write(
        v.path(),
        "Daily/2026-10-30.md",
        "## 07:00 Run\neasy run 4 km\n",
    );
    let (stdout, _) = process(v.path());
    assert!(!stdout.contains("living answer"), "{stdout}");
    assert_eq!(note(&v), second);
}

#[test]
fn a_hand_edit_inside_the_living_callout_stops_its_updates() {
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    process(v.path());
    let edited = note(&v).replace("**19.5 km**", "**19.5 km** (my note: plus a walk)");
    write(v.path(), "Daily/2026-11-21.md", &edited);
    log_run(&v, 9, 8.2);
    process(v.path());
    assert_eq!(note(&v), edited, "the person's callout was rewritten");
}

#[test]
fn deleting_the_living_callout_asks_again() {
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    process(v.path());
    write(
        v.path(),
        "Daily/2026-11-21.md",
        "## 10:00\n?? how far have I run this month\n",
    );
    log_run(&v, 9, 8.2);
    process(v.path());
    let again = note(&v);
    assert!(
        again.contains("**27.7 km**") && again.contains("as of"),
        "{again}"
    );
    assert_eq!(callout_count(&again), 1);
}

#[test]
fn a_recurring_question_gets_a_dated_answer_for_its_period() {
    let v = vault("?? every Sunday: how far did I run", [5.0, 6.5, 8.0]);
    process(v.path());
    let text = note(&v);
    let today = chrono::Local::now().date_naive();
    let sunday = today
        - chrono::Duration::days(chrono::Datelike::weekday(&today).num_days_from_sunday() as i64);
    assert!(
        text.contains(&format!("<!-- vault-agent every {sunday} -->")),
        "{text}"
    );
    assert_eq!(callout_count(&text), 1);
    // The same period: no second answer.
    process(v.path());
    assert_eq!(note(&v), text);
}

#[test]
fn a_new_period_adds_its_answer_above_the_last_ones() {
    let old = "> [!answer] vault-agent · 2026-11-01 20:00\n> **13 km** in all.\n> <!-- vault-agent every 2026-11-01 -->\n";
    let v = vault("?? every Sunday: how far did I run", [5.0, 6.5, 8.0]);
    let before = format!("## 10:00\n?? every Sunday: how far did I run\n{old}\nmy own line\n");
    write(v.path(), "Daily/2026-11-21.md", &before);
    process(v.path());
    let text = note(&v);
    assert_eq!(callout_count(&text), 2, "{text}");
    assert_eq!(assert_only_callouts_added(&before, &text), 1);
    // The newest first, right under the question; the older one kept as it was.
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[2].starts_with("> [!answer] vault-agent"), "{text}");
    assert!(text.contains(old));
    let newest = text.find("<!-- vault-agent every ").unwrap();
    assert!(newest < text.find(old).unwrap(), "{text}");
}

#[test]
fn a_model_answer_is_asked_again_only_once_its_interval_has_passed() {
    use support::llm_server::ScriptedLlm;
    use support::models::{model_config_with, process_with_models};
    use vault_agent::vault::callout::{Callout, CalloutKind};
    use vault_agent::vault::living;
    let server = ScriptedLlm::start();
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    write(
        v.path(),
        ".vault-agent/config.yaml",
        model_config_with(&server, ""),
    );
    process_with_models(v.path(), &[]);
    let first = note(&v);
    assert!(
        first.contains("as of") && first.contains("Scripted answer"),
        "{first}"
    );
    let asked = server.calls("synthesizer").len();
    assert!(asked >= 1);
    // A new run within the day: the model is not asked again, the callout stays.
    log_run(&v, 9, 8.2);
    process_with_models(v.path(), &[]);
    assert_eq!(server.calls("synthesizer").len(), asked);
    assert_eq!(note(&v), first);
    // A living answer last written two days ago is asked again and rewritten.
    let old = Callout {
        kind: CalloutKind::Answer,
        stamp: chrono::Local::now().naive_local() - chrono::Duration::days(2),
        title: None,
        body: "**19.5 km** of running this month.".into(),
        sources: vec!["[[2026-11-06]]".into()],
    };
    let words = living::Words {
        as_of: "as of {stamp}",
        kept: "_Kept current._",
    };
    let text = format!(
        "## 10:00\n?? how far have I run this month\n{}",
        living::render(&old, None, words, living::Engine::Model)
    );
    write(v.path(), "Daily/2026-11-21.md", &text);
    log_run(&v, 11, 3.0);
    process_with_models(v.path(), &[]);
    assert!(server.calls("synthesizer").len() > asked);
    let again = note(&v);
    assert!(
        !again.contains("19.5 km") && again.contains("Scripted answer"),
        "{again}"
    );
    assert_eq!(callout_count(&again), 1);
}

#[test]
fn with_the_model_down_the_offline_answer_follows_the_log_and_the_model_takes_over_when_back() {
    use support::llm_server::ScriptedLlm;
    use support::models::{model_config_with, process_with_models};
    // The default provider (Ollama) configured on a port nobody listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", closed.local_addr().unwrap());
    drop(closed);
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    let config =
        format!("llm:\n  providers:\n    ollama: {{ api_base: \"{base}\" }}\n  retry: {{ backoff_ms: 5 }}\n");
    write(v.path(), ".vault-agent/config.yaml", &config);
    process_with_models(v.path(), &[]);
    let first = note(&v);
    assert!(
        first.contains("**19.5 km**") && first.contains("without a model"),
        "{first}"
    );
    // A run logged a minute later: the offline engine's answer follows it on the next pass.
    log_run(&v, 9, 8.2);
    let out = process_with_models(v.path(), &[]);
    assert!(out.contains("1 living answer brought up to date"), "{out}");
    let second = note(&v);
    assert!(second.contains("**27.7 km**"), "{second}");
    assert!(second.contains("> _+8.2 km since "), "{second}");
    assert_eq!(callout_count(&second), 1);
    // The model is back: the next refresh asks it.
    let server = ScriptedLlm::start();
    write(
        v.path(),
        ".vault-agent/config.yaml",
        model_config_with(&server, ""),
    );
    log_run(&v, 11, 3.0);
    process_with_models(v.path(), &[]);
    assert!(!server.calls("synthesizer").is_empty());
    let third = note(&v);
    assert!(third.contains("Scripted answer"), "{third}");
    assert_eq!(callout_count(&third), 1);
}

#[cfg(unix)]
#[test]
fn watch_keeps_a_living_answer_current_as_runs_are_logged() {
    use std::process::{Command, Stdio};
    let v = vault("?? how far have I run this month", [5.0, 6.5, 8.0]);
    write(
        v.path(),
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 300\n",
    );
    let logs = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["watch", v.path().to_str().unwrap()])
        .env("VAULT_AGENT_PROVIDER", "offline")
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(logs.path().join("watch.log")).unwrap())
        .spawn()
        .unwrap();
    let answered = wait_for(
        || note(&v).contains("**19.5 km**"),
        std::time::Duration::from_secs(30),
    );
    // A run logged while watching: the living answer follows.
    log_run(&v, 9, 8.2);
    let followed = answered
        && wait_for(
            || note(&v).contains("**27.7 km**"),
            std::time::Duration::from_secs(30),
        );
    let _ = child.kill();
    let _ = child.wait();
    let text = note(&v);
    assert!(answered && followed, "{text}");
    assert!(text.contains("_+8.2 km since "), "{text}");
    assert_eq!(callout_count(&text), 1);
}
