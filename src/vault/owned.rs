//! Markdown files that are not the person's notes, told by their text: templates (the
//! example numbers in a template are no runs, and an answer written into one would start
//! every note made from it) and files a plugin keeps as its own (a Kanban board, a
//! drawing). Such a file is neither read as a log nor answered, nor written.
//!
//! Template folders and `*.excalidraw.md` are known by their path already (see
//! [`super::ignore`]); this finds the rest: notes holding a template placeholder anywhere
//! (`{{date}}`, `{{title}}`, `<% tp.date.now() %>`) and notes whose front matter names a
//! plugin (`excalidraw-plugin: parsed`, `kanban-plugin: basic`).

use std::fmt;
use std::sync::OnceLock;

use regex::Regex;

/// Why a file is not the person's note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// A template: the placeholder found in it.
    Template(String),
    /// A plugin's file: the front-matter key that says so.
    Plugin(String),
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Claim::Template(placeholder) => write!(
                f,
                "a template (it holds `{placeholder}`): templates are never read as logs nor answered"
            ),
            Claim::Plugin(key) => write!(
                f,
                "a plugin's file (front matter `{key}`): never read as a log nor answered"
            ),
        }
    }
}

/// Whether `text` is a template or a plugin's file, and which.
pub fn claim(text: &str) -> Option<Claim> {
    plugin_key(text)
        .map(Claim::Plugin)
        .or_else(|| placeholder(text).map(Claim::Template))
}

/// The first template placeholder in `text`: the core Templates plugin's and QuickAdd's
/// `{{date}}`, `{{time}}`, `{{title}}`, `{{date:YYYY-MM-DD}}`, `{{VALUE}}`, or a Templater
/// tag `<% … %>`.
fn placeholder(text: &str) -> Option<String> {
    if !text.contains("{{") && !text.contains("<%") {
        return None;
    }
    static PLACEHOLDER: OnceLock<Regex> = OnceLock::new();
    let re = PLACEHOLDER.get_or_init(|| {
        Regex::new(concat!(
            r"(?i)\{\{\s*(?:date|time|title|value|name|vdate|linkcurrent|selected)",
            r"(?:\s*:[^{}\n]*)?\s*\}\}",
            r"|<%[*_\-+]?[^\n]*?%>|<%\*",
        ))
        .expect("valid placeholder pattern")
    });
    re.find(text).map(|m| {
        let found = m.as_str();
        let cut = found.char_indices().nth(40).map_or(found.len(), |(i, _)| i);
        found[..cut].to_string()
    })
}

/// A front-matter key that marks the file as a plugin's (`excalidraw-plugin`,
/// `kanban-plugin`): read from the lines of the block, so broken YAML still tells.
fn plugin_key(text: &str) -> Option<String> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines();
    if lines.next()?.trim_end() != "---" {
        return None;
    }
    lines
        .take_while(|l| !matches!(l.trim_end(), "---" | "..."))
        .filter(|l| !l.starts_with([' ', '\t', '-', '#']))
        .filter_map(|l| l.split_once(':'))
        .map(|(key, _)| key.trim().trim_matches(['"', '\'']))
        .find(|key| key.to_ascii_lowercase().ends_with("-plugin"))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_and_plugin_files_are_told_by_their_text() {
        let template = |t: &str| matches!(claim(t), Some(Claim::Template(_)));
        assert!(template("# {{date}}\n? how far did I run\n"));
        assert!(template("## {{ time }}\nran 5 km\n"));
        assert!(template("# {{date:YYYY-MM-DD}}\n"));
        assert!(template(
            "created: <% tp.date.now(\"YYYY-MM-DD\") %>\nran 5 km\n"
        ));
        assert!(template("<%*\nconst x = 1;\n%>\n"));
        assert_eq!(
            claim("---\nexcalidraw-plugin: parsed\ntags: [excalidraw]\n---\nran 5 km\n"),
            Some(Claim::Plugin("excalidraw-plugin".into()))
        );
        assert_eq!(
            claim("---\nkanban-plugin: basic\n---\n## Todo\n"),
            Some(Claim::Plugin("kanban-plugin".into()))
        );
        for note in [
            "ran 5 km\n? how far did I run\n",
            "a {{ curly }} note with 5 < 6 % of it\n",
            "---\ntags: [plugin]\nplugin: templater\n---\nnotes on plugins\n",
            "ran 5 km\n---\nkanban-plugin: basic\n",
        ] {
            assert_eq!(claim(note), None, "{note}");
        }
    }
}
