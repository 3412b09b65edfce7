//! The position form shared by the requests that judge one position: a bare position, or
//! a start position plus moves.

use super::move_texts::MoveTexts;
use super::moves::{AdjudicateRequest, LegalMovesRequest};
use super::perft::PerftRequest;
use super::picture::BoardPictureRequest;
use super::rules::RulesInput;
use std::borrow::Cow;

/// The fields that name a variant, its rules and a position in either form (bare
/// position, or start plus moves), shared by the requests that judge one position.
pub trait PositionForm {
    fn variant(&self) -> &str;
    fn rules(&self) -> Option<&RulesInput>;
    fn position(&self) -> Option<&str>;
    fn start(&self) -> Option<&str>;
    /// The move texts of the game form.
    fn moves(&self) -> Option<Cow<'_, MoveTexts>>;
}

/// A request's move list, however it is held, as [`MoveTexts`].
trait Texts {
    fn texts(&self) -> Cow<'_, MoveTexts>;
}

impl Texts for Vec<String> {
    fn texts(&self) -> Cow<'_, MoveTexts> {
        Cow::Owned(self.iter().collect())
    }
}

impl Texts for MoveTexts {
    fn texts(&self) -> Cow<'_, MoveTexts> {
        Cow::Borrowed(self)
    }
}

macro_rules! position_form {
    ($($request:ty),*) => {$(
        impl PositionForm for $request {
            fn variant(&self) -> &str {
                &self.variant
            }
            fn rules(&self) -> Option<&RulesInput> {
                self.rules.as_ref()
            }
            fn position(&self) -> Option<&str> {
                self.position.as_deref()
            }
            fn start(&self) -> Option<&str> {
                self.start.as_deref()
            }
            fn moves(&self) -> Option<Cow<'_, MoveTexts>> {
                self.moves.as_ref().map(Texts::texts)
            }
        }
    )*};
}

position_form!(
    LegalMovesRequest,
    AdjudicateRequest,
    PerftRequest,
    BoardPictureRequest
);
