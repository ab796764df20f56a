//! Editing a note's text while the person may be saving it: the edit is applied to the
//! current text and written atomically; when the note changed before the check, the edit is
//! redone on a fresh read, and when a save lands between the check and the rename (see
//! [`WriteResult::Overtaken`]), on the text that save wrote. The person's bytes always
//! survive.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use super::atomic::{is_read_only, restore, write_atomic, WriteResult};
use super::note::Note;
use super::read::{decode, read_note};
use super::ContentHash;
use crate::error::{Error, Result};

/// What an edit decided about the note's current text.
pub(crate) enum Change<W, K> {
    /// Replace the note with this text.
    Text(String, W),
    /// Leave the note as it is.
    Keep(K),
}

/// How [`edit_note`] ended.
pub(crate) enum Edited<W, K> {
    Written(ContentHash, W),
    Kept(K),
    Busy,
    ReadOnly,
}

/// Applies `edit` to the note's current text and writes the result atomically. When the
/// note changes before the check, the edit is redone on a fresh read; when a save lands
/// between the check and the rename, on the text that save wrote (those repairs are not
/// counted as attempts: the person's text is only in memory until one lands). `edit` is
/// told when it is repairing (the person's editor may have loaded what we wrote, so the
/// newer text may hold what we added already).
pub(crate) fn edit_note<W, K>(
    path: &Path,
    quiet: Duration,
    max_bytes: u64,
    edit: impl Fn(&Note, bool) -> Change<W, K>,
) -> Result<Edited<W, K>> {
    // The newer text a save wrote just before our rename, and the hash of what we wrote.
    let mut overtaken: Option<(Vec<u8>, ContentHash)> = None;
    let mut attempts = 0;
    while attempts < 5 {
        let repairing = overtaken.is_some();
        let (text, expected) = match overtaken.take() {
            Some((newer, ours)) => match decode(newer.clone()) {
                Ok(text) => (text, ours),
                Err(_) => {
                    // Not text we can splice into any more: put it back as it was.
                    restore(path, newer, ours)?;
                    return Ok(Edited::Busy);
                }
            },
            None => {
                let text = read_note(path, max_bytes)
                    .map_err(|reason| Error::io(path, std::io::Error::other(reason.to_string())))?;
                let hash = ContentHash::of(text.as_bytes());
                // Our own write a moment ago (a pending callout) is not the person typing.
                if is_fresh(path, quiet)? && !ours_last(path, hash) {
                    return Ok(Edited::Busy);
                }
                (text, hash)
            }
        };
        let note = Note::parse(text);
        let (new_text, written) = match edit(&note, repairing) {
            Change::Text(text, w) => (text, Ok(w)),
            // Our earlier write replaced the person's newer text: it goes back unchanged.
            Change::Keep(k) if repairing => (note.text.clone(), Err(k)),
            Change::Keep(k) => return Ok(Edited::Kept(k)),
        };
        if !repairing && is_read_only(path) {
            return Ok(Edited::ReadOnly);
        }
        let ours = ContentHash::of(new_text.as_bytes());
        match write_atomic(path, new_text.as_bytes(), Some(expected))? {
            WriteResult::Written => {
                remember_ours(path, ours);
                return Ok(match written {
                    Ok(w) => Edited::Written(ours, w),
                    Err(k) => Edited::Kept(k),
                });
            }
            WriteResult::Changed => attempts += 1,
            WriteResult::Overtaken(newer) => {
                overtaken = Some((newer, ours));
            }
        }
    }
    Ok(Edited::Busy)
}

/// The text this program last wrote to each note it edited (its hash): a note that still
/// holds exactly that was not edited by anyone since, however recent its time stamp.
fn last_writes() -> &'static Mutex<HashMap<PathBuf, ContentHash>> {
    static LAST: OnceLock<Mutex<HashMap<PathBuf, ContentHash>>> = OnceLock::new();
    LAST.get_or_init(Default::default)
}

/// How many notes' last writes are kept (a long-running watch forgets the oldest batch).
const LAST_WRITES_KEPT: usize = 1024;

fn remember_ours(path: &Path, hash: ContentHash) {
    let mut last = last_writes().lock().unwrap_or_else(|e| e.into_inner());
    if last.len() >= LAST_WRITES_KEPT && !last.contains_key(path) {
        last.clear();
    }
    last.insert(path.to_path_buf(), hash);
}

fn ours_last(path: &Path, hash: ContentHash) -> bool {
    let last = last_writes().lock().unwrap_or_else(|e| e.into_inner());
    last.get(path) == Some(&hash)
}

/// Whether the note was edited less than `quiet` ago (the person may still be typing).
fn is_fresh(path: &Path, quiet: Duration) -> Result<bool> {
    if quiet.is_zero() {
        return Ok(false);
    }
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map_err(|e| Error::io(path, e))?;
    let age = SystemTime::now()
        .duration_since(modified)
        .unwrap_or_default();
    Ok(age < quiet)
}
