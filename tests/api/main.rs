//! API tests: the app on port 0, every endpoint over real HTTP, every error path, hostile
//! inputs, the OpenAPI document and its examples, the README's curl examples.

mod catalogue;
mod errors;
mod helpers;
mod hostile;
mod moves;
mod openapi;
mod perft;
mod readme;
mod replay;
