//! Fields as people rename and write them: a key that ends in its unit (`sleep_hrs`,
//! `run_km`) is the field before it, renamed or not; a tracker's run emoji with a distance
//! is a run (`🏃: 3.8`, none at `0`); a mark out of a scale is the mark (`7/10`); a
//! reading log's days without a year (`1/10` under `Finished`, `読了`) are of the note's
//! year (`Books/2025.md`, `読書記録/2025年.md`). Written fresh, in several languages and
//! layouts.

mod support;

use support::*;

#[test]
fn renamed_keys_with_units_and_emoji_runs_are_one_field() {
    let dir = offline_vault();
    let v = dir.path();
    // English front matter: `sleep` then `sleep_hrs`, `run_km` then `🏃`.
    for (day, sleep, run) in [("01", 7.0, 5.0), ("02", 6.0, 0.0), ("03", 8.0, 4.5)] {
        write(
            v,
            &format!("journal/2026-09-{day}.md"),
            format!("---\nmood: 6\nsleep: {sleep}\nrun_km: {run}\n---\nA day.\n"),
        );
    }
    for (day, sleep, run) in [("20", 5.5, 6.0), ("21", 7.5, 0.0), ("22", 9.0, 3.5)] {
        write(
            v,
            &format!("journal/2026-09-{day}.md"),
            format!("---\nmood: 7/10\nsleep_hrs: {sleep}\n🏃: {run}\n---\nA day.\n"),
        );
    }
    // German cards: `schlaf_h` is the same field as `Schlaf`.
    write(v, "Tagebuch/2026-10-01.md", "Schlaf: 7\nStimmung: 6\n");
    write(v, "Tagebuch/2026-10-02.md", "schlaf_h: 8\nStimmung: 8\n");
    process(v);

    let least = lead(v, "Which day in September 2026 did I sleep the least?");
    assert!(least.contains("2026-09-20"), "{least}");
    let mean = lead(v, "What was my average sleep in September 2026?");
    assert!(mean.contains("**7.2"), "{mean}");
    let days = lead(v, "How many days did I run in September 2026?");
    assert!(days.contains("**4"), "{days}");
    let km = lead(v, "How many km did I run in September 2026?");
    assert!(km.contains("19"), "{km}");
    let mood = lead(v, "What was my highest mood in September 2026?");
    assert!(mood.contains("**7"), "{mood}");
    let schlaf = lead(
        v,
        "Wie viel habe ich im Oktober 2026 im Schnitt geschlafen?",
    );
    assert!(schlaf.contains("7,5"), "{schlaf}");
}

#[test]
fn a_reading_logs_days_without_a_year_are_of_its_notes_year() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Books/2025.md",
        "# Books 2025\n\n| Title | Author | Started | Finished | Pages |\n|---|---|---|---|---|\n| Dune | Frank Herbert | 1/3 | 1/10 | 600 |\n| Emma | Jane Austen | 1/11 | 1/19 | 400 |\n| Persuasion | Jane Austen | 1/21 | 2/19 | 300 |\n| Ulysses | James Joyce | 3/1 | - | 900 |\n",
    );
    write(
        v,
        "読書記録/2026年.md",
        "| タイトル | 著者 | 読み始め | 読了 | ページ |\n|---|---|---|---|---|\n| 火車 | 宮部みゆき | 5/16 | 5/27 | 512 |\n| 理由 | 宮部みゆき | 6/17 | ６/２３ | 264 |\n| 白夜行 | 東野圭吾 | 7/1 | 7/20 | 860 |\n",
    );
    process(v);

    let finished = lead(v, "How many books did I finish in 2025?");
    assert!(finished.contains("**3**"), "{finished}");
    let longest = lead(v, "Which was the longest book I finished?");
    assert!(
        longest.contains("白夜行") || longest.contains("Dune"),
        "{longest}"
    );
    let when = lead(v, "When did I finish Persuasion?");
    assert!(when.contains("2025-02-19"), "{when}");
    let ja = lead(v, "2026年に何冊読み終えた？");
    assert!(ja.contains("**3**"), "{ja}");
    let author = lead(v, "一番たくさん読んだ作家は誰？");
    assert!(author.contains("宮部みゆき"), "{author}");
}
