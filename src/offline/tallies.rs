//! Tallies: a one-row table that states a period's total in the person's own words
//! (`| Miles | Goal |` over `| 962 | 1500 |` under `## 2019`; `| Miles | Goal | Days |`
//! at the head of each `#### Week 30`). When a question asks for the total of the period a
//! tally covers, the person's own figure leads: their log may not list every day of it.

use chrono::NaiveDate;

use crate::offline::read::lexicon::Column;
use crate::offline::read::stated::{sentences, stated};
use crate::offline::read::tables::{cells, column, is_separator};
use crate::offline::read::KM_PER_MILE;
use crate::vault::store::Store;
use crate::vault::Entry;

/// A period's figure as the log states it.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// As written, with the column's unit (`962 miles`).
    pub shown: String,
    /// As written, in the column's unit.
    pub value: f64,
    /// The column's unit as its header writes it (`miles`).
    pub unit: String,
    /// In km.
    pub km: f64,
    /// The wikilink to the table.
    pub link: String,
    pub source: String,
}

/// The distance tallies of the vault, in note order.
pub fn distance_tallies(store: &Store) -> Vec<Tally> {
    let tables = store.record_db().one_row_tables().unwrap_or_default();
    let mut out = Vec::new();
    for (i, table) in tables.iter().enumerate() {
        let Some((value, miles, unit)) = distance_cell(&table.text) else {
            continue;
        };
        // The section ends where the note's next table of this shape starts.
        let next = tables
            .get(i + 1)
            .filter(|t| t.source == table.source)
            .map_or(usize::MAX, |t| t.lines.start);
        let Some((start, end)) = period(store, table, next) else {
            continue;
        };
        let target = store.index().link_target(&table.source);
        let link = crate::vault::link::link(&target, &table.source, table.under.as_deref());
        out.push(Tally {
            start,
            end,
            shown: format!("{} {unit}", crate::offline::analyze::trim(value)),
            value,
            unit: unit.clone(),
            km: if miles { value * KM_PER_MILE } else { value },
            link,
            source: table.source.clone(),
        });
    }
    out
}

/// The distance totals the log entries dated `from..=to` state in sentences (see
/// [`crate::offline::read::stated`]), in note order. Of two statements of one period, the
/// later note's is kept: a review written after the period revises a figure given during it.
pub fn stated_totals(store: &Store, from: NaiveDate, to: NaiveDate) -> Vec<Tally> {
    let mut out: Vec<(NaiveDate, Tally)> = Vec::new();
    for entry in store.entries_by_date_range(from, to) {
        // Cheap test first: a stated distance needs a digit.
        if !entry.log || !entry.text.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        for sentence in sentences(&entry.text) {
            for s in stated(sentence, entry.date) {
                let tally = Tally {
                    start: s.start,
                    end: s.end,
                    shown: format!("{} {}", crate::offline::analyze::trim(s.value), s.unit),
                    value: s.value,
                    unit: s.unit.to_string(),
                    km: if s.unit == "mi" {
                        s.value * KM_PER_MILE
                    } else {
                        s.value
                    },
                    link: store.cite(&entry),
                    source: entry.source.clone(),
                };
                match out
                    .iter_mut()
                    .find(|(_, t)| (t.start, t.end) == (s.start, s.end))
                {
                    Some((when, old)) if *when <= entry.date => {
                        *when = entry.date;
                        *old = tally;
                    }
                    Some(_) => {}
                    None => out.push((entry.date, tally)),
                }
            }
        }
    }
    out.into_iter().map(|(_, t)| t).collect()
}

/// The tally of exactly the period `start..=end` asks about (a period cut at today counts
/// when it starts with the tally's).
pub fn covering(tallies: &[Tally], start: NaiveDate, end: NaiveDate) -> Option<&Tally> {
    tallies
        .iter()
        .filter(|t| t.start == start && end <= t.end && (t.end - end).num_days() < 366)
        .max_by_key(|t| t.end)
}

/// The tallies of single weeks within `start..=end` (`tallies` in note order), oldest
/// first; weeks whose days read the same keep the order of the note, newest first or last.
pub fn weeks_within(tallies: &[Tally], start: NaiveDate, end: NaiveDate) -> Vec<&Tally> {
    let mut weeks: Vec<&Tally> = tallies
        .iter()
        .filter(|t| start <= t.start && t.end <= end && (t.end - t.start).num_days() < 7)
        .collect();
    let newer = weeks.windows(2).filter(|w| w[1].start > w[0].start).count();
    let older = weeks.windows(2).filter(|w| w[1].start < w[0].start).count();
    if older > newer {
        weeks.reverse();
    }
    weeks.sort_by_key(|t| t.start);
    weeks
}

/// The number of a one-row table's distance column, whether it is in miles, and the unit
/// as the header writes it.
fn distance_cell(text: &str) -> Option<(f64, bool, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let [header, separator, row] = lines.as_slice() else {
        return None;
    };
    if !is_separator(separator) {
        return None;
    }
    let (header, row) = (cells(header), cells(row));
    header.iter().zip(&row).find_map(|(h, v)| {
        let (kind, unit) = column(h);
        if kind != Column::Distance {
            return None;
        }
        let value: f64 = v.replace(',', ".").parse().ok()?;
        let miles = unit == Some("mi");
        Some((value, miles, h.clone()))
    })
}

/// The days a tally covers: the year its heading names (`## 2019`), else the days of the
/// log entries of its section (from its table to `next`, the note's next tally).
fn period(store: &Store, table: &Entry, next: usize) -> Option<(NaiveDate, NaiveDate)> {
    if let Some(year) = table.under.as_deref().and_then(year_named) {
        return Some((
            NaiveDate::from_ymd_opt(year, 1, 1)?,
            NaiveDate::from_ymd_opt(year, 12, 31)?,
        ));
    }
    let meta = store.index().get(&table.source)?;
    let days: Vec<NaiveDate> = store
        .entries_of(meta)
        .iter()
        .filter(|e| e.log && e.lines.start >= table.lines.end && e.lines.start < next)
        .map(|e| e.date)
        .collect();
    Some((*days.iter().min()?, *days.iter().max()?))
}

/// `2019`, `2019 review`: a heading naming one year.
fn year_named(heading: &str) -> Option<i32> {
    let years: Vec<i32> = heading
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() == 4)
        .filter_map(|w| w.parse().ok())
        .filter(|y| (1900..2200).contains(y))
        .collect();
    let digits = heading.chars().filter(char::is_ascii_digit).count();
    (years.len() == 1 && digits == 4).then(|| years[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_one_row_table_with_a_distance_column_is_a_tally() {
        let miles = "| Miles | Goal |\n| ----- | ---- |\n| 962   | 1500 |";
        assert_eq!(distance_cell(miles), Some((962.0, true, "miles".into())));
        let km = "| Woche | Kilometer | Ziel |\n|---|---|---|\n| 12 | 48,5 | 50 |";
        assert_eq!(distance_cell(km).map(|c| c.0), Some(48.5));
        let lifts = "| Exercise | Weight |\n|---|---|\n| Squat | 100 |";
        assert_eq!(distance_cell(lifts), None);
    }

    #[test]
    fn a_heading_of_one_year_names_it() {
        assert_eq!(year_named("2019"), Some(2019));
        assert_eq!(year_named("Jahr 2021"), Some(2021));
        assert_eq!(year_named("Week 30"), None);
        assert_eq!(year_named("2019-06-03"), None);
    }
}
