//! Boa's implementation of ECMAScript's global `JSON` object.
//!
//! The `JSON` object contains methods for parsing [JavaScript Object Notation (JSON)][spec]
//! and converting values to JSON. It can't be called or constructed, and aside from its
//! two method properties, it has no interesting functionality of its own.
//!
//! More information:
//!  - [ECMAScript reference][spec]
//!  - [MDN documentation][mdn]
//!  - [JSON specification][json]
//!
//! [spec]: https://tc39.es/ecma262/#sec-json
//! [json]: https://www.json.org/json-en.html
//! [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON

use rustc_hash::FxHashSet;

use boa_gc::{Finalize, Trace};

use crate::JsExpect;
use crate::{
    Context, JsArgs, JsBigInt, JsData, JsResult, JsStr, JsString, JsValue,
    builtins::BuiltInObject,
    context::intrinsics::Intrinsics,
    error::JsNativeError,
    js_string,
    object::{IntegrityLevel, JsObject, internal_methods::InternalMethodPropertyContext},
    property::{Attribute, PropertyKey, PropertyNameKind},
    realm::Realm,
    string::{Latin1JsStringBuilder, StaticJsStrings},
    symbol::JsSymbol,
    value::IntegerOrInfinity,
};

use super::{BuiltInBuilder, IntrinsicObject};

// Local patch (code-runtime-boa): a direct JSON reader for `JSON.parse`.
mod parse;

/// Converts a nibble (0-15) to its lowercase hex digit as a UTF-16 code unit.
const fn to_hex_digit(val: u16) -> u16 {
    match val & 0xF {
        v @ 0..=9 => b'0' as u16 + v,
        v => b'a' as u16 + (v - 10),
    }
}

#[cfg(test)]
mod tests;

/// Marker struct for the `[[IsRawJSON]]` internal slot.
#[derive(Debug, Trace, Finalize, JsData)]
pub(crate) struct RawJson;

/// A tree node representing the structure of parsed JSON, preserving source
/// text spans for primitive values. Used to provide `context.source` to
/// the reviver function in `JSON.parse`. Local patch (code-runtime-boa): recorded by the
/// direct reader (`parse.rs`).
#[derive(Debug)]
enum JsonNode {
    /// A primitive value (string, number, boolean, null) with its original source text.
    Primitive(String),
    /// An array of child nodes.
    Array(Vec<JsonNode>),
    /// An object with key-value pairs.
    Object(Vec<(String, JsonNode)>),
}

/// JavaScript `JSON` global object.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct Json;

impl IntrinsicObject for Json {
    fn init(realm: &Realm) {
        let to_string_tag = JsSymbol::to_string_tag();
        let attribute = Attribute::READONLY | Attribute::NON_ENUMERABLE | Attribute::CONFIGURABLE;

        BuiltInBuilder::with_intrinsic::<Self>(realm)
            .static_method(Self::parse, js_string!("parse"), 2)
            .static_method(Self::stringify, js_string!("stringify"), 3)
            .static_method(Self::raw_json, js_string!("rawJSON"), 1)
            .static_method(Self::is_raw_json, js_string!("isRawJSON"), 1)
            .static_property(to_string_tag, Self::NAME, attribute)
            .build();
    }

    fn get(intrinsics: &Intrinsics) -> JsObject {
        intrinsics.objects().json()
    }
}

impl BuiltInObject for Json {
    const NAME: JsString = StaticJsStrings::JSON;
}

impl Json {
    /// `JSON.parse( text[, reviver] )`
    ///
    /// This `JSON` method parses a JSON string, constructing the JavaScript value or object described by the string.
    ///
    /// An optional `reviver` function can be provided to perform a transformation on the resulting object before it is returned.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.parse
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/parse
    pub(crate) fn parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args.first().cloned().unwrap_or_default().to_string(context)?;

        // 2-10. Local patch (code-runtime-boa): the values are built straight from the text
        // (`parse.rs`) instead of running the JavaScript parser, compiler and interpreter on
        // `(text)`; with a reviver the reader also records each value's source text.
        let reviver = args.get_or_undefined(1).as_callable();
        let (unfiltered, source_tree) =
            parse::parse_json_text(&json_string, reviver.is_some(), context)?;

        // 11. If IsCallable(reviver) is true, then
        if let Some(obj) = reviver {
            // a. Let root be ! OrdinaryObjectCreate(%Object.prototype%).
            let root = JsObject::with_object_proto(context.intrinsics());

            // b. Let rootName be the empty String.
            // c. Perform ! CreateDataPropertyOrThrow(root, rootName, unfiltered).
            root.create_data_property_or_throw(js_string!(), unfiltered, context)
                .js_expect("CreateDataPropertyOrThrow should never throw here")?;

            // d. Return ? InternalizeJSONProperty(root, rootName, reviver).
            Self::internalize_json_property(
                &root,
                js_string!(),
                &obj,
                source_tree.as_ref(),
                context,
            )
        } else {
            // 12. Else,
            // a. Return unfiltered.
            Ok(unfiltered)
        }
    }

    /// `25.5.1.1 InternalizeJSONProperty ( holder, name, reviver )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-internalizejsonproperty
    fn internalize_json_property(
        holder: &JsObject,
        name: JsString,
        reviver: &JsObject,
        source_node: Option<&JsonNode>,
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // Local patch (code-runtime-boa): the reviver's walk recurses natively once per level.
        context.check_native_stack()?;
        // 1. Let val be ? Get(holder, name).
        let val = holder.get(name.clone(), context)?;

        // 2. If Type(val) is Object, then
        if let Some(obj) = val.as_object() {
            // a. Let isArray be ? IsArray(val).
            // b. If isArray is true, then
            if obj.is_array_abstract()? {
                // i. Let I be 0.
                // ii. Let len be ? LengthOfArrayLike(val).
                // iii. Repeat, while I < len,
                let len = obj.length_of_array_like(context)? as i64;
                let children = match source_node {
                    Some(JsonNode::Array(children)) => Some(children),
                    _ => None,
                };
                for i in 0..len {
                    let child_node = children.and_then(|c| c.get(i as usize));
                    // 1. Let prop be ! ToString(𝔽(I)).
                    // 2. Let newElement be ? InternalizeJSONProperty(val, prop, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        i.into(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 3. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](prop).
                        obj.__delete__(
                            &i.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 4. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, prop, newElement).
                        obj.create_data_property(i, new_element, context)?;
                    }
                }
            }
            // c. Else,
            else {
                // i. Let keys be ? EnumerableOwnPropertyNames(val, key).
                let keys = obj.enumerable_own_property_names(PropertyNameKind::Key, context)?;
                let entries = match source_node {
                    Some(JsonNode::Object(entries)) => Some(entries),
                    _ => None,
                };

                // ii. For each String P of keys, do
                for p in keys {
                    // This is safe, because EnumerableOwnPropertyNames with 'key' type only returns strings.
                    let p = p
                        .as_string()
                        .js_expect("EnumerableOwnPropertyNames only returns strings")?;

                    let p_std = p.to_std_string_escaped();
                    let child_node =
                        entries.and_then(|e| e.iter().rfind(|(k, _)| k == &p_std).map(|(_, v)| v));

                    // 1. Let newElement be ? InternalizeJSONProperty(val, P, reviver).
                    let new_element = Self::internalize_json_property(
                        &obj,
                        p.clone(),
                        reviver,
                        child_node,
                        context,
                    )?;

                    // 2. If newElement is undefined, then
                    if new_element.is_undefined() {
                        // a. Perform ? val.[[Delete]](P).
                        obj.__delete__(
                            &p.into(),
                            &mut InternalMethodPropertyContext::new(context),
                        )?;
                    }
                    // 3. Else,
                    else {
                        // a. Perform ? CreateDataProperty(val, P, newElement).
                        obj.create_data_property(p, new_element, context)?;
                    }
                }
            }
        }

        // Build the context object for the reviver call.
        // For primitive JSON values: context = { source: "<original text>" }
        // For objects/arrays or modified values: context = {} (no source property)
        // Per spec, source is only provided when the value is still the same
        // primitive that was produced by parsing the original JSON text.
        let ctx_obj = JsObject::with_object_proto(context.intrinsics());
        if let Some(JsonNode::Primitive(source_text)) = source_node {
            // Check if the current value matches what the source text produces.
            // If the reviver modified the value, it won't match and we skip source.
            let value_matches = match source_text.as_str() {
                "null" => val.is_null(),
                "true" => val.as_boolean() == Some(true),
                "false" => val.as_boolean() == Some(false),
                s if s.starts_with('"') => {
                    // String: compare parsed string value
                    if let Some(js_str) = val.as_string() {
                        serde_json::from_str::<String>(s)
                            .is_ok_and(|parsed| js_str.to_std_string_escaped() == parsed)
                    } else {
                        false
                    }
                }
                s => {
                    // Number: compare parsed number value
                    // Exact comparison is intentional: we want to detect if the
                    // value was replaced by the reviver, not approximate equality.
                    #[allow(clippy::float_cmp)]
                    if let Some(n) = val.as_number() {
                        s.parse::<f64>().is_ok_and(|parsed| n == parsed)
                    } else {
                        false
                    }
                }
            };
            if value_matches {
                ctx_obj.create_data_property_or_throw(
                    js_string!("source"),
                    JsValue::from(js_string!(source_text.as_str())),
                    context,
                )?;
            }
        }

        // 3. Return ? Call(reviver, holder, « name, val, context »).
        reviver.call(
            &holder.clone().into(),
            &[name.into(), val, ctx_obj.into()],
            context,
        )
    }

    /// `JSON.rawJSON ( text )`
    ///
    /// Creates a raw JSON object from the given text.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.rawjson
    pub(crate) fn raw_json(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let jsonString be ? ToString(text).
        let json_string = args.get_or_undefined(0).to_string(context)?;

        // 2. Throw a SyntaxError exception if jsonString is the empty String, or if
        //    either the first or last code unit of jsonString is any of 0x0009
        //    (CHARACTER TABULATION), 0x000A (LINE FEED), 0x000D (CARRIAGE RETURN), or
        //    0x0020 (SPACE).
        // Local patch (code-runtime-boa): the text is read where it is, by the reader
        // `JSON.parse` uses; it was copied to UTF-8 and parsed by `serde_json`, which copied a
        // long number's digits again (a 64 MiB text held 192 MiB, unchecked).
        let text = json_string.as_str();
        let (Some(first), Some(last)) = (text.get(0), text.len().checked_sub(1).and_then(|end| text.get(end))) else {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not be the empty string")
                .into());
        };
        let whitespace = |unit: u16| matches!(unit, 0x09 | 0x0A | 0x0D | 0x20);
        if whitespace(first) || whitespace(last) {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not start or end with whitespace")
                .into());
        }

        // 3. Parse StringToCodePoints(jsonString) as a JSON text as specified in ECMA-404.
        //    Throw a SyntaxError exception if it is not a valid JSON text as defined in that
        //    specification, or if its outermost value is an object or array.
        if matches!(first, 0x7B | 0x5B) {
            return Err(JsNativeError::syntax()
                .with_message("JSON.rawJSON text must not be an object or array")
                .into());
        }
        // A string's value is a copy of its text.
        if first == 0x22 {
            context.reserve_string(text.len(), text.is_latin1())?;
        }
        parse::parse_json_text(&json_string, false, context)?;

        // 3. Let internalSlotsList be « [[IsRawJSON]] ».
        // 4. Let obj be OrdinaryObjectCreate(null, internalSlotsList).
        let obj = JsObject::from_proto_and_data(None::<JsObject>, RawJson);

        // 5. Perform ! CreateDataPropertyOrThrow(obj, "rawJSON", jsonString).
        obj.create_data_property_or_throw(js_string!("rawJSON"), json_string, context)
            .js_expect("CreateDataPropertyOrThrow should never throw here")?;

        // 6. Perform ! SetIntegrityLevel(obj, frozen).
        obj.set_integrity_level(IntegrityLevel::Frozen, context)
            .js_expect("SetIntegrityLevel should never throw here")?;

        // 7. Return obj.
        Ok(obj.into())
    }

    /// `JSON.isRawJSON ( O )`
    ///
    /// Checks if the given value is a raw JSON object.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.israwjson
    #[allow(clippy::unnecessary_wraps)]
    pub(crate) fn is_raw_json(
        _: &JsValue,
        args: &[JsValue],
        _context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. If Type(O) is Object and O has an [[IsRawJSON]] internal slot, return true.
        // 2. Return false.
        let value = args.get_or_undefined(0);
        let result = value.as_object().is_some_and(|obj| obj.is::<RawJson>());
        Ok(result.into())
    }

    /// `JSON.stringify( value[, replacer[, space]] )`
    ///
    /// This `JSON` method converts a JavaScript object or value to a JSON string.
    ///
    /// This method optionally replaces values if a `replacer` function is specified or
    /// optionally including only the specified properties if a replacer array is specified.
    ///
    /// An optional `space` argument can be supplied of type `String` or `Number` that's used to insert
    /// white space into the output JSON string for readability purposes.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///  - [MDN documentation][mdn]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-json.stringify
    /// [mdn]: https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/JSON/stringify
    pub(crate) fn stringify(
        _: &JsValue,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<JsValue> {
        // 1. Let indent be the empty String.
        let indent = js_string!();

        // 2. Let PropertyList and ReplacerFunction be undefined.
        let mut property_list = None;
        let mut replacer_function = None;

        let replacer = args.get_or_undefined(1);

        // 4. If Type(replacer) is Object, then
        if let Some(replacer_obj) = replacer.as_object() {
            // a. If IsCallable(replacer) is true, then
            if replacer_obj.is_callable() {
                // i. Set ReplacerFunction to replacer.
                replacer_function = Some(replacer_obj.clone());
            // b. Else,
            } else {
                // i. Let isArray be ? IsArray(replacer).
                // ii. If isArray is true, then
                if replacer_obj.is_array_abstract()? {
                    // 1. Set PropertyList to a new empty List.
                    let mut property_set = indexmap::IndexSet::new();

                    // 2. Let len be ? LengthOfArrayLike(replacer).
                    let len = replacer_obj.length_of_array_like(context)?;

                    // 3. Let k be 0.
                    let mut k = 0;

                    // 4. Repeat, while k < len,
                    while k < len {
                        // a. Let prop be ! ToString(𝔽(k)).
                        // b. Let v be ? Get(replacer, prop).
                        let v = replacer_obj.get(k, context)?;

                        // c. Let item be undefined.
                        // d. If Type(v) is String, set item to v.
                        // e. Else if Type(v) is Number, set item to ! ToString(v).
                        // f. Else if Type(v) is Object, then
                        // g. If item is not undefined and item is not currently an element of PropertyList, then
                        // i. Append item to the end of PropertyList.
                        if let Some(s) = v.as_string() {
                            property_set.insert(s);
                        } else if v.is_number() {
                            property_set.insert(
                                v.to_string(context)
                                    .js_expect("ToString cannot fail on number value")?,
                            );
                        } else if let Some(obj) = v.as_object()
                            && (obj.is::<JsString>() || obj.is::<f64>())
                        {
                            // i. If v has a [[StringData]] or [[NumberData]] internal slot, set item to ? ToString(v).
                            property_set.insert(v.to_string(context)?);
                        }

                        // h. Set k to k + 1.
                        k += 1;
                    }
                    property_list = Some(property_set.into_iter().collect());
                }
            }
        }

        let mut space = args.get_or_undefined(2).clone();

        // 5. If Type(space) is Object, then
        if let Some(space_obj) = space.as_object() {
            // a. If space has a [[NumberData]] internal slot, then
            if space_obj.is::<f64>() {
                // i. Set space to ? ToNumber(space).
                space = space.to_number(context)?.into();
            }
            // b. Else if space has a [[StringData]] internal slot, then
            else if space_obj.is::<JsString>() {
                // i. Set space to ? ToString(space).
                space = space.to_string(context)?.into();
            }
        }

        // 6. If Type(space) is Number, then
        let gap = if space.is_number() {
            // a. Let spaceMV be ! ToIntegerOrInfinity(space).
            // b. Set spaceMV to min(10, spaceMV).
            // c. If spaceMV < 1, let gap be the empty String; otherwise let gap be the String value containing spaceMV occurrences of the code unit 0x0020 (SPACE).
            match space
                .to_integer_or_infinity(context)
                .js_expect("ToIntegerOrInfinity cannot fail on number")?
            {
                IntegerOrInfinity::PositiveInfinity => js_string!("          "),
                IntegerOrInfinity::NegativeInfinity => js_string!(),
                IntegerOrInfinity::Integer(i) if i < 1 => js_string!(),
                IntegerOrInfinity::Integer(i) => {
                    let mut s = String::new();
                    let i = std::cmp::min(10, i);
                    for _ in 0..i {
                        s.push(' ');
                    }
                    s.into()
                }
            }
        // 7. Else if Type(space) is String, then
        } else if let Some(s) = space.as_string() {
            // a. If the length of space is 10 or less, let gap be space; otherwise let gap be the substring of space from 0 to 10.
            s.get(..10).unwrap_or(s)
        // 8. Else,
        } else {
            // a. Let gap be the empty String.
            js_string!()
        };

        // 9. Let wrapper be ! OrdinaryObjectCreate(%Object.prototype%).
        let wrapper = JsObject::with_object_proto(context.intrinsics());

        // 10. Perform ! CreateDataPropertyOrThrow(wrapper, the empty String, value).
        wrapper
            .create_data_property_or_throw(js_string!(), args.get_or_undefined(0).clone(), context)
            .js_expect("CreateDataPropertyOrThrow should never fail here")?;

        // 11. Let state be the Record { [[ReplacerFunction]]: ReplacerFunction, [[Stack]]: stack, [[Indent]]: indent, [[Gap]]: gap, [[PropertyList]]: PropertyList }.
        let mut state = StateRecord {
            replacer_function,
            stack_set: FxHashSet::default(),
            indent,
            gap,
            property_list,
            out: Vec::new(),
            allowed: 0,
            stepbacks: Vec::new(),
        };

        // 12. Return ? SerializeJSONProperty(state, the empty String, wrapper).
        if !Self::serialize_json_property(&mut state, js_string!().into(), &wrapper, context)? {
            return Ok(JsValue::undefined());
        }
        // Local patch (code-runtime-boa): the text is one buffer; the string made from it is
        // checked for length and allowed by the allocation check first, and is one byte per
        // unit when it can be.
        let latin1 = state.out.iter().all(|&unit| unit <= 0xFF);
        context.reserve_string(state.out.len(), latin1)?;
        if latin1 {
            // Written straight into the string: one copy of the text fewer at the end.
            let mut bytes = Latin1JsStringBuilder::with_capacity(state.out.len());
            bytes.extend(state.out.iter().map(|&unit| unit as u8));
            // SAFETY: every unit was checked to be Latin1.
            return Ok(unsafe { bytes.build_as_latin1() }.into());
        }
        Ok(JsString::from(&state.out[..]).into())
    }

    /// `25.5.2.1 SerializeJSONProperty ( state, key, holder )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonproperty
    ///
    /// Local patch (code-runtime-boa): the result is written to the end of `state.out` (one
    /// buffer for the whole text) instead of returned as a string that each enclosing level
    /// copies again; returns whether anything was written (`undefined` writes nothing).
    fn serialize_json_property(
        state: &mut StateRecord,
        key: PropertyKey,
        holder: &JsObject,
        context: &mut Context,
    ) -> JsResult<bool> {
        // Local patch (code-runtime-boa): serialization recurses natively once per level of the
        // value, so it checks the native stack as calls do.
        context.check_native_stack()?;
        // 1. Let value be ? Get(holder, key).
        // Local patch (code-runtime-boa): an own data property of an ordinary object or an
        // array is read from its storage, which is what [[Get]] does there without running any
        // program code; the key is a string only where the program sees it (`toJSON`, the
        // replacer), instead of one made per array element.
        let mut value = match stored_data_value(holder, &key) {
            Some(value) => value,
            None => holder.get(key.clone(), context)?,
        };

        // 2. If Type(value) is Object or BigInt, then
        if value.is_object() || value.is_bigint() {
            // a. Let toJSON be ? GetV(value, "toJSON").
            let to_json = value.get_v(js_string!("toJSON"), context)?;

            // b. If IsCallable(toJSON) is true, then
            if let Some(obj) = to_json.as_callable() {
                // i. Set value to ? Call(toJSON, value, « key »).
                value = obj.call(&value, &[JsValue::from(key.clone())], context)?;
            }
        }

        // 3. If state.[[ReplacerFunction]] is not undefined, then
        if let Some(obj) = &state.replacer_function {
            // a. Set value to ? Call(state.[[ReplacerFunction]], holder, « key, value »).
            value = obj.call(&holder.clone().into(), &[JsValue::from(key), value], context)?;
        }

        // 4. If Type(value) is Object, then
        if let Some(obj) = value.as_object() {
            // a. If value has a [[NumberData]] internal slot, then
            if obj.is::<f64>() {
                // i. Set value to ? ToNumber(value).
                value = value.to_number(context)?.into();
            }
            // b. Else if value has a [[StringData]] internal slot, then
            else if obj.is::<JsString>() {
                // i. Set value to ? ToString(value).
                value = value.to_string(context)?.into();
            }
            // c. Else if value has a [[BooleanData]] internal slot, then
            else if let Some(boolean) = obj.downcast_ref::<bool>() {
                // i. Set value to value.[[BooleanData]].
                value = (*boolean).into();
            }
            // d. Else if value has a [[BigIntData]] internal slot, then
            else if let Some(bigint) = obj.downcast_ref::<JsBigInt>() {
                // i. Set value to value.[[BigIntData]].
                value = bigint.clone().into();
            }
            // e. Else if value has a [[IsRawJSON]] internal slot, then
            else if obj.is::<RawJson>() {
                // i. Return the value of the "rawJSON" property of value.
                let raw = obj.get(js_string!("rawJSON"), context)?;
                let Some(raw) = raw.as_string() else {
                    return Ok(false);
                };
                // Local patch (code-runtime-boa): allowed before it is copied in.
                state.reserve_out(raw.len(), context)?;
                state.out.extend(raw.iter());
                return Ok(true);
            }
        }

        // 5. If value is null, return "null".
        // 6. If value is true, return "true".
        // 7. If value is false, return "false".
        if value.is_null() {
            state.write_ascii("null");
        } else if let Some(boolean) = value.as_boolean() {
            state.write_ascii(if boolean { "true" } else { "false" });
        }
        // 8. If Type(value) is String, return QuoteJSONString(value).
        else if let Some(s) = value.as_string() {
            // Local patch (code-runtime-boa): allowed before it is copied in.
            state.reserve_out(quoted_length(s.as_str()), context)?;
            Self::quote_json_string(s.as_str(), &mut state.out);
        }
        // 9. If Type(value) is Number, then
        else if let Some(n) = value.as_number() {
            // a. If value is finite, return ! ToString(value).
            // b. Return "null".
            // Local patch (code-runtime-boa): written straight into the text, as `ToString`
            // formats numbers (ryu-js for the others), instead of through a string made per
            // number.
            if let Some(int) = value.as_i32() {
                state.write_integer(int.into());
            } else if n.is_finite() {
                state.write_ascii(ryu_js::Buffer::new().format(n));
            } else {
                state.write_ascii("null");
            }
        }
        // 10. If Type(value) is BigInt, throw a TypeError exception.
        else if value.is_bigint() {
            return Err(JsNativeError::typ()
                // Patched (code-runtime-boa): V8's message.
                .with_message("Do not know how to serialize a BigInt")
                .into());
        }
        // 11. If Type(value) is Object and IsCallable(value) is false, then
        else if let Some(obj) = value.as_object()
            && !obj.is_callable()
        {
            // a. Let isArray be ? IsArray(value).
            // b. If isArray is true, return ? SerializeJSONArray(state, value).
            // c. Return ? SerializeJSONObject(state, value).
            if obj.is_array_abstract()? {
                Self::serialize_json_array(state, &obj, context)?;
            } else {
                Self::serialize_json_object(state, &obj, context)?;
            }
        }
        // 12. Return undefined.
        else {
            return Ok(false);
        }
        Ok(true)
    }

    /// `25.5.2.2 QuoteJSONString ( value )`, written to the end of `out`.
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-quotejsonstring
    fn quote_json_string(value: JsStr<'_>, out: &mut Vec<u16>) {
        out.reserve(value.len() + 2);
        out.push(u16::from(b'"'));
        let mut units = value.iter().peekable();
        while let Some(unit) = units.next() {
            let escape = match unit {
                0x08 => Some(b'b'),
                0x09 => Some(b't'),
                0x0A => Some(b'n'),
                0x0C => Some(b'f'),
                0x0D => Some(b'r'),
                0x22 => Some(b'"'),
                0x5C => Some(b'\\'),
                _ => None,
            };
            if let Some(escape) = escape {
                out.extend([u16::from(b'\\'), u16::from(escape)]);
                continue;
            }
            let paired_lead = (0xD800..=0xDBFF).contains(&unit)
                && units.peek().is_some_and(|next| (0xDC00..=0xDFFF).contains(next));
            if paired_lead {
                out.push(unit);
                out.push(units.next().expect("peeked"));
            } else if unit < 0x20 || (0xD800..=0xDFFF).contains(&unit) {
                // A control character or a lone surrogate: `\uXXXX`.
                out.extend([
                    u16::from(b'\\'),
                    u16::from(b'u'),
                    to_hex_digit(unit >> 12),
                    to_hex_digit((unit >> 8) & 0xF),
                    to_hex_digit((unit >> 4) & 0xF),
                    to_hex_digit(unit & 0xF),
                ]);
            } else {
                out.push(unit);
            }
        }
        out.push(u16::from(b'"'));
    }

    /// `25.5.2.4 SerializeJSONObject ( state, value )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonobject
    fn serialize_json_object(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        state.enter(value)?;
        let result = Self::write_object_members(state, value, context);
        state.leave(value);
        result
    }

    /// Steps 5-10 of `SerializeJSONObject`, between `enter` and `leave`.
    fn write_object_members(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 5. If state.[[PropertyList]] is not undefined, then
        let k: Vec<PropertyKey> = if let Some(p) = &state.property_list {
            // a. Let K be state.[[PropertyList]].
            p.iter().cloned().map(PropertyKey::from).collect()
        // 6. Else,
        } else if let Some(keys) = stored_enumerable_keys(value) {
            keys
        } else {
            // a. Let K be ? EnumerableOwnPropertyNames(value, key).
            value
                .enumerable_own_property_names(PropertyNameKind::Key, context)?
                .iter()
                .map(|v| {
                    v.as_string()
                        .map(PropertyKey::from)
                        .js_expect("EnumerableOwnPropertyNames only returns strings")
                })
                .collect::<Result<Vec<_>, _>>()?
        };

        // 7-10. The members, each `"key":value`, separated by "," (and a line break and the
        // indent when there is a gap), in braces; "{}" when none is written.
        state.out.push(u16::from(b'{'));
        let mut written = false;
        for p in &k {
            let member_start = state.out.len();
            state.member_separator(written);
            match p {
                PropertyKey::String(name) => Self::quote_json_string(name.as_str(), &mut state.out),
                PropertyKey::Index(index) => {
                    state.out.push(u16::from(b'"'));
                    state.write_integer(index.get().into());
                    state.out.push(u16::from(b'"'));
                }
                PropertyKey::Symbol(_) => unreachable!("JSON keys are strings"),
            }
            state.out.push(u16::from(b':'));
            if !state.gap.is_empty() {
                state.out.push(u16::from(b' '));
            }
            if Self::serialize_json_property(state, p.clone(), value, context)? {
                written = true;
                state.count_growth(context)?;
            } else {
                state.out.truncate(member_start);
            }
        }
        state.close(written, b'}');
        Ok(())
    }

    /// `25.5.2.5 SerializeJSONArray ( state, value )`
    ///
    /// More information:
    ///  - [ECMAScript reference][spec]
    ///
    /// [spec]: https://tc39.es/ecma262/#sec-serializejsonarray
    fn serialize_json_array(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        state.enter(value)?;
        let result = Self::write_array_elements(state, value, context);
        state.leave(value);
        result
    }

    /// Steps 6-10 of `SerializeJSONArray`, between `enter` and `leave`.
    fn write_array_elements(
        state: &mut StateRecord,
        value: &JsObject,
        context: &mut Context,
    ) -> JsResult<()> {
        // 6. Let len be ? LengthOfArrayLike(value).
        let len = value.length_of_array_like(context)?;
        // 7-10. The elements ("null" for undefined ones), separated as in objects, in brackets.
        state.out.push(u16::from(b'['));
        for index in 0..len {
            state.member_separator(index > 0);
            if !Self::serialize_json_property(state, index.into(), value, context)? {
                state.write_ascii("null");
            }
            state.count_growth(context)?;
        }
        state.close(len > 0, b']');
        Ok(())
    }
}

struct StateRecord {
    replacer_function: Option<JsObject>,
    stack_set: FxHashSet<JsObject>,
    indent: JsString,
    gap: JsString,
    property_list: Option<Vec<JsString>>,
    /// Local patch (code-runtime-boa): the text written so far.
    out: Vec<u16>,
    /// How much of `out` the allocation check has allowed.
    allowed: usize,
    /// The indent of each level entered, restored on leaving it.
    stepbacks: Vec<JsString>,
}

// Local patch (code-runtime-boa): the writing steps of `SerializeJSONObject` and
// `SerializeJSONArray` that both share.
impl StateRecord {
    fn write_ascii(&mut self, text: &str) {
        self.out.extend(text.bytes().map(u16::from));
    }

    /// An integer in decimal, as `ToString` writes it.
    fn write_integer(&mut self, value: i64) {
        if value < 0 {
            self.out.push(u16::from(b'-'));
        }
        let mut magnitude = value.unsigned_abs();
        let start = self.out.len();
        loop {
            self.out.push(u16::from(b'0') + (magnitude % 10) as u16);
            magnitude /= 10;
            if magnitude == 0 {
                break;
            }
        }
        self.out[start..].reverse();
    }

    /// Steps 1-4: the cycle check, and one more level of indent.
    fn enter(&mut self, value: &JsObject) -> JsResult<()> {
        // 1. If state.[[Stack]] contains value, throw a TypeError exception because the
        //    structure is cyclical.
        // 2. Append value to state.[[Stack]].
        if !self.stack_set.insert(value.clone()) {
            return Err(JsNativeError::typ()
                .with_message("cyclic object value")
                .into());
        }
        // 3. Let stepback be state.[[Indent]].
        // 4. Set state.[[Indent]] to the string-concatenation of state.[[Indent]] and state.[[Gap]].
        // Without a gap the indent stays empty: no string to make per level.
        let indent = if self.gap.is_empty() {
            self.indent.clone()
        } else {
            js_string!(&self.indent, &self.gap)
        };
        self.stepbacks
            .push(std::mem::replace(&mut self.indent, indent));
        Ok(())
    }

    /// Steps 11-12: remove value from the stack, restore the indent.
    fn leave(&mut self, value: &JsObject) {
        self.stack_set.remove(value);
        if let Some(stepback) = self.stepbacks.pop() {
            self.indent = stepback;
        }
    }

    /// What goes before a member: "," after the first, then a line break and the indent when
    /// there is a gap.
    fn member_separator(&mut self, after_first: bool) {
        if after_first {
            self.out.push(u16::from(b','));
        }
        if !self.gap.is_empty() {
            self.out.push(u16::from(b'\n'));
            self.out.extend(self.indent.iter());
        }
    }

    /// The closing bracket, on its own line at the outer indent when members were written with
    /// a gap.
    fn close(&mut self, written: bool, bracket: u8) {
        if written && !self.gap.is_empty() {
            self.out.push(u16::from(b'\n'));
            let stepback = self.stepbacks.last().cloned().unwrap_or_default();
            self.out.extend(stepback.iter());
        }
        self.out.push(u16::from(bracket));
    }

    /// Each member is a step toward the interrupt, and the text grows by what the allocation
    /// check allows.
    fn count_growth(&mut self, context: &mut Context) -> JsResult<()> {
        context.count_steps(1)?;
        self.reserve_out(0, context)
    }

    /// Asks the allocation check for what the text grew by since it last asked, and for `more`
    /// units about to be written.
    fn reserve_out(&mut self, more: usize, context: &Context) -> JsResult<()> {
        let total = self.out.len().saturating_add(more);
        let grown = total.saturating_sub(self.allowed);
        if grown > 0 {
            context.reserve_memory(grown * 2)?;
            self.allowed = total;
        }
        Ok(())
    }
}

/// Local patch (code-runtime-boa): how many units `QuoteJSONString` writes for `value`, so the
/// text can be allowed before a long string is copied in (a control character takes 6).
fn quoted_length(value: JsStr<'_>) -> usize {
    let mut length = value.len() + 2;
    let mut units = value.iter().peekable();
    while let Some(unit) = units.next() {
        length += match unit {
            0x08 | 0x09 | 0x0A | 0x0C | 0x0D | 0x22 | 0x5C => 1,
            0xD800..=0xDBFF if units.peek().is_some_and(|next| (0xDC00..=0xDFFF).contains(next)) => {
                units.next();
                0
            }
            0x00..=0x1F | 0xD800..=0xDFFF => 5,
            _ => 0,
        };
    }
    length
}

/// Local patch (code-runtime-boa): the value of `key` when it is an own data property of an
/// ordinary object or an array, read from the object's storage; `None` when [[Get]] has to run
/// (an accessor, an exotic object, a property inherited or absent).
fn stored_data_value(holder: &JsObject, key: &PropertyKey) -> Option<JsValue> {
    if !(holder.is_ordinary() || holder.is_array()) {
        return None;
    }
    let property = holder.borrow().properties().get(key)?;
    property.value().filter(|_| property.is_data_descriptor()).cloned()
}

/// Local patch (code-runtime-boa): `EnumerableOwnPropertyNames(value, key)` of an ordinary
/// object, read from its storage (where [[OwnPropertyKeys]] and [[GetOwnProperty]] run no
/// program code) in the same order: indices ascending, then strings in creation order.
fn stored_enumerable_keys(value: &JsObject) -> Option<Vec<PropertyKey>> {
    if !value.is_ordinary() {
        return None;
    }
    let object = value.borrow();
    let properties = object.properties();
    let mut indices: Vec<u32> = properties.index_property_keys().collect();
    indices.sort_unstable();
    let keys = indices
        .into_iter()
        .map(PropertyKey::from)
        .chain(
            properties
                .shape
                .keys()
                .into_iter()
                .filter(|key| matches!(key, PropertyKey::String(_))),
        )
        .filter(|key| {
            properties
                .get(key)
                .is_some_and(|property| property.expect_enumerable())
        })
        .collect();
    Some(keys)
}
