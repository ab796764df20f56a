//! Questions a person asks of logs kept their own way: a name that is one word of a table's
//! values (`books by Simenon`), scores out of a scale beside stars, a row not finished yet,
//! what, where or who of one day, hours between clock times on to-do lines, and a questions
//! note dated by its first line. Written fresh, several languages and layouts.

mod support;

use support::*;

const BOOKS: &str = "# Books\n\n| Title | Author | Started | Finished | Pages | Rating |\n\
|---|---|---|---|---|---|\n\
| Maigret and the Yellow Dog | Georges Simenon | 2025-01-02 | 2025-01-12 | 160 | 4/5 |\n\
| The Hobbit | J. R. R. Tolkien | 2025-01-20 | 2025-02-03 | 310 | ⭐⭐⭐⭐⭐ |\n\
| Maigret Sets a Trap | Georges Simenon | 2025-03-01 | 2025-03-20 | 180 | 3/5 |\n\
| Dune | Frank Herbert | 2025-03-25 | 2025-04-11 | 612 | ★★★½ |\n\
| The Silmarillion | J.R.R. Tolkien | 2025-05-02 | 2025-06-01 | 365 | 3 |\n\
| Pietr the Latvian | Georges Simenon | 2025-06-28 | 2025-07-09 | 150 | 4/5 |\n\
| War and Peace | Leo Tolstoy | 2025-07-15 | in progress | 1225 | |\n";

#[test]
fn a_name_filters_the_rows_whose_value_holds_it_and_scores_are_numbers() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, "Books.md", BOOKS);
    process(v);
    let simenon = lead(v, "How many books by Simenon did I read?");
    assert!(simenon.contains("**3**"), "{simenon}");
    assert!(
        simenon.contains("Simenon"),
        "the name as written: {simenon}"
    );
    let pages = lead(v, "How many pages of Tolkien did I read?");
    assert!(pages.contains("675"), "{pages}");
    let rating = lead(v, "What was the average rating of Simenon books?");
    // A mean of whole marks is told to a tenth.
    assert!(rating.contains("**3.7**"), "4/5, 3/5, 4/5: {rating}");
    // 4, 5 stars, 3, 3.5 stars, 3, 4: six ratings written four ways (3.75).
    let all = lead(v, "What was my average rating in 2025?");
    assert!(all.contains("**3.8**"), "{all}");
    let longest = lead(v, "Which book had the most pages?");
    assert!(
        longest.contains("Dune"),
        "the book not finished yet is not read: {longest}"
    );
    let read = lead(v, "How many books did I read in 2025?");
    assert!(read.contains("**6**"), "{read}");
    let march = lead(v, "What did I finish in March 2025?");
    assert!(march.contains("Maigret Sets a Trap"), "{march}");
}

#[test]
fn a_portuguese_reading_table_asked_by_author_and_by_the_year_finished() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Leituras.md",
        "| Título | Autor | Início | Fim | Nota | Páginas |\n|---|---|---|---|---|---|\n\
         | Torto Arado | Itamar Vieira Junior | 2023-12-20 | 2024-01-08 | 5/5 | 264 |\n\
         | A Hora da Estrela | Clarice Lispector | 2024-02-01 | 2024-02-05 | 4/5 | 88 |\n\
         | Perto do Coração Selvagem | Clarice Lispector | 2024-03-01 | 2024-03-20 | 3/5 | 224 |\n\
         | Grande Sertão: Veredas | João Guimarães Rosa | 2024-04-01 | lendo | | 624 |\n",
    );
    process(v);
    let author = lead(v, "Quem escreveu Torto Arado?");
    assert!(author.contains("Itamar Vieira Junior"), "{author}");
    let clarice = lead(v, "Quantos livros da Lispector eu li?");
    assert!(clarice.contains("**2**"), "{clarice}");
    // Torto Arado was started in 2023 and finished in 2024: its pages are 2024's.
    let pages = lead(v, "Quantas páginas li em 2024?");
    assert!(pages.contains("576"), "{pages}");
    let read = lead(v, "Quantos livros eu li em 2024?");
    assert!(read.contains("**3**"), "by the year finished: {read}");
}

#[test]
fn what_where_and_who_of_one_day_quote_the_line_the_question_points_to() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "daily"}"#);
    write(
        v,
        "daily/2024-06-17.md",
        "## Meals\n- Dinner with Priya at Dishoom\n\n## Travel\n- Day 3 in Vancouver, rain\n\n\
         ## Reading\n- more Project Hail Mary\n",
    );
    write(
        v,
        "daily/2024-06-16.md",
        "## Meals\n- Dinner alone\n\n## Travel\n- Flew to Vancouver\n",
    );
    process(v);
    let place = lead(v, "Where was I on June 17, 2024?");
    assert!(place.contains("Vancouver"), "{place}");
    let who = lead(v, "Who did I have dinner with on June 17, 2024?");
    assert!(who.contains("Priya"), "{who}");
    let book = lead(v, "What book was I reading on June 17, 2024?");
    assert!(book.contains("Project Hail Mary"), "{book}");
}

#[test]
fn a_title_read_is_found_on_the_day_or_the_last_day_before_that_names_one() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "journal/2023/04/2023-04-18.md",
        "- 21:45 《置身事内》读了30页\n- 23:00 睡觉\n",
    );
    write(
        v,
        "journal/2023/04/2023-04-20.md",
        "- 12:20 午饭：牛肉面\n- 20:30 夜跑 8.8 千米\n",
    );
    write(
        v,
        "diario/2024-02-12.md",
        "Cena en casa con Carlos. Leí 20 páginas de «La sombra del viento» antes de dormir.\n",
    );
    write(
        v,
        "diario/2024-02-14.md",
        "Fui a nadar por la mañana. Seguimos en Lisboa, paseo por el Barrio Alto.\n",
    );
    process(v);
    let zh = lead(v, "2023年4月20日我在看哪本书？");
    assert!(zh.contains("置身事内"), "{zh}");
    let es = lead(v, "¿Qué libro estaba leyendo el 12 de febrero de 2024?");
    assert!(es.contains("La sombra del viento"), "{es}");
    let place = lead(v, "¿Dónde estaba el 14 de febrero de 2024?");
    assert!(place.contains("Lisboa"), "{place}");
}

#[test]
fn hours_between_clock_times_on_ticked_lines_add_up_per_client_and_day() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Zeiterfassung/2025-03 März.md",
        "## Mo 03.03.\n- [x] 09:00-12:30 Kd. Becker – Schulung\n- [x] 13:15 - 17:00 Stadtwerke – Support\n\
         - [x] Fitnessstudio\n\n## Di 04.03.\n- [x] 08:00-09:00 Becker GmbH – Doku\n\
         - [ ] 14:00-16:00 Becker – abgesagt\n\n## Mi 05.03.\n- [x] 9-10:30 Stadtwerke – Call\n",
    );
    process(v);
    let becker = lead(
        v,
        "Wie viele Stunden habe ich im März 2025 für Becker gearbeitet?",
    );
    assert!(
        becker.contains("4h30") || becker.contains("4,5"),
        "3,5 h and 1 h, the cancelled block left out: {becker}"
    );
    let day = lead(v, "An welchem Tag habe ich am längsten gearbeitet?");
    assert!(day.contains("03"), "Monday: 3,5 h and 3,75 h: {day}");
}

#[test]
fn a_questions_note_that_opens_with_its_date_reads_this_year_from_it() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, "runs/2024-03-02.md", "ran 5 km\n");
    write(v, "runs/2024-05-10.md", "ran 8 km\n");
    write(
        v,
        "Questions.md",
        "2024-06-01\n\n# Questions\n\n? How many km did I run this year?\n",
    );
    process(v);
    let text = std::fs::read_to_string(v.join("Questions.md")).unwrap();
    assert!(text.contains("**13"), "{text}");
}

#[test]
fn the_first_time_a_measure_passed_a_bound_and_an_average_field_is_averaged() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, km, hr) in [
        ("2025-01-15", "10", "150"),
        ("2025-02-02", "14.5", "152"),
        ("2025-03-09", "21.1", "158"),
        ("2025-03-16", "20", "156"),
    ] {
        write(
            v,
            &format!("ランニング/{day}.md"),
            format!("- 距離：{km}km\n- 平均心拍数：{hr}\n- コース：川沿い\n"),
        );
    }
    write(
        v,
        "Diary/2024/May.md",
        "## 1 May\nWeight 80.4kg\n\n## 3 May\nScale: 79.9kg, finally!\n\n## 9 May\nWeight 79.5 kg\n",
    );
    process(v);
    let ja = lead(v, "初めて15km以上走ったのはいつ？");
    assert!(ja.contains("2025-03-09"), "{ja}");
    let zh = lead(v, "第一次跑满20公里是哪天？");
    assert!(zh.contains("2025-03-09"), "{zh}");
    let en = lead(v, "When did I first get under 80kg?");
    assert!(en.contains("2024-05-03"), "{en}");
    let hr = lead(v, "3月の平均心拍数はいくつ？");
    assert!(hr.contains("157"), "158 and 156 averaged, not added: {hr}");
}

#[test]
fn a_call_is_not_a_message_but_a_message_asked_is_counted() {
    let dir = offline_vault();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "daily"}"#);
    for (day, text) in [
        ("2024-07-03", "## People\n- Called Mom\n"),
        ("2024-07-07", "## People\n- Phone call with Mom, 40 min\n"),
        ("2024-07-19", "## People\n- Texted with Mom\n"),
        ("2024-07-21", "## People\n- Mom texted me, then we called\n"),
    ] {
        write(v, &format!("daily/{day}.md"), text);
    }
    write(
        v,
        "일기/2024-07-05.md",
        "---\n날짜: 2024-07-05\n---\n엄마랑 통화했다.\n",
    );
    write(
        v,
        "일기/2024-07-06.md",
        "---\n날짜: 2024-07-06\n---\n엄마한테 문자 보냄.\n",
    );
    process(v);
    let calls = lead(v, "How many times did I call Mom in July 2024?");
    assert!(
        calls.contains("**3"),
        "the texting alone is no call: {calls}"
    );
    let texts = lead(v, "How many times did I text Mom in July 2024?");
    assert!(texts.contains("**2"), "{texts}");
    let ko = lead(v, "2024년 7월에 엄마랑 몇 번 통화했어?");
    assert!(ko.contains("**1"), "{ko}");
}
