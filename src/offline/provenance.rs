//! Where a computed figure comes from: the operation, every value it was computed from with
//! the link to its entry, the period, what was left out and why, and the unit conversions
//! made. The answer shows it as a folded `> [!info]- How this was computed` block (in the
//! question's language, from the lexicon's `provenance:` section) and `ask --json` carries
//! it as data, so each figure can be checked against its lines in one click.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::analyze::{trim, Link};
use super::metric::Point;
use super::query::Metric;
use crate::vault::parsed::ParsedRecord;

/// How the figure was computed from its inputs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    Sum,
    Mean,
    Max,
    Min,
    Count,
    /// The last input minus the first.
    Change,
}

/// One value a figure was computed from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Input {
    /// As shown (`6.5 km`, `100 kg × 5`).
    pub value: String,
    /// The number that entered the computation.
    pub number: f64,
    pub date: NaiveDate,
    /// The wikilink to the entry it was read from.
    pub link: String,
}

/// Why a value found in the period is not part of the figure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// It adds up other runs of the same note and day (a week's total above its runs).
    ListTotal,
    /// A summary row of the same note (`16 runs` in a month) already counts it.
    SummaryRow,
    /// A plan or a goal (`going to run 10k tomorrow`), not something done.
    Plan,
    /// Someone else's numbers (`my wife ran 5k`).
    Others,
    /// A reading that cannot be right (a run's time giving an impossible pace).
    Doubtful,
}

impl Reason {
    fn key(self) -> &'static str {
        match self {
            Reason::ListTotal => "list_total",
            Reason::SummaryRow => "summary_row",
            Reason::Plan => "plan",
            Reason::Others => "others",
            Reason::Doubtful => "doubtful",
        }
    }

    fn from_key(key: &str) -> Option<Reason> {
        [Reason::Plan, Reason::Others, Reason::Doubtful]
            .into_iter()
            .find(|r| r.key() == key)
    }
}

/// A value left out of a figure, and why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LeftOut {
    pub value: String,
    pub link: String,
    pub why: Reason,
}

/// A unit conversion made while reading an input (`4 mi` read as `6.44 km`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversion {
    pub from: String,
    pub to: String,
    pub link: String,
}

/// The trail of one computed figure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Provenance {
    pub operation: Operation,
    /// The figure as the answer shows it (`58.4 km`).
    pub result: String,
    /// Oldest first.
    pub inputs: Vec<Input>,
    /// The period the inputs were taken from, as the answer names it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<LeftOut>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conversions: Vec<Conversion>,
}

impl Provenance {
    /// The trail of `result`, computed by `operation` over `points` (each shown by `show`),
    /// with the conversions their records note.
    pub fn of(
        operation: Operation,
        result: String,
        points: &[&Point],
        show: &dyn Fn(&Point) -> String,
        period: &str,
        link: Link,
    ) -> Provenance {
        let inputs = points
            .iter()
            .map(|p| Input {
                value: show(p),
                number: p.value,
                date: p.date,
                link: link(p.record),
            })
            .collect();
        let mut conversions = Vec::new();
        for p in points {
            for note in &p.record.extraction_notes {
                // `converted 4 mi to km`, as the reader notes it.
                let Some(rest) = note.strip_prefix("converted ") else {
                    continue;
                };
                let from = rest.trim_end_matches(" to km").to_string();
                let c = Conversion {
                    from,
                    to: format!("{} km", trim(p.value)),
                    link: link(p.record),
                };
                if !conversions.contains(&c) {
                    conversions.push(c);
                }
            }
        }
        Provenance {
            conversions,
            ..Provenance::with(operation, result, inputs, period)
        }
    }

    /// The trail of `result`, computed by `operation` over `inputs` already shown.
    pub fn with(
        operation: Operation,
        result: String,
        inputs: Vec<Input>,
        period: &str,
    ) -> Provenance {
        Provenance {
            operation,
            result,
            inputs,
            period: (!period.is_empty()).then(|| period.to_string()),
            left_out: Vec::new(),
            conversions: Vec::new(),
        }
    }

    /// Adds what was left out of the figure.
    pub fn leaving_out(mut self, left_out: Vec<LeftOut>) -> Provenance {
        self.left_out = left_out;
        self
    }

    /// The folded block in language `lang` (an ISO code; English when it has no words).
    /// Its lines carry the `> ` of a callout nested in the answer's.
    pub fn render(&self, lang: &str) -> String {
        let w = |key: &str| word(lang, key);
        let n = self.inputs.len();
        let mut out = format!("> [!info]- {}\n", w("title"));
        out.push_str(&format!(
            "> **{}** = {}\n",
            self.result,
            self.equation(lang)
        ));
        if let Some(period) = &self.period {
            out.push_str(&format!("> {}: {period}\n", w("period")));
        }
        if n > 0 {
            out.push_str(&format!("> {}:\n", w("inputs")));
        }
        for input in self.inputs.iter().take(MAX_LISTED) {
            out.push_str(&format!(
                "> - {} · {} {}\n",
                input.value,
                input.date.format("%Y-%m-%d"),
                input.link
            ));
        }
        if n > MAX_LISTED {
            let rest: f64 = self.inputs[MAX_LISTED..].iter().map(|i| i.number).sum();
            out.push_str(&format!(
                "> - {}\n",
                w("more")
                    .replace("{n}", &(n - MAX_LISTED).to_string())
                    .replace("{sum}", &trim(rest))
            ));
        }
        for left in self.left_out.iter().take(MAX_LEFT_OUT) {
            out.push_str(&format!(
                "> {}: {} {} ({})\n",
                w("left_out"),
                left.value,
                left.link,
                w(left.why.key())
            ));
        }
        if self.left_out.len() > MAX_LEFT_OUT {
            let more = (self.left_out.len() - MAX_LEFT_OUT).to_string();
            out.push_str(&format!("> {}\n", w("more_left_out").replace("{n}", &more)));
        }
        for c in &self.conversions {
            out.push_str(&format!(
                "> {}: {} → {} {}\n",
                w("converted"),
                c.from,
                c.to,
                c.link
            ));
        }
        out.trim_end().to_string()
    }

    /// `6.5 + 5 + 8 (sum of 3 values)`: the arithmetic written out while it is short.
    fn equation(&self, lang: &str) -> String {
        let n = self.inputs.len();
        let numbers: Vec<String> = self.inputs.iter().map(|i| trim(i.number)).collect();
        let what = word(lang, op_key(self.operation)).replace("{n}", &n.to_string());
        let written = match self.operation {
            Operation::Sum if n <= MAX_WRITTEN => numbers.join(" + "),
            Operation::Mean if n <= MAX_WRITTEN => {
                format!("({}) ÷ {n}", numbers.join(" + "))
            }
            Operation::Mean if n > 0 => {
                let sum: f64 = self.inputs.iter().map(|i| i.number).sum();
                format!("{} ÷ {n}", trim(sum))
            }
            Operation::Change if n >= 2 => {
                format!("{} − {}", numbers[n - 1], numbers[0])
            }
            _ => return what,
        };
        format!("{written} ({what})")
    }
}

/// The arithmetic is written out up to this many values; the list below always shows them.
const MAX_WRITTEN: usize = 12;

/// At most this many values left out are listed (a plan repeated every week of years of
/// notes would bury the figure); the rest are counted on one line.
const MAX_LEFT_OUT: usize = 20;

/// At most this many inputs are listed (see [`super::kinds::MAX_FOLDED`]); the rest are
/// summed on one line so the figure can still be checked.
pub const MAX_LISTED: usize = 300;

fn op_key(op: Operation) -> &'static str {
    match op {
        Operation::Sum => "sum",
        Operation::Mean => "mean",
        Operation::Max => "max",
        Operation::Min => "min",
        Operation::Count => "count",
        Operation::Change => "change",
    }
}

/// The blocks of `trails`, one after another, each opening with an empty callout line.
pub fn blocks(trails: &[Provenance], lang: &str) -> String {
    trails
        .iter()
        .map(|p| p.render(lang))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The words of the `provenance:` sections, by language, then key.
type Words = BTreeMap<String, BTreeMap<String, String>>;

/// A language file's `provenance:` section, the only key read here.
#[derive(serde::Deserialize)]
struct File {
    #[serde(default)]
    provenance: BTreeMap<String, String>,
}

/// Whether a language file's `provenance:` section reads (see `lexicon::use_vault`).
pub fn check(lang: &str, json: &str) -> Result<(), String> {
    super::read::lexicon::read::<File>(lang, json).map(|_| ())
}

/// The `provenance:` sections of every language.
fn sections() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        super::read::lexicon::each_file::<File>()
            .into_iter()
            .map(|(lang, file)| (lang.to_string(), file.provenance))
            .collect()
    })
}

/// Every language's words under `key` (each a space-separated list), lowercased.
pub fn words_everywhere(key: &str) -> Vec<String> {
    sections()
        .values()
        .filter_map(|w| w.get(key))
        .flat_map(|list| list.split_whitespace().map(str::to_lowercase))
        .collect()
}

/// The word `key` of the lexicon's `provenance:` section in `lang`, else in English.
pub fn word(lang: &str, key: &str) -> String {
    let words = sections();
    words
        .get(lang)
        .and_then(|w| w.get(key))
        .or_else(|| words.get("en").and_then(|w| w.get(key)))
        .cloned()
        .unwrap_or_else(|| key.to_string())
}

/// What the reader left out of `records` (a plan, someone else's numbers, a doubtful
/// reading; see the reader's `left out (…)` notes) that is about `metric`: what a figure
/// over their period did not count, and why.
pub fn set_aside(records: &[ParsedRecord], metric: &Metric, link: Link) -> Vec<LeftOut> {
    let about = |what: &str, why: Reason| match metric {
        // Only a run's time was doubtful: its distance still counts.
        _ if why == Reason::Doubtful => matches!(metric, Metric::RunDuration | Metric::Pace),
        Metric::Lift(name) => what == format!("strength:{name}"),
        Metric::Sleep => what == "sleep",
        m => m
            .domains()
            .is_some_and(|ds| ds.iter().any(|d| what.split(':').next() == Some(*d))),
    };
    let mut out = Vec::new();
    for r in records {
        for note in &r.extraction_notes {
            let Some(rest) = note.strip_prefix(super::read::LEFT_OUT) else {
                continue;
            };
            let Some((head, text)) = rest.split_once("): ") else {
                continue;
            };
            let (why, what) = head.split_once(", ").unwrap_or((head, ""));
            let Some(why) = Reason::from_key(why).filter(|&w| about(what, w)) else {
                continue;
            };
            let text = text.replace(['[', ']'], "");
            let mut short: String = text.chars().take(MAX_QUOTED).collect();
            if short.len() < text.len() {
                short.push('…');
            }
            out.push(LeftOut {
                value: format!("“{short}”"),
                link: link(r),
                why,
            });
        }
    }
    out
}

/// A left-out clause is quoted up to this many characters.
const MAX_QUOTED: usize = 80;

/// Adds to the first trail over each of `periods` (as the answer names it, and its days;
/// all the notes when none) what the reader left out of it about `metric`.
pub fn add_left_out(
    trails: &mut [Provenance],
    store: &crate::vault::Store,
    metric: &Metric,
    periods: &[(String, Option<(NaiveDate, NaiveDate)>)],
) {
    let link = |r: &ParsedRecord| store.cite_record(r);
    for (named, days) in periods {
        let Some(trail) = trails
            .iter_mut()
            .find(|t| t.period.as_deref() == Some(named.as_str()))
        else {
            continue;
        };
        let Some((start, end)) = days.or_else(|| store.index().span()) else {
            continue;
        };
        let records = store.records_left_out(start, end);
        trail.left_out.extend(set_aside(&records, metric, &link));
    }
}

/// The values `without_totals` dropped from `all` (`kept` is what stayed), with why: a run
/// under a month's summary row of its note, else the total of the runs listed beside it.
pub fn dropped(all: &[Point], kept: &[Point], link: Link) -> Vec<LeftOut> {
    use chrono::Datelike;
    let stayed = |p: &Point| {
        kept.iter()
            .any(|k| k.record.id == p.record.id && k.value == p.value && k.detail == p.detail)
    };
    let under_a_summary = |p: &Point| {
        p.times == 1
            && all.iter().any(|o| {
                o.times > 1
                    && o.record.source_file == p.record.source_file
                    && (o.date.year(), o.date.month()) == (p.date.year(), p.date.month())
            })
    };
    all.iter()
        .filter(|p| !stayed(p))
        .map(|p| LeftOut {
            value: p.detail.clone(),
            link: link(p.record),
            why: if under_a_summary(p) {
                Reason::SummaryRow
            } else {
                Reason::ListTotal
            },
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trail(n: usize) -> Provenance {
        let day = NaiveDate::from_ymd_opt(2026, 11, 3).unwrap();
        Provenance {
            operation: Operation::Sum,
            result: format!("{n} km"),
            inputs: (0..n)
                .map(|i| Input {
                    value: "1 km".into(),
                    number: 1.0,
                    date: day,
                    link: format!("[[n{i}]]"),
                })
                .collect(),
            period: Some("in November".into()),
            left_out: vec![LeftOut {
                value: "3 km".into(),
                link: "[[w]]".into(),
                why: Reason::ListTotal,
            }],
            conversions: Vec::new(),
        }
    }

    #[test]
    fn a_short_sum_is_written_out_and_every_input_is_listed_with_its_link() {
        let out = trail(3).render("en");
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "> [!info]- How this was computed");
        assert_eq!(lines[1], "> **3 km** = 1 + 1 + 1 (sum of 3 values)");
        assert_eq!(lines[2], "> Period: in November");
        assert!(lines.contains(&"> - 1 km · 2026-11-03 [[n2]]"), "{out}");
        assert!(
            out.contains("> Left out: 3 km [[w]] (it adds up other runs"),
            "{out}"
        );
    }

    #[test]
    fn a_long_sum_lists_the_first_values_and_sums_the_rest_so_it_stays_checkable() {
        let out = trail(MAX_LISTED + 20).render("en");
        assert!(out.contains("> **320 km** = sum of 320 values\n"), "{out}");
        assert!(!out.contains("1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1"));
        assert_eq!(
            out.lines().filter(|l| l.starts_with("> - 1 km")).count(),
            MAX_LISTED
        );
        assert!(out.contains("… and 20 more, adding up to 20"), "{out}");
    }

    #[test]
    fn a_plan_repeated_for_years_is_listed_a_few_times_then_counted() {
        let plan = |i: usize| LeftOut {
            value: "“going to run 10k tomorrow”".into(),
            link: format!("[[p{i}]]"),
            why: Reason::Plan,
        };
        let mut t = trail(2);
        t.left_out = (0..MAX_LEFT_OUT + 5).map(plan).collect();
        let out = t.render("en");
        assert_eq!(out.matches("> Left out: “going").count(), MAX_LEFT_OUT);
        assert!(
            out.contains("> … and 5 more left out for the same reasons"),
            "{out}"
        );
    }

    #[test]
    fn every_language_names_the_block_and_english_fills_a_missing_word() {
        assert_eq!(word("en", "title"), "How this was computed");
        assert_ne!(word("de", "title"), word("en", "title"));
        assert_eq!(word("xx", "period"), "Period");
    }
}
