//! Lines into clauses. A clause is the smallest piece of a line that carries one thought
//! (`squat 100kg 5x5`, `felt strong`); numbers are read per clause and each piece of text
//! a reader uses is claimed, so no number is read twice.

use std::ops::Range;
use std::sync::OnceLock;

use regex::Regex;

/// A line (or a piece of it) being read: lowercase text, the cased text for reports, and
/// the byte ranges readers have already used.
#[derive(Debug, Clone)]
pub struct Clause {
    pub text: String,
    /// The same text as written (falls back to `text` when lowercasing moved bytes).
    pub raw: String,
    taken: Vec<Range<usize>>,
    /// Why the clause was muted, when it tells no log of the person's own.
    pub aside: Option<Aside>,
}

/// Why a clause with numbers is none of the person's own log.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aside {
    /// A plan or a goal: not done yet.
    Plan,
    /// Someone else's numbers.
    Others,
}

impl Aside {
    /// The reason's key, as the record's note writes it.
    pub fn key(self) -> &'static str {
        match self {
            Aside::Plan => "plan",
            Aside::Others => "others",
        }
    }
}

/// One regex match in a clause, with its groups copied out so the clause can be claimed.
#[derive(Debug, Clone)]
pub struct Hit {
    pub range: Range<usize>,
    groups: Vec<Option<(Range<usize>, String)>>,
}

impl Hit {
    /// Group `i`'s text, if it took part.
    pub fn get(&self, i: usize) -> Option<&str> {
        self.groups.get(i)?.as_ref().map(|(_, s)| s.as_str())
    }

    /// Group `i` as a number (`77.5`, `77,5`, `12,400`).
    pub fn num(&self, i: usize) -> Option<f64> {
        self.get(i).and_then(number)
    }
}

impl Clause {
    /// A clause of the cleaned line `line` (see [`clean`]).
    pub fn new(line: &str) -> Clause {
        let text = line.to_lowercase();
        let raw = if text.len() == line.len() {
            line.to_string()
        } else {
            text.clone()
        };
        Clause {
            text,
            raw,
            taken: Vec::new(),
            aside: None,
        }
    }

    /// Takes out written dates with their time of day (`Wednesday, November 4, 2026 at 6:45
    /// AM`, `2026-11-04 18:30`), the stamp a workout app pastes: none of their numbers is a
    /// weight or a count.
    pub fn claim_timestamps(&mut self) {
        static RE: OnceLock<Regex> = OnceLock::new();
        let re = RE.get_or_init(|| {
            let month = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?";
            Regex::new(&format!(
                r"(?:{month}\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}|\d{{1,2}}\.?\s+{month},?\s+\d{{4}}|\d{{4}}-\d{{2}}-\d{{2}})(?:,?\s*(?:at|@|um|à|a las)?\s*\d{{1,2}}:\d{{2}}(?:\s*[ap]\.?m\.?)?)?"
            ))
            .expect("timestamp pattern compiles")
        });
        for hit in self.hits(re) {
            self.claim(hit.range);
        }
    }

    /// Whether no reader has used any byte of `r`.
    pub fn is_free(&self, r: &Range<usize>) -> bool {
        !self
            .taken
            .iter()
            .any(|t| t.start < r.end && r.start < t.end)
    }

    /// Marks `r` as used.
    pub fn claim(&mut self, r: Range<usize>) {
        self.taken.push(r);
    }

    /// Claims the whole clause: no reader takes its numbers, though its words are still
    /// read for what it is about (a plan, someone else's lift; see `own`).
    pub fn mute(&mut self) {
        self.taken.push(0..self.text.len());
    }

    /// Mutes the clause (see [`Clause::mute`]), remembering why.
    pub fn mute_as(&mut self, aside: Aside) {
        self.mute();
        self.aside = Some(aside);
    }

    /// Whether the clause was muted (see [`Clause::mute`]).
    pub fn is_muted(&self) -> bool {
        self.taken
            .iter()
            .any(|t| t.start == 0 && t.end >= self.text.len())
    }

    /// The clause cut in two at byte `at`, each piece trimmed, with its claims.
    pub fn split_at(&self, at: usize) -> (Clause, Clause) {
        let mut pieces = Vec::new();
        self.push_piece(0..at, &mut pieces);
        self.push_piece(at..self.text.len(), &mut pieces);
        let second = pieces.pop().unwrap_or_else(|| self.piece(at..at));
        let first = pieces.pop().unwrap_or_else(|| self.piece(0..0));
        (first, second)
    }

    /// Matches of `re` on free text, where a match starting or ending on a Latin letter
    /// or digit does not continue a longer word (`5 kg` is not `5 k`, `q4` is no number).
    pub fn hits(&self, re: &Regex) -> Vec<Hit> {
        // Most patterns find nothing in most clauses: a plain scan says so without setting
        // up the capture groups.
        if !re.is_match(&self.text) {
            return Vec::new();
        }
        re.captures_iter(&self.text)
            .filter_map(|c| {
                let m = c.get(0)?;
                let r = m.range();
                if r.is_empty() || !self.is_free(&r) || !self.bounded(&r) {
                    return None;
                }
                let groups = c
                    .iter()
                    .map(|g| g.map(|g| (g.range(), g.as_str().to_string())))
                    .collect();
                Some(Hit { range: r, groups })
            })
            .collect()
    }

    fn bounded(&self, r: &Range<usize>) -> bool {
        let s = &self.text;
        let first = s[r.clone()].chars().next();
        let last = s[r.clone()].chars().next_back();
        let before = s[..r.start].chars().next_back();
        let after = s[r.end..].chars().next();
        let word = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphanumeric());
        let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
        let letter = |c: Option<char>| c.is_some_and(|c| c.is_ascii_alphabetic());
        // `q4`, `.5` or `:30` before; `kgs`-like letters or more digits after.
        let glued_before =
            word(first) && word(before) || digit(first) && matches!(before, Some('.' | ':'));
        let glued_after = letter(last) && letter(after) || digit(last) && digit(after);
        !glued_before && !glued_after
    }

    /// The text with claimed bytes blanked out.
    pub fn free_text(&self) -> String {
        let mut bytes = self.text.clone().into_bytes();
        for r in &self.taken {
            for b in &mut bytes[r.start.min(self.text.len())..r.end.min(self.text.len())] {
                *b = b' ';
            }
        }
        // Blanking can split a multi-byte character; the lossy decode keeps the rest.
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// The piece `r` of this clause as a clause of its own, with its claims.
    fn piece(&self, r: Range<usize>) -> Clause {
        let shift = |t: &Range<usize>| {
            t.start.max(r.start) - r.start..t.end.min(r.end).saturating_sub(r.start)
        };
        Clause {
            text: self.text[r.clone()].to_string(),
            raw: self
                .raw
                .get(r.clone())
                .unwrap_or(&self.text[r.clone()])
                .to_string(),
            taken: self
                .taken
                .iter()
                .filter(|t| t.start < r.end && r.start < t.end)
                .map(shift)
                .collect(),
            aside: self.aside,
        }
    }

    /// Splits on `,` `;` `.` `+` `/` `and` `then` (and their equivalents in other
    /// languages), never inside a number (`77.5`, `1:21:40`, `12,400`, `77,5`), a pace
    /// (`5:30/km`), a score (`7/10`) or a range between numbers (`23:10 - 06:40`).
    pub fn split(&self) -> Vec<Clause> {
        let mut cuts: Vec<Range<usize>> = Vec::new();
        // `Pull-ups: 12, 10, 8, 7`, `Tractions : 10 / 8 / 6`, `（10、8、7、6、5）`: the reps
        // of each set, one list.
        let lists = rep_lists(&self.text);
        let listed = |i: usize| lists.iter().any(|r| r.contains(&i));
        // Separators between the fields of one lift (`65 / 8회 / 3세트`): claimed, not cut.
        let mut glue: Vec<Range<usize>> = Vec::new();
        let s = &self.text;
        let mut prev = None;
        let mut chars = s.char_indices().peekable();
        while let Some((i, c)) = chars.next() {
            let next = chars.peek().map(|x| x.1);
            let digit = |c: Option<char>| c.is_some_and(|c| c.is_ascii_digit());
            let end = i + c.len_utf8();
            let cut = match c {
                ';' | '。' | '；' | '，' | '、' | '|' | '·' | '•' | '→' | '⇒' => true,
                ',' => !(digit(prev) && digit(next)),
                '.' => {
                    next.is_none_or(char::is_whitespace)
                        && !digit(next)
                        && (!abbreviation(&s[..i]) || sentence_after_unit(&s[..i], &s[end..]))
                }
                '!' | '?' => next.is_none_or(char::is_whitespace) && !digit(next),
                '+' => !digit(next) && !matches!(next, Some(' ')) || spaced(prev, next),
                '/' => {
                    !digit(prev)
                        && !digit(next)
                        && !unit_follows(&s[end..])
                        && !rep_list_follows(&s[end..])
                }
                '—' | '–' => !(digit(before_space(s, i)) && digit(after_space(s, end))),
                '-' => {
                    spaced(prev, next) && !(digit(before_space(s, i)) && digit(after_space(s, end)))
                }
                _ => false,
            };
            if cut && listed(i) {
                // Inside a list of reps: no cut.
            } else if cut
                && matches!(c, ',' | '/' | '，' | '、' | '-')
                && lift_field_follows(&s[end..])
            {
                glue.push(i..end);
            } else if cut {
                cuts.push(i..end);
            }
            prev = Some(c);
        }
        for m in word_separators().find_iter(s) {
            // `7 horas y media`, `47 minutos y 36 segundos`: one amount, not two clauses.
            let rest = &s[m.end()..];
            let said = format!("{} {rest}", m.as_str().trim());
            let joins_amount = super::lexicon::lexicon()
                .counting
                .half
                .iter()
                .any(|h| said.starts_with(h.as_str()))
                || joins(m.as_str().trim()) && smaller_unit_follows(&s[..m.start()], rest);
            // `웜업 50kg 10회 하고 본세트 102.5kg 5회 5세트`: two sets, each with its weight;
            // `웜업 55kg 12회 하고 본세트 100x7, 105x5` stays one (the weight's unit is shared).
            let shares_unit = m.as_str().trim() == "하고"
                && !["kg", "lb", "키로", "킬로"]
                    .iter()
                    .any(|u| rest.contains(u));
            if !joins_amount && !shares_unit {
                cuts.push(m.range());
            }
        }
        cuts.sort_by_key(|r| r.start);
        let glued;
        let whole = if glue.is_empty() {
            self
        } else {
            let mut c = self.clone();
            c.taken.extend(glue);
            glued = c;
            &glued
        };
        let mut out = Vec::new();
        let mut start = 0;
        for cut in cuts {
            if cut.start < start {
                continue;
            }
            whole.push_piece(start..cut.start, &mut out);
            start = cut.end;
        }
        whole.push_piece(start..s.len(), &mut out);
        out
    }

    fn push_piece(&self, r: Range<usize>, out: &mut Vec<Clause>) {
        let piece = &self.text[r.clone()];
        let lead = piece.len() - piece.trim_start().len();
        let trail = piece.len() - piece.trim_end().len();
        let r = r.start + lead..r.end - trail;
        if !r.is_empty() {
            out.push(self.piece(r));
        }
    }
}

/// `7 Std. 15 Min. geschlafen`, `ca. 5 km`, `dév. couché`: a dot that shortens a word, not a
/// full stop.
fn abbreviation(before: &str) -> bool {
    const SHORT: [&str; 14] = [
        "std", "min", "mins", "hr", "hrs", "sek", "sec", "ca", "approx", "wdh", "bzw", "vs", "dév",
        "dev",
    ];
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| c.is_alphabetic())
        .collect::<String>()
        .chars()
        .rev()
        .collect();
    SHORT.contains(&word.as_str())
}

/// `slept 8 hrs. 3 coffees`: after a shortened unit of time, a number that is not the
/// next part of the same duration (`7 Std. 15 Min.`) starts a new sentence.
fn sentence_after_unit(before: &str, rest: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    let duration_goes_on = RE.get_or_init(|| {
        Regex::new(r"(?i)^\s*\d{1,2}\s*(?:min|mins|minutes|minuten|m|sek|sec|secs|s)\b")
            .expect("duration part compiles")
    });
    let unit = ["std", "min", "mins", "hr", "hrs", "sek", "sec"]
        .iter()
        .any(|u| before.to_lowercase().ends_with(u));
    let next_is_number = rest.trim_start().starts_with(|c: char| c.is_ascii_digit());
    unit && next_is_number && !duration_goes_on.is_match(rest)
}

fn spaced(prev: Option<char>, next: Option<char>) -> bool {
    prev.is_some_and(char::is_whitespace) && next.is_some_and(char::is_whitespace)
}

fn before_space(s: &str, i: usize) -> Option<char> {
    s[..i].trim_end().chars().next_back()
}

fn after_space(s: &str, i: usize) -> Option<char> {
    s[i..].trim_start().chars().next()
}

/// `min/km`, `km/h`, `3x/week`: a slash that belongs to a unit.
fn unit_follows(rest: &str) -> bool {
    const UNITS: [&str; 12] = [
        "km", "k", "mi", "mile", "h", "hr", "hour", "day", "week", "wk", "night", "set",
    ];
    let word: String = rest.chars().take_while(|c| c.is_alphabetic()).collect();
    UNITS.contains(&word.as_str())
}

/// Where `text` lists three or more small numbers apart (`12, 10, 8`, `10 / 8 / 6`,
/// `10、8、7`): the reps of a lift's sets. Not thousands (`1,234,567`), nor a date or
/// decimals around it (`2024/10/15`, `1.5/2/3`, `32,5 × 5 / 42,5 × 3`).
fn rep_lists(text: &str) -> Vec<Range<usize>> {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !text.contains([',', '/', '、']) {
        return Vec::new();
    }
    let re = RE.get_or_init(|| {
        Regex::new(r"\d{1,3}(?:\s*[,/、]\s*\d{1,3}){2,}").expect("rep list pattern compiles")
    });
    re.find_iter(text)
        .filter(|m| {
            let before = text[..m.start()].chars().next_back();
            let before = before.is_some_and(|c| c.is_ascii_digit() || c == '.');
            let mut rest = text[m.end()..].chars();
            let after = match rest.next() {
                Some(c) if c.is_ascii_digit() => true,
                Some('.' | ',' | '/') => rest.next().is_some_and(|c| c.is_ascii_digit()),
                _ => false,
            };
            let groups: Vec<&str> = m.as_str().split(',').collect();
            let thousands = groups.len() > 1
                && groups[1..]
                    .iter()
                    .all(|g| g.len() == 3 && g.bytes().all(|b| b.is_ascii_digit()));
            // One separator throughout: in `5 / 42,5 × 3` the comma is a decimal one.
            let mut seps = m.as_str().chars().filter(|c| matches!(c, ',' | '/' | '、'));
            let first = seps.next();
            let uniform = seps.all(|c| Some(c) == first);
            // `… / 52,5 × 5`: a number times reps after it is a weight, not a rep.
            let times = text[m.end()..]
                .trim_start()
                .starts_with(['x', 'X', '×', '*']);
            !before && !after && !thousands && uniform && !times
        })
        .map(|m| m.range())
        .collect()
}

/// `/ 30kg / 5,5,15`, `/ BW / 5,5,6`: the weight and reps of a `Squat / 30kg / 5,5,15` log
/// (one lift, not three clauses).
fn rep_list_follows(rest: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)^\s*(?:(?:~?\d+(?:[.,]\d+)?\s*(?:kg|kgs|lbs?)?|bw|bodyweight)\s*/\s*)?\d{1,3}(?:\s*[,/-]\s*\d{1,3}){2,}")
            .expect("rep list pattern compiles")
    })
    .is_match(rest)
        || rest.trim_start().to_lowercase().starts_with("bw /")
}

/// `/ 8회 / 3세트`, `, 5 Sätze à 5 Wdh.`, `，5组，每组5个`, `- 60kg`: the reps, sets or weight
/// of the lift before the separator, written as a field of their own (and nothing else up
/// to the next separator: `3 sets of 10 push-ups` names a lift of its own).
fn lift_field_follows(rest: &str) -> bool {
    use super::units::{KG, LB, REPS, SETS};
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(&format!(
            r"^\s*(?:(?:每组|每組|각|세트당)?\s*\d{{1,3}}\s*(?:{SETS}|{REPS})(?:\s*(?:(?:à|a|x|×|of|de|mit|je|씩)\s*\d{{1,3}}\s*(?:{REPS})?|\d{{1,3}}\s*(?:{REPS})))?|\d{{1,3}}(?:[.,]\d{{1,2}})?\s*(?:{KG}|{LB}))\s*[.!]?\s*(?:$|[,/;，、—–(!]|-\s)"
        ))
        .expect("lift field pattern compiles")
    })
    .is_match(rest)
}

/// `36 segundos`, `12 seconds`: the seconds of the minutes before.
/// Whether `word` joins the parts of one amount (a language's `joiners`: `and`, `e`).
fn joins(word: &str) -> bool {
    super::lexicon::lexicon().joiners.iter().any(|j| j == word)
}

/// `47 minutos y 36 segundos`, `5 ore e 10 minuti`: the next part of one duration, in the
/// unit below the one just written.
fn smaller_unit_follows(before: &str, rest: &str) -> bool {
    use super::units::{HOURS, MINUTES, NUM, SECONDS};
    static RE: OnceLock<[(Regex, Regex); 2]> = OnceLock::new();
    let pairs = RE.get_or_init(|| {
        let re = |s: String| Regex::new(&s).expect("duration parts compile");
        [
            (
                re(format!(r"{NUM}\s*(?:{HOURS})$")),
                re(format!(r"^\d{{1,2}}\s*(?:{MINUTES})\b")),
            ),
            (
                re(format!(r"{NUM}\s*(?:{MINUTES})$")),
                re(format!(r"^\d{{1,2}}\s*(?:{SECONDS}|s)\b")),
            ),
        ]
    });
    let before = before.trim_end();
    pairs
        .iter()
        .any(|(larger, smaller)| larger.is_match(before) && smaller.is_match(rest))
}

fn word_separators() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        // Spaced words stand between spaces; Korean, Japanese and Chinese ones may run on
        // into the next word.
        let (glued, spaced): (Vec<&String>, Vec<&String>) = super::lexicon::lexicon()
            .separators
            .iter()
            .partition(|w| w.chars().next().is_some_and(crate::domains::is_spaceless));
        let alternation = |words: Vec<&String>| {
            let words: Vec<String> = words.iter().map(|w| regex::escape(w)).collect();
            if words.is_empty() {
                r"[^\s\S]".to_string()
            } else {
                words.join("|")
            }
        };
        Regex::new(&format!(
            r"\s(?:{})\s|\s(?:{})\s?",
            alternation(spaced),
            alternation(glued)
        ))
        .expect("separator pattern compiles")
    })
}

/// A line made ready for reading: list markers, checkboxes and quote marks gone, full-width
/// digits and punctuation made ASCII, odd spaces made plain.
pub fn clean(line: &str) -> String {
    // Only characters outside ASCII are mapped: most lines are copied as they are.
    let mapped: std::borrow::Cow<str> = if line.is_ascii() {
        line.into()
    } else {
        line.chars()
            .map(|c| match c as u32 {
                0xFF01..=0xFF5E if c != '，' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
                0x00A0 | 0x2000..=0x200B | 0x202F | 0x3000 => ' ',
                _ => c,
            })
            .collect()
    };
    static MARKER: OnceLock<Regex> = OnceLock::new();
    let marker = MARKER.get_or_init(|| {
        Regex::new(r"^\s*(?:>\s*)*(?:(?:[-*+•·]|\d{1,2}[.)])\s+)?(?:\[[ xX]\]\s*)?")
            .expect("marker pattern compiles")
    });
    let start = marker.find(&mapped).map_or(0, |m| m.end());
    // `**Bent Over Row (Barbell)**`: bold is emphasis; `sleep:: 7.5` (a Dataview field)
    // is `sleep: 7.5`.
    let rest = &mapped[start..];
    let mut text = if rest.contains("**") {
        rest.replace("**", "")
    } else {
        rest.to_string()
    };
    if text.contains("::") {
        text = inline_fields(&text).replace("::", ":");
    }
    let text = spaced_labels(&text);
    let text = unit_keys(&text);
    let text = digit_groups(&text);
    let text = plates(&text);
    // `three sets of five`, `세 세트`, `三组`: counts in words, as digits.
    let text = super::lexicon::in_digits(&text);
    trackers(&text).trim().to_string()
}

/// `run_km: 5.5`, `sleep_hrs: 6.75`, `weight_kg: 80`: a key that ends in its unit, over a
/// bare number, read as the name and the number in that unit (`run: 5.5 km`).
fn unit_keys(text: &str) -> std::borrow::Cow<'_, str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !text.contains(':') {
        return text.into();
    }
    let re = RE.get_or_init(|| {
        Regex::new(r"^(\p{L}[\p{L}_]*?)_([\p{L}]{1,7}):\s*(\d+(?:[.,]\d+)?)\s*$")
            .expect("unit key pattern compiles")
    });
    let Some(c) = re.captures(text) else {
        return text.into();
    };
    match super::units::measure_unit(&c[2].to_lowercase()) {
        Some(_) => format!("{}: {} {}", &c[1], &c[3], &c[2]).into(),
        None => text.into(),
    }
}

/// Thousands written in groups of three digits apart (`1 700 m`, `12 450 pas`, `23 900 m`)
/// as one number, when a unit or a word follows and no number stands right before.
fn digit_groups(text: &str) -> std::borrow::Cow<'_, str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"(\d{1,3})((?: \d{3})+)(\s*\p{L})").expect("digit groups compile")
    });
    if !text.contains(' ') || !re.is_match(text) {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut last = 0;
    for c in re.captures_iter(text) {
        let whole = c.get(0).expect("match");
        let before = text[..whole.start()].trim_end_matches(' ');
        let spaced = before.len() < whole.start();
        let joined_to = before.chars().next_back();
        // `3 x 1 500`, `5,2 500`: a number or a mark of one right before is no group.
        let after_number = joined_to.is_some_and(|ch| ch.is_ascii_digit() || ".,/x×*".contains(ch));
        if after_number || (!spaced && joined_to.is_some_and(char::is_alphanumeric)) {
            continue;
        }
        out.push_str(&text[last..whole.start()]);
        out.push_str(&c[1]);
        out.push_str(&c[2].replace(' ', ""));
        out.push_str(&c[3]);
        last = whole.end();
    }
    out.push_str(&text[last..]);
    out.into()
}

/// Dataview's fields inside a sentence (`Logged (pages:: 29) today`, `[sleep:: 6.75]`):
/// each a thought of its own (`Logged; pages:: 29; today`), read as if on its own line.
fn inline_fields(text: &str) -> std::borrow::Cow<'_, str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        Regex::new(r"\s*[\[(]\s*([\p{L}][\p{L}\d_ -]{0,30}?\s*::[^\[\]()]*?)\s*[\])]\s*")
            .expect("inline field pattern compiles")
    });
    let unwrapped = re.replace_all(text, "; $1; ");
    match unwrapped {
        std::borrow::Cow::Owned(s) => s.trim_matches([';', ' ']).to_string().into(),
        borrowed => borrowed,
    }
}

/// `Squat 2pl x 5`: plates a side on a 45 lb bar, the gym shorthand for 135, 225, 315 lb.
fn plates(text: &str) -> std::borrow::Cow<'_, str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !text.contains("pl") {
        return text.into();
    }
    let re = RE.get_or_init(|| {
        // `2 plates` only before `x 5`: `2 plates of pasta` is dinner.
        Regex::new(r"(?i)\b([1-6])\s*(?:pl\b|plates?(\s*[x×]))").expect("plates pattern compiles")
    });
    re.replace_all(text, |c: &regex::Captures| {
        let n: u32 = c[1].parse().unwrap_or(0);
        let times = c.get(2).map_or("", |m| m.as_str());
        format!("{}lb{times}", 45 + 90 * n)
    })
}

/// `睡眠:7時間15分`, `sleep:7h`: a space after a label's colon, as most people write it, so
/// the value reads the same (a clock `7:30` has a digit before its colon and is kept).
fn spaced_labels(text: &str) -> std::borrow::Cow<'_, str> {
    static RE: OnceLock<Regex> = OnceLock::new();
    if !text.contains(':') {
        return text.into();
    }
    let re = RE.get_or_init(|| Regex::new(r"(\p{L}):(\d)").expect("label pattern compiles"));
    re.replace_all(text, "$1: $2")
}

/// Habit-tracker emoji said in words: `💧 9` (glasses of water), `☕☕☕` (three coffees),
/// `👣 9.1k` (steps), `📖 30p` (pages read), `🧘 15 min` (meditation), `⚖️ 71.6` (a weigh-in).
fn trackers(text: &str) -> std::borrow::Cow<'_, str> {
    const EMOJI: [char; 7] = ['💧', '☕', '👣', '📖', '🧘', '⚖', '🏃'];
    if text.is_ascii() || !text.contains(EMOJI) {
        return text.into();
    }
    static RULES: OnceLock<Vec<(Regex, &'static str)>> = OnceLock::new();
    let rules = RULES.get_or_init(|| {
        let re = |s: &str| Regex::new(s).expect("tracker pattern compiles");
        vec![
            (
                re(r"💧\s*(\d+)(?:\s*(?:glasses|glass|cups|cup|잔|컵|杯))?"),
                "$1 glasses of water",
            ),
            (re(r"💧"), "water "),
            (re(r"👣\s*(\d{1,3}(?:[,.' ]\d{3})+|\d+(?:[.,]\d+)?\s*k?)\s*(?:steps|걸음|보|歩|步)?"), "$1 steps"),
            (re(r"📖\s*(\d+)\s*(?:pages|page|pp|p)\b"), "read $1 pages"),
            (re(r"🧘\s*"), "meditation "),
            (re(r"⚖\x{FE0F}?\s*"), "weight "),
        ]
    });
    let mut out = text.to_string();
    for (re, with) in rules {
        out = re.replace_all(&out, *with).into_owned();
    }
    // `🏃 5.2`, `🏃: 3.8 mi`: a run of that distance (in km unless a unit says); `🏃: 0` none.
    static RUN: OnceLock<Regex> = OnceLock::new();
    let run = RUN.get_or_init(|| {
        Regex::new(r"🏃[\x{200D}♀♂\x{FE0F}]*\s*:?\s*(\d+(?:[.,]\d+)?)\s*(km|mi|miles)?")
            .expect("run pattern compiles")
    });
    let out = run.replace_all(&out, |c: &regex::Captures| {
        match number(&c[1]).unwrap_or(0.0) == 0.0 {
            true => String::new(),
            false => format!("ran {} {}", &c[1], c.get(2).map_or("km", |u| u.as_str())),
        }
    });
    // `☕☕☕`: one coffee per cup drawn.
    static CUPS: OnceLock<Regex> = OnceLock::new();
    let cups = CUPS.get_or_init(|| {
        Regex::new(r"☕(?:\s*☕)*(\s*[x×*]?\s*\d)?").expect("cups pattern compiles")
    });
    let out = cups.replace_all(&out, |c: &regex::Captures| match c.get(1) {
        // `☕ x3`, `☕ 2`: the count is written.
        Some(_) => c[0].to_string(),
        None => format!("{} coffees", c[0].chars().filter(|ch| *ch == '☕').count()),
    });
    out.into_owned().into()
}

/// A number as people write it: `77.5`, `77,5` (decimal comma), `12,400` (thousands).
pub fn number(s: &str) -> Option<f64> {
    let s = s.trim();
    let normal = match s.split_once(',') {
        Some((int, frac)) if frac.len() == 3 && !frac.contains(',') && !int.contains('.') => {
            format!("{int}{frac}")
        }
        Some(_) if s.matches(',').count() > 1 => s.replace(',', ""),
        Some((int, frac)) => format!("{int}.{frac}"),
        None => s.to_string(),
    };
    normal.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(s: &str) -> Vec<String> {
        Clause::new(&clean(s))
            .split()
            .into_iter()
            .map(|c| c.text)
            .collect()
    }

    #[test]
    fn thousands_in_groups_of_three_are_one_number() {
        assert_eq!(
            digit_groups("natation : 1 700 m en 35 min"),
            "natation : 1700 m en 35 min"
        );
        assert_eq!(digit_groups("12 450 pas"), "12450 pas");
        assert_eq!(digit_groups("3 x 1 500 m"), "3 x 1 500 m");
        assert_eq!(digit_groups("23 900 m depuis"), "23900 m depuis");
        assert_eq!(digit_groups("7,5 250 m"), "7,5 250 m");
    }

    #[test]
    fn splits_between_thoughts_never_inside_numbers() {
        assert_eq!(
            pieces("- squats 110kg 5x5, bench 77.5kg 5x5"),
            ["squats 110kg 5x5", "bench 77.5kg 5x5"]
        );
        assert_eq!(
            pieces("Long run 14.2km, 1:21:40"),
            ["long run 14.2km", "1:21:40"]
        );
        assert_eq!(
            pieces("12,400 steps; mood 7/10"),
            ["12,400 steps", "mood 7/10"]
        );
        assert_eq!(
            pieces("Bench 195x5x3, felt smooth. Squat 275x5x3."),
            ["bench 195x5x3", "felt smooth", "squat 275x5x3"]
        );
        assert_eq!(
            pieces("ran 5k and then 3 km cooldown"),
            ["ran 5k", "3 km cooldown"]
        );
        assert_eq!(
            pieces("pace 5:30/km + 8k steps"),
            ["pace 5:30/km", "8k steps"]
        );
        assert_eq!(pieces("in bed 23:10 - 06:40"), ["in bed 23:10 - 06:40"]);
        assert_eq!(pieces("dips +10kg 3x8"), ["dips +10kg 3x8"]);
    }

    #[test]
    fn numbers_in_every_spelling() {
        assert_eq!(number("77.5"), Some(77.5));
        assert_eq!(number("77,5"), Some(77.5));
        assert_eq!(number("12,400"), Some(12400.0));
        assert_eq!(number("1,234,567"), Some(1234567.0));
        assert_eq!(clean("- [x] １００ｋｇ"), "100kg");
        assert_eq!(clean("1. slept 7h"), "slept 7h");
        assert_eq!(clean("睡了六个半小时"), "睡了6.5小时");
        assert_eq!(clean("健身房练了一个小时"), "健身房练了1小时");
        assert_eq!(clean("跑了十二公里，二十五分钟"), "跑了12公里，25分钟");
        assert_eq!(clean("和朋友一起跑步"), "和朋友一起跑步");
        assert_eq!(clean("昨晚睡了7个半小时"), "昨晚睡了7.5小时");
        assert_eq!(clean("5组，最后一组很吃力"), "5组，最后一组很吃力");
    }
}
