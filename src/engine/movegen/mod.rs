//! Legal move generation: one pass over the side to move's pieces, each movement kind in
//! its own file, every distinct effect emitted once (tai.md's equal-effect rule), all
//! passes of the position folded into one move, promotion marks decided at emission.
//! Generation asks the running interrupt ([`super::interrupt`]) once per call and once
//! per emperor, and emits nothing more once it says stop.

mod emperor;
mod hook;
mod lion;
mod liondog;
mod slide;

pub use emperor::{attacked, emperor_may_capture, protection_map};

/// Whether two absolute directions are at 90° to each other.
pub fn is_perpendicular(a: usize, b: usize) -> bool {
    hook::perpendicular(a).contains(&b)
}

use super::core::moves::{Move, Promo};
use super::geometry::{Color, Geometry, Square};
use super::interrupt::stopped;
use super::position::Position;
use super::variant::{PromotionChoice, PromotionTrigger, Rules};
use crate::engine::core::piece::Cell;
use crate::engine::core::piece::FaceId;

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
#[derive(Default, Debug)]
pub struct Counter(pub u64);

impl MoveSink for Counter {
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

/// Every legal move of the side to move (none when a side has no royal left).
pub fn legal_moves(pos: &Position, rules: &Rules) -> Vec<Move> {
    let mut out = Vec::with_capacity(512);
    generate(pos, rules, &mut out);
    out
}

/// Emits every legal move of the side to move into `sink`.
pub fn generate<S: MoveSink>(pos: &Position, rules: &Rules, sink: &mut S) {
    if pos.is_terminal() || stopped() {
        return;
    }
    let mut gen = Gen::new(pos, rules, sink);
    for from in pos.occupied(pos.side()).iter() {
        gen.piece(from);
    }
    gen.finish();
}

/// Emits the moves of the piece on `from` only (it must belong to the side to move); a
/// pass this piece could make is emitted as the position's canonical pass.
pub fn generate_from<S: MoveSink>(pos: &Position, rules: &Rules, from: Square, sink: &mut S) {
    generate_from_filtered(pos, rules, from, sink, true);
}

/// [`generate_from`] including the captures the lion-trading rules forbid (to tell why a
/// proposed move is illegal).
pub fn generate_from_unfiltered<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    sink: &mut S,
) {
    generate_from_filtered(pos, rules, from, sink, false);
}

fn generate_from_filtered<S: MoveSink>(
    pos: &Position,
    rules: &Rules,
    from: Square,
    sink: &mut S,
    lion_filter: bool,
) {
    if pos.is_terminal() || !pos.cell(from).is_color(pos.side()) || stopped() {
        return;
    }
    let mut gen = Gen::new(pos, rules, sink);
    gen.lion_filter = lion_filter;
    gen.piece(from);
    if gen.pass.is_some() {
        // The canonical pass text may name another piece: use the whole position's.
        gen.pass = None;
        for sq in pos.occupied(pos.side()).iter() {
            gen.pass_candidates(sq);
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
    let mut gen = Gen::new(pos, rules, &mut none);
    gen.pass_candidates(from);
    gen.pass
        .map(|(_, from, via)| Move::new(from, &[via, from], Promo::None))
}

/// Whether the piece on `from` can pass by stepping to the empty square `via` and back
/// (a lion or lion dog through any empty neighbour, a linear lion along its lines).
pub fn can_pass_via(pos: &Position, rules: &Rules, from: Square, via: Square) -> bool {
    if !pos.cell(via).is_empty() {
        return false;
    }
    let c = &rules.face(pos.cell(from).face_unchecked()).compiled[pos.side().index()];
    let lines = if c.lion || c.liondog {
        0xff
    } else {
        c.linelion_all
    };
    match rules.variant.geometry.line(from, via) {
        Some((d, 1)) => lines & (1 << d) != 0,
        _ => false,
    }
}

/// Whether the side to move has a pass, and its canonical text squares (piece, via).
pub fn canonical_pass(pos: &Position, rules: &Rules) -> Option<(Square, Square)> {
    if pos.is_terminal() {
        return None;
    }
    let mut none = Counter::default();
    let mut gen = Gen::new(pos, rules, &mut none);
    for sq in pos.occupied(pos.side()).iter() {
        gen.pass_candidates(sq);
    }
    gen.pass.map(|(_, from, via)| (from, via))
}

/// A pass found during generation: (order key: piece file, rank, via file, rank), the
/// piece's square, the empty square it steps to and back from.
pub(crate) type PassCandidate = ((i32, i32, i32, i32), Square, Square);

/// Generation state for one position.
pub(crate) struct Gen<'a, S: MoveSink> {
    pub pos: &'a Position,
    pub rules: &'a Rules,
    pub geo: &'a Geometry,
    pub us: Color,
    pub sink: &'a mut S,
    /// The best pass found so far.
    pub pass: Option<PassCandidate>,
    /// Whether captures the lion-trading rules forbid are left out (always, except when
    /// explaining an illegal move).
    lion_filter: bool,
}

impl<'a, S: MoveSink> Gen<'a, S> {
    fn new(pos: &'a Position, rules: &'a Rules, sink: &'a mut S) -> Gen<'a, S> {
        Gen {
            pos,
            rules,
            geo: &rules.variant.geometry,
            us: pos.side(),
            sink,
            pass: None,
            lion_filter: true,
        }
    }

    fn piece(&mut self, from: Square) {
        let face = self.pos.cell(from).face_unchecked();
        let c = &self.rules.face(face).compiled[self.us.index()];
        // An emperor's moves are the costliest of any piece's: the work may stop first.
        if c.emperor && !stopped() {
            self.emperor_moves(from, face);
        }
        if c.slide_dirs != 0 {
            self.slides(from, face, c);
        }
        if !c.jumps.is_empty() {
            self.jumps(from, face, c);
        }
        if c.hook != 0 {
            self.hooks(from, face, c.hook);
        }
        if c.lion {
            self.lion(from, face);
        }
        if c.linelion != 0 {
            self.linelion(from, face, c.linelion);
        }
        if c.liondog {
            self.liondog(from, face, c.lion);
        }
    }

    fn finish(&mut self) {
        if let Some((_, from, via)) = self.pass {
            self.sink.push(Move::new(from, &[via, from], Promo::None));
        }
    }

    /// Records every pass the piece on `from` could make.
    fn pass_candidates(&mut self, from: Square) {
        let face = self.pos.cell(from).face_unchecked();
        let c = &self.rules.face(face).compiled[self.us.index()];
        let all = if c.lion || c.liondog {
            0xff
        } else {
            c.linelion_all
        };
        for d in 0..8 {
            if all & (1 << d) != 0 {
                if let Some(&via) = self.geo.ray(from, d).first() {
                    if self.pos.cell(via).is_empty() {
                        self.offer_pass(from, via);
                    }
                }
            }
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
    fn emit_quiet(&mut self, from: Square, to: Square, face: FaceId) {
        if self.rules.zone_squares[self.us.index()].contains(to) {
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
        if !rule.royal && captured.iter().any(|&s| self.contagious(s)) {
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
                    .any(|&s| self.pos.cell(s).face_unchecked() & 1 == 1)
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
        if let Some(trading) = &self.rules.lion_trading {
            if self.lion_filter
                && super::lion_trading::ban(self.pos, self.rules, trading, mv.from, captured)
                    .is_some()
            {
                return;
            }
        }
        let choice = self
            .rules
            .zone_choice(face, self.us, mv.from, mv.to(), true);
        self.push_choice(mv, choice.unwrap_or(PromotionChoice::None));
    }

    #[inline]
    fn contagious(&self, sq: Square) -> bool {
        self.rules
            .face(self.pos.cell(sq).face_unchecked())
            .contagion
            .is_some()
    }

    /// The face a non-royal capturer ends as after capturing `captured` in order, when
    /// contagion applies (the last contagious victim decides).
    pub(crate) fn contagion_result(&self, captured: &[Square]) -> Option<FaceId> {
        captured
            .iter()
            .rev()
            .find_map(|&s| self.rules.face(self.pos.cell(s).face_unchecked()).contagion)
    }
}
