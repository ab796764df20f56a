//! Records dated inside their note: a month's file of run cards, each with its own date
//! key (`日付:`, `Date:`), and a week's note whose lines open with the day's name (`- lunes:`,
//! `- Tue:`); and an activity told inside a field of a day's card (`운동: 달리기 5.2km`).
//! Written fresh, several languages and layouts.

mod support;

use support::*;

#[test]
fn run_cards_in_a_months_file_are_dated_by_their_own_date_key() {
    let dir = offline_vault();
    let v = dir.path();
    let card = |date: &str, km: &str, course: &str| {
        format!("日付: {date}\n距離: {km}km\nタイム: 40:00\nコース: {course}\n\n---\n\n")
    };
    let june = [
        card("2026/06/03", "8.0", "川沿い"),
        card("2026/06/10", "12.5", "公園周回"),
        card("2026/06/17", "5.0", "公園周回"),
        card("2026/06/24", "10.0", "山道"),
    ]
    .concat();
    write(
        v,
        "ランニング/2026年6月.md",
        format!("# 2026年6月\n\n{june}月間目標: 100km\n"),
    );
    let july = [
        card("2026/07/01", "6.0", "公園周回"),
        card("2026/07/05", "21.1", "川沿い"),
    ]
    .concat();
    write(
        v,
        "ランニング/2026年7月.md",
        format!("# 2026年7月\n\n{july}月間目標: 120km\n"),
    );
    // English cards, bold keys, in one file of the year.
    write(
        v,
        "Runs/2025.md",
        "# 2025\n\n- **Date:** 3 May 2025\n- **Distance:** 7 km\n- **Route:** canal\n\n---\n\n\
         - **Date:** 9 May 2025\n- **Distance:** 9 km\n- **Route:** hills\n\n---\n\n\
         - **Date:** 21 May 2025\n- **Distance:** 6 km\n- **Route:** canal\n",
    );
    process(v);
    let total = lead(v, "2026年6月の総距離は？");
    assert!(
        total.contains("35.5"),
        "four cards, the goal left out: {total}"
    );
    let last = lead(v, "最後に走ったのはいつ？");
    assert!(
        last.contains("7月5日") || last.contains("2026-07-05"),
        "{last}"
    );
    let longest = lead(v, "一番長い距離を走ったのはいつ？");
    assert!(
        longest.contains("7月5日") || longest.contains("2026-07-05"),
        "{longest}"
    );
    let course = lead(v, "一番よく走ったコースはどこ？");
    assert!(course.contains("公園周回"), "{course}");
    let route = lead(v, "Which route did I run most often in May 2025?");
    assert!(route.contains("canal"), "{route}");
    let may = lead(v, "How many km did I run in May 2025?");
    assert!(may.contains("22"), "{may}");
}

#[test]
fn a_weeks_note_dates_its_lines_by_the_days_named() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Jardín/2026-W19.md",
        "# Semana 19\n\n- lunes: regué los tomates\n- miércoles: aboné las rosas\n- sábado: regué los tomates\n",
    );
    write(
        v,
        "Jardín/2026-W23.md",
        "# Semana 23\n\n- martes: regué los tomates\n- domingo: poda de rosas\n",
    );
    write(
        v,
        "Garden/2026-W20.md",
        "# Week 20\n\n- Mon: watered the beans\n- Thu: watered the beans\n- Sun: picked 2 kg of beans\n",
    );
    process(v);
    let may = lead(v, "¿Cuántas veces regué los tomates en mayo de 2026?");
    assert!(may.contains("**2"), "Monday 4 and Saturday 9 May: {may}");
    let last = lead(v, "¿Cuándo regué los tomates por última vez?");
    assert!(
        last.contains("2 jun") || last.contains("2 de junio") || last.contains("2026-06-02"),
        "{last}"
    );
    let beans = lead(v, "When did I last water the beans?");
    assert!(
        beans.contains("May 14") || beans.contains("2026-05-14"),
        "{beans}"
    );
}

#[test]
fn an_activity_told_inside_a_days_field_is_read() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, line) in [
        ("03", "운동: 달리기 5.2km"),
        ("05", "운동: 걷기 3.0km"),
        ("08", "운동: 달리기 7.4km"),
    ] {
        write(
            v,
            &format!("일기/2026/10/2026-10-{day}.md"),
            format!("# 2026-10-{day}\n\n{line}\n점심: 김치찌개\n기분: 4/5\n"),
        );
    }
    write(v, "Journal/2026-09-14.md", "Workout: ran 6.5 km\nMood: 3\n");
    process(v);
    let ko = lead(v, "2026년 10월에 달린 거리 다 합치면 몇 km야?");
    assert!(ko.contains("12.6"), "runs only, not the walk: {ko}");
    let en = lead(v, "How far did I run in September 2026?");
    assert!(en.contains("6.5"), "{en}");
}
