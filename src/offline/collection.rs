//! Questions about a collection of notes ("which book am I on", "what games am I playing"):
//! a folder named by a question word (`Books/` for `book`) holds one note per item, and a
//! property (`status: reading`, lexicon `questions.in_progress`) says which are going on
//! now. The answer is those items, else the collection's newest notes. Only the folder's
//! notes are opened.

use crate::vault::frontmatter::Frontmatter;
use crate::vault::Store;

use super::read::lexicon::lexicon;

/// One note of a collection, with the property value that marks it current, if any.
#[derive(Debug, Clone)]
pub struct Item {
    pub rel: String,
    pub title: String,
    /// `status: reading`, when a property says the item is going on.
    pub current: Option<String>,
}

/// The collection a question's `words` name (a folder `Books/` for `book` or `books`), its
/// notes with the ones going on first; `None` when no word names one.
pub fn find(store: &Store, words: &[String]) -> Option<Vec<Item>> {
    let names: Vec<String> = words
        .iter()
        .filter(|w| w.chars().count() >= 2)
        .flat_map(|w| forms(w))
        .collect();
    if names.is_empty() {
        return None;
    }
    let current_words = &lexicon().questions.in_progress;
    let mut items = Vec::new();
    for meta in store.index().all() {
        let folder = meta.rel.rsplit_once('/').map(|(dir, _)| dir).unwrap_or("");
        let in_folder = folder
            .split('/')
            .any(|part| names.iter().any(|n| n == &part.to_lowercase()));
        if !in_folder {
            continue;
        }
        let Ok(note) = store.load_note(meta) else {
            continue;
        };
        let fm = note.frontmatter.as_ref();
        let current = fm.and_then(|fm| current_property(fm, current_words));
        let title = fm
            .and_then(Frontmatter::title)
            .unwrap_or_else(|| crate::vault::index::stem(&meta.rel).to_string());
        items.push((
            meta.date,
            Item {
                rel: meta.rel.clone(),
                title,
                current,
            },
        ));
    }
    if items.is_empty() {
        return None;
    }
    // Going on first, then the newest.
    items.sort_by_key(|(date, item)| (item.current.is_none(), std::cmp::Reverse(*date)));
    Some(items.into_iter().map(|(_, item)| item).collect())
}

/// A word and the forms a folder or tag may name it by (`book` -> `books`, `books` ->
/// `book`).
fn forms(word: &str) -> Vec<String> {
    let w = word.to_lowercase();
    let mut out = vec![w.clone(), format!("{w}s"), format!("{w}es")];
    if let Some(one) = w.strip_suffix('s') {
        out.push(one.to_string());
    }
    out
}

/// `status: reading`: the first property whose value says the item is going on.
fn current_property(fm: &Frontmatter, current_words: &[String]) -> Option<String> {
    let Ok(map) = &fm.yaml else {
        return None;
    };
    map.iter().find_map(|(k, v)| {
        let (k, v) = (k.as_str()?, v.as_str()?);
        let value = v.trim().to_lowercase();
        current_words
            .contains(&value)
            .then(|| format!("{k}: {}", v.trim()))
    })
}
