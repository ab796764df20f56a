//! The offline engine: deterministic stand-ins for the agents, so the product works with no
//! model at all. Its answers are extractive and say so.

pub mod activities;
pub mod analyze;
pub mod answer;
pub mod ask;
pub mod body_parts;
pub mod chart;
pub mod collection;
pub mod correct;
pub mod cues;
pub mod dates;
pub mod day_named;
pub mod difference;
pub mod fields;
pub mod fingerprint;
pub mod kinds;
pub mod lookup;
pub mod mentions;
pub mod metric;
pub mod observer;
pub mod pattern;
pub mod periods;
pub mod provenance;
pub mod query;
pub mod read;
pub mod route;
pub mod run_filter;
pub mod say;
pub mod spans;
pub mod tallies;
pub mod threshold;
