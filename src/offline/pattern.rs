//! A question pattern compiled only when a question could match it. The readers hold
//! dozens of patterns over every shipped language, and compiling them all was a fifth of a
//! one-shot `ask`. From its syntax, each pattern knows what every match holds: one of the
//! literals its matches start with, one of those they end with, a digit. A text without
//! them is not searched, nor the pattern compiled.

use std::borrow::Cow;
use std::sync::OnceLock;

use regex::{Captures, Regex};
use regex_syntax::hir::literal::{ExtractKind, Extractor};
use regex_syntax::hir::{Class, ClassUnicode, Hir, HirKind};

/// A regular expression compiled on its first use by a text it may match.
#[derive(Debug)]
pub struct Pattern {
    source: String,
    /// Every match starts with one of these; `None` when the syntax does not say.
    starts: Option<Vec<Vec<u8>>>,
    /// Every match ends with one of these; `None` when the syntax does not say.
    ends: Option<Vec<Vec<u8>>>,
    /// Every match holds a digit.
    digit: bool,
    compiled: OnceLock<Regex>,
}

impl Pattern {
    /// Panics when `source` is not a valid pattern (they are the program's own).
    pub fn new(source: &str) -> Pattern {
        let hir = regex_syntax::parse(source)
            .unwrap_or_else(|e| panic!("pattern {source:?} does not parse: {e}"));
        let literals = |kind| {
            let seq = Extractor::new().kind(kind).extract(&hir);
            seq.literals()
                .filter(|all| !all.is_empty() && all.iter().all(|l| !l.as_bytes().is_empty()))
                .map(|all| all.iter().map(|l| l.as_bytes().to_vec()).collect())
        };
        Pattern {
            source: source.to_string(),
            starts: literals(ExtractKind::Prefix),
            ends: literals(ExtractKind::Suffix),
            digit: needs_digit(&hir),
            compiled: OnceLock::new(),
        }
    }

    /// Whether `text` holds all that every match holds.
    fn may_match(&self, text: &str) -> bool {
        let bytes = text.as_bytes();
        let holds_one = |literals: &Option<Vec<Vec<u8>>>| {
            literals
                .as_ref()
                .is_none_or(|all| all.iter().any(|l| memchr::memmem::find(bytes, l).is_some()))
        };
        holds_one(&self.starts)
            && holds_one(&self.ends)
            && (!self.digit || text.chars().any(char::is_numeric))
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

    /// [`Regex::replace_all`], without compiling for a text it cannot match.
    pub fn replace_all<'t>(&self, text: &'t str, with: &str) -> Cow<'t, str> {
        match self.may_match(text) {
            true => self.regex().replace_all(text, with),
            false => Cow::Borrowed(text),
        }
    }

    /// [`Regex::replace`] (the first match), likewise.
    pub fn replace<'t>(&self, text: &'t str, with: &str) -> Cow<'t, str> {
        match self.may_match(text) {
            true => self.regex().replace(text, with),
            false => Cow::Borrowed(text),
        }
    }
}

/// Whether every match of `hir` holds a digit (a character [`char::is_numeric`] accepts).
fn needs_digit(hir: &Hir) -> bool {
    match hir.kind() {
        HirKind::Literal(l) => String::from_utf8_lossy(&l.0).chars().any(char::is_numeric),
        HirKind::Class(Class::Unicode(c)) => {
            // Within `\d`: a set difference of ranges, not a test of each character.
            let mut outside = c.clone();
            outside.difference(digits());
            !c.ranges().is_empty() && outside.ranges().is_empty()
        }
        HirKind::Class(Class::Bytes(c)) => {
            !c.ranges().is_empty()
                && c.ranges()
                    .iter()
                    .all(|r| r.start().is_ascii_digit() && r.end().is_ascii_digit())
        }
        HirKind::Repetition(r) => r.min > 0 && needs_digit(&r.sub),
        HirKind::Capture(c) => needs_digit(&c.sub),
        HirKind::Concat(all) => all.iter().any(needs_digit),
        HirKind::Alternation(all) => all.iter().all(needs_digit),
        HirKind::Empty | HirKind::Look(_) => false,
    }
}

/// The decimal digits of every script (`\d`): within them, [`char::is_numeric`] holds.
fn digits() -> &'static ClassUnicode {
    static DIGITS: OnceLock<ClassUnicode> = OnceLock::new();
    DIGITS.get_or_init(
        || match regex_syntax::parse(r"\d").map(|hir| hir.into_kind()) {
            Ok(HirKind::Class(Class::Unicode(c))) => c,
            other => panic!("\\d is a class of characters: {other:?}"),
        },
    )
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
            (r"\blast\s+(week|month)\b", "last\u{a0}month"),
            (r"[úu]ltim[oa]s\s+(\d+)\s+d[íi]as", "los últimos 10 días"),
            (
                r"(?:지난|저번)\s*주\s*([월화수목금토일])요일",
                "지난주 월요일",
            ),
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
        let dated =
            Pattern::new(r"(\d{1,2})\s*(?:월|月)\s*(\d{1,2})|\bweek\s*(\d+)|(\d{4})-(\d{2})");
        assert!(dated.digit && dated.starts.is_none());
        assert!(!dated.is_match("which week did I run most"));
        assert!(dated.compiled.get().is_none(), "no digit, not compiled");
        assert!(dated.is_match("3月5日") && dated.is_match("week 12"));
        let since = Pattern::new(r"(\d{1,2})\s*(?:월|月)\s*(?:부터|から)");
        assert!(!since.digit || since.ends.is_some());
        assert!(!since.is_match("3月の走行"), "no ending of it");
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
