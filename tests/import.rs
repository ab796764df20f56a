//! `vault-agent import`: old logs into daily notes, once, through the same pipeline.

mod support;

use support::*;

fn cli(vault: &std::path::Path, args: &[&str]) -> (String, String, i32) {
    let mut all = vec!["--vault", vault.to_str().unwrap()];
    all.extend_from_slice(args);
    let out = run(&all);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn old_logs_are_imported_once_and_answerable() {
    let vault = temp_sample();
    let v = vault.path();
    let old = tempfile::tempdir().unwrap();
    write(
        old.path(),
        "2023 log.txt",
        "My old running log\n\n2023-04-03\nran 5 km in 28 min\n\n2023-04-10\nran 8 km in 45 min\nslept 6h\n\n2023-04-17\nran 6 km in 33 min\n",
    );
    write(
        old.path(),
        "gym/2023-04-12.md",
        "squat 100kg 5x5, felt heavy\n",
    );
    // An existing daily note on one of the dates keeps everything it had.
    write(v, "Daily/2023-04-10.md", "## 07:00\nwoke early\n");
    let src = old.path().to_str().unwrap();

    let (out, _, code) = cli(v, &["import", "--dry-run", src]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("would import 4 blocks") && out.contains("Daily/2023-04-03.md: 1"),
        "{out}"
    );
    assert!(
        !v.join("Daily/2023-04-03.md").exists(),
        "a dry run writes nothing"
    );

    let (out, err, code) = cli(v, &["import", src]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("imported 4 blocks of dated entries from 2 files into 4 daily notes"),
        "{out}"
    );
    assert!(
        err.contains("lines before the first date were not imported"),
        "{err}"
    );
    let existing = read(v, "Daily/2023-04-10.md");
    assert!(existing.starts_with("## 07:00\nwoke early\n\n## Imported from 2023 log.txt\n\nran 8 km in 45 min\nslept 6h\n"), "{existing:?}");
    assert!(read(v, "Daily/2023-04-12.md")
        .contains("## Imported from 2023-04-12.md\n\nsquat 100kg 5x5, felt heavy"));

    // The same pipeline parsed them: the numbers are answerable.
    let (out, _, _) = cli(v, &["ask", "how many times did I run in April 2023?"]);
    assert!(
        out.contains("**3 runs**") && out.contains("19 km in all"),
        "{out}"
    );

    // Importing again adds nothing.
    let before = read(v, "Daily/2023-04-10.md");
    let (out, _, _) = cli(v, &["import", src]);
    assert!(
        out.contains("imported 0 blocks") && out.contains("4 already imported"),
        "{out}"
    );
    assert_eq!(read(v, "Daily/2023-04-10.md"), before);

    // A folder inside the vault is refused.
    let (_, err, code) = cli(v, &["import", v.join("Daily").to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("inside the vault"), "{err}");
}
