//! `shogi-arbiter conformance`: runs the conformance kit (`conformance/`: perft files, rule
//! vectors, game fixtures) against any server of this service's OpenAPI contract and
//! reports a table of agreement; `--fuzz N` also plays random games comparing the server's
//! legal-move sets with this engine's ply by ply. The HTTP client lives here, outside the
//! engine, which stays a pure library. The run is bounded whatever the server does: the
//! size of an answer, the time of a case and of the whole run, and the `Retry-After` it
//! waits for (see [`client`]); a case past a bound fails with the reason.

mod check;
mod client;
mod embedded;
mod fuzz;
mod kit;
mod report;

pub use kit::{variant_profile, Kit};

use crate::engine::variant::VARIANT_IDS;
use clap::builder::PossibleValuesParser;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// How many disagreements and errors the report details at most.
const MAX_DETAILS: usize = 20;

/// `--max-answer-bytes` by default: 2 MiB, twelve times the kit's largest answer (171,850
/// bytes, a tai legal-move list) and small enough that a JSON answer of that size parses in well
/// under 100 MB (README "Conformance kit" has the figures).
pub const MAX_ANSWER_BYTES: u64 = 2 << 20;
/// `--case-timeout` by default, in seconds.
pub const CASE_TIMEOUT_SECONDS: u64 = 30;
/// `--run-timeout` by default, in seconds.
pub const RUN_TIMEOUT_SECONDS: u64 = 600;
/// `--max-retry-after` by default, in seconds (the service asks for 1).
pub const MAX_RETRY_AFTER_SECONDS: u64 = 5;

/// The arguments of `conformance`.
#[derive(Debug, clap::Args)]
pub struct ConformanceArgs {
    /// Base URL of the server under test (`http://127.0.0.1:8080`)
    #[arg(long, value_name = "URL")]
    pub against: String,
    /// Read the kit from this directory (its perft/, vectors/ and games/) instead of the
    /// copy built into the binary
    #[arg(long, value_name = "DIR")]
    pub kit: Option<PathBuf>,
    /// Run only these variants (default: all)
    #[arg(
        long,
        value_name = "VARIANT",
        num_args = 1..,
        value_parser = PossibleValuesParser::new(VARIANT_IDS)
    )]
    pub only: Vec<String>,
    /// Also play N random games, comparing the server's legal moves with this engine's at
    /// every ply
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub fuzz: usize,
    /// Seed of the random games
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// Plies per random game at most
    #[arg(long, value_name = "N", default_value_t = 60)]
    pub fuzz_plies: usize,
    /// Do not run the kit (only the random games)
    #[arg(long)]
    pub skip_kit: bool,
    /// Largest answer read, in bytes: a longer one fails its case, read no further
    #[arg(
        long,
        value_name = "BYTES",
        default_value_t = MAX_ANSWER_BYTES,
        value_parser = at_least_one()
    )]
    pub max_answer_bytes: u64,
    /// Seconds a case (one call, its retries and its whole answer) may take before it fails
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = CASE_TIMEOUT_SECONDS,
        value_parser = at_least_one()
    )]
    pub case_timeout: u64,
    /// Seconds the whole run may take; the cases not run by then fail
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = RUN_TIMEOUT_SECONDS,
        value_parser = at_least_one()
    )]
    pub run_timeout: u64,
    /// Longest Retry-After waited for on a 429, in seconds; a longer one fails its case
    /// (at most 10 retries a case)
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = MAX_RETRY_AFTER_SECONDS
    )]
    pub max_retry_after: u64,
}

/// The parser of a bound: a whole number, 1 or more.
fn at_least_one() -> clap::builder::RangedU64ValueParser<u64> {
    clap::value_parser!(u64).range(1..)
}

impl ConformanceArgs {
    /// The client's bounds these flags set.
    fn bounds(&self) -> client::Bounds {
        client::Bounds {
            max_answer_bytes: self.max_answer_bytes,
            case_timeout: Duration::from_secs(self.case_timeout),
            run_timeout: Duration::from_secs(self.run_timeout),
            max_retry_after: self.max_retry_after,
        }
    }
}

/// What a run printed, whether the server agreed on everything, and why the run stopped
/// short when it did.
pub struct RunResult {
    pub text: String,
    pub agreed: bool,
    pub stopped: Option<String>,
}

/// Runs the kit and the random games against the server.
///
/// # Errors
/// The kit directory does not read, or the HTTP client cannot be built.
pub fn run(args: &ConformanceArgs) -> Result<RunResult, String> {
    let client = client::Client::new(&args.against, args.bounds())?;
    let mut text = String::new();
    let mut agreed = true;
    if !args.skip_kit {
        let kit = match &args.kit {
            Some(dir) => Kit::from_dir(dir)?,
            None => Kit::embedded()?,
        }
        .only(&args.only);
        let started = Instant::now();
        let mut report = report::Report::default();
        for case in &kit.perft {
            let run = || check::perft(&client, case);
            run_case(&mut report, &client, &case.variant, "perft", run);
        }
        for case in &kit.vectors {
            let run = || check::vector(&client, case);
            run_case(&mut report, &client, &case.variant, "vectors", run);
        }
        for case in &kit.games {
            let run = || check::game(&client, case);
            run_case(&mut report, &client, &case.variant, "games", run);
        }
        agreed &= report.all_agree();
        text.push_str(&format!(
            "conformance kit against {} ({:.1} s)\n\n",
            client.base(),
            started.elapsed().as_secs_f64()
        ));
        text.push_str(&report.render(MAX_DETAILS));
    }
    if args.fuzz > 0 {
        let started = Instant::now();
        let f = fuzz::fuzz(&client, args.fuzz, args.seed, args.fuzz_plies, &args.only);
        text.push_str(&format!(
            "\nfuzz: {} games, {} plies compared, seed {} ({:.1} s): {}\n",
            f.games,
            f.plies,
            args.seed,
            started.elapsed().as_secs_f64(),
            if f.disagreement.is_none() && f.error.is_none() {
                "all legal-move sets agree"
            } else {
                "stopped"
            }
        ));
        for what in [&f.disagreement, &f.error].into_iter().flatten() {
            agreed = false;
            text.push_str(&format!("\n{what}\n"));
        }
    }
    text.push_str(&format!(
        "\nlargest answer: {} bytes (--max-answer-bytes {})\n",
        client.largest_answer(),
        args.max_answer_bytes
    ));
    Ok(RunResult {
        text,
        agreed,
        stopped: client.cut_short().then(|| client.run_over_reason()),
    })
}

/// Runs one case with `check` and records its outcome, or records it as not run when the
/// run's deadline has passed.
fn run_case(
    report: &mut report::Report,
    client: &client::Client,
    variant: &str,
    kind: &str,
    check: impl FnOnce() -> check::Outcome,
) {
    if client.run_over() {
        report.not_run(variant, kind, &client.run_over_reason());
    } else {
        report.add(variant, kind, check());
    }
}
