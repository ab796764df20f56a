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
    // The bracket holds the unit (`Alerts (count)`), the words before it the column's name.
    let named = match cell.find(['(', '（']) {
        Some(i) if cell[..i].chars().any(char::is_alphabetic) => &cell[..i],
        _ => cell,
    };
    let kind = lexicon()
        .table_headers
        .iter()
        .find(|(_, words)| words.iter().any(|w| find_word(named, w).is_some()))
        .map_or(Column::Other, |(c, _)| *c);
    (kind, unit)
}

/// The rows of the tables among `lines` (pairs of entry line index and text).
pub fn rows(lines: &[(usize, &str)]) -> Vec<Row> {
    let mut out = Vec::new();
    let mut header: Option<Vec<(Column, Option<&'static str>)>> = None;
    let mut numbered = false;
    let mut names: Vec<Option<String>> = Vec::new();
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
        // Markdown's own mark of a header: the separator row under it.
        let underlined = lines
            .get(at + 1)
            .is_some_and(|&(next, l)| next == i + 1 && is_separator(l));
        if header.is_none() && (underlined || named >= 2 && !has_digits) {
            numbered = numbers_sets(&columns, &lines[at + 1..]);
            names = row
                .iter()
                .zip(&columns)
                .map(|(cell, (kind, _))| {
                    (*kind == Column::Other)
                        .then(|| measure_name(cell))
                        .flatten()
                })
                .collect();
            header = Some(columns);
            continue;
        }
        out.push(match &header {
            Some(h) if h.iter().any(|(c, _)| c.is_structured()) => labelled(i, h, &row, numbered),
            Some(_) => Row {
                line: i,
                exercise: None,
                run: false,
                count: None,
                text: with_fields(&names, &row),
            },
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

/// What a header cell names as a measure of its own (`💓 Low-HR alerts (count)`,
/// `:anatomical_heart: 低心率提示（次）` -> the words): shortcodes, pictographs and the
/// bracketed unit left out. None for a day column (`7月`) or a header of more than four
/// words; a column the lexicon names (`Date`, `Weight`) is not asked.
fn measure_name(cell: &str) -> Option<String> {
    let mut name = String::new();
    let mut depth = 0;
    for word in cell.split_whitespace() {
        // `:anatomical_heart:`
        if word.len() > 2 && word.starts_with(':') && word.ends_with(':') {
            continue;
        }
        for c in word.chars() {
            match c {
                '(' | '（' | '[' => depth += 1,
                ')' | '）' | ']' => depth -= 1,
                _ if depth > 0 => {}
                _ if c.is_alphabetic() || c == '-' || c == '\'' => name.push(c),
                _ => {}
            }
        }
        name.push(' ');
    }
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    let letters = name.chars().any(char::is_alphabetic);
    (letters && !cell.chars().any(|c| c.is_ascii_digit()) && name.split(' ').nth(4).is_none())
        .then_some(name)
}

/// A row of a table with no lift or run columns: its cells as one line, each bare number
/// under a named column written as that column's Dataview field (`[pushups:: 20]`), so it
/// is read as the person would write it on a line of its own. A label and its number
/// (`| Steps | 4800 |`) are read as they stand.
fn with_fields(names: &[Option<String>], row: &[String]) -> String {
    // `| Steps | 4800 |` under `| Metric | Value |`: the row names its own number.
    if let [label, _] = row {
        if label.chars().any(char::is_alphabetic) && !label.chars().any(|c| c.is_ascii_digit()) {
            return row.join(" ");
        }
    }
    row.iter()
        .enumerate()
        .map(|(i, cell)| match names.get(i) {
            Some(Some(name)) if is_number(cell) => format!("[{name}:: {cell}]"),
            _ => cell.clone(),
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn is_number(cell: &str) -> bool {
    let mut digits = 0;
    let ok = cell.chars().all(|c| {
        digits += usize::from(c.is_ascii_digit());
        c.is_ascii_digit() || c == '.' || c == ','
    });
    ok && digits > 0 && cell.chars().next().is_some_and(|c| c.is_ascii_digit())
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

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(table: &str) -> Vec<String> {
        let lines: Vec<(usize, &str)> = table.lines().enumerate().collect();
        rows(&lines).into_iter().map(|r| r.text).collect()
    }

    #[test]
    fn a_named_column_of_numbers_is_a_field_in_any_language() {
        let en = "| Date | Pushups | 💓 Alerts (count) |\n|---|---|---|\n| 2026-11-01 | 20 | 3 |";
        assert_eq!(texts(en), ["2026-11-01 [pushups:: 20] [alerts:: 3]"]);
        let zh = "| 7月 | 时长 | :anatomical_heart: 低心率提示（次） |\n| :-: | :-: | :-: |\n| 19 | 10h | 11 |";
        assert_eq!(texts(zh), ["19 10h [低心率提示:: 11]"]);
        let de = "| Tag | Liegestütze | Laune |\n|---|---|---|\n| Mo | 30 | gut |";
        assert_eq!(texts(de), ["mo [liegestütze:: 30] gut"]);
        let pairs = "| Metric | Value |\n|---|---|\n| Steps | 4800 |\n| Kaffee | 2 |";
        assert_eq!(texts(pairs), ["steps 4800", "kaffee 2"]);
    }

    #[test]
    fn a_lift_table_is_still_read_cell_by_cell() {
        let t =
            "| Exercise | Sets | Reps | Weight (kg) |\n|---|---|---|---|\n| Squat | 5 | 5 | 100 |";
        assert_eq!(texts(t), ["5 sets 5 reps 100 kg"]);
    }
}
