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
        if let Err(e) = input(&mut processor, &config, text, json).await {
            eprintln!("error: {e}");
        }
    }
    Ok(())
}

/// What `ask` and `input` print: the answer (or the questions asked back) to a prepared
/// input as one value; `question` is the text as the person gave it.
pub async fn answer_input(
    processor: &Processor,
    question: &str,
    input: QuestionInput,
) -> Result<serde_json::Value> {
    answer_reporting(processor, question, input, None, true).await
}

/// Like [`answer_input`], reporting the model flow's stages to `stages`.
/// The answer as the JSON `ask --json` prints; without `full`, only what [`print_answer`]
/// reads (the question, the answer and its sources).
async fn answer_reporting(
    processor: &Processor,
    question: &str,
    input: QuestionInput,
    stages: Option<&crate::flow::stage::Stages>,
    full: bool,
) -> Result<serde_json::Value> {
    let outcome = processor
        .flow()
        .answer_reporting(processor.store(), &input, stages)
        .await;
    match outcome {
        Outcome::Answered(a) => {
            let mut v = serde_json::json!({
                "question": question,
                "answer": a.body,
                "sources": a.sources,
                "engine": a.engine,
            });
            if !full {
                return Ok(v);
            }
            if !a.provenance.is_empty() {
                v["provenance"] = serde_json::json!(a.provenance);
            }
            if let Some(check) = &a.check {
                v["check"] = serde_json::json!(check);
            }
            // The chart's points as data, for scripts.
            if let Some(series) = crate::offline::chart::Series::in_markdown(&a.body) {
                v["series"] = serde_json::json!(series);
            }
            if let Some(run) = &a.run {
                v["session"] = serde_json::json!(run.session);
                v["path"] = serde_json::json!(run.path);
                v["calls"] = serde_json::json!(run.calls);
                v["tokens"] = serde_json::json!(run.tokens);
                v["ms"] = serde_json::json!(run.ms);
                let verdicts: Vec<_> = run.analysis.into_iter().chain(run.evaluation).collect();
                v["verdicts"] = serde_json::json!(verdicts);
                if !run.branch.is_empty() {
                    v["branch"] = serde_json::json!(run.branch);
                }
            }
            Ok(v)
        }
        Outcome::NeedsInput { questions, session } => Ok(serde_json::json!({
            "question": question,
            "needs_input": questions,
            "session": session,
        })),
        Outcome::Failed { reason, hint } => Err(Error::Watch(format!("{reason}; {hint}"))),
    }
}

/// Prints an [`answer_input`] value for a person.
pub fn print_answer(v: &serde_json::Value) {
    if let Some(questions) = v["needs_input"].as_str() {
        println!(
            "{questions}\n\n(Ask again with the answer in the question to get the full answer.)"
        );
        return;
    }
    let answer = v["answer"].as_str().unwrap_or_default();
    // A terminal draws no Mermaid: the chart's points are shown as a sparkline.
    if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
        println!("{}", crate::offline::chart::with_sparklines(answer));
    } else {
        println!("{answer}");
    }
    let sources: Vec<&str> = v["sources"]
        .as_array()
        .map(|a| a.iter().filter_map(|s| s.as_str()).collect())
        .unwrap_or_default();
    if !sources.is_empty() {
        let asked = v["question"].as_str().unwrap_or_default();
        let _speaking = crate::offline::say::speak(crate::offline::say::detect(asked));
        let links = sources.join(" · ");
        println!(
            "\n{}",
            crate::offline::say::t("sources", &[("links", &links)])
        );
    }
}

/// Answers `question` on stdout (same flow and citations as in a note). On a terminal,
/// without `json`, a spinner line on stderr shows what the model flow is doing.
pub async fn ask(processor: &Processor, question: &str, json: bool) -> Result<()> {
    let spinner = super::spinner::Spinner::start(!json);
    let input = QuestionInput::asked_today(question);
    let v = answer_reporting(
        processor,
        question,
        input,
        spinner.as_ref().map(|s| s.stages()),
        json,
    )
    .await;
    if let Some(spinner) = spinner {
        spinner.stop().await;
    }
    let v = v?;
    if json {
        println!("{}", serde_json::to_string_pretty(&v).expect("json"));
    } else {
        print_answer(&v);
    }
    Ok(())
}

/// Handles one `input` text: logs what is a log, answers what is a question. With `json`,
/// prints one document: `{"kind", "logged_to", "answer"}`.
pub async fn input(
    processor: &mut Processor,
    config: &Config,
    text: &str,
    json: bool,
) -> Result<()> {
    let routed = crate::input::route_and_log_by(
        config,
        processor.flow(),
        Some(processor.store().record_db()),
        text,
    )
    .await?;
    let both = processor.read_logged(&routed).await?;
    let answer = match &routed.question {
        Some(q) => {
            let input = QuestionInput {
                logged: both,
                ..QuestionInput::asked_today(q)
            };
            Some(answer_input(processor, q, input).await?)
        }
        None => None,
    };
    if json {
        let v = serde_json::json!({
            "kind": format!("{:?}", routed.kind).to_lowercase(),
            "logged_to": routed.logged_to,
            "said": routed.said,
            "answer": answer,
        });
        println!("{}", serde_json::to_string(&v).expect("json"));
        return Ok(());
    }
    if let Some(said) = &routed.said {
        println!("{said}");
    } else if let Some(rel) = &routed.logged_to {
        println!("logged to {rel} ({:?})", routed.kind);
    }
    if let Some(a) = &answer {
        print_answer(a);
    }
    Ok(())
}
