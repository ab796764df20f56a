//! Measures read from parsed records: what each [`Metric`] is called, how its values are
//! written, what to log to track it, and its dated values (series) in a set of records.

use chrono::NaiveDate;
use serde_json::Value;
use std::collections::HashMap;

use super::analyze::trim;
use super::cues::stem;
use super::query::Metric;
use super::say;
use crate::vault::parsed::ParsedRecord;

/// One measured value and where it came from (by reference: an all-time question reads
/// thousands of points).
#[derive(Debug, Clone)]
pub struct Point<'r> {
    pub date: NaiveDate,
    pub value: f64,
    /// Text such as `195 lb × 2 reps × 2 sets` for lifts.
    pub detail: String,
    pub record: &'r ParsedRecord,
    /// The unit and the thing measured, for generic measures (`page`, `read`).
    pub measure: Option<(String, String)>,
    /// How many sessions the point stands for: a month's summary (`| runs | km |` over
    /// `| 16 | 200 |`) stands for its runs.
    pub times: u32,
}

impl Point<'_> {
    /// The session a point belongs to: its day and time of day (`## 07:00`), so labels
    /// under a day (`Upper B`, one heading per exercise) do not split it.
    pub fn session(&self) -> (NaiveDate, Option<&str>) {
        (self.date, self.record.timestamp.as_deref())
    }
}

/// How many sessions `points` come from (see [`Point::session`]).
pub fn session_count(points: &[Point]) -> usize {
    points
        .iter()
        .map(Point::session)
        .collect::<std::collections::HashSet<_>>()
        .len()
}

impl Metric {
    /// A short human name.
    pub fn label(&self) -> String {
        match self {
            Metric::Runs => "runs".into(),
            Metric::Distance => "running distance".into(),
            Metric::RunDuration => "running time".into(),
            Metric::Pace => "running pace".into(),
            Metric::Workouts => "strength sessions".into(),
            Metric::Lift(name) => name.clone(),
            Metric::BodyPart(name) => format!("{name} workouts"),
            Metric::Sleep => "sleep".into(),
            Metric::BodyWeight => "body weight".into(),
            Metric::Mood => "mood".into(),
            Metric::Energy => "energy".into(),
            Metric::Stress => "stress".into(),
            Metric::Steps => "steps".into(),
            Metric::Protein => "protein".into(),
            Metric::Calories => "calories".into(),
            Metric::Caffeine => "coffee".into(),
            Metric::Alcohol => "drinks".into(),
            Metric::DeepWork => "deep work".into(),
            Metric::Meetings => "meetings".into(),
            Metric::Training => "training sessions".into(),
            Metric::Measure { units, .. } => match units.first() {
                Some(u) => plural_unit(u),
                None => "that measure".into(),
            },
        }
    }

    /// How a value is written.
    pub fn format(&self, v: f64) -> String {
        let n = trim(v);
        match self {
            Metric::Distance => format!("{n} km"),
            // A running time written to the second as a watch shows it (`1:02:44`); whole
            // minutes in minutes.
            Metric::RunDuration => {
                let s = (v * 60.0).round() as i64;
                if s % 60 == 0 {
                    format!("{n} min")
                } else if s >= 3600 {
                    format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
                } else {
                    format!("{}:{:02}", s / 60, s % 60)
                }
            }
            Metric::Pace => {
                let seconds = (v * 60.0).round() as i64;
                format!("{}:{:02} min/km", seconds / 60, seconds % 60)
            }
            Metric::Sleep => format!("{n} h"),
            Metric::Mood | Metric::Energy | Metric::Stress => format!("{n}/10"),
            Metric::Protein => format!("{n} g"),
            Metric::Calories => format!("{n} kcal"),
            Metric::DeepWork => format!("{n} h"),
            Metric::Caffeine if v == 1.0 => "1 cup".into(),
            Metric::Caffeine => format!("{n} cups"),
            Metric::Alcohol if v == 1.0 => "1 drink".into(),
            Metric::Alcohol => format!("{n} drinks"),
            Metric::Measure { units, .. } => match units.first() {
                Some(u) if u.is_empty() => n,
                Some(u) if u == "jin" => format!("{n}斤"),
                // A time in the answer's own words (`150 Sekunden`, `90秒`).
                Some(u) if matches!(u.as_str(), "hour" | "minute" | "second") => {
                    say::count_text(&n, v == 1.0, u)
                }
                Some(u) if v == 1.0 => format!("{n} {u}"),
                Some(u) => format!("{n} {}", plural_unit(u)),
                None => n,
            },
            _ => n,
        }
    }

    /// The lexicon's unit the values are in, where every value is in one (`hour` for sleep).
    pub fn unit(&self) -> Option<&str> {
        match self {
            Metric::Runs | Metric::Distance => Some("km"),
            Metric::RunDuration => Some("minute"),
            Metric::Sleep | Metric::DeepWork => Some("hour"),
            Metric::Protein => Some("g"),
            Metric::Measure { units, .. } => units.first().map(String::as_str),
            _ => None,
        }
    }

    /// What to log so this can be answered.
    pub fn how_to_log(&self) -> &'static str {
        match self {
            Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace => {
                "a line like `easy run 6 km in 33 min`"
            }
            Metric::Workouts | Metric::Lift(_) | Metric::BodyPart(_) | Metric::Training => {
                "a line like `bench 3x5 @ 185 lbs` or `squat 100kg 5x5`"
            }
            Metric::Sleep => "a line like `slept 7.5h`",
            Metric::BodyWeight => "a line like `weight 72.4 kg`",
            Metric::Mood | Metric::Energy | Metric::Stress => {
                "a line like `mood 7/10, energy 6/10`"
            }
            Metric::Steps => "a line like `9,500 steps`",
            Metric::Protein | Metric::Calories => {
                "a line like `lunch: chicken and rice, 40 g protein, 650 kcal`"
            }
            Metric::Caffeine | Metric::Alcohol => "a line like `two coffees` or `2 beers`",
            Metric::DeepWork | Metric::Meetings => "a line like `3h deep work, 4 meetings`",
            Metric::Measure { .. } => {
                "a line with a number and its unit, like `read 40 pages` or `meditated 15 min`"
            }
        }
    }

    /// Whether a higher value is "better" for best/worst wording (pace: lower is better).
    pub fn lower_is_better(&self) -> bool {
        matches!(self, Metric::Pace)
    }

    /// The values this record holds for the metric.
    /// The `domain_data` keys this measure is read from (`None`: generic measures, which
    /// any record may hold).
    pub fn domains(&self) -> Option<&'static [&'static str]> {
        Some(match self {
            Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace => &["running"],
            Metric::Workouts | Metric::Lift(_) | Metric::BodyPart(_) => &["strength"],
            Metric::Training => &["strength", "running"],
            Metric::Sleep | Metric::Mood | Metric::Energy | Metric::Stress | Metric::Steps => {
                &["general"]
            }
            Metric::Protein | Metric::Calories | Metric::Caffeine | Metric::Alcohol => {
                &["nutrition"]
            }
            Metric::DeepWork | Metric::Meetings => &["work"],
            Metric::Measure { .. } | Metric::BodyWeight => return None,
        })
    }

    pub fn points<'r>(&self, r: &'r ParsedRecord) -> Vec<Point<'r>> {
        let get = |domain: &str, field: &str| {
            r.domain_data
                .get(domain)
                .and_then(|d| d.get(field))
                .and_then(Value::as_f64)
        };
        let one = |v: Option<f64>| -> Vec<Point> {
            v.map(|value| Point {
                date: r.date,
                value,
                detail: self.format(value),
                record: r,
                measure: None,
                times: 1,
            })
            .into_iter()
            .collect()
        };
        let each_run = |field: &str| -> Vec<Point> {
            runs(r)
                .into_iter()
                .filter_map(|run| run.get(field).and_then(Value::as_f64))
                .flat_map(|v| one(Some(v)))
                .collect()
        };
        match self {
            Metric::Runs => runs(r)
                .into_iter()
                .map(|run| {
                    let d = run.get("distance_km").and_then(Value::as_f64);
                    Point {
                        date: r.date,
                        value: d.unwrap_or(0.0),
                        detail: d
                            .map(|d| format!("{} km", trim(d)))
                            .unwrap_or_else(|| say::t("a_run", &[])),
                        record: r,
                        measure: None,
                        times: run
                            .get("count")
                            .and_then(Value::as_u64)
                            .map_or(1, |n| n as u32),
                    }
                })
                .collect(),
            Metric::Distance => each_run("distance_km"),
            Metric::RunDuration => each_run("duration_min"),
            // From the run's time and distance where both are there: the stored pace is
            // rounded to a hundredth of a minute, which can move it by a second.
            Metric::Pace => runs(r)
                .into_iter()
                .filter_map(|run| {
                    let field = |f: &str| run.get(f).and_then(Value::as_f64);
                    match (field("duration_min"), field("distance_km")) {
                        (Some(t), Some(d)) if d > 0.0 && field("pace_min_per_km").is_some() => {
                            Some(t / d)
                        }
                        _ => field("pace_min_per_km"),
                    }
                })
                .flat_map(|v| one(Some(v)))
                .collect(),
            Metric::Measure { .. } | Metric::BodyWeight => Vec::new(),
            Metric::BodyPart(name) => {
                let lifts = super::body_parts::by_name(name).map_or(&[][..], |p| p.lifts);
                let mut done: Vec<&str> = exercises(r)
                    .filter_map(|e| e["name"].as_str())
                    .filter(|n| lifts.contains(n))
                    .collect();
                done.dedup();
                if done.is_empty() {
                    return Vec::new();
                }
                let shown: Vec<String> = done.iter().map(|n| say::label(n)).collect();
                vec![Point {
                    date: r.date,
                    value: 1.0,
                    detail: shown.join(", "),
                    record: r,
                    measure: None,
                    times: 1,
                }]
            }
            Metric::Training | Metric::Workouts => {
                let kind = if r.domain_data.contains_key("strength") {
                    Some(lifts_done(r).unwrap_or_else(|| say::t("a_strength_session", &[])))
                } else if *self == Metric::Training && r.domain_data.contains_key("running") {
                    let km = runs(r)
                        .first()
                        .and_then(|run| run.get("distance_km").and_then(Value::as_f64));
                    Some(km.map_or_else(
                        || say::t("a_run", &[]),
                        |d| say::t("a_run_of", &[("km", &trim(d))]),
                    ))
                } else {
                    None
                };
                if let Some(kind) = kind {
                    vec![Point {
                        date: r.date,
                        value: 1.0,
                        detail: kind,
                        record: r,
                        measure: None,
                        times: 1,
                    }]
                } else {
                    Vec::new()
                }
            }
            Metric::Lift(name) => exercises(r)
                .filter(|e| e["name"].as_str() == Some(name.as_str()))
                .filter_map(|e| {
                    let sets = e["sets"].as_i64().unwrap_or(1);
                    // `푸쉬업 30개 3세트`: a bodyweight lift is measured in reps.
                    if e["weight"].is_null() && super::read::BODYWEIGHT.contains(&name.as_str()) {
                        return reps_point(r, e);
                    }
                    let w = e["weight"].as_f64()?;
                    let unit = e["unit"]
                        .as_str()
                        .map(|u| format!(" {u}"))
                        .unwrap_or_default();
                    let detail = match e["reps"].as_i64() {
                        None => format!("{}{unit}", trim(w)),
                        Some(reps) if sets > 1 => {
                            format!("{}{unit} × {}", trim(w), reps_and_sets(reps, sets))
                        }
                        Some(reps) => {
                            format!("{}{unit} × {}", trim(w), say::count(reps as usize, "rep"))
                        }
                    };
                    Some(Point {
                        date: r.date,
                        value: w,
                        detail,
                        record: r,
                        measure: None,
                        times: 1,
                    })
                })
                .collect(),
            Metric::Sleep => {
                let mut nights = one(get("general", "sleep_hours"));
                for p in &mut nights {
                    if let Some(w) = written_sleep(std::slice::from_ref(p)) {
                        p.detail = in_hours_minutes(p.value, &w);
                    }
                }
                nights
            }
            Metric::Mood => one(get("general", "mood")),
            Metric::Energy => one(get("general", "energy")),
            Metric::Stress => one(get("general", "stress")),
            Metric::Steps => one(get("general", "steps")),
            Metric::Protein => one(get("nutrition", "protein_g")),
            Metric::Calories => one(get("nutrition", "calories_kcal")),
            Metric::Caffeine => one(get("nutrition", "caffeine_cups")),
            Metric::Alcohol => one(get("nutrition", "alcohol_drinks")),
            Metric::DeepWork => one(get("work", "deep_work_hours")),
            Metric::Meetings => one(get("work", "meetings")),
        }
    }
}

/// What a strength session held, for a list of sessions: `squat 100 kg × 5 × 3, bench press
/// 65 kg` (at most four lifts, then how many more).
fn lifts_done(r: &ParsedRecord) -> Option<String> {
    let shown: Vec<String> = exercises(r)
        .filter_map(|e| {
            let name = e["name"].as_str()?;
            let unit = e["unit"]
                .as_str()
                .map(|u| format!(" {u}"))
                .unwrap_or_default();
            let weight = e["weight"].as_f64().map(|w| format!(" {}{unit}", trim(w)));
            let counts = match (e["reps"].as_i64(), e["sets"].as_i64()) {
                (Some(reps), Some(sets)) if sets > 1 => format!(" × {reps} × {sets}"),
                (Some(reps), _) => format!(" × {reps}"),
                _ => String::new(),
            };
            Some(format!(
                "{}{}{counts}",
                say::label(name),
                weight.unwrap_or_default()
            ))
        })
        .collect();
    let (first, rest) = shown.split_at(shown.len().min(4));
    if first.is_empty() {
        return None;
    }
    let more = match rest.len() {
        0 => String::new(),
        n => say::t("and_more", &[("n", &n.to_string())]),
    };
    Some(format!("{}{more}", first.join(", ")))
}

/// A set of a lift done without added weight, measured in reps (`스쿼트 45개 2세트`).
/// A hold without reps (`플랭크 1분 3세트`) counts its sets.
fn reps_point<'r>(r: &'r ParsedRecord, e: &Value) -> Option<Point<'r>> {
    let sets = e["sets"].as_i64().unwrap_or(1);
    let Some(reps) = e["reps"].as_i64() else {
        let sets = e["sets"].as_i64()?;
        return Some(Point {
            date: r.date,
            value: sets as f64,
            detail: say::count(sets as usize, "set"),
            record: r,
            measure: None,
            times: 1,
        });
    };
    Some(Point {
        date: r.date,
        value: reps as f64,
        detail: if sets > 1 {
            reps_and_sets(reps, sets)
        } else {
            say::count(reps as usize, "rep")
        },
        record: r,
        measure: None,
        times: 1,
    })
}

/// `5 reps × 3 sets`, in the language spoken: written once per language and count (an
/// all-time best of a lift writes one per session).
fn reps_and_sets(reps: i64, sets: i64) -> String {
    thread_local! {
        static WRITTEN: std::cell::RefCell<std::collections::HashMap<(&'static str, i64, i64), String>> =
            Default::default();
    }
    let key = (say::lang(), reps, sets);
    if let Some(done) = WRITTEN.with(|w| w.borrow().get(&key).cloned()) {
        return done;
    }
    let text = format!(
        "{} × {}",
        say::count(reps as usize, "rep"),
        say::count(sets as usize, "set")
    );
    WRITTEN.with(|w| w.borrow_mut().insert(key, text.clone()));
    text
}

/// Whether `name` is measured in reps in `records`: a bodyweight move, or a lift never
/// logged with a weight there (air squats at home: `스쿼트 40개`).
pub fn lift_in_reps(name: &str, records: &[ParsedRecord]) -> bool {
    super::read::BODYWEIGHT.contains(&name)
        || !records
            .iter()
            .flat_map(exercises)
            .any(|e| e["name"].as_str() == Some(name) && e["weight"].as_f64().is_some())
}

/// All the reps of `name` in `records` (reps × sets) and the entries that hold them.
pub fn total_reps(name: &str, records: &[ParsedRecord]) -> (i64, usize) {
    records.iter().fold((0, 0), |(total, entries), r| {
        let reps: Option<i64> = exercises(r)
            .filter(|e| e["name"].as_str() == Some(name))
            .filter_map(|e| Some(e["reps"].as_i64()? * e["sets"].as_i64().unwrap_or(1).max(1)))
            .reduce(|a, b| a + b);
        match reps {
            Some(n) => (total + n, entries + 1),
            None => (total, entries),
        }
    })
}

/// The lifts of a record (`strength.exercises[]`).
pub fn exercises(r: &ParsedRecord) -> impl Iterator<Item = &Value> {
    r.domain_data
        .get("strength")
        .and_then(|s| s.get("exercises"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
}

/// The runs of a record: `running.runs[]` when it holds several, else `running` itself.
pub fn runs(r: &ParsedRecord) -> Vec<&Value> {
    match r.domain_data.get("running") {
        Some(running) => match running.get("runs").and_then(Value::as_array) {
            Some(list) => list.iter().collect(),
            None => vec![running],
        },
        None => Vec::new(),
    }
}

/// The exercises logged in `records` (canonical names, sorted, unknown left out).
pub fn lift_names(records: &[ParsedRecord]) -> Vec<String> {
    let mut lifts: Vec<String> = records
        .iter()
        .filter_map(|r| {
            r.domain_data
                .get("strength")?
                .get("exercises")?
                .as_array()
                .cloned()
        })
        .flatten()
        .filter_map(|e| e["name"].as_str().map(str::to_string))
        .filter(|n| n != "unknown")
        .collect();
    lifts.sort();
    lifts.dedup();
    lifts
}

/// Per-day metrics (sleep, mood...) are logged once a day; others add up.
pub fn per_day(metric: &Metric) -> bool {
    matches!(
        metric,
        Metric::Sleep
            | Metric::Mood
            | Metric::Energy
            | Metric::Stress
            | Metric::Steps
            | Metric::BodyWeight
    )
}

/// All points of `metric` in `records`, oldest first (one per day for per-day metrics).
pub fn series<'r>(metric: &Metric, records: &'r [ParsedRecord]) -> Vec<Point<'r>> {
    let mut points: Vec<Point> = match metric {
        Metric::Measure { units, words } => measure_points(units, words, records),
        Metric::BodyWeight => weigh_ins(records),
        Metric::Lift(name) if lift_in_reps(name, records) => records
            .iter()
            .flat_map(|r| {
                exercises(r)
                    .filter(|e| e["name"].as_str() == Some(name.as_str()))
                    .filter_map(|e| reps_point(r, e))
            })
            .collect(),
        _ => records.iter().flat_map(|r| metric.points(r)).collect(),
    };
    points.sort_by(|a, b| (a.date, &a.record.timestamp).cmp(&(b.date, &b.record.timestamp)));
    if per_day(metric) {
        let mut seen = std::collections::BTreeSet::new();
        points.retain(|p| seen.insert(p.date));
    }
    points
}

/// The weigh-ins among generic measures: kilograms or pounds of a body-weight word
/// (`Weight:: 72.4 kg`, `공복 체중 68.2kg`).
fn weigh_ins(records: &[ParsedRecord]) -> Vec<Point<'_>> {
    let is_weigh_in = |m: &&crate::vault::parsed::Measure| {
        matches!(m.unit.as_str(), "kg" | "lb" | "jin" | "")
            && super::cues::asks(&m.what.to_lowercase(), super::cues::Cue::BodyWeight)
    };
    // `weight 178.6`: a weigh-in written without its unit is in the unit of most others.
    let count = |unit: &str| {
        records
            .iter()
            .flat_map(|r| r.measures.iter())
            .filter(is_weigh_in)
            .filter(|m| m.unit == unit)
            .count()
    };
    // Weigh-ins in several units are told in the one most of them use.
    let usual = ["kg", "lb", "jin"]
        .into_iter()
        .map(|u| (count(u), u))
        .filter(|(n, _)| *n > 0)
        .max_by_key(|(n, u)| (*n, *u == "kg"))
        .map_or("", |(_, u)| u);
    let mut out: Vec<Point> = Vec::new();
    for r in records {
        for m in r.measures.iter().filter(is_weigh_in) {
            let (unit, value) = if m.unit.is_empty() {
                (usual, m.value)
            } else {
                match weight_in(m.value, &m.unit, usual) {
                    Some(v) => (usual, (v * 10.0).round() / 10.0),
                    None => (m.unit.as_str(), m.value),
                }
            };
            let shown = Metric::Measure {
                units: vec![unit.to_string()],
                words: Vec::new(),
            };
            out.push(Point {
                date: r.date,
                value,
                detail: shown.format(value),
                record: r,
                measure: Some((unit.to_string(), m.what.clone())),
                times: 1,
            });
        }
    }
    out
}

/// A body weight in `from` units written in `to` units (kg, lb, jin).
fn weight_in(value: f64, from: &str, to: &str) -> Option<f64> {
    let kilos = |unit: &str| match unit {
        "kg" => Some(1.0),
        "lb" => Some(0.453_592_37),
        "jin" => Some(0.5),
        _ => None,
    };
    Some(value * kilos(from)? / kilos(to)?)
}

/// How most of these nights' sleep was written when it was hours and minutes
/// (`7時間47分`, `7h47`): the form a figure of them is answered in.
pub fn written_sleep(points: &[Point]) -> Option<String> {
    let written: Vec<&str> = points
        .iter()
        .filter_map(|p| {
            p.record
                .domain_data
                .get("general")?
                .get("sleep_written")?
                .as_str()
        })
        .collect();
    (written.len() * 2 > points.len()).then(|| written[0].to_string())
}

/// `hours` in the form `written` (`7時間47分` -> `6時間59分`).
pub fn in_hours_minutes(hours: f64, written: &str) -> String {
    let minutes = (hours * 60.0).round() as i64;
    super::ask::in_form(written, &[minutes / 60, minutes % 60])
}

/// Whether a stored unit answers a unit asked about (a glass of water is a cup too).
fn unit_fits(asked: &str, stored: &str) -> bool {
    asked == stored
        || matches!((asked, stored), ("glass", "cup") | ("cup", "glass"))
        || in_unit(1.0, stored, asked).is_some()
}

/// `value` in `from` units written in `to` units, for units of one quantity (times are
/// stored in minutes and may be asked in hours).
fn in_unit(value: f64, from: &str, to: &str) -> Option<f64> {
    match (from, to) {
        _ if from == to => Some(value),
        ("minute", "hour") => Some(value / 60.0),
        ("hour", "minute") => Some(value * 60.0),
        ("second", "minute") => Some(value / 60.0),
        ("minute", "second") => Some(value * 60.0),
        ("second", "hour") => Some(value / 3600.0),
        ("hour", "second") => Some(value * 3600.0),
        ("m", "km") => Some(value / 1000.0),
        ("km", "m") => Some(value * 1000.0),
        ("mile", "km") => Some(value * 1.609_344),
        ("km", "mile") => Some(value / 1.609_344),
        ("m", "mile") => Some(value / 1609.344),
        ("mile", "m") => Some(value * 1609.344),
        // `850 g de tomates` among kilos of them.
        ("g", "kg") | ("ml", "l") => Some(value / 1000.0),
        ("kg", "g") | ("l", "ml") => Some(value * 1000.0),
        _ => None,
    }
}

/// Whether the measured thing (`read`, `meditated`, `물`) is one of the question's words, or
/// of an activity the question asks about (`asked`, see [`asked_activities`]).
fn what_fits(what: &str, words: &[String], asked: &[&str]) -> bool {
    let what = what.to_lowercase();
    // `rode 55km` and "how far did I cycle": one activity in other words.
    if super::activities::family(&what).is_some_and(|f| asked.contains(&f)) {
        return true;
    }
    if crate::domains::has_spaceless(&what) {
        // `수영 자유형` is about 수영 (`마지막으로 수영한 날`): any of its words of two
        // letters or more, or the whole of a one-letter what (`물`).
        return words.iter().any(|w| {
            w.contains(what.as_str())
                || what
                    .split_whitespace()
                    .any(|part| part.chars().count() >= 2 && w.contains(part))
        });
    }
    let stems: Vec<String> = what.split_whitespace().map(stem).collect();
    words
        .iter()
        .any(|w| w.chars().count() >= 3 && stems.contains(&stem(w)))
}

/// Measures under a longer name of the person's own that holds the question's quantity word
/// and is written whole in the question (`低心率提示`, a count of alerts, in `哪天低心率提示最多`;
/// `heart rate alerts` in `most heart rate alerts`): what was asked, in their own unit,
/// though the word inside the name implies another (心率, bpm).
fn own_name<'r>(
    words: &[String],
    records: &'r [ParsedRecord],
) -> Vec<(&'r ParsedRecord, &'r crate::vault::parsed::Measure)> {
    let Some(quantity) = words.first().map(|w| w.to_lowercase()) else {
        return Vec::new();
    };
    let question = words.join(" ").to_lowercase();
    let written = |what: &str| {
        if crate::domains::has_spaceless(what) {
            question.contains(what)
        } else {
            crate::offline::read::find_word(&question, what).is_some()
        }
    };
    records
        .iter()
        .flat_map(|r| r.measures.iter().map(move |m| (r, m)))
        .filter(|(_, m)| {
            let what = m.what.to_lowercase();
            what.len() > quantity.len() && what.contains(quantity.as_str()) && written(&what)
        })
        .collect()
}

/// A unit word for more than one (`pages`, `glasses`); symbols (`m`, `km`, `kcal`, `%`)
/// and words already plural stay as they are.
pub(crate) fn plural_unit(unit: &str) -> String {
    const SYMBOLS: [&str; 20] = [
        "m", "km", "cm", "mm", "mi", "kg", "g", "lb", "oz", "l", "ml", "h", "min", "sec", "kcal",
        "cal", "%", "percent", "bpm", "W",
    ];
    let symbol = SYMBOLS.contains(&unit);
    // The jin is written by its sign, as those who weigh in it write it.
    if unit == "jin" {
        "斤".to_string()
    } else if symbol || !unit.is_ascii() {
        unit.to_string()
    } else if unit.ends_with("ss") || unit.ends_with("sh") || unit.ends_with("ch") {
        format!("{unit}es")
    } else if unit.ends_with('s') {
        unit.to_string()
    } else {
        format!("{unit}s")
    }
}

/// The activities a note's path names, by its file name or a folder (`自転車/2025年の記録.md`,
/// `Natación/Piscina 2024.md`, `rides/`): a figure in it that names no activity of its own
/// (`14.2km 通勤`) is of that activity.
fn path_families(source: &str) -> Vec<&'static str> {
    crate::offline::read::path_names(source)
        .flat_map(|part| super::activities::families(&part))
        .collect()
}

/// `chosen` with the figures that name no activity in the logs it comes from: a log of
/// rides names the bike on some days (`mit dem Rad, 41 km`) and not on others (`Zur Arbeit
/// und zurück, 23 km`). A log is a folder (its dated subfolders included: `Log/2021/03/`
/// is `Log/`) where at least half the figures, and at least two, are chosen.
fn with_unnamed_of_logs<'a, 'm>(
    chosen: Vec<(&'a ParsedRecord, &'m crate::vault::parsed::Measure)>,
    all: &[(&'a ParsedRecord, &'m crate::vault::parsed::Measure)],
) -> Vec<(&'a ParsedRecord, &'m crate::vault::parsed::Measure)> {
    type Figure<'a, 'm> = (&'a ParsedRecord, &'m crate::vault::parsed::Measure);
    let same = |(r, m): &Figure, (cr, cm): &Figure| std::ptr::eq(*r, *cr) && std::ptr::eq(*m, *cm);
    let is_chosen = |f: &Figure| chosen.iter().any(|c| same(f, c));
    // Only figures in a unit of the chosen ones count (a swim's minutes beside its metres).
    let units: Vec<&str> = chosen.iter().map(|(_, m)| m.unit.as_str()).collect();
    // Each figure in such a unit, with its log and whether it is chosen (worked out once).
    let comparable: Vec<(&Figure, String, bool)> = all
        .iter()
        .filter(|(_, m)| units.iter().any(|u| in_unit(1.0, &m.unit, u).is_some()))
        .map(|f| (f, log_folder(&f.0.source_file), is_chosen(f)))
        .collect();
    // Per log: its figures chosen, and all its figures.
    let mut logs: HashMap<&str, (usize, usize)> = HashMap::new();
    for (_, log, chosen) in &comparable {
        let (fitting, figures) = logs.entry(log).or_default();
        *figures += 1;
        *fitting += usize::from(*chosen);
    }
    let on_foot = chosen
        .iter()
        .any(|(_, cm)| super::activities::family(&cm.what).is_some_and(super::activities::on_foot));
    let mut out = chosen.clone();
    for (f, log, was_chosen) in &comparable {
        let in_log = logs
            .get(log.as_str())
            .is_some_and(|(fitting, figures)| *fitting >= 2 && 2 * fitting >= *figures);
        // Unnamed, or a walk called a hike (`Excursión a la ermita: 12 km` in a walking diary).
        // A figure of a field (`run elevation`) is of what it names, never unnamed.
        let of_field = crate::offline::read::kind_of_measure(&f.1.what) != f.1.what;
        let unnamed = match super::activities::family(&f.1.what) {
            None => !of_field,
            Some(family) => on_foot && super::activities::on_foot(family),
        };
        if in_log && unnamed && !was_chosen {
            out.push(**f);
        }
    }
    out
}

/// The folder of a log, without the parts that only date it (`Log/2021/03/07.md` and
/// `Diario/2023/marzo.md` are in `Log` and `Diario`).
fn log_folder(source: &str) -> String {
    let dir = source.rsplit_once('/').map_or("", |(dir, _)| dir);
    dir.split('/')
        .filter(|part| {
            !part.chars().all(|c| c.is_ascii_digit())
                && crate::vault::heading_path::period(part).is_none()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The activities the question's words name, once per question; a unit word (`pages`) says
/// how much, not of what.
fn asked_activities(words: &[String]) -> Vec<&'static str> {
    words
        .iter()
        .filter_map(|w| {
            if super::cues::units(w).is_empty() {
                return super::activities::family(w);
            }
            // `何km泳いだ`: in a script without spaces the unit is glued to the activity.
            let glued: String = w.chars().filter(|c| !c.is_ascii()).collect();
            crate::domains::has_spaceless(&glued)
                .then(|| super::activities::family(&glued))
                .flatten()
        })
        .collect()
}

/// The generic measures that answer a question: those in a unit asked about, and among
/// them (or among all, when no unit is named) those about a word of the question when any
/// is.
fn measure_points<'r>(
    units: &[String],
    words: &[String],
    records: &'r [ParsedRecord],
) -> Vec<Point<'r>> {
    let implied = |w: &String| {
        units
            .iter()
            .flat_map(|u| super::cues::implied_by(u))
            .any(|i| {
                let spaceless = crate::domains::has_spaceless(i);
                if spaceless {
                    w.starts_with(i)
                } else {
                    w == i
                }
            })
    };
    let words: Vec<String> = words.iter().filter(|w| !implied(w)).cloned().collect();
    let words = words.as_slice();
    let all: Vec<(&ParsedRecord, &crate::vault::parsed::Measure)> = records
        .iter()
        .flat_map(|r| r.measures.iter().map(move |m| (r, m)))
        .filter(|(_, m)| units.is_empty() || units.iter().any(|u| unit_fits(u, &m.unit)))
        .collect();
    let asked = asked_activities(words);
    // `ride heart rate` is about a ride: its field's words say which field, not which
    // activity; a question that names no activity takes the field of any.
    let activity = crate::offline::read::activity_words(words);
    let asked_of_kind = asked_activities(&activity);
    let of_kind: Vec<_> = all
        .iter()
        .filter(|(_, m)| {
            what_fits(
                crate::offline::read::kind_of_measure(&m.what),
                &activity,
                &asked_of_kind,
            )
        })
        .copied()
        .collect();
    let fits = |r: &ParsedRecord, m: &crate::vault::parsed::Measure| {
        what_fits(&m.what, words, &asked)
            || super::activities::family(&m.what).is_none()
                && path_families(&r.source_file)
                    .iter()
                    .any(|f| asked.contains(f))
    };
    let about: Vec<_> = if of_kind.is_empty() {
        all.iter().filter(|(r, m)| fits(r, m)).copied().collect()
    } else {
        of_kind
    };
    let about = crate::offline::read::keep_fields(about, |(_, m)| m.what.as_str(), words);
    let about = with_unnamed_of_logs(about, &all);
    // `자전거 몇 km 탔어?` over a vault of rows: an activity asked and never logged is none.
    let own = || own_name(words, records);
    let chosen = if !about.is_empty() {
        about
    } else if let Some(own) = Some(own()).filter(|o| !o.is_empty()) {
        own
    } else if units.is_empty() || !asked.is_empty() {
        Vec::new()
    } else {
        all
    };
    // One unit so the values add up: the one asked for, else the first found; times in
    // the other unit are converted.
    // With no unit asked, a distance says more of a ride or a swim than its time.
    let first = chosen
        .iter()
        .find(|(_, m)| units.is_empty() && matches!(m.unit.as_str(), "km" | "m" | "mile"))
        .or(chosen.first());
    let unit = first.map(|(_, m)| {
        units
            .iter()
            .find(|u| in_unit(1.0, &m.unit, u).is_some())
            .cloned()
            .unwrap_or_else(|| m.unit.clone())
    });
    let Some(unit) = unit else {
        return Vec::new();
    };
    chosen
        .into_iter()
        .filter_map(|(r, m)| {
            // Not rounded here: 1時間40分 is 1.6666 h, and six of them are 10 h.
            let value = in_unit(m.value, &m.unit, &unit)?;
            let shown = Metric::Measure {
                units: vec![unit.clone()],
                words: Vec::new(),
            };
            Some(Point {
                date: r.date,
                value,
                detail: format!("{} ({})", shown.format(value), m.what),
                record: r,
                measure: Some((unit.clone(), m.what.clone())),
                times: 1,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domains::Domains;
    use crate::vault::{entry, Note};

    fn record(text: &str) -> ParsedRecord {
        let note = Note::parse(text.to_string());
        let day = NaiveDate::from_ymd_opt(2026, 11, 12).unwrap();
        let e = entry::entries(&note, "n.md", day);
        crate::offline::read::parse_entry(&e[0], &Domains::shipped())
    }

    #[test]
    fn every_run_of_an_entry_counts() {
        let r = record("## 07:00\n- easy run 5 km in 30 min\n- evening jog 3 km in 20 min\n");
        let values = |m: Metric| -> Vec<f64> { m.points(&r).iter().map(|p| p.value).collect() };
        assert_eq!(values(Metric::Runs), [5.0, 3.0]);
        assert_eq!(values(Metric::Distance), [5.0, 3.0]);
        assert_eq!(values(Metric::RunDuration), [30.0, 20.0]);
        assert_eq!(values(Metric::Pace).len(), 2);
        let one = record("ran 10 km in 50 min\n");
        assert_eq!(Metric::Runs.points(&one).len(), 1);
        assert_eq!(Metric::Pace.points(&one)[0].value, 5.0);
    }

    #[test]
    fn a_lift_without_reps_shows_its_weight() {
        let r = record("deadlift 140kg\n");
        let p = Metric::Lift("deadlift".into()).points(&r);
        assert_eq!(p[0].detail, "140 kg");
    }
}
