//! `vault-agent mcp`: the vault over the Model Context Protocol, on stdio, for assistants
//! outside the editor (Claude Desktop, Claude Code, Cursor...). The client starts it as a
//! subprocess; stdout carries protocol messages only, logs go to stderr.
//!
//! The tools are the operations the command line and `serve` already have, over one more
//! protocol (built on the official SDK, `rmcp`): `ask` answers like a `?` line,
//! `search_entries` and `records` hand over the dated entries and parsed records, `log`
//! routes text like `input`, `context` returns `global-context.md`. Today's daily note and
//! `global-context.md` are resources.
//!
//! Arguments are taken as the raw JSON object and read by [`args`] rather than by the SDK,
//! so a wrong one is a tool error naming it (which the client's model sees and can fix),
//! not a protocol error. The processor sits behind a read-write lock as in `serve`:
//! bringing the parsed data up to date and `log` take it exclusively, answering reads it.
//! Every write goes through the same code as `input` (inside the vault, atomic, under the
//! vault's write lock).

pub mod args;
pub mod lines;
pub mod tools;

use std::sync::Arc;

use chrono::Local;
use rmcp::handler::server::common::{schema_for_input, schema_for_output};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    JsonObject, ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams,
    ReadResourceResponse, ReadResourceResult, Resource, ResourceContents, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde::Serialize;
use tokio::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use crate::config::Config;
use crate::error::{Error, Result};
use crate::process::Processor;
use args::{ArgError, AskArgs, LogArgs, RecordsArgs, SearchArgs};
use tools::{AskOut, LogOut, RecordsOut, SearchOut};

/// URI of the resource holding today's daily note.
pub const TODAY_URI: &str = "vault://daily/today";
/// URI of the resource holding `global-context.md`.
pub const CONTEXT_URI: &str = "vault://global-context";

/// Serves MCP on stdin/stdout until the client closes the connection: its end of stdin or
/// of stdout, even while a call is under way (the caller then drops the runtime without
/// waiting for that call, see [`crate::cli`]).
pub async fn run(processor: Processor, config: Arc<Config>) -> Result<()> {
    let server = VaultServer::new(processor, config.clone());
    tracing::info!("MCP server on stdio for {}", config.vault.display());
    let gone = stdout_closed();
    tokio::pin!(gone);
    // The client's lines reach the server through `lines`: one too long to read still
    // gets a reply.
    let (stdin, stdout) = rmcp::transport::stdio();
    let (from_client, to_server) = tokio::io::simplex(lines::MAX_LINE);
    tokio::spawn(lines::forward(stdin, to_server));
    let running = tokio::select! {
        running = server.serve((from_client, stdout)) => running
            .map_err(|e| Error::Watch(format!("the MCP client did not start a session: {e}")))?,
        () = &mut gone => return Ok(()),
    };
    tokio::select! {
        ended = running.waiting() => {
            ended.map_err(|e| Error::Watch(format!("the MCP session ended badly: {e}")))?;
        }
        () = gone => tracing::info!("the MCP client closed stdout; stopping"),
    }
    Ok(())
}

/// Resolves when the reader of stdout goes away (a client that quits without closing its
/// side of stdin, or mid-call, when nothing is being written that would fail). Never
/// resolves where that cannot be told.
fn stdout_closed() -> impl std::future::Future<Output = ()> {
    let (tx, rx) = tokio::sync::oneshot::channel::<()>();
    // A thread of its own, not the runtime's blocking pool: the runtime must not wait for it.
    let watcher = std::thread::Builder::new()
        .name("mcp-stdout".into())
        .spawn(move || {
            #[cfg(unix)]
            loop {
                // Asking for no event: a pipe whose reader closed reports POLLERR anyway.
                let mut fd = libc::pollfd {
                    fd: libc::STDOUT_FILENO,
                    events: 0,
                    revents: 0,
                };
                // SAFETY: one valid pollfd, for as long as the call.
                let n = unsafe { libc::poll(&mut fd, 1, -1) };
                let closed = libc::POLLERR | libc::POLLHUP | libc::POLLNVAL;
                if n > 0 && fd.revents & closed != 0 {
                    let _ = tx.send(());
                    return;
                }
                if n < 0
                    && std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted
                {
                    std::mem::forget(tx);
                    return;
                }
            }
            #[cfg(not(unix))]
            std::mem::forget(tx);
        });
    let watching = watcher.is_ok();
    async move {
        if !watching || rx.await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

struct App {
    processor: RwLock<Processor>,
    config: Arc<Config>,
}

/// The MCP server of one vault.
#[derive(Clone)]
pub struct VaultServer {
    app: Arc<App>,
    tool_router: ToolRouter<VaultServer>,
}

/// Schema of a tool's arguments (an object, as the protocol requires).
fn input<T: schemars::JsonSchema + 'static>() -> Arc<JsonObject> {
    schema_for_input::<T>()
        .unwrap_or_else(|_| rmcp::handler::server::common::schema_for_empty_input())
}

/// A refused argument, as the client's model sees it.
fn refused(e: ArgError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(e.to_string())])
}

/// A tool that could not do its work, with the reason.
fn failed(e: impl std::fmt::Display) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(e.to_string())])
}

/// A result: `text` for people and models that read text, `value` as structured content.
fn done(text: String, value: &impl Serialize) -> CallToolResult {
    match serde_json::to_value(value) {
        Ok(v) => {
            let mut result = CallToolResult::success(vec![ContentBlock::text(text)]);
            result.structured_content = Some(v);
            result
        }
        Err(e) => failed(format!("the result could not be encoded: {e}")),
    }
}

/// A result whose text is its JSON (data for the client's model to work with).
fn data(value: &impl Serialize) -> CallToolResult {
    let text = serde_json::to_string(value).unwrap_or_default();
    done(text, value)
}

/// An answer as text: the answer, then its sources.
fn answer_text(a: &AskOut) -> String {
    let mut text = a.answer.clone();
    if !a.sources.is_empty() {
        let _speaking = crate::offline::say::speak(crate::offline::say::detect(&a.question));
        let links = a.sources.join(" · ");
        text.push_str("\n\n");
        text.push_str(&crate::offline::say::t("sources", &[("links", &links)]));
    }
    text
}

#[tool_router]
impl VaultServer {
    /// A server over `processor`'s vault.
    pub fn new(processor: Processor, config: Arc<Config>) -> VaultServer {
        VaultServer {
            app: Arc::new(App {
                processor: RwLock::new(processor),
                config,
            }),
            tool_router: Self::tool_router(),
        }
    }

    /// The processor with its parsed data brought up to date with the notes, for reading.
    async fn fresh(&self) -> Result<RwLockReadGuard<'_, Processor>> {
        let mut processor = self.app.processor.write().await;
        processor.parse_pass().await?;
        Ok(RwLockWriteGuard::downgrade(processor))
    }

    #[tool(
        name = "ask",
        description = "Answer a question from the vault's notes, exactly as a `?` line in a note is answered: figures computed from the logged records (sums, bests, averages, trends, counts), with wikilink citations and how it was computed. Returns the answer as markdown plus structured content: answer, figures, sources, period, engine.",
        input_schema = input::<AskArgs>(),
        output_schema = schema_for_output::<AskOut>()
    )]
    async fn ask(&self, args: JsonObject) -> std::result::Result<CallToolResult, ErrorData> {
        let args: AskArgs = match args::parse(args) {
            Ok(a) => a,
            Err(e) => return Ok(refused(e)),
        };
        if let Err(e) = args::text("question", &args.question) {
            return Ok(refused(e));
        }
        let anchor = args.date.unwrap_or_else(|| Local::now().date_naive());
        let processor = match self.fresh().await {
            Ok(p) => p,
            Err(e) => return Ok(failed(e)),
        };
        Ok(match tools::ask(&processor, &args.question, anchor).await {
            Ok(a) => done(answer_text(&a), &a),
            Err(reason) => failed(reason),
        })
    }

    #[tool(
        name = "search_entries",
        description = "Find dated entries of the notes by words (synonyms included), period and domain. Each entry comes with its date, note, wikilink, text and the data parsed from it.",
        input_schema = input::<SearchArgs>(),
        output_schema = schema_for_output::<SearchOut>()
    )]
    async fn search_entries(
        &self,
        args: JsonObject,
    ) -> std::result::Result<CallToolResult, ErrorData> {
        let checked = {
            let processor = self.app.processor.read().await;
            args::parse::<SearchArgs>(args).and_then(|a| a.check(processor.flow().domains()))
        };
        let search = match checked {
            Ok(s) => s,
            Err(e) => return Ok(refused(e)),
        };
        let processor = match self.fresh().await {
            Ok(p) => p,
            Err(e) => return Ok(failed(e)),
        };
        Ok(
            match tools::search(processor.store(), processor.flow().domains(), &search) {
                Ok(found) => data(&found),
                Err(e) => failed(e),
            },
        )
    }

    #[tool(
        name = "records",
        description = "The parsed records themselves, one row per lift, run, night or other measured thing, with its fields as columns (date, activity, weight, unit, reps, sets, distance_km, duration_min, pace_min_per_km, value, note link), oldest first, so you can compute on them.",
        input_schema = input::<RecordsArgs>(),
        output_schema = schema_for_output::<RecordsOut>()
    )]
    async fn records(&self, args: JsonObject) -> std::result::Result<CallToolResult, ErrorData> {
        let asked = match args::parse::<RecordsArgs>(args).and_then(RecordsArgs::check) {
            Ok(r) => r,
            Err(e) => return Ok(refused(e)),
        };
        let processor = match self.fresh().await {
            Ok(p) => p,
            Err(e) => return Ok(failed(e)),
        };
        Ok(
            match tools::records(processor.store(), processor.flow().domains(), &asked) {
                Ok(Ok(rows)) => data(&rows),
                Ok(Err(e)) => refused(e),
                Err(e) => failed(e),
            },
        )
    }

    #[tool(
        name = "log",
        description = "Write to the vault as a person typing into their daily note would: a log is appended to that day's daily note as a new `## HH:MM` section, a question is answered, input that is both is split, a correction is appended under the entry it corrects. Returns what was written where (note, section, its text) and any answer. Never changes text already in a note.",
        input_schema = input::<LogArgs>(),
        output_schema = schema_for_output::<LogOut>(),
        annotations(destructive_hint = false, idempotent_hint = false)
    )]
    async fn log(&self, args: JsonObject) -> std::result::Result<CallToolResult, ErrorData> {
        let args: LogArgs = match args::parse(args) {
            Ok(a) => a,
            Err(e) => return Ok(refused(e)),
        };
        let now = Local::now().naive_local();
        if let Err(e) = args::text("text", &args.text)
            .and_then(|()| args::past_day("date", args.date, now.date()))
        {
            return Ok(refused(e));
        }
        let at = args.date.map_or(now, |d| d.and_time(now.time()));
        let mut processor = self.app.processor.write().await;
        let (routed, mut out) =
            match tools::log(&mut processor, &self.app.config, &args.text, at).await {
                Ok(r) => r,
                Err(Error::Input(m)) => {
                    return Ok(refused(ArgError {
                        arg: "text".into(),
                        message: m,
                    }))
                }
                Err(e) => return Ok(failed(e)),
            };
        // The note is written and parsed: the answer only reads.
        let processor = RwLockWriteGuard::downgrade(processor);
        if let Some(q) = &routed.question {
            match tools::ask(&processor, q, at.date()).await {
                Ok(a) => out.answer = Some(a),
                Err(reason) => return Ok(failed(reason)),
            }
        }
        Ok(done(log_text(&out), &out))
    }

    #[tool(
        name = "context",
        description = "The vault's global-context.md: what vault-agent has learned about the person (preferences, patterns, facts, insights), kept up to date as questions are answered.",
        annotations(read_only_hint = true)
    )]
    async fn context(&self) -> std::result::Result<CallToolResult, ErrorData> {
        Ok(match read_context(&self.app.config) {
            Ok(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
            Err(e) => failed(e),
        })
    }
}

/// What `log` did, in a few lines.
fn log_text(out: &LogOut) -> String {
    let mut lines = Vec::new();
    if let (Some(note), Some(written)) = (&out.logged_to, &out.written) {
        lines.push(format!("Written to {note}:\n\n{written}"));
    }
    if let Some(said) = &out.said {
        lines.push(said.clone());
    }
    if let Some(a) = &out.answer {
        lines.push(answer_text(a));
    }
    if lines.is_empty() {
        lines.push("Nothing was written.".to_string());
    }
    lines.join("\n\n")
}

/// `global-context.md`, or a line saying it is not written yet.
fn read_context(config: &Config) -> Result<String> {
    let path = crate::vault::contain::inside(&config.vault, &config.global_context)?;
    Ok(
        crate::vault::context::read_context(&path)?.unwrap_or_else(|| {
            format!(
                "(no {} yet: it is written as questions are answered)",
                config.global_context
            )
        }),
    )
}

/// Today's daily note (vault-relative) and its text; empty when it does not exist yet.
fn read_today(config: &Config) -> Result<(String, String)> {
    let rel = config.obsidian.daily.note_for(Local::now().date_naive());
    let path = crate::vault::contain::inside(&config.vault, &rel)?;
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok((rel, text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok((rel, String::new())),
        Err(e) => Err(Error::io(path, e)),
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for VaultServer {
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> std::result::Result<CallToolResponse, ErrorData> {
        // A request too long to read, replaced on its way in (see `lines`).
        if request.name == lines::OVERSIZED {
            let bytes = request
                .arguments
                .as_ref()
                .and_then(|a| a.get("bytes"))
                .and_then(serde_json::Value::as_u64)
                .unwrap_or(0);
            return Err(ErrorData::invalid_request(lines::refusal(bytes), None));
        }
        let call = rmcp::handler::server::tool::ToolCallContext::new(self, request, context);
        self.tool_router.call(call).await
    }

    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .build(),
        )
        .with_server_info(Implementation::new(
            "vault-agent",
            env!("CARGO_PKG_VERSION"),
        ))
        .with_instructions(
            "A person's Obsidian-style vault of daily logs (workouts, runs, sleep, food, work). \
             Use `ask` for computed answers with citations, `records` for the parsed rows to \
             compute on yourself, `search_entries` for what the notes say, `log` to write what \
             the person tells you into today's note, `context` for what is known about them. \
             Days are YYYY-MM-DD.",
        )
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ListResourcesResult, ErrorData> {
        let today = self
            .app
            .config
            .obsidian
            .daily
            .note_for(Local::now().date_naive());
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new(TODAY_URI, "today")
                .with_title(format!("Today's daily note ({today})"))
                .with_description("The daily note of today; empty until something is written to it.")
                .with_mime_type("text/markdown"),
            Resource::new(CONTEXT_URI, "global-context")
                .with_title(self.app.config.global_context.clone())
                .with_description(
                    "What vault-agent has learned about the person: preferences, patterns, facts, insights.",
                )
                .with_mime_type("text/markdown"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> std::result::Result<ReadResourceResponse, ErrorData> {
        let text = match request.uri.as_str() {
            TODAY_URI => read_today(&self.app.config).map(|(_, text)| text),
            CONTEXT_URI => read_context(&self.app.config),
            other => {
                return Err(ErrorData::resource_not_found(
                    format!("no resource {other}: the resources are {TODAY_URI} and {CONTEXT_URI}"),
                    None,
                ))
            }
        };
        let text = text.map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(ReadResourceResult::new(vec![
            ResourceContents::text(text, request.uri).with_mime_type("text/markdown")
        ])
        .into())
    }
}
