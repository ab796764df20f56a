//! Anthropic `/v1/messages` with a forced tool whose input schema is the output schema.

use serde_json::{json, Value};

use super::{auth_headers, ChatRequest, Completion, HttpCall};

pub fn build(base: &str, key: Option<&str>, req: &ChatRequest) -> HttpCall {
    let tool = format!("{}_output", req.agent);
    let messages: Vec<Value> = req
        .messages
        .iter()
        .map(|m| json!({"role": m.role.as_str(), "content": m.content}))
        .collect();
    let mut headers = auth_headers(&[("x-api-key", key.map(str::to_string))]);
    headers.push(("anthropic-version".to_string(), "2023-06-01".to_string()));
    let mut body = json!({
            "model": req.model,
            "system": req.system,
            "messages": messages,
            "max_tokens": req.max_tokens,
            "temperature": req.temperature,
            "tools": [{
                "name": tool,
                "description": "Return the result in exactly this structure.",
                "input_schema": req.schema,
            }],
            "tool_choice": {"type": "tool", "name": tool},
    });
    if req.system.is_empty() {
        body.as_object_mut().expect("object").remove("system");
    }
    HttpCall {
        url: format!("{base}/v1/messages"),
        headers,
        body,
    }
}

pub fn parse(body: &Value) -> Result<Completion, String> {
    let blocks = body["content"]
        .as_array()
        .ok_or("the response has no content")?;
    let input = blocks
        .iter()
        .find(|b| b["type"] == "tool_use")
        .map(|b| b["input"].clone())
        .ok_or("the response has no tool_use block")?;
    Ok(Completion {
        text: input.to_string(),
        prompt_tokens: body["usage"]["input_tokens"].as_u64(),
        completion_tokens: body["usage"]["output_tokens"].as_u64(),
        truncated: body["stop_reason"] == "max_tokens",
    })
}
