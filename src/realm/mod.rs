//! The realm a program runs in: ECMAScript built-ins, timers and `queueMicrotask` from
//! `boa_runtime`, our web APIs (`web/`) and `console`, the bindings (`bridge`), the modules the
//! host gave, `process` when the host gave an environment (`process`), and for sessions their
//! frame and staged inputs. Nothing else: no network but through the host's policy, no file
//! system, and no compiling strings to code.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use boa_engine::builtins::promise::OperationType;
use boa_engine::builtins::promise::Promise;
use boa_engine::context::HostHooks;
use boa_engine::module::MapModuleLoader;
use boa_engine::object::builtins::{JsFunction, JsUint8Array};
use boa_engine::object::{FunctionObjectBuilder, IntegrityLevel};
use boa_engine::property::{PropertyDescriptor, PropertyDescriptorBuilder};
use boa_engine::realm::Realm;
use boa_engine::{Context, IntoJsFunctionCopied, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, Source, js_string};
use boa_runtime::extensions::MicrotaskExtension;
use boa_runtime::interval;

use crate::run::budget::{Budget, ENGINE_RECURSION_LIMIT, guard_bulk_allocations};
use crate::run::event_loop::EventLoop;
use crate::run::replay::Replay;
use crate::source::positions::PositionMap;
use bridge::Bridge;
use console::{ConsoleStyle, Output};

pub mod bridge;
pub mod buffer;
pub mod clone;
pub mod console;
pub mod convert;
#[cfg(feature = "crash-hooks")]
pub mod crash_hooks;
pub mod crypto;
pub mod inspect;
pub mod lossless;
pub mod process;
pub mod surface;
pub mod web;

/// The environment variable, in a session's `process.env`, holding the staged-input manifest.
pub const STAGED_INPUTS_ENV: &str = "CODE_RUNTIME_STAGED_INPUTS";
/// Where staged inputs appear to session programs.
pub const STAGED_INPUTS_DIR: &str = "/inputs/";

/// Promises rejected with no handler, reported as warnings when the program ends.
pub type Rejections = Rc<RefCell<Vec<JsObject>>>;

/// What a session adds to its realm.
pub struct SessionGlobals {
    pub frame: Option<serde_json::Value>,
    pub staged: Rc<RefCell<BTreeMap<String, Rc<[u8]>>>>,
}

/// Everything the realm's globals write to or read from on the Rust side.
pub struct Wiring {
    pub budget: Rc<Budget>,
    pub event_loop: Rc<EventLoop>,
    pub output: Rc<RefCell<Output>>,
    pub console_style: Rc<Cell<ConsoleStyle>>,
    pub positions: Rc<RefCell<PositionMap>>,
    pub bridge: Rc<Bridge>,
    pub rejections: Rejections,
    /// The modules the host gave the program, the only ones `import()` finds.
    pub modules: Rc<MapModuleLoader>,
    /// The record of what the program was given, and its replay on resume: the realm's clock
    /// and `Math.random` read from it.
    pub replay: Rc<Replay>,
}

struct Hooks {
    budget: Rc<Budget>,
    rejections: Rejections,
    replay: Rc<Replay>,
}

impl HostHooks for Hooks {
    fn ensure_can_compile_strings(
        &self,
        _realm: Realm,
        _parameters: &[JsString],
        _body: &JsString,
        _direct: bool,
        _context: &mut Context,
    ) -> JsResult<()> {
        Err(JsNativeError::eval()
            .with_message(
                "compiling strings to code is disabled in this sandbox (eval, new Function and their relatives); write the code directly",
            )
            .into())
    }

    fn promise_rejection_tracker(&self, promise: &JsObject<Promise>, operation: OperationType, _context: &mut Context) {
        let promise = promise.clone().upcast();
        let mut rejections = self.rejections.borrow_mut();
        match operation {
            OperationType::Reject => rejections.push(promise),
            OperationType::Handle => rejections.retain(|p| p != &promise),
        }
    }

    /// The realm keeps UTC, whatever the host's zone: a program's dates print and parse the same
    /// on every machine (`GMT+0000 (Coordinated Universal Time)`). The engine's default asked the
    /// `time` crate, which refuses to read the local offset in a process with several threads
    /// (Node always has), so it was UTC already, by accident.
    fn local_timezone_offset_seconds(&self, _unix_time_seconds: i64) -> i32 {
        0
    }

    fn max_buffer_size(&self, _context: &mut Context) -> u64 {
        // A buffer larger than what is left of the memory budget is a RangeError up front.
        self.budget.memory_remaining() as u64
    }

    /// `Math.random` draws from the run's seeded generator, so that a resumed program draws what
    /// it drew before its pause.
    fn math_random(&self) -> f64 {
        self.replay.random()
    }
}

/// A fresh context with every global the program may use but its bindings.
pub fn create(wiring: &Wiring, session: Option<&SessionGlobals>) -> JsResult<Context> {
    let hooks = Rc::new(Hooks { budget: wiring.budget.clone(), rejections: wiring.rejections.clone(), replay: wiring.replay.clone() });
    // Boa's default loader reads modules from the host's working directory: programs get only
    // the modules the host gave them, from memory.
    let mut context = Context::builder()
        .host_hooks(hooks)
        .job_executor(wiring.event_loop.clone())
        .module_loader(wiring.modules.clone())
        .clock(wiring.replay.clone())
        .build()?;
    // Frames plus native re-entries: programs meet the catchable `MAX_CALL_DEPTH` first.
    context.runtime_limits_mut().set_recursion_limit(ENGINE_RECURSION_LIMIT);
    context.runtime_limits_mut().set_stack_size_limit(64 * ENGINE_RECURSION_LIMIT);
    context.set_native_stack_limit(crate::engine::PROGRAM_RUN_STACK_BYTES);
    // Boa folds constants in every script's syntax tree before compiling it, by default: a pass
    // that was 6% of a cold run's instructions, and that the compute benchmark's programs run no
    // faster for (fib(25), 1 MB JSON, report lines: 0.2-2% fewer instructions without it).
    context.set_optimizer_options(boa_engine::optimizer::OptimizerOptions::empty());
    // `crypto` draws its random bytes from the run's record too (`crypto::fill_random`).
    context.insert_data(wiring.replay.clone());
    boa_runtime::register_extensions(MicrotaskExtension, None, &mut context)?;
    web::base64::register(&mut context)?;
    // Our own: boa_runtime's could abort the host (`clone.rs`).
    clone::register(&mut context)?;
    console::define_on_first_use(&mut context, wiring.output.clone(), wiring.console_style.clone(), wiring.positions.clone())?;
    guard_bulk_allocations(&mut context)?;
    #[cfg(feature = "crash-hooks")]
    crash_hooks::register(&mut context)?;
    for lazy in &LAZY_GLOBALS {
        define_on_first_use(&mut context, lazy.names, lazy.define)?;
    }
    if let Some(session) = session {
        install_session_globals(&mut context, session)?;
    }
    Ok(context)
}

/// Globals defined the first time a program reads or assigns one of `names`, each group by
/// `define` (as writable, configurable, non-enumerable globals, so that `Object.keys(globalThis)`
/// does not change when one is first used): most programs use none of them, and defining them all
/// took a fifth of a realm's build.
struct LazyGlobals {
    names: &'static [&'static str],
    define: fn(&mut Context) -> JsResult<()>,
}

/// The timer globals, as js/timers.js returns them.
const TIMERS: &[&str] = &["setTimeout", "setInterval", "clearTimeout", "clearInterval", "setImmediate", "clearImmediate"];

static LAZY_GLOBALS: [LazyGlobals; 9] = [
    // One group: URLSearchParams keeps a URL's query in step with it.
    LazyGlobals { names: &["URL", "URLSearchParams"], define: web::url::register },
    LazyGlobals { names: &["TextEncoder", "TextDecoder"], define: web::encoding::register },
    LazyGlobals {
        names: &["Intl"],
        // Native (vendor/boa_engine, `builtins/locale`): nothing to parse on first use.
        define: |context| {
            let intl = boa_engine::builtins::locale::intl::create(context)?;
            web_global(context, "Intl", intl)
        },
    },
    LazyGlobals {
        // One group: a signal is an EventTarget, its abort an Event.
        names: &["Event", "CustomEvent", "EventTarget", "AbortController", "AbortSignal"],
        define: |context| {
            let events = context.eval(Source::from_bytes(include_str!("js/events.js")))?;
            define_members(context, &events, &["Event", "CustomEvent", "EventTarget"])?;
            let global = context.global_object();
            let inputs = [global.get(js_string!("Event"), context)?, global.get(js_string!("EventTarget"), context)?];
            let classes = call_realm_script(context, "abort.js", include_str!("js/abort.js"), &inputs)?;
            define_members(context, &classes, &["AbortController", "AbortSignal"])
        },
    },
    LazyGlobals { names: &["crypto"], define: crypto::define },
    LazyGlobals {
        // Node's `Timeout` objects (js/timers.js) over boa_runtime's timers.
        names: TIMERS,
        define: |context| {
            let native = [
                interval::set_timeout.into_js_function_copied(context),
                interval::set_interval.into_js_function_copied(context),
                interval::clear_timeout.into_js_function_copied(context),
            ]
            .map(|function| FunctionObjectBuilder::new(context.realm(), function).build().into());
            let timers = call_realm_script(context, "timers.js", include_str!("js/timers.js"), &native)?;
            define_members(context, &timers, TIMERS)
        },
    },
    // Node's (js/buffer.js over buffer.rs).
    LazyGlobals { names: &["Buffer"], define: buffer::define },
    LazyGlobals {
        names: &["DOMException"],
        define: |context| evaluated_global(context, "DOMException", include_str!("js/dom_exception.js"), &[]),
    },
    LazyGlobals {
        names: &["performance"],
        define: |context| {
            // The run's clock, so that a resumed durable run reads again what it read before.
            let origin = context.clock().system_time_millis();
            let since_origin = move |_: &JsValue, _: &[JsValue], context: &mut Context| {
                Ok(JsValue::new((context.clock().system_time_millis() - origin).max(0) as f64))
            };
            let now = FunctionObjectBuilder::new(context.realm(), NativeFunction::from_copy_closure(since_origin))
                .name(js_string!("now"))
                .build();
            evaluated_global(context, "performance", include_str!("js/performance.js"), &[now.into(), JsValue::new(origin as f64)])
        },
    },
];

/// Defines each of `names` as a web global: the property of that name of `members`.
pub fn define_members(context: &mut Context, members: &JsValue, names: &[&str]) -> JsResult<()> {
    let members = members.as_object().ok_or_else(|| JsNativeError::typ().with_message("a realm script did not return its globals"))?;
    for &name in names {
        let value = members.get(JsString::from(name), context)?;
        web_global(context, name, value)?;
    }
    Ok(())
}

/// Stands in for each of the globals `names` with an accessor that defines the group with
/// `define_group` once (which replaces the accessors with the real globals) and then reads or
/// assigns the real one.
pub fn define_on_first_use(
    context: &mut Context,
    names: &'static [&'static str],
    define_group: impl Fn(&mut Context) -> JsResult<()> + 'static,
) -> JsResult<()> {
    // An accessor a program kept and calls later must not define the group again.
    let defined = Rc::new(Cell::new(false));
    let define_group = Rc::new(define_group);
    let define = move |context: &mut Context, used: &str| -> JsResult<()> {
        if !defined.get() {
            refuse_if_frozen(names, used, context)?;
            define_group(context)?;
            defined.set(true);
        }
        Ok(())
    };
    for &name in names {
        let (define_for_get, define_for_set) = (define.clone(), define.clone());
        // SAFETY: the closures capture no garbage-collected values.
        let (getter, setter) = unsafe {
            (
                NativeFunction::from_closure(move |_, _, context| {
                    define_for_get(context, name)?;
                    context.global_object().get(js_string!(name), context)
                }),
                NativeFunction::from_closure(move |_, args, context| {
                    define_for_set(context, name)?;
                    context.global_object().set(js_string!(name), args.first().cloned().unwrap_or_default(), true, context)?;
                    Ok(JsValue::undefined())
                }),
            )
        };
        define_stand_in(context, name, getter, setter)?;
    }
    Ok(())
}

/// Defines global `name` as an accessor standing in for it until its first use, non-enumerable
/// and configurable like the real global that replaces it.
pub fn define_stand_in(context: &mut Context, name: &str, getter: NativeFunction, setter: NativeFunction) -> JsResult<()> {
    let getter = FunctionObjectBuilder::new(context.realm(), getter).build();
    let setter = FunctionObjectBuilder::new(context.realm(), setter).build();
    define_global(context, name, PropertyDescriptor::builder().get(getter).set(setter))
}

/// Whether global `name` can still be defined or redefined: a program that froze or sealed the
/// global object made a stand-in for it permanent.
pub fn global_replaceable(name: &str, context: &mut Context) -> JsResult<bool> {
    let global = context.global_object();
    let extensible = global.is_extensible(context)?;
    Ok(match global.borrow().properties().get(&JsString::from(name).into()) {
        Some(property) => property.configurable() != Some(false),
        None => extensible,
    })
}

/// A program that froze or sealed the global object before using one of the globals `names` made
/// its stand-in permanent: it cannot be replaced by the real global, which is said plainly.
fn refuse_if_frozen(names: &[&str], used: &str, context: &mut Context) -> JsResult<()> {
    for &name in names {
        if !global_replaceable(name, context)? {
            return Err(JsNativeError::typ()
                .with_message(format!(
                    "{used} is defined the first time a program uses it, and the global object was frozen or sealed before that; use {used} once before freezing globalThis"
                ))
                .into());
        }
    }
    Ok(())
}

/// Defines global `name` as what the function `source` evaluates to returns for `inputs` (what
/// the script needs from Rust).
fn evaluated_global(context: &mut Context, name: &'static str, source: &'static str, inputs: &[JsValue]) -> JsResult<()> {
    let value = call_realm_script(context, name, source, inputs)?;
    web_global(context, name, value)
}

/// Evaluates `source`, a realm script that is a function, and calls it with `inputs`.
pub fn call_realm_script(context: &mut Context, name: &str, source: &'static str, inputs: &[JsValue]) -> JsResult<JsValue> {
    let make = context.eval(Source::from_bytes(source))?;
    let make = make.as_callable().ok_or_else(|| JsNativeError::typ().with_message(format!("the script of {name} is not a function")))?;
    make.call(&JsValue::undefined(), inputs, context)
}

/// Defines global `name` as web globals are defined: writable, configurable, not enumerable.
pub fn web_global(context: &mut Context, name: &str, value: impl Into<JsValue>) -> JsResult<()> {
    define_global(context, name, PropertyDescriptor::builder().value(value).writable(true))
}

/// Defines global `name` by `descriptor`, not enumerable and configurable: what a web global and
/// the stand-in it replaces have in common.
fn define_global(context: &mut Context, name: &str, descriptor: PropertyDescriptorBuilder) -> JsResult<()> {
    context.global_object().define_property_or_throw(JsString::from(name), descriptor.enumerable(false).configurable(true), context)?;
    Ok(())
}

fn install_session_globals(context: &mut Context, session: &SessionGlobals) -> JsResult<()> {
    let frame = match &session.frame {
        Some(frame) => deep_freeze(JsValue::from_json(frame, context)?, context)?,
        None => JsValue::undefined(),
    };
    fixed_global(context, "FRAME", frame)?;

    let staged = session.staged.clone();
    let read_text = staged_reader(context, staged.clone(), |bytes, _| Ok(JsString::from(String::from_utf8_lossy(bytes).as_ref()).into()));
    fixed_global(context, "readTextFile", read_text.into())?;
    let read_bytes =
        staged_reader(context, staged.clone(), |bytes, context| Ok(JsUint8Array::from_iter(bytes.iter().copied(), context)?.into()));
    fixed_global(context, "readFile", read_bytes.into())?;

    Ok(())
}

type Decode = fn(&[u8], &mut Context) -> JsResult<JsValue>;

fn staged_reader(context: &mut Context, staged: Rc<RefCell<BTreeMap<String, Rc<[u8]>>>>, decode: Decode) -> JsFunction {
    // SAFETY: the closure captures no garbage-collected values.
    let native = unsafe {
        NativeFunction::from_closure(move |_, args, context| {
            let path = args.first().cloned().unwrap_or_default().to_string(context)?.to_std_string_escaped();
            let bytes = path.strip_prefix(STAGED_INPUTS_DIR).and_then(|name| staged.borrow().get(name).cloned());
            match bytes {
                Some(bytes) => decode(&bytes, context),
                None => {
                    let known: Vec<String> = staged.borrow().keys().map(|n| format!("{STAGED_INPUTS_DIR}{n}")).collect();
                    Err(JsNativeError::error()
                        .with_message(format!(
                            "no staged input at {path:?}; staged inputs: {}",
                            if known.is_empty() { "none".to_owned() } else { known.join(", ") }
                        ))
                        .into())
                }
            }
        })
    };
    FunctionObjectBuilder::new(context.realm(), native).length(1).build()
}

fn fixed_global(context: &mut Context, name: &str, value: JsValue) -> JsResult<()> {
    context.global_object().define_property_or_throw(
        JsString::from(name),
        PropertyDescriptor::builder().value(value).writable(false).enumerable(false).configurable(false),
        context,
    )?;
    Ok(())
}

fn deep_freeze(value: JsValue, context: &mut Context) -> JsResult<JsValue> {
    if let Some(object) = value.as_object() {
        for key in object.own_property_keys(context)? {
            let child = object.get(key, context)?;
            deep_freeze(child, context)?;
        }
        object.set_integrity_level(IntegrityLevel::Frozen, context)?;
    }
    Ok(value)
}
