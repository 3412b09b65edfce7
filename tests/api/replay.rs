//! Replaying games: a verdict per move, stopping at the first illegal one.

use crate::helpers::spawn_app;
use serde_json::json;

#[tokio::test]
async fn replays_until_the_first_illegal_move() {
    let app = spawn_app().await;
    let a = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": ["13s13r", "13g13h", "13r13p", "13h13i"]}),
        )
        .await;
    assert_eq!(a.status, 200, "{a:?}");
    assert_eq!(a.body["first_illegal"], 2);
    let verdicts = a.body["verdicts"].as_array().unwrap();
    assert_eq!(verdicts.len(), 3);
    assert_eq!(verdicts[0]["legal"], true);
    assert_eq!(verdicts[1]["move"]["hodges"], "P-13h");
    assert_eq!(verdicts[2]["legal"], false);
    assert_eq!(verdicts[2]["illegal"]["code"], "unreachable");
    assert_eq!(verdicts[2]["illegal"]["winner_if_enforced"], "white");
    // The ruling that an illegal move loses, applied to the game as submitted: Black's
    // third move was illegal, so White won.
    assert_eq!(a.body["status"]["state"], "ended");
    assert_eq!(a.body["status"]["result"], "white");
    assert_eq!(a.body["status"]["reason"], "illegal_move");
    let fin = a.body["final_position"].as_str().unwrap();
    assert!(fin.ends_with(" b - 3"), "{fin}");
    let whole = app
        .post(
            "/v1/replay",
            &json!({"variant": "tai", "moves": ["13s13r", "13g13h"]}),
        )
        .await;
    assert_eq!(whole.body["first_illegal"], serde_json::Value::Null);
    assert_eq!(whole.body["verdicts"].as_array().unwrap().len(), 2);
    assert_eq!(whole.body["status"]["state"], "ongoing");
    assert_eq!(whole.body["status"]["result"], serde_json::Value::Null);
    assert_eq!(whole.body["verdicts"][0]["gave_check"], false);
}
