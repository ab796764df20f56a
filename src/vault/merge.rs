//! Merging two texts that both grew from one base, line by line, keeping every line either
//! side added. Used when the person's newer text and ours diverged in a write race: the
//! person's lines must all survive, ours may sit beside them.
//!
//! Each side's change is taken as one hunk (the lines between the longest common prefix and
//! suffix of lines). The newer side is kept whole; the lines the other side
//! added go back where it had them (before the newer side's own insertion at the same
//! place: they were written first). Nothing either side wrote is dropped.

/// One side's change to the base: bytes `start..end` of the base become `text`.
struct Hunk<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

fn hunk<'a>(base: &str, side: &'a str) -> Hunk<'a> {
    let b: Vec<&str> = base.split_inclusive('\n').collect();
    let s: Vec<&str> = side.split_inclusive('\n').collect();
    let prefix = b.iter().zip(&s).take_while(|(x, y)| x == y).count();
    let room = b.len().min(s.len()) - prefix;
    let suffix = b
        .iter()
        .rev()
        .zip(s.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    let bytes = |lines: &[&str]| lines.iter().map(|l| l.len()).sum::<usize>();
    let start = bytes(&b[..prefix]);
    let side_end = side.len() - bytes(&s[s.len() - suffix..]);
    Hunk {
        start,
        end: base.len() - bytes(&b[b.len() - suffix..]),
        text: &side[start..side_end],
    }
}

/// `theirs` (the person's newest text, every line kept) with the lines `ours` added to
/// `base` put back where `ours` had them. What `ours` deleted or replaced stays as `theirs`
/// has it: a merge only ever adds lines, so a line lost is never theirs to lose, and a
/// line typed in two versions is kept twice.
pub fn merge(base: &str, ours: &str, theirs: &str) -> String {
    if ours == base || ours == theirs {
        return theirs.to_string();
    }
    let (a, b) = (hunk(base, ours), hunk(base, theirs));
    let replaced: Vec<&str> = base[a.start..a.end].split_inclusive('\n').collect();
    let mut added = String::new();
    let mut in_callout = false;
    for line in a.text.split_inclusive('\n') {
        // Our own callouts are not carried over: the newer text has the one that counts.
        in_callout = is_our_callout(line) || in_callout && line.starts_with('>');
        if !in_callout && !replaced.contains(&line) {
            added.push_str(line);
        }
    }
    if added.is_empty() {
        return theirs.to_string();
    }
    // Where the added lines go in `theirs`: its text equals the base's outside `b`.
    let grown = |at: usize| at + b.text.len() - (b.end - b.start);
    let at = if a.start == a.end && a.start == b.start && b.start == b.end {
        b.start // both inserted at one place: ours is the earlier text
    } else if a.end <= b.start {
        a.end
    } else if b.end <= a.start {
        grown(a.end)
    } else {
        grown(a.end.max(b.end))
    };
    if at > 0 && !theirs[..at].ends_with('\n') {
        added.insert(0, '\n');
    }
    let mut out = String::with_capacity(theirs.len() + added.len());
    out.push_str(&theirs[..at]);
    out.push_str(&added);
    out.push_str(&theirs[at..]);
    out
}

/// The first line of a callout this program writes (`> [!answer] vault-agent · …`).
fn is_our_callout(line: &str) -> bool {
    line.starts_with("> [!") && line.contains("] vault-agent")
}

#[cfg(test)]
mod tests {
    use super::merge;

    #[test]
    fn appends_on_both_sides_keep_their_order() {
        let base = "a\n? q\n> [!answer] x\n";
        let ours = "a\n? q\n> [!answer] x\nearlier\n";
        let theirs = "a\n? q\n> [!answer] x\nlater\n";
        assert_eq!(
            merge(base, ours, theirs),
            "a\n? q\n> [!answer] x\nearlier\nlater\n"
        );
    }

    #[test]
    fn changes_apart_are_both_applied() {
        let base = "one\ntwo\nthree\n";
        let merged = merge(base, "zero\none\ntwo\nthree\n", "one\ntwo\nthree\nfour\n");
        assert_eq!(merged, "zero\none\ntwo\nthree\nfour\n");
        let merged = merge(base, "one\ntwo\nthree\nfour\n", "one\n1.5\ntwo\nthree\n");
        assert_eq!(merged, "one\n1.5\ntwo\nthree\nfour\n");
    }

    #[test]
    fn lines_changed_on_both_sides_keep_every_version_and_no_deletion_of_ours() {
        let merged = merge("a\nb\nc\n", "a\nB1\nc\n", "a\nB2\nc\n");
        assert_eq!(merged, "a\nB2\nB1\nc\n");
        // A line ours dropped is still in theirs: it stays.
        assert_eq!(merge("a\nb\nc\n", "a\nc\n", "a\nb\nc\nd\n"), "a\nb\nc\nd\n");
    }

    #[test]
    fn every_line_either_side_added_survives() {
        // Lines that share bytes at their edges (é and è share a first byte).
        let base = "x é\ny\n";
        let ours = "x é\ny\nz è\n";
        let theirs = "x è\ny\n";
        assert_eq!(merge(base, ours, theirs), "x è\ny\nz è\n");
    }
}
