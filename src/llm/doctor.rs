//! `vault-agent doctor`: checks every configured provider (settings, reachability, the
//! models each tier needs, one structured-output round trip) and says what to fix.

use std::time::Instant;

use schemars::JsonSchema;
use serde::Deserialize;

use super::config::ProviderKind;
use super::LlmClient;

/// The round trip's output type.
#[derive(Debug, Deserialize, JsonSchema)]
#[allow(dead_code)] // only that it parses matters
struct Ping {
    ok: bool,
}

/// One provider's findings.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ProviderCheck {
    pub provider: String,
    pub works: bool,
    /// Findings, each one line; problems say what to do.
    pub lines: Vec<String>,
}

/// Checks every configured provider; the default one first.
pub async fn check(client: &LlmClient) -> Vec<ProviderCheck> {
    let config = client.config();
    let mut names: Vec<String> = vec![config.default_provider.clone()];
    let in_use = config.models_in_use();
    // Built-in providers nobody uses (ollama when another default is set) are not checked.
    names.extend(
        config
            .providers
            .values()
            .filter(|p| p.name != config.default_provider)
            .filter(|p| p.explicit || in_use.iter().any(|(name, _)| *name == p.name))
            .map(|p| p.name.clone()),
    );
    let mut out = Vec::new();
    for name in names {
        let provider = config.providers[&name].clone();
        let mut lines = Vec::new();
        if provider.kind == ProviderKind::Offline {
            lines.push("the offline engine: always available".to_string());
            out.push(ProviderCheck {
                provider: name,
                works: true,
                lines,
            });
            continue;
        }
        let used: Vec<String> = in_use
            .iter()
            .filter(|(p, _)| *p == name)
            .map(|(_, m)| m.clone())
            .collect();
        if let Err(e) = provider.api_base().and_then(|_| provider.api_key()) {
            lines.push(e);
            out.push(ProviderCheck {
                provider: name,
                works: false,
                lines,
            });
            continue;
        }
        let mut works = true;
        match client.list_models(&provider).await {
            Ok(listed) => {
                lines.push(format!(
                    "reachable at {}",
                    provider.api_base().unwrap_or_default()
                ));
                for model in &used {
                    let present = listed
                        .iter()
                        .any(|l| l == model || *l == format!("{model}:latest"));
                    if present {
                        lines.push(format!("model {model}: present"));
                    } else if provider.kind == ProviderKind::Ollama {
                        works = false;
                        lines.push(format!("model {model}: missing; run `ollama pull {model}` or set another model under llm.tiers"));
                    } else if !listed.is_empty() {
                        lines.push(format!("model {model}: not in the provider's list (it may still work for deployments and aliases)"));
                    }
                }
            }
            Err(e) => {
                out.push(ProviderCheck {
                    provider: name,
                    works: false,
                    lines: vec![e],
                });
                continue;
            }
        }
        let agent = "router";
        match config.resolve(agent, &name) {
            Ok(resolution) => {
                let started = Instant::now();
                let result = client
                    .call_on::<Ping>(
                        agent,
                        &resolution,
                        "You are the Doctor of vault-agent, checking that structured output works. Reply with a JSON object whose field `ok` is true.",
                        "Are you there?",
                    )
                    .await;
                match result {
                    Ok(_) => lines.push(format!(
                        "structured output round trip with {}: ok ({} ms)",
                        resolution.model,
                        started.elapsed().as_millis()
                    )),
                    Err(f) => {
                        works = false;
                        lines.push(format!(
                            "structured output round trip with {} failed: {}",
                            resolution.model, f.message
                        ));
                    }
                }
            }
            Err((key, message)) => {
                works = false;
                lines.push(format!("{key}: {message}"));
            }
        }
        out.push(ProviderCheck {
            provider: name,
            works,
            lines,
        });
    }
    out
}
