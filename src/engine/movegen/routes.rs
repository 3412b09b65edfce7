//! Generation under route rules (the rules with shots, burns on arrival and on-the-spot
//! promotion: ko shogi, ko.md §3–§5), the route state ([`RouteState`]) the generation
//! context carries when the rules have route parameters. Every piece of the side to move
//! that no net freezes (the frozen-set filter) lands routes by each kind it has (`slide`,
//! `jump`, `line`, `double`, `path`, one file each), each route with the shots its piece may
//! make after it (`shoot`) and the promotion marks it may carry (`route_emit`): on the spot
//! by capture (§4.6b), by the zone (§4.6a), none for a piece burned on arrival (§3 step 2).
//! Routes with the same effect (final point, points captured by displacement, shot
//! targets, promotion choice) are one move, written the shortest way, then first in square
//! order (§5). The passes of a position are one move, except a pass that burns its piece,
//! which is a move of its own. The capture limits (shooters, the priest family, fortresses)
//! are the route rules' capture ban ([`Gen::may_capture`]).

use super::gen::{Gen, MoveSink, PassKind};
use super::route_state::MAX_CAPTURES;
use crate::engine::core::moves::{Move, Promo, MAX_LISTED};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::movement::{Compiled, Kind};
use crate::engine::variant::{ClerkPrecondition, PassiveBurn, RouteFace, ShootTiming};

/// One way a piece can move: where it ends, what it captures by displacement (in order),
/// the leg-1 point of a two-leg move, and the squares its text lists.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Route {
    pub to: Square,
    caps: [Square; MAX_CAPTURES],
    ncaps: u8,
    /// The leg-1 point of a two-leg move, with whether it was empty when the piece landed.
    pub leg1: Option<(Square, bool)>,
    text: [Square; MAX_LISTED],
    ntext: u8,
}

impl Route {
    /// A route to `to` listing `text`, capturing `caps`.
    pub(crate) fn new(to: Square, caps: &[Square], text: &[Square]) -> Route {
        let mut r = Route {
            to,
            caps: [Square(0); MAX_CAPTURES],
            ncaps: caps.len() as u8,
            leg1: None,
            text: [Square(0); MAX_LISTED],
            ntext: text.len() as u8,
        };
        r.caps[..caps.len()].copy_from_slice(caps);
        r.text[..text.len()].copy_from_slice(text);
        r
    }

    /// The points captured by displacement, in order.
    pub(crate) fn caps(&self) -> &[Square] {
        &self.caps[..usize::from(self.ncaps)]
    }

    /// The squares the move's text lists.
    pub(crate) fn text(&self) -> &[Square] {
        &self.text[..usize::from(self.ntext)]
    }
}

/// What a piece may do, read once per piece.
pub(crate) struct Piece<'k> {
    pub from: Square,
    pub kf: &'k RouteFace,
    /// Its movement, compiled for its side.
    pub c: &'k Compiled,
    /// Whether it may capture by displacement at all (O3; the priest family always may,
    /// within the limits of [`Gen::may_capture`]).
    pub can_capture: bool,
    /// Whether it may promote on this move, given its side's priest and the clerk's
    /// precondition.
    pub can_promote: bool,
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Emits the routes of the piece on `from` (out of line: only the route rules ask).
    #[inline(never)]
    pub(super) fn route_piece(&mut self, from: Square) {
        if self.bans.frozen.contains(from) {
            return;
        }
        let face = self.pos.cell(from).face_unchecked();
        let routing = self.routing();
        let kf = routing.face(face);
        let c = &self.rules.face(face).compiled[self.us.index()];
        // Under O3 = `false` shooters land only on empty points, but the priest family keeps
        // its captures of the priest family (ko.md §4.9, settled 2026-11-28).
        let p = Piece {
            from,
            kf,
            c,
            can_capture: kf.shooter.is_none()
                || routing.shooter_displacement_capture
                || kf.priest_family.is_some(),
            can_promote: self.can_promote(face, kf),
        };
        // Double moves and paths fold their routes by effect before they are emitted.
        let multi = c.kinds.contains(Kind::Double) || c.kinds.contains(Kind::Path);
        if multi {
            self.rt_mut().buf.clear();
        }
        self.slide_routes(&p, multi);
        self.jump_routes(&p, multi);
        self.lines(&p, multi);
        if c.double.is_some() {
            self.doubles(&p);
        }
        if c.path.is_some() {
            self.paths(&p);
        }
        if multi {
            self.flush();
        }
        if kf.shooter.is_some() && routing.shoot_timing != ShootTiming::AfterMove {
            self.shots_in_place(&p);
        }
        self.route_pass_candidates(from, true);
    }

    /// Sends a move straight to the sink.
    pub(super) fn push_direct(&mut self, mv: Move) {
        self.sink.push(mv);
    }

    /// Whether the piece may promote on a move now (ko.md §4.6c, §4.6d).
    fn can_promote(&self, face: FaceId, kf: &RouteFace) -> bool {
        if self.rules.face(face).promotes_to.is_none() {
            return false;
        }
        let routing = self.routing();
        if kf.priest_link && !self.rt().board.priest[self.us.index()] {
            return false;
        }
        if !kf.clerk || routing.clerk_precondition == ClerkPrecondition::Off {
            return true;
        }
        let zone = &self.rules.zone_squares[self.us.index()];
        // The guards of O18 are the advance and rear guards and their promotions, the
        // skyward and earthward nets (whose faces carry the net, not the guard flag).
        let mut guards = self.pos.occupied(self.us).iter().filter_map(|sq| {
            let f = routing.face(self.pos.cell(sq).face_unchecked());
            let net = f.net != [0, 0];
            (f.guard || net).then_some((sq, net))
        });
        match routing.clerk_precondition {
            ClerkPrecondition::Off => true,
            ClerkPrecondition::AnyPromotedGuardInCamp => {
                guards.any(|(sq, promoted)| promoted && zone.contains(sq))
            }
            ClerkPrecondition::AllGuardsInCamp => guards.all(|(sq, _)| zone.contains(sq)),
        }
    }

    /// Whether the piece may capture the piece on `victim` by displacement (ko.md §4.9):
    /// an enemy, not a fortress it is kept off, within the priest family's limits.
    pub(crate) fn may_capture(&self, p: &Piece<'_>, victim: Square) -> bool {
        if !p.can_capture {
            return false;
        }
        let routing = self.routing();
        let vf = routing.face(self.pos.cell(victim).face_unchecked());
        if let Some(group) = p.kf.priest_family {
            match vf.priest_family {
                None => return false,
                Some(g) if routing.priest_same_type_only && g != group => return false,
                Some(_) => {}
            }
        }
        !(vf.fortress && p.kf.fortress_banned)
    }

    /// Whether the side's pawns have their forward step (ko.md §4.8, O27).
    pub(super) fn drum_link(&self) -> bool {
        if self.routing().drum_history {
            !self.pos.extra().drum_lost(self.us)
        } else {
            self.rt().board.drum[self.us.index()]
        }
    }

    /// Whether the piece from `from` ending on `to` after capturing `caps` (and shooting
    /// `shot` between its legs) is burned on arrival (ko.md §3 step 2, §4.3, O11).
    pub(crate) fn burns(
        &self,
        from: Square,
        to: Square,
        caps: &[Square],
        shot: Option<Square>,
    ) -> bool {
        let rt = self.rt();
        let near = |c: crate::engine::core::color::Color| {
            rt.board.flame_near[c.index()].contains(to)
                && (0..8).any(|d| {
                    self.geo.neighbour(to, d).is_some_and(|n| {
                        n != from
                            && rt.board.flames[c.index()].contains(n)
                            && !caps.contains(&n)
                            && shot != Some(n)
                    })
                })
        };
        match self.routing().passive_burn {
            PassiveBurn::None => false,
            PassiveBurn::EnemyArrivals => near(self.them),
            PassiveBurn::AnyArrivals => near(self.them) || near(self.us),
        }
    }

    /// Records the passes the piece on `from` could make under route rules (each that
    /// burns it is emitted as a move of its own when `emit_burning`).
    #[inline]
    pub(super) fn route_pass_candidates(&mut self, from: Square, emit_burning: bool) {
        if !self.routing().allow_pass || self.bans.frozen.contains(from) {
            return;
        }
        let face = self.pos.cell(from).face_unchecked();
        let Some(via) = self.first_pass_point(from, face) else {
            return;
        };
        if self.burns(from, from, &[], None) {
            if emit_burning {
                self.sink.push(Move::new(from, &[via, from], Promo::None));
            }
            return;
        }
        self.offer_pass(from, via);
    }

    /// Under route rules: the first point through which the piece on `from` passes, if
    /// passes are allowed and it can.
    pub(super) fn route_pass_point(&self, from: Square) -> Option<Square> {
        if !self.routing().allow_pass {
            return None;
        }
        self.first_pass_point(from, self.pos.cell(from).face_unchecked())
    }

    /// Under route rules: whether the piece on `from` can pass through the empty point
    /// `via` (out and straight back, ko.md §4.5), and if so whether that pass burns it
    /// (ko.md §3 step 2: a move of its own) or is the position's one pass.
    pub(super) fn route_pass_kind(&self, from: Square, via: Square) -> Option<PassKind> {
        if !self.routing().allow_pass {
            return None;
        }
        let face = self.pos.cell(from).face_unchecked();
        if !self.pass_points(from, face).contains(&via) {
            return None;
        }
        Some(if self.burns(from, from, &[], None) {
            PassKind::Own
        } else {
            PassKind::Shared
        })
    }

    /// The empty point through which the piece on `from` would pass (out and straight
    /// back), first in square order; `None` for a piece that cannot pass.
    pub(super) fn first_pass_point(&self, from: Square, face: FaceId) -> Option<Square> {
        let shape = self.rules.variant.shape();
        self.pass_points(from, face)
            .into_iter()
            .min_by_key(|&s| shape.file_rank_key(s))
    }

    /// Every empty point through which the piece on `from` could pass: a leg-1 point of a
    /// double move with a way straight back, or a neighbour along a path that may revisit.
    pub(super) fn pass_points(&self, from: Square, face: FaceId) -> Vec<Square> {
        let c = &self.rules.face(face).compiled[self.us.index()];
        let mut out = Vec::new();
        if let Some(double) = &c.double {
            self.double_pass_points(double, from, &mut out);
        }
        self.path_pass_points(c, from, &mut out);
        out.retain(|&s| self.pos.cell(s).is_empty());
        out
    }
}
