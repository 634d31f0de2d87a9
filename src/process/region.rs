//! A block of memory shared by the host and one child, set up at spawn: a child's large buffers
//! (a binding call's 1 MiB argument, a big result) cross through it instead of through the pipe,
//! which would copy them twice and make the two processes take turns at its 1 MiB. The pipe frame
//! still carries everything else and names each buffer's offset and length here (`wire.rs`).
//!
//! The child is hostile, so the host takes nothing from the region but the bytes a frame names:
//! the offsets and lengths come from the pipe, are checked against the region's size before
//! anything is read, and each byte is read once, copied out into the host's own block (the child
//! may rewrite the region meanwhile: it can only spoil its own data). One word at the start is a
//! courtesy for the honest child: it says the host has copied the last frame out, so the child
//! does not overwrite what the host has yet to read; the host only ever clears it.
//!
//! The child converts a program's large binary data straight into the region ([`Placed`]), so a
//! binding call's 1 MiB argument is copied once in the child, into memory already mapped, instead
//! of into a fresh block first.

#[cfg(unix)]
use std::io;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock, PoisonError, Weak};

/// The bytes before the data: the busy word, on a cache line of its own.
const HEADER_BYTES: usize = 64;
/// The data a region holds: a frame with more goes through the pipe. Every page of it the child
/// touched stays resident in both processes (one copy of memory), so it is sized for the common
/// large argument (1 MiB, maxResultBytes' default) and not for every frame.
pub const DATA_BYTES: usize = 2 << 20;
/// Buffers smaller than this cross in the pipe frame: a small copy costs less than the hand-off.
pub const MIN_BYTES: usize = 64 << 10;
/// The whole mapping.
#[cfg(unix)]
pub const REGION_BYTES: usize = HEADER_BYTES + DATA_BYTES;

/// A mapping of a region, in the host or in the child.
pub struct Region {
    base: *mut u8,
}

// SAFETY: the mapping lives as long as the Region (the host's) or the process (the child's) and is
// only ever read and written through raw pointers and the atomic busy word, never as a reference.
unsafe impl Send for Region {}
unsafe impl Sync for Region {}

impl Region {
    /// A new region for a child (host side): the mapping, and the descriptor to hand the child
    /// at spawn (close-on-exec, so no other process the host starts inherits it).
    #[cfg(unix)]
    pub fn create() -> io::Result<(Self, std::os::fd::OwnedFd)> {
        use std::os::fd::{AsRawFd, FromRawFd};
        let fd = unsafe { std::os::fd::OwnedFd::from_raw_fd(anonymous_shared_file()?) };
        // SAFETY: ftruncate and mmap on a descriptor this process just made.
        unsafe {
            if libc::ftruncate(fd.as_raw_fd(), REGION_BYTES as libc::off_t) != 0 {
                return Err(io::Error::last_os_error());
            }
            seal_size(fd.as_raw_fd())?;
            let base =
                libc::mmap(std::ptr::null_mut(), REGION_BYTES, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd.as_raw_fd(), 0);
            if base == libc::MAP_FAILED {
                return Err(io::Error::last_os_error());
            }
            Ok((Self { base: base.cast() }, fd))
        }
    }

    /// The child's view of the region its launcher mapped (`REGION_BYTES` at `base`).
    ///
    /// # Safety
    /// `base` must be a shared mapping of a region of `REGION_BYTES`, kept for the process's life.
    pub unsafe fn mapped(base: *mut u8) -> Self {
        Self { base }
    }

    fn busy(&self) -> &AtomicU32 {
        // SAFETY: the header's first word, aligned (a page start) and only used atomically.
        unsafe { &*self.base.cast::<AtomicU32>() }
    }

    /// Child side: takes the region for one frame, if the host copied the last one out.
    pub fn claim(&self) -> bool {
        self.busy().compare_exchange(0, 1, Ordering::Acquire, Ordering::Relaxed).is_ok()
    }

    /// Child side: writes `bytes` at `offset` into the data of a claimed region.
    pub fn write(&self, offset: usize, bytes: &[u8]) {
        assert!(offset.checked_add(bytes.len()).is_some_and(|end| end <= DATA_BYTES));
        // SAFETY: in bounds (checked above); the region is raw shared memory, never a reference.
        unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), self.base.add(HEADER_BYTES + offset), bytes.len()) };
    }

    /// Host side: a copy of `length` bytes at `offset` of the data, or None when they do not lie
    /// inside it. Each byte is read once, whatever the child writes meanwhile.
    pub fn copy_out(&self, offset: usize, length: usize) -> Option<Vec<u8>> {
        if offset.checked_add(length)? > DATA_BYTES {
            return None;
        }
        let mut copy = Vec::with_capacity(length);
        // SAFETY: in bounds (checked above) into a block of `length` bytes of capacity. Read
        // through a raw pointer: the bytes are taken as they are, torn or not, and not relied on.
        unsafe {
            std::ptr::copy_nonoverlapping(self.base.add(HEADER_BYTES + offset), copy.as_mut_ptr(), length);
            copy.set_len(length);
        }
        Some(copy)
    }

    /// The frame is copied out (the host), or the child's claim was never sent: the child may
    /// use the region again.
    pub fn release(&self) {
        self.busy().store(0, Ordering::Release);
    }

    /// Host side: unmaps the region (the child's mapping is its own). The region must not be
    /// used again.
    #[cfg(unix)]
    fn unmap(&self) {
        // SAFETY: the host's own mapping of REGION_BYTES.
        unsafe { libc::munmap(self.base.cast(), REGION_BYTES) };
    }
}

/// The child's side of its region, once it serves its host: conversions place large buffers in
/// it ([`Placed::place`]).
static CHILD: OnceLock<ChildRegion> = OnceLock::new();

/// Child side: serves the host with `region` for the rest of the process's life.
pub fn share(region: Region) {
    let _ = CHILD.set(ChildRegion::new(region));
}

pub struct ChildRegion {
    region: Region,
    /// The claim whose buffers are alive: conversions add to it until a frame sends it, and no
    /// new claim starts while any of its buffers is alive (a new one would write over them).
    claim: Mutex<Weak<Claim>>,
}

impl ChildRegion {
    fn new(region: Region) -> Self {
        Self { region, claim: Mutex::new(Weak::new()) }
    }

    /// A host's region and a child's view of the same memory, as a child process has it (for tests
    /// of both sides in one process).
    #[cfg(all(test, unix))]
    pub fn pair() -> (HostRegion, &'static Self) {
        use std::os::fd::AsRawFd;
        let (host, fd) = Region::create().unwrap();
        // SAFETY: a second shared mapping of the region's file, kept for the test process's life.
        let base = unsafe {
            libc::mmap(std::ptr::null_mut(), REGION_BYTES, libc::PROT_READ | libc::PROT_WRITE, libc::MAP_SHARED, fd.as_raw_fd(), 0)
        };
        assert_ne!(base, libc::MAP_FAILED);
        // SAFETY: as above.
        let child = unsafe { Region::mapped(base.cast()) };
        (HostRegion(host), Box::leak(Box::new(Self::new(child))))
    }

    /// `bytes` placed in the region, or None when they are too small to be worth it, the host
    /// has not copied the last frame out, a sent frame's buffers are still alive, or they do not
    /// fit.
    pub fn place(&'static self, bytes: &[u8]) -> Option<Placed> {
        let length = bytes.len();
        if length < MIN_BYTES {
            return None;
        }
        let mut current = self.claim.lock().unwrap_or_else(PoisonError::into_inner);
        let claim = match current.upgrade() {
            Some(claim) if claim.sent.load(Ordering::Acquire) => return None,
            Some(claim) => claim,
            None if self.region.claim() => {
                let claim = Arc::new(Claim { region: &self.region, end: AtomicUsize::new(0), sent: AtomicBool::new(false) });
                *current = Arc::downgrade(&claim);
                claim
            }
            None => return None,
        };
        let offset = claim.end.load(Ordering::Relaxed);
        if offset.checked_add(length).is_none_or(|end| end > DATA_BYTES) {
            return None;
        }
        self.region.write(offset, bytes);
        claim.end.store(offset + length, Ordering::Relaxed);
        Some(Placed { claim, offset, length })
    }
}

/// The region taken for one frame's buffers: released by the host once the frame that sends it
/// is read, or by the child itself when no frame sent it (a conversion that failed).
struct Claim {
    region: &'static Region,
    /// The end of the buffers placed so far.
    end: AtomicUsize,
    sent: AtomicBool,
}

impl Drop for Claim {
    fn drop(&mut self) {
        if !self.sent.load(Ordering::Acquire) {
            self.region.release();
        }
    }
}

impl std::fmt::Debug for Claim {
    fn fmt(&self, formatter: &mut std::fmt::Formatter) -> std::fmt::Result {
        formatter.debug_struct("Claim").field("end", &self.end).field("sent", &self.sent).finish()
    }
}

/// A buffer the child placed in the region as it converted a value.
#[derive(Debug)]
pub struct Placed {
    claim: Arc<Claim>,
    offset: usize,
    length: usize,
}

impl Placed {
    /// Child side: `bytes` placed in the region, or None when it has none or they do not go there
    /// ([`ChildRegion::place`]).
    pub fn place(bytes: &[u8]) -> Option<Self> {
        CHILD.get()?.place(bytes)
    }

    /// Where it lies in the region's data: offset and length.
    pub fn place_of(&self) -> (usize, usize) {
        (self.offset, self.length)
    }

    /// Marks this buffer's claim sent by the frame being written, if no frame sent it yet: the
    /// frame then names the places of the claim's buffers, and the host releases the region once
    /// it read them.
    pub fn send_claim(&self) -> bool {
        !self.claim.sent.swap(true, Ordering::AcqRel)
    }

    /// Whether `other` lies in the same claim.
    pub fn same_claim(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.claim, &other.claim)
    }

    /// The child's own view of the bytes (the host never writes the data).
    pub fn bytes(&self) -> &[u8] {
        // SAFETY: inside the data (checked when placed); only this process writes it, and no
        // new claim writes over it while this buffer holds its claim alive.
        unsafe { std::slice::from_raw_parts(self.claim.region.base.add(HEADER_BYTES + self.offset), self.length) }
    }
}

/// The host's mapping, unmapped when the child's host thread is done with it.
pub struct HostRegion(pub Region);

#[cfg(unix)]
impl Drop for HostRegion {
    fn drop(&mut self) {
        self.0.unmap();
    }
}

/// A file of shared memory with no name anywhere, close-on-exec.
#[cfg(target_os = "linux")]
fn anonymous_shared_file() -> io::Result<i32> {
    // SAFETY: a constant name and flags.
    let fd = unsafe { libc::memfd_create(c"code-runtime-boa-frames".as_ptr(), libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING) };
    if fd < 0 { Err(io::Error::last_os_error()) } else { Ok(fd) }
}

/// Fixes the file's size for good: shrunk under the host's mapping, it would fault the host on a
/// read (SIGBUS). The fenced child holds no descriptor of it anyway; this holds even if one leaked.
#[cfg(target_os = "linux")]
fn seal_size(fd: i32) -> io::Result<()> {
    // SAFETY: fcntl on a descriptor this process made.
    let sealed = unsafe { libc::fcntl(fd, libc::F_ADD_SEALS, libc::F_SEAL_SHRINK | libc::F_SEAL_GROW | libc::F_SEAL_SEAL) };
    if sealed == -1 { Err(io::Error::last_os_error()) } else { Ok(()) }
}

/// macOS cannot seal a shared memory object; the fenced child holds no descriptor to resize it.
#[cfg(all(unix, not(target_os = "linux")))]
fn seal_size(_: i32) -> io::Result<()> {
    Ok(())
}

/// macOS has no memfd: a POSIX shared memory object, unlinked as soon as it is open, so only this
/// process (and the child it is handed to) ever holds it.
#[cfg(all(unix, not(target_os = "linux")))]
fn anonymous_shared_file() -> io::Result<i32> {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    for _ in 0..16 {
        // shm names are short on macOS (31 bytes). A name taken by another process is skipped.
        let name = format!("/crb.{}.{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
        let name = std::ffi::CString::new(name).map_err(io::Error::other)?;
        // SAFETY: a NUL-terminated name; O_EXCL so no other process's object is ever opened.
        let fd = unsafe { libc::shm_open(name.as_ptr(), libc::O_CREAT | libc::O_EXCL | libc::O_RDWR, 0o600 as libc::c_uint) };
        if fd >= 0 {
            // SAFETY: as above; the object stays alive through its open descriptor.
            unsafe {
                libc::shm_unlink(name.as_ptr());
                libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
            }
            return Ok(fd);
        }
        if io::Error::last_os_error().raw_os_error() != Some(libc::EEXIST) {
            return Err(io::Error::last_os_error());
        }
    }
    Err(io::Error::other("no free name for a shared memory object"))
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::os::fd::AsRawFd;

    use super::*;

    #[test]
    fn a_region_cannot_be_shrunk_or_grown() {
        let (_region, fd) = Region::create().unwrap();
        // SAFETY: ftruncate on a descriptor the test holds.
        for size in [0, 2 * REGION_BYTES] {
            assert_eq!(unsafe { libc::ftruncate(fd.as_raw_fd(), size as libc::off_t) }, -1);
            assert_eq!(io::Error::last_os_error().raw_os_error(), Some(libc::EPERM));
        }
    }
}
