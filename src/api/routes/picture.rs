//! Board pictures: a position, or a game with its last move marked, drawn as SVG.

use crate::api::context::{halt_point, heavy_game, prepare, AppState};
use crate::api::dto::{BoardPictureRequest, Body};
use crate::api::error::{ApiError, PostJobProblems, Problem, Progress};
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::picture::{board_svg, LastMove};
use actix_web::http::header::ContentType;
use actix_web::{post, web::Data, web::Json, HttpRequest, HttpResponse};

/// The media type of the answer.
pub const SVG: &str = "image/svg+xml";

/// A picture of the position: the board with file numbers on top (file 1 on the right, as
/// Black sees it) and rank letters down the right side; each piece a five-sided shogi
/// piece with its kanji, red on a promoted side; White's pieces turned to point down. In
/// the game form the last move's squares are filled (start pale green, the squares it
/// lists after it green) and each square where it removed a piece (capture, burn, shot) is
/// ringed in blue. Ko shogi is drawn on squares like the others (its pieces stand on the
/// points of a go board; the notation calls them squares), without marks for nets or
/// flames.
#[utoipa::path(
    tag = "pictures",
    request_body = BoardPictureRequest,
    responses(
        (status = 200, description = "The picture: an SVG document (UTF-8), one pixel per unit, 48 pixels a square", body = String, content_type = "image/svg+xml"),
        (status = 422, description = "Unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), limits, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy (a game of more than 64 moves, or a call that did not finish within 0.25 ms on an I/O thread) and `--heavy-concurrency` heavy calls are running with `--heavy-queue` more waiting, or it waited its deadline (`--deadline-ms`) for a slot: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        PostJobProblems,
    )
)]
#[post("/v1/board.svg")]
pub async fn board(
    state: Data<AppState>,
    req: HttpRequest,
    body: Json<Body<BoardPictureRequest>>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner().0;
    super::record_variant(&body.variant);
    let limits = state.limits.clone();
    let heavy = heavy_game(body.moves.as_ref());
    let svg = ContentType(SVG.parse().expect("a media type"));
    state
        .into_inner()
        .run_as(req.conn_data::<Peer>().cloned(), heavy, svg, move || {
            board_job(&limits, &body)
        })
        .await
}

/// The picture job itself, without HTTP: the SVG document of the request's position.
///
/// # Errors
/// Unknown variant or rules, an invalid position, an illegal move in the game, limits.
pub fn board_job(limits: &Limits, body: &BoardPictureRequest) -> Result<Vec<u8>, ApiError> {
    let (rules, form) = prepare(limits, body)?;
    let last = form.game().last_played(&rules);
    halt_point(limits, || Progress::at("picture"))?;
    let last = last.as_ref().map(|p| LastMove {
        mv: &p.mv,
        effects: &p.effects,
    });
    Ok(board_svg(&rules, form.position(), last).into_bytes())
}
