//! XBoard/CECP text: moves as HaChu writes them. Squares are chess-style, the file a letter
//! from the first player's left and the rank a number from the first player's side
//! (`our file = N + 1 − file letter index`, `our rank index = N + 1 − rank number`); a move of
//! several legs writes each leg `fromto`, joined by commas (`f5f6,f6e7`); a pass is the
//! piece's square twice (`f5f5`, or `@@@@`); promotion is a `+` suffix.

use super::WireError;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::shape::Shape;
use crate::engine::core::square::Square;
use crate::engine::movegen::{canonical_pass, pass_of};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The XBoard name of a variant, `None` when XBoard cannot play it.
pub fn variant_name(variant: &str) -> Option<&'static str> {
    match variant {
        "chu" => Some("chu"),
        "dai" => Some("dai"),
        "tenjiku" => Some("tenjiku"),
        _ => None,
    }
}

/// An XBoard square name.
pub fn square_to_wire(shape: Shape, sq: Square) -> String {
    let (x, y) = shape.coords(sq);
    let file = (b'a' + (shape.files as i32 - 1 - x) as u8) as char;
    format!("{file}{}", shape.ranks as i32 - y)
}

/// An XBoard square read.
fn square_from_wire(shape: Shape, text: &str) -> Option<Square> {
    let letter = *text.as_bytes().first()?;
    if !letter.is_ascii_lowercase() {
        return None;
    }
    let rank: i32 = text[1..].parse().ok()?;
    let x = shape.files as i32 - 1 - i32::from(letter - b'a');
    shape.square(x, shape.ranks as i32 - rank)
}

/// A move as XBoard writes it.
pub fn move_to_wire(_pos: &Position, rules: &Rules, mv: &Move) -> String {
    let shape = rules.variant.shape();
    let squares = mv.squares();
    let mut out = String::new();
    let pass = squares.len() == 2 && squares[1] == mv.from;
    if pass && _pos.cell(squares[0]).is_empty() {
        let s = square_to_wire(shape, mv.from);
        return format!("{s}{s}");
    }
    let mut at = mv.from;
    for (i, &sq) in squares.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str(&square_to_wire(shape, at));
        out.push_str(&square_to_wire(shape, sq));
        at = sq;
    }
    if mv.promo == Promo::Promote {
        out.push('+');
    }
    out
}

/// An XBoard move read as the arbiter's machine text (not judged: it may be illegal).
///
/// # Errors
/// When the text is not a move's text at all.
pub fn move_from_wire(pos: &Position, rules: &Rules, wire: &str) -> Result<String, WireError> {
    let shape = rules.variant.shape();
    let bad = || WireError::new(format!("not an XBoard move: {wire:?}"));
    let text = wire.trim();
    if text == "@@@@" {
        let (from, via) = canonical_pass(pos, rules).ok_or_else(bad)?;
        return Ok(format!(
            "{}{}{}",
            shape.name(from),
            shape.name(via),
            shape.name(from)
        ));
    }
    let (body, promo) = match text.strip_suffix('+') {
        Some(b) => (b, "+"),
        None => (text, ""),
    };
    let mut names = vec![];
    let mut at: Option<Square> = None;
    for leg in body.split(',') {
        let split = leg[1..]
            .find(|c: char| c.is_ascii_lowercase())
            .ok_or_else(bad)?
            + 1;
        let from = square_from_wire(shape, &leg[..split]).ok_or_else(bad)?;
        let to = square_from_wire(shape, &leg[split..]).ok_or_else(bad)?;
        match at {
            None => names.push(from),
            Some(prev) if prev == from => {}
            Some(_) => return Err(bad()),
        }
        names.push(to);
        at = Some(to);
    }
    if names.len() == 2 && names[0] == names[1] {
        let mv = pass_of(pos, rules, names[0]).ok_or_else(bad)?;
        return Ok(crate::engine::notation::format_move(shape, &mv));
    }
    let mut out: String = names.iter().map(|&s| shape.name(s).to_string()).collect();
    out.push_str(promo);
    Ok(out)
}
