//! A per-thread hook run every so many backtracking steps, so that a host can bound a match that
//! would otherwise take exponential time (`/(a+)+$/` on a long near-match). The hook ends the match
//! by unwinding (`std::panic::resume_unwind`): a matcher holds nothing that needs cleaning up.
//!
//! Local patch to regress 0.12.0 for code-runtime-boa (see its `vendor/README.md`).

/// Backtracking steps between two calls of the hook.
const STEPS_BETWEEN_CALLS: u32 = 1 << 16;

#[cfg(feature = "std")]
std::thread_local! {
    static HOOK: core::cell::Cell<Option<fn()>> = const { core::cell::Cell::new(None) };
}

/// Installs `hook` for the matches run on the calling thread; `None` removes it.
#[cfg(feature = "std")]
pub fn set_backtrack_hook(hook: Option<fn()>) {
    HOOK.with(|cell| cell.set(hook));
}

/// Counts a matcher's backtracking steps down to the next call of the hook.
#[derive(Debug)]
pub(crate) struct StepCounter(u32);

impl StepCounter {
    pub(crate) fn new() -> Self {
        Self(STEPS_BETWEEN_CALLS)
    }

    #[inline(always)]
    pub(crate) fn step(&mut self) {
        self.0 -= 1;
        if self.0 == 0 {
            self.0 = STEPS_BETWEEN_CALLS;
            call_hook();
        }
    }

    /// Counts `steps` at once, for work done in one go (a single-character loop running along
    /// the input, which `/(?<=a+)b/` does at every position).
    #[inline(always)]
    pub(crate) fn steps(&mut self, steps: usize) {
        match u32::try_from(steps) {
            Ok(steps) if steps < self.0 => self.0 -= steps,
            _ => {
                self.0 = STEPS_BETWEEN_CALLS;
                call_hook();
            }
        }
    }
}

/// Compiling steps between two calls of the hook: a step of compiling (parsing an atom, visiting a
/// node) allocates and costs far more than a backtracking step.
const COMPILE_STEPS_BETWEEN_CALLS: u32 = 1 << 10;

#[cfg(feature = "std")]
std::thread_local! {
    static COMPILE_STEPS: core::cell::Cell<u32> = const { core::cell::Cell::new(COMPILE_STEPS_BETWEEN_CALLS) };
}

/// Counts one step of compiling a pattern (an atom parsed, a node a pass visits), so that a huge
/// pattern's compilation reaches the hook too.
#[inline]
pub(crate) fn compile_step() {
    #[cfg(feature = "std")]
    COMPILE_STEPS.with(|left| {
        let next = left.get() - 1;
        if next == 0 {
            left.set(COMPILE_STEPS_BETWEEN_CALLS);
            call_hook();
        } else {
            left.set(next);
        }
    });
}

#[cold]
#[inline(never)]
fn call_hook() {
    #[cfg(feature = "std")]
    if let Some(hook) = HOOK.with(core::cell::Cell::get) {
        hook();
    }
}
