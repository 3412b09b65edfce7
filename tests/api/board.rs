//! `POST /v1/board.svg` (issue 19): every variant's start position is a well-formed SVG
//! document with one piece outline per piece of the setup, White's pieces turned, file
//! numbers and rank letters where notation.md puts them; a game marks its last move and
//! the squares where pieces were removed; promoted sides are written in red; bad input is
//! a problem+json 4xx.
//!
//! The piece counts of the start positions are the rules pages' (docs/rules/*.md):
//! tai.md "177 pieces a side"; chu: sources/chu_lishogi.md §1, the start position (rank l
//! 12, rank k 8, rank j 12, pawns 12, two go-betweens: 46 a side); tenjiku.md "Each side
//! has 78 pieces"; dai.md "65 pieces a side"; dai-dai.md "96 pieces a side";
//! maka-dai-dai.md "96 pieces a side"; ko.md "Black's setup, point by point (90 pieces)";
//! taikyoku.md §2 "402 pieces a side".

use crate::helpers::{assert_problem, spawn_app, Answer, TestApp};
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Variant, board size, pieces a side at the start (see the module comment).
const STARTS: [(&str, usize, usize); 8] = [
    ("tai", 25, 177),
    ("chu", 12, 46),
    ("tenjiku", 16, 78),
    ("dai", 15, 65),
    ("dai-dai", 17, 96),
    ("maka-dai-dai", 19, 96),
    ("ko", 19, 90),
    ("taikyoku", 36, 402),
];

/// A chu game: Black's lion on 7h takes the pawns on 7g and 7f in one move (a lion's
/// double capture, machine text `7h7g7f`), with a Black promoted pawn on 5c and a White
/// promoted rook on 10d on the board.
pub fn lion_game() -> Value {
    json!({
        "variant": "chu",
        "start": "6k5/12/7+P4/2+r9/12/5p6/5p6/5N6/12/12/12/6K5 b - 1",
        "moves": ["7h7g7f"],
    })
}

const RED: &str = "#d0021b";

#[tokio::test]
async fn every_start_position_is_drawn_with_every_piece_and_white_turned() {
    let app = spawn_app().await;
    for (variant, size, a_side) in STARTS {
        let a = picture(&app, &json!({ "variant": variant })).await;
        let doc = parse(&a);
        let root = &doc[0];
        assert_eq!(root.name, "svg", "{variant}");
        assert_eq!(root.attr("xmlns"), "http://www.w3.org/2000/svg");
        assert!(!root.attr("width").is_empty() && !root.attr("viewBox").is_empty());
        let polygons = doc.iter().filter(|e| e.name == "polygon").count();
        assert_eq!(polygons, 2 * a_side, "{variant}: piece outlines");
        let pieces: Vec<&Element> = doc.iter().filter(|e| e.has_class("piece")).collect();
        assert_eq!(pieces.len(), 2 * a_side, "{variant}: pieces");
        for p in &pieces {
            let turned = p.attr("transform").ends_with(" rotate(180)");
            assert_eq!(p.has_class("white"), turned, "{variant}: {p:?}");
            assert_eq!(p.has_class("black"), !turned, "{variant}: {p:?}");
            // No piece is promoted at the start: no red writing.
            assert!(!p.has_class("promoted"), "{variant}: {p:?}");
        }
        assert_eq!(
            pieces.iter().filter(|p| p.has_class("white")).count(),
            a_side
        );
        assert!(
            !a.raw.windows(RED.len()).any(|w| w == RED.as_bytes()),
            "{variant}"
        );
        // No last move in a start position.
        assert!(!doc
            .iter()
            .any(|e| e.has_class("last-from") || e.has_class("removed")));
        coordinates(&doc, variant, size);
    }
}

/// File numbers run from `size` on the left to 1 on the right, rank letters from `a` at the
/// top (notation.md "Squares"); Black's pieces stand at the bottom.
fn coordinates(doc: &[Element], variant: &str, size: usize) {
    let labels = |class: &str| -> Vec<(f64, f64, String)> {
        doc.iter()
            .filter(|e| e.name == "text" && e.has_class(class))
            .map(|e| (e.num("x"), e.num("y"), e.text.clone()))
            .collect()
    };
    let mut files = labels("file");
    files.sort_by(|a, b| a.0.total_cmp(&b.0));
    let expected: Vec<String> = (1..=size).rev().map(|n| n.to_string()).collect();
    let got: Vec<String> = files.iter().map(|f| f.2.clone()).collect();
    assert_eq!(got, expected, "{variant}: file numbers left to right");
    let mut ranks = labels("rank");
    ranks.sort_by(|a, b| a.1.total_cmp(&b.1));
    // Ranks 1 to 26 are `a` to `z`, ranks 27 to 36 a letter `a` to `j` written twice
    // (notation.md).
    let expected: Vec<String> = (0..size)
        .map(|i| {
            if i < 26 {
                char::from(b'a' + i as u8).to_string()
            } else {
                char::from(b'a' + (i - 26) as u8).to_string().repeat(2)
            }
        })
        .collect();
    let got: Vec<String> = ranks.iter().map(|r| r.2.clone()).collect();
    assert_eq!(got, expected, "{variant}: rank letters top to bottom");
    // A Black piece on the last rank is drawn below a White one on rank `a`, and the
    // piece on file 1 right of the one on file `size`.
    let last = char::from(b'a' + size as u8 - 1);
    let at = |square: &str| {
        doc.iter()
            .find(|e| e.has_class("piece") && e.attr("data-square") == square)
            .map(|e| translate(e.attr("transform")))
    };
    let (bottom, top) = (at(&format!("1{last}")), at("1a"));
    if let (Some(b), Some(t)) = (bottom, top) {
        assert!(b.1 > t.1, "{variant}: 1{last} below 1a");
    }
    if let (Some(right), Some(left)) = (at(&format!("1{last}")), at(&format!("{size}{last}"))) {
        assert!(right.0 > left.0, "{variant}: file 1 on the right");
    }
}

#[tokio::test]
async fn a_game_marks_its_last_move_and_the_pieces_it_removed() {
    let app = spawn_app().await;
    let doc = parse(&picture(&app, &lion_game()).await);
    let marked = |class: &str| -> Vec<String> {
        let mut squares: Vec<String> = doc
            .iter()
            .filter(|e| e.has_class(class))
            .map(|e| e.attr("data-square").to_string())
            .collect();
        squares.sort();
        squares
    };
    assert_eq!(marked("last-from"), ["7h"]);
    assert_eq!(marked("last-path"), ["7f", "7g"]);
    assert_eq!(marked("removed"), ["7f", "7g"]);
    let from = doc.iter().find(|e| e.has_class("last-from")).unwrap();
    let path = doc.iter().find(|e| e.has_class("last-path")).unwrap();
    let removed = doc.iter().find(|e| e.has_class("removed")).unwrap();
    assert_ne!(from.attr("fill"), path.attr("fill"));
    assert_eq!(removed.attr("fill"), "none");
    assert!(!removed.attr("stroke").is_empty());
    // The lion now stands on 7f; the pawns are gone.
    let pieces: BTreeMap<&str, &Element> = doc
        .iter()
        .filter(|e| e.has_class("piece"))
        .map(|e| (e.attr("data-square"), e))
        .collect();
    assert_eq!(pieces["7f"].attr("data-piece"), "N");
    assert!(!pieces.contains_key("7g") && !pieces.contains_key("7h"));
    assert_eq!(pieces.len(), 5);
    // A bare position marks nothing.
    let bare = json!({"variant": "chu", "position": "6k5/12/12/12/12/12/12/12/12/12/12/6K5 b - 1"});
    let doc = parse(&picture(&app, &bare).await);
    assert!(!doc
        .iter()
        .any(|e| e.has_class("last-from") || e.has_class("removed")));
}

#[tokio::test]
async fn promoted_sides_are_red_and_show_the_promoted_name() {
    let app = spawn_app().await;
    let doc = parse(&picture(&app, &lion_game()).await);
    let text_of = |square: &str| {
        let i = doc
            .iter()
            .position(|e| e.has_class("piece") && e.attr("data-square") == square)
            .unwrap();
        (&doc[i], label_of(&doc, i))
    };
    // chu_lishogi.md §2: a pawn promotes to a gold general (金将, tokin), a rook to a
    // dragon king (龍王).
    let (tokin, ink) = text_of("5c");
    assert!(tokin.has_class("promoted") && tokin.has_class("black"));
    assert_eq!(ink.attr("fill"), RED);
    assert_eq!(glyphs(&doc, ink), "金将");
    let (dragon, ink) = text_of("10d");
    assert!(dragon.has_class("promoted") && dragon.has_class("white"));
    assert!(dragon.attr("transform").ends_with(" rotate(180)"));
    assert_eq!(ink.attr("fill"), RED);
    assert_eq!(glyphs(&doc, ink), "龍王");
    let (lion, ink) = text_of("7f");
    assert!(!lion.has_class("promoted"));
    assert_ne!(ink.attr("fill"), RED);
    assert_eq!(glyphs(&doc, ink), "獅子");
}

#[tokio::test]
async fn names_per_side_and_unknown_kanji() {
    let app = spawn_app().await;
    // tenjiku.md: the king is 玉将 for Black and 王将 for White.
    let doc = parse(&picture(&app, &json!({"variant": "tenjiku"})).await);
    let kings: Vec<(String, String)> = doc
        .iter()
        .enumerate()
        .filter(|(_, e)| e.has_class("piece") && e.attr("data-piece").eq_ignore_ascii_case("k"))
        .map(|(i, e)| {
            (
                e.attr("data-piece").to_string(),
                glyphs(&doc, label_of(&doc, i)),
            )
        })
        .collect();
    assert_eq!(
        kings,
        [("k".into(), "王将".into()), ("K".into(), "玉将".into())]
    );
    // ko.md §2.3: the cavalrymen's kanji are unknown; the code is written instead.
    let ko = json!({"variant": "ko", "position": "9,g,9/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/19/8,+LB,+CB,9/9,G,9 b - 1"});
    let doc = parse(&picture(&app, &ko).await);
    let texts: Vec<String> = doc
        .iter()
        .filter(|e| e.name == "text" && e.attr("fill") == RED)
        .map(|t| glyphs(&doc, t))
        .collect();
    assert_eq!(texts, ["CC", "LC"]);
}

#[tokio::test]
async fn bad_requests_are_problems() {
    let app = spawn_app().await;
    let cases = [
        (json!({"variant": "xiangqi"}), "unknown_variant"),
        (
            json!({"variant": "chu", "position": "not a position"}),
            "invalid_position",
        ),
        (
            json!({"variant": "chu", "moves": ["7i7a"]}),
            "illegal_move_in_game",
        ),
        (
            json!({"variant": "chu", "position": "12/12/12/12/12/12/12/12/12/12/12/12 b - 1", "moves": []}),
            "ambiguous_position",
        ),
    ];
    for (body, code) in cases {
        let a = app.post("/v1/board.svg", &body).await;
        assert_problem(&a, 422, code);
    }
    let a = app
        .post_raw(
            "/v1/board.svg",
            b"{\"variant\":".to_vec(),
            "application/json",
        )
        .await;
    assert_eq!(a.status, 400, "{a:?}");
    assert_eq!(a.content_type, "application/problem+json");
    let a = app
        .post("/v1/board.svg", &json!({"variant": "chu", "colour": "red"}))
        .await;
    assert_eq!(a.status / 100, 4, "{a:?}");
    assert_eq!(a.content_type, "application/problem+json");
}

#[tokio::test]
async fn the_same_request_gives_the_same_bytes() {
    let app = spawn_app().await;
    let one = picture(&app, &lion_game()).await;
    let two = picture(&app, &lion_game()).await;
    assert_eq!(one.raw, two.raw);
}

pub async fn picture(app: &TestApp, body: &Value) -> Answer {
    let a = app.post("/v1/board.svg", body).await;
    assert_eq!(a.status, 200, "{body}: {a:?}");
    assert_eq!(a.content_type, "image/svg+xml");
    a
}

/// The label of the piece whose group is `doc[piece]`.
pub fn label_of(doc: &[Element], piece: usize) -> &Element {
    doc.iter()
        .find(|e| e.parent == Some(piece) && e.has_class("label"))
        .unwrap_or_else(|| panic!("no label in {:?}", doc[piece]))
}

/// The characters of a piece's label, in order: a `text` element's own and its `tspan`
/// children's; a group's `use` children's, each naming an outline `#k` and its code point
/// in hex, which must be defined once in the document's `<defs>`.
pub fn glyphs(doc: &[Element], label: &Element) -> String {
    let i = doc.iter().position(|e| std::ptr::eq(e, label)).unwrap();
    let mut out = label.text.clone();
    for e in doc.iter().filter(|e| e.parent == Some(i)) {
        out.push_str(&e.text);
        if e.name == "use" {
            let id = e.attr("href").strip_prefix('#').expect("a local reference");
            let defined: Vec<&Element> = doc
                .iter()
                .filter(|d| d.name == "path" && d.attr("id") == id)
                .collect();
            assert_eq!(defined.len(), 1, "{id} defined once");
            let in_defs = defined[0].parent.map(|p| doc[p].name.as_str());
            assert_eq!(in_defs, Some("defs"), "{id}");
            let code = u32::from_str_radix(id.strip_prefix('k').unwrap(), 16).unwrap();
            out.push(char::from_u32(code).unwrap());
        }
    }
    out
}

/// The x and y of `translate(x,y)`.
pub fn translate(transform: &str) -> (f64, f64) {
    let inner = transform
        .strip_prefix("translate(")
        .and_then(|t| t.split(')').next())
        .unwrap_or_else(|| panic!("no translate in {transform:?}"));
    let (x, y) = inner.split_once(',').unwrap();
    (x.trim().parse().unwrap(), y.trim().parse().unwrap())
}

/// One element of a parsed document, in document order.
#[derive(Debug)]
pub struct Element {
    pub name: String,
    attrs: BTreeMap<String, String>,
    /// Its own text (entities decoded), children's text excluded.
    pub text: String,
    /// Index of its parent in the document, `None` for the root.
    pub parent: Option<usize>,
}

impl Element {
    pub fn attr(&self, name: &str) -> &str {
        self.attrs.get(name).map_or("", String::as_str)
    }
    pub fn has_class(&self, class: &str) -> bool {
        self.attr("class").split(' ').any(|c| c == class)
    }
    pub fn num(&self, name: &str) -> f64 {
        self.attr(name).parse().unwrap_or(f64::NAN)
    }
}

/// Parses the answer as XML, panicking on anything not well-formed: tags nest and close,
/// one root element, attributes quoted and not repeated, `&` only in the five predefined
/// entities or character references, `<` only to start markup.
pub fn parse(a: &Answer) -> Vec<Element> {
    let text = std::str::from_utf8(&a.raw).expect("UTF-8");
    let mut rest = text.strip_prefix("<?xml").map_or(text, |r| {
        &r[r.find("?>").expect("the declaration ends") + 2..]
    });
    let mut doc: Vec<Element> = Vec::new();
    let mut open: Vec<usize> = Vec::new();
    let mut roots = 0;
    while !rest.is_empty() {
        let Some(lt) = rest.find('<') else {
            chars(rest, &mut doc, &open);
            break;
        };
        chars(&rest[..lt], &mut doc, &open);
        rest = &rest[lt..];
        if let Some(r) = rest.strip_prefix("<!--") {
            rest = &r[r.find("-->").expect("the comment ends") + 3..];
            continue;
        }
        let gt = rest.find('>').expect("the tag ends");
        let tag = &rest[1..gt];
        rest = &rest[gt + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let i = open.pop().expect("a closing tag closes an open element");
            assert_eq!(doc[i].name, name.trim(), "tags nest");
            continue;
        }
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = &tag[..name_end];
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_:-.".contains(c)),
            "tag name {name:?}"
        );
        let attrs = attributes(&tag[name_end..]);
        if open.is_empty() {
            roots += 1;
        }
        doc.push(Element {
            name: name.to_string(),
            attrs,
            text: String::new(),
            parent: open.last().copied(),
        });
        if !empty {
            open.push(doc.len() - 1);
        }
    }
    assert!(open.is_empty(), "every element is closed");
    assert_eq!(roots, 1, "one root element");
    doc
}

/// Character data between tags: only whitespace outside the root.
fn chars(text: &str, doc: &mut [Element], open: &[usize]) {
    let decoded = decode(text);
    match open.last() {
        Some(&i) => doc[i].text.push_str(&decoded),
        None => assert!(decoded.trim().is_empty(), "text outside the root: {text:?}"),
    }
}

fn attributes(mut text: &str) -> BTreeMap<String, String> {
    let mut attrs = BTreeMap::new();
    loop {
        text = text.trim_start();
        if text.is_empty() {
            return attrs;
        }
        let eq = text.find('=').expect("an attribute has a value");
        let name = text[..eq].trim();
        assert!(
            !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "_:-.".contains(c)),
            "attribute name {name:?}"
        );
        let after = text[eq + 1..].trim_start();
        let quote = after.chars().next().expect("a quoted value");
        assert!(quote == '"' || quote == '\'', "attribute {name} quoted");
        let end = after[1..].find(quote).expect("the value ends") + 1;
        let value = &after[1..end];
        assert!(!value.contains('<'), "no < in attribute {name}");
        let previous = attrs.insert(name.to_string(), decode(value));
        assert!(previous.is_none(), "attribute {name} repeated");
        text = &after[end + 1..];
    }
}

/// Text with its references decoded; panics on a bare `&` or an unknown entity.
fn decode(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let semi = rest[amp..].find(';').expect("a reference ends with ;") + amp;
        let name = &rest[amp + 1..semi];
        let c = match name {
            "amp" => '&',
            "lt" => '<',
            "gt" => '>',
            "quot" => '"',
            "apos" => '\'',
            _ => {
                let code = if let Some(hex) = name.strip_prefix("#x") {
                    u32::from_str_radix(hex, 16)
                } else if let Some(dec) = name.strip_prefix('#') {
                    dec.parse()
                } else {
                    panic!("unknown entity &{name};")
                };
                char::from_u32(code.expect("a number")).expect("a character")
            }
        };
        out.push(c);
        rest = &rest[semi + 1..];
    }
    out.push_str(rest);
    out
}
