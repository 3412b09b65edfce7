//! USI (the Universal Shogi Interface) text: moves and positions. For chu shogi this is
//! lishogi's USI (its square names and move text are the arbiter's machine text; its SFEN
//! is the arbiter's position text); for the other variants USI carries the arbiter's machine
//! move text and position text unchanged.

use super::WireError;
use crate::engine::core::moves::Move;
use crate::engine::notation::{format_move, format_position_of, parse_valid_position};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// A move as USI writes it.
pub fn move_to_wire(_pos: &Position, rules: &Rules, mv: &Move) -> String {
    format_move(rules.variant.shape(), mv)
}

/// A USI move read as the arbiter's machine text (not judged: it may be illegal).
///
/// # Errors
/// When the text is not a move's text at all.
pub fn move_from_wire(_pos: &Position, _rules: &Rules, wire: &str) -> Result<String, WireError> {
    let text = wire.trim();
    if text.is_empty()
        || !text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+=*?".contains(&b))
    {
        return Err(WireError::new(format!("not a USI move: {wire:?}")));
    }
    Ok(text.replace('?', "="))
}

/// The position as `position sfen` carries it (without the word `sfen`).
pub fn position_to_wire(rules: &Rules, pos: &Position) -> String {
    format_position_of(rules.variant, pos)
}

/// A `position sfen` text read as a position of these rules.
///
/// # Errors
/// When it is not a valid position of the variant.
pub fn position_from_wire(rules: &Rules, text: &str) -> Result<Position, WireError> {
    parse_valid_position(rules, text).map_err(|problems| {
        WireError::new(format!("not a position: {} problem(s)", problems.len()))
    })
}
