//! USI (the Universal Shogi Interface) text: moves and positions.
//!
//! For chu shogi this is lishogi's USI (as lishogi's rules library, shogiops, and its server
//! read and write it): its square names (file number from Black's right, rank letter from the top) and its move strings
//! are the arbiter's machine text: `7i7h`, `+` to promote, `=`, `?` or nothing for no
//! promotion, a lion's (a piece that may move twice in one turn) double move `from mid to`,
//! igui (居喰い, capturing a neighbour without moving) and a pass `from mid from`; its
//! SFEN (`<board> <b|w> <counter-strike square or -> <move number>`, the third field
//! holding the square where a lion was taken by a non-lion on the last move) is the
//! arbiter's position text. For the other variants USI carries the arbiter's machine move
//! text and position text unchanged (ko shogi's shots included: `18q17p*17k`).
//!
//! Moves are written canonically; read, they are checked for syntax only and returned as
//! machine text in any spelling the notation accepts (the arbiter reduces equivalent
//! spellings when it judges the move), `?` written as `=`. Positions are read with their
//! fields separated by spaces or, as lishogi also writes them, underscores.

use super::WireError;
use crate::engine::core::moves::Move;
use crate::engine::notation::{
    format_move, format_position_of, parse_move_text, parse_valid_position, MAX_MOVE_TEXT,
    MAX_POSITION_TEXT,
};
use crate::engine::position::Position;
use crate::engine::variant::Rules;

/// A move as USI writes it.
pub fn move_to_wire(_pos: &Position, rules: &Rules, mv: &Move) -> String {
    format_move(rules.variant.shape(), mv)
}

/// A USI move read as the arbiter's machine text (not judged: it may be illegal).
///
/// # Errors
/// When the text is not a move's text at all (malformed, off-board squares, too long).
pub fn move_from_wire(_pos: &Position, rules: &Rules, wire: &str) -> Result<String, WireError> {
    let text = wire.trim_ascii();
    if text.len() > MAX_MOVE_TEXT {
        return Err(WireError::new(format!(
            "not a USI move (longer than {MAX_MOVE_TEXT} bytes)"
        )));
    }
    parse_move_text(rules.variant.shape(), text)
        .map_err(|e| WireError::new(format!("not a USI move ({e}): {}", super::quoted(wire))))?;
    Ok(match text.strip_suffix('?') {
        Some(body) => format!("{body}="),
        None => text.to_string(),
    })
}

/// The position as `position sfen` carries it (without the word `sfen`).
pub fn position_to_wire(rules: &Rules, pos: &Position) -> String {
    format_position_of(rules.variant, pos)
}

/// A `position sfen` text read as a position of these rules.
///
/// # Errors
/// When it is not a valid position of the variant.
pub fn position_from_wire(rules: &Rules, text: &str) -> Result<Position, WireError> {
    if text.len() > MAX_POSITION_TEXT {
        return Err(WireError::new("not a position: too long"));
    }
    let fields: Vec<&str> = text
        .split(|c: char| c.is_ascii_whitespace() || c == '_')
        .filter(|f| !f.is_empty())
        .collect();
    parse_valid_position(rules, &fields.join(" "))
        .map_err(|problems| super::position_error(&problems))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rules::legality::check_move;
    use crate::engine::variant::by_id;
    use proptest::prelude::*;

    fn rules(id: &str) -> Rules {
        Rules::default_for(by_id(id).expect("a built-in variant"))
    }

    /// lishogi's chu start SFEN (its rules library's initial position) is our start.
    #[test]
    fn lishogi_sfen_is_our_position_text() {
        let chu = rules("chu");
        let sfen = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/\
                    PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
        let start = Position::start(&chu);
        assert_eq!(position_to_wire(&chu, &start), sfen);
        assert_eq!(position_from_wire(&chu, sfen), Ok(start.clone()));
        assert_eq!(position_from_wire(&chu, &sfen.replace(' ', "_")), Ok(start));
        assert!(position_from_wire(&chu, "12/12 b - 1").is_err());
    }

    /// lishogi's move strings are our machine text: `?` and `=` decline, a pass is written
    /// through any empty square the lion could step to.
    #[test]
    fn lishogi_moves_are_machine_text() {
        let chu = rules("chu");
        let lion = parse_valid_position(&chu, "5k6/12/12/12/12/12/4pp6/5N6/12/12/12/5K6 b - 1")
            .expect("valid");
        for (wire, machine, judged) in [
            ("7h7g8f", "7h7g8f", "7h7g8f"),
            (" 7h6g7h\n", "7h6g7h", "7h6g7h"),
            ("7h8h7h", "7h8h7h", "7h6g7h"),
            ("7h7g7h", "7h7g7h", "7h7g7h"),
        ] {
            assert_eq!(move_from_wire(&lion, &chu, wire).as_deref(), Ok(machine));
            let mv = check_move(&lion, &chu, machine).expect("legal");
            assert_eq!(format_move(chu.variant.shape(), &mv), judged);
            assert_eq!(move_to_wire(&lion, &chu, &mv), judged);
        }
        let pawn = parse_valid_position(&chu, "5k6/12/12/1p10/P11/12/12/12/12/12/12/5K6 b - 1")
            .expect("valid");
        assert_eq!(
            move_from_wire(&pawn, &chu, "12e12d?").as_deref(),
            Ok("12e12d=")
        );
        assert_eq!(
            move_from_wire(&pawn, &chu, "12e12d+").as_deref(),
            Ok("12e12d+")
        );
        for bad in [
            "",
            "resign",
            "7h",
            "13a12a",
            "7h7g\u{3000}",
            "7h7g8f7e6d5c4b3a",
        ] {
            assert!(move_from_wire(&pawn, &chu, bad).is_err(), "{bad:?}");
        }
    }

    /// The other variants carry machine text unchanged, ko shogi's shots included.
    #[test]
    fn other_variants_carry_machine_text() {
        let ko = rules("ko");
        let start = Position::start(&ko);
        for text in ["18q17p*17k", "13s*13o", "13p12o*12k11n", "19s1a="] {
            assert_eq!(move_from_wire(&start, &ko, text).as_deref(), Ok(text));
        }
        let taikyoku = rules("taikyoku");
        let start = Position::start(&taikyoku);
        assert_eq!(
            move_from_wire(&start, &taikyoku, "36jj35ii+").as_deref(),
            Ok("36jj35ii+")
        );
        assert!(move_from_wire(&start, &taikyoku, "37a36a").is_err());
    }

    proptest! {
        #[test]
        fn random_text_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..48)) {
            let text = String::from_utf8_lossy(&bytes);
            for id in ["chu", "ko", "taikyoku"] {
                let rules = rules(id);
                let start = Position::start(&rules);
                let _ = move_from_wire(&start, &rules, &text);
                let _ = position_from_wire(&rules, &text);
            }
        }
    }
}
