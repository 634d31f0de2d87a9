//! The frames between the host and a child: `[u32 length][u32 text length][text]` then, for each
//! buffer, `[u32 length][bytes]`, little-endian. The text is JSON (a request, or an event exactly
//! as the thread substrate hands it to Node); the buffers are the binary data beside it. A reader
//! is given the most bytes a frame may have and refuses more before it allocates them.

use std::io::{self, Read, Write};

/// A frame: JSON text and the buffers beside it.
pub struct Frame {
    pub text: String,
    pub buffers: Vec<Vec<u8>>,
}

/// Why a frame could not be read.
#[derive(Debug, thiserror::Error)]
pub enum WireError {
    /// The peer closed its end between frames.
    #[error("the pipe was closed")]
    Closed,
    #[error("the pipe failed: {0}")]
    Io(#[from] io::Error),
    #[error("a frame of {0} bytes is over the {1}-byte limit")]
    TooLarge(u64, usize),
    #[error("a frame is malformed: {0}")]
    Malformed(&'static str),
}

/// The most of a part's claimed length allocated before its bytes arrive.
const RESERVED_BYTES: usize = 16 << 20;

/// A frame as one block of bytes, for a writer thread to send.
pub fn encode(text: &str, buffers: &[impl AsRef<[u8]>]) -> Vec<u8> {
    let mut frame = Vec::with_capacity(4 + body_length(text, buffers));
    // Writing to a Vec cannot fail.
    let _ = write_frame(&mut frame, text, buffers);
    frame
}

fn body_length(text: &str, buffers: &[impl AsRef<[u8]>]) -> usize {
    4 + text.len() + buffers.iter().map(|buffer| 4 + buffer.as_ref().len()).sum::<usize>()
}

/// Writes a frame part by part: a buffered writer passes large buffers through uncopied.
pub fn write_frame(to: &mut impl Write, text: &str, buffers: &[impl AsRef<[u8]>]) -> io::Result<()> {
    to.write_all(&(body_length(text, buffers) as u32).to_le_bytes())?;
    to.write_all(&(text.len() as u32).to_le_bytes())?;
    to.write_all(text.as_bytes())?;
    for buffer in buffers {
        to.write_all(&(buffer.as_ref().len() as u32).to_le_bytes())?;
        to.write_all(buffer.as_ref())?;
    }
    Ok(())
}

/// The next frame, of at most `max_bytes` after its length.
pub fn read_frame(from: &mut impl Read, max_bytes: usize) -> Result<Frame, WireError> {
    let length = read_length(from)?;
    read_body(from, length, max_bytes)
}

/// The length of the next frame: it waits for the peer's next frame to begin.
pub fn read_length(from: &mut impl Read) -> Result<usize, WireError> {
    let mut length = [0u8; 4];
    match from.read_exact(&mut length) {
        Ok(()) => Ok(u32::from_le_bytes(length) as usize),
        Err(err) if err.kind() == io::ErrorKind::UnexpectedEof => Err(WireError::Closed),
        Err(err) => Err(err.into()),
    }
}

/// The rest of a frame of `length` bytes, refused before it is read when over `max_bytes`. Read
/// part by part, each straight into a block of its own: a large buffer is copied once, from the
/// pipe to the block Node is given.
pub fn read_body(from: &mut impl Read, length: usize, max_bytes: usize) -> Result<Frame, WireError> {
    if length > max_bytes {
        return Err(WireError::TooLarge(length as u64, max_bytes));
    }
    let mut left = length;
    let text = read_part(from, &mut left)?;
    let text = String::from_utf8(text).map_err(|_| WireError::Malformed("its text is not UTF-8"))?;
    let mut buffers = Vec::new();
    while left > 0 {
        buffers.push(read_part(from, &mut left)?);
    }
    Ok(Frame { text, buffers })
}

/// The next length-prefixed part of a frame with `left` bytes still to come; each length is
/// checked against what its frame has left before anything is allocated for it.
fn read_part(from: &mut impl Read, left: &mut usize) -> Result<Vec<u8>, WireError> {
    if *left < 4 {
        return Err(WireError::Malformed("a part's length is cut short"));
    }
    let mut length = [0u8; 4];
    read_exactly(from, &mut length)?;
    let length = u32::from_le_bytes(length) as usize;
    *left -= 4;
    if length > *left {
        return Err(WireError::Malformed("a part is longer than its frame"));
    }
    *left -= length;
    if length <= RESERVED_BYTES {
        // Zeroed memory of this size comes fresh from the system, untouched until bytes arrive,
        // and is filled with reads as large as the pipe has.
        let mut part = vec![0u8; length];
        read_exactly(from, &mut part)?;
        return Ok(part);
    }
    // Past the bound it grows as bytes arrive, so a peer that claims a huge part and sends
    // nothing holds little memory.
    let mut part = Vec::with_capacity(RESERVED_BYTES);
    from.take(length as u64).read_to_end(&mut part)?;
    if part.len() < length {
        return Err(WireError::Malformed("the pipe closed inside a frame"));
    }
    Ok(part)
}

fn read_exactly(from: &mut impl Read, into: &mut [u8]) -> Result<(), WireError> {
    from.read_exact(into).map_err(|err| match err.kind() {
        io::ErrorKind::UnexpectedEof => WireError::Malformed("the pipe closed inside a frame"),
        _ => WireError::Io(err),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_frame_reads_back_as_written() {
        let bytes = encode("{\"kind\":\"log\"}", &[vec![1u8, 2, 3], vec![]]);
        let frame = read_frame(&mut bytes.as_slice(), 1024).unwrap();
        assert_eq!(frame.text, "{\"kind\":\"log\"}");
        assert_eq!(frame.buffers, vec![vec![1u8, 2, 3], vec![]]);
    }

    #[test]
    fn a_frame_over_the_limit_is_refused_before_it_is_read() {
        let bytes = encode("x".repeat(100).as_str(), &[] as &[Vec<u8>]);
        assert!(matches!(read_frame(&mut bytes.as_slice(), 50), Err(WireError::TooLarge(104, 50))));
    }

    #[test]
    fn a_part_longer_than_its_frame_is_malformed() {
        let mut bytes = 8u32.to_le_bytes().to_vec();
        bytes.extend_from_slice(&100u32.to_le_bytes());
        bytes.extend_from_slice(b"abcd");
        assert!(matches!(read_frame(&mut bytes.as_slice(), 1024), Err(WireError::Malformed(_))));
    }

    #[test]
    fn a_frame_cut_short_is_malformed_and_a_clean_end_is_closed() {
        let bytes = encode("abc", &[] as &[Vec<u8>]);
        assert!(matches!(read_frame(&mut &bytes[..6], 1024), Err(WireError::Malformed(_))));
        assert!(matches!(read_frame(&mut &bytes[..0], 1024), Err(WireError::Closed)));
    }
}
