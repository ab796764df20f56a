//! Numbers no reader could use. The clause stays searchable text and is listed on the
//! record, unless what is left is plainly no measure: dates, times of day, ratios (`1:1`),
//! codes (`Q4`, `v2`), money, links, list numbers.

use std::sync::OnceLock;

use regex::Regex;

use super::clause::Clause;
use super::found::Found;

/// A clause whose numbers no reader took is kept as text and listed, unless what is left
/// is plainly no measure: dates, times of day, ratios, codes like `Q4`, money, links.
pub fn report(c: &Clause, found: &mut Found) {
    // Only a digit makes a clause unread (both tests below need one).
    if !c.text.chars().any(char::is_numeric) {
        return;
    }
    static SKIP: OnceLock<Regex> = OnceLock::new();
    let skip = SKIP.get_or_init(|| {
        Regex::new(concat!(
            r"\[\[[^\]]*\]\]|https?://\S+",
            r"|\d{4}[-/.]\d{1,2}[-/.]\d{1,2}|\d{1,2}[/.]\d{1,2}(?:[/.]\d{2,4})?",
            r"|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s*\d{1,2}\b|\b\d{1,2}\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)",
            r"|\d+\s*(?:월|일|년|月|日|年|시|時|点|号)",
            r"|\b(?:19|20)\d{2}\b|\d+(?:st|nd|rd|th)\b|#\d+",
            r"|\d+:\d+(?::\d+)?\s*(?:am|pm)?|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.|uhr)",
            r"|\b(?:at|@|um|à|around|by|until|till|since|from)\s*\d{1,2}\b",
            r"|[a-z]+\d+[a-z\d]*|\d+[a-z]+\d+",
            r"|[?x_]\s*/\s*10\b",
            r"|[$€£¥₩]\s*\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)?\s*(?:[$€£¥₩]|usd|eur|dollars?|euros?|bucks|원|円|元)",
        ))
        .expect("skip pattern compiles")
    });
    static SCORE: OnceLock<Regex> = OnceLock::new();
    let score = SCORE.get_or_init(|| Regex::new(r"\d\s*/\s*10\b").expect("score compiles"));
    let free = c.free_text();
    let rest = skip.replace_all(&free, " ");
    // `8/10` with nothing to score is unread, not a date.
    if score.is_match(&free) || rest.bytes().any(|b| b.is_ascii_digit()) {
        let text = c.raw.trim().to_string();
        if !found.unreadable.contains(&text) {
            found.unreadable.push(text);
        }
    }
}
