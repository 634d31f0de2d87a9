//! `crypto.getRandomValues` and `crypto.randomUUID`, as the web platform defines them (no
//! `subtle`). [`fill_random`] is the realm's one source of random bytes for them: the run's
//! [`Replay`], which records them so that a resumed durable run draws the same ones again.

use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray};
use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{Context, JsNativeError, JsResult, JsString, JsValue, NativeFunction, js_string};
use std::rc::Rc;

use crate::realm::web::dom_exception;
use crate::run::replay::Replay;

/// Most bytes one `getRandomValues` call fills, as on the web.
const MAX_RANDOM_BYTES: usize = 65_536;

/// Fills `bytes` from the run's record (`Replay`, kept in the context's data by the realm):
/// every random byte the realm's `crypto` hands out comes from here.
pub fn fill_random(bytes: &mut [u8], context: &Context) -> JsResult<()> {
    let replay = context.get_data::<Rc<Replay>>().ok_or_else(|| JsNativeError::error().with_message("the realm has no random source"))?;
    replay.fill_random(bytes).map_err(|err| JsNativeError::error().with_message(format!("no random bytes could be had: {err}")).into())
}

/// Defines the global `crypto`.
pub fn define(context: &mut Context) -> JsResult<()> {
    let get_random_values = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(get_random_values))
        .name(js_string!("getRandomValues"))
        .length(1)
        .build();
    let random_uuid =
        FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(random_uuid)).name(js_string!("randomUUID")).build();
    let crypto = ObjectInitializer::new(context)
        .property(js_string!("getRandomValues"), get_random_values, Attribute::all().difference(Attribute::ENUMERABLE))
        .property(js_string!("randomUUID"), random_uuid, Attribute::all().difference(Attribute::ENUMERABLE))
        .build();
    crate::realm::web_global(context, "crypto", crypto)
}

fn get_random_values(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let array = args.first().cloned().unwrap_or_default();
    let typed = array.as_object().and_then(|object| JsTypedArray::from_object(object.clone()).ok());
    let integer = typed
        .as_ref()
        .and_then(JsTypedArray::kind)
        .is_some_and(|kind| !matches!(kind, TypedArrayKind::Float16 | TypedArrayKind::Float32 | TypedArrayKind::Float64));
    // DOMExceptions with Node's messages, what Node throws for either mistake.
    let Some(typed) = typed.filter(|_| integer) else {
        return Err(dom_exception("TypeMismatchError", "The data argument must be an integer-type TypedArray", context));
    };
    let (offset, length) = (typed.byte_offset(context)?, typed.byte_length(context)?);
    if length > MAX_RANDOM_BYTES {
        return Err(dom_exception("QuotaExceededError", "The requested length exceeds 65,536 bytes", context));
    }
    let buffer = typed.buffer(context)?;
    let buffer = buffer.as_object().and_then(|buffer| JsArrayBuffer::from_object(buffer.clone()).ok());
    let mut data = buffer
        .as_ref()
        .and_then(JsArrayBuffer::data_mut)
        .ok_or_else(|| JsNativeError::typ().with_message("crypto.getRandomValues: the array's buffer is detached or shared"))?;
    fill_random(&mut data[offset..offset + length], context)?;
    Ok(array)
}

fn random_uuid(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut bytes = [0u8; 16];
    fill_random(&mut bytes, context)?;
    // Version 4 (random), variant 10xx, as RFC 9562 lays them out.
    bytes[6] = (bytes[6] & 0x0f) | 0x40;
    bytes[8] = (bytes[8] & 0x3f) | 0x80;
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let uuid = format!("{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32]);
    Ok(JsString::from(uuid).into())
}
