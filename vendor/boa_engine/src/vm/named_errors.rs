//! Patched (code-runtime-boa), new: TypeErrors that name what failed, in V8's wording
//! (`tools.search is not a function`, `Cannot read properties of undefined (reading 'name')`,
//! `settings.items is not iterable`). Upstream said `not a callable function`, `cannot convert
//! 'null' or 'undefined' to object` and ``value with type `object` is not iterable``; a program's
//! author (often a model) fixes the program from this text. Everything here runs only once an
//! instruction has failed, so running programs pay nothing for it.

use crate::{Context, JsError, JsNativeError, JsValue, JsVariant, property::PropertyKey};

impl Context {
    /// `"<expression> <problem>"`, the expression as the program wrote it where the compiler
    /// recorded one for the current instruction, else a short description of `value`.
    #[cold]
    #[inline(never)]
    pub(crate) fn expression_type_error(&self, value: &JsValue, problem: &str) -> JsError {
        let frame = self.vm.frame();
        let subject = frame
            .code_block()
            .source_info
            .expression_text(frame.pc)
            .unwrap_or_else(|| describe(value));
        JsNativeError::typ()
            .with_message(format!("{subject} {problem}"))
            .into()
    }

    /// The error of a call whose callee turned out not to be callable, or the call's own error.
    #[cold]
    #[inline(never)]
    pub(crate) fn call_error(&self, callee: &JsValue, error: JsError) -> JsError {
        match callee.as_object() {
            Some(object) if object.is_callable() => error,
            _ => self.expression_type_error(callee, "is not a function"),
        }
    }

    /// The error of a `new` whose target turned out not to be a constructor, or its own error.
    #[cold]
    #[inline(never)]
    pub(crate) fn construct_error(&self, target: &JsValue, error: JsError) -> JsError {
        match target.as_object() {
            Some(object) if object.is_constructor() => error,
            _ => self.expression_type_error(target, "is not a constructor"),
        }
    }

    /// The error of an iteration over `value`: named when `value` has no iterator.
    #[cold]
    #[inline(never)]
    pub(crate) fn iteration_error(&self, value: &JsValue, error: JsError) -> JsError {
        let not_iterable = value.is_null_or_undefined()
            || error
                .as_native()
                .is_some_and(|native| native.message().ends_with("is not iterable"));
        if not_iterable {
            self.expression_type_error(value, "is not iterable")
        } else {
            error
        }
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

/// A value as V8 names one it cannot call or iterate without source text to quote.
fn describe(value: &JsValue) -> String {
    match value.variant() {
        JsVariant::String(string) => format!("\"{}\"", string.to_std_string_escaped()),
        JsVariant::Object(_) | JsVariant::Symbol(_) => value.type_of().to_owned(),
        _ => value.display().to_string(),
    }
}
