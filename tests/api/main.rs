//! API tests: the app on port 0, every endpoint over real HTTP, every error path, hostile
//! inputs, the OpenAPI document and its examples, the README's curl examples.

mod answers;
mod board;
mod board_page;
mod board_view;
mod catalogue;
mod chu;
mod dai;
mod dai_dai;
mod deadline;
mod edges;
mod errors;
mod game_cache;
#[path = "../common/game_end.rs"]
mod game_end;
mod game_end_rulings;
mod helpers;
mod hostile;
mod kif;
mod maka;
mod match_records;
mod metrics;
mod move_effects;
mod moves;
mod notation_verdicts;
mod openapi;
mod perft;
#[path = "../common/placements.rs"]
mod placements;
mod readme;
mod replay;
mod taikyoku;
mod tenjiku;
mod transport;
