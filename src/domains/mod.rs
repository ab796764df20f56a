//! Domain modules: the shipped `domains/*.yaml` (embedded) plus the person's own in
//! `.vault-agent/domains/` (same name overrides). This skeleton uses names, descriptions
//! and vocabulary; the full combination rules arrive with the agents.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::sync::{Arc, OnceLock};

use aho_corasick::AhoCorasick;
use serde::Deserialize;

use crate::error::{Error, Result};

const SHIPPED: [(&str, &str); 5] = [
    ("general.yaml", include_str!("../../domains/general.yaml")),
    ("strength.yaml", include_str!("../../domains/strength.yaml")),
    ("running.yaml", include_str!("../../domains/running.yaml")),
    (
        "nutrition.yaml",
        include_str!("../../domains/nutrition.yaml"),
    ),
    ("work.yaml", include_str!("../../domains/work.yaml")),
];

/// Whether `c` belongs to a script written without spaces between words and particles
/// (Hangul, kana, CJK ideographs): there a term is found inside longer runs of letters.
pub fn is_spaceless(c: char) -> bool {
    matches!(c as u32,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF // Hangul
        | 0x3040..=0x30FF | 0xFF66..=0xFF9F // kana
        | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF) // ideographs
}

/// Whether `text` holds any letter of a script written without spaces (see [`is_spaceless`]).
pub fn has_spaceless(text: &str) -> bool {
    // None of those scripts is ASCII: a byte check rules ASCII text out.
    !text.is_ascii() && text.chars().any(is_spaceless)
}

/// One domain module.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Domain {
    pub name: String,
    pub description: String,
    /// Term -> canonical term.
    #[serde(default)]
    pub vocabulary: BTreeMap<String, String>,
    #[serde(default)]
    pub expertise: String,
    #[serde(default)]
    pub log_schema: serde_yaml::Value,
    #[serde(default)]
    pub response_evaluation_rules: Vec<String>,
    #[serde(default)]
    pub context_management_guidance: String,
    /// The domain's name, terms and canonical terms, lowercase, each with whether it is
    /// written without spaces (built on first use; see [`Domain::is_mentioned`]).
    #[serde(skip)]
    mentions: OnceLock<Option<Arc<MentionFinder>>>,
    /// Finds every occurrence of the name, terms and canonical terms at once (built on first
    /// use): the readers look for hundreds of terms in every clause.
    #[serde(skip)]
    terms: OnceLock<Option<Arc<AhoCorasick>>>,
    /// See [`Domain::pairs`]: the automaton's patterns.
    #[serde(skip)]
    pairs: OnceLock<Arc<Vec<(String, String)>>>,
    /// The texts looked in before the automaton was built (see [`Domain::term_occurrences`]).
    #[serde(skip)]
    scanned: Arc<std::sync::atomic::AtomicUsize>,
}

/// An automaton over a domain's lowercase terms, with whether each is written without
/// spaces.
type MentionFinder = (AhoCorasick, Vec<bool>);

impl Domain {
    /// See [`Domain::mentions`]: searched in short texts, so built as a compact automaton
    /// (a question names its domains without building the readers' larger one).
    fn mentions(&self) -> Option<&MentionFinder> {
        let build = || {
            let mut terms: BTreeSet<String> = BTreeSet::from([self.name.to_lowercase()]);
            for (term, canonical) in &self.vocabulary {
                terms.insert(term.to_lowercase());
                terms.insert(canonical.to_lowercase());
            }
            let terms: Vec<String> = terms.into_iter().filter(|t| !t.is_empty()).collect();
            let glued = terms.iter().map(|t| has_spaceless(t)).collect();
            aho_corasick::AhoCorasickBuilder::new()
                .kind(Some(aho_corasick::AhoCorasickKind::ContiguousNFA))
                .build(&terms)
                .ok()
                .map(|ac| Arc::new((ac, glued)))
        };
        self.mentions.get_or_init(build).as_deref()
    }

    /// The name, the terms and the canonical terms as (term, canonical) pairs, sorted
    /// (made on first use).
    fn pairs(&self) -> &[(String, String)] {
        self.pairs.get_or_init(|| {
            let mut pairs: Vec<(String, String)> = vec![(self.name.clone(), self.name.clone())];
            for (term, canonical) in &self.vocabulary {
                pairs.push((term.clone(), canonical.clone()));
                pairs.push((canonical.clone(), canonical.clone()));
            }
            pairs.retain(|(t, _)| !t.is_empty());
            pairs.sort();
            pairs.dedup();
            Arc::new(pairs)
        })
    }

    /// An automaton over the [`Domain::pairs`]' terms (built on first use).
    fn terms(&self) -> Option<&AhoCorasick> {
        let build = || {
            AhoCorasick::new(self.pairs().iter().map(|(t, _)| t))
                .ok()
                .map(Arc::new)
        };
        self.terms.get_or_init(build).as_deref()
    }

    /// Every occurrence (overlapping) of the domain's name, vocabulary terms and canonical
    /// terms in `text`, as (start, term, canonical), without any word-boundary check; in
    /// the automaton's order (by end, the longer first at one end).
    ///
    /// The first few short texts (a question's words) are looked through term by term: the
    /// automaton over hundreds of terms took longer to build than a one-shot `ask` spent
    /// on everything else its question needed. Reading notes builds it at once.
    pub fn term_occurrences<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = (usize, &'a str, &'a str)> + 'a {
        const SHORT: usize = 200;
        const FEW: usize = 48;
        let by_term = self.terms.get().is_none()
            && text.len() <= SHORT
            && self
                .scanned
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
                < FEW;
        let pairs = self.pairs();
        let found = by_term.then(|| term_by_term(text, pairs));
        let automaton = match by_term {
            true => None,
            false => self.terms(),
        };
        let at = move |id: usize| {
            let (term, canonical) = &pairs[id];
            (term.as_str(), canonical.as_str())
        };
        found
            .into_iter()
            .flatten()
            .chain(automaton.into_iter().flat_map(move |ac| {
                ac.find_overlapping_iter(text).map(move |m| {
                    let (term, canonical) = at(m.pattern().as_usize());
                    (m.start(), term, canonical)
                })
            }))
    }

    /// A log schema must be an object schema whose properties all have a known `type`.
    fn check_schema(&self) -> std::result::Result<(), String> {
        let schema = &self.log_schema;
        if schema.is_null() {
            return Err("`log_schema` is missing (a JSON Schema of type object)".into());
        }
        if schema.get("type").and_then(|t| t.as_str()) != Some("object") {
            return Err("`log_schema.type` must be `object`".into());
        }
        let Some(props) = schema.get("properties").and_then(|p| p.as_mapping()) else {
            return Err("`log_schema.properties` must be a map of field name to schema".into());
        };
        const TYPES: [&str; 6] = ["number", "integer", "string", "boolean", "array", "object"];
        for (name, field) in props {
            let name = name.as_str().unwrap_or("?");
            match field.get("type").and_then(|t| t.as_str()) {
                Some(t) if TYPES.contains(&t) => {}
                Some(t) => {
                    return Err(format!(
                        "`log_schema.properties.{name}.type`: `{t}` is not one of {}",
                        TYPES.join(", ")
                    ))
                }
                None => return Err(format!("`log_schema.properties.{name}.type` is missing")),
            }
        }
        check_constraints(schema, "log_schema")
    }

    /// Whether the text mentions this domain's name or vocabulary, in any case. Hangul, kana
    /// and ideographs take particles without a space (`벤치프레스는`), so such terms count
    /// anywhere; other terms as whole words ("run" is not in "runbook"), though a word may
    /// run on into one of those scripts (`squat스쿼트`).
    pub fn is_mentioned(&self, text: &str) -> bool {
        let Some((terms, glued)) = self.mentions() else {
            return false;
        };
        let lower = text.to_lowercase();
        let word = |c: char| c.is_alphanumeric() || c == '_';
        terms.find_overlapping_iter(&lower).any(|m| {
            glued[m.pattern().as_usize()]
                || (!lower[..m.start()].chars().next_back().is_some_and(word)
                    && lower[m.end()..]
                        .chars()
                        .next()
                        .is_none_or(|c| !word(c) || is_spaceless(c)))
        })
    }
}

/// Every `pattern` in a schema must compile and no `minimum` may exceed its `maximum`
/// (such a schema would reject every value, so the mistake is reported at load).
fn check_constraints(schema: &serde_yaml::Value, key: &str) -> std::result::Result<(), String> {
    match schema {
        serde_yaml::Value::Mapping(map) => {
            if let Some(p) = map.get("pattern") {
                let text = p.as_str().unwrap_or_default();
                if let Err(e) = regex::Regex::new(text) {
                    return Err(format!(
                        "`{key}.pattern`: `{text}` is not a valid regex: {e}"
                    ));
                }
            }
            let bound = |k: &str| map.get(k).and_then(serde_yaml::Value::as_f64);
            if let (Some(min), Some(max)) = (bound("minimum"), bound("maximum")) {
                if min > max {
                    return Err(format!(
                        "`{key}`: minimum {min} is above maximum {max}, so no value could pass"
                    ));
                }
            }
            for (k, v) in map {
                let child = format!("{key}.{}", k.as_str().unwrap_or("?"));
                check_constraints(v, &child)?;
            }
            Ok(())
        }
        serde_yaml::Value::Sequence(items) => {
            items.iter().try_for_each(|v| check_constraints(v, key))
        }
        _ => Ok(()),
    }
}

/// Base + selected domains combined for the agents (seed §8.5).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct ActiveDomainContext {
    pub domains_loaded: Vec<String>,
    pub vocabulary: BTreeMap<String, String>,
    /// `[domain] expertise` lines.
    pub expertise: String,
    pub evaluation_rules: Vec<String>,
    pub context_guidance: String,
    pub available_domains: Vec<crate::agents::types::DomainInfo>,
}

/// The most vocabulary entries sent to a model with a question (the whole multilingual
/// vocabulary would fill a small model's context window).
const MAX_VOCABULARY_SHOWN: usize = 80;

impl ActiveDomainContext {
    /// Keeps the vocabulary that `texts` use, with the other spellings of the same terms
    /// (an English question over Korean logs still sees `스쿼트` for `squat`), at most
    /// [`MAX_VOCABULARY_SHOWN`] entries; the terms used come first.
    pub fn narrow_vocabulary(&mut self, texts: &[&str]) {
        let lower: Vec<String> = texts.iter().map(|t| t.to_lowercase()).collect();
        let used = |term: &str| lower.iter().any(|t| t.contains(term));
        let canonicals: BTreeSet<String> = self
            .vocabulary
            .iter()
            .filter(|(term, _)| used(term))
            .map(|(_, canonical)| canonical.clone())
            .collect();
        self.vocabulary
            .retain(|_, canonical| canonicals.contains(canonical));
        if self.vocabulary.len() > MAX_VOCABULARY_SHOWN {
            let (mut kept, rest): (BTreeMap<_, _>, BTreeMap<_, _>) =
                std::mem::take(&mut self.vocabulary)
                    .into_iter()
                    .partition(|(term, _)| used(term));
            let room = MAX_VOCABULARY_SHOWN.saturating_sub(kept.len());
            kept.extend(rest.into_iter().take(room));
            self.vocabulary = kept;
        }
    }
}

/// All loaded domains.
#[derive(Debug, Clone)]
pub struct Domains {
    pub all: Vec<Domain>,
}

impl Domains {
    /// The shipped domains only.
    pub fn shipped() -> Domains {
        let all = SHIPPED
            .iter()
            .map(|(file, text)| {
                serde_yaml::from_str(text)
                    .unwrap_or_else(|e| panic!("shipped domain {file} is invalid: {e}"))
            })
            .collect();
        Domains { all }
    }

    /// Shipped domains plus `<vault>/.vault-agent/domains/*.yaml`.
    pub fn load(agent_dir: &Path) -> Result<Domains> {
        let mut domains = Self::shipped();
        let dir = agent_dir.join("domains");
        let Ok(read) = std::fs::read_dir(&dir) else {
            return Ok(domains);
        };
        let mut files: Vec<_> = read
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "yaml" || e == "yml"))
            .collect();
        files.sort();
        for path in files {
            let text = crate::config::yaml::read_text(&path)?;
            let value: serde_yaml::Value =
                serde_yaml::from_str(&text).map_err(|e| Error::Config {
                    path: path.clone(),
                    message: format!("domain file: {e}"),
                })?;
            let domain: Domain = crate::config::yaml::from_value(value, &path)?;
            domain.check_schema().map_err(|message| Error::Config {
                path: path.clone(),
                message,
            })?;
            domains.all.retain(|d| d.name != domain.name);
            domains.all.push(domain);
        }
        Ok(domains)
    }

    /// The canonical form of a term, if any domain knows it.
    pub fn canonical(&self, term: &str) -> Option<&str> {
        let term = term.to_lowercase();
        self.all
            .iter()
            .find_map(|d| d.vocabulary.get(&term).map(String::as_str))
    }

    /// A term with every word the vocabulary maps to the same canonical term.
    pub fn expand(&self, term: &str) -> Vec<String> {
        let term = term.to_lowercase();
        let canonical = self
            .canonical(&term)
            .map(str::to_string)
            .unwrap_or_else(|| term.clone());
        let mut out = BTreeSet::from([term, canonical.clone()]);
        for domain in &self.all {
            for (word, target) in &domain.vocabulary {
                if *target == canonical {
                    out.insert(word.clone());
                }
            }
        }
        out.into_iter().collect()
    }

    /// The active context for the selected domains: the base `general` domain plus the
    /// selected ones (unknown names ignored), with merged vocabulary, labelled expertise,
    /// rules and guidance, and the domains still available for expansion.
    pub fn combine(&self, selected: &[String]) -> ActiveDomainContext {
        let mut loaded: Vec<&Domain> = Vec::new();
        for d in &self.all {
            if d.name == "general" || selected.contains(&d.name) {
                loaded.push(d);
            }
        }
        let mut vocabulary = BTreeMap::new();
        let mut expertise = String::new();
        let mut rules = Vec::new();
        let mut guidance = String::new();
        for d in &loaded {
            for (k, v) in &d.vocabulary {
                vocabulary.entry(k.clone()).or_insert_with(|| v.clone());
            }
            if !d.expertise.trim().is_empty() {
                expertise.push_str(&format!("[{}] {}\n", d.name, d.expertise.trim()));
            }
            rules.extend(
                d.response_evaluation_rules
                    .iter()
                    .map(|r| format!("[{}] {r}", d.name)),
            );
            if !d.context_management_guidance.trim().is_empty() {
                guidance.push_str(&format!(
                    "[{}] {}\n",
                    d.name,
                    d.context_management_guidance.trim()
                ));
            }
        }
        ActiveDomainContext {
            domains_loaded: loaded.iter().map(|d| d.name.clone()).collect(),
            vocabulary,
            expertise,
            evaluation_rules: rules,
            context_guidance: guidance,
            available_domains: self
                .all
                .iter()
                .filter(|d| !loaded.iter().any(|l| l.name == d.name))
                .map(|d| crate::agents::types::DomainInfo {
                    name: d.name.clone(),
                    description: d.description.trim().to_string(),
                })
                .collect(),
        }
    }

    /// Domains whose vocabulary or name appears in `text` (cheap pre-selection).
    pub fn mentioned_in(&self, text: &str) -> Vec<&Domain> {
        self.all.iter().filter(|d| d.is_mentioned(text)).collect()
    }
}

/// Every occurrence (overlapping) of the `pairs`' terms in `text`, as the automaton of
/// [`Domain::term_occurrences`] reports them: by end, the longer term first at one end,
/// then in the pairs' order.
fn term_by_term<'a>(text: &str, pairs: &'a [(String, String)]) -> Vec<(usize, &'a str, &'a str)> {
    let mut found: Vec<(usize, usize, &'a str, &'a str)> = Vec::new();
    for (term, canonical) in pairs {
        let finder = memchr::memmem::Finder::new(term);
        let mut from = 0;
        while let Some(at) = finder.find(&text.as_bytes()[from..]) {
            let start = from + at;
            found.push((start, term.len(), term.as_str(), canonical.as_str()));
            from = start + 1;
        }
    }
    // A stable sort keeps the pairs' order among equal terms.
    found.sort_by_key(|&(start, len, _, _)| (start + len, std::cmp::Reverse(len)));
    found
        .into_iter()
        .map(|(start, _, term, canonical)| (start, term, canonical))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_question_looked_through_term_by_term_finds_what_the_automaton_finds() {
        let d = Domains::shipped();
        for domain in &d.all {
            for text in [
                "how many times did i bench press 100kg last month",
                "what was my longest run and my best squat?",
                "벤치프레스 몇 번 했어",
                "スクワットとデッドリフト",
                "ran a 5k then deadlifts, dl 3x5",
                "",
            ] {
                let fresh = Domains::shipped();
                let again = fresh.all.iter().find(|x| x.name == domain.name).unwrap();
                let by_term: Vec<_> = again.term_occurrences(text).collect();
                assert!(again.terms.get().is_none(), "no automaton for a question");
                let (ac, pairs) = (domain.terms().unwrap(), domain.pairs());
                let by_automaton: Vec<_> = ac
                    .find_overlapping_iter(text)
                    .map(|m| {
                        let (t, c) = &pairs[m.pattern().as_usize()];
                        (m.start(), t.as_str(), c.as_str())
                    })
                    .collect();
                assert_eq!(by_term, by_automaton, "{} in {text:?}", domain.name);
            }
        }
    }

    #[test]
    fn shipped_domains_load_and_expand_vocabulary() {
        let d = Domains::shipped();
        assert_eq!(d.all.len(), 5);
        let bench = d.expand("bench");
        assert!(bench.contains(&"bench press".to_string()));
        assert!(bench.contains(&"bp".to_string()));
        let run = d.expand("ran");
        assert!(run.contains(&"jog".to_string()));
        let names: Vec<_> = d
            .mentioned_in("Benched 80kg, then slept badly")
            .iter()
            .map(|d| d.name.clone())
            .collect();
        assert_eq!(names, ["general", "strength"]);
    }

    #[test]
    fn a_term_is_mentioned_as_a_whole_word_or_with_particles_in_any_case() {
        let d = Domains::shipped();
        let running = d.all.iter().find(|d| d.name == "running").unwrap();
        let strength = d.all.iter().find(|d| d.name == "strength").unwrap();
        for text in ["Ran 5 km", "a long RUN today", "jog, then stretch", "(run)"] {
            assert!(running.is_mentioned(text), "{text}");
        }
        for text in ["read the runbook", "outran nobody", "rerun the tests"] {
            assert!(!running.is_mentioned(text), "{text}");
        }
        for text in [
            "스쿼트는 100kg",
            "今日はスクワット",
            "Kniebeugen 3x5",
            "SQUAT스쿼트",
        ] {
            assert!(strength.is_mentioned(text), "{text}");
        }
        assert!(!strength.is_mentioned("squatter rights"));
    }

    #[test]
    fn user_domain_overrides_and_bad_file_names_itself() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("domains")).unwrap();
        std::fs::write(
            dir.path().join("domains/reading.yaml"),
            "name: reading\ndescription: Books read.\nvocabulary: {novel: book}\n\
             log_schema: {type: object, properties: {pages: {type: integer}}}\n",
        )
        .unwrap();
        let d = Domains::load(dir.path()).unwrap();
        assert_eq!(d.all.len(), 6);
        assert!(d
            .combine(&["reading".into()])
            .domains_loaded
            .contains(&"reading".into()));
        std::fs::write(dir.path().join("domains/bad.yaml"), "name: [x\n").unwrap();
        let err = Domains::load(dir.path()).unwrap_err().to_string();
        assert!(err.contains("bad.yaml"), "{err}");
        std::fs::write(
            dir.path().join("domains/bad.yaml"),
            "name: films\ndescription: Films.\nlog_schema: {type: object, properties: {rating: {type: stars}}}\n",
        )
        .unwrap();
        let err = Domains::load(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("bad.yaml") && err.contains("log_schema.properties.rating.type"),
            "{err}"
        );
        std::fs::write(
            dir.path().join("domains/bad.yaml"),
            "name: films\nlog_schema: {type: object, properties: {}}\n",
        )
        .unwrap();
        let err = Domains::load(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("bad.yaml") && err.contains("description"),
            "{err}"
        );
    }

    #[test]
    fn combination_has_the_base_domain_and_labels() {
        let d = Domains::shipped();
        let c = d.combine(&["strength".into()]);
        assert_eq!(c.domains_loaded, ["general", "strength"]);
        assert!(c.expertise.contains("[strength]"));
        assert!(c
            .evaluation_rules
            .iter()
            .any(|r| r.starts_with("[general]")));
        assert_eq!(
            c.vocabulary.get("bench").map(String::as_str),
            Some("bench press")
        );
        assert!(c.available_domains.iter().any(|x| x.name == "running"));
        assert!(!c.available_domains.iter().any(|x| x.name == "strength"));
    }
}
