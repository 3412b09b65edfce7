//! The match referee's game records replay through `POST /v1/replay` with the same results
//! (issue 33, acceptance 4): games played in process with random legal moves (chu, dai,
//! tenjiku and tai), each kept as the referee keeps it (`matches::record::GameRecord`),
//! then sent both as the record's `replay` request (a move list) and as its KIF text.
//!
//! What "the same result" means here: every move of the record is judged legal, in the
//! same canonical text, and the final status is the game's own. Where the rules ended the
//! game (royals captured, mate, repetition, …) the replay ends it the same way (result and
//! reason); where the referee ended it (resignation, time forfeit, a crash, an illegal
//! move it refused, the move limit) the replay reports the game as ongoing: the referee's
//! ending is not a rule of the game, and the refused illegal move is not in the record
//! (its reproduction is), so KIF's termination word (`投了`, `切れ負け`, `反則負け`, …) ends
//! the moves and nothing more.

use crate::helpers::{spawn_app, TestApp};
use serde_json::{json, Value};
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::ending::GameResult;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::notation::{format_move, format_position_of};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{by_id, Rules, RulesRequest};
use shogi_arbiter::matches::record::{
    GameRecord, MoveRecord, RefereeCost, Reproduction, RulesEcho,
};

/// A small deterministic generator (xorshift), so that every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The rules of `variant` under `profile` (the first when `None`) and `options`, with
/// their echo as a record keeps them.
fn rules_of(variant: &str, profile: Option<&str>, options: &[(&str, &str)]) -> (Rules, RulesEcho) {
    let options: Vec<(String, String)> = options
        .iter()
        .map(|&(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let request = RulesRequest {
        profile: profile.map(str::to_string),
        overrides: options.clone(),
    };
    let rules =
        Rules::resolve(by_id(variant).expect("a built-in variant"), &request).expect("valid rules");
    let echo = RulesEcho {
        profile: rules.profile_name().to_string(),
        options,
    };
    (rules, echo)
}

/// A game of random legal moves (a capture three times in four when there is one, so that
/// games end sooner), until the rules end it or `max_plies` moves are played; recorded as
/// the referee records it: ended by the rules, or a draw by the move limit.
fn play(
    variant: &'static str,
    rules: &Rules,
    echo: &RulesEcho,
    seed: u64,
    max_plies: usize,
) -> GameRecord {
    play_from(
        variant,
        rules,
        echo,
        Position::start(rules),
        seed,
        max_plies,
    )
}

/// [`play`] from `start`.
fn play_from(
    variant: &'static str,
    rules: &Rules,
    echo: &RulesEcho,
    start: Position,
    seed: u64,
    max_plies: usize,
) -> GameRecord {
    let mut rng = Rng(seed);
    let shape = rules.variant.shape();
    let start_is_initial = start == Position::start(rules);
    let mut game = Game::new(start, rules, true);
    let mut moves = Vec::new();
    while game.status().ending.is_none() && moves.len() < max_plies {
        let legal = game.legal_moves(rules);
        let them = game.position.side().opponent();
        let captures: Vec<_> = legal
            .iter()
            .filter(|mv| {
                mv.squares()
                    .iter()
                    .any(|&s| game.position.cell(s).is_color(them))
            })
            .collect();
        let mv = if !captures.is_empty() && rng.below(4) > 0 {
            *captures[rng.below(captures.len())]
        } else {
            legal[rng.below(legal.len())]
        };
        let side = if game.position.side() == Color::Black {
            "black"
        } else {
            "white"
        };
        let text = format_move(shape, &mv);
        game.play_text(rules, &text)
            .expect("a generated move is legal");
        moves.push(MoveRecord {
            ply: moves.len() + 1,
            side,
            opening: false,
            wire: text.clone(),
            text,
            hodges: String::new(),
            time_ms: 1,
            clock_ms: 1000,
            score: None,
            depth: None,
        });
    }
    let (result, reason) = match game.status().ending {
        Some(ending) => (
            match ending.result {
                GameResult::Win(Color::Black) => "black",
                GameResult::Win(Color::White) => "white",
                GameResult::Draw => "draw",
                GameResult::NoContest => "no_contest",
            },
            ending.reason.code().to_string(),
        ),
        None => ("draw", "max_plies".to_string()),
    };
    GameRecord {
        round: 1,
        black: "random one".into(),
        white: "random two".into(),
        variant,
        rules: echo.clone(),
        start: format_position_of(rules.variant, game.start()),
        start_is_initial,
        time_control: "st=0.1".into(),
        margin_ms: 100,
        moves,
        result,
        reason,
        detail: String::new(),
        fault: None,
        referee_cost: RefereeCost::default(),
    }
}

/// The first of `seeds` whose game the rules end within `max_plies`.
fn a_game_the_rules_end(
    variant: &'static str,
    rules: &Rules,
    echo: &RulesEcho,
    seeds: std::ops::Range<u64>,
    max_plies: usize,
) -> GameRecord {
    seeds
        .map(|seed| play(variant, rules, echo, seed * 0x9e37_79b9 + 1, max_plies))
        .find(|r| r.reason != "max_plies")
        .unwrap_or_else(|| panic!("no {variant} game ended by the rules within {max_plies} plies"))
}

/// The same game cut after `plies` moves and ended by the referee (`result`, `reason`).
fn ended_by_referee(
    mut record: GameRecord,
    plies: usize,
    result: &'static str,
    reason: &str,
) -> GameRecord {
    record.moves.truncate(plies);
    record.result = result;
    record.reason = reason.to_string();
    if reason == "illegal_move" {
        record.fault = Some(Reproduction {
            position: String::new(),
            wire: "a1a1".into(),
            text: Some("1a1a".into()),
            verdict: "empty_square".into(),
            message: "there is no piece on the start square".into(),
        });
    }
    record
}

/// The canonical move texts of a replay's verdicts, checking each is legal.
fn replayed_moves(answer: &Value) -> Vec<String> {
    let verdicts = answer["verdicts"].as_array().expect("verdicts");
    verdicts
        .iter()
        .map(|v| {
            assert_eq!(v["legal"], true, "{v}");
            v["move"]["move"].as_str().expect("a move").to_string()
        })
        .collect()
}

/// Replays `record` both ways and checks the moves and the ending.
async fn replays_the_same(app: &TestApp, rules: &Rules, record: &GameRecord) {
    let texts: Vec<String> = record.moves.iter().map(|m| m.text.clone()).collect();
    let by_rules = !matches!(
        record.reason.as_str(),
        "max_plies" | "resign" | "time_forfeit" | "crash" | "illegal_move" | "hang"
    );
    let list = app.post("/v1/replay", &record.replay_request()).await;
    assert_eq!(list.status, 200, "{list:?}");
    let kif = record.to_kif(rules).expect("the record writes as KIF");
    let as_kif = app
        .post(
            "/v1/replay",
            &json!({
                "variant": record.variant,
                "rules": record.rules.to_request(),
                "record": {"format": "kif", "text": kif},
            }),
        )
        .await;
    assert_eq!(as_kif.status, 200, "{as_kif:?}\n{kif}");
    for (how, answer) in [("moves", &list), ("kif", &as_kif)] {
        let what = format!("{} {} ({how})", record.variant, record.reason);
        assert_eq!(replayed_moves(&answer.body), texts, "{what}");
        assert_eq!(answer.body["first_illegal"], Value::Null, "{what}");
        assert_eq!(
            answer.body["rules"]["profile"],
            record.rules.profile.as_str(),
            "{what}"
        );
        for (name, value) in &record.rules.options {
            assert_eq!(
                answer.body["rules"]["options"][name],
                value.as_str(),
                "{what}"
            );
        }
        let status = &answer.body["status"];
        if by_rules {
            assert_eq!(status["state"], "ended", "{what}: {status}");
            assert_eq!(status["result"], record.result, "{what}: {status}");
            assert_eq!(status["reason"], record.reason.as_str(), "{what}: {status}");
        } else {
            assert_eq!(status["state"], "ongoing", "{what}: {status}");
        }
    }
}

async fn check_variant(
    variant: &'static str,
    profile: Option<&str>,
    options: &[(&str, &str)],
    max_plies: usize,
) {
    let app = spawn_app().await;
    let (rules, echo) = rules_of(variant, profile, options);
    let ended = a_game_the_rules_end(variant, &rules, &echo, 0..6, max_plies);
    assert!(
        ended.moves.len() >= 4,
        "{variant}: {} plies",
        ended.moves.len()
    );
    replays_the_same(&app, &rules, &ended).await;
    let half = ended.moves.len() / 2;
    // Each ends against the side to move after the cut (Black after an even count).
    for (plies, reason) in [
        (half, "resign"),
        (half + 1, "time_forfeit"),
        (half, "illegal_move"),
        (half + 1, "crash"),
    ] {
        let result = if plies % 2 == 0 { "white" } else { "black" };
        let cut = ended_by_referee(ended.clone(), plies, result, reason);
        replays_the_same(&app, &rules, &cut).await;
    }
    // A game the move limit ended.
    let limited = play(variant, &rules, &echo, 77, 12);
    assert_eq!(limited.reason, "max_plies");
    replays_the_same(&app, &rules, &limited).await;
    // A game from another start: the position after the first ten moves of the first
    // game (as an openings file gives one), then played on to its end or 200 plies.
    let mut opening = ended.clone();
    opening.moves.truncate(10);
    let start = (*opening.game(&rules).expect("it replays").position).clone();
    let opened = play_from(variant, &rules, &echo, start, 5, 200);
    assert!(!opened.start_is_initial);
    assert!(opened.replay_request().get("start").is_some());
    replays_the_same(&app, &rules, &opened).await;
}

#[tokio::test]
async fn chu_records_replay_with_the_same_results() {
    check_variant("chu", Some("hachu"), &[("bare_king", "true")], 600).await;
}

#[tokio::test]
async fn dai_records_replay_with_the_same_results() {
    check_variant("dai", None, &[], 600).await;
}

#[tokio::test]
async fn tenjiku_records_replay_with_the_same_results() {
    check_variant("tenjiku", None, &[], 600).await;
}

#[tokio::test]
async fn tai_records_replay_with_the_same_results() {
    check_variant("tai", None, &[], 600).await;
}
