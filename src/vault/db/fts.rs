//! Full-text index changes held back until the end of a write batch.
//!
//! Once FTS5 takes part in a transaction, every later statement that opens a statement
//! savepoint (an `INSERT OR REPLACE`, a delete with foreign keys) makes it flush its
//! pending index to disk: a pass that wrote each note's entries and records in turn
//! flushed the index once per statement. Keeping the index changes aside and applying
//! them together just before the commit gives one flush per batch, and the same index.

use std::collections::BTreeMap;

use rusqlite::{params, Connection};

use super::RecordDb;

/// The index changes of the open batch: rows to take out of the index (they were in it
/// before the batch) and rows to put in, by `entries` rowid.
#[derive(Debug, Default)]
pub(super) struct FtsDue {
    deletes: Vec<i64>,
    inserts: BTreeMap<i64, (String, String)>,
}

impl FtsDue {
    /// `rowid` left the `entries` table: a row added in this batch is simply not added,
    /// one indexed before is taken out.
    pub fn delete(&mut self, rowid: i64) {
        if self.inserts.remove(&rowid).is_none() {
            self.deletes.push(rowid);
        }
    }

    /// `rowid` was added to `entries` with this text and note title.
    pub fn insert(&mut self, rowid: i64, text: String, title: String) {
        self.inserts.insert(rowid, (text, title));
    }

    /// Forgets everything (the batch was rolled back or the index emptied).
    pub fn clear(&mut self) {
        *self = FtsDue::default();
    }

    fn is_empty(&self) -> bool {
        self.deletes.is_empty() && self.inserts.is_empty()
    }
}

impl RecordDb {
    /// Applies the held-back index changes in `conn`'s open transaction: deletions first
    /// (a rowid may have been reused by a row added after), then insertions.
    pub(super) fn apply_fts(&self, conn: &Connection) -> rusqlite::Result<()> {
        let due = std::mem::take(&mut *self.fts_due.lock().expect("fts lock"));
        if due.is_empty() {
            return Ok(());
        }
        let mut delete = conn.prepare_cached("DELETE FROM entries_fts WHERE rowid = ?1")?;
        for rowid in due.deletes {
            delete.execute([rowid])?;
        }
        let mut insert = conn
            .prepare_cached("INSERT INTO entries_fts (rowid, text, title) VALUES (?1, ?2, ?3)")?;
        for (rowid, (text, title)) in due.inserts {
            insert.execute(params![rowid, text, title])?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use crate::vault::{ContentHash, Entry, EntryId};

    use super::RecordDb;

    fn entry(source: &str, text: &str) -> Entry {
        Entry {
            id: EntryId::new(source, 1),
            source: source.to_string(),
            date: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
            time: None,
            heading: None,
            under: None,
            text: text.to_string(),
            hash: ContentHash::of(text.as_bytes()),
            lines: 0..1,
            tags: Vec::new(),
            log: true,
        }
    }

    fn found(db: &RecordDb, word: &str) -> Vec<String> {
        db.entries_matching(&[word.to_string()], &[], None, None)
            .unwrap()
            .into_iter()
            .map(|e| e.text)
            .collect()
    }

    #[test]
    fn search_sees_the_last_text_written_in_a_batch_and_nothing_of_a_rolled_back_one() {
        let dir = tempfile::tempdir().unwrap();
        let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
        db.replace_entries("a.md", &[entry("a.md", "rowing 5 km")])
            .unwrap();
        db.begin().unwrap();
        db.replace_entries("a.md", &[entry("a.md", "swimming 20 laps")])
            .unwrap();
        db.replace_entries("b.md", &[entry("b.md", "cycling 30 km")])
            .unwrap();
        db.replace_entries("a.md", &[entry("a.md", "hiking 3 hours")])
            .unwrap();
        db.commit().unwrap();
        assert!(found(&db, "rowing").is_empty());
        assert!(found(&db, "swimming").is_empty());
        assert_eq!(found(&db, "hiking"), ["hiking 3 hours"]);
        assert_eq!(found(&db, "cycling"), ["cycling 30 km"]);

        db.begin().unwrap();
        db.replace_entries("b.md", &[entry("b.md", "yoga 1 hour")])
            .unwrap();
        db.rollback().unwrap();
        assert!(found(&db, "yoga").is_empty());
        assert_eq!(found(&db, "cycling"), ["cycling 30 km"]);
    }
}
