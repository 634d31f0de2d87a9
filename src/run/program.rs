//! One program's life on its thread: strip, prepare, evaluate in the realm, drive the event
//! loop (jobs, timers, binding replies) until the program's promise settles or a budget stops
//! it, then turn what happened into the run's result. A session keeps the realm and runs one
//! program after another in it.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, HashMap};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvError, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use boa_engine::builtins::promise::PromiseState;
use boa_engine::error::EngineError;
use boa_engine::module::{MapModuleLoader, Module};
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsObject, JsValue, Script, Source};

use crate::error::{Detail, ErrorKind, ProgramError};
use crate::realm::bridge::{Bridge, Call, Reply};
use crate::realm::console::{Level, LogEntry, Output};
use crate::realm::convert::{self, Binary, Bounds, Bytes, Converted, Failure};
use crate::realm::inspect::{self, data_string, first_position, map_stack};
use crate::realm::lossless::{self, Refused};
use crate::realm::surface::Surface;
use crate::realm::{self, Rejections, STAGED_INPUTS_DIR, STAGED_INPUTS_ENV, SessionGlobals, Wiring};
use crate::run::budget::{self, Budget, Limits, StopReason, StopRequest, stack_overflow};
use crate::run::compute_slots;
use crate::run::event_loop::{EventLoop, JobFailure};
use crate::run::memory::{self, HeapBytes};
use crate::run::replay::{Event, Paused, Replay};
use crate::source::positions::{LineIndex, PositionMap};
use crate::source::prepare::{self, Scope};
use crate::source::strip;

/// Deepest nesting of a result value.
const MAX_RESULT_DEPTH: usize = 128;

/// The error of a return value that is not lossless JSON, in a realm whose values cross only as
/// lossless JSON (the DeepSeek Harness's words).
pub const LOSSY_COMPLETION: &str = "program completion must be lossless JSON";

#[napi_derive::napi(string_enum = "lowercase")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Language {
    TypeScript,
    JavaScript,
}

/// What the host sends a program thread.
pub enum Inbound {
    Reply {
        call_id: u32,
        reply: Reply,
    },
    /// Call `call_id`'s binding paused the run (durable runs).
    Pause {
        call_id: u32,
    },
    /// A stop was requested through the program's `StopRequest`: look at it now.
    Wake,
    /// A session input to make readable from now on.
    Stage {
        name: String,
        bytes: Vec<u8>,
    },
    /// A session's next program.
    Execute(Execution),
    /// The session is over.
    Close,
}

impl HeapBytes for Inbound {
    fn heap_bytes(&self) -> usize {
        match self {
            Self::Reply { reply, .. } => reply.heap_bytes(),
            Self::Stage { name, bytes } => name.heap_bytes() + bytes.heap_bytes(),
            Self::Execute(execution) => execution.heap_bytes(),
            Self::Pause { .. } | Self::Wake | Self::Close => 0,
        }
    }
}

/// A program thread's end of its channel from the host. What arrives was allocated on Node's
/// thread and is freed on this one, so each message's bytes move into this thread's count as it
/// arrives (with the channel slot it came in): the memory budget counts what the program holds,
/// however many messages it has received.
pub struct Inbox(Receiver<Inbound>);

/// A channel slot: the message and the channel's own word beside it.
const SLOT_BYTES: usize = std::mem::size_of::<Inbound>() + std::mem::size_of::<usize>();

impl Inbox {
    pub fn new(receiver: Receiver<Inbound>) -> Self {
        Self(receiver)
    }

    fn arrived(message: Inbound) -> Inbound {
        memory::take_over(message.heap_bytes() + SLOT_BYTES);
        message
    }

    pub fn recv(&self) -> Result<Inbound, RecvError> {
        self.0.recv().map(Self::arrived)
    }

    pub fn recv_timeout(&self, timeout: Duration) -> Result<Inbound, RecvTimeoutError> {
        self.0.recv_timeout(timeout).map(Self::arrived)
    }

    /// The next message by `deadline`, polled for during `spin` before the thread sleeps.
    fn recv_until(&self, deadline: Instant, spin: Duration) -> Result<Inbound, RecvTimeoutError> {
        let spin_end = Instant::now() + spin;
        loop {
            match self.0.try_recv() {
                Ok(message) => return Ok(Self::arrived(message)),
                Err(TryRecvError::Disconnected) => return Err(RecvTimeoutError::Disconnected),
                Err(TryRecvError::Empty) if Instant::now() < spin_end.min(deadline) => std::thread::yield_now(),
                Err(TryRecvError::Empty) => break,
            }
        }
        self.recv_timeout(deadline.saturating_duration_since(Instant::now()))
    }
}

/// How long a program thread polls for a binding's reply before it sleeps. Sleeping and being
/// woken costs a round trip 20-100 µs when the scheduler has put the program's thread and Node's
/// on different CPUs; a reply that arrives while the thread polls skips both. `yield_now`
/// between polls hands the CPU to Node's thread when the two share one.
const REPLY_SPIN: Duration = Duration::from_micros(50);

/// Polls only while replies come quickly: after a wait longer than this, the next one sleeps
/// at once (a slow tool would only waste the spin), until a wait is quick again.
const QUICK_REPLY: Duration = Duration::from_micros(200);

/// A wait on the host longer than this gives the OS back the stack pages the run touched below
/// the waiting frame (parsing and compiling touch about 180 KiB; a run waiting on a slow tool
/// would hold them for as long as it waits) and the heap pages it freed. Shorter waits skip the
/// system calls.
const LONG_WAIT: Duration = Duration::from_millis(1);

/// Stack kept touched below the waiting frame. The reply's handling touches the rest again (a page
/// fault per 4 KiB, microseconds after a wait of a millisecond or more); 32 KiB kept cost each
/// waiting run 28 KB more (bench (d), 1,000 waiting at once).
const WAITING_STACK_KEPT_BYTES: usize = 4 * 1024;

/// The spin for each wait, adapted to how fast the host has been replying.
struct ReplyWait {
    spin: Duration,
}

impl ReplyWait {
    fn new() -> Self {
        Self { spin: REPLY_SPIN }
    }

    /// Waits for the host's next message by `deadline`. Polling is the runtime's own work, so
    /// its CPU time is taken out of the program's compute.
    /// A wait past [`LONG_WAIT`] gives back the thread's compute slot and takes one again before
    /// the program goes on (waiting for it counts as wall time, not compute).
    fn next(&mut self, inbox: &Inbox, deadline: Instant, awaiting_reply: bool, budget: &Budget) -> Result<Inbound, RecvTimeoutError> {
        let spin = if awaiting_reply { self.spin } else { Duration::ZERO };
        let started = Instant::now();
        let cpu = (spin > Duration::ZERO).then(cpu_time::ThreadTime::now);
        let message = match inbox.recv_until(deadline.min(started + LONG_WAIT), spin) {
            Err(RecvTimeoutError::Timeout) if Instant::now() < deadline => {
                crate::engine::release_stack_below(WAITING_STACK_KEPT_BYTES);
                // What parsing and compiling freed stays resident in this thread's heap until it
                // allocates again: 8 KB per waiting run, for 10-30 µs.
                memory::release_freed();
                compute_slots::give_back();
                let message = inbox.recv_timeout(deadline.saturating_duration_since(Instant::now()));
                compute_slots::take(budget);
                message
            }
            message => message,
        };
        if awaiting_reply {
            let waited = started.elapsed();
            if let Some(cpu) = cpu {
                budget.exclude_from_compute(cpu.elapsed().min(self.spin.min(waited)));
            }
            self.spin = if waited <= QUICK_REPLY { REPLY_SPIN } else { Duration::ZERO };
        }
        message
    }
}

/// What a program thread tells the host, tagged with the execution it belongs to (a session's
/// programs are numbered; a one-shot run is execution 0). Crosses N-API as the JSON text of
/// `{ kind: 'log' | 'call' | 'done', execution, … }`, serialized on the program's thread: one
/// string and one `JSON.parse` on Node's thread cost a fraction of building the objects through
/// N-API, a property at a time (34k instructions for a `done` event).
#[derive(serde::Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum ProgramEvent {
    Log { execution: u32, entry: LogEntry },
    Call { execution: u32, call: Call },
    Done { execution: u32, outcome: Outcome },
}

impl ProgramEvent {
    /// The bytes of the binary data in the event, which cross beside its JSON text, in the order
    /// of its `bytes` table.
    pub fn take_buffers(&mut self) -> Vec<Bytes> {
        let bytes = match self {
            Self::Call { call, .. } => &mut call.bytes,
            Self::Done { outcome, .. } => &mut outcome.bytes,
            Self::Log { .. } => return Vec::new(),
        };
        bytes.iter_mut().map(|binary| std::mem::take(&mut binary.data)).collect()
    }
}

/// The JSON text of an event or outcome for Node's side.
pub fn json_text(value: &impl serde::Serialize) -> String {
    // Every key is a string and a non-finite number becomes null: serializing cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

/// Where a program's events go. A sink hands each event to another thread, so it moves the
/// event's bytes out of the program thread's count (`memory::hand_over`).
pub type Sink = Arc<dyn Fn(ProgramEvent) + Send + Sync>;

/// What a realm is for: one run, or a session's programs one after another.
pub enum RealmKind {
    OneShot,
    /// Notebook scope and staged inputs; `frame` is the JSON data programs see as `FRAME`.
    Session {
        frame: Option<serde_json::Value>,
    },
}

pub struct Start {
    pub execution: Execution,
    pub surface: Surface,
    pub modules: HashMap<String, String>,
    pub sink: Sink,
}

pub struct Execution {
    pub id: u32,
    pub source: String,
    pub language: Language,
    pub limits: Limits,
    pub request: Arc<StopRequest>,
    /// The record to replay, as JSON text: the program resumes from a pause (`replay.rs`).
    pub tape: Option<String>,
}

impl HeapBytes for Execution {
    fn heap_bytes(&self) -> usize {
        self.source.heap_bytes() + self.tape.as_ref().map_or(0, HeapBytes::heap_bytes)
    }
}

#[derive(Debug, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    pub compute_ms: f64,
    pub wall_ms: f64,
    pub binding_calls: u32,
    /// The most bytes the program held at once, as its memory budget counts them.
    pub memory_bytes: f64,
    /// For a resumed run: calls answered from the token's log, not sent to a binding.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub replayed_calls: Option<u32>,
}

/// How an execution ended: the public `RunResult`, and whether the realm was lost with it.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    pub ok: bool,
    /// The return value; absent when it is `undefined` or the program failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<serde_json::Value>,
    /// The binary data in the return value.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bytes: Vec<Binary>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<ProgramError>,
    pub logs: Vec<LogEntry>,
    pub stats: Stats,
    /// The realm was lost with this execution (the engine panicked or was unwound): its thread ends.
    pub realm_lost: bool,
    /// A binding paused the run: the record the host makes its token of.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paused: Option<Box<Paused>>,
}

impl Outcome {
    /// An execution that ended with `error` before its program ran or outside it.
    pub fn failed(error: ProgramError, realm_lost: bool) -> Self {
        Self {
            ok: false,
            value: None,
            bytes: Vec::new(),
            error: Some(error),
            logs: Vec::new(),
            stats: Stats::default(),
            realm_lost,
            paused: None,
        }
    }
}

/// A realm and everything wired to it, living on the current thread.
pub struct Program {
    context: Context,
    wiring: Wiring,
    scope: Scope,
    execution: Rc<Cell<u32>>,
    staged: Rc<RefCell<BTreeMap<String, Rc<[u8]>>>>,
    sink: Rc<RefCell<Option<Sink>>>,
}

fn emit(sink: &RefCell<Option<Sink>>, event: ProgramEvent) {
    if let Some(sink) = &*sink.borrow() {
        sink(event);
    }
}

fn realm_error(err: JsError) -> ProgramError {
    ProgramError::new(ErrorKind::Runtime, "Error", format!("the realm could not be set up: {err}"))
}

impl Program {
    /// A fresh realm, before any program has seen it. Without `enforce_budgets` no budget is
    /// enforced inside running code: only the benchmark's baseline uses that.
    pub fn new(limits: Limits, request: Arc<StopRequest>, kind: RealmKind, enforce_budgets: bool) -> Result<Self, ProgramError> {
        let execution = Rc::new(Cell::new(0));
        let sink: Rc<RefCell<Option<Sink>>> = Rc::default();
        let budget = Rc::new(Budget::new(limits, request));
        let output = {
            let (sink, execution) = (sink.clone(), execution.clone());
            Rc::new(RefCell::new(Output::new(
                limits.max_log_bytes,
                Box::new(move |entry: &LogEntry| emit(&sink, ProgramEvent::Log { execution: execution.get(), entry: entry.clone() })),
            )))
        };
        let replay = Rc::new(Replay::default());
        let bridge = {
            let (sink, execution, replay, budget) = (sink.clone(), execution.clone(), replay.clone(), budget.clone());
            Rc::new(Bridge::new(
                limits.max_result_bytes,
                Box::new(move |call| {
                    if replay.must_send(&call) {
                        emit(&sink, ProgramEvent::Call { execution: execution.get(), call });
                    } else if replay.diverged() {
                        budget.request_stop(StopReason::Diverged);
                    }
                }),
            ))
        };
        let wiring = Wiring {
            budget,
            event_loop: Rc::new(EventLoop::default()),
            output,
            console_style: Rc::default(),
            positions: Rc::new(RefCell::new(PositionMap::default())),
            bridge,
            rejections: Rejections::default(),
            modules: Rc::new(MapModuleLoader::new()),
            replay,
        };
        let staged = Rc::new(RefCell::new(BTreeMap::new()));
        let (scope, session) = match kind {
            RealmKind::OneShot => (Scope::Isolated, None),
            RealmKind::Session { frame } => (Scope::Notebook, Some(SessionGlobals { frame, staged: staged.clone() })),
        };
        let mut context = realm::create(&wiring, session.as_ref()).map_err(realm_error)?;
        if enforce_budgets {
            budget::enforce(&wiring.budget, &mut context);
        }
        Ok(Self { context, wiring, scope, execution, staged, sink })
    }

    /// Gives the realm what the surface offers (bindings, how values cross, `process`, the
    /// console's style), the modules it may import and where to report; done once, before the
    /// first program. A session's `process.env` also holds its staged inputs' manifest.
    pub fn attach(&mut self, surface: &Surface, modules: &HashMap<String, String>, sink: Sink) -> Result<(), ProgramError> {
        crate::realm::bridge::install(&self.wiring.bridge, surface, &mut self.context).map_err(realm_error)?;
        self.wiring.console_style.set(surface.console.unwrap_or_default());
        let mut env = surface.env_vars();
        if matches!(self.scope, Scope::Notebook) {
            env.get_or_insert_default().push((STAGED_INPUTS_ENV.to_owned(), self.staged_manifest()));
        }
        // A binding named `process` is the program's process, as the host asked.
        let shadowed = !realm::global_replaceable("process", &mut self.context).map_err(realm_error)?;
        if let Some(env) = env.filter(|_| !shadowed) {
            let (output, budget) = (self.wiring.output.clone(), self.wiring.budget.clone());
            realm::process::define(&mut self.context, &env, output, budget).map_err(realm_error)?;
        }
        for (specifier, text) in modules {
            let source = Source::from_bytes(text.as_bytes()).with_path(Path::new(specifier));
            let module = Module::parse(source, None, &mut self.context).map_err(|err| {
                ProgramError::new(ErrorKind::Syntax, "SyntaxError", format!("module {specifier:?} does not parse: {err}"))
            })?;
            self.wiring.modules.insert(specifier, module);
        }
        *self.sink.borrow_mut() = Some(sink);
        Ok(())
    }

    /// Runs one program to its end and reports it to the sink. Returns false when the inbox
    /// asked the session to close or the realm cannot be kept.
    pub fn execute(&mut self, execution: Execution, inbox: &Inbox) -> bool {
        self.execution.set(execution.id);
        let budget = self.wiring.budget.clone();
        budget.restart(execution.limits, execution.request);
        compute_slots::take(&budget);
        self.wiring.bridge.restart(execution.limits.max_result_bytes);
        let replay = self.wiring.replay.clone();
        let restarted = replay.restart(execution.tape.as_deref());
        let mut output = Output::new(execution.limits.max_log_bytes, self.take_listener());
        output.mute(replay.before_pause());
        *self.wiring.output.borrow_mut() = output;
        self.wiring.rejections.borrow_mut().clear();

        let mut open = true;
        let mut realm_lost = false;
        let mut main = None;
        let ran = catch_unwind(AssertUnwindSafe(|| match restarted.and_then(|()| self.start(&execution.source, execution.language)) {
            Ok(promise) => {
                main = Some(promise.clone());
                self.drive(&promise, inbox, &mut open)
            }
            Err(error) => Err(error),
        }));
        let result = ran.unwrap_or_else(|_| {
            // A stop inside a regular expression unwinds out of the matcher (`budget::enforce`),
            // and an engine bug may panic; a stop, if there was one, is still the answer. Either
            // way the engine was left mid-instruction: the realm is not kept.
            realm_lost = true;
            Err(budget.stopped().map_or_else(ProgramError::crashed, |reason| reason.to_error(&budget.limits())))
        });
        // A replay that went another way ends the run with how, whatever that led to.
        let result = replay.divergence().map_or(result, Err);
        let paused = replay.take_paused().filter(|_| matches!(&result, Err(error) if error.kind == ErrorKind::Paused)).map(Box::new);
        self.wiring.event_loop.clear();
        self.wiring.bridge.abandon();

        // The program's own rejection is its error, not an unhandled rejection.
        if let Some(main) = main {
            let main = JsObject::from(main);
            self.wiring.rejections.borrow_mut().retain(|p| p != &main);
        }
        let warnings = self.unhandled_rejections();
        let mut output = self.wiring.output.borrow_mut();
        for text in warnings {
            output.write(Level::Warn, text);
        }
        let logs = output.finish();
        drop(output);
        let stats = Stats {
            compute_ms: budget.compute_used().as_secs_f64() * 1e3,
            wall_ms: budget.wall_elapsed().as_secs_f64() * 1e3,
            binding_calls: self.wiring.bridge.calls(),
            memory_bytes: budget.memory_peak() as f64,
            replayed_calls: replay.resumed().then(|| replay.replayed_calls()),
        };
        budget.finish();
        compute_slots::give_back();
        if let Some(sink) = &*self.sink.borrow() {
            let outcome = match result {
                Ok(Converted { json, bytes }) => Outcome { ok: true, value: json, bytes, error: None, logs, stats, realm_lost, paused },
                Err(error) => Outcome { logs, stats, paused, ..Outcome::failed(error, realm_lost) },
            };
            sink(ProgramEvent::Done { execution: execution.id, outcome });
        }
        open && !realm_lost
    }

    /// The console listener, moved from the previous execution's output to the next one.
    fn take_listener(&self) -> crate::realm::console::Listener {
        std::mem::replace(&mut *self.wiring.output.borrow_mut(), Output::new(0, Box::new(|_| {}))).into_listener()
    }

    /// Strips, prepares and evaluates the program up to its first `await`.
    fn start(&mut self, source: &str, language: Language) -> Result<JsPromise, ProgramError> {
        prepare::check_shape(source, self.wiring.budget.limits().max_memory_bytes)?;
        // A TypeScript program's tree, parsed by the stripper, serves `prepare` too.
        let prepared = match language {
            Language::TypeScript => prepare::prepare(&strip::strip_types(source)?, self.scope)?,
            Language::JavaScript => prepare::script(source, self.scope)?,
        };
        *self.wiring.positions.borrow_mut() = prepared.positions;
        let script_source = Source::from_bytes(prepared.script.as_bytes()).with_path(std::path::Path::new("program"));
        // Whatever fails before the program runs is a syntax error; whatever fails after is not,
        // whatever its name (a tool's own `SyntaxError` is a runtime failure of the program).
        let script = Script::parse(script_source, None, &mut self.context).map_err(|err| self.syntax_error(err, source))?;
        let outer = script.evaluate(&mut self.context).map_err(|err| self.error_from(err))?;
        let outer = outer.as_callable().ok_or_else(|| internal("the prepared program is not a function"))?;
        let global = self.context.global_object();
        let promise = outer.call(&JsValue::undefined(), &[global.into()], &mut self.context).map_err(|err| self.error_from(err))?;
        let promise = promise.as_object().and_then(|o| JsPromise::from_object(o).ok());
        promise.ok_or_else(|| internal("the prepared program did not return a promise"))
    }

    /// Runs jobs, timers and binding replies until the program's promise settles or a binding
    /// pauses it. A resumed program first takes its timers and replies from the log, in the
    /// order the log has them, then from the host and the clock again.
    fn drive(&mut self, promise: &JsPromise, inbox: &Inbox, open: &mut bool) -> Result<Converted, ProgramError> {
        let budget = self.wiring.budget.clone();
        let event_loop = self.wiring.event_loop.clone();
        let replay = self.wiring.replay.clone();
        let mut reply_wait = ReplyWait::new();
        loop {
            event_loop.run_microtasks(&mut self.context, &budget).map_err(|f| self.job_failure(f))?;
            let replaying = replay.replaying();
            if !replaying {
                let fired = |seq| replay.record(Event::Timer(seq));
                event_loop.run_due_timers(&mut self.context, &budget, &fired).map_err(|f| self.job_failure(f))?;
            }
            match promise.state() {
                PromiseState::Pending => {}
                _ if replay.before_pause() => {
                    return Err(replay.diverge("on replay the program ended before it reached the call that paused it".to_owned()));
                }
                PromiseState::Fulfilled(value) => return self.result(&value),
                PromiseState::Rejected(reason) => return Err(self.uncaught(&reason)),
            }
            if replaying {
                self.replay_next()?;
            } else {
                // Nothing to run until the host replies, a timer is due, or the wall budget ends.
                let wake_at = event_loop.next_timer().map_or(budget.wall_deadline(), |t| t.min(budget.wall_deadline()));
                match reply_wait.next(inbox, wake_at, self.wiring.bridge.awaiting_replies(), &budget) {
                    Ok(Inbound::Pause { call_id }) if self.wiring.bridge.forget(call_id) => {
                        replay.record(Event::Pause(call_id));
                        return self.drain(inbox, open);
                    }
                    Ok(message) => self.receive(message, open).map_err(|err| self.error_from(err))?,
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => budget.request_stop(StopReason::Disposed),
                }
            }
            budget.check().map_err(|reason| reason.to_error(&budget.limits()))?;
        }
    }

    /// Delivers the next logged event as the program first received it: fires its timer or
    /// settles its call with the logged reply. Past the logged pause, output is shown again.
    fn replay_next(&mut self) -> Result<(), ProgramError> {
        let replay = self.wiring.replay.clone();
        let Some((event, reply)) = replay.next_event()? else { return Ok(()) };
        match (event, reply) {
            (Event::Timer(seq), _) => {
                let budget = self.wiring.budget.clone();
                if !self.wiring.event_loop.fire(seq, &mut self.context, &budget).map_err(|f| self.job_failure(f))? {
                    return Err(
                        replay.diverge(format!("the token's log fires timer {} here, which the program on replay has not set", seq + 1))
                    );
                }
            }
            (Event::Reply(id) | Event::Pause(id), Some(reply)) => {
                if let Some(missing) = replay.missing_call().filter(|_| matches!(event, Event::Pause(_))) {
                    return Err(replay.diverge(missing));
                }
                if !self.wiring.bridge.is_pending(id) {
                    return Err(replay.diverge(format!("the token's log answers call {id} here, which the program on replay has not made")));
                }
                self.wiring.bridge.settle(id, reply, &mut self.context).map_err(|err| self.error_from(err))?;
            }
            (Event::Reply(_) | Event::Pause(_), None) => return Err(internal("a logged reply without its data")),
        }
        if !replay.before_pause() {
            self.wiring.output.borrow_mut().mute(false);
        }
        Ok(())
    }

    /// A binding paused the run: no more of the program runs. Replies to calls still in flight
    /// are waited for and logged (so those calls are not made again on resume) until the wall
    /// budget ends; calls still out then, and a second pause, are made again on resume.
    fn drain(&mut self, inbox: &Inbox, open: &mut bool) -> Result<Converted, ProgramError> {
        // Only replies are waited for and logged from here: no computing.
        compute_slots::give_back();
        let budget = self.wiring.budget.clone();
        let bridge = self.wiring.bridge.clone();
        while bridge.awaiting_replies() {
            match inbox.recv_timeout(budget.wall_deadline().saturating_duration_since(Instant::now())) {
                Ok(Inbound::Reply { call_id, .. }) => {
                    if bridge.forget(call_id) {
                        self.wiring.replay.record(Event::Reply(call_id));
                    }
                }
                Ok(Inbound::Pause { call_id }) => {
                    bridge.forget(call_id);
                }
                Ok(message) => self.receive(message, open).map_err(|err| self.error_from(err))?,
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => budget.request_stop(StopReason::Disposed),
            }
            if let Some(reason) = budget.requested_stop() {
                return Err(reason.to_error(&budget.limits()));
            }
        }
        Err(ProgramError::new(ErrorKind::Paused, "Paused", "a binding paused the run with pause(data)"))
    }

    fn receive(&mut self, message: Inbound, open: &mut bool) -> Result<(), JsError> {
        match message {
            Inbound::Reply { call_id, reply } => {
                if self.wiring.bridge.is_pending(call_id) {
                    self.wiring.replay.record(Event::Reply(call_id));
                }
                self.wiring.bridge.settle(call_id, reply, &mut self.context)?;
            }
            Inbound::Stage { name, bytes } => self.stage(name, bytes),
            Inbound::Close => {
                *open = false;
                self.wiring.budget.request_stop(StopReason::Disposed);
            }
            // A session runs one program at a time; the host never sends another meanwhile. A
            // pause for a call no longer in flight comes after the run moved on: dropped.
            Inbound::Execute(_) | Inbound::Pause { .. } | Inbound::Wake => {}
        }
        Ok(())
    }

    pub fn stage(&mut self, name: String, bytes: Vec<u8>) {
        self.staged.borrow_mut().insert(name, bytes.into());
        let manifest = self.staged_manifest();
        // Only a realm without `process` refuses it, and a session's always has one.
        let _ = realm::process::set_env(&mut self.context, STAGED_INPUTS_ENV, Some(&manifest));
    }

    /// The staged inputs' manifest, as JSON text of their names to their paths.
    fn staged_manifest(&self) -> String {
        let manifest: serde_json::Map<String, serde_json::Value> =
            self.staged.borrow().keys().map(|name| (name.clone(), format!("{STAGED_INPUTS_DIR}{name}").into())).collect();
        serde_json::Value::Object(manifest).to_string()
    }

    fn result(&mut self, value: &JsValue) -> Result<Converted, ProgramError> {
        let limits = self.wiring.budget.limits();
        if self.wiring.bridge.lossless() {
            if value.is_undefined() {
                return Ok(Converted { json: None, bytes: Vec::new() });
            }
            return match lossless::to_tokens(value, limits.max_result_bytes, &mut self.context) {
                Ok(tokens) => Ok(Converted { json: Some(serde_json::Value::Array(tokens)), bytes: Vec::new() }),
                Err(Refused::Lossy) => Err(ProgramError::new(ErrorKind::Result, "ResultError", LOSSY_COMPLETION)),
                Err(Refused::TooLarge { limit }) => Err(unsendable_result(&crate::error::ConversionError::TooLarge { limit })),
                Err(Refused::Stopped(err)) => Err(self.error_from(err)),
            };
        }
        let bounds = Bounds { max_depth: MAX_RESULT_DEPTH, max_bytes: limits.max_result_bytes };
        match convert::to_json(value, bounds, &mut self.context) {
            Ok(value) => Ok(value),
            Err(Failure::Refused(refused)) => Err(unsendable_result(&refused)),
            Err(Failure::Thrown(err)) => Err(self.error_from(err)),
        }
    }

    fn job_failure(&mut self, failure: JobFailure) -> ProgramError {
        match failure {
            JobFailure::Stopped(reason) => reason.to_error(&self.wiring.budget.limits()),
            JobFailure::Uncaught(err) => self.error_from(err),
        }
    }

    /// The error for a failed engine call: the budget's stop if it stopped the program, else
    /// the exception, with positions in the original source.
    fn error_from(&mut self, err: JsError) -> ProgramError {
        if let Some(reason) = self.wiring.budget.stopped() {
            return reason.to_error(&self.wiring.budget.limits());
        }
        if let Some(EngineError::RuntimeLimit(_)) = err.as_engine() {
            // Boa's own limit, past ours: the same error, though the program could not catch it.
            let error = stack_overflow().into_opaque(&mut self.context);
            return self.uncaught(&error.into());
        }
        match err.into_opaque(&mut self.context) {
            Ok(value) => self.uncaught(&value),
            Err(err) => ProgramError::new(ErrorKind::Runtime, "Error", err.to_string()),
        }
    }

    /// Boa's parser refused what ours accepted in `program` (the source as given).
    fn syntax_error(&mut self, err: JsError, program: &str) -> ProgramError {
        let error = self.error_from(err);
        if self.wiring.budget.stopped().is_some() {
            return error;
        }
        // Boa words the place into the message, in the prepared script's lines and columns.
        let placed = parse_error_place(&error.message)
            .and_then(|(message, line, column)| Some((message, self.wiring.positions.borrow().original(line, column)?)));
        match placed {
            Some((message, (line, column))) => strip::syntax_error_at(&LineIndex::new(program), &error.name, message, line, column),
            None => ProgramError { kind: ErrorKind::Syntax, ..error },
        }
    }

    /// An exception nobody caught, as a 'runtime' error.
    fn uncaught(&mut self, reason: &JsValue) -> ProgramError {
        if let Some(stop) = self.wiring.budget.stopped() {
            return stop.to_error(&self.wiring.budget.limits());
        }
        let positions = self.wiring.positions.borrow().clone();
        let Some(object) = reason.as_object() else {
            let text = inspect::inspect(reason, &positions, &mut self.context).unwrap_or_default();
            // String() of a primitive runs no program code (of a symbol, its description).
            let thrown = match reason.as_symbol() {
                Some(symbol) => symbol.descriptive_string().to_std_string_escaped(),
                None => reason.to_string(&mut self.context).map(|text| text.to_std_string_escaped()).unwrap_or_default(),
            };
            return ProgramError {
                detail: Some(Box::new(Detail::Thrown(thrown.into()))),
                ..ProgramError::new(ErrorKind::Runtime, "Error", format!("Uncaught {text}"))
            };
        };
        let name = data_string(&object, "name", &mut self.context).unwrap_or_else(|| "Error".to_owned());
        let message = data_string(&object, "message", &mut self.context)
            .unwrap_or_else(|| inspect::inspect(reason, &positions, &mut self.context).unwrap_or_default());
        let stack = map_stack(&data_string(&object, "stack", &mut self.context).unwrap_or_default(), &positions);
        let mut error = ProgramError::new(ErrorKind::Runtime, name.clone(), message.clone());
        if let Some((line, column)) = first_position(&stack) {
            error.line = Some(line);
            error.column = Some(column);
        }
        error.stack = Some(if stack.is_empty() { format!("{name}: {message}") } else { format!("{name}: {message}\n{stack}") }.into());
        error
    }

    fn unhandled_rejections(&mut self) -> Vec<String> {
        let rejected: Vec<_> = self.wiring.rejections.borrow_mut().drain(..).collect();
        let positions = self.wiring.positions.borrow().clone();
        rejected
            .into_iter()
            .filter_map(|promise| JsPromise::from_object(promise).ok())
            .filter_map(|promise| match promise.state() {
                PromiseState::Rejected(reason) => Some(reason),
                _ => None,
            })
            .map(|reason| {
                let text = inspect::inspect(&reason, &positions, &mut self.context).unwrap_or_default();
                format!("Unhandled promise rejection: {text}")
            })
            .collect()
    }
}

/// Reports an execution that failed before its program could run (no realm, a crash); the
/// thread ends with it.
pub fn report_failure(sink: &Sink, execution: u32, error: ProgramError) {
    sink(ProgramEvent::Done { execution, outcome: Outcome::failed(error, true) });
}

/// A Boa parse error's message without its place, and the place: `"<message> at line L, col C"`.
fn parse_error_place(message: &str) -> Option<(&str, u32, u32)> {
    let (message, place) = message.rsplit_once(" at line ")?;
    let (line, column) = place.split_once(", col ")?;
    Some((message, line.parse().ok()?, column.parse().ok()?))
}

fn internal(message: &str) -> ProgramError {
    ProgramError::new(ErrorKind::Runtime, "InternalError", message)
}

/// The error of a return value that cannot cross to the host; the process substrate's host gives
/// the same for a child's result over maxResultBytes.
pub fn unsendable_result(refused: &crate::error::ConversionError) -> ProgramError {
    ProgramError::new(ErrorKind::Result, "ResultError", format!("the return value cannot be sent back: {refused}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::sync::mpsc::channel;

    /// Runs `source` in a fresh realm on this thread and returns how it ended.
    fn run(source: &str, limits: Limits) -> Outcome {
        let done = Arc::new(Mutex::new(None));
        let seen = done.clone();
        let sink: Sink = Arc::new(move |event| {
            if let ProgramEvent::Done { outcome, .. } = event {
                *seen.lock().unwrap() = Some(outcome);
            }
        });
        let request = Arc::new(StopRequest::default());
        let mut program = Program::new(limits, request.clone(), RealmKind::OneShot, true).unwrap();
        program.attach(&Surface::default(), &HashMap::new(), sink).unwrap();
        let (_sender, receiver) = channel();
        let receiver = Inbox::new(receiver);
        let execution = Execution { id: 0, source: source.to_owned(), language: Language::TypeScript, limits, request, tape: None };
        program.execute(execution, &receiver);
        done.lock().unwrap().take().unwrap()
    }

    /// The program's return value (`null` when it returned none).
    fn value_of(outcome: &Outcome) -> serde_json::Value {
        outcome.value.clone().unwrap_or_default()
    }

    fn quick() -> Limits {
        // Compute is CPU time: on a loaded machine it runs slower than the wall clock.
        Limits { wall: std::time::Duration::from_secs(20), compute: std::time::Duration::from_millis(500), ..Limits::default() }
    }

    #[test]
    fn timers_fire_in_order() {
        let outcome = run(
            "const order: string[] = []\nawait new Promise(r => { setTimeout(() => { order.push('b'); r(0) }, 20); setTimeout(() => order.push('a'), 5) })\nreturn order",
            quick(),
        );
        assert_eq!(outcome.value, Some(serde_json::json!(["a", "b"])), "{outcome:?}");
    }

    #[test]
    fn a_budget_stop_cannot_be_caught() {
        let outcome = run("try { while (true) {} } catch { return 'caught' } finally { return 'finally' }", quick());
        assert_eq!(outcome.error.map(|e| e.kind), Some(ErrorKind::ComputeBudget));
    }

    /// [`run`] on a thread with a program thread's stack, as the engine starts them.
    fn run_on_program_stack(source: &'static str, limits: Limits) -> Outcome {
        std::thread::Builder::new()
            .stack_size(crate::engine::PROGRAM_STACK_BYTES)
            .spawn(move || run(source, limits))
            .unwrap()
            .join()
            .unwrap()
    }

    #[test]
    fn a_stop_inside_a_class_definition_is_an_error_not_a_panic() {
        // A stop may land on any step; stopping at each one in turn reaches the property
        // definitions of `class extends` and private methods (vendor/README.md), which panicked.
        let mut stops = 0;
        for stop_at in 1.. {
            let mut context = boa_engine::Context::default();
            let handler: boa_engine::vm::InterruptHandler =
                std::rc::Rc::new(|_: &mut boa_engine::Context| Err(boa_engine::JsNativeError::error().with_message("stop").into()));
            context.set_interrupt_handler(stop_at, Some(handler));
            let source = boa_engine::Source::from_bytes("class A {}; class B extends A { #m() {} }; new B()");
            if context.eval(source).is_ok() {
                break; // The program ends before this step: every step was a stop once.
            }
            stops += 1;
        }
        assert!(stops > 20, "{stops}");
    }

    #[test]
    fn native_recursion_on_program_data_is_a_catchable_range_error() {
        let limits = Limits { compute: std::time::Duration::from_secs(20), wall: std::time::Duration::from_secs(40), ..Limits::default() };
        let outcome = run_on_program_stack(
            "let o = {}
for (let i = 0; i < 2e5; i++) o = { o }
try { JSON.stringify(o) } catch (e) { return [e.name, e.message] }",
            limits,
        );
        assert_eq!(value_of(&outcome), serde_json::json!(["RangeError", "Maximum call stack size exceeded"]), "{outcome:?}");
    }

    #[test]
    fn program_sized_results_are_charged_before_they_are_built() {
        let limits = Limits { max_memory_bytes: 16 << 20, ..quick() };
        let outcome = run(
            "const s = 'x'.repeat(1 << 20)
return Array(100).fill(s).join('').length",
            limits,
        );
        assert_eq!(outcome.error.as_ref().map(|e| e.kind), Some(ErrorKind::MemoryBudget), "{outcome:?}");
        let outcome = run(
            "const s = 'x'.repeat(1 << 20)
return Array(4).fill(s).join('').length",
            limits,
        );
        assert_eq!(value_of(&outcome), 4 << 20, "{outcome:?}");
    }

    #[test]
    fn runtime_errors_report_original_positions() {
        let outcome = run("const a: number = 1\nconst b: { c?: { d: number } } = {}\n  b.c.d", quick());
        let error = outcome.error.expect("the program fails");
        assert_eq!(error.kind, ErrorKind::Runtime, "{error:?}");
        // Boa points at the failing property access, `.d`.
        assert_eq!((error.line, error.column), (Some(3), Some(7)), "{error:?}");
    }
}
