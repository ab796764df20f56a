//! A distance year by year (`how has my yearly mileage changed since 2021`): each year's
//! figure as the notes state it where they do (a review's `1410 km in 2023`), else the sum
//! of the runs logged in it, saying which is which; the first year against the last.

use chrono::{Datelike, NaiveDate};

use super::{count, Reply};
use crate::offline::analyze::trim;
use crate::offline::chart::{Plot, Step};
use crate::offline::metric::{series, Point};
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::query::Metric;
use crate::offline::say::{capitalize, t};
use crate::offline::tallies::Tally;
use crate::vault::parsed::ParsedRecord;

/// One year's distance.
struct Year {
    year: i32,
    km: f64,
    /// The statement it comes from, or `None` when it is the sum of logged runs.
    stated: Option<Tally>,
    /// Runs summed (when not stated).
    runs: usize,
    link: String,
}

/// The years `from..=to` (whole or cut at today) with a stated or logged distance, oldest
/// first, and the change from the first to the last; `None` with fewer than two.
pub fn change(
    what: &str,
    when: &str,
    span: (NaiveDate, NaiveDate),
    records: &[ParsedRecord],
    stated: &[Tally],
    link: &dyn Fn(&ParsedRecord) -> String,
) -> Option<Reply> {
    let points: Vec<Point> = super::numbers::without_totals(series(&Metric::Distance, records));
    let mut years = Vec::new();
    for year in span.0.year()..=span.1.year() {
        let said = stated.iter().rfind(|t| is_year(t, year));
        if let Some(tally) = said {
            years.push(Year {
                year,
                km: tally.km,
                link: tally.link.clone(),
                stated: Some(tally.clone()),
                runs: 0,
            });
            continue;
        }
        let held: Vec<&Point> = points.iter().filter(|p| p.date.year() == year).collect();
        if held.is_empty() {
            continue;
        }
        years.push(Year {
            year,
            km: held.iter().map(|p| p.value).sum(),
            stated: None,
            runs: held.len(),
            link: held.last().map(|p| link(p.record)).unwrap_or_default(),
        });
    }
    if years.len() < 2 {
        return None;
    }
    // A year cut at today is listed, but compared only when no whole year is left to
    // compare with: eleven days of January are no fall from last year's total.
    let whole: Vec<&Year> = years
        .iter()
        .filter(|y| y.year < span.1.year() || (span.1.month(), span.1.day()) == (12, 31))
        .collect();
    let compared: Vec<&Year> = if whole.len() >= 2 {
        whole
    } else {
        years.iter().collect()
    };
    let (first, last) = (*compared.first()?, *compared.last()?);
    let show = |km: f64| format!("{} km", trim((km * 10.0).round() / 10.0));
    let diff = last.km - first.km;
    let direction = crate::offline::say::change(diff, show);
    let mut r = Reply::default();
    r.head.push(t(
        "trend_yearly",
        &[
            ("what", &capitalize(what)),
            ("when", when),
            ("a", &show(first.km)),
            ("a_year", &first.year.to_string()),
            ("b", &show(last.km)),
            ("b_year", &last.year.to_string()),
            ("direction", &direction),
            ("n", &count(compared.len(), "year")),
        ],
    ));
    let list: Vec<String> = years
        .iter()
        .map(|y| match &y.stated {
            Some(tally) => t(
                "year_stated",
                &[
                    ("year", &y.year.to_string()),
                    ("value", &show(y.km)),
                    ("link", &tally.link),
                ],
            ),
            None => t(
                "year_counted",
                &[
                    ("year", &y.year.to_string()),
                    ("value", &show(y.km)),
                    ("n", &count(y.runs, "run")),
                ],
            ),
        })
        .collect();
    r.head
        .push(t("per_year_list", &[("list", &list.join(", "))]));
    for y in &years {
        if let Some(tally) = &y.stated {
            r.used(&tally.source);
        }
    }
    for p in points.iter().filter(|p| {
        years
            .iter()
            .any(|y| y.stated.is_none() && y.year == p.date.year())
    }) {
        r.used(&p.record.source_file);
    }
    let first_day = |y: i32| NaiveDate::from_ymd_opt(y, 1, 1).unwrap_or(span.0);
    let values: Vec<(NaiveDate, f64)> = years.iter().map(|y| (first_day(y.year), y.km)).collect();
    let chart_span = (
        first_day(first.year),
        first_day(last.year + 1).pred_opt().unwrap_or(span.1),
    );
    r.series = Some(Plot::totals(what, "km", chart_span, Step::Year, values));
    let inputs = years
        .iter()
        .map(|y| Input {
            value: show(y.km),
            number: y.km,
            date: first_day(y.year),
            link: y.link.clone(),
        })
        .collect();
    r.provenance
        .push(Provenance::with(Operation::Change, direction, inputs, when));
    Some(r)
}

/// Whether a tally covers the calendar year `year`.
fn is_year(t: &Tally, year: i32) -> bool {
    t.start == NaiveDate::from_ymd_opt(year, 1, 1).unwrap_or(t.start)
        && t.end == NaiveDate::from_ymd_opt(year, 12, 31).unwrap_or(t.end)
        && t.start.year() == year
}
