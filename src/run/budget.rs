//! Budgets a program cannot escape. The engine calls [`Budget::interrupt`] every so many
//! instructions (an interrupt our vendored Boa adds, see `vendor/README.md`), whatever runs them:
//! the program, a promise job, a callback of a built-in. A stop is an engine error, which
//! try/catch/finally and promise handlers cannot intercept.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use cpu_time::ThreadTime;

use boa_engine::error::{EngineError, PanicError};
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use crate::error::{Detail, ErrorKind, ProgramError};
use crate::run::memory;

/// Limits as the host passes them (for a runtime, a run or an execute); omitted fields take the
/// defaults. Crosses N-API as a plain object.
#[napi_derive::napi(object)]
#[derive(Debug, Clone, Copy, Default, serde::Serialize, serde::Deserialize)]
pub struct LimitOverrides {
    pub compute_ms: Option<f64>,
    pub max_wall_ms: Option<f64>,
    pub max_log_bytes: Option<f64>,
    pub max_result_bytes: Option<f64>,
    pub max_memory_bytes: Option<f64>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    pub compute: Duration,
    pub wall: Duration,
    pub max_log_bytes: usize,
    pub max_result_bytes: usize,
    pub max_memory_bytes: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            compute: Duration::from_secs(5),
            wall: Duration::from_secs(30),
            max_log_bytes: 64 * 1024,
            max_result_bytes: 1024 * 1024,
            max_memory_bytes: 256 * 1024 * 1024,
        }
    }
}

impl Limits {
    /// These limits with `overrides` applied; an override that is not a finite number >= 0 is
    /// ignored by the JS layer's validation before it gets here.
    pub fn with(self, overrides: &LimitOverrides) -> Self {
        // Saturating: a budget too large for a Duration is as good as none.
        let ms = |v: Option<f64>, d: Duration| v.map_or(d, |ms| Duration::try_from_secs_f64(ms / 1e3).unwrap_or(Duration::MAX));
        let bytes = |v: Option<f64>, d: usize| v.map_or(d, |b| b as usize);
        Self {
            compute: ms(overrides.compute_ms, self.compute),
            wall: ms(overrides.max_wall_ms, self.wall),
            max_log_bytes: bytes(overrides.max_log_bytes, self.max_log_bytes),
            max_result_bytes: bytes(overrides.max_result_bytes, self.max_result_bytes),
            max_memory_bytes: bytes(overrides.max_memory_bytes, self.max_memory_bytes),
        }
    }
}

/// Why a program was stopped before it finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopReason {
    ComputeBudget,
    WallBudget,
    MemoryBudget,
    Aborted,
    Disposed,
    /// The replay of a resumed program went another way than its log (`replay.rs` says how).
    Diverged,
    /// The program called `process.exit(code)`; only the program's own thread stops for it.
    Exit(i32),
}

impl StopReason {
    /// The reasons a host can request, as [`StopRequest`] stores them: 0 for none, and for
    /// `process.exit`, which stops the program on its own thread, never through a request.
    fn requested_code(self) -> u8 {
        match self {
            Self::ComputeBudget => 1,
            Self::WallBudget => 2,
            Self::MemoryBudget => 3,
            Self::Aborted => 4,
            Self::Disposed => 5,
            Self::Diverged => 6,
            Self::Exit(_) => 0,
        }
    }

    fn from_requested_code(value: u8) -> Option<Self> {
        Some(match value {
            1 => Self::ComputeBudget,
            2 => Self::WallBudget,
            3 => Self::MemoryBudget,
            4 => Self::Aborted,
            5 => Self::Disposed,
            6 => Self::Diverged,
            _ => return None,
        })
    }

    pub fn to_error(self, limits: &Limits) -> ProgramError {
        let (kind, name, message) = match self {
            Self::ComputeBudget => (
                ErrorKind::ComputeBudget,
                "BudgetExceeded",
                format!("the program used its compute budget of {} ms", limits.compute.as_millis()),
            ),
            Self::WallBudget => (
                ErrorKind::WallBudget,
                "BudgetExceeded",
                format!("the program ran past its wall-clock budget of {} ms", limits.wall.as_millis()),
            ),
            Self::MemoryBudget => (
                ErrorKind::MemoryBudget,
                "BudgetExceeded",
                format!("the program allocated more than its memory budget of {} bytes", limits.max_memory_bytes),
            ),
            Self::Aborted => (ErrorKind::Aborted, "AbortError", "the run was aborted by the host".to_owned()),
            Self::Disposed => (ErrorKind::Disposed, "DisposedError", "the runtime was disposed".to_owned()),
            Self::Diverged => {
                (ErrorKind::Replay, "ReplayError", "on replay the program did something else than it did before it paused".to_owned())
            }
            Self::Exit(code) => {
                let message = format!("the program called process.exit({code}) before it completed");
                return ProgramError {
                    detail: Some(Box::new(Detail::ExitCode(code))),
                    ..ProgramError::new(ErrorKind::Exit, "Exit", message)
                };
            }
        };
        ProgramError::new(kind, name, message)
    }
}

/// A stop requested from outside the program thread (abort, dispose). The first reason wins.
#[derive(Debug, Default)]
pub struct StopRequest(AtomicU8);

impl StopRequest {
    pub fn request(&self, reason: StopReason) {
        let _ = self.0.compare_exchange(0, reason.requested_code(), Ordering::AcqRel, Ordering::Acquire);
    }

    pub fn get(&self) -> Option<StopReason> {
        StopReason::from_requested_code(self.0.load(Ordering::Acquire))
    }
}

/// Instructions between two checks: the countdown doubles while checks come quickly and halves
/// when they come slowly, so a fast program pays for few checks and one whose instructions are
/// slow (long native calls) still notices its deadline within about a millisecond.
const MIN_COUNTDOWN: u32 = 1;
const MAX_COUNTDOWN: u32 = 2048;
const CHECK_INTERVAL_LOW: Duration = Duration::from_micros(250);
const CHECK_INTERVAL_HIGH: Duration = Duration::from_millis(1);
const FAST_GROWTH_BYTES: usize = 64 * 1024;

/// When a program started, by the wall clock and by its thread's CPU clock.
#[derive(Clone, Copy)]
struct Clocks {
    wall: Instant,
    cpu: ThreadTime,
}

/// The budgets of one program, owned by its thread and shared with the realm's hooks. A session
/// restarts it for each execute, keeping the memory baseline of the realm's creation.
pub struct Budget {
    limits: Cell<Limits>,
    /// None between programs (a realm being built, or waiting for its next program): time spent
    /// there is nobody's, so no clock runs and no time budget applies.
    started: Cell<Option<Clocks>>,
    memory_baseline: isize,
    request: RefCell<Arc<StopRequest>>,
    stopped: Cell<Option<StopReason>>,
    countdown: Cell<u32>,
    last_check: Cell<Instant>,
    /// Live bytes right after the last collection the budget forced.
    collected_at: Cell<usize>,
    /// Live bytes at the last native check.
    used_at_check: Cell<usize>,
    /// CPU time the runtime spent on the program's thread for itself (polling for replies),
    /// which is not the program's compute.
    runtime_cpu: Cell<Duration>,
    /// Where the program thread's stack stood when the program started, and the lowest point
    /// a check has seen it reach since: touched stack pages stay resident, so they are memory
    /// the program holds like any other (a 10^5-deep `JSON.parse` touches 64 MiB).
    stack_start: Cell<usize>,
    stack_lowest: Cell<usize>,
}

/// The address of a local of the caller: where the stack stands now.
#[inline(always)]
pub fn stack_position() -> usize {
    let marker = 0u8;
    std::hint::black_box(std::ptr::addr_of!(marker)) as usize
}

impl Budget {
    /// A budget whose memory baseline is what the calling thread holds now.
    pub fn new(limits: Limits, request: Arc<StopRequest>) -> Self {
        Self {
            limits: Cell::new(limits),
            started: Cell::new(None),
            memory_baseline: memory::thread_live_bytes(),
            request: RefCell::new(request),
            stopped: Cell::new(None),
            countdown: Cell::new(MIN_COUNTDOWN),
            last_check: Cell::new(Instant::now()),
            collected_at: Cell::new(0),
            used_at_check: Cell::new(0),
            runtime_cpu: Cell::new(Duration::ZERO),
            stack_start: Cell::new(0),
            stack_lowest: Cell::new(0),
        }
    }

    /// Starts the clocks for the next program in this realm.
    pub fn restart(&self, limits: Limits, request: Arc<StopRequest>) {
        let now = Instant::now();
        self.limits.set(limits);
        self.started.set(Some(Clocks { wall: now, cpu: ThreadTime::now() }));
        *self.request.borrow_mut() = request;
        self.stopped.set(None);
        self.countdown.set(MIN_COUNTDOWN);
        self.last_check.set(now);
        self.collected_at.set(0);
        self.used_at_check.set(self.memory_used());
        self.runtime_cpu.set(Duration::ZERO);
        memory::reset_peak();
        self.stack_start.set(stack_position());
        self.stack_lowest.set(stack_position());
    }

    /// Stops the program now, for `process.exit(code)`: the error to return from the native that
    /// asked, which no handler can catch.
    pub fn exit(&self, code: i32) -> JsError {
        let reason = StopReason::Exit(code);
        if self.stopped.get().is_none() {
            self.stopped.set(Some(reason));
        }
        uncatchable(reason)
    }

    /// Stops the program at its next check, as if the host had asked.
    pub fn request_stop(&self, reason: StopReason) {
        self.request.borrow().request(reason);
    }

    pub fn limits(&self) -> Limits {
        self.limits.get()
    }

    /// A stop the host asked for (abort, dispose), if it did.
    pub fn requested_stop(&self) -> Option<StopReason> {
        self.request.borrow().get()
    }

    /// Stops the clocks: the program has ended, and until the next one starts no budget runs.
    pub fn finish(&self) {
        self.started.set(None);
    }

    /// When the wall budget ends; for a huge budget, far enough away never to be reached.
    pub fn wall_deadline(&self) -> Instant {
        let now = Instant::now();
        let started = self.started.get().map_or(now, |clocks| clocks.wall);
        let far = now + Duration::from_secs(365 * 24 * 3600);
        started.checked_add(self.limits.get().wall).map_or(far, |deadline| deadline.min(far))
    }

    pub fn wall_elapsed(&self) -> Duration {
        self.started.get().map_or(Duration::ZERO, |clocks| clocks.wall.elapsed())
    }

    /// CPU time the program's thread has spent on it: busy time, which waiting does not add to
    /// and a loaded machine does not inflate.
    pub fn compute_used(&self) -> Duration {
        self.started.get().map_or(Duration::ZERO, |clocks| clocks.cpu.elapsed().saturating_sub(self.runtime_cpu.get()))
    }

    /// Takes CPU time the runtime spent on this thread for itself out of the program's compute.
    pub fn exclude_from_compute(&self, spent: Duration) {
        self.runtime_cpu.set(self.runtime_cpu.get() + spent);
    }

    /// Bytes the program holds: what its thread allocated, and the stack it touched.
    pub fn memory_used(&self) -> usize {
        memory::note_peak();
        let lowest = self.stack_lowest.get().min(stack_position());
        self.stack_lowest.set(lowest);
        (memory::thread_live_bytes() - self.memory_baseline).max(0) as usize + self.stack_start.get().saturating_sub(lowest)
    }

    /// The most bytes the program held at once since it started, counted as [`Self::memory_used`].
    pub fn memory_peak(&self) -> usize {
        (memory::thread_peak_bytes() - self.memory_baseline).max(0) as usize
            + self.stack_start.get().saturating_sub(self.stack_lowest.get())
    }

    /// Bytes the program may still allocate, for the ArrayBuffer size hook.
    pub fn memory_remaining(&self) -> usize {
        self.limits.get().max_memory_bytes.saturating_sub(self.memory_used())
    }

    /// Why the program was stopped, once it was.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped.get()
    }

    /// Whether live memory plus `more` bytes is past `max`. Garbage counts until the collector
    /// runs, so a trip is only called after a collection. A collection runs whenever the count
    /// comes within a sixteenth of the budget, but never again before it grew by a thirty-second
    /// of the budget, so the count never passes the budget by more than that (with an eighth, RSS
    /// ran 12% past it). The collector's own lists take up to a sixteenth of the budget while it
    /// runs (32 MiB of 512 for 10^6 classes), so collecting only past the budget took the count
    /// 6% past it.
    fn over_memory(&self, more: usize, max: usize) -> bool {
        let used = self.memory_used();
        let wanted = used.saturating_add(more);
        if wanted <= max - max / 16 {
            return false;
        }
        // Below the budget a collection waits for twice the growth: right after one, the
        // collector's list of objects doubles again at the next allocation (1.5 MiB in a 32 MiB
        // push loop), which a thirty-second would see as growth and collect for again, object
        // after object.
        let step = if wanted <= max { max / 16 } else { max / 32 };
        if used >= self.collected_at.get() + step {
            boa_gc::force_collect();
            let after = self.memory_used();
            // What the collection freed in small blocks stays with the allocator, in RSS, while
            // large blocks are mapped anew (a 10^6-deep Proxy chain freed, then a 384 MiB string:
            // RSS 703 MiB against a count of 448). Near the budget it goes back to the OS.
            if used.saturating_sub(after) > RELEASE_AFTER_COLLECTION_BYTES {
                memory::release_freed();
            }
            self.collected_at.set(after);
        }
        if wanted <= max {
            return false;
        }
        // A program whose live bytes are within a sixteenth of its budget after a collection is
        // at its limit, as in V8 when collections stop freeing enough. Going on, it would collect
        // at nearly every check and hardly move: the collector's list of objects, compacted by
        // each collection, doubles again at the next allocation (1.5 MiB for a 32 MiB push loop,
        // which then pushed one object per collection for seconds).
        self.collected_at.get().saturating_add(more.max(max / 16)) > max
    }

    /// Stops the program because an operation would allocate `bytes` more than it may. The
    /// engine asks this before it builds a result whose size the program chose.
    pub fn refuse_allocation(&self, bytes: usize) -> Option<JsError> {
        if !self.over_memory(bytes, self.limits.get().max_memory_bytes) {
            return None;
        }
        self.stopped.set(Some(StopReason::MemoryBudget));
        Some(uncatchable(StopReason::MemoryBudget))
    }

    /// Checks every budget; the first one exceeded stops the program for good.
    pub fn check(&self) -> Result<(), StopReason> {
        self.stop_if(|| self.over_memory(0, self.limits.get().max_memory_bytes).then_some(StopReason::MemoryBudget))
    }

    fn stop_if(&self, memory: impl FnOnce() -> Option<StopReason>) -> Result<(), StopReason> {
        if let Some(reason) = self.stopped.get() {
            return Err(reason);
        }
        let limits = self.limits.get();
        let running = self.started.get().is_some();
        let reason = if let Some(reason) = self.request.borrow().get() {
            Some(reason)
        } else if !running {
            None
        } else {
            let wall = self.wall_elapsed();
            if wall >= limits.wall {
                Some(StopReason::WallBudget)
            } else if wall >= limits.compute && self.compute_used() >= limits.compute {
                // A thread's CPU time never runs ahead of the wall clock, so the CPU clock (a
                // system call, where the wall clock is not) is only read once the wall clock
                // could trip it.
                Some(StopReason::ComputeBudget)
            } else {
                memory()
            }
        };
        match reason {
            Some(reason) => {
                self.stopped.set(Some(reason));
                Err(reason)
            }
            None => Ok(()),
        }
    }

    /// The engine's interrupt: returns how many instructions may run before the next check, or
    /// an uncatchable error once a budget is exceeded.
    pub fn interrupt(&self) -> Result<u32, JsError> {
        self.check().map_err(uncatchable)?;
        let now = Instant::now();
        let since = now - self.last_check.replace(now);
        let used = self.memory_used();
        let grown = used.saturating_sub(self.used_at_check.replace(used));
        let countdown = self.countdown.get();
        // A program growing fast (`s += s` doubles each iteration) is checked at every instruction.
        let next = if grown > FAST_GROWTH_BYTES {
            MIN_COUNTDOWN
        } else if since < CHECK_INTERVAL_LOW {
            (countdown * 2).min(MAX_COUNTDOWN)
        } else if since > CHECK_INTERVAL_HIGH {
            (countdown / 2).max(MIN_COUNTDOWN)
        } else {
            countdown
        };
        self.countdown.set(next);
        Ok(next)
    }
}

/// A collection near the budget that freed more than this gives it back to the OS at once.
const RELEASE_AFTER_COLLECTION_BYTES: usize = 16 << 20;

/// What a program sees when it recurses too deep, as in Node.
pub fn stack_overflow() -> boa_engine::JsNativeError {
    boa_engine::JsNativeError::range().with_message("Maximum call stack size exceeded")
}

/// An error no JS handler can catch: Boa unwinds every frame and hands it to the host.
pub fn uncatchable(reason: StopReason) -> JsError {
    JsError::from(EngineError::from(PanicError::new(format!("program stopped: {reason:?}"))))
}

/// Deepest call nesting a program may reach before a (catchable) RangeError. Checked at each
/// interrupt, so a program may overshoot it by one countdown (a call takes at least one
/// instruction): Boa's own, uncatchable limit is set above that.
pub const MAX_CALL_DEPTH: usize = 2000;
pub const ENGINE_RECURSION_LIMIT: usize = MAX_CALL_DEPTH + MAX_COUNTDOWN as usize + 256;

thread_local! {
    /// The budget of the program on this thread, for the regular-expression matcher's hook.
    static MATCHING_BUDGET: RefCell<Option<std::rc::Rc<Budget>>> = const { RefCell::new(None) };
}

/// Called by the matcher every so many backtracking steps, and by the compiler every so many
/// compile steps. A match cannot return an error, so a stop unwinds out of it:
/// `Program::execute` catches the unwind and reports the budget's stop. The memory check is the
/// full one: the collector moves nothing and the matcher holds no collected value, and with a
/// check at twice the budget a `v`-flag class set compiled to 134 MiB under a 64 MiB budget.
fn stop_long_match() {
    let stopped = MATCHING_BUDGET.with(|budget| budget.borrow().as_ref().is_some_and(|b| b.check().is_err()));
    if stopped {
        // Not `panic!`: no panic hook runs, nothing is printed to the host's stderr.
        std::panic::resume_unwind(Box::new("program stopped in a regular expression"));
    }
}

/// Makes the engine check `budget` as `context` runs code, from the first instruction on,
/// before it builds a result whose size the program chose, and as regular expressions matched on
/// this thread backtrack.
pub fn enforce(budget: &std::rc::Rc<Budget>, context: &mut boa_engine::Context) {
    MATCHING_BUDGET.with(|matching| *matching.borrow_mut() = Some(budget.clone()));
    regress::set_backtrack_hook(Some(stop_long_match));
    let interrupted = budget.clone();
    let handler: boa_engine::vm::InterruptHandler = std::rc::Rc::new(move |context| {
        let countdown = interrupted.interrupt()?;
        if context.stack_trace().nth(MAX_CALL_DEPTH).is_some() {
            return Err(stack_overflow().into());
        }
        Ok(countdown)
    });
    context.set_interrupt_handler(MIN_COUNTDOWN, Some(handler));
    let budget = budget.clone();
    context.set_allocation_check(Some(std::rc::Rc::new(move |bytes| budget.refuse_allocation(bytes).map_or(Ok(()), Err))));
}

/// Built-ins that allocate in one native call in proportion to an argument, and how many bytes
/// they would take. Boa cannot be stopped inside them, so they are refused before they start when
/// the estimate exceeds what is left of the memory budget. (The realm's web APIs charge their own
/// estimates, `realm/web/`.)
type Estimate = fn(&JsValue, &[JsValue], &mut Context) -> JsResult<f64>;

fn length_of_this(this: &JsValue, context: &mut Context) -> JsResult<f64> {
    match this.as_object() {
        Some(object) => Ok(object.get(js_string!("length"), context)?.to_length(context)? as f64),
        None => Ok(0.0),
    }
}

/// A built-in refused before it starts when `estimate` is more than the budget has left: `name`
/// on the global `owner` itself, or on its prototype.
struct Guarded {
    owner: &'static str,
    name: &'static str,
    on_prototype: bool,
    estimate: Estimate,
}

/// Both grow an array's element storage without a result the engine could check up front
/// (strings, argument lists and JSON are checked inside the engine, see `enforce`).
const GUARDED: [Guarded; 2] = [
    Guarded { owner: "Array", name: "fill", on_prototype: true, estimate: |this, _, context| Ok(length_of_this(this, context)? * 16.0) },
    Guarded {
        owner: "Array",
        name: "from",
        on_prototype: false,
        estimate: |_, args, context| match args.first().and_then(JsValue::as_object) {
            Some(source) => Ok(source.get(js_string!("length"), context)?.to_number(context).unwrap_or(0.0) * 16.0),
            None => Ok(0.0),
        },
    },
];

/// `owner`'s own property `name`, which a fresh realm always has, read from its property map:
/// no program has run yet, and reading it through `[[Get]]` and a descriptor object made these
/// wrappers a sixth of a realm's build.
fn own_property(owner: &JsObject, name: &str) -> JsResult<PropertyDescriptor> {
    owner.borrow().properties().get(&JsString::from(name).into()).ok_or_else(|| missing(name))
}

/// The object at `owner[name]`, an own data property of a fresh realm's built-in.
fn built_in(owner: &JsObject, name: &str) -> JsResult<JsObject> {
    own_property(owner, name)?.value().and_then(JsValue::as_object).ok_or_else(|| missing(name))
}

fn missing(name: &str) -> JsError {
    JsNativeError::typ().with_message(format!("missing built-in {name}")).into()
}

/// Wraps the built-ins in [`GUARDED`] with their memory estimate.
pub fn guard_bulk_allocations(context: &mut Context) -> JsResult<()> {
    for &Guarded { owner, name, on_prototype, estimate } in &GUARDED {
        let owner = built_in(&context.global_object(), owner)?;
        let target = if on_prototype { built_in(&owner, "prototype")? } else { owner };
        let original = built_in(&target, name)?;
        let length = own_property(&original, "length")?.value().map_or(Ok(0), |length| length.to_length(context))? as usize;
        // SAFETY: the only garbage-collected capture, `original`, is passed as a traced capture.
        let wrapped = unsafe {
            NativeFunction::from_closure_with_captures(
                move |this, args, original: &JsObject, context| {
                    // Saturating: an estimate past `usize::MAX` is refused like any too large one.
                    let bytes = estimate(this, args, context)? as usize;
                    context.reserve_memory(bytes)?;
                    original.call(this, args, context)
                },
                original,
            )
        };
        let wrapped = FunctionObjectBuilder::new(context.realm(), wrapped).name(JsString::from(name)).length(length).build();
        let descriptor = PropertyDescriptor::builder().value(wrapped).writable(true).enumerable(false).configurable(true);
        target.define_property_or_throw(JsString::from(name), descriptor, context)?;
    }
    Ok(())
}
