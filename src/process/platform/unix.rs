//! Linux and macOS: the child is spawned with std's Command, killed with SIGKILL by its pid, and
//! the host writes to it without blocking (`outbox.rs`).

use std::io;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;

use super::Spawned;
use crate::process::region::{self, HostRegion, Region};

/// The host's end of the child's stdin and of its stdout.
pub type ToChild = std::process::ChildStdin;
pub type FromChild = std::process::ChildStdout;

/// The outbox writes from the sender's own thread while the pipe has room.
pub const WRITES_FROM_SENDER: bool = true;

pub struct Process(std::process::Child);

/// Ends the child from any thread.
pub struct Killer {
    pid: u32,
    /// Set once the child has exited and before it is reaped: no signal may reach its pid after.
    exited: Mutex<bool>,
}

pub fn check_executable(launcher: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    match std::fs::metadata(launcher) {
        Ok(file) if file.is_file() && file.permissions().mode() & 0o111 != 0 => Ok(()),
        Ok(_) => Err(format!("the process substrate's child executable is not an executable file: {} (chmod +x it)", launcher.display())),
        Err(_) => Err(format!("the process substrate's child executable is missing: {}", launcher.display())),
    }
}

/// Starts `launcher` on `addon` with an empty environment, `/` as its directory and its stdin and
/// stdout as pipes to the host (it closes anything else it inherits itself). The address-space
/// backstop is the child's own (`fence/linux.rs`), so `_memory_bytes` is not needed here.
pub fn spawn(launcher: &Path, addon: &Path, _memory_bytes: usize, extra: &[&str]) -> io::Result<Spawned> {
    let mut command = Command::new(launcher);
    command.arg(addon).arg(std::process::id().to_string()).args(extra);
    command.env_clear().current_dir("/").stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
    // The fence's probe reports on stderr, so it gets no region there.
    let region = if extra.contains(&"--probe-fence") { None } else { share_region(&mut command) };
    let mut process = command.spawn()?;
    // The child has its copy of the region's descriptor: the host keeps only its mapping.
    drop(command);
    let (Some(to_child), Some(from_child)) = (process.stdin.take(), process.stdout.take()) else {
        let _ = process.kill();
        let _ = process.wait();
        return Err(io::Error::other("the child process started without its pipes"));
    };
    widen_pipes(&to_child, &from_child);
    let pid = process.id();
    Ok(Spawned { pid, process: Process(process), killer: Killer { pid, exited: Mutex::new(false) }, to_child, from_child, region })
}

impl Process {
    /// Waits for the child to end; says how it did, for the `crashed` error.
    pub fn wait(mut self, killer: &Killer) -> String {
        *lock(&killer.exited) = true;
        match self.0.wait() {
            Ok(status) => describe_exit(&status),
            Err(err) => format!("could not be waited for ({err})"),
        }
    }
}

impl Killer {
    /// SIGKILL, unless the child was already reaped (its pid may then be another process's).
    pub fn kill(&self) {
        let exited = lock(&self.exited);
        if !*exited {
            // SAFETY: a signal to a child of this process that has not been reaped.
            unsafe { libc::kill(self.pid as libc::pid_t, libc::SIGKILL) };
        }
    }
}

/// A region for the child `command` starts, handed to it as its stderr (descriptor 2; the
/// launcher maps it, then points stderr at /dev/null). A descriptor of its own number would need
/// a `pre_exec` step, and std then forks the whole host instead of calling posix_spawn: a fork
/// copies the host's page tables while its other threads wait, which stalled Node's event loop
/// by milliseconds per child started (bench (k)).
fn share_region(command: &mut Command) -> Option<HostRegion> {
    let (region, descriptor) = Region::create().ok()?;
    command.arg("--region").arg(region::REGION_BYTES.to_string()).stderr(Stdio::from(descriptor));
    Some(HostRegion(region))
}

/// Pipes of a MiB each way (the most an unprivileged process may ask by default), instead of
/// 64 KiB: a 1 MiB argument then crosses in one write, not sixteen hand-offs between processes.
#[cfg(target_os = "linux")]
fn widen_pipes(stdin: &ToChild, stdout: &FromChild) {
    use std::os::fd::AsRawFd;
    for fd in [stdin.as_raw_fd(), stdout.as_raw_fd()] {
        // SAFETY: fcntl on a pipe this process holds; a refusal leaves the default size.
        unsafe { libc::fcntl(fd, libc::F_SETPIPE_SZ, PIPE_BYTES) };
    }
}

#[cfg(target_os = "linux")]
const PIPE_BYTES: libc::c_int = 1 << 20;

#[cfg(not(target_os = "linux"))]
fn widen_pipes(_: &ToChild, _: &FromChild) {}

/// O_NONBLOCK on the host's end's own open file description; the child's end of the pipe keeps
/// blocking reads.
pub fn write_without_blocking(pipe: &ToChild) -> io::Result<()> {
    use std::os::fd::AsRawFd;
    // SAFETY: fcntl on a pipe this process holds.
    let set = unsafe {
        let flags = libc::fcntl(pipe.as_raw_fd(), libc::F_GETFL);
        flags >= 0 && libc::fcntl(pipe.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
    };
    if set { Ok(()) } else { Err(io::Error::last_os_error()) }
}

/// Until the pipe has room, or the child's end is closed (poll then reports an error, and the
/// write that follows fails).
pub fn wait_for_room(pipe: &ToChild) {
    use std::os::fd::AsRawFd;
    let mut room = libc::pollfd { fd: pipe.as_raw_fd(), events: libc::POLLOUT, revents: 0 };
    // SAFETY: one pollfd for a descriptor the caller holds.
    unsafe { libc::poll(&mut room, 1, -1) };
}

/// How a child ended, for the `crashed` error: the signal by name, or the exit status.
fn describe_exit(status: &std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    if let Some(signal) = status.signal() {
        let name = match signal {
            libc::SIGKILL => "SIGKILL",
            libc::SIGSEGV => "SIGSEGV",
            libc::SIGABRT => "SIGABRT",
            libc::SIGBUS => "SIGBUS",
            libc::SIGILL => "SIGILL",
            libc::SIGFPE => "SIGFPE",
            libc::SIGSYS => "SIGSYS (a system call the fence refuses)",
            libc::SIGTERM => "SIGTERM",
            libc::SIGXCPU => "SIGXCPU",
            _ => "a signal",
        };
        return format!("was killed by signal {signal} ({name})");
    }
    format!("exited with status {}", status.code().unwrap_or(-1))
}

/// The file this library was loaded from (the `.node`), which the child loads too.
pub fn addon_path() -> Option<PathBuf> {
    use std::os::unix::ffi::OsStrExt;
    // SAFETY: Dl_info is plain data, filled by dladdr for an address inside this library.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    let found = unsafe { libc::dladdr(addon_path as *const libc::c_void, &mut info) };
    if found == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dladdr gives a NUL-terminated path that lives as long as the library.
    let name = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(name.to_bytes())))
}

/// In the child: its pipes from and to the host.
pub fn child_stdio() -> (std::fs::File, std::fs::File) {
    use std::os::fd::FromRawFd;
    // SAFETY: descriptors 0 and 1 are the pipes from and to the host, open for the child's life
    // and used through nothing else.
    unsafe { (std::fs::File::from_raw_fd(0), std::fs::File::from_raw_fd(1)) }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}
