//! Directions: a direction relative to a piece's owner ([`Dir`]), the eight absolute board
//! directions ([`ABS_DIRS`]) and the conversions between them for a side
//! ([`absolute_offset`], [`abs_dir`], [`opposite_abs`]).

use super::color::Color;

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opposite_directions_cancel() {
        for d in 0..8 {
            let (dx, dy) = ABS_DIRS[d];
            assert_eq!(ABS_DIRS[opposite_abs(d)], (-dx, -dy));
        }
    }
}
