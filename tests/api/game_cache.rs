//! The cache of game states (issue 34): the same requests give byte-identical answers
//! with the cache on, off and under constant eviction (a property over random games,
//! random orders of requests and broken move lists), also with many requests at once; the
//! cache is used (hits, evictions) and its metrics are served.

use crate::helpers::{spawn_app_with, TestApp};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{json, Value};
use shogi_arbiter::api::game_cache::GameCache;
use shogi_arbiter::config::Limits;

/// Budgets of their own (the cache of a budget is shared by the apps of this process):
/// an ample one, and one so small that each shard holds one short game at most and
/// evicts on nearly every store.
const AMPLE: usize = 48 << 20;
const TINY: usize = 16 * 24 * 1024;

/// The three apps: cache on, off, tiny.
struct Apps {
    on: TestApp,
    off: TestApp,
    tiny: TestApp,
}

async fn apps() -> Apps {
    let with = |bytes| Limits {
        game_cache_bytes: bytes,
        ..Limits::default()
    };
    Apps {
        on: spawn_app_with(with(AMPLE)).await,
        off: spawn_app_with(with(0)).await,
        tiny: spawn_app_with(with(TINY)).await,
    }
}

impl Apps {
    /// POSTs `body` to all three and asserts the same status and bytes; returns the
    /// answer of the app without a cache.
    async fn same(&self, path: &str, body: &Value) -> Result<Value, TestCaseError> {
        let off = self.off.post(path, body).await;
        for (name, app) in [("on", &self.on), ("tiny", &self.tiny)] {
            let a = app.post(path, body).await;
            prop_assert_eq!(a.status, off.status, "{} {} {}", name, path, body);
            prop_assert!(
                a.raw == off.raw,
                "{name} {path} {body}: {} != {}",
                String::from_utf8_lossy(&a.raw),
                String::from_utf8_lossy(&off.raw)
            );
        }
        Ok(off.body)
    }
}

/// A game of the variant and rules of `base`, each move picked by `picks` among the legal
/// moves' texts (asked of the app without a cache), up to the end of the picks or of the
/// game.
async fn random_game(app: &TestApp, base: &Value, picks: &[u64]) -> Vec<String> {
    let mut moves: Vec<String> = Vec::new();
    for pick in picks {
        let mut body = base.clone();
        body["moves"] = json!(moves);
        body["format"] = json!("text");
        let a = app.post("/v1/legal-moves", &body).await;
        assert_eq!(a.status, 200, "{a:?}");
        let listed: Vec<String> = serde_json::from_value(a.body["moves"].clone()).expect("texts");
        if listed.is_empty() || a.body["status"]["state"] == "ended" {
            break;
        }
        // The remainder is below the list's length.
        moves.push(listed[(pick % listed.len() as u64) as usize].clone());
    }
    moves
}

/// One request of a case: ask about ply `ply` of the game, with move `broken` (if below
/// `ply`) replaced by text that names no move or by the next move of the game; an
/// adjudication proposes the game's next move, or (`refused`) one refused: text that
/// names no move, or the move before (its piece has left the square).
#[derive(Clone, Debug)]
struct Step {
    ply: Index,
    broken: Option<(Index, bool)>,
    legal_moves: bool,
    refused: Option<bool>,
}

fn step() -> impl Strategy<Value = Step> {
    (
        any::<Index>(),
        proptest::option::weighted(0.2, (any::<Index>(), any::<bool>())),
        any::<bool>(),
        proptest::option::weighted(0.25, any::<bool>()),
    )
        .prop_map(|(ply, broken, legal_moves, refused)| Step {
            ply,
            broken,
            legal_moves,
            refused,
        })
}

/// The variants and rules the games are played under, with and without a `start`.
fn bases() -> Vec<Value> {
    vec![
        json!({"variant": "chu"}),
        json!({"variant": "tai"}),
        json!({"variant": "tai", "rules": {"profile": "tsa"}}),
        json!({"variant": "tenjiku"}),
        json!({"variant": "dai"}),
    ]
}

/// Sends the requests of `steps` about `game` to the three apps; after them, walks the
/// game ply by ply from `from` (the way a game server asks), asking every third ply's
/// legal moves after its adjudication.
async fn check_case(
    apps: &Apps,
    base: &Value,
    start: Option<&Value>,
    game: &[String],
    steps: &[Step],
    from: Index,
) -> Result<(), TestCaseError> {
    let body = |moves: &[String], next: Option<&String>, legal_moves: bool| {
        let mut body = base.clone();
        body["moves"] = json!(moves);
        if let Some(start) = start {
            body["start"] = start.clone();
        }
        match (legal_moves, next) {
            (false, Some(next)) => {
                body["move"] = json!(next);
                ("/v1/adjudicate", body)
            }
            _ => {
                body["format"] = json!("text");
                ("/v1/legal-moves", body)
            }
        }
    };
    for s in steps {
        let ply = s.ply.index(game.len() + 1);
        let mut moves = game[..ply].to_vec();
        if let (Some((at, unreadable)), true) = (&s.broken, ply > 0) {
            let at = at.index(ply);
            moves[at] = match (unreadable, game.get(at + 1)) {
                (false, Some(next)) => next.clone(),
                _ => "zz99".to_string(),
            };
        }
        let unreadable = "zz99".to_string();
        let proposed = match s.refused {
            None => game.get(ply),
            Some(true) => Some(&unreadable),
            Some(false) => ply.checked_sub(1).and_then(|before| game.get(before)),
        };
        let (path, body) = body(&moves, proposed, s.legal_moves);
        apps.same(path, &body).await?;
    }
    for ply in from.index(game.len())..game.len() {
        let (path, request) = body(&game[..ply], game.get(ply), false);
        apps.same(path, &request).await?;
        // The game the adjudication gave back, asked about again (its move taken back).
        if ply % 3 == 0 {
            let (path, request) = body(&game[..ply], None, true);
            apps.same(path, &request).await?;
        }
    }
    Ok(())
}

/// The property, run by hand: the runner draws the cases, the runtime sends them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answers_are_the_same_with_the_cache_on_off_and_evicting() {
    let apps = apps().await;
    let bases = bases();
    let mut starts = Vec::new();
    for base in &bases {
        let v = base["variant"].as_str().expect("an id");
        let entry = apps.off.get(&format!("/v1/variants/{v}")).await;
        starts.push(entry.body["start_position"].clone());
    }
    let case = (
        0..bases.len(),
        any::<bool>(),
        proptest::collection::vec(any::<u64>(), 8..40),
        proptest::collection::vec(step(), 1..10),
        any::<Index>(),
    );
    let mut runner = TestRunner::new(Config {
        cases: 64,
        failure_persistence: None,
        ..Config::default()
    });
    let handle = tokio::runtime::Handle::current();
    let on_before = GameCache::of_budget(AMPLE).expect("a cache").stats();
    let tiny_before = GameCache::of_budget(TINY).expect("a cache").stats();
    let result = runner.run(&case, |(b, with_start, picks, steps, from)| {
        tokio::task::block_in_place(|| {
            handle.block_on(async {
                let base = &bases[b];
                let start = with_start.then_some(&starts[b]);
                let game = random_game(&apps.off, base, &picks).await;
                check_case(&apps, base, start, &game, &steps, from).await
            })
        })
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    let on = GameCache::of_budget(AMPLE).expect("a cache").stats();
    let tiny = GameCache::of_budget(TINY).expect("a cache").stats();
    assert!(on.hits > on_before.hits, "the cache was used: {on:?}");
    assert!(on.misses > on_before.misses, "{on:?}");
    assert!(
        tiny.evictions > tiny_before.evictions,
        "the tiny cache evicted: {tiny:?}"
    );
    assert!(tiny.bytes <= TINY, "{tiny:?}");
}

/// Many clients walking the same game at once get the answers of the app without a cache.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_walks_of_one_game_are_answered_as_without_the_cache() {
    let apps = apps().await;
    let base = json!({"variant": "chu"});
    let picks: Vec<u64> = (0..60u64).map(|i| i * 7919 + 13).collect();
    let game = random_game(&apps.off, &base, &picks).await;
    assert!(game.len() > 20, "{game:?}");
    let mut expected = Vec::new();
    for ply in 0..game.len() {
        let body = json!({"variant": "chu", "moves": &game[..ply], "move": &game[ply]});
        expected.push((
            body.clone(),
            apps.off.post("/v1/adjudicate", &body).await.raw,
        ));
    }
    let expected = std::sync::Arc::new(expected);
    let mut walks = Vec::new();
    for walker in 0..16 {
        let expected = std::sync::Arc::clone(&expected);
        let on = apps.on.address.clone();
        let tiny = apps.tiny.address.clone();
        walks.push(tokio::spawn(async move {
            let client = reqwest::Client::new();
            let address = if walker % 2 == 0 { on } else { tiny };
            for (body, raw) in expected.iter().skip(walker) {
                let got = client
                    .post(format!("{address}/v1/adjudicate"))
                    .json(body)
                    .send()
                    .await
                    .expect("sent")
                    .bytes()
                    .await
                    .expect("an answer");
                assert_eq!(&got[..], &raw[..], "{body}");
            }
        }));
    }
    for walk in walks {
        walk.await.expect("a walk ends");
    }
}

/// The cache's counters and bytes are served by `/metrics`.
#[tokio::test]
async fn metrics_show_hits_misses_evictions_and_bytes() {
    let apps = apps().await;
    let a = apps.on.get("/metrics").await;
    assert_eq!(a.status, 200);
    // Walk a game on the tiny cache, so that every series has been recorded.
    let picks: Vec<u64> = (0..40u64).map(|i| i * 104_729 + 7).collect();
    let game = random_game(&apps.off, &json!({"variant": "tai"}), &picks).await;
    for ply in 0..game.len() {
        let body = json!({"variant": "tai", "moves": &game[..ply], "move": &game[ply]});
        assert_eq!(apps.tiny.post("/v1/adjudicate", &body).await.status, 200);
    }
    let text = String::from_utf8(apps.on.get("/metrics").await.raw).expect("text");
    for series in [
        "shogi_arbiter_game_cache_hits_total ",
        "shogi_arbiter_game_cache_misses_total ",
        "shogi_arbiter_game_cache_evictions_total ",
        "shogi_arbiter_game_cache_bytes ",
    ] {
        let value = text
            .lines()
            .find_map(|l| l.strip_prefix(series))
            .unwrap_or_else(|| panic!("no {series}in {text}"));
        let value: f64 = value.parse().expect("a number");
        assert!(value > 0.0, "{series}{value}");
    }
}
