//! Progress for long passes: a bar on a terminal, a plain line every so often otherwise,
//! nothing for short work (so everyday runs and `watch` stay quiet).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};

/// Passes over fewer notes than this show no progress.
const WORTH_SHOWING: usize = 500;
/// Without a terminal, one line at most this often.
const LINE_EVERY: Duration = Duration::from_secs(5);

/// Progress of one pass.
pub struct Progress {
    bar: Option<ProgressBar>,
    plain: Option<(String, usize, Instant)>,
    done: usize,
    /// What is counted (`notes`, `entries`).
    unit: &'static str,
}

impl Progress {
    /// Progress for `total` notes labelled `what` (e.g. "parsing"); silent for small work
    /// or when `quiet`.
    pub fn new(what: &str, total: usize, quiet: bool) -> Progress {
        Self::counting(what, total, "notes", WORTH_SHOWING, quiet)
    }

    /// Progress for `total` entries sent to a model: worth showing however few (each call
    /// may take many seconds).
    pub fn of_entries(what: &str, total: usize, quiet: bool) -> Progress {
        Self::counting(what, total, "entries", 1, quiet)
    }

    fn counting(
        what: &str,
        total: usize,
        unit: &'static str,
        worth_showing: usize,
        quiet: bool,
    ) -> Progress {
        let mut p = Progress {
            bar: None,
            plain: None,
            done: 0,
            unit,
        };
        if quiet || total < worth_showing {
            return p;
        }
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::new(total as u64);
            let template = format!("{{msg}} {{bar:30}} {{pos}}/{{len}} {unit} ({{eta}} left)");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar.set_message(what.to_string());
            p.bar = Some(bar);
        } else {
            p.plain = Some((what.to_string(), total, Instant::now()));
        }
        p
    }

    /// One more note done.
    pub fn tick(&mut self) {
        self.advance(1);
    }

    /// `n` more done.
    pub fn advance(&mut self, n: usize) {
        self.done += n;
        if let Some(bar) = &self.bar {
            bar.inc(n as u64);
        }
        if let Some((what, total, last)) = &mut self.plain {
            if last.elapsed() >= LINE_EVERY {
                eprintln!("{what}: {}/{total} {}", self.done, self.unit);
                *last = Instant::now();
            }
        }
    }

    /// Clears the bar.
    pub fn finish(self) {
        if let Some(bar) = self.bar {
            bar.finish_and_clear();
        }
    }
}
