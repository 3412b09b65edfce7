//! Time controls ([`TimeControl`]: read from the command line's `--st`, `--tc` and
//! `--byoyomi`, written back for records) and the referee's clock of one side ([`Clock`]):
//! what a move may take, and charging it the time the referee measured.

use std::fmt;
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

/// The most seconds a time flag accepts (a week): keeps every sum of durations finite.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

/// Reads a number of seconds (`1`, `0.1`, `2.5`): finite, not negative, at most a week.
///
/// # Errors
/// The problem in words.
pub fn parse_seconds(text: &str) -> Result<Duration, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !value.is_finite() || !(0.0..=MAX_SECONDS).contains(&value) {
        return Err(format!(
            "'{text}' is out of range (0 to {MAX_SECONDS} seconds)"
        ));
    }
    Ok(Duration::from_secs_f64(value))
}

/// Seconds as the command line writes them: `1`, `0.1`, `2.5` (at most millisecond
/// precision, no trailing zeros).
pub fn seconds_text(d: Duration) -> String {
    let millis = d.as_millis();
    let (whole, frac) = (millis / 1000, millis % 1000);
    if frac == 0 {
        whole.to_string()
    } else {
        let digits = format!("{frac:03}");
        format!("{whole}.{}", digits.trim_end_matches('0'))
    }
}

impl TimeControl {
    /// The time control the flags give: `--st SECONDS`, `--tc BASE+INC`, or `--tc BASE
    /// --byoyomi SECONDS`; `--st 1` when none is given.
    ///
    /// # Errors
    /// The flags' problem in words: flags that exclude each other, or a value that does
    /// not read as seconds.
    pub fn from_flags(
        st: Option<&str>,
        tc: Option<&str>,
        byoyomi: Option<&str>,
    ) -> Result<TimeControl, String> {
        let per_move = |text: &str| -> Result<TimeControl, String> {
            let d = parse_seconds(text).map_err(|e| format!("--st: {e}"))?;
            if d.is_zero() {
                return Err("--st: a move needs more than 0 seconds".to_string());
            }
            Ok(TimeControl::PerMove(d))
        };
        match (st, tc, byoyomi) {
            (None, None, None) => Ok(TimeControl::PerMove(Duration::from_secs(1))),
            (Some(st), None, None) => per_move(st),
            (Some(_), Some(_), _) => Err("--st and --tc exclude each other".to_string()),
            (_, None, Some(_)) => Err("--byoyomi needs --tc BASE".to_string()),
            (None, Some(tc), by) => {
                let (base, inc) = match tc.split_once('+') {
                    Some((base, inc)) => (base, Some(inc)),
                    None => (tc, None),
                };
                let base = parse_seconds(base).map_err(|e| format!("--tc: {e}"))?;
                match (inc, by) {
                    (Some(_), Some(_)) => Err(
                        "--tc BASE+INC and --byoyomi exclude each other (give --tc BASE \
                         --byoyomi SECONDS)"
                            .to_string(),
                    ),
                    (inc, None) => {
                        let increment = match inc {
                            Some(inc) => parse_seconds(inc).map_err(|e| format!("--tc: {e}"))?,
                            None => Duration::ZERO,
                        };
                        if base.is_zero() && increment.is_zero() {
                            return Err("--tc: the game needs some time".to_string());
                        }
                        Ok(TimeControl::Increment { base, increment })
                    }
                    (None, Some(by)) => {
                        let byoyomi = parse_seconds(by).map_err(|e| format!("--byoyomi: {e}"))?;
                        if byoyomi.is_zero() {
                            return Err("--byoyomi: a move needs more than 0 seconds".to_string());
                        }
                        Ok(TimeControl::Byoyomi { base, byoyomi })
                    }
                }
            }
        }
    }
}

/// The form records keep: `st=0.1`, `60+0.5`, `60+byoyomi 5`.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::PerMove(d) => write!(f, "st={}", seconds_text(d)),
            TimeControl::Increment { base, increment } => {
                write!(f, "{}+{}", seconds_text(base), seconds_text(increment))
            }
            TimeControl::Byoyomi { base, byoyomi } => {
                write!(
                    f,
                    "{}+byoyomi {}",
                    seconds_text(base),
                    seconds_text(byoyomi)
                )
            }
        }
    }
}

/// A move that took longer than its allowance plus the margin: a loss on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged {
    pub used: Duration,
    pub allowance: Duration,
    pub margin: Duration,
}

impl fmt::Display for Flagged {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the move took {:.3} s; it had {:.3} s and a margin of {:.3} s",
            self.used.as_secs_f64(),
            self.allowance.as_secs_f64(),
            self.margin.as_secs_f64()
        )
    }
}

/// One side's clock, kept by the referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// Main time left (the per-move time under [`TimeControl::PerMove`]).
    remaining: Duration,
}

impl Clock {
    /// A clock at the start of a game.
    pub fn new(control: TimeControl) -> Clock {
        let remaining = match control {
            TimeControl::PerMove(d) => d,
            TimeControl::Increment { base, .. } | TimeControl::Byoyomi { base, .. } => base,
        };
        Clock { control, remaining }
    }

    /// What this move may take: the per-move time; the main time left (the increment is
    /// added after the move); the main time left and then one byoyomi period (a period
    /// not used up is not carried over).
    pub fn allowance(&self) -> Duration {
        match self.control {
            TimeControl::PerMove(d) => d,
            TimeControl::Increment { .. } => self.remaining,
            TimeControl::Byoyomi { byoyomi, .. } => self.remaining + byoyomi,
        }
    }

    /// Charges a move that took `used`.
    ///
    /// # Errors
    /// [`Flagged`] when it took longer than its allowance plus `margin` (the clock is
    /// left as it was).
    pub fn charge(&mut self, used: Duration, margin: Duration) -> Result<(), Flagged> {
        let allowance = self.allowance();
        if used > allowance + margin {
            return Err(Flagged {
                used,
                allowance,
                margin,
            });
        }
        match self.control {
            TimeControl::PerMove(_) => {}
            TimeControl::Increment { increment, .. } => {
                self.remaining = self.remaining.saturating_sub(used) + increment;
            }
            TimeControl::Byoyomi { .. } => self.remaining = self.remaining.saturating_sub(used),
        }
        Ok(())
    }

    /// Main time left (the per-move time under [`TimeControl::PerMove`]).
    pub fn remaining(&self) -> Duration {
        self.remaining
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn flags_read_and_print_back() {
        for (st, tc, by, text) in [
            (None, None, None, "st=1"),
            (Some("0.1"), None, None, "st=0.1"),
            (None, Some("60+0.5"), None, "60+0.5"),
            (None, Some("60"), None, "60+0"),
            (None, Some("60"), Some("5"), "60+byoyomi 5"),
            (None, Some("0"), Some("2.25"), "0+byoyomi 2.25"),
        ] {
            let tc = TimeControl::from_flags(st, tc, by).expect(text);
            assert_eq!(tc.to_string(), text);
        }
        assert_eq!(
            TimeControl::from_flags(None, Some("2+1"), None),
            Ok(TimeControl::Increment {
                base: ms(2000),
                increment: ms(1000)
            })
        );
    }

    #[test]
    fn bad_flags_are_refused_in_words() {
        for (st, tc, by, words) in [
            (Some("x"), None, None, "not a number"),
            (Some("-1"), None, None, "out of range"),
            (Some("NaN"), None, None, "out of range"),
            (Some("0"), None, None, "more than 0"),
            (Some("1"), Some("1+1"), None, "exclude"),
            (None, None, Some("1"), "needs --tc"),
            (None, Some("1+1"), Some("1"), "exclude"),
            (None, Some("1+x"), None, "--tc"),
            (None, Some("0+0"), None, "some time"),
            (None, Some("5"), Some("0"), "--byoyomi"),
        ] {
            let e = TimeControl::from_flags(st, tc, by).expect_err(words);
            assert!(e.contains(words), "{st:?} {tc:?} {by:?}: {e}");
        }
    }

    #[test]
    fn per_move_time_is_the_same_every_move() {
        let mut clock = Clock::new(TimeControl::PerMove(ms(100)));
        assert_eq!(clock.allowance(), ms(100));
        assert_eq!(clock.charge(ms(150), ms(50)), Ok(()));
        assert_eq!(clock.allowance(), ms(100));
        let flagged = clock.charge(ms(151), ms(50)).expect_err("late");
        assert_eq!(flagged.allowance, ms(100));
        assert!(flagged.to_string().contains("0.151 s"), "{flagged}");
    }

    #[test]
    fn increment_is_added_after_the_move() {
        let mut clock = Clock::new(TimeControl::Increment {
            base: ms(1000),
            increment: ms(100),
        });
        assert_eq!(clock.allowance(), ms(1000));
        clock.charge(ms(300), Duration::ZERO).expect("in time");
        assert_eq!(clock.remaining(), ms(800));
        // Within the margin beyond the time left: the clock reads zero, plus the increment.
        clock.charge(ms(850), ms(100)).expect("within the margin");
        assert_eq!(clock.remaining(), ms(100));
        assert!(clock.charge(ms(201), ms(100)).is_err());
        assert_eq!(clock.remaining(), ms(100), "a flagged move changes nothing");
    }

    #[test]
    fn byoyomi_follows_the_main_time_and_is_not_carried_over() {
        let mut clock = Clock::new(TimeControl::Byoyomi {
            base: ms(500),
            byoyomi: ms(200),
        });
        assert_eq!(clock.allowance(), ms(700));
        clock
            .charge(ms(600), Duration::ZERO)
            .expect("into the byoyomi");
        assert_eq!(clock.remaining(), Duration::ZERO);
        assert_eq!(clock.allowance(), ms(200));
        clock.charge(ms(10), Duration::ZERO).expect("quick");
        assert_eq!(clock.allowance(), ms(200), "the unused period is not kept");
        assert!(clock.charge(ms(201), Duration::ZERO).is_err());
    }
}
