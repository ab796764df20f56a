//! Corrections with models (seed 004 §5.5): the Router confirms that the input corrects
//! something logged earlier and says what it is about; the Parser, reading the correction,
//! names the record and the number it changes. Each step falls back to the rules on its own:
//! a Router that fails leaves the rules' reading of the text (without a hint), a Parser that
//! fails or is rejected leaves the rules to find the target (with the Router's hint).

use super::Flow;
use crate::agents::types::InputType;
use crate::agents::{corrector, router, Ctx};
use crate::offline::correct::{self, Resolution};
use crate::vault::parsed::ParsedRecord;

/// How a correction was read.
#[derive(Debug, Clone, PartialEq)]
pub enum CorrectionRead {
    /// The Router says the text corrects nothing: it is a plain log.
    NotACorrection,
    /// The record and number it changes (or the candidates, when unclear).
    Resolved(Resolution),
}

impl Flow {
    /// Reads the correction `text` against `recent` records (oldest first): with the Router
    /// and Parser models when configured, else (or for the step that failed) with the rules.
    pub async fn read_correction(&self, text: &str, recent: &[ParsedRecord]) -> CorrectionRead {
        let today = super::today_label();
        let cx = |llm| Ctx {
            llm,
            prompts: &self.prompts,
            today: &today,
            journal: None,
        };
        let mut hint = None;
        if let Some(llm) = self.llm_for("router") {
            match router::route(cx(llm), &self.domains, text).await {
                Ok(r) if r.input_type != InputType::Correction => {
                    tracing::info!(
                        "the Router reads “{text}” as {:?}, not as a correction",
                        r.input_type
                    );
                    return CorrectionRead::NotACorrection;
                }
                Ok(r) => hint = r.correction_target.filter(|t| !t.trim().is_empty()),
                Err(e) => tracing::info!("correction routed by the rules: {e}"),
            }
        }
        if let Some(llm) = self.llm_for("parser") {
            match corrector::read(cx(llm), text, hint.as_deref(), recent).await {
                Ok(change) => return CorrectionRead::Resolved(Resolution::Found(change)),
                Err(e) => tracing::info!("correction read by the rules: {e}"),
            }
        }
        CorrectionRead::Resolved(by_rules(text, hint.as_deref(), recent))
    }
}

/// The rules' reading: the Router's hint, when there is one, names the target like the
/// person's own words do.
pub fn by_rules(text: &str, hint: Option<&str>, recent: &[ParsedRecord]) -> Resolution {
    match correct::read(text) {
        Some(mut c) => {
            if let Some(h) = hint {
                c.words = format!("{} {}", c.words, h.to_lowercase());
            }
            correct::resolve(&c, recent)
        }
        None => Resolution::NotFound,
    }
}
