//! Corrections found in the notes are applied to the records they correct (the Store's
//! upsert of seed §5.5). They are read from the notes on every pass that parses them, a
//! reindex included, so a correction lasts as long as the text that says it.

use super::{PassReport, Processor};
use crate::error::Result;
use crate::offline::correct::{self, Resolution};
use crate::vault::correction::{apply, CorrectionSource};
use crate::vault::Entry;

/// Whether a note's entry is a correction (see [`correct::is_correction_entry`]).
pub(super) fn is_correction(entry: &Entry) -> bool {
    entry.log && correct::is_correction_entry(entry.heading.as_deref(), &entry.text)
}

impl Processor {
    /// Applies the correction entries read in this pass, oldest first.
    pub(super) fn apply_corrections(&mut self, report: &mut PassReport) -> Result<()> {
        let mut due = std::mem::take(&mut self.corrections_due);
        due.sort_by(|a, b| (a.date, a.time, &a.id).cmp(&(b.date, b.time, &b.id)));
        for entry in due {
            let Some(text) = correct::read(&entry.text) else {
                continue;
            };
            // Written under its target by `input`: the target is in the same note. Else the
            // most recent fitting record up to the correction's own day and time.
            let candidates = if text.pinned.is_some() {
                self.store.records_of(&entry.source)?
            } else {
                let (from, to) = text.days(entry.date, crate::input::CORRECTION_DAYS);
                let mut all = self.store.records_between(from, to);
                all.retain(|r| {
                    r.date < entry.date
                        || entry.time.is_none()
                        || r.timestamp.as_deref().is_none_or(|t| {
                            entry.time.map(|et| et.format("%H:%M").to_string())
                                >= Some(t.to_string())
                        })
                });
                all
            };
            let change = match correct::resolve(&text, &candidates) {
                Resolution::Found(change) => change,
                Resolution::Ambiguous(options) => {
                    let message = format!(
                        "{}: the correction “{}” could be about {}; name the entry to apply it",
                        entry.id,
                        one_line(&entry.text),
                        options
                            .iter()
                            .map(|c| c.describe())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    );
                    tracing::warn!("{message}");
                    report.warnings.push(message);
                    continue;
                }
                Resolution::NotFound => {
                    tracing::info!("{}: no recent entry for this correction", entry.id);
                    continue;
                }
            };
            let Some(mut record) = candidates.into_iter().find(|r| r.id == change.record) else {
                continue;
            };
            let source = CorrectionSource {
                entry: entry.id.0.clone(),
                hash: entry.hash.hex(),
                at: match entry.time {
                    Some(t) => format!("{} {}", entry.date, t.format("%H:%M")),
                    None => entry.date.to_string(),
                },
                text: entry.text.trim().to_string(),
            };
            if apply(&mut record, &change, &source) {
                self.store.save_record(&record)?;
                tracing::info!("corrected {}", change.describe());
                report.corrected.push(change.describe());
            }
        }
        Ok(())
    }
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
