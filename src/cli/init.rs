//! `init`: a commented config with every default.

use std::path::Path;

use crate::config::AGENT_DIR;
use crate::error::Result;
use crate::vault::atomic::write_atomic;

const CONFIG_TEMPLATE: &str = "\
# vault-agent configuration. Every key is optional; the values shown are the defaults.
# Unknown keys are an error, so a typo never silently falls back to a default.

watch:
  # A note must be quiet this long before a question in it is answered (milliseconds).
  debounce_ms: 2000
  # Safety-net rescan of the whole vault while watching (seconds).
  rescan_interval_s: 300

paths:
  # Where the Observer keeps long-term memory (vault-relative).
  global_context: global-context.md
  global_context_archive: global-context-archive.md

limits:
  # Notes larger than this are skipped with a warning.
  max_note_bytes: 2097152
  # global-context.md is kept under about this many tokens (4 characters each); older
  # lines the Observer wrote move to the archive, your own lines stay.
  max_global_context_tokens: 2000

sessions:
  # Finished question flows in .vault-agent/sessions/ are removed after this many days.
  keep_days: 7

# Obsidian's config folder, if you renamed it.
obsidian_config_dir: .obsidian

# Where \"this week\" and \"last week\" begin: monday or sunday.
week_start: monday

answers:
  # Trends and measures over time carry a Mermaid chart in the answer (true or false).
  charts: true
  # A `??` (living) question answered by a model is asked again at most this often (hours).
  model_refresh_hours: 24

# Models. Without this section vault-agent tries Ollama at http://localhost:11434 and
# answers with its offline engine when nothing answers there. `vault-agent doctor` checks.
# llm:
#   default_provider: ollama        # or openai, anthropic, any name below, or offline
#   fallback_provider: null
#   providers:
#     ollama: { api_base: \"http://localhost:11434\" }
#     openai: { api_key: \"${OPENAI_API_KEY}\" }
#     anthropic: { api_key: \"${ANTHROPIC_API_KEY}\" }
#     mybox: { kind: openai, api_base: \"http://127.0.0.1:8080/v1\" }
#   tiers:
#     low: { ollama: \"qwen2.5:7b\" }
#     medium: { ollama: \"qwen2.5:14b\" }
#     high: { ollama: \"qwen2.5:32b\" }
#   agents: { evaluator: { tier: high } }
#   models: { \"qwen2.5:7b\": { context_window: 32768 } }
#   retry: { llm_retry: 3, parse_retry: 2, loop_max: 2, max_retries: 2 }
#   timeout_s: 60
#   max_concurrency: 4
#   max_reply_bytes: 4194304   # a longer model reply is not read: the call fails as malformed
";

pub fn init(vault: &Path) -> Result<()> {
    crate::config::check_vault_folder(vault)?;
    let path = vault.join(AGENT_DIR).join("config.yaml");
    if path.exists() {
        println!("{} already exists; left unchanged", path.display());
        return Ok(());
    }
    write_atomic(&path, CONFIG_TEMPLATE.as_bytes(), None)?;
    println!("wrote {}", path.display());
    Ok(())
}
