//! The first minutes with the binary: one grammar for the vault argument, messages that say
//! what to do, quiet exits on closed pipes, questions where people put them, `--json`.

mod support;

use std::io::Read;
use std::process::{Command, Stdio};

use support::*;

fn text(out: &std::process::Output) -> (String, String) {
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn small_vault() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "2026-11-20.md",
        "## 07:00\nran 5 km in 27 min\n\n? how far did I run\n",
    );
    dir
}

#[test]
fn vault_is_accepted_before_or_after_the_command_and_positionally() {
    let v = small_vault();
    let path = v.path().to_str().unwrap();
    for args in [
        vec!["--vault", path, "context"],
        vec!["context", "--vault", path],
        vec!["context", path],
        vec!["reindex", path],
        vec!["--vault", path, "reindex"],
        vec!["process", path],
        vec!["process", "--vault", path],
        vec!["ask", "--vault", path, "how far did I run"],
        vec!["--vault", path, "input", "slept 7h"],
    ] {
        let out = run(&args);
        let (stdout, stderr) = text(&out);
        assert!(out.status.success(), "{args:?}: {stdout}\n{stderr}");
    }
    for command in [
        "process", "watch", "serve", "reindex", "context", "doctor", "init", "ask", "input",
        "import",
    ] {
        let out = run(&[command, "--help"]);
        let (stdout, _) = text(&out);
        assert!(
            stdout.contains("--vault"),
            "`{command} --help` lists --vault:\n{stdout}"
        );
    }
}

#[test]
fn a_vault_that_is_a_file_or_missing_says_which_and_exits_2() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "note.md", "hello\n");
    let file = dir.path().join("note.md");
    let out = run(&["process", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("not a folder"), "{}", text(&out).1);
    let missing = dir.path().join("nope");
    let out = run(&["--vault", missing.to_str().unwrap(), "context"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("no such folder"), "{}", text(&out).1);
    let out = run(&[
        "process",
        dir.path().to_str().unwrap(),
        "--config",
        dir.path().join("missing.yaml").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("no such file"), "{}", text(&out).1);
}

/// Runs `process` with `config` as config.yaml; returns (exit code, stderr).
fn with_config(config: &[u8]) -> (Option<i32>, String) {
    let v = small_vault();
    write(v.path(), ".vault-agent/config.yaml", config);
    let out = run(&["process", v.path().to_str().unwrap()]);
    (out.status.code(), text(&out).1)
}

#[test]
fn config_mistakes_name_the_file_the_key_and_what_is_allowed() {
    let cases: [(&[u8], &str); 5] = [
        (
            b"watch:\n  debounce_ms: two seconds\n",
            "watch.debounce_ms: expected a number of milliseconds (0 or more), got \"two seconds\"",
        ),
        (
            b"llm:\n  retry:\n    llm_retry: -1\n",
            "llm.retry.llm_retry",
        ),
        (
            b"llm:\n  retry:\n    backoff_ms: 99999999999\n",
            "llm.retry.backoff_ms: 99999999999 is out of range: allowed 0 to 60000",
        ),
        (b"\xff\xfe\x00\x01binary", "not UTF-8"),
        (b"watch:\n  debounce: 5\n", "watch.debounce"),
    ];
    for (config, expected) in cases {
        let (code, stderr) = with_config(config);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("config.yaml"), "{stderr}");
        assert!(
            stderr.contains(expected),
            "expected {expected:?} in:\n{stderr}"
        );
    }
    let v = small_vault();
    std::fs::create_dir_all(v.path().join(".vault-agent/config.yaml")).unwrap();
    let out = run(&["process", v.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("is a folder"), "{}", text(&out).1);
}

#[test]
fn domain_file_mistakes_are_refused_at_load_naming_file_and_key() {
    let schema = |props: &str| {
        format!("name: reading\ndescription: Books.\nlog_schema:\n  type: object\n  properties:\n{props}")
    };
    let cases = [
        (
            format!("{}colour: blue\n", schema("    pages: { type: integer }\n")),
            "colour",
        ),
        (
            schema("    isbn: { type: string, pattern: \"([0-9\" }\n"),
            "log_schema.properties.isbn.pattern",
        ),
        (
            schema("    pages: { type: integer, minimum: 10, maximum: 1 }\n"),
            "minimum 10 is above maximum 1",
        ),
    ];
    for (yaml, expected) in cases {
        let v = small_vault();
        write(v.path(), ".vault-agent/domains/reading.yaml", &yaml);
        let out = run(&["process", v.path().to_str().unwrap()]);
        let (_, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("reading.yaml"), "{stderr}");
        assert!(
            stderr.contains(expected),
            "expected {expected:?} in:\n{stderr}"
        );
    }
    let v = small_vault();
    write(v.path(), ".vault-agent/domains/bin.yaml", b"\xff\xfe\x00");
    let out = run(&["process", v.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out).1.contains("bin.yaml"), "{}", text(&out).1);
}

#[test]
fn warnings_have_no_colour_codes_on_a_pipe() {
    let v = small_vault();
    write(v.path(), "broken.md", "---\ntags: [a\n---\nslept 7h\n");
    let out = run(&["process", v.path().to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert!(stderr.contains("broken.md"), "{stderr}");
    assert!(
        !stderr.contains('\u{1b}'),
        "ANSI codes on a pipe: {stderr:?}"
    );
}

#[test]
fn without_a_model_the_callout_says_why_in_one_short_line() {
    let v = small_vault();
    // A port nothing listens on: the default Ollama provider, pointed there.
    write(
        v.path(),
        ".vault-agent/config.yaml",
        "llm:\n  providers:\n    ollama: { api_base: \"http://127.0.0.1:9\" }\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["process", v.path().to_str().unwrap()])
        .env_remove("VAULT_AGENT_PROVIDER")
        .env_remove("VAULT_AGENT_VAULT")
        .output()
        .unwrap();
    assert!(out.status.success(), "{:?}", text(&out));
    let note = read(v.path(), "2026-11-20.md");
    assert!(
        note.contains("_Answered without a model: Ollama is not running at 127.0.0.1:9._"),
        "{note}"
    );
    assert!(!note.contains("os error"), "raw error in the note: {note}");
}

#[test]
fn doctor_says_what_to_do_and_exits_by_the_default_provider() {
    let v = small_vault();
    write(
        v.path(),
        ".vault-agent/config.yaml",
        "llm:\n  providers:\n    ollama: { api_base: \"http://127.0.0.1:9\" }\n",
    );
    let doctor = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["doctor", v.path().to_str().unwrap()])
            .args(extra)
            .env_remove("VAULT_AGENT_PROVIDER")
            .output()
            .unwrap()
    };
    let out = doctor(&[]);
    let (stdout, _) = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("FAIL ollama"), "{stdout}");
    assert!(stdout.contains("start Ollama"), "{stdout}");
    assert!(stdout.contains("default_provider: offline"), "{stdout}");
    let out = doctor(&["--provider", "offline"]);
    assert_eq!(out.status.code(), Some(0), "{:?}", text(&out));
    let out = doctor(&["--json"]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    assert_eq!(v["ok"], false);
    assert!(v["providers"][0]["fix"]
        .as_str()
        .unwrap()
        .contains("start Ollama"));
}

#[test]
fn process_prints_one_line_and_details_with_v() {
    let v = small_vault();
    write(v.path(), "code.md", "```\n? in code\n```\n");
    let (stdout, _) = process(v.path());
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    assert!(stdout.starts_with("1 question answered"), "{stdout}");
    write(v.path(), "code.md", "```\n? still in code\n```\n");
    let out = run(&["process", "-v", v.path().to_str().unwrap()]);
    let (stdout, _) = text(&out);
    assert!(
        stdout.contains("code.md:2: in a code block"),
        "skipped `?` lines are reported with -v:\n{stdout}"
    );
}

#[test]
fn a_question_typed_right_under_an_answer_is_answered_too() {
    let v = small_vault();
    process(v.path());
    let note = read(v.path(), "2026-11-20.md");
    assert!(
        note.ends_with(">\n\n") || note.ends_with("\n\n"),
        "{note:?}"
    );
    // The person appends the next question directly under the callout, no blank line.
    let trimmed = note.trim_end_matches('\n').to_string() + "\n";
    write(
        v.path(),
        "2026-11-20.md",
        format!("{trimmed}? how many runs\n"),
    );
    let (stdout, _) = process(v.path());
    assert!(stdout.starts_with("1 question answered"), "{stdout}");
    assert_eq!(callout_count(&read(v.path(), "2026-11-20.md")), 2);
}

#[test]
fn json_is_one_document_for_every_command_that_offers_it() {
    let v = small_vault();
    let path = v.path().to_str().unwrap();
    let import = tempfile::tempdir().unwrap();
    write(import.path(), "old.md", "2023-04-01\nran 3 km\n");
    let import_path = import.path().join("old.md");
    for args in [
        vec!["process", path, "--json"],
        vec!["ask", "--vault", path, "--json", "how far did I run"],
        vec![
            "input",
            "--vault",
            path,
            "--json",
            "ran 4 km, how far did I run?",
        ],
        vec!["doctor", path, "--json", "--provider", "offline"],
        vec![
            "import",
            "--vault",
            path,
            "--json",
            "--dry-run",
            import_path.to_str().unwrap(),
        ],
    ] {
        let out = run(&args);
        assert!(out.status.success(), "{args:?}: {:?}", text(&out));
        let doc: Result<serde_json::Value, _> = serde_json::from_slice(&out.stdout);
        assert!(doc.is_ok(), "{args:?} printed:\n{}", text(&out).0);
    }
    let out = run(&[
        "input",
        "--vault",
        path,
        "--json",
        "ran 4 km, how far did I run?",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(doc["logged_to"].is_string(), "{doc}");
    assert!(doc["answer"]["answer"].is_string(), "{doc}");
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let v = small_vault();
    let path = v.path().to_str().unwrap();
    // Enough output to fill a pipe nobody reads: process --json on many notes.
    for day in 1..=28 {
        write(
            v.path(),
            &format!("2026-10-{day:02}.md"),
            "```\n? not a question\n```\nran 5 km\n",
        );
    }
    for args in [
        vec!["process", path, "--json"],
        vec!["ask", "--vault", path, "how far did I run in October"],
        vec!["context", path],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(&args)
            .env("VAULT_AGENT_PROVIDER", "offline")
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader is gone before anything is written
        let mut stderr = String::new();
        child
            .stderr
            .take()
            .unwrap()
            .read_to_string(&mut stderr)
            .unwrap();
        child.wait().unwrap();
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(!stderr.contains("Broken pipe"), "{args:?}: {stderr}");
    }
}

#[cfg(unix)]
#[test]
fn config_paths_that_lead_out_of_the_vault_through_a_symlink_are_refused() {
    let vault = small_vault();
    let v = vault.path();
    let outside = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(outside.path(), v.join("Out")).unwrap();
    std::fs::create_dir_all(v.join(".vault-agent")).unwrap();
    std::fs::write(
        v.join(".vault-agent/config.yaml"),
        "paths:\n  global_context: Out/context.md\n",
    )
    .unwrap();
    let out = run(&["process", v.to_str().unwrap()]);
    let (_, stderr) = text(&out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("config.yaml")
            && stderr.contains("paths.global_context")
            && stderr.contains("symlink"),
        "{stderr}"
    );
    assert!(std::fs::read_dir(outside.path()).unwrap().next().is_none());
}
