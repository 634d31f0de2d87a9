//! Output capture: the realm's `console`, and the log it writes to. Each entry reaches the host
//! at once (for `onLog` and session observations) and is kept for the result, up to the byte
//! limit; the entry that crosses it keeps the part that fits, and one in-band `[output truncated
//! …]` entry after it says how much was dropped.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;
use std::time::Instant;

use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{JsMap, JsSet};
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_str, js_string};
use boa_gc::{Finalize, Gc, GcRefCell, Trace};

use crate::realm::convert::own_property;
use crate::realm::inspect::{InspectOptions, data_string, format_args, format_number, inspect_with, map_stack};
use crate::source::positions::PositionMap;

/// A console method's level, or a raw write to `process.stdout`/`process.stderr` (whose text is
/// the chunk as written, newlines and all, where a console entry is a line without its newline).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    Log,
    Info,
    Warn,
    Error,
    Debug,
    Stdout,
    Stderr,
}

/// How `console` renders what is not a string: Node's console by default (`util.format`, 2
/// levels deep); a host that shows logs as another console renders them (the DeepSeek Harness's
/// worker: no `%` directives, 4 levels) can ask for that.
#[napi_derive::napi(object)]
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ConsoleStyle {
    pub depth: f64,
    /// `%s`-style directives in a first string argument are applied (`util.format`).
    pub format: bool,
}

impl Default for ConsoleStyle {
    fn default() -> Self {
        Self { depth: InspectOptions::default().depth, format: true }
    }
}

#[derive(Debug, Clone, serde::Serialize)]
pub struct LogEntry {
    pub level: Level,
    pub text: String,
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
    /// Writes are dropped: a resumed program redoing what it did before its pause, whose
    /// output was shown then.
    muted: bool,
}

impl Output {
    pub fn new(max_bytes: usize, listener: Listener) -> Self {
        Self { entries: Vec::new(), bytes: 0, max_bytes, marker: None, dropped_entries: 0, dropped_bytes: 0, listener, muted: false }
    }

    pub fn mute(&mut self, muted: bool) {
        self.muted = muted;
    }

    pub fn write(&mut self, level: Level, text: String) {
        if self.muted {
            return;
        }
        if self.marker.is_some() || self.bytes + text.len() > self.max_bytes {
            self.dropped_entries += 1;
            if self.marker.is_none() {
                // The entry that crosses the limit keeps what fits of it (a 1 MB line still shows
                // how it starts, and a host with a tighter cap of its own can cut it there).
                let mut fits = self.max_bytes.saturating_sub(self.bytes).min(text.len());
                while !text.is_char_boundary(fits) {
                    fits -= 1;
                }
                self.dropped_bytes += text.len() - fits;
                if fits > 0 {
                    self.bytes += fits;
                    self.push(LogEntry { level, text: text[..fits].to_owned() });
                }
                self.marker = Some(self.entries.len());
                self.push(LogEntry { level: Level::Warn, text: self.marker_text() });
            } else {
                self.dropped_bytes += text.len();
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

/// The realm's `console`: where it writes, and the state of `group`, `count` and `time`.
struct Console {
    output: Rc<RefCell<Output>>,
    /// Set by the host for each program (`Surface::console`).
    style: Rc<Cell<ConsoleStyle>>,
    positions: Rc<RefCell<PositionMap>>,
    group_indent: Cell<usize>,
    counts: RefCell<HashMap<String, u64>>,
    timers: RefCell<HashMap<String, Instant>>,
}

type Method = fn(&Console, &[JsValue], &mut Context) -> JsResult<()>;

impl Console {
    /// Writes an entry, indented by the open groups as Node indents every line of it.
    fn write(&self, level: Level, text: String) {
        let indent = " ".repeat(self.group_indent.get());
        let text = if indent.is_empty() { text } else { format!("{indent}{}", text.replace('\n', &format!("\n{indent}"))) };
        self.output.borrow_mut().write(level, text);
    }

    fn print(&self, level: Level, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        reserve_text(args, context)?;
        let text = format_args(args, self.style.get(), &self.positions.borrow(), context)?;
        self.write(level, text);
        Ok(())
    }

    /// `label` as Node takes it: `String(label)`, `'default'` when absent.
    fn label(args: &[JsValue], context: &mut Context) -> JsResult<String> {
        match args.first() {
            None => Ok("default".to_owned()),
            Some(v) if v.is_undefined() => Ok("default".to_owned()),
            Some(v) => Ok(v.to_string(context)?.to_std_string_lossy()),
        }
    }

    fn assert(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        if args.first().is_some_and(JsValue::to_boolean) {
            return Ok(());
        }
        // Node puts the message in front of the first argument, then formats as console.warn
        let mut rest: Vec<JsValue> = args.iter().skip(1).cloned().collect();
        let head = match rest.first() {
            None => js_string!("Assertion failed"),
            Some(first) => {
                let first = first.to_string(context)?;
                reserve_text(&[first.clone().into()], context)?;
                js_string!(js_str!("Assertion failed: "), &first)
            }
        };
        if rest.is_empty() {
            rest.push(JsValue::undefined());
        }
        rest[0] = head.into();
        self.print(Level::Warn, &rest, context)
    }

    fn trace(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        reserve_text(args, context)?;
        let message = format_args(args, self.style.get(), &self.positions.borrow(), context)?;
        let head = if message.is_empty() { "Trace".to_owned() } else { format!("Trace: {message}") };
        let error = context.intrinsics().constructors().error().constructor().construct(&[], None, context)?;
        let frames = map_stack(&data_string(&error, "stack", context).unwrap_or_default(), &self.positions.borrow());
        self.write(Level::Error, if frames.is_empty() { head } else { format!("{head}\n{frames}") });
        Ok(())
    }

    fn dir(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        let options = match args.get(1).and_then(JsValue::as_object) {
            Some(options) => dir_options(&options, context)?,
            None => InspectOptions { custom_inspect: false, ..InspectOptions::default() },
        };
        let text = inspect_with(args.first().unwrap_or(&JsValue::undefined()), &options, &self.positions.borrow(), context)?;
        self.write(Level::Log, text);
        Ok(())
    }

    fn group(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        if !args.is_empty() {
            self.print(Level::Log, args, context)?;
        }
        self.group_indent.set(self.group_indent.get() + GROUP_INDENTATION);
        Ok(())
    }

    fn group_end(&self, _: &[JsValue], _: &mut Context) -> JsResult<()> {
        self.group_indent.set(self.group_indent.get().saturating_sub(GROUP_INDENTATION));
        Ok(())
    }

    fn count(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        let label = Self::label(args, context)?;
        let count = {
            let mut counts = self.counts.borrow_mut();
            let count = counts.entry(label.clone()).or_insert(0);
            *count += 1;
            *count
        };
        self.write(Level::Log, format!("{label}: {count}"));
        Ok(())
    }

    fn count_reset(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        let label = Self::label(args, context)?;
        if self.counts.borrow_mut().remove(&label).is_none() {
            self.write(Level::Warn, format!("Count for '{label}' does not exist"));
        }
        Ok(())
    }

    fn time(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        let label = Self::label(args, context)?;
        if self.timers.borrow().contains_key(&label) {
            self.write(Level::Warn, format!("Label '{label}' already exists for console.time()"));
        } else {
            self.timers.borrow_mut().insert(label, Instant::now());
        }
        Ok(())
    }

    fn time_end(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        self.time_log_as(args, true, "console.timeEnd()", context)
    }

    fn time_log(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        self.time_log_as(args, false, "console.timeLog()", context)
    }

    fn time_log_as(&self, args: &[JsValue], end: bool, method: &str, context: &mut Context) -> JsResult<()> {
        let label = Self::label(args, context)?;
        let started = if end { self.timers.borrow_mut().remove(&label) } else { self.timers.borrow().get(&label).copied() };
        let Some(started) = started else {
            self.write(Level::Warn, format!("No such label '{label}' for {method}"));
            return Ok(());
        };
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        let mut text = format!("{label}: {}", format_duration(ms));
        if !end && args.len() > 1 {
            reserve_text(&args[1..], context)?;
            text.push(' ');
            text.push_str(&format_args(&args[1..], self.style.get(), &self.positions.borrow(), context)?);
        }
        self.write(Level::Log, text);
        Ok(())
    }

    fn table(&self, args: &[JsValue], context: &mut Context) -> JsResult<()> {
        let Some(data) = args.first().and_then(JsValue::as_object) else {
            return self.print(Level::Log, &args[..args.len().min(1)], context);
        };
        let text = table(&data, args.get(1), &self.positions.borrow(), context)?;
        self.write(Level::Log, text);
        Ok(())
    }
}

const GROUP_INDENTATION: usize = 2;

/// Asks the allocation check for the text the string arguments become before it is formatted
/// (as UTF-8: up to 2 bytes per Latin1 unit, 3 per other unit, and a format string's units are
/// copied first): one native call formats a whole entry, and an entry past the log limit is made
/// before it is dropped (`console.assert(false, 'x'.repeat(2 ** 26))` held 384 MiB under a
/// 64 MiB budget). Objects are formatted within Node's string and array length limits.
fn reserve_text(args: &[JsValue], context: &Context) -> JsResult<()> {
    let utf8 = |string: &JsString| string.len() * if string.as_str().is_latin1() { 2 } else { 3 };
    let format_copy = match args {
        [format, _, ..] => format.as_string().map_or(0, |format| format.len() * 2),
        _ => 0,
    };
    let bytes = args.iter().filter_map(JsValue::as_string).map(|string| utf8(&string)).fold(format_copy, usize::saturating_add);
    context.reserve_memory(bytes)
}

/// Node's `formatTime` for durations under a minute.
fn format_duration(ms: f64) -> String {
    if ms >= 1000.0 { format!("{:.3}s", ms / 1000.0) } else { format!("{}ms", format_number((ms * 1000.0).round() / 1000.0)) }
}

/// The options of `console.dir(value, options)` the inspector honours, read from data properties.
fn dir_options(options: &JsObject, context: &mut Context) -> JsResult<InspectOptions> {
    // Node's console.dir turns custom inspection off unless asked
    let mut result = InspectOptions { custom_inspect: false, ..InspectOptions::default() };
    let read = |name: &str, context: &mut Context| -> JsResult<Option<JsValue>> {
        Ok(own_property(options, &js_string!(name).into(), context)?.and_then(|p| p.value).filter(|v| !v.is_undefined()))
    };
    let count = |value: &JsValue| if value.is_null() { f64::INFINITY } else { value.as_number().unwrap_or(f64::NAN) };
    if let Some(depth) = read("depth", context)? {
        result.depth = count(&depth);
    }
    if let Some(length) = read("breakLength", context)?.and_then(|v| v.as_number()) {
        result.break_length = length;
    }
    if let Some(compact) = read("compact", context)?.and_then(|v| v.as_number().or_else(|| v.as_boolean().filter(|b| !b).map(|_| 0.0))) {
        result.compact = compact.max(0.0) as usize;
    }
    if let Some(custom) = read("customInspect", context)? {
        result.custom_inspect = custom.to_boolean();
    }
    if let Some(sorted) = read("sorted", context)? {
        result.sorted = sorted.to_boolean();
    }
    if let Some(length) = read("maxArrayLength", context)? {
        result.max_array_length = count(&length).clamp(0.0, usize::MAX as f64) as usize;
    }
    if let Some(length) = read("maxStringLength", context)? {
        result.max_string_length = count(&length).clamp(0.0, usize::MAX as f64) as usize;
    }
    Ok(result)
}

/// `console`, writing to `output`, defined the first time a program reads or assigns it: its
/// twenty methods were a sixth of what our globals add to a realm, and a run that never logs (as
/// most runs waiting on a tool) need not build them. Unlike the web globals defined on first use,
/// it still works in a program that froze the global object first: the stand-in then keeps
/// answering with the one console it built.
pub fn define_on_first_use(
    context: &mut Context,
    output: Rc<RefCell<Output>>,
    style: Rc<Cell<ConsoleStyle>>,
    positions: Rc<RefCell<PositionMap>>,
) -> JsResult<()> {
    let console =
        Rc::new(Console { output, style, positions, group_indent: Cell::new(0), counts: RefCell::default(), timers: RefCell::default() });
    let lazy = Gc::new(LazyConsole { console, built: GcRefCell::new(None), defined: Cell::new(false) });
    let getter = NativeFunction::from_copy_closure_with_captures(
        |_, _, lazy: &Gc<LazyConsole>, context| {
            if lazy.defined.get() {
                return context.global_object().get(js_string!("console"), context);
            }
            let built = lazy.built.borrow().clone();
            let object = match built {
                Some(object) => object,
                None => {
                    let object = build(&lazy.console, context);
                    *lazy.built.borrow_mut() = Some(object.clone());
                    object
                }
            };
            if crate::realm::global_replaceable("console", context)? {
                crate::realm::web_global(context, "console", object.clone())?;
                lazy.defined.set(true);
            }
            Ok(object.into())
        },
        lazy.clone(),
    );
    let setter = NativeFunction::from_copy_closure_with_captures(
        |_, args, lazy: &Gc<LazyConsole>, context| {
            let value = args.first().cloned().unwrap_or_default();
            if lazy.defined.get() {
                context.global_object().set(js_string!("console"), value, true, context)?;
            } else if crate::realm::global_replaceable("console", context)? {
                crate::realm::web_global(context, "console", value)?;
                lazy.defined.set(true);
            } else {
                return Err(JsNativeError::typ().with_message("console cannot be assigned: the global object is frozen or sealed").into());
            }
            Ok(JsValue::undefined())
        },
        lazy,
    );
    crate::realm::define_stand_in(context, "console", getter, setter)
}

/// What the stand-in for `console` knows: the console's state, the object once built, and
/// whether the real global has replaced the stand-in.
#[derive(Trace, Finalize)]
struct LazyConsole {
    #[unsafe_ignore_trace]
    console: Rc<Console>,
    built: GcRefCell<Option<JsObject>>,
    #[unsafe_ignore_trace]
    defined: Cell<bool>,
}

/// The `console` object: its methods, each writing through `console`.
fn build(console: &Rc<Console>, context: &mut Context) -> JsObject {
    let methods: [(&str, Method); 20] = [
        ("log", |c, a, cx| c.print(Level::Log, a, cx)),
        ("info", |c, a, cx| c.print(Level::Info, a, cx)),
        ("debug", |c, a, cx| c.print(Level::Debug, a, cx)),
        ("warn", |c, a, cx| c.print(Level::Warn, a, cx)),
        ("error", |c, a, cx| c.print(Level::Error, a, cx)),
        ("dirxml", |c, a, cx| c.print(Level::Log, a, cx)),
        ("dir", Console::dir),
        ("assert", Console::assert),
        ("trace", Console::trace),
        ("table", Console::table),
        ("group", Console::group),
        ("groupCollapsed", Console::group),
        ("groupEnd", Console::group_end),
        ("count", Console::count),
        ("countReset", Console::count_reset),
        ("time", Console::time),
        ("timeEnd", Console::time_end),
        ("timeLog", Console::time_log),
        ("profile", |_, _, _| Ok(())),
        ("profileEnd", |_, _, _| Ok(())),
    ];
    let mut object = ObjectInitializer::new(context);
    for (name, method) in methods {
        let console = console.clone();
        // SAFETY: the closure captures no garbage-collected values, only Rust data.
        let function = unsafe {
            NativeFunction::from_closure(move |_, args, context| {
                method(&console, args, context)?;
                Ok(JsValue::undefined())
            })
        };
        object.function(function, JsString::from(name), 0);
    }
    object.build()
}

const INDEX_KEY: &str = "(index)";
const ITERATION_KEY: &str = "(iteration index)";
const VALUES_KEY: &str = "Values";

/// `console.table(data, properties)` as Node draws it.
fn table(data: &JsObject, properties: Option<&JsValue>, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    let cell = |value: &JsValue, context: &mut Context| -> JsResult<String> {
        let is_plain_object = value.as_object().is_some_and(|o| !o.is_array());
        let wide = match value.as_object() {
            Some(object) if is_plain_object => object.own_property_keys(context)?.len() > 2,
            _ => false,
        };
        let options = InspectOptions {
            depth: if wide { -1.0 } else { 0.0 },
            max_array_length: 3,
            break_length: f64::INFINITY,
            ..InspectOptions::default()
        };
        inspect_with(value, &options, positions, context)
    };
    let index_column = |length: usize| (0..length).map(|i| Some(i.to_string())).collect::<Vec<_>>();
    if let Ok(map) = JsMap::from_object(data.clone()) {
        let mut pairs = Vec::new();
        map.for_each_native(|k, v| {
            pairs.push((k, v));
            Ok(())
        })?;
        let mut keys = Vec::new();
        let mut values = Vec::new();
        for (k, v) in &pairs {
            keys.push(Some(cell(k, context)?));
            values.push(Some(cell(v, context)?));
        }
        return Ok(render_table(&[ITERATION_KEY.into(), "Key".into(), VALUES_KEY.into()], &[index_column(pairs.len()), keys, values]));
    }
    if let Ok(set) = JsSet::from_object(data.clone()) {
        let mut items = Vec::new();
        set.for_each_native(|v| {
            items.push(v);
            Ok(())
        })?;
        let mut values = Vec::new();
        for v in &items {
            values.push(Some(cell(v, context)?));
        }
        return Ok(render_table(&[ITERATION_KEY.into(), VALUES_KEY.into()], &[index_column(items.len()), values]));
    }
    let properties: Option<Vec<String>> = match properties.and_then(JsValue::as_object) {
        Some(list) if list.is_array() => {
            let length = crate::realm::convert::length_of(&list, context)?;
            let mut names = Vec::new();
            for i in 0..length.min(1000) {
                names.push(list.get(i as u32, context)?.to_string(context)?.to_std_string_lossy());
            }
            Some(names)
        }
        _ => None,
    };
    let mut columns: Vec<(String, Vec<Option<String>>)> = Vec::new();
    let mut primitives: Vec<Option<String>> = Vec::new();
    let mut has_primitives = false;
    let rows = enumerable_keys(data, context)?;
    for (i, row_key) in rows.iter().enumerate() {
        let item = own_property(data, row_key, context)?.and_then(|p| p.value).unwrap_or_default();
        let primitive = !item.is_object();
        if properties.is_none() && primitive {
            has_primitives = true;
            set_cell(&mut primitives, i, cell(&item, context)?);
            continue;
        }
        let item_object = item.as_object();
        let keys: Vec<PropertyKey> = match (&properties, &item_object) {
            (Some(names), _) => names.iter().map(|n| PropertyKey::from(JsString::from(n.as_str()))).collect(),
            (None, Some(object)) => enumerable_keys(object, context)?,
            (None, None) => Vec::new(),
        };
        for key in keys {
            let name = key_text(&key);
            let at = match columns.iter().position(|(n, _)| n == &name) {
                Some(at) => at,
                None => {
                    columns.push((name, Vec::new()));
                    columns.len() - 1
                }
            };
            let value = match &item_object {
                Some(object) if !primitive => own_property(object, &key, context)?.map(|p| p.value.unwrap_or_default()),
                _ => None,
            };
            let text = match value {
                Some(value) => cell(&value, context)?,
                None => String::new(),
            };
            set_cell(&mut columns[at].1, i, text);
        }
    }
    let mut head = vec![INDEX_KEY.to_owned()];
    let mut body = vec![rows.iter().map(|k| Some(key_text(k))).collect::<Vec<_>>()];
    for (name, column) in columns {
        head.push(name);
        body.push(column);
    }
    if has_primitives {
        head.push(VALUES_KEY.to_owned());
        body.push(primitives);
    }
    Ok(render_table(&head, &body))
}

fn set_cell(column: &mut Vec<Option<String>>, at: usize, text: String) {
    if column.len() <= at {
        column.resize(at + 1, None);
    }
    column[at] = Some(text);
}

fn enumerable_keys(object: &JsObject, context: &mut Context) -> JsResult<Vec<PropertyKey>> {
    let mut keys = Vec::new();
    for key in object.own_property_keys(context)? {
        if !matches!(key, PropertyKey::Symbol(_)) && own_property(object, &key, context)?.is_some_and(|p| p.enumerable) {
            keys.push(key);
        }
    }
    Ok(keys)
}

fn key_text(key: &PropertyKey) -> String {
    match key {
        PropertyKey::String(s) => s.to_std_string_lossy(),
        PropertyKey::Index(i) => i.get().to_string(),
        PropertyKey::Symbol(s) => s.descriptive_string().to_std_string_lossy(),
    }
}

/// Node's `cli_table`: a box-drawn table, each cell left-aligned in its column.
fn render_table(head: &[String], columns: &[Vec<Option<String>>]) -> String {
    let width = super::inspect::string_width;
    let longest = columns.iter().map(Vec::len).max().unwrap_or(0);
    let mut widths: Vec<usize> = head.iter().map(|h| width(h)).collect();
    let rows: Vec<Vec<String>> =
        (0..longest).map(|j| columns.iter().map(|column| column.get(j).cloned().flatten().unwrap_or_default()).collect()).collect();
    for row in &rows {
        for (i, value) in row.iter().enumerate() {
            widths[i] = widths[i].max(width(value));
        }
    }
    let render_row = |row: &[String]| {
        let cells: Vec<String> = row.iter().enumerate().map(|(i, cell)| format!("{cell}{}", " ".repeat(widths[i] - width(cell)))).collect();
        format!("│ {} │", cells.join(" │ "))
    };
    let divider: Vec<String> = widths.iter().map(|w| "─".repeat(w + 2)).collect();
    let mut out = format!("┌{}┐\n{}\n├{}┤\n", divider.join("┬"), render_row(head), divider.join("┼"));
    for row in &rows {
        out.push_str(&render_row(row));
        out.push('\n');
    }
    out.push_str(&format!("└{}┘", divider.join("┴")));
    out
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
