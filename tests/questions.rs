//! How questions are read, as data: `tests/fixtures/questions/<lang>.yaml`, one file per
//! language. Each file gives the day the questions are asked on and the cases:
//!
//! ```yaml
//! anchor: 2026-11-21          # a Saturday; weeks start on Monday
//! cases:
//!   - q: how many times did I run last month
//!     kind: count             # what is asked (see `FrameView::kind`)
//!     measure: runs           # the measure, by its English name (optional)
//!     period: [2026-10-01, 2026-10-31]   # optional; `none` for all the notes
//!     grouping: [per_week]    # optional, exact when given
//!     lang: en                # the language the answer is written in
//!     gap: "why"              # optional: a known miss; the case must still be read wrongly
//! ```
//!
//! Every field given must match; a `gap` case must not (so fixing it means moving it).

// Only its fixture listing is used here.
#[allow(dead_code)]
#[path = "support/corpus.rs"]
mod corpus;

use chrono::{NaiveDate, Weekday};
use serde::Deserialize;
use vault_agent::domains::Domains;
use vault_agent::offline::answer::{Frame, FrameView};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    anchor: NaiveDate,
    cases: Vec<Case>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    q: String,
    kind: String,
    #[serde(default)]
    measure: Option<String>,
    #[serde(default)]
    period: Option<Period>,
    #[serde(default)]
    grouping: Option<Vec<String>>,
    lang: String,
    #[serde(default)]
    gap: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Period {
    Span(NaiveDate, NaiveDate),
    None(String),
}

fn misses(case: &Case, got: &FrameView) -> Vec<String> {
    let mut out = Vec::new();
    if got.kind != case.kind {
        out.push(format!("kind {} (want {})", got.kind, case.kind));
    }
    if got.lang != case.lang {
        out.push(format!("lang {} (want {})", got.lang, case.lang));
    }
    if let Some(m) = &case.measure {
        if got.measure.as_ref() != Some(m) {
            out.push(format!("measure {:?} (want {m})", got.measure));
        }
    }
    match &case.period {
        Some(Period::Span(a, b)) if got.period != Some((*a, *b)) => {
            out.push(format!("period {:?} (want {a} – {b})", got.period))
        }
        Some(Period::None(s)) if s == "none" && got.period.is_some() => {
            out.push(format!("period {:?} (want none)", got.period))
        }
        _ => {}
    }
    if let Some(g) = &case.grouping {
        if &got.grouping != g {
            out.push(format!("grouping {:?} (want {g:?})", got.grouping));
        }
    }
    out
}

#[test]
fn every_question_of_the_fixtures_is_read_as_expected() {
    let domains = Domains::shipped();
    let (mut total, mut failures, mut gaps) = (0, Vec::new(), 0);
    for path in corpus::yaml_files("questions") {
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .to_string();
        let text = std::fs::read_to_string(&path).expect("fixture is readable");
        let file: File = serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        for case in &file.cases {
            total += 1;
            let got = Frame::read(&case.q, file.anchor, Weekday::Mon, &domains).view();
            let missed = misses(case, &got);
            match (&case.gap, missed.is_empty()) {
                (None, false) => {
                    failures.push(format!("{name} {:?}: {}", case.q, missed.join("; ")))
                }
                (Some(why), true) => failures.push(format!(
                    "{name} {:?} is read right now: remove its gap ({why})",
                    case.q
                )),
                (Some(_), false) => gaps += 1,
                (None, true) => {}
            }
        }
    }
    for f in &failures {
        eprintln!("{f}");
    }
    eprintln!(
        "{total} questions, {gaps} known gaps, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {total} questions misread",
        failures.len()
    );
}
