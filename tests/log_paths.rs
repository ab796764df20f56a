//! A log's figures are of the activity its path or its lines name (DESIGN §4.0: records
//! dated and named by the whole path): a ride log in a folder named for the bike writes
//! only distances, a diary of walks names the walk on most days, and cards counted as
//! sessions. Each vault here is written fresh, in two languages and two layouts.

mod support;

use support::*;

#[test]
fn a_folder_named_for_an_activity_makes_its_bare_figures_of_it() {
    let dir = offline_vault();
    let v = dir.path();
    // Heading path (`## 2024年5月` > `### 3日（金）`), a folder naming the bike, lines with
    // a figure and a place or nothing at all.
    write(
        v,
        "自転車/2024年の記録.md",
        "# 記録\n\n## 2024年5月\n\n### 3日（金）\n- 21.5km 通勤\n\n### 5日（日）\n- 40.2km\n\n\
         ### 9日（木）\n- 21.5km 通勤\n\n## 2024年6月\n\n### 1日（土）\n- 55.0km 海まで\n",
    );
    // Day headings in a note of a swimming folder, metres only.
    write(
        v,
        "Swimming/Pool.md",
        "# Pool\n\n## 2024-02-03\n- 1500 m\n\n## 2024-02-10\n- 1800 m\n- 30 min\n\n## 2024-03-02\n- 2000 m\n",
    );
    process(v);

    let may = lead(v, "2024年5月は自転車で合計何km走った？");
    assert!(may.contains("83.2"), "{may}");
    let feb = lead(v, "how many metres did I swim in February 2024?");
    assert!(feb.contains("3300"), "{feb}");
}

#[test]
fn a_log_that_names_its_activity_on_most_days_counts_the_other_days_too() {
    let dir = offline_vault();
    let v = dir.path();
    // One note per day, dated by its folders; the bike named on most days, not all.
    for (day, text) in [
        ("03", "Mit dem Rad zur Arbeit, 18 km."),
        ("05", "Zur Arbeit und zurück, 18 km."),
        ("08", "Rad: Runde um den See, 32 km."),
        ("12", "Radtour zum Kloster, 45 km."),
    ] {
        write(v, &format!("Log/2022/05/{day}.md"), text);
    }
    // A month a note (`Diario/2022/mayo.md`), days as headings; a walk called a hike once.
    write(
        v,
        "Diario/2022/mayo.md",
        "# Mayo\n\n## 2\nCaminé 6 km por el parque.\n\n## 9\nSubida al castillo, 4 km.\n\n\
         ## 16\nCaminé 7 km con Ana.\n\n## 23\nExcursión al embalse: 11 km.\n",
    );
    process(v);

    let rad = lead(v, "Wie viele Kilometer bin ich im Mai 2022 Rad gefahren?");
    assert!(rad.contains("113"), "{rad}");
    let walked = lead(v, "¿Cuántos kilómetros caminé en mayo de 2022?");
    assert!(walked.contains("28"), "{walked}");
}

#[test]
fn sessions_of_a_card_log_are_its_cards() {
    let dir = offline_vault();
    let v = dir.path();
    // Bold-key cards, two on one day under their own headings.
    write(
        v,
        "Carnet/2024-03-04.md",
        "## Matin\n\n**Distance :** 6 km\n**Durée :** 0:35:10\n\n## Soir\n\n**Distance :** 4 km\n**Durée :** 0:24:00\n",
    );
    write(
        v,
        "Carnet/2024-03-09.md",
        "**Distance :** 12 km\n**Durée :** 1:10:00\n",
    );
    // Plain cards in English, one a note.
    for day in ["2024-04-02", "2024-04-05", "2024-04-11"] {
        write(
            v,
            &format!("Training/{day}.md"),
            "Distance: 5 km\nTime: 0:28:00\nFeel: good\n",
        );
    }
    process(v);

    let mars = lead(v, "Combien de séances en mars 2024 ?");
    assert!(mars.contains('3'), "{mars}");
    let april = lead(v, "how many sessions did I log in April 2024?");
    assert!(april.contains('3'), "{april}");
}
