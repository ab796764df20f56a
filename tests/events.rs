//! Events with no number (DESIGN §4.0): a line that says an activity was done is a record
//! of it on that day, so "how often", "when last" and "which activity most" are answered
//! from the days whose entries name it. Written fresh, in three languages and three layouts
//! (a note per day, one note of dated sections, a note per day named by its date).

mod support;

use support::*;

#[test]
fn days_naming_an_activity_are_counted_and_the_most_done_is_named() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Journal"}"#);
    let days = [
        ("2023-05-02", "Went bouldering with Kit after work."),
        ("2023-05-04", "Swim at the lido, cold water."),
        ("2023-05-06", "Climbing again, the orange route finally."),
        ("2023-05-09", "Quiet day. Read on the balcony."),
        ("2023-05-11", "Climbing with Kit and Noor."),
        ("2023-05-15", "Went climbing, short session."),
        ("2023-05-20", "Swim in the lake with Noor."),
    ];
    for (day, line) in days {
        write(v, &format!("Journal/{day}.md"), format!("{line}\n"));
    }
    write(
        v,
        "Tagebuch 2022.md",
        "# Herbst\n\n## 2022-10-03\nHeute Yoga gemacht.\n\n## 2022-10-05\nMit Jonas gekocht.\n\n## 2022-10-08\nYoga im Park.\n\n## 2022-10-12\nMorgens Yoga, dann Arbeit.\n",
    );
    for (day, line) in [
        ("2024-03-02", "수영 다녀옴."),
        ("2024-03-05", "등산 갔다 옴."),
        ("2024-03-09", "수영장 다녀옴."),
        ("2024-03-16", "수영 다녀옴, 사람 많았음."),
    ] {
        write(v, &format!("일기/{day}.md"), format!("{line}\n"));
    }
    // A stroke names a swim, and so does the folder.
    write(v, "Schwimmen/2022-11-02.md", "1500 m Kraul, ruhig.\n");
    write(v, "Schwimmen/2022-11-09.md", "Nur Technik heute.\n");
    process(v);

    let pool = lead(v, "Wie oft war ich im November 2022 schwimmen?");
    assert!(pool.contains("**2 Tage**"), "{pool}");
    let climbing = lead(v, "how many times did I go climbing in May 2023?");
    assert!(
        climbing.contains("**4 days**"),
        "bouldering is climbing: {climbing}"
    );
    let most = lead(v, "which activity did I do most in May 2023?");
    assert!(most.contains("climbing"), "{most}");
    let yoga = lead(v, "Wie oft habe ich im Oktober 2022 Yoga gemacht?");
    assert!(yoga.contains("**3 Tage**"), "{yoga}");
    let swim = lead(v, "2024년 3월에 가장 많이 한 운동은 뭐야?");
    assert!(swim.contains("수영"), "{swim}");
    // The last swim is the Korean note's: one activity in every language.
    let last = lead(v, "when did I last go swimming?");
    assert!(last.contains("2024-03-16"), "{last}");
    let before = lead(v, "when did I last go swimming in 2023?");
    assert!(before.contains("2023-05-20"), "{before}");
}
