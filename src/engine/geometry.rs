//! Board geometry: colours, squares, directions relative to a side, square sets, and the
//! per-square ray tables of one rectangular board shape.
//!
//! Coordinates: `x` is the file number minus one (x = 0 is file 1, Black's rightmost file),
//! `y` is the rank index from the top (y = 0 is rank `a`, White's back rank). A square's
//! index is `y * files + x`.

use std::fmt;

/// The largest board any variant uses (tai shogi, 25×25).
pub const MAX_FILES: usize = 25;
/// The largest number of ranks.
pub const MAX_RANKS: usize = 25;
/// The largest number of squares.
pub const MAX_SQUARES: usize = MAX_FILES * MAX_RANKS;

/// A side. Black (sente, 先手, "first mover") starts at the bottom and moves first; White
/// (gote, 後手, "second mover") starts at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    Black = 0,
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `b` or `w`, as in position text.
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// `black` or `white`.
    pub fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

/// A direction relative to a piece's owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Forward = 0,
    Backward = 1,
    Left = 2,
    Right = 3,
    ForwardLeft = 4,
    ForwardRight = 5,
    BackwardLeft = 6,
    BackwardRight = 7,
}

impl Dir {
    /// All eight, in index order.
    pub const ALL: [Dir; 8] = [
        Dir::Forward,
        Dir::Backward,
        Dir::Left,
        Dir::Right,
        Dir::ForwardLeft,
        Dir::ForwardRight,
        Dir::BackwardLeft,
        Dir::BackwardRight,
    ];

    /// Index 0..8.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The short name used in the movement language (`f`, `bl`, ...).
    pub fn short(self) -> &'static str {
        ["f", "b", "l", "r", "fl", "fr", "bl", "br"][self.index()]
    }

    /// Offset as (right, forward) from the owner's view.
    pub fn relative_offset(self) -> (i32, i32) {
        match self {
            Dir::Forward => (0, 1),
            Dir::Backward => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
            Dir::ForwardLeft => (-1, 1),
            Dir::ForwardRight => (1, 1),
            Dir::BackwardLeft => (-1, -1),
            Dir::BackwardRight => (1, -1),
        }
    }

    /// Whether the direction is orthogonal.
    pub fn is_orthogonal(self) -> bool {
        self.index() < 4
    }

    /// The direction with the given relative offset (unit components), if any.
    pub fn from_relative(right: i32, forward: i32) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.relative_offset() == (right, forward))
    }

    /// The two directions at 90° to this one.
    pub fn perpendicular(self) -> [Dir; 2] {
        let (r, f) = self.relative_offset();
        [
            Dir::from_relative(-f, r).expect("unit offset"),
            Dir::from_relative(f, -r).expect("unit offset"),
        ]
    }
}

/// Converts an offset seen by `color` (right, forward) into a board offset (dx, dy).
#[inline]
pub fn absolute_offset(color: Color, right: i32, forward: i32) -> (i32, i32) {
    // Black's right is towards file 1 (x decreasing) and forward towards rank a (y decreasing).
    match color {
        Color::Black => (-right, -forward),
        Color::White => (right, forward),
    }
}

/// The eight absolute board directions as (dx, dy), indexed like [`Dir`] seen by Black.
pub const ABS_DIRS: [(i32, i32); 8] = [
    (0, -1),
    (0, 1),
    (1, 0),
    (-1, 0),
    (1, -1),
    (-1, -1),
    (1, 1),
    (-1, 1),
];

/// The absolute direction index (into [`ABS_DIRS`]) of `dir` for a piece of `color`.
#[inline]
pub fn abs_dir(color: Color, dir: Dir) -> usize {
    let (r, f) = dir.relative_offset();
    let d = absolute_offset(color, r, f);
    ABS_DIRS
        .iter()
        .position(|&x| x == d)
        .expect("eight directions")
}

/// The absolute direction opposite to absolute direction `d`.
#[inline]
pub fn opposite_abs(d: usize) -> usize {
    // f<->b, l<->r, fl<->br, fr<->bl in ABS_DIRS order.
    const OPPOSITE: [usize; 8] = [1, 0, 3, 2, 7, 6, 5, 4];
    OPPOSITE[d]
}

/// A square of a board, as its index `y * files + x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(pub u16);

impl Square {
    /// The index into a board array.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The shape of a rectangular board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub files: u8,
    pub ranks: u8,
}

impl Shape {
    /// Number of squares.
    pub fn len(self) -> usize {
        self.files as usize * self.ranks as usize
    }

    /// Whether the board has no squares (never true for a variant).
    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The square at (x, y), if on the board.
    #[inline]
    pub fn square(self, x: i32, y: i32) -> Option<Square> {
        if x >= 0 && y >= 0 && x < self.files as i32 && y < self.ranks as i32 {
            Some(Square((y * self.files as i32 + x) as u16))
        } else {
            None
        }
    }

    /// (x, y) of a square.
    #[inline]
    pub fn coords(self, sq: Square) -> (i32, i32) {
        let f = self.files as i32;
        (sq.0 as i32 % f, sq.0 as i32 / f)
    }

    /// The file number (1 = Black's rightmost).
    pub fn file(self, sq: Square) -> u32 {
        self.coords(sq).0 as u32 + 1
    }

    /// The rank letter (`a` = top).
    pub fn rank_letter(self, sq: Square) -> char {
        (b'a' + self.coords(sq).1 as u8) as char
    }

    /// The square's name, file number then rank letter (`13m`).
    pub fn name(self, sq: Square) -> SquareName {
        SquareName {
            file: self.file(sq) as u8,
            rank: self.rank_letter(sq),
        }
    }

    /// Parses a square name such as `13m`; `None` when malformed or off the board.
    pub fn parse_square(self, text: &str) -> Option<Square> {
        let bytes = text.as_bytes();
        let split = bytes.iter().position(|b| !b.is_ascii_digit())?;
        if split == 0 || split > 2 || split + 1 != bytes.len() || bytes[0] == b'0' {
            return None;
        }
        let file: i32 = text[..split].parse().ok()?;
        let rank = bytes[split];
        if !rank.is_ascii_lowercase() {
            return None;
        }
        self.square(file - 1, (rank - b'a') as i32)
    }

    /// Squares in "file-then-rank" order key: lowest file number first, then rank `a`
    /// onwards (notation.md's order for canonical passes).
    pub fn file_rank_key(self, sq: Square) -> (i32, i32) {
        self.coords(sq)
    }
}

/// A printable square name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquareName {
    file: u8,
    rank: char,
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file, self.rank)
    }
}

const WORDS: usize = MAX_SQUARES.div_ceil(64);

/// Bits of a packed ray entry that hold its length (rays are at most 24 squares long).
const RAY_LEN_BITS: u32 = 5;
const RAY_LEN_MASK: usize = (1 << RAY_LEN_BITS) - 1;
const _: () = assert!(MAX_FILES < 1 << RAY_LEN_BITS && MAX_RANKS < 1 << RAY_LEN_BITS);

/// A set of squares (a bitboard over at most [`MAX_SQUARES`] squares).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SquareSet([u64; WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; WORDS]);

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

/// Precomputed tables of one board shape: for every square and absolute direction, the
/// ray of squares up to the edge.
#[derive(Debug)]
pub struct Geometry {
    pub shape: Shape,
    /// Per square and direction: where its ray starts in `ray_squares` (high bits) and
    /// its length (low [`RAY_LEN_BITS`] bits), one load per look-up.
    rays: Vec<u32>,
    ray_squares: Vec<Square>,
    /// Per square, (x, y): a table instead of a division on every look-up.
    xy: Vec<(i16, i16)>,
    /// Per square, the neighbour in each absolute direction ([`NO_SQUARE`] off the board).
    neighbours: Vec<[u16; 8]>,
}

/// Width of the padded grid: the widest board plus a border column on each side.
const PADDED_WIDTH: usize = MAX_FILES + 2;

/// Cells of the padded grid: every square of the largest board and a one-square border,
/// so that a neighbour's index is the square's plus a constant, with no edge test.
pub const PADDED_CELLS: usize = PADDED_WIDTH * (MAX_RANKS + 2);

/// The index in the padded grid ([`PADDED_CELLS`]) of the square at file index `x` and
/// rank index `y` (both from 0).
#[inline]
pub const fn padded_index(x: usize, y: usize) -> usize {
    (y + 1) * PADDED_WIDTH + x + 1
}

/// Per absolute direction ([`ABS_DIRS`] order), the step between padded-grid indices.
pub const PADDED_STEP: [isize; 8] = {
    let mut steps = [0isize; 8];
    let mut d = 0;
    while d < 8 {
        let (dx, dy) = ABS_DIRS[d];
        steps[d] = dy as isize * PADDED_WIDTH as isize + dx as isize;
        d += 1;
    }
    steps
};

/// Marks a missing neighbour in [`Geometry`]'s table.
const NO_SQUARE: u16 = u16::MAX;

impl Geometry {
    /// Builds the tables of a shape.
    pub fn new(shape: Shape) -> Geometry {
        let mut rays = Vec::with_capacity(shape.len() * 8);
        let mut ray_squares = Vec::new();
        let mut xy = Vec::with_capacity(shape.len());
        for i in 0..shape.len() {
            let (x, y) = shape.coords(Square(i as u16));
            xy.push((x as i16, y as i16));
            for (dx, dy) in ABS_DIRS {
                let start = ray_squares.len() as u32;
                let (mut cx, mut cy) = (x + dx, y + dy);
                while let Some(s) = shape.square(cx, cy) {
                    ray_squares.push(s);
                    cx += dx;
                    cy += dy;
                }
                let len = ray_squares.len() as u32 - start;
                rays.push(start << RAY_LEN_BITS | len);
            }
        }
        let neighbours = (0..shape.len())
            .map(|i| {
                std::array::from_fn(|d| {
                    let r = rays[i * 8 + d] as usize;
                    if r & RAY_LEN_MASK == 0 {
                        NO_SQUARE
                    } else {
                        ray_squares[r >> RAY_LEN_BITS].0
                    }
                })
            })
            .collect();
        Geometry {
            shape,
            rays,
            ray_squares,
            xy,
            neighbours,
        }
    }

    /// The squares from `sq` towards absolute direction `d` (index into [`ABS_DIRS`]),
    /// nearest first, up to the edge.
    #[inline]
    pub fn ray(&self, sq: Square, d: usize) -> &[Square] {
        let r = self.rays[sq.index() * 8 + d] as usize;
        let start = r >> RAY_LEN_BITS;
        &self.ray_squares[start..start + (r & RAY_LEN_MASK)]
    }

    /// The square `(dx, dy)` away from `sq`, if on the board.
    #[inline]
    pub fn offset(&self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let (x, y) = self.xy[sq.index()];
        self.shape.square(i32::from(x) + dx, i32::from(y) + dy)
    }

    /// (x, y) of a square, from the table.
    #[inline]
    pub fn xy(&self, sq: Square) -> (i32, i32) {
        let (x, y) = self.xy[sq.index()];
        (i32::from(x), i32::from(y))
    }

    /// The index of `sq` in the padded grid ([`PADDED_CELLS`]).
    #[inline]
    pub fn padded(&self, sq: Square) -> usize {
        let (x, y) = self.xy[sq.index()];
        padded_index(x as usize, y as usize)
    }

    /// The neighbour of `sq` in absolute direction `d`, if on the board.
    #[inline]
    pub fn neighbour(&self, sq: Square, d: usize) -> Option<Square> {
        let n = self.neighbours[sq.index()][d];
        (n != NO_SQUARE).then_some(Square(n))
    }

    /// Chebyshev (king-step) distance between two squares.
    #[inline]
    pub fn distance(&self, a: Square, b: Square) -> i32 {
        let (ax, ay) = self.shape.coords(a);
        let (bx, by) = self.shape.coords(b);
        (ax - bx).abs().max((ay - by).abs())
    }

    /// The absolute direction and distance from `a` to `b` when they share a line.
    pub fn line(&self, a: Square, b: Square) -> Option<(usize, i32)> {
        let (ax, ay) = self.shape.coords(a);
        let (bx, by) = self.shape.coords(b);
        let (dx, dy) = (bx - ax, by - ay);
        if (dx, dy) == (0, 0) || !(dx == 0 || dy == 0 || dx.abs() == dy.abs()) {
            return None;
        }
        let unit = (dx.signum(), dy.signum());
        let d = ABS_DIRS.iter().position(|&u| u == unit)?;
        Some((d, dx.abs().max(dy.abs())))
    }
}

#[cfg(test)]
mod tests {

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

    use super::*;

    #[test]
    fn square_names_follow_notation() {
        let shape = Shape {
            files: 25,
            ranks: 25,
        };
        let top_right = shape.parse_square("1a").unwrap();
        assert_eq!(shape.coords(top_right), (0, 0));
        let bottom_left = shape.parse_square("25y").unwrap();
        assert_eq!(shape.coords(bottom_left), (24, 24));
        assert_eq!(
            shape.name(shape.parse_square("13m").unwrap()).to_string(),
            "13m"
        );
        assert!(shape.parse_square("26a").is_none());
        assert!(shape.parse_square("0a").is_none());
        assert!(shape.parse_square("01a").is_none());
        assert!(shape.parse_square("1z").is_none());
        assert!(shape.parse_square("a1").is_none());
    }

    #[test]
    fn black_forward_is_towards_rank_a_and_left_towards_file_25() {
        let g = Geometry::new(Shape {
            files: 25,
            ranks: 25,
        });
        let s = g.shape.parse_square("13m").unwrap();
        let f = abs_dir(Color::Black, Dir::Forward);
        assert_eq!(g.shape.name(g.ray(s, f)[0]).to_string(), "13l");
        let l = abs_dir(Color::Black, Dir::Left);
        assert_eq!(g.shape.name(g.ray(s, l)[0]).to_string(), "14m");
        let wf = abs_dir(Color::White, Dir::Forward);
        assert_eq!(g.shape.name(g.ray(s, wf)[0]).to_string(), "13n");
        let wl = abs_dir(Color::White, Dir::Left);
        assert_eq!(g.shape.name(g.ray(s, wl)[0]).to_string(), "12m");
        assert_eq!(g.ray(s, f).len(), 12);
    }

    #[test]
    fn opposite_directions_cancel() {
        for d in 0..8 {
            let (dx, dy) = ABS_DIRS[d];
            assert_eq!(ABS_DIRS[opposite_abs(d)], (-dx, -dy));
        }
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
