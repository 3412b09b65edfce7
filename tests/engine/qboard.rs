//! Perft in QBoard's counting convention, a test-only helper (never a mode of the service):
//! QBoard (a GUI program that plays the dai family, GPL; only its published figures are
//! used here, none of its code) counts moves differently from this project, and
//! the research page "dai-dai" ("Adjustment that makes them equal") says how to count our
//! moves its way:
//! 1. one move per distinct (from, to) pair of our legal moves, whatever was captured on the
//!    way and with no promotion variants (moves ending on their start square, igui (居喰い,
//!    capturing a neighbour without moving) and the pass, give no pair);
//! 2. instead of our single pass per position, one null move (from = to) for each piece with
//!    lion power (a `lion` or a `liondog` component in force, as the lion, the lion dog and
//!    the furious fiend have) that has at least one move to an adjacent square, empty or
//!    enemy-occupied (QBoard's `CheckNullMove`);
//! 3. a pair is played by moving the piece and removing only a piece standing on `to`, never
//!    promoting; a null move only passes the turn.
//!
//! Written for any variant and rules. Checked here against QBoard's dai dai and maka dai dai
//! figures (`tests/data/qboard_perft_from_to_only.txt`, `daidai_start_divide1_qboard.txt`,
//! `maka_start_divide1_qboard.txt`): outside figures.

use crate::support::rules_for;
use shogi_arbiter::engine::core::moves::{Move, Promo};
use shogi_arbiter::engine::core::shape::Shape;
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::collections::BTreeSet;
use std::path::Path;

/// A move as QBoard counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum QMove {
    /// A (from, to) pair, `from != to`.
    Pair(Square, Square),
    /// A null move of the lion-power piece on this square.
    Null(Square),
}

/// Whether two squares are neighbours (one king step apart).
fn adjacent(shape: Shape, a: Square, b: Square) -> bool {
    let ((ax, ay), (bx, by)) = (shape.coords(a), shape.coords(b));
    a != b && (ax - bx).abs() <= 1 && (ay - by).abs() <= 1
}

/// The moves of `pos` in QBoard's convention (points 1 and 2 of the module doc), sorted.
pub(crate) fn qboard_moves(pos: &Position, rules: &Rules) -> Vec<QMove> {
    let shape = rules.variant.shape();
    let ours = legal_moves(pos, rules);
    let mut moves: BTreeSet<QMove> = ours
        .iter()
        .filter(|m| m.to() != m.from)
        .map(|m| QMove::Pair(m.from, m.to()))
        .collect();
    for from in pos.occupied(pos.side()).iter() {
        let piece = pos.piece_at(from).expect("an occupied square");
        let compiled = &rules.face(piece.face).compiled[piece.color.index()];
        let lion_power = compiled.lion || compiled.liondog;
        if lion_power
            && ours
                .iter()
                .any(|m| m.from == from && adjacent(shape, from, m.to()))
        {
            moves.insert(QMove::Null(from));
        }
    }
    moves.into_iter().collect()
}

/// The position after `m` played QBoard's way (point 3 of the module doc).
pub(crate) fn qboard_play(pos: &Position, rules: &Rules, m: QMove) -> Position {
    match m {
        QMove::Pair(from, to) => {
            let mut after = pos.clone();
            after.play_unchecked(&Move::simple(from, to, Promo::None), rules);
            after
        }
        QMove::Null(_) => pos.with_side_to_move(pos.side().opponent()),
    }
}

/// Leaf nodes at `depth` in QBoard's convention.
pub(crate) fn qboard_perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let moves = qboard_moves(pos, rules);
    if depth <= 1 {
        return if depth == 0 { 1 } else { moves.len() as u64 };
    }
    moves
        .into_iter()
        .map(|m| qboard_perft(&qboard_play(pos, rules, m), rules, depth - 1))
        .sum()
}

/// [`qboard_perft`] from the start position of `variant` under `profile`.
pub(crate) fn qboard_perft_from_start(variant: &str, profile: &str, depth: u32) -> u64 {
    let rules = rules_for(variant, &format!("profile={profile}"));
    qboard_perft(&Position::start(&rules), &rules, depth)
}

/// A move in QBoard's text: file letter `a` = our highest file (17 on dai dai's board) …,
/// rank number n = our rank letter number (ranks + 1 − n), so `1` is our last rank
/// (dai-dai.md "Outside figures"); a null move repeats its square.
pub(crate) fn qboard_text(shape: Shape, m: QMove) -> String {
    let square = |sq: Square| {
        let (x, y) = shape.coords(sq);
        let file = (b'a' + (shape.files as i32 - 1 - x) as u8) as char;
        format!("{file}{}", shape.ranks as i32 - y)
    };
    match m {
        QMove::Pair(from, to) => format!("{}{}", square(from), square(to)),
        QMove::Null(sq) => format!("{}{}", square(sq), square(sq)),
    }
}

/// The text of a file under `tests/data`.
fn data_file(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// QBoard's perft of `variant` (its name in QBoard's driver: `daidai`, `maka`, ...) at
/// `depth`, from `qboard_perft_from_to_only.txt`.
fn qboard_figure(variant: &str, depth: u32) -> u64 {
    let prefix = format!("{variant} perft {depth} = ");
    let text = data_file("qboard_perft_from_to_only.txt");
    let line = text
        .lines()
        .find(|l| l.starts_with(&prefix))
        .unwrap_or_else(|| panic!("no `{prefix}` line"));
    line[prefix.len()..]
        .split_whitespace()
        .next()
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no count in `{line}`"))
}

/// Dai dai's default profile counted QBoard's way gives QBoard's own figures (dai-dai.md:
/// 59 / 3,463 / 206,662, depths 1 to 3).
#[test]
fn dai_dai_counted_the_qboard_way_gives_qboard_figures() {
    let figures: Vec<u64> = (1..=3).map(|d| qboard_figure("daidai", d)).collect();
    assert_eq!(figures, [59, 3_463, 206_662], "the copied figures");
    for (depth, expected) in (1..=3).zip(figures) {
        assert_eq!(
            qboard_perft_from_start("dai-dai", "wikipedia", depth),
            expected,
            "depth {depth}"
        );
    }
}

/// Depth 1 move for move: the QBoard-convention list of dai dai's start is QBoard's own
/// divide list (`daidai_start_divide1_qboard.txt`), with the two null moves `o2o2` (lion
/// dog, our 3p) and `c2c2` (lion, our 15p) in place of our one pass.
#[test]
fn dai_dai_start_list_counted_the_qboard_way_is_qboard_list() {
    let text = data_file("daidai_start_divide1_qboard.txt");
    let qboard: BTreeSet<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("perft"))
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("`move count`");
            assert_eq!(n, "1", "{l}");
            mv.to_string()
        })
        .collect();
    assert_eq!(qboard.len(), 59);
    assert!(qboard.contains("o2o2") && qboard.contains("c2c2"));
    let rules = rules_for("dai-dai", "profile=wikipedia");
    let ours: BTreeSet<String> = qboard_moves(&Position::start(&rules), &rules)
        .into_iter()
        .map(|m| qboard_text(rules.variant.shape(), m))
        .collect();
    assert_eq!(ours, qboard);
}

/// Maka dai dai counted QBoard's way under `donkey = evans` (QBoard's donkey has no single
/// vertical step) gives QBoard's own figures (maka-dai-dai.md "Outside figures": 78 /
/// 6,084 / 497,620), and its depth-1 list move for move: the page's 80 moves less the two
/// donkey steps straight back, with no null move (the lion is boxed in, and the lion dog's
/// only moves are leaps to non-adjacent squares).
#[test]
fn maka_counted_the_qboard_way_with_evans_donkeys_gives_qboard_figures() {
    let figures: Vec<u64> = (1..=3).map(|d| qboard_figure("maka", d)).collect();
    assert_eq!(figures, [78, 6_084, 497_620], "the copied figures");
    let rules = rules_for("maka-dai-dai", "profile=wikipedia donkey=evans");
    let start = Position::start(&rules);
    for (depth, expected) in (1..=3).zip(figures) {
        assert_eq!(
            qboard_perft(&start, &rules, depth),
            expected,
            "depth {depth}"
        );
    }
    let text = data_file("maka_start_divide1_qboard.txt");
    let qboard: BTreeSet<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("perft"))
        .map(|l| l.split_once(' ').expect("`move count`").0.to_string())
        .collect();
    assert_eq!(qboard.len(), 78);
    let ours: BTreeSet<String> = qboard_moves(&start, &rules)
        .into_iter()
        .map(|m| qboard_text(rules.variant.shape(), m))
        .collect();
    assert_eq!(ours, qboard);
}

/// The helper's conventions on a small position of its own: an igui and a double capture
/// give the pairs (from, from) dropped and (from, final square) once; two lion-power pieces
/// give two null moves; a pair never promotes and removes only what stands on `to`.
#[test]
fn the_qboard_convention_on_a_hand_made_position() {
    let rules = rules_for("dai-dai", "profile=wikipedia");
    let shape = rules.variant.shape();
    // Black: lion 9i with enemy pawns on 9h and 9g; lion dog 3p boxed in but for 3o; king 1q.
    let text = "15,g,k/15,g,g/17/17/17/17/8,p,8/8,p,8/8,LN,8/17/17/17/17/17/13,P,1,P,1/13,P,LD,P,1/13,P,P,P,K b - 1";
    let pos = shogi_arbiter::engine::notation::parse_valid_position(&rules, text).expect("parses");
    let moves = qboard_moves(&pos, &rules);
    let sq = |name: &str| shape.parse_square(name).expect("a square");
    assert!(moves.contains(&QMove::Null(sq("9i"))));
    assert!(moves.contains(&QMove::Null(sq("3p"))));
    assert!(moves.contains(&QMove::Pair(sq("9i"), sq("9g"))));
    assert!(!moves.contains(&QMove::Pair(sq("9i"), sq("9i"))));
    let after = qboard_play(&pos, &rules, QMove::Pair(sq("9i"), sq("9g")));
    assert_eq!(
        after.piece_at(sq("9h")).map(|p| p.color),
        pos.piece_at(sq("9h")).map(|p| p.color),
        "the pawn on the way stays"
    );
    assert_eq!(
        after.piece_at(sq("9g")),
        pos.piece_at(sq("9i")),
        "no promotion"
    );
    let null = qboard_play(&pos, &rules, QMove::Null(sq("3p")));
    assert_eq!(null.side(), pos.side().opponent());
    assert_eq!(null.piece_at(sq("3p")), pos.piece_at(sq("3p")));
}

/// Ko shogi's start list reduced as ko.md §8 says: our legal moves mapped to (start, final)
/// pairs, passes dropped, duplicates folded, in QBoard's square names.
fn ko_start_pairs(profile: &str) -> (Vec<Move>, BTreeSet<String>) {
    let rules = rules_for("ko", &format!("profile={profile}"));
    let moves = legal_moves(&Position::start(&rules), &rules);
    let pairs = moves
        .iter()
        .filter(|m| m.to() != m.from)
        .map(|m| qboard_text(rules.variant.shape(), QMove::Pair(m.from, m.to())))
        .collect();
    (moves, pairs)
}

/// QBoard's ko start divide(1) (`ko_start_divide1_qboard.txt`, 226 from-to pairs): the
/// outside figure of ko.md §8.
fn ko_qboard_pairs() -> BTreeSet<String> {
    let text = data_file("ko_start_divide1_qboard.txt");
    let pairs: BTreeSet<String> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty() && !l.starts_with("perft"))
        .map(|l| {
            let (mv, n) = l.split_once(' ').expect("`move count`");
            assert_eq!(n.trim(), "1", "{l}");
            mv.to_string()
        })
        .collect();
    assert_eq!(pairs.len(), 226, "the copied list");
    pairs
}

/// Under `qboard` the 229 start moves reduce to exactly QBoard's 226 pairs (ko.md §8): the
/// chariot units' captures of White's chariot units on rank f (`19n19f`, `1n1f`) come with
/// `+` and `=`, and the one pass is the only move from a point back to itself.
#[test]
fn ko_start_under_qboard_reduces_to_qboards_226_pairs() {
    let (moves, pairs) = ko_start_pairs("qboard");
    assert_eq!(moves.len(), 229);
    assert_eq!(pairs, ko_qboard_pairs());
    let rules = rules_for("ko", "profile=qboard");
    let texts: Vec<String> = moves
        .iter()
        .map(|m| shogi_arbiter::engine::notation::format_move(rules.variant.shape(), m))
        .collect();
    for both in ["19n19f+", "19n19f=", "1n1f+", "1n1f="] {
        assert!(texts.iter().any(|t| t == both), "{both} missing");
    }
    assert_eq!(
        moves.iter().filter(|m| m.to() == m.from).count(),
        1,
        "one pass"
    );
}

/// Under `wikipedia` the start has 223 moves and 220 pairs: QBoard's 226 less the six
/// cavalry double jumps whose leg-1 points hold friendly pieces (ko.md §8).
#[test]
fn ko_start_under_wikipedia_lacks_six_cavalry_pairs() {
    let (moves, pairs) = ko_start_pairs("wikipedia");
    assert_eq!(moves.len(), 223);
    let qboard = ko_qboard_pairs();
    let missing: BTreeSet<&str> = qboard
        .iter()
        .filter(|p| !pairs.contains(*p))
        .map(String::as_str)
        .collect();
    assert_eq!(
        missing,
        BTreeSet::from(["a4c8", "a4a8", "a4e2", "s4q8", "s4s8", "s4o2"])
    );
    assert!(
        pairs.iter().all(|p| qboard.contains(p)),
        "no pair beyond QBoard's"
    );
    assert_eq!(pairs.len(), 220);
    assert_eq!(
        moves.iter().filter(|m| m.to() == m.from).count(),
        1,
        "one pass"
    );
}
