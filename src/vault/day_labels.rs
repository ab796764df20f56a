//! Days whose whole log is their heading: `### 07.12 Fri Rest day` or `## 2024-05-01 Run
//! 5k` with nothing under it. What the heading says besides its date becomes that day's
//! entry, so a day marked as rest, or a run written only in a heading, is read like any
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
    let mut logged: Vec<usize> = taken
        .iter()
        .filter(|e| e.log)
        .map(|e| e.lines.start)
        .collect();
    logged.sort_unstable();
    let mut out = Vec::new();
    for (i, (line, date)) in dating.headings.iter().enumerate() {
        let Some(date) = *date else { continue };
        let end = dating
            .headings
            .get(i + 1)
            .map_or(note.line_count(), |(next, _)| *next);
        let first = logged.partition_point(|start| start < line);
        if logged.get(first).is_some_and(|start| *start < end) {
            continue;
        }
        let Some(title) = titles.get(line) else {
            continue;
        };
        let text = heading_label(title);
        if !text.chars().any(char::is_alphabetic) {
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
}
