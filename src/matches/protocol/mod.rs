//! How each protocol writes moves, positions and variant names: pure text translation
//! between the arbiter's machine text and the protocol's, both ways ([`xboard`], [`usi`]).

pub mod usi;
pub mod xboard;

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
