//! Patched (code-runtime-boa), new: `Intl.ListFormat` for English: `a, b, and c` (conjunction), `a,
//! b, or c` (disjunction), `a, b, c` (unit), in long, short (`a, b, & c`) and narrow (`a, b, c`;
//! unit `a b c`) style.

use super::Options;
use crate::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.ListFormat";
const TYPES: [&str; 3] = ["conjunction", "disjunction", "unit"];
const STYLES: [&str; 3] = ["long", "short", "narrow"];

#[derive(Debug, Clone)]
pub(crate) struct ListFormat {
    locale: JsString,
    kind: &'static str,
    style: &'static str,
}

impl ListFormat {
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, super::english_only, context)?;
        let options = Options::object(options, SERVICE)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        let kind = options.string("type", &TYPES, context)?.unwrap_or("conjunction");
        let style = options.string("style", &STYLES, context)?.unwrap_or("long");
        Ok(Self { locale, kind, style })
    }

    /// The elements and the literals between them.
    pub(crate) fn parts(&self, list: &[JsString]) -> Vec<(&'static str, JsString)> {
        // What goes between two elements, and between the last two (of two, then of more).
        let (between, last_of_two, last) = match (self.kind, self.style) {
            ("conjunction", "long") => (", ", " and ", ", and "),
            ("conjunction", "short") => (", ", " & ", ", & "),
            ("disjunction", _) => (", ", " or ", ", or "),
            ("unit", "narrow") => (" ", " ", " "),
            _ => (", ", ", ", ", "),
        };
        let mut parts = Vec::with_capacity(list.len() * 2);
        for (index, element) in list.iter().enumerate() {
            if index > 0 {
                let literal = match (index + 1 == list.len(), list.len()) {
                    (true, 2) => last_of_two,
                    (true, _) => last,
                    (false, _) => between,
                };
                parts.push(("literal", js_string!(literal)));
            }
            parts.push(("element", element.clone()));
        }
        parts
    }

    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        object.create_data_property_or_throw(js_string!("locale"), self.locale.clone(), context)?;
        object.create_data_property_or_throw(js_string!("type"), js_string!(self.kind), context)?;
        object.create_data_property_or_throw(js_string!("style"), js_string!(self.style), context)?;
        Ok(object)
    }
}

/// StringListFromIterable: the strings of an iterable (`undefined` is none).
pub(crate) fn string_list(iterable: &JsValue, context: &mut Context) -> JsResult<Vec<JsString>> {
    if iterable.is_undefined() {
        return Ok(Vec::new());
    }
    let mut iterator = iterable.get_iterator(crate::builtins::iterable::IteratorHint::Sync, context)?;
    let mut list = Vec::new();
    while let Some(value) = iterator.step_value(context)? {
        context.count_steps(1)?;
        let Some(text) = value.as_string() else {
            let shown = if value.is_object() {
                "#<Object>".to_owned()
            } else if value.is_symbol() {
                "a Symbol".to_owned()
            } else {
                value.to_string(context)?.to_std_string_escaped()
            };
            let error = JsNativeError::typ().with_message(format!("Iterable yielded {shown} which is not a string"));
            iterator.close(Err(error.clone().into()), context)?;
            return Err(error.into());
        };
        list.push(text.clone());
    }
    Ok(list)
}
