//! Perft (performance test: the number of move sequences of a given length) and divide
//! (the same per first move), with an optional node budget.

use super::movegen::{generate, legal_moves, Counter};
use super::moves::Move;
use super::position::Position;
use super::variant::Rules;

/// The node budget ran out before the count finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BudgetExceeded;

/// Counts leaf nodes at `depth` (1 = the number of legal moves).
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let mut budget = u64::MAX;
    count(pos, rules, depth, &mut budget).expect("unbounded")
}

/// Like [`perft`], but stops with an error once more than `budget` nodes (interior and
/// leaf) have been visited.
///
/// # Errors
/// [`BudgetExceeded`] when the budget runs out.
pub fn perft_bounded(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    budget: u64,
) -> Result<u64, BudgetExceeded> {
    let mut left = budget;
    count(pos, rules, depth, &mut left)
}

/// Leaf counts per first move, in generation order.
///
/// # Errors
/// [`BudgetExceeded`] when `budget` nodes are not enough.
pub fn divide(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    budget: u64,
) -> Result<Vec<(Move, u64)>, BudgetExceeded> {
    let mut left = budget;
    let mut out = Vec::new();
    if depth == 0 {
        return Ok(out);
    }
    for mv in legal_moves(pos, rules) {
        let mut child = pos.clone();
        child.play_unchecked(&mv, rules);
        let n = count(&child, rules, depth - 1, &mut left)?;
        out.push((mv, n));
    }
    Ok(out)
}

fn count(pos: &Position, rules: &Rules, depth: u32, left: &mut u64) -> Result<u64, BudgetExceeded> {
    if depth == 0 {
        return Ok(1);
    }
    if depth == 1 {
        let mut c = Counter::default();
        generate(pos, rules, &mut c);
        *left = left.checked_sub(c.0 + 1).ok_or(BudgetExceeded)?;
        return Ok(c.0);
    }
    *left = left.checked_sub(1).ok_or(BudgetExceeded)?;
    let mut total = 0;
    for mv in legal_moves(pos, rules) {
        let mut child = pos.clone();
        child.play_unchecked(&mv, rules);
        total += count(&child, rules, depth - 1, left)?;
    }
    Ok(total)
}
