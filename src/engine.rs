//! The registry of program threads: starts one thread per run or session, routes the host's
//! replies and stop requests to them, and on dispose stops them all and waits for them to exit.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};

use crate::bridge::Reply;
use crate::budget::{LimitOverrides, Limits, StopReason, StopRequest};
use crate::error::ProgramError;
use crate::program::{Execution, Inbound, Language, Program, Sink, Start, report_failure};

/// Stack of a program thread. Only touched pages cost memory. It is this large for the parsers:
/// swc's recurses once per level of an unbracketed chain (`!!!...!x`, `while (a) while (a) ...`)
/// without a bound of its own, before the nesting check can look at the tree, and a 1 MiB
/// program of such a chain took most of it (every shape measured fits). Running the program
/// uses at most [`PROGRAM_RUN_STACK_BYTES`] of it.
pub const PROGRAM_STACK_BYTES: usize = 512 * 1024 * 1024;

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
    pub binding_paths: Vec<String>,
    pub limits: LimitOverrides,
    pub sink: Sink,
}

/// Realms built ahead of time, each on its thread, waiting for a run. A realm is never reused:
/// it serves one run and its thread exits; the pool only moves realm set-up off the run's path.
const READY_REALMS: usize = 2;

#[derive(Default)]
struct LiveThreads {
    count: Mutex<usize>,
    exited: Condvar,
}

pub struct Engine {
    defaults: Limits,
    enforce_budgets: bool,
    handles: Mutex<HashMap<u32, Handle>>,
    ready: Mutex<Vec<(u32, Sender<Inbound>)>>,
    next_id: AtomicU32,
    live: Arc<LiveThreads>,
    disposed: AtomicBool,
}

impl Engine {
    pub fn new(defaults: Limits, enforce_budgets: bool) -> Arc<Self> {
        Arc::new(Self {
            defaults,
            enforce_budgets,
            handles: Mutex::default(),
            ready: Mutex::default(),
            next_id: AtomicU32::new(1),
            live: Arc::default(),
            disposed: AtomicBool::new(false),
        })
    }

    pub fn limits(&self, overrides: &LimitOverrides) -> Limits {
        self.defaults.with(overrides)
    }

    /// Starts a one-shot run in a ready realm (or a new one); its result reaches the sink as
    /// `Done` for execution 0.
    pub fn run(self: &Arc<Self>, source: String, language: Language, launch: Launch) -> Result<u32, EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let limits = self.limits(&launch.limits);
        let request = Arc::new(StopRequest::default());
        let execution = Execution { id: 0, source, language, limits, request: request.clone() };
        let start = Start { execution, binding_paths: launch.binding_paths, sink: launch.sink.clone() };
        let ready = self.ready.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let (id, inbox) = match ready {
            Some(ready) => ready,
            None => self.spawn_ready()?,
        };
        {
            let mut handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
            let handle = handles.get_mut(&id).ok_or(EngineError::Disposed)?;
            handle.request = request;
        }
        inbox.send(Inbound::Start(start)).map_err(|_| EngineError::Disposed)?;
        self.refill();
        Ok(id)
    }

    /// Tops the pool of ready realms back up.
    fn refill(self: &Arc<Self>) {
        while self.ready.lock().unwrap_or_else(|e| e.into_inner()).len() < READY_REALMS {
            let Ok(ready) = self.spawn_ready() else { return };
            self.ready.lock().unwrap_or_else(|e| e.into_inner()).push(ready);
        }
    }

    /// A thread that builds a realm now and runs the one program it is later given. A crash is
    /// reported to that program's sink: before it arrives there is nobody to tell.
    fn spawn_ready(self: &Arc<Self>) -> Result<(u32, Sender<Inbound>), EngineError> {
        let (limits, enforce_budgets) = (self.defaults, self.enforce_budgets);
        self.spawn(Arc::new(StopRequest::default()), Arc::new(|_| {}), move |inbox| {
            let mut program = Program::new(limits, Arc::new(StopRequest::default()), None, enforce_budgets);
            while let Ok(message) = inbox.recv() {
                let Inbound::Start(start) = message else {
                    if matches!(message, Inbound::Close) {
                        return;
                    }
                    continue;
                };
                let ran = catch_unwind(AssertUnwindSafe(|| {
                    let ready = match program.as_mut() {
                        Ok(program) => program.attach(&start.binding_paths, start.sink.clone()).map(|()| program),
                        Err(error) => Err(error.clone()),
                    };
                    match ready {
                        Ok(program) => {
                            program.execute(start.execution, &inbox);
                        }
                        Err(error) => report_failure(&start.sink, 0, error),
                    }
                }));
                if ran.is_err() {
                    report_failure(&start.sink, 0, ProgramError::crashed());
                }
                return;
            }
        })
    }

    /// Starts a session thread holding one realm; programs come later through [`Self::execute`].
    pub fn open_session(self: &Arc<Self>, frame: Option<serde_json::Value>, launch: Launch) -> Result<u32, EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let limits = self.limits(&launch.limits);
        let request = Arc::new(StopRequest::default());
        let realm_request = request.clone();
        let enforce_budgets = self.enforce_budgets;
        let sink = launch.sink.clone();
        let (id, _) = self.spawn(request, launch.sink, move |inbox| {
            let program = Program::new(limits, realm_request, Some(frame), enforce_budgets)
                .and_then(|mut program| program.attach(&launch.binding_paths, sink.clone()).map(|()| program));
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
                    Inbound::Reply { .. } | Inbound::Start(_) | Inbound::Wake => {}
                }
            }
        })?;
        Ok(id)
    }

    /// Starts the session's next program; its events carry `execution`.
    pub fn execute(&self, session: u32, execution: u32, source: String, language: Language, overrides: &LimitOverrides) -> Result<(), EngineError> {
        let request = Arc::new(StopRequest::default());
        let limits = self.limits(overrides);
        let mut handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
        let handle = handles.get_mut(&session).ok_or(EngineError::NoSession(session))?;
        handle.request = request.clone();
        handle
            .inbox
            .send(Inbound::Execute(Execution { id: execution, source, language, limits, request }))
            .map_err(|_| EngineError::NoSession(session))
    }

    pub fn stage(&self, session: u32, name: String, bytes: Vec<u8>) -> Result<(), EngineError> {
        self.send(session, Inbound::Stage { name, bytes }).then_some(()).ok_or(EngineError::NoSession(session))
    }

    /// Delivers the host's reply to call `call_id` of `id`. False when that run has ended.
    pub fn reply(&self, id: u32, call_id: u32, reply: Reply) -> bool {
        self.send(id, Inbound::Reply { call_id, reply })
    }

    /// Stops what `id` runs now (a run, or a session's current program).
    pub fn stop(&self, id: u32, reason: StopReason) {
        let handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(handle) = handles.get(&id) {
            handle.request.request(reason);
            let _ = handle.inbox.send(Inbound::Wake);
        }
    }

    /// Ends a session: its current program stops and its thread exits.
    pub fn close(&self, session: u32) {
        self.stop(session, StopReason::Disposed);
        self.send(session, Inbound::Close);
    }

    /// Stops every thread and waits until all have exited. Idempotent.
    pub fn dispose(&self) {
        self.disposed.store(true, Ordering::Release);
        {
            let handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
            for handle in handles.values() {
                handle.request.request(StopReason::Disposed);
                let _ = handle.inbox.send(Inbound::Wake);
                let _ = handle.inbox.send(Inbound::Close);
            }
        }
        for (_, inbox) in self.ready.lock().unwrap_or_else(|e| e.into_inner()).drain(..) {
            let _ = inbox.send(Inbound::Close);
        }
        let mut count = self.live.count.lock().unwrap_or_else(|e| e.into_inner());
        while *count > 0 {
            count = self.live.exited.wait(count).unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Threads running a program or session (the ready realms waiting for one are not counted).
    pub fn live_threads(&self) -> usize {
        let ready = self.ready.lock().unwrap_or_else(|e| e.into_inner()).len();
        self.live.count.lock().unwrap_or_else(|e| e.into_inner()).saturating_sub(ready)
    }

    fn send(&self, id: u32, message: Inbound) -> bool {
        let handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
        handles.get(&id).is_some_and(|handle| handle.inbox.send(message).is_ok())
    }

    /// Starts a registered program thread. `sink` hears of a crash in `body`.
    fn spawn(
        self: &Arc<Self>,
        request: Arc<StopRequest>,
        sink: Sink,
        body: impl FnOnce(Receiver<Inbound>) + Send + 'static,
    ) -> Result<(u32, Sender<Inbound>), EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (inbox, receiver) = channel();
        self.handles.lock().unwrap_or_else(|e| e.into_inner()).insert(id, Handle { inbox: inbox.clone(), request });
        *self.live.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        let exit = ThreadExit { engine: self.clone(), id };
        let spawned = std::thread::Builder::new()
            .name(format!("code-runtime-{id}"))
            .stack_size(PROGRAM_STACK_BYTES)
            .spawn(move || {
                let _exit = exit;
                // An engine bug must not leave the host waiting forever: report it as the result.
                if catch_unwind(AssertUnwindSafe(|| body(receiver))).is_err() {
                    report_failure(&sink, 0, ProgramError::crashed());
                }
            });
        spawned.map(|_| (id, inbox)).map_err(|err| EngineError::Spawn(err.to_string()))
    }
}

/// Unregisters a program thread however it ends.
struct ThreadExit {
    engine: Arc<Engine>,
    id: u32,
}

impl Drop for ThreadExit {
    fn drop(&mut self) {
        self.engine.handles.lock().unwrap_or_else(|e| e.into_inner()).remove(&self.id);
        let mut count = self.engine.live.count.lock().unwrap_or_else(|e| e.into_inner());
        *count -= 1;
        self.engine.live.exited.notify_all();
    }
}
