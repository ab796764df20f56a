//! Prompt files: shipped in `prompts/` (embedded in the binary), overridable per vault in
//! `.vault-agent/prompts/`. `{{variable}}` placeholders are filled at call time; an unknown
//! or missing variable is an error, so a typo in a prompt never reaches a model.

use std::collections::BTreeMap;
use std::path::Path;

use crate::error::{Error, Result};

/// The shipped prompts: (file name, text).
const SHIPPED: &[(&str, &str)] = &[
    ("router.md", include_str!("../prompts/router.md")),
    ("planner.md", include_str!("../prompts/planner.md")),
    ("retriever.md", include_str!("../prompts/retriever.md")),
    ("analyzer.md", include_str!("../prompts/analyzer.md")),
    ("synthesizer.md", include_str!("../prompts/synthesizer.md")),
    ("evaluator.md", include_str!("../prompts/evaluator.md")),
    ("clarifier.md", include_str!("../prompts/clarifier.md")),
    ("parser.md", include_str!("../prompts/parser.md")),
    ("correction.md", include_str!("../prompts/correction.md")),
    ("observer.md", include_str!("../prompts/observer.md")),
];

/// The variables each prompt may use (and must be given).
fn variables(name: &str) -> &'static [&'static str] {
    match name {
        "router.md" => &["today", "domains"],
        "planner.md" | "analyzer.md" => &["today", "question_date", "domain_context"],
        "synthesizer.md" => &["today", "question_date", "language"],
        "evaluator.md" => &["today", "rules"],
        "parser.md" => &["today", "entry_date", "domains"],
        "observer.md" => &["today", "guidance"],
        _ => &["today"],
    }
}

/// Loaded prompt templates.
#[derive(Debug, Clone)]
pub struct Prompts {
    templates: BTreeMap<String, String>,
}

impl Prompts {
    /// The shipped prompts, with overrides from `<agent_dir>/prompts/` when present.
    /// Every template is checked for unknown variables now.
    pub fn load(agent_dir: &Path) -> Result<Prompts> {
        let mut templates = BTreeMap::new();
        for (name, text) in SHIPPED {
            let path = agent_dir.join("prompts").join(name);
            let text = if path.is_file() {
                std::fs::read_to_string(&path).map_err(|e| Error::io(&path, e))?
            } else {
                text.to_string()
            };
            if let Some(unknown) = placeholders(&text)
                .into_iter()
                .find(|v| !variables(name).contains(&v.as_str()))
            {
                return Err(Error::Config {
                    path,
                    message: format!(
                        "unknown variable `{{{{{unknown}}}}}`; this prompt can use: {}",
                        variables(name).join(", ")
                    ),
                });
            }
            templates.insert(name.to_string(), text);
        }
        Ok(Prompts { templates })
    }

    /// Fills `name` with `vars`; every placeholder must be given.
    pub fn render(&self, name: &str, vars: &[(&str, &str)]) -> Result<String> {
        let template = self
            .templates
            .get(name)
            .ok_or_else(|| Error::Prompt(format!("no prompt named {name}")))?;
        let mut out = template.clone();
        for var in placeholders(template) {
            let value = vars
                .iter()
                .find(|(k, _)| *k == var)
                .map(|(_, v)| *v)
                .ok_or_else(|| {
                    Error::Prompt(format!("prompt {name}: no value for `{{{{{var}}}}}`"))
                })?;
            out = out.replace(&format!("{{{{{var}}}}}"), value);
        }
        Ok(out)
    }
}

/// The `{{name}}` placeholders in a template.
fn placeholders(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let name = after[..end].trim().to_string();
        if !name.is_empty()
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !out.contains(&name)
        {
            out.push(name);
        }
        rest = &after[end + 2..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_prompts_load_and_render() {
        let dir = tempfile::tempdir().unwrap();
        let p = Prompts::load(dir.path()).unwrap();
        let text = p
            .render(
                "synthesizer.md",
                &[
                    ("today", "2026-11-21"),
                    ("question_date", "2026-11-20"),
                    ("language", "Korean"),
                ],
            )
            .unwrap();
        assert!(text.contains("2026-11-20") && !text.contains("{{"));
        assert!(text.contains("answer in Korean"), "{text}");
        assert!(p.render("synthesizer.md", &[("today", "x")]).is_err());
        for agent in crate::llm::config::AGENTS {
            assert!(p.templates.contains_key(&format!("{agent}.md")), "{agent}");
        }
    }

    #[test]
    fn override_with_unknown_variable_is_an_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("prompts")).unwrap();
        std::fs::write(dir.path().join("prompts/parser.md"), "hi {{todya}}").unwrap();
        let err = Prompts::load(dir.path()).unwrap_err().to_string();
        assert!(err.contains("parser.md") && err.contains("todya"), "{err}");
    }
}
