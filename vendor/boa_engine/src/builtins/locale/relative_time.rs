//! Patched (code-runtime-boa), new: `Intl.RelativeTimeFormat` for English: `in 3 days`, `2 hr.
//! ago`, `in 1y`, and with `numeric: 'auto'` the phrases `yesterday`, `next month`, `now`. The
//! number is formatted as `Intl.NumberFormat` formats it (`in 1,000.5 days`).

use super::Options;
use super::number::{NumberFormat, Part};
use crate::{Context, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

const SERVICE: &str = "Intl.RelativeTimeFormat";
const STYLES: [&str; 3] = ["long", "short", "narrow"];
const UNITS: [&str; 8] = ["year", "quarter", "month", "week", "day", "hour", "minute", "second"];

/// Per unit: the long names (one, other), the short names (one, other), the narrow suffix.
const NAMES: [(&str, &str, &str, &str, &str); 8] = [
    ("year", "years", "yr.", "yr.", "y"),
    ("quarter", "quarters", "qtr.", "qtrs.", "q"),
    ("month", "months", "mo.", "mo.", "mo"),
    ("week", "weeks", "wk.", "wk.", "w"),
    ("day", "days", "day", "days", "d"),
    ("hour", "hours", "hr.", "hr.", "h"),
    ("minute", "minutes", "min.", "min.", "m"),
    ("second", "seconds", "sec.", "sec.", "s"),
];

#[derive(Debug, Clone)]
pub(crate) struct RelativeTimeFormat {
    style: &'static str,
    auto: bool,
    number: NumberFormat,
}

impl RelativeTimeFormat {
    pub(crate) fn new(locales: &JsValue, options: &JsValue, context: &mut Context) -> JsResult<Self> {
        let locale = super::resolve_locale(locales, SERVICE, super::english_only, context)?;
        let options = Options::object(options, SERVICE)?;
        options.string("localeMatcher", &["lookup", "best fit"], context)?;
        options.latin_digits(context)?;
        let style = options.string("style", &STYLES, context)?.unwrap_or("long");
        let auto = options.string("numeric", &["always", "auto"], context)? == Some("auto");
        let number = NumberFormat::new(&JsValue::from(locale), &JsValue::undefined(), context)?;
        Ok(Self { style, auto, number })
    }

    /// `format(value, unit)` as parts (literals around the number's parts); `method` names the
    /// caller in errors.
    pub(crate) fn parts(&self, value: &JsValue, unit: &JsValue, method: &str, context: &mut Context) -> JsResult<Vec<Part>> {
        let value = value.to_number(context)?;
        let unit_text = unit.to_string(context)?.to_std_string_escaped();
        if !value.is_finite() {
            return Err(JsNativeError::range()
                .with_message(format!("Value need to be finite number for Intl.RelativeTimeFormat.prototype.{method}()"))
                .into());
        }
        let unit = UNITS.iter().position(|u| unit_text == *u || unit_text.strip_suffix('s') == Some(u)).ok_or_else(|| {
            JsNativeError::range()
                .with_message(format!("Invalid unit argument for Intl.RelativeTimeFormat.prototype.{method}() '{unit_text}'"))
        })?;
        let past = value < 0.0 || (value == 0.0 && value.is_sign_negative());
        let number = self.number.parts_of_f64(value.abs());
        if self.auto {
            // The words stand for -1, 0 and 1 as the number rounds (`0.0001` days is today).
            let offset = match super::number::join(&number).as_str() {
                "0" => Some(1),
                "1" if past => Some(0),
                "1" => Some(2),
                _ => None,
            };
            if let Some(phrase) = offset.and_then(|offset| self.phrase(unit, offset)) {
                return Ok(vec![("literal", phrase.to_owned())]);
            }
        }
        let one = self.number.is_plural_one(value.abs());
        let (long_one, long_other, short_one, short_other, narrow) = NAMES[unit];
        let name = match self.style {
            "long" => format!(" {}", if one { long_one } else { long_other }),
            "short" => format!(" {}", if one { short_one } else { short_other }),
            _ => narrow.to_owned(),
        };
        let mut parts = Vec::with_capacity(number.len() + 2);
        if past {
            parts.extend(number);
            parts.push(("literal", format!("{name} ago")));
        } else {
            parts.push(("literal", "in ".to_owned()));
            parts.extend(number);
            parts.push(("literal", name));
        }
        Ok(parts)
    }

    /// `numeric: 'auto'`'s words for -1, 0 and 1 (`offset` 0, 1, 2) of a unit, where en has them.
    fn phrase(&self, unit: usize, offset: usize) -> Option<&'static str> {
        let short = self.style != "long";
        let phrases: [&str; 3] = match (UNITS[unit], short) {
            ("year", false) => ["last year", "this year", "next year"],
            ("year", true) => ["last yr.", "this yr.", "next yr."],
            ("quarter", false) => ["last quarter", "this quarter", "next quarter"],
            ("quarter", true) => ["last qtr.", "this qtr.", "next qtr."],
            ("month", false) => ["last month", "this month", "next month"],
            ("month", true) => ["last mo.", "this mo.", "next mo."],
            ("week", false) => ["last week", "this week", "next week"],
            ("week", true) => ["last wk.", "this wk.", "next wk."],
            ("day", _) => ["yesterday", "today", "tomorrow"],
            ("hour", _) => ["", "this hour", ""],
            ("minute", _) => ["", "this minute", ""],
            _ => ["", "now", ""],
        };
        Some(phrases[offset]).filter(|phrase| !phrase.is_empty())
    }

    pub(crate) fn resolved_options(&self, context: &mut Context) -> JsResult<JsObject> {
        let object = JsObject::with_object_proto(context.intrinsics());
        let properties: [(&str, JsString); 4] = [
            ("locale", self.number.locale.clone()),
            ("style", js_string!(self.style)),
            ("numeric", js_string!(if self.auto { "auto" } else { "always" })),
            ("numberingSystem", js_string!("latn")),
        ];
        for (name, value) in properties {
            object.create_data_property_or_throw(js_string!(name), value, context)?;
        }
        Ok(object)
    }
}
