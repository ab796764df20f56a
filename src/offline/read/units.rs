//! Unit words in the languages people log in, as regex pieces, and their normal names.
//! Longer spellings come first in every alternation: the regex takes the first that fits.

use std::sync::OnceLock;

use regex::Regex;

use super::clause::{Clause, Hit};

/// A number: `77.5`, `77,5`, `12,400`.
pub const NUM: &str = r"\d+(?:[.,]\d+)?";
/// Kilograms, and the jin (斤, half a kilo) Chinese logs weigh in: read apart by
/// `lifts::unit_name`.
pub const KG: &str =
    r"kilogramos?|kilogramm|kilograms?|kilos?|kgs|kg|킬로그램|킬로|키로|キロ|公斤|千克|斤";
pub const LB: &str = r"pounds?|lbs|lb|파운드|ポンド|磅";
pub const HOURS: &str = r"hours|hour|hrs|hr|horas|hora|heures|heure|stunden|stunde|std|h|시간|時間|个小时|個小時|小时|小時";
pub const MINUTES: &str = r"minuten|minutos|minutes|minute|minuto|mins|min|분|分钟|分鐘|分";
pub const KM: &str = r"kilometers|kilometer|kilometres|kilometre|kilómetros|kilómetro|kilomètres|kilomètre|kms|km|k|킬로미터|킬로|키로|キロメートル|キロ|公里|千米";
pub const MILES: &str = r"miles|mile|millas|milla|meilen|meile|mi";
pub const METERS: &str = r"meters|meter|metres|metre|metros|mètres|m|미터|メートル|米";

/// Reps and sets: `5 reps`, `5회`, `5回`, `5次`, `5 Wdh`, `3 sets`, `3세트`, `3组`...
pub const REPS: &str = r"repetitionen|repetitions|repetition|repeticiones|repetições|repeticoes|ripetizioni|répétitions|wiederholungen|wdh\.?|reps|rep|회씩|회|개씩|개|回ずつ|回|レップ|次|个";
pub const SETS: &str = r"sets|set|series|serie|séries|série|sätze|satz|세트|셋트|셋|セット|组|組";

/// A unit word -> its normal singular name, for generic measures.
pub fn measure_unit(word: &str) -> Option<&'static str> {
    TABLE
        .iter()
        .find(|(_, words)| words.contains(&word))
        .map(|(name, _)| *name)
}

/// Unit words by their normal name.
const TABLE: &[(&str, &[&str])] = &[
    (
        "minute",
        &[
            "minutes", "minute", "minuten", "minutos", "minuto", "mins", "min", "분", "分钟",
            "分鐘", "分",
        ],
    ),
    (
        "hour",
        &[
            "hours", "hour", "hrs", "hr", "h", "stunden", "stunde", "std", "horas", "hora",
            "heures", "heure", "시간", "時間", "小时", "小時",
        ],
    ),
    ("second", &["seconds", "second", "secs", "sec", "초", "秒"]),
    (
        "km",
        &[
            "kilometers",
            "kilometer",
            "kilometres",
            "kilometre",
            "kilómetros",
            "kilomètres",
            "kms",
            "km",
            "킬로미터",
            "公里",
        ],
    ),
    ("mile", &["miles", "mile", "mi"]),
    (
        "m",
        &[
            "meters",
            "meter",
            "metres",
            "metre",
            "metros",
            "mètres",
            "m",
            "미터",
            "メートル",
        ],
    ),
    (
        "kg",
        &[
            "kilograms",
            "kilogram",
            "kilos",
            "kilo",
            "kgs",
            "kg",
            "킬로그램",
            "公斤",
        ],
    ),
    ("lb", &["pounds", "pound", "lbs", "lb"]),
    ("g", &["grams", "gram", "g", "그램", "グラム", "克"]),
    (
        "l",
        &[
            "liters",
            "liter",
            "litres",
            "litre",
            "l",
            "리터",
            "リットル",
            "升",
        ],
    ),
    ("ml", &["ml"]),
    (
        "page",
        &[
            "pages",
            "page",
            "pp",
            "seiten",
            "seite",
            "páginas",
            "página",
            "págs",
            "pág",
            "pags",
            "pag",
            "페이지",
            "쪽",
            "ページ",
            "页",
        ],
    ),
    (
        "chapter",
        &[
            "chapters",
            "chapter",
            "kapitel",
            "capítulos",
            "chapitres",
            "章",
        ],
    ),
    (
        "glass",
        &[
            "glasses", "glass", "gläser", "glas", "vasos", "vaso", "verres", "verre", "잔", "컵",
        ],
    ),
    (
        "cup",
        &[
            "cups", "cup", "tazas", "taza", "tasses", "tasse", "tassen", "杯",
        ],
    ),
    (
        "bottle",
        &[
            "bottles",
            "bottle",
            "flaschen",
            "flasche",
            "botellas",
            "bouteilles",
            "병",
            "瓶",
        ],
    ),
    ("episode", &["episodes", "episode", "eps", "ep"]),
    ("lap", &["laps", "lap", "lengths", "length"]),
    ("rep", &["reps", "rep", "회", "回", "次"]),
    ("set", &["sets", "set", "세트", "セット", "组"]),
    ("word", &["words", "word"]),
    ("floor", &["floors", "floor"]),
    ("time", &["times", "번"]),
    ("percent", &["percent", "%"]),
    ("bpm", &["bpm"]),
];

/// `<number> <unit>` for any unit [`measure_unit`] knows (group 1 number, 2 unit).
pub fn measure_pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let mut words: Vec<&str> = TABLE.iter().flat_map(|(_, w)| w.iter().copied()).collect();
        // The regex takes the first alternative that fits: `glasses` before `g`.
        words.sort_by_key(|w| std::cmp::Reverse(w.chars().count()));
        let units: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
        Regex::new(&format!(r"~?({NUM})\s*({})", units.join("|")))
            .expect("measure pattern compiles")
    })
}

/// Durations written with units: `1h 20m`, `1h20`, `7시간 30분`, `6시간 반`, `45 min`, `28분 34초`,
/// `90 Minuten`, `48m 3s`, `6 and a half hours` (hours or minutes, as told by [`minutes_of`]).
pub fn duration_pattern() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(&format!(
            r"(?:({NUM})\s*(?:{HOURS})\.?\s*(?:(\d{{1,2}})\s*(?:{MINUTES}|m)?|(반|半|and a half|y media|et demie|½))?|({NUM})\s*(?:{MINUTES})(?:\s*(?:y|et|and|und)?\s*(\d{{1,2}})\s*(?:초|秒|segundos|secondes|sekunden|seconds|second|secs|sec|sek|seg|s)\b)?|(\d{{1,3}})\s*m\s*(\d{{1,2}})\s*s\b|(\d{{1,2}})\s+(?:and a half|and 1/2|y media|et demie|und ein halb)\s*(?:{HOURS}))"
        ))
        .expect("duration pattern compiles")
    })
}

/// The minutes a [`duration_pattern`] hit stands for.
pub fn minutes_of(hit: &Hit) -> Option<f64> {
    let half = if hit.get(3).is_some() { 30.0 } else { 0.0 };
    match hit.num(1) {
        Some(h) => Some(h * 60.0 + hit.num(2).unwrap_or(half)),
        None => hit
            .num(4)
            .map(|m| m + hit.num(5).unwrap_or(0.0) / 60.0)
            .or_else(|| Some(hit.num(6)? + hit.num(7)? / 60.0))
            // `6 and a half hours`.
            .or_else(|| Some(hit.num(8)? * 60.0 + 30.0)),
    }
}

/// Every duration with units in the free text of `clause`, in minutes.
pub fn durations(clause: &Clause) -> Vec<(Hit, f64)> {
    clause
        .hits(duration_pattern())
        .into_iter()
        .filter_map(|h| minutes_of(&h).map(|m| (h, m)))
        .collect()
}
