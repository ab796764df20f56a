//! Dated values -> the points of a chart: one per day while that keeps the chart under
//! [`MAX_POINTS`], else one per week, month or year. Bars over a period show its empty
//! days (or weeks) as zero; lines join only the points there are.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate, Weekday};

use super::words::{self, Words};

/// At most this many points in a chart: more are grouped by a longer step.
pub const MAX_POINTS: usize = 40;

/// What one point of a chart stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Day,
    Week,
    Month,
    Year,
}

/// How the values that fall in one point are combined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Combine {
    /// Totals (distance, sessions).
    Sum,
    /// Levels (sleep, body weight).
    Mean,
    /// Bests (a lift's top set).
    Max,
    /// Quickest (a pace).
    Min,
}

impl Combine {
    fn of(self, values: &[f64]) -> f64 {
        match self {
            Combine::Sum => values.iter().sum(),
            Combine::Mean => values.iter().sum::<f64>() / values.len().max(1) as f64,
            Combine::Max => values.iter().copied().fold(f64::MIN, f64::max),
            Combine::Min => values.iter().copied().fold(f64::MAX, f64::min),
        }
    }
}

/// The points: their step, labels and values, oldest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Bucketed {
    pub step: Step,
    pub labels: Vec<String>,
    pub values: Vec<f64>,
}

/// The first day of the step holding `d`.
fn start_of(step: Step, d: NaiveDate, week_start: Weekday) -> NaiveDate {
    match step {
        Step::Day => d,
        Step::Week => crate::offline::dates::week_start(d, week_start),
        Step::Month => d.with_day(1).unwrap_or(d),
        Step::Year => NaiveDate::from_ymd_opt(d.year(), 1, 1).unwrap_or(d),
    }
}

/// The first day of the step after the one starting at `d`.
fn next(step: Step, d: NaiveDate) -> NaiveDate {
    match step {
        Step::Day => d + chrono::Duration::days(1),
        Step::Week => d + chrono::Duration::days(7),
        Step::Month => d
            .checked_add_months(chrono::Months::new(1))
            .unwrap_or(NaiveDate::MAX),
        Step::Year => d
            .checked_add_months(chrono::Months::new(12))
            .unwrap_or(NaiveDate::MAX),
    }
}

/// Groups `values` (any order) by the shortest step from `least` on that gives at most
/// [`MAX_POINTS`] points. With `span`, every step of it is a point (zero when nothing fell
/// in it) and a total over more than two weeks is shown per week; without, only steps
/// holding values.
pub fn bucket(
    values: &[(NaiveDate, f64)],
    combine: Combine,
    span: Option<(NaiveDate, NaiveDate)>,
    least: Step,
    week_start: Weekday,
    lang: &str,
) -> Option<Bucketed> {
    let (first, last) = match span {
        Some(s) => s,
        None => (
            values.iter().map(|v| v.0).min()?,
            values.iter().map(|v| v.0).max()?,
        ),
    };
    let steps = [Step::Day, Step::Week, Step::Month, Step::Year];
    let step = steps.into_iter().filter(|s| *s >= least).find(|&step| {
        // Daily bars over a month are mostly empty: a period's totals go by week.
        if span.is_some() && step == Step::Day && (last - first).num_days() >= 14 {
            return false;
        }
        let n = match span {
            Some(_) => count_steps(step, first, last, week_start),
            None => {
                let mut keys: Vec<NaiveDate> = values
                    .iter()
                    .map(|v| start_of(step, v.0, week_start))
                    .collect();
                keys.sort();
                keys.dedup();
                keys.len()
            }
        };
        n <= MAX_POINTS
    })?;
    let mut grouped: BTreeMap<NaiveDate, Vec<f64>> = BTreeMap::new();
    if span.is_some() {
        let mut d = start_of(step, first, week_start);
        while d <= last {
            grouped.insert(d, Vec::new());
            d = next(step, d);
        }
    }
    for (d, v) in values {
        if span.is_some_and(|(a, b)| *d < a || *d > b) {
            continue;
        }
        grouped
            .entry(start_of(step, *d, week_start))
            .or_default()
            .push(*v);
    }
    let w = words::chart(lang);
    let years: std::collections::BTreeSet<i32> = grouped.keys().map(|d| d.year()).collect();
    let labels = grouped
        .keys()
        .map(|d| label(step, *d, years.len() > 1, w))
        .collect();
    let values = grouped
        .values()
        .map(|v| if v.is_empty() { 0.0 } else { combine.of(v) })
        .collect();
    Some(Bucketed {
        step,
        labels,
        values,
    })
}

fn count_steps(step: Step, first: NaiveDate, last: NaiveDate, week_start: Weekday) -> usize {
    let mut n = 0;
    let mut d = start_of(step, first, week_start);
    while d <= last && n <= MAX_POINTS {
        n += 1;
        d = next(step, d);
    }
    n
}

/// The x-axis label of the step starting at `d`.
fn label(step: Step, d: NaiveDate, many_years: bool, w: &Words) -> String {
    let month = w.months[d.month0() as usize].as_str();
    match step {
        Step::Day | Step::Week => words::fill(
            if many_years { &w.day_year } else { &w.day },
            &[
                ("month", month),
                ("day", &d.day().to_string()),
                ("year", &d.year().to_string()),
            ],
        ),
        Step::Month if many_years => words::fill(
            &w.month_year,
            &[("month", month), ("year", &d.year().to_string())],
        ),
        Step::Month => month.to_string(),
        Step::Year => d.year().to_string(),
    }
}

/// Values by weekday, Monday first, combined: totals over all seven days (a day without
/// any is a zero), other values only on the weekdays that have some.
pub fn by_weekday(values: &[(NaiveDate, f64)], combine: Combine, lang: &str) -> Bucketed {
    let mut days: BTreeMap<u32, Vec<f64>> = BTreeMap::new();
    if combine == Combine::Sum {
        days.extend((0..7).map(|d| (d, Vec::new())));
    }
    for (d, v) in values {
        days.entry(d.weekday().num_days_from_monday())
            .or_default()
            .push(*v);
    }
    let w = words::chart(lang);
    Bucketed {
        step: Step::Day,
        labels: days
            .keys()
            .map(|d| w.weekdays[*d as usize].clone())
            .collect(),
        values: days
            .values()
            .map(|v| if v.is_empty() { 0.0 } else { combine.of(v) })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn a_few_days_stay_days_and_a_long_series_goes_by_week_then_month() {
        let few: Vec<(NaiveDate, f64)> = (1..=10).map(|i| (d(2026, 11, i), i as f64)).collect();
        let b = bucket(&few, Combine::Max, None, Step::Day, Weekday::Mon, "en").unwrap();
        assert_eq!(b.step, Step::Day);
        assert_eq!(b.values.len(), 10);
        assert_eq!(b.labels[0], "Nov 1");
        // 100 days with a value each: 15 weeks.
        let many: Vec<(NaiveDate, f64)> = (0..100)
            .map(|i| (d(2026, 1, 5) + chrono::Duration::days(i), 1.0))
            .collect();
        let b = bucket(&many, Combine::Sum, None, Step::Day, Weekday::Mon, "en").unwrap();
        assert_eq!(b.step, Step::Week);
        assert_eq!(b.values.len(), 15);
        assert!(
            b.values.iter().take(14).all(|v| *v == 7.0),
            "{:?}",
            b.values
        );
        // Three years of weekly values: by month, with the year in the label.
        let years: Vec<(NaiveDate, f64)> = (0..156)
            .map(|i| (d(2023, 1, 2) + chrono::Duration::weeks(i), 2.0))
            .collect();
        let b = bucket(&years, Combine::Mean, None, Step::Day, Weekday::Mon, "en").unwrap();
        assert_eq!(b.step, Step::Month);
        assert!(b.values.len() <= MAX_POINTS);
        assert_eq!(b.labels[0], "Jan 2023");
    }

    #[test]
    fn a_period_total_shows_its_empty_weeks_as_zero() {
        let runs = [
            (d(2026, 10, 2), 5.0),
            (d(2026, 10, 3), 6.5),
            (d(2026, 10, 28), 10.0),
        ];
        let span = (d(2026, 10, 1), d(2026, 10, 31));
        let b = bucket(
            &runs,
            Combine::Sum,
            Some(span),
            Step::Day,
            Weekday::Mon,
            "en",
        )
        .unwrap();
        assert_eq!(b.step, Step::Week);
        assert_eq!(b.labels, ["Sep 28", "Oct 5", "Oct 12", "Oct 19", "Oct 26"]);
        assert_eq!(b.values, [11.5, 0.0, 0.0, 0.0, 10.0]);
        // A week's total goes by day, Sunday-start weeks start on Sunday.
        let week = (d(2026, 11, 9), d(2026, 11, 15));
        let b = bucket(
            &runs,
            Combine::Sum,
            Some(week),
            Step::Day,
            Weekday::Sun,
            "en",
        )
        .unwrap();
        assert_eq!(b.values, [0.0; 7]);
        let b = bucket(
            &runs,
            Combine::Sum,
            Some(span),
            Step::Day,
            Weekday::Sun,
            "en",
        )
        .unwrap();
        assert_eq!(b.labels[0], "Sep 27");
        // Days of two years say which.
        let v = [
            (d(2025, 12, 30), 1.0),
            (d(2026, 1, 2), 1.0),
            (d(2026, 1, 3), 1.0),
        ];
        let b = bucket(&v, Combine::Sum, None, Step::Day, Weekday::Mon, "en").unwrap();
        assert_eq!(b.labels, ["Dec 30, 2025", "Jan 2, 2026", "Jan 3, 2026"]);
        // Asked per month: one bar a month, whatever the span.
        let b = bucket(
            &runs,
            Combine::Sum,
            Some(span),
            Step::Month,
            Weekday::Mon,
            "en",
        )
        .unwrap();
        assert_eq!(
            (b.labels.as_slice(), b.values.as_slice()),
            (&["Oct".to_string()][..], &[21.5][..])
        );
    }

    #[test]
    fn labels_come_in_the_language_asked() {
        let v = [(d(2026, 11, 3), 1.0), (d(2026, 11, 4), 2.0)];
        let b = bucket(&v, Combine::Sum, None, Step::Day, Weekday::Mon, "zh").unwrap();
        assert_eq!(b.labels, ["11月3日", "11月4日"]);
        let b = by_weekday(&v, Combine::Mean, "de");
        assert_eq!(b.labels, ["Di", "Mi"]);
        let b = by_weekday(&v, Combine::Sum, "en");
        assert_eq!(b.labels.len(), 7);
        assert_eq!(b.values, [0.0, 1.0, 2.0, 0.0, 0.0, 0.0, 0.0]);
    }
}
