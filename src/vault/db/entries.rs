//! The entries of every note in index.db, with a full-text index (SQLite FTS5, unicode61:
//! Unicode case folding, diacritics ignored) so a search looks up words instead of reading
//! every note file. The index only proposes candidates: the Store applies the exact word
//! rules (whole words with plurals, particles in Hangul and CJK) to them.

use chrono::{NaiveDate, NaiveTime};
use rusqlite::{params, Row};

use super::RecordDb;
use crate::domains::has_spaceless;
use crate::error::Result;
use crate::vault::index::stem;
use crate::vault::{ContentHash, Entry, EntryId};

impl RecordDb {
    /// Replaces the stored entries of `source` (logs and reference text alike).
    pub fn replace_entries(&self, source: &str, entries: &[Entry]) -> Result<()> {
        self.write_all(|tx| {
            let old: Vec<i64> = tx
                .prepare_cached("SELECT rowid FROM entries WHERE source = ?1")?
                .query_map([source], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()?;
            tx.prepare_cached("DELETE FROM entries WHERE source = ?1")?
                .execute([source])?;
            let mut insert = tx.prepare_cached(
                "INSERT OR REPLACE INTO entries (id, source, heading, date, time, log, hash, line_start, line_end, tags, spaceless, text, under)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
            )?;
            let title = stem(source);
            let title_spaceless = has_spaceless(title);
            let mut added = Vec::with_capacity(entries.len());
            for e in entries {
                insert.execute(params![
                    e.id.0,
                    source,
                    e.heading,
                    e.date.to_string(),
                    e.time.map(|t| t.format("%H:%M").to_string()),
                    e.log,
                    e.hash.hex(),
                    e.lines.start as i64,
                    e.lines.end as i64,
                    e.tags.join("\n"),
                    title_spaceless
                        || has_spaceless(&e.text)
                        || e.under.as_deref().is_some_and(has_spaceless),
                    e.text,
                    e.under,
                ])?;
                // The heading above an entry is searched with it (`### 0917 first half`
                // over a photo), as the note's title is.
                let text = match &e.under {
                    Some(under) => format!("{under}\n{}", without_zero_width(&e.text)),
                    None => without_zero_width(&e.text).into_owned(),
                };
                added.push((tx.last_insert_rowid(), text));
            }
            // The full-text index is written when the batch commits (see `fts`).
            let mut due = self.fts_due.lock().expect("fts lock");
            for rowid in old {
                due.delete(rowid);
            }
            for (rowid, text) in added {
                due.insert(rowid, text, title.to_string());
            }
            Ok(())
        })
    }

    /// Entries whose text or note title holds one of `words` (as whole words or word
    /// beginnings: `book` finds `books` and `booked` alike, the caller sorts them out),
    /// or contains one of `inside` anywhere (scripts written without spaces); oldest first.
    /// With a `range`, only log entries dated within it (reference text has no date); with
    /// `newest`, only that many of the most recent matches of each kind.
    pub fn entries_matching(
        &self,
        words: &[String],
        inside: &[String],
        range: Option<(NaiveDate, NaiveDate)>,
        newest: Option<usize>,
    ) -> Result<Vec<Entry>> {
        let limit = newest.map_or(-1, |n| n as i64);
        let (start, end, min_log) = match range {
            Some((s, e)) => (s.to_string(), e.to_string(), 1),
            None => (String::new(), "9999-12-31".to_string(), 0),
        };
        let conn = self.conn();
        // A search inside an open batch sees what the batch wrote so far.
        self.apply_fts(&conn).map_err(|e| self.error(e))?;
        // A period with no log entry has nothing to find (a month before a log began, a
        // vault of reference notes): asked by date alone, not through every word's match.
        if range.is_some() && !logs_between(&conn, &start, &end).map_err(|e| self.error(e))? {
            return Ok(Vec::new());
        }
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut push = |e: Entry| {
            if seen.insert(e.id.clone()) {
                out.push(e);
            }
        };
        if let Some(query) = fts_query(words) {
            let mut stmt = conn
                .prepare_cached(
                    // The newest matches are picked first by date alone, and only those
                    // rows are read whole: sorting every match with its text (thousands of
                    // entries on one day) was most of a search.
                    "SELECT id, source, heading, date, time, log, hash, line_start, line_end, tags, text, under
                     FROM entries WHERE rowid IN (
                        SELECT e.rowid FROM entries_fts f JOIN entries e ON e.rowid = f.rowid
                        WHERE entries_fts MATCH ?1 AND e.date BETWEEN ?2 AND ?3 AND e.log >= ?4
                        ORDER BY e.date DESC LIMIT ?5
                     )",
                )
                .map_err(|e| self.error(e))?;
            let rows = stmt
                .query_map(params![query, start, end, min_log, limit], entry_from_row)
                .map_err(|e| self.error(e))?;
            for row in rows {
                push(row.map_err(|e| self.error(e))?);
            }
        }
        // Words in scripts without spaces are looked for inside the entries written in
        // such scripts (a partial index holds just those), in one scan.
        let inside: Vec<&String> = inside.iter().filter(|n| !n.is_empty()).collect();
        if !inside.is_empty() {
            let any: Vec<String> = (0..inside.len())
                .map(|i| {
                    format!(
                        "instr(text, ?{0}) > 0 OR instr(source, ?{0}) > 0 OR instr(under, ?{0}) > 0",
                        i + 5
                    )
                })
                .collect();
            let sql = format!(
                "SELECT id, source, heading, date, time, log, hash, line_start, line_end, tags, text, under
                 FROM entries WHERE spaceless = 1 AND date BETWEEN ?1 AND ?2 AND log >= ?3 AND ({})
                 ORDER BY date DESC LIMIT ?4",
                any.join(" OR ")
            );
            let mut stmt = conn.prepare_cached(&sql).map_err(|e| self.error(e))?;
            let mut args: Vec<&dyn rusqlite::ToSql> = vec![&start, &end, &min_log, &limit];
            args.extend(inside.iter().map(|n| *n as &dyn rusqlite::ToSql));
            let rows = stmt
                .query_map(args.as_slice(), entry_from_row)
                .map_err(|e| self.error(e))?;
            for row in rows {
                push(row.map_err(|e| self.error(e))?);
            }
        }
        out.sort_by(|a, b| {
            (a.date, a.time, &a.source, &a.id).cmp(&(b.date, b.time, &b.source, &b.id))
        });
        Ok(out)
    }

    /// The entries that are a one-row table (a header, its separator and one row), in note
    /// order: where a log keeps its own tally of a week or a year.
    pub fn one_row_tables(&self) -> Result<Vec<Entry>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached(
                "SELECT id, source, heading, date, time, log, hash, line_start, line_end, tags, text, under
                 FROM entries WHERE line_end - line_start = 3 AND substr(text, 1, 1) = '|'
                 ORDER BY source, line_start",
            )
            .map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map([], entry_from_row)
            .map_err(|e| self.error(e))?;
        rows.map(|r| r.map_err(|e| self.error(e))).collect()
    }

    /// Whether a log entry dated within `start..=end` is stored (by the date index).
    pub fn holds_logs_between(&self, start: NaiveDate, end: NaiveDate) -> Result<bool> {
        logs_between(&self.conn(), &start.to_string(), &end.to_string()).map_err(|e| self.error(e))
    }

    /// Whether any entry is stored (none yet means the index was never filled); asked on
    /// every search, so it does not count them all.
    pub fn has_entries(&self) -> Result<bool> {
        let conn = self.conn();
        conn.query_row("SELECT EXISTS (SELECT 1 FROM entries)", [], |r| r.get(0))
            .map_err(|e| self.error(e))
    }
}

/// An FTS5 query for any of `words`: each word's tokens all present, the last as a prefix,
/// so plurals are candidates too. The index keeps no positions (see `entries_fts`), so a
/// word of several tokens (`bench press`, `5-km`) cannot be asked as a phrase: its tokens
/// are asked for anywhere in the entry, and the caller keeps the entries that hold the
/// words as written. Tokens are split wherever the tokenizer could split them (at every
/// character that is not a letter or a digit), so none reaches it as a phrase.
fn fts_query(words: &[String]) -> Option<String> {
    let each: Vec<String> = words
        .iter()
        .filter_map(|w| {
            let tokens: Vec<&str> = w
                .split(|c: char| !c.is_alphanumeric())
                .filter(|t| !t.is_empty())
                .collect();
            let (last, before) = tokens.split_last()?;
            let mut all: Vec<String> = before.iter().map(|t| format!("\"{t}\"")).collect();
            all.push(format!("\"{last}\"*"));
            Some(format!("({})", all.join(" AND ")))
        })
        .collect();
    (!each.is_empty()).then(|| each.join(" OR "))
}

pub(super) fn entry_from_row(r: &Row) -> rusqlite::Result<Entry> {
    let date: String = r.get(3)?;
    let time: Option<String> = r.get(4)?;
    let hash: String = r.get(6)?;
    let tags: String = r.get(9)?;
    Ok(Entry {
        id: EntryId(r.get(0)?),
        source: r.get(1)?,
        heading: r.get(2)?,
        under: r.get(11)?,
        date: super::stored_day(&date).unwrap_or_default(),
        time: time.and_then(|t| NaiveTime::parse_from_str(&t, "%H:%M").ok()),
        log: r.get(5)?,
        hash: ContentHash(u64::from_str_radix(&hash, 16).unwrap_or_default()),
        lines: r.get::<_, i64>(7)? as usize..r.get::<_, i64>(8)? as usize,
        tags: tags.lines().map(str::to_string).collect(),
        text: r.get(10)?,
    })
}

/// Text with zero-width characters (spaces, joiners, BOM) taken out.
pub(crate) fn without_zero_width(text: &str) -> std::borrow::Cow<'_, str> {
    let zero_width = |c: char| matches!(c, '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}');
    // None of them is ASCII: ASCII text is ruled out by a byte check.
    if !text.is_ascii() && text.contains(zero_width) {
        text.chars().filter(|c| !zero_width(*c)).collect()
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Whether a log entry dated within `start..=end` (stored days) is stored.
fn logs_between(conn: &rusqlite::Connection, start: &str, end: &str) -> rusqlite::Result<bool> {
    conn.prepare_cached(
        "SELECT EXISTS (SELECT 1 FROM entries WHERE date BETWEEN ?1 AND ?2 AND log >= 1)",
    )?
    .query_row(params![start, end], |r| r.get(0))
}
