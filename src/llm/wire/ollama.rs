//! Ollama `/api/chat` with `format` = the JSON schema and `stream: false`.

use serde_json::{json, Value};

use super::{ChatRequest, Completion, HttpCall};

pub fn build(base: &str, req: &ChatRequest) -> HttpCall {
    let messages = super::chat_messages(req);
    HttpCall {
        url: format!("{base}/api/chat"),
        headers: Vec::new(),
        body: json!({
            "model": req.model,
            "messages": messages,
            "format": req.schema,
            "stream": false,
            "options": options(req),
        }),
    }
}

pub fn parse(body: &Value) -> Result<Completion, String> {
    let text = body["message"]["content"]
        .as_str()
        .ok_or("the response has no message.content")?;
    Ok(Completion {
        text: text.to_string(),
        prompt_tokens: body["prompt_eval_count"].as_u64(),
        completion_tokens: body["eval_count"].as_u64(),
        truncated: body["done_reason"] == "length",
    })
}

/// Sampling options; `num_ctx` is always set, since Ollama otherwise truncates long prompts
/// silently to its small default window.
fn options(req: &ChatRequest) -> Value {
    json!({
        "temperature": req.temperature,
        "num_predict": req.max_tokens,
        "num_ctx": req.context_window.unwrap_or(super::super::budget::OLLAMA_DEFAULT_WINDOW),
    })
}
