//! Dai dai shogi (大大将棋, "very large chess", the research page "dai-dai"): the start
//! position's moves under each profile against the page's list (default profile) and lists
//! derived by hand from it (`tsa`, `japanese`); random games under each profile and other
//! option values, from the start and from random placements, where every listed move is
//! judged legal and every accepted text is listed (`check_position`), text round-trips,
//! the fast check test agrees with check by its definition, and the attack test agrees
//! with the protection map.

use crate::invariants::{attack_lookups_over, random_games_over};
use crate::support::rules_for;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use std::collections::BTreeSet;
use std::path::Path;

/// The start position's 58 moves under the default profile, as the page lists them
/// (`tests/data/dai-dai_start_divide1.txt`).
fn page_start_list() -> BTreeSet<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dai-dai_start_divide1.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let moves: Vec<String> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .flat_map(str::split_whitespace)
        .map(String::from)
        .collect();
    assert_eq!(moves.len(), 58, "the page lists 58 moves");
    let set: BTreeSet<String> = moves.into_iter().collect();
    assert_eq!(set.len(), 58, "the page lists each move once");
    set
}

/// The start position's legal moves under `profile`, in canonical text, each once.
fn start_list(profile: &str) -> BTreeSet<String> {
    let rules = rules_for("dai-dai", &format!("profile={profile}"));
    let moves = legal_moves(&Position::start(&rules), &rules);
    let set: BTreeSet<String> = moves
        .iter()
        .map(|m| format_move(rules.variant.shape(), m))
        .collect();
    assert_eq!(set.len(), moves.len(), "{profile}: a move listed twice");
    set
}

/// Divide(1) from the start under the default profile is the page's list of 58 moves.
#[test]
fn start_moves_of_the_default_profile_are_the_page_list() {
    assert_eq!(start_list("wikipedia"), page_start_list());
}

/// The other profiles' start moves, derived by hand from the page's list and the override
/// rows of dai-dai.md (setup squares from its "Setup" section):
/// - `tsa` (58): the lion dog on 3p is a plain 1-3 range piece (`lion_dog = range3`), still
///   reaching 3o (3n holds an own southern barbarian) but no longer passing; the lion on 15p
///   still passes, so the one pass is written through the lion and its first empty
///   neighbour, 15o (notation.md): `15p15o15p` for `3p3o3p`. The free demon (12q) and the
///   free dream-eater (7q) stand on the last rank, so their backward diagonals add nothing;
///   the neighbor king's missing step back (9p to 9q) was onto its own king.
/// - `japanese` (62): the poisonous snake on 2p now moves `slide2(f,side) step(fdiag,b)`:
///   2o (own bishop), 1p and 3p (own reverse chariot, lion dog) are blocked, but the steps
///   to the empty 1o and 3o are new; the great dragon on 9o jumps to the 2nd and 3rd square
///   sideways, 7o and 11o empty (6o, 12o own pieces), with nothing else (its sideways range
///   stops at the silvers on 8o and 10o, its vertical and backward diagonal moves at the
///   own pieces on 9n, 9p, 8p, 10p); the eastern barbarian on 4n steps right onto its own
///   southern barbarian on 3n and ranges onto 4m and 4o, its own pieces: no move, as before.
#[test]
fn start_moves_of_tsa_and_japanese_follow_the_page_list() {
    let page = page_start_list();
    let mut tsa = page.clone();
    assert!(tsa.remove("3p3o3p"));
    tsa.insert("15p15o15p".to_string());
    assert_eq!(tsa.len(), 58);
    assert_eq!(start_list("tsa"), tsa);
    let mut japanese = page;
    for m in ["2p1o", "2p3o", "9o7o", "9o11o"] {
        assert!(japanese.insert(m.to_string()), "{m} is new");
    }
    assert_eq!(japanese.len(), 62);
    assert_eq!(start_list("japanese"), japanese);
}

/// The option sets played: the three profiles, then every option value that is not its
/// profile's default, a few at a time.
const OPTION_SETS: &[&str] = &[
    "profile=wikipedia",
    "profile=tsa",
    "profile=japanese",
    "promotion_trigger=capture_of_promoted furious_fiend=lion_or_range3 great_elephant=lion_dog_power",
    "lion_dog=range3 great_dragon=ja poisonous_snake=ja eastern_barbarian=ja repetition=no_repeat",
    "profile=tsa lion_dog=lion_dog great_elephant=lion_dog_power repetition=fourfold_no_contest",
    "profile=japanese free_demon_diagonals=all neighbor_king=no_back promotion_trigger=capture_of_promoted",
];

#[test]
fn dai_dai_random_games() {
    let (plies, moves, promotions) = random_games_over(
        "dai-dai",
        OPTION_SETS,
        (0xda1_da1, 17, 700),
        (120, 3),
        (&[20, 80], 40, 2),
        |_, _| {},
        |pos, rules, mv| {
            let mut after = pos.clone();
            let effects = after.play(mv, rules);
            let mut fast = pos.clone();
            fast.play_unchecked(mv, rules);
            assert_eq!(after, fast, "play and play_unchecked differ");
            (after, effects.face_after != effects.face_before)
        },
    );
    assert!(
        plies >= 1_000 && moves > 20_000 && promotions >= 20,
        "only {plies} plies, {moves} moves checked, {promotions} promotions"
    );
}

#[test]
fn dai_dai_attacks_agree_with_the_protection_map() {
    assert!(attack_lookups_over("dai-dai", OPTION_SETS, &[15, 50, 120], 0xda1_a77) > 2000);
}
