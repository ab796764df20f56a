//! What the corpus tests share: their fixture files and how a case's text becomes entries.

use std::path::{Path, PathBuf};

use vault_agent::vault::{entry, Entry, Note};

/// The `*.yaml` files of `tests/fixtures/<dir>`, sorted.
pub fn yaml_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(dir);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no fixtures in {}", dir.display());
    files
}

/// The entries of a case's text in a daily note of 2026-11-12, under a `## <heading>`
/// section when it has one (`## 12:00 <heading>` unless the heading is a time).
pub fn case_entries(text: &str, heading: Option<&str>) -> Vec<Entry> {
    let text = match heading {
        Some(h) if entry::heading_time(h).is_some() => format!("## {h}\n{text}\n"),
        Some(h) => format!("## 12:00 {h}\n{text}\n"),
        None => format!("{text}\n"),
    };
    let date = chrono::NaiveDate::from_ymd_opt(2026, 11, 12).expect("a date");
    entry::entries(&Note::parse(text), "Daily/2026-11-12.md", date)
}
