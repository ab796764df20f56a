//! Whose log a clause tells. A plan (`next time squat 60`, `Mañana toca sentadilla con 100
//! kg`) and someone else's numbers (`친구는 벤치 100 친다`) are none of the person's own; yet
//! the exercise they name is still the one being talked about (`Mon pote a fait 160 kg au
//! soulevé de terre, moi 120 kg pour 5 reps`). So such a clause is kept, muted: every byte
//! claimed, so no reader takes its numbers, while its names still set the topic.
//!
//! A plan goes on to the end of its line, up to a marker of the person's own log: today or
//! themselves (`Heute Rudern 70 kg 4x10`, `오늘은 100kg 5회`, `yo hice 80 kg`). Written
//! without a comma before it, as Korean, Japanese and Chinese often are, such a marker
//! starts the person's own log inside the clause (`친구는 벤치 100kg 치던데 나는 70kg 5회`).

use super::clause::{Aside, Clause};
use super::lexicon::lexicon;
use super::{others, plans};

/// Every clause of `line`, those that are no log of the person's own muted (see
/// [`Clause::is_muted`]). `continues` tells a clause that carries on the one before it
/// (`85kg 3x5`): after someone else's clause, it is theirs too.
pub fn clauses(line: &Clause, continues: fn(&str) -> bool) -> Vec<Clause> {
    let mut out = Vec::new();
    let mut pieces: Vec<Clause> = line.split();
    pieces.reverse();
    // A plan was met on this line: what follows is the plan, up to a marker of today.
    let mut planning = false;
    // Someone else's or a planned clause was met (and why it was left out): a clause that
    // carries it on is theirs.
    let mut skipped: Option<Aside> = None;
    // Where the last piece started in the line, and whether a sentence ended after it.
    let mut last_start: Option<usize> = None;
    let mut sentence_ended = false;
    while let Some(mut c) = pieces.pop() {
        // `明天再也不熬夜了。中午吃了面，花了21元`: a plan ends with its sentence.
        if std::mem::take(&mut sentence_ended) {
            planning = false;
            skipped = None;
        }
        let from = last_start.unwrap_or(0);
        if let Some((at, _)) = (line.text[from..].match_indices(c.text.as_str()))
            .find(|(at, _)| last_start.is_none() || *at > 0)
        {
            let start = from + at;
            last_start = Some(start);
            sentence_ended =
                !c.text.is_empty() && ends_sentence(&line.text[start + c.text.len()..]);
        }
        let reopens = opens_own(&c.text);
        if planning && !reopens {
            c.mute_as(Aside::Plan);
            out.push(c);
            continue;
        }
        planning = false;
        let plan = plans::is_plan_clause(&c.text);
        let planned = !plan && plans::planned(&c.text);
        let theirs = !plan && (planned || others::someone_else(&c.text, &c.raw));
        if !plan && !theirs {
            match skipped {
                Some(why) if !reopens && continues(&c.text) => c.mute_as(why),
                _ => skipped = None,
            }
            out.push(c);
            continue;
        }
        if let Some(at) = own_marker_inside(&c.text) {
            let (theirs, own) = c.split_at(at);
            pieces.push(own);
            c = theirs;
        }
        let why = if plan || planned {
            Aside::Plan
        } else {
            Aside::Others
        };
        c.mute_as(why);
        out.push(c);
        planning |= plan;
        if theirs {
            skipped = Some(why);
        }
    }
    out
}

/// Whether the text after a clause opens with the end of its sentence (`。`, `！`, `. `).
fn ends_sentence(after: &str) -> bool {
    let mut chars = after.trim_start_matches([' ', '\t']).chars();
    match chars.next() {
        Some('。' | '！' | '？' | '!' | '?') => true,
        Some('.') => chars.next().is_none_or(|c| c.is_whitespace() || c == '.'),
        _ => false,
    }
}

/// Whether a clause opens with a marker of the person's own log: today, or themselves.
fn opens_own(text: &str) -> bool {
    let lex = lexicon();
    lex.opens_with(text, &lex.own).is_some()
}

/// Where a marker of the person's own log that may stand inside a clause (the lexicon's
/// `own_inside`: `나는`, `오늘은`, `自分は`) starts a new thought there, after its first word.
fn own_marker_inside(text: &str) -> Option<usize> {
    lexicon()
        .own_inside
        .iter()
        .flat_map(|m| text.match_indices(m.as_str()).map(|(i, _)| i))
        .filter(|&i| {
            let before = text[..i].chars().next_back();
            // A Hangul marker starts a word; ideographs and kana run on without one.
            i > 0
                && !(text[i..].starts_with(super::words::is_hangul)
                    && before.is_some_and(super::words::is_hangul))
        })
        .min()
}
