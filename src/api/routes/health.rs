//! Liveness and readiness.

use crate::api::dto::Health;
use crate::api::error::GetRouteProblems;
use actix_web::{get, web::Json};

/// Liveness: the process answers.
#[utoipa::path(
    tag = "service",
    responses(
        (status = 200, description = "Alive", body = Health),
        GetRouteProblems,
    )
)]
#[get("/healthz")]
pub async fn healthz() -> Json<Health> {
    Json(Health {
        status: "ok".into(),
    })
}

/// Readiness: the variant tables are loaded and the service takes requests.
#[utoipa::path(
    tag = "service",
    responses(
        (status = 200, description = "Ready", body = Health),
        GetRouteProblems,
    )
)]
#[get("/readyz")]
pub async fn readyz() -> Json<Health> {
    for id in crate::engine::variant::VARIANT_IDS {
        let _ = crate::engine::variant::by_id(id);
    }
    Json(Health {
        status: "ok".into(),
    })
}
