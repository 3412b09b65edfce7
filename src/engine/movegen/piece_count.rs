//! Counting one piece's moves, for perft's reuse of counts between sibling positions
//! (positions one move apart from a common parent): outside the route rules a position's
//! move count is the sum of its pieces' counts plus one when any piece can pass, and a
//! piece's count depends only on the squares its generation reads, which [`reads`]
//! bounds.
//!
//! What the bound rests on, kind by kind: a range (slide) reads its squares from the
//! piece up to the first occupied one, so a changed square it reads has no piece between
//! it and the piece; a leap reads its landing squares, a lion (獅子, shishi) and a
//! lion-like line power read within two squares, a lion dog (狛犬, komainu) within three,
//! a pass the neighbours, an area mover its area; range jumps, range captures,
//! leap-slides and flying moves read along their lines past pieces. The emperor (reading
//! the whole board) and the hook movers (reading along their second legs) have no bound,
//! nor has a royal under `both_royals_lost = illegal` (it asks where the enemy royals are).
//! Under burning rules a move with a promotion choice reads its end's neighbours too (an
//! enemy fire demon there): the caller widens (`perft::burning`). Captures read their
//! victims' squares;
//! the one rule that reads further (chu shogi's lion trading: whether the victim is
//! protected, the previous capture) asks only when the victim is a lion, so the caller
//! treats every square of a lion that may be captured as changed.

use super::gen::{Gen, Tally};
use super::{bans, jump};
use crate::engine::core::color::Color;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::movement::{Generation, Kind};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// One piece's moves in a position, without the position's one pass, and whether it could
/// make that pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCount {
    pub moves: u64,
    pub passes: bool,
}

/// One piece's counting sink: a generation instance of its own, so that the whole
/// position's counting ([`super::Counter`]) stays as compiled before (sharing it, perft(1)
/// of tai, chu and dai ran 13% more instructions).
type PieceTally = Tally<1>;

/// What the generation of a piece reads besides the squares along its lines up to the
/// first piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reads {
    /// The squares within this many king steps (Chebyshev distance).
    Near(u8),
    /// Those, and every square along its eight lines, past pieces too (range jumps, range
    /// captures, leap-slides, flying moves).
    Lines(u8),
    /// Anything: an emperor, a hook mover, a royal under `both_royals_lost = illegal`.
    Anywhere,
}

/// Whether a position's count under `rules` is the sum of its pieces' [`count_piece`]s
/// plus one for a pass, each bounded by [`reads`]: every generation but the route rules'
/// (whose route state reads the whole board: ko shogi). Under burning rules (tenjiku
/// shogi) a move with a promotion choice reads its end's neighbours for an enemy fire
/// demon besides: the caller widens its changed squares where a demon came or went.
pub fn piece_counts_apply(rules: &Rules) -> bool {
    rules.routes.is_none()
}

/// The moves of the piece on `from` (of the side to move, in a position that is not
/// terminal), where [`piece_counts_apply`].
pub fn count_piece(pos: &Position, rules: &Rules, from: Square) -> PieceCount {
    let mut counter = PieceTally::default();
    let passes = match rules.generation {
        Generation::Basic => {
            let mut gen =
                Gen::<PieceTally, false>::new(pos, rules, &mut counter, bans(rules), None);
            gen.piece(from);
            gen.pass.is_some()
        }
        Generation::Extended => {
            let mut gen = Gen::<PieceTally, true>::new(pos, rules, &mut counter, bans(rules), None);
            gen.piece(from);
            gen.pass.is_some()
        }
    };
    PieceCount {
        moves: counter.0,
        passes,
    }
}

/// What the generation of a piece of `face` and side `us` reads ([`Reads`]), besides
/// (under burning rules) the enemy fire demons next to its moves' ends.
pub fn reads(rules: &Rules, face: FaceId, us: Color) -> Reads {
    let c = &rules.face(face).compiled[us.index()];
    let anywhere = c.kinds.contains(Kind::Emperor)
        || c.kinds.contains(Kind::Hook)
        || (rules.both_royals_illegal() && rules.face(face).royal);
    if anywhere {
        return Reads::Anywhere;
    }
    let mut r = u8::from(c.pass_lines != 0);
    let mut lines = false;
    for kind in c.kinds.iter() {
        let k = match kind {
            Kind::Jump => jump::start_reach(c),
            Kind::Igui => 1,
            Kind::Lion | Kind::LineLion | Kind::DoubleStep => 2,
            Kind::LionDog => 3,
            Kind::Area => c.area,
            Kind::RangeJump | Kind::RangeCapture | Kind::LeapSlide | Kind::Fly => {
                lines = true;
                0
            }
            // Ranges read along their lines up to the first piece; the route kinds move
            // only under route rules.
            Kind::Slide
            | Kind::Emperor
            | Kind::Hook
            | Kind::Double
            | Kind::Path
            | Kind::Line
            | Kind::Shoot => 0,
        };
        r = r.max(k);
    }
    if lines {
        Reads::Lines(r)
    } else {
        Reads::Near(r)
    }
}
