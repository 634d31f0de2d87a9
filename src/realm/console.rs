//! Output capture: the realm's `console`, and the log it writes to. Each entry reaches the host
//! at once (for `onLog` and session observations) and is kept for the result, up to the byte
//! limit; past it one in-band `[output truncated …]` entry says how much was dropped.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::object::ObjectInitializer;
use boa_engine::property::Attribute;
use boa_engine::{Context, JsResult, JsValue, NativeFunction, js_string};

use crate::realm::inspect::format_args;
use crate::run::memory::HeapBytes;
use crate::source::positions::PositionMap;

#[napi_derive::napi(string_enum = "lowercase")]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Level {
    Log,
    Info,
    Warn,
    Error,
    Debug,
}

#[napi_derive::napi(object)]
#[derive(Debug, Clone)]
pub struct LogEntry {
    pub level: Level,
    pub text: String,
}

impl HeapBytes for LogEntry {
    fn heap_bytes(&self) -> usize {
        self.text.heap_bytes()
    }
}

/// Where log entries go as they are written.
pub type Listener = Box<dyn FnMut(&LogEntry)>;

pub const TRUNCATION_MARKER: &str = "[output truncated";

/// The log of one program (or one session execute).
pub struct Output {
    entries: Vec<LogEntry>,
    bytes: usize,
    max_bytes: usize,
    marker: Option<usize>,
    dropped_entries: usize,
    dropped_bytes: usize,
    listener: Listener,
}

impl Output {
    pub fn new(max_bytes: usize, listener: Listener) -> Self {
        Self { entries: Vec::new(), bytes: 0, max_bytes, marker: None, dropped_entries: 0, dropped_bytes: 0, listener }
    }

    pub fn write(&mut self, level: Level, text: String) {
        if self.marker.is_some() || self.bytes + text.len() > self.max_bytes {
            self.dropped_entries += 1;
            self.dropped_bytes += text.len();
            if self.marker.is_none() {
                self.marker = Some(self.entries.len());
                self.push(LogEntry { level: Level::Warn, text: self.marker_text() });
            }
            return;
        }
        self.bytes += text.len();
        self.push(LogEntry { level, text });
    }

    fn push(&mut self, entry: LogEntry) {
        (self.listener)(&entry);
        self.entries.push(entry);
    }

    fn marker_text(&self) -> String {
        format!(
            "{TRUNCATION_MARKER}: {} more entr{} ({} bytes) dropped past the {}-byte log limit]",
            self.dropped_entries,
            if self.dropped_entries == 1 { "y" } else { "ies" },
            self.dropped_bytes,
            self.max_bytes
        )
    }

    /// Hands the listener on to the next output (a session's next program).
    pub fn into_listener(self) -> Listener {
        self.listener
    }

    /// The entries kept, with the truncation entry counting everything dropped.
    pub fn finish(&mut self) -> Vec<LogEntry> {
        if let Some(index) = self.marker {
            self.entries[index].text = self.marker_text();
        }
        std::mem::take(&mut self.entries)
    }
}

/// Registers `console` writing to `output`.
pub fn register(context: &mut Context, output: Rc<RefCell<Output>>, positions: Rc<RefCell<PositionMap>>) -> JsResult<()> {
    let method = |level: Level| {
        let output = output.clone();
        let positions = positions.clone();
        // SAFETY: the closure captures no garbage-collected values, only Rust data.
        unsafe {
            NativeFunction::from_closure(move |_, args, context| {
                let text = format_args(args, &positions.borrow(), context)?;
                output.borrow_mut().write(level, text);
                Ok(JsValue::undefined())
            })
        }
    };
    let assert_output = output.clone();
    let assert_positions = positions.clone();
    // SAFETY: as above.
    let assert = unsafe {
        NativeFunction::from_closure(move |_, args, context| {
            if args.first().is_some_and(JsValue::to_boolean) {
                return Ok(JsValue::undefined());
            }
            let detail = format_args(args.get(1..).unwrap_or_default(), &assert_positions.borrow(), context)?;
            let text = if detail.is_empty() { "Assertion failed".to_owned() } else { format!("Assertion failed: {detail}") };
            assert_output.borrow_mut().write(Level::Error, text);
            Ok(JsValue::undefined())
        })
    };
    let console = ObjectInitializer::new(context)
        .function(method(Level::Log), js_string!("log"), 0)
        .function(method(Level::Info), js_string!("info"), 0)
        .function(method(Level::Warn), js_string!("warn"), 0)
        .function(method(Level::Error), js_string!("error"), 0)
        .function(method(Level::Debug), js_string!("debug"), 0)
        .function(method(Level::Debug), js_string!("trace"), 0)
        .function(method(Level::Log), js_string!("dir"), 0)
        .function(assert, js_string!("assert"), 0)
        .build();
    context.register_global_property(js_string!("console"), console, Attribute::WRITABLE | Attribute::CONFIGURABLE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_past_the_limit_is_dropped_and_counted_in_band() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        let sink = seen.clone();
        let mut output = Output::new(10, Box::new(move |e: &LogEntry| sink.borrow_mut().push(e.text.clone())));
        output.write(Level::Log, "12345".into());
        output.write(Level::Log, "67890".into());
        output.write(Level::Log, "abc".into());
        output.write(Level::Info, "defg".into());
        let entries = output.finish();
        assert_eq!(entries.len(), 3);
        assert_eq!(entries[2].text, "[output truncated: 2 more entries (7 bytes) dropped past the 10-byte log limit]");
        assert_eq!(seen.borrow().len(), 3, "the listener saw each kept entry and the marker once");
    }
}
