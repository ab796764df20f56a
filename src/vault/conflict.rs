//! Sync-conflict copies: the second copy of a note a sync service keeps when the note was
//! edited on two devices at once (`2024-05-01 (conflicted copy 2024-05-01).md` beside
//! `2024-05-01.md`). Read as a note of its own, every entry in it would be counted twice,
//! so a copy is left out and named beside its original for the person to merge.
//!
//! The names each service gives are data (`src/vault/sync-conflicts.yaml`): a form is what
//! follows the original's name. Two names that differ only in Unicode normalisation (one
//! written on macOS in NFD, one elsewhere in NFC) are copies too.

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::OnceLock;

use regex::Regex;
use serde::Deserialize;
use unicode_normalization::{is_nfc, UnicodeNormalization};

#[derive(Deserialize)]
struct FormFile {
    form: String,
    #[serde(default)]
    alike: bool,
}

/// A compiled form: the suffix pattern and whether the copy's lines must be in the
/// original too (forms a person may also give a note of their own).
struct Form {
    suffix: Regex,
    alike: bool,
}

fn forms() -> &'static [Form] {
    static FORMS: OnceLock<Vec<Form>> = OnceLock::new();
    FORMS.get_or_init(|| {
        let raw: Vec<FormFile> = serde_yaml::from_str(include_str!("sync-conflicts.yaml"))
            .expect("src/vault/sync-conflicts.yaml is valid");
        raw.into_iter()
            .map(|f| Form {
                suffix: Regex::new(&f.form).expect("a valid sync-conflict form"),
                alike: f.alike,
            })
            .collect()
    })
}

/// The copies among `rels` (vault-relative note paths), each with the note it is a copy
/// of: a name that is another note's name in the same folder plus a known conflict form,
/// or the same name in another Unicode normalisation. `vault` is read only for the forms a
/// person may also use (their lines must be in the original).
pub fn copies<'a>(vault: &Path, rels: impl Iterator<Item = &'a str>) -> Vec<(String, String)> {
    // Each note by its path without `.md` (its folder and name), and each NFC name's first
    // spelling.
    let all: Vec<(&str, &str, &str)> = rels
        .map(|rel| {
            let (folder, stem) = split(rel);
            (rel, folder, stem)
        })
        .collect();
    let stems: Stems = all
        .iter()
        .map(|&(rel, _, _)| (unsuffixed(rel), rel))
        .collect();
    let mut out = Vec::new();
    let mut twins: HashMap<(&str, String), &str> = HashMap::new();
    let mut copied = HashSet::new();
    for &(rel, folder, stem) in &all {
        if let Some(original) = unicode_twin(&mut twins, rel, folder, stem, &stems) {
            copied.insert(rel);
            out.push((rel.to_string(), original.to_string()));
        }
    }
    for &(rel, _, stem) in &all {
        if copied.contains(rel) {
            continue;
        }
        if let Some(original) = original_of(vault, rel, stem, &stems) {
            out.push((rel.to_string(), original.to_string()));
        }
    }
    out.sort();
    out
}

/// The note `rel` is a copy of when another note of its folder has the same name in NFC:
/// the copy is the one not in NFC (of two, neither in NFC, the second met).
fn unicode_twin<'a>(
    twins: &mut HashMap<(&'a str, String), &'a str>,
    rel: &'a str,
    folder: &'a str,
    stem: &'a str,
    stems: &Stems<'a>,
) -> Option<&'a str> {
    if stem.is_ascii() {
        return None;
    }
    let nfc: String = stem.nfc().collect();
    if nfc != stem {
        if let Some(original) = stems.get(in_folder(folder, &nfc).as_str()) {
            return Some(original);
        }
    }
    if is_nfc(stem) {
        return None;
    }
    match twins.get(&(folder, nfc.clone())) {
        Some(first) => Some(first),
        None => {
            twins.insert((folder, nfc), rel);
            None
        }
    }
}

/// The note of the same folder `rel` is a conflict copy of, by name.
fn original_of<'a>(vault: &Path, rel: &str, stem: &str, stems: &Stems<'a>) -> Option<&'a str> {
    // Every form starts with a space, a dash or a dot after the original's name: the
    // original is the path up to there.
    let name_at = rel.len().saturating_sub(stem.len() + 3);
    for (at, _) in stem
        .match_indices([' ', '-', '.'])
        .filter(|(at, _)| *at > 0)
    {
        let Some(original) = rel.get(..name_at + at).and_then(|p| stems.get(p)) else {
            continue;
        };
        let suffix = &stem[at..];
        let form = forms().iter().find(|f| f.suffix.is_match(suffix));
        if form.is_some_and(|f| !f.alike || alike(&vault.join(rel), &vault.join(original))) {
            return Some(original);
        }
    }
    None
}

/// Whether most of the copy's lines (at least half of those with text) are in the original.
fn alike(copy: &Path, original: &Path) -> bool {
    const MAX: u64 = 1 << 20;
    let read = |p: &Path| {
        std::fs::metadata(p)
            .ok()
            .filter(|m| m.len() <= MAX)
            .and_then(|_| std::fs::read_to_string(p).ok())
    };
    let (Some(copy), Some(original)) = (read(copy), read(original)) else {
        return false;
    };
    let theirs: HashSet<&str> = original.lines().map(str::trim).collect();
    let lines: Vec<&str> = copy
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let shared = lines.iter().filter(|l| theirs.contains(*l)).count();
    !lines.is_empty() && shared * 2 >= lines.len()
}

/// Notes by their path without `.md`.
type Stems<'a> = HashMap<&'a str, &'a str>;

/// `rel` without its `.md` (the three characters [`split`] takes off the name).
fn unsuffixed(rel: &str) -> &str {
    rel.get(..rel.len().saturating_sub(3)).unwrap_or(rel)
}

/// The vault-relative path of `name` in `folder`.
fn in_folder(folder: &str, stem: &str) -> String {
    match folder {
        "" => stem.to_string(),
        _ => format!("{folder}/{stem}"),
    }
}

/// A note's folder (`""` at the root) and name without `.md`.
fn split(rel: &str) -> (&str, &str) {
    let (folder, name) = rel.rsplit_once('/').unwrap_or(("", rel));
    let stem = name.get(..name.len().saturating_sub(3)).unwrap_or(name);
    (folder, stem)
}

/// The note `rel` is a conflict copy of, looking at the files beside it on disk (for a
/// single note that changed while watching).
pub fn copy_of(vault: &Path, rel: &str) -> Option<String> {
    let (folder, stem) = split(rel);
    let dir = if folder.is_empty() {
        vault.to_path_buf()
    } else {
        vault.join(folder)
    };
    let names: Vec<String> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|name| super::ignore::is_markdown(name))
        .map(|name| in_folder(folder, &name))
        .collect();
    let stems: Stems = names
        .iter()
        .map(|rel| (unsuffixed(rel), rel.as_str()))
        .collect();
    let nfc: String = stem.nfc().collect();
    if nfc != stem {
        if let Some(original) = stems.get(in_folder(folder, &nfc).as_str()) {
            return Some(original.to_string());
        }
    }
    original_of(vault, rel, stem, &stems).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(files: &[(&str, &str)]) -> Vec<(String, String)> {
        let dir = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        copies(dir.path(), files.iter().map(|(rel, _)| *rel))
    }

    #[test]
    fn each_services_copy_is_named_with_its_original() {
        let day = "ran 5 km\nslept 7h\n";
        let copies = [
            "Daily/2024-05-01 (conflicted copy 2024-05-01).md",
            "Daily/2024-05-01 (Jane's conflicted copy 2024-05-01).md",
            "Daily/2024-05-01 (conflicted copy 2024-05-01 103512).md",
            "Daily/2024-05-01 (Conflicted copy Laptop 202405011030).md",
            "Daily/2024-05-01 2.md",
            "Daily/2024-05-01 (1).md",
            "Daily/2024-05-01-DESKTOP-7QK2J9.md",
            "Daily/2024-05-01 (SFConflict jane@example.com 2024-05-01-10-35-12).md",
        ];
        let mut files = vec![("Daily/2024-05-01.md", day)];
        files.extend(copies.iter().map(|c| (*c, "ran 5 km\n")));
        let got = found(&files);
        assert_eq!(got.len(), copies.len(), "{got:?}");
        for (copy, original) in &got {
            assert_eq!(original, "Daily/2024-05-01.md", "{copy}");
        }
    }

    #[test]
    fn a_persons_own_numbered_note_and_notes_in_other_folders_are_not_copies() {
        let got = found(&[
            ("Plans/Week.md", "plan the week\n"),
            ("Plans/Week 2.md", "a different plan\nwith other lines\n"),
            ("Plans/Race (1).md", "ran 5 km\n"),
            ("Other/Race.md", "ran 5 km\n"),
            ("Plans/Race-Day.md", "ran 5 km\n"),
            ("Plans/Race.md", "x\n"),
        ]);
        assert!(got.is_empty(), "{got:?}");
    }

    #[test]
    fn a_name_in_another_unicode_normalisation_is_a_copy() {
        let nfc = "Daily/Café.md";
        let nfd = "Daily/Cafe\u{301}.md";
        let got = found(&[(nfd, "ran 5 km\n"), (nfc, "ran 5 km\n")]);
        assert_eq!(got, [(nfd.to_string(), nfc.to_string())]);
    }
}
