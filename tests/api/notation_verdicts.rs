//! Notation is not a ruling (api.md job 3, notation.md "Game records", settled
//! 2026-11-28): text that names no move is answered `unreadable` (code, message, hint) with
//! no `illegal` and no `winner_if_enforced`, a replay stops there without a loss, and a
//! move list refuses it as `unreadable_move_in_game`; a rule breach keeps `illegal` with
//! its ruling. Every move list reads machine and Hodges text alike.

use crate::helpers::{assert_problem, spawn_app, Answer, TestApp};
use crate::move_effects::bare;
use serde_json::{json, Value};

/// A tai position of `placements` with Black to move, under `options`.
fn tai_bare(options: &[(&str, &str)], placements: &str) -> String {
    bare("tai", options, placements, 'b')
}

/// A request's fields without its move: variant, rules and a bare position (or the start).
fn base(variant: &str, rules: Value, position: Option<String>) -> Value {
    let mut body = json!({"variant": variant, "rules": rules});
    if let Some(p) = position {
        body["position"] = json!(p);
    }
    body
}

/// Adjudicates `mv` on `base`; asserts 200 and `legal: false`.
async fn refused(app: &TestApp, base: &Value, mv: &str) -> Value {
    let mut body = base.clone();
    body["move"] = json!(mv);
    let a = app.post("/v1/adjudicate", &body).await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    assert_eq!(a.body["legal"], false, "{mv}: {a:?}");
    assert_eq!(a.body["move"], Value::Null, "{mv}");
    a.body
}

/// `base`'s variant and rules with the game `[mv]` from its position (as `start`).
fn game_of(base: &Value, mv: &str) -> Value {
    let mut body = json!({"variant": base["variant"], "rules": base["rules"], "moves": [mv]});
    if let Some(p) = base.get("position") {
        body["start"] = p.clone();
    }
    body
}

/// Replays `mv` as the first move from `base`'s position.
async fn replay_one(app: &TestApp, base: &Value, mv: &str) -> Value {
    let a = app.post("/v1/replay", &game_of(base, mv)).await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    a.body
}

/// Asks for legal moves after `mv` played from `base`'s position.
async fn after(app: &TestApp, base: &Value, mv: &str) -> Answer {
    app.post("/v1/legal-moves", &game_of(base, mv)).await
}

#[tokio::test]
async fn text_that_names_no_move_is_unreadable_with_no_ruling() {
    let app = spawn_app().await;
    let start = base("tai", json!(null), None);
    let mark = [("promotion_trigger", "capture_of_promoted")];
    // A rook may take a pawn in the zone and promote or not (option A2): the mark is needed.
    let optional = base(
        "tai",
        json!({"options": {"promotion_trigger": "capture_of_promoted"}}),
        Some(tai_bare(&mark, "R@5m p@5e CP@25y cp@1a")),
    );
    // Two golds can step to 4l.
    let two_golds = base(
        "tai",
        json!(null),
        Some(tai_bare(&[], "G@5m G@3m CP@25y cp@1a")),
    );
    let cases = [
        (&start, "13s13r\u{3000}", "malformed", "13s13r"),
        (&start, "hello", "malformed", "P-13r"),
        (&start, "P-99a", "malformed", "P-13r"),
        (&start, "ZZ-13r", "unknown_piece", "GET /v1/variants"),
        (&start, "FF-13r", "promoted_only_piece", "`+`"),
        (&start, "+P-13r", "no_such_piece", "side to move has"),
        (&start, "P13m-13l", "no_such_piece", "side to move has"),
        (&start, "Px13r", "capture_mark_wrong", "`P-13r`"),
        (&optional, "Rx5e", "promotion_mark_required", "`+`"),
        (&two_golds, "G-4l", "ambiguous", "3m, 5m"),
    ];
    for (base, text, code, hint) in cases {
        let a = refused(&app, base, text).await;
        assert_eq!(a["illegal"], Value::Null, "{text}: {a}");
        let u = &a["unreadable"];
        assert_eq!(u["code"], code, "{text}: {a}");
        assert!(!u["message"].as_str().unwrap().is_empty(), "{text}");
        let h = u["hint"].as_str().unwrap();
        assert!(h.contains(hint), "{text}: hint {h}");
        assert!(u.get("winner_if_enforced").is_none(), "{text}: {u}");
        assert_eq!(a["status"]["state"], "ongoing", "{text}");

        // A replay stops there with the same verdict and no loss.
        let r = replay_one(&app, base, text).await;
        assert_eq!(r["first_illegal"], Value::Null, "{text}: {r}");
        assert_eq!(r["first_unreadable"], 0, "{text}: {r}");
        let verdicts = r["verdicts"].as_array().unwrap();
        assert_eq!(verdicts.len(), 1, "{text}");
        assert_eq!(verdicts[0]["legal"], false);
        assert_eq!(verdicts[0]["illegal"], Value::Null, "{text}");
        assert_eq!(verdicts[0]["unreadable"]["code"], code, "{text}");
        assert_eq!(r["status"]["state"], "ongoing", "{text}: {r}");
        assert_eq!(r["status"]["result"], Value::Null, "{text}");
        assert_eq!(r["status"]["reason"], Value::Null, "{text}");

        // A move list refuses it as unreadable, not as illegal.
        let l = after(&app, base, text).await;
        assert_problem(&l, 422, "unreadable_move_in_game");
        assert_eq!(l.body["reason"], code, "{text}");
        assert_eq!(l.body["index"], 0, "{text}");
        let detail = l.body["detail"].as_str().unwrap();
        assert!(detail.contains(hint), "{text}: {detail}");
    }
}

#[tokio::test]
async fn a_rule_breach_keeps_its_ruling() {
    let app = spawn_app().await;
    let tai = base("tai", json!(null), None);
    let chu_lions = base(
        "chu",
        json!(null),
        Some("11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1".into()),
    );
    let ko_bow = base(
        "ko",
        json!(null),
        Some("9,g,9/19/19/19/19/19/19/19/10,p,8/19/19/19/9,LB,9/19/19/19/19/19/9,G,9 b - 1".into()),
    );
    let cases = [
        (&tai, "13m13l", "empty_square"),
        (&tai, "13g13h", "not_your_piece"),
        (&tai, "13y13x", "onto_own_piece"),
        (&tai, "13s13p", "unreachable"),
        (&tai, "S-5d", "unreachable"),
        (&tai, "25y25r", "path_blocked"),
        (&tai, "13s13r13q", "invalid_route"),
        (&tai, "13s13r+", "promotion_not_possible"),
        (&tai, "P-13r+", "promotion_not_possible"),
        (&chu_lions, "7g7e", "lion_protected"),
        (&ko_bow, "10m9l*9a", "invalid_shot"),
    ];
    for (base, text, code) in cases {
        let a = refused(&app, base, text).await;
        assert_eq!(a["unreadable"], Value::Null, "{text}: {a}");
        assert_eq!(a["illegal"]["code"], code, "{text}: {a}");
        assert_eq!(a["illegal"]["winner_if_enforced"], "white", "{text}");

        let r = replay_one(&app, base, text).await;
        assert_eq!(r["first_illegal"], 0, "{text}: {r}");
        assert_eq!(r["first_unreadable"], Value::Null, "{text}");
        assert_eq!(r["verdicts"][0]["illegal"]["code"], code, "{text}");
        assert_eq!(r["status"]["state"], "ended", "{text}");
        assert_eq!(r["status"]["result"], "white", "{text}");
        assert_eq!(r["status"]["reason"], "illegal_move", "{text}");

        let l = after(&app, base, text).await;
        assert_problem(&l, 422, "illegal_move_in_game");
        assert_eq!(l.body["reason"], code, "{text}");
    }
}

#[tokio::test]
async fn move_lists_read_hodges_text_like_machine_text() {
    let app = spawn_app().await;
    // The game: two pawn steps in Hodges text were ruled a loss for Black.
    let r = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": ["P-13r", "P-13h"]}),
        )
        .await;
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.body["first_illegal"], Value::Null, "{r:?}");
    assert_eq!(r.body["first_unreadable"], Value::Null);
    assert_eq!(r.body["status"]["state"], "ongoing");
    let texts: Vec<&str> = r.body["verdicts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["move"]["move"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["13s13r", "13g13h"]);
    assert_eq!(r.body["verdicts"][0]["submitted"], "P-13r");
    // The same game mixed, in every job that takes a move list: the same position.
    let machine = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "moves": ["13s13r", "13g13h"]}),
        )
        .await;
    let mixed = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "moves": ["P-13r", "13g13h"]}),
        )
        .await;
    assert_eq!(mixed.status, 200, "{mixed:?}");
    assert_eq!(mixed.body["position"], machine.body["position"]);
    assert_eq!(mixed.body["count"], machine.body["count"]);
    let judged = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "moves": ["P-13r", "P-13h"], "move": "P-13q"}),
        )
        .await;
    assert_eq!(judged.body["legal"], true, "{judged:?}");
    assert_eq!(judged.body["move"]["move"], "13r13q");
    let picture = app
        .post(
            "/v1/board.svg",
            &json!({"variant": "tai", "moves": ["P-13r", "P-13h"]}),
        )
        .await;
    assert_eq!(picture.status, 200, "{picture:?}");
}

#[tokio::test]
async fn a_replay_stops_at_unreadable_text_without_a_loss() {
    let app = spawn_app().await;
    // Four legal plies, then Black's fifth text marks a capture on the empty 13p.
    let moves = ["P-13r", "P-13h", "13r13q", "12g12h", "Px13p"];
    let r = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": moves, "record_format": "kif"}),
        )
        .await;
    assert_eq!(r.status, 200, "{r:?}");
    let verdicts = r.body["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), 5);
    assert!(verdicts[..4].iter().all(|v| v["legal"] == true));
    assert_eq!(r.body["first_unreadable"], 4);
    assert_eq!(r.body["first_illegal"], Value::Null);
    assert_eq!(verdicts[4]["unreadable"]["code"], "capture_mark_wrong");
    assert_eq!(verdicts[4]["illegal"], Value::Null);
    // The game stands as it was before the text: Black to move, nobody has won.
    assert_eq!(r.body["status"]["state"], "ongoing");
    assert_eq!(r.body["status"]["side_to_move"], "black");
    assert!(r.body["final_position"]
        .as_str()
        .unwrap()
        .ends_with(" b - 5"));
    // The record written back has the four moves and no ending.
    let kif = r.body["record"]["text"].as_str().unwrap();
    assert!(kif.contains("   4手目"), "{kif}");
    assert!(!kif.contains("   5手目") && !kif.contains("反則"), "{kif}");
}
