//! Tenjiku shogi over random games (tenjiku.md): under each profile and random option
//! values, from the start and from random placements, every listed move is judged legal
//! and every accepted text is listed (`check_position`), text round-trips, the effects of
//! each move (captures, burns, the mover's own burn, lost royals) agree with the position
//! after it, the fast check test agrees with check by its definition (some opponent move
//! leaves no royal, burns counted), and the attack test agrees with the protection map.

use crate::invariants::{attack_lookups_over, random_games_over};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::Removal;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;

/// The option sets played: the three profiles, then every value of every option that is
/// not its profile's default, a few at a time.
const OPTION_SETS: &[&str] = &[
    "profile=wikipedia",
    "profile=tsa",
    "profile=hachu",
    "range_jump=always jump_capture_victim=lower_rank fire_demon_range=vertical",
    "area_moves=false lion_hawk=bishop_area2 free_eagle=evans heavenly_tetrarch=no_vertical",
    "free_eagle=queen heavenly_tetrarch=chariot_soldier water_buffalo_burns_on_promotion=false",
    "promotion_right=zone_contact last_rank=must_promote both_royals_lost=draw",
    "last_rank=no_second_chance both_royals_lost=illegal repetition=no_repeat",
    "profile=tsa range_jump=always jump_capture_victim=any lion_hawk=bishop_lion",
    "profile=hachu area_moves=true water_buffalo_burns_on_promotion=true repetition=fourfold_no_contest",
];

/// Plays `mv` and checks that its effects agree with the position after it; returns the
/// position after and whether the move burned anything.
fn play_checked(
    pos: &Position,
    rules: &Rules,
    mv: &shogi_arbiter::engine::core::moves::Move,
) -> (Position, bool) {
    let mut after = pos.clone();
    let effects = after.play(mv, rules);
    let captures = effects.captures();
    let burns = effects.removed(Removal::Burn);
    let self_burned = effects.self_burned();
    let royals_lost = effects.royals_lost();
    let mut fast = pos.clone();
    fast.play_unchecked(mv, rules);
    assert_eq!(after, fast, "play and play_unchecked differ");
    let count = |p: &Position| p.occupied(Color::Black).count() + p.occupied(Color::White).count();
    let removed = captures.len() + burns.len() + usize::from(self_burned.is_some());
    assert_eq!(count(pos) - count(&after), removed as u32, "{mv:?}");
    assert_eq!(
        burns,
        pos.burn_victims(mv, rules)
            .iter()
            .map(|&s| (s, pos.piece_at(s).unwrap()))
            .collect::<Vec<_>>()
    );
    assert_eq!(self_burned.is_some(), pos.self_burned(mv, rules));
    for &(sq, _) in captures.iter().chain(&burns) {
        assert!(
            after.cell(sq).is_empty() || sq == mv.to(),
            "{mv:?} left {sq:?} occupied"
        );
    }
    if let Some((sq, _)) = self_burned {
        assert!(
            after.cell(sq).is_empty(),
            "a burned mover stays on the board"
        );
        assert!(burns.is_empty(), "a burned demon burns nothing");
    } else {
        assert!(
            after.cell(mv.to()).is_color(pos.side()),
            "the mover is on its final square"
        );
    }
    if effects.pass {
        assert!(
            burns.is_empty() && self_burned.is_none(),
            "a pass burns nothing"
        );
    }
    // A drunk elephant promoting to crown prince adds a royal (tenjiku.md §3).
    let royals = |p: &Position| p.royal_count(Color::Black) + p.royal_count(Color::White);
    let new_royal = self_burned.is_none()
        && rules.face(effects.face_after).royal
        && !rules.face(effects.face_before).royal;
    assert_eq!(
        royals(pos) + u16::from(new_royal),
        royals(&after) + royals_lost.len() as u16,
        "{mv:?}"
    );
    let burned = !burns.is_empty() || self_burned.is_some();
    (after, burned)
}

#[test]
fn tenjiku_random_games() {
    let (plies, moves, burns) = random_games_over(
        "tenjiku",
        OPTION_SETS,
        (0x07e4_11c0, 31, 900),
        (120, 3),
        (&[16, 60], 40, 2),
        |_, _| {},
        play_checked,
    );
    assert!(
        plies >= 1_000 && moves > 20_000 && burns >= 20,
        "only {plies} plies, {moves} moves checked, {burns} burning moves"
    );
}

#[test]
fn tenjiku_attacks_agree_with_the_protection_map() {
    assert!(attack_lookups_over("tenjiku", OPTION_SETS, &[12, 40, 100], 0xa7_7e41) > 2000);
}
