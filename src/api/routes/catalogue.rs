//! The variant catalogue: the list, and one variant's board, start position, profiles,
//! options (each value with its meaning and sources) and pieces.

use crate::api::dto::{
    BoardInfo, ChoiceInfo, OptionInfo, PieceInfo, ProfileInfo, SourceInfo, VariantDetail,
    VariantId, VariantSummary,
};
use crate::api::error::{ApiError, GetRouteProblems, Problem};
use crate::engine::variant::{self, Variant};
use actix_web::http::StatusCode;
use actix_web::{get, web::Json, web::Path};

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
