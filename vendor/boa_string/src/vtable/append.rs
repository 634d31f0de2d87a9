//! Local patch (code-runtime-boa): strings that share a growable buffer, so `s += piece` and
//! `s = piece + s` cost the piece instead of the whole string.
//!
//! An [`AppendBuffer`] is one allocation: a header and `capacity` code units, of which
//! `[front, back)` are written. Each [`AppendString`] views a range of written units, which are
//! never written again. When a view ends where the written units end (`start + len == back`) and
//! the buffer has room after them, appending writes the piece there and returns a new, longer
//! view; when it starts where they start (`start == front`) and there is room before, prepending
//! writes the piece just before: no copy of what was there either way. Anything else (a view of
//! part of the units, a full buffer, a UTF-16 piece on a Latin1 buffer) copies into a new buffer,
//! which is what every concatenation did before. The data never moves, so a `JsStr` borrowed
//! from a view stays valid while other views grow.
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
    /// The allocation of a view that was dropped, kept for the next view of this buffer: in
    /// `s += piece` each new view replaces the last, so this saves an allocation and a free
    /// per piece.
    spare_view: Cell<Option<NonNull<AppendString>>>,
    /// First unit written; only ever moves down.
    front: Cell<usize>,
    /// One past the last unit written; only ever moves up.
    back: Cell<usize>,
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

    /// A buffer for `capacity` units holding `parts` from unit `start` on, with no views yet.
    fn allocate(parts: &[JsStr<'_>], start: usize, capacity: usize, latin1: bool) -> NonNull<Self> {
        let layout = Self::layout(capacity, latin1);
        // SAFETY: the layout is never zero-sized (it holds the header).
        let buffer = NonNull::new(unsafe { alloc(layout) }.cast::<Self>())
            .unwrap_or_else(|| handle_alloc_error(layout));
        // SAFETY: freshly allocated with room for the header.
        unsafe {
            buffer.as_ptr().write(Self {
                views: Cell::new(0),
                spare_view: Cell::new(None),
                front: Cell::new(start),
                back: Cell::new(start),
                capacity,
                latin1,
            });
        }
        // SAFETY: the buffer is valid and the caller sized it for `parts` after `start`.
        let length = unsafe { Self::write(buffer, start, parts) };
        // SAFETY: as above.
        unsafe { buffer.as_ref() }.back.set(start + length);
        buffer
    }

    /// Pointer to the first code unit.
    fn data(buffer: NonNull<Self>) -> *mut u8 {
        // SAFETY: the data starts right after the header (both aligned to at least 2).
        unsafe { buffer.as_ptr().cast::<u8>().add(size_of::<Self>()) }
    }

    /// Writes `parts` from unit `at` on and returns how many units that was; the caller moves
    /// `front` or `back` over them.
    ///
    /// # Safety
    /// The units written must be inside the capacity and outside `[front, back)` (no view
    /// covers them), and `parts` must be Latin1 if the buffer is.
    unsafe fn write(buffer: NonNull<Self>, at: usize, parts: &[JsStr<'_>]) -> usize {
        // SAFETY: the caller guarantees the buffer is alive.
        let header = unsafe { buffer.as_ref() };
        let data = Self::data(buffer);
        let mut used = at;
        for part in parts {
            // SAFETY: `[used, used + part.len())` is inside the capacity and outside what any
            // view covers (caller).
            unsafe {
                match (header.latin1, part.variant()) {
                    // A piece of one unit (`s += c`) is stored without a call to `memcpy`.
                    (true, JsStrVariant::Latin1([unit])) => data.add(used).write(*unit),
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
        used - at
    }
}

/// A view of the units `[start, start + len)` of an [`AppendBuffer`].
#[repr(C)]
pub(crate) struct AppendString {
    /// Embedded `VTable` - must be the first field for vtable dispatch.
    vtable: JsStringVTable,
    refcount: Cell<usize>,
    buffer: NonNull<AppendBuffer>,
    start: usize,
}

impl AppendString {
    /// A string of the concatenation of `parts` in a new buffer with room for `spare_before`
    /// more units before it and `spare_after` after it.
    pub(crate) fn concat(parts: &[JsStr<'_>], spare_before: usize, spare_after: usize) -> JsString {
        let length = parts.iter().map(JsStr::len).sum::<usize>();
        let latin1 = parts.iter().all(JsStr::is_latin1);
        let capacity = length
            .checked_add(spare_before)
            .and_then(|units| units.checked_add(spare_after))
            .unwrap_or_else(|| alloc_overflow());
        let buffer = AppendBuffer::allocate(parts, spare_before, capacity, latin1);
        Self::view(buffer, spare_before, length)
    }

    /// The view behind `this` and its buffer, when `this` is one whose buffer can take `parts`.
    fn growable<'a>(this: &'a JsString, parts: &[JsStr<'_>]) -> Option<(&'a Self, &'a AppendBuffer)> {
        if this.kind() != JsStringKind::Append {
            return None;
        }
        // SAFETY: just checked the kind.
        let view: &Self = unsafe { this.as_inner() };
        // SAFETY: a view keeps its buffer alive.
        let header = unsafe { view.buffer.as_ref() };
        (!header.latin1 || parts.iter().all(JsStr::is_latin1)).then_some((view, header))
    }

    /// `this` followed by `parts`, written in place when `this` ends where its buffer's written
    /// units end and the buffer has room after them.
    pub(crate) fn append_in_place(this: &JsString, parts: &[JsStr<'_>]) -> Option<JsString> {
        let (view, header) = Self::growable(this, parts)?;
        let extra = parts.iter().map(JsStr::len).sum::<usize>();
        let back = header.back.get();
        if view.start + view.vtable.len != back || header.capacity - back < extra {
            return None;
        }
        // SAFETY: `[back, back + extra)` is inside the capacity and unwritten; encoding checked.
        unsafe { AppendBuffer::write(view.buffer, back, parts) };
        header.back.set(back + extra);
        Some(Self::view(view.buffer, view.start, view.vtable.len + extra))
    }

    /// `parts` followed by `this`, written in place when `this` starts where its buffer's
    /// written units start and the buffer has room before them.
    pub(crate) fn prepend_in_place(this: &JsString, parts: &[JsStr<'_>]) -> Option<JsString> {
        let (view, header) = Self::growable(this, parts)?;
        let extra = parts.iter().map(JsStr::len).sum::<usize>();
        let front = header.front.get();
        if view.start != front || front < extra {
            return None;
        }
        // SAFETY: `[front - extra, front)` is inside the capacity and unwritten; encoding
        // checked.
        unsafe { AppendBuffer::write(view.buffer, front - extra, parts) };
        header.front.set(front - extra);
        Some(Self::view(view.buffer, front - extra, view.vtable.len + extra))
    }

    /// A new view of the written units `[start, start + len)` of `buffer`.
    fn view(buffer: NonNull<AppendBuffer>, start: usize, len: usize) -> JsString {
        // SAFETY: the caller holds the buffer alive.
        let header = unsafe { buffer.as_ref() };
        header.views.set(header.views.get() + 1);
        let view = Self {
            vtable: JsStringVTable {
                clone: append_clone,
                drop: append_drop,
                as_str: append_as_str,
                code_points: append_code_points,
                refcount: append_refcount,
                len,
                kind: JsStringKind::Append,
            },
            refcount: Cell::new(1),
            buffer,
            start,
        };
        let view = match header.spare_view.take() {
            Some(spare) => {
                // SAFETY: the spare is a `Box` allocation of a dropped view that nothing refers
                // to; a view has nothing to drop.
                unsafe { spare.as_ptr().write(view) };
                spare
            }
            None => NonNull::from(Box::leak(Box::new(view))),
        };
        // SAFETY: the pointer is to a struct whose first field is the vtable.
        unsafe { JsString::from_ptr(view.cast()) }
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
    let view = vtable.cast::<AppendString>();
    // SAFETY: the view kept the buffer alive until now.
    let header = unsafe { buffer.as_ref() };
    let views = header.views.get() - 1;
    header.views.set(views);
    if views != 0 && header.spare_view.get().is_none() {
        header.spare_view.set(Some(view));
        return;
    }
    // SAFETY: the last reference to the view, which was made by `Box::leak`.
    drop(unsafe { Box::from_raw(view.as_ptr()) });
    if views == 0 {
        if let Some(spare) = header.spare_view.take() {
            // SAFETY: a spare is an unused allocation made by `Box::leak`.
            drop(unsafe { Box::from_raw(spare.as_ptr()) });
        }
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
    let (start, len) = (this.start, this.vtable.len);
    // SAFETY: the view's units are written and never change.
    unsafe {
        if latin1 {
            JsStr::latin1(std::slice::from_raw_parts(data.add(start), len))
        } else {
            JsStr::utf16(std::slice::from_raw_parts(data.cast::<u16>().add(start), len))
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
