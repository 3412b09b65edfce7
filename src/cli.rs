//! The command line: the arguments (parsed by clap) of `serve` (the default when no command
//! is given), `perft`, `openapi`, `conformance`, `match` (its arguments in
//! `matches/args.rs`) and `baseline-engine` (in `matches/baseline/config.rs`), running each,
//! and how a run ends: its messages and exit
//! code. Output goes through `Out`, which stops quietly when the reader has gone.

use crate::config::{ServeArgs, Settings};
use crate::conformance::ConformanceArgs;
use crate::engine::notation::{format_move, parse_valid_position, PositionProblem};
use crate::engine::perft::{divide, perft_bounded, Count};
use crate::engine::position::Position;
use crate::engine::variant::{self, Rules, RulesRequest};
use crate::matches::args::{name_value, MatchArgs, MatchError};
use crate::startup::Application;
use clap::builder::PossibleValuesParser;
use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use std::fmt::{self, Write as _};
use std::io::{self, Write as _};
use std::process::ExitCode;
use std::time::Instant;

/// `shogi-arbiter`: the service flags may be given without `serve`.
#[derive(Debug, Parser)]
#[command(
    name = "shogi-arbiter",
    version,
    about = "A stateless rules arbiter for the large historical shogi variants.",
    long_about = "A stateless rules arbiter for the large historical shogi variants.\n\n\
        Without a command it serves, as `serve` does. Each service flag can also be set by \
        its environment variable; a flag overrides its variable.",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the HTTP service (the default)
    #[command(
        long_about = "Run the HTTP service (the default when no command is given).\n\n\
            Each flag can also be set by its environment variable; a flag overrides its \
            variable. SIGTERM or SIGINT stops the service gracefully."
    )]
    Serve(ServeArgs),
    /// Count the move sequences of a given depth (perft)
    Perft(PerftArgs),
    /// Print the OpenAPI document of the service
    Openapi,
    /// Run the conformance kit against a server of the same API
    #[command(
        long_about = "Run the conformance kit (perft files, rule vectors, game fixtures) against \
            a server of the same OpenAPI contract and print a table of agreement; exit code 1 \
            on any disagreement or error, 2 on a usage error (a URL without its scheme, a \
            --case that names no case), 3 when the server cannot be reached (the run stops at \
            its first request). A perft count that differs is bisected to its first \
            differing move against this engine's divide. --kind and --case narrow the kit \
            beside --only. --fuzz N also plays N random games comparing the \
            server's legal moves with this engine's at every ply.\n\n\
            The run is bounded whatever the server does: an answer longer than \
            --max-answer-bytes, a case (one call, its 429 retries and its whole answer) \
            longer than --case-timeout, or a 429 asking for a Retry-After above \
            --max-retry-after (or still 429 after 10 retries) fails its case with the \
            reason; once --run-timeout has passed, the cases left are not run and count as \
            errors."
    )]
    Conformance(ConformanceArgs),
    /// Referee games between two engines (XBoard/CECP or USI)
    #[command(
        long_about = "Referee games between two engines speaking XBoard/CECP or USI, every \
            move ruled on by the arbiter under the given variant, profile and options.\n\n\
            Example: shogi-arbiter match --variant chu --games 4 --st 0.5 \
            --engine name=HaChu cmd=/usr/games/hachu proto=xboard \
            --engine name=base cmd=shogi-arbiter arg=baseline-engine arg=--protocol arg=usi \
            proto=usi\n\n\
            An engine loses the game, with the reason and a reproduction (position text, \
            the move, the arbiter's verdict) in its record, when it plays an illegal or \
            unparsable move (illegal_move, unparsable_move), exceeds its time plus --margin \
            (time_forfeit), stops answering even a probe (hang: the process is killed), \
            exits (crash), floods its output (output_flood), fails the protocol \
            (protocol_error) or refuses a legal move (refused_legal_move). Games also end \
            by the rules (the arbiter's ending codes), by resign, at --max-plies (a draw) \
            and by adjudication on the engines' scores.\n\n\
            One progress line per finished game goes to stderr; the result table (wins, \
            losses and draws of the first engine, the Elo difference with its 95% \
            interval, the SPRT's state) to stdout at the end. With --out, each game is \
            written as game-NNNN.kif and game-NNNN.json, and the match as summary.json.\n\n\
            Exit code 0 when the match ran, whatever its games' results; 2 on a usage \
            error (a bad flag or --engine word, an unreadable or broken openings file: \
            every broken line is listed); 1 when the referee itself fails (--out cannot \
            be written)."
    )]
    Match(MatchArgs),
    /// A small engine over XBoard/CECP or USI, for testing referees and to start a bot from
    #[command(long_about = crate::matches::baseline::LONG_ABOUT)]
    BaselineEngine(crate::matches::baseline::BaselineArgs),
}

#[derive(Debug, clap::Args)]
struct PerftArgs {
    /// Variant
    #[arg(
        long,
        default_value = "tai",
        value_parser = PossibleValuesParser::new(variant::VARIANT_IDS)
    )]
    variant: String,
    /// Rules profile (default: the variant's first)
    #[arg(long)]
    profile: Option<String>,
    /// A rule option over the profile's value; repeatable
    #[arg(long = "option", value_name = "NAME=VALUE", value_parser = name_value)]
    options: Vec<(String, String)>,
    /// Start from this position text instead of the variant's start position
    #[arg(long, value_name = "TEXT")]
    position: Option<String>,
    /// Plies to count
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    depth: u32,
    /// Print the count below each first move, one `move count` line each, ascending by
    /// move text byte by byte as the API lists moves (counting usi_strings: one line per
    /// USI string lishogi lists)
    #[arg(long)]
    divide: bool,
    /// What to count: distinct effects (HaChu's count), or the USI strings lishogi lists
    /// (shogiops' raw count; chu only)
    #[arg(long, value_enum, default_value = "effects")]
    count: CountArg,
}

/// `--count`: the engine's [`Count`] under the names the HTTP API uses.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum CountArg {
    /// One per sequence of distinct effects
    Effects,
    /// One per sequence of lishogi's USI strings (chu only)
    #[value(name = "usi_strings", alias = "usi-strings")]
    UsiStrings,
}

impl From<CountArg> for Count {
    fn from(arg: CountArg) -> Count {
        match arg {
            CountArg::Effects => Count::Effects,
            CountArg::UsiStrings => Count::UsiStrings,
        }
    }
}

/// The exit code of a conformance run whose server cannot be reached.
pub const UNREACHABLE: u8 = 3;

/// How a run ended short of success.
enum Failure {
    /// The arguments were read but do not make sense (exit code 2).
    Usage(clap::Error),
    /// Something went wrong while running (exit code 1).
    Fatal(String),
    /// Standard output was closed by its reader: stop quietly.
    Closed,
    /// The conformance run's server could not be reached (exit code [`UNREACHABLE`]).
    Unreachable(String),
}

/// Parses the process arguments and runs the command.
pub fn main() -> ExitCode {
    let result = match parse() {
        Command::Serve(args) => serve(args),
        Command::Perft(args) => run_perft(args),
        Command::Openapi => openapi(),
        Command::Conformance(args) => conformance(&args),
        Command::Match(args) => run_match(args),
        Command::BaselineEngine(args) => {
            crate::matches::baseline::run(&args);
            Ok(())
        }
    };
    match result {
        Ok(()) | Err(Failure::Closed) => ExitCode::SUCCESS,
        Err(Failure::Usage(e)) => {
            let _ = e.print();
            ExitCode::from(2)
        }
        Err(Failure::Fatal(message)) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::FAILURE
        }
        Err(Failure::Unreachable(message)) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::from(UNREACHABLE)
        }
    }
}

/// The command the process arguments ask for; exits on `--help`, `--version` and usage
/// errors.
fn parse() -> Command {
    match Cli::try_parse() {
        Ok(cli) => cli.command.unwrap_or(Command::Serve(cli.serve)),
        Err(error) => {
            // The service flags given before any command are also read from the
            // environment; a variable there that does not parse stops only the service,
            // so the arguments are read again without the environment.
            let plain = Cli::command().mut_args(|a| a.env(None::<&str>));
            match plain
                .try_get_matches()
                .ok()
                .and_then(|m| Cli::from_arg_matches(&m).ok())
            {
                Some(Cli {
                    command:
                        Some(
                            command @ (Command::Perft(_)
                            | Command::Openapi
                            | Command::Conformance(_)
                            | Command::Match(_)
                            | Command::BaselineEngine(_)),
                        ),
                    ..
                }) => command,
                _ => usage_exit(error),
            }
        }
    }
}

/// Prints a usage error and exits with code 2 (clap's way), naming an unknown flag as
/// unknown (clap says "unexpected argument").
fn usage_exit(error: clap::Error) -> ! {
    use clap::error::{ContextKind, ContextValue};
    if error.kind() == ErrorKind::UnknownArgument {
        if let Some(ContextValue::String(arg)) = error.get(ContextKind::InvalidArg) {
            let what = if arg.starts_with('-') {
                "flag"
            } else {
                "argument"
            };
            let text = error.render().to_string().replacen(
                &format!("unexpected argument '{arg}' found"),
                &format!("unknown {what} '{arg}'"),
                1,
            );
            let _ = write!(io::stderr(), "{text}");
            std::process::exit(2);
        }
    }
    error.exit()
}

fn serve(args: ServeArgs) -> Result<(), Failure> {
    let settings = Settings::from(args);
    crate::telemetry::init(settings.log_format);
    actix_web::rt::System::new().block_on(async move {
        let app = Application::build(&settings).map_err(|e| {
            Failure::Fatal(format!(
                "cannot listen on {}: {}",
                address(&settings.host, settings.port),
                cause(&e)
            ))
        })?;
        tracing::info!(host = %settings.host, port = app.port(), "listening");
        app.run_until_stopped()
            .await
            .map_err(|e| Failure::Fatal(format!("the service stopped: {}", cause(&e))))
    })
}

/// `host:port`, with an IPv6 host in brackets.
fn address(host: &str, port: u16) -> String {
    if host.contains(':') {
        format!("[{host}]:{port}")
    } else {
        format!("{host}:{port}")
    }
}

/// An I/O error in words: the system's message without its `(os error N)` suffix, starting
/// lower-case (`address already in use`).
fn cause(e: &io::Error) -> String {
    let text = e.to_string();
    let text = match (e.raw_os_error(), text.rfind(" (os error ")) {
        (Some(_), Some(at)) => &text[..at],
        _ => text.as_str(),
    };
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => format!("{:?}", e.kind()),
    }
}

fn openapi() -> Result<(), Failure> {
    let mut out = Out::new();
    out.write_str(&crate::api::openapi_json())?;
    out.finish()
}

fn conformance(args: &ConformanceArgs) -> Result<(), Failure> {
    use crate::conformance::RunError;
    let result = crate::conformance::run(args).map_err(|e| match e {
        RunError::Usage(message) => usage_of("conformance", message),
        RunError::Unreachable(message) => Failure::Unreachable(message),
        RunError::Fatal(message) => Failure::Fatal(message),
    })?;
    let mut out = Out::new();
    out.write_str(&result.text)?;
    out.finish()?;
    if let Some(why) = result.stopped {
        Err(Failure::Fatal(format!(
            "the run against {} stopped short: {why} (details above); {}",
            args.against, result.summary
        )))
    } else if result.agreed {
        Ok(())
    } else {
        Err(Failure::Fatal(format!(
            "the server at {} does not agree: {} (details above)",
            args.against, result.summary
        )))
    }
}

/// A usage error of subcommand `name`, as clap words it.
fn usage_of(name: &str, message: String) -> Failure {
    let mut cmd = Cli::command();
    cmd.build();
    Failure::Usage(match cmd.find_subcommand_mut(name) {
        Some(sub) => sub.error(ErrorKind::ValueValidation, message),
        None => cmd.error(ErrorKind::ValueValidation, message),
    })
}

fn run_match(mut args: MatchArgs) -> Result<(), Failure> {
    if let Some(m) = Cli::command()
        .mut_args(|a| a.env(None::<&str>))
        .try_get_matches()
        .ok()
        .and_then(|m| m.subcommand_matches("match").cloned())
    {
        args.group_engines(&m);
    }
    let mut progress = |line: &str| {
        let _ = writeln!(io::stderr(), "{line}");
    };
    let summary =
        crate::matches::args::run(&args, &crate::matches::args::start_engine, &mut progress)
            .map_err(|e| match e {
                MatchError::Usage(message) => usage_of("match", message),
                MatchError::Fatal(message) => Failure::Fatal(message),
            })?;
    let mut out = Out::new();
    out.write_str(&summary.table())?;
    out.finish()
}

fn run_perft(args: PerftArgs) -> Result<(), Failure> {
    let usage = |message: String| usage_of("perft", message);
    let variant = variant::by_id(&args.variant).ok_or_else(|| {
        usage(format!(
            "unknown variant '{}'; valid: {}",
            args.variant,
            variant::VARIANT_IDS.join(", ")
        ))
    })?;
    let request = RulesRequest {
        profile: args.profile,
        overrides: args.options,
    };
    let rules = Rules::resolve(variant, &request).map_err(|e| usage(e.to_string()))?;
    let pos = match &args.position {
        None => Position::start(&rules),
        Some(text) => parse_valid_position(&rules, text).map_err(|problems| {
            let words: Vec<String> = problems.iter().map(describe).collect();
            usage(format!("the position does not read: {}", words.join("; ")))
        })?,
    };
    let count = Count::from(args.count);
    if !count.available(&rules) {
        return Err(usage(format!(
            "--count usi_strings is lishogi's count and only defined for {}, not '{}'",
            count.variants().join(", "),
            args.variant
        )));
    }
    let start = Instant::now();
    let mut out = Out::new();
    let stopped = |_| Failure::Fatal("node budget exceeded".to_string());
    let total = if args.divide {
        let rows = divide(&pos, &rules, args.depth, count, u64::MAX).map_err(stopped)?;
        let mut lines: Vec<(String, u64)> = rows
            .into_iter()
            .map(|(mv, n)| (format_move(variant.shape(), &mv), n))
            .collect();
        lines.sort_unstable();
        for (text, n) in &lines {
            out.write_fmt(format_args!("{text} {n}\n"))?;
        }
        lines.iter().map(|r| r.1).sum()
    } else {
        perft_bounded(&pos, &rules, args.depth, count, u64::MAX).map_err(stopped)?
    };
    let secs = start.elapsed().as_secs_f64();
    out.write_fmt(format_args!("nodes {total}\n"))?;
    out.write_fmt(format_args!(
        "time {secs:.3} s ({:.2} M leaf nodes/s)\n",
        total as f64 / secs.max(1e-9) / 1e6
    ))?;
    out.finish()
}

/// A position problem in words: `unknown_piece at rank a, file 3: ...`.
fn describe(p: &PositionProblem) -> String {
    let mut s = p.code.to_string();
    let _ = match (&p.rank, p.file) {
        (Some(rank), Some(file)) => write!(s, " at rank {rank}, file {file}"),
        (Some(rank), None) => write!(s, " at rank {rank}"),
        (None, Some(file)) => write!(s, " at file {file}"),
        (None, None) => Ok(()),
    };
    let _ = write!(s, ": {}", p.message);
    s
}

/// Standard output, where a reader that has gone (a closed pipe) ends the output quietly
/// instead of panicking as `println!` does.
struct Out {
    inner: io::StdoutLock<'static>,
}

impl Out {
    fn new() -> Out {
        Out {
            inner: io::stdout().lock(),
        }
    }

    fn write_str(&mut self, text: &str) -> Result<(), Failure> {
        self.inner.write_all(text.as_bytes()).map_err(failure)
    }

    fn write_fmt(&mut self, args: fmt::Arguments<'_>) -> Result<(), Failure> {
        self.inner.write_fmt(args).map_err(failure)
    }

    fn finish(mut self) -> Result<(), Failure> {
        self.inner.flush().map_err(failure)
    }
}

/// A failed write: [`Failure::Closed`] when the reader has gone.
fn failure(e: io::Error) -> Failure {
    if e.kind() == io::ErrorKind::BrokenPipe {
        Failure::Closed
    } else {
        Failure::Fatal(format!("cannot write the output: {}", cause(&e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn a_position_problem_reads_in_words() {
        let problem = |rank, file| PositionProblem {
            code: "unknown_piece",
            rank,
            file,
            message: "unknown piece code `z`".to_string(),
        };
        assert_eq!(
            describe(&problem(Some("d".into()), Some(7))),
            "unknown_piece at rank d, file 7: unknown piece code `z`"
        );
        assert_eq!(
            describe(&problem(Some("d".into()), None)),
            "unknown_piece at rank d: unknown piece code `z`"
        );
        assert_eq!(
            describe(&problem(None, None)),
            "unknown_piece: unknown piece code `z`"
        );
    }

    #[test]
    fn an_io_error_reads_in_words() {
        let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let e = std::net::TcpListener::bind(taken.local_addr().unwrap()).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::AddrInUse);
        assert_eq!(cause(&e), "address already in use");
        let plain = io::Error::other("Gone");
        assert_eq!(cause(&plain), "gone");
        assert_eq!(address("::1", 80), "[::1]:80");
        assert_eq!(address("127.0.0.1", 80), "127.0.0.1:80");
    }
}
