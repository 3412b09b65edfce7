//! Board pictures: a position, or a game with its last move marked, drawn as SVG; asked
//! for with a JSON body (POST) or with query parameters (GET, for an `<img src>`).

use crate::api::context::{halt_point, heavy_game, AppState};
use crate::api::dto::{BoardPictureQuery, BoardPictureRequest, Body, PictureLabels};
use crate::api::error::{cut_echo, echo, ApiError, PostJobProblems, Problem, Progress};
use crate::api::form::prepared;
use crate::api::peer::Peer;
use crate::config::Limits;
use crate::engine::game::game_picture;
use crate::engine::picture::{Labels, View, MAX_WIDTH, MIN_WIDTH};
use actix_web::http::header::ContentType;
use actix_web::{get, post, web::Data, web::Json, web::Query, HttpRequest, HttpResponse};

/// The media type of the answer.
pub const SVG: &str = "image/svg+xml";

/// A picture of the position: the board with file numbers on top (file 1 on the right, as
/// Black sees it; on the left with `flip`) and rank letters down the right side; each
/// piece a five-sided shogi piece with its kanji (drawn as outlines, so no font need be
/// installed; with `labels: latin`, its code in Latin letters), red on a promoted side;
/// White's pieces turned to point down (up with `flip`). In the game form the last move's
/// squares are filled (start pale green, the squares it lists after it green) and each
/// square where it removed a piece (capture, burn, shot) is ringed in blue. The royals in
/// check stand on orange squares. The caption names the side to move while the game goes
/// on; once it has ended, the result and its reason, white on a dark band. Ko shogi is
/// drawn on squares like the others (its pieces stand on the points of a go board; the
/// notation calls them squares), without marks for nets or flames.
#[utoipa::path(
    tag = "pictures",
    request_body = BoardPictureRequest,
    responses(
        (status = 200, description = "The picture: an SVG document (UTF-8), 48 units a square, one pixel per unit unless `size` asks for another width", body = String, content_type = "image/svg+xml"),
        (status = 422, description = "Unknown variant or rules, invalid position, an illegal move in the game (`illegal_move_in_game`) or text in `moves` that names no move (`unreadable_move_in_game`), a `size` out of range (`size_out_of_range`), limits, deadline exceeded (`deadline_exceeded`, with `progress`)", body = Problem, content_type = "application/problem+json"),
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
    draw(state, req, body.into_inner().0).await
}

/// The same picture as `POST /v1/board.svg`, its fields as query parameters, for an
/// `<img src>`: `/v1/board.svg?variant=chu&moves=7i7h,6d6e&flip=true&size=600`. `moves`
/// lists the moves separated by commas; `rules` is the JSON object of the POST form as
/// text. In a URL `+` means a space: write a promotion's `+` as `%2B`.
#[utoipa::path(
    tag = "pictures",
    params(BoardPictureQuery),
    responses(
        (status = 200, description = "The picture: an SVG document (UTF-8), 48 units a square, one pixel per unit unless `size` asks for another width", body = String, content_type = "image/svg+xml"),
        (status = 422, description = "A parameter that is not one of the form's or not of its type (`invalid_request`), a move with a space in it (`invalid_request`), and every problem of `POST /v1/board.svg`", body = Problem, content_type = "application/problem+json"),
        (status = 429, description = "The call is heavy and the heavy slots are taken, as for `POST /v1/board.svg`: retry after `Retry-After` seconds", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying"))),
        (status = 405, description = "Method not allowed: GET, HEAD and POST; `Allow` lists them", body = Problem, content_type = "application/problem+json",
            headers(("Allow" = String, description = "The methods the path takes"))),
        (status = 414, description = "URL longer than 8192 bytes", body = Problem, content_type = "application/problem+json"),
        (status = 503, description = "The heavy engine call could not be run (the engine's thread pool is shutting down), or `--max-connections` connections are open (`too_many_connections`, with `Retry-After`, answered as the connection is accepted and closed)", body = Problem, content_type = "application/problem+json",
            headers(("Retry-After" = u32, description = "Seconds to wait before retrying, with `too_many_connections`"))),
    )
)]
#[get("/v1/board.svg")]
pub async fn board_get(state: Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let query = Query::<BoardPictureQuery>::from_query(req.query_string())
        .map_err(|e| invalid_request(cut_echo(&e.to_string())))?
        .into_inner();
    draw(state, req, from_query(query)?).await
}

/// Runs the picture job for a request, on the heavy pool when its game is long.
async fn draw(
    state: Data<AppState>,
    req: HttpRequest,
    body: BoardPictureRequest,
) -> Result<HttpResponse, ApiError> {
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

/// The request that the query parameters of `GET /v1/board.svg` stand for.
fn from_query(q: BoardPictureQuery) -> Result<BoardPictureRequest, ApiError> {
    let rules = match q.rules.as_deref() {
        None => None,
        Some(text) => serde_json::from_str(text)
            .map_err(|e| invalid_request(format!("`rules`: {}", cut_echo(&e.to_string()))))?,
    };
    let moves = match q.moves {
        None => None,
        Some(list) if list.is_empty() => Some(Vec::new()),
        Some(list) => {
            let moves: Vec<String> = list.split(',').map(str::to_string).collect();
            if let Some(i) = moves.iter().position(|m| m.contains(char::is_whitespace)) {
                let mut e = invalid_request(format!(
                    "move {i} (`{}`) has a space in it: in a URL `+` means a space, \
                     write it as %2B",
                    echo(&moves[i])
                ));
                e.problem.index = Some(i);
                return Err(e);
            }
            Some(moves)
        }
    };
    Ok(BoardPictureRequest {
        variant: q.variant,
        rules,
        position: q.position,
        start: q.start,
        moves,
        flip: q.flip.unwrap_or(false),
        size: q.size,
        labels: q.labels.unwrap_or_default(),
    })
}

/// A query that is not the form's (its detail repeats client text only through [`echo`]).
fn invalid_request(detail: String) -> ApiError {
    ApiError::unprocessable("invalid_request", "Invalid request", detail)
}

/// The picture job itself, without HTTP: the SVG document of the request's position.
///
/// # Errors
/// A size out of range, unknown variant or rules, an invalid position, an illegal move in
/// the game, limits.
pub fn board_job(limits: &Limits, body: &BoardPictureRequest) -> Result<Vec<u8>, ApiError> {
    if let Some(size) = body.size.filter(|s| !(MIN_WIDTH..=MAX_WIDTH).contains(s)) {
        return Err(ApiError::unprocessable(
            "size_out_of_range",
            "Size out of range",
            format!("`size` is {size}; a picture is {MIN_WIDTH} to {MAX_WIDTH} pixels wide"),
        ));
    }
    prepared(limits, body, |rules, form| {
        halt_point(limits, || Progress::at("picture"))?;
        let view = View {
            flip: body.flip,
            width: body.size,
            labels: match body.labels {
                PictureLabels::Kanji => Labels::Kanji,
                PictureLabels::Latin => Labels::Latin,
            },
        };
        Ok(game_picture(rules, form.game(), &view).into_bytes())
    })
}
