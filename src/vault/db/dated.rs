//! How the notes that are not daily notes were dated when last opened, so opening the vault
//! again dates only the notes whose stamp changed (dating one reads its head, often all of
//! it). Each row holds the file's stamp and the key of what dating depends on besides the
//! file (the day, the configuration, the program): a row of another stamp or key is unused.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use rusqlite::params;

use super::RecordDb;
use crate::error::Result;
use crate::vault::index::DateSource;
use crate::vault::stamp::Stamp;

/// Made on every open (it is not part of the records' schema: a rebuild keeps it).
pub(super) const DATED_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS dated_notes (
    rel TEXT PRIMARY KEY,
    stamp TEXT NOT NULL,
    key TEXT NOT NULL,
    date TEXT NOT NULL,
    source INTEGER NOT NULL,
    dates TEXT NOT NULL
) WITHOUT ROWID;
";

/// A note's dating as remembered.
#[derive(Debug, Clone, PartialEq)]
pub struct Dated {
    pub stamp: Stamp,
    pub date: NaiveDate,
    pub source: DateSource,
    pub dates: Vec<NaiveDate>,
}

impl RecordDb {
    /// The notes dated under `key`, by path (unreadable rows are left out).
    pub fn dated_notes(&self, key: &str) -> Result<HashMap<String, Dated>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT rel, stamp, date, source, dates FROM dated_notes WHERE key = ?1",
            )
            .map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map([key], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, i64>(3)?,
                    r.get::<_, String>(4)?,
                ))
            })
            .map_err(|e| self.error(e))?;
        let mut out = HashMap::new();
        for row in rows {
            let (rel, stamp, date, source, dates) = row.map_err(|e| self.error(e))?;
            let dated = (|| {
                Some(Dated {
                    stamp: serde_json::from_str(&stamp).ok()?,
                    date: date.parse().ok()?,
                    source: source_of(source)?,
                    dates: serde_json::from_str(&dates).ok()?,
                })
            })();
            if let Some(dated) = dated {
                out.insert(rel, dated);
            }
        }
        Ok(out)
    }

    /// Remembers `fresh` under `key` and forgets every other row but those of `kept`.
    pub fn remember_dated(
        &self,
        key: &str,
        fresh: &[(&str, Dated)],
        kept: &HashSet<&str>,
    ) -> Result<()> {
        self.write_all(|tx| {
            let gone: Vec<String> = {
                let mut stmt = tx.prepare_cached("SELECT rel FROM dated_notes")?;
                let rels = stmt.query_map([], |r| r.get::<_, String>(0))?;
                rels.collect::<rusqlite::Result<Vec<_>>>()?
                    .into_iter()
                    .filter(|rel| !kept.contains(rel.as_str()))
                    .collect()
            };
            let mut delete = tx.prepare_cached("DELETE FROM dated_notes WHERE rel = ?1")?;
            for rel in gone {
                delete.execute([rel])?;
            }
            let mut insert = tx.prepare_cached(
                "INSERT OR REPLACE INTO dated_notes (rel, stamp, key, date, source, dates)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            )?;
            for (rel, d) in fresh {
                let stamp = serde_json::to_string(&d.stamp).expect("a stamp serializes");
                let dates = serde_json::to_string(&d.dates).expect("dates serialize");
                insert.execute(params![
                    rel,
                    stamp,
                    key,
                    d.date.to_string(),
                    source_code(d.source),
                    dates
                ])?;
            }
            Ok(())
        })
    }
}

fn source_code(source: DateSource) -> i64 {
    match source {
        DateSource::DailyNote => 0,
        DateSource::Frontmatter => 1,
        DateSource::FileName => 2,
        DateSource::Headings => 3,
        DateSource::Reference => 4,
    }
}

fn source_of(code: i64) -> Option<DateSource> {
    Some(match code {
        0 => DateSource::DailyNote,
        1 => DateSource::Frontmatter,
        2 => DateSource::FileName,
        3 => DateSource::Headings,
        4 => DateSource::Reference,
        _ => return None,
    })
}
