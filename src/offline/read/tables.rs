//! Markdown tables. A header row that names its columns (`| Exercise | Sets | Reps | Weight
//! |`, in any order and in several languages) turns each row into one line the other
//! readers understand (`squat 5 sets 5 reps 112.5 kg`), with the unit a header gives
//! (`Weight (kg)`). A table without such a header is read row by row, cells joined.

use super::lexicon::{lexicon, Column};
use super::words::find_word;

/// One table row made ready to read.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Index of the row's line in the entry.
    pub line: usize,
    /// The exercise cell, when the table has one.
    pub exercise: Option<String>,
    /// Whether the row is a run (the table has distance and time columns).
    pub run: bool,
    /// How many runs a row of a run table stands for, from a count column (`| runs | km |`
    /// over `| 16 | 200 |`: a month's summary).
    pub count: Option<u32>,
    pub text: String,
}

/// Whether a line is a table row.
pub fn is_row(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') && t.len() > 1
}

pub(crate) fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|').trim_end_matches('|');
    t.split('|').map(|c| c.trim().to_lowercase()).collect()
}

pub(crate) fn is_separator(line: &str) -> bool {
    cells(line)
        .iter()
        .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
}

/// What a header cell names, and the unit it gives (`Weight (kg)`).
pub(crate) fn column(cell: &str) -> (Column, Option<&'static str>) {
    const UNITS: [(&str, &str); 8] = [
        ("kg", "kg"),
        ("lbs", "lbs"),
        ("lb", "lb"),
        ("km", "km"),
        ("mi", "mi"),
        ("miles", "mi"),
        ("mile", "mi"),
        ("min", "min"),
    ];
    let unit = UNITS
        .into_iter()
        .find(|(word, _)| find_word(cell, word).is_some())
        .map(|(_, unit)| unit);
    let kind = lexicon()
        .table_headers
        .iter()
        .find(|(_, words)| words.iter().any(|w| find_word(cell, w).is_some()))
        .map_or(Column::Other, |(c, _)| *c);
    (kind, unit)
}

/// The rows of the tables among `lines` (pairs of entry line index and text).
pub fn rows(lines: &[(usize, &str)]) -> Vec<Row> {
    let mut out = Vec::new();
    let mut header: Option<Vec<(Column, Option<&'static str>)>> = None;
    let mut numbered = false;
    let mut previous: Option<usize> = None;
    for (at, &(i, line)) in lines.iter().enumerate() {
        if previous.is_none_or(|p| p + 1 != i) {
            header = None;
        }
        previous = Some(i);
        if is_separator(line) {
            continue;
        }
        let row = cells(line);
        let columns: Vec<_> = row.iter().map(|c| column(c)).collect();
        let named = columns.iter().filter(|(c, _)| *c != Column::Other).count();
        let has_digits = row.iter().any(|c| c.chars().any(|ch| ch.is_ascii_digit()));
        if header.is_none() && named >= 2 && !has_digits {
            numbered = numbers_sets(&columns, &lines[at + 1..]);
            header = Some(columns);
            continue;
        }
        out.push(match &header {
            Some(h) => labelled(i, h, &row, numbered),
            None => Row {
                line: i,
                exercise: None,
                run: false,
                count: None,
                text: row.join(" "),
            },
        });
    }
    out
}

/// Whether the sets column of the table below `header` numbers its rows (`| 세트 | 무게 |
/// 횟수 |` with 1, 2, 3…): then each row is one set, not that many sets.
fn numbers_sets(header: &[(Column, Option<&'static str>)], below: &[(usize, &str)]) -> bool {
    let Some(col) = header.iter().position(|(c, _)| *c == Column::Sets) else {
        return false;
    };
    let mut expected = 1;
    let mut previous: Option<usize> = None;
    for &(i, line) in below {
        if previous.is_some_and(|p| p + 1 != i) {
            break;
        }
        previous = Some(i);
        if is_separator(line) {
            continue;
        }
        match cells(line).get(col).map(|c| c.trim().parse::<u32>()) {
            Some(Ok(n)) if n == expected => expected += 1,
            // A new exercise's sets may count from 1 again.
            Some(Ok(1)) if expected > 2 => expected = 2,
            _ => return false,
        }
    }
    expected > 2
}

fn labelled(
    line: usize,
    header: &[(Column, Option<&'static str>)],
    row: &[String],
    numbered: bool,
) -> Row {
    let cell = |want: Column| -> Option<(String, Option<&'static str>)> {
        header
            .iter()
            .zip(row)
            .find(|((c, _), v)| *c == want && !v.is_empty())
            .map(|((_, unit), v)| (v.clone(), *unit))
    };
    // A bare number under a header with a unit takes that unit.
    let with_unit = |(v, unit): (String, Option<&'static str>)| match unit {
        Some(u)
            if v.chars()
                .all(|c| c.is_ascii_digit() || c == '.' || c == ',') =>
        {
            format!("{v} {u}")
        }
        _ => v,
    };
    let run = cell(Column::Distance).is_some() && cell(Column::Exercise).is_none();
    // In a run table, a count column (`次数`, `runs`) counts the runs a row stands for.
    let count = cell(Column::Reps)
        .filter(|_| run)
        .and_then(|(n, _)| n.parse::<u32>().ok())
        .filter(|n| *n > 1);
    let mut parts: Vec<String> = Vec::new();
    if run {
        parts.push("run".into());
        parts.extend(cell(Column::Distance).map(|c| with_unit((c.0, c.1.or(Some("km"))))));
        parts.extend(cell(Column::Time).map(with_unit));
        parts.extend(cell(Column::Kind).map(|c| c.0));
    } else {
        if let Some((s, _)) = cell(Column::Sets) {
            parts.push(if numbered {
                "1 sets".into()
            } else {
                format!("{s} sets")
            });
        }
        if let Some((r, _)) = cell(Column::Reps) {
            parts.push(format!("{r} reps"));
        }
        // A weight with no unit anywhere stays a weight, its unit unknown.
        // `80 (원판 30 양쪽)`: the plates in brackets only say how the weight was made.
        let remark_off = |(v, unit): (String, Option<&'static str>)| match v.find('(') {
            Some(i) if i > 0 => (v[..i].trim().to_string(), unit),
            _ => (v, unit),
        };
        parts.extend(
            cell(Column::Weight)
                .map(remark_off)
                .map(with_unit)
                .map(|w| {
                    if w.chars().any(char::is_alphabetic) {
                        w
                    } else {
                        format!("@ {w}")
                    }
                }),
        );
    }
    Row {
        line,
        exercise: cell(Column::Exercise).map(|c| c.0),
        run,
        count,
        text: parts.join(" "),
    }
}
