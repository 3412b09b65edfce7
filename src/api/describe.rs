//! Engine results described for answers: a legal move with its notations and effects
//! (captures, removed pieces with their causes, pieces changed in place, promotion, the
//! piece after the move, whether it gives check) and a refused move's reason: a rule breach with the ruling that it
//! loses, or text that names no move with a hint.

use super::dto::{
    CaptureInfo, ChangeCause, ChangedInfo, IllegalInfo, MoveInfo, PromotionInfo, RemovalCause,
    RemovedInfo, UnreadableInfo,
};
use crate::engine::core::ending::GameResult;
use crate::engine::core::moves::{Cause, Change, Effects, Move, Promotion, Removal};
use crate::engine::core::piece::Piece;
use crate::engine::game::{Game, Played};
use crate::engine::notation::{format_hodges, format_move, piece_token};
use crate::engine::position::Position;
use crate::engine::rules::check::in_check;
use crate::engine::rules::legality::IllegalReason;
use crate::engine::variant::Rules;

/// A legal move of `pos` with its notations and effects, and whether it gives check (the
/// engine's own test of check on the position after it, as a game judges it).
pub fn move_info(rules: &Rules, pos: &Position, mv: &Move, hodges: String) -> MoveInfo {
    let mut after = pos.clone();
    let effects = after.play(mv, rules);
    let gives_check = in_check(&after, rules, pos.side().opponent());
    move_info_with(rules, mv, &effects, hodges, gives_check)
}

/// A legal move with what it did (`effects`), described: captures, removed pieces,
/// promotion and the piece after the move come from the effects alone, each event mapped
/// to one removed or changed entry in the order the move made them; `gives_check` is
/// whether it left the opponent in check.
pub fn move_info_with(
    rules: &Rules,
    mv: &Move,
    effects: &Effects,
    hodges: String,
    gives_check: bool,
) -> MoveInfo {
    let shape = rules.variant.shape();
    let mut removed = Vec::new();
    let mut changed = Vec::new();
    for event in &effects.events {
        let square = shape.name(event.square).to_string();
        let piece = piece_token(rules.variant, event.piece);
        match event.cause {
            Cause::Removed(why) => removed.push(RemovedInfo {
                square,
                piece,
                cause: removal_cause(why),
                royal: event.royal,
            }),
            Cause::Changed(why) => changed.push(ChangedInfo {
                square,
                piece,
                cause: change_cause(why),
            }),
        }
    }
    let promotion = match effects.promotion {
        Promotion::None => PromotionInfo::None,
        Promotion::Compulsory => PromotionInfo::Compulsory,
        Promotion::Chosen => PromotionInfo::Chosen,
        Promotion::Declined => PromotionInfo::Declined,
        Promotion::Contagion => PromotionInfo::Contagion,
    };
    MoveInfo {
        text: format_move(shape, mv),
        hodges,
        from: shape.name(mv.from).to_string(),
        to: shape.name(mv.to()).to_string(),
        captures: effects
            .events
            .iter()
            .filter(|e| e.cause == Cause::Removed(Removal::Capture))
            .map(|e| CaptureInfo {
                square: shape.name(e.square).to_string(),
                piece: piece_token(rules.variant, e.piece),
                royal: e.royal,
            })
            .collect(),
        removed,
        promotion,
        piece_after: piece_token(
            rules.variant,
            Piece {
                color: effects.mover,
                face: effects.face_after,
            },
        ),
        pass: effects.pass,
        gives_check,
        changed,
    }
}

/// The API's name of a removal's cause (one arm per mechanism).
fn removal_cause(why: Removal) -> RemovalCause {
    match why {
        Removal::Capture => RemovalCause::Capture,
        Removal::Burn => RemovalCause::Burn,
        Removal::SelfBurn => RemovalCause::SelfBurn,
        Removal::Shot => RemovalCause::Shot,
        Removal::ClerkPromotion => RemovalCause::ClerkPromotion,
    }
}

/// The API's name of a change's cause (one arm per mechanism).
fn change_cause(why: Change) -> ChangeCause {
    match why {
        Change::ClerkPromotion => ChangeCause::ClerkPromotion,
        Change::Reversion => ChangeCause::Reversion,
    }
}

/// A played move described, with its Hodges text computed alone.
pub fn describe(rules: &Rules, played: &Played) -> MoveInfo {
    let hodges = format_hodges(&played.before, rules, &played.mv);
    move_info_with(
        rules,
        &played.mv,
        &played.effects,
        hodges,
        played.gave_check,
    )
}

/// Why a move was refused: a rule breach with the ruling that an illegal move loses
/// (`illegal`), or text that names no move with a hint and no ruling (`unreadable`); one of
/// the two, as the reason's own class says ([`IllegalReason::is_unreadable`]).
pub fn refusal(
    game: &Game,
    reason: &IllegalReason,
) -> (Option<IllegalInfo>, Option<UnreadableInfo>) {
    let code = reason.code().to_string();
    let message = reason.to_string();
    match game.ruling_on_illegal(reason) {
        None => {
            let hint = reason.hint().unwrap_or_default();
            (
                None,
                Some(UnreadableInfo {
                    code,
                    message,
                    hint,
                }),
            )
        }
        Some(ending) => {
            let winner = match ending.result {
                GameResult::Win(side) => Some(side.name().to_string()),
                GameResult::Draw | GameResult::NoContest => None,
            };
            let illegal = IllegalInfo {
                code,
                message,
                winner_if_enforced: winner,
            };
            (Some(illegal), None)
        }
    }
}
