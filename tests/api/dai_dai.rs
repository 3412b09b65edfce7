//! Dai dai shogi (大大将棋, "very large chess") over HTTP: the catalogue entry (3 profiles,
//! 10 options), the legal moves and perft of the start position, a compulsory promotion by
//! capture, a mate that ends the game, an option override, and a replayed pass cycle that
//! the repetition rule stops. Every expectation is derived from the research page "dai-dai"
//! and its vectors (the research page "dai-dai_vectors"), never from this engine's output.

use crate::helpers::{catalogue_entry, option_defaults, option_names, spawn_app, TestApp};
use serde_json::{json, Value};

/// dai-dai.md "Setup": the start position, Black to move.
const START: &str = "l,hm,d,r,sq,dk,ft,rg,k,lg,q,fr,dh,sc,sd,lo,l/rv,ps,ld,bm,fd,rb,kr,g,nk,g,ph,cs,pr,or,ln,ok,rv/1,b,1,en,1,fh,1,s,gd,s,1,wb,1,ef,1,vm,1/wt,we,su,eb,wo,sg,i,c,go,c,i,sg,wo,ws,nb,fg,bd/rc,sm,vo,ab,ew,vb,fl,st,sb,st,fl,vb,ew,ab,vo,sm,lc/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/5,hd,5,hd,5/17/17/17/5,HD,5,HD,5/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/LC,SM,VO,AB,EW,VB,FL,ST,SB,ST,FL,VB,EW,AB,VO,SM,RC/BD,FG,NB,WS,WO,SG,I,C,GO,C,I,SG,WO,EB,SU,WE,WT/1,VM,1,EF,1,WB,1,S,GD,S,1,FH,1,EN,1,B,1/RV,OK,LN,OR,PR,CS,PH,G,NK,G,KR,RB,FD,BM,LD,PS,RV/L,LO,SD,SC,DH,FR,Q,LG,K,RG,FT,DK,SQ,R,D,HM,L b - 1";

/// Vectors DD03 to DD05: Black's rushing bird on 9i, White's pawn on 9e.
const RUSHING_BIRD: &str =
    "15,g,k/15,g,g/17/17/8,p,8/17/17/17/8,RB,8/17/17/17/17/17/17/17/16,K b - 1";

/// Vector DD23: Black's rooks on 2e and 1h, White's king alone on 1a.
const ROOKS: &str = "16,k/17/17/17/15,R,1/17/17/16,R/17/17/17/17/17/17/17/17/K,16 b - 1";

/// Vector DD24: the lions four squares apart on 9i and 9e.
const LIONS: &str = "16,k/17/17/17/8,ln,8/17/17/17/8,LN,8/17/17/17/17/17/17/17/16,K b - 1";

/// Adjudicates `mv` on a bare dai dai position under `rules`; the body of a 200 answer.
async fn adjudicate(app: &TestApp, rules: Value, position: &str, mv: &str) -> Value {
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "dai-dai", "rules": rules, "position": position, "move": mv}),
        )
        .await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    a.body
}

/// The canonical texts of a legal-moves answer.
fn texts(body: &Value) -> Vec<&str> {
    body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect()
}

#[tokio::test]
async fn the_catalogue_lists_dai_dai_with_its_profiles_and_options() {
    let app = spawn_app().await;
    let v = catalogue_entry(
        &app,
        "dai-dai",
        "Dai dai shogi",
        17,
        START,
        &["wikipedia", "tsa", "japanese"],
    )
    .await;
    // "Options and profiles": the ten options, in the table's order.
    let names = option_names(&v);
    assert_eq!(
        names,
        [
            "promotion_trigger",
            "lion_dog",
            "furious_fiend",
            "great_elephant",
            "great_dragon",
            "free_demon_diagonals",
            "neighbor_king",
            "poisonous_snake",
            "eastern_barbarian",
            "repetition",
        ]
    );
    assert_eq!(
        option_defaults(&v, "furious_fiend"),
        &json!({"wikipedia": "lion_and_lion_dog", "tsa": "lion_and_lion_dog", "japanese": "lion_and_lion_dog"})
    );
    assert_eq!(
        option_defaults(&v, "lion_dog"),
        &json!({"wikipedia": "lion_dog", "tsa": "range3", "japanese": "lion_dog"})
    );
    // 64 set-up kinds and 4 promoted-only ones ("Piece table"); the king is the one royal.
    let pieces = v["pieces"].as_array().unwrap();
    let set_up = pieces
        .iter()
        .filter(|p| p["promoted_only"] == false)
        .count();
    assert_eq!((set_up, pieces.len()), (64, 68));
    let royals: Vec<&Value> = pieces.iter().filter(|p| p["royal"] == true).collect();
    assert_eq!(royals.len(), 1);
    assert_eq!(royals[0]["code"], "K");
    // The lion promotes to the furious fiend, a lion move or a lion dog move by default.
    let lion = pieces.iter().find(|p| p["code"] == "LN").unwrap();
    assert_eq!(lion["promotes"]["std"], "FF");
    let fiend = pieces.iter().find(|p| p["code"] == "FF").unwrap();
    assert_eq!(fiend["movement"], "lion liondog");
}

#[tokio::test]
async fn the_start_position_has_the_pages_moves_in_every_profile() {
    let app = spawn_app().await;
    // "Start divide(1)": 58 moves under the default profile, the one pass written through
    // the lion dog on 3p. tsa: the same count, the pass through the lion (its lion dog is a
    // plain range piece); japanese: four more (the poisonous snake's 2p1o, 2p3o and the
    // great dragon's jumps 9o7o, 9o11o), derived in tests/engine/dai_dai.rs.
    for (profile, count, pass) in [
        ("wikipedia", 58, "3p3o3p"),
        ("tsa", 58, "15p15o15p"),
        ("japanese", 62, "3p3o3p"),
    ] {
        let a = app
            .post(
                "/v1/legal-moves",
                &json!({"variant": "dai-dai", "rules": {"profile": profile}}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile}: {a:?}");
        assert_eq!(a.body["count"], count, "{profile}");
        assert_eq!(a.body["position"], START, "{profile}");
        assert_eq!(a.body["status"]["state"], "ongoing", "{profile}");
        let moves = texts(&a.body);
        assert_eq!(moves.len(), count, "{profile}");
        assert!(moves.contains(&pass), "{profile}");
        // DD01: the howling dogs may take each other at once.
        assert!(moves.contains(&"12k12g"), "{profile}");
    }
}

#[tokio::test]
async fn perft_depth_2_counts_the_pages_3346() {
    let app = spawn_app().await;
    // "This page, default profile": 58 / 3,346 (the page's reference script).
    let a = app
        .post(
            "/v1/perft",
            &json!({"variant": "dai-dai", "depth": 2, "divide": true}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["nodes"], 3346);
    let rows = a.body["divide"].as_array().unwrap();
    assert_eq!(rows.len(), 58);
    let sum: u64 = rows.iter().map(|r| r["nodes"].as_u64().unwrap()).sum();
    assert_eq!(sum, 3346);
}

#[tokio::test]
async fn a_capture_promotes_by_force_unless_an_option_says_otherwise() {
    let app = spawn_app().await;
    // DD03: the rushing bird's capture makes it a free demon; the `+` may be left out.
    let body = adjudicate(&app, json!(null), RUSHING_BIRD, "9i9e").await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(body["move"]["move"], "9i9e+");
    assert_eq!(body["move"]["promotion"], "compulsory");
    assert_eq!(body["move"]["piece_after"], "+RB");
    assert_eq!(
        body["move"]["captures"],
        json!([{"square": "9e", "piece": "p", "royal": false}])
    );
    // DD04: declining is illegal.
    let body = adjudicate(&app, json!(null), RUSHING_BIRD, "9i9e=").await;
    assert_eq!(body["legal"], false, "{body}");
    // DD05: under capture_of_promoted the capture of a pawn may decline.
    let rules = json!({"options": {"promotion_trigger": "capture_of_promoted"}});
    let body = adjudicate(&app, rules, RUSHING_BIRD, "9i9e=").await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(body["move"]["promotion"], "declined");
    assert_eq!(body["move"]["piece_after"], "RB");
    assert_eq!(
        body["rules"]["options"]["promotion_trigger"],
        "capture_of_promoted"
    );
}

#[tokio::test]
async fn mate_ends_the_game() {
    let app = spawn_app().await;
    // DD23: "game over: White is mated, Black wins".
    let body = adjudicate(&app, json!(null), ROOKS, "1h1e").await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(body["status"]["state"], "ended");
    assert_eq!(body["status"]["result"], "black");
    assert_eq!(body["status"]["reason"], "checkmate");
}

#[tokio::test]
async fn a_replayed_pass_cycle_is_stopped_by_the_jcsa_rule() {
    let app = spawn_app().await;
    // DD24: Black passed first, so Black's pass that would make a position occur for the
    // 4th time is refused; White's 6th move before it stands.
    let mut moves = Vec::new();
    for _ in 0..3 {
        moves.extend(["9i8h9i", "9e8d9e"]);
    }
    moves.push("9i8h9i");
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "dai-dai", "start": LIONS, "moves": moves}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["first_illegal"], 6, "{}", a.body);
    assert_eq!(a.body["verdicts"][5]["legal"], true);
    assert_eq!(a.body["verdicts"][6]["illegal"]["code"], "pass_cycle");
}
