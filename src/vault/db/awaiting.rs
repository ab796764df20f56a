//! The refinement queue: log entries stored with the rules' reading only, waiting for the
//! model Parser (see `process::refine`). It lives in index.db beside the records it
//! refines, so a run that is killed resumes where it stopped. An entry is named by its note
//! and the hash of its text, which stay the same when the entry moves within its note.

use std::collections::HashSet;

use rusqlite::{params, Connection, OptionalExtension};

use super::entries::entry_from_row;
use super::RecordDb;
use crate::error::Result;
use crate::vault::parsed::ParsedRecord;
use crate::vault::Entry;

/// One entry waiting for the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Awaiting {
    /// Vault-relative path of its note.
    pub source: String,
    /// Hash of the entry's text (hex, as in its record's `content_hash`).
    pub hash: String,
}

impl RecordDb {
    /// Marks entries of `source` (by text hash, with their dates) as awaiting the model.
    pub fn await_model(&self, source: &str, entries: &[(String, String)]) -> Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        self.write_all(|tx| {
            let mut insert = tx.prepare_cached(
                "INSERT OR IGNORE INTO awaiting (source, hash, date, tries) VALUES (?1, ?2, ?3, 0)",
            )?;
            for (hash, date) in entries {
                insert.execute(params![source, hash, date])?;
            }
            Ok(())
        })
    }

    /// Forgets the entries of `source` awaiting the model whose text is no longer among
    /// `kept` (the hashes of the note's records now).
    pub fn keep_awaiting(&self, source: &str, kept: &HashSet<String>) -> Result<()> {
        self.write_all(|tx| {
            let gone: Vec<String> = {
                let mut stmt = tx.prepare_cached("SELECT hash FROM awaiting WHERE source = ?1")?;
                let rows = stmt.query_map([source], |r| r.get::<_, String>(0))?;
                rows.collect::<rusqlite::Result<Vec<_>>>()?
                    .into_iter()
                    .filter(|h| !kept.contains(h))
                    .collect()
            };
            let mut delete =
                tx.prepare_cached("DELETE FROM awaiting WHERE source = ?1 AND hash = ?2")?;
            for hash in gone {
                delete.execute(params![source, hash])?;
            }
            Ok(())
        })
    }

    /// Up to `limit` entries awaiting the model, the most recent days first (what questions
    /// ask about most).
    pub fn awaiting(&self, limit: usize) -> Result<Vec<Awaiting>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT source, hash FROM awaiting ORDER BY date DESC, source, hash LIMIT ?1",
            )
            .map_err(|e| self.error(e))?;
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        let rows = stmt
            .query_map([limit], |r| {
                Ok(Awaiting {
                    source: r.get(0)?,
                    hash: r.get(1)?,
                })
            })
            .map_err(|e| self.error(e))?;
        rows.collect::<rusqlite::Result<_>>()
            .map_err(|e| self.error(e))
    }

    /// How many entries await the model.
    pub fn awaiting_count(&self) -> Result<usize> {
        let conn = self.conn();
        conn.query_row("SELECT COUNT(*) FROM awaiting", [], |r| r.get::<_, i64>(0))
            .map(|n| n as usize)
            .map_err(|e| self.error(e))
    }

    /// The stored entries an awaiting entry stands for (the same text may be written more
    /// than once in a note), each with its record; none when the text is no longer stored
    /// (the note changed and was read again).
    pub fn awaiting_entries(&self, a: &Awaiting) -> Result<Vec<(Entry, ParsedRecord)>> {
        let conn = self.conn();
        let entries: Vec<Entry> = {
            let mut stmt = conn
                .prepare_cached(
                    "SELECT id, source, heading, date, time, log, hash, line_start, line_end, tags, text, under
                     FROM entries WHERE source = ?1 AND hash = ?2 AND log = 1 ORDER BY line_start",
                )
                .map_err(|e| self.error(e))?;
            let rows = stmt
                .query_map(params![a.source, a.hash], entry_from_row)
                .map_err(|e| self.error(e))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(|e| self.error(e))?
        };
        let mut out = Vec::with_capacity(entries.len());
        for entry in entries {
            let json: Option<String> = conn
                .query_row(
                    "SELECT json FROM records WHERE id = ?1 AND source = ?2",
                    params![entry.id.0, a.source],
                    |r| r.get(0),
                )
                .optional()
                .map_err(|e| self.error(e))?;
            let record = json.and_then(|j| serde_json::from_str::<ParsedRecord>(&j).ok());
            if let Some(record) = record.filter(|r| r.content_hash == a.hash) {
                out.push((entry, record));
            }
        }
        Ok(out)
    }

    /// The entry is done with: its refined records replace the stored ones and it leaves
    /// the queue, all in one transaction.
    pub fn refined(&self, a: &Awaiting, records: &[ParsedRecord]) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.savepoint().map_err(|e| self.error(e))?;
        for r in records {
            super::put_record(&tx, r).map_err(|e| self.error(e))?;
        }
        forget(&tx, a).map_err(|e| self.error(e))?;
        tx.commit().map_err(|e| self.error(e))
    }

    /// Counts a model parse that failed although the model was reachable; after
    /// `max_tries` (1: at once) the entry keeps the rules' reading and leaves the queue.
    /// Returns whether it left.
    pub fn refinement_failed(&self, a: &Awaiting, max_tries: u32) -> Result<bool> {
        let conn = self.conn();
        let tries: Option<i64> = conn
            .query_row(
                "UPDATE awaiting SET tries = tries + 1 WHERE source = ?1 AND hash = ?2 RETURNING tries",
                params![a.source, a.hash],
                |r| r.get(0),
            )
            .optional()
            .map_err(|e| self.error(e))?;
        let give_up = tries.is_some_and(|t| t >= i64::from(max_tries));
        if give_up {
            forget(&conn, a).map_err(|e| self.error(e))?;
        }
        Ok(give_up)
    }
}

fn forget(conn: &Connection, a: &Awaiting) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM awaiting WHERE source = ?1 AND hash = ?2",
        params![a.source, a.hash],
    )
    .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::{ContentHash, EntryId};

    fn entry(source: &str, n: usize, text: &str) -> Entry {
        Entry {
            id: EntryId::new(source, n),
            source: source.to_string(),
            date: "2026-11-20".parse().unwrap(),
            time: None,
            heading: None,
            under: None,
            text: text.to_string(),
            hash: ContentHash::of(text.as_bytes()),
            lines: n..n + 1,
            log: true,
            tags: Vec::new(),
        }
    }

    fn stored(db: &RecordDb, source: &str, texts: &[&str]) -> Vec<(String, String)> {
        let entries: Vec<Entry> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| entry(source, i + 1, t))
            .collect();
        let records: Vec<ParsedRecord> = entries
            .iter()
            .map(|e| ParsedRecord::for_entry(e, "offline-rules".into()))
            .collect();
        db.replace_entries(source, &entries).unwrap();
        db.replace_source(source, &records).unwrap();
        entries
            .iter()
            .map(|e| (e.hash.hex(), e.date.to_string()))
            .collect()
    }

    #[test]
    fn the_queue_follows_the_note_and_empties_as_entries_are_refined_or_given_up() {
        let dir = tempfile::tempdir().unwrap();
        let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
        let queued = stored(
            &db,
            "Daily/a.md",
            &["ran 5 km", "slept 7h", "walked 20 min"],
        );
        db.await_model("Daily/a.md", &queued).unwrap();
        assert_eq!(db.awaiting_count().unwrap(), 3);

        // The note is edited: one entry's text is gone, the others stay queued.
        let kept: HashSet<String> = queued[..2].iter().map(|(h, _)| h.clone()).collect();
        db.keep_awaiting("Daily/a.md", &kept).unwrap();
        assert_eq!(db.awaiting_count().unwrap(), 2);

        let head = db.awaiting(10).unwrap();
        let found = db.awaiting_entries(&head[0]).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].0.hash.hex(), head[0].hash);
        let mut refined = found[0].1.clone();
        refined.parser = "model (test)".into();
        db.refined(&head[0], &[refined]).unwrap();
        assert_eq!(
            db.of_source("Daily/a.md").unwrap()[0].parser,
            "model (test)"
        );
        assert_eq!(db.awaiting_count().unwrap(), 1);

        // A failing model: tries are counted until the entry keeps the rules' reading.
        assert!(!db.refinement_failed(&head[1], 2).unwrap());
        assert_eq!(db.awaiting_count().unwrap(), 1);
        assert!(db.refinement_failed(&head[1], 2).unwrap());
        assert_eq!(db.awaiting_count().unwrap(), 0);
    }
}
