//! Request and response bodies of the API, each field described for the OpenAPI document.
//! Requests are parsed into engine types at the edge (`api::context`).

mod catalogue;
pub mod examples;
mod form;
mod health;
mod json;
mod move_texts;
mod moves;
mod perft;
mod picture;
mod played;
mod replay;
mod rules;
mod status;

pub use catalogue::{
    BoardInfo, ChoiceInfo, OptionInfo, PieceInfo, ProfileInfo, SourceInfo, VariantDetail,
    VariantSummary,
};
pub use form::PositionForm;
pub use health::Health;
pub use json::{Body, PositionText};
pub use move_texts::{from_body, MoveTexts};
pub use moves::{AdjudicateRequest, AdjudicateResponse, LegalMovesRequest, LegalMovesResponse};
pub use perft::{DivideList, DivideRow, PerftCount, PerftRequest, PerftResponse};
pub use picture::{BoardPictureQuery, BoardPictureRequest, PictureLabels};
pub use played::{
    CaptureInfo, ChangeCause, ChangedInfo, IllegalInfo, ListFormat, MoveInfo, MoveList,
    PromotionInfo, RemovalCause, RemovedInfo, UnreadableInfo,
};
pub use replay::{
    RecordFormat, RecordInput, RecordOutput, ReplayRequest, ReplayResponse, ReplayVerdict,
};
pub use rules::{OptionOverrides, OptionValues, RulesEcho, RulesInput, VariantId};
pub use status::{
    CheckInfo, GameStatus, RepetitionJudged, StatusReason, StatusResult, StatusState,
};
