//! Patched (code-runtime-boa), new: TypeErrors that name what failed, in V8's wording
//! (`tools.search is not a function`, `a.b(...).c is not a function`, `Cannot read properties
//! of undefined (reading 'name')`, `settings.items is not iterable`, `Cannot destructure property
//! 'data' of 'res' as it is undefined.`). Upstream said `not a callable function`, `cannot
//! convert 'null' or 'undefined' to object`, ``value with type `object` is not iterable`` and
//! `Cannot destructure 'undefined' value`; a program's author (often a model) fixes the program
//! from this text. The compiler records what each call, iteration and destructuring is about
//! (`ExpressionSite`, printed by `bytecompiler::call_printer`); everything here runs only once an
//! instruction has failed, so running programs pay nothing for it.

use crate::{
    Context, JsError, JsNativeError, JsObject, JsSymbol, JsValue, JsVariant,
    builtins::iterable::IteratorHint,
    js_string,
    property::PropertyKey,
    vm::no_side_effects_string,
};

/// What an instruction that may fail is about, as V8 names it, recorded by the compiler.
#[derive(Debug, Clone)]
pub(crate) enum ExpressionSite {
    /// A call's callee or a `new` expression's target: `o.f`.
    Callee(Box<str>),
    /// The callee of a call whose result `for-of` or an array spread iterates (asynchronously if
    /// `r#async`): V8 says `o.f is not a function or its return value is not iterable`.
    IteratedCallee { callee: Box<str>, r#async: bool },
    /// An iterated expression (`for-of`, array spread, array destructuring): `o.items`.
    Iterable(Box<str>),
    /// An iterated call (`for (const x of o.f())`), named by its callee: `o.f`.
    IterableCall(Box<str>),
    /// The last argument of a call, spread: `...o.args`.
    SpreadArgument(Box<str>),
    /// An object destructured: the expression it came from, if V8 names one, and the pattern's
    /// first literal key.
    Destructured {
        source: Option<Box<str>>,
        key: Option<Box<str>>,
    },
    /// An object pattern inside another pattern, and its first literal key.
    NestedPattern { key: Option<Box<str>> },
}

impl Context {
    /// The site recorded for the instruction that just failed in the current frame.
    fn failed_site(&self) -> Option<ExpressionSite> {
        let frame = self.vm.frame();
        frame.code_block().source_info.expression_site(frame.pc)
    }

    /// The error of a call whose callee turned out not to be callable, or the call's own error.
    #[cold]
    #[inline(never)]
    pub(crate) fn call_error(&self, callee: &JsValue, error: JsError) -> JsError {
        match callee.as_object() {
            Some(object) if object.is_callable() => error,
            _ => self.named_error(callee, "is not a function"),
        }
    }

    /// The error of a `new` whose target turned out not to be a constructor, or its own error.
    #[cold]
    #[inline(never)]
    pub(crate) fn construct_error(&self, target: &JsValue, error: JsError) -> JsError {
        match target.as_object() {
            Some(object) if object.is_constructor() => error,
            _ => self.named_error(target, "is not a constructor"),
        }
    }

    /// `"<callee> <problem>"`, the callee as V8 prints it where the compiler recorded one.
    fn named_error(&self, value: &JsValue, problem: &str) -> JsError {
        let message = match self.failed_site() {
            Some(ExpressionSite::Callee(callee)) => format!("{callee} {problem}"),
            Some(ExpressionSite::IteratedCallee { callee, r#async }) => {
                let iterable = if r#async {
                    "async iterable"
                } else {
                    "iterable"
                };
                format!("{callee} {problem} or its return value is not {iterable}")
            }
            _ => format!("{} {problem}", describe(value)),
        };
        JsNativeError::typ().with_message(message).into()
    }

    /// The error of an iteration over `value`: as V8 words it for the site when `value` has no
    /// iterator, else the iteration's own error.
    #[cold]
    #[inline(never)]
    pub(crate) fn iteration_error(
        &self,
        value: &JsValue,
        error: JsError,
        hint: IteratorHint,
    ) -> JsError {
        let not_iterable = error
            .as_native()
            .is_some_and(|native| native.message() == not_iterable_message(value, hint));
        if !not_iterable {
            return error;
        }
        let iterable = match hint {
            IteratorHint::Sync => "iterable",
            // V8 reads the async iterator of `null` or `undefined` as a property.
            IteratorHint::Async if value.is_null_or_undefined() => {
                return cannot_read_properties(value, &JsSymbol::async_iterator().into());
            }
            IteratorHint::Async => "async iterable",
        };
        let message = match self.failed_site() {
            Some(ExpressionSite::Iterable(text)) => format!("{text} is not {iterable}"),
            Some(ExpressionSite::IterableCall(callee)) => {
                format!("{callee} is not a function or its return value is not {iterable}")
            }
            Some(ExpressionSite::SpreadArgument(text)) if value.is_null_or_undefined() => {
                format!(
                    "{text} is not iterable (cannot read property {})",
                    value.display()
                )
            }
            Some(ExpressionSite::SpreadArgument(_)) => {
                "Spread syntax requires ...iterable[Symbol.iterator] to be a function".to_owned()
            }
            _ => return error,
        };
        JsNativeError::typ().with_message(message).into()
    }

    /// `Super constructor null of B is not a constructor`: `super()` in class `B` whose parent
    /// is `super_constructor`, a function named by its name (`null` if it has none, as
    /// `Function.prototype`, the parent of `class B extends null`) or another value.
    #[cold]
    #[inline(never)]
    pub(crate) fn super_constructor_error(&self, super_constructor: &JsValue) -> JsError {
        let name = |function: &JsObject| {
            function
                .get_property(&js_string!("name").into())
                .and_then(|name| {
                    name.value()?
                        .as_string()
                        .map(|name| name.to_std_string_escaped())
                })
                .filter(|name| !name.is_empty())
        };
        let parent = match super_constructor.as_object() {
            Some(function) if function.is_callable() => {
                name(&function).unwrap_or_else(|| "null".to_owned())
            }
            _ => no_side_effects_string(super_constructor, self),
        };
        let frame = self.vm.frame();
        let class = frame
            .environments
            .get_this_environment(frame.realm.environment())
            .as_function()
            .and_then(|environment| name(environment.slots().function_object()))
            .unwrap_or_else(|| "anonymous class".to_owned());
        JsNativeError::typ()
            .with_message(format!(
                "Super constructor {parent} of {class} is not a constructor"
            ))
            .into()
    }

    /// The error of destructuring `null` or `undefined` (`value`) with an object pattern.
    #[cold]
    #[inline(never)]
    pub(crate) fn destructuring_error(&self, value: &JsValue) -> JsError {
        let is = value.display().to_string();
        let message = match self.failed_site() {
            Some(ExpressionSite::Destructured { source, key }) => {
                let source = source.map_or_else(|| is.clone(), str::into_string);
                match key {
                    Some(key) => {
                        format!("Cannot destructure property '{key}' of '{source}' as it is {is}.")
                    }
                    None => format!("Cannot destructure '{source}' as it is {is}."),
                }
            }
            Some(ExpressionSite::NestedPattern { key: Some(key) }) => {
                format!("Cannot read properties of {is} (reading '{key}')")
            }
            _ => format!("Cannot destructure '{is}' as it is {is}."),
        };
        JsNativeError::typ().with_message(message).into()
    }
}

/// The message of `GetIterator` on a value without an iterator, as V8's built-ins word it
/// (`number 5 is not iterable (cannot read property Symbol(Symbol.iterator))`); the compiled
/// sites of the language's own iterations replace it with a named one (`Context::iteration_error`).
pub(crate) fn not_iterable_message(value: &JsValue, hint: IteratorHint) -> String {
    let site = default_call_site(value);
    match hint {
        IteratorHint::Sync => {
            format!("{site} is not iterable (cannot read property Symbol(Symbol.iterator))")
        }
        IteratorHint::Async => format!("{site} is not async iterable"),
    }
}

/// A value as V8 describes it where it names no expression: its type, and its value if it is a
/// string, a number, a boolean or `null` (`number 5`, `string "a"`, `object null`, `object`).
pub(crate) fn default_call_site(value: &JsValue) -> String {
    let type_of = value.type_of();
    match value.variant() {
        JsVariant::String(string) => format!("{type_of} \"{}\"", string.to_std_string_escaped()),
        JsVariant::Null => "object null".to_owned(),
        JsVariant::Boolean(b) => format!("{type_of} {b}"),
        JsVariant::Integer32(n) => format!("{type_of} {n}"),
        JsVariant::Float64(n) => format!("{type_of} {}", number_to_string(n)),
        _ => type_of.to_owned(),
    }
}

/// `TypeError: <value> is not a function`, as V8's built-ins word it for a callback that is not
/// one (`[1].map(undefined)`: `undefined is not a function`).
#[cold]
#[inline(never)]
pub(crate) fn not_a_function(value: &JsValue, context: &Context) -> JsNativeError {
    JsNativeError::typ().with_message(format!(
        "{} is not a function",
        no_side_effects_string(value, context)
    ))
}

/// ECMAScript's `Number::toString` (`-0` is `0`).
pub(crate) fn number_to_string(n: f64) -> String {
    if n == 0.0 {
        "0".to_owned()
    } else {
        ryu_js::Buffer::new().format(n).to_owned()
    }
}

/// `Cannot read properties of undefined (reading 'name')`: V8's error for a property read on
/// `null` or `undefined`.
#[cold]
#[inline(never)]
pub(crate) fn cannot_read_properties(base: &JsValue, key: &PropertyKey) -> JsError {
    JsNativeError::typ()
        .with_message(format!(
            "Cannot read properties of {} (reading '{}')",
            base.display(),
            key
        ))
        .into()
}

/// `Cannot set properties of undefined (setting 'name')`.
#[cold]
#[inline(never)]
pub(crate) fn cannot_set_properties(base: &JsValue, key: &PropertyKey) -> JsError {
    JsNativeError::typ()
        .with_message(format!(
            "Cannot set properties of {} (setting '{}')",
            base.display(),
            key
        ))
        .into()
}

/// A value as V8 names one it cannot call without source text to quote.
fn describe(value: &JsValue) -> String {
    match value.variant() {
        JsVariant::String(string) => format!("\"{}\"", string.to_std_string_escaped()),
        JsVariant::Object(_) | JsVariant::Symbol(_) => value.type_of().to_owned(),
        _ => value.display().to_string(),
    }
}
