//! Progress while a slow model works: `watch` against the scripted model server with one
//! second per call. A pending `working…` callout appears under the question shortly after
//! it is ready, shows the flow's stages, and ends as one answer; typing in the same note
//! meanwhile survives; deleting the question or the pending callout stops the calls; a
//! note renamed or moved meanwhile gets its answer at its new path; a run stopped mid-way
//! is resumed by the next one.

#![cfg(unix)]

mod support;

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::json;
use support::llm_server::{Reply, ScriptedLlm};
use support::models::QUESTION_AGENTS;
use support::*;

const NOTE: &str = "Daily/2026-11-21.md";
const QUESTION: &str = "how far did I run yesterday";
/// How long a note must be quiet before its questions are answered (the test config).
const DEBOUNCE: Duration = Duration::from_millis(300);
/// Every model call of the scripted server takes this long.
const CALL: u64 = 1000;

fn question_calls(server: &ScriptedLlm) -> usize {
    QUESTION_AGENTS.iter().map(|a| server.calls(a).len()).sum()
}

/// A vault with a run on Friday and a Saturday note without a question yet; models on the
/// scripted server.
fn slow_vault(server: &ScriptedLlm) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        "Daily/2026-11-20.md",
        "## 07:00 Run\neasy run 6 km in 33 min\n",
    );
    write(v, NOTE, "## 08:00\nslept 7h\n");
    write(
        v,
        ".vault-agent/config.yaml",
        format!(
            "watch:\n  debounce_ms: {}\nllm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  retriever: {{ mode: llm }}\n  retry: {{ backoff_ms: 5 }}\n",
            DEBOUNCE.as_millis(),
            server.base()
        ),
    );
    dir
}

/// A running `watch`, killed when the test ends (even when it fails).
struct Watch {
    child: Child,
    log: PathBuf,
    _logs: tempfile::TempDir,
}

impl Watch {
    /// Starts `watch` on `v` and waits until it watches.
    fn start(v: &Path) -> Watch {
        let logs = tempfile::tempdir().unwrap();
        let log = logs.path().join("watch.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["-v", "watch", v.to_str().unwrap()])
            .env_remove("VAULT_AGENT_PROVIDER")
            .env_remove("VAULT_AGENT_VAULT")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let watch = Watch {
            child,
            log,
            _logs: logs,
        };
        let started = rx.recv_timeout(Duration::from_secs(60));
        assert!(
            started.as_deref().is_ok_and(|l| l.starts_with("watching")),
            "watch did not start: {started:?}\n{}",
            watch.log()
        );
        watch
    }

    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills it at once (as a crash would).
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The stage a pending callout in `text` shows, if there is one.
fn pending_stage(text: &str) -> Option<String> {
    text.lines().find_map(|l| {
        l.strip_prefix("> [!answer]- vault-agent · working… · ")
            .map(str::to_string)
    })
}

/// Saves `text` the way editors do: a temp file renamed over the note.
fn save(v: &Path, text: &str) {
    let tmp = v.join("Daily/.2026-11-21.md.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, v.join(NOTE)).unwrap();
}

/// Polls the note every 100 ms until `done` says so or `limit` passes; returns whether it
/// did, and every distinct stage the pending callout showed (in order) with when each was
/// first seen.
fn follow(
    v: &Path,
    limit: Duration,
    mut done: impl FnMut(&str) -> bool,
) -> (bool, Vec<String>, Vec<Instant>) {
    let start = Instant::now();
    let (mut stages, mut seen) = (Vec::<String>::new(), Vec::new());
    while start.elapsed() < limit {
        let text = read(v, NOTE);
        if let Some(stage) = pending_stage(&text) {
            if stages.last() != Some(&stage) {
                stages.push(stage);
                seen.push(Instant::now());
            }
        }
        if done(&text) {
            return (true, stages, seen);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    (false, stages, seen)
}

fn answered(text: &str) -> bool {
    pending_stage(text).is_none() && callout_count(text) == 1
}

#[test]
fn a_slow_model_shows_its_stages_under_the_question_and_ends_as_one_answer() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    // Ready once the note has been quiet for the debounce time.
    let ready = Instant::now() + DEBOUNCE;
    let (done, stages, seen) = follow(v, Duration::from_secs(90), answered);
    let after = read(v, NOTE);
    assert!(done, "no answer:\n{after}\nwatch log:\n{}", watch.log());
    let first = *seen.first().expect("a pending callout was shown");
    let waited = first.saturating_duration_since(ready);
    assert!(
        waited <= Duration::from_millis(1500),
        "the pending callout came {waited:?} after the question was ready\n{}",
        watch.log()
    );
    eprintln!("pending callout {waited:?} after the question was ready; stages {stages:?}");
    assert!(
        stages.len() >= 3,
        "at least three stages were shown: {stages:?}"
    );
    // At most one write every 2 s (what polling sees may lag a write by a little).
    let gaps: Vec<Duration> = seen.windows(2).map(|w| w[1] - w[0]).collect();
    eprintln!("stage changes seen {gaps:?} apart");
    assert!(
        gaps.iter().all(|g| *g >= Duration::from_millis(1500)),
        "the callout changed faster than once every 2 s: {gaps:?}"
    );
    assert_eq!(assert_only_callouts_added(&asked, &after), 1);
    assert!(after.contains("> [!answer] vault-agent · "), "{after}");
    assert!(!after.contains("working…"), "{after}");
}

#[test]
fn a_second_question_shows_that_it_waits_for_the_first() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n? how long did I sleep\n", read(v, NOTE));
    save(v, &asked);
    let ready = Instant::now() + DEBOUNCE;
    let both = |t: &str| t.matches("> [!answer]- vault-agent · working…").count() == 2;
    let (waiting, _, _) = follow(v, Duration::from_secs(60), both);
    let seen = Instant::now().saturating_duration_since(ready);
    assert!(waiting, "{}\n{}", read(v, NOTE), watch.log());
    assert!(
        seen <= Duration::from_millis(1500),
        "both pending callouts only {seen:?} after ready"
    );
    assert!(read(v, NOTE).contains("· working… · waiting for the question before it"));
    let (done, _, _) = follow(v, Duration::from_secs(90), |t| {
        pending_stage(t).is_none() && callout_count(t) == 2
    });
    let after = read(v, NOTE);
    assert!(done, "{after}\n{}", watch.log());
    assert_eq!(assert_only_callouts_added(&asked, &after), 2);
}

#[test]
fn typing_in_the_note_while_the_model_works_survives_byte_for_byte() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    // The person's text as they mean it: the question, then lines typed while it is worked
    // on, each saved over whatever the note holds then (pending callout included).
    let mut person = asked.clone();
    let mut typed = 0;
    let mut last_save = Instant::now();
    let (done, stages, _) = follow(v, Duration::from_secs(90), |text| {
        if pending_stage(text).is_some()
            && typed < 5
            && last_save.elapsed() >= Duration::from_millis(700)
        {
            typed += 1;
            let line = format!("typed while waiting {typed}: ü “quotes”\n");
            person.push_str(&line);
            save(v, &format!("{text}{line}"));
            last_save = Instant::now();
            return false;
        }
        typed == 5 && answered(text)
    });
    let after = read(v, NOTE);
    assert!(
        done,
        "typed {typed} lines, stages {stages:?}:\n{after}\nwatch log:\n{}",
        watch.log()
    );
    assert_eq!(assert_only_callouts_added(&person, &after), 1);
}

/// Starts a slow run, waits for its pending callout, lets `withdraw` change the note, and
/// checks that no model call is made afterwards and nothing is written.
fn withdrawing_stops_the_calls(withdraw: impl Fn(&str) -> String) {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    let (shown, stages, _) = follow(v, Duration::from_secs(60), |t| pending_stage(t).is_some());
    assert!(shown, "no pending callout:\n{}", watch.log());
    // A person sees the callout before deleting it (one gone at once after our write is
    // taken for an editor saving over it, and written again).
    let left = withdraw(&settled(v, Duration::from_millis(1300)));
    save(v, &left);
    let withdrawn = Instant::now();
    // The note is looked at twice a second; a call already sent may still finish.
    std::thread::sleep(Duration::from_millis(2500));
    let calls = question_calls(&server);
    std::thread::sleep(Duration::from_millis(4 * CALL));
    assert_eq!(
        question_calls(&server),
        calls,
        "calls went on after the question was withdrawn {:?} ago (stages {stages:?})\n{}",
        withdrawn.elapsed(),
        watch.log()
    );
    assert!(
        calls < 7,
        "the whole flow ran ({calls} calls) instead of stopping"
    );
    assert_eq!(read(v, NOTE), left, "nothing is written after withdrawing");
}

#[test]
fn a_pending_callout_saved_over_by_a_stale_editor_comes_back_and_the_answer_lands() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    let (shown, _, _) = follow(v, Duration::from_secs(60), |t| pending_stage(t).is_some());
    assert!(shown, "no pending callout:\n{}", watch.log());
    // An editor that had not loaded our write saves its older text over it at once.
    save(v, &asked);
    let (done, _, _) = follow(v, Duration::from_secs(60), answered);
    let after = read(v, NOTE);
    assert!(done, "{after}\n{}", watch.log());
    assert_eq!(assert_only_callouts_added(&asked, &after), 1);
}

/// The note once it has not changed for `calm`.
fn settled(v: &Path, calm: Duration) -> String {
    let (mut text, mut since) = (read(v, NOTE), Instant::now());
    while since.elapsed() < calm {
        std::thread::sleep(Duration::from_millis(50));
        let now = read(v, NOTE);
        if now != text {
            (text, since) = (now, Instant::now());
        }
    }
    text
}

#[test]
fn deleting_the_question_mid_run_stops_the_model_calls() {
    withdrawing_stops_the_calls(|text| text.replace(&format!("? {QUESTION}\n"), ""));
}

#[test]
fn deleting_the_pending_callout_mid_run_stops_the_model_calls() {
    withdrawing_stops_the_calls(|text| {
        let question = format!("? {QUESTION}\n");
        let at = text.find(&question).unwrap() + question.len();
        let callout_end = text[at..]
            .split_inclusive('\n')
            .take_while(|l| l.starts_with('>'))
            .map(str::len)
            .sum::<usize>();
        format!("{}{}", &text[..at], &text[at + callout_end..])
    });
}

#[test]
fn lines_typed_into_a_pending_callout_are_kept_below_the_answer_that_replaces_it() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    let (shown, _, _) = follow(v, Duration::from_secs(60), |t| pending_stage(t).is_some());
    assert!(shown, "no pending callout:\n{}", watch.log());
    let edited = read(v, NOTE).replacen("> Started", "> (my note: ask the coach) Started", 1);
    save(v, &edited);
    let (answered, _, _) = follow(v, Duration::from_secs(60), |t| {
        pending_stage(t).is_none() && t.contains("Scripted answer")
    });
    assert!(
        answered,
        "the answer replaced the callout:\n{}",
        watch.log()
    );
    let note = read(v, NOTE);
    let typed = edited
        .lines()
        .find(|l| l.contains("my note: ask the coach"))
        .unwrap();
    assert!(note.starts_with(&asked), "{note}");
    assert_eq!(callout_count(&note), 1, "{note}");
    let (answer_at, typed_at) = (note.find("Scripted answer"), note.find(typed));
    assert!(
        answer_at.is_some() && typed_at > answer_at,
        "the typed line is kept below the answer:\n{note}"
    );
}

#[test]
fn the_reply_to_our_questions_gets_a_pending_callout_too() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    server.script(
        "analyzer",
        [Reply::Json(json!({
            "query_intent": "how far",
            "findings": [],
            "gaps_identified": [{"description": "which run the person means", "gap_type": "subjective", "severity": "critical"}],
            "verdict_reasoning": "only the person knows",
            "verdict": "insufficient"
        }))],
    );
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    save(v, &format!("{}? {QUESTION}\n", read(v, NOTE)));
    let (asked, _, _) = follow(v, Duration::from_secs(60), |t| {
        pending_stage(t).is_none() && t.contains("> [!question] vault-agent")
    });
    assert!(asked, "no clarifying question:\n{}", watch.log());
    let replied = format!("{}! the easy one\n", read(v, NOTE));
    save(v, &replied);
    let (done, stages, _) = follow(v, Duration::from_secs(60), |t| {
        pending_stage(t).is_none() && callout_count(t) == 2
    });
    let after = read(v, NOTE);
    assert!(done, "{after}\n{}", watch.log());
    assert!(!stages.is_empty(), "a pending callout under the reply");
    assert_eq!(assert_only_callouts_added(&replied, &after), 1);
    let answer = after.find("> [!answer] vault-agent").unwrap();
    assert!(after[..answer].ends_with("! the easy one\n"), "{after}");
}

/// `process` on the vault with models (the next start after a crash).
fn process(v: &Path) -> (String, String, i32) {
    output(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["process", v.to_str().unwrap()])
            .env_remove("VAULT_AGENT_PROVIDER")
            .env_remove("VAULT_AGENT_VAULT"),
    )
}

/// Kills `watch` once the pending callout shows a stage after planning (the calls before
/// it are paid for); returns the note as the person left it and as the crash left it.
fn crash_mid_run(server: &ScriptedLlm, v: &Path) -> (String, String) {
    let mut watch = Watch::start(v);
    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    let (reading, stages, _) = follow(v, Duration::from_secs(60), |t| {
        pending_stage(t)
            .is_some_and(|s| !["understanding the question", "planning"].contains(&s.as_str()))
    });
    assert!(reading, "stages {stages:?}\n{}", watch.log());
    watch.kill();
    let planned = server.calls("planner").len();
    assert_eq!(planned, 1, "planned before the crash: {stages:?}");
    (asked, read(v, NOTE))
}

#[test]
fn a_run_stopped_mid_way_is_resumed_by_the_next_start_without_paying_again() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let (asked, left) = crash_mid_run(&server, v);
    assert!(pending_stage(&left).is_some(), "{left}");

    let (out, err, code) = process(v);
    assert_eq!(code, 0, "{out}{err}");
    let after = read(v, NOTE);
    assert!(answered(&after), "{after}\n{err}");
    assert!(after.contains("> [!answer] vault-agent · "), "{after}");
    assert_eq!(server.calls("router").len(), 1, "routed once");
    assert_eq!(server.calls("planner").len(), 1, "planned once");
    assert_eq!(assert_only_callouts_added(&asked, &after), 1);
}

#[test]
fn a_pending_callout_whose_work_is_lost_becomes_a_failure_that_says_what_to_do() {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let (_, left) = crash_mid_run(&server, v);
    std::fs::remove_dir_all(v.join(".vault-agent/sessions")).unwrap();
    let calls = question_calls(&server);

    let (out, err, code) = process(v);
    assert_eq!(code, 0, "{out}{err}");
    let after = read(v, NOTE);
    assert_eq!(question_calls(&server), calls, "no model call for it");
    assert!(pending_stage(&after).is_none(), "{after}");
    assert_eq!(callout_count(&after), 1, "{after}");
    assert!(after.contains("> [!failure] vault-agent · "), "{after}");
    assert!(
        after.contains("delete this callout to ask again"),
        "{after}"
    );
    let question = format!("? {QUESTION}\n");
    let at = left.find(&question).unwrap() + question.len();
    assert!(after[at..].starts_with("> [!failure]"), "in place: {after}");
}

#[test]
fn ask_shows_no_spinner_off_a_terminal_or_with_json() {
    let server = ScriptedLlm::start();
    server.delay_all(200);
    let vault = slow_vault(&server);
    let v = vault.path();
    for json in [false, true] {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
        cmd.args(["ask", "--vault", v.to_str().unwrap(), QUESTION])
            .env_remove("VAULT_AGENT_PROVIDER");
        if json {
            cmd.arg("--json");
        }
        let (out, err, code) = output(&mut cmd);
        assert_eq!(code, 0, "{out}{err}");
        assert!(out.contains("Scripted answer"), "{out}");
        for stage in ["planning", "checking the answer", "\r"] {
            assert!(!err.contains(stage), "{stage:?} on stderr: {err}");
        }
    }
}

#[test]
fn ask_on_a_terminal_shows_the_stages_on_one_rewritten_stderr_line() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no `script` to give ask a terminal");
        return;
    }
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let bin = env!("CARGO_BIN_EXE_vault-agent");
    // `script` runs ask on a pseudo-terminal; stdout goes to a file so only stderr (the
    // spinner) and the terminal's echo reach the typescript.
    let answer = v.join("answer.txt");
    let typescript = v.join("typescript");
    let inner = format!(
        "{bin} ask --vault '{}' '{QUESTION}' > '{}'",
        v.display(),
        answer.display()
    );
    let status = Command::new("script")
        .args(["-qec", &inner, typescript.to_str().unwrap()])
        .env_remove("VAULT_AGENT_PROVIDER")
        .env("TERM", "xterm")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success());
    let screen = std::fs::read_to_string(&typescript).unwrap();
    let printed = std::fs::read_to_string(&answer).unwrap();
    assert!(printed.contains("Scripted answer"), "{printed}");
    for stage in ["planning", "checking the answer"] {
        assert!(screen.contains(stage), "{stage:?} not shown: {screen:?}");
    }
    assert!(
        !printed.contains("planning"),
        "stdout stays clean: {printed}"
    );
}

/// Starts a slow run, waits for its pending callout, then renames or moves the note to
/// `to` (as Obsidian does: one rename) while the model works: the answer lands under the
/// question in the note at its new path, once, and nothing the person wrote is lost.
fn the_answer_follows_the_note_to(to: &str) {
    let server = ScriptedLlm::start();
    server.delay_all(CALL);
    let vault = slow_vault(&server);
    let v = vault.path();
    let watch = Watch::start(v);

    let asked = format!("{}? {QUESTION}\n", read(v, NOTE));
    save(v, &asked);
    let (shown, _, _) = follow(v, Duration::from_secs(60), |t| pending_stage(t).is_some());
    assert!(shown, "no pending callout:\n{}", watch.log());
    let moved = v.join(to);
    std::fs::create_dir_all(moved.parent().unwrap()).unwrap();
    std::fs::rename(v.join(NOTE), &moved).unwrap();
    let done = wait_for(
        || std::fs::read_to_string(&moved).is_ok_and(|t| answered(&t)),
        Duration::from_secs(60),
    );
    let after = read(v, to);
    assert!(done, "no answer at {to}:\n{after}\n{}", watch.log());
    assert!(!v.join(NOTE).exists(), "nothing written at the old path");
    assert!(
        after.contains("Scripted answer"),
        "{after}\n{}",
        watch.log()
    );
    assert!(!after.contains("could not answer"), "{after}");
    assert_eq!(assert_only_callouts_added(&asked, &after), 1);
}

#[test]
fn a_note_renamed_while_the_model_answers_gets_the_answer_at_its_new_name() {
    the_answer_follows_the_note_to("Daily/2026-11-21 long run.md");
}

#[test]
fn a_note_moved_while_the_model_answers_gets_the_answer_in_its_new_folder() {
    the_answer_follows_the_note_to("Archive/2026/2026-11-21.md");
}
