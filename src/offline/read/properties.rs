//! Activity properties: a note or block of `key: value` lines that names its activity
//! (`type: ride`, `sport: Run`, `activity: swim`) and measures it in named fields
//! (`distance: 41.8`, `time: 00:54:21`, `hr: 158`, `climb: 992`), as app exports and
//! Obsidian templates keep one session per note. The kind says what was done; each field is
//! one of its measures. Field names in every language are data (`activity_properties:` in `lexicon/<lang>.yaml`).

use std::sync::OnceLock;

use serde::Deserialize;

use super::found::Found;
use crate::domains::Domain;
use crate::vault::parsed::Measure;

/// The kinds and fields of every language, merged.
struct Lexicon {
    kinds: Vec<String>,
    fields: std::collections::BTreeMap<String, Field>,
}

struct Field {
    unit: &'static str,
    keys: Vec<String>,
}

/// Each field's unit: a value written as a clock (`00:54:21`, `5:18`) is read as minutes.
const UNITS: &[(&str, &str)] = &[
    ("distance", "km"),
    ("duration", "minute"),
    ("pace", "min/km"),
    ("elevation", "m"),
    ("heart rate", "bpm"),
    ("power", "W"),
    ("calories", "kcal"),
];

/// `activity_properties:` of one language file.
#[derive(Deserialize)]
struct File {
    #[serde(default)]
    activity_properties: Properties,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct Properties {
    #[serde(default)]
    kinds: Vec<String>,
    #[serde(default)]
    fields: std::collections::BTreeMap<String, Vec<String>>,
}

/// Whether a language file's `activity_properties:` reads (see `lexicon::use_vault`).
pub fn check(lang: &str, json: &str) -> Result<(), String> {
    let file: File = super::lexicon::read(lang, json)?;
    match file.activity_properties.fields.keys().find(|name| !UNITS.iter().any(|(n, _)| n == name)) {
        Some(name) => Err(format!("lexicon/{lang}.yaml: activity_properties.fields.{name}: no such field (the fields are {})", UNITS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", "))),
        None => Ok(()),
    }
}

fn lexicon() -> &'static Lexicon {
    static L: OnceLock<Lexicon> = OnceLock::new();
    L.get_or_init(|| {
        let mut lex = Lexicon {
            kinds: Vec::new(),
            fields: UNITS
                .iter()
                .map(|&(name, unit)| {
                    let keys = Vec::new();
                    (name.to_string(), Field { unit, keys })
                })
                .collect(),
        };
        for (lang, file) in super::lexicon::each_file::<File>() {
            let props = file.activity_properties;
            lex.kinds.extend(props.kinds);
            for (name, keys) in props.fields {
                let field = lex.fields.get_mut(&name).unwrap_or_else(|| {
                    panic!("lexicon/{lang}.yaml: activity_properties.fields.{name}: no such field")
                });
                field.keys.extend(keys);
            }
        }
        lex
    })
}

/// The words that name a kind of activity (`type`, `activity`, `sport`, `운동`, `种类`).
pub fn kind_words() -> &'static [String] {
    &lexicon().kinds
}

/// The activity fields (`distance`, `heart rate`...) and the keys naming each, in every
/// language: the aliases that let a question find a field the person named otherwise.
pub fn field_aliases() -> impl Iterator<Item = (&'static str, &'static [String])> {
    lexicon()
        .fields
        .iter()
        .map(|(name, f)| (name.as_str(), f.keys.as_slice()))
}

/// `Avg_HR`, `avg-hr`, `avg hr` alike.
fn key_of(key: &str) -> String {
    key.trim()
        .to_lowercase()
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The `key: value` pairs of `text`, when every line is one.
fn pairs(text: &str) -> Option<Vec<(String, String)>> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let (k, v) = l.split_once([':', '：'])?;
            let v = v.trim().trim_matches(['"', '\'']).trim();
            (!k.trim().is_empty() && k.chars().count() <= 30).then(|| (key_of(k), v.to_string()))
        })
        .collect()
}

/// A value in its field's unit: a number (`41.8`, `1,5`), or a clock read as minutes
/// (`00:54:21`, `5:18`).
fn value(text: &str) -> Option<f64> {
    let text = text.trim();
    if text.contains(':') {
        let parts: Vec<f64> = text
            .split(':')
            .map(|p| p.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .ok()?;
        return match parts.as_slice() {
            [m, s] => Some(m + s / 60.0),
            [h, m, s] => Some(h * 60.0 + m + s / 60.0),
            _ => None,
        };
    }
    text.replace(',', ".")
        .parse()
        .ok()
        .filter(|v: &f64| v.is_finite())
}

/// Reads `text` as activity properties into `found`; `None` when it is not such a block
/// (no line names the kind of activity, or a line is not `key: value`), else the lines
/// that tell no property of the activity (`☕: 2`, `수면: 7.5` beside `운동: 수영`), for the
/// other readers.
pub fn read(text: &str, running: Option<&Domain>, found: &mut Found) -> Option<String> {
    let pairs = pairs(text)?;
    let lex = lexicon();
    // `운동: 수영` names the kind; `운동: 달리기 3.2km` tells the activity itself, with its
    // measure, for the other readers.
    let kind = pairs
        .iter()
        .find(|(k, v)| {
            lex.kinds.contains(k) && !v.is_empty() && !v.chars().any(|c| c.is_ascii_digit())
        })
        .map(|(_, v)| v.to_lowercase())?;
    let field_of = |key: &str| {
        lex.fields
            .iter()
            .find(|(_, f)| f.keys.iter().any(|k| k == key))
    };
    let is_run = super::names_domain(&kind, running);
    let mut any = false;
    for (key, raw) in &pairs {
        let (Some((name, field)), Some(v)) = (field_of(key), value(raw)) else {
            continue;
        };
        any = true;
        match (is_run, name.as_str()) {
            (true, "distance") => {
                let run = found.run(false);
                run.distance_km = Some(v);
                run.labelled = true;
            }
            (true, "duration") => found.run(false).duration_min = Some(v),
            (true, "pace") => found.run(false).pace_min_per_km = Some(v),
            // A ride's or a swim's distance and time are measures of that activity.
            (false, "distance" | "duration") => found.measures.push(Measure {
                what: kind.clone(),
                value: v,
                unit: field.unit.to_string(),
            }),
            _ => found.measures.push(Measure {
                what: format!("{kind} {name}"),
                value: v,
                unit: field.unit.to_string(),
            }),
        }
    }
    // A session with no field of its own (`type: climb`) still happened.
    if !any && !is_run {
        found.measures.push(Measure {
            what: kind,
            value: 1.0,
            unit: "session".into(),
        });
    }
    // The lines of `pairs`, in order, without those about the activity.
    let rest: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .zip(&pairs)
        .filter(|(_, (k, _))| !lex.kinds.contains(k) && field_of(k).is_none())
        .map(|(line, _)| line)
        .collect();
    Some(rest.join("\n"))
}

/// The `key: value` pieces of a cleaned line, when it holds nothing else (`einheit: ga1 /
/// km: 8,3`, `distanz: 10,1 km; zeit: 49:19`; `/` between fields stands between spaces).
fn field_pieces(line: &str) -> Option<Vec<(String, &str)>> {
    if !line.contains([':', '：']) {
        return None;
    }
    line.split([';', '|'])
        .flat_map(|p| p.split(" / "))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once([':', '：'])?;
            let plain = !k.trim().is_empty()
                && k.chars().count() <= 30
                && !k.chars().any(|c| c.is_ascii_digit());
            plain.then(|| (key_of(k), v.trim()))
        })
        .collect()
}

/// Runs told in fields (`Einheit:: GA1 / km:: 8,3 / Dauer:: 44:36`, or the same fields a
/// line each): in each block of lines that are only fields, a distance and a time with no
/// other activity named are a run, read into `found`. `lines` are cleaned and lowercase;
/// returns the indices of the lines read (the distance, time and pace lines).
pub fn field_runs(lines: &[(usize, String)], found: &mut Found) -> Vec<usize> {
    let mut used = Vec::new();
    let mut block: Vec<(usize, Vec<(String, &str)>)> = Vec::new();
    let mut previous: Option<usize> = None;
    let mut flush = |block: &mut Vec<(usize, Vec<(String, &str)>)>, used: &mut Vec<usize>| {
        read_block(block, found, used);
        block.clear();
    };
    for (i, line) in lines {
        match field_pieces(line) {
            Some(pairs) => {
                if previous.is_some_and(|p| p + 1 != *i) {
                    flush(&mut block, &mut used);
                }
                block.push((*i, pairs));
                previous = Some(*i);
            }
            None => {
                flush(&mut block, &mut used);
                previous = None;
            }
        }
    }
    flush(&mut block, &mut used);
    used
}

fn read_block(block: &[(usize, Vec<(String, &str)>)], found: &mut Found, used: &mut Vec<usize>) {
    let named = |name: &str| {
        let keys = &lexicon().fields[name].keys;
        block.iter().find_map(|(i, pairs)| {
            pairs
                .iter()
                .find(|(k, _)| keys.contains(k))
                .map(|(_, v)| (*i, *v))
        })
    };
    let other_sport = block.iter().flat_map(|(_, p)| p).any(|(k, v)| {
        crate::offline::activities::family(k).is_some()
            || crate::offline::activities::family(v).is_some()
    });
    if other_sport {
        return;
    }
    let distance = named("distance").and_then(|(i, v)| {
        let v = v.trim_end_matches("km").trim();
        value(v)
            .filter(|d| (0.1..=330.0).contains(d))
            .map(|d| (i, d))
    });
    let minutes = named("duration").and_then(|(i, v)| {
        if let Some(hours) = v.strip_suffix('h') {
            // `2:15 h`: hours and minutes.
            let (h, m) = hours.trim().split_once(':').unwrap_or((hours.trim(), "0"));
            let m = h.trim().parse::<f64>().ok()? * 60.0 + m.trim().parse::<f64>().ok()?;
            return Some((i, m));
        }
        value(v.trim_end_matches("min").trim()).map(|m| (i, m))
    });
    let (Some((at_d, distance)), Some((at_t, minutes))) = (distance, minutes) else {
        return;
    };
    let run = found.run(true);
    run.distance_km = Some(distance);
    run.labelled = true;
    run.duration_min = Some((minutes * 100.0).round() / 100.0);
    used.extend([at_d, at_t]);
    used.extend(named("pace").map(|(i, _)| i));
}

/// The field a stored measure's name ends with (`ride heart rate` -> `heart rate`), other
/// than the distance and time every activity has.
fn field_of_measure(what: &str) -> Option<&'static str> {
    lexicon()
        .fields
        .keys()
        .filter(|name| !matches!(name.as_str(), "distance" | "duration"))
        .find(|name| {
            what.strip_suffix(name.as_str())
                .is_some_and(|kind| kind.ends_with(' '))
        })
        .map(String::as_str)
}

/// The activity of a stored measure without its field (`ride heart rate` -> `ride`).
pub fn kind_of_measure(what: &str) -> &str {
    match field_of_measure(what) {
        Some(field) => what[..what.len() - field.len()].trim_end(),
        None => what,
    }
}

/// The field a question asks about (`heart rate`, `hr`, `elevation`, `Höhenmeter`), other
/// than distance and time.
fn field_asked(words: &[String]) -> Option<&'static str> {
    let said = format!(" {} ", words.join(" ").to_lowercase());
    lexicon()
        .fields
        .iter()
        .filter(|(name, _)| !matches!(name.as_str(), "distance" | "duration"))
        .find(|(_, f)| f.keys.iter().any(|k| said.contains(&format!(" {k} "))))
        .map(|(name, _)| name.as_str())
}

/// Whether a question asks about a field of an activity (`how much elevation on rides`):
/// then it asks an amount, not a number of sessions.
pub fn asks_field(question: &str) -> bool {
    let words: Vec<String> = question
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect();
    field_asked(&words).is_some()
}

/// The question's words without those that name the field it asks about: in "how much
/// elevation did I climb on rides", `climb` says elevation, not the activity climbing.
pub fn activity_words(words: &[String]) -> Vec<String> {
    let Some(asked) = field_asked(words) else {
        return words.to_vec();
    };
    let keys = &lexicon().fields[asked].keys;
    words
        .iter()
        .filter(|w| !keys.iter().any(|k| k == &w.to_lowercase()))
        .cloned()
        .collect()
}

/// Of the measures that fit a question (by their names), those of the field it asks about
/// (`ride power` for "the highest power on a ride"), else those of no field (`ride` in km
/// for "how far did I ride").
pub fn keep_fields<T>(measures: Vec<T>, what: impl Fn(&T) -> &str, words: &[String]) -> Vec<T> {
    let asked = field_asked(words);
    let has_asked = asked.is_some() && measures.iter().any(|m| field_of_measure(what(m)) == asked);
    let want = if has_asked { asked } else { None };
    measures
        .into_iter()
        .filter(|m| field_of_measure(what(m)) == want)
        .collect()
}

/// Units of a rate, averaged per session, never summed over a day.
pub fn is_rate_unit(unit: &str) -> bool {
    matches!(unit, "bpm" | "W" | "min/km" | "rpm")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn measures(text: &str) -> (Vec<(String, f64, String)>, Found) {
        let domains = crate::domains::Domains::shipped();
        let running = domains.all.iter().find(|d| d.name == "running");
        let mut found = Found::default();
        assert!(read(text, running, &mut found).is_some(), "{text}");
        let m = found
            .measures
            .iter()
            .map(|m| (m.what.clone(), m.value, m.unit.clone()))
            .collect();
        (m, found)
    }

    #[test]
    fn the_kind_names_the_activity_and_each_field_a_measure() {
        let (m, found) =
            measures("type: ride\ntime: 01:30:00\ndistance: 41.8\nclimb: 992\nhr: 158\nw: 184\n");
        assert!(found.runs.is_empty());
        assert!(m.contains(&("ride".into(), 41.8, "km".into())));
        assert!(m.contains(&("ride".into(), 90.0, "minute".into())));
        assert!(m.contains(&("ride elevation".into(), 992.0, "m".into())));
        assert!(m.contains(&("ride heart rate".into(), 158.0, "bpm".into())));
        assert!(m.contains(&("ride power".into(), 184.0, "W".into())));

        let (m, found) = measures("Sportart: Lauf\nDistanz: 10,5\nZeit: 52:30\nPuls: 151\n");
        assert_eq!(found.runs.len(), 1);
        assert_eq!(found.runs[0].distance_km, Some(10.5));
        assert_eq!(found.runs[0].duration_min, Some(52.5));
        assert_eq!(m, [("lauf heart rate".into(), 151.0, "bpm".into())]);
    }

    #[test]
    fn blocks_without_a_kind_are_not_activity_properties() {
        let mut found = Found::default();
        assert!(read("distance: 5\ntime: 25:00\n", None, &mut found).is_none());
        assert!(read("type: ride\nrode 40 km with Sam\n", None, &mut found).is_none());
        // A kind's value that holds its own measure is the activity told, not its kind.
        assert!(read("운동: 달리기 3.2km\n수면: 7시간\n", None, &mut found).is_none());
        assert!(read("workout: ran 5 km\nmood: 4\n", None, &mut found).is_none());
    }
}
