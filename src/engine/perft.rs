//! Perft (performance test: the number of move sequences of a given length) and divide
//! (the same per first move), with an optional node budget, stopped by the running
//! [`Interrupt`](super::interrupt::Interrupt) too.

use super::core::moves::Move;
use super::interrupt::stopped;
use super::movegen::{generate, legal_moves, Counter};
use super::position::Position;
use super::variant::Rules;

/// Why a bounded count stopped before its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HaltReason {
    /// The node budget ran out.
    Budget,
    /// The running interrupt stopped it (deadline or cancel).
    Interrupted,
}

/// A bounded count that stopped, and how many nodes it had visited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Halt {
    pub reason: HaltReason,
    /// Nodes (interior and leaf) visited before it stopped.
    pub visited: u64,
}

/// Counts leaf nodes at `depth` (1 = the number of legal moves), to the end.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let mut walk = Walk::new(u64::MAX);
    match walk.count(pos, rules, depth) {
        Ok(n) => n,
        Err(reason) => panic!("an unbounded count outside a run cannot stop ({reason:?})"),
    }
}

/// Like [`perft`], but stops once more than `budget` nodes (interior and leaf) have been
/// visited, or when the running interrupt says so.
///
/// # Errors
/// [`Halt`] when it stopped early.
pub fn perft_bounded(pos: &Position, rules: &Rules, depth: u32, budget: u64) -> Result<u64, Halt> {
    let mut walk = Walk::new(budget);
    let result = walk.count(pos, rules, depth);
    walk.finish(result)
}

/// Leaf counts per first move, in generation order.
///
/// # Errors
/// [`Halt`] when `budget` nodes are not enough or the running interrupt stops it.
pub fn divide(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    budget: u64,
) -> Result<Vec<(Move, u64)>, Halt> {
    let mut walk = Walk::new(budget);
    let mut out = Vec::new();
    if depth == 0 {
        return Ok(out);
    }
    let mut rows = || {
        let moves = legal_moves(pos, rules);
        if stopped() {
            return Err(HaltReason::Interrupted);
        }
        for mv in moves {
            let mut child = pos.clone();
            child.play_unchecked(&mv, rules);
            let n = walk.count(&child, rules, depth - 1)?;
            out.push((mv, n));
        }
        Ok(())
    };
    let result = rows();
    walk.finish(result).map(|()| out)
}

/// One bounded count: the budget and what is left of it.
struct Walk {
    budget: u64,
    left: u64,
}

impl Walk {
    fn new(budget: u64) -> Walk {
        Walk {
            budget,
            left: budget,
        }
    }

    /// The result, with the nodes visited when it stopped.
    fn finish<T>(&self, result: Result<T, HaltReason>) -> Result<T, Halt> {
        result.map_err(|reason| Halt {
            reason,
            visited: self.budget - self.left,
        })
    }

    /// Takes `n` nodes from the budget.
    fn spend(&mut self, n: u64) -> Result<(), HaltReason> {
        self.left = self.left.checked_sub(n).ok_or(HaltReason::Budget)?;
        Ok(())
    }

    fn count(&mut self, pos: &Position, rules: &Rules, depth: u32) -> Result<u64, HaltReason> {
        if depth == 0 {
            return Ok(1);
        }
        if stopped() {
            return Err(HaltReason::Interrupted);
        }
        if depth == 1 {
            let mut c = Counter::default();
            generate(pos, rules, &mut c);
            if stopped() {
                return Err(HaltReason::Interrupted);
            }
            self.spend(c.0 + 1)?;
            return Ok(c.0);
        }
        self.spend(1)?;
        let moves = legal_moves(pos, rules);
        if stopped() {
            return Err(HaltReason::Interrupted);
        }
        let mut total = 0;
        for mv in moves {
            let mut child = pos.clone();
            child.play_unchecked(&mv, rules);
            total += self.count(&child, rules, depth - 1)?;
        }
        Ok(total)
    }
}
