//! `cargo bench --bench vault`: generates a 10,000-note vault (about 50 MB) in a temp dir and
//! measures the DESIGN §6 targets that do not need a model: startup index, offline parse
//! throughput (first `process` pass), and the non-LLM overhead of one question.
//! Set VAULT_AGENT_BENCH_NOTES to change the size, and VAULT_AGENT_BENCH_KEEP to a folder to
//! measure only the one-day vault and keep it there for profiling. Each figure also gives the CPU time the
//! process used for it, which still compares two builds when other work shares the cores.

use std::sync::Arc;
use std::time::{Duration, Instant};

#[path = "common/notes.rs"]
mod notes;

use chrono::{Days, NaiveDate};
use notes::note;
use vault_agent::config::Config;
use vault_agent::flow::QuestionInput;
use vault_agent::process::Processor;

fn main() {
    let count: usize = std::env::var("VAULT_AGENT_BENCH_NOTES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    if std::env::var_os("VAULT_AGENT_BENCH_KEEP").is_some() {
        bench_one_day(&runtime(), count);
        return;
    }
    // First, before the other stages delete their vaults: some file systems (ext4) take
    // longer to create files while many were deleted moments ago, which would measure the
    // bench's own cleanup, not the import.
    bench_import(&runtime(), count / 2);
    let dir = tempfile::tempdir().unwrap();
    let v = dir.path();
    std::fs::create_dir_all(v.join(".obsidian")).unwrap();
    std::fs::write(
        v.join(".obsidian/daily-notes.json"),
        r#"{"folder": "Journal", "format": "YYYY/YYYY-MM-DD"}"#,
    )
    .unwrap();
    offline_config(v);
    let first = NaiveDate::from_ymd_opt(2000, 1, 1).unwrap();
    let mut bytes = 0;
    for i in 0..count {
        let date = first.checked_add_days(Days::new(i as u64)).unwrap();
        let path = v.join(format!("Journal/{}/{date}.md", date.format("%Y")));
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        let text = note(i, date);
        bytes += text.len();
        std::fs::write(path, text).unwrap();
    }
    println!("vault: {count} notes, {:.1} MB", bytes as f64 / 1e6);
    let runtime = runtime();

    let config = Arc::new(Config::load(v, None).unwrap());
    let started = Instant::now();
    let mut processor = Processor::open(config.clone()).unwrap();
    let index = started.elapsed();
    println!("startup index: {:.0} ms (target < 1000 ms)", ms(index));

    let started = Instant::now();
    let cpu_at = cpu();
    let report = runtime
        .block_on(processor.full_pass(Duration::ZERO))
        .unwrap();
    let pass = started.elapsed();
    println!(
        "first process pass (offline parse): {:.0} ms ({}) for {} notes / {} entries = {:.0} notes/s (target >= 5000)",
        ms(pass),
        cpu_since(cpu_at),
        report.notes,
        report.entries_parsed,
        report.notes as f64 / pass.as_secs_f64()
    );

    let started = Instant::now();
    let again = runtime
        .block_on(processor.full_pass(Duration::ZERO))
        .unwrap();
    println!(
        "second pass (nothing changed): {:.0} ms, {} entries parsed",
        ms(started.elapsed()),
        again.entries_parsed
    );

    // An upgrade to a build that reads entries differently: every record is read again.
    let mut upgraded = (*config).clone();
    upgraded.reader = format!("{}-next", config.reader);
    let mut processor = Processor::open(Arc::new(upgraded)).unwrap();
    let started = Instant::now();
    let cpu_at = cpu();
    let reread = runtime
        .block_on(processor.full_pass(Duration::ZERO))
        .unwrap();
    let took = started.elapsed();
    println!(
        "re-read with a new reader: {:.0} ms ({}) for {} notes / {} entries = {:.0} notes/s",
        ms(took),
        cpu_since(cpu_at),
        reread.notes,
        reread.entries_reread,
        reread.notes as f64 / took.as_secs_f64()
    );
    let started = Instant::now();
    let again = runtime
        .block_on(processor.full_pass(Duration::ZERO))
        .unwrap();
    println!(
        "pass after the re-read (nothing changed): {:.0} ms, {} entries re-read",
        ms(started.elapsed()),
        again.entries_reread
    );

    let last = first.checked_add_days(Days::new(count as u64 - 1)).unwrap();
    let questions = [
        "how many times did I run last month",
        "what is my best bench",
        "how did I sleep last week",
        "why did squats feel heavy in the past 3 months",
        "how much protein did I eat yesterday",
    ];
    let mut times = Vec::new();
    for round in 0..4 {
        for q in questions {
            let input = QuestionInput {
                text: q.to_string(),
                anchor: last,
                source: None,
                clarification: None,
                session: None,
                logged: None,
            };
            let started = Instant::now();
            let _ = runtime.block_on(processor.flow().answer(processor.store(), &input));
            if round > 0 {
                times.push(started.elapsed());
            }
        }
    }
    times.sort();
    println!(
        "question overhead (offline flow, retrieval over {count} notes): median {:.1} ms, max {:.1} ms (target median < 50 ms)",
        ms(times[times.len() / 2]),
        ms(*times.last().unwrap())
    );
    let started = Instant::now();
    let cpu_at = cpu();
    let report = runtime.block_on(processor.reindex()).unwrap();
    let took = started.elapsed();
    println!(
        "reindex, notes spread over {} years: {} notes in {:.0} ms ({}) = {:.0} notes/s (target >= 5000)",
        count / 365,
        report.notes,
        ms(took),
        cpu_since(cpu_at),
        report.notes as f64 / took.as_secs_f64()
    );
    println!("{}", versus_scan(took, v, "."));
    bench_one_day(&runtime, count);
}

/// `count` notes that all carry the same date (a freshly copied vault): reindex and an
/// all-time question.
fn bench_one_day(runtime: &tokio::runtime::Runtime, count: usize) {
    let vault = tempfile::tempdir().unwrap();
    let kept = std::env::var_os("VAULT_AGENT_BENCH_KEEP").map(std::path::PathBuf::from);
    let v = kept.as_deref().unwrap_or(vault.path());
    offline_config(v);
    let day = NaiveDate::from_ymd_opt(2026, 11, 1).unwrap();
    for i in 0..count {
        let folder = v.join(format!("Notes/{}", i / 500));
        std::fs::create_dir_all(&folder).unwrap();
        let text = format!("---\ndate: {day}\n---\n{}", note(i, day));
        std::fs::write(folder.join(format!("note {i}.md")), text).unwrap();
    }
    let config = Arc::new(Config::load(v, None).unwrap());
    let mut processor = Processor::open(config).unwrap();
    runtime
        .block_on(processor.full_pass(Duration::ZERO))
        .unwrap();
    let started = Instant::now();
    let cpu_at = cpu();
    let report = runtime.block_on(processor.reindex()).unwrap();
    let took = started.elapsed();
    println!(
        "reindex, all {} notes on one day: {:.0} ms ({}) = {:.0} notes/s (target >= 5000)",
        report.notes,
        ms(took),
        cpu_since(cpu_at),
        report.notes as f64 / took.as_secs_f64()
    );
    println!("{}", versus_scan(took, v, "."));
    let mut times = Vec::new();
    let cpu_at = cpu();
    for _ in 0..5 {
        let input = QuestionInput {
            text: "what is my best squat ever".to_string(),
            anchor: day,
            source: None,
            clarification: None,
            session: None,
            logged: None,
        };
        let started = Instant::now();
        let _ = runtime.block_on(processor.flow().answer(processor.store(), &input));
        times.push(started.elapsed());
    }
    times.sort();
    println!(
        "all-time question over {count} notes on one day: median {:.1} ms ({} for all 5) (target < 50 ms)",
        ms(times[times.len() / 2]),
        cpu_since(cpu_at)
    );
    println!("{}", versus_scan(times[times.len() / 2], v, "squat"));
}

/// Offline import of `count` old log files into an empty vault.
fn bench_import(runtime: &tokio::runtime::Runtime, count: usize) {
    let old = tempfile::tempdir().unwrap();
    let vault = tempfile::tempdir().unwrap();
    offline_config(vault.path());
    let first = NaiveDate::from_ymd_opt(1990, 1, 1).unwrap();
    for i in 0..count {
        let date = first.checked_add_days(Days::new(i as u64)).unwrap();
        std::fs::write(old.path().join(format!("{date}.txt")), note(i, date)).unwrap();
    }
    let config = Arc::new(Config::load(vault.path(), None).unwrap());
    let mut processor = Processor::open(config).unwrap();
    let started = Instant::now();
    let cpu_at = cpu();
    let (report, pass) = runtime
        .block_on(processor.import(old.path(), false))
        .unwrap();
    let took = started.elapsed();
    println!(
        "offline import: {} files, {} entries parsed in {:.0} ms ({}) = {:.0} files/s (target >= 5000)",
        report.files,
        pass.entries_parsed,
        ms(took),
        cpu_since(cpu_at),
        report.files as f64 / took.as_secs_f64()
    );
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// Makes the offline engine the vault's default provider (the bench measures no model).
fn offline_config(vault: &std::path::Path) {
    std::fs::create_dir_all(vault.join(".vault-agent")).unwrap();
    std::fs::write(
        vault.join(".vault-agent/config.yaml"),
        "llm:\n  default_provider: offline\n",
    )
    .unwrap();
}

/// `took` as a ratio of one plain-text scan of the vault for `pattern` (`rg -c`, or `grep
/// -rc` where ripgrep is not installed), measured now, on the same files and cache.
fn versus_scan(took: Duration, vault: &std::path::Path, pattern: &str) -> String {
    let scans: [(&str, &[&str]); 2] = [("rg", &["-c"]), ("grep", &["-rc"])];
    for (tool, args) in scans {
        let started = Instant::now();
        let ran = std::process::Command::new(tool)
            .args(args)
            .arg(pattern)
            .arg(vault)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
        if ran.is_ok() {
            let scan = started.elapsed();
            return format!(
                "  vs `{tool} {} {pattern}` over the same notes: {:.0} ms, ratio {:.2}",
                args.join(" "),
                ms(scan),
                took.as_secs_f64() / scan.as_secs_f64()
            );
        }
    }
    "  (no rg or grep to compare with)".to_string()
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// CPU time this process has used so far (all threads, user and system): on a machine
/// shared with other work, wall time says little, CPU time still compares two builds.
fn cpu() -> Duration {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let time = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    time(usage.ru_utime) + time(usage.ru_stime)
}

/// `cpu: N ms` since `since` (see [`cpu`]).
fn cpu_since(since: Duration) -> String {
    format!("cpu {:.0} ms", ms(cpu().saturating_sub(since)))
}
