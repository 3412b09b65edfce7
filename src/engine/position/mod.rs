//! Pieces on the board, the unvalidated [`Setup`] (what position text says) and the
//! validated [`Position`] (what the engine plays on); playing a move on a position in
//! `play` (one pipeline of steps for every variant); what ko shogi's generator reads off a
//! position in `route_board`.

mod copy;
mod play;
pub mod route_board;

use super::core::piece::{Cell, Piece};
use super::geometry::Geometry;
use super::variant::{FaceTraits, Placement, Rules, Variant};
use crate::engine::core::color::Color;
use crate::engine::core::square::{Square, MAX_FILES, MAX_RANKS, MAX_SQUARES};
use crate::engine::core::square_set::SquareSet;

/// Variant-specific state beyond board and side (position text's third field).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Extra {
    /// Nothing (`-`).
    #[default]
    None,
    /// The square of a lion a non-lion has just captured (chu shogi's counter-strike rule,
    /// [`crate::engine::rules::lion_trading`]).
    LionCapture(Square),
    /// Ko shogi under O27 `unpromoted_drum_not_captured`: the sides whose pawns have lost
    /// their forward step (bit 0 Black, bit 1 White; `D`, `d` in position text).
    DrumsLost(u8),
}

impl Extra {
    /// Whether `color`'s pawns have lost their forward step for good (ko.md §4.8).
    pub fn drum_lost(self, color: Color) -> bool {
        matches!(self, Extra::DrumsLost(bits) if bits & (1 << color.index()) != 0)
    }
}

/// A position as parsed from text, not yet checked against the rules in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Pieces by square (`None` = empty), `files * ranks` entries.
    pub board: Vec<Option<Piece>>,
    pub side: Color,
    pub extra: Extra,
    /// The move number (plies, 1 at the start).
    pub move_number: u32,
}

/// A problem that makes a [`Setup`] invalid under the rules in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupProblem {
    /// Stable snake_case code.
    pub code: &'static str,
    pub square: Option<Square>,
    pub message: String,
}

/// A validated position: board, side to move, extra state, move number.
///
/// The cells have room for the largest board but only the board's own are written or
/// copied, and the guard counts are as many as the board has (both allocated once per
/// position, so that a 12×12 board does not copy a 36×36 one); the square sets have room
/// for the largest board. [`Clone::clone_from`] reuses the target's cells and guard counts
/// (a search that plays each move on a copy of one position allocates once).
#[derive(PartialEq, Eq, Hash)]
pub struct Position {
    /// Per square (its index), what stands there; empty past the board's `squares`.
    cells: Box<[Cell; MAX_SQUARES]>,
    /// How many squares the board has.
    squares: u16,
    /// The square sets, in one block that a copy moves at once.
    sets: Sets,
    /// Per side, its royal pieces; under ko shogi's rules 1 while the side meets no loss
    /// condition (ko.md §6) and 0 once it does ([`Position::set_standing`]).
    royals: [u16; 2],
    /// Per square of the padded grid ([`Geometry::padded`]) and side (index
    /// `2 * padded + side`): how many of the side's pieces next to it could capture there
    /// (kept up to date by every placement and removal; see [`crate::engine::variant::FaceTraits::guard_steps`]).
    guards: Box<[u8]>,
    side: Color,
    extra: Extra,
    move_number: u32,
}

/// A position's square sets: per side, the squares of its pieces, of its hook movers, of
/// its emperors, of its royals and of its fire demons.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Sets {
    occupied: [SquareSet; 2],
    hook_movers: [SquareSet; 2],
    emperors: [SquareSet; 2],
    royal_squares: [SquareSet; 2],
    fire_demons: [SquareSet; 2],
}

impl Sets {
    /// Marks every set's summary after a placement that left them unmarked.
    fn resummarise(&mut self) {
        let Sets {
            occupied,
            hook_movers,
            emperors,
            royal_squares,
            fire_demons,
        } = self;
        for set in [occupied, hook_movers, emperors, royal_squares, fire_demons]
            .into_iter()
            .flatten()
        {
            set.resummarise();
        }
    }
}

/// The most guard counts a position holds: both sides' padded grid of the largest board.
const MOST_GUARDS: usize = 2 * (MAX_FILES + 2) * (MAX_RANKS + 2);

/// The farthest a neighbour's guard count lies from a square's: a diagonal step on the
/// padded grid of the widest board, both sides' counts interleaved.
const GUARD_MARGIN: usize = 2 * (MAX_FILES + 3);

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("side", &self.side)
            .field(
                "pieces",
                &(self.sets.occupied[0].count() + self.sets.occupied[1].count()),
            )
            .field("move_number", &self.move_number)
            .finish()
    }
}

impl Position {
    /// Checks a setup against the rules and builds the position; reports every problem.
    ///
    /// # Errors
    /// Every problem found: wrong board size, promoted faces that do not exist under the
    /// rules in force, promoted-only kinds written by their own code.
    pub fn from_setup(setup: &Setup, rules: &Rules) -> Result<Position, Vec<SetupProblem>> {
        let shape = rules.variant.shape();
        let mut problems = Vec::new();
        if setup.board.len() != shape.len() {
            problems.push(SetupProblem {
                code: "board_size",
                square: None,
                message: format!(
                    "the board has {} squares, the variant {}",
                    setup.board.len(),
                    shape.len()
                ),
            });
            return Err(problems);
        }
        let mut pos = Position::empty_with(
            &rules.variant.geometry,
            setup.side,
            setup.extra,
            setup.move_number,
        );
        for (i, cell) in setup.board.iter().enumerate() {
            let Some(piece) = *cell else { continue };
            let sq = Square(i as u16);
            if pos.place(sq, piece, rules) {
                continue;
            }
            match rules.faces.get(piece.face.index()) {
                Some(f) if f.promoted => problems.push(SetupProblem {
                    code: "cannot_promote",
                    square: Some(sq),
                    message: format!(
                        "`{}` has no promoted side under the rules in force",
                        rules.variant.kind(f.kind).code
                    ),
                }),
                _ => problems.push(SetupProblem {
                    code: "promoted_only_piece",
                    square: Some(sq),
                    message: format!(
                        "`{}` exists only as a promoted piece; write `+` and the code of the piece it promoted from",
                        rules.variant.kind(piece.kind()).code
                    ),
                }),
            }
        }
        if matches!(setup.extra, Extra::DrumsLost(_)) && rules.play.drum_history.is_none() {
            problems.push(SetupProblem {
                code: "bad_extra",
                square: None,
                message: "`D` and `d` in the extra field need ko shogi's \
                          pawn_drum_link = unpromoted_drum_not_captured"
                    .into(),
            });
        }
        if problems.is_empty() {
            pos.finish_placing(rules);
            Ok(pos)
        } else {
            Err(problems)
        }
    }

    /// A board of `geometry`'s shape without pieces (for builders that place them with
    /// [`Position::place`]).
    pub(crate) fn empty_with(
        geometry: &Geometry,
        side: Color,
        extra: Extra,
        move_number: u32,
    ) -> Position {
        let mut pos = Position::empty(geometry, side);
        pos.set_state(side, extra, move_number);
        pos
    }

    /// Sets side to move, extra field and move number.
    pub(crate) fn set_state(&mut self, side: Color, extra: Extra, move_number: u32) {
        self.side = side;
        self.extra = extra;
        self.move_number = move_number;
    }

    /// Places a piece on an empty square if its face exists under the rules; `false`
    /// (and nothing placed) otherwise. Guard counts are not kept: until the builder calls
    /// [`Position::finish_placing`] after the last piece, the side's guard grid holds on
    /// each placed piece's square the directions it guards.
    #[inline(always)]
    pub(crate) fn place(&mut self, sq: Square, piece: Piece, rules: &Rules) -> bool {
        let ci = piece.color.index();
        let Some(&traits) = rules.traits[ci].get(piece.face.index()) else {
            return false;
        };
        if traits.exists {
            let padded = rules.variant.geometry.padded(sq);
            self.place_with(sq, padded, Placement { piece, traits });
        }
        traits.exists
    }

    /// [`Position::place`] of a piece whose face exists, with its traits and the square's
    /// index `padded` in the padded grid already looked up.
    #[inline(always)]
    pub(crate) fn place_with(&mut self, sq: Square, padded: usize, placement: Placement) {
        let ci = placement.piece.color.index();
        self.put_with::<false>(sq, placement.piece, placement.traits);
        self.guards[2 * padded + ci] = placement.traits.guard_steps;
    }

    /// Counts every side's guards afresh from the directions [`Position::place`] left on
    /// the guard grids, a whole board at a time: per direction, each square adds its guard
    /// bit to the neighbour that way; under the command loss condition (ko.md §6), also records
    /// whether each side still stands.
    pub(crate) fn finish_placing(&mut self, rules: &Rules) {
        self.sets.resummarise();
        if rules.play.command {
            self.set_standing(self.command_standing(rules));
        }
        // Both sides at once: a side's entries are every other one, and a step keeps the
        // side. Each count gathers its eight neighbours' bits in one pass over a copy with
        // a margin of zeros on both sides (a neighbour's entry is `2 * step` away).
        let guards = &mut self.guards;
        let len = guards.len();
        let mut room = [0u8; MOST_GUARDS + 2 * GUARD_MARGIN];
        room[GUARD_MARGIN..GUARD_MARGIN + len].copy_from_slice(guards);
        let from = rules
            .variant
            .geometry
            .padded_step()
            .map(|step| &room[GUARD_MARGIN.wrapping_add_signed(-2 * step)..][..len]);
        for (t, g) in guards.iter_mut().enumerate() {
            let mut count = 0;
            for (d, source) in from.iter().enumerate() {
                count += (source[t] >> d) & 1;
            }
            *g = count;
        }
    }

    fn empty(geometry: &Geometry, side: Color) -> Position {
        Position {
            cells: Box::new([Cell::EMPTY; MAX_SQUARES]),
            squares: geometry.shape.len() as u16,
            sets: Sets {
                occupied: [SquareSet::EMPTY; 2],
                hook_movers: [SquareSet::EMPTY; 2],
                emperors: [SquareSet::EMPTY; 2],
                royal_squares: [SquareSet::EMPTY; 2],
                fire_demons: [SquareSet::EMPTY; 2],
            },
            royals: [0; 2],
            guards: vec![0; 2 * geometry.padded_cells()].into_boxed_slice(),
            side,
            extra: Extra::None,
            move_number: 1,
        }
    }

    /// Back to an unvalidated setup (for printing).
    pub fn to_setup(&self, variant: &Variant) -> Setup {
        Setup {
            board: (0..variant.shape().len())
                .map(|i| self.cells[i].piece())
                .collect(),
            side: self.side,
            extra: self.extra,
            move_number: self.move_number,
        }
    }

    #[inline]
    fn put(&mut self, sq: Square, piece: Piece, rules: &Rules) {
        let ci = piece.color.index();
        let traits = rules.traits[ci][piece.face.index()];
        self.put_with::<true>(sq, piece, traits);
        self.count_guards(sq, traits.guard_steps, ci, rules, 1);
    }

    /// [`Position::put`] without the guard counts, with the face's traits given.
    #[inline(always)]
    fn put_with<const MARK: bool>(&mut self, sq: Square, piece: Piece, traits: FaceTraits) {
        let ci = piece.color.index();
        self.cells[sq.index()] = Cell::of(piece);
        self.sets.occupied[ci].insert_marked::<MARK>(sq);
        if traits.royal {
            self.royals[ci] += 1;
            self.sets.royal_squares[ci].insert_marked::<MARK>(sq);
        }
        if traits.hook {
            self.sets.hook_movers[ci].insert_marked::<MARK>(sq);
        }
        if traits.emperor {
            self.sets.emperors[ci].insert_marked::<MARK>(sq);
        }
        if traits.fire_demon {
            self.sets.fire_demons[ci].insert_marked::<MARK>(sq);
        }
    }

    #[inline]
    fn take(&mut self, sq: Square, rules: &Rules) -> Option<Piece> {
        let piece = self.cells[sq.index()].piece()?;
        let ci = piece.color.index();
        self.cells[sq.index()] = Cell::EMPTY;
        self.sets.occupied[ci].remove(sq);
        let traits = rules.traits[ci][piece.face.index()];
        if traits.royal {
            self.royals[ci] -= 1;
            self.sets.royal_squares[ci].remove(sq);
        }
        self.sets.hook_movers[ci].remove(sq);
        self.sets.emperors[ci].remove(sq);
        if traits.fire_demon {
            self.sets.fire_demons[ci].remove(sq);
        }
        self.count_guards(sq, traits.guard_steps, ci, rules, u8::MAX);
        Some(piece)
    }

    /// Adds `delta` (1, or `u8::MAX` for −1) to side `ci`'s guard count of every neighbour
    /// of `sq` in the directions `steps` (counts kept on the padded grid: a neighbour off
    /// the board lands in the border, which is never read).
    #[inline]
    fn count_guards(&mut self, sq: Square, mut steps: u8, ci: usize, rules: &Rules, delta: u8) {
        let geometry = &rules.variant.geometry;
        let at = geometry.padded(sq);
        let step = geometry.padded_step();
        while steps != 0 {
            let d = steps.trailing_zeros() as usize;
            steps &= steps - 1;
            let g = &mut self.guards[2 * at.wrapping_add_signed(step[d]) + ci];
            *g = g.wrapping_add(delta);
        }
    }

    /// Whether a piece of `color` next to `sq` could capture there.
    #[inline]
    pub fn neighbour_guarded(&self, sq: Square, color: Color, rules: &Rules) -> bool {
        self.guards[2 * rules.variant.geometry.padded(sq) + color.index()] != 0
    }

    /// The squares of `color`'s royal pieces.
    #[inline]
    pub fn royal_squares(&self, color: Color) -> &SquareSet {
        &self.sets.royal_squares[color.index()]
    }

    /// The squares of `color`'s emperors (pieces that move as one).
    #[inline]
    pub fn emperors(&self, color: Color) -> &SquareSet {
        &self.sets.emperors[color.index()]
    }

    /// The squares of `color`'s fire demons (tenjiku.md §5).
    #[inline]
    pub fn fire_demons(&self, color: Color) -> &SquareSet {
        &self.sets.fire_demons[color.index()]
    }

    /// The squares of `color`'s hook movers.
    #[inline]
    pub fn hook_movers(&self, color: Color) -> &SquareSet {
        &self.sets.hook_movers[color.index()]
    }

    /// Removes every piece except those on `keep` and the royals (used to tell a
    /// blocked path from an unreachable square).
    pub fn clear_except(&mut self, keep: &[Square], rules: &Rules) {
        for color in Color::ALL {
            for sq in self.sets.occupied[color.index()].iter() {
                let face = self.cells[sq.index()].face_unchecked();
                if !keep.contains(&sq) && !rules.face(face).royal {
                    self.take(sq, rules);
                }
            }
        }
    }

    /// The cells of a board of `len` squares, by square index.
    #[inline]
    pub fn cells(&self, len: usize) -> &[Cell] {
        &self.cells[..len]
    }

    /// The cell at a square.
    #[inline]
    pub fn cell(&self, sq: Square) -> Cell {
        self.cells[sq.index()]
    }

    /// The piece at a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.cells[sq.index()].piece()
    }

    /// The rank (flag `rank=`, that range jumps and range captures compare) of the piece on
    /// `sq`; 0 on an empty square.
    #[inline]
    pub fn rank_at(&self, sq: Square, rules: &Rules) -> u8 {
        let cell = self.cells[sq.index()];
        if cell.is_empty() {
            0
        } else {
            rules.face(cell.face_unchecked()).jump_rank
        }
    }

    /// The squares of `color`'s pieces.
    #[inline]
    pub fn occupied(&self, color: Color) -> &SquareSet {
        &self.sets.occupied[color.index()]
    }

    /// The side to move.
    #[inline]
    pub fn side(&self) -> Color {
        self.side
    }

    /// The same position with `side` to move (to ask what that side could do).
    pub fn with_side_to_move(&self, side: Color) -> Position {
        let mut p = self.clone();
        p.side = side;
        p
    }

    /// The extra state field.
    pub fn extra(&self) -> Extra {
        self.extra
    }

    /// The move number (plies, starting at 1).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// How many royal pieces `color` has.
    #[inline]
    pub fn royal_count(&self, color: Color) -> u16 {
        self.royals[color.index()]
    }

    /// Whether a side has no royal left (the game is over; no moves).
    #[inline]
    pub fn is_terminal(&self) -> bool {
        self.royals[0] == 0 || self.royals[1] == 0
    }
}
