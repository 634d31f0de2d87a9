//! The bindings bridge. Each host function appears in the realm under its path as a native
//! function returning a promise; a call sends a JSON copy of its arguments to the host and the
//! promise settles when the host replies. The program side is a hostile peer: replies are matched
//! to calls at most once, namespaces are frozen null-prototype objects, and only copies cross
//! (JSON, and binary data beside it: `convert`).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use boa_engine::builtins::promise::ResolvingFunctions;
use boa_engine::object::builtins::{JsFunction, JsPromise};
use boa_engine::object::{FunctionObjectBuilder, IntegrityLevel};
use boa_engine::property::PropertyDescriptor;
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, Source, js_string};

use boa_engine::object::builtins::AlignedVec;

use crate::realm::convert::{self, Binary, Bounds, Failure, HostSlot, Segment};
use crate::realm::lossless::{self, Refused};
use crate::realm::surface::{Surface, display_path, namespace_of, split_path};
use crate::run::memory::HeapBytes;

/// Deepest nesting of arguments and replies.
pub const MAX_DEPTH: usize = 64;

/// Most calls a program may have waiting for the host at once. Each holds memory on the host's
/// side, in Node's heap, that no count of the program's sees: 10^5 pending calls grew the host's
/// RSS past a 64 MiB budget by 20 MiB. A call past it is rejected with a `RangeError`.
pub const MAX_PENDING_CALLS: usize = 10_000;

/// What the program asks of the host.
#[derive(serde::Serialize)]
pub struct Call {
    pub id: u32,
    /// The binding's dotted path, e.g. `github.listIssues`.
    pub path: String,
    /// The arguments, a JSON array.
    pub args: serde_json::Value,
    /// The binary data in the arguments, `at` starting with the argument's index.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bytes: Vec<Binary>,
}

/// The host's answer to a call: `error` when the host function threw or rejected, else its value
/// as JSON text (absent for `undefined`) and the binary data in it.
#[derive(Default)]
pub struct Reply {
    pub value_json: Option<String>,
    pub bytes: Option<HostBytes>,
    pub error: Option<HostError>,
}

/// The buffers in a host value: where each goes (JSON text of a `HostSlot` list) and its bytes,
/// copied once on Node's thread into blocks an `ArrayBuffer` takes over as they are.
pub struct HostBytes {
    pub slots_json: String,
    pub buffers: Vec<AlignedVec<u8>>,
}

impl HostBytes {
    fn len(&self) -> usize {
        self.buffers.iter().map(AlignedVec::len).sum()
    }
}

/// What the program learns of a host function's failure: a name and a message, nothing else.
#[derive(Debug, serde::Deserialize)]
pub struct HostError {
    pub name: String,
    pub message: String,
}

impl HeapBytes for Reply {
    fn heap_bytes(&self) -> usize {
        self.value_json.heap_bytes()
            + self.bytes.as_ref().map_or(0, |b| b.slots_json.heap_bytes() + b.buffers.heap_bytes())
            + self.error.as_ref().map_or(0, |e| e.name.heap_bytes() + e.message.heap_bytes())
    }
}

/// A call in flight: how to settle its promise, and the binding it called.
struct Pending {
    resolvers: ResolvingFunctions,
    path: Rc<str>,
}

/// Calls in flight, and how calls reach the host.
pub struct Bridge {
    pending: RefCell<HashMap<u32, Pending>>,
    next_id: Cell<u32>,
    calls: Cell<u32>,
    max_bytes: Cell<usize>,
    send: Box<dyn Fn(Call)>,
    /// The realm's own `JSON.parse`, taken before any program could replace it: the reader of
    /// replies with lone surrogates, which serde_json cannot hold.
    engine_parse: RefCell<Option<JsFunction>>,
    /// Values cross as lossless JSON tokens (`realm::lossless`), not as JSON and bytes.
    lossless: Cell<bool>,
    /// The error class of each namespace that has one, by the namespace's path.
    error_classes: RefCell<HashMap<String, JsObject>>,
}

/// The message of a call whose arguments are not lossless JSON (the DeepSeek Harness's words).
pub const LOSSY_ARGUMENTS: &str = "binding arguments must be lossless JSON";

impl Bridge {
    pub fn new(max_bytes: usize, send: Box<dyn Fn(Call)>) -> Self {
        Self {
            pending: RefCell::default(),
            next_id: Cell::new(1),
            calls: Cell::new(0),
            max_bytes: Cell::new(max_bytes),
            send,
            engine_parse: RefCell::default(),
            lossless: Cell::new(false),
            error_classes: RefCell::default(),
        }
    }

    /// Whether values cross as lossless JSON.
    pub fn lossless(&self) -> bool {
        self.lossless.get()
    }

    /// Whether a call's values cross as lossless JSON: the runtime's own bindings (`fetch`'s
    /// requests and responses) cross as JSON and bytes whatever the program's bindings do.
    fn lossless_for(&self, path: &str) -> bool {
        self.lossless.get() && !is_runtime_path(path)
    }

    /// Starts counting calls again for the next program in the same realm.
    pub fn restart(&self, max_bytes: usize) {
        self.calls.set(0);
        self.max_bytes.set(max_bytes);
    }

    pub fn calls(&self) -> u32 {
        self.calls.get()
    }

    /// Whether a call is waiting for the host's reply.
    pub fn awaiting_replies(&self) -> bool {
        !self.pending.borrow().is_empty()
    }

    pub fn is_pending(&self, id: u32) -> bool {
        self.pending.borrow().contains_key(&id)
    }

    /// Forgets call `id` without settling it (a run pausing); false when it was not in flight.
    pub fn forget(&self, id: u32) -> bool {
        self.pending.borrow_mut().remove(&id).is_some()
    }

    /// Forgets every call in flight: their replies will be dropped.
    pub fn abandon(&self) {
        self.pending.borrow_mut().clear();
    }

    fn bounds(&self) -> Bounds {
        Bounds { max_depth: MAX_DEPTH, max_bytes: self.max_bytes.get() }
    }

    fn call(&self, path: &Rc<str>, args: &[JsValue], counted: bool, context: &mut Context) -> JsResult<JsValue> {
        if counted {
            self.calls.set(self.calls.get() + 1);
        }
        let (promise, resolvers) = JsPromise::new_pending(context);
        let refuse = |name: &str, message: String, context: &mut Context| -> JsResult<JsValue> {
            let error = self.call_error(path, name, &message, context);
            resolvers.reject.call(&JsValue::undefined(), &[error], context)?;
            Ok(promise.clone().into())
        };
        if self.pending.borrow().len() >= MAX_PENDING_CALLS {
            let shown = display_path(path);
            return refuse(
                "RangeError",
                format!("{shown}(): more than {MAX_PENDING_CALLS} host calls in flight; await some before making more"),
                context,
            );
        }
        let converted = match self.arguments(path, args, context)? {
            Ok(converted) => converted,
            Err(message) => return refuse("TypeError", message, context),
        };
        let (args, bytes) = converted;
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        self.pending.borrow_mut().insert(id, Pending { resolvers: resolvers.clone(), path: path.clone() });
        (self.send)(Call { id, path: path.to_string(), args: serde_json::Value::Array(args), bytes });
        Ok(promise.into())
    }

    /// A call's arguments as they cross, or why they cannot (the program's call rejects with it).
    #[allow(clippy::type_complexity)]
    fn arguments(
        &self,
        path: &str,
        args: &[JsValue],
        context: &mut Context,
    ) -> JsResult<Result<(Vec<serde_json::Value>, Vec<Binary>), String>> {
        let mut converted = Vec::with_capacity(args.len());
        let mut bytes = Vec::new();
        for (index, arg) in args.iter().enumerate() {
            if self.lossless_for(path) {
                match lossless::to_tokens(arg, self.max_bytes.get(), context) {
                    Ok(tokens) => converted.push(serde_json::Value::Array(tokens)),
                    Err(Refused::Lossy) => return Ok(Err(LOSSY_ARGUMENTS.to_owned())),
                    Err(Refused::Stopped(err)) => return Err(err),
                    Err(Refused::TooLarge { limit }) => {
                        let refused = crate::error::ConversionError::TooLarge { limit };
                        return Ok(Err(format!("{}() argument {}: {refused}", display_path(path), index + 1)));
                    }
                }
                continue;
            }
            match convert::to_json(arg, self.bounds(), context) {
                Ok(value) => {
                    converted.push(value.json.unwrap_or(serde_json::Value::Null));
                    bytes.extend(value.bytes.into_iter().map(|binary| binary.under(Segment::Index(index as u64))));
                }
                Err(Failure::Thrown(err)) => return Err(err),
                Err(Failure::Refused(refused)) => return Ok(Err(format!("{}() argument {}: {refused}", display_path(path), index + 1))),
            }
        }
        Ok(Ok((converted, bytes)))
    }

    /// The error a failed call to the binding at `path` rejects with: its namespace's error class
    /// when it has one (naming the function called), else a standard error of the realm.
    fn call_error(&self, path: &str, name: &str, message: &str, context: &mut Context) -> JsValue {
        let class = self.error_classes.borrow().get(namespace_of(path)).cloned();
        if let Some(class) = class {
            let member = split_path(path).pop().unwrap_or_default();
            let args = [JsValue::from(JsString::from(member)), JsValue::from(JsString::from(message))];
            if let Ok(error) = class.construct(&args, None, context) {
                return error.into();
            }
        }
        error_value(context, name, message)
    }

    /// Settles the call `id` with the host's reply. A reply to no call in flight (answered
    /// already, forged, or from before the program ended) is dropped.
    pub fn settle(&self, id: u32, reply: Reply, context: &mut Context) -> JsResult<()> {
        let Some(Pending { resolvers, path }) = self.pending.borrow_mut().remove(&id) else {
            return Ok(());
        };
        let max_bytes = self.max_bytes.get();
        let (settle, value) = match reply {
            Reply { error: Some(error), .. } => (&resolvers.reject, self.call_error(&path, &error.name, &error.message, context)),
            Reply { value_json: None, .. } => (&resolvers.resolve, JsValue::undefined()),
            Reply { value_json: Some(text), bytes, .. } if text.len() + bytes.as_ref().map_or(0, HostBytes::len) > max_bytes => {
                let message = format!("the host's reply is larger than {max_bytes} bytes");
                (&resolvers.reject, self.call_error(&path, "RangeError", &message, context))
            }
            Reply { value_json: Some(text), bytes, .. } => match self.reply_value(&path, &text, bytes, context)? {
                Ok(value) => (&resolvers.resolve, value),
                Err(message) => {
                    let message = format!("the host's reply is not usable data: {message}");
                    (&resolvers.reject, self.call_error(&path, "TypeError", &message, context))
                }
            },
        };
        settle.call(&JsValue::undefined(), &[value], context)?;
        Ok(())
    }

    /// The program value of a host reply: its JSON (or lossless tokens) with its buffers in
    /// place, or why it is not usable.
    fn reply_value(&self, path: &str, text: &str, bytes: Option<HostBytes>, context: &mut Context) -> JsResult<Result<JsValue, String>> {
        if self.lossless_for(path) {
            return Ok(match serde_json::from_str::<Vec<serde_json::Value>>(text) {
                Ok(tokens) => lossless::from_tokens(&tokens, context),
                Err(err) => Err(err.to_string()),
            });
        }
        let value = match serde_json::from_str(text) {
            Ok(json) => convert::from_json(&json, context)?,
            // Lone surrogates (`"\ud800"` in the text) are refused by serde_json; the engine's
            // parser keeps them as the same code units. Rare, so the common path stays serde's.
            Err(err) => {
                let parse = self.engine_parse.borrow().clone();
                match parse.map(|parse| parse.call(&JsValue::undefined(), &[JsString::from(text).into()], context)) {
                    Some(Ok(value)) => value,
                    _ => return Ok(Err(err.to_string())),
                }
            }
        };
        let Some(HostBytes { slots_json, buffers }) = bytes else { return Ok(Ok(value)) };
        Ok(match serde_json::from_str::<Vec<HostSlot>>(&slots_json) {
            Ok(slots) => convert::place_binaries(value, slots, buffers, context),
            Err(err) => Err(err.to_string()),
        })
    }
}

/// An error of the program's realm with the host's name and message, and no host stack: a
/// standard name gives that class (`TypeError`), any other an `Error` carrying the name.
fn error_value(context: &mut Context, name: &str, message: &str) -> JsValue {
    let native = match name {
        "TypeError" => JsNativeError::typ(),
        "RangeError" => JsNativeError::range(),
        "SyntaxError" => JsNativeError::syntax(),
        "ReferenceError" => JsNativeError::reference(),
        "EvalError" => JsNativeError::eval(),
        "URIError" => JsNativeError::uri(),
        _ => JsNativeError::error(),
    };
    let error = native.with_message(message.to_owned()).into_opaque(context);
    // A name is one short line: whatever else the host put in it is not the program's business.
    let name: String = name.lines().next().unwrap_or("Error").chars().take(64).collect();
    if error.get(js_string!("name"), context).ok().and_then(|n| n.as_string().map(|s| s.to_std_string_escaped())).as_deref()
        != Some(name.as_str())
    {
        let _ = error.define_property_or_throw(
            js_string!("name"),
            PropertyDescriptor::builder().value(js_string!(name)).writable(true).enumerable(false).configurable(true),
            context,
        );
    }
    error.into()
}

/// The host's side of `fetch` (present when the host gave a network policy), and of aborting one
/// in flight. A binding's path never starts with '.' (a name's own dots are escaped), so these
/// cannot meet one.
pub const FETCH_PATH: &str = ".fetch";
pub const FETCH_ABORT_PATH: &str = ".fetchAbort";

/// Whether `path` is one of the runtime's own bindings, not one of the host's.
fn is_runtime_path(path: &str) -> bool {
    path.starts_with('.')
}

/// Installs a function for every binding path (`search`, `github.listIssues`) on the global
/// object, inside frozen null-prototype namespaces (and the namespaces the surface names with no
/// function in them), the surface's error classes as globals, and `fetch` with its classes when
/// the host answers [`FETCH_PATH`].
pub fn install(bridge: &Rc<Bridge>, surface: &Surface, context: &mut Context) -> JsResult<()> {
    let parse = context.intrinsics().objects().json().get(js_string!("parse"), context)?;
    *bridge.engine_parse.borrow_mut() = parse.as_function();
    bridge.lossless.set(surface.lossless);
    if surface.paths.iter().any(|path| path == FETCH_PATH) {
        install_fetch(bridge, context)?;
    }
    let mut root = Namespace::default();
    for path in surface.paths.iter().filter(|path| !is_runtime_path(path)) {
        let mut names = split_path(path);
        let last = names.pop().unwrap_or_default();
        root.within(&names).functions.push((last, Rc::from(path.as_str())));
    }
    for namespace in &surface.namespaces {
        root.within(&split_path(namespace));
    }
    let global = context.global_object();
    root.populate(&global, bridge, context)?;
    install_error_classes(bridge, surface, context)
}

/// Defines each of the surface's error classes as a global (fixed, as bindings are), made by
/// `js/error_class.js` with the intrinsics it captures now, before any program runs.
fn install_error_classes(bridge: &Bridge, surface: &Surface, context: &mut Context) -> JsResult<()> {
    if surface.error_classes.is_empty() {
        return Ok(());
    }
    let make = context.eval(Source::from_bytes(include_str!("js/error_class.js")))?;
    let make = make.as_callable().ok_or_else(|| JsNativeError::typ().with_message("the error class script is not a function"))?;
    let global = context.global_object();
    for class in &surface.error_classes {
        let names = [JsValue::from(JsString::from(class.name.as_str())), JsString::from(class.member_property.as_str()).into()];
        let made = make.call(&JsValue::undefined(), &names, context)?;
        let made = made.as_object().ok_or_else(|| JsNativeError::typ().with_message("the error class script made no class"))?;
        global.define_property_or_throw(
            JsString::from(class.name.as_str()),
            PropertyDescriptor::builder().value(made.clone()).writable(false).enumerable(false).configurable(false),
            context,
        )?;
        bridge.error_classes.borrow_mut().insert(class.namespace.clone(), made);
    }
    Ok(())
}

#[derive(Default)]
struct Namespace {
    functions: Vec<(String, Rc<str>)>,
    children: std::collections::BTreeMap<String, Namespace>,
}

impl Namespace {
    /// The namespace at `names` below this one, made where it is missing.
    fn within(&mut self, names: &[String]) -> &mut Namespace {
        names.iter().fold(self, |node, name| node.children.entry(name.clone()).or_default())
    }

    fn populate(&self, target: &JsObject, bridge: &Rc<Bridge>, context: &mut Context) -> JsResult<()> {
        for (name, path) in &self.functions {
            let function = binding_function(bridge, name, path, true, context);
            define_fixed(target, name, function.into(), context)?;
        }
        for (name, child) in &self.children {
            let namespace = JsObject::with_null_proto();
            child.populate(&namespace, bridge, context)?;
            namespace.set_integrity_level(IntegrityLevel::Frozen, context)?;
            define_fixed(target, name, namespace.into(), context)?;
        }
        Ok(())
    }
}

fn define_fixed(target: &JsObject, name: &str, value: JsValue, context: &mut Context) -> JsResult<()> {
    target.define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder().value(value).writable(false).enumerable(true).configurable(false),
        context,
    )?;
    Ok(())
}

/// `fetch`, `Request`, `Response` and `Headers`, defined when a program first uses one of them
/// (`js/fetch.js`), over two functions only that script holds: one sends a request to the host
/// (a binding call, counted as one), the other asks the host to abort one in flight (not counted).
fn install_fetch(bridge: &Rc<Bridge>, context: &mut Context) -> JsResult<()> {
    const NAMES: &[&str] = &["fetch", "Request", "Response", "Headers"];
    let bridge = bridge.clone();
    crate::realm::define_on_first_use(context, NAMES, move |context| {
        let transport = binding_function(&bridge, "fetch", &Rc::from(FETCH_PATH), true, context);
        let abort = binding_function(&bridge, "abort", &Rc::from(FETCH_ABORT_PATH), false, context);
        let global = context.global_object();
        let mut uses = vec![JsValue::from(transport), abort.into()];
        for name in ["URL", "URLSearchParams", "TextEncoder", "TextDecoder"] {
            uses.push(global.get(JsString::from(name), context)?);
        }
        let script = context.eval(boa_engine::Source::from_bytes(include_str!("js/fetch.js")))?;
        let script = script.as_callable().ok_or_else(|| JsNativeError::typ().with_message("the fetch script is not a function"))?;
        let classes = script.call(&JsValue::undefined(), &uses, context)?;
        crate::realm::define_members(context, &classes, NAMES)
    })
}

fn binding_function(bridge: &Rc<Bridge>, name: &str, path: &Rc<str>, counted: bool, context: &mut Context) -> JsFunction {
    let bridge = bridge.clone();
    let path = path.clone();
    // SAFETY: the closure captures no garbage-collected values, only Rust data.
    let native = unsafe { NativeFunction::from_closure(move |_, args, context| bridge.call(&path, args, counted, context)) };
    let function = FunctionObjectBuilder::new(context.realm(), native).name(JsString::from(name)).length(0).constructor(false).build();
    let _ = function.set_integrity_level(IntegrityLevel::Frozen, context);
    function
}
