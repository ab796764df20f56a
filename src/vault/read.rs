//! Reading a note file safely: size limit, binary detection, UTF-8 check. Each refusal is a
//! reason a person can act on.

use std::fmt;
use std::path::Path;

/// Why a file was not read as a note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SkipReason {
    TooLarge {
        bytes: u64,
        limit: u64,
    },
    Binary,
    NotUtf8 {
        offset: usize,
    },
    Unreadable(String),
    SymlinkOutside,
    SymlinkLoop,
    Duplicate(String),
    /// A sync service's conflict copy of the note named (see [`super::conflict`]).
    ConflictCopy(String),
    /// A symlink into a folder the agent keeps out of (`.vault-agent/`, `.obsidian/`...),
    /// with the path it leads to.
    SymlinkHidden(String),
    /// A template or a plugin's file (see [`super::owned`]).
    NotTheirs(super::owned::Claim),
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
            SkipReason::ConflictCopy(original) => write!(
                f,
                "a sync conflict copy of {original}, left out so nothing in it is counted twice; merge what it adds into {original} and delete it"
            ),
            SkipReason::NotTheirs(claim) => write!(f, "{claim}"),
            SkipReason::SymlinkHidden(target) => write!(
                f,
                "symlink leads to {target}, which is not a note (vault-agent's and Obsidian's own files are never read); not followed"
            ),
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

/// Reads a note that is the person's own: like [`read_note`], refusing templates and
/// plugins' files too (see [`super::owned`]).
pub fn read_persons_note(path: &Path, limit: u64) -> Result<String, SkipReason> {
    let text = read_note(path, limit)?;
    match super::owned::claim(&text) {
        Some(claim) => Err(SkipReason::NotTheirs(claim)),
        None => Ok(text),
    }
}

/// Checks bytes are a text note. A few stray NUL characters among clean text (left by a
/// crashed editor or a sync tool) do not make a note binary: it is read, with the NULs
/// kept in the file (see [`stray_nuls`]). Many NULs (an image, UTF-16 text), or NULs with
/// other control bytes, mean binary.
pub fn decode(bytes: Vec<u8>) -> Result<String, SkipReason> {
    let nuls = stray_nuls_in(&bytes);
    if nuls > 0 {
        // One NUL in a hundred bytes is more than any damaged text note holds.
        let few = nuls <= 2 || nuls * 100 <= bytes.len();
        let other_controls = bytes
            .iter()
            .any(|&b| (b < 0x20 && !matches!(b, 0 | b'\t' | b'\n' | b'\r' | 0x0c)) || b == 0x7f);
        if !few || other_controls {
            return Err(SkipReason::Binary);
        }
    }
    String::from_utf8(bytes).map_err(|e| {
        if nuls > 0 {
            SkipReason::Binary
        } else {
            SkipReason::NotUtf8 {
                offset: e.utf8_error().valid_up_to(),
            }
        }
    })
}

/// How many NUL characters a note's text holds (reported, so the person can remove them).
pub fn stray_nuls(text: &str) -> usize {
    stray_nuls_in(text.as_bytes())
}

fn stray_nuls_in(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b == 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_to_do() {
        assert_eq!(decode(b"a\0b\x01".to_vec()), Err(SkipReason::Binary));
        assert_eq!(decode(b"a\0b\0c\0".to_vec()), Err(SkipReason::Binary));
        let damaged = format!("{}\0{}", "ran 3 km\n".repeat(20), "slept 7h\n");
        assert_eq!(decode(damaged.clone().into_bytes()).unwrap(), damaged);
        assert_eq!(stray_nuls(&damaged), 1);
        let png = [&b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"[..], &[0xff; 200]].concat();
        assert_eq!(decode(png), Err(SkipReason::Binary));
        let err = decode(b"caf\xe9".to_vec()).unwrap_err();
        assert_eq!(err, SkipReason::NotUtf8 { offset: 3 });
        assert!(err.to_string().contains("UTF-8"));
        assert_eq!(decode("héllo".as_bytes().to_vec()).unwrap(), "héllo");
    }
}
