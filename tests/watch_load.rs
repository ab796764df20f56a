//! `watch` stays responsive while it works through a large vault: Ctrl-C stops it mid-pass
//! within about a second, and a question saved during the pass is answered after it.
//!
//! The vault is 2,500 generated journal notes (about 12 MB) so the tests fit in CI;
//! `cargo test --test watch_load -- --ignored` runs the 10,000-note variant.

mod support;

#[path = "../benches/common/notes.rs"]
mod notes;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use support::*;

/// Notes in the CI-sized vault.
const NOTES: usize = 2_500;

/// A vault of `n` daily notes, one a day from 2000-01-01, answered offline.
fn large_vault(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 300\n",
    );
    let first = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    for (i, date) in first.iter_days().take(n).enumerate() {
        write(v, &format!("Daily/{date}.md"), notes::note(i, date));
    }
    dir
}

/// A running `watch`, killed when the test ends; its stdout lines arrive on `lines`.
struct Watch {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Watch {
    fn start(vault: &Path) -> Watch {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", vault.to_str().unwrap()])
            .env("VAULT_AGENT_PROVIDER", "offline")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Watch { child, lines }
    }

    /// Whether the first pass is over (`watching` printed) by now.
    fn caught_up(&self) -> bool {
        self.lines.try_iter().any(|l| l.starts_with("watching"))
    }

    /// Waits until the first pass has stored its first notes: it is under way.
    fn wait_until_passing(&self, vault: &Path) {
        let index = vault.join(".vault-agent/index.db");
        assert!(
            wait_for(|| index.exists(), Duration::from_secs(30)),
            "watch did not start its pass"
        );
        std::thread::sleep(Duration::from_millis(800));
    }

    /// Sends Ctrl-C (SIGINT); returns how long the process took to exit, and its code.
    fn interrupt(&mut self) -> (Duration, Option<i32>) {
        let sent = Instant::now();
        let status = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success());
        wait_for(
            || matches!(self.child.try_wait(), Ok(Some(_))),
            Duration::from_secs(60),
        );
        let took = sent.elapsed();
        (took, self.child.try_wait().unwrap().and_then(|s| s.code()))
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn ctrl_c_mid_pass_stops_promptly(notes: usize) {
    let vault = large_vault(notes);
    let mut watch = Watch::start(vault.path());
    watch.wait_until_passing(vault.path());
    assert!(
        !watch.caught_up(),
        "the first pass over {notes} notes ended before the test could interrupt it"
    );
    let (took, code) = watch.interrupt();
    eprintln!("{notes} notes: stopped {took:?} after Ctrl-C");
    assert!(
        took < Duration::from_secs(2),
        "watch took {took:?} to stop on Ctrl-C mid-pass"
    );
    assert_eq!(code, Some(0), "watch did not exit cleanly on Ctrl-C");
    let left: Vec<String> = files(vault.path(), &[".vault-agent", ".obsidian"])
        .into_iter()
        .filter(|rel| !rel.ends_with(".md"))
        .collect();
    assert!(left.is_empty(), "files left in the vault: {left:?}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_during_the_first_pass_over_a_large_vault_stops_watch_within_two_seconds() {
    ctrl_c_mid_pass_stops_promptly(NOTES);
}

#[cfg(unix)]
#[test]
#[ignore = "writes 50 MB of notes"]
fn ctrl_c_during_the_first_pass_over_10k_notes_stops_watch_within_two_seconds() {
    ctrl_c_mid_pass_stops_promptly(10_000);
}

#[cfg(unix)]
#[test]
fn a_question_saved_during_the_first_pass_over_a_large_vault_is_answered_once_after_it() {
    let vault = large_vault(NOTES);
    let v = vault.path();
    let mut watch = Watch::start(v);
    watch.wait_until_passing(v);
    assert!(
        !watch.caught_up(),
        "the first pass ended before the question was saved"
    );
    let note = "Daily/2000-01-03.md";
    let asked = format!("{}? how far did I run this week\n", read(v, note));
    write(v, note, &asked);
    let caught_up = watch
        .lines
        .recv_timeout(Duration::from_secs(120))
        .is_ok_and(|l| l.starts_with("watching"));
    assert!(caught_up, "the first pass did not end within 2 minutes");
    let answered = wait_for(
        || callout_count(&read(v, note)) == 1,
        Duration::from_secs(20),
    );
    let after = read(v, note);
    assert!(
        answered,
        "the question saved mid-pass was not answered:\n{after}"
    );
    assert_eq!(assert_only_callouts_added(&asked, &after), 1);
    // Nothing answers it a second time once the note is quiet again.
    std::thread::sleep(Duration::from_millis(1200));
    assert_eq!(read(v, note), after);
    let (_, code) = watch.interrupt();
    assert_eq!(code, Some(0));
}
