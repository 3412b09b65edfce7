//! `shogi-arbiter conformance`: runs the conformance kit (`conformance/`: perft files, rule
//! vectors, game fixtures) against any server of this service's OpenAPI contract and
//! reports a table of agreement, comparing every effect, listed move and status an answer
//! reports with the case's lock ([`lock`]); `--fuzz N` also plays random games comparing the server's
//! legal-move sets with this engine's ply by ply. The HTTP client lives here, outside the
//! engine, which stays a pure library. The run is bounded whatever the server does: the
//! size of an answer, the time of a case and of the whole run, and the `Retry-After` it
//! waits for (see [`client`]); a case past a bound fails with the reason. A perft count
//! that differs is bisected to its first differing move ([`bisect`]). `--kind` and `--case`
//! narrow the kit beside `--only`; a server that cannot be reached stops the run at its
//! first request ([`RunError::Unreachable`]); the last line says what was run.

mod bisect;
mod board_link;
mod check;
mod client;
mod embedded;
mod fuzz;
mod kit;
pub mod lock;
mod report;

pub use check::{game_request, lock_of, vector_problems, vector_request};
pub use kit::{variant_profile, Kit, PerftCase};

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
    /// Base URL of the server under test, with its scheme (`http://127.0.0.1:8080`)
    #[arg(long, value_name = "URL", value_parser = base_url)]
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
    /// Run every case of the kit (the default; not with --only, --kind or --case)
    #[arg(long, conflicts_with_all = ["only", "kind", "case", "skip_kit"])]
    pub all: bool,
    /// Run only the cases of this kind (repeatable)
    #[arg(
        long,
        value_name = "KIND",
        value_parser = PossibleValuesParser::new(report::KINDS)
    )]
    pub kind: Vec<String>,
    /// Run only this case (repeatable): a perft case as the report prints it
    /// (`chu-hachu/chu-start/2`) or its block id (`chu-start`: every depth and profile), a
    /// vector or game by its `id`
    #[arg(long, value_name = "ID")]
    pub case: Vec<String>,
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

/// The parser of `--against`: an absolute `http` or `https` URL with a host.
fn base_url(text: &str) -> Result<String, String> {
    let hint = || {
        format!(
            "write the server's base URL with its scheme, e.g. `http://{}`",
            text.trim_start_matches('/')
        )
    };
    if !text.contains("://") {
        return Err(format!("`{text}` has no scheme: {}", hint()));
    }
    match reqwest::Url::parse(text) {
        Ok(url) if matches!(url.scheme(), "http" | "https") && url.has_host() => {
            Ok(text.to_string())
        }
        Ok(url) => Err(format!(
            "`{text}`: the scheme `{}` is not http or https, or there is no host",
            url.scheme()
        )),
        Err(e) => Err(format!("`{text}` is not a URL ({e})")),
    }
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

/// What a run printed, whether the server agreed on everything, why the run stopped
/// short when it did, and what was run (the last line, in words).
pub struct RunResult {
    pub text: String,
    pub agreed: bool,
    pub stopped: Option<String>,
    pub summary: String,
}

/// Why a run could not be made.
#[derive(Debug)]
pub enum RunError {
    /// The arguments name nothing to run (exit code 2).
    Usage(String),
    /// The server could not be reached at the first request: no case is run.
    Unreachable(String),
    /// Anything else (the kit does not read, the HTTP client cannot be built).
    Fatal(String),
}

/// Runs the kit and the random games against the server.
///
/// # Errors
/// A `--case` that names no case, a server that cannot be reached, a kit directory that
/// does not read, or an HTTP client that cannot be built.
pub fn run(args: &ConformanceArgs) -> Result<RunResult, RunError> {
    let client = client::Client::new(&args.against, args.bounds()).map_err(RunError::Fatal)?;
    let unreachable = |client: &client::Client| match client.unreachable() {
        Some(why) => Err(RunError::Unreachable(format!(
            "cannot reach the server at {}: {why}; is it running, and is --against its base URL?",
            client.base()
        ))),
        None => Ok(()),
    };
    let mut text = String::new();
    let mut agreed = true;
    let mut summary = Vec::new();
    if !args.skip_kit {
        let kit = match &args.kit {
            Some(dir) => Kit::from_dir(dir),
            None => Kit::embedded(),
        }
        .map_err(RunError::Fatal)?
        .only(&args.only)
        .narrow(&args.kind, &args.case)
        .map_err(RunError::Usage)?;
        let started = Instant::now();
        let mut report = report::Report::default();
        let kinds = [
            (
                "perft",
                kit.perft
                    .iter()
                    .map(|c| (c.variant.as_str(), Case::Perft(c)))
                    .collect::<Vec<_>>(),
            ),
            ("vectors", json_cases(&kit.vectors, Case::Vector)),
            ("games", json_cases(&kit.games, Case::Game)),
        ];
        for (kind, cases) in kinds {
            for (variant, case) in cases {
                let run = || match case {
                    Case::Perft(c) => check::perft(&client, c, bisect::bisect),
                    Case::Vector(c) => check::vector(&client, c),
                    Case::Game(c) => check::game(&client, c),
                };
                run_case(&mut report, &client, variant, kind, run);
                unreachable(&client)?;
            }
        }
        agreed &= report.all_agree();
        text.push_str(&format!(
            "conformance kit against {} ({:.1} s)\n\n",
            client.base(),
            started.elapsed().as_secs_f64()
        ));
        text.push_str(&report.render(MAX_DETAILS));
        let [cases, agree, disagree, errors] = report.totals();
        summary.push(format!(
            "the kit: {cases} cases, {agree} agree, {disagree} disagree, {errors} errors"
        ));
    }
    if args.fuzz > 0 {
        let started = Instant::now();
        let f = fuzz::fuzz(&client, args.fuzz, args.seed, args.fuzz_plies, &args.only);
        unreachable(&client)?;
        let verdict = match (&f.disagreement, &f.error) {
            (None, None) => "all legal-move sets agree",
            (Some(_), _) => "stopped at a disagreement",
            (None, Some(_)) => "stopped by an error",
        };
        text.push_str(&format!(
            "\nfuzz: {} games, {} plies compared, seed {} ({:.1} s): {}\n",
            f.games,
            f.plies,
            args.seed,
            started.elapsed().as_secs_f64(),
            if verdict.starts_with("all") {
                verdict
            } else {
                "stopped"
            }
        ));
        for what in [&f.disagreement, &f.error].into_iter().flatten() {
            agreed = false;
            text.push_str(&format!("\n{what}\n"));
        }
        summary.push(format!(
            "fuzz: {} games, {} plies compared, {verdict}",
            f.games, f.plies
        ));
    }
    if summary.is_empty() {
        summary.push("nothing run (--skip-kit without --fuzz)".to_string());
    }
    let summary = summary.join("; ");
    text.push_str(&format!(
        "\nlargest answer: {} bytes (--max-answer-bytes {})\n",
        client.largest_answer(),
        args.max_answer_bytes
    ));
    text.push_str(&format!("ran against {}: {summary}\n", client.base()));
    Ok(RunResult {
        text,
        agreed,
        stopped: client.cut_short().then(|| client.run_over_reason()),
        summary,
    })
}
/// One case of the kit, of its kind.
#[derive(Clone, Copy)]
enum Case<'a> {
    Perft(&'a kit::PerftCase),
    Vector(&'a kit::JsonCase),
    Game(&'a kit::JsonCase),
}

/// Vectors or games as cases of their kind, with their variants.
fn json_cases<'a>(
    cases: &'a [kit::JsonCase],
    kind: fn(&'a kit::JsonCase) -> Case<'a>,
) -> Vec<(&'a str, Case<'a>)> {
    cases
        .iter()
        .map(|c| (c.variant.as_str(), kind(c)))
        .collect()
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
