//! Days whose whole log is their heading: `### 07.12 Fri Rest day` or `## 2024-05-01 Run
//! 5k` with nothing under it, or with lines under it that hold no figure (`### 22号 轻松跑
//! 8.1公里` over `没带心率带。`). What the heading says besides its date becomes an entry of
//! that day, so a day marked as rest, or a run written only in a heading, is read like any
//! other line.

use std::collections::HashMap;

use super::dating::heading_label;
use super::entry::Entry;
use super::index::Dating;
use super::note::{BlockKind, Note};

/// One entry per dated heading of `note` that has words besides its date and no log entry
/// of `taken` under it.
pub fn entries(note: &Note, source: &str, dating: &Dating, taken: &[Entry]) -> Vec<Entry> {
    // Read once, not per heading: a note may have thousands of dated sections.
    let titles: HashMap<usize, &str> = note
        .blocks
        .iter()
        .filter_map(|b| match &b.kind {
            BlockKind::Heading { text, .. } => Some((b.lines.start, text.as_str())),
            _ => None,
        })
        .collect();
    let mut logged: Vec<(usize, bool)> = taken
        .iter()
        .filter(|e| e.log)
        .map(|e| (e.lines.start, e.text.contains(|c: char| c.is_ascii_digit())))
        .collect();
    logged.sort_unstable();
    let mut out = Vec::new();
    for (i, (line, date)) in dating.headings.iter().enumerate() {
        let Some(date) = *date else { continue };
        let end = dating
            .headings
            .get(i + 1)
            .map_or(note.line_count(), |(next, _)| *next);
        let first = logged.partition_point(|(start, _)| start < line);
        let under = logged[first..].iter().take_while(|(start, _)| *start < end);
        let (mut any, mut counted) = (false, false);
        for (_, digits) in under {
            any = true;
            counted |= *digits;
        }
        let Some(title) = titles.get(line) else {
            continue;
        };
        let text = heading_label(title);
        if !text.chars().any(char::is_alphabetic) {
            continue;
        }
        // `### 22号 轻松跑 8.1公里` over `没带心率带。`: a heading that holds the day's
        // figure, above lines that hold none, is read too.
        let figure = text.contains(|c: char| c.is_ascii_digit());
        if any && (!figure || counted) {
            continue;
        }
        out.push(Entry::logged(source, date, text, *line..*line + 1));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vault::entry::entries_dated;
    use chrono::NaiveDate;

    fn entries_of(text: &str) -> Vec<(String, String)> {
        let note = Note::parse(text.to_string());
        let daily = crate::config::DailyNotes {
            folder: "Daily".into(),
            format: crate::config::moment::DateFormat::new("YYYY-MM-DD"),
        };
        let dating = crate::vault::index::date_note("log.md", &daily, None, Some(text));
        let today = NaiveDate::from_ymd_opt(2024, 12, 31).unwrap();
        entries_dated(&note, "log.md", &dating, today)
            .into_iter()
            .filter(|e| e.log)
            .map(|e| (e.date.to_string(), e.text))
            .collect()
    }

    #[test]
    fn a_day_with_only_its_heading_is_logged_by_the_heading() {
        let text = "# 2024\n\n## 7月\n\n### 07.12 周五 休息日\n\n### 07.13 周六 20:00 臀腿日\n\n- 杠铃深蹲 40斤 12 * 4\n\n## 2024-05-01 Run 5k\n\n## 2024-05-02 Thursday\n\n## 2024-05-03 (Fri) Día de descanso\n";
        let got = entries_of(text);
        let texts: Vec<(&str, &str)> = got.iter().map(|(d, t)| (d.as_str(), t.as_str())).collect();
        assert!(texts.contains(&("2024-07-12", "休息日")), "{texts:?}");
        assert!(texts.contains(&("2024-05-01", "Run 5k")), "{texts:?}");
        assert!(
            texts.contains(&("2024-05-03", "Día de descanso")),
            "{texts:?}"
        );
        // A day with lines under it is logged by them, not by its heading.
        assert!(!texts.iter().any(|(_, t)| *t == "臀腿日"), "{texts:?}");
        // A heading that says only its date and weekday is no entry.
        assert!(!texts.iter().any(|(d, _)| *d == "2024-05-02"), "{texts:?}");
    }

    #[test]
    fn a_heading_with_the_days_figure_over_lines_without_one_is_logged_too() {
        let text = "## 2024年9月

### 22号 轻松跑 8.1公里
没带心率带。

### 24日 节奏跑
距离：7.4 km

## 2024-05-01 Run 5k
- 5k in 25:10
";
        let got = entries_of(text);
        let texts: Vec<(&str, &str)> = got.iter().map(|(d, t)| (d.as_str(), t.as_str())).collect();
        assert!(
            texts.contains(&("2024-09-22", "轻松跑 8.1公里")),
            "{texts:?}"
        );
        // Lines under the heading that hold the figure are the day's log alone.
        assert!(
            !texts.iter().any(|(_, t)| *t == "节奏跑" || *t == "Run 5k"),
            "{texts:?}"
        );
    }
}
