//! A question pattern compiled only when a question could match it. The readers hold
//! dozens of patterns over every shipped language, and compiling them all was a fifth of a
//! one-shot `ask`: each pattern knows the literals every match of it starts with (taken
//! from its syntax), and a text holding none of them is not searched, nor the pattern
//! compiled.

use std::sync::OnceLock;

use regex::{Captures, Regex};
use regex_syntax::hir::literal::{ExtractKind, Extractor};

/// A regular expression compiled on its first use by a text it may match.
#[derive(Debug)]
pub struct Pattern {
    source: String,
    /// Every match starts with one of these; `None` when the syntax does not say.
    starts: Option<Vec<Vec<u8>>>,
    compiled: OnceLock<Regex>,
}

impl Pattern {
    /// Panics when `source` is not a valid pattern (they are the program's own).
    pub fn new(source: &str) -> Pattern {
        let hir = regex_syntax::parse(source)
            .unwrap_or_else(|e| panic!("pattern {source:?} does not parse: {e}"));
        let seq = Extractor::new().kind(ExtractKind::Prefix).extract(&hir);
        let starts = seq
            .literals()
            .filter(|all| !all.is_empty() && all.iter().all(|l| !l.as_bytes().is_empty()))
            .map(|all| all.iter().map(|l| l.as_bytes().to_vec()).collect());
        Pattern {
            source: source.to_string(),
            starts,
            compiled: OnceLock::new(),
        }
    }

    /// Whether some match could start in `text`.
    fn may_match(&self, text: &str) -> bool {
        let text = text.as_bytes();
        self.starts.as_ref().is_none_or(|starts| {
            starts
                .iter()
                .any(|s| memchr::memmem::find(text, s).is_some())
        })
    }

    fn regex(&self) -> &Regex {
        self.compiled.get_or_init(|| {
            Regex::new(&self.source).unwrap_or_else(|e| panic!("{:?}: {e}", self.source))
        })
    }

    pub fn captures<'t>(&self, text: &'t str) -> Option<Captures<'t>> {
        self.may_match(text).then(|| self.regex().captures(text))?
    }

    pub fn is_match(&self, text: &str) -> bool {
        self.may_match(text) && self.regex().is_match(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pattern_finds_what_its_regex_finds_and_is_compiled_only_when_it_may() {
        let cases = [
            (
                r"\b(?:between|from)\s+(\w+)\s+(?:and|to)\s+(\w+)",
                "runs from may to june",
            ),
            (r"이번\s*주|今週|\bthis\s+week\b", "이번주 운동"),
            (r"(\d{1,2})\s*(?:월|月)", "3月の走行"),
            (r"(?i)\blast\s+(week|month)\b", "LAST Month"),
            (
                r"(?:^|[^\d.:/-])((?:19|20)\d\d)(?:$|[^\d.:/-])",
                "seit 2021 gelaufen",
            ),
        ];
        for (source, text) in cases {
            let pattern = Pattern::new(source);
            let regex = Regex::new(source).unwrap();
            for t in [text, "nothing here", ""] {
                assert_eq!(pattern.is_match(t), regex.is_match(t), "{source} {t:?}");
                let got = pattern.captures(t).map(|c| c[0].to_string());
                let want = regex.captures(t).map(|c| c[0].to_string());
                assert_eq!(got, want, "{source} {t:?}");
            }
        }
        let week = Pattern::new(r"\b(?:this|last)\s+week\b");
        assert!(!week.is_match("how far did I run in june"));
        assert!(
            week.compiled.get().is_none(),
            "not compiled for a text without it"
        );
        assert!(week.is_match("how far this week"));
        assert!(week.compiled.get().is_some());
    }
}
