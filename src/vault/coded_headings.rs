//! Coded headings: a log kept only in its headings (`## 07_16_200`), with a key line that
//! names the fields (`Key: month _ runs _ km`, `标题说明: 月份 _ 次数 _ 距离`). Each such heading
//! is a row of a table whose header is the key: an entry of its own, dated by its month
//! field (`07`, or a span `01-07`) and the year heading above (see [`super::heading_path`]).

use std::ops::RangeInclusive;

use chrono::NaiveDate;

use super::entry::Entry;

/// Characters that may separate the fields of a coded heading.
const DELIMITERS: [char; 4] = ['_', '|', '/', '·'];

/// The key of a note's coded headings: what separates the fields and their names.
#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    delimiter: char,
    names: Vec<String>,
}

/// The key of `text`'s coded headings: a line that is not a heading, whose text after an
/// optional label (`Key:`) is two or more names without digits split by one delimiter, when
/// at least three headings are that many numbers split by the same delimiter, and their
/// first fields are months, none twice under one year.
pub fn key(text: &str) -> Option<Key> {
    let titles: Vec<&str> = text.lines().filter_map(title).collect();
    let maybe = |t: &&&str| t.starts_with(|c: char| c.is_ascii_digit()) && t.contains(DELIMITERS);
    titles.iter().filter(maybe).nth(2)?;
    let coded = |key: &Key| {
        let mut year = None;
        let mut seen = std::collections::HashSet::new();
        let mut n = 0;
        for t in &titles {
            if let Some(p) = super::heading_path::period(t).filter(|p| p.month.is_none()) {
                year = p.year;
            }
            if key.fields(t).is_some() {
                let Some(months) = key.months(t) else {
                    return false;
                };
                if !seen.insert((year, *months.start())) {
                    return false;
                }
                n += 1;
            }
        }
        n >= 3
    };
    text.lines()
        .filter(|l| title(l).is_none())
        .filter_map(|line| {
            let line = line.trim().trim_start_matches('>').trim();
            let after = line.rsplit([':', '：']).next().unwrap_or(line);
            DELIMITERS.iter().find_map(|&d| {
                let names: Vec<String> = after.split(d).map(|n| n.trim().to_string()).collect();
                let named = names.len() >= 2
                    && names
                        .iter()
                        .all(|n| !n.is_empty() && !n.chars().any(|c| c.is_ascii_digit()));
                named.then_some(Key {
                    delimiter: d,
                    names,
                })
            })
        })
        .find(coded)
}

/// A heading's title, without its marks.
fn title(line: &str) -> Option<&str> {
    let t = line.trim_start();
    let level = t.chars().take_while(|c| *c == '#').count();
    (level > 0 && t[level..].starts_with([' ', '\t'])).then(|| t[level..].trim())
}

impl Key {
    /// The fields of a coded heading: as many numbers (or spans `01-07`) as the key names.
    fn fields<'t>(&self, title: &'t str) -> Option<Vec<&'t str>> {
        let fields: Vec<&str> = title.split(self.delimiter).map(str::trim).collect();
        let numeric = |f: &str| {
            let f = f.replace([',', '.'], "");
            !f.is_empty()
                && f.split(['-', '~']).count() <= 2
                && f.split(['-', '~'])
                    .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
        };
        (fields.len() == self.names.len() && fields.iter().all(|f| numeric(f))).then_some(fields)
    }

    /// The months a coded heading is about, when its first field is a month or a span of
    /// them (`07`, `01-07`).
    pub fn months(&self, title: &str) -> Option<RangeInclusive<u32>> {
        let first = self.fields(title)?[0];
        let mut ends = first.split(['-', '~']).map(|m| m.parse::<u32>().ok());
        let start = ends.next()??;
        let end = ends.next().flatten().unwrap_or(start);
        ((1..=12).contains(&start) && (start..=12).contains(&end)).then_some(start..=end)
    }

    /// The heading as a one-row table under the key's other names: `| runs | km |` over
    /// `| 16 | 200 |`, so the table reader reads its fields by their names.
    fn table(&self, title: &str) -> Option<String> {
        let fields = self.fields(title)?;
        let row = |cells: Vec<&str>| format!("| {} |", cells.join(" | "));
        let names: Vec<&str> = self.names[1..].iter().map(String::as_str).collect();
        let rule = vec!["---"; names.len()];
        Some(format!(
            "{}\n{}\n{}",
            row(names),
            row(rule),
            row(fields[1..].to_vec())
        ))
    }
}

/// The entries of `text`'s coded headings, each dated by `date_at` of its line (the first
/// day of its first month, see `dating::heading_dates`).
pub fn entries(
    text: &str,
    key: &Key,
    source: &str,
    date_at: impl Fn(usize) -> Option<NaiveDate>,
) -> Vec<Entry> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let Some(title) = title(line) else { continue };
        let (Some(_), Some(text)) = (key.months(title), key.table(title)) else {
            continue;
        };
        let Some(date) = date_at(i) else { continue };
        let mut e = Entry::logged(source, date, text, i..i + 1);
        e.heading = Some(title.to_string());
        out.push(e);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOG: &str = "> Key: month _ runs _ km\n\n# 2024\n\n## 07_16_200\n\n![](a.png)\n\n## 06_08_73\n\n## 01-05_20_90\n\n### 0628 first 10k\n";

    #[test]
    fn a_key_line_names_the_fields_of_the_headings() {
        let key = key(LOG).expect("a key");
        assert_eq!(key.names, ["month", "runs", "km"]);
        assert_eq!(key.months("07_16_200"), Some(7..=7));
        assert_eq!(key.months("01-05_20_90"), Some(1..=5));
        assert_eq!(key.months("0628 first 10k"), None);
        assert_eq!(
            key.table("07_16_200").as_deref(),
            Some("| runs | km |\n| --- | --- |\n| 16 | 200 |")
        );
    }

    #[test]
    fn no_key_without_three_coded_headings_or_with_digits_in_the_names() {
        assert_eq!(
            key("Key: month _ runs _ km\n\n## 07_16_200\n\n## 06_08_73\n"),
            None
        );
        assert_eq!(
            key("a_1 _ b\n\n## 07_16\n\n## 06_08\n\n## 05_02\n"),
            None,
            "a name with a digit is no key"
        );
        // Sets written as `5/5/5` are not months: the same one comes twice.
        let sets = "squat / bench / row\n\n## 5/5/5\n\n## 3/3/3\n\n## 5/3/1\n";
        assert_eq!(key(sets), None);
    }
}
