//! The `process` substrate's child: fences itself in (`fence/`), loads the addon (`argv[1]`, the
//! `.node` beside this file) and serves the host over stdin and stdout (`src/process/child.rs`).
//! It links nothing of the engine itself, so building it costs seconds, not a second optimized
//! build of Boa; the engine it runs is the one in the addon the host loaded.
//!
//! Usage (by the host only): code-runtime-boa-child <addon.node> <host pid>

#[cfg(all(process_substrate, unix))]
mod fence;
// Windows shares none of the Unix steps of fence/mod.rs.
#[cfg(windows)]
#[path = "fence/windows.rs"]
mod fence;

#[cfg(process_substrate)]
fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `--probe-fence`, given only by the fence's tests, tries what the fence refuses once fenced
    // in instead of serving, and reports each answer. The host passes it only for `probeFence`.
    let (addon, host_pid, probe) = match args.as_slice() {
        [_, addon, host_pid] => (addon, host_pid, false),
        [_, addon, host_pid, flag] if flag == "--probe-fence" => (addon, host_pid, true),
        _ => {
            eprintln!("code-runtime-boa-child is started by the code-runtime-boa addon, not by hand");
            std::process::exit(64);
        }
    };
    let host_pid: u32 = host_pid.to_str().and_then(|pid| pid.parse().ok()).unwrap_or(0);
    fence::before_load(host_pid);
    let entry = load(addon).unwrap_or_else(|why| {
        eprintln!("code-runtime-boa-child: {why}");
        std::process::exit(65)
    });
    fence::after_load();
    if probe {
        fence::probe();
    }
    // SAFETY: the addon's entry takes nothing and returns the exit status.
    std::process::exit(unsafe { entry() })
}

#[cfg(not(process_substrate))]
fn main() {
    eprintln!("code-runtime-boa-child: the process substrate runs on Linux, macOS and Windows only");
    std::process::exit(64);
}

/// The addon's child entry (`code_runtime_boa_child_main`).
#[cfg(all(process_substrate, unix))]
fn load(addon: &std::ffi::OsStr) -> Result<unsafe extern "C" fn() -> i32, String> {
    use std::os::unix::ffi::OsStrExt;
    let path = std::ffi::CString::new(addon.as_bytes()).map_err(|_| "the addon path holds a NUL byte".to_owned())?;
    // SAFETY: a path string; the library stays loaded for the life of the process.
    let library = unsafe { libc::dlopen(path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
    if library.is_null() {
        return Err(format!("could not load {}", addon.to_string_lossy()));
    }
    // SAFETY: a NUL-terminated symbol name in a loaded library.
    let symbol = unsafe { libc::dlsym(library, c"code_runtime_boa_child_main".as_ptr()) };
    if symbol.is_null() {
        return Err(format!("{} has no child entry: it is not this version's addon", addon.to_string_lossy()));
    }
    // SAFETY: the symbol is the addon's `extern "C" fn() -> i32` entry.
    Ok(unsafe { std::mem::transmute::<*mut libc::c_void, unsafe extern "C" fn() -> i32>(symbol) })
}

/// The addon's child entry (`code_runtime_boa_child_main`).
#[cfg(windows)]
fn load(addon: &std::ffi::OsStr) -> Result<unsafe extern "C" fn() -> i32, String> {
    use std::os::windows::ffi::OsStrExt;
    use windows_sys::Win32::System::LibraryLoader::{GetProcAddress, LoadLibraryW};
    let path: Vec<u16> = addon.encode_wide().chain([0]).collect();
    // SAFETY: a NUL-terminated path; the library stays loaded for the life of the process.
    let library = unsafe { LoadLibraryW(path.as_ptr()) };
    if library.is_null() {
        return Err(format!("could not load {} ({})", addon.to_string_lossy(), std::io::Error::last_os_error()));
    }
    // SAFETY: a NUL-terminated symbol name in a loaded library.
    let Some(symbol) = (unsafe { GetProcAddress(library, c"code_runtime_boa_child_main".as_ptr().cast()) }) else {
        return Err(format!("{} has no child entry: it is not this version's addon", addon.to_string_lossy()));
    };
    // SAFETY: the symbol is the addon's `extern "C" fn() -> i32` entry ("system" and "C" are one
    // calling convention on the 64-bit targets this builds for).
    Ok(unsafe { std::mem::transmute::<unsafe extern "system" fn() -> isize, unsafe extern "C" fn() -> i32>(symbol) })
}
