//! Chu shogi over HTTP: the catalogue, legal moves and perft from the start position
//! (figures from the conformance research notes), a lishogi SFEN with a lion-trading
//! verdict, the counter-strike field in a replay, the hachu profile and a bare-king ending.

use crate::helpers::{assert_problem, spawn_app};
use serde_json::json;

const START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

#[tokio::test]
async fn catalogue_describes_chu() {
    let app = spawn_app().await;
    let chu = app.get("/v1/variants/chu").await;
    assert_eq!(chu.status, 200);
    assert_eq!(chu.body["board"], json!({"files": 12, "ranks": 12}));
    assert_eq!(chu.body["start_position"], START);
    assert_eq!(chu.body["default_profile"], "lishogi");
    assert_eq!(chu.body["profiles"], json!(["lishogi", "hachu"]));
    let options = chu.body["options"].as_array().unwrap();
    let names: Vec<&str> = options
        .iter()
        .map(|o| o["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "lion_protection",
            "counter_strike",
            "promoted_kirin_recapture",
            "last_rank_pawn_lance",
            "bare_king",
            "repetition"
        ]
    );
    let pieces = chu.body["pieces"].as_array().unwrap();
    assert_eq!(
        pieces
            .iter()
            .filter(|p| p["promoted_only"] == false)
            .count(),
        21
    );
    let kirin = pieces.iter().find(|p| p["code"] == "O").unwrap();
    assert_eq!(kirin["promotes"]["std"], "N");
    let elephant = pieces.iter().find(|p| p["code"] == "E").unwrap();
    assert_eq!(elephant["promotes"]["std"], "CP");
    let prince = pieces.iter().find(|p| p["code"] == "CP").unwrap();
    assert_eq!(prince["royal"], true);
}

#[tokio::test]
async fn legal_moves_and_perft_from_the_start() {
    let app = spawn_app().await;
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "chu"}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["moves"].as_array().unwrap().len(), 36);
    assert_eq!(a.body["rules"]["profile"], "lishogi");
    let bare = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "chu", "position": START}),
        )
        .await;
    assert_eq!(bare.body["moves"], a.body["moves"]);
    let p = app
        .post(
            "/v1/perft",
            &json!({"variant": "chu", "depth": 3, "rules": {"profile": "hachu"}}),
        )
        .await;
    assert_eq!(p.status, 200, "{p:?}");
    assert_eq!(p.body["nodes"], 48_315);
}

#[tokio::test]
async fn lion_trading_verdicts() {
    let app = spawn_app().await;
    // A gold on 7d protects the lion on 7e: the lion on 7g may not jump onto it (chu.md).
    let protected = "11k/12/12/5g6/5n6/12/5N6/12/12/12/12/K11 b - 1";
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "chu", "position": protected, "move": "7g7e"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["legal"], false);
    assert_eq!(a.body["illegal"]["code"], "lion_protected");
    assert_eq!(a.body["illegal"]["winner_if_enforced"], "white");
    // The rook takes the lion on 8j: the SFEN third field records 8j; the bishop's capture
    // of the other lion on 3i is then refused by the counter-strike rule.
    let start = "11k/12/12/12/12/4r7/12/12/9n2/4N7/12/K5B5 w - 1";
    let r = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "start": start, "moves": ["8f8j", "6l3i"]}),
        )
        .await;
    assert_eq!(r.status, 200, "{r:?}");
    assert_eq!(r.body["verdicts"][0]["move"]["move"], "8f8j=");
    assert_eq!(r.body["first_illegal"], 1);
    assert_eq!(r.body["verdicts"][1]["illegal"]["code"], "counter_strike");
    assert_eq!(
        r.body["final_position"],
        "11k/12/12/12/12/12/12/12/9n2/4r7/12/K5B5 b 8j 2"
    );
}

#[tokio::test]
async fn bare_king_ends_the_game_and_hachu_plays_on() {
    let app = spawn_app().await;
    // Black's rook takes White's last piece but the king: White is bared, Black has king,
    // rook and gold (chu_lishogi.md §6), not next to White's king.
    let position = "11k/12/12/12/12/9g2/12/9R2/12/12/12/K10G b - 1";
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "chu", "position": position, "move": "3h3f"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["legal"], true);
    assert_eq!(a.body["status"]["state"], "ended");
    assert_eq!(a.body["status"]["result"], "black");
    assert_eq!(a.body["status"]["reason"], "bare_king");
    let h = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "chu", "rules": {"profile": "hachu"}, "position": position,
                    "move": "3h3f"}),
        )
        .await;
    assert_eq!(h.body["status"]["state"], "ongoing");
    let bad = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "chu", "rules": {"profile": "wikipedia"}}),
        )
        .await;
    assert_problem(&bad, 422, "unknown_profile");
}
