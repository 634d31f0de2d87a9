//! Per-thread allocation accounting. Each program runs alone on its thread, so the bytes its
//! thread holds are the bytes the program holds: the memory budget reads this counter.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use libmimalloc_sys::{mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned};

/// The allocator, counting live bytes per thread. Small blocks come from mimalloc: a realm is
/// built and dropped per run, and malloc/free were a third of a cold run's instructions. Blocks
/// of [`LARGE_BYTES`] and more are mapped each on its own ([`Mapped`]): freed, they go back to the
/// OS at once, and grown, they are remapped instead of copied. With mimalloc for those too, a
/// program growing a huge string held the old and the new copy, and peak RSS in the memory-budget
/// attacks was twice the budget.
pub struct CountingAllocator;

const LARGE_BYTES: usize = 256 << 10;
const PAGE_BYTES: usize = 4096;
/// mimalloc's blocks of this size and more are aligned to it; a larger alignment takes a larger
/// block.
const MIMALLOC_ALIGN: usize = 16;

/// Which allocator makes blocks of a layout.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Source {
    Small,
    Mapped,
    System,
}

fn source_of(layout: Layout) -> Source {
    if layout.size() < LARGE_BYTES {
        Source::Small
    } else if layout.align() <= PAGE_BYTES {
        Source::Mapped
    } else {
        Source::System
    }
}

fn allocator_for(layout: Layout) -> &'static dyn GlobalAlloc {
    match source_of(layout) {
        Source::Small => &Small,
        Source::Mapped => &Mapped,
        Source::System => &System,
    }
}

/// The bytes a block of `layout` really takes: mimalloc hands out size classes up to a quarter
/// larger than asked (a 64 KiB string and its header take an 80 KiB block) and over-allocates to
/// align, and a mapped block takes whole pages. Counting the asked size let a program's RSS run
/// 7-17% past what the budget saw (measured on the fuzzer's memory findings), and counting a
/// 64-byte-aligned `Uint8Array(1)` store as 8 bytes let 10^6 of them hold 56 MiB unseen.
fn footprint(layout: Layout) -> isize {
    let (size, align) = (layout.size(), layout.align());
    let bytes = if size >= LARGE_BYTES {
        // The system allocator's header word (only for alignments past a page), then whole pages.
        (size + if align > PAGE_BYTES { align + 16 } else { 0 }).next_multiple_of(PAGE_BYTES)
    } else if aligned_by_size(size, align) || (align <= size && naturally_aligned(size_class(size))) {
        size_class(size)
    } else {
        // mimalloc takes a block large enough to align inside it (`mi_malloc_aligned`).
        size_class(size.max(MIMALLOC_ALIGN) + align - 1)
    };
    bytes as isize
}

/// Whether any mimalloc block of `size` has alignment `align`: blocks of a word are aligned to
/// a word, larger ones to [`MIMALLOC_ALIGN`].
fn aligned_by_size(size: usize, align: usize) -> bool {
    align <= 8 || (align <= MIMALLOC_ALIGN && size >= MIMALLOC_ALIGN)
}

/// Whether mimalloc's blocks of this size are aligned to their size (powers of two up to a page),
/// so an alignment up to the size needs no larger block.
fn naturally_aligned(block: usize) -> bool {
    block.is_power_of_two() && block <= PAGE_BYTES
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

/// Small blocks, from mimalloc. An alignment its blocks have anyway is not asked for: mimalloc's
/// aligned entry points (which the `mimalloc` crate calls for every allocation) take a block one
/// or two classes larger whenever the current page of the size asked for is full, and never move
/// on to a fresh page of that size; 10^6 string slices of 96 bytes took 112 each, 17% more than
/// the count saw.
struct Small;

// SAFETY: mimalloc's blocks are aligned as `aligned_by_size` says, other alignments are asked for.
unsafe impl GlobalAlloc for Small {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: mimalloc's allocation functions have no preconditions.
        unsafe { if aligned_by_size(size, align) { mi_malloc(size) } else { mi_malloc_aligned(size, align) }.cast() }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: as in `alloc`.
        unsafe { if aligned_by_size(size, align) { mi_zalloc(size) } else { mi_zalloc_aligned(size, align) }.cast() }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: `ptr` came from mimalloc.
        unsafe { mi_free(ptr.cast()) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let align = layout.align();
        // SAFETY: `ptr` came from mimalloc.
        unsafe {
            if aligned_by_size(new_size, align) {
                mi_realloc(ptr.cast(), new_size)
            } else {
                mi_realloc_aligned(ptr.cast(), new_size, align)
            }
            .cast()
        }
    }
}

/// Large blocks, each mapped on its own. Not the system allocator: glibc maps a large block only
/// while it is larger than every mapped block freed so far (its threshold rises to each one freed,
/// up to 32 MiB), and serves smaller ones from its heap, where a freed block stays resident and a
/// grown one is copied. A program filling an array of 16 MiB strings, or growing a hash table,
/// held 60-80 MiB more than the count said that way.
struct Mapped;

#[cfg(target_os = "linux")]
// SAFETY: every block is a private anonymous mapping of whole pages, unmapped or remapped only
// with the size it was made with, rounded the same way.
unsafe impl GlobalAlloc for Mapped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let bytes = layout.size().next_multiple_of(PAGE_BYTES);
        let flags = libc::MAP_PRIVATE | libc::MAP_ANONYMOUS;
        // SAFETY: a new mapping, touching no existing memory.
        let ptr = unsafe { libc::mmap(std::ptr::null_mut(), bytes, libc::PROT_READ | libc::PROT_WRITE, flags, -1, 0) };
        if ptr == libc::MAP_FAILED { std::ptr::null_mut() } else { ptr.cast() }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // A new anonymous mapping reads as zeros.
        unsafe { self.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` is a mapping of this size (see the impl's safety comment).
        unsafe { libc::munmap(ptr.cast(), layout.size().next_multiple_of(PAGE_BYTES)) };
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let (old, new) = (layout.size().next_multiple_of(PAGE_BYTES), new_size.next_multiple_of(PAGE_BYTES));
        if old == new {
            return ptr;
        }
        // SAFETY: `ptr` is a mapping of `old` bytes; the kernel moves its pages, not their bytes.
        let moved = unsafe { libc::mremap(ptr.cast(), old, new, libc::MREMAP_MAYMOVE) };
        if moved == libc::MAP_FAILED { std::ptr::null_mut() } else { moved.cast() }
    }
}

/// Elsewhere the system allocator maps large blocks on its own.
#[cfg(not(target_os = "linux"))]
// SAFETY: forwards to the system allocator.
unsafe impl GlobalAlloc for Mapped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        unsafe { System.realloc(ptr, layout, new_size) }
    }
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

// SAFETY: a block is always freed or resized by the allocator that made it, chosen by its layout
// (which dealloc and realloc are given); the counter has no effect on memory.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout).alloc(layout) };
        if !ptr.is_null() {
            record(footprint(layout));
        }
        ptr
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let ptr = unsafe { allocator_for(layout).alloc_zeroed(layout) };
        if !ptr.is_null() {
            record(footprint(layout));
        }
        ptr
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { allocator_for(layout).dealloc(ptr, layout) };
        record(-footprint(layout));
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: `GlobalAlloc::realloc` guarantees `new_size` with this alignment is a valid layout.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        let old = allocator_for(layout);
        let new_ptr = if source_of(layout) == source_of(new_layout) {
            unsafe { old.realloc(ptr, layout, new_size) }
        } else {
            // Crossing LARGE_BYTES moves the block to the other allocator.
            let moved = unsafe { allocator_for(new_layout).alloc(new_layout) };
            if !moved.is_null() {
                unsafe {
                    std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                    old.dealloc(ptr, layout);
                }
            }
            moved
        };
        if !new_ptr.is_null() {
            record(footprint(new_layout) - footprint(layout));
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

/// Counts `delta` bytes that a C++ library holds on this thread's behalf (ada, behind `URL`):
/// they come from the C++ heap, which this allocator does not see.
pub fn count_foreign(delta: isize) {
    record(delta);
}

/// Bytes a value holds on the heap, for values that cross threads (see [`hand_over`]).
pub trait HeapBytes {
    fn heap_bytes(&self) -> usize;
}

/// What a heap block of `size` bytes counts as (nothing when there is no block).
fn block_bytes(size: usize) -> usize {
    // SAFETY: an alignment of 1 is a power of two, and a block's size fits the address space.
    if size == 0 { 0 } else { footprint(unsafe { Layout::from_size_align_unchecked(size, 1) }) as usize }
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

/// A buffer's block, aligned as an `ArrayBuffer`'s store is.
impl HeapBytes for boa_engine::object::builtins::AlignedVec<u8> {
    fn heap_bytes(&self) -> usize {
        match Layout::from_size_align(self.capacity(), self.alignment()) {
            Ok(layout) if layout.size() > 0 => footprint(layout) as usize,
            _ => 0,
        }
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

    /// Allocates `count` blocks of `layout` from mimalloc (enough to fill many pages), checks each
    /// with `check(block, usable bytes from it)`, and frees them.
    fn with_small_blocks(layout: Layout, count: usize, check: impl Fn(*mut u8, usize)) {
        // SAFETY: every block is freed with the layout it was made with.
        let blocks: Vec<*mut u8> = (0..count).map(|_| unsafe { Small.alloc(layout) }).collect();
        for &block in &blocks {
            assert!(!block.is_null());
            // SAFETY: a live mimalloc block.
            check(block, unsafe { libmimalloc_sys::mi_usable_size(block.cast()) });
        }
        for block in blocks {
            unsafe { Small.dealloc(block, layout) };
        }
    }

    #[test]
    fn small_blocks_take_their_size_class_when_their_alignment_comes_with_it() {
        // 96 bytes aligned to 8 or 16 took 112-byte blocks once a page was full, through
        // mimalloc's aligned entry point.
        for (size, align) in [(96, 8), (96, 16), (88, 8), (48, 16), (24, 8), (8, 8), (200, 16)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            with_small_blocks(layout, 5_000, |block, usable| {
                assert!((block as usize).is_multiple_of(align));
                assert_eq!(usable as isize, footprint(layout), "size {size}, align {align}");
            });
        }
    }

    #[test]
    fn over_aligned_small_blocks_count_the_block_they_take() {
        // A 64-byte-aligned `Uint8Array(1)` store counted as 8 bytes took a 64-byte block or more.
        for (size, align) in [(1, 64), (8, 16), (100, 64), (64, 64), (4000, 128)] {
            let layout = Layout::from_size_align(size, align).unwrap();
            with_small_blocks(layout, 5_000, |block, usable| {
                assert!((block as usize).is_multiple_of(align));
                assert!(usable as isize <= footprint(layout), "size {size}, align {align}: usable {usable}");
            });
        }
        assert!(footprint(Layout::from_size_align(1, 64).unwrap()) >= 64);
    }

    #[test]
    fn large_blocks_are_mapped_pages_that_grow_and_shrink_in_place_of_a_copy() {
        let layout = Layout::from_size_align(LARGE_BYTES + 1, 8).unwrap();
        assert_eq!(footprint(layout), (LARGE_BYTES + PAGE_BYTES) as isize);
        // SAFETY: each block is used within its size and freed with its layout.
        unsafe {
            let block = Mapped.alloc_zeroed(layout);
            assert!(!block.is_null() && (block as usize).is_multiple_of(PAGE_BYTES));
            assert!(std::slice::from_raw_parts(block, layout.size()).iter().all(|&byte| byte == 0));
            block.add(layout.size() - 1).write(7);
            let grown = Mapped.realloc(block, layout, 64 << 20);
            assert_eq!(grown.add(layout.size() - 1).read(), 7);
            grown.add((64 << 20) - 1).write(9);
            let shrunk = Mapped.realloc(grown, Layout::from_size_align(64 << 20, 8).unwrap(), layout.size());
            assert_eq!(shrunk.add(layout.size() - 1).read(), 7);
            Mapped.dealloc(shrunk, layout);
        }
    }
}
