//! An instruction-count interrupt: the host's handler runs on the thread running the program
//! every so many instructions, wherever they come from (a script, a promise job, a callback a
//! built-in makes), and may stop the program by returning an error.
//!
//! Local patch to boa_engine 0.22.0 for code-runtime-boa: upstream has no way to interrupt a
//! running program (boa-dev/boa#3442). See `vendor/README.md` in code-runtime-boa.

use std::{fmt, rc::Rc};

use crate::{Context, JsResult};

/// Runs every `n` instructions, where `n` is what its previous call returned (at least 1).
///
/// An error it returns is thrown by the instruction about to run: a catchable one can be caught
/// like any other, an uncatchable one ([`crate::error::EngineError`]) unwinds to the host through
/// every `try`/`catch`/`finally`.
pub type InterruptHandler = Rc<dyn Fn(&mut Context) -> JsResult<u32>>;

pub(crate) struct Interrupt {
    /// Instructions left before the handler runs.
    pub(crate) countdown: u32,
    pub(crate) handler: Option<InterruptHandler>,
}

impl Default for Interrupt {
    fn default() -> Self {
        Self {
            countdown: u32::MAX,
            handler: None,
        }
    }
}

impl fmt::Debug for Interrupt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Interrupt")
            .field("countdown", &self.countdown)
            .field("handler", &self.handler.is_some())
            .finish()
    }
}

impl Context {
    /// Installs `handler` to run after `countdown` instructions (at least 1) and then as often as
    /// it asks; `None` removes it.
    pub fn set_interrupt_handler(&mut self, countdown: u32, handler: Option<InterruptHandler>) {
        self.vm.interrupt = Interrupt {
            countdown: if handler.is_some() { countdown.max(1) } else { u32::MAX },
            handler,
        };
    }

    /// Counts `steps` units of work toward the handler: every instruction is one
    /// (`execute_one`), and built-ins count the work they do without running instructions
    /// (property operations, comparisons in `sort`), so that a long native loop reaches it too.
    /// Public (local patch) for the host's own built-ins, which count their work the same way.
    #[inline(always)]
    pub fn count_steps(&mut self, steps: u32) -> JsResult<()> {
        self.vm.interrupt.countdown = self.vm.interrupt.countdown.saturating_sub(steps);
        if self.vm.interrupt.countdown == 0 {
            self.poll_interrupt()
        } else {
            Ok(())
        }
    }

    /// The countdown reached zero: runs the handler, if any, and sets the next countdown.
    #[cold]
    #[inline(never)]
    pub(crate) fn poll_interrupt(&mut self) -> JsResult<()> {
        let Some(handler) = self.vm.interrupt.handler.clone() else {
            self.vm.interrupt.countdown = u32::MAX;
            return Ok(());
        };
        // Until the handler returns, and after it fails, every instruction asks it again.
        self.vm.interrupt.countdown = 1;
        let next = handler(self)?;
        self.vm.interrupt.countdown = next.max(1);
        Ok(())
    }
}
