//! The offline engine's numbers, checked against numbers this test computes itself from the
//! raw text of the notes (never copied from the engine's output).

mod support;

use std::collections::BTreeMap;
use std::path::Path;

use chrono::{Datelike, NaiveDate, Weekday};
use regex::Regex;
use support::*;

fn ask(vault: &Path, question: &str) -> String {
    let out = run(&["--vault", vault.to_str().unwrap(), "ask", question]);
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    stdout
}

/// Daily notes of the sample vault by date, with their text.
fn sample_days(vault: &Path) -> BTreeMap<NaiveDate, String> {
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(vault.join("Daily")).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_stem().unwrap().to_string_lossy().to_string();
        if let Ok(date) = NaiveDate::parse_from_str(&stem, "%Y-%m-%d") {
            out.insert(date, std::fs::read_to_string(&path).unwrap());
        }
    }
    out
}

fn round1(x: f64) -> String {
    let s = format!("{:.1}", (x * 10.0).round() / 10.0);
    s.trim_end_matches(".0").to_string()
}

#[test]
fn runs_in_october_are_counted_and_summed_from_the_notes() {
    let vault = temp_sample();
    let v = vault.path();
    let run_line = Regex::new(r"(?i)\brun\b.*?(\d+(?:\.\d+)?)\s*km").unwrap();
    let mut runs = 0;
    let mut km = 0.0;
    let october = |d: &NaiveDate| d.year() == 2026 && d.month() == 10;
    let mut texts: Vec<String> = sample_days(v)
        .into_iter()
        .filter(|(d, _)| october(d))
        .map(|(_, t)| t)
        .collect();
    // The trail-day note is dated by its file name.
    texts.push(read(v, "Workouts/2026-10-25 Trail day.md"));
    for text in texts {
        for line in text.lines().filter(|l| !l.trim_start().starts_with('?')) {
            if let Some(c) = run_line.captures(line) {
                runs += 1;
                km += c[1].parse::<f64>().unwrap();
            }
        }
    }
    assert!(runs > 5, "the sample vault has runs in October");
    let answer = ask(v, "How many times did I run in October 2026?");
    assert!(
        answer.contains(&format!("**{runs} runs**")),
        "expected {runs} runs:\n{answer}"
    );
    assert!(
        answer.contains(&format!("{} km in all", round1(km))),
        "expected {km} km:\n{answer}"
    );
    assert!(answer.contains("without a model"));
}

#[test]
fn best_bench_is_the_heaviest_logged_set_with_its_citation() {
    let vault = temp_sample();
    let v = vault.path();
    let bench = Regex::new(r"(?i)\bbench\b\D*?(\d+)\s*x\s*(\d+)").unwrap();
    let mut best: Option<(u32, NaiveDate)> = None;
    for (date, text) in sample_days(v) {
        for c in text.lines().filter_map(|l| bench.captures(l)) {
            let w: u32 = c[1].parse().unwrap();
            if best.is_none_or(|(b, d)| w > b || (w == b && date > d)) {
                best = Some((w, date));
            }
        }
    }
    let (weight, date) = best.expect("bench sessions in the sample");
    let answer = ask(v, "what is my best bench?");
    assert!(
        answer.contains(&format!("**{weight} ")),
        "expected {weight}:\n{answer}"
    );
    assert!(
        answer.contains(&format!("[[{date}")),
        "cites {date}:\n{answer}"
    );
}

#[test]
fn average_sleep_of_a_week_matches_the_logged_hours() {
    let vault = temp_sample();
    let v = vault.path();
    let slept = Regex::new(r"(?i)\bslept\s+(\d+(?:\.\d+)?)\s*h").unwrap();
    let (start, end) = (
        NaiveDate::from_ymd_opt(2026, 11, 9).unwrap(),
        NaiveDate::from_ymd_opt(2026, 11, 15).unwrap(),
    );
    let hours: Vec<f64> = sample_days(v)
        .into_iter()
        .filter(|(d, _)| *d >= start && *d <= end)
        .filter_map(|(_, t)| slept.captures(&t).map(|c| c[1].parse().unwrap()))
        .collect();
    assert_eq!(hours.len(), 7);
    let avg = hours.iter().sum::<f64>() / hours.len() as f64;
    let answer = ask(v, "how did I sleep between Nov 9 and Nov 15?");
    assert!(
        answer.contains(&format!("**{} h**", round1(avg))),
        "expected {avg}:\n{answer}"
    );
    assert!(
        answer.contains("over the 7 days with it logged"),
        "{answer}"
    );
    let min = hours.iter().cloned().fold(f64::MAX, f64::min);
    assert!(
        answer.contains(&format!("Lowest {} h", round1(min))),
        "{answer}"
    );
}

#[test]
fn the_sample_questions_in_the_daily_note_get_computed_answers() {
    let vault = temp_sample();
    let v = vault.path();
    process(v);
    let note = read(v, "Daily/2026-11-21.md");
    // "last week" is relative to the note's date (Sat Nov 21): Mon Nov 9 to Sun Nov 15.
    assert!(note.contains("last week (Nov 9 – Nov 15, 2026)"), "{note}");
    // The why-question names the short nights before the heavy sessions, without causation.
    assert!(
        note.contains("5 h before Nov 9") && note.contains("5.5 h before Nov 13"),
        "{note}"
    );
    assert!(
        note.contains("not proof that one caused the other"),
        "{note}"
    );
    // No data: says so, and no numbers are made up.
    assert!(
        note.contains("I found no *spend, groceries* logged in October (Oct 1 – Oct 31, 2026)"),
        "{note}"
    );
}

/// Dated values (km of each run, hours of each night).
type Series = Vec<(NaiveDate, f64)>;

/// A generated vault: eight weeks where runs fall on Tuesdays and Saturdays (plus one
/// Wednesday), sleep is logged every day, and squats felt heavy after short nights.
fn generated() -> (tempfile::TempDir, Series, Series) {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        ".obsidian/daily-notes.json",
        r#"{"folder": "Log", "format": "DD-MM-YYYY"}"#,
    );
    let start = NaiveDate::from_ymd_opt(2025, 1, 6).unwrap(); // a Monday
    let mut runs = Vec::new();
    let mut sleep = Vec::new();
    for i in 0..56 {
        let date = start + chrono::Duration::days(i);
        let hours = 6.0 + (i % 5) as f64 * 0.5;
        sleep.push((date, hours));
        let mut text = format!("## 07:00\nslept {hours}h\n");
        let run_day = matches!(date.weekday(), Weekday::Tue | Weekday::Sat) || i == 16;
        if run_day {
            let km = 4.0 + (i % 7) as f64;
            runs.push((date, km));
            text.push_str(&format!("\n## 18:00 Run\nran {km} km in {} min\n", 30 + i));
        }
        if date.weekday() == Weekday::Thu {
            let feel = if hours < 7.0 {
                "felt heavy"
            } else {
                "felt smooth"
            };
            text.push_str(&format!("\n## 19:00 Gym\nsquat 100kg 5x5, {feel}\n"));
        }
        write(v, &format!("Log/{}.md", date.format("%d-%m-%Y")), text);
    }
    (dir, runs, sleep)
}

#[test]
fn weekday_patterns_come_from_the_dates_of_the_runs() {
    let (dir, runs, _) = generated();
    let mut per_day: BTreeMap<u32, usize> = BTreeMap::new();
    for (d, _) in &runs {
        *per_day
            .entry(d.weekday().num_days_from_monday())
            .or_default() += 1;
    }
    let answer = ask(dir.path(), "which day do I usually run?");
    let names = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    for (day, n) in per_day {
        assert!(
            answer.contains(&format!("{}: {n}", names[day as usize])),
            "{} {n}:\n{answer}",
            names[day as usize]
        );
    }
}

#[test]
fn two_months_are_compared_with_their_own_averages() {
    let (dir, _, sleep) = generated();
    let avg = |month: u32| {
        let v: Vec<f64> = sleep
            .iter()
            .filter(|(d, _)| d.month() == month)
            .map(|(_, h)| *h)
            .collect();
        (v.iter().sum::<f64>() / v.len() as f64, v.len())
    };
    let (jan, jan_n) = avg(1);
    let (feb, feb_n) = avg(2);
    let answer = ask(
        dir.path(),
        "did I sleep more in February 2025 than in January 2025?",
    );
    assert!(
        answer.contains(&format!(
            "{} h on average over {feb_n} entries",
            round1(feb)
        )),
        "{answer}"
    );
    assert!(
        answer.contains(&format!(
            "{} h on average over {jan_n} entries",
            round1(jan)
        )),
        "{answer}"
    );
}

#[test]
fn why_questions_list_what_occurred_together_with_sources() {
    let (dir, _, sleep) = generated();
    let answer = ask(
        dir.path(),
        "why did my squats feel heavy between Jan 6 2025 and Mar 2 2025?",
    );
    let usual = sleep.iter().map(|(_, h)| h).sum::<f64>() / sleep.len() as f64;
    assert!(
        answer.contains(&format!("your usual: {} h", round1(usual))),
        "{answer}"
    );
    assert!(answer.contains("not proof"), "{answer}");
    assert!(
        answer.contains("[[") && answer.contains("Gym]]"),
        "cites the sessions:\n{answer}"
    );
}

/// A small vault of the last five weeks, English and Korean notes side by side: runs with
/// times, squats, sleep, pages read, and a project with open tasks. Returns the vault and
/// its daily lines by date, from which the tests compute what each answer must say.
fn mixed_vault() -> (tempfile::TempDir, BTreeMap<NaiveDate, Vec<String>>) {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let today = chrono::Local::now().date_naive();
    let mut days = BTreeMap::new();
    for i in 1..36i64 {
        let date = today - chrono::Duration::days(i);
        let mut lines = vec![format!("- slept {}h", 6.0 + (i % 4) as f64 * 0.5)];
        if i % 3 == 0 {
            let km = if i % 2 == 0 { 5 } else { 8 };
            lines.push(format!("- ran {km} km in {} min", 24 + i % 7 + km));
        }
        if i % 4 == 1 {
            lines.push(format!("- squat {}kg 5x5", 60 + (35 - i) / 4 * 5));
        }
        if i % 4 == 0 {
            // Pages are read: "pages read" counts these too.
            lines.push(format!("- {} pages of Dune", 10 + i));
        } else if i % 2 == 0 {
            lines.push(format!("- read {} pages", 10 + i));
        }
        let korean = i % 5 == 2;
        if korean {
            // The same person, writing in Korean some days.
            lines = vec![
                format!("- 수면 {}시간", 7),
                format!("- 스쿼트 {}kg 5회 5세트", 60 + (35 - i) / 4 * 5),
            ];
        }
        let name = format!("Daily/{}.md", date.format("%Y-%m-%d"));
        write(v, &name, format!("# {date}\n\n{}\n", lines.join("\n")));
        days.insert(date, lines);
    }
    write(
        v,
        "Projects/Garden shed.md",
        "# Garden shed\n\n- [x] draw the plan\n- [ ] order the timber\n- [ ] pour the concrete base\n",
    );
    process(v);
    (dir, days)
}

fn numbers_in(
    days: &BTreeMap<NaiveDate, Vec<String>>,
    re: &str,
    from: NaiveDate,
) -> Vec<(NaiveDate, f64)> {
    let re = Regex::new(re).unwrap();
    days.range(from..)
        .flat_map(|(d, lines)| {
            lines
                .iter()
                .filter_map(|l| re.captures(l).map(|c| (*d, c[1].parse::<f64>().unwrap())))
                .collect::<Vec<_>>()
        })
        .collect()
}

fn last_week_start() -> NaiveDate {
    let today = chrono::Local::now().date_naive();
    let monday = today - chrono::Duration::days(today.weekday().num_days_from_monday() as i64);
    monday - chrono::Duration::days(7)
}

#[test]
fn the_kind_of_answer_follows_the_question_in_english_and_korean() {
    let (dir, days) = mixed_vault();
    let v = dir.path();
    let start = last_week_start();
    let end = start + chrono::Duration::days(6);
    let in_week = |xs: Vec<(NaiveDate, f64)>| -> Vec<f64> {
        xs.into_iter()
            .filter(|(d, _)| *d <= end)
            .map(|x| x.1)
            .collect()
    };
    let first = NaiveDate::MIN;
    let runs = in_week(numbers_in(&days, r"ran (\d+) km", start));
    let lead = |a: &str| {
        a.lines()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("")
            .to_string()
    };
    // Total and count.
    let km: f64 = runs.iter().sum();
    let a = ask(v, "how many km did I run last week?");
    assert!(lead(&a).contains(&format!("**{} km**", round1(km))), "{a}");
    let a = ask(v, "how many times did I run last week?");
    assert!(lead(&a).contains(&format!("**{} run", runs.len())), "{a}");
    let a = ask(v, "지난주에 몇 번 달렸어?");
    assert!(lead(&a).contains(&format!("**{}회**", runs.len())), "{a}");
    // Average over the days that have it.
    let sleep = in_week(numbers_in(&days, r"(?:slept |수면 )(\d+(?:\.\d+)?)", start));
    let avg = sleep.iter().sum::<f64>() / sleep.len() as f64;
    let a = ask(v, "how much sleep per night last week");
    assert!(lead(&a).contains(&format!("**{} h**", round1(avg))), "{a}");
    assert!(lead(&a).contains(&format!("{} days", sleep.len())), "{a}");
    // Last time: the latest squat, English or Korean, not a sum.
    let squats = numbers_in(&days, r"(?:squat|스쿼트) (\d+)kg", first);
    let (last_day, last_kg) = *squats.last().unwrap();
    // The day is written as the question's language writes it.
    for (q, day) in [
        ("how much did I squat last time", "%b %-d"),
        ("마지막으로 스쿼트 몇 kg 했어?", "%-m월 %-d일"),
    ] {
        let a = ask(v, q);
        assert!(lead(&a).contains(&format!("**{last_kg} kg")), "{q}: {a}");
        assert!(
            lead(&a).contains(&last_day.format(day).to_string()),
            "{q}: {a}"
        );
    }
    // Best and trend.
    let best = squats.iter().map(|x| x.1).fold(0.0, f64::max);
    let a = ask(v, "what's my heaviest squat?");
    assert!(lead(&a).contains(&format!("**{best} kg")), "{a}");
    let a = ask(v, "am I getting stronger on squat?");
    assert!(lead(&a).contains(&format!("**{} kg", squats[0].1)), "{a}");
    assert!(lead(&a).contains(&format!("**{last_kg} kg")), "{a}");
    // Fastest 5k: the shortest time among runs of about 5 km.
    let fives = numbers_in(&days, r"ran 5 km in (\d+) min", first);
    let fastest = fives.iter().map(|x| x.1).fold(f64::MAX, f64::min);
    let a = ask(v, "what's my fastest 5k?");
    assert!(lead(&a).contains(&format!("**{fastest}:00**")), "{a}");
    // A generic measure.
    let pages: f64 = in_week(numbers_in(&days, r"(\d+) pages", start))
        .iter()
        .sum();
    let a = ask(v, "how many pages did I read last week?");
    assert!(lead(&a).contains(&format!("**{pages} pages**")), "{a}");
    let dune: f64 = in_week(numbers_in(&days, r"(\d+) pages of Dune", start))
        .iter()
        .sum();
    let a = ask(v, "how many pages of Dune last week?");
    assert!(lead(&a).contains(&format!("**{dune} pages**")), "{a}");
    // Open tasks.
    let a = ask(v, "what's left to do on the garden shed?");
    assert!(
        a.contains("order the timber") && a.contains("pour the concrete base"),
        "{a}"
    );
    assert!(!a.contains("draw the plan"), "{a}");
    // Nothing logged: says what was looked for and in which period.
    let a = ask(v, "how far did I swim last week?");
    assert!(a.contains("I found no") && a.contains("last week ("), "{a}");
}

/// Search goes through index.db's full-text index: whole words with plurals (not `booked`
/// or `runbook`), words inside Hangul and ideographs, zero-width characters ignored, and
/// an edited note found by its new words on the next pass.
#[test]
fn search_finds_whole_words_plurals_and_words_inside_cjk_text() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        "Daily/2026-11-02.md",
        "Finished two books on the train.\n",
    );
    write(
        v,
        "Daily/2026-11-03.md",
        "Booked the dentist. Updated the runbook.\n",
    );
    write(v, "Daily/2026-11-04.md", "오늘벤치프레스 80kg 5회 했다\n");
    write(
        v,
        "Daily/2026-11-05.md",
        "Read the last chapter of the bo\u{200B}ok.\n",
    );
    let books = ask(v, "which book did I mention?");
    assert!(books.contains("2026-11-02"), "{books}");
    assert!(
        books.contains("2026-11-05"),
        "zero-width space ignored: {books}"
    );
    assert!(
        !books.contains("2026-11-03"),
        "booked is not a book: {books}"
    );
    let bench = ask(v, "벤치프레스 기록 보여줘");
    assert!(bench.contains("2026-11-04"), "{bench}");
    write(
        v,
        "Daily/2026-11-03.md",
        "Booked the dentist. Started a new book.\n",
    );
    let again = ask(v, "which book did I mention?");
    assert!(
        again.contains("2026-11-03"),
        "the edit is searched: {again}"
    );
}

/// "what book am I reading" finds the entries about reading (the question's `reading` also
/// finds `Read`), not a sum of pages; coffee is counted in cups.
#[test]
fn what_am_i_reading_lists_entries_and_coffee_comes_in_cups() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "Journal/mon.md",
        "---\ndate: 2026-11-16\n---\nRead 30 pages of *The Hobbit*.\n2 coffees.\n",
    );
    write(
        v,
        "Journal/fri.md",
        "---\ndate: 2026-11-20\n---\nRead 45 pages of The Hobbit before bed.\n1 coffee.\n",
    );
    let answer = ask(v, "what book am I reading");
    assert!(answer.contains("The Hobbit before bed"), "{answer}");
    assert!(!answer.contains("**75 pages**"), "{answer}");
    let answer = ask(v, "how much coffee did I drink in November 2026");
    assert!(answer.contains("**3 cups**"), "{answer}");
}

/// Notes named and written in other languages: French dates in file names, German and
/// Korean lifts written as fields, a Korean swim, Chinese sleep in words, asked in the
/// person's own language.
#[test]
fn vaults_in_other_languages_are_read_and_asked_in_their_own_words() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "Journal/5 novembre 2026.md",
        "Muscu : développé couché 3 séries de 8 à 60 kg\n",
    );
    write(
        v,
        "Journal/12 novembre 2026.md",
        "Muscu : développé couché 3 séries de 6 à 65 kg\n",
    );
    write(
        v,
        "Tagebuch/16.11.2026.md",
        "Kreuzheben 130 kg, 5 Sätze à 5 Wdh.\n",
    );
    write(
        v,
        "운동/2026-11-18.md",
        "- 수영 자유형 800m 40분\n- 렛풀 57.5 / 12회 / 5세트\n- [ ] 렛풀 80 / 5회 / 5세트\n",
    );
    write(v, "日记/2026年11月20日.md", "昨晚睡了七个半小时\n");
    let best = ask(v, "quel est mon meilleur développé couché ?");
    assert!(best.contains("65 kg"), "{best}");
    let last = ask(v, "letztes Gewicht Kreuzheben");
    assert!(
        last.contains("130 kg") && last.contains("5 Sätze"),
        "{last}"
    );
    let swim = ask(v, "마지막으로 수영한 날");
    assert!(swim.contains("11월 18일"), "{swim}");
    let pulldown = ask(v, "렛풀 최고 무게");
    assert!(
        pulldown.contains("57.5") && !pulldown.contains("80"),
        "an unticked task is not a lift: {pulldown}"
    );
    let sleep = ask(v, "我平均睡多久？");
    assert!(sleep.contains("7.5 h"), "{sleep}");
}

/// A period with nothing logged in it, for something logged before: the answer is a zero
/// with the latest one, not "cannot compute".
#[test]
fn an_empty_period_is_a_zero_with_the_latest_shown() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let then = chrono::Local::now().date_naive() - chrono::Duration::days(40);
    write(
        v,
        &format!("Daily/{then}.md"),
        "easy run 6 km in 33 min\nsquat 100kg 5x5\n",
    );
    let shown = then.format("%b %-d").to_string();
    let runs = ask(v, "how many times did I run this week?");
    assert!(runs.contains("**0**"), "{runs}");
    assert!(runs.contains(&shown) && runs.contains("6 km"), "{runs}");
    assert!(!runs.contains("cannot compute"), "{runs}");
    let squat = ask(v, "what's my best squat this week?");
    assert!(squat.contains("No squat logged this week"), "{squat}");
    assert!(
        squat.contains("100 kg") && squat.contains(&shown),
        "{squat}"
    );
    let never = ask(v, "how many times did I deadlift this week?");
    assert!(never.contains("cannot compute"), "never logged: {never}");
}

/// A new user's first questions over a vault of weigh-ins, lifts and a weekly log: body
/// weight is a level (the weigh-in of a day, the latest), sets are summed, weekends are
/// every Saturday and Sunday, and a weekly note's summary section counts nothing.
#[test]
fn weigh_ins_sets_weekends_and_a_weekly_summary() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let today = chrono::Local::now().date_naive();
    let mut weights = Vec::new();
    let mut weekend_sleep = Vec::new();
    for i in 1..=20i64 {
        let date = today - chrono::Duration::days(i);
        let kg = 80.0 - i as f64 * 0.1;
        let sleep = 6.0 + (i % 3) as f64;
        weights.push((date, kg));
        if matches!(date.weekday(), Weekday::Sat | Weekday::Sun) {
            weekend_sleep.push(sleep);
        }
        write(
            v,
            &format!("Daily/{date}.md"),
            format!(
                "Weight:: {} kg\nslept {sleep}h\nbench 80kg 5 reps {} sets\n",
                round1(kg),
                3 + i % 2
            ),
        );
    }
    // A weekly note kept by headings: the summary under `## 주간 정리` is not Sunday's run.
    let sunday = (1..=7)
        .map(|n| today - chrono::Duration::days(n + 30))
        .find(|d| d.weekday() == Weekday::Sun)
        .unwrap();
    write(
        v,
        "주간/week.md",
        format!(
            "# 주간 일지\n\n### {}월 {}일 (일)\n- 러닝 5km 30:00\n\n## 주간 정리\n이번 주 총 40km, 헬스 3회\n",
            sunday.month(),
            sunday.day()
        ),
    );
    process(v);

    let (latest_day, latest) = weights[0];
    let current = ask(v, "what's my current weight?");
    assert!(
        current.contains(&format!("{} kg", round1(latest)))
            && current.contains(&latest_day.format("%b %-d").to_string()),
        "{current}"
    );
    let (day, kg) = weights[9];
    let that_day = ask(
        v,
        &format!("how much did I weigh on {}", day.format("%b %-d")),
    );
    assert!(
        that_day.contains(&format!("**{} kg", round1(kg))),
        "{that_day}"
    );
    assert!(
        !that_day.contains("days with"),
        "a weigh-in, not a count: {that_day}"
    );
    // A trend of weigh-ins: from the first to the last, counted as weigh-ins; a month's
    // line is its average, never a "best" weight.
    let trend = ask(v, "how has my weight changed?");
    let (first_day, first_kg) = *weights.last().unwrap();
    assert!(
        first_line(&trend).contains(&format!("**{} kg", round1(first_kg)))
            && first_line(&trend).contains(&format!("**{} kg", round1(latest)))
            && first_line(&trend).contains("20 weigh-ins"),
        "{trend}"
    );
    assert!(!trend.contains("Best per month"), "{trend}");
    if first_day.month() != latest_day.month() {
        let this_month: Vec<f64> = weights
            .iter()
            .filter(|(d, _)| d.month() == latest_day.month())
            .map(|(_, kg)| (kg * 10.0).round() / 10.0)
            .collect();
        let mean = this_month.iter().sum::<f64>() / this_month.len() as f64;
        assert!(
            trend.contains("Average per month")
                && trend.contains(&format!("{} {}", latest_day.format("%B"), round1(mean))),
            "{trend}"
        );
    }

    let week_start = today - chrono::Duration::days(today.weekday().num_days_from_monday() as i64);
    let last_week = (1..=7)
        .map(|n| week_start - chrono::Duration::days(n))
        .collect::<Vec<_>>();
    let sets: i64 = weights
        .iter()
        .filter(|(d, _)| last_week.contains(d))
        .map(|(d, _)| 3 + (today - *d).num_days() % 2)
        .sum();
    let asked = ask(v, "how many sets of bench last week");
    assert!(asked.contains(&format!("**{sets} sets")), "{sets}: {asked}");

    let mean = weekend_sleep.iter().sum::<f64>() / weekend_sleep.len() as f64;
    let weekends = ask(v, "how much do I sleep on weekends?");
    assert!(
        weekends.contains(&format!("**{} h", round1(mean))),
        "{mean}: {weekends}"
    );

    let km = ask(v, "how many km did I run in all?");
    assert!(
        km.contains("**5 km"),
        "the week's summary is not a run: {km}"
    );
}

/// Rest days, weeks in a row, a week's average distance and the volume of every lift, each
/// checked against numbers counted here from the notes written.
#[test]
fn rest_days_streaks_weekly_averages_and_total_volume() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let today = chrono::Local::now().date_naive();
    let mut run_km = Vec::new();
    let mut volume = 0.0;
    let week_start = today - chrono::Duration::days(today.weekday().num_days_from_monday() as i64);
    let last_week: Vec<NaiveDate> = (1..=7)
        .map(|n| week_start - chrono::Duration::days(n))
        .collect();
    for i in 1..=40i64 {
        let date = today - chrono::Duration::days(i);
        let text = match i % 3 {
            0 => {
                let km = 5.0 + (i % 4) as f64;
                run_km.push((date, km));
                format!("ran {km} km in {} min\n", 30 + i % 4 * 6)
            }
            1 => {
                if last_week.contains(&date) {
                    volume += 100.0 * 5.0 * 3.0 + 60.0 * 8.0 * 3.0;
                }
                "squat 100kg 5x3\nbench 60kg 8x3\n".to_string()
            }
            _ => "slept 7h\n".to_string(),
        };
        write(v, &format!("Daily/{date}.md"), text);
    }
    process(v);

    let days_in_28 = today - chrono::Duration::days(27)..=today;
    let trained = (1..=27i64).filter(|i| i % 3 != 2).count() as i64;
    let rest = ask(v, "how many rest days in the last 28 days");
    assert!(
        rest.contains(&format!("**{} rest days**", 28 - trained)),
        "{} trained of 28 ({days_in_28:?}): {rest}",
        trained
    );
    let km: f64 = run_km
        .iter()
        .filter(|(d, _)| days_in_28.contains(d))
        .map(|(_, km)| km)
        .sum();
    let weekly = ask(v, "how many km per week on average over the last 4 weeks");
    assert!(
        weekly.contains(&format!("**{} km", round1(km / 4.0))),
        "{km}: {weekly}"
    );
    let streak = ask(v, "how many weeks in a row have I worked out?");
    assert!(streak.contains("weeks** in a row"), "{streak}");
    let lifted = ask(v, "total volume last week");
    assert!(
        lifted.contains(&format!("**{volume} kg**")),
        "{volume}: {lifted}"
    );
}

/// Everyday trackers beyond the gym: a ride logged in four wordings is one activity, a ride
/// or a hike is never a run, hours of yoga add up with its minutes, Dataview fields and
/// properties are read, a plan under its label and a friend's run count for nothing.
#[test]
fn rides_swims_yoga_and_tracker_fields_are_activities_of_their_own() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let today = chrono::Local::now().date_naive();
    let day = |n: i64| today - chrono::Duration::days(n);
    let rides = [
        (1, "Zwift 45 min 22.4km"),
        (2, "rode 55km with the club, 2h 04m"),
        (3, "🚴 38.6 km in 1:25:02"),
        (4, "따릉이 자전거 8km"),
    ];
    let ride_km: f64 = [22.4, 55.0, 38.6, 8.0].iter().sum();
    for (n, line) in rides {
        write(v, &format!("Daily/{}.md", day(n)), format!("- {line}\n"));
    }
    write(
        v,
        &format!("Daily/{}.md", day(5)),
        "- swim 1500m in 32 min\n- 요가 1시간\n- my friend ran 10k in 45 min\n",
    );
    write(
        v,
        &format!("Daily/{}.md", day(6)),
        "- 🏊 2000m\n- 아침 요가 40분\n- easy run 5 km in 28 min\n\nPlan for next week:\n- long run 16 km\n- Sat: parkrun\n",
    );
    write(
        v,
        &format!("Daily/{}.md", day(7)),
        format!("---\ndate: {}\nwater: 6\n---\n- [pages:: 20]\n", day(7)),
    );
    let all_rides = ask(v, "how far did I cycle in total?");
    assert!(
        first_line(&all_rides).contains(&format!("**{} km", round1(ride_km))),
        "{all_rides}"
    );
    // Only the 5 km run is a run: not the rides, nor the friend's 10k, nor the plan.
    let ran = ask(v, "how many km did I run in total?");
    assert!(first_line(&ran).contains("**5 km"), "{ran}");
    let swims = ask(v, "how many swims in total?");
    assert!(first_line(&swims).contains("**2 days"), "{swims}");
    let swum = ask(v, "how far did I swim in total?");
    assert!(
        first_line(&swum).contains("3.5 km") || first_line(&swum).contains("3500 m"),
        "{swum}"
    );
    let yoga = ask(v, "요가 총 몇 분 했어?");
    assert!(first_line(&yoga).contains("**100분"), "{yoga}");
    let water = ask(v, "how much water did I drink in total?");
    assert!(first_line(&water).contains("**6 glasses"), "{water}");
    let pages = ask(v, "how many pages did I read in total?");
    assert!(first_line(&pages).contains("**20 pages"), "{pages}");
}

/// The first line of an answer: its computed headline.
fn first_line(answer: &str) -> String {
    answer
        .lines()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("")
        .to_string()
}

/// Sessions logged without a number (`# PT 12회차`, `## CrossFit`) are counted in the days
/// that name them, and a workout pasted from an app (a label per exercise, `Accessories:`)
/// is one strength session a day, also when two months are compared.
#[test]
fn unmeasured_sessions_and_app_pastes_are_counted_by_day() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let today = chrono::Local::now().date_naive();
    let mut pt_days = 0;
    let mut gym_days = 0;
    let mut day = today - chrono::Duration::days(21);
    let mut n = 0;
    while day < today {
        n += 1;
        let text = if n % 3 == 0 {
            pt_days += 1;
            gym_days += 1;
            format!("# PT {n}회차 - 하체\n트레이너: 김쌤\n\n- 스쿼트 50 x 8 x 3\n- 레그프레스 120kg x 12 x 3\n")
        } else if n % 3 == 1 {
            gym_days += 1;
            format!(
                "# Workout\n\nSquat (Barbell)\nSet 1: {w} kg × 5\nSet 2: {w} kg × 5\n\nBench Press (Barbell)\nSet 1: 60 kg × 8\n\nAccessories:\n- Rows 50kg 4x8\n",
                w = 100 + n
            )
        } else if n % 2 == 0 {
            // PT named, but booked for tomorrow or done by someone else: no PT that day.
            "산책 30분\n내일 하체 PT 예약\n".to_string()
        } else {
            "산책 30분\n같이 PT 받는 언니는 스쿼트 80 한대\n".to_string()
        };
        write(v, &format!("Daily/{day}.md"), text);
        day += chrono::Duration::days(1);
    }
    // A workout of the day told by its opener alone, under no CrossFit heading.
    write(
        v,
        "Box/wod.md",
        format!(
            "---\ndate: {}\n---\n## Box\nFor time: 5 RFT\n- 400m run\n- 15 OHS @ 40kg\n",
            today - chrono::Duration::days(2)
        ),
    );
    process(v);
    let wods = ask(v, "how many WODs did I do in the past 30 days?");
    assert!(first_line(&wods).contains("**1 day"), "{wods}");
    let pt = ask(v, "how many PT sessions in the past 30 days");
    assert!(pt.contains(&format!("**{pt_days} day")), "{pt}");
    let korean = ask(v, "최근 30일 PT 몇 번 했어?");
    assert!(korean.contains(&format!("**{pt_days}일**")), "{korean}");
    // Which session it is now: the number in the latest PT heading.
    let latest_pt = (1..=n).filter(|i| i % 3 == 0).max().unwrap();
    for q in ["지금 PT 몇 회차야?", "what PT session number am I on?"] {
        let now = ask(v, q);
        assert!(
            first_line(&now).contains(&format!("**{latest_pt}**")),
            "{q}: {now}"
        );
    }
    let gym = ask(v, "how many gym sessions in the past 30 days");
    assert!(
        gym.contains(&format!("**{gym_days} strength session")),
        "{gym}"
    );
    let never = ask(v, "how many CrossFit classes in the past 30 days");
    assert!(
        !never.contains("**"),
        "never logged, nothing counted: {never}"
    );
}

/// A trend asked over a single point says so instead of "from 80 kg to 80 kg".
#[test]
fn a_trend_of_one_weigh_in_says_there_is_none_yet() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let day = chrono::Local::now().date_naive() - chrono::Duration::days(3);
    write(v, &format!("Daily/{day}.md"), "Weight:: 80.4 kg\n");
    process(v);
    let trend = ask(v, "how has my weight changed?");
    assert!(
        first_line(&trend).contains("only one weigh-in")
            && first_line(&trend).contains("**80.4 kg**"),
        "{trend}"
    );
}

#[test]
fn a_when_question_is_answered_by_the_newest_mention_with_its_date_first() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, "Daily/2026-11-02.md", "- felt stressed about the move\n");
    write(
        v,
        "Daily/2026-11-10.md",
        "- felt stressed about the deadline\n",
    );
    process(v);
    // Capitalized as people type it; no number asked, so no "cannot compute".
    let a = ask(v, "When did I last feel stressed?");
    let first = a.lines().next().unwrap();
    assert!(
        first.contains("Nov 10, 2026") && first.contains("deadline"),
        "{a}"
    );
    assert!(
        !a.contains("cannot compute") && !a.contains("To track it"),
        "{a}"
    );
}

/// What a note states as `key: value` answers what / where questions in any language: a
/// meal line `D: green curry` for dinner, Dataview's `location:: Lisbon` for where; the value
/// leads, with its day and link.
#[test]
fn a_key_the_notes_state_answers_what_and_where() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, ".obsidian/daily-notes.json", r#"{"folder": "Daily"}"#);
    write(
        v,
        "Daily/2026-11-03.md",
        "## Meals\n- B: oats\n- L: ramen\n- D: green curry\n\nlocation:: Lisbon\n",
    );
    write(
        v,
        "Daily/2026-11-04.md",
        "## Meals\nB: toast / L: salad / D: pizza\n\nlocation:: Porto\n",
    );
    let dinner = ask(v, "what did I have for dinner on 2026-11-03");
    assert!(dinner.starts_with("**green curry** (dinner)"), "{dinner}");
    assert!(dinner.contains("[[2026-11-03]]"), "{dinner}");
    assert!(!dinner.contains("pizza"), "only the day asked: {dinner}");
    let lunch = ask(v, "what did I have for lunch in November 2026");
    assert!(lunch.starts_with("**salad**"), "newest first: {lunch}");
    assert!(lunch.contains("ramen"), "every day listed: {lunch}");
    let where_ = ask(v, "where was I on 2026-11-04");
    assert!(where_.starts_with("**Porto**"), "{where_}");
    let cena = ask(v, "¿qué cené en noviembre de 2026?");
    assert!(cena.starts_with("**pizza**"), "{cena}");
    assert!(cena.contains("nov"), "a Spanish date: {cena}");
}

/// Rest days are the days the log marks as rest (a heading's only words, a table cell), in
/// the question's language, each cited; a one-row table under a year heading is that
/// year's own total and leads a total over it.
#[test]
fn marked_rest_days_and_a_year_tally_are_read_as_the_log_states_them() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "log.md",
        "# 2026\n\n## 10月\n\n### 10.05 周一 休息日\n\n### 10.06 周二 20:00 跑步\n\n- 跑了5公里\n\n### 10.07 周三 休息日\n\n### 10.08 周四\n\n- 跑了6公里\n",
    );
    write(
        v,
        "running.md",
        "## 2025\n\n| Miles | Goal |\n| ----- | ---- |\n| 812 | 1000 |\n\n| Date | Miles | Type |\n| --- | --- | --- |\n| Mon 3rd March 2025 | - | Rest |\n| Tue 4th March 2025 | 5 | Easy |\n| Wed 5th March 2025 | 6 | Tempo |\n",
    );
    let rest = ask(v, "2026年10月有几个休息日");
    assert!(rest.contains("**2个休息日**"), "{rest}");
    assert!(rest.contains("[[log]]"), "{rest}");
    let rest = ask(v, "how many rest days did I mark in March 2025");
    assert!(rest.starts_with("**1 rest day**"), "{rest}");
    let year = ask(v, "how many miles did I run in 2025");
    assert!(year.starts_with("**812 miles** in 2025"), "{year}");
    assert!(year.contains("[[running#2025]]"), "{year}");
    assert!(year.contains("11 miles"), "the logged sum follows: {year}");
}

/// A review's sentences that state a period's distance (`In total I ran 1200 km in 2024`,
/// `150 km in March`) are that period's figures: a yearly trend lists them beside the sums
/// of the years only logged run by run, "which month" weighs a stated month by its figure,
/// and the review's totals are never counted as runs.
#[test]
fn totals_stated_in_a_review_are_the_figures_of_their_periods() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(v, "Daily/2024-03-05.md", "ran 10 km easy\n");
    write(v, "Daily/2024-07-10.md", "ran 12 km\n");
    write(v, "Daily/2024-07-12.md", "ran 9 km\n");
    write(v, "Daily/2025-02-01.md", "ran 8 km\n");
    write(
        v,
        "Reviews/review.md",
        "---\ndate: 2025-01-03\n---\nIn total I ran 1200 km in 2024. The volume was steady: 150 km in March, 95 km in July.\n",
    );
    process(v);
    let yearly = ask(v, "How has my yearly mileage changed since 2024");
    let lead = yearly.lines().take(2).collect::<Vec<_>>().join(" ");
    assert!(
        lead.contains("2024 1200 km (stated [[review]])"),
        "{yearly}"
    );
    assert!(
        lead.contains("2025 8 km (1 run logged, summed)"),
        "{yearly}"
    );
    let month = ask(v, "Which month did I run the most in 2024");
    assert!(month.starts_with("**March 2024**: 150 km"), "{month}");
    let runs = ask(v, "How many runs did I do in 2024");
    assert!(
        runs.contains("**3 runs**"),
        "the review's totals are no runs: {runs}"
    );
}

/// The plan for a year, named for it, that states the year before's total: asked for the
/// new year, the answer is what was logged in it, not last year's figure.
#[test]
fn a_total_of_the_year_before_in_a_plan_for_this_year_is_not_this_years() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    write(
        v,
        "Daily/2025-02-01.md",
        "ran 8 km
",
    );
    write(
        v,
        "Plans/plan-2025.md",
        "---\ndate: 2025-01-03\n---\nIn total I ran 1200 km in 2024, far from my goal.\n",
    );
    process(v);
    let year = ask(v, "How many km did I run in 2025");
    assert!(!year.contains("1200"), "{year}");
    assert!(year.contains("8 km"), "{year}");
}

/// A day table with a column of the person's own (a count of alerts, in Chinese) and
/// push-ups logged as `pushups: N`: "which day … most" is the date of the highest, in
/// English and in Chinese.
#[test]
fn which_day_had_the_most_is_the_date_of_the_highest() {
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    let alerts = [(10, 1), (11, 0), (12, 7), (13, 11), (14, 2)];
    let mut table = String::from(
        "# 睡眠\n\n## 2024\n\n### 7月\n\n| 7月 | 时长 | :anatomical_heart: 低心率提示（次） |\n| :-: | :-: | :-: |\n",
    );
    for (day, n) in alerts {
        table.push_str(&format!("| {day} | 8h | {n} |\n"));
    }
    write(v, "sleep.md", table);
    for (day, n) in [(3, 20), (4, 35), (5, 25)] {
        write(
            v,
            &format!("2026-11-0{day}.md"),
            format!("- pushups: {n}\n"),
        );
    }
    let zh = ask(v, "哪天低心率提示最多");
    let first = zh.lines().next().unwrap_or_default();
    assert!(first.contains("7月13日") && first.contains("11"), "{zh}");
    let en = ask(v, "which day did I do the most pushups");
    let first = en.lines().next().unwrap_or_default();
    assert!(first.contains("Nov 4") && first.contains("35"), "{en}");
}
