//! The Observer end to end: a significant log updates `global-context.md` at once while
//! watching, and the context file stays within its token budget without losing a line.

mod support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use support::*;

fn context(v: &std::path::Path) -> String {
    std::fs::read_to_string(v.join("global-context.md")).unwrap_or_default()
}

#[cfg(unix)]
#[test]
fn while_watching_a_new_best_or_a_first_run_shows_in_the_context_at_once() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        "watch:\n  debounce_ms: 200\n",
    );
    write(v, "Daily/2026-11-20.md", "## 07:00\nbench 3x5 @ 80kg\n");
    let note = "Daily/2026-11-21.md";
    write(v, note, "## 08:00\nslept 7h\n");

    let mut child = KillOnDrop(
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(["watch", v.to_str().unwrap()])
            .env("VAULT_AGENT_PROVIDER", "offline")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let mut lines = BufReader::new(child.0.stdout.take().unwrap()).lines();
    let started = lines.next().unwrap().unwrap();
    assert!(started.starts_with("watching"), "{started}");
    assert!(
        wait_for(
            || context(v).contains("- best bench press: 80 kg"),
            Duration::from_secs(20)
        ),
        "{}",
        context(v)
    );

    // A lighter bench is no news: the context waits for its next refresh.
    let before = context(v);
    let mut text = read(v, note);
    text.push_str("\n## 09:00\nbench 3x5 @ 70kg\n");
    write(v, note, &text);
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(context(v), before);

    // A heavier one is written down right away.
    text.push_str("\n## 10:00\nbench 3x5 @ 85kg\n");
    write(v, note, &text);
    assert!(
        wait_for(
            || context(v).contains("- best bench press: 85 kg × 5 reps × 3 sets on 2026-11-21"),
            Duration::from_secs(10)
        ),
        "{}",
        context(v)
    );

    // So is the first run ever logged.
    text.push_str("\n## 18:00\nran 5 km in 27 min\n");
    write(v, note, &text);
    assert!(
        wait_for(
            || context(v).contains("- longest run: 5 km on 2026-11-21"),
            Duration::from_secs(10)
        ),
        "{}",
        context(v)
    );
}

#[test]
fn over_budget_old_observer_lines_move_to_the_archive_and_the_persons_lines_stay() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        "Daily/2026-11-16.md",
        "## 07:00\nsquat 5x5 @ 100kg\nbench 3x5 @ 80kg\ndeadlift 1x5 @ 140kg\n",
    );
    write(v, "Daily/2026-11-18.md", "## 07:00\nran 8 km in 45 min\n");
    process(v);
    let first = context(v);
    assert!(first.contains("- best squat: 100 kg"), "{first}");

    // The person adds their own lines, then asks for a much smaller file.
    let mine = "- Training for the Berlin marathon in April: runs come first.\n\
                - Left knee: no deep squats on consecutive days.\n";
    let edited = first.replace("## Preferences\n", &format!("## Preferences\n{mine}"));
    write(v, "global-context.md", &edited);
    write(
        v,
        ".vault-agent/config.yaml",
        "limits:\n  max_global_context_tokens: 100\n",
    );
    write(v, "Daily/2026-11-21.md", "## 07:00\nsquat 5x5 @ 105kg\n");
    process(v);

    let after = context(v);
    let archive = read(v, "global-context-archive.md");
    assert!(after.len() <= 400, "{after}");
    // Every line the person wrote is still there, byte for byte and in order.
    assert!(after.contains(mine), "{after}");
    assert!(after.starts_with("---\nlast_updated:"), "{after}");
    // What left the context is in the archive, not lost.
    for line in first.lines().filter(|l| l.starts_with("- ")) {
        assert!(
            after.contains(line) || archive.contains(line) || line.starts_with("- best squat"),
            "{line} lost:\n{after}\n{archive}"
        );
    }
    assert!(archive.contains("## Archived "), "{archive}");
    assert!(!archive.contains("Berlin"), "{archive}");

    // A later pass with nothing new leaves both files alone.
    write(v, "Daily/2026-11-22.md", "## 07:00\nslept 7h\n");
    process(v);
    assert_eq!(context(v), after);
    assert_eq!(read(v, "global-context-archive.md"), archive);
}

#[test]
fn once_a_day_the_context_is_refreshed_even_when_nothing_changed() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let day = chrono::Local::now().date_naive() - chrono::Duration::days(3);
    write(
        v,
        &format!("Daily/{day}.md"),
        "## 07:00\nran 8 km in 45 min\n",
    );
    process(v);
    let fresh = context(v);
    let current = "- weekly running volume: about 2 km a week over the last 4 weeks (tentative)";
    assert!(fresh.contains(current), "{fresh}");

    // As the context stood yesterday: a summary from data since gone stale.
    let stale = "- weekly running volume: about 9 km a week over the last 4 weeks (tentative)";
    let set_back = |refreshed: &str| {
        write(v, "global-context.md", fresh.replace(current, stale));
        let path = v.join(".vault-agent/state.json");
        let mut state: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        state["observer"]["weekly running volume"] = stale.into();
        state["observer"]["@refreshed"] = refreshed.into();
        std::fs::write(&path, state.to_string()).unwrap();
    };

    // Refreshed today already: a pass with nothing new leaves the file alone.
    set_back(&chrono::Local::now().date_naive().to_string());
    process(v);
    assert!(context(v).contains(stale), "{}", context(v));

    // Last refreshed yesterday: the first pass of the day brings the summary up to date.
    let yesterday = chrono::Local::now().date_naive() - chrono::Duration::days(1);
    set_back(&yesterday.to_string());
    process(v);
    assert!(context(v).contains(current), "{}", context(v));
}
