//! Square sets: [`SquareSet`], a bitboard over at most [`MAX_SQUARES`] squares, and its
//! iterator ([`SquareSetIter`]).

use std::fmt;

use super::square::{Square, MAX_SQUARES};

const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// A set of squares (a bitboard over at most [`MAX_SQUARES`] squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);
    /// Every square.
    pub const ALL: SquareSet = SquareSet([u64::MAX; WORDS]);

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[sq.index() >> 6] |= 1u64 << (sq.index() & 63);
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[sq.index() >> 6] &= !(1u64 << (sq.index() & 63));
    }

    /// The squares of `self` not in `other`.
    #[inline]
    pub fn minus(&self, other: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    /// Whether the square is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[sq.index() >> 6] & (1u64 << (sq.index() & 63)) != 0
    }

    /// Number of squares in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Every square in the set, in index order.
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.0,
            word: 0,
            back: WORDS,
        }
    }
}

impl fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(|s| s.0)).finish()
    }
}

/// Iterator over a [`SquareSet`], from either end.
pub struct SquareSetIter {
    words: [u64; WORDS],
    word: usize,
    /// One past the last word not yet exhausted from the back.
    back: usize,
}

impl DoubleEndedIterator for SquareSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        while self.back > self.word {
            let w = self.words[self.back - 1];
            if w != 0 {
                let bit = 63 - w.leading_zeros() as usize;
                self.words[self.back - 1] = w & !(1 << bit);
                return Some(Square(((self.back - 1) * 64 + bit) as u16));
            }
            self.back -= 1;
        }
        None
    }
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.word < self.back {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(Square((self.word * 64 + bit) as u16));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Iterating from the back gives the squares of iterating from the front, reversed,
    /// and the two ends meet without repeating a square.
    #[test]
    fn square_sets_iterate_from_both_ends() {
        let mut set = SquareSet::EMPTY;
        for i in [0u16, 1, 63, 64, 200, 311, 312, 600, 624] {
            set.insert(Square(i));
        }
        let forward: Vec<Square> = set.iter().collect();
        let mut backward: Vec<Square> = set.iter().rev().collect();
        backward.reverse();
        assert_eq!(forward, backward);
        assert_eq!(forward.len(), 9);
        let mut both = set.iter();
        let (mut seen, mut front) = (Vec::new(), true);
        while let Some(s) = if front { both.next() } else { both.next_back() } {
            seen.push(s);
            front = !front;
        }
        seen.sort();
        assert_eq!(seen, forward);
    }

    #[test]
    fn square_set_iterates_in_order() {
        let mut set = SquareSet::EMPTY;
        for i in [624u16, 0, 63, 64, 300] {
            set.insert(Square(i));
        }
        let v: Vec<u16> = set.iter().map(|s| s.0).collect();
        assert_eq!(v, vec![0, 63, 64, 300, 624]);
        set.remove(Square(64));
        assert_eq!(set.count(), 4);
        assert!(!set.contains(Square(64)));
    }
}
