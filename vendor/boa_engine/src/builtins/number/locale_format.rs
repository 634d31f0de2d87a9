//! Patched (code-runtime-boa), new: `Number.prototype.toLocaleString` without the `intl`
//! feature, as en-US formats numbers: grouped digits (`1,234,567.891`), at most 3 fraction
//! digits by default, `minimumFractionDigits`/`maximumFractionDigits`, `useGrouping`, and the
//! styles `percent` and `currency` (`$`, `€`, `£`, `¥`, else the ISO code). The locale argument
//! is not consulted: every locale formats as en-US. Upstream returned `String(x)`.

use crate::{Context, JsNativeError, JsResult, JsValue, js_string};

/// What the options ask for, with en-US's defaults for the style filled in.
struct Format {
    style: Style,
    minimum_fraction_digits: usize,
    maximum_fraction_digits: usize,
    grouping: bool,
}

enum Style {
    Decimal,
    Percent,
    Currency(String),
}

/// `x` formatted as `options` (the second argument of `toLocaleString`) ask.
pub(crate) fn format_number(x: f64, options: &JsValue, context: &mut Context) -> JsResult<String> {
    let format = read_options(options, context)?;
    let x = match format.style {
        Style::Percent => x * 100.0,
        _ => x,
    };
    if x.is_nan() {
        return Ok("NaN".to_owned());
    }
    let magnitude = if x.is_infinite() {
        "∞".to_owned()
    } else {
        digits(x.abs(), &format)
    };
    let sign = if x.is_sign_negative() { "-" } else { "" };
    Ok(match &format.style {
        Style::Decimal => format!("{sign}{magnitude}"),
        Style::Percent => format!("{sign}{magnitude}%"),
        Style::Currency(code) => match currency_symbol(code) {
            Some(symbol) => format!("{sign}{symbol}{magnitude}"),
            None => format!("{sign}{code}\u{a0}{magnitude}"),
        },
    })
}

fn read_options(options: &JsValue, context: &mut Context) -> JsResult<Format> {
    let Some(options) = options.as_object() else {
        if options.is_undefined() {
            return Ok(Format {
                style: Style::Decimal,
                minimum_fraction_digits: 0,
                maximum_fraction_digits: 3,
                grouping: true,
            });
        }
        return Err(JsNativeError::typ()
            .with_message("toLocaleString: options must be an object")
            .into());
    };
    let text = |name: &'static str, context: &mut Context| -> JsResult<Option<String>> {
        let value = options.get(js_string!(name), context)?;
        if value.is_undefined() {
            return Ok(None);
        }
        Ok(Some(value.to_string(context)?.to_std_string_escaped()))
    };
    let style = match text("style", context)?.as_deref() {
        None | Some("decimal") => Style::Decimal,
        Some("percent") => Style::Percent,
        Some("currency") => {
            let Some(code) = text("currency", context)? else {
                return Err(JsNativeError::typ()
                    .with_message("Currency code is required with currency style.")
                    .into());
            };
            if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Err(JsNativeError::range()
                    .with_message(format!("Invalid currency code : {code}"))
                    .into());
            }
            Style::Currency(code.to_ascii_uppercase())
        }
        Some(other) => {
            return Err(JsNativeError::range()
                .with_message(format!("Value {other} out of range for Intl.NumberFormat options property style"))
                .into());
        }
    };
    let (default_minimum, default_maximum) = match &style {
        Style::Decimal => (0, 3),
        Style::Percent => (0, 0),
        Style::Currency(code) if code == "JPY" || code == "KRW" => (0, 0),
        Style::Currency(_) => (2, 2),
    };
    let digits_option = |name: &'static str, context: &mut Context| -> JsResult<Option<usize>> {
        let value = options.get(js_string!(name), context)?;
        if value.is_undefined() {
            return Ok(None);
        }
        let number = value.to_number(context)?;
        if !(0.0..=100.0).contains(&number) {
            return Err(JsNativeError::range()
                .with_message(format!("{name} value is out of range."))
                .into());
        }
        Ok(Some(number.floor() as usize))
    };
    let minimum = digits_option("minimumFractionDigits", context)?;
    let maximum = digits_option("maximumFractionDigits", context)?;
    let (minimum_fraction_digits, maximum_fraction_digits) = match (minimum, maximum) {
        (Some(minimum), Some(maximum)) if minimum > maximum => {
            return Err(JsNativeError::range()
                .with_message("maximumFractionDigits value is out of range.")
                .into());
        }
        (Some(minimum), Some(maximum)) => (minimum, maximum),
        (Some(minimum), None) => (minimum, minimum.max(default_maximum)),
        (None, Some(maximum)) => (default_minimum.min(maximum), maximum),
        (None, None) => (default_minimum, default_maximum),
    };
    let grouping = options.get(js_string!("useGrouping"), context)?;
    let grouping = grouping.is_undefined() || grouping.to_boolean();
    Ok(Format {
        style,
        minimum_fraction_digits,
        maximum_fraction_digits,
        grouping,
    })
}

/// The digits of a finite, non-negative `x`, rounded half away from zero on its shortest
/// decimal form (as ICU does, so `1.005` with two digits is `1.01`).
fn digits(x: f64, format: &Format) -> String {
    // Rust's `Display` for f64 is the shortest round-trip form, never in exponent notation.
    let shortest = x.to_string();
    let (integer, fraction) = shortest.split_once('.').unwrap_or((&shortest, ""));
    let mut integer: Vec<u8> = integer.bytes().collect();
    let mut fraction: Vec<u8> = fraction.bytes().collect();
    if fraction.len() > format.maximum_fraction_digits {
        let round_up = fraction[format.maximum_fraction_digits] >= b'5';
        fraction.truncate(format.maximum_fraction_digits);
        if round_up {
            let carried_out = increment(&mut fraction);
            if carried_out && increment(&mut integer) {
                integer.insert(0, b'1');
            }
        }
    }
    while fraction.len() > format.minimum_fraction_digits && fraction.last() == Some(&b'0') {
        fraction.pop();
    }
    fraction.resize(fraction.len().max(format.minimum_fraction_digits), b'0');

    let mut out = String::with_capacity(integer.len() * 4 / 3 + fraction.len() + 1);
    for (at, digit) in integer.iter().enumerate() {
        if format.grouping && at > 0 && (integer.len() - at) % 3 == 0 {
            out.push(',');
        }
        out.push(char::from(*digit));
    }
    if !fraction.is_empty() {
        out.push('.');
        out.extend(fraction.iter().map(|&digit| char::from(digit)));
    }
    out
}

/// Adds one to a run of decimal digits; whether it carried out of the first.
fn increment(digits: &mut [u8]) -> bool {
    for digit in digits.iter_mut().rev() {
        if *digit == b'9' {
            *digit = b'0';
        } else {
            *digit += 1;
            return false;
        }
    }
    true
}

fn currency_symbol(code: &str) -> Option<&'static str> {
    Some(match code {
        "USD" => "$",
        "EUR" => "€",
        "GBP" => "£",
        "JPY" => "¥",
        "INR" => "₹",
        "CAD" => "CA$",
        "AUD" => "A$",
        "CNY" => "CN¥",
        _ => return None,
    })
}
