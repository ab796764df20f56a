//! `doctor`: what works and what to fix, for the vault and each model provider.

use std::sync::Arc;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::process::Processor;

pub async fn doctor(config: Arc<Config>, json: bool) -> Result<()> {
    let processor = Processor::open(config.clone())?;
    let notes = processor.store().index().all().len();
    // Entries read by the rules only so far, refined by the next `process` or by `watch`.
    let awaiting = processor.store().record_db().awaiting_count()?;
    let client = crate::llm::LlmClient::new(
        config.llm.clone(),
        crate::llm::trace::Trace::new(None, false),
    );
    let checks = crate::llm::doctor::check(&client).await;
    let default_works = checks
        .iter()
        .find(|c| c.provider == config.llm.default_provider)
        .is_some_and(|c| c.works);
    if json {
        let v = serde_json::json!({"vault": config.vault, "notes": notes, "awaiting_model": awaiting, "providers": checks, "ok": default_works});
        println!("{}", serde_json::to_string_pretty(&v).expect("json"));
    } else {
        println!("vault {}: {notes} notes", config.vault.display());
        if awaiting > 0 {
            println!(
                "     {awaiting} entries await the model Parser (read by the rules until then; `vault-agent process` or `watch` refines them)"
            );
        }
        match &config.source {
            Some(p) => println!("config {}: valid", p.display()),
            None => println!("config: none (defaults; `vault-agent init` writes one)"),
        }
        for c in &checks {
            let role = if c.provider == config.llm.default_provider {
                " (default)"
            } else if config.llm.fallback_provider.as_deref() == Some(c.provider.as_str()) {
                " (fallback)"
            } else {
                ""
            };
            println!(
                "{} {}{role}",
                if c.works { "ok  " } else { "FAIL" },
                c.provider
            );
            for line in &c.lines {
                println!("       {line}");
            }
            if let Some(fix) = &c.fix {
                println!("       what to do: {fix}");
            }
        }
    }
    if default_works {
        Ok(())
    } else {
        Err(Error::Watch(format!(
            "the default provider `{}` does not work yet; until it does, questions are answered by the offline engine",
            config.llm.default_provider
        )))
    }
}
