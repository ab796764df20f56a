//! How the notes that are not daily notes were dated when last opened, so opening the vault
//! again dates only the notes whose stamp changed (dating one reads its head, often all of
//! it). Each row holds the file's stamp and the key of what dating depends on besides the
//! file (the day, the configuration, the program): a row of another stamp or key is unused.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use rusqlite::params;

use super::{stored_day, RecordDb};
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
        let mut rows = stmt.query([key]).map_err(|e| self.error(e))?;
        let mut out = HashMap::new();
        // Read in place: owning each row's five texts was most of opening a vault of
        // 10,000 notes dated by their front matter.
        while let Some(r) = rows.next().map_err(|e| self.error(e))? {
            let text = |i: usize| r.get_ref(i).ok().and_then(|v| v.as_str().ok());
            let dated = (|| {
                Some(Dated {
                    stamp: stamp_of(text(1)?)?,
                    date: stored_day(text(2)?)?,
                    source: source_of(r.get(3).ok()?)?,
                    dates: days_of(text(4)?)?,
                })
            })();
            if let (Some(rel), Some(dated)) = (text(0), dated) {
                out.insert(rel.to_string(), dated);
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

/// A stamp as stored (`[size,mtime,ctime,inode]`, JSON), read without a JSON parser: a
/// vault of 10,000 notes reads 10,000 of them on every open.
fn stamp_of(text: &str) -> Option<Stamp> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?;
    let mut parts = [0u64; 4];
    let (mut at, mut digits) = (0, 0);
    for b in inner.bytes() {
        match b {
            b'0'..=b'9' if digits < 19 => {
                parts[at] = parts[at] * 10 + u64::from(b - b'0');
                digits += 1;
            }
            b',' if digits > 0 && at < 3 => (at, digits) = (at + 1, 0),
            b' ' => {}
            _ => return None,
        }
    }
    (at == 3 && digits > 0).then(|| Stamp(parts[0], parts[1], parts[2], parts[3]))
}

/// Days as stored (`["2026-11-01","2026-11-02"]`, JSON).
fn days_of(text: &str) -> Option<Vec<NaiveDate>> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    if inner.is_empty() {
        return Some(Vec::new());
    }
    inner
        .split(',')
        .map(|d| stored_day(d.trim().strip_prefix('"')?.strip_suffix('"')?))
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stamps_and_days_read_back_as_written() {
        let stamp = Stamp(9, 1_700_000_000_123_456_789, 1_700_000_001_000_000_000, 42);
        let written = serde_json::to_string(&stamp).unwrap();
        assert_eq!(stamp_of(&written), Some(stamp));
        let day = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap();
        for days in [vec![], vec![day(11, 1)], vec![day(2, 28), day(12, 31)]] {
            let written = serde_json::to_string(&days).unwrap();
            assert_eq!(days_of(&written), Some(days));
        }
        assert_eq!(stored_day("2026-11-01"), Some(day(11, 1)));
        for bad in ["2026-02-30", "", "x"] {
            assert_eq!(stored_day(bad), None, "{bad}");
        }
        assert_eq!(stamp_of("[1,2,3]"), None);
        assert_eq!(stamp_of("[1,2,3,4,5]"), None);
        assert_eq!(days_of("[\"2026-13-01\"]"), None);
    }
}
