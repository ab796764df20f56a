//! A fact told once is found however it was told (DESIGN §4.0, lookup): a day asked in a
//! language without spaces, a verb in another form than the question's (`break`, `broke`),
//! a word inflected otherwise (`neuen`, `neue`), and of two sentences with the same words
//! the one that says them as the question does. Written fresh, in four languages.

mod support;

use support::*;

#[test]
fn the_day_of_a_told_event_is_found_in_any_form() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Journal/2023-06-14.md",
        "Tripped on the curb outside work and tore a ligament in my ankle.\n",
    );
    write(
        v,
        "Journal/2023-07-02.md",
        "Ankle better, a short walk to the shop.\n",
    );
    write(
        v,
        "Journal/2023-08-20.md",
        "Long walk, the ankle held up.\n",
    );
    write(
        v,
        "随记.md",
        "# 随记\n\n- 2024-03-07 把自行车的链条换了，花了95块。\n- 2024-04-11 自行车打了气。\n",
    );
    write(
        v,
        "日記/2024-02-03.md",
        "新しいカメラを買った（42,000円）。\n",
    );
    write(
        v,
        "日記/2024-02-20.md",
        "カメラのケースを買った（2,500円）。\n",
    );
    process(v);

    let en = lead(v, "when did I tear a ligament?");
    assert!(en.contains("Jun 14, 2023"), "{en}");
    let zh = lead(v, "我什么时候换的链条？");
    assert!(zh.contains("3月7日"), "{zh}");
    let ja = lead(v, "カメラを買ったのはいつ？");
    assert!(ja.contains("2月3日"), "{ja}");
}

#[test]
fn a_price_told_with_an_inflected_word_is_found() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Tagebuch 2024.md",
        "# Tagebuch 2024\n\n## 2024-05-02\nDer alte Helm hat einen Riss, gut fünf Jahre alt.\n\n\
         ## 2024-05-09\nNeuer Helm für 89 Euro gekauft, gleich ausprobiert.\n",
    );
    process(v);

    let price = lead(v, "Wie viel hat der neue Helm gekostet?");
    assert!(price.contains("89"), "{price}");
}
