//! What a question asks for, in the languages people write in: kinds of answer (count,
//! total, average, last, best, trend, list, summary, tasks), category words that stand for
//! whole domains ("workouts", "운동"), and unit words ("km", "몇 쪽"). The words are data,
//! `cues:` and `questions.units` in each `lexicon/<lang>.yaml`; this module matches them.
//!
//! Latin-script cues match as whole words; cues in Hangul, kana or ideographs match inside
//! longer runs of letters (particles attach without a space), see [`has`].

use super::read::find_word;
use super::read::lexicon::lexicon;
pub use super::read::lexicon::Cue;

/// Whether the lowercase `text` holds any of `cues` (see the module doc for how).
pub fn has<S: AsRef<str>>(text: &str, cues: &[S]) -> bool {
    cues.iter().any(|c| find_word(text, c.as_ref()).is_some())
}

/// Whether the lowercase `text` holds a word of `cue` in any shipped language.
pub fn asks(text: &str, cue: Cue) -> bool {
    if cue == Cue::Count {
        return has(&without_times_named(text), words(cue));
    }
    has(text, words(cue))
}

/// `text` without the phrases that name one time, the last or the first (`la dernière
/// fois`, `l'ultima volta`, `das letzte Mal`): their word of times counts nothing.
fn without_times_named(text: &str) -> String {
    let named = words(Cue::Last)
        .iter()
        .chain(&lexicon().questions.first)
        .filter(|p| p.contains(' '));
    named.fold(text.to_string(), |rest, phrase| {
        super::lookup::replace_word(&rest, phrase)
    })
}

/// The words of `cue` in every shipped language, longest first.
pub fn words(cue: Cue) -> &'static [String] {
    lexicon().cue(cue)
}

/// The unit names the question asks about, deduplicated, in the lexicon's order of units.
pub fn units(text: &str) -> Vec<&'static str> {
    lexicon()
        .questions
        .units
        .0
        .iter()
        .filter(|(_, words)| has(text, words))
        .map(|(unit, _)| unit.as_str())
        .collect()
}

/// Words `unit` already implies (pages are read, from books): they do not narrow a question
/// to the measures named after them. Words in scripts without spaces count when a question
/// word starts with them (`읽었어`).
pub fn implied_by(unit: &str) -> &'static [String] {
    let units = &lexicon().questions.units_imply.0;
    units
        .iter()
        .find(|(u, _)| u == unit)
        .map_or(&[], |(_, words)| words.as_slice())
}

/// A word reduced to a rough English stem (`meditation`, `meditated`, `meditating` ->
/// `medit`; `pages` -> `page`), for matching what a measure was about.
pub fn stem(word: &str) -> String {
    let w = word.to_lowercase();
    for suffix in [
        "ations", "ation", "ating", "ated", "ate", "ing", "ies", "ed", "s",
    ] {
        if let Some(base) = w.strip_suffix(suffix) {
            if base.chars().count() >= 3 {
                return base.to_string();
            }
        }
    }
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cues_match_words_in_spaced_and_spaceless_scripts() {
        assert!(asks("how many times did i run", Cue::Count));
        assert!(!asks("this week", Cue::Count));
        assert!(asks("지난주 몇 번 달렸어?", Cue::Count));
        assert!(!asks("이번 주 러닝", Cue::Count), "이번 is not 번");
        for one_time in [
            "quand ai-je fait du vélo pour la dernière fois",
            "quando ho nuotato l'ultima volta",
            "wann war ich das letzte mal schwimmen",
        ] {
            assert!(!asks(one_time, Cue::Count), "{one_time}");
        }
        assert!(asks("combien de fois ai-je nagé", Cue::Count));
        assert_eq!(units("how many pages did i read"), ["page"]);
        assert_eq!(units("지난주 명상 몇 분 했어?"), ["minute"]);
        assert_eq!(stem("meditation"), stem("meditated"));
        assert_eq!(stem("pages"), "page");
    }
}
