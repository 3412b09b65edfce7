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
//! `replay.rs` (a record to a game, every move judged).

mod board;
mod names;
mod numerals;
mod read;
mod replay;
mod write;

pub use names::Names;
pub use replay::{replay_kif, KifIllegal, KifReplay, ReadMove};
pub use write::{write_kif, write_moves};

use std::fmt;

/// The longest line a record may have, in bytes.
pub const MAX_LINE: usize = 1024;

/// The labels of the steps of a move through several squares: lishogi's first two, then
/// this project's extension for longer routes (a lion dog, ko shogi's double moves).
pub(crate) const STEP_LABELS: [&str; 6] =
    ["一歩目", "二歩目", "三歩目", "四歩目", "五歩目", "六歩目"];

/// Each variant's name in a `手合割` tag.
pub const VARIANT_NAMES: &[(&str, &str)] = &[
    ("tai", "大局将棋"),
    ("chu", "中将棋"),
    ("tenjiku", "天竺将棋"),
    ("dai", "大将棋"),
    ("dai-dai", "大大将棋"),
    ("maka-dai-dai", "摩訶大大将棋"),
    ("ko", "広将棋"),
];

/// The `手合割` value of a variant.
pub fn handicap_name(variant: &str) -> &'static str {
    VARIANT_NAMES
        .iter()
        .find(|(id, _)| *id == variant)
        .map_or("平手", |(_, name)| name)
}

/// Why a record cannot be read: a stable code, the line (1 = the first) and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KifError {
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

impl KifError {
    pub(crate) fn new(line: usize, code: &'static str, message: impl Into<String>) -> KifError {
        KifError {
            line,
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for KifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A record read in full: its game, every move legal.
#[derive(Debug)]
pub struct KifGame {
    pub game: crate::engine::game::Game,
    /// Each move in machine text, as read.
    pub moves: Vec<String>,
}

/// Reads a KIF record whose every move must be legal.
///
/// # Errors
/// As [`replay_kif`], and the first illegal move (code `kif_illegal_move`, its line and
/// the reason).
pub fn read_kif(
    rules: &crate::engine::variant::Rules,
    text: &str,
    max_moves: usize,
) -> Result<KifGame, KifError> {
    let mut moves = Vec::new();
    let replay = replay_kif(rules, text, max_moves, |m| moves.push(m.text.to_string()))?;
    if let Some(bad) = replay.illegal {
        return Err(KifError::new(
            bad.line,
            "kif_illegal_move",
            format!(
                "move {} (`{}`) is illegal: {}",
                bad.index + 1,
                bad.text,
                bad.reason
            ),
        ));
    }
    Ok(KifGame {
        game: replay.game,
        moves,
    })
}
