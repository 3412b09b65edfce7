//! Legal moves and adjudication over HTTP, in the bare and the game form.

use crate::helpers::{assert_problem, spawn_app};
use serde_json::json;

#[tokio::test]
async fn legal_moves_of_the_start_position() {
    let app = spawn_app().await;
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "tai"}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["count"], 304);
    assert_eq!(a.body["side_to_move"], "black");
    // The game form (no moves yet): repetition is judged; the start position has
    // occurred once; nobody is in check.
    assert_eq!(a.body["status"]["state"], "ongoing");
    assert_eq!(a.body["status"]["repetition"], "evaluated");
    assert_eq!(a.body["status"]["occurrences"], 1);
    assert_eq!(a.body["status"]["in_check"], false);
    assert_eq!(a.body["status"]["check"], serde_json::Value::Null);
    assert_eq!(a.body["rules"]["profile"], "wikipedia");
    assert_eq!(a.body["rules"]["options"]["emperor_capture"], "unprotected");
    let moves = a.body["moves"].as_array().unwrap();
    let leap = moves.iter().find(|m| m["move"] == "13t13q").unwrap();
    assert_eq!(leap["from"], "13t");
    assert_eq!(leap["to"], "13q");
    assert_eq!(leap["hodges"], "LD-13q");
    assert_eq!(leap["promotion"], "none");
    assert_eq!(leap["captures"], json!([]));
}

#[tokio::test]
async fn legal_moves_of_a_bare_position_say_repetition_was_not_evaluated() {
    let app = spawn_app().await;
    let tai = app.get("/v1/variants/tai").await;
    let start = tai.body["start_position"].as_str().unwrap().to_string();
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": start, "rules": {"profile": "tsa"}}),
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["count"], 298, "tsa: the lion dog has no leap");
    assert_eq!(a.body["status"]["repetition"], "not_evaluated");
    assert_eq!(a.body["status"]["occurrences"], serde_json::Value::Null);
    assert_eq!(a.body["rules"]["options"]["lion_dog"], "range3");
}

#[tokio::test]
async fn adjudicates_legal_and_illegal_moves() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "moves": ["13s13r"], "move": "13g13h"}),
        )
        .await;
    assert_eq!(a.status, 200);
    assert_eq!(a.body["legal"], true);
    assert_eq!(a.body["move"]["move"], "13g13h");
    assert_eq!(a.body["move"]["hodges"], "P-13h");
    assert_eq!(a.body["status"]["state"], "ongoing");
    assert_eq!(a.body["status"]["side_to_move"], "black");
    let after = a.body["position_after"].as_str().unwrap();
    assert!(after.ends_with(" b - 3"), "{after}");
    // Hodges input is accepted too.
    let h = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "P-13r"}),
        )
        .await;
    assert_eq!(h.body["legal"], true, "{h:?}");
    assert_eq!(h.body["move"]["move"], "13s13r");
    // An illegal move is an answer, with the ruling that it loses.
    let bad = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "13s13q"}),
        )
        .await;
    assert_eq!(bad.status, 200);
    assert_eq!(bad.body["legal"], false);
    assert_eq!(bad.body["illegal"]["code"], "unreachable");
    assert_eq!(bad.body["illegal"]["winner_if_enforced"], "white");
    let blocked = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "18s18r"}),
        )
        .await;
    assert_eq!(blocked.body["illegal"]["code"], "onto_own_piece");
    let white = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "13g13h"}),
        )
        .await;
    assert_eq!(white.body["illegal"]["code"], "not_your_piece");
    let malformed = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "hello"}),
        )
        .await;
    assert_eq!(malformed.body["legal"], false);
    assert_eq!(malformed.body["illegal"], serde_json::Value::Null);
    assert_eq!(malformed.body["unreadable"]["code"], "malformed");
}

#[tokio::test]
async fn a_capture_reports_its_effects() {
    let app = spawn_app().await;
    // A rook on 13m takes a pawn on 13h and promotes to gold (en table); White keeps a
    // prince on 1a, Black one on 25y.
    let mut ranks = vec!["25".to_string(); 25];
    ranks[0] = "24,cp".into();
    ranks[7] = "12,p,12".into();
    ranks[12] = "12,R,12".into();
    ranks[24] = "CP,24".into();
    let position = format!("{} b - 1", ranks.join("/"));
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "position": position, "move": "13m13h"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["move"]["move"], "13m13h+");
    assert_eq!(a.body["move"]["promotion"], "compulsory");
    assert_eq!(a.body["move"]["piece_after"], "+R");
    assert_eq!(
        a.body["move"]["captures"],
        json!([{"square": "13h", "piece": "p", "royal": false}])
    );
}

#[tokio::test]
async fn game_form_errors() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "moves": ["13s13r", "13r13q"]}),
        )
        .await;
    assert_problem(&a, 422, "illegal_move_in_game");
    assert_eq!(a.body["index"], 1);
    let both = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": "x", "moves": []}),
        )
        .await;
    assert_problem(&both, 422, "ambiguous_position");
    let bad = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tai", "position": "25/25 b - 1"}),
        )
        .await;
    assert_problem(&bad, 422, "invalid_position");
    assert_eq!(bad.body["problems"][0]["code"], "rank_count");
}

/// Answers print positions canonically (notation.md) whatever spelling the request used:
/// here the start position as the catalogue gives it, and the same position with the
/// queen under its alias `FK` and an empty rank written as two runs.
#[tokio::test]
async fn positions_are_printed_canonically_however_the_request_spelled_them() {
    let app = spawn_app().await;
    let tai = app.get("/v1/variants/tai").await;
    let start = tai.body["start_position"].as_str().unwrap().to_string();
    let (board, fields) = start.split_once(' ').unwrap();
    assert_eq!(fields, "b - 1");
    // 13s13r: Black's pawn on file 13 (the 13th of 25 cells from the left) steps from
    // rank s (the 19th) to rank r, into the run of nine empty cells between the go-betweens
    // on files 18 and 8; then White is to move, move 2.
    let mut ranks: Vec<String> = board.split('/').map(String::from).collect();
    let pawns = |n: usize| vec!["P"; n].join(",");
    assert_eq!(
        (ranks[17].as_str(), &ranks[18]),
        ("7,GB,9,GB,7", &pawns(25))
    );
    ranks[17] = "7,GB,4,P,4,GB,7".to_string();
    ranks[18] = format!("{},1,{}", pawns(12), pawns(12));
    let expected_after = format!("{} w - 2", ranks.join("/"));
    let otherwise = start
        .replacen(",Q,G,DV,", ",FK,G,DV,", 1)
        .replacen("/25/", "/12,13/", 1);
    assert_ne!(otherwise, start);
    for position in [&start, &otherwise] {
        let a = app
            .post(
                "/v1/adjudicate",
                &json!({"variant": "tai", "position": position, "move": "13s13r"}),
            )
            .await;
        assert_eq!(a.body["legal"], true, "{a:?}");
        assert_eq!(
            a.body["position_after"],
            expected_after.as_str(),
            "from {position}"
        );
        let l = app
            .post(
                "/v1/legal-moves",
                &json!({"variant": "tai", "position": position}),
            )
            .await;
        assert_eq!(l.body["position"], start.as_str(), "from {position}");
    }
}
