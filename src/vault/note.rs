//! Reading a note: frontmatter, top-level blocks (via comrak source positions), questions
//! and the agent's own callouts. A note is never re-rendered; everything here is positions
//! into the original text.

use std::ops::Range;

use comrak::nodes::NodeValue;
use comrak::{parse_document, Arena, Options};

use super::callout::{agent_callout_kind, CalloutKind};
use super::frontmatter::Frontmatter;

/// What a top-level block is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockKind {
    /// A heading with its level and text (without the `#` marks).
    Heading {
        level: u8,
        text: String,
    },
    Paragraph,
    List,
    /// A block quote written by the person (including their own callouts).
    Quote,
    /// A callout written by vault-agent.
    AgentCallout(CalloutKind),
    Code,
    Html,
    Table,
    Other,
}

/// A top-level block: its kind and the 0-based line range it covers in the note.
#[derive(Debug, Clone)]
pub struct Block {
    pub kind: BlockKind,
    pub lines: Range<usize>,
}

/// A `?` question line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Question {
    /// 0-based line index in the note.
    pub line: usize,
    /// Byte range of the line, including its newline when there is one.
    pub bytes: Range<usize>,
    /// The question text after `?` (or `??`), trimmed.
    pub text: String,
    /// Written `?? …`: a living question, whose answer is kept current.
    pub living: bool,
    /// The line is finished (a newline follows it).
    pub ready: bool,
    /// An agent callout already follows it (a pending callout the person edited counts as
    /// an answer: it is their text now).
    pub handled: Option<CalloutKind>,
    /// The lines of the pending callout under it, untouched since we wrote it (the
    /// question is then still open: the callout is replaced by its answer).
    pub pending: Option<Range<usize>>,
    /// The person's `!` reply under our `[!question]` callout, when there is one.
    pub reply: Option<Reply>,
}

/// A `! ...` line answering our clarifying questions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reply {
    pub line: usize,
    /// The text after `!`, trimmed (`skip` means "answer without it").
    pub text: String,
    /// The line is finished (a newline follows it).
    pub ready: bool,
    /// An agent callout already follows the reply (not an untouched pending one).
    pub answered: bool,
    /// The lines of the untouched pending callout under the reply, if there is one.
    pub pending: Option<Range<usize>>,
    /// The paused flow named in the `[!question]` callout, when it names one.
    pub session: Option<String>,
}

/// A parsed note. Owns its text; every position refers into it.
#[derive(Debug, Clone)]
pub struct Note {
    pub text: String,
    pub frontmatter: Option<Frontmatter>,
    pub blocks: Vec<Block>,
    pub questions: Vec<Question>,
    /// Lines that look like questions but are not read as ones: line and why.
    pub ignored_questions: Vec<(usize, &'static str)>,
    line_starts: Vec<usize>,
    /// Lines that belong to frontmatter, code, HTML or quotes (never questions), and where.
    shielded: Vec<Option<&'static str>>,
}

impl Note {
    /// Parses note text. Never fails: odd markdown is still markdown.
    pub fn parse(text: String) -> Note {
        let line_starts = line_starts(&text);
        let line_count = line_starts.len();
        let frontmatter = Frontmatter::find(&text);
        let (body_start, line_offset) = frontmatter
            .as_ref()
            .map_or((0, 0), |fm| (fm.bytes.end, fm.line_count));
        let mut shielded = vec![None; line_count];
        for flag in shielded.iter_mut().take(line_offset) {
            *flag = Some("in the frontmatter");
        }
        let mut blocks = Vec::new();
        {
            let arena = Arena::new();
            let mut options = Options::default();
            options.extension.table = true;
            options.extension.strikethrough = true;
            options.extension.tasklist = true;
            let body = lone_cr_as_space(&text[body_start..]);
            let root = parse_document(&arena, &body, &options);
            let to_lines = |start: usize, end: usize| -> Range<usize> {
                let start = (start.max(1) - 1 + line_offset).min(line_count);
                let end = (end.max(1) + line_offset).clamp(start, line_count);
                start..end
            };
            for node in root.descendants().skip(1) {
                let ast = node.data.borrow();
                let lines = to_lines(ast.sourcepos.start.line, ast.sourcepos.end.line);
                if matches!(ast.value, NodeValue::CodeBlock(_) | NodeValue::HtmlBlock(_)) {
                    for flag in &mut shielded[lines.clone()] {
                        *flag = flag.or(Some("in a code block"));
                    }
                }
                if matches!(ast.value, NodeValue::BlockQuote) {
                    // A `?` line right under a quote or callout, without `>`, is markdown's
                    // lazy continuation of the quote, but the person meant a new question.
                    for i in lines.clone() {
                        let line = line_text(&text, &line_starts, i);
                        let lazy = !line.trim_start().starts_with('>');
                        if !(lazy && question_text(line).is_some()) {
                            shielded[i] = shielded[i].or(Some("in a quote or callout"));
                        }
                    }
                }
            }
            for node in root.children() {
                let ast = node.data.borrow();
                let lines = to_lines(ast.sourcepos.start.line, ast.sourcepos.end.line);
                if let NodeValue::CodeBlock(code) = &ast.value {
                    if code.fenced && holds_log_text(&code.info) {
                        // A plain fence keeps a log's lines as typed: its content is read as
                        // the note's own blocks (its `?` lines stay shielded: no questions).
                        let inner = parse_document(&arena, &code.literal, &options);
                        let first = ast.sourcepos.start.line;
                        for child in inner.children() {
                            let c = child.data.borrow();
                            let lines = to_lines(
                                first + c.sourcepos.start.line,
                                first + c.sourcepos.end.line,
                            );
                            let kind = match &c.value {
                                NodeValue::Heading(h) => BlockKind::Heading {
                                    level: h.level,
                                    text: heading_text(line_text(&text, &line_starts, lines.start)),
                                },
                                NodeValue::Paragraph => BlockKind::Paragraph,
                                NodeValue::List(_) => BlockKind::List,
                                NodeValue::Table(_) => BlockKind::Table,
                                _ => BlockKind::Other,
                            };
                            blocks.push(Block { kind, lines });
                        }
                        continue;
                    }
                }
                let kind = match &ast.value {
                    NodeValue::Heading(h) => BlockKind::Heading {
                        level: h.level,
                        text: heading_text(line_text(&text, &line_starts, lines.start)),
                    },
                    NodeValue::Paragraph => BlockKind::Paragraph,
                    NodeValue::List(_) => BlockKind::List,
                    NodeValue::BlockQuote => {
                        match agent_callout_kind(line_text(&text, &line_starts, lines.start)) {
                            Some(kind) => BlockKind::AgentCallout(kind),
                            None => BlockKind::Quote,
                        }
                    }
                    NodeValue::CodeBlock(_) => BlockKind::Code,
                    NodeValue::HtmlBlock(_) => BlockKind::Html,
                    NodeValue::Table(_) => BlockKind::Table,
                    _ => BlockKind::Other,
                };
                blocks.push(Block { kind, lines });
            }
        }
        let mut note = Note {
            text,
            frontmatter,
            blocks,
            questions: Vec::new(),
            ignored_questions: Vec::new(),
            line_starts,
            shielded,
        };
        note.questions = note.find_questions();
        note.ignored_questions = note.find_ignored_questions();
        note
    }

    /// Number of lines (a final line without newline counts).
    pub fn line_count(&self) -> usize {
        self.line_starts.len()
    }

    /// Byte range of line `i`, including its newline.
    pub fn line_bytes(&self, i: usize) -> Range<usize> {
        let start = self.line_starts[i];
        let end = self
            .line_starts
            .get(i + 1)
            .copied()
            .unwrap_or(self.text.len());
        start..end
    }

    /// Text of line `i` without its line ending.
    pub fn line(&self, i: usize) -> &str {
        line_text(&self.text, &self.line_starts, i)
    }

    /// True when line `i` belongs to a question (so it is not part of an entry's content).
    pub fn is_question_line(&self, i: usize) -> bool {
        self.questions
            .iter()
            .any(|q| q.line == i || q.reply.as_ref().is_some_and(|r| r.line == i))
    }

    /// The frontmatter error message, if the block exists but is not valid YAML.
    pub fn frontmatter_error(&self) -> Option<&str> {
        self.frontmatter
            .as_ref()
            .and_then(|fm| fm.yaml.as_ref().err().map(String::as_str))
    }

    /// `?` lines inside frontmatter, code or quotes: reported, never answered.
    fn find_ignored_questions(&self) -> Vec<(usize, &'static str)> {
        (0..self.line_count())
            .filter_map(|i| {
                let why = self.shielded[i]?;
                let line = self
                    .line(i)
                    .trim_start_matches(|c: char| c == '>' || c.is_whitespace());
                let agent_line = line.starts_with("[!");
                (question_text(line).is_some() && !agent_line).then_some((i, why))
            })
            .collect()
    }

    fn find_questions(&self) -> Vec<Question> {
        let mut questions = Vec::new();
        for i in 0..self.line_count() {
            if self.shielded[i].is_some() {
                continue;
            }
            let Some(text) = question_text(self.line(i)) else {
                continue;
            };
            let living = text.starts_with('?');
            let text = text.trim_start_matches('?').trim();
            let bytes = self.line_bytes(i);
            let ready = self.text[bytes.clone()].ends_with('\n');
            let pending = self.pending_after(i);
            let handled = self.callout_after(i).filter(|_| pending.is_none());
            let reply = (handled == Some(CalloutKind::Question))
                .then(|| self.reply_after_callout(i))
                .flatten();
            questions.push(Question {
                line: i,
                bytes,
                text: text.to_string(),
                living,
                ready,
                handled,
                pending,
                reply,
            });
        }
        questions
    }

    /// The `!` line after the callout that follows line `i`.
    fn reply_after_callout(&self, i: usize) -> Option<Reply> {
        let header = (i + 1..self.line_count()).find(|&j| !self.line(j).trim().is_empty())?;
        let mut end = header + 1;
        while end < self.line_count() && self.line(end).trim_start().starts_with('>') {
            end += 1;
        }
        let session = (header..end).find_map(|j| super::callout::session_in(self.line(j)));
        let line = (end..self.line_count()).find(|&j| !self.line(j).trim().is_empty())?;
        let text = self.line(line).trim_start();
        // `![[...]]` and `![](...)` are embeds, not replies.
        let rest = text
            .strip_prefix('!')
            .filter(|r| !r.starts_with('[') && !r.starts_with("!["))?;
        let pending = self.pending_after(line);
        Some(Reply {
            line,
            text: rest.trim().to_string(),
            ready: self.text[self.line_bytes(line)].ends_with('\n'),
            answered: pending.is_none() && self.callout_after(line).is_some(),
            pending,
            session,
        })
    }

    /// The lines of the pending callout that belongs to line `i`, if one does (typed into
    /// or not: the answer replaces our lines of it, see [`super::pending::is_ours`]).
    fn pending_after(&self, i: usize) -> Option<Range<usize>> {
        let header = self.callout_below(i)?;
        if !super::pending::is_pending_header(self.line(header)) {
            return None;
        }
        let mut end = header + 1;
        while end < self.line_count() && self.line(end).trim_start().starts_with('>') {
            end += 1;
        }
        Some(header..end)
    }

    /// The agent callout that belongs to line `i`.
    fn callout_after(&self, i: usize) -> Option<CalloutKind> {
        agent_callout_kind(self.line(self.callout_below(i)?))
    }

    /// The first line of the agent callout that belongs to the question or reply on line
    /// `i`: ours, found by its marker below it before the next question or heading. Lines
    /// the person typed between the two stay theirs and do not part them.
    fn callout_below(&self, i: usize) -> Option<usize> {
        for j in i + 1..self.line_count() {
            let line = self.line(j);
            if agent_callout_kind(line).is_some() {
                return Some(j);
            }
            let heading =
                line.starts_with('#') && line.trim_start_matches('#').starts_with([' ', '\t']);
            if self.shielded[j].is_none() && (heading || question_text(line).is_some()) {
                return None;
            }
        }
        None
    }
}

/// The question in a line: `? text` or a list item `- ? text` (also `*`, `+`, `1.`).
pub fn question_text(line: &str) -> Option<&str> {
    let mut rest = line.trim_start();
    if let Some(after) = rest
        .strip_prefix("- ")
        .or_else(|| rest.strip_prefix("* "))
        .or_else(|| rest.strip_prefix("+ "))
    {
        rest = after.trim_start();
    } else {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits > 0 {
            let after = &rest[digits..];
            if let Some(after) = after
                .strip_prefix(". ")
                .or_else(|| after.strip_prefix(") "))
            {
                rest = after.trim_start();
            }
        }
    }
    let text = rest.strip_prefix('?')?.trim();
    (!text.is_empty() && text.chars().any(char::is_alphanumeric)).then_some(text)
}

/// Whether a fence with this info string holds log text rather than code: no language
/// named, or one of the names people give plain text (`text`, `log`...).
pub(crate) fn holds_log_text(info: &str) -> bool {
    let lang = info.split_whitespace().next().unwrap_or("");
    [
        "",
        "text",
        "txt",
        "log",
        "logs",
        "plain",
        "plaintext",
        "md",
        "markdown",
    ]
    .iter()
    .any(|plain| lang.eq_ignore_ascii_case(plain))
}

fn heading_text(line: &str) -> String {
    line.trim()
        .trim_start_matches('#')
        .trim()
        .trim_end_matches('#')
        .trim()
        .to_string()
}

/// `text` with each `\r` that is not followed by `\n` read as a space. comrak ends a line
/// there too, but lines here end at `\n` only: without this the two line numberings part
/// and comrak's positions point past the note's last line.
fn lone_cr_as_space(text: &str) -> std::borrow::Cow<'_, str> {
    let bytes = text.as_bytes();
    let lone = |i: usize| bytes[i] == b'\r' && bytes.get(i + 1) != Some(&b'\n');
    if !(0..bytes.len()).any(lone) {
        return std::borrow::Cow::Borrowed(text);
    }
    let spaced: Vec<u8> = (0..bytes.len())
        .map(|i| if lone(i) { b' ' } else { bytes[i] })
        .collect();
    // Only an ASCII byte changed for another, so the text is still UTF-8.
    std::borrow::Cow::Owned(String::from_utf8(spaced).unwrap_or_else(|_| text.to_string()))
}

fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
    if starts.len() > 1 && *starts.last().expect("not empty") == text.len() {
        starts.pop();
    }
    starts
}

fn line_text<'t>(text: &'t str, starts: &[usize], i: usize) -> &'t str {
    let start = starts[i];
    let end = starts.get(i + 1).copied().unwrap_or(text.len());
    let line = text[start..end].trim_end_matches(['\n', '\r']);
    // A byte order mark some editors put at the start of a file is not the line's text.
    if start == 0 {
        line.strip_prefix('\u{feff}').unwrap_or(line)
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn questions(text: &str) -> Vec<(String, bool, bool)> {
        Note::parse(text.to_string())
            .questions
            .into_iter()
            .map(|q| (q.text, q.ready, q.handled.is_some()))
            .collect()
    }

    #[test]
    fn plain_and_list_questions_are_found() {
        let q = questions("Slept well.\n? how did I sleep\n- ? and my bench\n1. ? third\n");
        let texts: Vec<_> = q.iter().map(|x| x.0.as_str()).collect();
        assert_eq!(texts, ["how did I sleep", "and my bench", "third"]);
    }

    #[test]
    fn a_lone_carriage_return_does_not_split_lines() {
        // Found by tests/parsers_props.rs: comrak took `\r` as a line end and its block
        // positions ran past the note's single line.
        let note = Note::parse("\r ## 07:30 Bench\n> quote\r? asked\n".to_string());
        assert_eq!(note.line_count(), 2);
        assert!(
            note.blocks.iter().all(|b| b.lines.end <= 2),
            "{:?}",
            note.blocks
        );
        assert_eq!(questions("text\r? how far\n? how long\n").len(), 1);
    }

    #[test]
    fn half_typed_line_is_not_ready() {
        assert_eq!(
            questions("? how many runs"),
            [("how many runs".into(), false, false)]
        );
    }

    #[test]
    fn code_quotes_and_frontmatter_are_not_questions() {
        let text = "---\ntitle: ? not this\n---\n```\n? in code\n```\n> ? quoted\n\n    ? indented code\n\n? real one\n";
        let q = questions(text);
        assert_eq!(q.len(), 1, "{q:?}");
        assert_eq!(q[0].0, "real one");
    }

    #[test]
    fn a_question_right_under_our_callout_is_a_new_question() {
        let text = "? first\n> [!answer] vault-agent · 2026-11-21 10:00\n> five\n? second\n";
        assert_eq!(
            questions(text),
            [("first".into(), true, true), ("second".into(), true, false)]
        );
    }

    #[test]
    fn shielded_question_lines_are_reported_with_the_reason() {
        let n = Note::parse("```\n? in code\n```\n> ? quoted\n".to_string());
        assert!(n.questions.is_empty());
        assert_eq!(
            n.ignored_questions,
            [(1, "in a code block"), (3, "in a quote or callout")]
        );
    }

    #[test]
    fn replies_under_our_question_callout() {
        let text = "? how did I sleep\n> [!question] vault-agent · 2026-11-21 10:00 · needs more information\n> 1. How stressed were you?\n\n! quite stressed, deadline week\n";
        let n = Note::parse(text.to_string());
        let r = n.questions[0].reply.clone().expect("reply found");
        assert_eq!(
            (r.line, r.text.as_str(), r.ready, r.answered),
            (4, "quite stressed, deadline week", true, false)
        );
        assert!(n.is_question_line(4), "the reply is not a log entry");
        let embed = Note::parse(text.replace("! quite", "![[photo.png]] quite"));
        assert!(
            embed.questions[0].reply.is_none(),
            "an embed is not a reply"
        );
    }

    #[test]
    fn answered_question_is_marked_handled() {
        let text = "? best bench\n> [!answer] vault-agent · 2026-11-21 10:00\n> 185\n\n? new one\n";
        let q = questions(text);
        assert!(q[0].2);
        assert!(!q[1].2);
    }

    #[test]
    fn blocks_carry_line_ranges_after_frontmatter() {
        let note = Note::parse("---\na: 1\n---\n## 07:30 Bench\n185x5\n\n- sleep 7h\n".into());
        assert_eq!(note.blocks[0].lines, 3..4);
        assert!(
            matches!(&note.blocks[0].kind, BlockKind::Heading { level: 2, text } if text == "07:30 Bench")
        );
        assert_eq!(note.blocks[2].kind, BlockKind::List);
        assert_eq!(note.blocks[2].lines, 6..7);
    }

    #[test]
    fn a_pending_callout_leaves_its_question_open_even_once_typed_into() {
        let stamp = chrono::NaiveDate::from_ymd_opt(2026, 11, 21)
            .unwrap()
            .and_hms_opt(10, 32, 0)
            .unwrap();
        let pending = crate::vault::pending::render("planning", stamp);
        let text = format!("? best bench\n{pending}\nlater text\n");
        let q = &Note::parse(text.clone()).questions[0];
        assert_eq!((q.handled, q.pending.clone()), (None, Some(1..4)));
        let edited = text.replace("Started", "I started");
        let q = &Note::parse(edited).questions[0];
        assert_eq!((q.handled, q.pending.clone()), (None, Some(1..4)));
        let apart = text.replace("? best bench\n", "? best bench\nmy line\n\n");
        let q = &Note::parse(apart).questions[0];
        assert_eq!((q.handled, q.pending.clone()), (None, Some(3..6)));
        let answered = "? best bench\nmy line\n> [!answer] vault-agent · 2026-11-21 10:40\n> 185\n";
        let q = &Note::parse(answered.into()).questions[0];
        assert_eq!(q.handled, Some(CalloutKind::Answer));
        let another =
            "? best bench\n## 08:00\n? how far\n> [!answer] vault-agent · 2026-11-21 10:40\n";
        let q = &Note::parse(another.into()).questions[0];
        assert_eq!(q.handled, None);
    }

    #[test]
    fn question_marks_that_are_not_questions() {
        assert_eq!(question_text("?"), None);
        assert_eq!(question_text("???"), None);
        assert_eq!(question_text("text ? no"), None);
    }
}
