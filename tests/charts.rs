//! Charts in answers, end to end: a trend or a period's total asked in a note comes back
//! with a Mermaid chart of the right points inside the callout; `answers.charts: false`
//! turns them off; `ask --json` carries the points as data.

mod support;

use chrono::{Duration, NaiveDate};
use support::*;

/// A vault with a bench session every `every` days from Oct 1, 2026, for `sessions`
/// sessions, its weight rising 5 lb each time, and a run on each session day of
/// `1 + i % 4` km; the question goes in the Nov 21 daily note.
fn vault(sessions: i64, every: i64, question: &str, config: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", config);
    let start = NaiveDate::from_ymd_opt(2026, 10, 1).unwrap();
    for i in 0..sessions {
        let day = start + Duration::days(i * every);
        write(
            v,
            &format!("Daily/{day}.md"),
            format!(
                "## 07:00 Run\neasy run {} km\n\n## 18:00 Gym\nbench 3x5 @ {} lb\n",
                1 + i % 4,
                135 + 5 * i
            ),
        );
    }
    write(v, "Daily/2026-11-21.md", format!("## 10:00\n{question}\n"));
    dir
}

/// The Mermaid block of the answer, without the callout's `> `.
fn chart(note: &str) -> Option<Vec<String>> {
    let lines: Vec<String> = note
        .lines()
        .map(|l| l.trim_start_matches('>').trim().to_string())
        .skip_while(|l| l != "```mermaid")
        .take_while(|l| l != "```")
        .collect();
    (!lines.is_empty()).then_some(lines)
}

/// The numbers of the chart's `bar [..]` or `line [..]` row.
fn values(chart: &[String], mark: &str) -> Vec<f64> {
    let row = chart
        .iter()
        .find(|l| l.starts_with(&format!("{mark} [")))
        .unwrap_or_else(|| panic!("no {mark} row in {chart:?}"));
    row[mark.len() + 2..row.len() - 1]
        .split(", ")
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn a_trend_question_gets_a_line_with_one_point_per_session() {
    let v = vault(12, 3, "? how has my bench progressed", "");
    process(v.path());
    let note = read(v.path(), "Daily/2026-11-21.md");
    let chart = chart(&note).expect("a chart in the answer");
    assert_eq!(chart[1], "xychart-beta");
    // Every line of the chart is inside the callout.
    let fence = note
        .lines()
        .position(|l| l.ends_with("```mermaid"))
        .unwrap();
    assert!(note
        .lines()
        .skip(fence)
        .take(chart.len() + 1)
        .all(|l| l.starts_with("> ")));
    let points = values(&chart, "line");
    let want: Vec<f64> = (0..12).map(|i| 135.0 + 5.0 * i as f64).collect();
    assert_eq!(points, want);
    let x = chart.iter().find(|l| l.starts_with("x-axis")).unwrap();
    assert_eq!(x.matches("\", \"").count() + 1, 12, "{x}");
    assert!(
        chart.iter().any(|l| l.starts_with("title \"Bench press")),
        "{chart:?}"
    );
}

#[test]
fn a_long_series_is_grouped_by_week_to_stay_readable() {
    // 50 sessions every other day: 100 days, more than 40 points.
    let v = vault(50, 2, "? how has my bench progressed", "");
    process(v.path());
    let chart = chart(&read(v.path(), "Daily/2026-11-21.md")).expect("a chart");
    let points = values(&chart, "line");
    assert!(points.len() <= 40 && points.len() >= 14, "{points:?}");
    assert!(
        chart.iter().any(|l| l.starts_with("x-axis \"week of\"")),
        "{chart:?}"
    );
    // The best of each week: the last is the heaviest set logged.
    assert_eq!(*points.last().unwrap(), 135.0 + 5.0 * 49.0);
}

#[test]
fn a_period_total_gets_bars_per_week_that_add_up_to_it() {
    let v = vault(31, 1, "? how far did I run in October", "");
    process(v.path());
    let note = read(v.path(), "Daily/2026-11-21.md");
    let chart = chart(&note).expect("a chart");
    let bars = values(&chart, "bar");
    // Oct 1, 2026 is a Thursday: the weeks of Sep 28, Oct 5, 12, 19 and 26.
    assert_eq!(bars.len(), 5, "{chart:?}");
    let total: f64 = (0..31).map(|i| (1 + i % 4) as f64).sum();
    assert!(
        (bars.iter().sum::<f64>() - total).abs() < 1e-6,
        "{bars:?} vs {total}"
    );
    assert!(note.contains(&format!("**{total} km**")), "{note}");
    assert!(
        chart.iter().any(|l| l.starts_with("y-axis \"km\" 0 --> ")),
        "{chart:?}"
    );
}

#[test]
fn fewer_than_three_points_or_charts_turned_off_draw_nothing() {
    let two = vault(2, 3, "? how has my bench progressed", "");
    process(two.path());
    let note = read(two.path(), "Daily/2026-11-21.md");
    assert!(
        note.contains("[!answer]") && chart(&note).is_none(),
        "{note}"
    );
    let off = vault(
        12,
        3,
        "? how has my bench progressed",
        "answers:\n  charts: false\n",
    );
    process(off.path());
    let note = read(off.path(), "Daily/2026-11-21.md");
    assert!(note.contains("up 55") && chart(&note).is_none(), "{note}");
}

#[test]
fn ask_json_carries_the_series_as_data() {
    let v = vault(12, 3, "", "");
    let out = run(&[
        "ask",
        "how has my bench progressed",
        "--vault",
        v.path().to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let series = &json["series"];
    assert_eq!(series["kind"], "line");
    let got: Vec<f64> = series["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(
        got,
        (0..12).map(|i| 135.0 + 5.0 * i as f64).collect::<Vec<_>>()
    );
    assert_eq!(series["x_labels"].as_array().unwrap().len(), 12);
    assert_eq!(series["x_labels"][0], "Oct 1");
}
