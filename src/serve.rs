//! `vault-agent serve`: a small HTTP API on 127.0.0.1 (by default) for other tools.
//! `POST /input {"text"}` routes like `input`; `POST /ask {"question"}` answers;
//! `GET /context` returns global-context.md; `GET /health`. Bodies are limited to 64 KiB;
//! with a token every request needs `Authorization: Bearer <token>`. Every refusal is a
//! JSON `{"error": ...}` like every answer.
//!
//! Clients cannot hold it: headers and body must arrive within [`REQUEST_TIME`], at most
//! [`MAX_CONNECTIONS`] connections are open at once (the next ones are refused with 503
//! at once), and Ctrl-C stops it within [`GRACE`] whatever the clients are doing (every
//! write it makes is atomic, so cutting a request short loses nothing).
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

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::json;
use tokio::io::AsyncWriteExt;
use tokio::sync::{RwLock, RwLockWriteGuard};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::flow::{Outcome, QuestionInput};
use crate::process::Processor;

/// Largest request body accepted.
pub const MAX_BODY: usize = crate::input::MAX_TEXT;

/// Longest a request waits for its turn at the vault (behind other clients' writes and
/// parse passes) before it is refused with 503 and `Retry-After`, so that under load every
/// client hears back in bounded time instead of queueing without end.
pub const MAX_WAIT: std::time::Duration = std::time::Duration::from_secs(20);

/// How long a client has to send a request's headers, and then its body.
pub const REQUEST_TIME: std::time::Duration = std::time::Duration::from_secs(10);

/// Connections open at once; more are refused at once with 503.
pub const MAX_CONNECTIONS: usize = 128;

/// How long requests under way get to finish after Ctrl-C before the server stops anyway.
pub const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

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
        .fallback(|| async {
            failure(
                StatusCode::NOT_FOUND,
                "no such endpoint: the API has POST /input, POST /ask, GET /context and GET /health".into(),
            )
        })
        .method_not_allowed_fallback(|| async {
            failure(
                StatusCode::METHOD_NOT_ALLOWED,
                "wrong method: /input and /ask take POST, /context and /health GET".into(),
            )
        })
        .layer(axum::middleware::from_fn(body_in_time))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| Error::Watch(format!("cannot listen on {addr}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Error::Watch(e.to_string()))?;
    say(&format!("serving on http://{bound} (Ctrl-C to stop)"));
    serve_connections(listener, router, stop).await;
    say("stopped");
    Ok(())
}

/// A line on stdout for whoever started the server; a closed stdout is not an error.
fn say(line: &str) {
    use std::io::Write;
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{line}").and_then(|()| out.flush());
}

/// Accepts connections until `stop`, each served on a task of its own with a time limit
/// for its headers; then gives those under way [`GRACE`] to finish.
async fn serve_connections(
    listener: tokio::net::TcpListener,
    router: Router,
    stop: impl std::future::Future<Output = ()> + Send + 'static,
) {
    let permits = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    let (closing, closed) = tokio::sync::watch::channel(false);
    let mut connections = tokio::task::JoinSet::new();
    tokio::pin!(stop);
    loop {
        let (mut stream, _) = tokio::select! {
            () = &mut stop => break,
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of descriptors and the like: wait a moment instead of spinning.
                Err(e) => {
                    tracing::warn!("accepting a connection failed: {e}");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
            // Finished connections are reaped as they go.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
        };
        let Ok(permit) = permits.clone().try_acquire_owned() else {
            connections.spawn(async move {
                let _ = tokio::time::timeout(GRACE, refuse_busy(&mut stream)).await;
            });
            continue;
        };
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let mut closed = closed.clone();
        connections.spawn(async move {
            let _permit = permit;
            let mut builder = hyper::server::conn::http1::Builder::new();
            builder
                .timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(REQUEST_TIME);
            let connection =
                builder.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            tokio::pin!(connection);
            tokio::select! {
                _ = connection.as_mut() => {}
                // Sent once, on stopping.
                _ = closed.changed() => {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
        });
    }
    drop(listener);
    let _ = closing.send(true);
    let finished = async { while connections.join_next().await.is_some() {} };
    if tokio::time::timeout(GRACE, finished).await.is_err() {
        tracing::info!(
            "stopping with {} connection(s) still open",
            connections.len()
        );
        connections.abort_all();
    }
}

/// The answer to a connection over [`MAX_CONNECTIONS`].
async fn refuse_busy(stream: &mut tokio::net::TcpStream) -> std::io::Result<()> {
    let body = json!({"error": format!("busy: too many connections (at most {MAX_CONNECTIONS} at once); try again in a few seconds")}).to_string();
    let response = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(response.as_bytes()).await?;
    stream.shutdown().await
}

/// Reads the whole body within [`REQUEST_TIME`] (and [`MAX_BODY`]) before the handler
/// sees it: a client that stops sending is answered 408 and let go.
async fn body_in_time(request: Request, next: Next) -> Response {
    let (parts, body) = request.into_parts();
    let bytes = match tokio::time::timeout(REQUEST_TIME, axum::body::to_bytes(body, MAX_BODY)).await
    {
        Ok(Ok(bytes)) => bytes,
        Ok(Err(_)) => {
            return failure(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!(
                    "the request body is larger than {} KiB or was cut off",
                    MAX_BODY / 1024
                ),
            )
        }
        Err(_) => {
            let mut response = failure(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    REQUEST_TIME.as_secs()
                ),
            );
            response
                .headers_mut()
                .insert("connection", axum::http::HeaderValue::from_static("close"));
            return response;
        }
    };
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes)))
        .await
}

/// The JSON refusal of a body the handler cannot use, saying what is wrong with it.
fn refused(rejection: JsonRejection) -> Response {
    let message = match &rejection {
        JsonRejection::MissingJsonContentType(_) => {
            "send the body as JSON with `content-type: application/json`".to_string()
        }
        JsonRejection::JsonSyntaxError(_) => {
            format!("the body is not valid JSON: {}", rejection.body_text())
        }
        _ => rejection.body_text(),
    };
    failure(rejection.status(), message)
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
    body: std::result::Result<Json<AskBody>, JsonRejection>,
) -> Response {
    if !authorized(&app, &headers) {
        return unauthorized();
    }
    let body = match body {
        Ok(Json(body)) => body,
        Err(rejection) => return refused(rejection),
    };
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
    body: std::result::Result<Json<InputBody>, JsonRejection>,
) -> Response {
    if !authorized(&app, &headers) {
        return unauthorized();
    }
    let body = match body {
        Ok(Json(body)) => body,
        Err(rejection) => return refused(rejection),
    };
    if let Err(e) = crate::input::check_text(&body.text) {
        return failure(StatusCode::BAD_REQUEST, e.to_string());
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
        Err(e @ Error::Input(_)) => return failure(StatusCode::BAD_REQUEST, e.to_string()),
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
