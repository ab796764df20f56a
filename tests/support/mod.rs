//! Helpers for the end-to-end tests: temp vaults, running the binary, and the check that a
//! note only gained agent callouts.
#![allow(dead_code)] // each test binary uses a different subset of these helpers

pub mod llm_server;
pub mod models;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The checked-in sample vault.
pub fn sample_vault() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("sample-vault")
}

/// Copies a folder tree (files and folders only).
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target).unwrap();
        }
    }
}

/// A temp copy of the sample vault as it is checked in, whatever the README's demo
/// command did to the working copy: our callouts, `.vault-agent/` and the context files
/// are left out (the checked-in copy is never written by tests).
pub fn temp_sample() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&sample_vault(), dir.path());
    let _ = std::fs::remove_dir_all(dir.path().join(".vault-agent"));
    for name in ["global-context.md", "global-context-archive.md"] {
        let _ = std::fs::remove_file(dir.path().join(name));
    }
    for rel in files(dir.path(), &[".obsidian"]) {
        if rel.ends_with(".md") {
            let path = dir.path().join(&rel);
            let text = std::fs::read_to_string(&path).unwrap();
            let stripped = strip_callouts(&text);
            if stripped != text {
                std::fs::write(&path, stripped).unwrap();
            }
        }
    }
    dir
}

/// `text` without our callouts (and the blank line written after each).
pub fn strip_callouts(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut lines = text.split_inclusive('\n').peekable();
    while let Some(line) = lines.next() {
        if !is_agent_header(line) {
            out.push_str(line);
            continue;
        }
        while lines.peek().is_some_and(|l| l.starts_with('>')) {
            lines.next();
        }
        if lines.peek().is_some_and(|l| l.trim().is_empty()) {
            lines.next();
        }
    }
    out
}

/// Runs the binary with arguments.
pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(args)
        .env_remove("VAULT_AGENT_VAULT")
        // Hermetic: never reach a model server that happens to run on this machine.
        .env("VAULT_AGENT_PROVIDER", "offline")
        .output()
        .expect("binary runs")
}

/// Runs `vault-agent process VAULT` and asserts it exits 0; returns stdout + stderr.
pub fn process(vault: &Path) -> (String, String) {
    let out = run(&["process", vault.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "process failed:\n{stdout}\n{stderr}");
    (stdout, stderr)
}

/// Writes a file, creating folders.
pub fn write(root: &Path, rel: &str, content: impl AsRef<[u8]>) {
    let path = root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, content).unwrap();
}

/// Reads a file as text.
pub fn read(root: &Path, rel: &str) -> String {
    std::fs::read_to_string(root.join(rel)).unwrap()
}

/// All files under `root` (relative paths, sorted), skipping `skip` folder names.
pub fn files(root: &Path, skip: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let entry = entry.unwrap();
            let name = entry.file_name().to_string_lossy().into_owned();
            let ft = entry.file_type().unwrap();
            if ft.is_dir() {
                if !skip.contains(&name.as_str()) {
                    stack.push(entry.path());
                }
            } else {
                out.push(
                    entry
                        .path()
                        .strip_prefix(root)
                        .unwrap()
                        .to_string_lossy()
                        .into_owned(),
                );
            }
        }
    }
    out.sort();
    out
}

fn is_agent_header(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with("> [!answer] vault-agent")
        || l.starts_with("> [!question] vault-agent")
        || l.starts_with("> [!failure] vault-agent")
}

/// Asserts `after` is `before` plus agent callouts only (each possibly followed by the one
/// blank line the agent adds when text follows directly). Returns how many were added.
pub fn assert_only_callouts_added(before: &str, after: &str) -> usize {
    let o: Vec<&str> = before.split_inclusive('\n').collect();
    let r: Vec<&str> = after.split_inclusive('\n').collect();
    let (mut i, mut j, mut added) = (0, 0, 0);
    while j < r.len() {
        if i < o.len() && o[i] == r[j] {
            i += 1;
            j += 1;
            continue;
        }
        assert!(
            is_agent_header(r[j]),
            "line {} of the result is neither the person's text nor an agent callout: {:?}\n--- before ---\n{before}\n--- after ---\n{after}",
            j + 1,
            r[j]
        );
        added += 1;
        j += 1;
        while j < r.len() && r[j].starts_with('>') {
            j += 1;
        }
        if j < r.len() && r[j].trim().is_empty() && (i >= o.len() || !o[i].trim().is_empty()) {
            j += 1;
        }
    }
    assert_eq!(
        i,
        o.len(),
        "the person's text was not all kept\n--- before ---\n{before}\n--- after ---\n{after}"
    );
    added
}

/// Number of agent callouts in a text.
pub fn callout_count(text: &str) -> usize {
    text.lines().filter(|l| is_agent_header(l)).count()
}

/// An empty vault answered by the offline engine.
pub fn offline_vault() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        ".vault-agent/config.yaml",
        "llm:\n  default_provider: offline\n",
    );
    dir
}

/// The first line of `ask`'s answer to `question` in `vault`: what a reader sees first.
pub fn lead(vault: &Path, question: &str) -> String {
    let out = run(&["--vault", vault.to_str().unwrap(), "ask", question]);
    assert!(out.status.success(), "{question}: {out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or_default()
        .to_string()
}

/// A small vault: a run on Fri 2026-11-20 and, in the Sat 2026-11-21 daily note, sleep and
/// the ready question "how far did I run yesterday"; `config` is the whole config.yaml.
pub fn question_vault(config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        "Daily/2026-11-20.md",
        "## 07:00 Run\neasy run 6 km in 33 min\n",
    );
    write(
        v,
        "Daily/2026-11-21.md",
        "## 08:00\nslept 7h\n\n? how far did I run yesterday\n",
    );
    write(v, ".vault-agent/config.yaml", config);
    dir
}

/// The parsed records of one day (`YYYY-MM-DD`) from the vault's index.db, as JSON.
pub fn day_records(vault: &Path, date: &str) -> Vec<serde_json::Value> {
    let db = vault_agent::vault::db::RecordDb::open(&vault.join(".vault-agent/index.db")).unwrap();
    let day = date.parse().unwrap();
    db.between(day, day)
        .unwrap()
        .into_iter()
        .map(|r| serde_json::to_value(r).unwrap())
        .collect()
}

/// Whether the tests run as root, for whom permission bits do not stop writes.
pub fn is_root() -> bool {
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
}

/// Makes `cmd` run with the permissions of an ordinary user, so that a folder without
/// write permission stops it as it would stop a person's own run. As root (containers,
/// CI), the vault is handed to `nobody` and the command runs as `nobody`; otherwise the
/// command is left as it is.
/// Returns false (with the reason printed) when that is not possible: as root, when
/// `nobody` cannot reach the binary (a checkout under a private folder).
#[cfg(unix)]
pub fn unprivileged(cmd: &mut Command, vault: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    use std::os::unix::process::CommandExt;
    if !is_root() {
        return true;
    }
    let binary = Path::new(env!("CARGO_BIN_EXE_vault-agent"));
    let reachable = binary.ancestors().all(|p| {
        p.as_os_str().is_empty()
            || std::fs::metadata(p).is_ok_and(|m| m.permissions().mode() & 0o001 != 0)
    });
    if !reachable {
        eprintln!(
            "skipped: running as root and {} is not reachable by `nobody`, so permission bits cannot be tested",
            binary.display()
        );
        return false;
    }
    const NOBODY: u32 = 65534;
    chown_tree(vault, NOBODY);
    cmd.uid(NOBODY).gid(NOBODY);
    true
}

/// Hands `path` (and what is under it) to the user [`unprivileged`] commands run as, for
/// files a test creates after the command started; nothing when not root.
#[cfg(unix)]
pub fn hand_over(path: &Path) {
    if is_root() {
        chown_tree(path, 65534);
    }
}

#[cfg(unix)]
fn chown_tree(path: &Path, id: u32) {
    std::os::unix::fs::lchown(path, Some(id), Some(id)).unwrap();
    if std::fs::symlink_metadata(path).unwrap().is_dir() {
        for entry in std::fs::read_dir(path).unwrap() {
            chown_tree(&entry.unwrap().path(), id);
        }
    }
}

/// Makes every file `cmd` writes stop at `bytes` (RLIMIT_FSIZE, with SIGXFSZ ignored so a
/// write past it fails with an error instead of killing the process): a full disk for the
/// files that would grow past it, whoever runs the tests.
#[cfg(unix)]
pub fn limit_file_size(cmd: &mut Command, bytes: u64) {
    use std::os::unix::process::CommandExt;
    // SAFETY: setrlimit and signal are async-signal-safe; nothing is allocated.
    unsafe {
        cmd.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: bytes as libc::rlim_t,
                rlim_max: bytes as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            Ok(())
        });
    }
}

/// A `vault-agent` command with the offline engine and no inherited vault.
pub fn command(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_vault-agent"));
    cmd.args(args)
        .env_remove("VAULT_AGENT_VAULT")
        .env("VAULT_AGENT_PROVIDER", "offline");
    cmd
}

/// Runs a command; returns stdout, stderr and the exit code.
pub fn output(cmd: &mut Command) -> (String, String, i32) {
    let out = cmd.output().expect("binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// Polls `check` until it holds or `limit` has passed (then checks once more).
pub fn wait_for(mut check: impl FnMut() -> bool, limit: std::time::Duration) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if check() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    check()
}

/// A child process (a running `watch`) killed when the test ends, pass or fail.
pub struct KillOnDrop(pub std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
