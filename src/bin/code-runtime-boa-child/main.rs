//! The `process` substrate's child: fences itself in (`fence/`), loads the addon (`argv[1]`, the
//! `.node` beside this file) and serves the host over stdin and stdout (`src/process/child.rs`).
//! It links nothing of the engine itself, so building it costs seconds, not a second optimized
//! build of Boa; the engine it runs is the one in the addon the host loaded.
//!
//! Usage (by the host only): code-runtime-boa-child <addon.node> <host pid>

#[cfg(any(target_os = "linux", target_os = "macos"))]
mod fence;

#[cfg(any(target_os = "linux", target_os = "macos"))]
fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    // `--probe-fence`, given only by the fence's test, tries what the fence refuses once fenced
    // in instead of serving, and reports each answer on stderr. The host never passes it.
    let (addon, host_pid, probe) = match args.as_slice() {
        [_, addon, host_pid] => (addon, host_pid, false),
        [_, addon, host_pid, flag] if flag == "--probe-fence" => (addon, host_pid, true),
        _ => {
            eprintln!("code-runtime-boa-child is started by the code-runtime-boa addon, not by hand");
            std::process::exit(64);
        }
    };
    let host_pid: libc::pid_t = host_pid.to_str().and_then(|pid| pid.parse().ok()).unwrap_or(0);
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

#[cfg(not(any(target_os = "linux", target_os = "macos")))]
fn main() {
    eprintln!("code-runtime-boa-child: the process substrate runs on Linux and macOS so far");
    std::process::exit(64);
}

/// The addon's child entry (`code_runtime_boa_child_main`).
#[cfg(any(target_os = "linux", target_os = "macos"))]
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
