//! The handlers, one file per job of `shared/api.md`.

pub mod catalogue;
pub mod health;
pub mod moves;
pub mod perft;
pub mod picture;
pub mod replay;
