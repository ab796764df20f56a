//! JSON schemas generated from the Rust output types, so prompt, schema and parser cannot
//! drift. Subschemas are inlined (Ollama's `format` and some servers reject `$ref`).

use schemars::generate::SchemaSettings;
use schemars::JsonSchema;
use serde_json::Value;

/// The output schema of `T`, self-contained (no `$ref`, no `$schema` header).
pub fn schema_for<T: JsonSchema>() -> Value {
    let schema = SchemaSettings::draft07()
        .with(|s| {
            s.inline_subschemas = true;
            s.meta_schema = None;
        })
        .into_generator()
        .into_root_schema_for::<T>();
    let mut value = schema.to_value();
    if let Some(obj) = value.as_object_mut() {
        obj.remove("definitions");
        obj.remove("title");
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Inner {
        a: u32,
    }

    #[derive(JsonSchema)]
    #[allow(dead_code)]
    struct Outer {
        inner: Vec<Inner>,
        label: Option<String>,
    }

    #[test]
    fn nested_types_are_inlined() {
        let s = schema_for::<Outer>();
        let text = s.to_string();
        assert!(!text.contains("$ref"), "{text}");
        assert_eq!(
            s["properties"]["inner"]["items"]["properties"]["a"]["type"],
            "integer"
        );
        assert_eq!(s["required"], serde_json::json!(["inner"]));
    }
}
