//! The edge between HTTP and the engine: request fields parsed into engine values (rules,
//! positions, games) with their limits, engine results mapped into response bodies, and
//! engine calls run under a deadline: light ones on the I/O thread for at most a slice,
//! heavy ones on the blocking pool with a bounded queue.

pub use super::describe::{describe, move_info, move_info_with, refusal};
use super::dto::{
    CheckInfo, GameStatus, OptionValues, PositionText, RepetitionJudged, RulesEcho, RulesInput,
    StatusReason, StatusResult, StatusState,
};
use super::error::{ApiError, Progress};
use crate::api::game_cache;
use crate::api::memory;
use crate::api::metrics;
use crate::api::peer::{unless_gone, Gone, Peer};
use crate::config::Limits;
use crate::engine::core::color::Color;
use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::game::Game;
use crate::engine::interrupt::{halted, Interrupt, Stopped};
use crate::engine::notation::{format_move, format_position_of};
use crate::engine::position::Position;
use crate::engine::rules::check::{checking_moves, royals};
use crate::engine::variant::{self, Rules, RulesRequest};
use actix_web::http::header::ContentType;
use actix_web::http::StatusCode;
use actix_web::HttpResponse;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;
use tokio::time::timeout;

/// Games with more moves than this are heavy from the start.
pub const LIGHT_MOVES: usize = 64;

/// How long a light call may run on an I/O thread: past it, the call is stopped and run
/// again as a heavy one.
pub const LIGHT_SLICE: Duration = Duration::from_micros(250);

/// Whether a request replaying `moves` is heavy from the start.
pub fn heavy_game(moves: Option<&Vec<String>>) -> bool {
    moves.is_some_and(|m| m.len() > LIGHT_MOVES)
}

/// Whether a request judging the position after `plies` moves (legal moves, a verdict) is
/// heavy from the start: a game of more than [`LIGHT_MOVES`] moves when the cache of game
/// states is off. With the cache on it first runs on the I/O thread: a game whose prefix
/// the cache holds replays only the moves after it, and one whose prefix it does not hold
/// is sent on to the blocking pool at once, before any replay (see
/// [`crate::api::form::build_form`]).
pub fn heavy_game_form(limits: &Limits, plies: usize) -> bool {
    plies > LIGHT_MOVES && limits.game_cache_bytes == 0
}

/// Shared state of the service: the limits, and the slots and queue of heavy calls.
#[derive(Debug)]
pub struct AppState {
    pub limits: Limits,
    /// One permit per heavy call allowed to run at once.
    slots: Arc<Semaphore>,
    /// Heavy calls running or waiting for a slot.
    admitted: AtomicUsize,
    /// Engine calls begun or ended so far: the trim thread's clock of activity.
    activity: AtomicU64,
}

impl AppState {
    /// State with the given limits.
    pub fn new(limits: Limits) -> AppState {
        AppState {
            slots: Arc::new(Semaphore::new(limits.heavy_concurrency.max(1))),
            admitted: AtomicUsize::new(0),
            activity: AtomicU64::new(0),
            limits,
        }
    }

    /// Starts a thread that gives the allocator's free memory back to the system once
    /// the service has gone idle after work: on each of the first `TRIMS_AFTER_WORK`
    /// seconds in which no engine call began or ended and none is running or waiting.
    /// (Not at the end of the last call: the I/O threads free its answer and their
    /// connections' buffers after it.) It ends with the state.
    pub fn trim_when_idle(state: &Arc<AppState>) {
        let state = Arc::downgrade(state);
        let spawned = std::thread::Builder::new()
            .name("memory-trim".into())
            .spawn(move || {
                let mut seen = 0;
                let mut owed = 0;
                loop {
                    std::thread::sleep(TRIM_EVERY);
                    let Some(state) = state.upgrade() else {
                        return;
                    };
                    let now = state.activity.load(Ordering::Relaxed);
                    if now != seen {
                        seen = now;
                        owed = TRIMS_AFTER_WORK;
                    } else if owed > 0 && state.admitted.load(Ordering::Acquire) == 0 {
                        owed -= 1;
                        memory::give_back();
                    }
                }
            });
        if let Err(e) = spawned {
            tracing::warn!("no memory-trim thread: {e}");
        }
    }

    /// Runs a job and writes its answer (JSON), keeping the I/O threads for I/O.
    ///
    /// - A job that is heavy from the start (`heavy`: by the job and the size of the game)
    ///   goes straight to the blocking pool.
    /// - A job that finds itself too heavy before it works (a long game the cache of game
    ///   states holds no prefix of, [`game_cache::run_light`]) moves there at once.
    /// - Any other first runs here, on the I/O thread, for at most [`LIGHT_SLICE`]; if it
    ///   has not finished by then it is stopped and run again as a heavy one. (A
    ///   position's size does not tell its cost: a crowded start and a sparse board of
    ///   long-range pieces in check have the same number of pieces.)
    /// - A heavy job waits for one of `heavy_concurrency` slots, in a queue of at most
    ///   `heavy_queue`; beyond it, or after waiting the deadline, 429 `too_busy` with
    ///   `Retry-After`. It then runs on the blocking pool under the deadline (422
    ///   `deadline_exceeded`, with how far it got), and stops when this future is dropped
    ///   (the client went away). Its answer is written there too.
    pub async fn run<T, F>(
        self: &Arc<Self>,
        peer: Option<Peer>,
        heavy: bool,
        job: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: Fn() -> Result<T, ApiError> + Send + 'static,
        T: Serialize,
    {
        let json = move || job().and_then(|t| to_json(&t));
        self.run_as(peer, heavy, ContentType::json(), json).await
    }

    /// [`AppState::run`] for a job that writes its answer's bytes itself (a picture),
    /// sent as `content_type`.
    pub async fn run_as<F>(
        self: &Arc<Self>,
        peer: Option<Peer>,
        heavy: bool,
        content_type: ContentType,
        job: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: Fn() -> Result<Vec<u8>, ApiError> + Send + 'static,
    {
        self.activity.fetch_add(1, Ordering::Relaxed);
        if !heavy {
            let begun = Instant::now();
            let slice = Interrupt::new(Some(begun + LIGHT_SLICE));
            let ((answer, stopped), moved_off) =
                game_cache::run_light(LIGHT_MOVES, || slice.run_all(&job));
            metrics::engine_time("io", begun.elapsed());
            if stopped.is_none() && !moved_off {
                return answer.map(|body| respond(content_type, body));
            }
            tracing::debug!("light call moved off the I/O thread");
        }
        let deadline = self.limits.deadline;
        let gone = |stage| ApiError::stopped(Stopped::Cancelled, deadline, Progress::at(stage));
        let _admission = self.admit()?;
        let slot = timeout(deadline, Arc::clone(&self.slots).acquire_owned());
        let permit = match unless_gone(slot, peer.as_ref()).await {
            Ok(Ok(Ok(permit))) => permit,
            Ok(Ok(Err(_))) => return Err(engine_unavailable()),
            Ok(Err(_)) => return Err(too_busy(self.limits.heavy_concurrency)),
            Err(Gone) => return Err(gone("queued")),
        };
        let started = Instant::now();
        let interrupt = Interrupt::new(Some(started + deadline));
        let mut cancel = CancelOnDrop(Some(interrupt.clone()));
        let task = actix_web::web::block(move || {
            let _permit = permit;
            let begun = Instant::now();
            let (answer, stopped) = interrupt.run_all(&job);
            metrics::engine_time("blocking", begun.elapsed());
            match (answer, stopped) {
                (answer, None) => answer,
                (Err(mut e), Some(_)) if e.problem.progress.is_some() => {
                    if let Some(p) = &mut e.problem.progress {
                        p.elapsed_ms = millis(started.elapsed());
                    }
                    Err(e)
                }
                (_, Some(why)) => {
                    let mut progress = Progress::at("answer");
                    progress.elapsed_ms = millis(started.elapsed());
                    Err(ApiError::stopped(why, deadline, progress))
                }
            }
        });
        let answer = unless_gone(task, peer.as_ref()).await;
        self.activity.fetch_add(1, Ordering::Relaxed);
        if answer.is_ok() {
            cancel.0 = None;
        }
        answer
            .map_err(|Gone| gone("running"))?
            .map_err(|_| engine_unavailable())?
            .map(|body| respond(content_type, body))
    }

    /// Takes a place among the heavy calls running or waiting, or refuses with 429.
    fn admit(self: &Arc<Self>) -> Result<Admission, ApiError> {
        let limits = &self.limits;
        let cap = limits.heavy_concurrency.max(1) + limits.heavy_queue;
        let before = self.admitted.fetch_add(1, Ordering::AcqRel);
        let admission = Admission(Arc::clone(self));
        if before >= cap {
            return Err(too_busy(limits.heavy_concurrency));
        }
        Ok(admission)
    }
}

/// How often the idle state is looked at to give free memory back.
const TRIM_EVERY: Duration = Duration::from_secs(1);

/// On how many idle looks after work free memory is given back.
const TRIMS_AFTER_WORK: u32 = 2;

/// A place among the heavy calls, given back when dropped.
struct Admission(Arc<AppState>);

impl Drop for Admission {
    fn drop(&mut self) {
        self.0.admitted.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Cancels the engine work when the request's future ends before it is disarmed (the
/// client closed the connection, or the server is shutting down).
struct CancelOnDrop(Option<Interrupt>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(interrupt) = self.0.take() {
            interrupt.cancel();
        }
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

fn to_json<T: Serialize>(t: &T) -> Result<Vec<u8>, ApiError> {
    serde_json::to_vec(t).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "Internal error",
            format!("the answer could not be written: {e}"),
        )
    })
}

fn respond(content_type: ContentType, body: Vec<u8>) -> HttpResponse {
    HttpResponse::Ok().content_type(content_type).body(body)
}

fn too_busy(slots: usize) -> ApiError {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too_busy",
        "Too many engine calls at once",
        format!("{slots} heavy engine calls are running and the queue is full; retry shortly"),
    )
}

fn engine_unavailable() -> ApiError {
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "engine_unavailable",
        "Engine unavailable",
        "the engine call could not be run",
    )
}

/// Ends a job early when the running interrupt has stopped it, with how far it got.
///
/// # Errors
/// `deadline_exceeded` or `cancelled` when stopped.
pub fn halt_point(limits: &Limits, progress: impl FnOnce() -> Progress) -> Result<(), ApiError> {
    match halted() {
        Some(why) => Err(ApiError::stopped(why, limits.deadline, progress())),
        None => Ok(()),
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
            EndReason::CommandersLost => StatusReason::CommandersLost,
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

/// Position text of a position.
pub fn position_text(rules: &Rules, pos: &Position) -> PositionText {
    PositionText::new(&format_position_of(rules.variant, pos))
}
