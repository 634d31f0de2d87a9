//! `structuredClone`, copying within the realm. It replaces boa_runtime's (from `boa_wintertc`
//! 0.22), which serialized into a thread-safe store first and had three flaws a program could
//! reach: it reserved a vector for an array's `length` (a sparse array of length `2 ** 32 - 1`
//! asked for 34 GB and aborted the host) and for a `transfer` array-like's, walked every index up
//! to that length, and recursed natively on nested values with no bound (a million nested Sets
//! overflowed the thread's stack: SIGSEGV). This one walks only the properties a value has,
//! counts a step per object toward the budget and checks the native stack at each level, as the
//! engine's own built-ins do (`vendor/README.md`), and follows the HTML algorithm where Boa's
//! did not: only own enumerable string keys are copied, Proxies and other exotic objects are a
//! `DataCloneError`, and Errors, DataViews and primitive wrappers are cloned.

use std::collections::{HashMap, HashSet};

use boa_engine::builtins::array_buffer::ArrayBuffer;
use boa_engine::builtins::error::Error;
use boa_engine::object::builtins::{JsArray, JsArrayBuffer, JsDataView, JsDate, JsMap, JsRegExp, JsSet, JsSharedArrayBuffer, JsTypedArray};
use boa_engine::property::{PropertyDescriptor, PropertyKey};
use boa_engine::vm::no_side_effects_string;
use boa_engine::{
    Context, JsBigInt, JsError, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, JsVariant, NativeFunction, js_string,
};

use super::convert::own_property;

/// Defines the global `structuredClone`.
pub fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_builtin_callable(js_string!("structuredClone"), 1, NativeFunction::from_fn_ptr(structured_clone))
}

fn structured_clone(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    // WebIDL: the value is a required argument (undefined passed explicitly is a value).
    let Some(value) = args.first().cloned() else {
        return Err(JsNativeError::typ()
            .with_message("structuredClone: the value to clone is missing; pass it as the first argument")
            .into());
    };
    let transfer = transfer_list(args.get(1).unwrap_or(&JsValue::undefined()), context)?;
    let copy = Cloner { copies: HashMap::new() }.value(&value, context)?;
    // Transferred buffers are detached only once the clone has succeeded, as in the HTML
    // algorithm; the clone got a copy of their bytes.
    for buffer in transfer {
        JsArrayBuffer::from_object(buffer)?.detach(&JsValue::undefined())?;
    }
    Ok(copy)
}

/// The error the HTML algorithm throws: a `DOMException` named `DataCloneError`.
fn data_clone_error(message: String, context: &mut Context) -> JsError {
    super::web::dom_exception("DataCloneError", message, context)
}

/// `value` refused, named as V8 names it (`() => 1 could not be cloned.`).
fn not_cloneable(value: &JsValue, context: &mut Context) -> JsError {
    let value = no_side_effects_string(value, context);
    data_clone_error(format!("{value} could not be cloned."), context)
}

fn transfer_error(context: &mut Context) -> JsError {
    data_clone_error("options.transfer may list only ArrayBuffers, each once and not detached".to_owned(), context)
}

/// `options.transfer`, read as a WebIDL `sequence<object>` (through its iterator, so an
/// array-like's `length` is never trusted), then checked: only distinct, attached ArrayBuffers.
fn transfer_list(options: &JsValue, context: &mut Context) -> JsResult<HashSet<JsObject>> {
    let list = match options.variant() {
        JsVariant::Undefined | JsVariant::Null => return Ok(HashSet::new()),
        JsVariant::Object(options) => options.get(js_string!("transfer"), context)?,
        _ => return Err(JsNativeError::typ().with_message("structuredClone: options must be an object").into()),
    };
    if list.is_undefined() {
        return Ok(HashSet::new());
    }
    let not_a_sequence = || JsNativeError::typ().with_message("structuredClone: options.transfer is not iterable");
    let method = list.as_object().map(|o| o.get(JsSymbol::iterator(), context)).transpose()?;
    let method = method.and_then(|m| m.as_callable()).ok_or_else(not_a_sequence)?;
    let iterator = method.call(&list, &[], context)?;
    let iterator = iterator.as_object().ok_or_else(not_a_sequence)?;
    let next = iterator.get(js_string!("next"), context)?;
    let next = next.as_callable().ok_or_else(not_a_sequence)?;
    let mut buffers = HashSet::new();
    loop {
        context.count_steps(1)?;
        let result = next.call(&iterator.clone().into(), &[], context)?;
        let result = result.as_object().ok_or_else(|| JsNativeError::typ().with_message("iterator result is not an object"))?;
        if result.get(js_string!("done"), context)?.to_boolean() {
            return Ok(buffers);
        }
        let item = result.get(js_string!("value"), context)?;
        let buffer = item.as_object().and_then(|o| JsArrayBuffer::from_object(o.clone()).ok().map(|b| (o, b)));
        let Some((object, buffer)) = buffer else {
            return Err(transfer_error(context));
        };
        if buffer.data().is_none() || !buffers.insert(object) {
            return Err(transfer_error(context));
        }
    }
}

struct Cloner {
    /// Each object already copied, and its copy: shared references and cycles stay so.
    copies: HashMap<JsObject, JsObject>,
}

impl Cloner {
    fn value(&mut self, value: &JsValue, context: &mut Context) -> JsResult<JsValue> {
        match value.variant() {
            JsVariant::Object(object) => Ok(self.object(&object, context)?.into()),
            JsVariant::Symbol(_) => Err(not_cloneable(value, context)),
            _ => Ok(value.clone()),
        }
    }

    fn object(&mut self, object: &JsObject, context: &mut Context) -> JsResult<JsObject> {
        if let Some(copy) = self.copies.get(object) {
            return Ok(copy.clone());
        }
        // One level of native recursion and one step per object, as the engine's built-ins count.
        context.check_native_stack()?;
        context.count_steps(1)?;
        if let Some(copy) = primitive_wrapper(object, context)? {
            return Ok(self.remember(object, copy));
        }
        if let Ok(buffer) = JsArrayBuffer::from_object(object.clone()) {
            return self.array_buffer(object, &buffer, context);
        }
        if let Ok(buffer) = JsSharedArrayBuffer::from_object(object.clone()) {
            return Ok(self.remember(object, JsSharedArrayBuffer::from_buffer(buffer.inner(), context).into()));
        }
        if let Ok(view) = JsTypedArray::from_object(object.clone()) {
            let buffer = self.value(&view.buffer(context)?, context)?;
            let (offset, length) = (view.byte_offset(context)?, view.length(context)?);
            let constructor = typed_array_constructor(&view, context)?;
            return self.view(object, &constructor, [buffer, offset.into(), length.into()], context);
        }
        if let Ok(view) = JsDataView::from_object(object.clone()) {
            let buffer = self.value(&view.buffer(context)?, context)?;
            let (offset, length) = (view.byte_offset(context)?, view.byte_length(context)?);
            let constructor = context.intrinsics().constructors().data_view().constructor();
            return self.view(object, &constructor, [buffer, offset.into(), length.into()], context);
        }
        if let Ok(date) = JsDate::from_object(object.clone()) {
            let copy = JsDate::new(context);
            copy.set_time(date.get_time(context)?, context)?;
            return Ok(self.remember(object, copy.into()));
        }
        if let Ok(regexp) = JsRegExp::from_object(object.clone()) {
            let (source, flags) = (regexp.source(context)?, regexp.flags(context)?);
            let copy = JsRegExp::new(JsString::from(source), JsString::from(flags), context)?;
            return Ok(self.remember(object, copy.into()));
        }
        if let Ok(map) = JsMap::from_object(object.clone()) {
            return self.map(object, &map, context);
        }
        if let Ok(set) = JsSet::from_object(object.clone()) {
            return self.set(object, &set, context);
        }
        if object.is::<Error>() {
            return self.error(object, context);
        }
        if object.is_callable() {
            return Err(not_cloneable(&object.clone().into(), context));
        }
        if object.is_array() {
            let copy = JsObject::from(JsArray::new(context)?);
            let length = object.get(js_string!("length"), context)?;
            copy.set(js_string!("length"), length, true, context)?;
            self.remember(object, copy.clone());
            return self.properties(object, copy, context);
        }
        // Proxies, Promises, WeakMaps and the like are refused, as in the HTML algorithm; class
        // instances are ordinary objects and are copied as plain ones.
        if !object.is_ordinary() {
            return Err(not_cloneable(&object.clone().into(), context));
        }
        let copy = JsObject::with_object_proto(context.intrinsics());
        self.remember(object, copy.clone());
        self.properties(object, copy, context)
    }

    fn remember(&mut self, original: &JsObject, copy: JsObject) -> JsObject {
        self.copies.insert(original.clone(), copy.clone());
        copy
    }

    /// Copies `original`'s own enumerable string-keyed properties onto `copy`, each read when it
    /// is reached (a getter may delete or add the ones after it).
    fn properties(&mut self, original: &JsObject, copy: JsObject, context: &mut Context) -> JsResult<JsObject> {
        for key in original.own_property_keys(context)? {
            if matches!(key, PropertyKey::Symbol(_)) {
                continue;
            }
            let Some(property) = own_property(original, &key, context)? else { continue };
            if !property.enumerable {
                continue;
            }
            let value = match property.value {
                Some(value) if property.direct => value,
                _ => original.get(key.clone(), context)?,
            };
            let value = self.value(&value, context)?;
            copy.create_data_property_or_throw(key, value, context)?;
        }
        Ok(copy)
    }

    /// A copy of the buffer's bytes; allocated as the `ArrayBuffer` constructor allocates, so a
    /// buffer larger than what is left of the memory budget is refused before it is copied.
    fn array_buffer(&mut self, original: &JsObject, buffer: &JsArrayBuffer, context: &mut Context) -> JsResult<JsObject> {
        let Some(length) = buffer.data().map(|data| data.len()) else {
            return Err(data_clone_error("An ArrayBuffer is detached and could not be cloned.".to_owned(), context));
        };
        let max_length = original.downcast_ref::<ArrayBuffer>().and_then(|buffer| buffer.max_byte_length());
        let copy = JsArrayBuffer::new(length, context)?;
        let copy = match max_length {
            Some(max_length) => copy.with_max_byte_length(max_length),
            None => copy,
        };
        if let (Some(from), Some(mut to)) = (buffer.data(), copy.data_mut()) {
            to.copy_from_slice(&from);
        }
        Ok(self.remember(original, copy.into()))
    }

    /// A view like `original` over the copy of its buffer (which the value's other views of that
    /// buffer share), made by the realm's own constructor for its kind: the `constructor`
    /// property may be the program's.
    fn view(&mut self, original: &JsObject, constructor: &JsObject, args: [JsValue; 3], context: &mut Context) -> JsResult<JsObject> {
        let copy = constructor.construct(&args, None, context)?;
        Ok(self.remember(original, copy))
    }

    fn map(&mut self, original: &JsObject, map: &JsMap, context: &mut Context) -> JsResult<JsObject> {
        let copy = JsMap::new(context);
        self.remember(original, copy.clone().into());
        // Entries are listed first: cloning one may run a getter that changes the map.
        let mut entries = Vec::new();
        map.for_each_native(|key, value| {
            entries.push((key, value));
            Ok(())
        })?;
        for (key, value) in entries {
            let key = self.value(&key, context)?;
            let value = self.value(&value, context)?;
            copy.set(key, value, context)?;
        }
        Ok(copy.into())
    }

    fn set(&mut self, original: &JsObject, set: &JsSet, context: &mut Context) -> JsResult<JsObject> {
        let copy = JsSet::new(context);
        self.remember(original, copy.clone().into());
        let mut values = Vec::new();
        set.for_each_native(|value| {
            values.push(value);
            Ok(())
        })?;
        for value in values {
            let value = self.value(&value, context)?;
            copy.add(value, context)?;
        }
        Ok(copy.into())
    }

    /// An Error of the same standard kind (by `name`, `Error` for any other), with the original's
    /// own `message`, `stack` and `cause`.
    fn error(&mut self, original: &JsObject, context: &mut Context) -> JsResult<JsObject> {
        let name = original.get(js_string!("name"), context)?;
        let name = if name.is_string() { name.to_string(context)?.to_std_string_escaped() } else { String::new() };
        let constructors = context.intrinsics().constructors();
        let constructor = match name.as_str() {
            "EvalError" => constructors.eval_error(),
            "RangeError" => constructors.range_error(),
            "ReferenceError" => constructors.reference_error(),
            "SyntaxError" => constructors.syntax_error(),
            "TypeError" => constructors.type_error(),
            "URIError" => constructors.uri_error(),
            _ => constructors.error(),
        }
        .constructor();
        let copy = constructor.construct(&[], None, context)?;
        self.remember(original, copy.clone());
        for key in [js_string!("message"), js_string!("stack"), js_string!("cause")] {
            if !original.has_own_property(key.clone(), context)? {
                continue;
            }
            let value = original.get(key.clone(), context)?;
            let value = if key == js_string!("cause") { self.value(&value, context)? } else { value.to_string(context)?.into() };
            let property = PropertyDescriptor::builder().value(value).writable(true).enumerable(false).configurable(true);
            copy.define_property_or_throw(key, property, context)?;
        }
        Ok(copy)
    }
}

/// A new `Boolean`, `Number`, `String` or `BigInt` object holding the same primitive, or `None`
/// when `object` is none of them.
fn primitive_wrapper(object: &JsObject, context: &mut Context) -> JsResult<Option<JsObject>> {
    let primitive = if let Some(value) = object.downcast_ref::<bool>() {
        JsValue::from(*value)
    } else if let Some(value) = object.downcast_ref::<f64>() {
        JsValue::from(*value)
    } else if let Some(value) = object.downcast_ref::<JsString>() {
        JsValue::from(value.clone())
    } else if let Some(value) = object.downcast_ref::<JsBigInt>() {
        JsValue::from(value.clone())
    } else {
        return Ok(None);
    };
    primitive.to_object(context).map(Some)
}

/// The realm's constructor for the kind of `view`.
fn typed_array_constructor(view: &JsTypedArray, context: &mut Context) -> JsResult<JsObject> {
    use boa_engine::builtins::typed_array::TypedArrayKind;
    let kind = view.kind().ok_or_else(|| JsNativeError::typ().with_message("not a typed array"))?;
    let constructors = context.intrinsics().constructors();
    let standard = match kind {
        TypedArrayKind::Int8 => constructors.typed_int8_array(),
        TypedArrayKind::Uint8 => constructors.typed_uint8_array(),
        TypedArrayKind::Uint8Clamped => constructors.typed_uint8clamped_array(),
        TypedArrayKind::Int16 => constructors.typed_int16_array(),
        TypedArrayKind::Uint16 => constructors.typed_uint16_array(),
        TypedArrayKind::Int32 => constructors.typed_int32_array(),
        TypedArrayKind::Uint32 => constructors.typed_uint32_array(),
        TypedArrayKind::BigInt64 => constructors.typed_bigint64_array(),
        TypedArrayKind::BigUint64 => constructors.typed_biguint64_array(),
        TypedArrayKind::Float16 => constructors.typed_float16_array(),
        TypedArrayKind::Float32 => constructors.typed_float32_array(),
        TypedArrayKind::Float64 => constructors.typed_float64_array(),
    };
    Ok(standard.constructor())
}
