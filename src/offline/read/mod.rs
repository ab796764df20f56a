//! The offline parser: reads log entries the way people write them, with rules only.
//!
//! Data flows one way: an entry's lines (tables first become lines, see [`tables`]) are
//! cleaned and cut into clauses ([`clause`]); each clause gets a topic, its own (`bench
//! 80kg 5x5`, `ran 5k`) or the one it continues (`..., 85kg 3x5` after a bench clause, or
//! `- 185x5` under a `Bench:` line or a `## 17:30 Gym` heading); then readers, one per
//! family, take the numbers they understand and claim them: [`amounts`] (anchored on their
//! own words), [`sleep`], [`runs`] or [`lifts`] by topic, the person's own domains
//! ([`custom`]), and last any `<number> <unit>` left ([`measures`]). Numbers nobody could
//! read are reported, never guessed; plans and goals ([`plans`]) are not logs.

mod amounts;
mod clause;
mod corrections;
mod custom;
mod found;
mod items;
pub mod lexicon;
mod lifts;
mod measures;
mod others;
mod own;
pub(crate) mod plans;
mod properties;
pub mod rows;
mod runs;
mod sleep;
pub mod stated;
pub(crate) mod tables;
pub(crate) mod tasks;
pub mod units;
mod unreadable;
pub mod value;
pub(crate) mod wod;
pub mod words;

pub use plans::is_plan_line;
pub use properties::{
    activity_words, asks_field, field_aliases, is_rate_unit, keep_fields, kind_of_measure,
    kind_words,
};
pub use words::{misspelt, near_exercise};

/// Kilometres in a mile.
pub const KM_PER_MILE: f64 = 1.609_344;

/// Whether `unit` is a way of writing miles (`mi`, `miles`, `Meilen`…).
pub fn is_miles(unit: &str) -> bool {
    units::measure_unit(&unit.to_lowercase()) == Some("mile")
}

#[cfg(test)]
mod tests;

use self::clause::{clean, Clause};
use self::found::Found;
pub(crate) use self::lifts::BODYWEIGHT;
pub(crate) use self::plans::open_task;
pub(crate) use self::runs::kind as run_kind;
use self::words::{exercises, names_domain, Mention, WordSet};
pub(crate) use self::words::{find_word, is_hangul};
use crate::domains::{Domain, Domains};
use crate::vault::parsed::ParsedRecord;
use crate::vault::Entry;

/// What a clause is about, for numbers that do not say it themselves.
#[derive(Debug, Clone, PartialEq)]
enum Topic {
    None,
    /// A lift, by canonical name when known (`Gym` alone says lifting, not which lift).
    Lift(Option<String>),
    Run,
    Sleep,
}

/// What of `text` tells the person's own log, lowercase, a line each: without the clauses
/// that plan (`내일 하체 PT 예약`, `next time squat 60`: the rest of their line goes with
/// them) or tell what someone else did (`같이 PT 받는 언니는 스쿼트 80 한대`), as the reader
/// leaves them out.
pub fn own_log_text(text: &str) -> String {
    let mut own = String::new();
    for c in own_log_lines(text).iter().flatten() {
        own.push_str(c);
        own.push('\n');
    }
    own
}

/// [`own_log_text`] a line at a time: the own clauses of each line of `text` that keeps
/// any (a price closing a line prices all of it: `Coffee and a chat, 3.20`).
pub fn own_log_lines(text: &str) -> Vec<Vec<String>> {
    // A to-do not ticked off is nothing done yet.
    text.lines()
        .filter(|l| !plans::is_open_task(l))
        .map(|line| {
            let mut kept: Vec<String> = Vec::new();
            for c in own_clauses(&Clause::new(&clause::clean(line))) {
                if c.is_muted() {
                    continue;
                }
                if says_not_done(&c.text) || field_says_no(&c.text) {
                    // `Mom called while I was out, missed it`: a short clause of not done
                    // undoes the one before it.
                    if undoes_the_clause_before(&c.text) {
                        kept.pop();
                    }
                    continue;
                }
                kept.push(c.text);
            }
            kept
        })
        .filter(|clauses| !clauses.is_empty())
        .collect()
}

/// A clause of three words at most that opens with a word of not done (`missed it`,
/// `skipped that`, `annulé finalement`): it speaks of the clause before it. A short word
/// (`no rain`) is no such opening.
fn undoes_the_clause_before(clause: &str) -> bool {
    let lower = clause.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    words.len() <= 3
        && !lower.contains(|c: char| c.is_ascii_digit())
        && lexicon::lexicon()
            .not_done
            .iter()
            .any(|w| w.chars().count() >= 4 && words.first() == Some(&w.as_str()))
}

/// Whether a clause is a field whose value says no (`독서: false`, `운동: 없음`, `Yoga: ❌`).
fn field_says_no(clause: &str) -> bool {
    clause.split_once([':', '：']).is_some_and(|(_, value)| {
        let value = value
            .trim()
            .trim_matches(['*', '`', '"', '\''])
            .to_lowercase();
        lexicon::lexicon().no.contains(&value)
    })
}

/// Whether a clause says what it names did not happen (`skipped the gym`, `헬스장 안
/// 갔다`): a word of the lexicon's `not_done`, whole, or anywhere in a spaceless script.
/// A short word in brackets is an aside, not the act undone (`Run (no watch)`).
pub fn says_not_done(clause: &str) -> bool {
    let lower = clause.to_lowercase();
    let mut unbracketed = String::new();
    let mut depth = 0usize;
    for c in lower.chars() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth = depth.saturating_sub(1),
            _ if depth == 0 => unbracketed.push(c),
            _ => {}
        }
    }
    lexicon::lexicon().not_done.iter().any(|w| {
        if crate::domains::has_spaceless(w) {
            lower.contains(w.as_str())
        } else if w.chars().count() <= 2 {
            find_word(&unbracketed, w).is_some()
        } else {
            find_word(&lower, w).is_some()
        }
    })
}

/// The clauses of `line`, those that tell no log of the person's own muted (see [`own`]).
fn own_clauses(line: &Clause) -> Vec<Clause> {
    own::clauses(line, continues)
}

/// Parses an entry into a record with whatever the rules can read. Text that is no log (a
/// reading list in an undated note, see [`rows::holds_dated_table`]) gives its rows only.
pub fn parse_entry(entry: &Entry, domains: &Domains) -> ParsedRecord {
    let rows = rows::rows(&entry.text, entry.under.as_deref());
    if !entry.log {
        return ParsedRecord {
            rows,
            ..ParsedRecord::for_entry(entry, "offline-rules".to_string())
        };
    }
    let reader = Reader::new(domains);
    let mut found = Found::default();
    // The name of what a note's properties are of (`title: Morning 10km`) is a field of its
    // row, never a reading.
    let named = entry.lines.start == 0 && entry.text.starts_with(crate::vault::entry::NAME_LINE);
    let unnamed;
    let entry = match named {
        true => {
            unnamed = Entry {
                text: entry
                    .text
                    .split_once('\n')
                    .map_or("", |(_, rest)| rest)
                    .to_string(),
                ..entry.clone()
            };
            &unnamed
        }
        false => entry,
    };
    match properties::read(&entry.text, reader.running, &mut found) {
        None => reader.entry(entry, &mut found),
        Some(rest) if !rest.is_empty() => {
            let rest = Entry {
                text: rest,
                ..entry.clone()
            };
            reader.entry(&rest, &mut found);
        }
        Some(_) => {}
    }
    lifts::merge_single_sets(&mut found.lifts);
    runs::settle(&mut found);
    let data = found.take_data();
    let confidence = if data.is_empty() && found.measures.is_empty() {
        0.3
    } else if found.uncertain.is_empty() && found.unreadable.is_empty() {
        0.7
    } else {
        0.5
    };
    ParsedRecord {
        domain_data: data,
        confidence,
        uncertain_fields: found.uncertain,
        extraction_notes: found.notes,
        measures: found.measures,
        unreadable: found.unreadable,
        rows,
        ..ParsedRecord::for_entry(entry, "offline-rules".to_string())
    }
}

struct Reader<'d> {
    strength: Option<&'d Domain>,
    running: Option<&'d Domain>,
    /// Words that put a clause about the night's sleep (naps are not the night).
    sleep_words: std::sync::Arc<WordSet>,
    fields: std::sync::Arc<Vec<custom::Field>>,
}

/// Where a line sits: the topic of its heading or `Bench:` line, whether it is a plan, and
/// whether it is in the movement list of a workout of the day ([`wod`]).
struct Section {
    topic: Topic,
    title: String,
    plan: bool,
    wod: bool,
}

impl<'d> Reader<'d> {
    fn new(domains: &'d Domains) -> Reader<'d> {
        let find = |name: &str| domains.all.iter().find(|d| d.name == name);
        Reader {
            strength: find("strength"),
            running: find("running"),
            sleep_words: sleep_words(find("general")),
            fields: custom::fields(&domains.all),
        }
    }

    fn entry(&self, entry: &Entry, found: &mut Found) {
        let title = entry
            .heading
            .as_deref()
            .or(entry.under.as_deref())
            .map(|h| {
                h.trim_start_matches(|c: char| c.is_ascii_digit() || c == ':')
                    .trim()
            })
            .unwrap_or("")
            .to_lowercase();
        let heading_plan = plans::is_plan_heading(&title)
            || plans::is_plan_line(&title)
            || plans::is_pending_heading(&title);
        let heading_wod = wod::heading(&title);
        // What the heading above does not name, the note's path may: `Running/Running
        // log.md`, `Laufen/Lauftagebuch 2024.md` make a bare `6.4 km` a run.
        let topic = match self.topic_of(&title) {
            Topic::None => self.topic_of_path(&entry.source),
            topic => topic,
        };
        let mut section = Section {
            topic,
            title,
            plan: heading_plan,
            wod: heading_wod,
        };
        // Pasted run summaries are joined into one line first; most entries have none.
        let joined: Option<Vec<String>> = runs::may_label_distance(&entry.text).then(|| {
            let mut lines: Vec<String> = entry.text.lines().map(str::to_string).collect();
            runs::join_summaries(&mut lines);
            lines
        });
        let lines: Vec<&str> = match &joined {
            Some(joined) => joined.iter().map(String::as_str).collect(),
            None => entry.text.lines().collect(),
        };
        let table_lines: Vec<(usize, &str)> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| tables::is_row(l))
            .map(|(i, l)| (i, *l))
            .collect();
        let rows = tables::rows(&table_lines);
        // Runs told in Dataview fields (`km:: 8,3` / `Dauer:: 44:36`), read as blocks.
        let fielded: Vec<usize> = if entry.text.contains("::") {
            let cleaned: Vec<(usize, String)> = lines
                .iter()
                .enumerate()
                .map(|(i, l)| (i, clean(l).to_lowercase()))
                .collect();
            properties::field_runs(&cleaned, found)
        } else {
            Vec::new()
        };
        for (i, raw) in lines.iter().enumerate() {
            if fielded.contains(&i) {
                continue;
            }
            if tables::is_row(raw) {
                for row in rows.iter().filter(|r| r.line == i && !section.plan) {
                    self.row(row, &section, found);
                }
                continue;
            }
            if plans::is_open_task(raw) {
                continue;
            }
            let cleaned = clean(raw);
            // `~~60kg~~ 65kg`: what is struck out was not done.
            let cleaned = match corrections::unstrike(&cleaned) {
                Some(kept) if kept.is_empty() => continue,
                Some(kept) => kept,
                None => cleaned,
            };
            let lower = cleaned.to_lowercase();
            if lower.is_empty() {
                section.plan = heading_plan;
                section.wod = heading_wod;
                continue;
            }
            if let Some(title) = lower.strip_prefix('#') {
                let title = title.trim_start_matches('#').trim();
                section.topic = self.topic_of(title);
                section.title = title.to_string();
                section.plan = heading_plan
                    || plans::is_plan_heading(title)
                    || plans::is_pending_heading(title);
                section.wod = wod::heading(title);
                continue;
            }
            if section.plan {
                continue;
            }
            if wod::opens(&lower) {
                section.wod = true;
                continue;
            }
            // `- 400m run`, `- 15 wall balls` under `AMRAP 12:`; `Strength: back squat 5x3
            // @ 100kg` is still a lift.
            if section.wod && wod::movement(&lower) {
                continue;
            }
            if !lower.bytes().any(|b| b.is_ascii_digit()) {
                if plans::opens_plan(&lower) {
                    section.plan = true;
                    continue;
                }
                if let Some(topic) = self.subheading(&lower) {
                    section.topic = topic;
                    section.title = lower;
                    continue;
                }
                // `랫 풀 다운` above `1세트 45kg 12회` lines: an exercise the vocabulary
                // does not know is still the name of the sets under it.
                let next = || {
                    lines[i + 1..]
                        .iter()
                        .map(|l| clean(l))
                        .find(|l| !l.is_empty())
                };
                // Counted only as far as the limit: a paragraph of prose has hundreds.
                if lower.split_whitespace().nth(5).is_none()
                    && next().is_some_and(|n| lifts::set_ordinal(&n).is_some())
                {
                    section.topic = Topic::Lift(Some(self.set_block_name(&lower)));
                    section.title = lower;
                    continue;
                }
            }
            if plans::is_plan_line(&lower) {
                if lower.chars().any(char::is_numeric) {
                    let about = self.topic_of(&lower);
                    set_aside(found, clause::Aside::Plan, &about, &cleaned);
                }
                continue;
            }
            // `2세트 87.5kg 5회`, `Set 2: 60kg x 8`: one set, numbered.
            let cleaned = match lifts::set_ordinal(&cleaned) {
                Some(rest) => rest.to_string(),
                None => cleaned,
            };
            // A sentence stating a period's total holds no session of this day.
            let cleaned = stated::without_totals(&cleaned);
            self.line(&cleaned, &section, found);
        }
    }

    /// A table row: its exercise cell names the lift, else it is read as a line.
    fn row(&self, row: &tables::Row, section: &Section, found: &mut Found) {
        let topic = match &row.exercise {
            Some(cell) => {
                let named = exercises(cell, self.strength);
                let name = named.first().map_or_else(
                    || words::near_exercise(cell, self.strength).unwrap_or(cell.clone()),
                    |m| m.canonical.clone(),
                );
                Topic::Lift(Some(name))
            }
            None if row.run => Topic::Run,
            None => section.topic.clone(),
        };
        let here = Section {
            topic,
            title: section.title.clone(),
            plan: false,
            wod: false,
        };
        let before = found.runs.len();
        self.line(&clean(&row.text), &here, found);
        if let Some(n) = row.count.filter(|_| found.runs.len() == before + 1) {
            found.runs[before].count = Some(n);
        }
    }

    /// The exercise named above a block of numbered sets: the known lift it names
    /// (`Bent Over Row (Barbell)` is a row), else the line without its equipment note.
    fn set_block_name(&self, lower: &str) -> String {
        let line = lower.trim_end_matches(':').trim();
        if let Some(m) = exercises(line, self.strength).first() {
            return m.canonical.clone();
        }
        let bare = match line.find(" (") {
            Some(i) if line.ends_with(')') => &line[..i],
            _ => line,
        };
        words::near_exercise(bare, self.strength).unwrap_or_else(|| bare.to_string())
    }

    /// `Bench:`, `### Squat`, `Easy run`: a short line without numbers that sets the
    /// topic of the lines under it.
    fn subheading(&self, lower: &str) -> Option<Topic> {
        let short = lower.split_whitespace().nth(3).is_none();
        let label = lower.trim_end_matches(':').trim();
        (lower.ends_with(':') || short)
            .then(|| self.topic_of(label))
            .filter(|t| *t != Topic::None)
            // `스쿼드`, `sqaut:` above their sets: a label one edit from an exercise is it.
            .or_else(|| {
                let name = label.trim_start_matches(['-', '*', '+', ' ']);
                (short && !name.contains(' '))
                    .then(|| near_exercise(name, self.strength))
                    .flatten()
                    .map(|n| Topic::Lift(Some(n)))
            })
    }

    /// The topic a heading or a clause names.
    fn topic_of(&self, text: &str) -> Topic {
        if let Some(m) = exercises(text, self.strength).first() {
            return Topic::Lift(Some(m.canonical.clone()));
        }
        if names_domain(text, self.strength) {
            return Topic::Lift(None);
        }
        if names_domain(text, self.running) {
            return Topic::Run;
        }
        if self.sleep_anchor(text).is_some() {
            return Topic::Sleep;
        }
        Topic::None
    }

    /// The topic the note's file name names, else the nearest folder's.
    fn topic_of_path(&self, source: &str) -> Topic {
        path_names(source)
            .map(|part| self.topic_of(&part))
            .find(|t| !matches!(t, Topic::None))
            .unwrap_or(Topic::None)
    }

    fn sleep_anchor(&self, text: &str) -> Option<usize> {
        self.sleep_words.first(text).map(|(i, _)| i)
    }

    fn line(&self, cleaned: &str, section: &Section, found: &mut Found) {
        let line = Clause::new(cleaned);
        if !self.reads_nothing(&line.text, section, found) {
            self.read_line(line, section, found);
        }
    }

    /// Whether reading the lowercase `line` could not change what was found: most lines of
    /// a journal are prose, and reading each of their clauses was most of the parse. Every
    /// reader needs a number (in digits, or for amounts in words beside what they count:
    /// `two coffees`), except that a clause naming a run opens one (`Garmin Connect —
    /// Morning Run` above its figures) and a clause under a run heading names the open run's
    /// kind. A reader that takes something without a number must be let through here.
    fn reads_nothing(&self, line: &str, section: &Section, found: &Found) -> bool {
        let unnamed_run_kind = section.topic == Topic::Run
            && found.open_run.is_some_and(|i| found.runs[i].kind.is_none())
            && runs::kind(&section.title).is_some();
        !line.chars().any(char::is_numeric)
            && !amounts::counted_in_words(line)
            && !names_domain(line, self.running)
            && !unnamed_run_kind
    }

    fn read_line(&self, mut line: Clause, section: &Section, found: &mut Found) {
        if line.text.contains(|c: char| c.is_ascii_digit()) {
            line.claim_timestamps();
        }
        // `(수정) 아까 스쿼트 57.5 아니고 52.5kg으로 했음`: an earlier lift, corrected.
        if corrections::may_correct(&line.text) {
            let named = exercises(&line.text, self.strength);
            let name = named.first().map(|m| m.canonical.as_str());
            if corrections::later(&line.text, name, &mut found.lifts) {
                return;
            }
        }
        let fix = corrections::noted(&mut line);
        let bed_and_wake = sleep::tells_bed_and_wake(&line.text);
        if bed_and_wake || line.text.contains(['시', '時', '点']) {
            sleep::spoken_range(&mut line, found);
        }
        // A pasted run summary: the calories are burned, not eaten.
        if runs::labelled_distance(&line.text) {
            runs::claim_burned(&mut line);
        }
        if bed_and_wake || self.sleep_anchor(&line.text).is_some() {
            sleep::range(&mut line, found);
        }
        found.line_runs = found.runs.len();
        let mut current = section.topic.clone();
        let mut lifted = false;
        let lifts_before = found.lifts.len();
        let numbered = line.text.bytes().any(|b| b.is_ascii_digit());
        let new_max = numbered && lifts::new_max(&line.text);
        let rounds = numbered.then(|| lifts::rounds(&mut line)).flatten();
        // `석촌호수 8.9km, 53:43, 평균 페이스 6'02"/km`: a distance with a time is a run,
        // even when the time sits in the next clause and no run word is written.
        let line_is_run =
            numbered && section.topic == Topic::None && runs::reads_as_run(&line.text);
        for mut c in own_clauses(&line) {
            let named: Vec<Mention> = exercises(&c.text, self.strength);
            let names_run = words::names_run(&c.text, self.running);
            let anchor = self.sleep_anchor(&c.text);
            let own = if let Some(m) = named.first() {
                Some(Topic::Lift(Some(m.canonical.clone())))
            } else if names_run || runs::labelled_distance(&c.text) {
                // `러닝 5km 28분 PR!`: a record is the run's, not a lift's.
                Some(Topic::Run)
            } else if names_domain(&c.text, self.strength)
                && !(current == Topic::Run && only_a_record_word(&c.text))
            {
                // `PR!` after a bench clause is still about the bench.
                Some(match &current {
                    Topic::Lift(name) => Topic::Lift(name.clone()),
                    _ => Topic::Lift(None),
                })
            } else {
                anchor.map(|_| Topic::Sleep)
            };
            let mut inferred_run = false;
            let topic = match own {
                Some(t) => {
                    current = t.clone();
                    t
                }
                None => {
                    // `Slept 7h - Easy 2.3 miles`: a night has no distance.
                    let new_run = current == Topic::Sleep && runs::has_distance(&c.text);
                    let inherited = if (continues(&c.text) || lifts::unnamed(&c.text)) && !new_run {
                        current.clone()
                    } else if other_activity(&c.text)
                        || section.topic == Topic::Run && weighs_in(&c.text)
                    {
                        // `🧘 15 min` under `long run, pasted from the watch:`; `몸무게 66.7키로`
                        // under `# 러닝일지` is a weigh-in, not a run.
                        Topic::None
                    } else {
                        section.topic.clone()
                    };
                    // `Easy 14k along the river in 1:22:34`: a distance in a time is a run.
                    if inherited == Topic::None
                        && (runs::reads_as_run(&c.text)
                            || line_is_run && runs::has_distance(&c.text))
                    {
                        inferred_run = true;
                        Topic::Run
                    } else if inherited == Topic::None {
                        // `원암 케이블 익스텐션 15kg 12회 3세트`: a lift the vocabulary lacks.
                        match lifts::unknown_name(&c.text) {
                            Some(n) => {
                                // `스쿼드 60kg 5x5`, `sqaut 100kg 5x5`: a misspelt known lift.
                                let known = words::near_exercise(&n, self.strength);
                                Topic::Lift(Some(known.unwrap_or(n)))
                            }
                            // `Deadlfit 315x5`, `benhc 185x5x3`: no unit, but sets of a
                            // known lift, misspelt.
                            None if lifts::has_sets(&c.text)
                                || lifts::has_sets_in_words(&c.text) =>
                            {
                                words::misspelt_exercise(&c.text, self.strength)
                                    .map_or(Topic::None, |n| Topic::Lift(Some(n)))
                            }
                            None => Topic::None,
                        }
                    } else {
                        inherited
                    }
                }
            };
            if inferred_run {
                // `…8.9km, 53:43`: the time after the distance is that run's.
                current = Topic::Run;
            } else if matches!(topic, Topic::Lift(Some(_))) {
                // `Bankdrucken: 47,5 × 5 / 62,5 × 3`: the sets after a lift named without a
                // word of the vocabulary are that lift's.
                current = topic.clone();
            }
            if let Some(why) = c.aside.filter(|_| c.text.chars().any(char::is_numeric)) {
                let about = match &topic {
                    Topic::None if runs::has_distance(&c.text) => Topic::Run,
                    t => t.clone(),
                };
                set_aside(found, why, &about, &c.raw);
            }
            runs::claim_splits(&mut c);
            if runs::burns_calories(&c) {
                runs::claim_burned(&mut c);
            }
            amounts::read(&mut c, found);
            if anchor.is_some() || topic == Topic::Sleep {
                sleep::read(&mut c, anchor, found);
            }
            match &topic {
                // `신발: 페가수스 41 (누적 301km)`, `이번 주 누적 41.8km`: a running total
                // is no run of its own (kept as a measure below).
                Topic::Run if runs::is_tally(&c.text) => {}
                Topic::Run => {
                    runs::read(&mut c, names_run || inferred_run, found);
                    if let Some(i) = found.open_run {
                        if found.runs[i].kind.is_none() {
                            found.runs[i].kind = runs::kind(&section.title);
                        }
                        // `하프 대회 완주!! 21.1km 1:47:39`: a race named anywhere on the
                        // run's line (other kinds need the run's own clause: `long day`).
                        if found.runs[i].kind.is_none()
                            && runs::kind(&line.text).as_deref() == Some("race")
                        {
                            found.runs[i].kind = Some("race".into());
                        }
                    }
                }
                Topic::Lift(name) => {
                    let guessed = match name {
                        None if named.is_empty() => {
                            words::misspelt_exercise(&c.text, self.strength)
                        }
                        _ => None,
                    };
                    if let Some(guessed) = &guessed {
                        current = Topic::Lift(Some(guessed.clone()));
                    }
                    let name = name.as_deref().or(guessed.as_deref());
                    let before = found.lifts.len();
                    let read = lifts::read(&mut c, &named, name, found);
                    // `1RM 갱신! 스쿼트 120`: the bare number is the new max, one rep.
                    lifted |= read || new_max && lifts::single(&mut c, name, found);
                    if new_max {
                        lifts::as_singles(&mut found.lifts[before..]);
                    }
                }
                Topic::None | Topic::Sleep => {}
            }
            custom::read(&mut c, &self.fields, found);
            measures::read(&mut c, found, &line.text);
            unreadable::report(&c, found);
        }
        lifts::join_fields(&mut found.lifts, lifts_before);
        if let Some(fix) = fix {
            corrections::apply_noted(fix, &mut found.lifts[lifts_before..]);
        }
        if let Some(rounds) = rounds {
            lifts::repeat_rounds(&mut found.lifts[lifts_before..], rounds);
        }
        if lifted && found.felt.is_none() {
            found.felt = felt(&line.text);
        }
    }
}

/// Notes a clause with numbers that tells none of the person's own log, with why and what
/// it is about (`left out (plan, running): going to run 10k tomorrow`), so an answer over
/// its period can say what it left out.
fn set_aside(found: &mut Found, why: clause::Aside, about: &Topic, text: &str) {
    let about = match about {
        Topic::Run => "running".to_string(),
        Topic::Lift(Some(name)) => format!("strength:{name}"),
        Topic::Lift(None) => "strength".to_string(),
        Topic::Sleep => "sleep".to_string(),
        Topic::None => String::new(),
    };
    found.notes.push(format!(
        "{LEFT_OUT}{}, {about}): {}",
        why.key(),
        text.trim()
    ));
}

/// How a record's note of a clause left out begins (see [`set_aside`]).
pub const LEFT_OUT: &str = "left out (";

/// Activities measured in minutes that are neither a run nor a lift: a clause starting with
/// one is about it, whatever the heading above says.
const OTHER_ACTIVITIES: [&str; 16] = [
    "meditation",
    "meditated",
    "meditate",
    "yoga",
    "stretching",
    "stretched",
    "reading",
    "journaling",
    "guitar",
    "piano",
    "mobility",
    "breathing",
    "명상",
    "스트레칭",
    "요가",
    "독서",
];

fn other_activity(text: &str) -> bool {
    let first = text
        .split(|c: char| !c.is_alphabetic())
        .find(|w| !w.is_empty())
        .unwrap_or("");
    OTHER_ACTIVITIES.contains(&first)
}

/// Whether a clause tells one's own weight (`몸무게 66.7키로`, `Gewicht 80,2`).
fn weighs_in(text: &str) -> bool {
    crate::offline::cues::asks(&text.to_lowercase(), crate::offline::cues::Cue::BodyWeight)
}

/// `PR!` after a run's time is the run's record, not a lift.
fn only_a_record_word(text: &str) -> bool {
    let words: Vec<&str> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().any(char::is_alphabetic))
        .collect();
    words.iter().any(|w| matches!(*w, "pr" | "pb" | "prs"))
        && words.iter().all(|w| {
            matches!(
                *w,
                "pr" | "pb" | "prs" | "new" | "a" | "min" | "km" | "mins" | "minutes"
            )
        })
}

/// Whether a clause carries on the previous one: nothing but small words before its first
/// number (`85kg 3x5`, `then 1:21:40`, `felt sluggish first 2k`), so it has no subject of
/// its own (`meditated 15 min` has one).
fn continues(text: &str) -> bool {
    const SMALL: &[&str] = &[
        "then",
        "and",
        "also",
        "plus",
        "another",
        "one",
        "more",
        "a",
        "an",
        "the",
        "at",
        "in",
        "on",
        "with",
        "for",
        "of",
        "w",
        "felt",
        "feel",
        "feeling",
        "first",
        "last",
        "final",
        "top",
        // Hedges and verbs of time: `slept badly, maybe 5.5 hours`, `a 10 km run, took 53
        // minutes`.
        "maybe",
        "about",
        "around",
        "roughly",
        "approximately",
        "approx",
        "nearly",
        "almost",
        "only",
        "just",
        "took",
        "taking",
        "lasted",
        "set",
        "sets",
        "backoff",
        "back-off",
        "backoffs",
        "warmup",
        "warm-up",
        "cooldown",
        "cool-down",
        "easy",
        "hard",
        "heavy",
        "light",
        "smooth",
        "strong",
        "good",
        "great",
        "ok",
        "okay",
        "tough",
        "fast",
        "slow",
        "sluggish",
        "tired",
        "fresh",
        "total",
        "time",
        "chip",
        "moving",
        "official",
        "pace",
        "avg",
        "average",
        "approx",
        "about",
        "around",
        "did",
        "had",
        "got",
        "went",
        "up",
        "amrap",
        "work",
        "working",
        "single",
        "double",
        "triple",
        "x",
        "dann",
        "und",
        "puis",
        "et",
        "luego",
        "y",
        "그리고",
        "다음",
        "이후",
        // Pasted summaries: `Time 1:15:29`, `시간 33:53`, `평균 페이스 6'10''`.
        "시간",
        "평균",
        "avg",
        "moving",
        // Working and warm-up sets: `벤치프레스 웜업 35kg 10회, 본세트 57.5kg 8회 3세트`.
        "본세트",
        "본운동",
        "메인",
        "탑세트",
        "백오프",
        "웜업",
        "워밍업",
        "드롭세트",
        // `卧推：热身40kg×8，正式组65kg 3组×5次`, `3组，每组8个`: the working sets, the reps
        // of each set.
        "正式组",
        "正式",
        "工作组",
        "热身",
        "每组",
        "每組",
        "arbeitssätze",
        "arbeitssatz",
        "je",
        // Pace words: `페이스 5분 44초` after a run clause is that run's pace.
        "페이스",
        "ペース",
        "配速",
        "ritmo",
        "allure",
        // Time taken: `跑了8公里，用时49:31`.
        "用时",
        "用時",
        "耗时",
        "タイム",
        "기록",
    ];
    let head = match text.find(|c: char| c.is_ascii_digit()) {
        Some(i) => &text[..i],
        None => return false,
    };
    // `15 minutes of meditation`: the subject comes after the number.
    if head.trim().is_empty() && of_subject().is_match(text) {
        return false;
    }
    head.split(|c: char| !c.is_alphabetic() && c != '-')
        .filter(|w| !w.is_empty())
        .all(|w| SMALL.contains(&w))
}

/// `15 minutes of meditation`, `20 pages of Dune`: a number, a unit word, `of` and a word.
fn of_subject() -> &'static regex::Regex {
    static RE: std::sync::OnceLock<regex::Regex> = std::sync::OnceLock::new();
    RE.get_or_init(|| {
        // `15 minutes of meditation`, `20 min meditation`, `30분 명상` (not `47 min PR!` nor
        // `30 min easy`).
        regex::Regex::new(r"^\D{0,3}\d+(?:[.,]\d+)?\s*(?:[\p{L}]+\s+(?:of|de|d')\s*\p{L}|(?:minutes|minute|mins|min|분)\s+(?:meditation|meditating|stretching|yoga|reading|journaling|guitar|piano|practice|mobility|breathing|명상|스트레칭|요가|독서))")
            .expect("pattern compiles")
    })
}

/// How the lifts felt: the first feeling word of the line.
fn felt(text: &str) -> Option<String> {
    const FEEL: [&str; 11] = [
        "heavy", "light", "easy", "hard", "smooth", "strong", "weak", "grindy", "tough", "fast",
        "slow",
    ];
    static WORDS: std::sync::LazyLock<WordSet> = std::sync::LazyLock::new(|| WordSet::new(&FEEL));
    WORDS.first(text).map(|(_, w)| w.to_string())
}

/// The words that put a clause about the night's sleep (naps are not the night), built once
/// per vocabulary: a pass reads thousands of entries with the same domains.
fn sleep_words(general: Option<&Domain>) -> std::sync::Arc<WordSet> {
    type Cache = Option<(Vec<String>, std::sync::Arc<WordSet>)>;
    static CACHE: std::sync::Mutex<Cache> = std::sync::Mutex::new(None);
    let words = || {
        general
            .into_iter()
            .flat_map(|g| g.vocabulary.iter())
            .filter(|(w, c)| c.as_str() == "sleep" && !w.starts_with("nap"))
            .map(|(w, _)| w.as_str())
            .chain(std::iter::once("sleep"))
    };
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    // Compared word by word: building the list for every entry cost more than reading it.
    match cache.as_ref() {
        Some((key, set)) if key.iter().map(String::as_str).eq(words()) => {
            std::sync::Arc::clone(set)
        }
        _ => {
            let words: Vec<String> = words().map(str::to_string).collect();
            let set = std::sync::Arc::new(WordSet::new(&words));
            *cache = Some((words, std::sync::Arc::clone(&set)));
            set
        }
    }
}

/// The names a note's path gives it, nearest first, lowercase: its file name, then each
/// folder up, each also without a plural `s` (`corridas/`, `Runs/`, `carreras/`).
pub(crate) fn path_names(source: &str) -> impl Iterator<Item = String> + '_ {
    let stem = crate::vault::index::stem(source);
    std::iter::once(stem)
        .chain(source.rsplit('/').skip(1))
        .flat_map(|part| {
            let part = part.to_lowercase();
            let one = part.strip_suffix('s').map(str::to_string);
            std::iter::once(part).chain(one)
        })
}
