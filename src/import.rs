//! `vault-agent import PATH`: brings old logs (markdown or text files, or folders of them)
//! into the vault. Each file is split into dated chunks (a date in the file name or
//! frontmatter dates the whole file; otherwise lines that are dates start a new chunk) and
//! each chunk is appended to that day's daily note under `## Imported from <file>`. A ledger
//! (see [`ledger`]) and the notes themselves make a second import of the same text a
//! no-op, even when two run at once or one was killed half-way. Then the normal pipeline
//! parses it. Files inside the vault are refused; nothing outside the vault is written.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use chrono::NaiveDate;
use regex::Regex;
use serde::Serialize;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::vault::append::append_blocks_unflushed;
use crate::vault::atomic::sync_file_system;
use crate::vault::ContentHash;

mod ledger;

pub use ledger::Ledger;

/// One dated piece of an old log.
#[derive(Debug, Clone, PartialEq)]
pub struct Chunk {
    pub date: NaiveDate,
    pub text: String,
}

/// What an import did (or would do, for a dry run).
#[derive(Debug, Clone, Default, Serialize)]
pub struct ImportReport {
    pub files: usize,
    pub chunks: usize,
    /// Daily notes written (vault-relative) with the number of chunks each.
    pub notes: BTreeMap<String, usize>,
    pub already_imported: usize,
    /// Files or parts without any date, with what to do.
    pub skipped: Vec<String>,
    pub dry_run: bool,
}

impl std::fmt::Display for ImportReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {} {} dated entries from {} files into {} daily notes; {} already imported; {} skipped",
            if self.dry_run { "would import" } else { "imported" },
            self.chunks,
            if self.chunks == 1 { "block of" } else { "blocks of" },
            self.files,
            self.notes.len(),
            self.already_imported,
            self.skipped.len()
        )
    }
}

fn date_line() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        // "2023-04-01", "# 2023-04-01", "## Mon 2023-04-01:", "2023/04/01 -"
        Regex::new(r"^\s*(?:#{1,6}\s*)?(?:[A-Za-z]{3,9},?\s+)?(\d{4})[-/.](\d{2})[-/.](\d{2})\b\s*[:\-–]?\s*(.*)$")
            .expect("valid regex")
    })
}

fn date_in_name(name: &str) -> Option<NaiveDate> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re =
        RE.get_or_init(|| Regex::new(r"(\d{4})[-_.]?(\d{2})[-_.]?(\d{2})").expect("valid regex"));
    let c = re.captures(name)?;
    NaiveDate::from_ymd_opt(c[1].parse().ok()?, c[2].parse().ok()?, c[3].parse().ok()?)
}

/// Splits one old log into dated chunks; the text before the first date (if any, and if the
/// file itself has no date) is returned as undated.
pub fn split(name: &str, text: &str) -> (Vec<Chunk>, Option<String>) {
    let (front_date, body) = frontmatter_date(text);
    let whole = front_date.or_else(|| date_in_name(name));
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut undated = String::new();
    let mut current: Option<Chunk> = whole.map(|date| Chunk {
        date,
        text: String::new(),
    });
    for line in body.lines() {
        if let Some(c) = date_line().captures(line) {
            let date = NaiveDate::from_ymd_opt(
                c[1].parse().unwrap_or(0),
                c[2].parse().unwrap_or(0),
                c[3].parse().unwrap_or(0),
            );
            if let Some(date) = date {
                if let Some(done) = current.take() {
                    chunks.push(done);
                }
                let rest = c[4].trim();
                current = Some(Chunk {
                    date,
                    text: if rest.is_empty() {
                        String::new()
                    } else {
                        format!("{rest}\n")
                    },
                });
                continue;
            }
        }
        match current.as_mut() {
            Some(chunk) => {
                chunk.text.push_str(line);
                chunk.text.push('\n');
            }
            None => {
                undated.push_str(line);
                undated.push('\n');
            }
        }
    }
    chunks.extend(current);
    for c in &mut chunks {
        c.text = c.text.trim().to_string();
    }
    chunks.retain(|c| !c.text.is_empty());
    let undated = undated.trim();
    (chunks, (!undated.is_empty()).then(|| undated.to_string()))
}

fn frontmatter_date(text: &str) -> (Option<NaiveDate>, &str) {
    let Some(rest) = text
        .strip_prefix("---\n")
        .or_else(|| text.strip_prefix("---\r\n"))
    else {
        return (None, text);
    };
    let Some(end) = rest.find("\n---") else {
        return (None, text);
    };
    let yaml = &rest[..end];
    let body = rest[end + 4..].trim_start_matches(['\r', '\n']);
    let date = yaml
        .lines()
        .find_map(|l| l.trim().strip_prefix("date:"))
        .and_then(|v| {
            NaiveDate::parse_from_str(v.trim().trim_matches(['"', '\'']).get(..10)?, "%Y-%m-%d")
                .ok()
        });
    (date, body)
}

/// The files to import under `path` (`.md` and `.txt`, sorted).
fn files(path: &Path) -> Result<Vec<PathBuf>> {
    if path.is_file() {
        return Ok(vec![path.to_path_buf()]);
    }
    if !path.is_dir() {
        return Err(Error::Config {
            path: path.to_path_buf(),
            message: "nothing to import here (not a file or folder)".into(),
        });
    }
    let mut out: Vec<PathBuf> = walkdir::WalkDir::new(path)
        .into_iter()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_type().is_file())
        .map(|e| e.into_path())
        .filter(|p| p.extension().is_some_and(|e| e == "md" || e == "txt"))
        .collect();
    out.sort();
    Ok(out)
}

/// What an import wrote. The notes are still being flushed to disk; [`Imported::finish`]
/// waits for that, for the ledger to name their blocks and for the vault's write lock to
/// be let go.
pub struct Imported {
    pub report: ImportReport,
    /// Flushes the notes, then adds their blocks to the ledger, holding the write lock.
    commit: Option<std::thread::JoinHandle<Result<()>>>,
    /// The write that failed, after the notes before it were written.
    failed: Option<Error>,
}

impl Imported {
    /// Whether a note could not be written (the import stopped there).
    pub fn failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Waits until the notes are on disk and the ledger names their blocks. Returns the
    /// report, or the error that stopped the import.
    pub fn finish(self) -> Result<ImportReport> {
        if let Some(commit) = self.commit {
            commit.join().map_err(|_| {
                Error::Watch("flushing the imported notes to disk panicked".into())
            })??;
        }
        match self.failed {
            Some(err) => Err(err),
            None => Ok(self.report),
        }
    }
}

/// One dated block to bring in, and where it goes.
struct Piece {
    /// The source file's name (the block's heading says it).
    name: String,
    chunk: Chunk,
    /// Its ledger key.
    key: String,
    /// The daily note it goes to (vault-relative).
    rel: String,
}

impl Piece {
    /// The block as it is written into its note (without the line ending after it).
    fn block(&self) -> String {
        format!("## Imported from {}\n\n{}", self.name, self.chunk.text)
    }
}

/// Imports `path` into the vault, leaving out the blocks imported before: those the ledger
/// names (with `legacy`, the keys earlier versions kept in `state.json`), and those found
/// in their note already (written by an import killed before its ledger was). With
/// `dry_run` nothing is written.
///
/// Everything from reading the ledger to naming the new blocks in it happens under the
/// vault's write lock, so imports running at once take turns and never add a block twice.
pub fn import(
    config: &Config,
    path: &Path,
    legacy: &BTreeSet<String>,
    dry_run: bool,
) -> Result<Imported> {
    let source = path.canonicalize().map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => Error::Config {
            path: path.to_path_buf(),
            message: "no such file or folder to import; give the path of an old log (.md or .txt) or of a folder of them".into(),
        },
        _ => Error::io(path, e),
    })?;
    if source.starts_with(&config.vault) {
        return Err(Error::Config {
            path: path.to_path_buf(),
            message: "is inside the vault already; `process` reads it where it is".into(),
        });
    }
    let mut report = ImportReport {
        dry_run,
        ..Default::default()
    };
    let pieces = read_pieces(config, &source, &mut report)?;
    let turn = if dry_run {
        None
    } else {
        Some(crate::vault::lock::WriteLock::acquire(&config.agent_dir())?)
    };
    // Read once the lock is held: an import that had it before is in the ledger now.
    let mut ledger = Ledger::load(&config.agent_dir(), legacy)?;
    let (notes, found) = plan(config, &ledger, pieces, &mut report)?;
    let mut imported = Imported {
        report,
        commit: None,
        failed: None,
    };
    let Some(turn) = turn else {
        return Ok(imported);
    };
    if notes.is_empty() && found.is_empty() {
        return Ok(imported);
    }
    let mut keys = found;
    let mut written = Vec::new();
    for (path, addition, note_keys) in notes {
        match append_blocks_unflushed(&path, addition.trim_end()) {
            Ok(()) => {
                keys.extend(note_keys);
                written.push(path);
            }
            Err(err) => {
                imported.failed = Some(err);
                break;
            }
        }
    }
    // The notes are flushed to disk all at once, on another thread, while the caller reads
    // them; then the ledger names their blocks, and only then is the lock let go.
    let vault = config.vault.clone();
    imported.commit = Some(std::thread::spawn(move || {
        let _turn = turn;
        sync_file_system(&vault, &written)?;
        ledger.append(&keys)
    }));
    Ok(imported)
}

/// The dated blocks of every file under `source`, each with its key and target note.
fn read_pieces(config: &Config, source: &Path, report: &mut ImportReport) -> Result<Vec<Piece>> {
    let mut pieces = Vec::new();
    for file in files(source)? {
        let bytes = std::fs::read(&file).map_err(|e| Error::io(&file, e))?;
        let Ok(text) = String::from_utf8(bytes) else {
            report.skipped.push(format!(
                "{}: not UTF-8 text; re-save it as UTF-8 and import again",
                file.display()
            ));
            continue;
        };
        if let Some((line, c)) = crate::input::control_character(&text) {
            report.skipped.push(format!(
                "{}: line {line} holds a control character (U+{:04X}) that is not text; remove it and import again",
                file.display(),
                c as u32
            ));
            continue;
        }
        report.files += 1;
        let name = file
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (chunks, undated) = split(&name, &text);
        if let Some(u) = undated {
            report.skipped.push(format!(
                "{}: {} lines before the first date were not imported (start them with a date line like `2023-04-01`)",
                file.display(),
                u.lines().count()
            ));
        }
        for chunk in chunks {
            let key =
                ContentHash::of(format!("{}\n{}\n{}", name, chunk.date, chunk.text).as_bytes())
                    .hex();
            let rel = config.obsidian.daily.note_for(chunk.date);
            pieces.push(Piece {
                name: name.clone(),
                chunk,
                key,
                rel,
            });
        }
    }
    Ok(pieces)
}

/// What to append to which note: per note its path, the text and the keys of its blocks;
/// and the keys of blocks found in their notes already though the ledger does not name
/// them. Counts the blocks imported before in `report`.
#[allow(clippy::type_complexity)] // (note, text, keys) is read once, right below
fn plan(
    config: &Config,
    ledger: &Ledger,
    pieces: Vec<Piece>,
    report: &mut ImportReport,
) -> Result<(Vec<(PathBuf, String, Vec<String>)>, Vec<String>)> {
    let mut by_note: BTreeMap<String, Vec<Piece>> = BTreeMap::new();
    for piece in pieces {
        if ledger.contains(&piece.key) {
            report.already_imported += 1;
        } else {
            by_note.entry(piece.rel.clone()).or_default().push(piece);
        }
    }
    let mut notes = Vec::new();
    let mut found = Vec::new();
    for (rel, pieces) in by_note {
        let path = crate::vault::contain::inside(&config.vault, &rel)?;
        let existing = match std::fs::read(&path) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).replace("\r\n", "\n"),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
            Err(e) => return Err(Error::io(&path, e)),
        };
        // A block the note holds already (as often as the file has it) is not added again.
        let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
        let mut addition = String::new();
        let mut keys = Vec::new();
        for piece in &pieces {
            let nth = seen.entry(&piece.key).or_insert(0);
            *nth += 1;
            if count_in(&existing, &piece.block()) >= *nth {
                report.already_imported += 1;
                found.push(piece.key.clone());
                continue;
            }
            addition.push_str(&piece.block());
            addition.push_str("\n\n");
            keys.push(piece.key.clone());
        }
        if keys.is_empty() {
            continue;
        }
        report.chunks += keys.len();
        report.notes.insert(rel, keys.len());
        notes.push((path, addition, keys));
    }
    Ok((notes, found))
}

/// How many times `block` stands as a block of its own in `text` (line endings `\n`): at
/// the start of a line, and followed by the end of the text or a blank line.
fn count_in(text: &str, block: &str) -> usize {
    let mut n = 0;
    let mut from = 0;
    while let Some(at) = text[from..].find(block) {
        let start = from + at;
        let end = start + block.len();
        let starts_line = start == 0 || text.as_bytes()[start - 1] == b'\n';
        let rest = &text[end..];
        let ends_block = rest.is_empty() || rest == "\n" || rest.starts_with("\n\n");
        if starts_line && ends_block {
            n += 1;
        }
        from = start + 1;
        while !text.is_char_boundary(from) {
            from += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn date_lines_split_a_long_log() {
        let text = "my training log\n\n2023-04-01\nran 5 km\nslept 7h\n\n## Sun 2023-04-02: squat 100kg 5x5\nfelt good\n";
        let (chunks, undated) = split("log.txt", text);
        assert_eq!(chunks.len(), 2);
        assert_eq!(
            chunks[0],
            Chunk {
                date: d(2023, 4, 1),
                text: "ran 5 km\nslept 7h".into()
            }
        );
        assert_eq!(chunks[1].date, d(2023, 4, 2));
        assert_eq!(chunks[1].text, "squat 100kg 5x5\nfelt good");
        assert_eq!(undated.as_deref(), Some("my training log"));
    }

    #[test]
    fn file_names_and_frontmatter_date_whole_files() {
        let (chunks, undated) = split("2022-12-31 notes.md", "bench 80kg 5x5\n");
        assert_eq!(
            chunks,
            vec![Chunk {
                date: d(2022, 12, 31),
                text: "bench 80kg 5x5".into()
            }]
        );
        assert!(undated.is_none());
        let (chunks, _) = split("misc.md", "---\ndate: 2021-06-05\n---\nran 3 miles\n");
        assert_eq!(chunks[0].date, d(2021, 6, 5));
    }
}
