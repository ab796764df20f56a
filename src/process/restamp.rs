//! Our own writes leave a note with no stamp to trust: it changed moments ago (see
//! [`crate::vault::stamp`]). Once the file system's clock tick has passed, such a note is
//! read once more and, still at the content we settled it at, its stamp is remembered, so
//! the next run need not read it and finds nothing to change.

use std::time::SystemTime;

use super::Processor;
use crate::vault::read::read_persons_note;
use crate::vault::stamp::{has_fractions, Stamp, SETTLE_FINE};
use crate::vault::ContentHash;

impl Processor {
    /// Remembers the stamps of the notes settled this pass without one (our writes), after
    /// waiting out the clock tick of file systems with fine times (at most [`SETTLE_FINE`]).
    /// Where times are whole seconds the wait would be seconds: those are read next run.
    pub(super) fn restamp_written(&mut self) {
        let rels = std::mem::take(&mut self.unstamped);
        let mut waiting = Vec::new();
        for rel in rels {
            match self.stamp_now(&rel) {
                Some((hash, stamp)) => self.saw(&rel, hash, stamp),
                None => waiting.push(rel),
            }
        }
        let fine_times = waiting.iter().any(|rel| {
            std::fs::metadata(self.config.vault.join(rel))
                .and_then(|meta| meta.modified())
                .is_ok_and(has_fractions)
        });
        if !fine_times {
            return;
        }
        std::thread::sleep(SETTLE_FINE);
        for rel in waiting {
            if let Some((hash, stamp)) = self.stamp_now(&rel) {
                self.saw(&rel, hash, stamp);
            }
        }
    }

    /// The note's content hash and a stamp that held before and after it was read.
    fn stamp_now(&self, rel: &str) -> Option<(ContentHash, Stamp)> {
        let path = self.config.vault.join(rel);
        let stamp_of = || Stamp::of(&std::fs::metadata(&path).ok()?, SystemTime::now());
        let before = stamp_of()?;
        let text = read_persons_note(&path, self.config.max_note_bytes).ok()?;
        (stamp_of()? == before).then(|| (ContentHash::of(text.as_bytes()), before))
    }
}
