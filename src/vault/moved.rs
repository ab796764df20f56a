//! Where a note went when it was renamed or moved while its questions were answered (a
//! model can take a minute): the note is found again by the text of the questions it
//! holds, among the notes at paths the pass did not know, so the answer lands in it at its
//! new path instead of being lost with the old one.
//!
//! Only a note that is unambiguously the one that moved is taken: the one holding one of
//! the questions with our pending callout under it (it travelled with the note), else the
//! only one holding one of the questions at all. Two candidates (a copy beside the moved
//! note) are no answer: the answer is not written twice, nor guessed.

use std::path::Path;

use super::ignore::IgnoreRules;
use super::note::Note;
use super::read::read_note;
use super::scan::{scan, NoteFile};

/// The note of the vault at `root`, at a path `known` does not hold, that holds one of
/// `questions` (their text after `?`), as the module says; `None` when there is none or
/// more than one.
pub fn find_moved(
    root: &Path,
    rules: &IgnoreRules,
    known: impl Fn(&str) -> bool,
    questions: &[&str],
    max_bytes: u64,
) -> Option<NoteFile> {
    let (mut pending, mut asked) = (Vec::new(), Vec::new());
    for file in scan(root, rules).notes {
        if known(&file.rel) {
            continue;
        }
        let Ok(text) = read_note(&file.abs, max_bytes) else {
            continue;
        };
        let note = Note::parse(text);
        let held: Vec<_> = note
            .questions
            .iter()
            .filter(|q| questions.contains(&q.text.as_str()))
            .collect();
        if held
            .iter()
            .any(|q| q.pending.is_some() || q.reply.as_ref().is_some_and(|r| r.pending.is_some()))
        {
            pending.push(file);
        } else if !held.is_empty() {
            asked.push(file);
        }
    }
    match (pending.len(), asked.len()) {
        (1, _) => pending.pop(),
        (0, 1) => asked.pop(),
        _ => None,
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use crate::config::Config;

    fn vault(files: &[(&str, &str)]) -> (tempfile::TempDir, IgnoreRules) {
        let dir = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let path = dir.path().join(rel);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        let rules = IgnoreRules::load(&Config::load(dir.path(), None).unwrap());
        (dir, rules)
    }

    fn found(dir: &tempfile::TempDir, rules: &IgnoreRules, questions: &[&str]) -> Option<String> {
        let root = dir.path().canonicalize().unwrap();
        find_moved(&root, rules, |rel| rel == "Known.md", questions, 1 << 20).map(|f| f.rel)
    }

    #[test]
    fn a_moved_note_is_found_by_its_question_only_when_it_is_the_only_one() {
        let asked = "## 10:00\n? how far did I run\n";
        let started = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(10, 0, 0)
            .unwrap();
        let waiting = format!(
            "{asked}{}",
            super::super::pending::render("planning", started)
        );
        // Moved to another folder, the pending callout with it.
        let (dir, rules) = vault(&[("Known.md", asked), ("Archive/2026-11-21.md", &waiting)]);
        assert_eq!(
            found(&dir, &rules, &["how far did I run"]).as_deref(),
            Some("Archive/2026-11-21.md")
        );
        // Notes the pass knew are not candidates, nor are other questions.
        assert_eq!(found(&dir, &rules, &["how long did I sleep"]), None);
        // The one with our pending callout is the one that moved; a copy without it is not.
        let (dir, rules) = vault(&[("Renamed.md", &waiting), ("Copy.md", asked)]);
        assert_eq!(
            found(&dir, &rules, &["how far did I run"]).as_deref(),
            Some("Renamed.md")
        );
        // Without a pending callout (the offline engine shows none), the only one.
        let (dir, rules) = vault(&[("Renamed.md", asked)]);
        assert_eq!(
            found(&dir, &rules, &["how far did I run"]).as_deref(),
            Some("Renamed.md")
        );
        // Two alike: no guess.
        let (dir, rules) = vault(&[("A.md", &waiting), ("B.md", &waiting)]);
        assert_eq!(found(&dir, &rules, &["how far did I run"]), None);
        let (dir, rules) = vault(&[("A.md", asked), ("B.md", asked)]);
        assert_eq!(found(&dir, &rules, &["how far did I run"]), None);
        // Moved to Obsidian's trash: deleted, not moved.
        let (dir, rules) = vault(&[(".trash/2026-11-21.md", &waiting)]);
        assert_eq!(found(&dir, &rules, &["how far did I run"]), None);
    }
}
