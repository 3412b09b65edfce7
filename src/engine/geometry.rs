//! The ray tables of one rectangular board shape ([`Geometry`]: for every square and
//! absolute direction, the ray of squares up to the edge, the neighbours, the coordinates)
//! and its padded grid (the board with a one-square border: [`Geometry::padded_cells`],
//! [`Geometry::padded`], [`Geometry::padded_step`]) in which a neighbour's index is the
//! square's plus a constant.

use crate::engine::core::dir::ABS_DIRS;
use crate::engine::core::shape::Shape;
use crate::engine::core::square::{Square, MAX_FILES, MAX_RANKS};

/// Bits of a packed ray entry that hold its length (rays are at most 35 squares long).
const RAY_LEN_BITS: u32 = 6;
const RAY_LEN_MASK: usize = (1 << RAY_LEN_BITS) - 1;
const _: () = assert!(MAX_FILES < 1 << RAY_LEN_BITS && MAX_RANKS < 1 << RAY_LEN_BITS);

/// Precomputed tables of one board shape: for every square and absolute direction, the
/// ray of squares up to the edge.
#[derive(Debug)]
pub struct Geometry {
    pub shape: Shape,
    /// Per square, per direction: where its ray starts in `ray_squares` (high bits) and
    /// its length (low [`RAY_LEN_BITS`] bits), one load per look-up.
    rays: Vec<[u32; 8]>,
    ray_squares: Vec<Square>,
    /// Per square, (x, y): a table instead of a division on every look-up.
    xy: Vec<(i16, i16)>,
    /// Per square, the neighbour in each absolute direction ([`NO_SQUARE`] off the board).
    neighbours: Vec<[u16; 8]>,
    /// Width of the padded grid: the board's files and a border column on each side.
    padded_width: usize,
    /// Per absolute direction ([`ABS_DIRS`] order), the step between padded-grid indices.
    padded_step: [isize; 8],
}

/// The eight rays from one square ([`Geometry::rays_from`]).
#[derive(Clone, Copy)]
pub struct RaysFrom<'a> {
    spans: &'a [u32; 8],
    squares: &'a [Square],
}

impl<'a> RaysFrom<'a> {
    /// The squares towards absolute direction `d` (index into [`ABS_DIRS`], below 8),
    /// nearest first, up to the edge.
    #[inline]
    pub fn towards(self, d: usize) -> &'a [Square] {
        let r = self.spans[d & 7] as usize;
        let start = r >> RAY_LEN_BITS;
        &self.squares[start..start + (r & RAY_LEN_MASK)]
    }
}

/// Marks a missing neighbour in [`Geometry`]'s table.
const NO_SQUARE: u16 = u16::MAX;

impl Geometry {
    /// Builds the tables of a shape.
    pub fn new(shape: Shape) -> Geometry {
        let mut rays = Vec::with_capacity(shape.len());
        let mut ray_squares = Vec::new();
        let mut xy = Vec::with_capacity(shape.len());
        for i in 0..shape.len() {
            let (x, y) = shape.coords(Square(i as u16));
            xy.push((x as i16, y as i16));
            let mut spans = [0; 8];
            for (span, (dx, dy)) in spans.iter_mut().zip(ABS_DIRS) {
                let start = ray_squares.len() as u32;
                let (mut cx, mut cy) = (x + dx, y + dy);
                while let Some(s) = shape.square(cx, cy) {
                    ray_squares.push(s);
                    cx += dx;
                    cy += dy;
                }
                let len = ray_squares.len() as u32 - start;
                *span = start << RAY_LEN_BITS | len;
            }
            rays.push(spans);
        }
        let neighbours = (0..shape.len())
            .map(|i| {
                std::array::from_fn(|d| {
                    let r = rays[i][d] as usize;
                    if r & RAY_LEN_MASK == 0 {
                        NO_SQUARE
                    } else {
                        ray_squares[r >> RAY_LEN_BITS].0
                    }
                })
            })
            .collect();
        let padded_width = shape.files as usize + 2;
        Geometry {
            shape,
            rays,
            ray_squares,
            xy,
            neighbours,
            padded_width,
            padded_step: ABS_DIRS.map(|(dx, dy)| dy as isize * padded_width as isize + dx as isize),
        }
    }

    /// The squares from `sq` towards absolute direction `d` (index into [`ABS_DIRS`]),
    /// nearest first, up to the edge.
    #[inline]
    pub fn ray(&self, sq: Square, d: usize) -> &[Square] {
        self.rays_from(sq).towards(d)
    }

    /// The eight rays from `sq`, for a caller that walks several of them (one bounds
    /// test for the square instead of one per ray).
    #[inline]
    pub fn rays_from(&self, sq: Square) -> RaysFrom<'_> {
        RaysFrom {
            spans: &self.rays[sq.index()],
            squares: &self.ray_squares,
        }
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

    /// Cells of the padded grid: every square of the board and a one-square border, so
    /// that a neighbour's index is the square's plus a constant, with no edge test.
    #[inline]
    pub fn padded_cells(&self) -> usize {
        self.padded_width * (self.shape.ranks as usize + 2)
    }

    /// The index in the padded grid of the square at file index `x` and rank index `y`
    /// (both from 0).
    #[inline]
    pub fn padded_at(&self, x: usize, y: usize) -> usize {
        (y + 1) * self.padded_width + x + 1
    }

    /// The index of `sq` in the padded grid ([`Geometry::padded_cells`]).
    #[inline]
    pub fn padded(&self, sq: Square) -> usize {
        let (x, y) = self.xy[sq.index()];
        self.padded_at(x as usize, y as usize)
    }

    /// Per absolute direction ([`ABS_DIRS`] order), the step between padded-grid indices.
    #[inline]
    pub fn padded_step(&self) -> &[isize; 8] {
        &self.padded_step
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
    use super::*;
    use crate::engine::core::color::Color;
    use crate::engine::core::dir::{abs_dir, Dir};

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

    /// On the largest board a ray runs 35 squares, and the padded grid's steps reach the
    /// neighbours.
    #[test]
    fn the_largest_board_has_full_length_rays() {
        let g = Geometry::new(Shape {
            files: MAX_FILES as u8,
            ranks: MAX_RANKS as u8,
        });
        let corner = g.shape.parse_square("1a").unwrap();
        let far = g.shape.parse_square("36jj").unwrap();
        for d in 0..8 {
            if let Some(n) = g.neighbour(corner, d) {
                let step = g.padded(corner).wrapping_add_signed(g.padded_step()[d]);
                assert_eq!(step, g.padded(n));
            }
        }
        let diagonal = g.line(corner, far).unwrap();
        assert_eq!(diagonal.1, 35);
        assert_eq!(g.ray(corner, diagonal.0).len(), 35);
        assert_eq!(*g.ray(corner, diagonal.0).last().unwrap(), far);
        assert!(g.padded(far) < g.padded_cells());
    }
}
