//! Patched (code-runtime-boa), new: `Intl.PluralRules` for English: cardinal `one` (an integer 1
//! shown without fraction digits) and `other`; ordinal `one` (1st, 21st), `two` (2nd), `few` (3rd)
//! and `other`. The number is first rounded by the digit options, as `Intl.NumberFormat` rounds it.

use super::Options;
use super::number::NumberFormat;
use crate::{Context, JsObject, JsResult, JsValue, js_string, object::JsArray};

const SERVICE: &str = "Intl.PluralRules";

#[derive(Debug, Clone)]
pub(crate) struct PluralRules {
    ordinal: bool,
    digits: NumberFormat,
}

impl PluralRules {
    /// InitializePluralRules.
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, super::english_only, context)?;
        let options = Options::object(options, SERVICE)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        let ordinal = options.string("type", &["cardinal", "ordinal"], context)? == Some("ordinal");
        let digits = NumberFormat::with_digit_options(locale, &options, context)?;
        Ok(Self { ordinal, digits })
    }

    pub(crate) fn select(&self, n: f64) -> &'static str {
        if !self.ordinal {
            return if self.digits.is_plural_one(n) { "one" } else { "other" };
        }
        let Some(integer) = self.digits.rounded_integer(n) else { return "other" };
        let last_two: u32 = integer[integer.len().saturating_sub(2)..].parse().unwrap_or(0);
        match (last_two % 10, last_two) {
            (1, 11) | (2, 12) | (3, 13) => "other",
            (1, _) => "one",
            (2, _) => "two",
            (3, _) => "few",
            _ => "other",
        }
    }

    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        object.create_data_property_or_throw(js_string!("locale"), self.digits.locale.clone(), context)?;
        let kind = if self.ordinal { "ordinal" } else { "cardinal" };
        object.create_data_property_or_throw(js_string!("type"), js_string!(kind), context)?;
        self.digits.resolved_digit_options(&object, context)?;
        let categories: &[&str] = if self.ordinal { &["few", "one", "two", "other"] } else { &["one", "other"] };
        let categories = JsArray::from_iter(categories.iter().map(|c| JsValue::from(js_string!(*c))), context);
        object.create_data_property_or_throw(js_string!("pluralCategories"), categories, context)?;
        Ok(object)
    }
}
