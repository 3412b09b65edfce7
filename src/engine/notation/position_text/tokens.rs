//! Piece tokens of position text, one cell's text: the code of the piece's kind, in
//! capitals for Black and in small letters for White, after `+` when the piece stands on
//! its promoted side (`LN`, `+kr`). Read with every problem named, and printed.

use crate::engine::core::piece::Piece;
use crate::engine::notation::echo::echo;
use crate::engine::variant::{TokenProblem, Variant};

/// Parses one piece token (`LN`, `+kr`): uppercase Black, lowercase White, `+` promoted.
///
/// # Errors
/// The problem's code and message: not a code, mixed case, unknown code, a `+` on a piece
/// that never promotes, a promoted-only kind.
pub fn parse_piece_token(variant: &Variant, token: &str) -> Result<Piece, (&'static str, String)> {
    variant.read_token(token.as_bytes()).map_err(|problem| {
        let message = match problem {
            TokenProblem::BadToken => format!("`{}` is not a piece code", echo(token)),
            TokenProblem::MixedCase => {
                format!("`{}` mixes upper and lower case", echo(token))
            }
            TokenProblem::UnknownPiece => format!(
                "unknown piece code `{}`",
                echo(token.strip_prefix('+').unwrap_or(token))
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

/// The token of one piece (`+KR`, `ln`).
pub fn piece_token(variant: &Variant, piece: Piece) -> String {
    variant.token(piece.face, piece.color).to_string()
}
