//! Node's `Buffer`, as Node 20 has it: the realm script `js/buffer.js` is the API (its argument
//! checks and Node's errors, from `js/node_errors.js`), and the natives here do the work on bytes:
//! strings encoded and decoded in Node's encodings (utf8, utf16le, latin1, ascii, base64,
//! base64url, hex) the way Node's own encoders do it, searching, comparing, copying, filling, and
//! the numbers of `read*`/`write*`. Defined on a program's first use of `Buffer`.
//!
//! The script gets the realm's own `Uint8Array`, error classes and well-known symbols from here,
//! and its reflection from the natives, so that what a program replaced on the globals before its
//! first use of `Buffer` changes nothing in it.

use std::borrow::Cow;

use boa_engine::builtins::array_buffer::AlignedVec;
use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{JsArray, JsArrayBuffer, JsDataView, JsProxy, JsSharedArrayBuffer, JsTypedArray};
use boa_engine::property::{Attribute, PropertyKey};
use boa_engine::string::{CodePoint, JsStrVariant};
use boa_engine::{
    Context, JsArgs, JsBigInt, JsError, JsNativeError, JsObject, JsResult, JsStr, JsString, JsSymbol, JsValue, NativeFunction, js_string,
};
use encoding_rs::UTF_8;

use super::inspect::{self, InspectOptions};
use super::web::base64::{self, Alphabet};
use super::web::{ByteView, usv_utf8_len, with_properties};
use super::{call_realm_script, web_global};
use crate::realm::console::ConsoleStyle;
use crate::source::positions::{LineIndex, PositionMap};

/// The realm's `Buffer.prototype`, by which the console knows a Buffer (it prints `<Buffer 68 69>`).
struct BufferPrototype(JsObject);

/// The symbol Node's errors answer to (Node's `kIsNodeError`), by which the console knows them
/// (it prints `RangeError [ERR_OUT_OF_RANGE]: ...`).
struct NodeErrorMarker(JsSymbol);

/// Defines the global `Buffer`.
pub fn define(context: &mut Context) -> JsResult<()> {
    let marker = JsSymbol::new(Some(js_string!("kIsNodeError"))).ok_or_else(|| JsNativeError::typ().with_message("out of symbols"))?;
    let native = natives(context);
    let constructors = context.intrinsics().constructors();
    let (type_error, range_error, uint8_array) =
        (constructors.type_error().constructor(), constructors.range_error().constructor(), constructors.typed_uint8_array().constructor());
    let inputs = [marker.clone().into(), native.clone().into(), type_error.into(), range_error.into()];
    let errors = call_realm_script(context, "node_errors.js", include_str!("js/node_errors.js"), &inputs)?;
    let symbols = ObjectInitializer::new(context)
        .property(js_string!("species"), JsSymbol::species(), Attribute::all())
        .property(js_string!("toPrimitive"), JsSymbol::to_primitive(), Attribute::all())
        .build();
    let inputs = [native.into(), uint8_array.into(), errors, symbols.into()];
    let buffer = call_realm_script(context, "buffer.js", include_str!("js/buffer.js"), &inputs)?;
    let prototype = buffer
        .as_object()
        .map(|buffer| buffer.get(js_string!("prototype"), context))
        .transpose()?
        .and_then(|prototype| prototype.as_object())
        .ok_or_else(|| JsNativeError::typ().with_message("buffer.js did not return the Buffer function"))?;
    context.insert_data(BufferPrototype(prototype));
    context.insert_data(NodeErrorMarker(marker));
    web_global(context, "Buffer", buffer)
}

/// For a Buffer (a `Uint8Array` with the realm's `Buffer.prototype` on its prototype chain), the
/// bytes as Node's custom inspection shows them: `68 69`, at most 50, then `... N more bytes`.
pub fn inspected_bytes(object: &JsObject, context: &mut Context) -> JsResult<Option<String>> {
    let Some(BufferPrototype(prototype)) = context.get_data::<BufferPrototype>() else {
        return Ok(None);
    };
    let prototype = prototype.clone();
    let mut holder = object.prototype();
    let inherits = loop {
        match holder {
            Some(current) if current == prototype => break true,
            Some(current) => holder = current.prototype(),
            None => break false,
        }
    };
    if !inherits || !is_kind(object, TypedArrayKind::Uint8) {
        return Ok(None);
    }
    let view = byte_view(object, context)?;
    Ok(Some(view.read(hex_preview)))
}

/// `68 69 ... 3 more bytes`: the first 50 bytes in hex, as Node's `INSPECT_MAX_BYTES` shows them.
fn hex_preview(bytes: &[u8]) -> String {
    const SHOWN: usize = 50;
    let mut text = bytes.iter().take(SHOWN).map(|byte| format!("{byte:02x}")).collect::<Vec<_>>().join(" ");
    let remaining = bytes.len().saturating_sub(SHOWN);
    if remaining > 0 {
        text.push_str(&format!(" ... {remaining} more byte{}", if remaining > 1 { "s" } else { "" }));
    }
    text
}

/// The code of a Node error (one made by `js/node_errors.js`), for the console's `Name [code]:`.
pub fn node_error_code(error: &JsObject, context: &mut Context) -> Option<String> {
    let NodeErrorMarker(marker) = context.get_data::<NodeErrorMarker>()?;
    let marker: PropertyKey = marker.clone().into();
    let mut holder = Some(error.clone());
    while let Some(current) = holder {
        if JsProxy::from_object(current.clone()).is_ok() {
            return None;
        }
        if current.borrow().properties().get(&marker).is_some() {
            return inspect::data_string(error, "code", context);
        }
        holder = current.prototype();
    }
    None
}

fn natives(context: &mut Context) -> JsObject {
    let functions: [(&str, usize, boa_engine::native_function::NativeFunctionPointer); 24] = [
        ("encoding", 1, encoding),
        ("byteLength", 2, byte_length),
        ("fromString", 2, from_string),
        ("write", 5, write),
        ("slice", 4, slice),
        ("compare", 6, compare),
        ("indexOf", 5, index_of),
        ("copy", 5, copy),
        ("fill", 5, fill),
        ("fillNumber", 4, fill_number),
        ("read", 3, read),
        ("put", 4, put),
        ("swap", 2, swap),
        ("kinds", 1, kinds),
        ("setFrom", 2, set_from),
        ("jsonData", 1, json_data),
        ("copyBytes", 3, copy_bytes),
        ("byteLengthOf", 1, byte_length_of),
        ("lengthOf", 1, length_of),
        ("inspectBytes", 1, inspect_bytes),
        ("received", 2, received),
        ("format", 2, format),
        ("defineProperty", 3, OrdinaryObject::define_property),
        ("setPrototypeOf", 2, OrdinaryObject::set_prototype_of),
    ];
    let mut object = ObjectInitializer::new(context);
    for (name, length, function) in functions {
        object.function(NativeFunction::from_fn_ptr(function), JsString::from(name), length);
    }
    object.build()
}

/// Node's encodings, numbered as `js/buffer.js` numbers them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Utf8,
    Utf16Le,
    Latin1,
    Ascii,
    Base64,
    Base64Url,
    Hex,
}

const ENCODINGS: [Encoding; 7] =
    [Encoding::Utf8, Encoding::Utf16Le, Encoding::Latin1, Encoding::Ascii, Encoding::Base64, Encoding::Base64Url, Encoding::Hex];

impl Encoding {
    /// The encoding `name` names, in any case: Node's names and aliases.
    fn named(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "utf8" | "utf-8" => Self::Utf8,
            "ucs2" | "ucs-2" | "utf16le" | "utf-16le" => Self::Utf16Le,
            "latin1" | "binary" => Self::Latin1,
            "ascii" => Self::Ascii,
            "base64" => Self::Base64,
            "base64url" => Self::Base64Url,
            "hex" => Self::Hex,
            _ => return None,
        })
    }

    fn of(value: &JsValue) -> JsResult<Self> {
        let id = value.as_number().unwrap_or(-1.0);
        ENCODINGS
            .get(id as usize)
            .copied()
            .filter(|_| id >= 0.0)
            .ok_or_else(|| JsNativeError::typ().with_message("not an encoding's number").into())
    }

    /// The most bytes `text` takes in this encoding, as Node sizes a Buffer made from it.
    fn capacity(self, text: JsStr<'_>) -> usize {
        match self {
            Self::Utf8 => usv_utf8_len(text),
            Self::Utf16Le => text.len() * 2,
            Self::Latin1 | Self::Ascii => text.len(),
            Self::Hex => text.len() / 2,
            // Node sizes long strings by the estimate `Buffer.byteLength` gives (its pool takes
            // only short ones, sized by what they decode to at most).
            Self::Base64 | Self::Base64Url if text.len() >= 1024 => self.byte_length(text),
            Self::Base64 | Self::Base64Url => base64_decoded_size(text),
        }
    }

    /// `Buffer.byteLength(text, encoding)`.
    fn byte_length(self, text: JsStr<'_>) -> usize {
        match self {
            Self::Base64 | Self::Base64Url => {
                let mut digits = text.len();
                for _ in 0..2 {
                    if digits > 0 && text.get(digits - 1) == Some(u16::from(b'=')) {
                        digits -= 1;
                    }
                }
                digits * 3 / 4
            }
            _ => self.capacity(text),
        }
    }
}

/// What a string encodes to, written into `target` as far as it fits, as Node's string writer
/// writes it: whole characters of UTF-8 (a lone surrogate as U+FFFD) and whole code units of
/// UTF-16; latin1 and ascii keep each code unit's low byte; hex and base64 decode until what
/// they cannot read. How many bytes it wrote.
fn write_string(text: JsStr<'_>, encoding: Encoding, target: &mut [u8]) -> usize {
    match encoding {
        Encoding::Utf8 => {
            if let Some(latin1) = text.as_latin1().filter(|latin1| latin1.is_ascii()) {
                let written = latin1.len().min(target.len());
                target[..written].copy_from_slice(&latin1[..written]);
                return written;
            }
            let mut written = 0;
            for point in text.code_points() {
                let char = match point {
                    CodePoint::Unicode(char) => char,
                    CodePoint::UnpairedSurrogate(_) => char::REPLACEMENT_CHARACTER,
                };
                let Some(slot) = target.get_mut(written..written + char.len_utf8()) else { break };
                char.encode_utf8(slot);
                written += slot.len();
            }
            written
        }
        Encoding::Utf16Le => {
            let units = text.len().min(target.len() / 2);
            for (slot, unit) in target.chunks_exact_mut(2).zip(text.iter()).take(units) {
                slot.copy_from_slice(&unit.to_le_bytes());
            }
            units * 2
        }
        Encoding::Latin1 | Encoding::Ascii => {
            let written = text.len().min(target.len());
            for (slot, unit) in target.iter_mut().zip(text.iter()) {
                *slot = unit as u8;
            }
            written
        }
        Encoding::Hex => {
            let digits = low_bytes(text);
            let mut written = 0;
            for (slot, pair) in target.iter_mut().zip(digits.chunks_exact(2)) {
                let (Some(high), Some(low)) = ((pair[0] as char).to_digit(16), (pair[1] as char).to_digit(16)) else { break };
                *slot = (high << 4 | low) as u8;
                written += 1;
            }
            written
        }
        Encoding::Base64 | Encoding::Base64Url => decode_base64(text, target),
    }
}

/// Each code unit's low byte: Node's decoders read a string's units so.
fn low_bytes(text: JsStr<'_>) -> Cow<'_, [u8]> {
    match text.variant() {
        JsStrVariant::Latin1(latin1) => Cow::Borrowed(latin1),
        JsStrVariant::Utf16(units) => Cow::Owned(units.iter().map(|&unit| unit as u8).collect()),
    }
}

/// A base64 digit of either alphabet (Node's decoder takes `+`/`-` and `/`/`_` in both).
fn base64_digit(byte: u8) -> Option<u8> {
    match byte {
        b'-' => Some(62),
        b'_' => Some(63),
        _ => base64::digit_value(u16::from(byte)),
    }
}

/// How many bytes Node's base64 decoder may write for `text`: its length less up to two `=` at
/// the end, in groups of four digits to three bytes.
fn base64_decoded_size(text: JsStr<'_>) -> usize {
    let mut size = text.len();
    if size < 2 {
        return 0;
    }
    for _ in 0..2 {
        if text.get(size - 1) == Some(u16::from(b'=')) {
            size -= 1;
        }
    }
    let (groups, remainder) = (size / 4 * 3, size % 4);
    match remainder {
        0 => groups,
        1 if groups == 0 => 0,
        _ => groups + 1 + usize::from(remainder == 3),
    }
}

/// Node's forgiving base64 decoder: whole groups of four digits at a time, and around anything
/// that is not a digit, digit by digit, skipping it, until a `=` or the end; never more than
/// `target` holds or the text's decoded size. How many bytes it wrote.
fn decode_base64(text: JsStr<'_>, target: &mut [u8]) -> usize {
    let source = low_bytes(text);
    let available = target.len().min(base64_decoded_size(text));
    let whole_groups = available / 3 * 3;
    let (mut read, mut written) = (0, 0);
    let mut grouped_end = source.len() / 4 * 4;
    while read < grouped_end && written < whole_groups {
        let group: Option<Vec<u8>> = source[read..read + 4].iter().map(|&byte| base64_digit(byte)).collect();
        match group {
            Some(digits) => {
                target[written] = digits[0] << 2 | digits[1] >> 4;
                target[written + 1] = digits[1] << 4 | digits[2] >> 2;
                target[written + 2] = digits[2] << 6 | digits[3];
                read += 4;
                written += 3;
            }
            None => {
                if !decode_group_slowly(&source, target, &mut read, &mut written) {
                    return written;
                }
                grouped_end = read + (source.len() - read) / 4 * 4;
            }
        }
    }
    if read < source.len() && written < target.len() {
        decode_group_slowly(&source, target, &mut read, &mut written);
    }
    written
}

/// One group of four digits read one at a time, skipping what is not a digit; false once the
/// text or `target` ends or a `=` comes.
fn decode_group_slowly(source: &[u8], target: &mut [u8], read: &mut usize, written: &mut usize) -> bool {
    let mut previous = 0u8;
    for step in 0..4 {
        let digit = loop {
            let byte = source[*read];
            *read += 1;
            if let Some(digit) = base64_digit(byte) {
                break digit;
            }
            if byte == b'=' || *read >= source.len() {
                return false;
            }
        };
        let byte = match step {
            1 => Some(previous << 2 | digit >> 4),
            2 => Some(previous << 4 | digit >> 2),
            3 => Some(previous << 6 | digit),
            _ => None,
        };
        if let Some(byte) = byte {
            target[*written] = byte;
            *written += 1;
        }
        if *read >= source.len() || *written >= target.len() {
            return false;
        }
        previous = digit;
    }
    true
}

/// The string `bytes` decode to in `encoding`, as Node's slicers make it.
fn decode(bytes: &[u8], encoding: Encoding) -> JsString {
    match encoding {
        Encoding::Utf8 if bytes.is_ascii() => JsString::from(JsStr::latin1(bytes)),
        Encoding::Utf8 => JsString::from(UTF_8.decode_without_bom_handling(bytes).0.as_ref()),
        Encoding::Utf16Le => {
            let units: Vec<u16> = bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
            JsString::from(units.as_slice())
        }
        Encoding::Latin1 => JsString::from(JsStr::latin1(bytes)),
        Encoding::Ascii if bytes.is_ascii() => JsString::from(JsStr::latin1(bytes)),
        Encoding::Ascii => {
            let ascii: Vec<u8> = bytes.iter().map(|byte| byte & 0x7F).collect();
            JsString::from(JsStr::latin1(&ascii))
        }
        Encoding::Hex => {
            const DIGITS: &[u8; 16] = b"0123456789abcdef";
            let hex: Vec<u8> = bytes.iter().flat_map(|byte| [DIGITS[usize::from(byte >> 4)], DIGITS[usize::from(byte & 0xF)]]).collect();
            JsString::from(JsStr::latin1(&hex))
        }
        Encoding::Base64 => JsString::from(JsStr::latin1(&base64::encode(bytes.iter().copied(), Alphabet::Standard))),
        Encoding::Base64Url => JsString::from(JsStr::latin1(&base64::encode(bytes.iter().copied(), Alphabet::Url))),
    }
}

/// Node's `TypeError` for a native given what it cannot take (`argument must be a buffer`).
fn invalid_argument(message: &'static str, context: &mut Context) -> JsError {
    with_properties(JsNativeError::typ().with_message(message), &[("code", js_string!("ERR_INVALID_ARG_TYPE").into())], context)
}

fn string_argument(value: &JsValue, context: &mut Context) -> JsResult<JsString> {
    value.as_string().ok_or_else(|| invalid_argument("argument must be a string", context))
}

fn is_kind(object: &JsObject, kind: TypedArrayKind) -> bool {
    JsTypedArray::from_object(object.clone()).is_ok_and(|array| array.kind() == Some(kind))
}

fn is_view(object: &JsObject) -> bool {
    JsTypedArray::from_object(object.clone()).is_ok() || JsDataView::from_object(object.clone()).is_ok()
}

/// The bytes of a typed array or DataView.
fn byte_view(object: &JsObject, context: &mut Context) -> JsResult<ByteView> {
    ByteView::of(object, context)?.ok_or_else(|| JsNativeError::typ().with_message("not binary data").into())
}

/// The bytes of a typed array or DataView argument (Node's natives take no other).
fn view_argument(value: &JsValue, context: &mut Context) -> JsResult<ByteView> {
    match value.as_object().filter(is_view) {
        Some(object) => byte_view(&object, context),
        None => Err(invalid_argument("argument must be a buffer", context)),
    }
}

/// An index the script has already checked, as a count of bytes: a negative one is 0, a fraction
/// is cut off, as Node's natives read theirs.
fn index(value: &JsValue, context: &mut Context) -> JsResult<usize> {
    let number = value.to_number(context)?;
    Ok(if number.is_nan() || number < 0.0 { 0 } else { number as usize })
}

/// Before a result of `bytes` the program sized: a RangeError past what the memory budget has
/// left, as the typed arrays' constructors give it.
fn reserve_buffer(bytes: usize, context: &mut Context) -> JsResult<()> {
    if bytes as u64 > context.host_hooks().max_buffer_size(context) {
        return Err(JsNativeError::range().with_message("cannot allocate a buffer that exceeds the maximum buffer size").into());
    }
    context.reserve_memory(bytes)
}

/// `encoding(name)`: the number of the encoding `name` names, -1 for none.
fn encoding(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let name = args.get_or_undefined(0).as_string().map(|name| name.to_std_string_lossy());
    let found = name.as_deref().and_then(Encoding::named).and_then(|found| ENCODINGS.iter().position(|&e| e == found));
    Ok(JsValue::new(found.map_or(-1.0, |id| id as f64)))
}

/// `byteLength(string, encoding)`.
fn byte_length(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = string_argument(args.get_or_undefined(0), context)?;
    Ok(JsValue::new(Encoding::of(args.get_or_undefined(1))?.byte_length(text.as_str()) as f64))
}

/// `fromString(string, encoding)`: an `ArrayBuffer` of what the string encodes to.
fn from_string(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let text = string_argument(args.get_or_undefined(0), context)?;
    let encoding = Encoding::of(args.get_or_undefined(1))?;
    let capacity = encoding.capacity(text.as_str());
    reserve_buffer(capacity, context)?;
    let mut bytes = AlignedVec::<u8>::with_capacity(0, capacity);
    bytes.resize(capacity, 0);
    let written = write_string(text.as_str(), encoding, &mut bytes);
    bytes.truncate(written);
    Ok(JsArrayBuffer::from_byte_block(bytes, context)?.into())
}

/// `write(buffer, string, offset, length, encoding)`: how many bytes of the string fit from
/// `offset`, within `length`.
fn write(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    let text = string_argument(args.get_or_undefined(1), context)?;
    let offset = index(args.get_or_undefined(2), context)?;
    if offset > view.len() {
        let error = JsNativeError::range().with_message("\"offset\" is outside of buffer bounds");
        return Err(with_properties(error, &[("code", js_string!("ERR_BUFFER_OUT_OF_BOUNDS").into())], context));
    }
    let length = index(args.get_or_undefined(3), context)?;
    let encoding = Encoding::of(args.get_or_undefined(4))?;
    let written = view.part(offset, length).write(
        |target| {
            let written = write_string(text.as_str(), encoding, target);
            (written, written)
        },
        context,
    )?;
    Ok(JsValue::new(written as f64))
}

/// `slice(buffer, start, end, encoding)`: the string of those bytes.
fn slice(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    let start = index(args.get_or_undefined(1), context)?;
    let end = index(args.get_or_undefined(2), context)?;
    let encoding = Encoding::of(args.get_or_undefined(3))?;
    let part = view.part(start, end.saturating_sub(start));
    // The bytes as up to four bytes of string each (hex), and the string's own copy.
    context.reserve_memory(part.len().saturating_mul(4))?;
    Ok(part.read(|bytes| decode(bytes, encoding)).into())
}

/// `compare(a, b, aStart, aEnd, bStart, bEnd)`: -1, 0 or 1, as the bytes of `a` sort against
/// those of `b` (a shorter run first when one starts the other); the ranges default to the
/// whole of each.
fn compare(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let a = view_argument(args.get_or_undefined(0), context)?;
    let b = view_argument(args.get_or_undefined(1), context)?;
    let range = |at: usize, whole: usize, context: &mut Context| match args.get_or_undefined(at) {
        value if value.is_undefined() => Ok(whole),
        value => index(value, context),
    };
    let (a_start, a_end) = (range(2, 0, context)?, range(3, a.len(), context)?);
    let (b_start, b_end) = (range(4, 0, context)?, range(5, b.len(), context)?);
    let a = a.part(a_start, a_end.saturating_sub(a_start)).read(<[u8]>::to_vec);
    let order = b.part(b_start, b_end.saturating_sub(b_start)).read(|b| a.as_slice().cmp(b));
    Ok(JsValue::new(order as i8))
}

/// What `indexOf` looks for.
enum Needle {
    Byte(u8),
    Bytes(Vec<u8>),
    /// A string searched as UTF-16 code units, at even offsets only.
    Units(Vec<u16>),
    /// Bytes searched as UTF-16 code units (a Buffer needle with the utf16le encoding), and how
    /// many bytes there were.
    UnitBytes(Vec<u16>, usize),
}

/// `indexOf(buffer, needle, byteOffset, forward, encoding)`: Node's search, first from
/// `byteOffset` on or last from it back, of a byte (a number), a string in an encoding, or the
/// bytes of a view, with its rules for offsets and empty needles.
fn index_of(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let haystack = view_argument(args.get_or_undefined(0), context)?;
    let offset = args.get_or_undefined(2).to_number(context)? as i64;
    let forward = args.get_or_undefined(3).to_boolean();
    let needle = match args.get_or_undefined(1) {
        value if value.is_number() => Needle::Byte(value.to_u32(context)? as u8),
        value if value.is_string() => {
            let text = string_argument(value, context)?;
            match Encoding::of(args.get_or_undefined(4))? {
                Encoding::Utf16Le => Needle::Units(text.iter().collect()),
                encoding => {
                    let mut bytes = vec![0; encoding.capacity(text.as_str())];
                    let written = write_string(text.as_str(), encoding, &mut bytes);
                    bytes.truncate(written);
                    Needle::Bytes(bytes)
                }
            }
        }
        value => {
            let bytes = view_argument(value, context)?.read(<[u8]>::to_vec);
            match Encoding::of(args.get_or_undefined(4))? {
                Encoding::Utf16Le => {
                    Needle::UnitBytes(bytes.chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect(), bytes.len())
                }
                _ => Needle::Bytes(bytes),
            }
        }
    };
    Ok(JsValue::new(haystack.read(|bytes| search(bytes, &needle, offset, forward))))
}

/// Where Node's search starts: a negative offset counts from the end; one before the start
/// searches all of it forward and nothing back; one past the end nothing forward and all of it
/// back. -1 for nowhere.
fn start_of_search(length: i64, offset: i64, needle_length: i64, forward: bool) -> i64 {
    if offset < 0 {
        if offset + length >= 0 {
            length + offset
        } else if forward || needle_length == 0 {
            0
        } else {
            -1
        }
    } else if offset + needle_length <= length {
        offset
    } else if needle_length == 0 {
        length
    } else if forward {
        -1
    } else {
        length - 1
    }
}

fn search(haystack: &[u8], needle: &Needle, offset: i64, forward: bool) -> f64 {
    if let Needle::Byte(byte) = needle {
        let start = start_of_search(haystack.len() as i64, offset, 1, forward);
        if start < 0 || haystack.is_empty() {
            return -1.0;
        }
        let start = start as usize;
        let found = if forward {
            haystack[start..].iter().position(|b| b == byte).map(|at| at + start)
        } else {
            haystack[..=start].iter().rposition(|b| b == byte)
        };
        return found.map_or(-1.0, |at| at as f64);
    }
    // A string in UTF-16 is searched in the whole code units of the haystack.
    let length = if matches!(needle, Needle::Units(_)) { haystack.len() & !1 } else { haystack.len() };
    let needle_length = match needle {
        Needle::Bytes(bytes) => bytes.len(),
        Needle::Units(units) => units.len() * 2,
        Needle::UnitBytes(_, length) => *length,
        Needle::Byte(_) => 1,
    };
    let start = start_of_search(length as i64, offset, needle_length as i64, forward);
    if needle_length == 0 {
        return start as f64;
    }
    if length == 0 || start < 0 {
        return -1.0;
    }
    let start = start as usize;
    if (forward && needle_length + start > length) || needle_length > length {
        return -1.0;
    }
    let found = match needle {
        Needle::Bytes(bytes) => find(haystack, bytes, start, forward).unwrap_or(length),
        Needle::Units(units) | Needle::UnitBytes(units, _) => {
            if length < 2 || needle_length < 2 {
                return -1.0;
            }
            let haystack: Vec<u16> = haystack[..length & !1].chunks_exact(2).map(|pair| u16::from_le_bytes([pair[0], pair[1]])).collect();
            // Not found is the count of whole units, which for a Buffer needle in an odd-length
            // haystack is not the haystack's length: Node then answers that count, and so here.
            find(&haystack, units, start / 2, forward).unwrap_or(haystack.len()) * 2
        }
        Needle::Byte(_) => unreachable!("searched above"),
    };
    if found == length { -1.0 } else { found as f64 }
}

/// The first place at or after `start` (forward) or the last at or before it where `needle`
/// stands whole in `haystack`.
fn find<T: PartialEq>(haystack: &[T], needle: &[T], start: usize, forward: bool) -> Option<usize> {
    let last = haystack.len().checked_sub(needle.len())?;
    let matches = |at: &usize| haystack[*at..*at + needle.len()] == *needle;
    if forward { (start..=last).find(matches) } else { (0..=start.min(last)).rev().find(matches) }
}

/// `copy(source, sourceStart, target, targetStart, count)`: copies `count` bytes (fewer where
/// either ends first), correct when both share a buffer; how many.
fn copy(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let source = view_argument(args.get_or_undefined(0), context)?;
    if source.is_detached() {
        // Node copies with the typed arrays' own `set`, which refuses a detached source.
        return typed_array_argument(args.get_or_undefined(2), context)?.set_values(args.get_or_undefined(0).clone(), Some(0), context);
    }
    let source_start = index(args.get_or_undefined(1), context)?;
    let target = view_argument(args.get_or_undefined(2), context)?;
    let target_start = index(args.get_or_undefined(3), context)?;
    let count = index(args.get_or_undefined(4), context)?;
    let bytes = source.part(source_start, count).read(<[u8]>::to_vec);
    let copied = target.part(target_start, bytes.len()).write(
        |slot| {
            let copied = slot.len();
            slot.copy_from_slice(&bytes[..copied]);
            (copied, copied)
        },
        context,
    )?;
    Ok(JsValue::new(copied as f64))
}

/// `fill(buffer, value, start, end, encoding)`: repeats the bytes of `value` (a string in the
/// encoding, or a view's bytes; any other value is one byte) over the range, as Node's native
/// fill does; -1 when `value` gives no bytes, -2 when the range is outside the buffer, else 0.
fn fill(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    let (start, end) = (index(args.get_or_undefined(2), context)?, index(args.get_or_undefined(3), context)?);
    if start > end || end > view.len() {
        return Ok(JsValue::new(-2));
    }
    let length = end - start;
    let pattern = match args.get_or_undefined(1) {
        value if value.is_string() => {
            let text = string_argument(value, context)?;
            let encoding = Encoding::of(args.get_or_undefined(4))?;
            // UTF-8 and UTF-16 repeat the whole string's bytes, cut wherever the range ends; the
            // others write what fits of it first.
            let capacity = match encoding {
                Encoding::Utf8 | Encoding::Utf16Le => encoding.capacity(text.as_str()),
                _ => encoding.capacity(text.as_str()).min(length),
            };
            context.reserve_memory(capacity)?;
            let mut bytes = vec![0; capacity];
            let written = write_string(text.as_str(), encoding, &mut bytes);
            bytes.truncate(written);
            bytes
        }
        value if value.as_object().is_some_and(|object| is_view(&object)) => view_argument(value, context)?.read(<[u8]>::to_vec),
        value => vec![value.to_u32(context)? as u8],
    };
    if pattern.is_empty() {
        return Ok(JsValue::new(-1));
    }
    view.part(start, length).write(
        |target| {
            for (slot, byte) in target.iter_mut().zip(pattern.iter().cycle()) {
                *slot = *byte;
            }
            ((), target.len())
        },
        context,
    )?;
    Ok(JsValue::new(0))
}

/// `fillNumber(array, value, start, end)`: the typed array's own `fill`.
fn fill_number(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let array = typed_array_argument(args.get_or_undefined(0), context)?;
    let (start, end) = (index(args.get_or_undefined(2), context)?, index(args.get_or_undefined(3), context)?);
    Ok(array.fill(args.get_or_undefined(1).clone(), Some(start), Some(end), context)?.into())
}

fn typed_array_argument(value: &JsValue, context: &mut Context) -> JsResult<JsTypedArray> {
    value
        .as_object()
        .and_then(|object| JsTypedArray::from_object(object.clone()).ok())
        .ok_or_else(|| invalid_argument("argument must be a buffer", context))
}

/// How `read` and `put` read a number: its size in bytes and its kind, as `js/buffer.js`
/// packs them (size | 16 little-endian | 32 signed | 64 float | 128 BigInt).
struct NumberKind {
    size: usize,
    little_endian: bool,
    signed: bool,
    float: bool,
    big: bool,
}

impl NumberKind {
    fn of(value: &JsValue) -> Self {
        let bits = value.as_number().unwrap_or(0.0) as u32;
        NumberKind {
            size: (bits & 15) as usize,
            little_endian: bits & 16 != 0,
            signed: bits & 32 != 0,
            float: bits & 64 != 0,
            big: bits & 128 != 0,
        }
    }

    /// The bytes as an unsigned number, read in this kind's order.
    fn bits(&self, bytes: &[u8]) -> u64 {
        let ordered = |value: u64, byte: &u8| value << 8 | u64::from(*byte);
        if self.little_endian { bytes.iter().rev().fold(0, ordered) } else { bytes.iter().fold(0, ordered) }
    }

    /// `bits` as this kind's bytes, in its order.
    fn write(&self, bits: u64, target: &mut [u8]) {
        let little = bits.to_le_bytes();
        for (i, slot) in target.iter_mut().enumerate() {
            *slot = little[if self.little_endian { i } else { self.size - 1 - i }];
        }
    }
}

/// An integer offset within a buffer of `length` where `size` bytes fit, as Node's readers find
/// one (they read the first and last byte, which a fraction, a negative or NaN miss).
fn fitting_offset(offset: &JsValue, size: usize, length: usize) -> Option<usize> {
    let offset = offset.as_number()?;
    (offset >= 0.0 && offset.fract() == 0.0 && offset + size as f64 <= length as f64).then_some(offset as usize)
}

/// `read(buffer, offset, kind)`: the number at `offset`, or undefined where it does not fit
/// (the script then says why, as Node does).
fn read(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let Some(object) = args.get_or_undefined(0).as_object().filter(|object| is_kind(object, TypedArrayKind::Uint8)) else {
        return Ok(JsValue::undefined());
    };
    let view = byte_view(&object, context)?;
    let kind = NumberKind::of(args.get_or_undefined(2));
    let Some(offset) = fitting_offset(args.get_or_undefined(1), kind.size, view.len()) else {
        return Ok(JsValue::undefined());
    };
    let bits = view.part(offset, kind.size).read(|bytes| kind.bits(bytes));
    let unused = 64 - 8 * kind.size as u32;
    Ok(match (kind.float, kind.big, kind.signed) {
        (true, _, _) if kind.size == 4 => JsValue::new(f64::from(f32::from_bits(bits as u32))),
        (true, _, _) => JsValue::new(f64::from_bits(bits)),
        (_, true, true) => JsBigInt::from(bits as i64).into(),
        (_, true, false) => JsBigInt::from(bits).into(),
        (_, false, true) => JsValue::new(((bits << unused) as i64 >> unused) as f64),
        (_, false, false) => JsValue::new(bits as f64),
    })
}

/// JavaScript's `ToUint32`, of a number.
fn to_uint32(number: f64) -> u64 {
    if number.is_finite() { number.trunc().rem_euclid(4_294_967_296.0) as u64 } else { 0 }
}

/// `put(buffer, value, offset, kind)`: writes the number (the script has checked its range and
/// the offset) as Node's writers write it, and returns the offset after it. An integer keeps its
/// low 32 bits and, past 4 bytes, the low bits of its count of 2^32; a BigInt comes as its 64
/// bits.
fn put(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    let offset = index(args.get_or_undefined(2), context)?;
    let kind = NumberKind::of(args.get_or_undefined(3));
    let value = args.get_or_undefined(1);
    let bits = if kind.big {
        value.as_bigint().map_or(0, |big| big.to_i128() as u64)
    } else {
        let number = value.as_number().unwrap_or(f64::NAN);
        match (kind.float, kind.size) {
            (true, 4) => u64::from((number as f32).to_bits()),
            (true, _) => number.to_bits(),
            (false, 5 | 6) => to_uint32((number / 4_294_967_296.0).floor()) << 32 | to_uint32(number),
            _ => to_uint32(number),
        }
    };
    view.part(offset, kind.size).write(
        |target| {
            kind.write(bits, target);
            ((), target.len())
        },
        context,
    )?;
    Ok(JsValue::new((offset + kind.size) as f64))
}

/// `swap(buffer, size)`: reverses the order of the bytes in each group of `size`.
fn swap(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    let size = index(args.get_or_undefined(1), context)?.max(1);
    view.write(
        |bytes| {
            bytes.chunks_exact_mut(size).for_each(<[u8]>::reverse);
            ((), bytes.len())
        },
        context,
    )?;
    Ok(args.get_or_undefined(0).clone())
}

/// `kinds(value)`: what `value` is, as flags: 1 a `Uint8Array` (a Buffer is one), 2 a typed
/// array, 4 a typed array or `DataView`, 8 an `ArrayBuffer` or `SharedArrayBuffer`, 16 an Array
/// (as `Array.isArray` finds one, through Proxies).
fn kinds(_: &JsValue, args: &[JsValue], _: &mut Context) -> JsResult<JsValue> {
    let Some(object) = args.get_or_undefined(0).as_object() else { return Ok(JsValue::new(0)) };
    let mut flags = 0;
    if let Ok(array) = JsTypedArray::from_object(object.clone()) {
        flags |= 2 | 4 | u8::from(array.kind() == Some(TypedArrayKind::Uint8));
    } else if JsDataView::from_object(object.clone()).is_ok() {
        flags |= 4;
    } else if JsArrayBuffer::from_object(object.clone()).is_ok() || JsSharedArrayBuffer::from_object(object.clone()).is_ok() {
        flags |= 8;
    }
    let mut current = object;
    loop {
        if current.is_array() {
            flags |= 16;
            break;
        }
        match JsProxy::from_object(current.clone()) {
            Ok(proxy) => match proxy.target() {
                Some(target) => current = target,
                None => return Err(JsNativeError::typ().with_message("Cannot perform 'IsArray' on a proxy that has been revoked").into()),
            },
            Err(_) => break,
        }
    }
    Ok(JsValue::new(flags))
}

/// `setFrom(target, source)`: the typed array's own `set`, from an array-like or typed array.
fn set_from(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let target = typed_array_argument(args.get_or_undefined(0), context)?;
    target.set_values(args.get_or_undefined(1).clone(), Some(0), context)
}

/// `jsonData(buffer)`: an Array of the bytes, for `toJSON`.
fn json_data(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let view = view_argument(args.get_or_undefined(0), context)?;
    context.reserve_memory(view.len().saturating_mul(16))?;
    let bytes = view.read(<[u8]>::to_vec);
    Ok(JsArray::from_iter(bytes.into_iter().map(JsValue::from), context).into())
}

/// `copyBytes(view, start, end)`: an `ArrayBuffer` holding a copy of the bytes of the view's
/// elements from `start` to `end`.
fn copy_bytes(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let array = typed_array_argument(args.get_or_undefined(0), context)?;
    let element = array.byte_length(context)? / array.length(context)?.max(1);
    let view = byte_view(&JsObject::from(array.clone()), context)?;
    let start = index(args.get_or_undefined(1), context)?.saturating_mul(element);
    let end = index(args.get_or_undefined(2), context)?.saturating_mul(element).min(view.len());
    let part = view.part(start, end.saturating_sub(start));
    reserve_buffer(part.len(), context)?;
    let mut bytes = AlignedVec::<u8>::with_capacity(0, part.len());
    part.read(|read| bytes.extend_from_slice(read));
    Ok(JsArrayBuffer::from_byte_block(bytes, context)?.into())
}

/// `byteLengthOf(view)`: the typed array's own `byteLength`.
fn byte_length_of(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::new(typed_array_argument(args.get_or_undefined(0), context)?.byte_length(context)? as f64))
}

/// `lengthOf(view)`: the typed array's own `length`.
fn length_of(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(JsValue::new(typed_array_argument(args.get_or_undefined(0), context)?.length(context)? as f64))
}

/// `inspectBytes(buffer)`: what `buffer.inspect()` shows between `<Buffer` and `>`.
fn inspect_bytes(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(JsString::from(view_argument(args.get_or_undefined(0), context)?.read(hex_preview)).into())
}

/// The console's positions are no program's: error messages show values, not stacks.
fn no_positions() -> PositionMap {
    PositionMap::new(0, Vec::new(), &LineIndex::new(""))
}

/// `received(value, style)`: how Node's errors describe the value they received: as
/// `determineSpecificType` does (style 0: `type string ('abc')`, `an instance of Array`), as
/// ERR_OUT_OF_RANGE does (1: `-1`, `4_294_967_296`, `2n`), or as ERR_INVALID_ARG_VALUE does (2:
/// inspected, cut at 128 characters).
fn received(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let value = args.get_or_undefined(0);
    let inspected = |value: &JsValue, depth: f64, context: &mut Context| {
        inspect::inspect_with(value, &InspectOptions { depth, ..InspectOptions::default() }, &no_positions(), context)
    };
    let text = match args.get_or_undefined(1).as_number() {
        Some(0.0) => specific_type(value, context)?,
        Some(1.0) => match (value.as_number(), value.as_bigint()) {
            (Some(number), _) if number.fract() == 0.0 && number.abs() > 4_294_967_296.0 => {
                with_separators(&JsValue::new(number).display().to_string())
            }
            (_, Some(big)) => {
                let text = big.to_string();
                let bound = JsBigInt::from(4_294_967_296_i64);
                let far = big.as_inner() > bound.as_inner() || big.as_inner() < JsBigInt::neg(&bound).as_inner();
                format!("{}n", if far { with_separators(&text) } else { text })
            }
            _ => inspected(value, 2.0, context)?,
        },
        _ => {
            let units: Vec<u16> = inspected(value, 2.0, context)?.encode_utf16().collect();
            if units.len() > 128 { format!("{}...", String::from_utf16_lossy(&units[..128])) } else { String::from_utf16_lossy(&units) }
        }
    };
    Ok(JsString::from(text).into())
}

/// Node's `determineSpecificType`.
fn specific_type(value: &JsValue, context: &mut Context) -> JsResult<String> {
    if value.is_null() {
        return Ok("null".to_owned());
    }
    if value.is_undefined() {
        return Ok("undefined".to_owned());
    }
    if let Some(object) = value.as_object() {
        if object.is_callable() {
            return Ok(format!("function {}", object.get(js_string!("name"), context)?.to_string(context)?.to_std_string_lossy()));
        }
        let constructor = object.get(js_string!("constructor"), context)?;
        if constructor.to_boolean() {
            let Some(constructor) = constructor.as_object() else {
                let shown = constructor.to_string(context)?.to_std_string_lossy();
                return Err(JsNativeError::typ().with_message(format!("Cannot use 'in' operator to search for 'name' in {shown}")).into());
            };
            if constructor.has_property(js_string!("name"), context)? {
                let name = constructor.get(js_string!("name"), context)?.to_string(context)?;
                return Ok(format!("an instance of {}", name.to_std_string_lossy()));
            }
        }
        let options = InspectOptions { depth: -1.0, ..InspectOptions::default() };
        return inspect::inspect_with(value, &options, &no_positions(), context);
    }
    if let Some(text) = value.as_string() {
        let mut units = text.to_vec();
        if units.len() > 28 {
            units.truncate(25);
            units.extend("...".encode_utf16());
        }
        return Ok(if units.contains(&u16::from(b'\'')) {
            format!("type string ({})", json_quoted(&units))
        } else {
            format!("type string ('{}')", String::from_utf16_lossy(&units))
        });
    }
    let shown = match value.as_bigint() {
        Some(big) => format!("{big}n"),
        None => match (value.as_symbol(), value.as_number()) {
            (Some(symbol), _) => symbol.descriptive_string().to_std_string_lossy(),
            (_, Some(number)) => inspect::format_number(number),
            _ => value.display().to_string(),
        },
    };
    Ok(format!("type {} ({shown})", value.type_of()))
}

/// `JSON.stringify` of a string: in double quotes, with JSON's escapes.
fn json_quoted(units: &[u16]) -> String {
    let mut quoted = String::from("\"");
    for point in char::decode_utf16(units.iter().copied()) {
        match point {
            Ok('"') => quoted.push_str("\\\""),
            Ok('\\') => quoted.push_str("\\\\"),
            Ok('\u{8}') => quoted.push_str("\\b"),
            Ok('\u{c}') => quoted.push_str("\\f"),
            Ok('\n') => quoted.push_str("\\n"),
            Ok('\r') => quoted.push_str("\\r"),
            Ok('\t') => quoted.push_str("\\t"),
            Ok(char) if char < ' ' => quoted.push_str(&format!("\\u{:04x}", char as u32)),
            Ok(char) => quoted.push(char),
            Err(lone) => quoted.push_str(&format!("\\u{:04x}", lone.unpaired_surrogate())),
        }
    }
    quoted.push('"');
    quoted
}

/// Node's `addNumericalSeparator`: `_` between each three digits from the end.
fn with_separators(text: &str) -> String {
    let start = usize::from(text.starts_with('-'));
    let mut end = text.len();
    let mut groups = Vec::new();
    while end >= start + 4 {
        groups.push(&text[end - 3..end]);
        end -= 3;
    }
    groups.push(&text[..end]);
    groups.reverse();
    groups.join("_")
}

/// `format(template, ...values)`: `util.format`, for error messages.
fn format(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(JsString::from(inspect::format_args(args, ConsoleStyle::default(), &no_positions(), context)?).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn units(text: &str) -> Vec<u16> {
        text.encode_utf16().collect()
    }

    fn base64(text: &str) -> Vec<u8> {
        let units = units(text);
        let text = JsStr::utf16(&units);
        let mut target = vec![0; base64_decoded_size(text)];
        let written = decode_base64(text, &mut target);
        target.truncate(written);
        target
    }

    #[test]
    fn base64_decodes_around_what_is_not_a_digit_and_stops_at_padding() {
        assert_eq!(base64("aGVsbG8="), b"hello");
        assert_eq!(base64("aGVs bG8="), b"hello");
        assert_eq!(base64("aGVsbG8"), b"hello");
        assert_eq!(base64("-_-_"), [0xfb, 0xff, 0xbf]);
        assert_eq!(base64("YQ==YQ=="), b"a");
        assert_eq!(base64("!!!!aGk="), b"hi");
        assert_eq!(base64("a"), b"");
        assert_eq!(base64("abc"), [0x69, 0xb7]);
    }

    #[test]
    fn hex_decodes_pairs_until_one_is_not_hex() {
        let hex = |text: &str| {
            let units = units(text);
            let mut target = vec![0; units.len() / 2];
            let written = write_string(JsStr::utf16(&units), Encoding::Hex, &mut target);
            target.truncate(written);
            target
        };
        assert_eq!(hex("abz"), [0xab]);
        assert_eq!(hex("ab cd"), [0xab]);
        assert_eq!(hex("zzab"), b"");
        // Node reads a code unit's low byte: U+0161 is 0x61, `a`.
        assert_eq!(hex("\u{161}\u{162}"), [0xab]);
    }

    #[test]
    fn searches_start_where_node_starts_them() {
        assert_eq!(start_of_search(6, -2, 1, true), 4);
        assert_eq!(start_of_search(6, 100, 1, true), -1);
        assert_eq!(start_of_search(6, 100, 1, false), 5);
        assert_eq!(start_of_search(6, -100, 1, false), -1);
        assert_eq!(start_of_search(6, 100, 0, true), 6);
        let haystack = b"abcabc";
        assert_eq!(search(haystack, &Needle::Bytes(b"bc".to_vec()), 5, false), 4.0);
        assert_eq!(search(haystack, &Needle::Bytes(Vec::new()), 100, true), 6.0);
        // Node's answer for a Buffer needle in utf16le, not found in an odd-length haystack.
        assert_eq!(search(&[1, 2, 3], &Needle::UnitBytes(vec![0x0909], 2), 0, true), 2.0);
    }

    #[test]
    fn numbers_are_written_as_node_writes_them() {
        let kind = |size, little_endian| NumberKind { size, little_endian, signed: false, float: false, big: false };
        let mut target = [0; 6];
        kind(6, true).write(to_uint32((-1.0f64 / 4_294_967_296.0).floor()) << 32 | to_uint32(-1.0), &mut target);
        assert_eq!(target, [0xff; 6]);
        assert_eq!(kind(2, false).bits(&[0x12, 0x34]), 0x1234);
        assert_eq!(kind(2, true).bits(&[0x12, 0x34]), 0x3412);
    }
}
