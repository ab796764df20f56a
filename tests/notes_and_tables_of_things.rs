//! Logs kept as things with fields: one note per book (or film) whose properties say when
//! it was started and finished, a month's table of expenses with an income table above
//! it, daily properties of yes and no and clock times, prose that prices a thing in the
//! clause after it. Written fresh, in several languages and layouts.

mod support;

use support::*;

fn book(v: &std::path::Path, title: &str, props: &str) {
    write(
        v,
        &format!("Lectures/{title}.md"),
        format!("---\n{props}\n---\n\n# {title}\n\nNotes on it.\n"),
    );
}

#[test]
fn a_note_per_book_is_a_row_named_by_the_note() {
    let dir = offline_vault();
    let v = dir.path();
    book(
        v,
        "Harbour",
        "author: Inès Varga\nstarted: 2023-02-01\nfinished: 2023-02-19\nrating: 4\npages: 280",
    );
    book(
        v,
        "Harbour Nights",
        "author: Tom Ekwe\nstarted: 2023-03-02\nfinished: 2023-04-11\nrating: 3\npages: 402",
    );
    book(
        v,
        "Les Dunes",
        "author: Inès Varga\nstarted: 2023-05-06\nfinished: 2023-06-01\nrating: 5\npages: 190",
    );
    book(
        v,
        "Cold Iron",
        "author: Inès Varga\nstarted: 2024-01-03\nfinished: 2024-01-28\nrating: 2\npages: 350",
    );
    // Being read: started, never finished.
    book(
        v,
        "Slow River",
        "author: Tom Ekwe\nstarted: 2024-02-10\npages: 500",
    );
    process(v);
    let count = lead(v, "How many books did I finish in 2023?");
    assert!(count.contains("**3"), "{count}");
    let when = lead(v, "When did I finish Harbour?");
    assert!(
        when.contains("Feb 19") || when.contains("2023-02-19"),
        "not Harbour Nights: {when}"
    );
    let author = lead(v, "Which author have I read the most?");
    assert!(author.contains("Inès Varga"), "{author}");
    let started = lead(v, "Quand ai-je commencé Les Dunes ?");
    assert!(
        started.contains("6 mai") || started.contains("2023-05-06"),
        "{started}"
    );
    let best = lead(v, "What is my highest-rated book?");
    assert!(best.contains("Les Dunes"), "{best}");
}

#[test]
fn a_month_of_expenses_under_its_income() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Contas/2025-03.md",
        "# Março\n\n## Entradas\n\n| Data | Descrição | Valor |\n|---|---|---|\n| 05/03 | Salário | R$ 7.200,00 |\n\n## Gastos\n\n| Data | Descrição | Categoria | Valor |\n|---|---|---|---|\n| 02/03 | Padaria | mercado | 18,40 |\n| 03/03 | Uber | transporte | R$ 22,10 |\n| 07/03 | Dentista | saúde | R$ 950,00 |\n| 09/03 | Uber pro aeroporto | transporte | R$ 61,30 |\n| 12/03 | Feira | Mercado | R$ 102,75 |\n| 14/03 | Aluguel | moradia | R$ 900,00 |\n| 20/03 | IPTU 2025 (parcela 1) | moradia | R$ 312,90 |\n| 22/03 | Supermercado | mercado | R$1.045,60 |\n",
    );
    process(v);
    let biggest = lead(v, "Qual foi o meu maior gasto em março?");
    assert!(
        biggest.contains("1.045,60") || biggest.contains("Supermercado"),
        "the salary is no spending: {biggest}"
    );
    let category = lead(v, "Qual categoria teve o maior gasto em março?");
    assert!(
        category.contains("mercado") || category.contains("Mercado"),
        "{category}"
    );
    let uber = lead(v, "Quantas vezes peguei uber em março?");
    assert!(uber.contains("**2"), "Uber and Uber pro aeroporto: {uber}");
    let groceries = lead(v, "Quanto gastei com mercado em março?");
    assert!(
        groceries.contains("1.166,75")
            || groceries.contains("1166,75")
            || groceries.contains("1166.75"),
        "18,40 + 102,75 + 1.045,60: {groceries}"
    );
    let day = lead(v, "Em que dia paguei o IPTU?");
    assert!(
        day.contains("2025-03-20") || day.contains("20 de mar"),
        "{day}"
    );
}

#[test]
fn daily_properties_of_yes_and_no_and_wake_times() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        ("2024-11-04", "독서: true", "6:55"),
        ("2024-11-05", "독서: false", "7:40"),
        ("2024-11-06", "독서: true", "05:58"),
        ("2024-11-07", "독서: false", "6:30"),
        ("2024-11-08", "독서: true", "7:05"),
    ];
    for (day, read, wake) in days {
        write(
            v,
            &format!("일기/{day}.md"),
            format!("---\n기상: {wake}\n{read}\n기분: 4\n---\n\n점심은 비빔밥.\n"),
        );
    }
    process(v);
    let read = lead(v, "11월에 책 읽은 날은 며칠이야?");
    assert!(read.contains("**3"), "false is not read: {read}");
    let early = lead(v, "가장 일찍 일어난 날은 언제야?");
    assert!(
        early.contains("11월 6일") || early.contains("2024-11-06"),
        "{early}"
    );
    let on_day = lead(v, "What time did I wake up on November 7, 2024?");
    assert!(on_day.contains("6:30"), "{on_day}");
}

#[test]
fn a_price_told_after_the_thing_and_a_plan_that_ends_with_its_sentence() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "日记/2025-03-03.md",
        "早上跟阿强点了咖啡外卖，我的那杯花了19元。晚饭吃面，花了25元。\n",
    );
    write(
        v,
        "日记/2025-03-04.md",
        "明天一定早睡。下午买了杯拿铁，花了28元。\n",
    );
    write(v, "日记/2025-03-05.md", "楼下咖啡店的美式，16块。\n");
    process(v);
    let coffee = lead(v, "3月份买咖啡一共花了多少钱？");
    assert!(coffee.contains("63"), "19 + 28 + 16: {coffee}");
}

#[test]
fn harvests_in_kilos_and_grams_and_the_last_watering() {
    let dir = offline_vault();
    let v = dir.path();
    // Spanish: one journal of dated sections.
    write(
        v,
        "Huerta.md",
        "# Huerta\n\n## 3 de junio de 2025\n\nRegué las judías. Recogí 600 g de fresas.\n\n## 9 de junio de 2025\n\nCoseché 1,2 kg de fresas. Saqué 2,5 kg de patatas.\n\n## 15 de junio de 2025\n\nRegué con la manguera. Saqué 3 kg de patatas.\n\n## 20 de junio de 2025\n\nHoy no regué, llovió.\n",
    );
    // English: daily notes.
    write(
        v,
        "Daily/2024-08-02.md",
        "Picked 900 g of beans. Watered the beds.\n",
    );
    write(v, "Daily/2024-08-05.md", "Picked 1.4 kg of plums.\n");
    write(v, "Daily/2024-08-09.md", "Picked 1.1 kg of beans.\n");
    process(v);
    let most = lead(v, "¿Qué cultivo me dio más kilos en 2025?");
    assert!(most.contains("patatas"), "{most}");
    let last = lead(v, "¿Cuándo regué por última vez?");
    assert!(
        last.contains("15 de junio") || last.contains("2025-06-15"),
        "the 20th says it was not watered: {last}"
    );
    let beans = lead(v, "Which crop gave me the most kg in August 2024?");
    assert!(
        beans.contains("beans"),
        "900 g + 1.1 kg beat 1.4 kg: {beans}"
    );
}
