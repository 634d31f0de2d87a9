//! The N-API surface, kept thin: argument shapes in, events out. `index.js` builds the public
//! API (`createCodeRuntime`) on top of it.

#![deny(clippy::all)]

mod engine;
mod error;
mod events;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
#[cfg(process_substrate)]
mod process;
mod realm;
mod run;
mod source;

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use boa_engine::object::builtins::AlignedVec;
use napi::bindgen_prelude::{AsyncTask, Buffer, FnArgs, Function, Uint8Array};
use napi::{Env, Error, Result, Status, Task};
use napi_derive::napi;

use crate::engine::{Engine, EngineError, Launch};
use crate::events::{EventQueue, Events};
use crate::realm::bridge::{HostBytes, HostError, Reply};
use crate::realm::convert::Bytes;
use crate::realm::surface::Surface;
use crate::run::budget::{LimitOverrides, Limits, StopReason};
use crate::run::program::{Language, Outcome, ProgramEvent, Sink, json_text};

#[global_allocator]
static ALLOCATOR: run::memory::CountingAllocator = run::memory::CountingAllocator;

/// The name of the staged-input manifest in a session's `process.env`.
#[napi]
pub const STAGED_INPUTS_ENV: &str = realm::STAGED_INPUTS_ENV;

/// A sink for the thread substrate: events serialized on the program's thread, then queued.
fn sink_for(queue: EventQueue, stream_logs: bool) -> Sink {
    Arc::new(move |mut event: ProgramEvent| {
        // With no one listening, a log line only needs to reach the outcome's `logs`: waking
        // Node's thread for it would cost a cross-thread hop per line.
        if !stream_logs && matches!(event, ProgramEvent::Log { .. }) {
            return;
        }
        let buffers = event.take_buffers().into_iter().map(Bytes::into_vec).collect();
        let json = json_text(&event);
        drop(event);
        queue.send(json, buffers);
    })
}

/// A sink for the process substrate: events as the child's frames carry them, queued.
#[cfg(process_substrate)]
fn raw_sink_for(queue: EventQueue) -> process::host::RawSink {
    Arc::new(move |json, buffers| queue.send(json, buffers))
}

fn engine_error(err: engine::EngineError) -> Error {
    Error::new(Status::GenericFailure, err.to_string())
}

/// A session's frame: JSON data, `null` included, that its programs see as `FRAME`.
#[napi(object)]
pub struct Frame {
    pub data: serde_json::Value,
}

/// Why the host stops a program.
#[napi(string_enum = "lowercase")]
pub enum HostStop {
    Aborted,
    Disposed,
}

impl From<HostStop> for StopReason {
    fn from(stop: HostStop) -> Self {
        match stop {
            HostStop::Aborted => Self::Aborted,
            HostStop::Disposed => Self::Disposed,
        }
    }
}

/// The outcome, as JSON text, of a run the host stopped before or outside its program, with the
/// stop's own message or `message` in its place.
#[napi(catch_unwind)]
pub fn stopped_outcome(reason: HostStop, message: Option<String>) -> String {
    let mut error = StopReason::from(reason).to_error(&Limits::default());
    if let Some(message) = message {
        error.message = message;
    }
    json_text(&Outcome::failed(error, false))
}

/// What runs the programs: threads of this process, or a pool of child processes.
#[derive(Clone)]
enum Substrate {
    Thread(Arc<Engine>),
    #[cfg(process_substrate)]
    Process(Arc<process::host::ProcessPool>),
}

/// The `process` substrate's pool (defaults in `lib/runtime.js`).
#[napi(object)]
pub struct ProcessPoolOptions {
    pub min_warm: u32,
    pub max_children: u32,
    pub runs_per_child: u32,
    /// The child executable to start instead of the one beside the addon.
    pub child_executable: Option<String>,
}

#[napi]
pub struct NativeRuntime {
    substrate: Substrate,
    /// Where every run's and session's events cross to Node; taken by `dispose`.
    events: RefCell<Option<Events>>,
}

#[napi]
impl NativeRuntime {
    /// `enforceBudgets: false` leaves running code without the engine interrupt that enforces
    /// budgets; it exists only so the benchmark can measure what enforcement costs.
    /// `maxWorkers` is the host's concurrency (unbounded when absent): no more one-shot runs can
    /// be running at once, so no more worker threads are started. With `pool`, programs run in
    /// child processes instead (the `process` substrate). `dispatch` is called with every event
    /// of every run and session, and their id (`src/events.rs`).
    #[napi(constructor, catch_unwind)]
    #[allow(clippy::type_complexity)] // `EventArgs` spelled out: the generated typings cannot name an alias
    pub fn new(
        dispatch: Function<FnArgs<(u32, Option<String>, Option<Vec<Uint8Array>>)>, ()>,
        defaults: Option<LimitOverrides>,
        enforce_budgets: Option<bool>,
        max_workers: Option<u32>,
        pool: Option<ProcessPoolOptions>,
    ) -> Result<Self> {
        // First: a runtime whose threads started and then failed here would leave them behind.
        let events = Events::new(&dispatch)?;
        let overrides = defaults.unwrap_or_default();
        let enforce_budgets = enforce_budgets.unwrap_or(true);
        let substrate = match pool {
            None => {
                let max_workers = max_workers.map_or(usize::MAX, |max| max as usize);
                Substrate::Thread(Engine::new(Limits::default().with(&overrides), enforce_budgets, max_workers))
            }
            Some(pool) => process_substrate(overrides, enforce_budgets, pool)?,
        };
        Ok(Self { substrate, events: RefCell::new(Some(events)) })
    }

    /// Starts a program on its own thread (or child); returns its id. `streamLogs`: whether `log`
    /// events are wanted (the host has a listener); the outcome carries every log line either
    /// way. `tape`: the JSON record of a paused run, which the program is replayed from
    /// (`lib/durable.js`).
    #[napi(catch_unwind)]
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        env: Env,
        source: String,
        language: Language,
        surface: Surface,
        limits: Option<LimitOverrides>,
        modules: Option<HashMap<String, String>>,
        stream_logs: bool,
        tape: Option<String>,
    ) -> Result<u32> {
        let (limits, modules) = (limits.unwrap_or_default(), modules.unwrap_or_default());
        let events = self.events()?;
        let queue = move |id| events.run_queue(&env, id);
        match &self.substrate {
            Substrate::Thread(engine) => {
                let launch = Launch { surface, modules, limits, sink: Box::new(move |id| sink_for(queue(id), stream_logs)) };
                engine.run(source, language, tape, launch)
            }
            #[cfg(process_substrate)]
            Substrate::Process(pool) => {
                pool.run(source, language, surface, limits, modules, stream_logs, tape, move |id| raw_sink_for(queue(id)))
            }
        }
        .map_err(engine_error)
    }

    /// Starts a session thread (or child) with its realm; returns its id.
    #[napi(catch_unwind)]
    pub fn open_session(&self, surface: Surface, limits: Option<LimitOverrides>, frame: Option<Frame>) -> Result<u32> {
        let (limits, frame) = (limits.unwrap_or_default(), frame.map(|frame| frame.data));
        let events = self.events()?;
        let queue = move |id| events.session_queue(id);
        match &self.substrate {
            Substrate::Thread(engine) => {
                let launch = Launch { surface, modules: HashMap::new(), limits, sink: Box::new(move |id| sink_for(queue(id), true)) };
                engine.open_session(frame, launch)
            }
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.open_session(surface, limits, frame, move |id| raw_sink_for(queue(id))),
        }
        .map_err(engine_error)
    }

    #[napi(catch_unwind)]
    pub fn execute(&self, session: u32, execution: u32, source: String, language: Language, limits: Option<LimitOverrides>) -> Result<()> {
        let limits = limits.unwrap_or_default();
        match &self.substrate {
            Substrate::Thread(engine) => engine.execute(session, execution, source, language, &limits),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.execute(session, execution, source, language, limits),
        }
        .map_err(engine_error)
    }

    #[napi(catch_unwind)]
    pub fn stage(&self, session: u32, name: String, data: Buffer) -> Result<()> {
        match &self.substrate {
            Substrate::Thread(engine) => engine.stage(session, name, data.to_vec()),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.stage(session, name, data.to_vec()),
        }
        .map_err(engine_error)
    }

    /// Answers call `call_id` of program `id` with a value as JSON text (none for `undefined`)
    /// and, when it holds binary data, where each buffer goes (`slotsJson`, a JSON list of
    /// `{ at, kind }`) and the buffers, copied here once. False when that program has ended.
    /// Positional arguments: reading an object's properties through N-API cost more than the
    /// rest of a round trip on Node's thread.
    #[napi(catch_unwind)]
    pub fn reply(
        &self,
        id: u32,
        call_id: u32,
        value_json: Option<String>,
        slots_json: Option<String>,
        buffers: Option<Vec<Uint8Array>>,
    ) -> bool {
        let buffers = buffers.unwrap_or_default();
        match &self.substrate {
            Substrate::Thread(engine) => {
                let bytes = slots_json.map(|slots_json| HostBytes {
                    slots_json,
                    buffers: buffers.iter().map(|buffer| AlignedVec::from_slice(64, buffer)).collect(),
                });
                engine.reply(id, call_id, Reply { value_json, bytes, error: None })
            }
            #[cfg(process_substrate)]
            Substrate::Process(pool) => {
                let buffers: Vec<Vec<u8>> =
                    if slots_json.is_some() { buffers.iter().map(|buffer| buffer.to_vec()).collect() } else { Vec::new() };
                pool.send(id, &process::Request::Reply { call_id, value_json, slots_json }, &buffers)
            }
        }
    }

    /// Answers call `call_id` of program `id` with the host function's failure.
    #[napi(catch_unwind)]
    pub fn reply_error(&self, id: u32, call_id: u32, name: String, message: String) -> bool {
        match &self.substrate {
            Substrate::Thread(engine) => engine.reply(id, call_id, Reply { error: Some(HostError { name, message }), ..Reply::default() }),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.send(id, &process::Request::ReplyError { call_id, name, message }, &[]),
        }
    }

    /// Tells program `id` that call `call_id`'s binding paused it. False when that program has ended.
    #[napi(catch_unwind)]
    pub fn pause(&self, id: u32, call_id: u32) -> bool {
        match &self.substrate {
            Substrate::Thread(engine) => engine.pause(id, call_id),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.send(id, &process::Request::Pause { call_id }, &[]),
        }
    }

    /// Stops what `id` runs now.
    #[napi(catch_unwind)]
    pub fn stop(&self, id: u32, reason: HostStop) {
        match &self.substrate {
            Substrate::Thread(engine) => engine.stop(id, reason.into()),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.stop(id, reason.into()),
        }
    }

    #[napi(catch_unwind)]
    pub fn close(&self, session: u32) {
        match &self.substrate {
            Substrate::Thread(engine) => engine.close(session),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.close(session),
        }
    }

    /// Threads (or children) running a program or session now.
    #[napi(catch_unwind)]
    pub fn live_threads(&self) -> u32 {
        match &self.substrate {
            Substrate::Thread(engine) => engine.live_threads() as u32,
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.live() as u32,
        }
    }

    /// The process ids of the `process` substrate's children alive now (none on threads).
    #[napi(catch_unwind)]
    pub fn child_pids(&self) -> Vec<u32> {
        match &self.substrate {
            Substrate::Thread(_) => Vec::new(),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.child_pids(),
        }
    }

    /// Starts a `process` substrate child as the pool does, told to probe its fence instead of
    /// serving: what it reported and how it ended (the fence's tests; nothing on threads).
    #[napi(catch_unwind)]
    pub fn probe_fence(&self) -> Option<String> {
        match &self.substrate {
            Substrate::Thread(_) => None,
            #[cfg(process_substrate)]
            Substrate::Process(pool) => Some(pool.probe_fence()),
        }
    }

    /// The most program threads that computed at once so far (0 on the process substrate, whose
    /// children count their own).
    #[napi(catch_unwind)]
    pub fn computing_peak(&self) -> u32 {
        match &self.substrate {
            Substrate::Thread(engine) => engine.computing_peak() as u32,
            #[cfg(process_substrate)]
            Substrate::Process(_) => 0,
        }
    }

    /// Stops every program and resolves once all their threads (and children) have exited.
    /// Once every thread (and child) has exited, the event function is released: Node delivers
    /// what they queued and closes it.
    #[napi(catch_unwind)]
    pub fn dispose(&self) -> AsyncTask<Dispose> {
        let events = self.events.borrow_mut().take().map(Events::into_function);
        AsyncTask::new(Dispose { substrate: self.substrate.clone(), events })
    }

    /// Where runs and sessions started now send their events; none once disposed.
    fn events(&self) -> Result<Events> {
        self.events.borrow().clone().ok_or_else(|| engine_error(EngineError::Disposed))
    }
}

/// A runtime dropped without `dispose()` (garbage-collected) still ends its threads and
/// children; this runs in Node's finalizer, so it only tells them to stop and does not wait.
impl Drop for NativeRuntime {
    fn drop(&mut self) {
        match &self.substrate {
            Substrate::Thread(engine) => engine.shut_down(),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.shut_down(),
        }
    }
}

#[cfg(process_substrate)]
fn process_substrate(defaults: LimitOverrides, enforce_budgets: bool, pool: ProcessPoolOptions) -> Result<Substrate> {
    let addon = process::platform::addon_path()
        .ok_or_else(|| Error::new(Status::GenericFailure, "the process substrate could not find the addon's own file"))?;
    let launcher = match pool.child_executable {
        Some(path) => std::path::PathBuf::from(path),
        None => addon.with_file_name(process::CHILD_EXECUTABLE),
    };
    let options = process::host::PoolOptions {
        min_warm: pool.min_warm as usize,
        max_children: pool.max_children.max(1) as usize,
        runs_per_child: pool.runs_per_child.max(1),
    };
    let pool = process::host::ProcessPool::new(launcher, addon, defaults, enforce_budgets, options)
        .map_err(|message| Error::new(Status::GenericFailure, message))?;
    Ok(Substrate::Process(pool))
}

/// The one place the process substrate is refused: where its child has no fence
/// (src/bin/code-runtime-boa-child/fence/). `lib/runtime.js` passes this error on as it is.
#[cfg(not(process_substrate))]
fn process_substrate(_: LimitOverrides, _: bool, _: ProcessPoolOptions) -> Result<Substrate> {
    Err(Error::new(
        Status::InvalidArg,
        format!(
            "createCodeRuntime({{ substrate: 'process' }}): the process substrate runs on Linux, macOS and Windows only (here, {}, \
             its child could not be fenced in; see SECURITY.md); use substrate: 'thread', the default",
            std::env::consts::OS
        ),
    ))
}

/// The child's entry, called by the launcher (`src/bin/code-runtime-boa-child/main.rs`) once it
/// has fenced itself in and loaded this library: serves the host on stdin and stdout, and through
/// the region the launcher mapped at `region` (null when the host gave none, as on Windows).
///
/// # Safety
/// `region` is null or a shared mapping of `process::region::REGION_BYTES`, kept for the process's life.
#[cfg(process_substrate)]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn code_runtime_boa_child_serve(region: *mut u8) -> i32 {
    // SAFETY: as the caller promises.
    let region = (!region.is_null()).then(|| unsafe { process::region::Region::mapped(region) });
    let (input, output) = process::platform::child_stdio();
    // Small parts of a frame are gathered in the buffer; large ones pass through uncopied.
    let output = std::io::BufWriter::with_capacity(64 * 1024, output);
    std::panic::catch_unwind(|| process::child::serve(std::io::BufReader::with_capacity(64 * 1024, input), output, region)).unwrap_or(70)
}

pub struct Dispose {
    substrate: Substrate,
    events: Option<Arc<events::EventFunction>>,
}

impl Task for Dispose {
    type Output = ();
    type JsValue = ();

    fn compute(&mut self) -> Result<()> {
        match &self.substrate {
            Substrate::Thread(engine) => engine.dispose(),
            #[cfg(process_substrate)]
            Substrate::Process(pool) => pool.dispose(),
        }
        // Released once nothing can send any more: Node delivers what is queued, then closes it.
        self.events = None;
        Ok(())
    }

    fn resolve(&mut self, _env: Env, _output: ()) -> Result<()> {
        Ok(())
    }
}
