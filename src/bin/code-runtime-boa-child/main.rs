//! The `process` substrate's child: fences itself in (`fence/`), loads the addon (`argv[1]`, the
//! `.node` beside this file) and serves the host over stdin and stdout (`src/process/child.rs`).
//! It links nothing of the engine itself, so building it costs seconds, not a second optimized
//! build of Boa; the engine it runs is the one in the addon the host loaded.
//!
//! Usage (by the host only): code-runtime-boa-child <addon.node> <host pid> [--region <bytes>]
//! [--probe-fence] (with the shared region of that size as its stderr, `src/process/region.rs`)

#[cfg(all(process_substrate, unix))]
mod fence;
// Windows shares none of the Unix steps of fence/mod.rs.
#[cfg(windows)]
#[path = "fence/windows.rs"]
mod fence;

#[cfg(process_substrate)]
fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let [_, addon, host_pid, flags @ ..] = args.as_slice() else { started_by_hand() };
    // `--region <bytes>`: the shared region is the child's stderr (the host gives one to every child
    // where it can). `--probe-fence`, given only by the fence's tests, tries what the fence refuses
    // once fenced in instead of serving, and reports each answer (the host passes it only for
    // `probeFence`).
    let (mut probe, mut region_bytes) = (false, None);
    let mut flags = flags.iter();
    while let Some(flag) = flags.next() {
        match flag.to_str() {
            Some("--probe-fence") => probe = true,
            Some("--region") => region_bytes = flags.next().and_then(|bytes| bytes.to_str()?.parse().ok()),
            _ => started_by_hand(),
        }
    }
    let host_pid: u32 = host_pid.to_str().and_then(|pid| pid.parse().ok()).unwrap_or(0);
    // Mapped before the fence closes its descriptor, so the fence allows no call for it.
    let region = region_bytes.map_or(std::ptr::null_mut(), map_region);
    fence::before_load(host_pid);
    let entry = load(addon).unwrap_or_else(|why| {
        eprintln!("code-runtime-boa-child: {why}");
        std::process::exit(65)
    });
    fence::after_load();
    if probe {
        fence::probe();
    }
    // SAFETY: the addon's entry takes the region (null or mapped for the process's life) and
    // returns the exit status.
    std::process::exit(unsafe { entry(region) })
}

#[cfg(process_substrate)]
fn started_by_hand() -> ! {
    eprintln!("code-runtime-boa-child is started by the code-runtime-boa addon, not by hand");
    std::process::exit(64)
}

#[cfg(not(process_substrate))]
fn main() {
    eprintln!("code-runtime-boa-child: the process substrate runs on Linux, macOS and Windows only");
    std::process::exit(64);
}

/// The region the host shares as stderr, mapped for the process's life; null when it cannot be
/// (the child then sends everything through its pipe). Stderr then points at /dev/null, as for a
/// child without a region, so nothing written there lands in the region.
#[cfg(all(process_substrate, unix))]
fn map_region(bytes: usize) -> *mut u8 {
    const REGION_FD: libc::c_int = 2;
    // SAFETY: a shared mapping of a descriptor the host put there at spawn, never unmapped; then
    // plain calls on a constant path and the standard descriptor.
    unsafe {
        let base = libc::mmap(std::ptr::null_mut(), bytes, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, REGION_FD, 0);
        let null = libc::open(c"/dev/null".as_ptr(), libc::O_WRONLY);
        if null >= 0 {
            libc::dup2(null, REGION_FD);
            libc::close(null);
        }
        if base == libc::MAP_FAILED { std::ptr::null_mut() } else { base.cast() }
    }
}

/// The host shares no region with a Windows child (`src/process/region.rs` is Unix-only).
#[cfg(windows)]
fn map_region(_: usize) -> *mut u8 {
    std::ptr::null_mut()
}

/// The addon's child entry (`code_runtime_boa_child_serve`): takes the region (null when there is
/// none) and returns the exit status.
#[cfg(process_substrate)]
type Entry = unsafe extern "C" fn(region: *mut u8) -> i32;

/// The addon's child entry.
#[cfg(all(process_substrate, unix))]
fn load(addon: &std::ffi::OsStr) -> Result<Entry, String> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(addon.as_bytes()).map_err(|_| "the addon path holds a NUL byte".to_owned())?;
    // SAFETY: a path string; the library stays loaded for the life of the process.
    let library = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if library.is_null() {
        return Err(format!("could not load {}", addon.to_string_lossy()));
    }
    // SAFETY: a NUL-terminated symbol name in a loaded library.
    let symbol = unsafe { libc::dlsym(library, c"code_runtime_boa_child_serve".as_ptr()) };
    if symbol.is_null() {
        return Err(format!("{} has no child entry: it is not this version's addon", addon.to_string_lossy()));
    }
    // SAFETY: the symbol is the addon's entry, of type `Entry`.
    Ok(unsafe { std::mem::transmute::<*mut libc::c_void, Entry>(symbol) })
}

/// The addon's child entry.
#[cfg(windows)]
fn load(addon: &std::ffi::OsStr) -> Result<Entry, String> {
    use std::os::windows::ffi::OsStrExt;
    use windows_sys::Win32::System::LibraryLoader::{GetProcAddress, LoadLibraryW};
    let path: Vec<u16> = addon.encode_wide().chain([0]).collect();
    // SAFETY: a NUL-terminated path; the library stays loaded for the life of the process.
    let library = unsafe { LoadLibraryW(path.as_ptr()) };
    if library.is_null() {
        return Err(format!("could not load {} ({})", addon.to_string_lossy(), std::io::Error::last_os_error()));
    }
    // SAFETY: a NUL-terminated symbol name in a loaded library.
    let Some(symbol) = (unsafe { GetProcAddress(library, c"code_runtime_boa_child_serve".as_ptr().cast()) }) else {
        return Err(format!("{} has no child entry: it is not this version's addon", addon.to_string_lossy()));
    };
    // SAFETY: the symbol is the addon's entry, of type `Entry` ("system" and "C" are one calling
    // convention on the 64-bit targets this builds for).
    Ok(unsafe { std::mem::transmute::<unsafe extern "system" fn() -> isize, Entry>(symbol) })
}
