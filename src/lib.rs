//! The N-API surface, kept thin: argument shapes in, events out. `index.js` builds the public
//! API (`createCodeRuntime`) on top of it.

#![deny(clippy::all)]

mod engine;
mod error;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
mod realm;
mod run;
mod source;

use std::collections::HashMap;
use std::sync::Arc;

use boa_engine::object::builtins::AlignedVec;
use napi::bindgen_prelude::{AsyncTask, Buffer, FnArgs, Function, ThreadsafeFunctionBuilder, Uint8Array};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallJsBackData, ThreadsafeFunctionCallMode};
use napi::{Env, Error, Result, Status, Task};
use napi_derive::napi;

use crate::engine::{Engine, Launch};
use crate::realm::bridge::{HostBytes, HostError, Reply};
use crate::run::budget::{LimitOverrides, Limits, StopReason};
use crate::run::memory::{self, HeapBytes};
use crate::run::program::{Language, Outcome, ProgramEvent, Sink, json_text};

#[global_allocator]
static ALLOCATOR: run::memory::CountingAllocator = run::memory::CountingAllocator;

/// The name of the staged-input manifest in a session's `process.env`.
#[napi]
pub const STAGED_INPUTS_ENV: &str = realm::STAGED_INPUTS_ENV;

/// An event as it crosses: its JSON text, and the bytes of the binary data in it.
type QueuedEvent = (String, Vec<Vec<u8>>);
/// What the JS event callback is called with: the JSON text, and the buffers (absent when there
/// are none), each a `Uint8Array` over the block the program thread filled, not a copy of it.
type EventArgs = FnArgs<(String, Option<Vec<Uint8Array>>)>;
/// A run's or session's JS event callback; a `WEAK` one does not keep Node alive.
type EventCallback<const WEAK: bool> = ThreadsafeFunction<QueuedEvent, (), EventArgs, Status, false, WEAK>;
type EventCallbackBuilder<'env, const WEAK: bool> = ThreadsafeFunctionBuilder<'env, QueuedEvent, EventArgs, (), Status, false, WEAK>;

/// A sink that queues events to a JS callback. A run's callback keeps Node alive until the run
/// ends; a session's does not, so an idle session never holds the process open.
fn sink_for(on_event: &Function<EventArgs, ()>, keep_alive: bool, stream_logs: bool) -> Result<Sink> {
    let builder = on_event.build_threadsafe_function::<QueuedEvent>().callee_handled::<false>();
    if keep_alive { queue_to(builder.weak::<false>(), stream_logs) } else { queue_to(builder.weak::<true>(), stream_logs) }
}

/// What napi allocates on the sending thread to queue one event.
const QUEUED_EVENT_BYTES: usize = std::mem::size_of::<ThreadsafeFunctionCallJsBackData<QueuedEvent, ()>>();

fn queue_to<const WEAK: bool>(builder: EventCallbackBuilder<'_, WEAK>, stream_logs: bool) -> Result<Sink> {
    let tsfn: EventCallback<WEAK> = builder.build_callback(|ctx| {
        let (json, buffers) = ctx.value;
        let buffers = (!buffers.is_empty()).then(|| buffers.into_iter().map(Uint8Array::new).collect());
        Ok(FnArgs::from((json, buffers)))
    })?;
    Ok(Arc::new(move |mut event: ProgramEvent| {
        // With no one listening, a log line only needs to reach the outcome's `logs`: waking
        // Node's thread for it would cost a cross-thread hop per line.
        if !stream_logs && matches!(event, ProgramEvent::Log { .. }) {
            return;
        }
        let buffers = event.take_buffers();
        let json = json_text(&event);
        drop(event);
        let bytes = json.heap_bytes() + buffers.heap_bytes() + QUEUED_EVENT_BYTES;
        // Node's thread frees what it was given; what it refused was dropped here already.
        if tsfn.call((json, buffers), ThreadsafeFunctionCallMode::NonBlocking) == Status::Ok {
            memory::hand_over(bytes);
        }
    }))
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

#[napi]
pub struct NativeRuntime {
    engine: Arc<Engine>,
}

#[napi]
impl NativeRuntime {
    /// `enforceBudgets: false` leaves running code without the engine interrupt that enforces
    /// budgets; it exists only so the benchmark can measure what enforcement costs.
    /// `maxWorkers` is the host's concurrency (unbounded when absent): no more one-shot runs can
    /// be running at once, so no more worker threads are started.
    #[napi(constructor, catch_unwind)]
    pub fn new(defaults: Option<LimitOverrides>, enforce_budgets: Option<bool>, max_workers: Option<u32>) -> Self {
        let defaults = Limits::default().with(&defaults.unwrap_or_default());
        let max_workers = max_workers.map_or(usize::MAX, |max| max as usize);
        Self { engine: Engine::new(defaults, enforce_budgets.unwrap_or(true), max_workers) }
    }

    fn launch(&self, binding_paths: Vec<String>, modules: HashMap<String, String>, limits: Option<LimitOverrides>, sink: Sink) -> Launch {
        Launch { binding_paths, modules, limits: limits.unwrap_or_default(), sink }
    }

    /// Starts a program on its own thread; returns its id. `streamLogs`: whether `log` events are
    /// wanted (the host has a listener); the outcome carries every log line either way. `tape`:
    /// the JSON record of a paused run, which the program is replayed from (`lib/durable.js`).
    #[napi(catch_unwind)]
    #[allow(clippy::too_many_arguments)]
    #[allow(clippy::type_complexity)] // `EventArgs` spelled out: the generated typings cannot name an alias
    pub fn run(
        &self,
        source: String,
        language: Language,
        binding_paths: Vec<String>,
        limits: Option<LimitOverrides>,
        modules: Option<HashMap<String, String>>,
        stream_logs: bool,
        on_event: Function<FnArgs<(String, Option<Vec<Uint8Array>>)>, ()>,
        tape: Option<String>,
    ) -> Result<u32> {
        let launch = self.launch(binding_paths, modules.unwrap_or_default(), limits, sink_for(&on_event, true, stream_logs)?);
        self.engine.run(source, language, tape, launch).map_err(engine_error)
    }

    /// Starts a session thread with its realm; returns its id.
    #[napi(catch_unwind)]
    #[allow(clippy::type_complexity)] // as `run`
    pub fn open_session(
        &self,
        binding_paths: Vec<String>,
        limits: Option<LimitOverrides>,
        frame: Option<Frame>,
        on_event: Function<FnArgs<(String, Option<Vec<Uint8Array>>)>, ()>,
    ) -> Result<u32> {
        let launch = self.launch(binding_paths, HashMap::new(), limits, sink_for(&on_event, false, true)?);
        self.engine.open_session(frame.map(|frame| frame.data), launch).map_err(engine_error)
    }

    #[napi(catch_unwind)]
    pub fn execute(&self, session: u32, execution: u32, source: String, language: Language, limits: Option<LimitOverrides>) -> Result<()> {
        self.engine.execute(session, execution, source, language, &limits.unwrap_or_default()).map_err(engine_error)
    }

    #[napi(catch_unwind)]
    pub fn stage(&self, session: u32, name: String, data: Buffer) -> Result<()> {
        self.engine.stage(session, name, data.to_vec()).map_err(engine_error)
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
        let bytes = slots_json.map(|slots_json| HostBytes {
            slots_json,
            buffers: buffers.unwrap_or_default().iter().map(|buffer| AlignedVec::from_slice(64, buffer)).collect(),
        });
        self.engine.reply(id, call_id, Reply { value_json, bytes, error: None })
    }

    /// Answers call `call_id` of program `id` with the host function's failure.
    #[napi(catch_unwind)]
    pub fn reply_error(&self, id: u32, call_id: u32, name: String, message: String) -> bool {
        self.engine.reply(id, call_id, Reply { error: Some(HostError { name, message }), ..Reply::default() })
    }

    /// Tells program `id` that call `call_id`'s binding paused it. False when that program has ended.
    #[napi(catch_unwind)]
    pub fn pause(&self, id: u32, call_id: u32) -> bool {
        self.engine.pause(id, call_id)
    }

    /// Stops what `id` runs now.
    #[napi(catch_unwind)]
    pub fn stop(&self, id: u32, reason: HostStop) {
        self.engine.stop(id, reason.into());
    }

    #[napi(catch_unwind)]
    pub fn close(&self, session: u32) {
        self.engine.close(session);
    }

    /// Threads running a program or session now.
    #[napi(catch_unwind)]
    pub fn live_threads(&self) -> u32 {
        self.engine.live_threads() as u32
    }

    /// The most program threads that computed at once so far.
    #[napi(catch_unwind)]
    pub fn computing_peak(&self) -> u32 {
        self.engine.computing_peak() as u32
    }

    /// Stops every program and resolves once all their threads have exited.
    #[napi(catch_unwind)]
    pub fn dispose(&self) -> AsyncTask<Dispose> {
        AsyncTask::new(Dispose(self.engine.clone()))
    }
}

/// A runtime dropped without `dispose()` (garbage-collected) still ends its threads; this runs
/// in Node's finalizer, so it only tells them to stop and does not wait.
impl Drop for NativeRuntime {
    fn drop(&mut self) {
        self.engine.shut_down();
    }
}

pub struct Dispose(Arc<Engine>);

impl Task for Dispose {
    type Output = ();
    type JsValue = ();

    fn compute(&mut self) -> Result<()> {
        self.0.dispose();
        Ok(())
    }

    fn resolve(&mut self, _env: Env, _output: ()) -> Result<()> {
        Ok(())
    }
}
