//! Corrections a person writes into a log. The corrected value is the one read, never the
//! one it replaces: struck text (`~~레그프레스 100 x 12 x 4~~ → 110 x 12 x 4`), a note on
//! the line that changes one number (`벤치 32.5 x 10 x 3 (수정: 8회였음)`), and a later line
//! that corrects an earlier one (`(수정) 아까 스쿼트 57.5 아니고 52.5kg으로 했음`, `squat was
//! not 100 but 95kg`).

use std::sync::OnceLock;

use regex::Regex;
use serde_json::{json, Value};

use super::clause::{number, Clause};
use super::units::{KG, LB, NUM, REPS};

/// The line without its struck text (`~~...~~`), or `None` when nothing is struck. When
/// what is left starts with its numbers, the words the struck part opened with (the
/// exercise) stay: `~~벤치 22.5 x 12 x 4~~ → 27.5 x 12 x 4` is a bench of 27.5.
pub fn unstrike(line: &str) -> Option<String> {
    if !line.contains("~~") {
        return None;
    }
    let (mut kept, mut struck) = (String::new(), String::new());
    let mut rest = line;
    while let Some(i) = rest.find("~~") {
        let Some(j) = rest[i + 2..].find("~~") else {
            break;
        };
        kept.push_str(&rest[..i]);
        struck.push_str(&rest[i + 2..i + 2 + j]);
        struck.push(' ');
        rest = &rest[i + 2 + j + 2..];
    }
    kept.push_str(rest);
    let kept = kept
        .trim()
        .trim_start_matches(['→', '⇒', '-', '=', '>', ':', ' '])
        .trim();
    let head = |s: &str| s[..s.find(|c: char| c.is_ascii_digit()).unwrap_or(s.len())].to_string();
    let name = head(struck.trim());
    let bare = !head(kept).chars().any(char::is_alphabetic);
    Some(if bare && kept.contains(|c: char| c.is_ascii_digit()) {
        format!("{} {kept}", name.trim())
    } else {
        kept.to_string()
    })
}

/// A number a correction gives, and which field of a lift it is.
#[derive(Debug, Clone, Copy)]
pub struct Fix {
    value: f64,
    reps: bool,
    unit: Option<&'static str>,
}

impl Fix {
    fn of(value: f64, unit: Option<&str>) -> Fix {
        let unit = unit.map(str::trim).filter(|u| !u.is_empty());
        let reps = unit.is_some_and(|u| !is_weight_unit(u));
        Fix {
            value,
            reps,
            unit: unit
                .filter(|u| is_weight_unit(u))
                .map(|u| if LB.has(u) { "lb" } else { "kg" }),
        }
    }

    /// Writes the value into `lift`.
    fn apply(&self, lift: &mut Value) {
        if self.reps {
            lift["reps"] = json!(self.value as i64);
        } else {
            lift["weight"] = json!(self.value);
            if let Some(u) = self.unit {
                lift["unit"] = json!(u);
            }
        }
    }
}

fn is_weight_unit(u: &str) -> bool {
    KG.has(u) || LB.has(u)
}

/// `(수정: 8회였음)`, `(correction: 8 reps)`, `(Korrektur: 62,5 kg)`: a note correcting one
/// number of the line's lift. Claims it and returns the fix.
pub fn noted(line: &mut Clause) -> Option<Fix> {
    const CUES: [&str; 8] = [
        "수정",
        "정정",
        "correct",
        "edit",
        "korrektur",
        "korrigiert",
        "corrigé",
        "修正",
    ];
    if !line.text.contains(['(', '（']) || !CUES.iter().any(|c| line.text.contains(c)) {
        return None;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(&format!(
            r"[(（]\s*(?:수정|정정|correction|corrected|edit|edited|korrektur|korrigiert|corrigé|修正|更正|订正)\s*[:：]?\s*(?:was|war|actually|실제|실제로)?\s*({NUM})\s*({REPS}|{KG}|{LB})?\s*(?:였음|이었음|였다|였어|임)?\s*[)）]"
        ))
        .expect("correction note compiles")
    });
    let hit = line.hits(re).into_iter().next()?;
    let fix = Fix::of(hit.num(1)?, hit.get(2));
    line.claim(hit.range);
    Some(fix)
}

/// Applies a line's note to the last lift read from that line (`lifts`).
pub fn apply_noted(fix: Fix, lifts: &mut [Value]) {
    if let Some(lift) = lifts.last_mut() {
        fix.apply(lift);
    }
}

/// Whether a lowercase line may correct an earlier one (a cheap look before the patterns).
pub fn may_correct(text: &str) -> bool {
    [
        "아니",
        "not ",
        "nicht",
        "pas ",
        "不是",
        "じゃなく",
        "ではなく",
    ]
    .iter()
    .any(|w| text.contains(w))
}

/// `아까 스쿼트 57.5 아니고 52.5kg으로 했음`, `squat was not 100 but 95kg`, `KB nicht 100
/// sondern 105 kg`: the old number and the new one, with their units.
fn replaced(text: &str) -> Option<(f64, Fix)> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        let unit = format!(r"\s*({KG}|{LB}|{REPS})?");
        Regex::new(&format!(
            r"(?:({NUM}){unit}\s*(?:이|가)?\s*아니(?:고|라)|({NUM}){unit}\s*(?:じゃなくて|ではなく)|(?:\bnot|\bnicht|\bpas|不是)\s*({NUM}){unit}\s*,?\s*(?:but|sondern|mais|而是|是)?)\s*({NUM}){unit}"
        ))
        .expect("correction pattern compiles")
    });
    let c = re.captures(text)?;
    let old = [1, 3, 5].iter().find_map(|&i| c.get(i))?;
    let old_unit = [2, 4, 6].iter().find_map(|&i| c.get(i)).map(|m| m.as_str());
    let new = number(c.get(7)?.as_str())?;
    let new_unit = c.get(8).map(|m| m.as_str()).or(old_unit);
    Some((number(old.as_str())?, Fix::of(new, new_unit)))
}

/// Reads a line that corrects a lift read earlier in the entry: the last lift of the named
/// exercise (any, when none is named) whose weight (or reps) was the old number takes the
/// new one. Whether the line was such a correction (it then logs nothing else).
pub fn later(text: &str, name: Option<&str>, lifts: &mut [Value]) -> bool {
    let Some((old, fix)) = replaced(text) else {
        return false;
    };
    let field = if fix.reps { "reps" } else { "weight" };
    let target = lifts.iter_mut().rev().find(|l| {
        name.is_none_or(|n| l["name"].as_str() == Some(n))
            && l[field].as_f64().is_some_and(|v| (v - old).abs() < 0.01)
    });
    if let Some(lift) = target {
        fix.apply(lift);
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struck_text_is_replaced_by_what_follows() {
        assert_eq!(
            unstrike("~~레그프레스 100 x 12 x 4~~ → 110 x 12 x 4").as_deref(),
            Some("레그프레스 110 x 12 x 4")
        );
        assert_eq!(
            unstrike("Bench 80kg ~~5x5~~ 5x4").as_deref(),
            Some("Bench 80kg  5x4")
        );
        assert_eq!(unstrike("~~squat 100kg 5x5~~").as_deref(), Some(""));
        assert_eq!(unstrike("squat 100kg 5x5"), None);
    }

    #[test]
    fn replaced_numbers_in_several_languages() {
        let r = |t: &str| replaced(t).map(|(old, fix)| (old, fix.value, fix.reps));
        assert_eq!(
            r("(수정) 아까 스쿼트 57.5 아니고 52.5kg으로 했음"),
            Some((57.5, 52.5, false))
        );
        assert_eq!(r("squat was not 100 but 95kg"), Some((100.0, 95.0, false)));
        assert_eq!(r("bench nicht 8 sondern 6 wdh"), Some((8.0, 6.0, true)));
        assert_eq!(r("卧推不是60公斤是65公斤"), Some((60.0, 65.0, false)));
        assert_eq!(r("not bad, 5x5"), None);
    }
}
