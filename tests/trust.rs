//! Numbers a person can trust: the offline engine's "How this was computed" block, checked
//! line by line against the notes it links to; and a model's answer, whose figures and
//! citations are checked against the notes before it is written (over the scripted model
//! server, real wire format).

mod support;

use std::path::Path;

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::models::*;
use support::*;

const RUN_LINK: &str = "[[2026-11-20#07:00 Run]]";
const QUESTION_NOTE: &str = "Daily/2026-11-21.md";

/// `ask --json` offline over `v`.
fn ask_json(v: &Path, question: &str) -> Value {
    let out = run(&["--json", "--vault", v.to_str().unwrap(), "ask", question]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The text a link points at: the note whose name is the link's target, cut to the section
/// under its heading when the link names one.
fn linked_text(v: &Path, link: &str) -> String {
    let inner = link.trim_start_matches("[[").trim_end_matches("]]");
    let (target, heading) = match inner.split_once('#') {
        Some((t, h)) => (t, Some(h)),
        None => (inner, None),
    };
    let rel = files(v, &[".obsidian", ".vault-agent"])
        .into_iter()
        .find(|r| Path::new(r).file_stem().unwrap().to_str() == Some(target))
        .unwrap_or_else(|| panic!("{link} resolves to no note"));
    let text = read(v, &rel);
    let Some(h) = heading else {
        return text;
    };
    let start = text
        .lines()
        .position(|l| l.trim_start_matches('#').trim() == h)
        .unwrap_or_else(|| panic!("{link}: no heading {h}"));
    text.lines()
        .skip(start + 1)
        .take_while(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The leading number of a shown value (`6.5 km`, `245 × 5 reps`).
fn leading(value: &str) -> f64 {
    let n: String = value
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    n.parse().unwrap_or_else(|_| panic!("no number in {value}"))
}

/// Every input of a trail is in the note it links to and listed, with its link, in the
/// answer's block; returns the inputs' numbers.
fn inputs_checked_against_the_notes(v: &Path, answer: &str, trail: &Value) -> Vec<f64> {
    assert!(
        answer.contains("> [!info]- How this was computed"),
        "{answer}"
    );
    let inputs = trail["inputs"].as_array().unwrap();
    assert!(!inputs.is_empty(), "{trail}");
    inputs
        .iter()
        .map(|i| {
            let (value, link) = (i["value"].as_str().unwrap(), i["link"].as_str().unwrap());
            let number = i["number"].as_f64().unwrap();
            let line = format!("> - {value} · {} {link}", i["date"].as_str().unwrap());
            assert!(answer.contains(&line), "{line} not in {answer}");
            let shown = leading(value).to_string();
            assert!(
                linked_text(v, link).contains(&shown),
                "{shown} is not in {link}: {}",
                linked_text(v, link)
            );
            number
        })
        .collect()
}

#[test]
fn a_total_is_the_sum_of_the_linked_runs_listed_in_its_block() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "how far did I run in October");
    let answer = a["answer"].as_str().unwrap();
    let trail = &a["provenance"][0];
    assert_eq!(trail["operation"], "sum", "{a}");
    let numbers = inputs_checked_against_the_notes(v, answer, trail);
    let sum: f64 = numbers.iter().sum();
    let result = trail["result"].as_str().unwrap();
    assert!((leading(result) - sum).abs() < 0.05, "{result} vs {sum}");
    assert!(answer.starts_with(&format!("**{result}**")), "{answer}");
    assert!(
        answer.contains(&format!("> **{result}** = ")),
        "the block opens with the figure: {answer}"
    );
    assert!(trail["period"].as_str().unwrap().contains("October"));
    // Every run of the period is an input of the block, with its link: none is left out
    // silently.
    let listed = answer.matches(" km · ").count();
    assert!(listed >= numbers.len() && numbers.len() >= 12, "{answer}");
}

#[test]
fn an_average_is_the_mean_of_the_linked_nights_listed_in_its_block() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "average sleep in October");
    let answer = a["answer"].as_str().unwrap();
    let trail = &a["provenance"][0];
    assert_eq!(trail["operation"], "mean", "{a}");
    let numbers = inputs_checked_against_the_notes(v, answer, trail);
    let mean = numbers.iter().sum::<f64>() / numbers.len() as f64;
    let result = trail["result"].as_str().unwrap();
    assert!((leading(result) - mean).abs() < 0.05, "{result} vs {mean}");
    let sum: f64 = numbers.iter().sum();
    let written = format!(
        "> **{result}** = {} ÷ {}",
        format!("{sum:.2}")
            .trim_end_matches('0')
            .trim_end_matches('.'),
        numbers.len()
    );
    assert!(answer.contains(&written), "{written} not in {answer}");
}

#[test]
fn a_best_is_the_highest_of_the_linked_sessions_listed_in_its_block() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "best squat in October");
    let answer = a["answer"].as_str().unwrap();
    let trail = &a["provenance"][0];
    assert_eq!(trail["operation"], "max", "{a}");
    let numbers = inputs_checked_against_the_notes(v, answer, trail);
    let best = numbers.iter().copied().fold(f64::MIN, f64::max);
    let result = trail["result"].as_str().unwrap();
    assert_eq!(leading(result), best, "{result}");
    assert!(answer.contains(&format!("**{result}**")), "{answer}");
}

#[test]
fn a_provenance_block_lands_folded_inside_the_answer_callout_in_the_note() {
    let dir = temp_sample();
    let v = dir.path();
    let before = read(v, "Daily/2026-11-01.md");
    write(
        v,
        "Daily/2026-11-01.md",
        format!("{before}\n? how far did I run in October\n"),
    );
    process(v);
    let note = read(v, "Daily/2026-11-01.md");
    assert!(
        note.contains("> > [!info]- How this was computed"),
        "{note}"
    );
    assert!(
        note.contains("> > - 6.5 km · 2026-10-29 [[2026-10-29#06:45 Run]]"),
        "{note}"
    );
}

/// The answer's last line is its `Sources:` line and each of its links opens a note; the
/// line is returned.
fn sources_resolve(v: &Path, answer: &str) -> String {
    let last = answer.trim_end().lines().last().unwrap().to_string();
    assert!(last.starts_with("> Sources: [["), "{answer}");
    for link in last.split(" · ") {
        let link = &link[link.find("[[").unwrap()..];
        linked_text(v, link);
    }
    last
}

/// A Synthesizer reply citing `cited` with `text`.
fn draft(text: &str, cited: &[&str]) -> Value {
    json!({"response": text, "key_points": [], "evidence_cited": cited, "confidence": "high"})
}

/// The answer callout after one run of `process` with models.
fn answered(v: &Path) -> String {
    process_with_models(v, &[]);
    answer_callout(&read(v, QUESTION_NOTE)).expect("an answer callout")
}

#[test]
fn an_invented_figure_is_sent_back_once_then_struck_through_and_named_in_the_footer() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let invented = draft(&format!("You ran 61 km yesterday {RUN_LINK}."), &[RUN_LINK]);
    server.script(
        "synthesizer",
        [Reply::Json(invented.clone()), Reply::Json(invented)],
    );
    let answer = answered(v);
    let calls = server.calls("synthesizer");
    assert_eq!(calls.len(), 2, "the draft was sent back once");
    let redraft = input_of(&calls[1]);
    assert_eq!(redraft["attempt_number"], 2);
    assert!(
        redraft["evaluation_feedback"].to_string().contains("61 km"),
        "{redraft}"
    );
    assert!(answer.contains("~~61 km~~ (not in your notes)"), "{answer}");
    assert!(
        answer.contains("Not found in your notes, struck through: 61 km"),
        "{answer}"
    );
    assert!(
        answer.contains("qwen2.5:14b (ollama)") || answer.contains("(ollama)"),
        "{answer}"
    );
    assert!(answer.contains("Sources: [[2026-11-20]]"), "{answer}");
    let session = main_session(v);
    assert_eq!(session["check"]["outcome"], "failed");
    assert_eq!(session["retry_count"], 1, "counted against the retry limit");
}

#[test]
fn a_redraft_without_the_invented_figure_passes_the_check() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script(
        "synthesizer",
        [
            Reply::Json(draft(&format!("61 km {RUN_LINK}."), &[RUN_LINK])),
            Reply::Json(draft(&format!("6 km in 33 min {RUN_LINK}."), &[RUN_LINK])),
        ],
    );
    let answer = answered(v);
    assert!(!answer.contains("~~"), "{answer}");
    assert!(answer.contains("6 km in 33 min"), "{answer}");
    assert!(
        answer.contains("Every figure was found in your notes"),
        "{answer}"
    );
}

#[test]
fn a_draft_citing_nothing_is_rejected_and_asked_again_with_the_reason() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script(
        "synthesizer",
        [Reply::Json(draft("You ran 6 km yesterday.", &[]))],
    );
    let answer = answered(v);
    let calls = server.calls("synthesizer");
    assert_eq!(calls.len(), 2, "asked once more");
    let again = input_of(&calls[1]);
    assert!(
        again["rejected_because"]
            .as_str()
            .unwrap()
            .contains("cites none of the"),
        "{again}"
    );
    // The second reply (the server's default) cites an entry, and the answer its note.
    assert!(answer.contains("Scripted answer citing [["), "{answer}");
    sources_resolve(v, &answer);
}

#[test]
fn a_draft_citing_a_note_that_does_not_exist_never_reaches_the_note() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let bad = draft("You ran 6 km [[2026-11-19]].", &["[[2026-11-19]]"]);
    server.script("synthesizer", [Reply::Json(bad.clone()), Reply::Json(bad)]);
    let answer = answered(v);
    assert_eq!(server.calls("synthesizer").len(), 2, "asked once more");
    assert!(!answer.contains("[[2026-11-19]]"), "{answer}");
    assert!(answer.contains("without a model"), "{answer}");
    // Every link left in the answer resolves to a note of the vault.
    for link in answer.split("[[").skip(1) {
        let link = format!("[[{}]]", link.split("]]").next().unwrap());
        linked_text(v, &link);
    }
}

#[test]
fn a_correct_answer_passes_the_check_and_ends_with_its_sources() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script(
        "synthesizer",
        [Reply::Json(draft(
            &format!("You ran 6 km in 33 min on Nov 20 {RUN_LINK}."),
            &[RUN_LINK],
        ))],
    );
    let answer = answered(v);
    assert_eq!(server.calls("synthesizer").len(), 1);
    assert!(!answer.contains("~~"), "{answer}");
    assert!(
        answer.contains("; checked. Every figure was found in your notes._"),
        "{answer}"
    );
    // The cited run first, then the Analyzer's evidence; each opens a note.
    let last = sources_resolve(v, &answer);
    assert!(last.starts_with("> Sources: [[2026-11-20]]"), "{answer}");
    let json = json_with_models(v, &["ask", "how far did I run yesterday"]);
    assert!(json["check"]["outcome"].is_string(), "{json}");
}

#[test]
fn a_weeks_summary_is_left_out_with_its_reason_and_a_mile_conversion_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let runs = [10.0, 8.5, 12.0];
    let week: f64 = runs.iter().sum();
    // A week's total above the runs it adds up (written as a German note would be).
    let de = |x: f64| x.to_string().replace('.', ",");
    write(
        v,
        "Daily/2026-04-19.md",
        format!(
            "Diese Woche bin ich {} km gelaufen.\n\n- Montag: Lauf {} km\n- Mittwoch: Lauf {} km\n- Samstag: Lauf {} km\n",
            de(week),
            de(runs[0]),
            de(runs[1]),
            de(runs[2])
        ),
    );
    write(v, "Daily/2026-04-20.md", "ran 4 miles easy\n");
    let a = ask_json(v, "how far did I run in April 2026");
    let trail = &a["provenance"][0];
    let left = &trail["left_out"][0];
    let left_value = left["value"].as_str().unwrap().replace(',', ".");
    assert_eq!(leading(&left_value), week, "{trail}");
    assert_eq!(left["why"], "list_total");
    assert_eq!(trail["conversions"][0]["from"], "4 miles", "{trail}");
    let numbers: Vec<f64> = trail["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["number"].as_f64().unwrap())
        .collect();
    assert!(!numbers.contains(&week), "the summary is not counted twice");
    let sum: f64 = numbers.iter().sum();
    let expected = week + 4.0 * 1.609_344;
    assert!((sum - expected).abs() < 0.01, "{sum} vs {expected}");
    let answer = a["answer"].as_str().unwrap();
    assert!(
        answer.contains("> Left out: ") && answer.contains("(it adds up other runs"),
        "{answer}"
    );
    assert!(answer.contains("> Converted: 4 miles → "), "{answer}");
}

/// The trails of `a` whose period names `period`.
fn trails_over<'a>(a: &'a Value, period: &str) -> Vec<&'a Value> {
    a["provenance"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["period"].as_str().is_some_and(|p| p.contains(period)))
        .collect()
}

#[test]
fn a_comparison_shows_how_each_side_was_computed_from_its_own_runs() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "did I run more in November 2026 than in October 2026");
    let answer = a["answer"].as_str().unwrap();
    let mut totals = Vec::new();
    for (month, prefix) in [("November 2026", "2026-11"), ("October 2026", "2026-10")] {
        let trails = trails_over(&a, month);
        assert_eq!(trails.len(), 1, "one block per side: {a}");
        let trail = trails[0];
        assert_eq!(trail["operation"], "sum", "{trail}");
        let numbers = inputs_checked_against_the_notes(v, answer, trail);
        for input in trail["inputs"].as_array().unwrap() {
            assert!(
                input["date"].as_str().unwrap().starts_with(prefix),
                "{input}"
            );
        }
        let sum: f64 = numbers.iter().sum();
        let result = trail["result"].as_str().unwrap();
        assert!((leading(result) - sum).abs() < 0.05, "{result} vs {sum}");
        // The side's figure in the first line is the one its block computes.
        let first = answer.lines().next().unwrap();
        assert!(first.contains(&format!("{result}**")), "{first}");
        totals.push(sum);
    }
    let diff = ((totals[1] - totals[0]) * 10.0).round() / 10.0;
    assert!(
        answer.contains(&format!("**{} km less**", diff)),
        "{diff} km less: {answer}"
    );
}

#[test]
fn a_weekday_breakdown_counts_each_day_from_its_linked_runs() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "which weekday did I run most in October 2026");
    let answer = a["answer"].as_str().unwrap();
    let line = answer.lines().next().unwrap();
    let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    let mut shown = 0;
    for (i, day) in days.iter().enumerate() {
        let trails = trails_over(&a, &format!("· {day}"));
        let Some(trail) = trails.first() else {
            assert!(!line.contains(&format!("{day}: ")), "{line}");
            continue;
        };
        shown += 1;
        assert_eq!(trail["operation"], "count", "{trail}");
        inputs_checked_against_the_notes(v, answer, trail);
        let inputs = trail["inputs"].as_array().unwrap();
        // Every run counted for the day fell on it, and the sentence says how many.
        for input in inputs {
            let date: chrono::NaiveDate = input["date"].as_str().unwrap().parse().unwrap();
            use chrono::Datelike;
            assert_eq!(date.weekday().num_days_from_monday() as usize, i, "{input}");
        }
        assert!(
            line.contains(&format!("{day}: {}", inputs.len())),
            "{day}: {} in {line}",
            inputs.len()
        );
    }
    assert!(shown >= 2, "{answer}");
}

#[test]
fn a_why_answer_shows_the_usual_sleep_and_the_short_nights_it_came_from() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "why was my bench heavy in November 2026");
    let answer = a["answer"].as_str().unwrap();
    let trails = a["provenance"].as_array().unwrap();
    let usual = trails
        .iter()
        .find(|t| t["operation"] == "mean")
        .expect("the usual sleep's block");
    let nights = inputs_checked_against_the_notes(v, answer, usual);
    let mean = nights.iter().sum::<f64>() / nights.len() as f64;
    let result = usual["result"].as_str().unwrap();
    assert!((leading(result) - mean).abs() < 0.05, "{result} vs {mean}");
    assert!(
        answer.contains(&format!(
            "your usual: {result} over {} nights",
            nights.len()
        )),
        "{answer}"
    );
    let short = trails
        .iter()
        .find(|t| t["operation"] == "count")
        .expect("the short nights' block");
    let short_nights = inputs_checked_against_the_notes(v, answer, short);
    assert!(short_nights.iter().all(|h| *h < mean - 0.75), "{short}");
    assert!(
        answer.contains(&format!("{} of ", short_nights.len())),
        "{answer}"
    );
}

#[test]
fn every_figure_of_the_advice_summary_has_its_block() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "what should I focus on next week");
    let answer = a["answer"].as_str().unwrap();
    let trails = a["provenance"].as_array().unwrap();
    let figures = answer.lines().filter(|l| l.starts_with("- ")).count();
    assert!(figures >= 3, "{answer}");
    assert_eq!(trails.len(), figures, "{a}");
    for trail in trails {
        let result = trail["result"].as_str().unwrap();
        assert!(answer.contains(&format!("**{result}**")), "{result}");
    }
}

#[test]
fn a_comparison_in_korean_is_written_in_korean_with_both_blocks() {
    let dir = temp_sample();
    let v = dir.path();
    let a = ask_json(v, "2026년 11월에 2026년 10월보다 더 많이 뛰었어?");
    let answer = a["answer"].as_str().unwrap();
    let first = answer.lines().next().unwrap();
    assert!(first.contains("**10회, 79.8 km**"), "{first}");
    assert!(answer.contains("**14.1 km 더 적습니다**"), "{answer}");
    assert_eq!(
        answer.matches("> [!info]- 계산 근거").count(),
        2,
        "{answer}"
    );
    for english in ["That is", "less", "entries", "on average"] {
        assert!(!answer.contains(english), "{english}: {answer}");
    }
}

#[test]
fn a_plan_someone_elses_run_and_a_doubtful_time_are_left_out_with_why_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "Daily/2026-04-10.md",
        "ran 8 km easy this morning\nGoing to run 10k tomorrow\n",
    );
    write(v, "Daily/2026-04-12.md", "ran 5 km, my wife ran 12 km\n");
    write(v, "Daily/2026-04-14.md", "ran 10 km in 3 min\n");
    write(v, "Daily/2026-04-16.md", "ran 5 km in 30 min\n");
    let a = ask_json(v, "how far did I run in April 2026");
    let answer = a["answer"].as_str().unwrap();
    let trail = &a["provenance"][0];
    let numbers = inputs_checked_against_the_notes(v, answer, trail);
    assert_eq!(numbers.iter().sum::<f64>(), 8.0 + 5.0 + 10.0 + 5.0);
    let left: Vec<(&str, &str)> = trail["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["why"].as_str().unwrap(), l["link"].as_str().unwrap()))
        .collect();
    assert_eq!(
        left,
        [("plan", "[[2026-04-10]]"), ("others", "[[2026-04-12]]")],
        "{trail}"
    );
    for line in [
        "> Left out: “Going to run 10k tomorrow” [[2026-04-10]] (a plan, not something done)",
        "> Left out: “my wife ran 12 km” [[2026-04-12]] (someone else's, not yours)",
    ] {
        assert!(answer.contains(line), "{line} not in {answer}");
    }
    // The impossible time of a run is left out of its time, not of its distance.
    let time = ask_json(v, "how long did I run in April 2026");
    let trail = &time["provenance"][0];
    assert_eq!(trail["result"], "30 min", "{time}");
    let doubtful = trail["left_out"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["why"] == "doubtful")
        .expect("the doubtful time is named");
    assert_eq!(doubtful["link"], "[[2026-04-14]]");
    assert!(linked_text(v, "[[2026-04-14]]").contains("3 min"));
}

#[test]
fn an_invented_figure_in_a_korean_answer_is_sent_back_and_marked_in_korean() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    write(
        v,
        QUESTION_NOTE,
        "## 08:00\nslept 7h\n\n? 어제 몇 km 뛰었어?\n",
    );
    let invented = draft(&format!("어제 61 km 달렸습니다 {RUN_LINK}."), &[RUN_LINK]);
    server.script(
        "synthesizer",
        [Reply::Json(invented.clone()), Reply::Json(invented)],
    );
    let answer = answered(v);
    let calls = server.calls("synthesizer");
    assert_eq!(calls.len(), 2, "the draft was sent back once");
    let feedback = input_of(&calls[1])["evaluation_feedback"].to_string();
    assert!(
        feedback.contains("다음 숫자는 어떤 기록이나 계산 결과에도 없습니다: 61 km"),
        "{feedback}"
    );
    assert!(!feedback.contains("these figures"), "{feedback}");
    assert!(answer.contains("~~61 km~~ (노트에 없음)"), "{answer}");
}

#[test]
fn a_korean_draft_citing_nothing_is_asked_again_with_the_reason_in_korean() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    write(
        v,
        QUESTION_NOTE,
        "## 08:00\nslept 7h\n\n? 어제 몇 km 뛰었어?\n",
    );
    server.script(
        "synthesizer",
        [Reply::Json(draft("어제 6 km 달렸습니다.", &[]))],
    );
    answered(v);
    let calls = server.calls("synthesizer");
    assert_eq!(calls.len(), 2, "asked once more");
    let why = input_of(&calls[1])["rejected_because"].to_string();
    assert!(why.contains("인용하지 않았습니다"), "{why}");
}
