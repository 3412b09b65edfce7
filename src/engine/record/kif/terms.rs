//! What the KIF files share: the record's error, the line limit and the step labels. The
//! variants' names in a `手合割` (handicap; here: which game) tag are the registry's
//! (`VariantNames::japanese`).

use std::fmt;

/// The longest line a record may have, in bytes.
pub const MAX_LINE: usize = 1024;

/// The labels of the steps of a move through several squares: lishogi's first two, then
/// this project's extension for longer routes (a lion dog, ko shogi's double moves).
pub const STEP_LABELS: [&str; 6] = ["一歩目", "二歩目", "三歩目", "四歩目", "五歩目", "六歩目"];

/// Why a record cannot be read: a stable code, the line (1 = the first) and a sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KifError {
    pub line: usize,
    pub code: &'static str,
    pub message: String,
}

impl KifError {
    pub fn new(line: usize, code: &'static str, message: impl Into<String>) -> KifError {
        KifError {
            line,
            code,
            message: message.into(),
        }
    }
}

impl fmt::Display for KifError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}
