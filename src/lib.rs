//! shogi-arbiter: a stateless rules arbiter for the large historical shogi variants.
//!
//! The crate is a pure rules library ([`engine`]) with a thin HTTP layer ([`api`],
//! [`startup`]), a command-line front end ([`cli`], run by `main.rs`) and a conformance
//! runner that checks any server of the same API against the kit ([`conformance`]). Shogi (将棋) is
//! Japanese chess; the large variants this crate plays (tai, chu, tenjiku, dai, dai dai,
//! maka dai dai, ko and taikyoku shogi: the registry's list,
//! `engine::variant::VARIANT_IDS`) are played on boards of 12×12 to 36×36 squares.

pub mod api;
pub mod cli;
pub mod config;
pub mod conformance;
pub mod engine;
pub mod matches;
pub mod startup;
pub mod telemetry;
