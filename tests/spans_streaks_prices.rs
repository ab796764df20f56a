//! Spans of two periods (`from 3 to 20 May`, `5月3日から5月20日まで`, `6월 10일부터 6월 20일까지`,
//! `entre março e junho`), days in a row, time logged on to-dos, prices written the ways
//! people write them and weigh-ins told in prose. Written fresh, in several languages and
//! layouts.

mod support;

use support::*;

/// Runs from 1 to 24 May 2025, one a day except on the 6th, the 13th and the 20th-21st:
/// (day, km).
fn may_runs() -> Vec<(u32, f64)> {
    (1..=24)
        .filter(|d| ![6, 13, 20, 21].contains(d))
        .map(|d| (d, 5.0 + f64::from(d % 4)))
        .collect()
}

#[test]
fn two_periods_joined_are_one_span_in_every_script() {
    let dir = offline_vault();
    let v = dir.path();
    let runs = may_runs();
    // Japanese cards in a folder of runs; Korean daily notes with front matter; Portuguese
    // prose in monthly files.
    for (d, km) in &runs {
        write(
            v,
            &format!("ランニング/2025-05-{d:02}.md"),
            format!("- 距離：{km}km\n- タイム：40:00\n"),
        );
    }
    for d in 1..=30u32 {
        write(
            v,
            &format!("Daily/2025-06-{d:02}.md"),
            format!("---\n걸음수: {}\n---\n\n산책.\n", 1000 * d),
        );
    }
    let km = |from: u32, to: u32| -> f64 {
        runs.iter()
            .filter(|(d, _)| (from..=to).contains(d))
            .map(|(_, k)| k)
            .sum()
    };
    process(v);

    let ja = lead(v, "2025年5月3日から5月20日までに何km走った？");
    assert!(ja.contains(&format!("{}", km(3, 20))), "{ja}");
    let en = lead(v, "How far did I run between 7 and 18 May 2025?");
    assert!(en.contains(&format!("{}", km(7, 18))), "{en}");
    let zh = lead(v, "2025年5月10日到5月24日跑了多少公里？");
    assert!(zh.contains(&format!("{}", km(10, 24))), "{zh}");
    // 10,000 + ... + 20,000 steps.
    let steps: u32 = (10..=20).map(|d| 1000 * d).sum();
    let ko = lead(v, "2025년 6월 10일부터 6월 20일까지 총 걸음수는?");
    let digits: String = ko.chars().filter(char::is_ascii_digit).collect();
    assert!(digits.contains(&steps.to_string()), "{ko}");
}

#[test]
fn the_longest_run_of_days_and_months_joined_in_a_table() {
    let dir = offline_vault();
    let v = dir.path();
    for (d, km) in may_runs() {
        let text = match d % 3 {
            0 => format!("Went for a run: {km} km in 31 min."),
            1 => format!("Couru {km} km ce matin."),
            _ => format!("- Run {km} km"),
        };
        write(
            v,
            &format!("Journal/2025-05-{d:02}.md"),
            format!("{text}\n"),
        );
    }
    // Portuguese: a table of books finished, a month span asked.
    write(
        v,
        "Leituras.md",
        "| Título | Fim | Páginas |\n|---|---|---|\n| Um | 12/02/2024 | 200 |\n| Dois | 03/03/2024 | 310 |\n| Três | 20/04/2024 | 150 |\n| Quatro | 30/06/2024 | 400 |\n| Cinco | 02/07/2024 | 90 |\n",
    );
    process(v);

    // 7 to 12 May, and 14 to 19 May: six days each; 22 to 24: three.
    let en = lead(
        v,
        "What was my longest streak of consecutive days with a run?",
    );
    assert!(en.contains("**6 days**") && en.contains("May 19"), "{en}");
    let fr = lead(
        v,
        "Quelle a été ma plus longue série de jours consécutifs avec une course ?",
    );
    assert!(fr.contains("6 jours"), "{fr}");
    let pt = lead(v, "Quantos livros terminei entre março e junho de 2024?");
    assert!(pt.contains("**3**"), "{pt}");
}

#[test]
fn time_on_to_dos_adds_up_by_client_and_open_ones_are_counted() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Work/2025-W15.md",
        "### Monday 7 April\n- [x] Acme — 2h30 — invoice draft\n- [x] Birch: 45 min call\n- [ ] chase Acme PO\n\n\
         ### Tuesday 8 April\n- [x] Acme 1h 15m – review\n- [x] Birch 1.5h\n- [ ] back up laptop\n\n\
         ### Wednesday 9 April\n- [x] Acme: 3hrs deploy\n- [x] admin 15min\n         - [x] support tickets (Acme, 1h15)\n- [x] email 30m\n",
    );
    write(
        v,
        "Work/2025-W16.md",
        "### Monday 14 April\n- [x] Acme 2h\n",
    );
    process(v);

    // The client named in brackets counts; `30m` among timed tasks is minutes.
    let acme = lead(v, "How many hours did I spend on Acme in April 2025?");
    assert!(acme.contains("10h") || acme.contains("**10"), "{acme}");
    // 13 hours over the two calendar weeks the log covers.
    let weekly = lead(v, "On average, how many hours a week did I log?");
    assert!(
        weekly.contains("6h30") || weekly.contains("6.5"),
        "{weekly}"
    );
    let birch = lead(
        v,
        "How many hours did I put into Birch between 7 and 9 April 2025?",
    );
    assert!(
        birch.contains("2h 15m") || birch.contains("2h15") || birch.contains("2.25"),
        "{birch}"
    );
    let open = lead(v, "How many tasks are still unticked?");
    assert!(open.contains("**2 open tasks**"), "{open}");
}

#[test]
fn prices_beside_their_thing_or_without_a_mark_and_weigh_ins_in_prose() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        (
            "2025-03-03",
            "- Coffee at Lumen, €4.10.\n- Weighed 81.4 kg this morning.",
        ),
        (
            "2025-03-04",
            "- Grabbed a coffee (3.20).\n- 81.0 on the scale, not bad",
        ),
        (
            "2025-03-05",
            "- €2.80 for a coffee on the way in.\n- 80.6 kg. meh.",
        ),
        ("2025-03-06", "- Groceries €41.30\n- Coffee 3.50."),
        ("2025-03-07", "- Coffee and a chat with the barista, 3.80."),
    ];
    for (day, text) in days {
        write(v, &format!("Daily/{day}.md"), format!("{text}\n"));
    }
    for (day, text) in [
        ("2025-01-10", "Café 2,40 €. Footing de 5 km."),
        ("2025-01-11", "2,80 € pour un café."),
        ("2025-01-12", "Café et croissant, 3,10 €."),
    ] {
        write(v, &format!("Journal/{day}.md"), format!("{text}\n"));
    }
    process(v);

    let coffee = lead(v, "How much did I spend on coffee in March 2025?");
    assert!(coffee.contains("€17.40"), "{coffee}");
    let cafe = lead(v, "Combien ai-je dépensé en café en janvier 2025 ?");
    assert!(cafe.contains("8,30") || cafe.contains("8.30"), "{cafe}");
    let lightest = lead(v, "Which day was I lightest in March 2025?");
    assert!(
        lightest.contains("Mar 5") || lightest.contains("March 5"),
        "{lightest}"
    );
    let heaviest = lead(v, "Which day was I heaviest in March 2025?");
    assert!(
        heaviest.contains("Mar 3") || heaviest.contains("March 3"),
        "{heaviest}"
    );
}
