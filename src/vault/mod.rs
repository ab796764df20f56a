//! The vault room: notes, entries, questions, callouts, ignore rules, atomic writes and the
//! [`Store`] that agents use to read and write. Nothing here calls a model.

pub mod append;
pub mod atomic;
pub mod callout;
mod coded_headings;
pub mod conflict;
pub mod contain;
pub mod context;
pub mod correction;
pub mod dating;
mod day_labels;
mod day_rows;
pub mod db;
mod edit;
pub mod entry;
pub mod facts;
pub mod frontmatter;
pub mod heading_path;
pub mod ignore;
pub mod index;
pub mod link;
pub mod living;
pub mod lock;
pub mod merge;
pub mod moved;
pub mod note;
pub mod owned;
pub mod parsed;
pub mod pending;
pub mod read;
pub mod rows;
pub mod scan;
pub mod stamp;
pub mod state;
pub mod store;
pub mod writeback;

pub use entry::{Entry, EntryId};
pub use note::{Note, Question};
pub use store::Store;

/// A stable 64-bit content hash (xxh3), shown as 16 hex digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContentHash(pub u64);

impl ContentHash {
    /// Hashes bytes.
    pub fn of(bytes: &[u8]) -> Self {
        ContentHash(xxhash_rust::xxh3::xxh3_64(bytes))
    }

    /// 16 lowercase hex digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}
