//! Counting one piece's moves, for perft's reuse of counts between sibling positions
//! (positions one move apart from a common parent): under the basic generation
//! ([`Generation::Basic`]) a position's move count is the sum of its pieces' counts plus
//! one when any piece can pass, and a piece's count depends only on the squares its
//! generation reads, which [`reach`] bounds.
//!
//! What the bound rests on, kind by kind: a range (slide) reads its squares from the
//! piece up to the first occupied one, so a changed square it reads has no piece between
//! it and the piece; a leap reads its landing squares, a lion (獅子, shishi) and a
//! lion-like line power read within two squares, a lion dog (狛犬, komainu) within three,
//! a pass the neighbours. The emperor (reading the whole board) and the hook movers
//! (reading along their second legs) have no bound. Captures read their victims' squares;
//! the one rule that reads further (chu shogi's lion trading: whether the victim is
//! protected, the previous capture) asks only when the victim is a lion, so the caller
//! treats every square of a lion that may be captured as changed.

use super::gen::{Counter, Gen};
use super::{bans, jump};
use crate::engine::core::color::Color;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::movement::{Generation, Kind, KindSet};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// One piece's moves in a position, without the position's one pass, and whether it could
/// make that pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCount {
    pub moves: u64,
    pub passes: bool,
}

/// Whether a position's count under `rules` is the sum of its pieces' [`count_piece`]s
/// plus one for a pass, each bounded by [`reach`]: the basic generation (no route rules,
/// no burning, none of the kinds tenjiku shogi adds).
pub fn piece_counts_apply(rules: &Rules) -> bool {
    rules.generation == Generation::Basic
}

/// The moves of the piece on `from` (of the side to move, in a position that is not
/// terminal), where [`piece_counts_apply`].
pub fn count_piece(pos: &Position, rules: &Rules, from: Square) -> PieceCount {
    let mut counter = Counter::default();
    let mut gen = Gen::<Counter, false>::new(pos, rules, &mut counter, bans(rules), None);
    gen.piece(from);
    let passes = gen.pass.is_some();
    PieceCount {
        moves: counter.0,
        passes,
    }
}

/// How far off its lines a piece of `face` and side `us` reads: `Some(r)` when every
/// square its generation reads is either along one of the eight lines from it with no
/// piece between, or within `r` king steps (Chebyshev distance); `None` when no bound
/// holds (an emperor, a hook mover, the kinds of the extended generation).
pub fn reach(rules: &Rules, face: FaceId, us: Color) -> Option<u8> {
    let c = &rules.face(face).compiled[us.index()];
    let unbounded = KindSet::EXTRAS.intersects(c.kinds)
        || KindSet::ROUTES.intersects(c.kinds)
        || c.kinds.contains(Kind::Emperor)
        || c.kinds.contains(Kind::Hook);
    if unbounded {
        return None;
    }
    let mut r = u8::from(c.pass_lines != 0);
    for kind in c.kinds.iter() {
        let k = match kind {
            Kind::Jump => jump::start_reach(c),
            Kind::Lion | Kind::LineLion => 2,
            Kind::LionDog => 3,
            _ => 0,
        };
        r = r.max(k);
    }
    Some(r)
}
