//! `shogi-arbiter conformance`: runs the conformance kit (`conformance/`: perft files, rule
//! vectors, game fixtures) against any server of this service's OpenAPI contract and
//! reports a table of agreement; `--fuzz N` also plays random games comparing the server's
//! legal-move sets with this engine's ply by ply. The HTTP client lives here, outside the
//! engine, which stays a pure library.

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
use std::time::Instant;

/// How many disagreements and errors the report details at most.
const MAX_DETAILS: usize = 20;

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
}

/// What a run printed and whether the server agreed on everything.
pub struct RunResult {
    pub text: String,
    pub agreed: bool,
}

/// Runs the kit and the random games against the server.
///
/// # Errors
/// The kit directory does not read, or the HTTP client cannot be built.
pub fn run(args: &ConformanceArgs) -> Result<RunResult, String> {
    let client = client::Client::new(&args.against)?;
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
            report.add(&case.variant, "perft", check::perft(&client, case));
        }
        for case in &kit.vectors {
            report.add(&case.variant, "vectors", check::vector(&client, case));
        }
        for case in &kit.games {
            report.add(&case.variant, "games", check::game(&client, case));
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
    Ok(RunResult { text, agreed })
}
