//! Values as lossless JSON, for programs whose host asked for it (`crossing: 'lossless-json'`, as
//! the DeepSeek Harness's seam does): only `null`, booleans, finite numbers other than `-0`,
//! strings, and dense arrays and plain objects of them cross. What JSON would change or drop (a
//! `Date`, `undefined`, `NaN`, `-0`, a hole, a class instance, a non-enumerable or symbol key, an
//! accessor, binary data, a Proxy) is refused, never converted: the program learns its value did
//! not cross instead of the host acting on a different one.
//!
//! Nesting has no limit of its own: a value is walked with a stack of its own, never by
//! recursion, and crosses as a flat list of tokens in pre-order, so no JSON text on the way nests
//! more than three levels deep (serde's reader and the process host's checks bound nesting). A
//! scalar token stands for itself; `{"a": n}` opens an array of the next `n` values; `{"o":
//! [keys]}` an object whose values follow in its keys' order; `{"u": [code units]}` is a string
//! with a lone surrogate (which JSON text read by serde cannot hold), as a value or a key.
//! `lib/lossless.js` is the host's side of the same format.

use boa_engine::object::builtins::JsArray;
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsError, JsObject, JsString, JsValue};
use serde_json::{Map, Value};

use crate::realm::convert::{json_number, stored_property};

/// Why a value did not cross.
#[derive(Debug)]
pub enum Refused {
    /// Something in it is not lossless JSON.
    Lossy,
    /// Its tokens count more than the limit, counted as [`token_size`] counts them.
    TooLarge { limit: usize },
    /// Its tokens would take the program past its memory budget, which stopped it.
    Stopped(JsError),
}

/// What walking one member of a container holds at once, at most: its value on the walk's stack,
/// its key, and its token. Charged to the memory budget before a container is walked, since a
/// million-element array's tokens are built in one native call the budget cannot interrupt.
const BYTES_PER_MEMBER: usize = 96;

/// What is left to do while a value is walked.
enum Step {
    Visit(JsValue),
    /// An object's values have all been visited: it is no longer an ancestor of what follows.
    Leave,
}

/// The tokens of a program value, or why it cannot cross; `max_bytes` bounds their size as the
/// process host counts it. Nothing the program defined runs: accessors are refused, not called.
pub fn to_tokens(value: &JsValue, max_bytes: usize, context: &mut Context) -> Result<Vec<Value>, Refused> {
    let object_prototype = context.intrinsics().constructors().object().prototype();
    let array_prototype = context.intrinsics().constructors().array().prototype();
    let mut tokens = Vec::new();
    // The list's brackets, then a separator and its size for each token.
    let mut size = 2usize;
    let mut ancestors: Vec<JsObject> = Vec::new();
    let mut steps = vec![Step::Visit(value.clone())];
    while let Some(step) = steps.pop() {
        let value = match step {
            Step::Leave => {
                ancestors.pop();
                continue;
            }
            Step::Visit(value) => value,
        };
        let token = match scalar_token(&value) {
            Some(token) => token?,
            None => {
                let object = value.as_object().ok_or(Refused::Lossy)?;
                if ancestors.contains(&object) {
                    return Err(Refused::Lossy);
                }
                let (token, items) = if object.is_array() {
                    let token = array_token(&object, &array_prototype, context)?;
                    (token, array_items(&object)?)
                } else if object.is_ordinary() && object.prototype().is_none_or(|prototype| prototype == object_prototype) {
                    let (keys, items) = record_entries(&object, context)?;
                    (Value::Object(Map::from_iter([("o".to_owned(), Value::Array(keys))])), items)
                } else {
                    return Err(Refused::Lossy);
                };
                context.reserve_memory(items.len().saturating_mul(BYTES_PER_MEMBER)).map_err(Refused::Stopped)?;
                ancestors.push(object);
                steps.push(Step::Leave);
                steps.extend(items.into_iter().rev().map(Step::Visit));
                token
            }
        };
        size = size.saturating_add(1 + token_size(&token));
        if size > max_bytes {
            return Err(Refused::TooLarge { limit: max_bytes });
        }
        tokens.push(token);
    }
    Ok(tokens)
}

/// The token of a value that is not an object; `None` for an object.
fn scalar_token(value: &JsValue) -> Option<Result<Value, Refused>> {
    if value.is_null() {
        return Some(Ok(Value::Null));
    }
    if let Some(b) = value.as_boolean() {
        return Some(Ok(Value::Bool(b)));
    }
    if let Some(n) = value.as_number() {
        let lossless = n.is_finite() && !(n == 0.0 && n.is_sign_negative());
        return Some(if lossless { Ok(json_number(n)) } else { Err(Refused::Lossy) });
    }
    if let Some(s) = value.as_string() {
        return Some(Ok(string_token(&s)));
    }
    // undefined, a symbol or a BigInt
    if value.as_object().is_none() {
        return Some(Err(Refused::Lossy));
    }
    None
}

fn string_token(s: &JsString) -> Value {
    match s.to_std_string() {
        Ok(text) => Value::String(text),
        Err(_) => {
            let units = s.iter().map(Value::from).collect();
            Value::Object(Map::from_iter([("u".to_owned(), Value::Array(units))]))
        }
    }
}

/// `{"a": n}` for an array of the realm's own `Array.prototype` whose own keys are exactly its
/// indices and `length`.
fn array_token(array: &JsObject, array_prototype: &JsObject, context: &mut Context) -> Result<Value, Refused> {
    if array.prototype().as_ref() != Some(array_prototype) {
        return Err(Refused::Lossy);
    }
    let length = array_length(array)?;
    context.reserve_memory((length as usize).saturating_mul(BYTES_PER_MEMBER)).map_err(Refused::Stopped)?;
    let keys = array.own_property_keys(context).map_err(|_| Refused::Lossy)?;
    if keys.len() as u64 != length + 1 {
        return Err(Refused::Lossy);
    }
    Ok(Value::Object(Map::from_iter([("a".to_owned(), Value::from(length))])))
}

fn array_length(array: &JsObject) -> Result<u64, Refused> {
    let length = stored_property(array, &PropertyKey::from(JsString::from("length"))).flatten().and_then(|p| p.value);
    length.and_then(|length| length.as_number()).map(|length| length as u64).ok_or(Refused::Lossy)
}

/// An array's elements, each an own enumerable data property (a hole or an accessor is refused).
fn array_items(array: &JsObject) -> Result<Vec<JsValue>, Refused> {
    let length = array_length(array)?;
    (0..length).map(|index| data_property(array, &PropertyKey::from(index))).collect()
}

/// A plain object's keys as tokens and its values, in its own keys' order; a symbol key, a
/// non-enumerable property or an accessor is refused.
fn record_entries(object: &JsObject, context: &mut Context) -> Result<(Vec<Value>, Vec<JsValue>), Refused> {
    let keys = object.own_property_keys(context).map_err(|_| Refused::Lossy)?;
    let mut tokens = Vec::with_capacity(keys.len());
    let mut values = Vec::with_capacity(keys.len());
    for key in keys {
        let token = match &key {
            PropertyKey::String(name) => string_token(name),
            PropertyKey::Index(index) => Value::String(index.get().to_string()),
            PropertyKey::Symbol(_) => return Err(Refused::Lossy),
        };
        values.push(data_property(object, &key)?);
        tokens.push(token);
    }
    Ok((tokens, values))
}

fn data_property(object: &JsObject, key: &PropertyKey) -> Result<JsValue, Refused> {
    match stored_property(object, key) {
        Some(Some(property)) if property.enumerable && !property.getter && !property.setter => property.value.ok_or(Refused::Lossy),
        _ => Err(Refused::Lossy),
    }
}

/// A token's size as the process host counts a value it does not build (`process::host`): a
/// string its UTF-8 bytes and quotes, a number 24, a boolean 5, null nothing, an array or object
/// its brackets and each member with its separator (and an object's keys with their quotes and
/// colon). The engine counts the same, so an honest child is never over the host's count.
pub fn token_size(token: &Value) -> usize {
    match token {
        Value::Null => 0,
        Value::Bool(_) => 5,
        Value::Number(_) => 24,
        Value::String(text) => text.len() + 2,
        Value::Array(items) => items.iter().fold(2usize, |size, item| size.saturating_add(1 + token_size(item))),
        Value::Object(entries) => {
            entries.iter().fold(2usize, |size, (key, item)| size.saturating_add(key.len() + 4).saturating_add(token_size(item)))
        }
    }
}

/// What is being filled while tokens are read back into a value.
struct Frame {
    target: JsObject,
    /// The keys of an object's values still to come (in reverse), or `None` for an array.
    keys: Option<Vec<PropertyKey>>,
    next: u64,
    length: u64,
}

/// The program value the host's tokens stand for, made of the realm's own arrays and objects (a
/// key `__proto__` is an ordinary own property), or why they do not form one.
pub fn from_tokens(tokens: &[Value], context: &mut Context) -> Result<JsValue, String> {
    let mut frames: Vec<Frame> = Vec::new();
    let mut root = None;
    for (at, token) in tokens.iter().enumerate() {
        let remaining = (tokens.len() - at - 1) as u64;
        let (value, frame) = token_value(token, remaining, context)?;
        match frames.last_mut() {
            None if root.is_none() => root = Some(value.clone()),
            None => return Err("the tokens hold more than one value".to_owned()),
            Some(parent) => {
                let key = match &mut parent.keys {
                    Some(keys) => keys.pop().ok_or("an object has more values than keys")?,
                    None => PropertyKey::from(parent.next),
                };
                parent.target.create_data_property_or_throw(key, value, context).map_err(|err| err.to_string())?;
                parent.next += 1;
            }
        }
        if let Some(frame) = frame {
            frames.push(frame);
        }
        while frames.last().is_some_and(|frame| frame.next == frame.length) {
            frames.pop();
        }
    }
    match (root, frames.is_empty()) {
        (Some(root), true) => Ok(root),
        _ => Err("the tokens end before their value does".to_owned()),
    }
}

/// The value of one token, and the frame to fill when it opens a non-empty array or object.
fn token_value(token: &Value, remaining: u64, context: &mut Context) -> Result<(JsValue, Option<Frame>), String> {
    let scalar = match token {
        Value::Null => JsValue::null(),
        Value::Bool(b) => JsValue::from(*b),
        Value::Number(n) => JsValue::from(n.as_f64().ok_or("a number out of range")?),
        Value::String(text) => JsValue::from(JsString::from(text.as_str())),
        Value::Object(entries) if entries.len() == 1 => {
            let (tag, body) = entries.iter().next().ok_or("an empty token")?;
            return container(tag, body, remaining, context);
        }
        _ => return Err(format!("{token} is not a token")),
    };
    Ok((scalar, None))
}

fn container(tag: &str, body: &Value, remaining: u64, context: &mut Context) -> Result<(JsValue, Option<Frame>), String> {
    let (target, keys, length) = match (tag, body) {
        ("a", Value::Number(n)) => {
            let length = n.as_u64().filter(|&length| length <= remaining).ok_or("an array's length is not its tokens'")?;
            (JsObject::from(JsArray::new(context).map_err(|err| err.to_string())?), None, length)
        }
        ("o", Value::Array(keys)) if keys.len() as u64 <= remaining => {
            let keys: Vec<PropertyKey> =
                keys.iter().rev().map(token_text).map(|key| key.map(PropertyKey::from)).collect::<Result<_, _>>()?;
            let length = keys.len() as u64;
            (JsObject::with_object_proto(context.intrinsics()), Some(keys), length)
        }
        ("u", _) => return Ok((token_text(body_as_units(body)?)?.into(), None)),
        _ => return Err(format!("{{{tag:?}: {body}}} is not a token")),
    };
    let frame = (length > 0).then(|| Frame { target: target.clone(), keys, next: 0, length });
    Ok((target.into(), frame))
}

fn body_as_units(body: &Value) -> Result<&Value, String> {
    match body {
        Value::Array(_) => Ok(body),
        _ => Err("a string's code units are not a list".to_owned()),
    }
}

/// A key or string token's text: a JSON string, or `{"u": [code units]}` (here, its list).
fn token_text(token: &Value) -> Result<JsString, String> {
    match token {
        Value::String(text) => Ok(JsString::from(text.as_str())),
        Value::Object(entries) => entries.get("u").ok_or_else(|| format!("{token} is not a key")).and_then(token_text),
        Value::Array(units) => {
            let units: Option<Vec<u16>> = units.iter().map(|unit| unit.as_u64().and_then(|unit| u16::try_from(unit).ok())).collect();
            units.map(|units| JsString::from(units.as_slice())).ok_or_else(|| "a code unit is not a number below 65536".to_owned())
        }
        _ => Err(format!("{token} is not a key")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boa_engine::Source;

    fn tokens(source: &str) -> Result<Vec<Value>, Refused> {
        let context = &mut Context::default();
        let value = context.eval(Source::from_bytes(source)).unwrap();
        to_tokens(&value, usize::MAX, context)
    }

    /// The program value's tokens read back in a fresh realm, as JSON text of the engine's own.
    fn round_trip(source: &str) -> String {
        let tokens = tokens(source).unwrap();
        let context = &mut Context::default();
        let value = from_tokens(&tokens, context).unwrap();
        context.global_object().set(JsString::from("v"), value, false, context).unwrap();
        let text = context.eval(Source::from_bytes("JSON.stringify(v)")).unwrap();
        text.to_string(context).unwrap().to_std_string_escaped()
    }

    #[test]
    fn json_data_crosses_as_it_is() {
        let text = round_trip("({ a: [1, 'x', null, true, { b: 1.5 }], '': [], c: {}, __proto__: null, d: -1 })");
        assert_eq!(text, r#"{"a":[1,"x",null,true,{"b":1.5}],"":[],"c":{},"d":-1}"#);
        assert_eq!(tokens("[1, [2]]").unwrap(), serde_json::json!([{ "a": 2 }, 1, { "a": 1 }, 2]).as_array().unwrap().clone());
    }

    #[test]
    fn a_proto_key_is_an_own_property_on_both_sides() {
        let source = "const o = {}; Object.defineProperty(o, '__proto__', { value: 1, enumerable: true }); o";
        let tokens = tokens(source).unwrap();
        let context = &mut Context::default();
        let value = from_tokens(&tokens, context).unwrap();
        context.global_object().set(JsString::from("v"), value, false, context).unwrap();
        let check =
            context.eval(Source::from_bytes("Object.keys(v).join() === '__proto__' && Object.getPrototypeOf(v) === Object.prototype"));
        assert_eq!(check.unwrap(), JsValue::from(true));
    }

    #[test]
    fn what_json_would_change_is_refused() {
        for source in [
            "undefined",
            "({ a: undefined })",
            "[NaN]",
            "-0",
            "[1, , 3]",
            "new Date(0)",
            "({ f() {} })",
            "[1n]",
            "Symbol()",
            "new (class A {})()",
            "({ get g() { return 1 } })",
            "({ [Symbol('s')]: 1 })",
            "Object.defineProperty({}, 'hidden', { value: 1 })",
            "Object.assign([1], { extra: true })",
            "new Uint8Array(1)",
            "new Proxy({}, {})",
            "new Proxy([], {})",
            "new String('x')",
            "new Map()",
            "const a = []; a.push(a); a",
            "const p = Object.create(null); Object.setPrototypeOf(Object.assign(Object.create(p), { x: 1 }), p)",
        ] {
            assert!(matches!(tokens(source), Err(Refused::Lossy)), "{source}");
        }
    }

    #[test]
    fn shared_but_acyclic_values_cross() {
        assert_eq!(round_trip("const x = { n: 1 }; [x, x, { x }]"), r#"[{"n":1},{"n":1},{"x":{"n":1}}]"#);
    }

    #[test]
    fn depth_is_bounded_by_size_only() {
        let source = "let v = 'leaf'; for (let i = 0; i < 100000; i++) v = [v]; v";
        let tokens = tokens(source).unwrap();
        assert_eq!(tokens.len(), 100_001);
        let context = &mut Context::default();
        let value = from_tokens(&tokens, context).unwrap();
        context.global_object().set(JsString::from("v"), value, false, context).unwrap();
        let depth = context.eval(Source::from_bytes("let d = 0; while (Array.isArray(v)) { v = v[0]; d++ } [d, v].join()")).unwrap();
        assert_eq!(depth.to_string(context).unwrap().to_std_string_escaped(), "100000,leaf");
    }

    #[test]
    fn lone_surrogates_cross_as_code_units() {
        assert_eq!(round_trip("({ ['k\\uD800']: 'v\\uDC00' })"), r#"{"k\ud800":"v\udc00"}"#);
    }

    #[test]
    fn size_is_counted_as_the_process_host_counts_it() {
        let context = &mut Context::default();
        let value = context.eval(Source::from_bytes("({ ab: ['xyz', 1, true, null] })")).unwrap();
        let tokens = to_tokens(&value, usize::MAX, context).unwrap();
        let text = serde_json::to_string(&tokens).unwrap();
        let counted: usize = token_size(&Value::Array(tokens));
        // {"o":["ab"]} 2+5+(2+1+4)=14; {"a":4} 2+5+24=31; "xyz" 5; 1 24; true 5; null 0; list 2+6
        assert_eq!(counted, 2 + 6 + 14 + 31 + 5 + 24 + 5, "{text}");
        assert!(matches!(to_tokens(&value, counted - 1, context), Err(Refused::TooLarge { limit }) if limit == counted - 1));
    }

    #[test]
    fn malformed_tokens_are_refused() {
        let context = &mut Context::default();
        for tokens in [
            serde_json::json!([]),
            serde_json::json!([{ "a": 2 }, 1]),
            serde_json::json!([1, 2]),
            serde_json::json!([{ "o": ["a", "b"] }, 1]),
            serde_json::json!([{ "x": 1 }]),
            serde_json::json!([[1]]),
            serde_json::json!([{ "u": [70000] }]),
            serde_json::json!([{ "a": -1 }]),
        ] {
            assert!(from_tokens(tokens.as_array().unwrap(), context).is_err(), "{tokens}");
        }
    }
}
