//! List items that name a work by a quoted title as rows (DESIGN §4.0): `- 2023-04-02 —
//! „Der Uhrmacher" (Regie: Mira Szabo) ★★★★☆`, `- 2024/01/20 読了『月の坂道』（著：森川透） ★4`,
//! `* "Dune" (author: Frank Herbert) 5★`. The row holds the title, each aside of the
//! form `(key: value)` under its key, the stars under `rating`, and the few words left
//! around the title (`読了`, `started`) under `status`: what was done with the work.

use crate::vault::parsed::Row;

/// Quote marks that open a title, and the marks that close each.
const QUOTES: [(char, &[char]); 10] = [
    ('„', &['"', '“', '”']),
    ('“', &['”', '"']),
    ('"', &['"', '”']),
    ('«', &['»']),
    ('»', &['«']),
    ('‹', &['›']),
    ('『', &['』']),
    ('「', &['」']),
    ('《', &['》']),
    ('〈', &['〉']),
];

/// The row of a list item naming a work by a quoted title, or `None`.
pub fn row(line: &str) -> Option<Row> {
    let t = line.trim_start();
    let t = t.strip_prefix(['-', '*', '+'])?.trim_start();
    // The date that leads the item dates its entry.
    let t = match t.split_once(char::is_whitespace) {
        Some((first, rest)) if super::value::is_date(first.trim_end_matches([':', ','])) => rest,
        _ => t,
    };
    let (before, title, after) = quoted(t)?;
    let mut fields = vec![("title".to_string(), title.trim().to_string())];
    let mut left = String::from(before);
    let mut rest = after;
    while let Some(open) = rest.find(['(', '（']) {
        left.push_str(&rest[..open]);
        let inner = &rest[open + rest[open..].chars().next()?.len_utf8()..];
        let Some(close) = inner.find([')', '）']) else {
            break;
        };
        let aside = &inner[..close];
        if let Some(field) = super::rows::field(aside) {
            fields.push(field);
        } else {
            left.push_str(aside);
        }
        rest = &inner[close + inner[close..].chars().next()?.len_utf8()..];
    }
    left.push_str(rest);
    let stars: String = left.chars().filter(|c| matches!(c, '★' | '☆')).collect();
    if !stars.is_empty() {
        let digits: String = left
            .split(['★', '☆'])
            .nth(1)
            .unwrap_or("")
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let rating = match digits.is_empty() {
            true => stars.clone(),
            false => format!("{digits} ★"),
        };
        fields.push(("rating".to_string(), rating));
        left = left.replace(['★', '☆'], " ").replace(&digits, " ");
    }
    let status = left
        .split(|c: char| c.is_whitespace() || matches!(c, '—' | '–' | '-' | ':' | ',' | '·' | '|'))
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>();
    if (1..=3).contains(&status.len()) {
        fields.push(("status".to_string(), status.join(" ")));
    }
    Some(Row {
        fields,
        pending: false,
        income: false,
    })
}

/// The text before the first quoted title, the title, the text after it.
fn quoted(t: &str) -> Option<(&str, &str, &str)> {
    let (at, open) = t
        .char_indices()
        .find(|(_, c)| QUOTES.iter().any(|(o, _)| o == c))?;
    let closes = QUOTES.iter().find(|(o, _)| *o == open)?.1;
    let inner = &t[at + open.len_utf8()..];
    let end = inner.find(closes)?;
    let close = inner[end..].chars().next()?;
    let title = &inner[..end];
    (!title.trim().is_empty()).then(|| (&t[..at], title, &inner[end + close.len_utf8()..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(line: &str) -> Vec<(String, String)> {
        row(line).expect("an item").fields
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn titles_asides_stars_and_status_in_several_languages() {
        assert_eq!(
            fields("- 2023-04-02 — „Der Uhrmacher\" (Regie: Mira Szabo) ★★★★☆"),
            pairs(&[
                ("title", "Der Uhrmacher"),
                ("Regie", "Mira Szabo"),
                ("rating", "★★★★☆")
            ])
        );
        assert_eq!(
            fields("- 2024/01/20 読了『月の坂道』（著：森川透） ★4"),
            pairs(&[
                ("title", "月の坂道"),
                ("著", "森川透"),
                ("rating", "4 ★"),
                ("status", "読了")
            ])
        );
        assert_eq!(
            fields("* finished \"Dune\" (author: Frank Herbert)"),
            pairs(&[
                ("title", "Dune"),
                ("author", "Frank Herbert"),
                ("status", "finished")
            ])
        );
        assert!(row("- ran 5 km with Ana").is_none());
        assert!(row("plain \"quoted\" text").is_none());
    }
}
