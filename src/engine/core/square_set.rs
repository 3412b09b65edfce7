//! Square sets: [`SquareSet`], a bitboard over at most [`MAX_SQUARES`] squares, and its
//! iterator ([`SquareSetIter`]).

use std::fmt;
use std::hash::{Hash, Hasher};

use super::square::{Square, MAX_SQUARES};

const WORDS: usize = MAX_SQUARES.div_ceil(64);
const _: () = assert!(WORDS <= 32, "one bit of the summary per word");

/// A set of squares (a bitboard over at most [`MAX_SQUARES`] squares).
///
/// Beside the words, a summary with one bit per word that may hold a square (set by an
/// insertion, left by a removal), so that iterating, counting and testing for emptiness
/// skip the words a smaller board never uses. Two sets are equal when their squares are.
#[derive(Clone, Copy, Default)]
pub struct SquareSet {
    words: [u64; WORDS],
    /// Bit `i` is clear only when word `i` is 0.
    summary: u32,
}

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet {
        words: [0; WORDS],
        summary: 0,
    };
    /// Every square.
    pub const ALL: SquareSet = SquareSet {
        words: [u64::MAX; WORDS],
        summary: u32::MAX >> (32 - WORDS),
    };

    /// Adds a square.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        let w = sq.index() >> 6;
        self.words[w] |= 1u64 << (sq.index() & 63);
        self.summary |= 1 << w;
    }

    /// Adds a square without marking its word in the summary, for filling a set square by
    /// square: [`SquareSet::resummarise`] must follow before the set is read. (Marking on
    /// every insertion chains each one behind the one before through the summary.)
    #[inline]
    pub fn insert_unmarked(&mut self, sq: Square) {
        self.words[sq.index() >> 6] |= 1u64 << (sq.index() & 63);
    }

    /// [`SquareSet::insert`] when `MARK`, else [`SquareSet::insert_unmarked`].
    #[inline(always)]
    pub fn insert_marked<const MARK: bool>(&mut self, sq: Square) {
        if MARK {
            self.insert(sq);
        } else {
            self.insert_unmarked(sq);
        }
    }

    /// Marks in the summary exactly the words that hold a square.
    pub fn resummarise(&mut self) {
        self.summary = self
            .words
            .iter()
            .enumerate()
            .fold(0, |s, (i, &w)| s | (u32::from(w != 0) << i));
    }

    /// Removes a square.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.words[sq.index() >> 6] &= !(1u64 << (sq.index() & 63));
    }

    /// The squares of `self` not in `other`.
    #[inline]
    pub fn minus(&self, other: &SquareSet) -> SquareSet {
        SquareSet {
            words: std::array::from_fn(|i| self.words[i] & !other.words[i]),
            summary: self.summary,
        }
    }

    /// Whether the square is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.words[sq.index() >> 6] & (1u64 << (sq.index() & 63)) != 0
    }

    /// The words the summary says may hold a square.
    #[inline]
    fn used_words(&self) -> impl Iterator<Item = u64> + '_ {
        let mut summary = self.summary;
        std::iter::from_fn(move || {
            (summary != 0).then(|| {
                let i = summary.trailing_zeros() as usize;
                summary &= summary - 1;
                self.words[i]
            })
        })
    }

    /// Number of squares in the set.
    #[inline]
    pub fn count(&self) -> u32 {
        self.used_words().map(u64::count_ones).sum()
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.used_words().all(|w| w == 0)
    }

    /// Every square in the set, in index order.
    #[inline]
    pub fn iter(&self) -> SquareSetIter {
        SquareSetIter {
            words: self.words,
            left: self.summary,
        }
    }
}

impl PartialEq for SquareSet {
    fn eq(&self, other: &SquareSet) -> bool {
        self.words == other.words
    }
}

impl Eq for SquareSet {}

impl Hash for SquareSet {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.words.hash(state);
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
    /// The words not yet exhausted from either end (one bit each).
    left: u32,
}

impl DoubleEndedIterator for SquareSetIter {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        while self.left != 0 {
            let i = 31 - self.left.leading_zeros() as usize;
            let w = self.words[i];
            if w != 0 {
                let bit = 63 - w.leading_zeros() as usize;
                self.words[i] = w & !(1 << bit);
                return Some(Square((i * 64 + bit) as u16));
            }
            self.left &= !(1 << i);
        }
        None
    }
}

impl Iterator for SquareSetIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.left != 0 {
            let i = self.left.trailing_zeros() as usize;
            let w = self.words[i];
            if w != 0 {
                self.words[i] = w & (w - 1);
                return Some(Square((i * 64 + w.trailing_zeros() as usize) as u16));
            }
            self.left &= self.left - 1;
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
        for i in [0u16, 1, 63, 64, 200, 311, 312, 600, 624, 1295] {
            set.insert(Square(i));
        }
        let forward: Vec<Square> = set.iter().collect();
        let mut backward: Vec<Square> = set.iter().rev().collect();
        backward.reverse();
        assert_eq!(forward, backward);
        assert_eq!(forward.len(), 10);
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

    /// A set emptied by removals is empty and equal to the empty set, whatever words it
    /// used; the full set holds every square of the largest board.
    #[test]
    fn square_sets_compare_by_their_squares() {
        let mut set = SquareSet::EMPTY;
        set.insert(Square(1295));
        set.insert(Square(3));
        assert!(!set.is_empty());
        set.remove(Square(1295));
        set.remove(Square(3));
        assert!(set.is_empty());
        assert_eq!(set, SquareSet::EMPTY);
        assert_eq!(set.iter().next(), None);
        assert_eq!(SquareSet::ALL.count() as usize, WORDS * 64);
        assert!(SquareSet::ALL.contains(Square(1295)));
        assert_eq!(SquareSet::ALL.minus(&SquareSet::ALL), SquareSet::EMPTY);
    }
}
