//! Questions over the person's own fields (DESIGN §4.0): the vault's rows as one
//! [`table::Table`], a question resolved into a [`plan::Plan`] against its vocabulary, the
//! plan computed here into a reply with every row it used.

pub mod companions;
pub mod events;
pub mod finished;
pub mod first_past;
pub mod flags;
pub mod group;
pub mod most_of_unit;
pub mod most_told;
pub mod on_day;
pub mod plan;
pub mod spans;
pub mod spent;
pub mod table;
pub mod told;
pub mod trips;

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use self::plan::{Op, Plan, Returns};
use self::table::{Rec, Table};
use super::answer::Frame;
use super::cues;
use super::kinds::Reply;
use super::provenance::{Input, Operation, Provenance};
use super::read::lexicon::lexicon;
use super::read::value::Value;
use super::say::{self, t};
use crate::domains::Domains;
use crate::vault::Store;

/// The answer to `frame` from the vault's rows, or `None` when the question names none of
/// their fields or values, or no row matches.
pub fn answer(store: &Store, domains: &Domains, frame: &Frame, when: &str) -> Option<Reply> {
    let vocabulary = store.row_vocabulary();
    let names = plan::may_name(frame, &vocabulary, domains);
    // `which habit did I skip most`: no plan, the fields of yes and no compared.
    let which_flag = flags::may_ask(frame, &vocabulary);
    if !names && !which_flag {
        return None;
    }
    // `how many tasks are still unticked`: the open to-dos, which no row counts.
    if frame.query.kind == crate::offline::query::QueryType::Tasks
        && cues::has(&plan::words_of(frame), &lexicon().questions.pending)
    {
        return None;
    }
    let mut table = Table::load(store);
    // `my biggest expense` is of the money spent, `how much did I earn` of the money in.
    if table.recs.iter().any(|r| r.income) {
        let q = plan::words_of(frame);
        let lex = lexicon();
        let earned = cues::has(&q, &lex.income);
        if earned || cues::has(&q, &lex.questions.cost) {
            table = Table::of(
                table
                    .recs
                    .into_iter()
                    .filter(|r| r.income == earned)
                    .collect(),
            );
        }
    }
    if table.recs.is_empty() {
        return None;
    }
    let plan = names
        .then(|| plan::resolve(frame, &table, domains))
        .flatten();
    tracing::debug!("plan of {:?}: {plan:?}", frame.question);
    let Some(plan) = plan else {
        return which_flag
            .then(|| flags::which(frame, &table, when))
            .flatten();
    };
    // `how many days did I do yoga`: the days that name it, rows or not, are counted by
    // the events (a `yoga: 45 min` card on some days, `Yoga class (60 min)` on others). A
    // field of yes and no (`meditated: true`) is the person's own count of the days.
    let counts_days = cues::has(&plan::words_of(frame), &lexicon().questions.count_days);
    let amounts = plan
        .target
        .as_ref()
        .and_then(|k| table.columns.get(k))
        .is_some_and(|c| c.numbers * 2 > c.rows);
    let bounded = plan.threshold.is_some();
    if counts_days
        && amounts
        && !bounded
        && plan.filters.is_empty()
        && matches!(plan.op, Op::Sum | Op::Count)
    {
        return None;
    }
    if typed_reads_more(store, frame, &plan, &table, domains) || typed_amount(frame, &plan) {
        return None;
    }
    // `most days in a row I meditated`: the longest run of days the plan's rows hold.
    if frame.query.streak && !frame.query.streak_in_weeks {
        let what = match plan.target.as_deref() {
            Some(k) => table
                .recs
                .iter()
                .find_map(|r| r.field(k))
                .map(|f| f.name.clone())
                .unwrap_or_default(),
            None => filter_words(&plan, &table)
                .trim_matches(['(', ')', ' '])
                .to_string(),
        };
        if let Some(reply) = flags::streak(&plan, &table, domains, &what) {
            return Some(reply);
        }
    }
    // `which plant did I water most`: the value the log's sentences of the act name most.
    if let Some(reply) = most_told::of_field(store, frame, &plan, &table, when) {
        return Some(reply);
    }
    // `first harvest of the zucchini`: the log's sentences of the act, not the table's day.
    if let Some(reply) = most_told::first_or_last(store, frame, &plan, &table) {
        return Some(reply);
    }
    if told::asks(&plan, &plan::words_of(frame)) {
        let rows = matching(&plan, &table, domains).len();
        let filter = filter_words(&plan, &table);
        if let Some(reply) = told::times(
            store,
            (&plan, &plan::words_of(frame)),
            &table,
            (rows, &filter, when),
        ) {
            return Some(reply);
        }
    }
    compute(&plan, &table, domains, when)
}

/// Whether the question asks an amount of a measure a typed reader knows (`how many steps
/// did I walk in total`) that no field of the rows holds: the plan would count rows instead.
fn typed_amount(frame: &Frame, plan: &Plan) -> bool {
    use super::query::{Metric, QueryType};
    let typed = frame
        .query
        .metrics
        .first()
        .is_some_and(|m| !matches!(m, Metric::Measure { .. } | Metric::Lift(_)));
    let amount = matches!(
        frame.query.kind,
        QueryType::Total | QueryType::Average | QueryType::Max | QueryType::Min
    );
    // `how many times did I weigh myself`: the weigh-ins, not every row of the month.
    let counted = frame.query.kind == QueryType::Count && plan.filters.is_empty();
    typed && (amount || counted) && plan.target.is_none() && plan.op == Op::Count
}

/// Whether a typed reader reads the asked measure on more days than the person's field
/// holds it (`睡眠：6時間35分` on a few days among `睡眠 7時間47分` on the rest): it reads
/// both writings, so it answers.
fn typed_reads_more(
    store: &Store,
    frame: &Frame,
    plan: &Plan,
    table: &Table,
    domains: &Domains,
) -> bool {
    use super::query::Metric;
    let Some(metric) = frame.query.metrics.first() else {
        return false;
    };
    // A row's own value narrows it (`Route: river loop`): only the rows hold that.
    let narrowed = !plan.filters.is_empty() || plan.about.is_some();
    if narrowed
        || plan.target.is_none()
        || matches!(metric, Metric::Measure { .. } | Metric::Lift(_))
    {
        return false;
    }
    let Some((start, end)) = plan.period.or_else(|| store.index().span()) else {
        return false;
    };
    let records = match metric.domains() {
        Some(domains) => store.records_in(start, end, domains),
        None => store.records_between(start, end),
    };
    let typed = super::metric::series(metric, &records).len();
    typed > matching(plan, table, domains).len()
}

/// The rows `plan` reads: done, holding its filters, in its period, with its target;
/// oldest first, a row written twice counted once.
fn matching<'t>(plan: &Plan, table: &'t Table, domains: &Domains) -> Vec<&'t Rec> {
    let on = plan.date_field.as_deref();
    let mut rows: Vec<&Rec> = table
        .recs
        .iter()
        .filter(|r| r.holds_in(table, &plan.filters, plan.period, on))
        .filter(|r| plan.about.as_deref().is_none_or(|a| r.is_about(a, domains)))
        .filter(|r| {
            plan.note
                .as_deref()
                .is_none_or(|w| plan::in_note(&r.source, w))
        })
        .filter(|r| plan.rated.as_ref().is_none_or(|(k, n)| r.rated(k, *n)))
        .filter(|r| {
            plan.target
                .as_ref()
                .is_none_or(|k| r.field(k).is_some_and(said_yes))
        })
        .filter(|r| {
            let number = || {
                plan.target
                    .as_ref()
                    .and_then(|k| r.field(k)?.value.number())
            };
            plan.threshold
                .as_ref()
                .is_none_or(|b| number().is_some_and(|n| b.passes(n, None)))
        })
        .collect();
    rows.sort_by_key(|r| (r.date_on(on), r.date));
    rows.dedup_by(|a, b| a.date == b.date && same_fields(a, b));
    rows
}

/// `**0** (focus hours more than 9)`: rows of the field there are, none past the bound.
fn none_past(plan: &Plan, table: &Table, domains: &Domains, when: &str) -> Option<Reply> {
    let bound = plan.threshold.as_ref().filter(|_| plan.op == Op::Count)?;
    let unbounded = Plan {
        threshold: None,
        ..plan.clone()
    };
    let rows = matching(&unbounded, table, domains);
    let field = plan
        .target
        .as_ref()
        .and_then(|k| rows.iter().find_map(|r| r.field(k)))?
        .name
        .clone();
    let mut reply = Reply::default();
    reply.head.push(t(
        "rows_count",
        &[
            ("n", "0"),
            ("noun", &format!(" ({field} {})", bound.words())),
            ("when", when),
            ("filter", &filter_words(plan, table)),
        ],
    ));
    Some(reply)
}

/// `**4.5** drinks a week on average …: 18 over 4 weeks`: the period's total (or the
/// rows' first to last day's) over its weeks or months.
fn per_stretch(
    per: plan::Per,
    plan: &Plan,
    values: &[(&Rec, f64)],
    (sample, written): (&Value, &str),
    (field, when): (&str, &str),
) -> String {
    let days: Vec<NaiveDate> = values.iter().map(|(r, _)| r.date).collect();
    let (first, last) = plan.period.unwrap_or_else(|| {
        let (min, max) = (days.iter().min(), days.iter().max());
        per.whole(
            *min.unwrap_or(&NaiveDate::MIN),
            *max.unwrap_or(&NaiveDate::MIN),
        )
    });
    let (mut stretches, key, noun) = per.stretches(first, last);
    if per == plan::Per::Day {
        let mut dated = days.clone();
        dated.sort();
        dated.dedup();
        stretches = dated.len().max(1) as f64;
    }
    let total: f64 = values.iter().map(|(_, n)| n).sum();
    let rounded = (stretches * 10.0).round() / 10.0;
    let over = say::count_text(&super::analyze::trim(rounded), rounded == 1.0, noun);
    t(
        key,
        &[
            ("avg", &show(total / stretches, sample, written)),
            ("of", field),
            ("when", when),
            ("total", &show(total, sample, written)),
            ("over", &over),
        ],
    )
    .replace("  ", " ")
}

/// Whether a field's value does not say the thing did not happen (`meditated: false`,
/// `운동: 아니오`; lexicon `markers.no`): such a row has no value of it.
fn said_yes(field: &table::Field) -> bool {
    let text = field.text.trim().to_lowercase();
    !super::read::lexicon::lexicon().no.contains(&text)
}

/// Two rows with the same fields and values: one row written twice.
fn same_fields(a: &Rec, b: &Rec) -> bool {
    a.fields.len() == b.fields.len()
        && a.fields
            .iter()
            .zip(&b.fields)
            .all(|(x, y)| x.key == y.key && x.text == y.text)
}

/// Computes `plan` over `table`.
fn compute(plan: &Plan, table: &Table, domains: &Domains, when: &str) -> Option<Reply> {
    let rows = matching(plan, table, domains);
    if rows.is_empty() {
        return none_past(plan, table, domains, when);
    }
    let filter = filter_words(plan, table);
    let target = plan.target.as_deref();
    let name_of = |k: Option<&str>| {
        k.and_then(|k| rows.iter().find_map(|r| r.field(k)))
            .map(|f| f.name.clone())
            .unwrap_or_default()
    };
    // A one-letter key (`D:`) is said by the question's word for it (`dinner`).
    let field = match &plan.target_word {
        Some(word) if name_of(target).chars().count() <= 2 => word.clone(),
        _ => name_of(target),
    };
    let number = |r: &Rec| {
        target
            .and_then(|k| r.field(k))
            .and_then(|f| f.value.number())
    };
    if let (Some(group), Op::Max | Op::Min) = (&plan.group, plan.op) {
        return group::reply(plan, group, &rows, (&field, &filter, when));
    }
    let mut reply = Reply::default();
    let picked: Option<&Rec> = match plan.op {
        Op::Max => rows
            .iter()
            .copied()
            .filter(|r| number(r).is_some())
            .max_by(|a, b| number(a).partial_cmp(&number(b)).expect("numbers compare")),
        Op::Min => rows
            .iter()
            .copied()
            .filter(|r| number(r).is_some())
            .min_by(|a, b| number(a).partial_cmp(&number(b)).expect("numbers compare")),
        Op::Latest => rows.last().copied(),
        Op::First => rows.first().copied(),
        Op::Lookup => rows.last().copied(),
        _ => None,
    };
    let mut used: Vec<&Rec> = rows.clone();
    match plan.op {
        Op::Count => {
            let n = rows.len().to_string();
            // `**21** tarefas`: the noun the question counted.
            let noun = match (&plan.threshold, &plan.target_word) {
                // `**21** (focus hours more than 4)`: the field and the bound counted.
                (Some(bound), _) => format!(" ({field} {})", bound.words()),
                (None, Some(noun)) if !crate::domains::has_spaceless(noun) => format!(" {noun}"),
                _ => String::new(),
            };
            reply.head.push(t(
                "rows_count",
                &[
                    ("n", &n),
                    ("noun", &noun),
                    ("when", when),
                    ("filter", &filter),
                ],
            ));
            reply.provenance.push(Provenance::with(
                Operation::Count,
                n,
                inputs(&rows, None),
                when,
            ));
        }
        Op::Sum | Op::Mean => {
            let values: Vec<(&Rec, f64)> = rows
                .iter()
                .filter_map(|r| number(r).map(|n| (*r, n)))
                .collect();
            if values.is_empty() {
                return None;
            }
            let total: f64 = values.iter().map(|(_, n)| n).sum();
            let (figure, operation) = match plan.op {
                Op::Sum => (total, Operation::Sum),
                _ => (total / values.len() as f64, Operation::Mean),
            };
            // A mean is told to the places its values are written with, whole numbers to a
            // tenth (steps `11,142` average `7624.9`), at most two.
            let figure = match plan.op {
                Op::Mean => {
                    let places = values
                        .iter()
                        .filter_map(|(r, _)| Some(written_places(&r.field(target?)?.text)))
                        .max()
                        .unwrap_or(1);
                    let scale = 10f64.powi(places.clamp(1, 2));
                    (figure * scale).round() / scale
                }
                _ => figure,
            };
            // The figure is written as the values that write a unit are (`6.5h`, not `7`).
            let key = target?;
            let written = |f: &&table::Field| {
                f.text
                    .trim()
                    .contains(|c: char| !c.is_ascii_digit() && !matches!(c, '.' | ','))
            };
            let sample = values
                .iter()
                .filter_map(|(r, _)| r.field(key))
                .find(written)
                .or(values[0].0.field(key))?;
            let typed_unit = values[0].0.typed_unit(target?);
            let shown = match (&sample.value, typed_unit) {
                // `water: 6`: the unit the typed reader knows (`6 glasses`).
                (Value::Number(_, unit), Some(typed)) if unit.is_empty() => {
                    let n = super::analyze::trim(figure);
                    match figure == 1.0 {
                        true => format!("{n} {typed}"),
                        false => format!("{n} {}", super::metric::plural_unit(typed)),
                    }
                }
                _ => show(figure, &sample.value, &sample.text),
            };
            used = values.iter().map(|(r, _)| *r).collect();
            if let Some(per) = plan.per {
                let sample = (&sample.value, sample.text.as_str());
                reply
                    .head
                    .push(per_stretch(per, plan, &values, sample, (&field, when)));
                reply.provenance.push(Provenance::with(
                    Operation::Sum,
                    show(total, sample.0, sample.1),
                    inputs(&used, target),
                    when,
                ));
                return Some(reply);
            }
            let entries = say::count(values.len(), "entry");
            reply.head.push(t(
                "rows_figure",
                &[
                    ("value", &shown),
                    ("field", &field),
                    ("when", when),
                    ("filter", &filter),
                    ("rows", &entries),
                ],
            ));
            reply.provenance.push(Provenance::with(
                operation,
                shown,
                inputs(&used, target),
                when,
            ));
        }
        Op::Mode => {
            let mut tally: BTreeMap<String, (usize, &str)> = BTreeMap::new();
            for r in &rows {
                if let Some(f) = target.and_then(|k| r.field(k)) {
                    tally.entry(table::key(&f.text)).or_insert((0, &f.text)).0 += 1;
                }
            }
            let mut ranked: Vec<(usize, &str)> = tally.into_values().collect();
            ranked.sort_by_key(|(n, v)| (std::cmp::Reverse(*n), *v));
            let (n, value) = *ranked.first()?;
            // A tie names no one value.
            if n < 2 || ranked.get(1).is_some_and(|(m, _)| *m == n) {
                return None;
            }
            let then: Vec<String> = ranked
                .iter()
                .skip(1)
                .take(3)
                .map(|(n, v)| format!("{v} {n}"))
                .collect();
            reply.head.push(t(
                "rows_mode",
                &[
                    ("value", value),
                    ("field", &field),
                    ("when", when),
                    ("n", &n.to_string()),
                    ("rows", &say::count(rows.len(), "entry")),
                    ("then", &then.join(", ")),
                ],
            ));
        }
        Op::YearMost => {
            let mut years: BTreeMap<i32, usize> = BTreeMap::new();
            for r in &rows {
                if let Some((d, _)) = r.date_on(plan.date_field.as_deref()) {
                    *years.entry(d.year()).or_default() += 1;
                }
            }
            let (year, n) = years.iter().max_by_key(|(y, n)| (**n, -**y))?;
            let tally: Vec<String> = years.iter().map(|(y, n)| format!("{y}: {n}")).collect();
            reply.head.push(t(
                "rows_year",
                &[
                    ("year", &year.to_string()),
                    ("n", &n.to_string()),
                    ("filter", &filter),
                    ("years", &tally.join(", ")),
                ],
            ));
        }
        Op::Max | Op::Min | Op::Latest | Op::First | Op::Lookup => {
            let r = picked?;
            used = vec![r];
            let (d, _) = r.date_on(plan.date_field.as_deref())?;
            let date = day(d);
            let head = match plan.returns {
                Returns::Date => {
                    let detail = target
                        .and_then(|k| r.field(k))
                        .filter(|f| !matches!(f.value, Value::Date(..)))
                        .map(|f| format!(" ({}: {})", f.name, f.text))
                        .unwrap_or_default();
                    // A date as written, unless it leaves its year out (`2/19`).
                    let has_year =
                        |t: &str| t.split(|c: char| !c.is_ascii_digit()).any(|n| n.len() == 4);
                    let shown = match target.and_then(|k| r.field(k)) {
                        Some(f) if matches!(f.value, Value::Date(..)) && has_year(&f.text) => {
                            f.text.clone()
                        }
                        _ => date.clone(),
                    };
                    t(
                        "rows_date",
                        &[("date", &shown), ("detail", &detail), ("link", &r.link)],
                    )
                }
                Returns::Name => {
                    let skip: Vec<String> = plan.filters.iter().map(|(k, _)| k.clone()).collect();
                    let name = r.name(&skip)?;
                    let detail = target
                        .and_then(|k| r.field(k))
                        .map(|f| format!(" ({}: {})", f.name, f.text))
                        .unwrap_or_default();
                    t(
                        "rows_name",
                        &[
                            ("name", &name.text),
                            ("detail", &detail),
                            ("date", &date),
                            ("link", &r.link),
                        ],
                    )
                }
                Returns::Value => {
                    let f = r.field(target?)?;
                    // `Moral : fatigué.`: the sentence's full stop is not the value's.
                    let value = f.text.trim_end_matches(['.', '。', '!', '！']);
                    let value = if value.is_empty() { &f.text } else { value };
                    t(
                        "field_value",
                        &[
                            ("value", value),
                            ("key", &field),
                            ("date", &say::full_day(d)),
                            ("link", &r.link),
                        ],
                    )
                }
            };
            reply.head.push(head);
            // A value looked up over a period: every row's, newest first below it.
            if plan.op == Op::Lookup && plan.returns == Returns::Value {
                used = rows.clone();
            }
            if matches!(plan.op, Op::Max | Op::Min) {
                let operation = if plan.op == Op::Max {
                    Operation::Max
                } else {
                    Operation::Min
                };
                let shown = target
                    .and_then(|k| r.field(k))
                    .map(|f| f.text.clone())
                    .unwrap_or_default();
                reply.provenance.push(Provenance::with(
                    operation,
                    shown,
                    inputs(&rows, target),
                    when,
                ));
                used = rows.clone();
            }
        }
    }
    if used.len() > 1 {
        for r in used.iter().rev().take(super::kinds::LISTED) {
            reply.items.push(item(r, plan.date_field.as_deref()));
        }
        reply.unlisted = used.len().saturating_sub(super::kinds::LISTED);
    }
    for r in &used {
        reply.used(&r.source);
    }
    Some(reply)
}

/// ` (Finished, Route: river loop)`: the date field and the filters as the person wrote
/// them.
fn filter_words(plan: &Plan, table: &Table) -> String {
    let name_of = |k: &str| {
        table
            .recs
            .iter()
            .find_map(|r| r.field(k))
            .map_or(k.to_string(), |f| f.name.clone())
    };
    // The date field the period was taken on (`Finished`), then the values named.
    let said: Vec<String> = plan
        .date_field
        .iter()
        .filter(|_| plan.period.is_some())
        .map(|k| name_of(k))
        .chain(plan.filters.iter().map(|(k, v)| {
            // A value as written; a word of values (`Simenon`) as one of them writes it.
            let column = table.columns.get(k);
            let value = column
                .and_then(|c| c.values.get(v))
                .cloned()
                .or_else(|| {
                    column?
                        .values
                        .values()
                        .flat_map(|w| w.split(|c: char| !c.is_alphanumeric()))
                        .find(|w| w.to_lowercase() == *v)
                        .map(str::to_string)
                })
                .unwrap_or_else(|| v.clone());
            format!("{}: {value}", name_of(k))
        }))
        .collect();
    if said.is_empty() {
        return String::new();
    }
    format!(" ({})", said.join(", "))
}

/// A figure in the form its values are written in: a duration as `h:mm:ss` or as
/// `7時間47分`, a number with its unit.
pub(super) fn show(figure: f64, sample: &Value, written: &str) -> String {
    match sample {
        // `3,5 h`: hours with a decimal part, so written back (`35,5 h`).
        Value::Duration(_) if decimal_hours(written).is_some() => {
            let (mark, unit) = decimal_hours(written).unwrap_or_default();
            let hours = super::analyze::trim(figure / 3600.0);
            format!("{}{unit}", hours.replace('.', mark))
        }
        // `45 min`: minutes alone, so an hour or more is told in hours and minutes.
        Value::Duration(_) if !written.contains(':') && minutes_only(written) => {
            let minutes = (figure / 60.0).round() as i64;
            match minutes < 60 {
                true => in_form(written, &[minutes]),
                false if minutes % 60 == 0 => format!("{}h", minutes / 60),
                false => format!("{}h {:02}m", minutes / 60, minutes % 60),
            }
        }
        Value::Duration(_) if !written.contains(':') => {
            let minutes = (figure / 60.0).round() as i64;
            in_form(written, &[minutes / 60, minutes % 60])
        }
        // `6:30` read as hours and minutes (a field of hours): so written back.
        Value::Duration(v) if hours_clock(written, *v) => {
            let minutes = (figure / 60.0).round() as i64;
            format!("{}:{:02}", minutes / 60, minutes % 60)
        }
        Value::Duration(_) => {
            let s = figure.round() as i64;
            let clock_hours = written.matches(':').count() == 2;
            if s >= 3600 || clock_hours {
                format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
            } else {
                format!("{}:{:02}", s / 60, s % 60)
            }
        }
        Value::Number(_, unit) if unit.is_empty() => super::analyze::trim(figure),
        // `R$ 1.166,75`, `$54.30`: money with its sign where the person writes it, in cents.
        Value::Number(_, unit) if unit.contains(['€', '$', '£', '¥', '₩', '￥']) => {
            let n = match figure.fract().abs() < 1e-9 {
                true => format!("{figure:.0}"),
                false => format!("{figure:.2}"),
            };
            let lead: String = (written.trim_start().chars())
                .take_while(|c| !c.is_ascii_digit())
                .collect();
            match lead.is_empty() {
                true if unit.starts_with(char::is_alphabetic) => {
                    format!("{} {n}", unit.to_uppercase())
                }
                true => format!("{n} {unit}"),
                false => format!("{lead}{n}"),
            }
        }
        Value::Number(_, unit) if !unit.is_ascii() || unit == "★" => {
            format!("{}{unit}", super::analyze::trim(figure))
        }
        // A unit the field's name gave (`sleep_hrs`) in its short form.
        Value::Number(_, unit) => {
            let unit = match unit.as_str() {
                "hour" => "h",
                "minute" => "min",
                u => u,
            };
            format!("{} {unit}", super::analyze::trim(figure))
        }
        _ => super::analyze::trim(figure),
    }
}

/// How many decimal places the first number of `written` has (`78.45` 2, `11,142` 0: a
/// group of three after a comma or point is thousands; `5.1k` 0).
fn written_places(written: &str) -> i32 {
    let t = written.trim_start_matches(|c: char| !c.is_ascii_digit());
    let number_end = t
        .find(|c: char| !c.is_ascii_digit() && c != '.' && c != ',')
        .unwrap_or(t.len());
    let (number, after) = t.split_at(number_end);
    if after.starts_with(['k', 'K']) {
        return 0;
    }
    match number.rsplit_once(['.', ',']) {
        Some((_, frac)) if frac.len() != 3 => frac.len() as i32,
        _ => 0,
    }
}

/// Whether `written` (`6:30`) is hours and minutes: its value is that many hours.
fn hours_clock(written: &str, value: f64) -> bool {
    let Some((h, m)) = written.trim().split_once(':') else {
        return false;
    };
    let (Ok(h), Ok(m)) = (h.parse::<f64>(), m.parse::<f64>()) else {
        return false;
    };
    ((h * 60.0 + m) * 60.0 - value).abs() < 1e-6
}

/// Whether a time is written as one number of minutes (`45 min`, `15min`, `30分`).
pub(super) fn minutes_only(written: &str) -> bool {
    let t = written.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let unit = t[digits..].trim().to_lowercase();
    digits > 0 && super::read::units::measure_unit(&unit) == Some("minute")
}

/// The decimal mark and the unit (with the space before it) of hours written with a
/// decimal part (`3,5 h` -> `,` and ` h`), or of whole hours (`5 h`, mark `.`).
fn decimal_hours(written: &str) -> Option<(&str, &str)> {
    let t = written.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit() && c != '.' && c != ',')?;
    let (number, unit) = t.split_at(digits);
    let unit_word = unit.trim_start();
    let word = unit_word
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_lowercase();
    let hours = super::read::units::measure_unit(&word) == Some("hour")
        && !unit_word.contains(|c: char| c.is_ascii_digit());
    let mark = if number.contains(',') { "," } else { "." };
    (hours && !number.is_empty()).then_some((mark, unit))
}

/// `written` with its numbers replaced by `numbers` in order, a number written with two
/// digits kept so (`7時間47分` -> `6時間59分`, `1h05` -> `1h20`).
pub(crate) fn in_form(written: &str, numbers: &[i64]) -> String {
    let mut out = String::new();
    let mut next = numbers.iter();
    let mut chars = written.chars().peekable();
    while let Some(c) = chars.next() {
        if !c.is_ascii_digit() {
            out.push(c);
            continue;
        }
        let mut width = 1;
        while chars.peek().is_some_and(char::is_ascii_digit) {
            chars.next();
            width += 1;
        }
        match next.next() {
            Some(n) if width == 2 => out.push_str(&format!("{n:02}")),
            Some(n) => out.push_str(&n.to_string()),
            None => {}
        }
    }
    out
}

/// `2023-10-15 (Sun)`: a date every reader of every language reads the same way.
pub(crate) fn day(d: NaiveDate) -> String {
    format!("{} ({})", d.format("%Y-%m-%d"), say::date(d, "weekday"))
}

/// A sentence of the person's log, listed under an answer: its day, its words, its link.
pub(super) fn told_item(
    store: &Store,
    date: NaiveDate,
    sentence: &str,
    entry: &crate::vault::Entry,
) -> String {
    format!("{}: “{sentence}” {}", say::day(date), store.cite(entry))
}

/// The inputs of a figure: each row's value of `target` (or the row itself), oldest first.
pub(super) fn inputs(rows: &[&Rec], target: Option<&str>) -> Vec<Input> {
    rows.iter()
        .map(|r| {
            let f = target.and_then(|k| r.field(k));
            Input {
                value: f.map_or_else(|| summary(r), |f| f.text.clone()),
                number: f.and_then(|f| f.value.number()).unwrap_or(1.0),
                date: r.date_on(None).map_or(r.date, |(d, _)| d),
                link: r.link.clone(),
            }
        })
        .collect()
}

/// A row's fields on one line: `Distance 10.5 km · Route river loop`.
fn summary(r: &Rec) -> String {
    r.fields
        .iter()
        .map(|f| format!("{} {}", f.name, f.text))
        .collect::<Vec<_>>()
        .join(" · ")
}

/// One cited line per row used.
pub(super) fn item(r: &Rec, on: Option<&str>) -> String {
    let d = r.date_on(on).map_or(r.date, |(d, _)| d);
    format!("{}: {} {}", say::day(d), summary(r), r.link)
}
