//! Cards of a run's fields, as diaries keep them: a pace is best when lowest (`最快配速`,
//! `best pace`), and a line of the card written without its colon (`心率 156`, `HR 151`)
//! is one of its fields. Written fresh, two languages and layouts.

mod support;

use support::*;

#[test]
fn the_fastest_pace_is_the_lowest_and_a_line_without_its_colon_counts() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "跑步/2024.md",
        "# 2024\n\n## 2024年4月\n\n### 3日\n距离：10公里\n配速：5'58\"\n心率：150\n\n\
         ### 9号\n阴天\n距离: 8km\n配速：5'12\"\n心率 156\n\n### 14日\n距离：12公里\n配速：6'20\"\n心率：146\n",
    );
    for (day, pace, hr) in [
        ("05", "5:41", 148),
        ("11", "5:05", 162),
        ("19", "6:02", 139),
    ] {
        let hr_line = if day == "11" {
            format!("- HR {hr}\n")
        } else {
            format!("- HR: {hr}\n")
        };
        write(
            v,
            &format!("Runs/2024-05-{day}.md"),
            format!("- Distance: 8 km\n- Pace: {pace}\n{hr_line}"),
        );
    }
    process(v);
    let zh = lead(v, "2024年4月最快配速是哪天？");
    assert!(zh.contains("4月9日") || zh.contains("2024-04-09"), "{zh}");
    let zh_hr = lead(v, "2024年4月平均心率是多少？");
    assert!(
        zh_hr.contains("150.67") || zh_hr.contains("150.7"),
        "{zh_hr}"
    );
    let en = lead(v, "Which day in May 2024 was my best pace?");
    assert!(en.contains("May 11") || en.contains("2024-05-11"), "{en}");
    let en_hr = lead(v, "What was my average HR in May 2024?");
    assert!(
        en_hr.contains("149.67") || en_hr.contains("149.7"),
        "{en_hr}"
    );
}

#[test]
fn a_field_that_names_an_average_is_averaged_over_the_period_asked() {
    let dir = offline_vault();
    let v = dir.path();
    // One note per run, a card of full-width colons.
    for (day, hr) in [("02", 156), ("09", 148), ("23", 151)] {
        write(
            v,
            &format!("ランニング/2025-04-{day}.md"),
            format!("# ジョグ\n\n- 距離：6km\n- 平均心拍数：{hr}\n- コース：公園\n"),
        );
    }
    // One file for the month, a card under each day's heading.
    write(
        v,
        "Runs/2025-05.md",
        "## May 4\nDistance: 8 km\nAvg HR: 140\n\n## May 11\nDistance: 10 km\nAvg HR: 150\n\n\
         ## May 25\nDistance: 5 km\nAvg HR: 151\n",
    );
    process(v);
    let ja = lead(v, "4月の平均心拍数は？");
    assert!(ja.contains("151.67") || ja.contains("151.7"), "{ja}");
    let en = lead(v, "What was my avg HR in May 2025?");
    assert!(en.contains("147"), "{en}");
    // One day's value is still that day's.
    let day = lead(v, "What was my avg HR on May 11, 2025?");
    assert!(day.contains("150") && !day.contains("147"), "{day}");
}

#[test]
fn the_other_keys_beside_an_activity_are_read_too() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, sport, cups) in [("16", "수영", 2), ("17", "요가", 3), ("18", "", 1)] {
        write(
            v,
            &format!("Daily/2025-06-{day}.md"),
            format!("---\n수면: 7.5\n운동: {sport}\n☕: {cups}\n---\n# 6월 {day}일\n\n- 저녁\n"),
        );
    }
    for (day, cups) in [("03", 2), ("04", 4)] {
        write(
            v,
            &format!("Journal/2025-07-{day}.md"),
            format!("type: swim\ndistance: 1.5\ncoffee: {cups}\n"),
        );
    }
    process(v);
    let ko = lead(v, "6월에 커피 총 몇 잔 마셨어?");
    assert!(ko.contains("**6"), "{ko}");
    let en = lead(v, "How many coffees did I have in July 2025?");
    assert!(en.contains("**6"), "{en}");
}

#[test]
fn a_distance_labelled_again_is_another_run_and_a_marathon_is_a_race() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "跑步/2024.md",
        "## 2024年4月\n\n### 12日\n早上 轻松跑\n距离：6公里\n配速：6'10\"\n晚上 又去操场跑了几圈\n距离：4公里\n配速：5'05\"\n\n\
         ### 21日\n扬州半程马拉松，天气好热\n距离：21.1公里\n配速：5'02\"\n\n### 25号\n距离：5公里\n",
    );
    write(
        v,
        "Corridas/2024-05-05.md",
        "Meia maratona de Lisboa, muito calor.\nDistância: 21,1 km\nTempo: 1:52:10\n",
    );
    write(
        v,
        "Corridas/2024-05-12.md",
        "Rodagem leve.\nDistância: 8 km\nTempo: 48:00\n",
    );
    process(v);
    let total = lead(v, "2024年4月跑了多少公里？");
    assert!(total.contains("36.1"), "{total}");
    let times = lead(v, "2024年4月跑了几次？");
    assert!(times.contains("**4次**"), "{times}");
    let race = lead(v, "最后一次比赛是什么时候？");
    assert!(race.contains("5月5日"), "{race}");
    let pt = lead(v, "Quantas provas fiz em 2024?");
    assert!(pt.contains("**2"), "{pt}");
}
