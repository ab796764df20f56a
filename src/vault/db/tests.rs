//! Reading and rebuilding index.db: what a reindex empties, and what a question reads.

use chrono::NaiveDate;

use super::RecordDb;
use crate::vault::parsed::ParsedRecord;
use crate::vault::{ContentHash, Entry, EntryId};

fn entry(source: &str, text: &str) -> Entry {
    Entry {
        id: EntryId::new(source, 1),
        source: source.to_string(),
        date: NaiveDate::from_ymd_opt(2026, 11, 1).unwrap(),
        time: None,
        heading: None,
        under: None,
        text: text.to_string(),
        hash: ContentHash::of(text.as_bytes()),
        lines: 0..1,
        tags: Vec::new(),
        log: true,
    }
}

fn found(db: &RecordDb, word: &str) -> Vec<String> {
    db.entries_matching(&[word.to_string()], &[], None, None)
        .unwrap()
        .into_iter()
        .map(|e| e.text)
        .collect()
}

fn lifted(entry: &Entry, sets: serde_json::Value) -> ParsedRecord {
    let mut r = ParsedRecord::for_entry(entry, "test".to_string());
    r.domain_data.insert(
        "strength".to_string(),
        serde_json::json!({ "exercises": sets }),
    );
    r
}

#[test]
fn a_cleared_index_finds_nothing_old_and_stores_and_finds_new_notes() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let old = entry("a.md", "rowing 5 km");
    db.replace_entries("a.md", std::slice::from_ref(&old))
        .unwrap();
    let squat = serde_json::json!([{ "name": "squat", "weight": 100.0, "sets": 5, "reps": 5 }]);
    db.replace_source("a.md", &[lifted(&old, squat.clone())])
        .unwrap();
    db.clear().unwrap();
    assert!(found(&db, "rowing").is_empty());
    let day = old.date;
    assert!(db.between(day, day).unwrap().is_empty());
    assert!(db.facts(None, None, None).unwrap().is_empty());

    let new = entry("b.md", "hiking 3 hours");
    db.replace_entries("b.md", std::slice::from_ref(&new))
        .unwrap();
    db.replace_source("b.md", &[lifted(&new, squat)]).unwrap();
    assert_eq!(found(&db, "hiking"), ["hiking 3 hours"]);
    assert_eq!(db.facts(Some("strength"), None, None).unwrap().len(), 3);
}

#[test]
fn records_with_a_fact_are_those_holding_that_weighed_lift() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let weighed = entry("a.md", "squat 100kg 5x5");
    let bodyweight = entry("b.md", "squat 3x20");
    let bench = entry("c.md", "bench 60kg 5x5");
    db.replace_source(
        "a.md",
        &[lifted(
            &weighed,
            serde_json::json!([{ "name": "squat", "weight": 100.0, "sets": 5, "reps": 5 }]),
        )],
    )
    .unwrap();
    db.replace_source(
        "b.md",
        &[lifted(
            &bodyweight,
            serde_json::json!([{ "name": "squat", "sets": 3, "reps": 20 }]),
        )],
    )
    .unwrap();
    db.replace_source(
        "c.md",
        &[lifted(
            &bench,
            serde_json::json!([{ "name": "bench press", "weight": 60.0 }]),
        )],
    )
    .unwrap();
    let day = weighed.date;
    let sources: Vec<String> = db
        .with_fact(day, day, ("strength", "squat", "weight"))
        .unwrap()
        .into_iter()
        .map(|r| r.source_file)
        .collect();
    assert_eq!(sources, ["a.md"]);
}

/// What an answer shows of a lift's points: date, note, heading and the set as written.
fn lift_points(records: &[ParsedRecord], name: &str) -> Vec<String> {
    let metric = crate::offline::query::Metric::Lift(name.to_string());
    crate::offline::metric::series(&metric, records)
        .iter()
        .map(|p| {
            format!(
                "{} {} {:?} {} = {}",
                p.date, p.record.source_file, p.record.heading, p.detail, p.value
            )
        })
        .collect()
}

#[test]
fn a_lifts_sets_read_from_the_facts_give_the_points_the_records_give() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let mut gym = entry(
        "gym.md",
        "squat 100kg 5x5, squat 3x20, bench 60kg, squat 120 lb x 2",
    );
    gym.heading = Some("17:30 Gym".to_string());
    gym.time = chrono::NaiveTime::from_hms_opt(17, 30, 0);
    let mut record = lifted(
        &gym,
        serde_json::json!([
            { "name": "squat", "weight": 100.0, "unit": "kg", "sets": 5, "reps": 5 },
            { "name": "squat", "sets": 3, "reps": 20 },
            { "name": "bench press", "weight": 60.0, "unit": "kg" },
            { "name": "squat", "weight": 120, "unit": "lb", "reps": 2 },
        ]),
    );
    record.timestamp = Some("17:30".to_string());
    db.replace_source("gym.md", &[record]).unwrap();
    // A model wrote its counts as decimals: they are not read as counts, here as there.
    let model = entry("model.md", "squat 90kg 3x8");
    db.replace_source(
        "model.md",
        &[lifted(
            &model,
            serde_json::json!([{ "name": "squat", "weight": 90.5, "sets": 3.0, "reps": 8.0 }]),
        )],
    )
    .unwrap();
    let bodyweight = entry("bw.md", "squat 3x20");
    db.replace_source(
        "bw.md",
        &[lifted(
            &bodyweight,
            serde_json::json!([{ "name": "squat", "reps": 20 }]),
        )],
    )
    .unwrap();
    let day = gym.date;
    let decoded = db
        .with_fact(day, day, ("strength", "squat", "weight"))
        .unwrap();
    let from_facts = db.lift_sets(day, day, "squat").unwrap();
    let expected = lift_points(&decoded, "squat");
    assert_eq!(
        expected,
        [
            "2026-11-01 model.md None 90.5 = 90.5",
            "2026-11-01 gym.md Some(\"17:30 Gym\") 100 kg × 5 reps × 5 sets = 100",
            "2026-11-01 gym.md Some(\"17:30 Gym\") 120 lb × 2 reps = 120",
        ]
    );
    assert_eq!(lift_points(&from_facts, "squat"), expected);
    assert!(db.lift_sets(day, day, "deadlift").unwrap().is_empty());
    let later = day.succ_opt().unwrap();
    assert!(db.lift_sets(later, later, "squat").unwrap().is_empty());
}

fn question_indexes(db: &RecordDb) -> usize {
    // Waits for the indexes being made on their own connection, as every use but the
    // Observer's read does.
    let conn = db.conn();
    conn.query_row(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name IN
         ('facts_by_activity', 'records_by_date', 'entries_by_date', 'entries_spaceless',
          'records_left_out')",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn a_rebuild_makes_the_question_indexes_after_its_pass_or_on_the_next_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    let db = RecordDb::open(&path).unwrap();
    db.finish_rebuild().unwrap();
    assert_eq!(question_indexes(&db), 5, "a new file has them once filled");
    db.clear().unwrap();
    assert_eq!(question_indexes(&db), 0, "left for the end of the rebuild");
    let squat = entry("a.md", "squat 100kg 5x5");
    db.replace_source(
        "a.md",
        &[lifted(
            &squat,
            serde_json::json!([{ "name": "squat", "weight": 100.0 }]),
        )],
    )
    .unwrap();
    let day = squat.date;
    assert_eq!(db.lift_sets(day, day, "squat").unwrap().len(), 1);
    db.finish_rebuild().unwrap();
    // Read while the indexes are being made: the records are all there.
    assert_eq!(db.between(day, day).unwrap().len(), 1);
    assert_eq!(question_indexes(&db), 5);
    assert_eq!(db.lift_sets(day, day, "squat").unwrap().len(), 1);
    // A rebuild interrupted before its end: the next open makes them.
    db.clear().unwrap();
    drop(db);
    let db = RecordDb::open(&path).unwrap();
    assert_eq!(question_indexes(&db), 5);
}

#[test]
fn a_lifts_stored_sets_follow_a_rewritten_note_and_a_corrected_record() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let gym = entry("gym.md", "squat 100kg 5x5");
    let squat = |weight: f64| {
        lifted(
            &gym,
            serde_json::json!([{ "name": "squat", "weight": weight, "sets": 5, "reps": 5 }]),
        )
    };
    let day = gym.date;
    let weights = |db: &RecordDb| -> Vec<String> {
        lift_points(&db.lift_sets(day, day, "squat").unwrap(), "squat")
    };
    db.replace_source("gym.md", &[squat(100.0)]).unwrap();
    // The note is edited: its old set is gone, not kept beside the new one.
    db.replace_source("gym.md", &[squat(105.0)]).unwrap();
    assert_eq!(
        weights(&db),
        ["2026-11-01 gym.md None 105 × 5 reps × 5 sets = 105"]
    );
    // A correction rewrites the record in place.
    db.upsert(&squat(110.0)).unwrap();
    assert_eq!(
        weights(&db),
        ["2026-11-01 gym.md None 110 × 5 reps × 5 sets = 110"]
    );
    // The note loses its lift: nothing is left to answer from.
    db.replace_source("gym.md", &[]).unwrap();
    assert!(weights(&db).is_empty());
}

#[test]
fn a_search_for_words_of_several_tokens_finds_them_without_positions() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let texts = [
        "Bench Press 3x5 @ 80kg",
        "bench 80, then leg press",
        "easy 5-km loop",
        "coach's notes",
    ];
    for (i, text) in texts.iter().enumerate() {
        let source = format!("{i}.md");
        db.replace_entries(&source, &[entry(&source, text)])
            .unwrap();
    }
    // Without positions both entries holding the two words are candidates; the caller
    // keeps the one that holds them as written.
    assert_eq!(found(&db, "bench press"), [texts[0], texts[1]]);
    assert_eq!(found(&db, "bench presses"), Vec::<String>::new());
    assert_eq!(found(&db, "5-km"), [texts[2]]);
    // Quotes and apostrophes split words; they never break the query.
    assert_eq!(found(&db, "coach's"), [texts[3]]);
    assert_eq!(found(&db, "\"press\""), [texts[0], texts[1]]);
    assert!(found(&db, "--").is_empty());
}

#[test]
fn an_index_kept_busy_says_so_and_never_asks_for_a_rebuild() {
    let e = rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_BUSY),
        Some("database is locked".into()),
    );
    let message = super::data_error(std::path::Path::new("index.db"), e).to_string();
    assert!(
        message.contains("busy") && !message.contains("delete it"),
        "{message}"
    );
}

#[test]
fn records_read_in_batches_are_each_record_of_the_period_once() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let first = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    for n in 0..30u64 {
        let source = format!("{n}.md");
        let mut e = entry(&source, &format!("squat {n}"));
        e.date = first + chrono::Days::new(n);
        let squat = serde_json::json!([{ "name": "squat", "weight": n as f64 }]);
        db.replace_source(&source, &[lifted(&e, squat)]).unwrap();
    }
    // A rewritten note's record moves to the end of the table: still read once.
    let mut e = entry("3.md", "squat 3 again");
    e.date = first + chrono::Days::new(3);
    db.replace_source("3.md", &[lifted(&e, serde_json::json!([]))])
        .unwrap();
    let (start, end) = (first + chrono::Days::new(2), first + chrono::Days::new(25));
    for size in [1, 4, 24, 100] {
        let mut batches = 0;
        let mut read = Vec::new();
        db.between_in_batches((start, end), size, |batch| {
            assert!(batch.len() <= size);
            batches += 1;
            read.extend(batch.iter().map(|r| r.source_file.clone()));
        })
        .unwrap();
        read.sort_by_key(|s| s.trim_end_matches(".md").parse::<u32>().unwrap());
        let expected: Vec<String> = (2..=25).map(|n| format!("{n}.md")).collect();
        assert_eq!(read, expected, "batches of {size}");
        assert_eq!(batches, 24usize.div_ceil(size), "batches of {size}");
    }
}

#[test]
fn records_with_a_clause_left_out_are_found_in_their_period_through_their_own_index() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    db.finish_rebuild().unwrap();
    let first = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    for n in 0..6u64 {
        let source = format!("{n}.md");
        let mut e = entry(&source, &format!("ran {n} km"));
        e.date = first + chrono::Days::new(n);
        let mut r = ParsedRecord::for_entry(&e, "test".to_string());
        if n % 2 == 0 {
            let note = format!(
                "{}plan, running): run {n} km tomorrow",
                crate::offline::read::LEFT_OUT
            );
            r.extraction_notes.push(note);
        }
        db.replace_source(&source, &[r]).unwrap();
    }
    let (start, end) = (first + chrono::Days::new(1), first + chrono::Days::new(5));
    let found: Vec<String> = db
        .left_out(start, end)
        .unwrap()
        .into_iter()
        .map(|r| r.source_file)
        .collect();
    assert_eq!(found, ["2.md", "4.md"]);
    let plan: String = db
        .conn()
        .query_row(
            &format!("EXPLAIN QUERY PLAN SELECT json FROM records WHERE date BETWEEN '2026-01-01' AND '2026-02-01' AND {}", super::LEFT_OUT_TERM),
            [],
            |r| r.get(3),
        )
        .unwrap();
    assert!(plan.contains("records_left_out"), "{plan}");
}

#[test]
fn the_reader_is_remembered_and_only_uncorrected_rules_records_count_for_a_new_one() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("index.db");
    let db = RecordDb::open(&path).unwrap();
    assert_eq!(db.reader().unwrap(), None);
    let domains = crate::domains::Domains::shipped();
    let read = |text: &str| crate::offline::read::parse_entry(&entry("a.md", text), &domains);
    let rules = read("ran 5 km");
    assert!(rules.read_by_rules(), "{}", rules.parser);
    let mut corrected = read("bench 3x5 @ 85kg");
    corrected.id = "a.md#2".into();
    corrected
        .corrections
        .push(crate::vault::parsed::CorrectionRecord {
            at: "2026-11-02".into(),
            delta: serde_json::json!({ "weight": [85, 82.5] }),
            note: None,
        });
    let mut refined = read("slept 7 h");
    refined.id = "a.md#3".into();
    refined.parser = "m (ollama)".into();
    db.replace_source("a.md", &[rules, corrected, refined])
        .unwrap();
    assert_eq!(db.rules_read_count().unwrap(), 1);
    db.set_reader("0123456789abcdef").unwrap();
    drop(db);
    // Kept across opening.
    let db = RecordDb::open(&path).unwrap();
    assert_eq!(db.reader().unwrap().as_deref(), Some("0123456789abcdef"));
}

fn with_row(entry: &Entry, fields: &[(&str, &str)]) -> ParsedRecord {
    let mut r = ParsedRecord::for_entry(entry, "test".to_string());
    r.rows.push(crate::vault::parsed::Row {
        fields: fields
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        pending: false,
        income: false,
    });
    r
}

#[test]
fn the_vocabulary_follows_every_rewrite_of_a_note() {
    let dir = tempfile::tempdir().unwrap();
    let db = RecordDb::open(&dir.path().join("index.db")).unwrap();
    let a = entry("Films/2025.md", "a");
    let b = entry("Books.md", "b");
    db.replace_source(
        "Films/2025.md",
        &[with_row(&a, &[("Title", "Salz"), ("Rating", "4")])],
    )
    .unwrap();
    db.replace_source("Books.md", &[with_row(&b, &[("Title", "Dune")])])
        .unwrap();
    let v = db.row_vocabulary().unwrap();
    assert!(v.names.contains("title") && v.names.contains("rating"));
    assert!(v.values.contains("salz") && v.values.contains("dune"));
    assert!(v.notes.contains("films") && v.notes.contains("books"));

    // Rewritten without its rating, then emptied: what no record holds is gone, what
    // another note holds stays.
    db.replace_source("Films/2025.md", &[with_row(&a, &[("Title", "Salz")])])
        .unwrap();
    assert!(!db.row_vocabulary().unwrap().names.contains("rating"));
    db.replace_source("Films/2025.md", &[]).unwrap();
    let v = db.row_vocabulary().unwrap();
    assert!(!v.values.contains("salz") && !v.notes.contains("films"));
    assert!(v.names.contains("title") && v.values.contains("dune"));

    // A record replaced by its id (a model's refinement) moves the counts too.
    db.upsert(&with_row(&b, &[("Author", "Herbert")])).unwrap();
    let v = db.row_vocabulary().unwrap();
    assert!(v.names.contains("author") && !v.values.contains("dune"));
}
