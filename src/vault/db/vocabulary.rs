//! The vault's vocabulary as index.db keeps it (DESIGN §4.0): the names and short text
//! values of the person's rows, and the words of the paths of the notes holding them,
//! each with how many records (notes, for a path word) hold it. Kept current with every
//! write of a note's records, so a question is matched against it without reading one.

use std::collections::HashMap;

use rusqlite::{params, Connection};

use super::encoded::ROWS;

/// A term's kind: a field name, a text value, a word of a note's path.
const NAME: &str = "f";
const VALUE: &str = "v";
const NOTE: &str = "n";

/// How many records hold each (kind, term).
pub(super) type Counts = HashMap<(&'static str, String), i64>;

/// The terms the records of `source` hold now, read from their stored domains.
pub(super) fn held(tx: &Connection, source: &str) -> rusqlite::Result<Counts> {
    let mut stmt = tx.prepare_cached(
        "SELECT domains FROM records WHERE source = ?1 AND instr(domains, '|rows|') > 0",
    )?;
    let domains: Vec<String> = stmt
        .query_map([source], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    Ok(count(source, domains.iter().map(String::as_str)))
}

/// The terms of records stored with these domains (one `&str` each) in `source`.
pub(super) fn count<'d>(source: &str, domains: impl Iterator<Item = &'d str>) -> Counts {
    let mut counts = Counts::new();
    let mut rows = false;
    for d in domains.filter(|d| d.contains(&format!("|{ROWS}|"))) {
        rows = true;
        for part in d.split('|') {
            if let Some(name) = part.strip_prefix("f:") {
                *counts.entry((NAME, name.to_string())).or_default() += 1;
            } else if let Some(value) = part.strip_prefix("v:") {
                *counts.entry((VALUE, value.to_string())).or_default() += 1;
            }
        }
    }
    if rows {
        for word in path_words(source) {
            counts.insert((NOTE, word), 1);
        }
    }
    counts
}

/// The words of a note's path, lowercase (`Filme/Filme 2023.md`: `filme`).
pub fn path_words(source: &str) -> Vec<String> {
    let path = source.trim_end_matches(".md").to_lowercase();
    let mut words: Vec<String> = path
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().any(char::is_alphabetic))
        .map(str::to_string)
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Moves the kept counts from `before` to `after` (a note's terms before and after its
/// records were written); a term no record holds any more is dropped.
pub(super) fn apply(tx: &Connection, before: &Counts, after: &Counts) -> rusqlite::Result<()> {
    let mut add = tx.prepare_cached(
        "INSERT INTO vocabulary (kind, term, uses) VALUES (?1, ?2, ?3)
         ON CONFLICT (kind, term) DO UPDATE SET uses = uses + excluded.uses",
    )?;
    let mut drop =
        tx.prepare_cached("DELETE FROM vocabulary WHERE kind = ?1 AND term = ?2 AND uses <= 0")?;
    let keys = before
        .keys()
        .chain(after.keys().filter(|k| !before.contains_key(*k)));
    for key in keys {
        let delta = after.get(key).copied().unwrap_or(0) - before.get(key).copied().unwrap_or(0);
        if delta == 0 {
            continue;
        }
        add.execute(params![key.0, key.1, delta])?;
        if delta < 0 {
            drop.execute(params![key.0, key.1])?;
        }
    }
    Ok(())
}

/// Every term kept: (kind, term).
pub(super) fn all(conn: &Connection) -> rusqlite::Result<Vec<(String, String)>> {
    let mut stmt = conn.prepare_cached("SELECT kind, term FROM vocabulary")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    rows.collect()
}

/// Whether `kind` is a field name, a value or a path word.
pub(super) fn is_name(kind: &str) -> bool {
    kind == NAME
}

pub(super) fn is_value(kind: &str) -> bool {
    kind == VALUE
}
