//! The command line: clap arguments, validated into a config, dispatched to the library.
//! Exit codes: 0 ok, 1 runtime failure, 2 usage or configuration error.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use chrono::Local;
use clap::{Parser, Subcommand};

use crate::config::{Config, AGENT_DIR};
use crate::error::{Error, Result};
use crate::flow::{Outcome, QuestionInput};
use crate::process::Processor;
use crate::vault::atomic::write_atomic;

/// vault-agent: answers `?` questions in your notes and keeps structured data from them.
#[derive(Debug, Parser)]
#[command(name = "vault-agent", version, about)]
pub struct Cli {
    /// The vault folder (default: $VAULT_AGENT_VAULT, else the current folder).
    #[arg(long, global = true, env = "VAULT_AGENT_VAULT")]
    vault: Option<PathBuf>,
    /// Config file (default: <vault>/.vault-agent/config.yaml).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// More log output (-v info, -vv debug).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    verbose: u8,
    /// Only errors.
    #[arg(short, long, global = true)]
    quiet: bool,
    /// Machine-readable output where it makes sense.
    #[arg(long, global = true)]
    json: bool,
    /// Use this provider (a name under llm.providers, or `offline`) instead of the default.
    #[arg(long, global = true, env = "VAULT_AGENT_PROVIDER")]
    provider: Option<String>,
    /// Also store full requests and responses in .vault-agent/trace.jsonl.
    #[arg(long, global = true)]
    trace_prompts: bool,
    /// Without a command: an interactive prompt where each line is handled like `input`.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// One pass over everything pending (new entries, ready questions), then exit.
    Process {
        /// The vault (shorthand for --vault).
        vault: Option<PathBuf>,
    },
    /// Keep running: answer questions and parse entries as notes change. Ctrl-C stops.
    Watch {
        /// The vault (shorthand for --vault).
        vault: Option<PathBuf>,
    },
    /// Answer a question on stdout, from the notes.
    Ask {
        /// The question (with or without a leading `?`).
        question: String,
    },
    /// Any input: a log is appended to today's daily note, a question is answered here,
    /// both are split, a correction is appended as a `## HH:MM correction` section.
    Input {
        /// The text (quote it).
        text: String,
    },
    /// Bring old logs (.md/.txt files or folders) into the vault's daily notes.
    Import {
        /// A file or folder outside the vault.
        path: PathBuf,
        /// Show what would be imported, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
    /// HTTP API: POST /input, POST /ask, GET /context, GET /health.
    Serve {
        /// Address to listen on (loopback by default; others need --token).
        #[arg(long, default_value = "127.0.0.1:7878")]
        addr: std::net::SocketAddr,
        /// Require `Authorization: Bearer TOKEN` on every request.
        #[arg(long, env = "VAULT_AGENT_TOKEN")]
        token: Option<String>,
    },
    /// Print global-context.md.
    Context,
    /// Rebuild .vault-agent/parsed from the notes.
    Reindex,
    /// Check the config, the vault and every model provider; say what to fix.
    Doctor {
        /// The vault (shorthand for --vault).
        vault: Option<PathBuf>,
    },
    /// Write a commented .vault-agent/config.yaml.
    Init {
        /// The vault (shorthand for --vault).
        vault: Option<PathBuf>,
    },
}

/// Parses arguments, runs the command, returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(if e.is_usage() { 2 } else { 1 })
        }
    }
}

fn init_logging(verbose: u8, quiet: bool) {
    let level = match (quiet, verbose) {
        (true, _) => "error",
        (false, 0) => "warn",
        (false, 1) => "info",
        _ => "debug",
    };
    let filter = tracing_subscriber::EnvFilter::try_from_env("VAULT_AGENT_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(format!("vault_agent={level}")));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .without_time()
        .try_init();
}

async fn run(cli: Cli) -> Result<()> {
    let positional = match &cli.command {
        Some(
            Command::Process { vault }
            | Command::Watch { vault }
            | Command::Init { vault }
            | Command::Doctor { vault },
        ) => vault.clone(),
        _ => None,
    };
    let vault = positional
        .or(cli.vault.clone())
        .unwrap_or_else(|| PathBuf::from("."));
    if let Some(Command::Init { .. }) = cli.command {
        return init(&vault);
    }
    let config = Arc::new(Config::load_with_provider(
        &vault,
        cli.config.as_deref(),
        cli.provider.as_deref(),
    )?);
    let Some(command) = cli.command else {
        return repl(config, cli.trace_prompts, cli.json).await;
    };
    match command {
        Command::Process { .. } => {
            let mut processor = Processor::open_with(config, cli.trace_prompts)?;
            let report = processor.full_pass(Duration::ZERO).await?;
            if cli.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("report serializes")
                );
            } else {
                println!("{report}");
                if let Some(llm) = processor.flow().llm() {
                    let t = llm.trace().totals();
                    if t.calls == 0 && t.degraded_steps > 0 {
                        println!(
                            "model calls: 0 (no model reachable; {} steps answered by the offline engine, see `vault-agent doctor`)",
                            t.degraded_steps
                        );
                    } else if t.calls > 0 {
                        println!(
                            "model calls: {} ({} prompt + {} completion tokens, {:.1} s); {} steps answered by the offline engine",
                            t.calls,
                            t.prompt_tokens,
                            t.completion_tokens,
                            t.model_ms as f64 / 1000.0,
                            t.degraded_steps
                        );
                    }
                }
            }
            Ok(())
        }
        Command::Watch { .. } => {
            let processor = Processor::open_with(config, cli.trace_prompts)?;
            crate::watch::run(processor, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
        }
        Command::Input { text } => {
            let mut processor = Processor::open_with(config.clone(), cli.trace_prompts)?;
            let routed = crate::input::route_and_log(&config, processor.flow().domains(), &text)?;
            if let Some(rel) = &routed.logged_to {
                println!("logged to {rel} ({:?})", routed.kind);
            }
            processor.parse_pass().await?;
            match routed.question {
                Some(q) => ask(&processor, &q, cli.json).await,
                None => Ok(()),
            }
        }
        Command::Ask { question } => {
            let mut processor = Processor::open_with(config, cli.trace_prompts)?;
            processor.parse_pass().await?;
            ask(&processor, &question, cli.json).await
        }

        Command::Import { path, dry_run } => {
            let mut processor = Processor::open_with(config, cli.trace_prompts)?;
            let (report, pass) = processor.import(&path, dry_run).await?;
            for s in &report.skipped {
                eprintln!("skipped: {s}");
            }
            if cli.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("report serializes")
                );
            } else {
                println!("{report}");
                if dry_run {
                    for (note, n) in &report.notes {
                        println!("  {note}: {n}");
                    }
                } else {
                    println!("{} entries parsed", pass.entries_parsed);
                }
            }
            Ok(())
        }
        Command::Serve { addr, token } => {
            let processor = Processor::open_with(config.clone(), cli.trace_prompts)?;
            crate::serve::run(processor, config, addr, token, async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
        }
        Command::Context => {
            let processor = Processor::open(config.clone())?;
            let text = processor.store().global_context()?;
            if text.is_empty() {
                println!(
                    "(no {} yet: it is written as questions are answered)",
                    config.global_context
                );
            } else {
                print!("{text}");
            }
            Ok(())
        }
        Command::Reindex => {
            let mut processor = Processor::open_with(config, cli.trace_prompts)?;
            let report = processor.reindex().await?;
            println!(
                "rebuilt parsed data: {} entries from {} notes; {} files skipped",
                report.entries_parsed,
                report.notes,
                report.skipped.len()
            );
            Ok(())
        }
        Command::Doctor { .. } => doctor(config, cli.json).await,
        Command::Init { .. } => unreachable!("handled above"),
    }
}

/// The interactive prompt: each line is routed like `input` (logged to today's note or
/// answered). Works on a pipe too, one input per line. `exit`, `quit` or end of input stop.
async fn repl(config: Arc<Config>, trace_prompts: bool, json: bool) -> Result<()> {
    use std::io::{BufRead, IsTerminal, Write};
    let mut processor = Processor::open_with(config.clone(), trace_prompts)?;
    processor.parse_pass().await?;
    let interactive = std::io::stdin().is_terminal();
    if interactive {
        println!(
            "vault-agent on {}: write a log line or a question; `exit` to stop.",
            config.vault.display()
        );
    }
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    loop {
        if interactive {
            print!("> ");
            let _ = std::io::stdout().flush();
        }
        let Some(line) = lines.next() else { break };
        let line = line.map_err(|e| Error::io("<stdin>", e))?;
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        if matches!(text, "exit" | "quit") {
            break;
        }
        let routed = crate::input::route_and_log(&config, processor.flow().domains(), text)?;
        if let Some(rel) = &routed.logged_to {
            println!("logged to {rel}");
            processor.parse_pass().await?;
        }
        if let Some(q) = routed.question {
            if let Err(e) = ask(&processor, &q, json).await {
                eprintln!("error: {e}");
            }
        }
    }
    Ok(())
}

/// Answers `question` on stdout (same flow and citations as in a note).
async fn ask(processor: &Processor, question: &str, json: bool) -> Result<()> {
    let text = question.trim().trim_start_matches('?').trim().to_string();
    let input = QuestionInput {
        text,
        anchor: Local::now().date_naive(),
        source: None,
        clarification: None,
    };
    match processor.flow().answer(processor.store(), &input).await {
        Outcome::Answered(a) => {
            if json {
                let v =
                    serde_json::json!({"answer": a.body, "sources": a.sources, "engine": a.engine});
                println!("{}", serde_json::to_string_pretty(&v).expect("json"));
            } else {
                println!("{}", a.body);
                if !a.sources.is_empty() {
                    println!("\nSources: {}", a.sources.join(" · "));
                }
            }
            Ok(())
        }
        Outcome::NeedsInput { questions } => {
            println!("{questions}\n\n(Ask again with the answer in the question to get the full answer.)");
            Ok(())
        }
        Outcome::Failed { reason, hint } => Err(Error::Watch(format!("{reason}; {hint}"))),
    }
}

const CONFIG_TEMPLATE: &str = "\
# vault-agent configuration. Every key is optional; the values shown are the defaults.
# Unknown keys are an error, so a typo never silently falls back to a default.

watch:
  # A note must be quiet this long before a question in it is answered (milliseconds).
  debounce_ms: 2000
  # Safety-net rescan of the whole vault while watching (seconds).
  rescan_interval_s: 300

paths:
  # Where the Observer keeps long-term memory (vault-relative).
  global_context: global-context.md
  global_context_archive: global-context-archive.md

limits:
  # Notes larger than this are skipped with a warning.
  max_note_bytes: 2097152

# Obsidian's config folder, if you renamed it.
obsidian_config_dir: .obsidian

# Where \"this week\" and \"last week\" begin: monday or sunday.
week_start: monday

# Models. Without this section vault-agent tries Ollama at http://localhost:11434 and
# answers with its offline engine when nothing answers there. `vault-agent doctor` checks.
# llm:
#   default_provider: ollama        # or openai, anthropic, any name below, or offline
#   fallback_provider: null
#   providers:
#     ollama: { api_base: \"http://localhost:11434\" }
#     openai: { api_key: \"${OPENAI_API_KEY}\" }
#     anthropic: { api_key: \"${ANTHROPIC_API_KEY}\" }
#     mybox: { kind: openai, api_base: \"http://127.0.0.1:8080/v1\" }
#   tiers:
#     low: { ollama: \"qwen2.5:7b\" }
#     medium: { ollama: \"qwen2.5:14b\" }
#     high: { ollama: \"qwen2.5:32b\" }
#   agents: { evaluator: { tier: high } }
#   models: { \"qwen2.5:7b\": { context_window: 32768 } }
#   retry: { llm_retry: 3, parse_retry: 2, loop_max: 2 }
#   timeout_s: 60
#   max_concurrency: 4
";

async fn doctor(config: Arc<Config>, json: bool) -> Result<()> {
    let processor = Processor::open(config.clone())?;
    let notes = processor.store().index().all().len();
    let client = crate::llm::LlmClient::new(
        config.llm.clone(),
        crate::llm::trace::Trace::new(None, false),
    );
    let checks = crate::llm::doctor::check(&client).await;
    let default_works = checks
        .iter()
        .find(|c| c.provider == config.llm.default_provider)
        .is_some_and(|c| c.works);
    if json {
        let v = serde_json::json!({"vault": config.vault, "notes": notes, "providers": checks, "ok": default_works});
        println!("{}", serde_json::to_string_pretty(&v).expect("json"));
    } else {
        println!("vault {}: {notes} notes", config.vault.display());
        match &config.source {
            Some(p) => println!("config {}: valid", p.display()),
            None => println!("config: none (defaults; `vault-agent init` writes one)"),
        }
        for c in &checks {
            let role = if c.provider == config.llm.default_provider {
                " (default)"
            } else if config.llm.fallback_provider.as_deref() == Some(c.provider.as_str()) {
                " (fallback)"
            } else {
                ""
            };
            println!(
                "{} {}{role}",
                if c.works { "ok  " } else { "FAIL" },
                c.provider
            );
            for line in &c.lines {
                println!("       {line}");
            }
        }
    }
    if default_works {
        Ok(())
    } else {
        Err(Error::Watch(format!(
            "the default provider `{}` does not work yet; until it does, questions are answered by the offline engine",
            config.llm.default_provider
        )))
    }
}

fn init(vault: &Path) -> Result<()> {
    if !vault.is_dir() {
        return Err(Error::VaultNotFound(vault.to_path_buf()));
    }
    let path = vault.join(AGENT_DIR).join("config.yaml");
    if path.exists() {
        println!("{} already exists; left unchanged", path.display());
        return Ok(());
    }
    write_atomic(&path, CONFIG_TEMPLATE.as_bytes(), None)?;
    println!("wrote {}", path.display());
    Ok(())
}
