//! Reading a note file safely: size limit, binary detection, UTF-8 check. Each refusal is a
//! reason a person can act on.

use std::fmt;
use std::path::Path;

/// Why a file was not read as a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    TooLarge { bytes: u64, limit: u64 },
    Binary,
    NotUtf8 { offset: usize },
    Unreadable(String),
    SymlinkOutside,
    SymlinkLoop,
    Duplicate(String),
}

impl fmt::Display for SkipReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SkipReason::TooLarge { bytes, limit } => write!(
                f,
                "too large ({:.1} MB, limit {:.1} MB); split the note or raise limits.max_note_bytes",
                *bytes as f64 / 1e6,
                *limit as f64 / 1e6
            ),
            SkipReason::Binary => write!(f, "binary content, not a text note; skipped"),
            SkipReason::NotUtf8 { offset } => write!(
                f,
                "not UTF-8 text (bad byte at offset {offset}); re-save it as UTF-8"
            ),
            SkipReason::Unreadable(e) => write!(f, "cannot be read ({e})"),
            SkipReason::SymlinkOutside => {
                write!(f, "symlink points outside the vault; not followed")
            }
            SkipReason::SymlinkLoop => write!(f, "symlink loop; not followed"),
            SkipReason::Duplicate(other) => write!(f, "same file as {other}; read once"),
        }
    }
}

/// Reads a note as text, refusing huge, binary and non-UTF-8 files.
pub fn read_note(path: &Path, limit: u64) -> Result<String, SkipReason> {
    let meta = std::fs::metadata(path).map_err(|e| SkipReason::Unreadable(e.to_string()))?;
    if meta.len() > limit {
        return Err(SkipReason::TooLarge {
            bytes: meta.len(),
            limit,
        });
    }
    let bytes = std::fs::read(path).map_err(|e| SkipReason::Unreadable(e.to_string()))?;
    decode(bytes)
}

/// Checks bytes are a text note.
pub fn decode(bytes: Vec<u8>) -> Result<String, SkipReason> {
    if bytes[..bytes.len().min(8192)].contains(&0) {
        return Err(SkipReason::Binary);
    }
    String::from_utf8(bytes).map_err(|e| SkipReason::NotUtf8 {
        offset: e.utf8_error().valid_up_to(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_to_do() {
        assert_eq!(decode(b"a\0b".to_vec()), Err(SkipReason::Binary));
        let err = decode(b"caf\xe9".to_vec()).unwrap_err();
        assert_eq!(err, SkipReason::NotUtf8 { offset: 3 });
        assert!(err.to_string().contains("UTF-8"));
        assert_eq!(decode("héllo".as_bytes().to_vec()).unwrap(), "héllo");
    }
}
