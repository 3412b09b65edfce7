//! What the KIF files share: the record's error, the line limit, the step labels and the
//! problems of a start position as one message. The variants' names in a `手合割`
//! (handicap; here: which game) tag are the registry's (`VariantNames::japanese`).

use std::fmt;

/// The longest line a record may have, in bytes.
pub const MAX_LINE: usize = 1024;

/// The labels of the steps of a move through several squares: lishogi's first two, then
/// this project's extension for longer routes (a lion dog, ko shogi's double moves).
pub const STEP_LABELS: [&str; 6] = ["一歩目", "二歩目", "三歩目", "四歩目", "五歩目", "六歩目"];

/// The most problems of a record's start position its message repeats.
const QUOTED_PROBLEMS: usize = 4;

/// The problems of a record's start position as one message: the `message` of each of
/// the first [`QUOTED_PROBLEMS`], and how many more there are.
pub fn first_problems<T>(problems: &[T], message: impl Fn(&T) -> &str) -> String {
    let mut text = problems
        .iter()
        .take(QUOTED_PROBLEMS)
        .map(message)
        .collect::<Vec<_>>()
        .join("; ");
    if problems.len() > QUOTED_PROBLEMS {
        text.push_str(&format!(
            "; and {} more problem(s)",
            problems.len() - QUOTED_PROBLEMS
        ));
    }
    text
}

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
