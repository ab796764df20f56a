//! Answers by kind: numbers over parsed records ([`numbers`], lifting's own in [`lifting`]),
//! the entries of a period and digests ([`digest`]), and open tasks ([`tasks`]). Each builds
//! a [`Reply`]: a lead whose first sentence holds the result, and one cited line per entry
//! used.

pub mod days;
pub mod digest;
pub mod lifting;
pub mod numbers;
pub mod tasks;
pub mod weekly;
pub mod yearly;

use chrono::NaiveDate;

/// How many cited lines an answer shows before folding the rest away.
pub const SHOWN: usize = 5;

/// A computed answer: its lead sentences, the cited lines it rests on, and their notes.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// Sentences before the list; the first holds the result.
    pub head: Vec<String>,
    /// One cited line per entry used, in the order to show them, up to [`LISTED`].
    pub items: Vec<String>,
    /// How many entries used were not written as lines (beyond [`LISTED`]).
    pub unlisted: usize,
    /// Vault-relative paths of every note used.
    pub notes: Vec<String>,
    /// Show every item (a digest), never folded.
    pub show_all: bool,
    /// How each computed figure of the head was computed.
    pub provenance: Vec<crate::offline::provenance::Provenance>,
    /// What the answer computed, point by point, when it is worth a chart.
    pub series: Option<crate::offline::chart::Plot>,
    /// The notes of `notes`, to record each once without searching the list (an all-time
    /// answer uses thousands).
    used: std::collections::HashSet<String>,
}

impl Reply {
    /// Records a note as used (once).
    pub fn used(&mut self, rel: &str) {
        if !self.used.contains(rel) {
            self.used.insert(rel.to_string());
            self.notes.push(rel.to_string());
        }
    }

    /// The answer's markdown: the head, the first [`SHOWN`] items, and when there are more,
    /// every item in a folded callout (its lines get the answer callout's `> ` prefix).
    pub fn render(&self) -> String {
        let mut out = self.head.join(" ");
        if self.items.is_empty() {
            return out;
        }
        out.push_str("\n\n");
        let shown = if self.show_all {
            self.items.len()
        } else {
            SHOWN
        };
        for item in self.items.iter().take(shown) {
            out.push_str(&format!("- {item}\n"));
        }
        let total = self.items.len() + self.unlisted;
        if total > shown {
            // The "How this was computed" block below lists every input already.
            if self.provenance.iter().any(|p| !p.inputs.is_empty()) {
                let more = (total - shown).to_string();
                out.push_str(&crate::offline::say::t("more_below", &[("n", &more)]));
            } else {
                out.push('\n');
                out.push_str(&folded(self.items.iter().cloned(), total));
            }
        }
        out.trim_end().to_string()
    }
}

/// At most this many lines in a folded list: an all-time question over years of notes
/// would otherwise write a callout of megabytes into the note.
pub const MAX_FOLDED: usize = 300;

/// The most cited lines a reply writes: those shown and those folded.
pub const LISTED: usize = SHOWN + MAX_FOLDED;

/// The folded `> [!note]- All N entries` callout listing `items` (`total` of them), cut
/// after [`MAX_FOLDED`] lines with a line saying how many more there are.
pub fn folded(items: impl Iterator<Item = String>, total: usize) -> String {
    let all = crate::offline::say::t("folded_all", &[("n", &total.to_string())]);
    let mut out = format!("> [!note]- {all}\n");
    for item in items.take(MAX_FOLDED) {
        out.push_str(&format!("> - {item}\n"));
    }
    if total > MAX_FOLDED {
        let more = (total - MAX_FOLDED).to_string();
        out.push_str(&format!(
            "> - {}\n",
            crate::offline::say::t("folded_more", &[("n", &more)])
        ));
    }
    out
}

/// `Sat Nov 21`.
pub fn day(d: NaiveDate) -> String {
    crate::offline::say::day(d)
}

/// `Sat Nov 21, 2026`.
pub fn full_day(d: NaiveDate) -> String {
    crate::offline::say::full_day(d)
}

/// `n word(s)`.
pub fn count(n: usize, word: &str) -> String {
    crate::offline::say::count(n, word)
}

#[cfg(test)]
mod folded_tests {
    use super::*;

    #[test]
    fn a_long_folded_list_is_cut_and_says_how_many_more() {
        let items = (0..1000).map(|i| format!("entry {i}"));
        let out = folded(items, 1000);
        assert!(out.starts_with("> [!note]- All 1000 entries\n"));
        assert_eq!(
            out.lines().filter(|l| l.starts_with("> - entry")).count(),
            MAX_FOLDED
        );
        assert!(out.contains("… and 700 more"), "{out}");
        let short = folded((0..3).map(|i| format!("e{i}")), 3);
        assert_eq!(short.lines().count(), 4);
        assert!(!short.contains("more"));
    }
}
