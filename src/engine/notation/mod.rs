//! Text formats of the notation contract: position text (comma and SFEN forms), machine
//! move text (USI-like), and the Hodges/TSA human move text.

mod echo;
mod hodges;
mod move_text;
mod position_text;

pub use echo::{char_name, echo, ECHO_CHARS};
pub use hodges::read::parse_hodges;
pub use hodges::write::{format_hodges, format_hodges_all};
pub use hodges::HodgesError;
pub use move_text::format_move;
pub use move_text::parse_move_text;
pub use move_text::MoveText;
pub use move_text::MoveTextError;
pub use move_text::TextSquares;
pub use move_text::MAX_MOVE_TEXT;
pub use position_text::format_position;
pub use position_text::format_position_after;
pub use position_text::format_position_of;
pub use position_text::parse_piece_token;
pub use position_text::parse_position;
pub use position_text::parse_valid_position;
pub use position_text::parse_valid_position_spans;
pub use position_text::piece_token;
pub use position_text::PositionProblem;
pub use position_text::RankSpans;
pub use position_text::MAX_POSITION_TEXT;
