//! macOS: the system sandbox (Seatbelt), entered with `sandbox_init` and a profile that denies
//! every operation it mediates (files, sockets and the network, process creation and exec, Mach
//! service lookups, POSIX IPC, IOKit, sysctl) but three the engine makes on itself. Apple marks
//! `sandbox_init` deprecated since 10.8 but keeps it; Chromium's and others' sandboxes stand on
//! the same mechanism. macOS has no parent-death signal: a dead host closes the child's stdin,
//! which ends it. It enforces no address-space limit either (RLIMIT_AS is the advisory
//! RLIMIT_RSS there): memory is bounded by the engine's own budget only.

use std::ffi::{CStr, c_char, c_int};

/// The name of this fence, for the error when it cannot be put up.
pub const FENCE: &str = "sandbox_init with its deny-all profile";

/// Reads and writes on descriptors the child already holds (its pipes), memory, threads, clocks
/// and randomness are not operations the sandbox mediates, so they need no rule.
const PROFILE: &CStr = c"(version 1)
(deny default)
; abort() signals its own process
(allow signal (target self))
; a thread names itself
(allow process-info-setcontrol (target self))
; the C library and Rust size thread pools from the processor count
(allow sysctl-read (sysctl-name \"hw.ncpu\") (sysctl-name \"hw.activecpu\") (sysctl-name \"hw.logicalcpu\"))
";

unsafe extern "C" {
    fn sandbox_init(profile: *const c_char, flags: u64, errorbuf: *mut *mut c_char) -> c_int;
    fn sandbox_free_error(errorbuf: *mut c_char);
}

pub fn before_load(_host_pid: libc::pid_t) {}

pub fn close_inherited_descriptors() {
    // The descriptors open now, listed before any is closed (the listing holds one itself).
    let open: Vec<libc::c_int> = std::fs::read_dir("/dev/fd")
        .map(|listing| listing.filter_map(|entry| entry.ok()?.file_name().to_str()?.parse().ok()).collect())
        .unwrap_or_else(|_| (3..1024).collect());
    for fd in open.into_iter().filter(|&fd| fd > 2) {
        // SAFETY: closing descriptors this process does not use (0-2 are its pipes and stderr).
        unsafe { libc::close(fd) };
    }
}

pub fn after_load() -> Result<(), String> {
    let mut error: *mut c_char = std::ptr::null_mut();
    // SAFETY: a NUL-terminated profile (flags 0: the text of one, not a named profile) and a
    // place for the error message, which is freed once read.
    unsafe {
        if sandbox_init(PROFILE.as_ptr(), 0, &mut error) == 0 {
            return Ok(());
        }
        if error.is_null() {
            return Err("it gave no reason".to_owned());
        }
        let why = CStr::from_ptr(error).to_string_lossy().into_owned();
        sandbox_free_error(error);
        Err(why)
    }
}
