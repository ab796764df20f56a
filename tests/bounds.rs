//! A bound on what is counted (`nights under 7 hours`, `1万歩以上`, `8시간 이상`, `mais de 4
//! horas`): the days whose value passes it, over the typed measures and the person's own
//! fields alike. Written fresh, in several languages and layouts.

mod support;

use support::*;

#[test]
fn nights_and_steps_past_a_bound_are_counted() {
    let dir = offline_vault();
    let v = dir.path();
    // English: a card on some days, prose on others.
    let nights = [
        ("2026-08-03", "- sleep: 6h 40m\n- mood: ok"),
        ("2026-08-04", "Slept 7h 50m, felt fine."),
        ("2026-08-05", "- sleep: 5h 55m"),
        ("2026-08-06", "- sleep: 7h"),
        ("2026-08-07", "Slept 8h 30m after the trip."),
    ];
    for (day, text) in nights {
        write(
            v,
            &format!("Journal/{day}.md"),
            format!("# {day}\n\n{text}\n"),
        );
    }
    // Japanese: steps in the front matter.
    for (day, steps) in [
        ("05", "12,400"),
        ("06", "8300"),
        ("07", "10000"),
        ("08", "9999"),
    ] {
        write(
            v,
            &format!("日記/2026-03-{day}.md"),
            format!("---\nsteps: {steps}\n---\n\n散歩した。\n"),
        );
    }
    process(v);

    let under = lead(
        v,
        "How many nights did I sleep under 7 hours in August 2026?",
    );
    assert!(under.contains("**2 days"), "{under}");
    let least = lead(
        v,
        "How many nights did I sleep at least 7 hours in August 2026?",
    );
    assert!(least.contains("**3 days"), "{least}");
    let ja = lead(v, "2026年3月に1万歩以上歩いた日は何日？");
    assert!(ja.contains("2日"), "{ja}");
    let more = lead(
        v,
        "How many days in March 2026 did I walk more than 10,000 steps?",
    );
    assert!(more.contains("**1 day"), "{more}");
    // No night passes: none, not every night counted nor "no sleep logged".
    let none = lead(
        v,
        "How many nights did I sleep under 3 hours in August 2026?",
    );
    assert!(none.contains("**0 days"), "{none}");
}

#[test]
fn the_persons_own_fields_are_counted_past_a_bound() {
    let dir = offline_vault();
    let v = dir.path();
    for (day, focus) in [
        ("01", "5"),
        ("02", "3.5"),
        ("03", "4"),
        ("04", "6"),
        ("05", "2"),
    ] {
        write(
            v,
            &format!("Daily/2026-09-{day}.md"),
            format!("---\nfocus hours: {focus}\n---\n\nWorked on the report.\n"),
        );
    }
    // Portuguese: a table of days with the person's own column.
    write(
        v,
        "Leitura 2026.md",
        "# Leitura\n\n| Data | Páginas |\n|---|---|\n| 2026-10-01 | 35 |\n\
         | 2026-10-02 | 12 |\n| 2026-10-03 | 50 |\n| 2026-10-04 | 20 |\n",
    );
    process(v);

    let more = lead(
        v,
        "How many days in September 2026 did I have more than 4 focus hours?",
    );
    assert!(
        more.contains("**2**") && more.contains("more than 4"),
        "{more}"
    );
    let at_most = lead(
        v,
        "How many days in September 2026 was my focus hours 4 or less?",
    );
    assert!(at_most.contains("**3**"), "{at_most}");
    let none = lead(
        v,
        "How many days in September 2026 did I have more than 9 focus hours?",
    );
    assert!(none.contains("**0**"), "{none}");
    let pt = lead(
        v,
        "Em quantos dias de outubro de 2026 li mais de 30 páginas?",
    );
    assert!(pt.contains("**2"), "{pt}");
}
