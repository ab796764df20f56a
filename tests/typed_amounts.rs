//! An amount of a measure the readers know, asked with the verb that makes it (`how many
//! steps did I walk`): summed from the values, never a count of the lines that name the
//! verb. Written fresh, in two languages and layouts.

mod support;

use support::*;

#[test]
fn steps_asked_with_their_verb_are_summed() {
    let dir = offline_vault();
    let v = dir.path();
    let steps = [9812, 10450, 7300, 12001];
    for (i, n) in steps.iter().enumerate() {
        let day = i + 1;
        let walked = if i % 2 == 0 {
            "- walked to the station\n"
        } else {
            ""
        };
        write(
            v,
            &format!("Daily/2024-10-{day:02}.md"),
            format!("Steps: {n}\n\n## Exercise\n{walked}"),
        );
        write(
            v,
            &format!("日記/2024-11-{day:02}.md"),
            format!("- 歩数：{n}\n- 散歩した\n"),
        );
    }
    process(v);
    let total: u32 = steps.iter().sum();
    let en = lead(v, "How many steps did I walk in total in October 2024?");
    let digits: String = en.chars().filter(char::is_ascii_digit).collect();
    assert!(digits.contains(&total.to_string()), "{en}");
    let ja = lead(v, "2024年11月に合計で何歩歩いた？");
    let digits: String = ja.chars().filter(char::is_ascii_digit).collect();
    assert!(digits.contains(&total.to_string()), "{ja}");
}

#[test]
fn the_day_a_question_asks_for_is_no_measure_named_day() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        (
            "2025-04-27",
            "- Ran 8.2 km.\n- Reading *The Remains of the Day*, 28 pages.\n",
        ),
        (
            "2025-04-28",
            "- Ran 15.4 km along the river.\n- *The Remains of the Day*, 56 pages tonight.\n",
        ),
        ("2025-04-30", "- Ran 6 km.\n"),
        (
            "2025-05-03",
            "- Couru 9 km.\n- Lu *Belle de Jour*, 40 pages.\n",
        ),
        (
            "2025-05-06",
            "- Couru 12,5 km au parc.\n- Lu *Belle de Jour*, 70 pages.\n",
        ),
    ];
    for (day, text) in days {
        write(v, &format!("Journal/{day}.md"), text);
    }
    process(v);
    let en = lead(v, "On which day did I run the farthest in April 2025?");
    assert!(en.contains("Apr 28") && en.contains("15.4"), "{en}");
    let fr = lead(v, "Quel jour ai-je couru le plus loin en mai 2025 ?");
    assert!(fr.contains("6 mai") && fr.contains("12,5"), "{fr}");
}

#[test]
fn times_in_hours_and_minutes_add_up_without_rounding_each() {
    let dir = offline_vault();
    let v = dir.path();
    // Six sessions of 1時間40分 are ten hours, not 10.02.
    let days: String = (1..=6)
        .map(|d| format!("### 3/{d}（月）\n- 数学 1時間40分\n\n"))
        .collect();
    write(v, "勉強記録.md", format!("## 2025年3月\n\n{days}"));
    let en: String = (1..=3)
        .map(|d| format!("## Apr {d}\n- guitar practice 1h 20m\n\n"))
        .collect();
    write(v, "Practice/2025.md", format!("# 2025\n\n{en}"));
    process(v);
    let ja = lead(v, "2025年3月、数学は合計何時間やった？");
    assert!(ja.contains("**10時間") || ja.contains("**10 "), "{ja}");
    let en = lead(v, "How many hours of guitar practice in April 2025?");
    assert!(
        en.contains("**4 h") || en.contains("**4 hours") || en.contains("**4**"),
        "{en}"
    );
}
