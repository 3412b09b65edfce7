//! What the conformance runner does for the person who runs it (issue 30, point 5): a
//! wrong perft count bisected to its first differing move against a fake server with a
//! planted bug (one move missing in one position), `--all`, `--kind` and `--case`
//! selecting exactly the cases they name, one message and exit code 3 for a server that is
//! not there, exit 2 for a URL without its scheme, and a last line that says what was run.

use super::conformance::{answer, spawn_fake, spawn_server};
use super::run;
use actix_web::{web, HttpResponse};
use shogi_arbiter::api::dto::{DivideList, PerftRequest};
use shogi_arbiter::api::routes::perft::perft_job;
use shogi_arbiter::config::Limits;
use shogi_arbiter::conformance::Kit;
use shogi_arbiter::engine::movegen::legal_moves;
use shogi_arbiter::engine::notation::{format_move, format_position_of, parse_valid_position};
use shogi_arbiter::engine::variant::{self, Rules, RulesRequest};
use std::time::{Duration, Instant};

/// chu's start position, as the kit writes it (conformance/perft/chu-hachu.perft).
const CHU_START: &str = "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";

/// The planted bug: after the first move `x` from chu's start, the server does not
/// generate the move `y`. `after` is the position after `x`, as this engine writes it.
struct Planted {
    x: String,
    y: String,
    after: String,
}

/// The bug the test plants: `x` the fifth of chu's first moves (hachu profile), `y` the
/// third move of the other side after it.
fn planted() -> Planted {
    let chu = variant::by_id("chu").expect("chu");
    let request = RulesRequest {
        profile: Some("hachu".to_string()),
        overrides: Vec::new(),
    };
    let rules = Rules::resolve(chu, &request).expect("the hachu rules");
    let mut pos = parse_valid_position(&rules, CHU_START).expect("the start reads");
    let x = legal_moves(&pos, &rules)[4];
    pos.play_unchecked(&x, &rules);
    let y = legal_moves(&pos, &rules)[2];
    Planted {
        x: format_move(chu.shape(), &x),
        y: format_move(chu.shape(), &y),
        after: format_position_of(chu, &pos),
    }
}

/// Perft as the service counts it, but without `y` after `x`: the count after `x` loses
/// `y`'s leaves, and the start's count at depth 2 loses one (under `x`).
async fn planted_perft(body: web::Json<PerftRequest>) -> HttpResponse {
    let planted = planted();
    let mut asked = body.into_inner();
    let divide = asked.divide;
    asked.divide = true;
    answer(perft_job(&Limits::default(), &asked).map(|mut r| {
        let position = asked.position.as_deref().unwrap_or("");
        let Some(DivideList::Objects(rows)) = r.divide.as_mut() else {
            unreachable!("the divide was asked for, as objects")
        };
        if position == planted.after {
            rows.retain(|row| row.text != planted.y);
        } else if position == CHU_START && asked.depth == 2 {
            for row in rows.iter_mut().filter(|row| row.text == planted.x) {
                row.nodes -= 1;
            }
        }
        r.nodes = rows.iter().map(|row| row.nodes).sum();
        if !divide {
            r.divide = None;
        }
        r
    }))
}

/// The report of a run of the kit's case `case` against `url`, which must disagree (exit 1).
fn disagreeing_case(url: &str, case: &str) -> String {
    let (status, out, err) = run(&["conformance", "--against", url, "--case", case], &[]);
    assert_eq!(status.code(), Some(1), "{out}\n{err}");
    out
}

#[test]
fn a_wrong_perft_count_is_bisected_to_the_move_the_server_misses() {
    let planted = planted();
    let url = spawn_fake(|app| {
        app.route("/v1/perft", web::post().to(planted_perft));
    });
    let out = disagreeing_case(&url, "chu-hachu/chu-start/2");
    assert!(
        out.contains("DISAGREE chu perft: chu-hachu/chu-start/2: perft 2: expected 1296, got 1295"),
        "{out}"
    );
    assert!(
        out.contains("bisected against this engine's divide:"),
        "{out}"
    );
    assert!(out.contains(&format!("\n  path: {}\n", planted.x)), "{out}");
    assert!(
        out.contains(&format!("\n  position: {} (depth 1)\n", planted.after)),
        "{out}"
    );
    assert!(
        out.contains(&format!(
            "\n  first moves: only this engine: [{}]; only the server: []\n",
            planted.y
        )),
        "{out}"
    );
    // The curl of the deepest differing request: the position after x, depth 1, divide.
    let repro = out
        .lines()
        .find(|l| l.trim_start().starts_with("repro: curl"))
        .expect("a repro");
    assert!(
        repro.contains(&format!("\"position\":\"{}\"", planted.after)),
        "{repro}"
    );
    assert!(repro.contains("\"depth\":1"), "{repro}");
    assert!(repro.contains("\"divide\":true"), "{repro}");
}

#[test]
fn a_count_the_servers_own_divide_contradicts_is_told_so() {
    // The deliberately wrong server counts one more at chu depth 2 without divide only.
    let url = super::conformance::spawn_wrong_server();
    let out = disagreeing_case(&url, "chu-lishogi/chu-start/2");
    assert!(
        out.contains("\n  path: (none: the case's position)\n"),
        "{out}"
    );
    assert!(
        out.contains("the server's divide here agrees with this engine (1296 nodes); its count without divide differs"),
        "{out}"
    );
}

#[test]
fn a_kit_count_this_engine_does_not_share_is_told_so() {
    // A kit directory whose chu start count at depth 2 is one too many (1,296 is right).
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("runner-wrong-kit");
    std::fs::create_dir_all(dir.join("perft")).expect("a kit directory");
    let perft = format!("id chu-start\nepd {CHU_START}\nperft 2 1297\n");
    std::fs::write(dir.join("perft/chu-hachu.perft"), perft).expect("a perft file");
    let url = spawn_server();
    let kit = dir.to_str().expect("a UTF-8 path");
    let (status, out, err) = run(&["conformance", "--against", &url, "--kit", kit], &[]);
    assert_eq!(status.code(), Some(1), "{out}\n{err}");
    assert!(
        out.contains("chu-hachu/chu-start/2: perft 2: expected 1297, got 1296"),
        "{out}"
    );
    assert!(
        out.contains("the server's divide here agrees with this engine (1296 nodes); the kit's count is not this engine's"),
        "{out}"
    );
}

/// The counts of the total line: cases, agree, disagree, errors.
fn total(out: &str) -> Vec<usize> {
    let line = out
        .lines()
        .find(|l| l.starts_with("total"))
        .expect("a total line");
    line.split_whitespace()
        .skip(1)
        .map(|x| x.parse().expect("a count"))
        .collect()
}

/// The cases of one (variant, kind) row of the table, or 0 without one.
fn row(out: &str, variant: &str, kind: &str) -> usize {
    out.lines()
        .find(|l| {
            let mut w = l.split_whitespace();
            w.next() == Some(variant) && w.next() == Some(kind)
        })
        .and_then(|l| l.split_whitespace().nth(2))
        .map_or(0, |n| n.parse().expect("a count"))
}

#[test]
fn kind_and_case_select_exactly_the_cases_they_name() {
    let kit = Kit::embedded().expect("the kit");
    let vector = kit
        .vectors
        .iter()
        .find(|c| c.variant == "tenjiku")
        .expect("a tenjiku vector");
    let game = kit
        .games
        .iter()
        .find(|c| c.variant == "ko")
        .expect("a ko game");
    let with_id = |id: &str| {
        kit.vectors.iter().filter(|c| c.id() == id).count()
            + kit.games.iter().filter(|c| c.id() == id).count()
    };
    let chu_start = kit.perft.iter().filter(|c| c.id == "chu-start").count();
    assert!(chu_start >= 2, "two chu profiles at several depths");
    let url = spawn_server();

    let (status, out, err) = run(
        &[
            "conformance",
            "--against",
            &url,
            "--case",
            "chu-start",
            "--case",
            vector.id(),
            "--case",
            game.id(),
            "--case",
            "tai-tsa/tai-start/1",
        ],
        &[],
    );
    assert!(status.success(), "{out}\n{err}");
    let n = total(&out);
    let named = chu_start + with_id(vector.id()) + with_id(game.id()) + 1;
    assert_eq!(n, vec![named, named, 0, 0], "{out}");
    assert_eq!(row(&out, "chu", "perft"), chu_start, "{out}");
    assert_eq!(row(&out, "tai", "perft"), 1, "{out}");
    assert!(row(&out, "tenjiku", "vectors") >= 1, "{out}");
    assert!(row(&out, "ko", "games") >= 1, "{out}");

    let (status, out, err) = run(
        &[
            "conformance",
            "--against",
            &url,
            "--only",
            "ko",
            "--kind",
            "games",
            "--kind",
            "perft",
        ],
        &[],
    );
    assert!(status.success(), "{out}\n{err}");
    let games = kit.games.iter().filter(|c| c.variant == "ko").count();
    let perft = kit.perft.iter().filter(|c| c.variant == "ko").count();
    assert_eq!(total(&out)[..2], [games + perft, games + perft], "{out}");
    assert_eq!(row(&out, "ko", "games"), games, "{out}");
    assert_eq!(row(&out, "ko", "perft"), perft, "{out}");
    assert_eq!(row(&out, "ko", "vectors"), 0, "{out}");

    // A case the kit does not have, or not of the kinds asked for: a usage error.
    for flags in [
        &["--case", "chu-start/9"][..],
        &["--kind", "vectors", "--case", "chu-start"][..],
    ] {
        let mut args = vec!["conformance", "--against", &url];
        args.extend_from_slice(flags);
        let (status, out, err) = run(&args, &[]);
        assert_eq!(status.code(), Some(2), "{flags:?}: {out}\n{err}");
        assert!(err.contains("no such case in the kit"), "{err}");
        assert!(out.is_empty(), "{out}");
    }
    // --all is every case: it does not go with a narrowing flag.
    let (status, _, err) = run(
        &["conformance", "--against", &url, "--all", "--kind", "perft"],
        &[],
    );
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("--all"), "{err}");
}

#[test]
fn a_server_that_is_not_there_gives_one_message_and_exit_code_3() {
    let port = {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
        listener.local_addr().expect("its address").port()
    };
    let url = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    let (status, out, err) = run(&["conformance", "--against", &url, "--fuzz", "3"], &[]);
    assert_eq!(status.code(), Some(3), "{out}\n{err}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    assert!(out.is_empty(), "{out}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with(&format!("error: cannot reach the server at {url}: ")),
        "{err}"
    );
    assert!(err.to_lowercase().contains("refused"), "{err}");
}

#[test]
fn a_url_without_its_scheme_is_a_usage_error() {
    for url in [
        "127.0.0.1:8080",
        "localhost:8080",
        "ftp://127.0.0.1:8080",
        "http://",
    ] {
        let (status, out, err) = run(&["conformance", "--against", url], &[]);
        assert_eq!(status.code(), Some(2), "{url}: {out}\n{err}");
        assert!(err.contains("--against"), "{url}: {err}");
        assert!(out.is_empty(), "{url}: {out}");
    }
    let (_, _, err) = run(&["conformance", "--against", "127.0.0.1:8080"], &[]);
    assert!(err.contains("has no scheme"), "{err}");
    assert!(err.contains("http://127.0.0.1:8080"), "{err}");
}

#[test]
fn the_last_line_says_what_was_run() {
    let url = spawn_server();
    let (status, out, err) = run(
        &[
            "conformance",
            "--against",
            &url,
            "--skip-kit",
            "--only",
            "chu",
            "--fuzz",
            "2",
            "--fuzz-plies",
            "5",
        ],
        &[],
    );
    assert!(status.success(), "{out}\n{err}");
    let last = out.lines().last().expect("a last line");
    assert_eq!(
        last,
        format!("ran against {url}: fuzz: 2 games, 12 plies compared, all legal-move sets agree"),
        "{out}"
    );
    assert!(!out.contains("kit"), "{out}");

    let (status, out, err) = run(
        &[
            "conformance",
            "--against",
            &url,
            "--case",
            "chu-start",
            "--fuzz",
            "1",
            "--fuzz-plies",
            "3",
        ],
        &[],
    );
    assert!(status.success(), "{out}\n{err}");
    let last = out.lines().last().expect("a last line");
    assert!(
        last.starts_with(&format!("ran against {url}: the kit: ")) && last.contains(" agree, 0 disagree, 0 errors; fuzz: 1 games, 4 plies compared, all legal-move sets agree"),
        "{last}"
    );
}
