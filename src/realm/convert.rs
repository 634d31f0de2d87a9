//! Values across the bridge. Only JSON-compatible copies cross, in either direction: nothing
//! live (no getter, Proxy, function or host object) reaches the other side. Program values are
//! read the way `JSON.stringify` reads them (own enumerable string keys, `toJSON` honoured), but
//! what JSON would silently drop or mangle is refused with an error naming where it was.

use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::object::builtins::{JsArrayBuffer, JsDataView, JsMap, JsPromise, JsSet, JsTypedArray};
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsError, JsObject, JsResult, JsValue, js_string};
use serde_json::{Map, Number, Value};

use crate::error::ConversionError;

/// Limits on what one conversion may produce.
#[derive(Debug, Clone, Copy)]
pub struct Bounds {
    pub max_depth: usize,
    pub max_bytes: usize,
}

/// A conversion failed: the value cannot cross, or program code it ran (a getter, `toJSON`) threw
/// or was stopped by its budget.
#[derive(Debug)]
pub enum Failure {
    Refused(ConversionError),
    Thrown(JsError),
}

impl From<JsError> for Failure {
    fn from(err: JsError) -> Self {
        Self::Thrown(err)
    }
}

impl From<ConversionError> for Failure {
    fn from(err: ConversionError) -> Self {
        Self::Refused(err)
    }
}

/// The JSON form of a program value; `None` for `undefined` (and what JSON omits).
pub fn to_json(value: &JsValue, bounds: Bounds, context: &mut Context) -> Result<Option<Value>, Failure> {
    let mut walk = Walk { bounds, bytes: 0, ancestors: Vec::new(), path: vec![Segment::Root] };
    walk.value(value, context)
}

/// A program value from JSON the host sent.
pub fn from_json(value: &Value, context: &mut Context) -> Result<JsValue, JsError> {
    JsValue::from_json(value, context)
}

enum Segment {
    Root,
    Key(String),
    Index(u64),
}

struct Walk {
    bounds: Bounds,
    bytes: usize,
    ancestors: Vec<JsObject>,
    path: Vec<Segment>,
}

impl Walk {
    fn path(&self) -> String {
        let mut path = String::new();
        for segment in &self.path {
            match segment {
                Segment::Root => path.push_str("value"),
                Segment::Key(key) if is_identifier(key) => {
                    path.push('.');
                    path.push_str(key);
                }
                Segment::Key(key) => path.push_str(&format!("[{key:?}]")),
                Segment::Index(index) => path.push_str(&format!("[{index}]")),
            }
        }
        path
    }

    /// Refuses, before it is copied, text whose UTF-8 (at least `bytes`: a byte or more per
    /// unit) cannot fit: a 64 MiB argument was copied whole before the limit refused it.
    fn fits(&self, bytes: usize) -> Result<(), Failure> {
        if self.bytes.saturating_add(bytes) > self.bounds.max_bytes {
            return Err(ConversionError::TooLarge { limit: self.bounds.max_bytes }.into());
        }
        Ok(())
    }

    fn count(&mut self, bytes: usize) -> Result<(), Failure> {
        self.bytes += bytes;
        if self.bytes > self.bounds.max_bytes {
            return Err(ConversionError::TooLarge { limit: self.bounds.max_bytes }.into());
        }
        Ok(())
    }

    fn refuse(&self, what: &'static str, hint: &'static str) -> Failure {
        ConversionError::Unsupported { path: self.path(), what, hint }.into()
    }

    fn value(&mut self, value: &JsValue, context: &mut Context) -> Result<Option<Value>, Failure> {
        if value.is_undefined() {
            return Ok(None);
        }
        if value.is_null() {
            self.count(4)?;
            return Ok(Some(Value::Null));
        }
        if let Some(b) = value.as_boolean() {
            self.count(5)?;
            return Ok(Some(Value::Bool(b)));
        }
        if let Some(s) = value.as_string() {
            self.fits(s.len() + 2)?;
            let s = s.to_std_string_escaped();
            self.count(s.len() + 2)?;
            return Ok(Some(Value::String(s)));
        }
        if let Some(n) = value.as_number() {
            self.count(24)?;
            return Ok(Some(number(n)));
        }
        if value.is_bigint() {
            return Err(self.refuse("BigInt", "convert it with String(x) or Number(x) first"));
        }
        if value.is_symbol() {
            return Err(self.refuse("Symbol", "symbols have no JSON form; send a string"));
        }
        let Some(object) = value.as_object() else {
            return Ok(None);
        };
        let to_json = object.get(js_string!("toJSON"), context)?;
        if let Some(hook) = to_json.as_callable() {
            let key = match self.path.last() {
                Some(Segment::Key(key)) => JsValue::from(js_string!(key.as_str())),
                Some(Segment::Index(index)) => JsValue::from(js_string!(index.to_string())),
                _ => JsValue::from(js_string!()),
            };
            let replaced = hook.call(value, &[key], context)?;
            if replaced.as_object().is_some_and(|o| o == object) {
                return self.object(&object, context);
            }
            return self.value(&replaced, context);
        }
        self.object(&object, context)
    }

    fn object(&mut self, object: &JsObject, context: &mut Context) -> Result<Option<Value>, Failure> {
        if object.is_callable() {
            return Err(self.refuse("function", "functions cannot cross; send data, or call it and send its result"));
        }
        if JsPromise::from_object(object.clone()).is_ok() {
            return Err(self.refuse("Promise", "await it and send its value"));
        }
        if JsMap::from_object(object.clone()).is_ok() {
            return Err(self.refuse("Map", "convert it with Object.fromEntries(map) or [...map]"));
        }
        if JsSet::from_object(object.clone()).is_ok() {
            return Err(self.refuse("Set", "convert it with [...set]"));
        }
        if JsTypedArray::from_object(object.clone()).is_ok()
            || JsArrayBuffer::from_object(object.clone()).is_ok()
            || JsDataView::from_object(object.clone()).is_ok()
        {
            return Err(self.refuse("binary buffer", "convert it with Array.from(bytes), or encode it as a string"));
        }
        if self.ancestors.iter().any(|a| a == object) {
            return Err(ConversionError::Cycle { path: self.path() }.into());
        }
        if self.ancestors.len() >= self.bounds.max_depth {
            return Err(ConversionError::TooDeep { path: self.path(), limit: self.bounds.max_depth }.into());
        }
        self.ancestors.push(object.clone());
        let converted = if object.is_array() { self.array(object, context) } else { self.record(object, context) };
        self.ancestors.pop();
        converted.map(Some)
    }

    fn array(&mut self, array: &JsObject, context: &mut Context) -> Result<Value, Failure> {
        let length = length_of(array, context)?;
        // Every element takes at least a byte: refuse huge (even sparse) arrays before walking them.
        self.count(2 + length as usize)?;
        let mut items = Vec::with_capacity(length.min(1024) as usize);
        for index in 0..length {
            self.path.push(Segment::Index(index));
            let item = match stored_property(array, &PropertyKey::from(index)) {
                Some(Some(OwnProperty { value: Some(value), .. })) => value,
                _ => array.get(index, context)?,
            };
            let converted = self.value(&item, context);
            self.path.pop();
            items.push(converted?.unwrap_or(Value::Null));
        }
        Ok(Value::Array(items))
    }

    fn record(&mut self, object: &JsObject, context: &mut Context) -> Result<Value, Failure> {
        let mut map = Map::new();
        self.count(2)?;
        for key in object.own_property_keys(context)? {
            let name = match &key {
                PropertyKey::String(s) => {
                    self.fits(s.len() + 4)?;
                    s.to_std_string_escaped()
                }
                PropertyKey::Index(i) => i.get().to_string(),
                PropertyKey::Symbol(_) => continue,
            };
            let Some(property) = own_property(object, &key, context)? else { continue };
            if !property.enumerable {
                continue;
            }
            // Read as JSON.stringify does: [[GetOwnProperty]], then [[Get]]. Where the first was
            // read straight from the object's storage nothing can run in between, so its value is
            // the [[Get]] result; accessors and exotic objects (a Proxy's `get` trap) take [[Get]].
            let item = match property.value {
                Some(value) if property.direct => value,
                _ => object.get(key, context)?,
            };
            self.path.push(Segment::Key(name.clone()));
            let converted = self.value(&item, context);
            self.path.pop();
            if let Some(converted) = converted? {
                self.count(name.len() + 4)?;
                map.insert(name, converted);
            }
        }
        Ok(Value::Object(map))
    }
}

/// An own property as `Object.getOwnPropertyDescriptor` reports it; accessors are not run.
pub struct OwnProperty {
    pub value: Option<JsValue>,
    pub getter: bool,
    pub setter: bool,
    pub enumerable: bool,
    /// Read straight from the object's storage, with no program code run (no Proxy trap).
    pub direct: bool,
}

pub fn own_property(object: &JsObject, key: &PropertyKey, context: &mut Context) -> JsResult<Option<OwnProperty>> {
    if let Some(stored) = stored_property(object, key) {
        return Ok(stored);
    }
    let args = [JsValue::from(object.clone()), JsValue::from(key.clone())];
    let descriptor = OrdinaryObject::get_own_property_descriptor(&JsValue::undefined(), &args, context)?;
    let Some(descriptor) = descriptor.as_object() else { return Ok(None) };
    let is_accessor = descriptor.has_own_property(js_string!("get"), context)?;
    let getter = !descriptor.get(js_string!("get"), context)?.is_undefined();
    let setter = !descriptor.get(js_string!("set"), context)?.is_undefined();
    let value = if is_accessor { None } else { Some(descriptor.get(js_string!("value"), context)?) };
    let enumerable = descriptor.get(js_string!("enumerable"), context)?.to_boolean();
    Ok(Some(OwnProperty { value, getter, setter, enumerable, direct: false }))
}

/// The own property of an object whose [[GetOwnProperty]] is the ordinary one (plain objects and
/// arrays), read from its storage without building a descriptor object (which cost about 12k
/// instructions a property); `None` for other objects, whose [[GetOwnProperty]] may run code.
fn stored_property(object: &JsObject, key: &PropertyKey) -> Option<Option<OwnProperty>> {
    if !(object.is_ordinary() || object.is_array()) {
        return None;
    }
    let descriptor = object.borrow().properties().get(key);
    Some(descriptor.map(|descriptor| OwnProperty {
        getter: descriptor.get().is_some_and(|g| !g.is_undefined()),
        setter: descriptor.set().is_some_and(|s| !s.is_undefined()),
        value: if descriptor.is_accessor_descriptor() { None } else { Some(descriptor.value().cloned().unwrap_or_default()) },
        enumerable: descriptor.enumerable().unwrap_or(false),
        direct: true,
    }))
}

/// An array's `length`.
pub fn length_of(array: &JsObject, context: &mut Context) -> JsResult<u64> {
    array.get(js_string!("length"), context)?.to_length(context)
}

/// A JS number as JSON: NaN and the infinities become null and -0 becomes 0, as in JSON.stringify.
fn number(n: f64) -> Value {
    if n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0 {
        return Value::Number(Number::from(n as i64));
    }
    Number::from_f64(n).map_or(Value::Null, Value::Number)
}

pub fn is_identifier(key: &str) -> bool {
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_alphabetic() || c == '_' || c == '$') && chars.all(|c| c.is_alphanumeric() || c == '_' || c == '$')
}

#[cfg(test)]
mod tests {
    use super::*;
    use boa_engine::Source;

    const BOUNDS: Bounds = Bounds { max_depth: 8, max_bytes: 1 << 16 };

    fn convert(source: &str) -> Result<Option<Value>, Failure> {
        let context = &mut Context::default();
        let value = context.eval(Source::from_bytes(source)).unwrap();
        to_json(&value, BOUNDS, context)
    }

    fn refused(source: &str) -> String {
        match convert(source) {
            Err(Failure::Refused(err)) => err.to_string(),
            other => panic!("{source} was not refused: {other:?}"),
        }
    }

    #[test]
    fn json_data_crosses_like_json_stringify() {
        let value = convert("({ a: 1, b: [1, undefined, 'x'], c: undefined, n: null, d: new Date(0), f: 1.5, z: -0, nan: NaN })").unwrap();
        assert_eq!(
            value,
            Some(
                serde_json::json!({ "a": 1, "b": [1, null, "x"], "n": null, "d": "1970-01-01T00:00:00.000Z", "f": 1.5, "z": 0, "nan": null })
            )
        );
        assert_eq!(convert("undefined").unwrap(), None);
    }

    #[test]
    fn getters_run_but_non_enumerable_and_symbol_keys_do_not_cross() {
        let value =
            convert("const o = { get g() { return 2 }, [Symbol('s')]: 1 }; Object.defineProperty(o, 'hidden', { value: 1 }); o").unwrap();
        assert_eq!(value, Some(serde_json::json!({ "g": 2 })));
    }

    #[test]
    fn values_read_from_storage_match_json_stringify() {
        // Array holes and accessor elements go through [[Get]] (the prototype chain, the getter
        // once); plain data elements and properties are read from the object's storage.
        let source = "let runs = 0; Object.defineProperty(Array.prototype, 1, { get() { return 'from proto' }, configurable: true });
            const a = [0, , 2]; Object.defineProperty(a, 2, { get() { runs++; return 'getter' }, enumerable: true });
            const o = { a, n: { deep: [1, { x: 'y' }] } }; Object.defineProperty(o, 'hidden', { value: 1, enumerable: false });
            [o, JSON.stringify(o), () => runs]";
        let context = &mut Context::default();
        let list = context.eval(Source::from_bytes(source)).unwrap();
        let list = list.as_object().unwrap();
        let object = list.get(0, context).unwrap();
        let stringified = list.get(1, context).unwrap().to_string(context).unwrap().to_std_string_escaped();
        let converted = to_json(&object, BOUNDS, context).unwrap().unwrap();
        assert_eq!(converted, serde_json::from_str::<Value>(&stringified).unwrap());
        let runs = list.get(2, context).unwrap().as_callable().unwrap().call(&JsValue::undefined(), &[], context).unwrap();
        assert_eq!(runs, JsValue::from(2), "once for JSON.stringify, once for the conversion");
    }

    #[test]
    fn what_json_would_mangle_is_refused_with_its_path() {
        assert!(refused("({ a: { f() {} } })").contains("value.a.f is a function"));
        assert!(refused("[1n]").contains("value[0] is a BigInt"));
        assert!(refused("({ m: new Map() })").contains("Object.fromEntries"));
        assert!(refused("new Set([1])").contains("[...set]"));
        assert!(refused("new Uint8Array(2)").contains("Array.from"));
        assert!(refused("const a = { b: {} }; a.b.c = a; a").contains("value.b.c refers back"));
        assert!(refused("let a = []; for (let i = 0; i < 20; i++) a = [a]; a").contains("deeper than 8"));
        assert!(refused("new Array(2 ** 31)").contains("larger than"));
    }

    #[test]
    fn host_json_becomes_ordinary_program_values() {
        let context = &mut Context::default();
        let value = from_json(&serde_json::json!({ "a": [1, "x", null, true] }), context).unwrap();
        context.global_object().set(js_string!("v"), value, false, context).unwrap();
        let check = context
            .eval(Source::from_bytes("Object.getPrototypeOf(v) === Object.prototype && Array.isArray(v.a) && v.a[1] === 'x'"))
            .unwrap();
        assert_eq!(check, JsValue::from(true));
    }
}
