//! The process substrate's platform layer: starting a child with its pipes, killing and reaping
//! it, how it ended, and the pipe ends the host reads and writes. `unix.rs`: std's Command and
//! signals; `windows.rs`: CreateProcessW into a job object of its own.

#[cfg(unix)]
mod unix;
#[cfg(unix)]
pub use unix::*;
#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::*;

/// A child just started, and the host's ends of its pipes.
pub struct Spawned {
    pub pid: u32,
    pub process: Process,
    pub killer: Killer,
    pub to_child: ToChild,
    pub from_child: FromChild,
    /// The memory shared with it for large buffers (`region.rs`); none on Windows, or where the
    /// system refused one (the child then sends everything through its pipe).
    pub region: Option<super::region::HostRegion>,
}
