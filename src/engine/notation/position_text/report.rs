//! Problems found in position text: [`PositionProblem`], a stable code with the rank and
//! file where it was found, and the helpers the readers build them with.

use crate::engine::core::square::{RankName, MAX_RANKS};

/// One problem found in position text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// Stable snake_case code.
    pub code: &'static str,
    /// The rank's name where it was found (`a`, `aa`), if it concerns a rank.
    pub rank: Option<String>,
    /// The file number where it was found, if it concerns a cell.
    pub file: Option<u32>,
    pub message: String,
}

impl PositionProblem {
    pub(super) fn new(code: &'static str, message: impl Into<String>) -> PositionProblem {
        PositionProblem {
            code,
            rank: None,
            file: None,
            message: message.into(),
        }
    }

    pub(super) fn at(mut self, rank: usize, file: Option<u32>) -> PositionProblem {
        self.rank = Some(RankName(rank.min(MAX_RANKS - 1) as u8).to_string());
        self.file = file;
        self
    }
}

pub(super) fn cell_problem(
    code: &'static str,
    message: impl Into<String>,
    at: u32,
) -> PositionProblem {
    let mut p = PositionProblem::new(code, message);
    p.file = Some(at);
    p
}
