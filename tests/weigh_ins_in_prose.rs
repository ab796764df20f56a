//! Weigh-ins told in prose, wherever the word for the scale stands (`80,0 kg na balança`,
//! `Na balança da academia deu 80.1 kg`, `Stepped on the scale: 81.2 kg`), never someone
//! else's (`Ela subiu na balança: 62 kg`) nor a shopping list's kilos; a waist in
//! centimetres; the period's first reading, how many weigh-ins, and the way they go.
//! Written fresh, in Portuguese and English, in month files and daily notes.

mod support;

use support::*;

#[test]
fn weigh_ins_wherever_the_scale_is_named() {
    let dir = offline_vault();
    let v = dir.path();
    write(
        v,
        "Diário/Julho 2026.md",
        "# Julho 2026\n\n## 2 de julho\nPesagem da manhã 84,0 kg. Cintura: 94 cm.\n\n\
         ## 5 de julho\n83,8 kg na balança, em jejum. Comprei 2 kg de frango.\n\n\
         ## 9 de julho\nNa balança da academia deu 83.5 kg. Treino leve.\n\n\
         ## 12 de julho\nJantar com a Ana. Ela subiu na balança: 62 kg. Balança: 83,1.\n\n\
         ## 20 de julho\nMedi a cintura, 93 cm. Me pesei: 82,9kg.\n",
    );
    write(
        v,
        "journal/2026-08-03.md",
        "Stepped on the scale: 82.4 kg. Rainy.\n",
    );
    write(
        v,
        "journal/2026-08-10.md",
        "Bought 3 kg of apples. 82.0 kg on the scale this morning.\n",
    );
    process(v);

    let count = lead(v, "Quantas vezes me pesei em julho de 2026?");
    assert!(count.contains("5"), "{count}");
    let least = lead(v, "Qual foi meu menor peso em julho de 2026?");
    assert!(least.contains("82,9"), "{least}");
    let first = lead(v, "Qual foi meu primeiro peso em julho de 2026?");
    assert!(first.contains("84"), "{first}");
    let waist = lead(v, "Qual foi a média da minha cintura em julho de 2026?");
    assert!(waist.contains("93,5"), "{waist}");
    let trend = lead(v, "Meu peso está subindo ou descendo?");
    assert!(trend.contains("84") && trend.contains("82"), "{trend}");
    let august = lead(v, "What was my lowest weight in August 2026?");
    assert!(
        august.contains("82 kg") || august.contains("82.0"),
        "{august}"
    );
}
