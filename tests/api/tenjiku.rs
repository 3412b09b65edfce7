//! Tenjiku shogi over HTTP: the catalogue entry (3 profiles, 12 options), the legal moves
//! and perft of the start position, and the answers' `removed` list: every piece a move
//! took off the board with its cause (`capture`, `burn`, `self_burn`), burned royals
//! counted as lost royals. Every expectation is derived from the research page "tenjiku"
//! (§2 start position, §5 burning, §8 options, §9 notation, §10.1 the 70 and 72 moves,
//! §10.2 HaChu's 4,950), never from this engine's output.

use crate::helpers::{catalogue_entry, option_defaults, option_names, spawn_app, TestApp};
use serde_json::{json, Value};

/// tenjiku.md §2: the start position, Black to move.
const START: &str = "l,n,fl,i,c,s,g,de,k,g,s,c,i,fl,n,l/rc,1,cs,cs,1,bt,ph,q,ln,kr,bt,1,cs,cs,1,rc/ss,vs,b,dh,dk,wb,fd,fe,lh,fd,wb,dk,dh,b,vs,ss/sm,vm,r,hf,se,bg,rg,vg,gg,rg,bg,se,hf,r,vm,sm/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/4,d,6,d,4/16/16/16/16/4,D,6,D,4/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/SM,VM,R,HF,SE,BG,RG,GG,VG,RG,BG,SE,HF,R,VM,SM/SS,VS,B,DH,DK,WB,FD,LH,FE,FD,WB,DK,DH,B,VS,SS/RC,1,CS,CS,1,BT,KR,LN,Q,PH,BT,1,CS,CS,1,RC/L,N,FL,I,C,S,G,K,DE,G,S,C,I,FL,N,L b - 1";

/// Active burn (§5): Black's fire demon on 8j, White's gold on 9h and pawn on 7h. The
/// demon's step to 8i lands next to both.
const DEMON_NEXT_TO_TWO: &str =
    "15,k/16/16/16/16/16/16/7,g,1,p,6/16/8,FD,7/16/16/16/16/16/K,15 b - 1";

/// Passive burn (§5): White's fire demon on 5e, a White pawn on 4e, Black's rook on 4j.
/// The rook's capture on 4e ends next to the demon.
const ROOK_NEXT_TO_DEMON: &str =
    "15,k/16/16/16/11,fd,p,3/16/16/16/16/12,R,3/16/16/16/16/16/K,15 b - 1";

/// Black's fire demon on 4d; its diagonal slide to 2b lands next to White's only royal,
/// the king on 1a.
const DEMON_NEXT_TO_KING: &str = "15,k/16/16/12,FD,3/16/16/16/16/16/16/16/16/16/16/16/K,15 b - 1";

/// White's fire demon on 14n; Black's only royal, the king on 16p, may step next to it.
/// Black's rook on 14p could take the demon, so Black, in check, is not mated (§7).
const KING_NEXT_TO_DEMON: &str =
    "15,k/16/16/16/16/16/16/16/16/16/16/16/16/2,fd,13/16/K,1,R,13 b - 1";

/// A removed piece as the answers write it.
fn removed(square: &str, piece: &str, cause: &str, royal: bool) -> Value {
    json!({"square": square, "piece": piece, "cause": cause, "royal": royal})
}

/// Adjudicates `mv` on a bare tenjiku position under `rules`; the body of a 200 answer.
async fn adjudicate(app: &TestApp, rules: Value, position: &str, mv: &str) -> Value {
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tenjiku", "rules": rules, "position": position, "move": mv}),
        )
        .await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    assert_eq!(a.body["legal"], true, "{mv}: {}", a.body);
    a.body
}

/// The move of a list with canonical text `text`.
fn find<'a>(moves: &'a Value, text: &str) -> &'a Value {
    moves
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == text)
        .unwrap_or_else(|| panic!("no move {text}"))
}

#[tokio::test]
async fn the_catalogue_lists_tenjiku_with_its_profiles_and_options() {
    let app = spawn_app().await;
    let v = catalogue_entry(
        &app,
        "tenjiku",
        "Tenjiku shogi",
        16,
        START,
        &["wikipedia", "tsa", "hachu"],
    )
    .await;
    // §8: the twelve options, in the table's order, with their values per profile.
    let names = option_names(&v);
    assert_eq!(
        names,
        [
            "fire_demon_range",
            "area_moves",
            "range_jump",
            "jump_capture_victim",
            "lion_hawk",
            "free_eagle",
            "heavenly_tetrarch",
            "water_buffalo_burns_on_promotion",
            "promotion_right",
            "last_rank",
            "repetition",
            "both_royals_lost",
        ]
    );
    assert_eq!(
        option_defaults(&v, "fire_demon_range"),
        &json!({"wikipedia": "sideways", "tsa": "vertical", "hachu": "vertical"})
    );
    assert_eq!(
        option_defaults(&v, "last_rank"),
        &json!({"wikipedia": "second_chance", "tsa": "must_promote", "hachu": "no_second_chance"})
    );
    // A request under a profile echoes it with every option resolved.
    let a = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "tenjiku", "rules": {"profile": "hachu"}}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["rules"]["profile"], "hachu");
    assert_eq!(a.body["rules"]["options"]["area_moves"], "false");
    assert_eq!(a.body["rules"]["options"].as_object().unwrap().len(), 12);
}

#[tokio::test]
async fn the_start_position_has_72_moves_under_wikipedia_and_70_under_hachu_and_tsa() {
    let app = spawn_app().await;
    for (profile, count) in [("wikipedia", 72), ("hachu", 70), ("tsa", 70)] {
        let a = app
            .post(
                "/v1/legal-moves",
                &json!({"variant": "tenjiku", "rules": {"profile": profile}}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile}: {a:?}");
        assert_eq!(a.body["count"], count, "{profile}");
        assert_eq!(
            a.body["moves"].as_array().unwrap().len(),
            count,
            "{profile}"
        );
        assert_eq!(a.body["position"], START, "{profile}");
        assert_eq!(a.body["status"]["state"], "ongoing", "{profile}");
        // §10.1: the great general takes the vice general on 9d by jumping and is burned
        // there, next to White's demon on 10c: one move, no promotion choice.
        let gg = find(&a.body["moves"], "9m9d");
        assert_eq!(
            gg["removed"],
            json!([
                removed("9d", "vg", "capture", false),
                removed("9d", "GG", "self_burn", false)
            ]),
            "{profile}"
        );
        assert_eq!(gg["captures"].as_array().unwrap().len(), 1, "{profile}");
        assert_eq!(gg["promotion"], "none", "{profile}");
        // Its capture on 9e is next to no demon.
        let pawn = find(&a.body["moves"], "9m9e");
        assert_eq!(
            pawn["removed"],
            json!([removed("9e", "p", "capture", false)]),
            "{profile}"
        );
    }
    // §10.1: wikipedia's two extra moves, the rook generals taking the rook generals
    // beyond the pawns, each burned next to a White demon (10c, 7c) and so written without
    // a promotion mark.
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "tenjiku"}))
        .await;
    for (text, square) in [("10m10d", "10d"), ("7m7d", "7d")] {
        let m = find(&a.body["moves"], text);
        assert_eq!(
            m["removed"],
            json!([
                removed(square, "rg", "capture", false),
                removed(square, "RG", "self_burn", false)
            ]),
            "{text}"
        );
        assert_eq!(m["promotion"], "none", "{text}");
    }
}

#[tokio::test]
async fn perft_depth_2_under_hachu_counts_4950() {
    let app = spawn_app().await;
    // tenjiku.md §10.2: HaChu 0.21, corrected, with the equal-effect rule.
    let a = app
        .post(
            "/v1/perft",
            &json!({"variant": "tenjiku", "rules": {"profile": "hachu"}, "depth": 2, "divide": true}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["nodes"], 4950);
    let rows = a.body["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 70);
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 4950);
}

#[tokio::test]
async fn a_fire_demons_arrival_burns_every_adjacent_enemy() {
    let app = spawn_app().await;
    // §5 active burn, §9.2 causes, the burned squares in file-then-rank order (§9.3). The
    // step is an area move under wikipedia and tsa and a slide under hachu.
    for profile in ["wikipedia", "tsa", "hachu"] {
        let rules = json!({"profile": profile});
        let body = adjudicate(&app, rules, DEMON_NEXT_TO_TWO, "8j8i").await;
        let m = &body["move"];
        assert_eq!(m["move"], "8j8i", "{profile}");
        assert_eq!(m["captures"], json!([]), "{profile}");
        assert_eq!(
            m["removed"],
            json!([
                removed("7h", "p", "burn", false),
                removed("9h", "g", "burn", false)
            ]),
            "{profile}"
        );
        assert_eq!(m["piece_after"], "FD", "{profile}");
        assert_eq!(
            body["position_after"], "15,k/16/16/16/16/16/16/16/8,FD,7/16/16/16/16/16/16/K,15 w - 2",
            "{profile}"
        );
        // §7: White, left with its king on 1a, is mated: the demon on 8i reaches 1b and
        // 2c along its diagonal (7h…2c empty after the burn), next to 1a and to every
        // square the king can step to (2a, 1b, 2b).
        assert_eq!(body["status"]["state"], "ended", "{profile}");
        assert_eq!(body["status"]["reason"], "checkmate", "{profile}");
        assert_eq!(body["status"]["result"], "black", "{profile}");
    }
}

#[tokio::test]
async fn a_piece_arriving_next_to_an_enemy_demon_is_burned_after_its_capture() {
    let app = spawn_app().await;
    // §5 passive burn: the capture stands, the rook is removed; §6.2 (ii): entering the
    // zone gives it no promotion choice, so the move has no mark.
    let body = adjudicate(&app, json!(null), ROOK_NEXT_TO_DEMON, "4j4e").await;
    let m = &body["move"];
    assert_eq!(m["move"], "4j4e");
    assert_eq!(m["promotion"], "none");
    assert_eq!(
        m["captures"],
        json!([{"square": "4e", "piece": "p", "royal": false}])
    );
    assert_eq!(
        m["removed"],
        json!([
            removed("4e", "p", "capture", false),
            removed("4e", "R", "self_burn", false)
        ])
    );
    assert_eq!(
        body["position_after"],
        "15,k/16/16/16/11,fd,4/16/16/16/16/16/16/16/16/16/16/K,15 w - 2"
    );
}

#[tokio::test]
async fn a_burned_royal_is_a_lost_royal_and_ends_the_game() {
    let app = spawn_app().await;
    // §5: royals are burned too; §7: a side without a royal has lost; §9.2: burned royals
    // count as lost royals.
    let body = adjudicate(&app, json!(null), DEMON_NEXT_TO_KING, "4d2b").await;
    assert_eq!(body["move"]["captures"], json!([]));
    assert_eq!(
        body["move"]["removed"],
        json!([removed("1a", "k", "burn", true)])
    );
    assert_eq!(body["status"]["state"], "ended");
    assert_eq!(body["status"]["result"], "black");
    assert_eq!(body["status"]["reason"], "royals_captured");
    // The passive burn of the mover's own last royal loses the game for the mover.
    let body = adjudicate(&app, json!(null), KING_NEXT_TO_DEMON, "16p15o").await;
    assert_eq!(
        body["move"]["removed"],
        json!([removed("15o", "K", "self_burn", true)])
    );
    assert_eq!(body["status"]["state"], "ended");
    assert_eq!(body["status"]["result"], "white");
    assert_eq!(body["status"]["reason"], "royals_captured");
}

#[tokio::test]
async fn a_replayed_burning_move_reports_what_it_removed() {
    let app = spawn_app().await;
    // §10.1: from the start, wikipedia's 10m10d takes White's rook general on 10d and is
    // burned there by White's demon on 10c.
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "tenjiku", "moves": ["10m10d"]}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    let verdict = &a.body["verdicts"][0];
    assert_eq!(verdict["legal"], true, "{verdict}");
    assert_eq!(
        verdict["move"]["removed"],
        json!([
            removed("10d", "rg", "capture", false),
            removed("10d", "RG", "self_burn", false)
        ])
    );
}

#[tokio::test]
async fn chu_and_tai_captures_are_listed_as_removed_by_capture() {
    let app = spawn_app().await;
    // Chu, a lishogi SFEN: the lion on 7g takes the White lion on 7e, unprotected (chu.md
    // lion trading does not forbid it).
    let body = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "chu", "position": "11k/12/12/12/5n6/12/5N6/12/12/12/12/K11 b - 1", "move": "7g7e"}),
        )
        .await
        .body;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(
        body["move"]["captures"],
        json!([{"square": "7e", "piece": "n", "royal": false}])
    );
    assert_eq!(
        body["move"]["removed"],
        json!([removed("7e", "n", "capture", false)])
    );
    // Tai: a move that captures nothing removes nothing.
    let body = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "tai", "move": "13s13r"}),
        )
        .await
        .body;
    assert_eq!(body["move"]["removed"], json!([]), "{body}");
}
