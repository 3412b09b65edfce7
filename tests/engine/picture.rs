//! Board pictures drawn from games (`game_picture`): a flipped picture puts every square
//! where White sees it; the check mark stands on the royals of the side to move exactly
//! when it is in check, the ending band exactly when the game has ended, and a finished
//! game's caption does not name a side to move; kanji are drawn from outlines defined once
//! per picture, and every label character of every variant has one; `size` sets the
//! width. Positions are chu shogi's (chu.md: the king and the crown prince are royal; a
//! side that has lost its royals has lost; a bare king loses).

use crate::support::rules_for;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::piece::{FaceId, Piece};
use shogi_arbiter::engine::game::{game_picture, replay, Game};
use shogi_arbiter::engine::picture::{outline, piece_label, Label, Labels, View};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{Rules, VARIANT_IDS};
use std::collections::{BTreeMap, BTreeSet};

/// The game of `moves` from `start` under chu's default rules.
fn chu_game(start: &str, moves: &[&str]) -> (Rules, Game) {
    let rules = rules_for("chu", "");
    let (game, illegal) = replay(&rules, Some(start), moves).expect("a valid start");
    assert!(illegal.is_none(), "{illegal:?}");
    (rules, game)
}

/// The value of attribute `name` in the first tag of `tag` (text up to its `>`).
fn attr<'a>(tag: &'a str, name: &str) -> &'a str {
    let head = &tag[..tag.find('>').unwrap_or(tag.len())];
    let start = head
        .find(&format!(" {name}=\""))
        .unwrap_or_else(|| panic!("no {name} in {head}"))
        + name.len()
        + 3;
    &head[start..start + head[start..].find('"').unwrap()]
}

/// Every tag of the document whose class list has `class`, from its `<`.
fn tagged<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    svg.match_indices('<')
        .map(|(i, _)| &svg[i..])
        .filter(|t| {
            let head = &t[..t.find('>').unwrap()];
            head.find(" class=\"")
                .is_some_and(|_| attr(t, "class").split(' ').any(|c| c == class))
        })
        .collect()
}

/// Each piece's square: its centre and whether it is turned through 180°.
fn pieces(svg: &str) -> BTreeMap<String, ((i32, i32), bool)> {
    tagged(svg, "piece")
        .into_iter()
        .map(|t| {
            let transform = attr(t, "transform");
            let inner = &transform["translate(".len()..transform.find(')').unwrap()];
            let (x, y) = inner.split_once(',').unwrap();
            (
                attr(t, "data-square").to_string(),
                (
                    (x.parse().unwrap(), y.parse().unwrap()),
                    transform.ends_with("rotate(180)"),
                ),
            )
        })
        .collect()
}

fn caption(svg: &str) -> String {
    let t = tagged(svg, "caption")[0];
    t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].to_string()
}

/// Board edge: the board rectangle's left, top, width, height.
fn board(svg: &str) -> (i32, i32, i32, i32) {
    let t = tagged(svg, "board")[0];
    let n = |k| attr(t, k).parse().unwrap();
    (n("x"), n("y"), n("width"), n("height"))
}

const LION_GAME: &str = "6k5/12/7+P4/2+r9/12/5p6/5p6/5N6/12/12/12/6K5 b - 1";

#[test]
fn a_flipped_picture_puts_each_square_where_white_sees_it() {
    let (rules, game) = chu_game(LION_GAME, &["7h7g7f"]);
    let plain = game_picture(&rules, &game, &View::default());
    let flipped = game_picture(
        &rules,
        &game,
        &View {
            flip: true,
            ..View::default()
        },
    );
    let (left, top, width, height) = board(&plain);
    assert_eq!(board(&flipped), (left, top, width, height));
    let cell = width / 12;
    let (a, b) = (pieces(&plain), pieces(&flipped));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    assert_eq!(a.len(), 5);
    for (square, &((x, y), turned)) in &a {
        let file: i32 = square[..square.len() - 1].parse().unwrap();
        let rank = i32::from(square.as_bytes()[square.len() - 1] - b'a');
        // As Black sees it: file 1 on the right, rank a at the top.
        assert_eq!(
            (x, y),
            (
                left + (12 - file) * cell + cell / 2,
                top + rank * cell + cell / 2
            ),
            "{square}"
        );
        // As White sees it: file 1 on the left, rank a at the bottom; every piece turned
        // the other way.
        let ((fx, fy), flipped_turned) = b[square];
        assert_eq!(
            (fx, fy),
            (
                left + (file - 1) * cell + cell / 2,
                top + (11 - rank) * cell + cell / 2
            ),
            "{square}"
        );
        assert_eq!(flipped_turned, !turned, "{square}");
    }
    // White's king on 6a points down as Black sees it, up as White does.
    assert!(a["6a"].1 && !b["6a"].1);
    // The last move's marks follow their squares.
    let from = |svg: &str| {
        let t = tagged(svg, "last-from")[0];
        (
            attr(t, "data-square").to_string(),
            attr(t, "x").parse::<i32>().unwrap(),
        )
    };
    assert_eq!(from(&plain), ("7h".to_string(), left + 5 * cell));
    assert_eq!(from(&flipped), ("7h".to_string(), left + 6 * cell));
    // The file numbers read 1 to 12 from the left, the rank letters l to a from the top.
    let texts = |svg: &str, class: &str| -> Vec<String> {
        tagged(svg, class)
            .iter()
            .map(|t| {
                let body = &t[t.find('>').unwrap() + 1..];
                body[..body.find('<').unwrap()].to_string()
            })
            .collect()
    };
    let files: Vec<String> = (1..=12).map(|n| n.to_string()).collect();
    assert_eq!(texts(&flipped, "file"), files);
    let ranks: Vec<String> = (0..12u8)
        .rev()
        .map(|r| char::from(b'a' + r).to_string())
        .collect();
    assert_eq!(texts(&flipped, "rank"), ranks);
}

#[test]
fn the_check_mark_stands_on_the_royals_in_check_and_only_then() {
    // White's rook on 6e attacks Black's lone king on 6l: Black to move is in check.
    let (rules, game) = chu_game("6k5/12/12/12/6r5/12/12/12/12/P11/12/6K5 b - 1", &[]);
    let svg = game_picture(&rules, &game, &View::default());
    let marks: Vec<&str> = tagged(&svg, "check")
        .iter()
        .map(|t| attr(t, "data-square"))
        .collect();
    assert_eq!(marks, ["6l"]);
    assert!(
        caption(&svg).contains("Black to move, in check"),
        "{}",
        caption(&svg)
    );
    assert!(tagged(&svg, "ending").is_empty());
    // The same with a crown prince (chu: a promoted drunk elephant) on 1l: taking the king
    // leaves a royal, so Black is not in check and nothing is marked.
    let (rules, game) = chu_game("6k5/12/12/12/6r5/12/12/12/12/P11/12/6K4+E b - 1", &[]);
    let svg = game_picture(&rules, &game, &View::default());
    assert!(tagged(&svg, "check").is_empty(), "{}", caption(&svg));
    assert!(
        caption(&svg).contains("Black to move \u{b7}"),
        "{}",
        caption(&svg)
    );
    // Out of the rook's line: no check.
    let (rules, game) = chu_game("6k5/12/12/12/5r6/12/12/12/12/P11/12/6K5 b - 1", &[]);
    let svg = game_picture(&rules, &game, &View::default());
    assert!(tagged(&svg, "check").is_empty());
}

#[test]
fn a_finished_game_shows_its_result_and_no_side_to_move() {
    // Black's rook takes White's king on 6a: White has no royal left, Black has won.
    let start = "6k4g/12/12/12/12/12/12/12/12/12/P11/6R4K b - 1";
    let (rules, before) = chu_game(start, &[]);
    let svg = game_picture(&rules, &before, &View::default());
    assert!(tagged(&svg, "ending").is_empty());
    assert!(caption(&svg).contains("Black to move"));
    let (rules, game) = chu_game(start, &["6l6a"]);
    assert!(game.status().ending.is_some());
    let svg = game_picture(&rules, &game, &View::default());
    let band = tagged(&svg, "ending");
    assert_eq!(band.len(), 1);
    assert_eq!(
        (attr(band[0], "data-result"), attr(band[0], "data-reason")),
        ("black", "royals_captured")
    );
    let text = caption(&svg);
    assert!(!text.contains("to move"), "{text}");
    assert!(
        text.contains("Black wins") && text.contains("royals captured"),
        "{text}"
    );
    assert!(!svg.contains("to move"), "the title repeats the caption");
}

#[test]
fn kanji_are_outlines_defined_once_and_every_label_character_has_one() {
    for id in VARIANT_IDS {
        let rules = rules_for(id, "");
        for face in (0..rules.faces.len() as u16)
            .map(FaceId)
            .filter(|&f| rules.face(f).exists)
        {
            for color in [Color::Black, Color::White] {
                if let Label::Kanji(chars) = piece_label(&rules, Piece { color, face }) {
                    for c in chars {
                        assert!(outline(c).is_some(), "{id}: no outline for {c}");
                    }
                }
            }
        }
        let game = Game::new(Position::start(&rules), &rules, false);
        let svg = game_picture(&rules, &game, &View::default());
        let defined: Vec<&str> = svg
            .match_indices("<path id=\"")
            .map(|(i, _)| attr(&svg[i..], "id"))
            .collect();
        let used: BTreeSet<&str> = svg
            .match_indices("<use href=\"#")
            .map(|(i, _)| &attr(&svg[i..], "href")[1..])
            .collect();
        assert_eq!(
            defined.iter().copied().collect::<BTreeSet<_>>(),
            used,
            "{id}"
        );
        assert_eq!(defined.len(), used.len(), "{id}: each outline defined once");
        // No kanji is left to a font.
        assert!(
            !svg.chars().any(|c| outline(c).is_some()),
            "{id}: a kanji written as text"
        );
        assert!(used.iter().all(|u| u.starts_with('k')));
        // Latin labels: no outlines at all, the codes as text.
        let latin = game_picture(
            &rules,
            &game,
            &View {
                labels: Labels::Latin,
                ..View::default()
            },
        );
        assert!(
            !latin.contains("<defs>") && !latin.contains("<use "),
            "{id}"
        );
        assert!(latin.len() < svg.len(), "{id}");
    }
}

#[test]
fn size_sets_the_width_and_keeps_the_drawing() {
    let rules = rules_for("chu", "");
    let game = Game::new(Position::start(&rules), &rules, false);
    let natural = game_picture(&rules, &game, &View::default());
    let root = |svg: &str| {
        let i = svg.find("<svg ").unwrap();
        let t = &svg[i..];
        (
            attr(t, "width").to_string(),
            attr(t, "height").to_string(),
            attr(t, "viewBox").to_string(),
        )
    };
    let (w, h, view_box) = root(&natural);
    assert_eq!(view_box, format!("0 0 {w} {h}"));
    let wide = game_picture(
        &rules,
        &game,
        &View {
            width: Some(1240),
            ..View::default()
        },
    );
    let (w2, h2, view_box2) = root(&wide);
    assert_eq!(view_box2, view_box);
    assert_eq!(w2, "1240");
    let (w, h): (f64, f64) = (w.parse().unwrap(), h.parse().unwrap());
    assert_eq!(h2, format!("{}", (1240.0 * h / w).round()));
}
