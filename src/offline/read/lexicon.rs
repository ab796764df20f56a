//! Words as data: one file per language (`lexicon/<lang>.yaml`, embedded), merged into one
//! [`Lexicon`] at first use. The readers keep the mechanisms (a number written in words,
//! the small words around a name, whose log a clause tells); the files keep the words, so
//! a language is added by adding its file.
//!
//! A text's language is not known before it is read, so the languages' words are merged:
//! where two languages spell a number alike they must agree on its value (a test checks),
//! and a small word of any language is a small word everywhere.

mod numbers;
mod own;

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::Deserialize;

pub use numbers::in_digits;

// `FILES`: every `lexicon/<lang>.yaml`, listed by build.rs (English first, see there).
include!(concat!(env!("OUT_DIR"), "/lexicon_files.rs"));

/// A month's number as a key, written `3` (YAML) or `"3"` (the JSON the program reads:
/// JSON keys are text).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct MonthNumber(u32);

impl<'de> Deserialize<'de> for MonthNumber {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Key {
            Number(u32),
            Text(String),
        }
        match Key::deserialize(d)? {
            Key::Number(n) => Ok(MonthNumber(n)),
            Key::Text(t) => t
                .parse()
                .map(MonthNumber)
                .map_err(|_| serde::de::Error::custom(format!("`{t}` is no month number"))),
        }
    }
}

/// One language's file, as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    numbers: BTreeMap<String, u32>,
    #[serde(default)]
    multipliers: BTreeMap<String, u32>,
    #[serde(default)]
    scales: BTreeMap<String, u32>,
    #[serde(default)]
    joiners: Vec<String>,
    #[serde(default)]
    separators: Vec<String>,
    #[serde(default)]
    counting: Counting,
    #[serde(default)]
    small: Small,
    #[serde(default)]
    markers: Markers,
    #[serde(default)]
    others: Others,
    /// Equipment (its English name, the first word of a vocabulary variant) -> its words.
    #[serde(default)]
    equipment: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    questions: Questions,
    #[serde(default)]
    pub(crate) cues: BTreeMap<Cue, Vec<String>>,
    /// Month number -> its names (`3: [märz, maerz]`).
    #[serde(default)]
    months: BTreeMap<MonthNumber, Vec<String>>,
    /// What a table column holds -> the header words that name it.
    #[serde(default)]
    table_headers: BTreeMap<Column, Vec<String>>,
    /// Words of an answer's "How this was computed" block, read by `offline::provenance`.
    #[serde(default, rename = "provenance")]
    _provenance: serde::de::IgnoredAny,
    /// The words of answers in this language (see `crate::offline::say`).
    #[serde(default)]
    answers: Option<crate::offline::say::Answers>,
    /// Keys of `key: value` lines by what they name -> their words.
    #[serde(default)]
    fields: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    unit_spellings: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    unit_spellings_in_context: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    amounts: BTreeMap<Amount, Vec<String>>,
    #[serde(default)]
    sleep: BTreeMap<SleepWord, Vec<String>>,
    /// A verb as a question names it -> the forms a note tells it in (`break` -> `broke`).
    #[serde(default)]
    verb_forms: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    verb_endings: Vec<String>,
    #[serde(default)]
    periods: BTreeMap<PeriodWord, Vec<String>>,
    #[serde(default)]
    activities: Ordered,
    /// The words of charts and of living answers: read per language by
    /// `crate::offline::chart::words`, not merged here.
    #[serde(default, rename = "chart")]
    _chart: serde::de::IgnoredAny,
    #[serde(default, rename = "living")]
    _living: serde::de::IgnoredAny,
    /// Keys of activity properties: read by `super::properties`.
    #[serde(default, rename = "activity_properties")]
    _activity_properties: serde::de::IgnoredAny,
}

/// What a question asks for, apart from its topic: kinds of answer, words that stand for
/// whole domains, quantities (see `crate::offline::cues`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cue {
    /// Asks to find notes, not to compute: `find my`, `show me`, `찾아줘`.
    Search,
    /// Open to-do items: `left to do`, `할 일`.
    Tasks,
    /// A digest of a period: `recap`, `요약`.
    Summary,
    /// Change over time: `progress`, `늘었`, `进步`.
    Trend,
    /// The latest entry: `last time`, `zuletzt`.
    Last,
    /// A mean over days: `average`, `im schnitt`.
    Average,
    /// The highest (or, for times, fastest) value.
    Best,
    /// The lowest value.
    Worst,
    /// Superlatives of the lowest that hold a word of [`Cue::Best`] (`제일 적게`): read
    /// before it.
    Least,
    /// A number of sessions or occasions: `how often`, `몇 번`.
    Count,
    /// An amount: a total when a unit or an amount is named, else a count.
    HowMany,
    /// The entries of a period: `what did i`, `뭐 먹`.
    List,
    /// Verbs of eating: a list of what was eaten keeps to food lines.
    Eat,
    /// Words for the strength domain: sessions in the gym.
    Strength,
    /// Kinds of sessions no domain reads, counted in the days that name them (`wod`).
    SessionKinds,
    /// Words for all training, lifting and cardio.
    Training,
    /// Running words a domain's vocabulary may lack in question forms.
    Run,
    /// Words that ask for a running distance.
    Distance,
    /// Meals: a list of what was eaten keeps to lines with these or food words.
    Meals,
    /// "When did I…": the latest time, when a measure is named.
    When,
    /// The volume lifted: weight × reps × sets.
    Volume,
    /// Sets asked for: `how many sets`, `몇 세트`.
    Sets,
    /// The word for sets, which with [`Cue::HowMany`] asks for them.
    SetWords,
    /// An average per week: `per week`, `주 평균`.
    PerWeek,
    /// A figure per calendar year: `yearly mileage`, `Jahresumfang`, `연간`.
    PerYear,
    /// Weeks in a row with training.
    Streak,
    /// Days without training.
    RestDays,
    /// An estimated one-rep max.
    OneRepMax,
    /// The sum of the best squat, bench press and deadlift.
    BigThree,
    /// A sum asked for: `total`, `Summe`, `totale`, `합계` (with the three lifts named, their
    /// big-three total).
    Total,
    /// Reps, asked about a lift.
    Reps,
    /// A heart rate, a quantity no shipped domain reads (logged in bpm).
    HeartRate,
    /// Other quantities no shipped domain reads: a question naming one asks about it.
    OtherQuantities,
    /// Words of a question that carry no topic (the extractive answer's stop words).
    NoTopic,
    /// Asks for a cause: `why`, `how come`.
    Why,
    /// Asks for advice: `should`, `suggest`.
    Recommend,
    /// Asks for a comparison: `compare`, `versus`.
    Compare,
    /// Asks which day of the week: `which day`, `mondays`.
    Weekday,
    /// Asks about the days before the ones found: `the night before`.
    PrecedingDays,
    /// Sessions of an activity counted, not summed: `swims`, `classes`.
    Sessions,
    /// The usual night's sleep, not a sum of hours: `do i sleep`, `duermo`.
    UsualSleep,
    /// One's own weight: `weigh`, `체중`, `Gewicht`, `peso`.
    BodyWeight,
}

/// A thing counted or measured by its own word, in the `amounts` of a language file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Amount {
    /// Cups of coffee: `coffee`, `caffè`, `커피`.
    Coffee,
    /// Alcoholic drinks: `beer`, `Wein`, `맥주`.
    Drinks,
    /// A shop for food: `groceries`, `súper`, `courses`, `장보기`.
    Groceries,
    /// What a drink is poured in, before its name: `cups of`, `tazze di`.
    Cups,
    /// A counter after a number, before a drink: `잔`, `杯`.
    Counters,
    /// Steps, after their number: `9.939 passi`.
    Steps,
    /// Steps, before their number: `step count: 8000`, `passi 12.743`.
    StepsLabel,
    Protein,
    Grams,
    /// Kilocalories, after their number.
    Kcal,
    /// Kilocalories, before their number: `calories: 2100`.
    KcalLabel,
    /// Scores out of 10, each by its field.
    Mood,
    Energy,
    Stress,
    DeepWork,
    Meetings,
    /// A counter after a number of meetings: `건`, `件`.
    MeetingCounters,
    /// Hedges between a word and its amount: `about`, `대충`.
    Hedges,
    /// Words for one thing counted: `a`, `un`, `한`.
    One,
    /// Words for two: `two`, `a couple of`, `두`.
    Two,
}

/// The words of a night told by its times, in the `sleep` of a language file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SleepWord {
    /// Going to bed or falling asleep: `bed`, `a letto`, `fui dormir`, `취침`, `睡`.
    Bed,
    /// Waking or getting up: `woke`, `sveglia`, `acordei`, `기상`, `醒`.
    Wake,
    /// Before a clock time: `at`, `alle`, `às`, `um`.
    At,
    /// Between the two times of a range: `to`, `bis`, `alle`, `부터`.
    Until,
}

/// A period a question names by a fixed phrase, in the `periods` of a language file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PeriodWord {
    Today,
    Yesterday,
    DayBefore,
    LastNight,
    ThisWeek,
    LastWeek,
    WeekBeforeLast,
    ThisMonth,
    LastMonth,
    ThisYear,
    LastYear,
    /// The last two weeks, or for a lift what one lifts now: `lately`, `요즘`.
    Lately,
    /// Before a month's name: `in`, `im`, `nel mese di` (`a ottobre`).
    InMonth,
    /// A period word that names no period: `up to today`, `bis heute`.
    UpToToday,
}

/// `words` as one regex alternation, longest first: a space matches any spaces (none
/// between letters of scripts written without them), and a word that starts or ends
/// with a Latin letter is matched whole (`up` is not the end of `cup`).
pub fn alternation_of(words: &[String]) -> String {
    if words.is_empty() {
        // A pattern that never matches a note.
        return "\u{0}".to_string();
    }
    let latin = |c: char| c.is_alphabetic() && (c as u32) < 0x250;
    words
        .iter()
        .map(|w| {
            let edge = |on: bool| if on { r"\b" } else { "" };
            let space = if w.chars().all(|c| !c.is_alphabetic() || latin(c)) {
                r"\s+"
            } else {
                r"\s*"
            };
            format!(
                "{}{}{}",
                edge(w.starts_with(latin)),
                regex::escape(w).replace(' ', space),
                edge(w.ends_with(latin))
            )
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// What a table column holds, named by its header cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Column {
    Exercise,
    Sets,
    Reps,
    Weight,
    Distance,
    Time,
    /// The day of a row in a day table (see `vault::day_rows`): not a quantity.
    Date,
    /// What kind of session a row was (`Easy`, `Tempo`, `Rest`).
    Kind,
    /// A header no language names.
    #[serde(skip)]
    Other,
}

impl Column {
    /// Whether a table with this column holds lifts or runs, read cell by cell.
    pub fn is_structured(self) -> bool {
        matches!(
            self,
            Column::Exercise | Column::Sets | Column::Reps | Column::Weight | Column::Distance
        )
    }
}

/// The words of questions: what a question asks for, apart from its topic.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Questions {
    /// Words that only make the sentence a question (`what`, `wie viele`, `是`): no topic.
    #[serde(default)]
    pub function: Vec<String>,
    /// Asks for a day (`when`, `wann`, `哪天`).
    #[serde(default)]
    pub day: Vec<String>,
    /// Asks for a time taken (`what time`, `welche Zeit`, `用时`).
    #[serde(default)]
    pub time: Vec<String>,
    /// Asks for a distance (`how far`, `wie weit`).
    #[serde(default)]
    pub distance: Vec<String>,
    /// Asks what something cost (`cost`, `多少钱`).
    #[serde(default)]
    pub cost: Vec<String>,
    /// Asks for the first time something happened (`first time`, `第一次`).
    #[serde(default)]
    pub first: Vec<String>,
    /// An average per month (`per month`, `平均每月`).
    #[serde(default)]
    pub per_month: Vec<String>,
    /// An average of the days' totals (`per day`, `pro Arbeitstag`, `1日あたり`).
    #[serde(default)]
    pub per_day: Vec<String>,
    /// The least of a time of day (`earliest`, `가장 일찍`, `最早`).
    #[serde(default)]
    pub earliest: Vec<String>,
    /// Asks which month (`which month`, `哪个月`, `in welchem Monat`).
    #[serde(default)]
    pub which_month: Vec<String>,
    /// Asks which year (`which year`, `in welchem Jahr`, `哪一年`).
    #[serde(default)]
    pub which_year: Vec<String>,
    /// Asks how two periods differ (`difference`, `more`, `差`, `보다`), when two are named.
    #[serde(default)]
    pub difference: Vec<String>,
    /// Asks on how many days (`how many days`, `wie viele Tage`, `며칠`, `几天`): a count of
    /// the days something was done, never a sum of its amounts.
    #[serde(default)]
    pub count_days: Vec<String>,
    /// Asks how many times (`how many times`, `几次`, `何回`, `몇 번`): each item of a list
    /// that names it is one, and a day of prose that names it one.
    #[serde(default)]
    pub count_times: Vec<String>,
    /// Asks for a person (`who`, `mit wem`, `com quem`, `和谁`).
    #[serde(default)]
    pub who: Vec<String>,
    /// Asks for a name, not a number (`what`, `which`, `who`, `뭐`, `什么`).
    #[serde(default)]
    pub what: Vec<String>,
    /// Every weekend, not the last one (`on weekends`, `주말마다`, `nos fins de semana`).
    #[serde(default)]
    pub every_weekend: Vec<String>,
    /// A property value saying an item is going on now (`reading`, `in progress`, `읽는 중`).
    #[serde(default)]
    pub in_progress: Vec<String>,
    /// Tell the result of a period in a review (`in total`, `am Ende`, `总共`): the number
    /// after them is its total.
    #[serde(default)]
    pub result: Vec<String>,
    /// Unit -> the words a question names it by (`km: [kms, kilometers]`). Merged in the
    /// order units first appear (en.yaml's): the first a question names is its main one.
    #[serde(default)]
    pub units: Ordered,
    /// Unit -> words it already implies (pages are read): they do not narrow a question to
    /// the measures named after them (`pages read` counts `60 pages of Dune`).
    #[serde(default)]
    pub units_imply: Ordered,
    /// A bound on the values counted (`under 7 hours`, `7時間未満`, `1만 보 이상`).
    #[serde(default)]
    pub thresholds: Thresholds,
    /// The words that join two periods into one span (`from May 3 to May 20`,
    /// `5月3日から5月20日まで`, `entre março e junho`).
    #[serde(default)]
    pub spans: Spans,
    /// Asks for what is not done yet (`unticked`, `still open`, `offen`, `未完了`): the
    /// open to-dos, not the rows done.
    #[serde(default)]
    pub pending: Vec<String>,
}

/// A span's words: `to` between its two ends; `and` between them only after a `between`
/// word before the first; `until` after the second (`まで`, `까지`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spans {
    #[serde(default)]
    pub between: Vec<String>,
    #[serde(default)]
    pub and: Vec<String>,
    #[serde(default)]
    pub to: Vec<String>,
    #[serde(default)]
    pub until: Vec<String>,
    /// Words before a period that run it to today (`since 1 September`, `seit dem 1.
    /// Oktober`), and words after it that do (`9月から`, `10월 이후`).
    #[serde(default)]
    pub since: Vec<String>,
    #[serde(default)]
    pub since_after: Vec<String>,
}

/// The words of a bound, by how it compares: written before the number (`more than 10`)
/// or after it and its unit (`10 km or more`, `10km 이상`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thresholds {
    #[serde(default)]
    pub more_than: Sides,
    #[serde(default)]
    pub at_least: Sides,
    #[serde(default)]
    pub less_than: Sides,
    #[serde(default)]
    pub at_most: Sides,
}

/// Words before a number and words after it.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    #[serde(default)]
    pub before: Vec<String>,
    #[serde(default)]
    pub after: Vec<String>,
}

impl Sides {
    fn merge(&mut self, other: Sides) {
        let lower = |words: Vec<String>| words.into_iter().map(|w| w.trim().to_lowercase());
        self.before.extend(lower(other.before));
        self.after.extend(lower(other.after));
        longest_first(&mut self.before);
        longest_first(&mut self.after);
    }
}

/// A map that keeps the order it was written in: key -> words.
#[derive(Debug, Default)]
pub struct Ordered(pub Vec<(String, Vec<String>)>);

impl<'de> Deserialize<'de> for Ordered {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Ordered;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a map of names to lists of words")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Ordered, A::Error> {
                let mut out = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, Vec<String>>()? {
                    out.push((k, v));
                }
                Ok(Ordered(out))
            }
        }
        d.deserialize_map(Visit)
    }
}

impl Ordered {
    /// Adds `other`'s words under their keys, lowercase, keys new to `self` at its end.
    fn merge(&mut self, other: Ordered) {
        for (key, words) in other.0 {
            let words = words.into_iter().map(|w| w.trim().to_lowercase());
            match self.0.iter_mut().find(|(k, _)| *k == key) {
                Some((_, have)) => have.extend(words),
                None => self.0.push((key, words.collect())),
            }
        }
    }
}

/// Other people a log tells about: a possessive or an article and a person (`my buddy`,
/// `mi compañero`, `o personal`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Others {
    #[serde(default)]
    possessives: Vec<String>,
    #[serde(default)]
    people: Vec<String>,
}

/// Where a count stands: the words around a number that make it one.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counting {
    /// Words a count stands before: `3 sets`, `세 세트`, `三组`.
    #[serde(default)]
    pub counters: Vec<String>,
    /// Words between a count and the next one: `sets of five`, `100 kg for one`.
    #[serde(default)]
    pub connectors: Vec<String>,
    /// Words that may stand before a number word: `for a single`.
    #[serde(default)]
    pub articles: Vec<String>,
    /// A half after a number, before its unit: `six and a half hours`, `六个半小时`.
    #[serde(default)]
    pub half: Vec<String>,
    /// A half after a unit's word: `7時間半`, `7시간 반`.
    #[serde(default)]
    pub half_after: Vec<String>,
    /// Measure words between a number and its unit: `一个小时`.
    #[serde(default)]
    pub classifiers: Vec<String>,
    /// Words that make the number after them say which one, not how many: `第一组`.
    #[serde(default)]
    pub ordinal_before: Vec<String>,
    /// After a count of reps, the reps are of each side: `5 each side`.
    #[serde(default)]
    pub per_side: Vec<String>,
    /// Between two counts of which either may be right: `4 or 5 sets`, `3到4组`.
    #[serde(default)]
    pub alternatives: Vec<String>,
}

/// Small words by kind: never an exercise's name.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Small {
    #[serde(default, rename = "self")]
    own: Vec<String>,
    #[serde(default)]
    people: Vec<String>,
    #[serde(default)]
    verbs: Vec<String>,
    #[serde(default)]
    fillers: Vec<String>,
    #[serde(default)]
    hedges: Vec<String>,
    #[serde(default)]
    set_kinds: Vec<String>,
    #[serde(default)]
    time: Vec<String>,
    #[serde(default)]
    glue: Vec<String>,
    #[serde(default)]
    particles: Vec<String>,
    #[serde(default)]
    endings: Vec<String>,
}

/// Words that mark what a clause is.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Markers {
    #[serde(default)]
    own: Vec<String>,
    #[serde(default)]
    own_inside: Vec<String>,
    #[serde(default)]
    future: Vec<String>,
    #[serde(default)]
    compare_before: Vec<String>,
    #[serde(default)]
    compare_after: Vec<String>,
    #[serde(default)]
    rates: Vec<String>,
    #[serde(default)]
    per_hour: Vec<String>,
    #[serde(default)]
    took_in: Vec<String>,
    #[serde(default)]
    rest: Vec<String>,
    #[serde(default)]
    pending: Vec<String>,
    #[serde(default)]
    income: Vec<String>,
    #[serde(default)]
    card_columns: Vec<String>,
    #[serde(default)]
    with: Vec<String>,
    #[serde(default)]
    meet: Vec<String>,
    #[serde(default)]
    contact: Vec<String>,
    #[serde(default)]
    contacted_by: Vec<String>,
    #[serde(default)]
    kin: Vec<String>,
    #[serde(default)]
    finished_work: Vec<String>,
    #[serde(default)]
    toward: Vec<String>,
    #[serde(default)]
    at_place: Vec<String>,
    #[serde(default)]
    place_nouns: Vec<String>,
    #[serde(default)]
    climb: Vec<String>,
    #[serde(default)]
    messaged: Vec<String>,
    #[serde(default)]
    travel_by: Vec<String>,
    #[serde(default)]
    works: Vec<String>,
    #[serde(default)]
    exercise_nouns: Vec<String>,
    #[serde(default)]
    money: Vec<String>,
    #[serde(default)]
    went: Vec<String>,
    #[serde(default)]
    not_done: Vec<String>,
    #[serde(default)]
    stars: Vec<String>,
    #[serde(default)]
    no: Vec<String>,
    #[serde(default)]
    not_runs: Vec<String>,
    #[serde(default)]
    run_kinds: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    courses: BTreeMap<String, Vec<String>>,
}

/// What a small word is to a name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Role {
    /// May stand inside a name (`press behind the neck`, `press de banca`), but is none.
    Glue,
    /// Fillers, hedges, kinds of set: no name on their own (`all at`, `más o menos`).
    Loose,
    /// Pronouns, verbs, times: never in a name (`I did`, `yo hice`, `무게는`).
    Structural,
}

/// A part of a number written in words.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Part {
    /// `five`, `twenty`, `다섯`, `五`: added to the parts beside it.
    Plain(u32),
    /// `hundred`, `十`: multiplies the number before it.
    Multiplier(u32),
    /// `thousand`, `万`: multiplies everything before it.
    Scale(u32),
}

/// Every shipped language's words, merged.
#[derive(Debug)]
pub struct Lexicon {
    /// Number words and what each is.
    pub numbers: HashMap<String, Part>,
    pub joiners: Vec<String>,
    /// Words between two thoughts of a line: `and`, `dann`, `그리고`, `然后`.
    pub separators: Vec<String>,
    pub counting: Counting,
    small: HashMap<String, Role>,
    /// Particles glued to the end of a word (`는`, `は`), longest first.
    particles: Vec<String>,
    /// Verb endings glued to a Korean noun (`했다` of `등산했다`), longest first.
    endings: Vec<String>,
    /// The longest small word or phrase, in words.
    longest_phrase: usize,
    /// Today or the person themself, opening a clause: their own log again (`heute`,
    /// `오늘은`, `yo`).
    pub own: Vec<String>,
    /// Those that start the person's own log inside a clause, where a language writes no
    /// comma before them (`친구는 벤치 100kg 치던데 나는 70kg`): marked as a contrast (`나는`,
    /// `오늘은`, `自分は`), not a plain `오늘` or `今天` inside someone else's sentence.
    pub own_inside: Vec<String>,
    /// A clause opening with one is a plan (`tomorrow`, `nächste Woche`, `내일`).
    pub future: Vec<String>,
    /// Before a number that is a comparison, not a measurement: `felt like 300kg`.
    pub compare_before: Vec<String>,
    /// After one: `150kg 같았음`.
    pub compare_after: Vec<String>,
    /// Beside a quantity, a usual amount per period, not one session: `50 km pro Woche`,
    /// `주당 30km`, `每周30公里`.
    pub rates: Vec<String>,
    /// After a distance, a speed: `per hour`, `pro Stunde`, `por hora`.
    pub per_hour: Vec<String>,
    /// Before a clock time, how long something took: `in 31:20`, `en 31:20`.
    pub took_in: Vec<String>,
    /// A day whose log says only one of these is a rest day: `rest day`, `휴식`, `休息日`.
    pub rest: Vec<String>,
    /// A heading holding one says the rows under it are not done yet: `To read`,
    /// `Currently reading`, `À voir`, `읽을 책`.
    pub pending: Vec<String>,
    /// Money coming in: a heading holding one says its rows are no spending (`Income`,
    /// `Entradas`, `Einnahmen`); a question holding one asks about them.
    pub income: Vec<String>,
    /// A two-column table headed by one is a card of `name | value` rows: `Field | Value`,
    /// `Feld | Wert`, `項目 | 値`.
    pub card_columns: Vec<String>,
    /// Before a companion: `with`, `mit`, `com`, `和`; after one in Korean and Japanese
    /// (`친구와`, `田中さんと`).
    pub with: Vec<String>,
    /// Verbs of being with someone (`met`, `getroffen`, `만났`, `会った`): a question asking
    /// who was met, or how often someone was, asks for any sentence naming a companion.
    pub meet: Vec<String>,
    /// Words of reaching someone by phone or message, the person after them (`called Mum`,
    /// `coup de fil à Papa`) or, in Japanese and Korean, before them (`母に電話`, `엄마한테
    /// 전화`): that person is who the sentence was with.
    pub contact: Vec<String>,
    /// Said after the person who reached out: `Mum rang`, `Maman m'a appelé`.
    pub contacted_by: Vec<String>,
    /// Words for family members, people even in lowercase: `mum`, `papa`, `母`, `엄마`.
    pub kin: Vec<String>,
    /// Words saying a book, a film or a course was finished (`Done with *Stoner*`,
    /// `『キッチン』読了`): the title beside one was finished that day.
    pub finished_work: Vec<String>,
    /// After a verb of going, before the place (`flew to`, `parti à`, `nach`); after the
    /// place in Japanese and Korean (`札幌へ`, `부산에`).
    pub toward: Vec<String>,
    /// Before a place one is at (`in Vancouver`, `en Lisboa`, `在成都`): a line with one
    /// tells where the day was.
    pub at_place: Vec<String>,
    /// Words naming a kind of place in a question (`which restaurant`, `qué bar`, `どの店`):
    /// the places the period's sentences name are its answers.
    pub place_nouns: Vec<String>,
    /// Words of a climb beside metres or feet (`D+`, `Hm`, `elevation`, `獲得標高`).
    pub climb: Vec<String>,
    /// Words of a written message among the words of reaching someone (`texted`, `문자`,
    /// `短信`): a question about calls does not count a sentence that only messaged.
    pub messaged: Vec<String>,
    /// Ways of travelling that make a sentence a trip as a verb of going does (`flight to
    /// Lisbon`, `train pour Lyon`, `飛行機で札幌へ`).
    pub travel_by: Vec<String>,
    /// Words naming a book, a film or the like in a question (`which book`, `quel livre`).
    pub works: Vec<String>,
    /// Words naming an exercise in a question (`which exercise`, `welche Übung`, `種目`).
    pub exercise_nouns: Vec<String>,
    /// Currency marks written beside an amount (`$`, `€`, `円`, `원`, `reais`), longest first.
    pub money: Vec<String>,
    /// Verbs of going somewhere (`went`, `gefahren`, `行った`, `간`): "when did I go to X"
    /// asks for the first day of a trip told over days in a row.
    pub went: Vec<String>,
    /// A clause holding one says what it names did not happen (`skipped the gym`,
    /// `헬스장 안 갔다`, `계획은 취소했다`): no log of it.
    pub not_done: Vec<String>,
    /// Said after a number, a rating in stars: `stars`, `Sternen`, `つ星`.
    pub stars: Vec<String>,
    /// A field's value that says it did not happen: `false`, `nein`, `não`, `❌`.
    pub no: Vec<String>,
    /// Ways of moving that are not running (`walked`, `자전거`, `🏊`): a distance in a time
    /// beside one is no run.
    pub not_runs: Vec<String>,
    /// The kinds of run and the words that name each (`easy`: `이지런`, `轻松`; `race`:
    /// `大会`, `maratona`).
    pub run_kinds: BTreeMap<String, Vec<String>>,
    /// Courses whose name tells their distance: km -> names (`21.0975`: `half marathon`,
    /// `半程马拉松`).
    pub courses: Vec<(f64, String)>,
    /// Before a person, someone else: `my`, `mi`, `o` (`o personal`).
    pub possessives: Vec<String>,
    /// People a log tells about: `buddy`, `compañero`, `personal`.
    pub people: Vec<String>,
    /// Equipment words and the equipment they name: (`덤벨`, `dumbbell`).
    pub equipment: Vec<(String, String)>,
    /// The words of questions, merged.
    pub questions: Questions,
    /// Question cues by kind, longest first.
    pub(crate) cues: BTreeMap<Cue, Vec<String>>,
    /// Names of months, and their numbers (`märz`, 3).
    pub months: Vec<(String, u32)>,
    /// Header words of table columns, in the order the columns are tried.
    pub table_headers: Vec<(Column, Vec<String>)>,
    /// Keys of `key: value` lines by what they name (`dinner`) -> their words in every
    /// language (`d`, `dinner`, `저녁`, `cena`).
    pub fields: BTreeMap<String, Vec<String>>,
    /// A word of `fields` -> the languages whose file lists it (`fim` -> `pt`): a question
    /// in Portuguese about when books were finished reads the `Fim` column first.
    pub field_langs: BTreeMap<String, Vec<String>>,
    /// Units as notes write them (`km` -> `kilometern`, `chilometri`...), read beside any
    /// number; every language's, longest first.
    pub unit_spellings: BTreeMap<String, Vec<String>>,
    /// Spellings read as a unit only where the activity tells which (`k`, `킬로`, `개`).
    pub unit_spellings_in_context: BTreeMap<String, Vec<String>>,
    /// The words of things counted or measured by their own word (`coffee`, `passi`,
    /// `kcal`), every language's, longest first (see `read::amounts`).
    pub amounts: BTreeMap<Amount, Vec<String>>,
    /// The words of a night told by its bed and wake times (see `read::sleep`).
    pub sleep: BTreeMap<SleepWord, Vec<String>>,
    /// The phrases of periods a question names (see `offline::periods`).
    pub periods: BTreeMap<PeriodWord, Vec<String>>,
    /// A verb as a question names it -> the forms a note tells it in, every language's
    /// (`break` -> `broke`, `broken`; `kaufen` -> `gekauft`): a told fact is found in
    /// whichever form it was told.
    pub verb_forms: BTreeMap<String, Vec<String>>,
    /// The endings of regular verbs, every language's (`ado`, `é`, `ei`, `ato`): a form
    /// with one is found by its stem in any other (`regado` finds `regué`).
    pub verb_endings: Vec<String>,
    /// Activities no domain reads, each with its words in every language, in en.yaml's
    /// order (see `crate::offline::activities`).
    pub activities: Ordered,
    /// Each language's answer words, by language code.
    pub answers: Vec<(String, crate::offline::say::Answers)>,
    /// Each language's own question words and cues (lowercase), which tell a question's
    /// language.
    pub question_words: Vec<(String, Vec<String>)>,
    /// Each language's small verbs (`sono`, `did`, `fiz`), by language code: in a question
    /// of that language they name no topic, whatever another language means by them.
    pub verbs: Vec<(String, Vec<String>)>,
}

/// Every shipped language file: its code and its text.
pub fn files() -> &'static [(&'static str, &'static str)] {
    FILES
}

/// One section of every shipped language file, read straight from its JSON form into
/// `T` (which names only the keys it reads): no file is parsed into a tree first.
pub fn each_file<T: serde::de::DeserializeOwned + Send>() -> Vec<(&'static str, T)> {
    // The files are part of the program: the tests below load every one.
    let read_all = |files: &[(&'static str, &'static str)]| -> Vec<(&'static str, T)> {
        let read_one = |(lang, json): &(&'static str, &'static str)| {
            (*lang, read(lang, json).unwrap_or_else(|e| panic!("{e}")))
        };
        files.iter().map(read_one).collect()
    };
    // Half on another thread of its own: not a rayon task, whose worker could take up a
    // task waiting on the very lexicon being read here.
    let files = own::files_in_use(JSON_FILES);
    let (first, second) = files.split_at(files.len() / 2);
    std::thread::scope(|scope| {
        let later = scope.spawn(|| read_all(second));
        let mut all = read_all(first);
        all.extend(
            later
                .join()
                .unwrap_or_else(|p| std::panic::resume_unwind(p)),
        );
        all
    })
}

/// Puts the vault's own language files (`.vault-agent/lexicon/<lang>.yaml`) in use, over
/// the shipped ones: called once, with the vault's config, before any word is read. Their
/// fingerprint, `None` when the vault has none; a bad file is named with what is wrong.
pub fn use_vault(agent_dir: &std::path::Path) -> Result<Option<u64>, own::Bad> {
    fn check_file(lang: &str, json: &str) -> Result<(), String> {
        read::<File>(lang, json).map(|_| ())
    }
    let checks: [own::Check; 4] = [
        check_file,
        super::properties::check,
        crate::offline::chart::words::check,
        crate::offline::provenance::check,
    ];
    let Some(fingerprint) = own::use_vault_files(agent_dir, JSON_FILES, &checks)? else {
        return Ok(None);
    };
    // The words of every language must agree with each other (a number's value).
    let files = each_file::<File>();
    load_files(files).map_err(|e| (agent_dir.join("lexicon"), e))?;
    Ok(Some(fingerprint))
}

/// The merged lexicon of the shipped languages (and the vault's own, see [`use_vault`]).
pub fn lexicon() -> &'static Lexicon {
    static LEXICON: OnceLock<Lexicon> = OnceLock::new();
    // The files are part of the program: one that does not load is a bug, which the
    // tests below catch before it ships.
    LEXICON.get_or_init(|| load_files(each_file()).unwrap_or_else(|e| panic!("{e}")))
}

/// One file's JSON form read as `T`, or an error naming the file and the key.
pub(crate) fn read<T: serde::de::DeserializeOwned>(lang: &str, json: &str) -> Result<T, String> {
    // Read again, tracking the path, only to name where a file fails.
    if let Ok(file) = serde_json::from_str(json) {
        return Ok(file);
    }
    let mut json = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut json)
        .map_err(|e| format!("lexicon/{lang}.yaml: {}: {}", e.path(), e.inner()))
}

#[cfg(test)]
fn load(files: &[(&str, &str)]) -> Result<Lexicon, String> {
    let mut read_files = Vec::new();
    for (lang, text) in files {
        let value: serde_yaml::Value =
            serde_yaml::from_str(text).map_err(|e| format!("lexicon/{lang}.yaml: {e}"))?;
        let file = serde_path_to_error::deserialize(value)
            .map_err(|e| format!("lexicon/{lang}.yaml: {}: {}", e.path(), e.inner()))?;
        read_files.push((*lang, file));
    }
    load_files(read_files)
}

fn load_files<'a>(files: impl IntoIterator<Item = (&'a str, File)>) -> Result<Lexicon, String> {
    let mut lex = Lexicon {
        numbers: HashMap::new(),
        joiners: Vec::new(),
        separators: Vec::new(),
        counting: Counting::default(),
        small: HashMap::new(),
        particles: Vec::new(),
        endings: Vec::new(),
        longest_phrase: 1,
        own: Vec::new(),
        own_inside: Vec::new(),
        future: Vec::new(),
        compare_before: Vec::new(),
        compare_after: Vec::new(),
        rates: Vec::new(),
        per_hour: Vec::new(),
        took_in: Vec::new(),
        rest: Vec::new(),
        pending: Vec::new(),
        income: Vec::new(),
        card_columns: Vec::new(),
        with: Vec::new(),
        meet: Vec::new(),
        contact: Vec::new(),
        contacted_by: Vec::new(),
        kin: Vec::new(),
        finished_work: Vec::new(),
        toward: Vec::new(),
        at_place: Vec::new(),
        place_nouns: Vec::new(),
        climb: Vec::new(),
        messaged: Vec::new(),
        travel_by: Vec::new(),
        works: Vec::new(),
        exercise_nouns: Vec::new(),
        money: Vec::new(),
        went: Vec::new(),
        not_done: Vec::new(),
        stars: Vec::new(),
        no: Vec::new(),
        not_runs: Vec::new(),
        run_kinds: BTreeMap::new(),
        courses: Vec::new(),
        possessives: Vec::new(),
        people: Vec::new(),
        equipment: Vec::new(),
        questions: Questions::default(),
        cues: BTreeMap::new(),
        months: Vec::new(),
        table_headers: Vec::new(),
        fields: BTreeMap::new(),
        field_langs: BTreeMap::new(),
        unit_spellings: BTreeMap::new(),
        unit_spellings_in_context: BTreeMap::new(),
        amounts: BTreeMap::new(),
        sleep: BTreeMap::new(),
        periods: BTreeMap::new(),
        verb_forms: BTreeMap::new(),
        verb_endings: Vec::new(),
        activities: Ordered::default(),
        answers: Vec::new(),
        question_words: Vec::new(),
        verbs: Vec::new(),
    };
    let mut headers: BTreeMap<Column, Vec<String>> = BTreeMap::new();
    let mut seen: HashMap<String, (String, u32)> = HashMap::new();
    for (lang, file) in files {
        let parts = file
            .numbers
            .iter()
            .map(|(w, v)| (w, *v, Part::Plain(*v)))
            .chain(
                file.multipliers
                    .iter()
                    .map(|(w, v)| (w, *v, Part::Multiplier(*v))),
            )
            .chain(file.scales.iter().map(|(w, v)| (w, *v, Part::Scale(*v))));
        for (word, value, part) in parts {
            let word = word.to_lowercase();
            if let Some((other, v)) = seen.get(&word) {
                if *v != value {
                    return Err(format!(
                        "lexicon/{lang}.yaml: `{word}` is {value} here but {v} in {other}.yaml"
                    ));
                }
            }
            seen.insert(word.clone(), (lang.to_string(), value));
            // `cento` is a hundred on its own and multiplies in `duecento`: the multiplier
            // reads both.
            let keep = lex
                .numbers
                .get(&word)
                .is_some_and(|p| !matches!(p, Part::Plain(_)));
            if !keep {
                lex.numbers.insert(word, part);
            }
        }
        let lower = |words: Vec<String>| -> Vec<String> {
            words.into_iter().map(|w| w.trim().to_lowercase()).collect()
        };
        lex.joiners.extend(lower(file.joiners));
        lex.separators.extend(lower(file.separators));
        let c = file.counting;
        lex.counting.counters.extend(lower(c.counters));
        lex.counting.connectors.extend(lower(c.connectors));
        lex.counting.articles.extend(lower(c.articles));
        lex.counting.half.extend(lower(c.half));
        lex.counting.half_after.extend(lower(c.half_after));
        lex.counting.classifiers.extend(lower(c.classifiers));
        lex.counting.ordinal_before.extend(lower(c.ordinal_before));
        lex.counting.per_side.extend(lower(c.per_side));
        lex.counting.alternatives.extend(lower(c.alternatives));
        let s = file.small;
        lex.verbs.push((lang.to_string(), lower(s.verbs.clone())));
        let roles = [
            (s.own, Role::Structural),
            (s.people, Role::Structural),
            (s.verbs, Role::Structural),
            (s.time, Role::Structural),
            (s.fillers, Role::Loose),
            (s.hedges, Role::Loose),
            (s.set_kinds, Role::Loose),
            (s.glue, Role::Glue),
        ];
        for (words, role) in roles {
            for w in lower(words) {
                lex.longest_phrase = lex.longest_phrase.max(w.split_whitespace().count());
                // A word some language lets stand inside a name is glue everywhere.
                let r = lex.small.entry(w).or_insert(role);
                *r = if *r == Role::Glue || role == Role::Glue {
                    Role::Glue
                } else {
                    (*r).max(role)
                };
            }
        }
        lex.particles.extend(lower(s.particles));
        lex.endings.extend(lower(s.endings));
        let m = file.markers;
        // `felt like 300kg`: how a weight felt names no exercise either.
        for w in lower(
            m.compare_before
                .iter()
                .chain(&m.compare_after)
                .cloned()
                .collect(),
        ) {
            lex.longest_phrase = lex.longest_phrase.max(w.split_whitespace().count());
            lex.small.entry(w).or_insert(Role::Loose);
        }
        lex.own.extend(lower(m.own));
        lex.own_inside.extend(lower(m.own_inside));
        lex.future.extend(lower(m.future));
        lex.compare_before.extend(lower(m.compare_before));
        lex.compare_after.extend(lower(m.compare_after));
        lex.rates.extend(lower(m.rates));
        lex.per_hour.extend(lower(m.per_hour));
        lex.took_in.extend(lower(m.took_in));
        lex.rest.extend(lower(m.rest));
        lex.pending.extend(lower(m.pending));
        lex.income.extend(lower(m.income));
        lex.card_columns.extend(lower(m.card_columns));
        lex.with.extend(lower(m.with));
        lex.meet.extend(lower(m.meet));
        lex.contact.extend(lower(m.contact));
        lex.contacted_by.extend(lower(m.contacted_by));
        lex.kin.extend(lower(m.kin));
        lex.finished_work.extend(lower(m.finished_work));
        lex.toward.extend(lower(m.toward));
        lex.at_place.extend(lower(m.at_place));
        lex.place_nouns.extend(lower(m.place_nouns));
        lex.climb.extend(lower(m.climb));
        lex.messaged.extend(lower(m.messaged));
        lex.travel_by.extend(lower(m.travel_by));
        lex.works.extend(lower(m.works));
        lex.exercise_nouns.extend(lower(m.exercise_nouns));
        lex.money.extend(lower(m.money));
        lex.went.extend(lower(m.went));
        lex.not_done.extend(lower(m.not_done));
        lex.stars.extend(lower(m.stars));
        lex.no.extend(lower(m.no));
        lex.not_runs.extend(lower(m.not_runs));
        for (kind, words) in m.run_kinds {
            lex.run_kinds.entry(kind).or_default().extend(lower(words));
        }
        for (km, names) in m.courses {
            let km: f64 = km.parse().expect("a course's key is its km");
            lex.courses
                .extend(lower(names).into_iter().map(|n| (km, n)));
        }
        for (name, words) in file.fields {
            for w in lower(words.clone()) {
                lex.field_langs.entry(w).or_default().push(lang.to_string());
            }
            lex.fields.entry(name).or_default().extend(lower(words));
        }
        lex.possessives.extend(lower(file.others.possessives));
        lex.people.extend(lower(file.others.people));
        let q = file.questions;
        let mut own: Vec<String> = [
            &q.function,
            &q.day,
            &q.time,
            &q.distance,
            &q.cost,
            &q.first,
            &q.per_month,
            &q.per_day,
            &q.earliest,
            &q.which_month,
            &q.which_year,
            &q.count_days,
            &q.count_times,
            &q.who,
            &q.every_weekend,
        ]
        .into_iter()
        .chain(file.cues.values())
        .flatten()
        // As a question's words are compared: hyphens part words, one apostrophe.
        .map(|w| w.trim().to_lowercase().replace('-', " ").replace('’', "'"))
        .collect();
        own.sort();
        own.dedup();
        lex.question_words.push((lang.to_string(), own));
        if let Some(a) = file.answers {
            lex.answers.push((lang.to_string(), a));
        }
        lex.questions.function.extend(lower(q.function));
        lex.questions.day.extend(lower(q.day));
        lex.questions.time.extend(lower(q.time));
        lex.questions.distance.extend(lower(q.distance));
        lex.questions.cost.extend(lower(q.cost));
        lex.questions.first.extend(lower(q.first));
        lex.questions.per_month.extend(lower(q.per_month));
        lex.questions.per_day.extend(lower(q.per_day));
        lex.questions.earliest.extend(lower(q.earliest));
        lex.questions.which_month.extend(lower(q.which_month));
        lex.questions.which_year.extend(lower(q.which_year));
        lex.questions.difference.extend(lower(q.difference));
        lex.questions.count_days.extend(lower(q.count_days));
        lex.questions.count_times.extend(lower(q.count_times));
        lex.questions.who.extend(lower(q.who));
        lex.questions.what.extend(lower(q.what));
        lex.questions.every_weekend.extend(lower(q.every_weekend));
        lex.questions.in_progress.extend(lower(q.in_progress));
        lex.questions.pending.extend(lower(q.pending));
        lex.questions.result.extend(lower(q.result));
        lex.questions.units.merge(q.units);
        lex.questions.units_imply.merge(q.units_imply);
        let (mine, theirs) = (&mut lex.questions.thresholds, q.thresholds);
        mine.more_than.merge(theirs.more_than);
        mine.at_least.merge(theirs.at_least);
        mine.less_than.merge(theirs.less_than);
        mine.at_most.merge(theirs.at_most);
        let (mine, theirs) = (&mut lex.questions.spans, q.spans);
        for (all, words) in [
            (&mut mine.between, theirs.between),
            (&mut mine.and, theirs.and),
            (&mut mine.to, theirs.to),
            (&mut mine.until, theirs.until),
            (&mut mine.since, theirs.since),
            (&mut mine.since_after, theirs.since_after),
        ] {
            all.extend(lower(words));
            longest_first(all);
        }
        for (cue, words) in file.cues {
            lex.cues.entry(cue).or_default().extend(lower(words));
        }
        for (MonthNumber(month), names) in file.months {
            if !(1..=12).contains(&month) {
                return Err(format!(
                    "lexicon/{lang}.yaml: months.{month}: no month has this number"
                ));
            }
            lex.months
                .extend(lower(names).into_iter().map(|n| (n, month)));
        }
        for (column, words) in file.table_headers {
            headers.entry(column).or_default().extend(lower(words));
        }
        lex.activities.merge(file.activities);
        for (unit, words) in file.unit_spellings {
            lex.unit_spellings
                .entry(unit)
                .or_default()
                .extend(lower(words));
        }
        lex.verb_endings.extend(lower(file.verb_endings));
        for (verb, forms) in file.verb_forms {
            lex.verb_forms
                .entry(verb.to_lowercase())
                .or_default()
                .extend(lower(forms));
        }
        for (amount, words) in file.amounts {
            lex.amounts.entry(amount).or_default().extend(lower(words));
        }
        for (said, words) in file.sleep {
            lex.sleep.entry(said).or_default().extend(lower(words));
        }
        for (period, words) in file.periods {
            lex.periods.entry(period).or_default().extend(lower(words));
        }
        for (unit, words) in file.unit_spellings_in_context {
            lex.unit_spellings_in_context
                .entry(unit)
                .or_default()
                .extend(lower(words));
        }
        for (name, words) in file.equipment {
            let name = name.to_lowercase();
            lex.equipment
                .extend(lower(words).into_iter().map(|w| (w, name.clone())));
        }
    }
    // Longest first wherever a list is tried in turn: `개씩` before `개`.
    for list in [
        &mut lex.joiners,
        &mut lex.separators,
        &mut lex.counting.counters,
        &mut lex.counting.connectors,
        &mut lex.counting.articles,
        &mut lex.counting.half,
        &mut lex.counting.classifiers,
        &mut lex.counting.ordinal_before,
        &mut lex.counting.per_side,
        &mut lex.counting.alternatives,
        &mut lex.particles,
        &mut lex.endings,
        &mut lex.money,
        &mut lex.own,
        &mut lex.own_inside,
        &mut lex.future,
        &mut lex.compare_before,
        &mut lex.compare_after,
        &mut lex.per_hour,
        &mut lex.took_in,
        &mut lex.possessives,
        &mut lex.people,
        &mut lex.questions.function,
        &mut lex.questions.day,
        &mut lex.questions.time,
        &mut lex.questions.distance,
        &mut lex.questions.cost,
        &mut lex.questions.first,
        &mut lex.questions.per_month,
        &mut lex.questions.per_day,
        &mut lex.questions.earliest,
        &mut lex.questions.which_month,
        &mut lex.questions.which_year,
        &mut lex.questions.difference,
        &mut lex.questions.count_days,
        &mut lex.questions.count_times,
        &mut lex.questions.who,
        &mut lex.questions.what,
        &mut lex.questions.every_weekend,
        &mut lex.questions.result,
    ] {
        longest_first(list);
    }
    for list in lex
        .cues
        .values_mut()
        .chain(lex.unit_spellings.values_mut())
        .chain(lex.unit_spellings_in_context.values_mut())
        .chain(lex.amounts.values_mut())
        .chain(lex.sleep.values_mut())
        .chain(lex.periods.values_mut())
    {
        longest_first(list);
    }
    lex.months
        .sort_by(|(a, _), (b, _)| b.len().cmp(&a.len()).then(a.cmp(b)));
    lex.months.dedup();
    // `half marathon` before `marathon`.
    lex.courses
        .sort_by(|(_, a), (_, b)| b.len().cmp(&a.len()).then(a.cmp(b)));
    lex.courses.dedup();
    lex.table_headers = headers.into_iter().collect();
    Ok(lex)
}

fn longest_first(list: &mut Vec<String>) {
    list.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
    list.dedup();
}

impl Lexicon {
    /// The words of a question cue, longest first.
    pub fn cue(&self, cue: Cue) -> &[String] {
        self.cues.get(&cue).map_or(&[], Vec::as_slice)
    }

    /// The roles of the words of `text` (lowercase), in order; `None` for a word that is
    /// none of the small words (a name's, or any other). Phrases count as one word (`más o
    /// menos`); a word of Hangul may end in a particle (`무게는`), and a run of ideographs
    /// or kana is cut into the small words it is made of (`我自己拉了`).
    pub fn roles(&self, text: &str) -> Vec<Option<Role>> {
        let words: Vec<&str> = text
            .split(|c: char| !(c.is_alphanumeric() || matches!(c, '\'' | '’' | '-')))
            .map(|w| w.trim_matches(|c: char| matches!(c, '\'' | '’' | '-')))
            .filter(|w| !w.is_empty())
            .collect();
        let mut out = Vec::new();
        let mut i = 0;
        while i < words.len() {
            let phrase = (2..=self.longest_phrase.min(words.len() - i))
                .rev()
                .find_map(|n| self.small.get(&words[i..i + n].join(" ")).map(|r| (n, *r)));
            if let Some((n, role)) = phrase {
                out.push(Some(role));
                i += n;
                continue;
            }
            self.word_roles(words[i], &mut out);
            i += 1;
        }
        out
    }

    /// `word` without what a spaceless script glues to its end (a particle, a companion
    /// word, a verb ending: `지민이를` is 지민이, `통화했어` is 통화), when two letters or
    /// more stay; other words as they are.
    pub fn particle_stem<'w>(&self, word: &'w str) -> &'w str {
        if !crate::domains::has_spaceless(word) {
            return word;
        }
        self.glued()
            .filter_map(|p| word.strip_suffix(p))
            .filter(|stem| stem.chars().count() >= 2)
            .min_by_key(|stem| stem.len())
            .unwrap_or(word)
    }

    /// Whether `rest` (what follows a word in a note) opens with something glued to that
    /// word: a particle, a companion word, a verb ending (`에서`, `랑`, `했다`).
    pub fn glued_after(&self, rest: &str) -> bool {
        self.glued().any(|p| rest.starts_with(p))
    }

    fn glued(&self) -> impl Iterator<Item = &str> {
        self.particles
            .iter()
            .chain(&self.endings)
            .chain(
                self.with
                    .iter()
                    .filter(|w| crate::domains::has_spaceless(w)),
            )
            .map(String::as_str)
    }

    fn word_roles(&self, word: &str, out: &mut Vec<Option<Role>>) {
        if let Some(role) = self.small.get(word) {
            out.push(Some(*role));
            return;
        }
        if !crate::domains::has_spaceless(word) {
            out.push(None);
            return;
        }
        if word.chars().all(super::words::is_hangul) {
            let stem = self
                .particles
                .iter()
                .find_map(|p| word.strip_suffix(p.as_str()).filter(|s| !s.is_empty()));
            out.push(stem.and_then(|s| self.small.get(s)).copied());
            return;
        }
        // Ideographs and kana: the longest small word or particle at each place; a
        // character that starts none belongs to a word of another kind.
        let mut rest = word;
        let mut content = false;
        while let Some(c) = rest.chars().next() {
            let small = self
                .small
                .iter()
                .filter(|(w, _)| rest.starts_with(w.as_str()))
                .max_by_key(|(w, _)| w.len())
                .map(|(w, r)| (w.len(), Some(*r)));
            let particle = self
                .particles
                .iter()
                .find(|p| rest.starts_with(p.as_str()))
                .map(|p| (p.len(), Some(Role::Loose)));
            match small.into_iter().chain(particle).max_by_key(|(n, _)| *n) {
                Some((n, role)) => {
                    out.push(role);
                    rest = &rest[n..];
                }
                None => {
                    content = true;
                    rest = &rest[c.len_utf8()..];
                }
            }
        }
        if content {
            out.push(None);
        }
    }

    /// Whether `text` is small words only, at least one (`I did`, `más o menos`, `무게는`).
    pub fn only_small_words(&self, text: &str) -> bool {
        let roles = self.roles(text);
        !roles.is_empty() && roles.iter().all(Option::is_some)
    }

    /// Whether `text` could be the name of an exercise: some word is none of the small
    /// words, and none is a pronoun, a verb or a time (`I did`, `yo hice`, `오늘은`).
    pub fn could_be_a_name(&self, text: &str) -> bool {
        let roles = self.roles(text);
        roles.iter().any(Option::is_none) && !roles.contains(&Some(Role::Structural))
    }

    /// The marker of `list` that `text` (lowercase) opens with, standing as a word.
    pub fn opens_with<'a>(&self, text: &str, list: &'a [String]) -> Option<&'a str> {
        let text = text.trim_start_matches(|c: char| !c.is_alphanumeric());
        list.iter()
            .find(|m| {
                text.strip_prefix(m.as_str()).is_some_and(|rest| {
                    m.chars()
                        .next_back()
                        .is_some_and(crate::domains::is_spaceless)
                        || !rest.starts_with(char::is_alphanumeric)
                })
            })
            .map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_language_loads_and_agrees_on_numbers() {
        let lex = load(FILES).expect("the shipped lexicon loads");
        assert_eq!(lex.numbers.get("fünf"), Some(&Part::Plain(5)));
        assert_eq!(lex.numbers.get("百"), Some(&Part::Multiplier(100)));
        assert_eq!(lex.numbers.get("cento"), Some(&Part::Multiplier(100)));
    }

    #[test]
    fn the_files_read_as_json_are_the_files_as_written() {
        assert_eq!(JSON_FILES.len(), FILES.len());
        for ((lang, yaml), (json_lang, json)) in FILES.iter().zip(JSON_FILES) {
            assert_eq!(lang, json_lang);
            // The same but for month numbers as keys, which JSON writes as text.
            fn keys_as_text(v: serde_yaml::Value) -> serde_yaml::Value {
                use serde_yaml::Value;
                match v {
                    Value::Mapping(m) => Value::Mapping(
                        m.into_iter()
                            .map(|(k, v)| match k {
                                Value::Number(n) => (Value::String(n.to_string()), keys_as_text(v)),
                                k => (k, keys_as_text(v)),
                            })
                            .collect(),
                    ),
                    Value::Sequence(s) => {
                        Value::Sequence(s.into_iter().map(keys_as_text).collect())
                    }
                    v => v,
                }
            }
            let written: serde_yaml::Value = serde_yaml::from_str(yaml).expect("valid YAML");
            let read: serde_yaml::Value = serde_json::from_str(json).expect("valid JSON");
            assert_eq!(read, keys_as_text(written), "{lang}");
        }
    }

    #[test]
    fn every_file_in_the_lexicon_folder_is_shipped() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/lexicon");
        let mut on_disk: Vec<String> = std::fs::read_dir(dir)
            .expect("the lexicon folder")
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                name.strip_suffix(".yaml").map(String::from)
            })
            .collect();
        on_disk.sort();
        let mut shipped: Vec<String> = FILES.iter().map(|(l, _)| l.to_string()).collect();
        shipped.sort();
        assert_eq!(shipped, on_disk);
    }

    #[test]
    fn a_bad_file_is_named_with_its_key() {
        let err = load(&[("xx", "numbers:\n  one: many\n")]).expect_err("a bad value");
        assert!(
            err.contains("lexicon/xx.yaml") && err.contains("numbers.one"),
            "{err}"
        );
        let err = load(&[("aa", "numbers: { uno: 1 }"), ("bb", "numbers: { uno: 2 }")])
            .expect_err("two values");
        assert!(err.contains("bb.yaml") && err.contains("aa.yaml"), "{err}");
        let err = load(&[("xx", "cues:\n  nonsense: [a]\n")]).expect_err("an unknown cue");
        assert!(
            err.contains("lexicon/xx.yaml") && err.contains("nonsense"),
            "{err}"
        );
        let err = load(&[("xx", "months:\n  13: [a]\n")]).expect_err("no such month");
        assert!(err.contains("months.13"), "{err}");
    }

    #[test]
    fn small_words_are_no_names() {
        let lex = lexicon();
        for small in [
            "i did",
            "yo hice",
            "moi",
            "eu fiz",
            "más o menos",
            "무게는",
            "all at",
            "メイン",
            "我自己拉了",
            "waren aber nur",
            "efectivas",
            "séries válidas",
            "今日は",
        ] {
            assert!(lex.only_small_words(small), "{small}");
            assert!(!lex.could_be_a_name(small), "{small}");
        }
        for name in [
            "cable fly",
            "원암 케이블 익스텐션",
            "press de vanca",
            "heavy farmer carries",
            "臀推",
            "elevação pélvica",
        ] {
            assert!(!lex.only_small_words(name), "{name}");
            assert!(lex.could_be_a_name(name), "{name}");
        }
    }
}
