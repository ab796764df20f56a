//! How a note's structure dates its entries and names what they are (DESIGN §4.1): plain
//! fences hold log text, a line that starts with its date opens that day, the year can come
//! from a folder and the month from the file name, and the path names the activity of a
//! bare distance. Each case is written fresh, in more than one language and layout.

mod support;

use support::*;

/// The (domain, value) pairs `export` gives for `date`.
fn on(v: &std::path::Path, date: &str) -> Vec<(String, f64)> {
    let out = run(&[
        "--vault",
        v.to_str().unwrap(),
        "export",
        "--format",
        "jsonl",
    ]);
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|r| r["date"] == date)
        .filter_map(|r| Some((r["domain"].as_str()?.to_string(), r["value"].as_f64()?)))
        .collect()
}

#[test]
fn a_plain_fence_of_dated_lines_is_a_log_of_many_days_and_code_is_not() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Gym/Log.md",
        "# Gym\n\nTyped on my phone:\n\n```\n2022/3/1: squat 5x5@100kg\n2022/3/3: squat 5x5@102.5kg\n? what next\n```\n\n```python\n2022/3/5: squat 5x5@200kg\n```\n",
    );
    write(
        v,
        "Schwimmen/Tagebuch.md",
        "```text\n* 2023-06-02\n  - 1400 m Kraul\n* 2023-06-05\n  - 1700 m Kraul\n```\n",
    );
    write(
        v,
        "記録/ラン.md",
        "```log\n2024/2/3 ランニング 6.1km 33分\n2024/2/6 ランニング 8.4km 47分\n```\n",
    );
    process(v);
    assert!(
        on(v, "2022-03-01").iter().any(|(_, x)| *x == 100.0),
        "{:?}",
        on(v, "2022-03-01")
    );
    assert!(on(v, "2022-03-03").iter().any(|(_, x)| *x == 102.5));
    assert!(on(v, "2022-03-05").is_empty(), "a python fence is code");
    assert!(
        on(v, "2023-06-05").iter().any(|(_, x)| *x == 1700.0),
        "{:?}",
        on(v, "2023-06-05")
    );
    assert!(
        on(v, "2024-02-06").iter().any(|(_, x)| *x == 8.4),
        "{:?}",
        on(v, "2024-02-06")
    );
    let log = read(v, "Gym/Log.md");
    assert!(
        !log.contains("[!answer]"),
        "a ? line in a fence is no question"
    );
}

#[test]
fn the_year_comes_from_a_folder_and_the_month_from_the_name() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Training/2018/june.md",
        "# June\n\n## 3 June\nRan 7.5 km.\n\n## June 9\nRan 11 km.\n",
    );
    write(
        v,
        "Diario/2022/octubre.md",
        "# Octubre\n\n## 4\nCorrí 6 km.\n",
    );
    process(v);
    assert!(
        on(v, "2018-06-03").iter().any(|(_, x)| *x == 7.5),
        "{:?}",
        on(v, "2018-06-03")
    );
    assert!(on(v, "2018-06-09").iter().any(|(_, x)| *x == 11.0));
    assert!(
        on(v, "2022-10-04").iter().any(|(_, x)| *x == 6.0),
        "{:?}",
        on(v, "2022-10-04")
    );
}

#[test]
fn a_note_named_for_running_makes_a_bare_distance_a_run() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Running/Running log.md",
        "## 2023\n### March\n#### 5\n- 9.5 km easy\n",
    );
    write(
        v,
        "Laufen/Lauftagebuch.md",
        "# Oktober 2024\n## 15.\n- 12 km locker\n",
    );
    write(v, "Shopping/List.md", "## 2023-03-06\n- 2 km of cable\n");
    process(v);
    let run = |date: &str| on(v, date).into_iter().find(|(d, _)| d == "running");
    assert_eq!(run("2023-03-05").map(|r| r.1), Some(9.5));
    assert_eq!(run("2024-10-15").map(|r| r.1), Some(12.0));
    assert_eq!(
        run("2023-03-06"),
        None,
        "a path that names no activity makes no run"
    );
}

#[test]
fn a_folder_named_in_the_plural_names_the_activity_of_a_bare_distance() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "corridas/2025-07-03.md",
        "Leve no parque da cidade, 6 km.\n",
    );
    write(
        v,
        "Carreras/2024-05-01.md",
        "## 07:40\nTirada larga: 11.85 km.\n",
    );
    write(
        v,
        "Notas/2024-05-02.md",
        "Compras: 3 km a pé até o mercado.\n",
    );
    process(v);
    let run = |date: &str| on(v, date).iter().any(|(d, _)| d == "running");
    assert!(run("2025-07-03"), "{:?}", on(v, "2025-07-03"));
    assert!(run("2024-05-01"), "{:?}", on(v, "2024-05-01"));
    assert!(!run("2024-05-02"), "a walk in another folder is no run");
}
