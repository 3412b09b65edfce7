//! Engine matches with the arbiter as referee (`shogi-arbiter match`, issue 33): engines run
//! as child processes speaking XBoard/CECP or USI, every move they make is ruled on in
//! process by the rules engine ([`crate::engine`]; no HTTP between referee and rules), and
//! each game is written as a record (KIF and JSON) that `POST /v1/replay` reads.
//!
//! Floors, lowest first: [`clock`] (time controls and the referee's clocks), [`player`]
//! (what the referee asks of a player, and how a player fails), [`protocol`] (how each
//! protocol writes moves, positions and variant names: pure text translation), [`process`]
//! (a child process over stdin/stdout, bounded in time and memory, always reaped),
//! [`clients`] (a [`player::Player`] over a process, one file per protocol), [`openings`]
//! (the openings file), [`stats`] (Elo interval and SPRT), [`record`] (game records and the
//! match summary), [`referee`] (one game), [`runner`] (a match: games in parallel, progress,
//! summary), [`args`] (the command line of `match`); beside them [`baseline`], the baseline
//! engine (a small engine speaking both protocols, over [`protocol`] and the engine).

pub mod args;
pub mod baseline;
pub mod clients;
pub mod clock;
pub mod openings;
pub mod player;
pub mod process;
pub mod protocol;
pub mod record;
pub mod referee;
pub mod runner;
#[cfg(test)]
mod scripted;
pub mod stats;
