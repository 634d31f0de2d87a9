//! Requests on their way to a child. Where the pipe can be written without blocking (Unix), a
//! frame is written straight from the thread that sends it (Node's, for a binding's reply) while
//! the pipe has room, so a crossing wakes no thread of the host's own; what does not fit waits
//! for the child's writer thread, so a child that stops reading never blocks Node. Elsewhere
//! (Windows) the writer thread writes every frame.

use std::collections::VecDeque;
use std::io::{self, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};

use super::platform::{self, ToChild};

pub struct Outbox {
    /// Non-blocking where senders write to it: a write takes what fits and never waits for the
    /// child.
    pipe: ToChild,
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
    pub fn open(pipe: ToChild) -> io::Result<Arc<Self>> {
        if platform::WRITES_FROM_SENDER {
            platform::write_without_blocking(&pipe)?;
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
        if !waiting && platform::WRITES_FROM_SENDER && self.write_some(&mut queue).is_err() {
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
            if !platform::WRITES_FROM_SENDER {
                // A blocking write, with the queue unlocked: senders only ever queue.
                let frame = queue.frames.pop_front().unwrap_or_default();
                drop(queue);
                let written = (&self.pipe).write_all(&frame);
                queue = self.lock();
                if written.is_err() {
                    queue.closed = true;
                }
                continue;
            }
            drop(queue);
            platform::wait_for_room(&self.pipe);
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
