//! The TypeScript stripper, shell included: for any UTF-8 text, `strip_types` must return (never
//! panic), and when it succeeds its output must keep every position of the input: the same byte
//! length and the same lines, so error positions and stack frames map 1:1 to the source.

#![no_main]

use code_runtime_boa::fuzzing::strip_types;
use libfuzzer_sys::fuzz_target;

/// Line terminators as ECMAScript counts them.
fn line_breaks(text: &str) -> [usize; 4] {
    let mut counts = [0; 4];
    for c in text.chars() {
        match c {
            '\n' => counts[0] += 1,
            '\r' => counts[1] += 1,
            '\u{2028}' => counts[2] += 1,
            '\u{2029}' => counts[3] += 1,
            _ => {}
        }
    }
    counts
}

fuzz_target!(|data: &[u8]| {
    let Ok(source) = std::str::from_utf8(data) else {
        return;
    };
    match strip_types(source) {
        Ok(stripped) => {
            assert_eq!(
                stripped.len(),
                source.len(),
                "stripping changed the length\nsource: {source:?}\nstripped: {stripped:?}"
            );
            assert_eq!(
                stripped.lines().count(),
                source.lines().count(),
                "stripping changed the line count\nsource: {source:?}\nstripped: {stripped:?}"
            );
            assert_eq!(
                line_breaks(&stripped),
                line_breaks(source),
                "stripping changed the line terminators\nsource: {source:?}\nstripped: {stripped:?}"
            );
            // Stripping is idempotent on what it produced: plain JavaScript has no types left.
            if let Ok(again) = strip_types(&stripped) {
                assert_eq!(again.len(), stripped.len());
            }
        }
        Err(message) => {
            // A refusal is fine; it must be a message a person can read.
            assert!(!message.is_empty(), "an empty error message for {source:?}");
        }
    }
});
