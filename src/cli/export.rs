//! `export`: the parsed records as CSV or JSON lines, for spreadsheets and other tools:
//! one fact per row (`--shape facts`, the default), or one lift, run, night or other
//! measured thing per row with its fields as columns (`--shape records`, see
//! [`crate::vault::rows`]).

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
    if let Shape::Records = shape {
        let rows = processor.store().record_rows(domain, from, to)?;
        match format {
            Format::Jsonl => {
                for row in &rows {
                    let line = serde_json::to_string(row).expect("rows serialize");
                    writeln!(out, "{line}").map_err(io)?;
                }
            }
            Format::Csv => {
                writeln!(out, "{}", crate::vault::rows::COLUMNS.join(",")).map_err(io)?;
                for row in &rows {
                    let fields: Vec<String> =
                        row.csv_fields().iter().map(|f| csv_field(f)).collect();
                    writeln!(out, "{}", fields.join(",")).map_err(io)?;
                }
            }
        }
        return out.flush().map_err(io);
    }
    let rows = processor.store().record_db().facts(domain, from, to)?;
    match format {
        Format::Jsonl => {
            for row in &rows {
                let line = serde_json::to_string(row).expect("rows serialize");
                writeln!(out, "{line}").map_err(io)?;
            }
        }
        Format::Csv => {
            writeln!(out, "{}", COLUMNS.join(",")).map_err(io)?;
            for row in &rows {
                writeln!(out, "{}", csv_line(row)).map_err(io)?;
            }
        }
    }
    out.flush().map_err(io)
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

/// Quotes a field when it holds a comma, a quote or a line break.
fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
