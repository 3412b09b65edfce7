//! The route context ([`RouteGen`]): generation under the rules with shots, burns on
//! arrival and on-the-spot promotion (ko shogi, ko.md §3–§5), which `Rules` choose when
//! compiled ([`crate::engine::variant::Generation`]). Every piece of the side to move that
//! no net freezes (the frozen-set filter) lands routes by each kind it has (`slide`,
//! `jump`, `line`, `double`, `path`, one file each), each route with the shots its piece may
//! make after it (`shoot`) and the promotion marks it may carry (`route_emit`): on the spot
//! by capture (§4.6b), by the zone (§4.6a), none for a piece burned on arrival (§3 step 2).
//! Routes with the same effect (final point, points captured by displacement, shot
//! targets, promotion choice) are one move, written the shortest way, then first in square
//! order (§5). The passes of a position are one move, except a pass that burns its piece,
//! which is a move of its own. The capture limits (shooters, the priest family, fortresses)
//! are this context's capture ban.

use super::gen::{Bans, MoveSink};
use crate::engine::core::color::Color;
use crate::engine::core::moves::{Move, Promo, ShotsFrom, MAX_LISTED};
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::movement::{Compiled, Kind};
use crate::engine::position::route_board::RouteBoard;
use crate::engine::position::Position;
use crate::engine::variant::{
    ClerkPrecondition, PassiveBurn, RouteFace, RouteRules, Rules, ShootTiming,
};

/// The most points one route captures by displacement (a thunderclap's five steps).
pub(crate) const MAX_CAPTURES: usize = 5;

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
    /// within the limits of [`RouteGen::may_capture`]).
    pub can_capture: bool,
    /// Whether it may promote on this move, given its side's priest and the clerk's
    /// precondition.
    pub can_promote: bool,
}

/// A move's effect, the key under which routes fold into one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct EffectKey {
    pub(super) to: Square,
    pub(super) caps: [Square; MAX_CAPTURES],
    pub(super) shots: [Square; 2],
    pub(super) promoted: bool,
}

/// The pass found so far: (order key of the piece and its via point, piece, via).
type PassCandidate = ((i32, i32, i32, i32), Square, Square);

/// Generation state for one ko position.
pub(crate) struct RouteGen<'a, S: MoveSink> {
    pub(super) pos: &'a Position,
    pub(super) rules: &'a Rules,
    pub(super) routing: &'a RouteRules,
    pub(super) geo: &'a Geometry,
    pub(super) us: Color,
    pub(super) them: Color,
    pub(super) sink: &'a mut S,
    pub(super) board: RouteBoard,
    /// The filters of generation: the pieces nets freeze (ko.md §4.4).
    pub(super) bans: Bans,
    pub(super) zone: &'a SquareSet,
    pub(super) pass: Option<PassCandidate>,
    /// Whether a poison flame stands anywhere (else nothing burns on arrival).
    pub(super) flames_near: bool,
    /// Routes of a multi-leg piece, folded by effect before they are emitted.
    pub(super) buf: Vec<(EffectKey, Move)>,
    /// Shot target sets of the route being emitted.
    pub(super) shot_sets: Vec<ShotSet>,
}

/// The targets of one choice of shots and where they were made from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ShotSet {
    targets: [Square; 2],
    n: u8,
    pub(super) from: ShotsFrom,
}

impl ShotSet {
    pub(crate) const NONE: ShotSet = ShotSet {
        targets: [Square(0); 2],
        n: 0,
        from: ShotsFrom::Final,
    };

    pub(crate) fn of(targets: &[Square], from: ShotsFrom) -> ShotSet {
        let mut t = [Square(0); 2];
        t[..targets.len()].copy_from_slice(targets);
        ShotSet {
            targets: t,
            n: targets.len() as u8,
            from,
        }
    }

    pub(crate) fn targets(&self) -> &[Square] {
        &self.targets[..usize::from(self.n)]
    }
}

/// Emits every legal ko move of the side to move into `sink`.
pub(crate) fn generate<S: MoveSink>(pos: &Position, rules: &Rules, sink: &mut S) {
    let routing = rules.route_rules();
    let board = RouteBoard::read(pos, rules, routing);
    if !board.standing[0] || !board.standing[1] {
        return;
    }
    let mut gen = RouteGen::new(pos, rules, routing, board, sink);
    for from in pos.occupied(gen.us).iter() {
        gen.piece(from);
    }
    gen.finish();
}

/// Emits the ko moves of the piece on `from` only; a pass it could make is emitted as the
/// position's canonical pass.
pub(crate) fn generate_from<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    sink: &mut S,
) {
    let routing = rules.route_rules();
    let board = RouteBoard::read(pos, rules, routing);
    if !board.standing[0] || !board.standing[1] || !pos.cell(from).is_color(pos.side()) {
        return;
    }
    let mut gen = RouteGen::new(pos, rules, routing, board, sink);
    gen.piece(from);
    if gen.pass.is_some() {
        // The canonical pass text may name another piece: use the whole position's.
        gen.pass = None;
        for sq in pos.occupied(gen.us).iter() {
            gen.pass_candidates(sq, false);
        }
    }
    gen.finish();
}

/// The pass of the piece on `from` (of the side to move), if it can pass: out to its
/// first empty leg-1 point in square order and back; with `via`, through that point only.
pub(crate) fn pass_of(
    pos: &Position,
    rules: &Rules,
    from: Square,
    via: Option<Square>,
) -> Option<Move> {
    let routing = rules.route_rules();
    let board = RouteBoard::read(pos, rules, routing);
    if !board.standing[0]
        || !board.standing[1]
        || !routing.allow_pass
        || !pos.cell(from).is_color(pos.side())
    {
        return None;
    }
    let mut none = super::gen::Counter::default();
    let gen = RouteGen::new(pos, rules, routing, board, &mut none);
    if gen.bans.frozen.contains(from) {
        return None;
    }
    let face = pos.cell(from).face_unchecked();
    let first = gen.first_pass_point(from, face)?;
    match via {
        Some(v) if !gen.pass_points(from, face).contains(&v) => None,
        _ => Some(Move::new(from, &[first, from], Promo::None)),
    }
}

/// Whether the piece on `from` (of the side to move) can pass through the empty point
/// `via` (out and straight back, ko.md §4.5), and if so whether that pass burns it (ko.md §3
/// step 2; such a pass is a move of its own): `None` when it cannot.
pub(crate) fn pass_via(pos: &Position, rules: &Rules, from: Square, via: Square) -> Option<bool> {
    let routing = rules.route_rules();
    pass_of(pos, rules, from, Some(via))?;
    let board = RouteBoard::read(pos, rules, routing);
    let mut none = super::gen::Counter::default();
    let gen = RouteGen::new(pos, rules, routing, board, &mut none);
    Some(gen.burns(from, from, &[], None))
}

impl<'a, S: MoveSink> RouteGen<'a, S> {
    fn new(
        pos: &'a Position,
        rules: &'a Rules,
        routing: &'a RouteRules,
        board: RouteBoard,
        sink: &'a mut S,
    ) -> RouteGen<'a, S> {
        let us = pos.side();
        let flames_near = !board.flames[0].is_empty() || !board.flames[1].is_empty();
        RouteGen {
            bans: Bans {
                frozen: board.frozen[us.index()],
                ..Bans::NONE
            },
            pos,
            rules,
            routing,
            geo: &rules.variant.geometry,
            us,
            them: us.opponent(),
            sink,
            board,
            zone: &rules.zone_squares[us.index()],
            pass: None,
            flames_near,
            buf: Vec::new(),
            shot_sets: Vec::new(),
        }
    }

    /// Emits the moves of the piece on `from`.
    fn piece(&mut self, from: Square) {
        if self.bans.frozen.contains(from) {
            return;
        }
        let face = self.pos.cell(from).face_unchecked();
        let routing = self.routing;
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
            can_promote: self.can_promote(from, face, kf),
        };
        // Double moves and paths fold their routes by effect before they are emitted.
        let multi = c.kinds.contains(Kind::Double) || c.kinds.contains(Kind::Path);
        if multi {
            self.buf.clear();
        }
        self.slides(&p, multi);
        self.jumps(&p, multi);
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
        self.pass_candidates(from, true);
    }

    /// Sends a move straight to the sink.
    pub(super) fn push_direct(&mut self, mv: Move) {
        self.sink.push(mv);
    }

    /// Whether the piece may promote on a move now (ko.md §4.6c, §4.6d).
    fn can_promote(&self, from: Square, face: FaceId, kf: &RouteFace) -> bool {
        if self.rules.face(face).promotes_to.is_none() {
            return false;
        }
        if kf.priest_link && !self.board.priest[self.us.index()] {
            return false;
        }
        if !kf.clerk || self.routing.clerk_precondition == ClerkPrecondition::Off {
            return true;
        }
        let zone = &self.rules.zone_squares[self.us.index()];
        // The guards of O18 are the advance and rear guards and their promotions, the
        // skyward and earthward nets (whose faces carry the net, not the guard flag).
        let mut guards = self.pos.occupied(self.us).iter().filter_map(|sq| {
            let f = self.routing.face(self.pos.cell(sq).face_unchecked());
            let net = f.net != [0, 0];
            (f.guard || net).then_some((sq, net))
        });
        let _ = from;
        match self.routing.clerk_precondition {
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
        let vf = self.routing.face(self.pos.cell(victim).face_unchecked());
        if let Some(group) = p.kf.priest_family {
            match vf.priest_family {
                None => return false,
                Some(g) if self.routing.priest_same_type_only && g != group => return false,
                Some(_) => {}
            }
        }
        !(vf.fortress && p.kf.fortress_banned)
    }

    /// Whether the side's pawns have their forward step (ko.md §4.8, O27).
    pub(super) fn drum_link(&self) -> bool {
        if self.routing.drum_history {
            !self.pos.extra().drum_lost(self.us)
        } else {
            self.board.drum[self.us.index()]
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
        let near = |c: Color| {
            self.board.flame_near[c.index()].contains(to)
                && (0..8).any(|d| {
                    self.geo.neighbour(to, d).is_some_and(|n| {
                        n != from
                            && self.board.flames[c.index()].contains(n)
                            && !caps.contains(&n)
                            && shot != Some(n)
                    })
                })
        };
        match self.routing.passive_burn {
            PassiveBurn::None => false,
            PassiveBurn::EnemyArrivals => near(self.them),
            PassiveBurn::AnyArrivals => near(self.them) || near(self.us),
        }
    }

    /// Records the passes the piece on `from` could make (each that burns it is emitted as
    /// a move of its own when `emit_burning`).
    pub(crate) fn pass_candidates(&mut self, from: Square, emit_burning: bool) {
        if !self.routing.allow_pass || self.bans.frozen.contains(from) {
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
        let shape = self.rules.variant.shape();
        let (fx, fy) = shape.file_rank_key(from);
        let (vx, vy) = shape.file_rank_key(via);
        let key = (fx, fy, vx, vy);
        if self.pass.is_none_or(|(k, _, _)| key < k) {
            self.pass = Some((key, from, via));
        }
    }

    /// Emits the position's one pass that burns nothing.
    pub(super) fn finish(&mut self) {
        if let Some((_, from, via)) = self.pass {
            self.sink.push(Move::new(from, &[via, from], Promo::None));
        }
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
