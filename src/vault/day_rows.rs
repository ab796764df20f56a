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
    let cells: Vec<Option<&str>> = lines[2..].iter().map(|row| first_cell(row)).collect();
    let dated: Vec<(usize, Option<NaiveDate>)> = table_days(&cells, period, today)
        .into_iter()
        .enumerate()
        .map(|(i, date)| (i + 2, date))
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
    let mut table: Vec<Option<&str>> = Vec::new();
    let mut period = Period::default();
    let mut close = |table: &mut Vec<Option<&str>>, period: Period| {
        let days: Vec<NaiveDate> = table_days(table, period, today)
            .into_iter()
            .flatten()
            .collect();
        if days.len() >= 2 {
            out.extend(days);
        }
        table.clear();
    };
    for (i, line) in text.lines().enumerate() {
        if !line.trim_start().starts_with('|') {
            close(&mut table, period);
            continue;
        }
        if table.is_empty() {
            period = dating.period_at(i);
        }
        table.push(first_cell(line));
    }
    close(&mut table, period);
    out.sort();
    out.dedup();
    out
}

fn first_cell(row: &str) -> Option<&str> {
    let cell = row.trim().strip_prefix('|')?.split('|').next()?.trim();
    (!cell.is_empty()).then_some(cell)
}

/// The days the first cells of one table write. Cells of two numbers (`01/10`, `3.4`) are
/// read in one order for the whole table: day first when a first number passes 12 or the
/// second is the month the headings or note name give, month first when a second passes 12.
fn table_days(cells: &[Option<&str>], period: Period, today: NaiveDate) -> Vec<Option<NaiveDate>> {
    let pairs: Vec<Option<(u32, u32, Option<i32>)>> =
        cells.iter().map(|c| c.and_then(two_numbers)).collect();
    let day_first = {
        let (mut day, mut month) = (0, 0);
        for &(a, b, _) in pairs.iter().flatten() {
            if a > 12 || period.month == Some(b) && period.month != Some(a) {
                day += 1;
            }
            if b > 12 || period.month == Some(a) && period.month != Some(b) {
                month += 1;
            }
        }
        (day != month).then_some(day > month)
    };
    cells
        .iter()
        .zip(&pairs)
        .map(|(cell, pair)| {
            let cell = (*cell)?;
            match (pair, day_first, period.year) {
                (Some((a, b, year)), Some(first), _) if year.or(period.year).is_some() => {
                    let (d, m) = if first { (*a, *b) } else { (*b, *a) };
                    NaiveDate::from_ymd_opt(year.or(period.year)?, m, d)
                }
                _ => day(cell, period, today),
            }
        })
        .collect()
}

/// `01/10`, `3.4.`, `17/10/2026`, `03.10.26`: two numbers of a day and a month, with a
/// year maybe (`3.4` alone is a number).
fn two_numbers(cell: &str) -> Option<(u32, u32, Option<i32>)> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"^(\d{1,2})(?:/(\d{1,2})(?:/(\d{4}|\d{2}))?|\.(\d{1,2})(?:\.(\d{4}|\d{2})|\.))(?:\s|$)")
            .expect("day pattern compiles")
    });
    let c = re.captures(cell.trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace()))?;
    let year = c.get(3).or(c.get(5)).and_then(|y| {
        let y: i32 = y.as_str().parse().ok()?;
        Some(if y < 100 { 2000 + y } else { y })
    });
    let second = c.get(2).or(c.get(4))?.as_str().parse().ok()?;
    Some((c[1].parse().ok()?, second, year))
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

    #[test]
    fn a_table_reads_all_its_days_in_one_order() {
        let d = |m, day| NaiveDate::from_ymd_opt(2026, m, day).unwrap();
        let days = |log: &str| dated(log).iter().map(|g| g.0).collect::<Vec<_>>();
        // Day first: `14/10` says so for `01/10` too; under `## Octubre 2026`.
        let es = "## Octubre 2026\n\n| Día | Pasos |\n|---|---:|\n| 01/10 | 7.270 |\n| 02/10 | 4.967 |\n| 14/10 | 8.060 |\n";
        assert_eq!(days(es), [d(10, 1), d(10, 2), d(10, 14)]);
        // No number passes 12: the month the heading names settles it.
        let de =
            "## 2026-03\n\n| Tag | Schritte |\n|---|---|\n| 01.03. | 9000 |\n| 02.03. | 8000 |\n";
        assert_eq!(days(de), [d(3, 1), d(3, 2)]);
        // Month first: `10/14`.
        let en = "## 2026\n\n| Date | Steps |\n|---|---|\n| 10/01 | 7270 |\n| 10/14 | 8060 |\n";
        assert_eq!(days(en), [d(10, 1), d(10, 14)]);
    }
}
