//! Embeds every language file of the offline reader (`lexicon/*.yaml`), so
//! a language is added by adding its file: the list is written to `OUT_DIR/lexicon_files.rs`
//! and included by `src/offline/read/lexicon.rs`. Each file is embedded as written and as
//! JSON too: the program reads the JSON (a tenth of the time YAML takes, which was a tenth
//! of a one-shot `ask`); the tests read both.
//!
//! Also writes the reader's fingerprint (`OUT_DIR/reader_fingerprint.rs`): a hash of the
//! sources that decide how an entry is read (`READER`), so a vault indexed by another
//! reader is read again on its next pass (see `src/offline/fingerprint.rs`).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    // Read when run, not when built: one built script may serve several checkouts.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dir = Path::new(&manifest).join("lexicon");
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
    write_fingerprint(Path::new(&manifest), &out_dir);
}

/// What decides how an entry is read: the rules' reader with its language files, the words
/// of activities and cues it uses, how notes are cut into entries and dated, and the shipped
/// domains. Folders are taken whole; their tests are not part of the reader.
const READER: &[&str] = &[
    "src/offline/read",
    "lexicon",
    "src/offline/activities.rs",
    "src/offline/cues.rs",
    "src/vault/entry.rs",
    "src/vault/dating.rs",
    "src/vault/heading_path.rs",
    "src/vault/day_rows.rs",
    "src/vault/day_labels.rs",
    "src/vault/coded_headings.rs",
    "src/vault/note.rs",
    "src/vault/frontmatter.rs",
    "src/vault/index.rs",
    "src/vault/db/encoded.rs",
    "domains",
];

fn write_fingerprint(root: &Path, out_dir: &Path) {
    let mut files = Vec::new();
    for rel in READER {
        let path = root.join(rel);
        println!("cargo:rerun-if-changed={}", path.display());
        collect(&path, &mut files);
    }
    files.sort();
    // FNV-1a over each file's path (from the crate's root) and bytes: stable across builds
    // and machines, with no crate for it.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for b in bytes {
            hash ^= u64::from(*b);
            hash = hash.wrapping_mul(0x0100_0000_01b3);
        }
    };
    for path in &files {
        let rel = path.strip_prefix(root).unwrap_or(path);
        eat(rel.to_string_lossy().as_bytes());
        eat(&[0]);
        let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        eat(&bytes);
        eat(&[0]);
    }
    let dest = out_dir.join("reader_fingerprint.rs");
    let text = format!(
        "/// The fingerprint of the reader this program was built with.\npub const BUILT: &str = \"{hash:016x}\";\n"
    );
    std::fs::write(&dest, text).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}

/// The reader's files under `path` (itself when a file): Rust and YAML, tests left out.
fn collect(path: &Path, files: &mut Vec<std::path::PathBuf>) {
    if path.is_dir() {
        let entries = std::fs::read_dir(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for entry in entries {
            let entry = entry.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            collect(&entry.path(), files);
        }
        return;
    }
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let source = name.ends_with(".rs") || name.ends_with(".yaml");
    if source && name != "tests.rs" {
        files.push(path.to_path_buf());
    }
}
