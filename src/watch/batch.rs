//! Raw file events -> debounced batches, as a pure structure driven by explicit instants
//! (tests replay event sequences as data, no sleeping).

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Collects changed paths and releases each once it has been quiet for `debounce`.
#[derive(Debug)]
pub struct Debouncer<P> {
    debounce: Duration,
    pending: HashMap<P, Instant>,
    rescan_at: Option<Instant>,
}

impl<P: std::hash::Hash + Eq + Clone + Ord> Debouncer<P> {
    /// A debouncer with the given quiet time.
    pub fn new(debounce: Duration) -> Self {
        Debouncer {
            debounce,
            pending: HashMap::new(),
            rescan_at: None,
        }
    }

    /// A change to `path` seen at `at`; restarts that path's quiet timer.
    pub fn touch(&mut self, path: P, at: Instant) {
        self.pending.insert(path, at);
    }

    /// The watcher lost events (queue overflow): rescan everything once things settle.
    pub fn request_rescan(&mut self, at: Instant) {
        self.rescan_at = Some(at);
    }

    /// Paths quiet since `now - debounce`, in order; they leave the debouncer.
    pub fn take_due(&mut self, now: Instant) -> Vec<P> {
        let mut due: Vec<P> = self
            .pending
            .iter()
            .filter(|(_, &at)| now.saturating_duration_since(at) >= self.debounce)
            .map(|(p, _)| p.clone())
            .collect();
        for p in &due {
            self.pending.remove(p);
        }
        due.sort();
        due
    }

    /// True (once) when a requested rescan has become due.
    pub fn take_rescan(&mut self, now: Instant) -> bool {
        match self.rescan_at {
            Some(at) if now.saturating_duration_since(at) >= self.debounce => {
                self.rescan_at = None;
                self.pending.clear();
                true
            }
            _ => false,
        }
    }

    /// Whether a rescan was asked for (due or not yet).
    pub fn rescan_requested(&self) -> bool {
        self.rescan_at.is_some()
    }

    /// When the next path (or rescan) becomes due, if anything is pending.
    pub fn next_deadline(&self) -> Option<Instant> {
        self.pending
            .values()
            .chain(self.rescan_at.iter())
            .min()
            .map(|at| *at + self.debounce)
    }

    /// Number of paths waiting.
    pub fn len(&self) -> usize {
        self.pending.len()
    }

    /// True when nothing is waiting.
    pub fn is_empty(&self) -> bool {
        self.pending.is_empty() && self.rescan_at.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: Duration = Duration::from_millis(2000);

    fn ms(base: Instant, n: u64) -> Instant {
        base + Duration::from_millis(n)
    }

    #[test]
    fn a_burst_of_saves_is_one_batch_after_the_last_event() {
        let t = Instant::now();
        let mut d = Debouncer::new(D);
        // An editor's rename-save: write temp, rename over, modify, all within 300 ms.
        for n in [0, 100, 300] {
            d.touch("Daily/2026-11-21.md", ms(t, n));
        }
        assert!(
            d.take_due(ms(t, 2200)).is_empty(),
            "only 1.9 s since the last event"
        );
        assert_eq!(d.next_deadline(), Some(ms(t, 2300)));
        assert_eq!(d.take_due(ms(t, 2300)), ["Daily/2026-11-21.md"]);
        assert!(d.is_empty());
    }

    #[test]
    fn typing_keeps_a_file_waiting_while_another_is_released() {
        let t = Instant::now();
        let mut d = Debouncer::new(D);
        d.touch("a.md", ms(t, 0));
        for n in (0..5000).step_by(500) {
            d.touch("b.md", ms(t, n));
        }
        assert_eq!(d.take_due(ms(t, 5000)), ["a.md"]);
        // The last keystroke was at 4.5 s.
        assert!(d.take_due(ms(t, 6400)).is_empty());
        assert_eq!(d.take_due(ms(t, 6500)), ["b.md"]);
    }

    #[test]
    fn overflow_turns_into_one_rescan_replacing_pending_paths() {
        let t = Instant::now();
        let mut d = Debouncer::new(D);
        d.touch("a.md", ms(t, 0));
        d.request_rescan(ms(t, 10));
        assert!(!d.take_rescan(ms(t, 1000)));
        assert!(d.take_rescan(ms(t, 2010)));
        assert!(!d.take_rescan(ms(t, 5000)));
        assert!(d.take_due(ms(t, 5000)).is_empty());
    }
}
