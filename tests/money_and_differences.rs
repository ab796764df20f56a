//! Money written on the log's lines (a fenced ledger of `dd/mm` lines, daily notes of
//! priced things) asked as the person would: the month's total, the largest expense and
//! its day, the day that cost most, the usual price of a thing, two months set side by side;
//! a pending bill is no expense. And any question over two periods tells the difference
//! first. Written fresh, three languages and layouts.

mod support;

use support::*;

#[test]
fn a_fenced_ledger_of_day_and_month_lines_is_read_and_asked() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Cuentas/Gastos 2025.md",
        "# Gastos 2025\n\n## Septiembre\n\n```\n02/09 cortado 1,40€\n05/09 súper 40,00 €\n\
         20/09 13:10 farmacia €8.50\n```\n\n## Octubre\n\n```\n01/10 café con leche 1,60€\n\
         03/10 09:15 súper 52,30 €\n03/10 cafe 1,20 euros\n17/10 taller 210,00€\n\
         28/10 cortado 1.50 EUR\n```\n\nPendiente: seguro 300 € (pagar en diciembre)\n",
    );
    process(v);
    let total = lead(v, "¿Cuánto gasté en total en octubre de 2025?");
    assert!(total.contains("266,60"), "{total}");
    let coffee = lead(v, "¿Cuánto gasté en café en octubre de 2025?");
    assert!(
        coffee.contains("4,30"),
        "cortado and cafe are coffee too: {coffee}"
    );
    let largest = lead(
        v,
        "¿Cuál fue mi mayor gasto de octubre de 2025 y cuándo fue?",
    );
    assert!(
        largest.contains("17") && largest.contains("210"),
        "{largest}"
    );
    let day = lead(v, "¿Qué día de octubre de 2025 gasté más?");
    assert!(day.contains("17"), "{day}");
    let usual = lead(v, "¿Cuánto cuesta de media un café?");
    assert!(usual.contains("1,43"), "{usual}");
    let more = lead(
        v,
        "¿Cuánto más gasté en octubre de 2025 que en septiembre de 2025?",
    );
    assert!(more.contains("216,70"), "{more}");
    assert!(
        !total.contains("566"),
        "the pending bill is not spent: {total}"
    );
}

#[test]
fn priced_lines_of_daily_notes_and_the_difference_of_two_months() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, text) in [
        ("2025-03-04", "- coffee $4.50\n- groceries $31.20\n"),
        ("2025-03-18", "- lunch with Ana $14.00\n- went for a swim\n"),
        (
            "2025-04-02",
            "- coffee $5.00\n- bike repair $80.00\n- swim at the lake\n",
        ),
        ("2025-04-09", "- swam 1 km\n"),
        ("2025-04-21", "- swim before work\n"),
    ] {
        write(v, &format!("Daily/{day}.md"), text);
    }
    process(v);
    let april = lead(v, "How much did I spend in April 2025?");
    assert!(april.contains("$85"), "{april}");
    let biggest = lead(v, "What was my biggest expense in April 2025?");
    assert!(
        biggest.contains("$80") && biggest.contains("2025-04-02"),
        "{biggest}"
    );
    assert!(
        biggest.contains("bike repair"),
        "the line that writes it: {biggest}"
    );
    let swims = lead(
        v,
        "How many more times did I swim in April 2025 than in March 2025?",
    );
    assert!(swims.contains("2 days more"), "{swims}");
    let spent = lead(
        v,
        "How much more did I spend in April 2025 than in March 2025?",
    );
    assert!(spent.contains("$35.30"), "{spent}");
}

#[test]
fn the_difference_of_two_months_averages_in_japanese() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, mood) in [
        ("2025-09-03", 3),
        ("2025-09-10", 4),
        ("2025-10-02", 4),
        ("2025-10-09", 5),
    ] {
        write(
            v,
            &format!("日記/{day}.md"),
            format!("---\n気分: {mood}\n---\n\n散歩した。\n"),
        );
    }
    process(v);
    let diff = lead(v, "2025年9月と2025年10月の平均気分の差は？");
    assert!(diff.contains('1'), "{diff}");
    assert!(
        diff.contains("3.5") || diff.contains("4.5") || diff.contains("**1"),
        "{diff}"
    );
}

#[test]
fn the_month_and_the_day_that_cost_most_and_an_amount_in_a_unit_is_no_count() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "记账/2026-06.md",
        "# 2026年6月\n\n## 6月3日\n- 午饭 35元\n- 地铁 4元\n\n## 6月9日\n- 买书 ￥89.5（京东）\n- 午饭 28元\n",
    );
    write(
        v,
        "记账/2026-07.md",
        "# 2026年7月\n\n## 7月2日\n- 换手机 3299元\n\n## 7月8日\n- 午饭 30元\n",
    );
    write(
        v,
        "Huerto/2026-W24.md",
        "# Semana 24\n\n- jueves: cosecha de calabacines (2,3 kg)\n- sábado: cosecha de calabacines (1,5 kg)\n",
    );
    write(
        v,
        "Plantas.md",
        "| Planta | Plantada |\n|---|---|\n| Calabacines | 26/04/2026 |\n| Tomates | 18/03/2026 |\n",
    );
    process(v);
    let month = lead(v, "2026年哪个月花得最多？");
    assert!(month.contains("7月"), "{month}");
    let en = lead(v, "Which month did I spend the least in 2026?");
    assert!(en.contains("June"), "{en}");
    let day = lead(v, "2026年6月哪天花钱最多？");
    assert!(
        day.contains("6月9日") || day.contains("2026-06-09"),
        "{day}"
    );
    let kilos = lead(v, "¿Cuántos kilos de calabacines he cosechado en 2026?");
    assert!(
        kilos.contains("3,8"),
        "the kilos of the log, not the table's rows: {kilos}"
    );
}
