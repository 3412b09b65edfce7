//! Perft's last two plies under the basic generation ([`piece_counts_apply`]): the children
//! of one position differ from its first child on a few squares, so a child's count is the
//! first child's count piece by piece, recounting only the pieces whose generation may read
//! a changed square ([`reads`]): the pieces at the changed squares, the first piece along
//! each line from one whose range reaches it, and the pieces reading off their lines
//! within their reach of one (found in a map built once per parent: per square, the
//! pieces whose reach covers it).
//! The changed squares are those the two moves (the first child's and this child's) touch
//! where the two positions differ ([`Siblings::changed_squares`], the one place that
//! decides them). The emperor, which reads the whole board, keeps its per-victim answers
//! between children ([`super::emperor_sums`]). Under burning rules (tenjiku shogi) the
//! reference is the parent itself with the turn passed ([`super::burning`]), so a child
//! differs from it on its own move's squares only, and a range-jumping general reads its
//! lines up to the piece that stops its jump ([`super::tenjiku_reach`]). Every child is
//! still played; no child's moves are.

use super::emperor_sums::{off_line_reach, EmperorSums};
use super::tenjiku_reach::{line_reach, reads_at, LineReach};
use super::tenjiku_readers::ReadersCache;
use crate::engine::core::color::Color;
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::moves::Move;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::interrupt::stopped;
use crate::engine::movegen::legal_moves;
use crate::engine::movegen::piece_count::{count_piece, reads, PieceCount, Reads};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The buffers of the sibling counts, kept for a whole walk.
pub(super) struct Siblings {
    /// The first child (under burning rules the parent with the turn passed).
    reference: Position,
    /// The child being counted.
    child: Position,
    /// Per square, the first child's count of its piece (of the side to move there).
    counts: Vec<PieceCount>,
    /// Per square, the number of the child for which the piece there was recounted.
    marks: Vec<u32>,
    /// The number of the child being counted.
    mark: u32,
    /// Per face and side, [`reads`] cached.
    reaches: Vec<Option<Reads>>,
    /// The first child's moves in all, and how many of its pieces could pass.
    first_moves: u64,
    first_passes: u64,
    /// The first child's pieces (of the side to move there) recounted in every child:
    /// those without a bound, those that read a lion's square a capture of which asks the
    /// lion-trading rules, and the squares the first move touches with their readers.
    always: Vec<Square>,
    /// The first child's pieces that read off their lines: square, coordinates, how far.
    near: Vec<(Square, i32, i32, i32)>,
    /// Per square `s`, `near_items[near_start[s]..near_start[s + 1]]`: the pieces of
    /// `near` whose reach covers it.
    near_start: Vec<u32>,
    near_items: Vec<Square>,
    /// Scratch for filling `near_items`.
    near_fill: Vec<u32>,
    /// The first child's pieces that read along their lines past pieces: square,
    /// coordinates and how far along each line ([`line_reach`]).
    lines: Vec<(Square, i32, i32, LineReach)>,
    /// The squares where the child differs from the first child.
    changed: Vec<Square>,
    /// The first child's emperor, when its count is kept per victim.
    emperor: Option<EmperorSums>,
    /// The farthest off-line reach of any piece ([`off_line_reach`]).
    radius: i32,
    /// Whether a hook mover was the first piece along a line from a changed square.
    hooked: bool,
    /// Whether one was along a line from a square the first move touches.
    first_hooked: bool,
    /// The readers of the changed squares, per reference (used without an emperor kept
    /// per victim: `readers` then notes nothing in `hooked`).
    cache: ReadersCache,
}

impl Siblings {
    pub(super) fn new(pos: &Position, rules: &Rules) -> Siblings {
        let squares = rules.variant.shape().len();
        Siblings {
            reference: pos.clone(),
            child: pos.clone(),
            counts: vec![PieceCount::default(); squares],
            marks: vec![0; squares],
            mark: 0,
            reaches: vec![None; 2 * rules.faces.len()],
            first_moves: 0,
            first_passes: 0,
            always: Vec::new(),
            near: Vec::new(),
            near_start: vec![0; squares + 1],
            near_items: Vec::new(),
            near_fill: vec![0; squares],
            lines: Vec::new(),
            changed: Vec::new(),
            emperor: None,
            radius: off_line_reach(rules),
            hooked: false,
            first_hooked: false,
            cache: ReadersCache::new(squares),
        }
    }

    /// The leaves two plies below `pos`, spending nodes through `spend` as a full walk
    /// would (one for `pos`, then per child one and its moves, in move order); `interrupted`
    /// when the running interrupt stops it.
    pub(super) fn count<E: Copy>(
        &mut self,
        pos: &Position,
        rules: &Rules,
        spend: &mut dyn FnMut(u64) -> Result<(), E>,
        interrupted: E,
    ) -> Result<u64, E> {
        let moves = parent_moves(pos, rules, spend, interrupted)?;
        let Some(first) = moves.first() else {
            return Ok(0);
        };
        self.reference.clone_from(pos);
        // Under burning rules the reference is `pos` itself, the other side to move, and
        // the first child is counted like the others.
        let first = if super::burning::pass_turn(rules, &mut self.reference) {
            None
        } else {
            self.reference.play_unchecked(first, rules);
            Some(first)
        };
        let live = !self.reference.is_terminal();
        let them = self.reference.side();
        if live {
            self.read_first(rules, them, first);
        }
        let known = first.map(|_| {
            if live {
                self.first_moves + u64::from(self.first_passes > 0)
            } else {
                0
            }
        });
        sum_children(&moves, known, spend, interrupted, |mv| {
            self.child.clone_from(pos);
            self.child.play_unchecked(mv, rules);
            if self.child.is_terminal() {
                0
            } else if live {
                self.child_count(rules, them, first, mv)
            } else {
                // Only the first child's counts are missing: count this one whole.
                count_whole(&self.child, rules, them)
            }
        })
    }

    /// Counts the reference (the first child, `first` played, or the parent with the turn
    /// passed) piece by piece and sorts its pieces by what they read.
    fn read_first(&mut self, rules: &Rules, them: Color, first: Option<&Move>) {
        let geo = &rules.variant.geometry;
        self.first_moves = 0;
        self.first_passes = 0;
        self.always.clear();
        self.near.clear();
        self.lines.clear();
        self.emperor = None;
        self.cache.clear();
        for sq in self.reference.occupied(them).iter() {
            let pc = count_piece(&self.reference, rules, sq);
            self.counts[sq.index()] = pc;
            self.first_moves += pc.moves;
            self.first_passes += u64::from(pc.passes);
            let face = self.reference.cell(sq).face_unchecked();
            let (x, y) = geo.xy(sq);
            let (r, lines) = match self.reads_of(rules, face, them) {
                Reads::Anywhere => {
                    let sums = if self.emperor.is_none() {
                        EmperorSums::of(&self.reference, rules, them, sq, self.radius)
                    } else {
                        None
                    };
                    match sums {
                        Some(e) => self.emperor = Some(e),
                        None => self.always.push(sq),
                    }
                    continue;
                }
                Reads::Near(r) => (r, false),
                Reads::Lines(r) => (r, true),
            };
            if r > 0 {
                self.near.push((sq, x, y, i32::from(r)));
            }
            if lines {
                let reach = line_reach(&self.reference, rules, sq, them);
                self.lines.push((sq, x, y, reach));
            }
        }
        self.map_near(rules);
        // The squares the first move touches, and what reads them, are recounted in every
        // child: their readers are found once.
        self.hooked = false;
        let mut readers = Vec::new();
        let touched = first
            .into_iter()
            .flat_map(|f| std::iter::once(&f.from).chain(f.squares()));
        for &t in touched {
            readers.push(t);
            self.readers(rules, t, them, &mut readers);
        }
        self.always.extend(readers);
        self.first_hooked = self.hooked;
        if rules.lion_trading.is_some() {
            // The lions the side to move at the parent has: a piece reading such a square
            // may capture a lion, which asks the lion-trading rules beyond what it reads.
            let us = them.opponent();
            let lions: Vec<Square> = self
                .reference
                .occupied(us)
                .iter()
                .filter(|&sq| rules.face(self.reference.cell(sq).face_unchecked()).lion)
                .collect();
            let mut readers = Vec::new();
            for t in lions {
                self.readers(rules, t, them, &mut readers);
            }
            self.always.extend(readers);
        }
    }

    /// Fills the map from each square to the pieces of `near` whose reach covers it.
    fn map_near(&mut self, rules: &Rules) {
        let shape = rules.variant.geometry.shape;
        let (files, ranks) = (i32::from(shape.files), i32::from(shape.ranks));
        let boxes = |&(_, x, y, r): &(Square, i32, i32, i32)| {
            ((y - r).max(0)..=(y + r).min(ranks - 1)).flat_map(move |yy| {
                ((x - r).max(0)..=(x + r).min(files - 1)).map(move |xx| (yy * files + xx) as usize)
            })
        };
        let start = &mut self.near_start;
        start.fill(0);
        for piece in &self.near {
            for s in boxes(piece) {
                start[s + 1] += 1;
            }
        }
        for i in 1..start.len() {
            start[i] += start[i - 1];
        }
        let n = self.near_fill.len();
        self.near_fill.copy_from_slice(&start[..n]);
        self.near_items.clear();
        self.near_items.resize(start[n] as usize, Square(0));
        for piece in &self.near {
            for s in boxes(piece) {
                self.near_items[self.near_fill[s] as usize] = piece.0;
                self.near_fill[s] += 1;
            }
        }
    }

    /// The pieces of `them` in the first child that may read the square `t`: the first
    /// piece along each line from it when its range reaches `t`, and the pieces reading off
    /// their lines that near;
    /// notes in `hooked` when a hook mover is the first piece along a line.
    fn readers(&mut self, rules: &Rules, t: Square, them: Color, out: &mut Vec<Square>) {
        let geo = &rules.variant.geometry;
        let rays = geo.rays_from(t);
        let hooks = self.emperor.is_some();
        for dir in 0..8 {
            let ray = rays.towards(dir);
            let first = ray.iter().position(|&s| !self.reference.cell(s).is_empty());
            if let Some(k) = first {
                let s = ray[k];
                let cell = self.reference.cell(s);
                // Along the line a piece reads up to its range (its other reads are in
                // the map below, its reads past pieces in `lines`).
                if cell.is_color(them)
                    && usize::from(
                        rules.face(cell.face_unchecked()).compiled[them.index()].slide_max
                            [opposite_abs(dir)],
                    ) > k
                {
                    out.push(s);
                }
                if hooks
                    && (self.reference.hook_movers(Color::Black).contains(s)
                        || self.reference.hook_movers(Color::White).contains(s))
                {
                    self.hooked = true;
                }
            }
        }
        let i = t.index();
        let (a, b) = (self.near_start[i] as usize, self.near_start[i + 1] as usize);
        out.extend_from_slice(&self.near_items[a..b]);
        if !self.lines.is_empty() {
            let (tx, ty) = geo.xy(t);
            for &(sq, x, y, reach) in &self.lines {
                if reads_at(&reach, tx - x, ty - y) {
                    out.push(sq);
                }
            }
        }
    }

    /// Fills `changed` with the squares where the child differs from the reference. The
    /// child is the parent with `mv` played, the reference the parent with `first` played
    /// (or, with no `first`, the parent): where the moves change only the squares they
    /// list and their starts, those squares are compared; elsewhere (range captures, line
    /// captures, shots, burns, reversions) every cell is. Under burning rules the
    /// neighbours of a square where an enemy fire demon came or went are added.
    fn changed_squares(&mut self, rules: &Rules, first: Option<&Move>, mv: &Move) {
        self.changed.clear();
        let play = &rules.play;
        let listed = !play.range_captures
            && !play.line_captures
            && play.burning.is_none()
            && play.reversions.is_none()
            && first.is_none_or(|f| f.shots().is_empty())
            && mv.shots().is_empty();
        if listed {
            let firsts = first
                .into_iter()
                .flat_map(|f| std::iter::once(&f.from).chain(f.squares()));
            for &s in firsts.chain(std::iter::once(&mv.from)).chain(mv.squares()) {
                if self.reference.cell(s) != self.child.cell(s) && !self.changed.contains(&s) {
                    self.changed.push(s);
                }
            }
            return;
        }
        let n = self.counts.len();
        differing_cells(&self.reference, &self.child, n, &mut self.changed);
        let demons = self.reference.side().opponent();
        super::burning::widen(
            &self.reference,
            &self.child,
            rules,
            demons,
            &mut self.changed,
        );
    }

    /// The moves of `them` in the child (the parent with `mv` played; the first child has
    /// `first`): the first child's, with the pieces that may read a changed square (or
    /// always must be) counted again.
    fn child_count(&mut self, rules: &Rules, them: Color, first: Option<&Move>, mv: &Move) -> u64 {
        if self.mark == u32::MAX {
            self.marks.fill(0);
            self.mark = 0;
        }
        self.mark += 1;
        self.changed_squares(rules, first, mv);
        self.hooked = self.first_hooked;
        let changed = std::mem::take(&mut self.changed);
        let mut recount = std::mem::take(&mut self.always);
        let always = recount.len();
        let cached = self.emperor.is_none();
        let mut cache = std::mem::replace(&mut self.cache, ReadersCache::new(0));
        for &d in &changed {
            // The first move's squares and their readers are in `always`.
            if first.is_some_and(|f| d == f.from || f.squares().contains(&d)) {
                continue;
            }
            recount.push(d);
            if cached {
                cache.extend(d, &mut recount, |out| self.readers(rules, d, them, out));
            } else {
                self.readers(rules, d, them, &mut recount);
            }
        }
        self.cache = cache;
        let (mut added, mut removed) = (0, 0);
        let (mut passes_added, mut passes_removed) = (0, 0);
        for &sq in &recount {
            let i = sq.index();
            if self.marks[i] == self.mark {
                continue;
            }
            self.marks[i] = self.mark;
            if self.reference.cell(sq).is_color(them) {
                removed += self.counts[i].moves;
                passes_removed += u64::from(self.counts[i].passes);
            }
            if self.child.cell(sq).is_color(them) {
                let pc = count_piece(&self.child, rules, sq);
                added += pc.moves;
                passes_added += u64::from(pc.passes);
            }
        }
        if let Some(e) = &self.emperor {
            // Not on a changed square (those were recounted above): kept per victim.
            let i = e.square.index();
            if self.marks[i] != self.mark {
                removed += self.counts[i].moves;
                added += e.child_count(&self.reference, &self.child, rules, &changed, self.hooked);
            }
        }
        recount.truncate(always);
        self.always = recount;
        self.changed = changed;
        let passes = self.first_passes + passes_added - passes_removed;
        self.first_moves + added - removed + u64::from(passes > 0)
    }

    /// [`reads`] of a piece of `face` and side `them`, cached per face and side.
    fn reads_of(&mut self, rules: &Rules, face: FaceId, them: Color) -> Reads {
        let slot = 2 * face.index() + them.index();
        *self.reaches[slot].get_or_insert_with(|| reads(rules, face, them))
    }
}

/// Appends to `out` the squares among the first `n` where `was` and `now` differ (eight
/// cells compared at a time).
pub(super) fn differing_cells(was: &Position, now: &Position, n: usize, out: &mut Vec<Square>) {
    let (was, now) = (was.cells(n), now.cells(n));
    for (k, (a, b)) in was.chunks(8).zip(now.chunks(8)).enumerate() {
        let differ = a
            .iter()
            .zip(b)
            .fold(0, |acc, (x, y)| acc | (x.bits() ^ y.bits()));
        if differ != 0 {
            for (j, (x, y)) in a.iter().zip(b).enumerate() {
                if x != y {
                    out.push(Square((k * 8 + j) as u16));
                }
            }
        }
    }
}

/// The moves of a parent two plies above the leaves, after spending its own node through
/// `spend`; `interrupted` when the running interrupt stops the listing.
pub(super) fn parent_moves<E>(
    pos: &Position,
    rules: &Rules,
    spend: &mut dyn FnMut(u64) -> Result<(), E>,
    interrupted: E,
) -> Result<Vec<Move>, E> {
    spend(1)?;
    let moves = legal_moves(pos, rules);
    if stopped() {
        return Err(interrupted);
    }
    Ok(moves)
}

/// The leaves below `moves`, one child each, spending one node per child and its count
/// through `spend` in move order: the first child's count is `first` when known, every
/// other child's (and the first's when not) is `child`'s; `interrupted` when the running
/// interrupt stops it.
pub(super) fn sum_children<E: Copy>(
    moves: &[Move],
    first: Option<u64>,
    spend: &mut dyn FnMut(u64) -> Result<(), E>,
    interrupted: E,
    mut child: impl FnMut(&Move) -> u64,
) -> Result<u64, E> {
    let mut total = 0;
    for (i, mv) in moves.iter().enumerate() {
        if stopped() {
            return Err(interrupted);
        }
        let n = match first {
            Some(n) if i == 0 => n,
            _ => child(mv),
        };
        if stopped() {
            return Err(interrupted);
        }
        spend(n + 1)?;
        total += n;
    }
    Ok(total)
}

/// The moves of `them` (to move) in `pos`, piece by piece.
fn count_whole(pos: &Position, rules: &Rules, them: Color) -> u64 {
    let mut all = 0;
    let mut pass = false;
    for sq in pos.occupied(them).iter() {
        let pc = count_piece(pos, rules, sq);
        all += pc.moves;
        pass |= pc.passes;
    }
    all + u64::from(pass)
}
