//! `ask` on a terminal: one stderr line, rewritten in place, with the model flow's current
//! stage (see [`crate::flow::stage`]). Nothing shows when stderr is not a terminal, with
//! `--json`, or when no model is called (the offline engine answers at once).

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressStyle};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::flow::stage::{Stage, Stages};

/// A running spinner; [`Spinner::stop`] clears its line.
pub struct Spinner {
    stages: Stages,
    task: JoinHandle<()>,
}

impl Spinner {
    /// Starts a spinner when `wanted` and stderr is a terminal.
    pub fn start(wanted: bool) -> Option<Spinner> {
        if !wanted || !std::io::stderr().is_terminal() {
            return None;
        }
        let (stages, rx) = Stages::channel();
        let task = tokio::spawn(show(rx));
        Some(Spinner { stages, task })
    }

    /// Where the flow reports its stages.
    pub fn stages(&self) -> &Stages {
        &self.stages
    }

    /// Clears the line (before the answer is printed).
    pub async fn stop(self) {
        drop(self.stages);
        let _ = self.task.await;
    }
}

/// Shows each new stage until the flow's side of the channel is dropped.
async fn show(mut rx: watch::Receiver<Option<Stage>>) {
    let mut bar: Option<ProgressBar> = None;
    while rx.changed().await.is_ok() {
        let Some(stage) = rx.borrow_and_update().clone() else {
            continue;
        };
        let bar = bar.get_or_insert_with(|| {
            let bar = ProgressBar::new_spinner();
            if let Ok(style) = ProgressStyle::with_template("{spinner} {msg} ({elapsed})") {
                bar.set_style(style);
            }
            bar.enable_steady_tick(Duration::from_millis(120));
            bar
        });
        bar.set_message(stage.to_string());
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}
