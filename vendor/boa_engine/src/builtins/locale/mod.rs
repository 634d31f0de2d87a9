//! Patched (code-runtime-boa), new: the realm's `Intl` without ICU, for English as the US writes
//! it. Numbers (`number.rs`), dates (`date.rs`), collation (`collation.rs`), plural rules
//! (`plural.rs`), relative times (`relative_time.rs`) and lists (`list.rs`) are formatted with
//! en-US's CLDR data as Node 20's ICU has it, and `intl.rs` builds the `Intl` namespace over
//! them. `Number.prototype.toLocaleString`, `String.prototype.localeCompare` and `Date`'s
//! `toLocale*String` use the same code, so a program sees one behaviour whichever it calls.
//! Everything else is refused with an error naming the option or the locale: a program never
//! gets a silently different result. The `intl` feature (ICU) stays off: vendor/README.md,
//! "Intl", says why.

pub(crate) mod collation;
pub(crate) mod date;
pub mod intl;
pub(crate) mod list;
pub(crate) mod number;
pub(crate) mod plural;
pub(crate) mod relative_time;
pub(crate) mod segmenter;

use crate::{Context, JsError, JsNativeError, JsObject, JsResult, JsString, JsValue, js_string};

/// The one locale the subset formats for, as `resolvedOptions().locale` gives it when the
/// program asked for none.
pub(crate) const DEFAULT_LOCALE: &str = "en-US";

/// The locale a constructor resolves `locales` to: `en-US` when none is asked for, else the first
/// requested one, which must be `en` or `en-US` (`accept` may allow more, as collation does: its
/// root order is the same for several languages). Any other locale is a RangeError rather than
/// en-US output the program did not ask for.
pub(crate) fn resolve_locale(locales: &JsValue, service: &str, accept: fn(&str) -> bool, context: &mut Context) -> JsResult<JsString> {
    let requested = requested_locales(locales, context)?;
    let Some(first) = requested.first() else {
        return Ok(js_string!(DEFAULT_LOCALE));
    };
    if is_english(first) || accept(first) {
        return Ok(js_string!(canonical_tag(first)));
    }
    Err(JsNativeError::range()
        .with_message(format!(
            "{service}: locale '{first}' is not supported: this realm's Intl formats English as the US writes it, without ICU; pass 'en-US' or undefined"
        ))
        .into())
}

/// `supportedLocalesOf(locales)`: those of `locales` the subset formats for.
pub(crate) fn supported_locales(locales: &JsValue, accept: fn(&str) -> bool, context: &mut Context) -> JsResult<Vec<String>> {
    Ok(requested_locales(locales, context)?
        .into_iter()
        .filter(|tag| is_english(tag) || accept(tag))
        .map(|tag| canonical_tag(&tag))
        .collect())
}

/// For services that only accept English.
pub(crate) fn english_only(_: &str) -> bool {
    false
}

fn is_english(tag: &str) -> bool {
    tag.eq_ignore_ascii_case("en") || tag.eq_ignore_ascii_case("en-US")
}

/// `en-us` as `en-US`: a language in lowercase, a region in uppercase.
fn canonical_tag(tag: &str) -> String {
    let mut subtags = tag.split('-');
    let mut canonical = subtags.next().unwrap_or_default().to_ascii_lowercase();
    for subtag in subtags {
        canonical.push('-');
        if subtag.len() == 2 {
            canonical.push_str(&subtag.to_ascii_uppercase());
        } else {
            canonical.push_str(&subtag.to_ascii_lowercase());
        }
    }
    canonical
}

/// CanonicalizeLocaleList, as far as the subset needs it: the requested tags, each checked to
/// be a well-formed language tag (V8's RangeError otherwise).
fn requested_locales(locales: &JsValue, context: &mut Context) -> JsResult<Vec<String>> {
    if locales.is_undefined() {
        return Ok(Vec::new());
    }
    let tags = if let Some(tag) = locales.as_string() {
        vec![tag.to_std_string_escaped()]
    } else {
        let list = locales.to_object(context)?;
        let length = list.length_of_array_like(context)?;
        let mut tags = Vec::new();
        for index in 0..length {
            context.count_steps(1)?;
            if !list.has_property(index, context)? {
                continue;
            }
            let tag = list.get(index, context)?;
            if !tag.is_string() && !tag.is_object() {
                return Err(JsNativeError::typ().with_message("Language ID should be string or object.").into());
            }
            tags.push(tag.to_string(context)?.to_std_string_escaped());
        }
        tags
    };
    for tag in &tags {
        if !is_well_formed_tag(tag) {
            return Err(JsNativeError::range().with_message("Incorrect locale information provided").into());
        }
    }
    Ok(tags)
}

/// A Unicode BCP 47 locale identifier's shape: a 2-3 or 5-8 letter language, then
/// alphanumeric subtags of 1-8 characters.
fn is_well_formed_tag(tag: &str) -> bool {
    let mut subtags = tag.split('-');
    let language = subtags.next().unwrap_or_default();
    matches!(language.len(), 2 | 3 | 5..=8)
        && language.bytes().all(|b| b.is_ascii_alphabetic())
        && subtags.all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// The options argument of a constructor, read as ECMA-402 reads it, with V8's messages.
pub(crate) struct Options {
    object: Option<JsObject>,
    service: &'static str,
}

impl Options {
    /// CoerceOptionsToObject (NumberFormat, DateTimeFormat, Collator): `undefined` is no
    /// options, a primitive is boxed.
    pub(crate) fn coerce(options: &JsValue, service: &'static str, context: &mut Context) -> JsResult<Self> {
        let object = if options.is_undefined() {
            None
        } else if options.is_null() {
            return Err(JsNativeError::typ().with_message("Cannot convert undefined or null to object").into());
        } else {
            Some(options.to_object(context)?)
        };
        Ok(Self { object, service })
    }

    /// GetOptionsObject (PluralRules, RelativeTimeFormat, ListFormat): only `undefined` or an
    /// object.
    pub(crate) fn object(options: &JsValue, service: &'static str) -> JsResult<Self> {
        match options.as_object() {
            Some(object) => Ok(Self { object: Some(object.clone()), service }),
            None if options.is_undefined() => Ok(Self { object: None, service }),
            None => Err(JsNativeError::typ().with_message("Options must be an object").into()),
        }
    }

    pub(crate) fn get(&self, name: &str, context: &mut Context) -> JsResult<JsValue> {
        match &self.object {
            Some(object) => object.get(js_string!(name), context),
            None => Ok(JsValue::undefined()),
        }
    }

    /// GetOption with a list of values: the one given (as the list's `&'static str`), `None`
    /// when absent.
    pub(crate) fn string(&self, name: &'static str, values: &[&'static str], context: &mut Context) -> JsResult<Option<&'static str>> {
        let value = self.get(name, context)?;
        if value.is_undefined() {
            return Ok(None);
        }
        let text = value.to_string(context)?.to_std_string_escaped();
        match values.iter().find(|allowed| **allowed == text) {
            Some(allowed) => Ok(Some(allowed)),
            None => Err(self.out_of_range(name, &text)),
        }
    }

    /// GetOption of a free-form string.
    pub(crate) fn text(&self, name: &str, context: &mut Context) -> JsResult<Option<String>> {
        let value = self.get(name, context)?;
        if value.is_undefined() {
            return Ok(None);
        }
        Ok(Some(value.to_string(context)?.to_std_string_escaped()))
    }

    pub(crate) fn boolean(&self, name: &str, context: &mut Context) -> JsResult<Option<bool>> {
        let value = self.get(name, context)?;
        Ok((!value.is_undefined()).then(|| value.to_boolean()))
    }

    /// GetNumberOption: an integer in `minimum..=maximum`, `None` when absent.
    pub(crate) fn number(&self, name: &str, minimum: u32, maximum: u32, context: &mut Context) -> JsResult<Option<u32>> {
        let value = self.get(name, context)?;
        default_number(value, name, minimum, maximum, context)
    }

    /// V8's RangeError for a value outside an option's list.
    pub(crate) fn out_of_range(&self, name: &str, value: &str) -> JsError {
        JsNativeError::range().with_message(format!("Value {value} out of range for {} options property {name}", self.service)).into()
    }

    /// `numberingSystem`, which may only name the digits the realm writes.
    pub(crate) fn latin_digits(&self, context: &mut Context) -> JsResult<()> {
        match self.text("numberingSystem", context)? {
            Some(system) if system != "latn" => Err(self.unsupported("numberingSystem", &system, "use 'latn' (the only digits it writes)")),
            _ => Ok(()),
        }
    }

    /// A value Node accepts that this realm does not format: refused, naming the option and
    /// what to do `instead`.
    pub(crate) fn unsupported(&self, name: &str, value: &str, instead: &str) -> JsError {
        JsNativeError::range()
            .with_message(format!(
                "{}: {name} '{value}' is not supported by this realm's Intl (an en-US subset without ICU); {instead}",
                self.service
            ))
            .into()
    }
}

/// DefaultNumberOption: `value` (already read) as an integer in `minimum..=maximum`.
pub(crate) fn default_number(value: JsValue, name: &str, minimum: u32, maximum: u32, context: &mut Context) -> JsResult<Option<u32>> {
    if value.is_undefined() {
        return Ok(None);
    }
    let number = value.to_number(context)?;
    if number.is_nan() || number < f64::from(minimum) || number > f64::from(maximum) {
        return Err(JsNativeError::range().with_message(format!("{name} value is out of range.")).into());
    }
    Ok(Some(number.floor() as u32))
}
