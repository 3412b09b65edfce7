//! Taikyoku shogi over HTTP (taikyoku.md): the catalogue entry (36×36, the two profiles
//! and the sixteen options of §9), the legal moves and perft of the start position, the
//! adjudication of a range capture (every passed piece removed, nearest first, then the
//! victim), a replay, and the game back as KIF headed 大局将棋. Every expectation is derived
//! from the research page "taikyoku" and its setup, never from this engine's output,
//! except the start's counts, which are the page's regression locks (see the test).

use crate::helpers::{catalogue_entry, option_defaults, option_names, spawn_app, TestApp};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// The positions of `tests/data/taikyoku_positions.txt` by name (its comments say where
/// each comes from).
fn positions() -> BTreeMap<&'static str, &'static str> {
    include_str!("../data/taikyoku_positions.txt")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_once(' ').expect("a name and a position"))
        .collect()
}

/// A removed piece as the answers write it.
fn removed(square: &str, piece: &str, cause: &str, royal: bool) -> Value {
    json!({"square": square, "piece": piece, "cause": cause, "royal": royal})
}

/// The legal moves of the start position under `profile`; the body of a 200 answer.
async fn start_moves(app: &TestApp, profile: &str) -> Value {
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "taikyoku", "rules": {"profile": profile}}),
        )
        .await;
    assert_eq!(a.status, 200, "{profile}: {a:?}");
    a.body
}

#[tokio::test]
async fn the_catalogue_lists_taikyoku_with_its_profiles_and_options() {
    let app = spawn_app().await;
    let start = positions()["start"];
    let v = catalogue_entry(
        &app,
        "taikyoku",
        "Taikyoku shogi",
        36,
        start,
        &["wikipedia", "ats"],
    )
    .await;
    // §9: the sixteen options of the table.
    let mut names = option_names(&v);
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "capricorn",
            "divine_sparrow",
            "earth_dragon",
            "free_demon",
            "last_rank",
            "long_nosed_goblin",
            "promotion_choice",
            "promotion_right",
            "range_capture_end",
            "range_capture_jump",
            "range_capture_victim",
            "readings",
            "repetition",
            "treacherous_fox",
            "triple_arrow",
            "violent_bear",
        ]
    );
    for (option, wikipedia, ats) in [
        ("readings", "wikipedia", "ats"),
        ("triple_arrow", "jump23", "pass3"),
        ("treacherous_fox", "plain", "jumps"),
        ("divine_sparrow", "wikipedia", "ats"),
        ("earth_dragon", "wikipedia", "alt"),
        ("free_demon", "wikipedia", "alt"),
        ("violent_bear", "wikipedia", "wikipedia"),
        ("long_nosed_goblin", "wikipedia", "wikipedia"),
        ("capricorn", "wikipedia", "wikipedia"),
        ("range_capture_jump", "not_higher", "lower_only"),
        ("range_capture_victim", "any", "lower_only"),
        ("range_capture_end", "enemy", "any"),
        ("promotion_right", "zone_end", "zone_route"),
        ("promotion_choice", "optional", "compulsory"),
        ("last_rank", "must_promote", "must_promote"),
        ("repetition", "jcsa", "jcsa"),
    ] {
        assert_eq!(
            option_defaults(&v, option),
            &json!({"wikipedia": wikipedia, "ats": ats}),
            "{option}"
        );
    }
    // A request under a profile echoes it with every option resolved.
    let body = start_moves(&app, "ats").await;
    assert_eq!(body["rules"]["profile"], "ats");
    assert_eq!(body["rules"]["options"]["range_capture_end"], "any");
    assert_eq!(body["rules"]["options"].as_object().unwrap().len(), 16);
}

/// The number of moves of each piece code (the Hodges text's leading code) in a list.
fn moves_by_piece(moves: &Value) -> BTreeMap<String, usize> {
    let mut by = BTreeMap::new();
    for m in moves.as_array().unwrap() {
        let hodges = m["hodges"].as_str().unwrap();
        let code: String = hodges
            .chars()
            .take_while(|c| *c == '+' || c.is_ascii_uppercase())
            .collect();
        *by.entry(code).or_default() += 1;
    }
    by
}

/// The start's legal moves. Derived by hand from the setup (§2): 36 pawns on rank z, six
/// of them behind the four dogs and two go-betweens of rank y, so 30 pawn steps; each dog
/// (step(fdiag,f)) has its three squares of rank x free, 12 moves; each go-between
/// (step(vert)) one, 2. The total 159 and the other pieces' counts are the page's (§10):
/// a second implementation's count written from the page, NOT an outside figure. They
/// are a regression lock, to be confirmed by the lead against the page's reading of
/// every piece; a difference is to be traced to the move that differs, never tuned away.
#[tokio::test]
async fn the_start_position_lists_the_pages_159_moves_under_wikipedia() {
    let app = spawn_app().await;
    let body = start_moves(&app, "wikipedia").await;
    assert_eq!(body["position"], positions()["start"]);
    assert_eq!(body["status"]["state"], "ongoing");
    assert_eq!(body["status"]["in_check"], false);
    let by = moves_by_piece(&body["moves"]);
    // By hand (see above).
    assert_eq!(by.get("P"), Some(&30), "{by:?}");
    assert_eq!(by.get("D"), Some(&12), "{by:?}");
    assert_eq!(by.get("GB"), Some(&2), "{by:?}");
    // The page's count (§10), a regression lock.
    assert_eq!(body["count"], 159);
    assert_eq!(body["moves"].as_array().unwrap().len(), 159);
    let page: BTreeMap<String, usize> = [
        ("P", 30),
        ("D", 12),
        ("GB", 2),
        ("RO", 46),
        ("BG", 36),
        ("GG", 11),
        ("FE", 14),
        ("LD", 3),
        ("HF", 2),
        ("GM", 2),
        ("DG", 1),
    ]
    .into_iter()
    .map(|(c, n)| (c.to_string(), n))
    .collect();
    assert_eq!(by, page, "the page's moves per piece (§10)");
}

/// perft(1) of the start under both profiles: the page's counts (§10: 159 under
/// `wikipedia`, 488 under `ats`), a second implementation's, not outside figures: a
/// regression lock, to be confirmed by the lead.
#[tokio::test]
async fn perft_depth_1_counts_the_pages_159_and_488() {
    let app = spawn_app().await;
    for (profile, count) in [("wikipedia", 159), ("ats", 488)] {
        let a = app
            .post(
                "/v1/perft",
                &json!({"variant": "taikyoku", "rules": {"profile": profile}, "depth": 1, "divide": true}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile}: {a:?}");
        assert_eq!(a.body["nodes"], count, "{profile}");
        let rows = a.body["divide"].as_array().unwrap();
        assert_eq!(rows.len(), count, "{profile}");
        assert!(rows.iter().all(|r| r["nodes"] == 1), "{profile}");
    }
}

/// §4.3 and §6 (the page's vector T05): Black's great general on 18r passes White's pawn on
/// 18p and its own pawn on 18n and takes White's gold on 18l; all three are removed, in
/// order of distance, in both profiles.
#[tokio::test]
async fn a_range_capture_removes_every_passed_piece_then_the_victim() {
    let app = spawn_app().await;
    let mut ranks = vec!["36"; 36];
    ranks[0] = "35,k";
    ranks[11] = "18,g,17";
    ranks[13] = "18,P,17";
    ranks[15] = "18,p,17";
    ranks[17] = "18,GG,17";
    ranks[35] = "K,35";
    let position = format!("{} b - 1", ranks.join("/"));
    let mut after = vec!["36"; 36];
    after[0] = "35,k";
    after[11] = "18,GG,17";
    after[35] = "K,35";
    let after = format!("{} w - 2", after.join("/"));
    for profile in ["wikipedia", "ats"] {
        let a = app
            .post(
                "/v1/adjudicate",
                &json!({"variant": "taikyoku", "rules": {"profile": profile}, "position": position, "move": "18r18l"}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile}: {a:?}");
        assert_eq!(a.body["legal"], true, "{profile}: {}", a.body);
        let m = &a.body["move"];
        assert_eq!(m["move"], "18r18l", "{profile}");
        assert_eq!(
            m["removed"],
            json!([
                removed("18p", "p", "capture", false),
                removed("18n", "P", "capture", false),
                removed("18l", "g", "capture", false)
            ]),
            "{profile}"
        );
        assert_eq!(m["promotion"], "none", "{profile}");
        assert_eq!(a.body["position_after"], after, "{profile}");
        assert_eq!(a.body["status"]["state"], "ongoing", "{profile}");
    }
}

/// A replay from the start: Black's pawn 18z-18y (rank 26 to 25, past the open 18y) and
/// White's pawn 19k-19l; the final position is the start with those two pawns moved.
#[tokio::test]
async fn a_replay_from_the_start_reaches_the_position_written_by_hand() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "taikyoku", "moves": ["18z18y", "19k19l"]}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let verdicts = a.body["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), 2);
    for v in verdicts {
        assert_eq!(v["legal"], true, "{v}");
    }
    assert_eq!(a.body["first_illegal"], Value::Null);
    assert_eq!(a.body["final_position"], positions()["after_two_pawns"]);
    assert_eq!(a.body["status"]["state"], "ongoing");
}

/// The game back as KIF: the handicap line names the variant 大局将棋 (taikyoku.md, the
/// page's title), and the record replays to the same position.
#[tokio::test]
async fn a_taikyoku_game_comes_back_as_kif_headed_taikyoku_shogi() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "taikyoku", "moves": ["18z18y", "19k19l"], "record_format": "kif"}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let text = a.body["record"]["text"].as_str().unwrap();
    assert!(text.starts_with("手合割：大局将棋\n"), "{text}");
    let again = app
        .post(
            "/v1/replay",
            &json!({"variant": "taikyoku", "record": {"format": "kif", "text": text}}),
        )
        .await;
    assert_eq!(again.status, 200, "{again:?}");
    assert_eq!(again.body["verdicts"].as_array().unwrap().len(), 2);
    assert_eq!(again.body["final_position"], positions()["after_two_pawns"]);
}
