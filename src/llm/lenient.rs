//! Lenient extraction of JSON from model output that is not clean JSON: code fences, prose
//! around an object, or several objects (the first balanced one wins).

/// The candidate JSON texts in `raw`, most likely first.
pub fn candidates(raw: &str) -> Vec<String> {
    let mut out = Vec::new();
    let trimmed = raw.trim();
    out.push(trimmed.to_string());
    if let Some(fenced) = fenced_block(trimmed) {
        out.push(fenced);
    }
    if let Some(object) = first_balanced_object(trimmed) {
        out.push(object);
    }
    out.dedup();
    out
}

/// The body of the first ``` fenced block (with or without a `json` tag).
fn fenced_block(text: &str) -> Option<String> {
    let start = text.find("```")?;
    let after = &text[start + 3..];
    let body_start = after.find('\n')? + 1;
    let body = &after[body_start..];
    let end = body.find("```")?;
    Some(body[..end].trim().to_string())
}

/// The first `{...}` whose braces balance (strings and escapes respected).
fn first_balanced_object(text: &str) -> Option<String> {
    let start = text.find('{')?;
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for (i, c) in text[start..].char_indices() {
        if in_string {
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(text[start..start + i + 1].to_string());
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_json_in_fences_and_prose() {
        let c = candidates("Sure!\n```json\n{\"a\": 1}\n```\nHope that helps");
        assert!(c.contains(&"{\"a\": 1}".to_string()));
        let c = candidates("The answer is {\"a\": \"}{\", \"b\": {\"c\": 2}} and more {\"x\":1}");
        assert_eq!(c.last().unwrap(), "{\"a\": \"}{\", \"b\": {\"c\": 2}}");
    }

    #[test]
    fn truncated_json_has_no_balanced_object() {
        assert_eq!(first_balanced_object("{\"a\": {\"b\": 1"), None);
    }
}
