//! Behaviour kept from the first offline parser; the many shapes live in the corpus
//! `tests/fixtures/lines/` (replayed by `tests/read_corpus.rs`).

use serde_json::{json, Value};

use super::*;
use crate::vault::{entry, Note};

fn parse(text: &str) -> ParsedRecord {
    let note = Note::parse(text.to_string());
    let e = entry::entries(
        &note,
        "n.md",
        chrono::NaiveDate::from_ymd_opt(2026, 11, 12).unwrap(),
    );
    parse_entry(&e[0], &Domains::shipped())
}

fn lift(text: &str) -> (String, i64, i64, f64, Value) {
    let r = parse(text);
    let ex = &r.domain_data["strength"]["exercises"][0];
    (
        ex["name"].as_str().unwrap().to_string(),
        ex["sets"].as_i64().unwrap(),
        ex["reps"].as_i64().unwrap(),
        ex["weight"].as_f64().unwrap(),
        ex["unit"].clone(),
    )
}

#[test]
fn the_usual_lift_spellings() {
    let bench = |sets, reps, w: f64, unit: Value| ("bench press".to_string(), sets, reps, w, unit);
    assert_eq!(
        lift("Bench 185x5x3, felt heavy\n"),
        bench(3, 5, 185.0, Value::Null)
    );
    assert_eq!(
        lift("bench 3x5 @ 185 lbs\n"),
        bench(3, 5, 185.0, json!("lb"))
    );
    assert_eq!(
        lift("bench 3 sets of 5 at 185 lbs\n"),
        bench(3, 5, 185.0, json!("lb"))
    );
    assert_eq!(lift("bench 80kg 5x3\n"), bench(5, 3, 80.0, json!("kg")));
    assert_eq!(lift("benched 100kg x 5\n"), bench(1, 5, 100.0, json!("kg")));
    let (name, ..) = lift("Squats 5x5 @ 100kg\n");
    assert_eq!(name, "squat");
}

#[test]
fn missing_units_are_flagged_not_guessed() {
    let r = parse("Bench 185x5x3\n");
    assert!(r
        .uncertain_fields
        .contains(&"strength.exercises.unit".to_string()));
    assert!(r.domain_data["strength"]["exercises"][0]["unit"].is_null());
}

#[test]
fn runs_sleep_mood_steps_food() {
    let r = parse("Long run 16 km in 1:32, slept 7h 30m, mood 6/10, 12,400 steps\n");
    assert_eq!(r.domain_data["running"]["distance_km"], 16.0);
    assert_eq!(r.domain_data["running"]["duration_min"], 92.0);
    assert_eq!(r.domain_data["running"]["pace_min_per_km"], 5.75);
    assert_eq!(r.domain_data["running"]["kind"], "long");
    assert_eq!(r.domain_data["general"]["sleep_hours"], 7.5);
    assert_eq!(r.domain_data["general"]["mood"], 6.0);
    assert_eq!(r.domain_data["general"]["steps"], 12400);
    let mi = parse("ran 3 miles in 27 min\n");
    assert_eq!(mi.domain_data["running"]["distance_km"], 4.83);
    assert!(mi.extraction_notes[0].contains("converted 3 miles"));
    let food = parse("lunch: chicken, 45g protein, 700 kcal, two coffees\n");
    assert_eq!(food.domain_data["nutrition"]["protein_g"], 45.0);
    assert_eq!(food.domain_data["nutrition"]["calories_kcal"], 700.0);
    assert_eq!(food.domain_data["nutrition"]["caffeine_cups"], 2.0);
}

#[test]
fn section_heading_gives_the_domain_to_lines_below() {
    let r = parse("## 17:30 Gym\n- bench 185x5\n- squat 225x3\n");
    let ex = r.domain_data["strength"]["exercises"].as_array().unwrap();
    assert_eq!(ex.len(), 2);
    assert_eq!(ex[1]["name"], "squat");
}

#[test]
fn plans_and_goals_are_not_logs() {
    let r = parse("Build the long run by about 1 km a week\n\n- Week 1: long run 10 km\n- Week 6: long run 14 km\n");
    assert!(r.domain_data.is_empty(), "{:?}", r.domain_data);
}

#[test]
fn nothing_invented_for_plain_text() {
    let r = parse("Called mum, long walk by the river.\n");
    assert!(r.domain_data.is_empty());
}

#[test]
fn a_heading_above_a_list_names_its_lift_or_makes_it_a_plan() {
    let r = parse("# Push Day\n\n## Bench Press\n- 135 x 5\n- 185 x 5\n");
    let ex = &r.domain_data["strength"]["exercises"];
    assert_eq!(ex[0]["name"], "bench press", "{r:?}");
    assert_eq!(ex.as_array().map(Vec::len), Some(2), "{r:?}");
    let plan = parse("## Plan\n- squat 5x5 @ 100kg\n");
    assert!(plan.domain_data.is_empty(), "{plan:?}");
}

#[test]
fn prose_between_a_run_named_alone_and_its_figures_changes_nothing() {
    let figures = "Distance 13.76 km | Time 1:15:29 | Calories 880\n";
    let plain = parse(&format!("Garmin Connect — Morning Run\n{figures}"));
    let with_prose = parse(&format!(
        "Garmin Connect — Morning Run\nWrote a few thoughts about the week, the weather and the plan for tomorrow.\n{figures}"
    ));
    assert_eq!(plain.domain_data["running"]["distance_km"], json!(13.76));
    assert_eq!(with_prose.domain_data, plain.domain_data);
}

#[test]
fn a_short_clause_of_not_done_undoes_the_one_before() {
    let lines = own_log_lines("Mom called while I was out, missed it.\nRan 5 km, no rain.\n");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0]
            .iter()
            .any(|c| c.contains("ran 5 km") || c.contains("Ran 5 km")),
        "{lines:?}"
    );
}

#[test]
fn a_night_told_by_bed_and_wake_in_words_emoji_or_a_sentence() {
    let hours = |text: &str| parse(text).domain_data["general"]["sleep_hours"].clone();
    assert_eq!(hours("寝た 0:35、起きた 6:35\n"), 6.0);
    assert_eq!(hours("🛏 23:20 → ⏰ 6:45\n"), 7.42);
    assert_eq!(
        hours("飲み会で遅くなり、寝たのは夜中の2時半。起きたのは9時15分。\n"),
        6.75
    );
    assert_eq!(hours("🛌 23:50 ⏰ 7:10\n"), 7.33);
}
