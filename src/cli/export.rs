//! `export`: the parsed records as CSV or JSON lines, for spreadsheets and other tools:
//! one fact per row (`--shape facts`, the default), one lift, run, night or other
//! measured thing per row with its fields as columns (`--shape records`, see
//! [`crate::vault::rows`]), or one record the person wrote as fields per row, under their
//! own names (`--shape fields`).

use std::io::Write;

use chrono::NaiveDate;

use crate::error::{Error, Result};
use crate::process::Processor;
use crate::vault::db::ExportRow;

/// Output formats of `export`.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Format {
    Csv,
    Jsonl,
}

/// What a row of `export` is.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Shape {
    /// One number per row: date, activity, measure, value, unit.
    Facts,
    /// One lift, run, night or other measured thing per row, its fields as columns.
    Records,
    /// One row per record the person wrote as fields (a card of `key: value` lines, a
    /// table row, a note's properties), under their own field names.
    Fields,
}

const COLUMNS: [&str; 11] = [
    "date", "time", "note", "entry", "domain", "activity", "measure", "value", "unit", "doubtful",
    "source",
];

/// Writes the facts or records of `processor`'s vault (optionally one domain and period)
/// to stdout.
pub fn export(
    processor: &Processor,
    (format, shape): (Format, Shape),
    domain: Option<&str>,
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let io = |e| Error::io("<stdout>", e);
    match shape {
        Shape::Records => {
            let rows = processor.store().record_rows(domain, from, to)?;
            write_rows(
                &mut out,
                format,
                &rows,
                &crate::vault::rows::COLUMNS,
                |row| {
                    let fields: Vec<String> =
                        row.csv_fields().iter().map(|f| csv_field(f)).collect();
                    fields.join(",")
                },
            )
        }
        Shape::Fields => write_fields(&mut out, format, processor.store(), (from, to)),
        Shape::Facts => {
            let rows = processor.store().record_db().facts(domain, from, to)?;
            write_rows(&mut out, format, &rows, &COLUMNS, csv_line)
        }
    }
    .map_err(io)?;
    out.flush().map_err(io)
}

/// Writes `rows` as JSON lines, or as CSV: `header`, then `line` of each row.
fn write_rows<T: serde::Serialize>(
    out: &mut impl Write,
    format: Format,
    rows: &[T],
    header: &[&str],
    line: impl Fn(&T) -> String,
) -> std::io::Result<()> {
    match format {
        Format::Jsonl => {
            for row in rows {
                let json = serde_json::to_string(row).expect("rows serialize");
                writeln!(out, "{json}")?;
            }
        }
        Format::Csv => {
            writeln!(out, "{}", header.join(","))?;
            for row in rows {
                writeln!(out, "{}", line(row))?;
            }
        }
    }
    Ok(())
}

/// The person's rows (see [`Shape::Fields`]) dated within `from..=to` (either end open),
/// oldest first: JSON lines with a `fields` object, or CSV with one column per field name
/// in the order the names first appear.
fn write_fields(
    out: &mut impl Write,
    format: Format,
    store: &crate::vault::Store,
    (from, to): (Option<NaiveDate>, Option<NaiveDate>),
) -> std::io::Result<()> {
    let table = crate::offline::ask::table::Table::load(store);
    let mut rows: Vec<(NaiveDate, &crate::offline::ask::table::Rec)> = table
        .recs
        .iter()
        .map(|r| (r.date_on(None).map_or(r.date, |(d, _)| d), r))
        .filter(|(d, _)| from.is_none_or(|f| *d >= f) && to.is_none_or(|t| *d <= t))
        .collect();
    rows.sort_by(|a, b| (a.0, &a.1.entry).cmp(&(b.0, &b.1.entry)));
    let mut names: Vec<&str> = Vec::new();
    for (_, r) in &rows {
        for f in &r.fields {
            if !names.contains(&f.name.as_str()) {
                names.push(&f.name);
            }
        }
    }
    if let Format::Csv = format {
        let header: Vec<String> = ["date", "note", "entry", "pending"]
            .into_iter()
            .chain(names.iter().copied())
            .map(csv_field)
            .collect();
        writeln!(out, "{}", header.join(","))?;
    }
    for (date, r) in rows {
        match format {
            Format::Jsonl => {
                let fields: serde_json::Map<String, serde_json::Value> = r
                    .fields
                    .iter()
                    .map(|f| (f.name.clone(), serde_json::Value::from(f.text.clone())))
                    .collect();
                let row = serde_json::json!({
                    "date": date.to_string(),
                    "note": r.source,
                    "entry": r.entry,
                    "pending": r.pending,
                    "fields": fields,
                });
                writeln!(out, "{row}")?;
            }
            Format::Csv => {
                let date = date.to_string();
                let pending = r.pending.to_string();
                let cells: Vec<String> = [date.as_str(), &r.source, &r.entry, &pending]
                    .into_iter()
                    .chain(names.iter().map(|n| {
                        r.fields
                            .iter()
                            .find(|f| f.name == *n)
                            .map_or("", |f| f.text.as_str())
                    }))
                    .map(csv_field)
                    .collect();
                writeln!(out, "{}", cells.join(","))?;
            }
        }
    }
    Ok(())
}

fn csv_line(r: &ExportRow) -> String {
    let f = &r.fact;
    let value = crate::offline::analyze::trim(f.value);
    let fields = [
        r.date.as_str(),
        r.time.as_deref().unwrap_or(""),
        &r.note,
        &r.entry,
        &f.domain,
        &f.activity,
        &f.measure,
        &value,
        f.unit.as_deref().unwrap_or(""),
        if f.doubtful { "true" } else { "false" },
        &r.source,
    ];
    fields
        .iter()
        .map(|f| csv_field(f))
        .collect::<Vec<_>>()
        .join(",")
}

/// Quotes a field when it holds a comma, a quote or a line break, and neutralises one a
/// spreadsheet would run as a formula (a note named `=HYPERLINK(…)`, an entry id starting
/// with `@`): a leading `'` before `=`, `+`, `-`, `@`, a tab or a carriage return, unless
/// the field is a plain number (`-3.5`).
fn csv_field(s: &str) -> String {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.parse::<f64>().is_err();
    let s = if formula {
        std::borrow::Cow::Owned(format!("'{s}"))
    } else {
        std::borrow::Cow::Borrowed(s)
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn cells_a_spreadsheet_would_run_as_formulas_are_neutralised() {
        assert_eq!(csv_field("=HYPERLINK(\"x\")"), "\"'=HYPERLINK(\"\"x\"\")\"");
        assert_eq!(csv_field("+1+cmd|' /C calc'!A0"), "'+1+cmd|' /C calc'!A0");
        assert_eq!(csv_field("-2+3"), "'-2+3");
        assert_eq!(csv_field("@SUM(A1:A9).md#2"), "'@SUM(A1:A9).md#2");
        assert_eq!(csv_field("\tx"), "'\tx");
        assert_eq!(csv_field("-3.5"), "-3.5");
        assert_eq!(csv_field("Daily/2026-11-21.md#1"), "Daily/2026-11-21.md#1");
        assert_eq!(csv_field("a, b"), "\"a, b\"");
    }
}
