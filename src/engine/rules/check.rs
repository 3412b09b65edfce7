//! Check, mate and stalemate as tai.md defines them: a side is in check when its opponent,
//! if it were to move now, has a legal move after which the side has no royal left; mate
//! is check with no legal move that escapes it (in variants where mate ends the game); a
//! side with no legal move at all is stalemated and loses; a side with no royal left has
//! lost at once.

use crate::engine::core::color::Color;
use crate::engine::core::moves::Move;
use crate::engine::core::square::Square;
use crate::engine::interrupt::stopped;
use crate::engine::movegen::{could_capture, generate, generate_from};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The squares of `side`'s royal pieces.
pub fn royals(pos: &Position, side: Color) -> Vec<Square> {
    pos.royal_squares(side).iter().collect()
}

/// Whether `side` is in check.
pub fn in_check(pos: &Position, rules: &Rules, side: Color) -> bool {
    let them = side.opponent();
    if pos.royal_count(them) == 0 {
        return false;
    }
    match pos.royal_count(side) {
        0 => false,
        1 => pos
            .royal_squares(side)
            .iter()
            .any(|r| could_capture(pos, rules, r, them)),
        _ => !checking_moves(pos, rules, side).is_empty(),
    }
}

/// The opponent's moves that would leave `side` without a royal (empty when not in check).
///
/// With two or more royals only a move that captures several pieces can take them all:
/// a move of a piece with lion-like power (a lion, linear lion or lion dog), whose
/// captures all lie within three squares of its start. Only such pieces near the first royal are asked for their moves.
pub fn checking_moves(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    let royals = royals(pos, side);
    if royals.len() < 2 {
        return checking_moves_by_definition(pos, rules, side);
    }
    let them = side.opponent();
    let geo = &rules.variant.geometry;
    let reach = MULTI_CAPTURE_REACH;
    let mut near = Vec::new();
    for dy in -reach..=reach {
        for dx in -reach..=reach {
            let Some(from) = geo.offset(royals[0], dx, dy) else {
                continue;
            };
            let cell = pos.cell(from);
            if !cell.is_color(them) {
                continue;
            }
            let c = &rules.face(cell.face_unchecked()).compiled[them.index()];
            if c.lion_power != 0 {
                near.push(from);
            }
        }
    }
    let mut moves = Vec::new();
    if near.is_empty() {
        return moves;
    }
    let flipped = pos.with_side_to_move(them);
    for from in near {
        generate_from(&flipped, rules, from, &mut moves);
    }
    moves.retain(|m| royals.iter().all(|r| m.squares().contains(r)));
    moves
}

/// How far from its start the captures of one move can lie (a lion dog's third square).
const MULTI_CAPTURE_REACH: i32 = 3;

/// [`checking_moves`] by the definition alone: every opponent move, kept when it takes
/// every royal (the reference the fast version is tested against).
pub fn checking_moves_by_definition(pos: &Position, rules: &Rules, side: Color) -> Vec<Move> {
    let royals = royals(pos, side);
    if royals.is_empty() {
        return Vec::new();
    }
    let flipped = pos.with_side_to_move(side.opponent());
    let mut moves = Vec::new();
    generate(&flipped, rules, &mut moves);
    moves.retain(|m| royals.iter().all(|r| m.squares().contains(r)));
    moves
}

/// Every legal move of the side to move that leaves it out of check or takes the
/// opponent's last royal (repetition aside): empty in a mate. Mate detection stops at the
/// first such move; this lists them all.
pub fn escapes(pos: &Position, rules: &Rules) -> Vec<Move> {
    let side = pos.side();
    let mut moves = Vec::new();
    generate(pos, rules, &mut moves);
    moves.retain(|m| {
        if stopped() {
            return false;
        }
        let mut after = pos.clone();
        after.play_unchecked(m, rules);
        leaves_check(&after, rules, side)
    });
    moves
}

/// Whether `side`, having just moved to `after`, is out of check or has taken the
/// opponent's last royal: the test of an escape.
pub fn leaves_check(after: &Position, rules: &Rules, side: Color) -> bool {
    after.royal_count(side.opponent()) == 0 || !in_check(after, rules, side)
}
