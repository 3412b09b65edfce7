//! Step 6 of playing a move (ko.md §4.7): every five-li fog near an immaculate light
//! reverts to a Taoist priest (O23–O26), then a side without a priest sees its promoted
//! thunderclap and flag waver revert (the priest link, O22).

use super::{Position, Turn};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Cause, Change, Effects};
use crate::engine::core::square::Square;
use crate::engine::variant::{flag, FogLightGeometry, PriestLoss, Reversions, Rules};

impl Position {
    /// Step 6: fog near light, then the priest link.
    pub(super) fn reversions(
        &mut self,
        turn: &Turn,
        reversions: Reversions,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let moved = (!turn.burned).then_some(turn.to);
        self.fog_near_light(moved, reversions, rules, effects.as_deref_mut());
        self.priest_link(turn, reversions, rules, effects);
    }

    /// Every five-li fog near an immaculate light reverts. `moved` is the square of the
    /// piece that made the move, if it is still on the board.
    fn fog_near_light(
        &mut self,
        moved: Option<Square>,
        rv: Reversions,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let geo = &rules.variant.geometry;
        let play = &rules.play;
        // One pass over the pieces finds both (perft plays a move per position).
        let (mut fogs, mut lights) = (Vec::new(), Vec::new());
        for color in Color::ALL {
            for sq in self.occupied(color).iter() {
                let face = self.cell(sq).face_unchecked();
                if play.has(face, flag::FOG | flag::LIGHT) {
                    if play.has(face, flag::FOG) {
                        fogs.push((sq, color));
                    }
                    if play.has(face, flag::LIGHT) {
                        lights.push((sq, color));
                    }
                }
            }
        }
        if fogs.is_empty() || lights.is_empty() {
            return;
        }
        if rv.fog_light_on_move_only {
            let Some(m) = moved else {
                return;
            };
            let face = self.cell(m).face_unchecked();
            if play.has(face, flag::FOG) {
                fogs.retain(|&(s, _)| s == m);
            } else if play.has(face, flag::LIGHT) {
                lights.retain(|&(s, _)| s == m);
            } else {
                return;
            }
        }
        for (f, fog_color) in fogs {
            let near = lights.iter().any(|&(l, light_color)| {
                if rv.fog_light_opposing_only && light_color == fog_color {
                    return false;
                }
                let line = geo.line(f, l);
                let within = match rv.fog_light_geometry {
                    FogLightGeometry::EightLinesLe5 => line.is_some_and(|(_, n)| n <= 5),
                    FogLightGeometry::ChebyshevLe5 => geo.distance(f, l) <= 5,
                };
                let clear = !rv.fog_light_line_of_sight
                    || line.is_none_or(|(d, n)| {
                        geo.ray(f, d)
                            .iter()
                            .take(n as usize - 1)
                            .all(|&s| self.cell(s).is_empty())
                    });
                within && clear
            });
            if near {
                self.revert(f, rules, effects.as_deref_mut());
            }
        }
    }

    /// A side without a priest sees its promoted priest-linked pieces revert.
    fn priest_link(
        &mut self,
        turn: &Turn,
        rv: Reversions,
        rules: &Rules,
        mut effects: Option<&mut Effects>,
    ) {
        let play = &rules.play;
        for color in Color::ALL {
            let lost = match rv.priest_loss {
                PriestLoss::AnyMeans => !self
                    .occupied(color)
                    .iter()
                    .any(|sq| play.has(self.cell(sq).face_unchecked(), flag::PRIEST)),
                PriestLoss::UnpromotedDisplacedOnly => turn.priest_displaced[color.index()],
            };
            if !lost {
                continue;
            }
            for sq in self.occupied(color).iter() {
                let face = self.cell(sq).face_unchecked();
                if face.promoted() && play.has(face, flag::PRIEST_LINK) {
                    self.revert(sq, rules, effects.as_deref_mut());
                }
            }
        }
    }

    /// Turns the promoted piece on `sq` back to its unpromoted side.
    fn revert(&mut self, sq: Square, rules: &Rules, effects: Option<&mut Effects>) {
        let face = self.cell(sq).face_unchecked().kind().face(false);
        let back = self.change(sq, face, rules);
        if let Some(e) = effects {
            let royal = rules.face(face).royal;
            e.push(sq, back, Cause::Changed(Change::Reversion), royal);
        }
    }
}
