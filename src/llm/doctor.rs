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
    /// Findings, each one line.
    pub lines: Vec<String>,
    /// What to do when it does not work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<String>,
}

/// What a person does about a provider that fails, from what failed.
fn fix_for(provider: &super::config::Provider, problem: &str) -> String {
    let name = &provider.name;
    let offline = "or set `llm.default_provider: offline` in config.yaml to answer without a model";
    if problem.contains("environment variable") {
        return format!(
            "export the variable named above (it is read by llm.providers.{name}), {offline}"
        );
    }
    if problem.contains("API key") || problem.contains("401") || problem.contains("403") {
        return format!("check the key variable in llm.providers.{name}.api_key, {offline}");
    }
    if let Some(models) = problem.strip_prefix("missing:") {
        let pulls: Vec<String> = models
            .split(' ')
            .map(|m| format!("`ollama pull {m}`"))
            .collect();
        return format!(
            "run {} or set other models under llm.tiers",
            pulls.join(" and ")
        );
    }
    match provider.kind {
        ProviderKind::Ollama => {
            format!("start Ollama (`ollama serve`, or open the Ollama app), {offline}")
        }
        _ => format!(
            "start the server at {} or correct llm.providers.{name}.api_base, {offline}",
            provider.api_base().unwrap_or_default()
        ),
    }
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
                fix: None,
            });
            continue;
        }
        let used: Vec<String> = in_use
            .iter()
            .filter(|(p, _)| *p == name)
            .map(|(_, m)| m.clone())
            .collect();
        if let Err(e) = provider.api_base().and_then(|_| provider.api_key()) {
            let fix = Some(fix_for(&provider, &e));
            lines.push(e);
            out.push(ProviderCheck {
                provider: name,
                works: false,
                lines,
                fix,
            });
            continue;
        }
        let mut works = true;
        let mut fix = None;
        let mut missing: Vec<&str> = Vec::new();
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
                        missing.push(model.as_str());
                        lines.push(format!("model {model}: missing"));
                    } else if !listed.is_empty() {
                        lines.push(format!("model {model}: not in the provider's list (it may still work for deployments and aliases)"));
                    }
                }
                if !missing.is_empty() {
                    fix = Some(fix_for(
                        &provider,
                        &format!("missing:{}", missing.join(" ")),
                    ));
                }
            }
            Err(e) => {
                out.push(ProviderCheck {
                    provider: name.clone(),
                    works: false,
                    fix: Some(fix_for(&provider, &e)),
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
                        fix.get_or_insert_with(|| format!("try a larger model under llm.tiers, or set `llm.models.\"{}\".system_in_user: true` if its chat template drops system messages", resolution.model));
                        lines.push(format!(
                            "structured output round trip with {} failed: {}",
                            resolution.model, f.message
                        ));
                    }
                }
            }
            Err((key, message)) => {
                works = false;
                fix.get_or_insert_with(|| format!("set {key} in config.yaml"));
                lines.push(format!("{key}: {message}"));
            }
        }
        out.push(ProviderCheck {
            provider: name,
            works,
            lines,
            fix,
        });
    }
    out
}
