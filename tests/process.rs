//! `vault-agent process` end to end, on temp copies of the sample vault and on generated
//! vaults it has never seen.

mod support;

use std::collections::BTreeMap;

use support::*;

#[test]
fn sample_vault_every_ready_question_gets_exactly_one_callout() {
    let vault = temp_sample();
    let before: BTreeMap<String, String> = files(vault.path(), &[".obsidian"])
        .into_iter()
        .filter(|f| f.ends_with(".md"))
        .map(|f| (f.clone(), read(vault.path(), &f)))
        .collect();
    let (stdout, _) = process(vault.path());
    assert!(stdout.contains("6 questions answered"), "{stdout}");

    let today = read(vault.path(), "Daily/2026-11-21.md");
    assert_eq!(
        assert_only_callouts_added(&before["Daily/2026-11-21.md"], &today),
        6
    );
    // Every other note is byte-for-byte what the person wrote.
    for (rel, text) in &before {
        if rel != "Daily/2026-11-21.md" {
            assert_eq!(&read(vault.path(), rel), text, "{rel} changed");
        }
    }
    // Each answer sits directly under its question.
    let lines: Vec<&str> = today.lines().collect();
    for (n, line) in lines.iter().enumerate() {
        if line.starts_with("? ") {
            assert!(
                lines[n + 1].starts_with("> [!answer] vault-agent"),
                "{line}"
            );
        }
    }
}

#[test]
fn second_run_changes_nothing() {
    let vault = temp_sample();
    // Notes as old as a person's usually are: the first run remembers their stamps (a
    // note changed in the last seconds is read again, and its stamp remembered then).
    std::thread::sleep(std::time::Duration::from_millis(3500));
    process(vault.path());
    let snapshot: Vec<(String, Vec<u8>)> = files(vault.path(), &[])
        .into_iter()
        .map(|f| {
            let bytes = std::fs::read(vault.path().join(&f)).unwrap();
            (f, bytes)
        })
        .collect();
    // The notes the first run wrote answers into are old enough by now for their stamps to
    // be trusted: the first run remembered them already, and the second has nothing to add.
    std::thread::sleep(std::time::Duration::from_millis(3500));
    let (stdout, _) = process(vault.path());
    assert!(stdout.starts_with("0 questions answered"), "{stdout}");
    assert!(
        stdout.contains("0 entries parsed from 0 changed"),
        "{stdout}"
    );
    for (rel, bytes) in snapshot {
        assert_eq!(
            std::fs::read(vault.path().join(&rel)).unwrap(),
            bytes,
            "{rel} changed on the second run"
        );
    }
}

#[test]
fn answers_cite_the_notes_that_hold_the_facts() {
    let vault = temp_sample();
    process(vault.path());
    let today = read(vault.path(), "Daily/2026-11-21.md");
    let heavy = today
        .split("? Why did my bench feel heavy last week?\n")
        .nth(1)
        .unwrap()
        .split("\n\n?")
        .next()
        .unwrap();
    // The notes of last week (Nov 9-15) that mention a heavy bench, found from the raw text.
    let mut expected = Vec::new();
    for day in 9..=15 {
        let rel = format!("Daily/2026-11-{day:02}.md");
        let text = read(vault.path(), &rel);
        if text
            .lines()
            .any(|l| l.contains("Bench") && l.contains("heavy"))
        {
            expected.push(format!("[[2026-11-{day:02}"));
        }
    }
    assert!(!expected.is_empty());
    for link in expected {
        assert!(heavy.contains(&link), "missing {link} in:\n{heavy}");
    }
    assert!(heavy.contains("without a model"), "{heavy}");
    // Nothing outside last week is cited for it.
    assert!(!heavy.contains("[[2026-11-16"), "{heavy}");

    let groceries = today
        .split("? How much did I spend on groceries in October?\n")
        .nth(1)
        .unwrap();
    assert!(
        groceries.contains("I found no *spend, groceries*"),
        "{groceries}"
    );
}

#[test]
fn records_are_stored_exported_and_rebuilt_by_reindex() {
    let vault = temp_sample();
    let v = vault.path();
    process(v);
    let entries = day_records(v, "2026-11-13");
    let gym = entries
        .iter()
        .find(|e| e["heading"] == "17:30 Gym")
        .expect("gym entry");
    assert_eq!(gym["id"], "Daily/2026-11-13.md#3");
    assert_eq!(
        gym["domain_data"]["strength"]["exercises"][0]["weight"],
        185.0
    );
    assert_eq!(
        gym["domain_data"]["strength"]["exercises"][0]["name"],
        "bench press"
    );
    let export = |args: &[&str]| {
        let mut all = vec!["export", v.to_str().unwrap()];
        all.extend_from_slice(args);
        let out = run(&all);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = export(&[
        "--domain",
        "strength",
        "--from",
        "2026-11-13",
        "--to",
        "2026-11-13",
    ]);
    assert!(
        csv.starts_with(
            "date,time,note,entry,domain,activity,measure,value,unit,doubtful,source\n"
        ),
        "{csv}"
    );
    assert!(
        csv.contains("2026-11-13,17:30,Daily/2026-11-13.md,Daily/2026-11-13.md#3,strength,bench press,weight,185,"),
        "{csv}"
    );
    assert!(
        csv.lines()
            .skip(1)
            .all(|l| l.starts_with("2026-11-13,") && l.contains(",strength,")),
        "{csv}"
    );
    let before = export(&["--format", "jsonl"]);
    assert!(before
        .lines()
        .all(|l| serde_json::from_str::<serde_json::Value>(l).is_ok()));

    std::fs::remove_file(v.join(".vault-agent/index.db")).unwrap();
    let out = run(&["reindex", "--vault", v.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(export(&["--format", "jsonl"]), before);
    // A damaged file is rebuilt, not trusted.
    std::fs::write(v.join(".vault-agent/index.db"), b"not a database").unwrap();
    let _ = std::fs::remove_file(v.join(".vault-agent/index.db-wal"));
    assert_eq!(export(&["--format", "jsonl"]), before);
}

#[test]
fn export_per_record_gives_one_row_per_lift_run_and_night_with_columns() {
    let vault = temp_sample();
    let v = vault.path();
    let export = |args: &[&str]| {
        let mut all = vec!["export", v.to_str().unwrap(), "--shape", "records"];
        all.extend_from_slice(args);
        let out = run(&all);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    let csv = export(&["--from", "2026-11-20", "--to", "2026-11-20"]);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "date,time,domain,activity,weight,unit,reps,sets,distance_km,duration_min,pace_min_per_km,value,note,link,entry,doubtful,source"
    );
    assert!(
        lines.contains(&"2026-11-20,17:30,strength,squat,245,,5,3,,,,,Daily/2026-11-20.md,[[2026-11-20#17:30 Gym]],Daily/2026-11-20.md#2,false,offline-rules"),
        "{csv}"
    );
    assert!(
        lines.contains(&"2026-11-20,07:10,general,sleep_hours,,h,,,,,,7,Daily/2026-11-20.md,[[2026-11-20#07:10]],Daily/2026-11-20.md#1,false,offline-rules"),
        "{csv}"
    );
    let runs = export(&[
        "--domain",
        "running",
        "--format",
        "jsonl",
        "--from",
        "2026-11-19",
        "--to",
        "2026-11-19",
    ]);
    let rows: Vec<serde_json::Value> = runs
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 1, "{runs}");
    assert_eq!(rows[0]["activity"], "run");
    assert_eq!(rows[0]["distance_km"], 6.5);
    assert_eq!(rows[0]["duration_min"], 36);
    assert_eq!(rows[0]["link"], "[[2026-11-19#06:45 Run]]");
    // The same numbers as the one-fact-per-row shape.
    let facts = run(&[
        "export",
        v.to_str().unwrap(),
        "--domain",
        "running",
        "--from",
        "2026-11-19",
        "--to",
        "2026-11-19",
    ]);
    let facts = String::from_utf8(facts.stdout).unwrap();
    assert!(facts.contains(",run,distance_km,6.5,km,"), "{facts}");
}

#[test]
fn editing_an_entry_reparses_only_that_entry() {
    let vault = temp_sample();
    process(vault.path());
    let rel = "Daily/2026-11-13.md";
    let text = read(vault.path(), rel).replace("Bench 185x3x3", "Bench 175x3x3");
    write(vault.path(), rel, text);
    let (stdout, _) = process(vault.path());
    assert!(
        stdout.contains("1 entries parsed from 1 changed"),
        "{stdout}"
    );
    let json = serde_json::to_string(&day_records(vault.path(), "2026-11-13")).unwrap();
    assert!(json.contains("175.0") && !json.contains("185.0"), "{json}");
}

#[test]
fn traps_are_left_alone_and_named() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let traps = [
        (
            "Daily/2026-11-01.md",
            "```\n? inside code\n```\n".to_string(),
        ),
        (
            "Daily/2026-11-02.md",
            "> [!note]\n> ? inside my own callout\n".to_string(),
        ),
        ("Daily/2026-11-03.md", "ran 5 km\n? half typed".to_string()),
        (
            "Daily/2026-11-04.md",
            "? already answered\n> [!answer] vault-agent · 2026-11-04 10:00\n> yes\n".to_string(),
        ),
        (".trash/2026-11-05.md", "? deleted note\n".to_string()),
        (
            "Notes/big.md",
            format!("? huge\n{}", "x".repeat(5 * 1024 * 1024)),
        ),
    ];
    for (rel, text) in &traps {
        write(v, rel, text);
    }
    write(v, "Daily/2026-11-06.md", b"? latin1 caf\xe9\n");
    write(v, "Daily/2026-11-07.md", b"? binary\0\x01\x02\n");
    write(
        v,
        "Daily/2026-11-08.md",
        "---\ntags: [broken\n---\nran 3 km\n? how far did I run\n",
    );
    #[cfg(unix)]
    std::os::unix::fs::symlink(v.join("Daily"), v.join("Daily/loop")).unwrap();

    let (stdout, stderr) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    for (rel, text) in &traps {
        assert_eq!(&read(v, rel), text, "{rel} was touched");
    }
    assert_eq!(
        std::fs::read(v.join("Daily/2026-11-06.md")).unwrap(),
        b"? latin1 caf\xe9\n"
    );
    assert_eq!(
        std::fs::read(v.join("Daily/2026-11-07.md")).unwrap(),
        b"? binary\0\x01\x02\n"
    );
    // The broken-frontmatter note is still read and its question answered.
    let broken = read(v, "Daily/2026-11-08.md");
    assert_eq!(callout_count(&broken), 1);
    assert!(broken.contains("[[2026-11-08]]"), "{broken}");
    // Each skipped file is named with what to do.
    assert!(
        stderr.contains("Notes/big.md") && stderr.contains("limits.max_note_bytes"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Daily/2026-11-06.md") && stderr.contains("UTF-8"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Daily/2026-11-07.md") && stderr.contains("binary"),
        "{stderr}"
    );
    assert!(
        stderr.contains("Daily/2026-11-08.md") && stderr.contains("frontmatter"),
        "{stderr}"
    );
    #[cfg(unix)]
    assert!(stderr.contains("loop"), "{stderr}");
}

#[test]
fn bad_config_exits_2_naming_file_and_key() {
    let vault = temp_sample();
    write(
        vault.path(),
        ".vault-agent/config.yaml",
        "watch:\n  debounce_msec: 100\n",
    );
    let out = run(&["process", vault.path().to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("config.yaml") && stderr.contains("debounce_msec"),
        "{stderr}"
    );
    // Nothing was answered with a half-understood config.
    assert_eq!(callout_count(&read(vault.path(), "Daily/2026-11-21.md")), 0);
}

#[test]
fn missing_vault_exits_2() {
    let out = run(&["process", "/definitely/not/a/vault"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/definitely/not/a/vault"));
}

/// A vault unlike the sample: nested daily format with weekday names, another folder, a
/// topic note dated by frontmatter, an unanswered question in a list, CRLF line endings.
#[test]
fn generated_vault_with_other_conventions() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(
        v,
        ".obsidian/daily-notes.json",
        r#"{"folder": "Journal/Days", "format": "YYYY/MM/DD ddd"}"#,
    );
    let mut expected_km = Vec::new();
    for day in 1..=28u32 {
        let date = chrono::NaiveDate::from_ymd_opt(2025, 2, day).unwrap();
        let rel = format!("Journal/Days/{}.md", date.format("%Y/%m/%d %a"));
        let mut text = format!("- woke 7:{:02}\r\n", day % 60);
        if day % 4 == 0 {
            let km = 3 + day / 4;
            expected_km.push((date, km));
            text.push_str(&format!("- jogged {km} km by the canal\r\n"));
        }
        write(v, &rel, text);
    }
    write(
        v,
        "Areas/Health/Knee.md",
        "---\ndate: 2025-02-10\n---\nknee sore after jogging\n",
    );
    write(
        v,
        "Journal/Days/2025/03/01 Sat.md",
        "Saturday.\r\n\r\n- ? how often did I jog last month\r\n- and a normal item\r\n",
    );
    let before = read(v, "Journal/Days/2025/03/01 Sat.md");
    let (stdout, _) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    let after = read(v, "Journal/Days/2025/03/01 Sat.md");
    assert_eq!(assert_only_callouts_added(&before, &after), 1);
    assert!(
        !after.replace("\r\n", "").contains('\n'),
        "a CRLF note must stay CRLF:\n{after:?}"
    );
    // The count and distance are computed from what was written; every jog is cited, and
    // the topic note that mentions jogging is quoted as another matching entry.
    let total: u32 = expected_km.iter().map(|(_, km)| km).sum();
    assert!(
        after.contains(&format!("**{} runs** last month", expected_km.len())),
        "{after}"
    );
    assert!(after.contains(&format!("{total} km in all")), "{after}");
    for (date, _) in &expected_km {
        let link = format!("[[{}]]", date.format("%d %a"));
        assert!(after.contains(&link), "{link} missing:\n{after}");
    }
    // A computed answer cites the runs it counted, not every note that mentions jogging.
    assert!(!after.contains("[[Knee]]"), "{after}");
}

#[test]
fn init_writes_a_config_that_loads_and_never_overwrites_one() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path().to_str().unwrap();
    let out = run(&["init", v]);
    assert!(out.status.success());
    let written = read(dir.path(), ".vault-agent/config.yaml");
    assert!(written.contains("debounce_ms: 2000") && written.contains("week_start: monday"));
    process(dir.path());
    // Sunday weeks: "last week" from Saturday Nov 21 is Sun Nov 8 - Sat Nov 14.
    write(
        dir.path(),
        ".vault-agent/config.yaml",
        written.replace("week_start: monday", "week_start: sunday"),
    );
    write(dir.path(), "2026-11-21.md", "? how did I sleep last week\n");
    process(dir.path());
    assert!(read(dir.path(), "2026-11-21.md").contains("(Nov 8 – Nov 14, 2026)"));
    let again = run(&["init", v]);
    assert!(String::from_utf8_lossy(&again.stdout).contains("left unchanged"));
    // A bad value names the key.
    write(
        dir.path(),
        ".vault-agent/config.yaml",
        "week_start: friday\n",
    );
    let bad = run(&["process", v]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("week_start"));
}

#[test]
fn the_context_file_keeps_following_the_data_after_reindex() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, "Daily/2026-11-20.md", "## 07:00 Gym\nbench 3x5 @ 80kg\n");
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    process(v);
    assert!(read(v, "global-context.md").contains("best bench press: 80 kg"));
    let out = run(&["reindex", v.to_str().unwrap()]);
    assert!(out.status.success());
    write(v, "Daily/2026-11-21.md", "## 08:00 Gym\nbench 3x5 @ 90kg\n");
    process(v);
    let context = read(v, "global-context.md");
    assert!(
        context.contains("best bench press: 90 kg") && !context.contains("80 kg"),
        "{context}"
    );
}

#[test]
fn reference_notes_are_never_logs_and_dated_headings_date_their_entries() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "Plans/Marathon plan.md",
        "Week 6: long run 14 km\n\nLong run 21 km in 2:05:00 on race day\n",
    );
    write(
        v,
        "Recipes/Pancakes.md",
        "40g protein, 500 kcal per serving\n",
    );
    write(
        v,
        "Logs/Running log.md",
        "Notes on my running.\n\n## 2026-11-03\nran 5 km in 27:00\n\n## Nov 5, 2026\nran 8 km in 44:00\n",
    );
    process(v);
    let ask = |q: &str| {
        let out = run(&["ask", "--vault", v.to_str().unwrap(), q]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let total = ask("how far did I run in November 2026");
    assert!(total.contains("13 km"), "{total}");
    assert!(!total.contains("21"), "the plan is not a run: {total}");
    let protein = ask("how much protein did I eat in November 2026");
    assert!(
        protein.contains("found no protein"),
        "a recipe is not a meal: {protein}"
    );
    let context = read(v, "global-context.md");
    assert!(context.contains("longest run: 8 km"), "{context}");
    // Still searchable and citable.
    let plan = ask("find my marathon plan");
    assert!(plan.contains("Marathon plan"), "{plan}");
}

#[test]
fn clauses_with_numbers_nobody_could_read_are_reported_not_guessed() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "2026-11-20.md",
        "ran 5 km in 27:00\n\nzorbed 14 flumps then 3 quibbles\n",
    );
    let out = run(&["process", v.to_str().unwrap(), "--json"]);
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let unreadable = &report["unreadable"][0];
    assert_eq!(unreadable["path"], "2026-11-20.md", "{report}");
    assert!(
        unreadable["clauses"].to_string().contains("flumps"),
        "{report}"
    );
    let json = serde_json::to_string(&day_records(v, "2026-11-20")).unwrap();
    assert!(!json.contains("14.0"), "no record invented: {json}");
}

#[test]
fn a_vault_of_many_chunks_keeps_every_note_its_own_numbers_and_finds_its_words() {
    // More notes than a pass reads at once (256), so chunks are read while others are
    // stored: each note's record must still hold that note's numbers.
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    let first = chrono::NaiveDate::from_ymd_opt(2024, 1, 1).unwrap();
    let km = |i: u64| 3 + i % 17;
    let days = 700u64;
    let last = first + chrono::Days::new(days - 1);
    for i in 0..days {
        let date = first + chrono::Days::new(i);
        let felt = if i == days - 1 { "zesty" } else { "fresh" };
        write(
            v,
            &format!("Daily/{date}.md"),
            format!("## 07:00 Run\nran {} km, felt {felt}\n", km(i)),
        );
    }
    let (stdout, _) = process(v);
    assert!(
        stdout.contains(&format!("{days} entries parsed")),
        "{stdout}"
    );
    let distance = |date: chrono::NaiveDate| {
        day_records(v, &date.to_string())
            .first()
            .map(|r| r["domain_data"]["running"]["distance_km"].clone())
    };
    for i in [0, 255, 256, 511, 512, days - 1] {
        let date = first + chrono::Days::new(i);
        assert_eq!(
            distance(date),
            Some(serde_json::json!(km(i) as f64)),
            "{date}"
        );
    }
    // The full-text index holds the words of the last chunk stored too.
    write(
        v,
        &format!("Daily/{first}.md"),
        format!(
            "## 07:00 Run\nran {} km, felt fresh\n\n? when did I feel zesty\n",
            km(0)
        ),
    );
    let (stdout, _) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    let answered = read(v, &format!("Daily/{first}.md"));
    assert!(
        answered.contains(&format!("[[{last}#07:00 Run]]")),
        "{answered}"
    );
}

#[test]
fn a_note_with_a_stray_nul_is_still_read_and_its_question_answered() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    let text = "## 07:00 Run\neasy run 6 km\0 in 33 min\n\n? how far did I run on Nov 20\n";
    write(v, "Daily/2026-11-20.md", text);
    let (stdout, stderr) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}{stderr}");
    let after = read(v, "Daily/2026-11-20.md");
    assert_eq!(assert_only_callouts_added(text, &after), 1);
    assert!(after.contains("6 km"), "{after}");
    assert!(
        stderr.contains("Daily/2026-11-20.md") && stderr.contains("NUL"),
        "the NUL is reported: {stderr}"
    );
    assert!(!stderr.contains("binary"), "{stderr}");
}

#[test]
fn a_question_on_the_first_line_of_a_note_starting_with_a_bom_is_answered() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, "Daily/2026-11-20.md", "## 07:00 Run\neasy run 6 km\n");
    let text = "\u{feff}? how far did I run on Nov 20\n";
    write(v, "Daily/2026-11-21.md", text);
    let (stdout, stderr) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}{stderr}");
    let after = read(v, "Daily/2026-11-21.md");
    assert!(
        after.starts_with(text),
        "the BOM and the line stay: {after:?}"
    );
    assert_eq!(assert_only_callouts_added(text, &after), 1);
}

/// Notes unchanged since they were read are not read again (their size, times and inode
/// say so), yet every edit, new note and deletion is still seen: an edit of the same size
/// whose modification time was put back, a date changed in the front matter, a new note
/// and a deleted one.
#[test]
fn notes_trusted_unread_still_show_every_edit_addition_and_deletion() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        ".vault-agent/config.yaml",
        "llm:\n  default_provider: offline\n",
    );
    write(v, "Runs/long.md", "---\ndate: 2026-10-01\n---\nran 15 km\n");
    write(v, "Runs/tempo.md", "---\ndate: 2026-10-02\n---\nran 6 km\n");
    write(v, "Runs/hills.md", "---\ndate: 2026-10-03\n---\nran 9 km\n");
    let export = || {
        let out = run(&["export", v.to_str().unwrap()]);
        assert!(out.status.success(), "{out:?}");
        let csv = String::from_utf8(out.stdout).unwrap();
        let mut runs: Vec<String> = csv
            .lines()
            .filter(|l| l.contains(",distance_km,"))
            .map(|l| {
                let f: Vec<&str> = l.split(',').collect();
                format!("{} {} {}", f[0], f[2], f[7])
            })
            .collect();
        runs.sort();
        runs
    };
    process(v);
    // Old enough to be trusted (see `vault::stamp::SETTLE`); this pass remembers them.
    std::thread::sleep(std::time::Duration::from_millis(3500));
    process(v);
    assert_eq!(
        export(),
        [
            "2026-10-01 Runs/long.md 15",
            "2026-10-02 Runs/tempo.md 6",
            "2026-10-03 Runs/hills.md 9"
        ]
    );

    let long = v.join("Runs/long.md");
    let mtime = std::fs::metadata(&long).unwrap().modified().unwrap();
    std::fs::write(&long, "---\ndate: 2026-10-01\n---\nran 12 km\n").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&long)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    write(v, "Runs/tempo.md", "---\ndate: 2026-10-05\n---\nran 6 km\n");
    std::fs::remove_file(v.join("Runs/hills.md")).unwrap();
    write(v, "Runs/easy.md", "---\ndate: 2026-10-04\n---\nran 4 km\n");
    // Once more old enough to be trusted: the new stamps must differ from the remembered.
    std::thread::sleep(std::time::Duration::from_millis(3500));
    assert_eq!(
        export(),
        [
            "2026-10-01 Runs/long.md 12",
            "2026-10-04 Runs/easy.md 4",
            "2026-10-05 Runs/tempo.md 6"
        ]
    );
    let out = run(&[
        "ask",
        "--vault",
        v.to_str().unwrap(),
        "how far did I run in October 2026",
    ]);
    let answer = String::from_utf8_lossy(&out.stdout);
    assert!(answer.contains("22"), "{answer}");
}

#[test]
fn a_question_on_a_vault_processed_as_it_is_skips_the_state_and_still_sees_every_edit() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        ".vault-agent/config.yaml",
        "llm:\n  default_provider: offline\n",
    );
    write(v, "Runs/long.md", "---\ndate: 2026-10-01\n---\nran 15 km\n");
    write(v, "Runs/tempo.md", "---\ndate: 2026-10-02\n---\nran 6 km\n");
    process(v);
    // Old enough to be trusted (see `vault::stamp::SETTLE`): this pass remembers the
    // stamps, and the summary beside the state holds them.
    std::thread::sleep(std::time::Duration::from_millis(3500));
    process(v);
    assert!(v.join(".vault-agent/state.sum").exists());
    let state = std::fs::read(v.join(".vault-agent/state.json")).unwrap();
    let ask = || {
        let out = run(&[
            "ask",
            "--vault",
            v.to_str().unwrap(),
            "how far did I run in October 2026",
        ]);
        assert!(out.status.success(), "{out:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let answer = ask();
    assert!(answer.contains("21"), "{answer}");
    assert_eq!(
        std::fs::read(v.join(".vault-agent/state.json")).unwrap(),
        state
    );

    // Edited to the same size and time: its change time and the sum tell it apart.
    let long = v.join("Runs/long.md");
    let mtime = std::fs::metadata(&long).unwrap().modified().unwrap();
    std::fs::write(&long, "---\ndate: 2026-10-01\n---\nran 12 km\n").unwrap();
    std::fs::File::options()
        .write(true)
        .open(&long)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    write(v, "Runs/easy.md", "---\ndate: 2026-10-04\n---\nran 4 km\n");
    std::thread::sleep(std::time::Duration::from_millis(3500));
    let answer = ask();
    assert!(answer.contains("22"), "{answer}");
}

/// `process VAULT` offline, with the reader's fingerprint given; stdout and stderr.
fn process_with_reader(v: &std::path::Path, fingerprint: &str) -> (String, String) {
    with_reader(&["process", v.to_str().unwrap()], fingerprint)
}

/// `vault-agent ARGS` run as a build whose reader has `fingerprint`; it must succeed.
fn with_reader(args: &[&str], fingerprint: &str) -> (String, String) {
    let (stdout, stderr, code) =
        output(command(args).env(vault_agent::offline::fingerprint::OVERRIDE, fingerprint));
    assert_eq!(code, 0, "{stdout}{stderr}");
    (stdout, stderr)
}

/// The one record of a day in the index, with every number of its data.
fn record_on(v: &std::path::Path, day: &str) -> (vault_agent::vault::parsed::ParsedRecord, String) {
    let db = vault_agent::vault::db::RecordDb::open(&v.join(".vault-agent/index.db")).unwrap();
    let day = day.parse().unwrap();
    let mut records = db.between(day, day).unwrap();
    records.retain(|r| r.parser != "correction");
    assert_eq!(records.len(), 1, "{records:?}");
    let record = records.remove(0);
    let data = serde_json::to_string(&record.domain_data).unwrap();
    (record, data)
}

/// Stores `record` as another reader (or a model) might have read it: `from` in its data
/// becomes `to`, and its parser is `parser`.
fn reread_as(v: &std::path::Path, day: &str, from: &str, to: &str, parser: &str) {
    let (mut record, data) = record_on(v, day);
    assert!(data.contains(from), "{data}");
    record.domain_data = serde_json::from_str(&data.replace(from, to)).unwrap();
    record.parser = parser.to_string();
    let db = vault_agent::vault::db::RecordDb::open(&v.join(".vault-agent/index.db")).unwrap();
    db.upsert(&record).unwrap();
}

#[test]
fn a_new_reader_reads_the_rules_records_again_and_keeps_the_models_and_the_corrections() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, "Daily/2026-11-02.md", "## 07:00\neasy run 5.25 km\n");
    write(v, "Daily/2026-11-03.md", "## 07:00\nslept 7.5 h\n");
    write(v, "Daily/2026-11-04.md", "## 07:00\nlong run 12.75 km\n");
    write(v, "Daily/2026-11-05.md", "## 07:00\nbench 3x5 @ 85kg\n");
    write(
        v,
        "Daily/2026-11-06.md",
        "## 07:00\nactually the bench was 82.5kg\n",
    );
    process_with_reader(v, "reader-one");
    let (bench, data) = record_on(v, "2026-11-05");
    assert!(
        data.contains("82.5") && !bench.corrections.is_empty(),
        "{data}"
    );
    // What the first reader read: 9.75 km on Nov 2 (the rules), 13.5 km on Nov 4 (a model).
    reread_as(v, "2026-11-02", "5.25", "9.75", "offline-rules");
    reread_as(v, "2026-11-04", "12.75", "13.5", "m (ollama)");

    // The same reader: nothing is read again.
    let (stdout, stderr) = process_with_reader(v, "reader-one");
    assert!(!stderr.contains("re-reading"), "{stderr}");
    assert!(!stdout.contains("re-read"), "{stdout}");
    assert!(record_on(v, "2026-11-02").1.contains("9.75"));

    // A question asked before the new reader read the vault says it answers from the old
    // readings.
    let ask = [
        "ask",
        "--vault",
        v.to_str().unwrap(),
        "how far did I run in November 2026",
    ];
    let (answer, said) = with_reader(&ask, "reader-two");
    assert!(said.contains("reads entries differently"), "{said}");
    assert!(answer.contains("23.25 km"), "{answer}");

    // Another reader: the records the rules read are read again, once, and said so.
    let (stdout, stderr) = process_with_reader(v, "reader-two");
    assert!(
        stderr.contains("re-reading 2 entries with the new reader"),
        "{stderr}"
    );
    assert!(
        stdout.contains("2 entries re-read with the new reader"),
        "{stdout}"
    );
    let (run, data) = record_on(v, "2026-11-02");
    assert!(data.contains("5.25") && !data.contains("9.75"), "{data}");
    assert_eq!(run.parser, "offline-rules");
    // The model's reading and the person's correction stay.
    let (refined, data) = record_on(v, "2026-11-04");
    assert!(data.contains("13.5"), "{data}");
    assert_eq!(refined.parser, "m (ollama)");
    let (bench, data) = record_on(v, "2026-11-05");
    assert!(
        data.contains("82.5") && !bench.corrections.is_empty(),
        "{data}"
    );
    // Read with the new reader now: the next pass reads nothing again.
    let (stdout, stderr) = process_with_reader(v, "reader-two");
    assert!(!stderr.contains("re-reading"), "{stderr}");
    assert!(!stdout.contains("re-read"), "{stdout}");
    let (stdout, stderr) = with_reader(&ask, "reader-two");
    assert!(stdout.contains("18.75 km"), "{stdout}");
    assert!(!stderr.contains("reads entries differently"), "{stderr}");
}

/// The notes the running records were read from, per `export`.
fn run_notes(v: &std::path::Path) -> Vec<String> {
    let out = run(&["export", v.to_str().unwrap(), "--domain", "running"]);
    assert!(out.status.success(), "{out:?}");
    let csv = String::from_utf8(out.stdout).unwrap();
    let mut notes: Vec<String> = csv
        .lines()
        .skip(1)
        .filter_map(|l| l.split(',').nth(2).map(str::to_string))
        .collect();
    notes.dedup();
    notes
}

#[test]
fn sync_conflict_copies_are_left_out_and_named_beside_their_original() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    for day in 1..=5 {
        write(
            v,
            &format!("Daily/2024-05-0{day}.md"),
            "ran 5 km in 30 min\n",
        );
    }
    let copies = [
        (
            "Daily/2024-05-01 (conflicted copy 2024-05-01).md",
            "Daily/2024-05-01.md",
        ),
        (
            "Daily/2024-05-02 (Jane's conflicted copy 2024-05-02).md",
            "Daily/2024-05-02.md",
        ),
        ("Daily/2024-05-03 2.md", "Daily/2024-05-03.md"),
        ("Daily/2024-05-04 (1).md", "Daily/2024-05-04.md"),
        ("Daily/2024-05-05-DESKTOP-7QK2J9.md", "Daily/2024-05-05.md"),
        (
            "Daily/2024-05-01 (conflicted copy 2024-05-01 103512).md",
            "Daily/2024-05-01.md",
        ),
        (
            "Daily/2024-05-02 (Conflicted copy Laptop 202405021030).md",
            "Daily/2024-05-02.md",
        ),
    ];
    for (copy, _) in copies {
        write(v, copy, "ran 5 km in 30 min\n? how far did I run\n");
    }
    // The same note twice, its name once in NFC and once in NFD.
    let (nfc, nfd) = ("Log/Läufe.md", "Log/La\u{308}ufe.md");
    write(v, nfc, "---\ndate: 2024-05-06\n---\nran 5 km in 30 min\n");
    write(v, nfd, "---\ndate: 2024-05-06\n---\nran 5 km in 30 min\n");
    // A note of the person's own that only looks like a copy is read.
    write(v, "Daily/2024-05-07.md", "ran 5 km in 30 min\n");
    write(
        v,
        "Daily/2024-05-07 2.md",
        "ran 8 km in 48 min\nlegs heavy\n",
    );

    let (_, stderr) = process(v);
    let mut expected: Vec<String> = (1..=7)
        .map(|d| format!("Daily/2024-05-0{d}.md"))
        .chain(["Daily/2024-05-07 2.md".to_string(), nfc.to_string()])
        .filter(|n| n != "Daily/2024-05-06.md")
        .collect();
    expected.sort();
    let mut notes = run_notes(v);
    notes.sort();
    assert_eq!(notes, expected, "{stderr}");
    for (copy, original) in copies.iter().copied().chain([(nfd, nfc)]) {
        let warned: Vec<&str> = stderr
            .lines()
            .filter(|l| l.contains(copy) && l.contains(original) && l.contains("conflict copy"))
            .collect();
        assert_eq!(warned.len(), 1, "{copy} beside {original}:\n{stderr}");
        assert_eq!(callout_count(&read(v, copy)), 0, "{copy} was answered");
    }
}

#[test]
fn templates_drawings_and_plugin_files_are_never_read_nor_answered() {
    let vault = tempfile::tempdir().unwrap();
    let v = vault.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".obsidian/templates.json", r#"{"folder": "Templates"}"#);
    write(
        v,
        ".obsidian/plugins/templater-obsidian/data.json",
        r#"{"templates_folder": "Meta/Templater"}"#,
    );
    write(v, "Daily/2024-05-01.md", "ran 5 km in 30 min\n");
    write(
        v,
        "Daily/2024-05-02.md",
        "ran 5 km in 30 min\n\n? how far did I run\n",
    );
    let theirs = [
        ("Templates/Daily.md", "ran 10 km in 60 min\n\n? how far did I run this week\n"),
        ("Meta/Templater/Run.md", "ran 10 km in 60 min\n\n? how far did I run\n"),
        (
            "Daily/2024-05-03.md",
            "# {{date}}\nran 10 km in 60 min\n\n? how far did I run\n",
        ),
        (
            "Daily/2024-05-04.md",
            "## <% tp.date.now(\"HH:mm\") %>\nran 10 km in 60 min\n\n? how far did I run\n",
        ),
        (
            "Drawings/Route 2024-05-04.excalidraw.md",
            "---\nexcalidraw-plugin: parsed\ndate: 2024-05-04\n---\n# Text Elements\nran 10 km in 60 min\n\n? how far\n",
        ),
        (
            "Boards/Plan.md",
            "---\nkanban-plugin: basic\ndate: 2024-05-04\n---\n## Done\n- ran 10 km in 60 min\n\n? how far did I run\n",
        ),
    ];
    for (rel, text) in theirs {
        write(v, rel, text);
    }
    let (stdout, _) = process(v);
    assert!(stdout.contains("1 question answered"), "{stdout}");
    for (rel, text) in theirs {
        assert_eq!(read(v, rel), text, "{rel} was written");
    }
    assert_eq!(run_notes(v), ["Daily/2024-05-01.md", "Daily/2024-05-02.md"]);
    // A note that became a template since it was read is read no more.
    write(v, "Daily/2024-05-01.md", "# {{date}}\nran 5 km in 30 min\n");
    process(v);
    assert_eq!(run_notes(v), ["Daily/2024-05-02.md"]);
}
