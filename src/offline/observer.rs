//! The offline Observer: keeps `global-context.md` current with facts computed from the
//! parsed data (best lifts, longest run), patterns (usual training days, typical sleep) and
//! tentative insights, each with a confidence. Lines the person edited are never overwritten:
//! a line is only updated while it still reads exactly as we last wrote it.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::analyze::trim;
use super::metric::series;
use super::query::Metric;
use crate::vault::context::empty_context;
use crate::vault::parsed::ParsedRecord;

/// How sure an observation is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Confidence {
    Certain,
    Likely,
    Tentative,
}

impl Confidence {
    fn as_str(self) -> &'static str {
        match self {
            Confidence::Certain => "certain",
            Confidence::Likely => "likely",
            Confidence::Tentative => "tentative",
        }
    }

    fn from_count(n: usize) -> Confidence {
        if n >= 8 {
            Confidence::Likely
        } else {
            Confidence::Tentative
        }
    }
}

/// One line of the context.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    pub section: &'static str,
    pub key: String,
    pub value: String,
    pub confidence: Confidence,
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
    let mut out = Vec::new();
    let fact = |key: String, value: String| Observation {
        section: "Facts",
        key,
        value,
        confidence: Confidence::Certain,
    };
    // Records: best of each lift, longest run.
    let lifts = super::metric::lift_names(records);
    for lift in lifts {
        let points = series(&Metric::Lift(lift.clone()), records);
        if let Some(best) = points
            .iter()
            .max_by(|a, b| a.value.total_cmp(&b.value).then(a.date.cmp(&b.date)))
        {
            out.push(fact(
                format!("best {lift}"),
                format!("{} on {}", best.detail, best.date),
            ));
        }
    }
    let runs = series(&Metric::Runs, records);
    if let Some(longest) = runs
        .iter()
        .filter(|p| p.value > 0.0)
        .max_by(|a, b| a.value.total_cmp(&b.value).then(a.date.cmp(&b.date)))
    {
        out.push(fact(
            "longest run".into(),
            format!("{} km on {}", trim(longest.value), longest.date),
        ));
    }
    // Patterns: usual days for runs and strength, over the last 12 weeks.
    let since = today - chrono::Duration::days(84);
    let recent: Vec<ParsedRecord> = records
        .iter()
        .filter(|r| r.date >= since && r.date <= today)
        .cloned()
        .collect();
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
            confidence: Confidence::from_count(points.len()),
        });
    }
    // Typical sleep over the last 30 days.
    let month: Vec<ParsedRecord> = records
        .iter()
        .filter(|r| r.date > today - chrono::Duration::days(30) && r.date <= today)
        .cloned()
        .collect();
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
            confidence: Confidence::from_count(sleep.len()),
        });
    }
    let weeks: Vec<ParsedRecord> = records
        .iter()
        .filter(|r| r.date > today - chrono::Duration::days(28) && r.date <= today)
        .cloned()
        .collect();
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
            confidence: Confidence::from_count(recent_runs.len()),
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

#[cfg(test)]
mod tests {
    use super::*;

    fn obs(key: &str, value: &str) -> Observation {
        Observation {
            section: "Facts",
            key: key.into(),
            value: value.into(),
            confidence: Confidence::Certain,
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
}
