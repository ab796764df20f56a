//! Every log is a table (DESIGN §4.0): cards of `key: value` lines, table rows and a note's
//! properties are records under the person's own field names, and a question that names
//! those fields or their values is answered by an operation over them. Each vault here is
//! written fresh, in two languages and two layouts per mechanism.

mod support;

use support::*;

#[test]
fn cards_are_records_under_the_persons_own_names() {
    let dir = offline_vault();
    let v = dir.path();
    // One card per note, English keys; the note's name dates it.
    for (day, km, hr, route) in [
        ("2022-04-02", "9.2 km", 141, "canal path"),
        ("2022-04-06", "12.0 km", 156, "canal path"),
        ("2022-04-09", "7.5 km", 149, "old quarry"),
        ("2022-04-13", "10.3 km", 152, "canal path"),
    ] {
        write(
            v,
            &format!("Sessions/{day}.md"),
            format!("# Outing\n\n- Distance: {km}\n- Time: 0:51:02\n- Avg HR: {hr}\n- Route: {route}\n\nFelt fine.\n"),
        );
    }
    // Full-width colons, two cards in one daily note (a card ends where a name comes back).
    write(
        v,
        "日記/2023-05-20.md",
        "朝と夕方。\n\n距離：6.4km\n平均心拍数：138\nコース：堤防\n距離：4.1km\n平均心拍数：162\nコース：裏山\n",
    );
    write(
        v,
        "日記/2023-05-24.md",
        "距離：8.0km\n平均心拍数：147\nコース：堤防\n",
    );
    process(v);

    let highest = lead(v, "when did I have my highest avg HR in 2022?");
    assert!(highest.contains("2022-04-06"), "{highest}");
    let canal = lead(v, "how far did I go on the canal path in total?");
    assert!(canal.contains("31.5"), "{canal}");
    let dyke = lead(v, "堤防コースを最後に走ったのはいつ？");
    assert!(dyke.contains("2023-05-24"), "{dyke}");
    // Two cards on one day are two records: the 162 of the evening is the month's highest.
    let best = lead(v, "2023年5月の平均心拍数の最高は？");
    assert!(best.contains("162"), "{best}");
    let time = lead(v, "what was my time on April 9, 2022?");
    assert!(time.contains("0:51:02"), "{time}");
}

#[test]
fn table_rows_are_records_and_a_reading_list_is_not_done() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Books.md",
        "# Books\n\n| Title | Author | Started | Finished |\n|---|---|---|---|\n\
         | Tideline | Mara Quist | 2021-01-03 | 2021-01-30 |\n\
         | Tideline Two | Mara Quist | 2021-02-02 | 2021-03-01 |\n\
         | Cold Orchards | Ben Aldous | 2021 | 2021 |\n\
         | The Lamp Room | Mara Quist | 2022-05-01 | 2022-06-11 |\n\n\
         ## Currently reading\n\n| Title | Author | Started |\n|---|---|---|\n\
         | Tideline Three | Mara Quist | 2022-07-01 |\n",
    );
    write(
        v,
        "Leituras.md",
        "## Lidos\n\n| Título | Autor | Início | Fim |\n|---|---|---|---|\n\
         | Areia | Rui Falcão | 2020-02-01 | 2020-02-20 |\n\
         | Areia Fina | Rui Falcão | 2020-03-01 | 2020-04-02 |\n\n\
         ## Lendo agora\n\n| Título | Autor | Início |\n|---|---|---|\n\
         | Areia Grossa | Rui Falcão | 2020-05-01 |\n",
    );
    process(v);

    let finished = lead(v, "how many books did I finish in 2021?");
    assert!(finished.contains("**3**"), "{finished}");
    let started = lead(v, "when did I start Tideline?");
    assert!(started.contains("2021-01-03"), "{started}");
    let by = lead(v, "how many books by Mara Quist have I read?");
    assert!(
        by.contains("**3**"),
        "the one being read is not read yet: {by}"
    );
    let last = lead(v, "Qual foi o último livro que terminei?");
    assert!(last.contains("Areia Fina"), "{last}");
    let year = lead(v, "which year did I finish the most books?");
    assert!(year.contains("2021"), "{year}");
}

#[test]
fn export_shows_every_record_with_the_persons_field_names() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Runs/2024-03-02.md",
        "**Distanz:** 8,4 km\n**Strecke:** Seerunde\n",
    );
    write(
        v,
        "Films.md",
        "| Vu le | Film |\n|---|---|\n| 2023-01-07 | Le Phare |\n\n## À voir\n\n| Vu le | Film |\n|---|---|\n| 2024-09-01 | Le Bal |\n",
    );
    process(v);
    let out = run(&[
        "--vault",
        v.to_str().unwrap(),
        "export",
        "--shape",
        "fields",
        "--format",
        "jsonl",
    ]);
    assert!(out.status.success(), "{out:?}");
    let rows: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let card = rows
        .iter()
        .find(|r| r["note"] == "Runs/2024-03-02.md")
        .expect("the card");
    assert_eq!(card["fields"]["Distanz"], "8,4 km");
    assert_eq!(card["fields"]["Strecke"], "Seerunde");
    assert_eq!(card["date"], "2024-03-02");
    let seen = rows
        .iter()
        .find(|r| r["fields"]["Film"] == "Le Phare")
        .expect("the film seen");
    assert_eq!(seen["date"], "2023-01-07");
    assert_eq!(seen["pending"], false);
    let to_see = rows
        .iter()
        .find(|r| r["fields"]["Film"] == "Le Bal")
        .expect("the film to see");
    assert_eq!(to_see["pending"], true);
}

#[test]
fn the_value_written_most_often_answers_what_most() {
    let dir = offline_vault();
    let v = dir.path();
    let dinners = [
        "bean stew",
        "noodles",
        "bean stew",
        "omelette",
        "bean stew",
        "noodles",
    ];
    for (i, dinner) in dinners.iter().enumerate() {
        write(
            v,
            &format!("Days/2023-03-{:02}.md", i + 1),
            format!("- Run: easy\n- Dinner: {dinner}\n"),
        );
    }
    for (i, dinner) in ["カレー", "うどん", "うどん", "うどん"].iter().enumerate() {
        write(
            v,
            &format!("日記/2023-06-{:02}.md", i + 10),
            format!("夕食：{dinner}\n"),
        );
    }
    process(v);
    let most = lead(v, "what did I eat most often for dinner in March 2023?");
    assert!(most.starts_with("**bean stew**"), "{most}");
    assert!(most.contains("3 of 6"), "{most}");
    let ja = lead(v, "2023年6月の夕食で一番多かったのは？");
    assert!(ja.contains("**うどん**"), "{ja}");
}

#[test]
fn a_question_naming_a_row_by_its_noun_gets_the_row_and_length_means_pages() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Leituras.md",
        "## 2024\n\n| Título | Autor | Fim | Páginas | Nota |\n|---|---|---|---|---|\n\
         | Vento Norte | Ana Brito | 12/02/2024 | 230 | 4 |\n\
         | Casa de Pedra | Rui Sol | 03/05/2024 | 410 | 4,5 |\n\
         | Maré Alta | Ana Brito | 20/09/2024 | 180 | 3,5 |\n\
         | Longe Demais | Rui Sol | — | 700 | — |\n",
    );
    write(
        v,
        "Books.md",
        "| Title | Finished | Pages | Rating |\n|---|---|---|---|\n\
         | Salt Roads | 2023-03-01 | 320 | 4 |\n\
         | Glass River | 2023-06-10 | 540 | 5 |\n\
         | Small Hours | 2023-11-02 | 210 | 3 |\n",
    );
    process(v);
    let best = lead(v, "Qual livro teve a nota mais alta em 2024?");
    assert!(best.contains("Casa de Pedra"), "{best}");
    let value = lead(v, "Qual foi a nota mais alta em 2024?");
    assert!(value.contains("4,5") || value.contains("4.5"), "{value}");
    // The longest finished: the abandoned one is longer and not finished.
    let longest = lead(v, "Qual foi o livro mais longo que terminei em 2024?");
    assert!(longest.contains("Casa de Pedra"), "{longest}");
    let en = lead(v, "Which book had the highest rating in 2023?");
    assert!(en.contains("Glass River"), "{en}");
    let en_long = lead(v, "What was the longest book I finished in 2023?");
    assert!(en_long.contains("Glass River"), "{en_long}");
}
