//! A bound a question puts on the values it counts: `nights I slept under 7 hours`,
//! `days with more than 10,000 steps`, `7時間未満`, `10km 이상`, `至少8小时`. The words come
//! from the lexicon (`questions.thresholds`): written before the number or after the
//! number and its unit.

use std::sync::OnceLock;

use super::pattern::Pattern;
use super::read::lexicon::{alternation_of, lexicon, Part, Sides};

/// How a value must compare with the bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Compare {
    MoreThan,
    AtLeast,
    LessThan,
    AtMost,
}

/// A bound read from a question.
#[derive(Debug, Clone, PartialEq)]
pub struct Threshold {
    pub compare: Compare,
    pub number: f64,
    /// The unit the number was written in, as the lexicon names it (`hour`, `km`), when
    /// the lexicon knows the word.
    pub unit: Option<String>,
    /// The word after the number (`hours`, `歩`), as written.
    pub unit_word: String,
    /// The words as the question wrote them (`under 7 hours`).
    pub phrase: String,
}

impl Threshold {
    /// The bound as written, without a word after its number that is no unit (`more
    /// than 4` of `more than 4 focus hours`).
    pub fn words(&self) -> String {
        match (
            &self.unit,
            self.phrase.strip_suffix(self.unit_word.as_str()),
        ) {
            (None, Some(bare)) if !self.unit_word.is_empty() => bare.trim().to_string(),
            _ => self.phrase.clone(),
        }
    }

    /// The measure with the bound in the question's words (`sleep under 7 hours`); the
    /// phrase alone when it names the measure already (`more than 10,000 steps`).
    pub fn label(&self, measure: &str) -> String {
        match self.phrase.contains(&measure.to_lowercase()) {
            true => self.phrase.clone(),
            false => format!("{measure} {}", self.phrase),
        }
    }

    /// Whether `value`, measured in `unit` (`hour`, `km`...; `None`: as written), passes.
    /// A bound in another kind of unit (`runs under 30 min` over kilometres) bounds nothing.
    pub fn passes(&self, value: f64, unit: Option<&str>) -> bool {
        let bound = match (self.unit.as_deref(), unit) {
            (Some(from), Some(to)) => match convert(self.number, from, to) {
                Some(bound) => bound,
                None => return true,
            },
            _ => self.number,
        };
        let close = (value - bound).abs() < 1e-9;
        match self.compare {
            Compare::MoreThan => value > bound && !close,
            Compare::AtLeast => value > bound || close,
            Compare::LessThan => value < bound && !close,
            Compare::AtMost => value < bound || close,
        }
    }
}

/// `number` in `from` units as `to` units: the same unit, or one a multiple of the other.
fn convert(number: f64, from: &str, to: &str) -> Option<f64> {
    if from == to {
        return Some(number);
    }
    let scale = |unit: &str| match unit {
        "hour" => Some(("time", 60.0)),
        "minute" => Some(("time", 1.0)),
        "second" => Some(("time", 1.0 / 60.0)),
        "km" => Some(("length", 1000.0)),
        "mile" => Some(("length", 1609.344)),
        "m" => Some(("length", 1.0)),
        "kg" => Some(("mass", 1000.0)),
        "lb" => Some(("mass", 453.592)),
        "g" => Some(("mass", 1.0)),
        _ => None,
    };
    match (scale(from), scale(to)) {
        (Some((a, x)), Some((b, y))) if a == b => Some(number * x / y),
        _ => None,
    }
}

/// The bound `lower` (a lowercase question) names, and the question without its words
/// (the unit's word kept: `steps` still names the measure).
pub fn read(lower: &str) -> Option<(Threshold, String)> {
    // Every bound has a number: a question without one pays for no pattern.
    if !lower.chars().any(char::is_numeric) {
        return None;
    }
    let [before, after] = patterns();
    let lex = lexicon();
    let t = &lex.questions.thresholds;
    let sides = [
        (Compare::MoreThan, &t.more_than),
        (Compare::AtLeast, &t.at_least),
        (Compare::LessThan, &t.less_than),
        (Compare::AtMost, &t.at_most),
    ];
    let of = |word: &str, side: fn(&Sides) -> &Vec<String>| {
        let word = word.split_whitespace().collect::<Vec<_>>().join(" ");
        sides
            .iter()
            .find(|(_, s)| side(s).contains(&word))
            .map(|(c, _)| *c)
    };
    let found = before
        .captures(lower)
        .and_then(|c| {
            let compare = of(c.name("word")?.as_str(), |s| &s.before)?;
            Some((c, compare))
        })
        .or_else(|| {
            let c = after.captures(lower)?;
            let compare = of(c.name("word")?.as_str(), |s| &s.after)?;
            Some((c, compare))
        });
    let (caps, compare) = found?;
    let unit_word = caps.name("unit").map_or("", |m| m.as_str());
    let digits = caps.name("number")?.as_str();
    // `in 2019`: a year is no bound.
    if unit_word.is_empty()
        && digits.len() == 4
        && (digits.starts_with("19") || digits.starts_with("20"))
    {
        return None;
    }
    let mut number = super::read::value::grouped(digits)?;
    if let Some(scale) = caps.name("scale") {
        if let Some(Part::Scale(s)) = lex.numbers.get(scale.as_str()) {
            number *= f64::from(*s);
        }
    }
    let whole = caps.get(0)?;
    // `10k steps`: a `k` glued to the number before a word of what is counted is
    // thousands (`10k` alone is a run's kilometres).
    let after_word = lower[whole.end()..]
        .split_whitespace()
        .next()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()));
    let (unit_word, end) = match after_word {
        Some(w) if unit_word == "k" && w.chars().all(char::is_alphabetic) && !w.is_empty() => {
            number *= 1000.0;
            let at = lower[whole.end()..]
                .find(w)
                .map_or(whole.end(), |i| whole.end() + i + w.len());
            (w, at)
        }
        _ => (unit_word, whole.end()),
    };
    let phrase = lower[whole.start()..end].trim().to_string();
    let rest = format!("{} {unit_word} {}", &lower[..whole.start()], &lower[end..]);
    let threshold = Threshold {
        compare,
        number,
        unit: unit_named(unit_word),
        unit_word: unit_word.to_string(),
        phrase,
    };
    Some((threshold, rest))
}

/// The lexicon's unit whose spelling starts `word` (`hours`, `時間`, `小时的`).
fn unit_named(word: &str) -> Option<String> {
    use crate::offline::read::units::measure_unit;
    let glued = word
        .chars()
        .next()
        .is_some_and(crate::domains::is_spaceless);
    // In a script without spaces the unit may be glued to what follows (`歩以上`): its
    // longest spelling at the start.
    let ends = word
        .char_indices()
        .rev()
        .map(|(i, _)| i)
        .filter(|&i| glued && i > 0);
    std::iter::once(word.len())
        .chain(ends)
        .find_map(|end| measure_unit(&word[..end]))
        .map(str::to_string)
}

/// A bound's two shapes: its words before the number, or after the number and its unit.
fn patterns() -> &'static [Pattern; 2] {
    static P: OnceLock<[Pattern; 2]> = OnceLock::new();
    P.get_or_init(|| {
        let t = &lexicon().questions.thresholds;
        let all = |side: fn(&Sides) -> &Vec<String>| {
            let words: Vec<String> = [&t.more_than, &t.at_least, &t.less_than, &t.at_most]
                .into_iter()
                .flat_map(|s| side(s).iter().cloned())
                .collect();
            alternation_of(&words)
        };
        let scales: Vec<String> = lexicon()
            .numbers
            .iter()
            .filter(|(_, p)| matches!(p, Part::Scale(_)))
            .map(|(w, _)| regex::escape(w))
            .collect();
        let scale = match scales.is_empty() {
            true => String::new(),
            false => format!("(?:\\s*(?P<scale>{}))?", scales.join("|")),
        };
        let number = format!(r"(?P<number>\d+(?:[.,]\d+)*){scale}");
        [
            Pattern::new(&format!(
                r"(?P<word>{})\s*{number}\s*(?P<unit>[\p{{L}}%]+)?",
                all(|s| &s.before)
            )),
            Pattern::new(&format!(
                r"{number}\s*(?P<unit>[\p{{L}}%]*?)\s*(?P<word>{})",
                all(|s| &s.after)
            )),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bound(q: &str) -> Option<(Compare, f64, Option<String>)> {
        read(q).map(|(t, _)| (t.compare, t.number, t.unit))
    }

    #[test]
    fn bounds_in_every_shape_people_ask_them() {
        let hour = Some("hour".to_string());
        let cases = [
            (
                "how many nights did i sleep under 7 hours",
                Compare::LessThan,
                7.0,
                hour.clone(),
            ),
            (
                "days with more than 10,000 steps",
                Compare::MoreThan,
                10000.0,
                None,
            ),
            (
                "runs of 10 km or more",
                Compare::AtLeast,
                10.0,
                Some("km".into()),
            ),
            (
                "7時間未満しか寝なかった日は何日",
                Compare::LessThan,
                7.0,
                hour.clone(),
            ),
            ("1万歩以上歩いた日", Compare::AtLeast, 10000.0, None),
            (
                "8시간 이상 잔 날은 며칠이야",
                Compare::AtLeast,
                8.0,
                hour.clone(),
            ),
            ("睡眠少于6小时的天数", Compare::LessThan, 6.0, hour.clone()),
            (
                "wie oft habe ich mehr als 7,5 stunden geschlafen",
                Compare::MoreThan,
                7.5,
                hour,
            ),
            (
                "¿cuántos días caminé menos de 5.000 pasos?",
                Compare::LessThan,
                5000.0,
                None,
            ),
        ];
        for (q, compare, number, unit) in cases {
            assert_eq!(bound(q), Some((compare, number, unit)), "{q}");
        }
        assert_eq!(bound("how many runs in 2019"), None);
        assert_eq!(bound("what did i do over the weekend"), None);
        let (_, rest) = read("days with more than 10,000 steps").unwrap();
        assert!(rest.contains("steps") && !rest.contains("10,000"), "{rest}");
    }

    #[test]
    fn a_bound_compares_in_the_unit_of_the_values() {
        let (under, _) = read("nights under 7 hours").unwrap();
        assert!(under.passes(6.5, Some("hour")) && !under.passes(7.0, Some("hour")));
        assert!(under.passes(400.0, Some("minute")) && !under.passes(420.0, Some("minute")));
        let (least, _) = read("at least 10 km").unwrap();
        assert!(least.passes(10.0, Some("km")) && least.passes(6.3, Some("mile")));
        assert!(!least.passes(9.9, None));
        let (minutes, _) = read("runs under 30 min").unwrap();
        assert!(
            minutes.passes(12.0, Some("km")),
            "minutes bound no distance"
        );
    }
}
