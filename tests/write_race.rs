//! Races on a real disk: the person appends to a note and saves it every few milliseconds
//! while answers, living updates and logged sections are written into the same note. Every
//! line the person wrote must survive, whatever the timing.
//!
//! `WRITE_RACE_MS` sets how long each run lasts (default 1500 ms per case).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use vault_agent::vault::append::append_section;
use vault_agent::vault::writeback::{insert_all, Insert};

/// How the person's side writes.
#[derive(Clone, Copy, Debug)]
enum Person {
    /// A sync client or a script: open for append, write, close.
    Appends,
    /// An editor: read the note, add a line somewhere, write it back (in place or by
    /// renaming a temp file over it), mixed with appends.
    Saves,
}

fn run_for() -> Duration {
    let ms = std::env::var("WRITE_RACE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500);
    Duration::from_millis(ms)
}

/// Writes the person's numbered lines until `stop`; returns every line written.
fn person(path: PathBuf, how: Person, stop: Arc<AtomicBool>) -> Vec<String> {
    let mut written = Vec::new();
    let mut n = 0u32;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let line = format!("person line {n} ✓");
        let question = n.is_multiple_of(5).then(|| format!("? question {n}"));
        let save = matches!(how, Person::Saves) && n.is_multiple_of(3);
        if save {
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let mut lines: Vec<&str> = text.lines().collect();
            // Inserted after a person's line (never inside our callouts), or at the top.
            let at = lines
                .iter()
                .rposition(|l| l.starts_with("person line"))
                .map_or(0, |i| i + 1);
            lines.insert(at, &line);
            let mut next = lines.join("\n");
            next.push('\n');
            if n.is_multiple_of(2) {
                std::fs::write(&path, next).unwrap();
            } else {
                let tmp = path.with_file_name(".editor-save.tmp");
                std::fs::write(&tmp, next).unwrap();
                std::fs::rename(&tmp, &path).unwrap();
            }
        } else {
            let mut chunk = format!("{line}\n");
            if let Some(q) = &question {
                chunk.push_str(q);
                chunk.push('\n');
            }
            let mut f = std::fs::OpenOptions::new()
                .append(true)
                .open(&path)
                .unwrap();
            f.write_all(chunk.as_bytes()).unwrap();
        }
        written.push(line);
        std::thread::sleep(Duration::from_micros(fastrand::u64(0..3000)));
    }
    written
}

/// Answers every unanswered question and logs a section now and then, until `stop`.
fn agent(path: &Path, stop: &AtomicBool) -> usize {
    let mut writes = 0;
    let mut round = 0u32;
    while !stop.load(Ordering::Relaxed) {
        round += 1;
        // A save caught half way (cut inside a character) is read again next round.
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let lines: Vec<&str> = text.lines().collect();
        let open: Vec<String> = lines
            .iter()
            .enumerate()
            .filter(|(i, l)| {
                l.starts_with("? question")
                    && !lines
                        .get(i + 1)
                        .is_some_and(|next| next.starts_with("> [!answer]"))
            })
            .map(|(_, l)| l.trim_start_matches("? ").to_string())
            .collect();
        let callouts: Vec<String> = open
            .iter()
            .map(|q| format!("> [!answer] vault-agent · 2026-11-21 10:00\n> {q} answered\n"))
            .collect();
        let inserts: Vec<Insert> = open
            .iter()
            .zip(&callouts)
            .map(|(q, c)| Insert {
                question: q,
                reply: None,
                line_hint: 0,
                callout: c,
                over_pending_only: false,
            })
            .collect();
        if !inserts.is_empty() {
            insert_all(path, &inserts, Duration::ZERO, 1 << 24).unwrap();
            writes += 1;
        }
        if round.is_multiple_of(4) {
            append_section(path, "10:00", None, &format!("ran {round} km")).unwrap();
            writes += 1;
        }
        std::thread::sleep(Duration::from_micros(fastrand::u64(0..2000)));
    }
    writes
}

fn race(how: Person) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("2026-11-21.md");
    std::fs::write(&path, "# Sat\n? question 0\n").unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let typist = {
        let (path, stop) = (path.clone(), stop.clone());
        std::thread::spawn(move || person(path, how, stop))
    };
    let agent_stop = Arc::new(AtomicBool::new(false));
    let writer = {
        let (path, stop) = (path.clone(), agent_stop.clone());
        std::thread::spawn(move || agent(&path, &stop))
    };
    let start = Instant::now();
    while start.elapsed() < run_for() {
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Ordering::Relaxed);
    let written = typist.join().unwrap();
    agent_stop.store(true, Ordering::Relaxed);
    let writes = writer.join().unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let kept: std::collections::HashSet<&str> = text.lines().collect();
    let lost: Vec<&String> = written
        .iter()
        .filter(|l| !kept.contains(l.as_str()))
        .collect();
    assert!(writes > 5, "the agent wrote only {writes} times");
    assert!(
        lost.is_empty(),
        "{how:?}: {} of {} lines the person wrote were lost ({} writes of ours), first: {:?}",
        lost.len(),
        written.len(),
        writes,
        lost.first()
    );
}

#[test]
fn appends_racing_answers_and_logs_are_all_kept() {
    for _ in 0..3 {
        race(Person::Appends);
    }
}

#[test]
fn saves_racing_answers_and_logs_are_all_kept() {
    for _ in 0..3 {
        race(Person::Saves);
    }
}
