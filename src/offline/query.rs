//! Reading a question without a model: what kind of input it is (question, correction),
//! what kind of answer it wants (count, best, average, trend, comparison, why, ...), which
//! measure it is about, and which periods.

use chrono::Weekday;

use super::cues::{self, asks, Cue};
use super::dates::{find_range, recurring_weekday, DateRange};
use super::pattern::Pattern;
use super::read::lexicon::lexicon;
use super::run_filter::RunFilter;
use super::threshold::Threshold;
use crate::domains::Domains;

/// What the person wants computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QueryType {
    /// Show what the notes say.
    Lookup,
    Count,
    Total,
    Max,
    Min,
    Average,
    Trend,
    Comparison,
    Weekday,
    Why,
    Recommendation,
    /// "That run was 8 km, not 6": a fix to a logged entry.
    Correction,
    /// The latest entry: "last time", "when did I last".
    Last,
    /// The entries of a period: "what did I eat yesterday".
    List,
    /// A digest of a period by domain: "summarize my week".
    Summary,
    /// Open `- [ ]` items: "what's left to do on X".
    Tasks,
}

/// A measure read from parsed data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Metric {
    Runs,
    Distance,
    RunDuration,
    Pace,
    Workouts,
    /// Weight lifted for this exercise (canonical name).
    Lift(String),
    /// Sessions that trained a body part (see [`super::body_parts`]), by its name.
    BodyPart(String),
    Sleep,
    /// The person's own weight (`Weight:: 72.4 kg`, `체중 78kg`): a level, never summed.
    BodyWeight,
    Mood,
    Energy,
    Stress,
    Steps,
    Protein,
    Calories,
    Caffeine,
    Alcohol,
    DeepWork,
    Meetings,
    /// Training of any kind: days (or sections) with lifts or runs.
    Training,
    /// A generic measure (`ParsedRecord.measures`): the unit names asked about (`page`,
    /// `minute`) and the question's other words, which may say what was measured.
    Measure {
        units: Vec<String>,
        words: Vec<String>,
    },
}

/// The reading of one question.
#[derive(Debug, Clone)]
pub struct Query {
    pub kind: QueryType,
    /// The measures named, most specific first.
    pub metrics: Vec<Metric>,
    pub range: Option<DateRange>,
    /// The second period of a comparison.
    pub other_range: Option<DateRange>,
    /// "on Mondays".
    pub weekday: Option<Weekday>,
    /// "on weekends", `los fines de semana`, `주말마다`: Saturdays and Sundays only, over
    /// the question's other period or all time.
    pub weekends: bool,
    /// Asks for an average per week ("km per week on average", `주 평균`, `週平均`).
    pub per_week: bool,
    /// Asks for an average per month (`per month`, `平均每月`, lexicon `per_month`).
    pub per_month: bool,
    /// Asks for a figure per calendar year (`yearly mileage`, `Jahresumfang`, lexicon
    /// `cues.per_year`).
    pub per_year: bool,
    /// Asks which month held the most or least (`which month`, `哪个月`, lexicon
    /// `which_month`).
    pub which_month: bool,
    /// Asks for the weeks in a row with training ("how many weeks in a row", `몇 주 연속`).
    pub streak: bool,
    /// A streak counted in weeks (`weeks in a row`, `몇 주 연속`), not in days.
    pub streak_in_weeks: bool,
    /// Asks for the days without training ("rest days this month", `운동 안 한 날 며칠`).
    pub rest_days: bool,
    /// Wants the nights (days) before the found sessions ("the nights before it").
    pub preceding_days: bool,
    /// The earliest reading of the period, not the latest (`my first weight in August`).
    pub first: bool,
    /// A race distance named ("5k", "10 km", "half marathon"): best means fastest at it.
    pub target_km: Option<f64>,
    /// The runs asked about: a kind (`LSD`), a least distance (`10km 이상`).
    pub runs: RunFilter,
    /// The question asks in miles.
    pub miles: bool,
    /// A list about food ("what did I eat").
    pub food: bool,
    /// What a lifting question asks beyond the usual kinds (volume, reps, a one-rep max,
    /// the big-three total).
    pub lift_ask: Option<LiftAsk>,
    /// A bound on the values counted (`nights under 7 hours`, `1万歩以上`).
    pub threshold: Option<Threshold>,
}

/// Lifting questions with an answer of their own (see [`crate::offline::kinds::lifting`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LiftAsk {
    /// Weight × reps × sets.
    Volume,
    /// The reps done ("how many push-ups").
    Reps,
    /// The sets done ("how many sets of bench", `몇 세트`).
    Sets,
    /// An estimated one-rep max.
    OneRepMax,
    /// Best squat + bench press + deadlift.
    BigThree,
}

/// The lifting ask of a question (`q` lowercase, its period taken out).
fn lift_ask(q: &str, metrics: &[Metric]) -> Option<LiftAsk> {
    // `3대`, `big 3`, or the three named with a total (`squat bench deadlift total?`).
    let all_three = ["squat", "bench press", "deadlift"].iter().all(|l| {
        metrics
            .iter()
            .any(|m| matches!(m, Metric::Lift(n) if n == l))
    });
    if asks(q, Cue::BigThree) || all_three && asks(q, Cue::Total) {
        return Some(LiftAsk::BigThree);
    }
    let Some(Metric::Lift(name)) = metrics.first() else {
        // `이번 주 총 볼륨`, `total volume this week`: every lift's.
        let lifting = matches!(
            metrics.first(),
            None | Some(Metric::Measure { .. } | Metric::Workouts | Metric::Training)
        );
        return (lifting && asks(q, Cue::Volume)).then_some(LiftAsk::Volume);
    };
    if asks(q, Cue::Volume) {
        Some(LiftAsk::Volume)
    } else if asks(q, Cue::Sets) {
        Some(LiftAsk::Sets)
    } else if asks(q, Cue::OneRepMax) {
        Some(LiftAsk::OneRepMax)
    } else if [Cue::Best, Cue::Trend, Cue::Last, Cue::Average]
        .iter()
        .any(|c| asks(q, *c))
    {
        // `푸쉬업 한 세트 최대 몇 개`, `푸쉬업 얼마나 늘었어`: the best or the trend of the
        // lift's own values (reps for a bodyweight lift), not a sum.
        None
    } else if asks(q, Cue::Reps) {
        Some(LiftAsk::Reps)
    } else if asks(q, Cue::HowMany) && asks(q, Cue::SetWords) {
        // `how many bench sets did I do`.
        Some(LiftAsk::Sets)
    } else if asks(q, Cue::HowMany)
        && !cues::has(q, &["times", "how often"])
        && (super::read::BODYWEIGHT.contains(&name.as_str())
            || super::read::find_word(q, &format!("{name}s")).is_some())
    {
        // `how many push-ups`, `how many squats`: the reps.
        Some(LiftAsk::Reps)
    } else {
        None
    }
}

fn has_any<S: AsRef<str>>(text: &str, words: &[S]) -> bool {
    words.iter().any(|w| contains_word(text, w.as_ref()))
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// `10k steps` is ten thousand steps, not a 10k run.
fn thousands_of_steps(q: &str) -> String {
    static RE: std::sync::OnceLock<Pattern> = std::sync::OnceLock::new();
    RE.get_or_init(|| Pattern::new(r"(\d+)k(\s*(?:steps|걸음|歩|步|pasos|schritte|pas)\b)"))
        .replace_all(q, "${1}000$2")
        .into_owned()
}

/// German compounds split into the words they are made of: `5-km-zeit` is `5 km zeit`,
/// `durchschnittsgewicht` is `durchschnitt gewicht`.
fn split_compounds(q: String) -> String {
    static RE: std::sync::OnceLock<Pattern> = std::sync::OnceLock::new();
    if !q.contains('-') && !q.contains("durchschnitts") {
        return q;
    }
    let re = RE.get_or_init(|| Pattern::new(r"(\d)-(k|km|mi|meilen)(?:-|\b)"));
    re.replace_all(&q, "$1 $2 ")
        .replace("durchschnitts", "durchschnitt ")
}

/// Reads `question` asked on `anchor`.
pub fn read(question: &str, anchor: chrono::NaiveDate, week: Weekday, domains: &Domains) -> Query {
    let lower = split_compounds(thousands_of_steps(&question.to_lowercase()));
    let (lower, weekends) = every_weekend(&lower);
    let range = find_range(&lower, anchor, week);
    let other_range = range.as_ref().and_then(|r| {
        let rest = lower.replacen(&r.phrase, " ", 1);
        find_range(&rest, anchor, week).filter(|o| o.start != r.start || o.end != r.end)
    });
    let (range, other_range) = match (range, other_range) {
        (Some(r), Some(o)) => match weekday_of(&lower, &r, &o) {
            Some(phrase) => (Some(DateRange { phrase, ..r }), None),
            None => (Some(r), Some(o)),
        },
        (range, other) => (range, other),
    };
    // `지난달보다 늘었어?`, `more than last week`: the period named is the other side of a
    // comparison with the one going on now.
    let (range, other_range) = match (range, other_range) {
        (Some(r), None) if compared_to(&lower, &r.phrase) => {
            (current_counterpart(&r, anchor, week), Some(r))
        }
        (range, other) => (range, other),
    };
    let rest = match &range {
        Some(r) => lower.replacen(&r.phrase, " ", 1),
        None => lower.clone(),
    };
    // `so far this week` asks about a period, not a distance.
    let rest = rest.replace("so far", " ");
    // `nights under 7 hours`: the bound picks values, it is not what is asked (a run's
    // least distance is the runs' own filter, below).
    let (rest, threshold) = match super::threshold::read(&rest) {
        Some((bound, without)) if super::run_filter::without_least(&rest) == rest => {
            (without, Some(bound))
        }
        _ => (rest, None),
    };
    // `how many runs over 15 km`: the least distance picks runs, it is not what is asked.
    let (rest, metrics, runs) = {
        let picked = super::run_filter::without_least(&rest).into_owned();
        let asked = metrics(&picked, domains);
        match asked.first() {
            Some(m) if m.is_running() && picked != rest => {
                let runs = RunFilter::read(&rest);
                (picked, asked, runs)
            }
            _ => {
                let metrics = metrics(&rest, domains);
                let runs = match metrics.first() {
                    Some(m) if m.is_running() => RunFilter::read(&rest),
                    _ => RunFilter::default(),
                };
                (rest, metrics, runs)
            }
        }
    };
    // `1万歩以上歩いた日`: the bound's unit names the measure no other word named.
    let metrics = match (&threshold, metrics.first()) {
        (Some(bound), None | Some(Metric::Measure { .. }))
            if cues::units(&bound.unit_word).contains(&"steps") =>
        {
            vec![Metric::Steps]
        }
        _ => metrics,
    };
    let lift_ask = lift_ask(&rest, &metrics);
    let kind = if super::route::is_correction(question) {
        QueryType::Correction
    } else {
        match lift_ask {
            Some(LiftAsk::BigThree | LiftAsk::OneRepMax) => QueryType::Max,
            Some(LiftAsk::Volume | LiftAsk::Reps | LiftAsk::Sets) => QueryType::Total,
            None => match kind(&rest, other_range.is_some(), &metrics) {
                // "show my bench records": no period to list, so the latest with its history.
                QueryType::List
                    if range.is_none()
                        && metrics
                            .first()
                            .is_some_and(|m| !matches!(m, Metric::Measure { .. })) =>
                {
                    QueryType::Last
                }
                other => other,
            },
        }
    };
    // `요즘 스쿼트 얼마나 들어?`: what one lifts now, not a window of days.
    let lately = range
        .as_ref()
        .is_some_and(|r| super::periods::is_lately(&r.phrase));
    let (kind, range) = match metrics.first() {
        Some(Metric::Lift(_)) if lately => match kind {
            // `벤치 요즘 늘고 있어?` still asks for the trend.
            QueryType::Trend | QueryType::Max | QueryType::Min | QueryType::Average => (kind, None),
            _ => (QueryType::Last, None),
        },
        // `how many steps have I been doing lately`: the usual day of the last weeks.
        Some(m) if lately && kind == QueryType::Total && per_day_amount(m) => {
            (QueryType::Average, range)
        }
        // `how much did I weigh on Nov 10`, `what's my current weight`: the weigh-in.
        Some(Metric::BodyWeight)
            if matches!(kind, QueryType::Total | QueryType::List | QueryType::Lookup)
                || kind == QueryType::Count && !asks(&rest, Cue::Count) =>
        {
            (QueryType::Last, range)
        }
        // `잠 몇 시간 잤지`, `커피 몇 잔 마셨더라`: with no period, the latest day's amount.
        Some(m)
            if kind == QueryType::Total
                && range.is_none()
                && per_day_amount(m)
                && !cues::has(
                    &rest,
                    &[
                        "total", "in all", "all time", "ever", "총", "합", "전부", "모두",
                    ],
                ) =>
        {
            (QueryType::Last, None)
        }
        _ => (kind, range),
    };
    let which_month = cues::has(&rest, &lexicon().questions.which_month);
    let streak = asks(&rest, Cue::Streak);
    let streak_in_weeks = streak
        && super::provenance::words_everywhere("unit_week")
            .iter()
            .any(|w| super::read::words::find_word(&rest, w).is_some());
    let kind = match kind {
        // `¿en qué mes corrí más?`: a month is asked for, the one with the most (the least
        // is read as a minimum already) whatever the superlative is glued to.
        QueryType::Count | QueryType::Total if which_month => QueryType::Max,
        // `¿cuántas semanas seguidas?`: weeks in a row are counted, never summed.
        QueryType::Total if streak => QueryType::Count,
        // `¿cuántas páginas por semana?`: a total told per week is its average week.
        QueryType::Total
            if asks(&rest, Cue::PerWeek) || cues::has(&rest, &lexicon().questions.per_month) =>
        {
            QueryType::Average
        }
        // `how many nights under 7 hours`: the nights are counted, not their hours.
        QueryType::Total | QueryType::Average if threshold.is_some() => QueryType::Count,
        other => other,
    };
    let target_km = target_km(&rest);
    let mut runs = runs;
    // `how many 10k runs`, `is my 10k getting faster?`: the runs of about that distance.
    if matches!(
        kind,
        QueryType::Count | QueryType::Last | QueryType::Trend | QueryType::List
    ) && runs.min_km.is_none()
        && metrics.first().is_some_and(Metric::is_running)
    {
        runs.about_km = target_km;
    }
    Query {
        kind,
        metrics,
        range,
        other_range,
        weekday: recurring_weekday(question),
        weekends,
        // `how many days did I mark as rest`: a count that names a day's rest mark.
        rest_days: asks(&rest, Cue::RestDays)
            || (matches!(kind, QueryType::Count | QueryType::Total)
                && cues::has(&rest, &lexicon().rest)),
        per_week: asks(&rest, Cue::PerWeek),
        per_month: cues::has(&rest, &lexicon().questions.per_month),
        per_year: asks(&rest, Cue::PerYear),
        which_month,
        streak,
        streak_in_weeks,
        preceding_days: has_any(&lower, cues::words(Cue::PrecedingDays)),
        first: kind == QueryType::Last && cues::has(&rest, &lexicon().questions.first),
        target_km,
        runs,
        miles: has_any(&rest, &["miles", "mile", "mi"]),
        food: asks(&rest, Cue::Eat),
        lift_ask,
        threshold,
    }
}

/// Whether the one day `other` is the weekday written beside the day `date` (`Tuesday 13
/// October`, `le mardi 13 octobre`, `13.10. Dienstag`): one day said twice, not two. The
/// phrase that says both.
fn weekday_of(lower: &str, date: &DateRange, other: &DateRange) -> Option<String> {
    let one_day = |r: &DateRange| r.start == r.end;
    if !one_day(date) || !one_day(other) {
        return None;
    }
    let (a, b) = (date.phrase.trim(), other.phrase.trim());
    [" ", ", ", "，", "（", " ("].iter().find_map(|gap| {
        [format!("{b}{gap}{a}"), format!("{a}{gap}{b}")]
            .into_iter()
            .find(|both| lower.contains(both.as_str()))
    })
}

/// Whether the period `phrase` of the lowercase question is what something is compared to:
/// after "than", "compared to", "vs", `que`, `als`, `比`, or before `보다`, `대비`, `より`.
pub(crate) fn compared_to(lower: &str, phrase: &str) -> bool {
    let Some(at) = lower.find(phrase) else {
        return false;
    };
    let before = lower[..at].trim_end();
    let after = lower[at + phrase.len()..].trim_start();
    [
        "than",
        "compared to",
        "compared with",
        "vs",
        "vs.",
        "versus",
        " que",
        " als",
        "als im",
        "比",
    ]
    .iter()
    .any(|w| before.ends_with(w))
        || [
            "보다",
            "대비",
            "에 비해",
            "より",
            "와 비교",
            "과 비교",
            "と比べ",
            "に比べ",
            "と比較",
        ]
        .iter()
        .any(|w| after.starts_with(w))
}

/// The period going on now that matches `other` in length: today for a day, this week,
/// this month or this year, else as many days ending today.
fn current_counterpart(
    other: &DateRange,
    anchor: chrono::NaiveDate,
    week: Weekday,
) -> Option<DateRange> {
    let days = (other.end - other.start).num_days() + 1;
    let now = match days {
        1 => "today",
        7 => "this week",
        28..=31 => "this month",
        365 | 366 => "this year",
        _ => {
            let start = anchor - chrono::Duration::days(days - 1);
            return Some(DateRange {
                start,
                end: anchor,
                phrase: format!("the last {days} days"),
            });
        }
    };
    find_range(now, anchor, week)
}

/// Takes a recurring weekend out of a lowercase question (`how do I sleep on weekends`,
/// `¿cuánto duermo los fines de semana?`, `주말마다`: the words of `questions.every_weekend`
/// in the lexicon), so it is not read as the last weekend; says whether there was one.
fn every_weekend(lower: &str) -> (String, bool) {
    let found = lexicon()
        .questions
        .every_weekend
        .iter()
        .find_map(|w| crate::offline::read::find_word(lower, w).map(|at| (at, w.len())));
    match found {
        // `last weekends` is a typo for the last one.
        Some((at, len)) if !lower[..at].trim_end().ends_with("last") => {
            let mut out = lower.to_string();
            out.replace_range(at..at + len, " ");
            (out, true)
        }
        _ => (lower.to_string(), false),
    }
}

/// Amounts people keep per day (a night's sleep, the day's coffee or steps): with no period
/// named, "how many" asks about the latest day, not a sum over all time.
fn per_day_amount(metric: &Metric) -> bool {
    matches!(
        metric,
        Metric::Sleep
            | Metric::Caffeine
            | Metric::Steps
            | Metric::Calories
            | Metric::Protein
            | Metric::Alcohol
    )
}

/// A race distance in the question: `5k`, `10 km`, `5km`, `half marathon`, `마라톤`.
fn target_km(q: &str) -> Option<f64> {
    static RE: std::sync::OnceLock<Pattern> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        Pattern::new(r"(\d+(?:[.,]\d+)?)\s*(?:k|km|kms|킬로|키로|公里|キロ)(?:\b|[^a-z])")
    });
    if let Some(c) = re.captures(q) {
        return c[1].replace(',', ".").parse().ok();
    }
    // A course named by its name (`half marathon`, `半程马拉松`, `parkrun`).
    lexicon()
        .courses
        .iter()
        .find(|(_, name)| cues::has(q, &[name]))
        .map(|(km, _)| (km * 10.0).round() / 10.0)
}

/// A weight unit asked for by a question word (`多少斤`, `几公斤`, `몇 kg`, `何キロ`,
/// `how many pounds`, `wie viel kg`, `cuántos kilos`).
fn asks_weight_unit(q: &str) -> bool {
    static RE: std::sync::OnceLock<Pattern> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        Pattern::new(
            r"(?:多少|几|幾|몇|何|\bhow\s+many|\bwie\s+viele?|\bcu[aá]ntos|\bcombien\s+de|\bquantos|\bquanti)\s*(?:斤|公斤|千克|kg|kgs|키로|킬로|キロ|kilos?|pounds|lbs?)",
        )
    })
    .is_match(q)
}

fn kind(q: &str, two_periods: bool, metrics: &[Metric]) -> QueryType {
    if asks(q, Cue::Why) {
        return QueryType::Why;
    }
    if asks(q, Cue::Tasks) {
        return QueryType::Tasks;
    }
    if asks(q, Cue::Search) {
        return QueryType::Lookup;
    }
    if asks(q, Cue::Recommend) {
        return QueryType::Recommendation;
    }
    if asks(q, Cue::Summary) {
        return QueryType::Summary;
    }
    if two_periods || has_any(q, cues::words(Cue::Compare)) {
        return QueryType::Comparison;
    }
    let words = &crate::offline::read::lexicon::lexicon().questions;
    // `when did I first run 10 km`, `第一次跑半马是哪天`: the day of a first time is told
    // once, not computed.
    if cues::has(q, &words.first) && cues::has(q, &words.day) {
        return QueryType::Lookup;
    }
    // `which day do I usually run` asks for a weekday; `which day did I walk the most`, a
    // date.
    let usual_day = cues::has(q, &words.day)
        && asks(q, Cue::Average)
        && ![Cue::Best, Cue::Least, Cue::Worst]
            .into_iter()
            .any(|c| asks(q, c));
    if asks(q, Cue::Weekday) || usual_day {
        return QueryType::Weekday;
    }
    if asks(q, Cue::Trend) {
        return QueryType::Trend;
    }
    if asks(q, Cue::Last) {
        return QueryType::Last;
    }
    // Before the best: `más bajo`, `più basso` hold the word of a most.
    if asks(q, Cue::Least) || asks(q, Cue::Worst) {
        return QueryType::Min;
    }
    if asks(q, Cue::Best) {
        return QueryType::Max;
    }
    if asks(q, Cue::Average) {
        return QueryType::Average;
    }
    if !metrics.is_empty() && asks(q, Cue::When) {
        return QueryType::Last;
    }
    // `how much did I bench on Nov 13`, `what did I bench on March 12`, `卧推用了多少斤`,
    // `벤치 몇 kg`: the weight lifted, not a count of sessions nor the day's listing.
    if matches!(metrics.first(), Some(Metric::Lift(_)))
        && (has_any(q, &["how much", "how heavy", "what weight"])
            || asks_weight_unit(q)
            || asks(q, Cue::List))
        && !has_any(q, &["volume", "reps", "sets", "total", "times"])
    {
        return QueryType::Max;
    }
    let amount = !cues::units(q).is_empty() || metrics.first().is_some_and(Metric::is_amount);
    // `coffee count in October`, `step count`: the cups and steps, not the days.
    let counted_things = matches!(
        metrics.first(),
        Some(Metric::Caffeine | Metric::Steps | Metric::Alcohol | Metric::Measure { .. })
    ) && has_any(q, &["count", "number of"]);
    // `how many swims`, `number of bike rides`, `yoga sessions`: the sessions of an activity
    // with no unit asked, not a sum of its metres or minutes.
    let sessions = matches!(metrics.first(), Some(Metric::Measure { units, .. }) if units.is_empty())
        && super::activities::family(q).is_some()
        && !super::read::asks_field(q)
        && has_any(q, cues::words(Cue::Sessions));
    if sessions || asks(q, Cue::Count) && !counted_things {
        return QueryType::Count;
    }
    // `¿cuánto duermo?`, `how much do I sleep`: the usual night, not a sum of hours.
    if matches!(metrics.first(), Some(Metric::Sleep)) && has_any(q, cues::words(Cue::UsualSleep)) {
        return QueryType::Average;
    }
    let hours_slept = matches!(metrics.first(), Some(Metric::Sleep))
        && cues::has(
            q,
            &[
                "how much",
                "hours",
                "hrs",
                "시간",
                "얼마나",
                "horas",
                "cuánto",
                "時間",
                "小时",
            ],
        );
    // `10月26日は何をした？`: 何 asks what, not how many.
    let what_in_japanese = q.contains("何を") || q.contains("何した");
    if (asks(q, Cue::HowMany) && !what_in_japanese) || hours_slept || counted_things {
        return if amount || hours_slept {
            QueryType::Total
        } else {
            QueryType::Count
        };
    }
    if asks(q, Cue::List) || (metrics.is_empty() && has_any(q, &["what", "anything"])) {
        return QueryType::List;
    }
    // "what book am I reading": which entries, not a sum of pages.
    if amount
        && has_any(q, &["what", "which"])
        && !asks(q, Cue::HowMany)
        && !asks(q, Cue::Count)
        && !has_any(q, &["total", "sum", "how much", "how many"])
    {
        return QueryType::Lookup;
    }
    if amount {
        return QueryType::Total;
    }
    // `workouts this month`, `runs last month`: how many; `sleeping lately`: the usual night.
    match metrics.first() {
        Some(Metric::Training | Metric::Runs | Metric::Workouts | Metric::BodyPart(_)) => {
            return QueryType::Count;
        }
        Some(Metric::Sleep) => return QueryType::Average,
        // `quelle était mon allure le 9 juin`: the value logged then.
        Some(
            Metric::Pace
            | Metric::BodyWeight
            | Metric::Mood
            | Metric::Energy
            | Metric::Stress
            | Metric::Lift(_),
        ) => return QueryType::Last,
        _ => {}
    }
    QueryType::Lookup
}

/// The lift a word of `q` names as a verb (`deadlifted`, `squatting`, `benched`): its stem,
/// with a doubled last letter made single (`squatt`), a one-word name the vocabulary knows.
fn lift_as_verb(
    q: &str,
    vocabulary: &std::collections::BTreeMap<String, String>,
) -> Option<(usize, String)> {
    q.split(|c: char| !c.is_alphabetic())
        .filter(|w| w.ends_with("ed") || w.ends_with("ing"))
        .find_map(|w| {
            let stem = cues::stem(w);
            let single = stem
                .chars()
                .last()
                .filter(|c| stem.ends_with(&format!("{c}{c}")))
                .map(|_| stem[..stem.len() - 1].to_string());
            let lift = [Some(stem), single]
                .into_iter()
                .flatten()
                .find_map(|s| vocabulary.get(&s))?;
            (lift != "lift" && lift != "workout" && lift != "gym")
                .then(|| (q.find(w).unwrap_or(0), lift.clone()))
        })
}

/// Words for a run's pace (`페이스` is not a misspelt `페이스풀`).
const PACE_WORDS: &[&str] = &["pace", "페이스", "ritmo", "ペース", "配速", "allure"];

/// Words of a question about sleep.
const SLEEP_WORDS: &[&str] = &[
    "sleep",
    "slept",
    "sleeping",
    "nights",
    "night",
    "수면",
    "잤",
    "睡眠",
    "寝",
    "睡",
    "schlaf",
    "geschlafen",
    "sommeil",
    "dormi",
    "dormí",
    "sueño",
    "duermo",
    "dormir",
    "dormido",
    "시간 자",
    "자는 시간",
    "잠",
    "잔 날",
    "잔날",
    "자고",
    "시간씩 자",
    "durmiendo",
    "noche que",
];

fn metrics(q: &str, domains: &Domains) -> Vec<Metric> {
    let q = &without_own_verbs(q);
    let mut out = Vec::new();
    if let Some(strength) = domains.all.iter().find(|d| d.name == "strength") {
        let mut lifts: Vec<(usize, String)> = Vec::new();
        // `weeks in a row` is no barbell row.
        let q = &q.replace("in a row", "         ");
        // `the heaviest KB I swung`: a kettlebell, not the German squat shorthand.
        let swung = has_any(q, &["swing", "swings", "swung"])
            && has_any(q, &["kb", "kbs", "kettlebell", "kettlebells"]);
        if swung {
            lifts.push((0, "kettlebell swing".to_string()));
        }
        for (word, canonical) in &strength.vocabulary {
            if matches!(
                canonical.as_str(),
                "lift" | "personal record" | "gym" | "workout"
            ) || swung && word == "kb"
            {
                continue;
            }
            for candidate in [word, canonical] {
                if let Some(i) = super::read::find_word(q, candidate) {
                    // Where the lift is first named (`press banca` before `banca`).
                    match lifts.iter_mut().find(|(_, c)| c == canonical) {
                        Some(found) => found.0 = found.0.min(i),
                        None => lifts.push((i, canonical.clone())),
                    }
                }
            }
        }
        // `the heaviest I've deadlifted`, `when I last squatted`: the lift's name as a verb.
        if lifts.is_empty() {
            lifts.extend(lift_as_verb(q, &strength.vocabulary));
        }
        let lift_asked = [Cue::Best, Cue::Last, Cue::Trend]
            .iter()
            .any(|c| asks(q, *c));
        // `squat bench dead total`: "dead" beside another lift or a lift's cue is the deadlift.
        if let Some(i) = super::read::find_word(q, "dead") {
            if (lift_asked || !lifts.is_empty()) && !lifts.iter().any(|(_, c)| c == "deadlift") {
                lifts.push((i, "deadlift".to_string()));
            }
        }
        // `la corsa più lunga` is the longest run, not a misspelt `lunge`.
        let other_sport = asks(q, Cue::Run) || super::activities::family(q).is_some();
        if lifts.is_empty() && lift_asked && !other_sport && !cues::has(q, PACE_WORDS) {
            // `benhc max`, `heaviest sqaut ever`: a lift's name misspelt.
            let words = q.split(|c: char| !(c.is_alphanumeric() || c == '-'));
            if let Some(near) = words
                .filter_map(|w| super::read::near_exercise(w, Some(strength)))
                .next()
            {
                lifts.push((0, near));
            }
        }
        lifts.sort();
        out.extend(lifts.into_iter().map(|(_, c)| Metric::Lift(c)));
    }
    let canonical_in = |wanted: &str| {
        domains.all.iter().any(|d| {
            d.vocabulary
                .iter()
                .any(|(w, c)| c == wanted && super::read::find_word(q, w).is_some())
        })
    };
    let units = cues::units(q);
    // `how many km last month?`, `최장 거리 몇 km야?`: a distance with nothing else named
    // is running's.
    let walking = has_any(
        q,
        &[
            "walk",
            "walked",
            "walking",
            "hike",
            "hiked",
            "hiking",
            "ride",
            "rode",
            "ridden",
            "bike",
            "biked",
            "biking",
            "cycle",
            "cycled",
            "cycling",
            "swim",
            "swam",
            "swimming",
            "row",
            "rowed",
            "rowing",
            "nadé",
            "nadar",
            "nadado",
            "nadando",
            "nado",
            "natación",
        ],
    ) || cues::has(
        q,
        &[
            "걸",
            "등산",
            "자전거",
            "사이클",
            "라이딩",
            "수영",
            "caminé",
            "andar",
            "wandern",
            "自転車",
            "サイクリング",
            "水泳",
            "泳",
            "散歩",
            "骑",
            "游泳",
            "bici",
            "vélo",
            "radfahr",
        ],
    );
    // `zwift`, `따릉이`, `pool`, `yoga`: an activity no run word names (reading and water
    // are things counted, not ways of training).
    let other_sport =
        super::activities::family(q).is_some_and(|f| !matches!(f, "reading" | "water"));
    let walking = walking || other_sport;
    let distance_only = out.is_empty()
        && !walking
        && !cues::has(q, SLEEP_WORDS)
        && (units.contains(&"km") || units.contains(&"mile") || asks(q, Cue::Distance));
    // A pace is a run's (`avg pace this month`, `평균 페이스`).
    let pace = cues::has(q, PACE_WORDS);
    // `自転車で何キロ走った`: a verb of running said of another way of moving.
    // `每天走多少步`: in Chinese 走 is walking, and steps are asked.
    let steps_walked = q.contains('步') && !q.contains('跑');
    let running = (canonical_in("run") || asks(q, Cue::Run))
        && (!walking || has_any(q, &["run", "ran", "runs", "running"]))
        && !steps_walked
        || target_km(q).is_some() && out.is_empty()
        || distance_only
        || pace;
    if (pace || has_any(q, &["fastest", "slowest"])) && running {
        out.push(Metric::Pace);
    }
    let timed = running
        && (has_any(q, &["how long", "duration", "time"])
            || cues::has(q, &crate::offline::read::lexicon::lexicon().questions.time)
            || units.contains(&"minute"))
        && !has_any(q, &["times"]);
    let far = units.contains(&"km") || units.contains(&"mile");
    // `longest run by time`, `längster Lauf nach Zeit`: the time is what is ranked.
    if timed && !far && !has_any(q, &["how far", "far", "distance"]) {
        out.push(Metric::RunDuration);
    }
    if running && (far || asks(q, Cue::Distance)) {
        out.push(Metric::Distance);
    }
    if timed && !out.contains(&Metric::RunDuration) {
        out.push(Metric::RunDuration);
    }
    if running {
        out.push(Metric::Runs);
    }
    let table: [(&[&str], &str, Metric); 11] = [
        (SLEEP_WORDS, "sleep", Metric::Sleep),
        (&["mood", "happy", "sad"], "mood", Metric::Mood),
        (&["energy", "tired", "energetic"], "energy", Metric::Energy),
        (
            &["stress", "stressed", "stressful"],
            "stress",
            Metric::Stress,
        ),
        (
            &[
                "steps",
                "step",
                "step count",
                "walked",
                "걸음",
                "걸음수",
                "몇 보",
                "걸었",
                "걸은",
                "만보",
                "歩数",
                "何歩",
                "一番歩いた",
                "歩かなかった",
                "步数",
                "多少步",
                "几步",
                "pasos",
                "schritte",
                "de pas",
            ],
            "steps",
            Metric::Steps,
        ),
        (&["protein"], "protein", Metric::Protein),
        (
            &["calories", "kcal", "calorie"],
            "calories",
            Metric::Calories,
        ),
        (
            &[
                "coffee",
                "coffees",
                "caffeine",
                "café",
                "cafés",
                "cafe",
                "kaffee",
                "커피",
                "아메리카노",
                "라떼",
                "아아",
            ],
            "caffeine",
            Metric::Caffeine,
        ),
        (
            &["alcohol", "drinks", "beer", "beers", "wine"],
            "alcohol",
            Metric::Alcohol,
        ),
        (
            &["deep work", "focus", "focused"],
            "deep work",
            Metric::DeepWork,
        ),
        (&["meetings", "meeting"], "meetings", Metric::Meetings),
    ];
    // `등산 총 몇km 걸었어`: kilometres walked on a hike are the hike's, not steps.
    let hike_km = walking && (units.contains(&"km") || units.contains(&"mile"));
    for (words, canonical, metric) in &table {
        if *metric == Metric::Steps && hike_km {
            continue;
        }
        if cues::has(q, words) || canonical_in(canonical) {
            out.push(metric.clone());
        }
    }
    if out.is_empty() {
        // `cofee per day`, `stpes`: a word one edit from a measure's word, other than its
        // singular or plural (`drink` is not `drinks`: water is drunk too).
        let asked: Vec<&str> = q.split(|c: char| !c.is_alphanumeric()).collect();
        let near = |a: &str, w: &str| {
            !w.contains(' ')
                && !a.starts_with(w)
                && !w.starts_with(a)
                && super::read::misspelt(a, w)
        };
        if let Some((_, _, metric)) = table
            .iter()
            .find(|(words, _, _)| words.iter().any(|w| asked.iter().any(|a| near(a, w))))
        {
            out.push(metric.clone());
        }
    }
    let lift_named = out.iter().any(|m| matches!(m, Metric::Lift(_)));
    // `how much did I weigh`, `최근 몸무게`; not `weight training` or a lift's weight.
    if !lift_named && asks(q, Cue::BodyWeight) && !asks(q, Cue::Strength) {
        out.insert(0, Metric::BodyWeight);
    }
    // `筋トレとランニング合わせて何日`, `gym and runs this week`: all training.
    if running && !lift_named && asks(q, Cue::Strength) {
        out.retain(|m| {
            !matches!(
                m,
                Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace
            )
        });
        out.insert(0, Metric::Training);
    }
    // `yoga sessions`, `how many swims`: an activity of its own, not the gym's.
    let own_activity = super::activities::family(q).is_some() || asks(q, Cue::SessionKinds);
    if !lift_named && !running && !own_activity {
        if let Some(part) = super::body_parts::named_in(q) {
            out.push(Metric::BodyPart(part.name.to_string()));
        } else if asks(q, Cue::Strength) {
            out.push(Metric::Workouts);
        } else if asks(q, Cue::Training) {
            out.push(Metric::Training);
        }
    }
    // A distance or a time asked of another sport is read from its measures (`how far did
    // I cycle`, `total time on the bike`); a bare km is running's.
    let mut units: Vec<String> = units
        .into_iter()
        .filter(|u| walking || !matches!(*u, "km" | "mile"))
        .filter(|u| !matches!(*u, "steps" | "kcal"))
        .map(str::to_string)
        .collect();
    if walking && units.is_empty() {
        // `longest yoga session`: an activity that covers no ground is as long as its time.
        let covers_ground =
            super::activities::family(q).is_none_or(super::activities::covers_ground);
        let far = asks(q, Cue::Distance) || has_any(q, &["how far", "far"]);
        if far && covers_ground {
            units.push("km".into());
        } else if far || has_any(q, &["how long", "time", "hours", "minutes", "시간", "時間"]) {
            units.push("minute".into());
        }
    }
    let words: Vec<String> = q
        .split(|c: char| !(c.is_alphanumeric() || c == '\''))
        .filter(|w| w.chars().count() >= 1 && !w.chars().all(|c| c.is_ascii_digit()))
        .map(str::to_string)
        .collect();
    // `러닝할 때 평균 심박수`: a quantity no domain reads is asked for itself, not the run.
    if let Some(quantity) = cues::words(Cue::HeartRate)
        .iter()
        .chain(cues::words(Cue::OtherQuantities))
        .find(|c| super::read::find_word(q, c).is_some())
    {
        // The quantity first; the other words say of which activity (`on runs`).
        let words: Vec<String> = std::iter::once(quantity.to_string())
            .chain(words.into_iter().filter(|w| !quantity.contains(w.as_str())))
            .collect();
        // Heart rate is logged in beats per minute, whatever word is before the number.
        let units = if cues::words(Cue::HeartRate).contains(quantity) {
            vec!["bpm".to_string()]
        } else {
            units
        };
        return vec![Metric::Measure { units, words }];
    }
    if out.is_empty() {
        out.insert(0, Metric::Measure { units, words });
    }
    out
}

/// `q` with the small verbs of its own language blanked out (same length), in the
/// languages written with spaces: `sono` in `quante volte sono andato in palestra` is
/// Italian's "am", not Portuguese's "sleep".
fn without_own_verbs(q: &str) -> std::borrow::Cow<'_, str> {
    let lang = super::say::detect(q);
    let Some((_, verbs)) = maskable_verbs().iter().find(|(l, _)| l == lang) else {
        return q.into();
    };
    let mut out = std::borrow::Cow::Borrowed(q);
    for verb in verbs {
        while let Some(at) = super::read::find_word(&out, verb) {
            let blank = " ".repeat(verb.len());
            out.to_mut().replace_range(at..at + verb.len(), &blank);
        }
    }
    out
}

/// Each language's small verbs that [`without_own_verbs`] blanks, worked out once: those in
/// Latin letters that no cue is made of (`worked out` still says what its cue says).
fn maskable_verbs() -> &'static [(String, Vec<String>)] {
    static VERBS: std::sync::OnceLock<Vec<(String, Vec<String>)>> = std::sync::OnceLock::new();
    VERBS.get_or_init(|| {
        let lex = crate::offline::read::lexicon::lexicon();
        let in_cue = |verb: &str| {
            lex.cues
                .values()
                .flatten()
                .any(|c| super::read::find_word(c, verb).is_some())
        };
        lex.verbs
            .iter()
            .map(|(lang, verbs)| {
                let kept = verbs
                    .iter()
                    .filter(|v| {
                        v.chars().all(|c| c.is_alphabetic() && (c as u32) < 0x250) && !in_cue(v)
                    })
                    .cloned()
                    .collect();
                (lang.clone(), kept)
            })
            .collect()
    })
}

impl Metric {
    /// Whether the metric is read from runs.
    pub fn is_running(&self) -> bool {
        matches!(
            self,
            Metric::Runs | Metric::Distance | Metric::RunDuration | Metric::Pace
        )
    }

    /// Whether the metric is an amount that adds up (so "how many" asks for a total).
    pub fn is_amount(&self) -> bool {
        matches!(
            self,
            Metric::Distance
                | Metric::RunDuration
                | Metric::Steps
                | Metric::Protein
                | Metric::Calories
                | Metric::Caffeine
                | Metric::Alcohol
                | Metric::DeepWork
                | Metric::Meetings
                | Metric::Measure { .. }
        )
    }

    /// Whether a month of the metric is told by its average (a level: body weight, sleep,
    /// mood; an amount other than a run's), not by its best (a lift, a run).
    pub fn is_averaged(&self) -> bool {
        matches!(
            self,
            Metric::BodyWeight | Metric::Sleep | Metric::Mood | Metric::Energy | Metric::Stress
        ) || (self.is_amount() && !self.is_running())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Datelike, NaiveDate};

    fn q(text: &str) -> Query {
        read(
            text,
            NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
            Weekday::Mon,
            &Domains::shipped(),
        )
    }

    #[test]
    fn a_weight_unit_asked_of_a_lift_asks_the_weight() {
        for text in [
            "6月19日卧推用了多少斤",
            "어제 벤치 몇 kg 들었어?",
            "how many pounds did I squat on Monday",
        ] {
            assert_eq!(q(text).kind, QueryType::Max, "{text}");
        }
        assert_eq!(q("这个月卧推练了几次").kind, QueryType::Count);
    }

    #[test]
    fn a_weekday_beside_a_date_is_that_date() {
        for text in [
            "What did I do on Tuesday 13 October 2026?",
            "Qu'est-ce que j'ai fait le mardi 13 octobre 2026 ?",
        ] {
            let read = q(text);
            let range = read.range.expect(text);
            let day = NaiveDate::from_ymd_opt(2026, 10, 13);
            assert_eq!((Some(range.start), Some(range.end)), (day, day), "{text}");
            assert!(read.other_range.is_none(), "{text}");
        }
    }

    #[test]
    fn terse_and_colloquial_questions() {
        let workouts = q("workouts this month");
        assert_eq!(
            (workouts.kind, workouts.metrics[0].clone()),
            (QueryType::Count, Metric::Training)
        );
        assert_eq!(q("runs last month").kind, QueryType::Count);
        let slept = q("잠 몇 시간 잤지");
        assert_eq!(
            (slept.kind, slept.metrics[0].clone()),
            (QueryType::Last, Metric::Sleep)
        );
        assert_eq!(
            q("how have I been sleeping lately?").kind,
            QueryType::Average
        );
        let typo = q("benhc max");
        assert_eq!(
            (typo.kind, typo.metrics[0].clone()),
            (QueryType::Max, Metric::Lift("bench press".into()))
        );
        let pace = q("지난주 평균페이스");
        assert_eq!(
            (pace.kind, pace.metrics[0].clone()),
            (QueryType::Average, Metric::Pace)
        );
        assert_eq!(
            q("squat bench deadlift total?").lift_ask,
            Some(LiftAsk::BigThree)
        );
        let now = q("요즘 스쿼트 얼마나 들어?");
        assert_eq!((now.kind, now.range.is_none()), (QueryType::Last, true));
        assert_eq!(q("벤치 요즘 늘고 있어?").kind, QueryType::Trend);
        // Cycling is not running.
        assert!(!q("how far did I cycle last month?")
            .metrics
            .contains(&Metric::Distance));
    }

    #[test]
    fn kinds_and_metrics_of_the_usual_questions() {
        let runs = q("How many times did I run last month?");
        assert_eq!(runs.kind, QueryType::Count);
        assert_eq!(runs.metrics, vec![Metric::Runs]);
        let bench =
            q("What is my best bench this month, and how did I sleep the nights before it?");
        assert_eq!(bench.kind, QueryType::Max);
        assert_eq!(bench.metrics[0], Metric::Lift("bench press".into()));
        assert!(bench.metrics.contains(&Metric::Sleep) && bench.preceding_days);
        assert_eq!(q("how did I sleep last week").kind, QueryType::Average);
        // The weight lifted on a day, not how many sessions; the sessions of a sport.
        assert_eq!(q("how much did I bench on Nov 13").kind, QueryType::Max);
        assert_eq!(q("how many swims this month").kind, QueryType::Count);
        assert_eq!(q("how much weight did I lose").kind, QueryType::Trend);
        assert_eq!(
            q("Why did my bench feel heavy last week?").kind,
            QueryType::Why
        );
        assert_eq!(
            q("How far did I run in October?").metrics[0],
            Metric::Distance
        );
        assert_eq!(q("How far did I run in October?").kind, QueryType::Total);
        assert_eq!(
            q("The run on Tuesday was 8 km, not 6 — please fix that entry.").kind,
            QueryType::Correction
        );
        assert_eq!(
            q("What should I focus on in training next week?").kind,
            QueryType::Recommendation
        );
        let cmp = q("did I sleep more this month than last month");
        assert_eq!(cmp.kind, QueryType::Comparison);
        assert!(cmp.other_range.is_some());
        assert_eq!(q("is my squat improving").kind, QueryType::Trend);
        assert_eq!(q("how do I sleep on Mondays").kind, QueryType::Weekday);
    }

    #[test]
    fn everyday_asks_of_a_new_user() {
        let weekends = q("¿cuánto duermo los fines de semana?");
        assert_eq!(
            (weekends.kind, weekends.weekends, weekends.range.is_none()),
            (QueryType::Average, true, true)
        );
        assert!(!q("how did I sleep last weekend").weekends);
        let weight = q("what's my current weight?");
        assert_eq!(
            (weight.kind, weight.metrics[0].clone()),
            (QueryType::Last, Metric::BodyWeight)
        );
        assert_eq!(q("how much did I weigh on Nov 3").kind, QueryType::Last);
        assert_ne!(
            q("what weight did I bench last week").metrics[0],
            Metric::BodyWeight
        );
        assert_eq!(
            q("how many sets of bench last week").lift_ask,
            Some(LiftAsk::Sets)
        );
        assert_eq!(
            q("저번 주 벤치 몇 세트 했어?").lift_ask,
            Some(LiftAsk::Sets)
        );
        let coffee = q("coffee count in October");
        assert_eq!(
            (coffee.kind, coffee.metrics[0].clone()),
            (QueryType::Total, Metric::Caffeine)
        );
        assert_eq!(q("cofee per day this month").metrics[0], Metric::Caffeine);
        assert_eq!(
            q("how much water did I drink").metrics[0],
            Metric::Measure {
                units: vec![],
                words: ["how", "much", "water", "did", "i", "drink"]
                    .map(String::from)
                    .to_vec()
            },
            "`drink` is not a misspelt `drinks`"
        );
        let least = q("이번 달에 제일 적게 잔 날은?");
        assert_eq!(
            (least.kind, least.metrics[0].clone()),
            (QueryType::Min, Metric::Sleep)
        );
        let longest = q("longest sleep last month");
        assert_eq!(
            (longest.kind, longest.metrics[0].clone()),
            (QueryType::Max, Metric::Sleep)
        );
        assert_eq!(q("ritmo medio").kind, QueryType::Average);
        assert_eq!(
            q("squat bench dead total").lift_ask,
            Some(LiftAsk::BigThree)
        );
        assert!(!q("¿cuántos km nadé este mes?")
            .metrics
            .contains(&Metric::Distance));
        assert_eq!(
            q("how many steps have I been doing lately").kind,
            QueryType::Average
        );
    }

    #[test]
    fn what_gym_goers_and_runners_ask() {
        assert!(q("이번 달 운동 안 한 날 며칠?").rest_days);
        assert!(q("지난 30일 동안 안 뛴 날").rest_days);
        let distance = q("지난 30일 동안 뛴 거리");
        assert!(!distance.rest_days, "동안 뛴 is no 안 뛴");
        assert_eq!(distance.kind, QueryType::Total);
        assert!(q("최근 4주 주 평균 몇 km?").per_week);
        let streak = q("how many weeks in a row have I worked out?");
        assert!(streak.streak);
        assert!(!streak.metrics.contains(&Metric::Lift("row".into())));
        let compared = q("벤치 지난달보다 늘었어?");
        assert_eq!(compared.kind, QueryType::Comparison);
        let (now, then) = (compared.range.unwrap(), compared.other_range.unwrap());
        assert_eq!((now.start.day(), then.start.month()), (1, 10));
        assert_eq!(q("이번 주 총 볼륨").lift_ask, Some(LiftAsk::Volume));
        assert_eq!(q("가장 빨랐던 페이스").metrics[0], Metric::Pace);
        assert!(!q("先月自転車で何キロ走った？")
            .metrics
            .contains(&Metric::Distance));
        assert_eq!(
            q("how many shoulder days this month").metrics[0],
            Metric::BodyPart("shoulders".into())
        );
    }

    #[test]
    fn german_french_and_chinese_asks() {
        let bench = q("Höchstes Gewicht beim Bankdrücken?");
        assert_eq!(bench.kind, QueryType::Max);
        assert_eq!(bench.metrics[0], Metric::Lift("bench press".into()));
        let weight = q("Durchschnittsgewicht letzten Monat?");
        assert_eq!(
            (weight.kind, &weight.metrics[0]),
            (QueryType::Average, &Metric::BodyWeight)
        );
        assert_eq!(q("Beste 5-km-Zeit?").target_km, Some(5.0));
        assert_eq!(
            q("Wie hat sich mein Gewicht entwickelt?").kind,
            QueryType::Trend
        );
        assert_eq!(q("est-ce que je perds du poids ?").kind, QueryType::Trend);
        assert_eq!(q("évolution de mon squat ?").kind, QueryType::Trend);
        assert_eq!(q("上个星期撸铁几次？").metrics[0], Metric::Workouts);
        assert_eq!(q("11月11日练了什么？").kind, QueryType::List);
        assert_eq!(q("10月26日は何をした？").kind, QueryType::List);
        assert_eq!(q("10월 16일 무슨 운동 했어?").kind, QueryType::List);
        assert_eq!(q("本月平均每天走多少步？").metrics, vec![Metric::Steps]);
        assert_eq!(
            q("Letztes Gewicht auf der Waage?").metrics[0],
            Metric::BodyWeight
        );
        assert_eq!(
            q("what's the heaviest KB I swung").metrics,
            vec![Metric::Lift("kettlebell swing".into())]
        );
        assert_eq!(
            q("KB Bestleistung?").metrics[0],
            Metric::Lift("squat".into())
        );
        // Sessions no domain reads are counted in the days that name them.
        for text in [
            "how many PT sessions last month",
            "how many CrossFit classes this month",
        ] {
            assert!(
                matches!(q(text).metrics[0], Metric::Measure { .. }),
                "{text}"
            );
        }
    }
}
