//! What a small local model (Gemma 3 270M over llama.cpp's OpenAI-compatible server) was seen
//! to send, replayed over the scripted model server: each shape of nonsense it produced, and
//! what the person must still see (nothing invented stored, nothing crashed, an honest
//! footer, no broken link).

mod support;

use std::path::Path;

use serde_json::{json, Value};
use support::llm_server::{Reply, ScriptedLlm};
use support::models::*;
use support::*;

/// The model's rejected outputs in the vault's trace: (agent, reason).
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

/// Every markdown file of the vault, joined.
fn all_notes(v: &Path) -> String {
    files(v, &[".obsidian", ".vault-agent"])
        .into_iter()
        .filter(|r| r.ends_with(".md") && !r.starts_with("global-context"))
        .map(|r| read(v, &r))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_router_that_copies_its_prompts_example_logs_nothing_and_answers_the_real_question() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    // The prompt's own example, whatever the input.
    let copied = json!({
        "reasoning": "a log and a question", "input_type": "both", "confidence": 0.9,
        "selected_domains": ["running"],
        "log_portion": "ran 5 km this morning",
        "query_portion": "was that faster than last week?"
    });
    server.script("router", [Reply::Json(copied.clone()), Reply::Json(copied)]);
    let before = all_notes(v);
    let asked = "how far did I run on Nov 20 2026";
    let a = json_with_models(v, &["ask", asked]);
    assert!(a["answer"].as_str().is_some(), "{a}");
    // The question asked is the one answered, not the example's.
    let synthesized = input_of(&server.calls("synthesizer")[0]);
    assert_eq!(synthesized["query"], asked, "{synthesized}");
    // Nothing the person did not write reaches a note.
    let after = all_notes(v);
    assert!(!after.contains("ran 5 km this morning"), "{after}");
    assert_eq!(before, after, "a question writes nothing");
    assert!(
        rejections(v)
            .iter()
            .any(|(a, e)| a == "router" && e.contains("is not part of the input")),
        "{:#?}",
        rejections(v)
    );
}

#[test]
fn a_prompt_longer_than_the_servers_context_is_said_in_a_few_words_in_the_footer() {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    // llama.cpp's server, asked for more tokens than the model holds.
    let refused = r#"{"error":{"message":"This model's maximum context length is 8192 tokens. However, you requested 9289 tokens (8789 in the messages, 500 in the completion). Please reduce the length of the messages or completion.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}"#;
    server.script(
        "analyzer",
        [
            Reply::Status(400, None, refused.into()),
            Reply::Status(400, None, refused.into()),
        ],
    );
    process_with_models(v, &[]);
    let answer = answer_callout(&read(v, "Daily/2026-11-21.md")).expect("an answer");
    assert!(
        answer.contains("the prompt is longer than the model's context window"),
        "{answer}"
    );
    assert!(!answer.contains("{\"error\""), "{answer}");
    // It is not retried: the same prompt cannot fit a second time.
    assert_eq!(server.calls("analyzer").len(), 1);
}

#[test]
fn a_synthesizer_that_links_its_prompts_example_then_cites_a_field_name_leaves_an_honest_offline_answer(
) {
    let server = ScriptedLlm::start();
    let dir = question_vault(&model_config(&server));
    let v = dir.path();
    // Both drafts as the small model wrote them: its prompt's example link, then a field
    // name where a link belongs.
    let example = json!({"response": "You ran 6 km [[2026-11-10#06:40]].", "key_points": [],
        "evidence_cited": ["[[2026-11-10#06:40]]"], "confidence": "high"});
    let field = json!({"response": "You ran 6 km.", "key_points": [],
        "evidence_cited": ["gaps_disclosed"], "confidence": "high"});
    server.script("synthesizer", [Reply::Json(example), Reply::Json(field)]);
    process_with_models(v, &[]);
    assert_eq!(server.calls("synthesizer").len(), 2, "asked once more");
    let answer = answer_callout(&read(v, "Daily/2026-11-21.md")).expect("an answer");
    assert!(!answer.contains("[[2026-11-10"), "{answer}");
    assert!(answer.contains("_Answered without a model: "), "{answer}");
    assert!(answer.contains("cites gaps_disclosed"), "{answer}");
    // The offline answer keeps its figure's block, and every link opens a note.
    assert!(
        answer.contains("> > [!info]- How this was computed"),
        "{answer}"
    );
    for link in answer.split("[[").skip(1) {
        let target = link.split(['#', ']']).next().unwrap();
        assert!(
            v.join(format!("Daily/{target}.md")).exists(),
            "[[{target}]] opens no note: {answer}"
        );
    }
}
