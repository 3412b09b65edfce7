//! Maka dai dai shogi (摩訶大大将棋, 19×19) over HTTP: the catalogue entry (3 profiles, 14
//! options), the legal moves and perft of the start position, the king's promotion to
//! emperor (promotion by capture, 成り nari), contagion and its option, and the emperor's
//! capture test per profile. Every expectation is derived from
//! the research page "maka-dai-dai" and its vectors (`maka-dai-dai_vectors.md`), never from
//! this engine's output.

use crate::helpers::{catalogue_entry, option_defaults, option_names, spawn_app, TestApp};
use serde_json::{json, Value};

/// maka-dai-dai.md "Setup": the start position, Black to move.
const START: &str = "l,ea,sg,t,i,c,s,g,ds,k,dv,g,s,c,i,t,sg,ea,l/rv,1,cs,1,om,1,rd,fl,bt,de,bt,fl,co,1,cc,1,cs,1,rv/1,or,1,ab,1,bb,1,ew,ph,ln,kr,ew,1,bb,1,ab,1,or,1/do,1,n,1,vo,1,fd,sd,gg,ld,wr,bu,fd,1,vo,1,n,1,do/r,rc,sm,sf,vm,b,dh,dk,hm,q,ca,dk,dh,b,vm,sf,sm,lc,r/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/5,gb,7,gb,5/19/19/19/19/19/5,GB,7,GB,5/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/R,LC,SM,SF,VM,B,DH,DK,CA,Q,HM,DK,DH,B,VM,SF,SM,RC,R/DO,1,N,1,VO,1,FD,BU,WR,LD,GG,SD,FD,1,VO,1,N,1,DO/1,OR,1,AB,1,BB,1,EW,KR,LN,PH,EW,1,BB,1,AB,1,OR,1/RV,1,CS,1,CC,1,CO,FL,BT,DE,BT,FL,RD,1,OM,1,CS,1,RV/L,EA,SG,T,I,C,S,G,DV,K,DS,G,S,C,I,T,SG,EA,L b - 1";

/// Vector M03: Black's king on 10j next to a White pawn on 10i, White's lone king on 19a.
const KING_TAKES_PAWN: &str =
    "k,18/19/19/19/19/19/19/19/9,p,9/9,K,9/19/19/19/19/19/19/19/19/19 b - 1";

/// Vector M12: Black's drunk elephant on 9i below a White deva on 9h; White's king on 19a
/// boxed in by its golds.
const ELEPHANT_BELOW_DEVA: &str =
    "k,g,17/g,g,17/19/19/19/19/19/10,dv,8/10,DE,8/19/19/19/19/19/19/19/19/19/18,K b - 1";

/// Vector M05: Black's emperor on 10j, a White gold on 5e protected by a White silver on 5d.
const EMPEROR_AND_PROTECTED_GOLD: &str =
    "k,g,17/g,g,17/19/14,s,4/14,g,4/19/19/19/19/9,+K,9/19/19/19/19/19/19/19/19/18,K b - 1";

/// Adjudicates `mv` on a maka dai dai position under `rules`; the body of the 200 answer.
async fn adjudicate(app: &TestApp, rules: Value, position: &str, mv: &str) -> Value {
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": "maka-dai-dai", "rules": rules, "position": position, "move": mv}),
        )
        .await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    a.body
}

#[tokio::test]
async fn the_catalogue_lists_maka_dai_dai_with_its_profiles_and_options() {
    let app = spawn_app().await;
    let v = catalogue_entry(
        &app,
        "maka-dai-dai",
        "Maka dai dai shogi",
        19,
        START,
        &["wikipedia", "tsa", "cvp"],
    )
    .await;
    // The options table of the page, in its order.
    let names = option_names(&v);
    assert_eq!(
        names,
        [
            "promotion_trigger",
            "contagion",
            "emperor_capture",
            "lion_dog",
            "lion_dog_jump_back",
            "furious_fiend",
            "teaching_king",
            "great_dragon",
            "donkey",
            "guardian_of_the_gods",
            "free_bear",
            "free_wolf",
            "free_dragon",
            "repetition",
        ]
    );
    assert_eq!(
        option_defaults(&v, "contagion"),
        &json!({"wikipedia": "royals_exempt", "tsa": "off", "cvp": "royals_exempt"})
    );
    assert_eq!(
        option_defaults(&v, "emperor_capture"),
        &json!({"wikipedia": "royals_only", "tsa": "unprotected", "cvp": "unprotected"})
    );
    // 50 kinds stand on the board, 26 more exist only as promoted sides.
    let pieces = v["pieces"].as_array().unwrap();
    assert_eq!(pieces.len(), 76);
}

#[tokio::test]
async fn the_start_position_has_80_moves_under_wikipedia() {
    let app = spawn_app().await;
    // The page's divide(1) lists 80; donkey=evans (tsa, cvp) drops the donkeys' two steps
    // straight back (78), lion_dog=range3 (tsa) also the lion dog's three leaps (75).
    for (profile, count) in [("wikipedia", 80), ("tsa", 75), ("cvp", 78)] {
        let a = app
            .post(
                "/v1/legal-moves",
                &json!({"variant": "maka-dai-dai", "rules": {"profile": profile}}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile}: {a:?}");
        assert_eq!(a.body["count"], count, "{profile}");
        assert_eq!(a.body["position"], START, "{profile}");
        assert_eq!(a.body["status"]["state"], "ongoing", "{profile}");
        let leap = a.body["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["move"] == "10p10m");
        assert_eq!(
            leap,
            profile != "tsa",
            "{profile}: the lion dog's leap (M01)"
        );
    }
    let a = app
        .post("/v1/perft", &json!({"variant": "maka-dai-dai", "depth": 2}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["nodes"], 6400);
}

#[tokio::test]
async fn the_kings_first_capture_makes_an_emperor_that_mates_a_lone_king() {
    let app = spawn_app().await;
    // M03: compulsory promotion king -> emperor (+K); the lone White king, which nothing
    // protects, is then capturable wherever it goes: mate.
    let body = adjudicate(&app, json!(null), KING_TAKES_PAWN, "10j10i").await;
    assert_eq!(body["legal"], true, "{body}");
    let m = &body["move"];
    assert_eq!(m["move"], "10j10i+");
    // notation.md's Hodges style: piece, `x` for a capture, the square, `+` for promotion.
    assert_eq!(m["hodges"], "Kx10i+");
    assert_eq!(m["promotion"], "compulsory");
    assert_eq!(m["piece_after"], "+K");
    assert_eq!(
        m["captures"],
        json!([{"square": "10i", "piece": "p", "royal": false}])
    );
    assert_eq!(
        body["position_after"],
        "k,18/19/19/19/19/19/19/19/9,+K,9/19/19/19/19/19/19/19/19/19/19 w - 2"
    );
    assert_eq!(body["status"]["state"], "ended");
    assert_eq!(body["status"]["result"], "black");
    assert_eq!(body["status"]["reason"], "checkmate");
    // Declining is no legal move under any_capture (M03's note).
    let body = adjudicate(&app, json!(null), KING_TAKES_PAWN, "10j10i=").await;
    assert_eq!(body["legal"], false, "{body}");
    assert_eq!(body["illegal"]["code"], "promotion_compulsory");
}

#[tokio::test]
async fn contagion_and_its_exemptions_follow_the_option() {
    let app = spawn_app().await;
    // M12 and its note: the drunk elephant catches the deva's contagion by default, keeps
    // its own promotion (prince) when it is exempt; with no contagion (tsa) it promotes
    // by its own table, to prince as well.
    for (rules, piece_after, promotion) in [
        (json!(null), "+DV", "contagion"),
        (
            json!({"options": {"contagion": "royals_and_elephant_exempt"}}),
            "+DE",
            "compulsory",
        ),
        (json!({"profile": "tsa"}), "+DE", "compulsory"),
    ] {
        let body = adjudicate(&app, rules.clone(), ELEPHANT_BELOW_DEVA, "9i9h+").await;
        assert_eq!(body["legal"], true, "{rules}: {body}");
        assert_eq!(body["move"]["piece_after"], piece_after, "{rules}");
        assert_eq!(body["move"]["promotion"], promotion, "{rules}");
        assert_eq!(body["status"]["state"], "ongoing", "{rules}");
    }
}

#[tokio::test]
async fn the_emperor_takes_a_protected_gold_only_under_royals_only() {
    let app = spawn_app().await;
    // M05 and its note: legal under the default royals_only, illegal under unprotected
    // (profiles tsa and cvp), the silver on 5d protecting 5e.
    let body = adjudicate(&app, json!(null), EMPEROR_AND_PROTECTED_GOLD, "10j5e").await;
    assert_eq!(body["legal"], true, "{body}");
    assert_eq!(
        body["move"]["captures"],
        json!([{"square": "5e", "piece": "g", "royal": false}])
    );
    assert_eq!(body["rules"]["options"]["emperor_capture"], "royals_only");
    for profile in ["tsa", "cvp"] {
        let body = adjudicate(
            &app,
            json!({"profile": profile}),
            EMPEROR_AND_PROTECTED_GOLD,
            "10j5e",
        )
        .await;
        assert_eq!(body["legal"], false, "{profile}: {body}");
        assert_eq!(
            body["illegal"]["code"], "emperor_capture_protected",
            "{profile}"
        );
    }
}
