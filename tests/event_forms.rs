//! Events as people write them (DESIGN §4.0): who they were with, how often they went
//! somewhere, a field of yes and no, a two-column card table, a rank said by an adjective.
//! Written fresh, in several languages and layouts.

mod support;

use support::*;

#[test]
fn the_person_met_most_often_is_counted_from_the_sentences() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Journal 2025.md",
        "# Journal 2025\n\n\
         ## 2025-02-03 (Mon)\n\nLunch with Priya at the noodle bar.\n\n\
         ## 2025-02-05 (Wed)\n\nLunch with Omar and Priya, then a meeting.\n\n\
         ## 2025-02-07 (Fri)\n\nLunch at my desk.\n\n\
         ## 2025-02-10 (Mon)\n\nLunch with Priya again. Coffee with Omar later.\n\n\
         ## 2025-02-12 (Wed)\n\nLunch with Omar.\n",
    );
    write(
        v,
        "Diário.md",
        "# Diário\n\n\
         ## segunda-feira, 3 de março de 2025\n\nJantar com a Rita em casa dela.\n\n\
         ## quarta-feira, 5 de março de 2025\n\nJantar com o Hugo.\n\n\
         ## sexta-feira, 7 de março de 2025\n\nJantar com a Rita e o Hugo no centro.\n\n\
         ## sábado, 8 de março de 2025\n\nJantar com a Rita.\n",
    );
    write(
        v,
        "日记/2025年4月.md",
        "# 2025年4月\n\n## 4月2日\n\n和小周吃午饭。\n\n## 4月6日\n\n和老林吃午饭，聊工作。\n\n## 4月9日\n\n和小周、老林一起吃午饭。\n\n## 4月12日\n\n和小周吃午饭。\n",
    );
    process(v);

    let en = lead(v, "who did I have lunch with most often in February 2025?");
    assert!(en.contains("Priya") && en.contains('3'), "{en}");
    let pt = lead(v, "Com quem jantei mais vezes em março de 2025?");
    assert!(pt.contains("Rita"), "{pt}");
    let zh = lead(v, "2025年4月我和谁吃午饭最多？");
    assert!(zh.contains("小周"), "{zh}");
}

#[test]
fn outings_are_counted_by_the_question_s_own_words() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Diário 2025.md",
        "# Diário 2025\n\n\
         ## terça-feira, 6 de maio de 2025\n\nFui ao museu com a Rita.\n\n\
         ## quinta-feira, 8 de maio de 2025\n\nMuseu sozinho, a ala nova.\n\n\
         ## sábado, 10 de maio de 2025\n\nChuva, fiquei em casa.\n\n\
         ## domingo, 18 de maio de 2025\n\nOutra vez ao museu.\n",
    );
    write(
        v,
        "日记/2025年6月.md",
        "# 2025年6月\n\n## 6月1日\n\n去看展览，人很多。\n\n## 6月3日\n\n在家休息。\n\n## 6月8日\n\n和阿杰看展览。\n\n## 6月15日\n\n又去看了展览。\n\n## 6月20日\n\n看展览，拍了照片。\n",
    );
    process(v);

    let pt = lead(v, "Quantas vezes fui ao museu em maio de 2025?");
    assert!(pt.contains("**3"), "{pt}");
    let zh = lead(v, "2025年6月我看了几次展览？");
    assert!(zh.contains("**4"), "{zh}");
}

#[test]
fn a_field_of_yes_and_no_counts_the_days_it_says_yes() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [true, false, true, true, false, true, false];
    for (i, yes) in days.iter().enumerate() {
        write(
            v,
            &format!("Daily/2025-08-0{}.md", i + 1),
            format!(
                "---\nstretched: {yes}\nsteps: {}\n---\n\nA day.\n",
                6000 + i * 500
            ),
        );
        write(
            v,
            &format!("일기/2025-09-0{}.md", i + 1),
            format!("---\n독서: {yes}\n---\n\n하루.\n"),
        );
    }
    process(v);

    let en = lead(v, "how many days did I stretch in August 2025?");
    assert!(en.contains("**4"), "{en}");
    let ko = lead(v, "2025년 9월에 독서 몇 번 했어?");
    assert!(ko.contains('4'), "{ko}");
}

#[test]
fn a_two_column_table_is_one_card_and_units_name_its_field() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, pool, metres) in [
        ("2025-10-02", "Eastside", 1600),
        ("2025-10-06", "Lakeview", 2100),
        ("2025-10-09", "Eastside", 1800),
    ] {
        write(
            v,
            &format!("Swims/{day}.md"),
            format!(
                "# Swim\n\n| Field | Value |\n|---|---|\n| Pool | {pool} |\n| Distance | {metres} m |\n\nEasy lengths.\n"
            ),
        );
    }
    for (day, route, km) in [
        ("2025-11-03", "Ufer", "21,5"),
        ("2025-11-08", "Wald", "34,0"),
    ] {
        write(
            v,
            &format!("Radtouren/{day}.md"),
            format!("# Tour\n\n| Feld | Wert |\n|---|---|\n| Strecke | {route} |\n| Distanz | {km} km |\n"),
        );
    }
    process(v);

    let en = lead(v, "how many metres did I swim in October 2025?");
    assert!(en.contains("5500"), "{en}");
    let last = lead(v, "when did I last swim at Eastside?");
    assert!(
        last.contains("2025-10-09") || last.contains("Oct 9"),
        "{last}"
    );
    let de = lead(v, "Wann bin ich zuletzt die Strecke Wald gefahren?");
    assert!(de.contains("2025-11-08") || de.contains("8. Nov"), "{de}");
}

#[test]
fn a_rank_said_by_an_adjective_is_a_least_or_a_most() {
    let dir = offline_vault();
    let v = dir.path();
    for (d, kg) in [(3, "71.8"), (9, "70.9"), (15, "71.2"), (21, "71.5")] {
        write(
            v,
            &format!("日記/2025-05-{d:02}.md"),
            format!("体重 {kg}kg\n"),
        );
    }
    for (d, m) in [(4, 420), (11, 980), (18, 610)] {
        write(
            v,
            &format!("Uscite/2025-06-{d:02}.md"),
            format!("distanza: 30 km\ndislivello: {m} m\npercorso: lago\n"),
        );
    }
    process(v);

    let ja = lead(v, "2025年5月で一番体重が軽かったのはいつ？");
    assert!(ja.contains("5月9日"), "{ja}");
    let it = lead(v, "In quale uscita ho fatto più dislivello?");
    assert!(it.contains("980"), "{it}");
}
