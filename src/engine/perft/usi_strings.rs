//! lishogi's move listing in chu shogi (中将棋, "middle general chess"): the USI strings
//! (lishogi's machine move text, `7g6f5e`) that shogiops, lishogi's rules library, lists
//! for one of this engine's moves, and their number. This engine lists each distinct
//! effect once (notation.md); shogiops lists some effects under several strings
//! (the research note "chu_lishogi" §3, "Listing convention"):
//! - a pass (jitto, じっと: stepping out to an empty square and back) once per piece that
//!   can pass and per empty neighbour it can pass through (`7g6f7g`, `7g8g7g`, ...), where
//!   this engine has one pass per position;
//! - a lion-power move that lands on one square only, once directly (`7g5e`) and once more
//!   through every empty square a two-step route may cross on the way (`7g6f5e`): for a
//!   lion or promoted kirin every empty square next to both the start and the end, for a
//!   horned falcon or soaring eagle the empty first square of its lion line when the move
//!   ends on the line's second square;
//! - every other move (igui, 居喰い: capturing next to the piece without moving; captures
//!   on the way) under one string, the one this engine writes.
//!
//! Both extra kinds of string have the legality of the move they spell (lishogi judges the
//! lion-trading rules alike for a direct jump and a route through an empty square), so the
//! number of strings of a move is a function of the position and the move alone.

use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::square::Square;
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The number of strings shogiops lists for `mv`, a legal move of the side to move in
/// `pos`.
#[inline]
pub(super) fn count(pos: &Position, rules: &Rules, mv: &Move) -> u64 {
    let mut n = 0;
    spell(pos, rules, mv, |_| n += 1);
    n
}

/// The strings shogiops lists for `mv` (a legal move of the side to move in `pos`), as
/// moves: `mv` itself first (for a pass: every piece's pass through every empty neighbour
/// it can pass through, in board order), then its routes through empty squares.
pub fn spellings(pos: &Position, rules: &Rules, mv: &Move) -> Vec<Move> {
    let mut out = Vec::new();
    spell(pos, rules, mv, |m| out.push(m));
    out
}

/// Calls `f` with every string shogiops lists for `mv`.
#[inline]
fn spell(pos: &Position, rules: &Rules, mv: &Move, mut f: impl FnMut(Move)) {
    match *mv.squares() {
        [via, back] if back == mv.from && pos.cell(via).is_empty() => passes(pos, rules, &mut f),
        [to] => {
            f(*mv);
            routes(pos, rules, mv.from, to, mv.promo, &mut f);
        }
        _ => f(*mv),
    }
}

/// Every pass of the side to move: each piece through each empty neighbour along its pass
/// lines.
fn passes(pos: &Position, rules: &Rules, f: &mut impl FnMut(Move)) {
    let geo = &rules.variant.geometry;
    let us = pos.side();
    for from in pos.occupied(us).iter() {
        let face = pos.cell(from).face_unchecked();
        let lines = rules.face(face).compiled[us.index()].pass_lines;
        for d in 0..8 {
            if lines & (1 << d) == 0 {
                continue;
            }
            if let Some(&via) = geo.ray(from, d).first() {
                if pos.cell(via).is_empty() {
                    f(Move::new(from, &[via, from], Promo::None));
                }
            }
        }
    }
}

/// The two-step routes through an empty square that end where the move from `from` to
/// `to` ends, for a piece with lion power (none for other pieces).
#[inline]
fn routes(
    pos: &Position,
    rules: &Rules,
    from: Square,
    to: Square,
    promo: Promo,
    f: &mut impl FnMut(Move),
) {
    let geo = &rules.variant.geometry;
    let c = &rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()];
    if c.lion {
        if geo.distance(from, to) > 2 {
            return;
        }
        for d in 0..8 {
            if let Some(mid) = geo.neighbour(from, d) {
                if geo.distance(mid, to) == 1 && pos.cell(mid).is_empty() {
                    f(Move::new(from, &[mid, to], promo));
                }
            }
        }
    } else if c.linelion_all != 0 {
        if let Some((d, 2)) = geo.line(from, to) {
            if c.linelion_all & (1 << d) != 0 {
                if let Some(&mid) = geo.ray(from, d).first() {
                    if pos.cell(mid).is_empty() {
                        f(Move::new(from, &[mid, to], promo));
                    }
                }
            }
        }
    }
}
