//! Which files are not notes: dot-folders (`.obsidian`, `.trash`, `.git`, `.vault-agent`),
//! non-markdown files, Syncthing's conflict copies, Excalidraw drawings, Obsidian's excluded
//! files and template folders, globs in `.vault-agent/ignore`, and the agent's own context
//! files. (Other services' conflict copies are found beside their original, see
//! [`super::conflict`]; templates and plugin files found by their text, see
//! [`super::owned`].)

use std::path::Path;

use globset::{Glob, GlobSet, GlobSetBuilder};
use regex::Regex;

use crate::config::{Config, AGENT_DIR};

/// Compiled ignore rules for one vault.
#[derive(Debug, Clone)]
pub struct IgnoreRules {
    globs: GlobSet,
    prefixes: Vec<String>,
    regexes: Vec<Regex>,
    own_files: Vec<String>,
    /// Problems in the rule files, each naming the file.
    pub warnings: Vec<String>,
}

impl IgnoreRules {
    /// Builds the rules from the config and `.vault-agent/ignore`.
    pub fn load(config: &Config) -> IgnoreRules {
        let mut warnings = Vec::new();
        let mut prefixes = Vec::new();
        let mut regexes = Vec::new();
        for filter in &config.obsidian.ignore_filters {
            let f = filter.trim();
            if f.len() > 2 && f.starts_with('/') && f.ends_with('/') {
                match Regex::new(&f[1..f.len() - 1]) {
                    Ok(re) => regexes.push(re),
                    Err(e) => warnings.push(format!(
                        "{}/app.json: excluded-files filter `{f}` is not a valid regex ({e})",
                        config.obsidian_config_dir
                    )),
                }
            } else if !f.is_empty() {
                prefixes.push(f.trim_start_matches('/').to_string());
            }
        }
        // Templates are made into notes, never notes themselves: a `?` in one would be
        // answered in every note made from it.
        for folder in &config.obsidian.template_folders {
            prefixes.push(format!("{folder}/"));
        }
        let mut builder = GlobSetBuilder::new();
        let ignore_file = config.vault.join(AGENT_DIR).join("ignore");
        if let Ok(text) = std::fs::read_to_string(&ignore_file) {
            for (n, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let pattern = line.trim_start_matches('/').trim_end_matches('/');
                match Glob::new(pattern) {
                    Ok(glob) => {
                        builder.add(glob);
                    }
                    Err(e) => warnings.push(format!(
                        "{}:{}: `{line}` is not a valid glob ({e}); line ignored",
                        ignore_file.display(),
                        n + 1
                    )),
                }
            }
        }
        let globs = builder.build().unwrap_or_else(|_| GlobSet::empty());
        IgnoreRules {
            globs,
            prefixes,
            regexes,
            own_files: vec![
                config.global_context.clone(),
                config.global_context_archive.clone(),
            ],
            warnings,
        }
    }

    /// True when a folder (vault-relative) should not be entered.
    pub fn skips_dir(&self, rel: &str) -> bool {
        let name = rel.rsplit('/').next().unwrap_or(rel);
        name.starts_with('.') || self.matches_rules(rel)
    }

    /// True when a file (vault-relative, `/`-separated) is not a note to read.
    pub fn skips_file(&self, rel: &str) -> bool {
        let name = rel.rsplit('/').next().unwrap_or(rel);
        if !is_markdown(name)
            || name.starts_with('.')
            || name.contains(".sync-conflict-")
            || is_drawing(name)
        {
            return true;
        }
        if rel.starts_with('.') || rel.contains("/.") {
            return true;
        }
        self.own_files.iter().any(|own| own == rel) || self.matches_rules(rel)
    }

    fn matches_rules(&self, rel: &str) -> bool {
        if self.prefixes.iter().any(|p| rel.starts_with(p.as_str())) {
            return true;
        }
        if self.regexes.iter().any(|re| re.is_match(rel)) {
            return true;
        }
        if self.globs.is_empty() {
            return false;
        }
        // A glob matches the path, any of its folders, or the file name.
        let mut prefix = String::new();
        for part in rel.split('/') {
            if !prefix.is_empty() {
                prefix.push('/');
            }
            prefix.push_str(part);
            if self.globs.is_match(Path::new(&prefix)) || self.globs.is_match(Path::new(part)) {
                return true;
            }
        }
        false
    }
}

/// An Excalidraw drawing (`*.excalidraw.md`): the plugin's file, whose text is the
/// drawing's, never the person's log.
fn is_drawing(name: &str) -> bool {
    let cut = name.len().saturating_sub(".excalidraw.md".len());
    name.get(cut..)
        .is_some_and(|end| end.eq_ignore_ascii_case(".excalidraw.md"))
}

/// `.md` (any case), after a name (`.md` alone is a hidden file without one).
pub fn is_markdown(name: &str) -> bool {
    let name = name.rsplit('/').next().unwrap_or(name);
    let cut = name.len().saturating_sub(3);
    cut > 0
        && name
            .get(cut..)
            .is_some_and(|ext| ext.eq_ignore_ascii_case(".md"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(ignore: &str, app_json: &str) -> IgnoreRules {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join(".vault-agent")).unwrap();
        std::fs::create_dir_all(dir.path().join(".obsidian")).unwrap();
        std::fs::write(dir.path().join(".vault-agent/ignore"), ignore).unwrap();
        std::fs::write(dir.path().join(".obsidian/app.json"), app_json).unwrap();
        let config = Config::load(dir.path(), None).unwrap();
        IgnoreRules::load(&config)
    }

    #[test]
    fn builtin_rules() {
        let r = rules("", "{}");
        assert!(r.skips_file(".trash/old.md"));
        assert!(r.skips_file("Daily/.hidden/x.md"));
        assert!(r.skips_file("image.png"));
        assert!(r.skips_file("Daily/2026-11-01.sync-conflict-20261101-AB12.md"));
        assert!(r.skips_file("global-context.md"));
        assert!(r.skips_file("Drawings/Route.excalidraw.md"));
        assert!(r.skips_file("Route.Excalidraw.MD"));
        assert!(!r.skips_file("Daily/2026-11-01.md"));
        assert!(!r.skips_file("Notes/UPPER.MD"));
        for name in ["a.md", "Notes/B.Md", "日記.md", "..md"] {
            assert!(is_markdown(name), "{name}");
        }
        for name in [".md", "Notes/.md", "notes.txt", "md", "x.mdx", "é"] {
            assert!(!is_markdown(name), "{name}");
        }
        assert!(r.skips_dir(".git"));
    }

    #[test]
    fn user_globs_and_obsidian_filters() {
        let r = rules(
            "Templates\n*.draft.md\n[bad\n",
            r#"{"userIgnoreFilters": ["Archive/", "/^Scratch.*/"]}"#,
        );
        assert!(r.skips_file("Templates/daily.md"));
        assert!(r.skips_file("Notes/idea.draft.md"));
        assert!(r.skips_file("Archive/2019.md"));
        assert!(r.skips_file("Scratch pad.md"));
        assert!(!r.skips_file("Notes/idea.md"));
        assert_eq!(r.warnings.len(), 1);
        assert!(r.warnings[0].contains("[bad"));
    }
}
