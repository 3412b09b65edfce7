//! The game-end fixtures through the engine directly: replay, then the ruling.

use crate::game_end::{fixtures_of, one_test_per_file, Fixture};
use crate::support::{position_text, rules_for};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::ending::GameResult;
use shogi_arbiter::engine::game::{replay, replay_from, Game};
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::notation::parse_valid_position;
use shogi_arbiter::engine::rules::check::{checking_moves, royals};

fn result_name(result: GameResult) -> &'static str {
    match result {
        GameResult::Win(Color::Black) => "black",
        GameResult::Win(Color::White) => "white",
        GameResult::Draw => "draw",
        GameResult::NoContest => "no_contest",
    }
}

one_test_per_file! { #[test] check_file {
    game_end_tai_through_the_engine: "tai",
    game_end_chu_through_the_engine: "chu",
    game_end_tenjiku_through_the_engine: "tenjiku",
    game_end_dai_through_the_engine: "dai",
    game_end_dai_dai_through_the_engine: "dai-dai",
    game_end_maka_dai_dai_through_the_engine: "maka-dai-dai",
    game_end_ko_through_the_engine: "ko",
    game_end_taikyoku_through_the_engine: "taikyoku",
}}

/// Every fixture of one variant's file through the engine.
fn check_file(variant: &str) {
    for f in fixtures_of(variant) {
        check(&f);
    }
}

/// Replays one fixture through the engine and checks its ruling.
fn check(f: &Fixture) {
    let entries: Vec<String> = f.rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    let rules = rules_for(&f.variant, &entries.join(" "));
    let start = position_text(&rules, &f.placements, f.side);
    let (game, illegal) = replay(&rules, Some(&start), &f.moves)
        .unwrap_or_else(|e| panic!("{}: start {e:?}", f.name));
    let e = &f.expect;
    let ctx = format!("{} (why: {})", f.name, f.why);
    // The same game keeping a copy of its position every ply, or every 3 plies,
    // rebuilds earlier positions from those copies for the repetition rules: the same
    // ruling.
    for every in [1, 3] {
        let fresh = Game::new(parse_valid_position(&rules, &start).unwrap(), &rules, true)
            .with_checkpoint_every(every);
        let (again, bad) = replay_from(fresh, &rules, &f.moves, |_, _| {});
        assert_eq!(bad, illegal, "{ctx}: checkpoints every {every}");
        assert_eq!(again.status(), game.status(), "{ctx}: every {every}");
    }
    assert_eq!(
        illegal.as_ref().map(|i| i.index),
        e.first_illegal,
        "{ctx}: first illegal move ({illegal:?})"
    );
    assert_eq!(
        illegal.as_ref().map(|i| i.reason.code().to_string()),
        e.illegal_code,
        "{ctx}: illegal code"
    );
    let ending = match &illegal {
        Some(bad) => game.ruling_on_illegal(&bad.reason),
        None => game.status().ending,
    };
    let state = if ending.is_some() { "ended" } else { "ongoing" };
    assert_eq!(state, e.state, "{ctx}: state");
    assert_eq!(
        ending.map(|x| result_name(x.result).to_string()),
        e.result,
        "{ctx}: result"
    );
    assert_eq!(
        ending.map(|x| x.reason.code().to_string()),
        e.reason,
        "{ctx}: reason"
    );
    assert_eq!(game.status().in_check, e.in_check, "{ctx}: in check");
    let pos = &game.position;
    let shape = rules.variant.shape();
    if let Some(expected) = &e.check_royals {
        let named: Vec<String> = royals(pos, pos.side())
            .iter()
            .map(|&s| shape.name(s).to_string())
            .collect();
        assert_eq!(&named, expected, "{ctx}: royals in check");
    }
    if let Some(expected) = &e.attacking_moves {
        let mut named: Vec<String> = checking_moves(pos, &rules, pos.side())
            .iter()
            .map(|m| format_move(shape, m))
            .collect();
        named.sort();
        assert_eq!(&named, expected, "{ctx}: attacking moves");
    }
}
