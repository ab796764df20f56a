//! Property test: random edits by the person interleaved with write-backs never lose or
//! change a byte the person wrote, and each question is answered at most once.

mod support;

use std::time::Duration;

use proptest::prelude::*;
use vault_agent::vault::writeback::{insert_under_question, WriteBack};

const CALLOUT: &str =
    "> [!answer] vault-agent · 2026-11-21 10:00\n> an answer\n>\n> Sources: [[x]]\n";

#[derive(Debug, Clone)]
enum Step {
    /// Insert a person's line before line index (modulo the line count).
    Insert(usize, String),
    /// Delete a person's line (not one of ours).
    Delete(usize),
    /// Answer question number n.
    Answer(usize),
}

fn person_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,12}".prop_map(|s| s),
        Just(String::new()),
        (0..4usize).prop_map(|n| format!("? question {n}")),
        (0..4usize).prop_map(|n| format!("- ? question {n}")),
        Just("## 08:00 Run".to_string()),
        Just("```".to_string()),
        Just("> quoted".to_string()),
        "[a-zé✓ ]{1,8}".prop_map(|s| format!("- {s}")),
    ]
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        (any::<usize>(), person_line()).prop_map(|(i, l)| Step::Insert(i, l)),
        any::<usize>().prop_map(Step::Delete),
        (0..4usize).prop_map(Step::Answer),
        (0..4usize).prop_map(Step::Answer),
    ]
}

fn question_number(line: &str) -> Option<usize> {
    let rest = line.trim_start_matches("- ").strip_prefix("? question ")?;
    rest.parse().ok()
}

fn is_ours(lines: &[String], i: usize) -> bool {
    // Our callout lines: a header and the quoted lines after it.
    let mut j = i;
    loop {
        if lines[j].starts_with("> [!answer] vault-agent") {
            return true;
        }
        if j == 0 || !lines[j].starts_with('>') {
            return false;
        }
        j -= 1;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn write_backs_only_add_callouts(
        initial in prop::collection::vec(person_line(), 0..12),
        trailing_newline in any::<bool>(),
        steps in prop::collection::vec(step(), 1..25),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.md");
        let mut text = initial.join("\n");
        if trailing_newline && !text.is_empty() {
            text.push('\n');
        }
        std::fs::write(&path, &text).unwrap();
        // Question lines the person ever wrote, and answers we wrote, per question number.
        let mut asked = [0usize; 4];
        let mut answered = [0usize; 4];
        for line in &initial {
            if let Some(n) = question_number(line) {
                asked[n] += 1;
            }
        }
        for step in steps {
            let current = std::fs::read_to_string(&path).unwrap();
            match step {
                Step::Insert(i, line) => {
                    let mut lines: Vec<String> = current.lines().map(str::to_string).collect();
                    let at = if lines.is_empty() { 0 } else { i % (lines.len() + 1) };
                    // The person types above our callouts or between their own lines, never inside ours.
                    if at < lines.len() && at > 0 && is_ours(&lines, at) {
                        continue;
                    }
                    if let Some(n) = question_number(&line) {
                        asked[n] += 1;
                    }
                    lines.insert(at, line);
                    let mut next = lines.join("\n");
                    next.push('\n');
                    std::fs::write(&path, next).unwrap();
                }
                Step::Delete(i) => {
                    let mut lines: Vec<String> = current.lines().map(str::to_string).collect();
                    if lines.is_empty() { continue; }
                    let at = i % lines.len();
                    if is_ours(&lines, at) { continue; }
                    lines.remove(at);
                    let mut next = lines.join("\n");
                    next.push('\n');
                    std::fs::write(&path, next).unwrap();
                }
                Step::Answer(n) => {
                    let question = format!("question {n}");
                    let result = insert_under_question(&path, &question, 0, CALLOUT, Duration::ZERO, 1 << 20).unwrap();
                    let after = std::fs::read_to_string(&path).unwrap();
                    match result {
                        WriteBack::Written(_) => {
                            answered[n] += 1;
                            prop_assert_eq!(support::assert_only_callouts_added(&current, &after), 1);
                        }
                        _ => prop_assert_eq!(&after, &current),
                    }
                }
            }
        }
        // Each question line the person wrote is answered at most once.
        for n in 0..4 {
            prop_assert!(answered[n] <= asked[n], "question {} asked {} times, answered {} times", n, asked[n], answered[n]);
        }
    }
}
