//! The `llm:` section of the config: providers, tiers, per-agent settings, per-model
//! settings, retry limits. Every key has a default; unknown keys and bad values are errors
//! naming the key.

use std::collections::BTreeMap;
use std::time::Duration;

use serde::Deserialize;

use crate::config::expand_env;

/// The agents that call models.
pub const AGENTS: [&str; 9] = [
    "router",
    "planner",
    "retriever",
    "analyzer",
    "synthesizer",
    "evaluator",
    "clarifier",
    "parser",
    "observer",
];

/// How a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProviderKind {
    Ollama,
    /// Any OpenAI-compatible `/v1/chat/completions` server.
    Openai,
    Azure,
    Anthropic,
    /// No model: the offline engine.
    Offline,
}

impl ProviderKind {
    fn for_name(name: &str) -> Option<ProviderKind> {
        Some(match name {
            "ollama" => ProviderKind::Ollama,
            "openai" | "openrouter" => ProviderKind::Openai,
            "azure" => ProviderKind::Azure,
            "anthropic" => ProviderKind::Anthropic,
            "offline" => ProviderKind::Offline,
            _ => return None,
        })
    }

    fn default_base(self, name: &str) -> Option<&'static str> {
        match (self, name) {
            (_, "openrouter") => Some("https://openrouter.ai/api/v1"),
            (ProviderKind::Ollama, _) => Some("http://localhost:11434"),
            (ProviderKind::Openai, _) => Some("https://api.openai.com/v1"),
            (ProviderKind::Anthropic, _) => Some("https://api.anthropic.com"),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
pub(crate) struct RawLlm {
    default_provider: Option<String>,
    fallback_provider: Option<String>,
    providers: BTreeMap<String, RawProvider>,
    tiers: BTreeMap<String, BTreeMap<String, String>>,
    agents: BTreeMap<String, RawAgent>,
    models: BTreeMap<String, RawModel>,
    retry: RawRetry,
    timeout_s: Option<u64>,
    max_concurrency: Option<usize>,
    max_reply_bytes: Option<u64>,
    retriever: RawRetriever,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawProvider {
    kind: Option<ProviderKind>,
    api_base: Option<String>,
    api_key: Option<String>,
    api_version: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawAgent {
    tier: Option<String>,
    provider: Option<String>,
    max_tokens: Option<u32>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RawModel {
    context_window: Option<usize>,
    temperature: Option<f32>,
    prompt: Option<String>,
    system_in_user: Option<bool>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawRetry {
    llm_retry: Option<u32>,
    parse_retry: Option<u32>,
    loop_max: Option<u32>,
    max_retries: Option<u32>,
    backoff_ms: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawRetriever {
    mode: Option<String>,
}

/// One configured provider. `api_key`/`api_base` keep `${VAR}` unexpanded until the
/// provider is used, so an unused provider never needs its variables set.
#[derive(Debug, Clone, PartialEq)]
pub struct Provider {
    pub name: String,
    pub kind: ProviderKind,
    api_base: Option<String>,
    api_key: Option<String>,
    pub api_version: Option<String>,
    /// Written in the config (not one of the built-in defaults).
    pub explicit: bool,
}

impl Provider {
    /// The base URL, without a trailing slash.
    pub fn api_base(&self) -> Result<String, String> {
        let raw = self
            .api_base
            .clone()
            .or_else(|| self.kind.default_base(&self.name).map(str::to_string))
            .ok_or_else(|| format!("`llm.providers.{}.api_base` is required", self.name))?;
        let base =
            expand_env(&raw).map_err(|e| format!("`llm.providers.{}.api_base`: {e}", self.name))?;
        check_base(&base).map_err(|e| format!("`llm.providers.{}.api_base`: {e}", self.name))?;
        Ok(base.trim_end_matches('/').to_string())
    }

    /// The API key, when one is configured.
    pub fn api_key(&self) -> Result<Option<String>, String> {
        match &self.api_key {
            None => Ok(None),
            Some(raw) => expand_env(raw)
                .map(Some)
                .map_err(|e| format!("`llm.providers.{}.api_key`: {e}", self.name)),
        }
    }
}

/// Per-model settings (`llm.models`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelSettings {
    pub context_window: Option<usize>,
    pub temperature: Option<f32>,
    /// Appended to the system prompt for this model.
    pub prompt: Option<String>,
    /// Send the system prompt at the top of the first user message (for chat templates
    /// that drop system messages, like Gemma's in llama.cpp servers).
    pub system_in_user: bool,
}

/// Retry limits (`llm.retry`).
#[derive(Debug, Clone, PartialEq)]
pub struct RetryConfig {
    /// Same-provider retries after transport errors, timeouts, 5xx and 429.
    pub llm_retry: u32,
    /// Re-asks after malformed output.
    pub parse_retry: u32,
    /// Analyze -> plan cycles (re-retrievals for gaps the Analyzer found).
    pub loop_max: u32,
    /// Evaluate -> plan cycles after a failed evaluation; then a partial answer.
    pub max_retries: u32,
    /// First backoff delay; doubles each retry (with jitter).
    pub backoff: Duration,
}

/// Where an agent's calls go.
#[derive(Debug, Clone, PartialEq)]
pub struct Resolution {
    pub provider: Provider,
    pub model: String,
    pub settings: ModelSettings,
    pub max_tokens: u32,
}

/// The validated `llm:` section.
#[derive(Debug, Clone, PartialEq)]
pub struct LlmConfig {
    pub default_provider: String,
    pub fallback_provider: Option<String>,
    pub providers: BTreeMap<String, Provider>,
    tiers: BTreeMap<String, BTreeMap<String, String>>,
    agents: BTreeMap<String, (String, Option<String>, u32)>,
    models: BTreeMap<String, ModelSettings>,
    pub retry: RetryConfig,
    pub timeout: Duration,
    pub max_concurrency: usize,
    /// A model reply longer than this is not read further: the call fails as malformed.
    pub max_reply_bytes: usize,
    /// `direct` (the Planner's instructions run against the Store) or `llm`.
    pub retriever_mode: String,
}

/// The longest model reply read by default (4 MiB): far above any structured output the
/// agents ask for, far below what would strain memory.
pub const DEFAULT_MAX_REPLY_BYTES: u64 = 4 * 1024 * 1024;

fn default_tiers() -> BTreeMap<String, BTreeMap<String, String>> {
    let table: [(&str, [(&str, &str); 5]); 3] = [
        (
            "low",
            [
                ("ollama", "qwen2.5:7b"),
                ("anthropic", "claude-3-haiku-20240307"),
                ("openai", "gpt-4o-mini"),
                ("azure", "gpt-4o-mini-deployment"),
                ("openrouter", "anthropic/claude-3-haiku"),
            ],
        ),
        (
            "medium",
            [
                ("ollama", "qwen2.5:14b"),
                ("anthropic", "claude-3-5-haiku-20241022"),
                ("openai", "gpt-4o-mini"),
                ("azure", "gpt-4o-mini-deployment"),
                ("openrouter", "anthropic/claude-3.5-haiku"),
            ],
        ),
        (
            "high",
            [
                ("ollama", "qwen2.5:32b"),
                ("anthropic", "claude-sonnet-4-20250514"),
                ("openai", "gpt-4o"),
                ("azure", "gpt-4o-deployment"),
                ("openrouter", "anthropic/claude-sonnet-4-20250514"),
            ],
        ),
    ];
    table
        .iter()
        .map(|(tier, models)| {
            let m = models
                .iter()
                .map(|(p, m)| (p.to_string(), m.to_string()))
                .collect();
            (tier.to_string(), m)
        })
        .collect()
}

/// Default tier and output cap per agent (what each agent returns decides the cap).
fn agent_defaults(agent: &str) -> (&'static str, u32) {
    match agent {
        "router" => ("low", 400),
        "retriever" => ("low", 600),
        "parser" => ("medium", 1000),
        "clarifier" => ("medium", 600),
        "planner" => ("high", 1200),
        "synthesizer" => ("medium", 1500),
        "evaluator" => ("high", 800),
        "analyzer" => ("high", 2000),
        _ => ("medium", 1000), // observer
    }
}

impl RawLlm {
    /// Validates into an [`LlmConfig`]; errors are `(key, message)`.
    pub(crate) fn validate(
        self,
        provider_override: Option<&str>,
    ) -> Result<LlmConfig, (String, String)> {
        let err = |key: &str, msg: String| (key.to_string(), msg);
        let mut providers: BTreeMap<String, Provider> = BTreeMap::new();
        for name in ["ollama", "offline"] {
            providers.insert(
                name.to_string(),
                Provider {
                    name: name.to_string(),
                    kind: ProviderKind::for_name(name).expect("known"),
                    api_base: None,
                    api_key: None,
                    api_version: None,
                    explicit: false,
                },
            );
        }
        for (name, raw) in self.providers {
            let key = format!("llm.providers.{name}");
            let kind = raw
                .kind
                .or_else(|| ProviderKind::for_name(&name))
                .ok_or_else(|| {
                    err(
                        &format!("{key}.kind"),
                        format!(
                            "say which API `{name}` speaks: ollama, openai, azure or anthropic"
                        ),
                    )
                })?;
            if kind == ProviderKind::Azure && raw.api_base.is_none() {
                return Err(err(
                    &format!("{key}.api_base"),
                    "Azure needs your resource URL, like https://NAME.openai.azure.com".into(),
                ));
            }
            if let Some(base) = raw.api_base.as_deref().filter(|b| !b.contains("${")) {
                check_base(base).map_err(|m| err(&format!("{key}.api_base"), m))?;
            }
            providers.insert(
                name.clone(),
                Provider {
                    name,
                    kind,
                    api_base: raw.api_base,
                    api_key: raw.api_key,
                    api_version: raw.api_version,
                    explicit: true,
                },
            );
        }
        let mut tiers = default_tiers();
        for (tier, models) in self.tiers {
            if !["low", "medium", "high"].contains(&tier.as_str()) {
                return Err(err(
                    &format!("llm.tiers.{tier}"),
                    "tiers are low, medium and high".into(),
                ));
            }
            tiers.entry(tier).or_default().extend(models);
        }
        let mut agents = BTreeMap::new();
        for agent in AGENTS {
            let (tier, cap) = agent_defaults(agent);
            agents.insert(agent.to_string(), (tier.to_string(), None, cap));
        }
        for (agent, raw) in self.agents {
            let key = format!("llm.agents.{agent}");
            let Some(slot) = agents.get_mut(&agent) else {
                return Err(err(
                    &key,
                    format!("unknown agent; the agents are {}", AGENTS.join(", ")),
                ));
            };
            if let Some(tier) = raw.tier {
                if !tiers.contains_key(&tier) {
                    return Err(err(
                        &format!("{key}.tier"),
                        format!("`{tier}` is not low, medium or high"),
                    ));
                }
                slot.0 = tier;
            }
            if let Some(p) = raw.provider {
                if !providers.contains_key(&p) {
                    return Err(err(
                        &format!("{key}.provider"),
                        format!("no provider named `{p}` under llm.providers"),
                    ));
                }
                slot.1 = Some(p);
            }
            if let Some(cap) = raw.max_tokens {
                if cap < 16 {
                    return Err(err(
                        &format!("{key}.max_tokens"),
                        "must be at least 16".into(),
                    ));
                }
                slot.2 = cap;
            }
        }
        let default_provider = provider_override
            .map(str::to_string)
            .or(self.default_provider)
            .unwrap_or_else(|| "ollama".to_string());
        if !providers.contains_key(&default_provider) {
            let key = if provider_override.is_some() {
                "--provider"
            } else {
                "llm.default_provider"
            };
            return Err(err(
                key,
                format!("no provider named `{default_provider}`; configure it under llm.providers"),
            ));
        }
        if let Some(f) = &self.fallback_provider {
            if !providers.contains_key(f) {
                return Err(err(
                    "llm.fallback_provider",
                    format!("no provider named `{f}` under llm.providers"),
                ));
            }
        }
        let models = self
            .models
            .into_iter()
            .map(|(name, m)| {
                if let Some(t) = m.temperature {
                    if !(0.0..=2.0).contains(&t) {
                        return Err(err(
                            &format!("llm.models.{name}.temperature"),
                            "must be between 0 and 2".into(),
                        ));
                    }
                }
                if m.context_window.is_some_and(|w| w < 512) {
                    return Err(err(
                        &format!("llm.models.{name}.context_window"),
                        "must be at least 512 tokens".into(),
                    ));
                }
                Ok((
                    name,
                    ModelSettings {
                        context_window: m.context_window,
                        temperature: m.temperature,
                        prompt: m.prompt,
                        system_in_user: m.system_in_user.unwrap_or(false),
                    },
                ))
            })
            .collect::<Result<_, _>>()?;
        let retry = RetryConfig {
            llm_retry: self.retry.llm_retry.unwrap_or(3),
            parse_retry: self.retry.parse_retry.unwrap_or(2),
            loop_max: self.retry.loop_max.unwrap_or(2),
            max_retries: self.retry.max_retries.unwrap_or(2),
            backoff: Duration::from_millis(self.retry.backoff_ms.unwrap_or(500)),
        };
        let timeout_s = self.timeout_s.unwrap_or(60);
        let max_concurrency = self.max_concurrency.unwrap_or(4);
        let max_reply_bytes = self.max_reply_bytes.unwrap_or(DEFAULT_MAX_REPLY_BYTES);
        crate::config::check_ranges(&[
            ("llm.retry.llm_retry", u64::from(retry.llm_retry), 0, 10),
            ("llm.retry.parse_retry", u64::from(retry.parse_retry), 0, 10),
            ("llm.retry.loop_max", u64::from(retry.loop_max), 0, 10),
            ("llm.retry.max_retries", u64::from(retry.max_retries), 0, 10),
            (
                "llm.retry.backoff_ms",
                retry.backoff.as_millis() as u64,
                0,
                60_000,
            ),
            ("llm.timeout_s", timeout_s, 1, 3_600),
            ("llm.max_concurrency", max_concurrency as u64, 1, 64),
            ("llm.max_reply_bytes", max_reply_bytes, 1024, 1 << 30),
        ])?;
        let retriever_mode = self.retriever.mode.unwrap_or_else(|| "direct".to_string());
        if retriever_mode != "direct" && retriever_mode != "llm" {
            return Err(err(
                "llm.retriever.mode",
                "must be `direct` or `llm`".into(),
            ));
        }
        let config = LlmConfig {
            default_provider,
            fallback_provider: self.fallback_provider,
            providers,
            tiers,
            agents,
            models,
            retry,
            timeout: Duration::from_secs(timeout_s),
            max_concurrency,
            max_reply_bytes: max_reply_bytes as usize,
            retriever_mode,
        };
        // Every agent must resolve on the providers it can use, and those providers'
        // `${VAR}`s must be set now (unused providers are checked when first used).
        for agent in AGENTS {
            for provider in config.chain(agent) {
                config
                    .resolve(agent, &provider)
                    .map_err(|(k, m)| err(&k, m))?;
                let p = &config.providers[&provider];
                if p.kind != ProviderKind::Offline {
                    // The messages already name the key.
                    p.api_base().map_err(|m| split_key(&m))?;
                    p.api_key().map_err(|m| split_key(&m))?;
                }
            }
        }
        Ok(config)
    }
}

/// An `api_base` must be an http(s) URL naming a host, and a port when it has a `:` after
/// the host (`http://127.0.0.1:` would quietly mean port 80).
fn check_base(base: &str) -> Result<(), String> {
    let bad = |why: &str| {
        Err(format!(
            "`{base}` {why}; write it like http://localhost:11434"
        ))
    };
    let Some(rest) = base
        .strip_prefix("http://")
        .or_else(|| base.strip_prefix("https://"))
    else {
        return bad("is not an http(s) URL");
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    // `[::1]:8080`: the port follows the bracket.
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((host, after)) => (host, after.strip_prefix(':')),
            None => return bad("has an unclosed `[` in its host"),
        },
        None => match authority.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (authority, None),
        },
    };
    if host.is_empty() {
        return bad("names no host");
    }
    if let Some(port) = port {
        if !port.parse::<u16>().is_ok_and(|p| p > 0) {
            return bad("has no valid port after `:` (1 to 65535)");
        }
    }
    Ok(())
}

/// "`key`: message" -> (key, message).
fn split_key(text: &str) -> (String, String) {
    match text.strip_prefix('`').and_then(|t| t.split_once("`: ")) {
        Some((key, message)) => (key.to_string(), message.to_string()),
        None => (String::new(), text.to_string()),
    }
}

impl Default for LlmConfig {
    fn default() -> Self {
        RawLlm::default()
            .validate(None)
            .expect("defaults are valid")
    }
}

impl LlmConfig {
    /// The providers an agent tries, in order (its own or the default, then the fallback).
    pub fn chain(&self, agent: &str) -> Vec<String> {
        let first = self
            .agents
            .get(agent)
            .and_then(|a| a.1.clone())
            .unwrap_or_else(|| self.default_provider.clone());
        let mut chain = vec![first];
        if let Some(f) = &self.fallback_provider {
            if !chain.contains(f) {
                chain.push(f.clone());
            }
        }
        chain
    }

    /// Model and settings for `agent` on `provider`; errors are `(key, message)`.
    pub fn resolve(&self, agent: &str, provider: &str) -> Result<Resolution, (String, String)> {
        let (tier, _, max_tokens) = self
            .agents
            .get(agent)
            .cloned()
            .ok_or_else(|| (format!("llm.agents.{agent}"), "unknown agent".to_string()))?;
        let p = self.providers.get(provider).cloned().ok_or_else(|| {
            (
                "llm.providers".to_string(),
                format!("no provider named `{provider}`"),
            )
        })?;
        let model = if p.kind == ProviderKind::Offline {
            "offline".to_string()
        } else {
            self.tiers
                .get(&tier)
                .and_then(|m| m.get(provider))
                .cloned()
                .ok_or_else(|| {
                    (
                        format!("llm.tiers.{tier}.{provider}"),
                        format!("the {agent} agent uses the {tier} tier, but no {tier}-tier model is set for provider `{provider}`"),
                    )
                })?
        };
        let settings = self.models.get(&model).cloned().unwrap_or_default();
        Ok(Resolution {
            provider: p,
            model,
            settings,
            max_tokens,
        })
    }

    /// Whether any agent may call a model (false when everything is `offline`).
    pub fn uses_models(&self) -> bool {
        AGENTS.iter().any(|agent| {
            self.chain(agent).iter().any(|p| {
                self.providers
                    .get(p)
                    .is_some_and(|p| p.kind != ProviderKind::Offline)
            })
        })
    }

    /// Distinct (provider, model) pairs the agents use, for `doctor`.
    pub fn models_in_use(&self) -> Vec<(String, String)> {
        let mut out: Vec<(String, String)> = Vec::new();
        for agent in AGENTS {
            for provider in self.chain(agent) {
                if let Ok(r) = self.resolve(agent, &provider) {
                    let pair = (provider.clone(), r.model);
                    if !out.contains(&pair) {
                        out.push(pair);
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(yaml: &str) -> Result<LlmConfig, (String, String)> {
        let raw: RawLlm = serde_yaml::from_str(yaml).unwrap();
        raw.validate(None)
    }

    #[test]
    fn defaults_follow_the_tiers() {
        let c = LlmConfig::default();
        assert_eq!(c.default_provider, "ollama");
        assert_eq!(c.resolve("router", "ollama").unwrap().model, "qwen2.5:7b");
        assert_eq!(c.resolve("planner", "ollama").unwrap().model, "qwen2.5:32b");
        assert_eq!(c.retry.llm_retry, 3);
    }

    #[test]
    fn custom_provider_needs_models_for_its_tiers() {
        let err = parse("default_provider: mybox\nproviders:\n  mybox: { kind: openai, api_base: 'http://127.0.0.1:8080/v1' }\n").unwrap_err();
        assert!(err.0.starts_with("llm.tiers."), "{err:?}");
        let ok = parse(
            "default_provider: mybox\nproviders:\n  mybox: { kind: openai, api_base: 'http://127.0.0.1:8080/v1' }\ntiers:\n  low: { mybox: small }\n  medium: { mybox: small }\n  high: { mybox: big }\nagents:\n  evaluator: { tier: high, provider: ollama }\n",
        )
        .unwrap();
        assert_eq!(ok.resolve("planner", "mybox").unwrap().model, "big");
        assert_eq!(ok.chain("evaluator"), vec!["ollama".to_string()]);
    }

    #[test]
    fn bad_values_name_their_key() {
        assert_eq!(
            parse("agents:\n  poet: { tier: low }\n").unwrap_err().0,
            "llm.agents.poet"
        );
        assert_eq!(
            parse("providers:\n  mybox: { api_base: 'http://x' }\n")
                .unwrap_err()
                .0,
            "llm.providers.mybox.kind"
        );
        assert_eq!(
            parse("fallback_provider: nope\n").unwrap_err().0,
            "llm.fallback_provider"
        );
        assert_eq!(parse("timeout_s: 0\n").unwrap_err().0, "llm.timeout_s");
    }

    #[test]
    fn unused_provider_keys_expand_lazily() {
        let c =
            parse("providers:\n  openai: { api_key: '${VAULT_AGENT_TEST_UNSET_KEY}' }\n").unwrap();
        let err = c.providers["openai"].api_key().unwrap_err();
        assert!(
            err.contains("VAULT_AGENT_TEST_UNSET_KEY")
                && err.contains("llm.providers.openai.api_key"),
            "{err}"
        );
        let used = parse(
            "default_provider: openai\nproviders:\n  openai: { api_key: '${VAULT_AGENT_TEST_UNSET_KEY}' }\n",
        )
        .unwrap_err();
        assert_eq!(used.0, "llm.providers.openai.api_key");
        assert!(used.1.contains("VAULT_AGENT_TEST_UNSET_KEY"), "{used:?}");
    }
}
