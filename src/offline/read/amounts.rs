//! Counts and amounts tied to their own words, so they need no context: coffee, drinks,
//! steps, protein, calories, mood/energy/stress out of 10, deep work and meetings.

use std::sync::OnceLock;

use regex::{Regex, RegexSet};
use serde_json::json;

use super::clause::{number, Clause, Hit};
use super::found::{round2, Found};
use super::lexicon::{lexicon, Amount, Part};
use super::units::{HOURS, MINUTES, NUM};

/// How the number of a pattern is read.
#[derive(Clone, Copy, PartialEq)]
enum Read {
    /// A count, in digits or words (`two coffees`, `커피 두 잔`).
    Count,
    /// A plain number.
    Amount,
    /// `12,400`, `12.400`, `8k`.
    Steps,
    /// A score out of 10 (group 1 the word, group 2 the score).
    Score,
    /// Hours or minutes (group 2 the unit).
    Hours,
}

struct Pattern {
    domain: &'static str,
    field: &'static str,
    read: Read,
    /// Whether every match holds a digit (counts can be words: `two coffees`).
    digits: bool,
    /// For counts that can be words: the thing counted, which every match holds (see
    /// [`nouns`]).
    noun: Option<Noun>,
    re: Regex,
}

/// What a count is of.
#[derive(Clone, Copy)]
enum Noun {
    Coffee,
    Drinks,
    Meetings,
}

/// The words of `amount`, every language's, as one alternation (longest first; a space
/// matches any run of spaces, or none: `아이스 아메리카노`, `걸음수`).
fn words(amount: Amount) -> String {
    lexicon()
        .amounts
        .get(&amount)
        .map(|words| {
            words
                .iter()
                .map(|w| regex::escape(w).replace(' ', r"\s*"))
                .collect::<Vec<_>>()
                .join("|")
        })
        // A language file that names none: a pattern that never matches a note.
        .unwrap_or_else(|| "\u{0}".to_string())
}

/// A count in digits or small number words (`2`, `two`, `a`, `두`, `两`).
fn count_words() -> String {
    let mut small: Vec<&str> = lexicon()
        .numbers
        .iter()
        .filter(|(_, part)| matches!(part, Part::Plain(1..=12)))
        .map(|(w, _)| w.as_str())
        .collect();
    small.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    let small: Vec<String> = small.into_iter().map(regex::escape).collect();
    format!(
        r"\d+|{}|{}|{}",
        words(Amount::Two),
        words(Amount::One),
        small.join("|")
    )
}

/// The patterns' pieces, built once from the language files.
struct Words {
    count: String,
    coffee: String,
    drinks: String,
    cups: String,
    counters: String,
    protein: String,
    grams: String,
    hedge: String,
    kcal: String,
    scores: String,
    deep: String,
    meetings: String,
}

fn pieces() -> &'static Words {
    static W: OnceLock<Words> = OnceLock::new();
    W.get_or_init(|| Words {
        count: count_words(),
        coffee: words(Amount::Coffee),
        drinks: words(Amount::Drinks),
        cups: format!(r"(?:{})\s+", words(Amount::Cups)),
        counters: words(Amount::Counters),
        protein: words(Amount::Protein),
        grams: words(Amount::Grams),
        hedge: format!(r"(?:{})\s*", words(Amount::Hedges)),
        kcal: words(Amount::Kcal),
        scores: [Amount::Mood, Amount::Energy, Amount::Stress]
            .map(words)
            .join("|"),
        deep: words(Amount::DeepWork),
        meetings: words(Amount::Meetings),
    })
}
/// `12,400`, `12.400`, `8k`, `8000`.
const STEPS: &str = r"\d{1,3}(?:[,.' ]\d{3})+|\d+(?:[.,]\d+)?\s*k|\d+";
/// Carbs, protein and fat in that order (`탄단지 150/110/55`, `C/P/F 250/160/60`): the
/// middle number is the protein.
const MACROS: &str = r"(?:탄단지|탄/단/지|c\s*/\s*p\s*/\s*f|carbs?\s*/\s*protein\s*/\s*fats?)";

fn patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        let w = pieces();
        let p = |domain, field, read, re: String| Pattern {
            domain,
            field,
            read,
            // Every pattern has a number; only the count's words (`two`, `a`) are no digits.
            digits: !re.contains(&w.count),
            noun: [
                (&w.coffee, Noun::Coffee),
                (&w.drinks, Noun::Drinks),
                (&w.meetings, Noun::Meetings),
            ]
            .into_iter()
            .find(|(words, _)| re.contains(&w.count) && re.contains(words.as_str()))
            .map(|(_, noun)| noun),
            re: Regex::new(&re).expect("amount pattern compiles"),
        };
        use Read::*;
        let (count, coffee, drinks, cups, counters) = (&w.count, &w.coffee, &w.drinks, &w.cups, &w.counters);
        let (protein, grams, hedge, kcal) = (&w.protein, &w.grams, &w.hedge, &w.kcal);
        let (scores, deep, meetings) = (&w.scores, &w.deep, &w.meetings);
        let steps_after = words(super::lexicon::Amount::Steps);
        let steps_before = words(super::lexicon::Amount::StepsLabel);
        let kcal_before = words(super::lexicon::Amount::KcalLabel);
        let meeting_counters = words(super::lexicon::Amount::MeetingCounters);
        vec![
            p("nutrition", "caffeine_cups", Count, format!(r"({count})\s*(?:x\s*)?(?:{cups})?(?:{coffee})")),
            p("nutrition", "caffeine_cups", Count, format!(r"(?:{coffee})\s*(?:count|total|cups)?\s*[:x×]?\s*({count})\s*(?:{counters}|cups?|x)?")),
            p("nutrition", "caffeine_cups", Count, format!(r"({count})\s*(?:{counters})\s*(?:의\s*)?(?:{coffee})")),
            p("nutrition", "alcohol_drinks", Count, format!(r"({count})\s*(?:x\s*)?(?:{cups})?(?:{drinks})")),
            p("nutrition", "alcohol_drinks", Count, format!(r"(?:{drinks})\s*[:x×]?\s*({count})\s*(?:{counters}|glasses|pints|cans|x)?")),
            p("nutrition", "alcohol_drinks", Count, format!(r"({count})\s*(?:{counters})\s*(?:의\s*)?(?:{drinks})")),
            p("general", "steps", Steps, format!(r"({STEPS})\s*(?:{steps_after})")),
            p("general", "steps", Steps, format!(r"(?:{steps_before})\s*[:=]?\s*({STEPS})")),
            p("nutrition", "protein_g", Amount, format!(r"~?({NUM})\s*(?:{grams})\s*(?:of\s+|de\s+)?(?:{protein})")),
            p("nutrition", "protein_g", Amount, format!(r"(?:{protein})\s*[:=]?\s*(?:{hedge})?~?({NUM})\s*(?:{grams})")),
            p("nutrition", "protein_g", Amount, format!(r"{MACROS}\s*[:=]?\s*{NUM}\s*/\s*({NUM})\s*/\s*{NUM}\s*(?:{grams})?")),
            p("nutrition", "calories_kcal", Amount, format!(r"~?({NUM})\s*(?:{kcal})")),
            p("nutrition", "calories_kcal", Amount, format!(r"(?:{kcal_before})\s*[:=]?\s*~?({NUM})")),
            p("general", "", Score, format!(r"({scores})\s*(?:is|was|:|=|-)?\s*({NUM})\s*(?:/\s*10|out of 10|점)?")),
            p("general", "", Score, format!(r"({NUM})\s*(?:/\s*10)\s*({scores})")),
            p("work", "deep_work_hours", Hours, format!(r"~?({NUM})\s*({HOURS}|{MINUTES})\s*(?:of\s+)?(?:{deep})")),
            p("work", "deep_work_hours", Hours, format!(r"(?:{deep})\s*[:=]?\s*~?({NUM})\s*({HOURS}|{MINUTES})")),
            p("work", "meetings", Count, format!(r"({count})\s+(?:{meetings})")),
            p("work", "meetings", Count, format!(r"(?:{meetings})\s*[:=x×]?\s*(\d+)\s*(?:{meeting_counters})?")),
            p("work", "meetings", Count, format!(r"(\d+)\s*(?:{meeting_counters})?\s*(?:{meetings})")),
        ]
    })
}

/// Every pattern of [`patterns`], by its index there, in one set.
fn pattern_set() -> &'static RegexSet {
    static SET: OnceLock<RegexSet> = OnceLock::new();
    SET.get_or_init(|| {
        RegexSet::new(patterns().iter().map(|p| p.re.as_str())).expect("amount patterns compile")
    })
}

/// Reads every amount in the clause's free text.
pub fn read(clause: &mut Clause, found: &mut Found) {
    // Most clauses of a journal are prose: patterns that need a digit cannot match there,
    // and a count in words needs the word of what it counts (`an` alone is everywhere).
    let digits = clause.text.chars().any(char::is_numeric);
    let mut named: [Option<bool>; 3] = [None; 3];
    let mut names = |noun: Noun| {
        let i = noun as usize;
        *named[i].get_or_insert_with(|| nouns(noun).is_match(&clause.text))
    };
    // One scan says which patterns can match at all (most clauses hold none of them).
    let possible = pattern_set().matches(&clause.text);
    let due: Vec<&Pattern> = patterns()
        .iter()
        .enumerate()
        .filter(|(i, _)| possible.matched(*i))
        .map(|(_, p)| p)
        .filter(|p| !p.digits || digits)
        .filter(|p| p.noun.is_none_or(&mut names))
        .collect();
    for p in due {
        for hit in clause.hits(&p.re) {
            if clock_follows(clause, &hit) || p.read == Read::Count && money_follows(clause, &hit) {
                continue;
            }
            let (field, value) = match p.read {
                Read::Count => (p.field.to_string(), hit.get(1).and_then(count)),
                Read::Amount => (p.field.to_string(), hit.num(1)),
                Read::Steps => (p.field.to_string(), hit.get(1).and_then(steps)),
                Read::Score => {
                    let (word, n) = if hit.get(1).and_then(number).is_some() {
                        (2, 1)
                    } else {
                        (1, 2)
                    };
                    let field = hit.get(word).and_then(score_field).unwrap_or("mood");
                    (
                        field.to_string(),
                        hit.num(n).filter(|x| (0.0..=10.0).contains(x)),
                    )
                }
                Read::Hours => {
                    let minutes = hit.get(2).is_some_and(|u| MINUTES.has(u));
                    let v = hit
                        .num(1)
                        .map(|x| if minutes { round2(x / 60.0) } else { x });
                    (p.field.to_string(), v)
                }
            };
            let Some(value) = value else { continue };
            clause.claim(hit.range.clone());
            let value = if p.field == "steps" || p.field == "meetings" {
                json!(value as i64)
            } else {
                json!(value)
            };
            found.set(p.domain, &field, value);
        }
    }
}

/// Whether lowercase `text` names something counted in words (`two coffees`, `커피 두 잔`):
/// without a digit, that is the only amount a text can hold.
pub fn counted_in_words(text: &str) -> bool {
    [Noun::Coffee, Noun::Drinks, Noun::Meetings]
        .into_iter()
        .any(|noun| nouns(noun).is_match(text))
}

/// The words of one thing counted as a pattern of their own: a count pattern holding them
/// cannot match a text without them, and a scan for plain words is many times faster than
/// the count pattern's.
fn nouns(noun: Noun) -> &'static Regex {
    static NOUNS: [OnceLock<Regex>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    NOUNS[noun as usize].get_or_init(|| {
        let w = pieces();
        let words = match noun {
            Noun::Coffee => &w.coffee,
            Noun::Drinks => &w.drinks,
            Noun::Meetings => &w.meetings,
        };
        Regex::new(words).expect("noun pattern compiles")
    })
}

/// `coffee 8am`, `coffee 7:30`: a time, not a count.
fn clock_follows(clause: &Clause, hit: &Hit) -> bool {
    let after = clause.text[hit.range.end..].trim_start();
    ["am", "pm", ":", "uhr", "시", "時", "点"]
        .iter()
        .any(|s| after.starts_with(s))
}

/// `café 1,80€`, `coffee 4.50`: a price, not a count of cups; `01/08 café`: a date's
/// month, not one either.
fn money_follows(clause: &Clause, hit: &Hit) -> bool {
    let before = clause.text[..hit.range.start].trim_end_matches(' ');
    if before.ends_with(['/', '.', ',', ':', '-']) {
        return true;
    }
    let after = clause.text[hit.range.end..].trim_start();
    let decimals = after
        .strip_prefix(['.', ','])
        .is_some_and(|a| a.starts_with(|c: char| c.is_ascii_digit()));
    decimals
        || lexicon()
            .money
            .iter()
            .any(|m| after.starts_with(m.as_str()))
}

fn count(s: &str) -> Option<f64> {
    let s = s.trim();
    let lex = lexicon();
    let is = |amount: Amount| {
        lex.amounts.get(&amount).is_some_and(|words| {
            words
                .iter()
                .any(|w| w.split_whitespace().eq(s.split_whitespace()))
        })
    };
    if is(Amount::One) {
        return Some(1.0);
    }
    if is(Amount::Two) {
        return Some(2.0);
    }
    match lex.numbers.get(s) {
        Some(Part::Plain(n)) => Some(f64::from(*n)),
        _ => number(s),
    }
}

fn steps(s: &str) -> Option<f64> {
    let s = s.trim();
    if let Some(k) = s.strip_suffix('k') {
        return number(k.trim()).map(|x| (x * 1000.0).round());
    }
    let digits: String = s.chars().filter(char::is_ascii_digit).collect();
    digits.parse().ok()
}

fn score_field(word: &str) -> Option<&'static str> {
    let named = |amount: Amount| {
        lexicon()
            .amounts
            .get(&amount)
            .is_some_and(|words| words.iter().any(|w| w == word))
    };
    [
        (Amount::Mood, "mood"),
        (Amount::Energy, "energy"),
        (Amount::Stress, "stress"),
    ]
    .into_iter()
    .find(|(amount, _)| named(*amount))
    .map(|(_, field)| field)
}
