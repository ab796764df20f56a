//! Which one most often, over events the log tells in sentences: the values of a field the
//! question names (a table of plants, counted in `watered the tomatoes` lines), the places
//! a sentence names after a word of place (`Lunch at Dosa Corner`, `Comí en El Rincón de
//! Jaén`); the first or last time an act was told of a value the table holds; a verb asked
//! in another form than the log's (`regado` of `regué`). Written fresh, in several
//! languages and layouts.

mod support;

use support::*;

#[test]
fn the_value_of_a_named_field_told_most_often_and_first() {
    let dir = offline_vault();
    let v = dir.path();
    // Spanish: a reference table of plants, a week's note of weekday lines.
    write(
        v,
        "Huerto/Plantas.md",
        "| Planta | Plantada |\n|---|---|\n| Tomates | 2026-03-18 |\n| Lechugas | 2026-03-07 |\n| Rosas | 2021-10-03 |\n",
    );
    write(
        v,
        "Huerto/2026-W23.md",
        "- lunes: regué los tomates\n- martes: regué las lechugas\n- miércoles: regué las lechugas\n- jueves: cosecha de lechugas (0,4 kg)\n- viernes: aboné las rosas\n",
    );
    write(
        v,
        "Huerto/2026-W24.md",
        "- lunes: regué las lechugas\n- jueves: cosecha de tomates (1,2 kg)\n- sábado: regué los tomates\n",
    );
    // English: the same kind of log as dated notes, a table of its own.
    write(
        v,
        "Garden/Beds.md",
        "| Plant | Sown |\n|---|---|\n| Beans | 2025-04-02 |\n| Peas | 2025-03-20 |\n",
    );
    write(v, "Garden/2025-06-01.md", "Watered the peas. Sunny.\n");
    write(v, "Garden/2025-06-03.md", "Watered the beans and weeded.\n");
    write(v, "Garden/2025-06-05.md", "Watered the beans again.\n");
    write(
        v,
        "Garden/2025-06-20.md",
        "Picked the first beans, a small bowl.\n",
    );
    process(v);

    let plant = lead(v, "¿Qué planta he regado más veces?");
    assert!(plant.starts_with("**Lechugas**"), "{plant}");
    assert!(
        plant.contains("Lechugas 3") && plant.contains("Tomates 2"),
        "{plant}"
    );
    let first = lead(v, "¿Cuándo fue la primera cosecha de tomates?");
    assert!(first.contains("2026-06-11"), "{first}");
    let roses = lead(v, "¿Cuándo he abonado las rosas por última vez?");
    assert!(roses.contains("2026-06-05"), "{roses}");
    let times = lead(v, "¿Cuántas veces he regado los tomates?");
    assert!(times.contains("**2"), "{times}");
    let beans = lead(v, "Which plant did I water most?");
    assert!(beans.starts_with("**Beans**"), "{beans}");
    let picked = lead(v, "When did I first pick the beans?");
    assert!(picked.contains("2025-06-20"), "{picked}");
}

#[test]
fn the_place_told_most_often_in_every_writing() {
    let dir = offline_vault();
    let v = dir.path();
    // English prose: lunches and dinners at places, one at home.
    write(
        v,
        "Journal/2026-03-02.md",
        "Lunch at Dosa Corner with Dev.\n",
    );
    write(v, "Journal/2026-03-04.md", "Grabbed lunch at Pho 88.\n");
    write(
        v,
        "Journal/2026-03-06.md",
        "Dinner at Dosa Corner.\nLong walk after.\n",
    );
    write(
        v,
        "Journal/2026-03-09.md",
        "Lunch at the Green Bowl with Sam.\n",
    );
    write(
        v,
        "Journal/2026-03-11.md",
        "Dinner at home.\nWorked out at Iron Gym.\n",
    );
    write(
        v,
        "Journal/2026-03-13.md",
        "Lunch at Dosa Corner, paneer again.\n",
    );
    // Spanish paragraphs.
    write(
        v,
        "Diario/2026-04-02.md",
        "Comí con Carlos en El Rincón de Jaén. Compra en Mercadona.\n",
    );
    write(v, "Diario/2026-04-05.md", "Cené con Marta en Casa Lola.\n");
    write(
        v,
        "Diario/2026-04-09.md",
        "Comí sola en El Rincón de Jaén, muy bien.\n",
    );
    process(v);

    let en = lead(v, "Where did I eat out most often in March 2026?");
    assert!(en.starts_with("**Dosa Corner**"), "{en}");
    assert!(
        en.contains("Dosa Corner 3") && !en.contains("Iron Gym"),
        "{en}"
    );
    let es = lead(v, "¿En qué restaurante comí más veces en abril de 2026?");
    assert!(es.starts_with("**El Rincón de Jaén**"), "{es}");
}
