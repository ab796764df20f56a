//! Editing a note's text while the person may be saving it: the edit is applied to the
//! current text and written atomically; when the note changed before the check, the edit is
//! redone on a fresh read, and when a save lands between the check and the rename (see
//! [`WriteResult::Overtaken`]), on the text that save wrote. The person's bytes always
//! survive.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, SystemTime};

use super::atomic::{is_read_only, read_when_written, restore, write_atomic, WriteResult};
use super::merge::merge;
use super::note::Note;
use super::read::{decode, SkipReason};
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
/// newer text may hold what we added already). Once a repair holds the person's text in
/// memory, a later change to the note is merged with it line by line ([`merge`]), never
/// read over: nothing they wrote in either version is dropped.
pub(crate) fn edit_note<W, K>(
    path: &Path,
    quiet: Duration,
    max_bytes: u64,
    edit: impl Fn(&Note, bool) -> Change<W, K>,
) -> Result<Edited<W, K>> {
    // The newer text a save wrote just before our rename, and the text we wrote over it.
    let mut overtaken: Option<(Vec<u8>, String)> = None;
    // Text to write as it is (a merge holding the person's text), and the text it expects.
    let mut merged: Option<(String, String)> = None;
    let mut outcome = None;
    let mut attempts = 0;
    loop {
        // Whether this round writes the person's text held only in memory.
        let rescuing = overtaken.is_some() || merged.is_some();
        if attempts >= 5 && !rescuing {
            return Ok(Edited::Busy);
        }
        let (new_text, over) = if let Some(pair) = merged.take() {
            pair
        } else if let Some((newer, ours)) = overtaken.take() {
            let text = match decode(newer.clone()) {
                Ok(text) => text,
                Err(_) => {
                    // Not text we can splice into any more: put it back as it was.
                    restore(path, newer, ContentHash::of(ours.as_bytes()))?;
                    return Ok(Edited::Busy);
                }
            };
            let note = Note::parse(text);
            let new_text = match edit(&note, true) {
                Change::Text(text, w) => {
                    outcome = Some(Ok(w));
                    text
                }
                // Our earlier write replaced the person's newer text: it goes back unchanged.
                Change::Keep(k) => {
                    outcome = Some(Err(k));
                    note.text
                }
            };
            (new_text, ours)
        } else {
            let text = read_settled(path, max_bytes)?;
            let hash = ContentHash::of(text.as_bytes());
            // Our own write a moment ago (a pending callout) is not the person typing.
            if is_fresh(path, quiet)? && !ours_last(path, hash) {
                return Ok(Edited::Busy);
            }
            let note = Note::parse(text);
            match edit(&note, false) {
                Change::Text(new_text, w) => {
                    outcome = Some(Ok(w));
                    (new_text, note.text)
                }
                Change::Keep(k) => return Ok(Edited::Kept(k)),
            }
        };
        if !rescuing && is_read_only(path) {
            return Ok(Edited::ReadOnly);
        }
        let ours = ContentHash::of(new_text.as_bytes());
        match write_atomic(
            path,
            new_text.as_bytes(),
            Some(ContentHash::of(over.as_bytes())),
        )? {
            WriteResult::Written => {
                remember_ours(path, ours);
                return Ok(match outcome.take() {
                    Some(Ok(w)) => Edited::Written(ours, w),
                    Some(Err(k)) => Edited::Kept(k),
                    None => Edited::Busy,
                });
            }
            WriteResult::Changed if rescuing => {
                // The person's text is only in `new_text`: merged with what the note holds now.
                let current = decode(read_when_written(path)?)
                    .map_err(|reason| Error::io(path, std::io::Error::other(reason.to_string())))?;
                merged = Some((merge(&over, &new_text, &current), current));
                attempts += 1;
                if attempts > RESCUE_ATTEMPTS {
                    std::thread::sleep(Duration::from_millis(10));
                }
            }
            WriteResult::Changed => attempts += 1,
            WriteResult::Overtaken(newer) if rescuing => match decode(newer.clone()) {
                Ok(newer) => merged = Some((merge(&over, &new_text, &newer), new_text)),
                Err(_) => {
                    restore(path, newer, ours)?;
                    return Ok(Edited::Busy);
                }
            },
            WriteResult::Overtaken(newer) => overtaken = Some((newer, new_text)),
        }
    }
}

/// The note's text once no program is writing it (not a save caught half way); a note that
/// is too large or not text is refused.
fn read_settled(path: &Path, max_bytes: u64) -> Result<String> {
    let refused = |reason: SkipReason| Error::io(path, std::io::Error::other(reason.to_string()));
    let bytes = std::fs::metadata(path)
        .map_err(|e| Error::io(path, e))?
        .len();
    if bytes > max_bytes {
        return Err(refused(SkipReason::TooLarge {
            bytes,
            limit: max_bytes,
        }));
    }
    decode(read_when_written(path)?).map_err(refused)
}

/// Merges tried at full speed while the person's text is held in memory; after these, each
/// try waits a moment (someone writing without a pause will stop).
const RESCUE_ATTEMPTS: usize = 50;

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

/// Whether the note was edited less than `quiet` ago (the person may still be typing). A
/// modification time in the future (a device whose clock is ahead) tells nothing about
/// when the person last typed: such a note is not taken as being edited.
fn is_fresh(path: &Path, quiet: Duration) -> Result<bool> {
    if quiet.is_zero() {
        return Ok(false);
    }
    let modified = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .map_err(|e| Error::io(path, e))?;
    Ok(SystemTime::now()
        .duration_since(modified)
        .is_ok_and(|age| age < quiet))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_future_modification_time_is_not_typing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.md");
        std::fs::write(&path, "? q\n").unwrap();
        let ahead = SystemTime::now() + Duration::from_secs(3600);
        let file = std::fs::File::options().write(true).open(&path).unwrap();
        file.set_modified(ahead).unwrap();
        drop(file);
        let edited = edit_note(&path, Duration::from_secs(2), 1 << 20, |note, _| {
            Change::<(), ()>::Text(format!("{}> [!answer] vault-agent · x\n", note.text), ())
        })
        .unwrap();
        assert!(matches!(edited, Edited::Written(..)), "answered at once");
        // A note saved a moment ago is still left to the person typing.
        std::fs::write(&path, "? q\n").unwrap();
        let edited = edit_note(&path, Duration::from_secs(2), 1 << 20, |_, _| {
            Change::<(), ()>::Keep(())
        })
        .unwrap();
        assert!(matches!(edited, Edited::Busy));
    }
}
