//! Requests on their way to a child. A frame is written straight from the thread that sends it
//! (Node's, for a binding's reply) while the pipe has room, so a crossing wakes no thread of the
//! host's own; what does not fit waits for the child's writer thread, so a child that stops
//! reading never blocks Node.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::process::ChildStdin;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

pub struct Outbox {
    /// Non-blocking: a write takes what fits and never waits for the child.
    pipe: ChildStdin,
    queue: Mutex<Queue>,
    pending: Condvar,
}

#[derive(Default)]
struct Queue {
    frames: VecDeque<Vec<u8>>,
    /// How much of the front frame is written already.
    written: usize,
    /// Closed: the child is retired, nothing more is sent and the writer thread ends.
    closed: bool,
}

impl Outbox {
    /// An outbox on the pipe to a child, with its writer thread started.
    pub fn open(pipe: ChildStdin) -> io::Result<Arc<Self>> {
        // SAFETY: fcntl on a pipe this process holds. O_NONBLOCK is set on the host's end's own
        // open file description; the child's end of the pipe keeps blocking reads.
        let set = unsafe {
            let flags = libc::fcntl(pipe.as_raw_fd(), libc::F_GETFL);
            flags >= 0 && libc::fcntl(pipe.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK) == 0
        };
        if !set {
            return Err(io::Error::last_os_error());
        }
        let outbox = Arc::new(Self { pipe, queue: Mutex::default(), pending: Condvar::new() });
        let writer = outbox.clone();
        std::thread::Builder::new().name("code-runtime-child-writer".into()).spawn(move || writer.write_pending())?;
        Ok(outbox)
    }

    /// Sends `frame` after those before it; false once the outbox is closed.
    pub fn send(&self, frame: Vec<u8>) -> bool {
        let mut queue = self.lock();
        if queue.closed {
            return false;
        }
        let waiting = !queue.frames.is_empty();
        queue.frames.push_back(frame);
        if !waiting && self.write_some(&mut queue).is_err() {
            queue.closed = true;
        }
        if !queue.frames.is_empty() {
            self.pending.notify_one();
        }
        !queue.closed
    }

    /// Sends nothing more; the writer thread ends.
    pub fn close(&self) {
        self.lock().closed = true;
        self.pending.notify_one();
    }

    /// The writer thread: writes what the pipe had no room for, as the child reads.
    fn write_pending(&self) {
        let mut queue = self.lock();
        loop {
            while queue.frames.is_empty() && !queue.closed {
                queue = self.pending.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
            if queue.closed {
                return;
            }
            drop(queue);
            // Until the pipe has room, or the child's end is closed (poll then reports an error,
            // and the write that follows fails).
            let mut room = libc::pollfd { fd: self.pipe.as_raw_fd(), events: libc::POLLOUT, revents: 0 };
            // SAFETY: one pollfd for a descriptor this outbox holds.
            unsafe { libc::poll(&mut room, 1, -1) };
            queue = self.lock();
            if self.write_some(&mut queue).is_err() {
                queue.closed = true;
            }
        }
    }

    /// Writes queued frames in order until they are all written or the pipe is full.
    fn write_some(&self, queue: &mut Queue) -> io::Result<()> {
        while let Some(frame) = queue.frames.front() {
            match (&self.pipe).write(&frame[queue.written..]) {
                Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
                Ok(written) => {
                    queue.written += written;
                    if queue.written == frame.len() {
                        queue.frames.pop_front();
                        queue.written = 0;
                    }
                }
                Err(err) if err.kind() == io::ErrorKind::WouldBlock => return Ok(()),
                Err(err) if err.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(err),
            }
        }
        Ok(())
    }

    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}
