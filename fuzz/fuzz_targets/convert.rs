//! The value converter: arbitrary JSON-ish text, parsed as JSON, goes into a Boa realm
//! (`JsValue::from_json`, as a binding reply does) and back out through the converter (as a
//! binding argument or a result does). It must come back equal — numbers compared as JavaScript
//! numbers, since the realm has only doubles — or fail with an error; never panic.

#![no_main]

use code_runtime_boa::fuzzing::round_trip_json;
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

/// Equality as JavaScript sees JSON data: every number is a double (so `1`, `1.0` and `-0` are
/// all equal to their double), and object key order does not matter.
fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::String(x), Value::String(y)) => x == y,
        (Value::Number(x), Value::Number(y)) => match (x.as_f64(), y.as_f64()) {
            (Some(x), Some(y)) => x == y || (x.is_nan() && y.is_nan()),
            _ => false,
        },
        // A number too large for a double is Infinity in JavaScript, which JSON writes as null.
        (Value::Number(x), Value::Null) => x.as_f64().is_none_or(|x| !x.is_finite()),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(x, y)| same(x, y))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(key, value)| y.get(key).is_some_and(|other| same(value, other)))
        }
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(json) = serde_json::from_str::<Value>(text) else {
        return;
    };
    match round_trip_json(&json) {
        Ok(back) => assert!(
            same(&json, &back),
            "the round trip changed the value\nin:  {json}\nout: {back}"
        ),
        Err(message) => assert!(!message.is_empty(), "an empty error message for {json}"),
    }
});
