//! Numbers written in words, in every shipped language, rewritten as digits where they
//! count something: `five sets of five` -> `5 sets of 5`, `세 세트` -> `3 세트`, `一百个` ->
//! `100个`, `drei Sätze mit je zehn` -> `3 Sätze mit je 10`, `六个半小时` -> `6.5小时`.
//!
//! A number word is a number only where a count stands: before a counted word (`three
//! sets`, `스무 개`), or after a count and a connector (`sets of five`, `100 kg for one`).
//! Anywhere else it is a word (`one more`, `一起`, `한국`, `once a week`). The words are
//! data ([`super::Lexicon`]); the reading is the same for every language: parts written
//! together add up (`twenty five`, `fünfundzwanzig`, `스물다섯`), a multiplier multiplies
//! the number before it (`two hundred`, `三十`), and two parts of the same size do not
//! make one number (`한두 세트`, `五六组` are ranges, left as written).

use std::borrow::Cow;
use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};

use super::{lexicon, Lexicon, Part};
use crate::domains::is_spaceless;

/// The number words of the lexicon, found in one pass.
struct Finder {
    finder: AhoCorasick,
    parts: Vec<Part>,
}

fn finder() -> &'static Finder {
    static FINDER: OnceLock<Finder> = OnceLock::new();
    FINDER.get_or_init(|| {
        let lex = lexicon();
        let (words, parts): (Vec<&String>, Vec<Part>) =
            lex.numbers.iter().map(|(w, p)| (w, *p)).unzip();
        // A full DFA: every line of every note is scanned (a journal's long prose lines
        // most of all); it scans about 1.5 times faster than the default automaton.
        let finder = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .kind(Some(AhoCorasickKind::DFA))
            .build(words)
            .expect("number words build");
        Finder { finder, parts }
    })
}

/// One number word found in a text.
#[derive(Debug, Clone, Copy)]
struct Found {
    start: usize,
    end: usize,
    part: Part,
}

/// `text` with its counts written in words rewritten as digits (borrowed when there is
/// none, as in most lines).
pub fn in_digits(text: &str) -> Cow<'_, str> {
    let lex = lexicon();
    let f = finder();
    let found: Vec<Found> = if text.is_ascii() && !text.bytes().any(|b| b.is_ascii_alphabetic()) {
        Vec::new()
    } else {
        f.finder
            .find_iter(text)
            .map(|m| Found {
                start: m.start(),
                end: m.end(),
                part: f.parts[m.pattern().as_usize()],
            })
            .collect()
    };
    let mut edits: Vec<(std::ops::Range<usize>, String)> = Vec::new();
    let mut i = 0;
    while i < found.len() {
        let Some((run_end, value, next)) = run(text, &found, i, lex) else {
            i += 1;
            continue;
        };
        let start = found[i].start;
        if let Some(edit) = counted(text, start, run_end, value, lex) {
            edits.push(edit);
        }
        i = next;
    }
    edits.extend(digits_with_half(text, lex));
    if edits.is_empty() {
        return Cow::Borrowed(text);
    }
    edits.sort_by_key(|(r, _)| r.start);
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for (range, digits) in edits {
        if range.start < at {
            continue;
        }
        out.push_str(&text[at..range.start]);
        out.push_str(&digits);
        at = range.end;
    }
    out.push_str(&text[at..]);
    Cow::Owned(out)
}

/// The number that starts at `found[i]`, if a number starts there: where it ends, its
/// value, and the index of the first word after it.
fn run(text: &str, found: &[Found], i: usize, lex: &Lexicon) -> Option<(usize, u32, usize)> {
    let first = found[i];
    let before = text[..first.start].chars().next_back();
    let first_char = text[first.start..].chars().next()?;
    // A spaced word, and a Hangul one, starts after a space or a sign: `seven` is not in
    // `often`, `세` not in `가세`. Ideographs and kana are written without spaces, but a
    // number word glued to another is the rest of a range (`五六组`), not a number.
    let spaced_script = !is_spaceless(first_char) || super::super::words::is_hangul(first_char);
    let glued_in_word = spaced_script && before.is_some_and(char::is_alphabetic);
    let after_number = i > 0 && found[i - 1].end == first.start;
    if glued_in_word || after_number {
        return None;
    }
    let spaced = !is_spaceless(first_char);
    let mut parts = vec![first.part];
    let mut value = value_of(&parts)?;
    let mut end = first.end;
    let mut j = i + 1;
    loop {
        // The next part: glued on (`fünfundzwanzig`), after a space (`twenty five`; not
        // in ideographs), or after a joiner (`treinta y cinco`, `twenty-five`).
        let rest = &text[end..];
        let trimmed = rest.trim_start();
        let mut starts: Vec<usize> = vec![end];
        if spaced && trimmed.len() < rest.len() {
            starts.push(text.len() - trimmed.len());
        }
        for w in &lex.joiners {
            if let Some(after) = strip_prefix_ignore_case(trimmed, w) {
                starts.push(text.len() - after.trim_start().len());
            }
        }
        let next = starts.iter().find_map(|&at| {
            let k = found[j..].iter().position(|f| f.start == at)? + j;
            parts.push(found[k].part);
            let v = value_of(&parts);
            parts.pop();
            v.map(|v| (k, v))
        });
        let Some((k, v)) = next else { break };
        parts.push(found[k].part);
        value = v;
        end = found[k].end;
        j = k + 1;
    }
    Some((end, value, j))
}

/// `text` after `word` when it opens with it, ignoring ASCII case.
fn strip_prefix_ignore_case<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    head.eq_ignore_ascii_case(word).then(|| &text[word.len()..])
}

/// The value of the parts of one number, `None` when they do not make one (`한두`: two
/// parts of one size are a range; `十百`).
fn value_of(parts: &[Part]) -> Option<u32> {
    let mut total: u32 = 0;
    let mut current: u32 = 0;
    // The sizes (ones, tens, hundreds) added since the last multiplier.
    let mut sizes = 0u8;
    let mut last_multiplier = u32::MAX;
    for part in parts {
        match *part {
            Part::Plain(v) => {
                let size = match v {
                    0..=9 => 1,
                    10..=19 => 2,
                    20..=99 => 4,
                    _ => 8,
                };
                if sizes & size != 0 {
                    return None;
                }
                sizes |= size;
                current += v;
            }
            Part::Multiplier(m) => {
                if m >= last_multiplier {
                    return None;
                }
                total += current.max(1) * m;
                current = 0;
                sizes = 0;
                last_multiplier = m;
            }
            Part::Scale(s) => {
                total = (total + current).max(1) * s;
                current = 0;
                sizes = 0;
                last_multiplier = u32::MAX;
            }
        }
    }
    Some(total + current)
}

/// The edit that writes the number at `start..end` in digits, when it counts something:
/// a counted word follows (after a half or a measure word: `六个半小时`), or a count and a
/// connector come before (`sets of five`, `for a single`).
fn counted(
    text: &str,
    start: usize,
    end: usize,
    value: u32,
    lex: &Lexicon,
) -> Option<(std::ops::Range<usize>, String)> {
    let c = &lex.counting;
    let before = &text[..start];
    if c.ordinal_before.iter().any(|w| ends_with(before, w)) {
        return None;
    }
    let after = &text[end..];
    let spaceless_end = text[..end].chars().next_back().is_some_and(is_spaceless);
    let spaced = after.trim_start();
    let half = c.half.iter().find_map(|h| strip_word(spaced, h));
    let rest = half.map_or(spaced, str::trim_start);
    let rest = c
        .classifiers
        .iter()
        .find_map(|m| rest.strip_prefix(m.as_str()).filter(|r| counter_at(r, lex)))
        .unwrap_or(rest);
    // A Latin word needs a space or a sign after it (`ten` is not in `tension`); the
    // number's own script may run on into its counter (`三组`, `다섯세트`).
    let bounded = spaceless_end || !after.starts_with(char::is_alphabetic);
    let digits = |v: u32| match half {
        Some(_) => format!("{v}.5"),
        None => v.to_string(),
    };
    if bounded && counter_at(rest, lex) {
        let through = text.len() - rest.len();
        // Keep the space before the counter (`3 sets`), drop the measure word (`1小时`).
        let kept = if half.is_some() || rest.len() != spaced.len() {
            ""
        } else {
            &after[..after.len() - spaced.len()]
        };
        return Some((start..through, format!("{}{kept}", digits(value))));
    }
    if !bounded || half.is_some() {
        return None;
    }
    // `sets of five`, `200 kg for a single`: a connector (and an article, which goes with
    // the word: `for 1`) after a count.
    let trimmed = before.trim_end();
    let article = c.articles.iter().find_map(|a| strip_word_end(trimmed, a));
    let from = article.map_or(start, str::len);
    let head = article.map_or(trimmed, str::trim_end);
    let connector = c.connectors.iter().find_map(|w| strip_word_end(head, w))?;
    let head = connector
        .trim_end()
        .trim_end_matches([',', '、', '，'])
        .trim_end();
    let counted_before = head.ends_with(|ch: char| ch.is_ascii_digit())
        || c.counters.iter().any(|w| ends_with(head, w));
    counted_before.then(|| (from..end, value.to_string()))
}

/// Whether `rest` opens with a counted word, standing as a word.
fn counter_at(rest: &str, lex: &Lexicon) -> bool {
    lex.counting
        .counters
        .iter()
        .any(|w| strip_word(rest, w).is_some())
}

/// `text` after `word` when it opens with it (ignoring ASCII case) and a word ends there.
fn strip_word<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let head = text.get(..word.len())?;
    if !head.eq_ignore_ascii_case(word) {
        return None;
    }
    let rest = &text[word.len()..];
    let glued = word.chars().next_back().is_some_and(is_spaceless);
    (glued || !rest.starts_with(char::is_alphabetic)).then_some(rest)
}

/// `text` before `word` when it ends with it (ignoring ASCII case) and a word starts there.
fn strip_word_end<'a>(text: &'a str, word: &str) -> Option<&'a str> {
    let cut = text.len().checked_sub(word.len())?;
    let tail = text.get(cut..)?;
    if !tail.eq_ignore_ascii_case(word) {
        return None;
    }
    let head = &text[..cut];
    let glued = word.chars().next().is_some_and(is_spaceless);
    (glued || !head.ends_with(char::is_alphabetic)).then_some(head)
}

/// Whether `text` ends with `word` standing as a word.
fn ends_with(text: &str, word: &str) -> bool {
    strip_word_end(text, word).is_some()
}

/// `7个半小时` -> `7.5小时`, `7个小时` -> `7小时`: digits before a half or a measure word
/// and their counter.
fn digits_with_half(text: &str, lex: &Lexicon) -> Vec<(std::ops::Range<usize>, String)> {
    let c = &lex.counting;
    if text.is_ascii() || (c.half.is_empty() && c.classifiers.is_empty()) {
        return Vec::new();
    }
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if !bytes[i].is_ascii_digit()
            || i > 0 && (bytes[i - 1].is_ascii_digit() || bytes[i - 1] == b'.')
        {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let rest = &text[i..];
        let half = c
            .half
            .iter()
            .filter(|h| !h.is_ascii())
            .find_map(|h| rest.strip_prefix(h.as_str()));
        let after = half.unwrap_or(rest);
        let classified = c.classifiers.iter().find_map(|m| {
            after
                .strip_prefix(m.as_str())
                .filter(|r| counter_at(r, lex))
        });
        if half.is_none() && classified.is_none() {
            continue;
        }
        let through = text.len() - classified.unwrap_or(after).len();
        let n = &text[start..i];
        let digits = if half.is_some() {
            format!("{n}.5")
        } else {
            n.to_string()
        };
        out.push((start..through, digits));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::in_digits;

    #[test]
    fn counts_in_words_become_digits_in_every_language() {
        for (words, digits) in [
            ("five sets of five", "5 sets of 5"),
            (
                "Did five sets of five on squats",
                "Did 5 sets of 5 on squats",
            ),
            ("tres series de doce flexiones", "3 series de 12 flexiones"),
            ("Trois séries de quinze pompes", "3 séries de 15 pompes"),
            (
                "drei Sätze mit je zehn Wiederholungen",
                "3 Sätze mit je 10 Wiederholungen",
            ),
            ("fünfundzwanzig Wiederholungen", "25 Wiederholungen"),
            ("três séries de quinze", "3 séries de 15"),
            ("tre serie da dieci", "3 serie da 10"),
            ("twenty-five reps", "25 reps"),
            ("two hundred kg", "200 kg"),
            ("315 for a single", "315 for 1"),
            ("200 kg for one", "200 kg for 1"),
            ("세 세트", "3 세트"),
            ("다섯 세트", "5 세트"),
            ("스무 개씩", "20 개씩"),
            ("열두 개", "12 개"),
            ("팔굽혀펴기 백 개", "팔굽혀펴기 100 개"),
            ("三セット、各十回", "3セット、各10回"),
            ("俯卧撑一百个", "俯卧撑100个"),
            ("三组", "3组"),
            ("跑了十二公里，二十五分钟", "跑了12公里，25分钟"),
            ("睡了六个半小时", "睡了6.5小时"),
            ("练了一个小时", "练了1小时"),
            ("昨晚睡了7个半小时", "昨晚睡了7.5小时"),
        ] {
            assert_eq!(in_digits(words), digits, "{words}");
        }
    }

    #[test]
    fn number_words_elsewhere_are_words() {
        for text in [
            "one more set",
            "often",
            "once a week",
            "和朋友一起跑步",
            "5组，最后一组很吃力",
            "第一组",
            "한두 세트",
            "세트",
            "한국",
            "열심히",
            "五六组",
            "the bench felt great",
            "Beinpresse 100 kg",
        ] {
            assert_eq!(in_digits(text), text, "{text}");
        }
    }
}
