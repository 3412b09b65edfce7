//! Engine tests: the rule vectors (`tests/data/vectors/`, one driver), invariants over
//! random games, properties over random placements and text (proptest), the start position
//! explained, perft locks (read from the conformance kit's perft files), the variant data's
//! own checks, the engine's room (the largest board, more than 1,000
//! faces), the layout rules of ARCHITECTURE.md, the documents (rules pages, links, the
//! code map).

#[path = "../common/answer.rs"]
mod answer;
mod canonical_routes;
mod capacity;
mod chu;
mod chu_usi_strings;
mod dai;
mod dai_dai;
#[path = "../common/game_end.rs"]
mod game_end;
mod game_end_rulings;
mod invariants;
mod kif;
mod ko;
mod ko_hodges;
mod layering;
mod maka;
mod matches_protocol;
mod names;
mod perft;
mod perft_bulk;
mod picture;
#[path = "../common/placements.rs"]
mod placements;
mod properties;
mod qboard;
mod range_capture;
mod repository_docs;
mod rule_vectors;
#[path = "../common/rules.rs"]
mod rules;
mod start_position;
mod status;
mod support;
mod surfaces;
mod taikyoku;
mod taikyoku_data;
mod taikyoku_kinds;
mod tenjiku;
mod variant_data;
mod variant_lists;
mod zone_options;
