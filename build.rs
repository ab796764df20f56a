//! Embeds every language file of the offline reader (`src/offline/read/lexicon/*.yaml`), so
//! a language is added by adding its file: the list is written to `OUT_DIR/lexicon_files.rs`
//! and included by `src/offline/read/lexicon.rs`. Each file is embedded as written and as
//! JSON too: the program reads the JSON (a tenth of the time YAML takes, which was a tenth
//! of a one-shot `ask`); the tests read both.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when run, not when built: one built script may serve several checkouts.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("src/offline/read/lexicon");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut langs: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "yaml").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .collect();
    // English first: where the merged lexicon keeps an order (the units a question names,
    // the first being its main one), it is en.yaml's; the others follow by name.
    langs.sort_by_key(|l| (l != "en", l.clone()));
    let mut out = String::from(
        "/// The shipped files, by language code.\nconst FILES: &[(&str, &str)] = &[\n",
    );
    let out_dir = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    let mut json = String::from(
        "/// The shipped files as JSON, by language code, in the order of `FILES`.\nconst JSON_FILES: &[(&str, &str)] = &[\n",
    );
    for lang in &langs {
        let path = dir.join(format!("{lang}.yaml"));
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({lang:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let value: serde_json::Value =
            serde_yaml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json_path = out_dir.join(format!("lexicon-{lang}.json"));
        std::fs::write(&json_path, value.to_string())
            .unwrap_or_else(|e| panic!("{}: {e}", json_path.display()));
        writeln!(
            json,
            "    ({lang:?}, include_str!({:?})),",
            json_path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    json.push_str("];\n");
    out.push_str(&json);
    let dest = out_dir.join("lexicon_files.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
