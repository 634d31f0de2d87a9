//! Formats program values for the console as Node's `util.format` / `util.inspect` do (Node 20,
//! default options), following the same steps so that the same value prints the same text:
//! `Point { x: 1 }`, arrays of short items grouped into columns, `[cause]`, `<ref *1>`, quotes
//! chosen as Node chooses them. Unlike Node, it never runs program code while inspecting: getters
//! show as `[Getter]`, a Proxy prints as its target with its traps untouched, and names and tags
//! are read only from data properties. Output is bounded: past `MAX_OUTPUT_BYTES` every further
//! object prints as `[Object]`, as Node does past its own (much larger) budget.

use boa_engine::builtins::error::Error as ErrorData;
use boa_engine::builtins::function::{OrdinaryFunction, is_arguments_object};
use boa_engine::builtins::map::{IteratorPreviewItems, preview_collection_iterator};
use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::builtins::promise::PromiseState;
use boa_engine::error::JsNativeErrorKind;
use boa_engine::native_function::NativeFunctionObject;
use boa_engine::object::builtins::{JsArrayBuffer, JsDataView, JsDate, JsMap, JsPromise, JsProxy, JsRegExp, JsSet, JsTypedArray};
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsBigInt, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, js_string};

use crate::realm::buffer;
use crate::realm::console::ConsoleStyle;
use crate::realm::convert::{length_of, own_property};
use crate::realm::web::{encoding, url};
use crate::source::positions::PositionMap;

const MAX_OUTPUT_BYTES: usize = 1 << 20;
/// Properties shown of one object; the rest are counted in a `... n more properties` entry.
const MAX_PROPERTIES: usize = 10_000;
/// Levels shown whatever `depth` asks for, so that inspecting stays within the thread's stack.
const MAX_NESTING: usize = 500;
/// Strings longer than this are split at their newlines when they do not fit on the line.
const MIN_LINE_WIDTH: usize = 16;

/// The `util.inspect` options a program can set through `console.dir(value, options)`.
#[derive(Clone, Debug)]
pub struct InspectOptions {
    /// Levels shown; `f64::INFINITY` for `depth: null`.
    pub depth: f64,
    pub break_length: f64,
    /// Node's `compact` as a number: how many inner levels may share one line ([`COMPACT_ALL`]
    /// for `compact: true`).
    pub compact: usize,
    pub sorted: bool,
    pub max_array_length: usize,
    pub max_string_length: usize,
    /// Node's `customInspect`: whether a Buffer prints as Node's own inspection of it shows it
    /// (`<Buffer 68 69>`), or as the typed array it is (`console.dir` turns it off).
    pub custom_inspect: bool,
}

/// Node's `compact: true`: every level on one line, arrays not grouped into columns.
pub const COMPACT_ALL: usize = usize::MAX;

impl Default for InspectOptions {
    fn default() -> Self {
        Self {
            depth: 2.0,
            break_length: 80.0,
            compact: 3,
            sorted: false,
            max_array_length: 100,
            max_string_length: 10_000,
            custom_inspect: true,
        }
    }
}

/// `console.log(...)`'s text for its arguments: `util.format`, with `%s`-style substitutions in a
/// first string argument (unless `style` asks for none), and values inspected `style.depth` deep.
pub fn format_args(args: &[JsValue], style: ConsoleStyle, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    let mut out = String::new();
    let mut next = 0;
    let mut join = "";
    let options = InspectOptions { depth: style.depth, ..InspectOptions::default() };
    if let Some(first) = args.first().and_then(JsValue::as_string).filter(|_| style.format) {
        let units = first.to_vec();
        if args.len() == 1 {
            return Ok(first.to_std_string_lossy());
        }
        let mut last = 0;
        let mut i = 0;
        while i + 1 < units.len() {
            if units[i] != u16::from(b'%') {
                i += 1;
                continue;
            }
            i += 1;
            let spec = units[i];
            if next + 1 != args.len() {
                let substituted = match u8::try_from(spec).unwrap_or(0) {
                    b's' => Some(percent_s(&args[next + 1], positions, context)?),
                    b'j' => Some(percent_j(&args[next + 1], context)?),
                    b'd' => Some(percent_number(&args[next + 1], NumberSpec::Number, context)?),
                    b'i' => Some(percent_number(&args[next + 1], NumberSpec::Integer, context)?),
                    b'f' => Some(percent_number(&args[next + 1], NumberSpec::Float, context)?),
                    b'O' => Some(inspect_with(&args[next + 1], &options, positions, context)?),
                    b'o' => {
                        let options = InspectOptions { depth: 4.0, ..InspectOptions::default() };
                        Some(inspect_with(&args[next + 1], &options, positions, context)?)
                    }
                    b'c' => Some(String::new()),
                    b'%' => {
                        out.push_str(&String::from_utf16_lossy(&units[last..i]));
                        last = i + 1;
                        i += 1;
                        continue;
                    }
                    _ => None,
                };
                if let Some(text) = substituted {
                    next += 1;
                    if last != i - 1 {
                        out.push_str(&String::from_utf16_lossy(&units[last..i - 1]));
                    }
                    out.push_str(&text);
                    last = i + 1;
                }
            } else if spec == u16::from(b'%') {
                out.push_str(&String::from_utf16_lossy(&units[last..i]));
                last = i + 1;
            }
            i += 1;
        }
        if last != 0 {
            next += 1;
            join = " ";
            if last < units.len() {
                out.push_str(&String::from_utf16_lossy(&units[last..]));
            }
        }
    }
    for value in &args[next..] {
        out.push_str(join);
        match value.as_string() {
            Some(s) => out.push_str(&s.to_std_string_lossy()),
            None => out.push_str(&inspect_with(value, &options, positions, context)?),
        }
        join = " ";
    }
    Ok(out)
}

enum NumberSpec {
    Number,
    Integer,
    Float,
}

fn percent_number(value: &JsValue, spec: NumberSpec, context: &mut Context) -> JsResult<String> {
    if value.is_symbol() {
        return Ok("NaN".to_owned());
    }
    if let Some(big) = value.as_bigint()
        && !matches!(spec, NumberSpec::Float)
    {
        return Ok(format!("{big}n"));
    }
    Ok(format_number(match spec {
        NumberSpec::Number => value.to_number(context)?,
        NumberSpec::Integer => parse_int(&value.to_string(context)?.to_std_string_lossy()),
        NumberSpec::Float => parse_float(&value.to_string(context)?.to_std_string_lossy()),
    }))
}

/// `parseInt(text)` with no radix.
fn parse_int(text: &str) -> f64 {
    let text = text.trim_start();
    let (sign, rest) = match text.as_bytes().first() {
        Some(b'-') => (-1.0, &text[1..]),
        Some(b'+') => (1.0, &text[1..]),
        _ => (1.0, text),
    };
    let (radix, digits) = match rest.get(..2) {
        Some("0x" | "0X") => (16, &rest[2..]),
        _ => (10, rest),
    };
    let digits: String = digits.chars().take_while(|c| c.is_digit(radix)).collect();
    if digits.is_empty() {
        return f64::NAN;
    }
    sign * digits.chars().fold(0.0, |n, c| n * f64::from(radix) + f64::from(c.to_digit(radix).unwrap_or(0)))
}

/// `parseFloat(text)`: the longest decimal literal at its start.
fn parse_float(text: &str) -> f64 {
    let text = text.trim_start();
    let bytes = text.as_bytes();
    let mut end = usize::from(matches!(bytes.first(), Some(b'-' | b'+')));
    if text[end..].starts_with("Infinity") {
        return if bytes[0] == b'-' { f64::NEG_INFINITY } else { f64::INFINITY };
    }
    let digits = |from: usize| from + bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let whole = digits(end);
    let mut valid = whole > end;
    end = whole;
    if bytes.get(end) == Some(&b'.') {
        let fraction = digits(end + 1);
        valid |= fraction > end + 1;
        end = fraction;
    }
    if valid && matches!(bytes.get(end), Some(b'e' | b'E')) {
        let sign = usize::from(matches!(bytes.get(end + 1), Some(b'-' | b'+')));
        let exponent = digits(end + 1 + sign);
        if exponent > end + 1 + sign {
            end = exponent;
        }
    }
    if !valid {
        return f64::NAN;
    }
    text[..end].parse().unwrap_or(f64::NAN)
}

/// `%j`: what the realm's own `JSON.stringify` makes of the value (`toJSON`, typed arrays as
/// objects of indices), `undefined` for nothing, and `[Circular]` for a cycle, as Node does;
/// any other error it throws is thrown from the console call.
fn percent_j(value: &JsValue, context: &mut Context) -> JsResult<String> {
    let json = context.intrinsics().objects().json();
    let stringify = json.get(js_string!("stringify"), context)?;
    let Some(stringify) = stringify.as_callable() else {
        return Err(JsNativeError::typ().with_message("JSON.stringify is not a function").into());
    };
    match stringify.call(&json.clone().into(), std::slice::from_ref(value), context) {
        Ok(text) => Ok(text.as_string().map_or_else(|| "undefined".to_owned(), |text| text.to_std_string_lossy())),
        Err(error) => match error.try_native(context) {
            Ok(native) if matches!(native.kind(), JsNativeErrorKind::Type) && native.message().lines().next() == Some(CIRCULAR) => {
                Ok("[Circular]".to_owned())
            }
            _ => Err(error),
        },
    }
}

/// The first line of the message V8 (and the patched engine) give a cycle met by `JSON.stringify`.
const CIRCULAR: &str = "Converting circular structure to JSON";

/// `%s`: numbers and BigInts as inspect shows them, objects with a toString of their own through
/// it, other objects inspected one level deep.
fn percent_s(value: &JsValue, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    if let Some(n) = value.as_number() {
        return Ok(format_number(n));
    }
    if let Some(big) = value.as_bigint() {
        return Ok(format!("{big}n"));
    }
    if let Some(symbol) = value.as_symbol() {
        return Ok(symbol.descriptive_string().to_std_string_lossy());
    }
    match value.as_object() {
        // functions are `typeof 'function'`: Node gives their source text
        Some(object) if !object.is_callable() && has_built_in_to_string(&object, context)? => {
            let options = InspectOptions { depth: 0.0, ..InspectOptions::default() };
            inspect_with(value, &options, positions, context)
        }
        _ => Ok(value.to_string(context)?.to_std_string_lossy()),
    }
}

/// Whether the object's `toString` is a built-in one (Node then inspects it for `%s`).
fn has_built_in_to_string(object: &JsObject, context: &mut Context) -> JsResult<bool> {
    let Some(object) = unwrap_proxy(object) else { return Ok(true) };
    // Node's built-ins are ECMAScript's; its URL is a class of its own, printed by its toString.
    if url::is_url(&object) {
        return Ok(false);
    }
    let to_string = PropertyKey::from(js_string!("toString"));
    if !data_value(&object, &to_string, context)?.is_some_and(|v| v.is_callable()) {
        return Ok(true);
    }
    let mut holder = Some(object);
    while let Some(current) = holder {
        if own_property(&current, &to_string, context)?.is_some() {
            let constructor = own_data(&current, &js_string!("constructor").into(), context)?;
            return Ok(constructor.and_then(|c| c.as_object()).is_some_and(|c| c.is::<NativeFunctionObject>()));
        }
        holder = current.prototype();
    }
    Ok(true)
}

/// `util.inspect(value)` with Node's defaults.
pub fn inspect(value: &JsValue, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    inspect_with(value, &InspectOptions::default(), positions, context)
}

/// `util.inspect(value, options)`.
pub fn inspect_with(value: &JsValue, options: &InspectOptions, positions: &PositionMap, context: &mut Context) -> JsResult<String> {
    let mut inspector = Inspector {
        options: options.clone(),
        seen: Vec::new(),
        circular: Vec::new(),
        indentation: 0,
        current_depth: 0,
        produced: 0,
        positions,
    };
    inspector.value(value, 0, false, context)
}

struct Inspector<'a> {
    options: InspectOptions,
    seen: Vec<JsObject>,
    circular: Vec<JsObject>,
    indentation: usize,
    /// The depth of the object formatted last, which decides how much may share one line.
    current_depth: usize,
    produced: usize,
    positions: &'a PositionMap,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Extras {
    Object,
    Array,
}

/// A property to print: an own one, one Node reads from the prototype (`byteLength`), or the
/// count of those past `MAX_PROPERTIES`.
enum Key {
    Own(PropertyKey),
    Computed(&'static str, JsValue),
    More(usize),
}

/// The entries before the properties.
enum Entries {
    None,
    Array(JsObject),
    Map(JsMap),
    Typed(JsTypedArray),
    Bytes(JsArrayBuffer),
    Promise(JsPromise),
    /// A Set's values, or what a Map or Set iterator has left, in order; and how many more past
    /// those.
    Listed(IteratorPreviewItems, usize),
    Weak,
}

/// `[Symbol(a)]`-style text, as `Symbol.prototype.toString` gives it.
fn symbol_text(symbol: &JsSymbol) -> String {
    symbol.descriptive_string().to_std_string_lossy()
}

pub fn format_number(n: f64) -> String {
    if n == 0.0 && n.is_sign_negative() { "-0".to_owned() } else { JsValue::from(n).display().to_string() }
}

fn len16(text: &str) -> usize {
    text.encode_utf16().count()
}

/// The columns `text` takes in a terminal as Node 20 (with ICU) counts them: none for control
/// and format characters and combining marks, two for wide and fullwidth characters and for
/// emoji shown as emoji, one for the rest, each code point on its own (`👍🏽` takes four).
pub(crate) fn string_width(text: &str) -> usize {
    use icu_properties::props::{EastAsianWidth, EmojiPresentation, GeneralCategory};
    use icu_properties::{CodePointMapData, CodePointSetData};
    text.chars()
        .map(|ch| match ch {
            ' '..='~' => 1,
            '\u{ad}' => 1,
            _ => {
                let category = CodePointMapData::<GeneralCategory>::new().get(ch);
                let width = CodePointMapData::<EastAsianWidth>::new().get(ch);
                if matches!(
                    category,
                    GeneralCategory::Control | GeneralCategory::Format | GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark
                ) {
                    0
                } else if width == EastAsianWidth::Wide
                    || width == EastAsianWidth::Fullwidth
                    || CodePointSetData::new::<EmojiPresentation>().contains(ch)
                {
                    2
                } else {
                    1
                }
            }
        })
        .sum()
}

/// The `[name, value]` pairs of a URLSearchParams' own list, read from its data properties only.
fn query_list_pairs(list: &JsValue, context: &mut Context) -> JsResult<Vec<(JsString, JsString)>> {
    let Some(list) = list.as_object() else { return Ok(Vec::new()) };
    let text = |object: &JsObject, index: u32, context: &mut Context| -> JsResult<JsString> {
        Ok(own_data(object, &index.into(), context)?.and_then(|value| value.as_string()).unwrap_or_default())
    };
    let length = own_data(&list, &js_string!("length").into(), context)?.and_then(|length| length.as_number()).unwrap_or(0.0);
    let mut pairs = Vec::new();
    for index in 0..length as u32 {
        if let Some(pair) = own_data(&list, &index.into(), context)?.and_then(|pair| pair.as_object()) {
            pairs.push((text(&pair, 0, context)?, text(&pair, 1, context)?));
        }
    }
    Ok(pairs)
}

/// Node's `strEscape`: quoted with `'`, or `"` / `` ` `` when that avoids escaping, with control
/// characters, backslashes and lone surrogates escaped.
fn quote(units: &[u16]) -> String {
    let has = |c: u8| units.contains(&u16::from(c));
    let has_interpolation = units.windows(2).any(|w| w == [u16::from(b'$'), u16::from(b'{')]);
    let quote = if !has(b'\'') {
        b'\''
    } else if !has(b'"') {
        b'"'
    } else if !has(b'`') && !has_interpolation {
        b'`'
    } else {
        b'\''
    };
    let mut out: Vec<u16> = vec![u16::from(quote)];
    let mut i = 0;
    while i < units.len() {
        let unit = units[i];
        let escape = match unit {
            0x08 => Some("\\b".to_owned()),
            0x09 => Some("\\t".to_owned()),
            0x0a => Some("\\n".to_owned()),
            0x0c => Some("\\f".to_owned()),
            0x0d => Some("\\r".to_owned()),
            0x5c => Some("\\\\".to_owned()),
            0x27 if quote == b'\'' => Some("\\'".to_owned()),
            0x00..=0x1f | 0x7f..=0x9f => Some(format!("\\x{unit:02X}")),
            0xd800..=0xdbff if units.get(i + 1).is_some_and(|next| (0xdc00..=0xdfff).contains(next)) => {
                out.extend_from_slice(&units[i..i + 2]);
                i += 2;
                continue;
            }
            0xd800..=0xdfff => Some(format!("\\u{unit:x}")),
            _ => None,
        };
        match escape {
            Some(text) => out.extend(text.encode_utf16()),
            None => out.push(unit),
        }
        i += 1;
    }
    out.push(u16::from(quote));
    String::from_utf16_lossy(&out)
}

/// `{ a: 1 }`-style name of a property key.
fn key_name(key: &PropertyKey, enumerable: bool) -> String {
    let text = match key {
        PropertyKey::Symbol(symbol) => return format!("[{}]", symbol_text(symbol)),
        PropertyKey::String(s) => s.to_std_string_lossy(),
        PropertyKey::Index(i) => i.get().to_string(),
    };
    if text == "__proto__" {
        "['__proto__']".to_owned()
    } else if !enumerable {
        format!("[{text}]")
    } else if text.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && text.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        text
    } else {
        quote(&text.encode_utf16().collect::<Vec<_>>())
    }
}

/// Node's `getPrefix`: `Point `, `Map(2) `, `Object [Math] `, `[Object: null prototype] `.
fn prefix(constructor: Option<&str>, tag: &str, fallback: &str, size: &str) -> String {
    match constructor {
        None if !tag.is_empty() && fallback != tag => format!("[{fallback}{size}: null prototype] [{tag}] "),
        None => format!("[{fallback}{size}: null prototype] "),
        Some(name) if !tag.is_empty() && name != tag => format!("{name}{size} [{tag}] "),
        Some(name) => format!("{name}{size} "),
    }
}

/// The target of a Proxy (through any chain of them) without running a trap; `None` if revoked.
fn unwrap_proxy(object: &JsObject) -> Option<JsObject> {
    let mut current = object.clone();
    while let Ok(proxy) = JsProxy::from_object(current.clone()) {
        current = proxy.target()?;
    }
    Some(current)
}

fn is_proxy(object: &JsObject) -> bool {
    JsProxy::from_object(object.clone()).is_ok()
}

/// An own data property's value; `None` for accessors and missing properties.
fn own_data(object: &JsObject, key: &PropertyKey, context: &mut Context) -> JsResult<Option<JsValue>> {
    if is_proxy(object) {
        return Ok(None);
    }
    Ok(own_property(object, key, context)?.and_then(|p| p.value))
}

/// A property's value found along the prototype chain, read only if it is a data property:
/// inspecting never runs a getter or a Proxy trap.
fn data_value(object: &JsObject, key: &PropertyKey, context: &mut Context) -> JsResult<Option<JsValue>> {
    let mut holder = Some(object.clone());
    while let Some(current) = holder {
        if is_proxy(&current) {
            return Ok(None);
        }
        if let Some(property) = own_property(&current, key, context)? {
            return Ok(property.value);
        }
        holder = current.prototype();
    }
    Ok(None)
}

fn data_text(object: &JsObject, key: &str, context: &mut Context) -> JsResult<Option<String>> {
    Ok(data_value(object, &js_string!(key).into(), context)?.and_then(|v| v.as_string().map(|s| s.to_std_string_lossy())))
}

/// Whether `object` has `prototype` on its prototype chain.
fn inherits(object: &JsObject, prototype: &JsObject) -> bool {
    let mut current = object.prototype();
    while let Some(proto) = current {
        if &proto == prototype {
            return true;
        }
        current = proto.prototype();
    }
    false
}

/// Node's `getConstructorName`: the name of the first constructor along the chain the object is
/// an instance of; `None` for a null prototype.
fn constructor_name(object: &JsObject, context: &mut Context) -> JsResult<Option<String>> {
    let mut holder = Some(object.clone());
    let mut first_proto = None;
    while let Some(current) = holder {
        if is_proxy(&current) {
            break;
        }
        if let Some(constructor) = own_data(&current, &js_string!("constructor").into(), context)?.and_then(|c| c.as_object())
            && constructor.is_callable()
            && let Some(name) = own_data(&constructor, &js_string!("name").into(), context)?.and_then(|n| n.as_string())
            && !name.is_empty()
            && let Some(prototype) = own_data(&constructor, &js_string!("prototype").into(), context)?.and_then(|p| p.as_object())
            && inherits(object, &prototype)
        {
            return Ok(Some(name.to_std_string_lossy()));
        }
        holder = current.prototype();
        first_proto.get_or_insert(holder.clone());
    }
    Ok(match first_proto {
        Some(None) => None,
        _ => Some("Object".to_owned()),
    })
}

/// `Symbol.toStringTag` when it is a string and not an own enumerable property (printed anyway).
fn to_string_tag(object: &JsObject, context: &mut Context) -> JsResult<String> {
    let key = PropertyKey::from(JsSymbol::to_string_tag());
    let Some(tag) = data_value(object, &key, context)?.and_then(|t| t.as_string()) else { return Ok(String::new()) };
    if own_property(object, &key, context)?.is_some_and(|p| p.enumerable) {
        return Ok(String::new());
    }
    Ok(tag.to_std_string_lossy())
}

/// The own enumerable keys (strings, then symbols), optionally without array indices.
fn own_keys(object: &JsObject, skip_indices: bool, context: &mut Context) -> JsResult<Vec<Key>> {
    let mut keys = Vec::new();
    let candidates = object.own_property_keys(context)?;
    let candidates = candidates.into_iter().filter(|key| !(skip_indices && matches!(key, PropertyKey::Index(_))));
    let mut unchecked = 0;
    for key in candidates {
        if keys.len() >= MAX_PROPERTIES {
            unchecked += 1;
        } else if own_property(object, &key, context)?.is_some_and(|p| p.enumerable) {
            keys.push(Key::Own(key));
        }
    }
    if unchecked > 0 {
        keys.push(Key::More(unchecked));
    }
    Ok(keys)
}

fn has_key(keys: &[Key], name: &str) -> bool {
    keys.iter().any(|k| matches!(k, Key::Own(PropertyKey::String(s)) if s.to_std_string_lossy() == name))
}

fn pad_start(text: &str, width: usize) -> String {
    format!("{}{text}", " ".repeat(width.saturating_sub(len16(text))))
}

fn pad_end(text: &str, width: usize) -> String {
    format!("{text}{}", " ".repeat(width.saturating_sub(len16(text))))
}

impl Inspector<'_> {
    fn value(&mut self, value: &JsValue, recurse_times: usize, in_typed_array: bool, context: &mut Context) -> JsResult<String> {
        let Some(object) = value.as_object() else { return Ok(self.primitive(value)) };
        let Some(object) = unwrap_proxy(&object) else { return Ok("<Revoked Proxy>".to_owned()) };
        if self.seen.contains(&object) {
            let index = match self.circular.iter().position(|o| o == &object) {
                Some(index) => index + 1,
                None => {
                    self.circular.push(object.clone());
                    self.circular.len()
                }
            };
            return Ok(format!("[Circular *{index}]"));
        }
        self.raw(&object, recurse_times, in_typed_array, context)
    }

    fn primitive(&self, value: &JsValue) -> String {
        if let Some(s) = value.as_string() {
            return self.string(&s);
        }
        if let Some(n) = value.as_number() {
            return format_number(n);
        }
        if let Some(big) = value.as_bigint() {
            return format!("{big}n");
        }
        if let Some(symbol) = value.as_symbol() {
            return symbol_text(&symbol);
        }
        value.display().to_string()
    }

    /// A nested string: quoted, cut at `max_string_length`, split at newlines when long.
    fn string(&self, s: &JsString) -> String {
        let mut units = s.to_vec();
        let mut trailer = String::new();
        if units.len() > self.options.max_string_length {
            let remaining = units.len() - self.options.max_string_length;
            units.truncate(self.options.max_string_length);
            trailer = format!("... {remaining} more character{}", if remaining > 1 { "s" } else { "" });
        }
        let room = self.options.break_length - self.indentation as f64 - 4.0;
        if units.len() > MIN_LINE_WIDTH && units.len() as f64 > room {
            let mut pieces = Vec::new();
            let mut start = 0;
            for (i, unit) in units.iter().enumerate() {
                if *unit == u16::from(b'\n') {
                    pieces.push(quote(&units[start..=i]));
                    start = i + 1;
                }
            }
            if start < units.len() {
                pieces.push(quote(&units[start..]));
            }
            return pieces.join(&format!(" +\n{}", " ".repeat(self.indentation + 2))) + &trailer;
        }
        quote(&units) + &trailer
    }

    /// Node's `formatRaw`.
    fn raw(&mut self, object: &JsObject, recurse_times: usize, in_typed_array: bool, context: &mut Context) -> JsResult<String> {
        let constructor = constructor_name(object, context)?;
        let constructor = constructor.as_deref();
        if let Some(text) = self.web_object(object, constructor, recurse_times, context)? {
            return Ok(text);
        }
        let mut tag = to_string_tag(object, context)?;
        let mut base = String::new();
        let mut braces = ["{".to_owned(), "}".to_owned()];
        let mut extras = Extras::Object;
        let mut entries = Entries::None;
        let mut keys;
        if object.is_array() {
            let length = length_of(object, context)?;
            let prefix = if constructor != Some("Array") || !tag.is_empty() {
                prefix(constructor, &tag, "Array", &format!("({length})"))
            } else {
                String::new()
            };
            keys = own_keys(object, true, context)?;
            braces = [format!("{prefix}["), "]".to_owned()];
            if length == 0 && keys.is_empty() {
                return Ok(format!("{}]", braces[0]));
            }
            extras = Extras::Array;
            entries = Entries::Array(object.clone());
        } else if let Ok(set) = JsSet::from_object(object.clone()) {
            let size = set.size();
            let prefix = prefix(constructor, &tag, "Set", &format!("({size})"));
            keys = own_keys(object, false, context)?;
            if size == 0 && keys.is_empty() {
                return Ok(format!("{prefix}{{}}"));
            }
            braces[0] = format!("{prefix}{{");
            let mut values = Vec::new();
            let max = self.options.max_array_length;
            set.for_each_native(|v| {
                if values.len() < max {
                    values.push(v);
                }
                Ok(())
            })?;
            entries = Entries::Listed(IteratorPreviewItems::Values(values), size.saturating_sub(max));
        } else if let Ok(map) = JsMap::from_object(object.clone()) {
            let size = map.get_size(context)?.as_number().unwrap_or(0.0) as usize;
            let prefix = prefix(constructor, &tag, "Map", &format!("({size})"));
            keys = own_keys(object, false, context)?;
            if size == 0 && keys.is_empty() {
                return Ok(format!("{prefix}{{}}"));
            }
            braces[0] = format!("{prefix}{{");
            entries = Entries::Map(map);
        } else if let Ok(typed) = JsTypedArray::from_object(object.clone()) {
            // %TypedArray%.prototype's own getter gives the kind's name, which a subclass shows
            // (`Buffer(2) [Uint8Array] [ 1, 2 ]`).
            if tag.is_empty() && inherits(object, &context.intrinsics().constructors().typed_array().prototype()) {
                tag = typed.to_string_tag(context)?.as_string().map(|tag| tag.to_std_string_lossy()).unwrap_or_default();
            }
            let length = typed.length(context)?;
            keys = own_keys(object, true, context)?;
            let fallback = if constructor.is_none() { tag.clone() } else { String::new() };
            let prefix = prefix(constructor, &tag, &fallback, &format!("({length})"));
            braces = [format!("{prefix}["), "]".to_owned()];
            if length == 0 && keys.is_empty() {
                return Ok(format!("{}]", braces[0]));
            }
            extras = Extras::Array;
            entries = Entries::Typed(typed);
        } else {
            keys = own_keys(object, false, context)?;
            let weak_set = context.intrinsics().constructors().weak_set().prototype();
            let weak_map = context.intrinsics().constructors().weak_map().prototype();
            if object.is_callable() {
                base = self.function_base(object, constructor, &tag, context)?;
                if keys.is_empty() {
                    return Ok(base);
                }
            } else if let Some(preview) = preview_collection_iterator(object, self.options.max_array_length) {
                // Node's braces for an iterator: its tag alone, no constructor name.
                let kind = if matches!(preview.items, IteratorPreviewItems::Entries(_)) { "Entries" } else { "Iterator" };
                let own_tag = format!("{} Iterator", preview.collection);
                let shown_tag = if tag.is_empty() || tag == own_tag { String::new() } else { format!("{tag}] [") };
                braces[0] = format!("[{shown_tag}{} {kind}] {{", preview.collection);
                entries = Entries::Listed(preview.items, preview.remaining);
            } else if constructor == Some("Object") {
                if is_arguments_object(object) {
                    braces[0] = "[Arguments] {".to_owned();
                } else if !tag.is_empty() {
                    braces[0] = format!("{}{{", prefix(constructor, &tag, "Object", ""));
                }
                if keys.is_empty() {
                    return Ok(format!("{}}}", braces[0]));
                }
            } else if let Ok(regexp) = JsRegExp::from_object(object.clone()) {
                base = format!("/{}/{}", regexp.source(context)?, regexp.flags(context)?);
                let prefix = prefix(constructor, &tag, "RegExp", "");
                if prefix != "RegExp " {
                    base = format!("{prefix}{base}");
                }
                if keys.is_empty() || recurse_times as f64 > self.options.depth {
                    return Ok(base);
                }
            } else if let Ok(date) = JsDate::from_object(object.clone()) {
                base = match date.to_iso_string(context) {
                    Ok(iso) => iso.to_string(context)?.to_std_string_lossy(),
                    Err(_) => "Invalid Date".to_owned(),
                };
                let prefix = prefix(constructor, &tag, "Date", "");
                if prefix != "Date " {
                    base = format!("{prefix}{base}");
                }
                if keys.is_empty() {
                    return Ok(base);
                }
            } else if object.is::<ErrorData>() {
                base = self.error(object, constructor, &tag, &mut keys, context)?;
                if keys.is_empty() {
                    return Ok(base);
                }
            } else if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
                let prefix = prefix(constructor, &tag, "ArrayBuffer", "");
                let length = buffer.data().map_or(0, |d| d.len());
                if !in_typed_array {
                    entries = Entries::Bytes(buffer);
                } else if keys.is_empty() {
                    return Ok(format!("{prefix}{{ byteLength: {length} }}"));
                }
                braces[0] = format!("{prefix}{{");
                keys.insert(0, Key::Computed("byteLength", JsValue::from(length as f64)));
            } else if let Ok(view) = JsDataView::from_object(object.clone()) {
                braces[0] = format!("{}{{", prefix(constructor, &tag, "DataView", ""));
                let computed = [
                    Key::Computed("byteLength", JsValue::from(view.byte_length(context)? as f64)),
                    Key::Computed("byteOffset", JsValue::from(view.byte_offset(context)? as f64)),
                    Key::Computed("buffer", view.buffer(context)?),
                ];
                keys.splice(0..0, computed);
            } else if let Ok(promise) = JsPromise::from_object(object.clone()) {
                braces[0] = format!("{}{{", prefix(constructor, &tag, "Promise", ""));
                entries = Entries::Promise(promise);
            } else if inherits(object, &weak_set) {
                braces[0] = format!("{}{{", prefix(constructor, &tag, "WeakSet", ""));
                entries = Entries::Weak;
            } else if inherits(object, &weak_map) {
                braces[0] = format!("{}{{", prefix(constructor, &tag, "WeakMap", ""));
                entries = Entries::Weak;
            } else if let Some(primitive) = boxed(object) {
                base = self.boxed_base(&primitive, constructor, &tag, &mut keys);
                if keys.is_empty() {
                    return Ok(base);
                }
            } else {
                let prefix = prefix(constructor, &tag, "Object", "");
                if keys.is_empty() {
                    return Ok(format!("{prefix}{{}}"));
                }
                braces[0] = format!("{prefix}{{");
            }
        }
        if recurse_times as f64 > self.options.depth || recurse_times >= MAX_NESTING {
            let name = prefix(constructor, &tag, "Object", "");
            let name = name.trim_end();
            return Ok(if constructor.is_some() { format!("[{name}]") } else { name.to_owned() });
        }
        let recurse_times = recurse_times + 1;
        self.seen.push(object.clone());
        self.current_depth = recurse_times;
        let output = self.entries_and_properties(object, entries, &keys, recurse_times, context);
        self.seen.pop();
        let mut output = output?;
        if let Some(index) = self.circular.iter().position(|o| o == object) {
            let reference = format!("<ref *{}>", index + 1);
            base = if base.is_empty() { reference } else { format!("{reference} {base}") };
        }
        if self.options.sorted {
            if extras == Extras::Object {
                output.sort();
            } else if keys.len() > 1 {
                let from = output.len() - keys.len();
                output[from..].sort();
            }
        }
        let array = (extras == Extras::Array).then_some(object);
        let text = self.reduce_to_single_string(output, &base, &braces, extras, recurse_times, array, context)?;
        self.produced += text.len();
        if self.produced > MAX_OUTPUT_BYTES {
            self.options.depth = -1.0;
        }
        Ok(text)
    }

    /// Node's own inspection of a TextEncoder or TextDecoder, of a URL (its attributes, in the URL
    /// Standard's order) and of a URLSearchParams (its pairs, `'a' => '1'`), own properties left
    /// out as Node leaves them; past
    /// the depth limit a URL prints as any object (None here) and a URLSearchParams as `[Object]`.
    fn web_object(
        &mut self,
        object: &JsObject,
        constructor: Option<&str>,
        recurse_times: usize,
        context: &mut Context,
    ) -> JsResult<Option<String>> {
        if self.options.custom_inspect
            && let Some(bytes) = buffer::inspected_bytes(object, context)?
        {
            return self.buffer(object, constructor, bytes, context).map(Some);
        }
        let past_depth = recurse_times as f64 > self.options.depth;
        if let Some((class, text)) = encoding::inspection(object, constructor) {
            if !past_depth {
                return Ok(Some(text));
            }
            // past the depth, as any instance with keys (Node's hold hidden symbol ones)
            return Ok(Some(match constructor {
                Some(name) if name != class => format!("[{name} [{class}]]"),
                _ => format!("[{class}]"),
            }));
        }
        if let Some(attributes) = url::attributes(object) {
            if past_depth {
                return Ok(None);
            }
            // Node prints a URL as a fresh inspection of an object of its attributes.
            let outer = std::mem::replace(&mut self.indentation, 2);
            let mut lines = Vec::new();
            for (name, value) in &attributes {
                lines.push(format!("{name}: {}", self.string(value)));
                if *name == "search" {
                    let query_object = self.query_object("URLSearchParams", &url::query_pairs(value));
                    lines.push(format!("searchParams: {}", query_object.replace('\n', "\n  ")));
                }
            }
            self.indentation = outer;
            let text = format!("{} {{\n  {}\n}}", constructor.unwrap_or("URL"), lines.join(",\n  "));
            return Ok(Some(self.indented(&text)));
        }
        let Some(list) = url::query_list(object, context)? else {
            return Ok(None);
        };
        if past_depth {
            return Ok(Some("[Object]".to_owned()));
        }
        let pairs = query_list_pairs(&list, context)?;
        let text = self.query_object(constructor.unwrap_or("URLSearchParams"), &pairs);
        Ok(Some(self.indented(&text)))
    }

    /// Node's inspection of a URLSearchParams named `name` holding `pairs`: on one line when it
    /// fits `break_length`, else a pair per line.
    fn query_object(&self, name: &str, pairs: &[(JsString, JsString)]) -> String {
        if pairs.is_empty() {
            return format!("{name} {{}}");
        }
        let shown = pairs.len().min(self.options.max_array_length);
        let mut entries: Vec<String> =
            pairs[..shown].iter().map(|(key, value)| format!("{} => {}", self.string(key), self.string(value))).collect();
        // Bounded as a Map is (Node prints them all).
        push_remaining(&mut entries, pairs.len() - shown, "item");
        let length = entries.iter().map(|entry| len16(entry) + 2).sum::<usize>() - 2;
        if length as f64 > self.options.break_length {
            format!("{name} {{\n  {} }}", entries.join(",\n  "))
        } else {
            format!("{name} {{ {} }}", entries.join(", "))
        }
    }

    /// Node's custom inspection of a Buffer, at any depth: `<Buffer 68 69>`, and its own
    /// enumerable properties after the bytes, as a fresh inspection of them on one line shows
    /// them (`<Buffer 68 69, tag: 'x'>`). Where Node recurses without end (a Buffer among its own
    /// properties), the `seen` list stops it.
    fn buffer(&mut self, object: &JsObject, constructor: Option<&str>, mut text: String, context: &mut Context) -> JsResult<String> {
        let keys = own_keys(object, true, context)?;
        if !keys.is_empty() && self.seen.len() < MAX_NESTING {
            let outer = (self.options.clone(), self.indentation, self.current_depth);
            self.options.break_length = f64::INFINITY;
            self.options.compact = COMPACT_ALL;
            self.indentation = 0;
            self.seen.push(object.clone());
            let entries: JsResult<Vec<String>> = keys.iter().map(|key| self.property(object, key, 1, context)).collect();
            self.seen.pop();
            (self.options, self.indentation, self.current_depth) = outer;
            if !text.is_empty() {
                text.push_str(", ");
            }
            text.push_str(&entries?.join(", "));
        }
        Ok(format!("<{} {text}>", constructor.unwrap_or("Buffer")))
    }

    /// A multi-line text that Node's inspect of a custom object indents to the current level.
    fn indented(&self, text: &str) -> String {
        text.replace('\n', &format!("\n{}", " ".repeat(self.indentation)))
    }

    fn entries_and_properties(
        &mut self,
        object: &JsObject,
        entries: Entries,
        keys: &[Key],
        recurse_times: usize,
        context: &mut Context,
    ) -> JsResult<Vec<String>> {
        let mut output = match entries {
            Entries::None => Vec::new(),
            Entries::Array(array) => self.array(&array, recurse_times, context)?,
            Entries::Map(map) => {
                let mut pairs = Vec::new();
                let size = map.get_size(context)?.as_number().unwrap_or(0.0) as usize;
                let max = self.options.max_array_length;
                map.for_each_native(|k, v| {
                    if pairs.len() < max {
                        pairs.push((k, v));
                    }
                    Ok(())
                })?;
                self.indentation += 2;
                let mut output = Vec::new();
                for (key, value) in &pairs {
                    let key = self.value(key, recurse_times, false, context)?;
                    let value = self.value(value, recurse_times, false, context)?;
                    output.push(format!("{key} => {value}"));
                }
                self.indentation -= 2;
                push_remaining(&mut output, size.saturating_sub(pairs.len()), "item");
                output
            }
            Entries::Typed(typed) => {
                let length = typed.length(context)?;
                let shown = length.min(self.options.max_array_length);
                let mut output = Vec::with_capacity(shown + 1);
                for i in 0..shown {
                    output.push(self.primitive(&typed.get(i, context)?));
                }
                push_remaining(&mut output, length - shown, "item");
                output
            }
            // A detached buffer has no contents to show, as Node says.
            Entries::Bytes(buffer) => match buffer.data() {
                None => vec!["(detached)".to_owned()],
                Some(bytes) => {
                    let shown = bytes.len().min(self.options.max_array_length);
                    let mut hex = bytes[..shown].iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ");
                    let remaining = bytes.len() - shown;
                    if remaining > 0 {
                        hex.push_str(&format!(" ... {remaining} more byte{}", if remaining > 1 { "s" } else { "" }));
                    }
                    vec![format!("[Uint8Contents]: <{hex}>")]
                }
            },
            Entries::Promise(promise) => {
                let text = match promise.state() {
                    PromiseState::Pending => "<pending>".to_owned(),
                    PromiseState::Fulfilled(value) => {
                        self.indentation += 2;
                        let text = self.value(&value, recurse_times, false, context);
                        self.indentation -= 2;
                        text?
                    }
                    PromiseState::Rejected(value) => {
                        self.indentation += 2;
                        let text = self.value(&value, recurse_times, false, context);
                        self.indentation -= 2;
                        format!("<rejected> {}", text?)
                    }
                };
                vec![text]
            }
            Entries::Listed(items, remaining) => {
                self.indentation += 2;
                let mut output = Vec::new();
                match items {
                    IteratorPreviewItems::Values(values) => {
                        for value in &values {
                            output.push(self.value(value, recurse_times, false, context)?);
                        }
                    }
                    IteratorPreviewItems::Entries(pairs) => {
                        let braces = ["[".to_owned(), "]".to_owned()];
                        for (key, value) in &pairs {
                            let pair =
                                vec![self.value(key, recurse_times, false, context)?, self.value(value, recurse_times, false, context)?];
                            output.push(self.reduce_to_single_string(pair, "", &braces, Extras::Array, recurse_times, None, context)?);
                        }
                    }
                }
                self.indentation -= 2;
                push_remaining(&mut output, remaining, "item");
                output
            }
            Entries::Weak => vec!["<items unknown>".to_owned()],
        };
        for key in keys {
            if self.produced > MAX_OUTPUT_BYTES {
                break;
            }
            let entry = self.property(object, key, recurse_times, context)?;
            self.produced += entry.len();
            output.push(entry);
        }
        Ok(output)
    }

    /// Node's `formatArray` and `formatSpecialArray`: runs of holes merge into `<n empty items>`.
    fn array(&mut self, array: &JsObject, recurse_times: usize, context: &mut Context) -> JsResult<Vec<String>> {
        let length = length_of(array, context)?;
        let max = (self.options.max_array_length as u64).min(length) as usize;
        let mut output = Vec::new();
        for i in 0..max {
            let key = PropertyKey::from(i as u32);
            let Some(property) = own_property(array, &key, context)? else {
                return self.sparse_array(array, recurse_times, max, output, i as u64, length, context);
            };
            output.push(self.property_value(&property, recurse_times, context)?);
        }
        push_remaining(&mut output, (length - max as u64) as usize, "item");
        Ok(output)
    }

    #[allow(clippy::too_many_arguments)]
    fn sparse_array(
        &mut self,
        array: &JsObject,
        recurse_times: usize,
        max: usize,
        mut output: Vec<String>,
        mut index: u64,
        length: u64,
        context: &mut Context,
    ) -> JsResult<Vec<String>> {
        let empty = |n: u64| format!("<{n} empty item{}>", if n > 1 { "s" } else { "" });
        let present: Vec<u32> = array
            .own_property_keys(context)?
            .into_iter()
            .filter_map(|k| match k {
                PropertyKey::Index(i) if i.get() as u64 >= index => Some(i.get()),
                _ => None,
            })
            .collect();
        for at in present {
            if output.len() >= max {
                break;
            }
            if u64::from(at) != index {
                output.push(empty(u64::from(at) - index));
                index = u64::from(at);
                if output.len() == max {
                    break;
                }
            }
            let property = own_property(array, &PropertyKey::from(at), context)?;
            output.push(match property {
                Some(property) => self.property_value(&property, recurse_times, context)?,
                None => "undefined".to_owned(),
            });
            index += 1;
        }
        let remaining = length - index;
        if output.len() != max {
            if remaining > 0 {
                output.push(empty(remaining));
            }
        } else if remaining > 0 {
            push_remaining(&mut output, remaining as usize, "item");
        }
        Ok(output)
    }

    fn property_value(
        &mut self,
        property: &crate::realm::convert::OwnProperty,
        recurse_times: usize,
        context: &mut Context,
    ) -> JsResult<String> {
        if let Some(value) = &property.value {
            self.indentation += 2;
            let text = self.value(value, recurse_times, false, context);
            self.indentation -= 2;
            return text;
        }
        Ok(match (property.getter, property.setter) {
            (true, true) => "[Getter/Setter]",
            (true, false) => "[Getter]",
            (false, true) => "[Setter]",
            (false, false) => "undefined",
        }
        .to_owned())
    }

    /// Node's `formatProperty` for a key: `name: value`.
    fn property(&mut self, object: &JsObject, key: &Key, recurse_times: usize, context: &mut Context) -> JsResult<String> {
        let (name, property) = match key {
            Key::More(count) => return Ok(format!("... {count} more propert{}", if *count == 1 { "y" } else { "ies" })),
            Key::Computed(name, value) => {
                let property = crate::realm::convert::OwnProperty {
                    value: Some(value.clone()),
                    getter: false,
                    setter: false,
                    enumerable: true,
                    direct: true,
                };
                ((*name).to_owned(), property)
            }
            Key::Own(key) => {
                let property = match own_property(object, key, context)? {
                    Some(property) => property,
                    // an inherited `cause`: Node reads it through the chain
                    None => crate::realm::convert::OwnProperty {
                        value: Some(data_value(object, key, context)?.unwrap_or_default()),
                        getter: false,
                        setter: false,
                        enumerable: true,
                        direct: false,
                    },
                };
                (key_name(key, property.enumerable), property)
            }
        };
        Ok(format!("{name}: {}", self.property_value(&property, recurse_times, context)?))
    }

    /// Node's `reduceToSingleString`: one line when the entries fit, else one entry per line.
    #[allow(clippy::too_many_arguments)]
    fn reduce_to_single_string(
        &mut self,
        mut output: Vec<String>,
        base: &str,
        braces: &[String; 2],
        extras: Extras,
        recurse_times: usize,
        array: Option<&JsObject>,
        context: &mut Context,
    ) -> JsResult<String> {
        let entries = output.len();
        if extras == Extras::Array && entries > 6 && self.options.compact >= 1 && self.options.compact != COMPACT_ALL {
            output = self.group_array_elements(output, array, context)?;
        }
        let base_space = if base.is_empty() { String::new() } else { format!("{base} ") };
        if self.current_depth.saturating_sub(recurse_times) < self.options.compact && entries == output.len() {
            let start = output.len() + self.indentation + len16(&braces[0]) + len16(base) + 10;
            if self.is_below_break_length(&output, start, base) {
                let joined = output.join(", ");
                if !joined.contains('\n') {
                    return Ok(format!("{base_space}{} {joined} {}", braces[0], braces[1]));
                }
            }
        }
        let indentation = format!("\n{}", " ".repeat(self.indentation));
        Ok(format!("{base_space}{}{indentation}  {}{indentation}{}", braces[0], output.join(&format!(",{indentation}  ")), braces[1]))
    }

    fn is_below_break_length(&self, output: &[String], start: usize, base: &str) -> bool {
        let mut total = (output.len() + start) as f64;
        if total + output.len() as f64 > self.options.break_length {
            return false;
        }
        for entry in output {
            total += len16(entry) as f64;
            if total > self.options.break_length {
                return false;
            }
        }
        base.is_empty() || !base.contains('\n')
    }

    /// Node's `groupArrayElements`: many short entries in aligned columns.
    fn group_array_elements(&mut self, output: Vec<String>, array: Option<&JsObject>, context: &mut Context) -> JsResult<Vec<String>> {
        let mut output_length = output.len();
        if self.options.max_array_length < output.len() {
            // the "... more items" entry stays on its own line
            output_length -= 1;
        }
        const SEPARATOR_SPACE: usize = 2;
        // columns on screen, as Node measures them (`getStringWidth`); padding counts UTF-16 units
        let data_len: Vec<usize> = output[..output_length].iter().map(|e| string_width(e)).collect();
        let total_length: usize = data_len.iter().map(|l| l + SEPARATOR_SPACE).sum();
        let max_length = data_len.iter().copied().max().unwrap_or(0);
        let actual_max = max_length + SEPARATOR_SPACE;
        let break_length = self.options.break_length;
        if !((actual_max * 3 + self.indentation) as f64).lt(&break_length)
            || !(total_length as f64 / actual_max as f64 > 5.0 || max_length <= 6)
        {
            return Ok(output);
        }
        let average_bias = (actual_max as f64 - total_length as f64 / output.len() as f64).sqrt();
        let biased_max = (actual_max as f64 - 3.0 - average_bias).max(1.0);
        let columns = ((2.5 * biased_max * output_length as f64).sqrt() / biased_max + 0.5)
            .floor()
            .min(((break_length - self.indentation as f64) / actual_max as f64).floor())
            .min((self.options.compact * 4) as f64)
            .min(15.0);
        if columns <= 1.0 || columns.is_nan() {
            return Ok(output);
        }
        let columns = columns as usize;
        let max_line_length: Vec<usize> =
            (0..columns).map(|i| (i..output_length).step_by(columns).map(|j| data_len[j]).max().unwrap_or(0) + SEPARATOR_SPACE).collect();
        let mut numbers_only = true;
        if let Some(array) = array {
            for i in 0..output.len() {
                let value = own_data(array, &PropertyKey::from(i as u32), context)?;
                if !value.is_some_and(|v| v.is_number() || v.is_bigint()) {
                    numbers_only = false;
                    break;
                }
            }
        }
        let mut grouped = Vec::new();
        for i in (0..output_length).step_by(columns) {
            let max = (i + columns).min(output_length);
            let mut line = String::new();
            // the column's width in UTF-16 units for this entry, as Node pads with `padStart`
            let padding = |j: usize| max_line_length[j - i] + len16(&output[j]) - data_len[j];
            for (j, entry) in output.iter().enumerate().take(max - 1).skip(i) {
                let cell = format!("{entry}, ");
                line.push_str(&if numbers_only { pad_start(&cell, padding(j)) } else { pad_end(&cell, padding(j)) });
            }
            let j = max - 1;
            line.push_str(&if numbers_only { pad_start(&output[j], padding(j) - SEPARATOR_SPACE) } else { output[j].clone() });
            grouped.push(line);
        }
        if self.options.max_array_length < output.len() {
            grouped.push(output[output_length].clone());
        }
        Ok(grouped)
    }

    /// Node's `getFunctionBase`: `[Function: f]`, `[AsyncFunction (anonymous)]`, `[class A extends B]`.
    fn function_base(&self, function: &JsObject, constructor: Option<&str>, tag: &str, context: &mut Context) -> JsResult<String> {
        let is_class = function.downcast_ref::<OrdinaryFunction>().is_some_and(|f| f.codeblock().is_class_constructor());
        if is_class {
            let name = own_data(function, &js_string!("name").into(), context)?
                .and_then(|n| n.as_string())
                .map(|n| n.to_std_string_lossy())
                .filter(|n| !n.is_empty())
                .unwrap_or_else(|| "(anonymous)".to_owned());
            let mut base = format!("class {name}");
            if constructor != Some("Function")
                && let Some(constructor) = constructor
            {
                base.push_str(&format!(" [{constructor}]"));
            }
            if !tag.is_empty() && constructor != Some(tag) {
                base.push_str(&format!(" [{tag}]"));
            }
            match function.prototype() {
                _ if constructor.is_none() => base.push_str(" extends [null prototype]"),
                Some(parent) => {
                    if let Some(parent_name) = data_text(&parent, "name", context)?.filter(|n| !n.is_empty()) {
                        base.push_str(&format!(" extends {parent_name}"));
                    }
                }
                None => {}
            }
            return Ok(format!("[{base}]"));
        }
        let constructors = context.intrinsics().constructors();
        let proto = function.prototype();
        let kind = if proto == Some(constructors.async_generator_function().prototype()) {
            "AsyncGeneratorFunction"
        } else if proto == Some(constructors.generator_function().prototype()) {
            "GeneratorFunction"
        } else if proto == Some(constructors.async_function().prototype()) {
            "AsyncFunction"
        } else {
            "Function"
        };
        let mut base = format!("[{kind}");
        if constructor.is_none() {
            base.push_str(" (null prototype)");
        }
        match data_value(function, &js_string!("name").into(), context)? {
            Some(name) if name.as_string().is_some_and(|n| n.is_empty()) => base.push_str(" (anonymous)"),
            Some(name) => {
                base.push_str(&format!(": {}", name.as_string().map_or_else(|| name.display().to_string(), |n| n.to_std_string_lossy())))
            }
            None => base.push_str(": undefined"),
        }
        base.push(']');
        if let Some(constructor) = constructor
            && constructor != kind
        {
            base.push_str(&format!(" {constructor}"));
        }
        if !tag.is_empty() && constructor != Some(tag) {
            base.push_str(&format!(" [{tag}]"));
        }
        Ok(base)
    }

    /// Node's `formatError`: the stack (or `[Name: message]` without one), the class name where
    /// the name does not say it, and `[cause]`/`[errors]` among the keys.
    fn error(
        &mut self,
        error: &JsObject,
        constructor: Option<&str>,
        tag: &str,
        keys: &mut Vec<Key>,
        context: &mut Context,
    ) -> JsResult<String> {
        let name = match data_value(error, &js_string!("name").into(), context)? {
            None => "Error".to_owned(),
            Some(v) if v.is_null_or_undefined() => "Error".to_owned(),
            Some(v) => v.as_string().map_or_else(|| v.display().to_string(), |s| s.to_std_string_lossy()),
        };
        let message = data_text(error, "message", context)?.unwrap_or_default();
        let (mut stack, from_engine) = self.stack(error, &name, &message, context)?;
        for duplicate in ["name", "message", "stack"] {
            if has_key(keys, duplicate) {
                let value = own_data(error, &js_string!(duplicate).into(), context)?.unwrap_or_default();
                let text = value.as_string().map_or_else(|| value.display().to_string(), |s| s.to_std_string_lossy());
                if stack.contains(&text) {
                    keys.retain(|k| !matches!(k, Key::Own(PropertyKey::String(s)) if s.to_std_string_lossy() == duplicate));
                }
            }
        }
        let cause = PropertyKey::from(js_string!("cause"));
        if has_property_without_traps(error, &cause, context)? && !has_key(keys, "cause") {
            keys.push(Key::Own(cause));
        }
        if data_value(error, &js_string!("errors").into(), context)?.and_then(|e| e.as_object()).is_some_and(|e| e.is_array())
            && !has_key(keys, "errors")
        {
            keys.push(Key::Own(js_string!("errors").into()));
        }
        stack = improve_stack(stack, constructor, &name, tag);
        let position = if message.is_empty() { None } else { stack.find(&message).filter(|&p| p != 0).map(|p| p + message.len()) };
        let frames_start = stack[position.unwrap_or(0).min(stack.len())..].find("\n    at");
        // Node's errors always carry frames; Boa records none for some (a ReferenceError)
        if frames_start.is_none() && !from_engine {
            stack = format!("[{stack}]");
        }
        if self.indentation != 0 {
            stack = stack.replace('\n', &format!("\n{}", " ".repeat(self.indentation)));
        }
        Ok(stack)
    }

    /// The error's stack as Node shows it, and whether the engine made it: one the program set,
    /// as it is; the engine's, as a `Name: message` line and the frames in the program's own
    /// positions; none (the program's own or the engine's), as the `Name: message` line.
    fn stack(&self, error: &JsObject, name: &str, message: &str, context: &mut Context) -> JsResult<(String, bool)> {
        let own = own_property(error, &js_string!("stack").into(), context)?;
        let set_by_program = own.as_ref().is_some_and(|p| p.value.is_some());
        if let Some(text) = own.and_then(|p| p.value).and_then(|v| v.as_string()) {
            return Ok((text.to_std_string_lossy(), false));
        }
        // Node's own errors name their code: `RangeError [ERR_OUT_OF_RANGE]: ...`.
        let name = match buffer::node_error_code(error, context) {
            Some(code) => format!("{name} [{code}]"),
            None => name.to_owned(),
        };
        let head = match (name.is_empty(), message.is_empty()) {
            (_, true) => name,
            (true, false) => message.to_owned(),
            (false, false) => format!("{name}: {message}"),
        };
        // none recorded at all (a host's error arrives so): Node brackets an error without a stack
        let recorded = if set_by_program { None } else { data_string(error, "stack", context) };
        let Some(recorded) = recorded else {
            return Ok((head, false));
        };
        let frames = map_stack(&recorded, self.positions);
        Ok((if frames.is_empty() { head } else { format!("{head}\n{frames}") }, true))
    }

    /// Node's `getBoxedBase`: `[Number: 3]`, `[String: 'a']`.
    fn boxed_base(&self, primitive: &JsValue, constructor: Option<&str>, tag: &str, keys: &mut Vec<Key>) -> String {
        let kind = if primitive.is_number() {
            "Number"
        } else if primitive.is_string() {
            "String"
        } else if primitive.is_boolean() {
            "Boolean"
        } else if primitive.is_bigint() {
            "BigInt"
        } else {
            "Symbol"
        };
        if let Some(s) = primitive.as_string() {
            // the characters are own index keys; Node leaves them out
            let length = s.len();
            let mut skipped = 0;
            keys.retain(|k| {
                let index = matches!(k, Key::Own(PropertyKey::Index(_))) && skipped < length;
                skipped += usize::from(index);
                !index
            });
        }
        let mut base = format!("[{kind}");
        if constructor != Some(kind) {
            match constructor {
                None => base.push_str(" (null prototype)"),
                Some(constructor) => base.push_str(&format!(" ({constructor})")),
            }
        }
        base.push_str(&format!(": {}]", self.primitive(primitive)));
        if !tag.is_empty() && constructor != Some(tag) {
            base.push_str(&format!(" [{tag}]"));
        }
        base
    }
}

/// The primitive a boxed Number, String, Boolean, BigInt or Symbol holds.
fn boxed(object: &JsObject) -> Option<JsValue> {
    if let Some(n) = object.downcast_ref::<f64>() {
        return Some(JsValue::from(*n));
    }
    if let Some(s) = object.downcast_ref::<JsString>() {
        return Some(JsValue::from(s.clone()));
    }
    if let Some(b) = object.downcast_ref::<bool>() {
        return Some(JsValue::from(*b));
    }
    if let Some(big) = object.downcast_ref::<JsBigInt>() {
        return Some(JsValue::from(big.clone()));
    }
    object.downcast_ref::<JsSymbol>().map(|s| JsValue::from(s.clone()))
}

fn has_property_without_traps(object: &JsObject, key: &PropertyKey, context: &mut Context) -> JsResult<bool> {
    let mut holder = Some(object.clone());
    while let Some(current) = holder {
        if is_proxy(&current) {
            return Ok(false);
        }
        if own_property(&current, key, context)?.is_some() {
            return Ok(true);
        }
        holder = current.prototype();
    }
    Ok(false)
}

/// Node's `improveStack`: names the class where the error's name does not (`V [Error]: m`).
fn improve_stack(stack: String, constructor: Option<&str>, name: &str, tag: &str) -> String {
    let mut len = name.len();
    let regular = name.ends_with("Error") && stack.starts_with(name) && matches!(stack.as_bytes().get(len), None | Some(b':' | b'\n'));
    if constructor.is_some() && !regular {
        return stack;
    }
    let mut fallback = "Error".to_owned();
    if constructor.is_none() {
        let head: String = stack.chars().take_while(|c| c.is_ascii_alphanumeric() || "_ []()-".contains(*c)).collect();
        let found = head.trim_end().to_owned();
        let starts_well = found.starts_with(|c: char| c.is_ascii_uppercase())
            && (stack[found.len()..].starts_with(':') || stack[found.len()..].starts_with("\n"));
        let found = if starts_well { found } else { String::new() };
        len = found.len();
        fallback = if found.is_empty() { "Error".to_owned() } else { found };
    }
    let prefix = prefix(constructor, tag, &fallback, "");
    let prefix = prefix.trim_end();
    if name == prefix {
        return stack;
    }
    if prefix.contains(name) {
        if len == 0 { format!("{prefix}: {stack}") } else { format!("{prefix}{}", &stack[len.min(stack.len())..]) }
    } else {
        format!("{prefix} [{name}]{}", &stack[len.min(stack.len())..])
    }
}

fn push_remaining(output: &mut Vec<String>, remaining: usize, what: &str) {
    if remaining > 0 {
        output.push(format!("... {remaining} more {what}{}", if remaining > 1 { "s" } else { "" }));
    }
}

/// A string data property of an error, own or inherited, read without running program code:
/// only data properties and the engine's own native `stack` accessor are read.
pub fn data_string(object: &JsObject, key: &str, context: &mut Context) -> Option<String> {
    let key = PropertyKey::from(js_string!(key));
    let mut current = Some(object.clone());
    while let Some(holder) = current {
        if is_proxy(&holder) {
            return None;
        }
        if let Some(property) = own_property(&holder, &key, context).ok()? {
            if let Some(value) = property.value {
                return value.as_string().map(|s| s.to_std_string_escaped());
            }
            let native_getter = accessor_of(&holder, &key, context).filter(|g| g.is::<NativeFunctionObject>())?;
            let value = native_getter.call(&object.clone().into(), &[], context).ok()?;
            return value.as_string().map(|s| s.to_std_string_escaped());
        }
        current = holder.prototype();
    }
    None
}

fn accessor_of(holder: &JsObject, key: &PropertyKey, context: &mut Context) -> Option<JsObject> {
    let args = [JsValue::from(holder.clone()), JsValue::from(key.clone())];
    let descriptor = OrdinaryObject::get_own_property_descriptor(&JsValue::undefined(), &args, context).ok()?;
    descriptor.as_object()?.get(js_string!("get"), context).ok()?.as_object()
}

/// Rewrites Boa's `    at f (program:L:C)` frames to the original source's positions, and
/// drops the runtime's own wrapper frames and those of other scripts: the realm's own (`URL`,
/// `URLSearchParams`, `Intl`, `DOMException`) and the host's modules, whose positions are not
/// the program's.
pub fn map_stack(stack: &str, positions: &PositionMap) -> String {
    stack
        .lines()
        .filter_map(|line| {
            let open = line.rfind('(')?;
            let inner = line[open + 1..].strip_suffix(')')?;
            let mut parts = inner.rsplitn(3, ':');
            let column: u32 = parts.next()?.parse().ok()?;
            let row: u32 = parts.next()?.parse().ok()?;
            if parts.next()? != "program" {
                return None;
            }
            let (row, column) = positions.original(row, column)?;
            let name = line[..open].trim().trim_start_matches("at ").trim();
            let name = if name.is_empty() || name == "<main>" { "<program>" } else { name };
            Some(format!("    at {name} (program:{row}:{column})"))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first frame's original position, for an error's line and column.
pub fn first_position(mapped_stack: &str) -> Option<(u32, u32)> {
    let line = mapped_stack.lines().next()?;
    let inner = line.rsplit_once("(program:")?.1.strip_suffix(')')?;
    let (row, column) = inner.split_once(':')?;
    Some((row.parse().ok()?, column.parse().ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stacks_keep_only_the_programs_frames() {
        // The realm's own scripts and the host's modules have positions of their own.
        let stack =
            "TypeError: bad\n    at URLSearchParams (unknown at :14:66)\n    at greet (helpers.js:2:9)\n    at <main> (program:2:7)";
        let program = "x\n".repeat(40);
        let positions = PositionMap::new(0, Vec::new(), &crate::source::positions::LineIndex::new(&program));
        assert_eq!(map_stack(stack, &positions), "    at <program> (program:2:7)");
    }

    #[test]
    fn quotes_as_node_chooses_them() {
        let q = |s: &str| quote(&s.encode_utf16().collect::<Vec<_>>());
        assert_eq!(q("a"), "'a'");
        assert_eq!(q("it's"), "\"it's\"");
        assert_eq!(q("it's \"x\""), "`it's \"x\"`");
        assert_eq!(q("it's \"x\" `y`"), "'it\\'s \"x\" `y`'");
        assert_eq!(q("\u{1b}[31m\n"), "'\\x1B[31m\\n'");
        assert_eq!(quote(&[0xd800]), "'\\ud800'");
    }

    #[test]
    fn parses_numbers_as_parse_int_and_parse_float() {
        assert_eq!(parse_int("  42px"), 42.0);
        assert_eq!(parse_int("0x1f"), 31.0);
        assert!(parse_int("px").is_nan());
        assert_eq!(parse_float("3.5e2x"), 350.0);
        assert_eq!(parse_float("-Infinity"), f64::NEG_INFINITY);
        assert_eq!(parse_float(".5"), 0.5);
        assert!(parse_float("e5").is_nan());
    }
}
