//! Helpers shared by the engine tests: rules from `key=value` lists, positions from piece
//! placements, a small deterministic random generator.

use shogi_arbiter::engine::geometry::Color;
use shogi_arbiter::engine::notation::{format_position, parse_piece_token, parse_valid_position};
use shogi_arbiter::engine::position::{Position, Setup};
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};

/// Resolves `profile=NAME` and `option=value` entries for tai.
pub fn tai_rules(entries: &str) -> Rules {
    let mut request = RulesRequest::default();
    for entry in entries.split_whitespace() {
        let (k, v) = entry.split_once('=').expect("key=value");
        if k == "profile" {
            request.profile = Some(v.to_string());
        } else {
            request.overrides.push((k.to_string(), v.to_string()));
        }
    }
    Rules::resolve(variant::tai(), &request).unwrap_or_else(|e| panic!("rules `{entries}`: {e}"))
}

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

/// A position holding `placements`.
pub fn position(rules: &Rules, placements: &str, side: char) -> Position {
    try_position(rules, placements, side).unwrap_or_else(|e| panic!("position `{placements}`: {e}"))
}

/// A position holding `placements`, or the problems of its text.
pub fn try_position(rules: &Rules, placements: &str, side: char) -> Result<Position, String> {
    let text = position_text(rules, placements, side);
    parse_valid_position(rules, &text).map_err(|e| format!("{e:?}"))
}

/// xorshift64*: deterministic pseudo-random numbers for the invariant tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}
