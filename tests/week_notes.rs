//! Logs kept a note a week: the note's name or a heading names the week (`2025-S42.md`,
//! `Semaine du 29 septembre.md`, `## KW 41`), and the headings below write only their day
//! (`### Lun. 13`, `### Jeudi 2`, `### Mi 8`), a week that runs into the next month
//! included. A `Mar.` under a week is Tuesday, not March. Written fresh, two languages and
//! layouts.

mod support;

use support::*;

#[test]
fn days_under_a_week_are_dated_by_it() {
    let dir = offline_vault();
    let v = dir.path();
    // French: ISO week in the file name; `Mar. 14` is Tuesday the 14th.
    write(
        v,
        "Semaines/2025-S42.md",
        "# Semaine 42\n\n### Lun. 13\n- course 8 km\n\n### Mar. 14\n- course 6 km\n\n\
         ### Jeudi 16\nrepos\n\n## Bilan\nTotal : 2 courses (14 km).\n",
    );
    // French: the week named by its first day, running into October.
    write(
        v,
        "Semaines/Semaine du 29 septembre 2025.md",
        "### Lundi 29\n- course 5 km\n\n### Jeudi 2\n- course 10 km\n",
    );
    process(v);
    let october = lead(v, "Combien de km ai-je couru en octobre 2025 ?");
    assert!(october.contains("24"), "{october}");
    let september = lead(v, "Combien de km ai-je couru en septembre 2025 ?");
    assert!(september.contains("**5"), "{september}");

    let dir = offline_vault();
    let v = dir.path();
    // German: one note a year, a heading a week, days by weekday and number.
    write(
        v,
        "Training 2025.md",
        "## KW 41\n\n### Mi 8\n- Lauf 7 km\n\n### Sa 11\n- Lauf 12 km\n\n\
         ## KW 44\n\n### Fr 31\n- Lauf 9 km\n\n### So 2\n- Lauf 4 km\n",
    );
    process(v);
    let oktober = lead(v, "Wie viele km bin ich im Oktober 2025 gelaufen?");
    assert!(oktober.contains("28"), "{oktober}");
    let november = lead(v, "Wie viele km bin ich im November 2025 gelaufen?");
    assert!(november.contains("**4"), "{november}");
}
