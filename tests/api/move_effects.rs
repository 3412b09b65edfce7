//! What a move did, as the answers report it from the engine's move value: how it promoted
//! (compulsory, chosen, declined, contagion), lishogi's redundant spellings accepted and
//! normalised in chu shogi, a pass naming the piece that passed, and the Hodges reasons
//! for Hodges text that names no legal move. Every expectation is derived from the rules
//! pages (the research page "chu", `sources/chu_lishogi.md`, `tai.md`, `notation.md`).

use crate::helpers::{spawn_app, TestApp};
use crate::placements::position_text;
use serde_json::{json, Value};
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};

/// Position text of `placements` in `variant` under its default rules, or with `options`.
pub fn bare(variant: &str, options: &[(&str, &str)], placements: &str, side: char) -> String {
    let request = RulesRequest {
        profile: None,
        overrides: options
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let rules = Rules::resolve(variant::by_id(variant).unwrap(), &request).unwrap();
    position_text(&rules, placements, side)
}

/// Adjudicates `mv` on a bare position; returns the body.
async fn adjudicate(app: &TestApp, variant: &str, rules: Value, position: &str, mv: &str) -> Value {
    let a = app
        .post(
            "/v1/adjudicate",
            &json!({"variant": variant, "rules": rules, "position": position, "move": mv}),
        )
        .await;
    assert_eq!(a.status, 200, "{mv}: {a:?}");
    a.body
}

/// `(legal, canonical text, promotion)` of an adjudication answer.
fn verdict(body: &Value) -> (bool, Value, Value) {
    (
        body["legal"] == true,
        body["move"]["move"].clone(),
        body["move"]["promotion"].clone(),
    )
}

#[tokio::test]
async fn promotion_is_reported_as_the_move_made_it() {
    let app = spawn_app().await;
    // Chu: a silver entering the zone (rank d for Black) may promote, never must
    // (chu_lishogi.md §5 rule 1): `+` is a chosen promotion, `=` and no mark decline it.
    // White's pawn on 12e keeps White from being bare.
    let chu = bare("chu", &[], "S@5e p@12e K@12l k@12a", 'b');
    let chosen = adjudicate(&app, "chu", json!(null), &chu, "5e5d+").await;
    assert_eq!(verdict(&chosen), (true, json!("5e5d+"), json!("chosen")));
    assert_eq!(chosen["move"]["piece_after"], "+S");
    for declined in ["5e5d=", "5e5d", "5e5d?"] {
        let body = adjudicate(&app, "chu", json!(null), &chu, declined).await;
        assert_eq!(
            verdict(&body),
            (true, json!("5e5d="), json!("declined")),
            "{declined}"
        );
        assert_eq!(body["move"]["piece_after"], "S");
    }
    // Chu, last_rank_pawn_lance=must_promote: a pawn capturing on its last rank inside the
    // zone must promote (`tests/data/vectors/chu.json`, chu_promo_pawn_capture_last_rank_must_promote).
    let must = bare(
        "chu",
        &[("last_rank_pawn_lance", "must_promote")],
        "P@4b p@4a p@12e K@12l k@12a",
        'b',
    );
    let rules = json!({"options": {"last_rank_pawn_lance": "must_promote"}});
    let body = adjudicate(&app, "chu", rules, &must, "4b4a").await;
    assert_eq!(verdict(&body), (true, json!("4b4a+"), json!("compulsory")));
    // Tai, promotion_trigger=capture_of_promoted: capturing an unpromoted pawn offers the
    // promotion (tai.md A2), so `+` is chosen and `=` declined; capturing a promoted piece
    // makes it compulsory.
    let options = [("promotion_trigger", "capture_of_promoted")];
    let tai = bare("tai", &options, "R@5m p@5e B@6m +r@10i CP@25y cp@1a", 'b');
    let rules = json!({"options": {"promotion_trigger": "capture_of_promoted"}});
    let chosen = adjudicate(&app, "tai", rules.clone(), &tai, "5m5e+").await;
    assert_eq!(verdict(&chosen), (true, json!("5m5e+"), json!("chosen")));
    let declined = adjudicate(&app, "tai", rules.clone(), &tai, "5m5e=").await;
    assert_eq!(
        verdict(&declined),
        (true, json!("5m5e="), json!("declined"))
    );
    let forced = adjudicate(&app, "tai", rules, &tai, "6m10i").await;
    assert_eq!(
        verdict(&forced),
        (true, json!("6m10i+"), json!("compulsory"))
    );
    // Tai contagion: a gold capturing a deva becomes a promoted deva (tai.md).
    let tai = bare("tai", &[], "G@5m dv@5l CP@25y cp@1a", 'b');
    let body = adjudicate(&app, "tai", json!(null), &tai, "5m5l").await;
    assert_eq!(verdict(&body), (true, json!("5m5l+"), json!("contagion")));
    assert_eq!(body["move"]["piece_after"], "+DV");
    // A move that offers nothing.
    let body = adjudicate(&app, "tai", json!(null), &tai, "5m4l").await;
    assert_eq!(verdict(&body), (true, json!("5m4l"), json!("none")));
}

#[tokio::test]
async fn lishogis_redundant_marks_are_accepted_in_chu_only() {
    let app = spawn_app().await;
    // A silver's step back, away from the zone, offers no promotion: lishogi
    // reads `=` or `?` after it as "no promotion" (chu_lishogi.md §1); answers print the
    // canonical text without a mark.
    let chu = bare("chu", &[], "S@5e p@12e K@12l k@12a", 'b');
    for text in ["5e4f=", "5e4f?", "5e4f"] {
        let body = adjudicate(&app, "chu", json!(null), &chu, text).await;
        assert_eq!(
            verdict(&body),
            (true, json!("5e4f"), json!("none")),
            "{text}"
        );
    }
    // `+` there is still refused (§5: `+` on a move that cannot promote).
    let plus = adjudicate(&app, "chu", json!(null), &chu, "5e4f+").await;
    assert_eq!(plus["illegal"]["code"], "promotion_not_possible");
    // A lion's pass with `+` (as lishogi accepts on its three-square moves, §5, §8):
    // accepted, written without it. The lion on 7g passes through its first empty
    // neighbour in file-then-rank order, 6f.
    let lion = bare("chu", &[], "N@7g p@12e K@12l k@12a", 'b');
    for text in ["7g6g7g+", "7g8h7g=", "7g6f7g?"] {
        let body = adjudicate(&app, "chu", json!(null), &lion, text).await;
        assert_eq!(
            verdict(&body),
            (true, json!("7g6f7g"), json!("none")),
            "{text}"
        );
        assert_eq!(body["move"]["pass"], true);
    }
    // Tai keeps notation.md's strict marks: `=` or `?` where no promotion is possible is
    // refused.
    let tai = bare("tai", &[], "G@5m CP@25y cp@1a", 'b');
    for text in ["5m5l=", "5m5l?"] {
        let body = adjudicate(&app, "tai", json!(null), &tai, text).await;
        assert_eq!(body["illegal"]["code"], "promotion_not_possible", "{text}");
    }
}

#[tokio::test]
async fn a_pass_names_the_piece_that_passed() {
    let app = spawn_app().await;
    // Issue 13's position: White's lion on 7c and horned falcon on 2e can both pass. The
    // position's one listed pass is the falcon's (file 2 before file 7; through 2f, the
    // square in front of it, White's forward being towards rank l: notation.md); a pass
    // by the lion is the same move in lists, but the game keeps the lion.
    let start = "k11/12/5n6/12/10+h1/12/12/7S4/12/12/12/K10R b - 1";
    let listed = app
        .post(
            "/v1/legal-moves",
            &json!({"variant": "chu", "start": start, "moves": ["1l1k"]}),
        )
        .await;
    let passes: Vec<&Value> = listed.body["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["pass"] == true)
        .collect();
    assert_eq!(passes.len(), 1, "{listed:?}");
    assert_eq!(passes[0]["move"], "2e2f2e");
    let replay = app
        .post(
            "/v1/replay",
            &json!({"variant": "chu", "start": start, "moves": ["1l1k", "7c6c7c", "1k1l", "7c7d7c"]}),
        )
        .await;
    assert_eq!(replay.status, 200, "{replay:?}");
    for i in [1, 3] {
        let played = &replay.body["verdicts"][i]["move"];
        // The lion's pass through its first empty neighbour in file-then-rank order: 6b.
        assert_eq!(played["move"], "7c6b7c", "{played}");
        assert_eq!(played["from"], "7c");
        assert_eq!(played["hodges"], "N-!6b");
        assert_eq!(played["pass"], true);
    }
    assert_eq!(replay.body["status"]["occurrences"], 2);
}

#[tokio::test]
async fn hodges_text_gets_hodges_reasons() {
    let app = spawn_app().await;
    let tai = |mv: &str| json!({"variant": "tai", "move": mv});
    // (text, code, whether the text names no move: `unreadable`, else `illegal`)
    let cases = [
        // Silvers stand on the back ranks behind pawns: none reaches 5d.
        ("S-5d", "unreachable", false),
        // Not a square of a 25×25 board.
        ("P-99a", "malformed", true),
        // The pawn on 13s steps to the empty 13r: no capture there.
        ("Px13r", "capture_mark_wrong", true),
        ("ZZ-13r", "unknown_piece", true),
        // No promoted pawn at the start.
        ("+P-13r", "no_such_piece", true),
        // No pawn on 13m.
        ("P13m-13l", "no_such_piece", true),
    ];
    for (text, code, unreadable) in cases {
        let a = app.post("/v1/adjudicate", &tai(text)).await;
        assert_eq!(a.status, 200, "{a:?}");
        assert_eq!(a.body["legal"], false, "{text}");
        let (object, other) = if unreadable {
            ("unreadable", "illegal")
        } else {
            ("illegal", "unreadable")
        };
        assert_eq!(a.body[object]["code"], code, "{text}: {a:?}");
        assert_eq!(a.body[other], Value::Null, "{text}: {a:?}");
        let message = a.body[object]["message"].as_str().unwrap();
        assert!(!message.contains("is not a square of this board") || text == "P-99a");
        assert!(!message.contains("`P` is not") && !message.contains("`S` is not"));
    }
    let a = app.post("/v1/adjudicate", &tai("P-99a")).await;
    assert!(a.body["unreadable"]["message"]
        .as_str()
        .unwrap()
        .contains("`99a`"));
    let a = app.post("/v1/adjudicate", &tai("Px13r")).await;
    assert!(a.body["unreadable"]["message"]
        .as_str()
        .unwrap()
        .contains("P-13r"));
    assert!(a.body["unreadable"]["hint"]
        .as_str()
        .unwrap()
        .contains("`P-13r`"));
    // Optional promotion needs its mark in Hodges text (tai.md A2 option).
    let options = [("promotion_trigger", "capture_of_promoted")];
    let position = bare("tai", &options, "R@5m p@5e CP@25y cp@1a", 'b');
    let rules = json!({"options": {"promotion_trigger": "capture_of_promoted"}});
    let body = adjudicate(&app, "tai", rules, &position, "Rx5e").await;
    assert_eq!(body["unreadable"]["code"], "promotion_mark_required");
    // Two golds can step to 4l: the start square is needed.
    let position = bare("tai", &[], "G@5m G@3m CP@25y cp@1a", 'b');
    let body = adjudicate(&app, "tai", json!(null), &position, "G-4l").await;
    assert_eq!(body["unreadable"]["code"], "ambiguous");
    assert!(body["unreadable"]["hint"]
        .as_str()
        .unwrap()
        .contains("3m, 5m"));
    let body = adjudicate(&app, "tai", json!(null), &position, "G5m-4l").await;
    assert_eq!(verdict(&body), (true, json!("5m4l"), json!("none")));
}
