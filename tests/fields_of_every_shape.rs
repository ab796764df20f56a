//! Logs kept as fields of many shapes: habit tables of ticks and dashes, inline fields in
//! brackets, one note per film dated by its own key, emoji trackers, a runner's card with
//! prose beside it, and the questions people ask of them. Written fresh, several languages.

mod support;

use support::*;

const HABITS: &str =
    "# Mai 2025\n\n| Jour | Sport | Méditation | Lecture | Notes |\n|---|---|---|---|---|\n\
| 1 | ✓ | ✓ | ✗ | |\n\
| 2 | - | ✅ | ✓ | rhume |\n\
| 3 | ✗ | ✓ | ✓ | |\n\
| 4 | ❌ | ✓ | - | |\n\
| 5 | ✓ | ✗ | ✓ | |\n\
| 6 | - | ✓ | ✓ | |\n";

#[test]
fn a_habit_table_counts_ticks_and_names_the_habit_missed_most() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, "Habitudes/2025/05 - Mai.md", HABITS);
    write(
        v,
        "Habitudes/2025/04 - Avril.md",
        // Four days of April, the column misspelt: the name written right more often wins.
        HABITS
            .replace("Mai", "Avril")
            .replace("Méditation", "Méditaiton")
            .lines()
            .take(8)
            .collect::<Vec<_>>()
            .join("\n"),
    );
    process(v);
    let sport = lead(v, "Combien de jours ai-je fait du sport en mai 2025 ?");
    assert!(sport.contains("**2"), "a dash is a day not done: {sport}");
    let missed = lead(
        v,
        "Quelle habitude ai-je le plus souvent ratée en mai 2025 ?",
    );
    assert!(missed.contains("**Sport**"), "{missed}");
    let streak = lead(v, "Combien de jours d'affilée ai-je médité au maximum ?");
    assert!(streak.contains("**4"), "2 to 4 May... : {streak}");
    let meditated = lead(v, "Combien de fois ai-je médité en 2025 ?");
    assert!(
        meditated.contains("**9"),
        "the misspelt column of April is the same habit: {meditated}"
    );
}

#[test]
fn inline_fields_in_brackets_are_expenses_by_category() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Diario/2025-01-14.md",
        "- Esselunga [spesa:: 42,80] [categoria:: cibo]\n- taxi [spesa:: 26,90] [categoria:: trasporti]\n- [ ] regalo per Marco [spesa:: 30]\n",
    );
    write(
        v,
        "Diario/2025-01-20.md",
        "- [[ATM]] abbonamento [spesa:: 39,00] [categoria:: trasporti]\n",
    );
    process(v);
    let transport = lead(v, "Quanto ho speso per i trasporti a gennaio 2025?");
    assert!(transport.contains("65,9"), "{transport}");
    let day = lead(v, "Quanto ho speso il 14 gennaio 2025?");
    assert!(day.contains("69,7"), "the open to-do is not spent: {day}");
}

#[test]
fn film_notes_are_dated_by_their_own_date_key() {
    let dir = offline_vault();
    let v = dir.path();
    let film = |title: &str, key: &str, date: &str, rating: &str| {
        format!("---\ntítulo: \"{title}\"\n{key}: {date}\nnota: {rating}\ngénero: drama\n---\n# {title}\n")
    };
    write(
        v,
        "Películas/Flow.md",
        film("Flow", "vista", "29/12/2024", "9/10"),
    );
    write(
        v,
        "Películas/Nadie.md",
        film("Nadie", "vista", "11/12/2024", "7/10"),
    );
    write(
        v,
        "Películas/Anora.md",
        film("Anora", "fecha_vista", "2024-12-22", "8/10"),
    );
    write(
        v,
        "Películas/Dune.md",
        film("Dune", "vista", "19/04/2024", "6/10"),
    );
    process(v);
    let december = lead(v, "¿Cuántas películas vi en diciembre de 2024?");
    assert!(december.contains("**3**"), "{december}");
}

#[test]
fn emoji_trackers_and_thousands_are_steps() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, steps) in [
        ("01", "12,034"),
        ("02", "8.9k"),
        ("03", "10,450"),
        ("04", "9,812"),
    ] {
        write(
            v,
            &format!("Daily/2025-03-{day}.md"),
            format!("# Day\n\n👟 {steps}\n\nQuiet day.\n"),
        );
    }
    write(
        v,
        "Daily/2025-03-05.md",
        "- Weight: 81.7 kg Walked round the reservoir with Sam.\n",
    );
    process(v);
    let mean = lead(v, "What were my average daily steps in March 2025?");
    assert!(mean.contains("10299"), "8.9k is 8,900: {mean}");
    let weight = lead(v, "How much did I weigh on 5 March 2025?");
    assert!(weight.contains("81.7"), "{weight}");
}

#[test]
fn a_runners_card_holds_its_run_and_the_prose_beside_it_is_part_of_it() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "跑步日记/2025.md",
        "## 2025年4月\n\n### 5号\n距离：21.4km\n用时：2:08:10\nLSD，后面10公里很难受。\n\n### 7号\n距离：10.2km\n用时：52:52\n节奏跑，中间5公里按4分50配速。\n",
    );
    process(v);
    let april = lead(v, "2025年4月跑了多少公里？");
    assert!(april.contains("31.6"), "{april}");
}

#[test]
fn the_exercise_done_most_and_a_lift_named_by_its_value() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Training/2025-03 März.md",
        "## Mo 3.3.\n- Kreuzheben 3x5 @ 130kg\n- Klimmzüge 3x8\n\n## Mi 5.3.\n- Kniebeuge 5x5 @ 100kg\n- Klimmzüge 3x8\n\n## Fr 7.3.\n- Kreuzheben 3x5 @ 140kg\n- Klimmzüge 3x6\n\n## Mo 10.3.\n- Kreuzheben 5x3 @ 135kg\n",
    );
    process(v);
    let most = lead(v, "Welche Übung habe ich am häufigsten gemacht?");
    assert!(most.contains("3"), "{most}");
    assert!(
        most.to_lowercase().contains("klimmz") || most.contains("pull-up"),
        "{most}"
    );
    let heaviest = lead(
        v,
        "Wann habe ich beim Kreuzheben das meiste Gewicht bewegt?",
    );
    assert!(heaviest.contains("7. März"), "{heaviest}");
}

#[test]
fn a_mean_is_told_to_the_places_of_its_values_whole_numbers_to_a_tenth() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Log 2024.md",
        "| Date | Weight (kg) | Steps |\n|---|---|---|\n\
| 2024-10-01 | 78.8 | 11,142 |\n\
| 2024-10-02 | 78.6 | 5,971 |\n\
| 2024-10-03 | 78.1 | 7,455 |\n\
| 2024-10-04 | 78.2 | 9,637 |\n",
    );
    for (day, kg) in [("03", "78,4"), ("04", "78,6"), ("05", "78,1")] {
        write(
            v,
            &format!("Tagebuch/2024-11-{day}.md"),
            format!("Gewicht: {kg}\nSchritte: 6000\n\nRuhiger Tag.\n"),
        );
    }
    process(v);
    let steps = lead(v, "What were my average daily steps in October 2024?");
    assert!(steps.contains("8551.3"), "whole steps, a tenth: {steps}");
    let weight = lead(v, "What was my average weight in October 2024?");
    assert!(
        weight.contains("78.4") && !weight.contains("78.43"),
        "tenths: {weight}"
    );
    let weight = lead(v, "Wie viel habe ich im November 2024 im Schnitt gewogen?");
    assert!(
        weight.contains("78,4") && !weight.contains("78,37"),
        "tenths: {weight}"
    );
}

#[test]
fn a_thing_and_its_time_is_one_field_with_or_without_its_colon() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Estudos.md",
        "# Estudos\n\n## 2026\n\n### 02/03\n- Inglês: 1h 30min\n- Espanhol 45 min\n\n\
         ### 07/03\n- Inglês 1h30 (Duolingo + série)\n\n### 18/03\n- Inglês 20 min\n- Violão: 40 min\n\n\
         ### 02/04\n- Inglês 50 min\n",
    );
    process(v);
    let march = lead(v, "Quantos minutos de inglês eu estudei em março de 2026?");
    assert!(
        march.contains("3h 20") || march.contains("200"),
        "three forms, one field: {march}"
    );
}
