//! The LLM layer: provider config, wire adapters (Ollama, OpenAI-compatible, Azure,
//! Anthropic), JSON schemas from Rust types, and the retry -> fallback -> degrade cascade.
//! Agents call models only through [`LlmClient`].

pub mod budget;
pub mod client;
pub mod config;
pub mod journal;
pub mod lenient;
pub mod schema;
pub mod trace;
pub mod wire;

pub use client::{Called, FailureKind, LlmClient, LlmFailure};
pub mod doctor;
