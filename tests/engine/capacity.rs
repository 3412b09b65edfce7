//! The engine's room: a test variant on the largest board (36×36, ranks `a` to `z` then
//! `aa` to `jj`) with more than 1,000 faces (`tests/data/big_board.variant` plus generated
//! kinds) loads, plays, round-trips position, machine move and Hodges text, and counts
//! perft; squares order by rank number (`z` before `aa`).

use crate::invariants::random_game;
use crate::support::{board_text, load_test_variant};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::shape::Shape;
use shogi_arbiter::engine::core::square::{MAX_FILES, MAX_RANKS};
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_hodges, format_move, format_position_of, parse_hodges, parse_valid_position,
};
use shogi_arbiter::engine::perft::perft;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::sync::OnceLock;

/// The data file: a variant's header and its seven files, each after a line `=== <file>`.
const DATA: &str = include_str!("../data/big_board.variant");

/// Kinds generated after the data file's own, each promoting to a gold general, so that
/// the variant has more than 1,000 faces.
const GENERATED: usize = 510;

/// The board: the largest the engine has room for.
const SHAPE: Shape = Shape {
    files: 36,
    ranks: 36,
};

/// The code of the `i`-th generated kind: `Q` and two letters (`QAA`, `QAB`, ...).
fn generated_code(i: usize) -> String {
    let letter = |n: usize| char::from(b'A' + n as u8);
    format!("Q{}{}", letter(i / 26), letter(i % 26))
}

/// The variant, loaded once, and its default rules.
fn rules() -> &'static Rules {
    static RULES: OnceLock<Rules> = OnceLock::new();
    RULES.get_or_init(|| {
        let pieces: String = (0..GENERATED)
            .map(|i| {
                let code = generated_code(i);
                format!("{code} | Generated {i} | 試 | shi | step(f) | std=G | -\n")
            })
            .collect();
        let variant = load_test_variant(DATA, &pieces);
        assert_eq!(variant.traits.shape, SHAPE);
        Rules::default_for(variant)
    })
}

/// A position of the test variant from its text, which must print back unchanged.
fn position(text: &str) -> Position {
    let rules = rules();
    let pos = parse_valid_position(rules, text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
    assert_eq!(format_position_of(rules.variant, &pos), text);
    pos
}

/// Position text of the test board with `pieces` (token, square name) and `side` to move.
fn text_with(pieces: &[(&str, &str)], side: char) -> String {
    board_text(SHAPE, pieces, side)
}

#[test]
fn the_largest_board_is_the_test_variants() {
    assert_eq!((MAX_FILES, MAX_RANKS), (36, 36));
    let rules = rules();
    assert_eq!(rules.variant.shape(), SHAPE);
    assert_eq!(rules.variant.kinds.len(), 5 + GENERATED);
    let existing = rules.faces.iter().filter(|f| f.exists).count();
    assert!(existing > 1_000, "{existing} faces exist");
}

#[test]
fn squares_past_z_are_named_with_doubled_letters_and_ordered_by_rank_number() {
    let names: Vec<String> = (0..36)
        .map(|y| SHAPE.name(SHAPE.square(0, y).unwrap()).to_string())
        .collect();
    assert_eq!(&names[24..28], ["1y", "1z", "1aa", "1bb"]);
    assert_eq!(names[35], "1jj");
    let mut by_key: Vec<_> = SHAPE.parse_square("1z").into_iter().collect();
    by_key.push(SHAPE.parse_square("1aa").unwrap());
    by_key.push(SHAPE.parse_square("1y").unwrap());
    by_key.sort_by_key(|&s| SHAPE.file_rank_key(s));
    let sorted: Vec<String> = by_key.iter().map(|&s| SHAPE.name(s).to_string()).collect();
    assert_eq!(sorted, ["1y", "1z", "1aa"]);
}

/// The start position: two lions can pass, on 1z and 1aa. The canonical pass is the
/// piece on the first square in file-then-rank order (rank 26 `z` before rank 27 `aa`),
/// out to its first empty neighbour in the same order (1y) and back.
#[test]
fn the_canonical_pass_orders_ranks_by_number() {
    let rules = rules();
    let pos = Position::start(rules);
    let passes: Vec<String> = legal_moves(&pos, rules)
        .iter()
        .filter(|m| m.squares().len() == 2 && m.squares()[1] == m.from)
        .filter(|m| pos.cell(m.squares()[0]).is_empty())
        .map(|m| format_move(SHAPE, m))
        .collect();
    assert_eq!(passes, ["1z1y1z"]);
}

/// Kings, a rook, a pawn and a gold general far apart, Black to move. Black: king 18jj
/// on the bottom edge (5 steps), rook 30ee (6 squares towards file 36, 29 towards file 1,
/// 30 up to rank `a`, 5 down to rank `jj`: 70, of which the 12 in the far zone, ranks `a`
/// to `l`, may promote or not: 82 moves), pawn 10m (one step into the zone, promoting or
/// not: 2). White then has its king on the top edge (5) and its gold in the open (6)
/// after any of them, since no Black move comes near either: 89 × 11.
#[test]
fn perft_counts_moves_on_the_largest_board() {
    let rules = rules();
    let text = text_with(
        &[
            ("K", "18jj"),
            ("R", "30ee"),
            ("P", "10m"),
            ("k", "18a"),
            ("g", "5h"),
        ],
        'b',
    );
    let pos = position(&text);
    assert_eq!(perft(&pos, rules, 1), 5 + 82 + 2);
    assert_eq!(perft(&pos, rules, 2), 89 * 11);
    let start = Position::start(rules);
    let children: u64 = legal_moves(&start, rules)
        .iter()
        .map(|m| {
            let mut after = start.clone();
            after.play_unchecked(m, rules);
            legal_moves(&after, rules).len() as u64
        })
        .sum();
    assert_eq!(perft(&start, rules, 2), children);
}

/// Pieces of the last generated kind, whose promoted face is past the 1,000th, are read,
/// written, promoted and played; random games check every listed move's text, its
/// legality and the position text after every ply.
#[test]
fn pieces_past_the_thousandth_face_play_and_round_trip() {
    let rules = rules();
    let last = generated_code(GENERATED - 1);
    let (black, white) = (format!("+{last}"), last.to_ascii_lowercase());
    let text = text_with(
        &[
            ("K", "18jj"),
            (black.as_str(), "12aa"),
            (last.as_str(), "3m"),
            ("k", "18a"),
            (white.as_str(), "20z"),
            ("LN", "7ii"),
        ],
        'b',
    );
    let pos = position(&text);
    let promoted = pos
        .piece_at(SHAPE.parse_square("12aa").unwrap())
        .expect("a piece");
    assert!(promoted.face.index() > 1_000, "{:?}", promoted.face);
    assert!(promoted.promoted() && promoted.color == Color::Black);
    assert_eq!(rules.variant.kind(promoted.kind()).code, last);
    // The unpromoted piece on 3m steps into the zone (rank `l`): promoting gives its
    // promoted face.
    let moves = legal_moves(&pos, rules);
    let texts: Vec<String> = moves.iter().map(|m| format_move(SHAPE, m)).collect();
    for expected in ["3m3l+", "3m3l=", "12aa12z", "12aa11z", "12aa12bb", "7ii7hh"] {
        assert!(
            texts.iter().any(|t| t == expected),
            "{expected} in {texts:?}"
        );
    }
    let up = moves[texts.iter().position(|t| t == "3m3l+").unwrap()];
    let mut after = pos.clone();
    after.play(&up, rules);
    let face = after
        .piece_at(SHAPE.parse_square("3l").unwrap())
        .unwrap()
        .face;
    assert!(face.promoted() && face.index() > 1_000);
    let printed = format_position_of(rules.variant, &after);
    assert!(printed.contains(&format!("+{last}")));
    assert_eq!(parse_valid_position(rules, &printed).as_ref(), Ok(&after));
    // Hodges text names every move and reads back as it.
    for pos in [&pos, &after, &Position::start(rules)] {
        for m in legal_moves(pos, rules) {
            let hodges = format_hodges(pos, rules, &m);
            assert_eq!(parse_hodges(pos, rules, &hodges).ok(), Some(m), "{hodges}");
        }
    }
    // Every position of a game has at least its kings' moves.
    for (start, seed) in [(pos, 0x36), (Position::start(rules), 0x37)] {
        let (played, checked, _) = random_game(rules, start, 40, seed);
        assert!(
            played > 0 && checked >= 3 * played,
            "{played} plies, {checked} moves"
        );
    }
}

/// A position is no larger than before the engine had room for 36×36 boards (3,528 bytes
/// at commit 8e1cd5f, for every variant alike): its cells and guard counts are on the heap,
/// and a copy moves only the board's own squares.
#[test]
fn a_position_is_no_larger_than_before() {
    let size = std::mem::size_of::<Position>();
    assert!(size <= 3_528, "{size} bytes");
}
