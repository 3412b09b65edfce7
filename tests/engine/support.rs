//! Helpers shared by the engine tests: rules from `key=value` lists, positions from piece
//! placements, a small deterministic random generator, random placements of a variant's
//! pieces.

use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::piece::{FaceId, Piece};
use shogi_arbiter::engine::core::shape::Shape;
use shogi_arbiter::engine::notation::parse_valid_position;
use shogi_arbiter::engine::position::{Position, Setup};
use shogi_arbiter::engine::variant::{load, read_header, DataFiles, Rules, Variant};

/// Resolves `profile=NAME` and `option=value` entries for tai.
pub fn tai_rules(entries: &str) -> Rules {
    rules_for("tai", entries)
}

pub use crate::placements::position_text;
pub use crate::rules::rules_for;

/// A position holding `placements`.
pub fn position(rules: &Rules, placements: &str, side: char) -> Position {
    try_position(rules, placements, side).unwrap_or_else(|e| panic!("position `{placements}`: {e}"))
}

/// A position holding `placements`, or the problems of its text.
pub fn try_position(rules: &Rules, placements: &str, side: char) -> Result<Position, String> {
    let text = position_text(rules, placements, side);
    parse_valid_position(rules, &text).map_err(|e| format!("{e:?}"))
}

/// xorshift64*: deterministic pseudo-random numbers for the invariant tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random position: every kind and face that exists under the rules, both colours,
/// at least one royal (ko shogi: commander) each.
pub fn random_placement(rules: &Rules, rng: &mut Rng, pieces: usize) -> Position {
    let setup = random_setup(rules, rng, &[], pieces);
    Position::from_setup(&setup, rules).expect("random placement is valid")
}

/// The setup of [`random_placement`], with the pieces `first` placed on random empty
/// squares after the royals and before the `pieces` random ones.
pub fn random_setup(rules: &Rules, rng: &mut Rng, first: &[Piece], pieces: usize) -> Setup {
    let shape = rules.variant.shape();
    let faces: Vec<FaceId> = (0..rules.faces.len() as u16)
        .map(FaceId)
        .filter(|&f| rules.face(f).exists)
        .collect();
    // Ko shogi has no royals: its commanders (general, governor) keep a side standing.
    let royals: Vec<FaceId> = faces
        .iter()
        .copied()
        .filter(|&f| {
            rules.face(f).royal || rules.routes.as_ref().is_some_and(|k| k.face(f).commander)
        })
        .collect();
    let mut board: Vec<Option<Piece>> = vec![None; shape.len()];
    let place = |board: &mut [Option<Piece>], face: FaceId, color: Color, rng: &mut Rng| loop {
        let i = rng.below(shape.len());
        if board[i].is_none() {
            board[i] = Some(Piece { color, face });
            break;
        }
    };
    for color in Color::ALL {
        place(&mut board, royals[rng.below(royals.len())], color, rng);
    }
    for p in first {
        place(&mut board, p.face, p.color, rng);
    }
    for _ in 0..pieces {
        let color = Color::ALL[rng.below(2)];
        place(&mut board, faces[rng.below(faces.len())], color, rng);
    }
    Setup {
        board,
        side: Color::ALL[rng.below(2)],
        extra: Default::default(),
        move_number: 1 + rng.below(500) as u32,
    }
}

/// The part of a test variant's data file `data` after the line `=== <name>`, up to the
/// next such line.
pub fn section<'a>(data: &'a str, name: &str) -> &'a str {
    let head = format!("=== {name}\n");
    let start = data.find(&head).expect("section") + head.len();
    let end = data[start..]
        .find("\n=== ")
        .map_or(data.len(), |e| start + e + 1);
    &data[start..end]
}

/// The test variant of the data file `data` ([`section`]), loaded with `pieces` as its
/// pieces file.
pub fn load_sectioned(data: &'static str, pieces: &str) -> Result<Variant, String> {
    load_files(data, pieces, section(data, "options"))
}

/// The test variant of the data file `data` ([`section`]), loaded with `pieces` and
/// `options` as its pieces and options files.
pub fn load_files(data: &'static str, pieces: &str, options: &str) -> Result<Variant, String> {
    let files = DataFiles {
        pieces,
        options,
        choices: section(data, "choices"),
        profiles: section(data, "profiles"),
        sources: section(data, "sources"),
        overrides: section(data, "overrides"),
        setup: section(data, "setup"),
    };
    let (names, traits) = read_header(section(data, "header")).expect("the test header reads");
    load(names, traits, &files)
}

/// Loads a test variant from its data file `data` (its header and its seven data files,
/// each after a line `=== <file>`), with `more_pieces` rows appended to its pieces.
pub fn load_test_variant(data: &'static str, more_pieces: &str) -> &'static Variant {
    let pieces = format!("{}{more_pieces}", section(data, "pieces"));
    Box::leak(Box::new(
        load_sectioned(data, &pieces).expect("the test variant loads"),
    ))
}

/// Position text of a board of `shape` with `pieces` (token, square name) and `side` to
/// move.
pub fn board_text(shape: Shape, pieces: &[(&str, &str)], side: char) -> String {
    let mut ranks = vec![vec![None; shape.files as usize]; shape.ranks as usize];
    for &(token, square) in pieces {
        let sq = shape.parse_square(square).expect("square");
        let (x, y) = shape.coords(sq);
        ranks[y as usize][x as usize] = Some(token);
    }
    let rank_text = |cells: &Vec<Option<&str>>| {
        let mut out: Vec<String> = Vec::new();
        let mut run = 0;
        for cell in cells.iter().rev() {
            match cell {
                None => run += 1,
                Some(token) => {
                    if run > 0 {
                        out.push(run.to_string());
                        run = 0;
                    }
                    out.push((*token).to_string());
                }
            }
        }
        if run > 0 {
            out.push(run.to_string());
        }
        out.join(",")
    };
    let board: Vec<String> = ranks.iter().map(rank_text).collect();
    format!("{} {side} - 1", board.join("/"))
}
