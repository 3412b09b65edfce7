//! The table of agreement the conformance command prints: one row per variant and kind
//! (perft, vectors, games) with the cases run, those the server agreed on, those it
//! disagreed on and those it could not answer (or that were not run: the run's deadline
//! had passed); then every disagreement and error with a curl command that reproduces it.

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
    /// The cases not run, and why.
    not_run: Option<(usize, String)>,
}

impl Report {
    /// The counts of `variant` and `kind`, with this case counted.
    fn row(&mut self, variant: &str, kind: &str) -> &mut [usize; 4] {
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
        row
    }

    /// Records a case under `variant` and `kind` that was not run, for `why`: an error
    /// without details of its own (one line tells how many and why).
    pub fn not_run(&mut self, variant: &str, kind: &str, why: &str) {
        self.row(variant, kind)[3] += 1;
        let (count, _) = self.not_run.get_or_insert_with(|| (0, why.to_string()));
        *count += 1;
    }

    /// Records one case's outcome under `variant` and `kind` (one of [`KINDS`]).
    pub fn add(&mut self, variant: &str, kind: &str, outcome: Outcome) {
        let row = self.row(variant, kind);
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

    /// The cases run, agreed, disagreed and failed (or not run), over every row.
    pub fn totals(&self) -> [usize; 4] {
        let mut total = [0usize; 4];
        for r in self.rows.values() {
            for i in 0..4 {
                total[i] += r[i];
            }
        }
        total
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
        for ((_, variant, k), r) in &self.rows {
            let kind = KINDS.get(*k).copied().unwrap_or("?");
            let _ = writeln!(
                s,
                "{variant:<14} {kind:<8} {:>7} {:>7} {:>9} {:>7}",
                r[0], r[1], r[2], r[3]
            );
        }
        let total = self.totals();
        let _ = writeln!(
            s,
            "{:<14} {:<8} {:>7} {:>7} {:>9} {:>7}",
            "total", "", total[0], total[1], total[2], total[3]
        );
        if let Some((count, why)) = &self.not_run {
            let _ = writeln!(s, "\nNOT RUN {count} cases (counted as errors): {why}");
        }
        for d in self.details.iter().take(max_details) {
            let _ = writeln!(s, "\n{d}");
        }
        if self.details.len() > max_details {
            let _ = writeln!(
                s,
                "\n... and {} more (narrow the run with --only, --kind or --case)",
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

    #[test]
    fn cases_not_run_count_as_errors_with_one_line_of_reason() {
        let mut r = Report::default();
        r.add("chu", "perft", Outcome::Agree);
        r.not_run("chu", "perft", "the deadline passed");
        r.not_run("chu", "games", "the deadline passed");
        assert!(!r.all_agree());
        let text = r.render(10);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("chu") && lines[1].ends_with("2       1         0       1"));
        assert!(lines[2].starts_with("chu") && lines[2].ends_with("1       0         0       1"));
        assert!(lines[3].starts_with("total") && lines[3].ends_with("3       1         0       2"));
        assert_eq!(
            text.matches("NOT RUN 2 cases (counted as errors): the deadline passed")
                .count(),
            1,
            "{text}"
        );
    }
}
