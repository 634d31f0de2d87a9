//! The registry of program threads: starts one thread per run or session, routes the host's
//! replies and stop requests to them, and on dispose stops them all and waits for them to exit.

use std::collections::HashMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Condvar, Mutex};

use crate::bridge::Reply;
use crate::budget::{LimitOverrides, Limits, StopReason, StopRequest};
use crate::error::{ErrorKind, ProgramError};
use crate::program::{Execution, Inbound, Language, Program, Sink, report_failure};

/// Stack of a program thread. Boa's parser, compiler and native re-entries recurse on it; the
/// nesting and recursion limits keep programs well inside it. Only touched pages cost memory.
const PROGRAM_STACK_BYTES: usize = 256 * 1024 * 1024;

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

/// What a new program thread needs.
pub struct Launch {
    pub binding_paths: Vec<String>,
    pub limits: LimitOverrides,
    pub checkpoints: bool,
    pub sink: Sink,
}

#[derive(Default)]
struct LiveThreads {
    count: Mutex<usize>,
    exited: Condvar,
}

pub struct Engine {
    defaults: Limits,
    handles: Mutex<HashMap<u32, Handle>>,
    next_id: AtomicU32,
    live: Arc<LiveThreads>,
    disposed: AtomicBool,
}

impl Engine {
    pub fn new(defaults: Limits) -> Arc<Self> {
        Arc::new(Self {
            defaults,
            handles: Mutex::default(),
            next_id: AtomicU32::new(1),
            live: Arc::default(),
            disposed: AtomicBool::new(false),
        })
    }

    pub fn limits(&self, overrides: &LimitOverrides) -> Limits {
        self.defaults.with(overrides)
    }

    /// Starts a one-shot run; its result reaches the sink as `Done` for execution 0.
    pub fn run(self: &Arc<Self>, source: String, language: Language, launch: Launch) -> Result<u32, EngineError> {
        let limits = self.limits(&launch.limits);
        let request = Arc::new(StopRequest::default());
        let execution = Execution { id: 0, source, language, limits, request: request.clone() };
        self.spawn(request, launch.sink.clone(), move |inbox, sink| {
            match Program::new(limits, execution.request.clone(), &launch.binding_paths, None, launch.checkpoints, sink.clone()) {
                Ok(mut program) => {
                    program.execute(execution, &inbox, &sink);
                }
                Err(error) => report_failure(&sink, 0, error),
            }
        })
    }

    /// Starts a session thread holding one realm; programs come later through [`Self::execute`].
    pub fn open_session(self: &Arc<Self>, frame: Option<serde_json::Value>, launch: Launch) -> Result<u32, EngineError> {
        let limits = self.limits(&launch.limits);
        let request = Arc::new(StopRequest::default());
        let realm_request = request.clone();
        self.spawn(request, launch.sink.clone(), move |inbox, sink| {
            let mut program = match Program::new(limits, realm_request, &launch.binding_paths, Some(frame), launch.checkpoints, sink.clone()) {
                Ok(program) => program,
                Err(error) => return report_failure(&sink, 0, error),
            };
            while let Ok(message) = inbox.recv() {
                match message {
                    Inbound::Execute(execution) => {
                        if !program.execute(execution, &inbox, &sink) {
                            return;
                        }
                    }
                    Inbound::Stage { name, bytes } => program.stage(name, bytes),
                    Inbound::Close => return,
                    Inbound::Reply { .. } | Inbound::Wake => {}
                }
            }
        })
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
        let mut count = self.live.count.lock().unwrap_or_else(|e| e.into_inner());
        while *count > 0 {
            count = self.live.exited.wait(count).unwrap_or_else(|e| e.into_inner());
        }
    }

    pub fn live_threads(&self) -> usize {
        *self.live.count.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn send(&self, id: u32, message: Inbound) -> bool {
        let handles = self.handles.lock().unwrap_or_else(|e| e.into_inner());
        handles.get(&id).is_some_and(|handle| handle.inbox.send(message).is_ok())
    }

    fn spawn(
        self: &Arc<Self>,
        request: Arc<StopRequest>,
        sink: Sink,
        body: impl FnOnce(Receiver<Inbound>, Sink) + Send + 'static,
    ) -> Result<u32, EngineError> {
        if self.disposed.load(Ordering::Acquire) {
            return Err(EngineError::Disposed);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (inbox, receiver) = channel();
        self.handles.lock().unwrap_or_else(|e| e.into_inner()).insert(id, Handle { inbox, request });
        *self.live.count.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        let exit = ThreadExit { engine: self.clone(), id };
        let spawned = std::thread::Builder::new()
            .name(format!("code-runtime-{id}"))
            .stack_size(PROGRAM_STACK_BYTES)
            .spawn(move || {
                let _exit = exit;
                // An engine bug must not leave the host waiting forever: report it as the result.
                if catch_unwind(AssertUnwindSafe(|| body(receiver, sink.clone()))).is_err() {
                    let error = ProgramError::new(ErrorKind::Runtime, "InternalError", "the engine failed while running the program; the run was abandoned");
                    report_failure(&sink, 0, error);
                }
            });
        spawned.map(|_| id).map_err(|err| EngineError::Spawn(err.to_string()))
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
