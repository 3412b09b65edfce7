//! How each protocol writes moves, positions and variant names: pure text translation
//! between the arbiter's machine text and the protocol's, both ways ([`xboard`], [`usi`]).
//! Every reader takes hostile text (whatever an engine prints) and answers a value or a
//! [`WireError`], never a panic; a move read is returned as machine text for the referee
//! to judge (it may be illegal).

pub mod usi;
pub mod xboard;

use crate::engine::notation::PositionProblem;

/// Why a protocol's text does not read as a move or position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError {
    pub why: String,
}

impl WireError {
    pub fn new(why: impl Into<String>) -> WireError {
        WireError { why: why.into() }
    }
}

/// The longest stretch of a wire text an error quotes (an engine may print a megabyte).
const QUOTED: usize = 40;

/// A wire text as an error quotes it: Rust-quoted, cut after [`QUOTED`] characters.
fn quoted(wire: &str) -> String {
    match wire.char_indices().nth(QUOTED) {
        Some((cut, _)) => format!("{:?}…", &wire[..cut]),
        None => format!("{wire:?}"),
    }
}

/// The problems that make a position text invalid, as one error (the first three said).
fn position_error(problems: &[PositionProblem]) -> WireError {
    let said: Vec<String> = problems
        .iter()
        .take(3)
        .map(|p| format!("{}: {}", p.code, p.message))
        .collect();
    let more = problems.len().saturating_sub(said.len());
    let tail = if more > 0 {
        format!(" (and {more} more)")
    } else {
        String::new()
    };
    WireError::new(format!("not a position: {}{tail}", said.join("; ")))
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn errors_quote_a_bounded_stretch_of_the_text() {
        assert_eq!(quoted("f5f6,"), "\"f5f6,\"");
        let long = "漢".repeat(1 << 20);
        let shown = quoted(&long);
        assert!(shown.ends_with('…'));
        assert_eq!(shown.chars().filter(|&c| c == '漢').count(), 40);
    }
}
