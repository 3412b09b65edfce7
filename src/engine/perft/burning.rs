//! Perft's sibling counts ([`super::siblings`]) under burning rules (tenjiku shogi's fire
//! demon, 火鬼 kaki, tenjiku.md §5): which squares a child's count reads beyond those it
//! reads without burning, and so which squares widen the child's changed squares.
//!
//! What burning does to generation, derived from the rules and the generator:
//! - The active burn (a demon removing the enemy pieces next to where it ends) is an
//!   effect of a move, not part of its identity: a move is its piece, its squares and its
//!   promotion mark, never the squares it burns. The active burn never adds, removes or
//!   splits a move, so it reads nothing.
//! - The passive burn (a piece ending its move next to an enemy demon is removed) takes
//!   the promotion choice away (tenjiku.md §6.2 (ii): a burned piece has nothing to
//!   promote, the move is listed once, without a mark). A move with an optional promotion
//!   is then one move instead of two; a compulsory one changes its mark, not its number.
//!   So a move with a promotion choice reads the eight neighbours of its final square (for
//!   igui, its start square) for a fire demon of the opponent of the side to move, other
//!   than one it captures. Nothing else of a generated move depends on burning: every
//!   square passed on the way is read by the move's own kind already.
//! - `both_royals_lost = illegal` (tenjiku.md §7) drops a royal's capture of the last
//!   enemy royal when the royal is burned on arrival: such a royal already reads the whole
//!   board ([`Reads::Anywhere`](crate::engine::movegen::piece_count::Reads)).
//! - Whether the opponent has any demon at all is only a shortcut of the generator: with
//!   none, no final square has one next to it.
//!
//! So one piece's count reads, besides what it reads without burning, the neighbours of
//! the final squares of its moves, and only for what stands there being or not being an
//! enemy fire demon. Between the first child and another child that changes only where a
//! changed square gains or loses a demon of the opponent of the side to move (of the side
//! that moved into the children: a demon that moved, was burned on arrival, or a water
//! buffalo that promoted to one). Only those squares widen: their neighbours are treated
//! as changed, so that every piece that may end a move next to them (every piece reading
//! such a neighbour, and the piece standing on it, whose igui ends where it stands) is
//! counted again. Most children change no demon square and recount nothing more.
//!
//! Under burning rules the reference the children are counted from is not the first child
//! but the position itself with the other side to move ([`pass_turn`]): a child then
//! differs from it only on the squares of its own move (and its burns), not on those of
//! the first move too, so that the pieces reading the first move's squares are not
//! counted again in every child. Tenjiku shogi's generation reads nothing of a position
//! but its pieces and the side to move (no previous move, no extra state), so the position
//! with the turn passed counts as any child.

use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// Makes `reference` (a copy of the position whose children are counted) the reference of
/// the sibling counts under burning rules: the same position with the other side to move;
/// `false` (and nothing changed) under other rules, whose reference is the first child.
pub(super) fn pass_turn(rules: &Rules, reference: &mut Position) -> bool {
    if rules.burn.is_none() {
        return false;
    }
    let side = reference.side().opponent();
    reference.set_state(side, reference.extra(), reference.move_number());
    true
}

/// Adds to `changed` (the squares where `now` differs from `was`) the neighbours of each
/// of its squares where a fire demon of `demons` stands in one position and not in the
/// other; nothing outside burning rules.
pub(super) fn widen(
    was: &Position,
    now: &Position,
    rules: &Rules,
    demons: Color,
    changed: &mut Vec<Square>,
) {
    if rules.burn.is_none() {
        return;
    }
    let (before, after) = (was.fire_demons(demons), now.fire_demons(demons));
    let geo = &rules.variant.geometry;
    for i in 0..changed.len() {
        let d = changed[i];
        if before.contains(d) != after.contains(d) {
            changed.extend((0..8).filter_map(|dir| geo.neighbour(d, dir)));
        }
    }
}
