//! A field looked up on a day by another of its names (`humeur` finds `Moral :`, `mood`
//! finds `気分：`): the lexicon's aliases of a field bridge the person's key and the
//! question's word, in any language. The value is told without the sentence's full stop,
//! on the day named in the question's language. Written fresh, two languages and layouts.

mod support;

use support::*;

#[test]
fn a_field_is_found_by_another_of_its_names() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Journal/2025-03-11.md",
        "- Moral : fatigué.\n- Lu 20 pages.\n",
    );
    write(v, "Journal/2025-03-12.md", "- Humeur : serein.\n");
    write(v, "日記/2024-04-20.md", "## 記録\n機嫌：上々\n歩数：8000\n");
    process(v);
    let fr = lead(v, "Quelle était mon humeur le 11 mars 2025 ?");
    assert!(fr.contains("**fatigué**") && fr.contains("11 mars"), "{fr}");
    let en = lead(v, "What was my mood on March 12, 2025?");
    assert!(en.contains("**serein**") && en.contains("Mar 12"), "{en}");
    let ja = lead(v, "2024年4月20日の気分は？");
    assert!(ja.contains("**上々**"), "{ja}");
}
