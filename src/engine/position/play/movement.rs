//! Step 1 of playing a move (ko.md §3): the mover leaves its start, removes what a range
//! capture passes (every piece, friend or foe, in order of distance, then a friend it ends
//! on: taikyoku.md §4.3, §6), captures by displacement on its listed squares (and, for a
//! line move, every enemy it steps on, ko.md §4.5), shoots between its legs (a fog's or light's shot, §4.2), and arrives,
//! its promotion decided (by its mark, or by contagion); step 4, the shots from the final
//! square; and what a move not yet played captures.

use super::{Position, Turn};
use crate::engine::core::moves::{Effects, Move, Promo, Promotion, Removal, ShotsFrom};
use crate::engine::core::piece::{FaceId, Piece};
use crate::engine::core::square::Square;
use crate::engine::position::Extra;
use crate::engine::variant::{PromotionTime, Rules};

impl Position {
    /// Step 1: the movement, its captures and a shot between legs; the mover stands on
    /// its final square (promoted there when its promotion takes effect on arrival).
    pub(super) fn movement(
        &mut self,
        mv: &Move,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) -> Turn {
        let extra = if rules.lion_trading.is_some() {
            self.lion_capture_after(rules, mv)
        } else {
            Extra::None
        };
        let mover = self.take(mv.from, rules).expect("a legal move has a piece");
        let them = mover.color.opponent();
        let mut turn = Turn {
            mover,
            becomes: mover.face,
            face: mover.face,
            promotion: Promotion::None,
            to: mv.to(),
            pass: false,
            burned: false,
            extra,
            drum_lost: [false; 2],
            priest_displaced: [false; 2],
        };
        // A range capture removes what it passes, then a friend it ends on (taikyoku.md §6).
        if rules.play.range_captures {
            self.range_removals(mv, &mut turn, rules, effects.as_deref_mut());
        }
        let mut contagion: Option<FaceId> = None;
        let mut any_capture = false;
        let mut capture = |pos: &mut Position, sq: Square, turn: &mut Turn| {
            any_capture = true;
            let victim = pos.remove(sq, Removal::Capture, turn, rules, effects.as_deref_mut());
            if let Some(c) = rules.face(victim.face).contagion {
                contagion = Some(c);
            }
        };
        if let Some(line) = self.line_steps(mv, mover, rules) {
            for &sq in line {
                if self.cell(sq).is_color(them) {
                    capture(self, sq, &mut turn);
                }
            }
        }
        for &sq in mv.squares() {
            if self.cell(sq).is_color(them) {
                capture(self, sq, &mut turn);
            }
        }
        if mv.shots_from() == ShotsFrom::FirstLeg {
            for &t in mv.shots().iter().take(1) {
                self.remove(t, Removal::Shot, &mut turn, rules, effects.as_deref_mut());
            }
        }
        turn.pass = !mv.squares().is_empty() && !any_capture && turn.to == mv.from;
        let rule = rules.face(mover.face);
        (turn.becomes, turn.promotion) = match contagion {
            Some(c) if !rule.contagion_exempt => (c, Promotion::Contagion),
            _ => match (mv.promo, rule.promotes_to) {
                (Promo::Promote, Some(p)) if mv.promotion_optional() => (p, Promotion::Chosen),
                (Promo::Promote, Some(p)) => (p, Promotion::Compulsory),
                (Promo::Decline, _) => (mover.face, Promotion::Declined),
                _ => (mover.face, Promotion::None),
            },
        };
        if rules.play.promotion == PromotionTime::OnArrival {
            turn.face = turn.becomes;
        }
        let piece = Piece {
            color: mover.color,
            face: turn.face,
        };
        self.put(turn.to, piece, rules);
        turn
    }

    /// The removals of a range capture before its final square's capture: every piece it
    /// passes, in order of distance, then a friend it ends on (out of line: only the rules
    /// with range captures ask).
    #[inline(never)]
    fn range_removals(
        &mut self,
        mv: &Move,
        turn: &mut Turn,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let Some(passed) = self.range_passed(mv, turn.mover, rules) else {
            return;
        };
        let (to, us) = (turn.to, turn.mover.color);
        for &sq in passed.iter().chain([&to]) {
            let cell = self.cell(sq);
            let removed = if sq == to {
                cell.is_color(us)
            } else {
                !cell.is_empty()
            };
            if removed {
                self.remove(sq, Removal::Capture, turn, rules, effects.as_deref_mut());
            }
        }
    }

    /// Step 4: the shots from the final square (every shot but one made between legs).
    pub(super) fn shots_from_final(
        &mut self,
        mv: &Move,
        turn: &mut Turn,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let between = usize::from(mv.shots_from() == ShotsFrom::FirstLeg);
        for &t in mv.shots().iter().skip(between) {
            self.remove(t, Removal::Shot, turn, rules, effects.as_deref_mut());
        }
    }

    /// The squares a line move (ko.md §4.5, written `from to`) steps on between its ends,
    /// where `mover` makes `mv` as one; `None` for any other move.
    #[inline]
    fn line_steps(&self, mv: &Move, mover: Piece, rules: &Rules) -> Option<&'static [Square]> {
        if !rules.play.line_captures {
            return None;
        }
        let geo = &rules.variant.geometry;
        let [to] = mv.squares() else { return None };
        let (d, dist) = geo.line(mv.from, *to)?;
        // A line move goes where the face has a line but no range (a range there is an
        // ordinary move that captures only on its last square).
        let m = &rules.face(mover.face).compiled[mover.color.index()];
        (m.slide_max[d] == 0 && i32::from(m.line[d]) >= dist)
            .then(|| &geo.ray(mv.from, d)[..dist as usize - 1])
    }

    /// The squares a range capture (taikyoku.md §4.3, written `from to`) passes, where
    /// `mover` makes `mv` as one (along one of its range-capture lines); `None` for any
    /// other move.
    fn range_passed(&self, mv: &Move, mover: Piece, rules: &Rules) -> Option<&'static [Square]> {
        if !rules.play.range_captures {
            return None;
        }
        let geo = &rules.variant.geometry;
        let [to] = mv.squares() else { return None };
        let (d, dist) = geo.line(mv.from, *to)?;
        let m = &rules.face(mover.face).compiled[mover.color.index()];
        (m.rangecapture & (1 << d) != 0).then(|| &geo.ray(mv.from, d)[..dist as usize - 1])
    }

    /// The squares whose pieces `mv` (not yet played) removes by the range-capture rule, in
    /// order: every piece it passes, friend or foe, then a friend it ends on (empty for
    /// any other move). The enemy on its final square is its capture, not listed here.
    pub fn range_removed(&self, mv: &Move, rules: &Rules) -> Vec<Square> {
        let Some(mover) = self.cell(mv.from).piece() else {
            return Vec::new();
        };
        let Some(passed) = self.range_passed(mv, mover, rules) else {
            return Vec::new();
        };
        let mut out: Vec<Square> = passed
            .iter()
            .copied()
            .filter(|&s| !self.cell(s).is_empty())
            .collect();
        if self.cell(mv.to()).is_color(mover.color) {
            out.push(mv.to());
        }
        out
    }

    /// The squares `mv` (not yet played) captures by displacement, in order, each once:
    /// the enemies a line move steps on between its ends, then the listed squares holding
    /// an enemy.
    pub fn displaced(&self, mv: &Move, rules: &Rules) -> Vec<Square> {
        let Some(mover) = self.cell(mv.from).piece() else {
            return Vec::new();
        };
        let them = mover.color.opponent();
        let mut out: Vec<Square> = self
            .line_steps(mv, mover, rules)
            .unwrap_or_default()
            .iter()
            .copied()
            .filter(|&s| self.cell(s).is_color(them))
            .collect();
        for &sq in mv.squares() {
            if self.cell(sq).is_color(them) && !out.contains(&sq) {
                out.push(sq);
            }
        }
        out
    }

    /// The extra field after `mv` (judged before it is played) in a variant with
    /// lion-trading rules: the square of the last lion it captures when the mover is not a
    /// lion (the counter-strike square), else nothing.
    fn lion_capture_after(&self, rules: &Rules, mv: &Move) -> Extra {
        if rules.face(self.cell(mv.from).face_unchecked()).lion {
            return Extra::None;
        }
        let (captured, n) = self.captures(mv);
        captured[..n]
            .iter()
            .rev()
            .find(|&&s| rules.face(self.cell(s).face_unchecked()).lion)
            .map_or(Extra::None, |&s| Extra::LionCapture(s))
    }

    /// The squares on which `mv` (not yet played) captures, in order, each once.
    pub fn captures(&self, mv: &Move) -> ([Square; 3], usize) {
        let them = self.cell(mv.from).color_unchecked().opponent();
        let mut captured = [mv.from; 3];
        let mut n = 0;
        for &sq in mv.squares() {
            if self.cell(sq).is_color(them) && !captured[..n].contains(&sq) {
                captured[n] = sq;
                n += 1;
            }
        }
        (captured, n)
    }
}
