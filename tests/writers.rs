//! Several vault-agent programs writing the same vault at once (`input`, `process`): each
//! waits its turn for the vault's write lock, so no text is lost or written twice.

mod support;

use std::process::Stdio;

use support::*;

#[cfg(unix)]
#[test]
fn inputs_and_passes_at_once_lose_nothing_and_answer_once() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let today = chrono::Local::now().date_naive();
    let note = format!("Daily/{}.md", today.format("%Y-%m-%d"));
    let questions = [
        "? how long did I walk today",
        "? how long did I sleep",
        "? what did I do today",
    ];
    let start = format!("## 06:00\nslept 7h\n\n{}\n", questions.join("\n\n"));
    write(v, &note, &start);
    let vault = v.to_str().unwrap();
    let mut children = Vec::new();
    for n in 0..12 {
        let text = format!("walked {} min with the dog", 10 + n);
        children.push(
            command(&["--vault", vault, "input", &text])
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        );
        if n % 4 == 0 {
            children.push(
                command(&["process", vault])
                    .stdout(Stdio::null())
                    .stderr(Stdio::piped())
                    .spawn()
                    .unwrap(),
            );
        }
    }
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    process(v);
    let after = read(v, &note);
    for n in 0..12 {
        let line = format!("walked {} min with the dog", 10 + n);
        let kept = after.lines().filter(|l| *l == line).count();
        assert_eq!(kept, 1, "{line:?} in:\n{after}");
    }
    for q in questions {
        assert_eq!(after.lines().filter(|l| *l == q).count(), 1, "{after}");
    }
    assert!(after.starts_with("## 06:00\nslept 7h\n"), "{after}");
    assert_eq!(callout_count(&after), questions.len(), "{after}");
}

/// Another program writing the index for a few seconds (a long pass, a `reindex`): a
/// program that needs it meanwhile waits its turn; it never calls the index damaged.
#[test]
fn an_index_busy_for_a_few_seconds_is_waited_for_and_never_called_damaged() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, "Daily/2026-11-20.md", "## 07:00\nran 5 km\n");
    process(v);
    let db = rusqlite::Connection::open(v.join(".vault-agent/index.db")).unwrap();
    db.execute_batch("BEGIN EXCLUSIVE; DELETE FROM entries WHERE 0;")
        .unwrap();
    let holder = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_secs(7));
        db.execute_batch("COMMIT").unwrap();
    });
    let (out, err, code) = output(&mut command(&[
        "--vault",
        v.to_str().unwrap(),
        "input",
        "walked 20 min",
    ]));
    holder.join().unwrap();
    assert!(!err.contains("delete it"), "{err}");
    assert_eq!(code, 0, "{out}{err}");
    assert!(read(
        v,
        &format!(
            "Daily/{}.md",
            chrono::Local::now().date_naive().format("%Y-%m-%d")
        )
    )
    .contains("walked 20 min"));
}
