//! Sleep: hours in any spelling (`7h 15m`, `7.5h sleep`, `slept 6.5 hours`, `7시간 잤다`)
//! and bed-to-wake ranges (`slept 11pm-6:30am`, `bed 00:30, up 7:00`, `in bed 23:10 -
//! 06:40`). It is the night before the day it is logged on; the record keeps that day.

use std::sync::OnceLock;

use regex::Regex;
use serde_json::json;

use super::clause::{Clause, Hit};
use super::found::{round2, Found};
use super::lexicon::{alternation_of, lexicon, SleepWord};
use super::units::durations;

/// A time of day as groups `h<n>`, `m<n>`, `ap<n>`: `23:10`, `6:30am`, `11pm`, `23h30`.
fn time(n: u8) -> String {
    format!(r"(?P<h{n}>\d{{1,2}})(?:[:.h](?P<m{n}>\d{{2}}))?\s*(?P<ap{n}>am|pm|a\.m\.|p\.m\.)?")
}

/// The words of one kind in every language's `sleep` (see [`SleepWord`]), as one
/// alternation.
fn said(kind: SleepWord) -> String {
    alternation_of(lexicon().sleep.get(&kind).map_or(&[], Vec::as_slice))
}

/// `11pm-6:30am`, `23:10 - 06:40`; `bed 00:30, up 7:00`, `a letto alle 23:00, sveglia alle
/// 07:00` (words make bare hours clocks). The words are the language files'.
fn range_patterns() -> &'static [(Regex, bool); 4] {
    static P: OnceLock<[(Regex, bool); 4]> = OnceLock::new();
    P.get_or_init(|| {
        let (t1, t2) = (time(1), time(2));
        let (bed, wake) = (said(SleepWord::Bed), said(SleepWord::Wake));
        let (at, until) = (said(SleepWord::At), said(SleepWord::Until));
        let re = |s: String| Regex::new(&s).expect("sleep pattern compiles");
        [
            (re(format!(r"{t1}\s*(?:{until})\s*{t2}")), false),
            (
                // `alarm went at 6:50`, `lights out around 23:35`: a word or two may
                // stand between a word and its time.
                re(format!(
                    r"(?:{bed})(?:\s+\p{{L}}+){{0,2}}?\s*(?:{at})?\s*{t1}\D{{0,25}}?(?:{wake})(?:\s+\p{{L}}+){{0,2}}?\s*(?:{at})?\s*{t2}"
                )),
                true,
            ),
            // `23:30 취침 06:30 기상`, `0:30就寝 6:15起床`, `0:20に寝て7:00に起きた`: each
            // time before its word.
            (
                re(format!(
                    r"{t1}\s*(?:{at})?\s*(?:{bed})\D{{0,12}}?{t2}\s*(?:{at})?\s*(?:{wake})"
                )),
                true,
            ),
            // `06:50 기상 (취침 23:00)`: the wake time first, the bedtime after it.
            (
                re(format!(
                    r"{t2}\s*(?:{wake})\D{{0,8}}?(?:{bed})\s*(?:{at})?\s*{t1}"
                )),
                true,
            ),
        ]
    })
}

/// Whether a line names going to bed and waking (`a letto … sveglia`, `睡 … 起`): it may
/// tell a night by its times with no sleep word.
pub fn tells_bed_and_wake(text: &str) -> bool {
    static RE: OnceLock<[Regex; 2]> = OnceLock::new();
    let [bed, wake] = RE.get_or_init(|| {
        [SleepWord::Bed, SleepWord::Wake]
            .map(|kind| Regex::new(&said(kind)).expect("sleep words compile"))
    });
    bed.is_match(text) && wake.is_match(text)
}

/// A clock time of a range hit: hours since midnight, and whether am/pm was written.
fn clock(re: &Regex, hit: &Hit, n: u8) -> Option<(f64, bool, bool)> {
    let group = |name: String| re.capture_names().position(|c| c == Some(name.as_str()));
    let hours = hit.num(group(format!("h{n}"))?)?;
    let minutes = group(format!("m{n}")).and_then(|i| hit.num(i));
    let ap = group(format!("ap{n}")).and_then(|i| hit.get(i));
    let h24 = match ap.map(|a| a.starts_with('p')) {
        Some(true) if hours < 12.0 => hours + 12.0,
        Some(false) if hours == 12.0 => 0.0,
        _ => hours,
    };
    Some((
        h24 + minutes.unwrap_or(0.0) / 60.0,
        ap.is_some(),
        minutes.is_some(),
    ))
}

/// A clock time said in Korean or Japanese as groups `h<n>`, `m<n>`, `half<n>`: `11시 반`,
/// `7시 30분`, `6時半`, `23時`.
fn spoken_time(n: u8) -> String {
    format!(
        r"(?P<h{n}>\d{{1,2}})\s*(?:시|時|点|點)\s*(?:(?P<m{n}>\d{{1,2}})\s*(?:분|分)|(?P<half{n}>반|半))?"
    )
}

/// A clock time said in Spanish or French as groups `h<n>`, `m<n>`, `half<n>`: `11 y media`,
/// `7:30`, `23h`.
fn latin_time(n: u8) -> String {
    let half = lexicon()
        .counting
        .half
        .iter()
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|");
    format!(r"(?P<h{n}>\d{{1,2}})(?:[:.h](?P<m{n}>\d{{2}}))?(?:\s*(?P<half{n}>{half}))?")
}

/// `어제 11시 반에 자서 7시에 일어남`, `새벽 1시에 잠들어서 6시 반 기상`, `23時に寝て6時半に
/// 起きた`, `취침 12시 기상 7시 반`, `凌晨1点睡，7点起`: bed and wake times told in words, no
/// sleep noun needed.
pub fn spoken_range(line: &mut Clause, found: &mut Found) {
    static RE: OnceLock<[Regex; 4]> = OnceLock::new();
    let patterns = RE.get_or_init(|| {
        let (t1, t2) = (spoken_time(1), spoken_time(2));
        let (bed, wake, at) = (
            said(SleepWord::Bed),
            said(SleepWord::Wake),
            said(SleepWord::At),
        );
        let re = |s: String| Regex::new(&s).expect("spoken sleep pattern compiles");
        [
            re(format!(
                r"{t1}\s*(?:에|쯤|경|頃|ごろ|くらい|정도|左右)?\s*(?:에|に)?\s*(?:{bed})\D{{0,20}}?{t2}\s*(?:에|쯤|경|頃|ごろ|くらい|정도|左右)?\s*(?:에|に)?\s*(?:{wake})"
            )),
            re(format!(
                r"(?:취침|就寝)\s*(?:시간)?\s*:?\s*{t1}\D{{0,12}}?(?:기상|起床)\s*(?:시간)?\s*:?\s*{t2}"
            )),
            re(format!(
                r"(?i)(?:{bed})\s*(?:{at})?\s*{l1}\D{{0,30}}?(?:{wake})\s*(?:{at})?\s*{l2}",
                l1 = latin_time(1),
                l2 = latin_time(2),
            )),
            // `寝たのは夜中の2時半。起きたのは9時15分`: each word a few words before its time.
            re(format!(
                r"(?:{bed})\D{{0,8}}?{t1}\D{{0,12}}?(?:{wake})\D{{0,6}}?{t2}"
            )),
        ]
    });
    for re in patterns {
        if spoken_hits(re, line, found) {
            return;
        }
    }
}

/// Reads the first bed-to-wake hit of `re` (see [`spoken_range`]); whether one was read.
fn spoken_hits(re: &Regex, line: &mut Clause, found: &mut Found) -> bool {
    let group = |name: &str| re.capture_names().position(|c| c == Some(name));
    for hit in line.hits(re) {
        let at = |n: u8| -> Option<f64> {
            let hours = hit.num(group(&format!("h{n}"))?)?;
            let minutes = group(&format!("m{n}")).and_then(|i| hit.num(i));
            let half = group(&format!("half{n}"))
                .and_then(|i| hit.get(i))
                .is_some();
            let minutes = minutes.unwrap_or(if half { 30.0 } else { 0.0 });
            (hours <= 24.0 && minutes < 60.0).then_some(hours + minutes / 60.0)
        };
        let (Some(bed), Some(up)) = (at(1), at(2)) else {
            continue;
        };
        // Told on a 12-hour clock: `12시에 자서` is midnight, `11시 반에 자서` the evening.
        let bed = if (12.0..13.0).contains(&bed) {
            bed - 12.0
        } else {
            bed
        };
        let mut hours = (up - bed).rem_euclid(24.0);
        if hours > 14.0 && bed < 12.0 {
            hours = (up - bed - 12.0).rem_euclid(24.0);
        }
        if (1.0..=16.0).contains(&hours) {
            found.set("general", "sleep_hours", json!(round2(hours)));
            line.claim(hit.range.clone());
            return true;
        }
    }
    false
}

/// A bed-to-wake range anywhere on the line (it may cross clauses: `bed 00:30, up 7:00`).
pub fn range(line: &mut Clause, found: &mut Found) {
    for (re, worded) in range_patterns() {
        for hit in line.hits(re) {
            let (Some((bed, bed_ap, bed_min)), Some((up, up_ap, up_min))) =
                (clock(re, &hit, 1), clock(re, &hit, 2))
            else {
                continue;
            };
            // A bare `5-8` is no clock; without words a range needs minutes or am/pm.
            if !(*worded || bed_ap || up_ap || bed_min || up_min) {
                continue;
            }
            // `slept 12:30-7:10`: half past midnight on a 12-hour clock.
            let bed = if (12.0..13.0).contains(&bed) && !bed_ap && up < 12.0 {
                bed - 12.0
            } else {
                bed
            };
            let mut hours = (up - bed).rem_euclid(24.0);
            // `bed 10:30, up 6:30`: an evening written on a 12-hour clock.
            if hours > 14.0 && bed < 12.0 && !bed_ap {
                hours = (up - bed - 12.0).rem_euclid(24.0);
            }
            if (1.0..=16.0).contains(&hours) {
                found.set("general", "sleep_hours", json!(round2(hours)));
                line.claim(hit.range.clone());
                return;
            }
        }
    }
}

/// Hours of sleep in a clause about sleep; `anchor`: where its sleep word is, so the
/// closest duration is taken when the clause holds more than one.
pub fn read(clause: &mut Clause, anchor: Option<usize>, found: &mut Found) {
    let mut candidates: Vec<(Hit, f64)> = durations(clause);
    candidates.retain(|(_, minutes)| (0.0..=24.0 * 60.0).contains(minutes));
    if candidates.is_empty() && anchor.is_some() {
        candidates = clock_hours(clause);
    }
    if candidates.is_empty() && anchor.is_some() {
        candidates = bare_hours(clause);
    }
    let distance = |h: &Hit| match anchor {
        Some(a) if h.range.start >= a => h.range.start - a,
        Some(a) => a - h.range.end.min(a),
        None => 0,
    };
    let Some((hit, minutes)) = candidates.into_iter().min_by_key(|(h, _)| distance(h)) else {
        return;
    };
    if anchor.is_some() && distance(&hit) > 40 {
        return;
    }
    found.set("general", "sleep_hours", json!(round2(minutes / 60.0)));
    // `7時間47分`, `7h47`: hours and minutes, answered so (see `metric::written_sleep`).
    let written = clause.text[hit.range.clone()].trim();
    if written.chars().filter(char::is_ascii_digit).count() >= 2
        && !written.contains(['.', ','])
        && written.chars().any(|c| !c.is_ascii_digit())
        && written
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .count()
            == 2
    {
        found.set("general", "sleep_written", json!(written));
    }
    clause.claim(hit.range);
}

/// `수면: 7.25`, `sleep:: 7.5` (a property): a label and a plausible number of hours, with
/// nothing else in the clause.
fn bare_hours(clause: &Clause) -> Vec<(Hit, f64)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"^[\p{L} ]{1,12}[:：]\s*(\d{1,2}(?:[.,]\d{1,2})?)\s*$")
            .expect("bare hours compiles")
    });
    clause
        .hits(re)
        .into_iter()
        .filter_map(|h| {
            let hours = h.num(1)?;
            (3.0..=14.0).contains(&hours).then_some((h, hours * 60.0))
        })
        .collect()
}

/// `sleep 7:30`: hours:minutes, unless it reads as a time of day (`slept at 11:30`).
fn clock_hours(clause: &Clause) -> Vec<(Hit, f64)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| Regex::new(r"(\d{1,2}):(\d{2})").expect("clock compiles"));
    clause
        .hits(re)
        .into_iter()
        .filter(|h| {
            let before = clause.text[..h.range.start].trim_end();
            let after = clause.text[h.range.end..].trim_start();
            !["at", "@", "around", "until", "till", "from", "by"]
                .iter()
                .any(|w| before.ends_with(w))
                && !after.starts_with("am")
                && !after.starts_with("pm")
        })
        .filter_map(|h| {
            let hours = h.num(1)? + h.num(2)? / 60.0;
            (hours <= 14.0).then_some((h, hours * 60.0))
        })
        .collect()
}
