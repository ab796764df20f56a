//! Two periods set side by side (DESIGN §4.0, the Plan's `compare`): `how many more km in
//! October than in September`, `9月と10月の平均気分の差は？`, `11월보다 10월에 몇 번 더
//! 갔어?`. The question is answered for each period alone, by whatever answers it for one,
//! and the difference of the two figures is told first.

use chrono::NaiveDate;

use super::answer::{self, ExtractiveAnswer, Frame};
use super::dates::DateRange;
use super::provenance;
use super::read::lexicon::lexicon;
use super::say::t;
use crate::domains::Domains;
use crate::error::Result;
use crate::vault::Store;

/// The answer to a question over two periods that asks how they differ, or `None` when it
/// asks no difference or the two answers hold no figures of one kind.
pub fn answer(
    store: &Store,
    domains: &Domains,
    frame: &Frame,
    anchor: NaiveDate,
) -> Result<Option<ExtractiveAnswer>> {
    let (Some(a), Some(b)) = (&frame.query.range, &frame.query.other_range) else {
        return Ok(None);
    };
    // Runs and nights asked as a comparison are compared by `analyze` with their own
    // figures (runs by count and distance, nights by their average).
    use super::query::{Metric, QueryType};
    let metric = frame.query.metrics.first();
    let own_figures = matches!(metric, Some(Metric::Runs | Metric::Sleep));
    let lower = frame.question.to_lowercase();
    if own_figures && frame.query.kind == QueryType::Comparison
        || !super::cues::has(&lower, &lexicon().questions.difference)
    {
        return Ok(None);
    }
    // The period the other is compared to comes second (`than in September`).
    let (a, b) = match super::query::compared_to(&lower, &a.phrase) {
        true => (b, a),
        false => (a, b),
    };
    // Each side is the question without either period or its words of a difference
    // (`más`, `more`), asked of that one. A lone ideograph may be part of a word (`多` of
    // `多少`) and stays.
    let mut rest = lower
        .replacen(&a.phrase, " ", 1)
        .replacen(&b.phrase, " ", 1);
    for w in &lexicon().questions.difference {
        if !(crate::domains::has_spaceless(w) && w.chars().count() == 1) {
            rest = super::lookup::replace_word(&rest, w);
        }
    }
    let side = |r: &DateRange| -> Result<ExtractiveAnswer> {
        let mut one = Frame::read(&rest, anchor, store.config().week_start, domains);
        one.query.range = Some(r.clone());
        one.query.other_range = None;
        one.lang = frame.lang;
        answer::answer_frame(store, domains, one, anchor)
    };
    let (now, then) = (side(a)?, side(b)?);
    let (Some(x), Some(y)) = (Figure::of(&now), Figure::of(&then)) else {
        return Ok(None);
    };
    // One unit on both sides (`7 days`, `1 day`).
    let one_kind = |a: &str, b: &str| a.starts_with(b) || b.starts_with(a);
    if x.before != y.before || !one_kind(&x.after, &y.after) {
        return Ok(None);
    }
    let _speaking = super::say::speak(frame.lang);
    let (when, other) = (a.describe(), b.describe());
    let diff = x.value - y.value;
    let key = match diff {
        d if d.abs() < 1e-9 => "cmp_same",
        d if d > 0.0 => "cmp_more",
        _ => "cmp_less",
    };
    let decimals = x.decimals.max(y.decimals);
    let unit = if x.after.len() >= y.after.len() {
        &x.after
    } else {
        &y.after
    };
    let amount = format!("{}{:.*}{}", x.before, decimals, diff.abs(), unit);
    let mut body = t(
        key,
        &[("amount", &amount), ("when", &when), ("other", &other)],
    );
    body.push('\n');
    body.push_str(&t(
        "cmp_line",
        &[
            ("what", ""),
            ("when", &when),
            ("a", &x.shown),
            ("other", &other),
            ("b", &y.shown),
        ],
    ));
    let body = super::say::capitalize(body.trim_start());
    let trails: Vec<_> = now.provenance.into_iter().chain(then.provenance).collect();
    let mut sources = now.sources;
    for s in then.sources {
        if !sources.contains(&s) {
            sources.push(s);
        }
    }
    let text = format!(
        "{body}\n\n{}\n\n{}",
        provenance::blocks(&trails, frame.lang),
        t("footer_computed", &[])
    );
    Ok(Some(ExtractiveAnswer {
        body: super::say::decimals(&text),
        sources,
        provenance: trails,
    }))
}

/// The figure an answer computed first: its one number and what is written around it.
struct Figure {
    shown: String,
    value: f64,
    before: String,
    after: String,
    decimals: usize,
}

impl Figure {
    /// The first computed figure's result, else the body's first figure in bold (`**7
    /// days**`).
    fn of(answer: &ExtractiveAnswer) -> Option<Figure> {
        let bold = || {
            let (_, after) = answer.body.split_once("**")?;
            Some(after.split_once("**")?.0.to_string())
        };
        let shown = match answer.provenance.first() {
            Some(p) => p.result.clone(),
            None => bold()?,
        };
        let is_num = |c: char| c.is_ascii_digit() || matches!(c, '.' | ',');
        let start = shown.find(|c: char| c.is_ascii_digit())?;
        let end = shown[start..]
            .find(|c: char| !is_num(c))
            .map_or(shown.len(), |e| start + e);
        let run = shown[start..end].trim_end_matches(['.', ',']);
        // One number only: `1:45:00` or `1시간 45분` are no one figure.
        let after = &shown[start + run.len()..];
        if after.contains(|c: char| c.is_ascii_digit()) {
            return None;
        }
        let shown_value = super::read::value::grouped(run)?;
        // The figure before it was rounded, where its inputs give it back (`3.636` of
        // `3.64`), so that the difference is not of two roundings.
        let exact = answer.provenance.first().and_then(|p| {
            let numbers = p.inputs.iter().map(|i| i.number);
            let n = p.inputs.len() as f64;
            match p.operation {
                _ if n == 0.0 => None,
                super::provenance::Operation::Sum => Some(numbers.sum::<f64>()),
                super::provenance::Operation::Mean => Some(numbers.sum::<f64>() / n),
                _ => None,
            }
        });
        let value = exact
            .filter(|x| (x - shown_value).abs() <= 0.01 * shown_value.abs().max(1.0))
            .unwrap_or(shown_value);
        let decimals = match run.rfind(['.', ',']) {
            Some(at) if (shown_value.fract() != 0.0) => run.len() - at - 1,
            _ => 0,
        };
        Some(Figure {
            before: shown[..start].to_string(),
            after: after.to_string(),
            shown,
            value,
            decimals,
        })
    }
}
