//! Taikyoku shogi's data (taikyoku.md §2, §3, §7, §9): 301 kinds, the start position of
//! 402 pieces a side (White Black turned 180°), the royals and what promoted pieces
//! become, the position text's refusals, and `readings` setting the per-piece options'
//! defaults while an option the request gives wins (vector T11's logic).

use crate::rules::rules_for;
use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::core::square::Square;
use shogi_arbiter::engine::movement::Movement;
use shogi_arbiter::engine::notation::{format_position_of, parse_valid_position};
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::{self, Rules};

/// A movement from its text (FORMAT.md's movement language).
fn movement(text: &str) -> Movement {
    Movement::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The kind and promotion of a code (`+CP`), and the rule row of that face.
fn rule<'a>(rules: &'a Rules, code: &str) -> &'a variant::FaceRule {
    let (promoted, code) = match code.strip_prefix('+') {
        Some(c) => (true, c),
        None => (false, code),
    };
    let kind = rules.variant.kind_by_code(code).expect(code);
    rules.face(kind.face(promoted))
}

#[test]
fn the_variant_has_every_kind_and_the_start_position_of_the_tables() {
    let rules = rules_for("taikyoku", "");
    let v = rules.variant;
    assert_eq!(
        (v.id, v.name, v.japanese),
        ("taikyoku", "Taikyoku shogi", "大局将棋")
    );
    assert_eq!(v.kinds.len(), 301);
    assert_eq!(v.kinds.iter().filter(|k| k.promoted_only).count(), 92);
    let pos = Position::start(&rules);
    let shape = v.shape();
    assert_eq!((shape.files, shape.ranks), (36, 36));
    let mut kinds = std::collections::HashSet::new();
    let mut count = [0; 2];
    for i in 0..shape.len() {
        let sq = Square(i as u16);
        let Some(piece) = pos.cell(sq).piece() else {
            continue;
        };
        count[piece.color.index()] += 1;
        kinds.insert(piece.face);
        // White is Black turned 180°.
        let (x, y) = shape.coords(sq);
        let turned = shape.square(shape.files as i32 - 1 - x, shape.ranks as i32 - 1 - y);
        let other = pos
            .cell(turned.expect("on the board"))
            .piece()
            .expect("a piece");
        assert_eq!(
            (other.face, other.color),
            (piece.face, piece.color.opponent())
        );
    }
    assert_eq!(count, [402, 402]);
    assert_eq!(kinds.len(), 209);
    let at = |s: &str| {
        let p = pos.cell(shape.parse_square(s).expect(s)).piece().expect(s);
        (v.kind(p.kind()).code.as_str(), p.color)
    };
    assert_eq!(at("19jj"), ("K", Color::Black));
    assert_eq!(at("18jj"), ("CP", Color::Black));
    assert_eq!(at("18a"), ("K", Color::White));
    for dog in ["31y", "22y", "15y", "6y"] {
        assert_eq!(at(dog), ("D", Color::Black));
    }
    assert_eq!(at("26y"), ("GB", Color::Black));
    // The start position text: 36 ranks, the extra field `-`.
    let text = format_position_of(v, &pos);
    assert_eq!(text.split('/').count(), 36);
    assert!(text.ends_with(" b - 1"), "{text}");
}

#[test]
fn royals_and_promoted_pieces_move_as_what_they_become() {
    let rules = rules_for("taikyoku", "");
    for royal in ["K", "CP", "+CP", "+DE"] {
        assert!(rule(&rules, royal).royal, "{royal}");
        assert_eq!(rule(&rules, royal).jump_rank, 4, "{royal}");
    }
    for plain in ["DE", "GB", "+GB", "P", "+P"] {
        assert!(!rule(&rules, plain).royal, "{plain}");
    }
    // A promoted piece moves as its `promotes_to` and never promotes again.
    for (code, moves_as) in [
        ("+CP", "K"),
        ("+DE", "CP"),
        ("+GB", "DE"),
        ("+EL", "GEA"),
        ("+P", "G"),
    ] {
        let face = rule(&rules, code);
        assert_eq!(rules.variant.kind(face.moves_as).code, moves_as, "{code}");
        assert!(face.promotes_to.is_none(), "{code}");
    }
    // Ranks of the range capturers and their promoted faces.
    for (code, rank) in [
        ("GG", 3),
        ("VG", 2),
        ("+VG", 3),
        ("BG", 1),
        ("RO", 1),
        ("VD", 1),
        ("FCR", 1),
        ("+WG", 2),
        ("P", 0),
    ] {
        assert_eq!(rule(&rules, code).jump_rank, rank, "{code}");
    }
}

#[test]
fn position_text_refuses_faces_that_cannot_stand_on_the_board() {
    let rules = rules_for("taikyoku", "");
    let start = format_position_of(rules.variant, &Position::start(&rules));
    assert!(parse_valid_position(&rules, &start).is_ok());
    // `+K`: the king never promotes; `DSP`: a promoted-only code. Each replaces Black's
    // lance on 36jj, the first cell of the last rank.
    let last = start.rfind('/').expect("36 ranks") + 1;
    assert_eq!(&start[last..last + 2], "L,");
    for token in ["+K", "DSP"] {
        let bad = format!("{}{token}{}", &start[..last], &start[last + 1..]);
        assert!(parse_valid_position(&rules, &bad).is_err(), "{token}");
    }
}

/// `readings` sets the per-piece options' defaults; an option the request gives wins
/// (taikyoku.md §9, vector T11: `readings=ats, treacherous_fox=plain` is the plain fox).
#[test]
fn readings_set_the_per_piece_defaults_and_a_given_option_wins() {
    let ats_defaults = [
        ("treacherous_fox", "jumps"),
        ("divine_sparrow", "ats"),
        ("earth_dragon", "alt"),
        ("free_demon", "alt"),
        ("triple_arrow", "pass3"),
    ];
    for entries in ["profile=ats", "readings=ats"] {
        let rules = rules_for("taikyoku", entries);
        for (option, value) in ats_defaults {
            assert_eq!(rules.value(option), Some(value), "{entries}: {option}");
        }
    }
    let wikipedia = rules_for("taikyoku", "profile=ats readings=wikipedia");
    for (option, value) in [
        ("treacherous_fox", "plain"),
        ("divine_sparrow", "wikipedia"),
        ("earth_dragon", "wikipedia"),
        ("free_demon", "wikipedia"),
        ("triple_arrow", "jump23"),
    ] {
        assert_eq!(wikipedia.value(option), Some(value), "{option}");
    }
    // The profile's other rules stay the profile's.
    assert_eq!(wikipedia.value("promotion_right"), Some("zone_route"));
    let fox = |entries: &str| {
        let rules = rules_for("taikyoku", entries);
        rule(&rules, "TF").movement.clone()
    };
    assert_eq!(
        fox("readings=ats treacherous_fox=plain"),
        movement("slide(vert,diag)")
    );
    assert_eq!(
        fox("treacherous_fox=plain readings=ats"),
        movement("slide(vert,diag)")
    );
    assert_eq!(
        fox("readings=ats"),
        movement("slide(vert,diag) jumpslide(2;vert,diag) jumpslide(3;vert,diag)")
    );
    // The readings column itself: ATS's right general steps in five directions.
    let right_general = |entries: &str| {
        let rules = rules_for("taikyoku", entries);
        rule(&rules, "RG").movement.clone()
    };
    assert_eq!(right_general(""), movement("step(all)"));
    assert_eq!(right_general("readings=ats"), movement("step(f,b,l,fl,bl)"));
}
