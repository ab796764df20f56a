//! Reading a question without a model: what kind of input it is (question, correction),
//! what kind of answer it wants (count, best, average, trend, comparison, why, ...), which
//! measure it is about, and which periods.

use chrono::Weekday;

use super::dates::{find_range, recurring_weekday, DateRange};
use super::route::InputType;
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
    Sleep,
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
    /// Wants the nights (days) before the found sessions ("the nights before it").
    pub preceding_days: bool,
}

fn has_any(text: &str, words: &[&str]) -> bool {
    words.iter().any(|w| contains_word(text, w))
}

fn contains_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + word.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// Reads `question` asked on `anchor`.
pub fn read(question: &str, anchor: chrono::NaiveDate, week: Weekday, domains: &Domains) -> Query {
    let lower = question.to_lowercase();
    let range = find_range(question, anchor, week);
    let other_range = range.as_ref().and_then(|r| {
        let rest = lower.replacen(&r.phrase, " ", 1);
        find_range(&rest, anchor, week).filter(|o| o.start != r.start || o.end != r.end)
    });
    let metrics = metrics(&lower, domains);
    let kind = if super::route::classify(question, domains).input == InputType::Correction {
        QueryType::Correction
    } else {
        kind(&lower, other_range.is_some())
    };
    Query {
        kind,
        metrics,
        range,
        other_range,
        weekday: recurring_weekday(question),
        preceding_days: has_any(
            &lower,
            &[
                "night before",
                "nights before",
                "day before",
                "days before",
                "before it",
                "before them",
                "before those",
            ],
        ),
    }
}

fn kind(q: &str, two_periods: bool) -> QueryType {
    if has_any(q, &["why", "what caused", "how come", "reason"]) {
        return QueryType::Why;
    }
    if has_any(
        q,
        &[
            "should",
            "recommend",
            "suggest",
            "advice",
            "focus on",
            "plan my",
            "plan for",
        ],
    ) {
        return QueryType::Recommendation;
    }
    if two_periods || has_any(q, &["compare", "compared", "versus", "vs"]) {
        return QueryType::Comparison;
    }
    if has_any(
        q,
        &[
            "which day",
            "what day",
            "weekday",
            "weekdays",
            "day of the week",
            "mondays",
            "tuesdays",
            "wednesdays",
            "thursdays",
            "fridays",
            "saturdays",
            "sundays",
        ],
    ) {
        return QueryType::Weekday;
    }
    if has_any(
        q,
        &[
            "trend",
            "progress",
            "progressing",
            "improving",
            "improved",
            "getting better",
            "getting worse",
            "over time",
            "changed",
        ],
    ) {
        return QueryType::Trend;
    }
    if has_any(q, &["how many", "how often", "count", "number of", "times"]) {
        return QueryType::Count;
    }
    if has_any(
        q,
        &[
            "best", "max", "maximum", "heaviest", "longest", "most", "pr", "prs", "record",
            "highest", "top", "fastest", "furthest", "farthest",
        ],
    ) {
        return QueryType::Max;
    }
    if has_any(
        q,
        &[
            "worst", "least", "lowest", "shortest", "minimum", "min", "slowest", "fewest",
        ],
    ) {
        return QueryType::Min;
    }
    if has_any(
        q,
        &[
            "average",
            "avg",
            "mean",
            "typical",
            "typically",
            "usually",
            "per day",
            "per night",
            "how did i sleep",
            "how well",
        ],
    ) {
        return QueryType::Average;
    }
    if has_any(
        q,
        &[
            "total",
            "in total",
            "how much",
            "how far",
            "altogether",
            "sum",
        ],
    ) {
        return QueryType::Total;
    }
    QueryType::Lookup
}

fn metrics(q: &str, domains: &Domains) -> Vec<Metric> {
    let mut out = Vec::new();
    if let Some(strength) = domains.all.iter().find(|d| d.name == "strength") {
        let mut lifts: Vec<(usize, String)> = Vec::new();
        for (word, canonical) in &strength.vocabulary {
            if matches!(
                canonical.as_str(),
                "lift" | "personal record" | "gym" | "workout"
            ) {
                continue;
            }
            for candidate in [word, canonical] {
                if let Some(i) = super::read::find_word(q, candidate) {
                    if !lifts.iter().any(|(_, c)| c == canonical) {
                        lifts.push((i, canonical.clone()));
                    }
                }
            }
        }
        lifts.sort();
        out.extend(lifts.into_iter().map(|(_, c)| Metric::Lift(c)));
    }
    let running = has_any(
        q,
        &[
            "run", "runs", "ran", "running", "jog", "jogs", "jogged", "jogging",
        ],
    );
    if has_any(q, &["pace", "fastest", "slowest"]) && running {
        out.push(Metric::Pace);
    }
    if running
        && has_any(
            q,
            &[
                "far",
                "distance",
                "km",
                "kilometers",
                "kilometres",
                "miles",
                "longest",
                "furthest",
                "farthest",
            ],
        )
    {
        out.push(Metric::Distance);
    }
    if running
        && has_any(q, &["how long", "duration", "minutes", "time"])
        && !has_any(q, &["times"])
    {
        out.push(Metric::RunDuration);
    }
    if running {
        out.push(Metric::Runs);
    }
    let table: [(&[&str], Metric); 11] = [
        (
            &["sleep", "slept", "sleeping", "nights", "night"],
            Metric::Sleep,
        ),
        (&["mood", "happy", "sad"], Metric::Mood),
        (&["energy", "tired", "energetic"], Metric::Energy),
        (&["stress", "stressed", "stressful"], Metric::Stress),
        (&["steps", "walked"], Metric::Steps),
        (&["protein"], Metric::Protein),
        (&["calories", "kcal", "calorie"], Metric::Calories),
        (&["coffee", "coffees", "caffeine"], Metric::Caffeine),
        (
            &["alcohol", "drinks", "beer", "beers", "wine"],
            Metric::Alcohol,
        ),
        (&["deep work", "focus", "focused"], Metric::DeepWork),
        (&["meetings", "meeting"], Metric::Meetings),
    ];
    for (words, metric) in table {
        if has_any(q, words) {
            out.push(metric);
        }
    }
    if has_any(
        q,
        &[
            "workout", "workouts", "gym", "lifting", "lifted", "training", "trained", "sessions",
            "session",
        ],
    ) && !out.iter().any(|m| matches!(m, Metric::Lift(_)))
    {
        out.push(Metric::Workouts);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn q(text: &str) -> Query {
        read(
            text,
            NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
            Weekday::Mon,
            &Domains::shipped(),
        )
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
}
