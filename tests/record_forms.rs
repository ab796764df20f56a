//! Logs kept as lists and tables of things (DESIGN §4.0): to-do checklists (ticked done,
//! open not), timesheets totalled by day or by client, reading tables with the year last,
//! lists of works named by a quoted title with asides and stars. Written fresh, in several
//! languages and layouts.

mod support;

use support::*;

#[test]
fn ticked_tasks_are_done_and_open_ones_are_not() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        (
            "2025-03-03",
            "- [x] Payer la cantine\n- [ ] Appeler le plombier\n- [x] Payer le loyer",
        ),
        (
            "2025-03-04",
            "- [ ] Appeler le plombier\n- [x] Rendre les livres",
        ),
        (
            "2025-03-06",
            "- [x] Appeler le plombier\n- [ ] Trier les photos",
        ),
        (
            "2025-03-10",
            "- [ ] Trier les photos\n- [ ] Réparer le vélo",
        ),
    ];
    for (day, tasks) in days {
        write(
            v,
            &format!("Journal/{day}.md"),
            format!("# {day}\n\nJournée calme.\n\n## À faire\n\n{tasks}\n"),
        );
    }
    write(
        v,
        "Lavoro/Registro ore.md",
        "# Registro ore\n\n## Aprile\n\n\
         - [x] 03/04/2025 Cliente Rossi 2,5 ore\n\
         - [x] 04/04/2025 Cliente Bianchi 4 ore\n\
         - [ ] 16/04/2025 Cliente Rossi 8 ore (rinviato)\n\
         - [x] 16/04/2025 Cliente Rossi 3 ore\n\
         - [x] 16/04/2025 Cliente Bianchi 1,5 ore\n\
         - [x] 18/04/2025 Cliente Rossi 4 ore\n",
    );
    process(v);

    let fr = lead(v, "Combien de tâches ai-je terminées en mars 2025 ?");
    assert!(fr.contains("**4**"), "{fr}");
    let when = lead(v, "Quand ai-je appelé le plombier ?");
    assert!(
        when.contains("2025-03-06") || when.contains("6 mars"),
        "{when}"
    );
    // Day first, as the 16th says: the 3rd of April, not the 4th of March.
    let hours = lead(
        v,
        "Quante ore ho lavorato per Cliente Rossi ad aprile 2025?",
    );
    assert!(hours.contains("9,5"), "{hours}");
    // The 16th holds 4.5 ticked hours (8 more were only planned).
    let day = lead(v, "In quale giorno di aprile 2025 ho lavorato di più?");
    assert!(day.contains("2025-04-16"), "{day}");
    let tasks = lead(v, "Quanti compiti ho completato ad aprile 2025?");
    assert!(tasks.contains("**5**"), "{tasks}");
}

#[test]
fn a_timesheet_is_totalled_by_day_and_by_client() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Trabajo/Horas 2024.md",
        "# Horas 2024\n\n\
         | Fecha | Cliente | Horas | Notas |\n|---|---|---|---|\n\
         | 2024-10-01 | Naranjo | 6 | diseño |\n\
         | 2024-10-02 | Olmo | 7 | auditoría |\n\
         | 2024-10-03 | Naranjo | 3 | llamada |\n\
         | 2024-10-03 | Olmo | 5 | informe |\n\
         | 2024-10-04 | Naranjo | 2 | correo |\n",
    );
    process(v);

    let day = lead(v, "which day in October 2024 did I log the most hours?");
    assert!(day.contains("2024-10-03"), "{day}");
    let client = lead(v, "¿Con qué cliente pasé más horas en octubre de 2024?");
    assert!(client.contains("Olmo") && client.contains("12"), "{client}");
}

#[test]
fn a_reading_table_with_the_year_last_counts_what_was_finished() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Leituras.md",
        "# Leituras\n\n## Lidos\n\n\
         | Título | Autor | Início | Fim |\n|---|---|---|---|\n\
         | Rio de sal | Inês Falcão | 02/01/2020 | 25/01/2020 |\n\
         | O farol | Rui Matos | 28/01/2020 | 14/03/2020 |\n\
         | Casa de vento | Inês Falcão | 20/03/2020 | 02/05/2020 |\n\
         | Casa de vento II | Inês Falcão | 10/05/2020 | 19/01/2021 |\n\n\
         ## Lendo agora\n\n\
         | Título | Autor | Início | Fim |\n|---|---|---|---|\n\
         | Mar aberto | Inês Falcão | 01/02/2021 | |\n",
    );
    process(v);

    let count = lead(v, "Quantos livros terminei em 2020?");
    assert!(count.contains("**3**"), "{count}");
    let by = lead(v, "Quantos livros da Inês Falcão li?");
    assert!(by.contains("**3**"), "{by}");
    let when = lead(v, "Quando terminei «Casa de vento»?");
    assert!(when.contains("2020") && when.contains("05"), "{when}");
}

#[test]
fn works_named_by_a_quoted_title_are_rows_with_their_asides_and_stars() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "영화/2023 영화.md",
        "# 2023 영화\n\n\
         - 2023-05-06 「바다의 끝」 (감독: 김하늘) ★★★★★\n\
         - 2023-05-20 「작은 방」 (감독: 이도윤) ★★★☆☆\n\
         - 2023-06-03 「겨울 역」 (감독: 김하늘) ★★★★★\n\
         - 2023-06-17 「빈 거리」 (감독: 박서진) ★★★★☆\n\n\
         ## 볼 영화\n\n- 「먼 섬」 (감독: 김하늘)\n",
    );
    write(
        v,
        "読書/2024.md",
        "# 読書 2024\n\n\
         - 2024/02/03 読み始め『白い港』（著：西村葵）\n\
         - 2024/02/25 読了『白い港』（著：西村葵） ★4\n\
         - 2024/03/01 読み始め『風の庭』（著：岡本陸）\n\
         - 2024/03/30 読了『風の庭』（著：岡本陸） ★5\n",
    );
    process(v);

    let films = lead(v, "how many films directed by 김하늘 did I watch?");
    assert!(films.contains("**2**"), "{films}");
    let stars = lead(v, "how many films with five stars did I see in 2023?");
    assert!(stars.contains("**2**"), "{stars}");
    let last = lead(v, "마지막으로 본 영화는?");
    assert!(last.contains("빈 거리"), "{last}");
    let done = lead(v, "2024年に何冊読み終えた？");
    assert!(done.contains("**2**"), "{done}");
    let when = lead(v, "『白い港』を読み終えたのはいつ？");
    assert!(when.contains("2024-02-25"), "{when}");
}
