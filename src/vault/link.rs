//! Links to notes that Obsidian resolves whatever the note and its headings are called.
//!
//! A wikilink cannot hold `#`, `|`, `^`, `[[`, `]]` in its target (they end the name or
//! start a heading, an alias, a block), and `%%` anywhere in a callout opens an Obsidian
//! comment that hides the rest of the answer. So a heading keeps what Obsidian keeps when
//! it links one (those characters become spaces, as Obsidian's own heading links do), and
//! a note whose name holds one is linked with a Markdown link to its path, percent-encoded.

/// A link to the note at `rel` (vault-relative), written `[[target]]` (`target` as
/// [`super::index::DateIndex::link_target`] gives it), at `heading` when given.
pub fn link(target: &str, rel: &str, heading: Option<&str>) -> String {
    let heading = heading.map(heading_for_link).filter(|h| !h.is_empty());
    if !breaks_wikilink(target) {
        return match heading {
            Some(h) => format!("[[{target}#{h}]]"),
            None => format!("[[{target}]]"),
        };
    }
    let stem = super::index::stem(rel);
    // A run of `%` is one: replacing `%%` leaves `%%` of `%%%`.
    let mut label = String::with_capacity(stem.len());
    for c in stem.chars() {
        match c {
            '%' if label.ends_with('%') => {}
            '[' => label.push('('),
            ']' => label.push(')'),
            c => label.push(c),
        }
    }
    let mut href = percent_encoded(rel);
    if let Some(h) = heading {
        href.push('#');
        href.push_str(&percent_encoded(&h));
    }
    format!("[{label}]({href})")
}

/// Whether a note name cannot be a wikilink's target.
fn breaks_wikilink(target: &str) -> bool {
    target.contains(['#', '|', '^', '[', ']']) || target.contains("%%")
}

/// A heading as written in a link: `#`, `|`, `^`, `\`, brackets and `%%` become spaces, runs
/// of spaces one (Obsidian matches a heading link with its punctuation left out, so
/// `[[Log#10:32 correction]]` opens `## 10:32 [correction]`).
pub fn heading_for_link(heading: &str) -> String {
    let cleaned = heading
        .replace("%%", " ")
        .replace(['#', '|', '^', '\\', '[', ']'], " ");
    cleaned.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A path for a Markdown link: what would end or split it is percent-encoded.
fn percent_encoded(path: &str) -> String {
    let mut out = String::with_capacity(path.len() + 8);
    for c in path.chars() {
        match c {
            ' ' | '#' | '%' | '|' | '^' | '[' | ']' | '(' | ')' | '<' | '>' | '"' => {
                out.push_str(&format!("%{:02X}", c as u32));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings_and_names_obsidian_cannot_link_as_written_are_escaped() {
        assert_eq!(
            link("2026-11-13", "Daily/2026-11-13.md", Some("17:30 Gym")),
            "[[2026-11-13#17:30 Gym]]"
        );
        assert_eq!(
            link("Log", "Log.md", Some("Run #3 | easy ^pace [[Park]]")),
            "[[Log#Run 3 easy pace Park]]"
        );
        assert_eq!(link("Log", "Log.md", Some("##")), "[[Log]]");
        assert_eq!(
            link("Log", "Log.md", Some("10:32 [correction]")),
            "[[Log#10:32 correction]]"
        );
        assert_eq!(
            link("Run # 1", "Runs/Run # 1.md", Some("10:00")),
            "[Run # 1](Runs/Run%20%23%201.md#10:00)"
        );
        assert_eq!(
            link("Run %% notes", "Run %% notes.md", None),
            "[Run % notes](Run%20%25%25%20notes.md)"
        );
        assert_eq!(
            link("Run %%% notes", "Run %%% notes.md", None),
            "[Run % notes](Run%20%25%25%25%20notes.md)"
        );
        assert_eq!(
            link("a|b [x]", "a|b [x].md", None),
            "[a|b (x)](a%7Cb%20%5Bx%5D.md)"
        );
    }
}
