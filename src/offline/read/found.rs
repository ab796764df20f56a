//! What the readers found in one entry, gathered before it becomes a record.

use std::collections::BTreeMap;

use serde_json::{json, Map, Value};

use crate::vault::parsed::Measure;

/// One run as read so far.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Run {
    pub distance_km: Option<f64>,
    pub duration_min: Option<f64>,
    pub pace_min_per_km: Option<f64>,
    pub kind: Option<String>,
    /// The distance the run's name tells (a parkrun is 5 km), for a time logged without one.
    pub course_km: Option<f64>,
    /// All the repeats of an interval session (`6x400m`: 2.4 km), for one logged without
    /// its total.
    pub work_km: Option<f64>,
    /// How many runs this one stands for, when it sums several (a month's row).
    pub count: Option<u32>,
    /// Its distance was written under a label (`距离：21.4km`, `Distance: 8 km`).
    pub labelled: bool,
}

impl Run {
    pub fn is_empty(&self) -> bool {
        self.distance_km.is_none() && self.duration_min.is_none() && self.pace_min_per_km.is_none()
    }

    fn to_json(&self) -> Map<String, Value> {
        let mut o = Map::new();
        let mut put = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                o.insert(k.to_string(), v);
            }
        };
        put("distance_km", self.distance_km.map(|x| json!(round2(x))));
        put("duration_min", self.duration_min.map(|x| json!(round2(x))));
        put(
            "pace_min_per_km",
            self.pace_min_per_km.map(|x| json!(round2(x))),
        );
        put("kind", self.kind.clone().map(Value::String));
        put("count", self.count.map(|n| json!(n)));
        o
    }
}

/// Everything read from an entry so far.
#[derive(Debug, Default)]
pub struct Found {
    /// Single-valued fields: domain -> field -> value (the first reading wins).
    fields: BTreeMap<String, Map<String, Value>>,
    pub lifts: Vec<Value>,
    pub felt: Option<String>,
    pub runs: Vec<Run>,
    /// The run later clauses without a run word of their own add to.
    pub open_run: Option<usize>,
    /// How many runs were found before the line being read.
    pub line_runs: usize,
    pub measures: Vec<Measure>,
    pub notes: Vec<String>,
    pub uncertain: Vec<String>,
    pub unreadable: Vec<String>,
}

impl Found {
    /// Sets `domain.field` unless a value is already there.
    pub fn set(&mut self, domain: &str, field: &str, value: Value) {
        self.fields
            .entry(domain.to_string())
            .or_default()
            .entry(field.to_string())
            .or_insert(value);
    }

    pub fn flag(&mut self, field: &str) {
        if !self.uncertain.iter().any(|f| f == field) {
            self.uncertain.push(field.to_string());
        }
    }

    /// The run a clause adds to: the open one, or a new one.
    pub fn run(&mut self, new: bool) -> &mut Run {
        let reuse = self.open_run.filter(|&i| !new || self.runs[i].is_empty());
        let i = match reuse {
            Some(i) => i,
            None => {
                self.runs.push(Run::default());
                self.runs.len() - 1
            }
        };
        self.open_run = Some(i);
        &mut self.runs[i]
    }

    /// Takes the domain data out: single fields, `strength.exercises` (+ `felt`), and
    /// `running` as one run's fields or, for several runs, as `running.runs[]`.
    pub fn take_data(&mut self) -> BTreeMap<String, Value> {
        let mut data: BTreeMap<String, Value> = std::mem::take(&mut self.fields)
            .into_iter()
            .filter(|(_, v)| !v.is_empty())
            .map(|(k, v)| (k, Value::Object(v)))
            .collect();
        if !self.lifts.is_empty() {
            let mut o = Map::new();
            o.insert(
                "exercises".into(),
                Value::Array(std::mem::take(&mut self.lifts)),
            );
            if let Some(felt) = self.felt.take() {
                o.insert("felt".into(), json!(felt));
            }
            data.insert("strength".into(), Value::Object(o));
        }
        let mut runs: Vec<Value> = self
            .runs
            .iter()
            .filter(|r| !r.is_empty())
            .map(|r| Value::Object(r.to_json()))
            .collect();
        match runs.len() {
            0 => {}
            1 => {
                data.insert("running".into(), runs.remove(0));
            }
            _ => {
                data.insert("running".into(), json!({ "runs": runs }));
            }
        }
        data
    }
}

pub fn round2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}
