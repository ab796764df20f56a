//! Lifts: `185x5x3` (weight x reps x sets), `3x5 @ 80kg`, `80kg 5x5`, `5 reps at 150 kg`,
//! `3 sets of 5 at 185 lbs`, `100kg 5회 3세트`, `3 Sätze à 5 Wdh mit 80 kg`, bodyweight
//! `pull-ups 3x8`, rep lists `Squat / 30kg / 5,5,15` and `Pull-ups: 12, 10, 8`, the count
//! before the name `40 sit-ups`, `90斤` (jin). A clause naming several exercises is cut at
//! each name, so every number goes to the exercise written before it; a clause of small
//! words (`I did 170kg 3x3`) names none and carries on the one before. What only looks like
//! a weight is taken out first: a machine's pin, a comparison (`felt like 300kg`), an effort
//! score (`@RPE8`), the first of two counts (`4 or 5 sets`). A missing unit is flagged,
//! never guessed.

use std::ops::Range;
use std::sync::OnceLock;

use regex::Regex;
use serde_json::{json, Value};

use super::clause::{Clause, Hit};
use super::found::Found;
use super::lexicon::lexicon;
use super::units::{KG, LB, NUM, REPS, SETS};
use super::words::Mention;

struct Patterns {
    weights_reps_lists: Regex,
    weighted_group: Regex,
    counts_then_weight: Regex,
    weight_slash_reps: Regex,
    weights_each: Regex,
    weight_then_reps: Regex,
    rep_max: Regex,
    rep_list: Regex,
    weight_for_reps: Regex,
    bare_for_reps: Regex,
    weight: Regex,
    sets_of: Regex,
    reps_by_sets: Regex,
    group: Regex,
    reps: Regex,
    sets: Regex,
    at_weight: Regex,
    pair: Regex,
}

fn patterns() -> &'static Patterns {
    static P: OnceLock<Patterns> = OnceLock::new();
    P.get_or_init(|| {
        let re = |s: String| Regex::new(&s).expect("lift pattern compiles");
        let x = r"\s*[x×*]\s*";
        let connectors: Vec<String> = lexicon()
            .counting
            .connectors
            .iter()
            .map(|w| regex::escape(w))
            .collect();
        let connectors = if connectors.is_empty() {
            "of".to_string()
        } else {
            connectors.join("|")
        };
        Patterns {
            weights_reps_lists: re(format!(
                r"({NUM}(?:\s*/\s*{NUM})+)\s*({KG}|{LB})?\s*(?:[x×*]\s*)?(\d{{1,2}}(?:\s*/\s*\d{{1,2}})+)\s*(?:{REPS})?"
            )),
            weighted_group: re(format!(
                r"({NUM})\s*({KG}|{LB}){x}(\d+)\s*(?:{REPS})?(?:{x}(\d+)(?:\s*(?:{SETS}))?)?"
            )),
            // `sentadilla 3x5x102,5kg`: sets x reps x weight, the weight last with its unit.
            counts_then_weight: re(format!(
                r"(\d{{1,2}}){x}(\d{{1,3}}){x}({NUM})\s*({KG}|{LB})"
            )),
            weights_each: re(format!(
                r"((?:{NUM}\s+){{2,}}{NUM})\s*({KG}|{LB})?\s*\(?\s*(\d{{1,2}})\s*(?:{REPS})\s*\)?"
            )),
            weight_then_reps: re(format!(
                r"({NUM})\s*({KG}|{LB})\s+(\d{{1,2}}(?:\s+\d{{1,2}}){{2,}})(?:\s*(?:{REPS}))?"
            )),
            rep_max: re(format!(
                r"(?i)(\d{{1,2}})\s*rm\s*(?:측정|test)?\s*:?[^\d]{{0,24}}?({NUM})\s*({KG}|{LB})?|({NUM})\s*({KG}|{LB})?\s*(\d{{1,2}})\s*rm"
            )),
            weight_slash_reps: re(format!(
                r"({NUM})\s*({KG}|{LB})?\s*/\s*(\d{{1,2}})(?:\s*(?:{REPS}))?"
            )),
            rep_list: re(format!(
                r"(?i)(?:({NUM})\s*({KG}|{LB})|\b(?:bw|bodyweight|맨몸|自重))?\s*\)?\s*[/:]?\s*(\d{{1,3}}(?:\s*[,/、-]\s*\d{{1,3}}){{2,}})(?:\s*(?:{REPS}))?"
            )),
            weight_for_reps: re(format!(
                r"({NUM})\s*({KG}|{LB})\s+(?:for|x)\s+(?:(?:a|one)\s+set\s+of\s+)?(\d+)(?:\s*(?:{REPS}))?(\s*(?:[x×*]\s*\d|{SETS}|of))?"
            )),
            // Not before `x` or a count of sets: `315 for 3x5`, `245 for 3 sets of 8`.
            bare_for_reps: re(format!(
                r"({NUM})\s+(?:for|pour|für)\s+(\d{{1,2}})\b(?:\s*(?:{REPS}))?(?:\s*[,.!;)]|\s*$|\s+(?:then|and|und|et|y|e)\b)"
            )),
            weight: re(format!(r"({NUM})\s*({KG}|{LB})")),
            // `3 sets of 5`, `3 Sätze mit je 5`, `tre serie da otto`, `3组每组10次`: the
            // connectors are the lexicon's (weights are read before, so `mit 80 kg` is no
            // count of reps).
            sets_of: re(format!(
                r"(\d+)\s*(?:{SETS})\s*(?:(?:{connectors}|a|x|×|mit|with|by)\s*(\d+)(?:\s*(?:{REPS}))?(\s*(?:sec(?:ond)?s?\b|s\b|초|秒|min(?:ute)?s?\b|분|分))?|(\d+)\s*(?:{REPS}))"
            )),
            reps_by_sets: re(format!(r"(\d+)\s*(?:{REPS}){x}(\d+)\s*(?:{SETS})?")),
            group: re(format!(r"({NUM}){x}(\d+)(?:{x}(\d+))?")),
            reps: re(format!(r"(\d+)\s*(?:{REPS})")),
            sets: re(format!(r"(\d+)\s*(?:{SETS})")),
            at_weight: re(format!(r"(?:@|at|with|à|a|con|mit|avec)\s*({NUM})")),
            pair: re(format!(r"\b2\s*[x×]\s*({NUM})\s*({KG}|{LB})")),
        }
    })
}

/// The name of an exercise the vocabulary does not know, in a clause shaped like a lift (a
/// weight with its unit and sets × reps, `회` or `세트`): the words before its first number
/// (`원암 케이블 익스텐션 15kg 12회 3세트`). `None` when the clause is not shaped like a lift,
/// or when those words cannot be a name (`I did`, `yo hice`, `무게는`: see
/// [`Lexicon::could_be_a_name`](super::lexicon::Lexicon::could_be_a_name)).
pub fn unknown_name(text: &str) -> Option<String> {
    let (weight, work) = shapes();
    if !(weight.is_match(text) && work.is_match(text)) {
        return None;
    }
    let head = &text[..text.find(|c: char| c.is_ascii_digit())?];
    let name = head
        .trim_matches(|c: char| c.is_whitespace() || ":-–(),.*".contains(c))
        .to_string();
    let words = name.split_whitespace().count();
    ((1..=4).contains(&words) && lexicon().could_be_a_name(&name)).then_some(name)
}

/// Whether a clause shaped like a lift (a weight with its unit, or sets or reps) names
/// nothing of its own: the words before its first number are all small words (`I did
/// 170kg 3x3`, `all at 100kg x 5`, `무게는 80kg 10회`, `efectivas 120 kg 3x5`), so its
/// numbers are those of the exercise before it.
pub fn unnamed(text: &str) -> bool {
    let Some(i) = text.find(|c: char| c.is_ascii_digit()) else {
        return false;
    };
    let (weight, work) = shapes();
    let shaped = weight.is_match(text) || work.is_match(text) || patterns().rep_list.is_match(text);
    shaped && lexicon().only_small_words(&text[..i])
}

/// A weight with its unit (a Korean particle may follow it: `32.5kg로`), and sets or reps.
fn shapes() -> &'static (Regex, Regex) {
    static SHAPE: OnceLock<(Regex, Regex)> = OnceLock::new();
    SHAPE.get_or_init(|| {
        let re = |s: String| Regex::new(&s).expect("lift shape compiles");
        (
            re(format!(r"{NUM}\s*(?:{KG}|{LB})(?:\b|\p{{Hangul}})")),
            re(format!(
                r"\d+\s*[x×*]\s*\d+|(?:{KG}|{LB})\s*[x×*]\s*\d+|\d+\s*(?:{REPS}|{SETS})"
            )),
        )
    })
}

/// Whether a clause holds sets written as `185x5x3`, `315x5` or `3x8`.
pub fn has_sets(text: &str) -> bool {
    sets_shape().is_match(text)
}

/// Whether a clause counts its sets or reps in words: `245 for 3 sets of 8`, `3 series de
/// 5`, `315 for 1`.
pub fn has_sets_in_words(text: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(&format!(
            r"\d\s*(?:{SETS})\s*(?:of|de|à|x|×)\s*\d|\d\s+(?:for|pour|für)\s+\d"
        ))
        .expect("sets in words compiles")
    })
    .is_match(text)
}

fn sets_shape() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"\d\s*[x×*]\s*\d").expect("sets shape compiles"))
}

/// Exercises done without added weight: sets x reps, no unit to ask for (and "how many"
/// of them asks for reps).
pub const BODYWEIGHT: [&str; 9] = [
    "pull-up",
    "chin-up",
    "dip",
    "push-up",
    "sit-up",
    "muscle-up",
    "burpee",
    "crunch",
    "leg raise",
];

/// One lift as read.
#[derive(Debug, Default, Clone, Copy)]
struct Lift {
    weight: Option<(f64, Option<&'static str>)>,
    sets: Option<i64>,
    reps: Option<i64>,
}

/// Reads the lifts of a clause. `named`: the exercises the clause names; `inherited`: the
/// exercise it continues when it names none (`None`: a lift with no known name).
/// Returns whether any lift was read.
pub fn read(
    clause: &mut Clause,
    named: &[Mention],
    inherited: Option<&str>,
    found: &mut Found,
) -> bool {
    if bare_warmup(&clause.text) {
        // `웜업 가볍게 2세트` under `### 스쿼트`: no weight, no reps, nothing to log.
        clause.claim(0..clause.text.len());
        return false;
    }
    claim_machine_settings(clause);
    claim_comparisons(clause);
    claim_effort(clause);
    claim_alternatives(clause);
    let mut any = false;
    if named.is_empty() {
        let all = 0..clause.text.len();
        return segment(clause, all, inherited, None, found);
    }
    for (i, m) in named.iter().enumerate() {
        let start = if i == 0 { 0 } else { m.start };
        let end = named.get(i + 1).map_or(clause.text.len(), |n| n.start);
        let before = found.lifts.len();
        any |= segment(clause, start..end, Some(&m.canonical), Some(m.start), found);
        if &clause.text[m.start..m.end] == "kb" {
            kettlebells(&mut found.lifts[before..]);
        }
    }
    any
}

/// `KB 105kg 3x5` is a German log's Kniebeugen (squat), `KB 24kg 5x20` a kettlebell: no
/// kettlebell weighs what a squat starts at.
fn kettlebells(lifts: &mut [Value]) {
    for lift in lifts {
        let light = match (lift["weight"].as_f64(), lift["unit"].as_str()) {
            (Some(w), Some("lb")) => w < 90.0,
            (Some(w), _) => w < 40.0,
            (None, _) => false,
        };
        if light {
            lift["name"] = json!("kettlebell");
        }
    }
}

/// Whether a line tells of a new one-rep max (`1RM 갱신! 스쿼트 120`, `new 1RM: bench 100`,
/// `PR! deadlift 180`), not an estimate, a goal or a miss (`예상 1RM 약 85`, `1RM 도전했는데
/// 165 실패`).
pub fn new_max(lower: &str) -> bool {
    const MAX: [&str; 6] = ["1rm", "1 rm", "pr", "pb", "신기록", "최고기록"];
    const NEW: [&str; 9] = ["갱신", "달성", "성공", "찍", "new", "hit", "got", "!", "🎉"];
    const NOT: [&str; 14] = [
        "실패",
        "예상",
        "목표",
        "도전했는데",
        "추정",
        "fail",
        "missed",
        "miss",
        "estimated",
        "est.",
        "goal",
        "target",
        "attempt",
        "計算",
    ];
    MAX.iter().any(|w| lower.contains(w))
        && NEW.iter().any(|w| lower.contains(w))
        && !NOT.iter().any(|w| lower.contains(w))
}

/// A single at a new max: `스쿼트 120` after `1RM 갱신!`, the one bare number of the piece
/// as one rep of one set. Returns whether it read one.
pub fn single(clause: &mut Clause, name: Option<&str>, found: &mut Found) -> bool {
    let Some(name) = name else { return false };
    let all = 0..clause.text.len();
    let Some(w) = bare_weight(clause, &all).filter(|w| *w >= 20.0) else {
        return false;
    };
    let unit = unit_after(clause, w);
    found.lifts.push(json!({
        "name": name,
        "weight": w,
        "unit": unit,
        "sets": 1,
        "reps": 1,
    }));
    if unit.is_null() {
        found.flag("strength.exercises.unit");
    }
    clause.claim(all);
    true
}

/// A new max written as a weight alone (`1RM 갱신! 데드 150kg`) is one rep of one set.
pub fn as_singles(lifts: &mut [Value]) {
    for lift in lifts {
        if lift["reps"].is_null() && lift["sets"].is_null() && !lift["weight"].is_null() {
            lift["reps"] = json!(1);
            lift["sets"] = json!(1);
        }
    }
}

/// The unit written after the number `w` in the clause, if any (`120kg`).
fn unit_after(clause: &Clause, w: f64) -> Value {
    match clause
        .hits(&patterns().weight)
        .iter()
        .find(|h| h.num(1) == Some(w))
    {
        Some(h) => weight(h, 1, 2)
            .and_then(|(_, u)| u)
            .map_or(Value::Null, |u| json!(u)),
        None => Value::Null,
    }
}

/// Words for warming up, in the languages read.
const WARMUP: [&str; 10] = [
    "웜업",
    "워밍업",
    "warm-up",
    "warmup",
    "warm up",
    "ウォームアップ",
    "アップ",
    "热身",
    "aufwärm",
    "échauffement",
];

/// A warm-up mentioned with at most a number of sets (`웜업 가볍게 2세트`, `warm-up sets`):
/// no weight or reps were written, so it is no lift to count. `lower`: a clause's text.
fn bare_warmup(lower: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !WARMUP.iter().any(|w| lower.contains(w)) {
        return false;
    }
    let re = RE.get_or_init(|| {
        Regex::new(r"(\d+(?:[.,]\d+)?)\s*(세트|sets?|セット|组|組|sätze|séries)?")
            .expect("warm-up pattern compiles")
    });
    re.captures_iter(lower).all(|c| c.get(2).is_some())
}

/// The number of a machine's pin or seat (`7칸`, `핀 8`, `pin 12`, `seat 4`): a setting,
/// not a weight, so it is taken out before weights are read.
fn claim_machine_settings(clause: &mut Clause) {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(?i)\d+\s*칸|(?:핀|\bpin|\bseat|\bnotch|시트)\s*#?\d+|\d+번\s*핀")
            .expect("machine setting pattern compiles")
    });
    for hit in clause.hits(re) {
        clause.claim(hit.range);
    }
}

/// A weight told as a comparison (`felt like 300kg`, `gefühlt wie 150 kg`, `150kg 같았음`):
/// how it felt, not what was lifted, so it is taken out before weights are read. The words
/// are the lexicon's `compare_before` and `compare_after`.
fn claim_comparisons(clause: &mut Clause) {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| {
        let lex = lexicon();
        let words = |list: &[String]| -> String {
            list.iter()
                .map(|w| regex::escape(w))
                .collect::<Vec<_>>()
                .join("|")
        };
        let (before, after) = (words(&lex.compare_before), words(&lex.compare_after));
        // With its unit: `bench felt like 7` is a score, left for the person to see.
        let weight = format!(r"~?{NUM}\s*(?:{KG}|{LB})");
        let mut alternatives = Vec::new();
        if !before.is_empty() {
            alternatives.push(format!(r"(?:{before})\s*{weight}"));
        }
        if !after.is_empty() {
            alternatives.push(format!(r"{weight}\s*(?:{after})"));
        }
        (!alternatives.is_empty())
            .then(|| Regex::new(&alternatives.join("|")).expect("comparison pattern compiles"))
    });
    let Some(re) = re else { return };
    for hit in clause.hits(re) {
        clause.claim(hit.range);
    }
}

/// `maybe 4 or 5 sets`, `3~4세트`, `4-5 Sätze`: two counts for one, of which the second is
/// read with its unit; the first is taken out so it is read as no weight. The words between
/// are the lexicon's `alternatives`.
fn claim_alternatives(clause: &mut Clause) {
    static RE: OnceLock<(Regex, Regex)> = OnceLock::new();
    let (first, counted) = RE.get_or_init(|| {
        let words = alternation(&lexicon().counting.alternatives);
        (
            Regex::new(&format!(r"\d{{1,2}}\s*(?:[-–~]|(?:{words})\s)\s*"))
                .expect("alternatives pattern compiles"),
            Regex::new(&format!(r"^\d{{1,2}}\s*(?:{SETS}|{REPS})"))
                .expect("counted pattern compiles"),
        )
    });
    for hit in clause.hits(first) {
        let before = clause.text[..hit.range.start]
            .trim_end()
            .chars()
            .next_back();
        let in_sets = before.is_some_and(|c| matches!(c, 'x' | '×' | '*'));
        if !in_sets && counted.is_match(&clause.text[hit.range.end..]) {
            clause.claim(hit.range);
        }
    }
}

/// Lexicon words as a regex alternation; when no language lists any, a pattern that never
/// matches.
fn alternation(words: &[String]) -> String {
    if words.is_empty() {
        return r"[^\s\S]".to_string();
    }
    words
        .iter()
        .map(|w| regex::escape(w))
        .collect::<Vec<_>>()
        .join("|")
}

/// An effort score (`@RPE8`, `RPE 7.5`, `RIR 2`): how hard a set was, no weight or count.
fn claim_effort(clause: &mut Clause) {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"@?\s*\b(?:rpe|rir)\s*@?\s*\d{1,2}(?:[.,]\d)?")
            .expect("effort pattern compiles")
    });
    for hit in clause.hits(re) {
        clause.claim(hit.range);
    }
}

/// `5 each side`, `10 por pierna`, `12 pro Seite`: reps done on each side (the lexicon's
/// `per_side` words).
fn per_side() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        let words = alternation(&lexicon().counting.per_side);
        Regex::new(&format!(r"(\d{{1,3}})\s*(?:{REPS})?\s*(?:{words})"))
            .expect("per side pattern compiles")
    })
}

/// `x5` opening a lift's piece, with no weight in it: one more set of that many reps.
fn repeated_set(clause: &Clause, within: &Range<usize>) -> Option<(Range<usize>, i64)> {
    static RE: OnceLock<(Regex, Regex)> = OnceLock::new();
    let (set, weight) = RE.get_or_init(|| {
        (
            Regex::new(r"^\s*[x×]\s*(\d{1,2})\b").expect("repeated set compiles"),
            Regex::new(&format!(r"{NUM}\s*(?:{KG}|{LB})")).expect("weight compiles"),
        )
    });
    let piece = &clause.text[within.clone()];
    let c = set.captures(piece)?;
    let m = c.get(0)?;
    let range = within.start + m.start()..within.start + m.end();
    if !clause.is_free(&range) || weight.is_match(piece) {
        return None;
    }
    Some((range, c.get(1)?.as_str().parse().ok()?))
}

/// The weight of the last lift of `name` read in the entry.
fn last_weight(found: &Found, name: &str) -> Option<(f64, Option<&'static str>)> {
    let last = found.lifts.iter().rev().find(|l| l["name"] == name)?;
    let unit = match last["unit"].as_str() {
        Some("kg") => Some("kg"),
        Some("lb") => Some("lb"),
        Some("jin") => Some("jin"),
        _ => None,
    };
    Some((last["weight"].as_f64()?, unit))
}

/// The count written right before the name at `at` (`40 sit-ups`, `of 15 push-ups`, `20
/// air squats`): a whole number alone, not the end of sets × reps (`3x10 goblet squats`),
/// nor a week or day's number. Claims it.
fn count_before(clause: &mut Clause, within: &Range<usize>, at: usize) -> Option<i64> {
    if at <= within.start {
        return None;
    }
    let head = &clause.text[within.start..at];
    let trimmed = head.trim_end();
    if trimmed.len() == head.len() {
        return None;
    }
    let digits = trimmed.len() - trimmed.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if !(1..=3).contains(&digits) {
        return None;
    }
    let start = within.start + trimmed.len() - digits;
    let range = start..within.start + trimmed.len();
    let before = clause.text[..start].trim_end();
    let label = before
        .rsplit(|c: char| !c.is_alphanumeric())
        .next()
        .is_some_and(|w| {
            matches!(
                w,
                "week" | "wk" | "day" | "set" | "tag" | "woche" | "semana" | "semaine"
            )
        });
    let glued = clause.text[..start]
        .chars()
        .next_back()
        .is_some_and(|c| !c.is_whitespace() && c != '(' && c != ':');
    if glued || label || !clause.is_free(&range) {
        return None;
    }
    let n = clause.text[range.clone()].parse().ok()?;
    clause.claim(range);
    Some(n)
}

/// The count written right after the name at `at` (`pushups 25`, `dips: 12`) when nothing
/// follows it in the piece.
fn count_after(clause: &mut Clause, within: &Range<usize>, at: usize) -> Option<i64> {
    let tail = clause.text.get(at..within.end)?;
    let name_len = tail.find(|c: char| c.is_ascii_digit() || c == ':')?;
    if !tail[..name_len]
        .chars()
        .all(|c| c.is_alphabetic() || c == '-' || c == ' ')
    {
        return None;
    }
    let rest = &tail[name_len..];
    let number = rest.trim_start_matches([':', ' ']);
    let digits = number.len()
        - number
            .trim_start_matches(|c: char| c.is_ascii_digit())
            .len();
    if !(1..=3).contains(&digits) || !number[digits..].trim().is_empty() {
        return None;
    }
    let start = at + name_len + (rest.len() - number.len());
    let range = start..start + digits;
    if !clause.is_free(&range) {
        return None;
    }
    let n = clause.text[range.clone()].parse().ok()?;
    clause.claim(range);
    Some(n)
}

/// Reads one exercise's piece of a clause.
/// `name_at`: where the name stands in the clause, when the clause writes it.
fn segment(
    clause: &mut Clause,
    within: Range<usize>,
    name: Option<&str>,
    name_at: Option<usize>,
    found: &mut Found,
) -> bool {
    let p = patterns();
    let take = |re: &Regex, clause: &mut Clause| -> Vec<Hit> {
        let hits: Vec<Hit> = clause
            .hits(re)
            .into_iter()
            .filter(|h| h.range.start >= within.start && h.range.end <= within.end)
            .collect();
        for h in &hits {
            clause.claim(h.range.clone());
        }
        hits
    };
    let bodyweight = name.is_some_and(|n| BODYWEIGHT.contains(&n));
    let mut lifts: Vec<Lift> = Vec::new();
    // `…120kg x5 @RPE8, x5 @RPE8.5`: another set at the weight of the lift before.
    if let Some((range, reps)) = repeated_set(clause, &within) {
        if let Some(weight) = name.and_then(|n| last_weight(found, n)) {
            clause.claim(range);
            lifts.push(Lift {
                weight: Some(weight),
                reps: Some(reps),
                sets: Some(1),
            });
        }
    }

    // `DB bench 2x30kg 3x10`, `Seated DB press 2×22kg 3×10 (per hand)`: a pair of dumbbells
    // and the weight of one.
    let held: Vec<(usize, (f64, Option<&'static str>))> = if holds_pair(clause, &within, name) {
        take(&p.pair, clause)
            .iter()
            .filter_map(|h| Some((h.range.start, weight(h, 1, 2)?)))
            .collect()
    } else {
        Vec::new()
    };
    // `100/105/110kg 7/5/3회`: one set at each weight, with the reps in the same order.
    for h in take_lists(clause, &within) {
        lifts.extend(h);
    }
    for h in take(&p.counts_then_weight, clause) {
        lifts.push(Lift {
            weight: weight(&h, 3, 4),
            sets: int(&h, 1),
            reps: int(&h, 2),
        });
    }
    for h in take(&p.weighted_group, clause) {
        lifts.push(Lift {
            weight: weight(&h, 1, 2),
            reps: int(&h, 3),
            sets: int(&h, 4).or(Some(1)),
        });
    }
    // `스쿼트 25 35 45 55 (5회씩)`: one set at each weight.
    for h in take(&p.weights_each, clause) {
        let unit = weight(&h, 1, 2).and_then(|(_, u)| u);
        for w in h.get(1).unwrap_or("").split_whitespace() {
            if let Some(w) = super::clause::number(w) {
                lifts.push(Lift {
                    weight: Some((w, unit)),
                    reps: int(&h, 3),
                    sets: Some(1),
                });
            }
        }
    }
    // `벤치 60kg 12 10 8 6`: the reps of each set at one weight.
    for h in take(&p.weight_then_reps, clause) {
        let reps: Vec<i64> = h
            .get(3)
            .unwrap_or("")
            .split_whitespace()
            .filter_map(|r| r.parse().ok())
            .collect();
        push_sets(&mut lifts, weight(&h, 1, 2), &reps);
    }
    // `데드리프트 3RM 110`, `데드 130kg 1RM`: a tested max of that many reps.
    for h in take(&p.rep_max, clause) {
        let (w, reps) = match h.get(2) {
            Some(_) => (weight(&h, 2, 3), int(&h, 1)),
            None => (weight(&h, 4, 5), int(&h, 6)),
        };
        lifts.push(Lift {
            weight: w,
            reps,
            sets: Some(1),
        });
    }
    // `벤치 40/10, 50/8, 60/5`: one set of each weight/reps pair.
    for h in slash_pairs(clause, &within) {
        lifts.push(Lift {
            weight: weight(&h, 1, 2),
            reps: int(&h, 3),
            sets: Some(1),
        });
        clause.claim(h.range);
    }
    // `Squat / 30kg / 5,5,15`, `bench 60kg 10/8/6`: the reps of each set, listed.
    for h in take(&p.rep_list, clause) {
        // `5/3/1`: the name of a programme, not three sets.
        if h.get(3).is_some_and(|r| r.replace(' ', "") == "5/3/1") && h.get(1).is_none() {
            continue;
        }
        let reps: Vec<i64> = h
            .get(3)
            .unwrap_or("")
            .split([',', '/', '、', '-'])
            .filter_map(|r| r.trim().parse().ok())
            .collect();
        push_sets(&mut lifts, weight(&h, 1, 2), &reps);
    }
    // `deads 225 lb for 5`: one set of that many reps (not `for 3x5`, read below).
    for h in clause.hits(&p.weight_for_reps) {
        if h.get(4).is_some() || h.range.start < within.start || h.range.end > within.end {
            continue;
        }
        lifts.push(Lift {
            weight: weight(&h, 1, 2),
            reps: int(&h, 3),
            sets: Some(1),
        });
        clause.claim(h.range);
    }
    // `Dedlifts 315 for a single`: a weight with no unit, for one set of that many reps.
    for h in take(&p.bare_for_reps, clause) {
        if let (Some(w), Some(r)) = (h.num(1), int(&h, 2)) {
            if w > r as f64 {
                lifts.push(Lift {
                    weight: Some((w, None)),
                    reps: Some(r),
                    sets: Some(1),
                });
            }
        }
    }
    let mut weights: Vec<(usize, (f64, Option<&'static str>))> = take(&p.weight, clause)
        .iter()
        .filter_map(|h| Some((h.range.start, weight(h, 1, 2)?)))
        .chain(held)
        .collect();
    let mut pairs: Vec<(Option<i64>, Option<i64>)> = Vec::new();
    for h in take(&p.sets_of, clause) {
        // `3 sets of 45 sec`: a time held in each set, not reps.
        let reps = if h.get(3).is_some() {
            None
        } else {
            int(&h, 2).or(int(&h, 4))
        };
        pairs.push((int(&h, 1), reps));
    }
    for h in take(&p.reps_by_sets, clause) {
        pairs.push((int(&h, 2), int(&h, 1)));
    }
    let groups = take(&p.group, clause);
    // `40 sit-ups`, `4 rounds of 15 push-ups`: a count right before the name, that no
    // pattern above took, is its reps.
    // `pushups 25`, `Liegestütze: 35`: a bodyweight exercise's count after its name, with
    // nothing after it, is its reps too.
    let counted = name_at.and_then(|at| {
        count_before(clause, &within, at).or_else(|| {
            bodyweight
                .then(|| count_after(clause, &within, at))
                .flatten()
        })
    });
    // `5 each side`, `10 por pierna`: the reps, done on each side.
    let per_side = take(per_side(), clause).first().and_then(|h| int(h, 1));
    let reps = take(&p.reps, clause)
        .first()
        .and_then(|h| int(h, 1))
        .or(per_side)
        .or(counted);
    let sets = take(&p.sets, clause).first().and_then(|h| int(h, 1));
    // `172.5x1 @8.5`: beside a set that carries its own weight, a small number after `@`
    // is the effort (RPE), not a weight.
    let own_weight = groups.iter().any(|g| g.num(1).is_some_and(|a| a > 12.0));
    for h in take(&p.at_weight, clause) {
        if let Some(w) = h.num(1) {
            if own_weight && w <= 10.0 {
                continue;
            }
            weights.push((h.range.start, (w, None)));
        }
    }
    // `레그프레스 150 15x4`, `OHP 50 5x5`: a bare number beside counts is the weight, and the
    // counts are read as beside any weight (fifteen reps in four sets).
    let counts =
        |g: &Hit| g.num(3).is_none() && g.num(1).is_some_and(|a| a.fract() == 0.0 && a <= 30.0);
    if weights.is_empty() && !bodyweight && !groups.is_empty() && groups.iter().all(counts) {
        if let Some(w) = bare_weight(clause, &within) {
            weights.push((within.start, (w, None)));
        }
    }
    weights.sort_by_key(|(at, _)| *at);
    let weights: Vec<_> = weights.into_iter().map(|(_, w)| w).collect();
    let shared = |i: usize, n: usize| {
        if weights.len() == n {
            weights.get(i).copied()
        } else {
            weights.first().copied()
        }
    };
    // Japanese logs write weight, reps, sets in that order (`90kg 5×3`: five reps, three sets).
    let reps_first = clause
        .text
        .chars()
        .any(|c| matches!(c, '\u{3041}'..='\u{30FF}'));
    // `웜업 55kg 12회 하고 본세트 100x7`: a group whose first number cannot be a count of
    // sets carries its own weight (in the unit of the clause's other weights), and the
    // written weight keeps the reps beside it.
    let unit_here = match weights.as_slice() {
        [(_, u), rest @ ..] if rest.iter().all(|(_, v)| v == u) => *u,
        _ => None,
    };
    let (own, groups): (Vec<Hit>, Vec<Hit>) = groups.into_iter().partition(|g| {
        !weights.is_empty()
            && g.num(2).is_some()
            && g.num(1).is_some_and(|a| a > 20.0 || a.fract() != 0.0)
    });
    let n = pairs.len() + groups.len();
    for g in &own {
        lifts.push(Lift {
            weight: g.num(1).map(|a| (a, unit_here)),
            reps: int(g, 2),
            sets: int(g, 3).or(Some(1)),
        });
    }
    for (i, (s, r)) in pairs.iter().enumerate() {
        lifts.push(Lift {
            weight: shared(i, n),
            sets: *s,
            reps: *r,
        });
    }
    if !own.is_empty() && n == 0 && (reps.is_some() || sets.is_some()) {
        for w in &weights {
            lifts.push(Lift {
                weight: Some(*w),
                sets: sets.or(Some(1)),
                reps,
            });
        }
    }
    for (i, g) in groups.iter().enumerate() {
        let (a, b, c) = (g.num(1).unwrap_or(0.0), int(g, 2), int(g, 3));
        let lift = if !weights.is_empty() {
            // `40kg 12 x 3`: twelve reps in three sets (nobody does twelve sets of three).
            let (sets, reps) = match b {
                Some(b) if (reps_first || a >= 6.0) && b <= 5 && a.fract() == 0.0 => {
                    (Some(b), Some(a as i64))
                }
                _ => (Some(a as i64), b),
            };
            Lift {
                weight: shared(pairs.len() + i, n),
                sets,
                reps,
            }
        } else if c.is_some() {
            Lift {
                weight: Some((a, None)),
                reps: b,
                sets: c,
            }
        } else if bodyweight || (a <= 12.0 && a.fract() == 0.0) {
            Lift {
                weight: None,
                sets: Some(a as i64),
                reps: b,
            }
        } else {
            Lift {
                weight: Some((a, None)),
                reps: b,
                sets: Some(1),
            }
        };
        lifts.push(lift);
    }
    // A count of sets alone, of no lift named (`3组很吃力`), is nothing to log.
    let sets_alone = weights.is_empty() && reps.is_none() && name.is_none();
    if lifts.is_empty() && !sets_alone && (reps.is_some() || sets.is_some() || !weights.is_empty())
    {
        let sets = sets.or(reps.map(|_| 1));
        if weights.is_empty() {
            lifts.push(Lift {
                weight: None,
                sets,
                reps,
            });
        }
        for w in &weights {
            lifts.push(Lift {
                weight: Some(*w),
                sets,
                reps,
            });
        }
    }
    if lifts.is_empty() {
        return false;
    }
    // `OHP 50 5x5`, `데드리프트 115 3x5`, `100로 5회 3세트`: the one bare number beside the
    // sets is the weight, its unit unknown.
    if !bodyweight && lifts.iter().all(|l| l.weight.is_none()) {
        if let Some(w) = bare_weight(clause, &within) {
            for lift in &mut lifts {
                lift.weight = Some((w, None));
            }
        }
    }
    if name.is_none() {
        found.flag("strength.exercises.name");
    }
    for lift in lifts {
        let (w, unit) = match lift.weight {
            Some((w, u)) => (json!(w), u.map_or(Value::Null, |u| json!(u))),
            None => (Value::Null, Value::Null),
        };
        if !w.is_null() && unit.is_null() {
            found.flag("strength.exercises.unit");
        }
        found.lifts.push(json!({
            "name": name.unwrap_or("unknown"),
            "weight": w,
            "unit": unit,
            "sets": lift.sets,
            "reps": lift.reps,
        }));
    }
    true
}

/// Whether `2x30kg` in a lift's piece of a clause is a pair of dumbbells: the lift is a
/// dumbbell's or kettlebell's, the weight is said to be per hand, or sets are written beside
/// it (`2x30kg 3x10`).
fn holds_pair(clause: &Clause, within: &Range<usize>, name: Option<&str>) -> bool {
    const PER_HAND: [&str; 6] = ["per hand", "each", "je hand", "pro hand", "par main", "각"];
    let text = &clause.text[within.clone()];
    if !text.contains(['x', '×']) {
        return false;
    }
    name.is_some_and(|n| n.contains("dumbbell") || n.contains("kettlebell"))
        || PER_HAND.iter().any(|w| text.contains(w))
        || sets_shape().find_iter(text).count() >= 2
}

/// `100/105/110kg 7/5/3회`, `60/65/70 x 8/6/4`: as many weights as reps, one set of each
/// pair. The first list must be the weights: a unit says so, or each is above its reps.
/// Claims what it reads.
fn take_lists(clause: &mut Clause, within: &Range<usize>) -> Vec<Vec<Lift>> {
    if !clause.text.contains('/') {
        return Vec::new();
    }
    let hits: Vec<Hit> = clause
        .hits(&patterns().weights_reps_lists)
        .into_iter()
        .filter(|h| h.range.start >= within.start && h.range.end <= within.end)
        .collect();
    let mut out = Vec::new();
    for h in hits {
        let list = |i: usize| -> Vec<f64> {
            h.get(i)
                .unwrap_or("")
                .split('/')
                .filter_map(|n| super::clause::number(n.trim()))
                .collect()
        };
        let (weights, reps) = (list(1), list(3));
        let unit = h.get(2).map(unit_name);
        let heavier = weights.iter().zip(&reps).all(|(w, r)| w > r);
        if weights.len() != reps.len() || !(unit.is_some() || heavier) {
            continue;
        }
        out.push(
            weights
                .iter()
                .zip(&reps)
                .map(|(w, r)| Lift {
                    weight: Some((*w, unit)),
                    reps: Some(*r as i64),
                    sets: Some(1),
                })
                .collect(),
        );
        clause.claim(h.range);
    }
    out
}

/// The sets of a list of reps at one weight: a run of equal reps is one lift of that many
/// sets (`10, 10, 8` -> 2 x 10 and 1 x 8).
fn push_sets(lifts: &mut Vec<Lift>, weight: Option<(f64, Option<&'static str>)>, reps: &[i64]) {
    for run in reps.chunk_by(|a, b| a == b) {
        lifts.push(Lift {
            weight,
            sets: Some(run.len() as i64),
            reps: Some(run[0]),
        });
    }
}

/// `(3라운드)`, `x 3 rounds`: a superset or circuit done that many times. Claims the words.
pub fn rounds(line: &mut Clause) -> Option<i64> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(\d{1,2})\s*(?:라운드|rounds?|rondas?|runden|tours|回り|轮)")
            .expect("rounds pattern compiles")
    });
    let hit = line.hits(re).into_iter().next()?;
    let n = int(&hit, 1).filter(|n| (2..=20).contains(n))?;
    line.claim(hit.range);
    Some(n)
}

/// Each lift of a line done in `rounds` rounds is that many sets (one per round).
pub fn repeat_rounds(lifts: &mut [Value], rounds: i64) {
    for lift in lifts {
        if lift["sets"] == json!(1) {
            lift["sets"] = json!(rounds);
        }
    }
}

/// `40/10`, `27.5/10`, `60kg/5`: a weight and its reps, in a clause that is about a lift.
/// Not part of a longer list of reps (`10/10/8`), and not a score (`7/10`: the weight must be
/// more than the reps unless a unit says it is a weight).
fn slash_pairs(clause: &Clause, within: &Range<usize>) -> Vec<Hit> {
    let text = clause.text.as_str();
    let re = &patterns().weight_slash_reps;
    clause
        .hits(re)
        .into_iter()
        .filter(|h| h.range.start >= within.start && h.range.end <= within.end)
        .filter(|h| {
            let before = text[..h.range.start].chars().next_back();
            let rest = text[h.range.end..].trim_start();
            let listed =
                |c: Option<char>| c.is_some_and(|c| c == '/' || c.is_ascii_digit() || c == '.');
            let (w, r) = (h.num(1).unwrap_or(0.0), h.num(3).unwrap_or(0.0));
            !listed(before)
                && !listed(rest.chars().next())
                && !reps_follow(rest)
                && (h.get(2).is_some() || w > r)
                && r >= 1.0
        })
        .collect()
}

/// The only number left unread in a lift's piece of a clause, when there is exactly one and
/// it is no effort score (`RPE 8`), week (`week 3`) or clock time (`18:00`).
fn bare_weight(clause: &Clause, within: &Range<usize>) -> Option<f64> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(&format!(
            r"(rpe|rir|@|week|wk|day|tag|woche|semana|semaine)?\s*({NUM})(:)?(?:으로|로)?(\s*(?:분|초|시간|秒|分|min(?:ute)?s?\b|sec(?:ond)?s?\b)|s\b)?"
        ))
        .expect("bare number compiles")
    });
    let hits: Vec<Hit> = clause
        .hits(re)
        .into_iter()
        .filter(|h| h.range.start >= within.start && h.range.end <= within.end)
        .collect();
    match hits.as_slice() {
        // `플랭크 1분 3세트`, `plank 60s x 3`: a time held, not a weight.
        [only] if only.get(1).is_none() && only.get(3).is_none() && only.get(4).is_none() => {
            only.num(2).filter(|w| *w > 0.0)
        }
        _ => None,
    }
}

/// `,5,15` after `30kg / 5`: the pair was the start of a list of reps, not a pair.
fn reps_follow(rest: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| Regex::new(r"^,\s*\d{1,3}\s*(?:,|$)").expect("reps pattern compiles"))
        .is_match(rest)
}

fn int(h: &Hit, i: usize) -> Option<i64> {
    h.num(i).filter(|x| x.fract() == 0.0).map(|x| x as i64)
}

fn weight(h: &Hit, value: usize, unit: usize) -> Option<(f64, Option<&'static str>)> {
    let w = h.num(value)?;
    Some((w, h.get(unit).map(unit_name)))
}

/// `kg`, `lb` or `jin` for a unit word: every pound spelling starts with `l`/`p` or is one
/// of the CJK words; no kilo one does. A weight keeps the unit it was written in (`90斤`
/// is 90 jin, as `185 lb` is 185 lb).
fn unit_name(word: &str) -> &'static str {
    if word == "斤" {
        "jin"
    } else if LB.has(word) {
        "lb"
    } else {
        "kg"
    }
}

/// The rest of a line that starts with a set's number (`2세트 87.5kg 5회`, `Set 2: 60kg x 8`,
/// `3セット目 50kg 10回`): one set, whose number is not a count of sets.
pub fn set_ordinal(line: &str) -> Option<&str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(
            r"(?i)^\s*(?:[-*+]\s+)?(?:(?:set|satz|série|serie)\s*#?\d{1,2}\b|\d{1,2}\s*(?:세트|セット目?|组|組)|\d{1,2}\s*(?:set|st|nd|rd|th)\b|第\d{1,2}组)\s*[:.)\-–]?\s*",
        )
        .expect("set ordinal pattern compiles")
    });
    let m = re.find(line)?;
    let rest = &line[m.end()..];
    rest.bytes().any(|b| b.is_ascii_digit()).then_some(rest)
}

/// `DC 52,5 kg, 3x10`, `划船：65公斤，4组，每组8个`, `스쿼트 한 3세트 정도? 무게는 80kg
/// 10회`: one lift's weight, sets and reps written as clauses of their own (hedges and
/// labels between them), read as one lift. Looks at the lifts from `start` (those of one
/// line): two lifts of the same name in a row, each lacking what the other has, are one.
pub fn join_fields(lifts: &mut Vec<Value>, start: usize) {
    let mut i = start;
    while i + 1 < lifts.len() {
        if counted_by_list(&lifts[i..]) {
            lifts.remove(i);
            continue;
        }
        if !complete_each_other(&lifts[i], &lifts[i + 1]) {
            i += 1;
            continue;
        }
        let b = lifts.remove(i + 1);
        let a = &mut lifts[i];
        for field in ["weight", "unit", "reps"] {
            if a[field].is_null() {
                a[field] = b[field].clone();
            }
        }
        // A set count of one is what a lift gets when none is written (`80kg 10회`).
        if a["sets"].is_null() || a["sets"] == json!(1) && !b["sets"].is_null() {
            a["sets"] = b["sets"].clone();
        }
    }
}

/// `引体向上 5组，每组做到力竭（10、8、7、6、5）`: a count of sets alone, then as many sets
/// of the same lift with their reps: the count was theirs.
fn counted_by_list(lifts: &[Value]) -> bool {
    let [first, rest @ ..] = lifts else {
        return false;
    };
    let Some(n) = first["sets"].as_i64() else {
        return false;
    };
    if !first["reps"].is_null() || !first["weight"].is_null() {
        return false;
    }
    let listed: Vec<&Value> = rest
        .iter()
        .take_while(|l| l["name"] == first["name"] && !l["reps"].is_null())
        .collect();
    listed.len() >= 2
        && listed
            .iter()
            .filter_map(|l| l["sets"].as_i64())
            .sum::<i64>()
            == n
}

/// Whether two lifts are the parts of one: the same name, one without a weight and the
/// other with it, or one without reps and the other with them, and nothing said twice (a
/// set count of one may be the default one).
fn complete_each_other(a: &Value, b: &Value) -> bool {
    let has = |v: &Value, f: &str| !v[f].is_null();
    let once = |f: &str| !(has(a, f) && has(b, f));
    let sets_once = once("sets") || a["sets"] == json!(1) || b["sets"] == json!(1);
    let parts = has(a, "weight") != has(b, "weight") || has(a, "reps") != has(b, "reps");
    a["name"] == b["name"] && once("weight") && once("reps") && sets_once && parts
}

/// Consecutive single sets of the same lift at the same weight and reps (written one set
/// per line) become one lift with their count as sets.
pub fn merge_single_sets(lifts: &mut Vec<Value>) {
    let key = |v: &Value| {
        (
            v["name"].clone(),
            v["weight"].clone(),
            v["unit"].clone(),
            v["reps"].clone(),
        )
    };
    let mut out: Vec<Value> = Vec::with_capacity(lifts.len());
    let mut run = 0;
    for lift in lifts.drain(..) {
        let single = lift["sets"].as_i64() == Some(1);
        match out.last_mut() {
            Some(last) if single && run > 0 && key(last) == key(&lift) => {
                run += 1;
                last["sets"] = json!(run);
            }
            _ => {
                run = if single { 1 } else { 0 };
                out.push(lift);
            }
        }
    }
    *lifts = out;
}

#[cfg(test)]
mod set_tests {
    use super::*;

    #[test]
    fn numbered_sets_are_not_counts_of_sets() {
        assert_eq!(set_ordinal("2세트 87.5kg 5회"), Some("87.5kg 5회"));
        assert_eq!(set_ordinal("- Set 2: 60kg x 8"), Some("60kg x 8"));
        assert_eq!(set_ordinal("3 sets of 5 at 185"), None);
        assert_eq!(set_ordinal("1세트"), None, "no numbers after it");
    }

    #[test]
    fn repeated_single_sets_are_counted() {
        let set = |w: f64, r: i64| json!({"name": "squat", "weight": w, "unit": "kg", "sets": 1, "reps": r});
        let mut lifts = vec![set(90.0, 5), set(90.0, 5), set(90.0, 4), set(95.0, 3)];
        merge_single_sets(&mut lifts);
        let sets: Vec<_> = lifts
            .iter()
            .map(|l| {
                (
                    l["weight"].as_f64().unwrap(),
                    l["reps"].as_i64().unwrap(),
                    l["sets"].as_i64().unwrap(),
                )
            })
            .collect();
        assert_eq!(sets, [(90.0, 5, 2), (90.0, 4, 1), (95.0, 3, 1)]);
    }
}
