//! KIF game records: random games of every variant written and read back (the same moves,
//! the same final position), and hand-written chu shogi records in lishogi's layout
//! (`docs/kif.md` names the sources: scalashogi `Kif.scala`, shogiops `kif.ts`), read
//! into the moves derived by hand from them.

use crate::support::{random_placement, rules_for, Rng};
use shogi_arbiter::engine::core::ending::Ending;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{format_move, format_position_of};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::record::kif::{read_kif, write_kif};
use shogi_arbiter::engine::variant::{Rules, VARIANT_IDS};

/// Plays up to `plies` random legal moves from `start`, preferring moves through several
/// squares and captures (what the record's step lines and marks are about).
fn random_game(rules: &Rules, start: Position, plies: usize, seed: u64) -> Game {
    let mut rng = Rng(seed);
    let mut game = Game::new(start, rules, true);
    for _ in 0..plies {
        let moves = game.legal_moves(rules);
        if moves.is_empty() {
            break;
        }
        let long: Vec<_> = moves
            .iter()
            .filter(|m| m.squares().len() != 1 || !m.shots().is_empty())
            .collect();
        let mv = if !long.is_empty() && rng.below(3) == 0 {
            *long[rng.below(long.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let candidate = game.judge_legal(rules, mv).expect("a listed move is legal");
        game.commit(rules, candidate);
    }
    game
}

/// The position text without its move number (a record numbers its moves from 1).
fn board_side_extra(rules: &Rules, pos: &Position) -> String {
    let text = format_position_of(rules.variant, pos);
    text.rsplit_once(' ')
        .map(|(head, _)| head.to_string())
        .unwrap_or(text)
}

/// Writes `game`, reads it back, and checks moves and final position agree.
fn round_trip(rules: &Rules, game: &Game) -> usize {
    let ending: Option<Ending> = game.status().ending;
    let text = write_kif(rules, game, ending);
    let read = read_kif(rules, &text, 100_000)
        .unwrap_or_else(|e| panic!("{}: {e}\n{text}", rules.variant.id));
    let shape = rules.variant.shape();
    let written: Vec<String> = game
        .played
        .iter()
        .map(|p| format_move(shape, &p.mv))
        .collect();
    let again: Vec<String> = read
        .game
        .played
        .iter()
        .map(|p| format_move(shape, &p.mv))
        .collect();
    assert_eq!(written, again, "{}\n{text}", rules.variant.id);
    assert_eq!(
        board_side_extra(rules, &game.position),
        board_side_extra(rules, &read.game.position),
        "{}",
        rules.variant.id
    );
    assert_eq!(read.game.status().ending, ending);
    written.len()
}

#[test]
fn random_games_of_every_variant_survive_a_round_trip() {
    for (i, id) in VARIANT_IDS.iter().enumerate() {
        let rules = rules_for(id, "");
        let mut plies = 0;
        for seed in 0..3u64 {
            let game = random_game(
                &rules,
                Position::start(&rules),
                120,
                7 + seed + 10 * i as u64,
            );
            plies += round_trip(&rules, &game);
        }
        // From random placements: the record carries the start as a board diagram.
        if *id == "ko" {
            let shots = (0..4u64)
                .map(|seed| random_game(&rules, Position::start(&rules), 150, 50 + seed))
                .map(|game| {
                    round_trip(&rules, &game);
                    game.played
                        .iter()
                        .filter(|p| !p.mv.shots().is_empty())
                        .count()
                })
                .sum::<usize>();
            assert!(shots > 0, "no ko shot was written and read back");
        }
        let mut rng = Rng(99 + i as u64);
        for seed in 0..3u64 {
            let start = random_placement(&rules, &mut rng, 30);
            let game = random_game(&rules, start, 60, 1000 + seed + 10 * i as u64);
            plies += round_trip(&rules, &game);
        }
        assert!(plies > 200, "{id}: only {plies} plies played");
    }
}

/// The moves of a record, as read, in machine text.
fn read_moves(rules: &Rules, text: &str) -> Vec<String> {
    read_kif(rules, text, 1000)
        .unwrap_or_else(|e| panic!("{e}"))
        .moves
}

#[test]
fn lishogi_chu_lines_from_the_initial_setup() {
    let rules = rules_for("chu", "");
    // shogiops `test/notation/kif.test.ts` ("make chushogi moves"): the same three moves
    // as lishogi writes them, the lion's move through an empty square on two lines.
    let text = "手合割：中将棋\n先手：\n後手：\n手数----指手---------消費時間--\n   1手目 ▲7八歩兵 （←7九）\n   2手目 △7五歩兵 （←7四）\n   3手目一歩目 7九獅子 （←7十）\n   3手目二歩目 6八獅子 （←7九）\n";
    assert_eq!(read_moves(&rules, text), ["7i7h", "7d7e", "7j7i6h"]);
    let read = read_kif(&rules, text, 1000).unwrap();
    // Through an empty square to where it could jump: the same move as the jump.
    let shape = rules.variant.shape();
    assert_eq!(format_move(shape, &read.game.played[2].mv), "7j6h");
}

/// A chu record from a board diagram in lishogi's layout, with igui, a pass, a
/// promotion, `仝`, `不成` and a lion's capture and step on two lines. Its moves and the
/// final squares were derived by hand from the record (`docs/kif.md`).
const CHU_RECORD: &str = include_str!("../data/kif_chu_marks.kif");

#[test]
fn a_hand_written_chu_record_with_every_mark() {
    let rules = rules_for("chu", "");
    let read = read_kif(&rules, CHU_RECORD, 1000).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        read.moves,
        ["6h6g6h", "2b2c2b", "3e3d+", "4c3d", "9e9d=", "2b1c1d"]
    );
    let text = format_position_of(rules.variant, &read.game.position);
    // Hand-derived: White king 6a, White gold 3d (took the promoted pawn), Black silver
    // 9d unpromoted, White lion 1d (took the pawn on 1c; rank d reads `3S5g1n`), Black lion back on 6h (the pawn
    // of 6g taken in place), Black king 7l; Black to move, ply 7.
    assert_eq!(text, "6k5/12/12/3S5g1n/12/12/12/6N5/12/12/12/5K6 b - 7");
    // The record's own result lines are read as the end of the moves.
    assert_eq!(read.game.played.len(), 6);
}

#[test]
fn errors_name_their_line() {
    let rules = rules_for("chu", "");
    let head = "先手：\n後手：\n手数----指手---------消費時間--\n";
    let bad_line = format!("{head}   1手目   7八歩兵 （←7九）\n   2手目   garbage\n");
    let e = read_kif(&rules, &bad_line, 1000).unwrap_err();
    assert_eq!((e.line, e.code), (5, "kif_syntax"), "{e}");
    let illegal = format!("{head}   1手目   7八歩兵 （←7九）\n   2手目   7六歩兵 （←7四）\n");
    let e = read_kif(&rules, &illegal, 1000).unwrap_err();
    assert_eq!((e.line, e.code), (5, "kif_illegal_move"), "{e}");
    let mismatch = format!("{head}   1手目   7八金将 （←7九）\n");
    let e = read_kif(&rules, &mismatch, 1000).unwrap_err();
    assert_eq!((e.line, e.code), (4, "kif_piece_mismatch"), "{e}");
    // 泰将棋 is tai shogi (README) and 大局将棋 taikyoku shogi, variants of this service,
    // so each record is the wrong game.
    let other = "手合割：泰将棋\n".to_string() + head;
    let e = read_kif(&rules, &other, 1000).unwrap_err();
    assert_eq!((e.line, e.code), (1, "kif_variant_mismatch"), "{e}");
    assert!(e.message.contains("`tai`"), "{e}");
    let taikyoku = "手合割：大局将棋\n".to_string() + head;
    let e = read_kif(&rules, &taikyoku, 1000).unwrap_err();
    assert_eq!((e.line, e.code), (1, "kif_variant_mismatch"), "{e}");
    assert!(e.message.contains("`taikyoku`"), "{e}");
    let many = format!("{head}   1手目   7八歩兵 （←7九）\n   2手目   7五歩兵 （←7四）\n");
    let e = read_kif(&rules, &many, 1).unwrap_err();
    assert_eq!((e.line, e.code), (5, "too_many_moves"), "{e}");
}

#[test]
fn the_writer_draws_chu_as_lishogi_does() {
    let rules = rules_for("chu", "");
    let read = read_kif(&rules, CHU_RECORD, 1000).unwrap();
    // The same record without its comments and result lines, the pass written through
    // the canonical square (the first empty one in file-then-rank order, notation.md),
    // and no `不成` (lishogi writes only `成`; a line without it declined).
    let expected: String = CHU_RECORD
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("投了") && !l.starts_with("まで"))
        .map(|l| {
            l.replace("一歩目 2三獅子 （←2二）", "一歩目 1一獅子 （←2二）")
                .replace("2二獅子(じっと) （←2三）", "2二獅子(じっと) （←1一）")
                .replace("不成", "")
                + "\n"
        })
        .collect();
    assert_eq!(write_kif(&rules, &read.game, None), expected);
    // From the initial setup: no handicap line, no diagram (scalashogi's "chushogi kif
    // render" test).
    let start = read_kif(
        &rules,
        "   1手目   7八歩兵 （←7九）\n   2手目   7五歩兵 （←7四）\n",
        10,
    )
    .unwrap();
    assert_eq!(
        write_kif(&rules, &start.game, None),
        "先手：\n後手：\n手数----指手---------消費時間--\n   1手目   7八歩兵 （←7九）\n   2手目   7五歩兵 （←7四）\n"
    );
}

/// A chu board for the `仝` cases (shogiops' diagram layout): Black king 7十二 and lion
/// 6八; White king 6一, pawn 6七 and gold 5五.
const SAME_SQUARE_BOARD: &str = " １２ １１ １０ ９  ８  ７  ６  ５  ４  ３  ２  １
+------------------------------------------------+
|  ・  ・  ・  ・  ・  ・ v玉  ・  ・  ・  ・  ・|一
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|二
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|三
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|四
|  ・  ・  ・  ・  ・  ・  ・ v金  ・  ・  ・  ・|五
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|六
|  ・  ・  ・  ・  ・  ・ v歩  ・  ・  ・  ・  ・|七
|  ・  ・  ・  ・  ・  ・  獅  ・  ・  ・  ・  ・|八
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|九
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|十
|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|十一
|  ・  ・  ・  ・  ・  玉  ・  ・  ・  ・  ・  ・|十二
+------------------------------------------------+
手数----指手---------消費時間--
   1手目   7十一玉将 （←7十二）
   2手目   5六金将 （←5五）
";

/// The record above with a third move of `lines` (the lion's double move).
fn same_square_record(lines: &str) -> String {
    format!("{SAME_SQUARE_BOARD}{lines}")
}

/// Issue 36: the lion takes the pawn on 6七 and then the gold that has just moved to
/// 5六. shogiops writes `仝` on both step lines (the move ends on the previous move's
/// destination); a record may also write it on the second line only. Both read as
/// `6h6g5f` (hand-derived from the board).
#[test]
fn same_square_on_either_or_both_step_lines() {
    let rules = rules_for("chu", "");
    for third in [
        "   3手目一歩目 仝獅子 （←6八）\n   3手目二歩目 仝獅子 （←6七）\n",
        "   3手目一歩目 6七獅子 （←6八）\n   3手目二歩目 仝獅子 （←6七）\n",
        "   3手目一歩目 6七獅子 （←6八）\n   3手目二歩目 5六獅子 （←6七）\n",
        "   3手目一歩目 仝獅子 （←6八）\n   3手目二歩目 5六獅子 （←6七）\n",
    ] {
        let moves = read_moves(&rules, &same_square_record(third));
        assert_eq!(moves, ["7l7k", "5e5f", "6h6g5f"], "{third}");
    }
    // scalashogi's spelling: `仝` on the first step when the lion's first step lands on
    // the previous destination (here the pawn that has just moved to 6七, taken in place).
    let board = SAME_SQUARE_BOARD
        .replace(" v歩  ・  ・  ・  ・  ・|七", "  ・  ・  ・  ・  ・  ・|七")
        .replace(
            "|  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・  ・|六",
            "|  ・  ・  ・  ・  ・  ・ v歩  ・  ・  ・  ・  ・|六",
        )
        .replace("   2手目   5六金将 （←5五）", "   2手目   6七歩兵 （←6六）");
    let igui = format!(
        "{board}   3手目一歩目 仝獅子 （←6八）\n   3手目二歩目 6八獅子（居食い） （←6七）\n"
    );
    assert_eq!(read_moves(&rules, &igui), ["7l7k", "6f6g", "6h6g6h"]);
}

/// `仝` that fits neither spelling is refused on its line: the first step says `仝` (5六)
/// but the second starts from 6七 and ends elsewhere; a second step that does not start
/// where the first ended; and both lines `仝` through a square the lion cannot step to.
#[test]
fn same_square_that_contradicts_the_record_is_refused() {
    let rules = rules_for("chu", "");
    let neither = "   3手目一歩目 仝獅子 （←6八）\n   3手目二歩目 7八獅子 （←6七）\n";
    let e = read_kif(&rules, &same_square_record(neither), 100).unwrap_err();
    assert_eq!((e.line, e.code), (19, "kif_sequence"), "{e}");
    assert!(
        e.message.contains("5六") && e.message.contains("6七"),
        "{e}"
    );
    let detached = "   3手目一歩目 6七獅子 （←6八）\n   3手目二歩目 仝獅子 （←6六）\n";
    let e = read_kif(&rules, &same_square_record(detached), 100).unwrap_err();
    assert_eq!((e.line, e.code), (20, "kif_sequence"), "{e}");
    let far = "   3手目一歩目 仝獅子 （←6八）\n   3手目二歩目 仝獅子 （←6六）\n";
    let e = read_kif(&rules, &same_square_record(far), 100).unwrap_err();
    assert_eq!((e.line, e.code), (19, "kif_illegal_move"), "{e}");
    // On the first move `仝` has no previous destination.
    let first = "手数----指手---------消費時間--\n   1手目一歩目 仝獅子 （←7十）\n   1手目二歩目 仝獅子 （←7九）\n";
    let e = read_kif(&rules, first, 100).unwrap_err();
    assert_eq!((e.line, e.code), (2, "kif_sequence"), "{e}");
}

/// Records written by lishogi's rules library (shogiops, npm, version and seed in each
/// file's header; `.ci/shogiops.sh` made them and checks many more against the server):
/// each reads to the USI strings shogiops played, listed in its `# usi:` line. Together
/// they hold every spelling its writer has for chu.
#[test]
fn records_written_by_shogiops_read_to_its_moves() {
    let rules = rules_for("chu", "");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/shogiops_kif");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "kif"))
        .collect();
    files.sort();
    assert!(files.len() >= 4, "{files:?}");
    let mut all = String::new();
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        let usi: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("# usi: "))
            .unwrap_or_else(|| panic!("{file:?} has no `# usi:` line"))
            .split(' ')
            .collect();
        assert_eq!(read_moves(&rules, &text), usi, "{file:?}");
        all.push_str(&text);
    }
    // The spellings: `仝` on both step lines, igui, a pass, a promotion, ranks 10 to 12.
    for needle in [
        "一歩目 仝",
        "二歩目 仝",
        "（居食い）",
        "(じっと)",
        "成 （←",
        "十）",
        "十一",
        "十二",
    ] {
        assert!(
            all.contains(needle),
            "no `{needle}` in the shogiops records"
        );
    }
}
