//! "Which month" over the person's rows: the months' totals of a field that adds up
//! (steps named by the walking verb), the months' counts of rows a value names, and of
//! the times with a person. Written fresh, three languages and layouts.

mod support;

use support::*;

#[test]
fn the_month_with_the_most_of_a_field_or_of_a_value_or_of_a_person() {
    let dir = offline_vault();
    let v = dir.path();
    // Spanish: a table a month, steps in dotted thousands, named by `caminé`.
    write(
        v,
        "Hábitos/2025-03 Marzo.md",
        "| Día | Pasos | Ánimo |\n|---|--:|---|\n\
         | 01/03 | 6.200 | 🙂 |\n| 02/03 | 11.050 | 🙁 |\n| 03/03 | 4.800 | 🙂 |\n",
    );
    write(
        v,
        "Hábitos/2025-04 Abril.md",
        "| Día | Pasos | Ánimo |\n|---|--:|---|\n\
         | 01/04 | 9.000 | 🙂 |\n| 02/04 | 12.400 | 🙁 |\n| 03/04 | 8.100 | 🙁 |\n",
    );
    process(v);
    let walked = lead(v, "¿En qué mes caminé más en 2025?");
    assert!(walked.contains("abril"), "{walked}");
    let sad = lead(v, "¿En qué mes estuve 🙁 más veces en 2025?");
    assert!(sad.contains("abril"), "{sad}");

    let dir = offline_vault();
    let v = dir.path();
    // Korean daily notes with front matter.
    for (day, steps) in [
        ("2025-05-01", 3000),
        ("2025-05-02", 4000),
        ("2025-06-01", 9000),
    ] {
        write(
            v,
            &format!("일기/{day}.md"),
            format!("---\n걸음: {steps}\n---\n\n산책함.\n"),
        );
    }
    process(v);
    let ko = lead(v, "2025년에 걸음이 가장 많았던 달은 몇 월?");
    assert!(ko.contains("6월"), "{ko}");

    let dir = offline_vault();
    let v = dir.path();
    // English month files of prose bullets under day headings.
    write(
        v,
        "Journal/2025-08.md",
        "## Aug 2\n- lunch with Nadia at the noodle bar\n\n## Aug 9\n- coffee with Nadia, £3\n\n\
         ## Aug 20\n- dinner with Omar\n",
    );
    write(
        v,
        "Journal/2025-09.md",
        "## Sep 3\n- met Nadia for a walk\n\n## Sep 5\n- long call with Omar\n",
    );
    process(v);
    let nadia = lead(v, "Which month did I see Nadia the most?");
    assert!(
        nadia.contains("August 2025") && nadia.contains("2 times"),
        "{nadia}"
    );
}
