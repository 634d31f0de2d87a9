//! The realm's `process`, for programs whose host gave them an environment (a run's `env`, every
//! session): Node's shape for what a program here may use (`js/process.js`). `env` is the host's
//! and nothing else; `stdout.write` and `stderr.write` add to the program's log, in order with
//! `console`; `exit(code)` ends the program where it stands, as Node's ends the process, past
//! every `catch` and `finally`; `nextTick`, `hrtime` and `uptime` run on the run's clock. Nothing
//! else of Node's process is here: no `cwd`, `platform`, events, signals or `kill`.

use std::cell::RefCell;
use std::rc::Rc;

use boa_engine::builtins::typed_array::TypedArrayKind;
use boa_engine::object::builtins::{JsArray, JsFunction, JsPromise, JsTypedArray};
use boa_engine::object::{FunctionObjectBuilder, ObjectInitializer};
use boa_engine::property::Attribute;
use boa_engine::{Context, JsBigInt, JsData, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, NativeFunction, js_string};
use boa_gc::{Finalize, Trace};

use crate::realm::console::{Level, Output};
use crate::realm::web::{ByteView, with_properties};
use crate::run::budget::Budget;

/// The program's `process.env`, kept with the realm so the host can change it between a
/// session's programs (staged inputs' manifest) whatever the program did with `process`.
#[derive(Trace, Finalize, JsData)]
struct ProcessEnv(JsObject);

/// Gives the realm a `process` whose `env` holds `env` (names to values), defined the first time
/// a program uses it.
pub fn define(context: &mut Context, env: &[(String, String)], output: Rc<RefCell<Output>>, budget: Rc<Budget>) -> JsResult<()> {
    let mut object = ObjectInitializer::new(context);
    for (name, value) in env {
        object.property(JsString::from(name.as_str()), JsString::from(value.as_str()), Attribute::all());
    }
    let env = object.build();
    context.realm().host_defined_mut().insert(ProcessEnv(env));
    crate::realm::define_on_first_use(context, &["process"], move |context| {
        let env = context.realm().host_defined().get::<ProcessEnv>().map(|env| env.0.clone()).ok_or_else(missing_env)?;
        let (output, budget) = (output.clone(), budget.clone());
        // SAFETY: the closures capture no garbage-collected values, only Rust data.
        let (write, exit) = unsafe {
            (
                NativeFunction::from_closure(move |_, args, context| write_chunk(&output, args, context)),
                NativeFunction::from_closure(move |_, args, context| Err(exit_with(&budget, args.first(), context)?)),
            )
        };
        let origin = context.clock().system_time_millis();
        let uptime = move |_: &JsValue, _: &[JsValue], context: &mut Context| {
            Ok(JsValue::from((context.clock().system_time_millis() - origin).max(0) as f64 / 1e3))
        };
        let natives = [
            function(context, write, "write", 2),
            function(context, exit, "exit", 1),
            function(context, NativeFunction::from_fn_ptr(next_tick), "nextTick", 1),
            function(context, NativeFunction::from_fn_ptr(hrtime), "hrtime", 1),
            function(context, NativeFunction::from_copy_closure(uptime), "uptime", 0),
        ];
        let hrtime_bigint = function(context, NativeFunction::from_fn_ptr(hrtime_bigint), "bigint", 0);
        natives[3].set(js_string!("bigint"), hrtime_bigint, false, context)?;
        let mut inputs = vec![JsValue::from(env)];
        inputs.extend(natives.into_iter().map(JsValue::from));
        let process = crate::realm::call_realm_script(context, "process.js", include_str!("js/process.js"), &inputs)?;
        crate::realm::web_global(context, "process", process)
    })
}

/// Sets `name` in the program's `process.env` (`None` removes it), whatever the program did with
/// `process`; nothing when the realm has none.
pub fn set_env(context: &mut Context, name: &str, value: Option<&str>) -> JsResult<()> {
    let Some(env) = context.realm().host_defined().get::<ProcessEnv>().map(|env| env.0.clone()) else { return Ok(()) };
    let key = JsString::from(name);
    match value {
        Some(value) => env.set(key, JsString::from(value), false, context).map(drop),
        None => env.delete_property_or_throw(key, context).map(drop),
    }
}

fn missing_env() -> JsError {
    JsNativeError::typ().with_message("the realm has no process environment").into()
}

fn function(context: &mut Context, native: NativeFunction, name: &str, length: usize) -> JsObject {
    FunctionObjectBuilder::new(context.realm(), native).name(JsString::from(name)).length(length).constructor(false).build().into()
}

/// `stdout.write(chunk)` (fd 1) and `stderr.write(chunk)` (fd 2): a string as it is, a Buffer or
/// Uint8Array as UTF-8 (as a terminal would show its bytes), anything else Node's TypeError.
fn write_chunk(output: &RefCell<Output>, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let level = if args.first().and_then(JsValue::as_number) == Some(2.0) { Level::Stderr } else { Level::Stdout };
    let chunk = args.get(1).cloned().unwrap_or_default();
    let text = if let Some(text) = chunk.as_string() {
        context.reserve_memory(text.len() * 3)?;
        text.to_std_string_lossy()
    } else if let Some(bytes) = uint8_bytes(&chunk, context)? {
        context.reserve_memory(bytes.len() * 2)?;
        String::from_utf8_lossy(&bytes).into_owned()
    } else {
        return Err(invalid_arg_type("chunk", "of type string or an instance of Buffer or Uint8Array", &chunk, context));
    };
    output.borrow_mut().write(level, text);
    Ok(JsValue::from(true))
}

/// The bytes a `Uint8Array` (a Buffer is one) shows; `None` for any other value.
fn uint8_bytes(value: &JsValue, context: &mut Context) -> JsResult<Option<Vec<u8>>> {
    let Some(object) = value.as_object() else { return Ok(None) };
    if JsTypedArray::from_object(object.clone()).ok().and_then(|array| array.kind()) != Some(TypedArrayKind::Uint8) {
        return Ok(None);
    }
    // A detached buffer shows no bytes.
    Ok(Some(ByteView::of(&object, context)?.map(|view| view.read(<[u8]>::to_vec)).unwrap_or_default()))
}

/// `process.exit(code)`: the code Node takes (an integer, or a string of one; `undefined` and
/// `null` are 0), then the program stops.
fn exit_with(budget: &Budget, code: Option<&JsValue>, context: &mut Context) -> JsResult<JsError> {
    let code = code.cloned().unwrap_or_default();
    let number = if code.is_null_or_undefined() {
        Some(0.0)
    } else if let Some(text) = code.as_string() {
        text.to_std_string_lossy().trim().parse::<f64>().ok()
    } else {
        code.as_number()
    };
    match number.filter(|n| n.fract() == 0.0 && n.abs() <= f64::from(i32::MAX)) {
        Some(number) => Ok(budget.exit(number as i32)),
        None => Err(invalid_arg_type("code", "of type number", &code, context)),
    }
}

/// `process.nextTick(callback, ...args)`: `callback(...args)` once the current task is done,
/// before timers (a microtask: the realm has no queue of its own ahead of promise jobs, as Node).
fn next_tick(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let callback = args.first().cloned().unwrap_or_default();
    let Some(callback) = callback.as_callable().and_then(|callback| JsFunction::from_object(callback.clone())) else {
        return Err(invalid_arg_type("callback", "of type function", &callback, context));
    };
    let rest: Vec<JsValue> = args.iter().skip(1).cloned().collect();
    let run = NativeFunction::from_copy_closure_with_captures(
        |_, _, (callback, rest): &(JsFunction, Vec<JsValue>), context| callback.call(&JsValue::undefined(), rest, context),
        (callback, rest),
    );
    let run = FunctionObjectBuilder::new(context.realm(), run).build();
    JsPromise::resolve(JsValue::undefined(), context)?.then(Some(run), None, context)?;
    Ok(JsValue::undefined())
}

/// Nanoseconds on the run's clock (millisecond resolution, as `performance.now()`).
fn clock_nanos(context: &mut Context) -> i128 {
    i128::from(context.clock().system_time_millis()) * 1_000_000
}

/// `process.hrtime(previous?)`: `[seconds, nanoseconds]`, since `previous` when given.
fn hrtime(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let mut nanos = clock_nanos(context);
    if let Some(previous) = args.first().filter(|previous| !previous.is_undefined()) {
        let array = previous.as_object().filter(|array| array.is_array());
        let Some(array) = array else {
            return Err(invalid_arg_type("time", "an instance of Array", previous, context));
        };
        let seconds = array.get(0, context)?.to_number(context)?;
        let rest = array.get(1, context)?.to_number(context)?;
        nanos -= (seconds * 1e9 + rest) as i128;
    }
    let parts = [JsValue::from((nanos / 1_000_000_000) as f64), JsValue::from((nanos % 1_000_000_000) as f64)];
    Ok(JsArray::from_iter(parts, context).into())
}

/// `process.hrtime.bigint()`: nanoseconds as a BigInt.
fn hrtime_bigint(_: &JsValue, _: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    Ok(JsBigInt::from(clock_nanos(context)).into())
}

/// Node's `ERR_INVALID_ARG_TYPE`: `The "name" argument must be <expected>. Received <value>`.
fn invalid_arg_type(name: &str, expected: &str, value: &JsValue, context: &mut Context) -> JsError {
    let message = format!("The \"{name}\" argument must be {expected}. Received {}", received(value));
    with_properties(JsNativeError::typ().with_message(message), &[("code", js_string!("ERR_INVALID_ARG_TYPE").into())], context)
}

/// How Node's argument errors describe what they got: `type number (5)`, `undefined`, `an
/// instance of Object`.
fn received(value: &JsValue) -> String {
    if value.is_null_or_undefined() {
        return value.display().to_string();
    }
    if let Some(object) = value.as_object() {
        if object.is_callable() {
            return "function".to_owned();
        }
        return "an instance of Object".to_owned();
    }
    let shown = match value.as_string() {
        Some(text) => {
            let text = text.to_std_string_lossy();
            let cut: String = text.chars().take(25).collect();
            if cut.len() < text.len() { format!("'{cut}...'") } else { format!("'{text}'") }
        }
        None => value.display().to_string(),
    };
    format!("type {} ({shown})", value.type_of())
}
