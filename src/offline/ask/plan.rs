//! A question as an operation over the person's rows (DESIGN §4.0): its words are matched
//! to the vault's own vocabulary first (field names give the target or the date a period
//! is taken on, text values give filters), the lexicon's aliases second; the operation is
//! read from the question's cues.

use crate::offline::threshold::Threshold;
use chrono::{Datelike, NaiveDate};

use super::group::{self, Group};
use super::table::{key, Table};
use crate::domains::Domains;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::words::{activity_named, find_word};

/// What a plan computes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Count,
    Sum,
    Mean,
    Max,
    Min,
    Latest,
    First,
    /// The target's value in the matching row.
    Lookup,
    /// The year holding the most matching rows.
    YearMost,
    /// The target's value written most often (`what did I eat most often for dinner`).
    Mode,
}

/// What the answer leads with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Returns {
    /// The target's value (or the figure computed).
    Value,
    /// The row's date.
    Date,
    /// What names the row (a title, an item).
    Name,
}

/// A question resolved against the vault's rows.
#[derive(Debug, Clone, PartialEq)]
pub struct Plan {
    pub op: Op,
    /// The field computed or looked up (its key).
    pub target: Option<String>,
    /// The question's word for the target when it named it by an alias (`dinner` for a
    /// key `D`): an answer names a one-letter key so.
    pub target_word: Option<String>,
    /// The date field the period is taken on, when the question names one (`finished`).
    pub date_field: Option<String>,
    /// Field key and value (compared form) a row must hold.
    pub filters: Vec<(String, String)>,
    /// The activity asked about when no value was named (`how far did I run`): only rows
    /// with a value or a note path naming it are read.
    pub about: Option<String>,
    pub period: Option<(NaiveDate, NaiveDate)>,
    pub returns: Returns,
    /// How rows are put together before a max or min (a day's total, a client's).
    pub group: Option<Group>,
    /// A word of the path of the notes whose rows are read (`filme` of `Filme 2023.md`).
    pub note: Option<String>,
    /// A field key and the number its value must be (`mit fünf Sternen`: rating 5).
    pub rated: Option<(String, f64)>,
    /// A bound the target's numbers must pass to be counted (`more than 4 hours`).
    pub threshold: Option<Threshold>,
    /// A total told per week or per month of the period (`drinks per week on average`).
    pub per: Option<Per>,
}

impl Plan {
    /// A count of the rows in `period`, nothing else narrowing them.
    fn count(period: Option<(NaiveDate, NaiveDate)>) -> Plan {
        Plan {
            op: Op::Count,
            target: None,
            target_word: None,
            date_field: None,
            filters: Vec::new(),
            about: None,
            period,
            returns: Returns::Value,
            group: None,
            note: None,
            rated: None,
            threshold: None,
            per: None,
        }
    }
}

/// The stretch a total is averaged over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Per {
    Week,
    Month,
    /// The days with a row: `hours per working day` is each day's total, averaged.
    Day,
}

impl Per {
    /// The whole weeks (Monday to Sunday) or months that hold `first` to `last`: the
    /// stretches of a log that names no period (`hours a week`: its six weekly files).
    pub fn whole(self, first: NaiveDate, last: NaiveDate) -> (NaiveDate, NaiveDate) {
        match self {
            Per::Week => {
                let back = u64::from(first.weekday().num_days_from_monday());
                let on = u64::from(6 - last.weekday().num_days_from_monday());
                (
                    first - chrono::Days::new(back),
                    last + chrono::Days::new(on),
                )
            }
            Per::Month | Per::Day => (first, last),
        }
    }

    /// The weeks or calendar months from `first` to `last` (at least one), the answer
    /// template that tells the average and the stretch's noun.
    pub fn stretches(self, first: NaiveDate, last: NaiveDate) -> (f64, &'static str, &'static str) {
        match self {
            Per::Week => {
                let weeks = ((last - first).num_days() + 1) as f64 / 7.0;
                (weeks.max(1.0), "per_week_avg", "week")
            }
            Per::Month => {
                let months = (last.year() - first.year()) * 12 + last.month() as i32
                    - first.month() as i32
                    + 1;
                (f64::from(months.max(1)), "per_month_avg", "month")
            }
            // The days are counted from the rows (see `per_stretch`).
            Per::Day => (1.0, "per_day_avg", "day"),
        }
    }
}

/// How strongly the question names a field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Named {
    /// By a unit its numbers carry (`how many km`).
    Unit,
    /// By a lexicon alias (`how far` for `Distanz`, `spent` for `금액`).
    Alias,
    /// By its own name.
    Own,
}

/// The plan of `frame`'s question over `table`, or `None` when the question names none of
/// the vault's fields or values (another reader answers it).
pub fn resolve(frame: &Frame, table: &Table, domains: &Domains) -> Option<Plan> {
    let mut plan = resolve_words(frame, table, domains)?;
    // `drinks per week on average`: the period's total over its weeks.
    if matches!(plan.op, Op::Sum | Op::Mean) {
        let per_day = cues::has(&words_of(frame), &lexicon().questions.per_day);
        plan.per = match (frame.query.per_week, frame.query.per_month, per_day) {
            (true, _, _) => Some(Per::Week),
            (_, true, _) => Some(Per::Month),
            // A mean of rows that come several a day (`hours per working day`).
            (_, _, true) if plan.op == Op::Mean => Some(Per::Day),
            _ => None,
        };
    }
    // `days with more than 4 hours of focus`: the days passing the bound are counted.
    if let (Some(bound), Some(_)) = (&frame.query.threshold, &plan.target) {
        plan.threshold = Some(bound.clone());
        if matches!(plan.op, Op::Sum | Op::Mean) {
            plan.op = Op::Count;
        }
    }
    // A count says its noun as the question wrote it (`14 libros`, `21 Aufgaben`).
    if plan.op == Op::Count && plan.target_word.is_none() {
        let closed = closed_words();
        plan.target_word = counted_noun(&words_of(frame))
            .filter(|n| n.chars().count() >= 3 && !closed.contains(n))
            .and_then(|n| as_written(frame, n));
    }
    // `cuántos kilos de calabacines`: an amount in a unit, not a count of the rows that
    // name the value (the readers of the log add the kilos up).
    let unit_counted = plan.op == Op::Count
        && plan.target.is_none()
        && plan.target_word.as_deref().is_some_and(|w| {
            crate::offline::read::units::measure_unit(&w.to_lowercase()).is_some()
        });
    (!unit_counted).then_some(plan)
}

/// The word of the question `frame` whose lowercase form is `word`, as written.
fn as_written(frame: &Frame, word: &str) -> Option<String> {
    frame
        .question
        .split(|c: char| !c.is_alphanumeric())
        .find(|x| x.to_lowercase() == word)
        .map(str::to_string)
}

/// [`resolve`] before its count is given its noun.
fn resolve_words(frame: &Frame, table: &Table, domains: &Domains) -> Option<Plan> {
    let range = frame.query.range.as_ref();
    let q = words_of(frame);
    let period = range.map(|r| (r.start, r.end));
    let (named, said) = fields_named(&q, table);
    tracing::debug!("fields named {named:?}, said {said:?}");
    // Names the question writes outside its period (`June` is none).
    let names: Vec<String> = name_words(&frame.question)
        .into_iter()
        .filter(|w| find_word(&q, w).is_some())
        .filter(|w| crate::vault::dating::month(w).is_none() && !crate::vault::dating::weekday(w))
        .collect();
    let filters = values_named(&q, table, &names);
    // `how many metres did I swim`: a unit and an activity the typed readers do not count
    // name a field of that activity's rows.
    let by_unit = named.iter().any(|(_, how)| *how == Named::Unit) && by_unit(&q, domains);
    if !named.iter().any(|(_, how)| *how >= Named::Alias) && filters.is_empty() && !by_unit {
        return sessions(&q, table, domains, period)
            .or_else(|| busiest_day(&q, table, domains, period))
            .or_else(|| by_note(&q, table, domains, period).filter(|_| !typed_metric(frame)))
            .or_else(|| by_rating(&q, table, period))
            .or_else(|| works_finished(&q, table, period));
    }
    let column = |k: &str| table.columns.get(k);
    // The cues and the activity are read without the fields' own names (`Avg HR` asks no average).
    let mut cued = q.clone();
    for (k, how) in &named {
        if *how == Named::Own {
            cued = cued.replace(k.as_str(), " ");
        }
    }
    for (_, v) in &filters {
        cued = cued.replace(v.as_str(), " ");
    }
    // `how far did I cycle`: with no value named, the rows whose short values or note
    // name the activity.
    // A field of yes and no named by the activity (`meditated`) is the activity itself.
    let flag = named
        .iter()
        .any(|(k, _)| column(k).is_some_and(|c| c.is_flag()));
    // A field named by an activity's word (`caminé` for `Pasos`) is that activity's field.
    let mut unsaid = cued.clone();
    for (_, word) in &said {
        unsaid = crate::offline::lookup::replace_word(&unsaid, word);
    }
    // `which day did I walk the most steps`: a word of a field named (`walk` of `steps`)
    // names that field, not rows about walking.
    for (k, _) in &named {
        for alias in aliases_of(k) {
            unsaid = crate::offline::lookup::replace_word(&unsaid, &alias);
        }
    }
    let about = match filters.is_empty() && !flag {
        true => activity_named(&unsaid, domains),
        false => None,
    };
    // `max bench press weight`: a lift named by a row's value is the lift readers' (they
    // read every way sets are written).
    let lift_valued = filters
        .iter()
        .any(|(_, v)| activity_named(v, domains).as_deref() == Some("strength"));
    if for_typed_readers(about.as_deref(), &named, table, domains)
        || sleep_by_alias(frame, &named)
        || lift_valued
    {
        return None;
    }
    // How many rows a field would be read from: the one the notes hold for this question
    // wins over a namesake in another log (`Finished` of the books, `Vu le` of the films).
    let holding_about = |about: Option<&str>| -> Vec<&super::table::Rec> {
        (table.recs.iter())
            .filter(|r| r.holds_in(table, &filters, None, None))
            .filter(|r| about.is_none_or(|a| r.is_about(a, domains)))
            .collect()
    };
    let mut holding = holding_about(about.as_deref());
    // `which plant did I water most`: a field of words the person named is asked about,
    // whatever activity the question's verb is (the rows are plants, not waterings).
    let own_text = named
        .iter()
        .any(|(k, how)| *how == Named::Own && column(k).is_some_and(|c| c.is_text()));
    let mut about = about;
    if holding.is_empty() && about.is_some() && own_text {
        about = None;
        holding = holding_about(None);
    }
    if holding.is_empty() {
        return None;
    }
    let support = |k: &str, on: Option<&str>| {
        holding
            .iter()
            .filter(|r| r.field(k).is_some() && r.holds(&[], period, on))
            .count()
    };
    // A field named in the question's language comes before its namesakes in others.
    let own_language = |k: &str| {
        lexicon()
            .field_langs
            .get(k)
            .is_some_and(|langs| langs.iter().any(|l| l == frame.lang))
    };
    let date_field = named
        .iter()
        .filter(|(k, how)| *how >= Named::Alias && column(k).is_some_and(|c| c.is_date()))
        .map(|(k, how)| (k, *how, support(k, Some(k))))
        .filter(|(_, _, n)| *n > 0)
        .max_by_key(|(k, how, n)| (*how, own_language(k), *n))
        .map(|(k, _, _)| k.clone());
    let on = date_field.as_deref();
    let filtered: Vec<&String> = filters.iter().map(|(k, _)| k).collect();
    let target = named
        .iter()
        .filter(|(k, _)| !filtered.contains(&k) && column(k).is_some_and(|c| !c.is_date()))
        .map(|(k, how)| (k, *how, support(k, on)))
        .filter(|(_, _, n)| *n > 0)
        .max_by_key(|(k, how, n)| {
            let number = column(k).is_some_and(|c| c.is_number());
            (*how, number, own_language(k), *n)
        })
        .map(|(k, how, _)| (k.clone(), how));
    let asks = |cue: Cue| cues::asks(&cued, cue);
    let questions = &lexicon().questions;
    // `qual categoria teve o maior gasto`: a field of words asked `which`, beside a field of
    // numbers named by another word, ranks the words by those numbers.
    let target = match &target {
        Some((k, Named::Own))
            if column(k).is_some_and(|c| c.is_text())
                && cues::has(&cued, &questions.what)
                && (asks(Cue::Best) || asks(Cue::Least) || asks(Cue::Worst)) =>
        {
            (named.iter())
                .filter(|(n, _)| n != k && !filtered.contains(&n))
                .filter(|(n, _)| column(n).is_some_and(|c| c.is_number()) && support(n, on) > 0)
                .max_by_key(|(n, how)| (*how, support(n, on)))
                .cloned()
                .or(target)
        }
        _ => target,
    };
    let when = asks(Cue::When) || cues::has(&cued, &questions.day);
    let number = target
        .as_ref()
        .is_some_and(|(k, _)| column(k).is_some_and(|c| c.is_number()));
    // `wie viele Aufgaben`, `quantas tarefas`: a field named by the noun that is counted
    // counts its rows, as its own name would.
    let counted: Option<String> = target.as_ref().and_then(|(k, _)| {
        said.iter()
            .filter(|(name, _)| name == k)
            .find_map(|(_, w)| counts_noun(&cued, w))
    });
    let target_how = target
        .as_ref()
        .map(|(_, how)| if counted.is_some() { Named::Own } else { *how });
    let looked_up = date_field.is_some() && !filters.is_empty();
    let op = operation(&cued, (number, target_how), looked_up, when)?;
    // A pace is best when lowest (`最快配速`, `best pace`, `meilleure allure`), and the
    // slowest is the highest.
    let pace = target.as_ref().is_some_and(|(k, _)| is_pace(k));
    // The most of a field of words is the value written most often.
    let op = match op {
        Op::Max if !number && target.is_some() => Op::Mode,
        Op::Max if pace => Op::Min,
        Op::Min if pace => Op::Max,
        op => op,
    };
    // `4月の平均心拍数`, `avg HR in May`: a field that names an average, asked of a period
    // and no one row, is averaged over it.
    // A field that is an average (`平均心率`, `Avg HR`) never adds up: its sum asked is its
    // mean.
    let averaged = target
        .as_ref()
        .is_some_and(|(k, _)| cues::asks(k, Cue::Average));
    let op = match op {
        Op::Sum if averaged => Op::Mean,
        Op::Lookup
            if number
                && filters.is_empty()
                && period.is_some_and(|(start, end)| start < end)
                && target
                    .as_ref()
                    .is_some_and(|(k, _)| cues::asks(k, Cue::Average)) =>
        {
            Op::Mean
        }
        op => op,
    };
    // `¿en qué mes caminé más?`: the months' totals of a field that adds up, or, of rows
    // named by a value (`which month did I feel 😊 most`), their counts.
    if cues::has(&cued, &questions.which_month)
        && matches!(op, Op::Max | Op::Min | Op::Mode | Op::Count | Op::Sum)
    {
        let adds = target
            .as_ref()
            .is_some_and(|(k, _)| column(k).is_some_and(|c| c.is_number() && group::adds_up(k, c)));
        // `quel mois ai-je fait le plus de sport`: the days a field of yes and no says yes;
        // `一番たくさん読み終えた月`: the rows by the month of the date field named.
        if adds || flag || !filters.is_empty() || about.is_some() || date_field.is_some() {
            let least = asks(Cue::Least) || asks(Cue::Worst);
            // `which month did I walk the most on average`: the months' means.
            let month = match asks(Cue::Average) && adds {
                true => Group::MonthMean,
                false => Group::Month,
            };
            return Some(Plan {
                op: if least { Op::Min } else { Op::Max },
                target: target.filter(|_| adds || flag).map(|(k, _)| k),
                target_word: None,
                date_field,
                filters,
                about,
                period,
                returns: Returns::Name,
                group: Some(month),
                note: None,
                rated: rated(&q, table),
                threshold: None,
                per: None,
            });
        }
    }
    // A max, min, sum or mean needs numbers.
    if matches!(op, Op::Max | Op::Min | Op::Sum | Op::Mean) && !number {
        return None;
    }
    let target_own = target.as_ref().is_some_and(|(_, how)| *how == Named::Own);
    let returns = match op {
        // `quel livre ai-je fini le 12 septembre`: the row's name, found by its date.
        Op::Lookup
            if date_field.is_some()
                && !when
                && (names_a_row(&cued)
                    || target.is_none() && cues::has(&cued, &questions.what)) =>
        {
            Returns::Name
        }
        Op::Lookup if date_field.is_some() && (when || target.is_none()) => Returns::Date,
        Op::Mode => Returns::Value,
        _ if when && op != Op::Lookup => Returns::Date,
        Op::Latest | Op::First | Op::Max | Op::Min
            if (!target_own || names_a_row(&cued)) && cues::has(&cued, &questions.what) =>
        {
            Returns::Name
        }
        Op::Latest | Op::First if target.is_none() => Returns::Date,
        _ => Returns::Value,
    };
    let target = match (op, returns) {
        (Op::Lookup, Returns::Date) => date_field.clone(),
        (Op::Lookup, Returns::Name) if target.is_none() => date_field.clone(),
        _ => target.map(|(k, _)| k),
    };
    let (group, returns) = grouping(
        op,
        returns,
        target.as_deref(),
        &named,
        &filters,
        table,
        &cued,
    );
    // A lookup reads one row: the question names it by a value or a day.
    if op == Op::Lookup && (target.is_none() || filters.is_empty() && period.is_none()) {
        return None;
    }
    let target_word = match counted.filter(|_| op == Op::Count) {
        Some(noun) => as_written(frame, &noun),
        None => target
            .as_ref()
            .and_then(|k| said.iter().find(|(name, _)| name == k))
            .map(|(_, w)| w.clone()),
    };
    Some(Plan {
        op,
        target,
        target_word,
        date_field,
        filters,
        about,
        period,
        returns,
        group,
        note: None,
        rated: rated(&q, table),
        threshold: None,
        per: None,
    })
}

/// Whether the question asks which row by a noun of its own after its `what` word
/// (`which book had the highest Nota`, `qual livro`, `어떤 책`), not what value (`what was
/// my highest Nota`). `cued`: the question without the fields' own names.
fn names_a_row(cued: &str) -> bool {
    let questions = &lexicon().questions;
    Words::of(cued).words.windows(2).any(|pair| {
        questions.what.iter().any(|w| w == pair[0])
            && !questions.function.iter().any(|w| w == pair[1])
            && !pair[1].chars().all(|c| c.is_ascii_digit())
    })
}

/// How a max or min puts rows together: `which client did I spend the most hours on` (a
/// text field named, and `which`) by the client; `which day did I log the most hours` (a
/// field that adds up) by the day. With what the answer then leads with.
fn grouping(
    op: Op,
    returns: Returns,
    target: Option<&str>,
    named: &[(String, Named)],
    filters: &[(String, String)],
    table: &Table,
    cued: &str,
) -> (Option<Group>, Returns) {
    let Some(target) = target.filter(|_| matches!(op, Op::Max | Op::Min)) else {
        return (None, returns);
    };
    let Some(column) = table.columns.get(target).filter(|c| c.is_number()) else {
        return (None, returns);
    };
    let by_value = named.iter().find(|(k, how)| {
        *how == Named::Own
            && k != target
            && !filters.iter().any(|(f, _)| f == k)
            && table
                .columns
                .get(k)
                .is_some_and(|c| c.is_text() && !c.is_flag())
    });
    match by_value {
        Some((k, _)) if cues::has(cued, &lexicon().questions.what) => {
            (Some(Group::Field(k.clone())), Returns::Name)
        }
        _ if returns == Returns::Date && group::adds_up(target, column) => {
            (Some(Group::Day), returns)
        }
        _ => (None, returns),
    }
}

/// "How many sessions in June" over a log of cards: each card (or table row) of the period
/// is one session, two on one day counted twice. Not when an activity is named (the typed
/// readers count runs and rides) or no row falls in the period.
fn sessions(
    q: &str,
    table: &Table,
    domains: &Domains,
    period: Option<(NaiveDate, NaiveDate)>,
) -> Option<Plan> {
    if !counts_sessions(q, domains) {
        return None;
    }
    table
        .recs
        .iter()
        .any(|r| !r.pending && r.holds(&[], period, None))
        .then_some(Plan::count(period))
}

/// "Which day did I work the most" of a log whose rows in the period hold one quantity
/// that adds up (`3,5 h` on each task): the day with its largest total.
fn busiest_day(
    q: &str,
    table: &Table,
    domains: &Domains,
    period: Option<(NaiveDate, NaiveDate)>,
) -> Option<Plan> {
    if !asks_busiest_day(q, domains) {
        return None;
    }
    let rows: Vec<_> = table
        .recs
        .iter()
        .filter(|r| r.holds(&[], period, None))
        .collect();
    let mut quantities: Vec<&String> = rows
        .iter()
        .flat_map(|r| &r.fields)
        .map(|f| &f.key)
        .filter(|k| {
            table
                .columns
                .get(*k)
                .is_some_and(|c| c.is_number() && group::adds_up(k, c))
        })
        .collect();
    quantities.sort();
    quantities.dedup();
    // A to-do's time is one quantity under two names (`hour`, `minute`): the one written
    // the same in every row is kept once.
    let same = |a: &str, b: &str| {
        rows.iter().all(|r| match (r.field(a), r.field(b)) {
            (Some(x), Some(y)) => x.text == y.text,
            (None, None) => true,
            _ => false,
        })
    };
    let all = quantities.clone();
    quantities.retain(|k| !all.iter().take_while(|j| j != &k).any(|j| same(j, k)));
    // The log's quantity: nearly every row of the period with a number holds it (habits
    // and errands beside timed work hold none).
    let [target] = quantities[..] else {
        return None;
    };
    let numbered = rows
        .iter()
        .filter(|r| r.fields.iter().any(|f| f.value.number().is_some()))
        .count();
    let holding = rows.iter().filter(|r| r.field(target).is_some()).count();
    if holding * 5 < numbered * 4 {
        return None;
    }
    Some(Plan {
        op: Op::Max,
        target: Some(target.clone()),
        returns: Returns::Date,
        group: Some(Group::Day),
        ..Plan::count(period)
    })
}

/// "Wie viele Filme im April", "which film did I see last" over the rows of a note the
/// question names by a word of its path (`Filme/Filme 2023.md`), naming no field: a count
/// of those rows, or the latest (first) of them.
fn by_note(
    q: &str,
    table: &Table,
    domains: &Domains,
    period: Option<(NaiveDate, NaiveDate)>,
) -> Option<Plan> {
    if activity_named(q, domains).is_some() {
        return None;
    }
    let rated = rated(q, table);
    let words = Words::of(q);
    let note = table
        .recs
        .iter()
        .flat_map(|r| crate::vault::db::path_words(&r.source))
        .find(|w| names_note(&words, w))?;
    let rows = |r: &&super::table::Rec| {
        in_note(&r.source, &note)
            && r.holds(&[], period, None)
            && rated.as_ref().is_none_or(|(k, n)| r.rated(k, *n))
    };
    if table.recs.iter().filter(rows).count() == 0 {
        return None;
    }
    let when = cues::asks(q, Cue::When) || cues::has(q, &lexicon().questions.day);
    let op = operation(q, (false, None), false, when)?;
    let returns = match op {
        Op::Count => Returns::Value,
        Op::Latest | Op::First if !when => Returns::Name,
        Op::Latest | Op::First => Returns::Date,
        _ => return None,
    };
    Some(Plan {
        op,
        returns,
        note: Some(note),
        rated,
        ..Plan::count(period)
    })
}

/// `mit fünf Sternen`, `5 stars`, `星4つ`: a number said beside a star word names the
/// rows rated so, in the vault's field of stars (`★★★★★`, `★4`).
fn rated(q: &str, table: &Table) -> Option<(String, f64)> {
    let (key, _) = table
        .columns
        .iter()
        .find(|(_, c)| c.is_number() && c.unit() == Some("★"))?;
    use crate::offline::read::lexicon::Part;
    // The word next to the star word: digits or a number word (`fünf`, `五`).
    let number = |s: &str, last: bool| -> Option<f64> {
        let t = s.trim_matches(|c: char| c.is_whitespace() || c == 'つ');
        let word = match last {
            true => t.rsplit(char::is_whitespace).next()?,
            false => t.split(char::is_whitespace).next()?,
        };
        let n = match last {
            true => word.trim_start_matches(|c: char| !c.is_ascii_digit()),
            false => word.trim_end_matches(|c: char| !c.is_ascii_digit()),
        };
        // A spaceless run ends (or starts) with its number word (`我给了五` + `星`).
        let edge: String = match last {
            true => word.chars().last().into_iter().collect(),
            false => word.chars().next().into_iter().collect(),
        };
        let plain = |w: &str| match lexicon().numbers.get(w) {
            Some(Part::Plain(n)) => Some(f64::from(*n)),
            _ => None,
        };
        n.parse()
            .ok()
            .or_else(|| plain(word))
            .or_else(|| plain(&edge))
    };
    lexicon().stars.iter().find_map(|w| {
        let at = find_word(q, w).or_else(|| q.find(w.as_str()).filter(|_| !w.is_ascii()))?;
        let n = number(&q[..at], true).or_else(|| number(&q[at + w.len()..], false))?;
        (1.0..=10.0).contains(&n).then(|| (key.clone(), n))
    })
}

/// "How many books did I read in 2024" (`quantos livros eu li`) of a log whose rows have a
/// finished date (`Fim`, `Finished`, `読了日`): the rows finished in the period, counted.
fn works_finished(q: &str, table: &Table, period: Option<(NaiveDate, NaiveDate)>) -> Option<Plan> {
    let lex = lexicon();
    if !cues::has(q, &lex.works) || !(cues::asks(q, Cue::Count) || cues::asks(q, Cue::HowMany)) {
        return None;
    }
    let finished = lex.fields.get("finished")?;
    let date_field = table
        .columns
        .iter()
        .filter(|(k, c)| finished.contains(k) && c.is_date())
        .max_by_key(|(_, c)| c.rows)
        .map(|(k, _)| k.clone())?;
    Some(Plan {
        date_field: Some(date_field),
        ..Plan::count(period)
    })
}

/// "How many films with five stars did I see": the rows rated so, counted (or the latest).
fn by_rating(q: &str, table: &Table, period: Option<(NaiveDate, NaiveDate)>) -> Option<Plan> {
    let rated = rated(q, table)?;
    let when = cues::asks(q, Cue::When) || cues::has(q, &lexicon().questions.day);
    let (op, returns) = match operation(q, (false, None), false, when)? {
        Op::Count => (Op::Count, Returns::Value),
        Op::Latest if when => (Op::Latest, Returns::Date),
        Op::Latest => (Op::Latest, Returns::Name),
        _ => return None,
    };
    Some(Plan {
        op,
        returns,
        rated: Some(rated),
        ..Plan::count(period)
    })
}

/// Whether the question asks for what a typed reader counts (runs, lifts, sleep).
/// A night's sleep asked by a word of sleep that is not the field's own name (`how much
/// do I sleep` over `slept 7h`): the sleep reader's nights answer it.
fn sleep_by_alias(frame: &Frame, named: &[(String, Named)]) -> bool {
    use crate::offline::query::Metric;
    frame.query.metrics.first() == Some(&Metric::Sleep)
        && !named.is_empty()
        && named.iter().all(|(_, how)| *how != Named::Own)
}

fn typed_metric(frame: &Frame) -> bool {
    use crate::offline::query::Metric;
    frame
        .query
        .metrics
        .iter()
        .any(|m| !matches!(m, Metric::Measure { .. }))
}

/// Whether the question names a note by the path word `word`: long enough to name a
/// thing (four letters, two in a spaceless script) and said as a word or its plural.
fn names_note(words: &Words, word: &str) -> bool {
    let long = match word.is_ascii() {
        true => word.len() >= 4,
        false => word.chars().count() >= 2,
    };
    long && words.says(word)
}

/// Whether the note `source` has `word` in its path.
pub(crate) fn in_note(source: &str, word: &str) -> bool {
    crate::vault::db::path_words(source)
        .iter()
        .any(|w| w == word)
}

/// Whether `q` asks for the day of the most of no named activity or measure.
fn asks_busiest_day(q: &str, domains: &Domains) -> bool {
    cues::asks(q, Cue::Best)
        && cues::has(q, &lexicon().questions.day)
        && !cues::asks(q, Cue::Least)
        && cues::units(q).is_empty()
        && activity_named(q, domains).is_none()
}

/// Whether `q` counts sessions of no named activity (the typed readers count runs and
/// rides) and of no kind they count by day (`PT sessions`, `WODs`).
fn counts_sessions(q: &str, domains: &Domains) -> bool {
    cues::asks(q, Cue::Sessions)
        && !cues::asks(q, Cue::SessionKinds)
        && activity_named(q, domains).is_none()
}

/// Whether `q` asks a unit of an activity the typed readers do not count (`how many
/// metres did I swim`), which a field of that activity's rows may carry.
fn by_unit(q: &str, domains: &Domains) -> bool {
    !cues::units(q).is_empty()
        && activity_named(q, domains).is_some_and(|a| a != "running" && a != "strength")
}

/// Field keys and how the question names each.
type NamedFields = Vec<(String, Named)>;

/// Field keys and the question's word for each (`d`, `dinner`).
type SaidFields = Vec<(String, String)>;

/// The fields the question names, and how; with the question's word for those it names
/// by an alias (`dinner` for `D`).
fn fields_named(q: &str, table: &Table) -> (NamedFields, SaidFields) {
    let words = Words::of(q);
    let asked_units = cues::units(q);
    let mut named: NamedFields = Vec::new();
    let mut said: SaidFields = Vec::new();
    for (name, column) in &table.columns {
        // The day numbers that date a table's rows are no measure (a column of whole
        // dates still names when: `Vu le`).
        if column.is_day_of_row() && !column.is_date() {
            continue;
        }
        // One-letter Latin keys (`L: salad`) are read in notes only: `l'ultima` names no
        // lunch (a syllable of Hangul or an ideograph is a word: `썼`).
        let alias = aliases_of(name)
            .into_iter()
            .find(|a| (a.chars().count() > 1 || !a.is_ascii()) && words.says(a));
        let bare = super::table::bare_key(name);
        let how = if words.says(name)
            || bare.as_deref().is_some_and(|b| words.says(b))
            || column.is_flag() && words.says_as(name, true)
        {
            Some(Named::Own)
        } else if let Some(alias) = alias {
            said.push((name.clone(), alias));
            Some(Named::Alias)
        } else if column.is_number() && unit_of_name(name).is_some_and(|u| asked_units.contains(&u))
        {
            // A field named after a unit (`Horas`, `Lectura (pág.)`) is named by it in any
            // language (`hours`, `páginas`).
            Some(Named::Alias)
        } else {
            // A field of durations (`3,5 h`, `0:45`) is named by any unit of time.
            let durations = column.is_number() && column.units.is_empty();
            let timed = asked_units.iter().any(|u| ["hour", "minute"].contains(u));
            column
                .unit()
                .filter(|u| !u.is_empty() && column.is_number())
                .filter(|u| asked_units.iter().any(|asked| unit_is(u, asked)))
                .map(|_| Named::Unit)
                .or((durations && timed).then_some(Named::Unit))
        };
        if let Some(how) = how {
            named.push((name.clone(), how));
        }
    }
    (named, said)
}

/// The unit a field's name is, or writes in brackets after it (`Lectura (pág.)`,
/// `Weight [kg]`).
fn unit_of_name(name: &str) -> Option<&'static str> {
    crate::offline::read::units::measure_unit(name).or_else(|| super::table::unit_in_name(name))
}

/// The word after a how-many phrase in `q` (`tasks` of `how many tasks`).
fn counted_noun(q: &str) -> Option<&str> {
    let closed = closed_words();
    cues::words(Cue::HowMany).iter().find_map(|cue| {
        let (at, _) = q.match_indices(cue.as_str()).next()?;
        // `combien de tâches`: past a function word or two.
        q[at + cue.len()..]
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .take(3)
            .find(|w| !closed.contains(w))
    })
}

/// The word after a how-many phrase in `q` when it is `word` or a longer form of it
/// (`how many tasks`, `wie viele Aufgaben`: `aufgabe`).
fn counts_noun(q: &str, word: &str) -> Option<String> {
    counted_noun(q)
        .filter(|next| next.starts_with(word) && next.len() - word.len() <= 3)
        .map(str::to_string)
}

/// Whether the typed readers answer the question, which know sets and race distances:
/// runs and lifts named with no value (`how far did I run`), and a field named after a
/// lift or a run that holds what was done in words (`Bench: 3x5@155`, `Run: 3 mi,
/// 28:00`); `tempo:: 0:41:05` is a number of its own.
fn for_typed_readers(
    about: Option<&str>,
    named: &[(String, Named)],
    table: &Table,
    domains: &Domains,
) -> bool {
    // `which course did I run most`: a field of words the person keeps (`コース`, `Route`)
    // is theirs to answer from, even of runs; the typed readers keep no such field.
    let own_words = named.iter().any(|(k, how)| {
        *how >= Named::Alias
            && activity_named(k, domains).is_none()
            && table.columns.get(k).is_some_and(|c| c.is_text())
    });
    if about.is_some_and(|a| a == "running" || a == "strength") && !own_words {
        return true;
    }
    named.iter().any(|(k, how)| {
        let kind = activity_named(k, domains);
        let column = table.columns.get(k);
        let words = column.is_some_and(|c| c.is_text());
        // An activity written as a key once or twice (`Rad: 34 km` among days of `Rad zur
        // Arbeit, 23 km`) is a line's subject, not a column of the log.
        let rare = column.is_some_and(|c| c.rows < 3);
        // `- Run 5.2 km` is a run however it is written: the run readers count it.
        let distances = column.is_some_and(|c| {
            c.unit().is_some_and(|u| {
                ["km", "mi", "mile", "miles", "k"].contains(&u.to_lowercase().as_str())
            })
        });
        *how == Named::Own
            && (kind.as_deref() == Some("strength")
                || kind.as_deref() == Some("running") && (words || distances)
                || kind.is_some() && rare)
    })
}

/// The operation the question's cues ask for (read without the fields' own names).
/// `target`: whether the target field holds numbers, and how it was named; `looked_up`:
/// a date field and a value are named (`when did I start Harbor`).
fn operation(
    cued: &str,
    (number, target): (bool, Option<Named>),
    looked_up: bool,
    when: bool,
) -> Option<Op> {
    let asks = |cue: Cue| cues::asks(cued, cue);
    let questions = &lexicon().questions;
    // `highest step count`: a count named after its field is that field's measure, ranked.
    let ranks = asks(Cue::Best) || asks(Cue::Worst) || asks(Cue::Least);
    let named_count = ranks
        && !cues::asks(
            &crate::offline::lookup::replace_word(cued, "count"),
            Cue::Count,
        );
    Some(if cues::has(cued, &questions.which_year) {
        Op::YearMost
    } else if asks(Cue::Count) && !named_count {
        Op::Count
    } else if cues::has(cued, &questions.earliest) {
        // `earliest wake-up` ranks the field's times; `my earliest run` is the first.
        match target {
            Some(_) => Op::Min,
            None => Op::First,
        }
    } else if asks(Cue::Last) {
        // Before the ranks: `most recent`, `più recente` say `most` of no measure.
        Op::Latest
    } else if asks(Cue::Least) || asks(Cue::Worst) {
        Op::Min
    } else if asks(Cue::Best) {
        Op::Max
    } else if asks(Cue::Average) {
        Op::Mean
    } else if cues::has(cued, &questions.first) {
        Op::First
    } else if asks(Cue::HowMany) || asks(Cue::Total) {
        // `combien de films`: the rows that have one; `how much did the repair cost` names
        // by another word a field whose values are no numbers: not a count of rows.
        match (number, target) {
            (true, _) => Op::Sum,
            (false, None | Some(Named::Own)) => Op::Count,
            (false, Some(_)) => return None,
        }
    } else if looked_up {
        Op::Lookup
    } else if when {
        Op::Latest
    } else {
        Op::Lookup
    })
}

/// The question as its words are matched: lowercase, without its period.
pub(crate) fn words_of(frame: &Frame) -> String {
    let mut q = frame.question.to_lowercase().replace(['’', '‘'], "'");
    if let Some(r) = &frame.query.range {
        q = q.replacen(r.phrase.trim(), " ", 1);
    }
    // The bound's number is no value asked for; its unit may name the field.
    if let Some(b) = &frame.query.threshold {
        q = q.replacen(&b.phrase, &b.unit_word, 1);
    }
    q.replace(['_', '-'], " ")
}

/// Whether the question may name one of the vault's field `names` or text `values`
/// (compared forms): read before any row is, so a question about none costs one scan of
/// the index's vocabulary.
pub fn may_name(
    frame: &Frame,
    vocabulary: &crate::vault::db::RowVocabulary,
    domains: &Domains,
) -> bool {
    let (names, values) = (&vocabulary.names, &vocabulary.values);
    let q = words_of(frame);
    let words = Words::of(&q);
    counts_sessions(&q, domains)
        || by_unit(&q, domains)
        || asks_busiest_day(&q, domains)
        || vocabulary.notes.iter().any(|w| names_note(&words, w))
        || lexicon().stars.iter().any(|w| q.contains(w.as_str()))
        || cues::has(&q, &lexicon().works)
            && (lexicon().fields.get("finished"))
                .is_some_and(|f| names.iter().any(|n| f.contains(n)))
        || names.iter().any(|name| {
            crate::offline::read::units::measure_unit(name)
                .is_some_and(|u| cues::units(&q).contains(&u))
        })
        || names
            .iter()
            .any(|name| words.says_as(name, true) || aliases_of(name).iter().any(|a| words.says(a)))
        || values
            .iter()
            .any(|v| names_value(&q, v, &words.closed) && !names.contains(v))
        || name_words(&frame.question)
            .iter()
            .any(|w| find_word(&q, w).is_some() && values.iter().any(|v| holds_name(v, w)))
}

/// Whether `q` names the text value `value` as a word (long enough to name something, not
/// a closed word).
fn names_value(q: &str, value: &str, closed: &[&str]) -> bool {
    // A value of symbols (`😊`, `✅`) is named wherever the question writes it.
    if super::table::marks_alone(value) {
        return q.contains(value);
    }
    let long_enough = if value.is_ascii() {
        value.len() >= 3
    } else {
        value.chars().count() >= 2 || ideograph_alone(q, value)
    };
    // In a script without spaces a value is found inside the question's run (`最近读完的`).
    let found = find_word(q, value).is_some()
        || crate::domains::has_spaceless(value) && !value.contains(' ') && q.contains(value);
    long_enough && !closed.contains(&value) && (found || said_by_verb(q, value))
}

/// Whether `value` is one ideograph the question writes between letters of no ideograph
/// (`雨` of `雨の日は何日`; not the `大` of `最大`).
fn ideograph_alone(q: &str, value: &str) -> bool {
    let han = |c: char| ('\u{4E00}'..='\u{9FFF}').contains(&c);
    let mut chars = value.chars();
    let (Some(one), None) = (chars.next(), chars.next()) else {
        return false;
    };
    // Function words part words in Chinese as particles do in Japanese (`几天是雨`).
    let mut q = q.to_string();
    let questions = &lexicon().questions;
    for w in questions.function.iter().chain(&questions.count_days) {
        if w.chars().all(han) && !w.contains(one) {
            q = q.replace(w.as_str(), " ");
        }
    }
    let q = q.as_str();
    han(one)
        && q.match_indices(one).any(|(at, _)| {
            !q[..at].chars().next_back().is_some_and(han)
                && !q[at + one.len_utf8()..].chars().next().is_some_and(han)
        })
}

/// Whether `q` says `value` by another form of its verb (`読み終えた` for `読了`, lexicon
/// `verb_forms`).
fn said_by_verb(q: &str, value: &str) -> bool {
    crate::offline::lookup::verb_family(value).is_some_and(|family| {
        family.iter().any(|form| {
            form != value
                && (find_word(q, form).is_some()
                    || crate::domains::has_spaceless(form) && q.contains(form.as_str()))
        })
    })
}

/// The text values of the vault that the question names, the longest where one holds
/// another (`Harbor Lights` named: not `Harbor`).
fn values_named(q: &str, table: &Table, names: &[String]) -> Vec<(String, String)> {
    let closed = closed_words();
    let mut found: Vec<(String, String)> = Vec::new();
    for (name, column) in &table.columns {
        // A column of numbers names its marks still (`기분: 😊` in a month, `4` after).
        for value in column.values.keys() {
            if !column.is_text() && !super::table::marks_alone(value) {
                continue;
            }
            if names_value(q, value, &closed) && !table.columns.contains_key(value) {
                found.push((name.clone(), value.clone()));
            }
        }
    }
    let held: Vec<(String, String)> = found.clone();
    found.retain(|(_, v)| {
        !held
            .iter()
            .any(|(_, other)| other.len() > v.len() && other.contains(v.as_str()))
    });
    // `books by Simenon`: a name the question writes names the values that hold it as a
    // word (`Georges Simenon`), when no value is it whole.
    for word in names {
        if found.iter().any(|(_, v)| find_word(v, word).is_some())
            || closed.contains(&word.as_str())
            || table.columns.contains_key(word)
        {
            continue;
        }
        for (name, column) in &table.columns {
            // `IPVA 2025 (cota única)`: a description that opens with the name is of it.
            let named = |(v, written): (&String, &String)| {
                holds_name(v, word) && (name_like(written) || v.starts_with(&format!("{word} ")))
            };
            if column.is_text() && column.values.iter().any(named) {
                found.push((name.clone(), word.clone()));
            }
        }
    }
    found
}

/// The names a question writes: its words after the first that start with a capital
/// (`Simenon`, `Ana`), three letters or more, lowercase.
pub(crate) fn name_words(question: &str) -> Vec<String> {
    question
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| !w.is_empty())
        .skip(1)
        .filter(|w| w.chars().next().is_some_and(char::is_uppercase))
        .filter(|w| w.chars().count() >= 3 && w.chars().all(char::is_alphabetic))
        // An acronym of four letters or more is a name (`IPVA`); `HR`, `RPE` are words.
        .filter(|w| w.chars().count() >= 4 || !w.chars().all(char::is_uppercase))
        .map(str::to_lowercase)
        .collect()
}

/// Whether a value is written as a name or a title (`Georges Simenon`, `Maigret and the
/// Yellow Dog`, `Kd. Becker`): no word of four letters or more starts in lowercase, as
/// words of a sentence do (`Guter Tag, viel geschafft`).
fn name_like(written: &str) -> bool {
    written
        .split(|c: char| !c.is_alphabetic())
        .filter(|w| w.chars().count() >= 4)
        .all(|w| w.chars().next().is_some_and(|c| !c.is_lowercase()))
}

/// Whether the value `value` (compared form) of several words holds `word` as one.
pub(crate) fn holds_name(value: &str, word: &str) -> bool {
    value != word && value.contains(' ') && find_word(value, word).is_some()
}

/// Words that carry no topic, and markers (`rest`) the typed readers read: a value written
/// as one of them names nothing.
fn closed_words() -> Vec<&'static str> {
    cues::words(Cue::NoTopic)
        .iter()
        .chain(&lexicon().questions.function)
        .chain(&lexicon().rest)
        .map(String::as_str)
        .collect()
}

/// Whether a field's name is one of a pace's (`pace`, `Pace (min/km)`, `配速`, `allure`).
fn is_pace(name: &str) -> bool {
    let name = key(name);
    let bare = name.split(['(', '（']).next().unwrap_or(&name).trim();
    crate::offline::read::field_aliases()
        .filter(|(field, _)| *field == "pace")
        .any(|(_, keys)| keys.iter().any(|k| key(k) == bare))
}

/// The lexicon's other words for a field's name (`hr` for `avg hr`, `how far` for
/// `distance`), in every language.
pub(super) fn aliases_of(name: &str) -> Vec<String> {
    let q = &lexicon().questions;
    let mut out: Vec<String> = Vec::new();
    let mut add = |group: &str, words: &[String]| {
        if words.iter().any(|w| super::table::field_key(w) == name) || key(group) == name {
            out.extend(words.iter().map(|w| key(w)));
            // Question phrasings that ask for the same thing.
            let asked: &[String] = match group {
                "distance" => &q.distance,
                "duration" => &q.time,
                "amount" => &q.cost,
                _ => &[],
            };
            out.extend(asked.iter().map(|w| key(w)));
        }
    };
    for (group, words) in &lexicon().fields {
        add(group, words);
    }
    for (group, words) in crate::offline::read::field_aliases() {
        add(group, words);
    }
    out.retain(|w| w != name && !w.is_empty());
    out
}

/// Whether a unit written in the notes is the unit a question asks for.
fn unit_is(written: &str, asked: &str) -> bool {
    let written = written.trim_end_matches('.');
    written == asked || crate::offline::read::units::measure_unit(written) == Some(asked)
}

/// The words of a question, to find a field's name in (also in its other forms: `finish`
/// for `Finished`, `vus` for `vu`).
struct Words<'q> {
    q: &'q str,
    words: Vec<&'q str>,
    closed: Vec<&'static str>,
}

impl<'q> Words<'q> {
    fn of(q: &'q str) -> Words<'q> {
        Words {
            q,
            words: q
                .split(|c: char| !(c.is_alphanumeric() || c == '\''))
                .filter(|w| !w.is_empty())
                .collect(),
            closed: closed_words(),
        }
    }

    /// Whether the question says `name`: as written, or (one Latin word) as a word that
    /// is its plural, or a stem of four letters or more of it, or it of the word.
    fn says(&self, name: &str) -> bool {
        self.says_as(name, false)
    }

    /// [`Words::says`], where `activity`: an activity's word may name the field too (a
    /// field of yes and no, `meditated: true`, is the activity done that day).
    fn says_as(&self, name: &str, activity: bool) -> bool {
        if name.is_empty() {
            return false;
        }
        if find_word(self.q, name).is_some() {
            return true;
        }
        if !name.is_ascii() && !name.chars().all(char::is_alphabetic) || name.contains(' ') {
            return false;
        }
        self.words.iter().any(|w| {
            // A closed word, or an activity's (`climbing` asks about climbing, not `Climb`).
            if self.closed.contains(w)
                || !activity && crate::offline::activities::family(w).is_some()
            {
                return false;
            }
            let plural = w.strip_suffix('s') == Some(name) || w.strip_suffix("es") == Some(name);
            let stem = |short: &str, long: &str| {
                short.chars().count() >= 4
                    && long.starts_with(short)
                    && long.len() - short.len() <= 3
            };
            // A yes-and-no field is named by its verb too (`medité`, `Meditación`).
            let shared = w
                .chars()
                .zip(name.chars())
                .take_while(|(a, b)| a == b)
                .count();
            let short = w.chars().count().min(name.chars().count());
            let verb = activity && shared >= 5 && short - shared <= 2;
            plural || stem(w, name) || stem(name, w) || verb
        })
    }
}
