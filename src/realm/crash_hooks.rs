//! Test-only, in builds with the `crash-hooks` feature (never the shipped addon): `__crash(kind)`
//! kills the process running the program the ways an engine bug could, from inside, so the
//! process substrate's containment is tested against faults its child makes itself
//! (`__test__/crash-hooks.spec.ts`, built by `scripts/build-crash-hooks.js`).

use boa_engine::{Context, JsNativeError, JsResult, JsValue, NativeFunction, js_string};

/// Defines the global `__crash`.
pub fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_builtin_callable(js_string!("__crash"), 1, NativeFunction::from_fn_ptr(crash))
}

const KINDS: &str = "'abort', 'segfault', 'stack-overflow' or 'allocate'";

fn crash(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let kind = args.first().and_then(JsValue::as_string).map(|kind| kind.to_std_string_escaped());
    match kind.as_deref() {
        Some("abort") => std::process::abort(),
        Some("segfault") => {
            // Hidden from the optimizer, which would otherwise treat a store through null as
            // unreachable instead of making it.
            let address = std::hint::black_box(std::ptr::null_mut::<u8>());
            // SAFETY: none; faulting is the point.
            unsafe { address.write_volatile(1) };
            unreachable!("a store through a null pointer returned")
        }
        Some("stack-overflow") => {
            recurse(std::hint::black_box(true));
            unreachable!("unbounded recursion returned")
        }
        Some("allocate") => allocate_until_refused(),
        _ => Err(JsNativeError::typ().with_message(format!("__crash(kind): kind must be {KINDS}")).into()),
    }
}

/// Native recursion with no stack check, 4 KiB a frame, until the thread's guard page.
#[inline(never)]
fn recurse(deeper: bool) -> u64 {
    let frame = std::hint::black_box([0u64; 512]);
    // The addition after the call keeps it from becoming a loop.
    if deeper { recurse(std::hint::black_box(deeper)) + frame[7] } else { frame[0] }
}

/// Blocks of 256 MiB from the process's allocator, each touched, with no budget check between
/// them, until the allocator fails (the child's RLIMIT_AS) and Rust's allocation-failure handler
/// aborts the process, as an engine allocating without bound would end. Only a page of each block
/// is touched: the address-space limit (64 GiB) is past the memory of a test machine, and filling
/// that would call the OOM killer on everything else running on it.
fn allocate_until_refused() -> ! {
    const BLOCK_BYTES: usize = 256 << 20;
    let layout = std::alloc::Layout::from_size_align(BLOCK_BYTES, 4096).expect("a valid layout");
    loop {
        // SAFETY: a layout of non-zero size; the block is never freed, on purpose.
        let block = unsafe { std::alloc::alloc(layout) };
        if block.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        // SAFETY: the first byte of the block just allocated.
        unsafe { block.write_volatile(1) };
    }
}
