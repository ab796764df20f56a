//! Merging two texts that both grew from one base, line by line, keeping every line either
//! side added. Used when the person's newer text and ours diverged in a write race: the
//! person's lines must all survive, ours may sit beside them.
//!
//! The newer side's change is taken as one hunk (the lines between the longest common
//! prefix and suffix of lines) and kept whole. The other side's lines are aligned with the
//! base (longest common subsequence), so each run of lines it added goes back where it had
//! them: before the newer side's own insertion at the same place (they were written first),
//! after the newer side's change when it was inside it. Nothing either side wrote is dropped.

/// One side's change to the base: bytes `start..end` of the base become `text`.
struct Hunk<'a> {
    start: usize,
    end: usize,
    text: &'a str,
}

/// The common prefix and suffix of two line lists, in lines.
fn common_ends(b: &[&str], s: &[&str]) -> (usize, usize) {
    let prefix = b.iter().zip(s).take_while(|(x, y)| x == y).count();
    let room = b.len().min(s.len()) - prefix;
    let suffix = b
        .iter()
        .rev()
        .zip(s.iter().rev())
        .take(room)
        .take_while(|(x, y)| x == y)
        .count();
    (prefix, suffix)
}

fn bytes(lines: &[&str]) -> usize {
    lines.iter().map(|l| l.len()).sum()
}

fn hunk<'a>(base: &str, side: &'a str) -> Hunk<'a> {
    let b: Vec<&str> = base.split_inclusive('\n').collect();
    let s: Vec<&str> = side.split_inclusive('\n').collect();
    let (prefix, suffix) = common_ends(&b, &s);
    let start = bytes(&b[..prefix]);
    let side_end = side.len() - bytes(&s[s.len() - suffix..]);
    Hunk {
        start,
        end: base.len() - bytes(&b[b.len() - suffix..]),
        text: &side[start..side_end],
    }
}

/// Alignments larger than this many line pairs are not computed: the other side's added
/// lines then go back together at the end of its change.
const MAX_ALIGNED_PAIRS: usize = 1 << 20;

/// For each line of `side`, whether it is one of the base's lines (a longest common
/// subsequence), and for each, the base line it sits after (as a line count).
fn aligned(base: &[&str], side: &[&str]) -> Option<Vec<(bool, usize)>> {
    let (n, m) = (base.len(), side.len());
    if n.saturating_mul(m) > MAX_ALIGNED_PAIRS {
        return None;
    }
    // lcs[i][j]: the common subsequence of base[i..] and side[j..].
    let width = m + 1;
    let mut lcs = vec![0u32; (n + 1) * width];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i * width + j] = if base[i] == side[j] {
                lcs[(i + 1) * width + j + 1] + 1
            } else {
                lcs[(i + 1) * width + j].max(lcs[i * width + j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(m);
    while j < m {
        if i < n && base[i] == side[j] {
            i += 1;
            out.push((true, i));
            j += 1;
        } else if i < n && lcs[(i + 1) * width + j] >= lcs[i * width + j + 1] {
            i += 1;
        } else {
            out.push((false, i));
            j += 1;
        }
    }
    Some(out)
}

/// The runs of lines `ours` added to `base`, each with the base byte offset it follows.
/// Our own callouts and lines the base had in the changed region are not carried over.
fn added_runs(base: &str, ours: &str) -> Vec<(usize, String)> {
    let b: Vec<&str> = base.split_inclusive('\n').collect();
    let s: Vec<&str> = ours.split_inclusive('\n').collect();
    let (prefix, suffix) = common_ends(&b, &s);
    let (b_mid, s_mid) = (&b[prefix..b.len() - suffix], &s[prefix..s.len() - suffix]);
    let offset = bytes(&b[..prefix]);
    let anchors = aligned(b_mid, s_mid)
        .unwrap_or_else(|| s_mid.iter().map(|_| (false, b_mid.len())).collect());
    let mut runs: Vec<(usize, String)> = Vec::new();
    let mut in_callout = false;
    for (line, (matched, after)) in s_mid.iter().zip(anchors) {
        // Our own callouts are not carried over: the newer text has the one that counts.
        in_callout = is_our_callout(line) || in_callout && line.starts_with('>');
        if matched || in_callout || b_mid.contains(line) {
            continue;
        }
        let at = offset + bytes(&b_mid[..after]);
        match runs.last_mut() {
            Some((last, text)) if *last == at => text.push_str(line),
            _ => runs.push((at, line.to_string())),
        }
    }
    runs
}

/// `theirs` (the person's newest text, every line kept) with the lines `ours` added to
/// `base` put back where `ours` had them. What `ours` deleted or replaced stays as `theirs`
/// has it: a merge only ever adds lines, so a line lost is never theirs to lose, and a
/// line typed in two versions is kept twice.
pub fn merge(base: &str, ours: &str, theirs: &str) -> String {
    if ours == base || ours == theirs {
        return theirs.to_string();
    }
    let runs = added_runs(base, ours);
    if runs.is_empty() {
        return theirs.to_string();
    }
    let b = hunk(base, theirs);
    // Where a run goes in `theirs`: its text equals the base's outside `b`.
    let grown = |at: usize| at + b.text.len() - (b.end - b.start);
    let mut out =
        String::with_capacity(theirs.len() + runs.iter().map(|r| r.1.len() + 1).sum::<usize>());
    let mut copied = 0;
    for (anchor, mut added) in runs {
        let at = if anchor <= b.start {
            anchor // before the newer side's change (or its insertion at the same place)
        } else if anchor >= b.end {
            grown(anchor)
        } else {
            grown(b.end)
        };
        out.push_str(&theirs[copied..at]);
        copied = at;
        if !out.is_empty() && !out.ends_with('\n') {
            added.insert(0, '\n');
        }
        out.push_str(&added);
    }
    out.push_str(&theirs[copied..]);
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

    #[test]
    fn lines_added_apart_go_back_to_their_own_places() {
        // Ours added a line at the top and changed a callout; theirs added a quoted line
        // after that callout: the top line stays at the top, not between the two.
        let base = "\n? q\n> [!answer] vault-agent · new\n> two\n\nend\n";
        let ours = "top\n\n? q\n> [!answer] vault-agent · old\n> one\n\nend\n";
        let theirs = "\n? q\n> [!answer] vault-agent · new\n> two\n> quoted\n\nend\n";
        assert_eq!(
            merge(base, ours, theirs),
            "top\n\n? q\n> [!answer] vault-agent · new\n> two\n> quoted\n\nend\n"
        );
        // Two runs of ours, both kept in their places around theirs' change.
        let merged = merge("a\nb\nc\nd\n", "x\na\nb\nc\nd\ny\n", "a\nb\nB\nc\nd\n");
        assert_eq!(merged, "x\na\nb\nB\nc\nd\ny\n");
    }
}
