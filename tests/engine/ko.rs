//! Ko shogi (広将棋, the research page "ko") beyond its vectors: random games under both
//! profiles and option values no profile has, checking at every checked position that every
//! listed move is judged legal and every accepted text is listed, that position and move
//! text round-trip, and at every ply that a move's effects (captures, shots, burns,
//! promotions, the clerk's side effects, reversions) agree with the position after it and
//! that no frozen piece has a move.

use crate::invariants::random_games_over;
use shogi_arbiter::engine::core::moves::{Cause, Change, Effects, Move, Promo, Promotion, Removal};
use shogi_arbiter::engine::core::piece::Piece;
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::parse_valid_position;
use shogi_arbiter::engine::position::route_board::RouteBoard;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::rules::legality::check_move;
use shogi_arbiter::engine::variant::Rules;
use std::collections::BTreeMap;

/// The option sets played: the two profiles, then every value of every option that neither
/// profile has, a few at a time.
const OPTION_SETS: &[&str] = &[
    "profile=wikipedia",
    "profile=qboard",
    "shoot_timing=after_move_or_in_place shooter_displacement_capture=false frankish_shots=1 fog_shot_protection=shooter_zone",
    "shoot_timing=instead_of_move passive_burn=any_arrivals net_immobilize=all_enemies_until_blocked zone_promotion=compulsory",
    "passive_burn=none net_immobilize=none zone_trigger=entering_only capture_promotion_by_shot=true drum_capture_promotes=false",
    "clerk_guard_precondition=any_promoted_guard_in_camp thunderclap_steps=exactly_5_no_revisit cavalry_second_jump=first_leg_empty_only priest_loss_trigger=unpromoted_priest_displaced_only",
    "clerk_guard_precondition=all_guards_in_camp fog_light_line_of_sight=true pawn_drum_link=unpromoted_drum_not_captured banner_survival_includes_flag_waver=true",
    "priest_family_capture=same_type_only allow_pass=false setup_pawn_row=8P_1PU mate_ends_game=false",
];

/// Every piece of `pos` by square.
fn pieces(pos: &Position) -> BTreeMap<Square, Piece> {
    let mut out = BTreeMap::new();
    for color in [pos.side(), pos.side().opponent()] {
        for sq in pos.occupied(color).iter() {
            out.insert(sq, pos.piece_at(sq).expect("occupied"));
        }
    }
    out
}

/// Plays `mv` and checks its effects against the boards before and after: every square
/// the effects do not name is unchanged; removed pieces are gone (a capture on the final
/// point is replaced by the mover); the mover stands on its final point as the face the
/// effects give, unless it burned; the shots are the move's targets; reversions and the
/// clerk's promotions change only the face, and only the way they say.
fn play_checked(pos: &Position, rules: &Rules, mv: &Move) -> (Position, bool) {
    let mut after = pos.clone();
    let e: Effects = after.play(mv, rules);
    let captures = e.captures();
    let shots = e.removed(Removal::Shot);
    let burned = e.removed(Removal::Burn);
    let flames_removed = e.removed(Removal::ClerkPromotion);
    let self_burned = e.self_burned();
    let clerk_promoted = e.changed(Change::ClerkPromotion);
    let reverted = e.changed(Change::Reversion);
    let loser = e.loser;
    let before = pieces(pos);
    let now = pieces(&after);
    let mut expected = before.clone();
    let mover = expected.remove(&mv.from).expect("the mover");
    assert_eq!(mover.face, e.face_before);
    for &(sq, piece) in captures
        .iter()
        .chain(&shots)
        .chain(&burned)
        .chain(&flames_removed)
    {
        assert_eq!(expected.remove(&sq), Some(piece), "removed {sq:?}");
    }
    let to = mv.to();
    match self_burned {
        Some((sq, piece)) => {
            assert_eq!(sq, to);
            assert_eq!(piece.face, mover.face, "a burned mover never promotes");
            assert_eq!(e.promotion, Promotion::None);
        }
        None => {
            expected.insert(
                to,
                Piece {
                    color: mover.color,
                    face: e.face_after,
                },
            );
        }
    }
    for &(sq, piece) in clerk_promoted.iter().chain(&reverted) {
        let old = expected
            .insert(sq, piece)
            .expect("a changed piece was there");
        assert_eq!((old.color, old.kind()), (piece.color, piece.kind()));
        assert_ne!(old.face, piece.face);
    }
    for &(sq, piece) in &reverted {
        assert!(
            !piece.face.promoted(),
            "{sq:?} reverted to an unpromoted side"
        );
    }
    assert_eq!(now, expected, "the board after the move's effects");
    let mut shot: Vec<Square> = shots.iter().map(|&(s, _)| s).collect();
    let mut targets = mv.shots().to_vec();
    shot.sort_unstable();
    targets.sort_unstable();
    assert_eq!(shot, targets, "the shots are the move's targets");
    match mv.promo {
        Promo::Promote if self_burned.is_none() => {
            assert!(e.face_after.promoted() && !e.face_before.promoted());
        }
        _ => assert!(self_burned.is_some() || e.face_after == e.face_before),
    }
    let lost = loser;
    assert_eq!(lost.is_some(), after.is_terminal(), "the loss condition");
    let showed = !shots.is_empty()
        || !burned.is_empty()
        || self_burned.is_some()
        || !reverted.is_empty()
        || !clerk_promoted.is_empty();
    (after, showed)
}

/// No frozen piece of the side to move has a legal move (ko.md §4.4).
fn frozen_pieces_stay(pos: &Position, rules: &Rules) {
    let ko = rules.routes.as_ref().expect("ko rules");
    let frozen = RouteBoard::read(pos, rules, ko).frozen[pos.side().index()];
    for m in legal_moves(pos, rules) {
        assert!(!frozen.contains(m.from), "frozen {:?} moves", m.from);
    }
}

#[test]
fn ko_random_games() {
    let (plies, moves, shown) = random_games_over(
        "ko",
        OPTION_SETS,
        (0x6b0_5e1d, 71, 900),
        (150, 6),
        (&[25, 60, 110], 60, 3),
        frozen_pieces_stay,
        play_checked,
    );
    assert!(
        plies >= 2_000 && moves > 50_000 && shown >= 30,
        "only {plies} plies, {moves} moves checked, {shown} moves with shots, burns or reversions"
    );
}

/// The events of a played move come in ko.md §3's order: a shot between legs (step 1)
/// before the fog's passive burn (step 2); the pieces an active burn removes in
/// file-then-rank order (rows K44-1 and V19-1 of the rule vectors).
#[test]
fn effects_list_events_in_the_pages_order() {
    let rules = Rules::default_for(shogi_arbiter::engine::variant::ko());
    let shape = rules.variant.shape();
    let events = |position: &str, text: &str| {
        let mut pos = parse_valid_position(&rules, position).expect("a valid position");
        let mv = check_move(&pos, &rules, text).expect("a legal move");
        let e = pos.play(&mv, &rules);
        e.events
            .iter()
            .map(|ev| (shape.name(ev.square).to_string(), ev.cause))
            .collect::<Vec<_>>()
    };
    let removed = |sq: &str, why: Removal| (sq.to_string(), Cause::Removed(why));
    assert_eq!(
        events(
            "9,g,9/19/19/19/8,+en,10/19/10,p,8/11,P,7/19/9,+TP,9/19/19/19/19/19/19/19/19/9,G,9 b - 1",
            "10j10h*9g10f"
        ),
        [removed("9g", Removal::Shot), removed("10f", Removal::SelfBurn)]
    );
    assert_eq!(
        events(
            "9,g,9/19/19/19/19/19/19/19/9,p,p,8/19/8,P,+EN,9/19/19/19/19/19/19/19/9,G,9 b - 1",
            "10k10j"
        ),
        [
            removed("9i", Removal::Burn),
            removed("10i", Removal::Burn),
            removed("11k", Removal::Burn)
        ]
    );
}
