//! A vault's own words (`.vault-agent/lexicon/<lang>.yaml`): they add to the shipped
//! language files, the notes are read again with them, and a bad file stops the program
//! with its name and the key at fault, before anything is written.

mod support;

use support::*;

fn paddling_vault() -> tempfile::TempDir {
    let dir = offline_vault();
    let v = dir.path();
    for day in [3, 9, 17] {
        write(
            v,
            &format!("Daily/2024-10-{day:02}.md"),
            "- paddled round the reservoir\n- groceries\n",
        );
        write(
            v,
            &format!("Journal/2024-11-{day:02}.md"),
            "- pagayé sur le lac avec Léa\n- courses\n",
        );
    }
    dir
}

#[test]
fn words_of_the_vaults_own_teach_an_activity_in_two_languages() {
    let dir = paddling_vault();
    let v = dir.path();
    process(v);
    let en = "How many times did I paddle in October 2024?";
    let fr = "Combien de fois ai-je pagayé en novembre 2024 ?";
    let before = (lead(v, en), lead(v, fr));
    assert!(!before.0.contains("**3"), "{before:?}");
    write(
        v,
        ".vault-agent/lexicon/en.yaml",
        "activities:\n  paddling: [paddle, paddled, paddling, kayak]\n",
    );
    write(
        v,
        ".vault-agent/lexicon/fr.yaml",
        "activities:\n  paddling: [pagayer, pagayé, pagaie, kayak]\n",
    );
    let (report, _) = process(v);
    assert!(report.contains("re-read"), "{report}");
    let after = (lead(v, en), lead(v, fr));
    assert!(after.0.contains("**3"), "{after:?}");
    assert!(after.1.contains("**3"), "{after:?}");
}

#[test]
fn a_bad_file_of_words_is_named_with_its_key_and_nothing_is_written() {
    let dir = paddling_vault();
    let v = dir.path();
    write(v, "Daily/2024-10-20.md", "? how many times did I paddle\n");
    for (file, text, key) in [
        (
            "en.yaml",
            "activities:\n  paddling: paddle\n",
            "activities.paddling",
        ),
        (
            "de.yaml",
            "aktivitäten:\n  paddeln: [paddeln]\n",
            "aktivitäten",
        ),
        ("pt.yaml", "activities: [\n", "pt.yaml"),
    ] {
        write(v, &format!(".vault-agent/lexicon/{file}"), text);
        let out = run(&["--vault", v.to_str().unwrap(), "process"]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(&format!("lexicon/{file}")), "{err}");
        assert!(err.contains(key), "{err}");
        assert!(
            !err.contains("column 5"),
            "the merged text is no place in the file: {err}"
        );
        std::fs::remove_file(v.join(".vault-agent/lexicon").join(file)).unwrap();
    }
    assert_eq!(
        read(v, "Daily/2024-10-20.md"),
        "? how many times did I paddle\n"
    );
}
