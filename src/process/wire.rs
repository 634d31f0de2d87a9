//! The frames between the host and a child: `[u32 length][u32 text length][text]` then, for each
//! buffer, `[u32 length][bytes]`, little-endian. The text is JSON (a request, or an event exactly
//! as the thread substrate hands it to Node); the buffers are the binary data beside it. A child's
//! large buffers may instead lie in the region it shares with the host (`region.rs`): the part is
//! then `[u32 IN_REGION][u32 offset][u32 length]`. A reader is given the most bytes a frame may
//! have, in the pipe and in the region together, and refuses more before it allocates them.

use std::io::{self, Read, Write};

use super::region::Region;
use crate::realm::convert::Bytes;

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

/// A buffer part's length that says the buffer lies in the shared region. No part in the pipe can
/// be this long: its frame's length would not fit in a u32.
const IN_REGION: u32 = u32::MAX;

/// A frame as one block of bytes, for a writer thread to send.
pub fn encode(text: &str, buffers: &[impl AsRef<[u8]>]) -> Vec<u8> {
    let parts: Vec<Part> = buffers.iter().map(|buffer| Part::Pipe(buffer.as_ref())).collect();
    let mut frame = Vec::with_capacity(4 + body_length(text, &parts));
    // Writing to a Vec cannot fail.
    let _ = write_parts(&mut frame, text, &parts);
    frame
}

/// Writes a child's event: buffers the child placed in its region as it converted them cross as
/// their places there, when this frame is the one that sends their claim; every other buffer
/// crosses in the pipe. A buffered writer passes large parts through uncopied.
pub fn write_event(to: &mut impl Write, text: &str, buffers: &[Bytes]) -> io::Result<()> {
    let sent = buffers.iter().find_map(|buffer| match buffer {
        Bytes::Placed(placed) => placed.send_claim().then_some(placed),
        Bytes::Own(_) => None,
    });
    let parts: Vec<Part> = buffers
        .iter()
        .map(|buffer| match buffer {
            Bytes::Placed(placed) if sent.is_some_and(|sent| sent.same_claim(placed)) => {
                let (offset, length) = placed.place_of();
                Part::Region { offset, length }
            }
            buffer => Part::Pipe(buffer.as_ref()),
        })
        .collect();
    write_parts(to, text, &parts)
}

/// A buffer as a frame carries it.
enum Part<'a> {
    Pipe(&'a [u8]),
    Region { offset: usize, length: usize },
}

fn body_length(text: &str, parts: &[Part]) -> usize {
    let part_length = |part: &Part| match part {
        Part::Pipe(bytes) => 4 + bytes.len(),
        Part::Region { .. } => 12,
    };
    4 + text.len() + parts.iter().map(part_length).sum::<usize>()
}

fn write_parts(to: &mut impl Write, text: &str, parts: &[Part]) -> io::Result<()> {
    to.write_all(&(body_length(text, parts) as u32).to_le_bytes())?;
    to.write_all(&(text.len() as u32).to_le_bytes())?;
    to.write_all(text.as_bytes())?;
    for part in parts {
        match part {
            Part::Pipe(bytes) => {
                to.write_all(&(bytes.len() as u32).to_le_bytes())?;
                to.write_all(bytes)?;
            }
            Part::Region { offset, length } => {
                for word in [IN_REGION, *offset as u32, *length as u32] {
                    to.write_all(&word.to_le_bytes())?;
                }
            }
        }
    }
    Ok(())
}

/// The next frame, of at most `max_bytes` after its length, all of it in the pipe.
pub fn read_frame(from: &mut impl Read, max_bytes: usize) -> Result<Frame, WireError> {
    let length = read_length(from)?;
    read_body(from, length, max_bytes, None)
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
/// pipe (or the `region`) to the block Node is given. Buffers in the region count against
/// `max_bytes` with the frame, and the region is released to the child once they are copied out.
pub fn read_body(from: &mut impl Read, length: usize, max_bytes: usize, region: Option<&Region>) -> Result<Frame, WireError> {
    if length > max_bytes {
        return Err(WireError::TooLarge(length as u64, max_bytes));
    }
    let mut left = length;
    let text = match read_part_length(from, &mut left)? {
        Some(text_length) => read_part(from, &mut left, text_length)?,
        None => return Err(WireError::Malformed("its text is in the shared region, where only buffers go")),
    };
    let text = String::from_utf8(text).map_err(|_| WireError::Malformed("its text is not UTF-8"))?;
    let mut buffers = Vec::new();
    let mut shared_bytes = 0usize;
    while left > 0 {
        let buffer = match read_part_length(from, &mut left)? {
            Some(part_length) => read_part(from, &mut left, part_length)?,
            None => {
                let region = region.ok_or(WireError::Malformed("a buffer is in a shared region, and there is none"))?;
                let [offset, part_length] = read_place(from, &mut left)?;
                shared_bytes = shared_bytes.saturating_add(part_length);
                if length.saturating_add(shared_bytes) > max_bytes {
                    return Err(WireError::TooLarge(length as u64 + shared_bytes as u64, max_bytes));
                }
                region.copy_out(offset, part_length).ok_or(WireError::Malformed("a buffer's place is outside the shared region"))?
            }
        };
        buffers.push(buffer);
    }
    if shared_bytes > 0
        && let Some(region) = region
    {
        region.release();
    }
    Ok(Frame { text, buffers })
}

/// The length of the next part of a frame with `left` bytes still to come, or None when the
/// part is in the shared region.
fn read_part_length(from: &mut impl Read, left: &mut usize) -> Result<Option<usize>, WireError> {
    let [length] = read_words(from, left, "a part's length is cut short")?;
    Ok((length != IN_REGION as usize).then_some(length))
}

/// Where a buffer in the shared region is: its offset and length.
fn read_place(from: &mut impl Read, left: &mut usize) -> Result<[usize; 2], WireError> {
    read_words(from, left, "a shared buffer's place is cut short")
}

fn read_words<const N: usize>(from: &mut impl Read, left: &mut usize, cut_short: &'static str) -> Result<[usize; N], WireError> {
    if *left < 4 * N {
        return Err(WireError::Malformed(cut_short));
    }
    *left -= 4 * N;
    let mut words = [0usize; N];
    for word in &mut words {
        let mut bytes = [0u8; 4];
        read_exactly(from, &mut bytes)?;
        *word = u32::from_le_bytes(bytes) as usize;
    }
    Ok(words)
}

/// The `length` bytes of a part in the pipe, checked against what its frame has left before
/// anything is allocated for it.
fn read_part(from: &mut impl Read, left: &mut usize, length: usize) -> Result<Vec<u8>, WireError> {
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
    #[cfg(unix)]
    use crate::process::region::{self, ChildRegion};

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

    // A region is made on Unix only (region.rs).
    #[cfg(unix)]
    fn region() -> (Region, std::os::fd::OwnedFd) {
        Region::create().unwrap()
    }

    #[cfg(unix)]
    /// A frame whose one buffer lies in the region, at `offset` and `length`, as a child writes it.
    fn shared_frame(text: &str, offset: u32, length: u32) -> Vec<u8> {
        let mut bytes = ((4 + text.len() + 12) as u32).to_le_bytes().to_vec();
        bytes.extend_from_slice(&(text.len() as u32).to_le_bytes());
        bytes.extend_from_slice(text.as_bytes());
        for word in [IN_REGION, offset, length] {
            bytes.extend_from_slice(&word.to_le_bytes());
        }
        bytes
    }

    #[cfg(unix)]
    fn placed(child: &'static ChildRegion, bytes: &[u8]) -> Bytes {
        Bytes::Placed(child.place(bytes).expect("the bytes go in the region"))
    }

    #[cfg(unix)]
    #[test]
    fn placed_buffers_cross_as_places_and_the_rest_in_the_pipe() {
        let (host, child) = ChildRegion::pair();
        let large = vec![7u8; region::MIN_BYTES];
        assert!(child.place(&large[1..]).is_none(), "a buffer under the threshold stays out of the region");
        let mut pipe = Vec::new();
        write_event(&mut pipe, "{}", &[placed(child, &large), Bytes::Own(vec![1, 2])]).unwrap();
        assert_eq!(pipe.len(), 4 + 4 + 2 + 12 + 4 + 2, "the large buffer stayed out of the pipe");
        // The region is taken until the host has read the frame.
        assert!(child.place(&large).is_none());
        let frame = read_frame_shared(&pipe, 1 << 20, &host.0).unwrap();
        assert_eq!(frame.buffers, vec![large.clone(), vec![1, 2]]);
        assert!(child.place(&large).is_some(), "the host released the region once it copied the frame out");
    }

    #[cfg(unix)]
    #[test]
    fn several_buffers_share_the_region_until_it_is_full() {
        let (host, child) = ChildRegion::pair();
        let halves = [vec![1u8; region::DATA_BYTES / 2], vec![2u8; region::DATA_BYTES / 2]];
        let mut buffers: Vec<Bytes> = halves.iter().map(|half| placed(child, half)).collect();
        assert!(child.place(&[3u8; region::MIN_BYTES]).is_none(), "the region is full");
        buffers.push(Bytes::Own(vec![3u8; region::MIN_BYTES]));
        let mut pipe = Vec::new();
        write_event(&mut pipe, "{}", &buffers).unwrap();
        assert_eq!(pipe.len(), 4 + 4 + 2 + 12 + 12 + 4 + region::MIN_BYTES);
        let frame = read_frame_shared(&pipe, 4 << 20, &host.0).unwrap();
        assert_eq!(frame.buffers, vec![halves[0].clone(), halves[1].clone(), vec![3u8; region::MIN_BYTES]]);
    }

    #[cfg(unix)]
    #[test]
    fn a_claim_no_frame_sent_is_released_by_the_child() {
        let (_host, child) = ChildRegion::pair();
        let large = vec![7u8; region::MIN_BYTES];
        // A conversion that failed after placing a buffer drops it unsent.
        drop(child.place(&large));
        assert!(child.place(&large).is_some());
    }

    #[cfg(unix)]
    #[test]
    fn a_claim_is_sent_by_one_frame_and_its_other_buffers_go_in_the_pipe() {
        // A call made while another call's arguments were converted (from a `toJSON`) is sent
        // first; the outer call's buffer in the same claim must not be named after the host let go.
        let (host, child) = ChildRegion::pair();
        let (outer, inner) = (vec![1u8; region::MIN_BYTES], vec![2u8; region::MIN_BYTES]);
        let outer_placed = placed(child, &outer);
        let mut first = Vec::new();
        write_event(&mut first, "{}", &[placed(child, &inner)]).unwrap();
        assert_eq!(read_frame_shared(&first, 1 << 20, &host.0).unwrap().buffers, vec![inner]);
        assert!(child.place(&outer).is_none(), "no new claim while a sent claim's buffer is alive");
        let mut second = Vec::new();
        write_event(&mut second, "{}", &[outer_placed]).unwrap();
        assert_eq!(second.len(), 4 + 4 + 2 + 4 + region::MIN_BYTES, "the outer buffer crossed in the pipe");
        assert_eq!(read_frame_shared(&second, 1 << 20, &host.0).unwrap().buffers, vec![outer.clone()]);
        assert!(child.place(&outer).is_some());
    }

    #[cfg(unix)]
    fn read_frame_shared(bytes: &[u8], max_bytes: usize, region: &Region) -> Result<Frame, WireError> {
        let mut from = bytes;
        let length = read_length(&mut from)?;
        read_body(&mut from, length, max_bytes, Some(region))
    }

    #[cfg(unix)]
    #[test]
    fn a_place_outside_the_region_is_malformed() {
        let (region, _fd) = region();
        for (offset, length) in
            [(0, region::DATA_BYTES as u32 + 1), (region::DATA_BYTES as u32, 1), (u32::MAX - 1, 2), (1, region::DATA_BYTES as u32)]
        {
            let result = read_frame_shared(&shared_frame("{}", offset, length), u32::MAX as usize, &region);
            assert!(matches!(result, Err(WireError::Malformed(_))), "offset {offset}, length {length}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn buffers_in_the_region_count_against_the_frame_limit() {
        let (region, _fd) = region();
        let frame = shared_frame("{}", 0, 1000);
        assert!(read_frame_shared(&frame, frame.len() - 4 + 1000, &region).is_ok());
        assert!(matches!(read_frame_shared(&frame, frame.len() - 4 + 999, &region), Err(WireError::TooLarge(..))));
    }

    #[cfg(unix)]
    #[test]
    fn a_region_part_is_malformed_where_none_is_expected() {
        let (region, _fd) = region();
        // Without a region (the child's reader, or a host that could not make one).
        assert!(matches!(read_frame(&mut shared_frame("{}", 0, 8).as_slice(), 1024), Err(WireError::Malformed(_))));
        // Text is never in the region.
        let mut text_shared = 12u32.to_le_bytes().to_vec();
        for word in [IN_REGION, 0, 8] {
            text_shared.extend_from_slice(&word.to_le_bytes());
        }
        assert!(matches!(read_frame_shared(&text_shared, 1024, &region), Err(WireError::Malformed(_))));
        // A place cut short by its frame's length.
        let mut cut = shared_frame("{}", 0, 8);
        cut[0] -= 4;
        assert!(matches!(read_frame_shared(&cut[..cut.len() - 4], 1024, &region), Err(WireError::Malformed(_))));
    }
}
