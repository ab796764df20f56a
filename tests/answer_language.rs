//! Every sentence of an answer is in the question's language: lifting figures, race times,
//! open tasks and the `Sources:` line, for every shipped language. The cases are data,
//! `tests/fixtures/answers/language.yaml`, asked with the binary on the notes it gives.

mod support;

use std::collections::BTreeMap;

use serde::Deserialize;
use support::*;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    notes: BTreeMap<String, String>,
    english: Vec<String>,
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    q: String,
    lang: String,
    says: Vec<String>,
}

#[test]
fn answers_are_written_in_the_language_of_their_question() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/answers/language.yaml"
    );
    let text = std::fs::read_to_string(path).expect("fixture is readable");
    let fixture: Fixture = serde_yaml::from_str(&text).expect("fixture parses");
    let dir = tempfile::tempdir().unwrap();
    for (rel, note) in &fixture.notes {
        write(dir.path(), rel, note);
    }
    let vault = dir.path().to_str().unwrap();
    let mut failures = Vec::new();
    for case in &fixture.cases {
        let out = run(&["--vault", vault, "ask", &case.q]);
        assert!(out.status.success(), "{}: {out:?}", case.q);
        let answer = String::from_utf8_lossy(&out.stdout);
        let missing: Vec<&String> = case
            .says
            .iter()
            .filter(|s| !answer.contains(s.as_str()))
            .collect();
        let english: Vec<&String> = if case.lang == "en" {
            Vec::new()
        } else {
            fixture
                .english
                .iter()
                .filter(|w| answer.contains(w.as_str()))
                .collect()
        };
        if !missing.is_empty() || !english.is_empty() {
            failures.push(format!(
                "{} ({}): lacks {missing:?}, has English {english:?}\n{answer}",
                case.q, case.lang
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
