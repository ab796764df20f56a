//! `.vault-agent/index.db`: the parsed records in an embedded SQLite database (DESIGN §1.4).
//! Derived from the notes: a file of another schema version, or one that cannot be opened,
//! is deleted and rebuilt (the caller re-parses everything), never trusted.

mod awaiting;
mod dated;
mod encoded;
mod entries;
mod fts;
mod lifts;
mod reader;
#[cfg(test)]
mod tests;
mod vocabulary;

pub use awaiting::Awaiting;
pub use dated::Dated;
pub use encoded::{Encoded, ROWS};
pub use vocabulary::path_words;

/// What the person's rows are named by (see [`RecordDb::row_vocabulary`]).
#[derive(Debug, Default)]
pub struct RowVocabulary {
    /// Field names, compared forms.
    pub names: BTreeSet<String>,
    /// Short text values, compared forms.
    pub values: BTreeSet<String>,
    /// The words of the paths of the notes holding rows, lowercase.
    pub notes: BTreeSet<String>,
}
pub(crate) use entries::without_zero_width;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use chrono::NaiveDate;
use rayon::prelude::*;
use rusqlite::{params, Connection, OptionalExtension};

use crate::error::{Error, Result};
use crate::vault::facts::Fact;
use crate::vault::parsed::ParsedRecord;

/// Bumped whenever the tables change; an index.db of another version is rebuilt.
const SCHEMA_VERSION: i64 = 10;

const SCHEMA: &str = "
CREATE TABLE records (
    id TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    date TEXT NOT NULL,
    timestamp TEXT,
    heading TEXT,
    parser TEXT NOT NULL,
    domains TEXT NOT NULL,
    json TEXT NOT NULL
);
CREATE INDEX records_by_source ON records(source);
CREATE TABLE facts (
    record_id TEXT NOT NULL REFERENCES records(id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    domain TEXT NOT NULL,
    activity TEXT NOT NULL,
    measure TEXT NOT NULL,
    value REAL NOT NULL,
    unit TEXT,
    doubtful INTEGER NOT NULL,
    item INTEGER NOT NULL,
    whole INTEGER NOT NULL
);
CREATE INDEX facts_by_record ON facts(record_id);
-- Each weighed set of a lift with its sets and reps and where its record is, in the order
-- answers list them: a lift's best, last or count over every note is one index range.
CREATE TABLE lift_sets (
    record_id TEXT NOT NULL,
    activity TEXT NOT NULL,
    date TEXT NOT NULL,
    timestamp TEXT,
    source TEXT NOT NULL,
    heading TEXT,
    parser TEXT NOT NULL,
    item INTEGER NOT NULL,
    weight REAL NOT NULL,
    unit TEXT,
    sets REAL,
    sets_whole INTEGER,
    reps REAL,
    reps_whole INTEGER
);
CREATE INDEX lift_sets_by_record ON lift_sets(record_id);
CREATE INDEX lift_sets_in_order ON lift_sets(activity, date, timestamp, source, record_id,
    item, weight, unit, sets, sets_whole, reps, reps_whole, heading, parser);
CREATE TABLE entries (
    id TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    heading TEXT,
    date TEXT NOT NULL,
    time TEXT,
    log INTEGER NOT NULL,
    hash TEXT NOT NULL,
    line_start INTEGER NOT NULL,
    line_end INTEGER NOT NULL,
    tags TEXT NOT NULL,
    spaceless INTEGER NOT NULL,
    text TEXT NOT NULL,
    under TEXT
);
CREATE INDEX entries_by_source ON entries(source);
CREATE TABLE awaiting (
    source TEXT NOT NULL,
    hash TEXT NOT NULL,
    date TEXT NOT NULL,
    tries INTEGER NOT NULL,
    PRIMARY KEY (source, hash)
);
CREATE INDEX awaiting_by_date ON awaiting(date);
-- The names and short text values of the person's rows and the words of their notes'
-- paths, with how many records hold each (see `vocabulary.rs`).
CREATE TABLE vocabulary (
    kind TEXT NOT NULL,
    term TEXT NOT NULL,
    uses INTEGER NOT NULL,
    PRIMARY KEY (kind, term)
) WITHOUT ROWID;
-- Which entries hold a word, without where in them (`detail=none`): a search only picks
-- candidates, which the caller checks against its own patterns, and without positions the
-- index costs a reindex a tenth less.
CREATE VIRTUAL TABLE entries_fts USING fts5(
    text, title, content='', contentless_delete=1, detail=none,
    tokenize='unicode61 remove_diacritics 2'
);
";

/// The indexes that only questions use: made after a rebuild's bulk insert (one sorted
/// build each is cheaper than keeping them up to date row by row), and on every open, so an
/// interrupted rebuild leaves none missing.
const LATE_INDEXES: &str = "
-- What a question asks for (a lift's weighed sets, a run's distance), then its period;
-- holding the rest of each fact, so reading a lift's sets never visits the table.
CREATE INDEX IF NOT EXISTS facts_by_activity
    ON facts(domain, activity, measure, date, record_id, item, value, unit, whole);
CREATE INDEX IF NOT EXISTS records_by_date ON records(date, timestamp);
CREATE INDEX IF NOT EXISTS entries_by_date ON entries(date);
CREATE INDEX IF NOT EXISTS entries_spaceless ON entries(date) WHERE spaceless = 1;
-- The few records with a clause the reader left out, which every computed answer names:
-- its WHERE is `LEFT_OUT_TERM`, word for word, or questions would not use it.
CREATE INDEX IF NOT EXISTS records_left_out ON records(date)
    WHERE instr(json, 'left out (') > 0;
";

/// How a record with a clause left out is found (`crate::offline::read::LEFT_OUT` in its
/// stored form), written as the partial index `records_left_out` of [`LATE_INDEXES`] is.
const LEFT_OUT_TERM: &str = "instr(json, 'left out (') > 0";

/// How many pages the write-ahead log holds before SQLite copies them into the file
/// (SQLite's default), and while a rebuild fills emptied tables: copied less often, a page
/// written by many of a rebuild's commits is copied once, not once per commit.
///
/// While a rebuild fills emptied tables, foreign keys are off too: every note's records are
/// written once, after their old rows are deleted by hand, so checking each fact's record
/// (a lookup per fact) finds nothing to enforce.
const USUAL_PRAGMAS: &str = "PRAGMA wal_autocheckpoint = 1000; PRAGMA foreign_keys = ON;";
const REBUILD_PRAGMAS: &str = "PRAGMA wal_autocheckpoint = 10000; PRAGMA foreign_keys = OFF;";

/// The records database of one vault.
#[derive(Debug)]
pub struct RecordDb {
    path: PathBuf,
    conn: Mutex<Connection>,
    /// Full-text index changes of the open batch, applied just before it commits (see
    /// [`fts::FtsDue`]). Locked only while `conn` is held.
    fts_due: Mutex<fts::FtsDue>,
    /// True when the file was created (or rebuilt) on open: nothing parsed is in it yet.
    pub fresh: bool,
    /// Set while the tables are empty and [`LATE_INDEXES`] wait for the first pass to fill
    /// them (see [`RecordDb::finish_rebuild`]).
    late_indexes_due: std::sync::atomic::AtomicBool,
    /// The thread making [`LATE_INDEXES`] on a connection of its own, while this one reads.
    late_indexes: Mutex<Option<std::thread::JoinHandle<rusqlite::Result<()>>>>,
}

impl RecordDb {
    /// Opens (or creates, or rebuilds) the database at `path`.
    pub fn open(path: &Path) -> Result<RecordDb> {
        let err = |e| data_error(path, e);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
        }
        let existed = path.exists();
        let version = existed
            .then(|| {
                connect(path)
                    .and_then(|c| c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)))
            })
            .transpose();
        // Busy is another program writing it, not damage: never a reason to rebuild.
        let version = match version {
            Err(e) if is_busy(&e) => return Err(err(e)),
            v => v,
        };
        let usable = version.is_ok_and(|v| v == Some(SCHEMA_VERSION));
        if existed && !usable {
            tracing::info!("{}: rebuilt (older or damaged)", path.display());
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
            }
        }
        let conn = connect(path).map_err(err)?;
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA cache_size = -32000; PRAGMA temp_store = MEMORY;",
        )
        .map_err(err)?;
        if usable {
            conn.execute_batch(LATE_INDEXES).map_err(err)?;
        } else {
            conn.execute_batch(SCHEMA).map_err(err)?;
            conn.pragma_update(None, "user_version", SCHEMA_VERSION)
                .map_err(err)?;
            conn.execute_batch(REBUILD_PRAGMAS).map_err(err)?;
        }
        conn.execute_batch(dated::DATED_SCHEMA).map_err(err)?;
        conn.execute_batch(reader::READER_SCHEMA).map_err(err)?;
        Ok(RecordDb {
            path: path.to_path_buf(),
            conn: Mutex::new(conn),
            fts_due: Mutex::new(fts::FtsDue::default()),
            fresh: !usable,
            late_indexes_due: (!usable).into(),
            late_indexes: Mutex::new(None),
        })
    }

    /// Starts making the indexes a rebuild left for the end ([`LATE_INDEXES`]), once the
    /// pass that filled the emptied tables stored everything; nothing to do otherwise. They
    /// are made on a second connection, on a thread of its own: reading every record for
    /// the Observer ([`RecordDb::between`]) goes on meanwhile (a reader never waits for
    /// the writer in WAL mode), and every other use of the database waits for them first
    /// ([`RecordDb::finish_indexing`]).
    pub fn finish_rebuild(&self) -> Result<()> {
        use std::sync::atomic::Ordering;
        if !self.late_indexes_due.swap(false, Ordering::SeqCst) {
            return Ok(());
        }
        self.conn
            .lock()
            .expect("db lock")
            .execute_batch(USUAL_PRAGMAS)
            .map_err(|e| self.error(e))?;
        let path = self.path.clone();
        let build = std::thread::spawn(move || {
            let conn = connect(&path)?;
            // Temp files on disk: the sorter of each index keeps a cache's worth of rows in
            // memory and spills the rest to them (in memory, the whole index of a large
            // vault was sorted there: 94 MB for 100,000 notes).
            conn.execute_batch(
                "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32000; PRAGMA temp_store = FILE;",
            )?;
            conn.execute_batch(LATE_INDEXES)
        });
        *self.late_indexes.lock().expect("late lock") = Some(build);
        Ok(())
    }

    /// Waits until the indexes [`RecordDb::finish_rebuild`] started are made. Should their
    /// thread fail, the next open makes them (they are made on every open).
    pub fn finish_indexing(&self) -> Result<()> {
        let Some(build) = self.late_indexes.lock().expect("late lock").take() else {
            return Ok(());
        };
        match build.join() {
            Ok(made) => made.map_err(|e| self.error(e)),
            Err(panic) => std::panic::resume_unwind(panic),
        }
    }

    /// The connection, once the indexes being made are done (see
    /// [`RecordDb::finish_rebuild`]); a failure to make them is logged, not passed on:
    /// queries are right without them, only slower.
    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        if let Err(e) = self.finish_indexing() {
            tracing::warn!("{e}");
        }
        self.conn.lock().expect("db lock")
    }

    fn error(&self, e: rusqlite::Error) -> Error {
        data_error(&self.path, e)
    }

    /// Opens a transaction that the following writes join until [`RecordDb::commit`]
    /// (a pass stores many notes; one commit for them all is many times faster).
    pub fn begin(&self) -> Result<()> {
        let conn = self.conn();
        if conn.is_autocommit() {
            // IMMEDIATE: the write lock is waited for now (see [`BUSY_WAIT`]), not found
            // taken at the first write, when SQLite could only give up.
            conn.execute_batch("BEGIN IMMEDIATE")
                .map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    /// Commits the transaction opened by [`RecordDb::begin`], if any.
    pub fn commit(&self) -> Result<()> {
        let conn = self.conn();
        if !conn.is_autocommit() {
            self.apply_fts(&conn).map_err(|e| self.error(e))?;
            conn.execute_batch("COMMIT").map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    /// Drops the transaction opened by [`RecordDb::begin`], if any.
    pub fn rollback(&self) -> Result<()> {
        let conn = self.conn();
        self.fts_due.lock().expect("fts lock").clear();
        if !conn.is_autocommit() {
            conn.execute_batch("ROLLBACK").map_err(|e| self.error(e))?;
        }
        Ok(())
    }

    /// Runs `write` in a transaction of its own, or inside the batch opened by
    /// [`RecordDb::begin`] without a savepoint: FTS5 flushes its pending index at every
    /// savepoint release, which made a pass several times slower.
    fn write_all(&self, write: impl FnOnce(&Connection) -> rusqlite::Result<()>) -> Result<()> {
        let mut conn = self.conn();
        if conn.is_autocommit() {
            let tx = conn
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(|e| self.error(e))?;
            let written = write(&tx).and_then(|()| self.apply_fts(&tx));
            if let Err(e) = written {
                self.fts_due.lock().expect("fts lock").clear();
                return Err(self.error(e));
            }
            tx.commit().map_err(|e| self.error(e))
        } else {
            write(&conn).map_err(|e| self.error(e))
        }
    }

    /// Replaces every record of `source` with `records`, all or nothing.
    pub fn replace_source(&self, source: &str, records: &[ParsedRecord]) -> Result<()> {
        self.replace_source_encoded(source, records, Vec::new())
    }

    /// Like [`RecordDb::replace_source`], with the stored form of some records worked out
    /// already (`encoded[i]` for `records[i]`; missing or `None`: encoded here).
    pub fn replace_source_encoded(
        &self,
        source: &str,
        records: &[ParsedRecord],
        mut encoded: Vec<Option<Encoded>>,
    ) -> Result<()> {
        encoded.resize(records.len(), None);
        self.write_all(|tx| {
            let before = vocabulary::held(tx, source)?;
            tx.prepare_cached(
                "DELETE FROM facts WHERE record_id IN (SELECT id FROM records WHERE source = ?1)",
            )?
            .execute([source])?;
            tx.prepare_cached(
                "DELETE FROM lift_sets WHERE record_id IN (SELECT id FROM records WHERE source = ?1)",
            )?
            .execute([source])?;
            tx.prepare_cached("DELETE FROM records WHERE source = ?1")?
                .execute([source])?;
            let mut domains = Vec::with_capacity(records.len());
            for (r, done) in records.iter().zip(encoded) {
                let encoded = done.unwrap_or_else(|| Encoded::of(r));
                encoded::insert(tx, r, source, &encoded)?;
                domains.push(encoded.domains);
            }
            let after = vocabulary::count(source, domains.iter().map(String::as_str));
            vocabulary::apply(tx, &before, &after)
        })
    }

    /// Replaces one record (found by its id) and its facts, e.g. after a correction.
    pub fn upsert(&self, r: &ParsedRecord) -> Result<()> {
        let mut conn = self.conn();
        let tx = conn.savepoint().map_err(|e| self.error(e))?;
        put_record(&tx, r).map_err(|e| self.error(e))?;
        tx.commit().map_err(|e| self.error(e))
    }

    /// Records dated within `start..=end`, oldest first (by date, time, note, id). Runs
    /// while a rebuild's late indexes are made (see [`RecordDb::finish_rebuild`]). The
    /// rows are sorted once decoded: SQLite sorting them carried every row's JSON through
    /// its sorter (the Observer reads every record after each pass that changed any).
    pub fn between(&self, start: NaiveDate, end: NaiveDate) -> Result<Vec<ParsedRecord>> {
        let mut records = self.query_on(
            self.conn.lock().expect("db lock"),
            "SELECT json FROM records WHERE date BETWEEN ?1 AND ?2",
            params![start.to_string(), end.to_string()],
        )?;
        records.sort_unstable_by(|a, b| {
            (a.date, &a.timestamp, &a.source_file, &a.id).cmp(&(
                b.date,
                &b.timestamp,
                &b.source_file,
                &b.id,
            ))
        });
        Ok(records)
    }

    /// Records dated within `start..=end`, given to `each` a batch of at most `size` at a
    /// time, in no particular order: every record of a large vault without holding them
    /// all (the Observer's history). Runs while a rebuild's late indexes are made, like
    /// [`RecordDb::between`]; the database is free again while `each` works.
    pub fn between_in_batches(
        &self,
        (start, end): (NaiveDate, NaiveDate),
        size: usize,
        mut each: impl FnMut(&[ParsedRecord]),
    ) -> Result<()> {
        let (start, end) = (start.to_string(), end.to_string());
        let mut after = i64::MIN;
        loop {
            // In rowid order through the table itself: no sort, and each batch starts where
            // the last one ended.
            let conn = self.conn.lock().expect("db lock");
            let rows: Vec<(i64, String)> = {
                let mut stmt = conn
                    .prepare_cached(
                        "SELECT rowid, json FROM records NOT INDEXED
                         WHERE rowid > ?1 AND date BETWEEN ?2 AND ?3 ORDER BY rowid LIMIT ?4",
                    )
                    .map_err(|e| self.error(e))?;
                let rows = stmt
                    .query_map(params![after, start, end, size as i64], |r| {
                        Ok((r.get(0)?, r.get(1)?))
                    })
                    .map_err(|e| self.error(e))?;
                rows.collect::<rusqlite::Result<_>>()
                    .map_err(|e| self.error(e))?
            };
            drop(conn);
            let Some((last, _)) = rows.last() else {
                return Ok(());
            };
            after = *last;
            let full = rows.len() == size;
            each(&self.decode(rows.into_iter().map(|(_, json)| json).collect()));
            if !full {
                return Ok(());
            }
        }
    }

    /// Records dated within `start..=end` holding data of one of `domains`, oldest first.
    pub fn between_in(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        domains: &[&str],
    ) -> Result<Vec<ParsedRecord>> {
        let any: Vec<String> = domains
            .iter()
            .map(|d| format!("instr(domains, '|{}|') > 0", d.replace('\'', "")))
            .collect();
        let sql = format!(
            "SELECT json FROM records WHERE date BETWEEN ?1 AND ?2 AND ({}) ORDER BY date, timestamp, source, id",
            if any.is_empty() { "0".to_string() } else { any.join(" OR ") }
        );
        self.query(&sql, params![start.to_string(), end.to_string()])
    }

    /// The field names and short text values of every record with rows (see
    /// [`encoded::ROWS`]), compared forms, and the words of their notes' paths
    /// (`Filme/Filme 2023.md`: `filme`), as the `vocabulary` table keeps them.
    pub fn row_vocabulary(&self) -> Result<RowVocabulary> {
        let conn = self.conn.lock().expect("db lock");
        let terms = vocabulary::all(&conn).map_err(|e| self.error(e))?;
        let mut out = RowVocabulary::default();
        for (kind, term) in terms {
            let set = if vocabulary::is_name(&kind) {
                &mut out.names
            } else if vocabulary::is_value(&kind) {
                &mut out.values
            } else {
                &mut out.notes
            };
            set.insert(term);
        }
        Ok(out)
    }

    /// Records dated within `start..=end` that note a clause the reader left out, oldest
    /// first: read through the partial index `records_left_out`, not by searching every
    /// record's stored form.
    pub fn left_out(&self, start: NaiveDate, end: NaiveDate) -> Result<Vec<ParsedRecord>> {
        self.query(
            &format!(
                "SELECT json FROM records WHERE date BETWEEN ?1 AND ?2 AND {LEFT_OUT_TERM}
                 ORDER BY date, timestamp, source, id"
            ),
            params![start.to_string(), end.to_string()],
        )
    }

    /// Records dated within `start..=end` with a fact of this (domain, activity, measure),
    /// oldest first.
    pub fn with_fact(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        (domain, activity, measure): (&str, &str, &str),
    ) -> Result<Vec<ParsedRecord>> {
        self.query(
            "SELECT json FROM records WHERE id IN (
                SELECT record_id FROM facts
                WHERE date BETWEEN ?1 AND ?2 AND domain = ?3 AND activity = ?4 AND measure = ?5
             ) ORDER BY date, timestamp, source, id",
            params![
                start.to_string(),
                end.to_string(),
                domain,
                activity,
                measure
            ],
        )
    }

    /// Records dated within `start..=end` with any fact of `domain` (`facts::MEASURES`:
    /// a generic measure), oldest first.
    pub fn with_facts_of(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        domain: &str,
    ) -> Result<Vec<ParsedRecord>> {
        self.query(
            "SELECT json FROM records WHERE id IN (
                SELECT record_id FROM facts WHERE domain = ?3 AND date BETWEEN ?1 AND ?2
             ) ORDER BY date, timestamp, source, id",
            params![start.to_string(), end.to_string(), domain],
        )
    }

    /// Every record of one note.
    pub fn of_source(&self, source: &str) -> Result<Vec<ParsedRecord>> {
        self.query(
            "SELECT json FROM records WHERE source = ?1 ORDER BY date, timestamp, id",
            params![source],
        )
    }

    /// The span of dates holding records.
    pub fn span(&self) -> Result<Option<(NaiveDate, NaiveDate)>> {
        let conn = self.conn();
        let row: Option<(Option<String>, Option<String>)> = conn
            .query_row("SELECT MIN(date), MAX(date) FROM records", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()
            .map_err(|e| self.error(e))?;
        let parse = |s: Option<String>| s.as_deref().and_then(stored_day);
        Ok(row.and_then(|(a, b)| Some((parse(a)?, parse(b)?))))
    }

    /// Deletes every record (before a rebuild).
    pub fn clear(&self) -> Result<()> {
        let conn = self.conn();
        self.fts_due.lock().expect("fts lock").clear();
        if !conn.is_autocommit() {
            // Inside a batch: emptied row by row, with the rest of the batch.
            return conn
                .execute_batch(
                    "DELETE FROM facts; DELETE FROM lift_sets; DELETE FROM records; INSERT INTO entries_fts(entries_fts) VALUES('delete-all'); DELETE FROM entries; DELETE FROM awaiting; DELETE FROM vocabulary;",
                )
                .map_err(|e| self.error(e));
        }
        // Dropping the tables and making them anew frees their pages at once: deleting the
        // rows kept every index up to date row by row (a tenth of a reindex). Foreign keys
        // are off meanwhile, or dropping `records` would first delete its rows one by one.
        let rebuild = format!(
            "PRAGMA foreign_keys = OFF; BEGIN; DROP TABLE entries_fts; DROP TABLE facts; DROP TABLE lift_sets; DROP TABLE records; DROP TABLE entries; DROP TABLE awaiting; DROP TABLE vocabulary; {SCHEMA} COMMIT;"
        );
        let done = conn.execute_batch(&rebuild);
        self.late_indexes_due
            .store(done.is_ok(), std::sync::atomic::Ordering::SeqCst);
        if done.is_err() && !conn.is_autocommit() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        let pragmas = if done.is_ok() {
            REBUILD_PRAGMAS
        } else {
            USUAL_PRAGMAS
        };
        done.and(conn.execute_batch(pragmas))
            .map_err(|e| self.error(e))
    }

    fn query(&self, sql: &str, args: impl rusqlite::Params) -> Result<Vec<ParsedRecord>> {
        self.query_on(self.conn(), sql, args)
    }

    fn query_on(
        &self,
        conn: std::sync::MutexGuard<'_, Connection>,
        sql: &str,
        args: impl rusqlite::Params,
    ) -> Result<Vec<ParsedRecord>> {
        let jsons: Vec<String> = {
            let mut stmt = conn.prepare_cached(sql).map_err(|e| self.error(e))?;
            let rows = stmt
                .query_map(args, |r| r.get::<_, String>(0))
                .map_err(|e| self.error(e))?;
            rows.collect::<rusqlite::Result<_>>()
                .map_err(|e| self.error(e))?
        };
        drop(conn);
        Ok(self.decode(jsons))
    }

    /// Decodes stored records, in order; one that cannot be read is left out with a warning.
    fn decode(&self, jsons: Vec<String>) -> Vec<ParsedRecord> {
        // Decoding is most of reading many records (an all-time question, the Observer):
        // done on every core, in order, after the database is free again.
        let decoded: Vec<serde_json::Result<ParsedRecord>> = jsons
            .par_iter()
            .map(|json| serde_json::from_str(json))
            .collect();
        let mut out = Vec::with_capacity(decoded.len());
        for record in decoded {
            match record {
                Ok(r) => out.push(r),
                Err(e) => {
                    tracing::warn!("{}: a record could not be read ({e})", self.path.display())
                }
            }
        }
        out
    }

    /// Every kind of fact held, once, for saying which names a filter could have used.
    pub fn fact_kinds(&self) -> Result<Vec<FactKind>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT DISTINCT domain, activity, measure, unit FROM facts ORDER BY domain, activity, measure",
            )
            .map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map([], |r| {
                Ok(FactKind {
                    domain: r.get(0)?,
                    activity: r.get(1)?,
                    measure: r.get(2)?,
                    unit: r.get(3)?,
                })
            })
            .map_err(|e| self.error(e))?;
        rows.collect::<std::result::Result<_, _>>()
            .map_err(|e| self.error(e))
    }

    /// The flattened facts for `export`, oldest first, optionally of one domain and period.
    pub fn facts(
        &self,
        domain: Option<&str>,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> Result<Vec<ExportRow>> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare(
                "SELECT f.date, r.timestamp, r.source, r.id, f.domain, f.activity, f.measure, f.value, f.unit, f.doubtful, r.parser
                 FROM facts f JOIN records r ON r.id = f.record_id
                 WHERE (?1 IS NULL OR f.domain = ?1) AND (?2 IS NULL OR f.date >= ?2) AND (?3 IS NULL OR f.date <= ?3)
                 ORDER BY f.date, r.timestamp, r.source, r.id",
            )
            .map_err(|e| self.error(e))?;
        let rows = stmt
            .query_map(
                params![
                    domain,
                    from.map(|d| d.to_string()),
                    to.map(|d| d.to_string())
                ],
                |r| {
                    Ok(ExportRow {
                        date: r.get(0)?,
                        time: r.get(1)?,
                        note: r.get(2)?,
                        entry: r.get(3)?,
                        fact: Fact {
                            domain: r.get(4)?,
                            activity: r.get(5)?,
                            measure: r.get(6)?,
                            value: r.get(7)?,
                            unit: r.get(8)?,
                            doubtful: r.get::<_, i64>(9)? != 0,
                            item: 0,
                            whole: false,
                        },
                        source: r.get(10)?,
                    })
                },
            )
            .map_err(|e| self.error(e))?;
        rows.collect::<std::result::Result<_, _>>()
            .map_err(|e| self.error(e))
    }
}

impl Drop for RecordDb {
    /// A program that ends right after a rebuild still leaves its indexes made.
    fn drop(&mut self) {
        if let Err(e) = self.finish_indexing() {
            tracing::warn!("{e}");
        }
    }
}

/// A day as stored (`2026-11-01`), read without chrono's general parser.
pub(super) fn stored_day(text: &str) -> Option<NaiveDate> {
    let b = text.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = text.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return text.parse().ok();
    }
    NaiveDate::from_ymd_opt(digits(0..4)? as i32, digits(5..7)?, digits(8..10)?)
}

/// A kind of fact some record holds (see [`RecordDb::fact_kinds`]).
#[derive(Debug, Clone, PartialEq)]
pub struct FactKind {
    pub domain: String,
    pub activity: String,
    pub measure: String,
    pub unit: Option<String>,
}

/// One exported fact: a measure of an activity on a day, with where it came from.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ExportRow {
    pub date: String,
    pub time: Option<String>,
    pub note: String,
    pub entry: String,
    #[serde(flatten)]
    pub fact: Fact,
    /// Which parser read it (`offline-rules` or a model).
    pub source: String,
}

/// Writes one record and its facts in place of the record with the same id.
fn put_record(tx: &Connection, r: &ParsedRecord) -> rusqlite::Result<()> {
    let before = vocabulary::held(tx, &r.source_file)?;
    tx.execute("DELETE FROM facts WHERE record_id = ?1", [&r.id])?;
    tx.execute("DELETE FROM lift_sets WHERE record_id = ?1", [&r.id])?;
    encoded::insert(tx, r, &r.source_file, &Encoded::of(r))?;
    let after = vocabulary::held(tx, &r.source_file)?;
    vocabulary::apply(tx, &before, &after)
}

/// How long a program waits for another one writing the index (a long pass, a `reindex`)
/// before it says the index is busy.
const BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// A connection to the index that waits up to [`BUSY_WAIT`] for other writers.
fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(BUSY_WAIT)?;
    Ok(conn)
}

/// Whether SQLite gave up waiting for another program's lock on the database.
fn is_busy(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode::{DatabaseBusy, DatabaseLocked};
    matches!(e.sqlite_error_code(), Some(DatabaseBusy | DatabaseLocked))
}

/// A database error, naming the file and what to do.
fn data_error(path: &Path, e: rusqlite::Error) -> Error {
    use rusqlite::ErrorCode::{DiskFull, SystemIoFailure};
    let full = matches!(e.sqlite_error_code(), Some(DiskFull | SystemIoFailure));
    let what_to_do = if full {
        "check free disk space; vault-agent stores the rest on its next run"
    } else if is_busy(&e) {
        "another vault-agent program (watch, serve, import, reindex) kept it busy for over 30 s; nothing is damaged, try again when it is done"
    } else {
        "delete it and run `vault-agent reindex`"
    };
    Error::Data {
        path: path.to_path_buf(),
        message: format!("{e}; {what_to_do}"),
    }
}
