//! Local patch (code-runtime-boa): strings that share a growable buffer, so `s += piece` costs
//! the piece instead of the whole string.
//!
//! An [`AppendBuffer`] is one allocation: a header and `capacity` code units. Each
//! [`AppendString`] views the buffer's first `len` units, which are never written again. When a
//! view holds ALL the units written so far (`len == used`) and the buffer has room, appending
//! writes the piece after them and returns a new, longer view: no copy of what was there. Anything
//! else (a shorter view, a full buffer, a UTF-16 piece on a Latin1 buffer) copies into a new
//! buffer, which is what every concatenation did before. The data never moves, so a `JsStr`
//! borrowed from a view stays valid while other views append.
use crate::iter::CodePointsIter;
use crate::vtable::JsStringVTable;
use crate::{JsStr, JsStrVariant, JsString, JsStringKind, alloc_overflow};
use std::alloc::{Layout, alloc, dealloc, handle_alloc_error};
use std::cell::Cell;
use std::process::abort;
use std::ptr::NonNull;

/// Header of the shared storage; the code units follow it in the same allocation.
#[repr(C)]
struct AppendBuffer {
    /// Number of views alive.
    views: Cell<usize>,
    /// Units written so far; only ever grows.
    used: Cell<usize>,
    capacity: usize,
    latin1: bool,
}

impl AppendBuffer {
    fn layout(capacity: usize, latin1: bool) -> Layout {
        let unit = if latin1 { 1 } else { 2 };
        capacity
            .checked_mul(unit)
            .and_then(|bytes| Layout::from_size_align(bytes, 2).ok())
            .and_then(|data| Layout::new::<Self>().extend(data).ok())
            .map_or_else(|| alloc_overflow(), |(layout, _)| layout.pad_to_align())
    }

    /// A buffer for `capacity` units holding `parts`, with no views yet.
    fn allocate(parts: &[JsStr<'_>], capacity: usize, latin1: bool) -> NonNull<Self> {
        let layout = Self::layout(capacity, latin1);
        // SAFETY: the layout is never zero-sized (it holds the header).
        let buffer = NonNull::new(unsafe { alloc(layout) }.cast::<Self>())
            .unwrap_or_else(|| handle_alloc_error(layout));
        // SAFETY: freshly allocated with room for the header.
        unsafe {
            buffer.as_ptr().write(Self {
                views: Cell::new(0),
                used: Cell::new(0),
                capacity,
                latin1,
            });
        }
        // SAFETY: the buffer is valid and the caller sized it for `parts`.
        unsafe { Self::write(buffer, parts) };
        buffer
    }

    /// Pointer to the first code unit.
    fn data(buffer: NonNull<Self>) -> *mut u8 {
        // SAFETY: the data starts right after the header (both aligned to at least 2).
        unsafe { buffer.as_ptr().cast::<u8>().add(size_of::<Self>()) }
    }

    /// Writes `parts` after the used units.
    ///
    /// # Safety
    /// `parts` must fit in the spare capacity, and be Latin1 if the buffer is.
    unsafe fn write(buffer: NonNull<Self>, parts: &[JsStr<'_>]) {
        // SAFETY: the caller guarantees the buffer is alive.
        let header = unsafe { buffer.as_ref() };
        let data = Self::data(buffer);
        let mut used = header.used.get();
        for part in parts {
            // SAFETY: `[used, used + part.len())` is inside the capacity (caller) and no view
            // covers it (views only cover `[0, len)` with `len <= used`).
            unsafe {
                match (header.latin1, part.variant()) {
                    (true, JsStrVariant::Latin1(s)) => {
                        std::ptr::copy_nonoverlapping(s.as_ptr(), data.add(used), s.len());
                    }
                    (false, JsStrVariant::Latin1(s)) => {
                        let target = data.cast::<u16>().add(used);
                        for (i, &byte) in s.iter().enumerate() {
                            target.add(i).write(u16::from(byte));
                        }
                    }
                    (false, JsStrVariant::Utf16(s)) => {
                        std::ptr::copy_nonoverlapping(
                            s.as_ptr(),
                            data.cast::<u16>().add(used),
                            s.len(),
                        );
                    }
                    (true, JsStrVariant::Utf16(_)) => unreachable!("checked by the caller"),
                }
            }
            used += part.len();
        }
        header.used.set(used);
    }
}

/// A view of the first `len` units of an [`AppendBuffer`].
#[repr(C)]
pub(crate) struct AppendString {
    /// Embedded `VTable` - must be the first field for vtable dispatch.
    vtable: JsStringVTable,
    refcount: Cell<usize>,
    buffer: NonNull<AppendBuffer>,
}

impl AppendString {
    /// A string of the concatenation of `parts` in a new buffer with room for `capacity` units
    /// (at least their total length).
    pub(crate) fn concat(parts: &[JsStr<'_>], capacity: usize) -> JsString {
        let length = parts.iter().map(JsStr::len).sum::<usize>();
        let latin1 = parts.iter().all(JsStr::is_latin1);
        Self::view(AppendBuffer::allocate(parts, capacity.max(length), latin1))
    }

    /// `this` followed by `parts`, written in place when `this` is all of a buffer with room.
    pub(crate) fn append_in_place(this: &JsString, parts: &[JsStr<'_>]) -> Option<JsString> {
        if this.kind() != JsStringKind::Append {
            return None;
        }
        // SAFETY: just checked the kind.
        let view: &Self = unsafe { this.as_inner() };
        // SAFETY: a view keeps its buffer alive.
        let header = unsafe { view.buffer.as_ref() };
        let extra = parts.iter().map(JsStr::len).sum::<usize>();
        let fits = header.used.get() == view.vtable.len
            && header.capacity - header.used.get() >= extra
            && (!header.latin1 || parts.iter().all(JsStr::is_latin1));
        if !fits {
            return None;
        }
        // SAFETY: checked room and encoding above.
        unsafe { AppendBuffer::write(view.buffer, parts) };
        Some(Self::view(view.buffer))
    }

    /// A new view of everything written to `buffer` so far.
    fn view(buffer: NonNull<AppendBuffer>) -> JsString {
        // SAFETY: the caller holds the buffer alive.
        let header = unsafe { buffer.as_ref() };
        header.views.set(header.views.get() + 1);
        let view = Box::new(Self {
            vtable: JsStringVTable {
                clone: append_clone,
                drop: append_drop,
                as_str: append_as_str,
                code_points: append_code_points,
                refcount: append_refcount,
                len: header.used.get(),
                kind: JsStringKind::Append,
            },
            refcount: Cell::new(1),
            buffer,
        });
        // SAFETY: the pointer is to a struct whose first field is the vtable.
        unsafe { JsString::from_ptr(NonNull::from(Box::leak(view)).cast()) }
    }
}

fn append_clone(vtable: NonNull<JsStringVTable>) -> JsString {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString = unsafe { vtable.cast().as_ref() };
    let Some(strong) = this.refcount.get().checked_add(1) else {
        abort();
    };
    this.refcount.set(strong);
    // SAFETY: validated the string outside this function.
    unsafe { JsString::from_ptr(vtable) }
}

fn append_drop(vtable: NonNull<JsStringVTable>) {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString = unsafe { vtable.cast().as_ref() };
    let remaining = this.refcount.get() - 1;
    this.refcount.set(remaining);
    if remaining != 0 {
        return;
    }
    let buffer = this.buffer;
    // SAFETY: the last reference to the view, which was made by `Box::leak`.
    drop(unsafe { Box::from_raw(vtable.cast::<AppendString>().as_ptr()) });
    // SAFETY: the view kept the buffer alive until now.
    let header = unsafe { buffer.as_ref() };
    let views = header.views.get() - 1;
    header.views.set(views);
    if views == 0 {
        let layout = AppendBuffer::layout(header.capacity, header.latin1);
        // SAFETY: no view is left, and the buffer was allocated with this layout.
        unsafe { dealloc(buffer.as_ptr().cast(), layout) };
    }
}

fn append_as_str(vtable: NonNull<JsStringVTable>) -> JsStr<'static> {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString = unsafe { vtable.cast().as_ref() };
    // SAFETY: the view keeps the buffer alive.
    let latin1 = unsafe { this.buffer.as_ref() }.latin1;
    let data = AppendBuffer::data(this.buffer);
    let len = this.vtable.len;
    // SAFETY: the first `len` units are written and never change.
    unsafe {
        if latin1 {
            JsStr::latin1(std::slice::from_raw_parts(data, len))
        } else {
            JsStr::utf16(std::slice::from_raw_parts(data.cast::<u16>(), len))
        }
    }
}

fn append_code_points(vtable: NonNull<JsStringVTable>) -> CodePointsIter<'static> {
    CodePointsIter::new(append_as_str(vtable))
}

#[allow(clippy::unnecessary_wraps)]
fn append_refcount(vtable: NonNull<JsStringVTable>) -> Option<usize> {
    // SAFETY: This is part of the correct vtable which is validated on construction.
    let this: &AppendString = unsafe { vtable.cast().as_ref() };
    Some(this.refcount.get())
}
