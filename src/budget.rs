//! Budgets a program cannot escape. Boa has no interrupt API, so the program's own code is
//! instrumented (see `instrument`) to call [`Budget::checkpoint`] at every loop iteration and
//! function entry, through a countdown kept in JS so most checkpoints cost no native call. A stop
//! is an engine error, which try/catch/finally and promise handlers cannot intercept.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use boa_engine::JsError;
use boa_engine::error::{EngineError, PanicError};
use serde::Deserialize;

use crate::error::{ErrorKind, ProgramError};
use crate::memory;

/// Per-run limits as the host passes them; omitted fields take the defaults.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
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
        let ms = |v: Option<f64>, d: Duration| v.map_or(d, |ms| Duration::from_secs_f64(ms / 1e3));
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
#[repr(u8)]
pub enum StopReason {
    ComputeBudget = 1,
    WallBudget = 2,
    MemoryBudget = 3,
    Aborted = 4,
    Disposed = 5,
}

impl StopReason {
    fn from_u8(value: u8) -> Option<Self> {
        Some(match value {
            1 => Self::ComputeBudget,
            2 => Self::WallBudget,
            3 => Self::MemoryBudget,
            4 => Self::Aborted,
            5 => Self::Disposed,
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
        };
        ProgramError::new(kind, name, message)
    }
}

/// A stop requested from outside the program thread (abort, dispose). The first reason wins.
#[derive(Debug, Default)]
pub struct StopRequest(AtomicU8);

impl StopRequest {
    pub fn request(&self, reason: StopReason) {
        let _ = self.0.compare_exchange(0, reason as u8, Ordering::AcqRel, Ordering::Acquire);
    }

    pub fn get(&self) -> Option<StopReason> {
        StopReason::from_u8(self.0.load(Ordering::Acquire))
    }
}

/// Checkpoints between two native checks: the countdown doubles while checks come quickly and
/// halves when they come slowly, so a tight loop pays for few native calls and a slow one still
/// notices its deadline within about a millisecond.
const MIN_COUNTDOWN: u32 = 1;
const MAX_COUNTDOWN: u32 = 1024;
const CHECK_INTERVAL_LOW: Duration = Duration::from_micros(250);
const CHECK_INTERVAL_HIGH: Duration = Duration::from_millis(1);

/// The budgets of one program, owned by its thread and shared with the realm's hooks. A session
/// restarts it for each execute, keeping the memory baseline of the realm's creation.
pub struct Budget {
    limits: Cell<Limits>,
    started: Cell<Instant>,
    compute_used: Cell<Duration>,
    slice_started: Cell<Option<Instant>>,
    memory_baseline: isize,
    request: RefCell<Arc<StopRequest>>,
    stopped: Cell<Option<StopReason>>,
    countdown: Cell<u32>,
    last_check: Cell<Instant>,
}

impl Budget {
    /// A budget whose memory baseline is what the calling thread holds now.
    pub fn new(limits: Limits, request: Arc<StopRequest>) -> Self {
        let now = Instant::now();
        Self {
            limits: Cell::new(limits),
            started: Cell::new(now),
            compute_used: Cell::new(Duration::ZERO),
            slice_started: Cell::new(None),
            memory_baseline: memory::thread_live_bytes(),
            request: RefCell::new(request),
            stopped: Cell::new(None),
            countdown: Cell::new(MIN_COUNTDOWN),
            last_check: Cell::new(now),
        }
    }

    /// Starts the clocks again for the next program in the same realm.
    pub fn restart(&self, limits: Limits, request: Arc<StopRequest>) {
        let now = Instant::now();
        self.limits.set(limits);
        self.started.set(now);
        self.compute_used.set(Duration::ZERO);
        self.slice_started.set(None);
        *self.request.borrow_mut() = request;
        self.stopped.set(None);
        self.countdown.set(MIN_COUNTDOWN);
        self.last_check.set(now);
    }

    /// Stops the program at its next check, as if the host had asked.
    pub fn request_stop(&self, reason: StopReason) {
        self.request.borrow().request(reason);
    }

    pub fn limits(&self) -> Limits {
        self.limits.get()
    }

    pub fn wall_deadline(&self) -> Instant {
        self.started.get() + self.limits.get().wall
    }

    pub fn wall_elapsed(&self) -> Duration {
        self.started.get().elapsed()
    }

    /// Marks the start of engine work (evaluation, a job, a timer, a binding reply).
    pub fn begin_compute(&self) {
        if self.slice_started.get().is_none() {
            self.slice_started.set(Some(Instant::now()));
        }
    }

    /// Marks the end of engine work: the thread is about to wait for the host or a timer.
    pub fn end_compute(&self) {
        if let Some(start) = self.slice_started.take() {
            self.compute_used.set(self.compute_used.get() + start.elapsed());
        }
    }

    pub fn compute_used(&self) -> Duration {
        self.compute_used.get() + self.slice_started.get().map_or(Duration::ZERO, |s| s.elapsed())
    }

    pub fn memory_used(&self) -> usize {
        (memory::thread_live_bytes() - self.memory_baseline).max(0) as usize
    }

    /// Bytes the program may still allocate, for the ArrayBuffer size hook.
    pub fn memory_remaining(&self) -> usize {
        self.limits.get().max_memory_bytes.saturating_sub(self.memory_used())
    }

    /// Why the program was stopped, once it was.
    pub fn stopped(&self) -> Option<StopReason> {
        self.stopped.get()
    }

    /// Checks every budget; the first one exceeded stops the program for good.
    pub fn check(&self) -> Result<(), StopReason> {
        if let Some(reason) = self.stopped.get() {
            return Err(reason);
        }
        let limits = self.limits.get();
        let reason = if let Some(reason) = self.request.borrow().get() {
            Some(reason)
        } else if self.wall_elapsed() >= limits.wall {
            Some(StopReason::WallBudget)
        } else if self.compute_used() >= limits.compute {
            Some(StopReason::ComputeBudget)
        } else if self.memory_used() > limits.max_memory_bytes && {
            // Garbage counts until the collector runs: collect before calling it a trip.
            boa_gc::force_collect();
            self.memory_used() > limits.max_memory_bytes
        } {
            Some(StopReason::MemoryBudget)
        } else {
            None
        };
        match reason {
            Some(reason) => {
                self.stopped.set(Some(reason));
                Err(reason)
            }
            None => Ok(()),
        }
    }

    /// The instrumented program's checkpoint: returns how many checkpoints may pass before the
    /// next native check, or an uncatchable error once a budget is exceeded.
    pub fn checkpoint(&self) -> Result<u32, JsError> {
        self.check().map_err(uncatchable)?;
        let now = Instant::now();
        let since = now - self.last_check.replace(now);
        let countdown = self.countdown.get();
        let next = if since < CHECK_INTERVAL_LOW {
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

/// An error no JS handler can catch: Boa unwinds every frame and hands it to the host.
pub fn uncatchable(reason: StopReason) -> JsError {
    JsError::from(EngineError::from(PanicError::new(format!("program stopped: {reason:?}"))))
}

/// The checkpoint the instrumented program calls (`instrument::CHECKPOINT`).
pub fn checkpoint_function(budget: &std::rc::Rc<Budget>, context: &mut boa_engine::Context) -> boa_engine::object::builtins::JsFunction {
    let budget = budget.clone();
    // SAFETY: the closure captures no garbage-collected values, only Rust data.
    let native = unsafe {
        boa_engine::NativeFunction::from_closure(move |_, _, _| budget.checkpoint().map(boa_engine::JsValue::from))
    };
    boa_engine::object::FunctionObjectBuilder::new(context.realm(), native).length(0).build()
}
