//! Board pictures as a viewer asks for them (issue 30): `GET /v1/board.svg` with the POST
//! form's fields as query parameters gives the same bytes; `flip`, `size` and `labels`
//! change what they say and nothing else; the check mark and the ending band appear
//! exactly when the game is in check or over, and a finished game's caption names no side
//! to move; bad parameters are problem+json 422s. Positions are chu shogi's (chu.md: a side
//! that has lost its royals has lost; chu_lishogi.md §2 for the piece letters).

use crate::board::{glyphs, label_of, lion_game, parse, picture, translate, Element};
use crate::helpers::{assert_problem, spawn_app, Answer, TestApp};
use serde_json::{json, Value};

/// A query string of `pairs`, each value percent-encoded (every byte but letters, digits
/// and `-._~`).
fn query(pairs: &[(&str, &str)]) -> String {
    pairs
        .iter()
        .map(|(k, v)| {
            let value: String = v
                .bytes()
                .map(|b| {
                    if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                        char::from(b).to_string()
                    } else {
                        format!("%{b:02X}")
                    }
                })
                .collect();
            format!("{k}={value}")
        })
        .collect::<Vec<_>>()
        .join("&")
}

async fn get_picture(app: &TestApp, pairs: &[(&str, &str)]) -> Answer {
    let a = app.get(&format!("/v1/board.svg?{}", query(pairs))).await;
    assert_eq!(a.status, 200, "{pairs:?}: {a:?}");
    assert_eq!(a.content_type, "image/svg+xml");
    a
}

fn root(doc: &[Element]) -> &Element {
    &doc[0]
}

fn caption(doc: &[Element]) -> String {
    doc.iter()
        .find(|e| e.has_class("caption"))
        .unwrap()
        .text
        .clone()
}

fn squares(doc: &[Element], class: &str) -> Vec<String> {
    doc.iter()
        .filter(|e| e.has_class(class))
        .map(|e| e.attr("data-square").to_string())
        .collect()
}

#[tokio::test]
async fn get_gives_the_bytes_of_post() {
    let app = spawn_app().await;
    let cases: [(Value, Vec<(&str, &str)>); 3] = [
        (json!({"variant": "tai"}), vec![("variant", "tai")]),
        (
            {
                let mut body = lion_game();
                body["flip"] = json!(true);
                body["size"] = json!(600);
                body["labels"] = json!("latin");
                body
            },
            vec![
                ("variant", "chu"),
                (
                    "start",
                    "6k5/12/7+P4/2+r9/12/5p6/5p6/5N6/12/12/12/6K5 b - 1",
                ),
                ("moves", "7h7g7f"),
                ("flip", "true"),
                ("size", "600"),
                ("labels", "latin"),
            ],
        ),
        (
            json!({"variant": "chu", "rules": {"profile": "lishogi"}, "moves": ["7i7h", "6d6e", "7h7g"], "labels": "kanji"}),
            vec![
                ("variant", "chu"),
                ("rules", "{\"profile\":\"lishogi\"}"),
                ("moves", "7i7h,6d6e,7h7g"),
                ("labels", "kanji"),
            ],
        ),
    ];
    for (body, pairs) in cases {
        let post = picture(&app, &body).await;
        let get = get_picture(&app, &pairs).await;
        assert_eq!(get.raw, post.raw, "{body}");
    }
    // A promotion's `+` written `%2B` reaches the position text.
    let doc = parse(
        &get_picture(
            &app,
            &[
                ("variant", "chu"),
                ("position", "6k5/12/7+P4/12/12/12/12/12/12/12/12/6K5 b - 1"),
            ],
        )
        .await,
    );
    let tokin = doc
        .iter()
        .find(|e| e.attr("data-square") == "5c" && e.has_class("piece"))
        .unwrap();
    assert!(tokin.has_class("promoted"));
}

#[tokio::test]
async fn flip_size_and_labels() {
    let app = spawn_app().await;
    let plain = parse(&picture(&app, &lion_game()).await);
    let mut body = lion_game();
    body["flip"] = json!(true);
    let flipped = parse(&picture(&app, &body).await);
    let (width, height) = (root(&plain).num("width"), root(&plain).num("height"));
    let at = |doc: &[Element], square: &str| {
        let e = doc
            .iter()
            .find(|e| e.has_class("piece") && e.attr("data-square") == square)
            .unwrap();
        (
            translate(e.attr("transform")),
            e.attr("transform").ends_with("rotate(180)"),
        )
    };
    // The board's box is the same, each piece at the point mirrored through its centre.
    let board = plain.iter().find(|e| e.has_class("board")).unwrap();
    let (cx, cy) = (
        2.0 * board.num("x") + board.num("width"),
        2.0 * board.num("y") + board.num("height"),
    );
    for square in ["7f", "5c", "10d", "6a", "6l"] {
        let (((x, y), turned), ((fx, fy), flipped_turned)) =
            (at(&plain, square), at(&flipped, square));
        assert_eq!((fx, fy), (cx - x, cy - y), "{square}");
        assert_ne!(turned, flipped_turned, "{square}");
    }
    // Black's king on 6l points down in White's view.
    assert!(at(&flipped, "6l").1 && !at(&plain, "6l").1);
    // size: the width asked for, the height in proportion, the same drawing.
    for size in [100, 600, 4096] {
        let mut body = lion_game();
        body["size"] = json!(size);
        let doc = parse(&picture(&app, &body).await);
        assert_eq!(root(&doc).num("width"), f64::from(size));
        assert_eq!(
            root(&doc).num("height"),
            (f64::from(size) * height / width).round()
        );
        assert_eq!(root(&doc).attr("viewBox"), root(&plain).attr("viewBox"));
    }
    // Latin labels: each piece shows the code of the kind it moves as (the token's letters
    // for an unpromoted piece; chu_lishogi.md §2: a promoted pawn moves as a gold
    // general, G; a promoted rook as a dragon king, D).
    let mut body = lion_game();
    body["labels"] = json!("latin");
    let doc = parse(&picture(&app, &body).await);
    assert!(!doc.iter().any(|e| e.name == "use" || e.name == "defs"));
    let mut shown: Vec<(String, String)> = doc
        .iter()
        .enumerate()
        .filter(|(_, e)| e.has_class("piece"))
        .map(|(i, e)| {
            (
                e.attr("data-square").to_string(),
                glyphs(&doc, label_of(&doc, i)),
            )
        })
        .collect();
    shown.sort();
    let expected = [
        ("10d", "D"),
        ("5c", "G"),
        ("6a", "K"),
        ("6l", "K"),
        ("7f", "N"),
    ];
    assert_eq!(shown, expected.map(|(s, l)| (s.to_string(), l.to_string())));
}

#[tokio::test]
async fn check_and_ending_marks_and_the_side_to_move() {
    let app = spawn_app().await;
    // White's rook on 6e attacks Black's king on 6l.
    let check =
        json!({"variant": "chu", "position": "6k5/12/12/12/6r5/12/12/12/12/P11/12/6K5 b - 1"});
    let doc = parse(&picture(&app, &check).await);
    assert_eq!(squares(&doc, "check"), ["6l"]);
    assert!(squares(&doc, "ending").is_empty() && !doc.iter().any(|e| e.has_class("ending")));
    assert!(
        caption(&doc).contains("Black to move, in check"),
        "{}",
        caption(&doc)
    );
    // Black's rook takes White's king: the game is over, Black has won.
    let start = "6k4g/12/12/12/12/12/12/12/12/12/P11/6R4K b - 1";
    let doc = parse(
        &picture(
            &app,
            &json!({"variant": "chu", "start": start, "moves": []}),
        )
        .await,
    );
    assert!(!doc
        .iter()
        .any(|e| e.has_class("ending") || e.has_class("check")));
    assert!(caption(&doc).contains("Black to move"));
    let over = picture(
        &app,
        &json!({"variant": "chu", "start": start, "moves": ["6l6a"]}),
    )
    .await;
    let doc = parse(&over);
    let band: Vec<&Element> = doc.iter().filter(|e| e.has_class("ending")).collect();
    assert_eq!(band.len(), 1);
    assert_eq!(band[0].attr("data-result"), "black");
    assert_eq!(band[0].attr("data-reason"), "royals_captured");
    assert!(!doc.iter().any(|e| e.has_class("check")));
    assert!(caption(&doc).contains("Black wins"), "{}", caption(&doc));
    let text = std::str::from_utf8(&over.raw).unwrap();
    assert!(!text.contains("to move"), "{}", caption(&doc));
}

#[tokio::test]
async fn bad_parameters_are_problems() {
    let app = spawn_app().await;
    let get_cases: [(&str, &str); 11] = [
        ("variant=chu&size=99", "size_out_of_range"),
        ("variant=chu&size=4097", "size_out_of_range"),
        ("variant=chu&size=wide", "invalid_request"),
        ("variant=chu&flip=yes", "invalid_request"),
        ("variant=chu&labels=greek", "invalid_request"),
        ("variant=chu&colour=red", "invalid_request"),
        ("flip=true", "invalid_request"),
        (
            "variant=chu&rules=%7B%22profil%22%3A%22x%22%7D",
            "invalid_request",
        ),
        ("variant=xiangqi", "unknown_variant"),
        ("variant=chu&moves=7i7a", "illegal_move_in_game"),
        (
            "variant=chu&position=6k5/12/12/12/12/12/12/12/12/12/12/6K5+b+-+1&moves=7i7h",
            "ambiguous_position",
        ),
    ];
    for (q, code) in get_cases {
        let a = app.get(&format!("/v1/board.svg?{q}")).await;
        assert_problem(&a, 422, code);
    }
    // A `+` left bare in a URL is a space: the move is refused, not read as another one.
    let a = app
        .get("/v1/board.svg?variant=chu&moves=7i7h,6d6e,+P-8h")
        .await;
    assert_problem(&a, 422, "invalid_request");
    assert_eq!(a.body["index"], 2, "{a:?}");
    for (size, code) in [
        (json!(99), "size_out_of_range"),
        (json!(5000), "size_out_of_range"),
        (json!("600"), "invalid_request"),
    ] {
        let a = app
            .post("/v1/board.svg", &json!({"variant": "chu", "size": size}))
            .await;
        assert_problem(&a, 422, code);
    }
    let a = app
        .post(
            "/v1/board.svg",
            &json!({"variant": "chu", "labels": "greek"}),
        )
        .await;
    assert_problem(&a, 422, "invalid_request");
}
