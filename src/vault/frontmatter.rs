//! YAML frontmatter: found by its `---` fences, parsed leniently (broken YAML is reported,
//! the body is still read).

use std::ops::Range;

use chrono::NaiveDate;

use super::dating::{value_date, DATE_KEYS};

/// A note's frontmatter block.
#[derive(Debug, Clone)]
pub struct Frontmatter {
    /// Byte range of the whole block, fences included.
    pub bytes: Range<usize>,
    /// Number of lines the block spans.
    pub line_count: usize,
    /// The parsed mapping, or the YAML error message.
    pub yaml: Result<serde_yaml::Mapping, String>,
}

impl Frontmatter {
    /// Finds frontmatter at the very start of `text` (`---` line ... `---` or `...` line).
    pub fn find(text: &str) -> Option<Frontmatter> {
        let first_end = text.find('\n')?;
        // A byte order mark before the opening line is not part of it.
        if text[..first_end].trim_end().trim_start_matches('\u{feff}') != "---" {
            return None;
        }
        let mut pos = first_end + 1;
        let mut lines = 1;
        while pos < text.len() {
            let end = text[pos..].find('\n').map_or(text.len(), |i| pos + i + 1);
            let line = text[pos..end].trim_end();
            lines += 1;
            if line == "---" || line == "..." {
                let inner = &text[first_end + 1..pos];
                return Some(Frontmatter {
                    bytes: 0..end,
                    line_count: lines,
                    yaml: parse_yaml(inner),
                });
            }
            pos = end;
        }
        None
    }

    /// The note's date: a `date` key (or `Date`, `날짜`, …) holding a calendar date
    /// (`2026-11-21`, a datetime starting with one, `2026년 11월 21일`, `November 21, 2026`).
    /// The note's title (`title:`), when it has one.
    pub fn title(&self) -> Option<String> {
        let yaml = self.yaml.as_ref().ok()?;
        let title = yaml.get("title")?.as_str()?.trim();
        (!title.is_empty()).then(|| title.to_string())
    }

    ///
    /// Else a key that holds a date word among its parts (`fecha_vista`, `date watched`),
    /// else the one key that holds a whole date (`vista: 19/04/2024`, `watched: 2024-03-18`)
    /// and does not describe the note itself (`created`).
    pub fn date(&self) -> Option<NaiveDate> {
        let map = self.yaml.as_ref().ok()?;
        let pairs: Vec<(String, &str)> = map
            .iter()
            .filter_map(|(key, value)| Some((key.as_str()?.trim().to_lowercase(), value.as_str()?)))
            .collect();
        let read = |text: &str| {
            let head = text.trim().get(..10);
            head.and_then(|h| NaiveDate::parse_from_str(h, "%Y-%m-%d").ok())
                .or_else(|| value_date(text, chrono::Local::now().date_naive()))
        };
        if let Some((_, text)) = pairs.iter().find(|(k, _)| DATE_KEYS.contains(&k.as_str())) {
            return read(text);
        }
        let has_date_word = |k: &str| {
            k.split(['_', '-', ' '])
                .any(|part| DATE_KEYS.contains(&part))
        };
        if let Some(date) = pairs
            .iter()
            .filter(|(k, _)| has_date_word(k))
            .find_map(|(_, text)| read(text))
        {
            return Some(date);
        }
        let dated: Vec<(&str, NaiveDate)> = pairs
            .iter()
            .filter(|(k, _)| !super::entry::NOTE_KEYS.contains(&k.as_str()))
            .filter(|(_, text)| with_year(text))
            .filter_map(|(k, text)| Some((k.as_str(), read(text)?)))
            .collect();
        // `started: 2024-07-14` / `finished: 2024-08-25` (a book's note): the day it was
        // finished, as its row is.
        let finished = crate::offline::read::lexicon::lexicon()
            .fields
            .get("finished");
        let done = |k: &str| finished.is_some_and(|words| words.iter().any(|w| w == k));
        match dated.as_slice() {
            [(_, one)] => Some(*one),
            many => many.iter().find(|(k, _)| done(k)).map(|(_, d)| *d),
        }
    }
}

/// Whether a value writes a year (four digits together): `9/10` is a score, not a date.
fn with_year(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_digit())
        .any(|run| run.len() == 4)
}

fn parse_yaml(inner: &str) -> Result<serde_yaml::Mapping, String> {
    if inner.trim().is_empty() {
        return Ok(serde_yaml::Mapping::new());
    }
    match serde_yaml::from_str::<serde_yaml::Value>(inner) {
        Ok(serde_yaml::Value::Mapping(map)) => Ok(map),
        Ok(serde_yaml::Value::Null) => Ok(serde_yaml::Mapping::new()),
        Ok(_) => Err("frontmatter is not a key: value mapping".to_string()),
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_block_and_date() {
        let fm = Frontmatter::find("---\ndate: 2026-10-03\ntags: [run]\n---\nbody\n").unwrap();
        assert_eq!(fm.line_count, 4);
        assert_eq!(fm.date(), NaiveDate::from_ymd_opt(2026, 10, 3));
    }

    #[test]
    fn broken_yaml_is_an_error_value_not_a_failure() {
        let fm = Frontmatter::find("---\ndate: [unclosed\n---\nbody\n").unwrap();
        assert!(fm.yaml.is_err());
        assert_eq!(fm.bytes, 0..24);
    }

    #[test]
    fn a_date_key_in_any_case_or_language_with_a_written_date() {
        let date = |text: &str| Frontmatter::find(text).and_then(|fm| fm.date());
        let nov5 = NaiveDate::from_ymd_opt(2026, 11, 5);
        assert_eq!(date("---\nDate: 2026-11-05 21:13:00 +0900\n---\n"), nov5);
        assert_eq!(date("---\n날짜: 2026년 11월 5일\n---\n"), nov5);
        assert_eq!(date("---\ndate: November 5, 2026\n---\n"), nov5);
        assert_eq!(date("---\ncreated: 2026-11-05\n---\n"), None);
        assert_eq!(date("---\nfecha_vista: 2026-11-05\nnota: 8\n---\n"), nov5);
        assert_eq!(
            date("---\ntítulo: Flow\nvista: 19/11/2026\nnota: 9/10\n---\n"),
            NaiveDate::from_ymd_opt(2026, 11, 19)
        );
        // A book's note: the day it was finished.
        assert_eq!(
            date("---\nstarted: 2026-10-01\nfinished: 2026-11-05\n---\n"),
            nov5
        );
        assert_eq!(date("---\nfrom: 2026-10-01\nto: 2026-11-05\n---\n"), None);
    }

    #[test]
    fn no_closing_fence_means_no_frontmatter() {
        assert!(Frontmatter::find("---\njust a rule above\n").is_none());
        assert!(Frontmatter::find("text\n---\n").is_none());
    }
}
