//! The reader's fingerprint: a hash of the sources that decide how a log entry is read by
//! the rules (the readers, their language files, how notes are cut into entries and dated,
//! the shipped domains), made when the program is built (`build.rs`). The index keeps the
//! fingerprint its records were read with; a program with another one reads every record
//! the rules read again on its next pass, so an upgrade brings the new readings without a
//! `reindex` (see `process::reread`).

include!(concat!(env!("OUT_DIR"), "/reader_fingerprint.rs"));

/// The environment variable that stands in for the built fingerprint (tests open a vault
/// "with another reader" through it).
#[doc(hidden)]
pub const OVERRIDE: &str = "VAULT_AGENT_READER_FINGERPRINT";

/// The fingerprint of the reader entries are read with now.
pub fn current() -> String {
    std::env::var(OVERRIDE)
        .ok()
        .filter(|f| !f.trim().is_empty())
        .unwrap_or_else(|| BUILT.to_string())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_built_fingerprint_is_sixteen_hex_digits() {
        assert_eq!(super::BUILT.len(), 16);
        assert!(super::BUILT.bytes().all(|b| b.is_ascii_hexdigit()));
    }
}
