//! Token budgets: a rough token estimate, the context window of a resolved model, and the
//! check that refuses (never truncates) a prompt that does not fit.

use serde_json::Value;

use super::client::{FailureKind, LlmFailure};
use super::config::{ProviderKind, Resolution};

/// The window Ollama is asked for when a model's `context_window` is not configured.
pub const OLLAMA_DEFAULT_WINDOW: usize = 8192;

/// The context window of a resolved model: configured, or Ollama's default we ask for.
pub fn context_window(r: &Resolution) -> Option<usize> {
    r.settings
        .context_window
        .or_else(|| (r.provider.kind == ProviderKind::Ollama).then_some(OLLAMA_DEFAULT_WINDOW))
}

/// About four characters a token: enough to refuse prompts that clearly do not fit.
pub fn estimate_tokens(text: &str) -> usize {
    text.len().div_ceil(4)
}

/// A prompt that does not fit the model's context window is an error, never truncated.
pub fn check(r: &Resolution, system: &str, user: &str, schema: &Value) -> Result<(), LlmFailure> {
    let Some(window) = context_window(r) else {
        return Ok(());
    };
    let needed = estimate_tokens(system)
        + estimate_tokens(user)
        + estimate_tokens(&schema.to_string())
        + r.max_tokens as usize;
    if needed > window {
        return Err(LlmFailure {
            kind: FailureKind::TooLarge,
            message: format!(
                "the prompt needs about {needed} tokens with the output cap, more than {}'s context window of {window}",
                r.model
            ),
        });
    }
    Ok(())
}
