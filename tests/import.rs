//! `vault-agent import`: old logs into daily notes, once, through the same pipeline.

mod support;

use support::*;

fn cli(vault: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["--vault", vault.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn old_logs_are_imported_once_and_answerable() {
    let vault = temp_sample();
    let v = vault.path();
    let old = tempfile::tempdir().unwrap();
    write(
        old.path(),
        "2023 log.txt",
        "My old running log\n\n2023-04-03\nran 5 km in 28 min\n\n2023-04-10\nran 8 km in 45 min\nslept 6h\n\n2023-04-17\nran 6 km in 33 min\n",
    );
    write(
        old.path(),
        "gym/2023-04-12.md",
        "squat 100kg 5x5, felt heavy\n",
    );
    // An existing daily note on one of the dates keeps everything it had.
    write(v, "Daily/2023-04-10.md", "## 07:00\nwoke early\n");
    let src = old.path().to_str().unwrap();

    let (out, _, code) = cli(v, &["import", "--dry-run", src]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("would import 4 blocks") && out.contains("Daily/2023-04-03.md: 1"),
        "{out}"
    );
    assert!(
        !v.join("Daily/2023-04-03.md").exists(),
        "a dry run writes nothing"
    );

    let (out, err, code) = cli(v, &["import", src]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("imported 4 blocks of dated entries from 2 files into 4 daily notes"),
        "{out}"
    );
    assert!(
        err.contains("lines before the first date were not imported"),
        "{err}"
    );
    let existing = read(v, "Daily/2023-04-10.md");
    assert!(existing.starts_with("## 07:00\nwoke early\n\n## Imported from 2023 log.txt\n\nran 8 km in 45 min\nslept 6h\n"), "{existing:?}");
    assert!(read(v, "Daily/2023-04-12.md")
        .contains("## Imported from 2023-04-12.md\n\nsquat 100kg 5x5, felt heavy"));

    // The same pipeline parsed them: the numbers are answerable.
    let (out, _, _) = cli(v, &["ask", "how many times did I run in April 2023?"]);
    assert!(
        out.contains("**3 runs**") && out.contains("19 km in all"),
        "{out}"
    );

    // Importing again adds nothing.
    let before = read(v, "Daily/2023-04-10.md");
    let (out, _, _) = cli(v, &["import", src]);
    assert!(
        out.contains("imported 0 blocks") && out.contains("4 already imported"),
        "{out}"
    );
    assert_eq!(read(v, "Daily/2023-04-10.md"), before);

    // A folder inside the vault is refused.
    let (_, err, code) = cli(v, &["import", v.join("Daily").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("inside the vault"), "{err}");
}

#[test]
fn a_path_that_does_not_exist_is_a_usage_error() {
    let vault = tempfile::tempdir().unwrap();
    let missing = vault
        .path()
        .parent()
        .unwrap()
        .join("surely-not-here/log.txt");
    let (_, err, code) = cli(vault.path(), &["import", missing.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("surely-not-here") && err.contains("no such file or folder"),
        "{err}"
    );
}

#[test]
fn a_log_holding_control_characters_is_skipped_saying_which_line() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    let old = tempfile::tempdir().unwrap();
    write(
        old.path(),
        "bad.txt",
        "2023-04-01\nran 5 km\n2023-04-02\nran\0 3 km\n",
    );
    write(old.path(), "good.txt", "2023-04-03\nran 4 km\n");
    let (out, err, code) = cli(v, &["import", old.path().to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        err.contains("bad.txt: line 4 holds a control character (U+0000)"),
        "{err}"
    );
    assert!(out.contains("imported 1 block of"), "{out}");
    assert!(!v.join("2023-04-01.md").exists());
}

/// An old log of `days` dated blocks (one run a day, each distance its own).
fn long_log(days: u32) -> String {
    let start = chrono::NaiveDate::from_ymd_opt(2022, 1, 1).unwrap();
    let mut text = String::from("my old log\n\n");
    for i in 0..days {
        let day = start + chrono::Duration::days(i64::from(i));
        text.push_str(&format!(
            "{day}\nran {} km in {} min\n\n",
            i % 9 + 2,
            i % 40 + 20
        ));
    }
    text
}

/// Every `## Imported from` block in the vault's notes, with how often each appears.
fn imported_blocks(v: &std::path::Path) -> std::collections::BTreeMap<String, usize> {
    let mut blocks = std::collections::BTreeMap::new();
    for rel in files(v, &[".vault-agent", ".obsidian"]) {
        if !rel.ends_with(".md") {
            continue;
        }
        let text = read(v, &rel);
        for part in text.split("## Imported from ").skip(1) {
            let block = part.split("\n\n## ").next().unwrap().trim().to_string();
            *blocks.entry(format!("{rel}: {block}")).or_insert(0) += 1;
        }
    }
    blocks
}

fn assert_each_block_once(v: &std::path::Path, expected: usize) {
    let blocks = imported_blocks(v);
    let doubled: Vec<_> = blocks.iter().filter(|(_, n)| **n > 1).collect();
    assert!(
        doubled.is_empty(),
        "{} blocks imported more than once, first: {:?}",
        doubled.len(),
        doubled.first()
    );
    assert_eq!(blocks.len(), expected, "every block is in the vault once");
}

fn import_cmd(v: &std::path::Path, src: &std::path::Path) -> std::process::Command {
    let mut cmd = command(&[
        "--vault",
        v.to_str().unwrap(),
        "import",
        src.to_str().unwrap(),
    ]);
    cmd.stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    cmd
}

#[test]
fn two_imports_of_the_same_file_at_once_add_each_block_once() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let old = tempfile::tempdir().unwrap();
    write(old.path(), "log.txt", long_log(60));
    let src = old.path().join("log.txt");
    let mut a = import_cmd(v, &src).spawn().unwrap();
    let mut b = import_cmd(v, &src).spawn().unwrap();
    assert!(a.wait().unwrap().success());
    assert!(b.wait().unwrap().success());
    assert_each_block_once(v, 60);
    let (out, _, code) = cli(v, &["import", src.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.contains("60 already imported"), "{out}");
}

#[test]
fn blocks_already_in_their_notes_are_not_imported_again_without_a_ledger() {
    // A kill -9 after the notes were written and before the ledger was: the blocks are in
    // the notes, the ledger does not name them.
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let old = tempfile::tempdir().unwrap();
    write(old.path(), "log.txt", long_log(20));
    let src = old.path().join("log.txt");
    let (out, err, code) = cli(v, &["import", src.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    for ledger in [".vault-agent/imported", ".vault-agent/state.json"] {
        let _ = std::fs::remove_file(v.join(ledger));
    }
    // A note saved with Windows line endings meanwhile still holds its block.
    let first = v.join("Daily/2022-01-01.md");
    let crlf = std::fs::read_to_string(&first)
        .unwrap()
        .replace('\n', "\r\n");
    std::fs::write(&first, crlf).unwrap();
    let (out, err, code) = cli(v, &["import", src.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("imported 0 blocks") && out.contains("20 already imported"),
        "{out}"
    );
    assert_each_block_once(v, 20);
}

#[cfg(unix)]
#[test]
fn an_import_killed_at_any_moment_adds_nothing_already_there_when_run_again() {
    let old = tempfile::tempdir().unwrap();
    write(old.path(), "log.txt", long_log(480));
    let src = old.path().join("log.txt");
    // A run in full, for how long one takes.
    let whole = tempfile::tempdir().unwrap();
    write(
        whole.path(),
        ".obsidian/daily-notes.json",
        r#"{"folder": "Daily"}"#,
    );
    let started = std::time::Instant::now();
    assert!(import_cmd(whole.path(), &src).status().unwrap().success());
    let took = started.elapsed();
    for step in 0..6u32 {
        let dir = tempfile::tempdir().unwrap();
        let v = dir.path();
        write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
        let mut child = import_cmd(v, &src).spawn().unwrap();
        std::thread::sleep(took.mul_f64(f64::from(step) / 6.0));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();
        assert!(import_cmd(v, &src).status().unwrap().success());
        assert_each_block_once(v, 480);
    }
}
