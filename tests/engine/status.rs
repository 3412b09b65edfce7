//! Check, mate and stalemate on hand-built positions (tai.md "Royals, check, mate, end of
//! the game"); each expectation is reasoned in its comment.

use crate::support::{position, tai_rules, try_position, Rng};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::game::{outcome, Outcome};
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::rules::check::{checking_moves, in_check};

#[test]
fn a_threat_to_one_of_two_royals_is_not_check() {
    let rules = tai_rules("");
    // The White rook on 24a runs down the empty file 24 to Black's prince on 24y; Black's
    // emperor on 13y is untouched: one royal would survive, so no check.
    let pos = position(&rules, "E@13y CP@24y r@24a e@1a", 'b');
    assert!(!in_check(&pos, &rules, Color::Black));
    // Without the emperor the prince is Black's only royal: check, by the rook.
    let pos = position(&rules, "CP@24y r@24a e@1a", 'b');
    assert!(in_check(&pos, &rules, Color::Black));
    // The rook's capture promotes it (en table: rook -> gold); White's emperor may take
    // the prince too, since no Black piece could recapture on 24y.
    let mut texts: Vec<String> = checking_moves(&pos, &rules, Color::Black)
        .iter()
        .map(|m| format_move(rules.variant.shape(), m))
        .collect();
    texts.sort();
    assert_eq!(texts, vec!["1a24y", "24a24y+"]);
}

#[test]
fn a_lion_threatening_both_royals_at_once_is_check() {
    let rules = tai_rules("");
    // The lion on 13k can capture the emperor on 13l and step on to capture the prince
    // on 13m in one move.
    let pos = position(&rules, "E@13l CP@13m ln@13k e@1a", 'b');
    assert!(in_check(&pos, &rules, Color::Black));
    let texts: Vec<String> = checking_moves(&pos, &rules, Color::Black)
        .iter()
        .map(|m| format_move(rules.variant.shape(), m))
        .collect();
    assert_eq!(texts, vec!["13k13l13m+"]);
}

#[test]
fn a_hook_mover_mates_a_lone_prince_in_the_corner() {
    let rules = tai_rules("");
    // The hook mover on 3w reaches 1y, 2y, 1x and 2x by turning at the empty 3x or 3y:
    // the prince on 1y is in check and every square it can step to is covered.
    let pos = position(&rules, "CP@1y hm@3w e@25a", 'b');
    assert_eq!(
        outcome(&pos, &rules),
        Outcome::Checkmate {
            winner: Color::White
        }
    );
    // A Black rook on 3a can take the hook mover down the open file 3: no mate.
    let pos = position(&rules, "CP@1y R@3a hm@3w e@25a", 'b');
    assert_eq!(outcome(&pos, &rules), Outcome::Ongoing { in_check: true });
}

#[test]
fn no_legal_move_is_stalemate_and_loses() {
    let rules = tai_rules("");
    // The prince on 1a is boxed in by its own pieces, none of which can move: pawns on
    // the last rank, stone generals whose forward-diagonal steps land on friends or off
    // the board.
    let pos = position(&rules, "CP@1a P@2a P@3a SG@1b SG@2b e@25y", 'b');
    assert_eq!(
        outcome(&pos, &rules),
        Outcome::Stalemate {
            winner: Color::White
        }
    );
}

#[test]
fn a_side_without_royals_has_lost() {
    let rules = tai_rules("");
    let pos = position(&rules, "G@13m e@1a", 'w');
    assert_eq!(
        outcome(&pos, &rules),
        Outcome::RoyalsCaptured {
            winner: Color::White
        }
    );
}

/// The fast search for moves that take every royal (only multi-capture pieces near the
/// royals) finds exactly the moves the definition finds, on random crowded positions
/// built around two or three royals with lions, lion dogs and linear lions close by.
#[test]
fn checking_moves_agree_with_the_definition_around_clustered_royals() {
    use shogi_arbiter::engine::rules::check::checking_moves_by_definition;
    let rules = tai_rules("");
    let mut rng = Rng(0xc4ec_0001);
    let multi = ["ln", "ld", "se", "hf"];
    let others = [
        "p", "g", "s", "c", "r", "b", "q", "gb", "do", "hm", "lo", "ca", "pc", "wb", "sb", "N",
        "P", "G", "S", "R", "Q", "DK", "HM",
    ];
    let (mut positions, mut in_check_seen) = (0, 0);
    while positions < 800 {
        let (cx, cy) = (3 + rng.below(19) as i32, 3 + rng.below(19) as i32);
        let name = |x: i32, y: i32| format!("{}{}", x + 1, (b'a' + y as u8) as char);
        let mut used = std::collections::HashSet::new();
        let mut placements = Vec::new();
        let mut put = |code: &str, x: i32, y: i32, placements: &mut Vec<String>| {
            if (0..25).contains(&x) && (0..25).contains(&y) && used.insert((x, y)) {
                placements.push(format!("{code}@{}", name(x, y)));
            }
        };
        // Two or three Black royals next to each other.
        put("E", cx, cy, &mut placements);
        put("CP", cx + 1, cy, &mut placements);
        if rng.below(3) == 0 {
            put("+DE", cx, cy + 1, &mut placements);
        }
        // White's emperor far away; multi-capture pieces within three squares.
        put("e", 0, 0, &mut placements);
        for _ in 0..1 + rng.below(4) {
            let (dx, dy) = (rng.below(7) as i32 - 3, rng.below(7) as i32 - 3);
            put(
                multi[rng.below(multi.len())],
                cx + dx,
                cy + dy,
                &mut placements,
            );
        }
        for _ in 0..rng.below(30) {
            let (x, y) = (rng.below(25) as i32, rng.below(25) as i32);
            put(others[rng.below(others.len())], x, y, &mut placements);
        }
        let Ok(pos) = try_position(&rules, &placements.join(" "), 'w') else {
            continue;
        };
        positions += 1;
        let sorted = |mut v: Vec<_>| {
            v.sort();
            v
        };
        let fast = sorted(checking_moves(&pos, &rules, Color::Black));
        let slow = sorted(checking_moves_by_definition(&pos, &rules, Color::Black));
        assert_eq!(fast, slow, "position {}", placements.join(" "));
        if !slow.is_empty() {
            in_check_seen += 1;
        }
    }
    // The test bites: about one position in ten is check (85 of 800 with this seed).
    assert!(
        in_check_seen > 60,
        "only {in_check_seen} positions in check"
    );
}

#[test]
fn escapes_from_a_lion_double_threat() {
    use shogi_arbiter::engine::rules::check::escapes;
    let rules = tai_rules("");
    // Emperor and prince under the lion's double threat (fixture "lion double threat to
    // emperor and prince is check, not mate"): the emperor's jump to any empty square
    // away from the lion escapes, e.g. to 1a; so does the emperor's capture of the
    // unprotected lion.
    let pos = position(&rules, "E@13l CP@13m ln@13k cp@25a", 'b');
    let texts: Vec<String> = escapes(&pos, &rules)
        .iter()
        .map(|m| format_move(rules.variant.shape(), m))
        .collect();
    assert!(texts.contains(&"13l1a".to_string()), "{texts:?}");
    assert!(texts.contains(&"13l13k".to_string()), "{texts:?}");
    // Two princes boxed in a corner under the lion dog (fixture "lion dog double capture
    // mates two princes"): no move escapes.
    let pos = position(&rules, "CP@1y +DE@1x P@2w P@2x P@2y ld@1v cp@25a", 'b');
    assert!(in_check(&pos, &rules, Color::Black));
    assert_eq!(escapes(&pos, &rules), vec![]);
}

/// A replayed move list reads Hodges text as it reads machine text; text that names no
/// move stops the replay with no ruling, a rule breach with the ruling that it loses
/// (api.md job 3, settled 2026-11-28).
#[test]
fn a_move_list_reads_hodges_text_and_unreadable_text_is_no_ruling() {
    use shogi_arbiter::engine::core::ending::{EndReason, GameResult};
    use shogi_arbiter::engine::game::replay;
    let rules = tai_rules("");
    let (game, stop) = replay(&rules, None, &["P-13r", "13g13h", "P-13q"]).unwrap();
    assert_eq!(stop, None);
    assert_eq!(game.plies(), 3);
    // Black's pawn on 13r steps to the empty 13q: its `x` marks no capture, a typo.
    let (game, stop) = replay(&rules, None, &["P-13r", "P-13h", "Px13q"]).unwrap();
    let stop = stop.expect("stopped");
    assert_eq!((stop.index, stop.reason.code()), (2, "capture_mark_wrong"));
    assert!(stop.reason.is_unreadable() && stop.reason.hint().is_some());
    assert_eq!(game.ruling_on_illegal(&stop.reason), None);
    assert_eq!(game.status().ending, None);
    // The pawn cannot go two squares: a rule breach, lost by Black.
    let (game, stop) = replay(&rules, None, &["P-13r", "P-13h", "P-13p"]).unwrap();
    let stop = stop.expect("stopped");
    assert_eq!(stop.reason.code(), "unreachable");
    assert!(!stop.reason.is_unreadable() && stop.reason.hint().is_none());
    let ruling = game.ruling_on_illegal(&stop.reason).expect("a ruling");
    assert_eq!(ruling.result, GameResult::Win(Color::White));
    assert_eq!(ruling.reason, EndReason::IllegalMove);
}
