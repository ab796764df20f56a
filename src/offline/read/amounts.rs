//! Counts and amounts tied to their own words, so they need no context: coffee, drinks,
//! steps, protein, calories, mood/energy/stress out of 10, deep work and meetings.

use std::sync::OnceLock;

use regex::{Regex, RegexSet};
use serde_json::json;

use super::clause::{number, Clause, Hit};
use super::found::{round2, Found};
use super::units::{HOURS, MINUTES, NUM};

/// How the number of a pattern is read.
#[derive(Clone, Copy)]
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

const COUNT: &str = r"\d+|an?|one|two|three|four|five|six|couple of|un|une|uno|una|dos|tres|ein|eine|einen|zwei|drei|deux|trois|한|두|세|네|一|两|二|三|四";
const COFFEE: &str = r"☕|coffees?|espressos?|lattes?|cappuccinos?|flat whites?|americanos?|cafés?|cafe|kaffee|커피|아이스 ?아메리카노|아메리카노|아아|카페 ?라떼|라떼|콜드브루|コーヒー|珈琲|咖啡|冰美式|美式|拿铁|拿鐵|卡布奇诺|摩卡";
const DRINKS: &str = r"beers?|pints?|wines?|drinks?|cocktails?|ciders?|whiske?ys?|sake|soju|cervezas?|vinos?|copas?|biere|bier|wein|bières?|vins?|verres de vin|맥주|와인|소주|술|ビール|ワイン|酒|啤酒|葡萄酒|红酒";
const CUPS: &str = r"(?:cups?|mugs?|glass(?:es)?|cans?|bottles?|pints?|shots?|tazas?|tasses?|tassen?|gläser|glas|vasos?|verres?|copas?)\s+(?:of\s+|de\s+)?";
const COUNTERS: &str = r"잔|캔|병|杯|本|瓶|罐|听";
const STEPS: &str = r"\d{1,3}(?:[,.' ]\d{3})+|\d+(?:[.,]\d+)?\s*k|\d+";
const PROTEIN: &str = r"protein|prot|단백질|タンパク質|たんぱく質|蛋白质|蛋白|proteínas?|proteina|eiweiß|eiweiss|protéines?";
const GRAMS: &str = r"grams?|gr|g|그램|グラム|克";
/// Hedges between a word and its amount: `단백질 대충 155g`, `protein about 140g`.
const HEDGE: &str = r"(?:대충|약|거의|한|대략|about|around|approx\.?|roughly|ca\.?|大概|约|約|およそ|ungefähr|etwa|environ|aprox\.?|unos)\s*";
/// Carbs, protein and fat in that order (`탄단지 150/110/55`, `C/P/F 250/160/60`): the
/// middle number is the protein.
const MACROS: &str = r"(?:탄단지|탄/단/지|c\s*/\s*p\s*/\s*f|carbs?\s*/\s*protein\s*/\s*fats?)";
const KCAL: &str =
    r"kcal|calories|calorie|cals?|kalorien|calorías|칼로리|キロカロリー|カロリー|大卡|千卡|卡路里";
const SCORES: &str = r"mood|energy|stress|기분|컨디션|에너지|스트레스|気分|エネルギー|ストレス|心情|精力|压力|stimmung|energie|ánimo|humor|energía|estrés|humeur|énergie";
const DEEP: &str =
    r"deep\s*work|focused work|focus time|focus|딥워크|집중|ディープワーク|深度工作|深度专注";
const MEETINGS: &str = r"meetings?|reuniones|réunions|besprechungen|회의|会議|会议|ミーティング";

fn patterns() -> &'static [Pattern] {
    static P: OnceLock<Vec<Pattern>> = OnceLock::new();
    P.get_or_init(|| {
        let p = |domain, field, read, re: String| Pattern {
            domain,
            field,
            read,
            // Every pattern has a number; only COUNT's words (`two`, `a`) are no digits.
            digits: !re.contains(COUNT),
            noun: [(COFFEE, Noun::Coffee), (DRINKS, Noun::Drinks), (MEETINGS, Noun::Meetings)]
                .into_iter()
                .find(|(words, _)| re.contains(COUNT) && re.contains(words))
                .map(|(_, noun)| noun),
            re: Regex::new(&re).expect("amount pattern compiles"),
        };
        use Read::*;
        vec![
            p("nutrition", "caffeine_cups", Count, format!(r"({COUNT})\s*(?:x\s*)?(?:{CUPS})?(?:{COFFEE})")),
            p("nutrition", "caffeine_cups", Count, format!(r"(?:{COFFEE})\s*(?:count|total|cups)?\s*[:x×]?\s*({COUNT})\s*(?:{COUNTERS}|cups?|x)?")),
            p("nutrition", "caffeine_cups", Count, format!(r"({COUNT})\s*(?:{COUNTERS})\s*(?:의\s*)?(?:{COFFEE})")),
            p("nutrition", "alcohol_drinks", Count, format!(r"({COUNT})\s*(?:x\s*)?(?:{CUPS})?(?:{DRINKS})")),
            p("nutrition", "alcohol_drinks", Count, format!(r"(?:{DRINKS})\s*[:x×]?\s*({COUNT})\s*(?:{COUNTERS}|glasses|pints|cans|x)?")),
            p("nutrition", "alcohol_drinks", Count, format!(r"({COUNT})\s*(?:{COUNTERS})\s*(?:의\s*)?(?:{DRINKS})")),
            p("general", "steps", Steps, format!(r"({STEPS})\s*(?:steps|schritte|pasos|pas|걸음|보|歩|步)")),
            p("general", "steps", Steps, format!(r"(?:(?:steps|step count|pedometer|걸음\s*수|걸음|만보기|歩数|步数|schritte|pasos)\s*[:=]?|pas\s*:)\s*({STEPS})")),
            p("nutrition", "protein_g", Amount, format!(r"~?({NUM})\s*(?:{GRAMS})\s*(?:of\s+|de\s+)?(?:{PROTEIN})")),
            p("nutrition", "protein_g", Amount, format!(r"(?:{PROTEIN})\s*[:=]?\s*(?:{HEDGE})?~?({NUM})\s*(?:{GRAMS})")),
            p("nutrition", "protein_g", Amount, format!(r"{MACROS}\s*[:=]?\s*{NUM}\s*/\s*({NUM})\s*/\s*{NUM}\s*(?:{GRAMS})?")),
            p("nutrition", "calories_kcal", Amount, format!(r"~?({NUM})\s*(?:{KCAL})")),
            p("nutrition", "calories_kcal", Amount, format!(r"(?:calories|kcal|칼로리|カロリー|热量|卡路里|kalorien|calorías)\s*[:=]?\s*~?({NUM})")),
            p("general", "", Score, format!(r"({SCORES})\s*(?:is|was|:|=|-)?\s*({NUM})\s*(?:/\s*10|out of 10|점)?")),
            p("general", "", Score, format!(r"({NUM})\s*(?:/\s*10)\s*({SCORES})")),
            p("work", "deep_work_hours", Hours, format!(r"~?({NUM})\s*({HOURS}|{MINUTES})\s*(?:of\s+)?(?:{DEEP})")),
            p("work", "deep_work_hours", Hours, format!(r"(?:{DEEP})\s*[:=]?\s*~?({NUM})\s*({HOURS}|{MINUTES})")),
            p("work", "meetings", Count, format!(r"({COUNT})\s+(?:{MEETINGS})")),
            p("work", "meetings", Count, format!(r"(?:{MEETINGS})\s*[:=x×]?\s*(\d+)\s*(?:개|건|回|件|个|つ)?")),
            p("work", "meetings", Count, r"(\d+)\s*(?:개의|건의|つの|个|件)?\s*(?:회의|会議|会议)".to_string()),
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
        let (i, words) = match noun {
            Noun::Coffee => (0, COFFEE),
            Noun::Drinks => (1, DRINKS),
            Noun::Meetings => (2, MEETINGS),
        };
        *named[i].get_or_insert_with(|| nouns(i, words).is_match(&clause.text))
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
            if clock_follows(clause, &hit) {
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
    [COFFEE, DRINKS, MEETINGS]
        .iter()
        .enumerate()
        .any(|(i, words)| nouns(i, words).is_match(text))
}

/// The words of one thing counted (`COFFEE`, `DRINKS`, `MEETINGS`, by `i`) as a pattern of
/// their own: a count pattern holding them cannot match a text without them, and a scan for
/// plain words is many times faster than the count pattern's.
fn nouns(i: usize, words: &str) -> &'static Regex {
    static NOUNS: [OnceLock<Regex>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    NOUNS[i].get_or_init(|| Regex::new(words).expect("noun pattern compiles"))
}

/// `coffee 8am`, `coffee 7:30`: a time, not a count.
fn clock_follows(clause: &Clause, hit: &Hit) -> bool {
    let after = clause.text[hit.range.end..].trim_start();
    ["am", "pm", ":", "uhr", "시", "時", "点"]
        .iter()
        .any(|s| after.starts_with(s))
}

fn count(s: &str) -> Option<f64> {
    let s = s.trim();
    let n = match s {
        "a" | "an" | "one" | "un" | "une" | "uno" | "una" | "ein" | "eine" | "einen" | "한"
        | "一" => 1.0,
        "two" | "couple of" | "dos" | "zwei" | "deux" | "두" | "两" | "二" => 2.0,
        "three" | "tres" | "drei" | "trois" | "세" | "三" => 3.0,
        "four" | "네" | "四" => 4.0,
        "five" => 5.0,
        "six" => 6.0,
        _ => number(s)?,
    };
    Some(n)
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
    Some(match word {
        "mood" | "기분" | "컨디션" | "気分" | "心情" | "stimmung" | "ánimo" | "humor"
        | "humeur" => "mood",
        "energy" | "에너지" | "エネルギー" | "精力" | "energie" | "energía" | "énergie" => {
            "energy"
        }
        "stress" | "스트레스" | "ストレス" | "压力" | "estrés" => "stress",
        _ => return None,
    })
}
