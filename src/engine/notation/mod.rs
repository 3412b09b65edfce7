//! Text formats of `shared/notation.md`: position text (comma and SFEN forms), machine
//! move text (USI-like), and the Hodges/TSA human move text.

mod hodges;
mod move_text;
mod position_text;

pub use hodges::{
    read::parse_hodges,
    write::{format_hodges, format_hodges_all},
    HodgesError,
};
pub use move_text::{format_move, parse_move_text, MoveText, MoveTextError, MAX_MOVE_TEXT};
pub use position_text::{
    format_position, format_position_after, format_position_of, parse_piece_token, parse_position,
    parse_valid_position, parse_valid_position_spans, piece_token, PositionProblem, RankSpans,
    MAX_POSITION_TEXT,
};
