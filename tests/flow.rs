//! The query flow as a state machine, end to end over the scripted model server: sessions
//! that pause for the person and resume without paying twice, the Evaluator's retry loop
//! ending in a partial answer, and domain expansion.

mod support;

use std::process::Command;

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::models::*;
use support::*;

fn dims(verdict: &str) -> Value {
    json!(["accuracy", "relevance", "safety", "completeness"]
        .iter()
        .map(|d| json!({"dimension": d, "reasoning": "r", "verdict": if *d == "completeness" { verdict } else { "pass" }}))
        .collect::<Vec<_>>())
}

#[test]
fn a_clarification_round_trip_resumes_the_session_without_repeating_a_paid_call() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script(
        "analyzer",
        [Reply::Json(json!({
            "query_intent": "why the run felt hard",
            "findings": [],
            "gaps_identified": [{"description": "how tired the person was", "gap_type": "subjective", "severity": "critical"}],
            "verdict_reasoning": "only the person knows",
            "verdict": "insufficient"
        }))],
    );
    let mut plan = plain_plan();
    plan["clarify_questions"] = json!(["Were you tired that week?"]);
    server.script("planner", [Reply::Json(plan)]);
    process_with_models(v, &[]);
    let note = read(v, "Daily/2026-11-21.md");
    assert!(note.contains("> [!question] vault-agent"), "{note}");
    let saved = sessions(v);
    assert_eq!(saved.len(), 1, "one session for the question");
    let id = saved[0]["id"].as_str().unwrap().to_string();
    assert!(
        note.contains(&format!("<!-- vault-agent session {id} -->")),
        "the callout names its session: {note}"
    );
    assert_eq!(saved[0]["state"], "WAIT_USER");
    let asked = question_calls(&server);
    let clarifier = input_of(&server.calls("clarifier")[0]);
    assert_eq!(
        clarifier["planner_suggestions"],
        json!(["Were you tired that week?"])
    );
    assert_eq!(count(&asked, "clarifier"), 1);
    assert_eq!(
        count(&asked, "synthesizer"),
        0,
        "no answer before the reply"
    );

    write(
        v,
        "Daily/2026-11-21.md",
        format!("{note}\n! exhausted, three bad nights\n"),
    );
    process_with_models(v, &[]);
    let after = read(v, "Daily/2026-11-21.md");
    assert!(after.contains("> [!answer] vault-agent"), "{after}");
    let resumed = question_calls(&server);
    for agent in ["router", "planner", "retriever", "clarifier"] {
        assert_eq!(
            count(&resumed, agent),
            count(&asked, agent),
            "{agent} was called again after the reply: {resumed:?}"
        );
    }
    assert_eq!(count(&resumed, "analyzer"), count(&asked, "analyzer") + 1);
    assert!(server
        .calls("analyzer")
        .last()
        .unwrap()
        .conversation()
        .contains("three bad nights"));
    let done = sessions(v);
    assert_eq!(done.len(), 1, "the same session went on");
    let path = path_of(&done[0]);
    let wait = path.iter().position(|s| s == "WAIT_USER").unwrap();
    assert_eq!(
        &path[wait..],
        [
            "WAIT_USER",
            "ANALYZE",
            "SYNTHESIZE",
            "EVALUATE",
            "OBSERVE",
            "COMPLETE"
        ]
    );
    // The trace says where the session stopped each time.
    let ends: Vec<String> = std::fs::read_to_string(v.join(".vault-agent/trace.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["session"] == id.as_str())
        .map(|l| l["ended_in"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(ends, ["WAIT_USER", "COMPLETE"]);
}

#[test]
fn ask_json_reports_the_states_and_calls_of_the_question() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let out = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args([
            "--json",
            "--vault",
            v.to_str().unwrap(),
            "ask",
            "how far did I run yesterday",
        ])
        .env_remove("VAULT_AGENT_PROVIDER")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["path"],
        json!([
            "ROUTE",
            "BUILD_CONTEXT",
            "PLAN",
            "RETRIEVE",
            "ANALYZE",
            "SYNTHESIZE",
            "EVALUATE",
            "OBSERVE",
            "COMPLETE"
        ]),
        "{v}"
    );
    let paid = server
        .requests()
        .iter()
        .filter(|r| !r.agent.is_empty() && r.agent != "parser")
        .count();
    assert_eq!(v["calls"], paid, "{v}");
    assert_eq!(v["verdicts"], json!(["sufficient", "pass"]), "{v}");
}

#[test]
fn a_failed_check_replans_with_its_feedback_and_ends_in_a_partial_answer_at_the_limit() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let fail = json!({
        "dimensions": dims("fail"),
        "feedback": [{"issue": "the pace of the run is not given", "suggestion": "give min/km"}],
        "recommendation": "retry_with_more_context",
        "overall_verdict": "fail"
    });
    server.script("evaluator", (0..3).map(|_| Reply::Json(fail.clone())));
    let out = process_with_models(v, &["--json"]);
    let q = &report_of(&out)["questions"][0];
    assert_eq!(q["verdicts"], json!(["sufficient", "fail"]), "{q}");
    let note = read(v, "Daily/2026-11-21.md");
    assert_eq!(
        server.calls("evaluator").len(),
        3,
        "first check and two retries"
    );
    assert_eq!(server.calls("planner").len(), 3, "each retry plans again");
    let replan = server.calls("planner")[1].conversation();
    assert!(
        replan.contains("the pace of the run is not given"),
        "{replan}"
    );
    assert!(replan.contains("retry_with_more_context"), "{replan}");
    let redraft = server.calls("synthesizer")[2].conversation();
    assert!(
        redraft.contains("the pace of the run is not given"),
        "{redraft}"
    );
    assert!(
        note.contains("**What your notes can answer:** Scripted answer"),
        "{note}"
    );
    assert!(
        note.contains("**Still missing:** the pace of the run is not given"),
        "{note}"
    );
    assert!(
        note.contains("partial: the check still failed after 2 retries"),
        "{note}"
    );
    // The Evaluator never rewrites: the answer is the Synthesizer's text.
    assert_eq!(note.matches("[!answer]").count(), 1);
    let path = path_of(&sessions(v)[0]);
    assert_eq!(path.iter().filter(|s| *s == "EVALUATE").count(), 3);
}

#[test]
fn a_retry_limit_from_config_is_honoured() {
    let server = ScriptedLlm::start();
    let dir = question_vault(
        &model_config(&server).replace("backoff_ms: 5", "backoff_ms: 5, max_retries: 0"),
    );
    let v = dir.path();
    let fail = json!({
        "dimensions": dims("fail"),
        "feedback": [{"issue": "no pace", "suggestion": "s"}],
        "recommendation": "give_partial",
        "overall_verdict": "fail"
    });
    server.script("evaluator", [Reply::Json(fail)]);
    process_with_models(v, &[]);
    assert_eq!(server.calls("evaluator").len(), 1);
    assert!(read(v, "Daily/2026-11-21.md").contains("**Still missing:** no pace"));
}

#[test]
fn a_gap_outside_the_loaded_domains_adds_that_domain_once_before_retrieving_again() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let outside = json!({
        "query_intent": "whether food explains the run",
        "findings": [],
        "gaps_identified": [{"description": "what was eaten before the run", "gap_type": "topical", "severity": "nice_to_have",
                             "outside_current_expertise": true, "suspected_domain": "nutrition"}],
        "verdict_reasoning": "needs food knowledge",
        "verdict": "insufficient"
    });
    server.script(
        "analyzer",
        [Reply::Json(outside.clone()), Reply::Json(outside)],
    );
    process_with_models(v, &[]);
    let planner = server.calls("planner");
    assert!(planner.len() >= 2, "planned again after the expansion");
    let has_nutrition = |c: &support::llm_server::Recorded| {
        input_of(c)["domain_context"]["domains_loaded"]
            .as_array()
            .unwrap()
            .contains(&json!("nutrition"))
    };
    assert!(
        !has_nutrition(&planner[0]),
        "nutrition is not active at first"
    );
    assert!(
        has_nutrition(&planner[1]),
        "the second plan has the nutrition domain"
    );
    let path = path_of(&sessions(v)[0]);
    assert_eq!(
        path.iter().filter(|s| *s == "EXPAND_DOMAIN").count(),
        1,
        "{path:?}"
    );
    let expand = path.iter().position(|s| s == "EXPAND_DOMAIN").unwrap();
    assert_eq!(
        &path[expand..expand + 4],
        ["EXPAND_DOMAIN", "BUILD_CONTEXT", "PLAN", "RETRIEVE"]
    );
    assert!(read(v, "Daily/2026-11-21.md").contains("[!answer]"));
}

fn two_part_plan(strategy: &str) -> Value {
    json!({
        "reasoning": "two different things", "query_type": "simple",
        "sub_queries": [{"id": 1, "question": "How far did I run yesterday?"}, {"id": 2, "question": "How long did I sleep"}],
        "dependencies": if strategy == "dependent" { json!([{"from": 1, "to": 2, "reason": "r"}]) } else { json!([]) },
        "execution_strategy": strategy, "execution_order": [1, 2],
        "retrieval_instructions": [{"strategy": "date_range", "start": "2000-01-01", "end": "2100-12-31"}],
        "next_action": "retrieve"
    })
}

fn plain_plan() -> Value {
    json!({
        "reasoning": "one part", "query_type": "simple",
        "sub_queries": [{"id": 1, "question": "the part"}], "dependencies": [],
        "execution_strategy": "coupled", "execution_order": [1],
        "retrieval_instructions": [{"strategy": "date_range", "start": "2000-01-01", "end": "2100-12-31"}],
        "next_action": "retrieve"
    })
}

#[test]
fn independent_parts_run_concurrently_and_are_answered_under_bold_lead_ins() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script(
        "planner",
        [
            Reply::Json(two_part_plan("independent")),
            Reply::Delay(400, Box::new(Reply::Json(plain_plan()))),
            Reply::Delay(400, Box::new(Reply::Json(plain_plan()))),
        ],
    );
    let out = process_with_models(v, &["--json"]);
    assert!(
        server.max_in_flight_of("planner") >= 2,
        "the parts were planned one after another"
    );
    let note = read(v, "Daily/2026-11-21.md");
    assert_eq!(note.matches("> [!answer]").count(), 1, "{note}");
    let first = note
        .find("**How far did I run yesterday?** Scripted answer")
        .expect("part 1 under its lead-in");
    let second = note
        .find("**How long did I sleep?** Scripted answer")
        .expect("part 2 under its lead-in");
    assert!(first < second, "{note}");
    assert!(note.contains("Sources: [["), "{note}");
    assert_eq!(
        server.calls("synthesizer").len(),
        2,
        "one draft per part, none to join them"
    );
    let parent = sessions(v)
        .into_iter()
        .find(|s| s["parent"].is_null())
        .unwrap();
    assert_eq!(
        path_of(&parent),
        [
            "ROUTE",
            "BUILD_CONTEXT",
            "PLAN",
            "SYNTHESIZE",
            "EVALUATE",
            "OBSERVE",
            "COMPLETE"
        ]
    );
    // `process --json` reports the question's states and every call its parts paid for.
    let report = report_of(&out);
    let q = &report["questions"][0];
    assert_eq!(q["outcome"], "answered", "{q}");
    assert_eq!(q["states"][2], "PLAN", "{q}");
    let parser_calls = server.calls("parser").len();
    let paid = server
        .requests()
        .iter()
        .filter(|r| !r.agent.is_empty())
        .count()
        - parser_calls;
    assert_eq!(q["calls"], paid, "{q}");
}

#[test]
fn dependent_parts_run_in_order_and_the_later_one_sees_the_earlier_answer() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    server.script("planner", [Reply::Json(two_part_plan("dependent"))]);
    process_with_models(v, &[]);
    let planner = server.calls("planner");
    assert_eq!(planner.len(), 3, "the question, then each part");
    let second = input_of(&planner[2]);
    assert_eq!(second["query"], "How long did I sleep");
    let earlier = second["earlier_answers"][0].as_str().unwrap();
    assert!(
        earlier.starts_with("How far did I run yesterday?: Scripted answer"),
        "{earlier}"
    );
    let synth = server.calls("synthesizer");
    assert!(input_of(&synth[1])["earlier_answers"][0].is_string());
    assert!(input_of(&synth[0]).get("earlier_answers").is_none());
}

/// Starts `process` on the question vault and kills it while it waits for the first draft
/// (after routing, planning, retrieval and analysis were paid for); returns the calls made.
fn kill_while_drafting(server: &ScriptedLlm, v: &std::path::Path) -> Vec<(String, usize)> {
    // The first draft never arrives: the process is killed while waiting for it.
    server.script("synthesizer", [Reply::Hang]);
    let child = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["process", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_PROVIDER")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let _child = KillOnDrop(child);
    let reached = wait_for(
        || !server.calls("synthesizer").is_empty(),
        std::time::Duration::from_secs(60),
    );
    assert!(reached, "the flow never reached the synthesizer");
    drop(_child);
    let saved = sessions(v);
    assert_eq!(
        saved[0]["state"], "SYNTHESIZE",
        "checkpointed before the draft"
    );
    question_calls(server)
}

/// After [`kill_while_drafting`]: only the draft was asked for again, and the note got
/// exactly one answer from the same session.
fn assert_resumed_without_paying_twice(
    server: &ScriptedLlm,
    v: &std::path::Path,
    before: &[(String, usize)],
) {
    let after = question_calls(server);
    for agent in ["router", "planner", "retriever", "analyzer"] {
        assert_eq!(
            count(&after, agent),
            count(before, agent),
            "{agent} called again: {after:?}"
        );
    }
    assert_eq!(
        count(&after, "synthesizer"),
        count(before, "synthesizer") + 1
    );
    let note = read(v, "Daily/2026-11-21.md");
    assert_eq!(note.matches("> [!answer]").count(), 1, "{note}");
    let done = sessions(v);
    assert_eq!(
        done.len(),
        1,
        "the interrupted session was resumed, not replaced"
    );
    assert_eq!(done[0]["state"], "COMPLETE");
}

#[test]
fn a_process_killed_mid_flow_resumes_on_restart_without_repeating_completed_calls() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let before = kill_while_drafting(&server, v);
    process_with_models(v, &[]);
    assert_resumed_without_paying_twice(&server, v, &before);
}

#[test]
fn serve_finishes_interrupted_work_at_start() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let before = kill_while_drafting(&server, v);
    let mut child = with_models(&[
        "--vault",
        v.to_str().unwrap(),
        "serve",
        "--addr",
        "127.0.0.1:0",
    ])
    .stdout(std::process::Stdio::piped())
    .stderr(std::process::Stdio::null())
    .spawn()
    .unwrap();
    let stdout = child.stdout.take().unwrap();
    let _serve = KillOnDrop(child);
    // It says where it listens once the interrupted work is done.
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).unwrap();
    assert!(line.contains("127.0.0.1:"), "{line}");
    assert_resumed_without_paying_twice(&server, v, &before);
}

#[test]
fn watch_finishes_interrupted_work_at_start_even_in_a_note_marked_done() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let before = kill_while_drafting(&server, v);
    mark_settled(v, "Daily/2026-11-21.md");
    let child = with_models(&["watch", v.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let _watch = KillOnDrop(child);
    let landed = wait_for(
        // The answer itself, not the pending `[!answer]-` callout shown meanwhile.
        || read(v, "Daily/2026-11-21.md").contains("> [!answer] vault-agent"),
        std::time::Duration::from_secs(60),
    );
    assert!(landed, "{}", read(v, "Daily/2026-11-21.md"));
    assert_resumed_without_paying_twice(&server, v, &before);
}

/// Records `note` in the state file as handled at its current content.
fn mark_settled(v: &std::path::Path, note: &str) {
    let state_path = v.join(".vault-agent/state.json");
    let mut state: Value = serde_json::from_slice(&std::fs::read(&state_path).unwrap()).unwrap();
    let hash = vault_agent::vault::ContentHash::of(read(v, note).as_bytes()).hex();
    state["files"][note]["hash"] = json!(hash);
    std::fs::write(&state_path, serde_json::to_vec(&state).unwrap()).unwrap();
}

#[test]
fn interrupted_work_is_resumed_even_when_the_state_says_the_note_is_done() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let before = kill_while_drafting(&server, v);
    // The state file records the note as handled at its current content.
    mark_settled(v, "Daily/2026-11-21.md");

    process_with_models(v, &[]);
    assert_resumed_without_paying_twice(&server, v, &before);
}

#[test]
fn both_parses_and_stores_the_log_part_while_the_question_is_planned() {
    let server = ScriptedLlm::start();
    // No other notes: the only parse is the log part's.
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(v, ".vault-agent/config.yaml", model_config(&server));
    let plan = Reply::Json(plain_plan());
    let parse =
        Reply::Json(json!({"domain_data": {"running": {"distance_km": 3}}, "confidence": 0.9}));
    server.script("planner", [Reply::Delay(500, Box::new(plan))]);
    server.script("parser", [Reply::Delay(500, Box::new(parse))]);
    let out = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args([
            "--json",
            "--vault",
            v.to_str().unwrap(),
            "input",
            "Ran 3 km this morning. What is my longest run?",
        ])
        .env_remove("VAULT_AGENT_PROVIDER")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let reply: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(reply["kind"], "both", "{reply}");
    assert_eq!(
        reply["answer"]["branch"],
        json!(["PARSE", "STORE"]),
        "{reply}"
    );
    let logged: Vec<_> = server
        .calls("parser")
        .into_iter()
        .filter(|c| c.conversation().contains("Ran 3 km this morning."))
        .collect();
    assert_eq!(logged.len(), 1);
    // Both calls take 500 ms: the second arrived while the first was still running.
    let planned = &server.calls("planner")[0];
    let apart = if logged[0].at > planned.at {
        logged[0].at - planned.at
    } else {
        planned.at - logged[0].at
    };
    assert!(
        apart.as_millis() < 400,
        "parsed {apart:?} apart from planning, not during it"
    );
    // The model's reading is the stored record, and a later pass does not parse it again.
    let today = chrono::Local::now().date_naive().to_string();
    let records = serde_json::to_string(&day_records(v, &today)).unwrap();
    assert!(records.contains("\"distance_km\":3"), "{records}");
    assert!(records.contains("(ollama)"), "{records}");
    let parses = server.calls("parser").len();
    process_with_models(v, &[]);
    assert_eq!(server.calls("parser").len(), parses, "nothing parsed again");
}

#[test]
fn an_answer_not_yet_written_is_given_again_without_paying_until_it_is_settled() {
    use vault_agent::flow::{Outcome, QuestionInput};
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let config = vault_agent::config::Config::load(v, None).unwrap();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let mut processor = vault_agent::process::Processor::open(std::sync::Arc::new(config)).unwrap();
    runtime.block_on(processor.parse_pass()).unwrap();
    let (note, question) = ("Daily/2026-11-21.md", "how far did I run yesterday");
    let input = QuestionInput {
        text: question.into(),
        anchor: chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
        source: Some(note.into()),
        clarification: None,
        session: None,
        logged: None,
    };
    let ask = || runtime.block_on(processor.flow().answer(processor.store(), &input));
    let body = |o: Outcome| match o {
        Outcome::Answered(a) => a.body,
        other => panic!("{other:?}"),
    };
    let first = body(ask());
    let paid = server.requests().len();
    // The write-back was deferred (or the process died before it): the same answer, free.
    assert_eq!(body(ask()), first);
    assert_eq!(
        server.requests().len(),
        paid,
        "nothing paid for the same answer"
    );
    // Once written, asking again (the person deleted the callout) is a new flow.
    processor.flow().settle(processor.store(), note, question);
    body(ask());
    assert!(
        server.requests().len() > paid,
        "a new question is answered anew"
    );
}

#[test]
fn a_reply_whose_session_is_gone_is_used_from_the_start_without_asking_again() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    // A callout from an older version (no session marker), already replied to.
    let note = "## 08:00\nslept 7h\n\n? how far did I run yesterday\n> [!question] vault-agent · 2026-11-21 08:05 · needs more information\n> 1. How did you feel?\n\n! legs were heavy\n";
    write(v, "Daily/2026-11-21.md", note);
    server.script(
        "analyzer",
        [Reply::Json(json!({
            "query_intent": "how the run felt",
            "findings": [],
            "gaps_identified": [{"description": "how tired the person was", "gap_type": "subjective", "severity": "critical"}],
            "verdict_reasoning": "only the person knows",
            "verdict": "insufficient"
        }))],
    );
    process_with_models(v, &[]);
    let after = read(v, "Daily/2026-11-21.md");
    assert!(after.contains("> [!answer]"), "{after}");
    assert!(server.calls("clarifier").is_empty(), "asked again");
    let analyzed = input_of(&server.calls("analyzer")[0]);
    assert_eq!(analyzed["person_added"], "legs were heavy");
}

#[test]
fn the_json_reports_give_each_question_its_tokens_and_wall_time() {
    let server = ScriptedLlm::start();
    // Every call takes 50 ms; the server reports 120 prompt + 30 completion tokens each.
    server.delay_all(50);
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    let asked = json_with_models(v, &["ask", "how far did I run yesterday"]);
    let calls = asked["calls"].as_u64().unwrap();
    assert!(calls >= 6, "{asked}");
    assert_eq!(asked["tokens"], calls * 150, "{asked}");
    let ms = asked["ms"].as_u64().unwrap();
    assert!(ms >= calls * 50, "the calls ran one after another: {asked}");
    assert!(ms < 60_000, "{asked}");

    // The same question in the note: the calls `ask` completed with the same input are
    // replayed, not paid, and not counted. A reply that is not JSON is asked again: one
    // call, both replies' tokens.
    server.script("synthesizer", [Reply::Prose("It was 6 km.".into())]);
    let sent = |s: &ScriptedLlm| {
        s.requests()
            .iter()
            .filter(|r| !r.agent.is_empty() && r.agent != "parser")
            .count() as u64
    };
    let before = sent(&server);
    let out = process_with_models(v, &["--json"]);
    let q = &report_of(&out)["questions"][0];
    let requests = sent(&server) - before;
    assert!(requests >= 2, "{q}");
    assert_eq!(q["calls"], requests - 1, "{q}");
    assert_eq!(q["tokens"], requests * 150, "{q}");
    assert!(q["ms"].as_u64().unwrap() >= requests * 50, "{q}");
}

/// Two gaps the notes might fill (the pace of the run, how the legs felt), searched by the
/// Retriever model one gap per call, each call taking 400 ms; the pace is found, the legs
/// are not. Returns the server and the vault after `process`.
fn two_gaps_searched(max_concurrency: usize) -> (ScriptedLlm, tempfile::TempDir) {
    let server = ScriptedLlm::start();
    let extra = format!("  retriever: {{ mode: llm }}\n  max_concurrency: {max_concurrency}\n");
    let dir = question_vault(&model_config_with(&server, &extra));
    let gaps = json!({
        "query_intent": "how the run went",
        "findings": [],
        "gaps_identified": [
            {"description": "the pace of the run", "gap_type": "temporal", "severity": "critical"},
            {"description": "how the legs felt", "gap_type": "topical", "severity": "critical"}
        ],
        "verdict_reasoning": "two things are missing",
        "verdict": "insufficient"
    });
    server.script("analyzer", [Reply::Json(gaps.clone()), Reply::Json(gaps)]);
    let tool = |name: &str, parameters: Value| {
        Reply::Delay(
            400,
            Box::new(Reply::Json(
                json!({"tool_calls": [{"name": name, "parameters": parameters}]}),
            )),
        )
    };
    server.script_matching(
        "retriever",
        "\"gap\": \"the pace of the run\"",
        [tool(
            "get_entries_by_date_range",
            json!({"start": "2026-11-20", "end": "2026-11-20"}),
        )],
    );
    server.script_matching(
        "retriever",
        "\"gap\": \"how the legs felt\"",
        [tool(
            "get_entries_by_keyword",
            json!({"keywords": ["legs"]}),
        )],
    );
    process_with_models(dir.path(), &[]);
    (server, dir)
}

#[test]
fn several_gaps_are_retrieved_at_once_and_only_the_one_not_found_is_put_to_the_person() {
    let (server, dir) = two_gaps_searched(4);
    let per_gap: Vec<_> = server
        .calls("retriever")
        .into_iter()
        .filter(|c| input_of(c).get("gap").is_some())
        .collect();
    assert_eq!(per_gap.len(), 2, "one retrieval per gap");
    let apart = per_gap[1].at.duration_since(per_gap[0].at);
    assert!(
        server.max_in_flight_of("retriever") >= 2 && apart.as_millis() < 300,
        "the gaps were searched one after another ({apart:?} apart)"
    );
    // The pace was found in the notes; only the legs are asked about.
    let clarifier = server.calls("clarifier");
    assert_eq!(clarifier.len(), 1);
    let asked: Vec<Value> = input_of(&clarifier[0])["gaps"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["description"].clone())
        .collect();
    assert_eq!(asked, [json!("how the legs felt")]);
    assert!(read(dir.path(), "Daily/2026-11-21.md").contains("> [!question] vault-agent"));
    let history = &main_session(dir.path())["retrieval_history"];
    let numbers: Vec<u64> = history
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["attempt_number"].as_u64().unwrap())
        .collect();
    assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>());
}

#[test]
fn gap_retrievals_stay_within_max_concurrency() {
    let (server, _dir) = two_gaps_searched(1);
    assert_eq!(server.max_in_flight_of("retriever"), 1);
    let per_gap: Vec<_> = server
        .calls("retriever")
        .into_iter()
        .filter(|c| input_of(c).get("gap").is_some())
        .collect();
    assert_eq!(per_gap.len(), 2);
    assert!(per_gap[1].at.duration_since(per_gap[0].at).as_millis() >= 400);
}

#[test]
fn the_synthesizer_is_asked_to_answer_in_the_questions_language() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    json_with_models(v, &["ask", "어제 몇 km 뛰었어?"]);
    let korean = server.calls("synthesizer");
    assert!(!korean.is_empty());
    assert!(
        korean[0].system().contains("answer in Korean"),
        "{}",
        korean[0].system()
    );
    json_with_models(v, &["ask", "how far did I run yesterday"]);
    let all = server.calls("synthesizer");
    let english = all.last().unwrap();
    assert!(
        english.system().contains("answer in English"),
        "{}",
        english.system()
    );
}
