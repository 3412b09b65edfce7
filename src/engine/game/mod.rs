//! A game: a start position and the moves played from it, with what only the history can
//! decide (repetition, option `repetition`) and the game's status after every move:
//! royals captured, bare king and lone royals (chu shogi), checkmate (tai shogi),
//! stalemate, a repetition that ends it (tai.md "Royals, check, mate, end of the game",
//! chu.md "Game end"). A bare position is a game without history: every ruling but
//! repetition applies.
//!
//! The history is compact (issue 14): per ply the move (10 bytes), what the repetition
//! rules ask of it (one byte of flags) and, in the game form, the position's key (8 bytes)
//! and its count; a copy of the position every [`CHECKPOINT_PLIES`] plies lets any earlier
//! position be rebuilt by replaying at most that many moves. What a move did in full (the
//! position before it, its effects) is handed to the caller when the move is played
//! ([`Played`]) and not kept.
//!
//! `picture.rs` draws a game: its position with the marks its state gives (last move,
//! check, ending).

mod history;
mod picture;
mod replay;
mod state;

pub use history::PlayedMove;
pub use picture::game_picture;
pub use replay::{outcome, replay, replay_from, replay_on, replay_with, Outcome, UndoPoint};
pub use state::{Candidate, Game, IllegalAt, Played, Status, CHECKPOINT_PLIES};
