//! `watch`: the background companion. Catches up on start, then reacts to file events
//! (debounced per file), rescans on overflow and periodically, and stops cleanly on Ctrl-C.
//! While nothing else is due it lets the model refine the rules' reading of new entries, a
//! batch at a time; a note that needs processing (a question may be ready) stops the batch.

pub mod batch;
pub mod folders;

use std::path::{Path, PathBuf};
use std::time::Instant;

use notify::{Event, EventKind};
use tokio::sync::mpsc;

use crate::error::{Error, Result};
use crate::process::Processor;
use crate::vault::scan::relative;
use batch::Debouncer;
use folders::Watched;

/// What the watcher sends the loop.
enum Signal {
    Event(Event),
    Failed(notify::Error),
}

/// Runs until Ctrl-C (or until `stop` resolves, for tests). The vault is processed once at
/// start; then changed notes are processed once quiet for the configured debounce.
pub async fn run(
    mut processor: Processor,
    stop: impl std::future::Future<Output = ()>,
) -> Result<()> {
    let config = processor.store().config().clone();
    let vault = config.vault.clone();
    let debounce = config.debounce;

    let (tx, mut rx) = mpsc::unbounded_channel();
    let mut watcher = notify::recommended_watcher(move |res: notify::Result<Event>| {
        let _ = tx.send(match res {
            Ok(event) => Signal::Event(event),
            Err(err) => Signal::Failed(err),
        });
    })
    .map_err(watch_error)?;
    // A folder that cannot be read is left out with a warning, as `process` skips it.
    let (watched, warnings) = Watched::start(&mut watcher, &vault, processor.store().rules())?;
    for warning in warnings {
        tracing::warn!("{warning}");
    }

    tokio::pin!(stop);
    processor.refine_in_background();
    let Some(report) = or_stop(processor.full_pass(debounce), &mut stop).await else {
        stopped();
        return Ok(());
    };
    let report = report?;
    tracing::info!("caught up: {report}");
    println!("watching {} (Ctrl-C to stop)", vault.display());

    let mut debouncer: Debouncer<String> = Debouncer::new(debounce);
    retry_deferred(&mut debouncer, &report);
    let mut next_rescan = Instant::now() + config.rescan_interval;
    // Files found due while refining, for the pass after the batch.
    let mut held: Vec<String> = Vec::new();
    loop {
        let wake = if held.is_empty() {
            debouncer
                .next_deadline()
                .unwrap_or(next_rescan)
                .min(next_rescan)
        } else {
            Instant::now()
        };
        if Instant::now() < wake && processor.refinement_due() {
            // Events are taken while the batch runs (both only read the processor); the
            // batch is dropped, keeping what it stored, once a note is due.
            let mut closed = false;
            let done = {
                let batch = processor.refine_next();
                tokio::pin!(batch);
                loop {
                    let wake = debouncer
                        .next_deadline()
                        .unwrap_or(next_rescan)
                        .min(next_rescan);
                    tokio::select! {
                        done = &mut batch => break Some(done),
                        signal = rx.recv() => {
                            if !take_signal(signal, &mut debouncer, &watched, &mut watcher, &vault, processor.store()) {
                                closed = true;
                                break None;
                            }
                        }
                        _ = tokio::time::sleep_until(wake.into()) => {
                            let now = Instant::now();
                            if now >= next_rescan || debouncer.rescan_requested() {
                                break None;
                            }
                            // Our own writes come back as events: they need no pass.
                            held.extend(debouncer.take_due(now).into_iter().filter(|rel| processor.needs_pass(rel)));
                            if !held.is_empty() {
                                break None;
                            }
                        }
                        _ = &mut stop => {
                            stopped();
                            return Ok(());
                        }
                    }
                }
            };
            match done {
                Some(Ok(refined)) => {
                    if let Err(err) = processor.refined(refined) {
                        tracing::error!("{err}");
                    }
                }
                Some(Err(err)) => {
                    // Not again before the next pass (a full disk would fail every batch).
                    tracing::error!("refining with the model: {err}");
                    let pause = crate::process::Refined {
                        stopped: true,
                        ..Default::default()
                    };
                    if let Err(err) = processor.refined(pause) {
                        tracing::error!("{err}");
                    }
                }
                None if closed => break,
                None => {}
            }
            continue;
        }
        tokio::select! {
            signal = rx.recv() => {
                if !take_signal(signal, &mut debouncer, &watched, &mut watcher, &vault, processor.store()) {
                    break;
                }
            }
            _ = tokio::time::sleep_until(wake.into()) => {}
            _ = &mut stop => break,
        }
        let now = Instant::now();
        if debouncer.take_rescan(now) || now >= next_rescan {
            next_rescan = now + config.rescan_interval;
            held.clear();
            let Some(result) = or_stop(processor.full_pass(debounce), &mut stop).await else {
                break;
            };
            match result {
                Ok(report) => {
                    log_report(&report);
                    retry_deferred(&mut debouncer, &report);
                }
                Err(err) => tracing::error!("rescan failed, will try again: {err}"),
            }
            continue;
        }
        let mut due = debouncer.take_due(now);
        due.append(&mut held);
        due.sort();
        due.dedup();
        if !due.is_empty() {
            tracing::debug!("quiet, processing: {}", due.join(", "));
            let Some(result) = or_stop(processor.process_paths(&due, debounce), &mut stop).await
            else {
                break;
            };
            match result {
                Ok(report) => {
                    log_report(&report);
                    retry_deferred(&mut debouncer, &report);
                }
                Err(err) => {
                    // Keep watching (a full disk or a permission change can be fixed while we
                    // run); the next rescan looks at these files again.
                    tracing::error!("{err}");
                    debouncer.request_rescan(
                        Instant::now()
                            + config
                                .rescan_interval
                                .min(std::time::Duration::from_secs(60)),
                    );
                }
            }
        }
    }
    drop(watcher);
    stopped();
    Ok(())
}

/// Takes one signal from the file watcher: touched notes join the debouncer, overflows and
/// moved folders ask for a rescan. False when the watcher is gone.
fn take_signal(
    signal: Option<Signal>,
    debouncer: &mut Debouncer<String>,
    watched: &Watched,
    watcher: &mut impl notify::Watcher,
    vault: &Path,
    store: &crate::vault::Store,
) -> bool {
    match signal {
        Some(Signal::Event(event)) => {
            let now = Instant::now();
            let folder_moved = matches!(
                event.kind,
                EventKind::Create(_) | EventKind::Modify(notify::event::ModifyKind::Name(_))
            ) && event.paths.iter().any(|p| {
                // Our own folders (`.vault-agent/sessions`) and ignored ones hold no notes.
                p.is_dir() && relative(vault, p).is_none_or(|rel| !in_skipped_folder(store, &rel))
            });
            if event.need_rescan() || folder_moved {
                debouncer.request_rescan(now);
            }
            tracing::trace!("event {:?} {:?}", event.kind, event.paths);
            for warning in watched.follow(watcher, vault, &event, store.rules()) {
                tracing::warn!("{warning}");
            }
            for rel in note_paths(vault, &event, store) {
                debouncer.touch(rel, now);
            }
            true
        }
        Some(Signal::Failed(err)) => {
            tracing::warn!("file watcher: {}", watch_error(err));
            debouncer.request_rescan(Instant::now());
            true
        }
        None => false,
    }
}

/// Whether a vault-relative folder is, or is inside, one that is never entered.
fn in_skipped_folder(store: &crate::vault::Store, rel: &str) -> bool {
    let mut prefix = String::new();
    rel.split('/').any(|part| {
        if !prefix.is_empty() {
            prefix.push('/');
        }
        prefix.push_str(part);
        store.rules().skips_dir(&prefix)
    })
}

/// Runs a pass unless Ctrl-C comes first. Stopping mid-pass is safe: every note write is a
/// single atomic rename, and what was not finished is redone on the next start.
async fn or_stop<T>(
    pass: impl std::future::Future<Output = T>,
    stop: &mut std::pin::Pin<&mut impl std::future::Future<Output = ()>>,
) -> Option<T> {
    // Ctrl-C first: polled before the pass starts, it is also seen between the pass's steps.
    tokio::select! {
        biased;
        _ = stop.as_mut() => None,
        result = pass => Some(result),
    }
}

fn stopped() {
    println!("stopped");
}

/// Files edited again while we worked are looked at after another quiet period.
fn retry_deferred(debouncer: &mut Debouncer<String>, report: &crate::process::PassReport) {
    let now = Instant::now();
    for rel in &report.deferred_files {
        debouncer.touch(rel.clone(), now);
    }
}

fn log_report(report: &crate::process::PassReport) {
    if report.questions_answered + report.questions_failed + report.entries_parsed > 0 {
        tracing::info!("{report}");
    }
}

/// Vault-relative paths of notes an event is about (ignored files filtered out).
fn note_paths(vault: &Path, event: &Event, store: &crate::vault::Store) -> Vec<String> {
    if matches!(event.kind, EventKind::Access(_)) {
        return Vec::new();
    }
    event
        .paths
        .iter()
        .filter_map(|p: &PathBuf| relative(vault, p))
        .filter(|rel| !store.rules().skips_file(rel))
        .collect()
}

fn watch_error(err: notify::Error) -> Error {
    match err.kind {
        notify::ErrorKind::MaxFilesWatch => Error::Watch(
            "the system's limit on watched folders is reached; raise it with \
             `sudo sysctl fs.inotify.max_user_watches=524288` (and add it to /etc/sysctl.conf to keep it)"
                .to_string(),
        ),
        _ => Error::Watch(format!("file watching failed: {err}")),
    }
}
