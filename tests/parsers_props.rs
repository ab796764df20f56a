//! Property tests: every reader of text we do not control (notes, frontmatter, config and
//! domain files, Obsidian's settings, model output, the rule reader, question reading) takes
//! any input without panicking. Inputs are both arbitrary text and text built from the
//! pieces real inputs are made of, so the random cases reach past the first early return.
//!
//! Case counts are kept small for CI; `PROPTEST_CASES=5000 cargo test --test parsers_props`
//! runs a longer hunt.

use chrono::{Duration, NaiveDate, Weekday};
use proptest::prelude::*;
use serde::de::DeserializeOwned;
use serde_json::Value;
use vault_agent::agents::{
    analyzer, clarifier, evaluator, observer, parser, planner, retriever, router, synthesizer,
};
use vault_agent::config::moment::DateFormat;
use vault_agent::config::{Config, DailyNotes, ObsidianSettings};
use vault_agent::domains::Domains;
use vault_agent::llm::config::ProviderKind;
use vault_agent::llm::{lenient, wire};
use vault_agent::offline::{dates, query, read, route};
use vault_agent::vault::entry::{entries, entries_dated};
use vault_agent::vault::index::date_note;
use vault_agent::vault::{callout, dating, note, pending, Entry, EntryId, Note};

/// `PROPTEST_CASES` when set, else `default`.
fn config(default: u32) -> ProptestConfig {
    let cases = std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default);
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

fn shipped() -> &'static Domains {
    static DOMAINS: std::sync::OnceLock<Domains> = std::sync::OnceLock::new();
    DOMAINS.get_or_init(Domains::shipped)
}

/// Pieces of notes as people write them, and the lines vault-agent writes into them.
const NOTE_PIECES: &[&str] = &[
    "---",
    "...",
    "date: 2024-02-29",
    "date: 2024-13-45T10:00",
    "date: [1, 2",
    "tags: [gym, run]",
    "## 07:30 Bench",
    "## 24:61",
    "## 7:5",
    "## Monday, March 3",
    "## 2023-02-29",
    "### Feb 30 2024",
    "# 31/12",
    "## Bench Press",
    "## Plan",
    "? how much did I bench last week",
    "? ",
    "?",
    "- ? what was my longest run in 2023",
    "! skip",
    "! yes, the 5k",
    "> [!answer]- vault-agent · working… · reading 14 notes",
    "> [!answer] vault-agent · 2026-11-21 10:00",
    "> [!question] vault-agent",
    "> [!failure] vault-agent",
    "> <!-- vault-agent pending 5e1f0c2a9b7d4e63 -->",
    "> <!-- vault-agent session abc -->",
    "> Sources: [[2024-01-01#^x]]",
    ">",
    "```",
    "```json",
    "<div>",
    "| lift | kg | reps |",
    "|---|---|---|",
    "| squat | 100 | 5x5 |",
    "- 135 x 5",
    "- bench 80kg 5x5, 85kg 3x5",
    "ran 5k in 25:30",
    "ran 10 km in 0:00",
    "slept 7h 30m",
    "slept 25:99",
    "deadlift 999999999999999999999 kg",
    "squat 1e309 x 3",
    "Week 6: long run 14 km",
    "A: squat 5x5",
    "Tue/Thu easy 5-8 km",
    "데드리프트 100kg 5회 3세트",
    "ベンチプレス 60kg 10回",
    "卧推 80公斤 5次",
    "weighed 80.5 kg",
    "- [ ] 3x10 @ 60%",
    "#tag #gym/bench",
    "-",
    "",
    "\t",
    "\r",
    "🏃 5 km 🏋️ 100kg",
    "e\u{301}",
    "\u{feff}",
];

/// Pieces of questions.
const QUESTION_PIECES: &[&str] = &[
    "how much",
    "how far",
    "how many",
    "what was my",
    "did I",
    "when did I last",
    "bench",
    "run",
    "sleep",
    "squat",
    "deadlift",
    "kg",
    "km",
    "lbs",
    "last week",
    "this week",
    "next week",
    "last month",
    "this year",
    "in 2023",
    "in 0",
    "in 99999",
    "since January",
    "between Jan 3 and Feb 30",
    "from March to",
    "on Feb 29",
    "on the 31st",
    "3 days ago",
    "999999999999 days ago",
    "18446744073709551616 weeks ago",
    "the last 0 days",
    "the last 100000 years",
    "past 12 months",
    "every Monday",
    "on Tuesdays",
    "yesterday",
    "today",
    "tomorrow",
    "2024-02-30",
    "12/31",
    "31/12/1999",
    "Q3",
    "and",
    "or",
    "vs",
    "compared to",
    "?",
    "!",
    ",",
    "지난주",
    "先週",
    "上个月",
    "la semana pasada",
    "letzte Woche",
    "this",
    "that",
    "it",
    "",
];

/// Text built from `pieces`, mixed with arbitrary strings, joined by `sep`.
fn built(pieces: &'static [&'static str], sep: &'static str) -> impl Strategy<Value = String> {
    let part = prop_oneof![
        4 => proptest::sample::select(pieces).prop_map(str::to_string),
        1 => any::<String>(),
        1 => "[ 0-9a-z:/.,x@-]{0,12}",
    ];
    proptest::collection::vec(part, 0..24).prop_map(move |parts| parts.join(sep))
}

fn note_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        built(NOTE_PIECES, "\n"),
        // Lines joined without a final newline, or with `\r\n`.
        built(NOTE_PIECES, "\r\n"),
        built(NOTE_PIECES, " "),
    ]
}

fn question_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        built(QUESTION_PIECES, " "),
        built(QUESTION_PIECES, ""),
    ]
}

/// Any day a note could be dated (its name or frontmatter can say any year).
fn any_date() -> impl Strategy<Value = NaiveDate> {
    prop_oneof![
        3 => (1990i32..2040, 1u32..=366).prop_map(|(y, d)| {
            NaiveDate::from_yo_opt(y, d).unwrap_or(NaiveDate::from_yo_opt(y, 1).unwrap())
        }),
        1 => (-3650i64..=3650).prop_map(|d| NaiveDate::from_ymd_opt(1, 1, 1).unwrap() + Duration::days(d.abs())),
        1 => (0i64..=3650).prop_map(|d| NaiveDate::from_ymd_opt(9999, 12, 31).unwrap() - Duration::days(d)),
    ]
}

fn week() -> impl Strategy<Value = Weekday> {
    prop_oneof![Just(Weekday::Mon), Just(Weekday::Sun)]
}

/// Reads everything a pass reads from one note: structure, questions, dating, entries and
/// the rule reader's records.
fn read_note(rel: &str, text: String, daily: &DailyNotes, today: NaiveDate) {
    let note = Note::parse(text);
    for i in 0..note.line_count() {
        let line = note.line(i);
        let _ = note.line_bytes(i);
        let _ = note.is_question_line(i);
        let _ = note::question_text(line);
        let _ = callout::agent_callout_kind(line);
        let _ = pending::is_pending_header(line);
        let _ = pending::is_waiting(line);
        let _ = pending::is_ours(line);
    }
    let _ = callout::session_in(&note.text);
    let _ = note.frontmatter_error();
    let _ = note.frontmatter.as_ref().and_then(|f| f.date());
    let dating = date_note(rel, daily, note.frontmatter.as_ref(), Some(&note.text));
    let _ = dating::heading_dates(&note.text, Some(2024), today);
    for e in entries(&note, rel, today)
        .iter()
        .chain(&entries_dated(&note, rel, &dating, today))
    {
        let _ = read::parse_entry(e, shipped());
    }
}

proptest! {
    #![proptest_config(config(128))]

    #[test]
    fn any_note_text_is_read_without_panic(text in note_text(), today in any_date()) {
        read_note("Journal/2024/03/05.md", text, &DailyNotes::default(), today);
    }

    #[test]
    fn any_bytes_are_decoded_or_refused(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        if let Ok(decoded) = vault_agent::vault::read::decode(bytes) {
            prop_assert_eq!(&decoded, &text);
        }
        read_note("note.md", text, &DailyNotes::default(), NaiveDate::from_ymd_opt(2024, 3, 5).unwrap());
    }

    #[test]
    fn any_note_name_and_daily_format_date_a_note(
        name in prop_oneof![any::<String>(), "[0-9a-zA-Z /.-]{0,24}"],
        format in prop_oneof![any::<String>(), built(&["YYYY", "MM", "DD", "ddd", "dddd", "MMMM", "Do", "[W]", "ww", "gggg", "/", "-", " ", "[", "]", "X", "Q"], "")],
        body in note_text(),
        today in any_date(),
    ) {
        let format = DateFormat::new(&format);
        let _ = format.format(today);
        let _ = format.parse(&name);
        let _ = format.names_a_day();
        let daily = DailyNotes { folder: "Daily".into(), format };
        let _ = daily.note_for(today);
        let _ = dating::name_date(&name, today);
        let _ = dating::heading_date(&name, None, today);
        read_note(&format!("Daily/{name}.md"), body, &daily, today);
    }

    #[test]
    fn any_entry_text_is_read_by_the_rules(
        text in note_text(),
        heading in proptest::option::of(built(NOTE_PIECES, " ")),
        under in proptest::option::of(built(NOTE_PIECES, " ")),
        date in any_date(),
    ) {
        let entry = Entry {
            id: EntryId::new("a.md", 1),
            source: "a.md".into(),
            date,
            time: None,
            heading,
            under,
            hash: vault_agent::vault::ContentHash::of(text.as_bytes()),
            tags: Vec::new(),
            text,
            lines: 0..1,
            log: true,
        };
        let _ = read::parse_entry(&entry, shipped());
    }

    #[test]
    fn any_question_is_read_without_panic(
        question in question_text(),
        anchor in any_date(),
        week in week(),
    ) {
        let _ = query::read(&question, anchor, week, shipped());
        let _ = dates::find_range(&question, anchor, week);
        let _ = dates::recurring_weekday(&question);
        let _ = route::classify(&question, shipped());
        let _ = route::split(&question);
    }
}

/// Keys of the config file, at any level, so random YAML reaches the validation code.
#[rustfmt::skip]
const CONFIG_KEYS: &[&str] = &[
    "watch", "debounce_ms", "rescan_interval_s", "paths", "global_context",
    "global_context_archive", "limits", "max_note_bytes", "max_global_context_tokens",
    "sessions", "keep_days", "obsidian_config_dir", "week_start", "llm", "default_provider",
    "fallback_provider", "providers", "ollama", "openai", "anthropic", "azure", "offline",
    "kind", "api_base", "api_key", "deployment", "api_version", "tiers", "low", "medium",
    "high", "agents", "evaluator", "planner", "tier", "model", "provider", "enabled", "models",
    "context_window", "retry", "llm_retry", "parse_retry", "loop_max", "max_retries",
    "timeout_s", "max_concurrency", "monday", "sunday",
];

/// Keys of a domain file.
#[rustfmt::skip]
const DOMAIN_KEYS: &[&str] = &[
    "name", "description", "vocabulary", "schema", "fields", "type", "unit", "units",
    "required", "pattern", "examples", "evaluation_rules", "context_guidance", "number",
    "string", "integer", "list", "run", "bench", "kg", "km",
];

fn scalar_yaml(keys: &'static [&'static str]) -> impl Strategy<Value = serde_yaml::Value> {
    use serde_yaml::Value as Y;
    prop_oneof![
        Just(Y::Null),
        any::<bool>().prop_map(Y::Bool),
        any::<i64>().prop_map(|n| Y::Number(n.into())),
        any::<u64>().prop_map(|n| Y::Number(n.into())),
        any::<f64>().prop_map(|n| Y::Number(n.into())),
        proptest::sample::select(keys).prop_map(|k| Y::String(k.into())),
        any::<String>().prop_map(Y::String),
        Just(Y::String("${VAULT_AGENT_SURELY_UNSET}".into())),
        Just(Y::String("http://127.0.0.1:1/v1".into())),
    ]
}

fn yaml_tree(keys: &'static [&'static str]) -> impl Strategy<Value = serde_yaml::Value> {
    use serde_yaml::Value as Y;
    scalar_yaml(keys).prop_recursive(4, 48, 6, move |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..4).prop_map(Y::Sequence),
            proptest::collection::vec((proptest::sample::select(keys), inner), 0..6).prop_map(
                |pairs| Y::Mapping(
                    pairs
                        .into_iter()
                        .map(|(k, v)| (Y::String(k.into()), v))
                        .collect()
                )
            ),
        ]
    })
}

/// YAML text: arbitrary, a random tree of the real keys, or a real file with bytes cut out.
fn yaml_text(keys: &'static [&'static str], real: &'static str) -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        yaml_tree(keys).prop_map(|v| serde_yaml::to_string(&v).unwrap_or_default()),
        (0..real.len(), 0..real.len()).prop_map(move |(a, b)| {
            let (a, b) = (a.min(b), a.max(b));
            let cut = |i: usize| {
                (0..=i)
                    .rev()
                    .find(|&j| real.is_char_boundary(j))
                    .unwrap_or(0)
            };
            format!("{}{}", &real[..cut(a)], &real[cut(b)..])
        }),
    ]
}

const REAL_CONFIG: &str = "watch:\n  debounce_ms: 2000\n  rescan_interval_s: 300\npaths:\n  global_context: global-context.md\nlimits:\n  max_note_bytes: 2097152\n  max_global_context_tokens: 2000\nsessions:\n  keep_days: 7\nobsidian_config_dir: .obsidian\nweek_start: monday\nllm:\n  default_provider: mybox\n  fallback_provider: offline\n  providers:\n    mybox: { kind: openai, api_base: \"http://127.0.0.1:8080/v1\", api_key: \"${OPENAI_API_KEY}\" }\n  tiers:\n    low: { mybox: \"m7\" }\n    high: { mybox: \"m32\" }\n  agents: { evaluator: { tier: high } }\n  models: { \"m7\": { context_window: 32768 } }\n  retry: { llm_retry: 3, parse_retry: 2, loop_max: 2, max_retries: 2 }\n  timeout_s: 60\n  max_concurrency: 4\n";

const REAL_DOMAIN: &str = include_str!("../domains/running.yaml");

proptest! {
    #![proptest_config(config(64))]

    #[test]
    fn any_config_file_loads_or_is_refused(text in yaml_text(CONFIG_KEYS, REAL_CONFIG)) {
        let vault = tempfile::tempdir().unwrap();
        let dir = vault.path().join(".vault-agent");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(dir.join("config.yaml"), &text).unwrap();
        if let Ok(config) = Config::load(vault.path(), None) {
            let _ = config.agent_dir();
        }
    }

    #[test]
    fn any_domain_file_loads_or_is_refused(text in yaml_text(DOMAIN_KEYS, REAL_DOMAIN), words in question_text()) {
        let agent_dir = tempfile::tempdir().unwrap();
        let dir = agent_dir.path().join("domains");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(dir.join("mine.yaml"), &text).unwrap();
        if let Ok(domains) = Domains::load(agent_dir.path()) {
            let names: Vec<String> = domains.all.iter().map(|d| d.name.clone()).collect();
            domains.combine(&names).narrow_vocabulary(&[&words]);
            let _ = domains.mentioned_in(&words);
            let _ = domains.expand(&words);
            let _ = domains.canonical(&words);
            for d in &domains.all {
                let _ = d.is_mentioned(&words);
            }
        }
    }

    #[test]
    fn any_obsidian_settings_load_or_warn(
        daily in prop_oneof![any::<String>(), built(&["{", "}", "\"folder\":", "\"format\":", "\"YYYY/MM/DD\"", "\"[\"", "\"../..\"", "null", ",", "\"daily\":", "\"enabled\": true", "\"userIgnoreFilters\":", "[", "]"], "")],
        name in "[0-9a-zA-Z /.-]{0,24}",
    ) {
        let vault = tempfile::tempdir().unwrap();
        let dir = vault.path().join(".obsidian");
        std::fs::create_dir(&dir).unwrap();
        for file in ["daily-notes.json", "app.json", "plugins/periodic-notes/data.json"] {
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, &daily).unwrap();
        }
        let settings = ObsidianSettings::load(vault.path(), ".obsidian");
        let today = NaiveDate::from_ymd_opt(2024, 3, 5).unwrap();
        let _ = settings.daily.note_for(today);
        read_note(&format!("{}/{name}.md", settings.daily.folder), String::new(), &settings.daily, today);
    }
}

/// Keys of the agents' outputs and of the providers' replies.
#[rustfmt::skip]
const OUTPUT_KEYS: &[&str] = &[
    "query_intent", "findings", "patterns_identified", "gaps_identified", "verdict_reasoning",
    "verdict", "claim", "evidence", "link", "gap_type", "description", "questions", "question",
    "gap_addressed", "options", "required", "context_explanation", "fallback_action",
    "dimensions", "dimension", "reasoning", "issues", "feedback", "issue", "suggestion",
    "severity", "affected_claim", "recommendation", "overall_verdict", "should_update",
    "updates", "category", "key", "value", "confidence", "source", "insights_captured", "date",
    "domain_data", "tags", "extraction_notes", "uncertain_fields", "query_type", "sub_queries",
    "id", "dependencies", "from", "to", "reason", "execution_strategy", "execution_order",
    "retrieval_instructions", "strategy", "start", "end", "keywords", "pattern",
    "domain_expansion_request", "next_action", "clarify_questions", "tool_calls", "name",
    "parameters", "topic", "input_type", "selected_domains", "domain_selection_reasoning",
    "log_portion", "query_portion", "correction_target", "response", "key_points",
    "evidence_cited", "gaps_disclosed", "sufficient", "insufficient", "pass", "fail", "accept",
    "retry_with_feedback", "give_partial", "simple", "comparison", "independent", "dependent",
    "date_range", "keyword", "glob", "retrieve", "synthesize", "clarify", "log", "query",
    "both", "correction", "high", "medium", "low", "temporal", "fact", "certain", "strength",
    "running", "2024-02-30", "2024-01-01", "[[2024-01-01#^a]]", "choices", "message", "content",
    "text", "type", "stop_reason", "done", "usage", "prompt_tokens", "completion_tokens",
    "input_tokens", "output_tokens", "prompt_eval_count", "eval_count", "tool_use", "input",
    "finish_reason", "length",
];

fn json_tree() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (0u32..20).prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        proptest::sample::select(OUTPUT_KEYS).prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(5, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            proptest::collection::vec((proptest::sample::select(OUTPUT_KEYS), inner), 0..8)
                .prop_map(|pairs| Value::Object(
                    pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect()
                )),
        ]
    })
}

/// Raw model output: arbitrary text, JSON trees wrapped in prose or fences, or cut short.
fn model_output() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        json_tree().prop_map(|v| v.to_string()),
        (json_tree(), any::<String>(), 0usize..3).prop_map(|(v, prose, wrap)| match wrap {
            0 => format!("{prose}\n```json\n{v}\n```\n{prose}"),
            1 => format!("{prose} {v} {prose} {{\"x\": 1}}"),
            _ => format!("```\n{v}"),
        }),
        (json_tree(), any::<prop::sample::Index>()).prop_map(|(v, at)| {
            let text = v.to_string();
            let cut = at.index(text.len() + 1);
            let cut = (0..=cut)
                .rev()
                .find(|&j| text.is_char_boundary(j))
                .unwrap_or(0);
            text[..cut].to_string()
        }),
        built(
            &[
                "{",
                "}",
                "\"",
                "\\",
                "[",
                "]",
                ":",
                ",",
                "```",
                "```json\n",
                "\n",
                "\"verdict\"",
                "\"sufficient\""
            ],
            ""
        ),
    ]
}

/// Every candidate in `raw` that parses as `T`.
fn decoded<T: DeserializeOwned>(raw: &str) -> Vec<T> {
    lenient::candidates(raw)
        .iter()
        .filter_map(|c| serde_json::from_str(c).ok())
        .collect()
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn any_model_output_is_decoded_and_validated_without_panic(raw in model_output(), text in question_text()) {
        let links = vec!["[[2024-01-01#^a]]".to_string()];
        let names: Vec<String> = shipped().all.iter().map(|d| d.name.clone()).collect();
        for o in decoded::<analyzer::AnalyzerOutput>(&raw) {
            let _ = analyzer::validate(&o, &raw, &links);
        }
        for o in decoded::<clarifier::ClarifierOutput>(&raw) {
            let _ = clarifier::validate(&o, &[], std::slice::from_ref(&text));
        }
        for o in decoded::<evaluator::EvaluatorOutput>(&raw) {
            let _ = evaluator::validate(&o);
        }
        for o in decoded::<observer::ObserverOutput>(&raw) {
            let _ = observer::validate(&o);
        }
        for o in decoded::<parser::ParserOutput>(&raw) {
            let _ = parser::validate(&o, shipped(), &text);
        }
        for o in decoded::<planner::PlannerOutput>(&raw) {
            let _ = planner::validate(&o);
            let _ = planner::validate_instructions(&o.retrieval_instructions);
        }
        for o in decoded::<retriever::RetrieverOutput>(&raw) {
            let _ = retriever::validate(&o);
        }
        for o in decoded::<router::RouterOutput>(&raw) {
            let _ = router::validate(&o, &names, &text);
        }
        for o in decoded::<synthesizer::SynthesizerOutput>(&raw) {
            let _ = synthesizer::validate(&o, &links, true, "en");
            let _ = synthesizer::validate(&o, &links, false, "en");
        }
    }

    #[test]
    fn any_provider_reply_body_is_parsed_or_refused(body in json_tree()) {
        for kind in [ProviderKind::Ollama, ProviderKind::Openai, ProviderKind::Azure, ProviderKind::Anthropic] {
            let _ = wire::parse(kind, &body);
            let _ = wire::model_names(kind, &body);
        }
    }
}
