//! Runs: distance (`5k`, `14.2km`, `3 miles`, `800m`), time (`25:37`, `1:21:40`, `1h 20m`,
//! `45 min`) and pace (`5:30/km`), with pace derived and checked. A clause that names a
//! run starts one; clauses after it on the line (or under a run heading) only fill in
//! what that run still lacks (`long run 10 km in 56 min, felt sluggish first 2k`).

use std::sync::OnceLock;

use regex::Regex;

use super::clause::{Clause, Hit};
use super::found::{round2, Found, Run};
use super::lexicon::lexicon;
use super::units::{durations, KM, METERS, MILES, NUM};
use super::words::WordSet;
use super::KM_PER_MILE;

struct Patterns {
    pace_per: Regex,
    pace_word: Regex,
    distance: Regex,
    clock: Regex,
    minutes_seconds: Regex,
    repeats: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("run pattern compiles");
        Patterns {
            pace_per: re(r#"(\d{1,2})[:'’](\d{2})"?\s*(?:min(?:utes)?)?\s*(?:/|per\s*)\s*(km|k|mi|mile)"#),
            pace_word: re(r"(?:avg\.?\s*|average\s*)?(?:pace|페이스|ペース|配速|allure|ritmo)\s*(?:of|:|=)?\s*(\d{1,2})\s*(?:[:'’]|분|分)\s*(\d{2})\s*(?:초|秒|\x22)?"),
            distance: re(&format!(r"({NUM})\s*({KM}|{MILES}|{METERS})")),
            clock: re(r"(\d{1,2}):(\d{2})(?::(\d{2}))?"),
            // `28'54`, `46'12"`, and minutes alone: `en 41'`.
            minutes_seconds: re(r#"(\d{1,3})['’](?:(\d{2})(?:"|”|'')?)?"#),
            repeats: re(&format!(r"(\d{{1,2}})\s*[x×]\s*({NUM})\s*({KM}|{MILES}|{METERS})")),
        }
    })
}

/// Reads a clause about a run; `names_run`: the clause itself says it was a run.
pub fn read(clause: &mut Clause, names_run: bool, found: &mut Found) {
    let p = patterns();
    let kind = names_run.then(|| kind(&clause.text)).flatten();
    let mut reading = Run::default();
    let mut work_km: Option<f64> = None;
    let mut minutes_m = None;
    for hit in clause.hits(&p.pace_per) {
        let per_mile = hit.get(3).is_some_and(|u| u.starts_with('m'));
        let pace = clock_minutes(&hit) / if per_mile { KM_PER_MILE } else { 1.0 };
        reading.pace_min_per_km.get_or_insert(pace);
        clause.claim(hit.range);
    }
    for hit in clause.hits(&p.pace_word) {
        reading.pace_min_per_km.get_or_insert(clock_minutes(&hit));
        clause.claim(hit.range);
    }
    // `6x400m`: six repeats of 400 m.
    for hit in clause.hits(&p.repeats) {
        let length = hit.num(2).zip(hit.get(3));
        let km = length.and_then(|(value, unit)| km_of(value, unit, found));
        if let (Some(n), Some(km)) = (hit.num(1), km) {
            work_km = Some(work_km.unwrap_or(0.0) + n * km);
        }
        clause.claim(hit.range);
    }
    for hit in clause.hits(&p.distance) {
        if repeat(clause, &hit) {
            // `6x800m`, `400m repeats`: the length of a repeat, not of the run; all the
            // repeats together stand in for a session logged without its total.
            if let (Some(n), Some(km)) = (repeat_count(clause, &hit), distance_km(&hit, found)) {
                work_km = Some(work_km.unwrap_or(0.0) + n * km);
            }
            clause.claim(hit.range);
            continue;
        }
        let Some(km) = distance_km(&hit, found) else {
            // `in 48m`: under 100 m, a run's `m` is minutes (`50m of climbing` is not).
            let before = clause.text[..hit.range.start]
                .split_whitespace()
                .next_back();
            let took = matches!(before, Some("in" | "en" | "em"));
            if minutes_m.is_none() && took && hit.get(2) == Some("m") {
                minutes_m = hit.num(1).map(|m| (hit.range.clone(), m));
            }
            continue;
        };
        reading.distance_km.get_or_insert(km);
        clause.claim(hit.range);
    }
    let known_km = reading
        .distance_km
        .or(found.open_run.and_then(|i| found.runs[i].distance_km));
    for hit in clause.hits(&p.clock) {
        if time_of_day(clause, &hit) {
            continue;
        }
        reading
            .duration_min
            .get_or_insert(clock_duration(&hit, known_km));
        clause.claim(hit.range);
    }
    for hit in clause.hits(&p.minutes_seconds) {
        // `1h 32'`: the minutes of the hours before, read with them below.
        if hit.get(2).is_none() && after_hours(&clause.text[..hit.range.start]) {
            continue;
        }
        reading.duration_min.get_or_insert(clock_minutes(&hit));
        clause.claim(hit.range);
    }
    for (hit, minutes) in durations(clause) {
        reading.duration_min.get_or_insert(minutes);
        clause.claim(hit.range);
    }
    if let Some((range, minutes)) = minutes_m.filter(|_| reading.duration_min.is_none()) {
        if clause.is_free(&range) {
            reading.duration_min = Some(minutes);
            clause.claim(range);
        }
    }
    if reading.is_empty() && kind.is_none() && !names_run && work_km.is_none() {
        return;
    }
    // `跑了6.4公里，用时39分钟 🏃`: a clause naming a run that brings only what the run
    // opened on its line still lacks is that run's.
    let carries_on = found
        .open_run
        .filter(|&i| i >= found.line_runs)
        .is_some_and(|i| completes(&found.runs[i], &reading));
    // `距离：6公里` ... `距离：4公里` in one paragraph: a distance labelled again on a later
    // line is another run, as a card's field named again opens another card.
    let again = reading.distance_km.is_some()
        && labelled_distance(&clause.text.to_lowercase())
        && found
            .open_run
            .filter(|&i| i < found.line_runs)
            .is_some_and(|i| found.runs[i].distance_km.is_some());
    let run = found.run(names_run && !carries_on || again);
    run.work_km = run.work_km.or(work_km.map(round2));
    run.distance_km = run.distance_km.or(reading.distance_km);
    run.duration_min = run.duration_min.or(reading.duration_min);
    run.pace_min_per_km = run.pace_min_per_km.or(reading.pace_min_per_km);
    if run.kind.is_none() {
        run.kind = kind;
    }
    if reading.distance_km.is_some() {
        run.labelled |= labelled_distance(&clause.text.to_lowercase());
    }
    if names_run && run.course_km.is_none() {
        run.course_km = course_km(&clause.text);
    }
}

/// Whether `reading` (no distance of its own) only fills what `run` lacks.
fn completes(run: &Run, reading: &Run) -> bool {
    reading.distance_km.is_none()
        && !reading.is_empty()
        && run.distance_km.is_some()
        && (reading.duration_min.is_none() || run.duration_min.is_none())
        && (reading.pace_min_per_km.is_none() || run.pace_min_per_km.is_none())
}

/// The distance a run's name tells: `parkrun 24:31`, `half marathon 1:52:30`, `하프 1시간
/// 52분` (the lexicon's `markers.courses`, longest name first).
fn course_km(text: &str) -> Option<f64> {
    lexicon()
        .courses
        .iter()
        .find(|(_, name)| text.contains(name.as_str()))
        .map(|(km, _)| *km)
}

/// Whether a clause that names no activity still reads as a run: a distance in km or miles
/// and how long it took (`Easy 14k along the river in 1:22:34`, `8 km 45분`), with no other
/// way of moving named.
pub fn reads_as_run(text: &str) -> bool {
    let p = patterns();
    let distance = has_distance(text);
    let took = p.clock.is_match(text) || super::units::duration_pattern().is_match(text);
    // `easy 3 mi`, `tempo 8k`: the kind of run (other than a race) says it is one.
    let kind = text.split_whitespace().next().is_some_and(|w| {
        let w = w.trim_end_matches(':');
        lexicon()
            .run_kinds
            .iter()
            .any(|(k, words)| k != "race" && words.iter().any(|x| x == w))
    });
    distance
        && (took || kind)
        && !lexicon().not_runs.iter().any(|w| {
            super::words::find_word(text, w).is_some() || (!w.is_ascii() && text.contains(w))
        })
        && runnable(text)
}

/// Whether a distance and a time with no word for the sport can be a run: a pace a person
/// runs at (`108 km 3:55:27` is a ride, `12.6km 5시간 10분` a hike). Without both, it can.
fn runnable(text: &str) -> bool {
    let clause = Clause::new(text);
    let p = patterns();
    let mut scratch = Found::default();
    let Some(km) = clause
        .hits(&p.distance)
        .iter()
        .find_map(|h| distance_km(h, &mut scratch))
        .filter(|km| *km > 0.0)
    else {
        return true;
    };
    let mut minutes: Vec<f64> = Vec::new();
    for h in clause.hits(&p.clock) {
        let (a, b) = (h.num(1).unwrap_or(0.0), h.num(2).unwrap_or(0.0));
        match h.num(3) {
            Some(s) => minutes.push(a * 60.0 + b + s / 60.0),
            // `25:37` or `1:32`: either reading may be the run's.
            None => minutes.extend([a + b / 60.0, a * 60.0 + b]),
        }
    }
    minutes.extend(durations(&clause).into_iter().map(|(_, m)| m));
    const RUNNING: std::ops::RangeInclusive<f64> = 2.8..=11.0;
    minutes.is_empty() || minutes.iter().any(|m| RUNNING.contains(&(m / km)))
}

/// Whether a clause tells a running total (a shoe's mileage, a week's sum) or a usual
/// amount (`30 bis 50 km pro Woche`, lexicon `rates`), not a run.
pub fn is_tally(text: &str) -> bool {
    if super::lexicon::lexicon()
        .rates
        .iter()
        .any(|w| super::words::find_word(text, w).is_some())
    {
        return true;
    }
    const TALLY: [&str; 9] = [
        "누적",
        "누계",
        "累計",
        "累计",
        "total so far",
        "so far this",
        "mileage:",
        "acumulado",
        "insgesamt bisher",
    ];
    TALLY.iter().any(|w| text.contains(w))
}

/// Whether `text` holds a running distance (`8.9km`, `3 mi`; not metres, not `5km/h`).
pub fn has_distance(text: &str) -> bool {
    patterns().distance.captures_iter(text).any(|c| {
        let unit = c.get(2).map_or("", |m| m.as_str());
        let glued = text[c.get(0).map_or(0, |m| m.end())..]
            .chars()
            .next()
            .is_some_and(char::is_alphabetic);
        !glued && !METERS.has(unit)
    })
}

/// More km than one run can cover.
const LONGEST_RUN_KM: f64 = 330.0;

/// Derives missing paces and drops readings that give an impossible pace (outside 2-20
/// min/km): a misread time is flagged, never stored. A distance under a kilometre with no
/// time is no run of its own (`- 400m run` in a workout's list, `200m sprint`).
pub fn settle(found: &mut Found) {
    found.runs.retain(|r| {
        r.distance_km.or(r.work_km).is_none_or(|d| d >= 1.0)
            || r.duration_min.is_some()
            || r.pace_min_per_km.is_some()
    });
    // Farther than anyone runs in one go (the 24-hour record is about 320 km): a period's
    // total (`ended the year at 1800 km`) or a goal, never one run.
    let mut totals = Vec::new();
    found.runs.retain(|r| match r.distance_km {
        Some(d) if d > LONGEST_RUN_KM => {
            totals.push(format!(
                "{}total, running): {} km",
                super::LEFT_OUT,
                round2(d)
            ));
            false
        }
        _ => true,
    });
    found.notes.extend(totals);
    // A day written as a card (`距离：21.4km` / `用时：2:08:10`) has its run there; a distance
    // in the prose beside it (`后面10公里很难受`, `the last 5 km felt easy`) is part of it.
    if found.runs.iter().any(|r| r.labelled) {
        found
            .runs
            .retain(|r| r.labelled || r.count.is_some() || r.distance_km.is_none());
    }
    let mut doubtful = false;
    // What was left out of each doubtful run, for the answers over its day.
    let mut left_out = Vec::new();
    for run in &mut found.runs {
        if run.distance_km.is_none() && run.duration_min.is_some() {
            run.distance_km = run.course_km;
        }
        if run.distance_km.is_none() {
            run.distance_km = run.work_km;
        }
        let plausible = |p: f64| (2.0..=20.0).contains(&p);
        if let (Some(d), Some(t)) = (run.distance_km, run.duration_min) {
            if d > 0.0 && !plausible(t / d) {
                run.duration_min = None;
                doubtful = true;
                left_out.push(format!(
                    "{}doubtful, running): {} km in {} min",
                    super::LEFT_OUT,
                    round2(d),
                    round2(t)
                ));
            } else if d > 0.0 && run.pace_min_per_km.is_none() {
                run.pace_min_per_km = Some(round2(t / d));
            }
        }
        if run.pace_min_per_km.is_some_and(|p| !plausible(p)) {
            run.pace_min_per_km = None;
            doubtful = true;
        }
    }
    found.notes.extend(left_out);
    if doubtful {
        found.flag("running.duration_min");
        found.flag("running.pace_min_per_km");
    }
}

fn distance_km(hit: &Hit, found: &mut Found) -> Option<f64> {
    km_of(hit.num(1)?, hit.get(2)?, found)
}

/// `value` `unit` in km (miles converted, metres only from 100 m: `45m` is minutes).
fn km_of(value: f64, unit: &str, found: &mut Found) -> Option<f64> {
    if MILES.has(unit) {
        found.notes.push(format!("converted {value} {unit} to km"));
        return Some(round2(value * KM_PER_MILE));
    }
    let meters = METERS.has(unit);
    if meters {
        // `45m` on a run is minutes more often than metres; a track distance is 100 m+.
        if value < 100.0 {
            return None;
        }
        found.notes.push(format!("converted {value} m to km"));
        return Some(round2(value / 1000.0));
    }
    Some(value)
}

/// How many repeats of the length at `hit`: `6x800m`, `400m x 8`, `400m 8개`.
fn repeat_count(clause: &Clause, hit: &Hit) -> Option<f64> {
    let before = clause.text[..hit.range.start].trim_end();
    let after = clause.text[hit.range.end..].trim_start();
    let count = |digits: &str| {
        digits
            .parse::<f64>()
            .ok()
            .filter(|n| (1.0..=40.0).contains(n))
    };
    if let Some(b) = before.strip_suffix(['x', '×']) {
        let b = b.trim_end();
        let start = b.rfind(|c: char| !c.is_ascii_digit()).map_or(0, |i| i + 1);
        return count(&b[start..]);
    }
    let after = after.strip_prefix(['x', '×']).unwrap_or(after).trim_start();
    let end = after
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after.len());
    count(&after[..end])
}

/// `6x800m`, `800m repeats`, `400m x 8`: the length of a repeat.
fn repeat(clause: &Clause, hit: &Hit) -> bool {
    let before = clause.text[..hit.range.start].trim_end();
    let after = clause.text[hit.range.end..].trim_start();
    let times_before = before
        .strip_suffix(['x', '×'])
        .is_some_and(|b| b.trim_end().ends_with(|c: char| c.is_ascii_digit()));
    let times_after = after
        .strip_prefix(['x', '×'])
        .is_some_and(|a| a.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    // `400m 8개`, `1km 5本`: a count of repeats right after the length.
    let count_word = after
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start();
    let counted = after.starts_with(|c: char| c.is_ascii_digit())
        && ["개", "회", "本", "번", "세트", "组", "x"]
            .iter()
            .any(|w| count_word.starts_with(w));
    times_before
        || times_after
        || counted
        || after.starts_with("repeats")
        || after.starts_with("reps")
}

/// Words after a distance that make it a point on the way (`5km 지점까지`, `the 10k mark`).
const MARKS: [&str; 8] = [
    "지점", "구간", "마다", "mark", "split", "時点", "地点", "处",
];

/// Words that make a short distance a jog between repeats (`회복 조깅 200m`).
const RECOVERY: [&str; 7] = [
    "회복 조깅",
    "사이 ",
    "between",
    "recovery",
    "rest jog",
    "jog between",
    "リカバリー",
];

/// Takes out the distances that are not a run's length, before any reader sees them: a
/// point on the way (`5km 지점까지`, `at the 10k mark`) or a jog between repeats (`회복 조깅
/// 200m`, `200m recovery jog`). A repeat's own length stays a measure (`수영 자유형 50m x
/// 10` is a swim). Most clauses hold none of these words and are not scanned.
pub fn claim_splits(clause: &mut Clause) {
    let recovery = RECOVERY.iter().any(|r| clause.text.contains(r));
    let part = PART.iter().any(|p| clause.text.contains(p));
    if !recovery && !part && !MARKS.iter().any(|m| clause.text.contains(m)) {
        return;
    }
    for hit in clause.hits(&patterns().distance) {
        let before = clause.text[..hit.range.start].trim_end();
        let after = clause.text[hit.range.end..].trim_start();
        // Under 100 m, `m` is minutes (see `km_of`): `48m 3s` after `Recovery jog`.
        let short =
            hit.get(2).is_some_and(|u| METERS.has(u)) && hit.num(1).is_some_and(|m| m >= 100.0);
        if MARKS.iter().any(|m| after.starts_with(m))
            || short && recovery && !repeat(clause, &hit)
            || part && PART.iter().any(|p| before.ends_with(p.trim_end()))
        {
            clause.claim(hit.range);
        }
    }
}

/// Words before a distance that make it a part of the run (`in the last 2k`, `first 3 km
/// easy`, `마지막 1km 스퍼트`).
const PART: [&str; 7] = [
    "last ",
    "first ",
    "final ",
    "마지막 ",
    "처음 ",
    "後半",
    "最後の",
];

/// `25:37` is minutes:seconds and `1:32` hours:minutes, decided by which gives a sane pace
/// for the distance when there is one.
fn clock_duration(hit: &Hit, km: Option<f64>) -> f64 {
    let (a, b) = (hit.num(1).unwrap_or(0.0), hit.num(2).unwrap_or(0.0));
    if let Some(s) = hit.num(3) {
        return a * 60.0 + b + s / 60.0;
    }
    let (mm_ss, h_mm) = (a + b / 60.0, a * 60.0 + b);
    match km {
        Some(d) if d > 0.0 => {
            if (2.0..=20.0).contains(&(mm_ss / d)) {
                mm_ss
            } else {
                h_mm
            }
        }
        _ if a < 4.0 => h_mm,
        _ => mm_ss,
    }
}

/// Whether `before` ends with a number of hours (`1h `, `2 Std. `).
fn after_hours(before: &str) -> bool {
    let word = before.trim_end().trim_end_matches('.');
    let unit = word.trim_end_matches(char::is_alphabetic);
    unit.len() < word.len()
        && unit.trim_end().ends_with(|c: char| c.is_ascii_digit())
        && super::units::measure_unit(&word[unit.len()..]) == Some("hour")
}

fn clock_minutes(hit: &Hit) -> f64 {
    hit.num(1).unwrap_or(0.0) + hit.num(2).unwrap_or(0.0) / 60.0
}

/// `at 6:30`, `7:00am`, `6:30 Uhr`: a time of day, not how long the run took.
fn time_of_day(clause: &Clause, hit: &Hit) -> bool {
    let before = clause.text[..hit.range.start].trim_end();
    let last = before
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("");
    let after = clause.text[hit.range.end..].trim_start();
    matches!(
        last,
        "at" | "@" | "um" | "à" | "las" | "from" | "until" | "till" | "by"
    ) || ["am", "pm", "a.m", "p.m", "uhr"]
        .iter()
        .any(|s| after.starts_with(s))
}

/// The first word saying what kind of run it was.
pub fn kind(text: &str) -> Option<String> {
    static SETS: std::sync::LazyLock<Vec<(&str, WordSet)>> = std::sync::LazyLock::new(|| {
        lexicon()
            .run_kinds
            .iter()
            .map(|(kind, words)| {
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                (kind.as_str(), WordSet::new(&words))
            })
            .collect()
    });
    SETS.iter()
        .filter_map(|(kind, set)| set.first(text).map(|(i, _)| (i, *kind)))
        .min()
        .map(|(_, k)| k.to_string())
}

/// Words that label a distance in a pasted watch or app summary (`Distance 13.76 km`,
/// `거리 5.50 km`).
const DISTANCE_LABELS: [&str; 8] = [
    "distance",
    "distancia",
    "distanz",
    "거리",
    "距離",
    "距离",
    "dist",
    "strecke",
];

/// Whether a text may hold a distance label (a fast check before reading lines one by one).
pub fn may_label_distance(text: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)distan|거리|距離|距离|strecke|\bdist\b").expect("label check compiles")
    })
    .is_match(text)
}

/// The label before a line's first digit (`distance` in `Distance: 13.76 km`), lowercase.
fn label_of(text: &str) -> String {
    let label: String = text.chars().take_while(|c| !c.is_ascii_digit()).collect();
    label
        .trim()
        .trim_end_matches([':', '：'])
        .trim()
        .to_lowercase()
}

fn is_distance_label(label: &str) -> bool {
    DISTANCE_LABELS.iter().any(|l| label.ends_with(l))
}

/// Whether a clause is a labelled distance (`distance 13.76 km`), the first line of a
/// pasted run summary.
pub fn labelled_distance(text: &str) -> bool {
    is_distance_label(&label_of(text)) && patterns().distance.is_match(text)
}

/// Whether a line is a distance label with a bare number (`distance: 7.8`, `거리: 5.5`), as
/// note properties and app exports write it: kilometres when a time is beside it.
fn bare_labelled_distance(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let bare = RE.get_or_init(|| {
        Regex::new(r#"^[^\d]*?[:：]?\s*["']?(\d+(?:[.,]\d+)?)["']?\s*$"#)
            .expect("bare distance compiles")
    });
    is_distance_label(&label_of(line)) && bare.is_match(line.trim())
}

/// Joins a pasted summary written one `label value` per line (`거리 5.50 km` / `시간 33:53`
/// / `칼로리 357 kcal`) into its first line, ` | ` between, leaving the other lines empty so
/// line numbers stay: read together, the time is the run's. A bare labelled distance
/// (`distance: 7.8` over `time: "41:26"`) is read in kilometres.
pub fn join_summaries(lines: &mut [String]) {
    static LABELLED: OnceLock<Regex> = OnceLock::new();
    let labelled = LABELLED.get_or_init(|| {
        Regex::new(r#"^\s*(?:[-*•]\s*)?\p{L}[\p{L}_ ]{0,20}[:：]?\s*["']?\d"#)
            .expect("labelled line compiles")
    });
    let mut i = 0;
    while i < lines.len() {
        let mut end = i;
        while end < lines.len() && labelled.is_match(&lines[end]) && !lines[end].contains('|') {
            end += 1;
        }
        let block = i..end;
        let has_clock = || {
            lines[block.clone()]
                .iter()
                .any(|l| patterns().clock.is_match(l))
        };
        let bare = lines[block.clone()]
            .iter()
            .position(|l| bare_labelled_distance(l))
            .filter(|_| has_clock());
        if block.len() >= 2
            && (bare.is_some()
                || lines[block.clone()]
                    .iter()
                    .any(|l| labelled_distance(&l.to_lowercase())))
        {
            if let Some(at) = bare {
                let line = &mut lines[i + at];
                let trimmed = line.trim_end().trim_end_matches(['"', '\'']).len();
                line.truncate(trimmed);
                line.push_str(" km");
            }
            let joined = lines[block.clone()].join(" | ");
            for l in &mut lines[block.clone()] {
                l.clear();
            }
            lines[i] = joined;
        }
        i = end.max(i + 1);
    }
}

/// Whether a clause's calories are ones exercise burned: said so (`소모`, `burned`), or
/// written beside how long the exercise took (`사이클 20분 150kcal`, `treadmill 30 min 250 cal`).
pub fn burns_calories(clause: &Clause) -> bool {
    const BURNED: [&str; 6] = ["burn", "소모", "消費", "消耗", "verbrannt", "quem"];
    let text = &clause.text;
    let calories = ["cal", "칼로리", "カロリー", "卡路里"]
        .iter()
        .any(|w| text.contains(w));
    calories && (BURNED.iter().any(|w| text.contains(w)) || !durations(clause).is_empty())
}

/// Calories a run burned (`Calories 880`, `칼로리 357 kcal`): taken out so they are not
/// counted as eaten.
pub fn claim_burned(clause: &mut Clause) {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(?:calories|kalorien|calorías|칼로리|カロリー|卡路里)\s*:?\s*\d+(?:[.,]\d+)?\s*(?:kcal|cal)?|\d+(?:[.,]\d+)?\s*(?:kcal|cal)\b")
            .expect("burned pattern compiles")
    });
    for hit in clause.hits(re) {
        clause.claim(hit.range);
    }
}
