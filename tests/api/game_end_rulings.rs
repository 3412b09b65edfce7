//! Game-end rulings over HTTP: every fixture of `tests/data/game_end/` through the
//! replay endpoint, and the status object of adjudication and legal moves.

use crate::game_end::{fixtures_of, one_test_per_file};
use crate::helpers::spawn_app;
use crate::placements::position_text;
use serde_json::{json, Value};
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};

fn rules_with(id: &str, profile: Option<&String>, overrides: &[(String, String)]) -> Rules {
    let request = RulesRequest {
        profile: profile.cloned(),
        overrides: overrides.to_vec(),
    };
    Rules::resolve(variant::by_id(id).expect("variant"), &request).expect("rules")
}

fn opt<T: Into<Value>>(v: Option<T>) -> Value {
    v.map_or(Value::Null, Into::into)
}

one_test_per_file! { #[tokio::test] replay_fixtures {
    every_game_end_fixture_of_tai_through_the_replay_endpoint: "tai",
    every_game_end_fixture_of_chu_through_the_replay_endpoint: "chu",
    every_game_end_fixture_of_tenjiku_through_the_replay_endpoint: "tenjiku",
    every_game_end_fixture_of_dai_through_the_replay_endpoint: "dai",
    every_game_end_fixture_of_dai_dai_through_the_replay_endpoint: "dai-dai",
    every_game_end_fixture_of_maka_dai_dai_through_the_replay_endpoint: "maka-dai-dai",
    every_game_end_fixture_of_ko_through_the_replay_endpoint: "ko",
    every_game_end_fixture_of_taikyoku_through_the_replay_endpoint: "taikyoku",
}}

/// Replays every fixture of one variant's file through `POST /v1/replay` and checks the
/// ruling.
async fn replay_fixtures(variant: &str) {
    let app = spawn_app().await;
    for f in fixtures_of(variant) {
        // A fixture's rules: option overrides, and a profile under the key `profile`.
        let profile = f.rules.get("profile");
        let options: std::collections::BTreeMap<&String, &String> =
            f.rules.iter().filter(|(k, _)| *k != "profile").collect();
        let overrides: Vec<(String, String)> = options
            .iter()
            .map(|(k, v)| ((*k).clone(), (*v).clone()))
            .collect();
        let start = position_text(
            &rules_with(&f.variant, profile, &overrides),
            &f.placements,
            f.side,
        );
        let a = app
            .post(
                "/v1/replay",
                &json!({"variant": f.variant, "rules": {"profile": profile, "options": options},
                        "start": start, "moves": f.moves}),
            )
            .await;
        let ctx = format!("{} (why: {})", f.name, f.why);
        assert_eq!(a.status, 200, "{ctx}: {a:?}");
        let e = &f.expect;
        assert_eq!(a.body["first_illegal"], opt(e.first_illegal), "{ctx}");
        if let Some(i) = e.first_illegal {
            let verdict = &a.body["verdicts"][i];
            assert_eq!(verdict["legal"], false, "{ctx}");
            assert_eq!(
                verdict["illegal"]["code"],
                opt(e.illegal_code.clone()),
                "{ctx}"
            );
            // Every fixture's refusal is a rule breach: ruled on, never `unreadable`; the
            // winner is the game's own after the end, else the mover's opponent.
            assert_eq!(verdict["unreadable"], Value::Null, "{ctx}");
            assert_eq!(a.body["first_unreadable"], Value::Null, "{ctx}");
            let winner = &verdict["illegal"]["winner_if_enforced"];
            if e.illegal_code.as_deref() != Some("game_over") {
                assert_eq!(*winner, opt(e.result.clone()), "{ctx}");
                assert!(winner.is_string(), "{ctx}");
            }
        }
        let status = &a.body["status"];
        assert_eq!(status["state"], e.state, "{ctx}");
        assert_eq!(status["result"], opt(e.result.clone()), "{ctx}");
        assert_eq!(status["reason"], opt(e.reason.clone()), "{ctx}");
        assert_eq!(status["in_check"], e.in_check, "{ctx}");
        assert_eq!(status["repetition"], "evaluated", "{ctx}");
        if let Some(royals) = &e.check_royals {
            assert_eq!(status["check"]["royals"], json!(royals), "{ctx}");
        }
        if let Some(moves) = &e.attacking_moves {
            assert_eq!(status["check"]["attacking_moves"], json!(moves), "{ctx}");
        }
    }
}

#[tokio::test]
async fn adjudication_reports_check_and_mate_after_the_move() {
    let app = spawn_app().await;
    let rules = rules_with("tai", None, &[]);
    // The hook mover's slide to 3w mates the lone prince on 1y (fixture "hook mover
    // mate"); in the bare form, repetition is not evaluated.
    let position = position_text(&rules, "CP@1y hm@3c cp@25a", 'w');
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "position": position, "move": "3c3w"}),
        )
        .await;
    assert_eq!(a.body["legal"], true, "{a:?}");
    let status = &a.body["status"];
    assert_eq!(status["state"], "ended");
    assert_eq!(status["result"], "white");
    assert_eq!(status["reason"], "checkmate");
    assert_eq!(status["side_to_move"], "black");
    assert_eq!(status["in_check"], true);
    assert_eq!(status["check"]["royals"], json!(["1y"]));
    assert_eq!(status["repetition"], "not_evaluated");
    assert_eq!(status["occurrences"], Value::Null);
    // The hook mover can take the prince by several routes (turning at 3y, or at 1w):
    // the same effect, so one move; the capture promotes it (hook mover -> gold), `+`.
    assert_eq!(status["check"]["attacking_moves"], json!(["3w1y+"]));
    // After the mate, any move is refused as game_over, with the winner of the game.
    let after = a.body["position_after"].as_str().unwrap();
    let b = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "position": after, "move": "1y1x"}),
        )
        .await;
    assert_eq!(b.body["legal"], false, "{b:?}");
    assert_eq!(b.body["illegal"]["code"], "game_over");
    assert_eq!(b.body["illegal"]["winner_if_enforced"], "white");
    assert_eq!(b.body["status"]["reason"], "checkmate");
    // Legal moves of the mated position: none, and the status says why.
    let c = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": after}),
        )
        .await;
    assert_eq!(c.body["count"], 0, "{c:?}");
    assert_eq!(c.body["status"]["state"], "ended");
    assert_eq!(c.body["status"]["reason"], "checkmate");
}

#[tokio::test]
async fn legal_moves_in_the_game_form_leave_out_forbidden_repetitions() {
    let app = spawn_app().await;
    // The perpetual-check cycle (fixture "jcsa: perpetual check") played up to White's
    // forbidden 4th occurrence: among the rook's moves, 2a1a is missing, 2a3a is not.
    let rules = rules_with("tai", None, &[]);
    let start = position_text(&rules, "CP@1y r@1a cp@25c", 'b');
    let cycle = ["1y2y", "1a2a", "2y1y", "2a1a"];
    let moves: Vec<&str> = cycle.iter().cycle().take(11).copied().collect();
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "start": start, "moves": moves}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let texts: Vec<&str> = a.body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert!(!texts.contains(&"2a1a"), "{texts:?}");
    assert!(texts.contains(&"2a3a"), "{texts:?}");
    assert_eq!(a.body["status"]["occurrences"], 3, "{a:?}");
    // Adjudicating the forbidden move names the rule.
    let b = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "start": start, "moves": moves, "move": "2a1a"}),
        )
        .await;
    assert_eq!(b.body["legal"], false, "{b:?}");
    assert_eq!(b.body["illegal"]["code"], "perpetual_check");
    assert!(b.body["illegal"]["message"]
        .as_str()
        .unwrap()
        .contains("repetition = jcsa"));
    assert_eq!(b.body["illegal"]["winner_if_enforced"], "black");
}
