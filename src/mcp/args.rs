//! The tools' arguments: raw structs that give the schemas (schemars) and are filled from
//! the client's JSON, then checked into what the tools use. Every refusal names the
//! argument, so the client's model can fix its call.

use chrono::NaiveDate;
use schemars::JsonSchema;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::domains::Domains;

/// Most entries `search_entries` returns at once.
pub const MAX_ENTRIES: usize = 200;
/// Entries `search_entries` returns when no `limit` is given.
pub const DEFAULT_ENTRIES: usize = 20;
/// Most rows `records` returns at once.
pub const MAX_ROWS: usize = 10_000;
/// Rows `records` returns when no `limit` is given.
pub const DEFAULT_ROWS: usize = 1_000;

/// A refused argument: which one, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct ArgError {
    pub arg: String,
    pub message: String,
}

impl std::fmt::Display for ArgError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.arg.is_empty() {
            write!(f, "bad arguments: {}", self.message)
        } else {
            write!(f, "argument `{}`: {}", self.arg, self.message)
        }
    }
}

fn refuse(arg: &str, message: impl Into<String>) -> ArgError {
    ArgError {
        arg: arg.to_string(),
        message: message.into(),
    }
}

/// Fills `T` from the call's arguments; a wrong type or an unknown name is refused naming
/// the argument.
pub fn parse<T: DeserializeOwned>(
    args: serde_json::Map<String, serde_json::Value>,
) -> Result<T, ArgError> {
    let value = serde_json::Value::Object(args);
    serde_path_to_error::deserialize(value).map_err(|e| {
        let arg = e.path().to_string();
        let arg = if arg == "." { String::new() } else { arg };
        let mut message = e.into_inner().to_string();
        if ["date", "from", "to"].contains(&arg.as_str()) {
            message.push_str("; write a day as YYYY-MM-DD");
        }
        ArgError { arg, message }
    })
}

/// `ask`: a question, as on a `?` line.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AskArgs {
    /// The question, in any language the notes are written in (a leading `?` is allowed).
    pub question: String,
    /// The day it is asked on (YYYY-MM-DD): "yesterday" and "last week" count back from it.
    /// Default: today.
    #[serde(default)]
    pub date: Option<NaiveDate>,
}

/// `search_entries`: dated entries by words, period and domain.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SearchArgs {
    /// Words to look for (each also finds its synonyms from the domains' vocabulary); best
    /// matches first. Without it, the newest entries of the period.
    #[serde(default)]
    pub query: Option<String>,
    /// First day (YYYY-MM-DD), inclusive.
    #[serde(default)]
    pub from: Option<NaiveDate>,
    /// Last day (YYYY-MM-DD), inclusive.
    #[serde(default)]
    pub to: Option<NaiveDate>,
    /// Only entries with parsed data of this domain (strength, running, general,
    /// nutrition, work, measures, or the vault's own).
    #[serde(default)]
    pub domain: Option<String>,
    /// How many entries at most (1-200, default 20).
    #[serde(default)]
    #[schemars(schema_with = "entries_limit")]
    pub limit: Option<u32>,
}

/// `records`: the parsed records, one row per lift, run, night...
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RecordsArgs {
    /// Only this activity or domain: a lift's name (`squat`, or one word of it: `bench`),
    /// `run`, a field (`sleep_hours`), something measured (`read`), or a domain (`strength`).
    #[serde(default)]
    pub activity: Option<String>,
    /// Only rows holding this measure: weight, reps, sets, distance, duration, pace, a
    /// field (`sleep_hours`) or a unit (`page`).
    #[serde(default)]
    pub measure: Option<String>,
    /// First day (YYYY-MM-DD), inclusive.
    #[serde(default)]
    pub from: Option<NaiveDate>,
    /// Last day (YYYY-MM-DD), inclusive.
    #[serde(default)]
    pub to: Option<NaiveDate>,
    /// How many rows at most (1-10000, default 1000); when there are more, the newest are
    /// returned and `truncated` is true.
    #[serde(default)]
    #[schemars(schema_with = "rows_limit")]
    pub limit: Option<u32>,
}

/// A limit's schema: an integer in bounds, without the `uint32` format that validators
/// such as ajv do not know.
fn bounded(max: usize) -> schemars::Schema {
    schemars::json_schema!({"type": "integer", "minimum": 1, "maximum": max})
}

fn entries_limit(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    bounded(MAX_ENTRIES)
}

fn rows_limit(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    bounded(MAX_ROWS)
}

/// `log`: anything a person would type into the note.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LogArgs {
    /// The text: a log ("ran 5k in 26:10"), a question, both, or a correction ("actually
    /// the squat was 105 kg").
    pub text: String,
    /// The day whose daily note gets it (YYYY-MM-DD, today or earlier). Default: today.
    #[serde(default)]
    pub date: Option<NaiveDate>,
}

/// A period with either end open.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Period {
    pub from: Option<NaiveDate>,
    pub to: Option<NaiveDate>,
}

impl Period {
    fn checked(from: Option<NaiveDate>, to: Option<NaiveDate>) -> Result<Period, ArgError> {
        if let (Some(f), Some(t)) = (from, to) {
            if f > t {
                return Err(refuse(
                    "from",
                    format!("{f} is after `to` ({t}); give the earlier day first"),
                ));
            }
        }
        Ok(Period { from, to })
    }
}

/// A checked `search_entries` call.
#[derive(Debug, Clone, PartialEq)]
pub struct Search {
    pub query: Option<String>,
    pub period: Period,
    pub domain: Option<String>,
    pub limit: usize,
}

/// A checked `records` call.
#[derive(Debug, Clone, PartialEq)]
pub struct Records {
    /// Lowercase.
    pub activity: Option<String>,
    /// Lowercase.
    pub measure: Option<String>,
    pub period: Period,
    pub limit: usize,
}

/// Text a note can hold (see [`crate::input::check_text`]), refused naming `arg`.
pub fn text(arg: &str, text: &str) -> Result<(), ArgError> {
    crate::input::check_text(text).map_err(|e| {
        let message = match e {
            crate::Error::Input(m) => m,
            other => other.to_string(),
        };
        refuse(arg, message)
    })
}

/// A day that is not after `today` (logs are for days that happened).
pub fn past_day(arg: &str, day: Option<NaiveDate>, today: NaiveDate) -> Result<(), ArgError> {
    match day {
        Some(d) if d > today => Err(refuse(
            arg,
            format!("{d} is after today ({today}); a log goes to today's note or an earlier one"),
        )),
        _ => Ok(()),
    }
}

/// A blank optional text counts as not given.
fn given(s: Option<String>) -> Option<String> {
    s.map(|s| s.trim().to_string()).filter(|s| !s.is_empty())
}

fn limit(given: Option<u32>, default: usize, max: usize) -> Result<usize, ArgError> {
    match given {
        None => Ok(default),
        Some(n) if n >= 1 && n as usize <= max => Ok(n as usize),
        Some(n) => Err(refuse("limit", format!("{n} is not between 1 and {max}"))),
    }
}

impl SearchArgs {
    /// Checks the call against the vault's domains.
    pub fn check(self, domains: &Domains) -> Result<Search, ArgError> {
        let domain = given(self.domain).map(|d| d.to_lowercase());
        if let Some(d) = &domain {
            let mut known: Vec<&str> = domains.all.iter().map(|x| x.name.as_str()).collect();
            known.push("measures");
            if !known.contains(&d.as_str()) {
                return Err(refuse(
                    "domain",
                    format!("no domain `{d}`; the domains are {}", known.join(", ")),
                ));
            }
        }
        if let Some(q) = &self.query {
            if !q.trim().is_empty() {
                text("query", q)?;
            }
        }
        Ok(Search {
            query: given(self.query),
            period: Period::checked(self.from, self.to)?,
            domain,
            limit: limit(self.limit, DEFAULT_ENTRIES, MAX_ENTRIES)?,
        })
    }
}

impl RecordsArgs {
    /// Checks the call (whether the activity and measure exist is the vault's to say).
    pub fn check(self) -> Result<Records, ArgError> {
        Ok(Records {
            activity: given(self.activity).map(|a| a.to_lowercase()),
            measure: given(self.measure).map(|m| m.to_lowercase()),
            period: Period::checked(self.from, self.to)?,
            limit: limit(self.limit, DEFAULT_ROWS, MAX_ROWS)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        v.as_object().unwrap().clone()
    }

    #[test]
    fn a_refusal_names_the_argument() {
        let e =
            parse::<AskArgs>(object(json!({"question": "x", "date": "last tuesday"}))).unwrap_err();
        assert_eq!(e.arg, "date");
        assert!(e.to_string().starts_with("argument `date`:"), "{e}");
        assert!(e.to_string().contains("YYYY-MM-DD"), "{e}");
        let e = parse::<AskArgs>(object(json!({}))).unwrap_err();
        assert!(e.to_string().contains("question"), "{e}");
        let e = parse::<AskArgs>(object(json!({"question": 5}))).unwrap_err();
        assert_eq!(e.arg, "question");
        let e = parse::<LogArgs>(object(json!({"text": "x", "when": "now"}))).unwrap_err();
        assert!(e.to_string().contains("`when`"), "{e}");
        let e = parse::<RecordsArgs>(object(json!({"from": "2026-11-20", "to": "2026-11-01"})))
            .unwrap()
            .check()
            .unwrap_err();
        assert_eq!(e.arg, "from");
        let e = parse::<RecordsArgs>(object(json!({"limit": 0})))
            .unwrap()
            .check()
            .unwrap_err();
        assert_eq!(e.arg, "limit");
        let e = parse::<RecordsArgs>(object(json!({"limit": -3}))).unwrap_err();
        assert_eq!(e.arg, "limit");
    }

    #[test]
    fn a_log_is_for_today_or_earlier() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 21).unwrap();
        assert!(past_day("date", Some(today), today).is_ok());
        assert!(past_day("date", None, today).is_ok());
        let e = past_day("date", today.succ_opt(), today).unwrap_err();
        assert_eq!(e.arg, "date");
        assert_eq!(text("text", " ").unwrap_err().arg, "text");
    }
}
