//! `TextEncoder` and `TextDecoder`, the WHATWG Encoding Standard's API, on `encoding_rs` (the
//! standard's implementation in Firefox): every encoding and label the standard names, `fatal`
//! mode, the BOM stripped once unless `ignoreBOM`, streaming with `decode(chunk, { stream: true
//! })`, and `encodeInto`. Errors read as Node's.

use boa_engine::builtins::array_buffer::AlignedVec;
use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::class::{Class, ClassBuilder};
use boa_engine::object::ObjectInitializer;
use boa_engine::object::builtins::{JsArrayBuffer, JsTypedArray, JsUint8Array};
use boa_engine::property::Attribute;
use boa_engine::string::CodePoint;
use boa_engine::{
    Context, Finalize, JsData, JsNativeError, JsObject, JsResult, JsStr, JsString, JsSymbol, JsValue, NativeFunction, Trace, js_string,
};
use encoding_rs::{CoderResult, Decoder, DecoderResult, Encoding, UTF_8};

use super::{ByteView, accessor_function, missing_argument, receiver, usv_utf8_len, with_properties};

/// Defines the globals `TextEncoder` and `TextDecoder`.
pub fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_class::<TextEncoder>()?;
    context.register_global_class::<TextDecoder>()
}

/// Web classes are writable, configurable and not enumerable globals (WebIDL).
const CLASS_ATTRIBUTES: Attribute = Attribute::WRITABLE.union(Attribute::CONFIGURABLE);

/// A read-only attribute `name` on the prototype, read by `get`.
fn getter(class: &mut ClassBuilder<'_>, name: &str, get: NativeFunction) {
    let get = accessor_function(class.context(), "get", name, get);
    class.accessor(JsString::from(name), Some(get), None, Attribute::CONFIGURABLE | Attribute::ENUMERABLE);
}

fn to_string_tag(class: &mut ClassBuilder<'_>, name: &'static str) {
    class.property(JsSymbol::to_string_tag(), js_string!(name), Attribute::CONFIGURABLE);
}

#[derive(Trace, Finalize, JsData)]
pub struct TextEncoder;

impl Class for TextEncoder {
    const NAME: &'static str = "TextEncoder";
    const ATTRIBUTES: Attribute = CLASS_ATTRIBUTES;

    fn init(class: &mut ClassBuilder<'_>) -> JsResult<()> {
        getter(
            class,
            "encoding",
            NativeFunction::from_fn_ptr(|this, _, _| {
                receiver::<TextEncoder>(this, "TextEncoder")?;
                Ok(js_string!("utf-8").into())
            }),
        );
        class.method(js_string!("encode"), 0, NativeFunction::from_fn_ptr(encode));
        class.method(js_string!("encodeInto"), 2, NativeFunction::from_fn_ptr(encode_into));
        to_string_tag(class, "TextEncoder");
        Ok(())
    }

    fn data_constructor(_: &JsValue, _: &[JsValue], _: &mut Context) -> JsResult<Self> {
        Ok(TextEncoder)
    }
}

/// `encode(input = "")`: the UTF-8 bytes of `input` read as a USVString.
fn encode(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    receiver::<TextEncoder>(this, "TextEncoder")?;
    let input = match args.first() {
        None => js_string!(),
        Some(value) if value.is_undefined() => js_string!(),
        Some(value) => value.to_string(context)?,
    };
    let length = usv_utf8_len(input.as_str());
    context.reserve_memory(length)?;
    let mut bytes = AlignedVec::<u8>::with_capacity(0, length);
    match input.as_str().variant() {
        boa_engine::string::JsStrVariant::Latin1(latin1) if latin1.is_ascii() => bytes.extend_from_slice(latin1),
        _ => {
            for point in input.as_str().code_points() {
                bytes.extend_from_slice(usv_char(point).encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
    }
    let buffer = JsArrayBuffer::from_byte_block(bytes, context)?;
    Ok(JsUint8Array::from_array_buffer(buffer, context)?.into())
}

/// A code point of a USVString: a lone surrogate reads as U+FFFD.
fn usv_char(point: CodePoint) -> char {
    match point {
        CodePoint::Unicode(char) => char,
        CodePoint::UnpairedSurrogate(_) => char::REPLACEMENT_CHARACTER,
    }
}

/// `encodeInto(source, destination)`: as much of `source` as fits in the `Uint8Array`, whole
/// characters only, and how many code units it read and bytes it wrote.
fn encode_into(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    receiver::<TextEncoder>(this, "TextEncoder")?;
    let usage = "encoder.encodeInto(string, uint8Array)";
    let source = args.first().ok_or_else(|| missing_argument("TextEncoder.encodeInto: the string to encode", usage))?;
    let source = source.to_string(context)?;
    let destination = args
        .get(1)
        .and_then(JsValue::as_object)
        .and_then(|object| JsTypedArray::from_object(object.clone()).ok())
        .filter(|array| array.kind() == Some(TypedArrayKind::Uint8))
        .ok_or_else(|| {
            JsNativeError::typ().with_message(format!(
                "TextEncoder.encodeInto: the destination must be a Uint8Array, got {}; call {usage}",
                describe(args.get(1))
            ))
        })?;
    let (read, written) = view_of(&destination.into(), context)?.write(|target| encode_prefix(source.as_str(), target), context)?;
    let result = ObjectInitializer::new(context)
        .property(js_string!("read"), read, Attribute::all())
        .property(js_string!("written"), written, Attribute::all())
        .build();
    Ok(result.into())
}

/// Writes the UTF-8 of as many whole characters of `source` as fit at the start of `target`:
/// how many code units that read and bytes it wrote, twice (the second for `ByteView::write`).
fn encode_prefix(source: JsStr<'_>, target: &mut [u8]) -> ((usize, usize), usize) {
    let (mut read, mut written) = (0, 0);
    for point in source.code_points() {
        let char = usv_char(point);
        let Some(slot) = target.get_mut(written..written + char.len_utf8()) else {
            break;
        };
        char.encode_utf8(slot);
        written += slot.len();
        read += if matches!(point, CodePoint::Unicode(char) if char.len_utf16() == 2) { 2 } else { 1 };
    }
    ((read, written), written)
}

/// What a value is, for an error message: `undefined`, `a string`, `an Array`.
fn describe(value: Option<&JsValue>) -> String {
    match value {
        None => "nothing".to_owned(),
        Some(value) if value.is_null_or_undefined() => value.display().to_string(),
        Some(value) => match value.as_object() {
            Some(object) if object.is_array() => "an Array".to_owned(),
            Some(object) if JsTypedArray::from_object(object.clone()).is_ok() => "a typed array of another kind".to_owned(),
            Some(_) => "an object".to_owned(),
            None => format!("a {}", value.type_of()),
        },
    }
}

/// The bytes of `value`, if it is a BufferSource (a detached buffer shows none).
fn view_of(value: &JsValue, context: &mut Context) -> JsResult<ByteView> {
    let view = match value.as_object() {
        Some(object) => ByteView::of(&object, context)?,
        None => None,
    };
    view.ok_or_else(|| {
        JsNativeError::typ()
            .with_message(format!(
                "TextDecoder.decode: the input must be an ArrayBuffer, a SharedArrayBuffer, a typed array or a DataView, got {}",
                describe(Some(value))
            ))
            .into()
    })
}

#[derive(Trace, Finalize, JsData)]
#[boa_gc(unsafe_empty_trace)]
pub struct TextDecoder {
    encoding: &'static Encoding,
    fatal: bool,
    ignore_bom: bool,
    /// The decoder of a stream in progress (`decode(chunk, { stream: true })`); none between
    /// streams, when each `decode` starts afresh.
    stream: Option<Decoder>,
}

impl TextDecoder {
    /// The standard's names are in lowercase (`Shift_JIS` is `shift_jis`).
    fn encoding_name(&self) -> String {
        self.encoding.name().to_ascii_lowercase()
    }
}

/// For a TextEncoder or TextDecoder, its class's name and how Node's console shows it (their
/// custom inspections, own properties left out): `{ encoding: 'utf-8' }`, and `TextDecoder {
/// encoding: 'utf-8', fatal: false, ignoreBOM: false }`; none for other objects.
pub fn inspection(object: &JsObject, constructor: Option<&str>) -> Option<(&'static str, String)> {
    if object.downcast_ref::<TextEncoder>().is_some() {
        return Some((TextEncoder::NAME, "{ encoding: 'utf-8' }".to_owned()));
    }
    let decoder = object.downcast_ref::<TextDecoder>()?;
    let name = constructor.unwrap_or(TextDecoder::NAME);
    let text = format!("{name} {{ encoding: '{}', fatal: {}, ignoreBOM: {} }}", decoder.encoding_name(), decoder.fatal, decoder.ignore_bom);
    Some((TextDecoder::NAME, text))
}

impl Class for TextDecoder {
    const NAME: &'static str = "TextDecoder";
    const ATTRIBUTES: Attribute = CLASS_ATTRIBUTES;

    fn init(class: &mut ClassBuilder<'_>) -> JsResult<()> {
        getter(
            class,
            "encoding",
            NativeFunction::from_fn_ptr(|this, _, _| {
                let decoder = receiver::<TextDecoder>(this, "TextDecoder")?;
                Ok(JsString::from(decoder.borrow().data().encoding_name()).into())
            }),
        );
        getter(
            class,
            "fatal",
            NativeFunction::from_fn_ptr(|this, _, _| Ok(receiver::<TextDecoder>(this, "TextDecoder")?.borrow().data().fatal.into())),
        );
        getter(
            class,
            "ignoreBOM",
            NativeFunction::from_fn_ptr(|this, _, _| Ok(receiver::<TextDecoder>(this, "TextDecoder")?.borrow().data().ignore_bom.into())),
        );
        class.method(js_string!("decode"), 0, NativeFunction::from_fn_ptr(decode));
        to_string_tag(class, "TextDecoder");
        Ok(())
    }

    fn data_constructor(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<Self> {
        let encoding = match args.first() {
            None => UTF_8,
            Some(label) if label.is_undefined() => UTF_8,
            Some(label) => encoding_for(label.to_string(context)?, context)?,
        };
        let [fatal, ignore_bom] = options(args.get(1), ["fatal", "ignoreBOM"], "new TextDecoder(label, options)", context)?;
        Ok(TextDecoder { encoding, fatal, ignore_bom, stream: None })
    }
}

/// The longest label of the Encoding Standard is 19 characters; a longer one names nothing.
const LONGEST_LABEL: usize = 19;

/// The encoding `label` names (ASCII case and the ASCII whitespace around it aside); the
/// `replacement` encoding's labels name none, as for TextDecoder in the standard.
fn encoding_for(label: JsString, context: &mut Context) -> JsResult<&'static Encoding> {
    let is_space = |unit: u16| matches!(unit, 0x09 | 0x0A | 0x0C | 0x0D | 0x20);
    let start = label.iter().position(|unit| !is_space(unit)).unwrap_or(label.len());
    let end =
        (start..label.len()).rev().find(|&at| label.code_unit_at(at).is_some_and(|unit| !is_space(unit))).map_or(start, |last| last + 1);
    let name: Option<Vec<u8>> = (end - start <= LONGEST_LABEL)
        .then(|| (start..end).map(|at| label.code_unit_at(at).and_then(|unit| u8::try_from(unit).ok())).collect())
        .flatten();
    if let Some(encoding) = name.and_then(|name| Encoding::for_label_no_replacement(&name)) {
        return Ok(encoding);
    }
    // The message holds the label, once as UTF-8 and once as the error's string.
    context.reserve_memory(usv_utf8_len(label.as_str()) + 2 * label.len())?;
    let message = format!("The \"{}\" encoding is not supported", label.to_std_string_lossy());
    Err(with_properties(
        JsNativeError::range().with_message(message),
        &[("code", js_string!("ERR_ENCODING_NOT_SUPPORTED").into())],
        context,
    ))
}

/// A WebIDL dictionary of booleans (`{ fatal, ignoreBOM }`), read in the order of `names`; absent
/// members are false.
fn options<const N: usize>(value: Option<&JsValue>, names: [&str; N], usage: &str, context: &mut Context) -> JsResult<[bool; N]> {
    let mut flags = [false; N];
    let Some(value) = value.filter(|value| !value.is_null_or_undefined()) else {
        return Ok(flags);
    };
    let Some(object) = value.as_object() else {
        return Err(JsNativeError::typ()
            .with_message(format!(
                "the options must be an object such as {{ {}: true }}, got {}; call {usage}",
                names[0],
                describe(Some(value))
            ))
            .into());
    };
    for (flag, name) in flags.iter_mut().zip(names) {
        *flag = object.get(JsString::from(name), context)?.to_boolean();
    }
    Ok(flags)
}

/// `decode(input, { stream })`: the text of `input`'s bytes, after what earlier chunks of a
/// stream left over.
fn decode(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = receiver::<TextDecoder>(this, "TextDecoder")?;
    let input = args.first().filter(|input| !input.is_undefined());
    // Only the kind of the input is checked before the options are read (WebIDL's order); its
    // bytes are read after, since reading the options runs program code.
    if let Some(input) = input {
        view_of(input, context)?;
    }
    let [stream] = options(args.get(1), ["stream"], "decoder.decode(bytes, { stream: true })", context)?;
    let view = match input {
        Some(input) => Some(view_of(input, context)?),
        None => None,
    };
    let (encoding, fatal, ignore_bom, decoder) = {
        let mut data = object.borrow_mut();
        let data = data.data_mut();
        (data.encoding, data.fatal, data.ignore_bom, data.stream.take())
    };
    let (length, ascii) = view.as_ref().map_or((0, true), |view| view.read(|bytes| (bytes.len(), bytes.is_ascii())));
    // A whole input of ASCII in an encoding that keeps ASCII as it is, is the string of its bytes.
    if decoder.is_none() && !stream && ascii && encoding.is_ascii_compatible() {
        context.reserve_memory(length)?;
        let text = view.map_or_else(JsString::default, |view| view.read(|bytes| JsString::from(JsStr::latin1(bytes))));
        return Ok(text.into());
    }
    let mut decoder = decoder
        .unwrap_or_else(|| if ignore_bom { encoding.new_decoder_without_bom_handling() } else { encoding.new_decoder_with_bom_removal() });
    let capacity = decoder.max_utf16_buffer_length(length).unwrap_or(usize::MAX);
    // The UTF-16 output, then the string made of it.
    context.reserve_memory(capacity.saturating_mul(4))?;
    let mut output = vec![0u16; capacity];
    let decoded = match &view {
        Some(view) => view.read(|bytes| decode_into(&mut decoder, bytes, &mut output, !stream, fatal)),
        None => decode_into(&mut decoder, &[], &mut output, !stream, fatal),
    };
    if stream {
        object.borrow_mut().data_mut().stream = Some(decoder);
    }
    match decoded {
        Some(written) => Ok(JsString::from(&output[..written]).into()),
        None => {
            let name = encoding.name().to_ascii_lowercase();
            let message = format!("The encoded data was not valid for encoding {name}");
            Err(with_properties(
                JsNativeError::typ().with_message(message),
                &[("code", js_string!("ERR_ENCODING_INVALID_ENCODED_DATA").into())],
                context,
            ))
        }
    }
}

/// Decodes `bytes` into `output` (as long as the decoder's maximum for them), each malformed
/// sequence as U+FFFD, or None at the first one when `fatal`. `last` ends the stream.
fn decode_into(decoder: &mut Decoder, bytes: &[u8], output: &mut [u16], last: bool, fatal: bool) -> Option<usize> {
    if fatal {
        match decoder.decode_to_utf16_without_replacement(bytes, output, last) {
            (DecoderResult::InputEmpty, _, written) => Some(written),
            (DecoderResult::Malformed(..) | DecoderResult::OutputFull, ..) => None,
        }
    } else {
        let (result, _, written, _) = decoder.decode_to_utf16(bytes, output, last);
        // The output is as long as `max_utf16_buffer_length` says it must be, so it never fills.
        (result == CoderResult::InputEmpty).then_some(written)
    }
}
