//! To-do lines as rows (DESIGN §4.2): `- [x] 2024-02-05 Projekt Aurora 3,5 h` is a task
//! done, `- [ ] Enviar fatura` one not done (a row not done is never counted). A task's
//! row holds its words as the field `task` and each quantity it carries under its unit's
//! name (`hour: 3,5 h`), so `how many hours on Projekt Aurora` sums it and `how many
//! tasks did I finish` counts the ticked ones.

use crate::vault::parsed::Row;

use super::units::measure_pattern;

/// The key of a task's words.
pub const TASK: &str = "task";

/// A to-do line's state and its text after the box: `Some((true, "..."))` for `- [x]`,
/// `Some((false, ...))` for `- [ ]` and the other marks of a task not done (`[-]`
/// cancelled, `[>]` moved on).
pub fn task(line: &str) -> Option<(bool, &str)> {
    let t = line.trim_start();
    let t = t
        .strip_prefix(['-', '*', '+'])
        .or_else(|| {
            let digits = t.chars().take_while(char::is_ascii_digit).count();
            (digits > 0).then(|| t[digits..].strip_prefix(['.', ')']))?
        })?
        .trim_start();
    let rest = t.strip_prefix('[')?;
    let mut chars = rest.chars();
    let mark = chars.next()?;
    let text = chars.as_str().strip_prefix(']')?;
    if !text.is_empty() && !text.starts_with([' ', '\t']) {
        return None;
    }
    Some((matches!(mark, 'x' | 'X'), text.trim()))
}

/// Whether `range` of `words` is a whole stretch: no letter or digit glued to either end.
fn stands_apart(words: &str, range: std::ops::Range<usize>) -> bool {
    !words[range.end..].starts_with(char::is_alphanumeric)
        && !words[..range.start].ends_with(char::is_alphanumeric)
}

/// `admin 30m` among tasks timed in hours and minutes (`Acme 2h30`, `email 15 min`): the
/// `m` of a to-do list that times its tasks is minutes, not metres. Rows with a time keep
/// theirs; a row whose only quantity is in `m` is given it as a time.
pub fn minutes_among_times(rows: &mut [Row]) {
    let timed = |r: &Row| r.fields.iter().any(|(k, _)| k == "hour");
    if !rows.iter().any(timed) {
        return;
    }
    for row in rows.iter_mut().filter(|r| !timed(r)) {
        let quantities: Vec<&(String, String)> =
            row.fields.iter().filter(|(k, _)| k != TASK).collect();
        let [(unit, written)] = quantities.as_slice() else {
            continue;
        };
        if unit != "m" || !row.fields.iter().any(|(k, _)| k == TASK) {
            continue;
        }
        let written = written.clone();
        row.fields.retain(|(k, _)| k == TASK);
        row.fields.push(("hour".to_string(), written.clone()));
        row.fields.push(("minute".to_string(), written));
    }
}

/// The row of a to-do line: its words (a leading date taken off: the line's entry is
/// dated by it) and its quantities; `None` for a line that is no task.
pub fn row(line: &str) -> Option<Row> {
    let (done, text) = task(line)?;
    let mut words = text;
    if let Some((first, rest)) = text.split_once(char::is_whitespace) {
        if super::value::is_date(first.trim_end_matches([':', ','])) {
            words = rest
                .trim_start()
                .trim_start_matches(['—', '–', '-', ':'])
                .trim_start();
        }
    }
    let mut fields = Vec::new();
    // `09:00-12:30 Kd. Becker`, `Becker 13:15 - 17:00`: the hours between two clock times.
    let span = clock_span(words);
    let spanned: String;
    let words = match &span {
        Some((range, minutes)) => {
            let (before, after) = (words[..range.start].trim(), words[range.end..].trim());
            let time = match (minutes / 60, minutes % 60) {
                (h, 0) => format!("{h}h"),
                (0, m) => format!("{m} min"),
                (h, m) => format!("{h}h{m:02}"),
            };
            fields.push(("hour".to_string(), time.clone()));
            fields.push(("minute".to_string(), time));
            spanned = [before, after]
                .iter()
                .filter(|p| !p.is_empty())
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            spanned.as_str()
        }
        None => words,
    };
    let mut name = words.to_string();
    // A time spent (`2h30`, `1h 30m`, `45 min`) is one field under both `hour` and
    // `minute`: `how many hours on Acme` adds the lines written in minutes too.
    let mut times = Vec::new();
    for hit in super::units::duration_pattern()
        .find_iter(words)
        .filter(|_| span.is_none())
    {
        let range = hit.start()..hit.start() + hit.as_str().trim_end().len();
        if stands_apart(words, range.clone()) {
            times.push(range);
        }
    }
    if let Some(first) = times.first() {
        name = words[..first.start].to_string();
    }
    for range in &times {
        let written = words[range.clone()].trim().to_string();
        fields.push(("hour".to_string(), written.clone()));
        fields.push(("minute".to_string(), written));
    }
    for hit in measure_pattern().captures_iter(words) {
        let whole = hit.get(0).expect("a match");
        let in_time = times
            .iter()
            .any(|t| t.start < whole.end() && whole.start() < t.end);
        if !stands_apart(words, whole.range()) || in_time {
            continue;
        }
        if fields.is_empty() {
            name = words[..whole.start()].to_string();
        }
        // Under the unit's own name, one for all its spellings (`1 ora`, `2 ore`: `hour`).
        let unit = super::units::measure_unit(&hit[2].to_lowercase()).unwrap_or(&hit[2]);
        fields.push((
            unit.to_string(),
            whole.as_str().trim_start_matches('~').to_string(),
        ));
    }
    // `Acme — 2h30 — invoice`, `Brightside: 3hrs`: the marks before the quantity part it
    // from the name.
    name = name
        .trim()
        .trim_end_matches(['—', '–', '-', ':', '：', '|', '·', ','])
        .trim()
        .to_string();
    if name.is_empty() {
        name = words.to_string();
    }
    if name.is_empty() {
        return None;
    }
    fields.insert(0, (TASK.to_string(), name));
    Some(Row {
        fields,
        pending: !done,
        income: false,
    })
}

/// The first span between two clock times in `text` (`09:00-12:30`, `9-12:30`,
/// `09.00–12.30`, `13:15 - 17:00`, `22:30-01:00`): where it is written and its minutes.
pub fn clock_span(text: &str) -> Option<(std::ops::Range<usize>, u32)> {
    use std::sync::OnceLock;
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(
            r"(?:^|[^\d.:])(\d{1,2})(?:([:.h])(\d{2}))?\s*(?:-|–|—|to|bis|à|a|~|〜)\s*(\d{1,2})([:.h])(\d{2})(?:[^\d.:]|$)",
        )
        .expect("clock span compiles")
    });
    re.captures_iter(text).find_map(|c| {
        let n = |i: usize| c.get(i).map_or(Some(0), |m| m.as_str().parse::<u32>().ok());
        let (h1, m1, h2, m2) = (n(1)?, n(3)?, n(4)?, n(6)?);
        // Both sides written alike (`09.00–12.30`), or the first a bare hour (`9-12:30`).
        let alike = c.get(2).is_none_or(|m| m.as_str() == &c[5]);
        if h1 > 24 || h2 > 24 || m1 > 59 || m2 > 59 || !alike {
            return None;
        }
        let (start, end) = (h1 * 60 + m1, h2 * 60 + m2);
        let minutes = if end > start {
            end - start
        } else {
            end + 24 * 60 - start
        };
        let whole = c.get(0)?;
        let from = c.get(1)?.start();
        let to = c.get(6)?.end();
        (minutes <= 16 * 60 && whole.start() <= from).then_some((from..to, minutes))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> (Vec<(String, String)>, bool) {
        let r = row(line).expect("a task");
        (r.fields, r.pending)
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_span_between_clock_times_is_the_time_spent() {
        let (f, _) = fields("- [x] 09:00-12:30 Kd. Becker – Schulung");
        assert_eq!(
            f,
            pairs(&[
                ("task", "Kd. Becker – Schulung"),
                ("hour", "3h30"),
                ("minute", "3h30")
            ])
        );
        let (f, _) = fields("- [x] Cliente Rossi 9-12:30");
        assert_eq!(f[1], ("hour".to_string(), "3h30".to_string()));
        let (f, _) = fields("- [x] 13:15 - 17:00 Acme call");
        assert_eq!(f[1], ("hour".to_string(), "3h45".to_string()));
        let (f, _) = fields("- [x] 09.00–09.45 standup");
        assert_eq!(f[1], ("hour".to_string(), "45 min".to_string()));
        // A date range is no clock span.
        assert_eq!(clock_span("trip 2024-03-05"), None);
        assert_eq!(clock_span("12.03.-14.03. Urlaub"), None);
    }

    #[test]
    fn ticked_and_open_boxes_in_several_languages() {
        assert_eq!(
            fields("- [x] 2024-02-05 Projekt Aurora 3,5 h"),
            (
                pairs(&[
                    ("task", "Projekt Aurora"),
                    ("hour", "3,5 h"),
                    ("minute", "3,5 h")
                ]),
                false
            )
        );
        assert_eq!(
            fields("- [ ] 2024-02-06 Projekt Aurora 4 h (verschoben)"),
            (
                pairs(&[
                    ("task", "Projekt Aurora"),
                    ("hour", "4 h"),
                    ("minute", "4 h")
                ]),
                true
            )
        );
        assert_eq!(
            fields("* [X] Enviar fatura à Verde Lda."),
            (pairs(&[("task", "Enviar fatura à Verde Lda.")]), false)
        );
        assert_eq!(
            fields("1. [x] 読書 30分"),
            (
                pairs(&[("task", "読書"), ("hour", "30分"), ("minute", "30分")]),
                false
            )
        );
        assert_eq!(
            fields("- [x] Acme — 1h 30m — invoice draft").0,
            pairs(&[("task", "Acme"), ("hour", "1h 30m"), ("minute", "1h 30m")])
        );
        assert_eq!(
            fields("- [x] Acme: 1h15 deploy").0,
            pairs(&[("task", "Acme"), ("hour", "1h15"), ("minute", "1h15")])
        );
        assert_eq!(
            fields("- [x] Brightside: 3hrs copy edits").0,
            pairs(&[("task", "Brightside"), ("hour", "3hrs"), ("minute", "3hrs")])
        );
        assert!(row("- [-] cancelled call").unwrap().pending);
        assert!(row("- [link](x) text").is_none());
        assert!(row("- plain item").is_none());
    }
}
