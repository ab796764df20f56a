//! Question forms that put the period or the count inside other words (DESIGN §4.0,
//! periods): a month of last year named by its word (`去年4月`, `작년 4월`), and a count
//! put between a Chinese verb and its object (`爬了几次山`). Written fresh.

mod support;

use chrono::Datelike;
use support::*;

#[test]
fn a_month_of_last_year_and_a_count_inside_the_verb() {
    let dir = offline_vault();
    let v = dir.path();
    let last_year = chrono::Local::now().date_naive().year() - 1;
    write(
        v,
        "生活/记录.md",
        format!(
            "# 记录\n\n- {y}.4.6（周日）和老周去爬山。\n- {y}.4.13（周日）去爬山，人很多。\n\
             - {y}.4.20（周日）和老周去爬山，下雨了。\n- {y}.5.4（周日）去爬山。\n",
            y = last_year
        ),
    );
    write(
        v,
        &format!("일기/{last_year}-04-12.md"),
        "오늘 수영 다녀옴.\n",
    );
    write(
        v,
        &format!("일기/{last_year}-04-26.md"),
        "저녁에 수영 다녀옴.\n",
    );
    process(v);

    let count = lead(v, &format!("{last_year}年4月我去爬了几次山？"));
    assert!(count.contains('3'), "{count}");
    let last = lead(v, "去年4月最后一次去爬山是哪天？");
    assert!(
        last.contains("4月20") || last.contains(&format!("{last_year}-04-20")),
        "{last}"
    );
    let ko = lead(v, "작년 4월에 마지막으로 수영한 날은?");
    assert!(ko.contains("4월 26일"), "{ko}");
}
