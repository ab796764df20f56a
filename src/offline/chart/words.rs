//! The words of charts and living answers in each language: the `chart:` and `living:`
//! sections of `lexicon/<lang>.yaml`, read per language (a chart is written in one
//! language, not in the merged words the readers use).

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

/// A language's file, only the sections read here.
#[derive(Debug, Default, Deserialize)]
struct File {
    #[serde(default)]
    chart: Option<Words>,
    #[serde(default)]
    living: Option<Living>,
}

/// The words a chart is labelled with.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    /// Short month names, January first.
    pub months: Vec<String>,
    /// Short weekday names, Monday first.
    pub weekdays: Vec<String>,
    /// A day on the x-axis: `{month} {day}`.
    pub day: String,
    /// A day on the x-axis of a chart that spans years: `{month} {day}, {year}`.
    pub day_year: String,
    /// A month on the x-axis when the chart spans years: `{month} {year}`.
    pub month_year: String,
    /// Axis titles by what one point is.
    pub axes: Axes,
    /// Chart titles by what one point is: `{what} per week`.
    pub titles: Titles,
}

/// The x-axis titles.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Axes {
    pub day: String,
    pub week: String,
    pub month: String,
    pub year: String,
    pub weekday: String,
}

/// The chart titles; `{what}` is the measure, `{unit}` its unit.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Titles {
    pub over_time: String,
    pub per_day: String,
    pub per_week: String,
    pub per_month: String,
    pub per_year: String,
    pub by_weekday: String,
}

/// The words of a living answer's callout.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Living {
    /// The header's stamp: `as of {stamp}`.
    pub as_of: String,
    /// The change since the last version: `{change} since {day}`.
    pub since: String,
    /// The same figure as before: `unchanged since {day}`.
    pub unchanged: String,
    /// The line saying the callout is kept current, and how to stop that.
    pub kept: String,
    /// A recurring question's lead word: `every` (`?? every Sunday: …`).
    pub every: Vec<String>,
    /// Weekday names a recurring question names, Monday first (each a list of spellings).
    pub weekdays: Vec<Vec<String>>,
    /// The week a recurring question is about when it names no period: `this week`.
    pub this_week: String,
}

/// Whether a language file's chart and living words read (see `lexicon::use_vault`).
pub fn check(lang: &str, json: &str) -> Result<(), String> {
    crate::offline::read::lexicon::read::<File>(lang, json).map(|_| ())
}

fn all() -> &'static HashMap<String, File> {
    static ALL: OnceLock<HashMap<String, File>> = OnceLock::new();
    ALL.get_or_init(|| {
        crate::offline::read::lexicon::each_file::<File>()
            .into_iter()
            .map(|(lang, file)| (lang.to_string(), file))
            .collect()
    })
}

/// The chart words of `lang` (an ISO code), English when it has none.
pub fn chart(lang: &str) -> &'static Words {
    all()
        .get(lang)
        .and_then(|f| f.chart.as_ref())
        .or_else(|| all().get("en").and_then(|f| f.chart.as_ref()))
        .expect("en.yaml has a chart: section")
}

/// The living-answer words of `lang`, English when it has none.
pub fn living(lang: &str) -> &'static Living {
    all()
        .get(lang)
        .and_then(|f| f.living.as_ref())
        .or_else(|| all().get("en").and_then(|f| f.living.as_ref()))
        .expect("en.yaml has a living: section")
}

/// Every language's living words (a recurring question may be written in any of them).
pub fn every_living() -> impl Iterator<Item = &'static Living> {
    let mut langs: Vec<(&String, &File)> = all().iter().collect();
    langs.sort_by_key(|(lang, _)| *lang);
    langs.into_iter().filter_map(|(_, f)| f.living.as_ref())
}

/// `template` with each `{key}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (key, value) in values {
        out = out.replace(&format!("{{{key}}}"), value);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_complete_chart_and_living_words() {
        for (lang, _) in crate::offline::read::lexicon::files() {
            let file = &all()[*lang];
            let chart = file
                .chart
                .as_ref()
                .unwrap_or_else(|| panic!("{lang}: no chart:"));
            assert_eq!(chart.months.len(), 12, "{lang}");
            assert_eq!(chart.weekdays.len(), 7, "{lang}");
            assert!(
                chart.titles.per_week.to_lowercase().contains("{what}"),
                "{lang}"
            );
            let living = file
                .living
                .as_ref()
                .unwrap_or_else(|| panic!("{lang}: no living:"));
            assert_eq!(living.weekdays.len(), 7, "{lang}");
            assert!(living.since.contains("{change}"), "{lang}");
        }
    }
}
