//! Unit tests of Hodges text in tai shogi: each form of the grammar, the errors' codes,
//! and round trips of every legal move of random games and crowded random boards.

use super::read::parse_hodges;
use super::write::format_hodges;
use super::*;
use crate::engine::core::color::Color;
use crate::engine::core::moves::Promo;
use crate::engine::core::piece::KindId;
use crate::engine::movegen::{legal_moves, pass_of};
use crate::engine::notation::parse_valid_position;
use crate::engine::variant::{tai, Rules, RulesRequest};
use std::collections::HashSet;

fn rules() -> Rules {
    Rules::default_for(tai())
}

/// A position holding `pieces` (square, token; lowercase = White) and both emperors
/// out of the way (Black's on 25y, White's on 1a).
fn position(rules: &Rules, pieces: &[(&str, &str)], side: char) -> Position {
    let mut all: Vec<(&str, &str)> = pieces.to_vec();
    all.push(("25y", "E"));
    all.push(("1a", "e"));
    board(rules, &all, side)
}

/// A position holding exactly `pieces`.
fn board(rules: &Rules, pieces: &[(&str, &str)], side: char) -> Position {
    let shape = rules.variant.shape();
    let mut setup = crate::engine::position::Setup {
        board: vec![None; shape.len()],
        side: if side == 'w' {
            Color::White
        } else {
            Color::Black
        },
        extra: Default::default(),
        move_number: 1,
    };
    for &(name, token) in pieces {
        let sq = shape.parse_square(name).expect("square");
        assert!(setup.board[sq.index()].is_none(), "two pieces on {name}");
        setup.board[sq.index()] =
            Some(crate::engine::notation::parse_piece_token(rules.variant, token).expect("token"));
    }
    let text = crate::engine::notation::format_position(rules.variant, &setup);
    parse_valid_position(rules, &text).expect("valid position")
}

fn sq(rules: &Rules, name: &str) -> Square {
    rules.variant.shape().parse_square(name).expect("square")
}

/// The legal move with these machine squares and mark.
fn legal(pos: &Position, rules: &Rules, squares: &[&str], promo: Promo) -> Move {
    let from = sq(rules, squares[0]);
    let path: Vec<Square> = squares[1..].iter().map(|s| sq(rules, s)).collect();
    legal_moves(pos, rules)
        .into_iter()
        .find(|m| m.from == from && m.squares() == path && m.promo == promo)
        .unwrap_or_else(|| panic!("{squares:?} {promo:?} is not legal"))
}

/// Formats `mv`, checks the text, and parses it back.
fn check(pos: &Position, rules: &Rules, mv: Move, text: &str) {
    assert_eq!(format_hodges(pos, rules, &mv), text);
    assert_eq!(parse_hodges(pos, rules, text), Ok(mv), "{text}");
}

fn err(pos: &Position, rules: &Rules, text: &str) -> &'static str {
    match parse_hodges(pos, rules, text) {
        Ok(m) => panic!("`{text}` parsed as {m:?}"),
        Err(e) => {
            assert!(!e.to_string().is_empty());
            e.code()
        }
    }
}

#[test]
fn pawn_steps() {
    let r = rules();
    let pos = position(&r, &[("12m", "P"), ("11m", "P")], 'b');
    let mv = legal(&pos, &r, &["12m", "12l"], Promo::None);
    check(&pos, &r, mv, "P-12l");
    assert_eq!(parse_hodges(&pos, &r, "P12m-12l"), Ok(mv));
    assert_eq!(parse_hodges(&pos, &r, "  P-12l "), Ok(mv));
    assert_eq!(err(&pos, &r, "P-12k"), "unreachable");
    assert_eq!(err(&pos, &r, "P11m-12l"), "unreachable");
    assert_eq!(err(&pos, &r, "P10m-10l"), "no_such_piece");
    assert_eq!(err(&pos, &r, "P-12l+"), "promotion_not_possible");
    assert_eq!(err(&pos, &r, "P-12l="), "promotion_not_possible");
    // The start position: every pawn's step needs no start square.
    let start = Position::start(&r);
    let mv = legal(&start, &r, &["12s", "12r"], Promo::None);
    check(&start, &r, mv, "P-12r");
}

#[test]
fn capture_with_compulsory_promotion() {
    let r = rules();
    let pos = position(&r, &[("5m", "R"), ("5e", "p")], 'b');
    let mv = legal(&pos, &r, &["5m", "5e"], Promo::Promote);
    check(&pos, &r, mv, "Rx5e+");
    assert_eq!(parse_hodges(&pos, &r, "Rx5e"), Ok(mv));
    assert_eq!(parse_hodges(&pos, &r, "R5mx5e+"), Ok(mv));
    assert_eq!(err(&pos, &r, "Rx5e="), "promotion_compulsory");
    assert_eq!(
        parse_hodges(&pos, &r, "R-5e"),
        Err(HodgesError::Unreachable {
            hint: Some("Rx5e+".into())
        })
    );
    // A move of the promoted rook (a gold under the default table).
    let pos = position(&r, &[("5m", "+R")], 'b');
    let mv = legal(&pos, &r, &["5m", "5l"], Promo::None);
    check(&pos, &r, mv, "+R-5l");
    assert_eq!(err(&pos, &r, "R-5l"), "no_such_piece");
}

#[test]
fn optional_promotion_needs_a_mark() {
    let request = RulesRequest {
        profile: None,
        overrides: vec![("promotion_trigger".into(), "capture_of_promoted".into())],
    };
    let r = Rules::resolve(tai(), &request).unwrap();
    let pos = position(
        &r,
        &[("5m", "R"), ("5e", "p"), ("6m", "B"), ("10i", "+r")],
        'b',
    );
    let up = legal(&pos, &r, &["5m", "5e"], Promo::Promote);
    let down = legal(&pos, &r, &["5m", "5e"], Promo::Decline);
    check(&pos, &r, up, "Rx5e+");
    check(&pos, &r, down, "Rx5e=");
    assert_eq!(err(&pos, &r, "Rx5e"), "promotion_mark_required");
    // Capturing a promoted piece: compulsory again.
    let mv = legal(&pos, &r, &["6m", "10i"], Promo::Promote);
    check(&pos, &r, mv, "Bx10i+");
    assert_eq!(parse_hodges(&pos, &r, "Bx10i"), Ok(mv));
    assert_eq!(err(&pos, &r, "Bx10i="), "promotion_compulsory");
}

#[test]
fn promoted_piece_keeps_its_own_code() {
    let r = rules();
    let pos = position(&r, &[("10m", "+KR"), ("14m", "GD")], 'b');
    let mv = legal(&pos, &r, &["10m", "10l"], Promo::None);
    check(&pos, &r, mv, "+KR-10l");
    // An alias of the code is accepted; a never-promoted great dragon is another face.
    assert_eq!(parse_hodges(&pos, &r, "+KY-10l"), Ok(mv));
    assert_eq!(err(&pos, &r, "GD-10l"), "unreachable");
    let gd = legal(&pos, &r, &["14m", "14l"], Promo::None);
    check(&pos, &r, gd, "GD-14l");
}

#[test]
fn lion_igui_double_capture_and_pass() {
    let r = rules();
    let pos = position(&r, &[("13v", "LN"), ("12u", "p"), ("11t", "g")], 'b');
    let igui = legal(&pos, &r, &["13v", "12u", "13v"], Promo::Promote);
    check(&pos, &r, igui, "LNx!12u+");
    assert_eq!(parse_hodges(&pos, &r, "LNx!12u"), Ok(igui));
    let double = legal(&pos, &r, &["13v", "12u", "11t"], Promo::Promote);
    check(&pos, &r, double, "LNx12ux11t+");
    let on = legal(&pos, &r, &["13v", "12u", "12t"], Promo::Promote);
    check(&pos, &r, on, "LNx12u-12t+");
    let jump = legal(&pos, &r, &["13v", "11t"], Promo::Promote);
    check(&pos, &r, jump, "LNx11t+");
    // The pass: through the lion's first empty neighbour in file-then-rank order
    // (12v: file 12 before 13 and 14, rank v before w), and other spellings of it.
    let pass = Move::new(sq(&r, "13v"), &[sq(&r, "12v"), sq(&r, "13v")], Promo::None);
    assert_eq!(pass_of(&pos, &r, sq(&r, "13v")), Some(pass));
    assert_eq!(format_hodges(&pos, &r, &pass), "LN-!12v");
    assert_eq!(parse_hodges(&pos, &r, "LN-!12v"), Ok(pass));
    assert_eq!(parse_hodges(&pos, &r, "LN-!14u"), Ok(pass));
    assert_eq!(parse_hodges(&pos, &r, "LN13v-!13w"), Ok(pass));
    assert_eq!(err(&pos, &r, "LN-!12v+"), "promotion_not_possible");
    assert_eq!(err(&pos, &r, "LN-!13x"), "unreachable");
    assert_eq!(err(&pos, &r, "LNx!12t"), "unreachable");
    // A pass through 12u, where an enemy stands: the igui `LNx!12u` is that text with its
    // capture mark corrected, so the text is a typo, not a move.
    assert_eq!(err(&pos, &r, "LN-!12u"), "capture_mark_wrong");
    assert_eq!(err(&pos, &r, "LNx!12ux11t"), "malformed");
}

#[test]
fn lion_dog_triple_capture_and_return() {
    let r = rules();
    let pos = position(
        &r,
        &[("13m", "LD"), ("13l", "p"), ("13k", "p"), ("13j", "p")],
        'b',
    );
    let triple = legal(&pos, &r, &["13m", "13l", "13k", "13j"], Promo::Promote);
    check(&pos, &r, triple, "LDx13lx13kx13j+");
    let back = legal(&pos, &r, &["13m", "13l", "13k", "13l"], Promo::Promote);
    check(&pos, &r, back, "LDx13lx13k-13l+");
    let pos = position(&r, &[("13m", "LD"), ("13k", "p")], 'b');
    let leap_back = legal(&pos, &r, &["13m", "13k", "13l"], Promo::Promote);
    check(&pos, &r, leap_back, "LDx13k-13l+");
}

/// Under `lion_dog_jump_back` the lion dog's capture on its 1st and 2nd squares ending on
/// the 1st is listed as the leap to the 2nd and back (`13m13k13l`, notation.md: the
/// shortest text), written `LDx13kx13l+`; the stepping spelling of the same effect is
/// read as that move (any equivalent form is accepted), one that marks other captures is
/// not.
#[test]
fn lion_dog_steps_out_and_back_read_as_the_listed_leap() {
    let r = Rules::resolve(
        tai(),
        &RulesRequest {
            profile: None,
            overrides: vec![("lion_dog_jump_back".into(), "true".into())],
        },
    )
    .expect("rules");
    let pos = position(&r, &[("13m", "LD"), ("13l", "p"), ("13k", "p")], 'b');
    let leap_back = legal(&pos, &r, &["13m", "13k", "13l"], Promo::Promote);
    check(&pos, &r, leap_back, "LDx13kx13l+");
    assert_eq!(parse_hodges(&pos, &r, "LDx13lx13k-13l+"), Ok(leap_back));
    assert_eq!(err(&pos, &r, "LDx13l-13k-13l+"), "unreachable");
}

#[test]
fn contagion_is_written_as_promotion() {
    let r = rules();
    let pos = position(&r, &[("5m", "G"), ("5l", "dv")], 'b');
    let mv = legal(&pos, &r, &["5m", "5l"], Promo::Promote);
    check(&pos, &r, mv, "Gx5l+");
    assert_eq!(parse_hodges(&pos, &r, "Gx5l"), Ok(mv));
}

#[test]
fn ambiguous_pieces_need_their_start_square() {
    let r = rules();
    let pos = position(&r, &[("5m", "G"), ("3m", "G")], 'b');
    let a = legal(&pos, &r, &["5m", "4l"], Promo::None);
    let b = legal(&pos, &r, &["3m", "4l"], Promo::None);
    check(&pos, &r, a, "G5m-4l");
    check(&pos, &r, b, "G3m-4l");
    assert_eq!(
        parse_hodges(&pos, &r, "G-4l"),
        Err(HodgesError::Ambiguous(vec!["3m".into(), "5m".into()]))
    );
    // Moves only one of them can make need no start square, but accept one.
    let c = legal(&pos, &r, &["5m", "5l"], Promo::None);
    check(&pos, &r, c, "G-5l");
    assert_eq!(parse_hodges(&pos, &r, "G5m-5l"), Ok(c));
    // White's pieces are written in capitals too.
    let pos = position(&r, &[("5m", "g"), ("3m", "g")], 'w');
    let w = legal(&pos, &r, &["5m", "4n"], Promo::None);
    check(&pos, &r, w, "G5m-4n");
    assert_eq!(err(&pos, &r, "g5m-4n"), "malformed");
    // Two lions capturing the same piece by igui.
    let pos = position(&r, &[("13v", "LN"), ("11v", "LN"), ("12u", "p")], 'b');
    let igui = legal(&pos, &r, &["13v", "12u", "13v"], Promo::Promote);
    check(&pos, &r, igui, "LN13vx!12u+");
    assert_eq!(err(&pos, &r, "LNx!12u+"), "ambiguous");
}

#[test]
fn errors_have_stable_codes() {
    let r = rules();
    let pos = Position::start(&r);
    for text in [
        "",
        "  ",
        "P",
        "P-",
        "P12s",
        "P--12r",
        "P-12r++",
        "P-12r+=",
        "P-26r",
        "P-12z",
        "P-012r",
        "p-12r",
        "-12r",
        "P-12r P",
        "P—12r",
        "LNx!12ux11t",
        "P-12rx12qx12px12o",
    ] {
        assert_eq!(err(&pos, &r, text), "malformed", "`{text}`");
    }
    let long = format!("P-12r{}", " ".repeat(60));
    assert_eq!(err(&pos, &r, &long), "malformed");
    assert_eq!(err(&pos, &r, "ZZ-12r"), "unknown_piece");
    assert_eq!(err(&pos, &r, "FF-12r"), "promoted_only_piece");
    assert_eq!(err(&pos, &r, "+P-12r"), "no_such_piece");
    assert_eq!(err(&pos, &r, "P-12q"), "unreachable");
    let over = board(&r, &[("5m", "G"), ("25y", "E"), ("1a", "p")], 'b');
    assert!(over.is_terminal());
    assert_eq!(err(&over, &r, "G-5l"), "game_over");
    let codes = [
        HodgesError::Malformed(String::new()),
        HodgesError::UnknownPiece(String::new()),
        HodgesError::PromotedOnlyPiece(String::new()),
        HodgesError::GameOver,
        HodgesError::NoSuchPiece {
            piece: String::new(),
            start: None,
        },
        HodgesError::Unreachable { hint: None },
        HodgesError::Ambiguous(Vec::new()),
        HodgesError::PromotionCompulsory,
        HodgesError::PromotionNotPossible,
        HodgesError::PromotionMarkRequired,
    ]
    .map(|e| e.code());
    assert_eq!(codes.len(), codes.iter().collect::<HashSet<_>>().len());
}

use crate::engine::test_rng::Rng;

fn round_trip(pos: &Position, rules: &Rules) -> usize {
    let moves = legal_moves(pos, rules);
    let mut seen = HashSet::new();
    for mv in &moves {
        let text = format_hodges(pos, rules, mv);
        assert!(seen.insert(text.clone()), "`{text}` names two legal moves");
        assert_eq!(parse_hodges(pos, rules, &text), Ok(*mv), "`{text}`");
    }
    moves.len()
}

#[test]
fn every_legal_move_round_trips() {
    let r = rules();
    let start = Position::start(&r);
    assert!(round_trip(&start, &r) > 0);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = 0;
    for _game in 0..3 {
        let mut pos = start.clone();
        for ply in 0..120 {
            let moves = legal_moves(&pos, &r);
            if moves.is_empty() {
                break;
            }
            // Prefer captures so that lions, promotions and crowded squares show up.
            let captures: Vec<&Move> = moves.iter().filter(|m| m.promo != Promo::None).collect();
            let mv = if !captures.is_empty() && rng.below(3) != 0 {
                *captures[rng.below(captures.len())]
            } else {
                moves[rng.below(moves.len())]
            };
            if ply % 10 == 9 {
                checked += round_trip(&pos, &r);
            }
            pos.play_unchecked(&mv, &r);
        }
    }
    assert!(checked > 1000, "{checked}");
}

#[test]
fn crowded_random_boards_round_trip() {
    // Many lion-like pieces, duplicates and promoted pieces close together: igui,
    // double and triple captures, passes, contagion and start squares all show up.
    let r = rules();
    let shape = r.variant.shape();
    let lively = [
        "LN", "LD", "SE", "HF", "G", "P", "DV", "DS", "KR", "EB", "WS", "R",
    ];
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for _board in 0..6 {
        let mut names: Vec<String> = Vec::new();
        let mut tokens: Vec<String> = Vec::new();
        let mut used = HashSet::new();
        while names.len() < 70 {
            // A 9×9 corner of the board keeps the pieces in contact.
            let (x, y) = (rng.below(9) as i32 + 8, rng.below(9) as i32 + 8);
            let sq = shape.square(x, y).expect("on board");
            let kind = if rng.below(2) == 0 {
                r.variant
                    .kind_by_code(lively[rng.below(lively.len())])
                    .expect("code")
            } else {
                KindId(rng.below(r.variant.kinds.len()) as u16)
            };
            let info = r.variant.kind(kind);
            if info.royal || info.promoted_only || !used.insert(sq) {
                continue;
            }
            let promoted = rng.below(3) == 0 && r.face(kind.face(true)).exists;
            let mut token = String::new();
            if promoted {
                token.push('+');
            }
            if rng.below(2) == 0 {
                token.push_str(&info.code);
            } else {
                token.push_str(&info.code.to_ascii_lowercase());
            }
            names.push(shape.name(sq).to_string());
            tokens.push(token);
        }
        let pieces: Vec<(&str, &str)> = names
            .iter()
            .zip(&tokens)
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let side = if rng.below(2) == 0 { 'b' } else { 'w' };
        let mut pos = position(&r, &pieces, side);
        for _ply in 0..4 {
            checked += round_trip(&pos, &r);
            let moves = legal_moves(&pos, &r);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            pos.play_unchecked(&mv, &r);
        }
    }
    assert!(checked > 1000, "{checked}");
}
