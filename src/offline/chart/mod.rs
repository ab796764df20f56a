//! Charts in answers: a [`Series`] (what a computed answer counted or measured, point by
//! point) drawn as a Mermaid `xychart-beta` block, which Obsidian renders inside the answer
//! callout with no plugin and no file beside the note, or as a terminal sparkline for
//! `ask`. A line is a series over time, bars are totals per day, week, month or weekday.
//! The words of a chart come from the lexicon of the language asked ([`words`]).
//!
//! In a callout (every line quoted like the rest of the answer):
//!
//! ```text
//! > ˋˋˋmermaid
//! > xychart-beta
//! >     title "Running distance per week (km)"
//! >     x-axis "week of" ["Oct 26", "Nov 2", "Nov 9"]
//! >     y-axis "km" 0 --> 30
//! >     bar [12.5, 25, 18]
//! > ˋˋˋ
//! ```
//!
//! (ˋˋˋ stands for the three backticks of the fence.)

pub mod bucket;
pub mod words;

use crate::offline::say::capitalize;
use chrono::{NaiveDate, Weekday};
use serde::Serialize;

/// The colour of bars and lines: one that reads on light and dark themes.
const PALETTE: &str =
    r##"%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "#3b6fd4"}}}}%%"##;

pub use bucket::{Combine, Step, MAX_POINTS};

/// Fewer points holding a value than this are no chart (a week with one run is not seven
/// bars, six of them zero): the answer's sentence says it all.
pub const MIN_POINTS: usize = 3;

/// How a series is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A value over time (a lift's best, nightly sleep).
    Line,
    /// Totals per day, week, month or weekday.
    Bar,
}

/// What an answer computed, point by point, ready to draw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Series {
    pub kind: Kind,
    pub title: String,
    /// What one point is: `week of`, `date`, `weekday`.
    pub x_title: String,
    pub x_labels: Vec<String>,
    /// The y-axis title: the unit, else what is measured.
    pub y_label: String,
    /// The values' unit (`km`, `h`), empty for counts.
    pub unit: String,
    pub values: Vec<f64>,
}

/// What a series is of, and how its points are made.
#[derive(Debug, Clone)]
pub struct Spec<'a> {
    pub kind: Kind,
    /// The measure, as the answer names it (`running distance`).
    pub what: &'a str,
    pub unit: &'a str,
    pub combine: Combine,
    /// The period a total is over (every step of it is a point); none for a line.
    pub span: Option<(NaiveDate, NaiveDate)>,
    /// The shortest step a point may stand for (`per month` asks for months).
    pub least: Step,
    pub week_start: Weekday,
    /// The language of the labels (ISO code).
    pub lang: &'a str,
}

/// What a computed answer can draw, before the language and the week's first day are
/// known: kept on the answer ([`crate::offline::kinds::Reply::series`]) and made a
/// [`Series`] where the answer is written.
#[derive(Debug, Clone, PartialEq)]
pub struct Plot {
    pub kind: Kind,
    /// The measure, as the answer names it (`running distance`).
    pub what: String,
    pub unit: String,
    pub combine: Combine,
    /// See [`Spec::span`].
    pub span: Option<(NaiveDate, NaiveDate)>,
    /// See [`Spec::least`].
    pub least: Step,
    /// One point per weekday instead of per period.
    pub by_weekday: bool,
    /// The dated values, any order.
    pub values: Vec<(NaiveDate, f64)>,
}

impl Plot {
    /// A line of `values` over time.
    pub fn line(what: &str, unit: &str, combine: Combine, values: Vec<(NaiveDate, f64)>) -> Plot {
        Plot {
            kind: Kind::Line,
            what: what.to_string(),
            unit: unit.to_string(),
            combine,
            span: None,
            least: Step::Day,
            by_weekday: false,
            values,
        }
    }

    /// Bars of the totals of `values` over `span`, a point per `least` step or longer.
    pub fn totals(
        what: &str,
        unit: &str,
        span: (NaiveDate, NaiveDate),
        least: Step,
        values: Vec<(NaiveDate, f64)>,
    ) -> Plot {
        Plot {
            kind: Kind::Bar,
            span: Some(span),
            least,
            ..Plot::line(what, unit, Combine::Sum, values)
        }
    }

    /// The series to draw, labelled in `lang`, or `None` when it is too short to be worth a
    /// chart.
    pub fn series(&self, week_start: Weekday, lang: &str) -> Option<Series> {
        let spec = Spec {
            kind: self.kind,
            what: &self.what,
            unit: &self.unit,
            combine: self.combine,
            span: self.span,
            least: self.least,
            week_start,
            lang,
        };
        if self.by_weekday {
            Series::by_weekday(&spec, &self.values)
        } else {
            Series::over_time(&spec, &self.values)
        }
    }
}

/// The chart of `plot` to put under an answer's text (a blank line, then the Mermaid
/// block), or nothing when `config` turns charts off or the plot is too short. A period's
/// steps after `anchor`, the day asked from, are not drawn: they have not happened yet.
pub fn under_answer(
    plot: Option<&Plot>,
    config: &crate::config::Config,
    anchor: NaiveDate,
    lang: &str,
) -> String {
    let Some(plot) = plot.filter(|_| config.charts) else {
        return String::new();
    };
    let mut plot = plot.clone();
    plot.span = plot.span.map(|(start, end)| {
        (
            start,
            if start <= anchor {
                end.min(anchor)
            } else {
                end
            },
        )
    });
    match plot.series(config.week_start, lang) {
        Some(series) => format!("\n\n{}", series.mermaid().trim_end()),
        None => String::new(),
    }
}

impl Series {
    /// The series of `values` (dated, any order) as `spec` says, or `None` when it would
    /// have fewer than [`MIN_POINTS`] points holding a value (not zero).
    pub fn over_time(spec: &Spec, values: &[(NaiveDate, f64)]) -> Option<Series> {
        let b = bucket::bucket(
            values,
            spec.combine,
            spec.span,
            spec.least,
            spec.week_start,
            spec.lang,
        )?;
        let w = words::chart(spec.lang);
        let (title, x_title) = match (spec.kind, b.step) {
            (Kind::Line, Step::Day) => (&w.titles.over_time, &w.axes.day),
            (_, Step::Day) => (&w.titles.per_day, &w.axes.day),
            (_, Step::Week) => (&w.titles.per_week, &w.axes.week),
            (_, Step::Month) => (&w.titles.per_month, &w.axes.month),
            (_, Step::Year) => (&w.titles.per_year, &w.axes.year),
        };
        Series::of(spec, title, x_title, b.labels, b.values)
    }

    /// The series of `values` by weekday, Monday first (only weekdays that have some).
    pub fn by_weekday(spec: &Spec, values: &[(NaiveDate, f64)]) -> Option<Series> {
        let b = bucket::by_weekday(values, spec.combine, spec.lang);
        let w = words::chart(spec.lang);
        Series::of(
            spec,
            &w.titles.by_weekday,
            &w.axes.weekday,
            b.labels,
            b.values,
        )
    }

    fn of(
        spec: &Spec,
        title: &str,
        x_title: &str,
        x_labels: Vec<String>,
        values: Vec<f64>,
    ) -> Option<Series> {
        if values.iter().filter(|v| **v != 0.0).count() < MIN_POINTS {
            return None;
        }
        let title = words::fill(
            title,
            &[
                ("What", &capitalize(spec.what)),
                ("what", spec.what),
                ("unit", spec.unit),
            ],
        );
        // No unit (a count): no empty brackets.
        let title = title
            .replace(" ()", "")
            .replace("（）", "")
            .replace("()", "");
        Some(Series {
            kind: spec.kind,
            title,
            x_title: x_title.to_string(),
            x_labels,
            y_label: if spec.unit.is_empty() {
                spec.what.to_string()
            } else {
                spec.unit.to_string()
            },
            unit: spec.unit.to_string(),
            values,
        })
    }

    /// The Mermaid block (fenced, newline-terminated), to put in an answer's body.
    pub fn mermaid(&self) -> String {
        let labels: Vec<String> = self.x_labels.iter().map(|l| quoted(l)).collect();
        let values: Vec<String> = self.values.iter().map(|v| number(*v)).collect();
        let (lo, hi) = self.range();
        // Mermaid's default palette draws a line in a lavender barely seen on white.
        let mut out = format!("```mermaid\n{PALETTE}\nxychart-beta\n");
        out.push_str(&format!("    title {}\n", quoted(&self.title)));
        out.push_str(&format!(
            "    x-axis {} [{}]\n",
            quoted(&self.x_title),
            labels.join(", ")
        ));
        out.push_str(&format!(
            "    y-axis {} {} --> {}\n",
            quoted(&self.y_label),
            number(lo),
            number(hi)
        ));
        let mark = match self.kind {
            Kind::Line => "line",
            Kind::Bar => "bar",
        };
        out.push_str(&format!("    {mark} [{}]\n", values.join(", ")));
        out.push_str("```\n");
        out
    }

    /// The y-axis range: bars from zero, lines around their values, in round numbers.
    fn range(&self) -> (f64, f64) {
        let max = self.values.iter().copied().fold(f64::MIN, f64::max);
        let min = self.values.iter().copied().fold(f64::MAX, f64::min);
        match self.kind {
            // Counts get a whole number on top.
            Kind::Bar if self.values.iter().all(|v| v.fract() == 0.0) => {
                (0.0_f64.min(min), (max * 1.1).ceil())
            }
            Kind::Bar => (0.0_f64.min(min), nice_up(max * 1.1)),
            Kind::Line => {
                let pad = ((max - min) * 0.15).max(max.abs() * 0.02).max(0.5);
                (nice_down(min - pad), nice_up(max + pad))
            }
        }
    }

    /// The series as one terminal line: `title  ▁▃▅█  first – last: low – high unit`.
    pub fn sparkline(&self) -> String {
        const BARS: [char; 8] = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
        let (lo, hi) = match self.kind {
            Kind::Bar => (0.0, self.values.iter().copied().fold(0.0, f64::max)),
            Kind::Line => (
                self.values.iter().copied().fold(f64::MAX, f64::min),
                self.values.iter().copied().fold(f64::MIN, f64::max),
            ),
        };
        let spark: String = self
            .values
            .iter()
            .map(|v| {
                let at = if hi > lo { (v - lo) / (hi - lo) } else { 0.5 };
                BARS[((at * 7.0).round() as usize).min(7)]
            })
            .collect();
        let min = self.values.iter().copied().fold(f64::MAX, f64::min);
        let max = self.values.iter().copied().fold(f64::MIN, f64::max);
        format!(
            "{}  {spark}  {} – {}: {} – {}{}",
            self.title,
            self.x_labels.first().map(String::as_str).unwrap_or(""),
            self.x_labels.last().map(String::as_str).unwrap_or(""),
            number(min),
            number(max),
            if self.unit.is_empty() {
                String::new()
            } else {
                format!(" {}", self.unit)
            }
        )
    }

    /// The series drawn in an answer's markdown (the first Mermaid chart in it), read back:
    /// what `ask --json` carries as data.
    pub fn in_markdown(text: &str) -> Option<Series> {
        let mut lines = text
            .lines()
            .map(|l| l.trim_start_matches('>').trim())
            .skip_while(|l| *l != "```mermaid");
        lines.next()?;
        let mut lines = lines.skip_while(|l| l.starts_with("%%"));
        if lines.next()? != "xychart-beta" {
            return None;
        }
        let (mut title, mut x_title, mut y_label) = (String::new(), String::new(), String::new());
        let (mut x_labels, mut values, mut kind) = (Vec::new(), Vec::new(), None);
        // Strings are read by their quotes, which a label never holds ([`label`]).
        for line in lines.take_while(|l| *l != "```") {
            if let Some(rest) = line.strip_prefix("title ") {
                title = first_quoted(rest)?.0.to_string();
            } else if let Some(rest) = line.strip_prefix("x-axis ") {
                let (name, mut list) = first_quoted(rest)?;
                x_title = name.to_string();
                x_labels.clear();
                while let Some((label, rest)) = first_quoted(list) {
                    x_labels.push(label.to_string());
                    list = rest;
                }
            } else if let Some(rest) = line.strip_prefix("y-axis ") {
                y_label = first_quoted(rest)?.0.to_string();
            } else if let Some((mark, list)) = line.split_once(" [") {
                kind = match mark {
                    "line" => Some(Kind::Line),
                    "bar" => Some(Kind::Bar),
                    _ => kind,
                };
                values = list
                    .trim_end_matches(']')
                    .split(',')
                    .map(|v| v.trim().parse::<f64>())
                    .collect::<Result<_, _>>()
                    .ok()?;
            }
        }
        let unit = if title.ends_with(&format!("({y_label})"))
            || title.ends_with(&format!("（{y_label}）"))
        {
            y_label.clone()
        } else {
            String::new()
        };
        Some(Series {
            kind: kind?,
            title,
            x_title,
            x_labels,
            y_label,
            unit,
            values,
        })
    }
}

/// A model's answer `body` with the first Mermaid chart of `computed` (the offline
/// engine's answer it was given) under it, when the body has none of its own.
pub fn carried(body: &str, computed: Option<&str>) -> String {
    let Some(series) = computed.and_then(Series::in_markdown) else {
        return body.to_string();
    };
    if body.contains("```mermaid") {
        return body.to_string();
    }
    format!("{}\n\n{}", body.trim_end(), series.mermaid().trim_end())
}

/// `text` with each Mermaid chart replaced by its [`Series::sparkline`] (for a terminal).
pub fn with_sparklines(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line.trim() != "```mermaid" {
            out.push(line.to_string());
            continue;
        }
        let mut block = vec![line];
        for l in lines.by_ref() {
            block.push(l);
            if l.trim() == "```" {
                break;
            }
        }
        match Series::in_markdown(&block.join("\n")) {
            Some(series) => out.push(series.sparkline()),
            None => out.extend(block.iter().map(|l| l.to_string())),
        }
    }
    out.join("\n")
}

/// A Mermaid string: `s` as a [`label`], in double quotes.
fn quoted(s: &str) -> String {
    format!("\"{}\"", label(s))
}

/// `s` as a chart may show it. A label can come from what the person wrote (a note's
/// name, a measure), and the chart sits in a callout that Obsidian and then Mermaid read:
/// `%%` opens an Obsidian comment (and `%%{` a Mermaid directive), so a run of `%` is one;
/// a double quote ends the string and Mermaid cannot escape it, so it becomes a single
/// one; `#word;` is a Mermaid entity code (`#quot;` draws `"`), so `;` becomes `,`; labels
/// are HTML to Mermaid, so `<`, `>` and `&` become `‹`, `›` and `+`; square and curly
/// brackets become round ones, and a line break a space (a block is read line by line).
fn label(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        let c = match c {
            '"' => '\'',
            '[' | '{' => '(',
            ']' | '}' => ')',
            ';' => ',',
            '<' => '‹',
            '>' => '›',
            '&' => '+',
            c if c.is_control() => ' ',
            c => c,
        };
        if !(c == '%' && out.ends_with('%')) {
            out.push(c);
        }
    }
    out
}

/// The text of the first Mermaid string in `s`, and what follows it.
fn first_quoted(s: &str) -> Option<(&str, &str)> {
    let (_, rest) = s.split_once('"')?;
    rest.split_once('"')
}

/// A value as written in the chart: at most two decimals.
fn number(v: f64) -> String {
    let s = format!("{:.2}", (v * 100.0).round() / 100.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// The round number at or above `v` (1, 2 or 5 times a power of ten, or a tenth of that).
fn nice_up(v: f64) -> f64 {
    if v <= 0.0 {
        return -nice_down(-v);
    }
    let unit = 10f64.powf(v.log10().floor() - 1.0);
    (v / unit).ceil() * unit
}

fn nice_down(v: f64) -> f64 {
    if v <= 0.0 {
        return if v == 0.0 { 0.0 } else { -nice_up(-v) };
    }
    let unit = 10f64.powf(v.log10().floor() - 1.0);
    (v / unit).floor() * unit
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, m, day).unwrap()
    }

    fn spec(kind: Kind, combine: Combine, span: Option<(NaiveDate, NaiveDate)>) -> Spec<'static> {
        Spec {
            kind,
            what: "running distance",
            unit: "km",
            combine,
            span,
            least: Step::Day,
            week_start: Weekday::Mon,
            lang: "en",
        }
    }

    #[test]
    fn a_period_total_is_drawn_as_bars_per_week_with_axis_titles() {
        let runs = [
            (d(10, 2), 5.0),
            (d(10, 3), 6.5),
            (d(10, 14), 8.25),
            (d(10, 28), 10.0),
        ];
        let s = Series::over_time(
            &spec(Kind::Bar, Combine::Sum, Some((d(10, 1), d(10, 31)))),
            &runs,
        )
        .unwrap();
        assert_eq!(
            s.mermaid(),
            "```mermaid\n%%{init: {\"themeVariables\": {\"xyChart\": {\"plotColorPalette\": \"#3b6fd4\"}}}}%%\nxychart-beta\n    title \"Running distance per week (km)\"\n    x-axis \"week of\" [\"Sep 28\", \"Oct 5\", \"Oct 12\", \"Oct 19\", \"Oct 26\"]\n    y-axis \"km\" 0 --> 13\n    bar [11.5, 0, 8.25, 0, 10]\n```\n"
        );
    }

    #[test]
    fn a_line_keeps_its_points_and_its_range_holds_them() {
        let lifts: Vec<(NaiveDate, f64)> = [185.0, 190.0, 190.0, 195.0]
            .iter()
            .enumerate()
            .map(|(i, v)| (d(11, 2 + 3 * i as u32), *v))
            .collect();
        let mut sp = spec(Kind::Line, Combine::Max, None);
        sp.what = "bench press";
        sp.unit = "lb";
        let s = Series::over_time(&sp, &lifts).unwrap();
        assert_eq!(s.title, "Bench press (lb)");
        assert_eq!(s.x_labels, ["Nov 2", "Nov 5", "Nov 8", "Nov 11"]);
        let (lo, hi) = s.range();
        assert!(
            (150.0..=185.0).contains(&lo) && (195.0..220.0).contains(&hi),
            "{lo} {hi}"
        );
        assert!(s.mermaid().contains("    line [185, 190, 190, 195]\n"));
    }

    #[test]
    fn fewer_than_three_points_holding_a_value_is_no_chart() {
        let two = [(d(11, 2), 5.0), (d(11, 9), 6.0)];
        assert!(Series::over_time(&spec(Kind::Line, Combine::Max, None), &two).is_none());
        let zeros = [(d(11, 2), 0.0), (d(11, 3), 0.0), (d(11, 4), 0.0)];
        assert!(Series::over_time(&spec(Kind::Bar, Combine::Sum, None), &zeros).is_none());
        // A week with one run: seven days, one of them with a value.
        let week = Some((d(11, 2), d(11, 8)));
        let one = [(d(11, 4), 8.0)];
        assert!(Series::over_time(&spec(Kind::Bar, Combine::Sum, week), &one).is_none());
        let three = [(d(11, 2), 5.0), (d(11, 4), 8.0), (d(11, 7), 3.0)];
        let s = Series::over_time(&spec(Kind::Bar, Combine::Sum, week), &three).unwrap();
        assert_eq!(s.values, [5.0, 0.0, 8.0, 0.0, 0.0, 3.0, 0.0]);
    }

    #[test]
    fn the_chart_in_an_answer_reads_back_as_the_same_series() {
        let runs = [(d(10, 2), 5.0), (d(10, 14), 8.25), (d(10, 28), 10.0)];
        let s = Series::over_time(
            &spec(Kind::Bar, Combine::Sum, Some((d(10, 1), d(10, 31)))),
            &runs,
        )
        .unwrap();
        let callout: String = format!("**23.25 km**\n\n{}\nmore", s.mermaid())
            .lines()
            .map(|l| format!("> {l}\n"))
            .collect();
        assert_eq!(Series::in_markdown(&callout), Some(s));
        assert_eq!(Series::in_markdown("no chart here"), None);
    }

    #[test]
    fn a_sparkline_rises_with_the_values() {
        let s = Series {
            kind: Kind::Bar,
            title: "Runs per week".into(),
            x_title: "week of".into(),
            x_labels: vec!["Nov 2".into(), "Nov 9".into(), "Nov 16".into()],
            y_label: "runs".into(),
            unit: String::new(),
            values: vec![0.0, 2.0, 4.0],
        };
        assert_eq!(s.sparkline(), "Runs per week  ▁▅█  Nov 2 – Nov 16: 0 – 4");
        let answer = format!("**6 runs**\n\n{}\nSources: [[x]]", s.mermaid());
        assert_eq!(
            with_sparklines(&answer),
            "**6 runs**\n\nRuns per week  ▁▅█  Nov 2 – Nov 16: 0 – 4\n\nSources: [[x]]"
        );
    }

    /// A note name holding what Obsidian or Mermaid would read as something else.
    const HOSTILE: &str =
        "Run %% notes [draft] {v2} (old) #quot; \"big\" a;b <i>&</i> %%%{init: {}}%%\nend";

    #[test]
    fn labels_from_any_note_name_cannot_break_the_chart() {
        let runs = vec![(d(11, 2), 5.0), (d(11, 5), 6.0), (d(11, 8), 7.5)];
        let series = Plot::line(HOSTILE, "", Combine::Max, runs)
            .series(Weekday::Mon, "en")
            .unwrap();
        let block = series.mermaid();
        // What tests/render/run.sh draws with Mermaid itself, checking every text is shown
        // as written.
        let drawn = include_str!("../../../tests/render/labels.mmd");
        assert_eq!(block, format!("```mermaid\n{drawn}```\n"));
        let lines: Vec<&str> = block.lines().collect();
        assert_eq!(lines.len(), 8, "{block}");
        // No Obsidian comment or Mermaid directive but the palette, no entity code, no
        // bracket or HTML inside a string, and every string closed on its line.
        for line in &lines[2..] {
            assert!(!line.contains("%%"), "{line}");
            assert!(!line.contains(';'), "{line}");
            assert_eq!(line.matches('"').count() % 2, 0, "{line}");
            let inside: String = line.split('"').skip(1).step_by(2).collect();
            assert!(
                !inside.contains(['[', ']', '{', '}', '<', '>', '&']),
                "{line}"
            );
        }
        assert!(
            lines[3].starts_with("    title \"Run % notes (draft) (v2) (old)"),
            "{block}"
        );
        // Read back (a model's answer carries it, `ask --json` sends it) as written.
        let back = Series::in_markdown(&block).expect("the chart reads back");
        assert_eq!(back.mermaid(), block);
        assert_eq!(back.x_labels, series.x_labels);
        assert_eq!(back.values, series.values);
    }

    #[test]
    fn quotes_in_labels_cannot_break_the_chart() {
        assert_eq!(quoted("the \"big\" lift"), "\"the 'big' lift\"");
        assert_eq!(number(8.2500001), "8.25");
        assert_eq!(number(-0.001), "0");
        assert_eq!(nice_up(12.65), 13.0);
        assert_eq!(nice_up(212.3), 220.0);
        assert_eq!(nice_down(176.0), 170.0);
    }
}
