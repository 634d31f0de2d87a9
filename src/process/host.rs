//! The host's side of the `process` substrate: a pool of pre-started children, each holding at
//! most one run or session (a lease). Per child, one host thread reads its frames and one writes
//! the requests queued for it, so Node's thread never blocks on a pipe. Once a child ran a
//! program, everything it sends is untrusted: each frame is bounded and checked against its
//! lease (the execution, the binding paths, maxLogBytes, maxResultBytes) before it reaches Node,
//! and a child that breaks the protocol or dies ends its lease with a `crashed` error.

use std::collections::{HashSet, VecDeque};
use std::io::BufReader;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use super::Request;
use super::outbox::Outbox;
use super::platform::{self, FromChild, Killer};
use super::region::Region;
use super::wire::{self, Frame, WireError};
use crate::engine::EngineError;
use crate::error::{ConversionError, ErrorKind, ProgramError};
use crate::realm::console::TRUNCATION_MARKER;
use crate::realm::surface::Surface;
use crate::run::budget::{LimitOverrides, Limits, StopReason};
use crate::run::program::{Language, Outcome, ProgramEvent, json_text, unsendable_result};

/// Where a lease's events go: the JSON text and buffers, exactly as the thread substrate's sink
/// hands them to Node (made from the lease's id, which its events cross with).
pub type RawSink = Arc<dyn Fn(String, Vec<Vec<u8>>) + Send + Sync>;

/// A child's frames are bounded by its lease's limits; JSON may spell a byte of a string as six
/// (`\u0000`), and this much more covers the event's own fields (stats, positions, the error).
const FRAME_SLACK_BYTES: usize = 1 << 20;
const JSON_ESCAPE_FACTOR: usize = 6;
/// The most a child's first frame, saying it is ready, may be.
const READY_FRAME_BYTES: usize = 64;

/// The pool's sizes, as the host configures them.
#[derive(Debug, Clone, Copy)]
pub struct PoolOptions {
    /// Children kept started and waiting when nothing runs.
    pub min_warm: usize,
    /// Children alive at once; more runs wait for one.
    pub max_children: usize,
    /// Runs one child serves before it is replaced (a session uses a child up).
    pub runs_per_child: u32,
}

pub struct ProcessPool {
    launcher: PathBuf,
    addon: PathBuf,
    hello: Vec<u8>,
    defaults: Limits,
    options: PoolOptions,
    state: Mutex<PoolState>,
    /// Children's host threads and the watchdog running; dispose waits for none.
    threads: Condvar,
    /// A deadline was set or moved, or the pool is disposed: the watchdog looks again.
    deadlines: Condvar,
    next_id: AtomicU32,
    disposed: AtomicBool,
}

#[derive(Default)]
struct PoolState {
    /// Started, ready and holding nothing.
    idle: Vec<Arc<Child>>,
    /// Every child alive (starting, idle or leased), for dispose.
    children: Vec<Arc<Child>>,
    /// Leases waiting for a child.
    waiting: VecDeque<Arc<Lease>>,
    /// Leases by id, waiting or held.
    leases: Vec<Arc<Lease>>,
    /// Children started and not yet ready.
    starting: usize,
    /// Children alive or starting: each has a host thread.
    threads: usize,
    /// The watchdog thread runs.
    watching: bool,
}

struct Child {
    pid: u32,
    outbox: Arc<Outbox>,
    killer: Killer,
    lease: Mutex<Option<Arc<Lease>>>,
    runs: AtomicU32,
    /// Killed by the watchdog: its lease's deadline passed first.
    late: AtomicBool,
}

/// A run or session, and what its child may send for it.
struct Lease {
    id: u32,
    sink: RawSink,
    session: bool,
    binding_paths: HashSet<String>,
    checks: Mutex<Checks>,
    /// The child holding it, or the requests waiting for one.
    link: Mutex<Link>,
}

#[derive(Default)]
struct Link {
    child: Option<Arc<Child>>,
    backlog: Vec<Vec<u8>>,
    /// Closed by the host: its child is retired and nothing more is sent.
    closed: bool,
}

/// The protocol state of the execution a lease runs now.
struct Checks {
    execution: u32,
    /// When the child must have ended the execution: its wall budget, or a stop, and then
    /// `DEADLINE_GRACE`. A child still running then is killed: its own budgets may be broken.
    deadline: Option<Instant>,
    limits: Limits,
    log_bytes: usize,
    marked: bool,
    last_call: Option<u32>,
}

/// What a child's event is, once checked.
enum Checked {
    Event,
    /// It ends the execution.
    Done,
    /// It ends the execution with a result larger than maxResultBytes (the limit).
    ResultTooLarge(usize),
}

/// The parts of an event the host checks; the rest is skipped, not built.
#[derive(serde::Deserialize)]
struct EventHead {
    kind: String,
    execution: u32,
    entry: Option<LogHead>,
    call: Option<CallHead>,
    outcome: Option<OutcomeHead>,
}

#[derive(serde::Deserialize)]
struct LogHead {
    text: String,
}

#[derive(serde::Deserialize)]
struct CallHead {
    id: u32,
    path: String,
    /// Each argument's size, counted as the engine counts it against maxResultBytes.
    args: Vec<ResultSize>,
    #[serde(default)]
    bytes: Vec<BinaryHead>,
}

/// Where a buffer beside the JSON goes: for a call, its first segment is the argument's index.
#[derive(serde::Deserialize)]
struct BinaryHead {
    at: Vec<serde_json::Value>,
}

#[derive(serde::Deserialize)]
struct OutcomeHead {
    value: Option<ResultSize>,
    logs: Vec<LogHead>,
    #[serde(default)]
    bytes: Vec<serde::de::IgnoredAny>,
}

/// A return value's size as the child's engine counts it against maxResultBytes
/// (`realm::convert`), read from its JSON without building it. A null counts nothing: JSON also
/// spells a binary value's place and an array's hole that way, which the engine counts as nothing
/// (or as the bytes beside the JSON), so an honest child's result is never counted larger than
/// its engine counted it.
struct ResultSize(usize);

impl<'de> serde::Deserialize<'de> for ResultSize {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ResultSizeVisitor)
    }
}

struct ResultSizeVisitor;

impl<'de> serde::de::Visitor<'de> for ResultSizeVisitor {
    type Value = ResultSize;

    fn expecting(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.write_str("a JSON value")
    }

    fn visit_unit<E>(self) -> Result<ResultSize, E> {
        Ok(ResultSize(0))
    }

    fn visit_none<E>(self) -> Result<ResultSize, E> {
        Ok(ResultSize(0))
    }

    fn visit_bool<E>(self, _: bool) -> Result<ResultSize, E> {
        Ok(ResultSize(5))
    }

    fn visit_i64<E>(self, _: i64) -> Result<ResultSize, E> {
        Ok(ResultSize(24))
    }

    fn visit_u64<E>(self, _: u64) -> Result<ResultSize, E> {
        Ok(ResultSize(24))
    }

    fn visit_f64<E>(self, _: f64) -> Result<ResultSize, E> {
        Ok(ResultSize(24))
    }

    fn visit_str<E>(self, text: &str) -> Result<ResultSize, E> {
        Ok(ResultSize(text.len() + 2))
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut items: A) -> Result<ResultSize, A::Error> {
        let mut size = 2usize;
        while let Some(ResultSize(item)) = items.next_element()? {
            // Each element counts a byte of its own as well.
            size = size.saturating_add(1).saturating_add(item);
        }
        Ok(ResultSize(size))
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut entries: A) -> Result<ResultSize, A::Error> {
        let mut size = 2usize;
        while let Some(key) = entries.next_key::<std::borrow::Cow<'de, str>>()? {
            let ResultSize(value) = entries.next_value()?;
            size = size.saturating_add(key.len() + 4).saturating_add(value);
        }
        Ok(ResultSize(size))
    }
}

impl ProcessPool {
    /// A pool whose children are `launcher` loading `addon`. Fails when the launcher is missing.
    pub fn new(
        launcher: PathBuf,
        addon: PathBuf,
        defaults: LimitOverrides,
        enforce_budgets: bool,
        options: PoolOptions,
    ) -> Result<Arc<Self>, String> {
        platform::check_executable(&launcher)?;
        let hello = wire::encode(&json_text(&Request::Hello { defaults, enforce_budgets }), &[] as &[Vec<u8>]);
        let pool = Arc::new(Self {
            launcher,
            addon,
            hello,
            defaults: Limits::default().with(&defaults),
            options,
            state: Mutex::default(),
            threads: Condvar::new(),
            deadlines: Condvar::new(),
            next_id: AtomicU32::new(1),
            disposed: AtomicBool::new(false),
        });
        pool.start_watchdog().map_err(|err| format!("the process substrate's watchdog thread could not start: {err}"))?;
        for _ in 0..options.min_warm.min(options.max_children) {
            pool.start_child(&mut lock(&pool.state));
        }
        Ok(pool)
    }

    #[allow(clippy::too_many_arguments)] // what a run request carries, as `NativeRuntime::run` takes it
    pub fn run(
        self: &Arc<Self>,
        source: String,
        language: Language,
        surface: Surface,
        limits: LimitOverrides,
        modules: std::collections::HashMap<String, String>,
        stream_logs: bool,
        tape: Option<String>,
        sink: impl FnOnce(u32) -> RawSink,
    ) -> Result<u32, EngineError> {
        let checks = self.checks(0, &limits);
        let paths = surface.paths.iter().cloned().collect();
        let request = Request::Run { source, language, surface, limits, modules, stream_logs, tape };
        self.lease(false, paths, checks, request, sink)
    }

    pub fn open_session(
        self: &Arc<Self>,
        surface: Surface,
        limits: LimitOverrides,
        frame: Option<serde_json::Value>,
        sink: impl FnOnce(u32) -> RawSink,
    ) -> Result<u32, EngineError> {
        let checks = self.checks(0, &limits);
        let paths = surface.paths.iter().cloned().collect();
        self.lease(true, paths, checks, Request::OpenSession { surface, limits, frame }, sink)
    }

    pub fn execute(
        &self,
        session: u32,
        execution: u32,
        source: String,
        language: Language,
        limits: LimitOverrides,
    ) -> Result<(), EngineError> {
        let lease = self.find(session).filter(|lease| lease.session).ok_or(EngineError::NoSession(session))?;
        let mut checks = self.checks(execution, &limits);
        checks.start_clock();
        *lock(&lease.checks) = checks;
        self.deadline_changed();
        lease.send(&Request::Execute { execution, source, language, limits }, &[]).then_some(()).ok_or(EngineError::NoSession(session))
    }

    pub fn stage(&self, session: u32, name: String, bytes: Vec<u8>) -> Result<(), EngineError> {
        let lease = self.find(session).ok_or(EngineError::NoSession(session))?;
        lease.send(&Request::Stage { name }, &[bytes]).then_some(()).ok_or(EngineError::NoSession(session))
    }

    /// Forwards the host's answer to a call; false when the lease has ended.
    pub fn send(&self, id: u32, request: &Request, buffers: &[Vec<u8>]) -> bool {
        self.find(id).is_some_and(|lease| lease.send(request, buffers))
    }

    /// Stops what `id` runs now: a waiting run ends at once, a held one is told through its child.
    pub fn stop(&self, id: u32, reason: StopReason) {
        let waiting = {
            let mut state = lock(&self.state);
            let at = state.waiting.iter().position(|lease| lease.id == id);
            at.and_then(|at| state.waiting.remove(at))
        };
        match waiting {
            Some(lease) => {
                self.forget(&lease);
                lease.end_with(reason.to_error(&self.defaults));
            }
            None => {
                if let Some(lease) = self.find(id) {
                    lock(&lease.checks).stopped();
                    self.deadline_changed();
                    lease.send(&Request::Stop { disposed: reason == StopReason::Disposed }, &[]);
                }
            }
        }
    }

    /// Ends a session: its child is retired (killed), so nothing of its realm outlives it.
    pub fn close(&self, session: u32) {
        let Some(lease) = self.find(session) else { return };
        self.forget(&lease);
        let child = {
            let mut link = lock(&lease.link);
            link.closed = true;
            link.child.take()
        };
        match child {
            Some(child) => {
                lock(&child.lease).take();
                child.kill();
            }
            None => lock(&self.state).waiting.retain(|waiting| waiting.id != session),
        }
    }

    /// Runs and sessions holding a child now.
    pub fn live(&self) -> usize {
        lock(&self.state).leases.iter().filter(|lease| lock(&lease.link).child.is_some()).count()
    }

    /// Kills every child and ends every lease as disposed, without waiting. Idempotent.
    pub fn shut_down(&self) {
        self.disposed.store(true, Ordering::Release);
        let (waiting, children) = {
            let mut state = lock(&self.state);
            self.deadlines.notify_all();
            (state.waiting.drain(..).collect::<Vec<_>>(), state.children.clone())
        };
        for lease in waiting {
            self.forget(&lease);
            lease.end_with(StopReason::Disposed.to_error(&self.defaults));
        }
        for child in children {
            child.kill();
        }
    }

    /// Kills every child and waits until each is reaped and its threads have ended.
    pub fn dispose(&self) {
        self.shut_down();
        let mut state = lock(&self.state);
        while state.threads > 0 || state.watching {
            state = self.threads.wait(state).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// The process ids of the children alive now (tests kill them from outside).
    pub fn child_pids(&self) -> Vec<u32> {
        lock(&self.state).children.iter().map(|child| child.pid).collect()
    }

    /// The committed memory past which a child's allocations fail, where the host sets it (the
    /// job of a child on Windows): a backstop far above the runtime's memory budget, which the
    /// engine enforces itself, as the address-space limit is on Linux.
    fn job_memory_bytes(&self) -> usize {
        self.defaults.max_memory_bytes.saturating_mul(JOB_MEMORY_BUDGETS).max(JOB_MEMORY_FLOOR_BYTES)
    }

    /// Starts a child as every other, told to probe its fence instead of serving (`--probe-fence`):
    /// what it reported on stdout, then how it ended.
    pub fn probe_fence(&self) -> String {
        let platform::Spawned { process, killer, to_child, mut from_child, .. } =
            match platform::spawn(&self.launcher, &self.addon, self.job_memory_bytes(), &["--probe-fence"]) {
                Ok(spawned) => spawned,
                Err(err) => return format!("child: could not start ({err})\n"),
            };
        drop(to_child);
        let mut report = String::new();
        let _ = std::io::Read::read_to_string(&mut from_child, &mut report);
        format!("{report}child: {}\n", process.wait(&killer))
    }

    fn checks(&self, execution: u32, overrides: &LimitOverrides) -> Checks {
        Checks { execution, deadline: None, limits: self.defaults.with(overrides), log_bytes: 0, marked: false, last_call: None }
    }

    fn lease(
        self: &Arc<Self>,
        session: bool,
        binding_paths: HashSet<String>,
        checks: Checks,
        request: Request,
        sink: impl FnOnce(u32) -> RawSink,
    ) -> Result<u32, EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let lease = Arc::new(Lease { id, sink: sink(id), session, binding_paths, checks: Mutex::new(checks), link: Mutex::default() });
        lease.send(&request, &[]);
        let mut state = lock(&self.state);
        state.leases.push(lease.clone());
        match state.idle.pop() {
            Some(child) => {
                child.take(&lease);
                self.deadlines.notify_all();
            }
            None => {
                state.waiting.push_back(lease);
                if state.threads < self.options.max_children && state.starting < state.waiting.len() {
                    self.start_child(&mut state);
                }
            }
        }
        Ok(id)
    }

    fn find(&self, id: u32) -> Option<Arc<Lease>> {
        lock(&self.state).leases.iter().find(|lease| lease.id == id).cloned()
    }

    fn forget(&self, lease: &Lease) {
        lock(&self.state).leases.retain(|held| held.id != lease.id);
    }

    /// Wakes the watchdog to look at the deadlines again. Taking the pool's lock first means it
    /// is either about to look or waiting, so the wake is not lost.
    fn deadline_changed(&self) {
        let _state = lock(&self.state);
        self.deadlines.notify_all();
    }

    /// One thread for the whole pool kills each child still running past its lease's deadline.
    /// It sleeps until the next deadline, or until one is set: an idle pool wakes no thread.
    fn start_watchdog(self: &Arc<Self>) -> std::io::Result<()> {
        let pool = self.clone();
        lock(&self.state).watching = true;
        let started = std::thread::Builder::new().name("code-runtime-watchdog".into()).spawn(move || {
            pool.watch_deadlines();
            lock(&pool.state).watching = false;
            pool.threads.notify_all();
        });
        if started.is_err() {
            lock(&self.state).watching = false;
        }
        started.map(drop)
    }

    fn watch_deadlines(&self) {
        let mut state = lock(&self.state);
        while !self.disposed.load(Ordering::Acquire) {
            let now = Instant::now();
            let mut next: Option<Instant> = None;
            for child in &state.children {
                if child.late.load(Ordering::Acquire) {
                    continue;
                }
                let Some(deadline) = lock(&child.lease).as_ref().and_then(|lease| lock(&lease.checks).deadline) else { continue };
                if deadline <= now {
                    child.late.store(true, Ordering::Release);
                    child.kill();
                } else {
                    next = Some(next.map_or(deadline, |next| next.min(deadline)));
                }
            }
            state = match next {
                Some(next) => self.deadlines.wait_timeout(state, next - now).unwrap_or_else(PoisonError::into_inner).0,
                None => self.deadlines.wait(state).unwrap_or_else(PoisonError::into_inner),
            };
        }
    }

    /// Starts a child on a host thread of its own, which then serves it until it ends.
    fn start_child(self: &Arc<Self>, state: &mut PoolState) {
        state.starting += 1;
        state.threads += 1;
        let pool = self.clone();
        let started = std::thread::Builder::new().name("code-runtime-child".into()).spawn(move || {
            let was_ready = pool.serve_child();
            {
                let mut state = lock(&pool.state);
                state.threads -= 1;
                pool.threads.notify_all();
            }
            pool.replenish(was_ready);
        });
        if started.is_err() {
            state.starting -= 1;
            state.threads -= 1;
        }
    }

    /// Starts and serves a child until it ends; false when it never became ready.
    fn serve_child(self: &Arc<Self>) -> bool {
        let spawned = platform::spawn(&self.launcher, &self.addon, self.job_memory_bytes(), &[]);
        let platform::Spawned { pid, process, killer, to_child, from_child, region } = match spawned {
            Ok(spawned) => spawned,
            Err(err) => {
                self.start_failed(&format!("the child process {} could not start: {err}", self.launcher.display()));
                return false;
            }
        };
        let outbox = match Outbox::open(to_child) {
            Ok(outbox) => outbox,
            Err(err) => {
                killer.kill();
                process.wait(&killer);
                self.start_failed(&format!("the child process's writer could not start: {err}"));
                return false;
            }
        };
        outbox.send(self.hello.clone());
        let child = Arc::new(Child { pid, outbox, killer, lease: Mutex::default(), runs: AtomicU32::new(0), late: AtomicBool::new(false) });
        lock(&self.state).children.push(child.clone());
        if self.disposed.load(Ordering::Acquire) {
            child.kill();
        }
        let mut stdout = BufReader::with_capacity(64 * 1024, from_child);
        let ready = matches!(wire::read_frame(&mut stdout, READY_FRAME_BYTES), Ok(Frame { ref text, .. }) if text == super::READY);
        let ended = if ready {
            self.child_ready(&child, false);
            self.read_events(&child, &mut stdout, region.as_ref().map(|region| &region.0))
        } else {
            None
        };
        child.kill();
        let status = process.wait(&child.killer);
        let lease = lock(&child.lease).take();
        {
            let mut state = lock(&self.state);
            state.children.retain(|alive| alive.pid != child.pid);
            state.idle.retain(|idle| idle.pid != child.pid);
        }
        if !ready {
            self.start_failed(&format!("the child process {} {status} before it was ready", self.launcher.display()));
            return false;
        }
        if let Some(lease) = lease {
            self.forget(&lease);
            let error = if self.disposed.load(Ordering::Acquire) {
                StopReason::Disposed.to_error(&lock(&lease.checks).limits)
            } else {
                let why = ended.unwrap_or(status);
                ProgramError::new(
                    ErrorKind::Crashed,
                    "InternalError",
                    format!("the child process running the program {why}; the run was abandoned"),
                )
            };
            lease.end_with(error);
        }
        true
    }

    /// Reads a child's events until it ends; returns why the host ended it, if it did.
    fn read_events(self: &Arc<Self>, child: &Arc<Child>, stdout: &mut BufReader<FromChild>, region: Option<&Region>) -> Option<String> {
        // Past a deadline the watchdog kills the child, which ends the read with the pipe.
        let late = || {
            child.late.load(Ordering::Acquire).then(|| {
                format!("did not end the run by its wall budget, or within {} s of a stop, and was killed", DEADLINE_GRACE.as_secs())
            })
        };
        loop {
            let length = match wire::read_length(stdout) {
                Ok(length) => length,
                Err(_) => return late(),
            };
            // What the child holds once its frame began: a lease is given before its request is sent.
            let Some(lease) = lock(&child.lease).clone() else { return Some(broke("it sent a frame while it held no program")) };
            let max_bytes = lock(&lease.checks).max_frame_bytes();
            let frame = match wire::read_body(stdout, length, max_bytes, region) {
                Ok(frame) => frame,
                Err(WireError::Io(_)) => return late(),
                Err(err) => return Some(broke(&err.to_string())),
            };
            match lease.check(&frame) {
                Ok(Checked::Event) => (lease.sink)(frame.text, frame.buffers),
                Ok(Checked::Done) => {
                    (lease.sink)(frame.text, frame.buffers);
                    if !lease.session {
                        self.forget(&lease);
                        lock(&child.lease).take();
                        self.child_ready(child, true);
                    }
                }
                Ok(Checked::ResultTooLarge(limit)) => {
                    // The run ends as on the thread substrate; the child, which should have
                    // refused the value itself, is retired (a session on it is lost).
                    self.forget(&lease);
                    lock(&child.lease).take();
                    lease.end_refused(&frame.text, limit);
                    return None;
                }
                Err(why) => return Some(broke(&why)),
            }
        }
    }

    /// A child is ready for a lease: the oldest waiting one, else it idles. Past its runs, or when
    /// it served a session, it is retired instead and another started in its place.
    fn child_ready(self: &Arc<Self>, child: &Arc<Child>, served: bool) {
        let mut state = lock(&self.state);
        if !served {
            state.starting -= 1;
        } else if child.runs.fetch_add(1, Ordering::AcqRel) + 1 >= self.options.runs_per_child {
            drop(state);
            return child.kill();
        }
        if self.disposed.load(Ordering::Acquire) {
            return;
        }
        match state.waiting.pop_front() {
            Some(lease) => {
                child.take(&lease);
                self.deadlines.notify_all();
            }
            None => state.idle.push(child.clone()),
        }
    }

    /// Starts children until every waiting lease has one coming and, when `warm`, until the warm
    /// minimum is met (not after a child failed to start: it would fail again, in a loop).
    fn replenish(self: &Arc<Self>, warm: bool) {
        if self.disposed.load(Ordering::Acquire) {
            return;
        }
        let mut state = lock(&self.state);
        while state.threads < self.options.max_children
            && ((warm && state.threads < self.options.min_warm) || state.starting < state.waiting.len())
        {
            self.start_child(&mut state);
        }
    }

    /// No child could start: the oldest waiting lease fails with why, instead of waiting for a
    /// child that will not come.
    fn start_failed(&self, why: &str) {
        let lease = {
            let mut state = lock(&self.state);
            state.starting = state.starting.saturating_sub(1);
            state.waiting.pop_front()
        };
        if let Some(lease) = lease {
            self.forget(&lease);
            lease.end_with(ProgramError::new(ErrorKind::Crashed, "InternalError", why));
        }
    }
}

impl Child {
    /// Gives the child `lease` and sends it what the lease queued.
    fn take(self: &Arc<Self>, lease: &Arc<Lease>) {
        {
            // A run's clock starts now; a session's, at each execute (again now if one waited).
            let mut checks = lock(&lease.checks);
            if !lease.session || checks.execution > 0 {
                checks.start_clock();
            }
        }
        *lock(&self.lease) = Some(lease.clone());
        let mut link = lock(&lease.link);
        link.child = Some(self.clone());
        for frame in link.backlog.drain(..) {
            self.outbox.send(frame);
        }
    }

    fn kill(&self) {
        self.outbox.close();
        self.killer.kill();
    }
}

impl Lease {
    /// Queues a request for the child (or for the child to come). False once the lease ended.
    fn send(&self, request: &Request, buffers: &[Vec<u8>]) -> bool {
        let frame = wire::encode(&json_text(request), buffers);
        let mut link = lock(&self.link);
        if link.closed {
            return false;
        }
        match &link.child {
            Some(child) => child.outbox.send(frame),
            None => {
                link.backlog.push(frame);
                true
            }
        }
    }

    /// Ends the lease's current execution with `error`; a session's realm is lost with it.
    fn end_with(&self, error: ProgramError) {
        let execution = lock(&self.checks).execution;
        lock(&self.link).closed = true;
        let event = ProgramEvent::Done { execution, outcome: Outcome::failed(error, true) };
        (self.sink)(json_text(&event), Vec::new());
    }

    /// Ends the lease's execution as the engine ends one whose result is over maxResultBytes:
    /// the `'result'` error, with the logs and stats the child reported (checked already). Its
    /// child is retired, so a session's realm is lost with it.
    fn end_refused(&self, done_event: &str, limit: usize) {
        lock(&self.link).closed = true;
        let mut event: serde_json::Value = serde_json::from_str(done_event).unwrap_or_default();
        if let Some(outcome) = event.get_mut("outcome").and_then(serde_json::Value::as_object_mut) {
            outcome.retain(|field, _| matches!(field.as_str(), "logs" | "stats"));
            let error = unsendable_result(&ConversionError::TooLarge { limit });
            let failed = Outcome::failed(error, true);
            if let serde_json::Value::Object(failed) = serde_json::to_value(&failed).unwrap_or_default() {
                for (field, value) in failed {
                    outcome.entry(field).or_insert(value);
                }
            }
        }
        (self.sink)(json_text(&event), Vec::new());
    }

    /// Checks an event against the lease: Err(why) when it breaks the protocol.
    fn check(&self, frame: &Frame) -> Result<Checked, String> {
        let broke = |why: String| Err(why);
        let event: EventHead = match serde_json::from_str(&frame.text) {
            Ok(event) => event,
            Err(err) => return broke(format!("an event is not valid: {err}")),
        };
        let mut checks = lock(&self.checks);
        if event.execution != checks.execution {
            return broke(format!("an event names execution {} while execution {} runs", event.execution, checks.execution));
        }
        match (event.kind.as_str(), event.entry, event.call, event.outcome) {
            ("log", Some(entry), None, None) => {
                if frame.buffers.is_empty() && frame.text.len() <= checks.max_log_frame_bytes() {
                    checks.count_log(&entry.text)?;
                    return Ok(Checked::Event);
                }
                broke("a log event is larger than maxLogBytes allows".into())
            }
            ("call", None, Some(call), None) => {
                if !self.binding_paths.contains(&call.path) {
                    return broke(format!("it called {:?}, which is not one of the run's bindings", call.path));
                }
                if checks.last_call.is_some_and(|last| call.id <= last) {
                    return broke(format!("it reused call id {}", call.id));
                }
                if call.bytes.len() != frame.buffers.len() {
                    return broke("a call's buffers do not match its bytes table".into());
                }
                let mut sizes: Vec<usize> = call.args.iter().map(|ResultSize(size)| *size).collect();
                for (binary, buffer) in call.bytes.iter().zip(&frame.buffers) {
                    let argument = binary.at.first().and_then(serde_json::Value::as_u64).and_then(|index| sizes.get_mut(index as usize));
                    let Some(size) = argument else { return broke("a call's buffer belongs to none of its arguments".into()) };
                    *size = size.saturating_add(buffer.len());
                }
                let limit = checks.limits.max_result_bytes;
                if let Some(index) = sizes.iter().position(|&size| size > limit) {
                    return broke(format!(
                        "argument {} of its call to {} is larger than maxResultBytes ({limit} bytes)",
                        index + 1,
                        call.path
                    ));
                }
                checks.last_call = Some(call.id);
                Ok(Checked::Event)
            }
            ("done", None, None, Some(outcome)) => {
                if outcome.bytes.len() != frame.buffers.len() {
                    return broke("a result's buffers do not match its bytes table".into());
                }
                let mut logs = Checks { log_bytes: 0, marked: false, ..*checks };
                for entry in &outcome.logs {
                    logs.count_log(&entry.text)?;
                }
                checks.last_call = None;
                checks.deadline = None;
                let size = outcome.value.map_or(0, |ResultSize(size)| size);
                let size = frame.buffers.iter().fold(size, |size, buffer| size.saturating_add(buffer.len()));
                if size > checks.limits.max_result_bytes {
                    return Ok(Checked::ResultTooLarge(checks.limits.max_result_bytes));
                }
                Ok(Checked::Done)
            }
            (kind, ..) => broke(format!("it sent an event of kind {kind:?} with the wrong fields")),
        }
    }
}

impl Checks {
    fn start_clock(&mut self) {
        self.deadline = Instant::now().checked_add(self.limits.wall).and_then(|end| end.checked_add(DEADLINE_GRACE));
    }

    fn stopped(&mut self) {
        let by = Instant::now() + DEADLINE_GRACE;
        self.deadline = Some(self.deadline.map_or(by, |deadline| deadline.min(by)));
    }

    /// The largest frame an event of this execution can be: a result and its logs, as JSON.
    fn max_frame_bytes(&self) -> usize {
        let data = self.limits.max_result_bytes.saturating_add(self.limits.max_log_bytes);
        data.saturating_mul(JSON_ESCAPE_FACTOR).saturating_add(FRAME_SLACK_BYTES).min(u32::MAX as usize)
    }

    fn max_log_frame_bytes(&self) -> usize {
        self.limits.max_log_bytes.saturating_mul(JSON_ESCAPE_FACTOR).saturating_add(4096)
    }

    /// Counts a log line against maxLogBytes; one truncation marker is the engine's own.
    fn count_log(&mut self, text: &str) -> Result<(), String> {
        if !self.marked && text.starts_with(TRUNCATION_MARKER) {
            self.marked = true;
            return Ok(());
        }
        self.log_bytes += text.len();
        if self.marked || self.log_bytes > self.limits.max_log_bytes {
            return Err(format!("it logged past maxLogBytes ({} bytes)", self.limits.max_log_bytes));
        }
        Ok(())
    }
}

/// A child's job allows this many times the memory budget, and at least the floor (program
/// threads' stacks, the engine's own tables and what the allocator keeps are not in the budget).
const JOB_MEMORY_BUDGETS: usize = 4;
const JOB_MEMORY_FLOOR_BYTES: usize = 4 << 30;

/// How long past its deadline a child may take to end its execution before it is killed: its
/// engine stops at the budget itself, so this is only slack for a slow machine.
const DEADLINE_GRACE: Duration = Duration::from_secs(5);

fn broke(why: &str) -> String {
    format!("broke the protocol ({why}) and was ended")
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
