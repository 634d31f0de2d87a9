//! The realm's web APIs, one module each, written to their standards and checked against the Web
//! Platform Tests beside Node (README, "Conformance"): `atob`/`btoa` ([`base64`]),
//! `TextEncoder`/`TextDecoder` ([`encoding`]) and `URL`/`URLSearchParams` ([`url`]). Each has a
//! `register` that defines its globals, and each charges the memory budget for what it builds
//! before it builds it, since the engine cannot stop a native call halfway.

use boa_engine::object::builtins::JsFunction;
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
