//! Maka dai dai shogi over random games (maka-dai-dai.md): under each profile and option
//! sets that between them hold every value of every option, from the start and from random
//! placements, every listed move is judged legal and every accepted text is listed
//! (`check_position`, which also round-trips position and move text) and every Hodges
//! text reads back as its move; the effects of each
//! move agree with the position after it (captures removed, the mover on its final square
//! as the face the effects name, royals counted); what the move did to its piece follows
//! the page's promotion rules (contagion from the last contagious victim unless the
//! capturer is exempt, the king's promotion to emperor, promoted pieces never promoting
//! again); the position kept up move by move equals the same board rebuilt from scratch
//! (the emperors' and royals' squares follow a king that became an emperor); and the fast
//! check test agrees with check by its definition.

use crate::invariants::{attack_lookups_over, random_games_over};
use crate::support::rules_for;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::moves::{Move, Promo, Promotion};
use shogi_arbiter::engine::core::piece::FaceId;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{format_hodges, format_hodges_all, parse_hodges};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;

/// The option sets played: the three profiles, then every value of every option that no
/// profile has, a few at a time.
const OPTION_SETS: &[&str] = &[
    "profile=wikipedia",
    "profile=tsa",
    "profile=cvp",
    "contagion=royals_and_elephant_exempt emperor_capture=unrestricted free_bear=knight",
    "contagion=off furious_fiend=lion_or_range3 great_dragon=ja lion_dog_jump_back=true",
    "profile=cvp contagion=royals_and_elephant_exempt guardian_of_the_gods=all_diagonals",
    "profile=tsa repetition=fourfold_no_contest promotion_trigger=capture_of_promoted",
    "repetition=no_repeat emperor_capture=unprotected donkey=evans",
];

/// What a capturer of the pieces on `captured` (in order) with face `mover` becomes by
/// contagion under the page's rules: the promoted side of the last contagious victim,
/// unless contagion is off or the capturer is exempt (a royal; under
/// `royals_and_elephant_exempt` also a piece whose promoted side is royal).
fn contagion_by_the_page(
    pos: &Position,
    rules: &Rules,
    mover: FaceId,
    mv: &Move,
) -> Option<FaceId> {
    let rule = rules.face(mover);
    let promotes_to_royal = rule.promotes_to.is_some_and(|p| rules.face(p).royal);
    let exempt = match rules.value("contagion") {
        Some("off") => return None,
        Some("royals_and_elephant_exempt") => rule.royal || promotes_to_royal,
        other => {
            assert_eq!(other, Some("royals_exempt"));
            rule.royal
        }
    };
    if exempt {
        return None;
    }
    let (captured, n) = pos.captures(mv);
    captured[..n].iter().rev().find_map(|&s| {
        let victim = rules.face(pos.cell(s).face_unchecked());
        // The contagious kinds: the deva and dark spirit and their promoted sides.
        let code = &rules.variant.kind(victim.moves_as).code;
        match code.as_str() {
            "DV" | "TK" => rules.variant.kind_by_code("DV").map(|k| k.face(true)),
            "DS" | "BS" => rules.variant.kind_by_code("DS").map(|k| k.face(true)),
            _ => None,
        }
    })
}

/// Plays `mv` and checks its effects against the position after it and the page's
/// promotion rules; returns the position after and whether the move promoted by contagion
/// or made an emperor.
fn play_checked(pos: &Position, rules: &Rules, mv: &Move) -> (Position, bool, bool) {
    let mut after = pos.clone();
    let effects = after.play(mv, rules);
    let mut fast = pos.clone();
    fast.play_unchecked(mv, rules);
    assert_eq!(after, fast, "play and play_unchecked differ");
    let rebuilt = Position::from_setup(&after.to_setup(rules.variant), rules)
        .expect("a played position is valid");
    assert_eq!(
        rebuilt, after,
        "{mv:?}: the position kept move by move differs from the same board rebuilt"
    );
    let count = |p: &Position| p.occupied(Color::Black).count() + p.occupied(Color::White).count();
    assert_eq!(
        count(pos) - count(&after),
        effects.captures().len() as u32,
        "{mv:?}"
    );
    let (captured, n) = pos.captures(mv);
    assert_eq!(
        effects.captures().iter().map(|c| c.0).collect::<Vec<_>>(),
        captured[..n].to_vec(),
        "captures in order"
    );
    for &(sq, _) in &effects.captures() {
        assert!(
            after.cell(sq).is_empty() || sq == mv.to(),
            "{mv:?} left {sq:?}"
        );
    }
    let mover = pos.cell(mv.from).face_unchecked();
    assert_eq!(effects.face_before, mover);
    let landed = after.cell(mv.to());
    assert!(
        landed.is_color(pos.side()),
        "the mover is on its final square"
    );
    assert_eq!(landed.face_unchecked(), effects.face_after);
    // What the move did to its piece, from the page.
    let by_contagion = contagion_by_the_page(pos, rules, mover, mv);
    let rule = rules.face(mover);
    match by_contagion {
        Some(face) => {
            assert_eq!(effects.promotion, Promotion::Contagion, "{mv:?}");
            assert_eq!(
                effects.face_after, face,
                "the last contagious victim decides"
            );
            assert_eq!(mv.promo, Promo::Promote, "contagion is written `+`");
        }
        None if n == 0 || rule.promotes_to.is_none() => {
            assert_eq!(effects.face_after, mover, "{mv:?}: no promotion");
            assert_eq!(mv.promo, Promo::None, "{mv:?}: no mark");
        }
        None => {
            let promoted_victim = captured[..n]
                .iter()
                .any(|&s| pos.cell(s).face_unchecked().promoted());
            let compulsory =
                rules.value("promotion_trigger") == Some("any_capture") || promoted_victim;
            match effects.promotion {
                Promotion::Compulsory => assert!(compulsory, "{mv:?}"),
                Promotion::Chosen | Promotion::Declined => assert!(!compulsory, "{mv:?}"),
                other => panic!("{mv:?}: promotion {other:?} on a capture"),
            }
            let promoted = effects.promotion != Promotion::Declined;
            let expected = if promoted { rule.promotes_to } else { None };
            assert_eq!(effects.face_after, expected.unwrap_or(mover), "{mv:?}");
        }
    }
    let became_emperor = !rules.face(mover).compiled[pos.side().index()].emperor
        && rules.face(effects.face_after).compiled[pos.side().index()].emperor;
    if became_emperor {
        assert!(after.emperors(pos.side()).contains(mv.to()));
        assert!(after.royal_squares(pos.side()).contains(mv.to()));
    }
    // A drunk elephant promoting to prince adds a royal; a king becoming an emperor stays
    // one.
    let royals = |p: &Position| p.royal_count(Color::Black) + p.royal_count(Color::White);
    let new_royal = rules.face(effects.face_after).royal && !rules.face(mover).royal;
    assert_eq!(
        royals(pos) + u16::from(new_royal),
        royals(&after) + effects.royals_lost().len() as u16,
        "{mv:?}"
    );
    let contagion = effects.promotion == Promotion::Contagion;
    (after, contagion, became_emperor)
}

/// Every listed move's Hodges text (the batch writer's, equal to the one-by-one writer's)
/// is distinct and reads back as the move.
pub(crate) fn hodges_round_trip(pos: &Position, rules: &Rules) {
    let moves = legal_moves(pos, rules);
    let batch = format_hodges_all(pos, rules, &moves);
    let distinct: std::collections::HashSet<&String> = batch.iter().collect();
    assert_eq!(distinct.len(), batch.len(), "two moves share a Hodges text");
    for (mv, text) in moves.iter().zip(&batch) {
        assert_eq!(text, &format_hodges(pos, rules, mv));
        assert_eq!(parse_hodges(pos, rules, text), Ok(*mv), "{text}");
    }
}

#[test]
fn maka_random_games() {
    let mut emperors = 0;
    let (plies, moves, contagions) = random_games_over(
        "maka-dai-dai",
        OPTION_SETS,
        (0x3a4a_da1d, 41, 700),
        (80, 4),
        (&[20, 45, 70, 120], 60, 2),
        hodges_round_trip,
        |pos, rules, mv| {
            let (after, contagion, emperor) = play_checked(pos, rules, mv);
            emperors += usize::from(emperor);
            (after, contagion)
        },
    );
    assert!(
        plies >= 1_500 && moves > 100_000 && contagions >= 10 && emperors >= 5,
        "only {plies} plies, {moves} moves checked, {contagions} contagions, {emperors} new emperors"
    );
}

/// The page's claims about its piece rows, held against the data: the setup has 96 pieces
/// a side of 50 kinds; every piece the two games share moves as tai.pieces' default row
/// except the furious fiend, the Guardian of the Gods and the free bear, whose tai
/// readings are maka's override values `lion_or_range3`, `all_diagonals` and `knight`; the
/// single promotion table equals tai's `ja` column for every shared piece that stands on
/// the board (the promoted-only kinds never promote); the king
/// promotes to the emperor, a royal, promoted-only kind that moves as an emperor.
#[test]
fn maka_rows_are_tais_where_the_page_says_so() {
    let maka = shogi_arbiter::engine::variant::maka_dai_dai();
    let tai = shogi_arbiter::engine::variant::tai();
    let rules = rules_for("maka-dai-dai", "");
    let start = Position::start(&rules);
    let mut kinds = std::collections::BTreeSet::new();
    for color in Color::ALL {
        assert_eq!(start.occupied(color).count(), 96, "{color:?}");
        for sq in start.occupied(color).iter() {
            kinds.insert(start.cell(sq).face_unchecked().kind());
        }
    }
    assert_eq!(kinds.len(), 50);
    assert_eq!(maka.kinds.len(), 50 + 26);
    let same = |a: &shogi_arbiter::engine::movement::Movement,
                b: &shogi_arbiter::engine::movement::Movement| {
        a.components.iter().all(|c| b.components.contains(c))
            && b.components.iter().all(|c| a.components.contains(c))
    };
    let ja = tai
        .options
        .iter()
        .find(|o| o.name == "promotion_table")
        .and_then(|o| o.values.iter().position(|v| v == "ja"))
        .expect("tai's ja table");
    let mut shared = 0;
    for kind in &maka.kinds {
        let Some(t) = tai.kind_by_code(&kind.code) else {
            assert!(["K", "SF"].contains(&kind.code.as_str()), "{}", kind.code);
            continue;
        };
        shared += 1;
        let tai_kind = tai.kind(t);
        let reading = match kind.code.as_str() {
            "FF" => Some("furious_fiend=lion_or_range3"),
            "GG" => Some("guardian_of_the_gods=all_diagonals"),
            "FBR" => Some("free_bear=knight"),
            _ => None,
        };
        match reading {
            None => assert!(same(&kind.movement, &tai_kind.movement), "{}", kind.code),
            Some(option) => {
                assert!(!same(&kind.movement, &tai_kind.movement), "{}", kind.code);
                let with = rules_for("maka-dai-dai", option);
                let id = maka.kind_by_code(&kind.code).expect("a maka code");
                assert!(
                    same(&with.face(id.face(false)).movement, &tai_kind.movement),
                    "{} under {option}",
                    kind.code
                );
            }
        }
        let code_of = |v: &shogi_arbiter::engine::variant::Variant, k: Option<_>| {
            k.map(|k| v.kind(k).code.clone())
        };
        // A promoted-only kind is a promoted side, which never promotes again (tai's
        // great dragon and golden bird, say, stand on its board and promote there).
        let expected = if kind.promoted_only {
            None
        } else {
            code_of(tai, tai_kind.promotes[ja].1)
        };
        assert_eq!(
            code_of(maka, kind.promotes[0].1),
            expected,
            "{}: the promotion table is tai's ja column",
            kind.code
        );
    }
    assert_eq!(shared, 76 - 2);
    let king = maka.kind_by_code("K").expect("the king");
    let emperor = rules.face(king.face(true));
    assert!(emperor.exists && emperor.royal && emperor.promoted);
    assert_eq!(maka.kind(emperor.moves_as).code, "E");
    assert!(maka.kind(emperor.moves_as).promoted_only);
    assert!(emperor.compiled[0].emperor && emperor.compiled[1].emperor);
}

#[test]
fn maka_attacks_agree_with_the_protection_map() {
    assert!(attack_lookups_over("maka-dai-dai", OPTION_SETS, &[12, 40, 100], 0x3a4a_a77c) > 2000);
}
