//! Position text from piece placements (`CODE@SQUARE`, lowercase = White), shared by the
//! engine and API tests (each includes this file as a module).

use shogi_arbiter::engine::core::color::Color;
use shogi_arbiter::engine::notation::{format_position, parse_piece_token};
use shogi_arbiter::engine::position::Setup;
use shogi_arbiter::engine::variant::Rules;

/// Position text of a board holding `placements` (`CODE@SQUARE`, lowercase = White).
pub fn position_text(rules: &Rules, placements: &str, side: char) -> String {
    let shape = rules.variant.shape();
    let mut setup = Setup {
        board: vec![None; shape.len()],
        side: if side == 'w' {
            Color::White
        } else {
            Color::Black
        },
        extra: Default::default(),
        move_number: 1,
    };
    for p in placements.split_whitespace() {
        let (code, sq) = p
            .split_once('@')
            .unwrap_or_else(|| panic!("placement `{p}`"));
        let s = shape
            .parse_square(sq)
            .unwrap_or_else(|| panic!("square `{sq}`"));
        assert!(setup.board[s.index()].is_none(), "two pieces on {sq}");
        let piece = parse_piece_token(rules.variant, code)
            .unwrap_or_else(|e| panic!("piece `{code}`: {}", e.1));
        setup.board[s.index()] = Some(piece);
    }
    format_position(rules.variant, &setup)
}
