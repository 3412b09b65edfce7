//! Piece tokens of position text, one cell's text: the code of the piece's kind, in
//! capitals for Black and in small letters for White, after `+` when the piece stands on
//! its promoted side (`LN`, `+kr`). Read with every problem named, and printed.

use super::report::truncate;
use crate::engine::core::piece::Piece;
use crate::engine::geometry::Color;
use crate::engine::variant::Variant;

/// Parses one piece token (`LN`, `+kr`): uppercase Black, lowercase White, `+` promoted.
///
/// # Errors
/// The problem's code and message: not a code, mixed case, unknown code, a `+` on a piece
/// that never promotes, a promoted-only kind.
pub fn parse_piece_token(variant: &Variant, token: &str) -> Result<Piece, (&'static str, String)> {
    parse_piece_bytes(variant, token.as_bytes()).map_err(|problem| {
        let message = match problem {
            TokenProblem::BadToken => format!("`{}` is not a piece code", truncate(token)),
            TokenProblem::MixedCase => {
                format!("`{}` mixes upper and lower case", truncate(token))
            }
            TokenProblem::UnknownPiece => format!(
                "unknown piece code `{}`",
                truncate(token.strip_prefix('+').unwrap_or(token))
            ),
            TokenProblem::CannotPromote(kind) => {
                format!("`{}` has no promoted side", variant.kind(kind).code)
            }
            TokenProblem::PromotedOnly(kind) => format!(
                "`{}` exists only as a promoted piece; write `+` and the code of the piece it promoted from",
                variant.kind(kind).code
            ),
        };
        (problem.code(), message)
    })
}

/// Why a piece token is not a piece.
#[derive(Clone, Copy, Debug)]
enum TokenProblem {
    BadToken,
    MixedCase,
    UnknownPiece,
    CannotPromote(crate::engine::core::piece::KindId),
    PromotedOnly(crate::engine::core::piece::KindId),
}

impl TokenProblem {
    fn code(self) -> &'static str {
        match self {
            TokenProblem::BadToken => "bad_token",
            TokenProblem::MixedCase => "mixed_case",
            TokenProblem::UnknownPiece => "unknown_piece",
            TokenProblem::CannotPromote(_) => "cannot_promote",
            TokenProblem::PromotedOnly(_) => "promoted_only_piece",
        }
    }
}

/// [`parse_piece_token`] on bytes, without building messages: one pass over the code
/// packs its [`code_key`](crate::engine::variant::code_key) and notes its case.
#[inline]
fn parse_piece_bytes(variant: &Variant, token: &[u8]) -> Result<Piece, TokenProblem> {
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
        .then(|| variant.code_entry(key))
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
        face: entry.kind * 2 + promoted as u8,
    })
}

/// The token of one piece (`+KR`, `ln`).
pub fn piece_token(variant: &Variant, piece: Piece) -> String {
    variant.token(piece.face, piece.color).to_string()
}
