//! The rules engine: a pure library (no web framework) that knows the variants as data,
//! generates legal moves, judges proposed moves, plays them and counts perft.
//!
//! Floors, lowest first (each imports only those below it; `ARCHITECTURE.md`):
//! [`core`] (colours, directions, squares, square sets, board shapes, pieces, the move and
//! its effects, how a game ends), [`geometry`] (the ray tables of a board shape),
//! [`interrupt`] (deadlines and budgets), [`movement`] (the closed list of movement kinds,
//! the movement language, compiled tables), [`variant`] (piece tables, options, profiles,
//! resolved rules), [`position`] (setup and position, playing a move), [`attack`] (who
//! attacks a square), [`movegen`] (legal moves, one file per movement kind), [`notation`]
//! (text formats), [`perft`], [`picture`] (board pictures in SVG), [`rules`] (legality of
//! one proposed move, check and mate, material endings, repetition, lion trading), [`game`]
//! (a game with its history and its status after every move, and a bare position's
//! outcome), [`record`] (game records: KIF read into a game, a game written as KIF).
//!
//! # Design
//! - A variant is data (`variant/data/*.pieces|options|overrides|setup`): one row per
//!   piece kind, one per rule option, one per option-dependent movement. A request's
//!   profile and overrides resolve once into [`variant::Rules`], which compiles every face
//!   (a kind on its unpromoted or promoted side) into per-colour tables
//!   ([`movement::Compiled`]); the generator reads only those tables.
//! - One movement kind is one file of [`movegen`], shared by every piece that has it.
//!   Overlaps between a piece's kinds (a queen's short moves inside a lion's reach, a leap
//!   onto a range square) are removed at compile time, so every distinct effect is
//!   generated once without de-duplicating at run time.
//! - [`position::Setup`] is what text says; [`position::Position`] is validated against the
//!   rules in force and is what the engine plays on (the cells and guard counts of its
//!   own board, up to 36×36, plus square sets, copied on make into a reused position).
//!
//! # Chu shogi on the same machinery
//! Chu (12×12) is data (`variant/data/chu.*`) plus what only it has, each in one place:
//! the promotion zone is [`variant::Rules::zone_choice`], read where moves are emitted
//! ([`movegen`]); the lion-trading rules are the rule module [`rules::lion_trading`], which the
//! generator asks about captures of a lion and which sets the counter-strike square in
//! [`position::Extra::LionCapture`] (position text's third field); bare king and lone
//! royals are [`rules::material`]; lishogi's repetition is a value of
//! [`variant::Repetition`]; whether mate ends the game is [`variant::VariantTraits`].
//!
//! # How the other variants fit
//! Every variant the registry lists ([`variant::VARIANT_IDS`]: tai, chu, tenjiku, dai, dai
//! dai, maka dai dai and ko shogi) is played by this engine:
//! - Tenjiku shogi (16×16): range jumps with a rank order are a movement component with
//!   a per-kind jump rank column in the piece table; area moves (up to three king steps)
//!   another component; burning is steps 2 and 3 of `Position::play`'s pipeline, the one
//!   burning mechanism it shares with ko shogi's poison flame (reported as events of
//!   [`core::moves::Effects`]), with a per-face burn flag.
//! - Dai shogi (15×15) and dai dai shogi (17×17): data on chu's and tai's machinery (a
//!   promotion zone or promotion by capture, lion trading, the bare-king rule as options).
//! - Maka dai dai shogi (19×19): tai's rule frame as data; the king's promotion to emperor
//!   is a promotion-table row (the promoted face moves as an emperor and is royal, which
//!   the position's emperor and royal squares follow), and who is exempt from contagion
//!   is option [`variant::Contagion`], compiled into each face's
//!   [`variant::FaceRule::contagion_exempt`].
//! - Ko shogi (19×19 points): shooting extends [`core::moves::Move`] with shot targets
//!   (machine text `from to*target`). Its mechanics (shots, burns by the poison flame,
//!   immobilisation by nets, double moves, on-the-spot promotions, reversions) have their
//!   own generator (`movegen/ko/`); its play mechanisms are steps of the one play
//!   pipeline (`position/play/`), compiled once per rules ([`variant::Mechanisms`]);
//!   its moves are judged by their effect (`rules/legality.rs`); the end of the game is
//!   its loss condition over the commanders left (ko.md §6).

pub mod attack;
pub mod core;
pub mod game;
pub mod geometry;
pub mod interrupt;
pub mod movegen;
pub mod movement;
pub mod notation;
pub mod perft;
pub mod picture;
pub mod position;
pub mod record;
pub mod rules;
#[cfg(test)]
mod test_rng;
pub mod variant;
