//! Time controls and the referee's clocks. (Issue 33: completed by the referee's helper.)

use std::time::Duration;

/// A time control.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every move.
    PerMove(Duration),
    /// A base time for the game, plus an increment after every move.
    Increment { base: Duration, increment: Duration },
    /// A base time for the game, then a fixed time for every move once it is spent
    /// (byoyomi, 秒読み: "second counting").
    Byoyomi { base: Duration, byoyomi: Duration },
}
