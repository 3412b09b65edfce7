//! KIF game records (棋譜, kifu: "game record"), read and written as lishogi does for chu
//! shogi and extended, in the same layout, to the larger variants (`docs/kif.md` gives
//! the layout, its sources and the extensions).
//!
//! A record is a header (tags such as `手合割` (handicap, here the variant), `先手` and
//! `後手` (the players), and a board diagram when the game does not start from the
//! initial setup), the line `手数----指手---------消費時間--`, then one line per move:
//! `   1手目   7八歩兵 （←7九）`. A move through several squares (a lion's double move,
//! igui (居喰い, capturing without moving), a pass) takes one line per step (`一歩目`,
//! `二歩目`, ...), a ko shogi shot one line more (`射撃`). The game's end follows as a
//! termination word (`詰み`, `投了`, ...) and a `まで` (summary) line.
//!
//! Files: `numerals.rs` (kanji numbers and squares), `names.rs` (piece names),
//! `board.rs` (board diagrams), `write.rs` (a game to text), `read.rs` (one line's parts),
//! `replay.rs` (a record to a game, every move judged), `terms.rs` (the error, limits
//! and labels they share).

mod board;
mod names;
mod numerals;
mod read;
mod replay;
mod terms;
mod write;

pub use names::Names;
pub use replay::{read_kif, replay_kif, KifGame, KifIllegal, KifReplay, ReadMove};
pub use terms::{KifError, MAX_LINE, STEP_LABELS};
pub use write::{write_kif, write_moves};
