//! The N-API surface, kept thin: argument shapes in, events out. `index.js` builds the public
//! API (`createCodeRuntime`) on top of it.

#![deny(clippy::all)]

mod bridge;
mod budget;
mod console;
mod convert;
mod engine;
mod error;
mod event_loop;
#[cfg(feature = "fuzzing")]
pub mod fuzzing;
mod inspect;
mod memory;
mod positions;
mod prepare;
mod program;
mod realm;
mod strip;

use std::sync::Arc;

use napi::bindgen_prelude::{AsyncTask, Buffer, Function, ThreadsafeFunctionBuilder};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallMode};
use napi::{Env, Error, Result, Status, Task};
use napi_derive::napi;

use crate::bridge::Reply;
use crate::budget::{LimitOverrides, Limits, StopReason};
use crate::engine::{Engine, Launch};
use crate::program::{Language, Outbound, Sink};

#[global_allocator]
static ALLOCATOR: memory::CountingAllocator = memory::CountingAllocator;

/// The name of the staged-input manifest in a session's `process.env`.
#[napi]
pub const STAGED_INPUTS_ENV: &str = realm::STAGED_INPUTS_ENV;

/// What a program thread reports: `log` (level, text), `call` (callId, path, text = JSON
/// arguments) or `done` (text = the result as JSON). `execution` tells a session's programs apart.
#[napi(object)]
pub struct ProgramEvent {
    pub kind: String,
    pub execution: u32,
    pub level: Option<String>,
    pub text: String,
    pub call_id: Option<u32>,
    pub path: Option<String>,
}

impl From<Outbound> for ProgramEvent {
    fn from(event: Outbound) -> Self {
        match event {
            Outbound::Log { execution, entry } => Self {
                kind: "log".into(),
                execution,
                level: Some(entry.level.as_str().into()),
                text: entry.text,
                call_id: None,
                path: None,
            },
            Outbound::Call { execution, call } => Self {
                kind: "call".into(),
                execution,
                level: None,
                text: call.args,
                call_id: Some(call.id),
                path: Some(call.path),
            },
            Outbound::Done { execution, outcome } => Self {
                kind: "done".into(),
                execution,
                level: None,
                text: outcome,
                call_id: None,
                path: None,
            },
        }
    }
}

/// A run's or session's JS event callback; a `WEAK` one does not keep Node alive.
type EventCallback<const WEAK: bool> = ThreadsafeFunction<ProgramEvent, (), ProgramEvent, Status, false, WEAK>;
type EventCallbackBuilder<'env, const WEAK: bool> = ThreadsafeFunctionBuilder<'env, ProgramEvent, ProgramEvent, (), Status, false, WEAK>;

/// A sink that queues events to a JS callback. A run's callback keeps Node alive until the run
/// ends; a session's does not, so an idle session never holds the process open.
fn sink_for(on_event: &Function<ProgramEvent, ()>, keep_alive: bool) -> Result<Sink> {
    let builder = on_event.build_threadsafe_function::<ProgramEvent>().callee_handled::<false>();
    if keep_alive { queue_to(builder.weak::<false>()) } else { queue_to(builder.weak::<true>()) }
}

fn queue_to<const WEAK: bool>(builder: EventCallbackBuilder<'_, WEAK>) -> Result<Sink> {
    let tsfn: EventCallback<WEAK> = builder.build_callback(|ctx| Ok(ctx.value))?;
    Ok(Arc::new(move |event: Outbound| {
        tsfn.call(event.into(), ThreadsafeFunctionCallMode::NonBlocking);
    }))
}

fn language(name: &str) -> Result<Language> {
    match name {
        "typescript" => Ok(Language::TypeScript),
        "javascript" => Ok(Language::JavaScript),
        other => Err(Error::new(Status::InvalidArg, format!("unknown language {other:?}: use 'typescript' or 'javascript'"))),
    }
}

fn engine_error(err: engine::EngineError) -> Error {
    Error::new(Status::GenericFailure, err.to_string())
}

#[napi]
pub struct NativeRuntime {
    engine: Arc<Engine>,
}

#[napi]
impl NativeRuntime {
    /// `enforceBudgets: false` leaves running code without the engine interrupt that enforces
    /// budgets; it exists only so the benchmark can measure what enforcement costs.
    #[napi(constructor)]
    pub fn new(defaults: Option<LimitOverrides>, enforce_budgets: Option<bool>) -> Self {
        let defaults = Limits::default().with(&defaults.unwrap_or_default());
        Self { engine: Engine::new(defaults, enforce_budgets.unwrap_or(true)) }
    }

    fn launch(&self, binding_paths: Vec<String>, limits: Option<LimitOverrides>, sink: Sink) -> Launch {
        Launch { binding_paths, limits: limits.unwrap_or_default(), sink }
    }

    /// Starts a program on its own thread; returns its id.
    #[napi]
    pub fn run(
        &self,
        source: String,
        language_name: String,
        binding_paths: Vec<String>,
        limits: Option<LimitOverrides>,
        on_event: Function<ProgramEvent, ()>,
    ) -> Result<u32> {
        let language = language(&language_name)?;
        let launch = self.launch(binding_paths, limits, sink_for(&on_event, true)?);
        self.engine.run(source, language, launch).map_err(engine_error)
    }

    /// Starts a session thread with its realm; returns its id.
    #[napi]
    pub fn open_session(
        &self,
        binding_paths: Vec<String>,
        limits: Option<LimitOverrides>,
        frame_json: Option<String>,
        on_event: Function<ProgramEvent, ()>,
    ) -> Result<u32> {
        let frame = frame_json
            .map(|text| serde_json::from_str(&text))
            .transpose()
            .map_err(|err| Error::new(Status::InvalidArg, format!("frame is not JSON data: {err}")))?;
        let launch = self.launch(binding_paths, limits, sink_for(&on_event, false)?);
        self.engine.open_session(frame, launch).map_err(engine_error)
    }

    #[napi]
    pub fn execute(&self, session: u32, execution: u32, source: String, language_name: String, limits: Option<LimitOverrides>) -> Result<()> {
        let language = language(&language_name)?;
        self.engine.execute(session, execution, source, language, &limits.unwrap_or_default()).map_err(engine_error)
    }

    #[napi]
    pub fn stage(&self, session: u32, name: String, data: Buffer) -> Result<()> {
        self.engine.stage(session, name, data.to_vec()).map_err(engine_error)
    }

    /// Answers call `call_id` of program `id`: `payload` is the value as JSON (empty for
    /// undefined) or, when `ok` is false, `{ name, message }` as JSON. False when it has ended.
    #[napi]
    pub fn reply(&self, id: u32, call_id: u32, ok: bool, payload: String) -> bool {
        let reply = if ok { Reply::Value(payload) } else { Reply::Error(payload) };
        self.engine.reply(id, call_id, reply)
    }

    /// Stops what `id` runs now, with reason 'aborted' or 'disposed'.
    #[napi]
    pub fn stop(&self, id: u32, reason: String) -> Result<()> {
        let reason = match reason.as_str() {
            "aborted" => StopReason::Aborted,
            "disposed" => StopReason::Disposed,
            other => return Err(Error::new(Status::InvalidArg, format!("unknown stop reason {other:?}"))),
        };
        self.engine.stop(id, reason);
        Ok(())
    }

    #[napi]
    pub fn close(&self, session: u32) {
        self.engine.close(session);
    }

    /// Threads running a program or session now.
    #[napi]
    pub fn live_threads(&self) -> u32 {
        self.engine.live_threads() as u32
    }

    /// Stops every program and resolves once all their threads have exited.
    #[napi]
    pub fn dispose(&self) -> AsyncTask<Dispose> {
        AsyncTask::new(Dispose(self.engine.clone()))
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
