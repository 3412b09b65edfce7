//! The variant catalogue: the list, one variant's board, start position, profiles,
//! options (each value with its meaning and sources) and pieces, and its rules page
//! (Markdown, or HTML for a client that prefers it).

use crate::api::dto::{
    BoardInfo, ChoiceInfo, OptionInfo, PieceInfo, ProfileInfo, SourceInfo, VariantDetail,
    VariantId, VariantSummary,
};
use crate::api::error::{ApiError, GetRouteProblems, Problem};
use crate::engine::variant::{self, Variant};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::StatusCode;
use actix_web::{get, web::Json, web::Path, HttpRequest, HttpResponse};

/// Every variant this service knows.
#[utoipa::path(
    tag = "catalogue",
    responses(
        (status = 200, description = "The variants", body = Vec<VariantSummary>),
        GetRouteProblems,
    )
)]
#[get("/v1/variants")]
pub async fn list_variants() -> Json<Vec<VariantSummary>> {
    Json(
        variant::VARIANT_IDS
            .iter()
            .filter_map(|id| variant::by_id(id))
            .map(|v| VariantSummary {
                id: v.id.into(),
                name: v.name.into(),
                files: v.shape().files,
                ranks: v.shape().ranks,
            })
            .collect(),
    )
}

/// One variant: board, initial position, rule profiles and options, piece table.
#[utoipa::path(
    tag = "catalogue",
    params(("variant" = VariantId, Path, description = "Variant id (one of `GET /v1/variants`)")),
    responses(
        (status = 200, description = "The variant", body = VariantDetail),
        (status = 404, description = "Unknown variant", body = Problem, content_type = "application/problem+json"),
        GetRouteProblems,
    )
)]
#[get("/v1/variants/{variant}")]
pub async fn get_variant(path: Path<String>) -> Result<Json<VariantDetail>, ApiError> {
    let id = path.into_inner();
    let v =
        variant::by_id(&id).ok_or_else(|| ApiError::unknown_variant(&id, StatusCode::NOT_FOUND))?;
    Ok(Json(detail(v)))
}

/// One variant's rules as the service plays them, as a page to read.
///
/// The page `docs/rules/<variant>.md` of the repository, generated from the same variant data the service plays (pieces with their
/// moves in words, options with each value's meaning and sources, profiles) and the
/// variant's prose (order of a move's effects, how the game ends, notation). Markdown,
/// unless the `Accept` header prefers `text/html` to `text/markdown`.
#[utoipa::path(
    tag = "catalogue",
    params(("variant" = VariantId, Path, description = "Variant id (one of `GET /v1/variants`)")),
    responses(
        (status = 200, description = "The rules page: Markdown, or HTML when `Accept` prefers `text/html`",
            content(
                (String = "text/markdown", example = "# Chu shogi (中将棋)\n\n..."),
                (String = "text/html", example = "<!DOCTYPE html>\n<html lang=\"en\">\n..."),
            )),
        (status = 404, description = "Unknown variant", body = Problem, content_type = "application/problem+json"),
        GetRouteProblems,
    )
)]
#[get("/v1/variants/{variant}/rules")]
pub async fn get_rules(request: HttpRequest, path: Path<String>) -> Result<HttpResponse, ApiError> {
    let id = path.into_inner();
    let page = variant::rules_page(&id)
        .ok_or_else(|| ApiError::unknown_variant(&id, StatusCode::NOT_FOUND))?;
    let accept = request.headers().get(header::ACCEPT);
    let (content_type, body) = if prefers_html(accept) {
        (
            "text/html; charset=utf-8",
            crate::api::markdown::page_html(&page),
        )
    } else {
        ("text/markdown; charset=utf-8", page)
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, content_type))
        .insert_header((header::VARY, "Accept"))
        .body(body))
}

/// Whether an `Accept` header gives `text/html` a higher weight than `text/markdown` (each
/// weighed by its most specific match: the type, `text/*`, `*/*`); Markdown on a tie.
fn prefers_html(accept: Option<&HeaderValue>) -> bool {
    let Some(accept) = accept.and_then(|a| a.to_str().ok()) else {
        return false;
    };
    let weight = |wanted: &str| -> f32 {
        let mut best: Option<(u8, f32)> = None;
        for item in accept.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let media = parts.next().unwrap_or("").to_ascii_lowercase();
            let q = parts
                .find_map(|p| p.strip_prefix("q="))
                .and_then(|q| q.trim().parse::<f32>().ok())
                .unwrap_or(1.0);
            let specificity = if media == wanted {
                2
            } else if media == "text/*" {
                1
            } else if media == "*/*" {
                0
            } else {
                continue;
            };
            if best.is_none_or(|(s, _)| specificity > s) {
                best = Some((specificity, q));
            }
        }
        best.map_or(0.0, |(_, q)| q)
    };
    weight("text/html") > weight("text/markdown")
}

fn detail(v: &'static Variant) -> VariantDetail {
    VariantDetail {
        id: v.id.into(),
        name: v.name.into(),
        board: BoardInfo {
            files: v.shape().files,
            ranks: v.shape().ranks,
        },
        start_position: v.setup.clone(),
        default_profile: v.profiles[0].clone(),
        profiles: v.profiles.clone(),
        profile_details: v
            .profiles
            .iter()
            .zip(&v.profile_descriptions)
            .map(|(name, description)| ProfileInfo {
                name: name.clone(),
                description: description.clone(),
            })
            .collect(),
        options: v
            .options
            .iter()
            .map(|o| OptionInfo {
                name: o.name.clone(),
                values: o.values.clone(),
                defaults: v
                    .profiles
                    .iter()
                    .zip(&o.defaults)
                    .map(|(p, &d)| (p.clone(), o.values[d].clone()))
                    .collect(),
                description: o.description.clone(),
                choices: o
                    .values
                    .iter()
                    .zip(&o.choices)
                    .map(|(value, c)| ChoiceInfo {
                        value: value.clone(),
                        meaning: c.meaning.clone(),
                        sources: c.sources.clone(),
                    })
                    .collect(),
            })
            .collect(),
        sources: v
            .sources
            .iter()
            .map(|s| SourceInfo {
                name: s.name.clone(),
                description: s.description.clone(),
            })
            .collect(),
        pieces: v
            .kinds
            .iter()
            .map(|k| PieceInfo {
                code: k.code.clone(),
                name: k.name.clone(),
                kanji: k.kanji.clone(),
                romaji: k.romaji.clone(),
                movement: k.movement_text.clone(),
                promotes: k
                    .promotes
                    .iter()
                    .map(|(table, t)| (table.clone(), t.map(|t| v.kind(t).code.clone())))
                    .collect(),
                royal: k.royal,
                promoted_only: k.promoted_only,
                aliases: k.aliases.clone(),
            })
            .collect(),
    }
}
