//! CrossFit workouts of the day: `AMRAP 12:`, `For time: 5 RFT`, `EMOM 10`, `WOD "Fran":
//! 21-15-9 thrusters (43 kg) + pull-ups`, and what is under a `## CrossFit` or `### WOD`
//! heading. The movements listed in one (`- 400m run`, `- 15 OHS @ 40kg`) are the class's
//! workout, not runs or lifts of their own; a lift logged by name or in sets (`Strength:
//! back squat 5x3 @ 100kg`, `- 5x3 front squat @ 80kg`) still is one.

use std::sync::OnceLock;

use regex::Regex;

/// Whether a lowercase line opens a workout of the day (the line and the list under it, up
/// to the next blank line or heading, are its movements).
pub fn opens(lower: &str) -> bool {
    const FIRST: [&str; 10] = [
        "wod", "amrap", "emom", "for", "metcon", "chipper", "tabata", "rft", "와드", "crossfit",
    ];
    let first = lower
        .split(|c: char| !c.is_alphanumeric())
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let opens_with = |w: &str| {
        FIRST.contains(&w) || w.ends_with("rft") || w.starts_with('e') && w.ends_with("mom")
    };
    if !opens_with(first) && !first.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r#"^\W*(?:wod\b|amrap\b|emom\b|e\d+mom\b|for time\b|\d+\s*rft\b|\d+\s*rounds? for time\b|metcon\b|chipper\b|tabata\b|와드|crossfit wod\b)"#)
            .expect("wod pattern compiles")
    })
    .is_match(lower)
}

/// Whether a lowercase heading names a CrossFit class or a workout of the day.
pub fn heading(title: &str) -> bool {
    const TITLES: [&str; 4] = ["crossfit", "wod", "metcon", "cf"];
    title
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| TITLES.contains(&w))
        || opens(title)
}

/// Whether a lowercase line of a workout's section is one of its movements: it counts reps
/// or a distance first (`15 OHS @ 40kg`, `400m run`, `21-15-9 thrusters`) and holds no sets
/// (`5x3 front squat @ 80kg` is a lift).
pub fn movement(lower: &str) -> bool {
    lower
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .starts_with(|c: char| c.is_ascii_digit())
        && !super::lifts::has_sets(lower)
}
