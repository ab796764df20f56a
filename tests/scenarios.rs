//! The seed's six example scenarios (seed 004, appendix C) end to end over the scripted
//! model server: a simple question, an insight, a recommendation, a multi-part question
//! (independent and dependent parts), a correction, and a question about something never
//! logged. Each checks what the person reads (the answer callout and its sources) and how
//! the flow got there (the session's states and the calls each agent received).

mod support;

use std::path::Path;

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::models::*;
use support::*;

/// The note the questions are asked in: Saturday, Nov 21 2026.
const NOTE: &str = "Daily/2026-11-21.md";

/// Two weeks of notes with the scripted server as every agent's model (the Retriever runs
/// the Planner's instructions directly) and the question `question` in Saturday's note.
fn training_vault(server: &ScriptedLlm, question: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", model_config_with(server, ""));
    for (day, text) in [
        ("2026-11-09", "## 22:30\nslept 5h, stressed about work\n"),
        (
            "2026-11-10",
            "## 07:00 Bench\nbench 3x5 @ 85kg, felt heavy\n",
        ),
        ("2026-11-12", "## 07:00 Run\neasy run 6 km in 33 min\n"),
        (
            "2026-11-13",
            "## 07:00 Squat\nsquat 3x5 @ 100kg\n\n## 21:00\nknee hurts after squats\n",
        ),
        ("2026-11-20", "## 07:00 Run\neasy run 5 km in 28 min\n"),
    ] {
        write(v, &format!("Daily/{day}.md"), text);
    }
    write(v, NOTE, format!("## 08:00\nslept 7h\n\n? {question}\n"));
    dir
}

/// A plan of one part retrieving with `instruction`.
fn plan(instruction: Value) -> Value {
    json!({
        "reasoning": "scripted", "query_type": "simple",
        "sub_queries": [{"id": 1, "question": "the question"}], "dependencies": [],
        "execution_strategy": "coupled", "execution_order": [1],
        "retrieval_instructions": [instruction],
        "next_action": "retrieve"
    })
}

fn dated(start: &str, end: &str) -> Value {
    json!({"strategy": "date_range", "start": start, "end": end})
}

fn analysis(verdict: &str, findings: Value, gaps: Value) -> Value {
    json!({
        "query_intent": "scripted", "findings": findings, "patterns_identified": [],
        "gaps_identified": gaps, "verdict_reasoning": "scripted", "verdict": verdict
    })
}

fn draft(response: &str, cited: &[&str]) -> Value {
    json!({"response": response, "key_points": [], "evidence_cited": cited, "confidence": "high"})
}

/// The calls of the question agents, as `agent: n` for those called at least once.
fn called(server: &ScriptedLlm) -> Vec<String> {
    question_calls(server)
        .into_iter()
        .filter(|(a, n)| *n > 0 && a != "observer")
        .map(|(a, n)| format!("{a}: {n}"))
        .collect()
}

/// The dates (`YYYY-MM-DD`) of the entries an Analyzer call was given.
fn analyzed_days(call: &support::llm_server::Recorded) -> Vec<String> {
    input_of(call)["entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["date"].as_str().unwrap()[..10].to_string())
        .collect()
}

fn states(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

const STRAIGHT: [&str; 9] = [
    "ROUTE",
    "BUILD_CONTEXT",
    "PLAN",
    "RETRIEVE",
    "ANALYZE",
    "SYNTHESIZE",
    "EVALUATE",
    "OBSERVE",
    "COMPLETE",
];

fn answered(v: &Path) -> String {
    let note = read(v, NOTE);
    assert_eq!(callout_count(&note), 1, "{note}");
    answer_callout(&note).unwrap_or_else(|| panic!("no answer callout: {note}"))
}

#[test]
fn simple_last_weeks_workouts_are_retrieved_for_that_week_and_cited() {
    let server = ScriptedLlm::start();
    let dir = training_vault(&server, "show me last week's workouts");
    let v = dir.path();
    server.script(
        "planner",
        [Reply::Json(plan(dated("2026-11-09", "2026-11-15")))],
    );
    let said = "Bench on Tuesday [[2026-11-10#07:00 Bench]], a 6 km run on Thursday [[2026-11-12#07:00 Run]] and squats on Friday [[2026-11-13#07:00 Squat]].";
    server.script(
        "synthesizer",
        [Reply::Json(draft(
            said,
            &[
                "[[2026-11-10#07:00 Bench]]",
                "[[2026-11-12#07:00 Run]]",
                "[[2026-11-13#07:00 Squat]]",
            ],
        ))],
    );
    process_with_models(v, &[]);

    let answer = answered(v);
    assert!(answer.contains(said), "{answer}");
    assert!(
        answer.contains("Sources: [[2026-11-10]] · [[2026-11-12]] · [[2026-11-13]]"),
        "{answer}"
    );
    assert!(answer.contains("checked."), "{answer}");
    let days = analyzed_days(&server.calls("analyzer")[0]);
    assert!(!days.is_empty());
    assert!(
        days.iter()
            .all(|d| ("2026-11-09"..="2026-11-15").contains(&d.as_str())),
        "only last week was read: {days:?}"
    );
    assert_eq!(path_of(&main_session(v)), states(&STRAIGHT));
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 1",
            "analyzer: 1",
            "synthesizer: 1",
            "evaluator: 1"
        ]
    );
}

#[test]
fn insight_a_gap_in_the_notes_is_searched_for_before_anyone_is_asked() {
    let server = ScriptedLlm::start();
    let dir = training_vault(&server, "why did my bench feel heavy last week");
    let v = dir.path();
    server.script(
        "planner",
        [
            Reply::Json(plan(dated("2026-11-10", "2026-11-10"))),
            Reply::Json(plan(dated("2026-11-08", "2026-11-09"))),
        ],
    );
    let bench = "[[2026-11-10#07:00 Bench]]";
    let sleep = "[[2026-11-09#22:30]]";
    server.script(
        "analyzer",
        [
            Reply::Json(analysis(
                "insufficient",
                json!([{"claim": "the bench felt heavy at 85 kg", "evidence": [bench], "confidence": "high"}]),
                json!([{"description": "sleep in the nights before the bench session", "gap_type": "temporal", "severity": "critical"}]),
            )),
            Reply::Json(analysis(
                "sufficient",
                json!([{"claim": "5 hours of sleep the night before", "evidence": [sleep, bench], "confidence": "medium"}]),
                json!([]),
            )),
        ],
    );
    let said =
        format!("Probably sleep: 5 hours the night before {sleep}, then 85 kg felt heavy {bench}.");
    server.script("synthesizer", [Reply::Json(draft(&said, &[sleep, bench]))]);
    process_with_models(v, &[]);

    let answer = answered(v);
    assert!(answer.contains(&said), "{answer}");
    assert!(
        answer.contains("Sources: [[2026-11-09]] · [[2026-11-10]]"),
        "{answer}"
    );
    // The second plan was asked to look for the gap; what it found was analyzed with the rest.
    let replan = input_of(&server.calls("planner")[1]);
    assert_eq!(
        replan["gaps_from_analyzer"][0]["description"],
        "sleep in the nights before the bench session"
    );
    assert_eq!(
        analyzed_days(&server.calls("analyzer")[1]),
        ["2026-11-10", "2026-11-09"]
    );
    assert_eq!(
        path_of(&main_session(v)),
        states(&[
            "ROUTE",
            "BUILD_CONTEXT",
            "PLAN",
            "RETRIEVE",
            "ANALYZE",
            "PLAN",
            "RETRIEVE",
            "ANALYZE",
            "SYNTHESIZE",
            "EVALUATE",
            "OBSERVE",
            "COMPLETE"
        ])
    );
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 2",
            "analyzer: 2",
            "synthesizer: 1",
            "evaluator: 1"
        ],
        "found in the notes: nobody was asked"
    );
}

#[test]
fn recommendation_a_draft_failing_the_safety_check_is_replaced_by_the_revised_one() {
    let server = ScriptedLlm::start();
    let dir = training_vault(&server, "what should I do today");
    let v = dir.path();
    let squat = "[[2026-11-13#07:00 Squat]]";
    let knee = "[[2026-11-13#21:00]]";
    let unsafe_draft = format!("Heavy squats again today, like {squat}.");
    let revised = format!("Upper body today: your knee hurt after squats {knee}.");
    server.script(
        "synthesizer",
        [
            Reply::Json(draft(&unsafe_draft, &[squat])),
            Reply::Json(draft(&revised, &[knee])),
        ],
    );
    let verdict =
        |d: &str, v: &str| json!({"dimension": d, "reasoning": "r", "issues": [], "verdict": v});
    server.script(
        "evaluator",
        [Reply::Json(json!({
            "dimensions": [verdict("accuracy", "pass"), verdict("relevance", "pass"), verdict("safety", "fail"), verdict("completeness", "pass")],
            "feedback": [{"issue": "recommends squats while the knee hurts", "suggestion": "suggest something that spares the knee"}],
            "recommendation": "retry_with_feedback",
            "overall_verdict": "fail"
        }))],
    );
    process_with_models(v, &[]);

    let answer = answered(v);
    assert!(answer.contains(&revised), "{answer}");
    assert!(!answer.contains("Heavy squats"), "{answer}");
    assert!(answer.contains("Sources: [[2026-11-13]]"), "{answer}");
    assert!(
        answer.contains("checked.") && !answer.contains("partial"),
        "{answer}"
    );
    // The judge checked against the domains' rules; its feedback reached the second draft.
    let judged = input_of(&server.calls("evaluator")[0]);
    assert!(
        judged["evaluation_rules"]
            .to_string()
            .contains("Every number in the answer appears in a cited note."),
        "{judged}"
    );
    let redraft = input_of(&server.calls("synthesizer")[1]);
    assert_eq!(
        redraft["evaluation_feedback"][0]["issue"],
        "recommends squats while the knee hurts"
    );
    let path = path_of(&main_session(v));
    let retried = [
        "ROUTE",
        "BUILD_CONTEXT",
        "PLAN",
        "RETRIEVE",
        "ANALYZE",
        "SYNTHESIZE",
        "EVALUATE",
        "PLAN",
        "RETRIEVE",
        "ANALYZE",
        "SYNTHESIZE",
        "EVALUATE",
        "OBSERVE",
        "COMPLETE",
    ];
    assert_eq!(path, states(&retried));
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 2",
            "analyzer: 2",
            "synthesizer: 2",
            "evaluator: 2"
        ]
    );
}

fn two_parts(strategy: &str, first: &str, second: &str) -> Value {
    json!({
        "reasoning": "two things", "query_type": "insight",
        "sub_queries": [{"id": 1, "question": first}, {"id": 2, "question": second}],
        "dependencies": if strategy == "dependent" { json!([{"from": 1, "to": 2, "reason": "the change follows from the cause"}]) } else { json!([]) },
        "execution_strategy": strategy, "execution_order": [1, 2],
        "retrieval_instructions": [dated("2026-11-09", "2026-11-15")],
        "next_action": "retrieve"
    })
}

#[test]
fn multi_part_dependent_the_second_part_builds_on_the_first_answer() {
    let server = ScriptedLlm::start();
    let dir = training_vault(
        &server,
        "why was I tired last week and what should I change",
    );
    let v = dir.path();
    let (why, what) = ("Why was I tired last week?", "What should I change?");
    server.script("planner", [Reply::Json(two_parts("dependent", why, what))]);
    let sleep = "[[2026-11-09#22:30]]";
    let cause = format!("You slept 5 hours on Monday {sleep}.");
    server.script(
        "synthesizer",
        [
            Reply::Json(draft(&cause, &[sleep])),
            // Advice cites the entry it rests on too (a draft citing nothing is re-asked).
            Reply::Json(draft(
                &format!("Aim for more sleep before lifting days {sleep}."),
                &[sleep],
            )),
        ],
    );
    process_with_models(v, &[]);

    let answer = answered(v);
    let first = answer
        .find(&format!("**{why}** {cause}"))
        .unwrap_or_else(|| panic!("part 1 under its lead-in: {answer}"));
    let second = answer
        .find(&format!("**{what}** Aim for more sleep"))
        .unwrap_or_else(|| panic!("part 2 under its lead-in: {answer}"));
    assert!(first < second, "{answer}");
    assert!(answer.contains("Sources: [[2026-11-09]]"), "{answer}");
    // The second part was planned and written knowing the first part's answer.
    let planner = server.calls("planner");
    assert_eq!(planner.len(), 3, "the question, then each part");
    let later = input_of(&planner[2]);
    assert_eq!(later["query"], what);
    assert_eq!(later["earlier_answers"][0], format!("{why}: {cause}"));
    let parent = main_session(v);
    assert_eq!(
        path_of(&parent),
        states(&[
            "ROUTE",
            "BUILD_CONTEXT",
            "PLAN",
            "SYNTHESIZE",
            "EVALUATE",
            "OBSERVE",
            "COMPLETE"
        ])
    );
    let parts: Vec<Value> = sessions(v)
        .into_iter()
        .filter(|s| s["parent"] == parent["id"])
        .collect();
    assert_eq!(parts.len(), 2);
    for part in &parts {
        assert_eq!(
            path_of(part),
            states(&STRAIGHT[1..]),
            "each part ran the flow from the parent's routing"
        );
    }
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 3",
            "analyzer: 2",
            "synthesizer: 2",
            "evaluator: 2"
        ],
        "no call to join the parts"
    );
}

#[test]
fn multi_part_independent_parts_run_at_the_same_time() {
    let server = ScriptedLlm::start();
    let dir = training_vault(
        &server,
        "how far did I run last week and how long did I sleep",
    );
    let v = dir.path();
    let (run, sleep) = ("How far did I run last week?", "How long did I sleep?");
    let part_plan = || {
        Reply::Delay(
            400,
            Box::new(Reply::Json(plan(dated("2026-11-09", "2026-11-15")))),
        )
    };
    server.script(
        "planner",
        [
            Reply::Json(two_parts("independent", run, sleep)),
            part_plan(),
            part_plan(),
        ],
    );
    process_with_models(v, &[]);

    let answer = answered(v);
    let first = answer.find(&format!("**{run}** Scripted answer"));
    let second = answer.find(&format!("**{sleep}** Scripted answer"));
    assert!(
        first.is_some() && second.is_some() && first < second,
        "each part under its lead-in, in the plan's order: {answer}"
    );
    assert!(
        server.max_in_flight_of("planner") >= 2,
        "the parts were planned one after another"
    );
    let planner = server.calls("planner");
    for call in &planner[1..] {
        assert!(
            input_of(call).get("earlier_answers").is_none(),
            "an independent part saw another's answer"
        );
    }
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 3",
            "analyzer: 2",
            "synthesizer: 2",
            "evaluator: 2"
        ]
    );
}

#[test]
fn correction_the_bench_of_85_pounds_becomes_185_in_what_the_models_read() {
    let server = ScriptedLlm::start();
    let dir = training_vault(&server, "how did I sleep");
    let v = dir.path();
    let yesterday = (chrono::Local::now().date_naive() - chrono::Duration::days(1))
        .format("%Y-%m-%d")
        .to_string();
    let target = format!("Daily/{yesterday}.md");
    write(v, &target, "## 10:30\nbench 3x5 @ 85 lb\n");
    process_with_models(v, &[]);
    let before = read(v, &target);

    server.script(
        "router",
        [Reply::Json(json!({
            "reasoning": "fixes a weight", "input_type": "correction", "confidence": 0.9,
            "selected_domains": ["strength"], "correction_target": "the bench press"
        }))],
    );
    server.script_matching(
        "parser",
        "reading a correction",
        [Reply::Json(json!({
            "reasoning": "the bench weight", "target_id": format!("{target}#1"),
            "activity": "bench press", "measure": "weight", "new_value": 185
        }))],
    );
    let routed = server.calls("router").len();
    let reply = json_with_models(v, &["input", "Actually that was 185 not 85 pounds"]);
    assert_eq!(reply["kind"], "correction", "{reply}");
    let said = reply["said"].as_str().unwrap();
    assert!(said.contains("bench press on "), "{said}");
    assert!(said.contains(": 85 -> 185 lb"), "{said}");
    assert_eq!(reply["logged_to"], target.as_str(), "{reply}");
    let after = read(v, &target);
    assert!(after.starts_with(&before), "{after}");
    assert!(
        after[before.len()..].contains("[correction]\nActually that was 185 not 85 pounds"),
        "{after}"
    );

    assert_eq!(
        server.calls("router").len(),
        routed + 1,
        "routed by the model"
    );
    assert_eq!(
        server
            .calls("parser")
            .iter()
            .filter(|c| c.system().contains("reading a correction"))
            .count(),
        1,
        "read by the model"
    );

    // A later question: the models are given the corrected number, not the old one.
    let ask = json_with_models(v, &["ask", "what is my best bench press"]);
    assert!(ask["answer"].is_string(), "{ask}");
    let analyzer = server.calls("analyzer");
    let entries = input_of(analyzer.last().unwrap())["entries"].clone();
    let bench = entries
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["text"].as_str().unwrap().contains("bench 3x5 @ 85 lb"))
        .unwrap_or_else(|| panic!("the bench entry was read: {entries}"))
        .clone();
    let data = bench["data"].to_string();
    assert!(data.contains("185"), "{data}");
    assert!(!data.contains(":85"), "{data}");
}

#[test]
fn no_data_swimming_never_logged_is_answered_as_missing_without_asking() {
    let server = ScriptedLlm::start();
    let dir = training_vault(&server, "how's my swimming progress");
    let v = dir.path();
    let swim = json!({"strategy": "keyword", "keywords": ["swim", "swimming"]});
    server.script("planner", (0..3).map(|_| Reply::Json(plan(swim.clone()))));
    let nothing = analysis(
        "insufficient",
        json!([]),
        json!([{"description": "any swimming session", "gap_type": "topical", "severity": "nice_to_have"}]),
    );
    server.script("analyzer", (0..3).map(|_| Reply::Json(nothing.clone())));
    server.script(
        "synthesizer",
        [Reply::Json(json!({
            "response": "There is no swimming in your notes, so there is no progress to report yet.",
            "gaps_disclosed": ["no swimming session is logged"],
            "evidence_cited": [], "confidence": "low"
        }))],
    );
    process_with_models(v, &[]);

    let answer = answered(v);
    assert!(
        answer.contains("There is no swimming in your notes"),
        "{answer}"
    );
    assert!(
        answer.contains("_Not in your notes:_ no swimming session is logged"),
        "{answer}"
    );
    assert!(!answer.contains("Sources:"), "nothing to cite: {answer}");
    let session = main_session(v);
    let found: Vec<u64> = session["retrieval_history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["entries_found"].as_u64().unwrap())
        .collect();
    assert_eq!(found, [0, 0, 0], "looked three times, found nothing");
    let path = path_of(&session);
    assert_eq!(
        path.iter().filter(|s| *s == "ANALYZE").count(),
        3,
        "re-planned up to loop_max (2): {path:?}"
    );
    assert!(!path.contains(&"CLARIFY".to_string()), "{path:?}");
    let synth = input_of(&server.calls("synthesizer")[0]);
    assert_eq!(synth["is_partial"], true, "{synth}");
    assert_eq!(
        called(&server),
        [
            "router: 1",
            "planner: 3",
            "analyzer: 3",
            "synthesizer: 1",
            "evaluator: 1"
        ]
    );
}
