//! Notes that cannot be written (a read-only note, a folder without write permission, a
//! full disk): that note is skipped with a warning naming it, its questions stay open for
//! a later run, and the rest of the vault is processed (exit 0).

mod support;

use std::path::Path;

use support::*;

const OPEN_NOTE: &str = "Daily/2026-11-21.md";
const OPEN_TEXT: &str = "## 08:00\nslept 7h\n\n? how long did I sleep\n";

/// A vault with one ordinary question note and `rel` holding `text`.
fn vault_with(rel: &str, text: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, OPEN_NOTE, OPEN_TEXT);
    write(v, rel, text);
    dir
}

fn process_cmd(v: &Path) -> std::process::Command {
    command(&["process", v.to_str().unwrap()])
}

#[cfg(unix)]
fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[cfg(unix)]
#[test]
fn a_read_only_note_is_left_alone_with_a_warning_saying_how_to_allow_answers() {
    let text = "# Plans\n? how long did I sleep\n";
    let dir = vault_with("Plans/locked.md", text);
    let v = dir.path();
    set_mode(&v.join("Plans/locked.md"), 0o444);
    let (stdout, stderr, code) = output(&mut process_cmd(v));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert_eq!(
        read(v, "Plans/locked.md"),
        text,
        "a read-only note was rewritten"
    );
    assert!(
        stderr.contains("Plans/locked.md")
            && stderr.contains("read-only")
            && stderr.contains("chmod u+w"),
        "the warning names the note and what to do: {stderr}"
    );
    assert!(stdout.contains("1 note not written to"), "{stdout}");
    assert_eq!(
        callout_count(&read(v, OPEN_NOTE)),
        1,
        "the rest is answered"
    );
    // Made writable again, the question is answered on the next run.
    set_mode(&v.join("Plans/locked.md"), 0o644);
    let (stdout, _) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    assert_only_callouts_added(text, &read(v, "Plans/locked.md"));
}

#[cfg(unix)]
#[test]
fn a_tree_copied_read_only_as_a_whole_is_answered_where_the_process_may_write() {
    let text = "# Copied\n? how long did I sleep\n";
    let dir = vault_with("Copied/log.md", text);
    let v = dir.path();
    set_mode(&v.join("Copied/log.md"), 0o444);
    set_mode(&v.join("Copied"), 0o555);
    let (stdout, stderr, code) = output(&mut process_cmd(v));
    set_mode(&v.join("Copied"), 0o755);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    if is_root() {
        // Folder and note alike read-only: no one note was protected, and root may write.
        assert_only_callouts_added(text, &read(v, "Copied/log.md"));
        assert_eq!(
            callout_count(&read(v, "Copied/log.md")),
            1,
            "{stdout}\n{stderr}"
        );
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(v.join("Copied/log.md"))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o444, "the note keeps its mode");
    } else {
        assert_eq!(read(v, "Copied/log.md"), text);
        assert!(stdout.contains("1 note not written to"), "{stdout}");
    }
}

#[cfg(unix)]
#[test]
fn a_folder_that_cannot_be_written_skips_its_notes_and_the_pass_goes_on() {
    let text = "# Kept\n? how long did I sleep\n";
    let dir = vault_with("Kept/note.md", text);
    let v = dir.path();
    let mut cmd = process_cmd(v);
    if !unprivileged(&mut cmd, v) {
        return;
    }
    set_mode(&v.join("Kept"), 0o555);
    let (stdout, stderr, code) = output(&mut cmd);
    set_mode(&v.join("Kept"), 0o755);
    assert_eq!(
        code, 0,
        "one unwritable folder must not stop the pass:\n{stdout}\n{stderr}"
    );
    assert_eq!(read(v, "Kept/note.md"), text);
    assert!(
        stderr.contains("Kept/note.md") && stderr.contains("permissions"),
        "{stderr}"
    );
    assert!(stdout.contains("1 note not written to"), "{stdout}");
    assert_eq!(
        callout_count(&read(v, OPEN_NOTE)),
        1,
        "the rest is answered"
    );
    // The question stayed open: once the folder is writable it is answered.
    let mut again = process_cmd(v);
    assert!(unprivileged(&mut again, v));
    let (stdout, stderr, code) = output(&mut again);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert_eq!(callout_count(&read(v, "Kept/note.md")), 1, "{stdout}");
}

#[cfg(unix)]
#[test]
fn a_full_disk_skips_the_note_it_cannot_write_and_answers_the_others() {
    // A long note (no dated entries, so the index stays small) that cannot grow: every
    // file is capped below its size, as on a disk that is full.
    let big = format!(
        "# Reading list\n{}\n? how long did I sleep\n",
        "a line of prose that only makes the note long\n".repeat(12_000)
    );
    let dir = vault_with("Lists/reading.md", &big);
    let v = dir.path();
    let mut cmd = process_cmd(v);
    limit_file_size(&mut cmd, 384 * 1024);
    let (stdout, stderr, code) = output(&mut cmd);
    assert_eq!(
        code, 0,
        "a full disk for one note must not stop the pass:\n{stdout}\n{stderr}"
    );
    assert_eq!(read(v, "Lists/reading.md"), big, "the note is intact");
    assert!(
        stderr.contains("Lists/reading.md") && stderr.contains("disk space"),
        "{stderr}"
    );
    assert_eq!(
        callout_count(&read(v, OPEN_NOTE)),
        1,
        "the rest is answered"
    );
    let leftovers: Vec<String> = files(v, &[".vault-agent"])
        .into_iter()
        .filter(|f| f.contains(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temp files left: {leftovers:?}");
    let (stdout, _) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    assert_eq!(callout_count(&read(v, "Lists/reading.md")), 1);
}
