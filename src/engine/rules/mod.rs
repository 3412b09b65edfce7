//! The rules above move generation: judging one proposed move ([`legality`]), check, mate
//! and stalemate ([`check`]), material endings ([`material`]), repetition
//! ([`repetition`]) and chu shogi's lion trading ([`lion_trading`], the one rule module
//! the generator asks, through a capture ban; it imports nothing of the generator).

pub mod check;
mod illegal;
pub mod legality;
pub mod lion_trading;
pub mod material;
pub mod repetition;
