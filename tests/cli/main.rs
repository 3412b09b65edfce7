//! The `shogi-arbiter` command as a user meets it: help and version, usage errors that name
//! the flag and the value, an address already in use, the environment under the flags, a
//! closed output pipe, position errors in words and perft counts (divide in the API's order); the conformance command
//! against a server and a wrong one (`conformance.rs`) and against hostile ones
//! (`hostile.rs`), what the runner tells its user (bisection, narrowing, an absent server,
//! a URL without its scheme: `runner.rs`), a planted bug of each kind caught
//! (`planted.rs`), the kit against its generator (`kit.rs`), the baseline engine over
//! pipes: its play in both protocols and its faults (`baseline_*.rs`), and `match`: its
//! command line (`match_usage.rs`) and the referee against the baseline engine's faulty
//! modes (`match_faults.rs`).

mod baseline_engine;
mod baseline_faults;
mod baseline_play;
mod conformance;
mod hostile;
mod kit;
mod match_faults;
mod match_usage;
mod planted;
mod runner;

use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::format_move;
use shogi_arbiter::engine::position::Position;
use shogi_arbiter::engine::variant::Rules;
use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_shogi-arbiter");

/// The command with `args`, a clean service environment plus `env`, and no input.
fn command(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdin(Stdio::null());
    // Every service variable is removed from each run unless a test sets it.
    for var in shogi_arbiter::config::ServeArgs::env_vars() {
        cmd.env_remove(var);
    }
    cmd.env_remove("RUST_BACKTRACE");
    cmd.envs(env.iter().copied());
    cmd
}

/// Runs a command that ends by itself; its status, standard output and standard error.
fn run(args: &[&str], env: &[(&str, &str)]) -> (ExitStatus, String, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = command(args, env).output().expect("the binary runs");
    (
        status,
        String::from_utf8_lossy(&stdout).into_owned(),
        String::from_utf8_lossy(&stderr).into_owned(),
    )
}

/// Runs a command that is expected to stop within a few seconds (a service that cannot
/// listen); kills it and fails when it does not.
fn run_expecting_exit(args: &[&str], env: &[(&str, &str)]) -> (ExitStatus, String) {
    let mut child: Child = command(args, env)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().expect("wait").is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("`shogi-arbiter {}` did not exit", args.join(" "));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A port on 127.0.0.1 that is taken for as long as the listener lives.
fn taken_port() -> (TcpListener, u16) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    let port = listener.local_addr().unwrap().port();
    (listener, port)
}

#[test]
fn help_on_the_command_and_every_subcommand() {
    let service_flags = [
        "--host",
        "--port",
        "--log-format",
        "--workers",
        "--body-limit",
        "--max-moves",
        "--perft-max-depth",
        "--perft-node-budget",
        "--heavy-concurrency",
        "--header-timeout",
        "--body-timeout",
        "--keep-alive",
        "--disconnect-timeout",
        "SHOGI_ARBITER_PORT",
    ];
    let perft_flags = [
        "--variant",
        "--depth",
        "--profile",
        "--option",
        "--position",
        "--divide",
        "--count",
    ];
    let top: Vec<&str> = service_flags
        .iter()
        .copied()
        .chain(["serve", "perft", "openapi", "conformance", "--version"])
        .collect();
    let conformance_flags = [
        "--against",
        "--kit",
        "--only",
        "--fuzz",
        "--seed",
        "--fuzz-plies",
        "--skip-kit",
        "--max-answer-bytes",
        "--case-timeout",
        "--run-timeout",
        "--max-retry-after",
    ];
    let cases: [(&[&str], &[&str]); 5] = [
        (&[], &top),
        (&["serve"], &service_flags),
        (&["perft"], &perft_flags),
        (&["openapi"], &["--help"]),
        (&["conformance"], &conformance_flags),
    ];
    for (sub, expected) in cases {
        for help in ["--help", "-h"] {
            let args: Vec<&str> = sub.iter().copied().chain([help]).collect();
            let (status, out, err) = run(&args, &[]);
            assert!(status.success(), "{args:?}: {status} {err}");
            assert!(out.contains("Usage: shogi-arbiter"), "{args:?}: {out}");
            for flag in expected {
                assert!(
                    out.contains(flag),
                    "{args:?} does not mention {flag}: {out}"
                );
            }
        }
    }
}

#[test]
fn version_prints_the_crate_version() {
    let (status, out, _) = run(&["--version"], &[]);
    assert!(status.success());
    assert_eq!(
        out.trim_end(),
        format!("shogi-arbiter {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn an_unknown_flag_is_named_and_exits_2() {
    for args in [
        &["--nope"][..],
        &["serve", "--nope", "1"],
        &["perft", "--depth", "1", "--nope"],
        &["openapi", "--nope"],
    ] {
        let (status, _, err) = run(args, &[]);
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("unknown flag '--nope'"), "{args:?}: {err}");
    }
}

#[test]
fn a_bad_value_names_the_flag_and_the_value() {
    for (args, flag, value) in [
        (&["--port", "x"][..], "--port", "'x'"),
        (&["serve", "--port", "70000"], "--port", "'70000'"),
        (&["--log-format", "xml"], "--log-format", "'xml'"),
        (&["serve", "--workers", "-2"], "--workers", "'-2'"),
        (&["perft", "--depth", "-1"], "--depth", "'-1'"),
        (&["perft", "--depth", "x"], "--depth", "'x'"),
        (
            &["perft", "--depth", "1", "--option", "foo"],
            "--option",
            "'foo'",
        ),
        (
            &["perft", "--depth", "1", "--variant", "nope"],
            "--variant",
            "'nope'",
        ),
    ] {
        let (status, _, err) = run(args, &[]);
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(flag) && err.contains(value), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn perft_needs_a_depth() {
    let (status, _, err) = run(&["perft", "--variant", "chu"], &[]);
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("--depth"), "{err}");
}

#[test]
fn an_unknown_variant_lists_the_valid_ones() {
    let (status, _, err) = run(&["perft", "--variant", "chess", "--depth", "1"], &[]);
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(
        err.contains("'chess'") && err.contains("tai") && err.contains("dai-dai"),
        "{err}"
    );
}

#[test]
fn an_address_in_use_is_named() {
    let (_listener, port) = taken_port();
    let address = format!("127.0.0.1:{port}");
    let port = port.to_string();
    for args in [
        &["--port", port.as_str()][..],
        &["serve", "--port", port.as_str()],
        &[
            "--host",
            "127.0.0.1",
            "--port",
            port.as_str(),
            "--perft-node-budget",
            "2000000",
        ],
    ] {
        let (status, err) = run_expecting_exit(args, &[]);
        assert!(!status.success(), "{args:?}");
        assert!(
            err.contains(&format!("cannot listen on {address}: ")),
            "{args:?}: {err}"
        );
        assert!(err.contains("in use"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn service_flags_override_the_environment() {
    let (_listener, port) = taken_port();
    let address = format!("cannot listen on 127.0.0.1:{port}: ");
    let port = port.to_string();
    // The variable is read when no flag is given ...
    let (status, err) = run_expecting_exit(&["serve"], &[("SHOGI_ARBITER_PORT", &port)]);
    assert!(!status.success() && err.contains(&address), "{err}");
    // ... and a flag wins over it, even over one that does not parse.
    let (status, err) = run_expecting_exit(&["--port", &port], &[("SHOGI_ARBITER_PORT", "x")]);
    assert!(!status.success() && err.contains(&address), "{err}");
    // A variable that does not parse, with no flag over it, names its value.
    let (status, err) = run_expecting_exit(&[], &[("SHOGI_ARBITER_PORT", "x")]);
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("--port") && err.contains("'x'"), "{err}");
}

#[test]
fn perft_and_openapi_ignore_a_bad_service_variable() {
    let env = [("SHOGI_ARBITER_PORT", "x")];
    let (status, out, err) = run(&["perft", "--variant", "chu", "--depth", "1"], &env);
    assert!(status.success(), "{err}");
    assert!(out.starts_with("nodes 36\n"), "{out}");
    let (status, out, err) = run(&["openapi"], &env);
    assert!(status.success(), "{err}");
    assert!(out.starts_with('{'), "{out}");
}

#[test]
fn a_closed_pipe_after_the_first_line_ends_quietly() {
    let mut child = command(
        &["perft", "--variant", "tai", "--depth", "2", "--divide"],
        &[],
    )
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .expect("the binary starts");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .expect("a first line");
    let fields: Vec<&str> = first.split_whitespace().collect();
    assert_eq!(fields.len(), 2, "{first}");
    assert!(fields[1].parse::<u64>().is_ok(), "{first}");
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{}: {err}", out.status);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_pipe_closed_before_any_output_ends_quietly() {
    for args in [
        &["perft", "--variant", "tai", "--depth", "2", "--divide"][..],
        &["openapi"],
    ] {
        let mut child = command(args, &[])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        drop(child.stdout.take());
        let out = child.wait_with_output().expect("wait");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {}: {err}", out.status);
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn a_position_error_is_in_words() {
    // A `z` on rank d, the sixth square from the left of a 12-file board: file 7.
    let text = "11k/12/12/5z6/5n6/12/5N6/12/12/12/12/K11 b - 1";
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "chu",
            "--depth",
            "1",
            "--position",
            text,
        ],
        &[],
    );
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("unknown_piece at rank d, file 7: "), "{err}");
    assert!(!err.contains("Some("), "{err}");
}

#[test]
fn chu_perft_depth_2_counts_1296() {
    // HaChu and lishogi's shogiops agree on 36 moves and 1,296 two-ply sequences from the
    // chu start.
    let (status, out, err) = run(&["perft", "--variant", "chu", "--depth", "2"], &[]);
    assert!(status.success(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "nodes 1296");
    assert!(lines[1].starts_with("time "), "{out}");

    let (status, out, err) = run(
        &["perft", "--variant", "chu", "--depth", "2", "--divide"],
        &[],
    );
    assert!(status.success(), "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 36 + 2, "{out}");
    let sum: u64 = rows[..36]
        .iter()
        .map(|r| r.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 1296);
    assert_eq!(rows[36], "nodes 1296");
    // In the order of every list of moves: ascending by move text, byte by byte, the
    // order of the API's legal moves (README, "Move lists").
    let texts: Vec<&str> = rows[..36]
        .iter()
        .map(|r| r.split_once(' ').unwrap().0)
        .collect();
    assert!(
        texts.windows(2).all(|w| w[0].as_bytes() < w[1].as_bytes()),
        "{texts:?}"
    );
    let rules = Rules::default_for(shogi_arbiter::engine::variant::chu());
    let shape = rules.variant.shape();
    let mut listed: Vec<String> = legal_moves(&Position::start(&rules), &rules)
        .iter()
        .map(|m| format_move(shape, m))
        .collect();
    listed.sort_unstable();
    assert_eq!(texts, listed);
}

#[test]
fn chu_perft_depth_3_counts_shogiops_usi_strings() {
    // shogiops (lishogi's rules library) lists 52,599 USI strings three plies deep from
    // the chu start; HaChu and shogiops de-duplicated count 48,315 effects.
    for (count, nodes) in [
        ("usi_strings", "52599"),
        ("usi-strings", "52599"),
        ("effects", "48315"),
    ] {
        let (status, out, err) = run(
            &[
                "perft",
                "--variant",
                "chu",
                "--depth",
                "3",
                "--count",
                count,
            ],
            &[],
        );
        assert!(status.success(), "{count}: {err}");
        assert_eq!(
            out.lines().next(),
            Some(&*format!("nodes {nodes}")),
            "{out}"
        );
    }
    // One divide line per string: the lone lion of the chu rule vectors has 93.
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "chu",
            "--depth",
            "1",
            "--divide",
            "--count",
            "usi_strings",
            "--position",
            "11k/12/9g2/12/12/5s6/3G1N6/12/12/12/12/K11 b - 1",
        ],
        &[],
    );
    assert!(status.success(), "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 93 + 2, "{out}");
    assert!(
        rows.contains(&"7g6f5e 1") && rows.contains(&"7g8g7g 1"),
        "{out}"
    );
    assert_eq!(rows[93], "nodes 93");
    // Only chu has lishogi's count: a usage error elsewhere.
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "tai",
            "--depth",
            "1",
            "--count",
            "usi_strings",
        ],
        &[],
    );
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("only defined for chu"), "{err}");
}

#[test]
fn tenjiku_perft_depth_2_under_hachu_counts_4950() {
    // tenjiku.md §10.2: HaChu 0.21, corrected, counts 4,950 two-ply sequences from the
    // start under the rules the hachu profile reproduces.
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "tenjiku",
            "--profile",
            "hachu",
            "--depth",
            "2",
        ],
        &[],
    );
    assert!(status.success(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "nodes 4950");
    assert!(lines[1].starts_with("time "), "{out}");
}

#[test]
fn dai_perft_depth_2_divide_counts_hachus_5041() {
    // dai.md "Outside figures": HaChu 0.21 counts 71 moves from the start and 5,041
    // two-ply sequences; the divide has one line per first move.
    let (status, out, err) = run(
        &["perft", "--variant", "dai", "--depth", "2", "--divide"],
        &[],
    );
    assert!(status.success(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 71 + 2, "{out}");
    assert_eq!(lines[71], "nodes 5041");
    assert!(lines[72].starts_with("time "), "{out}");
}

#[test]
fn dai_dai_perft_depth_3_counts_196606() {
    // dai-dai.md "Outside figures": the page's default-profile count at depth 3 (its
    // reference script; a regression lock, not an outside figure).
    let (status, out, err) = run(&["perft", "--variant", "dai-dai", "--depth", "3"], &[]);
    assert!(status.success(), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0], "nodes 196606");
    assert!(lines[1].starts_with("time "), "{out}");
}

#[test]
fn maka_perft_depth_2_counts_6400_and_divides_into_the_pages_80_moves() {
    // maka-dai-dai.md, "Outside figures": the page's default-profile counts 80 and 6,400
    // (its own reference script), and its divide(1) list of 80 moves from the start.
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "maka-dai-dai",
            "--depth",
            "2",
            "--divide",
        ],
        &[],
    );
    assert!(status.success(), "{err}");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 80 + 2, "{out}");
    for row in &rows[..80] {
        let (mv, n) = row.rsplit_once(' ').unwrap();
        // The armies are five ranks apart: every first move has White's 80 answers.
        assert_eq!(n, "80", "{row}");
        assert!(!mv.is_empty());
    }
    assert!(rows[..80].iter().any(|r| r.starts_with("10p10m ")), "{out}");
    assert_eq!(rows[80], "nodes 6400");
    assert!(rows[81].starts_with("time "), "{out}");
}

#[test]
fn taikyoku_perft_depth_1_counts_the_pages_159_and_488() {
    // taikyoku.md §10: 159 moves from the start under `wikipedia` and 488 under `ats`,
    // counted by a second implementation written from the page, NOT an outside figure: a
    // regression lock, to be confirmed by the lead (a difference is traced to the move
    // that differs and decided from the page).
    for (profile, count) in [("wikipedia", 159), ("ats", 488)] {
        let (status, out, err) = run(
            &[
                "perft",
                "--variant",
                "taikyoku",
                "--profile",
                profile,
                "--depth",
                "1",
                "--divide",
            ],
            &[],
        );
        assert!(status.success(), "{profile}: {err}");
        let rows: Vec<&str> = out.lines().collect();
        assert_eq!(rows.len(), count + 2, "{profile}: {out}");
        for row in &rows[..count] {
            assert!(row.ends_with(" 1"), "{profile}: {row}");
        }
        assert_eq!(rows[count], format!("nodes {count}"), "{profile}");
        assert!(rows[count + 1].starts_with("time "), "{profile}: {out}");
    }
}

#[test]
fn taikyoku_perft_reads_a_position_with_double_letter_ranks() {
    // taikyoku.md §1 and §8: ranks 27-36 are `aa`-`jj`. Black's king on 1jj (slide2(all))
    // beside White's on 36a: from the corner it reaches 1ii, 1hh, 2ii, 3hh, 2jj and 3jj,
    // six moves, each to a rank with a doubled letter.
    let mut ranks = vec!["36"; 36];
    ranks[0] = "k,35";
    ranks[35] = "35,K";
    let position = format!("{} b - 1", ranks.join("/"));
    let (status, out, err) = run(
        &[
            "perft",
            "--variant",
            "taikyoku",
            "--position",
            &position,
            "--depth",
            "1",
            "--divide",
        ],
        &[],
    );
    assert!(status.success(), "{err}");
    let mut moves: Vec<&str> = out
        .lines()
        .take_while(|l| !l.starts_with("nodes"))
        .map(|l| l.split(' ').next().unwrap())
        .collect();
    moves.sort_unstable();
    assert_eq!(
        moves,
        ["1jj1hh", "1jj1ii", "1jj2ii", "1jj2jj", "1jj3hh", "1jj3jj"],
        "{out}"
    );
    assert!(out.contains("nodes 6\n"), "{out}");
}
