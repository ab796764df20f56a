//! `vault-agent serve`: a small HTTP API on 127.0.0.1 (by default) for other tools.
//! `POST /input {"text"}` routes like `input`; `POST /ask {"question"}` answers;
//! `GET /context` returns global-context.md; `GET /health`. Bodies are limited to 64 KiB;
//! with a token every request needs `Authorization: Bearer <token>`.
//!
//! Requests run concurrently. The processor sits behind a read-write lock: bringing the
//! parsed data up to date (a parse pass) and `input` take it exclusively, answering only
//! reads it, so a question never waits behind another request's model call. An `ask` that
//! arrives while others hold the lock answers from the data they brought up to date
//! moments ago instead of queueing for a parse pass of its own; `/context` reads its file
//! without the lock. A request that cannot have its turn within [`MAX_WAIT`] is refused
//! with 503 and `Retry-After` (nothing was written for it).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use tokio::sync::{RwLock, RwLockWriteGuard};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::flow::{Outcome, QuestionInput};
use crate::process::Processor;

/// Largest request body accepted.
pub const MAX_BODY: usize = 64 * 1024;

/// Longest a request waits for its turn at the vault (behind other clients' writes and
/// parse passes) before it is refused with 503 and `Retry-After`, so that under load every
/// client hears back in bounded time instead of queueing without end.
pub const MAX_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

struct App {
    processor: RwLock<Processor>,
    config: Arc<Config>,
    token: Option<String>,
}

#[derive(Deserialize)]
struct InputBody {
    text: String,
}

#[derive(Deserialize)]
struct AskBody {
    question: String,
}

/// Serves until `stop` resolves. Refuses a non-loopback address without a token.
pub async fn run(
    processor: Processor,
    config: Arc<Config>,
    addr: SocketAddr,
    token: Option<String>,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) -> Result<()> {
    if !addr.ip().is_loopback() && token.is_none() {
        return Err(Error::Config {
            path: "--addr".into(),
            message: format!("refusing to serve on {addr} without --token: anyone on the network could read your notes"),
        });
    }
    let app = Arc::new(App {
        processor: RwLock::new(processor),
        config,
        token,
    });
    let router = Router::new()
        .route("/health", get(|| async { Json(json!({"ok": true})) }))
        .route("/context", get(context))
        .route("/input", post(input))
        .route("/ask", post(ask))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| Error::Watch(format!("cannot listen on {addr}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::Watch(e.to_string()))?;
    println!("serving on http://{bound} (Ctrl-C to stop)");
    axum::serve(listener, router)
        .with_graceful_shutdown(stop)
        .await
        .map_err(|e| Error::Watch(format!("server error: {e}")))?;
    println!("stopped");
    Ok(())
}

fn authorized(app: &App, headers: &HeaderMap) -> bool {
    match &app.token {
        None => true,
        Some(token) => headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|given| given == token),
    }
}

fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        Json(json!({"error": "missing or wrong bearer token"})),
    )
        .into_response()
}

fn busy() -> Response {
    (
        StatusCode::SERVICE_UNAVAILABLE,
        [("retry-after", "5")],
        Json(json!({"error": "busy: other requests are using the vault; try again in a few seconds"})),
    )
        .into_response()
}

fn failure(status: StatusCode, message: String) -> Response {
    (status, Json(json!({"error": message}))).into_response()
}

async fn context(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    if !authorized(&app, &headers) {
        return unauthorized();
    }
    let path = app.config.vault.join(&app.config.global_context);
    match crate::vault::context::read_context(&path).map(Option::unwrap_or_default) {
        Ok(text) => ([("content-type", "text/markdown; charset=utf-8")], text).into_response(),
        Err(e) => failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

async fn answer_json(processor: &Processor, question: &str) -> serde_json::Value {
    let input = QuestionInput::asked_today(question);
    outcome_json(processor.flow().answer(processor.store(), &input).await)
}

fn outcome_json(outcome: Outcome) -> serde_json::Value {
    match outcome {
        Outcome::Answered(a) => {
            let mut v = json!({"answer": a.body, "sources": a.sources, "engine": a.engine});
            if let Some(run) = a.run {
                v["session"] = json!(run.session);
                v["path"] = json!(run.path);
                v["calls"] = json!(run.calls);
                v["tokens"] = json!(run.tokens);
                v["ms"] = json!(run.ms);
            }
            v
        }
        Outcome::NeedsInput { questions, session } => {
            json!({"needs_input": questions, "session": session})
        }
        Outcome::Failed { reason, hint } => json!({"error": reason, "hint": hint}),
    }
}

async fn ask(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Json(body): Json<AskBody>,
) -> Response {
    if !authorized(&app, &headers) {
        return unauthorized();
    }
    // Only the data is brought up to date under the exclusive lock, never the answer.
    let processor = match app.processor.try_write() {
        Ok(mut processor) => match processor.parse_pass().await {
            Ok(_) => RwLockWriteGuard::downgrade(processor),
            Err(e) => return failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
        },
        // Others are answering or parsing right now: answer from their up-to-date data.
        Err(_) => match tokio::time::timeout(MAX_WAIT, app.processor.read()).await {
            Ok(processor) => processor,
            Err(_) => return busy(),
        },
    };
    Json(answer_json(&processor, &body.question).await).into_response()
}

async fn input(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    Json(body): Json<InputBody>,
) -> Response {
    if !authorized(&app, &headers) {
        return unauthorized();
    }
    if body.text.trim().is_empty() {
        return failure(StatusCode::BAD_REQUEST, "text is empty".into());
    }
    let Ok(mut processor) = tokio::time::timeout(MAX_WAIT, app.processor.write()).await else {
        return busy();
    };
    let routed = crate::input::route_and_log_by(
        &app.config,
        processor.flow(),
        Some(processor.store().record_db()),
        &body.text,
    )
    .await;
    let routed = match routed {
        Ok(r) => r,
        Err(e) => return failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    // BOTH with models: the rules read the log part now; the flow's Parser refines it
    // while it plans the question.
    let both = routed
        .both_logged()
        .filter(|_| processor.flow().llm().is_some());
    let parsed = if both.is_some() {
        processor.parse_pass_rules_only().await
    } else {
        processor.parse_pass().await
    };
    if let Err(e) = parsed {
        return failure(StatusCode::INTERNAL_SERVER_ERROR, e.to_string());
    }
    // The note is written and parsed: the answer only reads.
    let processor = RwLockWriteGuard::downgrade(processor);
    let answer = match &routed.question {
        Some(q) => {
            let input = QuestionInput {
                logged: both,
                ..QuestionInput::asked_today(q)
            };
            Some(outcome_json(
                processor.flow().answer(processor.store(), &input).await,
            ))
        }
        None => None,
    };
    Json(json!({
        "type": format!("{:?}", routed.kind).to_lowercase(),
        "logged_to": routed.logged_to,
        "said": routed.said,
        "answer": answer,
    }))
    .into_response()
}
