//! Legal move generation: one pass over the side to move's pieces, each movement kind in
//! its own file, every distinct effect emitted once (tai.md's equal-effect rule), all
//! passes of the position folded into one move, promotion marks decided at emission.
//! Generation asks the running interrupt ([`super::interrupt`]) once per call and once
//! per emperor, and emits nothing more once it says stop.
//!
//! This file is the dispatch over the closed list of kinds ([`Kind`]): generation, the
//! first-square filter ([`StartFilter`]) and the spellings of equivalent routes
//! ([`reduce_route`]) each ask the kinds a piece has. The one generation context is
//! `gen`; one file per kind holds everything about that kind: `emperor`, `area`, `slide`,
//! `jump`, `hook`, `lion`, `linelion`, `liondog`, `rangejump`, `rangecapture`, `dblstep`,
//! `leapslide`, `igui`, `fly`, `double`, `path`, `line`, `shoot`; `piece_count` counts one
//! piece's moves (perft's reuse between sibling positions); `towards` finds the moves of
//! one piece to one square without listing its others (judging a written move). Rules with route parameters
//! (the rules with
//! shots, ko.md) give the context a route state (`routes`): the kinds then land routes,
//! which may shoot, burn their piece on arrival and promote it on the spot (emission and
//! the fold of equal effects in `route_emit`). The one choice made per rules is which
//! instantiation of the context runs, [`Generation`], compiled with the rules.

pub(crate) mod area;
pub(crate) mod dblstep;
pub(crate) mod double;
pub(crate) mod emperor;
pub(crate) mod fly;
mod gen;
pub(crate) mod hook;
pub(crate) mod igui;
pub(crate) mod jump;
pub(crate) mod leapslide;
pub(crate) mod line;
pub(crate) mod linelion;
pub(crate) mod lion;
pub(crate) mod liondog;
pub(crate) mod path;
pub(crate) mod piece_count;
pub(crate) mod rangecapture;
pub(crate) mod rangejump;
pub mod route_count;
mod route_emit;
mod route_state;
mod routes;
pub(crate) mod shoot;
pub(crate) mod slide;
mod towards;

pub use gen::{Counter, MoveSink, PassKind};

use super::attack::attacked;
use super::core::moves::{Move, Promo};
use super::core::piece::FaceId;
use super::geometry::Geometry;
use super::interrupt::stopped;
use super::movement::{line_of, Compiled, Generation, Kind};
use super::position::Position;
use super::rules::lion_trading;
use super::variant::Rules;
use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::core::square_set::SquareSet;
use gen::{Bans, CaptureBan, Gen};
use route_state::RouteState;

/// Whether `by` could capture the piece on `target` (whoever is to move): a piece that
/// attacks it ([`attacked`]: along the lines and off them) or an emperor allowed to.
pub fn could_capture(pos: &Position, rules: &Rules, target: Square, by: Color) -> bool {
    attacked(pos, rules, target, by, &[]) || emperor::any_may_capture(pos, rules, target, by)
}

/// Whether the piece on `from` refuses to capture the enemy piece on `to` that it could
/// reach in one move, by a rule of its kind (the emperor's protected victims): asked only
/// to explain a move that was not generated.
pub fn refused_capture(pos: &Position, rules: &Rules, from: Square, to: Square) -> bool {
    pos.cell(to).is_color(pos.side().opponent()) && emperor::moves_as_one(pos, rules, from)
}

/// The rules in force that take captures out of generation (chu shogi's lion trading,
/// tenjiku's `both_royals_lost = illegal`).
fn bans(rules: &Rules) -> Bans {
    Bans {
        capture: rules
            .lion_trading
            .is_some()
            .then_some(lion_trading::forbids as CaptureBan),
        both_royals: rules.both_royals_illegal(),
        // No rules that generate moves have nets.
        frozen: SquareSet::EMPTY,
    }
}

/// Every legal move of the side to move (none when a side has no royal left).
pub fn legal_moves(pos: &Position, rules: &Rules) -> Vec<Move> {
    let mut out = Vec::with_capacity(512);
    generate(pos, rules, &mut out);
    out
}

/// Emits every legal move of the side to move into `sink` (one function per sink, kept out
/// of its callers: inlined into perft's leaf counting, chu's generation ran 3% more
/// instructions).
#[inline(never)]
pub fn generate<S: MoveSink>(pos: &Position, rules: &Rules, sink: &mut S) {
    if pos.is_terminal() || stopped() {
        return;
    }
    match rules.generation {
        // The basic rules have no route parameters.
        Generation::Basic => {
            generate_all(Gen::<S, false>::new(pos, rules, sink, bans(rules), None));
        }
        // The route state is built only where the rules have route parameters (a state
        // returned as `None` would still be copied whole).
        Generation::Extended => match &rules.routes {
            None => generate_all(Gen::<S, true>::new(pos, rules, sink, bans(rules), None)),
            Some(routing) => {
                let mut route = RouteState::read(pos, rules, routing);
                generate_all(Gen::<S, true>::new(
                    pos,
                    rules,
                    sink,
                    bans(rules),
                    Some(&mut route),
                ));
            }
        },
    }
}

/// Every piece's moves, then the pass.
#[inline]
fn generate_all<S: MoveSink, const EXTRAS: bool>(mut gen: Gen<'_, S, EXTRAS>) {
    for from in gen.movers().iter() {
        gen.piece(from);
    }
    gen.finish();
}

/// Emits the moves of the piece on `from` only (it must belong to the side to move); a
/// pass this piece could make is emitted as the position's canonical pass.
pub fn generate_from<S: MoveSink>(pos: &Position, rules: &Rules, from: Square, sink: &mut S) {
    generate_from_filtered(pos, rules, from, sink, bans(rules));
}

/// Emits into `sink` the moves of the piece on `from` that list only `to` (the moves
/// [`generate_from`] lists with `squares() == [to]`, in its order), where they can be
/// found without generating the piece's other moves (`towards`); `false` (nothing
/// emitted) where they cannot: the rules have route parameters, or the piece has a kind
/// other than ranges, leaps, hook moves and lion-like ones (an emperor, an area mover,
/// tenjiku shogi's other kinds). As [`generate_from`], nothing is emitted for a position
/// where a side has no royal left, a piece not of the side to move, or once the running
/// interrupt says stop.
pub fn generate_towards<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    to: Square,
    sink: &mut S,
) -> bool {
    if rules.routes.is_some() {
        return false;
    }
    let cell = pos.cell(from);
    if pos.is_terminal() || !cell.is_color(pos.side()) || stopped() {
        return true;
    }
    let face = cell.face_unchecked();
    let c = &rules.face(face).compiled[pos.side().index()];
    if !towards::found_alone(c) {
        return false;
    }
    let mut gen = Gen::<S, true>::new(pos, rules, sink, bans(rules), None);
    gen.towards(from, to, face, c);
    true
}

/// [`generate_from`] including the captures the lion-trading rules and `both_royals_lost =
/// illegal` forbid (to tell why a proposed move is illegal).
pub fn generate_from_unfiltered<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    sink: &mut S,
) {
    generate_from_filtered(pos, rules, from, sink, Bans::NONE);
}

fn generate_from_filtered<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    sink: &mut S,
    bans: Bans,
) {
    if pos.is_terminal() || !pos.cell(from).is_color(pos.side()) || stopped() {
        return;
    }
    let mut route = RouteState::of(pos, rules);
    let mut gen = Gen::<S, true>::new(pos, rules, sink, bans, route.as_mut());
    if !gen.movers().contains(from) {
        return;
    }
    gen.piece(from);
    if gen.pass.is_some() {
        // The canonical pass text may name another piece: use the whole position's.
        gen.pass = None;
        for sq in pos.occupied(pos.side()).iter() {
            gen.pass_candidates(sq, false);
        }
    }
    gen.finish();
}

/// The pass of the piece on `from` (of the side to move), if it can pass: out to its
/// first empty neighbour in file-then-rank order that it could step to, and back. A pass
/// names its piece (the repetition rules ask what the passing piece attacks), while
/// lists and perft keep one pass per position ([`canonical_pass`]).
pub fn pass_of(pos: &Position, rules: &Rules, from: Square) -> Option<Move> {
    if pos.is_terminal() || !pos.cell(from).is_color(pos.side()) {
        return None;
    }
    let mut none = Counter::default();
    let mut route = RouteState::of(pos, rules);
    let mut gen = Gen::<_, true>::new(pos, rules, &mut none, Bans::NONE, route.as_mut());
    if !gen.movers().contains(from) {
        return None;
    }
    gen.pass_named(from)
        .map(|via| Move::new(from, &[via, from], Promo::None))
}

/// Whether the piece on `from` can pass by stepping to the empty square `via` and back,
/// and if so how its pass stands among the position's moves ([`PassKind`]); `None` when
/// it cannot.
pub fn pass_via(pos: &Position, rules: &Rules, from: Square, via: Square) -> Option<PassKind> {
    if !pos.cell(via).is_empty() || pos.is_terminal() || !pos.cell(from).is_color(pos.side()) {
        return None;
    }
    let mut none = Counter::default();
    let mut route = RouteState::of(pos, rules);
    let gen = Gen::<_, true>::new(pos, rules, &mut none, Bans::NONE, route.as_mut());
    if !gen.movers().contains(from) {
        return None;
    }
    gen.pass_kind_via(from, via)
}

/// Whether the side to move has a pass, and its canonical text squares (piece, via): the
/// position's one pass that burns nothing.
pub fn canonical_pass(pos: &Position, rules: &Rules) -> Option<(Square, Square)> {
    if pos.is_terminal() {
        return None;
    }
    let mut none = Counter::default();
    let mut route = RouteState::of(pos, rules);
    let mut gen = Gen::<_, true>::new(pos, rules, &mut none, Bans::NONE, route.as_mut());
    for sq in gen.movers().iter() {
        gen.pass_candidates(sq, false);
    }
    gen.pass.map(|(_, from, via)| (from, via))
}

impl<S: MoveSink, const EXTRAS: bool> Gen<'_, S, EXTRAS> {
    /// Emits the moves of the piece on `from`: each kind it has, in the closed list's order
    /// (under route rules, the routes each kind lands).
    fn piece(&mut self, from: Square) {
        if EXTRAS && self.routes() {
            self.route_piece(from);
            return;
        }
        let face = self.pos.cell(from).face_unchecked();
        let c = &self.rules.face(face).compiled[self.us.index()];
        for kind in c.kinds.iter() {
            match kind {
                // An emperor's moves are the costliest of any piece's: the work may stop
                // first.
                Kind::Emperor => {
                    if !stopped() {
                        self.emperor_moves(from, face);
                    }
                }
                Kind::Slide => self.slides(from, face, c),
                Kind::Jump => self.jumps(from, face, c),
                Kind::Hook => self.hooks(from, face, c.hook),
                Kind::Lion => self.lion(from, face),
                Kind::LineLion => self.linelion(from, face, c.linelion),
                Kind::LionDog => self.liondog(from, face, c.lion),
                // The kinds tenjiku shogi adds come next in the closed list: the rest of
                // the piece's kinds are all of them (the route kinds, last, land routes
                // only under route rules: `route_piece`).
                Kind::Area
                | Kind::RangeJump
                | Kind::RangeCapture
                | Kind::DoubleStep
                | Kind::LeapSlide
                | Kind::Igui
                | Kind::Fly
                | Kind::Double
                | Kind::Path
                | Kind::Line
                | Kind::Shoot => {
                    if EXTRAS {
                        self.tenjiku_kinds(from, face, c);
                    }
                    break;
                }
            }
        }
    }

    /// The kinds tenjiku shogi adds that the piece has, in the closed list's order, out of
    /// line so that the dispatch of the others stays small.
    #[inline(never)]
    fn tenjiku_kinds(&mut self, from: Square, face: FaceId, c: &Compiled) {
        let mut area_finals = SquareSet::EMPTY;
        for kind in c.kinds.iter() {
            match kind {
                Kind::Area => area_finals = self.area(from, face, c),
                Kind::RangeJump => self.range_jumps(from, face, c, &area_finals),
                Kind::RangeCapture => self.range_captures(from, face, c),
                Kind::DoubleStep => self.double_steps(from, face, c),
                Kind::LeapSlide => self.leap_slides(from, face, c),
                Kind::Igui => self.igui(from, face, c.igui),
                Kind::Fly => self.flies(from, face, c),
                Kind::Emperor
                | Kind::Slide
                | Kind::Jump
                | Kind::Hook
                | Kind::Lion
                | Kind::LineLion
                | Kind::LionDog
                | Kind::Double
                | Kind::Path
                | Kind::Line
                | Kind::Shoot => {}
            }
        }
    }
}

/// The first-square filter for questions about one first square (Hodges ambiguity), asked
/// of a piece's compiled movement.
pub trait StartFilter {
    /// Whether a move of this piece could list, as the first square after its start
    /// square, the square `(dx, dy)` away from it (absolute board offsets): `false` proves
    /// that no move, whatever the position, starts that way; `true` only says "maybe".
    /// Lines are judged with `line_reach`, which covers ranges, hook moves' straight legs
    /// and lion-like steps; each kind adds what lies off the lines (see its file);
    /// promotion marks and the lion-trading rules change no squares.
    fn may_start_towards(&self, dx: i32, dy: i32) -> bool;

    /// An upper bound of `max(|dx|, |dy|)` over every offset for which
    /// [`StartFilter::may_start_towards`] answers true; `u8::MAX` where first squares are
    /// unbounded.
    fn start_reach(&self) -> u8;
}

impl StartFilter for Compiled {
    fn may_start_towards(&self, dx: i32, dy: i32) -> bool {
        if let Some((a, k)) = line_of(dx, dy) {
            if k <= u32::from(self.line_reach[a]) {
                return true;
            }
        }
        self.kinds.iter().any(|kind| match kind {
            Kind::Emperor => emperor::may_start_towards(),
            Kind::Jump => jump::may_start_towards(self, dx, dy),
            Kind::Hook => hook::may_start_towards(self.hook, dx, dy),
            Kind::Lion => lion::may_start_towards(dx, dy),
            Kind::Area => area::may_start_towards(self, dx, dy),
            Kind::DoubleStep => dblstep::may_start_towards(self, dx, dy),
            Kind::LeapSlide => leapslide::may_start_towards(self, dx, dy),
            Kind::Double => double::may_start_towards(self, dx, dy),
            Kind::Path => path::may_start_towards(self, dx, dy),
            Kind::Line => line::may_start_towards(self, dx, dy),
            Kind::RangeCapture => rangecapture::may_start_towards(self, dx, dy),
            // Range jumps go with a slide along the same lines; igui's first square is a
            // neighbour along a line of `line_reach`, a flying move's its final square along
            // one. A shot is written after `*`, never as a first square.
            Kind::Slide
            | Kind::LineLion
            | Kind::LionDog
            | Kind::RangeJump
            | Kind::Igui
            | Kind::Fly
            | Kind::Shoot => false,
        })
    }

    fn start_reach(&self) -> u8 {
        let lines = self.line_reach.iter().copied().max().unwrap_or(0);
        self.kinds
            .iter()
            .map(|kind| match kind {
                Kind::Emperor | Kind::Hook => u8::MAX,
                Kind::Jump => jump::start_reach(self),
                Kind::Lion => lion::START_REACH,
                Kind::Area => self.area,
                Kind::DoubleStep => 2,
                Kind::LeapSlide => leapslide::start_reach(self),
                Kind::RangeJump | Kind::RangeCapture => u8::MAX,
                Kind::Double => double::start_reach(self),
                Kind::Path => path::start_reach(self),
                Kind::Line => line::start_reach(self),
                Kind::Slide
                | Kind::LineLion
                | Kind::LionDog
                | Kind::Igui
                | Kind::Fly
                | Kind::Shoot => 0,
            })
            .fold(lines, u8::max)
    }
}

/// Drops the intermediate squares of an input route that only say how the piece got
/// somewhere (each kind's equivalent spellings: a lion's step through an empty square, a
/// lion dog's step out and back, a hook move's corner, ...), leaving the squares the
/// generator lists.
pub fn reduce_route(pos: &Position, rules: &Rules, from: Square, path: &[Square]) -> Vec<Square> {
    let geo = &rules.variant.geometry;
    let c = &rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()];
    let empty = |sq: Square| sq == from || pos.cell(sq).is_empty();
    let mut full = vec![from];
    full.extend_from_slice(path);
    if c.kinds.contains(Kind::Area) && area::reduces(geo, c.area, &full, empty) {
        // A route back to the start is a pass, written through its first square.
        let last = full[full.len() - 1];
        return if last == from {
            vec![full[1], from]
        } else {
            vec![last]
        };
    }
    if c.kinds.contains(Kind::LionDog) {
        liondog::drop_steps_out_and_back(geo, &mut full, &empty);
    }
    let mut out = Vec::new();
    for j in 1..full.len() {
        let sq = full[j];
        let last = j + 1 == full.len();
        if !last && empty(sq) && droppable(geo, c, from, full[j - 1], sq, full[j + 1]) {
            continue;
        }
        out.push(sq);
    }
    out
}

/// A second listing of the same route, where a kind writes one effect two ways and the
/// generator lists the other, shorter one (a lion dog's three steps to its 1st and 2nd
/// squares and back, under `lion_dog_jump_back` its leap to the 2nd and back).
pub fn twin_route(
    pos: &Position,
    rules: &Rules,
    from: Square,
    reduced: &[Square],
) -> Option<Vec<Square>> {
    let c = &rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()];
    c.kinds.iter().find_map(|kind| match kind {
        Kind::LionDog => liondog::jump_back_twin(pos, rules, from, reduced),
        _ => None,
    })
}

/// The move of the piece on `from` to the single square `to`, where its kind can judge it
/// without generating the piece's other moves (an emperor's jump or allowed capture: the
/// move has no mark); `None` when the general path must judge.
pub fn judged_alone(pos: &Position, rules: &Rules, from: Square, to: Square) -> Option<Move> {
    let c = &rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()];
    c.kinds.iter().find_map(|kind| match kind {
        Kind::Emperor => emperor::single_jump(pos, rules, from, to),
        _ => None,
    })
}

/// Whether the empty square `here`, between `prev` and `next` on an input route of the
/// piece from `from`, only says how the piece got to `next`.
fn droppable(
    geo: &Geometry,
    c: &Compiled,
    from: Square,
    prev: Square,
    here: Square,
    next: Square,
) -> bool {
    let (Some(leg1), Some(leg2)) = (geo.line(prev, here), geo.line(here, next)) else {
        return false;
    };
    if leg2.0 == crate::engine::core::dir::opposite_abs(leg1.0) {
        return false;
    }
    c.kinds.iter().any(|kind| match kind {
        Kind::Lion => lion::drops(leg1, leg2),
        Kind::LineLion => linelion::drops(c, leg1, leg2),
        Kind::LionDog => liondog::drops(from, prev, leg1, leg2),
        Kind::Hook => hook::drops(c.hook, leg1, leg2),
        Kind::DoubleStep => dblstep::drops(c, leg1, leg2),
        Kind::Emperor
        | Kind::Slide
        | Kind::Jump
        | Kind::Area
        | Kind::RangeJump
        | Kind::RangeCapture
        | Kind::LeapSlide
        | Kind::Igui
        | Kind::Fly
        | Kind::Double
        | Kind::Path
        | Kind::Line
        | Kind::Shoot => false,
    })
}
