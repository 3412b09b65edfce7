//! Perft's last two plies under route rules (ko shogi, ko.md): the children of one position
//! differ from its first child on a few squares, so a child's count is the first child's
//! count piece by piece, recounting only the pieces whose generation read a changed
//! square ([`route_reads`]), or whose net freezing changed. A child whose route facts
//! (flames, fogs, priests, drums, standing) or extra field differ from the first child's is
//! counted whole. Every child is still played; no child's moves are.

use super::siblings::{differing_cells, parent_moves, sum_children};
use crate::engine::core::color::Color;
use crate::engine::core::square::Square;
use crate::engine::movegen::piece_count::PieceCount;
use crate::engine::movegen::route_count::{route_reads, RouteCounter};
use crate::engine::movegen::{generate, Counter};
use crate::engine::position::route_board::RouteBoard;
use crate::engine::position::Position;
use crate::engine::variant::{RouteRules, Rules};

/// Whether the last two plies under `rules` are counted from sibling counts here: the
/// route rules without tenjiku's fire demons.
pub(super) fn apply(rules: &Rules) -> bool {
    rules.routes.is_some() && rules.burn.is_none()
}

/// The buffers of the sibling counts, kept for a whole walk.
pub(super) struct RouteSiblings {
    /// The first child, and its route facts.
    reference: Position,
    first_board: RouteBoard,
    /// The child being counted, and its route facts when they had to be read.
    child: Position,
    board: RouteBoard,
    counter: RouteCounter,
    /// Words of a square set.
    words: usize,
    /// The first child's pieces of the side to move there, with their counts.
    pieces: Vec<(Square, PieceCount)>,
    /// Per piece of `pieces`, `words` words: the squares its generation read.
    reads: Vec<u64>,
    /// The first child's moves in all, and how many of its pieces could pass.
    first_moves: u64,
    first_passes: u64,
    /// Whether the first child has a net on the board (then every child's frozen pieces
    /// are read again).
    nets: bool,
    /// The squares where the child differs from the first child, as a list and a set.
    changed: Vec<Square>,
    changed_set: Vec<u64>,
    /// The pieces to recount in the child.
    recount: Vec<Square>,
}

impl RouteSiblings {
    pub(super) fn new(pos: &Position, rules: &Rules) -> RouteSiblings {
        let words = rules.variant.shape().len().div_ceil(64);
        RouteSiblings {
            reference: pos.clone(),
            first_board: RouteBoard::default(),
            child: pos.clone(),
            board: RouteBoard::default(),
            counter: RouteCounter::default(),
            words,
            pieces: Vec::new(),
            reads: Vec::new(),
            first_moves: 0,
            first_passes: 0,
            nets: false,
            changed: Vec::new(),
            changed_set: vec![0; words],
            recount: Vec::new(),
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
        let (Some(first), Some(routing)) = (moves.first(), rules.routes.as_ref()) else {
            return Ok(0);
        };
        self.reference.clone_from(pos);
        self.reference.play_unchecked(first, rules);
        let live = !self.reference.is_terminal();
        if live {
            self.read_first(rules, routing);
        }
        let known = if live {
            self.first_moves + u64::from(self.first_passes > 0)
        } else {
            0
        };
        sum_children(&moves, Some(known), spend, interrupted, |mv| {
            self.child.clone_from(pos);
            self.child.play_unchecked(mv, rules);
            if self.child.is_terminal() {
                0
            } else if live {
                self.child_count(rules, routing)
            } else {
                count_whole(&self.child, rules)
            }
        })
    }

    /// Counts the first child piece by piece and notes what each piece read.
    fn read_first(&mut self, rules: &Rules, routing: &RouteRules) {
        let RouteSiblings {
            reference,
            first_board,
            counter,
            words,
            pieces,
            reads,
            first_moves,
            first_passes,
            nets,
            ..
        } = self;
        let them = reference.side();
        *first_board = RouteBoard::read(reference, rules, routing);
        *nets = Color::ALL.into_iter().any(|c| {
            reference
                .occupied(c)
                .iter()
                .any(|sq| routing.face(reference.cell(sq).face_unchecked()).net != [0, 0])
        });
        pieces.clear();
        *first_moves = 0;
        *first_passes = 0;
        counter.count(
            reference,
            rules,
            first_board,
            reference.occupied(them).iter(),
            |sq, pc| {
                *first_moves += pc.moves;
                *first_passes += u64::from(pc.passes);
                pieces.push((sq, pc));
            },
        );
        reads.clear();
        reads.resize(pieces.len() * *words, 0);
        for (k, &(sq, _)) in pieces.iter().enumerate() {
            let set = &mut reads[k * *words..(k + 1) * *words];
            if !route_reads(reference, rules, sq, |s| {
                set[s.index() >> 6] |= 1 << (s.index() & 63)
            }) {
                set.fill(u64::MAX);
            }
        }
    }

    /// The moves of the side to move in the child: the first child's, with the pieces
    /// that read a changed square counted again, or all of them where the route facts
    /// differ.
    fn child_count(&mut self, rules: &Rules, routing: &RouteRules) -> u64 {
        let them = self.child.side();
        let n = rules.variant.shape().len();
        self.changed.clear();
        differing_cells(&self.reference, &self.child, n, &mut self.changed);
        if self.child.extra() != self.reference.extra() {
            return count_whole(&self.child, rules);
        }
        // The route facts: the first child's, unless a changed square holds a piece they
        // look at or a net may freeze differently.
        let flagged = |pos: &Position, sq: Square| {
            let cell = pos.cell(sq);
            !cell.is_empty() && {
                let f = routing.face(cell.face_unchecked());
                f.commander
                    || f.half.is_some()
                    || f.priest
                    || f.drum
                    || f.fog
                    || f.poison_flame
                    || f.net != [0, 0]
            }
        };
        let reread = self.nets
            || self
                .changed
                .iter()
                .any(|&sq| flagged(&self.reference, sq) || flagged(&self.child, sq));
        for &sq in &self.changed {
            self.changed_set[sq.index() >> 6] |= 1 << (sq.index() & 63);
        }
        if reread {
            self.board = RouteBoard::read(&self.child, rules, routing);
            let (a, b) = (&self.first_board, &self.board);
            if a.flames != b.flames
                || a.fogs != b.fogs
                || a.priest != b.priest
                || a.drum != b.drum
                || a.standing != b.standing
            {
                self.clear_changed();
                return count_whole(&self.child, rules);
            }
            // A piece whose freezing changed counts as standing on a changed square.
            let ti = them.index();
            for sq in a.frozen[ti].iter().chain(b.frozen[ti].iter()) {
                if a.frozen[ti].contains(sq) != b.frozen[ti].contains(sq) {
                    self.changed_set[sq.index() >> 6] |= 1 << (sq.index() & 63);
                    self.changed.push(sq);
                }
            }
        }
        let (mut removed, mut passes_removed) = (0, 0);
        self.recount.clear();
        for (k, &(sq, pc)) in self.pieces.iter().enumerate() {
            let set = &self.reads[k * self.words..(k + 1) * self.words];
            if set.iter().zip(&self.changed_set).any(|(r, c)| r & c != 0) {
                removed += pc.moves;
                passes_removed += u64::from(pc.passes);
                if self.child.cell(sq).is_color(them) {
                    self.recount.push(sq);
                }
            }
        }
        // Pieces of the side to move on changed squares where the first child had none
        // of its own (a recounted piece's square is among its reads).
        for &sq in &self.changed {
            if self.child.cell(sq).is_color(them) && !self.reference.cell(sq).is_color(them) {
                self.recount.push(sq);
            }
        }
        self.clear_changed();
        let (mut added, mut passes_added) = (0, 0);
        let board = if reread {
            &self.board
        } else {
            &self.first_board
        };
        self.counter.count(
            &self.child,
            rules,
            board,
            self.recount.iter().copied(),
            |_, pc| {
                added += pc.moves;
                passes_added += u64::from(pc.passes);
            },
        );
        let passes = self.first_passes + passes_added - passes_removed;
        self.first_moves + added - removed + u64::from(passes > 0)
    }

    /// Empties the set of changed squares (its list stays).
    fn clear_changed(&mut self) {
        for &sq in &self.changed {
            self.changed_set[sq.index() >> 6] = 0;
        }
    }
}

/// The moves of the side to move in `pos`, generated whole.
fn count_whole(pos: &Position, rules: &Rules) -> u64 {
    let mut c = Counter::default();
    generate(pos, rules, &mut c);
    c.0
}
