//! Finding words: whole words in spaced scripts, anywhere inside Hangul, kana and
//! ideographs (where particles attach without a space: `벤치프레스는`, `スクワットを`).

use crate::domains::{is_spaceless, Domain};

/// Where `word` first stands as a word in `haystack` (see [`find_all`]).
pub(crate) fn find_word(haystack: &str, word: &str) -> Option<usize> {
    find_all(haystack, word).next()
}

/// Every place `word` stands as a word in `haystack`: on a side where the word ends in a
/// spaced script, no letter (before: nor digit) may touch it; a number may follow, as in
/// `bench185x5`. Sides ending in a spaceless script need no boundary.
pub(crate) fn find_all<'a>(haystack: &'a str, word: &'a str) -> impl Iterator<Item = usize> + 'a {
    occurrences(haystack, word).filter(move |&i| stands_alone(haystack, i, word))
}

/// Where `word` occurs in `haystack`, overlaps apart. Questions and lines are short and the
/// readers try hundreds of words on each: a byte search whose first-byte test fails at
/// once costs less than preparing a substring searcher per word.
pub(crate) fn occurrences<'a>(
    haystack: &'a str,
    word: &'a str,
) -> impl Iterator<Item = usize> + 'a {
    let (hay, needle) = (haystack.as_bytes(), word.as_bytes());
    let mut at = 0;
    std::iter::from_fn(move || {
        let first = *needle.first()?;
        while at + needle.len() <= hay.len() {
            let i = at + memchr::memchr(first, &hay[at..=hay.len() - needle.len()])?;
            if hay[i..].starts_with(needle) {
                at = i + needle.len();
                return Some(i);
            }
            at = i + 1;
        }
        None
    })
}

/// Whether `word`, found at byte `i` of `haystack`, stands as a word there (see
/// [`find_all`]).
fn stands_alone(haystack: &str, i: usize, word: &str) -> bool {
    let first_glued = word.chars().next().is_some_and(is_spaceless);
    let last_glued = word.chars().next_back().is_some_and(is_spaceless);
    let before = haystack[..i].chars().next_back();
    let after = haystack[i + word.len()..].chars().next();
    let before_ok = if opens_with_syllable_word(word) {
        !before.is_some_and(char::is_alphanumeric)
    } else {
        first_glued || !before.is_some_and(|c| c.is_alphanumeric() && !is_spaceless(c))
    };
    let after_ok = last_glued || !after.is_some_and(|c| c.is_alphabetic() && !is_spaceless(c));
    // Katakana words take hiragana particles, never more katakana: `ラン` is in `皇居ラン`
    // and `ランを`, not in `ランチ`.
    let glued_kana = |edge: Option<char>, beside: Option<char>| {
        edge.is_some_and(is_katakana) && beside.is_some_and(is_katakana)
    };
    let katakana_ok =
        !glued_kana(word.chars().next(), before) && !glued_kana(word.chars().next_back(), after);
    !word.is_empty() && before_ok && after_ok && katakana_ok
}

/// Whether `word` is several words, the first a single Hangul syllable (`안 뛴`, `쉰 날`):
/// glued to a syllable before it, that syllable ends another word (`동안 뛴 거리`).
fn opens_with_syllable_word(word: &str) -> bool {
    let mut chars = word.chars();
    chars.next().is_some_and(is_hangul) && chars.next() == Some(' ')
}

/// A Hangul syllable.
pub(crate) fn is_hangul(c: char) -> bool {
    matches!(c as u32, 0xAC00..=0xD7A3)
}

pub(crate) fn is_katakana(c: char) -> bool {
    matches!(c as u32, 0x30A1..=0x30FA | 0x30FC | 0xFF66..=0xFF9F)
}

/// The vocabulary terms of `domain` standing as words in `text`: (start, term, canonical).
fn domain_terms<'a>(
    text: &'a str,
    domain: &'a Domain,
) -> impl Iterator<Item = (usize, &'a str, &'a str)> + 'a {
    domain
        .term_occurrences(text)
        .filter(move |(i, term, _)| stands_alone(text, *i, term))
}

/// A fixed list of words found in one pass over a text (instead of one scan per word).
pub(crate) struct WordSet {
    finder: aho_corasick::AhoCorasick,
    words: Vec<String>,
}

impl WordSet {
    /// The automaton over `words` (lowercase).
    pub fn new<S: AsRef<str>>(words: &[S]) -> WordSet {
        let words: Vec<String> = words.iter().map(|w| w.as_ref().to_string()).collect();
        WordSet {
            finder: crate::offline::activities::compact_automaton(&words),
            words,
        }
    }

    /// The first place one of the words stands as a word in `text`, and which word.
    pub fn first<'a>(&'a self, text: &str) -> Option<(usize, &'a str)> {
        self.finder
            .find_overlapping_iter(text)
            .map(|m| (m.start(), self.words[m.pattern().as_usize()].as_str()))
            .filter(|(i, w)| stands_alone(text, *i, w))
            .min()
    }
}

/// A vocabulary term found in a text: its byte range and canonical form.
#[derive(Debug, Clone, PartialEq)]
pub struct Mention {
    pub start: usize,
    pub end: usize,
    pub canonical: String,
}

/// The terms of `pairs` (term, canonical) found in `text` (lowercase), longest first at a
/// place and never overlapping, in text order.
#[cfg(test)]
pub fn mentions<'a>(text: &str, pairs: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<Mention> {
    let mut all: Vec<Mention> = Vec::new();
    for (term, canonical) in pairs {
        for start in find_all(text, term) {
            all.push(Mention {
                start,
                end: start + term.len(),
                canonical: canonical.to_string(),
            });
        }
    }
    longest_first(all)
}

/// Of mentions found anywhere, the longest at each place, never overlapping, in text order.
fn longest_first(mut all: Vec<Mention>) -> Vec<Mention> {
    all.sort_by(|a, b| (a.start, b.end).cmp(&(b.start, a.end)));
    let mut out: Vec<Mention> = Vec::new();
    for m in all {
        if out.last().is_none_or(|last| m.start >= last.end) {
            out.push(m);
        }
    }
    out
}

/// The canonical forms of the strength vocabulary that name a lift and not a session.
const SESSION_WORDS: [&str; 5] = ["lift", "personal record", "gym", "workout", "session"];

/// The exercises a lowercase text names, through the strength domain's vocabulary. A term
/// matches in the plural too (`turkish get-ups`); a term inside a longer name that is one
/// edit from another term is that one (`press de vanca` is a misspelt `press de banca`, not
/// a `press`); and equipment written beside it names its variant when the vocabulary has
/// one (`숄더프레스 덤벨`: a dumbbell shoulder press).
pub fn exercises(text: &str, strength: Option<&Domain>) -> Vec<Mention> {
    let Some(domain) = strength else {
        return Vec::new();
    };
    let all: Vec<Mention> = domain
        .term_occurrences(text)
        .filter(|(_, term, c)| !SESSION_WORDS.contains(c) && *term != domain.name)
        .filter_map(|(start, term, canonical)| {
            Some(Mention {
                start,
                end: start + term_len(text, start, term)?,
                canonical: canonical.to_string(),
            })
        })
        .collect();
    longest_first(all)
        .into_iter()
        .map(|m| refined(text, m, domain))
        .collect()
}

/// How long `term`, found at byte `i` of `text`, is there as a word: with a plural ending
/// (`s`, `es`) after a Latin term of four letters or more, or `None` when it is part of a
/// longer word.
fn term_len(text: &str, i: usize, term: &str) -> Option<usize> {
    if stands_alone(text, i, term) {
        return Some(term.len());
    }
    let latin = term.chars().count() >= 4 && term.ends_with(|c: char| c.is_ascii_lowercase());
    let rest = &text[i + term.len()..];
    ["es", "s"]
        .iter()
        .filter(|_| latin)
        .find(|p| rest.starts_with(*p) && stands_alone(text, i, &format!("{term}{p}")))
        .map(|p| term.len() + p.len())
}

/// The name a mention stands in (the words around it, up to a number or a sign), read
/// again: a misspelling of a longer term, or the mention with its equipment.
fn refined(text: &str, m: Mention, domain: &Domain) -> Mention {
    let is_name = |c: char| c.is_alphabetic() || matches!(c, ' ' | '-' | '\'' | '’' | '.');
    let start = text[..m.start]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is_name(*c))
        .last()
        .map_or(m.start, |(i, _)| i);
    let end = m.end
        + text[m.end..]
            .char_indices()
            .take_while(|(_, c)| is_name(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
    let span = text[start..end].trim_matches(|c: char| !c.is_alphanumeric());
    if span.len() <= m.end - m.start {
        return m;
    }
    let span_start = start + text[start..end].find(span).unwrap_or(0);
    // The longer term must hold the one found (`press de banca` holds `press`; `哑铃推举`
    // does not hold the `弯举` of `哑铃弯举`, a curl).
    let found: Vec<char> = text[m.start..m.end].chars().collect();
    let holds = |term: &[char]| term.windows(found.len()).any(|w| w == found.as_slice());
    // An ideograph is a word of its own: `杠铃卧推` (barbell) is not a misspelt `哑铃卧推`
    // (dumbbell).
    let ideographs = span.chars().any(is_han);
    if let Some(near) = (!ideographs)
        .then(|| near_term(span, domain, holds))
        .flatten()
        .filter(|n| *n != m.canonical)
    {
        return Mention {
            start: span_start.min(m.start),
            end: (span_start + span.len()).max(m.end),
            canonical: near,
        };
    }
    let lex = super::lexicon::lexicon();
    let around = format!("{} {}", &text[start..m.start], &text[m.end..end]);
    let words: Vec<&str> = around
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let variant = lex
        .equipment
        .iter()
        .filter(|(word, _)| words.contains(&word.as_str()))
        .map(|(_, equipment)| format!("{equipment} {}", m.canonical))
        .find(|v| domain.vocabulary.values().any(|c| c == v));
    match variant {
        Some(canonical) => Mention { canonical, ..m },
        None => m,
    }
}

/// A Chinese character (kanji, hanzi).
pub(crate) fn is_han(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}')
}

/// The exercise a misspelt name stands for (`sqaut`, `dedlift`, `스쿼드`, `벤치프래스`): the
/// one vocabulary term one edit away (a letter added, dropped, changed or two swapped).
/// Names shorter than five letters (three in Hangul, kana or ideographs) are left as they
/// are: too many short words are one edit from each other.
pub fn near_exercise(name: &str, strength: Option<&Domain>) -> Option<String> {
    near_term(name, strength?, |_| true)
}

/// The one exercise whose terms that pass `keep` include one a single edit from `name`.
fn near_term(name: &str, domain: &Domain, keep: impl Fn(&[char]) -> bool) -> Option<String> {
    let name: Vec<char> = name.to_lowercase().chars().collect();
    let shortest = if name.iter().any(|c| is_spaceless(*c)) {
        3
    } else {
        5
    };
    if name.len() < shortest {
        return None;
    }
    let terms = lift_terms(domain);
    let mut near: Vec<&str> = terms
        .iter()
        .filter(|(term, _)| {
            term.len() >= shortest
                && term.len().abs_diff(name.len()) <= 1
                && one_edit_apart(&name, term)
                && keep(term)
        })
        .map(|(_, canonical)| canonical.as_str())
        .collect();
    near.sort_unstable();
    near.dedup();
    match near.as_slice() {
        [only] => Some(only.to_string()),
        _ => None,
    }
}

/// A misspelt exercise among the words before a clause's first number (`sqaut 5x5 @ 95 kg`,
/// `lifting: dedlift 235 lb for 5`), single words or two together.
pub fn misspelt_exercise(text: &str, strength: Option<&Domain>) -> Option<String> {
    let head = &text[..text
        .find(|c: char| c.is_ascii_digit())
        .unwrap_or(text.len())];
    let words: Vec<&str> = head
        .split(|c: char| !(c.is_alphanumeric() || c == '-'))
        .filter(|w| !w.is_empty())
        .collect();
    let pairs = words.windows(2).map(|p| format!("{} {}", p[0], p[1]));
    pairs
        .chain(words.iter().map(|w| w.to_string()))
        .find_map(|w| near_exercise(&w, strength))
}

/// The strength vocabulary's lift terms as characters, built once per domain (the reader
/// asks for them on every clause with an unknown name).
fn lift_terms(domain: &Domain) -> std::sync::Arc<Vec<(Vec<char>, String)>> {
    type Terms = std::sync::Arc<Vec<(Vec<char>, String)>>;
    static CACHE: std::sync::OnceLock<std::sync::Mutex<Vec<(usize, Terms)>>> =
        std::sync::OnceLock::new();
    let key = std::ptr::addr_of!(domain.vocabulary) as usize ^ domain.vocabulary.len();
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .expect("lift terms lock");
    if let Some((_, terms)) = cache.iter().find(|(k, _)| *k == key) {
        return terms.clone();
    }
    let terms: Terms = std::sync::Arc::new(
        domain
            .vocabulary
            .iter()
            .filter(|(_, canonical)| !SESSION_WORDS.contains(&canonical.as_str()))
            .map(|(term, canonical)| (term.chars().collect(), canonical.clone()))
            .collect(),
    );
    if cache.len() > 16 {
        cache.clear();
    }
    cache.push((key, terms.clone()));
    terms
}

/// Whether a question's word is a misspelling of `term` (`cofee` for `coffee`): both at
/// least five letters and one edit apart.
pub fn misspelt(word: &str, term: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (word.chars().collect(), term.chars().collect());
    a.len() >= 5 && b.len() >= 5 && one_edit_apart(&a, &b)
}

/// Whether `a` becomes `b` by one insertion, deletion, substitution or swap of neighbours.
fn one_edit_apart(a: &[char], b: &[char]) -> bool {
    if a == b || a.len().abs_diff(b.len()) > 1 {
        return false;
    }
    let prefix = a.iter().zip(b).take_while(|(x, y)| x == y).count();
    let (a, b) = (&a[prefix..], &b[prefix..]);
    let suffix = a
        .iter()
        .rev()
        .zip(b.iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (a, b) = (&a[..a.len() - suffix], &b[..b.len() - suffix]);
    match (a.len(), b.len()) {
        (0, 1) | (1, 0) | (1, 1) => true,
        (2, 2) => a[0] == b[1] && a[1] == b[0],
        _ => false,
    }
}

/// Whether a lowercase text uses any word of `domain` (name or vocabulary).
pub fn names_domain(text: &str, domain: Option<&Domain>) -> bool {
    domain.is_some_and(|d| domain_terms(text, d).next().is_some())
}

/// The activity `text` names: `running` or `strength` by their domains' terms, else a
/// family of [`crate::offline::activities`] (`cycling`, `climbing`, `reading`...).
pub fn activity_named(text: &str, domains: &crate::domains::Domains) -> Option<String> {
    let text = text.to_lowercase();
    let domain = |name: &str| domains.all.iter().find(|d| d.name == name);
    if let Some(family) = crate::offline::activities::family(&text) {
        return Some(family.to_string());
    }
    ["running", "strength"]
        .into_iter()
        .find(|name| names_domain(&text, domain(name)))
        .map(str::to_string)
}

/// Whether `text` names a run: a term of the running domain, where a race distance used as
/// a word (`5k`, `10k`) names a run only when no other way of moving is named (`walked 5k
/// to work`, `10k ride`).
pub fn names_run(text: &str, running: Option<&Domain>) -> bool {
    let Some(running) = running else {
        return false;
    };
    let moves_otherwise = crate::offline::activities::family(text)
        .is_some_and(crate::offline::activities::covers_ground);
    domain_terms(text, running)
        .any(|(_, term, _)| !moves_otherwise || !term.chars().any(|c| c.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latin_words_are_whole_words_and_cjk_words_take_particles() {
        assert_eq!(find_word("bench185x5", "bench"), Some(0));
        assert_eq!(find_word("high blood pressure", "press"), None);
        assert_eq!(find_word("fixed the runbook", "run"), None);
        assert!(find_word("벤치프레스는 80kg", "벤치프레스").is_some());
        assert!(find_word("スクワットを5回", "スクワット").is_some());
        assert!(find_word("皇居ラン 5km", "ラン").is_some());
        assert!(find_word("ランチ 800kcal", "ラン").is_none());
        assert!(find_word("今天卧推60公斤", "卧推").is_some());
    }

    #[test]
    fn one_edit_apart_counts_swaps_but_not_two_changes() {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        let near = |a: &str, b: &str| one_edit_apart(&chars(a), &chars(b));
        assert!(near("sqaut", "squat"));
        assert!(near("dedlift", "deadlift"));
        assert!(near("스쿼드", "스쿼트"));
        assert!(near("benchpress", "bench press"));
        assert!(!near("squat", "squat"));
        assert!(!near("sqat", "squats"));
        assert!(near("deadlfit", "deadlift"));
        assert!(!near("curl", "crunch"));
    }

    #[test]
    fn longest_term_wins_at_a_place() {
        let pairs = [
            ("bench", "bench press"),
            ("bench press", "bench press"),
            ("press", "overhead press"),
        ];
        let m = mentions("bench press 3x8, press 3x5", pairs.into_iter());
        let names: Vec<_> = m.iter().map(|m| m.canonical.as_str()).collect();
        assert_eq!(names, ["bench press", "overhead press"]);
    }
}
