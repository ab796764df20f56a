//! How a weekly figure changed (`how has my weekly mileage changed`): the first week's
//! figure against the last's, every week listed and drawn.

use chrono::NaiveDate;

use super::{count, day, Reply};
use crate::offline::chart::{Plot, Step};
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::say::{capitalize, t};

/// One week's figure.
pub struct Week {
    /// The week's first day.
    pub start: NaiveDate,
    pub value: f64,
    /// As the answer shows it (`13 miles`).
    pub shown: String,
    pub link: String,
    pub source: String,
}

/// The change from the first of `weeks` (oldest first) to the last; `show` writes a
/// difference in the figures' unit.
pub fn change(
    what: &str,
    unit: &str,
    when: &str,
    weeks: &[Week],
    show: &dyn Fn(f64) -> String,
) -> Option<Reply> {
    let (first, last) = (weeks.first()?, weeks.last()?);
    if weeks.len() < 2 {
        return None;
    }
    let diff = last.value - first.value;
    let direction = crate::offline::say::change(diff, show);
    let mut r = Reply::default();
    r.head.push(t(
        "trend_weekly",
        &[
            ("what", &capitalize(what)),
            ("when", when),
            ("a", &first.shown),
            ("a_day", &day(first.start)),
            ("b", &last.shown),
            ("b_day", &day(last.start)),
            ("direction", &direction),
            ("n", &count(weeks.len(), "week")),
        ],
    ));
    for w in weeks.iter().rev() {
        r.items.push(t(
            "week_item",
            &[
                ("day", &day(w.start)),
                ("value", &w.shown),
                ("link", &w.link),
            ],
        ));
        r.used(&w.source);
    }
    let values: Vec<(NaiveDate, f64)> = weeks.iter().map(|w| (w.start, w.value)).collect();
    let span = (first.start, last.start + chrono::Duration::days(6));
    r.series = Some(Plot::totals(what, unit, span, Step::Week, values));
    let inputs = weeks
        .iter()
        .map(|w| Input {
            value: w.shown.clone(),
            number: w.value,
            date: w.start,
            link: w.link.clone(),
        })
        .collect();
    r.provenance
        .push(Provenance::with(Operation::Change, direction, inputs, when));
    Some(r)
}
