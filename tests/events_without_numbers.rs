//! Events with no number: who they were with, met or reached (`Met Priya for lunch`,
//! `called mum`, `Maman m'a appelé`, `母に電話`), titles a sentence says were finished
//! (`Done with *Stoner*`, `Terminé *X* !`, `『キッチン』読了`), and places gone to (`Flew to
//! Copenhagen`, `Parti à Marseille`, `飛行機で札幌へ`). Written fresh, in several languages
//! and layouts.

mod support;

use support::*;

#[test]
fn people_met_or_called_are_counted_in_every_writing() {
    let dir = offline_vault();
    let v = dir.path();
    // English prose bullets: three lunches with Priya in three writings, one dinner.
    write(
        v,
        "Daily/2025-05-02.md",
        "- Met Priya for lunch at Sushi Zen, katsu curry.\n",
    );
    write(
        v,
        "Daily/2025-05-09.md",
        "- Lunch with Priya and Tom at the noodle bar.\n",
    );
    write(
        v,
        "Daily/2025-05-16.md",
        "- Grabbed lunch w/ Priya near the office.\n",
    );
    write(
        v,
        "Daily/2025-05-20.md",
        "- Dinner with Priya at home.\n- called mum about the move\n",
    );
    write(
        v,
        "Daily/2025-05-22.md",
        "- Mum rang about the garden.\n- Phoned Dad, all fine.\n",
    );
    write(v, "Daily/2025-05-25.md", "- Quick call with Mum.\n");
    // French paragraphs, a month later.
    write(
        v,
        "Journal/2025-06-03.md",
        "Appelé Maman. Déjeuner avec Camille au Comptoir.\n",
    );
    write(
        v,
        "Journal/2025-06-10.md",
        "Coup de fil à Papa. Midi avec Camille à la crêperie.\n",
    );
    write(
        v,
        "Journal/2025-06-12.md",
        "Maman m'a appelé pour parler du mariage.\n",
    );
    // Japanese bullets, a month later.
    write(
        v,
        "日記/2025-07-01.md",
        "- 母に電話\n- さくらとランチ、うどん\n",
    );
    write(
        v,
        "日記/2025-07-08.md",
        "- 母から電話があった（引っ越しの話）\n- 兄に電話\n",
    );
    write(v, "日記/2025-07-15.md", "- 昼はさくらとカレー屋\n");
    process(v);

    let lunches = lead(v, "How many times did I have lunch with Priya in May 2025?");
    assert!(lunches.contains("**3 times**"), "{lunches}");
    let called = lead(v, "Who did I call most often in May 2025?");
    assert!(
        called.starts_with("**Mum**") && called.contains("Mum 3"),
        "{called}"
    );
    let fr = lead(
        v,
        "Combien de fois ai-je déjeuné avec Camille en juin 2025 ?",
    );
    assert!(fr.contains("**2 fois**"), "{fr}");
    let fr_calls = lead(v, "Qui ai-je appelé le plus souvent en juin 2025 ?");
    assert!(fr_calls.starts_with("**Maman**"), "{fr_calls}");
    let ja = lead(v, "2025年7月に一番よく電話した相手は誰？");
    assert!(ja.starts_with("**母**"), "{ja}");
    let ja_lunch = lead(v, "2025年7月にさくらとランチしたのは何回？");
    assert!(ja_lunch.contains("**2回**"), "{ja_lunch}");
    // What was eaten with someone: the meal with them, not the day's other lines.
    let with_tom = lead(v, "What did I eat with Tom on May 9, 2025?");
    assert!(
        with_tom.starts_with("**Lunch with Priya and Tom"),
        "{with_tom}"
    );
    let ja_food = lead(v, "2025年7月1日にさくらと何を食べた？");
    assert!(ja_food.contains("うどん"), "{ja_food}");
}

#[test]
fn titles_said_finished_answer_which_and_when() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, "Daily/2025-04-03.md", "- Read 40 pages of *Stoner*.\n");
    write(
        v,
        "Daily/2025-04-14.md",
        "- Done with *Stoner*, mixed feelings.\n",
    );
    write(
        v,
        "Daily/2025-05-02.md",
        "- finished The Name of the Wind\n",
    );
    write(
        v,
        "Journal/2025-03-21.md",
        "Terminé *Vernon Subutex* ! Très bien.\n",
    );
    write(v, "日記/2025-06-09.md", "- 『キッチン』読了！\n");
    process(v);

    let which = lead(v, "Which book did I finish in April 2025?");
    assert!(which.starts_with("**Stoner**"), "{which}");
    let when = lead(v, "When did I finish The Name of the Wind?");
    assert!(when.starts_with("**2025-05-02"), "{when}");
    let fr = lead(v, "Quel livre ai-je terminé en mars 2025 ?");
    assert!(fr.starts_with("**Vernon Subutex**"), "{fr}");
    let ja = lead(v, "2025年6月に読み終えた本は？");
    assert!(ja.contains("読み終えたのは**キッチン**"), "{ja}");
}

#[test]
fn places_gone_to_are_named_by_the_days_that_name_them() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Daily/2025-07-10.md",
        "## Evening\n- Flew to Copenhagen after work.\n",
    );
    write(
        v,
        "Daily/2025-07-11.md",
        "- Whole day wandering Copenhagen, great bakeries.\n",
    );
    write(v, "Daily/2025-07-12.md", "- Copenhagen: canal tour.\n");
    write(
        v,
        "Daily/2025-07-20.md",
        "- Went to Leeds for a wedding.\n- Went to bed early.\n",
    );
    write(
        v,
        "Journal/2025-04-12.md",
        "Parti à Marseille en train pour le week-end.\n",
    );
    write(
        v,
        "Journal/2025-04-13.md",
        "Journée à Marseille, le Vieux-Port.\n",
    );
    write(v, "日記/2025-08-01.md", "- 飛行機で札幌へ！\n");
    write(v, "日記/2025-08-02.md", "- 札幌：大通公園を散策。\n");
    process(v);

    let en = lead(v, "Where did I travel in July 2025?");
    assert!(en.starts_with("**Copenhagen**"), "{en}");
    let fr = lead(v, "Où suis-je parti en avril 2025 ?");
    assert!(fr.starts_with("**Marseille**"), "{fr}");
    let ja = lead(v, "2025年8月にどこへ旅行した？");
    assert!(ja.contains("**札幌**"), "{ja}");
}

#[test]
fn a_companion_known_from_elsewhere_counts_where_no_companion_word_names_them() {
    let dir = offline_vault();
    let v = dir.path();
    let en = [
        ("2024-10-02", "- dinner w/ Lena @ Dishoom\n"),
        ("2024-10-05", "- dinner: Lena, Pho 88, pho\n"),
        ("2024-10-09", "- cooked pasta for Lena (dinner)\n"),
        (
            "2024-10-12",
            "- dinner: leftover curry\n- Lena's sister rang\n",
        ),
    ];
    let fr = [
        ("2024-11-03", "- Dîner avec Camille au bistrot.\n"),
        (
            "2024-11-06",
            "- Dîner : Camille, une pizzeria, une margherita.\n",
        ),
        ("2024-11-10", "- Déjeuner seul au bureau.\n"),
        ("2024-11-14", "- Cuisiné un risotto pour Camille (dîner).\n"),
    ];
    for (day, text) in en {
        write(v, &format!("Daily/{day}.md"), text);
    }
    for (day, text) in fr {
        write(v, &format!("Journal/{day}.md"), text);
    }
    process(v);
    let en = lead(
        v,
        "How many times did I have dinner with Lena in October 2024?",
    );
    assert!(en.contains("**3 times**"), "{en}");
    let fr = lead(
        v,
        "Combien de fois ai-je dîné avec Camille en novembre 2024 ?",
    );
    assert!(fr.contains("**3 fois**"), "{fr}");
}

#[test]
fn times_a_value_was_told_count_rows_prose_and_words_glued_to_ideographs() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, "Daily/2025-03-03.md", "Lunch: ramen\nDinner: salad\n");
    write(v, "Daily/2025-03-05.md", "Lunch: ramen\nDinner: soup\n");
    write(
        v,
        "Daily/2025-03-08.md",
        "- Had ramen with a friend downtown.\n",
    );
    write(v, "Daily/2025-03-11.md", "- 昼はramen、夜はカレー。\n");
    write(v, "Daily/2025-03-12.md", "- No ramen today, only rice.\n");
    process(v);
    let lead = lead(v, "How many times did I have ramen in March 2025?");
    assert!(lead.contains("**4"), "{lead}");
}

#[test]
fn how_many_times_counts_each_item_of_a_list_and_each_day_of_prose() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "记账/2026-06.md",
        "# 2026年6月\n\n## 6月3日\n- 地铁 4元\n- 午饭 35元\n- 地铁 4元\n\n## 6月9日\n- 地铁 5元\n\n## 6月12日\n今天坐地铁去看展。\n",
    );
    process(v);
    let zh = lead(v, "2026年6月坐了几次地铁？");
    assert!(zh.contains("**4次**") && zh.contains("3天"), "{zh}");
}
