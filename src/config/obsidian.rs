//! What Obsidian itself says about the vault: where daily notes live, their date format,
//! and the person's excluded files.

use std::path::Path;

use serde::Deserialize;

use super::moment::DateFormat;

/// Daily-note settings: folder (vault-relative, `""` for the root) and date format.
#[derive(Debug, Clone)]
pub struct DailyNotes {
    /// Vault-relative folder, without leading or trailing `/`.
    pub folder: String,
    /// The note name format (may contain `/` for subfolders).
    pub format: DateFormat,
}

impl DailyNotes {
    /// The vault-relative path of the daily note for `date`.
    pub fn note_for(&self, date: chrono::NaiveDate) -> String {
        let name = format!("{}.md", self.format.format(date));
        if self.folder.is_empty() {
            name
        } else {
            format!("{}/{name}", self.folder)
        }
    }
}

impl Default for DailyNotes {
    fn default() -> Self {
        DailyNotes {
            folder: String::new(),
            format: DateFormat::new("YYYY-MM-DD"),
        }
    }
}

/// Settings read from the vault's Obsidian config folder. Missing files mean defaults;
/// unreadable ones produce warnings (Obsidian's files are not ours to judge strictly).
#[derive(Debug, Clone, Default)]
pub struct ObsidianSettings {
    pub daily: DailyNotes,
    /// `userIgnoreFilters` from `app.json`.
    pub ignore_filters: Vec<String>,
    /// Problems found while reading, each naming the file.
    pub warnings: Vec<String>,
    /// The file the daily-note folder and format were read from, if any.
    pub daily_source: Option<std::path::PathBuf>,
    /// The folders templates are kept in (vault-relative, without a trailing `/`): the
    /// core Templates plugin's (`templates.json`) and Templater's.
    pub template_folders: Vec<String>,
}

#[derive(Deserialize, Default)]
struct DailyNotesJson {
    folder: Option<String>,
    format: Option<String>,
}

#[derive(Deserialize)]
struct PeriodicNotesJson {
    daily: Option<PeriodicDaily>,
}

#[derive(Deserialize)]
struct PeriodicDaily {
    enabled: Option<bool>,
    folder: Option<String>,
    format: Option<String>,
}

#[derive(Deserialize)]
struct TemplatesJson {
    folder: Option<String>,
}

#[derive(Deserialize)]
struct TemplaterJson {
    templates_folder: Option<String>,
}

#[derive(Deserialize)]
struct AppJson {
    #[serde(rename = "userIgnoreFilters")]
    user_ignore_filters: Option<Vec<String>>,
}

impl ObsidianSettings {
    /// Reads `<vault>/<config_dir>/daily-notes.json`, the Periodic Notes plugin's daily
    /// settings (they win when enabled) and `app.json`.
    pub fn load(vault: &Path, config_dir: &str) -> Self {
        let dir = vault.join(config_dir);
        let mut settings = ObsidianSettings::default();
        let mut folder = None;
        let mut format = None;
        if let Some(daily) =
            read_json::<DailyNotesJson>(&dir.join("daily-notes.json"), &mut settings.warnings)
        {
            if daily.folder.is_some() || daily.format.is_some() {
                settings.daily_source = Some(dir.join("daily-notes.json"));
            }
            folder = daily.folder;
            format = daily.format;
        }
        let periodic = dir.join("plugins/periodic-notes/data.json");
        if let Some(PeriodicNotesJson { daily: Some(daily) }) =
            read_json::<PeriodicNotesJson>(&periodic, &mut settings.warnings)
        {
            if daily.enabled.unwrap_or(false) {
                if daily.folder.is_some() || daily.format.is_some() {
                    settings.daily_source = Some(periodic.clone());
                }
                folder = daily.folder.or(folder);
                format = daily.format.or(format);
            }
        }
        settings.daily.folder = folder
            .unwrap_or_default()
            .trim_matches('/')
            .trim()
            .to_string();
        if let Some(format) = format.filter(|f| !f.trim().is_empty()) {
            let compiled = DateFormat::new(format.trim());
            if compiled.names_a_day() {
                settings.daily.format = compiled;
            } else {
                settings.warnings.push(format!(
                    "{}: daily note format `{format}` does not name a single day; using YYYY-MM-DD",
                    dir.join("daily-notes.json").display()
                ));
            }
        }
        if let Some(app) = read_json::<AppJson>(&dir.join("app.json"), &mut settings.warnings) {
            settings.ignore_filters = app.user_ignore_filters.unwrap_or_default();
        }
        let core = read_json::<TemplatesJson>(&dir.join("templates.json"), &mut settings.warnings)
            .and_then(|t| t.folder);
        let templater = read_json::<TemplaterJson>(
            &dir.join("plugins/templater-obsidian/data.json"),
            &mut settings.warnings,
        )
        .and_then(|t| t.templates_folder);
        settings.template_folders = [core, templater]
            .into_iter()
            .flatten()
            .map(|f| f.trim().trim_matches('/').trim().to_string())
            .filter(|f| !f.is_empty())
            .collect();
        settings
    }
}

fn read_json<T: for<'de> Deserialize<'de>>(path: &Path, warnings: &mut Vec<String>) -> Option<T> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
        Err(e) => {
            warnings.push(format!(
                "{}: cannot read ({e}); ignoring it",
                path.display()
            ));
            return None;
        }
    };
    if text.trim().is_empty() {
        return None;
    }
    match serde_json::from_str(&text) {
        Ok(value) => Some(value),
        Err(e) => {
            warnings.push(format!(
                "{}: not valid JSON ({e}); using Obsidian's defaults",
                path.display()
            ));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periodic_notes_win_when_enabled_and_missing_keys_mean_defaults() {
        let dir = tempfile::tempdir().unwrap();
        let obs = dir.path().join(".obsidian");
        std::fs::create_dir_all(obs.join("plugins/periodic-notes")).unwrap();
        std::fs::write(obs.join("daily-notes.json"), r#"{"folder": "Daily/"}"#).unwrap();
        let s = ObsidianSettings::load(dir.path(), ".obsidian");
        assert_eq!(s.daily.folder, "Daily");
        assert_eq!(s.daily.format.source(), "YYYY-MM-DD");
        std::fs::write(
            obs.join("plugins/periodic-notes/data.json"),
            r#"{"daily": {"enabled": true, "folder": "Journal", "format": "YYYY/MM/DD"}}"#,
        )
        .unwrap();
        let s = ObsidianSettings::load(dir.path(), ".obsidian");
        assert_eq!(s.daily.folder, "Journal");
        assert_eq!(s.daily.format.source(), "YYYY/MM/DD");
    }

    #[test]
    fn template_folders_come_from_the_templates_plugin_and_templater() {
        let dir = tempfile::tempdir().unwrap();
        let obs = dir.path().join(".obsidian");
        std::fs::create_dir_all(obs.join("plugins/templater-obsidian")).unwrap();
        std::fs::write(
            obs.join("templates.json"),
            r#"{"folder": "/Meta/Templates/"}"#,
        )
        .unwrap();
        std::fs::write(
            obs.join("plugins/templater-obsidian/data.json"),
            r#"{"templates_folder": "Templater", "trigger_on_file_creation": true}"#,
        )
        .unwrap();
        let s = ObsidianSettings::load(dir.path(), ".obsidian");
        assert_eq!(s.template_folders, ["Meta/Templates", "Templater"]);
    }

    #[test]
    fn broken_json_is_a_warning_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let obs = dir.path().join(".obsidian");
        std::fs::create_dir_all(&obs).unwrap();
        std::fs::write(obs.join("daily-notes.json"), "{folder: ").unwrap();
        let s = ObsidianSettings::load(dir.path(), ".obsidian");
        assert_eq!(s.daily.folder, "");
        assert!(s.warnings[0].contains("daily-notes.json"));
    }
}
