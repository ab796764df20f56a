//! The first time a measure passed a bound (`first run of 20 km or more`, `初めて15km以上走った
//! のはいつ`, `when did I first get under 80kg`): the earliest reading of the measure the
//! question names that passes the bound it writes, from the typed readers' records.

use super::plan;
use crate::offline::answer::Frame;
use crate::offline::cues;
use crate::offline::kinds::Reply;
use crate::offline::metric::series;
use crate::offline::query::Metric;
use crate::offline::read::lexicon::lexicon;
use crate::offline::say::t;
use crate::vault::Store;

/// The day the measure first passed the bound, or `None` when the question asks no first
/// time of a measure with a bound, or no reading passes it.
pub fn answer(store: &Store, frame: &Frame) -> Option<Reply> {
    let q = plan::words_of(frame);
    if !cues::has(&q, &lexicon().questions.first) {
        return None;
    }
    let query = &frame.query;
    let asked = query.metrics.first()?;
    // `first get under 80kg`: a bound in a unit of weight and no measure named is the body's.
    let weighed = matches!(asked, Metric::Measure { .. })
        && query
            .threshold
            .as_ref()
            .and_then(|b| b.unit.as_deref())
            .is_some_and(|u| matches!(u, "kg" | "lb"));
    let metric = if weighed { &Metric::BodyWeight } else { asked };
    let min_km = query.runs.min_km.filter(|_| metric.is_running());
    let bound = query.threshold.as_ref();
    if min_km.is_none() && bound.is_none() {
        return None;
    }
    let (start, end) = match query.range.as_ref() {
        Some(r) => (r.start, r.end),
        None => store.index().span()?,
    };
    let records = match metric.domains() {
        Some(domains) => store.records_in(start, end, domains),
        None => store.records_between(start, end),
    };
    let points = series(metric, &records);
    let first = points
        .iter()
        .filter(|p| min_km.is_none_or(|km| p.value >= km))
        .filter(|p| bound.is_none_or(|b| b.passes(p.value, metric.unit())))
        .min_by_key(|p| p.date)?;
    let mut reply = Reply::default();
    let link = store.cite_record(first.record);
    reply.head.push(t(
        "rows_date",
        &[
            ("date", &super::day(first.date)),
            ("detail", &format!(" ({})", first.detail)),
            ("link", &link),
        ],
    ));
    reply.used(&first.record.source_file);
    Some(reply)
}
