//! Habit trackers kept as a table a month: the day column dates the rows and is no
//! measure, its days are read in one order for the whole table (`01/10` beside `14/10`),
//! a column of ticks and crosses counts the days ticked, and a header that writes its
//! unit in brackets (`Lectura (pág.)`, `Reading [pages]`) is named by that unit. Written
//! fresh, two languages and layouts.

mod support;

use support::*;

#[test]
fn a_month_table_counts_ticked_days_and_its_day_column_is_no_measure() {
    let dir = offline_vault();
    let v = dir.path();
    // Spanish: one note a month named by it, days written `DD/MM`, ticks with notes.
    write(
        v,
        "Hábitos/2025-03 Marzo.md",
        "# Marzo 2025\n\n## Objetivos\n- [ ] 20 días de yoga\n\n\
         | Día | Yoga | Pasos | Lectura (pág.) |\n|---|:-:|--:|--:|\n\
         | 01/03 | ✅ | 6.200 | 12 |\n| 02/03 | ❌ | 11.050 | 30 |\n\
         | 03/03 | ✅ 15' | 4800 | - |\n| 04/03 |  | 7.400 | 8 |\n\
         | 13/03 | ✅ | 9.100 | 20 |\n",
    );
    // English: under a month heading, bare day numbers.
    write(
        v,
        "Trackers/habits 2025.md",
        "# 2025\n\n## April\n\n| Day | Stretch | Steps | Reading [pages] |\n|---|---|---|---|\n\
         | 1 | ✔ | 5,100 | 10 |\n| 2 | ✗ | 12,400 | 25 |\n| 3 | ✔ | 8,000 | 5 |\n| 4 | ✔ | 3,900 | |\n",
    );
    process(v);
    let yoga = lead(v, "¿Cuántos días hice yoga en marzo de 2025?");
    assert!(yoga.contains("**3**"), "{yoga}");
    let steps = lead(v, "¿Qué día di más pasos en marzo de 2025?");
    assert!(
        steps.contains("2 de marzo") || steps.contains("2025-03-02"),
        "{steps}"
    );
    let pages = lead(v, "¿Cuántas páginas leí en marzo de 2025?");
    assert!(pages.contains("70"), "{pages}");
    let stretch = lead(v, "How many days did I stretch in April 2025?");
    assert!(stretch.contains("**3"), "{stretch}");
    let best = lead(v, "Which day did I take the most steps in April 2025?");
    assert!(
        best.contains("Apr 2") || best.contains("2025-04-02"),
        "{best}"
    );
    let read = lead(v, "How many pages did I read in April 2025?");
    assert!(read.contains("40"), "{read}");
}

#[test]
fn a_value_of_marks_alone_is_named_by_the_mark() {
    let dir = offline_vault();
    let v = dir.path();
    // Korean daily notes: an emoji mood for a while, then numbers.
    for (day, mood) in [
        ("01", "😊"),
        ("02", "😐"),
        ("03", "😊"),
        ("04", "4"),
        ("05", "5"),
    ] {
        write(
            v,
            &format!("일기/2025-06-{day}.md"),
            format!("---\n기분: {mood}\n걸음: 8000\n---\n\n산책함.\n"),
        );
    }
    // English cards in one note a day.
    for (day, mood) in [("10", "🙂"), ("11", "🙁"), ("12", "🙂"), ("13", "🙂")] {
        write(
            v,
            &format!("Journal/2025-07-{day}.md"),
            format!("Mood: {mood}\nSleep: 7h\n"),
        );
    }
    process(v);
    let ko = lead(v, "6월에 기분이 😊였던 날은 며칠?");
    assert!(ko.contains("**2"), "{ko}");
    let en = lead(v, "How many days was my mood 🙂 in July 2025?");
    assert!(en.contains("**3"), "{en}");
}
