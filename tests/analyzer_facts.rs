//! The model flow starts from the offline engine's numbers: for several kinds of question
//! (a total, a best, an average, the last time), the Analyzer's input over the scripted
//! server carries the numbers computed from the notes.

mod support;

use std::process::Command;

use support::llm_server::ScriptedLlm;
use support::*;

#[test]
fn the_analyzer_gets_the_computed_total_best_average_and_last_time() {
    let server = ScriptedLlm::start();
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        ".vault-agent/config.yaml",
        format!(
            "llm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  retry: {{ backoff_ms: 5 }}\n",
            server.base()
        ),
    );
    // (day, km, squat kg, hours slept)
    let days = [
        (10, 5.0, 100.0, 7.0),
        (12, 8.5, 105.0, 6.5),
        (14, 6.0, 102.5, 8.0),
        (16, 10.0, 97.5, 7.5),
    ];
    for (day, km, squat, slept) in days {
        write(
            v,
            &format!("Daily/2026-11-{day}.md"),
            format!("## 07:00\nslept {slept}h\n\n## 18:00\nran {km} km\nsquat {squat}kg 5x5\n"),
        );
    }
    let total: f64 = days.iter().map(|d| d.1).sum();
    let best = days.iter().map(|d| d.2).fold(0.0, f64::max);
    let mean = days.iter().map(|d| d.3).sum::<f64>() / days.len() as f64;
    // Shown to one decimal, as the person reads it.
    let mean = (mean * 10.0).round() / 10.0;
    let last = days.iter().map(|d| d.0).max().unwrap();
    write(
        v,
        "Daily/2026-11-20.md",
        "? how many km did I run in November 2026\n\n? what is my heaviest squat\n\n? how much did I sleep on average in November 2026\n\n? when did I last run\n",
    );
    let out = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["process", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_PROVIDER")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let analyzer: Vec<String> = server
        .calls("analyzer")
        .iter()
        .map(|r| r.conversation())
        .collect();
    let asked = |question: &str| -> String {
        analyzer
            .iter()
            .find(|c| c.contains(question))
            .unwrap_or_else(|| panic!("no Analyzer call for “{question}” in {analyzer:#?}"))
            .clone()
    };
    let km = asked("how many km did I run");
    assert!(
        km.contains(&format!("{total} km")),
        "total {total} km: {km}"
    );
    let squat = asked("heaviest squat");
    assert!(
        squat.contains(&format!("{best} kg")),
        "best {best} kg: {squat}"
    );
    let sleep = asked("sleep on average");
    assert!(sleep.contains(&format!("{mean}")), "mean {mean} h: {sleep}");
    let run = asked("when did I last run");
    assert!(
        run.contains(&format!("Nov {last}")),
        "last run Nov {last}: {run}"
    );
}
