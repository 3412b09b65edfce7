//! `shogi-arbiter match` as a user meets it before any game (issue 33): its help names
//! every flag and the `--engine` keys, usage errors exit 2 naming what is wrong (an
//! `--engine` word, `--engine` not given twice, excluding time flags, a broken openings
//! file with every broken line listed), and an output folder that cannot be made exits 1.
//! None of these starts an engine.

use super::run;

/// Two engine specs that are never started (the command stops first).
const ENGINES: [&str; 8] = [
    "--engine",
    "name=A",
    "cmd=/nonexistent/a",
    "proto=usi",
    "--engine",
    "name=B",
    "cmd=/nonexistent/b",
    "proto=xboard",
];

fn with_engines(flags: &[&str]) -> Vec<String> {
    let mut args = vec![
        "match".to_string(),
        "--variant".to_string(),
        "chu".to_string(),
    ];
    args.extend(flags.iter().map(|f| f.to_string()));
    args.extend(ENGINES.iter().map(|f| f.to_string()));
    args
}

fn run_args(args: &[String]) -> (Option<i32>, String, String) {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let (status, out, err) = run(&refs, &[]);
    assert!(!err.contains("panicked"), "{err}");
    (status.code(), out, err)
}

#[test]
fn help_names_every_flag_and_the_engine_keys() {
    let (status, out, err) = run(&["match", "--help"], &[]);
    assert!(status.success(), "{err}");
    for word in [
        "--variant",
        "--profile",
        "--option",
        "--engine",
        "--games",
        "--concurrency",
        "--st",
        "--tc",
        "--byoyomi",
        "--margin",
        "--handshake-timeout",
        "--openings",
        "--max-plies",
        "--resign-score",
        "--resign-moves",
        "--draw-score",
        "--draw-moves",
        "--draw-after",
        "--sprt",
        "--out",
        "cmd=",
        "proto=",
        "arg=",
        "option.NAME=VALUE",
        "memory=",
        "time_forfeit",
        "hang",
        "Exit code",
    ] {
        assert!(
            out.contains(word),
            "the help does not mention {word}: {out}"
        );
    }
    let (status, out, _) = run(&["--help"], &[]);
    assert!(status.success() && out.contains("match"), "{out}");
}

#[test]
fn usage_errors_exit_2_and_say_what_is_wrong() {
    let once = [
        "match",
        "--variant",
        "chu",
        "--engine",
        "cmd=a",
        "proto=usi",
    ];
    let once: Vec<String> = once.iter().map(|s| s.to_string()).collect();
    let mut bad_word = with_engines(&[]);
    bad_word.push("speed=fast".to_string());
    let cases: Vec<(Vec<String>, &str)> = vec![
        (once, "exactly twice (given once)"),
        (bad_word, "unknown or empty key in 'speed=fast'"),
        (with_engines(&["--st", "1", "--tc", "60+1"]), "--tc"),
        (with_engines(&["--byoyomi", "5"]), "--tc"),
        (
            with_engines(&["--st", "soon"]),
            "'soon' is not a number of seconds",
        ),
        (with_engines(&["--sprt", "1,2"]), "ELO0,ELO1,ALPHA,BETA"),
        (with_engines(&["--profile", "nope"]), "nope"),
        (with_engines(&["--games", "x"]), "--games"),
        (
            with_engines(&["--openings", "/nonexistent/openings.txt"]),
            "cannot open /nonexistent/openings.txt",
        ),
    ];
    for (args, expected) in cases {
        let (code, out, err) = run_args(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(expected), "{args:?}: {err}");
    }
}

#[test]
fn a_broken_openings_file_lists_every_broken_line() {
    let dir = std::env::temp_dir().join(format!("shogi-arbiter-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let file = dir.join("openings.txt");
    // Line 1 is fine, line 2 is not position text, line 4 plays a move of the wrong side,
    // line 5 a position with a piece code chu does not have.
    std::fs::write(
        &file,
        "startpos moves 8i8h\nhello world\n# a comment\nstartpos moves 6a6b\n\
         11k/12/12/5z6/5n6/12/5N6/12/12/12/12/K11 b - 1\n",
    )
    .expect("written");
    let path = file.display().to_string();
    let (code, out, err) = run_args(&with_engines(&["--openings", &path]));
    assert_eq!(code, Some(2), "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("3 broken line(s)"), "{err}");
    for line in [
        "line 2: not a valid position",
        "line 4: move 1 `6a6b` is not legal",
        "line 5: not a valid position: unknown piece code `z`",
    ] {
        assert!(err.contains(line), "{line}: {err}");
    }
    assert!(
        !err.contains("line 1:") && !err.contains("line 3:"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).expect("clean up");
}

#[test]
fn an_output_folder_that_cannot_be_made_exits_1() {
    let (code, _, err) = run_args(&with_engines(&["--out", "/proc/no-such-folder/out"]));
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.contains("error: cannot create /proc/no-such-folder/out"),
        "{err}"
    );
}
