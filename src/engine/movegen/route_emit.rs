//! Ko shogi's moves from routes (ko.md §3–§5): the choices of shots a route allows (a
//! fog's or light's shot between its legs made in step 1, before the passive burn), the
//! promotion marks it may carry (on the spot, by the zone, none for a piece burned on
//! arrival), and the fold of a multi-leg piece's routes by effect into one move each,
//! written the shortest way, then with its shots from the final point, then first in
//! square order.

use super::gen::{Gen, MoveSink};
use super::route_state::{EffectKey, ShotSet, MAX_CAPTURES};
use super::routes::{Piece, Route};
use crate::engine::core::moves::{Move, Promo, ShotsFrom, MAX_LISTED};
use crate::engine::core::square::Square;
use crate::engine::variant::{ShootTiming, Victim};

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Emits a route with every choice of shots and promotion marks it allows. A fog's or
    /// light's shot between its legs is made in step 1, before the passive burn (ko.md §4.2,
    /// settled 2026-11-28): it stands when the piece is then burned, and a flame it removes
    /// burns nothing; a burned piece makes no shot from its final point and never promotes.
    pub(crate) fn route(&mut self, p: &Piece<'_>, r: &Route, multi: bool) {
        let pass = r.to == p.from && r.caps().is_empty();
        let burned = self.rt().flames_near && self.burns(p.from, r.to, r.caps(), None);
        let shooter = match p.kf.shooter {
            Some(s)
                if !pass
                    && self.routing().shoot_timing != ShootTiming::InsteadOfMove
                    && (!burned || (s.each_leg && r.leg1.is_some())) =>
            {
                s
            }
            // The common case: no shots, one set of marks.
            _ => {
                let mv = Move::new(p.from, r.text(), Promo::None);
                let spot = !burned && r.caps().iter().any(|&c| self.promotes_capturer(p, c));
                let zone = p.can_promote && !burned && !pass && self.zone_trigger(p.from, r);
                self.marks(p, mv, r, ShotSet::NONE, spot, zone, multi);
                return;
            }
        };
        self.rt_mut().shot_sets.clear();
        self.rt_mut().shot_sets.push(ShotSet::NONE);
        self.collect_shots(p, shooter, r);
        for i in 0..self.rt().shot_sets.len() {
            let set = self.rt().shot_sets[i];
            let between = (set.from == ShotsFrom::FirstLeg).then(|| set.targets()[0]);
            let burned = burned && self.burns(p.from, r.to, r.caps(), between);
            if burned && set.targets().len() > usize::from(between.is_some()) {
                continue;
            }
            let spot = !burned
                && (r.caps().iter().any(|&c| self.promotes_capturer(p, c))
                    || (self.routing().shot_capture_promotes
                        && set.targets().iter().any(|&t| self.promotes_capturer(p, t))));
            let zone = p.can_promote && !burned && !pass && self.zone_trigger(p.from, r);
            let text = match set.from {
                ShotsFrom::FirstLeg => {
                    let (leg1, _) = r.leg1.expect("a first-leg shot has a leg");
                    if r.text().first() == Some(&leg1) {
                        Move::new(p.from, r.text(), Promo::None)
                    } else {
                        let mut t = [leg1; MAX_LISTED];
                        let n = r.text().len();
                        t[1..=n].copy_from_slice(r.text());
                        Move::new(p.from, &t[..=n], Promo::None)
                    }
                }
                ShotsFrom::Final => Move::new(p.from, r.text(), Promo::None),
            };
            let mv = text.with_shots(set.targets(), set.from);
            self.marks(p, mv, r, set, spot, zone, multi);
        }
    }

    /// Emits `mv` with the promotion marks it may carry: `+` alone on the spot (or under a
    /// compulsory zone), `+` and `=` by an optional zone, none otherwise.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn marks(
        &mut self,
        p: &Piece<'_>,
        mv: Move,
        r: &Route,
        set: ShotSet,
        spot: bool,
        zone: bool,
        multi: bool,
    ) {
        if !p.can_promote || !(spot || zone) {
            self.out(mv, r, set, false, multi);
        } else if spot || self.routing().zone_compulsory {
            self.out(mv.with_promo(Promo::Promote), r, set, true, multi);
        } else {
            self.out(mv.with_chosen_promo(Promo::Promote), r, set, true, multi);
            self.out(mv.with_chosen_promo(Promo::Decline), r, set, false, multi);
        }
    }

    /// Sends a move to the sink, or to the buffer of a multi-leg piece under its effect.
    fn out(&mut self, mv: Move, r: &Route, set: ShotSet, promoted: bool, multi: bool) {
        if !multi {
            self.sink.push(mv);
            return;
        }
        let mut caps = [Square(u16::MAX); MAX_CAPTURES];
        caps[..r.caps().len()].copy_from_slice(r.caps());
        caps.sort_unstable();
        let mut shots = [Square(u16::MAX); 2];
        shots[..set.targets().len()].copy_from_slice(set.targets());
        shots.sort_unstable();
        self.rt_mut().buf.push((
            EffectKey {
                to: r.to,
                caps,
                shots,
                promoted,
            },
            mv,
        ));
    }

    /// Emits the buffered moves of a multi-leg piece, one per effect: its shortest text,
    /// then the one with its shots from the final point, then the first in square order
    /// (ko.md §5); `=` where some route of the effect could promote and decline, none where
    /// the routes that do not promote cannot (§5, settled 2026-11-28).
    pub(super) fn flush(&mut self) {
        let shape = self.rules.variant.shape();
        // Shortest first; a target shot between the legs or from the final point with the
        // same effect is written from the final point (`2e4e4g*4f`, not `2e4e*4f4g`); then
        // the listed points (shots after them) in square order.
        let order = |mv: &Move| {
            let mut keys = [(0, 0); MAX_LISTED];
            let listed = mv.squares().iter().chain(mv.shots());
            for (k, &s) in keys.iter_mut().zip(listed) {
                *k = shape.file_rank_key(s);
            }
            (
                mv.squares().len() + mv.shots().len(),
                mv.shots_from() == ShotsFrom::FirstLeg,
                keys,
            )
        };
        let mut buf = std::mem::take(&mut self.rt_mut().buf);
        buf.sort_by_key(|a| a.0);
        let mut i = 0;
        while i < buf.len() {
            let mut j = i + 1;
            while j < buf.len() && buf[j].0 == buf[i].0 {
                j += 1;
            }
            let group = &buf[i..j];
            let best = group
                .iter()
                .map(|(_, mv)| *mv)
                .min_by(|a, b| order(a).cmp(&order(b)))
                .expect("a group has a move");
            let declined = group.iter().any(|(_, mv)| mv.promo == Promo::Decline);
            self.sink.push(if declined {
                best.with_chosen_promo(Promo::Decline)
            } else {
                best
            });
            i = j;
        }
        buf.clear();
        self.rt_mut().buf = buf;
    }

    /// Whether capturing (or, under O15, shooting) the piece on `victim` promotes the
    /// piece on the spot (ko.md §4.6b).
    pub(super) fn promotes_capturer(&self, p: &Piece<'_>, victim: Square) -> bool {
        match self
            .routing()
            .face(self.pos.cell(victim).face_unchecked())
            .victim
        {
            Victim::No => false,
            Victim::Any => true,
            Victim::StepMover => p.kf.step_mover,
            Victim::Kind(k) => p.kf.moves_as == k,
        }
    }

    /// Whether a route may promote by the zone (ko.md §4.6a, O14).
    fn zone_trigger(&self, from: Square, r: &Route) -> bool {
        let inside = self.route_zone().contains(r.to)
            || r.leg1.is_some_and(|(s, _)| self.route_zone().contains(s));
        if self.routing().zone_entering_only {
            !self.route_zone().contains(from) && inside
        } else {
            self.route_zone().contains(from) || inside
        }
    }
}
