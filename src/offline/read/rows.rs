//! The person's own fields (DESIGN §4.0): a card of `key: value` lines is one row, a table
//! row is one row under its header's names, a note's properties are one row. Names and
//! values stay as written (markup taken off); [`super::value`] reads their types when a
//! question needs them.
//!
//! Colon forms: `key: value`, `key：value`, Dataview's `key:: value`, `key = value`, bold
//! keys (`**Distanz:** 8,4 km`, `**Distanz**: 8,4 km`), values in inline code. A card ends
//! at a line that is no field, or where a name comes again (two cards with no line
//! between them). A to-do line is a row of its own ([`super::tasks`]).

use crate::vault::parsed::Row;

use super::tables::{is_row, is_separator};

/// The rows of an entry's text. `under`: the heading above it, which may say that its rows
/// are not done yet (`To read`, `Currently reading`; lexicon `markers.pending`).
pub fn rows(text: &str, under: Option<&str>) -> Vec<Row> {
    if !text.contains([
        ':', '：', '|', '=', '[', '"', '“', '„', '«', '»', '『', '「', '《', '〈',
    ]) && !text
        .lines()
        .any(|l| emoji_field(l.trim()).is_some() || named_quantity(l).is_some())
    {
        return Vec::new();
    }
    let pending = under.is_some_and(super::plans::is_pending_heading);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut card: Vec<(String, String)> = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for (i, line) in lines.iter().enumerate() {
        if is_row(line) {
            if is_separator(line) {
                continue;
            }
            let cells = cells(line);
            let underlined = lines.get(i + 1).is_some_and(|l| is_separator(l));
            // `| Field | Value |` over `| Pool | Northgate |`: one card, a field a row.
            if !underlined && header.as_deref().is_some_and(is_card_header) {
                if let [name, value] = &cells[..] {
                    if !name.is_empty() && !value.is_empty() {
                        add_field((&mut card, &mut out, pending), name.clone(), value.clone());
                    }
                }
                continue;
            }
            close(&mut card, &mut out, pending);
            match &header {
                _ if underlined => header = Some(cells),
                Some(names) => {
                    let fields: Vec<(String, String)> = names
                        .iter()
                        .zip(cells)
                        .filter(|(name, value)| !name.is_empty() && !value.is_empty())
                        .map(|(name, value)| (name.clone(), value))
                        .collect();
                    if !fields.is_empty() {
                        out.push(Row {
                            fields,
                            pending,
                            income: false,
                        });
                    }
                }
                None => {}
            }
            continue;
        }
        header = None;
        // A to-do line is a row of its own, unless it is a field whose value is only a
        // quantity (`- [x] Laufen: 5 km`; `- [x] Brightside: 3hrs copy edits` is a task).
        let quantity_field = || field(line).is_some_and(|(_, v)| only_quantity(&v));
        if let Some(task) = super::tasks::row(line).filter(|t| t.pending || !quantity_field()) {
            close(&mut card, &mut out, pending);
            out.push(Row {
                pending: pending || task.pending,
                ..task
            });
            continue;
        }
        if let Some(row) = inline_fields(line) {
            close(&mut card, &mut out, pending);
            out.push(Row { pending, ..row });
            continue;
        }
        // A list item naming a work by its quoted title (`„Salz" (Regie: Lena Vogt) ★★★★☆`).
        if let Some(item) = super::items::row(line).filter(|_| field(line).is_none()) {
            close(&mut card, &mut out, pending);
            out.push(Row { pending, ..item });
            continue;
        }
        let mut fields = line_fields(line);
        if fields.is_empty() && !card.is_empty() {
            fields.extend(bare_field(line));
        }
        if fields.is_empty() {
            fields.extend(named_quantity(line));
        }
        if fields.is_empty() {
            close(&mut card, &mut out, pending);
        }
        for (name, value) in fields {
            add_field((&mut card, &mut out, pending), name, value);
        }
    }
    close(&mut card, &mut out, pending);
    super::tasks::minutes_among_times(&mut out);
    if under.is_some_and(super::plans::is_income_heading) {
        for row in &mut out {
            row.income = true;
        }
    }
    out
}

/// Adds a field to the card, which closes first where the name comes again (two cards with
/// no line between them).
fn add_field(
    (card, out, pending): (&mut Vec<(String, String)>, &mut Vec<Row>, bool),
    name: String,
    value: String,
) {
    let again = card
        .iter()
        .any(|(n, _)| n.to_lowercase() == name.to_lowercase());
    if again {
        close(card, out, pending);
    }
    card.push((name, value));
}

/// Ends the card: its fields become one row.
fn close(card: &mut Vec<(String, String)>, out: &mut Vec<Row>, pending: bool) {
    if !card.is_empty() {
        out.push(Row {
            fields: std::mem::take(card),
            pending,
            income: false,
        });
    }
}

/// Whether a table's header makes it one card: two columns, one named as a field or a
/// value is (`Field | Value`, `項目 | 値`; lexicon `markers.card_columns`).
fn is_card_header(names: &[String]) -> bool {
    let words = &super::lexicon::lexicon().card_columns;
    names.len() == 2
        && names
            .iter()
            .any(|n| words.contains(&n.trim().to_lowercase()))
}

/// Whether an entry gives records: a log entry, or a table with dates in a note that is none.
pub fn gives_records(entry: &crate::vault::Entry) -> bool {
    entry.log || holds_dated_table(&entry.text)
}

/// Whether an entry's text holds a table with a date in a cell: its rows are records even
/// in a note with no date of its own (a reading log's `Started` and `Finished` columns).
pub fn holds_dated_table(text: &str) -> bool {
    if !text.contains('|') {
        return false;
    }
    let rows: Vec<Vec<String>> = (text.lines())
        .filter(|l| is_row(l) && !is_separator(l))
        .map(cells)
        .collect();
    if rows.iter().flatten().any(|c| super::value::is_date(c)) {
        return true;
    }
    // `| 陸王 | 池井戸潤 | 1/3 | 1/10 |` under `読了`: days of the note's year.
    let Some((header, body)) = rows.split_first() else {
        return false;
    };
    header.iter().enumerate().any(|(i, name)| {
        names_a_date(name)
            && (body.iter())
                .filter(|r| r.get(i).is_some_and(|c| day_and_month(c).is_some()))
                .count()
                >= 2
    })
}

/// Whether a field's name says its values are days: `Date`, `日付`, `Started`, `読了`.
pub fn names_a_date(name: &str) -> bool {
    let key = name.trim().to_lowercase();
    let lex = super::lexicon::lexicon();
    crate::vault::dating::DATE_KEYS.contains(&key.as_str())
        || ["started", "finished"]
            .iter()
            .any(|k| lex.fields.get(*k).is_some_and(|words| words.contains(&key)))
}

/// `1/10`, `10.1.`: two numbers of a day and a month and no year, in the order written.
pub fn day_and_month(cell: &str) -> Option<(u32, u32)> {
    // Full-width digits and slash (`１１/１９`) read as ASCII.
    let narrow: String = (cell.chars())
        .map(|c| match c {
            '\u{FF0E}'..='\u{FF19}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            _ => c,
        })
        .collect();
    let t = narrow.trim().trim_end_matches('.');
    let (a, b) = t.split_once(['/', '.'])?;
    let number = |s: &str| {
        (!s.is_empty() && s.len() <= 2 && s.bytes().all(|b| b.is_ascii_digit()))
            .then(|| s.parse::<u32>().ok())
            .flatten()
    };
    let (a, b) = (number(a)?, number(b)?);
    (a >= 1 && b >= 1 && a <= 31 && b <= 31).then_some((a, b))
}

/// A table row's cells, as written, markup taken off.
fn cells(line: &str) -> Vec<String> {
    let t = line.trim().trim_start_matches('|').trim_end_matches('|');
    t.split('|').map(|c| plain(c.trim())).collect()
}

/// Dataview's inline fields in brackets on a line (`- Esselunga [spesa:: 23,40]
/// [categoria:: cibo]`, `Slept well (mood:: 4)`): a row of those fields, the words left
/// around them under `item` (what the line is about).
fn inline_fields(line: &str) -> Option<Row> {
    if !line.contains("::") {
        return None;
    }
    let mut rest = line.trim();
    for bullet in ["- ", "* ", "+ "] {
        rest = rest.strip_prefix(bullet).unwrap_or(rest).trim_start();
    }
    let mut fields = Vec::new();
    let mut left = String::new();
    while let Some(open) = rest.find(['[', '(']) {
        // A wikilink is words of the line.
        if rest[open..].starts_with("[[") {
            let end = rest[open..].find("]]").map_or(rest.len(), |e| open + e + 2);
            left.push_str(&rest[..end]);
            rest = &rest[end..];
            continue;
        }
        let closing = if rest[open..].starts_with('[') {
            ']'
        } else {
            ')'
        };
        let Some(len) = rest[open + 1..].find(closing) else {
            break;
        };
        let inner = &rest[open + 1..open + 1 + len];
        match inner.split_once("::") {
            Some((k, v)) if !plain(k).is_empty() && !plain(v).is_empty() => {
                left.push_str(&rest[..open]);
                fields.push((plain(k), plain(v)));
            }
            _ => left.push_str(&rest[..open + 2 + len]),
        }
        rest = &rest[open + 2 + len..];
    }
    left.push_str(rest);
    if fields.is_empty() {
        return None;
    }
    let words: Vec<&str> = left.split_whitespace().collect();
    let item = plain(&words.join(" "))
        .trim_matches(|c: char| c.is_ascii_punctuation())
        .to_string();
    if !item.is_empty() && item.chars().any(char::is_alphabetic) {
        fields.insert(0, ("item".to_string(), item));
    }
    Some(Row {
        fields,
        pending: false,
        income: false,
    })
}

/// The fields of a line: one, or several split by ` / `, ` · ` or ` | ` (`B: toast / L:
/// salad / D: pizza`) when every part is one.
fn line_fields(line: &str) -> Vec<(String, String)> {
    for separator in [" / ", " · ", " | "] {
        if line.contains(separator) {
            let parts: Option<Vec<_>> = line.split(separator).map(field).collect();
            if let Some(parts) = parts {
                return parts;
            }
        }
    }
    field(line).into_iter().collect()
}

/// A line of a card written without its colon (`心率 156` under `配速：5'49"`, `Puls 148`
/// among `Distanz: 8 km`): a name the lexicon knows as a field's, then a quantity and
/// nothing more (`ran 5 km` is a sentence, not a field).
fn bare_field(line: &str) -> Option<(String, String)> {
    let mut line = line.trim();
    for bullet in ["- ", "* ", "+ "] {
        line = line.strip_prefix(bullet).unwrap_or(line).trim_start();
    }
    let (key, value) = name_then_number(line)?;
    let lower = key.to_lowercase();
    let known = super::field_aliases().any(|(_, keys)| keys.contains(&lower))
        || super::lexicon::lexicon()
            .fields
            .values()
            .any(|keys| keys.contains(&lower));
    (known && only_quantity(value)).then(|| (key.to_string(), value.to_string()))
}

/// A short name of letters (three words at most), then what starts at its first digit.
fn name_then_number(text: &str) -> Option<(&str, &str)> {
    let at = text.find(|c: char| c.is_ascii_digit())?;
    let (name, rest) = (text[..at].trim(), text[at..].trim());
    let named = !name.is_empty()
        && name.chars().count() <= 24
        && name.split_whitespace().count() <= 3
        && name.chars().all(|c| c.is_alphabetic() || c == ' ');
    named.then_some((name, rest))
}

/// A list item that names a thing and its quantity, with no colon: `- Inglês 45 min`,
/// `- Violão 1h 30min (escalas)`, `* Piano 30 min`: the name is the field, the quantity its
/// value (an aside in brackets after it is left out). A bare number is no quantity here
/// (`- Chapter 3`), nor is a sentence (`- li 25 páginas de Dom Casmurro`, `- ran 5 km`).
fn named_quantity(line: &str) -> Option<(String, String)> {
    let t = line.trim_start();
    let item = ["- ", "* ", "+ "]
        .iter()
        .find_map(|b| t.strip_prefix(b))?
        .trim();
    let (name, value) = name_then_number(item)?;
    // A name, not a verb: `- Inglês 45 min`, `- 瑜伽 30分钟`, never `- ran 5 km`.
    if name.starts_with(char::is_lowercase) {
        return None;
    }
    // `- 명상 10분`, `- Yoga 30 min`: an activity the readers know is theirs to count,
    // however it is written.
    if crate::offline::activities::family(&name.to_lowercase()).is_some() {
        return None;
    }
    let value = match value.find(['(', '（']) {
        Some(open) if value.ends_with([')', '）']) => value[..open].trim_end(),
        _ => value,
    };
    let unit = value.parse::<f64>().is_err();
    (unit && only_quantity(value)).then(|| (name.to_string(), value.to_string()))
}

/// Whether a value is a number with its unit and nothing more (`5 km`, `1h 30m`, `45`).
fn only_quantity(value: &str) -> bool {
    let v = value.trim();
    let whole = |re: &regex::Regex| {
        re.find(v)
            .is_some_and(|m| m.start() == 0 && m.end() == v.len())
    };
    whole(super::units::measure_pattern())
        || whole(super::units::duration_pattern())
        || v.parse::<f64>().is_ok()
}

/// `key: value` in any colon form, or `None` for a line that is no field.
pub fn field(line: &str) -> Option<(String, String)> {
    let mut line = line.trim();
    for bullet in ["- ", "* ", "+ ", "> "] {
        line = line.strip_prefix(bullet).unwrap_or(line).trim_start();
    }
    if line.starts_with("[ ]") || line.starts_with('#') {
        return None;
    }
    let line = line
        .strip_prefix("[x]")
        .or_else(|| line.strip_prefix("[X]"))
        .unwrap_or(line)
        .trim_start();
    if let Some(field) = emoji_field(line) {
        return Some(field);
    }
    let (key, value) = split_field(line)?;
    let key = plain(key);
    let value = plain(value);
    let words = key.split_whitespace().count();
    let starts_well = key
        .chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || !c.is_ascii());
    let clock = key.ends_with(|c: char| c.is_ascii_digit())
        && value.starts_with(|c: char| c.is_ascii_digit());
    let link = value.starts_with("//");
    // `- lunes: regué los tomates`, `Tue: gym`: a weekday dates the line; it names no field.
    let weekday = crate::vault::dating::weekday_index(&key).is_some();
    // `„Salz" (Regie: Lena Vogt)`: a colon inside an aside makes no key of the title.
    let aside = key.matches(['(', '（']).count() != key.matches([')', '）']).count()
        || key.contains(['"', '„', '“', '«', '『', '「']);
    (starts_well
        && !clock
        && !link
        && !aside
        && !weekday
        && !value.is_empty()
        && (1..=4).contains(&words)
        && key.chars().count() <= 32)
        .then_some((key, value))
}

/// `👟 9,812`, `😴 7h10`: an emoji the lexicon names a field by, then a quantity and
/// nothing more, as a tracker's line writes a field (the emoji is its name).
fn emoji_field(line: &str) -> Option<(String, String)> {
    let (key, value) = line.split_once(char::is_whitespace)?;
    let pictograph = |c: char| matches!(u32::from(c), 0x1F300..=0x1FAFF | 0x2600..=0x27BF);
    let emoji = key.chars().next().is_some_and(pictograph)
        && key
            .chars()
            .all(|c| pictograph(c) || matches!(u32::from(c), 0xFE0F | 0x200D));
    let quantity = || {
        use super::value::{read, Value};
        let v = value.trim();
        only_quantity(v)
            || !v.contains(char::is_whitespace)
                && matches!(read(v), Value::Number(..) | Value::Duration(_))
    };
    let bare = key.replace('\u{fe0f}', "");
    let known = || {
        super::lexicon::lexicon()
            .fields
            .values()
            .any(|keys| keys.contains(&bare))
    };
    (emoji && known() && quantity()).then(|| (key.to_string(), value.trim().to_string()))
}

/// The key and value of a field line, by the first colon form it holds.
fn split_field(line: &str) -> Option<(&str, &str)> {
    // `**Distanz:** 8,4 km`: the colon inside the bold key.
    if let Some(rest) = line.strip_prefix("**") {
        let end = rest.find("**")?;
        let (key, value) = (&rest[..end], &rest[end + 2..]);
        let key = key.trim_end();
        return match key.strip_suffix(':').or_else(|| key.strip_suffix('：')) {
            Some(key) => Some((key, value)),
            None => value
                .trim_start()
                .strip_prefix(':')
                .or_else(|| value.trim_start().strip_prefix('：'))
                .map(|value| (key, value)),
        };
    }
    if let Some(at) = line.find("::") {
        return Some((&line[..at], &line[at + 2..]));
    }
    let colon = [line.find(':'), line.find('：')]
        .into_iter()
        .flatten()
        .min();
    if let Some(at) = colon {
        let width = line[at..].chars().next()?.len_utf8();
        return Some((&line[..at], &line[at + width..]));
    }
    let (key, value) = line.split_once(" = ")?;
    (!value.contains('=')).then_some((key, value))
}

/// A name or value without markup: bold, inline code, wikilink brackets (an alias shown),
/// surrounding quotes.
fn plain(text: &str) -> String {
    let mut s = text.trim().replace("**", "").replace('`', "");
    while let (Some(open), Some(close)) = (s.find("[["), s.find("]]")) {
        if close < open {
            break;
        }
        let inner = &s[open + 2..close];
        let shown = inner.rsplit('|').next().unwrap_or(inner).to_string();
        s.replace_range(open..close + 2, &shown);
    }
    s.trim()
        .trim_matches(|c| c == '"' || c == '\'')
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(rows: &[Row]) -> Vec<Vec<(&str, &str)>> {
        rows.iter()
            .map(|r| {
                r.fields
                    .iter()
                    .map(|(n, v)| (n.as_str(), v.as_str()))
                    .collect()
            })
            .collect()
    }

    #[test]
    fn cards_in_every_colon_form_are_one_row_each() {
        let en = rows(
            "- Distance: 10.5 km\n- Time: 0:52:10\n- Route: river loop\n\nWindy.",
            None,
        );
        assert_eq!(
            names(&en),
            [[
                ("Distance", "10.5 km"),
                ("Time", "0:52:10"),
                ("Route", "river loop")
            ]]
        );
        let ja = rows("距離：12.3km\n平均心拍数：151\nコース：北の公園", None);
        assert_eq!(ja[0].fields[2], ("コース".into(), "北の公園".into()));
        let de = rows("**Distanz:** 8,4 km\n**Strecke**: Seerunde", None);
        assert_eq!(
            names(&de),
            [[("Distanz", "8,4 km"), ("Strecke", "Seerunde")]]
        );
        let zh = rows("距离：`5KM`\n路线：`湖边`", None);
        assert_eq!(names(&zh), [[("距离", "5KM"), ("路线", "湖边")]]);
        let it = rows("distanza:: 6.8\npercorso:: [[argine]]", None);
        assert_eq!(names(&it), [[("distanza", "6.8"), ("percorso", "argine")]]);
    }

    #[test]
    fn a_list_item_naming_a_thing_and_its_quantity_is_a_field() {
        let pt = rows(
            "- Inglês 1h 30min (Duolingo + série)\n- Violão: 20 min\n- li 25 páginas",
            None,
        );
        assert_eq!(names(&pt), [[("Inglês", "1h 30min"), ("Violão", "20 min")]]);
        let en = rows("* Piano 30 min\n* Chapter 3\n", None);
        assert_eq!(names(&en), [[("Piano", "30 min")]]);
        let zh = rows("- 书法 30分钟\n", None);
        assert_eq!(names(&zh), [[("书法", "30分钟")]]);
        // An activity the readers know stays theirs (`- Yoga 30 min`).
        assert!(rows("- Yoga 30 min\n", None).is_empty());
        // A sentence, or a line that is no list item, is no field.
        assert!(rows("Inglês 45 min\n- went out for 2 hours with Ana\n", None).is_empty());
    }

    #[test]
    fn an_emoji_before_a_quantity_is_a_field() {
        let it = rows("😴 7h10\n👟 12,034\n🎉 party tonight\n💧 4", None);
        assert_eq!(names(&it), [vec![("😴", "7h10"), ("👟", "12,034")]]);
    }

    #[test]
    fn inline_fields_in_brackets_are_a_row_with_the_words_around_them() {
        let it = rows(
            "- Esselunga [spesa:: 23,40] [categoria:: cibo]\n- [[Taxi]] (spesa:: 12) per l'aeroporto\n- [ ] regalo [spesa:: 30]",
            None,
        );
        assert_eq!(
            names(&it)[..2],
            [
                vec![
                    ("item", "Esselunga"),
                    ("spesa", "23,40"),
                    ("categoria", "cibo")
                ],
                vec![("item", "Taxi per l'aeroporto"), ("spesa", "12")],
            ]
        );
        assert!(it[2].pending, "an open to-do is not spent yet");
    }

    #[test]
    fn fields_on_one_line_split_by_slashes_are_one_card() {
        let meals = rows("B: toast / L: salad / D: pizza", None);
        assert_eq!(
            names(&meals),
            [[("B", "toast"), ("L", "salad"), ("D", "pizza")]]
        );
    }

    #[test]
    fn a_line_without_its_colon_inside_a_card_is_one_of_its_fields() {
        let zh = rows("距离: 5km\n配速：5'49\"\n心率 156\n和跑团一起\n", None);
        assert_eq!(
            names(&zh),
            [vec![("距离", "5km"), ("配速", "5'49"), ("心率", "156")]]
        );
        let de = rows("- Distanz: 8 km\n- Puls 148\n- ran 5 km\n", None);
        assert_eq!(names(&de), [vec![("Distanz", "8 km"), ("Puls", "148")]]);
        // Not a card's line where no card is open, nor a sentence ending in a number.
        assert!(
            rows("Puls 148\nDistanz: 8 km\nran along the river 5 km\n", None)
                .iter()
                .all(|r| r
                    .fields
                    .iter()
                    .all(|(k, _)| k != "Puls" && !k.contains("river")))
        );
    }

    #[test]
    fn a_name_written_again_starts_the_next_card() {
        let two = rows(
            "Distanz: 11,2 km\nZeit: 0:31:05\nDistanz: 11,2 km\nZeit: 0:33:40",
            None,
        );
        assert_eq!(two.len(), 2);
        assert_eq!(two[1].fields[1].1, "0:33:40");
    }

    #[test]
    fn table_rows_carry_the_header_names_and_pending_tables_say_so() {
        let text = "| Title | Author | Finished |\n|---|---|---|\n| Harbor | Tomas Keel | 2020-02-03 |\n| Snow | Ilse Marrow | 2021 |";
        let read = rows(text, Some("Reading log"));
        assert_eq!(
            names(&read),
            [
                [
                    ("Title", "Harbor"),
                    ("Author", "Tomas Keel"),
                    ("Finished", "2020-02-03")
                ],
                [
                    ("Title", "Snow"),
                    ("Author", "Ilse Marrow"),
                    ("Finished", "2021")
                ]
            ]
        );
        assert!(!read[0].pending);
        assert!(rows(text, Some("Currently reading"))[0].pending);
        assert!(rows(text, Some("Lendo agora"))[0].pending);
        assert!(holds_dated_table(text));
        assert!(!holds_dated_table(
            "| Film | Réalisation |\n|---|---|\n| Le Bal | Yann |"
        ));
    }

    #[test]
    fn prose_clocks_links_and_open_todos_are_no_fields() {
        assert_eq!(field("at 07:30 I ran"), None);
        assert_eq!(field("see https://example.org"), None);
        assert_eq!(field("- [ ] call: the bank"), None);
        assert_eq!(field("## Notes: today"), None);
        assert_eq!(
            field("- [x] Dinner: lentil soup"),
            Some(("Dinner".into(), "lentil soup".into()))
        );
    }
}
