//! The program threads: a pool of workers for one-shot runs and a thread per session, and the
//! routing of the host's replies and stop requests to them. A worker builds a fresh realm before
//! it takes a run and drops it after reporting the result, so every run still gets a realm no
//! other program has seen, while the thread, its touched stack and the realm's build are off the
//! run's path. Threads are spawned by one spawner thread, never on Node's thread. Dispose stops
//! them all and waits for them to exit.

use std::collections::{HashMap, VecDeque};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Duration;

use crate::error::ProgramError;
use crate::realm::bridge::Reply;
use crate::realm::surface::Surface;
use crate::run::budget::{LimitOverrides, Limits, StopReason, StopRequest};
use crate::run::compute_slots::{self, ComputeSlots};
use crate::run::memory::{self, HeapBytes};
use crate::run::program::{Execution, Inbound, Inbox, Language, Program, RealmKind, Sink, Start, report_failure};

/// Stack of a program thread. Only touched pages cost memory. It is this large for the parsers:
/// swc's recurses once per level of an unbracketed chain (`!!!...!x`, `while (a) while (a) ...`)
/// without a bound of its own, before the nesting check can look at the tree, and a 1 MiB
/// program of such a chain took most of it (every shape measured fits). Running the program
/// uses at most [`PROGRAM_RUN_STACK_BYTES`] of it.
pub const PROGRAM_STACK_BYTES: usize = 512 * 1024 * 1024;

/// Stack a ready worker touches once when it starts, so the parser's first deep recursion does
/// not pay for page faults (they cost a cold run tens of microseconds). Only the
/// [`READY_WORKERS`] do: a worker a burst spawns would hold these pages for as long as its run
/// waits on a binding, more than half of what such a run held (0.30 of 0.79 MB measured).
const PREFAULTED_STACK_BYTES: usize = 256 * 1024;

/// Workers kept waiting with a realm built when nothing runs; a burst spawns more, and each of
/// those exits once it has waited `IDLE_EXIT` with no run to take.
const READY_WORKERS: usize = 2;
const IDLE_EXIT: Duration = Duration::from_secs(2);

/// Stack the engine may use while it runs a program; past it, whatever recurses throws a
/// catchable RangeError. A program that recurses until then touches all of it, outside the
/// memory budget, so it is a few times the worst legitimate use measured, `MAX_CALL_DEPTH`
/// frames that each re-enter the engine through a built-in (`[n].map(() => f(n + 1))`, getters
/// calling themselves, `toJSON` calling `JSON.stringify`): about 12 MiB.
pub const PROGRAM_RUN_STACK_BYTES: usize = 64 * 1024 * 1024;

#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("the runtime is disposed; create a new one with createCodeRuntime()")]
    Disposed,
    #[error("no session {0}: it was stopped or never existed")]
    NoSession(u32),
    #[error("the program thread could not be started: {0}")]
    Spawn(String),
}

struct Handle {
    inbox: Sender<Inbound>,
    /// The stop request of what runs now (for a session, its current execution).
    request: Arc<StopRequest>,
}

/// What a run or session needs from the host.
pub struct Launch {
    pub surface: Surface,
    /// Modules the program may `import()`, by specifier: their source text.
    pub modules: HashMap<String, String>,
    pub limits: LimitOverrides,
    /// Makes the sink of the run or session from the id it is given.
    pub sink: Box<dyn FnOnce(u32) -> Sink>,
}

/// A one-shot run waiting for a worker.
struct Job {
    id: u32,
    start: Start,
    inbox: Inbox,
}

#[derive(Default)]
struct Queue {
    jobs: VecDeque<Job>,
    /// Workers not running a job: starting, building a realm, or waiting.
    idle: usize,
}

#[derive(Default)]
struct LiveThreads {
    count: Mutex<usize>,
    exited: Condvar,
}

pub struct Engine {
    defaults: Limits,
    enforce_budgets: bool,
    handles: Mutex<HashMap<u32, Handle>>,
    queue: Mutex<Queue>,
    work: Condvar,
    next_id: AtomicU32,
    live: Arc<LiveThreads>,
    /// Runs being executed and sessions open: what `live_threads` reports.
    busy: AtomicUsize,
    /// Workers alive, and how many there may be (the host's concurrency: more could not be busy).
    workers: AtomicUsize,
    max_workers: usize,
    /// How many of the threads compute at once.
    slots: Arc<ComputeSlots>,
    disposed: AtomicBool,
}

impl Engine {
    pub fn new(defaults: Limits, enforce_budgets: bool, max_workers: usize) -> Arc<Self> {
        let engine = Arc::new(Self {
            defaults,
            enforce_budgets,
            handles: Mutex::default(),
            queue: Mutex::default(),
            work: Condvar::new(),
            next_id: AtomicU32::new(1),
            live: Arc::default(),
            busy: AtomicUsize::new(0),
            workers: AtomicUsize::new(0),
            max_workers: max_workers.max(1),
            slots: ComputeSlots::for_machine(max_workers.max(1)),
            disposed: AtomicBool::new(false),
        });
        for _ in 0..READY_WORKERS.min(engine.max_workers) {
            engine.spawn_worker(Prefault::Stack);
        }
        engine
    }

    pub fn limits(&self, overrides: &LimitOverrides) -> Limits {
        self.defaults.with(overrides)
    }

    /// Queues a one-shot run for a worker; its result reaches the sink as `Done` for execution 0.
    /// With a `tape`, the run resumes a paused program by replaying it.
    pub fn run(self: &Arc<Self>, source: String, language: Language, tape: Option<String>, launch: Launch) -> Result<u32, EngineError> {
        let limits = self.limits(&launch.limits);
        let (id, inbox, request) = self.register()?;
        let execution = Execution { id: 0, source, language, limits, request, tape };
        let start = Start { execution, surface: launch.surface, modules: launch.modules, sink: (launch.sink)(id) };
        let short_of_workers = {
            let mut queue = lock(&self.queue);
            queue.jobs.push_back(Job { id, start, inbox });
            queue.jobs.len() > queue.idle
        };
        self.work.notify_one();
        if short_of_workers && self.workers.load(Ordering::Acquire) < self.max_workers {
            self.spawn_worker(Prefault::Nothing);
        }
        Ok(id)
    }

    /// Starts a session thread holding one realm; programs come later through [`Self::execute`].
    pub fn open_session(self: &Arc<Self>, frame: Option<serde_json::Value>, launch: Launch) -> Result<u32, EngineError> {
        let limits = self.limits(&launch.limits);
        let (id, inbox, request) = self.register()?;
        let Launch { surface, modules, sink, .. } = launch;
        let sink = sink(id);
        let enforce_budgets = self.enforce_budgets;
        self.busy.fetch_add(1, Ordering::AcqRel);
        // Moved into the thread's body, so it ends the registration even if no thread starts.
        let session = Finished { engine: self.clone(), id };
        let failure_sink = sink.clone();
        let on_spawn_failure = move |error: EngineError| report_failure(&failure_sink, 0, spawn_error(&error));
        self.spawn(sink.clone(), on_spawn_failure, move || {
            let _session = session;
            let program = Program::new(limits, request, RealmKind::Session { frame }, enforce_budgets)
                .map(Box::new)
                .and_then(|mut program| program.attach(&surface, &modules, sink.clone()).map(|()| program));
            let mut program = match program {
                Ok(program) => program,
                Err(error) => return report_failure(&sink, 0, error),
            };
            while let Ok(message) = inbox.recv() {
                match message {
                    Inbound::Execute(execution) => {
                        if !program.execute(execution, &inbox) {
                            return;
                        }
                    }
                    Inbound::Stage { name, bytes } => program.stage(name, bytes),
                    Inbound::Close => return,
                    Inbound::Reply { .. } | Inbound::Pause { .. } | Inbound::Wake => {}
                }
            }
        });
        Ok(id)
    }

    /// Starts the session's next program; its events carry `execution`.
    pub fn execute(
        &self,
        session: u32,
        execution: u32,
        source: String,
        language: Language,
        overrides: &LimitOverrides,
    ) -> Result<(), EngineError> {
        let request = Arc::new(StopRequest::default());
        let limits = self.limits(overrides);
        let mut handles = lock(&self.handles);
        let handle = handles.get_mut(&session).ok_or(EngineError::NoSession(session))?;
        handle.request = request.clone();
        handle
            .inbox
            .send(Inbound::Execute(Execution { id: execution, source, language, limits, request, tape: None }))
            .map_err(|_| EngineError::NoSession(session))
    }

    pub fn stage(&self, session: u32, name: String, bytes: Vec<u8>) -> Result<(), EngineError> {
        self.send(session, Inbound::Stage { name, bytes }).then_some(()).ok_or(EngineError::NoSession(session))
    }

    /// Delivers the host's reply to call `call_id` of `id`. False when that run has ended.
    pub fn reply(&self, id: u32, call_id: u32, reply: Reply) -> bool {
        self.send(id, Inbound::Reply { call_id, reply })
    }

    /// Tells run `id` that call `call_id`'s binding paused it. False when that run has ended.
    pub fn pause(&self, id: u32, call_id: u32) -> bool {
        self.send(id, Inbound::Pause { call_id })
    }

    /// Stops what `id` runs now (a run, queued or running, or a session's current program).
    pub fn stop(&self, id: u32, reason: StopReason) {
        let handles = lock(&self.handles);
        if let Some(handle) = handles.get(&id) {
            handle.request.request(reason);
            let _ = handle.inbox.send(Inbound::Wake);
            // It may be waiting for a compute slot rather than for a message.
            self.slots.wake_all();
        }
    }

    /// Ends a session: its current program stops and its thread exits.
    pub fn close(&self, session: u32) {
        self.stop(session, StopReason::Disposed);
        self.send(session, Inbound::Close);
    }

    /// Stops every thread and waits until all have exited. Idempotent.
    pub fn dispose(&self) {
        self.shut_down();
        let mut count = lock(&self.live.count);
        while *count > 0 {
            count = self.live.exited.wait(count).unwrap_or_else(PoisonError::into_inner);
        }
    }

    /// Tells every thread to stop and exit, without waiting for them. Idempotent.
    pub fn shut_down(&self) {
        self.disposed.store(true, Ordering::Release);
        for handle in lock(&self.handles).values() {
            handle.request.request(StopReason::Disposed);
            let _ = handle.inbox.send(Inbound::Wake);
            let _ = handle.inbox.send(Inbound::Close);
        }
        self.slots.wake_all();
        // Queued runs end as disposed without a realm; idle workers wake up to exit.
        let queued: Vec<Job> = lock(&self.queue).jobs.drain(..).collect();
        for job in queued {
            lock(&self.handles).remove(&job.id);
            report_failure(&job.start.sink, 0, StopReason::Disposed.to_error(&job.start.execution.limits));
        }
        self.work.notify_all();
    }

    /// Runs being executed and sessions open (workers waiting for a run are not counted).
    pub fn live_threads(&self) -> usize {
        self.busy.load(Ordering::Acquire)
    }

    /// The most program threads that computed at once so far.
    pub fn computing_peak(&self) -> usize {
        self.slots.peak()
    }

    fn send(&self, id: u32, message: Inbound) -> bool {
        let handles = lock(&self.handles);
        handles.get(&id).is_some_and(|handle| handle.inbox.send(message).is_ok())
    }

    /// A new id, with the channel and stop request the host reaches it through.
    fn register(&self) -> Result<(u32, Inbox, Arc<StopRequest>), EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (inbox, receiver) = channel();
        let request = Arc::new(StopRequest::default());
        lock(&self.handles).insert(id, Handle { inbox, request: request.clone() });
        Ok((id, Inbox::new(receiver), request))
    }

    /// The next run for an idle worker whose realm is built, or None when the worker should exit:
    /// the runtime is disposed, or it waited `IDLE_EXIT` while enough others were idle too.
    fn next_job(&self, worker: &mut Worker) -> Option<Job> {
        let mut queue = lock(&self.queue);
        let job = loop {
            if self.disposed.load(Ordering::Acquire) {
                break None;
            }
            if let Some(job) = queue.jobs.pop_front() {
                break Some(job);
            }
            let (guard, waited) = self.work.wait_timeout(queue, IDLE_EXIT).unwrap_or_else(PoisonError::into_inner);
            queue = guard;
            if waited.timed_out() && queue.jobs.is_empty() && queue.idle > READY_WORKERS {
                break None;
            }
        };
        queue.idle -= 1;
        worker.idle = false;
        job
    }

    /// Runs one job in `program`, reporting whatever happens to the job's sink. The worker counts
    /// as idle again as soon as the result is out, so the next run waits for its realm rather
    /// than spawning another worker.
    fn run_job(&self, worker: &mut Worker, program: Result<Box<Program>, ProgramError>, job: Job) {
        self.busy.fetch_add(1, Ordering::AcqRel);
        let Job { id, start, inbox } = job;
        // Built on Node's thread, freed on this one: the program's from now on.
        let module_bytes: usize = start.modules.iter().map(|(specifier, text)| specifier.heap_bytes() + text.heap_bytes()).sum();
        memory::take_over(start.execution.heap_bytes() + start.surface.heap_bytes() + module_bytes);
        let ran = catch_unwind(AssertUnwindSafe(|| {
            let ready =
                program.and_then(|mut program| program.attach(&start.surface, &start.modules, start.sink.clone()).map(|()| program));
            match ready {
                Ok(mut program) => {
                    program.execute(start.execution, &inbox);
                    Some(program)
                }
                Err(error) => {
                    report_failure(&start.sink, 0, error);
                    None
                }
            }
        }));
        lock(&self.handles).remove(&id);
        self.busy.fetch_sub(1, Ordering::AcqRel);
        lock(&self.queue).idle += 1;
        worker.idle = true;
        match ran {
            // The realm is torn down after its result was sent, off the run's path.
            Ok(program) => drop(program),
            Err(panic) => {
                drop(panic);
                report_failure(&start.sink, 0, ProgramError::crashed());
            }
        }
        // Dropping a realm leaves its objects to this thread's heap: drop them all now, so
        // nothing of this run (its host callback among them) outlives it or is counted against
        // the next run's memory. All of the heap is garbage, so nothing needs tracing first.
        // SAFETY: the run's `Program` (its `Context` and every value the run took out of it) is
        // dropped above, and this thread holds no other realm: the next is built after this.
        unsafe { boa_gc::drop_heap() };
        release_run_memory();
    }

    /// A worker: builds a realm, takes a run, runs it, drops the realm, and again.
    fn spawn_worker(self: &Arc<Self>, prefault: Prefault) {
        lock(&self.queue).idle += 1;
        self.workers.fetch_add(1, Ordering::AcqRel);
        let engine = self.clone();
        let pool = self.clone();
        self.spawn(
            Arc::new(|_| {}),
            move |error| pool.spawn_failed(&error),
            move || {
                let mut worker = Worker { engine: engine.clone(), idle: true };
                if prefault == Prefault::Stack {
                    prefault_stack();
                }
                loop {
                    // Boxed: by value, the realm's `Context` took copies in the frames the run
                    // passes it through (this thread's outermost frame was 8.5 KiB, 3.6 KiB boxed),
                    // and a run waiting on a tool keeps those pages: a waiting run holds 5 stack
                    // pages instead of 6.
                    let program =
                        Program::new(engine.defaults, Arc::new(StopRequest::default()), RealmKind::OneShot, engine.enforce_budgets)
                            .map(Box::new);
                    let Some(job) = engine.next_job(&mut worker) else { return };
                    engine.run_job(&mut worker, program, job);
                }
            },
        );
    }

    /// Starts a program thread through the spawner. `sink` hears of a crash in `body`;
    /// `on_spawn_failure` runs when no thread could be started.
    fn spawn(&self, sink: Sink, on_spawn_failure: impl FnOnce(EngineError) + Send + 'static, body: impl FnOnce() + Send + 'static) {
        *lock(&self.live.count) += 1;
        let exit = ThreadExit { live: self.live.clone() };
        let slots = self.slots.clone();
        spawn_off_node_thread(Box::new(move || {
            let spawned = std::thread::Builder::new().stack_size(PROGRAM_STACK_BYTES).spawn(move || {
                let _exit = exit;
                yield_to_host_thread();
                compute_slots::join(slots);
                // An engine bug must not leave the host waiting forever: report it as the result.
                if catch_unwind(AssertUnwindSafe(body)).is_err() {
                    report_failure(&sink, 0, ProgramError::crashed());
                }
            });
            if let Err(err) = spawned {
                on_spawn_failure(EngineError::Spawn(err.to_string()));
            }
        }));
    }

    /// No thread could be started: the newest queued run fails with why, instead of waiting for
    /// a worker that will not come.
    fn spawn_failed(&self, error: &EngineError) {
        self.workers.fetch_sub(1, Ordering::AcqRel);
        let job = {
            let mut queue = lock(&self.queue);
            queue.idle = queue.idle.saturating_sub(1);
            queue.jobs.pop_back()
        };
        if let Some(job) = job {
            lock(&self.handles).remove(&job.id);
            report_failure(&job.start.sink, 0, spawn_error(error));
        }
    }
}

fn spawn_error(error: &EngineError) -> ProgramError {
    ProgramError::new(crate::error::ErrorKind::Runtime, "Error", error.to_string())
}

type SpawnTask = Box<dyn FnOnce() + Send>;

/// Hands `task` (which spawns a thread) to the process's spawner thread, started on first use.
/// Spawning takes a few hundred microseconds; Node's thread never waits for it.
fn spawn_off_node_thread(task: SpawnTask) {
    static SPAWNER: OnceLock<Mutex<Sender<SpawnTask>>> = OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (sender, tasks) = channel::<SpawnTask>();
        std::thread::Builder::new()
            .name("code-runtime-spawner".into())
            .spawn(move || tasks.into_iter().for_each(|task| task()))
            .expect("the spawner thread starts");
        Mutex::new(sender)
    });
    let _ = lock(spawner).send(task);
}

/// Whether a new worker touches its stack before its first run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Prefault {
    Stack,
    Nothing,
}

/// How far below the host's threads (nice 0, usually) program threads are scheduled. Programs that
/// compute at once outnumber the cores (up to `maxConcurrency`); at the same priority Node's
/// thread waited its turn among them, and its event loop stalled for tens of milliseconds
/// (bench (k): event-loop delay p99 195-260 ms at nice 0, 21-38 ms at nice 10 or 19, on a
/// machine loaded by other processes; SCHED_BATCH as well made it no better). Niced, they take
/// the CPU the host leaves. Not lower: against other processes on a shared machine a program
/// thread still gets a ninth of a nice-0 thread's share, so wall budgets hold. Compute budgets
/// count the thread's CPU time and are unchanged.
#[cfg(target_os = "linux")]
const PROGRAM_THREAD_NICE: libc::c_int = 10;

/// Lowers the calling thread's priority [`PROGRAM_THREAD_NICE`] below the one it inherited
/// from the host (on Linux the nice value is per thread), at most to 19. Lowering one's own
/// priority needs no privilege.
#[cfg(target_os = "linux")]
fn yield_to_host_thread() {
    // SAFETY: reads and sets the calling thread's own nice value; no memory is involved.
    unsafe {
        let inherited = libc::getpriority(libc::PRIO_PROCESS, 0);
        libc::setpriority(libc::PRIO_PROCESS, 0, (inherited + PROGRAM_THREAD_NICE).min(19));
    }
}

/// Elsewhere program threads keep the host's priority.
#[cfg(not(target_os = "linux"))]
fn yield_to_host_thread() {}

/// Touches the first pages of the calling thread's stack. Never inlined: inlined, its array
/// stayed in the worker's own frame, so every worker held those pages and each run's frames
/// started below them (a run waiting on a binding held 304 KiB of stack instead of 56 KiB).
#[inline(never)]
fn prefault_stack() {
    let pages = [0u8; PREFAULTED_STACK_BYTES];
    std::hint::black_box(&pages);
}

/// Freed bytes past which a run's memory is given back to the OS when it ends.
const RELEASE_AFTER_BYTES: isize = 16 << 20;

/// Gives the OS back what the run that just ended touched and no longer holds: the heap it freed
/// (mimalloc would keep it for the next allocations, for good in an idle worker) and the stack
/// below this point, which a deep recursion or a deep parse touched (up to hundreds of MiB) and
/// which otherwise stays resident as long as the worker lives.
fn release_run_memory() {
    if memory::thread_peak_bytes() - memory::thread_live_bytes() > RELEASE_AFTER_BYTES {
        memory::release_freed();
    }
    // Keep what the worker prefaulted, plus the frames below this one.
    release_stack_below(PREFAULTED_STACK_BYTES + 64 * 1024);
}

/// Gives the OS back the calling thread's touched stack more than `keep_bytes` below this frame.
#[cfg(unix)]
pub fn release_stack_below(keep_bytes: usize) {
    let here = crate::run::budget::stack_position();
    let Some(remaining) = stacker::remaining_stack() else { return };
    let page = 4096;
    let keep_from = (here.saturating_sub(keep_bytes)) / page * page;
    let end = (here - remaining.min(here)).next_multiple_of(page);
    if keep_from <= end {
        return;
    }
    // A stack is touched page after page downwards (large frames probe each page), so when the
    // page just below what is kept was never touched, nothing below it was either: most runs
    // then skip the madvise, whose page-table walk over the whole stack and TLB shootdown cost
    // a cold run about as much as the run itself.
    let probe = keep_from - page;
    let mut resident = 0u8;
    // SAFETY: one page of this thread's own stack mapping, one status byte written.
    let touched =
        unsafe { libc::mincore(probe as *mut libc::c_void, page, std::ptr::addr_of_mut!(resident).cast()) } == 0 && resident & 1 == 1;
    if touched {
        // SAFETY: the range lies in this thread's own stack, below every live frame (the frames
        // below this one are done), so no reference points into it; its pages read back as zero.
        unsafe { libc::madvise(end as *mut libc::c_void, keep_from - end, libc::MADV_DONTNEED) };
    }
}

/// Elsewhere a worker keeps the stack it touched until it exits (`IDLE_EXIT` after its last run).
#[cfg(not(unix))]
pub fn release_stack_below(_keep_bytes: usize) {}

/// A worker thread's place in the pool. A worker that ends while idle (it exits, or crashed
/// building a realm) gives up its place, and runs it was counted on for get a new worker.
struct Worker {
    engine: Arc<Engine>,
    idle: bool,
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.engine.workers.fetch_sub(1, Ordering::AcqRel);
        if !self.idle {
            return;
        }
        let short_of_workers = {
            let mut queue = lock(&self.engine.queue);
            queue.idle -= 1;
            queue.jobs.len() > queue.idle
        };
        if short_of_workers && !self.engine.disposed.load(Ordering::Acquire) {
            self.engine.spawn_worker(Prefault::Nothing);
        }
    }
}

/// Ends a session's registration when its thread ends, however it ends.
struct Finished {
    engine: Arc<Engine>,
    id: u32,
}

impl Drop for Finished {
    fn drop(&mut self) {
        lock(&self.engine.handles).remove(&self.id);
        self.engine.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// Counts a program thread out however it ends.
struct ThreadExit {
    live: Arc<LiveThreads>,
}

impl Drop for ThreadExit {
    fn drop(&mut self) {
        *lock(&self.live.count) -= 1;
        self.live.exited.notify_all();
    }
}

/// Locks `mutex`, going on after a panic elsewhere: every structure here stays consistent
/// between its operations, so a poisoned lock still holds valid data.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
