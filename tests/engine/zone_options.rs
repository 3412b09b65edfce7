//! The promotion options taikyoku shogi brings (taikyoku.md §5) and a default that depends
//! on another option's value (§9), on a small test variant (`tests/data/zone_rules.variant`):
//! `promotion_right` `zone_end` (the final square only) and `zone_route` (the final square
//! or a lion move's first step, never the start alone), `promotion_choice`, `last_rank`
//! with its trapped pieces, and `readings` setting a per-piece option's default while an
//! option the request gives wins; the loader's errors for bad dependent defaults.

use crate::support::{board_text, load_files, section as data_section};
use shogi_arbiter::engine::core::shape::Shape;
use shogi_arbiter::engine::game::Game;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{
    format_hodges, format_move, parse_hodges, parse_valid_position,
};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{Rules, RulesRequest, Variant};
use std::sync::OnceLock;

/// The data file: a variant's header and its seven files, each after a line `=== <file>`.
const DATA: &str = include_str!("../data/zone_rules.variant");

/// The part of [`DATA`] after `=== <name>`, up to the next such line.
fn section(name: &str) -> &'static str {
    data_section(DATA, name)
}

/// The test variant loaded from `options` as its options file (the others as [`DATA`]).
fn load_with(options: &str) -> Result<Variant, String> {
    load_files(DATA, section("pieces"), options)
}

fn variant() -> &'static Variant {
    static VARIANT: OnceLock<&'static Variant> = OnceLock::new();
    VARIANT.get_or_init(|| {
        Box::leak(Box::new(
            load_with(section("options")).expect("the test variant loads"),
        ))
    })
}

/// The rules of a profile (the default when `None`) and overrides `name=value`.
fn rules(profile: Option<&str>, overrides: &[(&str, &str)]) -> Rules {
    let request = RulesRequest {
        profile: profile.map(String::from),
        overrides: overrides
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
    };
    Rules::resolve(variant(), &request).expect("valid rules")
}

const SHAPE: Shape = Shape { files: 9, ranks: 9 };

/// The position with the kings on 5i and 5a, `pieces` (token, square) and Black to move.
fn position(rules: &Rules, pieces: &[(&str, &str)]) -> Position {
    let all: Vec<(&str, &str)> = [("K", "5i"), ("k", "5a")]
        .into_iter()
        .chain(pieces.iter().copied())
        .collect();
    let text = board_text(SHAPE, &all, 'b');
    parse_valid_position(rules, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"))
}

/// The legal moves of the piece on `from`, in machine text, sorted.
fn moves_from(rules: &Rules, pos: &Position, from: &str) -> Vec<String> {
    let sq = SHAPE.parse_square(from).expect("square");
    let mut out: Vec<String> = legal_moves(pos, rules)
        .iter()
        .filter(|m| m.from == sq)
        .map(|m| format_move(SHAPE, m))
        .collect();
    out.sort();
    out
}

/// The moves of the piece on `from` that end on `to` (any route), in machine text.
fn moves_to(rules: &Rules, pos: &Position, from: &str, to: &str) -> Vec<String> {
    moves_from(rules, pos, from)
        .into_iter()
        .filter(|m| m.trim_end_matches(['+', '=']).ends_with(to) && m.starts_with(from))
        .collect()
}

#[test]
fn a_request_resolves_dependent_defaults_and_a_given_option_wins() {
    let value = |r: &Rules| r.value("earth_dragon").unwrap().to_string();
    assert_eq!(value(&rules(None, &[])), "wikipedia");
    assert_eq!(value(&rules(Some("second"), &[])), "alt");
    // The reading sets the option's default whatever the profile...
    assert_eq!(value(&rules(None, &[("readings", "ats")])), "alt");
    assert_eq!(
        value(&rules(Some("second"), &[("readings", "wikipedia")])),
        "wikipedia"
    );
    // ...and the option given in the request wins, before or after the reading.
    for overrides in [
        [("readings", "ats"), ("earth_dragon", "wikipedia")],
        [("earth_dragon", "wikipedia"), ("readings", "ats")],
    ] {
        assert_eq!(value(&rules(None, &overrides)), "wikipedia");
    }
    assert_eq!(
        value(&rules(Some("second"), &[("earth_dragon", "wikipedia")])),
        "wikipedia"
    );
    // The value in force is the movement played: the alternative steps back.
    let plain = rules(None, &[("readings", "ats"), ("earth_dragon", "wikipedia")]);
    let alt = rules(None, &[("readings", "ats")]);
    let step_back = |r: &Rules| {
        moves_from(r, &position(r, &[("ED", "2e")]), "2e").contains(&"2e2f".to_string())
    };
    assert!(!step_back(&plain));
    assert!(step_back(&alt));
}

#[test]
fn the_loader_refuses_bad_dependent_defaults() {
    let options = section("options");
    let dragon = options
        .lines()
        .find(|l| l.starts_with("earth_dragon"))
        .unwrap();
    let cases = [
        (
            "readings.ats=alt readings.wikipedia=wikipedia first=wikipedia second=alt",
            "follows a dependent default",
        ),
        (
            "first=wikipedia second=alt repetition.jcsa=alt",
            "not an earlier option",
        ),
        (
            "first=wikipedia second=alt readings.japanese=alt",
            "`japanese` is not a value of `readings`",
        ),
        (
            "first=wikipedia second=alt readings.ats=wide",
            "`wide` is not a value",
        ),
        // The second profile's reading is `ats`, which sets `alt`: its own default must agree.
        (
            "first=wikipedia second=wikipedia readings.ats=alt",
            "profile `second` defaults to `wikipedia`, but its `readings` sets `alt`",
        ),
    ];
    for (defaults, error) in cases {
        let row = format!("earth_dragon | wikipedia alt | {defaults} | The earth dragon's move.");
        let text = options.replace(dragon, &row);
        let e = load_with(&text).expect_err(defaults);
        assert!(e.contains(error), "{defaults}: {e}");
        assert!(e.contains("options line"), "{defaults}: {e}");
    }
    // A dependency on a later row: `readings` moved after the dragon's row.
    let readings = options.lines().find(|l| l.starts_with("readings")).unwrap();
    let moved = options.replace(&format!("{readings}\n"), "") + readings + "\n";
    let e = load_with(&moved).expect_err("readings after its dependent");
    assert!(e.contains("not an earlier option"), "{e}");
}

#[test]
fn zone_end_counts_the_final_square_only() {
    let r = rules(None, &[]);
    assert_eq!(r.value("promotion_right"), Some("zone_end"));
    // Entering, moving inside and capturing inside: `+` and `=`.
    let pos = position(&r, &[("R", "1e"), ("r", "2b"), ("R", "3c")]);
    assert_eq!(moves_to(&r, &pos, "1e", "1c"), ["1e1c+", "1e1c="]);
    assert_eq!(moves_to(&r, &pos, "3c", "3b"), ["3c3b+", "3c3b="]);
    assert_eq!(moves_to(&r, &pos, "3c", "2c"), ["3c2c+", "3c2c="]);
    // Leaving the zone, even with a capture: no promotion.
    let pos = position(&r, &[("R", "1c"), ("r", "1f")]);
    assert_eq!(moves_to(&r, &pos, "1c", "1d"), ["1c1d"]);
    assert_eq!(moves_to(&r, &pos, "1c", "1f"), ["1c1f"]);
    // The other values on the same moves: chu's rule promotes the capture leaving the zone,
    // not the quiet move inside it; tenjiku's tsa rule promotes every move touching it.
    let chu = rules(None, &[("promotion_right", "capture_or_entry")]);
    let pos = position(&chu, &[("R", "1c"), ("r", "1f"), ("R", "3c")]);
    assert_eq!(moves_to(&chu, &pos, "1c", "1f"), ["1c1f+", "1c1f="]);
    assert_eq!(moves_to(&chu, &pos, "3c", "3b"), ["3c3b"]);
    let contact = rules(None, &[("promotion_right", "zone_contact")]);
    assert_eq!(moves_to(&contact, &pos, "1c", "1d"), ["1c1d+", "1c1d="]);
}

#[test]
fn compulsory_promotion_is_one_move() {
    let r = rules(None, &[("promotion_choice", "compulsory")]);
    let pos = position(&r, &[("R", "1e")]);
    assert_eq!(moves_to(&r, &pos, "1e", "1c"), ["1e1c+"]);
    assert_eq!(moves_to(&r, &pos, "1e", "1d"), ["1e1d"]);
}

#[test]
fn zone_route_counts_a_lion_moves_first_step() {
    let r = rules(Some("second"), &[("promotion_choice", "optional")]);
    assert_eq!(r.value("promotion_right"), Some("zone_route"));
    // A lion on 5d (outside the zone, next to it): the leap to 4d does not promote; the
    // route through the zone square 4c (the first in file-then-rank order of 4c and 5c)
    // does, a move of its own written through it.
    let pos = position(&r, &[("LN", "5d")]);
    let to_4d = moves_to(&r, &pos, "5d", "4d");
    assert_eq!(to_4d, ["5d4c4d+", "5d4d"]);
    // Its pass through the zone promotes too: 5d4c5d+, besides the position's one pass.
    let passes: Vec<String> = moves_from(&r, &pos, "5d")
        .into_iter()
        .filter(|m| m.starts_with("5d") && m.trim_end_matches(['+', '=']).ends_with("5d"))
        .collect();
    assert!(passes.contains(&"5d4c5d+".to_string()), "{passes:?}");
    // A move into the zone has the right as a leap already: one move each way.
    assert_eq!(moves_to(&r, &pos, "5d", "5b"), ["5d5b+", "5d5b="]);
    // Igui (capture without moving) on a zone square: the first step counts. Beside it,
    // the position's one pass (through 4c, the first empty neighbour) and the lion's
    // promoting pass through the same square.
    let pos = position(&r, &[("LN", "5d"), ("g", "5c")]);
    assert_eq!(
        moves_to(&r, &pos, "5d", "5d"),
        ["5d4c5d", "5d4c5d+", "5d5c5d+", "5d5c5d="]
    );
    // The start square alone never counts: a lion leaving the zone does not promote.
    let pos = position(&r, &[("LN", "5c")]);
    assert_eq!(moves_to(&r, &pos, "5c", "5e"), ["5c5e"]);
    // Under zone_end the same lion moves do not promote.
    let end = rules(None, &[]);
    let pos = position(&end, &[("LN", "5d"), ("g", "5c")]);
    assert_eq!(moves_to(&end, &pos, "5d", "5d"), ["5d4c5d", "5d5c5d"]);
    // Capturing on the zone square 5c on the way to 4d: no promotion either.
    assert_eq!(moves_to(&end, &pos, "5d", "4d"), ["5d4d", "5d5c4d"]);
    assert_eq!(
        moves_to(&r, &pos, "5d", "4d"),
        ["5d4c4d+", "5d4d", "5d5c4d+", "5d5c4d="]
    );
    // Compulsory (the second profile): the route through the zone is `+` only.
    let second = rules(Some("second"), &[]);
    let pos = position(&second, &[("LN", "5d")]);
    assert_eq!(moves_to(&second, &pos, "5d", "4d"), ["5d4c4d+", "5d4d"]);
    assert_eq!(moves_to(&second, &pos, "5d", "5b"), ["5d5b+"]);
}

#[test]
fn trapped_pieces_follow_last_rank() {
    // must_promote: only `+` on the last rank (pawn) and last two (knight).
    let r = rules(None, &[]);
    let pos = position(&r, &[("P", "1b"), ("N", "3d")]);
    assert_eq!(moves_from(&r, &pos, "1b"), ["1b1a+"]);
    assert_eq!(moves_from(&r, &pos, "3d"), ["3d2b+", "3d4b+"]);
    // second_chance under chu's rule: a quiet pawn move inside the zone has no right, yet
    // may promote; no_second_chance: without a right it is made unpromoted.
    let chu = [("promotion_right", "capture_or_entry")];
    let second = rules(None, &[chu[0], ("last_rank", "second_chance")]);
    let pos = position(&second, &[("P", "1b")]);
    assert_eq!(moves_from(&second, &pos, "1b"), ["1b1a+", "1b1a="]);
    let none = rules(None, &[chu[0], ("last_rank", "no_second_chance")]);
    assert_eq!(moves_from(&none, &pos, "1b"), ["1b1a"]);
}

/// The moves `zone_route` adds are read back from their text; under compulsory promotion
/// the `+` may be left out on input, and the route's text without it is then that move.
#[test]
fn the_route_moves_read_back_from_their_text() {
    let r = rules(Some("second"), &[("promotion_choice", "optional")]);
    let game = Game::new(position(&r, &[("LN", "5d")]), &r, false);
    for text in ["5d4c4d+", "5d4c5d+", "5d4d", "5d4c5d"] {
        let judged = game
            .judge(&r, text)
            .unwrap_or_else(|e| panic!("{text}: {e:?}"));
        assert_eq!(format_move(SHAPE, &judged.mv), text);
    }
    // Under optional promotion the route without its mark is the declined move: the leap.
    let judged = game.judge(&r, "5d4c4d").expect("the declined route");
    assert_eq!(format_move(SHAPE, &judged.mv), "5d4d");
    let second = rules(Some("second"), &[]);
    let game = Game::new(position(&second, &[("LN", "5d")]), &second, false);
    let judged = game
        .judge(&second, "5d4c4d")
        .expect("the `+` may be left out");
    assert_eq!(format_move(SHAPE, &judged.mv), "5d4c4d+");
    let game = Game::new(position(&second, &[("R", "1e")]), &second, false);
    let judged = game
        .judge(&second, "1e1c")
        .expect("the `+` may be left out");
    assert_eq!(format_move(SHAPE, &judged.mv), "1e1c+");
}

/// Every legal move of a lion under `zone_route` (the promoting routes and passes
/// included) reads back from its Hodges text as the same move.
#[test]
fn the_route_moves_round_trip_through_hodges_text() {
    for overrides in [
        &[("promotion_choice", "optional")][..],
        &[("promotion_choice", "compulsory")][..],
    ] {
        let r = rules(Some("second"), overrides);
        let pos = position(&r, &[("LN", "5d"), ("g", "5c")]);
        for mv in legal_moves(&pos, &r) {
            let text = format_hodges(&pos, &r, &mv);
            let back = parse_hodges(&pos, &r, &text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
            assert_eq!(format_move(SHAPE, &back), format_move(SHAPE, &mv), "{text}");
        }
    }
}
