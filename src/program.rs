//! One program's life on its thread: strip, prepare, evaluate in the realm, drive the event
//! loop (jobs, timers, binding replies) until the program's promise settles or a budget stops
//! it, then turn what happened into the run's result. A session keeps the realm and runs one
//! program after another in it.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;

use boa_engine::builtins::promise::PromiseState;
use boa_engine::error::EngineError;
use boa_engine::object::builtins::JsPromise;
use boa_engine::{Context, JsError, JsObject, JsValue, Source};
use serde::Serialize;

use crate::bridge::{Bridge, Call, Reply};
use crate::budget::{self, Budget, Limits, StopReason, StopRequest, stack_overflow};
use crate::console::{Level, LogEntry, Output};
use crate::convert::{self, Bounds, Failure};
use crate::error::{ErrorKind, ProgramError};
use crate::event_loop::{EventLoop, JobFailure};
use crate::inspect::{self, data_string, first_position, map_stack};
use crate::prepare::{self, Scope};
use crate::positions::PositionMap;
use crate::realm::{self, Rejections, SessionGlobals, Wiring};
use crate::strip;

/// Deepest nesting of a result value.
const MAX_RESULT_DEPTH: usize = 128;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Language {
    TypeScript,
    JavaScript,
}

/// What the host sends a program thread.
pub enum Inbound {
    Reply { call_id: u32, reply: Reply },
    /// A stop was requested through the program's `StopRequest`: look at it now.
    Wake,
    /// A session input to make readable from now on.
    Stage { name: String, bytes: Vec<u8> },
    /// A session's next program.
    Execute(Execution),
    /// A one-shot run for a realm made ahead of time.
    Start(Start),
    /// The session is over.
    Close,
}

/// What a program thread tells the host, tagged with the execution it belongs to.
pub enum Outbound {
    Log { execution: u32, entry: LogEntry },
    Call { execution: u32, call: Call },
    /// The execution's result as JSON (see [`Outcome`]).
    Done { execution: u32, outcome: String },
}

pub type Sink = Arc<dyn Fn(Outbound) + Send + Sync>;

pub struct Start {
    pub execution: Execution,
    pub binding_paths: Vec<String>,
    pub sink: Sink,
}

pub struct Execution {
    pub id: u32,
    pub source: String,
    pub language: Language,
    pub limits: Limits,
    pub request: Arc<StopRequest>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Stats {
    compute_ms: f64,
    wall_ms: f64,
    binding_calls: u32,
}

/// The public `RunResult`, minus `value: undefined` (JSON has no undefined: the key is absent).
#[derive(Serialize)]
struct Outcome {
    ok: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<serde_json::Value>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<ProgramError>,
    logs: Vec<LogEntry>,
    stats: Stats,
    /// The realm was lost with this run (the engine panicked or was unwound): its thread ends.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    ended: bool,
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

fn emit(sink: &RefCell<Option<Sink>>, event: Outbound) {
    if let Some(sink) = &*sink.borrow() {
        sink(event);
    }
}

fn realm_error(err: JsError) -> ProgramError {
    ProgramError::new(ErrorKind::Runtime, "Error", format!("the realm could not be set up: {err}"))
}

impl Program {
    /// A fresh realm, before any program has seen it. `session` (with its frame) makes it a
    /// session realm, with notebook scope and staged inputs. Without `enforce_budgets` no budget is
    /// enforced inside running code: only the benchmark's baseline uses that.
    pub fn new(limits: Limits, request: Arc<StopRequest>, session: Option<Option<serde_json::Value>>, enforce_budgets: bool) -> Result<Self, ProgramError> {
        let execution = Rc::new(Cell::new(0));
        let sink: Rc<RefCell<Option<Sink>>> = Rc::default();
        let budget = Rc::new(Budget::new(limits, request));
        let output = {
            let (sink, execution) = (sink.clone(), execution.clone());
            Rc::new(RefCell::new(Output::new(
                limits.max_log_bytes,
                Box::new(move |entry: &LogEntry| emit(&sink, Outbound::Log { execution: execution.get(), entry: entry.clone() })),
            )))
        };
        let bridge = {
            let (sink, execution) = (sink.clone(), execution.clone());
            Rc::new(Bridge::new(limits.max_result_bytes, Box::new(move |call| emit(&sink, Outbound::Call { execution: execution.get(), call }))))
        };
        let wiring = Wiring {
            budget,
            event_loop: Rc::new(EventLoop::default()),
            output,
            positions: Rc::new(RefCell::new(PositionMap::default())),
            bridge,
            rejections: Rejections::default(),
        };
        let staged = Rc::new(RefCell::new(BTreeMap::new()));
        let scope = if session.is_some() { Scope::Notebook } else { Scope::Isolated };
        let session = session.map(|frame| SessionGlobals { frame, staged: staged.clone() });
        let mut context = realm::create(&wiring, session.as_ref()).map_err(realm_error)?;
        if enforce_budgets {
            budget::enforce(&wiring.budget, &mut context);
        }
        Ok(Self { context, wiring, scope, execution, staged, sink })
    }

    /// Gives the realm its bindings and where to report; done once, before the first program.
    pub fn attach(&mut self, binding_paths: &[String], sink: Sink) -> Result<(), ProgramError> {
        crate::bridge::install(&self.wiring.bridge, binding_paths, &mut self.context).map_err(realm_error)?;
        *self.sink.borrow_mut() = Some(sink);
        Ok(())
    }

    /// Runs one program to its end and reports it to the sink. Returns false when the inbox
    /// asked the session to close or the realm cannot be kept.
    pub fn execute(&mut self, execution: Execution, inbox: &Receiver<Inbound>) -> bool {
        self.execution.set(execution.id);
        let budget = self.wiring.budget.clone();
        budget.restart(execution.limits, execution.request);
        self.wiring.bridge.restart(execution.limits.max_result_bytes);
        *self.wiring.output.borrow_mut() = Output::new(execution.limits.max_log_bytes, self.take_listener());
        self.wiring.rejections.borrow_mut().clear();

        budget.begin_compute();
        let mut open = true;
        let mut realm_lost = false;
        let mut main = None;
        let ran = catch_unwind(AssertUnwindSafe(|| match self.start(&execution.source, execution.language) {
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
            Err(budget.stopped().map_or_else(
                ProgramError::crashed,
                |reason| reason.to_error(&budget.limits()),
            ))
        });
        budget.end_compute();
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
        };
        if let Some(sink) = &*self.sink.borrow() {
            report(sink, execution.id, result, logs, stats, realm_lost);
        }
        open && !realm_lost
    }

    /// The console listener, moved from the previous execution's output to the next one.
    fn take_listener(&self) -> crate::console::Listener {
        std::mem::replace(&mut *self.wiring.output.borrow_mut(), Output::new(0, Box::new(|_| {}))).into_listener()
    }

    /// Strips, prepares and evaluates the program up to its first `await`.
    fn start(&mut self, source: &str, language: Language) -> Result<JsPromise, ProgramError> {
        prepare::check_shape(source)?;
        let body = match language {
            Language::TypeScript => strip::strip_types(source)?,
            Language::JavaScript => source.to_owned(),
        };
        let prepared = prepare::script(&body, self.scope)?;
        *self.wiring.positions.borrow_mut() = prepared.positions;
        let context = &mut self.context;
        let source = Source::from_bytes(prepared.script.as_bytes()).with_path(std::path::Path::new("program"));
        let outer = context.eval(source).map_err(|err| self.error_from(err))?;
        let outer = outer.as_callable().ok_or_else(|| internal("the prepared program is not a function"))?;
        let global = self.context.global_object();
        let promise = outer
            .call(&JsValue::undefined(), &[global.into()], &mut self.context)
            .map_err(|err| self.error_from(err))?;
        let promise = promise.as_object().and_then(|o| JsPromise::from_object(o).ok());
        promise.ok_or_else(|| internal("the prepared program did not return a promise"))
    }

    /// Runs jobs, timers and binding replies until the program's promise settles.
    fn drive(&mut self, promise: &JsPromise, inbox: &Receiver<Inbound>, open: &mut bool) -> Result<Option<serde_json::Value>, ProgramError> {
        let budget = self.wiring.budget.clone();
        let event_loop = self.wiring.event_loop.clone();
        loop {
            event_loop.run_microtasks(&mut self.context, &budget).map_err(|f| self.job_failure(f))?;
            event_loop.run_due_timers(&mut self.context, &budget).map_err(|f| self.job_failure(f))?;
            match promise.state() {
                PromiseState::Fulfilled(value) => return self.result(&value),
                PromiseState::Rejected(reason) => return Err(self.uncaught(&reason)),
                PromiseState::Pending => {}
            }
            // Nothing to run until the host replies, a timer is due, or the wall budget ends.
            let wake_at = event_loop.next_timer().map_or(budget.wall_deadline(), |t| t.min(budget.wall_deadline()));
            budget.end_compute();
            let message = inbox.recv_timeout(wake_at.saturating_duration_since(Instant::now()));
            budget.begin_compute();
            match message {
                Ok(message) => self.receive(message, open).map_err(|err| self.error_from(err))?,
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => budget.request_stop(StopReason::Disposed),
            }
            budget.check().map_err(|reason| reason.to_error(&budget.limits()))?;
        }
    }

    fn receive(&mut self, message: Inbound, open: &mut bool) -> Result<(), JsError> {
        match message {
            Inbound::Reply { call_id, reply } => self.wiring.bridge.settle(call_id, reply, &mut self.context)?,
            Inbound::Stage { name, bytes } => self.stage(name, bytes),
            Inbound::Close => {
                *open = false;
                self.wiring.budget.request_stop(StopReason::Disposed);
            }
            // A session runs one program at a time; the host never sends another meanwhile.
            Inbound::Execute(_) | Inbound::Start(_) | Inbound::Wake => {}
        }
        Ok(())
    }

    pub fn stage(&self, name: String, bytes: Vec<u8>) {
        self.staged.borrow_mut().insert(name, bytes.into());
    }

    fn result(&mut self, value: &JsValue) -> Result<Option<serde_json::Value>, ProgramError> {
        let limits = self.wiring.budget.limits();
        let bounds = Bounds { max_depth: MAX_RESULT_DEPTH, max_bytes: limits.max_result_bytes };
        match convert::to_json(value, bounds, &mut self.context) {
            Ok(value) => Ok(value),
            Err(Failure::Refused(refused)) => Err(ProgramError::new(ErrorKind::Result, "ResultError", format!("the return value cannot be sent back: {refused}"))),
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

    /// An exception nobody caught, as a 'runtime' (or 'syntax') error.
    fn uncaught(&mut self, reason: &JsValue) -> ProgramError {
        if let Some(stop) = self.wiring.budget.stopped() {
            return stop.to_error(&self.wiring.budget.limits());
        }
        let positions = self.wiring.positions.borrow().clone();
        let Some(object) = reason.as_object() else {
            let text = inspect::inspect(reason, &positions, &mut self.context).unwrap_or_default();
            return ProgramError::new(ErrorKind::Runtime, "Error", format!("Uncaught {text}"));
        };
        let name = data_string(&object, "name", &mut self.context).unwrap_or_else(|| "Error".to_owned());
        let message = data_string(&object, "message", &mut self.context)
            .unwrap_or_else(|| inspect::inspect(reason, &positions, &mut self.context).unwrap_or_default());
        let stack = map_stack(&data_string(&object, "stack", &mut self.context).unwrap_or_default(), &positions);
        let kind = if name == "SyntaxError" && stack.is_empty() { ErrorKind::Syntax } else { ErrorKind::Runtime };
        let mut error = ProgramError::new(kind, name.clone(), message.clone());
        if let Some((line, column)) = first_position(&stack) {
            error.line = Some(line);
            error.column = Some(column);
        }
        error.stack = Some(if stack.is_empty() { format!("{name}: {message}") } else { format!("{name}: {message}\n{stack}") });
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

/// Sends an execution's result to the host.
fn report(sink: &Sink, execution: u32, result: Result<Option<serde_json::Value>, ProgramError>, logs: Vec<LogEntry>, stats: Stats, ended: bool) {
    let outcome = match result {
        Ok(value) => Outcome { ok: true, value, error: None, logs, stats, ended },
        Err(error) => Outcome { ok: false, value: None, error: Some(error), logs, stats, ended },
    };
    let outcome = serde_json::to_string(&outcome).unwrap_or_else(|err| {
        let error = ProgramError::new(ErrorKind::Result, "ResultError", format!("the result could not be encoded: {err}"));
        format!(r#"{{"ok":false,"error":{},"logs":[],"stats":{{"computeMs":0,"wallMs":0,"bindingCalls":0}},"ended":{ended}}}"#, serde_json::to_string(&error).unwrap_or_default())
    });
    sink(Outbound::Done { execution, outcome });
}

/// Reports an execution that failed before its program could run (no realm, a crash); the
/// thread ends with it.
pub fn report_failure(sink: &Sink, execution: u32, error: ProgramError) {
    report(sink, execution, Err(error), Vec::new(), Stats { compute_ms: 0.0, wall_ms: 0.0, binding_calls: 0 }, true);
}

fn internal(message: &str) -> ProgramError {
    ProgramError::new(ErrorKind::Runtime, "InternalError", message)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;
    use std::sync::mpsc::channel;

    /// Runs `source` in a fresh realm on this thread and returns the result JSON.
    fn run(source: &str, limits: Limits) -> serde_json::Value {
        let done = Arc::new(Mutex::new(None));
        let seen = done.clone();
        let sink: Sink = Arc::new(move |event| {
            if let Outbound::Done { outcome, .. } = event {
                *seen.lock().unwrap() = Some(outcome);
            }
        });
        let request = Arc::new(StopRequest::default());
        let mut program = Program::new(limits, request.clone(), None, true).unwrap();
        program.attach(&[], sink).unwrap();
        let (_inbox, receiver) = channel();
        let execution = Execution { id: 0, source: source.to_owned(), language: Language::TypeScript, limits, request };
        program.execute(execution, &receiver);
        let outcome = done.lock().unwrap().take().unwrap();
        serde_json::from_str(&outcome).unwrap()
    }

    fn quick() -> Limits {
        Limits { wall: std::time::Duration::from_secs(2), compute: std::time::Duration::from_millis(500), ..Limits::default() }
    }

    #[test]
    fn timers_fire_in_order() {
        let outcome = run(
            "const order: string[] = []\nawait new Promise(r => { setTimeout(() => { order.push('b'); r(0) }, 20); setTimeout(() => order.push('a'), 5) })\nreturn order",
            quick(),
        );
        assert_eq!(outcome["value"], serde_json::json!(["a", "b"]), "{outcome}");
    }

    #[test]
    fn a_budget_stop_cannot_be_caught() {
        let outcome = run("try { while (true) {} } catch { return 'caught' } finally { return 'finally' }", quick());
        assert_eq!(outcome["error"]["kind"], "compute_budget", "{outcome}");
    }

    /// [`run`] on a thread with a program thread's stack, as the engine starts them.
    fn run_on_program_stack(source: &'static str, limits: Limits) -> serde_json::Value {
        std::thread::Builder::new()
            .stack_size(crate::engine::PROGRAM_STACK_BYTES)
            .spawn(move || run(source, limits))
            .unwrap()
            .join()
            .unwrap()
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
        assert_eq!(outcome["value"], serde_json::json!(["RangeError", "Maximum call stack size exceeded"]), "{outcome}");
    }

    #[test]
    fn program_sized_results_are_charged_before_they_are_built() {
        let limits = Limits { max_memory_bytes: 16 << 20, ..quick() };
        let outcome = run("const s = 'x'.repeat(1 << 20)
return Array(100).fill(s).join('').length", limits);
        assert_eq!(outcome["error"]["kind"], "memory_budget", "{outcome}");
        let outcome = run("const s = 'x'.repeat(1 << 20)
return Array(4).fill(s).join('').length", limits);
        assert_eq!(outcome["value"], 4 << 20, "{outcome}");
    }

    #[test]
    fn runtime_errors_report_original_positions() {
        let outcome = run("const a: number = 1\nconst b: { c?: { d: number } } = {}\n  b.c.d", quick());
        assert_eq!(outcome["error"]["kind"], "runtime", "{outcome}");
        // Boa points at the failing property access, `.d`.
        assert_eq!((outcome["error"]["line"].as_u64(), outcome["error"]["column"].as_u64()), (Some(3), Some(7)), "{outcome}");
    }
}
