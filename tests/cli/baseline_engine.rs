//! The baseline engine (`shogi-arbiter baseline-engine`) driven over pipes: a child whose
//! output is read on a thread, line by line with a deadline, killed and reaped when the
//! test lets go of it. Used by `baseline_play.rs` and `baseline_faults.rs`.

use super::BIN;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// How long a test waits for an answer it expects.
pub const ANSWER: Duration = Duration::from_secs(10);

/// What reading the engine's output gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Read {
    /// A line (bytes, without the line end).
    Line(Vec<u8>),
    /// Nothing before the deadline.
    Nothing,
    /// The output has ended.
    End,
}

/// A running baseline engine.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Vec<u8>>,
}

impl Engine {
    /// Starts `shogi-arbiter baseline-engine ARGS`.
    pub fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(BIN)
            .arg("baseline-engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the engine starts");
        let stdin = child.stdin.take();
        let mut out = BufReader::new(child.stdout.take().expect("stdout"));
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || loop {
            let mut line = Vec::new();
            match out.read_until(b'\n', &mut line) {
                Ok(0) | Err(_) => return,
                Ok(_) => {
                    if line.last() == Some(&b'\n') {
                        line.pop();
                    }
                    if tx.send(line).is_err() {
                        return;
                    }
                }
            }
        });
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// Sends one line (a closed pipe is ignored: the test then reads what happened).
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(format!("{line}\n").as_bytes());
            let _ = stdin.flush();
        }
    }

    /// Sends raw bytes.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        if let Some(stdin) = self.stdin.as_mut() {
            let _ = stdin.write_all(bytes);
            let _ = stdin.flush();
        }
    }

    /// Closes the engine's input.
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line within `wait`.
    pub fn read(&self, wait: Duration) -> Read {
        match self.lines.recv_timeout(wait) {
            Ok(line) => Read::Line(line),
            Err(RecvTimeoutError::Timeout) => Read::Nothing,
            Err(RecvTimeoutError::Disconnected) => Read::End,
        }
    }

    /// The next line as text, failing the test when none comes within [`ANSWER`].
    pub fn line(&self) -> String {
        match self.read(ANSWER) {
            Read::Line(line) => String::from_utf8_lossy(&line).into_owned(),
            other => panic!("no line from the engine: {other:?}"),
        }
    }

    /// Every line up to the first that `last` accepts (included), failing the test when it
    /// does not come within [`ANSWER`].
    pub fn until(&self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + ANSWER;
        let mut lines = vec![];
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.read(left) {
                Read::Line(line) => {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    let done = last(&text);
                    lines.push(text);
                    if done {
                        return lines;
                    }
                }
                other => panic!("{other:?} after {lines:?}"),
            }
        }
    }

    /// The exit status, if the engine has ended.
    pub fn exited(&mut self) -> Option<ExitStatus> {
        self.child.try_wait().expect("try_wait")
    }

    /// Waits up to `wait` for the engine to end.
    pub fn wait_exit(&mut self, wait: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + wait;
        loop {
            if let Some(status) = self.exited() {
                return Some(status);
            }
            if Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
