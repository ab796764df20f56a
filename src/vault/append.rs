//! Appending new blocks at the end of a note (for `input` and `import`): the note is created
//! when missing, its line endings are kept, nothing already in it changes, and the file is
//! replaced atomically only if it did not change since it was read (else tried again).

use std::path::Path;

use super::atomic::{restore, write_atomic, WriteResult};
use super::ContentHash;
use crate::error::{Error, Result};

/// Appends `text` after a blank line at the end of the note at `path`.
pub fn append_blocks(path: &Path, text: &str) -> Result<()> {
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
        for line in text.lines() {
            new.push_str(line);
            new.push_str(nl);
        }
        match write_atomic(path, new.as_bytes(), expected)? {
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
