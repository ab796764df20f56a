//! `global-context.md`: the Observer's long-term memory, a note in the vault.

use std::path::Path;

use chrono::NaiveDate;

use super::atomic::write_atomic;
use crate::error::{Error, Result};

/// The starting content of a new context file.
pub fn empty_context(today: NaiveDate) -> String {
    format!(
        "---\nlast_updated: {today}\nversion: 1\n---\n# Global context\n\n\
         Kept by vault-agent. You may edit it; your edits are kept.\n\n\
         ## Preferences\n\n## Patterns\n\n## Facts\n\n## Insights\n"
    )
}

/// Reads the context file; `None` when it does not exist yet.
pub fn read_context(path: &Path) -> Result<Option<String>> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(Some(text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io(path, e)),
    }
}

/// Replaces the context file atomically.
pub fn write_context(path: &Path, content: &str) -> Result<()> {
    write_atomic(path, content.as_bytes(), None).map(|_| ())
}
