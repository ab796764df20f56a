//! Rows put together before a max or a min (DESIGN §4.0, groups): the rows of one day
//! (`which day did I log the most hours`: two rows of one day are that day's total), or
//! the rows sharing a text field's value (`which client did I spend the most hours on`),
//! the rows of one calendar month (`¿en qué mes caminé más?`, `which month did I swim most`).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::plan::{Op, Plan};
use super::table::{key, Column, Rec};
use crate::offline::kinds::Reply;
use crate::offline::provenance::{Operation, Provenance};
use crate::offline::read::units::measure_unit;
use crate::offline::read::value::Value;
use crate::offline::say::{self, t};

/// How rows are put together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Group {
    /// By the day they are dated.
    Day,
    /// By their value of a text field (its key).
    Field(String),
    /// By the calendar month they are dated in.
    Month,
    /// By the calendar month, each month's mean (`which month did I walk most on average`).
    MonthMean,
}

/// Units whose values add up over a day or a group (hours, kilometres, pages, euros):
/// not a body weight, a heart rate, a share.
const NOT_ADDED: [&str; 5] = ["kg", "lb", "percent", "bpm", "★"];

/// Whether a number field's values add up: durations, and numbers whose unit (or, when
/// they carry none, whose field's name: `Hours`) counts something done.
pub fn adds_up(name: &str, column: &Column) -> bool {
    let unit = match column.unit().filter(|u| !u.is_empty()) {
        Some(u) => measure_unit(u).unwrap_or(u),
        None if column.units.is_empty() => return true, // durations only
        // A field named after a unit a question asks (`Pasos`, `Pages`) counts it.
        None => match measure_unit(&name.to_lowercase()).or_else(|| {
            crate::offline::cues::units(&name.to_lowercase())
                .first()
                .copied()
        }) {
            Some(u) => u,
            None => return false,
        },
    };
    !NOT_ADDED.contains(&unit)
}

/// One group: what it is called, its total, its rows.
pub struct Totalled<'t> {
    pub label: String,
    pub date: Option<NaiveDate>,
    pub total: f64,
    pub rows: Vec<&'t Rec>,
}

/// The groups of `rows` by `group`, each with the total of `number` over its rows; rows
/// without a number or without the group's field are left out.
pub fn totals<'t>(
    rows: &[&'t Rec],
    group: &Group,
    on: Option<&str>,
    number: impl Fn(&Rec) -> Option<f64>,
) -> Vec<Totalled<'t>> {
    let mut groups: BTreeMap<String, Totalled<'t>> = BTreeMap::new();
    for r in rows {
        let Some(n) = number(r) else { continue };
        let (id, label, date) = match group {
            Group::Day => {
                let d = r.date_on(on).map_or(r.date, |(d, _)| d);
                (d.to_string(), d.to_string(), Some(d))
            }
            Group::Field(k) => match r.field(k).filter(|f| f.value == Value::Text) {
                Some(f) => (key(&f.text), f.text.clone(), None),
                None => continue,
            },
            Group::Month | Group::MonthMean => {
                let d = r.date_on(on).map_or(r.date, |(d, _)| d);
                let first = d.with_day(1).unwrap_or(d);
                (
                    first.format("%Y-%m").to_string(),
                    say::month(first),
                    Some(first),
                )
            }
        };
        let g = groups.entry(id).or_insert_with(|| Totalled {
            label,
            date,
            total: 0.0,
            rows: Vec::new(),
        });
        g.total += n;
        g.rows.push(r);
    }
    let mut groups: Vec<Totalled> = groups.into_values().collect();
    if *group == Group::MonthMean {
        for g in &mut groups {
            g.total /= g.rows.len() as f64;
        }
    }
    groups
}

/// The answer to a max or min of `plan` over its groups of `rows`: the group with the
/// largest (smallest) total, its total computed from its rows, the next groups after it.
/// With no target, a group's total is its count of rows (`which month did I go most`).
pub fn reply(plan: &Plan, group: &Group, rows: &[&Rec], said: (&str, &str, &str)) -> Option<Reply> {
    let (field, filter, when) = said;
    let target = plan.target.as_deref();
    // A field of yes and no counts its days (the rows said no are not matched).
    let number = |r: &Rec| match target {
        Some(k) => r.field(k).and_then(|f| match f.value {
            Value::Text => Some(1.0),
            _ => f.value.number(),
        }),
        None => Some(1.0),
    };
    let mut groups = totals(rows, group, plan.date_field.as_deref(), number);
    // Equal totals: the earlier group first.
    groups.sort_by(|a, b| match plan.op {
        Op::Min => a.total.total_cmp(&b.total),
        _ => b.total.total_cmp(&a.total),
    });
    let best = groups.first()?;
    let sample = target.and_then(|k| best.rows[0].field(k));
    let shown = |total: f64| match sample {
        Some(f) => super::show(total, &f.value, &f.text),
        None => say::count(total as usize, "entry"),
    };
    let total = shown(best.total);
    let mut reply = Reply::default();
    let head = match (group, best.date) {
        (Group::Month | Group::MonthMean, _) => {
            let of = match target {
                Some(_) => format!("({field})"),
                None => String::new(),
            };
            let what = match (filter.trim(), target) {
                ("", _) => field.to_string(),
                (f, _) => f.trim_matches(['(', ')', ' ']).to_string(),
            };
            t(
                match plan.op {
                    Op::Min => "which_month_least",
                    _ => "which_month_most",
                },
                &[
                    ("month", &best.label),
                    ("total", &total),
                    ("of", &of),
                    ("months", &say::count(groups.len(), "month")),
                    ("what", &what),
                    ("when", when),
                ],
            )
        }
        (Group::Day, Some(d)) => {
            let detail = format!(
                " ({field}: {total}, {})",
                say::count(best.rows.len(), "entry")
            );
            t(
                "rows_date",
                &[
                    ("date", &super::day(d)),
                    ("detail", &detail),
                    ("link", &best.rows[0].link),
                ],
            )
        }
        _ => {
            let then: Vec<String> = groups
                .iter()
                .skip(1)
                .take(3)
                .map(|g| format!("{} {}", g.label, shown(g.total)))
                .collect();
            t(
                "rows_group",
                &[
                    ("name", &best.label),
                    ("value", &total),
                    ("field", field),
                    ("when", when),
                    ("filter", filter),
                    ("rows", &say::count(best.rows.len(), "entry")),
                    ("then", &then.join(", ")),
                ],
            )
        }
    };
    reply.head.push(head);
    reply.provenance.push(Provenance::with(
        match target {
            Some(_) if *group == Group::MonthMean => Operation::Mean,
            Some(_) => Operation::Sum,
            None => Operation::Count,
        },
        total,
        super::inputs(&best.rows, target),
        when,
    ));
    for r in best.rows.iter().rev().take(crate::offline::kinds::LISTED) {
        reply.items.push(super::item(r, plan.date_field.as_deref()));
    }
    reply.unlisted = best
        .rows
        .len()
        .saturating_sub(crate::offline::kinds::LISTED);
    for r in rows {
        reply.used(&r.source);
    }
    Some(reply)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offline::ask::table::{Field, Table};
    use crate::offline::read::value;

    fn rec(day: u32, client: &str, hours: &str) -> Rec {
        let field = |name: &str, text: &str| Field {
            name: name.into(),
            key: key(name),
            text: text.into(),
            value: value::read(text),
        };
        Rec {
            date: NaiveDate::from_ymd_opt(2023, 9, day).unwrap(),
            fields: vec![field("Client", client), field("Hours", hours)],
            source: "Work/Timesheet.md".into(),
            link: "[[Timesheet]]".into(),
            pending: false,
            income: false,
            measured: Vec::new(),
            entry: "Work/Timesheet.md#1".into(),
        }
    }

    #[test]
    fn a_day_or_a_value_totals_its_rows() {
        let table = Table::of(vec![
            rec(11, "Halvorsen", "8"),
            rec(12, "Halvorsen", "6"),
            rec(12, "Brandt", "3.5"),
        ]);
        let rows: Vec<&Rec> = table.recs.iter().collect();
        let hours = |r: &Rec| r.field("hours").and_then(|f| f.value.number());
        let days = totals(&rows, &Group::Day, None, hours);
        let best = days
            .iter()
            .max_by(|a, b| a.total.total_cmp(&b.total))
            .unwrap();
        assert_eq!((best.label.as_str(), best.total), ("2023-09-12", 9.5));
        let clients = totals(&rows, &Group::Field("client".into()), None, hours);
        let best = clients
            .iter()
            .max_by(|a, b| a.total.total_cmp(&b.total))
            .unwrap();
        assert_eq!((best.label.as_str(), best.rows.len()), ("Halvorsen", 2));
        assert!(adds_up("Hours", &table.columns["hours"]));
    }
}
