//! The client's messages on their way to the MCP server, one a line: a line over
//! [`MAX_LINE`] is never held whole, and a request that long still gets a reply.
//!
//! The SDK drops a line over its own cap (16 MiB) without a word, so the client waits
//! forever for that request. Here every line passes through [`Lines`] first: a line up to
//! [`MAX_LINE`] goes on as it came; a longer one is read to its end (only its `id` and
//! whether it names a `method` are kept) and replaced by a call of the reserved tool
//! [`OVERSIZED`] with the same id, which the server answers with a JSON-RPC error naming
//! the limit ([`refusal`]). A line that cannot be a request (no `id`, no `method`: a
//! notification or a response) gets nothing, as JSON-RPC wants.
//!
//! No text a tool takes may be over [`crate::input::MAX_TEXT`] (64 KiB), which is at most
//! 384 KiB of JSON however it is escaped (`\uXXXX` for every byte), so a request within the
//! limits always fits in [`MAX_LINE`].

use serde_json::Value;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};

/// The longest line passed on to the server (bytes, newline included).
pub const MAX_LINE: usize = 1024 * 1024;

/// The name of the tool a request over [`MAX_LINE`] becomes. It is in no tool list.
pub const OVERSIZED: &str = "vault-agent/oversized";

/// The error message for a request of `bytes` bytes.
pub fn refusal(bytes: u64) -> String {
    format!(
        "the request is {} KiB, over the {} KiB a request may be, so it was not read; text for `log` or `ask` is limited to {} KiB: split it, or bring a long text in as a note of its own with `vault-agent import`",
        bytes.div_ceil(1024),
        MAX_LINE / 1024,
        crate::input::MAX_TEXT / 1024
    )
}

/// Copies `from` to `to` through [`Lines`] until `from` ends (or `to` is closed), then
/// closes `to`.
pub async fn forward(mut from: impl AsyncRead + Unpin, mut to: impl AsyncWrite + Unpin) {
    let mut lines = Lines::new(MAX_LINE);
    let mut buf = vec![0u8; 64 * 1024];
    let mut out = Vec::new();
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        lines.feed(&buf[..n], &mut out);
        if !out.is_empty() && to.write_all(&out).await.is_err() {
            return;
        }
        out.clear();
    }
    lines.finish(&mut out);
    let _ = to.write_all(&out).await;
    let _ = to.shutdown().await;
}

/// Splits bytes into lines of at most `max` bytes, replacing longer ones (see the module).
pub struct Lines {
    max: usize,
    /// The line read so far (while it is within `max`).
    line: Vec<u8>,
    /// The line over `max` being read to its end: its length so far, and what it holds.
    over: Option<(u64, Top)>,
}

impl Lines {
    pub fn new(max: usize) -> Lines {
        Lines {
            max,
            line: Vec::new(),
            over: None,
        }
    }

    /// Takes the next `bytes`, appending to `out` each line they end.
    pub fn feed(&mut self, mut bytes: &[u8], out: &mut Vec<u8>) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|b| *b == b'\n').map(|i| i + 1);
            let (part, rest) = bytes.split_at(end.unwrap_or(bytes.len()));
            bytes = rest;
            let ended = end.is_some();
            if let Some((n, top)) = &mut self.over {
                *n += part.len() as u64;
                top.scan(part);
                if ended {
                    let (n, top) = self.over.take().expect("just matched");
                    out.extend(top.replacement(n));
                }
            } else if self.line.len() + part.len() > self.max {
                let mut top = Top::default();
                top.scan(&self.line);
                top.scan(part);
                let n = (self.line.len() + part.len()) as u64;
                // Its memory goes back: the next lines are short.
                self.line = Vec::new();
                if ended {
                    out.extend(top.replacement(n));
                } else {
                    self.over = Some((n, top));
                }
            } else {
                self.line.extend_from_slice(part);
                if ended {
                    out.append(&mut self.line);
                }
            }
        }
    }

    /// The input ended: a last line without a newline goes on as it is (one over `max` is
    /// not a request that was sent).
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        out.append(&mut self.line);
        self.over = None;
    }
}

/// Which of a JSON object's own keys a value belongs to.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Key {
    Id,
    Method,
    Other,
}

/// What a JSON-RPC message holds at its top level, read byte by byte without keeping it:
/// its `id` (as written) and whether it names a `method`.
#[derive(Debug, Default)]
struct Top {
    depth: usize,
    in_string: bool,
    escaped: bool,
    /// In the top object, where a key comes next.
    want_key: bool,
    /// The key being read (its first bytes), while one is.
    key: Option<Vec<u8>>,
    /// The key whose value comes next.
    value_of: Option<Key>,
    /// The `id` value as written, while it is read, then once read.
    id: Option<Vec<u8>>,
    id_done: bool,
    method: bool,
}

/// An id longer than this is not copied (no client writes one).
const MAX_ID: usize = 256;

impl Top {
    fn scan(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn byte(&mut self, b: u8) {
        let reading_id = self.value_of == Some(Key::Id) && self.depth == 1 && !self.id_done;
        if self.in_string {
            if reading_id {
                self.push_id(b);
            } else if let Some(key) = &mut self.key {
                if key.len() <= 8 {
                    key.push(b);
                }
            }
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                self.string_ended(reading_id);
            }
            return;
        }
        match b {
            b'"' => {
                self.in_string = true;
                if self.depth == 1 && self.want_key {
                    self.key = Some(Vec::new());
                } else if reading_id {
                    self.push_id(b);
                }
            }
            b'{' | b'[' => {
                self.end_id();
                self.depth += 1;
                self.want_key = self.depth == 1 && b == b'{';
            }
            b'}' | b']' => {
                self.end_id();
                self.depth = self.depth.saturating_sub(1);
            }
            b',' if self.depth == 1 => {
                self.end_id();
                self.want_key = true;
                self.value_of = None;
            }
            b':' if self.depth == 1 => self.want_key = false,
            b' ' | b'\t' | b'\r' | b'\n' => self.end_id(),
            _ if reading_id => self.push_id(b),
            _ => {}
        }
    }

    fn string_ended(&mut self, reading_id: bool) {
        if let Some(mut key) = self.key.take() {
            key.pop(); // its closing quote
            let key = match key.as_slice() {
                b"id" => Key::Id,
                b"method" => Key::Method,
                _ => Key::Other,
            };
            self.method |= key == Key::Method;
            self.value_of = Some(key);
        } else if reading_id {
            self.id_done = true;
        }
    }

    fn push_id(&mut self, b: u8) {
        let id = self.id.get_or_insert_with(Vec::new);
        if id.len() < MAX_ID {
            id.push(b);
        } else {
            // Not copied: no reply can name it.
            self.id = None;
            self.id_done = true;
        }
    }

    /// A number (or other bare value) ends at what follows it.
    fn end_id(&mut self) {
        if self.id.is_some() && self.depth == 1 {
            self.id_done = true;
        }
    }

    /// The request a message of `bytes` bytes is replaced by: a call of [`OVERSIZED`]
    /// with its id, or nothing when it is no request (or its id could not be read).
    fn replacement(&self, bytes: u64) -> Vec<u8> {
        let id = self
            .id
            .as_deref()
            .filter(|_| self.method && self.id_done)
            .and_then(|raw| serde_json::from_slice::<Value>(raw).ok())
            .filter(|id| id.is_string() || id.is_number());
        let Some(id) = id else {
            return Vec::new();
        };
        let request = serde_json::json!({
            "jsonrpc": "2.0",
            "id": id,
            "method": "tools/call",
            "params": {"name": OVERSIZED, "arguments": {"bytes": bytes}},
        });
        let mut line = request.to_string().into_bytes();
        line.push(b'\n');
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lines `input` becomes, fed in pieces of `chunk` bytes.
    fn through(input: &[u8], max: usize, chunk: usize) -> Vec<Value> {
        let mut lines = Lines::new(max);
        let mut out = Vec::new();
        for piece in input.chunks(chunk) {
            lines.feed(piece, &mut out);
        }
        lines.finish(&mut out);
        String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    }

    fn replaced(id: Value, bytes: usize) -> Value {
        serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call",
            "params": {"name": OVERSIZED, "arguments": {"bytes": bytes}}})
    }

    #[test]
    fn a_request_over_the_limit_becomes_a_call_answered_with_an_error_with_its_id() {
        let long = "x".repeat(500);
        let short = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let cases: Vec<(String, Option<Value>)> = vec![
            // The id first, as clients write it; after the long params; a string id
            // holding what a scanner could trip on; a nested "id" is not the request's.
            (
                format!(
                    r#"{{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{{"text":"{long}"}}}}"#
                ),
                Some(serde_json::json!(7)),
            ),
            (
                format!(
                    r#"{{"method":"tools/call","params":{{"id":99,"text":"{long} \" }} ,"}},"id" : "a\"b,}}" }}"#
                ),
                Some(serde_json::json!("a\"b,}")),
            ),
            (
                format!(r#"{{ "jsonrpc": "2.0", "params": ["{long}"], "method": "x", "id": -3 }}"#),
                Some(serde_json::json!(-3)),
            ),
            // A notification and a response get nothing.
            (
                format!(
                    r#"{{"jsonrpc":"2.0","method":"notifications/x","params":{{"t":"{long}"}}}}"#
                ),
                None,
            ),
            (
                format!(r#"{{"jsonrpc":"2.0","id":4,"result":{{"t":"{long}"}}}}"#),
                None,
            ),
        ];
        for (line, id) in cases {
            for chunk in [1, 7, 4096] {
                let input = format!("{short}\n{line}\n{short}\n");
                let got = through(input.as_bytes(), 100, chunk);
                let mut want = vec![serde_json::from_str::<Value>(short).unwrap()];
                want.extend(id.clone().map(|id| replaced(id, line.len() + 1)));
                want.push(serde_json::from_str(short).unwrap());
                assert_eq!(got, want, "{line} in pieces of {chunk}");
            }
        }
    }

    #[test]
    fn lines_within_the_limit_pass_unchanged_and_the_refusal_names_the_text_limit() {
        let input = b"{\"a\":1}\r\n\n{\"b\":2}\n{\"c\":3}";
        let mut lines = Lines::new(10);
        let mut out = Vec::new();
        for b in input {
            lines.feed(std::slice::from_ref(b), &mut out);
        }
        lines.finish(&mut out);
        assert_eq!(out, input);
        let message = refusal(17 * 1024 * 1024);
        assert!(
            message.contains("17408 KiB") && message.contains("64 KiB"),
            "{message}"
        );
    }
}
