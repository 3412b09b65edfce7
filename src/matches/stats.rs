//! A match's statistics: the tally of results from the first engine's view ([`Tally`]),
//! the Elo difference with its 95% interval ([`elo_interval`]), and the sequential
//! probability ratio test that may stop a match early ([`Sprt`], parsed from
//! `--sprt ELO0,ELO1,ALPHA,BETA`).
//!
//! Both use the logistic Elo model: a score `s` (win 1, draw ½, loss 0, averaged) is an
//! Elo difference `−400·log10(1/s − 1)`, and an Elo difference `e` a score
//! `1/(1 + 10^(−e/400))`.
//!
//! **Interval**: the mean score of the games and the standard error of that mean from
//! the trinomial (win/draw/loss) per-game variance `σ² = Σ pᵢ·(xᵢ − s)²`; the 95% interval
//! is `s ± 1.96·σ/√n`, each bound turned into Elo. This is what cutechess and fastchess
//! print as `Elo difference: X +/- Y` (`Y` half the interval's width).
//!
//! **SPRT**: the generalised SPRT's normal approximation for trinomial results in
//! logistic Elo (the one fastchess uses): with `s0`, `s1` the scores of `elo0` and `elo1`,
//! `LLR = (s1 − s0)·(2s − s0 − s1) / (2σ²/n)`, compared with Wald's bounds
//! `ln(β/(1−α))` (H0 accepted at or below) and `ln((1−β)/α)` (H1 accepted at or above).
//! BayesElo's draw model (cutechess) was not chosen: it needs a draw-Elo estimate that
//! small matches make unstable, and the normal approximation is what current testing
//! frameworks quote.

use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Two-sided 95% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Results from the first engine's view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Tally {
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u64 {
        self.wins + self.losses + self.draws
    }

    /// Adds one game's result (`black`, `white` or `draw`; anything else, such as `none`
    /// for a game that was stopped, is not a result and is not counted), given which side
    /// the first engine played. Says whether the game was counted.
    pub fn add(&mut self, result: &str, first_is_black: bool) -> bool {
        match (result, first_is_black) {
            ("draw", _) => self.draws += 1,
            ("black", true) | ("white", false) => self.wins += 1,
            ("black", false) | ("white", true) => self.losses += 1,
            _ => return false,
        }
        true
    }

    /// The mean score and the per-game variance of the score, `None` without games.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = self.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, l, d) = (
            self.wins as f64 / n,
            self.losses as f64 / n,
            self.draws as f64 / n,
        );
        let s = w + d / 2.0;
        let var = w * (1.0 - s).powi(2) + l * s.powi(2) + d * (0.5 - s).powi(2);
        Some((s, var))
    }

    /// The mean score (0 to 1), `None` without games.
    pub fn score(&self) -> Option<f64> {
        self.moments().map(|(s, _)| s)
    }
}

/// The logistic Elo difference of a score (infinite at 0 and 1).
pub fn score_to_elo(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    // `400 · log10(s / (1 − s))`: an even score is +0, never the −0 that negating
    // log10(1) gives (printed `-0.00`).
    400.0 * (score / (1.0 - score)).log10()
}

/// The score of a logistic Elo difference.
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// An Elo difference and its 95% interval. A bound is infinite when the score's interval
/// reaches 0% or 100% (JSON writes it as `null`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct EloInterval {
    pub diff: f64,
    pub low: f64,
    pub high: f64,
}

impl EloInterval {
    /// Half the interval's width: the `Y` of `X +/- Y`.
    pub fn margin(&self) -> f64 {
        (self.high - self.low) / 2.0
    }
}

impl fmt::Display for EloInterval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.2} +/- {:.2}", self.diff, self.margin())
    }
}

/// The Elo difference of the tally's mean score with a 95% interval (see the module doc
/// for the formula). `None` without games, and when the score is 0% or 100%: the
/// logistic Elo difference is then unbounded and there is no variance to measure.
pub fn elo_interval(tally: &Tally) -> Option<EloInterval> {
    let (s, var) = tally.moments()?;
    if s <= 0.0 || s >= 1.0 {
        return None;
    }
    let half = Z95 * (var / tally.games() as f64).sqrt();
    Some(EloInterval {
        diff: score_to_elo(s),
        low: score_to_elo(s - half),
        high: score_to_elo(s + half),
    })
}

/// The SPRT's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Neither bound reached: play on.
    Continue,
    /// The lower bound reached: `elo0` accepted.
    H0Accepted,
    /// The upper bound reached: `elo1` accepted.
    H1Accepted,
}

impl Decision {
    /// In words, as the result table prints it.
    pub fn words(self) -> &'static str {
        match self {
            Decision::Continue => "continue",
            Decision::H0Accepted => "H0 accepted",
            Decision::H1Accepted => "H1 accepted",
        }
    }
}

/// A sequential probability ratio test between two Elo differences.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Sprt {
    /// A test, checked: finite figures, `elo0 < elo1`, `alpha` and `beta` in (0, 1).
    ///
    /// # Errors
    /// What is wrong, in words.
    pub fn new(elo0: f64, elo1: f64, alpha: f64, beta: f64) -> Result<Sprt, String> {
        if ![elo0, elo1, alpha, beta].iter().all(|x| x.is_finite()) {
            return Err("the SPRT's figures must be finite numbers".into());
        }
        if elo0 >= elo1 {
            return Err(format!(
                "the SPRT's elo0 ({elo0}) must be less than its elo1 ({elo1})"
            ));
        }
        for (name, p) in [("alpha", alpha), ("beta", beta)] {
            if p <= 0.0 || p >= 1.0 {
                return Err(format!(
                    "the SPRT's {name} ({p}) must be between 0 and 1, both excluded"
                ));
            }
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// Wald's bounds on the log-likelihood ratio: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of the tally (module doc). 0 without games and when every
    /// game had the same result (no variance to measure yet).
    pub fn llr(&self, tally: &Tally) -> f64 {
        let Some((s, var)) = tally.moments() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        (s1 - s0) * (2.0 * s - s0 - s1) / (2.0 * var / tally.games() as f64)
    }

    /// Whether the tally reaches a bound.
    pub fn decision(&self, tally: &Tally) -> Decision {
        let llr = self.llr(tally);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Decision::H1Accepted
        } else if llr <= lower {
            Decision::H0Accepted
        } else {
            Decision::Continue
        }
    }

    /// The test's state for a tally: what the summary and the result table show.
    pub fn state(&self, tally: &Tally) -> SprtState {
        let (lower, upper) = self.bounds();
        SprtState {
            test: *self,
            llr: self.llr(tally),
            lower,
            upper,
            decision: self.decision(tally),
        }
    }
}

/// `ELO0,ELO1,ALPHA,BETA`, as `--sprt` takes it.
impl FromStr for Sprt {
    type Err = String;

    fn from_str(text: &str) -> Result<Sprt, String> {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        let [e0, e1, a, b] = parts[..] else {
            return Err(format!(
                "--sprt takes ELO0,ELO1,ALPHA,BETA (four numbers), not {:?}",
                crate::engine::notation::echo(text)
            ));
        };
        let number = |name: &str, t: &str| {
            t.parse::<f64>()
                .map_err(|_| format!("the SPRT's {name} is not a number: {t:?}"))
        };
        Sprt::new(
            number("elo0", e0)?,
            number("elo1", e1)?,
            number("alpha", a)?,
            number("beta", b)?,
        )
    }
}

/// The SPRT's state after some games.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SprtState {
    #[serde(flatten)]
    pub test: Sprt,
    pub llr: f64,
    pub lower: f64,
    pub upper: f64,
    pub decision: Decision,
}

impl fmt::Display for SprtState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "SPRT: llr {:.2} ({:.1}%), lbound {:.2}, ubound {:.2} - {}",
            self.llr,
            100.0 * self.llr / self.upper,
            self.lower,
            self.upper,
            self.decision.words()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_score_is_zero_elo_printed_without_a_sign() {
        let even = Tally {
            wins: 0,
            losses: 0,
            draws: 2,
        };
        let e = elo_interval(&even).expect("a finite score");
        assert_eq!(format!("{e}"), "0.00 +/- 0.00");
        assert_eq!(format!("{:.2}", score_to_elo(0.5)), "0.00");
    }

    fn close(a: f64, b: f64, eps: f64) -> bool {
        (a - b).abs() < eps
    }

    /// 60 wins, 40 losses, 100 draws: n = 200, s = (60 + 100/2)/200 = 0.55.
    const T: Tally = Tally {
        wins: 60,
        losses: 40,
        draws: 100,
    };

    #[test]
    fn the_elo_interval_matches_the_hand_computed_figures() {
        // Elo(0.55) = −400·log10(1/0.55 − 1) = −400·log10(0.818182) = −400·(−0.087150)
        //   = 34.860.
        // σ² = 0.3·(1 − 0.55)² + 0.2·(0 − 0.55)² + 0.5·(0.5 − 0.55)²
        //    = 0.3·0.2025 + 0.2·0.3025 + 0.5·0.0025 = 0.06075 + 0.0605 + 0.00125 = 0.1225;
        // σ/√n = 0.35/14.1421 = 0.0247487; ×1.95996 = 0.0485066;
        // bounds 0.501493 and 0.598507: Elo −400·log10(0.994045) = 1.0377 and
        // −400·log10(0.670825) = 69.356; margin (69.356 − 1.038)/2 = 34.159.
        let e = elo_interval(&T).unwrap();
        assert!(close(e.diff, 34.860, 1e-3), "{e:?}");
        assert!(close(e.low, 1.0377, 1e-3), "{e:?}");
        assert!(close(e.high, 69.356, 1e-3), "{e:?}");
        assert!(close(e.margin(), 34.159, 1e-3), "{e:?}");
        assert_eq!(e.to_string(), "34.86 +/- 34.16");
    }

    #[test]
    fn an_even_score_is_zero_elo_with_a_symmetric_interval() {
        // 10 wins, 10 losses: s = 0.5, σ² = 0.25, σ/√20 = 0.111803, ×1.95996 = 0.219130;
        // bounds 0.280870 and 0.719130: Elo ∓400·log10(0.719130/0.280870)
        //   = ∓400·0.408306 = ∓163.32.
        let e = elo_interval(&Tally {
            wins: 10,
            losses: 10,
            draws: 0,
        })
        .unwrap();
        assert!(close(e.diff, 0.0, 1e-9));
        assert!(close(e.high, 163.32, 1e-2), "{e:?}");
        assert!(close(e.low, -163.32, 1e-2), "{e:?}");
    }

    #[test]
    fn no_interval_without_games_or_at_a_whole_score() {
        assert_eq!(elo_interval(&Tally::default()), None);
        let all_won = Tally {
            wins: 5,
            ..Tally::default()
        };
        assert_eq!(elo_interval(&all_won), None);
        let all_lost = Tally {
            losses: 3,
            ..Tally::default()
        };
        assert_eq!(elo_interval(&all_lost), None);
        assert_eq!(score_to_elo(1.0), f64::INFINITY);
        assert_eq!(score_to_elo(0.0), f64::NEG_INFINITY);
    }

    #[test]
    fn an_interval_reaching_a_whole_score_has_an_infinite_bound() {
        // 2 wins, 1 draw: s = 2.5/3 = 0.8333, σ² = (2·0.02778 + 0.11111)/3 = 0.05556,
        // σ/√3 = 0.13608, ×1.96 = 0.2667: the upper bound 1.10 is past 100%.
        let e = elo_interval(&Tally {
            wins: 2,
            losses: 0,
            draws: 1,
        })
        .unwrap();
        assert_eq!(e.high, f64::INFINITY);
        assert!(e.low.is_finite() && e.low < e.diff);
        // JSON has no infinity: the bound is written as null.
        let json = serde_json::to_value(e).unwrap();
        assert_eq!(json["high"], serde_json::Value::Null);
    }

    #[test]
    fn the_tally_counts_from_the_first_engines_view() {
        let mut t = Tally::default();
        assert!(t.add("black", true));
        assert!(t.add("white", true));
        assert!(t.add("white", false));
        assert!(t.add("black", false));
        assert!(t.add("draw", false));
        assert!(!t.add("none", true));
        assert_eq!(
            t,
            Tally {
                wins: 2,
                losses: 2,
                draws: 1
            }
        );
        assert_eq!(t.games(), 5);
        assert_eq!(t.score(), Some(0.5));
    }

    #[test]
    fn the_llr_and_bounds_match_the_hand_computed_figures() {
        // elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1/(1 + 10^(−10/400)) = 1/(1 + 0.944061)
        //   = 0.514387.
        // LLR = (s1 − s0)(2s − s0 − s1)/(2σ²/n) with s = 0.55, σ² = 0.1225, n = 200:
        //   0.014387 · (1.1 − 1.014387) / (2·0.1225/200) = 0.014387 · 0.085613 / 0.001225
        //   = 1.00549.
        // Bounds with α = β = 0.05: ln(0.05/0.95) = −2.94444, ln(0.95/0.05) = 2.94444.
        let sprt = Sprt::new(0.0, 10.0, 0.05, 0.05).unwrap();
        assert!(close(sprt.llr(&T), 1.00549, 1e-4), "{}", sprt.llr(&T));
        let (lo, hi) = sprt.bounds();
        assert!(close(lo, -2.94444, 1e-5) && close(hi, 2.94444, 1e-5));
        assert_eq!(sprt.decision(&T), Decision::Continue);
        // Four times the games at the same rates: the LLR is four times as large
        // (n in the denominator), 4.022 ≥ 2.944: H1 accepted.
        let four = Tally {
            wins: 240,
            losses: 160,
            draws: 400,
        };
        assert!(close(sprt.llr(&four), 4.02197, 1e-3));
        assert_eq!(sprt.decision(&four), Decision::H1Accepted);
        // The mirror image (40 wins, 60 losses ×4): LLR = 0.014387 · (0.9 − 1.014387)
        //   / (2·0.1225/800) = −5.3737 ≤ −2.944: H0 accepted.
        let worse = Tally {
            wins: 160,
            losses: 240,
            draws: 400,
        };
        assert!(
            close(sprt.llr(&worse), -5.3737, 1e-3),
            "{}",
            sprt.llr(&worse)
        );
        assert_eq!(sprt.decision(&worse), Decision::H0Accepted);
        let state = sprt.state(&worse);
        assert_eq!(state.decision, Decision::H0Accepted);
        assert!(state.to_string().ends_with("H0 accepted"), "{state}");
    }

    #[test]
    fn unequal_alpha_and_beta_give_unequal_bounds() {
        // α = 0.05, β = 0.1: ln(0.1/0.95) = −2.25129, ln(0.9/0.05) = 2.89037.
        let (lo, hi) = Sprt::new(0.0, 5.0, 0.05, 0.1).unwrap().bounds();
        assert!(close(lo, -2.25129, 1e-5) && close(hi, 2.89037, 1e-5));
    }

    #[test]
    fn no_llr_without_games_or_variance() {
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap();
        assert_eq!(sprt.llr(&Tally::default()), 0.0);
        let draws = Tally {
            draws: 50,
            ..Tally::default()
        };
        assert_eq!(sprt.llr(&draws), 0.0);
        assert_eq!(sprt.decision(&draws), Decision::Continue);
    }

    #[test]
    fn sprt_text_is_parsed_and_checked() {
        let s: Sprt = "0,5,0.05,0.05".parse().unwrap();
        assert_eq!(s, Sprt::new(0.0, 5.0, 0.05, 0.05).unwrap());
        let s: Sprt = " -3.5 , 2 , 0.1 , 0.2 ".parse().unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (-3.5, 2.0, 0.1, 0.2));
        for (bad, says) in [
            ("0,5,0.05", "four numbers"),
            ("0,5,0.05,0.05,1", "four numbers"),
            ("0,x,0.05,0.05", "elo1 is not a number"),
            ("5,5,0.05,0.05", "less than"),
            ("6,5,0.05,0.05", "less than"),
            ("0,5,0,0.05", "alpha"),
            ("0,5,1,0.05", "alpha"),
            ("0,5,0.05,1.5", "beta"),
            ("0,5,0.05,-0.1", "beta"),
            ("0,inf,0.05,0.05", "finite"),
            ("NaN,5,0.05,0.05", "finite"),
        ] {
            let err = bad.parse::<Sprt>().unwrap_err();
            assert!(err.contains(says), "{bad}: {err}");
        }
    }
}
