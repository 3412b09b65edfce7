//! Game records: a whole game (start position, the moves played, how it ended) as a text
//! file other programs read and write. One format so far, [`kif`] (KIF, the Japanese
//! record format; lishogi's dialect for chu shogi, extended to the larger variants).
//!
//! This floor sits above [`crate::engine::game`]: reading a record replays it, every move
//! judged by the game's legality, and writing one walks a game's positions.

pub mod kif;
