//! Wire formats. Each adapter turns a [`ChatRequest`] into an HTTP call and a response body
//! into a [`Completion`]; sending, timeouts and retries live in the client.

pub mod anthropic;
pub mod ollama;
pub mod openai;

use serde_json::Value;

use super::config::{Provider, ProviderKind};

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    User,
    Assistant,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Assistant => "assistant",
        }
    }
}

/// One chat message after the system prompt.
#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub role: Role,
    pub content: String,
}

/// Everything a wire adapter needs for one call.
#[derive(Debug, Clone)]
pub struct ChatRequest<'a> {
    pub agent: &'a str,
    pub model: &'a str,
    pub system: &'a str,
    pub messages: &'a [Message],
    /// JSON schema of the expected output.
    pub schema: &'a Value,
    pub temperature: f32,
    pub max_tokens: u32,
    /// The context window to ask for (Ollama's `num_ctx`), when known.
    pub context_window: Option<usize>,
}

/// How an OpenAI-compatible server is asked for structured output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StructuredMode {
    /// `response_format: {type: json_schema, json_schema: {...}}`.
    JsonSchema,
    /// `response_format: {type: json_object, schema}` for servers without json_schema.
    JsonObject,
}

/// A prepared HTTP request.
#[derive(Debug, Clone)]
pub struct HttpCall {
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Value,
}

/// What came back.
#[derive(Debug, Clone, PartialEq)]
pub struct Completion {
    /// The JSON text the model produced.
    pub text: String,
    pub prompt_tokens: Option<u64>,
    pub completion_tokens: Option<u64>,
    /// The output hit the token cap.
    pub truncated: bool,
}

/// Builds the HTTP call for a provider.
pub fn build(
    provider: &Provider,
    base: &str,
    key: Option<&str>,
    req: &ChatRequest,
    mode: StructuredMode,
) -> HttpCall {
    match provider.kind {
        ProviderKind::Ollama => ollama::build(base, req),
        ProviderKind::Anthropic => anthropic::build(base, key, req),
        ProviderKind::Azure => {
            openai::build_azure(base, key, provider.api_version.as_deref(), req, mode)
        }
        ProviderKind::Openai | ProviderKind::Offline => openai::build(base, key, req, mode),
    }
}

/// Reads a successful response body.
pub fn parse(kind: ProviderKind, body: &Value) -> Result<Completion, String> {
    match kind {
        ProviderKind::Ollama => ollama::parse(body),
        ProviderKind::Anthropic => anthropic::parse(body),
        _ => openai::parse(body),
    }
}

/// The URL listing the provider's models, and how to read the names from it.
pub fn models_url(provider: &Provider, base: &str) -> String {
    match provider.kind {
        ProviderKind::Ollama => format!("{base}/api/tags"),
        ProviderKind::Anthropic => format!("{base}/v1/models"),
        ProviderKind::Azure => format!(
            "{base}/openai/models?api-version={}",
            provider
                .api_version
                .as_deref()
                .unwrap_or(openai::AZURE_DEFAULT_VERSION)
        ),
        _ => format!("{base}/models"),
    }
}

/// Model names from a models listing.
pub fn model_names(kind: ProviderKind, body: &Value) -> Vec<String> {
    let (list, key) = match kind {
        ProviderKind::Ollama => (&body["models"], "name"),
        _ => (&body["data"], "id"),
    };
    list.as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|m| m[key].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// The system prompt (when there is one) and the messages, in the OpenAI/Ollama shape.
fn chat_messages(req: &ChatRequest) -> Vec<Value> {
    let mut messages = Vec::new();
    if !req.system.is_empty() {
        messages.push(serde_json::json!({"role": "system", "content": req.system}));
    }
    messages.extend(
        req.messages
            .iter()
            .map(|m| serde_json::json!({"role": m.role.as_str(), "content": m.content})),
    );
    messages
}

/// Auth headers shared by the OpenAI-style and Anthropic adapters.
fn auth_headers(pairs: &[(&str, Option<String>)]) -> Vec<(String, String)> {
    pairs
        .iter()
        .filter_map(|(k, v)| v.as_ref().map(|v| (k.to_string(), v.clone())))
        .collect()
}
