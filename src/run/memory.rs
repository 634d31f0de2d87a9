//! Per-thread allocation accounting. Each program runs alone on its thread, so the bytes its
//! thread holds are the bytes the program holds: the memory budget reads this counter.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use mimalloc::MiMalloc;

/// The allocator, counting live bytes per thread. Small blocks come from mimalloc: a realm is
/// built and dropped per run, and malloc/free were a third of a cold run's instructions. Blocks
/// of [`LARGE_BYTES`] and more come from the system allocator, which maps each on its own: freed,
/// it goes back to the OS at once, and grown, it is remapped instead of copied. With mimalloc for
/// those too, a program growing a huge string held the old and the new copy, and peak RSS in the
/// memory-budget attacks was twice the budget.
pub struct CountingAllocator;

const LARGE_BYTES: usize = 256 << 10;

fn allocator_for(size: usize) -> &'static dyn GlobalAlloc {
    if size >= LARGE_BYTES { &System } else { &MiMalloc }
}

thread_local! {
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
}

fn record(delta: isize) {
    // `try_with` because allocations also happen while a thread's locals are torn down.
    let _ = LIVE_BYTES.try_with(|live| live.set(live.get().wrapping_add(delta)));
}

// SAFETY: a block is always freed or resized by the allocator that made it, chosen by its size
// (which `Layout` carries into dealloc and realloc); the counter has no effect on memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout.size()).alloc(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout.size()).alloc_zeroed(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { allocator_for(layout.size()).dealloc(ptr, layout) };
        record(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let (old, new) = (allocator_for(layout.size()), allocator_for(new_size));
        let new_ptr = if (layout.size() >= LARGE_BYTES) == (new_size >= LARGE_BYTES) {
            unsafe { old.realloc(ptr, layout, new_size) }
        } else {
            // Crossing LARGE_BYTES moves the block to the other allocator.
            // SAFETY: `GlobalAlloc::realloc` guarantees `new_size` with this alignment is a valid layout.
            let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
            let moved = unsafe { new.alloc(new_layout) };
            if !moved.is_null() {
                unsafe {
                    std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                    old.dealloc(ptr, layout);
                }
            }
            moved
        };
        if !new_ptr.is_null() {
            record(new_size as isize - layout.size() as isize);
        }
        new_ptr
    }
}

/// Net bytes allocated and not yet freed by the calling thread.
pub fn thread_live_bytes() -> isize {
    LIVE_BYTES.with(Cell::get)
}

/// Moves `bytes` out of the calling thread's count: they were allocated here and will be freed on
/// another thread (an event sent to the host), so they stop being this thread's.
pub fn hand_over(bytes: usize) {
    record(-(bytes as isize));
}

/// Moves `bytes` into the calling thread's count: they were allocated on another thread (a
/// message from the host) and will be freed here.
pub fn take_over(bytes: usize) {
    record(bytes as isize);
}

/// Bytes a value holds on the heap, for values that cross threads (see [`hand_over`]).
pub trait HeapBytes {
    fn heap_bytes(&self) -> usize;
}

impl HeapBytes for String {
    fn heap_bytes(&self) -> usize {
        self.capacity()
    }
}

impl<T: HeapBytes> HeapBytes for Option<T> {
    fn heap_bytes(&self) -> usize {
        self.as_ref().map_or(0, HeapBytes::heap_bytes)
    }
}

impl<T: HeapBytes> HeapBytes for Vec<T> {
    fn heap_bytes(&self) -> usize {
        self.capacity() * std::mem::size_of::<T>() + self.iter().map(HeapBytes::heap_bytes).sum::<usize>()
    }
}

impl HeapBytes for u8 {
    fn heap_bytes(&self) -> usize {
        0
    }
}
