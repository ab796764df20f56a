//! Day tables: a table whose rows start with a day (`| Sat 6th July | 6 | Easy |`,
//! `| 10 | 23:00 - 05:00 |` under `### 7月`, `| 2024-03-05 | 5 km |`) is a log of many
//! days. Each dated row becomes an entry of its own, with the table's header above it so
//! its cells keep their column names, dated by its first cell and the period of the
//! headings above (see [`super::heading_path`]).

use chrono::NaiveDate;

use super::dating::heading_date;
use super::entry::{Entry, EntryId};
use super::heading_path::{day_in, Period};
use super::index::Dating;
use super::ContentHash;

/// The entries of a note with each day table split into one entry per dated row.
pub fn split(entries: Vec<Entry>, dating: &Dating, today: NaiveDate) -> Vec<Entry> {
    let mut out = Vec::with_capacity(entries.len());
    for entry in entries {
        match rows(&entry, dating.period_at(entry.lines.start), today) {
            Some(split) => out.extend(split),
            None => out.push(entry),
        }
    }
    for (i, e) in out.iter_mut().enumerate() {
        e.id = EntryId::new(&e.source, i + 1);
    }
    out
}

/// The entry's rows as entries, when it is one table (a header, its separator, rows) and
/// at least two of its rows start with a day.
fn rows(entry: &Entry, period: Period, today: NaiveDate) -> Option<Vec<Entry>> {
    let lines: Vec<&str> = entry.text.lines().collect();
    if lines.len() < 4 || !lines.iter().all(|l| l.trim_start().starts_with('|')) {
        return None;
    }
    let (header, separator) = (lines[0], lines[1]);
    if !separator.contains('-') || !separator.chars().all(|c| "|-: ".contains(c)) {
        return None;
    }
    let dated: Vec<(usize, Option<NaiveDate>)> = lines[2..]
        .iter()
        .enumerate()
        .map(|(i, row)| (i + 2, first_cell(row).and_then(|c| day(c, period, today))))
        .collect();
    if dated.iter().filter(|(_, d)| d.is_some()).count() < 2 {
        return None;
    }
    // The entry's text is its lines as written, so line `i` of the text is note line
    // `entry.lines.start + i`.
    if entry.lines.len() != lines.len() {
        return None;
    }
    let mut out = Vec::new();
    for (i, date) in dated {
        let Some(date) = date else { continue };
        let text = format!("{header}\n{separator}\n{}", lines[i]);
        let at = entry.lines.start + i;
        out.push(Entry {
            id: entry.id.clone(),
            date,
            hash: ContentHash::of(text.as_bytes()),
            text,
            lines: at..at + 1,
            log: true,
            ..entry.clone()
        });
    }
    Some(out)
}

/// The days of the day-table rows in a note's text (for the index of which notes hold
/// which days): rows of a table with at least two dated rows.
pub fn days(text: &str, dating: &Dating, today: NaiveDate) -> Vec<NaiveDate> {
    let mut out = Vec::new();
    let mut table: Vec<NaiveDate> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.trim_start().starts_with('|') {
            if table.len() >= 2 {
                out.append(&mut table);
            }
            table.clear();
            continue;
        }
        let period = dating.period_at(i);
        table.extend(first_cell(line).and_then(|c| day(c, period, today)));
    }
    if table.len() >= 2 {
        out.append(&mut table);
    }
    out.sort();
    out.dedup();
    out
}

fn first_cell(row: &str) -> Option<&str> {
    let cell = row.trim().strip_prefix('|')?.split('|').next()?.trim();
    (!cell.is_empty()).then_some(cell)
}

/// The day a first cell writes: a whole date (its year from the headings when left out) or
/// only a day under a month heading.
fn day(cell: &str, period: Period, today: NaiveDate) -> Option<NaiveDate> {
    let cell = cell.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace());
    heading_date(cell, period.year, today).or_else(|| day_in(cell, period.year?, period.month?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::entry::entries_dated;
    use crate::vault::Note;

    fn dated(text: &str) -> Vec<(NaiveDate, String)> {
        let today = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
        let note = Note::parse(text.to_string());
        let coded = crate::vault::coded_headings::key(text);
        let (headings, periods) = crate::vault::dating::heading_dates_keyed(
            text,
            Period::default(),
            today,
            coded.as_ref(),
        );
        let dating = Dating {
            date: None,
            source: crate::vault::index::DateSource::Headings,
            headings,
            periods,
            row_days: Vec::new(),
            coded,
        };
        entries_dated(&note, "log.md", &dating, today)
            .into_iter()
            .filter(|e| e.log)
            .map(|e| (e.date, e.text.lines().last().unwrap_or("").to_string()))
            .collect()
    }

    #[test]
    fn rows_that_start_with_a_day_are_entries_of_their_own() {
        let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
        let log = "## 2019\n\n#### Week 2\n\n| Date | Miles |\n| --- | --- |\n| Sun 7th July | 6 |\n| Sat 6th July | 5 |\n";
        let got = dated(log);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, d(2019, 7, 7));
        assert_eq!(got[1], (d(2019, 7, 6), "| Sat 6th July | 5 |".to_string()));

        let sleep =
            "## 2024\n\n### 7月\n\n| 日 | 时长 |\n| :-: | :-: |\n| 10 | 6h |\n| 11 | 7h |\n";
        let got = dated(sleep);
        assert_eq!(
            got.iter().map(|g| g.0).collect::<Vec<_>>(),
            [d(2024, 7, 10), d(2024, 7, 11)]
        );

        // A table of exercises is not a day table.
        let lifts =
            "## 2024-03-05\n\n| Exercise | Sets |\n| --- | --- |\n| Squat | 5 |\n| Bench | 3 |\n";
        assert_eq!(dated(lifts).len(), 1);
    }
}
