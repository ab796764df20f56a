//! Answers by kind: numbers over parsed records ([`numbers`]), the entries of a period and
//! digests ([`digest`]), and open tasks ([`tasks`]). Each builds a [`Reply`]: a lead whose
//! first sentence holds the result, and one cited line per entry used.

pub mod digest;
pub mod numbers;
pub mod tasks;

use chrono::NaiveDate;

/// How many cited lines an answer shows before folding the rest away.
pub const SHOWN: usize = 5;

/// A computed answer: its lead sentences, the cited lines it rests on, and their notes.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// Sentences before the list; the first holds the result.
    pub head: Vec<String>,
    /// One cited line per entry used, in the order to show them.
    pub items: Vec<String>,
    /// Vault-relative paths of every note used.
    pub notes: Vec<String>,
    /// Show every item (a digest), never folded.
    pub show_all: bool,
}

impl Reply {
    /// Records a note as used (once).
    pub fn used(&mut self, rel: &str) {
        if !self.notes.iter().any(|n| n == rel) {
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
        if self.items.len() > shown {
            out.push_str(&format!("\n> [!note]- All {} entries\n", self.items.len()));
            for item in &self.items {
                out.push_str(&format!("> - {item}\n"));
            }
        }
        out.trim_end().to_string()
    }
}

/// `Sat Nov 21`.
pub fn day(d: NaiveDate) -> String {
    d.format("%a %b %-d").to_string()
}

/// `Sat Nov 21, 2026`.
pub fn full_day(d: NaiveDate) -> String {
    d.format("%a %b %-d, %Y").to_string()
}

/// `n word(s)`.
pub fn count(n: usize, word: &str) -> String {
    match (n, word) {
        (1, w) => format!("1 {w}"),
        (_, "entry") => format!("{n} entries"),
        (_, w) => format!("{n} {w}s"),
    }
}
