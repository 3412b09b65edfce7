//! The position form shared by the requests that judge one position: a bare position, or
//! a start position plus moves.

use super::move_texts::MoveTexts;
use super::moves::{AdjudicateRequest, LegalMovesRequest};
use super::perft::PerftRequest;
use super::picture::BoardPictureRequest;
use super::rules::RulesInput;

/// The fields that name a variant, its rules and a position in either form (bare
/// position, or start plus moves), shared by the requests that judge one position.
pub trait PositionForm {
    fn variant(&self) -> &str;
    fn rules(&self) -> Option<&RulesInput>;
    fn position(&self) -> Option<&str>;
    fn start(&self) -> Option<&str>;
    /// The move texts of the game form, borrowed.
    fn moves(&self) -> Option<Vec<&str>>;
}

/// A request's move list, however it is held, as borrowed texts.
trait Texts {
    fn texts(&self) -> Vec<&str>;
}

impl Texts for Vec<String> {
    fn texts(&self) -> Vec<&str> {
        self.iter().map(String::as_str).collect()
    }
}

impl Texts for MoveTexts {
    fn texts(&self) -> Vec<&str> {
        self.to_strs()
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
            fn moves(&self) -> Option<Vec<&str>> {
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
