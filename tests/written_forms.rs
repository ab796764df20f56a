//! Answers in the form the person writes (DESIGN §4.0, "answers that keep the person's
//! form"): a move logged by its time is answered in time, sleep written as hours and
//! minutes comes back so, pounds stay pounds, a run ranked by time shows its time, and a
//! note's own dates settle how its slashed dates read. Each vault here is written fresh,
//! in more than one language and layout.

mod support;

use support::*;

#[test]
fn a_move_logged_by_its_time_is_answered_in_time() {
    let dir = offline_vault();
    let v = dir.path();
    // English: day headings, the time before or after the move.
    write(
        v,
        "Home.md",
        "# Home\n\n## 2024-03-02\n- 40 squats\n- wall sit 2 min\n\n## 2024-03-05\n\
         - 3 minutes wall sit\n\n## 2024-03-09\n- wall sit 90 seconds\n",
    );
    // German, one note a day, seconds and minutes mixed.
    for (day, text) in [
        (
            "2024-04-02",
            "- 20 Liegestütze\n- Unterarmstütz 80 Sekunden\n",
        ),
        ("2024-04-06", "- Unterarmstütz 2 Minuten\n"),
        ("2024-04-09", "- Unterarmstütz 150 Sekunden\n"),
    ] {
        write(v, &format!("Sport/{day}.md"), text);
    }
    // Japanese, a list under day headings.
    write(
        v,
        "筋トレ.md",
        "# 筋トレ\n\n## 2024-05-01\n- プランク 45秒\n\n## 2024-05-03\n- プランク 2分\n",
    );
    process(v);

    let longest = lead(v, "what was my longest wall sit in March 2024?");
    assert!(longest.contains("3 min"), "{longest}");
    let total = lead(v, "how many minutes of wall sit in March 2024?");
    assert!(total.contains("6.5"), "{total}");
    let de = lead(
        v,
        "Wie lange war mein längster Unterarmstütz im April 2024?",
    );
    assert!(de.contains("150 Sekunden"), "{de}");
    let ja = lead(v, "2024年5月のプランクの合計時間は？");
    assert!(ja.contains("165秒"), "{ja}");
}

#[test]
fn sleep_written_as_hours_and_minutes_is_answered_so() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, text) in [
        ("2024-09-01", "睡眠 6時間50分\n"),
        ("2024-09-02", "睡眠：7時間10分\n散歩 30分\n"),
        ("2024-09-03", "睡眠 7時間30分\n"),
    ] {
        write(v, &format!("日記/{day}.md"), text);
    }
    for (day, text) in [
        ("2024-10-01", "Slept 7h05.\n"),
        ("2024-10-02", "Slept 6h35, woke early.\n"),
    ] {
        write(v, &format!("Daily/{day}.md"), text);
    }
    process(v);

    let day = lead(v, "2024年9月1日の睡眠時間は？");
    assert!(day.contains("6時間50分"), "{day}");
    let mean = lead(v, "2024年9月の平均睡眠時間は？");
    assert!(mean.contains("7時間10分"), "{mean}");
    let en = lead(v, "average sleep in October 2024?");
    assert!(en.contains("6h50"), "{en}");
}

#[test]
fn lifts_named_as_verbs_and_a_days_lift_answer_in_the_persons_unit() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Barbell.md",
        "# Barbell\n\n## 2024-02-06\n- squat 3x5 @ 205 lb\n- deadlift 1x5 @ 255 lb\n\n\
         ## 2024-02-08\n- bench 3x5 @ 150 lb\n- deadlift 1x5 @ 265 lb\n",
    );
    process(v);

    let dead = lead(v, "what's the most I've ever deadlifted?");
    assert!(dead.contains("265 lb"), "{dead}");
    let bench = lead(v, "what did I bench on February 8, 2024?");
    assert!(bench.contains("150 lb"), "{bench}");
}

#[test]
fn a_run_ranked_by_time_shows_the_time_and_a_pace_asked_of_a_day_is_that_days() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Runs.md",
        "# Runs\n\n- 2023-05-01 — 8.0 km, 44:10\n- 2023-05-08 — 12.5 km, 1:04:31\n\
         - 2023-05-15 — 10.0 km, 66:02, hills\n",
    );
    write(
        v,
        "Course/2023-06-04.md",
        "Sortie de 9 km, allure 5'07''/km.\n",
    );
    process(v);

    let longest = lead(v, "what was my longest run by time in 2023?");
    assert!(longest.contains("1:06:02"), "{longest}");
    let pace = lead(v, "Quelle était mon allure le 4 juin 2023 ?");
    assert!(pace.contains("5:07"), "{pace}");
}

#[test]
fn a_notes_own_dates_settle_its_slashed_dates_and_a_bare_weight_is_a_weigh_in() {
    let dir = offline_vault();
    let v = dir.path();
    // `28/01/2021` can only be day first: so is `05/02/2021` (5 February).
    write(
        v,
        "Salud/Báscula.md",
        "# Báscula\n\n- 28/01/2021 — 74,8 kg\n- 05/02/2021 — 74,1 kg, tras la cena\n\
         - 02/03/2021 — 73,6 kg\n",
    );
    write(v, "Tagebuch/2021-04-03.md", "Gewicht 72,9\n");
    write(v, "Tagebuch/2021-04-10.md", "Waage: 73,3 kg\n");
    process(v);

    let day = lead(v, "¿Cuánto pesaba el 5 de febrero de 2021?");
    assert!(day.contains("74,1"), "{day}");
    let de = lead(v, "Was war mein Durchschnittsgewicht im April 2021?");
    assert!(de.contains("73,1"), "{de}");
}

#[test]
fn runs_a_week_are_counted_and_the_month_of_most_runs_is_named() {
    let dir = offline_vault();
    let v = dir.path();
    // Two runs a week through March 2022, three in the first week of April.
    let mut log = String::from("# Runs\n\n");
    for day in [1, 3, 8, 10, 15, 17, 22, 24, 29, 31] {
        log.push_str(&format!("## 2022-03-{day:02}\nran 5 km\n\n"));
    }
    for day in [2, 4, 6] {
        log.push_str(&format!("## 2022-04-{day:02}\nran 8 km\n\n"));
    }
    write(v, "Runs.md", &log);
    process(v);

    let weekly = lead(
        v,
        "how many times a week on average did I run in March 2022?",
    );
    assert!(weekly.contains("2.3 runs"), "{weekly}");
    let ko = lead(v, "2022년에 가장 많이 달린 달은 언제야?");
    assert!(ko.contains("3월"), "{ko}");
    let ja = lead(v, "2022年で一番多く走った月はいつ？");
    assert!(ja.contains("3月"), "{ja}");
}
