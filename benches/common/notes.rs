//! The journal note both benches generate: about 5 KB, with sleep and mood, a meal, and a
//! gym session, a run or a work block in turn.

use std::fmt::Write as _;

use chrono::NaiveDate;

/// The `i`-th note of a generated vault, dated `date`.
pub fn note(i: usize, date: NaiveDate) -> String {
    let mut s = String::with_capacity(5200);
    let _ = writeln!(s, "---\ntags: [daily]\n---\n# {date}\n");
    let _ = writeln!(
        s,
        "## 07:{:02}\nslept {}.5h, mood {}/10, energy {}/10\n",
        i % 60,
        5 + i % 4,
        4 + i % 6,
        3 + i % 7
    );
    let _ = writeln!(
        s,
        "## 12:30 Lunch\nchicken and rice, about {} g protein, {} kcal\n",
        30 + i % 40,
        600 + i % 500
    );
    match i % 3 {
        0 => {
            let _ = writeln!(
                s,
                "## 17:30 Gym\n- Bench 3x5 @ {} lbs\n- Squat {}x5x3\n- felt {}\n",
                135 + i % 70,
                185 + i % 90,
                if i.is_multiple_of(2) {
                    "strong"
                } else {
                    "heavy"
                }
            );
        }
        1 => {
            let _ = writeln!(
                s,
                "## 06:45 Run\neasy run {}.{} km in {} min, legs fresh\n",
                4 + i % 9,
                i % 10,
                25 + i % 40
            );
        }
        _ => {
            let _ = writeln!(
                s,
                "## 19:30\n{} meetings, {}h deep work on the billing migration\n",
                i % 6,
                1 + i % 5
            );
        }
    }
    // Padding prose so notes are about 5 KB, like a real journal.
    while s.len() < 5000 {
        s.push_str("Wrote a few thoughts about the week, the weather and the plan for tomorrow. ");
    }
    s.push('\n');
    s
}
