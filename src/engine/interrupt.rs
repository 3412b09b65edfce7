//! Stopping engine work from outside (issue 14): a deadline and a cancel flag, checked
//! cooperatively.
//!
//! A caller runs engine work under an [`Interrupt`] with [`Interrupt::run`]. The engine's
//! loops whose rounds can add up to real time ask [`stopped`]: move generation once per
//! call and once per emperor (a piece that may jump to any square, whose captures each
//! cost a protection test), the check test once per emperor, perft once per node, mate
//! detection and move judging once per candidate move, a replay once per ply, a move list
//! once per move described. Once the answer is yes it stays yes, every loop unwinds at
//! once with whatever partial result it has, and [`Interrupt::run`] reports why it
//! stopped; the caller throws the partial result away.
//!
//! The cancel flag is one relaxed atomic load per question; the clock is read every
//! [`CLOCK_EVERY`] questions. The slowest round between two questions (one emperor's
//! moves on a 25×25 board crowded with pieces) is well under a millisecond, so work stops
//! within a few milliseconds of the deadline or of a cancel.
//!
//! Outside [`Interrupt::run`], [`stopped`] always says no: the engine used as a library
//! (the CLI, tests, benchmarks) runs to the end.

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// How many questions go by between two readings of the clock.
pub const CLOCK_EVERY: u32 = 8;

/// Why engine work stopped before its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// The deadline passed.
    Deadline,
    /// Somebody cancelled the work (the client went away).
    Cancelled,
}

/// A deadline and a cancel flag for one piece of engine work. Clones share the flag:
/// one clone runs the work, another cancels it from elsewhere.
#[derive(Clone, Debug)]
pub struct Interrupt {
    deadline: Option<Instant>,
    cancel: Arc<AtomicBool>,
}

impl Interrupt {
    /// Work that stops at `deadline` (never, with `None`) or when cancelled.
    pub fn new(deadline: Option<Instant>) -> Interrupt {
        Interrupt {
            deadline,
            cancel: Arc::new(AtomicBool::new(false)),
        }
    }

    /// The deadline, if there is one.
    pub fn deadline(&self) -> Option<Instant> {
        self.deadline
    }

    /// Asks the work to stop (from any thread).
    pub fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }

    /// Whether [`Interrupt::cancel`] was called.
    pub fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// Runs `work` on this thread under this interrupt.
    ///
    /// # Errors
    /// Why the engine stopped early, when it did (the work's result is then partial and
    /// dropped here).
    pub fn run<R>(&self, work: impl FnOnce() -> R) -> Result<R, Stopped> {
        match self.run_all(work) {
            (result, None) => Ok(result),
            (_, Some(why)) => Err(why),
        }
    }

    /// Runs `work` on this thread under this interrupt, and hands back its result even
    /// when it stopped early (partial then), with why it stopped.
    pub fn run_all<R>(&self, work: impl FnOnce() -> R) -> (R, Option<Stopped>) {
        let _scope = Scope::enter(Watch {
            deadline: self.deadline,
            cancel: Arc::clone(&self.cancel),
            questions: 0,
            stopped: None,
        });
        let result = work();
        (result, halted())
    }
}

/// What the running work is watched by, on its thread.
#[derive(Debug)]
struct Watch {
    deadline: Option<Instant>,
    cancel: Arc<AtomicBool>,
    questions: u32,
    stopped: Option<Stopped>,
}

impl Watch {
    fn ask(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.cancel.load(Ordering::Relaxed) {
            self.stopped = Some(Stopped::Cancelled);
            return true;
        }
        self.questions = self.questions.wrapping_add(1);
        if self.questions.is_multiple_of(CLOCK_EVERY) {
            if let Some(deadline) = self.deadline {
                if Instant::now() >= deadline {
                    self.stopped = Some(Stopped::Deadline);
                    return true;
                }
            }
        }
        false
    }
}

thread_local! {
    static WATCH: RefCell<Option<Watch>> = const { RefCell::new(None) };
}

/// Installs a watch for the length of a [`Interrupt::run`], and puts back the one before
/// (runs nest) when it ends, even by a panic.
struct Scope {
    outer: Option<Watch>,
}

impl Scope {
    fn enter(watch: Watch) -> Scope {
        Scope {
            outer: WATCH.with_borrow_mut(|w| w.replace(watch)),
        }
    }
}

impl Drop for Scope {
    fn drop(&mut self) {
        let outer = self.outer.take();
        WATCH.with_borrow_mut(|w| *w = outer);
    }
}

/// Whether the work running on this thread must stop now (always no outside
/// [`Interrupt::run`]). Once yes, yes until the run ends.
#[inline]
pub fn stopped() -> bool {
    WATCH.with_borrow_mut(|w| w.as_mut().is_some_and(Watch::ask))
}

/// Why the work running on this thread has stopped, if it has (without asking anew).
pub fn halted() -> Option<Stopped> {
    WATCH.with_borrow(|w| w.as_ref().and_then(|w| w.stopped))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn ask_until_stopped(limit: u32) -> u32 {
        let mut asked = 0;
        while asked < limit && !stopped() {
            asked += 1;
        }
        asked
    }

    #[test]
    fn outside_a_run_nothing_stops() {
        assert!(!stopped());
        assert_eq!(halted(), None);
    }

    #[test]
    fn a_cancel_stops_at_the_next_question_and_for_good() {
        let interrupt = Interrupt::new(None);
        let remote = interrupt.clone();
        let result = interrupt.run(|| {
            assert_eq!(ask_until_stopped(100), 100);
            remote.cancel();
            assert!(stopped());
            assert!(stopped());
            assert_eq!(halted(), Some(Stopped::Cancelled));
            7
        });
        assert_eq!(result, Err(Stopped::Cancelled));
        assert!(!stopped(), "the watch ends with the run");
    }

    #[test]
    fn a_passed_deadline_stops_the_work() {
        let result = Interrupt::new(Some(Instant::now())).run(|| {
            ask_until_stopped(1000);
            assert_eq!(halted(), Some(Stopped::Deadline));
        });
        assert_eq!(result, Err(Stopped::Deadline));
    }

    #[test]
    fn the_clock_is_read_every_few_questions() {
        let interrupt = Interrupt::new(Some(Instant::now()));
        let mut asked = 0;
        let _ = interrupt.run(|| asked = ask_until_stopped(1000));
        assert_eq!(asked, CLOCK_EVERY - 1);
    }

    #[test]
    fn work_that_ends_in_time_gives_its_result() {
        let interrupt = Interrupt::new(Some(Instant::now() + Duration::from_secs(60)));
        assert_eq!(interrupt.run(|| ask_until_stopped(10_000)), Ok(10_000));
    }

    #[test]
    fn runs_nest_and_the_outer_watch_comes_back() {
        let outer = Interrupt::new(None);
        let result = outer.run(|| {
            let inner = Interrupt::new(None);
            inner.cancel();
            assert_eq!(inner.run(stopped), Err(Stopped::Cancelled));
            stopped()
        });
        assert_eq!(result, Ok(false));
    }
}
