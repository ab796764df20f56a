//! The command line: clap arguments, validated into a config, dispatched to the library.
//! Exit codes: 0 ok, 1 runtime failure, 2 usage or configuration error.

mod doctor;
mod export;
mod init;
mod interactive;
mod spinner;

use doctor::doctor;
use init::init;
use interactive::{ask, input, repl};

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use clap::{Parser, Subcommand};

use crate::config::Config;
use crate::error::Result;

/// Said by `ask` while the entries wait to be read again with a new reader.
const REREAD_PENDING: &str = "this version reads entries differently: answered from the entries as an earlier version read them; `vault-agent process` (or `watch`) reads them again";
use crate::process::Processor;

/// vault-agent: answers `?` questions in your notes and keeps structured data from them.
#[derive(Debug, Parser)]
#[command(name = "vault-agent", version, about)]
pub struct Cli {
    /// The vault folder (default: $VAULT_AGENT_VAULT, else the current folder).
    #[arg(long, global = true, env = "VAULT_AGENT_VAULT")]
    vault: Option<PathBuf>,
    /// Config file (default: VAULT/.vault-agent/config.yaml).
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
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// Keep running: answer questions and parse entries as notes change. Ctrl-C stops.
    Watch {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// Answer a question on stdout, from the notes.
    Ask {
        /// The question (with or without a leading `?`).
        question: String,
    },
    /// Any input: a log is appended to today's daily note, a question is answered here,
    /// both are split, a correction is appended as `## HH:MM [correction]` under the entry it corrects.
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
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
        /// Address to listen on (loopback by default; others need --token).
        #[arg(long, default_value = "127.0.0.1:7878")]
        addr: std::net::SocketAddr,
        /// Require `Authorization: Bearer TOKEN` on every request.
        #[arg(long, env = "VAULT_AGENT_TOKEN")]
        token: Option<String>,
    },
    /// MCP server on stdio (tools: ask, search_entries, records, log, context), started by
    /// an MCP client such as Claude Desktop or Claude Code.
    Mcp {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// Print global-context.md.
    Context {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// Rebuild .vault-agent/index.db from the notes.
    Reindex {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// The parsed records as CSV or JSON lines (one fact per row, or one lift, run or night
    /// per row with --shape records), for spreadsheets and other tools. Calls no model.
    Export {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "csv")]
        format: export::Format,
        /// One fact per row, one record (lift, run, night...) per row with its fields as
        /// columns, or one card, table row or note's properties per row under your own
        /// field names (fields).
        #[arg(long, value_enum, default_value = "facts")]
        shape: export::Shape,
        /// Only this domain (strength, running, general, nutrition, work, measures, or yours).
        #[arg(long)]
        domain: Option<String>,
        /// First day (YYYY-MM-DD).
        #[arg(long)]
        from: Option<chrono::NaiveDate>,
        /// Last day (YYYY-MM-DD).
        #[arg(long)]
        to: Option<chrono::NaiveDate>,
    },
    /// Check the config, the vault and every model provider; say what to fix.
    Doctor {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
    /// Write a commented .vault-agent/config.yaml.
    Init {
        /// The vault (shorthand for --vault).
        #[arg(id = "vault_path", value_name = "VAULT")]
        vault: Option<PathBuf>,
    },
}

/// Parses arguments, runs the command, returns the exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.verbose, cli.quiet);
    if !matches!(
        cli.command,
        Some(Command::Serve { .. } | Command::Watch { .. } | Command::Mcp { .. })
    ) {
        quiet_on_closed_pipe();
    }
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
    let mcp = matches!(cli.command, Some(Command::Mcp { .. }));
    let code = match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(if e.is_usage() { 2 } else { 1 })
        }
    };
    if mcp {
        // The client is gone: a call still waiting on a model, and the thread blocked
        // reading stdin, are not waited for (every write they could make is atomic).
        runtime.shutdown_background();
    }
    code
}

/// Resolves on Ctrl-C, listening from now on: `tokio::signal::ctrl_c()` only starts to
/// listen when first polled, and a Ctrl-C before that (while the vault is opened, or while
/// a long first pass runs) would kill the process instead of stopping it cleanly.
fn interrupted() -> impl std::future::Future<Output = ()> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let _ = tokio::signal::ctrl_c().await;
        let _ = tx.send(());
    });
    async move {
        let _ = rx.await;
    }
}

/// `vault-agent ask ... | head -1`: when the reader goes away, stop quietly like other
/// command-line tools instead of panicking in `println!`. Not for `serve`/`watch`, whose
/// sockets must never end the process, nor `mcp`, which ends when its client closes stdin.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
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
        .with_ansi(colour_on_stderr())
        .with_target(false)
        .without_time()
        .try_init();
}

/// Colour only for a person at a terminal, and never when `NO_COLOR` is set.
fn colour_on_stderr() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
}

async fn run(cli: Cli) -> Result<()> {
    let positional = match &cli.command {
        Some(
            Command::Process { vault }
            | Command::Watch { vault }
            | Command::Init { vault }
            | Command::Doctor { vault }
            | Command::Serve { vault, .. }
            | Command::Mcp { vault }
            | Command::Context { vault }
            | Command::Reindex { vault }
            | Command::Export { vault, .. },
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
    let cli_flags = Flags {
        trace_prompts: cli.trace_prompts,
        quiet: cli.quiet,
    };
    let Some(command) = cli.command else {
        return repl(config, cli.trace_prompts, cli.json).await;
    };
    match command {
        Command::Process { .. } => {
            let mut processor = open(&cli_flags, config)?;
            processor.starts_now();
            let report = processor.full_pass(Duration::ZERO).await?;
            if cli.json {
                println!(
                    "{}",
                    serde_json::to_string_pretty(&report).expect("report serializes")
                );
            } else {
                println!("{report}");
                if cli.verbose > 0 {
                    print_pass_details(&report, &processor);
                }
            }
            Ok(())
        }
        Command::Watch { .. } => {
            let interrupted = interrupted();
            let processor = open(&cli_flags, config)?;
            crate::watch::run(processor, interrupted).await
        }
        Command::Input { text } => {
            let mut processor = open(&cli_flags, config.clone())?;
            processor.parse_pass().await?;
            input(&mut processor, &config, &text, cli.json).await
        }
        Command::Ask { question } => {
            let week = config.week_start;
            let reading = ready_to_read(&question, week);
            let mut processor = Processor::open_for_question(config, cli_flags.trace_prompts)?;
            processor.set_progress(!cli_flags.quiet);
            // Joined before answering; a panic there is the answer's to report.
            let _ = reading.join();
            processor.starts_now();
            processor.parse_pass().await?;
            if processor.reread_pending() && !cli_flags.quiet {
                eprintln!("{REREAD_PENDING}");
            }
            ask(&processor, &question, cli.json).await
        }

        Command::Import { path, dry_run } => {
            let mut processor = open(&cli_flags, config)?;
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
                    if pass.entries_to_refine > 0 {
                        println!(
                            "refined {} of {} entries with the model",
                            pass.entries_refined, pass.entries_to_refine
                        );
                    }
                }
            }
            Ok(())
        }
        Command::Serve { addr, token, .. } => {
            let interrupted = interrupted();
            let mut processor = open(&cli_flags, config.clone())?;
            // Questions in notes whose model work a crash or restart interrupted are
            // finished before requests are taken.
            let resumed = processor.resume_interrupted().await?;
            if resumed.questions_answered > 0 {
                tracing::info!(
                    "answered {} question(s) whose work was interrupted",
                    resumed.questions_answered
                );
            }
            crate::serve::run(processor, config, addr, token, interrupted).await
        }
        Command::Mcp { .. } => {
            // stdout is the protocol's: no progress lines, logs on stderr only.
            let processor = open(
                &Flags {
                    quiet: true,
                    ..cli_flags
                },
                config.clone(),
            )?;
            crate::mcp::run(processor, config).await
        }
        Command::Context { .. } => {
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
        Command::Reindex { .. } => {
            let mut processor = open(&cli_flags, config)?;
            processor.starts_now();
            let report = processor.reindex().await?;
            println!(
                "rebuilt index.db: {} entries from {} notes; {} files skipped",
                report.entries_parsed,
                report.notes,
                report.skipped.len()
            );
            if report.entries_to_refine > 0 {
                println!(
                    "refined {} of {} entries with the model",
                    report.entries_refined, report.entries_to_refine
                );
            }
            Ok(())
        }
        Command::Doctor { .. } => doctor(config, cli.json).await,
        Command::Export {
            format,
            shape,
            domain,
            from,
            to,
            ..
        } => {
            // An export reads what the index holds: the notes that changed are read by the
            // rules first, but no model is called (refining is `process`'s and `watch`'s
            // work), so exporting never waits on a model or warns that none answers.
            let mut processor = open(&cli_flags, config)?;
            processor.parse_pass().await?;
            export::export(&processor, (format, shape), domain.as_deref(), from, to)
        }
        Command::Init { .. } => unreachable!("handled above"),
    }
}

/// `process -v`: the files skipped, the `?` lines not read as questions, the model calls.
fn print_pass_details(report: &crate::process::PassReport, processor: &Processor) {
    for s in &report.skipped {
        println!("  skipped {}: {}", s.path, s.reason);
    }
    for q in &report.questions_ignored {
        println!("  {}:{}: {}", q.path, q.line, q.reason);
    }
    for u in &report.unreadable {
        println!(
            "  {}: numbers not read in: {}",
            u.path,
            u.clauses.join(" | ")
        );
    }
    if let Some(llm) = processor.flow().llm() {
        let t = llm.trace().totals();
        if t.calls == 0 && t.degraded_steps > 0 {
            println!(
                "  model calls: 0 (no model reachable; {} steps answered by the offline engine, see `vault-agent doctor`)",
                t.degraded_steps
            );
        } else if t.calls > 0 {
            println!(
                "  model calls: {} ({} prompt + {} completion tokens, {:.1} s); {} steps answered by the offline engine",
                t.calls,
                t.prompt_tokens,
                t.completion_tokens,
                t.model_ms as f64 / 1000.0,
                t.degraded_steps
            );
        }
    }
}

/// Flags that shape how the processor runs.
struct Flags {
    trace_prompts: bool,
    quiet: bool,
}

/// Opens the vault's processor with the command-line flags applied.
/// Makes what reading `question` needs (the lexicon, the period patterns it tries) on
/// another core while the vault is opened: compiling them is a third of a one-shot `ask`.
fn ready_to_read(question: &str, week: chrono::Weekday) -> std::thread::JoinHandle<()> {
    let question = question.to_string();
    std::thread::spawn(move || {
        let today = chrono::Local::now().date_naive();
        crate::offline::say::detect(&question);
        crate::offline::dates::find_range(&question, today, week);
    })
}

fn open(flags: &Flags, config: Arc<Config>) -> Result<Processor> {
    let mut processor = Processor::open_with(config, flags.trace_prompts)?;
    processor.set_progress(!flags.quiet);
    Ok(processor)
}
