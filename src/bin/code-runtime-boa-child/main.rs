//! The `process` substrate's child: fences itself in (`fence/`), loads the addon (`argv[1]`, the
//! `.node` beside this file) and serves the host over stdin and stdout (`src/process/child.rs`).
//! It links nothing of the engine itself, so building it costs seconds, not a second optimized
//! build of Boa; the engine it runs is the one in the addon the host loaded.
//!
//! Usage (by the host only): code-runtime-boa-child <addon.node> <host pid> [--region <bytes>]
//! (with the shared region of that size on descriptor 3, `src/process/region.rs`)

#[cfg(any(target_os = "linux", target_os = "macos"))]
mod fence;

#[cfg(any(target_os = "linux", target_os = "macos"))]
fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `--probe-fence`, given only by the fence's test, tries what the fence refuses once fenced
    // in instead of serving, and reports each answer on stderr. The host never passes it.
    let (addon, host_pid, probe, region_bytes) = match args.as_slice() {
        [_, addon, host_pid] => (addon, host_pid, false, None),
        [_, addon, host_pid, flag] if flag == "--probe-fence" => (addon, host_pid, true, None),
        [_, addon, host_pid, flag, bytes] if flag == "--region" => {
            (addon, host_pid, false, bytes.to_str().and_then(|bytes| bytes.parse().ok()))
        }
        _ => {
            eprintln!("code-runtime-boa-child is started by the code-runtime-boa addon, not by hand");
            std::process::exit(64);
        }
    };
    let host_pid: libc::pid_t = host_pid.to_str().and_then(|pid| pid.parse().ok()).unwrap_or(0);
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

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn main() {
    eprintln!("code-runtime-boa-child: the process substrate runs on Linux and macOS so far");
    std::process::exit(64);
}

/// The region the host shares on descriptor 3, mapped for the process's life; null when it cannot
/// be (the child then sends everything through its pipe).
#[cfg(any(target_os = "linux", target_os = "macos"))]
fn map_region(bytes: usize) -> *mut u8 {
    // SAFETY: a shared mapping of a descriptor the host put there at spawn, never unmapped.
    let base = unsafe { libc::mmap(std::ptr::null_mut(), bytes, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, 3, 0) };
    if base == libc::MAP_FAILED { std::ptr::null_mut() } else { base.cast() }
}

#[cfg(any(target_os = "linux", target_os = "macos"))]
type Entry = unsafe extern "C" fn(region: *mut u8) -> i32;

/// The addon's child entry (`code_runtime_boa_child_serve`).
#[cfg(any(target_os = "linux", target_os = "macos"))]
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
