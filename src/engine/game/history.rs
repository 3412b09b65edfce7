//! What a game's history keeps per ply ([`PlayedMove`]: the move and what the repetition
//! rules ask of it), the hasher of its position keys, and how a completed repetition ends
//! the game.

use crate::engine::core::ending::{EndReason, Ending, GameResult};
use crate::engine::core::moves::Move;
use crate::engine::rules::repetition::Completion;
use std::cell::Cell;
use std::hash::Hasher;

/// One move of a game as the history keeps it.
#[derive(Debug, Clone)]
pub struct PlayedMove {
    /// The move (a pass names the piece that passed).
    pub mv: Move,
    /// [`GAVE_CHECK`], [`PASS`], and once worked out, [`ATTACK_KNOWN`] and [`ATTACKED`].
    pub(super) flags: Cell<u8>,
}

/// The move left the opponent in check.
const GAVE_CHECK: u8 = 1;
/// The move was a pass.
const PASS: u8 = 2;
/// Whether the move attacked (as the repetition rule in force defines it) is known...
pub(super) const ATTACK_KNOWN: u8 = 4;
/// ...and it did.
pub(super) const ATTACKED: u8 = 8;

impl PlayedMove {
    /// The history's entry for a move just played.
    pub(super) fn new(mv: Move, gave_check: bool, pass: bool) -> PlayedMove {
        let mut flags = 0;
        if gave_check {
            flags |= GAVE_CHECK;
        }
        if pass {
            flags |= PASS;
        }
        PlayedMove {
            mv,
            flags: Cell::new(flags),
        }
    }

    /// Whether the move left the opponent in check.
    pub fn gave_check(&self) -> bool {
        self.flags.get() & GAVE_CHECK != 0
    }

    /// Whether the move was a pass.
    pub fn was_pass(&self) -> bool {
        self.flags.get() & PASS != 0
    }
}

/// Keys are already hashes: the map uses them as they are.
#[derive(Default)]
pub(super) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// How a move that completes a repetition ends the game, if it does.
pub(super) fn repetition_ending(completion: Completion) -> Option<Ending> {
    let (result, reason) = match completion {
        Completion::Continues => return None,
        Completion::Lost(loser) => (GameResult::Win(loser.opponent()), EndReason::PerpetualCheck),
        Completion::Draw => (GameResult::Draw, EndReason::Repetition),
        Completion::NoContest => (GameResult::NoContest, EndReason::Repetition),
    };
    Some(Ending { result, reason })
}
