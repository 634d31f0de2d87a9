//! The realm's web APIs, one module each, written to their standards and checked against the Web
//! Platform Tests beside Node (README, "Conformance"): `atob`/`btoa` ([`base64`]),
//! `TextEncoder`/`TextDecoder` ([`encoding`]) and `URL`/`URLSearchParams` ([`url`]). Each has a
//! `register` that defines its globals, and each charges the memory budget for what it builds
//! before it builds it, since the engine cannot stop a native call halfway.

use std::ops::Range;

use boa_engine::object::builtins::{JsArrayBuffer, JsDataView, JsFunction, JsSharedArrayBuffer, JsTypedArray, JsUint8Array};
use boa_engine::object::{FunctionObjectBuilder, NativeObject};
use boa_engine::property::PropertyDescriptor;
use boa_engine::string::CodePoint;
use boa_engine::{Context, JsError, JsNativeError, JsObject, JsResult, JsStr, JsString, JsValue, NativeFunction, js_string};

pub mod base64;
pub mod encoding;
pub mod url;

/// The `DOMException` named `name` the standards throw (`InvalidCharacterError`,
/// `DataCloneError`): one of the realm's global class (`js/dom_exception.js`), or an `Error` of
/// that name if the program replaced the global with something that is not a constructor.
pub fn dom_exception(name: &'static str, message: impl Into<String>, context: &mut Context) -> JsError {
    let message = JsString::from(message.into());
    let class = match context.global_object().get(js_string!("DOMException"), context) {
        Ok(class) => class,
        Err(error) => return error,
    };
    if let Some(class) = class.as_constructor() {
        return match class.construct(&[message.into(), JsString::from(name).into()], None, context) {
            Ok(error) => JsError::from_opaque(error.into()),
            Err(error) => error,
        };
    }
    let error = JsNativeError::error().with_message(message.to_std_string_lossy()).into_opaque(context);
    let name = PropertyDescriptor::builder().value(JsString::from(name)).writable(true).enumerable(false).configurable(true);
    match error.define_property_or_throw(js_string!("name"), name, context) {
        Ok(_) => JsError::from_opaque(error.into()),
        Err(err) => err,
    }
}

/// `error` with the own enumerable properties Node's errors carry (`code`, the input), so a
/// program that logs a caught error prints what it prints in Node.
pub fn with_properties(error: JsNativeError, properties: &[(&str, JsValue)], context: &mut Context) -> JsError {
    let error = error.into_opaque(context);
    for (key, value) in properties {
        if let Err(err) = error.create_data_property_or_throw(JsString::from(*key), value.clone(), context) {
            return err;
        }
    }
    JsError::from_opaque(error.into())
}

/// The object `this` is, when it is an instance of the class `class` (native data `T`).
pub fn receiver<T: NativeObject>(this: &JsValue, class: &str) -> JsResult<JsObject<T>> {
    this.as_object()
        .and_then(|object| object.clone().downcast::<T>().ok())
        .ok_or_else(|| JsNativeError::typ().with_message(format!("Value of \"this\" must be of type {class}")).into())
}

/// A required argument the caller left out: what is missing, and the call as it should be.
pub fn missing_argument(what: &str, usage: &str) -> JsError {
    JsNativeError::typ().with_message(format!("{what} is missing: call {usage}")).into()
}

/// A getter or setter function for an accessor named `name` (`get href`, `set href`).
pub fn accessor_function(context: &Context, kind: &str, name: &str, function: NativeFunction) -> JsFunction {
    let length = if kind == "set" { 1 } else { 0 };
    FunctionObjectBuilder::new(context.realm(), function).name(JsString::from(format!("{kind} {name}"))).length(length).build()
}

/// How many bytes `text` takes in UTF-8 once read as a USVString (a lone surrogate becomes
/// U+FFFD), counted without converting it.
pub fn usv_utf8_len(text: JsStr<'_>) -> usize {
    text.code_points()
        .map(|point| match point {
            CodePoint::Unicode(char) => char.len_utf8(),
            CodePoint::UnpairedSurrogate(_) => '\u{FFFD}'.len_utf8(),
        })
        .sum()
}

/// The bytes binary data shows: its buffer (an `ArrayBuffer` or a `SharedArrayBuffer`) and the
/// range of it.
pub struct ByteView {
    buffer: JsObject,
    range: Range<usize>,
}

impl ByteView {
    /// The bytes `object` shows if it is a typed array, a `DataView`, an `ArrayBuffer` or a
    /// `SharedArrayBuffer` (none once its buffer is detached); None for any other object.
    pub fn of(object: &JsObject, context: &mut Context) -> JsResult<Option<Self>> {
        let (buffer, start, length) = if let Ok(array) = JsTypedArray::from_object(object.clone()) {
            (array.buffer(context)?, array.byte_offset(context)?, array.byte_length(context)?)
        } else if let Ok(view) = JsDataView::from_object(object.clone()) {
            let buffer = view.buffer(context)?;
            // A DataView's accessors throw once its buffer is detached.
            if buffer.as_object().and_then(|buffer| JsArrayBuffer::from_object(buffer.clone()).ok()).is_some_and(|b| b.data().is_none()) {
                (buffer, 0, 0)
            } else {
                (buffer, view.byte_offset(context)? as usize, view.byte_length(context)? as usize)
            }
        } else if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            let length = buffer.data().map_or(0, |data| data.len());
            (buffer.into(), 0, length)
        } else if let Ok(shared) = JsSharedArrayBuffer::from_object(object.clone()) {
            let length = shared.byte_length();
            (shared.into(), 0, length)
        } else {
            return Ok(None);
        };
        Ok(buffer.as_object().map(|buffer| ByteView { buffer: buffer.clone(), range: start..start + length }))
    }

    /// Whether the buffer was detached (its bytes transferred away).
    pub fn is_detached(&self) -> bool {
        JsArrayBuffer::from_object(self.buffer.clone()).is_ok_and(|buffer| buffer.data().is_none())
    }

    pub fn len(&self) -> usize {
        self.range.len()
    }

    /// The bytes from `start` on, as many as `length` at most: a narrower view of the same buffer.
    pub fn part(&self, start: usize, length: usize) -> Self {
        let start = (self.range.start + start).min(self.range.end);
        ByteView { buffer: self.buffer.clone(), range: start..(start.saturating_add(length)).min(self.range.end) }
    }

    /// Runs `read` on the viewed bytes (none once the buffer is detached); no program code runs
    /// meanwhile.
    pub fn read<R>(&self, read: impl FnOnce(&[u8]) -> R) -> R {
        if let Ok(buffer) = JsArrayBuffer::from_object(self.buffer.clone()) {
            let data = buffer.data();
            let bytes = data.as_deref().and_then(|data| data.get(self.range.clone())).unwrap_or_default();
            return read(bytes);
        }
        let copy = JsSharedArrayBuffer::from_object(self.buffer.clone()).map(|shared| shared.to_vec()).unwrap_or_default();
        read(copy.get(self.range.clone()).unwrap_or_default())
    }

    /// Runs `write` on the viewed bytes, which it writes the start of and says how many.
    pub fn write<R>(&self, write: impl FnOnce(&mut [u8]) -> (R, usize), context: &mut Context) -> JsResult<R> {
        if let Ok(buffer) = JsArrayBuffer::from_object(self.buffer.clone()) {
            let mut data = buffer.data_mut();
            let bytes = data.as_deref_mut().and_then(|data| data.get_mut(self.range.clone())).unwrap_or_default();
            return Ok(write(bytes).0);
        }
        // A shared buffer's bytes are reachable only through a typed array's own `set`.
        context.reserve_memory(2 * self.range.len())?;
        let mut bytes = self.read(<[u8]>::to_vec);
        let (result, written) = write(&mut bytes);
        let written = JsUint8Array::from_iter(bytes[..written].iter().copied(), context)?;
        let shared = JsSharedArrayBuffer::from_object(self.buffer.clone())?;
        JsUint8Array::from_shared_array_buffer(shared, context)?.set_values(written.into(), Some(self.range.start as u64), context)?;
        Ok(result)
    }
}
