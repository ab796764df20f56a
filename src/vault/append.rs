//! Appending new blocks at the end of a note (for `input` and `import`): the note is created
//! when missing, its line endings are kept, nothing already in it changes, and the file is
//! replaced atomically only if it did not change since it was read (else tried again).

use std::path::Path;

use super::atomic::{create_new, restore, write_atomic, WriteResult};
use super::ContentHash;
use crate::error::{Error, Result};

/// Appends `text` after a blank line at the end of the note at `path`.
pub fn append_blocks(path: &Path, text: &str) -> Result<()> {
    append_with(path, true, |_| text.to_string())
}

/// Like [`append_blocks`], for a batch of appends (an import): a note it creates is not
/// flushed to disk, the caller flushes them all at once with
/// [`super::atomic::sync_file_system`]. A note that exists is replaced only once the new
/// text is on disk, as always (the person's text in it is at stake).
pub fn append_blocks_unflushed(path: &Path, text: &str) -> Result<()> {
    append_with(path, false, |_| text.to_string())
}

/// Appends a `## HH:MM` section (`## HH:MM title` with a title) holding `body`. A note that
/// already has a section of that minute gets `## HH:MM (2)`, `(3)`, ...: every input keeps a
/// heading of its own, so links to it and its entry stay distinct. Returns the heading
/// text written (without `## `).
pub fn append_section(path: &Path, time: &str, title: Option<&str>, body: &str) -> Result<String> {
    let mut written = String::new();
    append_with(path, true, |old| {
        written = unique_heading(old, time, title);
        format!("## {written}\n{}", body.trim())
    })?;
    Ok(written)
}

/// `time` (+ ` title`), or `time (n)` (+ ` title`) when `old` has a section of that minute.
fn unique_heading(old: &str, time: &str, title: Option<&str>) -> String {
    let taken = |label: &str| {
        old.lines().any(|l| {
            l.strip_prefix("## ")
                .and_then(|h| h.trim_end().strip_prefix(label))
                .is_some_and(|rest| {
                    rest.is_empty() || rest.starts_with(' ') && !rest.trim_start().starts_with('(')
                })
        })
    };
    let mut label = time.to_string();
    let mut n = 1;
    while taken(&label) {
        n += 1;
        label = format!("{time} ({n})");
    }
    match title {
        Some(t) => format!("{label} {t}"),
        None => label,
    }
}

/// Appends what `make` builds from the note's current text (empty when it does not exist;
/// a note created meanwhile by someone else is read and appended to, never replaced).
/// `flush_new`: a note created here is flushed to disk before returning.
fn append_with(path: &Path, flush_new: bool, mut make: impl FnMut(&str) -> String) -> Result<()> {
    // Set when a save landed just before our rename: that newer text, and the hash of what
    // we wrote over it (the append is redone on it; repairs do not count as attempts).
    let mut overtaken: Option<(Vec<u8>, ContentHash)> = None;
    let mut attempts = 0;
    while attempts < 5 {
        let (existing, expected) = match overtaken.take() {
            Some((newer, ours)) => (Some(newer), Some(ours)),
            None => {
                let existing = match std::fs::read(path) {
                    Ok(b) => Some(b),
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                    Err(e) => return Err(Error::io(path, e)),
                };
                let expected = existing.as_deref().map(ContentHash::of);
                (existing, expected)
            }
        };
        let old = match &existing {
            Some(b) => match std::str::from_utf8(b) {
                Ok(old) => old,
                Err(_) => {
                    if let (Some(b), Some(ours)) = (&existing, expected) {
                        // Put back what the person saved over our append, as it was.
                        restore(path, b.clone(), ours)?;
                    }
                    return Err(Error::Data {
                        path: path.to_path_buf(),
                        message: "is not UTF-8 text; nothing was added to it".into(),
                    });
                }
            },
            None => "",
        };
        let nl = if old.contains("\r\n") { "\r\n" } else { "\n" };
        let mut new = old.to_string();
        if !new.is_empty() {
            if !new.ends_with('\n') {
                new.push_str(nl);
            }
            new.push_str(nl);
        }
        let text = make(old);
        for line in text.lines() {
            new.push_str(line);
            new.push_str(nl);
        }
        let written = match expected {
            Some(expected) => write_atomic(path, new.as_bytes(), Some(expected))?,
            None => create_new(path, new.as_bytes(), flush_new)?,
        };
        match written {
            WriteResult::Written => return Ok(()),
            WriteResult::Changed => attempts += 1,
            WriteResult::Overtaken(newer) => {
                overtaken = Some((newer, ContentHash::of(new.as_bytes())));
            }
        }
    }
    Err(Error::Watch(format!(
        "{} kept changing; nothing was added, try again",
        path.display()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_inputs_in_the_same_minute_get_distinct_headings() {
        let dir = tempfile::tempdir().unwrap();
        let note = dir.path().join("n.md");
        assert_eq!(append_section(&note, "06:44", None, "a").unwrap(), "06:44");
        assert_eq!(
            append_section(&note, "06:44", None, "b").unwrap(),
            "06:44 (2)"
        );
        let third = append_section(&note, "06:44", Some("[correction]"), "c").unwrap();
        assert_eq!(third, "06:44 (3) [correction]");
        assert_eq!(append_section(&note, "06:45", None, "d").unwrap(), "06:45");
        assert_eq!(
            std::fs::read_to_string(&note).unwrap(),
            "## 06:44\na\n\n## 06:44 (2)\nb\n\n## 06:44 (3) [correction]\nc\n\n## 06:45\nd\n"
        );
    }
}
