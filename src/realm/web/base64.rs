//! `atob` and `btoa`, the HTML Standard's base64 utility methods: `atob` decodes with the Infra
//! Standard's forgiving-base64 (ASCII whitespace anywhere, padding optional, the bits after the
//! last whole byte dropped), `btoa` encodes each code unit of a string as a byte. What they refuse
//! is a `DOMException` named `InvalidCharacterError`, with Node's messages.

use boa_engine::{Context, JsError, JsResult, JsStr, JsString, JsValue, NativeFunction, js_string};

use super::{dom_exception, missing_argument};

/// Defines the globals `atob` and `btoa`.
pub fn register(context: &mut Context) -> JsResult<()> {
    context.register_global_builtin_callable(js_string!("atob"), 1, NativeFunction::from_fn_ptr(atob))?;
    context.register_global_builtin_callable(js_string!("btoa"), 1, NativeFunction::from_fn_ptr(btoa))
}

/// The digits of base64 (`+` and `/`, padded with `=`) or of base64url (`-` and `_`, unpadded).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Alphabet {
    Standard,
    Url,
}

/// `bytes` in base64 digits of `alphabet`.
pub fn encode(bytes: impl Iterator<Item = u8>, alphabet: Alphabet) -> Vec<u8> {
    let (digits, padding): (&[u8; 64], Option<u8>) = match alphabet {
        Alphabet::Standard => (b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", Some(b'=')),
        Alphabet::Url => (b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", None),
    };
    let mut text = Vec::with_capacity(bytes.size_hint().0.div_ceil(3) * 4);
    let mut bytes = bytes;
    while let Some(first) = bytes.next() {
        let (second, third) = (bytes.next(), bytes.next());
        let group = (u32::from(first) << 16) | (u32::from(second.unwrap_or(0)) << 8) | u32::from(third.unwrap_or(0));
        let digit = |shift: u32| digits[(group >> shift & 0x3F) as usize];
        text.push(digit(18));
        text.push(digit(12));
        for (present, shift) in [(second.is_some(), 6), (third.is_some(), 0)] {
            if present {
                text.push(digit(shift));
            } else if let Some(padding) = padding {
                text.push(padding);
            }
        }
    }
    text
}

/// The value of a base64 digit, if `unit` is one.
pub fn digit_value(unit: u16) -> Option<u8> {
    match unit {
        0x41..=0x5A => Some((unit - 0x41) as u8),
        0x61..=0x7A => Some((unit - 0x61 + 26) as u8),
        0x30..=0x39 => Some((unit - 0x30 + 52) as u8),
        0x2B => Some(62),
        0x2F => Some(63),
        _ => None,
    }
}

fn is_ascii_whitespace(unit: u16) -> bool {
    matches!(unit, 0x09 | 0x0A | 0x0C | 0x0D | 0x20)
}

fn invalid_character(context: &mut Context) -> JsError {
    dom_exception("InvalidCharacterError", "Invalid character", context)
}

/// The string argument of `name` (`atob(data)`), converted as a DOMString.
fn string_argument(args: &[JsValue], name: &str, context: &mut Context) -> JsResult<JsString> {
    match args.first() {
        Some(value) => value.to_string(context),
        None => Err(missing_argument(&format!("{name}: the string to convert"), &format!("{name}(string)"))),
    }
}

fn atob(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = string_argument(args, "atob", context)?;
    let digits = match checked_digits(data.as_str()) {
        Ok(digits) => digits,
        Err(Refusal::InvalidCharacter) => return Err(invalid_character(context)),
        Err(Refusal::Length) => {
            return Err(dom_exception("InvalidCharacterError", "The string to be decoded is not correctly encoded.", context));
        }
    };
    let length = digits * 3 / 4;
    // The bytes, then the string made of them.
    context.reserve_memory(2 * length)?;
    let mut bytes = Vec::with_capacity(length);
    let (mut bits, mut count) = (0u32, 0u32);
    for value in data.as_str().iter().filter_map(digit_value) {
        bits = (bits << 6) | u32::from(value);
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    Ok(JsString::from(JsStr::latin1(&bytes)).into())
}

enum Refusal {
    InvalidCharacter,
    Length,
}

/// How many base64 digits `data` holds, once its ASCII whitespace and up to two `=` of padding
/// (only where they make a multiple of four) are set aside; refused when anything else is in it
/// or a digit is left over on its own.
fn checked_digits(data: JsStr<'_>) -> Result<usize, Refusal> {
    let (mut digits, mut padding) = (0usize, 0usize);
    for unit in data.iter().filter(|&unit| !is_ascii_whitespace(unit)) {
        if unit == u16::from(b'=') {
            padding += 1;
        } else if padding > 0 || digit_value(unit).is_none() {
            return Err(Refusal::InvalidCharacter);
        } else {
            digits += 1;
        }
    }
    if padding > 0 && (padding > 2 || (digits + padding) % 4 != 0) {
        return Err(Refusal::InvalidCharacter);
    }
    if digits % 4 == 1 {
        return Err(Refusal::Length);
    }
    Ok(digits)
}

fn btoa(_: &JsValue, args: &[JsValue], context: &mut Context) -> JsResult<JsValue> {
    let data = string_argument(args, "btoa", context)?;
    let data = data.as_str();
    if data.iter().any(|unit| unit > 0xFF) {
        return Err(invalid_character(context));
    }
    let length = data.len().div_ceil(3) * 4;
    // The text, then the string made of it.
    context.reserve_memory(2 * length)?;
    let text = encode(data.iter().map(|unit| unit as u8), Alphabet::Standard);
    Ok(JsString::from(JsStr::latin1(&text)).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits(text: &str) -> Result<usize, &'static str> {
        let units: Vec<u16> = text.encode_utf16().collect();
        checked_digits(JsStr::utf16(&units)).map_err(|refusal| match refusal {
            Refusal::InvalidCharacter => "invalid character",
            Refusal::Length => "length",
        })
    }

    #[test]
    fn forgiving_base64_sets_aside_whitespace_and_padding() {
        assert_eq!(digits(" Y W I = "), Ok(3));
        assert_eq!(digits("YQ=="), Ok(2));
        assert_eq!(digits("YQ"), Ok(2));
        assert_eq!(digits(""), Ok(0));
    }

    #[test]
    fn forgiving_base64_refuses_what_the_standard_refuses() {
        assert_eq!(digits("YQ="), Err("invalid character"));
        assert_eq!(digits("Y==="), Err("invalid character"));
        assert_eq!(digits("YQ==a"), Err("invalid character"));
        assert_eq!(digits("Y\u{e9}"), Err("invalid character"));
        assert_eq!(digits("YWJjZ"), Err("length"));
    }
}
