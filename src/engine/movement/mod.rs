//! How pieces move, as data: the closed list of movement kinds ([`Kind`]), the movement
//! language of the variant data files (`language`: text to [`Component`]s and back), a
//! movement in English words for the rules pages (`words`), what rule options make of a
//! movement before it is compiled (`rewrite`), and the per-colour tables
//! compiled from a piece's components (`compiled`), which the move generator reads. What
//! each kind does on a board (generation, attacks, passes, route spellings, the
//! first-square filter) lives in its own file of [`crate::engine::movegen`].

mod compiled;
mod kind;
mod language;
mod rewrite;
mod words;

pub(crate) use compiled::line_of;
pub use compiled::{Compiled, DoubleMove};
pub use kind::{Generation, Kind, KindSet};
pub use language::{Component, DirSet, DoubleRule, Movement, PathVisits, Shot, UNLIMITED};
pub use rewrite::TripleArrow;
pub use words::movement as movement_in_words;
