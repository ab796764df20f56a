//! Answers in the question's language: which language a question is written in, and the
//! sentences, nouns and dates of an answer in it, from the `answers:` section of each
//! language file (`lexicon/<lang>.yaml`). English is the fallback for a
//! sentence a file does not have.
//!
//! One answer is rendered in one language: [`speak`] sets it for the current thread until
//! the returned guard is dropped, so the helpers that format days and counts deep in the
//! answer kinds follow it without every function taking it.

use std::cell::Cell;
use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::Deserialize;

use super::read::lexicon::lexicon;

/// One language's answer words, as written in its file.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Answers {
    /// Monday first.
    #[serde(default)]
    pub weekdays: Vec<String>,
    /// Short month names, January first.
    #[serde(default)]
    pub months: Vec<String>,
    /// Full month names, January first.
    #[serde(default)]
    pub months_long: Vec<String>,
    /// Date patterns: `day` (`Tue Nov 10`), `full_day` (with the year), `month` (a month
    /// of a year), `span` (two dates). Placeholders: `{wd} {mon} {month} {d} {m} {y}`,
    /// `{a} {b}` in a span.
    #[serde(default)]
    pub dates: BTreeMap<String, String>,
    /// How a count is written: `{n} {noun}`, or `{n}{noun}` with a counter.
    #[serde(default)]
    pub count: Option<String>,
    /// A counted thing -> its singular and plural (one form where the language has one); a
    /// form holding `{n}` places the number itself (`하체 운동 {n}회`).
    #[serde(default)]
    pub nouns: BTreeMap<String, Vec<String>>,
    /// What was measured, by its English name (`running distance`) -> this language's.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// The language's name in English, as a model is told it (`Korean`).
    #[serde(default)]
    pub name: String,
    /// The mark between a number's whole part and its decimals: `.` unless given (`,`).
    #[serde(default)]
    pub decimal: Option<String>,
    /// Sentence templates by key, with `{name}` placeholders.
    #[serde(default)]
    pub say: BTreeMap<String, String>,
}

thread_local! {
    static LANG: Cell<&'static str> = const { Cell::new("en") };
}

/// While alive, answers on this thread are rendered in its language.
pub struct Speaking {
    before: &'static str,
}

impl Drop for Speaking {
    fn drop(&mut self) {
        LANG.with(|l| l.set(self.before));
    }
}

/// Renders answers on this thread in `lang` until the guard is dropped.
pub fn speak(lang: &'static str) -> Speaking {
    let before = LANG.with(|l| l.replace(lang));
    Speaking { before }
}

/// `text` with its decimals written with the current language's mark (`9,9 km`), outside
/// wikilinks, code blocks (a chart's data) and quotes of the notes: `9.9` stays where it is
/// part of a name, a chart or what the person wrote.
pub fn decimals(text: &str) -> String {
    let (own, _) = words_of(lang());
    let Some(mark) = own.and_then(|a| a.decimal.as_deref()).filter(|m| *m != ".") else {
        return text.to_string();
    };
    let mut out = String::with_capacity(text.len());
    let mut in_code = false;
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let fence = line.trim_start().starts_with("```");
        in_code ^= fence;
        if in_code || fence {
            out.push_str(line);
        } else {
            decimals_in_line(line, mark, &mut out);
        }
    }
    out
}

fn decimals_in_line(line: &str, mark: &str, out: &mut String) {
    let bytes = line.as_bytes();
    let (mut in_link, mut in_quote) = (false, false);
    let mut i = 0;
    while i < bytes.len() {
        let rest = &line[i..];
        if rest.starts_with("[[") {
            in_link = true;
        } else if rest.starts_with("]]") {
            in_link = false;
        } else if rest.starts_with('"') || rest.starts_with('“') || rest.starts_with('”') {
            in_quote = !in_quote;
        }
        let c = rest.chars().next().expect("inside the line");
        // `87.5`: a dot between digits, the number not part of a longer dotted one
        // (`1.2.3`) nor of a word.
        let decimal_dot = c == '.'
            && !in_link
            && !in_quote
            && i > 0
            && bytes[i - 1].is_ascii_digit()
            && bytes.get(i + 1).is_some_and(u8::is_ascii_digit)
            && {
                let start = line[..i].trim_end_matches(|c: char| c.is_ascii_digit());
                !start.ends_with(|c: char| c == '.' || c == ',' || c.is_alphabetic())
            }
            && {
                let end = line[i + 1..].trim_start_matches(|c: char| c.is_ascii_digit());
                // `1.045,60` is already written with the comma for decimals.
                !end.starts_with(|c: char| {
                    matches!(c, '.' | ',') && end[1..].starts_with(|d: char| d.is_ascii_digit())
                })
            };
        if decimal_dot {
            out.push_str(mark);
        } else {
            out.push(c);
        }
        i += c.len_utf8();
    }
}

/// The language answers are rendered in now.
pub fn lang() -> &'static str {
    LANG.with(Cell::get)
}

/// The language `question` is written in, as a language file's code: by script for Korean,
/// Japanese and Chinese, else by which language's question words it uses most (English
/// when none wins).
pub fn detect(question: &str) -> &'static str {
    let lex = lexicon();
    let code = |want: &str| -> &'static str {
        lex.answers
            .iter()
            .find(|(l, _)| l == want)
            .map(|(l, _)| l.as_str())
            .unwrap_or("en")
    };
    if question.chars().any(is_hangul) {
        return code("ko");
    }
    if question.chars().any(is_kana) {
        return code("ja");
    }
    if question.chars().any(is_han) {
        return code("zh");
    }
    let lower = question.to_lowercase();
    let lower = lower.replace('’', "'");
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    let padded = format!(" {} ", words.join(" "));
    let mut best = ("en", 0usize);
    for (lang, known) in &lex.question_words {
        let score: usize = known
            .iter()
            .filter(|k| stands_in(&padded, k))
            .map(|k| k.split(' ').count())
            .sum();
        if score > best.1 || (score == best.1 && lang == "en" && score > 0) {
            best = (lang.as_str(), score);
        }
    }
    best.0
}

/// Whether `words` (one space between words, one at either end) holds the words `k`.
fn stands_in(words: &str, k: &str) -> bool {
    super::read::words::occurrences(words, k)
        .any(|i| words[..i].ends_with(' ') && words[i + k.len()..].starts_with(' '))
}

fn is_hangul(c: char) -> bool {
    ('\u{AC00}'..='\u{D7A3}').contains(&c) || ('\u{1100}'..='\u{11FF}').contains(&c)
}

fn is_kana(c: char) -> bool {
    ('\u{3040}'..='\u{30FF}').contains(&c)
}

fn is_han(c: char) -> bool {
    ('\u{4E00}'..='\u{9FFF}').contains(&c)
}

/// The answer words of `lang`, and English's.
fn words_of(lang: &str) -> (Option<&'static Answers>, &'static Answers) {
    let lex = lexicon();
    let find = |want: &str| lex.answers.iter().find(|(l, _)| l == want).map(|(_, a)| a);
    let en = find("en").expect("en.yaml has an answers section");
    (find(lang), en)
}

/// The English name of the language `code` (`Korean` for `ko`), for a model's prompt.
pub fn language_name(code: &str) -> String {
    let (own, en) = words_of(code);
    own.unwrap_or(en).name.clone()
}

/// Sentence `key` in the current language with its placeholders filled.
pub fn t(key: &str, args: &[(&str, &str)]) -> String {
    let (own, en) = words_of(lang());
    let template = own
        .and_then(|a| a.say.get(key))
        .or_else(|| en.say.get(key))
        .unwrap_or_else(|| panic!("en.yaml answers.say has no `{key}`"));
    fill(template, args)
}

/// Whether `line` is the footer of an answer the offline engine wrote, in any language: a
/// `footer…` sentence of the answer words (`_Answered from your notes without a model…_`,
/// `_Answered without a model: {reason}._`).
pub fn is_offline_footer(line: &str) -> bool {
    let line = line.trim();
    if !(line.starts_with('_') && line.ends_with('_')) {
        return false;
    }
    lexicon().answers.iter().any(|(_, a)| {
        a.say
            .iter()
            .filter(|(key, _)| key.starts_with("footer"))
            .any(|(_, template)| {
                // What every such footer opens with: up to its first placeholder, without
                // the closing punctuation a longer footer replaces with more words.
                let head = template.split('{').next().unwrap_or_default();
                let head = head.trim_end_matches(|c: char| {
                    c == '_' || c.is_whitespace() || c.is_ascii_punctuation() || c == '。'
                });
                head.len() > 1 && line.starts_with(head)
            })
    })
}

/// Fills `{name}` placeholders (unknown ones are left as written). A value may hold the
/// placeholders of the arguments after its own, which are filled in it too.
pub fn fill(template: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    fill_into(&mut out, template, args);
    out
}

fn fill_into(out: &mut String, template: &str, args: &[(&str, &str)]) {
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let named = after.find('}').and_then(|close| {
            let name = &after[..close];
            let at = args.iter().position(|(n, _)| *n == name)?;
            Some((close, at))
        });
        match named {
            Some((close, at)) => {
                fill_into(out, args[at].1, &args[at + 1..]);
                rest = &after[close + 1..];
                // An empty value takes its space with it (`8 times {of}, the most`).
                if args[at].1.is_empty()
                    && out.ends_with(' ')
                    && rest.starts_with([' ', ',', '.', ';', ')'])
                {
                    out.pop();
                }
                // A value ending in an abbreviation's dot (`17 nov.`) ends the sentence too.
                if out.ends_with('.') && !out.ends_with("..") && rest.starts_with('.') {
                    rest = &rest[1..];
                }
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
}

/// How a figure moved by `change`: `up 3 km`, `down 2 kg`, `no change`, each amount
/// written by `show` (always given a positive amount).
pub fn change(change: f64, show: impl Fn(f64) -> String) -> String {
    if change.abs() < 1e-9 {
        t("no_change", &[])
    } else if change > 0.0 {
        t("up", &[("by", &show(change))])
    } else {
        t("down", &[("by", &show(-change))])
    }
}

/// `n` of a counted thing (`noun` is its English singular): `3 runs`, `3회`, `3 Läufe`.
pub fn count(n: usize, noun: &str) -> String {
    count_text(&n.to_string(), n == 1, noun)
}

/// A number written `n` (`4.3`) of a counted thing, singular when `one`.
pub fn count_text(n: &str, one: bool, noun: &str) -> String {
    let (own, en) = words_of(lang());
    let listed = own.and_then(|a| a.nouns.get(noun).map(|f| (a, f)));
    let forms = listed.map(|(_, f)| f).or_else(|| en.nouns.get(noun));
    let word: std::borrow::Cow<str> = match forms {
        Some(f) if one || f.len() == 1 => f[0].as_str().into(),
        Some(f) => f[1].as_str().into(),
        None if one => noun.into(),
        None if noun.ends_with('y') && !noun.ends_with("ay") => {
            format!("{}ies", &noun[..noun.len() - 1]).into()
        }
        None => format!("{noun}s").into(),
    };
    // A form that places the number itself (`하체 운동 {n}회`) is the whole count.
    if word.contains("{n}") {
        return fill(&word, &[("n", n)]);
    }
    // A noun the language does not list stays English, and spaced.
    let pattern = match listed {
        Some((a, _)) => a.count.as_deref().unwrap_or("{n} {noun}"),
        None => "{n} {noun}",
    };
    fill(pattern, &[("n", n), ("noun", &word)])
}

/// A name of what was measured (`running distance`) in the current language, when its
/// file lists it; else as it is (the person's own word, or a lift's name).
pub fn label(name: &str) -> String {
    let (own, _) = words_of(lang());
    own.and_then(|a| a.labels.get(name))
        .cloned()
        .unwrap_or_else(|| name.to_string())
}

/// A date in the current language's pattern `which` (`day`, `full_day`, `month`).
pub fn date(d: NaiveDate, which: &str) -> String {
    let (own, en) = words_of(lang());
    let a = own.filter(|a| a.dates.contains_key(which)).unwrap_or(en);
    let pattern = a
        .dates
        .get(which)
        .map(String::as_str)
        .unwrap_or("{y}-{m}-{d}");
    let nth = |list: &[String], i: usize| list.get(i).cloned().unwrap_or_default();
    fill(
        pattern,
        &[
            (
                "wd",
                &nth(&a.weekdays, d.weekday().num_days_from_monday() as usize),
            ),
            ("mon", &nth(&a.months, d.month0() as usize)),
            ("month", &nth(&a.months_long, d.month0() as usize)),
            ("d", &d.day().to_string()),
            ("m", &d.month().to_string()),
            ("y", &d.year().to_string()),
        ],
    )
}

/// `Running distance` from `running distance` (scripts without case are left as they are).
pub fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

/// `Tue Nov 10` / `11月10日(火)`.
pub fn day(d: NaiveDate) -> String {
    date(d, "day")
}

/// `Tue Nov 10, 2026` / `2026년 11월 10일 (화)`.
pub fn full_day(d: NaiveDate) -> String {
    date(d, "full_day")
}

/// `November 2026` / `2026年11月`.
pub fn month(d: NaiveDate) -> String {
    date(d, "month")
}

/// Two dates as a span: `Nov 1 – Nov 26, 2026`.
pub fn span(a: NaiveDate, b: NaiveDate) -> String {
    if a == b {
        return full_day(a);
    }
    let first = if a.year() == b.year() {
        date(a, "short")
    } else {
        date(a, "short_year")
    };
    t("span", &[("a", &first), ("b", &date(b, "short_year"))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offline_engines_footers_are_known_in_every_language() {
        assert!(is_offline_footer(
            "_Answered from your notes without a model: the numbers are computed from what you logged._"
        ));
        assert!(is_offline_footer(
            "_Answered without a model: ollama at http://localhost:11434 is not reachable._"
        ));
        assert!(is_offline_footer(
            "_Ohne Modell beantwortet: connection refused._"
        ));
        assert!(!is_offline_footer("_+8.2 km since Tue_"));
        assert!(!is_offline_footer("Answered without a model: no italics"));
    }

    #[test]
    fn decimals_take_the_languages_mark_outside_links_charts_and_quotes() {
        let text =
            "**69.7 km** [[20.09.2026]] \"ran 5.5 km\" v1.2.3\n```mermaid\nbar [9.9]\n```\n8.1 km.";
        {
            let _de = speak("de");
            assert_eq!(
                decimals(text),
                "**69,7 km** [[20.09.2026]] \"ran 5.5 km\" v1.2.3\n```mermaid\nbar [9.9]\n```\n8,1 km."
            );
        }
        {
            let _pt = speak("pt");
            assert_eq!(decimals("(Valor: R$1.045,60)"), "(Valor: R$1.045,60)");
        }
        let _en = speak("en");
        assert_eq!(decimals("9.9 km"), "9.9 km");
    }

    #[test]
    fn placeholders_are_filled_in_order_and_unknown_ones_kept() {
        assert_eq!(
            fill("{n} {noun}", &[("n", "3"), ("noun", "runs")]),
            "3 runs"
        );
        assert_eq!(fill("{a}{a} {b}", &[("a", "x"), ("b", "y")]), "xx y");
        // A value may hold a later argument's placeholder, not an earlier one's.
        assert_eq!(
            fill("{lead}: {n}", &[("lead", "{n} km {n}"), ("n", "5")]),
            "5 km 5: 5"
        );
        assert_eq!(fill("{n} {x}", &[("x", "{n}"), ("n", "1")]), "1 1");
        assert_eq!(fill("{b}", &[("b", "{a}"), ("a", "z")]), "z");
        assert_eq!(fill("{a}", &[("b", "{a}"), ("a", "{b}")]), "{b}");
        assert_eq!(fill("{unknown} {n", &[("n", "2")]), "{unknown} {n");
        assert_eq!(fill("{{n}}", &[("n", "2")]), "{2}");
        assert_eq!(fill("{", &[]), "{");
        // An abbreviation's dot ends the sentence: one dot, not two.
        assert_eq!(
            fill("le {date}.", &[("date", "mar. 17 nov.")]),
            "le mar. 17 nov."
        );
        assert_eq!(fill("{d}...", &[("d", "x.")]), "x...");
    }

    #[test]
    fn the_language_of_a_question_is_read_from_its_script_or_its_question_words() {
        for (q, lang) in [
            ("how many times did I run last month", "en"),
            ("이번 달 스쿼트 최고 중량은?", "ko"),
            ("上个月跑了几次", "zh"),
            ("先月は何回走った?", "ja"),
            ("Wie viele Kilometer bin ich im April gelaufen", "de"),
            ("¿Cuántas veces corrí el mes pasado?", "es"),
            ("Combien de fois ai-je couru le mois dernier ?", "fr"),
            ("Quante volte ho corso il mese scorso?", "it"),
            ("Quantas vezes eu corri no mês passado?", "pt"),
            ("what's my longest run", "en"),
        ] {
            assert_eq!(detect(q), lang, "{q}");
        }
    }

    #[test]
    fn every_language_has_every_sentence_and_date_pattern_english_has() {
        let lex = lexicon();
        let (_, en) = words_of("en");
        for (lang, a) in &lex.answers {
            for key in en.say.keys() {
                assert!(
                    a.say.contains_key(key),
                    "{lang}.yaml answers.say lacks `{key}`"
                );
            }
            for key in en.dates.keys() {
                assert!(
                    a.dates.contains_key(key),
                    "{lang}.yaml answers.dates lacks `{key}`"
                );
            }
            assert_eq!(a.weekdays.len(), 7, "{lang}.yaml answers.weekdays");
            assert_eq!(a.months.len(), 12, "{lang}.yaml answers.months");
            assert_eq!(a.months_long.len(), 12, "{lang}.yaml answers.months_long");
            for key in en.nouns.keys() {
                assert!(
                    a.nouns.contains_key(key),
                    "{lang}.yaml answers.nouns lacks `{key}`"
                );
            }
        }
        assert_eq!(
            lex.answers.len(),
            lex.question_words.len(),
            "a file without answers"
        );
    }

    #[test]
    fn dates_and_counts_follow_the_language_spoken() {
        let d = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        assert_eq!(day(d), "Fri Nov 20");
        assert_eq!(count(3, "run"), "3 runs");
        assert_eq!(count(1, "entry"), "1 entry");
        {
            let _ko = speak("ko");
            assert_eq!(day(d), "11월 20일 (금)");
            assert_eq!(count(3, "run"), "3회");
            let _zh = speak("zh");
            assert_eq!(full_day(d), "2026年11月20日（周五）");
        }
        let _de = speak("de");
        assert_eq!(count(2, "run"), "2 Läufe");
        assert_eq!(month(d), "November 2026");
        drop(_de);
        assert_eq!(lang(), "en");
    }
}
