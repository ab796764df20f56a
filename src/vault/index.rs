//! The in-memory date index: every note with its date and where that date came from.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::SystemTime;

use chrono::{DateTime, Datelike, Local, NaiveDate};

use super::frontmatter::Frontmatter;
use crate::config::DailyNotes;

/// Where a note's date came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateSource {
    /// The daily-note folder and format.
    DailyNote,
    /// Frontmatter `date:`, or a `date:` property line under the title (a Notion export).
    Frontmatter,
    /// A date in the file name.
    FileName,
    /// Dated headings inside the note (`## 2024-03-05`): its entries take the nearest one
    /// above them.
    Headings,
    /// No date anywhere: a reference note (a plan, a recipe, a project page). Searchable and
    /// citable, never counted as logs.
    Reference,
}

/// One note in the index.
#[derive(Debug, Clone)]
pub struct NoteMeta {
    pub rel: String,
    pub abs: PathBuf,
    /// The note's own date (daily name, frontmatter, file name). For notes dated by
    /// headings the first heading's date; for reference notes only a sort key (the day
    /// it was last modified), never shown as a log date.
    pub date: NaiveDate,
    pub date_source: DateSource,
    /// Every day the note holds entries for (empty for reference notes).
    pub dates: Vec<NaiveDate>,
    pub size: u64,
    pub mtime: SystemTime,
    /// See [`super::stamp::Stamp`].
    pub stamp: Option<super::stamp::Stamp>,
}

/// Notes by path and by date.
///
/// The notes are one vector in path order (a walk's notes are moved in, not copied); the
/// maps by date and by file name are built on first use and kept current after: a one-shot
/// `ask` often needs neither, and building them for 10,000 notes was a tenth of its time.
#[derive(Debug, Default, Clone)]
pub struct DateIndex {
    notes: Vec<NoteMeta>,
    by_date: OnceLock<BTreeMap<NaiveDate, BTreeSet<String>>>,
    /// How many notes have each file name, by a hash of the name (see [`Self::link_target`]).
    stems: OnceLock<HashMap<u64, usize>>,
}

impl DateIndex {
    /// The index of a walk's `notes` (a path found twice keeps the later note).
    pub fn of_notes(mut notes: Vec<NoteMeta>) -> DateIndex {
        notes.sort_by(|a, b| a.rel.cmp(&b.rel));
        // `later` is dropped and `kept` came before it: the later note's data stays.
        notes.dedup_by(|later, kept| {
            let same = later.rel == kept.rel;
            if same {
                std::mem::swap(later, kept);
            }
            same
        });
        DateIndex {
            notes,
            ..DateIndex::default()
        }
    }

    fn position(&self, rel: &str) -> Result<usize, usize> {
        self.notes.binary_search_by(|n| n.rel.as_str().cmp(rel))
    }

    /// Adds or replaces a note (in place when its path is known: a watcher's refresh moves
    /// no other note).
    pub fn upsert(&mut self, meta: NoteMeta) {
        let found = self.position(&meta.rel);
        if let Ok(at) = found {
            self.forget_derived(at);
        }
        if let Some(by_date) = self.by_date.get_mut() {
            for date in &meta.dates {
                by_date.entry(*date).or_default().insert(meta.rel.clone());
            }
        }
        if let Some(stems) = self.stems.get_mut() {
            *stems.entry(stem_key(&meta.rel)).or_default() += 1;
        }
        match found {
            Ok(at) => self.notes[at] = meta,
            Err(at) => self.notes.insert(at, meta),
        }
    }

    /// Takes the note at `at` out of the maps by date and by name (when they are built).
    fn forget_derived(&mut self, at: usize) {
        let old = &self.notes[at];
        if let Some(by_date) = self.by_date.get_mut() {
            for date in &old.dates {
                if let Some(set) = by_date.get_mut(date) {
                    set.remove(&old.rel);
                    if set.is_empty() {
                        by_date.remove(date);
                    }
                }
            }
        }
        if let Some(n) = self
            .stems
            .get_mut()
            .and_then(|s| s.get_mut(&stem_key(&old.rel)))
        {
            *n -= 1;
        }
    }

    /// Removes a note if present.
    pub fn remove(&mut self, rel: &str) {
        if let Ok(at) = self.position(rel) {
            self.forget_derived(at);
            self.notes.remove(at);
        }
    }

    /// A note by path.
    pub fn get(&self, rel: &str) -> Option<&NoteMeta> {
        self.position(rel).ok().map(|at| &self.notes[at])
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
        self.notes.iter().collect()
    }

    fn by_date(&self) -> &BTreeMap<NaiveDate, BTreeSet<String>> {
        self.by_date.get_or_init(|| {
            let mut by_date: BTreeMap<NaiveDate, BTreeSet<String>> = BTreeMap::new();
            for meta in &self.notes {
                for date in &meta.dates {
                    by_date.entry(*date).or_default().insert(meta.rel.clone());
                }
            }
            by_date
        })
    }

    /// Notes with entries dated within `start..=end`, oldest first, each once.
    pub fn in_range(&self, start: NaiveDate, end: NaiveDate) -> Vec<&NoteMeta> {
        if start > end {
            return Vec::new();
        }
        let mut seen = std::collections::HashSet::new();
        self.by_date()
            .range(start..=end)
            .flat_map(|(_, rels)| rels.iter())
            .filter(|r| seen.insert(r.as_str()))
            .filter_map(|r| self.get(r))
            .collect()
    }

    /// Whether some note has an entry dated within `start..=end`.
    pub fn holds_day_between(&self, start: NaiveDate, end: NaiveDate) -> bool {
        self.notes
            .iter()
            .any(|n| n.dates.iter().any(|d| (start..=end).contains(d)))
    }

    /// The first and last dates in the vault.
    pub fn span(&self) -> Option<(NaiveDate, NaiveDate)> {
        let days = || self.notes.iter().flat_map(|n| n.dates.iter().copied());
        Some((days().min()?, days().max()?))
    }

    /// The shortest wikilink target that resolves to `rel` in Obsidian: its file name when
    /// no other note has that name. (Names are counted by hash: two names sharing one only
    /// make a link the longer, still right, path.)
    pub fn link_target(&self, rel: &str) -> String {
        let stems = self.stems.get_or_init(|| {
            let mut stems = HashMap::with_capacity(self.notes.len());
            for meta in &self.notes {
                *stems.entry(stem_key(&meta.rel)).or_default() += 1;
            }
            stems
        });
        let s = stem(rel);
        if stems.get(&stem_key(rel)).copied().unwrap_or(0) <= 1 {
            s.to_string()
        } else {
            rel.strip_suffix(".md").unwrap_or(rel).to_string()
        }
    }
}

/// The hash [`DateIndex`] counts file names by.
fn stem_key(rel: &str) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(stem(rel))
}

/// File name without folders and `.md`.
pub fn stem(rel: &str) -> &str {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    let cut = name.len().saturating_sub(3);
    match (name.get(..cut), name.get(cut..)) {
        (Some(stem), Some(ext)) if ext.eq_ignore_ascii_case(".md") => stem,
        _ => name,
    }
}

/// How a note is dated (DESIGN §1.2): its own date, where that came from, and the dates of
/// its dated headings.
#[derive(Debug, Clone, PartialEq)]
pub struct Dating {
    pub date: Option<NaiveDate>,
    pub source: DateSource,
    /// (0-based line, date) of each dated heading, for notes dated by headings; `None`
    /// where an undated heading closes the day above it (what follows is reference text).
    pub headings: Vec<(usize, Option<NaiveDate>)>,
    /// (0-based line, year and month) where a heading names a period (`## 2019`, `### 7月`),
    /// for rows under it that write only a day or no year.
    pub periods: Vec<(usize, super::heading_path::Period)>,
    /// The days of the rows of day tables (see [`super::day_rows`]).
    pub row_days: Vec<NaiveDate>,
    /// The key of the note's coded headings, if it has some (see
    /// [`super::coded_headings`]): read once, for dating and for the entries.
    pub(crate) coded: Option<super::coded_headings::Key>,
}

impl Dating {
    /// The date of an entry starting at `line`: the nearest dated heading above it, else
    /// the note's own date; `None` for reference text.
    pub fn date_at(&self, line: usize) -> Option<NaiveDate> {
        match self.headings.iter().take_while(|(l, _)| *l <= line).last() {
            Some((_, date)) => *date,
            None => self.date,
        }
    }

    /// The year and month named by the headings above `line` (see [`Dating::periods`]).
    pub fn period_at(&self, line: usize) -> super::heading_path::Period {
        self.periods
            .iter()
            .take_while(|(l, _)| *l <= line)
            .last()
            .map(|(_, p)| *p)
            .unwrap_or_default()
    }

    /// Every day the note has entries for.
    pub fn dates(&self) -> Vec<NaiveDate> {
        let mut dates: Vec<NaiveDate> = self.headings.iter().filter_map(|(_, d)| *d).collect();
        dates.extend(self.date);
        dates.extend(&self.row_days);
        dates.sort();
        dates.dedup();
        dates
    }
}

/// How a daily note dated `date` by its name is dated (`body`: its text, when read).
pub fn daily_dating(date: NaiveDate, body: Option<&str>) -> Dating {
    Dating {
        date: Some(date),
        source: DateSource::DailyNote,
        headings: Vec::new(),
        periods: Vec::new(),
        row_days: Vec::new(),
        coded: body.and_then(super::coded_headings::key),
    }
}

/// Dates a note: daily-note name, else frontmatter `date`, else dated headings in `body`
/// (entries above the first one take the file name's date), else a date in the file name;
/// a note with none of these is a reference note. `body` is the note's text when it is
/// needed (not for daily notes or notes with a frontmatter date).
pub fn date_note(
    rel: &str,
    daily: &DailyNotes,
    frontmatter: Option<&Frontmatter>,
    body: Option<&str>,
) -> Dating {
    let own = |date, source| Dating {
        date: Some(date),
        source,
        headings: Vec::new(),
        periods: Vec::new(),
        row_days: Vec::new(),
        coded: None,
    };
    if let Some(date) = daily_date(rel, daily) {
        return daily_dating(date, body);
    }
    let today = Local::now().date_naive();
    let name = stem(rel);
    // `2025-03 Marzo.md` names a month, not the 3rd of March; `2026-S42.md`, `Semaine du
    // 5 octobre.md` a week, whose headings write their days (`### Lundi 5`).
    let named = super::heading_path::period(name).unwrap_or_default();
    let names_month = named.year.is_some() && named.month.is_some();
    let folder_year = folder_year(rel);
    let week_named = super::heading_path::week(name, year_in(name).or(folder_year), today);
    // A note's own date applies to the entries no heading dates (DESIGN §1.2).
    let (own_date, own_source) = match frontmatter.and_then(Frontmatter::date) {
        Some(date) => (Some(date), DateSource::Frontmatter),
        None => match body.and_then(|b| super::dating::property_date(b, today)) {
            Some(date) => (Some(date), DateSource::Frontmatter),
            None => (
                daily
                    .format
                    .parse(name)
                    .or_else(|| (!names_month).then(|| super::dating::name_date(name, today))?)
                    .or_else(|| folder_date(rel, today)),
                DateSource::FileName,
            ),
        },
    };
    // `records_2026.md`: a year alone in the name is the year of its dates without one.
    // `2026年11月.md`, `2024-07 log.md`: a month named by the note is the month of headings
    // that write only a day.
    // `Training/2019/may.md`, `Diario/2023/marzo.md`: the year from a folder, the month
    // from the name.
    let year = own_date
        .map(|d| d.year())
        .or_else(|| year_in(name))
        .or(folder_year);
    let base = match week_named {
        Some(first) => super::heading_path::Period::week_from(first),
        None => super::heading_path::Period::of(
            year,
            named
                .month
                .filter(|_| named.year.is_some() || folder_year.is_some()),
        ),
    };
    let coded = body.and_then(super::coded_headings::key);
    let (headings, periods) = body
        .map(|b| super::dating::heading_dates_keyed(b, base, today, coded.as_ref()))
        .unwrap_or_default();
    let mut dating = match (headings.is_empty(), own_date) {
        (false, date) => Dating {
            date,
            source: DateSource::Headings,
            headings,
            periods,
            row_days: Vec::new(),
            coded,
        },
        (true, Some(date)) => Dating {
            periods,
            coded,
            ..own(date, own_source)
        },
        (true, None) => Dating {
            date: None,
            source: DateSource::Reference,
            headings,
            periods,
            row_days: Vec::new(),
            coded,
        },
    };
    if let Some(body) = body {
        dating.row_days = super::day_rows::days(body, &dating, today);
    }
    dating
}

/// A year (1990-2099) written in a file name, not inside a longer number.
fn year_in(name: &str) -> Option<i32> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"(?:^|\D)((?:199|20\d)\d)(?:\D|$)").expect("year pattern compiles")
    });
    re.captures(name)?[1].parse().ok()
}

/// The year of the nearest folder above a note that is named by a year alone (`2019/`).
fn folder_year(rel: &str) -> Option<i32> {
    let mut folders = rel.split('/').rev().skip(1);
    folders.find_map(|f| {
        f.parse::<i32>()
            .ok()
            .filter(|y| f.len() == 4 && (1900..2100).contains(y))
    })
}

/// The date of a note filed by day in year and month folders (`Journal/2024/03/05.md`,
/// `2024/03/05 gym.md`).
fn folder_date(rel: &str, today: NaiveDate) -> Option<NaiveDate> {
    let parts: Vec<&str> = rel.split('/').collect();
    let lead = |s: &str| -> Option<u32> {
        let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
        (1..=2)
            .contains(&digits.len())
            .then(|| digits.parse().ok())?
    };
    let year_of = |s: &str| s.parse::<i32>().ok().filter(|_| s.len() == 4);
    let date = match parts.as_slice() {
        [.., year, month, _] if year_of(year).is_some() => lead(month)
            .zip(lead(stem(rel)))
            .and_then(|(m, d)| NaiveDate::from_ymd_opt(year_of(year)?, m, d)),
        // `헬스/2026/0923.md`, `2024/03-05.md`, `2024/3월 5일 화요일.md`: a year folder and
        // the month and day in the name.
        [.., year, _] => month_day_name(stem(rel), year_of(year)?),
        _ => None,
    };
    date.filter(|date| *date <= today)
}

/// The month and day a file name starts with, in a year given by its folder.
fn month_day_name(name: &str, year: i32) -> Option<NaiveDate> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"^(\d{2})[-._]?(\d{2})(?:\D|$)|^(\d{1,2})\s*[월月]\s*(\d{1,2})\s*[일日]")
            .expect("month-day pattern compiles")
    });
    let c = re.captures(name.trim())?;
    let num = |a: usize, b: usize| c.get(a).or_else(|| c.get(b))?.as_str().parse().ok();
    NaiveDate::from_ymd_opt(year, num(1, 3)?, num(2, 4)?)
}

/// A sort key for a note without a date of its own: the day it was last modified.
pub fn modified_day(mtime: SystemTime) -> NaiveDate {
    let local: DateTime<Local> = mtime.into();
    local.date_naive()
}

/// The date of a daily note: path under the daily folder, matching the format exactly.
pub fn daily_date(rel: &str, daily: &DailyNotes) -> Option<NaiveDate> {
    let inside = if daily.folder.is_empty() {
        rel
    } else {
        rel.strip_prefix(daily.folder.as_str())?.strip_prefix('/')?
    };
    if !super::ignore::is_markdown(inside) {
        return None;
    }
    daily.format.parse(&inside[..inside.len() - 3])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::moment::DateFormat;

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
        let dated = |rel: &str, fm: Option<&Frontmatter>, body: &str| {
            let d = date_note(rel, &d, fm, Some(body));
            (d.date, d.source)
        };
        let heading_body = "## 2024-03-05\nran 5k\n";
        assert_eq!(
            dated("Daily/2026-11-02.md", None, heading_body),
            (Some(day(2026, 11, 2)), DateSource::DailyNote)
        );
        let fm = Frontmatter::find("---\ndate: 2026-10-01\n---\n").unwrap();
        assert_eq!(
            dated("Workouts/Long run.md", Some(&fm), "ran 5k\n"),
            (Some(day(2026, 10, 1)), DateSource::Frontmatter)
        );
        // The note's own date is for the text no heading dates.
        assert_eq!(
            dated("Workouts/Long run.md", Some(&fm), heading_body),
            (Some(day(2026, 10, 1)), DateSource::Headings)
        );
        assert_eq!(
            dated("Workouts/Log.md", None, heading_body),
            (None, DateSource::Headings)
        );
        assert_eq!(
            dated("Workouts/2026-09-30 intervals.md", None, "ran 5k\n"),
            (Some(day(2026, 9, 30)), DateSource::FileName)
        );
        assert_eq!(
            dated("운동일지/2026.11.16.md", None, "스쿼트 80kg 5x5\n"),
            (Some(day(2026, 11, 16)), DateSource::FileName)
        );
        assert_eq!(
            dated("Journal/2026/11/16.md", None, "ran 5k\n"),
            (Some(day(2026, 11, 16)), DateSource::FileName)
        );
        for rel in [
            "헬스/2026/1116.md",
            "2026/11-16 legs.md",
            "2026/11월 16일 월요일.md",
        ] {
            assert_eq!(
                dated(rel, None, "스쿼트 100kg 5x5\n"),
                (Some(day(2026, 11, 16)), DateSource::FileName),
                "{rel}"
            );
        }
        assert_eq!(
            dated("Plans/Marathon.md", None, "Week 6: long run 14 km\n"),
            (None, DateSource::Reference)
        );
    }

    #[test]
    fn entries_take_the_nearest_dated_heading_above() {
        let d = daily("Daily", "YYYY-MM-DD");
        let body = "intro\n## 2024-03-05\nran 5k\n## March 7, 2024\nbench\n";
        let dating = date_note("Log.md", &d, None, Some(body));
        let day = |dd| NaiveDate::from_ymd_opt(2024, 3, dd);
        assert_eq!(
            dating.date_at(0),
            None,
            "text above the first date is reference"
        );
        assert_eq!(dating.date_at(2), day(5));
        assert_eq!(dating.date_at(4), day(7));
        assert_eq!(dating.dates(), [day(5).unwrap(), day(7).unwrap()]);
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
            date_source: DateSource::FileName,
            dates: vec![NaiveDate::from_ymd_opt(2026, 1, 1).unwrap()],
            size: 0,
            mtime: SystemTime::UNIX_EPOCH,
            stamp: None,
        };
        index.upsert(meta("Daily/2026-11-02.md"));
        index.upsert(meta("A/Plan.md"));
        index.upsert(meta("B/Plan.md"));
        assert_eq!(index.link_target("Daily/2026-11-02.md"), "2026-11-02");
        assert_eq!(index.link_target("A/Plan.md"), "A/Plan");
        index.remove("B/Plan.md");
        assert_eq!(index.link_target("A/Plan.md"), "Plan");
        // Built at once from a walk, the same.
        let walked = DateIndex::of_notes(vec![
            meta("Daily/2026-11-02.md"),
            meta("A/Plan.md"),
            meta("B/Plan.MD"),
            meta("A/Plan.md"),
        ]);
        assert_eq!(walked.len(), 3);
        assert_eq!(walked.link_target("A/Plan.md"), "A/Plan");
        assert_eq!(walked.link_target("Daily/2026-11-02.md"), "2026-11-02");
        let day = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        assert_eq!(walked.in_range(day, day).len(), 3);
        // Once read by date, a note moved to another day is found on that day only.
        let mut walked = walked;
        let next = day.succ_opt().unwrap();
        walked.upsert(NoteMeta {
            dates: vec![next],
            ..meta("A/Plan.md")
        });
        assert_eq!(walked.len(), 3);
        assert_eq!(walked.in_range(day, day).len(), 2);
        assert_eq!(walked.in_range(next, next)[0].rel, "A/Plan.md");
        assert_eq!(walked.span(), Some((day, next)));
        let rels: Vec<&str> = walked.all().iter().map(|m| m.rel.as_str()).collect();
        assert_eq!(rels, ["A/Plan.md", "B/Plan.MD", "Daily/2026-11-02.md"]);
        for (rel, stem_of) in [
            ("a/b.MD", "b"),
            ("日記.md", "日記"),
            ("é.md", "é"),
            ("md", "md"),
            ("x.txt", "x.txt"),
        ] {
            assert_eq!(stem(rel), stem_of);
        }
    }
}
