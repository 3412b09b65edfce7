//! Ko shogi's Hodges text (ko.md §5 "Human text"): positions built for each form the page
//! names, with the expected texts derived by hand from the page (a capture, igui, a double
//! capture, a pass, a longbow's and a crossbow's shot, the Frankish cannon's two shots, a
//! fog shooting between its legs, promoted pieces, an ambiguous move needing its start
//! point, shots in place, the flag waver's and the thunderclap's several captures), and
//! round trips of every legal move of random ko positions under both profiles and the
//! option values that add shots in place, igui by thunderclap and shots after a capture.

use crate::support::{position, random_placement, rules_for, Rng};
use shogi_arbiter::engine::core::moves::{Move, Promo};
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_hodges, format_hodges_all, format_move, format_position_of, parse_hodges, HodgesError,
};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::collections::HashSet;

/// The two generals, out of the way: Black's on 19s, White's on 1a.
const GENERALS: &str = "G@19s g@1a";

fn ko(options: &str) -> Rules {
    rules_for("ko", options)
}

/// A position holding the generals and `pieces`, Black to move.
fn board(rules: &Rules, pieces: &str) -> Position {
    position(rules, &format!("{GENERALS} {pieces}"), 'b')
}

/// The legal move whose canonical machine text (ko.md §5) is `text`.
fn legal(pos: &Position, rules: &Rules, text: &str) -> Move {
    let shape = rules.variant.shape();
    legal_moves(pos, rules)
        .into_iter()
        .find(|m| format_move(shape, m) == text)
        .unwrap_or_else(|| panic!("`{text}` is not a legal move"))
}

/// The move written `machine` has the Hodges text `human`, which reads back as it.
fn check(pos: &Position, rules: &Rules, machine: &str, human: &str) -> Move {
    let mv = legal(pos, rules, machine);
    assert_eq!(format_hodges(pos, rules, &mv), human, "{machine}");
    assert_eq!(parse_hodges(pos, rules, human), Ok(mv), "{human}");
    mv
}

fn err(pos: &Position, rules: &Rules, text: &str) -> &'static str {
    match parse_hodges(pos, rules, text) {
        Ok(m) => panic!("`{text}` parsed as {m:?}"),
        Err(e) => e.code(),
    }
}

#[test]
fn capture_in_the_zone_offers_both_marks() {
    // ko.md §8: at the start the chariot unit on 19n takes White's on 19f, in Black's zone.
    let r = ko("profile=wikipedia");
    let start = Position::start(&r);
    check(&start, &r, "19n19f+", "CUx19f+");
    check(&start, &r, "19n19f=", "CUx19f=");
    assert_eq!(err(&start, &r, "CUx19f"), "promotion_mark_required");
    // `-` where the move captures: a typo for `CUx19f+`, not a move.
    assert_eq!(err(&start, &r, "CU-19f+"), "capture_mark_wrong");
    check(&start, &r, "19n19g", "CU-19g");
}

#[test]
fn wrestler_igui_and_double_capture() {
    let r = ko("profile=wikipedia");
    let pos = board(&r, "SW@13k p@12j sh@11i");
    check(&pos, &r, "13k12j13k", "SWx!12j");
    check(&pos, &r, "13k12j11i", "SWx12jx11i");
    check(&pos, &r, "13k12j12i", "SWx12j-12i");
    // A route through an empty point with the effect of a direct move is that move.
    let direct = check(&pos, &r, "13k12k", "SW-12k");
    assert_eq!(parse_hodges(&pos, &r, "SW-13j-12k"), Ok(direct));
    assert_eq!(err(&pos, &r, "SWx!12jx11i"), "malformed");
    // `x` on the empty 12k: the text with its capture mark corrected names a legal move,
    // so this one is a typo, not a move.
    assert_eq!(err(&pos, &r, "SWx!12k"), "capture_mark_wrong");
}

#[test]
fn the_one_pass_of_a_position() {
    // qboard: the cavalries cannot pass; of the two wrestlers the one on 7s comes first in
    // square order, through its only empty neighbour 7r (ko.md §8: `7s7r7s`).
    let r = ko("profile=qboard");
    let start = Position::start(&r);
    let pass = check(&start, &r, "7s7r7s", "SW-!7r");
    assert_eq!(parse_hodges(&start, &r, "SW-!13r"), Ok(pass));
    assert_eq!(parse_hodges(&start, &r, "SW13s-!13r"), Ok(pass));
    assert_eq!(err(&start, &r, "SW-!7r+"), "promotion_not_possible");
    assert_eq!(err(&start, &r, "SW-!12r"), "unreachable");
    // wikipedia: the cavalry on 1p passes first, through 3o; the wrestlers' texts are
    // the same move.
    let r = ko("profile=wikipedia");
    let start = Position::start(&r);
    let pass = check(&start, &r, "1p3o1p", "CV-!3o");
    assert_eq!(parse_hodges(&start, &r, "SW-!13r"), Ok(pass));
    assert_eq!(parse_hodges(&start, &r, "CV-!17o"), Ok(pass));
}

#[test]
fn bows_shoot_after_their_step() {
    let r = ko("profile=wikipedia");
    // The longbow shoots 1 at up to 3 points: 17m from 17p. (ko.md's `LB-17p*17k` names a
    // point 5 away, a crossbow's range; the crossbow's text is below.)
    let pos = board(&r, "LB@18q p@17m");
    check(&pos, &r, "18q17p*17m", "LB-17p*17m");
    check(&pos, &r, "18q17p", "LB-17p");
    assert_eq!(err(&pos, &r, "LB-19p*17m"), "unreachable");
    let pos = board(&r, "CB@18q p@17k");
    check(&pos, &r, "18q17p*17k", "CB-17p*17k");
}

#[test]
fn frankish_cannon_shoots_two_targets_in_square_order() {
    let r = ko("profile=wikipedia");
    // From 9p: 9i is 7 up its file, 4k 5 along a diagonal, both with nothing between.
    let pos = board(&r, "FC@10q p@9i sh@4k");
    let both = check(&pos, &r, "10q9p*4k*9i", "FC-9p*4k*9i");
    // ko.md's order of the two targets names the same move.
    assert_eq!(parse_hodges(&pos, &r, "FC-9p*9i*4k"), Ok(both));
    check(&pos, &r, "10q9p*4k", "FC-9p*4k");
    check(&pos, &r, "10q9p*9i", "FC-9p*9i");
    assert_eq!(err(&pos, &r, "FC-9p*4k*9i*9i"), "malformed");
}

#[test]
fn fog_shoots_between_its_legs() {
    let r = ko("profile=wikipedia");
    // The five-li fog (+TP) leaps 10j-10h, shoots 9g, leaps on to 10f and shoots 11e
    // (ko.md §5's machine example). The friendly pawn on 8h closes the route through 8h,
    // from which 9g could be shot too.
    let pos = board(&r, "+TP@10j P@8h p@9g p@11e");
    let mv = check(&pos, &r, "10j10h*9g10f*11e", "+TP-10h*9g-10f*11e");
    // The fog's own code, and the same effect written with both shots at the end.
    assert_eq!(parse_hodges(&pos, &r, "FF-10h*9g-10f*11e"), Ok(mv));
    assert_eq!(parse_hodges(&pos, &r, "+TP-10f*9g*11e"), Ok(mv));
    check(&pos, &r, "10j10h*9g", "+TP-10h*9g");
    assert_eq!(err(&pos, &r, "+FF-10h*9g-10f*11e"), "promoted_only_piece");
    assert_eq!(err(&pos, &r, "TP-10h*9g-10f*11e"), "no_such_piece");
}

#[test]
fn promoted_pieces_take_a_plus_and_the_origin_code() {
    let r = ko("profile=wikipedia");
    let pos = board(&r, "+MA@10r");
    let mv = check(&pos, &r, "10r10q", "+MA-10q");
    assert_eq!(parse_hodges(&pos, &r, "GV-10q"), Ok(mv));
    assert_eq!(err(&pos, &r, "MA-10q"), "no_such_piece");
    assert_eq!(err(&pos, &r, "+GV-10q"), "promoted_only_piece");
    // The commissar is both +PU and +VA: its own code names either.
    let pos = board(&r, "+PU@5m +VA@3m");
    let pu = check(&pos, &r, "5m4l", "+PU-4l");
    let va = check(&pos, &r, "3m4l", "+VA-4l");
    assert_eq!(
        parse_hodges(&pos, &r, "CO-4l"),
        Err(HodgesError::Ambiguous(vec!["3m".into(), "5m".into()]))
    );
    assert_eq!(parse_hodges(&pos, &r, "CO5m-4l"), Ok(pu));
    assert_eq!(parse_hodges(&pos, &r, "CO3m-4l"), Ok(va));
    // Other variants keep refusing promoted-only codes.
    let tai = rules_for("tai", "profile=wikipedia");
    let start = Position::start(&tai);
    assert_eq!(err(&start, &tai, "FF-12r"), "promoted_only_piece");
}

#[test]
fn start_point_only_where_the_code_is_ambiguous() {
    let r = ko("profile=wikipedia");
    // Both chariots reach 17i: 17n five points up its file, 12i five along its rank.
    let pos = board(&r, "CH@17n CH@12i");
    check(&pos, &r, "17n17i", "CH17n-17i");
    check(&pos, &r, "12i17i", "CH12i-17i");
    check(&pos, &r, "17n17m", "CH-17m");
    assert_eq!(
        parse_hodges(&pos, &r, "CH-17i"),
        Err(HodgesError::Ambiguous(vec!["12i".into(), "17n".into()]))
    );
}

#[test]
fn shots_in_place_name_the_shooter_and_its_targets() {
    let r = ko("shoot_timing=after_move_or_in_place");
    let pos = board(&r, "LB@17p p@17m");
    check(&pos, &r, "17p*17m", "LB*17m");
    check(&pos, &r, "17p18o", "LB-18o");
    // A second longbow that could shoot 17m in place (3 along rank m).
    let pos = board(&r, "LB@17p LB@14m p@17m");
    check(&pos, &r, "17p*17m", "LB17p*17m");
    check(&pos, &r, "14m*17m", "LB14m*17m");
    assert_eq!(err(&pos, &r, "LB*17m"), "ambiguous");
    assert_eq!(err(&pos, &r, "LB*17m-17o"), "malformed");
    // The Frankish cannon's two shots in place, in square order.
    let pos = board(&r, "FC@9p p@9i sh@4k");
    let both = check(&pos, &r, "9p*4k*9i", "FC*4k*9i");
    assert_eq!(parse_hodges(&pos, &r, "FC*9i*4k"), Ok(both));
    assert_eq!(parse_hodges(&pos, &r, "FC9p*4k*9i"), Ok(both));
    let r = ko("shoot_timing=instead_of_move");
    let pos = board(&r, "LB@17p p@17m");
    check(&pos, &r, "17p*17m", "LB*17m");
    assert_eq!(err(&pos, &r, "LB-18o*17m"), "unreachable");
}

#[test]
fn lines_and_paths_write_every_capture() {
    let r = ko("profile=wikipedia");
    // The flag waver (+BN) steps along its file and takes every enemy it steps on; its
    // machine text leaves the captures between its ends implied. The Taoist priest on 2s
    // keeps it from reverting.
    let pos = board(&r, "TP@2s +BN@10j p@10h p@10f");
    check(&pos, &r, "10j10f", "+BNx10hx10f");
    check(&pos, &r, "10j10g", "+BNx10h-10g");
    check(&pos, &r, "10j10e", "+BNx10hx10f-10e");
    check(&pos, &r, "10j10i", "+BN-10i");
    assert_eq!(err(&pos, &r, "+BNx10f"), "unreachable");
    // The thunderclap (+DR) taking 10i and 9i and ending on 9h: of its two paths
    // (10i 9i 9h, and 9j 9i 10i 10h 9h) the text lists 9i first, square order.
    let pos = board(&r, "TP@2s +DR@10j p@10i p@9i");
    let mv = check(&pos, &r, "10j9i10i9h", "+DRx9ix10i-9h");
    assert_eq!(parse_hodges(&pos, &r, "+DRx10ix9i-9h"), Ok(mv));
    check(&pos, &r, "10j10i", "+DRx10i");
}

/// Every legal move of `pos` has one Hodges text, the batch writer's equal to the one by
/// one writer's, that reads back as it. Returns the texts.
fn round_trip(pos: &Position, rules: &Rules) -> Vec<String> {
    let moves = legal_moves(pos, rules);
    let texts = format_hodges_all(pos, rules, &moves);
    let distinct: HashSet<&String> = texts.iter().collect();
    assert_eq!(distinct.len(), texts.len(), "two moves share a Hodges text");
    for (mv, text) in moves.iter().zip(&texts) {
        assert_eq!(text, &format_hodges(pos, rules, mv), "{mv:?}");
        assert_eq!(
            parse_hodges(pos, rules, text),
            Ok(*mv),
            "{text} {} in {}",
            format_move(rules.variant.shape(), mv),
            format_position_of(rules.variant, pos)
        );
    }
    texts
}

/// The part of a text before its first shot.
fn shot_at(text: &str) -> &str {
    text.split('*').next().unwrap_or(text)
}

#[test]
fn every_legal_move_of_random_ko_positions_round_trips() {
    let mut rng = Rng(0x4b0_4d6e);
    let mut texts: Vec<String> = Vec::new();
    for options in [
        "profile=wikipedia",
        "profile=qboard",
        "shoot_timing=after_move_or_in_place",
        "shoot_timing=instead_of_move passive_burn=any_arrivals",
    ] {
        let r = ko(options);
        for density in [30, 70, 140] {
            let mut pos = random_placement(&r, &mut rng, density);
            for _ply in 0..3 {
                texts.extend(round_trip(&pos, &r));
                let moves = legal_moves(&pos, &r);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())];
                pos.play_unchecked(&mv, &r);
            }
        }
    }
    let count = |f: &dyn Fn(&str) -> bool| texts.iter().filter(|t| f(t)).count();
    let in_place = count(&|t| t.contains('*') && !shot_at(t).contains(['-', 'x']));
    let shots = count(&|t| t.contains('*'));
    let igui = count(&|t| t.contains("x!"));
    let passes = count(&|t| t.contains("-!"));
    let multi = count(&|t| t.matches('x').count() >= 2);
    assert!(
        texts.len() > 5_000 && in_place > 20 && shots > 100 && igui > 10 && passes > 5 && multi > 20,
        "{} texts: {in_place} shots in place, {shots} with shots, {igui} igui, {passes} passes, {multi} with two captures",
        texts.len()
    );
}

#[test]
fn ko_moves_without_a_square_never_panic() {
    // A shot in place lists no square: its text, and the texts of other moves near it.
    let r = ko("shoot_timing=instead_of_move");
    // A second cannon on 4i sees 4k 2 down its file and 9i 5 along its rank.
    let pos = board(&r, "FC@9p FC@4i p@9i sh@4k");
    let texts = round_trip(&pos, &r);
    for text in ["FC9p*4k*9i", "FC4i*4k*9i", "FC9p*4k", "FC4i*9i"] {
        assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
    }
    let promo = legal_moves(&pos, &r).iter().any(|m| m.promo != Promo::None);
    assert!(!promo);
}
