//! The offline parser against a corpus of log lines as people write them:
//! `tests/fixtures/lines/*.yaml`, one file per family or language. Each case:
//!
//! ```yaml
//! - text: "Bench 195x5x3, felt smooth. Squat 275x5x3."
//!   heading: "17:30 Gym"          # optional: the entry is a `## <heading>` section
//!   expect:                       # the domains read, each a subset of domain_data
//!     strength: { exercises: [ { name: bench press, weight: 195 }, { name: squat } ] }
//!   measures: [ { what: read, value: 40, unit: page } ]   # exact; none when absent
//!   uncertain: [ strength.exercises.unit ]                # optional, must all be flagged
//!   unreadable: [ "..." ]                                 # optional, exact
//!   none: true                                            # nothing at all is read
//!   domain: |                                             # optional user domain (YAML)
//!     name: reading ...
//! ```
//!
//! The domains read must be exactly those expected; arrays must have the expected length;
//! objects may hold more fields than expected. Every failing case is printed.

#[path = "support/corpus.rs"]
mod corpus;

use serde::Deserialize;
use serde_json::Value;
use vault_agent::domains::Domains;
use vault_agent::offline::read::parse_entry;
use vault_agent::vault::parsed::ParsedRecord;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    text: String,
    #[serde(default)]
    heading: Option<String>,
    #[serde(default)]
    expect: Option<serde_yaml::Value>,
    #[serde(default)]
    measures: Option<serde_yaml::Value>,
    #[serde(default)]
    uncertain: Vec<String>,
    #[serde(default)]
    unreadable: Option<Vec<String>>,
    #[serde(default)]
    none: bool,
    #[serde(default)]
    domain: Option<String>,
}

fn parse(case: &Case, shipped: &Domains) -> Result<ParsedRecord, String> {
    let entries = corpus::case_entries(&case.text, case.heading.as_deref());
    let [entry] = entries.as_slice() else {
        return Err(format!(
            "the case makes {} entries, not one (use a heading)",
            entries.len()
        ));
    };
    let domains = match &case.domain {
        Some(yaml) => {
            let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
            std::fs::create_dir_all(dir.path().join("domains")).map_err(|e| e.to_string())?;
            std::fs::write(dir.path().join("domains/user.yaml"), yaml)
                .map_err(|e| e.to_string())?;
            Domains::load(dir.path()).map_err(|e| e.to_string())?
        }
        None => return Ok(parse_entry(entry, shipped)),
    };
    Ok(parse_entry(entry, &domains))
}

/// Whether `got` holds `want`: objects by their expected keys, arrays element by element
/// (same length), numbers within 0.01, an expected null as null or absent.
fn holds(want: &Value, got: Option<&Value>, path: &str, errors: &mut Vec<String>) {
    match (want, got) {
        (Value::Null, None | Some(Value::Null)) => {}
        (Value::Object(w), Some(Value::Object(g))) => {
            for (k, v) in w {
                holds(v, g.get(k), &format!("{path}.{k}"), errors);
            }
        }
        (Value::Array(w), Some(Value::Array(g))) if w.len() == g.len() => {
            for (i, (w, g)) in w.iter().zip(g).enumerate() {
                holds(w, Some(g), &format!("{path}[{i}]"), errors);
            }
        }
        (Value::Number(w), Some(Value::Number(g))) => {
            let (w, g) = (
                w.as_f64().unwrap_or(f64::NAN),
                g.as_f64().unwrap_or(f64::NAN),
            );
            if (w - g).abs() > 0.011 {
                errors.push(format!("{path}: want {w}, got {g}"));
            }
        }
        (w, Some(g)) if w == g => {}
        (w, g) => errors.push(format!(
            "{path}: want {w}, got {}",
            g.map_or("nothing".to_string(), Value::to_string)
        )),
    }
}

fn check(case: &Case, r: &ParsedRecord) -> Vec<String> {
    let mut errors = Vec::new();
    let got_data = serde_json::to_value(&r.domain_data).unwrap_or_default();
    let want_data = case
        .expect
        .as_ref()
        .map(|e| serde_json::to_value(e).unwrap_or_default())
        .unwrap_or_else(|| Value::Object(Default::default()));
    let keys = |v: &Value| -> Vec<String> {
        v.as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    let (mut want_keys, mut got_keys) = (keys(&want_data), keys(&got_data));
    want_keys.sort();
    got_keys.sort();
    if want_keys != got_keys {
        errors.push(format!("domains: want {want_keys:?}, got {got_keys:?}"));
    }
    holds(&want_data, Some(&got_data), "", &mut errors);
    let got_measures = serde_json::to_value(&r.measures).unwrap_or_default();
    let want_measures = case
        .measures
        .as_ref()
        .map(|m| serde_json::to_value(m).unwrap_or_default())
        .unwrap_or_else(|| Value::Array(Vec::new()));
    holds(&want_measures, Some(&got_measures), "measures", &mut errors);
    for field in &case.uncertain {
        if !r.uncertain_fields.contains(field) {
            errors.push(format!("{field} is not flagged as uncertain"));
        }
    }
    if let Some(unreadable) = &case.unreadable {
        if *unreadable != r.unreadable {
            errors.push(format!(
                "unreadable: want {unreadable:?}, got {:?}",
                r.unreadable
            ));
        }
    }
    if case.none && (!r.domain_data.is_empty() || !r.measures.is_empty()) {
        errors.push("expected nothing to be read".into());
    }
    errors
}

#[test]
fn every_line_of_the_corpus_reads_as_expected() {
    let files = corpus::yaml_files("lines");
    let shipped = Domains::shipped();
    let (mut total, mut failures) = (0, Vec::new());
    for file in &files {
        let name = file
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(file).expect("fixture is readable");
        let cases: Vec<Case> =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (i, case) in cases.iter().enumerate() {
            total += 1;
            let errors = match parse(case, &shipped) {
                Ok(r) => check(case, &r)
                    .into_iter()
                    .map(|e| e.to_string())
                    .chain(std::iter::once(format!(
                        "got: {} measures={} uncertain={:?} unreadable={:?}",
                        serde_json::to_string(&r.domain_data).unwrap_or_default(),
                        serde_json::to_string(&r.measures).unwrap_or_default(),
                        r.uncertain_fields,
                        r.unreadable
                    )))
                    .collect::<Vec<_>>(),
                Err(e) => vec![e, String::new()],
            };
            if errors.len() > 1 {
                failures.push(format!(
                    "{name} #{} {:?}\n    {}",
                    i + 1,
                    case.text,
                    errors.join("\n    ")
                ));
            }
        }
    }
    for f in &failures {
        eprintln!("{f}\n");
    }
    eprintln!("{total} cases, {} pass", total - failures.len());
    assert!(
        failures.is_empty(),
        "{} of {total} cases failed",
        failures.len()
    );
}
