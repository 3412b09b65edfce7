//! The handlers, one file per job of the API contract.

pub mod board;
pub mod catalogue;
pub mod health;
pub mod moves;
pub mod perft;
pub mod picture;
pub mod replay;

/// Records the request's variant on its span (the one line logged per request carries
/// it), cut as every echoed client value is ([`crate::api::error::echo`]): a made-up
/// variant of a megabyte does not become a megabyte of log. Returns the span, for more
/// fields.
fn record_variant(variant: &str) -> tracing::Span {
    let span = tracing::Span::current();
    span.record(
        "variant",
        tracing::field::display(crate::api::error::echo(variant)),
    );
    span
}
