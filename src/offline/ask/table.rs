//! The vault's rows as one table (DESIGN §4.0): every card, table row and note's
//! properties, each field typed, and the vocabulary a question is resolved against (the
//! field names, what their values are, the text values).

use std::collections::BTreeMap;

use chrono::NaiveDate;

use crate::offline::read::find_word;
use crate::offline::read::value::{self, Precision, Value};
use crate::offline::read::words::activity_named;
use crate::vault::db::ROWS;
use crate::vault::Store;

/// One field of a row.
#[derive(Debug, Clone)]
pub struct Field {
    /// As the person wrote it.
    pub name: String,
    /// Compared form of the name (see [`key`]).
    pub key: String,
    /// The value as written.
    pub text: String,
    pub value: Value,
}

/// One row: a card, a table row, a note's properties.
#[derive(Debug, Clone)]
pub struct Rec {
    /// The date of its entry.
    pub date: NaiveDate,
    pub fields: Vec<Field>,
    pub source: String,
    /// The wikilink to its entry.
    pub link: String,
    /// Not done yet (a `To read` table).
    pub pending: bool,
    /// Money coming in (a table under `## Entradas`, `## Income`): no spending.
    pub income: bool,
    /// What the typed readers measured in its entry, and in which unit (`water`, `glass`).
    pub measured: Vec<(String, String)>,
    /// Its entry's id.
    pub entry: String,
}

impl Rec {
    /// The unit a typed reader gave the field `key` where the person wrote none (`water:
    /// 6` is glasses).
    pub fn typed_unit(&self, key: &str) -> Option<&str> {
        self.measured
            .iter()
            .find(|(what, unit)| what == key && !unit.is_empty())
            .map(|(_, unit)| unit.as_str())
    }

    pub fn field(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|f| f.key == key)
    }

    /// The date a question's period is taken on: the field `on` when given, else the first
    /// date the row holds, else its entry's date. With its precision.
    pub fn date_on(&self, on: Option<&str>) -> Option<(NaiveDate, Precision)> {
        let dated = |f: &Field| match f.value {
            Value::Date(d, p) => Some((d, p)),
            _ => None,
        };
        // A row that was started and finished (`Início`, `Fim`) is of the day it was
        // finished.
        let finished = || {
            let words = crate::offline::read::lexicon::lexicon()
                .fields
                .get("finished")?;
            self.fields
                .iter()
                .filter(|f| words.contains(&f.key))
                .find_map(dated)
        };
        match on {
            Some(key) => self.field(key).and_then(dated),
            None => Some(
                finished()
                    .or_else(|| self.fields.iter().find_map(dated))
                    .unwrap_or((self.date, Precision::Day)),
            ),
        }
    }

    /// Whether the row holds every filter (field key, value compared form) and lies in
    /// `period` on the date `on` (see [`Rec::date_on`]; a year or month lies in it only
    /// whole). Rows not done yet are never in.
    pub fn holds(
        &self,
        filters: &[(String, String)],
        period: Option<(NaiveDate, NaiveDate)>,
        on: Option<&str>,
    ) -> bool {
        self.holds_by(filters, period, on, |_, _| false)
    }

    /// [`Rec::holds`], where a filter's value that is no whole value of its field in
    /// `table` (`simenon`) is held by a value that has it as a word (`Georges Simenon`).
    pub fn holds_in(
        &self,
        table: &Table,
        filters: &[(String, String)],
        period: Option<(NaiveDate, NaiveDate)>,
        on: Option<&str>,
    ) -> bool {
        self.holds_by(filters, period, on, |k, v| {
            table
                .columns
                .get(k)
                .is_some_and(|c| !c.values.contains_key(v))
        })
    }

    fn holds_by(
        &self,
        filters: &[(String, String)],
        period: Option<(NaiveDate, NaiveDate)>,
        on: Option<&str>,
        by_word: impl Fn(&str, &str) -> bool,
    ) -> bool {
        // A value found under several fields (`余华` an author here, a note's word there)
        // is held under any of them; a value the question names is held inside a longer
        // one where marks set it apart (`Acme` in `migration plan (Acme, 2h30)`, not
        // `Harbor` in `The Harbor Lights`).
        !self.pending
            && filters.iter().all(|(_, v)| {
                filters
                    .iter()
                    .filter(|(_, other)| other == v)
                    .any(|(k, _)| {
                        self.field(k).is_some_and(|f| {
                            let text = value_key(&f.text);
                            text == *v
                                || plural_of(&text, v)
                                || set_apart(&text, v)
                                || noted_after(&f.text, v)
                                || by_word(k, v) && super::plan::holds_name(&text, v)
                        })
                    })
            })
            && match period {
                // A row is on a date field when it writes a date there (`読了 | -` is not).
                None => on.is_none_or(|k| self.date_on(Some(k)).is_some()),
                Some((start, end)) => self
                    .date_on(on)
                    .is_some_and(|(d, p)| start <= d && last_day(d, p) <= end),
            }
    }

    /// Whether the row's field `key` holds the number `n` (`★★★★★` is 5).
    pub fn rated(&self, key: &str, n: f64) -> bool {
        self.field(key)
            .and_then(|f| f.value.number())
            .is_some_and(|v| v == n)
    }

    /// Whether one of the row's short text values (a kind, not a description), a field's
    /// name or its note's path names `activity` (`type: ride`, `Pages: 320`,
    /// `Rides/2023-09-03.md`).
    pub fn is_about(&self, activity: &str, domains: &crate::domains::Domains) -> bool {
        let named = |text: &str| activity_named(text, domains).as_deref() == Some(activity);
        self.fields.iter().any(|f| {
            f.value == Value::Text && f.text.split_whitespace().count() <= 3 && named(&f.text)
                || named(&f.name)
        }) || self
            .source
            .split('/')
            .any(|part| named(&part.replace(".md", "")))
    }

    /// What names the row: its first text field other than `but` (a book's title, an
    /// expense's item, a card's route).
    pub fn name(&self, but: &[String]) -> Option<&Field> {
        self.fields
            .iter()
            .find(|f| f.value == Value::Text && !but.contains(&f.key))
    }
}

/// What one field name holds across the vault.
#[derive(Debug, Clone, Default)]
pub struct Column {
    /// How many rows have it, and how many of those values are dates, numbers, text.
    pub rows: usize,
    pub dates: usize,
    pub numbers: usize,
    pub texts: usize,
    /// The units its numbers are written with, and how often.
    pub units: BTreeMap<String, usize>,
    /// Its text values, compared form -> as written.
    pub values: BTreeMap<String, String>,
    /// How many of its values write the day of their own row (`01/10`, `1 (ma)`, `15`).
    pub own_days: usize,
}

impl Column {
    pub fn is_date(&self) -> bool {
        self.dates * 2 > self.rows
    }

    /// Whether its values are yes and no (`meditated: true` / `false`, a habit's `✓`,
    /// `✅`, `✗`, `-`): one of them a no (lexicon `markers.no`), and besides the noes at most
    /// one word or up to three marks (`✓`, `✔`, `✅` written on different days).
    pub fn is_flag(&self) -> bool {
        let no = &crate::offline::read::lexicon::lexicon().no;
        // A mark with a note beside it (`✅ 20'`) is the mark.
        let marks: std::collections::BTreeSet<String> = self
            .values
            .values()
            .filter_map(|v| v.split_whitespace().next())
            .map(str::to_lowercase)
            .collect();
        let yes: Vec<&String> = marks.iter().filter(|v| !no.contains(*v)).collect();
        let few = match yes.iter().all(|v| marks_alone(v)) {
            true => yes.len() <= 3,
            false => yes.len() <= 1,
        };
        self.texts == self.rows && few && marks.iter().any(|v| no.contains(v))
    }

    pub fn is_number(&self) -> bool {
        self.numbers * 2 > self.rows
    }

    /// Whether it is what dates its rows (a day table's `Día`, `Date`, `日`): no measure,
    /// whatever its numbers.
    pub fn is_day_of_row(&self) -> bool {
        self.rows >= 2 && self.own_days * 2 > self.rows
    }

    pub fn is_text(&self) -> bool {
        self.texts * 2 > self.rows
    }

    /// The unit most of its numbers carry.
    pub fn unit(&self) -> Option<&str> {
        self.units
            .iter()
            .max_by_key(|(_, n)| **n)
            .map(|(u, _)| u.as_str())
    }
}

/// Every row of the vault and its vocabulary.
#[derive(Debug, Default)]
pub struct Table {
    pub recs: Vec<Rec>,
    /// Field key -> what it holds.
    pub columns: BTreeMap<String, Column>,
}

impl Table {
    /// The rows of every record that has some.
    pub fn load(store: &Store) -> Table {
        let first = NaiveDate::from_ymd_opt(1, 1, 1).expect("a date");
        let last = NaiveDate::from_ymd_opt(9999, 12, 31).expect("a date");
        let mut recs = Vec::new();
        for record in store.records_in(first, last, &[ROWS]) {
            let link = store.cite_record(&record);
            let measured: Vec<(String, String)> = record
                .measures
                .iter()
                .map(|m| (key(&m.what), m.unit.clone()))
                .collect();
            for row in &record.rows {
                let fields: Vec<Field> = row
                    .fields
                    .iter()
                    .map(|(name, text)| Field {
                        name: name.clone(),
                        key: field_key(name),
                        text: text.clone(),
                        value: value_of(name, text),
                    })
                    .collect();
                // A row whose value says it is not done (`Fim: lendo`, `Finished: in
                // progress`) is not done yet.
                let pending = row.pending || fields.iter().any(|f: &Field| says_pending(&f.text));
                recs.push(Rec {
                    date: record.date,
                    fields,
                    source: record.source_file.clone(),
                    link: link.clone(),
                    pending,
                    income: row.income,
                    measured: measured.clone(),
                    entry: record.id.clone(),
                });
            }
        }
        Table::of(recs)
    }

    /// The table of `recs`, its vocabulary counted.
    pub fn of(mut recs: Vec<Rec>) -> Table {
        settle_orders(&mut recs);
        settle_days_of_year(&mut recs);
        settle_durations(&mut recs);
        settle_scores(&mut recs);
        settle_misspelt_keys(&mut recs);
        settle_thousands(&mut recs);
        settle_bare_numbers(&mut recs);
        let mut columns: BTreeMap<String, Column> = BTreeMap::new();
        for rec in &recs {
            for f in &rec.fields {
                let c = columns.entry(f.key.clone()).or_default();
                c.rows += 1;
                c.own_days += usize::from(writes_day(f, rec.date));
                match &f.value {
                    Value::Date(..) => c.dates += 1,
                    Value::Duration(_) => c.numbers += 1,
                    Value::Number(_, unit) => {
                        c.numbers += 1;
                        *c.units.entry(unit.clone()).or_default() += 1;
                    }
                    Value::Text => {
                        c.texts += 1;
                        c.values
                            .entry(value_key(&f.text))
                            .or_insert_with(|| f.text.clone());
                    }
                }
            }
        }
        Table { recs, columns }
    }
}

/// `32,60` among `R$ 44,90` and `R$ 161,29` in one column: a bare number takes the one
/// unit the field's other numbers all write, when most of them write it.
fn settle_bare_numbers(recs: &mut [Rec]) {
    // Per field: its units (`None` once two differ), and how many numbers are bare.
    let mut seen: BTreeMap<String, (Option<String>, usize, usize)> = BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        let Value::Number(_, unit) = &f.value else {
            continue;
        };
        let (one, united, bare) = seen
            .entry(f.key.clone())
            .or_insert_with(|| (Some(String::new()), 0, 0));
        if unit.is_empty() {
            *bare += 1;
            continue;
        }
        *united += 1;
        *one = match one.take() {
            Some(u) if u.is_empty() || u == *unit => Some(unit.clone()),
            _ => None,
        };
    }
    let units: BTreeMap<String, String> = seen
        .into_iter()
        .filter(|(_, (_, united, bare))| *bare > 0 && united > bare)
        .filter_map(|(key, (one, ..))| Some((key, one?)))
        .collect();
    for f in recs.iter_mut().flat_map(|r| &mut r.fields) {
        if let Value::Number(n, unit) = &f.value {
            if let Some(one) = unit.is_empty().then(|| units.get(&f.key)).flatten() {
                f.value = Value::Number(*n, one.clone());
            }
        }
    }
}

/// `8.9k` among `12,034` and `9 812` in one field (steps, as a tracker app shortens them):
/// thousands, where most of the field's bare numbers are 1,000 or more.
fn settle_thousands(recs: &mut [Rec]) {
    let mut seen: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        if let Value::Number(n, unit) = &f.value {
            let (k, big, bare) = seen.entry(f.key.clone()).or_default();
            match unit.as_str() {
                "k" | "K" => *k += 1,
                "" => {
                    *bare += 1;
                    *big += usize::from(*n >= 1000.0);
                }
                _ => {}
            }
        }
    }
    let thousands: Vec<String> = seen
        .into_iter()
        .filter(|(_, (k, big, bare))| *k > 0 && *big * 2 > *bare)
        .map(|(key, _)| key)
        .collect();
    if thousands.is_empty() {
        return;
    }
    for f in recs.iter_mut().flat_map(|r| &mut r.fields) {
        if let Value::Number(n, unit) = &f.value {
            if matches!(unit.as_str(), "k" | "K") && thousands.contains(&f.key) {
                f.value = Value::Number(n * 1000.0, String::new());
            }
        }
    }
}

/// A field name misspelt on some rows (`Méditaiton` in one month's table, `spessa::`,
/// `wieght::`) is the name written right more often: one edit apart, five letters or
/// more, never both in one row.
fn settle_misspelt_keys(recs: &mut [Rec]) {
    use crate::offline::read::misspelt;
    let mut counts: BTreeMap<&str, usize> = BTreeMap::new();
    for rec in recs.iter() {
        for f in &rec.fields {
            *counts.entry(f.key.as_str()).or_default() += 1;
        }
    }
    let mut renames: Vec<(String, String)> = Vec::new();
    for (&rare, &n) in &counts {
        let right = counts
            .iter()
            .filter(|(k, m)| **m > n && misspelt(rare, k))
            .max_by_key(|(_, m)| **m)
            .map(|(k, _)| *k);
        if let Some(right) = right {
            let together = recs.iter().any(|r| {
                r.fields.iter().any(|f| f.key == rare) && r.fields.iter().any(|f| f.key == right)
            });
            if !together {
                renames.push((rare.to_string(), right.to_string()));
            }
        }
    }
    if renames.is_empty() {
        return;
    }
    for rec in recs.iter_mut() {
        for f in &mut rec.fields {
            if let Some((_, right)) = renames.iter().find(|(rare, _)| *rare == f.key) {
                f.key = right.clone();
            }
        }
    }
}

/// Whether a value is, whole, a marker of not done yet (`lendo`, `in progress`, `à lire`).
fn says_pending(text: &str) -> bool {
    let t = text
        .trim()
        .trim_matches(['(', ')', '*', '_'])
        .to_lowercase();
    !t.is_empty()
        && crate::offline::read::lexicon::lexicon()
            .pending
            .contains(&t)
}

/// Whether a field's value writes `date`, its row's day: the date itself, or a number
/// first that is its day (`1 (ma)`, `01/10`, `15.`).
fn writes_day(field: &Field, date: NaiveDate) -> bool {
    use chrono::Datelike;
    if let Value::Date(d, value::Precision::Day) = field.value {
        return d == date;
    }
    let digits: String = field
        .text
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let rest = &field.text[digits.len()..];
    digits.parse::<u32>().is_ok_and(|d| d == date.day())
        && !rest.starts_with(|c: char| c.is_ascii_digit() || c == ',')
        && !rest.trim_start().starts_with(|c: char| c.is_alphabetic())
}

/// A field of durations that writes some as bare numbers (`睡眠: 7` beside `睡眠: 6.5h`
/// and `7時間半`, `Run: 45` beside `Run: 30 min`): those are in the unit the others are
/// written in, hours or minutes.
fn settle_durations(recs: &mut [Rec]) {
    // Per field: durations written in hours, in minutes, and bare numbers.
    let mut seen: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        let (hours, minutes, bare) = seen.entry(f.key.clone()).or_default();
        match &f.value {
            Value::Duration(_) if super::minutes_only(&f.text) => *minutes += 1,
            Value::Duration(_) => *hours += 1,
            Value::Number(_, unit) if unit.is_empty() => *bare += 1,
            _ => {}
        }
    }
    for f in recs.iter_mut().flat_map(|r| &mut r.fields) {
        let Some(&(hours, minutes, bare)) = seen.get(&f.key) else {
            continue;
        };
        // A few durations among many plain numbers are no column of durations.
        if hours + minutes == 0 || (hours + minutes) * 4 < bare {
            continue;
        }
        match &f.value {
            Value::Number(n, unit) if unit.is_empty() => {
                let scale = if hours >= minutes { 3600.0 } else { 60.0 };
                f.value = Value::Duration(n * scale);
            }
            // `6:30` among `7h30` and `7,5h` is hours and minutes, not minutes and seconds.
            Value::Duration(s)
                if hours > minutes && *s < 3600.0 && f.text.trim().matches(':').count() == 1 =>
            {
                f.value = Value::Duration(s * 60.0);
            }
            _ => {}
        }
    }
}

/// A field whose values are marks out of one scale (`4/5`, `3,5 / 5`, `8/10`) is a score,
/// not a date: each is its number, beside the field's plain numbers and stars.
fn settle_scores(recs: &mut [Rec]) {
    // Per field: the scales its scores are out of, and whether a part beats its scale.
    let mut scales: BTreeMap<String, (std::collections::BTreeSet<u32>, usize, bool)> =
        BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        if let Some((n, scale)) = score(&f.text) {
            let seen = scales.entry(f.key.clone()).or_default();
            seen.0.insert(scale);
            seen.1 += 1;
            seen.2 |= n > f64::from(scale);
        }
    }
    scales.retain(|_, (set, count, over)| set.len() == 1 && *count >= 2 && !*over);
    for f in recs.iter_mut().flat_map(|r| &mut r.fields) {
        if scales.contains_key(&f.key) {
            if let Some((n, _)) = score(&f.text) {
                f.value = Value::Number(n, String::new());
            }
        }
    }
}

/// A mark out of a scale of 5, 10, 20 or 100 (`4/5`, `3,5 / 5`, `8/10`): the mark and the
/// scale.
fn score(text: &str) -> Option<(f64, u32)> {
    let (n, scale) = text.trim().split_once('/')?;
    let scale: u32 = scale.trim().parse().ok()?;
    let n: f64 = n.trim().replace(',', ".").parse().ok()?;
    [5, 10, 20, 100].contains(&scale).then_some((n, scale))
}

/// Dates with their year last that could be either order (`04/05/2021`) are read month
/// first in a column where some date can only be (`05/18/2021`) and none only day first.
fn settle_orders(recs: &mut [Rec]) {
    use value::Order;
    let mut orders: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        let seen = orders.entry(f.key.clone()).or_default();
        match value::order(&f.text) {
            Some(Order::DayFirst) => seen.0 = true,
            Some(Order::MonthFirst) => seen.1 = true,
            _ => {}
        }
    }
    for f in recs.iter_mut().flat_map(|r| &mut r.fields) {
        if orders.get(&f.key) == Some(&(false, true))
            && value::order(&f.text) == Some(Order::Either)
        {
            if let Some(v) = value::month_first(&f.text) {
                f.value = v;
            }
        }
    }
}

/// `| 陸王 | 1/3 | 1/10 |` under `読み始め` and `読了`: a day and a month in a field named
/// as a date are that day of the row's year (the note's). Day or month first is settled per
/// field by a number past 12, else month first in a name of ideographs or Hangul, day
/// first in the others.
fn settle_days_of_year(recs: &mut [Rec]) {
    use crate::offline::read::rows::{day_and_month, names_a_date};
    let mut seen: BTreeMap<String, (bool, bool)> = BTreeMap::new();
    for f in recs.iter().flat_map(|r| &r.fields) {
        if let Some((a, b)) = day_and_month(&f.text).filter(|_| names_a_date(&f.name)) {
            let (day_first, month_first) = seen.entry(f.key.clone()).or_default();
            *day_first |= a > 12;
            *month_first |= b > 12;
        }
    }
    for rec in recs.iter_mut() {
        let year = chrono::Datelike::year(&rec.date);
        for f in &mut rec.fields {
            let Some(&(day_first, month_first)) = seen.get(&f.key) else {
                continue;
            };
            let Some((a, b)) =
                day_and_month(&f.text).filter(|_| !matches!(f.value, Value::Date(..)))
            else {
                continue;
            };
            let spaceless = crate::domains::has_spaceless(&f.name);
            let (day, month) = match (day_first, month_first) {
                (true, false) => (a, b),
                (false, true) => (b, a),
                _ if spaceless => (b, a),
                _ => (a, b),
            };
            if let Some(d) = NaiveDate::from_ymd_opt(year, month, day) {
                f.value = Value::Date(d, Precision::Day);
            }
        }
    }
}

/// The last day of what a date with its precision names (`2019` -> Dec 31, 2019).
fn last_day(d: NaiveDate, p: Precision) -> NaiveDate {
    use chrono::Datelike;
    let next = match p {
        Precision::Day => return d,
        Precision::Month if d.month() == 12 => NaiveDate::from_ymd_opt(d.year() + 1, 1, 1),
        Precision::Month => NaiveDate::from_ymd_opt(d.year(), d.month() + 1, 1),
        Precision::Year => NaiveDate::from_ymd_opt(d.year() + 1, 1, 1),
    };
    next.and_then(|n| n.pred_opt()).unwrap_or(d)
}

/// A name or value as compared (`Avg_HR` = `avg hr`): the index's own form.
pub use crate::vault::parsed::compared as key;

/// A field's name before a unit it writes in brackets (`Weight (kg)`, `Lectura (pág.)`,
/// `体重（kg）`), and that unit, canonical.
fn split_unit(name: &str) -> Option<(&str, &'static str)> {
    // `sleep_hrs`, `run_km`: a unit after the name's last `_`.
    if let Some((bare, unit)) = name.trim_end().rsplit_once('_') {
        let unit = crate::offline::read::units::measure_unit(&unit.to_lowercase());
        if let Some(unit) = unit.filter(|_| !bare.trim().is_empty()) {
            return Some((bare, unit));
        }
    }
    let (bare, inner) = name.trim_end().rsplit_once(['(', '[', '（'])?;
    let inner = inner
        .trim_end_matches([')', ']', '）'])
        .trim()
        .trim_end_matches('.');
    let unit = crate::offline::read::units::measure_unit(&inner.to_lowercase())?;
    Some((bare, unit))
}

/// The unit a field's name writes in brackets after it (see [`split_unit`]).
pub fn unit_in_name(name: &str) -> Option<&'static str> {
    split_unit(name).map(|(_, unit)| unit)
}

/// The compared form of a field's name; an emoji name (`👟`) is itself; a name that ends
/// in its unit after `_` is the name before it (`sleep_hrs` is `sleep`, as the same field
/// renamed).
pub fn field_key(name: &str) -> String {
    if name.contains('_') {
        if let Some(bare) = bare_key(name) {
            return bare;
        }
    }
    match key(name) {
        k if k.is_empty() => name.replace('\u{fe0f}', "").trim().to_string(),
        k => k,
    }
}

/// The compared form of a field's name without a unit in brackets (`weight` of `Weight
/// (kg)`), which a question names it by.
pub fn bare_key(name: &str) -> Option<String> {
    split_unit(name)
        .map(|(bare, _)| key(bare))
        .filter(|k| !k.is_empty())
}

/// A field's value read as written, a bare number taking the unit its name gives.
fn value_of(name: &str, text: &str) -> Value {
    match value::read_as(name, text) {
        Value::Number(n, unit) if unit.is_empty() => {
            Value::Number(n, unit_in_name(name).map_or(unit, str::to_string))
        }
        value => value,
    }
}

/// The compared form of a value; a value of marks alone (`✅`, `😊`) is its own.
pub fn value_key(text: &str) -> String {
    match marks_alone(text) {
        true => text.trim().to_string(),
        false => joined_digits(&key(text)),
    }
}

/// `ペガサス 40` as `ペガサス40`: a space between a word of a spaceless script and a number
/// is no part of the name.
fn joined_digits(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let spaceless = crate::domains::is_spaceless;
    let mut out = String::with_capacity(text.len());
    for (i, &c) in chars.iter().enumerate() {
        if c == ' ' && i > 0 && i + 1 < chars.len() {
            let (a, b) = (chars[i - 1], chars[i + 1]);
            if spaceless(a) && b.is_ascii_digit() || a.is_ascii_digit() && spaceless(b) {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// Whether a value is marks and no letter or digit (`✅`, `😊`).
pub fn marks_alone(text: &str) -> bool {
    !text.trim().is_empty() && !text.chars().any(char::is_alphanumeric)
}

/// Whether `value` stands in `text` as a part of its own: a whole word with a mark (a
/// bracket, comma, slash, dash) beside it.
/// `restaurantes` and `Restaurante`, `books` and `book`: one value, in the plural or not
/// (a Latin word of four letters or more).
fn plural_of(text: &str, value: &str) -> bool {
    let (short, long) = match text.len() < value.len() {
        true => (text, value),
        false => (value, text),
    };
    short.len() >= 4 && short.is_ascii() == long.is_ascii() && long.strip_suffix('s') == Some(short)
}

/// `Uber pro trabalho`, `Uber - chuva` hold `uber`: the value with a note after it in small
/// letters or after a mark (`Harbor Master` is another name).
fn noted_after(written: &str, value: &str) -> bool {
    let written = written.trim();
    let lower = written.to_lowercase();
    let Some(rest) = lower.strip_prefix(value).filter(|r| r.starts_with(' ')) else {
        return false;
    };
    let Some(tail) = written.get(written.len().saturating_sub(rest.len())..) else {
        return false;
    };
    tail.trim_start()
        .chars()
        .next()
        .is_some_and(|c| c.is_lowercase() || APART.contains(&c))
}

/// Marks that set a name apart from the words beside it (`Acme (2h30)`, `Uber - chuva`).
const APART: [char; 13] = [
    '(', ')', '[', ']', ',', '/', ':', ';', '|', '—', '–', '-', '·',
];

fn set_apart(text: &str, value: &str) -> bool {
    let Some(at) = find_word(text, value) else {
        return false;
    };
    let before = text[..at].trim_end().chars().next_back();
    let after = text[at + value.len()..].trim_start().chars().next();
    before.is_some_and(|c| APART.contains(&c)) || after.is_some_and(|c| APART.contains(&c))
}
