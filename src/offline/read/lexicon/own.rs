//! A vault's own language files (`.vault-agent/lexicon/<lang>.yaml`): each adds to the
//! shipped file of its language, or is a language of its own. Sections and keys merge into
//! the shipped ones, a list gains the words it names, any other value replaces the shipped
//! one. The files are read once, when the vault's config is, before any reader uses a word.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

/// Every language file as the readers see it (JSON), when the vault has files of its own.
static MERGED: OnceLock<Vec<(&'static str, &'static str)>> = OnceLock::new();

/// The language files in use: the vault's merged over the shipped, else the shipped.
pub(super) fn files_in_use(
    shipped: &'static [(&'static str, &'static str)],
) -> &'static [(&'static str, &'static str)] {
    MERGED.get().map_or(shipped, Vec::as_slice)
}

/// A bad file of the vault's: its path and what is wrong (naming the key).
pub type Bad = (PathBuf, String);

/// A section's reader run on a language's merged file: its code and JSON text.
pub type Check = fn(&str, &str) -> Result<(), String>;

/// Reads the vault's language files from `agent_dir/lexicon/` and puts them in use; their
/// fingerprint (so records read with other words are read again), `None` when there are
/// none. `checks`: each section's reader, run on every merged file.
pub fn use_vault_files(
    agent_dir: &Path,
    shipped: &'static [(&'static str, &'static str)],
    checks: &[Check],
) -> Result<Option<u64>, Bad> {
    let dir = agent_dir.join("lexicon");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(None);
    };
    let mut own: Vec<(String, PathBuf)> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "yaml" || x == "yml"))
        .filter_map(|p| Some((p.file_stem()?.to_str()?.to_lowercase(), p)))
        .collect();
    if own.is_empty() {
        return Ok(None);
    }
    own.sort();
    let mut merged: Vec<(String, Value)> = shipped
        .iter()
        .map(|(lang, json)| {
            let value = serde_json::from_str(json).expect("a shipped file is valid JSON");
            (lang.to_string(), value)
        })
        .collect();
    let mut fingerprint: u64 = 0xcbf2_9ce4_8422_2325;
    for (lang, path) in &own {
        let text = std::fs::read_to_string(path).map_err(|e| (path.clone(), e.to_string()))?;
        for b in lang.bytes().chain([0]).chain(text.bytes()).chain([0]) {
            fingerprint = (fingerprint ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
        let value: Value =
            serde_yaml::from_str(&text).map_err(|e| (path.clone(), e.to_string()))?;
        if !value.is_object() && !value.is_null() {
            return Err((
                path.clone(),
                "the file must hold sections (`key: ...`)".into(),
            ));
        }
        match merged.iter_mut().find(|(l, _)| l == lang) {
            Some((_, shipped)) => merge(shipped, value),
            None => merged.push((lang.clone(), value)),
        }
    }
    let merged: Vec<(&'static str, &'static str)> = merged
        .into_iter()
        .map(|(lang, value)| {
            let json: &'static str = Box::leak(value.to_string().into_boxed_str());
            (&*Box::leak(lang.into_boxed_str()), json)
        })
        .collect();
    for (lang, json) in &merged {
        let Some((_, path)) = own.iter().find(|(l, _)| l == lang) else {
            continue;
        };
        for check in checks {
            check(lang, json).map_err(|e| (path.clone(), without_file(&e)))?;
        }
    }
    // A second vault opened by the same program (tests) keeps the first one's words.
    let _ = MERGED.set(merged);
    Ok(Some(fingerprint))
}

/// A checker's message without the shipped file it names (the vault's file is named) and
/// without the place in the merged text (which is no place in the vault's file).
fn without_file(message: &str) -> String {
    let message = match message.split_once(".yaml: ") {
        Some((file, rest)) if !file.contains(' ') => rest,
        _ => message,
    };
    match message.rsplit_once(" at line ") {
        Some((said, place)) if place.split(" column ").all(|n| n.parse::<u64>().is_ok()) => {
            said.to_string()
        }
        _ => message.to_string(),
    }
}

/// `own` merged into `base`: sections and keys merge, lists gain the words they lack, any
/// other value replaces.
fn merge(base: &mut Value, own: Value) {
    match (base, own) {
        (Value::Object(base), Value::Object(own)) => {
            for (key, value) in own {
                match base.get_mut(&key) {
                    Some(slot) => merge(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (Value::Array(base), Value::Array(own)) => {
            for item in own {
                if !base.contains(&item) {
                    base.push(item);
                }
            }
        }
        (_, Value::Null) => {}
        (slot, value) => *slot = value,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_merge_lists_gain_words_and_values_replace() {
        let mut base =
            serde_json::json!({"fields": {"lunch": ["lunch", "l"]}, "numbers": {"one": 1}});
        let own = serde_json::json!({"fields": {"lunch": ["almoço", "l"], "tea": ["tea"]}, "numbers": {"one": 2}});
        merge(&mut base, own);
        assert_eq!(
            base,
            serde_json::json!({"fields": {"lunch": ["lunch", "l", "almoço"], "tea": ["tea"]}, "numbers": {"one": 2}})
        );
    }

    #[test]
    fn a_message_names_the_key_not_the_merged_text() {
        let said = "lexicon/fr.yaml: activitees: unknown field `activitees` at line 1 column 27383";
        assert_eq!(without_file(said), "activitees: unknown field `activitees`");
    }
}
