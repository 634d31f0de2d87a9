//! How events cross to Node's thread: one threadsafe function per runtime, made with it, carries
//! every run's and session's events with their id, to a JS dispatcher that routes them. One per
//! run would be a libuv async handle each, and libuv walks every async handle of the loop each
//! time any is signalled: with thousands of runs at once, each event would cost a walk of them all.

use std::cell::Cell;
use std::ptr;
use std::rc::Rc;
use std::sync::Arc;

use napi::bindgen_prelude::{FnArgs, Function, Uint8Array};
use napi::threadsafe_function::{ThreadsafeFunction, ThreadsafeFunctionCallJsBackData, ThreadsafeFunctionCallMode};
use napi::{Env, Result, Status, sys};

use crate::run::memory::{self, HeapBytes};

/// What the dispatcher is called with: the run's or session's id, then the event's JSON text and
/// its buffers (absent when there are none), each a `Uint8Array` over the block the program
/// thread filled, not a copy of it; or the id alone, once that run or session sends nothing more.
pub type EventArgs = FnArgs<(u32, Option<String>, Option<Vec<Uint8Array>>)>;

/// What crosses the threadsafe function.
pub enum Crossing {
    Event {
        id: u32,
        json: String,
        buffers: Vec<Vec<u8>>,
    },
    /// Run or session `id` sends nothing more (its queue was dropped after its last event).
    Ended {
        id: u32,
        run: bool,
    },
}

/// Made unreferenced: only runs in flight hold Node's loop open ([`RunsInFlight`]).
pub type EventFunction = ThreadsafeFunction<Crossing, (), EventArgs, Status, false, true>;

/// What napi allocates on the sending thread to queue one crossing.
const QUEUED_EVENT_BYTES: usize = std::mem::size_of::<ThreadsafeFunctionCallJsBackData<Crossing, ()>>();

/// The runs whose events may still come, counted on Node's thread: while there is any, the
/// runtime's event function holds Node's loop open; an idle runtime or session does not.
struct RunsInFlight {
    count: Cell<u32>,
    function: Cell<sys::napi_threadsafe_function>,
}

impl RunsInFlight {
    fn started(&self, env: &Env) {
        if self.count.get() == 0 {
            // SAFETY: on Node's thread, and the function is alive: the runtime holds it.
            unsafe { sys::napi_ref_threadsafe_function(env.raw(), self.function.get()) };
        }
        self.count.set(self.count.get() + 1);
    }

    fn ended(&self, env: &Env) {
        self.count.set(self.count.get() - 1);
        if self.count.get() == 0 {
            // SAFETY: on Node's thread, called back by the function, which is alive while it calls.
            unsafe { sys::napi_unref_threadsafe_function(env.raw(), self.function.get()) };
        }
    }
}

/// A runtime's end of its event function. Dropping every clone and every queue releases the
/// function; Node then delivers what is still queued and closes its handle.
#[derive(Clone)]
pub struct Events {
    function: Arc<EventFunction>,
    in_flight: Rc<RunsInFlight>,
}

impl Events {
    /// Made on Node's thread around `dispatch`, which must not hold the runtime (the function
    /// holds `dispatch` until released, so a runtime it held could never be collected).
    pub fn new(dispatch: &Function<EventArgs, ()>) -> Result<Self> {
        let in_flight = Rc::new(RunsInFlight { count: Cell::new(0), function: Cell::new(ptr::null_mut()) });
        let counter = in_flight.clone();
        let function: EventFunction =
            dispatch.build_threadsafe_function::<Crossing>().callee_handled::<false>().weak::<true>().build_callback(move |ctx| {
                Ok(FnArgs::from(match ctx.value {
                    Crossing::Event { id, json, buffers } => {
                        (id, Some(json), (!buffers.is_empty()).then(|| buffers.into_iter().map(Uint8Array::new).collect()))
                    }
                    Crossing::Ended { id, run } => {
                        if run {
                            counter.ended(&ctx.env);
                        }
                        (id, None, None)
                    }
                }))
            })?;
        in_flight.function.set(function.raw());
        Ok(Self { function: Arc::new(function), in_flight })
    }

    /// The queue of run `id`'s events, holding Node's loop open until its last is delivered.
    /// Called on Node's thread.
    pub fn run_queue(&self, env: &Env, id: u32) -> EventQueue {
        self.in_flight.started(env);
        EventQueue { id, run: true, function: self.function.clone() }
    }

    /// The queue of session `id`'s events, which does not hold Node's loop open.
    pub fn session_queue(&self, id: u32) -> EventQueue {
        EventQueue { id, run: false, function: self.function.clone() }
    }

    /// The function alone, to release off Node's thread once nothing sends any more.
    pub fn into_function(self) -> Arc<EventFunction> {
        self.function
    }
}

/// One run's or session's events, queued in order on its runtime's function; when dropped, it
/// queues the word that `id` has ended behind them.
pub struct EventQueue {
    id: u32,
    run: bool,
    function: Arc<EventFunction>,
}

impl EventQueue {
    pub fn send(&self, json: String, buffers: Vec<Vec<u8>>) {
        let bytes = json.heap_bytes() + buffers.heap_bytes();
        self.cross(Crossing::Event { id: self.id, json, buffers }, bytes);
    }

    fn cross(&self, crossing: Crossing, bytes: usize) {
        // Node's thread frees what it was given; what it refused was dropped here already.
        if self.function.call(crossing, ThreadsafeFunctionCallMode::NonBlocking) == Status::Ok {
            memory::hand_over(bytes + QUEUED_EVENT_BYTES);
        }
    }
}

impl Drop for EventQueue {
    fn drop(&mut self) {
        self.cross(Crossing::Ended { id: self.id, run: self.run }, 0);
    }
}
