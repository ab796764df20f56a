//! The offline Router: decides from signals whether a piece of input is a question, a log,
//! both, or a correction of something logged, and which domains it touches.

use std::sync::OnceLock;

use regex::Regex;

use super::pattern::Pattern;
use crate::domains::Domains;

/// What a piece of input is: the type the Router model answers with too.
pub use crate::agents::types::InputType;

/// The Router's reading of an input.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub input: InputType,
    /// Domains named by vocabulary, in the order of `Domains::all`.
    pub domains: Vec<String>,
}

/// The Router's signals, each compiled only when a text may hold it (see [`Pattern`]).
struct Signals {
    /// Question words at the start of a sentence, or a question mark.
    question: Pattern,
    correction: Pattern,
    /// Something that was done or measured: a number with a unit, or a past-tense log verb.
    log: Pattern,
    /// A question asked in the imperative ("tell me...", "show ...").
    imperative: Pattern,
}

fn signals() -> &'static Signals {
    static S: OnceLock<Signals> = OnceLock::new();
    S.get_or_init(|| Signals {
        question: Pattern::new(r"(?im)(?:^|[.!;]\s+|,\s*)(?:how|what|when|where|which|who|why|did|do|does|is|are|was|were|can|could|should|have|has|am)\b[^.!]*\?|\?\s*$|^\s*\?"),
        correction: Pattern::new(r"(?i)\b(?:correction|correct that|fix (?:that|the|this)|actually,? (?:it was|i|(?:that|the \w+(?: \w+)?)(?: (?:on|from) [\w./, -]{1,24}?)? (?:was|were)\b)|was (?:\d+(?:\.\d+)?\s*\w*|\w+),? not\b|not \d+(?:\.\d+)?\s*\w*,? (?:but|it was)|should have been|i meant|korrektur|eigentlich,? (?:war|waren)\b|(?:war|waren) \d+(?:[.,]\d+)?\s*\w*,? nicht\b)"),
        log: Pattern::new(r"(?i)\b\d+(?:\.\d+)?\s*(?:km|mi|miles?|k|kg|lbs?|min|mins|minutes|h|hrs?|hours?|g|kcal|steps|/10)\b|\b\d+\s*[x×]\s*\d+|\b(?:ran|slept|ate|lifted|benched|squatted|walked|worked|felt|had|did|went)\b"),
        imperative: Pattern::new(r"(?i)^\s*(?:tell me|show me|show|list|give me|compare|summari[sz]e)\b"),
    })
}

/// Whether `text` corrects something logged ("actually it was 5 km, not 3").
pub fn is_correction(text: &str) -> bool {
    signals().correction.is_match(text)
}

/// Classifies `text` (one input: a line, a message, an imported entry).
pub fn classify(text: &str, domains: &Domains) -> Route {
    let Signals {
        question,
        correction,
        log,
        imperative,
    } = signals();
    let domains_named = domains
        .mentioned_in(text)
        .iter()
        .map(|d| d.name.clone())
        .collect();
    let input = if correction.is_match(text) {
        InputType::Correction
    } else {
        let asks = question.is_match(text) || imperative.is_match(text);
        let logs = log.is_match(text) && !question_only(text);
        match (asks, logs) {
            (true, true) => InputType::Both,
            (true, false) => InputType::Query,
            // "what did I eat yesterday", "이번 주 운동 몇 번 했어": a question without its
            // mark (a question word in a line that measures something is logged, never lost).
            _ if question_opening(text) || cjk_question(text) && !measures(text) => {
                InputType::Query
            }
            _ => InputType::Log,
        }
    };
    Route {
        input,
        domains: domains_named,
    }
}

/// A question written without `?` in a Latin-script language: it opens like one ("how
/// many", "what did", "did I", "wie viele").
fn question_opening(text: &str) -> bool {
    static OPENING: OnceLock<Regex> = OnceLock::new();
    OPENING
        .get_or_init(|| {
            Regex::new(concat!(
            r"(?i)^\s*(?:",
            r"how (?:many|much|long|far|often|fast|heavy|was|were|did|do|does|is|are|have)|how's",
            r"|what (?:did|was|were|is|are|do|does|have|has|about|day|time)|what's",
            r"|when (?:did|was|were|is|do|have)|where (?:did|was|is|do)|which\b|who (?:did|was)",
            r"|why (?:did|was|is|am|do|does|have)",
            r"|(?:did|do|have|was|am|can|should) i\b|(?:is|are|was|were) my\b",
            r"|qué|cuánto|cuántos|cuántas|cuándo|dónde|cómo|cuál",
            r"|wie (?:viel|viele|oft|lange|weit)|wann|wo |was (?:habe|hab|hat|war|ist)|welche",
            r"|combien|quand|où|comment|quel|quelle|qu'est-ce|qu’est-ce",
            r")"
        ))
        .expect("question opening compiles")
        })
        .is_match(text)
}

/// A question word of Korean, Japanese or Chinese anywhere (they are not used in
/// statements of what was done).
fn cjk_question(text: &str) -> bool {
    static CJK: OnceLock<Regex> = OnceLock::new();
    CJK.get_or_init(|| {
        Regex::new(r"몇|언제|얼마|뭐|뭘|무엇|무슨|어디|어떻게|어땠|왜|누구|어느|알려 ?줘|보여 ?줘|요약해|何|いつ|いくつ|どれ|どこ|どう|なぜ|教えて|見せて|什么|多少|几|哪|怎么|为什么|吗|告诉我")
            .expect("question words compile")
    })
    .is_match(text)
}

/// Whether `text` states a measurement (a number with a unit, sets x reps): a log.
fn measures(text: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)\d+(?:[.,]\d+)?\s*(?:km|mi|miles?|k|kg|lbs?|min|mins|minutes|h|hrs?|hours?|g|kcal|steps|/10|회|세트|분|시간|킬로|回|分|時間|次|公里|公斤)|\d+\s*[x×]\s*\d+")
            .expect("measure pattern compiles")
    })
    .is_match(text)
}

/// A question with no statement before it ("how far did I run?" mentions "ran"-like words
/// but logs nothing).
fn question_only(text: &str) -> bool {
    split(text).0.is_empty()
}

/// Splits `text` into its log part and its question part: sentences ending with `?` are
/// questions, except for a statement before a comma (`ran 4 km, how far did I run?`).
pub fn split(text: &str) -> (String, String) {
    static LEAD: OnceLock<Regex> = OnceLock::new();
    let lead = LEAD.get_or_init(|| {
        Regex::new(r"(?i)[,;]\s*(?:and\s+)?(?:how|what|when|where|which|who|why|did|do|does|is|are|was|were|can|could|should|have|has|am)\b")
            .expect("valid regex")
    });
    let mut log = Vec::new();
    let mut ask = Vec::new();
    for sentence in text.split_inclusive(['.', '!', '?', '\n']) {
        let s = sentence.trim();
        if s.is_empty() {
            continue;
        }
        if s.ends_with('?') || s.starts_with('?') {
            let s = s.trim_start_matches('?').trim();
            match lead.find(s) {
                Some(m) if signals().log.is_match(&s[..m.start()]) => {
                    log.push(s[..m.start()].trim());
                    ask.push(s[m.start() + 1..].trim());
                }
                _ => ask.push(s),
            }
        } else {
            log.push(s);
        }
    }
    (log.join(" "), ask.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn route(text: &str) -> InputType {
        classify(text, &Domains::shipped()).input
    }

    #[test]
    fn questions_logs_both_and_corrections() {
        assert_eq!(route("how far did I run last week?"), InputType::Query);
        assert_eq!(route("? best bench this month"), InputType::Query);
        assert_eq!(route("show me my sleep for October"), InputType::Query);
        assert_eq!(route("ran 5 km in 27 min, legs fresh"), InputType::Log);
        assert_eq!(route("bench 185x5x3, felt heavy"), InputType::Log);
        assert_eq!(route("slept 6h. Is that less than usual?"), InputType::Both);
        assert_eq!(
            route("The run on Tuesday was 8 km, not 6"),
            InputType::Correction
        );
        assert_eq!(route("correction: squat was 100kg"), InputType::Correction);
        assert_eq!(
            route("actually the squat on November 20th, 2026 was 250"),
            InputType::Correction
        );
        assert_eq!(
            route("Korrektur: die Kniebeuge am 20.11.2026 war 250 kg"),
            InputType::Correction
        );
        assert_eq!(
            route("die Kniebeuge am 20. November war 250, nicht 245"),
            InputType::Correction
        );
        assert_eq!(
            route("actually the bench was 82.5kg"),
            InputType::Correction
        );
        assert_eq!(
            route("actually the bench press felt easy, 3x5 @ 80kg"),
            InputType::Log
        );
        assert_eq!(route("Called mum, walked by the river"), InputType::Log);
        assert_eq!(route("ran 5k, was that my fastest?"), InputType::Both);
        assert_eq!(
            route("how many runs this week, and how far?"),
            InputType::Query
        );
    }

    #[test]
    fn questions_without_a_question_mark() {
        for q in [
            "what did I eat yesterday",
            "how many runs this week",
            "how many km did I run in October",
            "did I sleep more than 7 hours last week",
            "이번 주 운동 몇 번 했어",
            "벤치 최고 기록 알려줘",
            "今週何回走った",
            "这周跑了几次",
            "cuántos km corrí esta semana",
            "wie viele Kilometer bin ich gelaufen",
        ] {
            assert_eq!(route(q), InputType::Query, "{q}");
        }
        for log in [
            "did 5x5 squats at 100kg",
            "what a run today, 10k in 48 min",
            "when I got home I ran 5k",
            "오늘 스쿼트 100kg 5x5",
            "스쿼트 100kg 5회 몇 세트 했는지 기억 안 남",
            "was tired, slept 6h",
        ] {
            assert_eq!(route(log), InputType::Log, "{log}");
        }
    }

    #[test]
    fn splits_statements_from_questions() {
        let (log, ask) = split("Slept 6h. Ran 5 km! Is that more than last week?");
        assert_eq!(log, "Slept 6h. Ran 5 km!");
        assert_eq!(ask, "Is that more than last week?");
        let (log, ask) = split("ran 4 km, how far did I run this week?");
        assert_eq!(
            (log.as_str(), ask.as_str()),
            ("ran 4 km", "how far did I run this week?")
        );
    }

    #[test]
    fn domains_are_named_from_vocabulary() {
        let r = classify("bench 80kg 5x5 then a short jog", &Domains::shipped());
        assert!(r.domains.contains(&"strength".to_string()));
        assert!(r.domains.contains(&"running".to_string()));
    }
}
