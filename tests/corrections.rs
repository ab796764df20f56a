//! Corrections end to end (seed §5.5): a correction changes the parsed data that later
//! answers and `global-context.md` read, is written under the entry it corrects, survives a
//! reindex, and asks which entry when that is unclear.

mod support;

use chrono::{Duration, Local};
use serde_json::json;
use support::llm_server::{Reply, ScriptedLlm};
use support::models::*;
use support::*;

fn vault_with(notes: &[(i64, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        ".obsidian/daily-notes.json",
        r#"{"folder": "Daily"}"#,
    );
    for (days_ago, text) in notes {
        write(dir.path(), &note_of(*days_ago), text);
    }
    process(dir.path());
    dir
}

fn note_of(days_ago: i64) -> String {
    let day = Local::now().date_naive() - Duration::days(days_ago);
    format!("Daily/{}.md", day.format("%Y-%m-%d"))
}

fn label_of(days_ago: i64) -> String {
    let day = Local::now().date_naive() - Duration::days(days_ago);
    day.format("%b %-d").to_string()
}

fn cli(vault: &std::path::Path, args: &[&str]) -> String {
    let mut all = vec!["--vault", vault.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

fn best_bench(vault: &std::path::Path) -> String {
    cli(vault, &["ask", "what is my best bench press?"])
}

#[test]
fn a_correction_changes_the_best_bench_in_answers_and_in_the_context() {
    let vault = vault_with(&[(1, "## 10:30\nbench 3x5 @ 85kg\n")]);
    let v = vault.path();
    assert!(best_bench(v).contains("85 kg"));
    let out = cli(v, &["input", "actually it was 82.5kg"]);
    assert!(
        out.contains(&format!("bench press on {}: 85 -> 82.5 kg", label_of(1))),
        "{out}"
    );
    let answer = best_bench(v);
    assert!(
        answer.contains("82.5 kg") && !answer.contains("**85 kg"),
        "{answer}"
    );
    let context = read(v, "global-context.md");
    assert!(context.contains("best bench press: 82.5 kg"), "{context}");
    // The change lasts: a rebuilt index reads it again from the note.
    cli(v, &["reindex"]);
    let answer = best_bench(v);
    assert!(
        answer.contains("82.5 kg") && !answer.contains("**85 kg"),
        "{answer}"
    );
    // And so does an edit elsewhere in the target's note (its entry is unchanged).
    let target = note_of(1);
    let text = read(v, &target);
    write(v, &target, format!("{text}\n## 18:00\nslept 7h\n"));
    process(v);
    assert!(best_bench(v).contains("82.5 kg"));
    let records = serde_json::to_string(&day_records(v, &target[6..16])).unwrap();
    assert!(records.contains("\"corrections\":[{"), "{records}");
}

#[test]
fn a_cli_correction_is_written_under_the_entry_it_corrects() {
    let vault = vault_with(&[(1, "## 10:30\nbench 3x5 @ 85kg\n")]);
    let v = vault.path();
    let before = read(v, &note_of(1));
    cli(v, &["input", "actually it was 82.5kg"]);
    let after = read(v, &note_of(1));
    assert!(after.starts_with(&before), "nothing already there changes");
    let added = &after[before.len()..];
    assert!(
        added.starts_with("\n## ") && added.contains(" [correction]\n"),
        "{added:?}"
    );
    assert!(
        added.ends_with(
            "actually it was 82.5kg\n\nCorrection: bench press weight (10:30): 85 -> 82.5 kg\n"
        ),
        "{added:?}"
    );
    assert!(
        !v.join(note_of(0)).exists(),
        "nothing is appended to today's note"
    );
}

#[test]
fn a_correction_naming_the_lift_finds_its_most_recent_entry() {
    let vault = vault_with(&[
        (2, "## 07:00\nbench 3x5 @ 85kg, squat 3x5 @ 100kg\n"),
        (1, "## 07:00\nsquat 3x5 @ 105kg\n"),
    ]);
    let v = vault.path();
    let out = cli(v, &["input", "actually the bench was 82.5kg"]);
    assert!(
        out.contains(&format!("bench press on {}: 85 -> 82.5 kg", label_of(2))),
        "{out}"
    );
    assert!(read(v, &note_of(2)).contains("[correction]"));
    assert!(!read(v, &note_of(1)).contains("[correction]"));
}

#[test]
fn an_unclear_correction_asks_which_entry_and_changes_nothing() {
    let vault = vault_with(&[(1, "## 07:00\nbench 3x5 @ 85kg, squat 3x5 @ 100kg\n")]);
    let v = vault.path();
    let before = read(v, &note_of(1));
    let out = cli(v, &["input", "actually it was 90kg"]);
    assert!(out.contains("Which entry do you mean?"), "{out}");
    assert!(
        out.contains("bench press") && out.contains("squat"),
        "{out}"
    );
    assert_eq!(read(v, &note_of(1)), before);
    assert!(!v.join(note_of(0)).exists());
    assert!(best_bench(v).contains("85 kg"));
}

#[test]
fn a_correction_line_written_in_a_note_is_applied_and_not_counted_as_a_log() {
    let vault = vault_with(&[(1, "## 10:30\nbench 3x5 @ 85kg\n")]);
    let v = vault.path();
    let today = note_of(0);
    write(v, &today, "## 07:00\nactually the bench was 82.5kg\n");
    process(v);
    assert_eq!(read(v, &today), "## 07:00\nactually the bench was 82.5kg\n");
    let answer = best_bench(v);
    assert!(
        answer.contains("82.5 kg") && answer.contains("1 entry"),
        "{answer}"
    );
    cli(v, &["reindex"]);
    assert!(best_bench(v).contains("82.5 kg"));
}

#[test]
fn two_inputs_in_the_same_minute_get_distinct_headings() {
    let vault = vault_with(&[]);
    let v = vault.path();
    cli(v, &["input", "ran 5 km"]);
    cli(v, &["input", "slept 7h"]);
    let note = read(v, &note_of(0));
    let headings: Vec<&str> = note.lines().filter(|l| l.starts_with("## ")).collect();
    assert_eq!(headings.len(), 2, "{note}");
    assert_ne!(headings[0], headings[1], "{note}");
    if headings[1].starts_with(headings[0]) {
        assert_eq!(headings[1], format!("{} (2)", headings[0]));
    }
}

/// Yesterday's bench at 10:30 and squat at 18:00, read with the scripted server as every
/// agent's model. The rules alone take "actually it was 82.5kg" to be about the squat (the
/// most recent kg number).
fn lifts_with_models(server: &ScriptedLlm) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", model_config_with(server, ""));
    write(
        v,
        &note_of(1),
        "## 10:30\nbench 3x5 @ 85kg\n\n## 18:00\nsquat 3x5 @ 100kg\n",
    );
    process_with_models(v, &[]);
    dir
}

/// The Parser requests made in correction mode.
fn correction_reads(server: &ScriptedLlm) -> Vec<support::llm_server::Recorded> {
    server
        .calls("parser")
        .into_iter()
        .filter(|c| c.system().contains("reading a correction"))
        .collect()
}

/// The weights of yesterday's records, as `name weight` strings.
fn weights(v: &std::path::Path) -> String {
    let day = note_of(1)[6..16].to_string();
    serde_json::to_string(&day_records(v, &day)).unwrap()
}

#[test]
fn with_models_the_router_and_parser_read_the_correction() {
    let server = ScriptedLlm::start();
    let vault = lifts_with_models(&server);
    let v = vault.path();
    server.script(
        "router",
        [Reply::Json(json!({
            "reasoning": "fixes a logged weight", "input_type": "correction", "confidence": 0.9,
            "selected_domains": ["strength"], "correction_target": "the morning lift"
        }))],
    );
    let bench = format!("{}#1", note_of(1));
    server.script_matching(
        "parser",
        "reading a correction",
        [Reply::Json(json!({
            "reasoning": "the morning lift is the bench", "target_id": bench,
            "activity": "bench press", "measure": "weight", "new_value": 82.5
        }))],
    );
    let reply = json_with_models(v, &["input", "actually it was 82.5kg"]);
    assert_eq!(reply["kind"], "correction", "{reply}");
    assert_eq!(
        reply["said"],
        format!(
            "corrected bench press on {}: 85 -> 82.5 kg (noted in {})",
            label_of(1),
            note_of(1)
        ),
        "{reply}"
    );
    let routed = input_of(&server.calls("router")[0]);
    assert_eq!(routed["raw_input"], "actually it was 82.5kg");
    let reads = correction_reads(&server);
    assert_eq!(reads.len(), 1);
    let asked = input_of(&reads[0]);
    assert_eq!(asked["target_hint"], "the morning lift");
    assert_eq!(asked["candidates"].as_array().unwrap().len(), 2, "{asked}");
    let note = read(v, &note_of(1));
    assert!(
        note.ends_with(
            "actually it was 82.5kg\n\nCorrection: bench press weight (10:30): 85 -> 82.5 kg\n"
        ),
        "{note}"
    );
    let records = weights(v);
    assert!(records.contains("\"weight\":82.5"), "{records}");
    assert!(
        records.contains("\"weight\":100"),
        "the squat is unchanged: {records}"
    );
}

#[test]
fn each_correction_step_falls_back_to_the_rules_on_its_own() {
    let server = ScriptedLlm::start();
    let vault = lifts_with_models(&server);
    let v = vault.path();
    // The Router fails; the Parser names a number the correction does not contain.
    server.script(
        "router",
        (0..6).map(|_| Reply::Status(500, None, "down".into())),
    );
    server.script_matching(
        "parser",
        "reading a correction",
        [Reply::Json(json!({
            "reasoning": "r", "target_id": format!("{}#1", note_of(1)),
            "activity": "bench press", "measure": "weight", "new_value": 80
        }))],
    );
    let reply = json_with_models(v, &["input", "actually it was 82.5kg"]);
    assert_eq!(
        reply["said"],
        format!(
            "corrected squat on {}: 100 -> 82.5 kg (noted in {})",
            label_of(1),
            note_of(1)
        ),
        "the rules' reading: {reply}"
    );
    assert!(!server.calls("router").is_empty());
    assert_eq!(correction_reads(&server).len(), 1);
    let trace = read(v, ".vault-agent/trace.jsonl");
    assert!(
        trace
            .lines()
            .any(|l| l.contains("\"agent\":\"parser\"") && l.contains("\"outcome\":\"rejected\"")),
        "{trace}"
    );
    assert!(
        weights(v).contains("\"weight\":85"),
        "the bench is unchanged"
    );
}

#[test]
fn input_the_router_does_not_read_as_a_correction_is_logged_as_written() {
    let server = ScriptedLlm::start();
    let vault = lifts_with_models(&server);
    let v = vault.path();
    server.script(
        "router",
        [Reply::Json(json!({
            "reasoning": "a new set", "input_type": "log", "confidence": 0.8, "selected_domains": []
        }))],
    );
    let before = read(v, &note_of(1));
    let reply = json_with_models(v, &["input", "actually I did 3 more reps"]);
    assert_eq!(reply["kind"], "log", "{reply}");
    assert_eq!(reply["logged_to"], note_of(0), "{reply}");
    assert_eq!(read(v, &note_of(1)), before);
    assert!(correction_reads(&server).is_empty());
}

#[test]
fn a_correction_naming_a_day_corrects_that_days_entry_and_never_takes_the_date_as_its_value() {
    // The correction written in a note, in English or German, with the day as ISO, slashed,
    // dotted or written out. Without the day, each would be about the later squat (Nov 22).
    let corrections = [
        "actually the squat on 2026-11-20 was 250, not 245",
        "actually the squat on 11/20/2026 was 250kg",
        "actually the squat on Nov 20 was 250",
        "actually the squat on 20 November 2026 was 250 kg",
        "Korrektur: die Kniebeuge am 2026-11-20 war 250, nicht 245",
        "Korrektur: die Kniebeuge am 20.11.2026 war 250 kg",
        "Korrektur: die Kniebeuge am 20/11/2026 war 250 kg",
        "eigentlich war die Kniebeuge am 20. November 250, nicht 245",
    ];
    for correction in corrections {
        let dir = tempfile::tempdir().unwrap();
        let v = dir.path();
        write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
        write(v, "Daily/2026-11-20.md", "## 07:00\nsquat 3x5 @ 245kg\n");
        write(v, "Daily/2026-11-22.md", "## 07:00\nsquat 3x5 @ 260kg\n");
        write(
            v,
            "Daily/2026-11-23.md",
            format!("## 08:00\n{correction}\n"),
        );
        let (stdout, _) = process(v);
        let corrected = serde_json::to_string(&day_records(v, "2026-11-20")).unwrap();
        assert!(
            corrected.contains("250") && corrected.contains("\"corrections\":[{"),
            "{correction}: {corrected}\n{stdout}"
        );
        let later = serde_json::to_string(&day_records(v, "2026-11-22")).unwrap();
        assert!(
            later.contains("260") && !later.contains("\"corrections\":[{"),
            "{correction}: {later}"
        );
        assert!(
            !corrected.contains("2026.0") && !corrected.contains(":2026"),
            "{corrected}"
        );
    }
}

#[test]
fn a_correction_given_as_input_finds_the_day_it_names() {
    let vault = vault_with(&[
        (3, "## 07:00\nsquat 3x5 @ 100kg\n"),
        (1, "## 07:00\nsquat 3x5 @ 110kg\n"),
    ]);
    let v = vault.path();
    let day = Local::now().date_naive() - Duration::days(3);
    for (text, to) in [
        (
            format!(
                "actually the squat on {} was 102.5kg",
                day.format("%Y-%m-%d")
            ),
            "102.5",
        ),
        (
            format!(
                "Korrektur: die Kniebeuge am {} war 105 kg",
                day.format("%d.%m.%Y")
            ),
            "105",
        ),
    ] {
        let out = cli(v, &["input", &text]);
        assert!(
            out.contains(&format!("squat on {}: ", label_of(3)))
                && out.contains(&format!("-> {to} kg")),
            "{text}: {out}"
        );
    }
    assert!(!read(v, &note_of(1)).contains("[correction]"));
}
