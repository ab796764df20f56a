//! `vault-agent input`: logs go to today's daily note, questions are answered, both split.

mod support;

use support::*;

fn input(vault: &std::path::Path, text: &str) -> String {
    let out = run(&["--vault", vault.to_str().unwrap(), "input", text]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn today_note(vault: &std::path::Path) -> (String, String) {
    let rel = format!(
        "Daily/{}.md",
        chrono::Local::now().date_naive().format("%Y-%m-%d")
    );
    let text = std::fs::read_to_string(vault.join(&rel)).unwrap_or_default();
    (rel, text)
}

#[test]
fn a_log_is_appended_to_todays_note_and_parsed() {
    let vault = temp_sample();
    let v = vault.path();
    let (_, before) = today_note(v);
    let out = input(v, "slept 6.5h, mood 6/10");
    assert!(out.contains("logged to Daily/"), "{out}");
    let (rel, after) = today_note(v);
    assert!(after.starts_with(&before), "nothing already there changes");
    let added = &after[before.len()..];
    assert!(
        added.contains("\n## ") || added.starts_with("## "),
        "{added:?}"
    );
    assert!(
        added.trim_end().ends_with("slept 6.5h, mood 6/10"),
        "{added:?}"
    );
    let date = rel
        .trim_start_matches("Daily/")
        .trim_end_matches(".md")
        .to_string();
    let day = serde_json::to_string(&day_records(v, &date)).unwrap();
    assert!(day.contains("\"sleep_hours\":6.5"), "{day}");
}

#[test]
fn a_question_is_answered_and_nothing_is_written() {
    let vault = temp_sample();
    let v = vault.path();
    let before = today_note(v).1;
    let out = input(v, "how many times did I run in October 2026?");
    assert!(out.contains("runs**"), "{out}");
    assert_eq!(today_note(v).1, before, "no note written for a question");
    // Without a question mark, in English and in Korean, still a question.
    for (q, count) in [
        ("how many times did I run in October 2026", "runs**"),
        ("10월에 몇 번 달렸어", "회**"),
    ] {
        let out = input(v, q);
        assert!(
            out.contains(count) && !out.contains("logged to"),
            "{q}: {out}"
        );
        assert_eq!(today_note(v).1, before, "{q}: nothing written");
    }
}

#[test]
fn a_question_about_what_was_just_logged_is_about_that_activity() {
    let vault = temp_sample();
    let v = vault.path();
    let out = input(v, "ran 5k in 22:30, was that my fastest?");
    assert!(out.contains("logged to"), "{out}");
    // The 22:30 just logged is the fastest 5 km (the sample vault's best is slower).
    assert!(
        out.contains("Your fastest 5 km run") && out.contains("**22:30**"),
        "{out}"
    );
}

#[test]
fn both_are_split_and_a_correction_goes_under_the_entry_it_corrects() {
    let vault = temp_sample();
    let v = vault.path();
    let out = input(v, "Ran 3 km this morning. What is my longest run?");
    assert!(
        out.contains("logged to") && out.contains("Your longest run"),
        "{out}"
    );
    let (_, note) = today_note(v);
    assert!(
        note.contains("Ran 3 km this morning.") && !note.contains("longest"),
        "{note}"
    );
    let before = today_note(v).1;
    let out = input(v, "the run on Tuesday was 8 km, not 5");
    // Written under the 5 km run it corrects, not in today's note.
    assert!(out.contains("corrected run distance on "), "{out}");
    assert!(out.contains(": 5 -> 8 km (noted in Daily/"), "{out}");
    assert_eq!(today_note(v).1, before);
}

#[test]
fn a_question_line_is_asked_never_logged_and_the_lines_around_it_keep_their_breaks() {
    let vault = temp_sample();
    let v = vault.path();
    let before = today_note(v).1;
    let out = input(v, "? did I run 10 km yesterday");
    assert!(!out.contains("logged to"), "{out}");
    assert_eq!(today_note(v).1, before, "a `?` line is not an entry");
    let out = input(
        v,
        "ran 3 km\nslept 7h\n? how many times did I run in October 2026\nmood 7/10",
    );
    assert!(out.contains("logged to") && out.contains("runs**"), "{out}");
    let (_, after) = today_note(v);
    let added = &after[before.len()..];
    assert!(
        added.contains("\nran 3 km\nslept 7h\nmood 7/10"),
        "{added:?}"
    );
    assert!(!added.contains("October"), "{added:?}");
}

#[test]
fn the_prompt_handles_one_input_per_line_until_exit() {
    use std::io::Write;
    let vault = temp_sample();
    let v = vault.path();
    let before = today_note(v).1;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["--vault", v.to_str().unwrap()])
        .env("VAULT_AGENT_PROVIDER", "offline")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"walked 40 min by the river\nwhat is my best bench?\nexit\nslept 2h\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("logged to Daily/") && stdout.contains("Your best bench press"),
        "{stdout}"
    );
    let after = today_note(v).1;
    assert!(after.starts_with(&before) && after.contains("walked 40 min by the river"));
    assert!(
        !after.contains("slept 2h"),
        "nothing after `exit` is handled"
    );
}

#[test]
fn a_daily_notes_folder_outside_the_vault_is_refused_naming_the_file_and_the_key() {
    let root = tempfile::tempdir().unwrap();
    let v = root.path().join("a/b/vault");
    write(
        &v,
        ".obsidian/daily-notes.json",
        r#"{"folder": "../../escape"}"#,
    );
    let out = run(&["--vault", v.to_str().unwrap(), "input", "ran 3 km"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("daily-notes.json")
            && stderr.contains("folder")
            && stderr.contains("inside the vault"),
        "{stderr}"
    );
    assert_eq!(
        files(root.path(), &[]),
        ["a/b/vault/.obsidian/daily-notes.json"]
    );
}

#[test]
fn control_characters_and_empty_text_are_refused_and_nothing_is_written() {
    let vault = temp_sample();
    let v = vault.path();
    let before = today_note(v).1;
    for text in ["ran 3 km\u{1}", "ran\u{1b}[31m 3 km", "", "   "] {
        let out = run(&["--vault", v.to_str().unwrap(), "input", text]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{text:?}: {stderr}");
        let said = if text.trim().is_empty() {
            "empty"
        } else {
            "control character"
        };
        assert!(stderr.contains(said), "{text:?}: {stderr}");
    }
    // The prompt reads lines from a pipe, where a NUL can come through.
    let mut cmd = command(&["--vault", v.to_str().unwrap()]);
    cmd.stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"ran 3 km\0 easy\nexit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("control character (U+0000)"), "{stderr}");
    assert_eq!(today_note(v).1, before, "nothing was written");
}

#[cfg(unix)]
#[test]
fn a_new_note_gets_the_mode_the_umask_gives_any_new_file() {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    for (umask, mode) in [(0o022, 0o644), (0o027, 0o640)] {
        let vault = tempfile::tempdir().unwrap();
        let v = vault.path();
        write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
        let mut cmd = command(&["--vault", v.to_str().unwrap(), "input", "ran 3 km"]);
        // SAFETY: umask is async-signal-safe and allocates nothing.
        unsafe {
            cmd.pre_exec(move || {
                libc::umask(umask);
                Ok(())
            });
        }
        let (out, err, code) = output(&mut cmd);
        assert_eq!(code, 0, "{out}{err}");
        let (rel, _) = today_note(v);
        let got = std::fs::metadata(v.join(rel)).unwrap().permissions().mode() & 0o777;
        assert_eq!(got, mode, "umask {umask:o}");
    }
}

#[test]
fn text_over_the_limit_is_refused_and_nothing_is_written() {
    let vault = temp_sample();
    let v = vault.path();
    let (_, before) = today_note(v);
    let long = format!("ran 5 km {}", "and then some more ".repeat(70 * 1024 / 19));
    let out = run(&["--vault", v.to_str().unwrap(), "input", &long]);
    assert_eq!(out.status.code(), Some(2), "a usage error");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("64 KiB"), "the limit is named: {err}");
    assert_eq!(today_note(v).1, before, "nothing was written");
}
