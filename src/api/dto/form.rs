//! The position form shared by the requests that judge one position: a bare position, or
//! a start position plus moves.

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
    fn moves(&self) -> Option<&Vec<String>>;
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
            fn moves(&self) -> Option<&Vec<String>> {
                self.moves.as_ref()
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
