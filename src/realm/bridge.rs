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
use boa_engine::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};

use boa_engine::object::builtins::AlignedVec;

use crate::realm::convert::{self, Binary, Bounds, Failure, HostSlot, Segment};
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

/// Calls in flight, and how calls reach the host.
pub struct Bridge {
    pending: RefCell<HashMap<u32, ResolvingFunctions>>,
    next_id: Cell<u32>,
    calls: Cell<u32>,
    max_bytes: Cell<usize>,
    send: Box<dyn Fn(Call)>,
    /// The realm's own `JSON.parse`, taken before any program could replace it: the reader of
    /// replies with lone surrogates, which serde_json cannot hold.
    engine_parse: RefCell<Option<JsFunction>>,
}

impl Bridge {
    pub fn new(max_bytes: usize, send: Box<dyn Fn(Call)>) -> Self {
        Self {
            pending: RefCell::default(),
            next_id: Cell::new(1),
            calls: Cell::new(0),
            max_bytes: Cell::new(max_bytes),
            send,
            engine_parse: RefCell::default(),
        }
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

    fn call(&self, path: &str, args: &[JsValue], counted: bool, context: &mut Context) -> JsResult<JsValue> {
        if counted {
            self.calls.set(self.calls.get() + 1);
        }
        let (promise, resolvers) = JsPromise::new_pending(context);
        if self.pending.borrow().len() >= MAX_PENDING_CALLS {
            let message = format!("{path}(): more than {MAX_PENDING_CALLS} host calls in flight; await some before making more");
            let error = JsNativeError::range().with_message(message).into_opaque(context);
            resolvers.reject.call(&JsValue::undefined(), &[error.into()], context)?;
            return Ok(promise.into());
        }
        let mut converted = Vec::with_capacity(args.len());
        let mut bytes = Vec::new();
        for (index, arg) in args.iter().enumerate() {
            match convert::to_json(arg, self.bounds(), context) {
                Ok(value) => {
                    converted.push(value.json.unwrap_or(serde_json::Value::Null));
                    bytes.extend(value.bytes.into_iter().map(|binary| binary.under(Segment::Index(index as u64))));
                }
                Err(Failure::Thrown(err)) => return Err(err),
                Err(Failure::Refused(refused)) => {
                    let message = format!("{path}() argument {}: {refused}", index + 1);
                    let error = JsNativeError::typ().with_message(message).into_opaque(context);
                    resolvers.reject.call(&JsValue::undefined(), &[error.into()], context)?;
                    return Ok(promise.into());
                }
            }
        }
        let id = self.next_id.get();
        self.next_id.set(id.wrapping_add(1));
        self.pending.borrow_mut().insert(id, resolvers);
        (self.send)(Call { id, path: path.to_owned(), args: serde_json::Value::Array(converted), bytes });
        Ok(promise.into())
    }

    /// Settles the call `id` with the host's reply. A reply to no call in flight (answered
    /// already, forged, or from before the program ended) is dropped.
    pub fn settle(&self, id: u32, reply: Reply, context: &mut Context) -> JsResult<()> {
        let Some(resolvers) = self.pending.borrow_mut().remove(&id) else {
            return Ok(());
        };
        let max_bytes = self.max_bytes.get();
        let (settle, value) = match reply {
            Reply { error: Some(error), .. } => (&resolvers.reject, error_value(context, &error.name, &error.message)),
            Reply { value_json: None, .. } => (&resolvers.resolve, JsValue::undefined()),
            Reply { value_json: Some(text), bytes, .. } if text.len() + bytes.as_ref().map_or(0, HostBytes::len) > max_bytes => {
                (&resolvers.reject, error_value(context, "RangeError", &format!("the host's reply is larger than {max_bytes} bytes")))
            }
            Reply { value_json: Some(text), bytes, .. } => match self.reply_value(&text, bytes, context)? {
                Ok(value) => (&resolvers.resolve, value),
                Err(message) => {
                    (&resolvers.reject, error_value(context, "TypeError", &format!("the host's reply is not usable data: {message}")))
                }
            },
        };
        settle.call(&JsValue::undefined(), &[value], context)?;
        Ok(())
    }

    /// The program value of a host reply: its JSON with its buffers in place, or why it is not
    /// usable.
    fn reply_value(&self, text: &str, bytes: Option<HostBytes>, context: &mut Context) -> JsResult<Result<JsValue, String>> {
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
/// in flight. A binding's path never starts with '.', so these cannot meet one.
pub const FETCH_PATH: &str = ".fetch";
pub const FETCH_ABORT_PATH: &str = ".fetchAbort";

/// Installs a function for every binding path (`search`, `github.listIssues`) on the global
/// object, inside frozen null-prototype namespaces, and `fetch` with its classes when the host
/// answers [`FETCH_PATH`].
pub fn install(bridge: &Rc<Bridge>, paths: &[String], context: &mut Context) -> JsResult<()> {
    let parse = context.intrinsics().objects().json().get(js_string!("parse"), context)?;
    *bridge.engine_parse.borrow_mut() = parse.as_function();
    if paths.iter().any(|path| path == FETCH_PATH) {
        install_fetch(bridge, context)?;
    }
    let mut root = Namespace::default();
    for path in paths.iter().filter(|path| !path.starts_with('.')) {
        let mut node = &mut root;
        let segments: Vec<&str> = path.split('.').collect();
        let (last, parents) = segments.split_last().ok_or_else(|| JsNativeError::typ().with_message("empty binding path"))?;
        for segment in parents {
            node = node.children.entry((*segment).to_owned()).or_default();
        }
        node.functions.push(((*last).to_owned(), path.clone()));
    }
    let global = context.global_object();
    root.populate(&global, bridge, context)
}

#[derive(Default)]
struct Namespace {
    functions: Vec<(String, String)>,
    children: std::collections::BTreeMap<String, Namespace>,
}

impl Namespace {
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
        let transport = binding_function(&bridge, "fetch", FETCH_PATH, true, context);
        let abort = binding_function(&bridge, "abort", FETCH_ABORT_PATH, false, context);
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

fn binding_function(bridge: &Rc<Bridge>, name: &str, path: &str, counted: bool, context: &mut Context) -> JsFunction {
    let bridge = bridge.clone();
    let path = path.to_owned();
    // SAFETY: the closure captures no garbage-collected values, only Rust data.
    let native = unsafe { NativeFunction::from_closure(move |_, args, context| bridge.call(&path, args, counted, context)) };
    let function = FunctionObjectBuilder::new(context.realm(), native).name(JsString::from(name)).length(0).constructor(false).build();
    let _ = function.set_integrity_level(IntegrityLevel::Frozen, context);
    function
}
