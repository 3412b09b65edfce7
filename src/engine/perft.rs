//! Perft (performance test: the number of move sequences of a given length) and divide
//! (the same per first move), with an optional node budget, stopped by the running
//! [`Interrupt`](super::interrupt::Interrupt) too. Two ways of counting ([`Count`]): one
//! per sequence of distinct effects (this engine's moves), or, in chu shogi, one per
//! sequence of the USI strings lishogi lists ([`usi_strings`]).

mod burning;
mod emperor_sums;
mod route_siblings;
mod siblings;
mod tenjiku_reach;
mod tenjiku_readers;
pub mod usi_strings;

use super::core::moves::Move;
use super::interrupt::stopped;
use super::movegen::piece_count::piece_counts_apply;
use super::movegen::{generate, legal_moves, Counter, MoveSink};
use super::position::Position;
use super::variant::{headers, Rules, VariantTraits};
use route_siblings::RouteSiblings;
use siblings::Siblings;

/// What a count counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Count {
    /// Sequences of distinct effects: every move this engine lists counts once (one pass
    /// per position, a route through an empty square counted as the direct move;
    /// notation.md).
    #[default]
    Effects,
    /// Sequences of USI strings as lishogi's rules library lists them (chu shogi only,
    /// [`Count::available`]): every move counts as many times as shogiops spells it
    /// ([`usi_strings`]), at every ply.
    UsiStrings,
}

impl Count {
    /// Whether this count is defined for the variant of `rules`: effects everywhere, USI
    /// strings only where its header lists capability `usi_string_count` (chu shogi:
    /// lishogi plays no other large variant). Elsewhere a USI string count applies chu's
    /// listing to whatever lion-like pieces there are, which reproduces no outside figure:
    /// callers refuse it.
    pub fn available(self, rules: &Rules) -> bool {
        self.defined(&rules.variant.traits)
    }

    /// The ids of the built-in variants where this count is defined, in the registry's
    /// order (what a refusal lists).
    pub fn variants(self) -> Vec<&'static str> {
        headers()
            .filter(|(_, traits)| self.defined(traits))
            .map(|(names, _)| names.id)
            .collect()
    }

    fn defined(self, traits: &VariantTraits) -> bool {
        match self {
            Count::Effects => true,
            Count::UsiStrings => traits.usi_string_count,
        }
    }
}

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

/// Counts leaf nodes at `depth` (1 = the number of legal moves) in distinct effects
/// ([`Count::Effects`]), to the end.
pub fn perft(pos: &Position, rules: &Rules, depth: u32) -> u64 {
    let mut walk = Walk::new(u64::MAX);
    match walk.count::<ByEffect>(pos, rules, depth) {
        Ok(n) => n,
        Err(reason) => panic!("an unbounded count outside a run cannot stop ({reason:?})"),
    }
}

/// Like [`perft`] counting `count`, but stops once more than `budget` nodes (interior and
/// leaf positions this engine visits) have been visited, or when the running interrupt
/// says so.
///
/// # Errors
/// [`Halt`] when it stopped early.
pub fn perft_bounded(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    count: Count,
    budget: u64,
) -> Result<u64, Halt> {
    let mut walk = Walk::new(budget);
    let result = match count {
        Count::Effects => walk.count::<ByEffect>(pos, rules, depth),
        Count::UsiStrings => walk.count::<ByString>(pos, rules, depth),
    };
    walk.finish(result)
}

/// Leaf counts per first move, in generation order. Counting [`Count::UsiStrings`], one
/// row per string shogiops lists for each first move ([`usi_strings::spellings`]), each
/// with the count under it (the strings of one move share their count).
///
/// # Errors
/// [`Halt`] when `budget` nodes are not enough or the running interrupt stops it.
pub fn divide(
    pos: &Position,
    rules: &Rules,
    depth: u32,
    count: Count,
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
        let mut child = pos.clone();
        for mv in moves {
            child.clone_from(pos);
            child.play_unchecked(&mv, rules);
            match count {
                Count::Effects => out.push((mv, walk.count::<ByEffect>(&child, rules, depth - 1)?)),
                Count::UsiStrings => {
                    let n = walk.count::<ByString>(&child, rules, depth - 1)?;
                    out.extend(
                        usi_strings::spellings(pos, rules, &mv)
                            .into_iter()
                            .map(|s| (s, n)),
                    );
                }
            }
        }
        Ok(())
    };
    let result = rows();
    walk.finish(result).map(|()| out)
}

/// One bounded count: the budget and what is left of it, and the buffers of the sibling
/// counts once asked for.
struct Walk {
    budget: u64,
    left: u64,
    siblings: Option<Box<Siblings>>,
    route_siblings: Option<Box<RouteSiblings>>,
}

impl Walk {
    fn new(budget: u64) -> Walk {
        Walk {
            budget,
            left: budget,
            siblings: None,
            route_siblings: None,
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

    /// The leaves `depth` plies below `pos`, each move weighed as `W` says.
    fn count<W: Weigh>(
        &mut self,
        pos: &Position,
        rules: &Rules,
        depth: u32,
    ) -> Result<u64, HaltReason> {
        if depth == 0 {
            return Ok(1);
        }
        if stopped() {
            return Err(HaltReason::Interrupted);
        }
        if depth == 1 {
            let (moves, weighed) = W::last_ply(pos, rules);
            if stopped() {
                return Err(HaltReason::Interrupted);
            }
            self.spend(moves + 1)?;
            return Ok(weighed);
        }
        if depth == 2 && W::BY_EFFECT && piece_counts_apply(rules) {
            // The last two plies from sibling counts (`siblings`).
            let mut siblings = match self.siblings.take() {
                Some(s) => s,
                None => Box::new(Siblings::new(pos, rules)),
            };
            let result =
                siblings.count(pos, rules, &mut |n| self.spend(n), HaltReason::Interrupted);
            self.siblings = Some(siblings);
            return result;
        }
        if depth == 2 && W::BY_EFFECT && route_siblings::apply(rules) {
            // The same under route rules (`route_siblings`).
            let mut siblings = match self.route_siblings.take() {
                Some(s) => s,
                None => Box::new(RouteSiblings::new(pos, rules)),
            };
            let result =
                siblings.count(pos, rules, &mut |n| self.spend(n), HaltReason::Interrupted);
            self.route_siblings = Some(siblings);
            return result;
        }
        self.spend(1)?;
        let moves = legal_moves(pos, rules);
        if stopped() {
            return Err(HaltReason::Interrupted);
        }
        let mut total = 0;
        let mut child = pos.clone();
        for mv in moves {
            let weight = W::weight(pos, rules, &mv);
            child.clone_from(pos);
            child.play_unchecked(&mv, rules);
            total += weight * self.count::<W>(&child, rules, depth - 1)?;
        }
        Ok(total)
    }
}

/// How a walk weighs a move: once per effect, or as many times as shogiops spells it. The
/// budget counts the positions visited either way.
trait Weigh {
    /// Whether every move weighs one (then the last two plies may be counted from sibling
    /// counts).
    const BY_EFFECT: bool;
    /// The moves of a position on the last ply, and their weight in all.
    fn last_ply(pos: &Position, rules: &Rules) -> (u64, u64);
    /// The weight of one move.
    fn weight(pos: &Position, rules: &Rules, mv: &Move) -> u64;
}

/// [`Count::Effects`]: every move weighs one (the weight folds away when compiled).
struct ByEffect;

impl Weigh for ByEffect {
    const BY_EFFECT: bool = true;
    #[inline]
    fn last_ply(pos: &Position, rules: &Rules) -> (u64, u64) {
        let mut c = Counter::default();
        generate(pos, rules, &mut c);
        (c.0, c.0)
    }
    #[inline]
    fn weight(_: &Position, _: &Rules, _: &Move) -> u64 {
        1
    }
}

/// [`Count::UsiStrings`]: a move weighs the USI strings shogiops lists for it, at every ply.
struct ByString;

impl Weigh for ByString {
    const BY_EFFECT: bool = false;
    fn last_ply(pos: &Position, rules: &Rules) -> (u64, u64) {
        let mut c = StringCounter {
            pos,
            rules,
            moves: 0,
            strings: 0,
        };
        generate(pos, rules, &mut c);
        (c.moves, c.strings)
    }
    fn weight(pos: &Position, rules: &Rules, mv: &Move) -> u64 {
        usi_strings::count(pos, rules, mv)
    }
}

/// A sink that counts the moves of a position and the USI strings they weigh.
struct StringCounter<'a> {
    pos: &'a Position,
    rules: &'a Rules,
    moves: u64,
    strings: u64,
}

impl MoveSink for StringCounter<'_> {
    #[inline]
    fn push(&mut self, mv: Move) {
        self.moves += 1;
        self.strings += usi_strings::count(self.pos, self.rules, &mv);
    }
}
