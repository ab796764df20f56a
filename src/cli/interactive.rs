//! Answering on stdout (`ask`, `input`) and the interactive prompt.

use std::sync::Arc;

use crate::config::Config;
use crate::error::{Error, Result};
use crate::flow::{Outcome, QuestionInput};
use crate::process::Processor;

/// The interactive prompt: each line is routed like `input` (logged to today's note or
/// answered). Works on a pipe too, one input per line. `exit`, `quit` or end of input stop.
pub async fn repl(config: Arc<Config>, trace_prompts: bool, json: bool) -> Result<()> {
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
pub async fn ask(processor: &Processor, question: &str, json: bool) -> Result<()> {
    let input = QuestionInput::asked_today(question);
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
