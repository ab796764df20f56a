//! Blocking or CPU-heavy work called from async code.
//!
//! The store (an SQLite connection, not `Sync`) is borrowed by the passes that use it, so
//! its work cannot move to `spawn_blocking` (which needs owned, `'static` values). Instead
//! the calling thread tells the runtime it is about to block: on a runtime worker, the
//! worker's other tasks (the watcher's events, Ctrl-C, `serve`'s other clients) are handed
//! to another thread first.

use tokio::runtime::{Handle, RuntimeFlavor};

/// Runs `work`, letting the runtime move its other tasks off this thread while it does.
/// Outside a runtime, and on a current-thread runtime (where that is not possible), it
/// just runs.
pub fn blocking<R>(work: impl FnOnce() -> R) -> R {
    match Handle::try_current().map(|h| h.runtime_flavor()) {
        Ok(RuntimeFlavor::MultiThread) => tokio::task::block_in_place(work),
        _ => work(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_outside_a_runtime_and_on_either_kind_of_runtime() {
        assert_eq!(blocking(|| 1), 1);
        let current = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        assert_eq!(current.block_on(async { blocking(|| 2) }), 2);
        let multi = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .build()
            .unwrap();
        // On the only worker, a blocking call must not stall the task queued after it.
        let got = multi.block_on(async {
            let (tx, rx) = std::sync::mpsc::channel();
            let work = tokio::spawn(async move {
                blocking(|| rx.recv_timeout(std::time::Duration::from_secs(5)))
            });
            tokio::spawn(async move { tx.send(3).unwrap() });
            work.await.unwrap()
        });
        assert_eq!(got, Ok(3));
    }
}
