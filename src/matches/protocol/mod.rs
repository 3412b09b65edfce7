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
