//! Configuration: `.vault-agent/config.yaml` (every key optional, unknown keys rejected),
//! `${ENV_VAR}` expansion, and Obsidian's own settings.

pub mod moment;
pub mod obsidian;
pub mod yaml;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::Deserialize;

use crate::error::{Error, Result};
use crate::llm::config::LlmConfig;
pub use obsidian::{DailyNotes, ObsidianSettings};

/// The agent's folder inside the vault.
pub const AGENT_DIR: &str = ".vault-agent";

/// The raw `config.yaml`, exactly as a person may write it.
#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawConfig {
    watch: RawWatch,
    paths: RawPaths,
    limits: RawLimits,
    sessions: RawSessions,
    obsidian_config_dir: Option<String>,
    /// `monday` (default) or `sunday`: where "this week" and "last week" begin.
    week_start: Option<String>,
    answers: RawAnswers,
    llm: crate::llm::config::RawLlm,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawAnswers {
    charts: Option<bool>,
    model_refresh_hours: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawWatch {
    debounce_ms: Option<u64>,
    rescan_interval_s: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawPaths {
    global_context: Option<String>,
    global_context_archive: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawSessions {
    keep_days: Option<u64>,
}

#[derive(Debug, Clone, Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct RawLimits {
    max_note_bytes: Option<u64>,
    max_global_context_tokens: Option<u64>,
}

/// Validated configuration for one vault.
#[derive(Debug, Clone)]
pub struct Config {
    /// The vault's root folder (absolute).
    pub vault: PathBuf,
    /// Where the config was read from, if a file existed.
    pub source: Option<PathBuf>,
    /// A file must be quiet this long before a question in it is ready.
    pub debounce: Duration,
    /// How often `watch` rescans everything as a safety net.
    pub rescan_interval: Duration,
    /// Vault-relative path of the Observer's context file.
    pub global_context: String,
    /// Vault-relative path of the context archive.
    pub global_context_archive: String,
    /// Notes larger than this are skipped with a warning.
    pub max_note_bytes: u64,
    /// `global-context.md` is kept under about this many tokens: older Observer lines move
    /// to the archive (the person's own lines are never moved).
    pub max_global_context_tokens: usize,
    /// Finished sessions in `.vault-agent/sessions/` are removed after this long.
    pub session_keep: Duration,
    /// Obsidian's config folder name (`.obsidian` unless overridden).
    pub obsidian_config_dir: String,
    /// Settings read from Obsidian's files.
    pub obsidian: ObsidianSettings,
    /// Providers, tiers and limits for model calls.
    pub llm: LlmConfig,
    /// The first day of a week for "this week" / "last week".
    pub week_start: chrono::Weekday,
    /// Answers of trends and measures over time carry a Mermaid chart.
    pub charts: bool,
    /// A living question answered by a model is asked again at most this often.
    pub model_refresh: Duration,
    /// The fingerprint of the reader log entries are read with (see
    /// [`crate::offline::fingerprint`]): records read by another are read again.
    pub reader: String,
}

impl Config {
    /// Loads the config for `vault`: `explicit` path if given, else
    /// `<vault>/.vault-agent/config.yaml` when it exists, else defaults.
    pub fn load(vault: &Path, explicit: Option<&Path>) -> Result<Config> {
        Self::load_with_provider(vault, explicit, None)
    }

    /// Like [`Config::load`], with `--provider NAME` overriding `llm.default_provider`.
    pub fn load_with_provider(
        vault: &Path,
        explicit: Option<&Path>,
        provider: Option<&str>,
    ) -> Result<Config> {
        check_vault_folder(vault)?;
        let vault = vault
            .canonicalize()
            .map_err(|e| Error::io(vault.to_path_buf(), e))?;
        let default_path = vault.join(AGENT_DIR).join("config.yaml");
        // A config.yaml that is a folder is a mistake to report, not a missing file.
        let path = explicit
            .map(Path::to_path_buf)
            .or_else(|| default_path.exists().then_some(default_path.clone()));
        let raw = match &path {
            Some(path) => read_raw(path)?,
            None => RawConfig::default(),
        };
        let mut config = Self::from_raw(vault, path, raw, provider)?;
        // The vault's own words read its notes: records read with other words are read again.
        match crate::offline::read::lexicon::use_vault(&config.agent_dir()) {
            Ok(None) => {}
            Ok(Some(own)) => config.reader = format!("{}+{own:016x}", config.reader),
            Err((path, message)) => {
                let message = format!("{message} (fix it or move it out of .vault-agent/lexicon/)");
                return Err(Error::Config { path, message });
            }
        }
        Ok(config)
    }

    fn from_raw(
        vault: PathBuf,
        source: Option<PathBuf>,
        raw: RawConfig,
        provider: Option<&str>,
    ) -> Result<Config> {
        let bad = |key: &str, message: &str| Error::Config {
            path: source
                .clone()
                .unwrap_or_else(|| PathBuf::from("config.yaml")),
            message: format!("{key}: {message}"),
        };
        let debounce_ms = raw.watch.debounce_ms.unwrap_or(2000);
        let rescan = raw.watch.rescan_interval_s.unwrap_or(300);
        let max_note_bytes = raw.limits.max_note_bytes.unwrap_or(2 * 1024 * 1024);
        let keep_days = raw.sessions.keep_days.unwrap_or(7);
        let max_context_tokens = raw.limits.max_global_context_tokens.unwrap_or(2000);
        let refresh_hours = raw.answers.model_refresh_hours.unwrap_or(24);
        check_ranges(&[
            ("answers.model_refresh_hours", refresh_hours, 1, 8760),
            ("sessions.keep_days", keep_days, 0, 3650),
            ("watch.debounce_ms", debounce_ms, 0, 600_000),
            ("watch.rescan_interval_s", rescan, 1, 86_400),
            ("limits.max_note_bytes", max_note_bytes, 1024, 1 << 30),
            (
                "limits.max_global_context_tokens",
                max_context_tokens,
                100,
                1_000_000,
            ),
        ])
        .map_err(|(key, message)| bad(&key, &message))?;
        let relative = |key: &str, value: Option<String>, default: &str| -> Result<String> {
            let value = value.unwrap_or_else(|| default.to_string());
            let p = Path::new(&value);
            if value.is_empty()
                || p.is_absolute()
                || p.components()
                    .any(|c| matches!(c, std::path::Component::ParentDir))
                || !value.ends_with(".md")
            {
                return Err(bad(key, "must be a vault-relative path to a .md file"));
            }
            Ok(value)
        };
        let global_context = relative(
            "paths.global_context",
            raw.paths.global_context,
            "global-context.md",
        )?;
        let global_context_archive = relative(
            "paths.global_context_archive",
            raw.paths.global_context_archive,
            "global-context-archive.md",
        )?;
        let obsidian_config_dir = raw
            .obsidian_config_dir
            .unwrap_or_else(|| ".obsidian".to_string());
        if !obsidian_config_dir.starts_with('.') || obsidian_config_dir.contains('/') {
            return Err(bad(
                "obsidian_config_dir",
                "must be a dot-folder name at the vault root, like .obsidian",
            ));
        }
        let week_start = match raw.week_start.as_deref().map(str::to_lowercase).as_deref() {
            None | Some("monday") => chrono::Weekday::Mon,
            Some("sunday") => chrono::Weekday::Sun,
            Some(other) => {
                return Err(bad(
                    "week_start",
                    &format!("`{other}` is not monday or sunday"),
                ))
            }
        };
        let llm = raw
            .llm
            .validate(provider)
            .map_err(|(key, message)| bad(&key, &message))?;
        let obsidian = ObsidianSettings::load(&vault, &obsidian_config_dir);
        check_daily_notes_inside(&vault, &obsidian)?;
        for (key, rel) in [
            ("paths.global_context", &global_context),
            ("paths.global_context_archive", &global_context_archive),
        ] {
            if let Some(why) = crate::vault::contain::why_outside(&vault, rel) {
                return Err(bad(
                    key,
                    &format!("`{rel}` {why}; give a path to a .md file inside the vault"),
                ));
            }
        }
        Ok(Config {
            llm,
            week_start,
            vault,
            source,
            debounce: Duration::from_millis(debounce_ms),
            rescan_interval: Duration::from_secs(rescan),
            global_context,
            global_context_archive,
            max_note_bytes,
            max_global_context_tokens: max_context_tokens as usize,
            session_keep: Duration::from_secs(keep_days * 24 * 3600),
            obsidian_config_dir,
            obsidian,
            charts: raw.answers.charts.unwrap_or(true),
            model_refresh: Duration::from_secs(refresh_hours * 3600),
            reader: crate::offline::fingerprint::current(),
        })
    }

    /// `<vault>/.vault-agent`.
    pub fn agent_dir(&self) -> PathBuf {
        self.vault.join(AGENT_DIR)
    }
}

/// Each `(key, value, min, max)` must have `min <= value <= max`; the first that does not
/// is returned as (key, message saying the allowed range).
pub(crate) fn check_ranges(
    checks: &[(&str, u64, u64, u64)],
) -> std::result::Result<(), (String, String)> {
    for &(key, value, min, max) in checks {
        if !(min..=max).contains(&value) {
            return Err((
                key.to_string(),
                format!("{value} is out of range: allowed {min} to {max}"),
            ));
        }
    }
    Ok(())
}

/// Daily notes are written where Obsidian's settings say: that place must be inside the
/// vault (a folder like `../../elsewhere` would have notes written outside it).
fn check_daily_notes_inside(vault: &Path, obsidian: &ObsidianSettings) -> Result<()> {
    let daily = &obsidian.daily;
    let source = || {
        obsidian
            .daily_source
            .clone()
            .unwrap_or_else(|| vault.join(".obsidian/daily-notes.json"))
    };
    if let Some(why) = crate::vault::contain::why_outside(vault, &daily.folder)
        .filter(|_| !daily.folder.is_empty())
    {
        return Err(Error::Config {
            path: source(),
            message: format!(
                "folder: `{}` {why}; vault-agent writes daily notes only inside the vault. Set the daily notes folder to one inside the vault (Obsidian: Settings > Daily notes > New file location), or fix it in this file",
                daily.folder
            ),
        });
    }
    // The format may name subfolders; a literal `..` in it would lead out too.
    let sample = daily.note_for(chrono::NaiveDate::from_ymd_opt(2000, 12, 31).expect("a date"));
    if let Some(why) = crate::vault::contain::why_outside(vault, &sample) {
        return Err(Error::Config {
            path: source(),
            message: format!(
                "format: `{}` makes daily note paths like `{sample}`, which {why}; use a format like YYYY-MM-DD",
                daily.format.source()
            ),
        });
    }
    Ok(())
}

/// The vault must be an existing folder; says which of the two it is not.
pub fn check_vault_folder(vault: &Path) -> Result<()> {
    match std::fs::metadata(vault) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::VaultNotFound {
            path: vault.to_path_buf(),
            why: "not a folder",
        }),
        Err(_) => Err(Error::VaultNotFound {
            path: vault.to_path_buf(),
            why: "no such folder",
        }),
    }
}

fn read_raw(path: &Path) -> Result<RawConfig> {
    let text = yaml::read_text(path)?;
    if text.trim().is_empty() {
        return Ok(RawConfig::default());
    }
    let config_error = |message: String| Error::Config {
        path: path.to_path_buf(),
        message,
    };
    let mut value: serde_yaml::Value = serde_yaml::from_str(&text)
        .map_err(|e| config_error(format!("{e} (every key is in docs/config.md)")))?;
    if value.is_null() {
        return Ok(RawConfig::default());
    }
    expand_values(&mut value, "").map_err(config_error)?;
    yaml::from_value(value, path)
}

/// Expands `${VAR}` in every string value (comments are never touched). Values under
/// `llm.providers` are expanded when that provider is used, so unused ones need no variables.
fn expand_values(value: &mut serde_yaml::Value, key: &str) -> std::result::Result<(), String> {
    match value {
        serde_yaml::Value::String(s) => {
            *s = expand_env(s).map_err(|e| format!("`{key}`: {e}"))?;
        }
        serde_yaml::Value::Mapping(map) => {
            for (k, v) in map.iter_mut() {
                let name = k.as_str().unwrap_or("?");
                let child = if key.is_empty() {
                    name.to_string()
                } else {
                    format!("{key}.{name}")
                };
                if child != "llm.providers" {
                    expand_values(v, &child)?;
                }
            }
        }
        serde_yaml::Value::Sequence(items) => {
            for v in items {
                expand_values(v, key)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// Expands `${VAR}` from the environment; a missing variable is an error naming it.
pub fn expand_env(text: &str) -> std::result::Result<String, String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("${") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find('}') else {
            return Err("unclosed `${` in config".to_string());
        };
        let name = &after[..end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(format!(
                "`${{{name}}}` is not a valid environment variable name"
            ));
        }
        match std::env::var(name) {
            Ok(value) => out.push_str(&value),
            Err(_) => {
                return Err(format!(
                "environment variable `{name}` is not set (export it or remove it from the config)"
            ))
            }
        }
        rest = &after[end + 1..];
    }
    out.push_str(rest);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vault_with_config(yaml: &str) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(AGENT_DIR)).unwrap();
        std::fs::write(dir.path().join(AGENT_DIR).join("config.yaml"), yaml).unwrap();
        dir
    }

    #[test]
    fn defaults_without_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let c = Config::load(dir.path(), None).unwrap();
        assert_eq!(c.debounce, Duration::from_secs(2));
        assert_eq!(c.global_context, "global-context.md");
    }

    #[test]
    fn unknown_key_names_the_key_and_the_file() {
        let dir = vault_with_config("watch:\n  debounce: 5\n");
        let err = Config::load(dir.path(), None).unwrap_err().to_string();
        assert!(err.contains("config.yaml"), "{err}");
        assert!(err.contains("debounce"), "{err}");
    }

    #[test]
    fn bad_value_names_the_key() {
        let dir = vault_with_config("paths:\n  global_context: ../outside.md\n");
        let err = Config::load(dir.path(), None).unwrap_err().to_string();
        assert!(err.contains("paths.global_context"), "{err}");
    }

    #[test]
    fn env_expansion_and_missing_variable() {
        assert_eq!(
            expand_env("a ${PATH} b").unwrap(),
            format!("a {} b", std::env::var("PATH").unwrap())
        );
        let err = expand_env("${VAULT_AGENT_SURELY_UNSET_VAR}").unwrap_err();
        assert!(err.contains("VAULT_AGENT_SURELY_UNSET_VAR"));
    }
}
