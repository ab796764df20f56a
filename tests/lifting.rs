//! Lifting questions on a gym log written the way Korean lifters often keep one: dotted
//! dates in the file names, body-part headings, `회`/`세트`, rep lists. The expected numbers
//! are computed here from the lifts this test writes, never copied from an answer.

mod support;

use std::path::Path;

use support::*;

/// (file name, lines): the log this test writes.
const LOG: &[(&str, &str)] = &[
    (
        "운동일지/2026.11.16.md",
        "# 11월 16일 (월) 하체\n\n- 스쿼트 80kg 5회 5세트\n- 레그프레스 160kg 12회 4세트\n- 루마니안 데드리프트 60kg 10회 3세트\n",
    ),
    (
        "운동일지/2026.11.18.md",
        "# 가슴/삼두\n\n- 벤치프레스 70kg 8회 4세트\n- 인클라인 벤치프레스 50kg 10회 3세트\n- 딥스 10회 3세트\n",
    ),
    (
        "운동일지/2026.11.19.md",
        "# 등\n\n- 데드리프트 120kg 5회 3세트\n- 턱걸이 8회 3세트\n",
    ),
    (
        "운동일지/261121.md",
        "하체\n\n스쿼트 85kg 5x5, 런지 20kg 12회 3세트\n데드 125kg 3회 2세트\n",
    ),
];

/// (lift, kg, reps, sets) of the main lifts above.
const SQUATS: [(f64, f64, f64); 2] = [(80.0, 5.0, 5.0), (85.0, 5.0, 5.0)];
const DEADLIFTS: [(f64, f64, f64); 2] = [(120.0, 5.0, 3.0), (125.0, 3.0, 2.0)];
const BENCH: (f64, f64, f64) = (70.0, 8.0, 4.0);

fn vault() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (rel, text) in LOG {
        write(dir.path(), rel, text);
    }
    dir
}

fn ask(vault: &Path, question: &str) -> String {
    let out = run(&["--vault", vault.to_str().unwrap(), "ask", question]);
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn epley((kg, reps, _): (f64, f64, f64)) -> f64 {
    kg * (1.0 + reps / 30.0)
}

fn head(answer: &str) -> &str {
    answer.lines().next().unwrap_or_default()
}

#[test]
fn volume_one_rep_max_and_the_big_three_total() {
    let dir = vault();
    let v = dir.path();

    let volume: f64 = DEADLIFTS.iter().map(|(w, r, s)| w * r * s).sum();
    let answer = ask(v, "11월 데드리프트 총 볼륨은?");
    assert!(
        head(&answer).contains(&format!("**{volume} kg**")),
        "{answer}"
    );

    let squat_max = SQUATS.iter().copied().map(epley).fold(0.0, f64::max);
    let answer = ask(v, "what is my estimated squat 1RM");
    let shown = (squat_max * 2.0).round() / 2.0;
    assert!(
        head(&answer).contains(&format!("**{shown} kg**")),
        "{answer}"
    );

    let heaviest = SQUATS.iter().map(|s| s.0).fold(0.0, f64::max)
        + BENCH.0
        + DEADLIFTS.iter().map(|d| d.0).fold(0.0, f64::max);
    let answer = ask(v, "3대 중량 얼마야?");
    assert!(
        head(&answer).contains(&format!("**{heaviest} kg**")),
        "{answer}"
    );
    // The three named with each language's word for a sum.
    for question in [
        "Wie hoch ist meine Summe aus Kniebeuge, Bankdrücken und Kreuzheben?",
        "totale di squat, panca piana e stacco da terra?",
    ] {
        let answer = ask(v, question);
        assert!(
            head(&answer).contains(&format!("**{heaviest} kg**")),
            "{question}: {answer}"
        );
    }
}

#[test]
fn body_parts_and_variants_are_their_own_lifts() {
    let dir = vault();
    let v = dir.path();

    // The incline bench never becomes the best bench.
    let answer = ask(v, "벤치프레스 최고 중량은?");
    assert!(
        head(&answer).contains(&format!("**{} kg", BENCH.0)),
        "{answer}"
    );

    // Leg days: Nov 16 and Nov 21 (a YYMMDD file name); the latest is Nov 21, said in the
    // question's language.
    let answer = ask(v, "하체 운동 언제 했어?");
    assert!(head(&answer).contains("2026년 11월 21일"), "{answer}");
    assert!(answer.contains("11월 16일"), "{answer}");

    // The Romanian deadlift is not a deadlift: the last deadlift is Nov 21's 125 kg.
    let answer = ask(v, "when did I last deadlift");
    assert!(head(&answer).contains("125 kg"), "{answer}");
    assert!(!answer.contains("60 kg"), "{answer}");

    // Bodyweight reps add up: 8 × 3 pull-ups.
    let answer = ask(v, "how many pull-ups did I do in November");
    assert!(head(&answer).contains("**24 pull-up reps**"), "{answer}");

    let answer = ask(v, "how many chest sessions in November 2026");
    assert!(head(&answer).contains("**1 chest session**"), "{answer}");
}

/// A max the person tested is their one-rep max, even when an estimate from a set of five
/// comes out higher; the estimate is said beside it.
#[test]
fn a_tested_single_is_the_one_rep_max() {
    let dir = vault();
    let v = dir.path();
    let tested = 90.0;
    write(
        v,
        "운동일지/2026.11.20.md",
        format!("# 하체\n\n오늘 스쿼트 1RM 측정!! {tested}kg 성공\n"),
    );
    let estimate = SQUATS.iter().copied().map(epley).fold(0.0, f64::max);
    assert!(estimate > tested + 2.5, "the test needs a higher estimate");
    let answer = ask(v, "스쿼트 1RM 얼마였지?");
    assert!(
        head(&answer).contains(&format!("**{tested} kg**")),
        "{answer}"
    );
    let shown = (estimate * 2.0).round() / 2.0;
    // Said in the question's language: `약 99 kg`.
    assert!(answer.contains(&format!("약 {shown} kg")), "{answer}");
}

/// A list of sessions says what each one held, not only that there was one.
#[test]
fn a_list_of_sessions_names_the_lifts_of_each() {
    let dir = vault();
    let v = dir.path();
    let answer = ask(v, "how many gym sessions in November?");
    let (kg, reps, sets) = DEADLIFTS[0];
    assert!(
        answer.contains(&format!("deadlift {kg} kg × {reps} × {sets}")),
        "{answer}"
    );
}
