//! Money spent on a thing (DESIGN §4.0): "how much did I spend on coffee in April",
//! `4月にコーヒーにいくら使った` add the amounts written beside the thing in the period's
//! own log, whatever holds them (`Spent: coffee $5.10, groceries $27.81`, a `## Spending`
//! list, `出費: コーヒー 520円、本 1320円`): each amount goes with the words of its part of
//! the line, so the groceries are no coffee.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::plan;
use crate::offline::answer::Frame;
use crate::offline::cues::{self, Cue};
use crate::offline::kinds::Reply;
use crate::offline::lookup;
use crate::offline::provenance::{Input, Operation, Provenance};
use crate::offline::read::lexicon::lexicon;
use crate::offline::read::{own_log_lines, value};
use crate::offline::say::{self, t};
use crate::vault::{Entry, Store};

/// One amount of money and what it was spent on.
struct Priced {
    /// The part of the line that holds it, lowercase.
    part: String,
    amount: f64,
    /// The amount as written (`1,50€`).
    written: String,
    entry: Entry,
}

/// What a money question asks of the amounts (DESIGN §4.0, a Plan over the priced parts).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Op {
    Sum,
    Mean,
    /// The largest (or smallest) one amount.
    Max(bool),
    /// The day whose amounts add up to the most (or least).
    Day(bool),
    /// The month whose amounts add up to the most (or least).
    Month(bool),
    /// The sum beside the sum of the other period named.
    Compare,
}

/// Whose amounts a money question is answered from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Spent {
    /// Those beside the thing the question names (`coffee`).
    OnThing,
    /// All of the period's, when the question names no thing (`how much did I spend in
    /// October`, `my biggest expense`).
    All,
}

/// The amounts of money beside what the question names (or all of them), summed,
/// averaged, ranked or compared; `None` when it asks no cost, or the amounts it would take
/// are not those `spent` asks for.
pub fn answer(store: &Store, frame: &Frame, when: &str, spent: Spent) -> Option<Reply> {
    let q = plan::words_of(frame);
    let lex = lexicon();
    if !cues::has(&q, &lex.questions.cost) {
        return None;
    }
    let mut rest = q.clone();
    let closed = [
        Cue::HowMany,
        Cue::Total,
        Cue::Best,
        Cue::Least,
        Cue::Worst,
        Cue::Average,
    ];
    let closed_words = closed.iter().flat_map(|c| cues::words(*c));
    // Phrases before the words they hold (`qué día` before `qué`).
    let cued = lex.questions.day.iter().chain(closed_words);
    for w in cued
        .chain(&lex.questions.cost)
        .chain(&lex.questions.function)
    {
        rest = lookup::replace_word(&rest, w);
    }
    let range = frame.query.range.as_ref().map(|r| (r.start, r.end));
    let parts = priced_in(store, range);
    // The question's words that some priced part holds: the thing (`coffee`).
    let thing: Vec<String> = lookup::terms(&rest)
        .into_iter()
        .map(|t| lex.particle_stem(&t).to_string())
        .filter(|t| parts.iter().any(|p| holds(t, &p.part)))
        .collect();
    let asks = |cue: Cue| cues::asks(&q, cue);
    let op = if frame.query.other_range.is_some() {
        Op::Compare
    } else if asks(Cue::Average) {
        Op::Mean
    } else if asks(Cue::Best) || asks(Cue::Least) || asks(Cue::Worst) {
        let most = asks(Cue::Best);
        if frame.query.which_month {
            Op::Month(most)
        } else if asks_day_only(&q) {
            Op::Day(most)
        } else {
            Op::Max(most)
        }
    } else {
        Op::Sum
    };
    // A thing named that no amount is written beside is not all the money spent.
    let all = thing.is_empty();
    if all != (spent == Spent::All)
        || all && op == Op::Sum && !asks(Cue::Total) && names_more(&rest)
    {
        return None;
    }
    let of_thing = |p: &&Priced| thing.iter().all(|t| holds(t, &p.part));
    let priced: Vec<&Priced> = parts.iter().filter(of_thing).collect();
    let sample = priced
        .iter()
        .find(|p| marked(&p.written))
        .or(priced.first())?
        .written
        .clone();
    let field = match thing.is_empty() {
        true => say::label("spending"),
        false => as_asked(&rest, &thing),
    };
    let mut reply = Reply::default();
    let (operation, shown, inputs): (Operation, String, Vec<&Priced>) = match op {
        Op::Sum => {
            let total: f64 = priced.iter().map(|p| p.amount).sum();
            let shown = with_mark(&sample, total);
            reply.head.push(figure(&shown, &field, when, priced.len()));
            (Operation::Sum, shown, priced.clone())
        }
        Op::Mean => {
            let mean = priced.iter().map(|p| p.amount).sum::<f64>() / priced.len() as f64;
            let shown = with_mark(&sample, mean);
            reply.head.push(t(
                "average",
                &[
                    ("avg", &shown),
                    ("of", &field),
                    ("per", ""),
                    ("when", when),
                    ("n", &say::count(priced.len(), "entry")),
                ],
            ));
            (Operation::Mean, shown, priced.clone())
        }
        Op::Max(most) => {
            let top = pick(priced.iter().copied(), most, |p| p.amount)?;
            reply.head.push(t(
                "rows_date",
                &[
                    ("date", &super::day(top.entry.date)),
                    (
                        "detail",
                        &format!(
                            ": **{}**, “{}”",
                            top.written,
                            line_of(&top.entry.text, &top.written)
                        ),
                    ),
                    ("link", &store.cite(&top.entry)),
                ],
            ));
            let operation = if most { Operation::Max } else { Operation::Min };
            (operation, top.written.clone(), priced.clone())
        }
        Op::Day(most) => {
            let mut days: BTreeMap<NaiveDate, f64> = BTreeMap::new();
            for p in &priced {
                *days.entry(p.entry.date).or_default() += p.amount;
            }
            let (day, total) = pick(days.iter(), most, |(_, total)| **total)?;
            let shown = with_mark(&sample, *total);
            let on_day: Vec<&Priced> = priced
                .iter()
                .copied()
                .filter(|p| p.entry.date == *day)
                .collect();
            let link = on_day
                .first()
                .map(|p| store.cite(&p.entry))
                .unwrap_or_default();
            reply.head.push(t(
                "rows_date",
                &[
                    ("date", &super::day(*day)),
                    (
                        "detail",
                        &format!(
                            ": **{shown}** ({field}, {})",
                            say::count(on_day.len(), "entry")
                        ),
                    ),
                    ("link", &link),
                ],
            ));
            let operation = if most { Operation::Max } else { Operation::Min };
            (operation, shown, on_day)
        }
        Op::Month(most) => {
            let mut months: BTreeMap<(i32, u32), f64> = BTreeMap::new();
            for p in &priced {
                *months
                    .entry((p.entry.date.year(), p.entry.date.month()))
                    .or_default() += p.amount;
            }
            let ((y, m), total) = pick(months.iter(), most, |(_, total)| **total)?;
            let shown = with_mark(&sample, *total);
            let in_month: Vec<&Priced> = priced
                .iter()
                .copied()
                .filter(|p| (p.entry.date.year(), p.entry.date.month()) == (*y, *m))
                .collect();
            let month = say::month(NaiveDate::from_ymd_opt(*y, *m, 1)?);
            reply.head.push(t(
                if most {
                    "which_month_most"
                } else {
                    "which_month_least"
                },
                &[
                    ("month", &month),
                    ("total", &shown),
                    ("of", &field),
                    ("months", &say::count(months.len(), "month")),
                    ("what", &field),
                    ("when", when),
                ],
            ));
            let operation = if most { Operation::Max } else { Operation::Min };
            (operation, shown, in_month)
        }
        Op::Compare => {
            let other = frame.query.other_range.as_ref()?;
            let then_parts = priced_in(store, Some((other.start, other.end)));
            let then: Vec<&Priced> = then_parts.iter().filter(of_thing).collect();
            let sum = |ps: &[&Priced]| ps.iter().map(|p| p.amount).sum::<f64>();
            let (a, b) = (sum(&priced), sum(&then));
            let other_when = other.describe();
            let diff = a - b;
            let key = match diff {
                d if d.abs() < 0.005 => "cmp_same",
                d if d > 0.0 => "cmp_more",
                _ => "cmp_less",
            };
            let amount = with_mark(&sample, diff.abs());
            reply.head.push(t(
                key,
                &[("amount", &amount), ("when", when), ("other", &other_when)],
            ));
            reply.head.push(t(
                "cmp_line",
                &[
                    ("what", &say::capitalize(&field)),
                    ("when", when),
                    ("a", &with_mark(&sample, a)),
                    ("other", &other_when),
                    ("b", &with_mark(&sample, b)),
                ],
            ));
            (Operation::Sum, with_mark(&sample, a), priced.clone())
        }
    };
    let inputs = inputs
        .iter()
        .map(|p| Input {
            value: p.written.clone(),
            number: p.amount,
            date: p.entry.date,
            link: store.cite(&p.entry),
        })
        .collect();
    reply
        .provenance
        .push(Provenance::with(operation, shown, inputs, when));
    for p in priced.iter().rev() {
        if reply.items.len() < crate::offline::kinds::LISTED {
            reply.items.push(format!(
                "{}: {} {}",
                say::day(p.entry.date),
                p.written,
                store.cite(&p.entry)
            ));
        }
        reply.used(&p.entry.source);
    }
    Some(reply)
}

/// The first item with the largest key (`most`) or the smallest.
fn pick<T>(items: impl Iterator<Item = T>, most: bool, key: impl Fn(&T) -> f64) -> Option<T> {
    items.reduce(
        |a, b| match (key(&b) > key(&a)) == most && key(&b) != key(&a) {
            true => b,
            false => a,
        },
    )
}

/// The priced parts of the log entries of the period (all time when `None`).
fn priced_in(store: &Store, range: Option<(NaiveDate, NaiveDate)>) -> Vec<Priced> {
    let (start, end) = range.unwrap_or((NaiveDate::MIN, NaiveDate::MAX));
    let mut out = Vec::new();
    for e in store.entries_by_date_range(start, end) {
        if !e.log {
            continue;
        }
        // A table's rows are records: their money column is summed by the plan over them.
        let prose: String = (e.text.lines())
            .filter(|l| !l.trim_start().starts_with('|'))
            .collect::<Vec<_>>()
            .join("\n");
        for (part, amount, written) in priced_parts(&own_log_lines(&prose)) {
            out.push(Priced {
                part,
                amount,
                written,
                entry: e.clone(),
            });
        }
    }
    out
}

/// The head line of a sum: `**€54.30** (coffee) in April, from 12 entries.`
fn figure(shown: &str, field: &str, when: &str, n: usize) -> String {
    t(
        "rows_figure",
        &[
            ("value", shown),
            ("field", field),
            ("when", when),
            ("filter", ""),
            ("rows", &say::count(n, "entry")),
        ],
    )
}

/// An amount written with its currency mark (`$4.50`, `5,10 €`), not a bare number.
fn marked(written: &str) -> bool {
    !written.starts_with(|c: char| c.is_ascii_digit())
        || !written.ends_with(|c: char| c.is_ascii_digit())
}

/// `qué día de octubre gasté más`: a day asked for with no word of when.
fn asks_day_only(q: &str) -> bool {
    cues::has(q, &lexicon().questions.day) && !cues::asks(q, Cue::When)
}

/// Whether `rest` names something besides the question's closed words: a word of three
/// letters or more, or one of a script without spaces (`换机油`).
fn names_more(rest: &str) -> bool {
    lookup::terms(rest)
        .iter()
        .any(|t| t.chars().count() >= 3 || crate::domains::has_spaceless(t))
}

/// Whether the part holds the term, accents aside (`cafe` is `café`), or a word of the
/// kind the term names (`cortado`, `latte` are coffee: the lexicon's `amounts`).
fn holds(term: &str, part: &str) -> bool {
    use crate::offline::read::lexicon::Amount;
    let one = |w: &str| lookup::holds(w, part) || lookup::holds(&unaccented(w), &unaccented(part));
    let kinds = &lexicon().amounts;
    one(term)
        || [Amount::Coffee, Amount::Drinks, Amount::Groceries]
            .iter()
            .filter_map(|a| kinds.get(a))
            .filter(|words| words.iter().any(|w| w == term))
            .any(|words| words.iter().any(|w| one(w)))
}

/// `text` without its accents.
fn unaccented(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    text.nfd()
        .filter(|c| !unicode_normalization::char::is_combining_mark(*c))
        .collect()
}

/// The line of an entry's text that writes `amount` (its first line when none does).
fn line_of<'t>(text: &'t str, amount: &str) -> &'t str {
    let digits: String = amount.chars().filter(char::is_ascii_digit).collect();
    let lines = || text.lines().map(str::trim).filter(|l| !l.is_empty());
    let digits_of = |l: &str| l.chars().filter(char::is_ascii_digit).collect::<String>();
    lines()
        .find(|l| digits_of(l).contains(&digits))
        .or_else(|| lines().next())
        .unwrap_or("")
}

/// The priced parts of a text's lines (each its own clauses, lowercase), their amounts and
/// the amounts as written. A part that is only an amount (`Coffee at Lumen, €4.10`, the
/// clause after a comma, a line of its own) prices what its line holds before it, or the
/// last part of the line before; a part holding no currency mark may write a price as a
/// number with two decimals and no unit (`Coffee 3.20.`, `Grabbed a coffee (4.10)`).
fn priced_parts(lines: &[Vec<String>]) -> Vec<(String, f64, String)> {
    let mut out: Vec<(String, f64, String)> = Vec::new();
    let mut unpriced: Vec<String> = Vec::new();
    let cost_words = &lexicon().questions.cost;
    for line in lines {
        for part in line.iter().flat_map(|c| parts_of(c)) {
            let lower = part.to_lowercase();
            let Some((n, shown)) = amount(&lower).or_else(|| bare_price(&lower)) else {
                unpriced.push(lower);
                continue;
            };
            let words = lower.chars().filter(|c| c.is_alphabetic()).count();
            let mark = shown.chars().filter(|c| c.is_alphabetic()).count();
            // `Grocery run, Fred Meyer: $22.77`: a price after a colon prices the whole label.
            let labelled = lower
                .split_once(':')
                .is_some_and(|(_, rest)| amount(rest).is_some() || bare_price(rest).is_some());
            // `和阿梅点了咖啡外卖，我的那杯花了29元`, `Lunch with Ana, paid 12 €`: a part
            // that only tells the price prices the part before it.
            let told = cost_words.iter().any(|w| lower.contains(w.as_str()));
            let lower = match (words <= mark || labelled || told) && !unpriced.is_empty() {
                true => format!("{},{lower}", unpriced.join(",")),
                false => lower,
            };
            unpriced.clear();
            out.push((lower, n, shown));
        }
        // Only the last unpriced part of a line goes on to the next.
        let keep = unpriced.len().saturating_sub(1);
        unpriced.drain(..keep);
    }
    out
}

/// A price written with no currency mark: a number with two decimals, no unit after it.
fn bare_price(part: &str) -> Option<(f64, String)> {
    let bytes = part.as_bytes();
    for (at, _) in part.match_indices(['.', ',']) {
        let digits_before = bytes[..at]
            .iter()
            .rev()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let digits_after = bytes[at + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits_before == 0 || digits_after != 2 {
            continue;
        }
        let start = at - digits_before;
        let end = at + 3;
        let lead = part[..start].chars().next_back();
        if lead.is_some_and(|c| c.is_alphanumeric() || matches!(c, '.' | ',' | ':' | '/')) {
            continue;
        }
        if part[end..]
            .trim_start()
            .starts_with(|c: char| c.is_alphanumeric() || matches!(c, '%' | '/' | ':'))
        {
            continue;
        }
        let run = &part[start..end];
        return Some((value::grouped(run)?, run.to_string()));
    }
    None
}

/// The parts of a line, parted by commas (not those grouping digits: `1,180円`),
/// semicolons and `、`.
fn parts_of(line: &str) -> Vec<&str> {
    let bytes = line.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in line.char_indices() {
        let digits_around = c == ','
            && i > 0
            && bytes[i - 1].is_ascii_digit()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
        if matches!(c, ',' | '、' | ';' | '；' | '，') && !digits_around {
            out.push(&line[start..i]);
            start = i + c.len_utf8();
        }
    }
    out.push(&line[start..]);
    out
}

/// The amount of money a part of a line writes (`coffee $4.50`, `コーヒー 520円`, `5,10 €`):
/// the number beside a currency mark of the lexicon (`markers.money`), and the amount as
/// written.
fn amount(part: &str) -> Option<(f64, String)> {
    for mark in &lexicon().money {
        let Some(at) = part.find(mark.as_str()) else {
            continue;
        };
        let before = part[..at].trim_end();
        let after = part[at + mark.len()..].trim_start();
        let digits = |s: &str, from_end: bool| -> Option<String> {
            let take = |c: &char| c.is_ascii_digit() || matches!(c, '.' | ',');
            let run: String = if from_end {
                let mut r: Vec<char> = s.chars().rev().take_while(take).collect();
                r.reverse();
                r.into_iter().collect()
            } else {
                s.chars().take_while(take).collect()
            };
            let run = run.trim_matches(['.', ',']).to_string();
            run.starts_with(|c: char| c.is_ascii_digit()).then_some(run)
        };
        if let Some(run) = digits(after, false) {
            return Some((value::grouped(&run)?, format!("{mark}{run}")));
        }
        if let Some(run) = digits(before, true) {
            let space = if mark.chars().all(char::is_alphabetic) && mark.is_ascii() {
                " "
            } else {
                ""
            };
            return Some((value::grouped(&run)?, format!("{run}{space}{mark}")));
        }
    }
    None
}

/// `total` written with the currency mark where `sample` has it (`$54.30`, `6850円`).
fn with_mark(sample: &str, total: f64) -> String {
    let n = if total.fract().abs() < 1e-9 {
        format!("{total:.0}")
    } else {
        format!("{total:.2}")
    };
    let lead: String = sample.chars().take_while(|c| !c.is_ascii_digit()).collect();
    let tail: String = sample
        .chars()
        .rev()
        .take_while(|c| !c.is_ascii_digit())
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    format!("{lead}{n}{tail}")
}

/// The thing as the question wrote it: the stretch of `rest` from its first term to its
/// last (`コーヒー`, not its pairs of letters `コー ヒー ーヒ`), else the terms.
fn as_asked(rest: &str, terms: &[String]) -> String {
    let found: Option<Vec<(usize, usize)>> = terms
        .iter()
        .map(|t| rest.find(t.as_str()).map(|at| (at, at + t.len())))
        .collect();
    match found {
        Some(spans) if !spans.is_empty() => {
            let start = spans.iter().map(|s| s.0).min().unwrap_or(0);
            let end = spans.iter().map(|s| s.1).max().unwrap_or(0);
            let stretch = rest[start..end].trim();
            match stretch.chars().count() <= 40 {
                true => stretch.to_string(),
                false => terms.join(" "),
            }
        }
        _ => terms.join(" "),
    }
}

#[cfg(test)]
mod tests {
    use super::{amount, as_asked, parts_of, priced_parts, with_mark};

    #[test]
    fn the_thing_is_named_as_the_question_wrote_it() {
        let pairs = ["コー", "ヒー", "ーヒ"].map(String::from);
        assert_eq!(as_asked("4月に コーヒーに いくら", &pairs), "コーヒー");
        let words = ["coffee", "beans"].map(String::from);
        assert_eq!(as_asked("spend on coffee beans", &words), "coffee beans");
    }

    #[test]
    fn amounts_beside_a_currency_mark() {
        assert_eq!(amount("coffee $4.50"), Some((4.5, "$4.50".to_string())));
        assert_eq!(
            amount("コーヒー 1,320円"),
            Some((1320.0, "1,320円".to_string()))
        );
        assert_eq!(amount("café 5,10 €"), Some((5.1, "5,10€".to_string())));
        assert_eq!(amount("walked 5 km"), None);
        assert_eq!(with_mark("$4.50", 54.3), "$54.30");
        assert_eq!(
            parts_of("牛乳 230円、パン 1,180円, tea $3"),
            ["牛乳 230円", "パン 1,180円", " tea $3"]
        );
        assert_eq!(with_mark("380円", 6850.0), "6850円");
    }

    #[test]
    fn a_price_may_stand_apart_or_go_without_its_mark() {
        let read = |line: &str| -> Vec<(String, f64)> {
            let lines: Vec<Vec<String>> = line.lines().map(|l| vec![l.to_string()]).collect();
            priced_parts(&lines)
                .into_iter()
                .map(|(p, n, _)| (p, n))
                .collect()
        };
        assert_eq!(
            read("Coffee at Lumen, €4.10."),
            [("coffee at lumen, €4.10.".to_string(), 4.1)]
        );
        assert_eq!(
            read("Grabbed a coffee (4.10)."),
            [("grabbed a coffee (4.10).".to_string(), 4.1)]
        );
        assert_eq!(read("Café 2,40 €."), [("café 2,40 €.".to_string(), 2.4)]);
        assert_eq!(
            read("Coffee with Ana\n3.20."),
            [("coffee with ana,3.20.".to_string(), 3.2)]
        );
        let clauses = [vec!["Coffee".to_string(), "a chat, 3.30.".to_string()]];
        assert_eq!(priced_parts(&clauses)[0].0, "coffee,a chat, 3.30.");
        // Numbers with a unit or a score are no prices.
        assert!(read("Ran 5.25 km, mood 6.50/10").is_empty());
    }
}
