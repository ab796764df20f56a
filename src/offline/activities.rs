//! Activities no shipped domain reads, as families of the words people use for them: a
//! ride is logged as `Zwift 45 min`, `rode 55km`, `🚴 38 km` or `따릉이 8km` and asked
//! about as "how far did I cycle". A measure and a question about the same family match.
//! The words are data: `activities:` in each `read/lexicon/<lang>.yaml`.

use std::collections::{HashMap, HashSet};
use std::sync::OnceLock;

/// Whether an activity covers ground, so has a distance: a walk, a hike, a ride, a swim.
pub fn covers_ground(family: &str) -> bool {
    matches!(family, "walking" | "hiking" | "cycling" | "swimming")
}

/// Whether an activity is on foot (a walk or a hike: one diary often calls both one name).
pub fn on_foot(family: &str) -> bool {
    matches!(family, "walking" | "hiking")
}

/// The family `text` (a measure's what, or a question's word) names, if any.
pub fn family(text: &str) -> Option<&'static str> {
    let text = text.to_lowercase();
    // Split once: every family's words are looked for among the same words of the text.
    let tokens: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let find = |names: &dyn Fn(&Word) -> bool| {
        prepared()
            .iter()
            .find(|(_, words)| words.iter().any(names))
            .map(|(name, _)| *name)
    };
    // A long text (a paragraph of a journal) is looked up by its words' set and lengths.
    if tokens.len() > LONG {
        let set: HashSet<&str> = tokens.iter().copied().collect();
        let mut by_len: HashMap<usize, Vec<&str>> = HashMap::new();
        for t in &set {
            by_len.entry(t.len()).or_default().push(t);
        }
        let same_len = |w: &Word| by_len.get(&w.text.len()).map_or(&[][..], Vec::as_slice);
        return find(&|w| {
            if w.glued {
                text.contains(w.text)
            } else {
                set.contains(w.text)
            }
        })
        .or_else(|| find(&|w| swapped_name(same_len(w), w)));
    }
    // Then with two neighbouring letters swapped, the slip of fast typing (`rdie`,
    // `zwfit`), once no family names the text as written.
    find(&|w| names(&text, &tokens, w))
        .or_else(|| find(&|w| swapped_name(&tokens, w)))
        .or_else(|| family(&without_count_infix(&text)?))
}

/// `text` with a count or an aspect put inside a Chinese verb and its object taken out
/// (`爬了几次山` -> `爬山`, `游过几次泳` -> `游泳`); `None` when it has none.
fn without_count_infix(text: &str) -> Option<String> {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(r"(\p{Han})(?:了|过)?(?:几|多少)(?:次|回|趟)(\p{Han})")
            .expect("count infix pattern compiles")
    });
    re.is_match(text)
        .then(|| re.replace_all(text, "$1$2").into_owned())
}

/// More words than this in a text, and [`family`] looks them up by set.
const LONG: usize = 16;

/// A family's word, with what looking it up needs worked out once (working it out on
/// every look-up, for every word of every family, was a twentieth of reading a vault).
struct Word {
    text: &'static str,
    /// Looked for inside longer words (see [`glued`]).
    glued: bool,
    /// A slip of two swapped letters is looked for (four letters or more, all letters).
    swappable: bool,
}

fn prepared() -> &'static [(&'static str, Vec<Word>)] {
    static PREPARED: OnceLock<Vec<(&'static str, Vec<Word>)>> = OnceLock::new();
    PREPARED.get_or_init(|| {
        crate::offline::read::lexicon::lexicon()
            .activities
            .0
            .iter()
            .map(|(name, words)| {
                let words = words
                    .iter()
                    .map(|w| Word {
                        text: w.as_str(),
                        glued: glued(w),
                        swappable: w.chars().count() >= 4 && w.chars().all(char::is_alphabetic),
                    })
                    .collect();
                (name.as_str(), words)
            })
            .collect()
    })
}

/// Whether one of the words `tokens` is `word` with two neighbouring letters swapped
/// (words of four letters or more).
fn swapped_name(tokens: &[&str], word: &Word) -> bool {
    if !word.swappable {
        return false;
    }
    let (word, letters) = (word.text, word.text.chars().count());
    // A swap keeps the letters, so their bytes too: other lengths are no swap.
    tokens.iter().any(|t| {
        if t.len() != word.len() || t.chars().count() != letters {
            return false;
        }
        let mut diff = t
            .chars()
            .zip(word.chars())
            .enumerate()
            .filter(|(_, (a, b))| a != b);
        match (diff.next(), diff.next(), diff.next()) {
            (Some((i, (t1, w1))), Some((j, (t2, w2))), None) => j == i + 1 && t1 == w2 && t2 == w1,
            _ => false,
        }
    })
}

/// Whether `text` (split into `tokens`) holds `word`: inside a longer word for scripts
/// without spaces and emoji, else as a whole word.
fn names(text: &str, tokens: &[&str], word: &Word) -> bool {
    if word.glued {
        return text.contains(word.text);
    }
    tokens.contains(&word.text)
}

/// Every family `text` names (`Went climbing, then a swim` names two), in en.yaml's order.
pub fn families(text: &str) -> Vec<&'static str> {
    let text = text.to_lowercase();
    let tokens: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    prepared()
        .iter()
        .filter(|(_, words)| {
            words
                .iter()
                .any(|w| names(&text, &tokens, w) || swapped_name(&tokens, w))
        })
        .map(|(name, _)| *name)
        .collect()
}

/// The word of `text` that names an activity (`Rad` in `Rad zur Arbeit, 23 km`), as
/// written in lowercase, when `text` names exactly one family.
pub fn word_naming(text: &str) -> Option<String> {
    let [family] = families(text)[..] else {
        return None;
    };
    let lower = text.to_lowercase();
    lower
        .split(|c: char| !c.is_alphanumeric())
        .find(|t| !t.is_empty() && self::family(t) == Some(family))
        .map(str::to_string)
}

/// Whether `word` is looked for inside longer words: a script without spaces, or emoji.
fn glued(word: &str) -> bool {
    crate::domains::has_spaceless(word) || word.chars().any(|c| !c.is_alphanumeric())
}

#[cfg(test)]
mod tests {
    use super::family;

    #[test]
    fn the_words_of_one_activity_are_one_family() {
        for what in ["zwift", "rode", "🚴", "따릉이 자전거", "한강 라이딩"] {
            assert_eq!(family(what), Some("cycling"), "{what}");
        }
        assert_eq!(family("how far did i cycle last week"), Some("cycling"));
        assert_eq!(family("pool"), Some("swimming"));
        assert_eq!(family("북한산 등산"), Some("hiking"));
        assert_eq!(family("medité"), Some("meditation"));
        // Every language file adds its words: Italian, Portuguese, Japanese verbs.
        assert_eq!(family("nuotata in piscina"), Some("swimming"));
        assert_eq!(family("caminhada no parque"), Some("walking"));
        assert_eq!(family("駅まで歩いた"), Some("walking"));
        assert_eq!(family("swmi 1500m"), Some("swimming"));
        assert_eq!(family("ran"), None);
        assert_eq!(family("spinach"), None);
        assert_eq!(family("already"), None);
        // Slips of two neighbouring letters, in any family.
        assert_eq!(family("rdie 20 km"), Some("cycling"));
        assert_eq!(family("zwfit 45 min"), Some("cycling"));
        assert_eq!(family("hikign"), Some("hiking"));
        assert_eq!(
            family("hiking"),
            Some("hiking"),
            "not biking with one letter changed"
        );
        // In a long paragraph, the same.
        let prose = "wrote a few thoughts about the week, the weather and the plan for tomorrow";
        let long = |what: &str| format!("{prose} {what} {prose}");
        assert_eq!(family(&long("rdie 20 km")), Some("cycling"));
        assert_eq!(family(&long("북한산 등산")), Some("hiking"));
        assert_eq!(family(&long("then hiking")), Some("hiking"));
        assert_eq!(family(&long("spinach")), None);
    }
}
