//! An engine as a child process over stdin/stdout ([`EngineProcess`]), hostile-proof: its
//! output is read by threads that cut lines at [`MAX_LINE`] bytes and hand them over through
//! a bounded channel (a reader that is not read from blocks, and so does the engine: memory
//! stays bounded whatever it prints); more than [`TURN_BYTES`] between two of our writes is a
//! flood; standard error keeps only its last [`STDERR_TAIL`] bytes; writes go through a
//! thread of their own, so an engine that never reads cannot block the referee. The engine
//! runs in a process group of its own, so that killing it also kills what a wrapper script
//! started; [`EngineProcess::shutdown`] and dropping the value always kill and reap it.
//!
//! Broken pipes are errors, never a signal: Rust's runtime ignores `SIGPIPE` in its
//! binaries, so a write to a dead engine fails with `EPIPE` and is reported as its exit.

use super::player::{EngineSpec, Fault};
use std::collections::VecDeque;
use std::io::{BufWriter, Read, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line an engine may write (bytes, newline excluded); a longer one is a flood,
/// never kept whole.
pub const MAX_LINE: usize = 64 * 1024;
/// The most an engine may write between two of our writes (bytes).
pub const TURN_BYTES: u64 = 16 * 1024 * 1024;
/// How much of the end of the engine's standard error is kept for a crash report (bytes).
pub const STDERR_TAIL: usize = 4 * 1024;
/// Batches read ahead and not yet taken (a batch is the lines completed by one read of at
/// most [`READ_CHUNK`] bytes, so at most one of them is long).
const QUEUE: usize = 16;
/// The most one read takes from the engine's output.
const READ_CHUNK: usize = 8192;
/// Lines written and not yet taken by the engine: past this many, the engine is not reading
/// its input (a [`Fault::Protocol`]), and the referee holds no more of them.
const WRITE_QUEUE: usize = 1024;
/// How long to wait for the exit status once the engine closed its output.
const EXIT_WAIT: Duration = Duration::from_secs(2);

/// What the output reader hands over.
enum Out {
    Lines(Vec<String>),
    Flood(String),
    End,
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    pid: i32,
    lines: Receiver<Out>,
    /// Lines of the last batch not yet taken.
    pending: VecDeque<String>,
    writes: Option<SyncSender<String>>,
    /// The writer's error, once a write failed.
    write_error: Arc<Mutex<Option<String>>>,
    /// Bytes read since our last write.
    turn_bytes: Arc<AtomicU64>,
    stderr: Arc<Mutex<Vec<u8>>>,
    stderr_done: Arc<AtomicBool>,
    /// How the output ended, once it did: every later read answers the same.
    ended: Option<Fault>,
    /// The exit status in words, once reaped: the process id may then belong to another
    /// process, so it is never used again.
    reaped: Option<String>,
}

impl EngineProcess {
    /// Starts the engine of `spec` with piped stdio, in a process group of its own.
    ///
    /// # Errors
    /// [`Fault::Crashed`] when the program cannot be started.
    pub fn spawn(spec: &EngineSpec) -> Result<EngineProcess, Fault> {
        let mut child = Command::new(&spec.program)
            .args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|e| Fault::Crashed {
                status: format!("could not start {}: {e}", spec.program.display()),
                stderr: String::new(),
            })?;
        let pid = i32::try_from(child.id()).unwrap_or(i32::MAX);
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(i), Some(o), Some(e)) => (i, o, e),
                _ => {
                    kill_group(pid);
                    let _ = child.wait();
                    return Err(Fault::Protocol("the engine's pipes were not opened".into()));
                }
            };
        let turn_bytes = Arc::new(AtomicU64::new(0));
        let (tx, lines) = mpsc::sync_channel(QUEUE);
        let counter = Arc::clone(&turn_bytes);
        thread::spawn(move || read_lines(stdout, &tx, &counter));
        let tail = Arc::new(Mutex::new(Vec::new()));
        let stderr_done = Arc::new(AtomicBool::new(false));
        let (tail2, done2) = (Arc::clone(&tail), Arc::clone(&stderr_done));
        thread::spawn(move || keep_tail(stderr, &tail2, &done2));
        let write_error = Arc::new(Mutex::new(None));
        let (wtx, wrx) = mpsc::sync_channel::<String>(WRITE_QUEUE);
        let error2 = Arc::clone(&write_error);
        thread::spawn(move || write_lines(stdin, &wrx, &error2));
        Ok(EngineProcess {
            child,
            pid,
            lines,
            pending: VecDeque::new(),
            writes: Some(wtx),
            write_error,
            turn_bytes,
            stderr: tail,
            stderr_done,
            ended: None,
            reaped: None,
        })
    }

    /// The process id (also its process group id).
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Writes one line to the engine (a newline is added) and starts a new turn's byte budget.
    ///
    /// # Errors
    /// When an earlier write failed: [`Fault::Crashed`] if the engine has exited, else
    /// [`Fault::Protocol`].
    pub fn send(&mut self, line: &str) -> Result<(), Fault> {
        let failed = lock(&self.write_error).clone();
        if let Some(why) = failed {
            return Err(self.failure_after_write(why));
        }
        self.turn_bytes.store(0, Ordering::Relaxed);
        let Some(writes) = &self.writes else {
            return Err(self.failure_after_write("the engine was stopped".into()));
        };
        match writes.try_send(format!("{line}\n")) {
            Ok(()) => Ok(()),
            Err(TrySendError::Full(_)) => Err(Fault::Protocol(format!(
                "the engine does not read its input ({WRITE_QUEUE} lines wait)"
            ))),
            Err(TrySendError::Disconnected(_)) => {
                Err(self.failure_after_write("the writer has stopped".into()))
            }
        }
    }

    /// The next line the engine wrote (without its line end), waiting until `deadline`.
    ///
    /// # Errors
    /// [`Fault::TimedOut`] at the deadline, [`Fault::Flood`] past the limits,
    /// [`Fault::Crashed`] once the engine's output has ended (its exit status and the end of
    /// its standard error).
    pub fn recv(&mut self, deadline: Instant) -> Result<String, Fault> {
        loop {
            if let Some(line) = self.pending.pop_front() {
                return Ok(line);
            }
            if let Some(fault) = &self.ended {
                return Err(fault.clone());
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            let fault = match self.lines.recv_timeout(wait) {
                Ok(Out::Lines(lines)) => {
                    self.pending = lines.into();
                    continue;
                }
                Err(RecvTimeoutError::Timeout) => return Err(Fault::TimedOut),
                Ok(Out::Flood(what)) => Fault::Flood { what },
                Ok(Out::End) | Err(RecvTimeoutError::Disconnected) => self.exit_fault(EXIT_WAIT),
            };
            self.ended = Some(fault.clone());
            return Err(fault);
        }
    }

    /// Ends the engine: the client has already written its quit command; closes the engine's
    /// input (once the lines written are taken), waits up to `grace` for it to exit, then kills
    /// its process group and reaps it. Its exit status in words.
    pub fn shutdown(&mut self, grace: Duration) -> String {
        if self.reaped.is_none() {
            self.writes = None;
            self.wait_exit(grace);
        }
        self.kill_and_reap()
    }

    /// Whether the engine's main process has exited (it is not reaped).
    fn exited(&self) -> bool {
        // SAFETY: waitid only writes into `info`, a plain struct owned here; WNOWAIT leaves
        // the child waitable, so `Child::wait` still reaps it.
        let mut info: libc::siginfo_t = unsafe { std::mem::zeroed() };
        let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
        let id = libc::id_t::try_from(self.pid).unwrap_or(0);
        let rc = unsafe { libc::waitid(libc::P_PID, id, &mut info, flags) };
        // SAFETY: the kernel filled `info` for a child that changed state.
        rc != 0 || unsafe { info.si_pid() } != 0
    }

    /// Waits up to `grace` for the main process to exit (without reaping it).
    fn wait_exit(&self, grace: Duration) -> bool {
        let until = Instant::now() + grace;
        loop {
            if self.reaped.is_some() || self.exited() {
                return true;
            }
            if Instant::now() >= until {
                return false;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }

    /// Kills the process group (the exited leader still holds its id until reaped) and reaps
    /// the leader; its exit status in words.
    fn kill_and_reap(&mut self) -> String {
        if let Some(status) = &self.reaped {
            return status.clone();
        }
        kill_group(self.pid);
        // The leader too, in case it left its group (it is not reaped: its id is still its).
        let _ = self.child.kill();
        self.writes = None;
        let status = match self.child.wait() {
            Ok(status) => status.to_string(),
            Err(e) => format!("unknown ({e})"),
        };
        self.reaped = Some(status.clone());
        status
    }

    /// The fault once the output ended: waits up to `grace` for the exit, kills and reaps.
    fn exit_fault(&mut self, grace: Duration) -> Fault {
        let exited = self.wait_exit(grace);
        let status = self.kill_and_reap();
        let status = if exited {
            status
        } else {
            format!("closed its output and was killed ({status})")
        };
        let until = Instant::now() + Duration::from_millis(200);
        while !self.stderr_done.load(Ordering::Acquire) && Instant::now() < until {
            thread::sleep(Duration::from_millis(2));
        }
        let stderr = String::from_utf8_lossy(&lock(&self.stderr)).into_owned();
        Fault::Crashed { status, stderr }
    }

    /// A failed write: the exit if the engine has ended (waiting briefly), else the error.
    fn failure_after_write(&mut self, why: String) -> Fault {
        if let Some(fault) = &self.ended {
            return fault.clone();
        }
        if self.wait_exit(Duration::from_millis(500)) {
            let fault = self.exit_fault(Duration::ZERO);
            self.ended = Some(fault.clone());
            return fault;
        }
        Fault::Protocol(format!("cannot write to the engine: {why}"))
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        self.kill_and_reap();
    }
}

/// Kills every process of the group `pgid`.
fn kill_group(pgid: i32) {
    if pgid > 1 {
        // SAFETY: kill only sends a signal; a negative id names the engine's own group.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}

/// The lock's value even if a thread panicked holding it.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The stdout reader: lines of at most [`MAX_LINE`] bytes, a flood past the limits (after
/// which everything is read and dropped, so the engine never blocks on us), the end.
fn read_lines(mut out: impl Read, tx: &SyncSender<Out>, turn_bytes: &AtomicU64) {
    let mut buf = vec![0u8; READ_CHUNK];
    let mut line: Vec<u8> = Vec::new();
    let mut flooded = false;
    loop {
        let n = match out.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => n,
        };
        if flooded {
            continue;
        }
        let total = turn_bytes.fetch_add(n as u64, Ordering::Relaxed) + n as u64;
        let mut what = None;
        let mut batch = Vec::new();
        if total > TURN_BYTES {
            what = Some(format!(
                "more than {TURN_BYTES} bytes of output in one turn"
            ));
        }
        for part in buf[..n].split_inclusive(|&b| b == b'\n') {
            if what.is_some() {
                break;
            }
            let (body, complete) = match part.strip_suffix(b"\n") {
                Some(body) => (body, true),
                None => (part, false),
            };
            if line.len() + body.len() > MAX_LINE {
                what = Some(format!("a line longer than {MAX_LINE} bytes"));
                break;
            }
            line.extend_from_slice(body);
            if complete {
                let text = String::from_utf8_lossy(&line);
                let text = text.strip_suffix('\r').unwrap_or(&text).to_string();
                line.clear();
                batch.push(text);
            }
        }
        if !batch.is_empty() && tx.send(Out::Lines(batch)).is_err() {
            return;
        }
        if let Some(what) = what {
            flooded = true;
            line = Vec::new();
            if tx.send(Out::Flood(what)).is_err() {
                return;
            }
        }
    }
    let _ = tx.send(Out::End);
}

/// The stderr reader: keeps the last [`STDERR_TAIL`] bytes.
fn keep_tail(mut err: impl Read, tail: &Mutex<Vec<u8>>, done: &AtomicBool) {
    let mut buf = vec![0u8; 4096];
    while let Ok(n) = err.read(&mut buf) {
        if n == 0 {
            break;
        }
        let mut t = lock(tail);
        t.extend_from_slice(&buf[..n]);
        let excess = t.len().saturating_sub(STDERR_TAIL);
        t.drain(..excess);
    }
    done.store(true, Ordering::Release);
}

/// The writer: one line at a time until the channel closes or a write fails.
fn write_lines(stdin: ChildStdin, rx: &Receiver<String>, error: &Mutex<Option<String>>) {
    let mut w = BufWriter::new(stdin);
    while let Ok(line) = rx.recv() {
        if let Err(e) = w.write_all(line.as_bytes()).and_then(|()| w.flush()) {
            *lock(error) = Some(e.to_string());
            return;
        }
    }
}

/// Fake engines for the tests of this module and of the clients: `sh -c SCRIPT`.
#[cfg(test)]
pub mod testing {
    use super::super::player::{EngineSpec, Protocol};
    use std::path::PathBuf;
    use std::time::Duration;

    /// A spec running `sh -c script`.
    pub fn shell(script: &str, protocol: Protocol) -> EngineSpec {
        EngineSpec {
            name: "fake".into(),
            program: PathBuf::from("/bin/sh"),
            args: vec!["-c".into(), script.into()],
            protocol,
            options: Vec::new(),
            memory_mib: 16,
            handshake_timeout: Duration::from_millis(2000),
        }
    }

    impl EngineSpec {
        /// The same spec with another handshake timeout (milliseconds).
        pub fn with_timeout(mut self, ms: u64) -> EngineSpec {
            self.handshake_timeout = Duration::from_millis(ms);
            self
        }
    }

    /// Whether the process `pid` has ended: gone, or a zombie that is not ours to reap (an
    /// orphan waiting for the system's reaper).
    pub fn ended(pid: u32) -> bool {
        match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
            Err(_) => true,
            Ok(stat) => stat
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
        }
    }

    /// Whether `/proc/<pid>` is gone (reaped).
    pub fn reaped(pid: u32) -> bool {
        !std::path::Path::new(&format!("/proc/{pid}")).exists()
    }

    /// The peak resident memory of this process (kB), from `/proc/self/status`.
    pub fn peak_kb() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{ended, reaped, shell};
    use super::*;
    use crate::matches::player::Protocol;

    fn spawn(script: &str) -> EngineProcess {
        EngineProcess::spawn(&shell(script, Protocol::Xboard)).expect("sh starts")
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(5)
    }

    #[test]
    fn a_line_sent_is_answered_and_the_engine_is_reaped() {
        let mut p = spawn("read x; echo \"got $x\"; read y");
        let pid = p.pid();
        p.send("hello").expect("send");
        assert_eq!(p.recv(soon()), Ok("got hello".to_string()));
        p.shutdown(Duration::from_millis(100));
        assert!(reaped(pid), "/proc/{pid} is still there");
    }

    #[test]
    fn shutdown_closes_the_input_so_an_engine_may_exit_by_itself() {
        let mut p = spawn("read x; read y; exit 5");
        p.send("quit").expect("send");
        let t = Instant::now();
        assert_eq!(p.shutdown(Duration::from_secs(2)), "exit status: 5");
        assert!(t.elapsed() < Duration::from_secs(1));
    }

    #[test]
    fn an_exit_is_a_crash_with_its_status_and_the_end_of_stderr() {
        let mut p = spawn("echo first; echo 'it went wrong' >&2; exit 3");
        let pid = p.pid();
        assert_eq!(p.recv(soon()), Ok("first".to_string()));
        let Err(Fault::Crashed { status, stderr }) = p.recv(soon()) else {
            panic!("not a crash");
        };
        assert!(status.contains('3'), "{status}");
        assert_eq!(stderr, "it went wrong\n");
        assert!(reaped(pid));
        assert!(matches!(p.recv(soon()), Err(Fault::Crashed { .. })));
    }

    #[test]
    fn stderr_keeps_only_its_last_bytes() {
        let mut p = spawn("head -c 100000 /dev/zero | tr '\\0' e >&2; echo end >&2; exit 1");
        let Err(Fault::Crashed { stderr, .. }) = p.recv(soon()) else {
            panic!("not a crash");
        };
        assert_eq!(stderr.len(), STDERR_TAIL);
        assert!(stderr.ends_with("eeeend\n"), "{stderr}");
    }

    #[test]
    fn silence_times_out_and_the_process_is_killed_with_its_children() {
        let mut p = spawn("sleep 30 & echo $!; wait");
        let pid = p.pid();
        let child: u32 = p.recv(soon()).expect("pid").parse().expect("a pid");
        let t = Instant::now();
        assert_eq!(
            p.recv(Instant::now() + Duration::from_millis(100)),
            Err(Fault::TimedOut)
        );
        assert!(t.elapsed() >= Duration::from_millis(100));
        p.shutdown(Duration::from_millis(50));
        assert!(t.elapsed() < Duration::from_secs(2));
        assert!(reaped(pid));
        let until = Instant::now() + Duration::from_secs(2);
        while !ended(child) && Instant::now() < until {
            thread::sleep(Duration::from_millis(10));
        }
        assert!(ended(child), "the wrapper's child {child} still runs");
    }

    #[test]
    fn a_write_to_an_engine_that_exited_is_its_exit_not_a_signal() {
        let mut p = spawn("exit 0");
        let mut outcome = Ok(());
        for _ in 0..100 {
            outcome = p.send("anything");
            if outcome.is_err() {
                break;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let Err(Fault::Crashed { status, .. }) = outcome else {
            panic!("{outcome:?}");
        };
        assert!(status.contains('0'), "{status}");
    }

    #[test]
    fn a_line_too_long_is_a_flood() {
        let mut p = spawn("echo ok; head -c 1000000 /dev/zero | tr '\\0' x; echo; sleep 30");
        assert_eq!(p.recv(soon()), Ok("ok".to_string()));
        let Err(Fault::Flood { what }) = p.recv(soon()) else {
            panic!("not a flood");
        };
        assert!(what.contains("line longer"), "{what}");
    }

    #[test]
    fn an_engine_that_is_never_read_does_not_block_its_shutdown() {
        let mut p = spawn("yes");
        let pid = p.pid();
        thread::sleep(Duration::from_millis(100));
        let t = Instant::now();
        p.shutdown(Duration::from_millis(50));
        drop(p);
        assert!(t.elapsed() < Duration::from_secs(2));
        assert!(reaped(pid));
    }

    #[test]
    fn an_engine_that_never_reads_is_a_protocol_fault_not_a_growing_queue() {
        let mut p = spawn("sleep 30");
        let long = "x".repeat(1000);
        let outcome = (0..10 * WRITE_QUEUE).try_for_each(|_| p.send(&long));
        let Err(Fault::Protocol(why)) = outcome else {
            panic!("{outcome:?}");
        };
        assert!(why.contains("does not read"), "{why}");
    }

    #[test]
    fn dropping_the_process_reaps_it() {
        let p = spawn("sleep 30");
        let pid = p.pid();
        drop(p);
        assert!(reaped(pid));
    }
}
