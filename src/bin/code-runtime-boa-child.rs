//! The `process` substrate's child: fences itself in, loads the addon (`argv[1]`, the `.node`
//! beside this file) and serves the host over stdin and stdout (`src/process/child.rs`). It
//! links nothing of the engine itself, so building it costs seconds, not a second optimized
//! build of Boa; the engine it runs is the one in the addon the host loaded.
//!
//! Usage (by the host only): code-runtime-boa-child <addon.node> <host pid>

#[cfg(unix)]
fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let [_, addon, host_pid] = args.as_slice() else {
        eprintln!("code-runtime-boa-child is started by the code-runtime-boa addon, not by hand");
        std::process::exit(64);
    };
    let host_pid: libc::pid_t = host_pid.to_str().and_then(|pid| pid.parse().ok()).unwrap_or(0);
    fence::before_load(host_pid);
    let entry = load(addon).unwrap_or_else(|why| {
        eprintln!("code-runtime-boa-child: {why}");
        std::process::exit(65)
    });
    fence::after_load();
    // SAFETY: the addon's entry takes nothing and returns the exit status.
    std::process::exit(unsafe { entry() })
}

#[cfg(not(unix))]
fn main() {
    eprintln!("code-runtime-boa-child: the process substrate runs on Linux and macOS so far");
    std::process::exit(64);
}

/// The addon's child entry (`code_runtime_boa_child_main`).
#[cfg(unix)]
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

/// What the child does to itself before it reads any program.
#[cfg(unix)]
mod fence {
    /// Virtual memory past which the child's allocations fail: a backstop far above any memory
    /// budget (program threads reserve large stacks), not the budget itself.
    const ADDRESS_SPACE_BYTES: u64 = 64 << 30;
    /// Descriptors the child may hold: its pipes, and the addon while it loads.
    const OPEN_FILES: u64 = 16;

    /// Before the addon loads: the child dies with its host, keeps no descriptor but its pipes
    /// (and stderr, which the host points at /dev/null), and cannot gain privileges.
    pub fn before_load(host_pid: libc::pid_t) {
        #[cfg(target_os = "linux")]
        // SAFETY: prctl and getppid with plain integer arguments.
        unsafe {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            // The host may have died before the line above: then nothing would end this child.
            if libc::getppid() != host_pid {
                libc::_exit(66);
            }
            libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = host_pid;
        close_inherited_descriptors();
        // SAFETY: a constant path.
        unsafe { libc::chdir(c"/".as_ptr()) };
        limit(libc::RLIMIT_CORE, 0);
    }

    /// After the addon loaded, before the host's first request is read.
    pub fn after_load() {
        limit(libc::RLIMIT_NOFILE, OPEN_FILES);
        limit(libc::RLIMIT_AS, ADDRESS_SPACE_BYTES);
    }

    fn limit(resource: LimitResource, value: u64) {
        let limit = libc::rlimit { rlim_cur: value as libc::rlim_t, rlim_max: value as libc::rlim_t };
        // SAFETY: a resource constant and a valid rlimit.
        unsafe { libc::setrlimit(resource, &limit) };
    }

    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    type LimitResource = libc::__rlimit_resource_t;
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    type LimitResource = libc::c_int;

    fn close_inherited_descriptors() {
        // SAFETY: closing descriptors this process does not use (0-2 are its pipes and stderr).
        #[cfg(target_os = "linux")]
        if unsafe { libc::syscall(libc::SYS_close_range, 3u32, u32::MAX, 0u32) } == 0 {
            return;
        }
        for fd in 3..1024 {
            // SAFETY: as above.
            unsafe { libc::close(fd) };
        }
    }
}
