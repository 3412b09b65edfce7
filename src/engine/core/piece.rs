//! Pieces: a kind ([`KindId`], the row of the variant's piece table), a face ([`FaceId`]:
//! the kind on its unpromoted or promoted side), a [`Piece`] (a face and its owner) and a
//! board [`Cell`] (a piece or nothing, packed in 16 bits), and the most kinds a variant may
//! have ([`MAX_KINDS`]).

use super::color::Color;

/// The most piece kinds a variant may have: every face of every kind fits a [`Cell`] beside
/// the owner's bit.
pub const MAX_KINDS: usize = 4096;
const _: () = assert!(2 * MAX_KINDS < WHITE_BIT as usize);

/// A piece kind: its row in the variant's piece table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct KindId(pub u16);

impl KindId {
    /// The kind's row in a table indexed by kind.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind on its unpromoted or promoted side.
    #[inline]
    pub const fn face(self, promoted: bool) -> FaceId {
        FaceId(self.0 * 2 + promoted as u16)
    }
}

/// A piece face: a kind on its unpromoted (`kind * 2`) or promoted (`kind * 2 + 1`) side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FaceId(pub u16);

impl FaceId {
    /// The face's row in a table indexed by face.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind printed on the face's unpromoted side.
    #[inline]
    pub const fn kind(self) -> KindId {
        KindId(self.0 >> 1)
    }

    /// Whether the face is a promoted side.
    #[inline]
    pub const fn promoted(self) -> bool {
        self.0 & 1 == 1
    }
}

/// A piece: a face (kind and side of the physical piece) and an owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub color: Color,
    pub face: FaceId,
}

impl Piece {
    /// The kind printed on the piece's unpromoted side.
    #[inline]
    pub fn kind(self) -> KindId {
        self.face.kind()
    }

    /// Whether the piece is on its promoted side.
    #[inline]
    pub fn promoted(self) -> bool {
        self.face.promoted()
    }
}

/// A board cell: 0 when empty, else `1 + face` with bit 15 set for White.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Cell(u16);

const WHITE_BIT: u16 = 1 << 15;

impl Cell {
    /// An empty cell.
    pub const EMPTY: Cell = Cell(0);

    /// A cell holding `piece`.
    #[inline]
    pub fn of(piece: Piece) -> Cell {
        Cell(
            (1 + piece.face.0)
                | if piece.color == Color::White {
                    WHITE_BIT
                } else {
                    0
                },
        )
    }

    /// The cell's contents as one number (0 = empty), distinct per colour and face.
    #[inline]
    pub fn bits(self) -> u16 {
        self.0
    }

    /// Whether the cell is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The piece, if any.
    #[inline]
    pub fn piece(self) -> Option<Piece> {
        if self.0 == 0 {
            None
        } else {
            Some(Piece {
                color: self.color_unchecked(),
                face: self.face_unchecked(),
            })
        }
    }

    /// The owner of a non-empty cell.
    #[inline]
    pub fn color_unchecked(self) -> Color {
        if self.0 & WHITE_BIT != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The face of a non-empty cell.
    #[inline]
    pub fn face_unchecked(self) -> FaceId {
        FaceId((self.0 & !WHITE_BIT) - 1)
    }

    /// Whether the cell holds a piece of `color`.
    #[inline]
    pub fn is_color(self, color: Color) -> bool {
        self.0 != 0 && self.color_unchecked() == color
    }
}
