//! Lifelogs (DESIGN §4.0): days kept as prose and short lines with no number: who a meal
//! or an outing was with, how often something was told, the days something was done, a
//! trip told over days in a row, what did not happen. Written fresh, in several languages.

mod support;

use support::*;

#[test]
fn companions_are_counted_in_every_writing() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        ("2025-05-02", "- lunch: noodles w/ Tariq\n- dinner: soup"),
        ("2025-05-05", "Had a bagel for lunch with Ines."),
        ("2025-05-06", "- lunch: falafel (Tariq)\n- walked home"),
        (
            "2025-05-09",
            "Lunch: tacos with Tariq and Ines. Dinner alone.",
        ),
        ("2025-05-12", "- lunch: salad (Ines)"),
        (
            "2025-05-14",
            "Quick lunch at my desk. Coffee with Tariq after.",
        ),
        ("2025-05-20", "- lunch: dumplings w/ Tariq"),
    ];
    for (day, text) in days {
        write(v, &format!("Days/{day}.md"), format!("# {day}\n\n{text}\n"));
    }
    write(
        v,
        "일기/2025-06.md",
        "# 2025년 6월\n\n## 2025-06-01 (일)\n\n- 지민이랑 점심.\n\n\
         ## 2025-06-03 (화)\n\n도윤이하고 영화 봤다. 지민이한테 문자 왔다.\n\n\
         ## 2025-06-07 (토)\n\n- 지민이와 카페에서 수다.\n\n\
         ## 2025-06-10 (화)\n\n- 도윤이랑 저녁.\n\n\
         ## 2025-06-14 (토)\n\n지민이하고 산책했다.\n",
    );
    process(v);

    // `w/`, `with` and a name in brackets that is someone's companion elsewhere.
    let who = lead(v, "Who did I have lunch with most often in May 2025?");
    assert!(who.contains("**Tariq**") && who.contains("4"), "{who}");
    let times = lead(v, "How many times did I meet Ines in May 2025?");
    assert!(times.contains("**3 times**"), "{times}");
    // 지민이랑, 지민이와, 지민이하고 are one person; a text from them is no meeting.
    let ko = lead(v, "2025년 6월에 지민이를 몇 번 만났어?");
    assert!(ko.contains("**3번**"), "{ko}");
    let most = lead(v, "2025년 6월에 누구를 제일 자주 만났어?");
    assert!(most.contains("**지민**"), "{most}");
}

#[test]
fn what_did_not_happen_is_not_counted_or_dated() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "일기/2025-07.md",
        "# 2025년 7월\n\n## 2025-07-01 (화)\n\n- 퇴근하고 헬스장.\n\n\
         ## 2025-07-02 (수)\n\n헬스장 다녀옴. 석촌호수 산책했다.\n\n\
         ## 2025-07-04 (금)\n\n- 피곤해서 헬스장 안 갔다.\n\n\
         ## 2025-07-05 (토)\n\n- 등산화를 샀다.\n\n\
         ## 2025-07-06 (일)\n\n아침에 헬스장 갔다. 북한산 등산 다녀옴.\n\n\
         ## 2025-07-09 (수)\n\n비가 와서 석촌호수 가려던 계획은 취소했다.\n",
    );
    for (day, text) in [
        ("2025-08-04", "Gym after work, legs."),
        ("2025-08-06", "Skipped the gym, too tired."),
        ("2025-08-08", "- gym: 50 min"),
    ] {
        write(v, &format!("Log/{day}.md"), format!("# {day}\n\n{text}\n"));
    }
    process(v);

    let days = lead(v, "2025년 7월에 헬스장 며칠 갔어?");
    assert!(days.contains("**3일**"), "{days}");
    // The cancelled plan of the 9th is no visit; the particle `에` is no part of the place.
    let lake = lead(v, "석촌호수에 마지막으로 간 게 언제야?");
    assert!(lake.contains("7월 2일"), "{lake}");
    // Hiking boots (등산화) are no hike.
    let hike = lead(v, "2025년에 처음으로 등산 간 날은 언제야?");
    assert!(hike.contains("7월 6일"), "{hike}");
    let gym = lead(v, "How many times did I go to the gym in August 2025?");
    assert!(gym.contains("**2 "), "{gym}");
}

#[test]
fn how_often_counts_rows_and_prose_alike() {
    let dir = offline_vault();
    let v = dir.path();
    let days = [
        ("2025-06-02", "- lunch: ramen\n- pilates: 50 min"),
        ("2025-06-03", "Had ramen for dinner with Ola."),
        (
            "2025-06-05",
            "- lunch: ramen w/ Ola\n- Pilates class (55 min)",
        ),
        (
            "2025-06-07",
            "Had pasta for lunch (wanted ramen but the shop was shut).",
        ),
        ("2025-06-09", "- dinner: ramen\n- pilates 45 min"),
        (
            "2025-06-11",
            "- lunch: spicy ramen bowl\nmorning Pilates, 50 minutes.",
        ),
        ("2025-06-12", "- lunch: ramen noodles salad"),
    ];
    for (day, text) in days {
        write(
            v,
            &format!("Daily/{day}.md"),
            format!("# {day}\n\n{text}\n"),
        );
    }
    process(v);

    // Four lines name ramen as the meal (one with a companion, one in prose); the wish of
    // the 7th was no ramen, and the longer dishes are other dishes.
    let ramen = lead(v, "How many times did I have ramen in June 2025?");
    assert!(ramen.contains("**4**"), "{ramen}");
    // Days, not minutes: a card on two days, prose on two others.
    let pilates = lead(v, "How many days did I do pilates in June 2025?");
    assert!(pilates.contains("**4 days**"), "{pilates}");
}

#[test]
fn a_trip_is_dated_by_its_first_day() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, text) in [
        ("2025-09-01", "Booked the train to Porto for the 18th."),
        ("2025-09-17", "Packing for Porto tomorrow."),
        ("2025-09-18", "Train to Porto, arrived at noon."),
        ("2025-09-19", "Porto: walked along the river all day."),
        ("2025-09-20", "Back home from Porto. Tired."),
        ("2025-09-25", "Quiet day."),
    ] {
        write(
            v,
            &format!("Notes/{day}.md"),
            format!("# {day}\n\n{text}\n"),
        );
    }
    for (day, text) in [
        ("2026-02-10", "札幌旅行の計画を立てた。"),
        ("2026-02-21", "朝の便で札幌へ。雪がすごい。"),
        ("2026-02-22", "札幌二日目。スープカレーを食べた。"),
        ("2026-02-23", "札幌から帰宅。"),
    ] {
        write(v, &format!("日記/{day}.md"), format!("# {day}\n\n{text}\n"));
    }
    process(v);

    let en = lead(v, "When did I go to Porto?");
    assert!(en.contains("2025-09-18"), "{en}");
    let ja = lead(v, "札幌に行ったのはいつ？");
    assert!(ja.contains("2026-02-21"), "{ja}");
}

#[test]
fn money_spent_on_a_thing_adds_the_amounts_beside_it() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, text) in [
        ("2025-10-01", "Spent: tea $3.20, groceries $41.10"),
        ("2025-10-02", "## Spending\n\n- tea $2.80\n- bus $2.50"),
        ("2025-10-05", "Met Lou for tea, she paid."),
        ("2025-11-01", "Spent: tea $4.00"),
    ] {
        write(
            v,
            &format!("Daily/{day}.md"),
            format!("# {day}\n\n{text}\n"),
        );
    }
    for (day, text) in [
        ("2026-03-02", "- 出費: 牛乳 230円、パン 1,180円"),
        ("2026-03-09", "- 出費: パン 420円\n- 朝: パンとコーヒー"),
    ] {
        write(v, &format!("日記/{day}.md"), format!("# {day}\n\n{text}\n"));
    }
    process(v);

    // Tea's own amounts only: not the groceries of its line, not November's.
    let en = lead(v, "How much did I spend on tea in October 2025?");
    assert!(en.contains("$6.00") || en.contains("$6"), "{en}");
    let ja = lead(v, "2026年3月にパンにいくら使った？");
    assert!(ja.contains("1600円"), "{ja}");
}

#[test]
fn a_one_letter_value_of_the_properties_is_counted() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, weather) in [
        ("2026-05-01", "雨"),
        ("2026-05-02", "晴れ"),
        ("2026-05-03", "雨"),
        ("2026-05-04", "曇り"),
        ("2026-05-06", "雨"),
    ] {
        write(
            v,
            &format!("日記/{day}.md"),
            format!("---\nweather: {weather}\n---\n\n# {day}\n\n散歩した。\n"),
        );
    }
    process(v);

    let ja = lead(v, "5月に雨の日は何日あった？");
    assert!(ja.contains("**3**"), "{ja}");
    let zh = lead(v, "5月有几天是雨？");
    assert!(zh.contains("**3**"), "{zh}");
}

#[test]
fn a_total_per_week_over_days_named_with_their_weekdays() {
    let dir = offline_vault();
    let v = dir.path();
    // English: one journal, a card under each day's heading (the year in the month's).
    let mut journal = String::from("# Journal\n\n## September 2026\n\n");
    let teas = [2, 0, 3, 1, 2, 0, 0, 4, 1, 1, 2, 0, 3, 1];
    let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    for (i, n) in teas.iter().enumerate() {
        let day = 7 + i;
        journal.push_str(&format!(
            "### {} {day} September\n\n- teas: {n}\n- mood: ok\n\n",
            weekdays[i % 7]
        ));
    }
    write(v, "journal.md", journal);
    // Spanish: daily notes with the count in their properties.
    let pages = [5, 3, 0, 8, 2, 6, 4, 1, 0, 7, 3, 2, 5, 6];
    for (i, n) in pages.iter().enumerate() {
        write(
            v,
            &format!("Diario/2026-09-{:02}.md", 7 + i),
            format!("---\npáginas: {n}\n---\n\nLeí un rato.\n"),
        );
    }
    process(v);

    let en = lead(
        v,
        "How many teas per week did I have from Mon 7 September to Sun 20 September 2026?",
    );
    assert!(en.contains("**10**") && en.contains("2 weeks"), "{en}");
    let es = lead(
        v,
        "¿Cuántas páginas por semana leí del lunes 7 de septiembre al domingo 20 de septiembre de 2026?",
    );
    assert!(es.contains("**26") && es.contains("2 semanas"), "{es}");
    // Without the weekdays, the same span.
    let total = lead(
        v,
        "How many teas did I have from 8 September to 10 September 2026?",
    );
    assert!(total.contains("**4**"), "{total}");
}
