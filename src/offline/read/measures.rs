//! Generic measures: any `<number> <unit>` left after the domain readers (`read 40 pages`,
//! `8 glasses of water`, `meditated 15 min`), kept with what it was about.

use crate::domains::has_spaceless;
use crate::vault::parsed::Measure;

use super::clause::Clause;
use super::found::{round2, Found};
use super::units::{durations, measure_pattern, measure_unit};

/// Words that never say what was measured.
const FILLER: &[&str] = &[
    "a",
    "an",
    "the",
    "about",
    "around",
    "approx",
    "approximately",
    "ca",
    "roughly",
    "some",
    "for",
    "of",
    "in",
    "at",
    "on",
    "to",
    "with",
    "and",
    "then",
    "also",
    "just",
    "only",
    "over",
    "under",
    "another",
    "more",
    "total",
    "today",
    "tonight",
    "this",
    "morning",
    "evening",
    "did",
    "do",
    "done",
    "had",
    "have",
    "got",
    "get",
    "took",
    "take",
    "made",
    "went",
    "spent",
    "drank",
    "drink",
    "ate",
    "eat",
    "my",
    "i",
    "me",
    "we",
    "was",
    "were",
    "is",
    "it",
    "so",
    "like",
    "maybe",
    "almost",
    "nearly",
    "least",
    "most",
    "than",
    "x",
    "etwa",
    "ungefähr",
    "environ",
    "unos",
    "unas",
    "de",
    "la",
    "le",
    "el",
    "die",
    "der",
    "das",
];

/// Reads the generic measures of the clause's free text. `line`: the whole line, whose
/// subject (the words before its first number) names what a clause that names nothing
/// measures (`12.6km` in `등산 4시간 30분, 12.6km`).
pub fn read(clause: &mut Clause, found: &mut Found, line: &str) {
    // The pattern starts with a number: prose without digits is not searched.
    if !clause.text.chars().any(char::is_numeric) {
        return;
    }
    // `3대 500까지 74 kg 남음`, `5 kg to go`: what is left to a goal was not measured.
    const LEFT: [&str; 7] = [
        "남음",
        "남았",
        "남은",
        "to go",
        "left to",
        "remaining",
        "übrig",
    ];
    if LEFT.iter().any(|w| clause.text.contains(w)) {
        return;
    }
    body_weight(clause, found);
    distance_in_context(clause, found, line);
    laps(clause, found, line);
    fields(clause, found);
    hours(clause, found, line);
    for hit in clause.hits(measure_pattern()) {
        let (Some(value), Some(unit)) = (hit.num(1), hit.get(2).and_then(measure_unit)) else {
            continue;
        };
        // `avg 29.6 km/h`: a speed, not a distance.
        if let Some(speed) = matches!(unit, "km" | "mile" | "m")
            .then(|| per_hour(&clause.text[hit.range.end..]))
            .flatten()
        {
            clause.claim(hit.range.start..hit.range.end + speed);
            continue;
        }
        // `1250 m de D+`, `D+ 800 m`, `650 Hm`: a climb, not a distance.
        if matches!(unit, "m" | "ft") && climbs(&clause.text, &hit.range) {
            found.measures.push(Measure {
                what: "elevation".to_string(),
                value: round2(value),
                unit: unit.to_string(),
            });
            clause.claim(hit.range);
            continue;
        }
        // Sets and reps belong to a lift; alone they measure nothing. A percentage beside
        // an effort (`RPE 7.5 (80%)`, `@ 85%`) is the lift's intensity.
        if matches!(unit, "set" | "rep")
            || unit == "percent"
                && ["rpe", "@", "1rm", "tm", "amrap"]
                    .iter()
                    .any(|w| clause.text.contains(w))
        {
            continue;
        }
        // A line that is only a figure (`- 27.9km` under a day of a ride log) is about
        // what its note is about: the query side reads that from the note's path.
        // So is a figure led only by the line's date and followed by nothing or a comment
        // (`- 03/04/2020 — 82,1 kg, after the holidays`).
        let lead = &clause.text[..hit.range.start];
        let dated_only = lead
            .chars()
            .all(|c| c.is_ascii_digit() || c.is_whitespace() || "/.-–—:|".contains(c));
        let tail = clause.text[hit.range.end..].trim_start();
        let alone = dated_only && (tail.is_empty() || tail.starts_with([',', ';', '(', '—', '–']));
        let what = if alone && !lead.trim().is_empty() {
            Some(String::new())
        } else {
            about(clause, &hit.range, line).or_else(|| alone.then(String::new))
        };
        let Some(what) = what else {
            continue;
        };
        // `喝水 7杯`, `물 3컵`: water comes in glasses, whatever the cup word.
        let water = ["water", "물", "水", "agua", "wasser", "eau"]
            .iter()
            .any(|w| what.contains(w));
        let unit = if water && unit == "cup" {
            "glass"
        } else {
            unit
        };
        // `Rad zur Arbeit, 23 km`: the activity the line names says what was measured
        // better than the word nearest the figure.
        // Only an activity that covers ground: `read 20 pages of Dune` stays of `dune`.
        let what = match crate::offline::activities::family(&what) {
            None => crate::offline::activities::word_naming(line)
                .filter(|w| {
                    crate::offline::activities::family(w)
                        .is_some_and(crate::offline::activities::covers_ground)
                })
                .unwrap_or(what),
            Some(_) => what,
        };
        // `80,0 kg na balança`, `Na balança da academia deu 80.1 kg`: a word of a weigh-in
        // near the figure names it, wherever the nearest word is.
        // `Ela subiu na balança: 62 kg`: someone else's weigh-in is none of the person's.
        if others_sentence(&clause.text, &hit.range)
            && weigh_in(what.clone(), unit, value) == "weight"
        {
            clause.claim(hit.range);
            continue;
        }
        let what = match weigh_in_near(&clause.text, &hit.range) {
            true if weigh_in(String::new(), unit, value) == "weight" => "weight".to_string(),
            _ => what,
        };
        found.measures.push(Measure {
            what: weigh_in(what, unit, value),
            value: round2(value),
            unit: unit.to_string(),
        });
        clause.claim(hit.range);
    }
    // After the distances: a ride's time follows its distance.
    clock_time(clause, found, line);
}

/// A field with a bare number: `water:: 6` or `key: 6` when it is the whole clause (a note's
/// properties, a tracker line, a Dataview field the clause reader took out of its sentence),
/// and `[pages: 20]`, `(mood: 4)` anywhere in a line. The unit is the one the key implies
/// (water in glasses, pages, minutes of meditation), else none: the number is kept as
/// written, never given a unit it lacks.
fn fields(clause: &mut Clause, found: &mut Found) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    if !clause.text.contains(':') {
        return;
    }
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?:^|[\[(\s])([\p{L}][\p{L}_ -]{0,24}?)\s*:\s*(\d+(?:[.,]\d+)?)\s*(?:[\])]|$)",
        )
        .expect("field pattern compiles")
    });
    let len = clause.text.trim_end().len();
    let whole = |hit: &super::clause::Hit| hit.range.start == 0 && hit.range.end >= len;
    for hit in clause.hits(re) {
        let bracketed = clause.text[hit.range.clone()]
            .trim_start()
            .starts_with(['[', '('])
            && clause.text[..hit.range.end].ends_with([']', ')']);
        if !(whole(&hit) || bracketed) {
            continue;
        }
        let (Some(key), Some(value)) = (hit.get(1), hit.num(2)) else {
            continue;
        };
        let key = key.trim().replace('_', " ");
        if FILLER.contains(&key.as_str()) || key.split_whitespace().nth(3).is_some() {
            continue;
        }
        let unit = unit_of_field(&key);
        found.measures.push(Measure {
            unit: unit.to_string(),
            what: weigh_in(key, unit, value),
            value: round2(value),
        });
        clause.claim(hit.range);
    }
}

/// The unit a field's key implies (`water` is counted in glasses); `""` when none.
fn unit_of_field(key: &str) -> &'static str {
    const IMPLIED: [(&str, &[&str]); 4] = [
        (
            "glass",
            &["water", "물", "水", "agua", "wasser", "eau", "glasses"],
        ),
        (
            "page",
            &[
                "pages",
                "page",
                "reading",
                "read",
                "페이지",
                "독서",
                "読書",
                "páginas",
                "lectura",
                "seiten",
                "lecture",
            ],
        ),
        (
            "minute",
            &[
                "meditation",
                "meditate",
                "명상",
                "瞑想",
                "meditación",
                "exercise minutes",
                "workout minutes",
            ],
        ),
        ("kg", &["체중", "몸무게", "体重"]),
    ];
    IMPLIED
        .iter()
        .find(|(_, keys)| keys.contains(&key))
        .map_or("", |(unit, _)| unit)
}

/// The activity covering ground (a walk, hike, ride or swim) the clause, else its line,
/// names.
fn moving(clause: &Clause, line: &str) -> Option<&'static str> {
    let family = crate::offline::activities::family;
    [family(&clause.text), family(line)]
        .into_iter()
        .flatten()
        .find(|f| crate::offline::activities::covers_ground(f))
}

/// The length of what makes the distance before it a speed (`/h`, `/hr`, `kph`'s `ph`, ` per
/// hour`, ` pro Stunde`: the language files' `per_hour`), if anything does.
/// Whether a word of a climb stands right after the figure at `range` (past `de`, `of`)
/// or right before it.
fn climbs(text: &str, range: &std::ops::Range<usize>) -> bool {
    let lower = |s: &str| s.to_lowercase();
    let after = lower(text[range.end..].trim_start());
    let after = (["de ", "d'", "of "].iter())
        .find_map(|p| after.strip_prefix(p))
        .unwrap_or(&after)
        .to_string();
    let before = lower(
        text[..range.start]
            .trim_end()
            .trim_end_matches(':')
            .trim_end(),
    );
    let climb = &super::lexicon::lexicon().climb;
    // A clause may end at a `+` (`D+` is `d` there).
    let word_ends = |rest: &str| !rest.starts_with(char::is_alphanumeric);
    climb.iter().any(|w| {
        let bare = w.trim_end_matches('+');
        after.strip_prefix(w.as_str()).is_some_and(word_ends)
            || bare.len() < w.len() && after.strip_prefix(bare).is_some_and(str::is_empty)
            || before.ends_with(w.as_str())
    })
}

fn per_hour(after: &str) -> Option<usize> {
    let words = super::lexicon::lexicon().per_hour.iter();
    ["/hour", "/hr", "/h", "ph"]
        .into_iter()
        .filter(|s| after.starts_with(s))
        .map(str::len)
        .chain(
            words
                .filter(|w| {
                    after
                        .strip_prefix(' ')
                        .is_some_and(|a| a.starts_with(w.as_str()))
                })
                .map(|w| w.len() + 1),
        )
        .find(|n| !after[*n..].starts_with(|c: char| c.is_alphanumeric()))
}

/// A ride, walk, hike or swim's time as a clock beside its distance (`Ride 74.9 km,
/// 2:43:14`, `🚴 50.5 km in 2:06:08`, `swim 1500 m in 31:20`): minutes of that activity.
/// Hours, minutes and seconds always are a time taken; minutes and seconds only after a
/// word saying how long it took (`in`, `en`, `em`: the language files' `took_in`).
fn clock_time(clause: &mut Clause, found: &mut Found, line: &str) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    if !clause.text.contains(':') {
        return;
    }
    let Some(activity) = moving(clause, line) else {
        return;
    };
    let re = RE.get_or_init(|| {
        let took: Vec<String> = super::lexicon::lexicon()
            .took_in
            .iter()
            .map(|w| regex::escape(w))
            .collect();
        regex::Regex::new(&format!(
            r"(?:^|[^\d:])(?:(\d{{1,2}}):(\d{{2}}):(\d{{2}})|\b(?:{})\s+(\d{{1,3}}):(\d{{2}}))(?:$|[^\d:])",
            took.join("|")
        ))
        .expect("clock time compiles")
    });
    for hit in clause.hits(re) {
        let minutes = match (hit.num(1), hit.num(2), hit.num(3)) {
            (Some(h), Some(m), Some(s)) => h * 60.0 + m + s / 60.0,
            _ => match (hit.num(4), hit.num(5)) {
                (Some(m), Some(s)) => m + s / 60.0,
                _ => continue,
            },
        };
        found.measures.push(Measure {
            what: about(clause, &hit.range, line).unwrap_or_else(|| activity.to_string()),
            value: round2(minutes),
            unit: "minute".to_string(),
        });
        clause.claim(hit.range);
    }
}

/// A distance in a word that is a kilometre only beside a distance (`ウォーキング 5キロ`,
/// `산책 3킬로`, `5k walk`): kilometres when the clause or its line names a walk, a hike or a
/// ride (`키로` after a weigh-in is kilograms, see [`body_weight`]).
fn distance_in_context(clause: &mut Clause, found: &mut Found, line: &str) {
    static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
    if moving(clause, line).is_none_or(|f| f == "swimming") {
        return;
    }
    let re = RE.get_or_init(|| {
        let words = super::units::in_context("km");
        (!words.is_empty()).then(|| {
            regex::Regex::new(&format!(r"~?({})\s*(?:{words})", super::units::NUM))
                .expect("distance in context compiles")
        })
    });
    let Some(re) = re else { return };
    for hit in clause.hits(re) {
        // `5k` and not `5kg`: no Latin letter runs on after the word.
        let runs_on = clause.text[hit.range.end..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic());
        let Some(value) = hit.num(1).filter(|_| !runs_on) else {
            continue;
        };
        let what = about(clause, &hit.range, line).unwrap_or_else(|| "walk".into());
        found.measures.push(Measure {
            what,
            value: round2(value),
            unit: "km".to_string(),
        });
        clause.claim(hit.range);
    }
}

/// A swim told in lengths of the pool: `40 lengths (25m)`, `40 laps of 25 m`, and repeats
/// of one length in a swim (`수영 자유형 50m x 20`): all the metres swum.
fn laps(clause: &mut Clause, found: &mut Found, line: &str) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let counted = ["length", "lap", "바퀴", "x", "×"];
    if !counted.iter().any(|w| clause.text.contains(w)) {
        return;
    }
    let family = crate::offline::activities::family;
    let swim = family(&clause.text).or_else(|| family(line)) == Some("swimming");
    if !swim && !clause.text.contains("length") && !clause.text.contains("lap") {
        return;
    }
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(\d{1,3})\s*(?:lengths?|laps?|바퀴)\s*\(?\s*(?:of|x|×|@)?\s*(\d{2,3})\s*(?:m|meters?|metres?|미터)\b\)?|(\d{2,3})\s*(?:m|meters?|metres?|미터)\s*[x×]\s*(\d{1,3})\b",
        )
        .expect("laps pattern compiles")
    });
    for hit in clause.hits(re) {
        let (count, length) = match hit.num(1) {
            Some(n) => (n, hit.num(2)),
            None if swim => (hit.num(4).unwrap_or(0.0), hit.num(3)),
            None => continue,
        };
        let Some(length) = length else { continue };
        let what = about(clause, &hit.range, line).unwrap_or_else(|| "swim".into());
        found.measures.push(Measure {
            what,
            value: round2(count * length),
            unit: "m".to_string(),
        });
        clause.claim(hit.range);
    }
}

/// A time of hours (`요가 1시간`, `등산 4시간 30분`, `2h 15m of gardening`) is one measure in
/// minutes, so that every day's time of an activity adds up in one unit.
fn hours(clause: &mut Clause, found: &mut Found, line: &str) {
    // Most clauses hold no hours; the duration pattern is not tried on them.
    const HOURS: [&str; 10] = [
        "h", "시간", "時間", "小时", "小時", "hour", "hr", "stund", "hora", "heure",
    ];
    if !HOURS.iter().any(|w| clause.text.contains(w)) {
        return;
    }
    for (hit, minutes) in durations(clause) {
        if hit.get(1).is_none() {
            continue;
        }
        let Some(what) = about(clause, &hit.range, line) else {
            continue;
        };
        found.measures.push(Measure {
            what,
            value: round2(minutes),
            unit: "minute".to_string(),
        });
        clause.claim(hit.range);
    }
}

/// What the number at `range` of the clause is about, else what its line is about.
fn about(clause: &Clause, range: &std::ops::Range<usize>, line: &str) -> Option<String> {
    what(&clause.text, range.start, range.end).or_else(|| subject(line))
}

/// The words a line's first number is about (see [`read`]), else the activity it names.
fn subject(line: &str) -> Option<String> {
    let first = line.find(|c: char| c.is_ascii_digit())?;
    // `🚴 38.6 km in 1:25:02`: an emoji is the only word for the activity.
    what(line, first, first)
        .or_else(|| crate::offline::activities::family(line).map(str::to_string))
}

/// A weigh-in whose unit is left out or written as `키로` (kilos here, kilometres after a
/// run) or `斤` (jin): `인바디: 체중 77.6 골격근량 34`, `몸무게 68.8키로`, `体重 63.4`,
/// `体重127.4斤`. Only after a word for one's weight in Korean, Japanese or Chinese, where a
/// weight without its unit is in kilograms, and only a number a person can weigh.
fn body_weight(clause: &mut Clause, found: &mut Found) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    if !["체중", "몸무게", "体重"]
        .iter()
        .any(|w| clause.text.contains(w))
    {
        weight_without_unit(clause, found);
        return;
    }
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?:체중|몸무게|体重)(?:은|는|이|は)?\s*[:=]?\s*(?:약|대략|대충|約)?\s*(\d{2,3}(?:[.,]\d{1,2})?)\s*(키로|킬로|キロ|斤)?",
        )
        .expect("body weight pattern compiles")
    });
    for hit in clause.hits(re) {
        let after = clause.text[hit.range.end..].trim_start();
        // `체중 68.8kg` is read as any measure with its unit; `체중 -0.4` is a change.
        if after.starts_with(|c: char| c.is_ascii_alphabetic() || c == '%')
            || clause.text[..hit.range.start].ends_with(['+', '-'])
        {
            continue;
        }
        // `体重127.4斤`: in jin (half a kilogram), as written.
        let unit = if hit.get(2) == Some("斤") {
            "jin"
        } else {
            "kg"
        };
        let kilos = if unit == "jin" { 0.5 } else { 1.0 };
        let Some(value) = hit.num(1).filter(|v| (25.0..=250.0).contains(&(v * kilos))) else {
            continue;
        };
        let number_at = hit.range.start
            + hit
                .get(0)
                .map_or(0, |m| m.find(|c: char| c.is_ascii_digit()).unwrap_or(0));
        let what = what(&clause.text, number_at, hit.range.end).unwrap_or_else(|| "체중".into());
        found.measures.push(Measure {
            what: weigh_in(what, "kg", value * kilos),
            value: round2(value),
            unit: unit.to_string(),
        });
        clause.claim(hit.range);
    }
}

/// Whether the sentence of the figure at `range` opens with someone else (`Ela subiu na
/// balança: 62 kg`, `She weighed 60 kg`).
fn others_sentence(text: &str, range: &std::ops::Range<usize>) -> bool {
    let before = text[..range.start]
        .rsplit(['.', ';', '!', '?'])
        .next()
        .unwrap_or("");
    let first = before
        .split(|c: char| !c.is_alphabetic())
        .find(|w| !w.is_empty())
        .map(str::to_lowercase);
    first.is_some_and(|w| THIRD_PERSON.contains(&w.as_str()))
}

/// Pronouns of someone else opening a sentence, in the languages read.
const THIRD_PERSON: &[&str] = &[
    // Not French `il`: Italian's `il` is "the" (`Il peso era 80 kg`).
    "she", "he", "they", "ela", "ele", "elas", "eles", "ella", "él", "ellos", "elle", "elles",
    "ils", "lei", "lui", "sie", "er",
];

/// Labels of a weigh-in, in the languages read (`Waage: 80,9 kg`, `pesée : 68,3 kg`, `공체
/// 53.6kg`, `空腹体重 77.2kg`).
const WEIGH_IN_LABELS: &[&str] = &[
    "weight",
    "weigh-in",
    "weighed",
    "weighted",
    "bodyweight",
    "bw",
    "scale",
    "gewicht",
    "körpergewicht",
    "morgengewicht",
    "waage",
    "poids",
    "pesée",
    "pesee",
    "peso",
    "báscula",
    "pesaje",
    "balança",
    "balanca",
    "pesagem",
    "pesei",
    "pesava",
    "pesé",
    "체중",
    "몸무게",
    "공체",
    "体重",
    "晨重",
];

/// Whether a label of a weigh-in stands within five words before the figure at `range`
/// or three after it, in its own sentence.
fn weigh_in_near(text: &str, range: &std::ops::Range<usize>) -> bool {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_alphabetic() || c == '-'))
            .filter(|w| !w.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let before = text[..range.start]
        .rsplit(['.', ';', '!', '?'])
        .next()
        .unwrap_or("");
    let after = text[range.end..]
        .split(['.', ';', '!', '?'])
        .next()
        .unwrap_or("");
    let (before, after) = (words(before), words(after));
    let mut near = (before.iter().rev().take(5)).chain(after.iter().take(3));
    near.any(|w| WEIGH_IN_LABELS.contains(&w.as_str()))
}

/// What a measure is about, with every label of a weigh-in made one name (`weight`), so a
/// person's weigh-ins are one series whatever each line calls them. Only kilograms or
/// pounds a person can weigh (a bare `Waage: 81` as well).
fn weigh_in(what: String, unit: &str, value: f64) -> String {
    let weight = match unit {
        "kg" | "" => (25.0..=250.0).contains(&value),
        "lb" => (55.0..=550.0).contains(&value),
        _ => false,
    };
    // `공복체중`, `눈바디 체크 체중`: in Korean or Chinese the label may be part of a word.
    let labelled = || {
        what.split_whitespace()
            .any(|w| WEIGH_IN_LABELS.contains(&w))
            || WEIGH_IN_LABELS
                .iter()
                .any(|l| has_spaceless(l) && what.contains(l))
    };
    // A weight with no word at all (`- 03/04/2020 — 82,1 kg`) is a weigh-in.
    if weight && (what.is_empty() && !unit.is_empty() || labelled()) {
        "weight".to_string()
    } else {
        what
    }
}

/// `weight 178.6`, `Weight: 81.2`, `weighed 188.9 this am`, `scale said 187.1`, `peso
/// 70,6`, `báscula: 82,1`, `80.3 on the scale`: a weigh-in in words of Latin letters with no unit, kept without
/// one (pounds and kilograms both are written so); the answer shows it in the unit of the
/// person's other weigh-ins. The label comes first and the number right after it (`peso
/// muerto 125` is a deadlift).
fn weight_without_unit(clause: &mut Clause, found: &mut Found) {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    const LABELS: [&str; 11] = [
        "weigh", "scale", "bw", "peso", "pesaje", "báscula", "balança", "poids", "pesée", "waage",
        "gewicht",
    ];
    if !LABELS.iter().any(|l| clause.text.contains(l)) {
        return;
    }
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"^\W*(?:morning |body ?|my |the |on the )?(?:weight|weighed in|weighed|weigh-in|weigh in|scale|bw|peso|pesaje|báscula|bascula|balança|balanca|poids|pesée|pesee|waage|gewicht)\s*(?:at|in at|was|is|said|says|read|showed|shows|:)?\s*[:=]?\s*(\d{2,3}(?:[.,]\d{1,2})?)\s*(?:this am|this morning|in the morning|today|am|esta mañana|hoy|hoje|de manhã|ce matin|heute|morgens)?\W*$",
        )
        .expect("weight pattern compiles")
    });
    // `80.3 on the scale`, `81,2 auf der Waage`: the number first, the scale after it.
    static AFTER: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let after = AFTER.get_or_init(|| {
        regex::Regex::new(
            r"^\W*(\d{2,3}(?:[.,]\d{1,2})?)\s+(?:on the scales?|auf der waage|sur la balance|en la báscula|na balança)\b",
        )
        .expect("weight pattern compiles")
    });
    let mut hits = clause.hits(re);
    hits.extend(clause.hits(after));
    for hit in hits {
        let Some(value) = hit.num(1).filter(|v| (25.0..=500.0).contains(v)) else {
            continue;
        };
        found.measures.push(Measure {
            what: "weight".into(),
            value: round2(value),
            unit: String::new(),
        });
        clause.claim(hit.range);
    }
}

/// What a measure at `start..end` is about: `<unit> of <thing>` when nothing else is said
/// before the number, else the last telling word before it, else the first one after.
fn what(text: &str, start: usize, end: usize) -> Option<String> {
    let words = |s: &str| -> Vec<String> {
        s.split(|c: char| !(c.is_alphabetic() || c == '-' || c == '\''))
            .map(|w| w.trim_matches(['-', '\'']).to_string())
            .filter(|w| !w.is_empty() && !FILLER.contains(&w.as_str()) && measure_unit(w).is_none())
            .collect()
    };
    let before = words(&text[..start]);
    // A word after the number names it only within its own thought (`8h; alerts: 1`).
    let after_text = text[end..]
        .split([';', ',', '|', '；', '，', '。'])
        .next()
        .unwrap_or_default();
    // A full stop ends the thought too (`80.3 kg. meh.`).
    let after_text = match after_text.find(". ") {
        Some(at) => &after_text[..at],
        None => after_text.strip_suffix('.').unwrap_or(after_text),
    };
    let after_text = if after_text.starts_with('.') {
        ""
    } else {
        after_text
    };
    let of_thing = ["of ", "de ", "d'", "d’", "di "]
        .iter()
        .find_map(|p| after_text.trim_start().strip_prefix(p))
        .and_then(|rest| words(rest).into_iter().next());
    // `Coseché 1,1 kg de tomates`, `bought 2 lb of apples`: a weight or volume of a thing is
    // of that thing, whatever the sentence said before it.
    let of_mass = measure_unit(
        text[start..end]
            .trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ',' | ' ')),
    )
    .is_some_and(|u| matches!(u, "kg" | "g" | "lb" | "oz" | "l" | "ml"));
    if of_mass && of_thing.is_some() {
        return of_thing;
    }
    match before.as_slice() {
        // `🏊 1450m windy`: an emoji before the number names the activity, not a word after.
        [] => of_thing
            .or_else(|| crate::offline::activities::family(&text[..start]).map(str::to_string))
            .or_else(|| words(after_text).into_iter().next()),
        // `수영 자유형 800m`: in Korean, Japanese or Chinese the word before often only
        // narrows the one before it (a stroke of a swim), so both are kept.
        [.., first, last] if has_spaceless(first) && has_spaceless(last) => {
            Some(format!("{first} {last}"))
        }
        [.., last] => Some(last.clone()),
    }
}
