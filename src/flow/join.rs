//! Waits for several futures at once on the current task. Agent calls borrow the flow's
//! context, so they cannot be spawned as `'static` tasks; polling them together still lets
//! their requests run concurrently (the LLM layer's semaphore bounds how many).

use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

/// Runs every future to completion concurrently; the outputs keep the input order.
pub async fn join_all<F: Future>(futures: Vec<F>) -> Vec<F::Output> {
    let mut pending: Vec<Option<Pin<Box<F>>>> =
        futures.into_iter().map(|f| Some(Box::pin(f))).collect();
    let mut done: Vec<Option<F::Output>> = pending.iter().map(|_| None).collect();
    std::future::poll_fn(|cx| {
        for (slot, out) in pending.iter_mut().zip(done.iter_mut()) {
            if let Some(fut) = slot {
                if let Poll::Ready(v) = fut.as_mut().poll(cx) {
                    *out = Some(v);
                    *slot = None;
                }
            }
        }
        if pending.iter().all(Option::is_none) {
            Poll::Ready(())
        } else {
            Poll::Pending
        }
    })
    .await;
    done.into_iter()
        .map(|o| o.expect("every future finished"))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[tokio::test]
    async fn futures_overlap_and_keep_their_order() {
        let started = Instant::now();
        let futures: Vec<_> = [30u64, 10, 20]
            .into_iter()
            .map(|ms| async move {
                tokio::time::sleep(Duration::from_millis(ms * 3)).await;
                ms
            })
            .collect();
        let out = join_all(futures).await;
        assert_eq!(out, [30, 10, 20]);
        assert!(
            started.elapsed() < Duration::from_millis(170),
            "ran one after another"
        );
    }
}
