//! Embeds every language file of the offline reader (`src/offline/read/lexicon/*.yaml`), so
//! a language is added by adding its file: the list is written to `OUT_DIR/lexicon_files.rs`
//! and included by `src/offline/read/lexicon.rs`.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/offline/read/lexicon");
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
    for lang in &langs {
        let path = dir.join(format!("{lang}.yaml"));
        println!("cargo:rerun-if-changed={}", path.display());
        writeln!(
            out,
            "    ({lang:?}, include_str!({:?})),",
            path.display().to_string()
        )
        .expect("writing to a String");
    }
    out.push_str("];\n");
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("lexicon_files.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
