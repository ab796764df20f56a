//! Appending new blocks at the end of a note (for `input` and `import`): the note is created
//! when missing, its line endings are kept, nothing already in it changes, and the file is
//! replaced atomically only if it did not change since it was read (else tried again).

use std::path::Path;

use super::atomic::{write_atomic, WriteResult};
use super::ContentHash;
use crate::error::{Error, Result};

/// Appends `text` after a blank line at the end of the note at `path`.
pub fn append_blocks(path: &Path, text: &str) -> Result<()> {
    for _ in 0..5 {
        let existing = match std::fs::read(path) {
            Ok(b) => Some(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(Error::io(path, e)),
        };
        let old = match &existing {
            Some(b) => std::str::from_utf8(b).map_err(|_| Error::Data {
                path: path.to_path_buf(),
                message: "is not UTF-8 text; nothing was added to it".into(),
            })?,
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
        let expected = existing.as_deref().map(ContentHash::of);
        match write_atomic(path, new.as_bytes(), expected)? {
            WriteResult::Written => return Ok(()),
            WriteResult::Changed => continue,
        }
    }
    Err(Error::Watch(format!(
        "{} kept changing; nothing was added, try again",
        path.display()
    )))
}
