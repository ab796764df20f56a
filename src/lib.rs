//! vault-agent: a companion for Obsidian-style markdown vaults.
//!
//! The vault is the database. Notes are read with comrak (never re-rendered), split into
//! dated entries, indexed by date, and searched with grep-searcher. Questions (`?` lines)
//! are answered by the [`flow`] and written back as callouts with byte-range splices and
//! atomic renames, so nothing a person wrote is ever rewritten.
//!
//! Data flows one way: [`cli`] / [`watch`] / [`serve`] / [`mcp`] -> [`process`] (also [`input`],
//! [`import`]) -> [`flow`] -> [`agents`] (through [`llm`], with [`prompts`] and [`domains`])
//! or the deterministic [`offline`] engine -> [`vault`].

pub mod agents;
pub mod blocking;
pub mod cli;
pub mod config;
pub mod domains;
pub mod error;
pub mod flow;
pub mod import;
pub mod input;
pub mod llm;
pub mod mcp;
pub mod offline;
pub mod process;
pub mod prompts;
pub mod serve;
pub mod vault;
pub mod watch;

pub use error::{Error, Result};

/// mimalloc instead of the system allocator: a pass allocates and frees millions of small
/// strings on several threads, where glibc's malloc spent about an eighth of the CPU.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
