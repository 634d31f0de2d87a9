//! The program's job queue: promise jobs, then timers, checked against the budget between jobs so
//! a flood of microtasks or a tight `setInterval` cannot outlive its budget.

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, VecDeque};
use std::future::Future;
use std::rc::Rc;
use std::time::{Duration, Instant};

use boa_engine::job::{GenericJob, IntervalJob, Job, JobExecutor, NativeAsyncJob, PromiseJob, TimeoutJob};
use boa_engine::{Context, JsResult};

use crate::run::budget::{Budget, StopReason};

enum Timer {
    Timeout(TimeoutJob),
    Interval(IntervalJob),
}

impl Timer {
    fn cancelled(&self) -> bool {
        match self {
            Self::Timeout(job) => job.cancelled(),
            Self::Interval(job) => job.cancelled(),
        }
    }
}

/// A job failed with an error the program did not catch, or the budget stopped it.
pub enum JobFailure {
    Stopped(StopReason),
    Uncaught(boa_engine::JsError),
}

#[derive(Default)]
pub struct EventLoop {
    microtasks: RefCell<VecDeque<Microtask>>,
    // Keyed by deadline, then by arrival, so timers with equal deadlines run in order.
    timers: RefCell<BTreeMap<(Instant, u64), Timer>>,
    timer_seq: Cell<u64>,
}

enum Microtask {
    Promise(PromiseJob),
    Generic(GenericJob),
    Async(NativeAsyncJob),
}

impl EventLoop {
    fn add_timer(&self, delay: Duration, timer: Timer) {
        let seq = self.timer_seq.get();
        self.timer_seq.set(seq + 1);
        self.timers.borrow_mut().insert((Instant::now() + delay, seq), timer);
    }

    /// Runs microtasks until the queue is empty, checking the budget before each one.
    pub fn run_microtasks(&self, context: &mut Context, budget: &Budget) -> Result<(), JobFailure> {
        loop {
            budget.check().map_err(JobFailure::Stopped)?;
            let Some(job) = self.microtasks.borrow_mut().pop_front() else {
                return Ok(());
            };
            let result = match job {
                Microtask::Promise(job) => job.call(context),
                Microtask::Generic(job) => job.call(context),
                Microtask::Async(job) => run_async_job(job, context),
            };
            settle(result, budget)?;
        }
    }

    /// Runs every timer that was due on entry, each followed by its microtasks, telling `fired`
    /// which timer each was. Timers they schedule, even for 0 ms, wait for the next call, so a
    /// 0 ms interval cannot keep the program thread from host replies or from ending.
    pub fn run_due_timers(&self, context: &mut Context, budget: &Budget, fired: &dyn Fn(u64)) -> Result<(), JobFailure> {
        let now = Instant::now();
        let scheduled_before = self.timer_seq.get();
        loop {
            let due = {
                let mut timers = self.timers.borrow_mut();
                let first_due =
                    timers.keys().take_while(|&&(deadline, _)| deadline <= now).find(|&&(_, seq)| seq < scheduled_before).copied();
                first_due.and_then(|key| timers.remove_entry(&key))
            };
            let Some(((_, seq), timer)) = due else { return Ok(()) };
            if timer.cancelled() {
                continue;
            }
            fired(seq);
            self.run_timer(timer, context, budget)?;
        }
    }

    /// Fires the timer scheduled `seq`-th now, whatever its deadline, and its microtasks: a
    /// replay fires timers where its log has them. False when no such timer is waiting.
    pub fn fire(&self, seq: u64, context: &mut Context, budget: &Budget) -> Result<bool, JobFailure> {
        let timer = {
            let mut timers = self.timers.borrow_mut();
            let key = timers.keys().find(|&&(_, scheduled)| scheduled == seq).copied();
            key.and_then(|key| timers.remove(&key))
        };
        match timer {
            Some(timer) if !timer.cancelled() => self.run_timer(timer, context, budget).map(|()| true),
            _ => Ok(false),
        }
    }

    fn run_timer(&self, timer: Timer, context: &mut Context, budget: &Budget) -> Result<(), JobFailure> {
        budget.check().map_err(JobFailure::Stopped)?;
        match timer {
            Timer::Timeout(job) => settle(job.call(context), budget)?,
            Timer::Interval(job) => {
                settle(job.call(context), budget)?;
                if !job.cancelled() {
                    let interval = timer_delay(job.interval().as_millis());
                    self.add_timer(interval, Timer::Interval(job));
                }
            }
        }
        self.run_microtasks(context, budget)
    }

    /// When the next live timer is due.
    pub fn next_timer(&self) -> Option<Instant> {
        let mut timers = self.timers.borrow_mut();
        timers.retain(|_, timer| !timer.cancelled());
        timers.first_key_value().map(|(&(deadline, _), _)| deadline)
    }

    /// Drops every pending job and timer: what a finished or stopped program left behind.
    pub fn clear(&self) {
        self.microtasks.borrow_mut().clear();
        self.timers.borrow_mut().clear();
    }
}

/// A timer's delay, 1 ms for a delay past 2^31 - 1 ms as in Node.js, which also keeps `Instant`
/// arithmetic far from overflowing.
fn timer_delay(millis: u64) -> Duration {
    const LONGEST_DELAY_MS: u64 = i32::MAX as u64;
    Duration::from_millis(if millis > LONGEST_DELAY_MS { 1 } else { millis })
}

/// Runs an async job that needs nothing from outside: its future is ready at once, or it is
/// dropped (its promise then stays pending, and the wall budget ends the program).
fn run_async_job(job: NativeAsyncJob, context: &mut Context) -> JsResult<boa_engine::JsValue> {
    let cell = RefCell::new(context);
    let mut future = job.call(&cell);
    let mut poll_context = std::task::Context::from_waker(std::task::Waker::noop());
    match std::pin::Pin::new(&mut future).poll(&mut poll_context) {
        std::task::Poll::Ready(result) => result,
        std::task::Poll::Pending => Ok(boa_engine::JsValue::undefined()),
    }
}

fn settle(result: JsResult<boa_engine::JsValue>, budget: &Budget) -> Result<(), JobFailure> {
    // A stop surfaces as an engine error: report the budget, not the error.
    result.map(drop).map_err(|err| budget.stopped().map_or(JobFailure::Uncaught(err), JobFailure::Stopped))
}

impl JobExecutor for EventLoop {
    fn enqueue_job(self: Rc<Self>, job: Job, _context: &mut Context) {
        match job {
            Job::PromiseJob(job) => self.microtasks.borrow_mut().push_back(Microtask::Promise(job)),
            Job::GenericJob(job) => self.microtasks.borrow_mut().push_back(Microtask::Generic(job)),
            Job::TimeoutJob(job) => {
                let delay = timer_delay(job.timeout().as_millis());
                self.add_timer(delay, Timer::Timeout(job));
            }
            Job::IntervalJob(job) => {
                let delay = timer_delay(job.interval().as_millis());
                self.add_timer(delay, Timer::Interval(job));
            }
            // Module loading (`import()`) settles through these; the realm has no loader, so
            // they finish without waiting on anything.
            Job::AsyncJob(job) => self.microtasks.borrow_mut().push_back(Microtask::Async(job)),
            // FinalizationRegistry callbacks are never run: when an object is collected is not
            // something a program should be able to observe.
            _ => {}
        }
    }

    fn run_jobs(self: Rc<Self>, _context: &mut Context) -> JsResult<()> {
        // The program thread drives the queue itself, with budget checks (`run_microtasks`).
        Ok(())
    }
}
