//! Perft's last two plies under the basic generation ([`piece_counts_apply`]): the children
//! of one position differ from its first child on a few squares, so a child's count is the
//! first child's count piece by piece, recounting only the pieces whose generation may read
//! a changed square ([`reads`]): the pieces at the changed squares, the first piece along
//! each line from one, and the pieces reading off their lines within their reach of one.
//! Every child is still played; no child's moves are.

use super::tenjiku_reach::{line_reach, reads_at, LineReach};
use super::tenjiku_readers::ReadersCache;
use crate::engine::core::color::Color;
use crate::engine::core::dir::opposite_abs;
use crate::engine::core::piece::FaceId;
use crate::engine::core::square::Square;
use crate::engine::interrupt::stopped;
use crate::engine::movegen::legal_moves;
use crate::engine::movegen::piece_count::{count_piece, reads, PieceCount, Reads};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// The buffers of the sibling counts, kept for a whole walk.
pub(super) struct Siblings {
    /// The first child (under burning rules the position with the turn passed: `burning`).
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
    /// those without a bound, and those that read a lion's square a capture of which asks
    /// the lion-trading rules.
    always: Vec<Square>,
    /// The first child's pieces that read off their lines: square, coordinates, how far,
    /// and how far along their lines past pieces too (`tenjiku_reach`).
    near: Vec<(Square, i32, i32, i32, Option<LineReach>)>,
    /// The squares where the child differs from the first child.
    changed: Vec<Square>,
    /// The readers of the changed squares, per first child.
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
            changed: Vec::new(),
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
        spend(1)?;
        let moves = legal_moves(pos, rules);
        if stopped() {
            return Err(interrupted);
        }
        let Some(first) = moves.first() else {
            return Ok(0);
        };
        self.reference.clone_from(pos);
        // Under burning rules the reference is `pos` itself, the other side to move.
        let null = super::burning::pass_turn(rules, &mut self.reference);
        if !null {
            self.reference.play_unchecked(first, rules);
        }
        let live = !self.reference.is_terminal();
        let them = self.reference.side();
        if live {
            self.read_first(rules, them);
        }
        let mut total = 0;
        for (i, mv) in moves.iter().enumerate() {
            if stopped() {
                return Err(interrupted);
            }
            let n = if i == 0 && !null {
                if live {
                    self.first_moves + u64::from(self.first_passes > 0)
                } else {
                    0
                }
            } else {
                self.child.clone_from(pos);
                self.child.play_unchecked(mv, rules);
                if self.child.is_terminal() {
                    0
                } else if live {
                    self.child_count(rules, them)
                } else {
                    // Only the first child's counts are missing: count this one whole.
                    count_whole(&self.child, rules, them)
                }
            };
            if stopped() {
                return Err(interrupted);
            }
            spend(n + 1)?;
            total += n;
        }
        Ok(total)
    }

    /// Counts the first child piece by piece and sorts its pieces by what they read.
    fn read_first(&mut self, rules: &Rules, them: Color) {
        let geo = &rules.variant.geometry;
        self.first_moves = 0;
        self.first_passes = 0;
        self.always.clear();
        self.near.clear();
        self.cache.clear();
        for sq in self.reference.occupied(them).iter() {
            let pc = count_piece(&self.reference, rules, sq);
            self.counts[sq.index()] = pc;
            self.first_moves += pc.moves;
            self.first_passes += u64::from(pc.passes);
            let face = self.reference.cell(sq).face_unchecked();
            let (r, lines) = match self.reads_of(rules, face, them) {
                Reads::Anywhere => {
                    self.always.push(sq);
                    continue;
                }
                Reads::Near(r) => (r, false),
                Reads::Lines(r) => (r, true),
            };
            if r > 0 || lines {
                let (x, y) = geo.xy(sq);
                let past = lines.then(|| line_reach(&self.reference, rules, sq, them));
                self.near.push((sq, x, y, i32::from(r), past));
            }
        }
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

    /// The pieces of `them` in the first child that may read the square `t`: the first
    /// piece along each line from it, and the pieces reading off their lines that near.
    fn readers(&self, rules: &Rules, t: Square, them: Color, out: &mut Vec<Square>) {
        let geo = &rules.variant.geometry;
        let rays = geo.rays_from(t);
        for dir in 0..8 {
            let ray = rays.towards(dir);
            let first = ray.iter().position(|&s| !self.reference.cell(s).is_empty());
            if let Some(k) = first {
                let cell = self.reference.cell(ray[k]);
                // Along the line it reads up to its line reach (the rest is `near`'s).
                if cell.is_color(them)
                    && k < usize::from(
                        rules.face(cell.face_unchecked()).compiled[them.index()].line_reach
                            [opposite_abs(dir)],
                    )
                {
                    out.push(ray[k]);
                }
            }
        }
        let (tx, ty) = geo.xy(t);
        for &(sq, x, y, r, past) in &self.near {
            let (dx, dy) = (tx - x, ty - y);
            if (dx.abs() <= r && dy.abs() <= r) || past.is_some_and(|p| reads_at(&p, dx, dy)) {
                out.push(sq);
            }
        }
    }

    /// The moves of `them` in the child: the first child's, with the pieces that may read
    /// a changed square (or always must be) counted again.
    fn child_count(&mut self, rules: &Rules, them: Color) -> u64 {
        if self.mark == u32::MAX {
            self.marks.fill(0);
            self.mark = 0;
        }
        self.mark += 1;
        let n = self.counts.len();
        let mut changed = std::mem::take(&mut self.changed);
        changed.clear();
        let (was, now) = (self.reference.cells(n), self.child.cells(n));
        for (k, (a, b)) in was.chunks(8).zip(now.chunks(8)).enumerate() {
            let differ = a
                .iter()
                .zip(b)
                .fold(0, |acc, (x, y)| acc | (x.bits() ^ y.bits()));
            if differ != 0 {
                for (j, (x, y)) in a.iter().zip(b).enumerate() {
                    if x != y {
                        changed.push(Square((k * 8 + j) as u16));
                    }
                }
            }
        }
        // Under burning rules, the neighbours of a square gaining or losing an enemy demon.
        super::burning::widen(
            &self.reference,
            &self.child,
            rules,
            them.opponent(),
            &mut changed,
        );
        let mut recount = std::mem::take(&mut self.always);
        let always = recount.len();
        recount.extend_from_slice(&changed);
        let mut cache = std::mem::replace(&mut self.cache, ReadersCache::new(0));
        for &d in &changed {
            cache.extend(d, &mut recount, |out| self.readers(rules, d, them, out));
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
