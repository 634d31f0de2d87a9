//! Limits on the engine's native resources that a program cannot otherwise reach: the native
//! stack, which built-ins recurse on when walking program data (nested arrays, objects, Proxy
//! chains), and allocations whose size the program chooses (`join`, `repeat`, `apply`).
//!
//! Local patch to boa_engine 0.22.0 for code-runtime-boa: upstream recurses natively without a
//! bound and allocates whatever a program asks, so either can kill the host process. See
//! `vendor/README.md` in code-runtime-boa.

use std::{cell::Cell, fmt, rc::Rc};

use crate::{Context, JsNativeError, JsResult, JsStr, JsString, string::Utf16JsStringBuilder};

/// Answers whether the program may allocate this many more bytes; an error is thrown to the
/// program in place of the allocation.
pub type AllocationCheck = Rc<dyn Fn(usize) -> JsResult<()>>;

/// Stack kept free below the lowest point a check lets the engine reach: room for the deepest
/// native path between two checks (a parse, a bytecode compile, building the error itself).
pub const DEFAULT_STACK_RESERVE: usize = 1024 * 1024;

/// Small allocations are summed and asked for together, so a built-in growing its result one
/// element at a time calls the check once per chunk, not once per element.
const ALLOCATION_CHUNK: usize = 64 * 1024;

/// Concatenations this long or longer get room to grow (local patch, see
/// `append_within_limits`); shorter ones are cheap to copy and stay exact.
const GROWABLE_STRING_MIN: usize = 256;

pub(crate) struct NativeLimits {
    /// Lowest stack address the engine may use before it throws; 0 when the stack is unknown.
    stack_floor: usize,
    allocation_check: Option<AllocationCheck>,
    /// Bytes announced since the check last ran, below [`ALLOCATION_CHUNK`].
    unchecked_bytes: Cell<usize>,
}

impl NativeLimits {
    /// The stack floor for the calling thread: at most `usable` bytes below the caller, and never
    /// closer than [`DEFAULT_STACK_RESERVE`] to the end of the stack.
    fn floor_for_current_thread(usable: usize) -> usize {
        let marker = 0u8;
        let here = std::ptr::addr_of!(marker) as usize;
        let Some(remaining) = stacker::remaining_stack() else {
            return 0;
        };
        let end = here - remaining.min(here);
        (end + DEFAULT_STACK_RESERVE).max(here.saturating_sub(usable))
    }
}

impl Default for NativeLimits {
    fn default() -> Self {
        Self {
            stack_floor: Self::floor_for_current_thread(usize::MAX),
            allocation_check: None,
            unchecked_bytes: Cell::new(0),
        }
    }
}

impl fmt::Debug for NativeLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NativeLimits")
            .field("stack_floor", &self.stack_floor)
            .field("allocation_check", &self.allocation_check.is_some())
            .finish()
    }
}

/// A growable buffer of UTF-16 code units on its way to becoming a string.
pub(crate) trait Utf16Buffer {
    fn len(&self) -> usize;
    fn capacity(&self) -> usize;
    fn reserve_exact(&mut self, more: usize);
}

impl Utf16Buffer for Utf16JsStringBuilder {
    fn len(&self) -> usize {
        self.len()
    }
    fn capacity(&self) -> usize {
        self.capacity()
    }
    fn reserve_exact(&mut self, more: usize) {
        self.reserve_exact(more);
    }
}

impl Utf16Buffer for Vec<u16> {
    fn len(&self) -> usize {
        self.len()
    }
    fn capacity(&self) -> usize {
        self.capacity()
    }
    fn reserve_exact(&mut self, more: usize) {
        self.reserve_exact(more);
    }
}

/// What a program sees when a string would be longer than the maximum, as in V8.
fn invalid_string_length() -> JsNativeError {
    JsNativeError::range().with_message("Invalid string length")
}

/// What a program sees when the native stack runs low, as in other engines.
fn stack_exhausted() -> JsNativeError {
    JsNativeError::range().with_message("Maximum call stack size exceeded")
}

impl Context {
    /// Lets the engine use at most `usable` bytes of the calling thread's stack below the caller
    /// (and never the last [`DEFAULT_STACK_RESERVE`] bytes); past that, whatever recurses throws
    /// a catchable `RangeError`. Call it on the thread that runs this context; a context starts
    /// with all of the stack of the thread building it but the reserve.
    pub fn set_native_stack_limit(&mut self, usable: usize) {
        self.vm.native_limits.stack_floor = NativeLimits::floor_for_current_thread(usable);
    }

    /// Installs the check every allocation of a program-chosen size asks first; `None` removes it.
    pub fn set_allocation_check(&mut self, check: Option<AllocationCheck>) {
        self.vm.native_limits.allocation_check = check;
    }

    /// Throws a `RangeError` when the native stack is down to its reserve. Every path that
    /// recurses on program data passes through one of its callers: property operations (and so
    /// Proxy traps and getters), native function calls, JSON serialization. Public for the host's
    /// own built-ins that recurse on program data (`structuredClone` in code-runtime-boa).
    #[inline(always)]
    pub fn check_native_stack(&self) -> JsResult<()> {
        let marker = 0u8;
        if (std::ptr::addr_of!(marker) as usize) < self.vm.native_limits.stack_floor {
            return Err(stack_exhausted().into());
        }
        Ok(())
    }

    /// Asks the host whether `bytes` more may be allocated for a result the program sized. Call
    /// it before the allocation, or as a result grows; small amounts are asked for in chunks.
    /// Public for the host's own built-ins that copy program data (the console, host calls).
    pub fn reserve_memory(&self, bytes: usize) -> JsResult<()> {
        let limits = &self.vm.native_limits;
        let Some(check) = &limits.allocation_check else {
            return Ok(());
        };
        let pending = limits.unchecked_bytes.get().saturating_add(bytes);
        if pending < ALLOCATION_CHUNK {
            limits.unchecked_bytes.set(pending);
            return Ok(());
        }
        limits.unchecked_bytes.set(0);
        check(pending)
    }

    /// Asks the allocation check for a list of `count` items of `T` about to be built in one
    /// block (own-key lists, sort buffers), whose length the program chose.
    pub(crate) fn reserve_list<T>(&self, count: usize) -> JsResult<()> {
        self.reserve_memory(count.saturating_mul(size_of::<T>()))
    }

    /// Makes room for `more` code units in `builder`, growing it as `Vec` grows (to twice its
    /// capacity, or what is needed), once the length is within the maximum string length and
    /// the growth is allowed by the allocation check: for results whose length is only known as
    /// they are written (case mapping, URI encoding, `escape`).
    pub(crate) fn reserve_utf16_room(
        &self,
        builder: &mut impl Utf16Buffer,
        more: usize,
    ) -> JsResult<()> {
        let needed = builder.len().saturating_add(more);
        if needed <= builder.capacity() {
            return Ok(());
        }
        let max = crate::builtins::string::String::MAX_STRING_LENGTH;
        if needed > max {
            return Err(invalid_string_length().into());
        }
        let capacity = needed.max(builder.capacity() * 2).min(max);
        self.reserve_memory((capacity - builder.capacity()) * 2)?;
        builder.reserve_exact(capacity - builder.len());
        Ok(())
    }

    /// The concatenation of `parts`, once its length is within the maximum string length and
    /// its bytes are allowed by the allocation check.
    pub(crate) fn concat_within_limits(&self, parts: &[JsStr<'_>]) -> JsResult<JsString> {
        let length = parts.iter().fold(0usize, |sum, part| sum.saturating_add(part.len()));
        self.reserve_string(length, parts.iter().all(JsStr::is_latin1))?;
        Ok(JsString::concat_array(parts))
    }

    /// `first` followed by `rest`, within the same limits as [`Self::concat_within_limits`].
    /// Local patch (code-runtime-boa): `s += piece`, `s + piece`, template literals and
    /// `concat` copied all of `s` every time, so building a string piece by piece was quadratic.
    /// A result of [`GROWABLE_STRING_MIN`] units or more goes into a buffer with half again as
    /// much room, and appending to a string that ends such a buffer writes only the piece.
    pub(crate) fn append_within_limits(
        &self,
        first: &JsString,
        rest: &[JsStr<'_>],
    ) -> JsResult<JsString> {
        let length = rest
            .iter()
            .fold(first.len(), |sum, part| sum.saturating_add(part.len()));
        if length > crate::builtins::string::String::MAX_STRING_LENGTH {
            return Err(invalid_string_length().into());
        }
        // In place, the room was allowed by the allocation check when the buffer was made.
        if let Some(appended) = first.append_in_place(rest) {
            return Ok(appended);
        }
        let parts = std::iter::once(first.as_str())
            .chain(rest.iter().copied())
            .collect::<Vec<_>>();
        self.concat_with_room(&parts, length, false)
    }

    /// `x + y`, within the same limits as [`Self::append_within_limits`], which also prepends `x`
    /// in place when `y` starts such a buffer: `s = piece + s` in a loop is linear too.
    pub(crate) fn add_within_limits(&self, x: &JsString, y: &JsString) -> JsResult<JsString> {
        let length = x.len().saturating_add(y.len());
        if length > crate::builtins::string::String::MAX_STRING_LENGTH {
            return Err(invalid_string_length().into());
        }
        if let Some(appended) = x.append_in_place(&[y.as_str()]) {
            return Ok(appended);
        }
        if let Some(prepended) = y.prepend_in_place(&[x.as_str()]) {
            return Ok(prepended);
        }
        // A right side longer than the left is most likely a string being built from its
        // front, so the new buffer's room goes before it.
        self.concat_with_room(&[x.as_str(), y.as_str()], length, y.len() > x.len())
    }

    /// The concatenation of `parts` (`length` units, within the maximum), copied: exactly when
    /// short, else into a buffer with half as much room again, before or after the text.
    fn concat_with_room(
        &self,
        parts: &[JsStr<'_>],
        length: usize,
        room_before: bool,
    ) -> JsResult<JsString> {
        let latin1 = parts.iter().all(JsStr::is_latin1);
        if length < GROWABLE_STRING_MIN {
            self.reserve_string(length, latin1)?;
            return Ok(JsString::concat_array(parts));
        }
        let spare = (length / 2).min(crate::builtins::string::String::MAX_STRING_LENGTH - length);
        self.reserve_string(length + spare, latin1)?;
        Ok(if room_before {
            JsString::concat_growable(parts, spare, 0)
        } else {
            JsString::concat_growable(parts, 0, spare)
        })
    }

    /// Checks a string of `length` code units about to be built: past the maximum length it is a
    /// `RangeError` (as in the specification), otherwise its bytes go to the allocation check.
    pub(crate) fn reserve_string(&self, length: usize, latin1: bool) -> JsResult<()> {
        if length > crate::builtins::string::String::MAX_STRING_LENGTH {
            return Err(invalid_string_length().into());
        }
        self.reserve_memory(if latin1 { length } else { length * 2 })
    }
}
