//! Dai shogi (大将棋, "large shogi") over HTTP: the catalogue entry (4 profiles, 8 options),
//! the legal moves and perft of the start position, and the dead-end rule as each profile
//! reads it. Every expectation is derived from the research page "dai" ("Setup", "Options and
//! profiles", "Promotion", "Outside figures": the 71 moves and HaChu's 5,041) and its
//! vectors D06–D09, never from this engine's output.

use crate::helpers::{catalogue_entry, option_defaults, option_names, spawn_app};
use serde_json::json;

/// dai.md "Setup": the start position, Black to move.
const START: &str = "l,n,sg,i,c,s,g,k,g,s,c,i,sg,n,l/rv,1,cs,1,fl,1,bt,de,bt,1,fl,1,cs,1,rv/1,vo,1,ab,1,ew,ph,ln,kr,ew,1,ab,1,vo,1/r,fd,sm,vm,b,dh,dk,q,dk,dh,b,vm,sm,fd,r/p,p,p,p,p,p,p,p,p,p,p,p,p,p,p/4,gb,5,gb,4/15/15/15/4,GB,5,GB,4/P,P,P,P,P,P,P,P,P,P,P,P,P,P,P/R,FD,SM,VM,B,DH,DK,Q,DK,DH,B,VM,SM,FD,R/1,VO,1,AB,1,EW,KR,LN,PH,EW,1,AB,1,VO,1/RV,1,CS,1,FL,1,BT,DE,BT,1,FL,1,CS,1,RV/L,N,SG,I,C,S,G,K,G,S,C,I,SG,N,L b - 1";

/// Vectors D06–D09: Black's knight on 6d, inside the zone, one jump from 5b (its second
/// rank from the far edge, where an unpromoted knight has no move).
const KNIGHT_ON_6D: &str = "14,k/15/15/9,N,5/15/15/15/15/15/15/15/15/15/15/14,K b - 1";

#[tokio::test]
async fn the_catalogue_lists_dai_with_its_profiles_and_options() {
    let app = spawn_app().await;
    let v = catalogue_entry(
        &app,
        "dai",
        "Dai shogi",
        15,
        START,
        &["wikipedia", "hachu", "evans", "chu"],
    )
    .await;
    let names = option_names(&v);
    assert_eq!(
        names,
        [
            "zone_rule",
            "dead_end_promotion",
            "lion_trading",
            "lion_protection",
            "counter_strike",
            "promoted_kirin_recapture",
            "bare_king",
            "repetition",
        ]
    );
    assert_eq!(
        option_defaults(&v, "dead_end_promotion"),
        &json!({"wikipedia": "compulsory", "hachu": "when_offered", "evans": "compulsory", "chu": "may_stay"})
    );
}

#[tokio::test]
async fn the_start_position_has_71_moves_and_5041_at_depth_2() {
    let app = spawn_app().await;
    let a = app
        .post("/v1/legal-moves", &json!({"variant": "dai"}))
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["count"], 71);
    // dai.md: the lion is boxed in and can only jump to 10n or 6n.
    let moves: Vec<&str> = a.body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert!(moves.contains(&"8m10n") && moves.contains(&"8m6n"));
    let p = app
        .post("/v1/perft", &json!({"variant": "dai", "depth": 2}))
        .await;
    assert_eq!(p.status, 200, "{p:?}");
    assert_eq!(p.body["nodes"], 5_041);
}

#[tokio::test]
async fn a_knight_reaching_its_last_two_ranks_promotes_as_each_profile_reads_it() {
    let app = spawn_app().await;
    // (profile, move, legal): D06/D07 compulsory, D08 when_offered, D09 may_stay.
    for (profile, mv, legal) in [
        ("wikipedia", "6d5b=", false),
        ("wikipedia", "6d5b+", true),
        ("hachu", "6d5b+", false),
        ("hachu", "6d5b", true),
        ("chu", "6d5b=", true),
        ("chu", "6d5b+", true),
    ] {
        // The `chu` profile's bare-king rule would end this position at once (a lone king
        // against king and knight): its dead-end option is asked alone.
        let rules = if profile == "chu" {
            json!({"options": {"dead_end_promotion": "may_stay"}})
        } else {
            json!({"profile": profile})
        };
        let a = app
            .post(
                "/v1/adjudicate",
                &json!({"variant": "dai", "rules": rules, "position": KNIGHT_ON_6D, "move": mv}),
            )
            .await;
        assert_eq!(a.status, 200, "{profile} {mv}: {a:?}");
        assert_eq!(a.body["legal"], legal, "{profile} {mv}: {}", a.body);
    }
}
