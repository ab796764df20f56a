//! The offline Observer: keeps `global-context.md` current with facts computed from the
//! parsed data (best lifts, longest run), patterns (usual training days, typical sleep) and
//! tentative insights, each with a confidence. Lines the person edited are never overwritten:
//! a line is only updated while it still reads exactly as we last wrote it.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{Datelike, NaiveDate};

use super::analyze::trim;
use super::metric::series;
use super::query::Metric;
use crate::vault::context::empty_context;
use crate::vault::parsed::ParsedRecord;

use crate::agents::types::Certainty;

/// How sure a pattern seen `n` times is.
fn from_count(n: usize) -> Certainty {
    if n >= 8 {
        Certainty::Likely
    } else {
        Certainty::Tentative
    }
}

/// One line of the context.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    pub section: &'static str,
    pub key: String,
    pub value: String,
    pub confidence: Certainty,
}

impl Observation {
    fn line(&self) -> String {
        format!(
            "- {}: {} ({})",
            self.key,
            self.value,
            self.confidence.as_str()
        )
    }
}

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

/// What the records say, as of `today`.
pub fn observe(records: &[ParsedRecord], today: NaiveDate) -> Vec<Observation> {
    observe_over(&History::of(records), records, today)
}

/// [`observe`] from a [`History`] of every record and, in `records`, the records dated from
/// [`patterns_since`] on (others are ignored): what a pass uses, so that it never holds
/// every record of a large vault at once.
pub fn observe_over(
    history: &History,
    records: &[ParsedRecord],
    today: NaiveDate,
) -> Vec<Observation> {
    let mut out = Vec::new();
    let fact = |key: String, value: String| Observation {
        section: "Facts",
        key,
        value,
        confidence: Certainty::Certain,
    };
    // Records: best of each lift, longest run.
    for (lift, seen) in &history.lifts {
        if let Some(best) = seen.best() {
            out.push(fact(
                format!("best {lift}"),
                format!("{} on {}", best.detail, best.date),
            ));
        }
    }
    if let Some(longest) = &history.longest_run {
        out.push(fact(
            "longest run".into(),
            format!("{} km on {}", trim(longest.value), longest.date),
        ));
    }
    // Patterns: usual days for runs and strength, over the last 12 weeks.
    let since = patterns_since(today);
    let recent = dated_within(records, since - chrono::Duration::days(1), today);
    for (key, metric) in [
        ("usual run days", Metric::Runs),
        ("usual strength days", Metric::Workouts),
    ] {
        let points = series(&metric, &recent);
        if points.len() < 4 {
            continue;
        }
        let mut counts = [0usize; 7];
        for p in &points {
            counts[p.date.weekday().num_days_from_monday() as usize] += 1;
        }
        let mut days: Vec<(usize, usize)> = counts
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, n)| *n * 4 >= points.len())
            .collect();
        days.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        if days.is_empty() {
            continue;
        }
        let names: Vec<&str> = days.iter().map(|(d, _)| WEEKDAYS[*d]).collect();
        out.push(Observation {
            section: "Patterns",
            key: key.into(),
            value: format!(
                "{} ({} sessions in the last 12 weeks)",
                names.join(", "),
                points.len()
            ),
            confidence: from_count(points.len()),
        });
    }
    // Typical sleep over the last 30 days.
    let month = dated_within(records, today - chrono::Duration::days(30), today);
    let sleep = series(&Metric::Sleep, &month);
    if sleep.len() >= 3 {
        let avg = sleep.iter().map(|p| p.value).sum::<f64>() / sleep.len() as f64;
        out.push(Observation {
            section: "Patterns",
            key: "typical sleep".into(),
            value: format!(
                "{} h a night over the last 30 days ({} nights logged)",
                trim((avg * 10.0).round() / 10.0),
                sleep.len()
            ),
            confidence: from_count(sleep.len()),
        });
    }
    let weeks = dated_within(records, today - chrono::Duration::days(28), today);
    let recent_runs = series(&Metric::Runs, &weeks);
    let km: f64 = recent_runs.iter().map(|p| p.value).sum();
    if km > 0.0 {
        out.push(Observation {
            section: "Patterns",
            key: "weekly running volume".into(),
            value: format!(
                "about {} km a week over the last 4 weeks",
                trim((km / 4.0 * 10.0).round() / 10.0)
            ),
            confidence: from_count(recent_runs.len()),
        });
    }
    out
}

/// Merges observations into the context text. `written` holds the lines we wrote last time
/// (key -> line); a line that differs from it was edited by the person and is kept as is.
/// Returns the new text and the new `written` map.
pub fn merge(
    existing: Option<&str>,
    observations: &[Observation],
    written: &BTreeMap<String, String>,
    today: NaiveDate,
) -> (String, BTreeMap<String, String>) {
    let text = existing
        .map(str::to_string)
        .unwrap_or_else(|| empty_context(today));
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut now_written = BTreeMap::new();
    let mut changed = false;
    for obs in observations {
        let new_line = obs.line();
        let prefix = format!("- {}:", obs.key);
        match lines.iter().position(|l| l.starts_with(&prefix)) {
            Some(i) => {
                let ours = written.get(&obs.key).is_some_and(|w| *w == lines[i]);
                if ours && lines[i] != new_line {
                    lines[i] = new_line.clone();
                    changed = true;
                }
                if ours || lines[i] == new_line {
                    now_written.insert(obs.key.clone(), lines[i].clone());
                }
            }
            None => {
                let header = format!("## {}", obs.section);
                let at = match lines.iter().position(|l| l.trim() == header) {
                    Some(h) => {
                        // After the section's last line (before the next heading).
                        let mut end = h + 1;
                        while end < lines.len() && !lines[end].starts_with("## ") {
                            end += 1;
                        }
                        while end > h + 1 && lines[end - 1].trim().is_empty() {
                            end -= 1;
                        }
                        end
                    }
                    None => {
                        lines.push(String::new());
                        lines.push(header);
                        lines.len()
                    }
                };
                lines.insert(at, new_line.clone());
                now_written.insert(obs.key.clone(), new_line);
                changed = true;
            }
        }
    }
    if changed {
        if let Some(i) = lines
            .iter()
            .take(10)
            .position(|l| l.starts_with("last_updated:"))
        {
            lines[i] = format!("last_updated: {today}");
        }
    }
    let mut out = lines.join(newline);
    out.push_str(newline);
    if !changed && existing.is_some() {
        out = text;
    }
    (out, now_written)
}

/// The records dated after `after` up to `today`, in order: a slice of `records` when they
/// are sorted by date (as read from index.db), else a filtered copy.
fn dated_within(
    records: &[ParsedRecord],
    after: NaiveDate,
    today: NaiveDate,
) -> std::borrow::Cow<'_, [ParsedRecord]> {
    if records.is_sorted_by_key(|r| r.date) {
        let start = records.partition_point(|r| r.date <= after);
        let end = records.partition_point(|r| r.date <= today).max(start);
        std::borrow::Cow::Borrowed(&records[start..end])
    } else {
        records
            .iter()
            .filter(|r| r.date > after && r.date <= today)
            .cloned()
            .collect()
    }
}

/// What the context's facts rest on: each lift's heaviest weight, the longest and the fastest
/// run, and the domains (and lifts) logged at all. A log that beats one of them is worth
/// writing down at once.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Marks {
    lifts: BTreeMap<String, f64>,
    longest_run: f64,
    /// Minutes per km; lower is faster.
    fastest_pace: Option<f64>,
    domains: BTreeSet<String>,
}

impl Marks {
    /// The marks set by `records`.
    pub fn of(records: &[ParsedRecord]) -> Marks {
        History::of(records).marks()
    }

    /// Whether `fresh` (newly logged records) sets a new best or is the first log in a
    /// domain or of a lift: a significant log, which updates the context file at once.
    pub fn beaten_by(&self, fresh: &[ParsedRecord]) -> bool {
        let new = Marks::of(fresh);
        new.domains.iter().any(|d| !self.domains.contains(d))
            || new
                .lifts
                .iter()
                .any(|(lift, w)| self.lifts.get(lift).is_none_or(|best| w > best))
            || new.longest_run > self.longest_run
            || match (new.fastest_pace, self.fastest_pace) {
                (Some(new), Some(old)) => new < old,
                (Some(_), None) => true,
                _ => false,
            }
    }
}

/// The first day of the 12 weeks the Observer's patterns look at (the other windows fall
/// inside them): [`observe_over`] needs the records from that day on.
pub fn patterns_since(today: NaiveDate) -> NaiveDate {
    today - chrono::Duration::days(84)
}

/// What the Observer keeps of every record (each lift's best, the longest and the fastest
/// run, the domains logged), gathered a batch of records at a time in any order: a pass over
/// a large vault reads the records in batches instead of holding them all. Of two equal
/// bests the one logged later (by day, time, note and entry) is kept, as [`observe`] over
/// every record in that order keeps it.
#[derive(Debug, Clone, Default)]
pub struct History {
    lifts: BTreeMap<String, LiftBests>,
    longest_run: Option<Best>,
    fastest_pace: Option<f64>,
    domains: BTreeSet<String>,
}

/// A lift's best in each way it can be measured: by weight, or in reps where it is never
/// logged with one (see [`super::metric::lift_in_reps`]), which only all its records tell.
#[derive(Debug, Clone, Default)]
struct LiftBests {
    weighed: bool,
    by_weight: Option<Best>,
    in_reps: Option<Best>,
}

impl LiftBests {
    fn best(&self) -> Option<&Best> {
        if self.weighed {
            self.by_weight.as_ref()
        } else {
            self.in_reps.as_ref()
        }
    }
}

/// The best point of a series so far, and where it was logged.
#[derive(Debug, Clone)]
struct Best {
    value: f64,
    date: NaiveDate,
    detail: String,
    /// Time, note and entry: which of two equal points was logged later.
    at: (Option<String>, String, String),
}

impl Best {
    /// Keeps `p` when it is at least as good as the best so far and logged no earlier: the
    /// last of the greatest, as `max_by` over the points in order finds it (points of one
    /// record come in their order, so the later of two equal ones wins there too).
    fn keep(best: &mut Option<Best>, p: &super::metric::Point) {
        let r = p.record;
        let better = best.as_ref().is_none_or(|b| {
            p.value
                .total_cmp(&b.value)
                .then(p.date.cmp(&b.date))
                .then_with(|| {
                    (&r.timestamp, &r.source_file, &r.id).cmp(&(&b.at.0, &b.at.1, &b.at.2))
                })
                .is_ge()
        });
        if better {
            *best = Some(Best {
                value: p.value,
                date: p.date,
                detail: p.detail.clone(),
                at: (r.timestamp.clone(), r.source_file.clone(), r.id.clone()),
            });
        }
    }
}

impl History {
    /// The history of `records`.
    pub fn of(records: &[ParsedRecord]) -> History {
        let mut history = History::default();
        history.add(records);
        history
    }

    /// Adds a batch of records (each record once, batches in any order).
    pub fn add(&mut self, records: &[ParsedRecord]) {
        for lift in super::metric::lift_names(records) {
            // Measured in reps within this batch: kept apart until every batch says
            // whether the lift is ever weighed.
            let in_reps = super::metric::lift_in_reps(&lift, records);
            let points = series(&Metric::Lift(lift.clone()), records);
            let seen = self.lifts.entry(lift).or_default();
            seen.weighed |= !in_reps;
            let best = if in_reps {
                &mut seen.in_reps
            } else {
                &mut seen.by_weight
            };
            for p in &points {
                Best::keep(best, p);
            }
        }
        for p in series(&Metric::Runs, records) {
            if p.value > 0.0 {
                Best::keep(&mut self.longest_run, &p);
            }
        }
        for p in series(&Metric::Pace, records) {
            if p.value > 0.0 {
                self.fastest_pace = Some(self.fastest_pace.map_or(p.value, |v| v.min(p.value)));
            }
        }
        self.domains
            .extend(records.iter().flat_map(|r| r.domain_data.keys().cloned()));
    }

    /// The marks this history sets.
    pub fn marks(&self) -> Marks {
        Marks {
            lifts: self
                .lifts
                .iter()
                .map(|(lift, seen)| {
                    let best = seen.best().map_or(f64::NEG_INFINITY, |b| b.value);
                    (lift.clone(), best)
                })
                .collect(),
            longest_run: self.longest_run.as_ref().map_or(0.0, |b| b.value),
            fastest_pace: self.fastest_pace,
            domains: self.domains.clone(),
        }
    }
}

/// Where [`update`] leaves things: the new context text, the lines it now owns, and the lines
/// it moved out to the archive (to append there before the context is replaced).
#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    pub text: String,
    pub written: BTreeMap<String, String>,
    pub archived: Vec<String>,
}

/// Marks an archived observation in the `written` map: key -> the line as archived.
const ARCHIVED: &str = "archived:";

/// Merges `observations` into the context (see [`merge`]) and keeps it under about
/// `max_tokens` tokens: the Observer's own lines move out, the least sure first and, among
/// equally sure ones, the ones about the oldest date first. Lines the person wrote or edited
/// are never moved or changed. An archived line does not come back until its value changes.
pub fn update(
    existing: Option<&str>,
    observations: &[Observation],
    written: &BTreeMap<String, String>,
    today: NaiveDate,
    max_tokens: usize,
) -> Update {
    let mut archived_before: BTreeMap<String, String> = written
        .iter()
        .filter_map(|(k, v)| Some((k.strip_prefix(ARCHIVED)?.to_string(), v.clone())))
        .collect();
    let ours: BTreeMap<String, String> = written
        .iter()
        .filter(|(k, _)| !k.starts_with(ARCHIVED))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    // An observation archived as it reads now stays in the archive.
    let fresh: Vec<Observation> = observations
        .iter()
        .filter(|o| archived_before.get(&o.key) != Some(&o.line()) || ours.contains_key(&o.key))
        .cloned()
        .collect();
    let (text, mut now_written) = merge(existing, &fresh, &ours, today);
    // A key back in the context is no longer archived.
    archived_before.retain(|k, _| !now_written.contains_key(k));
    let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut archived = Vec::new();
    let mut out = text.clone();
    if crate::llm::budget::estimate_tokens(&text) > max_tokens {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        // Candidates: lines that read exactly as we wrote them.
        let mut candidates: Vec<(u8, NaiveDate, usize, String)> = now_written
            .iter()
            .filter_map(|(key, line)| {
                let at = lines.iter().position(|l| l == line)?;
                Some((rank(line), oldest_date(line), at, key.clone()))
            })
            .collect();
        candidates.sort();
        let mut size = text.len();
        let mut gone = BTreeSet::new();
        for (_, _, at, key) in candidates {
            if size.div_ceil(4) <= max_tokens {
                break;
            }
            size -= lines[at].len() + newline.len();
            gone.insert(at);
            let line = now_written.remove(&key).unwrap_or_default();
            archived_before.insert(key, line.clone());
            archived.push(line);
        }
        let mut i = 0;
        lines.retain(|_| {
            i += 1;
            !gone.contains(&(i - 1))
        });
        out = lines.join(newline);
        out.push_str(newline);
    }
    for (key, line) in archived_before {
        now_written.insert(format!("{ARCHIVED}{key}"), line);
    }
    Update {
        text: out,
        written: now_written,
        archived,
    }
}

/// How useful a line is to keep: tentative lines go first, certain ones last.
fn rank(line: &str) -> u8 {
    if line.ends_with("(tentative)") {
        0
    } else if line.ends_with("(likely)") {
        1
    } else {
        2
    }
}

/// The earliest date a line mentions (lines without a date are about now: kept longest).
fn oldest_date(line: &str) -> NaiveDate {
    line.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .filter_map(|w| NaiveDate::parse_from_str(w, "%Y-%m-%d").ok())
        .min()
        .unwrap_or(NaiveDate::MAX)
}

/// The archive's text with `lines` appended under a dated heading.
pub fn archive_text(existing: Option<&str>, lines: &[String], today: NaiveDate) -> String {
    let mut text = existing.map(str::to_string).unwrap_or_else(|| {
        "# Global context archive\n\nLines vault-agent moved out of the global context to keep \
         it short.\n"
            .to_string()
    });
    if !text.ends_with('\n') {
        text.push('\n');
    }
    text.push_str(&format!("\n## Archived {today}\n"));
    for line in lines {
        text.push_str(line);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(key: &str, value: &str) -> Observation {
        Observation {
            section: "Facts",
            key: key.into(),
            value: value.into(),
            confidence: Certainty::Certain,
        }
    }

    #[test]
    fn new_context_gets_lines_under_their_sections() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let (text, written) = merge(
            None,
            &[obs("best squat", "255 lb on 2026-11-16")],
            &BTreeMap::new(),
            today,
        );
        let facts = text.find("## Facts").unwrap();
        let line = text
            .find("- best squat: 255 lb on 2026-11-16 (certain)")
            .unwrap();
        assert!(
            line > facts && line < text.find("## Insights").unwrap(),
            "{text}"
        );
        assert_eq!(written.len(), 1);
    }

    #[test]
    fn our_lines_update_and_the_persons_edits_stay() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let (first, written) = merge(
            None,
            &[obs("best squat", "255"), obs("longest run", "14 km")],
            &BTreeMap::new(),
            today,
        );
        // The person rewrites one line and adds their own.
        let edited = first
            .replace(
                "- longest run: 14 km (certain)",
                "- longest run: 21 km, the race in May (certain)",
            )
            .replace(
                "## Preferences\n",
                "## Preferences\n- prefers morning runs\n",
            );
        let (second, _) = merge(
            Some(&edited),
            &[obs("best squat", "265"), obs("longest run", "15 km")],
            &written,
            today,
        );
        assert!(second.contains("- best squat: 265 (certain)"), "{second}");
        assert!(
            second.contains("- longest run: 21 km, the race in May (certain)"),
            "{second}"
        );
        assert!(second.contains("- prefers morning runs"), "{second}");
        // Nothing new: the text is returned unchanged, byte for byte.
        let (third, _) = merge(
            Some(&second),
            &[obs("best squat", "265")],
            &BTreeMap::from([(
                "best squat".to_string(),
                "- best squat: 265 (certain)".to_string(),
            )]),
            today,
        );
        assert_eq!(third, second);
    }

    fn tentative(key: &str, value: &str) -> Observation {
        Observation {
            section: "Patterns",
            confidence: Certainty::Tentative,
            ..obs(key, value)
        }
    }

    #[test]
    fn over_budget_the_least_sure_lines_move_out_and_the_persons_lines_stay() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let all = [
            obs("best squat", "255 lb on 2026-11-16"),
            obs("best bench press", "85 kg on 2026-01-02"),
            tentative("usual run days", "Tuesday, Thursday (5 sessions)"),
        ];
        let first = update(None, &all, &BTreeMap::new(), today, 10_000);
        assert!(first.archived.is_empty());
        let mine = "- I train for a marathon in April, keep that in mind always";
        let edited = first
            .text
            .replace("## Preferences\n", &format!("## Preferences\n{mine}\n"));
        let budget = crate::llm::budget::estimate_tokens(&edited) - 20;
        let second = update(Some(&edited), &all, &first.written, today, budget);
        // The tentative line goes first, then the fact about the oldest date.
        assert_eq!(
            second.archived,
            [
                "- usual run days: Tuesday, Thursday (5 sessions) (tentative)",
                "- best bench press: 85 kg on 2026-01-02 (certain)",
            ]
        );
        assert!(second.text.contains(mine), "{}", second.text);
        assert!(
            second.text.contains("- best squat: 255 lb"),
            "{}",
            second.text
        );
        assert!(crate::llm::budget::estimate_tokens(&second.text) <= budget);
        // Unchanged, archived lines do not come back; a new value does.
        let third = update(Some(&second.text), &all, &second.written, today, 10_000);
        assert_eq!(third.text, second.text);
        let newer = [obs("best bench press", "90 kg on 2026-11-21")];
        let fourth = update(Some(&third.text), &newer, &third.written, today, 10_000);
        assert!(
            fourth
                .text
                .contains("- best bench press: 90 kg on 2026-11-21"),
            "{}",
            fourth.text
        );
    }

    #[test]
    fn a_heavier_lift_or_a_new_domain_beats_the_marks() {
        let day = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        let rec = |data: serde_json::Value| -> ParsedRecord {
            serde_json::from_value(serde_json::json!({
                "id": "x", "source_file": "Daily/2026-11-21.md", "date": day,
                "timestamp": null, "heading": null, "content_hash": "h",
                "domain_data": data, "tags": [], "confidence": 1.0,
                "uncertain_fields": [], "extraction_notes": [], "parser": "offline"
            }))
            .unwrap()
        };
        let bench = |w: f64| {
            rec(serde_json::json!({"strength": {"exercises": [
                {"name": "bench press", "weight": w, "unit": "kg", "reps": 5, "sets": 3}
            ]}}))
        };
        let marks = Marks::of(&[bench(85.0)]);
        assert!(!marks.beaten_by(&[bench(80.0)]));
        assert!(!marks.beaten_by(&[bench(85.0)]));
        assert!(marks.beaten_by(&[bench(87.5)]));
        assert!(marks.beaten_by(&[rec(serde_json::json!({"running": {"distance_km": 5.0}}))]));
    }

    /// The bests and marks over every record in order, as the Observer worked them out
    /// before it read its history in batches.
    fn bests_in_order(records: &[ParsedRecord]) -> (Vec<String>, Marks) {
        let last_greatest = |a: &&super::super::metric::Point, b: &&super::super::metric::Point| {
            a.value.total_cmp(&b.value).then(a.date.cmp(&b.date))
        };
        let mut facts = Vec::new();
        let mut marks = Marks::default();
        for lift in super::super::metric::lift_names(records) {
            let points = series(&Metric::Lift(lift.clone()), records);
            if let Some(best) = points.iter().max_by(last_greatest) {
                facts.push(format!("best {lift}: {} on {}", best.detail, best.date));
            }
            let top = points.iter().map(|p| p.value);
            marks
                .lifts
                .insert(lift, top.fold(f64::NEG_INFINITY, f64::max));
        }
        let runs = series(&Metric::Runs, records);
        if let Some(longest) = runs.iter().filter(|p| p.value > 0.0).max_by(last_greatest) {
            facts.push(format!(
                "longest run: {} on {}",
                longest.detail, longest.date
            ));
        }
        marks.longest_run = runs.iter().map(|p| p.value).fold(0.0, f64::max);
        marks.fastest_pace = series(&Metric::Pace, records)
            .iter()
            .map(|p| p.value)
            .filter(|v| *v > 0.0)
            .reduce(f64::min);
        marks.domains = records
            .iter()
            .flat_map(|r| r.domain_data.keys().cloned())
            .collect();
        (facts, marks)
    }

    #[test]
    fn a_history_read_in_batches_in_any_order_keeps_the_bests_of_every_record_in_order() {
        use serde_json::json;
        let first = NaiveDate::from_ymd_opt(2026, 9, 1).unwrap();
        // Equal bests on one day in several notes and times, a lift weighed in one month
        // only, a bodyweight move, runs of equal length: what the batches must agree on.
        let records: Vec<ParsedRecord> = (0..240)
            .map(|i: u64| {
                let date = first + chrono::Duration::days((i / 6) as i64);
                let data = match i % 4 {
                    0 => json!({"strength": {"exercises": [
                        {"name": "squat", "weight": 100 + (i % 5) * 5, "unit": "kg", "reps": 5, "sets": 1 + i % 3},
                        {"name": "squat", "weight": 100 + (i % 5) * 5, "unit": "kg", "reps": 3, "sets": 1},
                        {"name": "pull-up", "weight": null, "reps": 8 + i % 3, "sets": 3},
                    ]}}),
                    1 => json!({"strength": {"exercises": [
                        {"name": "lunge", "weight": if i / 6 == 20 { json!(20) } else { json!(null) }, "reps": 10 + i % 2, "sets": 2},
                    ]}}),
                    2 => json!({"running": {"distance_km": 5 + i % 3, "duration_min": 25 + i % 7, "pace_min_per_km": 5.0}}),
                    _ => json!({"general": {"sleep_hours": 7.5}}),
                };
                serde_json::from_value(json!({
                    "id": format!("Log/{}.md#{}", i % 7, i), "source_file": format!("Log/{}.md", i % 7),
                    "date": date, "timestamp": if i.is_multiple_of(5) { json!(null) } else { json!(format!("0{}:00", i % 9)) },
                    "heading": null, "content_hash": "h", "domain_data": data, "tags": [],
                    "confidence": 1.0, "uncertain_fields": [], "extraction_notes": [], "parser": "offline"
                }))
                .unwrap()
            })
            .collect();
        let mut in_order = records.clone();
        in_order.sort_by(|a, b| {
            (a.date, &a.timestamp, &a.source_file, &a.id).cmp(&(
                b.date,
                &b.timestamp,
                &b.source_file,
                &b.id,
            ))
        });
        let (facts, marks) = bests_in_order(&in_order);
        assert!(facts.len() >= 4, "{facts:?}");
        let today = first + chrono::Duration::days(60);
        let expected = observe(&in_order, today);
        for size in [1, 7, 64, 1000] {
            let mut shuffled = records.clone();
            fastrand::Rng::with_seed(size as u64).shuffle(&mut shuffled);
            let mut history = History::default();
            for batch in shuffled.chunks(size) {
                history.add(batch);
            }
            let said: Vec<String> = observe_over(&history, &in_order, today)
                .iter()
                .filter(|o| o.section == "Facts")
                .map(|o| format!("{}: {}", o.key, o.value))
                .collect();
            assert_eq!(said, facts, "batches of {size}");
            assert_eq!(history.marks(), marks, "batches of {size}");
            assert_eq!(observe_over(&history, &in_order, today), expected);
        }
    }
}
