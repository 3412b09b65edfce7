//! The emperor (自在天王, jizai tennō, "free king"): a jump to any empty square, and
//! captures restricted by option `emperor_capture`, with tai.md's recursive protection
//! rule; judging one jump without generating the rest, and the first-square filter.
//! Emperors attack no square in [`crate::engine::attack`]'s sense: their captures are
//! asked of [`emperor_may_capture`] (and, with the attacks, of `movegen::could_capture`).

use super::gen::{Gen, MoveSink};
use crate::engine::attack::attacked;
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::interrupt::stopped;
use crate::engine::position::Position;
use crate::engine::variant::{EmperorCapture, Rules};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    pub(super) fn emperor_moves(&mut self, from: Square, face: FaceId) {
        let pos = self.pos;
        let n = self.geo.shape.len();
        if S::COUNT_ONLY {
            let pieces = pos.occupied(Color::Black).count() + pos.occupied(Color::White).count();
            self.sink.add((n - pieces as usize) as u64);
        } else {
            for i in 0..n {
                let to = Square(i as u16);
                if pos.cell(to).is_empty() {
                    self.sink.push(Move::simple(from, to, Promo::None));
                }
            }
        }
        // Under `unprotected`, a victim with a neighbour of its own that could recapture
        // is out at the price of one byte (the test below would say the same).
        let them = self.us.opponent();
        let guarded_out = self.rules.emperor_capture == EmperorCapture::Unprotected;
        for to in pos.occupied(them).iter() {
            if guarded_out && pos.neighbour_guarded(to, them, self.rules) {
                continue;
            }
            if emperor_may_capture(pos, self.rules, from, to) {
                self.emit_simple(from, to, face);
            }
        }
    }
}

/// tai.md `emperor_capture`: whether the emperor on `from` may capture the enemy piece on
/// `to` (whoever is to move).
pub(crate) fn emperor_may_capture(pos: &Position, rules: &Rules, from: Square, to: Square) -> bool {
    let victim_royal = rules.face(pos.cell(to).face_unchecked()).royal;
    match rules.emperor_capture {
        EmperorCapture::Unrestricted => return true,
        EmperorCapture::RoyalsOnly if !victim_royal => return true,
        _ => {}
    }
    let us = pos.cell(from).color_unchecked();
    if attacked(pos, rules, to, us.opponent(), &[from]) {
        return false;
    }
    // Their emperors protect `to` only if it is unprotected for them in turn; another
    // emperor of ours counts as able to recapture.
    let we_have_another = pos.emperors(us).iter().any(|s| s != from);
    we_have_another
        || !pos
            .emperors(us.opponent())
            .iter()
            .any(|f| f != to && !attacked(pos, rules, to, us, &[from, f]))
}

/// Whether an emperor of `by` may capture the enemy piece on `target`: the emperors'
/// share of "could `by` capture there", asking the interrupt between emperors.
pub(super) fn any_may_capture(pos: &Position, rules: &Rules, target: Square, by: Color) -> bool {
    pos.emperors(by)
        .iter()
        .any(|f| !stopped() && emperor_may_capture(pos, rules, f, target))
}

/// The emperor's move from `from` to the single square `to`, judged without generating
/// its capture of every enemy piece: a jump to an empty square or an allowed capture, by a
/// piece whose face moves as an emperor and never promotes (so the move has no mark).
/// `None` when the general path must judge (another piece, a refused capture, which that
/// path classifies).
pub fn single_jump(pos: &Position, rules: &Rules, from: Square, to: Square) -> Option<Move> {
    let face = rules.face(pos.cell(from).face_unchecked());
    if !face.compiled[pos.side().index()].emperor || face.promotes_to.is_some() || to == from {
        return None;
    }
    let target = pos.cell(to);
    let allowed = target.is_empty()
        || (target.is_color(pos.side().opponent()) && emperor_may_capture(pos, rules, from, to));
    allowed.then(|| Move::simple(from, to, Promo::None))
}

/// Whether the side to move's piece on `from` moves as an emperor.
pub(super) fn moves_as_one(pos: &Position, rules: &Rules, from: Square) -> bool {
    rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()].emperor
}

/// The first-square filter: an emperor may go to any square.
pub(crate) fn may_start_towards() -> bool {
    true
}
