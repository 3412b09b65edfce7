//! Engine tests: rule vectors (hand-derived data files), invariants over random games,
//! properties over random placements and text (proptest), the start position explained,
//! perft regression locks, the variant data's own checks, the engine's room (the largest board, more than 1,000 faces), the layout rules of ARCHITECTURE.md, the documents (rules pages, links).

mod canonical_routes;
mod capacity;
mod chu;
mod chu_usi_strings;
mod dai;
mod dai_dai;
mod dai_dai_vectors;
mod dai_vectors;
#[path = "../common/game_end.rs"]
mod game_end;
mod game_end_rulings;
mod invariants;
mod kif;
mod ko;
mod ko_hodges;
mod ko_vectors;
mod layering;
mod maka;
mod maka_vectors;
mod names;
mod perft;
mod picture;
#[path = "../common/placements.rs"]
mod placements;
mod properties;
mod qboard;
mod repository_docs;
#[path = "../common/rules.rs"]
mod rules;
mod start_position;
mod status;
mod support;
mod surfaces;
mod tenjiku;
mod tenjiku_vectors;
mod variant_data;
mod vector_support;
mod vectors;
