//! Reading the vault again with a new reader. The index keeps the fingerprint of the reader
//! its records were read with (see [`crate::offline::fingerprint`]); when the program's
//! differs (an upgrade), the next full pass reads every note again and gives each record
//! the rules read the new reader's reading. Records a model refined and records the person
//! corrected are kept as they are; nothing is sent to the model again. The pass says so
//! once, with progress on a terminal, and stores the new fingerprint when it is done (an
//! interrupted re-read starts over on the next pass). An unchanged fingerprint costs one
//! query when the vault is opened.

use super::Processor;
use crate::error::Result;
use crate::vault::Store;

/// Whether the records of `store` were read by another reader than `fingerprint` and are
/// to be read again. A new index is read by this one from the start: it is marked so.
pub(super) fn due(store: &Store, fingerprint: &str) -> Result<bool> {
    let db = store.record_db();
    if store.records_are_new() {
        db.set_reader(fingerprint)?;
        return Ok(false);
    }
    Ok(db.reader()?.as_deref() != Some(fingerprint))
}

/// `n` with a comma between thousands (`8,412`).
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

impl Processor {
    /// Whether the records wait to be read again with this program's reader (a pass that
    /// does not re-read, like `ask`'s, answers from the earlier readings meanwhile).
    pub fn reread_pending(&self) -> bool {
        self.reread_due
    }

    /// Starts the re-read when it is due: every note is read again in this pass (see the
    /// module's documentation). Returns whether it started.
    pub(super) fn start_reread(&mut self) -> Result<bool> {
        if !self.reread_due {
            return Ok(false);
        }
        let n = self.store.record_db().rules_read_count()?;
        if n == 0 {
            self.finish_reread()?;
            return Ok(false);
        }
        let message = format!("re-reading {} entries with the new reader", thousands(n));
        tracing::info!("{message}");
        if self.show_progress {
            eprintln!("{message}");
        }
        for fs in self.state.files.values_mut() {
            fs.hash.clear();
            fs.seen = None;
        }
        self.state_dirty = true;
        self.rereading = true;
        Ok(true)
    }

    /// Records that the records are read with this program's reader.
    pub(super) fn finish_reread(&mut self) -> Result<()> {
        self.store.record_db().set_reader(&self.config.reader)?;
        self.reread_due = false;
        self.rereading = false;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_set_apart() {
        assert_eq!(super::thousands(7), "7");
        assert_eq!(super::thousands(842), "842");
        assert_eq!(super::thousands(8412), "8,412");
        assert_eq!(super::thousands(1_234_567), "1,234,567");
    }
}
