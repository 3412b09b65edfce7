//! The edge between HTTP and the engine: request fields parsed into engine values (rules,
//! positions, games) with their limits, engine results mapped into response bodies, and
//! engine calls run on the blocking pool under a concurrency limit.

use super::dto::{
    CaptureInfo, CheckInfo, GameStatus, IllegalInfo, MoveInfo, OptionValues, PositionForm,
    PositionText, PromotionInfo, RepetitionJudged, RulesEcho, RulesInput, StatusReason,
    StatusResult, StatusState,
};
use super::error::{echo, ApiError};
use crate::config::Limits;
use crate::engine::game::{replay, Game};
use crate::engine::geometry::Color;
use crate::engine::legality::IllegalReason;
use crate::engine::moves::{Move, Promotion};
use crate::engine::notation::{
    format_hodges, format_move, format_position_after, format_position_of,
    parse_valid_position_spans, piece_token, RankSpans, MAX_MOVE_TEXT,
};
use crate::engine::position::{Effects, Piece, Position};
use crate::engine::status::{checking_moves, royals, EndReason, Ending, GameResult};
use crate::engine::variant::{self, Rules, RulesRequest};
use actix_web::http::StatusCode;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

/// Games with more moves than this are replayed on the blocking pool.
pub const LIGHT_MOVES: usize = 64;

/// Whether a request replaying `moves` is heavy.
pub fn heavy_game(moves: Option<&Vec<String>>) -> bool {
    moves.is_some_and(|m| m.len() > LIGHT_MOVES)
}

/// Shared state of the service.
#[derive(Debug)]
pub struct AppState {
    pub limits: Limits,
    heavy_running: AtomicUsize,
}

impl AppState {
    /// State with the given limits.
    pub fn new(limits: Limits) -> AppState {
        AppState {
            limits,
            heavy_running: AtomicUsize::new(0),
        }
    }

    /// Runs an engine call: a light one (bounded to well under a millisecond: one
    /// position, at most [`LIGHT_MOVES`] moves to replay) on the calling thread, a heavy one
    /// on the blocking pool, refusing with 429 when the configured number of heavy calls is
    /// already running.
    pub async fn run<T, F>(self: &Arc<Self>, heavy: bool, f: F) -> Result<T, ApiError>
    where
        F: FnOnce() -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        if !heavy {
            return f();
        }
        let running = self.heavy_running.fetch_add(1, Ordering::AcqRel);
        let _guard = Release(Arc::clone(self));
        if running >= self.limits.heavy_concurrency {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too_busy",
                "Too many engine calls at once",
                format!(
                    "{} engine calls are already running; retry shortly",
                    self.limits.heavy_concurrency
                ),
            ));
        }
        actix_web::web::block(f).await.map_err(|_| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "engine_unavailable",
                "Engine unavailable",
                "the engine call could not be run",
            )
        })?
    }
}

struct Release(Arc<AppState>);

impl Drop for Release {
    fn drop(&mut self) {
        self.0.heavy_running.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Looks up the variant and resolves the rules of a request.
pub fn resolve_rules(variant_id: &str, input: Option<&RulesInput>) -> Result<Arc<Rules>, ApiError> {
    let variant = variant::by_id(variant_id)
        .ok_or_else(|| ApiError::unknown_variant(variant_id, StatusCode::UNPROCESSABLE_ENTITY))?;
    let request = RulesRequest {
        profile: input.and_then(|r| r.profile.clone()),
        overrides: input
            .and_then(|r| r.options.as_ref())
            .map(|o| o.0.clone())
            .unwrap_or_default(),
    };
    Ok(Rules::resolve_shared(variant, &request)?)
}

/// The resolved rules as echoed in every response.
pub fn rules_echo(rules: &Arc<Rules>) -> RulesEcho {
    RulesEcho {
        variant: rules.variant.id,
        profile: rules.profile_name(),
        options: option_values(rules),
    }
}

/// The options object of `rules`, serialized once per rules in force: the engine shares
/// one [`Rules`] per choice of options, and this cache keeps each one it has seen (so its
/// address is not reused while it is a key here).
fn option_values(rules: &Arc<Rules>) -> OptionValues {
    type Cache = Mutex<HashMap<usize, (Arc<Rules>, OptionValues)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    const MAX_ENTRIES: usize = 64;
    let key = Arc::as_ptr(rules) as usize;
    let mut cache = CACHE
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(PoisonError::into_inner);
    if let Some((_, values)) = cache.get(&key) {
        return values.clone();
    }
    let values = OptionValues::new(rules.resolved());
    if cache.len() >= MAX_ENTRIES {
        cache.clear();
    }
    cache.insert(key, (Arc::clone(rules), values.clone()));
    values
}

/// The position of a request, as a game: with its history (game form) or without (a
/// bare position, where repetition is not judged).
pub struct Form {
    game: Box<Game>,
    /// The ranks of the bare position's text, when it is written as answers write it.
    ranks: Option<RankSpans>,
}

impl Form {
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.game.position
    }

    /// The game behind it.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game, to play on.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    /// Position text of the current position. `bare_text` is the request's bare position
    /// text, if it gave one: ranks that no move has changed since are copied from it when
    /// it is written as answers write it.
    pub fn position_text(&self, rules: &Rules, bare_text: Option<&str>) -> PositionText {
        let game = &self.game;
        let start = game.start();
        PositionText::new(&match (self.ranks, bare_text) {
            (Some(ranks), Some(text)) => {
                format_position_after(rules.variant, &game.position, start, text, &ranks)
            }
            _ => format_position_of(rules.variant, &game.position),
        })
    }
}

/// The status object of a game, with `ending` in place of the game's own (the ruling on
/// an illegal move in a replay).
pub fn game_status(rules: &Rules, game: &Game, ending: Option<Ending>) -> GameStatus {
    let status = game.status();
    let ending = ending.or(status.ending);
    let pos = &game.position;
    let shape = rules.variant.shape();
    let check = status.in_check.then(|| CheckInfo {
        royals: royals(pos, pos.side())
            .into_iter()
            .map(|s| shape.name(s).to_string())
            .collect(),
        attacking_moves: {
            let mut texts: Vec<String> = checking_moves(pos, rules, pos.side())
                .iter()
                .map(|m| format_move(shape, m))
                .collect();
            texts.sort();
            texts
        },
    });
    GameStatus {
        state: if ending.is_some() {
            StatusState::Ended
        } else {
            StatusState::Ongoing
        },
        result: ending.map(|e| match e.result {
            GameResult::Win(Color::Black) => StatusResult::Black,
            GameResult::Win(Color::White) => StatusResult::White,
            GameResult::Draw => StatusResult::Draw,
            GameResult::NoContest => StatusResult::NoContest,
        }),
        reason: ending.map(|e| match e.reason {
            EndReason::RoyalsCaptured => StatusReason::RoyalsCaptured,
            EndReason::Checkmate => StatusReason::Checkmate,
            EndReason::Stalemate => StatusReason::Stalemate,
            EndReason::Repetition => StatusReason::Repetition,
            EndReason::PerpetualCheck => StatusReason::PerpetualCheck,
            EndReason::IllegalMove => StatusReason::IllegalMove,
            EndReason::BareKing => StatusReason::BareKing,
            EndReason::LoneKings => StatusReason::LoneKings,
        }),
        side_to_move: pos.side().name().to_string(),
        in_check: status.in_check,
        check,
        repetition: if game.repetition_evaluated() {
            RepetitionJudged::Evaluated
        } else {
            RepetitionJudged::NotEvaluated
        },
        occurrences: game.occurrences(),
    }
}

/// Refuses a move text longer than any move can be (a request limit, not a verdict).
pub fn check_move_text(text: &str, index: Option<usize>) -> Result<(), ApiError> {
    if text.len() > MAX_MOVE_TEXT {
        let mut e = ApiError::unprocessable(
            "move_text_too_long",
            "Move text too long",
            format!(
                "a move text has {} bytes; at most {MAX_MOVE_TEXT} are accepted",
                text.len()
            ),
        );
        e.problem.index = index;
        return Err(e);
    }
    Ok(())
}

/// Checks the move count of a game and the length of each move text against the limits.
pub fn check_moves_limit(limits: &Limits, moves: Option<&Vec<String>>) -> Result<(), ApiError> {
    for (i, m) in moves.into_iter().flatten().enumerate() {
        check_move_text(m, Some(i))?;
    }
    let n = moves.map_or(0, Vec::len);
    if n > limits.moves_per_game {
        return Err(ApiError::unprocessable(
            "too_many_moves",
            "Too many moves",
            format!(
                "the game has {n} moves; at most {} are accepted",
                limits.moves_per_game
            ),
        ));
    }
    Ok(())
}

/// Builds the position of a request from its bare or game form; a game with an illegal
/// move is refused with the move's index, reason code and text.
pub fn build_form(
    rules: &Rules,
    limits: &Limits,
    position: Option<&str>,
    start: Option<&str>,
    moves: Option<&Vec<String>>,
) -> Result<Form, ApiError> {
    check_moves_limit(limits, moves)?;
    match (position, start, moves) {
        (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(ApiError::unprocessable(
            "ambiguous_position",
            "Ambiguous position",
            "give either `position` or `start`/`moves`, not both",
        )),
        (Some(text), None, None) => parse_valid_position_spans(rules, text)
            .map(|(p, ranks)| Form {
                game: Box::new(Game::new(p, rules, false)),
                ranks,
            })
            .map_err(|p| ApiError::invalid_position("position", p)),
        (None, start, moves) => {
            let empty = Vec::new();
            let (game, illegal) = replay(rules, start, moves.unwrap_or(&empty))
                .map_err(|p| ApiError::invalid_position("start", p))?;
            if let Some(bad) = &illegal {
                let text = echo(&bad.text);
                let mut e = ApiError::unprocessable(
                    "illegal_move_in_game",
                    "Illegal move in game",
                    format!("move {} (`{text}`) is illegal: {}", bad.index, bad.reason),
                );
                e.problem.index = Some(bad.index);
                e.problem.reason = Some(bad.reason.code().to_string());
                e.problem.submitted = Some(text);
                return Err(e);
            }
            Ok(Form {
                game: Box::new(game),
                ranks: None,
            })
        }
    }
}

/// The rules and position of a request that names a variant, rules and a position in
/// either form.
pub fn prepare(limits: &Limits, body: &impl PositionForm) -> Result<(Arc<Rules>, Form), ApiError> {
    let rules = resolve_rules(body.variant(), body.rules())?;
    let form = build_form(&rules, limits, body.position(), body.start(), body.moves())?;
    Ok((rules, form))
}

/// Position text of a position.
pub fn position_text(rules: &Rules, pos: &Position) -> PositionText {
    PositionText::new(&format_position_of(rules.variant, pos))
}

/// A legal move with its notations and effects.
pub fn move_info(rules: &Rules, pos: &Position, mv: &Move, hodges: String) -> MoveInfo {
    let mut after = pos.clone();
    let effects = after.play(mv, rules);
    move_info_with(rules, pos, mv, &effects, hodges)
}

/// A legal move played from `pos` with what it did (`effects`), described.
pub fn move_info_with(
    rules: &Rules,
    pos: &Position,
    mv: &Move,
    effects: &Effects,
    hodges: String,
) -> MoveInfo {
    let shape = rules.variant.shape();
    let mover = pos.piece_at(mv.from).expect("a legal move has a piece");
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
            .captures
            .iter()
            .map(|&(sq, piece)| CaptureInfo {
                square: shape.name(sq).to_string(),
                piece: piece_token(rules.variant, piece),
                royal: rules.face(piece.face).royal,
            })
            .collect(),
        promotion,
        piece_after: piece_token(
            rules.variant,
            Piece {
                color: mover.color,
                face: effects.face_after,
            },
        ),
        pass: effects.pass,
    }
}

/// A played move described, with its Hodges text computed alone.
pub fn describe(rules: &Rules, pos: &Position, mv: &Move, effects: &Effects) -> MoveInfo {
    move_info_with(rules, pos, mv, effects, format_hodges(pos, rules, mv))
}

/// Why a move is illegal, with the ruling that an illegal move loses.
pub fn illegal_info(game: &Game, reason: &IllegalReason) -> IllegalInfo {
    let winner = match game.ruling_on_illegal(reason).result {
        GameResult::Win(side) => Some(side.name().to_string()),
        GameResult::Draw | GameResult::NoContest => None,
    };
    IllegalInfo {
        code: reason.code().to_string(),
        message: reason.to_string(),
        winner_if_enforced: winner,
    }
}
