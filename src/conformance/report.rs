//! The table of agreement the conformance command prints: one row per variant and kind
//! (perft, vectors, games) with the cases run, those the server agreed on, those it
//! disagreed on and those it could not answer; then every disagreement and error with a
//! curl command that reproduces it.

use super::check::Outcome;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// The kinds of case, in table order.
pub const KINDS: &[&str] = &["perft", "vectors", "games"];

/// Counts per (variant, kind), and the details of what went wrong.
#[derive(Debug, Default)]
pub struct Report {
    rows: BTreeMap<(usize, String, usize), [usize; 4]>,
    details: Vec<String>,
}

impl Report {
    /// Records one case's outcome under `variant` and `kind` (one of [`KINDS`]).
    pub fn add(&mut self, variant: &str, kind: &str, outcome: Outcome) {
        let order = crate::engine::variant::VARIANT_IDS
            .iter()
            .position(|v| *v == variant)
            .unwrap_or(usize::MAX);
        let k = KINDS.iter().position(|x| *x == kind).unwrap_or(KINDS.len());
        let row = self
            .rows
            .entry((order, variant.to_string(), k))
            .or_default();
        row[0] += 1;
        match outcome {
            Outcome::Agree => row[1] += 1,
            Outcome::Disagree { what, repro } => {
                row[2] += 1;
                self.details.push(format!(
                    "DISAGREE {variant} {kind}: {what}\n  repro: {repro}"
                ));
            }
            Outcome::Error { what, repro } => {
                row[3] += 1;
                self.details
                    .push(format!("ERROR {variant} {kind}: {what}\n  repro: {repro}"));
            }
        }
    }

    /// Whether every case agreed.
    pub fn all_agree(&self) -> bool {
        self.rows.values().all(|r| r[1] == r[0])
    }

    /// The table, a total line, then the details (at most `max_details`).
    pub fn render(&self, max_details: usize) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "{:<14} {:<8} {:>7} {:>7} {:>9} {:>7}",
            "variant", "kind", "cases", "agree", "disagree", "errors"
        );
        let mut total = [0usize; 4];
        for ((_, variant, k), r) in &self.rows {
            let kind = KINDS.get(*k).copied().unwrap_or("?");
            let _ = writeln!(
                s,
                "{variant:<14} {kind:<8} {:>7} {:>7} {:>9} {:>7}",
                r[0], r[1], r[2], r[3]
            );
            for i in 0..4 {
                total[i] += r[i];
            }
        }
        let _ = writeln!(
            s,
            "{:<14} {:<8} {:>7} {:>7} {:>9} {:>7}",
            "total", "", total[0], total[1], total[2], total[3]
        );
        for d in self.details.iter().take(max_details) {
            let _ = writeln!(s, "\n{d}");
        }
        if self.details.len() > max_details {
            let _ = writeln!(
                s,
                "\n... and {} more (narrow the run with --only)",
                self.details.len() - max_details
            );
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_counts_per_variant_and_kind() {
        let mut r = Report::default();
        r.add("chu", "perft", Outcome::Agree);
        r.add("tai", "vectors", Outcome::Agree);
        r.add(
            "tai",
            "vectors",
            Outcome::Disagree {
                what: "x".into(),
                repro: "curl".into(),
            },
        );
        assert!(!r.all_agree());
        let text = r.render(10);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("tai") && lines[1].ends_with("2       1         1       0"));
        assert!(lines[2].starts_with("chu"));
        assert!(text.contains("DISAGREE tai vectors: x\n  repro: curl"));
    }
}
