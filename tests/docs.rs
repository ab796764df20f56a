//! The documents stay true: every relative link in README.md, docs/ and tools/README.md leads
//! somewhere, every command they show exists, the config keys and ranges in docs/config.md
//! are the ones `init` writes and the program enforces, the examples of docs/reading.md and
//! docs/questions.md are read and answered as they say, and the tests docs/reliability.md
//! names exist. The examples are data in the documents; a new row needs no new test.

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use support::*;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents a person reads.
fn documents() -> Vec<PathBuf> {
    let mut docs = vec![root().join("README.md"), root().join("tools/README.md")];
    let mut in_docs: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    in_docs.sort();
    docs.extend(in_docs);
    docs
}

fn doc(rel: &str) -> String {
    std::fs::read_to_string(root().join(rel)).unwrap()
}

fn rel(path: &Path) -> String {
    path.strip_prefix(root()).unwrap().display().to_string()
}

/// A document's lines, each with the info string of the code block it is in (`None` outside
/// code blocks).
fn lines_with_fence(text: &str) -> Vec<(Option<String>, &str)> {
    let mut out = Vec::new();
    let mut fence: Option<String> = None;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if let Some(info) = trimmed.strip_prefix("```") {
            match fence {
                Some(_) => fence = None,
                None => fence = Some(info.trim().to_string()),
            }
            continue;
        }
        out.push((fence.clone(), line));
    }
    out
}

/// The inline code spans of a line of prose.
fn code_spans(line: &str) -> Vec<String> {
    line.split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, s)| s.to_string())
        .collect()
}

/// GitHub's anchor for a heading.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

fn anchors(text: &str) -> BTreeSet<String> {
    lines_with_fence(text)
        .into_iter()
        .filter(|(fence, _)| fence.is_none())
        .filter_map(|(_, line)| {
            let hashes = line.chars().take_while(|c| *c == '#').count();
            (hashes > 0 && line[hashes..].starts_with(' ')).then(|| anchor(&line[hashes..]))
        })
        .collect()
}

#[test]
fn every_relative_link_leads_to_a_file_and_heading_that_exist() {
    let link = regex::Regex::new(r"\]\(([^)\s]+)\)").unwrap();
    let mut broken = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        for (_, line) in lines_with_fence(&text)
            .into_iter()
            .filter(|(f, _)| f.is_none())
        {
            for cap in link.captures_iter(line) {
                let target = &cap[1];
                if target.starts_with("http://")
                    || target.starts_with("https://")
                    || target.starts_with("mailto:")
                {
                    continue;
                }
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let file = if file.is_empty() {
                    path.clone()
                } else {
                    path.parent().unwrap().join(file)
                };
                if !file.exists() {
                    broken.push(format!("{}: {target}: no such file", rel(&path)));
                    continue;
                }
                if !fragment.is_empty() {
                    let target_text = std::fs::read_to_string(&file).unwrap_or_default();
                    if !anchors(&target_text).contains(fragment) {
                        broken.push(format!("{}: {target}: no such heading", rel(&path)));
                    }
                }
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

/// The command lines the documents show: shell code blocks and inline code spans.
fn shown_commands() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for path in documents() {
        let text = std::fs::read_to_string(&path).unwrap();
        for (fence, line) in lines_with_fence(&text) {
            match fence.as_deref() {
                Some("sh") | Some("console") | Some("bash") => {
                    out.push((rel(&path), line.to_string()))
                }
                Some(_) => {}
                None => out.extend(code_spans(line).into_iter().map(|s| (rel(&path), s))),
            }
        }
    }
    out
}

/// `vault-agent SUBCOMMAND --flag ...` in a command line: the subcommand (None for the bare
/// prompt) and the long flags after it.
fn vault_agent_invocations(line: &str) -> Vec<(Option<String>, Vec<String>)> {
    let mut out = Vec::new();
    let words: Vec<&str> = line.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        if !(*w == "vault-agent" || w.ends_with("/vault-agent")) {
            continue;
        }
        let rest = &words[i + 1..];
        let rest: Vec<&str> = rest
            .iter()
            .take_while(|w| !["|", "&&", ";", ">", "#", "&"].contains(w))
            .copied()
            .collect();
        let mut command = None;
        let mut flags = Vec::new();
        let mut skip_value = false;
        for w in &rest {
            if skip_value {
                skip_value = false;
                continue;
            }
            if let Some(flag) = w.strip_prefix("--") {
                let name = flag.split(['=', '[', ']']).next().unwrap_or("");
                if !name.is_empty() {
                    flags.push(format!("--{name}"));
                }
                // Global flags that take a value before the command name.
                skip_value = command.is_none() && ["provider", "vault", "config"].contains(&name);
            } else if w.starts_with('-') {
                continue;
            } else if command.is_none()
                && w.chars().all(|c| c.is_ascii_lowercase())
                && !w.is_empty()
            {
                command = Some(w.to_string());
            }
        }
        // Run by another program (`npx … inspector --cli vault-agent mcp … --method …`):
        // the flags after it may be that program's.
        let run_directly = words[..i]
            .iter()
            .all(|w| w.contains('=') && !w.starts_with('-'));
        if !run_directly {
            flags.clear();
        }
        out.push((command, flags));
    }
    out
}

#[test]
fn every_command_and_flag_shown_exists() {
    let mut help: BTreeMap<String, String> = BTreeMap::new();
    let mut wrong = Vec::new();
    for (file, line) in shown_commands() {
        for (command, flags) in vault_agent_invocations(&line) {
            let key = command.clone().unwrap_or_default();
            let text = help.entry(key.clone()).or_insert_with(|| {
                let mut args: Vec<&str> = command.iter().map(String::as_str).collect();
                args.push("--help");
                let out = run(&args);
                if !out.status.success() {
                    wrong.push(format!(
                        "{file}: `{line}`: `vault-agent {key} --help` failed: {}",
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
                String::from_utf8_lossy(&out.stdout).into_owned()
            });
            for flag in flags {
                if !text.contains(&flag) {
                    wrong.push(format!(
                        "{file}: `{line}`: `vault-agent {key}` has no {flag}"
                    ));
                }
            }
        }
        // Other programs of this repository the documents run.
        let words: Vec<&str> = line.split_whitespace().collect();
        for pair in words.windows(2) {
            let missing = match pair {
                ["python3", script] if script.ends_with(".py") => {
                    (!root().join(script).exists()).then(|| script.to_string())
                }
                ["--bench", name] => (!root().join("benches").join(format!("{name}.rs")).exists())
                    .then(|| format!("benches/{name}.rs")),
                ["--test", name] => (!root().join("tests").join(format!("{name}.rs")).exists())
                    .then(|| format!("tests/{name}.rs")),
                _ => None,
            };
            if let Some(missing) = missing {
                wrong.push(format!("{file}: `{line}`: {missing} does not exist"));
            }
        }
    }
    assert!(
        help.len() > 10,
        "the documents show the commands: {:?}",
        help.keys()
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn every_test_reliability_md_names_exists() {
    let named = regex::Regex::new(r"`((?:tests|src)/[\w/]+\.rs)::([\w:]+)`").unwrap();
    let text = doc("docs/reliability.md");
    let mut missing = Vec::new();
    let mut seen = 0;
    for cap in named.captures_iter(&text) {
        seen += 1;
        let file = root().join(&cap[1]);
        let test = cap[2].rsplit("::").next().unwrap();
        let source = std::fs::read_to_string(&file).unwrap_or_default();
        if !source.contains(&format!("fn {test}(")) {
            missing.push(format!("{}::{}", &cap[1], &cap[2]));
        }
    }
    assert!(seen > 20, "reliability.md names its tests");
    assert!(
        missing.is_empty(),
        "named but not found:\n{}",
        missing.join("\n")
    );
}

// ---- docs/config.md ----

/// The rows of the tables of docs/config.md whose first column is a key: (key, default,
/// allowed).
fn config_rows() -> Vec<(String, String, String)> {
    doc("docs/config.md")
        .lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split(" | ").map(str::trim).collect();
            let key = cells.first()?.trim_matches('`');
            (cells.len() >= 3 && key.contains(['.', '_']) && !key.contains('/')).then(|| {
                (
                    key.to_string(),
                    cells[1].trim_matches('`').to_string(),
                    cells[2].to_string(),
                )
            })
        })
        .collect()
}

/// A documented key matches a written one: upper-case segments (NAME, TIER...) stand for any.
fn key_matches(pattern: &str, key: &str) -> bool {
    let p: Vec<&str> = pattern.split('.').collect();
    let k: Vec<&str> = key.split('.').collect();
    p.len() == k.len()
        && p.iter().zip(&k).all(|(p, k)| {
            p == k || (!p.is_empty() && p.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        })
}

fn flatten(prefix: &str, value: &serde_yaml::Value, out: &mut BTreeMap<String, String>) {
    match value {
        serde_yaml::Value::Mapping(map) => {
            for (k, v) in map {
                // A model's name may hold dots (`qwen2.5:7b`): one segment all the same.
                let k = k.as_str().unwrap().replace('.', "_");
                let key = if prefix.is_empty() {
                    k.to_string()
                } else {
                    format!("{prefix}.{k}")
                };
                flatten(&key, v, out);
            }
        }
        serde_yaml::Value::String(s) => {
            out.insert(prefix.to_string(), s.clone());
        }
        other => {
            out.insert(
                prefix.to_string(),
                serde_yaml::to_string(other).unwrap().trim().to_string(),
            );
        }
    }
}

#[test]
fn config_md_holds_every_key_init_writes_with_the_same_default() {
    let vault = tempfile::tempdir().unwrap();
    let out = run(&["init", vault.path().to_str().unwrap()]);
    assert!(out.status.success());
    let written = read(vault.path(), ".vault-agent/config.yaml");
    // The live keys, and the `llm:` section init writes commented out.
    let mut keys = BTreeMap::new();
    flatten(
        "",
        &serde_yaml::from_str(&written).expect("init writes YAML"),
        &mut keys,
    );
    let commented: String = written
        .lines()
        .skip_while(|l| !l.starts_with("# llm:"))
        .map(|l| format!("{}\n", l.strip_prefix("# ").unwrap_or("")))
        .collect();
    let mut llm = BTreeMap::new();
    flatten(
        "",
        &serde_yaml::from_str(&commented).expect("the commented llm section is YAML"),
        &mut llm,
    );
    assert!(keys.len() >= 9 && llm.len() >= 10, "{keys:?} {llm:?}");
    let rows = config_rows();
    let mut wrong = Vec::new();
    for (key, default) in &keys {
        match rows.iter().find(|(k, _, _)| k == key) {
            None => wrong.push(format!("{key} is not in docs/config.md")),
            Some((_, d, _)) if d != default => wrong.push(format!(
                "{key}: init writes {default}, docs/config.md says {d}"
            )),
            Some(_) => {}
        }
    }
    for (key, default) in &llm {
        match rows.iter().find(|(k, _, _)| key_matches(k, key)) {
            None => wrong.push(format!("{key} (commented) is not in docs/config.md")),
            // Literal keys carry one default; the patterns' defaults are lists in words.
            Some((k, d, _)) if k == key && d != default => wrong.push(format!(
                "{key}: init writes {default}, docs/config.md says {d}"
            )),
            Some(_) => {}
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A config file setting one dotted key (upper-case segments become concrete names).
fn config_setting(key: &str, value: &str) -> String {
    let mut text = String::new();
    for (depth, part) in key.split('.').enumerate() {
        let part = match part {
            "NAME" => "mybox",
            "AGENT" => "parser",
            "MODEL" => "some-model",
            "TIER" => "low",
            "PROVIDER" => "ollama",
            p => p,
        };
        text.push_str(&"  ".repeat(depth));
        text.push_str(part);
        text.push(':');
        if depth + 1 == key.split('.').count() {
            text.push_str(&format!(" {value}\n"));
        } else {
            text.push('\n');
        }
    }
    text
}

#[test]
fn config_md_ranges_are_the_ones_the_program_enforces() {
    let range = regex::Regex::new(r"^(\d+) to (\d+)$").unwrap();
    let at_least = regex::Regex::new(r"^(\d+) or more$").unwrap();
    let vault = tempfile::tempdir().unwrap();
    let config = vault.path().join("config.yaml");
    let check = |key: &str, value: u64, ok: bool| -> Option<String> {
        std::fs::write(&config, config_setting(key, &value.to_string())).unwrap();
        let out = run(&[
            "context",
            vault.path().to_str().unwrap(),
            "--config",
            config.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let refused_naming_it =
            out.status.code() == Some(2) && stderr.contains(key.rsplit('.').next().unwrap());
        match (ok, out.status.success(), refused_naming_it) {
            (true, true, _) | (false, _, true) => None,
            (true, false, _) => Some(format!("{key}: {value} is documented as allowed: {stderr}")),
            (false, _, false) => Some(format!(
                "{key}: {value} is outside the documented range but not refused naming the key: {stderr}"
            )),
        }
    };
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (key, _, allowed) in config_rows() {
        if let Some(c) = range.captures(&allowed) {
            let (min, max): (u64, u64) = (c[1].parse().unwrap(), c[2].parse().unwrap());
            wrong.extend(check(&key, min, true));
            wrong.extend(check(&key, max, true));
            wrong.extend(check(&key, max + 1, false));
            if min > 0 {
                wrong.extend(check(&key, min - 1, false));
            }
            checked += 1;
        } else if let Some(c) = at_least.captures(&allowed) {
            let min: u64 = c[1].parse().unwrap();
            wrong.extend(check(&key, min, true));
            wrong.extend(check(&key, min - 1, false));
            checked += 1;
        }
    }
    assert!(checked >= 14, "docs/config.md gives ranges ({checked})");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---- docs/reading.md and docs/questions.md: examples run through the binary ----

/// The rows of the tables of `text` whose header starts with `header`, as cells with their
/// code spans' backticks removed.
fn table(text: &str, header: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        if line.starts_with(header) {
            inside = true;
            continue;
        }
        if !line.starts_with('|') {
            inside = false;
            continue;
        }
        if inside && !line.starts_with("|---") {
            rows.push(
                line.trim()
                    .trim_matches('|')
                    .split(" | ")
                    .map(|c| c.trim().to_string())
                    .collect(),
            );
        }
    }
    rows
}

fn unquote(cell: &str) -> String {
    cell.trim().trim_matches('`').to_string()
}

fn export_records(vault: &Path) -> Vec<Value> {
    let out = run(&[
        "export",
        vault.to_str().unwrap(),
        "--format",
        "jsonl",
        "--shape",
        "records",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// `bench press: weight 185, unit kg, reps 5` -> activity and the fields it states.
fn expected_record(text: &str) -> (String, Vec<(String, String)>) {
    let text = unquote(text);
    let (activity, fields) = text.split_once(": ").unwrap_or((&text, ""));
    let fields = fields
        .split(", ")
        .filter(|f| !f.is_empty())
        .map(|f| {
            let (k, v) = f.split_once(' ').expect("`field value`");
            (k.to_string(), v.to_string())
        })
        .collect();
    (activity.to_string(), fields)
}

fn field_is(actual: &Value, want: &str) -> bool {
    match actual {
        Value::Number(n) => want
            .parse::<f64>()
            .is_ok_and(|w| (n.as_f64().unwrap() - w).abs() < 0.01),
        Value::String(s) => s == want,
        Value::Null => want == "none",
        Value::Bool(b) => want.parse::<bool>() == Ok(*b),
        other => panic!("a record field is a number, text, true or false: {other}"),
    }
}

#[test]
fn reading_md_examples_are_read_as_documented() {
    let text = doc("docs/reading.md");
    let shapes = table(&text, "| you write | read as |");
    let dates = table(&text, "| note | its text | the entry's date |");
    assert!(shapes.len() >= 10 && dates.len() >= 5);
    let vault = tempfile::tempdir().unwrap();
    write(
        vault.path(),
        ".obsidian/daily-notes.json",
        r#"{"folder": "Daily", "format": "YYYY-MM-DD"}"#,
    );
    let first = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    let mut notes = Vec::new();
    for (i, row) in shapes.iter().enumerate() {
        let note = format!("Daily/{}.md", first + chrono::Days::new(i as u64));
        write(vault.path(), &note, format!("{}\n", unquote(&row[0])));
        notes.push(note);
    }
    for row in &dates {
        let body = unquote(&row[1]).replace("<br>", "\n");
        write(vault.path(), &unquote(&row[0]), format!("{body}\n"));
    }
    process(vault.path());
    let records = export_records(vault.path());
    let of = |note: &str| -> Vec<&Value> { records.iter().filter(|r| r["note"] == note).collect() };
    let mut wrong = Vec::new();
    for (row, note) in shapes.iter().zip(&notes) {
        let actual = of(note);
        let expected: Vec<_> = if row[1] == "nothing" {
            Vec::new()
        } else {
            row[1].split("<br>").map(expected_record).collect()
        };
        let fits = actual.len() == expected.len()
            && expected.iter().all(|(activity, fields)| {
                actual.iter().any(|r| {
                    r["activity"] == activity.as_str()
                        && fields.iter().all(|(k, v)| field_is(&r[k.as_str()], v))
                })
            });
        if !fits {
            wrong.push(format!(
                "{}: documented as {}, read as {}",
                row[0],
                row[1],
                serde_json::to_string(&actual).unwrap()
            ));
        }
    }
    for row in &dates {
        let note = unquote(&row[0]);
        let want = unquote(&row[2]);
        let actual = of(&note);
        if actual.is_empty() || actual.iter().any(|r| r["date"] != want.as_str()) {
            wrong.push(format!(
                "{note}: documented as dated {want}, read as {}",
                serde_json::to_string(&actual).unwrap()
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn questions_md_examples_are_answered_as_documented() {
    let text = doc("docs/questions.md");
    let examples = table(&text, "| you ask | the answer's first line holds |");
    assert!(examples.len() >= 8);
    let vault = temp_sample();
    // The notes the page adds: ```markdown PATH blocks.
    let mut path = None;
    let mut body = String::new();
    for line in text.lines() {
        match (line.strip_prefix("```markdown "), &path) {
            (Some(p), None) => path = Some(p.trim().to_string()),
            (None, Some(p)) if line.starts_with("```") => {
                write(vault.path(), p, &body);
                path = None;
                body.clear();
            }
            (None, Some(_)) => {
                body.push_str(line);
                body.push('\n');
            }
            _ => {}
        }
    }
    let day = "Daily/2026-11-21.md";
    let mut note = read(vault.path(), day);
    for row in &examples {
        let q = unquote(&row[0]);
        if !note.lines().any(|l| l == q) {
            note.push_str(&format!("{q}\n"));
        }
    }
    write(vault.path(), day, &note);
    process(vault.path());
    let answered = read(vault.path(), day);
    let lines: Vec<&str> = answered.lines().collect();
    let mut wrong = Vec::new();
    for row in &examples {
        let q = unquote(&row[0]);
        let want = unquote(&row[1]);
        let at = lines.iter().position(|l| *l == q).unwrap();
        let first = lines.get(at + 2).copied().unwrap_or("");
        if !lines[at + 1].starts_with("> [!answer]") || !first.contains(&want) {
            wrong.push(format!("{q}: documented to hold {want}, answered: {first}"));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

// ---- messages a person meets are about their command ----

#[test]
fn commands_that_call_no_model_say_nothing_about_a_model_server() {
    let vault = tempfile::tempdir().unwrap();
    write(
        vault.path(),
        ".vault-agent/config.yaml",
        // Nothing listens on the discard port: a model call would be refused at once.
        "llm:\n  providers:\n    ollama: { api_base: \"http://127.0.0.1:9\" }\n",
    );
    write(
        vault.path(),
        "2026-11-20.md",
        "ran 5 km\nbench 3x5 @ 80kg\n",
    );
    let v = vault.path().to_str().unwrap();
    let with_default_provider = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_vault-agent"))
            .args(args)
            .env_remove("VAULT_AGENT_VAULT")
            .env_remove("VAULT_AGENT_PROVIDER")
            .output()
            .unwrap()
    };
    for args in [
        vec!["export", "--help"],
        vec!["export", v],
        vec!["export", v, "--format", "jsonl", "--shape", "records"],
        vec!["context", v],
        vec!["init", "--help"],
    ] {
        let out = with_default_provider(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            !stderr.to_lowercase().contains("model"),
            "{args:?} calls no model but says: {stderr}"
        );
    }
    // The same vault does say so to a command that needs the model.
    write(vault.path(), "2026-11-21.md", "? how far did I run\n");
    let out = with_default_provider(&["process", v]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no model server answers"), "{stderr}");
}

#[test]
fn readme_shows_first_the_two_set_up_commands_ci_runs() {
    let readme = doc("README.md");
    let first_block: Vec<&str> = lines_with_fence(&readme)
        .into_iter()
        .skip_while(|(fence, _)| fence.as_deref() != Some("sh"))
        .take_while(|(fence, _)| fence.as_deref() == Some("sh"))
        .map(|(_, line)| line.split(" #").next().unwrap().trim())
        .collect();
    assert_eq!(
        first_block,
        ["cargo run --release -- process sample-vault", "cargo test"]
    );
    let ci = doc(".ci/run");
    for command in [
        "cargo run --release --locked -- process sample-vault",
        "cargo test --locked",
    ] {
        assert!(ci.contains(command), ".ci/run runs `{command}`");
    }
}
