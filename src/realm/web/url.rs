//! `URL` and `URLSearchParams`, the URL Standard's API. `URL` parses with ada (the `ada-url`
//! crate, the C++ parser Node's `URL` is built on), so a program's URLs parse, resolve and change
//! as they do in Node; `URLSearchParams` is a script (`js/url_search_params.js`) over the
//! standard's form-urlencoded parser, and a URL's `searchParams` is its live query object.
//!
//! ada allocates from the C++ heap, which the counting allocator does not see: each URL counts
//! what it can hold there into the thread's memory count while it lives, and each parse is
//! charged its peak before it starts.

use boa_engine::class::{Class, ClassBuilder};
use boa_engine::object::FunctionObjectBuilder;
use boa_engine::object::builtins::{JsArray, JsFunction};
use boa_engine::property::Attribute;
use boa_engine::{
    Context, Finalize, JsData, JsError, JsNativeError, JsObject, JsResult, JsString, JsSymbol, JsValue, NativeFunction, Trace, js_string,
};

use ada_url::ffi;

use super::{accessor_function, missing_argument, receiver, usv_utf8_len, with_properties};
use crate::run::memory;

/// Defines the globals `URL` and `URLSearchParams`.
pub fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_class::<Url>()?;
    let parse = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(parse_form_urlencoded)).length(1).build();
    let expose = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_fn_ptr(expose_query_lists)).length(2).build();
    crate::realm::evaluated_global(context, "URLSearchParams", include_str!("../js/url_search_params.js"), &[parse.into(), expose.into()])
}

/// How the console reads a URLSearchParams' list without running program code: the class's
/// prototype, and the script's function that returns an instance's own list (by its private
/// field, which no getter or Proxy trap stands in front of).
#[derive(Trace, Finalize, JsData)]
struct QueryLists {
    prototype: JsObject,
    list_of: JsFunction,
}

/// Called once by the script with `(URLSearchParams.prototype, listOf)`.
fn expose_query_lists(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let prototype = args.first().and_then(JsValue::as_object);
    let list_of = args.get(1).and_then(JsValue::as_object).and_then(JsFunction::from_object);
    let (Some(prototype), Some(list_of)) = (prototype, list_of) else {
        return Err(JsNativeError::typ().with_message("the URLSearchParams script exposes its prototype and list reader").into());
    };
    context.realm().host_defined_mut().insert(QueryLists { prototype, list_of });
    Ok(JsValue::undefined())
}

/// The list (`[name, value]` arrays) of `object` when it is a URLSearchParams, read as
/// `expose_query_lists` says; None for any other object.
pub fn query_list(object: &JsObject, context: &mut Context) -> JsResult<Option<JsValue>> {
    let lists = context.realm().host_defined().get::<QueryLists>().map(|lists| (lists.prototype.clone(), lists.list_of.clone()));
    let Some((prototype, list_of)) = lists else {
        return Ok(None);
    };
    let mut chain = object.prototype();
    while let Some(link) = chain {
        if link == prototype {
            return Ok(Some(list_of.call(&JsValue::undefined(), &[object.clone().into()], context)?));
        }
        chain = link.prototype();
    }
    Ok(None)
}

/// Whether `object` is a URL (a subclass's instance too).
pub fn is_url(object: &JsObject) -> bool {
    object.is::<Url>()
}

/// A URL's attributes as Node's console prints them, in the URL Standard's order (`searchParams`
/// is printed from the query's pairs, [`query_pairs`]); None for an object that is not a URL.
pub fn attributes(object: &JsObject) -> Option<Vec<(&'static str, JsString)>> {
    let url = object.downcast_ref::<Url>()?;
    let mut attributes = vec![("href", JsString::from(url.url.href())), ("origin", JsString::from(url.url.origin()))];
    attributes.extend(PARTS.iter().skip(1).map(|part| (part.name, JsString::from((part.get)(&url.url)))));
    Some(attributes)
}

/// The name-value pairs of a URL's query (`search`), as its query object holds them.
pub fn query_pairs(search: &JsString) -> Vec<(JsString, JsString)> {
    let search = search.to_std_string_lossy();
    form_urlencoded::parse(search.trim_start_matches('?').as_bytes())
        .map(|(name, value)| (JsString::from(&*name), JsString::from(&*value)))
        .collect()
}

#[derive(Trace, Finalize, JsData)]
#[boa_gc(unsafe_no_drop)]
pub struct Url {
    #[unsafe_ignore_trace]
    url: ada_url::Url,
    /// The most bytes ada's copy of this URL can hold on the C++ heap, as counted.
    #[unsafe_ignore_trace]
    held: usize,
}

/// ada's URL object itself, beside its text.
const ADA_URL_BYTES: usize = 128;

/// What ada holds for a URL parsed from `input_bytes` of text: its text in a buffer reserved at
/// the input's length rounded up to a power of two, and doubled whenever it outgrows it. (A
/// setter's own parse is freed before it returns: `set_part` charges its peak.)
fn held_bytes(input_bytes: usize, href_bytes: usize) -> usize {
    ADA_URL_BYTES + 2 * input_bytes.max(href_bytes)
}

impl Url {
    fn new(url: ada_url::Url, input_bytes: usize) -> Self {
        let held = held_bytes(input_bytes, url.href().len());
        memory::count_foreign(held as isize);
        Url { url, held }
    }

    /// Counts what ada may hold after a change: its buffer never shrinks (a new `href` is
    /// copied into it), and doubles when it outgrows it.
    fn recount(&mut self) {
        let held = self.held.max(held_bytes(0, self.url.href().len()));
        memory::count_foreign(held as isize - self.held as isize);
        self.held = held;
    }
}

impl Drop for Url {
    fn drop(&mut self) {
        memory::count_foreign(-(self.held as isize));
    }
}

/// An attribute of `URL.prototype`: how to read it from ada, and how to set it (those ada
/// refuses leave the URL as it was, but for `href`, whose failure is a TypeError).
struct Part {
    name: &'static str,
    get: fn(&ada_url::Url) -> &str,
    set: fn(&mut ada_url::Url, &str) -> bool,
}

static PARTS: [Part; 10] = [
    Part { name: "href", get: ada_url::Url::href, set: |url, value| url.set_href(value).is_ok() },
    Part { name: "protocol", get: ada_url::Url::protocol, set: |url, value| url.set_protocol(value).is_ok() },
    Part { name: "username", get: ada_url::Url::username, set: |url, value| url.set_username(Some(value)).is_ok() },
    Part { name: "password", get: ada_url::Url::password, set: |url, value| url.set_password(Some(value)).is_ok() },
    Part { name: "host", get: ada_url::Url::host, set: |url, value| url.set_host(Some(value)).is_ok() },
    Part { name: "hostname", get: ada_url::Url::hostname, set: |url, value| url.set_hostname(Some(value)).is_ok() },
    Part { name: "port", get: ada_url::Url::port, set: |url, value| url.set_port(Some(value)).is_ok() },
    Part { name: "pathname", get: ada_url::Url::pathname, set: |url, value| url.set_pathname(Some(value)).is_ok() },
    Part {
        name: "search",
        get: ada_url::Url::search,
        set: |url, value| {
            url.set_search(Some(value));
            true
        },
    },
    Part {
        name: "hash",
        get: ada_url::Url::hash,
        set: |url, value| {
            url.set_hash(Some(value));
            true
        },
    },
];

impl Class for Url {
    const NAME: &'static str = "URL";
    const LENGTH: usize = 1;
    /// Web classes are writable, configurable and not enumerable globals (WebIDL).
    const ATTRIBUTES: Attribute = Attribute::WRITABLE.union(Attribute::CONFIGURABLE);

    fn init(class: &mut ClassBuilder<'_>) -> JsResult<()> {
        let attribute = Attribute::CONFIGURABLE | Attribute::ENUMERABLE;
        for part in &PARTS {
            // In the URL Standard's order: `origin` after `href`, `searchParams` (the script's)
            // after `search`.
            if part.name == "protocol" {
                let origin = NativeFunction::from_fn_ptr(|this, _, _| {
                    Ok(JsString::from(receiver::<Url>(this, "URL")?.borrow().data().url.origin()).into())
                });
                let origin = accessor_function(class.context(), "get", "origin", origin);
                class.accessor(js_string!("origin"), Some(origin), None, attribute);
            }
            let get = NativeFunction::from_copy_closure(move |this, _, _| {
                Ok(JsString::from((part.get)(&receiver::<Url>(this, "URL")?.borrow().data().url)).into())
            });
            let get = accessor_function(class.context(), "get", part.name, get);
            let (name, set) = (part.name, part.set);
            let set = NativeFunction::from_copy_closure(move |this, args, context| set_part(this, args, name, set, context));
            let set = accessor_function(class.context(), "set", part.name, set);
            class.accessor(JsString::from(part.name), Some(get), Some(set), attribute);
        }
        let href =
            NativeFunction::from_fn_ptr(|this, _, _| Ok(JsString::from(receiver::<Url>(this, "URL")?.borrow().data().url.href()).into()));
        class.method(js_string!("toString"), 0, href.clone());
        class.method(js_string!("toJSON"), 0, href);
        class.static_method(js_string!("canParse"), 1, NativeFunction::from_fn_ptr(can_parse));
        class.static_method(js_string!("parse"), 1, NativeFunction::from_fn_ptr(parse_or_null));
        class.property(JsSymbol::to_string_tag(), js_string!("URL"), Attribute::CONFIGURABLE);
        Ok(())
    }

    fn data_constructor(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<Self> {
        let (input, base) = arguments(args, "new URL", context)?;
        parse(&input, base.as_ref(), context)?.ok_or_else(|| invalid_url(input, base, context))
    }
}

/// The `(url, base)` arguments of `operation` as strings, `base` when given.
fn arguments(args: &[JsValue], operation: &str, context: &mut Context) -> JsResult<(JsString, Option<JsString>)> {
    let input = args
        .first()
        .ok_or_else(|| missing_argument(&format!("{operation}: the URL"), &format!("{operation}(url) or {operation}(url, base)")))?
        .to_string(context)?;
    let base = match args.get(1) {
        Some(base) if !base.is_undefined() => Some(base.to_string(context)?),
        _ => None,
    };
    Ok((input, base))
}

/// What parsing holds at its peak for `bytes` of text: the text as UTF-8 on each side of the
/// call, and ada's buffer, where a character outside ASCII becomes up to three times its bytes
/// (percent-encoded) in a buffer that doubles as it grows.
const PARSE_BYTES_PER_INPUT_BYTE: usize = 8;

/// `input` parsed against `base`, or None when either is not a URL.
fn parse(input: &JsString, base: Option<&JsString>, context: &mut Context) -> JsResult<Option<Url>> {
    let (input, base) = texts(input, base, context)?;
    // Through ada's C API, not `ada_url::Url::parse`, which in this version of the crate leaks
    // what ada allocates for a string that does not parse.
    // SAFETY: ada reads the two (pointer, length) strings and returns a result it allocated,
    // freed here when it is not a URL and otherwise by the `ada_url::Url` that owns it.
    let parsed = unsafe {
        match &base {
            Some(base) => ffi::ada_parse_with_base(input.as_ptr().cast(), input.len(), base.as_ptr().cast(), base.len()),
            None => ffi::ada_parse(input.as_ptr().cast(), input.len()),
        }
    };
    // SAFETY: `parsed` is ada's, as above.
    if !unsafe { ffi::ada_is_valid(parsed) } {
        unsafe { ffi::ada_free(parsed) };
        return Ok(None);
    }
    Ok(Some(Url::new(ada_url::Url::from(parsed), input.len())))
}

/// `input` and `base` as the UTF-8 text ada reads, once their parse's peak is charged. They are
/// USVStrings: a lone surrogate reads as U+FFFD.
fn texts(input: &JsString, base: Option<&JsString>, context: &mut Context) -> JsResult<(String, Option<String>)> {
    let bytes = usv_utf8_len(input.as_str()) + base.map_or(0, |base| usv_utf8_len(base.as_str()));
    context.reserve_memory(bytes * PARSE_BYTES_PER_INPUT_BYTE)?;
    Ok((input.to_std_string_lossy(), base.map(JsString::to_std_string_lossy)))
}

/// Node's error for a string that is not a URL: a TypeError `Invalid URL` with a `code` and the
/// strings it was given.
fn invalid_url(input: JsString, base: Option<JsString>, context: &mut Context) -> JsError {
    let mut properties = vec![("code", js_string!("ERR_INVALID_URL").into()), ("input", input.into())];
    if let Some(base) = base {
        properties.push(("base", base.into()));
    }
    with_properties(JsNativeError::typ().with_message("Invalid URL"), &properties, context)
}

/// A setter of `URL.prototype`: ada's for the part, which leaves the URL as it was when it
/// refuses the value (an error only for `href`, as the standard says).
fn set_part(
    this: &JsValue,
    args: &[JsValue],
    name: &str,
    set: fn(&mut ada_url::Url, &str) -> bool,
    context: &mut Context,
) -> JsResult<JsValue> {
    let object = receiver::<Url>(this, "URL")?;
    let value = args.first().cloned().unwrap_or_default().to_string(context)?;
    let held = object.borrow().data().held;
    context.reserve_memory(usv_utf8_len(value.as_str()) * PARSE_BYTES_PER_INPUT_BYTE + held)?;
    let text = value.to_std_string_lossy();
    let mut data = object.borrow_mut();
    let url = data.data_mut();
    let changed = set(&mut url.url, &text);
    url.recount();
    drop(data);
    if !changed && name == "href" {
        return Err(invalid_url(value, None, context));
    }
    Ok(JsValue::undefined())
}

/// `URL.canParse(url, base)`.
fn can_parse(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (input, base) = arguments(args, "URL.canParse", context)?;
    let (input, base) = texts(&input, base.as_ref(), context)?;
    Ok(ada_url::Url::can_parse(&input, base.as_deref()).into())
}

/// `URL.parse(url, base)`: the URL, or null where the constructor throws.
fn parse_or_null(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let (input, base) = arguments(args, "URL.parse", context)?;
    match parse(&input, base.as_ref(), context)? {
        Some(url) => Ok(Url::from_data(url, context)?.into()),
        None => Ok(JsValue::null()),
    }
}

/// The URL Standard's application/x-www-form-urlencoded parser, for URLSearchParams: the pairs
/// of the string as `[name, value]` arrays. A lone surrogate reads as U+FFFD (a USVString).
fn parse_form_urlencoded(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let input = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_lossy();
    let mut pairs = Vec::new();
    for (name, value) in form_urlencoded::parse(input.as_bytes()) {
        context.count_steps(1)?;
        pairs.push(JsArray::from_iter([JsString::from(&*name).into(), JsString::from(&*value).into()], context).into());
    }
    Ok(JsArray::from_iter(pairs, context).into())
}
