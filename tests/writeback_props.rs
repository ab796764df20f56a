//! Property test: random edits by the person interleaved with write-backs never lose or
//! change a byte the person wrote, and each question is answered at most once.

mod support;

use std::time::Duration;

use proptest::prelude::*;
use vault_agent::vault::writeback::{insert_all, insert_under_question, Insert, WriteBack};

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
    #![proptest_config(ProptestConfig::with_cases(1000))]

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

/// How the "editor" saves: into the note's own file (truncate and write), or by writing a
/// file beside it and renaming it over the note (as most editors do).
#[derive(Debug, Clone, Copy)]
enum Save {
    InPlace,
    Rename,
}

/// A person's edit: insert a line, or delete one of theirs (never inside our callouts).
#[derive(Debug, Clone)]
enum Edit {
    Insert(usize, String),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), person_line()).prop_map(|(i, l)| Edit::Insert(i, l)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

/// The text after the person's edit (None when the edit would touch our callout).
fn apply(current: &str, edit: &Edit) -> Option<String> {
    let mut lines: Vec<String> = current.lines().map(str::to_string).collect();
    match edit {
        Edit::Insert(i, line) => {
            let at = if lines.is_empty() {
                0
            } else {
                i % (lines.len() + 1)
            };
            if at < lines.len() && at > 0 && is_ours(&lines, at) {
                return None;
            }
            lines.insert(at, line.clone());
        }
        Edit::Delete(i) => {
            if lines.is_empty() {
                return None;
            }
            let at = i % lines.len();
            if is_ours(&lines, at) {
                return None;
            }
            lines.remove(at);
        }
    }
    let mut next = lines.join("\n");
    next.push('\n');
    Some(next)
}

fn save(path: &std::path::Path, text: &str, how: Save) {
    match how {
        Save::InPlace => std::fs::write(path, text).unwrap(),
        Save::Rename => {
            let tmp = path.with_file_name(".n.md.editor-save");
            std::fs::write(&tmp, text).unwrap();
            std::fs::rename(&tmp, path).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// The person saves at the worst moment: after the write-back checked the note and
    /// before its rename (once or several times in a row). Their text always survives, and
    /// a question gets at most one answer. Several answers may go in one write-back.
    #[test]
    fn saves_between_check_and_rename_are_kept(
        initial in prop::collection::vec(person_line(), 0..10),
        rounds in prop::collection::vec(
            (prop::collection::vec(0..4usize, 1..4), prop::collection::vec(edit(), 0..3)),
            1..12,
        ),
        plain_rename in any::<bool>(),
        by_rename in any::<bool>(),
    ) {
        // Where files cannot be swapped, a save by rename inside the window is not seen;
        // the fallback is held to saves into the file itself.
        let how = if by_rename && !plain_rename { Save::Rename } else { Save::InPlace };
        vault_agent::vault::atomic::set_plain_rename(plain_rename);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.md");
        let mut text = initial.join("\n");
        text.push('\n');
        std::fs::write(&path, &text).unwrap();
        let mut asked = [0usize; 4];
        let mut answered = [0usize; 4];
        for line in &initial {
            if let Some(n) = question_number(line) {
                asked[n] += 1;
            }
        }
        for (ns, edits) in rounds {
            let current = std::fs::read_to_string(&path).unwrap();
            // The editor's saves in the window, one per checked write, and what it saved.
            let saved = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
            let mut pending = edits.into_iter();
            let log = saved.clone();
            vault_agent::vault::atomic::set_before_rename_hook(Some(Box::new(move |p| {
                let Some(edit) = pending.next() else { return };
                let now = std::fs::read_to_string(p).unwrap();
                if let Some(next) = apply(&now, &edit) {
                    save(p, &next, how);
                    log.borrow_mut().push(next);
                }
            })));
            let questions: Vec<String> = ns.iter().map(|n| format!("question {n}")).collect();
            let callouts: Vec<String> = ns.iter().map(|n| format!("> [!answer] vault-agent · 2026-11-21 10:00\n> answer {n}\n")).collect();
            let inserts: Vec<Insert> = questions.iter().zip(&callouts).map(|(q, c)| Insert { question: q, reply: None, line_hint: 0, callout: c, over_pending_only: false }).collect();
            let results = insert_all(&path, &inserts, Duration::ZERO, 1 << 20);
            vault_agent::vault::atomic::set_before_rename_hook(None);
            let results = results.unwrap();
            let saved = saved.borrow().clone();
            for s in &saved {
                for line in s.lines() {
                    if let Some(q) = question_number(line) {
                        // Counted once per save that added it (an upper bound on questions asked).
                        asked[q] += 1;
                    }
                }
            }
            let after = std::fs::read_to_string(&path).unwrap();
            // The person's last save is what their editor holds: every line of it is kept.
            let base = saved.last().cloned().unwrap_or(current.clone());
            let earlier = &saved[..saved.len().saturating_sub(1)];
            let added = if earlier.is_empty() {
                support::assert_only_callouts_added(&base, &after)
            } else {
                assert_kept(&base, earlier, &after)
            };
            prop_assert!(added <= ns.len());
            // Nothing is left beside the note.
            let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
            prop_assert_eq!(names.len(), 1, "files left beside the note: {:?}", names);
            let mut written = 0;
            for (n, result) in ns.iter().zip(&results) {
                if let WriteBack::Written(_) = result {
                    answered[*n] += 1;
                    written += 1;
                }
            }
            if written == 0 && earlier.is_empty() {
                prop_assert_eq!(&after, &base);
            }
            // Our callouts that landed: those reported written, and any the person's editor
            // saved back after loading our write (reported as already handled).
            // After saves in a row in the window, the person's newest text wins over a callout
            // placed in an older one (the question stays open and the next pass answers it).
            let new_callouts = support::callout_count(&after).saturating_sub(support::callout_count(&current));
            prop_assert!(new_callouts <= ns.len());
            if earlier.is_empty() {
                prop_assert!(new_callouts >= written);
            } else {
                for (n, result) in ns.iter().zip(&results) {
                    if matches!(result, WriteBack::Written(_)) {
                        answered[*n] -= 1;
                    }
                }
            }
        }
        vault_agent::vault::atomic::set_plain_rename(false);
        let last = std::fs::read_to_string(&path).unwrap();
        for n in 0..4 {
            let in_note = last.lines().filter(|l| *l == format!("> answer {n}")).count();
            prop_assert!(answered[n] <= in_note && in_note <= asked[n], "question {} asked {} times, answered {} times ({} in the note)", n, asked[n], answered[n], in_note);
        }
    }
}

// ---- living callouts (`?? …`) rewritten while the person types ----

/// A living callout for `?? living {n}` holding answer `version`.
fn living_callout(n: usize, version: u32) -> (String, String) {
    use vault_agent::vault::callout::{Callout, CalloutKind};
    use vault_agent::vault::living;
    let callout = Callout {
        kind: CalloutKind::Answer,
        stamp: chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(10, version % 60, 0)
            .unwrap(),
        title: None,
        body: format!("**{version} km** for living {n}\n\n- a line"),
        sources: vec!["[[2026-11-21]]".into()],
    };
    let words = living::Words {
        as_of: "as of {stamp}",
        kept: "_Kept current._",
    };
    let change = (version > 0).then(|| format!("+{version} km since Tue"));
    (
        living::render(&callout, change.as_deref(), words, living::Engine::Offline),
        living::answer_hash(&callout).hex(),
    )
}

/// The note's lines outside our callouts: what the person wrote.
/// After several saves of the person's in one write's window: `after` holds every line of
/// `last` (their last save) in order, and every other line is an agent callout or a line of
/// one of their `earlier` saves (kept, not dropped, when the saves diverged). Returns how
/// many callouts were added.
fn assert_kept(last: &str, earlier: &[String], after: &str) -> usize {
    let want: Vec<&str> = last.lines().collect();
    let got: Vec<&str> = after.lines().collect();
    let (mut i, mut j, mut added) = (0, 0, 0);
    while j < got.len() {
        if i < want.len() && want[i] == got[j] {
            i += 1;
            j += 1;
        } else if got[j].starts_with("> [!answer] vault-agent") {
            added += 1;
            j += 1;
            while j < got.len() && got[j].starts_with('>') {
                j += 1;
            }
        } else {
            assert!(
                got[j].is_empty() || earlier.iter().any(|s| s.lines().any(|l| l == got[j])),
                "line {:?} is neither the person's nor ours\n--- last save ---\n{last}\n--- after ---\n{after}",
                got[j]
            );
            j += 1;
        }
    }
    assert_eq!(
        i,
        want.len(),
        "a line of the last save is missing\n--- last save ---\n{last}\n--- after ---\n{after}"
    );
    added
}

fn persons_lines(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut in_ours = false;
    for l in lines {
        if l.starts_with("> [!answer] vault-agent") {
            in_ours = true;
        } else if !l.starts_with('>') {
            in_ours = false;
        }
        if !in_ours {
            out.push(l);
        }
    }
    out
}

#[derive(Debug, Clone)]
enum LivingStep {
    /// The person edits outside our callouts (saved before our check).
    Edit(Edit),
    /// The person types a line into the living callout of `?? living n`.
    TakeOver(usize),
    /// The log changed: living answer n is updated, while the person saves these edits
    /// between our check and our rename.
    Update(usize, Vec<Edit>),
}

fn living_step() -> impl Strategy<Value = LivingStep> {
    prop_oneof![
        edit().prop_map(LivingStep::Edit),
        (0..2usize).prop_map(LivingStep::TakeOver),
        ((0..2usize), prop::collection::vec(edit(), 0..3))
            .prop_map(|(n, e)| LivingStep::Update(n, e)),
        ((0..2usize), prop::collection::vec(edit(), 0..3))
            .prop_map(|(n, e)| LivingStep::Update(n, e)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Living callouts are rewritten in place as the log changes while the person keeps
    /// typing (and saving in the worst moment): every line the person wrote survives, a
    /// callout they typed into is never rewritten again, and a rewrite replaces the one
    /// callout, never adds one.
    #[test]
    fn living_updates_keep_the_persons_text_and_stop_at_their_edit(
        initial in prop::collection::vec(person_line(), 0..8),
        steps in prop::collection::vec(living_step(), 1..20),
    ) {
        use vault_agent::vault::living::{self, Written};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("n.md");
        let mut text = initial.join("\n");
        text.push('\n');
        // Each living answer's current hash; None once the person took it over.
        let mut answers: Vec<Option<String>> = Vec::new();
        for n in 0..2 {
            let (callout, hash) = living_callout(n, 0);
            text.push_str(&format!("\n?? living {n}\n{callout}"));
            answers.push(Some(hash));
        }
        std::fs::write(&path, &text).unwrap();
        let mut version = 0;
        let mut typed = 0;
        for step in steps {
            let current = std::fs::read_to_string(&path).unwrap();
            match step {
                LivingStep::Edit(e) => {
                    if let Some(next) = apply(&current, &e) {
                        std::fs::write(&path, next).unwrap();
                    }
                }
                LivingStep::TakeOver(n) => {
                    let header = format!("?? living {n}");
                    let Some(at) = current.lines().position(|l| l == header) else { continue };
                    let mut lines: Vec<String> = current.lines().map(str::to_string).collect();
                    if !lines.get(at + 1).is_some_and(|l| l.starts_with("> [!answer]")) { continue }
                    lines.insert(at + 2, "> my own words".into());
                    let mut next = lines.join("\n");
                    next.push('\n');
                    std::fs::write(&path, next).unwrap();
                    answers[n] = None;
                    typed += 1;
                }
                LivingStep::Update(n, edits) => {
                    version += 1;
                    let (callout, hash) = living_callout(n, version);
                    let saved = std::rc::Rc::new(std::cell::RefCell::new(Vec::<String>::new()));
                    let log = saved.clone();
                    let mut pending = edits.into_iter();
                    vault_agent::vault::atomic::set_before_rename_hook(Some(Box::new(move |p| {
                        let Some(edit) = pending.next() else { return };
                        let now = std::fs::read_to_string(p).unwrap();
                        if let Some(next) = apply(&now, &edit) {
                            std::fs::write(p, &next).unwrap();
                            log.borrow_mut().push(next);
                        }
                    })));
                    let expected = answers[n].clone().unwrap_or_else(|| "taken-over".into());
                    let result = living::write(
                        &path,
                        &format!("living {n}"),
                        0,
                        living::Edit::Replace { answer: &expected },
                        &callout,
                        Duration::ZERO,
                        1 << 20,
                    );
                    vault_agent::vault::atomic::set_before_rename_hook(None);
                    let result = result.unwrap();
                    let after = std::fs::read_to_string(&path).unwrap();
                    let saved = saved.borrow().clone();
                    let base = saved.last().cloned().unwrap_or(current.clone());
                    let earlier = &saved[..saved.len().saturating_sub(1)];
                    if earlier.is_empty() {
                        // Every line the person wrote is there, in order, and nothing else of theirs.
                        prop_assert_eq!(persons_lines(&base), persons_lines(&after));
                    } else {
                        // Saves in a row within the window: the last one's lines, in order,
                        // and the earlier ones' lines that it lacks, kept beside them.
                        assert_kept(&persons_lines(&base).join("\n"), earlier, &persons_lines(&after).join("\n"));
                    }
                    prop_assert_eq!(support::callout_count(&after), support::callout_count(&base));
                    match result {
                        Written::Done(_) => {
                            prop_assert!(answers[n].is_some(), "a callout the person took over was rewritten");
                            prop_assert!(after.contains(&callout));
                            answers[n] = Some(hash);
                        }
                        _ if earlier.is_empty() => prop_assert_eq!(&after, &base),
                        _ => {}
                    }
                }
            }
        }
        // Every line the person typed into a callout is still there.
        let last = std::fs::read_to_string(&path).unwrap();
        prop_assert_eq!(last.lines().filter(|l| *l == "> my own words").count(), typed);
    }
}
