//! Reading the person's YAML files (config, domains) with messages that name the file and
//! the key: `watch.debounce_ms: expected a number of milliseconds, got "two seconds"`.

use std::path::Path;

use serde::de::DeserializeOwned;

use crate::error::{Error, Result};

/// Reads a settings file as text. A folder, a missing file or bytes that are not UTF-8 are
/// configuration errors naming the file and what to do.
pub fn read_text(path: &Path) -> Result<String> {
    let config_error = |message: &str| Error::Config {
        path: path.to_path_buf(),
        message: message.to_string(),
    };
    if path.is_dir() {
        return Err(config_error(
            "is a folder, not a file: remove it or put a YAML file there",
        ));
    }
    let bytes = std::fs::read(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => config_error("no such file"),
        _ => Error::io(path, e),
    })?;
    String::from_utf8(bytes).map_err(|_| {
        config_error("is not UTF-8 text (a binary file?): replace it with a YAML file or delete it")
    })
}

/// Deserializes `value`, naming the key of the first bad value in the error.
pub fn from_value<T: DeserializeOwned>(value: serde_yaml::Value, path: &Path) -> Result<T> {
    serde_path_to_error::deserialize(value).map_err(|e| {
        let key = e.path().to_string();
        let message = plain_message(&key, &e.into_inner().to_string());
        Error::Config {
            path: path.to_path_buf(),
            message: if key == "." {
                message
            } else {
                format!("{key}: {message}")
            },
        }
    })
}

/// Turns serde's `invalid type: string "x", expected u64` into words a person reads:
/// `expected a number of milliseconds, got "x"`.
fn plain_message(key: &str, serde_message: &str) -> String {
    let (found, expected) = match serde_message.split_once(", expected ") {
        Some((found, expected)) => (found, expected),
        None => return serde_message.to_string(),
    };
    let got = found
        .strip_prefix("invalid type: ")
        .or_else(|| found.strip_prefix("invalid value: "))
        .map(|g| {
            // `string "x"` -> `"x"`, `integer \`-1\`` -> `-1`
            let g = g
                .strip_prefix("string ")
                .or_else(|| g.strip_prefix("integer "))
                .or_else(|| g.strip_prefix("floating point "))
                .unwrap_or(g);
            g.trim_matches('`').to_string()
        });
    let Some(got) = got else {
        return serde_message.to_string();
    };
    let number = [
        "u8", "u16", "u32", "u64", "usize", "i32", "i64", "f32", "f64",
    ]
    .iter()
    .any(|t| expected.starts_with(t));
    let what = if number {
        let whole = expected.starts_with('u') || expected.starts_with('i');
        let unit = [
            ("_ms", "a number of milliseconds"),
            ("_s", "a number of seconds"),
            ("_bytes", "a number of bytes"),
        ]
        .iter()
        .find(|(suffix, _)| key.ends_with(suffix))
        .map(|(_, w)| *w);
        match (unit, whole && expected.starts_with('u')) {
            (Some(u), true) => format!("{u} (0 or more)"),
            (Some(u), false) => u.to_string(),
            (None, true) => "a whole number (0 or more)".to_string(),
            (None, false) => "a number".to_string(),
        }
    } else {
        expected.to_string()
    };
    format!("expected {what}, got {got}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)] // fields exist to be deserialized
    struct Watch {
        debounce_ms: Option<u64>,
    }
    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)] // fields exist to be deserialized
    struct Root {
        watch: Watch,
    }

    fn error(yaml: &str) -> String {
        let value: serde_yaml::Value = serde_yaml::from_str(yaml).unwrap();
        from_value::<Root>(value, Path::new("c.yaml"))
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn wrong_type_names_key_unit_and_value() {
        assert_eq!(
            error("watch:\n  debounce_ms: two seconds\n"),
            "c.yaml: watch.debounce_ms: expected a number of milliseconds (0 or more), got \"two seconds\""
        );
        assert_eq!(
            error("watch:\n  debounce_ms: -1\n"),
            "c.yaml: watch.debounce_ms: expected a number of milliseconds (0 or more), got -1"
        );
    }

    #[test]
    fn unreadable_files_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("b.yaml");
        std::fs::write(&bin, [0xff, 0xfe, 0x00]).unwrap();
        assert!(read_text(&bin)
            .unwrap_err()
            .to_string()
            .contains("not UTF-8"));
        assert!(read_text(dir.path())
            .unwrap_err()
            .to_string()
            .contains("is a folder"));
        assert!(read_text(&dir.path().join("none.yaml"))
            .unwrap_err()
            .to_string()
            .contains("no such file"));
    }
}
