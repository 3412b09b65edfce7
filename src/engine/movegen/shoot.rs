//! Ko shogi's shots (ko.md §4.2): which enemies a shooter may shoot from a point (range,
//! blocked or over, immunities, the fog's protection under O7), the choices of shots after
//! a route (none, one, a pair for the Frankish cannon family with O6, one after each leg
//! for a fog or light), and the shots in place of O1's alternatives.

use super::gen::{Gen, MoveSink};
use super::route_state::ShotSet;
use super::routes::{Piece, Route};
use crate::engine::core::moves::{Move, Promo, ShotsFrom};
use crate::engine::core::square::Square;
use crate::engine::variant::{FogProtection, Shooter};

/// The board after a movement, as the shots see it: the shooter on `at`, its start
/// vacated, the captured and already shot points empty.
struct After<'s> {
    at: Square,
    from: Square,
    caps: &'s [Square],
    removed: &'s [Square],
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Adds to the shot sets (which hold "no shot") every choice of shots the piece may
    /// make after route `r` (ko.md §3 step 4).
    pub(super) fn collect_shots(&mut self, p: &Piece<'_>, shooter: Shooter, r: &Route) {
        let landing_ok = |at: Square, captured: bool| {
            at != p.from && (!self.routing().shot_needs_empty_landing || !captured)
        };
        let final_ok = landing_ok(r.to, r.caps().contains(&r.to));
        // The board seen from the final point.
        let at_final = After {
            at: r.to,
            from: p.from,
            caps: r.caps(),
            removed: &[],
        };
        let mut singles = Vec::new();
        if shooter.each_leg {
            let Some((p1, empty)) = r.leg1 else {
                if final_ok {
                    self.targets(p, shooter, &at_final, &mut singles);
                }
                for &t in &singles {
                    self.rt_mut()
                        .shot_sets
                        .push(ShotSet::of(&[t], ShotsFrom::Final));
                }
                return;
            };
            let mut firsts = vec![None];
            if landing_ok(p1, !empty) {
                let leg1_caps: &[Square] = if empty { &[] } else { &r.caps()[..1] };
                let after = After {
                    at: p1,
                    from: p.from,
                    caps: leg1_caps,
                    removed: &[],
                };
                self.targets(p, shooter, &after, &mut singles);
                firsts.extend(singles.drain(..).map(Some));
            }
            for first in firsts {
                let shot: Vec<Square> = first.into_iter().collect();
                let from = if first.is_some() {
                    ShotsFrom::FirstLeg
                } else {
                    ShotsFrom::Final
                };
                if first.is_some() {
                    self.rt_mut().shot_sets.push(ShotSet::of(&shot, from));
                }
                if final_ok {
                    let after = After {
                        at: r.to,
                        from: p.from,
                        caps: r.caps(),
                        removed: &shot,
                    };
                    let mut seconds = Vec::new();
                    self.targets(p, shooter, &after, &mut seconds);
                    for t in seconds {
                        let mut both = shot.clone();
                        both.push(t);
                        self.rt_mut().shot_sets.push(ShotSet::of(&both, from));
                    }
                }
            }
            return;
        }
        if !final_ok {
            return;
        }
        self.targets(p, shooter, &at_final, &mut singles);
        self.add_sets(p, shooter, &at_final, &singles);
    }

    /// The sets of one or two targets from one point, given its single targets.
    fn add_sets(&mut self, p: &Piece<'_>, shooter: Shooter, after: &After<'_>, singles: &[Square]) {
        let shape = self.rules.variant.shape();
        for &t in singles {
            self.rt_mut()
                .shot_sets
                .push(ShotSet::of(&[t], ShotsFrom::Final));
        }
        if shooter.shots < 2 {
            return;
        }
        let mut pairs: Vec<[Square; 2]> = Vec::new();
        for &a in singles {
            let mut seconds = Vec::new();
            if self.routing().second_shot_sees_first_removed {
                let removed = [a];
                let after_a = After {
                    removed: &removed,
                    ..*after
                };
                self.targets(p, shooter, &after_a, &mut seconds);
            } else {
                seconds.extend_from_slice(singles);
            }
            for b in seconds.into_iter().filter(|&b| b != a) {
                let mut pair = [a, b];
                pair.sort_by_key(|&s| shape.file_rank_key(s));
                if !pairs.contains(&pair) {
                    pairs.push(pair);
                }
            }
        }
        for pair in pairs {
            self.rt_mut()
                .shot_sets
                .push(ShotSet::of(&pair, ShotsFrom::Final));
        }
    }

    /// The enemies the piece may shoot from `after.at` (ko.md §4.2 "Which points"), in
    /// direction order, nearest first.
    fn targets(&self, p: &Piece<'_>, shooter: Shooter, after: &After<'_>, out: &mut Vec<Square>) {
        let family = p.kf.priest_family.is_some();
        let fog_near = |sq: Square| {
            self.rt().board.fogs[self.them.index()].iter().any(|f| {
                !after.caps.contains(&f)
                    && !after.removed.contains(&f)
                    && self.geo.distance(f, sq) <= 5
            })
        };
        if self.routing().fog_protection == FogProtection::ShooterZone
            && !family
            && fog_near(after.at)
        {
            return;
        }
        let empty = |s: Square| {
            s == after.from
                || after.caps.contains(&s)
                || after.removed.contains(&s)
                || self.pos.cell(s).is_empty()
        };
        let rays = self.geo.rays_from(after.at);
        for d in 0..8 {
            for (k, &s) in rays
                .towards(d)
                .iter()
                .take(usize::from(shooter.range))
                .enumerate()
            {
                if empty(s) {
                    continue;
                }
                let cell = self.pos.cell(s);
                if cell.is_color(self.them) {
                    let vf = self.routing().face(cell.face_unchecked());
                    let distance = k + 1;
                    let allowed = !shooter.immune.contains(vf.moves_as)
                        && match self.routing().fog_protection {
                            FogProtection::FogImmune => {
                                !vf.fog || (shooter.frankish && (6..=7).contains(&distance))
                            }
                            FogProtection::TargetZone => family || !fog_near(s),
                            FogProtection::ShooterZone => true,
                        };
                    if allowed {
                        out.push(s);
                    }
                }
                if !shooter.over {
                    break;
                }
            }
        }
    }

    /// Shots in place (O1 alternatives): the piece shoots without moving, written
    /// `from*target`. A piece standing next to an enemy poison flame would burn before it
    /// shot, so it has none.
    pub(super) fn shots_in_place(&mut self, p: &Piece<'_>) {
        let Some(shooter) = p.kf.shooter else {
            return;
        };
        if self.burns(p.from, p.from, &[], None) {
            return;
        }
        let after = After {
            at: p.from,
            from: p.from,
            caps: &[],
            removed: &[],
        };
        let mut singles = Vec::new();
        // `after.from` is the shooter's own point here, which the rays never reach.
        self.targets(p, shooter, &after, &mut singles);
        self.rt_mut().shot_sets.clear();
        let one = Shooter {
            shots: if shooter.each_leg { 1 } else { shooter.shots },
            ..shooter
        };
        self.add_sets(p, one, &after, &singles);
        for i in 0..self.rt().shot_sets.len() {
            let set = self.rt().shot_sets[i];
            let spot = p.can_promote
                && self.routing().shot_capture_promotes
                && set.targets().iter().any(|&t| self.promotes_capturer(p, t));
            let promo = if spot { Promo::Promote } else { Promo::None };
            self.push_direct(Move::shot_in_place(p.from, set.targets(), promo));
        }
    }
}
