//! What a piece token of position text means in a variant (`LN`, `+kr`: the kind's code,
//! capitals for Black and small letters for White, `+` for the promoted side), read from
//! the variant's code table without building messages. The position readers in
//! `notation` turn a [`TokenProblem`] into their problem text; the loader uses the same
//! reading to build the table of printed tokens.

use super::model::Variant;
use crate::engine::core::color::Color;
use crate::engine::core::piece::{KindId, Piece};

/// Why a piece token is not a piece of the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenProblem {
    /// Not a `+` and one to six letters.
    BadToken,
    /// Capitals and small letters together.
    MixedCase,
    /// No kind has this code or alias.
    UnknownPiece,
    /// A `+` on a kind that never promotes.
    CannotPromote(KindId),
    /// A kind that exists only as the promoted side of another.
    PromotedOnly(KindId),
}

impl TokenProblem {
    /// The problem's code in the API's answers.
    pub fn code(self) -> &'static str {
        match self {
            TokenProblem::BadToken => "bad_token",
            TokenProblem::MixedCase => "mixed_case",
            TokenProblem::UnknownPiece => "unknown_piece",
            TokenProblem::CannotPromote(_) => "cannot_promote",
            TokenProblem::PromotedOnly(_) => "promoted_only_piece",
        }
    }
}

impl Variant {
    /// The piece a token stands for. One pass over the code packs its
    /// [`code_key`](super::key_table::code_key) and notes its case.
    ///
    /// # Errors
    /// The [`TokenProblem`] that keeps the token from being a piece.
    #[inline]
    pub fn read_token(&self, token: &[u8]) -> Result<Piece, TokenProblem> {
        let (promoted, code) = match token.split_first() {
            Some((b'+', rest)) => (true, rest),
            _ => (false, token),
        };
        // Counted without branching; `b & 31` is a letter's place in the alphabet in either
        // case (the key is only read when every byte is a letter).
        let (mut upper, mut lower, mut key) = (0usize, 0usize, 0u32);
        for &b in code {
            upper += usize::from(b.is_ascii_uppercase());
            lower += usize::from(b.is_ascii_lowercase());
            key = key << 5 | u32::from(b & 31);
        }
        if code.is_empty() || upper + lower != code.len() {
            return Err(TokenProblem::BadToken);
        }
        if upper > 0 && lower > 0 {
            return Err(TokenProblem::MixedCase);
        }
        let color = if upper > 0 {
            Color::Black
        } else {
            Color::White
        };
        let entry = (code.len() <= 6)
            .then(|| self.code_entry(key))
            .flatten()
            .ok_or(TokenProblem::UnknownPiece)?;
        if promoted && !entry.can_promote {
            return Err(TokenProblem::CannotPromote(entry.kind));
        }
        if entry.promoted_only {
            return Err(TokenProblem::PromotedOnly(entry.kind));
        }
        Ok(Piece {
            color,
            face: entry.kind.face(promoted),
        })
    }
}
