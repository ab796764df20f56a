//! The Store: the only way agents read and write the vault (seed 004 §16.2): entries by
//! date range, by glob, by keyword search; saving parsed data; the global context.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Component, Path};
use std::sync::Arc;

use chrono::NaiveDate;
use globset::GlobBuilder;
use grep_regex::RegexMatcherBuilder;
use grep_searcher::{sinks, BinaryDetection, SearcherBuilder};
use rayon::prelude::*;
use regex::{Regex, RegexBuilder};

use super::context::{read_context, write_context};
use super::db::{without_zero_width, Dated, Encoded, RecordDb};
use super::entry::{entries_dated, Entry};
use super::frontmatter::Frontmatter;
use super::ignore::IgnoreRules;
use super::index::{date_note, modified_day, DateIndex, DateSource, Dating, NoteMeta};
use super::note::Note;
use super::parsed::{DayFile, ParsedRecord};
use super::read::{read_persons_note, SkipReason};
use super::scan::{scan, NoteFile, Skipped};
use crate::config::Config;
use crate::error::{Error, Result};

/// How many records [`Store::records_in_batches`] decodes at a time (about 2 KB each once
/// decoded): few enough to keep memory flat, enough that each batch's query costs little.
const RECORD_BATCH: usize = 4096;

/// A keyword search: each group is a set of alternatives (a word and its vocabulary
/// expansions); `match_all` requires every group to hit an entry.
#[derive(Debug, Clone, Default)]
pub struct KeywordSearch {
    pub groups: Vec<Vec<String>>,
    pub match_all: bool,
    pub range: Option<(NaiveDate, NaiveDate)>,
}

/// Read/write access to one vault.
#[derive(Debug)]
pub struct Store {
    config: Arc<Config>,
    rules: IgnoreRules,
    index: DateIndex,
    records: RecordDb,
    /// When the scan made on opening was made and what it skipped, until
    /// [`Store::take_opening_scan`] takes it.
    opening_scan: Option<(std::time::Instant, Vec<Skipped>)>,
}

/// How long the scan made on opening can stand for a pass's own (see
/// [`Store::take_opening_scan`]).
const FRESH_SCAN: std::time::Duration = std::time::Duration::from_secs(1);

impl Store {
    /// Opens the records database, scans the vault and builds the date index. What the
    /// scan skipped is kept for a pass that takes this scan as its own (see
    /// [`Store::take_opening_scan`]); any other pass scans and reports anew.
    pub fn open(config: Arc<Config>) -> Result<Store> {
        let rules = IgnoreRules::load(&config);
        let records = RecordDb::open(&config.agent_dir().join("index.db"))?;
        let mut store = Store {
            config,
            rules,
            index: DateIndex::default(),
            records,
            opening_scan: None,
        };
        let (skipped, temp_files) = crate::blocking::blocking(|| store.rescan_now());
        store.opening_scan = Some((std::time::Instant::now(), skipped));
        // Opened under the vault's write lock, and every write to a note holds it: these
        // temp files were left by a program killed mid-write, never one writing now.
        super::atomic::remove_temp_files(&temp_files);
        super::atomic::remove_stale_temp_files(&store.config.agent_dir());
        Ok(store)
    }

    /// True when the records database was just created or rebuilt (nothing parsed in it).
    pub fn records_are_new(&self) -> bool {
        self.records.fresh
    }

    /// Deletes every parsed record (before `reindex`).
    pub fn clear_records(&self) -> Result<()> {
        self.records.clear()
    }

    /// Makes the indexes a rebuild (or a new index.db) leaves until its first pass stored
    /// everything (see [`RecordDb::finish_rebuild`]).
    pub fn finish_rebuild(&self) -> Result<()> {
        self.records.finish_rebuild()
    }

    /// The records database (for `export`).
    pub fn record_db(&self) -> &RecordDb {
        &self.records
    }

    /// Rebuilds the index from disk (off the async runtime's threads, see
    /// [`crate::blocking`]).
    pub fn rescan(&mut self) -> Vec<Skipped> {
        self.opening_scan = None;
        crate::blocking::blocking(|| self.rescan_now()).0
    }

    /// What the scan made on opening skipped, when it was made less than [`FRESH_SCAN`]
    /// ago and no scan came since: a command that opens the store and starts its pass at
    /// once takes it as the pass's own (walking 10,000 notes a second time cost a tenth of
    /// a `reindex`).
    pub fn take_opening_scan(&mut self) -> Option<Vec<Skipped>> {
        self.opening_scan
            .take()
            .filter(|(at, _)| at.elapsed() < FRESH_SCAN)
            .map(|(_, skipped)| skipped)
    }

    /// Rescans; returns what was skipped and the temp files of our writes found.
    fn rescan_now(&mut self) -> (Vec<Skipped>, Vec<std::path::PathBuf>) {
        // Dating a note that is not a daily note reads its head (frontmatter, headings),
        // unless it was dated at the same stamp before: how each was dated is read from the
        // index while the folders are walked, then the notes are dated in parallel and
        // indexed in the order found.
        let key = dating_key(&self.config);
        let (found, known) = std::thread::scope(|scope| {
            let known = scope.spawn(|| self.records.dated_notes(&key));
            let found = scan(&self.config.vault, &self.rules);
            (found, known.join())
        });
        let known = match known {
            Ok(known) => known.unwrap_or_else(|e| {
                tracing::debug!("notes dated before not read: {e}");
                Default::default()
            }),
            Err(panic) => std::panic::resume_unwind(panic),
        };
        let metas: Vec<(NoteMeta, bool)> = found
            .notes
            .into_par_iter()
            .map(|file| match known.get(&file.rel) {
                Some(d) if Some(d.stamp) == file.stamp => (remembered(file, d), false),
                _ => (self.date_file(file), true),
            })
            .collect();
        let fresh: Vec<(&str, Dated)> = metas
            .iter()
            .filter(|(m, fresh)| *fresh && m.date_source != DateSource::DailyNote)
            .filter_map(|(m, _)| {
                let dated = Dated {
                    stamp: m.stamp?,
                    date: m.date,
                    source: m.date_source,
                    dates: m.dates.clone(),
                };
                Some((m.rel.as_str(), dated))
            })
            .collect();
        let kept: HashSet<&str> = metas
            .iter()
            .filter(|(_, fresh)| !fresh)
            .map(|(m, _)| m.rel.as_str())
            .collect();
        if !fresh.is_empty() || kept.len() < known.len() {
            if let Err(e) = self.records.remember_dated(&key, &fresh, &kept) {
                tracing::debug!("notes' dating not remembered: {e}");
            }
        }
        self.index = DateIndex::of_notes(metas.into_iter().map(|(meta, _)| meta).collect());
        (found.skipped, found.temp_files)
    }

    /// Re-reads one note's place in the index (or removes it when gone or ignored).
    /// Returns `false` when `rel` is not a note.
    pub fn refresh(&mut self, rel: &str) -> bool {
        let now = std::time::SystemTime::now();
        let abs = self.config.vault.join(rel);
        let meta = match std::fs::metadata(&abs) {
            Ok(meta) if meta.is_file() && !self.rules.skips_file(rel) => meta,
            _ => {
                self.index.remove(rel);
                return false;
            }
        };
        let real = abs.canonicalize().unwrap_or(abs);
        let hidden = super::scan::relative(&self.config.vault, &real)
            .is_none_or(|target| super::scan::is_hidden(&target));
        if hidden || super::conflict::copy_of(&self.config.vault, rel).is_some() {
            self.index.remove(rel);
            return false;
        }
        let file = NoteFile {
            rel: rel.to_string(),
            abs: real,
            size: meta.len(),
            mtime: meta.modified().unwrap_or(std::time::SystemTime::UNIX_EPOCH),
            stamp: super::stamp::Stamp::of(&meta, now),
            linked: false,
        };
        let meta = self.date_file(file);
        self.index.upsert(meta);
        true
    }

    fn date_file(&self, file: NoteFile) -> NoteMeta {
        let daily = &self.config.obsidian.daily;
        // A daily note is dated by its name alone (the name is read once: parsing it is
        // most of dating a vault of daily notes).
        let dating = if let Some(date) = super::index::daily_date(&file.rel, daily) {
            super::index::daily_dating(date, None)
        } else {
            let head = read_head(&file.abs);
            let frontmatter = head.as_deref().and_then(Frontmatter::find);
            let dated = frontmatter.as_ref().and_then(Frontmatter::date).is_some();
            // A note with a date of its own is read whole only when it may hold headings
            // that date its entries otherwise.
            let whole = head
                .as_deref()
                .is_some_and(|h| h.len() as u64 >= file.size && !h.contains("\n#"));
            let body = (!(dated && whole) && file.size <= self.config.max_note_bytes)
                .then(|| std::fs::read_to_string(&file.abs).ok())
                .flatten();
            date_note(&file.rel, daily, frontmatter.as_ref(), body.as_deref())
        };
        NoteMeta {
            date: dating
                .date
                .or_else(|| dating.dates().first().copied())
                .unwrap_or_else(|| modified_day(file.mtime)),
            dates: dating.dates(),
            date_source: dating.source,
            rel: file.rel,
            abs: file.abs,
            size: file.size,
            mtime: file.mtime,
            stamp: file.stamp,
        }
    }

    /// How the entries of a loaded note are dated.
    pub fn dating(&self, meta: &NoteMeta, note: &Note) -> Dating {
        note_dating(&self.config, meta, note)
    }

    /// The configuration this store was opened with.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The same configuration, shared (for work that outlives a borrow of the store).
    pub fn shared_config(&self) -> Arc<Config> {
        Arc::clone(&self.config)
    }

    /// The ignore rules in force.
    pub fn rules(&self) -> &IgnoreRules {
        &self.rules
    }

    /// The date index.
    pub fn index(&self) -> &DateIndex {
        &self.index
    }

    /// Reads and parses a note.
    pub fn load_note(&self, meta: &NoteMeta) -> Result<Note, SkipReason> {
        read_persons_note(&meta.abs, self.config.max_note_bytes).map(Note::parse)
    }

    /// A note's entries; unreadable notes have none (they are reported by the scan).
    pub fn entries_of(&self, meta: &NoteMeta) -> Vec<Entry> {
        match self.load_note(meta) {
            Ok(note) => entries_dated(&note, &meta.rel, &self.dating(meta, &note), meta.date),
            Err(_) => Vec::new(),
        }
    }

    /// Whether a log entry dated within `start..=end` may be held: `false` only when the
    /// index holds entries and none of them is such.
    pub fn holds_logs_between(&self, start: NaiveDate, end: NaiveDate) -> bool {
        match self.records.has_entries() {
            Ok(true) => self.records.holds_logs_between(start, end).unwrap_or(true),
            _ => true,
        }
    }

    /// All entries dated within `start..=end`, oldest first.
    pub fn entries_by_date_range(&self, start: NaiveDate, end: NaiveDate) -> Vec<Entry> {
        self.index
            .in_range(start, end)
            .into_iter()
            .flat_map(|meta| self.entries_of(meta))
            .filter(|e| e.log && (start..=end).contains(&e.date))
            .collect()
    }

    /// All entries of notes whose vault-relative path matches `pattern`. Patterns that
    /// reach outside the vault are refused.
    pub fn entries_by_glob(&self, pattern: &str) -> Result<Vec<Entry>> {
        let p = Path::new(pattern);
        if p.is_absolute()
            || pattern.starts_with('/')
            || p.components().any(|c| matches!(c, Component::ParentDir))
        {
            return Err(Error::OutsideVault(pattern.to_string()));
        }
        let glob = GlobBuilder::new(pattern)
            .literal_separator(true)
            .build()
            .map_err(|e| Error::Glob {
                pattern: pattern.to_string(),
                message: e.to_string(),
            })?
            .compile_matcher();
        let mut metas: Vec<_> = self
            .index
            .all()
            .into_iter()
            .filter(|m| glob.is_match(&m.rel))
            .collect();
        metas.sort_by_key(|m| (m.date, m.rel.clone()));
        Ok(metas.into_iter().flat_map(|m| self.entries_of(m)).collect())
    }

    /// Entries containing the keywords (Unicode case-insensitive; whole words with their
    /// plural in spaced scripts, anywhere inside words in Hangul, kana and ideographs;
    /// zero-width characters ignored), optionally within a date range, ranked: more
    /// matched terms, then log entries over reference notes, then the most recent.
    /// Candidates come from index.db's full-text index; before any pass filled it, from a
    /// scan of the note files (grep-searcher; binary files are skipped). Runs off the
    /// async runtime's threads (see [`crate::blocking`]).
    pub fn search(&self, query: &KeywordSearch) -> Result<Vec<Entry>> {
        crate::blocking::blocking(|| self.search_within(query, None))
    }

    /// Like [`Store::search`], ranking only the `n` most recent candidates from the index
    /// (for the few other entries shown beside a computed answer).
    pub fn search_newest(&self, query: &KeywordSearch, n: usize) -> Result<Vec<Entry>> {
        crate::blocking::blocking(|| self.search_within(query, Some(n)))
    }

    fn search_within(&self, query: &KeywordSearch, newest: Option<usize>) -> Result<Vec<Entry>> {
        let groups: Vec<Vec<String>> = query
            .groups
            .iter()
            .map(|g| {
                g.iter()
                    .filter(|t| !t.trim().is_empty())
                    .cloned()
                    .collect::<Vec<_>>()
            })
            .filter(|g| !g.is_empty())
            .collect();
        if groups.is_empty() {
            return Ok(Vec::new());
        }
        let all_terms: Vec<&String> = groups.iter().flatten().collect();
        let group_res: Vec<Regex> = groups
            .iter()
            .map(|g| {
                RegexBuilder::new(&term_pattern(g.iter().map(String::as_str)))
                    .case_insensitive(true)
                    .build()
                    .expect("escaped terms form a valid regex")
            })
            .collect();
        if self.records.has_entries()? {
            let (inside, words): (Vec<String>, Vec<String>) = all_terms
                .iter()
                .map(|t| t.trim().to_string())
                .partition(|t| {
                    let spaceless = |c: Option<char>| c.is_some_and(crate::domains::is_spaceless);
                    spaceless(t.chars().next()) || spaceless(t.chars().next_back())
                });
            let candidates = self
                .records
                .entries_matching(&words, &inside, query.range, newest)?;
            return Ok(rank(candidates, &group_res, query.match_all));
        }
        // Only a scan of the files needs the grep matcher (costly to build for many terms).
        let any_pattern = term_pattern(all_terms.iter().map(|s| s.as_str()));
        let matcher = RegexMatcherBuilder::new()
            .case_insensitive(true)
            .line_terminator(Some(b'\n'))
            .build(&any_pattern)
            .map_err(|e| Error::Glob {
                pattern: any_pattern.clone(),
                message: e.to_string(),
            })?;
        let mut searcher = SearcherBuilder::new()
            .binary_detection(BinaryDetection::quit(b'\x00'))
            .line_number(true)
            .build();
        let candidates: Vec<&NoteMeta> = match query.range {
            Some((start, end)) => self.index.in_range(start, end),
            None => {
                let mut all = self.index.all();
                all.sort_by_key(|m| (m.date, m.rel.clone()));
                all
            }
        };
        let mut found = Vec::new();
        for meta in candidates {
            if meta.size > self.config.max_note_bytes {
                continue;
            }
            // A note's title is part of what it is about ("my marathon plan").
            let title = super::index::stem(&meta.rel);
            let mut hit = group_res.iter().any(|re| re.is_match(title));
            let searched = searcher.search_path(
                &matcher,
                &meta.abs,
                sinks::Bytes(|_, _| {
                    hit = true;
                    Ok(false)
                }),
            );
            if let Err(e) = searched {
                tracing::warn!("{}: search failed ({e}); skipped", meta.rel);
                continue;
            }
            if !hit {
                continue;
            }
            found.extend(self.entries_of(meta));
        }
        Ok(rank(found, &group_res, query.match_all))
    }

    /// Stores a note's entries for search (all of them: logs and reference text).
    pub fn save_entries(&self, source: &str, entries: &[Entry]) -> Result<()> {
        self.records.replace_entries(source, entries)
    }

    /// Starts a batch of record writes (see [`RecordDb::begin`]).
    pub fn begin_writes(&self) -> Result<()> {
        self.records.begin()
    }

    /// Drops the batch of record writes (after a failed write).
    pub fn rollback_writes(&self) -> Result<()> {
        self.records.rollback()
    }

    /// Makes the batch of record writes durable.
    pub fn commit_writes(&self) -> Result<()> {
        self.records.commit()
    }

    /// Replaces the parsed records of `source`; returns the days they are on.
    pub fn save_parsed(&self, source: &str, records: Vec<ParsedRecord>) -> Result<Vec<NaiveDate>> {
        self.save_parsed_encoded(source, records, Vec::new())
    }

    /// Like [`Store::save_parsed`], with the stored form of some records worked out already
    /// (see [`RecordDb::replace_source_encoded`]).
    pub fn save_parsed_encoded(
        &self,
        source: &str,
        records: Vec<ParsedRecord>,
        encoded: Vec<Option<Encoded>>,
    ) -> Result<Vec<NaiveDate>> {
        self.records
            .replace_source_encoded(source, &records, encoded)?;
        let mut dates: Vec<NaiveDate> = records.iter().map(|r| r.date).collect();
        dates.sort();
        dates.dedup();
        Ok(dates)
    }

    /// Replaces one parsed record (a corrected one) in place.
    pub fn save_record(&self, record: &ParsedRecord) -> Result<()> {
        self.records.upsert(record)
    }

    /// The parsed records of one note.
    pub fn records_of(&self, source: &str) -> Result<Vec<ParsedRecord>> {
        self.records.of_source(source)
    }

    /// A day's parsed records.
    pub fn parsed_day(&self, date: NaiveDate) -> Result<DayFile> {
        Ok(DayFile {
            date: Some(date),
            entries: self.records.between(date, date)?,
        })
    }

    /// Parsed records dated within `start..=end`, oldest first.
    pub fn records_between(&self, start: NaiveDate, end: NaiveDate) -> Vec<ParsedRecord> {
        self.records.between(start, end).unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Vec::new()
        })
    }

    /// Parsed records dated within `start..=end` holding a generic measure, oldest first:
    /// all a question about one reads.
    pub fn records_measured(&self, start: NaiveDate, end: NaiveDate) -> Vec<ParsedRecord> {
        self.records
            .with_facts_of(start, end, super::facts::MEASURES)
            .unwrap_or_else(|e| {
                tracing::warn!("{e}");
                Vec::new()
            })
    }

    /// The per-record rows (see [`super::rows`]) of the records dated within `from..=to`
    /// (either end open), oldest first; only those of `domain` when given.
    pub fn record_rows(
        &self,
        domain: Option<&str>,
        from: Option<NaiveDate>,
        to: Option<NaiveDate>,
    ) -> Result<Vec<super::rows::RecordRow>> {
        let Some((first, last)) = self.records.span()? else {
            return Ok(Vec::new());
        };
        let (start, end) = (
            from.unwrap_or(first).max(first),
            to.unwrap_or(last).min(last),
        );
        if start > end {
            return Ok(Vec::new());
        }
        // Generic measures are no domain of a record's data: read from the records holding one.
        let records = match domain {
            Some(super::facts::MEASURES) => {
                self.records
                    .with_facts_of(start, end, super::facts::MEASURES)?
            }
            Some(d) => self.records.between_in(start, end, &[d])?,
            None => self.records.between(start, end)?,
        };
        Ok(records
            .iter()
            .flat_map(|r| super::rows::rows(r, &self.cite_record(r)))
            .filter(|row| domain.is_none_or(|d| row.domain == d))
            .collect())
    }

    /// Parsed records dated within `start..=end`, given to `each` a batch at a time in no
    /// particular order (see [`RecordDb::between_in_batches`]): what reads every record of
    /// a large vault reads them so.
    pub fn records_in_batches(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        each: impl FnMut(&[ParsedRecord]),
    ) -> Result<()> {
        self.records
            .between_in_batches((start, end), RECORD_BATCH, each)
    }

    /// Parsed records dated within `start..=end` with a clause the reader left out (a plan,
    /// someone else's numbers, a doubtful reading), oldest first.
    pub fn records_left_out(&self, start: NaiveDate, end: NaiveDate) -> Vec<ParsedRecord> {
        self.records.left_out(start, end).unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Vec::new()
        })
    }

    /// The field names and short text values of the person's rows, compared forms (see
    /// [`RecordDb::row_vocabulary`]); empty when the index cannot be read.
    pub fn row_vocabulary(&self) -> super::db::RowVocabulary {
        self.records.row_vocabulary().unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Default::default()
        })
    }

    /// Parsed records dated within `start..=end` with data of one of `domains` (the
    /// `domain_data` keys), oldest first: an all-time question reads only its own domain.
    pub fn records_in(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        domains: &[&str],
    ) -> Vec<ParsedRecord> {
        self.records
            .between_in(start, end, domains)
            .unwrap_or_else(|e| {
                tracing::warn!("{e}");
                Vec::new()
            })
    }

    /// Whether a record dated within `start..=end` holds a weighed set of the lift `name`
    /// (as [`Store::records_lifting`] would find, without reading them).
    pub fn lifts_within(&self, start: NaiveDate, end: NaiveDate, name: &str) -> bool {
        let any = if name == "unknown" {
            Ok(!self.records_lifting(start, end, name).is_empty())
        } else {
            self.records.any_lift_set(start, end, name)
        };
        any.unwrap_or_else(|e| {
            tracing::warn!("{e}");
            false
        })
    }

    /// Parsed records dated within `start..=end` that hold a weighed set of the lift `name`
    /// (those a best, a last or a count of that lift is computed from), oldest first, each
    /// holding only those sets: read back from the stored sets without decoding a record
    /// (see [`RecordDb::lift_sets`]).
    pub fn records_lifting(
        &self,
        start: NaiveDate,
        end: NaiveDate,
        name: &str,
    ) -> Vec<ParsedRecord> {
        // A set without a name is stored as `unknown`: that name is read from the records.
        let read = if name == "unknown" {
            self.records
                .with_fact(start, end, ("strength", name, "weight"))
        } else {
            self.records.lift_sets(start, end, name)
        };
        read.unwrap_or_else(|e| {
            tracing::warn!("{e}");
            Vec::new()
        })
    }

    /// A wikilink to a parsed record's entry (with `#heading` for sections).
    pub fn cite_record(&self, record: &ParsedRecord) -> String {
        let rel = &record.source_file;
        super::link::link(&self.index.link_target(rel), rel, record.heading.as_deref())
    }

    /// The global context text (empty when the file does not exist yet).
    pub fn global_context(&self) -> Result<String> {
        let path = self.config.vault.join(&self.config.global_context);
        Ok(read_context(&path)?.unwrap_or_default())
    }

    /// Replaces the global context file.
    pub fn update_global_context(&self, content: &str) -> Result<()> {
        let path = super::contain::inside(&self.config.vault, &self.config.global_context)?;
        write_context(&path, content)
    }

    /// A clickable wikilink to an entry (`[[note#heading]]` for sections).
    pub fn cite(&self, entry: &Entry) -> String {
        let rel = &entry.source;
        super::link::link(&self.index.link_target(rel), rel, entry.heading.as_deref())
    }

    /// A wikilink to a whole note.
    pub fn cite_note(&self, rel: &str) -> String {
        super::link::link(&self.index.link_target(rel), rel, None)
    }
}

/// Pattern for terms: whole words with an optional plural (`book`, `books`; not `booked`
/// or `runbook`), except at ends written in Hangul, kana or ideographs, where particles
/// attach without a space.
fn term_pattern<'a>(terms: impl Iterator<Item = &'a str>) -> String {
    let spaceless = |c: Option<char>| c.is_some_and(crate::domains::is_spaceless);
    let alternatives: Vec<String> = terms
        .filter(|t| !t.trim().is_empty())
        .map(|t| {
            let body = t
                .split_whitespace()
                .map(regex::escape)
                .collect::<Vec<_>>()
                .join(r"\s+");
            let start = if spaceless(t.trim().chars().next()) {
                ""
            } else {
                r"\b"
            };
            let end = if spaceless(t.trim().chars().next_back()) {
                ""
            } else {
                r"(?:s|es)?\b"
            };
            format!("{start}{body}{end}")
        })
        .collect();
    format!("(?:{})", alternatives.join("|"))
}

/// The candidates that match the word rules (each group a regex; all of them when
/// `match_all`), ranked: more matched terms first, then log entries over reference text,
/// then the most recent.
fn rank(candidates: Vec<Entry>, groups: &[Regex], match_all: bool) -> Vec<Entry> {
    let mut found: Vec<(usize, Entry)> = candidates
        .into_iter()
        .filter_map(|entry| {
            let text = without_zero_width(&entry.text);
            let title = super::index::stem(&entry.source);
            let hits = groups
                .iter()
                .filter(|re| re.is_match(&text) || re.is_match(title))
                .count();
            let keep = if match_all {
                hits == groups.len()
            } else {
                hits > 0
            };
            keep.then_some((hits, entry))
        })
        .collect();
    found.sort_by(|(ha, a), (hb, b)| (hb, b.log, b.date, b.time).cmp(&(ha, a.log, a.date, a.time)));
    found.into_iter().map(|(_, e)| e).collect()
}

/// What the dating of a note depends on besides its file: the day (dates are read
/// relative to today), the daily-note settings and size limit, and the program itself;
/// hashed, as every remembered dating carries it.
fn dating_key(config: &Config) -> String {
    let program = std::env::current_exe()
        .and_then(std::fs::metadata)
        .map(|m| format!("{}/{:?}", m.len(), m.modified().ok()))
        .unwrap_or_default();
    let key = format!(
        "{} {:?} {} {program}",
        chrono::Local::now().date_naive(),
        config.obsidian.daily,
        config.max_note_bytes
    );
    super::ContentHash::of(key.as_bytes()).hex()
}

/// A note's index entry from how it was dated before at the same stamp.
fn remembered(file: NoteFile, dated: &Dated) -> NoteMeta {
    NoteMeta {
        date: dated.date,
        dates: dated.dates.clone(),
        date_source: dated.source,
        rel: file.rel,
        abs: file.abs,
        size: file.size,
        mtime: file.mtime,
        stamp: file.stamp,
    }
}

/// How the entries of a loaded note are dated under `config` (see [`Store::dating`]).
pub fn note_dating(config: &Config, meta: &NoteMeta, note: &Note) -> Dating {
    date_note(
        &meta.rel,
        &config.obsidian.daily,
        note.frontmatter.as_ref(),
        Some(&note.text),
    )
}

/// The start of a note, enough to hold its frontmatter: the first 4 KB, read on (up to
/// 16 KB) only when a frontmatter opened there is not closed yet.
fn read_head(path: &Path) -> Option<String> {
    let mut file = std::fs::File::open(path).ok()?;
    let mut buf = Vec::with_capacity(4096);
    (&mut file).take(4096).read_to_end(&mut buf).ok()?;
    let closed = |b: &[u8]| b[3..].windows(4).any(|w| w == b"\n---" || w == b"\n...");
    if buf.len() == 4096 && buf.starts_with(b"---") && !closed(&buf) {
        file.take(12 * 1024).read_to_end(&mut buf).ok()?;
    }
    Some(match String::from_utf8(buf) {
        Ok(text) => text,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}
