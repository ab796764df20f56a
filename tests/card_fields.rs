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
