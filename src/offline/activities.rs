//! Activities no shipped domain reads, as families of the words people use for them: a
//! ride is logged as `Zwift 45 min`, `rode 55km`, `🚴 38 km` or `따릉이 8km` and asked
//! about as "how far did I cycle". A measure and a question about the same family match.
//! The words are data: `activities:` in each `lexicon/<lang>.yaml`.

use std::collections::HashMap;

use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

/// Whether an activity covers ground, so has a distance: a walk, a hike, a ride, a swim.
pub fn covers_ground(family: &str) -> bool {
    matches!(family, "walking" | "hiking" | "cycling" | "swimming")
}

/// Whether an activity is on foot (a walk or a hike: one diary often calls both one name).
pub fn on_foot(family: &str) -> bool {
    matches!(family, "walking" | "hiking")
}

/// The family `text` (a measure's what, or a question's word) names, if any: the first
/// in en.yaml's order that a word of `text` names as written, else with two neighbouring
/// letters swapped (the slip of fast typing: `rdie`, `zwfit`).
pub fn family(text: &str) -> Option<&'static str> {
    let text = text.to_lowercase();
    let tokens: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let index = index();
    let mut first: Option<usize> = None;
    let mut earliest = |f: usize| first = Some(first.map_or(f, |g| g.min(f)));
    index.named(&text, &tokens, &mut earliest);
    if first.is_none() {
        index.swapped(&tokens, &mut |f| {
            first = Some(first.map_or(f, |g| g.min(f)))
        });
    }
    match first {
        Some(f) => Some(index.names[f]),
        None => family(&without_count_infix(&text)?),
    }
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

/// The families' words, looked up by the words of a text rather than one by one (a
/// walk over every word of every family was a sixth of reading a vault).
struct Index {
    /// Family names in en.yaml's order; the numbers below point into it.
    names: Vec<&'static str>,
    /// A word looked for as a whole word, and the families it names.
    whole: HashMap<&'static str, Vec<usize>>,
    /// Words of four letters or more, all letters: a slip of two swapped letters is
    /// looked for.
    swappable: HashMap<&'static str, Vec<usize>>,
    /// Words looked for inside longer words (see [`glued`]), and the family of each.
    glued: Option<AhoCorasick>,
    glued_family: Vec<usize>,
}

impl Index {
    /// Calls `hit` with the family of every word `text` (split into `tokens`) holds.
    fn named(&self, text: &str, tokens: &[&str], hit: &mut dyn FnMut(usize)) {
        for t in tokens {
            self.whole
                .get(t)
                .into_iter()
                .flatten()
                .for_each(|&f| hit(f));
        }
        if let Some(glued) = &self.glued {
            for m in glued.find_overlapping_iter(text) {
                hit(self.glued_family[m.pattern().as_usize()]);
            }
        }
    }

    /// Calls `hit` with the family of every word one of `tokens` is with two neighbouring
    /// letters swapped.
    fn swapped(&self, tokens: &[&str], hit: &mut dyn FnMut(usize)) {
        let mut swapped = String::new();
        for t in tokens {
            let chars: Vec<char> = t.chars().collect();
            if chars.len() < 4 || !chars.iter().all(|c| c.is_alphabetic()) {
                continue;
            }
            for i in 0..chars.len() - 1 {
                if chars[i] == chars[i + 1] {
                    continue;
                }
                swapped.clear();
                swapped.extend(&chars[..i]);
                swapped.push(chars[i + 1]);
                swapped.push(chars[i]);
                swapped.extend(&chars[i + 2..]);
                let families = self.swappable.get(swapped.as_str());
                families.into_iter().flatten().for_each(|&f| hit(f));
            }
        }
    }
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let families = &crate::offline::read::lexicon::lexicon().activities.0;
        let mut index = Index {
            names: families.iter().map(|(name, _)| name.as_str()).collect(),
            whole: HashMap::new(),
            swappable: HashMap::new(),
            glued: None,
            glued_family: Vec::new(),
        };
        let mut glued_words = Vec::new();
        for (f, (_, words)) in families.iter().enumerate() {
            for w in words.iter().map(String::as_str) {
                if glued(w) {
                    glued_words.push(w);
                    index.glued_family.push(f);
                    continue;
                }
                index.whole.entry(w).or_default().push(f);
                if w.chars().count() >= 4 && w.chars().all(char::is_alphabetic) {
                    index.swappable.entry(w).or_default().push(f);
                }
            }
        }
        index.glued = (!glued_words.is_empty()).then(|| compact_automaton(&glued_words));
        index
    })
}

/// Every family `text` names (`Went climbing, then a swim` names two), in en.yaml's order.
pub fn families(text: &str) -> Vec<&'static str> {
    let text = text.to_lowercase();
    let tokens: Vec<&str> = text.split(|c: char| !c.is_alphanumeric()).collect();
    let index = index();
    let mut named = vec![false; index.names.len()];
    index.named(&text, &tokens, &mut |f| named[f] = true);
    index.swapped(&tokens, &mut |f| named[f] = true);
    (index.names.iter().zip(named))
        .filter_map(|(name, named)| named.then_some(*name))
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

/// An automaton over `words` built as a contiguous NFA: the default picks a DFA for
/// few hundred words, ten times as long to build, which a one-shot `ask` paid for a
/// question of a few words.
pub(crate) fn compact_automaton<S: AsRef<[u8]>>(words: &[S]) -> AhoCorasick {
    aho_corasick::AhoCorasickBuilder::new()
        .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
        .build(words)
        .expect("word lists form an automaton")
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
