//! How many program threads compute at once. A runtime admits up to `maxConcurrency` runs, each on
//! a thread of its own, but most of them wait on their bindings; when many compute at once they
//! outnumber the cores, and Node's thread, which answers their calls, waits among them for a CPU
//! (bench (k): event-loop delay p99 28-74 ms with up to 64 computing, 6-9 ms with 4 or 16). A
//! program thread holds a slot while it runs a program, and gives it back whenever it waits on
//! the host for longer than a moment. Building and dropping realms, about half a millisecond
//! each, takes none: a run queued behind computing ones must reach its realm to be stopped.

use std::cell::RefCell;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

use crate::run::budget::Budget;

/// Slots per core: enough that a run whose slot is free computes at once, few enough that Node's
/// thread finds a CPU when it wakes. Bench (k) on a quiet machine, 200 programs computing between
/// tool calls, event-loop delay p99: 6.2-6.7 ms with 4 per core, 4.7-5.1 ms with 3, 4.2-4.3 ms
/// with 2 (programs/s within the runs' spread); 1 per core cost a third of the programs/s. The
/// price: a burst of 5,000 runs starting at once reaches their tools 0.6 s later (bench (d)).
const SLOTS_PER_CORE: usize = 2;

pub struct ComputeSlots {
    free: Mutex<usize>,
    freed: Condvar,
    /// Slots taken at once, at most: the tests read it.
    peak: Mutex<usize>,
    capacity: usize,
}

impl ComputeSlots {
    /// Slots for this machine's cores, at most `max_threads` (more could never be taken).
    pub fn for_machine(max_threads: usize) -> Arc<Self> {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let capacity = (cores * SLOTS_PER_CORE).min(max_threads).max(1);
        Arc::new(Self { free: Mutex::new(capacity), freed: Condvar::new(), peak: Mutex::new(0), capacity })
    }

    /// The most slots taken at once so far.
    pub fn peak(&self) -> usize {
        *self.peak.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Wakes every thread waiting for a slot, to look again whether it should stop.
    pub fn wake_all(&self) {
        let _free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        self.freed.notify_all();
    }

    /// Takes a slot, waiting for one while `go_on()` holds and `deadline` has not passed. False
    /// when it gave up without one.
    fn take(&self, deadline: Instant, go_on: &dyn Fn() -> bool) -> bool {
        let mut free = self.free.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if *free > 0 {
                *free -= 1;
                let taken = self.capacity - *free;
                drop(free);
                let mut peak = self.peak.lock().unwrap_or_else(PoisonError::into_inner);
                *peak = (*peak).max(taken);
                return true;
            }
            if !go_on() {
                return false;
            }
            let Some(left) = deadline.checked_duration_since(Instant::now()) else { return false };
            free = self.freed.wait_timeout(free, left).unwrap_or_else(PoisonError::into_inner).0;
        }
    }

    fn give_back(&self) {
        *self.free.lock().unwrap_or_else(PoisonError::into_inner) += 1;
        self.freed.notify_one();
    }
}

thread_local! {
    /// The slots of the runtime this program thread belongs to, and whether it holds one now.
    static THREAD: RefCell<Option<(Arc<ComputeSlots>, bool)>> = const { RefCell::new(None) };
}

/// Makes the calling thread a program thread of the runtime whose slots these are.
pub fn join(slots: Arc<ComputeSlots>) {
    THREAD.with(|thread| *thread.borrow_mut() = Some((slots, false)));
}

/// Takes a slot for the calling thread's program unless it holds one, waiting until one is free,
/// a stop is requested or its wall budget ends: then it goes on without one, to stop.
pub fn take(budget: &Budget) {
    let slots = THREAD.with(|thread| thread.borrow().as_ref().filter(|(_, held)| !held).map(|(slots, _)| slots.clone()));
    if let Some(slots) = slots
        && slots.take(budget.wall_deadline(), &|| budget.requested_stop().is_none())
    {
        THREAD.with(|thread| {
            if let Some((_, held)) = thread.borrow_mut().as_mut() {
                *held = true;
            }
        });
    }
}

/// Gives back the calling thread's slot, if it holds one.
pub fn give_back() {
    let slots = THREAD.with(|thread| {
        thread.borrow_mut().as_mut().filter(|(_, held)| *held).map(|(slots, held)| {
            *held = false;
            slots.clone()
        })
    });
    if let Some(slots) = slots {
        slots.give_back();
    }
}
