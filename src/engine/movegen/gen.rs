//! The generation context ([`Gen`]), the one context of every generation run: the
//! position, the rules and the sink, and what every movement kind shares: emitting a move
//! with the promotion marks it may carry (promotion on capture, contagion, the zone, none
//! for a piece burned on arrival), the bans in force (capture bans, the frozen-set filter),
//! and collecting the position's one pass. Rules with route parameters (ko.md) give the
//! context its route state (`routes`), through which the kinds land routes. Each kind's
//! file adds its own `impl Gen` block; this file names none of them.

use crate::engine::core::color::Color;
use crate::engine::core::moves::{Move, Promo};
use crate::engine::core::piece::{Cell, FaceId};
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use crate::engine::geometry::Geometry;
use crate::engine::position::Position;
use crate::engine::variant::{
    PromotionChoice, PromotionRight, PromotionTrigger, RouteRules, Rules,
};

use super::route_state::RouteState;

/// Receives generated moves.
pub trait MoveSink {
    /// Whether the sink only counts; then moves that need no individual judgement (the
    /// emperor's jumps to empty squares) are added as a number.
    const COUNT_ONLY: bool = false;

    fn push(&mut self, mv: Move);

    /// Adds `n` moves without materialising them (only called when [`Self::COUNT_ONLY`]).
    fn add(&mut self, n: u64) {
        let _ = n;
        unreachable!("add is only called on counting sinks");
    }
}

impl MoveSink for Vec<Move> {
    #[inline]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// A sink that only counts (perft leaves).
pub type Counter = Tally<0>;

/// A sink that only counts, one type per `ID`: each counting caller its own instance of
/// generation, compiled (and inlined) apart ([`Counter`]: a whole position's moves).
#[derive(Default, Debug)]
pub struct Tally<const ID: u8>(pub u64);

impl<const ID: u8> MoveSink for Tally<ID> {
    const COUNT_ONLY: bool = true;

    #[inline]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }

    #[inline]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
}

/// How a piece's pass stands among the moves of its position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassKind {
    /// A move of its own, which names its piece: every pass under most rules, and under
    /// route rules a pass that burns its piece (ko.md §3 step 2).
    Own,
    /// The position's one pass, whichever piece makes it (route rules, ko.md §5): a pass
    /// that burns nothing.
    Shared,
}

/// A pass found during generation: (order key: piece file, rank, via file, rank), the
/// piece's square, the empty square it steps to and back from.
pub(crate) type PassCandidate = ((i32, i32, i32, i32), Square, Square);

/// Generation state for one position. `EXTRAS` says whether the rules use what tenjiku
/// shogi adds (`extras` in this module's parent): without it that code is compiled out of the
/// instantiation that chu and tai shogi run.
pub(crate) struct Gen<'a, S: MoveSink, const EXTRAS: bool> {
    pub pos: &'a Position,
    pub rules: &'a Rules,
    pub geo: &'a Geometry,
    pub us: Color,
    pub them: Color,
    pub sink: &'a mut S,
    /// The best pass found so far.
    pub pass: Option<PassCandidate>,
    /// The rules that forbid some captures, and the pieces that may not move.
    pub(super) bans: Bans,
    /// Whether an enemy fire demon is on the board (tenjiku.md §5): a piece ending its
    /// move next to one may be burned, and then has no promotion choice.
    burning: bool,
    /// The squares a quiet move must end on to be looked at for promotion: the zone, or
    /// every square under `zone_contact`.
    quiet_zone: &'a SquareSet,
    /// What the route rules read off the position, when the rules have route parameters
    /// (then every kind lands routes: see `routes`).
    route: Option<&'a mut RouteState<'a>>,
    /// The side to move's promotion zone.
    zone: &'a SquareSet,
}

/// A rule forbidding the move of the piece on `from` that captures on the squares given
/// (in order): true when the capture is forbidden.
pub(crate) type CaptureBan = fn(&Position, &Rules, Square, &[Square]) -> bool;

/// The rules that take otherwise possible captures out of generation, as the rules in
/// force give them; [`Bans::NONE`] to explain why a proposed move is illegal (the
/// forbidden captures are wanted then) and where no capture is generated.
#[derive(Clone, Copy)]
pub(crate) struct Bans {
    /// Chu shogi's lion trading, asked before a capture is emitted.
    pub capture: Option<CaptureBan>,
    /// Tenjiku's `both_royals_lost = illegal` (tenjiku.md §7).
    pub both_royals: bool,
    /// The pieces of the side to move that may not move at all: those an enemy net
    /// freezes (ko.md §4.4).
    pub frozen: SquareSet,
}

impl Bans {
    /// No capture taken out.
    pub(crate) const NONE: Bans = Bans {
        capture: None,
        both_royals: false,
        frozen: SquareSet::EMPTY,
    };
}

impl<'a, S: MoveSink, const EXTRAS: bool> Gen<'a, S, EXTRAS> {
    /// The context for generating the moves of the side to move in `pos`.
    /// The context for generating the moves of the side to move in `pos`, with its route
    /// state where the rules have route parameters ([`RouteState::of`], kept by the caller).
    pub(crate) fn new(
        pos: &'a Position,
        rules: &'a Rules,
        sink: &'a mut S,
        bans: Bans,
        route: Option<&'a mut RouteState<'a>>,
    ) -> Gen<'a, S, EXTRAS> {
        // Nets freeze pieces under route rules (ko.md §4.4): the frozen-set filter.
        let bans = match &route {
            Some(rt) => Bans {
                frozen: rt.board.frozen[pos.side().index()],
                ..bans
            },
            None => bans,
        };
        Gen {
            pos,
            rules,
            geo: &rules.variant.geometry,
            us: pos.side(),
            them: pos.side().opponent(),
            sink,
            pass: None,
            bans,
            route,
            zone: &rules.zone_squares[pos.side().index()],
            burning: rules.burn.is_some() && !pos.fire_demons(pos.side().opponent()).is_empty(),
            // Under `zone_contact` a quiet move from the zone has a promotion right too: every
            // quiet move is then looked at.
            quiet_zone: if rules
                .zone
                .is_some_and(|z| z.right == PromotionRight::ZoneContact)
            {
                &SquareSet::ALL
            } else {
                &rules.zone_squares[pos.side().index()]
            },
        }
    }

    /// The pieces of the side to move that may move (none that a ban freezes; none at all
    /// once a side meets a loss condition of the route rules).
    #[inline]
    pub(crate) fn movers(&self) -> SquareSet {
        if self.route.as_ref().is_some_and(|rt| !rt.standing()) {
            return SquareSet::EMPTY;
        }
        self.pos.occupied(self.us).minus(&self.bans.frozen)
    }

    /// The route state (only asked where the rules have route parameters).
    #[inline]
    pub(super) fn rt(&self) -> &RouteState<'a> {
        self.route
            .as_deref()
            .expect("route rules give a route state")
    }

    /// The route state, to fill its buffers.
    #[inline]
    pub(super) fn rt_mut(&mut self) -> &mut RouteState<'a> {
        self.route
            .as_deref_mut()
            .expect("route rules give a route state")
    }

    /// The route rules' parameters (only asked where the rules have them).
    #[inline]
    pub(super) fn routing(&self) -> &'a RouteRules {
        self.rt().routing
    }

    /// The side to move's promotion zone, as the route rules read it.
    #[inline]
    pub(super) fn route_zone(&self) -> &'a SquareSet {
        self.zone
    }

    /// Whether the rules land routes (they have route parameters).
    #[inline]
    pub(super) fn routes(&self) -> bool {
        self.route.is_some()
    }

    /// Emits the best pass found, if any (the position's one pass move).
    pub(crate) fn finish(&mut self) {
        if let Some((_, from, via)) = self.pass {
            self.sink.push(Move::new(from, &[via, from], Promo::None));
        }
    }

    /// Records every pass the piece on `from` could make: through an empty neighbour along
    /// a line of its lion-like power, or any empty neighbour of an area mover; under route
    /// rules out to a leg-1 point and back, where a pass that burns its piece is a move of
    /// its own (emitted when `emit_burning`).
    pub(crate) fn pass_candidates(&mut self, from: Square, emit_burning: bool) {
        if self.routes() {
            self.route_pass_candidates(from, emit_burning);
            return;
        }
        let face = self.pos.cell(from).face_unchecked();
        let lines = self.rules.face(face).compiled[self.us.index()].pass_lines;
        for d in 0..8 {
            if lines & (1 << d) != 0 {
                if let Some(&via) = self.geo.ray(from, d).first() {
                    if self.pos.cell(via).is_empty() {
                        self.offer_pass(from, via);
                    }
                }
            }
        }
    }

    /// The square through which the piece on `from` passes (out and back), the first in
    /// file-then-rank order, whether or not its pass burns it.
    pub(crate) fn pass_named(&mut self, from: Square) -> Option<Square> {
        if self.routes() {
            return self.route_pass_point(from);
        }
        self.pass = None;
        self.pass_candidates(from, false);
        self.pass.map(|(_, _, via)| via)
    }

    /// Whether the piece on `from` can pass through the empty square `via`, and how that
    /// pass stands among the position's moves.
    pub(crate) fn pass_kind_via(&self, from: Square, via: Square) -> Option<PassKind> {
        if self.routes() {
            return self.route_pass_kind(from, via);
        }
        let c = &self.rules.face(self.cell(from).face_unchecked()).compiled[self.us.index()];
        match self.geo.line(from, via) {
            Some((d, 1)) if c.pass_lines & (1 << d) != 0 => Some(PassKind::Own),
            _ => None,
        }
    }

    /// Offers a pass by the piece on `from` through the empty square `via`.
    #[inline]
    pub(crate) fn offer_pass(&mut self, from: Square, via: Square) {
        let shape = self.geo.shape;
        let (fx, fy) = shape.file_rank_key(from);
        let (vx, vy) = shape.file_rank_key(via);
        let key = (fx, fy, vx, vy);
        if self.pass.is_none_or(|(k, _, _)| key < k) {
            self.pass = Some((key, from, via));
        }
    }

    /// The cell at a square.
    #[inline]
    pub(crate) fn cell(&self, sq: Square) -> Cell {
        self.pos.cell(sq)
    }

    /// Whether a square holds an enemy piece.
    #[inline]
    pub(crate) fn enemy(&self, sq: Square) -> bool {
        self.pos.cell(sq).is_color(self.us.opponent())
    }

    /// Whether a square holds a friendly piece.
    #[inline]
    pub(crate) fn friend(&self, sq: Square) -> bool {
        self.pos.cell(sq).is_color(self.us)
    }

    /// Emits a move landing only on `to` (capturing there if an enemy stands there).
    #[inline]
    pub(crate) fn emit_simple(&mut self, from: Square, to: Square, face: FaceId) {
        if self.enemy(to) {
            self.emit_capture(Move::simple(from, to, Promo::None), face, &[to]);
        } else {
            self.emit_quiet(from, to, face);
        }
    }

    /// Emits a move landing only on `to`, whose cell is `cell` (not a friend).
    #[inline]
    pub(crate) fn emit_to(&mut self, from: Square, to: Square, cell: Cell, face: FaceId) {
        if cell.is_empty() {
            self.emit_quiet(from, to, face);
        } else {
            self.emit_capture(Move::simple(from, to, Promo::None), face, &[to]);
        }
    }

    /// Emits a move to the empty square `to` with the promotion marks a zone offers.
    #[inline]
    pub(crate) fn emit_quiet(&mut self, from: Square, to: Square, face: FaceId) {
        let zone = if EXTRAS {
            self.quiet_zone
        } else {
            &self.rules.zone_squares[self.us.index()]
        };
        if zone.contains(to) {
            self.emit_quiet_zoned(from, to, face);
        } else {
            self.sink.push(Move::simple(from, to, Promo::None));
        }
    }

    /// [`Gen::emit_quiet`] for a move into the promotion zone (kept out of line so that the
    /// plain path stays small).
    #[inline(never)]
    fn emit_quiet_zoned(&mut self, from: Square, to: Square, face: FaceId) {
        let choice = self.rules.zone_choice(face, self.us, from, to, false);
        let choice = self.unless_burned(choice, to, &[]);
        self.push_choice(
            Move::simple(from, to, Promo::None),
            choice.unwrap_or(PromotionChoice::None),
        );
    }

    /// Emits `mv` with the marks `choice` allows.
    #[inline]
    fn push_choice(&mut self, mv: Move, choice: PromotionChoice) {
        match choice {
            PromotionChoice::None => self.sink.push(mv),
            PromotionChoice::Compulsory => self.sink.push(mv.with_promo(Promo::Promote)),
            PromotionChoice::Optional => {
                self.sink.push(mv.with_chosen_promo(Promo::Promote));
                self.sink.push(mv.with_chosen_promo(Promo::Decline));
            }
        }
    }

    /// Emits a capturing move with its promotion mark(s): contagion first, then
    /// compulsory or optional promotion (or the zone's choice); nothing when a
    /// lion-trading rule forbids it.
    #[inline]
    pub(crate) fn emit_capture(&mut self, mv: Move, face: FaceId, captured: &[Square]) {
        if self.rules.lion_trading.is_some() || self.rules.zone.is_some() {
            self.emit_capture_ruled(mv, face, captured);
            return;
        }
        let rule = self.rules.face(face);
        if !rule.contagion_exempt && captured.iter().any(|&s| self.contagious(s)) {
            self.sink.push(mv.with_promo(Promo::Promote));
            return;
        }
        if rule.promotes_to.is_none() {
            self.sink.push(mv);
            return;
        }
        match self.rules.promotion_trigger {
            PromotionTrigger::AnyCapture => self.sink.push(mv.with_promo(Promo::Promote)),
            PromotionTrigger::CaptureOfPromoted => {
                if captured
                    .iter()
                    .any(|&s| self.pos.cell(s).face_unchecked().promoted())
                {
                    self.sink.push(mv.with_promo(Promo::Promote));
                } else {
                    self.sink.push(mv.with_chosen_promo(Promo::Promote));
                    self.sink.push(mv.with_chosen_promo(Promo::Decline));
                }
            }
        }
    }

    /// [`Gen::emit_capture`] in a variant with lion-trading rules or a promotion zone
    /// (neither has contagion): nothing when a lion-trading rule forbids the capture, else
    /// the zone's promotion marks (kept out of line so that the plain path stays small).
    #[inline(never)]
    fn emit_capture_ruled(&mut self, mv: Move, face: FaceId, captured: &[Square]) {
        if let Some(ban) = self.bans.capture {
            if ban(self.pos, self.rules, mv.from, captured) {
                return;
            }
        }
        if EXTRAS
            && self.burning
            && self.bans.both_royals
            && self.loses_both_royals(face, mv.to(), captured)
        {
            return;
        }
        // Under `zone_route` a lion move's first step counts (taikyoku.md §5): the first of
        // two listed squares (double move, igui).
        let via = match mv.squares() {
            [v, _, ..]
                if self
                    .rules
                    .zone
                    .is_some_and(|z| z.right == PromotionRight::ZoneRoute) =>
            {
                Some(*v)
            }
            _ => None,
        };
        let choice = self
            .rules
            .zone_choice_via(face, self.us, mv.from, via, mv.to(), true);
        let choice = self.unless_burned(choice, mv.to(), captured);
        self.push_choice(mv, choice.unwrap_or(PromotionChoice::None));
    }

    /// Whether the move of the last royal `face` that captures on `captured` and ends on
    /// `to` is illegal under `both_royals_lost = illegal` (tenjiku.md §7): it takes every
    /// enemy royal and is burned on arrival, so both sides lose their last royal.
    #[cold]
    fn loses_both_royals(&self, face: FaceId, to: Square, captured: &[Square]) -> bool {
        self.bans.both_royals
            && self.rules.face(face).royal
            && self.pos.royal_count(self.us) == 1
            && self
                .pos
                .royal_squares(self.us.opponent())
                .iter()
                .all(|r| captured.contains(&r))
            && self.burned_at(to, captured)
    }

    /// `choice`, or no choice when the mover ending on `to` after capturing on `captured`
    /// is burned there (tenjiku.md §6.2 (ii): one move, without a mark).
    #[inline]
    fn unless_burned(
        &self,
        choice: Option<PromotionChoice>,
        to: Square,
        captured: &[Square],
    ) -> Option<PromotionChoice> {
        if choice.is_some_and(|c| c != PromotionChoice::None)
            && EXTRAS
            && self.burning
            && self.burned_at(to, captured)
        {
            return Some(PromotionChoice::None);
        }
        choice
    }

    /// Whether the mover ending on `to` after capturing on `captured` is burned there (out
    /// of line: only tenjiku shogi asks).
    #[cold]
    #[inline(never)]
    fn burned_at(&self, to: Square, captured: &[Square]) -> bool {
        self.pos
            .demon_next_to(to, self.us.opponent(), captured, self.rules)
    }

    #[inline]
    fn contagious(&self, sq: Square) -> bool {
        self.rules
            .face(self.pos.cell(sq).face_unchecked())
            .contagion
            .is_some()
    }

    /// The face a capturer not exempt from contagion ends as after capturing `captured` in
    /// order, when contagion applies (the last contagious victim decides).
    pub(crate) fn contagion_result(&self, captured: &[Square]) -> Option<FaceId> {
        captured
            .iter()
            .rev()
            .find_map(|&s| self.rules.face(self.pos.cell(s).face_unchecked()).contagion)
    }

    /// A capture on `x` followed by a step to `y` (capturing there too if an enemy).
    #[inline]
    pub(crate) fn emit_double(&mut self, from: Square, x: Square, y: Square, face: FaceId) {
        let mv = Move::new(from, &[x, y], Promo::None);
        if self.enemy(y) {
            self.emit_capture(mv, face, &[x, y]);
        } else {
            self.emit_capture(mv, face, &[x]);
        }
    }
}

/// Adds to `map` the first `depth` squares along each line of `lines` from `from`, whatever
/// stands on them: what a piece with lion-like power along those lines protects.
#[inline]
pub(crate) fn mark_along_lines(
    geo: &Geometry,
    lines: u8,
    depth: usize,
    from: Square,
    map: &mut SquareSet,
) {
    for d in 0..8 {
        if lines & (1 << d) != 0 {
            for &s in geo.ray(from, d).iter().take(depth) {
                map.insert(s);
            }
        }
    }
}
