//! Patched (code-runtime-boa), new: the `Intl` namespace over this module's formatters:
//! `NumberFormat`, `Collator`, `DateTimeFormat`, `PluralRules`, `RelativeTimeFormat`,
//! `ListFormat` and `Segmenter`, each with `resolvedOptions()` and `supportedLocalesOf`, as native functions (no
//! script to parse when a program first reads `Intl`). The embedder defines the global (`create`).

use boa_gc::{Finalize, Trace};
use boa_macros::JsData;

use super::collation::Collator;
use super::date::{DateTimeFormat, Defaults, Required};
use super::list::{ListFormat, string_list};
use super::number::{NumberFormat, Part};
use super::plural::PluralRules;
use super::relative_time::RelativeTimeFormat;
use super::segmenter::{self, Segmenter};
use crate::builtins::iterable::create_iter_result_object;
use crate::builtins::string::comparison_steps;
use crate::native_function::NativeFunctionPointer;
use crate::object::{FunctionObjectBuilder, JsArray, NativeObject};
use crate::property::PropertyDescriptor;
use crate::{Context, JsArgs, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction, js_string};

/// What the namespace needs of each service's objects.
trait Service: NativeObject + Sized {
    /// `Intl[NAME]`.
    const NAME: &'static str;
    /// Whether the constructor also makes an object when called without `new` (the three
    /// older services, as ECMA-402 has it).
    const CALLABLE: bool;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self>;
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject>;
    /// Locales besides English it takes (`supportedLocalesOf`).
    fn accepts_locale(_tag: &str) -> bool {
        false
    }
}

/// An object of a service whose `format` or `compare` is a getter: the function it returns,
/// made once.
#[derive(Trace, Finalize, JsData)]
struct NumberFormatObject {
    #[unsafe_ignore_trace]
    format: NumberFormat,
    bound: Option<JsObject>,
}

#[derive(Trace, Finalize, JsData)]
struct CollatorObject {
    #[unsafe_ignore_trace]
    collator: Collator,
    bound: Option<JsObject>,
}

#[derive(Trace, Finalize, JsData)]
struct DateTimeFormatObject {
    #[unsafe_ignore_trace]
    format: DateTimeFormat,
    bound: Option<JsObject>,
}

#[derive(Trace, Finalize, JsData)]
struct PluralRulesObject {
    #[unsafe_ignore_trace]
    rules: PluralRules,
}

#[derive(Trace, Finalize, JsData)]
struct RelativeTimeFormatObject {
    #[unsafe_ignore_trace]
    format: RelativeTimeFormat,
}

#[derive(Trace, Finalize, JsData)]
struct ListFormatObject {
    #[unsafe_ignore_trace]
    format: ListFormat,
}

impl Service for NumberFormatObject {
    const NAME: &'static str = "NumberFormat";
    const CALLABLE: bool = true;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { format: NumberFormat::new(locales, options, context)?, bound: None })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.format.resolved_options(context)
    }
}

impl Service for CollatorObject {
    const NAME: &'static str = "Collator";
    const CALLABLE: bool = true;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { collator: Collator::new(locales, options, context)?, bound: None })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.collator.resolved_options(context)
    }
    fn accepts_locale(tag: &str) -> bool {
        super::collation::accepts_locale(tag)
    }
}

impl Service for DateTimeFormatObject {
    const NAME: &'static str = "DateTimeFormat";
    const CALLABLE: bool = true;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { format: DateTimeFormat::new(locales, options, Required::Any, Defaults::Date, context)?, bound: None })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.format.resolved_options(context)
    }
}

impl Service for PluralRulesObject {
    const NAME: &'static str = "PluralRules";
    const CALLABLE: bool = false;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { rules: PluralRules::new(locales, options, context)? })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.rules.resolved_options(context)
    }
}

impl Service for RelativeTimeFormatObject {
    const NAME: &'static str = "RelativeTimeFormat";
    const CALLABLE: bool = false;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { format: RelativeTimeFormat::new(locales, options, context)? })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.format.resolved_options(context)
    }
}

#[derive(Trace, Finalize, JsData)]
struct SegmenterObject {
    #[unsafe_ignore_trace]
    segmenter: Segmenter,
}

impl Service for SegmenterObject {
    const NAME: &'static str = "Segmenter";
    const CALLABLE: bool = false;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { segmenter: Segmenter::new(locales, options, context)? })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.segmenter.resolved_options(context)
    }
    fn accepts_locale(tag: &str) -> bool {
        segmenter::default_rules_apply(tag)
    }
}

/// What `segmenter.segment(text)` returns: nothing is segmented until it is iterated or asked.
#[derive(Trace, Finalize, JsData)]
struct SegmentsObject {
    #[unsafe_ignore_trace]
    text: JsString,
    #[unsafe_ignore_trace]
    granularity: &'static str,
    iterator_prototype: JsObject,
}

/// An iterator over a text's segments, each found when `next()` asks for it.
#[derive(Trace, Finalize, JsData)]
struct SegmentIteratorObject {
    #[unsafe_ignore_trace]
    text: JsString,
    #[unsafe_ignore_trace]
    granularity: &'static str,
    #[unsafe_ignore_trace]
    decoded: String,
    /// Where the next segment starts, in `decoded` and in `text`.
    byte: usize,
    unit: usize,
}

/// %SegmentsPrototype% and %SegmentIteratorPrototype%, made with the namespace.
#[derive(Clone, Trace, Finalize)]
struct SegmentPrototypes {
    segments: JsObject,
    iterator: JsObject,
}

impl Service for ListFormatObject {
    const NAME: &'static str = "ListFormat";
    const CALLABLE: bool = false;
    fn create(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        Ok(Self { format: ListFormat::new(locales, options, context)? })
    }
    fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        self.format.resolved_options(context)
    }
}

/// A new `Intl` namespace object.
pub fn create(context: &mut Context) -> JsResult<JsObject> {
    let intl = JsObject::with_object_proto(context.intrinsics());
    class::<NumberFormatObject>(&intl, &[("formatToParts", 1, number_format_to_parts)], Some(("format", number_format_getter)), context)?;
    class::<CollatorObject>(&intl, &[], Some(("compare", collator_compare_getter)), context)?;
    class::<DateTimeFormatObject>(&intl, &[("formatToParts", 1, date_format_to_parts)], Some(("format", date_format_getter)), context)?;
    class::<PluralRulesObject>(&intl, &[("select", 1, plural_select)], None, context)?;
    class::<RelativeTimeFormatObject>(
        &intl,
        &[("format", 2, relative_format), ("formatToParts", 2, relative_format_to_parts)],
        None,
        context,
    )?;
    class::<ListFormatObject>(&intl, &[("format", 1, list_format), ("formatToParts", 1, list_format_to_parts)], None, context)?;
    class::<SegmenterObject>(&intl, &[], None, context)?;
    define_segment(&intl, context)?;
    let tag = PropertyDescriptor::builder().value(js_string!("Intl")).writable(false).enumerable(false).configurable(true);
    intl.define_property_or_throw(JsSymbol::to_string_tag(), tag, context)?;
    Ok(intl)
}

/// Defines `Intl[T::NAME]`: its constructor with `supportedLocalesOf`, and its prototype with
/// `methods`, the optional `getter`, `resolvedOptions` and `Symbol.toStringTag`.
fn class<T: Service>(
    intl: &JsObject,
    methods: &[(&'static str, usize, NativeFunctionPointer)],
    getter: Option<(&'static str, NativeFunctionPointer)>,
    context: &mut Context,
) -> JsResult<()> {
    let prototype = JsObject::with_object_proto(context.intrinsics());
    let construct = NativeFunction::from_copy_closure_with_captures(
        |new_target, args, prototype: &JsObject, context| {
            if !T::CALLABLE && new_target.is_undefined() {
                return Err(JsNativeError::typ().with_message(format!("Constructor Intl.{} requires 'new'", T::NAME)).into());
            }
            let data = T::create(args.get_or_undefined(0), args.get_or_undefined(1), context)?;
            let prototype = match new_target.as_object() {
                Some(target) => target.get(js_string!("prototype"), context)?.as_object().unwrap_or_else(|| prototype.clone()),
                None => prototype.clone(),
            };
            Ok(JsObject::from_proto_and_data(prototype, data).into())
        },
        prototype.clone(),
    );
    let constructor = FunctionObjectBuilder::new(context.realm(), construct).name(js_string!(T::NAME)).length(0).constructor(true).build();
    let fixed = PropertyDescriptor::builder().value(prototype.clone()).writable(false).enumerable(false).configurable(false);
    constructor.define_property_or_throw(js_string!("prototype"), fixed, context)?;
    method(&constructor, "supportedLocalesOf", 1, supported_locales_of::<T>, context)?;

    prototype.define_property_or_throw(js_string!("constructor"), hidden(constructor.clone().into()), context)?;
    for &(name, length, function) in methods {
        method(&prototype, name, length, function, context)?;
    }
    method(&prototype, "resolvedOptions", 0, resolved_options::<T>, context)?;
    if let Some((name, function)) = getter {
        let get = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(function))
            .name(js_string!(format!("get {name}")))
            .length(0)
            .build();
        let accessor = PropertyDescriptor::builder().get(get).enumerable(false).configurable(true);
        prototype.define_property_or_throw(js_string!(name), accessor, context)?;
    }
    let tag =
        PropertyDescriptor::builder().value(js_string!(format!("Intl.{}", T::NAME))).writable(false).enumerable(false).configurable(true);
    prototype.define_property_or_throw(JsSymbol::to_string_tag(), tag, context)?;
    intl.define_property_or_throw(js_string!(T::NAME), hidden(constructor.into()), context)?;
    Ok(())
}

/// A writable, configurable, non-enumerable data property, as built-in methods are.
fn hidden(value: JsValue) -> PropertyDescriptor {
    PropertyDescriptor::builder().value(value).writable(true).enumerable(false).configurable(true).build()
}

fn method(object: &JsObject, name: &'static str, length: usize, function: NativeFunctionPointer, context: &mut Context) -> JsResult<()> {
    let function =
        FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(function)).name(js_string!(name)).length(length).build();
    object.define_property_or_throw(js_string!(name), hidden(function.into()), context)?;
    Ok(())
}

/// `this` as an object of service `T`, or a TypeError naming the method called on something
/// else.
fn receiver<T: Service>(this: &JsValue, method: &str) -> JsResult<JsObject> {
    match this.as_object() {
        Some(object) if object.is::<T>() => Ok(object.clone()),
        _ => Err(JsNativeError::typ()
            .with_message(format!("Method Intl.{}.prototype.{method} called on incompatible receiver", T::NAME))
            .into()),
    }
}

/// The state of `this`, cloned: nothing stays borrowed while the call converts its arguments
/// (which may run program code that uses the same object).
fn state<T: Service, S>(this: &JsValue, method: &str, of: fn(&T) -> S) -> JsResult<S> {
    let object = receiver::<T>(this, method)?;
    let data = object.downcast_ref::<T>().expect("checked by receiver");
    Ok(of(&data))
}

fn supported_locales_of<T: Service>(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let locales = super::supported_locales(args.get_or_undefined(0), T::accepts_locale, context)?;
    Ok(JsArray::from_iter(locales.into_iter().map(|tag| JsValue::from(js_string!(tag))), context).into())
}

fn resolved_options<T: Service>(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = receiver::<T>(this, "resolvedOptions")?;
    let data = object.downcast_ref::<T>().expect("checked by receiver");
    Ok(data.resolved_options(context)?.into())
}

fn part_object(kind: &str, value: JsString, context: &mut Context) -> JsResult<JsObject> {
    let part = JsObject::with_object_proto(context.intrinsics());
    part.create_data_property_or_throw(js_string!("type"), js_string!(kind), context)?;
    part.create_data_property_or_throw(js_string!("value"), value, context)?;
    Ok(part)
}

fn parts_array(parts: Vec<Part>, context: &mut Context) -> JsResult<JsValue> {
    let objects = parts
        .into_iter()
        .map(|(kind, value)| part_object(kind, js_string!(value), context).map(JsValue::from))
        .collect::<JsResult<Vec<_>>>()?;
    Ok(JsArray::from_iter(objects, context).into())
}

/// A getter's function: `function` with `this` bound to the getter's object, made once per
/// object (as `nf.format === nf.format` in V8) and kept in the slot `cache` returns.
fn bound<T: Service>(
    this: &JsValue,
    name: &str,
    cache: fn(&mut T) -> &mut Option<JsObject>,
    length: usize,
    function: NativeFunctionPointer,
    context: &mut Context,
) -> JsResult<JsValue> {
    let object = receiver::<T>(this, name)?;
    if let Some(function) = cache(&mut object.downcast_mut::<T>().expect("checked by receiver")) {
        return Ok(function.clone().into());
    }
    let native = NativeFunction::from_copy_closure_with_captures(
        move |_, args, object: &JsObject, context| function(&object.clone().into(), args, context),
        object.clone(),
    );
    let made: JsObject = FunctionObjectBuilder::new(context.realm(), native).length(length).build().into();
    *cache(&mut object.downcast_mut::<T>().expect("checked by receiver")) = Some(made.clone());
    Ok(made.into())
}

fn number_format_getter(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    bound::<NumberFormatObject>(this, "format", |o| &mut o.bound, 1, number_format, context)
}

fn number_format(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let format = state(this, "format", |o: &NumberFormatObject| o.format.clone())?;
    Ok(js_string!(format.format_value(args.get_or_undefined(0), context)?).into())
}

fn number_format_to_parts(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let format = state(this, "formatToParts", |o: &NumberFormatObject| o.format.clone())?;
    let parts = format.parts_of_value(args.get_or_undefined(0), context)?;
    parts_array(parts, context)
}

fn collator_compare_getter(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    bound::<CollatorObject>(this, "compare", |o| &mut o.bound, 2, collator_compare, context)
}

fn collator_compare(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let collator = state(this, "compare", |o: &CollatorObject| o.collator.clone())?;
    let a = args.get_or_undefined(0).to_string(context)?;
    let b = args.get_or_undefined(1).to_string(context)?;
    Ok((collator.compare(&a, &b, context)? as i8).into())
}

/// The time value `format(date)` formats: now when `date` is undefined.
fn time_value(date: &JsValue, context: &mut Context) -> JsResult<f64> {
    if date.is_undefined() {
        return Ok(context.clock().system_time_millis() as f64);
    }
    date.to_number(context)
}

fn date_format_getter(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    bound::<DateTimeFormatObject>(this, "format", |o| &mut o.bound, 1, date_format, context)
}

fn date_format(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let format = state(this, "format", |o: &DateTimeFormatObject| o.format.clone())?;
    let t = time_value(args.get_or_undefined(0), context)?;
    Ok(js_string!(format.format(t)?).into())
}

fn date_format_to_parts(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let format = state(this, "formatToParts", |o: &DateTimeFormatObject| o.format.clone())?;
    let t = time_value(args.get_or_undefined(0), context)?;
    parts_array(format.parts(t)?, context)
}

fn plural_select(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let rules = state(this, "select", |o: &PluralRulesObject| o.rules.clone())?;
    let n = args.get_or_undefined(0).to_number(context)?;
    Ok(js_string!(rules.select(n)).into())
}

fn relative_parts(this: &JsValue, args: &[JsValue], method: &str, context: &mut Context) -> JsResult<Vec<Part>> {
    let format = state(this, method, |o: &RelativeTimeFormatObject| o.format.clone())?;
    format.parts(args.get_or_undefined(0), args.get_or_undefined(1), method, context)
}

fn relative_format(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let parts = relative_parts(this, args, "format", context)?;
    Ok(js_string!(super::number::join(&parts)).into())
}

fn relative_format_to_parts(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let parts = relative_parts(this, args, "formatToParts", context)?;
    // The number's parts name the unit they belong to (`{ type: 'integer', value: '3', unit: 'day' }`).
    let unit = args.get_or_undefined(1).to_string(context)?.to_std_string_escaped();
    let unit = js_string!(unit.strip_suffix('s').unwrap_or(&unit));
    let mut objects = Vec::with_capacity(parts.len());
    for (kind, value) in parts {
        let part = part_object(kind, js_string!(value), context)?;
        if kind != "literal" {
            part.create_data_property_or_throw(js_string!("unit"), unit.clone(), context)?;
        }
        objects.push(JsValue::from(part));
    }
    Ok(JsArray::from_iter(objects, context).into())
}

fn list_parts(this: &JsValue, args: &[JsValue], method: &str, context: &mut Context) -> JsResult<Vec<(&'static str, JsString)>> {
    let format = state(this, method, |o: &ListFormatObject| o.format.clone())?;
    let list = string_list(args.get_or_undefined(0), context)?;
    Ok(format.parts(&list))
}

fn list_format(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let parts = list_parts(this, args, "format", context)?;
    let text: Vec<u16> = parts.iter().flat_map(|(_, value)| value.iter()).collect();
    Ok(JsString::from(text.as_slice()).into())
}

fn list_format_to_parts(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let parts = list_parts(this, args, "formatToParts", context)?;
    let objects =
        parts.into_iter().map(|(kind, value)| part_object(kind, value, context).map(JsValue::from)).collect::<JsResult<Vec<_>>>()?;
    Ok(JsArray::from_iter(objects, context).into())
}

/// `Intl.Segmenter.prototype.segment`, and the prototypes of what it returns.
fn define_segment(intl: &JsObject, context: &mut Context) -> JsResult<()> {
    let iterator = JsObject::from_proto_and_data(
        context.intrinsics().constructors().iterator().prototype(),
        crate::builtins::OrdinaryObject,
    );
    method(&iterator, "next", 0, segment_iterator_next, context)?;
    let tag = PropertyDescriptor::builder().value(js_string!("Segmenter String Iterator")).writable(false).enumerable(false).configurable(true);
    iterator.define_property_or_throw(JsSymbol::to_string_tag(), tag, context)?;

    let segments = JsObject::with_object_proto(context.intrinsics());
    method(&segments, "containing", 1, segments_containing, context)?;
    let iterate = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(segments_iterator))
        .name(js_string!("[Symbol.iterator]"))
        .length(0)
        .build();
    segments.define_property_or_throw(JsSymbol::iterator(), hidden(iterate.into()), context)?;

    let prototypes = SegmentPrototypes { segments, iterator };
    let segment = NativeFunction::from_copy_closure_with_captures(
        |this, args, prototypes: &SegmentPrototypes, context| {
            let granularity = state(this, "segment", |o: &SegmenterObject| o.segmenter.granularity)?;
            let text = args.get_or_undefined(0).to_string(context)?;
            let data = SegmentsObject { text, granularity, iterator_prototype: prototypes.iterator.clone() };
            Ok(JsObject::from_proto_and_data(prototypes.segments.clone(), data).into())
        },
        prototypes,
    );
    let segment = FunctionObjectBuilder::new(context.realm(), segment).name(js_string!("segment")).length(1).build();
    let prototype = intl.get(js_string!("Segmenter"), context)?.as_object().and_then(|constructor| {
        constructor.get(js_string!("prototype"), context).ok().and_then(|prototype| prototype.as_object())
    });
    let prototype = prototype.ok_or_else(|| JsNativeError::typ().with_message("Intl.Segmenter has no prototype"))?;
    prototype.define_property_or_throw(js_string!("segment"), hidden(segment.into()), context)?;
    Ok(())
}

/// `this` as a segments object: its text, granularity and iterator prototype.
fn segments_of(this: &JsValue, method: &str) -> JsResult<(JsString, &'static str, JsObject)> {
    let object = this.as_object().filter(|object| object.is::<SegmentsObject>()).ok_or_else(|| {
        JsNativeError::typ().with_message(format!("Method %Segments.prototype%.{method} called on incompatible receiver"))
    })?;
    let data = object.downcast_ref::<SegmentsObject>().expect("checked above");
    Ok((data.text.clone(), data.granularity, data.iterator_prototype.clone()))
}

/// A segment as a program sees it: `{ segment, index, input }`, and `isWordLike` for words.
fn segment_data(text: &JsString, start: usize, segment: &str, granularity: &str, context: &mut Context) -> JsResult<JsValue> {
    let end = start + segment.encode_utf16().count();
    let data = JsObject::with_object_proto(context.intrinsics());
    data.create_data_property_or_throw(js_string!("segment"), text.slice(start, end), context)?;
    data.create_data_property_or_throw(js_string!("index"), JsValue::new(start as f64), context)?;
    data.create_data_property_or_throw(js_string!("input"), text.clone(), context)?;
    if granularity == "word" {
        data.create_data_property_or_throw(js_string!("isWordLike"), segmenter::is_word_like(segment), context)?;
    }
    Ok(data.into())
}

fn segments_iterator(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (text, granularity, prototype) = segments_of(this, "[Symbol.iterator]")?;
    // Decoding is work in proportion to the text: counted toward the compute budget.
    context.count_steps(comparison_steps(text.len()))?;
    let decoded = segmenter::decode(&text);
    let data = SegmentIteratorObject { text, granularity, decoded, byte: 0, unit: 0 };
    Ok(JsObject::from_proto_and_data(prototype, data).into())
}

fn segment_iterator_next(this: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let object = this.as_object().filter(|object| object.is::<SegmentIteratorObject>()).ok_or_else(|| {
        JsNativeError::typ().with_message("Method %SegmentIterator.prototype%.next called on incompatible receiver")
    })?;
    let (text, granularity, start, segment) = {
        let data = object.downcast_ref::<SegmentIteratorObject>().expect("checked above");
        let Some(segment) = segmenter::first_segment(&data.decoded[data.byte..], data.granularity) else {
            return Ok(create_iter_result_object(JsValue::undefined(), true, context));
        };
        (data.text.clone(), data.granularity, data.unit, segment.to_owned())
    };
    context.count_steps(comparison_steps(segment.len()))?;
    {
        let mut data = object.downcast_mut::<SegmentIteratorObject>().expect("checked above");
        data.byte += segment.len();
        data.unit += segment.encode_utf16().count();
    }
    let value = segment_data(&text, start, &segment, granularity, context)?;
    Ok(create_iter_result_object(value, false, context))
}

fn segments_containing(this: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (text, granularity, _) = segments_of(this, "containing")?;
    let index = args.get_or_undefined(0).to_integer_or_infinity(context)?;
    let index = match index {
        crate::value::IntegerOrInfinity::Integer(index) if index >= 0 && (index as usize) < text.len() => index as usize,
        _ => return Ok(JsValue::undefined()),
    };
    // Segments are found from the start of the text up to the one asked for.
    context.count_steps(comparison_steps(text.len()))?;
    let decoded = segmenter::decode(&text);
    let (mut byte, mut unit) = (0, 0);
    while let Some(segment) = segmenter::first_segment(&decoded[byte..], granularity) {
        let units = segment.encode_utf16().count();
        if index < unit + units {
            return segment_data(&text, unit, segment, granularity, context);
        }
        byte += segment.len();
        unit += units;
    }
    Ok(JsValue::undefined())
}
