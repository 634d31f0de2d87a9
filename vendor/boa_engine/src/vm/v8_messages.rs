//! Patched (code-runtime-boa), new: the engine's own errors in V8's words, for those built in
//! more than one place: bindings read or written where they have no value, failed property
//! writes, deletes and definitions, and values as V8's messages print them. A program's author
//! (often a model) reads these and fixes the program from them, with V8's wording in mind.
//! Everything here runs only once an operation has failed.

use boa_ast::scope::{BindingLocator, BindingLocatorScope};

use crate::{
    Context, JsError, JsNativeError, JsObject, JsString, JsValue, JsVariant,
    builtins::{Array, Date, Proxy, RegExp, error::Error, function::OrdinaryFunction},
    environments::Environment,
    js_string,
    object::internal_methods::InternalMethodPropertyContext,
    property::PropertyKey,
    symbol::JsSymbol,
};

/// `Cannot access 'x' before initialization`: a binding read or written in its temporal dead
/// zone.
pub(crate) fn uninitialized_binding_message(name: &str) -> String {
    format!("Cannot access '{name}' before initialization")
}

impl Context {
    /// The `ReferenceError` of a binding without a value where it is read or written: `x is not
    /// defined` if nothing declares it, V8's temporal dead zone message if a declaration has not
    /// run yet.
    #[cold]
    #[inline(never)]
    pub(crate) fn binding_error(&self, locator: &BindingLocator) -> JsError {
        let name = locator.name().to_std_string_escaped();
        let declared = match locator.scope() {
            BindingLocatorScope::GlobalObject => false,
            BindingLocatorScope::GlobalDeclarative => true,
            BindingLocatorScope::Stack(index) => {
                matches!(self.environment_expect(index), Environment::Declarative(_))
            }
        };
        let message = if declared {
            uninitialized_binding_message(&name)
        } else {
            format!("{name} is not defined")
        };
        JsNativeError::reference().with_message(message).into()
    }
}

/// A value as V8's messages print it, without running any of the program's code: a primitive
/// as `String()` gives it, a function as its source text, an error as `Name: message`, an object
/// whose `toString` is `Object.prototype.toString` as `#<Constructor>`, any other as
/// `[object Tag]`.
pub fn no_side_effects_string(value: &JsValue, context: &Context) -> String {
    let Some(object) = value.as_object() else {
        return match value.variant() {
            JsVariant::String(string) => string.to_std_string_escaped(),
            JsVariant::Symbol(symbol) => symbol.descriptive_string().to_std_string_escaped(),
            JsVariant::BigInt(bigint) => bigint.to_string(),
            JsVariant::Float64(n) => super::number_to_string(n),
            _ => value.display().to_string(),
        };
    };
    // Data properties only, read from the objects' storage: no getter or trap runs.
    let data = |holder: &JsObject, key: PropertyKey| {
        holder
            .get_property(&key)
            .and_then(|property| property.value().cloned())
    };
    let text = |holder: &JsObject, key: &str| {
        data(holder, js_string!(key).into())
            .and_then(|value| value.as_string().map(|s| s.to_std_string_escaped()))
    };
    if object.is::<Proxy>() {
        return "#<Object>".to_owned();
    }
    if object.is_callable() {
        return function_source(&object, text(&object, "name"));
    }
    if object.is::<Error>() {
        let name = text(&object, "name").unwrap_or_else(|| "Error".to_owned());
        return match text(&object, "message") {
            Some(message) if !message.is_empty() => format!("{name}: {message}"),
            _ => name,
        };
    }
    let to_string = || PropertyKey::from(js_string!("toString"));
    let object_prototype = context.intrinsics().constructors().object().prototype();
    let object_to_string = data(&object_prototype, to_string());
    if object_to_string.is_some() && data(&object, to_string()) == object_to_string {
        if let Some(name) = named_constructor(&object) {
            return format!("#<{name}>");
        }
    }
    let tag = data(&object, JsSymbol::to_string_tag().into())
        .and_then(|tag| tag.as_string().map(|tag| tag.to_std_string_escaped()));
    format!(
        "[object {}]",
        tag.unwrap_or_else(|| builtin_tag(&object).to_owned())
    )
}

/// The name of the function an object's `constructor` data property holds, if it has one.
fn named_constructor(object: &JsObject) -> Option<String> {
    let constructor = object
        .get_property(&js_string!("constructor").into())?
        .value()?
        .as_object()
        .filter(JsObject::is_callable)?;
    let name = constructor
        .get_property(&js_string!("name").into())?
        .value()?
        .as_string()?
        .to_std_string_escaped();
    (!name.is_empty()).then_some(name)
}

/// The constructor's name V8 gives an object in messages (`object with constructor 'Foo'`):
/// its `constructor`'s name, or `Object`.
pub(crate) fn constructor_name(object: &JsObject) -> String {
    if object.is::<Proxy>() {
        return "Object".to_owned();
    }
    named_constructor(object).unwrap_or_else(|| "Object".to_owned())
}

/// A function's source text, or `function name() { [native code] }` where there is none.
fn function_source(function: &JsObject, name: Option<String>) -> String {
    let source = function
        .downcast_ref::<OrdinaryFunction>()
        .and_then(|function| {
            let code = function.codeblock();
            code.source_info()
                .text_spanned()
                .to_code_points()
                .map(|points| JsString::from(points).to_std_string_escaped())
        });
    source.unwrap_or_else(|| {
        format!(
            "function {}() {{ [native code] }}",
            name.unwrap_or_default()
        )
    })
}

/// The tag `Object.prototype.toString` gives an object of a built-in kind.
fn builtin_tag(object: &JsObject) -> &'static str {
    if object.is::<Array>() {
        "Array"
    } else if object.is::<Date>() {
        "Date"
    } else if object.is::<RegExp>() {
        "RegExp"
    } else if object.is::<JsString>() {
        "String"
    } else if object.is::<f64>() {
        "Number"
    } else if object.is::<bool>() {
        "Boolean"
    } else {
        "Object"
    }
}

/// The `TypeError` of a `[[Set]]` that returned `false` where it must throw (`o.a = 1` in strict
/// code), in V8's words for why: a read-only property, a getter without a setter, an object
/// that takes no new properties, a primitive that cannot hold one, or a Proxy's `set` trap.
#[cold]
#[inline(never)]
pub(crate) fn failed_set_error(
    object: &JsObject,
    receiver: &JsValue,
    key: &PropertyKey,
    context: &mut Context,
) -> JsError {
    let holder = |context: &mut Context| match receiver.as_object() {
        Some(_) => format!("object '{}'", no_side_effects_string(receiver, context)),
        None => format!(
            "{} '{}'",
            receiver.type_of(),
            no_side_effects_string(receiver, context)
        ),
    };
    let mut current = Some(object.clone());
    while let Some(object) = current {
        if object.is::<Proxy>() {
            return type_error(format!(
                "'set' on proxy: trap returned falsish for property '{key}'"
            ));
        }
        let own =
            object.__get_own_property__(key, &mut InternalMethodPropertyContext::new(context));
        match own {
            Err(error) => return error,
            Ok(Some(property)) if property.is_accessor_descriptor() => {
                return type_error(format!(
                    "Cannot set property {key} of {} which has only a getter",
                    no_side_effects_string(receiver, context)
                ));
            }
            Ok(Some(_)) => {
                let holder = holder(context);
                return type_error(format!(
                    "Cannot assign to read only property '{key}' of {holder}"
                ));
            }
            Ok(None) => {}
        }
        current = match object.__get_prototype_of__(context) {
            Ok(prototype) => prototype,
            Err(error) => return error,
        };
    }
    if receiver.is_object() {
        type_error(format!(
            "Cannot add property {key}, object is not extensible"
        ))
    } else {
        let holder = holder(context);
        type_error(format!("Cannot create property '{key}' on {holder}"))
    }
}

/// The `TypeError` of a `[[Delete]]` that returned `false` where it must throw.
#[cold]
#[inline(never)]
pub(crate) fn failed_delete_error(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut Context,
) -> JsError {
    if object.is::<Proxy>() {
        return type_error(format!(
            "'deleteProperty' on proxy: trap returned falsish for property '{key}'"
        ));
    }
    let object = no_side_effects_string(&object.clone().into(), context);
    type_error(format!("Cannot delete property '{key}' of {object}"))
}

/// The `TypeError` of a `[[DefineOwnProperty]]` that returned `false` where it must throw
/// (`Object.defineProperty`).
#[cold]
#[inline(never)]
pub(crate) fn failed_define_error(
    object: &JsObject,
    key: &PropertyKey,
    context: &mut Context,
) -> JsError {
    if object.is::<Proxy>() {
        return type_error(format!(
            "'defineProperty' on proxy: trap returned falsish for property '{key}'"
        ));
    }
    let own = object.__get_own_property__(key, &mut InternalMethodPropertyContext::new(context));
    match own {
        Err(error) => error,
        Ok(None) => type_error(format!(
            "Cannot define property {key}, object is not extensible"
        )),
        Ok(Some(_)) => type_error(format!("Cannot redefine property: {key}")),
    }
}

fn type_error(message: String) -> JsError {
    JsNativeError::typ().with_message(message).into()
}
