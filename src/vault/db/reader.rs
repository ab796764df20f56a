//! Which reader read the records: the fingerprint of the rules' reading code and language
//! files (see [`crate::offline::fingerprint`]) the records were read with. When the
//! program's fingerprint differs, every record the rules read is read again (see
//! `process::reread`); records a model refined and records the person corrected are kept.

use rusqlite::OptionalExtension;

use super::RecordDb;
use crate::error::Result;
use crate::vault::parsed::RULES_PARSER;

/// Made on every open (not part of the records' schema: an index of an older version has
/// no fingerprint, and is read again once, not rebuilt).
pub(super) const READER_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS reader (
    one INTEGER PRIMARY KEY CHECK (one = 1),
    fingerprint TEXT NOT NULL
);
";

/// What the JSON of a record the person corrected holds (its first correction).
const CORRECTED: &str = "\"corrections\":[{";

impl RecordDb {
    /// The fingerprint of the reader the records were read with (none: an index of a
    /// version that did not keep one).
    pub fn reader(&self) -> Result<Option<String>> {
        let conn = self.conn();
        conn.query_row("SELECT fingerprint FROM reader", [], |r| r.get(0))
            .optional()
            .map_err(|e| self.error(e))
    }

    /// Remembers that the records are read with the reader of `fingerprint`.
    pub fn set_reader(&self, fingerprint: &str) -> Result<()> {
        self.write_all(|tx| {
            tx.execute(
                "INSERT OR REPLACE INTO reader (one, fingerprint) VALUES (1, ?1)",
                [fingerprint],
            )?;
            Ok(())
        })
    }

    /// How many records the rules read and nobody corrected: what a new reader reads again.
    pub fn rules_read_count(&self) -> Result<usize> {
        let conn = self.conn();
        conn.query_row(
            "SELECT count(*) FROM records WHERE parser = ?1 AND instr(json, ?2) = 0",
            [RULES_PARSER, CORRECTED],
            |r| r.get::<_, i64>(0),
        )
        .map(|n| n as usize)
        .map_err(|e| self.error(e))
    }
}
