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
const PAGE_BYTES: usize = 4096;

fn allocator_for(size: usize) -> &'static dyn GlobalAlloc {
    if size >= LARGE_BYTES { &System } else { &MiMalloc }
}

/// The bytes a block of `size` really takes: mimalloc hands out size classes up to a quarter
/// larger than asked (a 64 KiB string and its header take an 80 KiB block), and a mapped block
/// takes whole pages. Counting the asked size let a program's RSS run 7-17% past what the budget
/// saw (measured on the fuzzer's memory findings).
fn footprint(size: usize) -> isize {
    let bytes = if size >= LARGE_BYTES {
        // glibc's header word, then whole pages.
        (size + 16).next_multiple_of(PAGE_BYTES)
    } else {
        size_class(size)
    };
    bytes as isize
}

/// mimalloc's block size for `size` (what `mi_good_size` answers; a test holds them equal),
/// computed here because a call into C on every allocation and free would cost a cold run more
/// than the counting itself: pairs of words up to 8 words, then four classes per power of two.
#[inline(always)]
fn size_class(size: usize) -> usize {
    let words = size.div_ceil(8);
    if words <= 1 {
        return 8;
    }
    if words <= 8 {
        // Blocks of two or more words keep 16-byte alignment.
        return words.next_multiple_of(2) * 8;
    }
    let w = words - 1;
    let top = usize::BITS as usize - 1 - w.leading_zeros() as usize;
    let quarter = (w >> (top - 2)) & 3;
    ((5 + quarter) << (top - 2)) * 8
}

/// The calling thread's live bytes, and the most it held since [`reset_peak`].
struct Count {
    live: Cell<isize>,
    peak: Cell<isize>,
}

thread_local! {
    static COUNT: Count = const { Count { live: Cell::new(0), peak: Cell::new(0) } };
}

fn record(delta: isize) {
    // `try_with` because allocations also happen while a thread's locals are torn down.
    let _ = COUNT.try_with(|count| {
        let live = count.live.get().wrapping_add(delta);
        count.live.set(live);
        // Only a block of a page or more can move the peak far on its own; small blocks add up
        // slowly enough for the budget's checks to see (`note_peak`). Comparing at every
        // allocation cost compute-bound programs 5-8% (fib(25) 35.1 -> 38.3 ms, interleaved).
        if delta >= PAGE_BYTES as isize && live > count.peak.get() {
            count.peak.set(live);
        }
    });
}

/// Raises the calling thread's peak to what it holds now; the budget calls it at every check.
pub fn note_peak() {
    let _ = COUNT.try_with(|count| {
        if count.live.get() > count.peak.get() {
            count.peak.set(count.live.get());
        }
    });
}

// SAFETY: a block is always freed or resized by the allocator that made it, chosen by its size
// (which `Layout` carries into dealloc and realloc); the counter has no effect on memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout.size()).alloc(layout) };
        if !ptr.is_null() {
            record(footprint(layout.size()));
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout.size()).alloc_zeroed(layout) };
        if !ptr.is_null() {
            record(footprint(layout.size()));
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { allocator_for(layout.size()).dealloc(ptr, layout) };
        record(-footprint(layout.size()));
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
            record(footprint(new_size) - footprint(layout.size()));
        }
        new_ptr
    }
}

/// Net bytes allocated and not yet freed by the calling thread.
pub fn thread_live_bytes() -> isize {
    COUNT.with(|count| count.live.get())
}

/// The most bytes the calling thread held at once since [`reset_peak`], as far as it was seen:
/// every block of a page or more, and every budget check, updates it.
pub fn thread_peak_bytes() -> isize {
    COUNT.with(|count| count.peak.get())
}

/// Starts a new peak from what the calling thread holds now.
pub fn reset_peak() {
    COUNT.with(|count| count.peak.set(count.live.get()));
}

/// Gives the memory the calling thread freed back to the OS now: mimalloc otherwise keeps freed
/// pages for a second, and purges them only when some thread allocates again, so one large run
/// left the process hundreds of MiB larger for good.
pub fn release_freed() {
    // SAFETY: no preconditions.
    unsafe { libmimalloc_sys::mi_collect(true) };
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

/// What a heap block of `size` bytes counts as (nothing when there is no block).
fn block_bytes(size: usize) -> usize {
    if size == 0 { 0 } else { footprint(size) as usize }
}

impl HeapBytes for String {
    fn heap_bytes(&self) -> usize {
        block_bytes(self.capacity())
    }
}

impl<T: HeapBytes> HeapBytes for Option<T> {
    fn heap_bytes(&self) -> usize {
        self.as_ref().map_or(0, HeapBytes::heap_bytes)
    }
}

impl<T: HeapBytes> HeapBytes for Vec<T> {
    fn heap_bytes(&self) -> usize {
        block_bytes(self.capacity() * std::mem::size_of::<T>()) + self.iter().map(HeapBytes::heap_bytes).sum::<usize>()
    }
}

impl HeapBytes for u8 {
    fn heap_bytes(&self) -> usize {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_classes_are_mimallocs() {
        for size in (1..4096).chain((4096..LARGE_BYTES).step_by(61)) {
            // SAFETY: a pure function of its argument.
            let good = unsafe { libmimalloc_sys::mi_good_size(size) };
            assert_eq!(size_class(size), good, "size {size}");
        }
    }
}
