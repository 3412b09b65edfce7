//! Liveness and readiness (`GET /healthz`, `GET /readyz`).

use serde::Serialize;
use utoipa::ToSchema;

/// Liveness or readiness.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Health {
    /// `ok`.
    #[schema(example = "ok")]
    pub status: String,
}
