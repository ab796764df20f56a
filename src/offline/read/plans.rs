//! Plans, goals and programmes are not logs: `Week 6: long run 14 km`, `Tue/Thu easy 5-8
//! km`, `A: squat 5x5, bench 5x5`, `Plan: ...`, `goal: ...`, `next week ...`, `will run
//! 10k`. Words that only mention a plan (`same as plan`, `as planned`) void nothing.

use std::sync::OnceLock;

use regex::Regex;

use super::clause::Clause;
use super::lexicon::lexicon;

/// A heading or a line that opens a plan: everything under it is the plan.
pub fn is_plan_heading(text: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)^\W*(?:plans?|planned|planning|goals?|targets?|todo|to-do|to do|programm?e?|schedule|next week|this week's plan|계획|목표|予定|計画|目標|计划|目标|ziele?|objetivos?|metas?|objectifs?|programme)\W*$")
            .expect("plan heading compiles")
    })
    .is_match(text.trim())
}

/// Whether a heading names a day to come (`Tomorrow`, `Para amanhã`, `明日`): what is under
/// it is planned, not done.
pub fn is_day_to_come(heading: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"(?i)^\W*(?:(?:plans? )?(?:for )?tomorrow(?:'s plans?)?|(?:pour )?demain|(?:per )?domani|(?:para )?amanhã|para mañana|für morgen|明日(?:の予定)?|明天(?:的计划|计划)?|내일(?: 할 일| 계획)?)\W*$")
            .expect("day to come compiles")
    })
    .is_match(heading.trim())
}

/// Whether a heading says what is under it is not done yet (`To read`, `Lendo agora`,
/// `训练计划（12月）`, `12月6日（计划）`): it holds a marker of the lexicon's `pending`.
pub fn is_pending_heading(heading: &str) -> bool {
    let heading = heading.trim().to_lowercase();
    lexicon()
        .pending
        .iter()
        .any(|w| super::words::find_word(&heading, w).is_some())
}

/// Whether a heading says its rows are money coming in (`## Entradas`, `Income`; lexicon
/// `markers.income`).
pub fn is_income_heading(heading: &str) -> bool {
    let heading = heading.trim().to_lowercase();
    lexicon()
        .income
        .iter()
        .any(|w| super::words::find_word(&heading, w).is_some())
}

/// A line without numbers that opens a plan for the lines under it, up to the next blank
/// line or heading: `Plan for next week:`, `다음 주 계획`, `Next week's plan`.
pub fn opens_plan(line: &str) -> bool {
    is_plan_heading(line)
        || is_plan_line(line)
            && (line.trim_end().ends_with([':', '：']) || line.split_whitespace().nth(5).is_none())
}

/// A whole line that states a plan (lowercase text, list markers removed), with no marker
/// of the person's own log after its start (`Nächste Woche: Bankdrücken 85 kg. Heute Rudern
/// 70 kg 4x10.` is a plan, then a log: read clause by clause, see `own`).
pub fn is_plan_line(line: &str) -> bool {
    (plan_label(line) || pending_label(line)) && !own_log_follows(line)
}

/// Whether a clause after the first of `line` opens with a marker of the person's own log
/// (today, themselves), or one that may stand inside a clause does (`오늘은`).
fn own_log_follows(line: &str) -> bool {
    let lex = lexicon();
    let clauses = Clause::new(line).split();
    clauses
        .iter()
        .skip(1)
        .any(|c| lex.opens_with(&c.text, &lex.own).is_some())
        || lex
            .own_inside
            .iter()
            .any(|m| line.find(m.as_str()).is_some_and(|i| i > 0))
}

/// Whether `line` opens with the label of a plan: `Plan:`, `goal race: ...`, `Week 6:`,
/// `next week ...`, `내일 ...`.
fn plan_label(line: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            // Labels: `Plan:`, `goal race: ...`, `Week 6:`, `Day 2 -`, `A:` (a programme day).
            r"^(?:plans?|planned|planning|goals?|goal \w+|targets?|todo|to-do|next week|next time|tomorrow|tmrw|this week|upcoming|program|programme|schedule)\b",
            r"|^(?:week|wk|day|phase|block)\s*\d+\s*[:\-–]",
            r"|^[a-e]\s*[:)]\s",
            // Weekday schedules: `Tue/Thu easy 5-8 km`, `Mon, Wed, Fri: lift`.
            r"|^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\s*(?:/|,|&|and|\+)\s*(?:mon|tue|wed|thu|fri|sat|sun)",
            // Other languages.
            r"|^(?:plan|ziel|nächste woche|morgen|objetivo|meta|obiettiv[oi]|la próxima semana|mañana|objectif|la semaine prochaine|demain|próximo treino|próxima semana|amanhã|prossimo allenamento|domani)\b",
            r"|^(?:계획|목표|다음 주|다음주|내일|予定|計画|目標|来週|明日|计划|目标|下周|明天)",
            // The next race: `다음 대회: 12월 하프`, `next race: Berlin`.
            r"|^(?:다음\s*(?:대회|레이스|경기|시합)|next race|upcoming race|próxima carrera|prochaine course|nächster wettkampf|次のレース|下一场比赛)",
            // A label that names a plan: `이번 주 계획: 화 템포 8km, ...`, `race plan: ...`.
            r"|^[^:：]{0,24}(?:계획|예정|予定|計画|计划|\bplans?|\bplanung|\bschedule)\s*[:：]",
            // A key that ends in a goal's word: `月間目標: 100km`, `Monatsziel: 120 km`,
            // `weekly target: 4 runs`, `meta mensal: 40 h`.
            r"|^[^:：]{0,24}?(?:目標|目标|목표|ziel|\b(?:goals?|targets?|objetivos?|metas?|objectifs?|obiettiv[oi]))\s*[:：]",
            // This month's goal: `이번 달 목표 오운완 20번`, `本月目标 跑100公里`.
            r"|^(?:이번\s*달|이번\s*주|이달|다음\s*달|올해|本月|这个月|下个月|今年|今月|来月)\s*(?:의\s*)?(?:목표|目标|目標)",
            // Korean weekday schedules: `화 템포 8km, 목 조깅 6km`.
            r"|^[월화수목금토](?:요일)?\s.*,\s*[월화수목금토일](?:요일)?\s",
        ))
        .expect("plan line compiles")
    })
    .is_match(line)
}

/// `- [ ] squat 5x5`: a task not ticked off, and its text.
pub fn open_task(line: &str) -> Option<&str> {
    let mut t = line.trim_start();
    // `- - [ ] 턱걸이 3세트`: a task in a list item of its own.
    while let Some(rest) = ["- ", "* ", "+ "].iter().find_map(|m| t.strip_prefix(m)) {
        if rest.trim_start().starts_with("[ ]") {
            return Some(rest.trim_start()["[ ]".len()..].trim());
        }
        t = rest.trim_start();
    }
    None
}

/// A task not ticked off (quoted or not) is something still to do, not a log.
pub fn is_open_task(raw: &str) -> bool {
    open_task(raw.trim_start().trim_start_matches(['>', ' '])).is_some()
}

/// A clause that speaks of the future or of a routine; the rest of its line goes with it,
/// up to a marker of the person's own log (see `own`). It opens with a plan's label or a
/// word of the future (`Mañana toca sentadilla`, `Objectif semaine prochaine : squat`), or
/// holds a plan's grammar (`will`, `3x a week`, `5-8 km`).
pub fn is_plan_clause(clause: &str) -> bool {
    let lex = lexicon();
    lex.opens_with(clause, &lex.future).is_some()
        || plan_label(clause)
        || pending_label(clause)
        || plan_grammar(clause)
}

/// `Pendiente: seguro del coche 320 €`, `To buy: shoes 90 €`, `À faire : vidange`: a line
/// labelled by a marker of what is not done yet (the lexicon's `pending`, of headings and
/// of questions).
fn pending_label(line: &str) -> bool {
    let Some((label, _)) = line.split_once([':', '：']) else {
        return false;
    };
    let label = label
        .trim()
        .trim_start_matches(['-', '*', '+', ' '])
        .to_lowercase();
    let lex = lexicon();
    !label.is_empty()
        && lex
            .pending
            .iter()
            .chain(&lex.questions.pending)
            .any(|w| *w == label)
}

fn plan_grammar(clause: &str) -> bool {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(concat!(
            r"\b(?:will|i'll|we'll|going to|gonna|want to|wanna|plan to|planning to|planning on|aim to|aiming for|aim for|hope to|try to|next (?:week|time|month|session|year)|tomorrow)\b",
            // A rate: `build by 1 km a week`, `3x a week`, `3 coffees per day`.
            r"|\d+(?:[.,]\d+)?\s*[a-z]*\s+(?:a|per|each|every)\s+(?:week|day|month|night)\b",
            r"|\d\s*x?\s*/\s*(?:week|wk|day)\b",
            // Ranges of an amount: `easy 5-8 km`, `3x8-10`.
            r"|(?:^|[^x×\d.])\d+\s*[-–]\s*\d+\s*(?:km|k|mi|miles|min|reps|kg|lbs?)\b|\dx\d+\s*[-–]\s*\d{1,2}(?:$|[^\d.,\p{L}])",
            // A goal's number: `목표 40km`, `goal: 25:00`, `meta 12 km`.
            r"|^\W*(?:목표|目標|目标|goal|target|objetivo|meta|ziel|objectif)\W*\d",
            r"|내일|예약|明天|明日|demain\b|목표였던|목표로 한|목표했던|목표 ?기록|goal was|target was|goal time|target time|할 예정|할 것|예정|다음 시간|다음 시간에|다음번|다음 번|다음에는|다음엔|도전해|도전!|도전$|목표는|목표:|する予定|つもり|次回|打算|要去|下次|werde|vamos a|voy a|je vais|prochaine",
        ))
        .expect("plan clause compiles")
        })
        .is_match(clause)
}

/// `Samstag langer Lauf 20 km geplant`, `sortie longue 18 km prévue`, `周六计划跑20公里`, `long
/// run 20 km planned`: a word saying it is planned, not done (`wie geplant`, `comme prévu`:
/// done as planned). Only the clause is the plan: `geplant waren 10 km, gelaufen 8 km` ran 8.
pub fn planned(clause: &str) -> bool {
    const PLANNED: [&str; 12] = [
        "planned",
        "scheduled",
        "geplant",
        "prévu",
        "planifié",
        "programmé",
        "planeado",
        "previsto",
        "planejado",
        "计划",
        "計画",
        "予定",
    ];
    // Done as planned, more than planned, or not planned at all.
    const AS_PLANNED: [&str; 24] = [
        "as planned",
        "than planned",
        "as scheduled",
        "unplanned",
        "wie geplant",
        "als geplant",
        "ungeplant",
        "nach plan",
        "comme prévu",
        "que prévu",
        "imprévu",
        "como estaba previsto",
        "como previsto",
        "de lo previsto",
        "imprevisto",
        "como planejado",
        "按计划",
        "计划内",
        "计划外",
        "完成计划",
        "计划完成",
        "完成",
        "予定通り",
        "計画通り",
    ];
    PLANNED.iter().any(|w| clause.contains(w)) && !AS_PLANNED.iter().any(|w| clause.contains(w))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plans_are_told_from_logs() {
        assert!(is_plan_line("week 6: long run 14 km"));
        assert!(is_plan_line("tue/thu easy 5-8 km"));
        assert!(is_plan_line("a: squat 5x5, bench 5x5"));
        assert!(is_plan_line("plan: 3x5 squat"));
        assert!(is_plan_line(
            "이번 주 계획: 화 템포 8km, 목 조깅 6km, 일 lsd 22km"
        ));
        assert!(is_plan_line("화 템포 8km, 목 조깅 6km"));
        assert!(is_plan_line("race week plan: 5 km shakeout"));
        assert!(!is_plan_line("러닝 5km 28:30, 계획대로"));
        assert!(is_plan_clause("build the long run by about 1 km a week"));
        assert!(is_plan_clause("will run 10k"));
        assert!(!is_plan_line("ran 5 km, felt strong"));
        assert!(!is_plan_clause("ran 5 km"));
        assert!(!is_plan_clause("bench 80kg 5x5 same as plan"));
        assert!(!is_plan_clause("first run in a week"));
        assert!(is_plan_clause("다음 시간 벤치 62.5kg 도전"));
        assert!(!is_plan_clause("벤치 60kg 5회 3세트 성공"));
        assert!(planned("samstag langer lauf 20 km geplant"));
        assert!(!planned("10 km wie geplant"));
        assert!(!planned("sortie longue 18 km comme prévu"));
        assert!(planned("long run 20 km planned for sunday"));
        assert!(!planned("ran 12 km, more than planned"));
        assert!(!planned("今天完成计划：深蹲 100kg 5x5"));
        assert!(is_plan_line("pendiente: seguro del coche 320 €"));
        assert!(is_plan_line("to buy: running shoes $90"));
        assert!(!is_plan_line("pending review, paid 40 €"));
        assert!(is_pending_heading("训练计划（12月）"));
        assert!(is_pending_heading("12月6日（计划）"));
        assert!(is_pending_heading("Plan (December)"));
        assert!(!is_pending_heading("Tuesday, easy run"));
        assert!(is_open_task("- [ ] 턱걸이 3세트"));
        assert!(is_open_task("> * [ ] squat 5x5"));
        assert!(is_open_task("- - [ ] 턱걸이 3세트"));
        assert!(!is_open_task("- - [x] 턱걸이 3세트"));
        assert!(!is_open_task("- [x] 스쿼트 5x5 80"));
        assert!(!is_open_task("- squat [ ] 5x5"));
        // A key that ends in a goal's word is a goal, in any language.
        assert!(is_plan_line("月間目標: 100km"));
        assert!(is_plan_line("monatsziel: 120 km"));
        assert!(is_plan_line("weekly target: 4 runs"));
        assert!(is_plan_line("obiettivo mensile: 80 km"));
        assert!(!is_plan_line("cometa: 5 km"));
        assert!(!is_plan_line("zielzeit erreicht, 42 km"));
    }
}
