//! OpenAI-compatible `/chat/completions` (OpenAI, OpenRouter, vLLM, llama.cpp, LM Studio)
//! and Azure's deployment URL form.

use serde_json::{json, Value};

use super::{auth_headers, ChatRequest, Completion, HttpCall, StructuredMode};

/// Used when an Azure provider sets no `api_version`.
pub const AZURE_DEFAULT_VERSION: &str = "2024-06-01";

fn body(req: &ChatRequest, mode: StructuredMode, with_model: bool) -> Value {
    let messages = super::chat_messages(req);
    let response_format = match mode {
        StructuredMode::JsonSchema => json!({
            "type": "json_schema",
            "json_schema": {"name": format!("{}_output", req.agent), "schema": req.schema},
        }),
        StructuredMode::JsonObject => json!({"type": "json_object", "schema": req.schema}),
    };
    let mut body = json!({
        "messages": messages,
        "temperature": req.temperature,
        "max_tokens": req.max_tokens,
        "response_format": response_format,
        "stream": false,
    });
    if with_model {
        body["model"] = json!(req.model);
    }
    body
}

pub fn build(base: &str, key: Option<&str>, req: &ChatRequest, mode: StructuredMode) -> HttpCall {
    HttpCall {
        url: format!("{base}/chat/completions"),
        headers: auth_headers(&[("authorization", key.map(|k| format!("Bearer {k}")))]),
        body: body(req, mode, true),
    }
}

pub fn build_azure(
    base: &str,
    key: Option<&str>,
    version: Option<&str>,
    req: &ChatRequest,
    mode: StructuredMode,
) -> HttpCall {
    HttpCall {
        url: format!(
            "{base}/openai/deployments/{}/chat/completions?api-version={}",
            req.model,
            version.unwrap_or(AZURE_DEFAULT_VERSION)
        ),
        headers: auth_headers(&[("api-key", key.map(str::to_string))]),
        body: body(req, mode, false),
    }
}

pub fn parse(body: &Value) -> Result<Completion, String> {
    let choice = &body["choices"][0];
    let text = choice["message"]["content"]
        .as_str()
        .ok_or("the response has no choices[0].message.content")?;
    Ok(Completion {
        text: text.to_string(),
        prompt_tokens: body["usage"]["prompt_tokens"].as_u64(),
        completion_tokens: body["usage"]["completion_tokens"].as_u64(),
        truncated: choice["finish_reason"] == "length",
    })
}

/// Whether an error body says the server does not support `json_schema` response formats
/// (llama-cpp-python answers HTTP 500 with a validation message; others 400).
pub fn rejects_json_schema(status: u16, body: &str) -> bool {
    (status == 400 || status == 422 || status == 500)
        && (body.contains("json_schema") || body.contains("response_format"))
}
