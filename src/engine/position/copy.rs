//! How a position is copied: [`Clone`], with a `clone_from` that reuses the target's cells
//! and guard counts, copies only the board's own squares and moves the square sets as one
//! block; and what a copy costs in memory ([`Position::heap_bytes`]).

use super::Position;
use crate::engine::core::piece::Cell;
use crate::engine::core::square::MAX_SQUARES;

impl Clone for Position {
    fn clone(&self) -> Position {
        let mut cells = Box::new([Cell::EMPTY; MAX_SQUARES]);
        let n = usize::from(self.squares);
        cells[..n].copy_from_slice(&self.cells[..n]);
        Position {
            cells,
            guards: self.guards.clone(),
            ..*self
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Position) {
        let Position {
            cells,
            squares,
            sets,
            royals,
            guards,
            side,
            extra,
            move_number,
        } = source;
        // Past both boards' squares both are empty.
        let n = usize::from(*squares.max(&self.squares));
        self.cells[..n].copy_from_slice(&cells[..n]);
        self.squares = *squares;
        self.guards.clone_from(guards);
        self.sets = *sets;
        self.royals = *royals;
        self.side = *side;
        self.extra = *extra;
        self.move_number = *move_number;
    }
}

impl Position {
    /// The bytes a position holds outside itself: its cells (room for the largest board)
    /// and its guard counts. A copy holds as many.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of::<[Cell; MAX_SQUARES]>() + self.guards.len()
    }
}
