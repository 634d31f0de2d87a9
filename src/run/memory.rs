//! Per-thread allocation accounting. Each program runs alone on its thread, so the bytes its
//! thread holds are the bytes the program holds: the memory budget reads this counter.

use std::alloc::{GlobalAlloc, Layout};
use std::cell::Cell;

use mimalloc::MiMalloc;

/// mimalloc, counting live bytes per thread. mimalloc rather than the system allocator: a realm
/// is built and dropped per run, and malloc/free were a third of a cold run's instructions.
pub struct CountingAllocator;

thread_local! {
    static LIVE_BYTES: Cell<isize> = const { Cell::new(0) };
}

fn record(delta: isize) {
    // `try_with` because allocations also happen while a thread's locals are torn down.
    let _ = LIVE_BYTES.try_with(|live| live.set(live.get().wrapping_add(delta)));
}

// SAFETY: every call is forwarded unchanged to `MiMalloc`; the counter has no effect on memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { MiMalloc.alloc(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize);
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { MiMalloc.alloc_zeroed(layout) };
        if !ptr.is_null() {
            record(layout.size() as isize);
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { MiMalloc.dealloc(ptr, layout) };
        record(-(layout.size() as isize));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let new_ptr = unsafe { MiMalloc.realloc(ptr, layout, new_size) };
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
