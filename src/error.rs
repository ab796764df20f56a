//! Library errors. Every variant carries what a person needs to act: the path, the key.

use std::path::PathBuf;

/// Result alias used across the library.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Errors of the library. The binary prints them as one sentence plus a hint.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// A configuration file has a wrong key or value.
    #[error("{path}: {message}")]
    Config { path: PathBuf, message: String },
    /// The vault folder is missing or not a folder.
    #[error("vault {path}: {why} (pass --vault PATH or set VAULT_AGENT_VAULT)")]
    VaultNotFound { path: PathBuf, why: &'static str },
    /// A path proposed for reading or writing lies outside the vault.
    #[error("path `{0}` is outside the vault; refusing it")]
    OutsideVault(String),
    /// A note path that resolves into `.vault-agent/` (a symlink there, say): never read
    /// as a note nor written.
    #[error("`{0}` leads into .vault-agent/, vault-agent's own folder (its config may hold API keys); refusing to read or write it: replace the link with a note of its own")]
    AgentFolder(String),
    /// A glob pattern does not parse.
    #[error("bad glob `{pattern}`: {message}")]
    Glob { pattern: String, message: String },
    /// A file-watching problem (with help text where the OS limit is the cause).
    #[error("{0}")]
    Watch(String),
    /// A prompt template was used with a missing variable (a bug or a bad override).
    #[error("{0}")]
    Prompt(String),
    /// Text given to `input` (command line, HTTP) that cannot be written to a note.
    #[error("{0}")]
    Input(String),
    /// Stored derived data (state, parsed JSON) could not be decoded.
    #[error("{path}: {message}")]
    Data { path: PathBuf, message: String },
}

impl Error {
    /// Wraps an I/O error with the path it is about.
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }

    /// True for errors a person fixes by editing configuration or what they typed (exit
    /// code 2).
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            Error::Config { .. }
                | Error::VaultNotFound { .. }
                | Error::Input(_)
                | Error::AgentFolder(_)
        )
    }
}
