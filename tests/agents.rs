//! The nine agents over the scripted server: every agent's prompt and schema on the wire,
//! typed outputs flowing between them, and each validation rule rejecting a crafted bad
//! output with its reason in the trace, while every question still gets one callout.

mod support;

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::*;

use vault_agent::llm::config::AGENTS;

fn config(server: &ScriptedLlm) -> String {
    format!(
        "llm:\n  providers:\n    ollama: {{ api_base: \"{}\" }}\n  retriever: {{ mode: llm }}\n  retry: {{ backoff_ms: 5 }}\n",
        server.base()
    )
}

fn small_vault(server: &ScriptedLlm) -> tempfile::TempDir {
    question_vault(&config(server))
}

fn process_with_models(v: &Path) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_vault-agent"))
        .args(["process", v.to_str().unwrap()])
        .env_remove("VAULT_AGENT_PROVIDER")
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{text}");
    text
}

fn rejections(v: &Path) -> Vec<(String, String)> {
    std::fs::read_to_string(v.join(".vault-agent/trace.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .filter(|l| l["outcome"] == "rejected")
        .map(|l| {
            (
                l["agent"].as_str().unwrap().to_string(),
                l["error"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn rejected(v: &Path, agent: &str, reason: &str) {
    let all = rejections(v);
    assert!(
        all.iter().any(|(a, e)| a == agent && e.contains(reason)),
        "no rejection of {agent} containing “{reason}” in {all:#?}"
    );
}

fn subjective_gap_analysis() -> Value {
    json!({
        "query_intent": "distance",
        "findings": [{"claim": "a 6 km run", "evidence": [], "confidence": "high"}],
        "patterns_identified": [],
        "gaps_identified": [{"description": "how the run felt", "gap_type": "subjective", "severity": "nice_to_have"}],
        "verdict_reasoning": "the distance is logged",
        "verdict": "sufficient"
    })
}

#[test]
fn every_agent_prompt_and_schema_is_on_the_wire_over_the_sample_vault() {
    let server = ScriptedLlm::start();
    let vault = temp_sample();
    let v = vault.path();
    write(v, ".vault-agent/config.yaml", config(&server));
    server.script("analyzer", [Reply::Json(subjective_gap_analysis())]);
    let before = read(v, "Daily/2026-11-21.md");
    let out = process_with_models(v);
    assert!(out.contains("6 questions answered"), "{out}");
    let after = read(v, "Daily/2026-11-21.md");
    assert_eq!(assert_only_callouts_added(&before, &after), 6, "{after}");
    for agent in AGENTS {
        let calls = server.calls(agent);
        if calls.is_empty() {
            let trace =
                std::fs::read_to_string(v.join(".vault-agent/trace.jsonl")).unwrap_or_default();
            let errors: Vec<&str> = trace
                .lines()
                .filter(|l| l.contains("\"error\""))
                .take(5)
                .collect();
            panic!("no {agent} call; trace errors: {errors:#?}");
        }
        let c = &calls[0];
        let title = format!(
            "You are the {}{} of vault-agent",
            agent[..1].to_uppercase(),
            &agent[1..]
        );
        assert!(c.system().starts_with(&title), "{agent}: {}", c.system());
        assert!(
            c.schema().is_some_and(|s| s["properties"].is_object()),
            "{agent} request has its schema"
        );
        assert!(
            !c.system().contains("{{"),
            "{agent} prompt fully interpolated"
        );
    }
    // Typed outputs flow: the analyzer sees the retriever's entries, the synthesizer the
    // analyzer's findings, the evaluator the synthesizer's response.
    assert!(server.calls("analyzer")[0]
        .conversation()
        .contains("\"link\": \"[["));
    assert!(server.calls("synthesizer")[0]
        .conversation()
        .contains("a 6 km run"));
    assert!(server.calls("evaluator")[0]
        .conversation()
        .contains("Scripted answer citing"));
    // The clarifier's question is shown under the answer it belongs to.
    assert_eq!(
        after.matches("How did you feel that week?").count(),
        1,
        "{after}"
    );
    // The observer's update reached the context file.
    assert!(read(v, "global-context.md")
        .contains("- scripted fact: remembered from the scripted server (tentative)"));
    assert!(rejections(v).is_empty(), "{:#?}", rejections(v));
}

#[test]
fn bad_outputs_of_router_planner_retriever_clarifier_evaluator_observer_parser_are_rejected() {
    let server = ScriptedLlm::start();
    let dir = small_vault(&server);
    let v = dir.path();
    server.script("router", [Reply::Json(json!({"reasoning": "x", "input_type": "query", "confidence": 0.9, "selected_domains": ["astrology"]}))]);
    server.script(
        "planner",
        [Reply::Json(json!({
            "reasoning": "x", "query_type": "simple",
            "sub_queries": [{"id": 1, "question": "a"}, {"id": 2, "question": "b"}],
            "dependencies": [{"from": 1, "to": 2}],
            "execution_strategy": "dependent", "execution_order": [2, 1],
            "retrieval_instructions": [{"strategy": "keyword", "keywords": ["run"]}],
            "next_action": "retrieve"
        }))],
    );
    server.script("retriever", [Reply::Json(json!({"tool_calls": [{"name": "get_entries_by_glob", "parameters": {"pattern": "../../etc/*.md"}}]}))]);
    server.script("analyzer", [Reply::Json(subjective_gap_analysis())]);
    server.script(
        "clarifier",
        [Reply::Json(json!({"questions": [{"question": "How far did you run?", "gap_addressed": "distance"}], "context_explanation": "x", "fallback_action": "y"}))],
    );
    let dims = |acc: &str| {
        json!([
            {"dimension": "accuracy", "reasoning": "r", "verdict": acc},
            {"dimension": "relevance", "reasoning": "r", "verdict": "pass"},
            {"dimension": "safety", "reasoning": "r", "verdict": "pass"},
            {"dimension": "completeness", "reasoning": "r", "verdict": "pass"}
        ])
    };
    server.script(
        "evaluator",
        [Reply::Json(json!({"dimensions": dims("fail"), "feedback": [], "recommendation": "accept", "overall_verdict": "pass"}))],
    );
    server.script(
        "observer",
        [Reply::Json(json!({"should_update": true, "updates": [{"category": "fact", "key": "a: b", "value": "v", "confidence": "certain", "source": "s"}]}))],
    );
    server.script(
        "parser",
        [Reply::Json(
            json!({"domain_data": {"running": {"distance_km": 42}}, "confidence": 0.9}),
        )],
    );
    process_with_models(v);
    rejected(v, "router", "selected domain `astrology` does not exist");
    rejected(v, "planner", "execution_order runs 2 before 1");
    rejected(v, "retriever", "is not a vault-relative pattern");
    rejected(v, "clarifier", "retrieval attempt");
    rejected(
        v,
        "evaluator",
        "overall verdict is pass although accuracy failed",
    );
    rejected(v, "observer", "without `:`");
    rejected(v, "parser", "42, a number that is not in the entry");
    // Each step fell back and the question still got exactly one model answer.
    let note = read(v, "Daily/2026-11-21.md");
    assert_eq!(
        assert_only_callouts_added(
            "## 08:00\nslept 7h\n\n? how far did I run yesterday\n",
            &note
        ),
        1
    );
    assert!(note.contains("Scripted answer citing"), "{note}");
    assert!(
        !note.contains("How far did you run?"),
        "a rejected clarification is not shown"
    );
    assert!(!read(v, "global-context.md").contains("- a: b"));
}

#[test]
fn analyzer_verdict_must_come_last_and_synthesizer_may_cite_only_given_entries() {
    for (agent, reply, reason) in [
        (
            "analyzer",
            json!({"verdict": "sufficient", "query_intent": "x", "findings": [], "gaps_identified": [], "verdict_reasoning": "x"}),
            "`verdict` must be the last field",
        ),
        (
            "synthesizer",
            json!({"response": "You ran 60 km [[Somewhere else]].", "evidence_cited": ["[[Somewhere else]]"], "confidence": "high"}),
            "not one of the entries",
        ),
    ] {
        let server = ScriptedLlm::start();
        let dir = small_vault(&server);
        let v = dir.path();
        // The Synthesizer is asked once more after a rejection: it errs twice.
        server.script(agent, [Reply::Json(reply.clone()), Reply::Json(reply)]);
        process_with_models(v);
        rejected(v, agent, reason);
        let note = read(v, "Daily/2026-11-21.md");
        assert!(
            note.contains("without a model") && note.contains("output rejected"),
            "{agent}: {note}"
        );
        assert!(
            !note.contains("[[Somewhere else]]"),
            "no dangling link from the reason: {note}"
        );
    }
}

#[test]
fn a_persons_domain_is_offered_to_the_router_and_its_schema_to_the_parser() {
    let server = ScriptedLlm::start();
    let dir = small_vault(&server);
    let v = dir.path();
    write(
        v,
        ".vault-agent/domains/reading.yaml",
        "name: reading\ndescription: Books and pages read.\nvocabulary: {novel: book, pages: book}\n\
         log_schema: {type: object, properties: {pages: {type: integer}, title: {type: string}}}\n",
    );
    write(v, "Daily/2026-11-19.md", "read 40 pages of a novel\n");
    server.script(
        "parser",
        [Reply::Json(
            json!({"domain_data": {"reading": {"pages": 40}}, "confidence": 0.9}),
        )],
    );
    process_with_models(v);
    let router = &server.calls("router")[0];
    assert!(
        router.conversation().contains("\"name\": \"reading\""),
        "{}",
        router.conversation()
    );
    let parser = server
        .calls("parser")
        .into_iter()
        .find(|c| c.conversation().contains("novel"))
        .expect("the reading entry is parsed");
    assert!(
        parser
            .system()
            .contains("- `reading`: Books and pages read."),
        "{}",
        parser.system()
    );
    let day = serde_json::to_string(&day_records(v, "2026-11-19")).unwrap();
    assert!(day.contains("\"pages\":40"), "{day}");
}

#[test]
fn questions_only_the_person_can_answer_are_asked_and_the_reply_is_answered() {
    let server = ScriptedLlm::start();
    let dir = small_vault(&server);
    let v = dir.path();
    let needs_person = json!({
        "query_intent": "how the run felt",
        "findings": [],
        "gaps_identified": [{"description": "how tired the person was", "gap_type": "subjective", "severity": "critical"}],
        "verdict_reasoning": "only the person knows",
        "verdict": "insufficient"
    });
    server.script("analyzer", [Reply::Json(needs_person)]);
    let out = process_with_models(v);
    assert!(out.contains("1 waiting for your `!` reply"), "{out}");
    let note = read(v, "Daily/2026-11-21.md");
    assert!(
        note.contains("> [!question] vault-agent · ") && note.contains("needs more information"),
        "{note}"
    );
    assert!(
        note.contains("1. How did you feel that week? (good / tired)"),
        "{note}"
    );
    assert!(
        !note.contains("[!answer]"),
        "no answer before the reply: {note}"
    );
    // Nothing more happens until the person replies.
    let again = process_with_models(v);
    assert!(again.contains("0 questions answered"), "{again}");
    assert_eq!(read(v, "Daily/2026-11-21.md"), note);

    // The person replies under the box; the answer goes under the reply.
    let replied = format!("{note}\n! tired, a long week at work\n");
    write(v, "Daily/2026-11-21.md", &replied);
    let out = process_with_models(v);
    assert!(out.contains("1 question answered"), "{out}");
    let after = read(v, "Daily/2026-11-21.md");
    assert_eq!(assert_only_callouts_added(&replied, &after), 1, "{after}");
    let reply_at = after.find("! tired, a long week at work").unwrap();
    let answer_at = after.find("> [!answer]").expect("answered");
    assert!(
        answer_at > reply_at,
        "the answer is under the reply:\n{after}"
    );
    let synth = server.calls("synthesizer");
    assert!(synth
        .last()
        .unwrap()
        .conversation()
        .contains("tired, a long week at work"));
    assert_eq!(
        server.calls("clarifier").len(),
        1,
        "the person is asked once"
    );
    // Idempotent afterwards.
    process_with_models(v);
    assert_eq!(read(v, "Daily/2026-11-21.md"), after);
}

#[test]
fn entries_that_do_not_fit_the_analyzers_window_are_analyzed_in_parts_and_merged() {
    let server = ScriptedLlm::start();
    let dir = small_vault(&server);
    let v = dir.path();
    let mut config = config(&server);
    config.push_str("  models:\n    \"qwen2.5:32b\": { context_window: 6000 }\n");
    write(v, ".vault-agent/config.yaml", config);
    for day in 1..=28 {
        let mut text = String::new();
        for h in 6..10 {
            text.push_str(&format!("## {h:02}:00\neasy run {day}.{h} km along the canal, legs fine, weather mild and dry\n\n"));
        }
        write(v, &format!("Daily/2026-10-{day:02}.md"), text);
    }
    process_with_models(v);
    let calls = server.calls("analyzer");
    let per_question: Vec<_> = calls
        .iter()
        .filter(|c| c.conversation().contains("how far did I run yesterday"))
        .collect();
    assert!(
        per_question.len() > 1,
        "one analyzer call per part, got {}",
        per_question.len()
    );
    for c in &per_question {
        assert_eq!(
            c.body["options"]["num_ctx"], 6000,
            "Ollama is told the window"
        );
        let tokens = (c.system().len() + c.conversation().len()) / 4;
        assert!(tokens < 6000, "each part fits: about {tokens} tokens");
    }
    // Every part's findings reach the synthesizer.
    let synth = server.calls("synthesizer");
    assert_eq!(
        synth
            .last()
            .unwrap()
            .conversation()
            .matches("scripted finding")
            .count(),
        per_question.len()
    );
}
