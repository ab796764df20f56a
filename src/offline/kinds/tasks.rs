//! Open tasks: the unchecked `- [ ]` items of the notes about what the question names
//! (title or text), each cited; with no subject, every open task in the period.

use super::{count, Reply};
use crate::offline::read::open_task;
use crate::offline::say::t;
use crate::vault::{Entry, Store};

/// The open tasks among `found` (entries ranked by the search), keeping only the notes
/// that match the most topic words.
pub fn reply(
    store: &Store,
    found: &[Entry],
    groups: &[Vec<String>],
    subject: &str,
) -> Option<Reply> {
    let score = |e: &Entry| {
        let title = e.source.to_lowercase();
        let text = e.text.to_lowercase();
        groups
            .iter()
            .filter(|g| {
                g.iter()
                    .any(|t| title.contains(t.as_str()) || text.contains(t.as_str()))
            })
            .count()
    };
    let with_tasks: Vec<&Entry> = found
        .iter()
        .filter(|e| e.text.lines().any(|l| open_task(l).is_some()))
        .collect();
    let best = with_tasks.iter().map(|e| score(e)).max()?;
    let mut reply = Reply {
        show_all: true,
        ..Reply::default()
    };
    for e in with_tasks.into_iter().filter(|e| score(e) == best) {
        let link = store.cite(e);
        for task in e.text.lines().filter_map(open_task) {
            reply.items.push(format!("[ ] {task} {link}"));
        }
        reply.used(&e.source);
    }
    let notes: Vec<String> = reply.notes.iter().map(|n| store.cite_note(n)).collect();
    let on = if subject.is_empty() {
        String::new()
    } else {
        t("tasks_on", &[("subject", subject)])
    };
    reply.head.push(t(
        "tasks_left",
        &[
            ("tasks", &count(reply.items.len(), "open task")),
            ("on", &on),
            ("notes", &notes.join(", ")),
        ],
    ));
    Some(reply)
}
