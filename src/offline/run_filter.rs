//! Which runs a question is about: a kind (`LSD`, `인터벌`, `tempo runs`) or a least
//! distance (`10km 이상`, `runs over 10 km`, `10k+`).

use std::sync::OnceLock;

use super::pattern::Pattern;
use serde_json::Value;

use super::metric::runs;
use crate::vault::parsed::ParsedRecord;

/// The runs a question keeps; the default keeps them all.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunFilter {
    /// The kind of run named (`long`, `interval`, `tempo`...), as the reader stores it.
    pub kind: Option<String>,
    /// Only runs at least this long.
    pub min_km: Option<f64>,
    /// Only runs of about this race distance (within 3%: a 9.5 km tempo run is no 10k).
    pub about_km: Option<f64>,
}

impl RunFilter {
    /// The filter named in a lowercase question about runs.
    pub fn read(q: &str) -> Self {
        // "how long did I run" names no long run.
        let q = q.replace("how long", " ");
        RunFilter {
            kind: super::read::run_kind(&q),
            min_km: min_km(&q),
            about_km: None,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.kind.is_none() && self.min_km.is_none() && self.about_km.is_none()
    }

    fn keeps(&self, run: &Value) -> bool {
        let kind_ok = self
            .kind
            .as_deref()
            .is_none_or(|k| run.get("kind").and_then(Value::as_str) == Some(k));
        let distance_ok = self.min_km.is_none_or(|least| {
            run.get("distance_km")
                .and_then(Value::as_f64)
                .is_some_and(|d| d >= least - 1e-9)
        });
        let about_ok = self.about_km.is_none_or(|km| {
            run.get("distance_km")
                .and_then(Value::as_f64)
                .is_some_and(|d| about(d, km))
        });
        kind_ok && distance_ok && about_ok
    }

    /// The records holding a run it keeps, each with only those runs.
    pub fn apply(&self, records: Vec<ParsedRecord>) -> Vec<ParsedRecord> {
        if self.is_empty() {
            return records;
        }
        records
            .into_iter()
            .filter_map(|mut r| {
                let kept: Vec<Value> = runs(&r)
                    .into_iter()
                    .filter(|run| self.keeps(run))
                    .cloned()
                    .collect();
                match kept.len() {
                    0 => None,
                    1 => {
                        r.domain_data.insert("running".into(), kept[0].clone());
                        Some(r)
                    }
                    _ => {
                        r.domain_data
                            .insert("running".into(), serde_json::json!({ "runs": kept }));
                        Some(r)
                    }
                }
            })
            .collect()
    }
}

/// Whether `distance` is a run of `race` km (within 3%).
pub fn about(distance: f64, race: f64) -> bool {
    (distance - race).abs() <= race * 0.03 + 1e-9
}

/// `q` without its least distance (`how many runs over 15 km` -> `how many runs`): what is
/// left says what is asked.
pub fn without_least(q: &str) -> std::borrow::Cow<'_, str> {
    least().replace(q, " ")
}

/// `10km 이상`, `over 10 km`, `at least 10k`, `10k+`, `más de 10 km`, `10km以上`.
fn min_km(q: &str) -> Option<f64> {
    let c = least().captures(q)?;
    let n = c.get(1).or(c.get(2))?.as_str().replace(',', ".");
    n.parse().ok()
}

fn least() -> &'static Pattern {
    static RE: OnceLock<Pattern> = OnceLock::new();
    RE.get_or_init(|| {
        let km = r"(\d+(?:[.,]\d+)?)\s*(?:km|k|kms|킬로|키로|キロ|公里)";
        Pattern::new(&format!(
            r"(?:over|more than|at least|longer than|above|beyond|más de|mehr als|über|plus de|au moins)\s*{km}|{km}\s*(?:\+|or more|or longer|and up|이상|넘게|넘는|넘은|넘|초과|以上|超)"
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_and_least_distances_people_write() {
        assert_eq!(
            RunFilter::read("이번 달 lsd 몇 번 했어?").kind.as_deref(),
            Some("long")
        );
        assert_eq!(
            RunFilter::read("마지막 인터벌 언제였지?").kind.as_deref(),
            Some("interval")
        );
        assert_eq!(RunFilter::read("how long did i run").kind, None);
        assert_eq!(
            RunFilter::read("이번달 10km 이상 뛴 거 몇 번?").min_km,
            Some(10.0)
        );
        assert_eq!(
            RunFilter::read("runs over 15 km this year").min_km,
            Some(15.0)
        );
        assert_eq!(RunFilter::read("how many 10k+ runs").min_km, Some(10.0));
        assert_eq!(RunFilter::read("my fastest 10k").min_km, None);
    }
}
