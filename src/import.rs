//! `vault-agent import PATH`: brings old logs (markdown or text files, or folders of them)
//! into the vault. Each file is split into dated chunks (a date in the file name or
//! frontmatter dates the whole file; otherwise lines that are dates start a new chunk) and
//! each chunk is appended to that day's daily note under `## Imported from <file>`. A ledger
//! in `state.json` makes a second import of the same text a no-op. Then the normal pipeline
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
/// waits for that and only then adds the chunks to the ledger, so the ledger never claims
/// text a crash could lose.
pub struct Imported {
    pub report: ImportReport,
    /// Ledger keys of the chunks written.
    keys: Vec<String>,
    flush: Option<std::thread::JoinHandle<Result<()>>>,
    /// The write that failed, after the notes before it were written.
    failed: Option<Error>,
}

impl Imported {
    /// Whether a note could not be written (the import stopped there).
    pub fn failed(&self) -> bool {
        self.failed.is_some()
    }

    /// Waits until the notes are on disk, then adds their chunks to `ledger`. Returns the
    /// report, or the error that stopped the import.
    pub fn finish(self, ledger: &mut BTreeSet<String>) -> Result<ImportReport> {
        if let Some(flush) = self.flush {
            flush.join().map_err(|_| {
                Error::Watch("flushing the imported notes to disk panicked".into())
            })??;
        }
        ledger.extend(self.keys);
        match self.failed {
            Some(err) => Err(err),
            None => Ok(self.report),
        }
    }
}

/// Imports `path` into the vault, leaving out chunks whose key is in `ledger` (imported
/// before). With `dry_run` nothing is written.
pub fn import(
    config: &Config,
    path: &Path,
    ledger: &BTreeSet<String>,
    dry_run: bool,
) -> Result<Imported> {
    let source = path.canonicalize().map_err(|e| Error::io(path, e))?;
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
    let mut by_note: BTreeMap<String, Vec<(String, Chunk, String)>> = BTreeMap::new();
    for file in files(&source)? {
        let bytes = std::fs::read(&file).map_err(|e| Error::io(&file, e))?;
        let Ok(text) = String::from_utf8(bytes) else {
            report.skipped.push(format!(
                "{}: not UTF-8 text; re-save it as UTF-8 and import again",
                file.display()
            ));
            continue;
        };
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
            if ledger.contains(&key) {
                report.already_imported += 1;
                continue;
            }
            let rel = config.obsidian.daily.note_for(chunk.date);
            by_note
                .entry(rel)
                .or_default()
                .push((name.clone(), chunk, key));
        }
    }
    let mut notes = Vec::new();
    for (rel, chunks) in by_note {
        report.chunks += chunks.len();
        report.notes.insert(rel.clone(), chunks.len());
        let mut addition = String::new();
        for (name, chunk, _) in &chunks {
            addition.push_str(&format!("## Imported from {name}\n\n{}\n\n", chunk.text));
        }
        let keys: Vec<String> = chunks.into_iter().map(|(_, _, key)| key).collect();
        notes.push((config.vault.join(&rel), addition, keys));
    }
    let mut imported = Imported {
        report,
        keys: Vec::new(),
        flush: None,
        failed: None,
    };
    if dry_run || notes.is_empty() {
        return Ok(imported);
    }
    // One turn at the notes for the whole import; the new notes are flushed to disk all at
    // once, on another thread, while the caller reads them.
    let _turn = crate::vault::lock::WriteLock::acquire(&config.agent_dir())?;
    for (path, addition, keys) in &notes {
        match append_blocks_unflushed(path, addition.trim_end()) {
            Ok(()) => imported.keys.extend(keys.iter().cloned()),
            Err(err) => {
                imported.failed = Some(err);
                break;
            }
        }
    }
    let written: Vec<PathBuf> = notes.into_iter().map(|(path, _, _)| path).collect();
    let vault = config.vault.clone();
    imported.flush = Some(std::thread::spawn(move || {
        sync_file_system(&vault, &written)
    }));
    Ok(imported)
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
