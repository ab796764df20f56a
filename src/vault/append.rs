//! Appending new blocks at the end of a note (for `input`, `log` and `import`): the note is
//! created whole when missing (temp file, rename), its line endings are kept, and an
//! existing note gets one append at its end: nothing already in it is rewritten, so no
//! one else's write can be lost to ours.

use std::fs::OpenOptions;
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::Path;

use super::atomic::{create_new, read_when_written, WriteResult};
use crate::error::{Error, Result};

/// Appends `text` after a blank line at the end of the note at `path`.
pub fn append_blocks(path: &Path, text: &str) -> Result<()> {
    append_with(path, true, |_| text.to_string())
}

/// Like [`append_blocks`], for a batch of appends (an import): a note it creates is not
/// flushed to disk, the caller flushes them all at once with
/// [`super::atomic::sync_file_system`]. A note that exists gets its append flushed, as
/// always.
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
/// a note created meanwhile by someone else is appended to, never replaced).
/// `flush_new`: a note created here is flushed to disk before returning.
///
/// An existing note is never replaced: the new lines are written at its end in one append
/// (the file opened for appending), so text that anyone else appends or saves into the note
/// at the same moment lands beside ours, whatever the timing.
fn append_with(path: &Path, flush_new: bool, mut make: impl FnMut(&str) -> String) -> Result<()> {
    for attempt in 0..5 {
        // Read once no program is writing it: an editor saving in place may have it half
        // written (cut in the middle of a character).
        let existing = match read_when_written(path) {
            Ok(b) => Some(b),
            Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(e),
        };
        let old = match &existing {
            Some(b) => match std::str::from_utf8(b) {
                Ok(text) => text,
                Err(_) if attempt < 4 => {
                    std::thread::sleep(std::time::Duration::from_millis(5));
                    continue;
                }
                Err(_) => {
                    return Err(Error::Data {
                        path: path.to_path_buf(),
                        message: "is not UTF-8 text; nothing was added to it".into(),
                    })
                }
            },
            None => "",
        };
        let nl = if old.contains("\r\n") { "\r\n" } else { "\n" };
        let mut block = String::new();
        for line in make(old).lines() {
            block.push_str(line);
            block.push_str(nl);
        }
        if existing.is_none() {
            match create_new(path, block.as_bytes(), flush_new)? {
                WriteResult::Changed => continue,
                _ => return Ok(()),
            }
        }
        return append_at_end(path, &block, nl);
    }
    Err(Error::Watch(format!(
        "{} kept appearing and vanishing; nothing was added, try again",
        path.display()
    )))
}

/// Writes `block` at the end of the note at `path` in one append, after a blank line (the
/// separator is chosen from the note's last bytes as they are when the file is opened).
fn append_at_end(path: &Path, block: &str, nl: &str) -> Result<()> {
    let mut file = OpenOptions::new()
        .read(true)
        .append(true)
        .open(path)
        .map_err(|e| Error::io(path, e))?;
    let len = file.metadata().map_err(|e| Error::io(path, e))?.len();
    let mut tail = [0u8; 2];
    let mut have = len.min(2) as usize;
    if have > 0 {
        let read = file
            .seek(SeekFrom::Start(len - have as u64))
            .and_then(|_| file.read_exact(&mut tail[..have]));
        match read {
            Ok(()) => {}
            // Cut shorter meanwhile (an editor saving in place): the end is taken as a
            // line's end, so one blank line still comes before the block.
            Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                tail[0] = b'\n';
                have = 1;
            }
            Err(e) => return Err(Error::io(path, e)),
        }
    }
    let tail = &tail[..have];
    let mut out = String::with_capacity(block.len() + 4);
    if !tail.is_empty() {
        if tail.last() != Some(&b'\n') {
            out.push_str(nl);
        }
        out.push_str(nl);
    }
    out.push_str(block);
    file.write_all(out.as_bytes())
        .and_then(|_| file.sync_data())
        .map_err(|e| Error::io(path, e))
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
