//! The in-memory date index: every note with its date and where that date came from.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::time::SystemTime;

use chrono::{DateTime, Local, NaiveDate};

use super::frontmatter::Frontmatter;
use super::scan::NoteFile;
use crate::config::DailyNotes;

/// Where a note's date came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateSource {
    /// The daily-note folder and format.
    DailyNote,
    /// Frontmatter `date:`.
    Frontmatter,
    /// A date in the file name.
    FileName,
    /// The file's modification time.
    Modified,
}

/// One note in the index.
#[derive(Debug, Clone)]
pub struct NoteMeta {
    pub rel: String,
    pub abs: PathBuf,
    pub date: NaiveDate,
    pub date_source: DateSource,
    pub size: u64,
    pub mtime: SystemTime,
}

/// Notes by path and by date.
#[derive(Debug, Default, Clone)]
pub struct DateIndex {
    notes: HashMap<String, NoteMeta>,
    by_date: BTreeMap<NaiveDate, BTreeSet<String>>,
    stems: HashMap<String, usize>,
}

impl DateIndex {
    /// Adds or replaces a note.
    pub fn upsert(&mut self, meta: NoteMeta) {
        self.remove(&meta.rel);
        self.by_date
            .entry(meta.date)
            .or_default()
            .insert(meta.rel.clone());
        *self.stems.entry(stem(&meta.rel).to_string()).or_default() += 1;
        self.notes.insert(meta.rel.clone(), meta);
    }

    /// Removes a note if present.
    pub fn remove(&mut self, rel: &str) {
        if let Some(old) = self.notes.remove(rel) {
            if let Some(set) = self.by_date.get_mut(&old.date) {
                set.remove(rel);
                if set.is_empty() {
                    self.by_date.remove(&old.date);
                }
            }
            if let Some(n) = self.stems.get_mut(stem(rel)) {
                *n -= 1;
            }
        }
    }

    /// A note by path.
    pub fn get(&self, rel: &str) -> Option<&NoteMeta> {
        self.notes.get(rel)
    }

    /// Number of notes.
    pub fn len(&self) -> usize {
        self.notes.len()
    }

    /// True when there are no notes.
    pub fn is_empty(&self) -> bool {
        self.notes.is_empty()
    }

    /// All notes, in path order.
    pub fn all(&self) -> Vec<&NoteMeta> {
        let mut all: Vec<_> = self.notes.values().collect();
        all.sort_by(|a, b| a.rel.cmp(&b.rel));
        all
    }

    /// Notes dated within `start..=end`, oldest first.
    pub fn in_range(&self, start: NaiveDate, end: NaiveDate) -> Vec<&NoteMeta> {
        if start > end {
            return Vec::new();
        }
        self.by_date
            .range(start..=end)
            .flat_map(|(_, rels)| rels.iter().filter_map(|r| self.notes.get(r)))
            .collect()
    }

    /// The first and last dates in the vault.
    pub fn span(&self) -> Option<(NaiveDate, NaiveDate)> {
        Some((
            *self.by_date.keys().next()?,
            *self.by_date.keys().next_back()?,
        ))
    }

    /// The shortest wikilink target that resolves to `rel` in Obsidian.
    pub fn link_target(&self, rel: &str) -> String {
        let s = stem(rel);
        if self.stems.get(s).copied().unwrap_or(0) <= 1 {
            s.to_string()
        } else {
            rel.strip_suffix(".md").unwrap_or(rel).to_string()
        }
    }
}

/// File name without folders and `.md`.
pub fn stem(rel: &str) -> &str {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name.get(..name.len().saturating_sub(3))
        .filter(|_| name.to_ascii_lowercase().ends_with(".md"))
        .unwrap_or(name)
}

/// Dates a note: daily-note name, else frontmatter `date`, else a date in the file name,
/// else its modification time (local date).
pub fn date_note(
    file: &NoteFile,
    daily: &DailyNotes,
    frontmatter: Option<&Frontmatter>,
) -> (NaiveDate, DateSource) {
    if let Some(date) = daily_date(&file.rel, daily) {
        return (date, DateSource::DailyNote);
    }
    if let Some(date) = frontmatter.and_then(Frontmatter::date) {
        return (date, DateSource::Frontmatter);
    }
    let name = stem(&file.rel);
    if let Some(date) = daily.format.parse(name).or_else(|| {
        name.get(..10)
            .and_then(|h| NaiveDate::parse_from_str(h, "%Y-%m-%d").ok())
    }) {
        return (date, DateSource::FileName);
    }
    let local: DateTime<Local> = file.mtime.into();
    (local.date_naive(), DateSource::Modified)
}

/// The date of a daily note: path under the daily folder, matching the format exactly.
pub fn daily_date(rel: &str, daily: &DailyNotes) -> Option<NaiveDate> {
    let inside = if daily.folder.is_empty() {
        rel
    } else {
        rel.strip_prefix(daily.folder.as_str())?.strip_prefix('/')?
    };
    let name = inside.get(..inside.len().checked_sub(3)?)?;
    if !inside.to_ascii_lowercase().ends_with(".md") {
        return None;
    }
    daily.format.parse(name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::moment::DateFormat;

    fn file(rel: &str) -> NoteFile {
        NoteFile {
            rel: rel.into(),
            abs: rel.into(),
            size: 0,
            mtime: SystemTime::UNIX_EPOCH,
        }
    }

    fn daily(folder: &str, format: &str) -> DailyNotes {
        DailyNotes {
            folder: folder.into(),
            format: DateFormat::new(format),
        }
    }

    #[test]
    fn daily_name_then_frontmatter_then_filename_then_mtime() {
        let d = daily("Daily", "YYYY-MM-DD");
        let day = |y, m, dd| NaiveDate::from_ymd_opt(y, m, dd).unwrap();
        assert_eq!(
            date_note(&file("Daily/2026-11-02.md"), &d, None),
            (day(2026, 11, 2), DateSource::DailyNote)
        );
        let fm = Frontmatter::find("---\ndate: 2026-10-01\n---\n").unwrap();
        assert_eq!(
            date_note(&file("Workouts/Long run.md"), &d, Some(&fm)),
            (day(2026, 10, 1), DateSource::Frontmatter)
        );
        assert_eq!(
            date_note(&file("Workouts/2026-09-30 intervals.md"), &d, None),
            (day(2026, 9, 30), DateSource::FileName)
        );
        assert_eq!(
            date_note(&file("misc.md"), &d, None).1,
            DateSource::Modified
        );
    }

    #[test]
    fn nested_daily_formats() {
        let d = daily("Journal", "YYYY/MM/DD ddd");
        assert_eq!(
            daily_date("Journal/2026/11/21 Sat.md", &d),
            NaiveDate::from_ymd_opt(2026, 11, 21)
        );
        assert_eq!(daily_date("Other/2026/11/21 Sat.md", &d), None);
    }

    #[test]
    fn link_targets_are_short_unless_ambiguous() {
        let mut index = DateIndex::default();
        let meta = |rel: &str| NoteMeta {
            rel: rel.into(),
            abs: rel.into(),
            date: NaiveDate::from_ymd_opt(2026, 1, 1).unwrap(),
            date_source: DateSource::Modified,
            size: 0,
            mtime: SystemTime::UNIX_EPOCH,
        };
        index.upsert(meta("Daily/2026-11-02.md"));
        index.upsert(meta("A/Plan.md"));
        index.upsert(meta("B/Plan.md"));
        assert_eq!(index.link_target("Daily/2026-11-02.md"), "2026-11-02");
        assert_eq!(index.link_target("A/Plan.md"), "A/Plan");
        index.remove("B/Plan.md");
        assert_eq!(index.link_target("A/Plan.md"), "Plan");
    }
}
