//! Values across the bridge. Only copies cross, in either direction: nothing live (no getter,
//! Proxy, function or host object) reaches the other side. Program values are read the way
//! `JSON.stringify` reads them (own enumerable string keys, `toJSON` honoured, boxed primitives
//! unboxed), but what JSON would silently drop or mangle is refused with an error naming where it
//! was. Binary data (typed arrays, `ArrayBuffer`, `DataView`) crosses beside the JSON, not in it:
//! its place in the JSON holds `null`, and a side table says where each buffer goes and what it
//! was, so the bytes are copied once and the common all-JSON path pays nothing for them.

use boa_engine::builtins::object::OrdinaryObject;
use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::context::intrinsics::StandardConstructors;
use boa_engine::object::builtins::{AlignedVec, JsArrayBuffer, JsDataView, JsMap, JsPromise, JsSet, JsSharedArrayBuffer, JsTypedArray};
use boa_engine::property::PropertyKey;
use boa_engine::{Context, JsBigInt, JsError, JsObject, JsResult, JsString, JsValue, js_string};
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

/// A program value as it crosses: its JSON form (`None` for `undefined` and what JSON omits) and
/// the binary data in it.
#[derive(Debug)]
pub struct Converted {
    pub json: Option<Value>,
    pub bytes: Vec<Binary>,
}

/// One key or index on the way from a value's root to a buffer inside it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(untagged)]
pub enum Segment {
    Index(u64),
    Key(String),
}

/// A buffer found in a program value: where it goes (`at`, from the value's root), what it was
/// (`kind`: `Uint8Array`, ..., `ArrayBuffer`, `DataView`, or `String` for a string with a lone
/// surrogate, as its UTF-16 code units), and a copy of the bytes it showed, which travel beside
/// the JSON text.
#[derive(Debug, serde::Serialize)]
pub struct Binary {
    pub at: Vec<Segment>,
    pub kind: &'static str,
    #[serde(skip)]
    pub data: Bytes,
}

/// A buffer's bytes: a block of their own (the thread substrate hands it to Node as is), or, in a
/// process substrate's child, a place in the region it shares with the host, written there once
/// as the value was converted (`process::region`).
#[derive(Debug)]
pub enum Bytes {
    Own(Vec<u8>),
    #[cfg(process_substrate)]
    Placed(crate::process::region::Placed),
}

impl Bytes {
    /// `bytes` where they cross most cheaply: in the child's region when they go there, else a
    /// block of their own.
    fn copy_of(bytes: &[u8]) -> Self {
        #[cfg(process_substrate)]
        if let Some(placed) = crate::process::region::Placed::place(bytes) {
            return Self::Placed(placed);
        }
        // Exactly sized: the host side hands this block to Node as is, without reallocating it.
        let mut data = Vec::with_capacity(bytes.len());
        data.extend_from_slice(bytes);
        Self::Own(data)
    }

    /// The bytes as a block of their own, as Node takes them: in the host, where nothing is placed
    /// in a region, the block they already are.
    pub fn into_vec(self) -> Vec<u8> {
        match self {
            Self::Own(data) => data,
            #[cfg(process_substrate)]
            Self::Placed(placed) => placed.bytes().to_vec(),
        }
    }
}

impl Default for Bytes {
    fn default() -> Self {
        Self::Own(Vec::new())
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Self::Own(data) => data,
            #[cfg(process_substrate)]
            Self::Placed(placed) => placed.bytes(),
        }
    }
}

impl Binary {
    /// The same buffer, one level down: under `segment` of a larger value.
    pub fn under(mut self, segment: Segment) -> Self {
        self.at.insert(0, segment);
        self
    }
}

/// Where the host put a buffer in its value, and what it was.
#[derive(Debug, serde::Deserialize)]
pub struct HostSlot {
    pub at: Vec<Segment>,
    pub kind: String,
}

/// The crossing form of a program value.
pub fn to_json(value: &JsValue, bounds: Bounds, context: &mut Context) -> Result<Converted, Failure> {
    let mut walk = Walk { bounds, bytes: 0, ancestors: Vec::new(), path: Vec::new(), binaries: Vec::new() };
    let json = walk.value(value, context)?;
    Ok(Converted { json, bytes: walk.binaries })
}

/// A program value from JSON the host sent.
pub fn from_json(value: &Value, context: &mut Context) -> Result<JsValue, JsError> {
    JsValue::from_json(value, context)
}

/// The typed array kinds, by the constructor names both sides share.
const VIEW_KINDS: [(TypedArrayKind, &str); 12] = [
    (TypedArrayKind::Int8, "Int8Array"),
    (TypedArrayKind::Uint8, "Uint8Array"),
    (TypedArrayKind::Uint8Clamped, "Uint8ClampedArray"),
    (TypedArrayKind::Int16, "Int16Array"),
    (TypedArrayKind::Uint16, "Uint16Array"),
    (TypedArrayKind::Int32, "Int32Array"),
    (TypedArrayKind::Uint32, "Uint32Array"),
    (TypedArrayKind::BigInt64, "BigInt64Array"),
    (TypedArrayKind::BigUint64, "BigUint64Array"),
    (TypedArrayKind::Float16, "Float16Array"),
    (TypedArrayKind::Float32, "Float32Array"),
    (TypedArrayKind::Float64, "Float64Array"),
];

fn view_constructor(kind: &str, constructors: &StandardConstructors) -> Option<JsObject> {
    let constructor = match kind {
        "Int8Array" => constructors.typed_int8_array(),
        "Uint8Array" => constructors.typed_uint8_array(),
        "Uint8ClampedArray" => constructors.typed_uint8clamped_array(),
        "Int16Array" => constructors.typed_int16_array(),
        "Uint16Array" => constructors.typed_uint16_array(),
        "Int32Array" => constructors.typed_int32_array(),
        "Uint32Array" => constructors.typed_uint32_array(),
        "BigInt64Array" => constructors.typed_bigint64_array(),
        "BigUint64Array" => constructors.typed_biguint64_array(),
        "Float16Array" => constructors.typed_float16_array(),
        "Float32Array" => constructors.typed_float32_array(),
        "Float64Array" => constructors.typed_float64_array(),
        "DataView" => constructors.data_view(),
        _ => return None,
    };
    Some(constructor.constructor())
}

/// The program value for bytes the host sent as `kind`, made with the realm's own constructors
/// (a program may have replaced the globals). A view whose length does not divide by its element
/// size is refused, as its constructor refuses it.
pub fn binary_value(kind: &str, data: AlignedVec<u8>, context: &mut Context) -> Result<JsValue, String> {
    let buffer = JsArrayBuffer::from_byte_block(data, context).map_err(|err| err.to_string())?;
    if kind == "ArrayBuffer" {
        return Ok(buffer.into());
    }
    let constructor = view_constructor(kind, context.intrinsics().constructors())
        .ok_or_else(|| format!("{kind:?} is not a kind of binary data the program can receive"))?;
    constructor.construct(&[buffer.into()], None, context).map(JsValue::from).map_err(|err| err.to_string())
}

/// `root` with each of the host's buffers put where its slot says (`null` stands there in the
/// JSON). The objects on the way are the fresh ones `from_json` made, so nothing the program
/// defined runs.
pub fn place_binaries(
    mut root: JsValue,
    slots: Vec<HostSlot>,
    buffers: Vec<AlignedVec<u8>>,
    context: &mut Context,
) -> Result<JsValue, String> {
    if slots.len() != buffers.len() {
        return Err(format!("{} buffers came for {} places", buffers.len(), slots.len()));
    }
    for (slot, data) in slots.into_iter().zip(buffers) {
        let value = binary_value(&slot.kind, data, context)?;
        let Some((last, parents)) = slot.at.split_last() else {
            root = value;
            continue;
        };
        let mut holder = root.clone();
        for segment in parents {
            holder = match holder.as_object() {
                Some(object) => object.get(segment.key(), context).map_err(|err| err.to_string())?,
                None => break,
            };
        }
        let Some(holder) = holder.as_object() else {
            return Err("a buffer's place is not inside the value".to_owned());
        };
        holder.create_data_property_or_throw(last.key(), value, context).map_err(|err| err.to_string())?;
    }
    Ok(root)
}

impl Segment {
    fn key(&self) -> PropertyKey {
        match self {
            Self::Index(index) => PropertyKey::from(*index),
            Self::Key(key) => PropertyKey::from(JsString::from(key.as_str())),
        }
    }
}

struct Walk {
    bounds: Bounds,
    bytes: usize,
    ancestors: Vec<JsObject>,
    path: Vec<Segment>,
    binaries: Vec<Binary>,
}

impl Walk {
    fn path(&self) -> String {
        let mut path = String::from("value");
        for segment in &self.path {
            match segment {
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
            let Ok(text) = s.to_std_string() else {
                // A lone surrogate has no UTF-8 form: the string crosses as its UTF-16 code
                // units, beside the JSON like bytes, and arrives as the same string.
                let units: Vec<u8> = s.iter().flat_map(u16::to_ne_bytes).collect();
                self.count(units.len())?;
                self.binaries.push(Binary { at: self.path.clone(), kind: "String", data: Bytes::Own(units) });
                return Ok(Some(Value::Null));
            };
            self.count(text.len() + 2)?;
            return Ok(Some(Value::String(text)));
        }
        if let Some(n) = value.as_number() {
            self.count(24)?;
            return Ok(Some(json_number(n)));
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
        if let Some((kind, data)) = self.binary(&object, context)? {
            self.binaries.push(Binary { at: self.path.clone(), kind, data });
            return Ok(Some(Value::Null));
        }
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
        // Boxed primitives cross as JSON.stringify unboxes them (`new String('x')` is "x").
        if object.is::<f64>() {
            return self.value(&value.to_number(context)?.into(), context);
        }
        if object.is::<JsString>() {
            return self.value(&value.to_string(context)?.into(), context);
        }
        if let Some(boolean) = object.downcast_ref::<bool>().map(|b| *b) {
            return self.value(&boolean.into(), context);
        }
        if let Some(bigint) = object.downcast_ref::<JsBigInt>().map(|b| b.clone()) {
            return self.value(&bigint.into(), context);
        }
        self.object(&object, context)
    }

    /// A key as Rust text, refused before it is copied if it cannot fit, and refused if it is
    /// not well-formed UTF-16: a lone surrogate has no UTF-8 form, and escape text in its place
    /// would be a different key on the other side.
    fn key_text(&self, s: &JsString) -> Result<String, Failure> {
        self.fits(s.len() + 4)?;
        s.to_std_string().map_err(|_| ConversionError::LoneSurrogateKey { path: self.path() }.into())
    }

    /// The kind and a copy of the bytes of a typed array, `ArrayBuffer`, `SharedArrayBuffer` or
    /// `DataView` (only the bytes a view shows); `None` for any other object.
    fn binary(&mut self, object: &JsObject, context: &mut Context) -> Result<Option<(&'static str, Bytes)>, Failure> {
        let (kind, buffer, range) = if let Ok(typed) = JsTypedArray::from_object(object.clone()) {
            let kind = typed.kind().and_then(|kind| VIEW_KINDS.iter().find(|(k, _)| *k == kind)).map_or("Uint8Array", |(_, name)| name);
            let buffer = typed.buffer(context)?;
            // A view on a detached or shrunk buffer is out of bounds: offset and length are 0.
            (kind, buffer, Some((typed.byte_offset(context)?, typed.byte_length(context)?)))
        } else if let Ok(view) = JsDataView::from_object(object.clone()) {
            let buffer = view.buffer(context)?;
            if is_detached(&buffer) {
                return Err(self.detached());
            }
            ("DataView", buffer, Some((view.byte_offset(context)? as usize, view.byte_length(context)? as usize)))
        } else if JsArrayBuffer::from_object(object.clone()).is_ok() || JsSharedArrayBuffer::from_object(object.clone()).is_ok() {
            ("ArrayBuffer", object.clone().into(), None)
        } else {
            return Ok(None);
        };
        let Some(buffer) = buffer.as_object() else { return Ok(None) };
        if let Ok(shared) = JsSharedArrayBuffer::from_object(buffer.clone()) {
            let all = shared.to_vec();
            let (offset, length) = range.unwrap_or((0, all.len()));
            self.count(length)?;
            return Ok(Some((kind, Bytes::copy_of(&all[offset..offset + length]))));
        }
        let buffer = JsArrayBuffer::from_object(buffer.clone())?;
        let Some(all) = buffer.data() else { return Err(self.detached()) };
        let (offset, length) = range.unwrap_or((0, all.len()));
        self.count(length)?;
        Ok(Some((kind, Bytes::copy_of(&all[offset..offset + length]))))
    }

    fn detached(&self) -> Failure {
        self.refuse(
            "detached ArrayBuffer",
            "its bytes were transferred away (structuredClone with transfer, or transfer()); send the bytes before transferring them, or a copy",
        )
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
                PropertyKey::String(s) => self.key_text(s)?,
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
pub fn stored_property(object: &JsObject, key: &PropertyKey) -> Option<Option<OwnProperty>> {
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

fn is_detached(buffer: &JsValue) -> bool {
    buffer.as_object().and_then(|b| JsArrayBuffer::from_object(b.clone()).ok()).is_some_and(|b| b.data().is_none())
}

/// An array's `length`.
pub fn length_of(array: &JsObject, context: &mut Context) -> JsResult<u64> {
    array.get(js_string!("length"), context)?.to_length(context)
}

/// A JS number as JSON: NaN and the infinities become null and -0 becomes 0, as in JSON.stringify.
pub fn json_number(n: f64) -> Value {
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
        to_json(&value, BOUNDS, context).map(|converted| converted.json)
    }

    fn binaries(source: &str) -> (Option<Value>, Vec<Binary>) {
        let context = &mut Context::default();
        let value = context.eval(Source::from_bytes(source)).unwrap();
        let converted = to_json(&value, BOUNDS, context).unwrap();
        (converted.json, converted.bytes)
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
        let converted = to_json(&object, BOUNDS, context).unwrap().json.unwrap();
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
        assert!(refused("({ ['k\\uDC00']: 1 })").contains("value has a key with a lone surrogate"));
        assert!(refused("const a = { b: {} }; a.b.c = a; a").contains("value.b.c refers back"));
        assert!(refused("let a = []; for (let i = 0; i < 20; i++) a = [a]; a").contains("deeper than 8"));
        assert!(refused("new Array(2 ** 31)").contains("larger than"));
    }

    #[test]
    fn binary_data_crosses_beside_the_json_with_only_the_bytes_a_view_shows() {
        let (json, bytes) = binaries(
            "const big = new Uint8Array(1000).fill(7); ({ a: new Uint8Array([1, 2]), n: [new Int16Array([-1]), new ArrayBuffer(3)], v: new DataView(big.buffer, 10, 2), empty: big.subarray(5, 5), f: new Float64Array(1) })",
        );
        assert_eq!(json, Some(serde_json::json!({ "a": null, "n": [null, null], "v": null, "empty": null, "f": null })));
        let seen: Vec<(Vec<Segment>, &str, Vec<u8>)> = bytes.into_iter().map(|b| (b.at, b.kind, b.data.into_vec())).collect();
        let key = |k: &str| Segment::Key(k.to_owned());
        assert_eq!(
            seen,
            vec![
                (vec![key("a")], "Uint8Array", vec![1, 2]),
                (vec![key("n"), Segment::Index(0)], "Int16Array", vec![255, 255]),
                (vec![key("n"), Segment::Index(1)], "ArrayBuffer", vec![0, 0, 0]),
                (vec![key("v")], "DataView", vec![7, 7]),
                (vec![key("empty")], "Uint8Array", vec![]),
                (vec![key("f")], "Float64Array", vec![0; 8]),
            ]
        );
        let (json, bytes) = binaries("({ s: 'a\\uD800' })");
        assert_eq!(
            (json, bytes[0].kind, bytes[0].data.as_ref().to_vec()),
            (Some(serde_json::json!({ "s": null })), "String", [0x61u16, 0xd800].iter().flat_map(|u| u.to_ne_bytes()).collect())
        );
        let (json, bytes) = binaries("new Uint8Array([9])");
        assert_eq!((json, bytes[0].at.len(), bytes[0].data.as_ref().to_vec()), (Some(Value::Null), 0, vec![9]));
    }

    #[test]
    fn detached_buffers_are_refused_with_their_path() {
        let context = &mut Context::default();
        let list =
            context.eval(Source::from_bytes("const b = new ArrayBuffer(4); [b, { b }, [new Uint16Array(b)], new DataView(b)]")).unwrap();
        let list = list.as_object().unwrap();
        let buffer = JsArrayBuffer::from_object(list.get(0, context).unwrap().as_object().unwrap()).unwrap();
        buffer.detach(&JsValue::undefined()).unwrap();
        for (index, path) in [(1, "value.b"), (2, "value[0]"), (3, "value")] {
            let value = list.get(index, context).unwrap();
            match to_json(&value, BOUNDS, context) {
                Err(Failure::Refused(err)) => assert!(err.to_string().starts_with(&format!("{path} is a detached ArrayBuffer")), "{err}"),
                other => panic!("not refused: {other:?}"),
            }
        }
    }

    #[test]
    fn binary_data_counts_against_the_size_limit() {
        assert!(refused("new Uint8Array(1 << 17)").contains("larger than 65536 bytes"));
    }

    #[test]
    fn boxed_primitives_cross_as_json_stringify_unboxes_them() {
        let value = convert("[new String('x'), new Number(2), new Boolean(false), Object('y')]").unwrap();
        assert_eq!(value, Some(serde_json::json!(["x", 2, false, "y"])));
        assert!(refused("[Object(1n)]").contains("value[0] is a BigInt"));
    }

    #[test]
    fn host_buffers_land_where_their_slots_say_as_the_kind_they_were() {
        let context = &mut Context::default();
        let root = from_json(&serde_json::json!({ "a": [1, null], "b": null }), context).unwrap();
        let slot = |at: Vec<Segment>, kind: &str| HostSlot { at, kind: kind.to_owned() };
        let slots = vec![
            slot(vec![Segment::Key("a".into()), Segment::Index(1)], "Uint16Array"),
            slot(vec![Segment::Key("b".into())], "ArrayBuffer"),
        ];
        let buffers = vec![AlignedVec::from_slice(64, &[1, 0, 2, 0]), AlignedVec::from_slice(64, &[5])];
        let value = place_binaries(root, slots, buffers, context).unwrap();
        context.global_object().set(js_string!("v"), value, false, context).unwrap();
        let check = context
            .eval(Source::from_bytes(
                "v.a[1] instanceof Uint16Array && v.a[1].join() === '1,2' && v.b instanceof ArrayBuffer && v.b.byteLength === 1",
            ))
            .unwrap();
        assert_eq!(check, JsValue::from(true));
        let odd = place_binaries(JsValue::null(), vec![slot(vec![], "Uint32Array")], vec![AlignedVec::from_slice(64, &[1, 2])], context);
        assert!(odd.is_err_and(|message| message.contains("RangeError")));
        let unknown = place_binaries(JsValue::null(), vec![slot(vec![], "Blob")], vec![AlignedVec::from_slice(64, &[])], context);
        assert!(unknown.is_err_and(|message| message.contains("\"Blob\" is not a kind")));
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
